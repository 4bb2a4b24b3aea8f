"""View deltas and compact legal lists on the wire (``net/PROTOCOL.md``, "Deltas").

The host side (:class:`DeltaWriter`) turns the change between two views into the parts
of a ``delta`` message — ``set`` (new values), ``app`` (items appended to a list that
only grew), ``del`` (keys gone) and ``aw`` (the ``awaiting`` list as a bit mask) — packed
once, so that the public part of an action's delta is packed once and shared by every
connection while each seat adds only its private part. The client side
(:func:`apply_delta`) rebuilds the view from them; the result equals the host's view
byte for byte (``tests/net/test_host.py``).

Legal lists travel only to a connection that asked for them (``hello`` with ``legal:
true``), in the grouped form of :func:`pack_legal`; everyone else computes them with
``Game.legal_from_view``.
"""

from __future__ import annotations

from typing import Any, Iterable

import msgpack

#: Seats a bit mask ``aw`` can name (0..62: a positive int of at most 63 bits).
MASK_SEATS = 63
#: Actions one group of a compact legal list holds at most (so every array on the wire
#: stays far below the decoder's 4096 items).
LEGAL_ROWS = 1000


# --------------------------------------------------------------------------- awaiting
def awaiting_mask(value: Any) -> int | None:
    """``value`` (a view's ``awaiting``) as a bit mask — bit *s* set for seat *s* — when
    the mask rebuilds it exactly (a list of distinct ints 0..62 in rising order), else
    None (the host then sends the list itself in ``set``)."""
    if type(value) is not list:
        return None
    mask, last = 0, -1
    for s in value:
        if type(s) is not int or not last < s < MASK_SEATS:
            return None
        mask |= 1 << s
        last = s
    return mask


def mask_awaiting(mask: int) -> list[int]:
    """The ``awaiting`` list a bit mask stands for (seats in rising order)."""
    return [s for s in range(min(mask.bit_length(), MASK_SEATS)) if mask >> s & 1]


# --------------------------------------------------------------------------- client side
def apply_delta(view: dict, delta: dict) -> dict:
    """``view`` with a ``delta`` message applied, as a new dict (``view`` and its
    lists are left as they were): ``set`` replaces values (a new key goes last),
    ``app`` extends lists (into new lists), ``del`` removes keys, ``aw`` sets
    ``awaiting`` from its bit mask."""
    out = dict(view)
    changed = delta.get("set")
    if changed:
        out.update(changed)
    for key, items in (delta.get("app") or {}).items():
        old = out.get(key)
        out[key] = old + items if type(old) is list and type(items) is list else items
    for key in delta.get("del") or ():
        out.pop(key, None)
    mask = delta.get("aw")
    if type(mask) is int and mask >= 0:
        out["awaiting"] = mask_awaiting(mask)
    return out


# --------------------------------------------------------------------------- legal lists
def pack_legal(actions: Iterable[dict]) -> list[dict]:
    """A legal list in its wire form: runs of actions with the same keys (in order) as
    groups ``{"keys": [...], "same": {key: value}, "rows": [[...], ...]}`` — ``same``
    holds the keys whose value is the same in every action of the run, each row the
    other values in ``keys`` order. A run holds at most :data:`LEGAL_ROWS` actions.
    :func:`unpack_legal` gives the list back, in order."""
    runs: list[tuple[list, list]] = []
    keys: list | None = None
    for action in actions:
        ks = list(action)
        if ks != keys or len(runs[-1][1]) >= LEGAL_ROWS:
            keys = ks
            runs.append((ks, []))
        runs[-1][1].append([action[k] for k in ks])
    out = []
    for ks, rows in runs:
        first = rows[0]
        same = [i for i in range(len(ks)) if all(r[i] == first[i] for r in rows)]
        vary = [i for i in range(len(ks)) if i not in same]
        out.append(
            {
                "keys": ks,
                "same": {ks[i]: first[i] for i in same},
                "rows": [[r[i] for i in vary] for r in rows],
            }
        )
    return out


def unpack_legal(groups: Any) -> list[dict]:
    """The actions of a legal list in the form of :func:`pack_legal` (a plain list of
    action maps is taken as it is)."""
    out: list[dict] = []
    for g in groups or ():
        if "rows" not in g:
            out.append(g)
            continue
        keys, same = g["keys"], g["same"]
        for row in g["rows"]:
            values = iter(row)
            out.append({k: same[k] if k in same else next(values) for k in keys})
    return out


# --------------------------------------------------------------------------- host side
class Changes:
    """What changed between two dicts of view keys, packed: ``sets`` / ``apps`` (lists
    of msgpack bytes, one key-and-value pair each) with ``set_values`` / ``app_values``
    (the same as a dict, for in-process readers), ``gone`` (keys removed) and ``aw`` (the
    new ``awaiting`` as a mask, or None)."""

    __slots__ = ("sets", "apps", "set_values", "app_values", "gone", "aw")

    def __init__(self) -> None:
        self.sets: list[bytes] = []
        self.apps: list[bytes] = []
        self.set_values: dict = {}
        self.app_values: dict = {}
        self.gone: list = []
        self.aw: int | None = None


