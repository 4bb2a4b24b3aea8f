"""The host's append-only log on disk (DESIGN.md "Protocol"): a table survives a host
crash and can be resumed and replayed.

A log is JSON lines (UTF-8), flushed after each:

* first the header ``{"format", "game", "rules_version", "options", "seats", "seed",
  "name"}`` plus ``table_id``, ``bot_key`` (the bots' secret key, hex) and
  ``table_key`` (the table's private Ed25519 key, hex: it proves the table's identity,
  :mod:`net.identity`) when the table has them, and ``chosen_seed`` and ``seed_secret``
  (hex) when ``seed`` was mixed from a seed a player chose (:func:`net.host.mixed_seed`;
  ``seed`` is what the table deals from, so a replay needs nothing else); other keys are
  kept as they are;
* one ``[seat, action]`` per accepted action;
* ``{"seating": [{"kind", "name", "level", "token"}, ...], "started": bool}`` when the
  log begins and whenever who holds the seats changes from the start on (the host
  starts with bots), so a resumed table gives each returning player the seat their
  token holds;
* ``{"outcome": {...}}`` once the game is over (lets a list of logs tell finished games
  from unfinished ones).

**Reading never loses a game.** Only a torn *last* line (a crash mid-write) is
forgiven. Any other line that cannot be read — garbled, of a record type this version
does not know, of the wrong shape — stops reading with a :class:`LogError` naming the
file, the line and the reason. ``format`` is :data:`LOG_FORMAT`; a log without it is
format 1 (the same records: read as is); a newer format is refused
(:class:`LogVersionError`), and so is a log whose ``rules_version`` is not the one this
Tapete plays (its actions might mean something else).

**Nothing rewrites a log it did not fully understand.** Resuming appends to the log it
read (after keeping a copy of a torn one beside it, ``PATH.torn``, and cutting only the
torn tail); a file that is not this table's log is never overwritten.

The log holds the seed, the bots' key, the table's key and the seat tokens: it is the
host's private file. **It is private on disk**: every file this module creates (the log, its
``.tmp`` twin, a torn log's copy) is made mode 0600, a log appended to is tightened to
0600, and the user's data folder and its ``logs/`` folder are 0700 — created so and
tightened when found looser (:func:`private_folder`). The umask never loosens them.

Resuming (:func:`resume_table`) replays the actions and lets each easy/normal bot see
every view it saw before, so its own generator is where it was: with the same seed a
resumed bots-only game ends exactly as the uninterrupted one.

This module writes logs (:class:`TableLog`); :mod:`net.logread` reads them,
:mod:`net.resume` rebuilds tables from them and :mod:`net.private` makes private files
and folders. Their public names are all given here too (``from net.log import ...``).
"""

from __future__ import annotations

import errno
import json
import os
from typing import IO, Any, Callable

from net.logread import (
    LOG_FORMAT,
    MAX_DEPTH,
    MAX_LOG_BYTES,
    MAX_SEATS,
    READABLE_FORMATS,
    SEAT_KINDS,
    TABLE_ID,
    LogError,
    LogVersionError,
    list_logs,
    log_status,
    log_summary,
    read_log,
)
from net.loglock import LogBusy, LogLock
from net.private import (
    APP,
    PRIVATE_FILE,
    PRIVATE_FOLDER,
    _private,
    data_dir,
    default_log_path,
    logs_dir,
    open_private,
    private_folder,
    write_private,
)
from net.resume import (
    REPLAYABLE_LEVELS,
    replay_states,
    replay_table,
    restore_seating,
    resume_table,
)

# What ``from net.log import ...`` has always given, wherever it lives now.
__all__ = [
    "APP",
    "LOG_FORMAT",
    "MAX_DEPTH",
    "MAX_LOG_BYTES",
    "MAX_SEATS",
    "PRIVATE_FILE",
    "PRIVATE_FOLDER",
    "READABLE_FORMATS",
    "REPLAYABLE_LEVELS",
    "SEAT_KINDS",
    "TABLE_ID",
    "LogBusy",
    "LogError",
    "LogLock",
    "LogVersionError",
    "TableLog",
    "data_dir",
    "default_log_path",
    "list_logs",
    "log_status",
    "log_summary",
    "logs_dir",
    "open_private",
    "private_folder",
    "read_log",
    "replay_states",
    "replay_table",
    "restore_seating",
    "resume_table",
    "write_private",
]


