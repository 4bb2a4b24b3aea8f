"""The headless commands end to end on loopback: host, tables, join --headless."""

from __future__ import annotations

import io
import json
import threading
import time

import pytest

from client.cli import main
from net.host import mixed_seed
from net.protocol import PROTOCOL

WAIT = 60.0  # seconds: the bound of every join below


def host_command(argv, out=None, err=None, **kw):
    return main(["host", *argv], out=out, err=err, **kw)


def join_headless(argv, out=None, err=None):
    return main(["join", *argv], out=out, err=err)


def tables_command(argv, out=None, err=None):
    return main(["tables", *argv], out=out, err=err)


class Background:
    """Runs a command on a thread; ``code`` is its exit code once done."""

    def __init__(self, fn, argv, **kw) -> None:
        self.out, self.err, self.code = io.StringIO(), io.StringIO(), None
        self.thread = threading.Thread(target=self._run, args=(fn, argv, kw))
        self.thread.start()

    def _run(self, fn, argv, kw) -> None:
        self.code = fn(argv, out=self.out, err=self.err, **kw)

    def join(self) -> int:
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "the command did not end"
        return self.code


def start_host(argv):
    ready = threading.Event()
    box = {}

    def on_ready(host):
        box["host"] = host
        ready.set()

    bg = Background(host_command, argv, ready=on_ready)
    assert ready.wait(WAIT), bg.err.getvalue()
    return bg, box["host"]


def test_host_tables_and_two_headless_bots_play_to_the_end():
    bg, host = start_host(
        [
            "take5",
            "--seats",
            "open,open,bot",
            "--name",
            "Anna's table",
            "--port",
            "0",
            "--loopback",
            "--seed",
            "5",
            "--bot-delay",
            "0",
        ]
    )
    port = host.address[1]
    assert f"Join with: tapete join 127.0.0.1:{port}" in bg.out.getvalue()
    out = io.StringIO()
    assert tables_command(["--timeout", "2.5", "--json", "--loopback"], out=out) == 0
    found = json.loads(out.getvalue())
    mine = [t for t in found if t["address"] == f"127.0.0.1:{port}"]
    assert mine == [
        {
            "name": "Anna's table",
            "game": "take5",
            "address": f"127.0.0.1:{port}",
            "seats": 3,
            "open": 2,
            "started": False,
            "host": mine[0]["host"],
            "protocol": PROTOCOL,
            "addresses": [f"127.0.0.1:{port}"],
            "table_id": mine[0]["table_id"],
        }
    ]
    bots = [
        Background(join_headless, [f"127.0.0.1:{port}", "--headless", "--bot", level])
        for level in ("normal", "easy")
    ]
    assert [b.join() for b in bots] == [0, 0]
    assert bg.join() == 0
    lines = [b.out.getvalue().splitlines() for b in bots]
    final = bg.out.getvalue().splitlines()[-1]
    assert lines == [[final], [final]]
    for b in bots:  # each was told its seat and token, and how to come back by hand
        said = b.err.getvalue()
        assert "its token is" in said and f"tapete join 127.0.0.1:{port} --seat" in said
    outcome = json.loads(final)
    assert outcome["game"] == "take5" and len(outcome["scores"]) == 3
    # A LAN table mixes the chosen seed with a secret it reveals at the end (issue 29).
    secret = bytes.fromhex(outcome["seed_secret"])
    assert outcome["chosen_seed"] == 5 and outcome["seed"] == mixed_seed(5, secret)
    assert "Playing" in bg.out.getvalue()


def test_the_host_starts_on_its_own_after_start_after():
    bg, host = start_host(
        [
            "take5",
            "--seats",
            "open,open",
            "--port",
            "0",
            "--loopback",
            "--no-advertise",
            "--start-after",
            "0.1",
            "--bot-delay",
            "0",
        ]
    )
    assert bg.join() == 0
    assert json.loads(bg.out.getvalue().splitlines()[-1])["actions"] > 0


