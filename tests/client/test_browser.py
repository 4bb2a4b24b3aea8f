"""The window's join box and table list (issue 14), on loopback: the example address is
a placeholder (dim, never text), the port defaults to 47470, a complaint goes when the
text changes, Join from the list tries every advertised address, and a window that
joins the same table again (after a restart) takes its seat back with the kept token."""

from __future__ import annotations

import pygame
import pygame_gui

from client.scenes.browser import BrowserScene
from client.scenes.lobby import LobbyScene
from client.tables.take5 import Take5Table
from net.discovery import TableInfo
from net.tokens import TokenStore
from tests.client.conftest import run_until

EXAMPLE = "192.168.1.20:47470"


def typed(browser, text: str) -> None:
    """Type ``text`` into the address entry (as pygame_gui reports it)."""
    browser.entry.set_text(text)
    browser.handle_event(
        pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=browser.entry, text=text)
    )


def opened(app, address: str = "") -> BrowserScene:
    browser = BrowserScene(app, address)
    app.switch(browser)
    app.frame(1 / 30, [])
    return browser


def test_the_example_address_is_a_placeholder_with_the_default_port(app):
    browser = opened(app)
    try:
        assert browser.entry.get_text() == ""
        assert browser.entry.placeholder_text == EXAMPLE
        assert browser.entry.object_ids[-1] == "#address_hint"  # drawn dim
        typed(browser, "10.0.0.7")
        assert browser.entry.object_ids[-1] == "#address"  # typed text: the normal colour
        typed(browser, "")
        assert browser.entry.object_ids[-1] == "#address_hint"
    finally:
        browser.exit()


def test_an_empty_or_bad_address_says_what_to_type_and_the_complaint_goes(app):
    browser = opened(app)
    try:
        browser.connect("  ", spectator=False)
        assert browser.pending is None
        assert browser.status == f"Type the host's address first, e.g. {EXAMPLE}"
        browser.connect("host:notaport", spectator=False)
        assert browser.status == (
            f"“host:notaport” is not an address: type HOST:PORT, e.g. {EXAMPLE}"
        )
        typed(browser, "host:4")
        assert browser.status == ""
    finally:
        browser.exit()


def test_an_address_without_a_port_joins_port_47470(app):
    browser = opened(app)
    try:
        browser.connect("127.0.0.1", spectator=True)
        assert (browser.pending.host, browser.pending.port) == ("127.0.0.1", 47470)
        assert browser.status == "Connecting to 127.0.0.1…"
    finally:
        browser.to_menu()


def listed(port: int, *addresses: str, table_id: str = "") -> TableInfo:
    return TableInfo(
        name="Ana's table",
        game="take5",
        host=addresses[0],
        port=port,
        addresses=addresses,
        protocol=2,
        open_seats=2,
        seats=3,
        host_name="ana-laptop",
        service="Ana's table._tapete._tcp.local.",
        table_id=table_id,
    )


def test_join_from_the_list_tries_every_advertised_address(app):
    from net.local import LocalHost

    host = LocalHost("take5", ["open", "open", "bot:easy"], 6, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        browser = opened(app)
        # The first address refuses (nothing listens on 127.0.0.2), the second answers.
        browser.connect_listed(listed(port, "127.0.0.2", "127.0.0.1"), spectator=False)
        conn = browser.pending
        assert run_until(app, lambda: isinstance(app.scene, LobbyScene), 10)
        assert conn.address == f"127.0.0.1:{port}" and conn.seat == 0
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()


def test_a_restarted_window_takes_its_seat_back(app, tmp_path, monkeypatch):
    """The token is kept on disk when the window joins; a new window (a new browser, a
    new connection, nothing typed) joining the same table gets the same seat back, and
    the table says so."""
    from net.local import LocalHost

    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))
    host = LocalHost("take5", ["open", "open", "bot:easy"], 6, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        browser = opened(app)
        browser.connect(f"127.0.0.1:{port}", spectator=False)
        assert run_until(app, lambda: isinstance(app.scene, LobbyScene), 10)
        first = app.scene.session.mirrors[0].conn
        token = first.token
        kept = TokenStore(tmp_path / "data" / "seats.json").entries()
        assert [(e["token"], e["seat"]) for e in kept.values()] == [(token, 0)]
        host.start_game()  # (the lobby frees a seat its player leaves; a game keeps it)
        assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
        app.scene.session.close()  # the window closes
        assert run_until(app, lambda: host.call(lambda t: t.seats[0]["state"]) != "connected", 10)

        browser = opened(app)  # a new window
        browser.connect(f"127.0.0.1:{port}", spectator=False)
        assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
        table = app.scene
        conn = table.session.mirrors[0].conn
        assert conn.recalled and conn.seat == 0 and conn.token == token
        app.frame(1 / 30, [])
        assert "Back in your seat" in [n[0] for n in table.presence.notices]
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()


def test_a_window_that_finds_no_open_seat_is_told_it_watches(app):
    from net.client import connect
    from net.local import LocalHost

    host = LocalHost("take5", ["open", "bot:easy"], 6, bot_delay=5.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        player = connect(f"127.0.0.1:{port}", player="Bea")  # takes the only open seat
        browser = opened(app)
        browser.connect(f"127.0.0.1:{port}", spectator=False)
        assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
        table = app.scene
        app.frame(1 / 30, [])
        assert table.session.local_seats == [] and table.session.mirrors[None].conn.seat is None
        assert [n[0] for n in table.presence.notices] == ["You are watching: no seat is open"]
        player.close()
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()


def test_a_window_holding_several_seats_at_a_started_table_asks_which(app, tmp_path, monkeypatch):
    """Issue 32: one machine keeps a token per seat; at a started table (no open seat)
    Join stays open for a machine that holds one, and with two it asks which."""
    from net.client import connect
    from net.local import LocalHost

    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))
    store = TokenStore(tmp_path / "data" / "seats.json")
    host = LocalHost("take5", ["open", "open", "bot:easy"], 6, bot_delay=0.0, takeover_delay=60)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        a = connect(f"127.0.0.1:{port}", player="A", tokens=store)
        b = connect(f"127.0.0.1:{port}", player="B", tokens=store)  # a second window
        table_id = a.welcome["table_id"]
        a.close()
        b.close()
        info = listed(port, "127.0.0.1", table_id=table_id)
        info = TableInfo(**{**info.__dict__, "open_seats": 0, "started": True, "protocol": 3})
        browser = opened(app)
        browser.tables = [info]
        browser.build()
        (_info, join, _watch, _y) = browser.rows[0]
        assert join.is_enabled  # a seat of this machine's is there
        assert browser.kept_seats(info) == [1, 0]  # seat 1 held last
        browser.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=join))
        assert browser.pending is None
        assert browser.status == "This computer holds several seats at “Ana's table”: which one?"
        assert [(b.text, seat) for b, seat in browser.choices] == [("Seat 2", 1), ("Seat 1", 0)]
        app.frame(1 / 30, [])
        pygame.image.save(app.screen, str(tmp_path / "asks.png"))
        button = browser.choices[1][0]
        browser.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
        conn = browser.pending
        assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
        assert conn.recalled and conn.seat == 0 and browser.choosing is None
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()
