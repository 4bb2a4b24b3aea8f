"""The client side of a TCP table (``net/PROTOCOL.md``).

:class:`TcpConnection` has the shape of :class:`net.local.Connection` (``seat``,
``token``, ``send``, ``poll``, ``close``) and runs on its own daemon thread with its own
asyncio loop, so the frame loop never blocks on the network. It sends ``hello``, pings
every :data:`~net.protocol.HEARTBEAT` seconds, and treats a host silent for
:data:`~net.protocol.DEAD_AFTER` seconds as a dropped link. After a drop (not after a
refusal) it reconnects with its seat token, with backoff, for up to ``reconnect_for``
seconds (:mod:`net.redial`): the host then sends a fresh ``welcome`` and ``snapshot``.

Whatever a host sends that a client shows (``welcome``, ``seats``, ``notice``, ``error``,
``outcome``) is cleaned as it arrives (:func:`net.text.from_host`): no control
characters, bounded lengths, so nothing a hostile host sends can drive a terminal.

With a :class:`net.tokens.TokenStore` (``tokens=``) the connection keeps every seat
token it is given on disk and, joining with no token of its own, offers the one it
kept for that table: a restarted laptop is back in its seat with no typing.

**A token goes only to the table that gave it** (:mod:`net.identity`). Every session
starts with a ``challenge``; the host's ``proof`` names the table it holds the key of.
A token (kept, given, or this connection's own after a drop) is then offered only as an
HMAC bound to this session (never the token itself), and only when the proven table is
the one the token belongs to; otherwise the connection joins without it, as a new player
or spectator, and says why in a local ``{"type": "notice", "event": "unproven", ...}``.
A proof that does not verify ends the session (``bad-proof``).
"""

from __future__ import annotations

import asyncio
import random
import threading
import time

from net.addresses import address_text
from net.comeback import RESUME_EVERY, RESUME_FOR, ComeBack  # noqa: F401
from net.failures import CLOSED_WORDS, JoinFailed, JoinRefused  # noqa: F401
from net.identity import IdentityError, check_proof, new_nonce, seat_proof
from net.link import READ_SIZE, _Link  # noqa: F401 - re-exported
from net.local import Connection
from net.protocol import (
    CLOSING_CODES,
    DEAD_AFTER,
    HEARTBEAT,
    PROTOCOL,
    ProtocolError,
    encode,
    error,
    parse_address,
    roundtrip,
)
from net.redial import RECONNECT_FOR, Redial
from net.text import clean, from_host

#: Seconds between the client's pings (the protocol's heartbeat).
PING_INTERVAL = HEARTBEAT
#: Seconds to reach the host and hear its ``welcome``.
CONNECT_TIMEOUT = 5.0


