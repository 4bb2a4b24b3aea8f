"""Screenshots of the Guandan table for people to look at (``tools/screenshots.py``):
the full hand (sorted by rank, and by combinations), the hint, a table mid-trick, the
last trick reviewed, the reading chooser, tribute and return, a deal's
result (level change), the couch privacy screen, the match end and results."""

from __future__ import annotations

import time

from client.shots import YIELD, ShotWaitError, frames, wait
from client.tables import staging


def _groups(legal: list[dict]) -> dict:
    out: dict = {}
    for a in legal:
        if a["type"] == "play":
            out.setdefault(tuple(a["cards"]), []).append(a)
    return out


def _reading_seed() -> int:
    """A seed whose first deal you lead with a bomb that also reads as a full house."""
    from engine.guandan import GAME
    from engine.guandan import combos

    for seed in range(1, 400):
        state = GAME.setup(4, seed, None)
        if state.turn != 0:
            continue
        groups = _groups(combos.plays(state.hands[0], state.level))
        if any({"bomb", "full-house"} <= {a["combo"] for a in v} for v in groups.values()):
            return seed
    return 1


def _autoplay(table, bot) -> bool:
    """Let a bot make the shown seat's decision (if one is due); True if it did."""
    if not table.timeline.idle or table.my_decision() is None:
        return False
    seat = table.seat
    if not seat.send(bot.choose(seat.view, seat.legal)):
        return False
    table.hand.selected.clear()
    return True


def take(app, shot, seed: int) -> None:
    """Drive tables through ``client.launch.start_table`` and call ``shot(name)``."""
    import engine
    from client.launch import start_table

    # The reading chooser: a deal you lead holding cards with two readings (this
    # seed search reads engine states: tooling, not the table).
    rseed = _reading_seed()
    table = start_table(app, "guandan", ["human", "bot", "bot", "bot"], rseed)
    wait(
        app,
        lambda: table.my_decision() == "play" and table.timeline.idle,
        "the Guandan lead with two readings",
    )
    multi = [v for v in _groups(table.seat.legal).values() if len(v) > 1]
    multi.sort(key=lambda v: "bomb" not in {a["combo"] for a in v})
    if multi:
        table.hand.selected = set(multi[0][0]["cards"])
        table.reading_i = 1
        frames(app, 0.1)
        shot("readings.png")
    table.session.close()

    table = start_table(app, "guandan", ["human", "bot", "bot", "bot"], seed)
    wait(
        app,
        lambda: table.my_decision() == "play" and table.timeline.idle,
        "the Guandan player's first play",
    )
    frames(app, 0.1)
    shot("hand.png")
    table.hand.sort("combos")
    frames(app, 0.1)
    shot("combos.png")
    table.hand.sort("rank")
    table.do_hint()  # the normal bot's play, worked out off the frame loop
    wait(app, lambda: not table.hint_wanted, "the Guandan hint", 60)
    frames(app, 0.1)
    shot("hint.png")
    table.clear_selection()
    bot = engine.get_bot("guandan", "normal", seed)
    # Play on (a bot choosing for you) until a selection has two readings.
    got_table = False
    for _ in range(400):
        wait(
            app,
            lambda: table.my_decision() is not None and table.timeline.idle,
            "the Guandan player's next decision",
        )
        if table.my_decision() == "play":
            if not got_table and len(table.board["trick"]) >= 2:
                frames(app, 0.05)
                shot("table.png")
                got_table = True
        if got_table and table.last_trick and table.timeline.idle:
            table.review = True  # the last trick (L)
            frames(app, 0.05)
            shot("review.png")
            table.review = False
            break
        _autoplay(table, bot)
    else:
        raise ShotWaitError("a Guandan trick of two plays and a last trick to review")
    # On to the end of the deal: the result panel, then tribute and return.
    table.timeline.speed = 6
    table.session.set_bot_delay(0.05)
    seen: set[str] = set()
    deadline = time.monotonic() + 600  # real seconds: the bots play on the real clock
    n = 0
    while True:
        n += 1
        if n > 20000 and time.monotonic() > deadline:
            raise ShotWaitError("the end of a Guandan deal (its result, tribute and return)")
        app.frame(1 / 30, [])
        time.sleep(YIELD)
        cur = table.timeline.current
        label = cur.label if cur is not None else ""
        if label in ("deal-end", "tribute", "return") and label not in seen:
            frames(app, 0.25 if label == "deal-end" else 0.12)
            shot(f"{label}.png")
            seen.add(label)
        if table.timeline.idle and table.my_decision() == "return" and "choose" not in seen:
            table.hand.selected = {next(iter(table.choosable()))}
            frames(app, 0.05)
            shot("return-choice.png")
            seen.add("choose")
        if (
            {"deal-end", "tribute"} <= seen
            and table.board.get("phase") == "play"
            and table.timeline.idle
        ):
            break
        _autoplay(table, bot)
    table.session.close()

    seats, names = ["human", "bot", "human", "bot"], ["Ana", "Bot 2", "Ben", "Bot 4"]
    couch = start_table(app, "guandan", seats, seed, names=names)
    wait(app, lambda: couch.privacy_for is not None, "the Guandan couch privacy screen")
    frames(app, 0.1)
    shot("privacy.png")
    couch.session.close()

    bots = start_table(app, "guandan", ["bot", "bot", "bot", "bot"], seed)
    bots.timeline.speed = 60
    bots.session.set_bot_delay(0.0)
    wait(app, lambda: bots.match_panel is not None, "the end of a bots-only Guandan match", 3000)
    frames(app, 0.02)
    shot("match-end.png")
    wait(app, lambda: staging.at_results(app), "the results of the Guandan match", 600)
    frames(app, 0.3)
    shot("results.png")
    app.scene.session.close()
