"""What ``tapete join --headless`` tells its player (issue 32): a stopped host is waited
for and the seat comes back; a seat taken back by another device is said; every notice
is printed; a kept token that proves no seat is not called "back"."""

from __future__ import annotations

import io
import json
import threading
import time

import pytest

from client.cli import main
from net.client import connect
from net.local import LocalHost

WAIT = 60.0


class Background:
    """``main(argv)`` on a thread; ``code`` once done, ``err`` its lines."""

    def __init__(self, argv, **kw) -> None:
        self.out, self.err, self.code = io.StringIO(), io.StringIO(), None
        self.thread = threading.Thread(
            target=lambda: setattr(self, "code", main(argv, out=self.out, err=self.err, **kw))
        )
        self.thread.start()

    def said(self, text: str, timeout: float = WAIT) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in self.err.getvalue().splitlines():
                if text in line:
                    return line
            time.sleep(0.05)
        raise AssertionError(f"never said {text!r}; said:\n{self.err.getvalue()}")

    def join(self) -> int:
        self.thread.join(WAIT)
        assert not self.thread.is_alive(), "the command did not end"
        return self.code


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))


def hosted(argv):
    ready, box = threading.Event(), {}

    def on_ready(host):
        box["host"] = host
        ready.set()

    bg = Background(["host", *argv], ready=on_ready)
    assert ready.wait(WAIT), bg.err.getvalue()
    return bg, box["host"]


def test_a_stopped_host_is_waited_for_and_the_seat_plays_on_when_it_is_resumed(tmp_path):
    log = str(tmp_path / "t.jsonl")
    base = ["--port", "0", "--loopback", "--no-advertise", "--bot-delay", "0", "--log", log]
    bg, host = hosted(["take5", "--seats", "open,bot", *base])
    port = host.address[1]
    player = Background(["join", f"127.0.0.1:{port}", "--headless", "--think", "0.05"])
    player.said("in seat 0")
    host.stop(resumable=True)  # as SIGTERM, SIGHUP or Ctrl-C do in `tapete host`
    assert bg.join() == 1
    assert player.said("the host stopped") == (
        "tapete join: the host stopped — this table can be resumed; keeping seat 0 and "
        "waiting for it (Ctrl-C to leave; giving up in 43200 s)"
    )
    resumed, _ = hosted(["--log", log, "--resume", "--port", str(port), "--loopback",
                         "--no-advertise", "--bot-delay", "0"])  # fmt: skip
    assert player.said("tapete join: back") == "tapete join: back (seat 0)"
    assert resumed.join() == 0 and player.join() == 0
    outcome = json.loads(resumed.out.getvalue().splitlines()[-1])
    assert json.loads(player.out.getvalue().splitlines()[-1]) == outcome


def test_a_seat_taken_back_by_another_device_is_said(tmp_path):
    host = LocalHost("take5", ["open", "bot"], 3, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        first = Background(["join", f"127.0.0.1:{port}", "--headless", "--think", "5"])
        line = first.said("in seat 0")
        token = line.split("its token is ")[1].split()[0]
        other = connect(f"127.0.0.1:{port}", seat=0, token=token)  # the other laptop
        try:
            assert first.join() == 1
            assert first.err.getvalue().splitlines()[-1] == (
                "tapete join: Your seat was taken back by another device, with its token"
            )
            assert other.seat == 0
        finally:
            other.close()
    finally:
        host.stop()


def test_every_notice_is_printed():
    host = LocalHost("take5", ["open", "open"], 4, bot_delay=0.0, takeover_delay=0.3)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        watcher = Background(["join", f"127.0.0.1:{port}", "--headless", "--watch"])
        watcher.said("watching")
        ana = connect(f"127.0.0.1:{port}", player="Ana")
        bo = connect(f"127.0.0.1:{port}", player="Bo")
        bo_token = bo.token
        bo._closing = True  # a dropped link, not a goodbye
        bo.close()
        assert watcher.said("stand-in") == (
            "tapete join: a stand-in bot plays for Bo until they return"
        )
        again = connect(f"127.0.0.1:{port}", seat=1, token=bo_token)
        assert watcher.said("is back") == "tapete join: Bo is back; the stand-in stops"
        host.call(lambda t: t.hand_over(0))
        assert watcher.said("left") == "tapete join: Ana left; a bot plays their seat"
        again.close()
        ana.close()
    finally:
        host.stop()
        watcher.join()


def test_a_kept_token_that_proves_no_seat_is_not_called_back(tmp_path):
    log = str(tmp_path / "lobby.jsonl")
    host = LocalHost("take5", ["open", "open", "bot"], 5, bot_delay=0.0, log=log)
    host.start()
    port = host.listen(0, "127.0.0.1")
    first = Background(["join", f"127.0.0.1:{port}", "--headless", "--timeout", "1"])
    first.said("in seat 0")
    assert first.join() == 1  # timed out in the lobby; its token is kept
    host.stop(resumable=True)
    resumed = LocalHost.resume(log, bot_delay=0.0)  # a lobby resumes with its seats open
    resumed.start()
    try:
        resumed.listen(port, "127.0.0.1")
        again = Background(["join", f"127.0.0.1:{port}", "--headless", "--timeout", "1"])
        line = again.said("seat 0")
        assert line.startswith("tapete join: in seat 0 at “")
        again.join()
    finally:
        resumed.stop()


def test_one_machine_keeps_each_seats_token_and_lists_the_others():
    host = LocalHost("take5", ["open", "open", "bot"], 6, bot_delay=0.0, takeover_delay=60.0)
    host.start()
    try:
        target = f"127.0.0.1:{host.listen(0, '127.0.0.1')}"
        play = ["--headless", "--think", "1", "--timeout", "2"]
        first = Background(["join", target, *play])
        first.said("in seat 0")
        second = Background(["join", target, *play])  # a second window on this machine
        second.said("in seat 1")
        assert first.join() == 1 and second.join() == 1  # both timed out: seats away
        again = Background(["join", target, *play])
        assert again.said("seat 1 at").startswith("tapete join: back in seat 1 at “")
        assert again.said("also holds") == (
            f"tapete join: this machine also holds seat 0 at this table; to take one back: "
            f"tapete join {target} --seat N"
        )
        other = Background(["join", target, "--seat", "0", *play])
        assert other.said("seat 0 at").startswith("tapete join: back in seat 0 at “")
        again.join()
        other.join()
    finally:
        host.stop()


def test_a_turn_run_out_is_printed():
    host = LocalHost("take5", ["open", "bot"], 8, bot_delay=0.0, turn_seconds=0.5)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        watcher = Background(["join", f"127.0.0.1:{port}", "--headless", "--watch"])
        watcher.said("watching")
        ana = connect(f"127.0.0.1:{port}", player="Ana")  # never acts
        assert watcher.said("clock ran out") == (
            "tapete join: Ana's turn clock ran out: a stand-in chose for them"
        )
        ana.close()
    finally:
        host.stop()
        watcher.join()
