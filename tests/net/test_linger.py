"""The result waits for its players (issue 32): after the end a host stays up to
``END_LINGER`` (60 s) while a person's seat was not handed the ``outcome`` — its player
was away — and hands it to them when they come back; it leaves as soon as each has it."""

from __future__ import annotations

import io
import threading
import time

from client.cli import main
from net.host import END_LINGER, Table
from tests.net.conftest import Recorder

WAIT = 20.0


def test_a_seat_away_at_the_end_gets_the_outcome_when_it_comes_back():
    assert END_LINGER == 60.0
    table = Table("take5", ["open", "bot"], 3, clock=lambda: 0.0, takeover_delay=0.0)
    ana, watcher = Recorder(), Recorder()
    ca = table.attach(0, ana, player="Ana")
    table.attach(None, watcher)
    table.detach(ca)  # her link died; a stand-in plays her seat to the end
    table.step_bots()
    assert table.is_over() and watcher.of_type("outcome") and not ana.of_type("outcome")
    assert table.awaiting_outcome() == [0]  # a spectator is nobody's seat
    back = Recorder()
    table.attach(0, back, token=ca.token, player="Ana")
    assert back.of_type("outcome")[0]["outcome"] == table.wire_outcome()
    assert table.awaiting_outcome() == []


def test_a_table_whose_players_all_saw_the_end_awaits_nobody():
    table = Table("take5", ["human", "bot"], 3, clock=lambda: 0.0)
    ana = Recorder()
    ca = table.attach(0, ana, player="Ana")
    assert table.awaiting_outcome() == []  # not over yet
    while not table.is_over():
        table.step_bots()
        if not table.is_over() and 0 in table.game.awaiting(table.state):
            table.receive(ca, {"type": "action", "action": ana.legal[0]})
    assert ana.of_type("outcome") and table.awaiting_outcome() == []


def run_host(extra: list[str]):
    """``tapete host`` on a thread, a player sitting at seat 0 who leaves at once;
    returns ``(thread, result, err, seen)`` (``seen["host"]``, ``seen["token"]``)."""
    seen: dict = {}
    result: list = []
    err = io.StringIO()

    def ready(host):
        conn = host.connect(0, "Ana")  # the last open seat: the game starts
        seen["token"] = conn.token
        conn.close()  # and her link dies: a stand-in plays her seat to the end
        seen["host"] = host

    argv = ["host", "take5", "--seats", "open,bot", "--port", "0", "--loopback"]
    argv += ["--no-advertise", "--no-log", "--no-web", "--bot-delay", "0", "--takeover", "0"]
    t = threading.Thread(
        target=lambda: result.append(main(argv + extra, out=io.StringIO(), err=err, ready=ready)),
        daemon=True,
    )
    t.start()
    return t, result, err, seen


def test_tapete_host_waits_for_an_away_player_and_leaves_once_they_have_the_result():
    t, result, err, seen = run_host(["--linger", "30"])
    end = time.monotonic() + WAIT
    while "waiting up to 30 s for Ana" not in err.getvalue():
        assert time.monotonic() < end and t.is_alive(), err.getvalue()
        time.sleep(0.02)
    assert "tapete host: the game is over; waiting up to 30 s for Ana to come back" in (
        err.getvalue()
    )
    conn = seen["host"].connect(0, "Ana", token=seen["token"])
    assert "outcome" in [m["type"] for m in conn.poll()]
    t.join(WAIT)  # well before the 30 s: she has it
    assert not t.is_alive() and result == [0]


def test_tapete_host_leaves_after_its_linger_when_nobody_comes_back():
    started = time.monotonic()
    t, result, err, _seen = run_host(["--linger", "0.5"])
    t.join(WAIT)
    assert not t.is_alive() and result == [0]
    assert "waiting up to 0.5 s for Ana" in err.getvalue()
    assert time.monotonic() - started >= 0.5


def test_a_client_that_saw_the_end_stops_when_the_host_leaves():
    """After the outcome a dropped link is not a drop to recover from: the client says
    the game is over (``code: game-over``) once, and tries no address again."""
    from net.client import connect
    from net.local import LocalHost

    host = LocalHost("take5", ["bot", "bot"], 3, bot_delay=0.0)  # plays to its end
    host.start()
    port = host.listen(0, "127.0.0.1")
    conn = connect(f"127.0.0.1:{port}", spectator=True, discover=False)
    try:
        seen: list = []
        end = time.monotonic() + WAIT
        while not any(m["type"] == "outcome" for m in seen) and time.monotonic() < end:
            seen += conn.poll()
            time.sleep(0.01)
        assert any(m["type"] == "outcome" for m in seen)
        # The link drops without a word (the client slept through the host's exit):
        conn.loop.call_soon_threadsafe(conn._writer.transport.abort)
        end = time.monotonic() + WAIT
        while not conn.answered.is_set() or conn.connected:
            assert time.monotonic() < end, "the client did not stop"
            seen += conn.poll()
            time.sleep(0.01)
        time.sleep(0.5)  # (long enough for a first retry, were there one)
        seen += conn.poll()
        last = [m for m in seen if m["type"] == "disconnected"]
        assert len(last) == 1 and last[0]["code"] == "game-over", last
        assert "reconnecting" not in last[0] and last[0]["reason"] == "the game is over"
    finally:
        conn.close()
        host.stop()