def test_host_refuses_human_seats_and_bad_options():
    for argv in (
        ["take5", "--seats", "human,open"],
        ["take5", "--options", "{"],
        ["chess"],
        ["take5", "--seats", "open,robot"],
    ):
        err = io.StringIO()
        assert host_command(argv, out=io.StringIO(), err=err) == 2
        assert err.getvalue().strip()


def test_join_reports_refusals_and_unreachable_hosts():
    err = io.StringIO()
    assert join_headless(["127.0.0.1:1", "--headless"], out=io.StringIO(), err=err) == 1
    assert err.getvalue() == (
        "tapete join: Nothing answered at 127.0.0.1:1 — check the address on the host's screen\n"
    )
    assert join_headless(["127.0.0.1:x", "--headless"], out=io.StringIO(), err=io.StringIO()) == 2
    bg, host = start_host(
        ["take5", "--seats", "open,bot", "--port", "0", "--loopback", "--no-advertise"]
    )
    try:
        err = io.StringIO()
        code = join_headless(
            [f"127.0.0.1:{host.address[1]}", "--headless", "--seat", "1"],
            out=io.StringIO(),
            err=err,
        )
        assert code == 1
        assert (
            err.getvalue() == "tapete join: A bot plays that seat — join without choosing a seat\n"
        )
    finally:
        host.stop()
        assert bg.join() == 1


def test_join_headless_watch_prints_the_outcome_line():
    bg, host = start_host(
        ["take5", "--seats", "open,bot", "--port", "0", "--loopback", "--no-advertise"]
        + ["--bot-delay", "0", "--seed", "8"]
    )
    target = f"127.0.0.1:{host.address[1]}"
    watcher = Background(join_headless, [target, "--headless", "--watch"])
    deadline = time.monotonic() + WAIT
    while host.call(lambda t: len(t.clients)) < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    player = Background(join_headless, [target, "--headless"])
    assert [watcher.join(), player.join(), bg.join()] == [0, 0, 0]
    final = bg.out.getvalue().splitlines()[-1]
    assert watcher.out.getvalue().splitlines() == [final]
    assert "watching" in watcher.err.getvalue() and "open seats: 0" in watcher.err.getvalue()
    assert join_headless([target, "--headless", "--watch", "--seat", "1"]) == 2


def test_a_player_who_finds_no_seat_is_told_plainly_that_they_watch():
    bg, host = start_host(
        ["take5", "--seats", "open,bot", "--port", "0", "--loopback", "--no-advertise"]
        + ["--bot-delay", "60", "--takeover", "60"]
    )
    target = f"127.0.0.1:{host.address[1]}"
    try:
        from net.client import connect

        seated = connect(target, player="Ana")
        seated.close()  # Ana's seat is away now; nobody else may take it
        err = io.StringIO()
        code = join_headless([target, "--headless", "--timeout", "0.5"], out=io.StringIO(), err=err)
        assert code == 1
        text = err.getvalue()
        assert "you are watching" in text and "no seat is open" in text
        assert "away: 0 (Ana)" in text and "--seat N --token T" in text
    finally:
        host.stop()
        bg.join()


def test_tables_says_how_to_join_by_address_when_none_is_found():
    out = io.StringIO()
    assert tables_command(["--timeout", "0.2", "--loopback"], out=out) == 0
    text = out.getvalue()
    assert "tapete join HOST:PORT" in text or " — " in text


