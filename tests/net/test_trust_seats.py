"""A LAN party that forgives (issue 14, the host's side): heartbeats, live seat states
every client sees (connected, away with a countdown, stand-in, bot, open), notices when
a stand-in takes a seat or hands it back, and the turn clock."""

from __future__ import annotations

import time

import pytest

from net.client import connect
from net.host import LAN_TURN_SECONDS, Refused, Table
from net.local import LocalHost
from net.protocol import DEAD_AFTER, HEARTBEAT, PROTOCOL, encode
from tests.net.conftest import Recorder
from tests.net.test_trust import Raw

WAIT = 20.0


class Clock:
    def __init__(self, t: float = 100.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def states(rec: Recorder) -> list[str]:
    """Seat states from the latest ``seats`` (or ``welcome``) message ``rec`` got."""
    last = [m for m in rec.messages if m["type"] in ("seats", "welcome")][-1]
    return [s["state"] for s in last["seats"]]


def notices(rec: Recorder) -> list[tuple[str, int]]:
    return [(m["event"], m["seat"]) for m in rec.of_type("notice")]


# --------------------------------------------------------------------------- seat states
def test_every_client_sees_away_with_a_countdown_then_the_stand_in_then_the_return():
    clock = Clock()
    table = Table("take5", ["human", "human", "bot"], 4, clock=clock, takeover_delay=20.0)
    ana, bo, watcher = Recorder(), Recorder(), Recorder()
    ca = table.attach(0, ana, player="Ana")
    cb = table.attach(1, bo, player="Bo")
    table.attach(None, watcher)
    assert states(watcher) == ["connected", "connected", "bot"]
    clock.t = 101.0
    table.detach(cb)  # the link died (the heartbeat noticed it)
    for rec in (ana, watcher):
        seat = rec.of_type("seats")[-1]["seats"][1]
        assert seat["state"] == "away" and seat["takeover_in"] == 20.0
        assert seat["away"] and not seat["connected"] and seat["clock"] is None
    sent = len(watcher.of_type("seats"))
    clock.t = 110.0
    assert table.step_bots() == 121.0  # the takeover is due then, even off-turn
    assert len(watcher.of_type("seats")) == sent  # no countdown flood: one per change
    clock.t = 121.0
    table.step_bots()
    for rec in (ana, watcher):
        assert notices(rec) == [("stand-in", 1)]
        assert states(rec)[1] == "stand-in"
        assert rec.of_type("seats")[-1]["seats"][1]["takeover_in"] is None
    assert any(s == 1 for s, _ in table.actions)  # the stand-in chose for seat 1
    back = Recorder()
    table.attach(1, back, token=cb.token, player="Bo")
    for rec in (ana, watcher, back):
        assert states(rec)[1] == "connected"
    assert notices(ana) == notices(watcher) == [("stand-in", 1), ("back", 1)]
    assert ca.attached


def test_lobby_and_open_seats_have_their_states():
    table = Table("take5", ["open", "human", "bot:easy"], 1)
    rec = Recorder()
    table.attach(None, rec)
    welcome = rec.messages[0]
    assert [s["state"] for s in welcome["seats"]] == ["open", "waiting", "bot"]
    assert welcome["turn_seconds"] is None and len(welcome["table_id"]) == 32


# --------------------------------------------------------------------------- turn clock
def test_the_turn_clock_gives_a_slow_player_a_stand_in_for_one_decision():
    clock = Clock()
    table = Table("take5", ["human", "human"], 6, clock=clock, turn_seconds=30.0)
    ana, bo = Recorder(), Recorder()
    table.attach(0, ana, player="Ana")
    cb = table.attach(1, bo, player="Bo")
    seats = bo.of_type("seats")[-1]
    assert seats["turn_seconds"] == 30.0
    assert [s["clock"] for s in seats["seats"]] == [30.0, 30.0]
    clock.t = 110.0
    table.receive(cb, {"type": "action", "action": bo.legal[0]})  # Bo chose in time
    assert [s["clock"] for s in ana.of_type("seats")[-1]["seats"]] == [20.0, None]
    assert table.step_bots() == 130.0
    clock.t = 130.0
    table.step_bots()
    for rec in (ana, bo):
        assert notices(rec) == [("timed-out", 0)]
        assert "Ana" in rec.of_type("notice")[0]["message"]
    assert [s for s, _ in table.actions] == [1, 0]  # a stand-in chose for Ana
    assert table.seats[0]["state"] == "connected" and table.seats[0]["kind"] == "human"
    # The next decision is Ana's own again, with a fresh clock.
    awaited = table.game.awaiting(table.state)
    last = ana.of_type("seats")[-1]["seats"]
    assert awaited and all(last[s]["clock"] == 30.0 for s in awaited)


def test_the_turn_clock_is_off_by_default_for_couch_and_offline_play():
    assert Table("take5", ["human", "bot"], 1).turn_seconds is None
    h = LocalHost("take5", ["human", "bot"], 1)
    assert h.table.turn_seconds is None
    h2 = LocalHost("take5", ["human", "bot"], 1, turn_seconds=45)
    assert h2.table.turn_seconds == 45.0
    assert LAN_TURN_SECONDS >= 60  # generous on the LAN
    with pytest.raises(ValueError):
        Table("take5", ["human", "bot"], 1, turn_seconds=0)


def test_tapete_host_has_a_turn_clock_flag(tmp_path):
    import io
    import threading

    from client.cli import main

    def host_command(argv, **kw):
        return main(["host", *argv], **kw)

    seen = {}

    def ready(host):
        seen["turn"] = host.call(lambda t: t.turn_seconds)
        host.stop()

    argv = ["take5", "--seats", "open,bot", "--port", "0", "--loopback", "--no-advertise"]
    for extra, want in ((["--turn-seconds", "12"], 12.0), ([], LAN_TURN_SECONDS)):
        t = threading.Thread(
            target=host_command,
            args=(argv + extra + ["--log", str(tmp_path / "x.jsonl")],),
            kwargs={"out": io.StringIO(), "err": io.StringIO(), "ready": ready},
        )
        t.start()
        t.join(WAIT)
        assert seen["turn"] == want


# --------------------------------------------------------------------------- heartbeat
def test_the_heartbeat_constants():
    assert HEARTBEAT == 2.0 and DEAD_AFTER == 6.0


def test_a_silent_link_is_closed_and_its_seat_is_away_at_once():
    h = LocalHost("take5", ["open", "open"], 1, bot_delay=0.0, takeover_delay=60.0)
    h.start()
    try:
        port = h.listen(0, "127.0.0.1", idle_timeout=1.5)
        target = f"127.0.0.1:{port}"
        ana = connect(target, player="Ana", ping_interval=0.1)
        eve = Raw(target)
        eve.send({"type": "hello", "protocol": PROTOCOL, "player": "Eve"})
        t0 = time.monotonic()
        got = eve.read()  # Eve never pings: the host hangs up after the silence
        assert got[-1]["code"] == "idle-timeout" and "dead" in got[-1]["message"]
        assert time.monotonic() - t0 < 5.0
        end = time.monotonic() + WAIT
        while True:
            seat = [m for m in ana.poll() if m["type"] == "seats"]
            if seat and seat[-1]["seats"][1]["state"] == "away":
                assert 59.0 < seat[-1]["seats"][1]["takeover_in"] <= 60.0
                break
            assert time.monotonic() < end
            time.sleep(0.01)
        assert ana.connected  # a pinging client stays
        ana.send({"type": "ping"})
        ana.close()
        eve.close()
    finally:
        h.stop()


def test_pings_are_answered_with_pong():
    table = Table("take5", ["human", "human"], 1)
    rec = Recorder()
    c = table.attach(0, rec)
    table.receive(c, {"type": "ping"})
    assert rec.messages[-1] == {"type": "pong"}
    assert encode({"type": "ping"})


# --------------------------------------------------------------------------- held seats
def test_a_human_seat_once_held_is_taken_back_only_with_its_token():
    """A window-hosted LAN table: the window's own (``human``) seat loses its link for a
    moment. A guest asking for that seat without the token is refused ``seat-taken``
    and learns nothing of the hand; the window's token takes the seat back."""
    table = Table("take5", ["human", "open", "bot"], 4)
    window = Recorder()
    held = table.attach(0, window, player="Ana")
    token = window.of_type("welcome")[0]["token"]
    guest = Recorder()
    table.attach(1, guest, player="Bo")  # the last open seat: the game starts
    assert table.started
    table.detach(held)  # the window's link dropped
    thief = Recorder()
    with pytest.raises(Refused) as refused:
        table.attach(0, thief, player="Mallory")
    assert refused.value.code == "seat-taken"
    assert thief.messages == []
    back = Recorder()
    table.attach(0, back, player="Ana", token=token)
    assert back.of_type("welcome")[0]["seat"] == 0
    assert back.of_type("snapshot")[-1]["view"]["hand"] == table.view(0)["hand"]


def test_a_human_seat_nobody_held_is_taken_by_the_first_connection():
    table = Table("take5", ["human", "bot", "bot"], 4)
    first = Recorder()
    table.attach(0, first, player="Ana")
    assert first.of_type("welcome")[0]["seat"] == 0
