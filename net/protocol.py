"""Tapete wire protocol: msgpack maps with a ``type`` field (``net/PROTOCOL.md``).

One message is one msgpack map. :func:`encode` packs a message; :class:`Decoder` reads
a byte stream with strict limits (TECH-NOTES "msgpack on TCP") and yields messages.
Any decode error leaves the stream out of step: the reader sends an ``error`` and
closes the connection.
"""

from __future__ import annotations

from typing import Any

import msgpack

#: Protocol version, sent in ``hello`` and ``welcome``. Both sides refuse another one.
PROTOCOL = 1

#: Seconds between heartbeats: a client pings this often and the host answers; either
#: side that hears nothing for :data:`DEAD_AFTER` seconds treats the link as dead.
HEARTBEAT = 2.0
#: Seconds of silence after which a link counts as dead (on both sides).
DEAD_AFTER = 6.0

#: TCP port a host tries first (``tapete host``); any port works with ``join HOST:PORT``.
DEFAULT_PORT = 47470

#: Error codes after which the host closes the connection (a client does not retry).
CLOSING_CODES = frozenset(
    {
        "protocol-mismatch",
        "expected-hello",
        "bad-message",
        "too-large",
        "too-deep",
        "idle-timeout",
        "replaced",
        "host-closed",
        "seat-taken",
        "seat-is-bot",
        "no-such-seat",
        "bad-token",
        "table-full",
    }
)

#: Decoder limits: one message at most 256 KiB, no ext types, bounded containers.
MAX_BUFFER = 256 * 1024
MAX_STR = 64 * 1024
MAX_ARRAY = 4096
MAX_MAP = 1024
#: Deepest container nesting accepted in one message (a view needs far fewer).
MAX_DEPTH = 32

LIMITS = {
    "max_buffer_size": MAX_BUFFER,
    "max_str_len": MAX_STR,
    "max_bin_len": MAX_STR,
    "max_array_len": MAX_ARRAY,
    "max_map_len": MAX_MAP,
    "max_ext_len": 0,
}


class ProtocolError(Exception):
    """A stream or message the protocol refuses. ``code`` is the wire code of the
    ``error`` sent before closing (``bad-message``, ``too-large``, ``too-deep``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_wire(self) -> dict:
        """The ``error`` message that reports this refusal."""
        return error(self.code, self.message)


def error(code: str, message: str, rule: str = "") -> dict:
    """An ``error`` message: ``{"type": "error", "code", "message", "rule"}``."""
    return {"type": "error", "code": code, "message": message, "rule": rule}


def encode(message: dict) -> bytes:
    """Pack ``message`` (a map with a str ``type``) into msgpack bytes.

    Raises ``TypeError`` for a value msgpack cannot carry."""
    return msgpack.packb(message, use_bin_type=True, strict_types=False)


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """Container nesting of ``value`` (a scalar is 0), counted up to ``limit + 1``."""
    deepest = 0
    stack = [(value, 0)]
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


def check_message(value: Any) -> dict:
    """``value`` if it is a message (a map with a str ``type``, nesting at most
    :data:`MAX_DEPTH`); raises :class:`ProtocolError` otherwise."""
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise ProtocolError("bad-message", "a message is a map with a string 'type'")
    if depth(value) > MAX_DEPTH:
        raise ProtocolError("too-deep", f"a message may nest at most {MAX_DEPTH} deep")
    return value


class Decoder:
    """Streaming decoder with the protocol's limits. ``feed(data)`` returns every
    complete message so far (drained after each feed) or raises
    :class:`ProtocolError`; after an error the decoder is unusable."""

    def __init__(self) -> None:
        self._unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, use_list=True, **LIMITS)
        self.failed = False

    def feed(self, data: bytes) -> list[dict]:
        """Add ``data`` (bytes) and return the messages it completes."""
        if self.failed:
            raise ProtocolError("bad-message", "the stream is out of step")
        try:
            self._unpacker.feed(data)
        except msgpack.BufferFull:
            self.failed = True
            raise ProtocolError(
                "too-large", f"a message may be at most {MAX_BUFFER} bytes"
            ) from None
        out = []
        try:
            for value in self._unpacker:
                out.append(check_message(value))
        except ProtocolError:
            self.failed = True
            raise
        except Exception as exc:  # msgpack raises ValueError, FormatError, StackError …
            self.failed = True
            raise ProtocolError("bad-message", f"cannot decode: {exc}") from None
        return out


def roundtrip(message: dict) -> dict:
    """``message`` as the other side of a wire would see it (a deep copy through
    msgpack with the decoder's limits); used by the in-process connection so local
    play takes exactly the TCP code path's data."""
    dec = Decoder()
    out = dec.feed(encode(message))
    if len(out) != 1:
        raise ProtocolError("bad-message", "a message did not survive the wire")
    return out[0]


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``(host, port)`` from ``"host:port"``, ``"host"`` or ``"[v6]:port"``.

    Raises ``ValueError`` with a clear message for a missing host, a host with spaces
    or a bad port."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest[1:] if rest.startswith(":") else ""
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, ""
    if not host:
        raise ValueError(f"no host in {text!r}; expected HOST:PORT")
    if any(c.isspace() for c in host):
        raise ValueError(f"a host name has no spaces: {text!r}; expected HOST:PORT")
    if not port:
        return host, default_port
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"bad port in {text!r}; expected HOST:PORT with a port 1..65535")
    return host, int(port)


