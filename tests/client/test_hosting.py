"""Leaving a LAN table this window hosts (issue 16, "Safe keys"): Esc asks Stay / hand
my seats to bots / close the table for everyone; handing over keeps the host process
serving the LAN in the background while the window goes back to the menu, which shows
the table with Stop and Take my seat back; quitting asks first; the background table
ends on its own after its game."""

from __future__ import annotations

import time

import pygame
import pytest

from client import hosting
from client.launch import host_table
from client.tables.take5 import Take5Table
from net.client import connect
from net.log import read_log
from net.mirror import ViewMirror
from tests.client.conftest import run_until


@pytest.fixture(autouse=True)
def no_background_tables_left(monkeypatch):
    monkeypatch.setattr(hosting, "LINGER", 0.5)
    yield
    hosting.stop_all()


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)


def seated_with_a_guest(app, name="Ana's table"):
    """A window-hosted Take 5 table (one round; seats: this screen, a LAN guest "Bea"),
    its game on and the window at the table. Returns (table scene, guest's mirror)."""
    lobby = host_table(app, "take5", ["human", "open"], 9, {"rounds": 1}, name, advertise=False)
    assert run_until(app, lambda: lobby.address is not None, 10)
    conn = connect(f"127.0.0.1:{lobby.address.rsplit(':', 1)[1]}", player="Bea")
    guest = ViewMirror(conn, conn.welcome["seat"])
    assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
    table = app.scene
    table.session.set_bot_delay(0.0)
    assert run_until(app, lambda: table.board is not None and table.session.started, 10)
    assert run_until(app, lambda: guest.pump() >= 0 and guest.seats is not None, 10)
    return table, guest


def guest_plays_until(app, guest, test, wall=60.0) -> bool:
    """The guest plays its first legal action whenever awaited, until ``test()``."""
    deadline = time.monotonic() + wall
    while time.monotonic() < deadline:
        guest.pump()
        if test():
            return True
        if guest.awaited() and guest.legal:
            guest.conn.send({"type": "action", "action": guest.legal[0]})
            sent = guest.seq
            while guest.seq == sent and time.monotonic() < deadline and not test():
                guest.pump()
                app.frame(1 / 30, [])
                time.sleep(0.005)
        app.frame(1 / 30, [])
        time.sleep(0.005)
    return False


def esc_and_choose(app, table, choice):
    app.frame(1 / 30, [key(pygame.K_ESCAPE)])
    assert table.leaving.open
    app.frame(1 / 30, [click(table.leaving.buttons[choice].center)])


def test_the_host_hands_the_seats_to_bots_and_the_game_goes_on_to_the_end(app):
    table, guest = seated_with_a_guest(app)
    session, path = table.session, table.session.log_path
    app.frame(1 / 30, [key(pygame.K_ESCAPE)])
    assert table.leaving.choices == ["stay", "hand", "leave"] and table.leaving.focus == "stay"
    app.frame(1 / 30, [key(pygame.K_RETURN)])  # the play key by habit: Stay
    assert app.scene is table and not table.leaving.open
    esc_and_choose(app, table, "hand")
    assert type(app.scene).__name__ == "MenuScene" and session.closed
    [bg] = hosting.TABLES
    assert bg.proc.alive and bg.name == "Ana's table"
    # The guest hears it, and a stand-in bot plays the host's seat from now on.
    assert run_until(app, lambda: guest.pump() >= 0 and guest.notices, 10)
    assert [(n["event"], n["seat"], n["name"]) for n in guest.notices] == [("left", 0, "Ana")]
    assert run_until(
        app, lambda: guest.pump() >= 0 and guest.seats["seats"][0]["state"] == "stand-in", 10
    )
    assert run_until(app, lambda: bg.players == 1, 10)
    assert hosting.line_text(bg) == "Still hosting 'Ana's table' — 1 player"
    # The game goes on to its end, then the host process ends on its own, log closed.
    assert guest_plays_until(app, guest, lambda: guest.outcome is not None)
    assert run_until(app, lambda: not hosting.TABLES, 20)
    assert bg.proc.returncode == 0
    rec = read_log(path)
    assert rec["outcome"] is not None and not rec["torn"]
    assert any(seat == 0 for seat, _action in rec["actions"][-10:])  # the stand-in played
    guest.conn.close()