#: Seconds between two tries to write records a failed write left waiting (each new
#: record tries too): :class:`TableLog`, driven by the host (``net.local.LocalHost``).
LOG_RETRY = 5.0
#: Most bytes of records kept waiting while the log cannot be written (a long Guandan
#: match logs well under 2 MiB); past it the log gives up (``TableLog.lost``).
MAX_WAITING = 16 * 1024 * 1024


def _line(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False) + "\n"


def _seating(table) -> dict:
    """The seats as a ``seating`` record (tokens included: the log is the host's)."""
    return {
        "seating": [
            {"kind": s.kind, "name": s.name, "level": s.level, "token": s.token}
            for s in table._seats
        ],
        "started": bool(table.started),
    }


class TableLog:
    """Appends a table's records to ``path``, the only process that does (``lock``: a
    :class:`net.loglock.LogLock` it holds, released at :meth:`close`).

    A new log is first written whole (header and ``actions`` so far, then ``extra``
    lines) beside it and moved into place, so it never exists half-written. An existing
    log is only ever appended to, through :meth:`for_table`.

    **A log that cannot be written never stops the table.** Each record goes to the file
    in one piece or not at all: a write that fails (a full disk: ``ENOSPC``; any
    ``OSError``) is cut back to the last whole record, and the record waits in memory,
    in order, with every later one. Each new record, and :meth:`retry` (the host calls
    it every :data:`LOG_RETRY` seconds while :attr:`failing`), tries them all again; once
    they are written the log holds every record in order again. :attr:`on_failed` is
    called once when a write first fails, :attr:`on_back` when the waiting records are
    written (:meth:`for_table` tells the table's seats: ``notice`` ``log-failed``,
    ``log-back``). Past :data:`MAX_WAITING` bytes waiting the log gives up (:attr:`lost`):
    it stays a valid log of the game up to where it stopped, and says so."""

    def __init__(
        self,
        path: str | os.PathLike,
        header: dict,
        actions: list = (),
        extra: list = (),
        lock: LogLock | None = None,
    ) -> None:
        self.path = os.fspath(path)
        self.lock = lock
        private_folder(os.path.dirname(os.path.abspath(self.path)))
        tmp = self.path + ".tmp"
        with os.fdopen(open_private(tmp), "w", encoding="utf-8") as f:
            for value in [header, *actions, *extra]:
                f.write(_line(value))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        self._open()

    def _open(self) -> None:
        self._file = _append(self.path)
        #: Bytes of whole records in the file: a failed write is cut back to it.
        self._size = os.fstat(self._file.fileno()).st_size
        self._waiting: list[bytes] = []  # records not written yet, in order
        self._waiting_bytes = 0
        self._seating: dict | None = None
        self._ended = False
        #: The failure that keeps records waiting (None while the log is whole).
        self.error: OSError | None = None
        #: The log gave up: more than :data:`MAX_WAITING` bytes could not be written.
        self.lost = False
        self._dropped = 0  # records given up on
        #: Called with the ``OSError`` when a write first fails (not again until back).
        self.on_failed: Callable[[OSError], None] | None = None
        #: Called once the waiting records are written: the log is whole again.
        self.on_back: Callable[[], None] | None = None

    @classmethod
    def _append_to(cls, path: str, rec: dict, table, lock: LogLock | None) -> "TableLog":
        """Continue the log ``rec`` read from ``path`` (``table``'s own, checked by the
        caller): a torn tail is kept in ``PATH.torn`` and cut off, then the records the
        file lacks are appended."""
        if rec["torn"]:
            keep = _free_name(path + ".torn")
            with open(path, "rb") as src, os.fdopen(open_private(keep, False), "wb") as dst:
                while chunk := src.read(1 << 20):
                    dst.write(chunk)
            with open(path, "r+b") as f:
                f.truncate(rec["end"])
        log = cls.__new__(cls)
        log.path, log.lock = path, lock
        log._open()
        if rec["unterminated"]:  # the last record's newline, before any other
            log._waiting, log._waiting_bytes = [b"\n"], 1
            log.retry()
        log._seating = {"seating": rec["seating"], "started": rec["started"]}
        log._ended = rec["outcome"] is not None
        for seat, action in table.actions[len(rec["actions"]) :]:
            log.append(seat, action)
        return log

    @classmethod
    def for_table(cls, path: str | os.PathLike, table, lock: LogLock | None = None) -> "TableLog":
        """A log of ``table`` (a :class:`net.host.Table`): header and the actions so far;
        then keeps it up to date through ``table.on_action`` and ``table.on_seats``, and
        tells the table's seats when it cannot (``log-failed``) and when it can again
        (``log-back``: :meth:`net.host.Table.announce`).

        ``lock``: the log's lock, already held (:func:`net.loglock.hold`, taken before
        the log was read to resume it); without one it is taken here, before anything
        is read. When ``path`` already holds this table's log (a resumed table: same
        game, seats, seed and options, its actions a prefix of the table's), it is
        appended to, never rewritten. Raises :class:`net.loglock.LogBusy` (a
        :class:`LogError`) when another process holds the log, :class:`LogError` when
        ``path`` holds anything else (another table's log, a log it cannot read): that
        file is left untouched; ``OSError`` when it cannot be written at all."""
        path = os.fspath(path)
        own = lock is None
        if own:
            private_folder(os.path.dirname(os.path.abspath(path)))  # the lock file's too
            lock = LogLock(path).acquire()
        try:
            log = cls._for_table(path, table, lock)
        except BaseException:
            if own:
                lock.release()
            raise
        return log

    @classmethod
    def _for_table(cls, path: str, table, lock: LogLock) -> "TableLog":
        rec = None
        if os.path.exists(path) and os.path.getsize(path) > 0:
            rec = read_log(path)
            _check_same_table(path, rec, table)
        header = _header(table)
        seating = _seating(table)
        if rec is None:
            extra = [seating]
            if table.is_over():
                extra.append({"outcome": table.outcome()})
            log = cls(path, header, table.actions, extra, lock)
            log._seating = seating
            log._ended = table.is_over()
        else:
            log = cls._append_to(path, rec, table, lock)
            if seating != log._seating:
                log._seating = seating
                log._write(seating)
            if not log._ended and table.is_over():
                log._ended = True
                log._write({"outcome": table.outcome()})
        before, before_seats = table.on_action, table.on_seats

        def on_action(seat: int, action: dict) -> None:
            if before is not None:
                before(seat, action)
            log.append(seat, action)
            if not log._ended and table.is_over():
                log._ended = True
                log._write({"outcome": table.outcome()})

        def on_seats() -> None:
            if before_seats is not None:
                before_seats()
            now = _seating(table)
            # Seating is recorded from the start on (a resumed lobby opens its seats
            # again anyway), so taking and leaving lobby seats cannot grow the log.
            if table.started and now != log._seating:
                log._seating = now
                log._write(now)

        def failed(exc: OSError) -> None:
            why = exc.strerror or type(exc).__name__
            words = (
                f"the table's log cannot be written ({why}): the game goes on, but it "
                "cannot be resumed after a crash until the log is back"
            )
            table.announce("log-failed", words, lasting=True)

        def back() -> None:
            words = "the table's log is written again, every action in it"
            table.announce("log-back", words, ends="log-failed")

        table.on_action = on_action
        table.on_seats = on_seats
        log.on_failed, log.on_back = failed, back
        if log.error is not None:  # already failing (a full disk at a resume): told too
            failed(log.error)
        return log

    # ------------------------------------------------------------------ writing
    @property
    def failing(self) -> bool:
        """Whether the file lacks records the table has (waiting, or given up on)."""
        return bool(self._waiting) or self.lost

    @property
    def missing(self) -> int:
        """How many records the file lacks now (0 for a whole log)."""
        return sum(1 for w in self._waiting if w != b"\n") + self._dropped

    def _write(self, value) -> None:
        """Write one record after those waiting (never raises: see the class)."""
        if self._file is None:
            return
        if self.lost:
            self._dropped += 1
            return
        data = _line(value).encode("utf-8")
        self._waiting.append(data)
        self._waiting_bytes += len(data)
        if self._waiting_bytes > MAX_WAITING:
            self._dropped += len(self._waiting)
            self._waiting, self._waiting_bytes, self.lost = [], 0, True
            return
        self.retry()

    def retry(self) -> bool:
        """Write the records waiting, if any; True when the log is whole now."""
        if not self._waiting or self._file is None:
            return not self.failing
        try:
            self._put(b"".join(self._waiting))
        except (OSError, ValueError) as exc:  # ValueError: a file closed under us
            first = self.error is None
            self.error = exc if isinstance(exc, OSError) else OSError(str(exc))
            if first and self.on_failed is not None:
                self.on_failed(self.error)
            return False
        self._waiting, self._waiting_bytes = [], 0
        if self.error is not None:
            self.error = None
            if self.on_back is not None:
                self.on_back()
        return True

    def _put(self, data: bytes) -> None:
        """Append ``data`` (whole records) to the file, all of it or none: a write that
        fails is cut back to the last whole record. Raises ``OSError``."""
        f = self._file
        if os.fstat(f.fileno()).st_size != self._size:
            f.truncate(self._size)  # a failed write's part (a full disk wrote some)
        view, done = memoryview(data), 0
        try:
            while done < len(data):
                n = f.write(view[done:])
                if not n:
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
                done += n
        except OSError:
            try:
                f.truncate(self._size)
            except OSError:
                pass  # tried again before the next write
            raise
        self._size += len(data)

    def append(self, seat: int, action: dict) -> None:
        """One accepted action."""
        self._write([seat, action])

    def close(self) -> None:
        """Try the waiting records once more, close the file and let the lock go.
        :attr:`failing` and :attr:`missing` then say what the file lacks."""
        if self._file is not None:
            self.retry()
            try:
                self._file.close()
            except OSError:
                pass
            self._file = None
        if self.lock is not None:
            self.lock.release()


