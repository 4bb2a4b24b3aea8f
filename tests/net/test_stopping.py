"""A host stopped politely comes back (issue 32): Ctrl-C, SIGTERM or a closed terminal
say ``host-stopping``; every client keeps its seat, waits, and is back by itself when
the table is resumed — at the same address, or listed elsewhere with the same identity.
"Close the table for everyone" stays final (``host-closed``)."""

from __future__ import annotations

import time

import pytest

from net.client import TcpConnection, connect
from net.listing import TableInfo
from net.local import LocalHost
from net.protocol import PROTOCOL

WAIT = 20.0


def until(conn, pred, timeout=WAIT):
    """Poll ``conn`` until a message satisfies ``pred``; returns it, and every message
    read is kept in ``conn.seen``."""
    seen = conn.__dict__.setdefault("seen", [])
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for m in conn.poll():
            seen.append(m)
            if pred(m):
                return m
        time.sleep(0.02)
    raise AssertionError(f"not seen; got {[m.get('type') for m in seen]}")


def logged_table(tmp_path, seats=("open", "open", "bot")):
    log = str(tmp_path / "t.jsonl")
    host = LocalHost("take5", list(seats), 7, bot_delay=0.0, takeover_delay=30.0, log=log)
    host.start()
    return host, host.listen(0, "127.0.0.1"), log


def test_a_stopped_table_keeps_every_seat_and_the_resumed_one_takes_them_back(tmp_path):
    host, port, log = logged_table(tmp_path)
    ana = connect(f"127.0.0.1:{port}", player="Ana", discover=False)
    bo = connect(f"127.0.0.1:{port}", player="Bo", discover=False)
    table_id = ana.welcome["table_id"]
    other = None
    try:
        for c in (ana, bo):
            until(c, lambda m: m["type"] == "snapshot" and m["started"])
        host.stop(resumable=True)
        for c in (ana, bo):
            waiting = until(c, lambda m: m["type"] == "disconnected")
            assert {k: waiting[k] for k in ("reason", "reconnecting", "waiting", "attempt")} == {
                "reason": "the host stopped; this table can be resumed",
                "reconnecting": True,
                "waiting": "resume",
                "attempt": 1,
            }
            assert not any(m["type"] == "error" for m in c.seen)  # not a refusal
        # Another table at the same address is passed over without a word.
        other = LocalHost("take5", ["open", "open"], 8, bot_delay=0.0)
        other.start()
        other.listen(port, "127.0.0.1")
        time.sleep(2.5)  # two looks at least
        assert [m["type"] for m in ana.poll() + bo.poll()] == []
        assert other.call(lambda t: [s["kind"] for s in t.seats]) == ["open", "open"]
        other.stop()
        other = None
        resumed = LocalHost.resume(log, bot_delay=0.0, takeover_delay=30.0)
        resumed.start()
        try:
            resumed.listen(port, "127.0.0.1")
            for c, seat in ((ana, 0), (bo, 1)):
                back = until(c, lambda m: m["type"] == "welcome")
                assert (back["seat"], back["table_id"]) == (seat, table_id)
                assert not any(m["type"] == "notice" for m in c.seen)
            states = resumed.call(lambda t: [s["state"] for s in t.seats])
            assert states == ["connected", "connected", "bot"]
        finally:
            resumed.stop()
    finally:
        for c in (ana, bo):
            c.close()
        if other is not None:
            other.stop()


def test_a_table_resumed_elsewhere_is_found_by_its_identity(tmp_path):
    host, port, log = logged_table(tmp_path, ("open", "bot"))
    listing: list = []

    class Finder:  # what the LAN lists (net.discovery.TableBrowser's poll and close)
        def poll(self):
            return list(listing)

        def close(self):
            pass

    ana = TcpConnection("127.0.0.1", port, player="Ana", discover=Finder).start()
    try:
        assert ana.answered.wait(WAIT) and ana.welcome is not None
        table_id = ana.welcome["table_id"]
        host.stop(resumable=True)
        until(ana, lambda m: m.get("waiting") == "resume")
        resumed = LocalHost.resume(log, bot_delay=0.0)
        resumed.start()
        try:
            new_port = resumed.listen(0, "127.0.0.1")
            info = TableInfo(
                "T", "take5", "127.0.0.1", new_port, ("127.0.0.1",), PROTOCOL, 0, 2, "m",
                "T._tapete._tcp.local.", started=True, table_id=table_id,
            )  # fmt: skip
            listing.append(info)
            back = until(ana, lambda m: m["type"] == "welcome")
            assert (back["seat"], ana.address) == (0, f"127.0.0.1:{new_port}")
        finally:
            resumed.stop()
    finally:
        ana.close()


def test_closing_the_table_for_everyone_stays_final(tmp_path):
    host, port, _log = logged_table(tmp_path, ("open", "bot"))
    ana = connect(f"127.0.0.1:{port}", player="Ana", discover=False)
    try:
        host.stop()  # the window's "Close the table for everyone"
        last = until(ana, lambda m: m["type"] == "disconnected")
        assert last == {
            "type": "disconnected",
            "reason": "the host closed the table for everyone",
            "code": "host-closed",
            "address": f"127.0.0.1:{port}",
        }
        assert ana.answered.is_set() and not ana.connected
        error = next(m for m in ana.seen if m["type"] == "error")
        assert error["code"] == "host-closed"
    finally:
        ana.close()


@pytest.mark.parametrize("sig", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_tapete_host_stopped_by_a_signal_is_resumed_and_its_player_is_back(tmp_path, sig):
    """The real command in its own process: SIGTERM, a closed terminal (SIGHUP) or
    Ctrl-C (SIGINT) stop it resumably; the player waits and is back at the resumed one."""
    import os
    import pathlib
    import re
    import signal
    import subprocess
    import sys

    root = pathlib.Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "TAPETE_DATA_DIR": str(tmp_path)}
    base = [sys.executable, "-m", "client", "host", "--loopback", "--no-advertise", "--no-web"]

    def start(*args):
        return subprocess.Popen(
            [*base, *args], cwd=root, env=env, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True,
        )  # fmt: skip

    proc = start("take5", "--seats", "open,bot", "--port", "0", "--bot-delay", "0.5")
    resumed = None
    try:
        lines = []
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("Logging to"):
                break
        port = int(re.search(r"127\.0\.0\.1:(\d+)", "".join(lines)).group(1))
        log = re.search(r"Logging to (\S+)", lines[-1]).group(1)
        ana = connect(f"127.0.0.1:{port}", player="Ana", discover=False)
        try:
            until(ana, lambda m: m["type"] == "snapshot" and m["started"])
            proc.send_signal(getattr(signal, sig))
            until(ana, lambda m: m.get("waiting") == "resume")
            assert proc.wait(WAIT) == (130 if sig == "SIGINT" else 128 + getattr(signal, sig))
            said = proc.stderr.read()
            why = "Ctrl-C" if sig == "SIGINT" else sig
            assert f"tapete host: stopping ({why}) — this table can be resumed" in said
            assert "Traceback" not in said
            resumed = start("--log", log, "--resume", "--port", str(port))
            back = until(ana, lambda m: m["type"] == "welcome")
            assert back["seat"] == 0 and back["started"]
        finally:
            ana.close()
    finally:
        for p in (proc, resumed):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()
