"""A log that cannot write never stops a game (issue 32): the table plays on, every
action applied is sent, every seat is told once that the game can no longer be resumed
after a crash (``log-failed``) and when the log is back (``log-back``), and the log stays
a valid log — whole records only, every action in order once it is back."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import time

import pytest

import net.log
from net.host import Table
from net.local import LocalHost
from net.log import TableLog, read_log
from tests.net.conftest import Recorder

WAIT = 20.0


class FullDisk:
    """A log file on a disk that fills up: while ``full``, writes put at most ``room``
    more bytes (a short write, as a real disk does as it fills), then fail with
    ``ENOSPC``; truncating still works (it frees room)."""

    def __init__(self, real, room: int = 0) -> None:
        self.real, self.room, self.full, self.refused = real, room, False, 0

    def write(self, data) -> int:
        if not self.full:
            return self.real.write(data)
        if self.room > 0:
            n = self.real.write(bytes(data[: self.room]))
            self.room -= n
            return n
        self.refused += 1
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def truncate(self, size: int) -> int:
        return self.real.truncate(size)

    def fileno(self) -> int:
        return self.real.fileno()

    def close(self) -> None:
        self.real.close()


def log_notices(rec: Recorder) -> list[tuple[str, object]]:
    return [(m["event"], m["seat"]) for m in rec.of_type("notice")]


def play(table: Table, client, rec: Recorder, decisions: int) -> None:
    """``decisions`` of seat 0's (its first legal action each time), the bots answering."""
    for _ in range(decisions):
        table.step_bots()
        assert 0 in table.game.awaiting(table.state)
        table.receive(client, {"type": "action", "action": rec.legal[0]})
        table.step_bots()


def logged_table(tmp_path, room: int = 0):
    table = Table("take5", ["human", "bot", "bot:easy"], 31, clock=lambda: 0.0, bot_key=b"k" * 32)
    ana, watcher = Recorder(), Recorder()
    client = table.attach(0, ana, player="Ana")
    table.attach(None, watcher)
    log = TableLog.for_table(tmp_path / "t.jsonl", table)
    disk = FullDisk(log._file, room)
    log._file = disk
    return table, client, ana, watcher, log, disk


def test_a_full_disk_leaves_the_game_going_and_every_seat_told_once(tmp_path):
    table, client, ana, watcher, log, disk = logged_table(tmp_path, room=7)
    play(table, client, ana, 1)
    written = list(table.actions)
    disk.full = True
    play(table, client, ana, 3)  # the disk is full: 7 bytes fit, then ENOSPC
    # Every action applied was sent: each client's sequence is the table's.
    assert ana.seq == watcher.seq == len(table.actions) > len(written) + 3
    assert table.game.awaiting(table.state) == {0}  # the bots went on, the seat can act
    for rec in (ana, watcher):
        assert log_notices(rec) == [("log-failed", None)]  # once, however many actions
        said = rec.of_type("notice")[0]
        assert said["name"] == "" and "No space left on device" in said["message"]
        assert "cannot be resumed after a crash" in said["message"]
    assert log.failing and log.missing == len(table.actions) - len(written)
    assert log.error.errno == errno.ENOSPC and disk.refused >= 3
    # The file holds whole records only: the 7 bytes that fit were cut away again.
    on_disk = read_log(log.path)
    assert not on_disk["torn"] and on_disk["actions"] == written
    # Room again: the next action writes every waiting record, in order.
    disk.full = False
    play(table, client, ana, 1)
    for rec in (ana, watcher):
        assert log_notices(rec) == [("log-failed", None), ("log-back", None)]
        assert rec.of_type("notice")[-1]["message"] == (
            "the table's log is written again, every action in it"
        )
    assert not log.failing and log.missing == 0 and log.error is None
    on_disk = read_log(log.path)
    assert on_disk["actions"] == table.actions and not on_disk["torn"]
    log.close()


def test_a_seat_that_comes_while_the_log_fails_is_told_too(tmp_path):
    table, client, ana, _watcher, log, disk = logged_table(tmp_path)
    disk.full = True
    play(table, client, ana, 1)
    late = Recorder()
    table.attach(None, late)
    assert [m["type"] for m in late.messages] == ["welcome", "snapshot", "notice"]
    assert log_notices(late) == [("log-failed", None)]
    disk.full = False
    assert log.retry() is True
    assert log_notices(late) == [("log-failed", None), ("log-back", None)]
    later = Recorder()
    table.attach(None, later)
    assert [m["type"] for m in later.messages] == ["welcome", "snapshot"]
    log.close()


