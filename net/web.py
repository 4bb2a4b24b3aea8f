"""The web door (issue 30): HTTP and WebSocket on the host's own loop, so a browser is a seat.

:class:`WebServer` is a sibling of :class:`net.server.TcpServer` on the same asyncio
loop (a :class:`net.local.LocalHost`'s thread), built on ``aiohttp.web``. It serves
(what each answer holds, and the headers: :mod:`net.webpage`):

* ``/`` and every file under ``assets/web/`` (the page: plain HTML, CSS and ES
  modules, read through ``importlib.resources``; ``/`` is ``index.html``) — nothing
  outside that folder: a path with an empty, hidden (``.``), ``..`` or oddly spelt
  segment, or a file type not in :data:`CONTENT_TYPES`, is 404;
* ``/table.json`` — the table's public card (:func:`table_card`): no token, no seed;
* ``/i18n/<lang>.json`` — the window's gettext catalogue as ``{msgid: msgstr}``
  (:func:`catalogue`; plural entries ``{msgid: [form0, form1, ...]}``; ``en`` is
  ``{}``; an unknown language is 404);
* ``/rules/<game>.md`` and ``/rules/<game>.<lang>.md`` — the F1 rules page of a game
  as Markdown (:func:`rules_markdown`; English when the language has none);
* ``/ws`` — the WebSocket door: one msgpack map per **binary** frame, the protocol's
  messages as they are (``net/PROTOCOL.md``).

**One door keeper.** A WebSocket connection is a :class:`WebPeer` with the interface of
:class:`net.server.Peer` (``send``, ``close``, ``abort``, ``address``, ``since``,
``client``), and it goes through the *same* code as a TCP connection: the keeper's
``_admit`` (pending connections per address and in all), ``_serve`` (the hello deadline,
``challenge``/``hello``, the idle timeout :data:`net.protocol.DEAD_AFTER` after hello —
counted on protocol messages only, WebSocket pings do not keep a link alive —, the byte
rate), ``_hello``, ``_budget_for`` and ``_room_for_a_spectator``. The keeper is the
host's first :class:`net.server.TcpServer` (:attr:`net.local.LocalHost.keeper`), whose
sets of pending connections, peers and budgets every door of the host shares: spectator
caps and pending bounds count TCP and WebSocket connections together, and the table
never knows which door a seat came through.

**Frames.** A frame carries exactly one message (:class:`FrameDecoder`: the strict
decoder of TCP, plus "one whole message, nothing after it"); a text frame, an empty
frame, half a message or two messages in a frame are ``bad-message``; a frame over
:data:`net.protocol.MAX_BUFFER` bytes is ``too-large`` (one over :data:`MAX_FRAME` is
cut off by aiohttp before it is buffered: close code 1009). Every error that closes is
sent as the last binary frame, then the WebSocket closing handshake (close code 1000).

**HTTP connections are bounded too** (before a WebSocket's upgrade the keeper does not
see them): one must deliver its first request within :data:`REQUEST_TIMEOUT` seconds;
one address holds at most :data:`MAX_FRESH_PER_ADDRESS` that have not (past
:data:`MAX_FRESH` in all, the oldest of the address holding most goes) and at most
:data:`MAX_HTTP_PER_ADDRESS` in all; one that does not become a WebSocket ends
:data:`HTTP_LIFETIME` seconds after it opened (so half a request cannot hold a socket).

**HTTP hygiene.** Every response the application makes carries
:data:`SECURITY_HEADERS` (the strict CSP, ``nosniff``, ``no-referrer``) and a
``Cache-Control``; no cookie is ever set; no access log is kept, and aiohttp's reports
of malformed requests go to :data:`REQUEST_LOG`, silent unless logging is configured.
(A request aiohttp's parser refuses — too many headers, a bad request line — gets
aiohttp's own plain-text 400 without these headers: no page, nothing to frame or run.)

A request whose ``Host`` is not an IP address, ``localhost``, this machine's name or a
LAN-only name (``.local``, ``.lan``, ``.home.arpa``, ``.internal``) is refused 403
(:func:`host_allowed`: DNS rebinding cannot lend a public page this origin). The
WebSocket handshake is refused 403 unless ``Origin`` is exactly ``http://`` + the
``Host`` header: a page served from elsewhere cannot drive a seat. A missing ``Origin``
is refused too: every browser sends it on a WebSocket handshake, and tools (tests,
``tools/bench_web.py``) can send it as well.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time

import aiohttp
from aiohttp import web

from net.webpage import (
    CONTENT_TYPES,
    SECURITY_HEADERS,
    catalogue,
    host_allowed,
    page_file,
    rules_markdown,
    table_card,
)
from net.protocol import (
    MAX_BUFFER,
    Decoder,
    ProtocolError,
    encode_safely,
    farewell_error,
)

#: Largest WebSocket frame aiohttp buffers: a little over the protocol's own bound, so
#: a frame just over :data:`net.protocol.MAX_BUFFER` still gets the named ``too-large``.
MAX_FRAME = MAX_BUFFER + 4096
#: Seconds the closing handshake may take after the host's last frame (as TCP's LINGER).
CLOSE_TIMEOUT = 2.0
#: Seconds :meth:`WebServer.aclose` lets open requests finish.
SHUTDOWN_TIMEOUT = 2.0
#: Seconds a new HTTP connection has to deliver its first request (as TCP's hello).
REQUEST_TIMEOUT = 3.0
#: Seconds an HTTP connection that did not become a WebSocket may live in all.
HTTP_LIFETIME = 30.0
#: HTTP connections that have not delivered a request yet: from one address, in all
#: (a newcomer past the second bound pushes out the oldest of the address holding most).
MAX_FRESH_PER_ADDRESS = 16
MAX_FRESH = 256
#: HTTP connections (not WebSockets) one address may hold at once: a browser opens ~6.
MAX_HTTP_PER_ADDRESS = 32
#: Header lines a request may carry, and bytes in one (aiohttp answers 400 past them):
#: a request's head is at most about 64 × 8 KiB, whatever aiohttp's own defaults.
MAX_HEADERS = 64
MAX_HEADER_LINE = 8190


#: Where aiohttp reports requests it could not handle (a malformed request line, too
#: many headers …): nowhere unless the program configures logging — without this, any
#: stranger could print tracebacks on ``tapete host``'s terminal at will.
REQUEST_LOG = logging.getLogger("net.web.requests")
REQUEST_LOG.addHandler(logging.NullHandler())


# --------------------------------------------------------------------------- frames
class FrameDecoder(Decoder):
    """The host's strict :class:`net.protocol.Decoder` for WebSocket frames: each
    ``feed(frame)`` must complete exactly one message and leave nothing behind, else
    :class:`ProtocolError` (``bad-message``); a frame over :data:`MAX_BUFFER` bytes is
    ``too-large``. After an error the decoder is unusable, as on TCP."""

    def __init__(self) -> None:
        super().__init__(strict=True)

    def feed(self, data: bytes) -> list[dict]:
        """``data``: one frame's payload (bytes). Returns ``[message]``."""
        if len(data) > MAX_BUFFER:
            self.failed = True
            raise ProtocolError("too-large", f"a message may be at most {MAX_BUFFER} bytes")
        messages = super().feed(data)
        check = self._check
        if len(messages) != 1 or check.started or check.carry or check.skip:
            self.failed = True
            raise ProtocolError(
                "bad-message", "a WebSocket frame carries exactly one whole message"
            )
        return messages


