"""Screenshots of The Game's table (``tools/screenshots.py --game the-game``): a
selected card's lit piles, a backwards trick, pile signals, the declare-blocked
prompt, a solo game, the couch privacy screen and a couch turn, the results."""

from __future__ import annotations

from client.launch import start_table
from client.shots import ShotWaitError, frames, until, wait
from client.tables import staging


def _ready(table) -> bool:
    return table.deciding() or bool(table.board and table.board.get("over"))


_helper_step = staging.helper_step


def _trick_card(table):
    for c in table.board.get("hand", []):
        if any(table.is_trick(c, p) for p in table.piles_for(c)):
            return c
    return None


def take(app, shot, seed: int) -> None:
    """Drive tables through :func:`client.launch.start_table` and call ``shot(name)``."""
    from engine import get_bot

    helper = get_bot("the-game", "normal", seed)

    # One player with two bot team-mates.
    table = start_table(app, "the-game", ["human", "bot:normal", "bot:hard"], seed)
    table.session.set_bot_delay(0.0)
    wanted = {"selected.png", "trick.png", "signals.png", "blocked.png"}
    for _ in range(400):
        wait(app, lambda: _ready(table), "The Game player's next turn (or the end)")
        if table.board.get("over"):
            break
        b = table.board
        partial = [c for c in b["hand"] if 0 < len(table.piles_for(c)) < 4]
        if "selected.png" in wanted and b["turns"] > 3 and partial and _trick_card(table) is None:
            table.select(max(partial, key=lambda c: len(table.piles_for(c))))
            frames(app, 0.1)
            shot("selected.png")
            table.select(None)
            wanted.discard("selected.png")
        if "trick.png" in wanted and _trick_card(table) is not None:
            table.select(_trick_card(table))
            frames(app, 0.1)
            shot("trick.png")
            table.select(None)
            wanted.discard("trick.png")
        marks = sum(1 for name in b["signals"] for v in b["signals"][name] if v)
        if "signals.png" in wanted and marks >= 3 and b["played"] == 0:
            frames(app, 0.1)
            shot("signals.png")
            wanted.discard("signals.png")
        if "blocked.png" in wanted and b.get("blocked"):
            frames(app, 0.1)
            shot("blocked.png")
            wanted.discard("blocked.png")
        if not wanted:
            break
        _helper_step(table, helper)
    missing = wanted - {"blocked.png"}  # (a blocked game may come at the solo table)
    if "signals.png" in missing:  # the README's picture
        raise ShotWaitError("three pile signals at The Game's table")
    table.session.close()

    # Solo (no team-mates): played by the helper to the block, then the results.
    solo = start_table(app, "the-game", ["human"], seed)
    wait(app, lambda: _ready(solo), "The Game's solo table")
    frames(app, 0.1)
    shot("solo.png")
    for _ in range(400):
        wait(app, lambda: _ready(solo), "The Game's solo player's next turn (or the end)")
        if solo.board.get("over"):
            break
        if solo.board.get("blocked"):
            if "blocked.png" in wanted:
                frames(app, 0.1)
                shot("blocked.png")
            break
        _helper_step(solo, helper)
    wait(app, lambda: staging.at_results(app), "the results of The Game's solo table", 120)
    frames(app, 0.3)
    shot("solo-results.png")
    app.scene.session.close()

    # Couch: two players and a bot on one screen; the privacy screen, then a turn.
    names = ["Ana", "Bot 2 (normal)", "Ben"]
    couch = staging.couch(
        app,
        shot,
        "the-game",
        ["human", "bot:normal", "human"],
        seed,
        names,
        options={"start": 0},
        bot_delay=60.0,  # the bot thinks: the public view shows
    )
    for _ in range(20):  # Ana plays her turn; the table shows the public view
        _helper_step(couch, helper)
        until(app, lambda: couch.deciding() or couch.me is None, 10)
        if couch.me is None:
            break
    wait(
        app,
        lambda: couch.me is None and couch.timeline.idle,
        "The Game's couch table showing the public view",
        30,
    )
    frames(app, 0.1)
    shot("couch-public.png")
    couch.session.close()
    # Results: three bots, sped up.
    staging.results(app, shot, "the-game", ["bot:normal", "bot:hard", "bot:normal"], seed)
