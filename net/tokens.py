"""Seat tokens kept on this machine, so a player comes back to their seat by themselves.

A host gives each seat a private token in ``welcome`` (``net/PROTOCOL.md``); whoever
shows it later takes the seat back. :class:`TokenStore` keeps the tokens this machine
was given in ``seats.json`` under the user's data folder (:func:`net.log.data_dir`:
platformdirs, or ``$TAPETE_DATA_DIR``), so a laptop that restarts, or a
``tapete join`` run again, finds its seat with no typing.

Entries are kept **per seat** (issue 32: a second window at the same table replaced the
first's token), keyed by the table's identity and the seat: ``id:TABLE_ID#SEAT`` (the
``table_id`` of the host's ``welcome``: it survives a host resume), else
``addr:HOST:PORT/GAME#SEAT`` for hosts that send none. Each entry also remembers the
address it was reached at, so a client that knows only ``HOST:PORT`` can find it, and
when it was last held (a counter, ``n``): a client coming back without a seat number
takes back the seat it held last (:meth:`TokenStore.recall`), and can list the others
(:meth:`TokenStore.kept`).

A token is kept until its table ends — the client saw the ``outcome``, or the host
refused the token — not by the wall clock (a clock two days ahead lost them at once). At
most :data:`MAX_ENTRIES` entries are kept (those held longest ago go first); a file that
cannot be read is treated as empty (tokens are a convenience: losing them costs a
``--seat N --token T``, never a game).

A kept token is offered only when nobody else on this machine holds that seat now:
each entry records the process that holds it, and a token in use by a live process
(another ``tapete join`` on this machine, or another connection of this one) is not
recalled — two players on one machine never take each other's seats.

The file holds secrets (a token takes a seat): it is written with mode 0600 (whatever
the umask), in the data folder made 0700 (:func:`net.log.write_private`).
"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path
from typing import Any

#: Most entries kept (the oldest go first).
MAX_ENTRIES = 64
#: Largest file read, in bytes (anything bigger is not ours: treated as empty).
MAX_FILE = 256 * 1024
FILE_NAME = "seats.json"

_lock = threading.Lock()  # one writer at a time in this process
#: Tokens held by a live connection of this process (see :func:`hold`).
_held: set[str] = set()


def hold(token: str) -> None:
    """Mark ``token`` as held by a live connection of this process."""
    _held.add(token)


def release(token: str | None) -> None:
    """The connection holding ``token`` has ended."""
    _held.discard(token)


def _pid_alive(pid: object) -> bool:
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # it exists (owned by someone else)
    return True


def _in_use(entry: dict) -> bool:
    """Whether a live holder (this process's connection, or another live process)
    has the entry's seat now."""
    if entry["token"] in _held:
        return True
    pid = entry.get("pid")
    return pid != os.getpid() and _pid_alive(pid)


def table_key(welcome: dict, address: str) -> str:
    """The identity a table's tokens are kept under: ``id:TABLE_ID`` when ``welcome``
    carries a string ``table_id``, else ``addr:HOST:PORT/GAME`` (``address`` as
    joined). An entry's key is this plus ``#SEAT``."""
    table_id = welcome.get("table_id") if isinstance(welcome, dict) else None
    if isinstance(table_id, str) and table_id:
        return f"id:{table_id}"
    game = welcome.get("game") if isinstance(welcome, dict) else None
    return f"addr:{address}/{game if isinstance(game, str) else ''}"


def _held_order(entry: dict) -> tuple:
    """Sort key: the entry held most recently last (``n``; older files: ``saved``)."""
    n = entry.get("n")
    return (n if isinstance(n, int) and not isinstance(n, bool) else -1, entry["saved"])


def _default_path() -> Path:
    from net.log import data_dir

    return data_dir() / FILE_NAME


class TokenStore:
    """The seat tokens this machine holds, in a small JSON file (``path``; default
    ``data_dir()/seats.json``). ``clock`` returns wall-clock seconds (tests).

    Entry: ``{"token": str, "seat": int, "address": "HOST:PORT", "game": str,
    "table": str (name), "table_id": str | None, "saved": float (wall clock, for
    people), "n": int (the order in which seats were last held), "pid": int}``."""

    def __init__(self, path: str | os.PathLike | None = None, clock=time.time) -> None:
        self.path = Path(path) if path is not None else _default_path()
        self.clock = clock

    # ------------------------------------------------------------------ reading
    def _load(self) -> dict[str, dict]:
        try:
            with open(self.path, "rb") as f:
                data = f.read(MAX_FILE + 1)
        except OSError:
            return {}
        if len(data) > MAX_FILE:
            return {}
        try:
            value = json.loads(data.decode("utf-8"))
        except (ValueError, RecursionError):
            return {}
        if not isinstance(value, dict) or not isinstance(value.get("seats"), dict):
            return {}
        out = {}
        for key, entry in value["seats"].items():
            if _valid(entry):
                base = key.split("#", 1)[0]  # a version-1 file keyed by table only
                out[f"{base}#{entry['seat']}"] = entry
        return out

    def entries(self) -> dict[str, dict]:
        """Every live entry, by key."""
        return self._load()

    def kept(
        self, address: str | None = None, table_id: str | None = None, seat: int | None = None
    ) -> list[dict]:
        """This machine's free entries for one table — the table ``table_id`` if any
        is kept for it, else the table last held at ``address`` (``"HOST:PORT"``) —,
        the seat held last first; only seat ``seat`` when given. Entries whose seat a
        live process or connection holds now are passed over."""
        entries = [e for e in self._load().values() if not _in_use(e)]
        same = [e for e in entries if table_id and e.get("table_id") == table_id]
        if not same and address:
            at = sorted((e for e in entries if e["address"] == address), key=_held_order)
            if at:  # the table last held there (an older one's seats are no use here)
                last = at[-1]
                same = [e for e in at if (e.get("table_id"), e["game"]) == (
                    last.get("table_id"), last["game"])]  # fmt: skip
        if seat is not None:
            same = [e for e in same if e["seat"] == seat]
        return sorted(same, key=_held_order, reverse=True)

    def recall(
        self, address: str | None = None, table_id: str | None = None, seat: int | None = None
    ) -> dict | None:
        """The entry of the seat this machine held last at that table (see
        :meth:`kept`: ``seat`` asks for one), or None."""
        found = self.kept(address, table_id, seat)
        return found[0] if found else None

    # ------------------------------------------------------------------ writing
    def remember(self, welcome: dict, address: str) -> str | None:
        """Keep the seat token of ``welcome`` (a host's ``welcome`` message) reached at
        ``address``; returns the key, or None when the welcome holds no seat. Never
        raises for a file it cannot write (returns None)."""
        token, seat = welcome.get("token"), welcome.get("seat")
        if not isinstance(token, str) or not token or not isinstance(seat, int):
            return None
        key = f"{table_key(welcome, address)}#{seat}"
        table_id = welcome.get("table_id")
        entry = {
            "token": token,
            "seat": seat,
            "address": address,
            "game": welcome.get("game") if isinstance(welcome.get("game"), str) else "",
            "table": welcome.get("table") if isinstance(welcome.get("table"), str) else "",
            "table_id": table_id if isinstance(table_id, str) else None,
            "saved": float(self.clock()),
            "pid": os.getpid(),
        }
        with _lock:
            entries = self._load()
            # One token per seat: a newer one for the same seat replaces the older.
            for k in [k for k, e in entries.items() if k == key or e["token"] == token]:
                del entries[k]
            entry["n"] = 1 + max((_held_order(e)[0] for e in entries.values()), default=0)
            entries[key] = entry
            newest = sorted(entries.items(), key=lambda kv: _held_order(kv[1]), reverse=True)
            ok = self._save(dict(newest[:MAX_ENTRIES]))
        return key if ok else None

    def forget(self, token: str) -> None:
        """Drop every entry holding ``token`` (the host refused it, or the game ended)."""
        with _lock:
            entries = self._load()
            kept = {k: e for k, e in entries.items() if e["token"] != token}
            if len(kept) != len(entries):
                self._save(kept)

    def _save(self, entries: dict[str, dict]) -> bool:
        from net.log import write_private

        try:
            write_private(self.path, json.dumps({"version": 2, "seats": entries}, indent=1))
            return True
        except OSError:
            return False


def _valid(entry: Any) -> bool:
    return (
        isinstance(entry, dict)
        and isinstance(entry.get("token"), str)
        and isinstance(entry.get("seat"), int)
        and not isinstance(entry.get("seat"), bool)
        and isinstance(entry.get("address"), str)
        and isinstance(entry.get("saved"), (int, float))
        and not isinstance(entry.get("saved"), bool)
    )