class FrameReader:
    """``read(n)`` for :meth:`net.server.TcpServer._serve` over a WebSocket: the next
    binary frame's payload (``n`` is ignored: a frame is read whole, bounded by
    :data:`MAX_FRAME`), ``b""`` once the link closes; raises :class:`ProtocolError`
    (``bad-message``) for a text frame or an empty one."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws

    async def read(self, n: int = -1) -> bytes:
        msg = await self.ws.receive()
        kind = msg.type
        if kind is aiohttp.WSMsgType.BINARY:
            if not msg.data:
                raise ProtocolError("bad-message", "an empty frame is no message")
            return msg.data
        if kind is aiohttp.WSMsgType.TEXT:
            raise ProtocolError(
                "bad-message", "text frames are not part of the protocol: send msgpack"
            )
        return b""  # close, closing, closed or error: the link is gone


class WebPeer:
    """The host's side of one WebSocket connection, with the interface of
    :class:`net.server.Peer`: ``send`` queues a message as one binary frame or drops
    a connection whose unsent bytes pass ``max_unsent``; ``close`` sends a last message
    (if any) and starts the closing handshake; ``abort`` drops the link at once."""

    lingering = False  # the closing handshake does what TCP's linger does
    writer = None  # no stream writer: the keeper's byte counter leaves this door alone

    def __init__(self, ws: web.WebSocketResponse, transport, max_unsent: int, address: str):
        self.ws = ws
        self.transport = transport
        self.max_unsent = max_unsent
        self.address = address
        self.since = time.monotonic()
        self.closed = False
        self.reason = ""
        self.client = None  # set once the hello is accepted
        self.nonces: tuple[bytes, bytes] | None = None  # after a challenge (net.identity)
        #: Bytes received since the upgrade, counted as the transport reads them
        #: (:class:`_Watched`): a WebSocket that has sent none is *silent*.
        self.heard = 0
        self.closing: asyncio.Task | None = None
        writer = getattr(ws, "_writer", None)
        # aiohttp >= 3.11 writes an uncompressed frame synchronously; older ones need a
        # task per frame (frames still go out in order: each task writes at its start).
        self._write_frame = getattr(writer, "_write_websocket_frame", None)

    def decoder(self) -> Decoder:
        """A decoder for this connection's input (:class:`FrameDecoder`)."""
        return FrameDecoder()

    def send(self, message: dict) -> None:
        if self.closed:
            return
        data = encode_safely(message)  # (a view msgpack cannot carry: contained)
        transport = self.transport
        if transport is None or transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() + len(data) > self.max_unsent:
            self.reason = "too much unsent data (the client is not reading)"
            self.abort()
            return
        try:
            if self._write_frame is not None:
                self._write_frame(data, aiohttp.WSMsgType.BINARY, 0)
            else:  # pragma: no cover - aiohttp < 3.11
                asyncio.get_running_loop().create_task(self.ws.send_bytes(data))
        except (ConnectionError, RuntimeError):
            self.closed = True

    def close(self, message: dict | None = None, linger: bool = True) -> None:
        """Send ``message`` (if any), then close (code 1000) once the client answers
        the closing handshake or :data:`CLOSE_TIMEOUT` seconds pass. ``linger`` is
        accepted for :class:`net.server.Peer`'s callers and changes nothing."""
        if self.closed:
            return
        if message is not None:
            self.send(message)
        self.closed = True
        try:
            self.closing = asyncio.get_running_loop().create_task(self._close())
        except RuntimeError:
            self.abort()

    async def _close(self) -> None:
        try:
            await self.ws.close(code=aiohttp.WSCloseCode.OK)
        except Exception:  # noqa: BLE001 - the link is gone already
            pass

    def abort(self) -> None:
        self.closed = True
        if self.transport is not None:
            self.transport.abort()


