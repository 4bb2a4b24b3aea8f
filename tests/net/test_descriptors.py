"""File descriptors (issue 29, item 6): a host raises its soft limit at the start, sheds
connections before the limit (lingering closed ones first), and reports running out at
most once per :data:`net.fds.REPORT_EVERY` seconds; a flood at a low limit neither
fills the terminal nor keeps a seat's player out."""

from __future__ import annotations

import errno
import os
import pathlib
import subprocess
import sys
import time

import pytest

from net import fds
from net.client import connect

ROOT = pathlib.Path(__file__).resolve().parents[2]

resource = pytest.importorskip("resource", reason="no RLIMIT_NOFILE on this platform")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_headroom_counts_rarely_and_says_how_far_past_the_margin():
    clock, counts = Clock(), []

    def count() -> int:
        counts.append(clock.now)
        return open_now[0]

    open_now = [100]
    room = fds.Headroom(lambda: 0, margin=128, limit=lambda: 300, count=count, clock=clock)
    assert room.over() == 100 - 172 + 1  # counted: 71 descriptors to spare
    assert [room.over() for _ in range(71)] == [0] * 71  # estimated, not counted
    assert counts == [0.0]
    assert room.over() == 100 - 172 + 1  # the estimate reached the bound: counted again
    open_now[0] = 180
    clock.now = 0.6  # a count is trusted RECOUNT_AFTER seconds
    assert room.over() == 9 and counts == [0.0, 0.0, 0.6]
    room.freed(9)
    assert room.over() == 9  # freed ones close on the loop's next pass: counted again
    unlimited = fds.Headroom(lambda: 0, limit=lambda: None, count=count)
    assert unlimited.over() == 0 and len(counts) == 4
    blind = fds.Headroom(lambda: 50, margin=128, limit=lambda: 300, count=lambda: None)
    assert blind.over() == 50 + fds.BASE - 172 + 1


class FakeLoop:
    def __init__(self) -> None:
        self.passed: list[dict] = []

    def default_exception_handler(self, context: dict) -> None:
        self.passed.append(context)


def test_running_out_is_said_once_per_ten_seconds_with_the_count_kept_quiet():
    clock, lines, loop = Clock(), [], FakeLoop()
    report = fds.ResourceErrors(say=lines.append, clock=clock)
    emfile = OSError(errno.EMFILE, "Too many open files")
    for i in range(250):  # 10 a second for 25 s
        clock.now = i / 10
        report(loop, {"message": "socket.accept() out of system resource", "exception": emfile})
    other = {"message": "boom", "exception": ValueError("x")}
    report(loop, other)
    assert lines == [
        "tapete host: socket.accept() out of system resource: Too many open files",
        "tapete host: socket.accept() out of system resource: Too many open files "
        "(99 more such in the last 10 s, not shown)",
        "tapete host: socket.accept() out of system resource: Too many open files "
        "(99 more such in the last 10 s, not shown)",
    ]
    assert (report.said, report.quiet, loop.passed) == (3, 49, [other])


HOST = """
import resource, sys
resource.setrlimit(resource.RLIMIT_NOFILE, ({soft}, {hard}))
from net.local import LocalHost
host = LocalHost("take5", ["open", "open"], 1, bot_delay=0, takeover_delay=120)
host.start()
port = host.listen(0, "127.0.0.1")
print(port, *resource.getrlimit(resource.RLIMIT_NOFILE), flush=True)
sys.stdin.read()
print(*(host._services[0].made_room[k] for k in ("lingering", "silent", "new")), flush=True)
host.stop()
"""


FLOOD = """
import resource, socket, time
resource.setrlimit(resource.RLIMIT_NOFILE, (resource.getrlimit(resource.RLIMIT_NOFILE)[1],) * 2)
port, seconds, hold, rate = {port}, {seconds}, {hold}, {rate}
held, opened, start = [], 0, time.monotonic()
while time.monotonic() < start + seconds:
    now = time.monotonic()
    while held and now - held[0][0] > hold:
        held.pop(0)[1].close()
    if opened >= (now - start) * rate:
        time.sleep(0.002)
        continue
    s = socket.socket()
    s.setblocking(False)
    s.bind((f"127.0.0.{{2 + opened % 40}}", 0))
    s.connect_ex(("127.0.0.1", port))
    held.append((now, s))
    opened += 1
print(opened, flush=True)
"""


def python(script: str, **kw) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kw,
    )


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts descriptors in /proc")
def test_a_flood_at_a_low_limit_prints_little_and_the_owner_gets_back_in():
    """A flood of silent sockets from 40 addresses (its own process, 600 a second, each
    held 2.5 s, never read nor written) at a host whose limit is 400 (hard 600): without
    shedding, the sockets pushed out and lingering alone pass the limit."""
    child = python(HOST.format(soft=400, hard=600), stdin=subprocess.PIPE)
    flood = None
    try:
        port, soft, hard = map(int, child.stdout.readline().split())
        assert (soft, hard) == (600, 600)  # raised to the hard limit at the start
        target = f"127.0.0.1:{port}"
        ana = connect(target, player="Ana", seat=0)
        token = ana.token
        ana.close()
        flood = python(FLOOD.format(port=port, seconds=6.0, hold=2.5, rate=600))
        time.sleep(2.0)  # the flood is at its height: 2.5 s of silent sockets held
        waits = []
        for _ in range(5):
            start = time.monotonic()
            back = connect(target, player="Ana", seat=0, token=token, timeout=5.0)
            waits.append(round(time.monotonic() - start, 3))
            assert (back.seat, back.welcome["seat"]) == (0, 0), waits
            back.close()
            time.sleep(0.3)
        opened = int(flood.communicate(timeout=30)[0])
    finally:
        if flood is not None and flood.poll() is None:
            flood.kill()
            flood.communicate()
        try:
            out, err = child.communicate("", timeout=30)  # stdin closes: the host stops
        except subprocess.TimeoutExpired:
            child.kill()
            out, err = child.communicate()
    assert opened > 3000, opened  # far more than the limit's 600 descriptors
    lines = err.splitlines()
    assert len(lines) <= 3, lines[:10]
    assert all(line.startswith("tapete host: ") for line in lines), lines[:3]
    lingering, silent, new = map(int, out.split())
    assert lingering > 1000, (lingering, silent, new)  # room came from closed connections


def test_a_listening_host_reports_running_out_once_through_its_loop(caplog):
    from net.local import LocalHost

    host = LocalHost("take5", ["open", "bot"], 1)
    host.start()
    try:
        host.listen(0, "127.0.0.1")
        emfile = OSError(errno.EMFILE, "Too many open files")
        context = {"message": "socket.accept() out of system resource", "exception": emfile}

        async def fail_50_times() -> None:
            for _ in range(50):
                host.loop.call_exception_handler(context)

        with caplog.at_level("WARNING"):
            host.run(fail_50_times())
        assert isinstance(host.loop.get_exception_handler(), fds.ResourceErrors)
        assert [r.getMessage() for r in caplog.records] == [
            "tapete host: socket.accept() out of system resource: Too many open files"
        ]
        assert host.loop.get_exception_handler().quiet == 49
    finally:
        host.stop()
