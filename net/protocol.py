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

#: TCP port a host tries first (``tapete host``); any port works with ``join HOST:PORT``.
DEFAULT_PORT = 47470

#: Error codes after which the host closes the connection (a client does not retry).
CLOSING_CODES = frozenset({
    "protocol-mismatch", "expected-hello", "bad-message", "too-large", "too-deep",
    "idle-timeout", "replaced", "host-closed", "seat-taken", "seat-is-bot", "no-such-seat",
    "bad-token",
})

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
        self._unpacker = msgpack.Unpacker(raw=False, strict_map_key=True,
                                          use_list=True, **LIMITS)
        self.failed = False

    def feed(self, data: bytes) -> list[dict]:
        """Add ``data`` (bytes) and return the messages it completes."""
        if self.failed:
            raise ProtocolError("bad-message", "the stream is out of step")
        try:
            self._unpacker.feed(data)
        except msgpack.BufferFull:
            self.failed = True
            raise ProtocolError("too-large",
                                f"a message may be at most {MAX_BUFFER} bytes") from None
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

    Raises ``ValueError`` with a clear message for a bad port."""
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
    if not port:
        return host, default_port
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"bad port in {text!r}; expected HOST:PORT with a port 1..65535")
    return host, int(port)
