"""Screenshots of Teamplay's table (``tools/screenshots.py --game teamplay``): the
set-up keep-or-swap choice, a selection completing a mission, a mission's description
on hover, a gift to the partner and one received, the hand-limit discard, the
final-round banner, a five-player table (two missions each), the couch privacy screen
and a couch turn, the results."""

from __future__ import annotations

import pygame

from client.launch import start_table
from client.shots import ShotWaitError, frames, until, wait
from client.tables import staging
from client.tables.teamplay import layout


def _ready(table) -> bool:
    return table.deciding() or bool(table.board and table.board.get("over"))


def _helper_step(table, helper) -> bool:
    """Let a bot choose the shown seat's action and send it through the seat
    (:func:`client.tables.staging.helper_step`: False when the seat had none)."""
    table.selected = []
    return staging.helper_step(table, helper)


def _completable(table):
    """(mission key, cards) of a completion of one of the shown seat's missions."""
    for key in table.my_places():
        opts = table.options_for(key)
        if opts:
            return key, opts[0]
    return None


def _key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def take(app, shot, seed: int) -> None:
    """Drive tables through :func:`client.launch.start_table` and call ``shot(name)``."""
    from engine import get_bot

    helper = get_bot("teamplay", "normal", seed)
    table = start_table(app, "teamplay", ["human", "bot:normal", "bot:normal", "bot:normal"], seed)
    table.session.set_bot_delay(0.0)
    wait(app, lambda: _ready(table), "the Teamplay set-up choice")
    frames(app, 0.1)
    shot("setup.png")
    wanted = ["selection.png", "hover.png", "gift.png", "final-round.png"]
    done: set[str] = set()
    for _ in range(600):
        wait(app, lambda: _ready(table), "the Teamplay player's next turn (or the end)")
        if table.board.get("over"):
            break
        b = table.board
        mode = table.mode()
        found = _completable(table) if mode == "play" else None
        if "selection.png" in wanted and found:
            key, cs = found
            table.selected = list(cs)
            table.focus = None
            frames(app, 0.1)
            shot("selection.png")
            wanted.remove("selection.png")
            table.handle_event(_key(pygame.K_c))  # complete it: a new mission comes
            if until(app, lambda: table.mode() == "fresh", 10):
                frames(app, 0.1)
                shot("new-mission.png")
            continue
        if "hover.png" in wanted and mode == "play" and b["turn"] >= 4:
            key = (table.me, 0)
            pos = table_mission_center(table, key)
            app.frame(
                1 / 30,
                [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))],
            )
            frames(app, 0.1)
            shot("hover.png")
            app.frame(
                1 / 30,
                [
                    pygame.event.Event(
                        pygame.MOUSEMOTION, pos=(5, 700), rel=(0, 0), buttons=(0, 0, 0)
                    )
                ],
            )
            wanted.remove("hover.png")
        if (
            "gift.png" in wanted
            and mode == "play"
            and table.can_give()
            and b["turn"] >= 8
            and len(b["hand"]) >= 2
        ):
            table.selected = list(b["hand"][:2])
            table.handle_event(_key(pygame.K_g))
            wait(app, lambda: bool(table.timeline.flights()), "the Teamplay gift's flight", 30)
            frames(app, 0.25)
            shot("gift.png")
            wanted.remove("gift.png")
            continue
        if "gift-received.png" not in done and table.gift_cards and mode == "play":
            frames(app, 0.1)
            shot("gift-received.png")
            done.add("gift-received.png")
        if "final-round.png" in wanted and b.get("end_announced"):
            frames(app, 0.1)
            shot("final-round.png")
            wanted.remove("final-round.png")
        if mode == "discard" and "discard.png" not in done:
            table.selected = list(b["hand"][: b["must_discard"]])
            frames(app, 0.1)
            shot("discard.png")
            done.add("discard.png")
        _helper_step(table, helper)
    if "selection.png" in wanted:  # the README's picture
        raise ShotWaitError("a Teamplay selection that completes a mission")
    table.timeline.speed = 20
    wait(app, lambda: staging.at_results(app), "the results of the Teamplay game", 300)
    frames(app, 0.3)
    shot("results.png")
    app.scene.session.close()

    # Five players: everybody alone with two missions.
    five = start_table(app, "teamplay", ["human"] + ["bot:normal"] * 4, seed)
    five.session.set_bot_delay(0.0)
    wait(app, lambda: _ready(five), "the five-player Teamplay table")
    for _ in range(12):
        if not _helper_step(five, helper):
            break
    five.focus = (2, 1)
    frames(app, 0.1)
    shot("five.png")
    five.session.close()

    # Couch: two players and two bots on one screen.
    seats = ["human", "bot:normal", "human", "bot:normal"]
    names = ["Ana", "Bot 2 (normal)", "Ben", "Bot 4 (normal)"]
    staging.couch(app, shot, "teamplay", seats, seed, names).session.close()


def table_mission_center(table, key):
    return layout.mission_rect(table, key).center
