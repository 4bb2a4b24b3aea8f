"""Tapete wire protocol: msgpack maps with a ``type`` field (``net/PROTOCOL.md``).

One message is one msgpack map. :func:`encode` packs a message; :class:`Decoder` reads
a byte stream with strict limits (TECH-NOTES "msgpack on TCP") and yields messages.
Any decode error leaves the stream out of step: the reader sends an ``error`` and
closes the connection.
"""

from __future__ import annotations

import re
import reprlib
import threading
from typing import Any

import msgpack

#: Protocol version, sent in ``hello`` and ``welcome``. Both sides refuse another one.
#: 2: no deal before the start (public-only lobby views), 128-bit seeds revealed as a
#: decimal string in the ``outcome`` with the bots' key, strict ``hello`` types, the
#: heartbeat, the action budget (``slow-down``), live seat states and the turn clock.
#: 3: the table proves its identity (``challenge`` / ``proof`` before ``hello``, a seat
#: proven by an HMAC of its token in ``hello``: :mod:`net.identity`) and the web door.
PROTOCOL = 3

#: Seconds between heartbeats: a client pings this often and the host answers; either
#: side that hears nothing for :data:`DEAD_AFTER` seconds treats the link as dead.
HEARTBEAT = 2.0
#: Seconds of silence after which a link counts as dead (on both sides).
DEAD_AFTER = 6.0

#: The preset emotes (issue 16, "A table with people at it"), by id: an ``emote`` message
#: carries the index into this tuple, never text, and each window words it in its own
#: language. Adding one at the end keeps the ids of the others.
EMOTES = ("nice", "oops", "well-played", "hurry-up", "good-luck", "thanks")
#: Games whose rules allow no table talk but their own signals: The Game
#: (the-game.md "Communication": pile signals only, no free text). Every other rules
#: page leaves preset emotes (sequence-numbers.md: "preset emotes only").
NO_EMOTES = frozenset({"the-game"})
#: A seat's emote allowance (a token bucket of its own, apart from the action budget):
#: a burst of :data:`EMOTE_BURST`, then one every ``1 / EMOTE_RATE`` seconds.
EMOTE_BURST = 3
EMOTE_RATE = 0.5


def emotes_allowed(game_id: str) -> bool:
    """Whether the rules of ``game_id`` allow preset emotes (:data:`NO_EMOTES`)."""
    return game_id not in NO_EMOTES


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
        "host-stopping",
        "seat-taken",
        "seat-is-bot",
        "no-such-seat",
        "bad-token",
        "table-full",
        "too-many-pending",
        "flood",
    }
)

#: Decoder limits: one message at most 256 KiB, no ext types, bounded containers.
MAX_BUFFER = 256 * 1024
MAX_STR = 64 * 1024
MAX_ARRAY = 4096
MAX_MAP = 1024
#: Deepest container nesting accepted in one message (a view needs far fewer).
MAX_DEPTH = 32

#: Characters of a peer's own value that an error message may quote.
ECHO = 40
#: Longest ``message`` text of an ``error`` (characters).
MAX_ERROR_TEXT = 240

_LONG_WORD = re.compile(r"\S{%d,}" % (ECHO + 1))

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
    """An ``error`` message: ``{"type": "error", "code", "message", "rule"}``. The
    message is cut to :data:`MAX_ERROR_TEXT` characters and any run of more than
    :data:`ECHO` non-blank characters (a peer's value quoted by the rules, say) to
    :data:`ECHO`, so an error never echoes more than a short prefix of what was sent."""
    message = _LONG_WORD.sub(lambda m: m.group()[: ECHO - 1] + "…", message[: 4 * MAX_ERROR_TEXT])
    if len(message) > MAX_ERROR_TEXT:
        message = message[: MAX_ERROR_TEXT - 1] + "…"
    return {"type": "error", "code": code, "message": message, "rule": rule}


def farewell_error(resumable: bool, next_game: bool = False) -> dict:
    """What a stopping host tells every connection: ``host-stopping`` when the table can
    be resumed (its operator stopped it with Ctrl-C, SIGTERM or a closed terminal: a
    client keeps its seat and waits), else ``host-closed`` (closed for everyone) —
    with ``next: true`` when its screen deals the next game with the same players and
    seat tokens (``next_game``; PROTOCOL.md "The next game": a phone's page waits for
    it and takes its seat again)."""
    if resumable:
        return error(
            "host-stopping",
            "the host stopped; this table can be resumed: keep your seat and wait for it",
        )
    if next_game:
        return dict(
            error("host-closed", "the table deals the next game: your seat waits for you"),
            next=True,
        )
    return error("host-closed", "the host closed the table")


