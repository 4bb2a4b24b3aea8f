"""One host per log (PROTOCOL.md "Log on disk"): a table's log is written by one process
at a time. Two hosts resuming one log would both serve the same table, under the same
name and identity, and both append to its log.

The lock is ``fcntl.flock`` on a file beside the log, ``PATH.lock`` (mode 0600), held
for as long as the log is open: the kernel lets it go when its process ends, however it
ends, so a crash leaves no stale lock. The lock file says who holds it (pid, host name,
since when) for the refusal's words; it is removed on release. Where ``flock`` is
missing (Windows) or the file system refuses it, a log is used unlocked, as before.
"""

from __future__ import annotations

import json
import os
import socket
import time
from typing import Any

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

from net.logread import LogError
from net.private import PRIVATE_FILE, _private
from net.text import clean

#: Largest lock file read for its holder's words (bytes).
MAX_LOCK_BYTES = 4096


class LogBusy(LogError):
    """A log another process holds: ``pid``, ``host`` (machine name) and ``since`` (Unix
    time) of the holder, each None when unknown. ``str()`` names the file and them."""

    def __init__(self, path: str, pid: int | None, host: str | None, since: float | None) -> None:
        self.pid, self.host, self.since = pid, host, since
        who = f"pid {pid}" if pid is not None else "another process"
        if host and host != socket.gethostname():
            who += f" on {host}"
        if since is not None:
            who += ", since " + time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(since))
        super().__init__(
            path,
            0,
            f"another Tapete host is running this table ({who}): one table, one host; "
            "stop that one first, or join it",
        )


class LogLock:
    """The lock of the log at ``path`` (``PATH.lock``). :meth:`acquire` takes it or
    raises :class:`LogBusy`; :meth:`release` lets it go (also at the process's end)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = os.fspath(path)
        self.lock_path = self.path + ".lock"
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> "LogLock":
        """Take the lock (returns self). Raises :class:`LogBusy` when another process
        holds it; ``OSError`` when the lock file cannot be made (the folder is not
        writable). Where ``flock`` is missing or refused, returns unlocked."""
        if self._fd is not None or fcntl is None:
            return self
        for _ in range(16):  # a holder that removes the file as we open it: once more
            flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
            fd = os.open(self.lock_path, flags, PRIVATE_FILE)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = _holder(fd)
                os.close(fd)
                raise LogBusy(self.path, *holder) from None
            except OSError:  # no locks on this file system (ENOLCK, EINVAL): unlocked
                os.close(fd)
                return self
            try:
                same = os.fstat(fd).st_ino == os.stat(self.lock_path).st_ino
            except OSError:
                same = False
            if not same:  # the file we locked was removed by its last holder: again
                os.close(fd)
                continue
            _private(fd)
            record = {"pid": os.getpid(), "host": socket.gethostname(), "since": time.time()}
            try:
                os.ftruncate(fd, 0)
                os.pwrite(fd, (json.dumps(record) + "\n").encode(), 0)
            except OSError:
                pass  # a full disk: the lock holds all the same, its words are missing
            self._fd = fd
            return self
        raise LogBusy(self.path, None, None, None)

    def release(self) -> None:
        """Let the lock go and remove its file (a no-op when not held)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.unlink(self.lock_path)  # while still locked: nobody holds a removed file
        except OSError:
            pass
        os.close(fd)

    def __enter__(self) -> "LogLock":
        return self.acquire()

    def __exit__(self, *exc: Any) -> None:
        self.release()


def _holder(fd: int) -> tuple[int | None, str | None, float | None]:
    """``(pid, host, since)`` from a lock file's record; None for what it lacks."""
    try:
        raw = os.pread(fd, MAX_LOCK_BYTES, 0)
        record = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError):
        return None, None, None
    if not isinstance(record, dict):
        return None, None, None
    pid, host, since = record.get("pid"), record.get("host"), record.get("since")
    return (
        pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
        clean(host, 64) if isinstance(host, str) else None,
        float(since) if isinstance(since, (int, float)) and not isinstance(since, bool) else None,
    )


def hold(path: str | os.PathLike) -> LogLock:
    """The lock of the log at ``path``, taken (see :meth:`LogLock.acquire`)."""
    return LogLock(path).acquire()
