"""Idle means idle: a window with nothing to move draws no frames until something
happens (input, a message from the host), so a menu or a table waiting for the player
costs next to no CPU (issue 15)."""

from __future__ import annotations

import threading
import time

import pygame

from client.launch import start_table
from tests.client.conftest import run_until


def frames_in_run(app, seconds: float, post=None) -> int:
    """Frames :meth:`App.run` draws in ``seconds`` (a QUIT ends it); ``post``: an event
    posted halfway — then the QUIT waits until the frame that event woke has been drawn
    (and ``seconds`` have passed), so it never lands inside that frame."""
    before = app.frames

    def quit_later() -> None:
        end = time.monotonic() + seconds
        if post is not None:
            time.sleep(seconds / 2)
            pygame.event.post(post)
            while app.frames == before and time.monotonic() < end + 5.0:
                time.sleep(0.005)
        time.sleep(max(0.0, end - time.monotonic()))
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=quit_later, daemon=True).start()
    app.run()
    return app.frames - before


def test_an_idle_menu_draws_nothing_until_input(app):
    app.go("menu")
    app.frame(1 / 60)  # (takes the window's own start-up events)
    assert app.scene.idle() and not app.busy()
    # At 60 frames/s one second is 60 frames; idle, the loop sleeps between events.
    assert frames_in_run(app, 1.0) == 0


def test_input_wakes_an_idle_menu_for_a_frame(app):
    app.go("menu")
    app.frame(1 / 60)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="")
    # the key's frame, then idle again until the QUIT: never 60
    assert frames_in_run(app, 1.0, post=key) == 1


def test_a_table_waiting_for_the_player_is_idle_and_a_message_wakes_it(app):
    table = start_table(app, "take5", ["human", "bot:easy", "bot:easy"], seed=5)
    session = table.session

    def waiting() -> bool:  # every bot has chosen; only the player's card is missing
        view = session.mirrors[0].view
        return bool(
            view
            and view["phase"] == "choose"
            and view["awaiting"] == [0]  # a choosing seat that has chosen is not awaited
            and table.my_decision() == "choose"
            and table.idle()
        )

    assert run_until(app, waiting, 30)
    assert not app.busy()
    assert session.wake == app.wake  # what arrives for the table wakes the window
    woken = threading.Event()
    session.wake = lambda: (woken.set(), app.wake())
    # The player's card goes to the host; its answer (a message) wakes the window.
    card = table.board["hand"][0]
    assert table.seat.send({"type": "choose", "card": card})
    assert woken.wait(30)
    events = pygame.event.get()
    assert any(e.type == pygame.NUMEVENTS - 1 for e in events)  # client.app.WAKE
    app.frame(1 / 60, events)
    assert run_until(app, lambda: card not in session.mirrors[0].view["hand"], 30)


def test_a_moving_table_is_busy(app):
    table = start_table(app, "take5", ["human", "bot:easy", "bot:easy"], seed=5)
    assert run_until(app, lambda: not table.timeline.idle, 30)  # the deal animates
    assert not table.idle() and app.busy()
