"""Reading a table's log (see :mod:`net.log` for its records): every line checked,
only a torn *last* line forgiven, any other unreadable line a :class:`LogError` naming
the file, the line and the reason; and the list of logs a window shows."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from net.private import logs_dir
from net.text import MAX_TABLE_NAME, clean

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
    from net.seats import parse_seat

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
