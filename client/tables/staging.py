"""Moments every table's screenshots stage the same way (``<game>/shots.py``): a couch
table's privacy screen and the first turn behind it, a bots-only game played fast to
its results, a helper bot playing the shown seat through its table."""

from __future__ import annotations

import pygame

from client.launch import start_table
from client.shots import frames, until, wait


def enter_key() -> pygame.event.Event:
    """A press of Enter (passes the privacy screen)."""
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)


def helper_step(table, helper, limit: float = 30.0) -> bool:
    """Let ``helper`` (an engine bot) choose the shown seat's action and send it
    through the seat, as a click would, once that seat may decide
    (``table.deciding()``, waited for up to ``limit`` simulated seconds: the bots play
    in their own threads, slower on a busy machine); then a few frames. False,
    sending nothing, when the seat had no decision by then (the game is over, or
    another seat is still to play)."""
    if not until(table.app, table.deciding, limit):
        return False
    seat = table.seat
    seat.send(helper.choose(seat.view, seat.legal))
    frames(table.app, 0.05)
    return True


def couch(app, shot, game_id: str, seats: list[str], seed: int, names: list[str], **kw):
    """A couch table: privacy.png (pass the screen), then couch-turn.png (the first
    local player's turn behind it). Returns the table, still open. ``kw`` go to
    :func:`client.launch.start_table`; ``bot_delay`` (seconds) slows its bots."""
    delay = kw.pop("bot_delay", None)
    table = start_table(app, game_id, seats, seed, names=names, **kw)
    if delay is not None:
        table.session.set_bot_delay(delay)
    wait(app, lambda: table.privacy_for is not None, f"the {game_id} couch privacy screen", 60)
    frames(app, 0.1)
    shot("privacy.png")
    table.handle_event(enter_key())
    wait(app, table.deciding, f"the {game_id} couch player's turn", 60)
    frames(app, 0.1)
    shot("couch-turn.png")
    return table


def results(app, shot, game_id: str, seats: list[str], seed: int, speed: float = 40, **kw):
    """A bots-only game played fast to its results screen: results.png."""
    table = start_table(app, game_id, seats, seed, **kw)
    table.session.set_bot_delay(0.0)
    table.timeline.speed = speed
    wait(app, lambda: at_results(app), f"the results of a bots-only {game_id} game", 600)
    frames(app, 0.3)
    shot("results.png")
    app.scene.session.close()


def at_results(app) -> bool:
    """Whether the window shows the results screen (the router's ``results``, by its
    class's name: importing the router from a table would make an import circle)."""
    return type(app.scene).__name__ == "ResultsScene"