def test_a_log_that_cannot_catch_up_gives_up_and_stays_a_valid_log(tmp_path, monkeypatch):
    monkeypatch.setattr(net.log, "MAX_WAITING", 100)
    table, client, ana, watcher, log, disk = logged_table(tmp_path)
    play(table, client, ana, 1)
    written = list(table.actions)
    disk.full = True
    play(table, client, ana, 3)
    assert log.lost and log.failing and log.missing == len(table.actions) - len(written)
    disk.full = False
    play(table, client, ana, 1)  # room again, but the records given up on are gone
    assert log.retry() is False and log.missing == len(table.actions) - len(written)
    assert log_notices(watcher) == [("log-failed", None)]  # no log-back: it is not whole
    assert ana.seq == len(table.actions)
    assert read_log(log.path)["actions"] == written  # a valid log, up to where it stopped
    log.close()


def test_the_host_tries_the_log_again_on_its_own_and_says_when_it_is_back(tmp_path, monkeypatch):
    monkeypatch.setattr(net.log, "LOG_RETRY", 0.05)
    path = tmp_path / "t.jsonl"
    h = LocalHost("take5", ["human", "bot", "bot"], 8, bot_delay=0.0, log=str(path))
    h.start()
    try:
        disk = h.call(lambda t: FullDisk(h.log._file))
        h.log._file = disk
        conn = h.connect(0, "Ana")
        got: list[dict] = []

        def until(ok) -> None:
            end = time.monotonic() + WAIT
            while not ok():
                assert time.monotonic() < end, got
                got.extend(conn.poll())
                time.sleep(0.01)

        until(lambda: any(m["type"] == "snapshot" for m in got))
        disk.full = True
        action = h.call(lambda t: t.legal_actions(0)[0])
        conn.send({"type": "action", "action": action})
        until(lambda: any(m.get("event") == "log-failed" for m in got))
        assert h.call(lambda t: len(t.actions)) >= 1
        disk.full = False  # nobody acts now: the host's own retry brings the log back
        until(lambda: any(m.get("event") == "log-back" for m in got))
        events = [m["event"] for m in got if m["type"] == "notice"]
        assert events == ["log-failed", "log-back"]
        actions = h.call(lambda t: list(t.actions))
        assert read_log(path)["actions"] == actions
    finally:
        h.stop()


def _can_mount() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("mount") is not None


@pytest.mark.skipif(not _can_mount(), reason="mounting a small tmpfs needs root and mount(8)")
def test_a_real_full_tmpfs_leaves_a_valid_log_that_catches_up(tmp_path):
    """The same on a real disk: a 64 KiB tmpfs, filled by a ballast file."""
    mnt = tmp_path / "small"
    mnt.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mnt)])
    if done.returncode != 0:
        pytest.skip("this machine refuses to mount a tmpfs")
    log = None
    try:
        table = Table(
            "take5", ["human", "bot", "bot:easy"], 31, clock=lambda: 0.0, bot_key=b"k" * 32
        )
        ana, watcher = Recorder(), Recorder()
        client = table.attach(0, ana, player="Ana")
        table.attach(None, watcher)
        log = TableLog.for_table(mnt / "t.jsonl", table)
        play(table, client, ana, 1)
        written = list(table.actions)
        ballast = mnt / "ballast"
        with open(ballast, "wb", buffering=0) as f:
            with pytest.raises(OSError) as full:
                while True:
                    f.write(b"\0" * 512)
            assert full.value.errno == errno.ENOSPC
        # The log's last page still has room (tmpfs hands out 4 KiB pages): play on
        # until it is full.
        while not log.failing:
            assert not table.is_over(), "the log's page never filled"
            play(table, client, ana, 1)
        play(table, client, ana, 1)
        assert log_notices(watcher) == [("log-failed", None)]
        assert ana.seq == len(table.actions) and log.error.errno == errno.ENOSPC
        on_disk = read_log(log.path)
        assert not on_disk["torn"] and on_disk["actions"] == table.actions[: -log.missing]
        assert len(on_disk["actions"]) > len(written)
        ballast.unlink()
        assert log.retry() is True
        assert log_notices(watcher) == [("log-failed", None), ("log-back", None)]
        assert read_log(log.path)["actions"] == table.actions
    finally:
        if log is not None:
            log.close()
        subprocess.run(["umount", "-l", str(mnt)])


def test_a_log_that_fails_as_it_opens_tells_every_seat_that_comes(tmp_path, monkeypatch):
    table, client, ana, _watcher, log, _disk = logged_table(tmp_path)
    play(table, client, ana, 1)
    log.close()
    play(table, client, ana, 1)  # the file lacks these actions now
    real_append, disks = net.log._append, []

    def full_disk(path):
        disks.append(FullDisk(real_append(path)))
        disks[-1].full = True
        return disks[-1]

    monkeypatch.setattr(net.log, "_append", full_disk)
    again = TableLog.for_table(log.path, table)  # appends the missing actions: ENOSPC
    assert again.failing and again.missing >= 1
    late = Recorder()
    table.attach(None, late)
    assert log_notices(late) == [("log-failed", None)]
    disks[-1].full = False
    assert again.retry() is True and log_notices(late)[-1] == ("log-back", None)
    assert read_log(log.path)["actions"] == table.actions
    again.close()