class _Watched(asyncio.Protocol):
    """aiohttp's protocol for one HTTP connection (``inner``), watched by its
    :class:`WebServer`: every call is passed on as it is; the server learns when the
    connection opens and closes (:meth:`WebServer._opened`, :meth:`WebServer._lost`)."""

    def __init__(self, inner: asyncio.Protocol, door: "WebServer") -> None:
        self.inner, self.door = inner, door
        self.transport: asyncio.Transport | None = None
        self.address = "?"
        self.since = time.monotonic()
        self.websocket = False  # upgraded: the door keeper bounds it from now on
        self.peer: WebPeer | None = None  # its WebSocket peer, once upgraded
        self.timers: list[asyncio.TimerHandle] = []

    def connection_made(self, transport) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.inner.connection_made(transport)
        self.door._opened(self)

    def data_received(self, data: bytes) -> None:
        if self.peer is not None:
            self.peer.heard += len(data)
        self.inner.data_received(data)

    def eof_received(self):
        return self.inner.eof_received()

    def connection_lost(self, exc) -> None:
        self.door._lost(self)
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def hang_up(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.close()


# --------------------------------------------------------------------------- the server
class WebServer:
    """The web door of a :class:`net.local.LocalHost` (runs on its loop). ``keeper``:
    the :class:`net.server.TcpServer` whose admission, hello, budgets and bounds every
    WebSocket connection goes through (its sets are shared with the host's other
    doors). ``address`` to bind, ``port`` (0: any free one; the bound port is in
    :attr:`port` after :meth:`astart`); ``root``: the page's folder (default
    :func:`page_root`; tests give their own).

    (No ``host`` attribute: :attr:`net.local.LocalHost.address` finds the TCP door by it.)"""

    says_farewell = True  # aclose(farewell): net.local.LocalHost.stop

    def __init__(self, local, keeper, address: str = "0.0.0.0", port: int = 0, root=None) -> None:
        self.local = local
        self.root = root
        self.keeper = keeper
        self.bind = address
        self.port = port
        self._runner: web.AppRunner | None = None
        self._server: asyncio.base_events.Server | None = None
        self._peers: set[WebPeer] = set()
        self._watched: dict[object, _Watched] = {}  # aiohttp's protocol → its watch
        self._fresh: dict[_Watched, None] = {}  # no request yet, oldest first
        self._http: dict[str, int] = {}  # address → HTTP connections (not WebSockets)

    def app(self) -> web.Application:
        """The aiohttp application: the routes of the module docstring."""
        app = web.Application(middlewares=[self._guard], client_max_size=64 * 1024)
        app.router.add_get("/ws", self._ws)
        app.router.add_get("/table.json", self._table)
        app.router.add_get("/i18n/{lang}.json", self._i18n)
        app.router.add_get("/rules/{name}.md", self._rules)
        app.router.add_get("/", self._index)
        app.router.add_get("/{path:.+}", self._static)
        app.on_response_prepare.append(_headers)
        return app

    async def astart(self) -> int:
        """Bind and listen; returns the port. Raises ``OSError`` if it is taken."""
        self._runner = web.AppRunner(
            self.app(),
            access_log=None,
            handle_signals=False,
            shutdown_timeout=SHUTDOWN_TIMEOUT,
            keepalive_timeout=REQUEST_TIMEOUT,
            max_headers=MAX_HEADERS,
            max_line_size=MAX_HEADER_LINE,
            max_field_size=MAX_HEADER_LINE,
            logger=REQUEST_LOG,
        )
        await self._runner.setup()
        loop = asyncio.get_running_loop()
        try:
            self._server = await loop.create_server(
                self._protocol, self.bind, self.port, reuse_address=True
            )
        except BaseException:
            await self._runner.cleanup()
            self._runner = None
            raise
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def aclose(self, farewell: dict | None = None) -> None:
        """Close every WebSocket, each told ``farewell`` (``host-closed`` by default:
        :func:`net.protocol.farewell_error`), and stop serving."""
        farewell = farewell or farewell_error(False)
        if self._server is not None:
            self._server.close()
        for peer in list(self._peers):
            peer.close(dict(farewell), linger=False)
        closing = [p.closing for p in self._peers if p.closing is not None]
        if closing:
            await asyncio.wait(closing, timeout=CLOSE_TIMEOUT)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        for watched in list(self._watched.values()):
            watched.hang_up()

    # ------------------------------------------------------------------ connections
    def _protocol(self) -> asyncio.Protocol:
        return _Watched(self._runner.server(), self)

    def _opened(self, conn: _Watched) -> None:
        """Room for a new HTTP connection (see the module docstring): one address holds
        at most :data:`MAX_HTTP_PER_ADDRESS` connections and :data:`MAX_FRESH_PER_ADDRESS`
        that have not delivered a request; past :data:`MAX_FRESH` in all the oldest such
        connection of the address holding most goes. A connection must deliver its first
        request within :data:`REQUEST_TIMEOUT` seconds and, unless it becomes a
        WebSocket, ends :data:`HTTP_LIFETIME` seconds after it opened."""
        address = conn.address
        live = self._http.get(address, 0)
        fresh = sum(1 for c in self._fresh if c.address == address)
        if live >= MAX_HTTP_PER_ADDRESS or fresh >= MAX_FRESH_PER_ADDRESS:
            conn.hang_up()
            return
        if len(self._fresh) >= MAX_FRESH:
            counts: dict[str, int] = {}
            for c in self._fresh:
                counts[c.address] = counts.get(c.address, 0) + 1
            worst = max(counts, key=lambda a: counts[a])
            oldest = min((c for c in self._fresh if c.address == worst), key=lambda c: c.since)
            self._fresh.pop(oldest, None)
            oldest.hang_up()
        self._http[address] = live + 1
        self._fresh[conn] = None
        self._watched[conn.inner] = conn
        loop = asyncio.get_running_loop()
        conn.timers = [
            loop.call_later(REQUEST_TIMEOUT, self._no_request, conn),
            loop.call_later(HTTP_LIFETIME, self._too_old, conn),
        ]

    def _lost(self, conn: _Watched) -> None:
        for timer in conn.timers:
            timer.cancel()
        if self._watched.pop(conn.inner, None) is None:
            return  # refused at once: never counted
        self._fresh.pop(conn, None)
        if not conn.websocket:
            self._uncount(conn.address)

    def _uncount(self, address: str) -> None:
        left = self._http.get(address, 0) - 1
        if left > 0:
            self._http[address] = left
        else:
            self._http.pop(address, None)

    def _no_request(self, conn: _Watched) -> None:
        if conn in self._fresh:
            conn.hang_up()

    def _too_old(self, conn: _Watched) -> None:
        if not conn.websocket:
            conn.hang_up()

    def _requested(self, request: web.Request) -> _Watched | None:
        """The connection of ``request`` delivered a request: no longer fresh."""
        conn = self._watched.get(request.protocol)
        if conn is not None:
            self._fresh.pop(conn, None)
        return conn

    # ------------------------------------------------------------------ HTTP
    @web.middleware
    async def _guard(self, request: web.Request, handler):
        self._requested(request)
        if not host_allowed(request.host):
            raise web.HTTPForbidden(
                text="open the address the host printed (http://ADDRESS:PORT/)\n"
            )
        return await handler(request)

    async def _index(self, request: web.Request) -> web.StreamResponse:
        return self._file(request, "index.html")

    async def _static(self, request: web.Request) -> web.StreamResponse:
        return self._file(request, request.match_info["path"])

    def _file(self, request: web.Request, path: str) -> web.StreamResponse:
        found = page_file(path, self.root)
        if found is None:
            raise web.HTTPNotFound(text="not found\n")
        return _cached(request, *found)

    async def _table(self, request: web.Request) -> web.StreamResponse:
        body = json.dumps(table_card(self.local.table), separators=(",", ":"))
        return web.Response(
            body=body.encode(),
            content_type="application/json",
            headers={"Cache-Control": "no-store"},
        )

    async def _i18n(self, request: web.Request) -> web.StreamResponse:
        found = catalogue(request.match_info["lang"])
        if found is None:
            raise web.HTTPNotFound(text="no such language\n")
        body = json.dumps(found, ensure_ascii=False, separators=(",", ":")).encode()
        return _cached(request, body, "application/json")

    async def _rules(self, request: web.Request) -> web.StreamResponse:
        game, _dot, lang = request.match_info["name"].partition(".")
        text = rules_markdown(game, lang or "en")
        if text is None:
            raise web.HTTPNotFound(text="no such rules page\n")
        return _cached(request, text.encode(), CONTENT_TYPES[".md"])

    # ------------------------------------------------------------------ WebSocket
    async def _ws(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is None or origin.lower() != f"http://{request.host}".lower():
            raise web.HTTPForbidden(text="this table's page only (Origin)\n")
        conn = self._requested(request)
        if conn is not None and not conn.websocket:  # bounded by the door keeper now
            conn.websocket = True
            self._uncount(conn.address)
        ws = web.WebSocketResponse(
            autoping=True,
            heartbeat=None,  # the protocol's ping/pong is the heartbeat (DEAD_AFTER)
            max_msg_size=MAX_FRAME,
            compress=False,
            timeout=CLOSE_TIMEOUT,
        )
        await ws.prepare(request)
        keeper = self.keeper
        peer = WebPeer(ws, request.transport, keeper.max_unsent, str(request.remote or "?"))
        if conn is not None:
            conn.peer = peer
        task = asyncio.current_task()
        if not keeper._admit(peer):
            await _finish(peer)
            return ws
        keeper._peers.add(peer)
        self._peers.add(peer)
        try:
            await keeper._serve(FrameReader(ws), peer)
        except ProtocolError as exc:  # a text or empty frame
            peer.close(exc.to_wire())
        except asyncio.CancelledError:  # pushed out by the keeper (too-many-pending)
            if task is not None and hasattr(task, "uncancel"):
                task.uncancel()
        except (ConnectionError, OSError):
            pass  # a reset: the player is gone (a stand-in takes over after the delay)
        finally:
            keeper._peers.discard(peer)
            keeper._pending.pop(peer, None)
            self._peers.discard(peer)
            if peer.client is not None:
                self.local.drop(peer.client)
            if not peer.closed:
                peer.close()
            await _finish(peer)
        return ws


async def _finish(peer: WebPeer) -> None:
    """Wait for ``peer``'s closing handshake (at most :data:`CLOSE_TIMEOUT` s)."""
    if peer.closing is not None:
        try:
            await asyncio.wait_for(asyncio.shield(peer.closing), CLOSE_TIMEOUT + 0.5)
        except (asyncio.TimeoutError, asyncio.CancelledError):
            peer.abort()


async def _headers(request: web.Request, response: web.StreamResponse) -> None:
    """``on_response_prepare``: the security headers on every response (errors and the
    WebSocket handshake included), a ``Cache-Control`` where none was set, no cookie."""
    response.headers.update(SECURITY_HEADERS)
    response.headers.setdefault("Cache-Control", "no-store")
    response.headers["Server"] = "tapete"
    response.headers.popall("Set-Cookie", None)


def _cached(request: web.Request, body: bytes, kind: str) -> web.StreamResponse:
    """``body`` as ``kind`` with an ETag (``no-cache``: the browser asks again, and a
    page unchanged since costs a 304)."""
    tag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
    headers = {"Cache-Control": "no-cache", "ETag": tag}
    if request.headers.get("If-None-Match") == tag:
        return web.Response(status=304, headers=headers)
    response = web.Response(body=body, headers=headers)
    response.content_type, _sep, charset = kind.partition("; charset=")
    if charset:
        response.charset = charset
    return response


__all__ = ["FrameDecoder", "WebPeer", "WebServer"]
