"""The host's append-only log on disk (DESIGN.md "Protocol"): a table survives a host
crash and can be resumed and replayed.

A log is JSON lines: first the header ``{"game", "rules_version", "options", "seats",
"seed", "name"}``, then one ``[seat, action]`` per accepted action, flushed after each.
A torn last line (a crash mid-write) is ignored when reading.
"""

from __future__ import annotations

import json
import os
from typing import IO


class TableLog:
    """Appends a table's actions to ``path``. The file is first written whole (header
    and ``actions`` so far) beside it and moved into place, so rewriting a log when
    resuming never leaves a half file."""

    def __init__(self, path: str | os.PathLike, header: dict, actions: list = ()) -> None:
        self.path = os.fspath(path)
        tmp = self.path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            for value in [header, *actions]:
                f.write(json.dumps(value, separators=(",", ":")) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        self._file: IO[str] | None = open(self.path, "a", encoding="utf-8")

    @classmethod
    def for_table(cls, path: str | os.PathLike, table) -> "TableLog":
        """A log of ``table`` (a :class:`net.host.Table`): header and the actions so far;
        then keeps it up to date through ``table.on_action``."""
        rec = table.record()
        header = {k: rec[k] for k in ("game", "rules_version", "options", "seats", "seed")}
        header["name"] = table.name
        log = cls(path, header, rec["actions"])
        before = table.on_action

        def on_action(seat: int, action: dict) -> None:
            if before is not None:
                before(seat, action)
            log.append(seat, action)
        table.on_action = on_action
        return log

    def _write(self, value) -> None:
        if self._file is None:
            return
        self._file.write(json.dumps(value, separators=(",", ":")) + "\n")
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
    actions}``. Raises ``ValueError`` for a file that is not a Tapete log."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    try:
        header = json.loads(lines[0])
    except (json.JSONDecodeError, IndexError):
        raise ValueError(f"{os.fspath(path)} is not a Tapete table log") from None
    if not isinstance(header, dict) or not {"game", "seats", "seed"} <= set(header):
        raise ValueError(f"{os.fspath(path)} is not a Tapete table log")
    actions = []
    for line in lines[1:]:
        if not line.strip():
            continue
        try:
            seat, action = json.loads(line)
        except (json.JSONDecodeError, ValueError, TypeError):
            break  # a torn last line
        actions.append([seat, action])
    return {**header, "options": header.get("options") or {}, "actions": actions}
