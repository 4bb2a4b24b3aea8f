"""A guest whose host closes the table (issue 33): the window says "The host closed the
table" with the way back to the menu — from the lobby and from the middle of a game —
instead of a dead table that waits and counts the host's seat down for ever; a table
whose game ended keeps its results; a link that is being tried again is no closing."""

from __future__ import annotations

import pygame
import pygame_gui

from client.lanwords import closed_by_host, table_name
from client.scenes.browser import BrowserScene
from client.scenes.hostlost import HostLostScene
from client.scenes.lobby import LobbyScene
from client.scenes.menu import MenuScene
from client.tables.take5 import Take5Table
from net.local import LocalHost
from net.mirror import ViewMirror
from tests.client.conftest import run_until


def joined(app, port: int) -> None:
    browser = BrowserScene(app)
    app.switch(browser)
    browser.connect(f"127.0.0.1:{port}", spectator=False)


def test_a_guest_in_the_lobby_is_told_and_goes_back_to_the_menu(app):
    host = LocalHost("take5", ["open", "open", "bot:easy"], 6, bot_delay=0.0, name="Bea's table")
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        joined(app, port)
        assert run_until(app, lambda: isinstance(app.scene, LobbyScene), 10)
        session = app.scene.session
        host.stop()
        assert run_until(app, lambda: isinstance(app.scene, HostLostScene), 10)
        lost = app.scene
        assert session.closed and app.watched is None
        assert [t for t, *_ in lost.texts()] == [
            "The host closed the table",
            "“Bea's table” (Take 5) has ended: its host left and closed it.",
            "Join another table, or host one yourself, from the menu.",
        ]
        assert lost.resume is None and lost.menu.text == "Back to menu"
        app.frame(1 / 30, [])
        app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
        assert isinstance(app.scene, MenuScene)
    finally:
        host.stop()


def test_a_guest_in_the_middle_of_a_game_is_told_and_sees_no_countdown(app):
    host = LocalHost("take5", ["open", "open", "bot:easy"], 6, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        joined(app, port)
        assert run_until(app, lambda: isinstance(app.scene, LobbyScene), 10)
        host.start_game()
        assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
        assert run_until(app, lambda: app.scene.board is not None, 10)
        host.stop()
        assert run_until(app, lambda: isinstance(app.scene, HostLostScene), 10)
        lost = app.scene
        assert lost.texts()[0][0] == "The host closed the table"
        app.frame(1 / 30, [])
        app.frame(
            1 / 30,
            [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=lost.menu)],
        )
        assert isinstance(app.scene, MenuScene)
    finally:
        host.stop()


class _Session:
    """The little of a TableSession that :func:`closed_by_host` reads."""

    def __init__(self, *mirrors, remote=True, closed=False) -> None:
        self.mirrors = dict(enumerate(mirrors))
        self.remote, self.closed = remote, closed


def mirror(*messages) -> ViewMirror:
    m = ViewMirror(keep_backlog=False)
    for message in messages:
        m.feed(message)
    return m


CLOSED = {"type": "disconnected", "reason": "host-closed: …", "code": "host-closed"}


def test_only_a_table_its_host_closed_counts():
    assert closed_by_host(_Session(mirror(CLOSED)))
    # Another end of the link, or a link being tried again: not a closed table.
    assert not closed_by_host(_Session(mirror(dict(CLOSED, code="closed"))))
    assert not closed_by_host(_Session(mirror(dict(CLOSED, reconnecting=True))))
    assert not closed_by_host(_Session(mirror()))
    # This window's own table, or a session already closed: the window knows.
    assert not closed_by_host(_Session(mirror(CLOSED), remote=False))
    assert not closed_by_host(_Session(mirror(CLOSED), closed=True))
    # After the game's end the results stay on screen.
    over = {"type": "outcome", "outcome": {"game": "take5", "winners": [0]}}
    assert not closed_by_host(_Session(mirror(over, CLOSED)))


def test_the_table_name_comes_from_the_welcome():
    welcome = {"type": "welcome", "seat": 0, "table": "Bea's table", "seats": []}
    assert table_name(_Session(mirror(welcome))) == "Bea's table"
    assert table_name(_Session(mirror())) == ""


def test_a_seat_taken_back_from_another_window_ends_this_one(app):
    """The same seat joined again with its token (another window): this window is told
    in words and goes back to the menu, rather than staying at a table it left."""
    from net.client import connect

    host = LocalHost("take5", ["open", "open", "bot:easy"], 6, bot_delay=0.0)
    host.start()
    other = None
    try:
        port = host.listen(0, "127.0.0.1")
        joined(app, port)
        assert run_until(app, lambda: isinstance(app.scene, LobbyScene), 10)
        conn = app.scene.session.mirrors[0].conn
        other = connect(f"127.0.0.1:{port}", player="Ana", seat=0, token=conn.token)
        assert run_until(app, lambda: isinstance(app.scene, HostLostScene), 10)
        assert app.scene.reason == "link"
        assert [t for t, *_ in app.scene.texts()] == [
            "The table is out of reach",
            "Your seat was taken back by another device, with its token",
            "Join it again from the menu when it is back, or another table.",
        ]
        assert app.scene.menu.text == "Back to menu"
    finally:
        if other is not None:
            other.close()
        host.stop()


def test_a_lobby_says_when_its_link_is_tried_again_and_leaves_when_it_ends(app):
    from client import assets

    host = LocalHost("take5", ["open", "open", "bot:easy"], 6, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        joined(app, port)
        assert run_until(app, lambda: isinstance(app.scene, LobbyScene), 10)
        lobby = app.scene
        conn = lobby.session.mirrors[0].conn
        gone = {
            "type": "disconnected",
            "reason": "the host has been silent for 6 s",
            "code": "silent",
            "address": f"127.0.0.1:{port}",
            "reconnecting": True,
            "attempt": 1,
            "retry_in": 0.5,
            "gives_up_in": 300.0,
        }
        conn._deliver(gone)  # as the network thread does
        app.frame(1 / 30, [])
        assets.reset_caches()
        with assets.recording() as seen:
            lobby.draw(app.screen)
        shown = " ".join(t for _px, t in seen)  # (wrapped beside the Leave button)
        assert "Connection lost (the host stopped answering) — reconnecting…" in shown
        assert app.scene is lobby
        # It gave up (minutes later): nothing answers at the address any more.
        final = {k: gone[k] for k in ("type", "reason", "address")}
        conn._deliver({**final, "code": "refused"})
        app.frame(1 / 30, [])
        assert isinstance(app.scene, HostLostScene) and app.scene.reason == "link"
        assert app.scene.texts()[1][0] == (
            f"Nothing answered at 127.0.0.1:{port} — check the address on the host's screen"
        )
    finally:
        host.stop()
