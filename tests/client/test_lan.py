"""The window on a LAN table (loopback only): join by address, host from the window."""

from __future__ import annotations

import pygame

from client.scenes.lobby import LobbyScene
from client.session import TableSession
from client.tables.take5 import Take5Table
from tests.client.conftest import run_until


def test_join_a_table_by_address_and_play(app):
    from net.client import connect
    from net.local import LocalHost

    host = LocalHost("take5", ["open", "bot:easy"], 4, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        conn = connect(f"127.0.0.1:{port}", player="Zoé")
        session = TableSession.join(conn)
        assert session.local_seats == [0] and session.game_id == "take5"
        app.switch(LobbyScene(app, session))
        assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
        table = app.scene
        assert run_until(app, lambda: table.my_decision() == "choose" and table.timeline.idle)
        card = table.board["hand"][0]
        table.selected = card
        app.frame(
            1 / 30,
            [
                pygame.event.Event(
                    pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0
                )
            ],
        )
        assert run_until(app, lambda: card not in table.session.mirrors[0].view["hand"], 10)
        assert host.call(lambda t: t.seats[0]["name"]) == "Zoé"
    finally:
        app.scene.session.close() if hasattr(app.scene, "session") else None
        host.stop()


def test_host_a_table_from_the_window_and_a_player_joins(app):
    from client.launch import host_table
    from net.client import connect

    lobby = host_table(app, "take5", ["human", "open"], 9, {}, "Test table", advertise=False)
    assert isinstance(app.scene, LobbyScene)
    # The host process takes this screen's seat first, then serves the LAN.
    assert run_until(app, lambda: lobby.address is not None, 10)
    assert [s["kind"] for s in lobby.seats()] == ["human", "open"]
    assert lobby.seats()[0]["connected"] and not lobby.advertised
    port = lobby.address.rsplit(":", 1)[1]
    guest = connect(f"127.0.0.1:{port}", player="Guest")
    try:
        assert guest.seat == 1
        assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
        assert app.scene.perspective == 0
    finally:
        guest.close()


def test_browser_joins_by_address_without_blocking_the_frame_loop(app):
    from client.scenes.browser import BrowserScene
    from net.local import LocalHost

    host = LocalHost("take5", ["open", "open", "bot:easy"], 6, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        browser = BrowserScene(app, f"127.0.0.1:{port}")
        app.switch(browser)
        app.frame(1 / 30, [])
        browser.connect(browser.entry.get_text(), spectator=False)
        assert browser.pending is not None  # connecting happens off the frame loop
        assert run_until(app, lambda: isinstance(app.scene, LobbyScene), 10)
        lobby = app.scene
        assert lobby.session.local_seats == [0]
        kinds = [s["kind"] for s in lobby.seats()]
        assert kinds == ["remote", "open", "bot"]
        app.frame(1 / 30, [])  # the lobby draws its seats
        host.start_game()  # the host starts: the open seat gets a bot
        assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()


def test_browser_reports_a_bad_address(app):
    from client.scenes.browser import BrowserScene

    browser = BrowserScene(app)
    app.switch(browser)
    for bad in ("not an address", "host:notaport", ":5"):
        browser.status = ""
        browser.connect(bad, spectator=False)
        assert browser.pending is None and "is not an address: type HOST:PORT" in browser.status
