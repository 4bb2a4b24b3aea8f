"""The host's append-only log on disk (DESIGN.md "Protocol"): a table survives a host
crash and can be resumed and replayed.

A log is JSON lines, flushed after each:

* first the header ``{"game", "rules_version", "options", "seats", "seed", "name"}``;
* one ``[seat, action]`` per accepted action;
* ``{"seating": [{"kind", "name", "level", "token"}, ...], "started": bool}`` whenever
  who holds the seats changes (a player takes an open seat, the host starts with bots),
  so a resumed table gives each returning player the seat their token holds;
* ``{"outcome": {...}}`` once the game is over (lets a list of logs tell finished games
  from unfinished ones by reading only the last line).

A torn last line (a crash mid-write) is ignored when reading; nothing before it is
lost. The log holds the seed and the seat tokens: it is the host's private file until
the game is over.

Resuming (:func:`resume_table`) replays the actions and lets each easy/normal bot see
every view it saw before, so its own generator is where it was: with the same seed a
resumed bots-only game ends exactly as the uninterrupted one.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import IO, Any

APP = "tapete"
#: Bot levels whose choices depend only on the views they were shown (and their seed);
#: ``hard`` may use a time budget, so it is not warmed up on resume.
REPLAYABLE_LEVELS = ("easy", "normal")


def data_dir() -> Path:
    """The user's data folder for Tapete: ``$TAPETE_DATA_DIR`` if set, else platformdirs'
    user data folder for "tapete" (logs, statistics)."""
    env = os.environ.get("TAPETE_DATA_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP))


def logs_dir() -> Path:
    """Where tables log by default: ``data_dir()/logs``."""
    return data_dir() / "logs"


def default_log_path(game_id: str, seed: int, when: float | None = None) -> Path:
    """A fresh log path under :func:`logs_dir` (folder created), named by local time,
    game and seed: ``20261130-064512-take5-5.jsonl`` (a counter is added if taken)."""
    folder = logs_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    base = f"{stamp}-{game_id}-{seed}"
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
    """Appends a table's actions to ``path``. The file is first written whole (header
    and ``actions`` so far) beside it and moved into place, so rewriting a log when
    resuming never leaves a half file. ``extra`` lines (seating, outcome records) follow
    the actions in that first write."""

    def __init__(
        self, path: str | os.PathLike, header: dict, actions: list = (), extra: list = ()
    ) -> None:
        self.path = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(folder, exist_ok=True)
        tmp = self.path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            for value in [header, *actions, *extra]:
                f.write(_line(value))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        self._file: IO[str] | None = open(self.path, "a", encoding="utf-8")
        self._seating: dict | None = None
        self._ended = False

    @classmethod
    def for_table(cls, path: str | os.PathLike, table) -> "TableLog":
        """A log of ``table`` (a :class:`net.host.Table`): header and the actions so far;
        then keeps it up to date through ``table.on_action`` and ``table.on_seats``."""
        rec = table.record()
        header = {k: rec[k] for k in ("game", "rules_version", "options", "seats", "seed")}
        header["name"] = table.name
        seating = _seating(table)
        extra = [seating]
        if table.is_over():
            extra.append({"outcome": table.outcome()})
        log = cls(path, header, rec["actions"], extra)
        log._seating = seating
        log._ended = table.is_over()
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
            if now != log._seating:
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


def read_log(path: str | os.PathLike) -> dict:
    """The replay record in a log: ``{game, rules_version, options, seats, seed, name,
    actions, seating, started, outcome}`` (``seating``: the last seating record or None;
    ``outcome``: the logged outcome or None). Lines after a torn one are ignored.
    Raises ``ValueError`` for a file that is not a Tapete log, ``OSError`` if unreadable."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    try:
        header = json.loads(lines[0])
    except (json.JSONDecodeError, IndexError):
        raise ValueError(f"{os.fspath(path)} is not a Tapete table log") from None
    if not isinstance(header, dict) or not {"game", "seats", "seed"} <= set(header):
        raise ValueError(f"{os.fspath(path)} is not a Tapete table log")
    actions: list = []
    seating, started, outcome = None, False, None
    for line in lines[1:]:
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            break  # a torn last line
        if (
            isinstance(value, list)
            and len(value) == 2
            and isinstance(value[0], int)
            and isinstance(value[1], dict)
        ):
            actions.append([value[0], value[1]])
        elif isinstance(value, dict) and isinstance(value.get("seating"), list):
            seating, started = value["seating"], bool(value.get("started"))
        elif isinstance(value, dict) and "outcome" in value:
            outcome = value["outcome"]
        else:
            break  # not a record of this format: treat as torn
    return {
        **header,
        "options": header.get("options") or {},
        "actions": actions,
        "seating": seating,
        "started": started or bool(actions),
        "outcome": outcome,
    }


def log_summary(path: str | os.PathLike) -> dict | None:
    """A quick look at a log without replaying it: ``{path, game, seed, seats, name,
    actions, over, outcome, mtime}``; None for a file that is not a readable log."""
    try:
        rec = read_log(path)
        mtime = os.path.getmtime(path)
    except (OSError, ValueError, UnicodeDecodeError):
        return None
    return {
        "path": os.fspath(path),
        "game": rec["game"],
        "seed": rec["seed"],
        "seats": rec["seats"],
        "name": rec.get("name", ""),
        "actions": len(rec["actions"]),
        "over": rec["outcome"] is not None,
        "outcome": rec["outcome"],
        "mtime": mtime,
    }


def list_logs(folder: str | os.PathLike | None = None, limit: int = 50) -> list[dict]:
    """:func:`log_summary` of the newest ``limit`` logs in ``folder`` (default
    :func:`logs_dir`), newest first; unreadable files are skipped."""
    folder = Path(folder) if folder is not None else logs_dir()
    try:
        paths = sorted(folder.glob("*.jsonl"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    out = []
    for p in paths[:limit]:
        info = log_summary(p)
        if info is not None:
            out.append(info)
    return out


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
    clock). Raises the engine's ``RuleError`` if the actions do not fit the game."""
    from net.host import Table

    table = Table(rec["game"], rec["seats"], rec["seed"], rec.get("options"), **kw)
    restore_seating(table, rec)
    game = table.game
    for seat, action in rec.get("actions", []):
        s = table._seats[seat] if 0 <= seat < len(table._seats) else None
        if s is not None and s.kind == "bot" and s.level in REPLAYABLE_LEVELS:
            legal = game.legal_actions(table.state, seat)
            try:
                table._bot(seat).choose(game.view(table.state, seat), legal)
            except Exception:
                pass  # the live table fell back to legal[0] here too
        table.state, _ = game.apply(table.state, seat, action)
        table.actions.append([seat, action])
    now = table.clock()
    table._awaited_since = {s: now for s in game.awaiting(table.state)}
    return table


def replay_states(rec: dict) -> list:
    """Every engine state of a logged game: the dealt state, then one after each action
    (``len(actions) + 1`` states). Raises the engine's ``RuleError`` for a log that does
    not replay."""
    import engine

    game = engine.get_game(rec["game"])
    state = game.setup(len(rec["seats"]), rec["seed"], rec.get("options") or {})
    states = [state]
    for seat, action in rec.get("actions", []):
        state, _ = game.apply(state, seat, action)
        states.append(state)
    return states