def test_host_logs_and_resumes(tmp_path):
    from net.log import read_log

    log = tmp_path / "t.log"
    bg, host = start_host(
        [
            "take5",
            "--seats",
            "bot,bot:easy",
            "--port",
            "0",
            "--loopback",
            "--no-advertise",
            "--bot-delay",
            "0",
            "--seed",
            "3",
            "--log",
            str(log),
            "--name",
            "Logged",
        ]
    )
    assert bg.join() == 0
    rec = read_log(log)
    outcome = json.loads(bg.out.getvalue().splitlines()[-1])
    assert rec["chosen_seed"] == 3 and rec["seed"] == outcome["seed"] != 3
    assert len(rec["actions"]) == outcome["actions"]
    # Resuming a finished table ends at once with the same outcome.
    bg2, _ = start_host(
        ["--log", str(log), "--resume", "--port", "0", "--loopback", "--no-advertise"]
    )
    assert bg2.join() == 0
    assert json.loads(bg2.out.getvalue().splitlines()[-1]) == outcome
    err = io.StringIO()
    assert (
        host_command(["--resume", "--log", str(tmp_path / "none")], out=io.StringIO(), err=err) == 2
    )


def test_a_host_refused_for_a_busy_port_leaves_no_log(tmp_path, monkeypatch):
    import socket

    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path))
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    try:
        err = io.StringIO()
        argv = ["take5", "--seats", "open,bot", "--loopback", "--no-advertise"]
        code = host_command(argv + ["--port", str(busy.getsockname()[1])], io.StringIO(), err)
        assert code == 1 and "cannot listen" in err.getvalue()
        assert list(tmp_path.rglob("*.jsonl")) == []
    finally:
        busy.close()


def test_a_sigtermed_host_says_goodbye_and_leaves_the_list(tmp_path):
    import os
    import pathlib
    import signal
    import subprocess
    import sys

    from net.discovery import TableBrowser

    root = pathlib.Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "TAPETE_DATA_DIR": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "client", "host", "take5", "--seats", "open,bot"]
        + ["--loopback", "--port", "0", "--name", "Goodbye"],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        port = None
        for line in proc.stdout:
            if "Join with" in line:
                port = int(line.split(":")[-1])
            if "Announced" in line:
                break
        assert port is not None
        with TableBrowser(loopback=True) as browser:
            end = time.monotonic() + WAIT
            while not any(t.port == port for t in browser.poll()) and time.monotonic() < end:
                time.sleep(0.05)
            assert any(t.port == port for t in browser.poll())
            proc.send_signal(signal.SIGTERM)
            t0 = time.monotonic()
            while any(t.port == port for t in browser.poll()) and time.monotonic() < end:
                time.sleep(0.05)
            assert time.monotonic() - t0 < 10.0
        assert proc.wait(WAIT) == 128 + signal.SIGTERM
        assert "SIGTERM" in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _ipv6_loopback() -> bool:
    import socket

    try:
        with socket.socket(socket.AF_INET6) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


@pytest.mark.skipif(not _ipv6_loopback(), reason="this machine has no IPv6 loopback (::1)")
def test_an_ipv6_host_is_printed_in_brackets_and_joined_so():
    bg, host = start_host(
        ["take5", "--seats", "open,bot", "--port", "0", "--address", "::1", "--no-advertise"]
        + ["--bot-delay", "0"]
    )
    port = host.address[1]
    assert f"tapete join [::1]:{port}" in bg.out.getvalue()
    out = io.StringIO()
    assert join_headless([f"[::1]:{port}", "--headless"], out=out, err=io.StringIO()) == 0
    assert bg.join() == 0 and out.getvalue().splitlines() == bg.out.getvalue().splitlines()[-1:]


def test_the_host_says_where_it_can_be_joined(monkeypatch):
    import net.discovery as discovery
    from client.headless import _reachable_lines

    monkeypatch.setattr(discovery, "reachable_addresses", lambda loopback=False: [])
    (line,) = _reachable_lines("0.0.0.0", 47470, False)
    assert "No network address" in line and "other laptops cannot reach" in line
    monkeypatch.setattr(
        discovery, "reachable_addresses", lambda loopback=False: [("169.254.9.9", "eth0")]
    )
    lines = _reachable_lines("0.0.0.0", 47470, False)
    assert "link-local" in lines[1] and lines[-1] == "Join with: tapete join 169.254.9.9:47470"
    assert not any("127.0.0.1" in line for line in lines)
