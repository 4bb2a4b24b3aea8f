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
"""

from __future__ import annotations

import json
import os
import re
import secrets
import stat
import time
from pathlib import Path
from typing import IO, Any

from net.text import MAX_TABLE_NAME, clean

APP = "tapete"
#: Bot levels whose choices depend only on the views they were shown (and their seed);
#: ``hard`` may use a time budget, so it is not warmed up on resume.
REPLAYABLE_LEVELS = ("easy", "normal")
#: The log format written (header key ``format``); logs without the key are format 1.
LOG_FORMAT = 2
#: Log formats this version reads.
READABLE_FORMATS = (1, 2)
#: Largest log read, in bytes (a long Guandan match logs well under 2 MiB).
MAX_LOG_BYTES = 64 * 1024 * 1024
#: Deepest nesting accepted in one record (actions and views need far less).
MAX_DEPTH = 32
#: Most seats a logged table may have.
MAX_SEATS = 64
SEAT_KINDS = ("human", "remote", "phone", "bot", "open")
#: A table's identity as the header keeps it (``net.identity.table_id_of``).
TABLE_ID = re.compile(r"[0-9a-f]{32}")
#: Mode of every file this module creates (owner read/write: it holds tokens).
PRIVATE_FILE = 0o600
#: Mode of the data folder and its logs folder (owner only).
PRIVATE_FOLDER = 0o700


class LogError(ValueError):
    """A log that cannot be used: ``path``, ``line`` (1-based; 0 for the whole file)
    and ``reason``. ``str()`` says all three, for people."""

    def __init__(self, path: str | os.PathLike, line: int, reason: str) -> None:
        self.path = os.fspath(path)
        self.line = line
        self.reason = reason
        where = f"{self.path}, line {line}" if line else self.path
        super().__init__(f"{where}: {reason}")


class LogVersionError(LogError):
    """A log of another log format or rules version than this Tapete's."""