def echo(value: Any, limit: int = ECHO) -> str:
    """``repr(value)`` cut to ``limit`` characters (``…`` marks a cut): how an error
    message quotes what a peer sent, so it never echoes more than a short prefix."""
    text = _ECHO.repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


_ECHO = reprlib.Repr()
_ECHO.maxstring = _ECHO.maxother = _ECHO.maxlong = 2 * ECHO
_ECHO.maxlevel, _ECHO.maxlist, _ECHO.maxdict = 2, 4, 4


class Encoded(dict):
    """A message packed once: its items are the message (for in-process readers) and
    ``wire`` its msgpack bytes, which :func:`encode` returns as they are (the host packs
    the shared part of a delta once for every connection)."""

    __slots__ = ("wire",)

    def __init__(self, wire: bytes, message: dict) -> None:
        super().__init__(message)
        self.wire = wire


_PACKERS = threading.local()  # one msgpack.Packer per thread (see encode)


def encode(message: dict) -> bytes:
    """Pack ``message`` (a map with a str ``type``) into msgpack bytes (an
    :class:`Encoded` message: its bytes as they are).

    Each thread keeps one packer (``msgpack.packb`` makes a new one with a 256 KiB
    buffer per call, which the C library maps from the kernel and unmaps each time:
    issue 18). Raises ``TypeError`` for a value msgpack cannot carry (the packer is
    left empty for the next message)."""
    if type(message) is Encoded:
        return message.wire
    packer = getattr(_PACKERS, "packer", None)
    if packer is None:
        packer = _PACKERS.packer = msgpack.Packer(use_bin_type=True, strict_types=False)
    return packer.pack(message)


def encode_safely(message: dict) -> bytes:
    """:func:`encode`, or — for a view msgpack cannot carry (a bug, contained: the
    connection goes on) — the bytes of an ``internal-error`` naming the exception's
    type. Never raises for a dict."""
    try:
        return encode(message)
    except Exception as exc:
        text = f"the host could not encode a message: {type(exc).__name__}"
        return encode(error("internal-error", text))


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """Container nesting of ``value`` (a scalar is 0), counted up to ``limit + 1``;
    containers are the plain ``dict`` and ``list`` msgpack decodes to (exact types).

    Level by level: only the containers of each level are kept for the next one, so
    a view's many numbers and strings cost one type test each (every message a
    client reads passes here: issue 18)."""
    level = [value] if type(value) in _CONTAINERS else []
    d = 0
    while level:
        d += 1
        if d > limit:
            return d
        inner: list = []
        add = inner.append
        for v in level:  # plain loops: a comprehension per container costs a function
            for x in v.values() if type(v) is dict else v:
                if type(x) in _CONTAINERS:
                    add(x)
        level = inner
    return d