class TcpConnection(Redial, ComeBack, Connection):
    """A connection to a host at ``host:port``. ``seat`` asks for a seat (None: the
    first open one, or a spectator if the table is full); ``spectator=True`` watches;
    ``token`` takes back a held seat. ``tokens`` (a :class:`net.tokens.TokenStore`)
    keeps the seat token on disk and, when ``token`` is None, offers the one kept for
    ``table_id`` (if known, e.g. from discovery) or this address; a kept token the host
    refuses (``bad-token``) is forgotten and the join goes on without it. Call
    :meth:`start` (or use :func:`connect`).

    ``poll()`` yields the host's messages plus, when the link drops, ``{"type":
    "disconnected", "reason": str, "reconnecting": bool, "code": str, "address":
    str}`` (``code``: what happened, :mod:`net.failures`, or the wire code of the
    host's closing ``error``; ``reason``: the same in English); while it tries to come
    back the notice also has ``attempt`` (the number of the next attempt, 1, 2, …),
    ``retry_in`` (seconds until it) and ``gives_up_in`` (seconds left of
    ``reconnect_for``); one notice per failed attempt. On success a fresh ``welcome``
    and ``snapshot`` follow. ``recalled`` is True when the token came from ``tokens``.

    ``legal=True`` asks the host for the seat's legal lists (a thin client that cannot
    compute them with ``Game.legal_from_view``); they arrive in the compact form of
    :func:`net.delta.pack_legal`.

    ``alternates``: more ``(host, port)`` of the same table (a :class:`TableInfo`'s
    ``addresses``), tried with the first (:func:`net.dial.dial`: every address, 250 ms
    apart, the first that answers wins); ``host``, ``port`` and ``address`` then name the
    one that answered (see :func:`connection_to`).

    **A host that stops politely** (``error`` ``host-stopping``: its operator pressed
    Ctrl-C, or it got SIGTERM or SIGHUP) can be resumed from its log. The connection then
    keeps its seat and waits, for up to ``resume_for`` seconds: every
    :data:`RESUME_EVERY` s it tries the table's addresses — and, with ``discover``
    (True: a :class:`net.discovery.TableBrowser`; or a function that makes an object
    with ``poll()`` and ``close()``), every address the LAN lists the same ``table_id``
    at — and comes back by itself to the first host that proves that identity. While
    it waits, ``poll()`` yields ``disconnected`` notices with ``"waiting": "resume"``
    (one a minute); a host proving another table is passed over without a word."""

    def __init__(
        self,
        host: str,
        port: int,
        *,
        player: str = "",
        seat: int | None = None,
        token: str | None = None,
        spectator: bool = False,
        ping_interval: float = PING_INTERVAL,
        dead_after: float = DEAD_AFTER,
        reconnect_for: float = RECONNECT_FOR,
        connect_timeout: float = CONNECT_TIMEOUT,
        tokens=None,
        table_id: str | None = None,
        alternates: list[tuple[str, int]] = (),
        legal: bool = False,
        resume_for: float = RESUME_FOR,
        discover=True,
    ) -> None:
        super().__init__(seat)
        self._asked_seat = seat  # the seat asked for, before any kept token named one
        self.legal = legal
        self.host, self.port = host, port
        # Other addresses of the same table (discovery lists every one): tried in
        # order when the first cannot be reached; the one that answers is kept.
        self._candidates = [
            (host, port),
            *[(h, p) for h, p in alternates if (h, p) != (host, port)],
        ]
        self.resume_for = resume_for
        self.discover = discover
        #: While waiting for a stopped table: when the connection gives up (monotonic).
        self._resume_until: float | None = None
        self._finder = None  # the LAN browser that looks for the stopped table
        self._resume_looks = 0
        self.address = address_text(host, port)
        self.player = player
        self.token = token
        self.spectator = spectator
        self.ping_interval = ping_interval
        self.dead_after = dead_after
        self.reconnect_for = reconnect_for
        self.connect_timeout = connect_timeout
        self.tokens = tokens
        self.table_id = table_id
        #: The identity a token of this connection belongs to (None: the table that
        #: proves itself first — a token typed with its address); set from a kept
        #: token's entry, then from every ``welcome`` of a proven table.
        self.expected_id: str | None = None
        self.proven_id: str | None = None  # the identity this session's host proved
        self._nonce = b""
        self._said_hello = False
        self.recalled = False
        self.welcome: dict | None = None
        self.refusal: dict | None = None  # the error that closed the link, if any
        self.failure = ""  # what ended the last session (net.failures, or a wire code)
        self.over = False  # an outcome arrived: the game is over
        self.answered = threading.Event()  # welcome, refusal or failure
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._writer: _Link | None = None  # the session's link (``transport``, ``write``)
        self._task: asyncio.Task | None = None
        self._closing = False
        self._auto_pings = 0
        self._ever_welcomed = False
        self._rng = random.Random()

    # ------------------------------------------------------------------ frame-loop side
    def start(self) -> "TcpConnection":
        """Start the network thread (returns at once)."""
        if self._thread is not None:
            return self
        if self.tokens is not None and self.token is None and not self.spectator:
            kept = self.tokens.recall(self.address, self.table_id, self._asked_seat)
            if kept is not None:
                self.token, self.recalled = kept["token"], True
                self.seat = kept["seat"]
                self.expected_id = kept.get("table_id")
        self.loop = asyncio.new_event_loop()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self._task = self.loop.create_task(self._main())
            try:
                self.loop.run_until_complete(self._task)
            except BaseException:
                pass
            finally:
                self.loop.close()

        self._thread = threading.Thread(target=run, name=f"tapete-client-{self.port}", daemon=True)
        self._thread.start()
        return self

    def send(self, message: dict) -> None:
        """Queue ``message`` for the host (thread-safe, never blocks). A message msgpack
        cannot carry comes back at once as a local ``error`` (``bad-message``)."""
        try:
            data = encode(roundtrip(message))
        except (ProtocolError, TypeError, ValueError) as exc:
            self._deliver(error("bad-message", f"cannot send that message: {exc}"))
            return
        loop = self.loop
        if loop is None or loop.is_closed() or not self.connected:
            return
        try:
            loop.call_soon_threadsafe(self._write, data)
        except RuntimeError:
            pass

    def close(self) -> None:
        """Hang up and stop the network thread (waits at most a few seconds)."""
        self._closing = True
        self.connected = False
        if self.tokens is not None:
            from net.tokens import release

            release(self.token)
        loop, task = self.loop, self._task
        if loop is not None and task is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._hang_up, task)
            except RuntimeError:
                pass
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(5.0)

    # ------------------------------------------------------------------ network side
    def _hang_up(self, task: asyncio.Task) -> None:
        # Close the socket as well as cancelling: in Python 3.11 a cancel that meets a
        # finishing read inside ``wait_for`` can be lost; a closed stream cannot.
        if self._writer is not None:
            self._writer.close()
        task.cancel()

    def _write(self, data: bytes) -> None:
        w = self._writer
        if w is not None and not w.transport.is_closing():
            w.write(data)

    def _hello(self, host_nonce: bytes) -> dict:
        """The ``hello`` after the host proved :attr:`proven_id`: with a seat proof when
        this connection holds a token of that table, else without any token."""
        hello = {
            "type": "hello",
            "protocol": PROTOCOL,
            "player": self.player,
            "seat": self.seat,
            "spectator": self.spectator,
            "legal": self.legal,
        }
        if self.token:
            hello["proof"] = seat_proof(self.token, self._nonce, host_nonce)
        return hello

    def _answer_proof(self, proof: dict) -> str | None:
        """Check the host's ``proof`` and say ``hello``; returns a reason when the
        session must end (a proof that does not verify)."""
        try:
            self.proven_id = check_proof(proof, self._nonce)
        except IdentityError as exc:
            reason = f"the host at {self.address} did not prove its identity: {exc}"
            self.refusal = error("bad-proof", reason)
            self._deliver(self.refusal)
            return reason
        if self._resume_until is not None and self.expected_id not in (None, self.proven_id):
            return f"another table answers at {self.address}"  # not ours: wait on
        if self.token and self.expected_id not in (None, self.proven_id):
            self._deliver(
                {
                    "type": "notice",
                    "event": "unproven",
                    "seat": self.seat,
                    "name": "",
                    "message": (
                        f"the host at {self.address} is not the table your seat is at "
                        f"(it proved table {self.proven_id[:8]}…, your seat is at "
                        f"{self.expected_id[:8]}…): joining it as a new player, "
                        "your seat token stays with you"
                    ),
                }
            )
            self.token, self.seat, self.recalled = None, self._asked_seat, False
        self._said_hello = True
        self._write(encode(self._hello(proof["nonce"])))
        return None

    async def _session(self, link: "_Link") -> tuple[bool, str]:
        """One TCP session: ``(dropped, reason)`` — dropped is False after a refusal.

        The messages are read, decoded and handled by ``link`` as each chunk arrives
        (:meth:`_Link.data_received`); this only sends ``hello``, pings, and watches for
        the end or for silence (one timer per silent stretch, none per message)."""
        self._writer = link
        self._auto_pings = 0
        self.welcome = None
        self.proven_id, self._said_hello = None, False
        self._nonce = new_nonce()
        link.write(encode({"type": "challenge", "nonce": self._nonce}))
        loop = asyncio.get_running_loop()
        pinger = loop.create_task(self._pinger(link))
        silence = max(self.dead_after, 2 * self.ping_interval, 0.1)
        try:
            while not link.ended.done():
                wait = link.heard + silence - loop.time()
                if wait <= 0:
                    link.code = link.code or "silent"
                    return True, f"the host has been silent for {silence:g} s"
                await asyncio.wait([link.ended], timeout=wait)
            return link.ended.result()
        finally:
            self.failure = link.code or "closed"
            pinger.cancel()
            self._writer = None
            link.close()
            try:  # let the socket really close before the loop stops (the host sees EOF)
                await asyncio.wait_for(asyncio.shield(link.closed), 1.0)
            except (Exception, asyncio.CancelledError):
                pass

    def _receive(self, m: dict) -> str | None:
        """Deliver ``m``; returns a reason when the session must end without retry."""
        kind = m.get("type")
        if kind == "delta":  # nearly every message: straight through
            try:
                self._arrive(m)
            except ProtocolError as exc:
                return f"the host sent something unreadable: {exc.message}"
            return None
        # Everything of a host's that a client prints or draws is cleaned here, once
        # (net.text.from_host): a hostile host's escapes and 64 KiB lines stop here.
        m = from_host(m)
        if kind == "pong" and self._auto_pings > 0:
            self._auto_pings -= 1
            return None
        if kind == "ping":  # a host's heartbeat: answer it, nobody else needs to see it
            self._write(encode({"type": "pong"}))
            return None
        if kind == "proof" and not self._said_hello:
            return self._answer_proof(m)
        if kind == "welcome":
            if m.get("table_id") != self.proven_id:
                reason = (
                    f"the host at {self.address} proved table {str(self.proven_id)[:8]}… "
                    "but welcomed us to another: not joining"
                )
                self.refusal = error("bad-proof", reason)
                self._deliver(self.refusal)
                return reason
            self.expected_id = self.proven_id
            if m.get("protocol") != PROTOCOL:
                reason = (
                    f"the host speaks Tapete protocol {clean(repr(m.get('protocol')), 20)}, this "
                    f"client speaks {PROTOCOL}: use the same Tapete version as the host"
                )
                self.refusal = error("protocol-mismatch", reason)
                self._deliver(self.refusal)
                return reason
            if self.recalled and m.get("token") != self.token:
                # The kept token proved no seat (a table resumed in its lobby, whose
                # seats opened again): this is a new seat, not the one kept.
                if self.tokens is not None and self.token:
                    self.tokens.forget(self.token)
                self.recalled = False
            self.welcome = m
            self._ever_welcomed = True
            self._resume_until, self._resume_looks = None, 0
            self._stop_finding()
            if m.get("seat") is None:
                self.spectator = True  # come back as a spectator, not to an open seat
            elif self.tokens is not None and isinstance(m.get("token"), str):
                from net.tokens import hold

                hold(m["token"])
                self.tokens.remember(m, self.address)
            self.connected = True
            self._deliver(m)
            self.answered.set()
            return None
        if kind == "error" and m.get("code") == "host-stopping" and self._ever_welcomed:
            if self._resume_until is None:  # keep the seat; wait for the resumed table
                self._resume_until = time.monotonic() + self.resume_for
                self._resume_looks = 0
            return "the host stopped; this table can be resumed"
        if kind == "error" and (m.get("code") in CLOSING_CODES or self.welcome is None):
            self.refusal = m
            if m.get("code") == "too-many-pending":  # tried again (see _pushed_out)
                return f"{m.get('code')}: {m.get('message')}"
            if self.recalled and m.get("code") == "bad-token":
                return f"{m.get('code')}: {m.get('message')}"  # retried without the token
            self._deliver(m)
            return CLOSED_WORDS.get(m.get("code"), f"{m.get('code')}: {m.get('message')}")
        if kind == "outcome":  # the game is over: a host gone now is no drop to recover
            self.over = True
            if self.tokens is not None and self.token:
                self.tokens.forget(self.token)  # (nor is the seat of any use any more)
        try:
            self._arrive(m)
        except ProtocolError as exc:
            return f"the host sent something unreadable: {exc.message}"
        return None

    async def _pinger(self, writer: "_Link") -> None:
        while True:
            await asyncio.sleep(self.ping_interval)
            if writer.transport.is_closing():
                return
            self._auto_pings += 1
            writer.write(encode({"type": "ping"}))