NONE = Changes()  # nothing changed (never modified)
_MISSING = object()


class DeltaWriter:
    """Packs the parts of ``delta`` messages for one table (one thread: it keeps its own
    msgpack packer and a cache of packed keys)."""

    def __init__(self) -> None:
        self._packer = msgpack.Packer(use_bin_type=True)
        self.pack = self._packer.pack
        self._keys: dict[str, bytes] = {}

    def pack_list(self, parts: list[bytes]) -> bytes:
        """A msgpack array of items already packed (``parts``, each one item's bytes):
        the same bytes as packing the list of those items."""
        return self._packer.pack_array_header(len(parts)) + b"".join(parts)

    def key(self, name: str) -> bytes:
        b = self._keys.get(name)
        if b is None:
            b = self._keys[name] = self.pack(name)
        return b

    def diff(self, old: dict, new: dict, keys: Iterable[str] | None = None) -> Changes:
        """The :class:`Changes` from ``old`` to ``new`` over ``keys`` (default: every key
        of either). Equal values (``==`` and the same type at the top) are left out; a
        list that only grew is an append (views keep their values' types, nested ones
        too, so equal values have equal bytes: PROTOCOL.md "Deltas"); ``awaiting`` is a
        mask when :func:`awaiting_mask` can carry it."""
        if keys is None and old == new and [*map(type, old.values())] == [*map(type, new.values())]:
            return NONE  # the common case of a seat's own part: comparisons in C
        out: Changes | None = None
        pack, key, get = self.pack, self.key, old.get
        items = new.items() if keys is None else [(k, new.get(k, _MISSING)) for k in keys]
        for k, v in items:
            o = get(k, _MISSING)
            if o == v and type(o) is type(v):
                continue
            if out is None:
                out = Changes()
            if v is _MISSING:
                out.gone.append(k)
                continue
            if k == "awaiting" and o is not _MISSING:  # a new key goes last, in ``set``
                mask = awaiting_mask(v)
                if mask is not None:
                    out.aw = mask
                    continue
            if (
                type(o) is list
                and type(v) is list
                and len(v) > len(o)
                and (not o or v[len(o) - 1] == o[-1])
                and v[: len(o)] == o
            ):
                tail = v[len(o) :]
                out.apps.append(key(k) + pack(tail))
                out.app_values[k] = tail
                continue
            out.sets.append(key(k) + pack(v))
            out.set_values[k] = v
        if keys is None:
            gone = [k for k in old if k not in new]
            if gone:
                out = out or Changes()
                out.gone.extend(gone)
        return out or NONE

    def delta(
        self,
        seq: int,
        parts: tuple[Changes, Changes],
        events: tuple[bytes, list] | None,
        yours: bool = False,
        legal: tuple[bytes, list] | None = None,
    ) -> tuple[bytes, dict]:
        """A ``delta`` message as ``(msgpack bytes, the same as a dict)``: ``seq``, the
        two :class:`Changes` ``parts`` merged (their keys are disjoint; :data:`NONE` for
        none), ``events`` as
        ``(packed list, list)`` (None or an empty list: left out), ``yours``, and
        ``legal`` as ``(packed, compact list)`` when given. Empty ``set``, ``app`` and
        ``del`` are left out."""
        p = self._packer
        key = self.key
        msg: dict = {"type": "delta", "seq": seq}
        body = [key("type"), key("delta"), key("seq"), p.pack(seq)]
        a, b = parts
        if a is NONE:
            a, b = b, NONE
        if a is not NONE:
            if b is NONE:
                sets, apps, gone, aw = a.sets, a.apps, a.gone, a.aw
                set_values, app_values = a.set_values, a.app_values
            else:
                sets, apps, gone = a.sets + b.sets, a.apps + b.apps, a.gone + b.gone
                aw = a.aw if a.aw is not None else b.aw
                set_values = {**a.set_values, **b.set_values}
                app_values = {**a.app_values, **b.app_values}
            if sets:
                msg["set"] = set_values
                body += [key("set"), p.pack_map_header(len(sets)), *sets]
            if apps:
                msg["app"] = app_values
                body += [key("app"), p.pack_map_header(len(apps)), *apps]
            if gone:
                msg["del"] = gone
                body += [key("del"), p.pack(gone)]
            if aw is not None:
                msg["aw"] = aw
                body += [key("aw"), p.pack(aw)]
        if events is not None and events[1]:
            msg["events"] = events[1]
            body += [key("events"), events[0]]
        if yours:
            msg["yours"] = True
            body += [key("yours"), p.pack(True)]
        if legal is not None:
            msg["legal"] = legal[1]
            body += [key("legal"), legal[0]]
        return p.pack_map_header(len(msg)) + b"".join(body), msg


__all__ = [
    "LEGAL_ROWS",
    "MASK_SEATS",
    "Changes",
    "DeltaWriter",
    "apply_delta",
    "awaiting_mask",
    "mask_awaiting",
    "pack_legal",
    "unpack_legal",
]