_CONTAINERS = frozenset({dict, list})


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
    :class:`ProtocolError`; after an error the decoder is unusable.

    With ``strict=True`` (the host's side: a peer's messages are small) the bytes of a
    message still incomplete after a feed are also read header by header
    (:class:`HeaderCheck`), so a declared length, count or nesting over the limits, an
    ext type or a message that is not a map is refused at once — msgpack itself only
    notices an over-long string once all of it has arrived."""

    def __init__(self, strict: bool = False) -> None:
        self._unpacker = msgpack.Unpacker(raw=False, strict_map_key=True, use_list=True, **LIMITS)
        self.failed = False
        self._check = HeaderCheck() if strict else None

    def feed(self, data: bytes) -> list[dict]:
        """Add ``data`` (bytes) and return the messages it completes."""
        if self.failed:
            raise ProtocolError("bad-message", "the stream is out of step")
        try:
            if self._check is not None:
                self._check.feed(data)
            self._unpacker.feed(data)
        except ProtocolError:
            self.failed = True
            raise
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
            raise ProtocolError("bad-message", f"cannot decode: {echo(str(exc), 80)}") from None
        return out


class HeaderCheck:
    """Reads the msgpack headers of a byte stream as it arrives and raises
    :class:`ProtocolError` at the first header the limits refuse: a message that is
    not a map, one whose headers declare more than :data:`MAX_BUFFER` bytes in all
    (``too-large``), a string or binary longer than :data:`MAX_STR`, an array or map longer
    than :data:`MAX_ARRAY` / :data:`MAX_MAP`, nesting deeper than :data:`MAX_DEPTH`,
    any ext type, or the never-used byte 0xC1. Payloads are skipped, not read, and
    each byte is looked at once, so the cost is one step per header."""

    #: Header byte -> payload bytes after it (nil, bools, floats, ints).
    _FIXED = {0xC0: 0, 0xC2: 0, 0xC3: 0, 0xCA: 4, 0xCB: 8, 0xCC: 1, 0xCD: 2, 0xCE: 4}
    _FIXED.update({0xCF: 8, 0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8})
    #: Header byte -> width of its big-endian length: str/bin, arrays, maps.
    _SIZED = {0xC4: 1, 0xC5: 2, 0xC6: 4, 0xD9: 1, 0xDA: 2, 0xDB: 4}
    _ARRAY = {0xDC: 2, 0xDD: 4}
    _MAP = {0xDE: 2, 0xDF: 4}

    def __init__(self) -> None:
        self.skip = 0  # payload bytes still to pass over
        self.carry = b""  # the start of a header cut by the end of the last feed
        self.stack: list[int] = []  # items still due in each open container
        self.started = False  # inside a message
        self.size = 0  # bytes the current message's headers have declared so far

    def feed(self, data: bytes) -> None:
        """Read ``data``, the next bytes of the stream."""
        buf = self.carry + data if self.carry else data
        self.carry = b""
        n, i = len(buf), 0
        stack = self.stack
        while True:
            if self.skip:
                take = min(self.skip, n - i)
                i += take
                self.skip -= take
                if self.skip:
                    return
                self._done(stack)
            if i >= n:
                return
            b = buf[i]
            if not self.started and not (0x80 <= b <= 0x8F or b in self._MAP):
                raise ProtocolError("bad-message", "a message is a map with a string 'type'")
            count, kind, start = 0, "", i
            if b <= 0x7F or b >= 0xE0:
                i += 1
            elif 0xA0 <= b <= 0xBF:
                i += 1
                self.skip = b & 0x1F
            elif 0x80 <= b <= 0x9F:
                i += 1
                count, kind = b & 0x0F, "m" if b <= 0x8F else "a"
            elif b in self._FIXED:
                i += 1
                self.skip = self._FIXED[b]
            elif b in self._SIZED or b in self._ARRAY or b in self._MAP:
                width = self._SIZED.get(b) or self._ARRAY.get(b) or self._MAP[b]
                if i + 1 + width > n:
                    self.carry = bytes(buf[i:])  # the length is not all here yet
                    return
                count = int.from_bytes(buf[i + 1 : i + 1 + width], "big")
                i += 1 + width
                if b in self._SIZED:
                    if count > MAX_STR:
                        raise ProtocolError(
                            "bad-message", f"a string or binary may be at most {MAX_STR} bytes"
                        )
                    self.skip, count = count, 0
                else:
                    kind = "a" if b in self._ARRAY else "m"
            elif b == 0xC1:
                raise ProtocolError("bad-message", "byte 0xC1 is never used in msgpack")
            else:
                raise ProtocolError("bad-message", "ext types are not part of the protocol")
            self.size += i - start + self.skip  # the header and the payload it declares
            if self.size > MAX_BUFFER:
                raise ProtocolError("too-large", f"a message may be at most {MAX_BUFFER} bytes")
            if kind == "a" and count > MAX_ARRAY:
                raise ProtocolError("bad-message", f"an array may hold at most {MAX_ARRAY} items")
            if kind == "m" and count > MAX_MAP:
                raise ProtocolError("bad-message", f"a map may hold at most {MAX_MAP} entries")
            self.started = True
            if stack:
                stack[-1] -= 1
            if count:
                stack.append(2 * count if kind == "m" else count)
                if len(stack) > MAX_DEPTH:
                    raise ProtocolError("too-deep", f"a message may nest at most {MAX_DEPTH} deep")
            if not self.skip:
                self._done(stack)

    def _done(self, stack: list[int]) -> None:
        """An item is complete: close the containers it completes (and the message)."""
        while stack and stack[-1] == 0:
            stack.pop()
        if not stack:
            self.started, self.size = False, 0


#: :data:`LIMITS` as ``msgpack.unpackb`` takes them (it reads one whole message at once,
#: so it needs no buffer: the size is checked apart).
_UNPACKB = {k: v for k, v in LIMITS.items() if k != "max_buffer_size"}


def roundtrip(message: dict) -> dict:
    """``message`` as the other side of a wire would see it (a deep copy through
    msgpack with the decoder's limits: :class:`Decoder`'s errors, ``too-large`` past
    :data:`MAX_BUFFER` bytes); used by the in-process connection so local play takes
    exactly the TCP code path's data. Reads with ``msgpack.unpackb`` (no stream buffer
    to allocate per message, as a new :class:`Decoder` would: issue 18)."""
    data = encode(message)
    if len(data) > MAX_BUFFER:
        raise ProtocolError("too-large", f"a message may be at most {MAX_BUFFER} bytes")
    try:
        value = msgpack.unpackb(data, raw=False, strict_map_key=True, use_list=True, **_UNPACKB)
    except Exception as exc:  # msgpack raises ValueError, FormatError, StackError …
        raise ProtocolError("bad-message", f"cannot decode: {echo(str(exc), 80)}") from None
    return check_message(value)


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