def connection_to(info, **options) -> TcpConnection:
    """A :class:`TcpConnection` (not started) to a table found on the LAN
    (:class:`net.discovery.TableInfo`): every address at once, in the listing's order
    250 ms apart (:func:`net.dial.dial`), the first that answers taken; ``table_id``
    from the listing, so a kept token is found even if the table moved. ``options`` as
    for the class."""
    addresses = [(a, info.port) for a in info.addresses] or [(info.host, info.port)]
    options.setdefault("table_id", info.table_id or None)
    return TcpConnection(*addresses[0], alternates=addresses[1:], **options)


def connect(
    target: str,
    *,
    player: str = "",
    seat: int | None = None,
    token: str | None = None,
    spectator: bool = False,
    timeout: float = CONNECT_TIMEOUT,
    **options,
) -> TcpConnection:
    """Join the table at ``target`` (``"host:port"`` or ``"[v6]:port"``) and wait (at
    most ``timeout`` seconds) for its ``welcome``; the ``welcome`` and ``snapshot`` stay
    queued for ``poll``. ``options`` go to :class:`TcpConnection` (``tokens=`` keeps and
    offers seat tokens).

    Raises :class:`JoinRefused` (the host said no: version, seat, token …) or
    :class:`JoinFailed` (no host, no answer: its ``code`` says which);
    ``ValueError`` for a bad address."""
    host, port = parse_address(target)
    conn = TcpConnection(
        host,
        port,
        player=player,
        seat=seat,
        token=token,
        spectator=spectator,
        connect_timeout=timeout,
        **options,
    ).start()
    if not conn.answered.wait(2 * timeout + 1.0) or conn.welcome is None:
        refusal = conn.refusal
        reason = next(
            (m.get("reason") for m in reversed(conn.poll()) if m.get("type") == "disconnected"),
            None,
        )
        conn.close()
        if refusal is not None:
            code = refusal.get("code", "refused")
            raise JoinRefused(code, refusal.get("message", ""), conn.address)
        if reason is None:
            reason = f"no answer from {conn.address} within {timeout:g} s"
            raise JoinFailed("timed-out", conn.address, reason)
        raise JoinFailed(conn.failure or "cannot-reach", conn.address, reason)
    return conn