def test_the_menu_lists_the_background_table_and_stop_closes_it_for_everyone(app):
    table, guest = seated_with_a_guest(app, "Ana")
    path = table.session.log_path
    esc_and_choose(app, table, "hand")
    [bg] = hosting.TABLES
    app.frame(1 / 30, [])  # the menu draws the line and its buttons
    assert set(bg.buttons) == {"back", "stop"}
    from client import assets

    assets.reset_caches()
    with assets.recording() as seen:
        app.scene.draw(app.screen)
    words = [text for _size, text in seen]
    assert "Stop" in words and "Take my seat back" in words
    assert any(w.startswith("Still hosting 'Ana'") for w in words)
    app.frame(1 / 30, [click(bg.buttons["stop"].center)])
    assert not hosting.TABLES and not bg.proc.alive
    assert read_log(path)["outcome"] is None  # closed mid-game, readable: it can continue
    assert run_until(app, lambda: guest.pump() >= 0 and guest.conn.refusal is not None, 10)
    assert guest.conn.refusal["code"] == "host-closed"


def test_take_my_seat_back_returns_to_the_table(app):
    table, guest = seated_with_a_guest(app)
    esc_and_choose(app, table, "hand")
    [bg] = hosting.TABLES
    app.frame(1 / 30, [])
    app.frame(1 / 30, [click(bg.buttons["back"].center)])
    assert isinstance(app.scene, Take5Table) and not hosting.TABLES
    back = app.scene
    mirror = back.session.mirrors[0]
    assert run_until(app, lambda: mirror.welcome is not None and mirror.view is not None, 10)
    assert mirror.welcome["seat"] == 0
    assert run_until(app, lambda: guest.pump() >= 0 and len(guest.notices) == 2, 10)
    assert [n["event"] for n in guest.notices] == ["left", "back"]
    assert run_until(
        app, lambda: guest.pump() >= 0 and guest.seats["seats"][0]["state"] == "connected", 10
    )
    guest.conn.close()


def test_quitting_asks_while_a_table_is_hosted_in_the_background(app, monkeypatch):
    table, guest = seated_with_a_guest(app)
    esc_and_choose(app, table, "hand")
    app.running = True
    app.frame(1 / 30, [pygame.event.Event(pygame.QUIT)])
    assert app.running and app.quitting.open
    assert app.quitting.texts() == (
        "Quit Tapete?",
        "Players are still at your table: quitting closes it.",
    )
    app.frame(1 / 30, [key(pygame.K_ESCAPE)])  # Esc: stay
    assert app.running and not app.quitting.open and hosting.TABLES
    app.scene.choose("quit")  # the menu's Quit asks too
    assert app.running and app.quitting.open
    app.frame(1 / 30, [click(app.quitting.buttons["quit"].center)])
    assert not app.running
    # A table whose game is over (it stays a few seconds for its guests) asks nothing,
    # and a game that ends while the question is open takes its reason away. The test
    # plays the host process's reports itself (``over``): a real status report read in
    # the same frame would set it back.
    monkeypatch.setattr(hosting, "pump", lambda: False)
    app.running = True
    hosting.TABLES[0].over = True
    app.frame(1 / 30, [pygame.event.Event(pygame.QUIT)])
    assert not app.running and not app.quitting.open
    app.running, hosting.TABLES[0].over = True, False
    app.frame(1 / 30, [pygame.event.Event(pygame.QUIT)])
    assert app.running and app.quitting.open
    hosting.TABLES[0].over = True
    app.frame(1 / 30, [])
    assert not app.running and not app.quitting.open
    hosting.stop_all()  # what App.run does on its way out
    assert not hosting.TABLES
    guest.conn.close()


def test_close_the_table_for_everyone_keeps_todays_behaviour(app):
    table, guest = seated_with_a_guest(app)
    proc = table.session.host
    esc_and_choose(app, table, "leave")
    assert type(app.scene).__name__ == "MenuScene" and not hosting.TABLES
    assert not proc.alive
    assert run_until(app, lambda: guest.pump() >= 0 and guest.conn.refusal is not None, 10)
    assert guest.conn.refusal["code"] == "host-closed"


def test_an_offline_table_keeps_leave_and_stay(app):
    from client.launch import start_table

    table = start_table(app, "take5", ["human", "bot:easy"], seed=2)
    assert run_until(app, lambda: table.board is not None, 10)
    app.frame(1 / 30, [key(pygame.K_ESCAPE)])
    assert table.leaving.open and table.leaving.choices == ["leave", "stay"]
    assert table.leaving.kind == "logged" and not table.leaving.hand