def data_dir() -> Path:
    """The user's data folder for Tapete: ``$TAPETE_DATA_DIR`` if set, else platformdirs'
    user data folder for "tapete" (logs, statistics, kept seat tokens). Not created
    here: :func:`private_folder` creates it (mode 0700)."""
    env = os.environ.get("TAPETE_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP))


def logs_dir() -> Path:
    """Where tables log by default: ``data_dir()/logs``."""
    return data_dir() / "logs"


def _tighten(folder: Path, created: bool) -> None:
    """Make ``folder`` exactly :data:`PRIVATE_FOLDER` when this process ``created`` it,
    or when it is looser and ours: owned by this user and not a shared sticky folder
    (such as /tmp). A folder that cannot be changed (another owner, a read-only disk)
    is left as it is."""
    try:
        st = os.stat(folder)
    except OSError:
        return
    mode = stat.S_IMODE(st.st_mode)
    if not created:
        if mode & 0o077 == 0 or mode & stat.S_ISVTX:
            return
        if hasattr(os, "getuid") and st.st_uid != os.getuid():
            return
    if mode != PRIVATE_FOLDER:
        try:
            os.chmod(folder, PRIVATE_FOLDER)
        except OSError:
            pass


def _make(folder: Path) -> bool:
    """Create ``folder`` (mode 0700; missing parents as the umask says); True when this
    call created it. Raises ``OSError`` (``FileExistsError`` for a file in the way)."""
    try:
        folder.mkdir(mode=PRIVATE_FOLDER, parents=True)
    except FileExistsError:
        if not folder.is_dir():
            raise
        return False
    return True


def private_folder(folder: str | os.PathLike) -> Path:
    """``folder``, made to exist for private files: created mode 0700 (exactly: the
    umask neither loosens nor over-tightens it). The data folder (:func:`data_dir`) and
    its ``logs`` folder are ours, so they are also tightened to 0700 when found looser
    (owned by this user, not a sticky shared folder); a folder inside the data folder
    brings the data folder with it. Any other existing folder (``--log /tmp/x.jsonl``)
    is left as it is. Returns ``folder`` as a ``Path``; raises ``OSError`` when it
    cannot be created."""
    folder = Path(folder)
    root = data_dir()
    top, here = os.path.abspath(root), os.path.abspath(folder)
    ours = (top, os.path.join(top, "logs"))
    try:
        inside = here != top and os.path.commonpath([here, top]) == top
    except ValueError:  # another drive
        inside = False
    if inside:
        _tighten(root, _make(root))
    created = _make(folder)
    if created or here in ours:
        _tighten(folder, created)
    return folder


def open_private(path: str | os.PathLike, replace: bool = True) -> int:
    """A new file at ``path`` opened for writing, mode exactly 0600 (a file descriptor).
    ``replace``: a file already there is removed first (a stale ``.tmp``), so its old
    mode cannot carry over; without it, an existing file raises ``FileExistsError``.
    ``O_EXCL`` also refuses to follow a symbolic link planted at ``path``."""
    path = os.fspath(path)
    if replace:
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    _private(fd)
    return fd


def _private(fd: int) -> None:
    """Make the open file ``fd`` mode 0600 (no-op where ``fchmod`` is missing or the
    file is not ours to change)."""
    if hasattr(os, "fchmod"):
        try:
            if stat.S_IMODE(os.fstat(fd).st_mode) != PRIVATE_FILE:
                os.fchmod(fd, PRIVATE_FILE)
        except OSError:
            pass


def write_private(path: str | os.PathLike, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` whole, mode 0600: into ``PATH.PID.tmp`` first,
    then moved into place, so the file is never half-written nor readable by others.
    The folder is made with :func:`private_folder`. Raises ``OSError``."""
    path = Path(path)
    private_folder(path.parent)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        with os.fdopen(open_private(tmp), "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def default_log_path(game_id: str, label: str | None = None, when: float | None = None) -> Path:
    """A fresh log path under :func:`logs_dir` (folder created, 0700: see
    :func:`private_folder`), named by local time,
    game and ``label`` (default: 8 random hex digits), never by the seed — a file name
    is seen by more eyes than the file (issue 13): ``20261130-064512-take5-3f9a0c1e.jsonl``;
    a counter is added if the name is taken."""
    folder = private_folder(logs_dir())
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    base = f"{stamp}-{game_id}-{label if label else secrets.token_hex(4)}"
    path = folder / f"{base}.jsonl"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{base}-{n}.jsonl"
    return path


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
    """Appends a table's actions to ``path``.

    A new log is first written whole (header and ``actions`` so far, then ``extra``
    lines) beside it and moved into place, so it never exists half-written. An existing
    log is only ever appended to, through :meth:`for_table`."""

    def __init__(
        self, path: str | os.PathLike, header: dict, actions: list = (), extra: list = ()
    ) -> None:
        self.path = os.fspath(path)
        private_folder(os.path.dirname(os.path.abspath(self.path)))
        tmp = self.path + ".tmp"
        with os.fdopen(open_private(tmp), "w", encoding="utf-8") as f:
            for value in [header, *actions, *extra]:
                f.write(_line(value))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        self._file: IO[str] | None = _append(self.path)
        self._seating: dict | None = None
        self._ended = False

    @classmethod
    def _append_to(cls, path: str, rec: dict, table) -> "TableLog":
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
        log.path = path
        log._file = _append(path)
        if rec["unterminated"]:
            log._file.write("\n")
        log._seating = {"seating": rec["seating"], "started": rec["started"]}
        log._ended = rec["outcome"] is not None
        for seat, action in table.actions[len(rec["actions"]) :]:
            log.append(seat, action)
        log._file.flush()
        return log

    @classmethod
    def for_table(cls, path: str | os.PathLike, table) -> "TableLog":
        """A log of ``table`` (a :class:`net.host.Table`): header and the actions so far;
        then keeps it up to date through ``table.on_action`` and ``table.on_seats``.

        When ``path`` already holds this table's log (a resumed table: same game,
        seats, seed and options, its actions a prefix of the table's), it is appended
        to, never rewritten. Raises :class:`LogError` when ``path`` holds anything else
        (another table's log, a log it cannot read): that file is left untouched."""
        path = os.fspath(path)
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
            log = cls(path, header, table.actions, extra)
            log._seating = seating
            log._ended = table.is_over()
        else:
            log = cls._append_to(path, rec, table)
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

        table.on_action = on_action
        table.on_seats = on_seats
        return log

    def _write(self, value) -> None:
        if self._file is None:
            return
        self._file.write(_line(value))
        self._file.flush()

    def append(self, seat: int, action: dict) -> None:
        """One accepted action."""
        self._write([seat, action])

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _append(path: str) -> IO[str]:
    """``path`` (an existing log) opened for appending, tightened to mode 0600 (a log an
    older Tapete wrote 0644)."""
    f = open(path, "a", encoding="utf-8")
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


# --------------------------------------------------------------------------- reading
def _depth(value: Any, limit: int = MAX_DEPTH) -> int:
    deepest, stack = 0, [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            items = v.values()
        elif isinstance(v, list):
            items = v
        else:
            continue
        d += 1
        if d > deepest:
            deepest = d
            if deepest > limit:
                return deepest
        stack.extend((x, d) for x in items)
    return deepest


def _parse(raw: bytes) -> Any:
    """One JSON line; raises ``ValueError`` with a short reason."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 text (byte {exc.start})") from None
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError("nested too deep") from None
    except ValueError as exc:  # JSONDecodeError, and ints past Python's digit limit
        raise ValueError(f"not JSON ({str(exc)[:80]})") from None
    if _depth(value) > MAX_DEPTH:
        raise ValueError(f"nested deeper than {MAX_DEPTH}")
    return value


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_header(path: str, header: Any) -> dict:
    """The header's fields, checked; raises :class:`LogError` (line 1)."""
    import engine

    def bad(reason: str, cls=LogError) -> LogError:
        return cls(path, 1, reason)

    if not isinstance(header, dict) or not {"game", "seats", "seed"} <= set(header):
        raise bad("not a Tapete table log (no header with game, seats and seed)")
    fmt = header.get("format", 1)
    if not _int(fmt) or fmt < 1:
        raise bad(f"bad log format {fmt!r}")
    if fmt not in READABLE_FORMATS:
        raise bad(
            f"written by another Tapete version (log format {fmt}; this one reads "
            f"formats {', '.join(map(str, READABLE_FORMATS))}): open it with that version",
            LogVersionError,
        )
    game_id = header["game"]
    if not isinstance(game_id, str):
        raise bad(f"'game' must be a game id (text), not {type(game_id).__name__}")
    if game_id not in engine.available_games():
        raise bad(f"unknown game {game_id[:40]!r}")
    seats = header["seats"]
    if (
        not isinstance(seats, list)
        or not 1 <= len(seats) <= MAX_SEATS
        or not all(isinstance(w, str) and len(w) <= 32 for w in seats)
    ):
        raise bad("'seats' must be a list of seat words (text)")
    from net.host import parse_seat

    for word in seats:
        try:
            parse_seat(word)
        except ValueError as exc:
            raise bad(f"'seats': {exc}") from None
    seed = header["seed"]
    if isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 200:
        seed = int(seed)
    if not _int(seed):
        raise bad(f"'seed' must be a whole number, not {type(seed).__name__}")
    options = header.get("options")
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise bad(f"'options' must be a map, not {type(options).__name__}")
    name = header.get("name", "")
    if not isinstance(name, str):
        raise bad(f"'name' must be text, not {type(name).__name__}")
    # Checked like a hello's name: what a resumed host shows every player.
    name = clean(name, MAX_TABLE_NAME)
    rules = header.get("rules_version")
    playing = engine.get_game(game_id).rules_version
    if rules != playing:
        raise bad(
            f"written for rules version {str(rules)[:20]!r} of {game_id}; this Tapete plays "
            f"version {playing!r}: it cannot be replayed or resumed here",
            LogVersionError,
        )
    for key in ("table_id", "bot_key", "table_key", "seed_secret"):
        if key in header and not isinstance(header[key], (str, type(None))):
            raise bad(f"'{key}' must be text")
    chosen = header.get("chosen_seed")
    if chosen is not None and (not _int(chosen) or chosen < 0):
        raise bad(f"'chosen_seed' must be a whole number, not {type(chosen).__name__}")
    table_id = header.get("table_id")
    if table_id is not None and not TABLE_ID.fullmatch(table_id):
        raise bad(f"'table_id' must be 32 lowercase hex digits, not {clean(repr(table_id), 44)}")
    return {
        **header,
        "format": fmt,
        "seed": seed,
        "options": options,
        "name": name,
    }


def _seating_ok(value: Any, seats: int) -> bool:
    from engine.bots import LEVELS

    if not isinstance(value, list) or len(value) != seats:
        return False
    for s in value:
        if not isinstance(s, dict) or s.get("kind") not in SEAT_KINDS:
            return False
        if s.get("level") is not None and s.get("level") not in LEVELS:
            return False
        for key in ("name", "level", "token"):
            if not isinstance(s.get(key), (str, type(None))):
                return False
    return True


def read_log(path: str | os.PathLike) -> dict:
    """The replay record in a log: ``{format, game, rules_version, options, seats,
    seed, name, actions, seating, started, outcome}`` plus ``torn`` (the last line was
    cut mid-write and left out), ``unterminated`` (the last record lacks its newline),
    ``end`` (bytes of the file understood) and ``action_lines`` (the line of each action).

    Raises :class:`LogError` (a ``ValueError``) naming the file, line and reason for
    anything but a torn last line: a file that is missing, unreadable or not a Tapete
    log, a garbled or unknown record, a wrong-typed field; :class:`LogVersionError` for
    a log of another format or rules version."""
    path = os.fspath(path)
    try:
        size = os.path.getsize(path)
        if size > MAX_LOG_BYTES:
            raise LogError(path, 0, f"too large for a table log ({size} bytes)")
        with open(path, "rb") as f:
            data = f.read(MAX_LOG_BYTES + 1)
    except OSError as exc:
        raise LogError(path, 0, f"cannot read it ({exc.strerror or exc})") from None
    lines = data.split(b"\n")
    # ``lines[-1]`` is what follows the last newline: b"" for a file ending in one.
    if not data.strip():
        raise LogError(path, 0, "empty: not a Tapete table log")
    last = len(lines) - 1
    torn = False
    try:
        header = _parse(lines[0])
    except ValueError as exc:
        if last == 0:
            raise LogError(
                path, 1, f"not a Tapete table log, or its header was cut short: {exc}"
            ) from None
        raise LogError(path, 1, f"not a Tapete table log: {exc}") from None
    rec = _check_header(path, header)
    n_seats = len(rec["seats"])
    actions: list = []
    action_lines: list[int] = []
    seating, started, outcome = None, False, None
    end = len(lines[0]) + (1 if last > 0 else 0)
    unterminated = last == 0
    for i in range(1, len(lines)):
        raw = lines[i]
        at_end = i == last  # no newline after it
        if not raw.strip():
            end += len(raw) + (0 if at_end else 1)
            continue
        try:
            value = _parse(raw)
        except ValueError as exc:
            if at_end:
                torn = True  # a crash mid-write: forgiven, nothing after it was lost
                break
            raise LogError(path, i + 1, str(exc)) from None
        if isinstance(value, list):
            if (
                len(value) != 2
                or not _int(value[0])
                or not isinstance(value[1], dict)
                or not isinstance(value[1].get("type"), str)
            ):
                raise LogError(path, i + 1, "an action record is [seat, {type, ...}]")
            if not 0 <= value[0] < n_seats:
                raise LogError(path, i + 1, f"seat {str(value[0])[:20]} is not at this table")
            actions.append([value[0], value[1]])
            action_lines.append(i + 1)
        elif isinstance(value, dict) and "seating" in value:
            if not _seating_ok(value["seating"], n_seats) or not isinstance(
                value.get("started", False), bool
            ):
                raise LogError(path, i + 1, "a seating record of the wrong shape")
            seating, started = value["seating"], bool(value.get("started"))
        elif isinstance(value, dict) and "outcome" in value:
            if not isinstance(value["outcome"], dict):
                raise LogError(path, i + 1, "an outcome record must hold a map")
            outcome = value["outcome"]
        else:
            kind = type(value).__name__ if not isinstance(value, dict) else "map"
            keys = f" with keys {sorted(value)[:4]}" if isinstance(value, dict) else ""
            raise LogError(
                path, i + 1, f"not a record of this log format (a {kind}{keys}): newer Tapete?"
            )
        end += len(raw) + (0 if at_end else 1)
        unterminated = at_end
    return {
        **rec,
        "path": path,
        "actions": actions,
        "action_lines": action_lines,
        "seating": seating,
        "started": started or bool(actions),
        "outcome": outcome,
        "torn": torn,
        "unterminated": unterminated,
        "end": end,
    }


def log_status(path: str | os.PathLike) -> dict:
    """What a list of logs shows for one file, whatever the file holds: ``{path, ok,
    error, mtime}`` and, when ``ok``, the fields of :func:`log_summary`. ``error`` is a
    sentence for people (file, line, reason) when the log cannot be used. Never raises."""
    path = os.fspath(path)
    try:
        mtime = os.path.getmtime(path)
    except OSError:
        mtime = 0.0
    try:
        rec = read_log(path)
    except Exception as exc:  # noqa: BLE001 - LogError, and anything unforeseen
        return {"path": path, "ok": False, "error": str(exc), "mtime": mtime}
    return {
        "path": path,
        "ok": True,
        "error": None,
        "game": rec["game"],
        "seed": rec["seed"],
        "seats": rec["seats"],
        "name": rec["name"],
        "actions": len(rec["actions"]),
        "over": rec["outcome"] is not None,
        "outcome": rec["outcome"],
        "torn": rec["torn"],
        "mtime": mtime,
    }


def log_summary(path: str | os.PathLike) -> dict | None:
    """A quick look at a log without replaying it: ``{path, ok, error, game, seed,
    seats, name, actions, over, outcome, torn, mtime}``; None for a file that is not a
    usable log (see :func:`log_status` for why)."""
    info = log_status(path)
    return info if info["ok"] else None


def list_logs(
    folder: str | os.PathLike | None = None, limit: int = 50, include_bad: bool = False
) -> list[dict]:
    """:func:`log_status` of the newest ``limit`` logs (``*.jsonl``) in ``folder``
    (default :func:`logs_dir`), newest first. Unusable files are left out, or — with
    ``include_bad`` — listed with ``ok`` False and their ``error``. Never raises."""
    folder = Path(folder) if folder is not None else logs_dir()
    stamped = []
    try:
        for p in folder.glob("*.jsonl"):
            try:
                stamped.append((p.stat().st_mtime, p))
            except OSError:
                continue
    except OSError:
        return []
    stamped.sort(key=lambda mp: mp[0], reverse=True)
    out = []
    for _m, p in stamped[:limit]:
        info = log_status(p)
        if info["ok"] or include_bad:
            out.append(info)
    return out


def _apply_logged(game, state, rec: dict, i: int, seat: int, action: dict, check=True):
    """Apply logged action ``i`` as the host did: it must be one of the seat's legal
    actions (no field the rules do not know), then the engine applies it. Raises
    :class:`LogError` naming the action's line."""
    lines = rec.get("action_lines") or []
    line = lines[i] if i < len(lines) else 0
    path = rec.get("path") or "the log"
    try:
        if check and action not in game.legal_actions(state, seat):
            raise LogError(path, line, f"seat {seat} could not play {action!r:.80} there")
        return game.apply(state, seat, action)
    except LogError:
        raise
    except Exception as exc:  # noqa: BLE001 - RuleError, or an engine choking on junk
        raise LogError(path, line, f"does not replay: {getattr(exc, 'message', exc)}") from None


def _setup_error(rec: dict, exc: Exception) -> LogError:
    return LogError(
        rec.get("path") or "the log",
        1,
        f"the engine refuses its set-up: {getattr(exc, 'message', None) or exc}",
    )


def restore_seating(table, rec: dict) -> None:
    """Give a table rebuilt from ``rec`` the seats the log last recorded: bots stay
    bots (also stand-ins the host put in open seats at the start), a remote player's
    seat keeps its token and name and is *away* (a bot plays it after the takeover
    delay until the player returns with the token). Before the start nothing changes:
    lobby seats are open again."""
    seating = rec.get("seating")
    if not rec.get("started"):
        return
    if seating and len(seating) == len(table._seats):
        now = table.clock()
        for s, logged in zip(table._seats, seating, strict=True):
            kind = logged.get("kind")
            if kind == "bot":
                s.kind, s.level = "bot", logged.get("level") or "normal"
                s.name = logged.get("name") or s.name
            elif kind == "remote" or (kind == "open" and s.kind == "open"):
                s.kind, s.name = "remote", logged.get("name") or ""
                s.token = logged.get("token") if kind == "remote" else None
                s.away_since = now
            elif kind == "phone" and s.kind == "phone":
                # A couch phone seat keeps its token: the same link takes it back.
                s.name, s.token = logged.get("name") or s.name, logged.get("token") or s.token
                s.away_since = now
            elif kind == "human":
                s.kind, s.name = "human", logged.get("name") or s.name
    else:
        # An old log without seating: open seats were taken by somebody; bots play them.
        for s in table._seats:
            if s.kind == "open":
                s.kind, s.level, s.name = "bot", "normal", f"Bot {s.index + 1}"
    if not table.started:
        table._begin()


def resume_table(rec: dict, **kw: Any):
    """The :class:`net.host.Table` a log record describes, its seats restored and its
    actions applied, each easy/normal bot shown every view it was shown before (so its
    generator continues where it stopped). ``kw`` as for ``Table`` (name, delays,
    clock). Raises :class:`LogError` if the record does not set up or replay (an
    action that is not legal where it stands, the engine refusing the options …)."""
    from net.host import RECORD_KEYS, Table

    for k in RECORD_KEYS:  # the same bots, identity and chosen seed as before the crash
        if rec.get(k) is not None:
            kw.setdefault(k, rec[k])
    try:
        table = Table(rec["game"], rec["seats"], rec["seed"], rec.get("options"), **kw)
        restore_seating(table, rec)
    except Exception as exc:  # noqa: BLE001 - a log's fields are not trusted
        raise _setup_error(rec, exc) from None
    game = table.game
    for i, (seat, action) in enumerate(rec.get("actions", [])):
        s = table._seats[seat] if 0 <= seat < len(table._seats) else None
        if s is not None and s.kind == "bot" and s.level in REPLAYABLE_LEVELS:
            try:
                legal = game.legal_actions(table.state, seat)
                table._bot(seat).choose(game.view(table.state, seat), legal)
            except Exception:
                pass  # the live table fell back to legal[0] here too
        table.state, _ = _apply_logged(game, table.state, rec, i, seat, action)
        table.actions.append([seat, action])
    if table.state is not None:  # dealt (started); a lobby has no deal yet
        now = table.clock()
        table._awaited_since = {s: now for s in game.awaiting(table.state)}
    return table


def replay_table(rec: dict, **kw: Any):
    """The :class:`net.host.Table` of a log record with its actions applied (no seats
    restored, no bots warmed up: for an outcome or a digest). ``kw`` as for ``Table``.
    Raises :class:`LogError` for a record that does not set up or replay."""
    from net.host import RECORD_KEYS, Table

    for k in RECORD_KEYS:
        if rec.get(k) is not None:
            kw.setdefault(k, rec[k])
    try:
        table = Table(rec["game"], rec["seats"], rec["seed"], rec.get("options"), **kw)
        table.deal()  # a lobby's seats may still be open: deal from the seed all the same
    except Exception as exc:  # noqa: BLE001 - a log's fields are not trusted
        raise _setup_error(rec, exc) from None
    for i, (seat, action) in enumerate(rec.get("actions", [])):
        table.state, _ = _apply_logged(table.game, table.state, rec, i, seat, action)
        table.actions.append([seat, action])
    return table


def replay_states(rec: dict, check: bool = True) -> list:
    """Every engine state of a logged game: the dealt state, then one after each action
    (``len(actions) + 1`` states). Raises :class:`LogError` for a log that does not
    set up or replay. ``check=False`` leaves out the test that each action is exactly
    one of the listed legal ones (the engine still refuses illegal ones): a long
    Guandan match replays about 6× faster, for a viewer that only shows it."""
    import engine

    try:
        game = engine.get_game(rec["game"])
        state = game.setup(len(rec["seats"]), rec["seed"], rec.get("options") or {})
    except Exception as exc:  # noqa: BLE001 - a log's fields are not trusted
        raise _setup_error(rec, exc) from None
    states = [state]
    for i, (seat, action) in enumerate(rec.get("actions", [])):
        state, _ = _apply_logged(game, state, rec, i, seat, action, check)
        states.append(state)
    return states