def _append(path: str) -> IO[bytes]:
    """``path`` (an existing log) opened for appending, unbuffered (each record reaches
    the file in :meth:`TableLog._put` or fails there), tightened to mode 0600 (a log an
    older Tapete wrote 0644)."""
    f = open(path, "ab", buffering=0)
    _private(f.fileno())
    return f


def _header(table) -> dict:
    rec = table.record()
    header = {"format": LOG_FORMAT}
    header.update({k: rec[k] for k in ("game", "rules_version", "options", "seats", "seed")})
    header["name"] = table.name
    # bot_key: hex, the bots' secret; table_key: hex, the table's private key (net.identity)
    for key in ("table_id", "bot_key", "table_key"):
        if isinstance(rec.get(key), str):
            header[key] = rec[key]
    if rec.get("chosen_seed") is not None:  # a chosen seed mixed with a secret (net.host)
        header["chosen_seed"] = rec["chosen_seed"]
        header["seed_secret"] = rec["seed_secret"]
    return header


def _free_name(path: str) -> str:
    """``path``, or ``path.2``, ``path.3`` … — the first that does not exist."""
    out, n = path, 1
    while os.path.exists(out):
        n += 1
        out = f"{path}.{n}"
    return out


def _check_same_table(path: str, rec: dict, table) -> None:
    mine = table.record()
    same = (
        rec["game"] == mine["game"]
        and list(rec["seats"]) == list(mine["seats"])
        and rec["seed"] == mine["seed"]
        and (rec["options"] or {}) == (mine["options"] or {})
        and rec["actions"] == mine["actions"][: len(rec["actions"])]
    )
    if not same:
        raise LogError(path, 0, "holds another table's log; it is not overwritten")
