"""Screenshots of the Sequence Numbers table (``tools/screenshots.py --game
sequence-numbers``): a selected card's lit spaces, Minus, a completed sequence,
the couch privacy screen and a couch turn, the results."""

from __future__ import annotations

from client.launch import start_table
from client.shots import ShotWaitError, frames, wait
from client.tables import staging
from client.tables.sequence_numbers import faces


def _ready(table) -> bool:
    return table.deciding()


def take(app, shot, seed: int) -> None:
    """Drive tables through :func:`client.launch.start_table` and call ``shot(name)``."""
    from engine import get_bot

    # One player and three bots (two teams): play with a bot's choices, stopping to
    # shoot the moments worth looking at.
    table = start_table(
        app, "sequence-numbers", ["human", "bot:normal", "bot:normal", "bot:normal"], seed
    )
    wait(app, lambda: _ready(table), "the Sequence Numbers table's first turn")
    hand = table.hand()
    first = next(
        (i for i, f in enumerate(hand) if f not in ("plus", "minus") and table.targets_for(f)),
        None,
    )
    if first is None:
        raise ShotWaitError(f"a number card with a free space in the first hand ({hand})")
    table.select(first)
    frames(app, 0.1)
    shot("selected.png")
    table.select(first)  # unselect
    helper = get_bot("sequence-numbers", "normal", seed)
    wanted = {"minus.png", "plus.png", "dead.png", "sequence.png"}
    for _ in range(200):
        wait(
            app,
            lambda: _ready(table) or table.board.get("over"),
            "the Sequence Numbers player's next turn",
        )
        b = table.board
        if b.get("over"):
            break
        if any(b["sequences"]):
            pick = next((i for i, f in enumerate(b["hand"]) if table.targets_for(f)), None)
            table.select(pick)
            frames(app, 0.1)
            shot("sequence.png")
            wanted.discard("sequence.png")
            break
        for name, face in (("minus.png", "minus"), ("plus.png", "plus")):
            if name in wanted and face in b["hand"] and table.targets_for(face):
                table.select(b["hand"].index(face))
                frames(app, 0.1)
                shot(name)
                wanted.discard(name)
                table.select(None)
        if "dead.png" in wanted and b.get("dead") and not b.get("dead_used"):
            frames(app, 0.1)
            shot("dead.png")
            wanted.discard("dead.png")
        staging.helper_step(table, helper)
    if "sequence.png" in wanted:
        raise ShotWaitError("a completed sequence at the Sequence Numbers table")
    if "dead.png" in wanted:
        wait(app, lambda: _ready(table), "a Sequence Numbers turn to stage a dead card on")
        # No dead card came up: stage one on the board and the legal list (shot only,
        # nothing sent) to look at the DEAD mark, the grey outlines and the trade-in
        # button.
        b = table.board
        face = next(f for f in b["hand"] if f not in ("plus", "minus"))
        chips = b.own("chips")
        for r, row in enumerate(b["board"]):
            for c, n in enumerate(row):
                if n == faces.answer_of(face) and chips[r][c] is None:
                    chips[r][c] = 1 - b["colour"]
        b["dead"] = [face]
        legal = [a for a in table.seat.legal if a.get("card") != face]
        table.seat.mirror.legal = [{"type": "dead", "card": face}] + legal
        b["dead_used"] = False
        table.selected = None
        table.select(b["hand"].index(face))
        app.frame(1 / 30, [])
        shot("dead.png")
    table.session.close()

    # Couch: two teams of two on one screen; the privacy screen, then a turn.
    seats = ["human", "bot:normal", "human", "bot:normal"]
    names = ["Ana", "Bot 2 (normal)", "Ben", "Bot 4 (normal)"]
    staging.couch(app, shot, "sequence-numbers", seats, seed, names).session.close()
    # Results: two bots, sped up.
    staging.results(app, shot, "sequence-numbers", ["bot:normal", "bot:hard"], seed)