def test_a_background_table_still_ends_when_the_window_is_gone():
    """hostproc's guarantee holds in the background too: the child notices that its
    parent is gone (its standard input closes, as when the window dies however it dies)
    and stops, its log closed."""
    from client.hostproc import HostProcess

    proc = HostProcess()
    proc.request(
        {"game": "take5", "seats": ["human", "bot:easy"], "seed": 4, "options": {}, "log": None}
    )
    deadline = time.monotonic() + 30
    events = []
    while not any(e.get("ready") for e in events) and time.monotonic() < deadline:
        events += proc.poll()
        time.sleep(0.01)
    assert any(e.get("ready") for e in events)
    proc.send({"op": "hand", "seats": [0]})
    while not any("status" in e for e in events) and time.monotonic() < deadline:
        events += proc.poll()
        time.sleep(0.01)
    assert [e["handed"] for e in events if "handed" in e] == [[0]]
    proc.proc.stdin.close()  # the window is gone
    assert proc.proc.wait(20) == 0


WINDOW = """
import sys, time
from client import hosting
from client.app import App
from client.settings import Settings
from tests.client.test_hosting import esc_and_choose, seated_with_a_guest

app = App(Settings(name="Ana"), size=(1280, 720))
table, guest = seated_with_a_guest(app)
esc_and_choose(app, table, "hand")
print(hosting.TABLES[0].proc.pid, flush=True)
while True:
    app.frame(1 / 30, [])
    time.sleep(0.05)
"""


def test_a_background_table_ends_when_the_window_is_killed(tmp_path):
    """The window killed (SIGKILL) while a table is hosted in the background: its host
    process notices and ends."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from tests.client.test_hostproc import gone

    root = Path(__file__).resolve().parents[2]
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        TAPETE_CONFIG_DIR=str(tmp_path / "cfg"),
        TAPETE_DATA_DIR=str(tmp_path / "data"),
        PYTHONPATH=str(root),
    )
    window = subprocess.Popen(
        [sys.executable, "-c", WINDOW], env=env, cwd=root, stdout=subprocess.PIPE, text=True
    )
    try:
        child = int(window.stdout.readline())
        assert not gone(child)
        window.send_signal(signal.SIGKILL)
        window.wait(10)
        end = time.monotonic() + 15
        while not gone(child) and time.monotonic() < end:
            time.sleep(0.05)
        assert gone(child), "the background table outlived its window"
    finally:
        if window.poll() is None:
            window.kill()
            window.wait()


def test_the_three_answers_cycle_with_the_keys_and_esc_stays():
    from client.tables.leave import LeaveConfirm

    q = LeaveConfirm()
    q.ask("host", hand=True)
    assert q.choices == ["stay", "hand", "leave"] and q.focus == "stay"
    seen = []
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
        assert q.handle(key(k)) is None
        seen.append(q.focus)
    assert seen == ["hand", "leave", "stay", "leave", "stay"]
    assert q.handle(key(pygame.K_TAB, pygame.KMOD_SHIFT)) is None and q.focus == "leave"
    assert q.handle(key(pygame.K_ESCAPE)) == "stay" and not q.open
    q.ask("local", hand=True)  # only a host may hand seats over
    assert q.choices == ["leave", "stay"]


class Idle:
    """A stand-in for a host process that says nothing (the menu line's own logic)."""

    alive = True

    def __init__(self) -> None:
        self.stopped = False

    def poll(self) -> list:
        return []

    def stop(self) -> None:
        self.stopped = True


def test_several_background_tables_take_turns_in_the_one_menu_line(app, monkeypatch):
    a = hosting.BackgroundTable(Idle(), None, "Ana's table", players=3)
    b = hosting.BackgroundTable(Idle(), None, "Friday", players=1)
    monkeypatch.setattr(hosting, "TABLES", [a, b])
    monkeypatch.setattr(hosting, "_shown", 0)
    app.go("menu")
    app.frame(1 / 30, [])
    assert set(a.buttons) == {"back", "stop", "next"} and b.buttons == {}
    assert hosting.line_text(a) == "Still hosting 'Ana's table' — 3 players"
    app.frame(1 / 30, [click(a.buttons["next"].center)])
    app.frame(1 / 30, [])
    assert hosting.shown() is b and set(b.buttons) == {"back", "stop", "next"}
    app.frame(1 / 30, [click(b.buttons["stop"].center)])
    assert b.proc.stopped and hosting.TABLES == [a]
    app.frame(1 / 30, [])
    assert set(a.buttons) == {"back", "stop"}  # one table: no turns to take
    a.over = True
    app.frame(1 / 30, [])
    assert set(a.buttons) == {"stop"}  # its game is over: no seat to take back
    assert hosting.line_text(a) == "Still hosting 'Ana's table' — game over, closing soon"
