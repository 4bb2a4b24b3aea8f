"""Text from others, fit to print or draw (issue 29): one cleaning for zeroconf listings,
player names, table names and everything a host sends that a terminal prints or a
window draws.

A hostile host or listing may send terminal escapes (clear the screen, set the window
title, colours), bell characters, bidi overrides that reverse what follows, and lines of
64 KiB. :func:`clean` drops every control and format character, makes whitespace runs
single spaces and bounds the length; :func:`clean_tree` does it to every string in a
small message; :func:`from_host` cleans the messages of a host that a client shows
(``welcome``, ``seats``, ``notice``, ``error``, ``outcome``) at the one place they are
received (:class:`net.client.TcpConnection`).
"""

from __future__ import annotations

import unicodedata
from typing import Any

#: Longest text kept from one string a host sends (characters): an error's message is at
#: most this long (``net.protocol.error``).
MAX_TEXT = 240
#: Longest player (seat) name kept, characters.
MAX_NAME = 32
#: Longest table name kept, characters: a player's name and "'s table".
MAX_TABLE_NAME = 40
#: Longest map key kept from a host's message, characters.
MAX_KEY = 40
#: Items kept of each list, and entries of each map, in a host's message (a table has
#: at most 64 seats: ``net.log.MAX_SEATS``).
MAX_ITEMS = 64
#: Deepest nesting kept in a host's message; anything deeper becomes None.
MAX_DEPTH = 6
#: Format characters kept: the zero-width non-joiner and joiner shape Persian and Indic
#: words and emoji sequences, and no terminal acts on them.
JOINERS = frozenset("\u200c\u200d")
#: What marks a cut.
ELLIPSIS = "…"
#: The host messages :func:`from_host` cleans (views, deltas and binaries pass as they are).
SHOWN = frozenset({"welcome", "seats", "notice", "error", "outcome"})


def clean(value: object, limit: int = MAX_TEXT) -> str:
    """``value`` as one line fit to print or draw: a str (bytes decoded as UTF-8, bad
    bytes replaced; anything else gives ""), without control or format characters
    (Unicode categories C*: C0 and C1 controls with ESC, BEL and DEL, bidi overrides and
    isolates, zero-width spaces, surrogates, unassigned code points; the joiners of
    :data:`JOINERS` stay), every run of
    whitespace (line breaks, tabs, no-break spaces …) one space, no space at either end,
    and at most ``limit`` characters — a longer text keeps ``limit - 1`` and ends with
    "…". Fast for text that is already clean (returned as it is)."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    if not isinstance(value, str):
        return ""
    if limit <= 0:
        return ""
    if (
        len(value) <= limit
        and value.isprintable()
        and "  " not in value
        and value[:1] != " "
        and value[-1:] != " "
    ):
        return value
    out = []
    for ch in value[: limit * 4 + 8]:  # a clean text of `limit` chars fits in far less
        if ch.isspace() or unicodedata.category(ch) in ("Zs", "Zl", "Zp"):
            out.append(" ")
        elif unicodedata.category(ch)[0] != "C" or ch in JOINERS:
            out.append(ch)
    text = " ".join("".join(out).split())
    if len(text) > limit or (len(value) > limit * 4 + 8 and text):
        text = text[: limit - 1].rstrip() + ELLIPSIS
    return text


def clean_name(value: object, default: str = "", limit: int = MAX_NAME) -> str:
    """A name (a player's, a table's) cleaned to ``limit`` characters, or ``default``
    when nothing printable is left (or ``value`` is not text)."""
    return clean(value, limit) or default


def clean_tree(value: Any, limit: int = MAX_TEXT, depth: int = MAX_DEPTH) -> Any:
    """``value`` (msgpack data) with every string :func:`clean` to ``limit`` characters
    (map keys to :data:`MAX_KEY`), each list and map cut to :data:`MAX_ITEMS` items and
    anything nested deeper than ``depth`` made None; ints, floats, bools, None and
    binaries pass. Returns ``value`` itself when nothing changed."""
    if isinstance(value, str):
        return clean(value, limit)
    if isinstance(value, (list, tuple)):
        if depth <= 0:
            return None
        items = [clean_tree(v, limit, depth - 1) for v in value[:MAX_ITEMS]]
        same = len(value) <= MAX_ITEMS and all(a is b for a, b in zip(items, value, strict=False))
        return value if same else items
    if isinstance(value, dict):
        if depth <= 0:
            return None
        out, same = {}, len(value) <= MAX_ITEMS
        for i, (k, v) in enumerate(value.items()):
            if i >= MAX_ITEMS:
                break
            key = clean(k, MAX_KEY) if isinstance(k, str) else k
            item = clean_tree(v, limit, depth - 1)
            same = same and key is k and item is v
            out[key] = item
        return value if same else out
    return value


def from_host(message: dict) -> dict:
    """A host's message as a client may show it. For the types in :data:`SHOWN`: every
    string cleaned to :data:`MAX_TEXT` (see :func:`clean_tree`), the table's name to
    :data:`MAX_TABLE_NAME` and each seat's name to :data:`MAX_NAME` characters (as the
    host keeps them), and the printed fields of an ``outcome``'s record to their shapes (see
    :func:`_outcome`); other messages (``snapshot``, ``delta``, ``pong``, …: views the
    client reads, never prints as they are) come back as they are."""
    if not isinstance(message, dict) or message.get("type") not in SHOWN:
        return message
    m = clean_tree(message)
    if not isinstance(m, dict):
        return {"type": message.get("type")}
    if m is message:
        m = dict(message)
    if "table" in m:
        m["table"] = clean(m["table"], MAX_TABLE_NAME)
    if "name" in m:
        m["name"] = clean(m["name"], MAX_NAME)
    out = m.get("outcome")
    if m.get("type") == "outcome" and isinstance(out, dict):
        m["outcome"] = {**out, **{k: v for k, v in _outcome(out).items() if k in out}}
    if isinstance(m.get("seats"), list):
        m["seats"] = [
            {**s, "name": clean(s["name"], MAX_NAME)} if isinstance(s, dict) and "name" in s else s
            for s in m["seats"]
        ]
    return m


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _outcome(m: dict) -> dict:
    """The fields of an ``outcome`` record (``{"type": "outcome", "outcome": m}``) that
    ``tapete join`` prints, each of its shape or
    None (``winners`` and ``scores`` lists of numbers, at most :data:`MAX_ITEMS`):
    ``game`` text of at most :data:`MAX_KEY` characters, ``seed`` a decimal string of
    at most 100 digits or an int, ``rounds`` and ``actions`` ints, ``bot_key`` hex digits
    (at most 128). Other fields stay as :func:`clean_tree` left them."""
    seed, key = m.get("seed"), m.get("bot_key")
    whole = isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 100

    def numbers(value: Any) -> list:
        return [x for x in value if _number(x)] if isinstance(value, list) else []

    return {
        "game": clean(m.get("game"), MAX_KEY),
        "seed": seed if whole or (_number(seed) and isinstance(seed, int)) else None,
        "winners": numbers(m.get("winners")),
        "scores": numbers(m.get("scores")),
        "rounds": m.get("rounds") if isinstance(m.get("rounds"), int) else None,
        "actions": m.get("actions") if isinstance(m.get("actions"), int) else None,
        "bot_key": key
        if isinstance(key, str) and len(key) <= 128 and all(c in "0123456789abcdef" for c in key)
        else None,
    }