# --------------------------------------------------------------------------- long legal lists
#: Legal actions sent in one message at most; a longer list (Guandan's leads can run to
#: thousands of plays) follows in ``legal-page`` messages, so every message on the wire
#: keeps the decoder's limits. Connections join the pages before ``poll`` sees them.
LEGAL_PAGE = 1000
#: Pages one list may take (so a joined list holds at most 64,000 actions).
MAX_LEGAL_PAGES = 64


def wire_messages(message: dict) -> list[dict]:
    """``message`` as it goes on the wire: itself, or — when its ``legal`` list is
    longer than :data:`LEGAL_PAGE` — itself with the first page and ``"legal_more":
    true``, then ``{"type": "legal-page", "actions": [...], "more": bool}`` messages."""
    legal = message.get("legal")
    if not isinstance(legal, list) or len(legal) <= LEGAL_PAGE:
        return [message]
    pages = [legal[i : i + LEGAL_PAGE] for i in range(0, len(legal), LEGAL_PAGE)]
    out = [{**message, "legal": pages[0], "legal_more": True}]
    for i, page in enumerate(pages[1:], start=2):
        out.append({"type": "legal-page", "actions": page, "more": i < len(pages)})
    return out


class PageJoiner:
    """Client side of :func:`wire_messages`: ``join(message)`` returns the messages to
    deliver now (a held message comes out whole once its last page arrives). Raises
    :class:`ProtocolError` for pages out of order or too many of them."""

    def __init__(self) -> None:
        self._held: dict | None = None
        self._pages = 0

    def join(self, message: dict) -> list[dict]:
        if message.get("type") == "legal-page":
            actions = message.get("actions")
            if self._held is None or not isinstance(actions, list):
                raise ProtocolError("bad-message", "a legal-page without its message")
            self._pages += 1
            if self._pages > MAX_LEGAL_PAGES:
                raise ProtocolError("too-large", f"more than {MAX_LEGAL_PAGES} legal pages")
            self._held["legal"].extend(actions)
            if message.get("more"):
                return []
            done, self._held = self._held, None
            return [done]
        if self._held is not None:
            raise ProtocolError("bad-message", "a message arrived inside a legal list")
        if message.get("legal_more"):
            held = dict(message)
            del held["legal_more"]
            held["legal"] = list(held.get("legal") or [])
            self._held, self._pages = held, 1
            return []
        return [message]
