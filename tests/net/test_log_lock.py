"""One process per log (issue 32): a second host on a log another process hosts is
refused — ``tapete host --resume``, the window's host process, ``LocalHost.resume`` —
and told who holds it (pid, since when); a lock its holder's death let go does not
stand in the way (net/loglock.py)."""

from __future__ import annotations

import io
import json
import os
import stat
import subprocess
import sys
import time

import pytest

from client.cli import main
from net.host import Table
from net.local import LocalHost
from net.log import LogBusy, TableLog, read_log
from net.loglock import LogLock

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HOLD = (
    "import sys\n"
    "from net.loglock import hold\n"
    "lock = hold(sys.argv[1])\n"
    "print('held', flush=True)\n"
    "sys.stdin.read()\n"
)


def a_log(tmp_path) -> str:
    """A log of a bots' table, started."""
    path = str(tmp_path / "t.jsonl")
    table = Table("take5", ["open", "bot", "bot"], 9, clock=lambda: 0.0)
    table.start()
    TableLog.for_table(path, table).close()
    return path


@pytest.fixture
def other_host():
    """``hold(path)``: another process holds ``path``'s log; returns its pid."""
    procs = []

    def hold(path: str) -> int:
        p = subprocess.Popen(
            [sys.executable, "-c", HOLD, path],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        procs.append(p)
        assert p.stdout.readline().strip() == "held"
        return p.pid

    yield hold
    for p in procs:
        p.stdin.close()
        p.wait(20)


def test_a_second_tapete_host_on_a_held_log_is_refused_with_who_holds_it(tmp_path, other_host):
    path = a_log(tmp_path)
    before = open(path, "rb").read()
    since = time.time()
    pid = other_host(path)
    out, err = io.StringIO(), io.StringIO()
    argv = ["host", "--log", path, "--resume", "--port", "0", "--loopback", "--no-advertise"]
    assert main(argv, out=out, err=err) == 1
    said = err.getvalue()
    assert said.startswith(f"tapete host: cannot resume: {path}: another Tapete host is ")
    assert f"(pid {pid}, since " in said and "one table, one host" in said
    stamp = time.strftime("%Y-%m-%d %H:", time.localtime(since))
    assert stamp in said
    assert out.getvalue() == ""  # it never served
    assert open(path, "rb").read() == before  # nor wrote a byte


def test_every_host_of_a_held_log_is_refused(tmp_path, other_host):
    path = a_log(tmp_path)
    pid = other_host(path)
    with pytest.raises(LogBusy) as busy:
        LocalHost.resume(path)
    assert busy.value.pid == pid and busy.value.since is not None
    from client.hostchild import build
    from client.launch import SetupError

    with pytest.raises(SetupError) as refused:
        build({"resume": path, "log": path, "bot_delay": 0})
    assert f"pid {pid}" in refused.value.message
    table = Table("take5", ["open", "bot", "bot"], 9)
    with pytest.raises(LogBusy):
        TableLog.for_table(path, table)


def test_two_hosts_in_one_process_are_two_hosts_too(tmp_path):
    path = a_log(tmp_path)
    first = LocalHost.resume(path)
    first.start()
    try:
        with pytest.raises(LogBusy) as busy:
            LocalHost.resume(path)
        assert busy.value.pid == os.getpid()
    finally:
        first.stop()
    again = LocalHost.resume(path)  # stopped: the log is free
    again.start()
    again.stop()


def test_a_dead_holder_leaves_no_lock_and_the_lock_file_is_private(tmp_path):
    path = a_log(tmp_path)
    killed = subprocess.Popen(
        [sys.executable, "-c", HOLD, path], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    assert killed.stdout.readline().strip() == b"held"
    killed.kill()  # a crash: its lock file stays, the kernel lets the lock go
    killed.wait(20)
    assert os.path.exists(path + ".lock")
    host = LocalHost.resume(path)
    host.start()
    try:
        mode = stat.S_IMODE(os.stat(path + ".lock").st_mode)
        assert mode == 0o600
        holder = json.loads(open(path + ".lock").read())
        assert holder["pid"] == os.getpid() and holder["since"] <= time.time()
        assert read_log(path)["game"] == "take5"
    finally:
        host.stop()
    assert not os.path.exists(path + ".lock")  # released: removed


def test_a_lock_file_that_is_junk_or_a_link_changes_nothing(tmp_path):
    path = str(tmp_path / "t.jsonl")
    with open(path + ".lock", "w") as f:
        f.write("\x1b]0;pwned\x07 not json")
    lock = LogLock(path).acquire()
    assert lock.held
    lock.release()
    target = tmp_path / "elsewhere"
    target.write_text("keep")
    os.symlink(target, path + ".lock")
    with pytest.raises(OSError):  # never written through a planted link
        LogLock(path).acquire()
    assert target.read_text() == "keep"


def test_a_holders_words_are_cleaned_before_anyone_prints_them(tmp_path, other_host):
    path = a_log(tmp_path)
    other_host(path)
    with open(path + ".lock", "w") as f:  # the file is only words: the lock is the kernel's
        json.dump({"pid": True, "host": "\x1b]0;pwned\x07evil" + "x" * 500, "since": "now"}, f)
    with pytest.raises(LogBusy) as busy:
        LogLock(path).acquire()
    assert busy.value.pid is None and busy.value.since is None
    assert busy.value.host.startswith("]0;pwnedevil") and len(busy.value.host) <= 64
    said = str(busy.value)
    assert "\x1b" not in said and "\x07" not in said and "another process on ]0;pwned" in said
