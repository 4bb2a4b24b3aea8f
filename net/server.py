"""TCP under the table (``net/PROTOCOL.md``): an asyncio server on the host's own loop.

Each connection: ``hello`` first (protocol version, player name, seat or token), then
the table's ``welcome`` and ``snapshot``, then ``action`` / ``ping`` from the client and
``delta`` / ``error`` / ``pong`` / ``seats`` / ``outcome`` from the host. A connection
is closed after a decode error (the stream is out of step), when it sends nothing for
:attr:`TcpServer.idle_timeout` seconds (a half message included), or when its unsent
data passes :attr:`TcpServer.max_unsent` bytes (a client that never reads). None of
these touches another seat.
"""

from __future__ import annotations

import asyncio
import time
from net.host import Client, Refused
from net.protocol import PROTOCOL, Decoder, ProtocolError, encode, error, wire_messages


#: Seconds a connection may stay silent (no complete message) before it is closed.
#: Clients ping every few seconds (``net.client.PING_INTERVAL``).
IDLE_TIMEOUT = 30.0
#: Seconds a new connection has to send its ``hello``.
HELLO_TIMEOUT = 10.0
#: Bytes of unsent data a connection may have queued before it is dropped.
MAX_UNSENT = 1024 * 1024
#: Connections a host keeps open at once (players and spectators); more are refused.
MAX_CONNECTIONS = 64
#: Bytes read from a socket at a time.
READ_SIZE = 64 * 1024


class Peer:
    """The host's side of one TCP connection: ``send`` queues a message or drops a
    connection whose unsent data passes the bound; ``close`` flushes then hangs up."""

    def __init__(self, writer: asyncio.StreamWriter, max_unsent: int) -> None:
        self.writer = writer
        self.max_unsent = max_unsent
        self.closed = False
        self.reason = ""
        self.client: Client | None = None  # set once the hello is accepted

    def send(self, message: dict) -> None:
        for part in wire_messages(message):
            self._send(part)

    def _send(self, message: dict) -> None:
        if self.closed:
            return
        try:
            data = encode(message)
        except Exception as exc:  # a view msgpack cannot carry: a bug, but contain it
            data = encode(
                error(
                    "internal-error", f"the host could not encode a message: {type(exc).__name__}"
                )
            )
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() + len(data) > self.max_unsent:
            self.reason = "too much unsent data (the client is not reading)"
            self.abort()
            return
        self.writer.write(data)

    def close(self, message: dict | None = None) -> None:
        """Send ``message`` (if any), then close after the buffered data is out."""
        if self.closed:
            return
        if message is not None:
            self.send(message)
        self.closed = True
        self.writer.close()

    def abort(self) -> None:
        self.closed = True
        self.writer.transport.abort()


class TcpServer:
    """The TCP server of a :class:`net.local.LocalHost` (runs on its loop). It reaches
    the host only through ``host.table`` (to choose and attach seats) and the host's
    loop-thread methods ``receive(client, message)``, ``drop(client)`` and ``kick()``.

    ``address`` to bind (``"0.0.0.0"`` = every IPv4 interface), ``port`` (0 = any free
    one; the bound port is in :attr:`port` after :meth:`astart`)."""

    def __init__(
        self,
        host,
        address: str = "0.0.0.0",
        port: int = 0,
        *,
        idle_timeout: float = IDLE_TIMEOUT,
        hello_timeout: float = HELLO_TIMEOUT,
        max_unsent: int = MAX_UNSENT,
    ) -> None:
        self.local = host
        self.host = address
        self.port = port
        self.idle_timeout = idle_timeout
        self.hello_timeout = hello_timeout
        self.max_unsent = max_unsent
        self._server: asyncio.base_events.Server | None = None
        self._tasks: set[asyncio.Task] = set()
        self._peers: set[Peer] = set()

    async def astart(self) -> int:
        """Bind and listen; returns the port."""
        self._server = await asyncio.start_server(
            self._accept, self.host, self.port, reuse_address=True
        )
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def aclose(self) -> None:
        """Stop listening and close every connection (each gets a ``host-closed`` error)."""
        if self._server is not None:
            self._server.close()
        for peer in list(self._peers):
            peer.close(error("host-closed", "the host closed the table"))
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2.0)
        if self._server is not None:
            try:
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
            except asyncio.TimeoutError:
                pass

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        self._tasks.add(task)
        peer = Peer(writer, self.max_unsent)
        if len(self._peers) >= MAX_CONNECTIONS:
            self._tasks.discard(task)
            peer.close(error("table-full", f"this host already has {MAX_CONNECTIONS} connections"))
            return
        self._peers.add(peer)
        try:
            await self._serve(reader, peer)
        except asyncio.CancelledError:
            pass
        except (ConnectionError, OSError):
            pass  # a reset: the player is gone (a bot takes over after the delay)
        finally:
            self._tasks.discard(task)
            self._peers.discard(peer)
            client = peer.client
            if client is not None:
                self.local.drop(client)
            if not peer.closed:
                peer.close()

    async def _serve(self, reader: asyncio.StreamReader, peer: Peer) -> None:
        decoder = Decoder()
        client: Client | None = None
        deadline = time.monotonic() + self.hello_timeout
        while not peer.closed:
            remaining = deadline - time.monotonic()
            try:
                if remaining <= 0:
                    raise asyncio.TimeoutError
                data = await asyncio.wait_for(reader.read(READ_SIZE), remaining)
            except asyncio.TimeoutError:
                peer.close(
                    error(
                        "idle-timeout",
                        f"no complete message for "
                        f"{self.idle_timeout if client else self.hello_timeout:g} "
                        "seconds; closing (clients ping to stay connected)",
                    )
                )
                return
            if not data:
                return
            try:
                messages = decoder.feed(data)
            except ProtocolError as exc:
                peer.close(exc.to_wire())
                return
            for message in messages:
                deadline = time.monotonic() + self.idle_timeout
                if client is None:
                    client = peer.client = self._hello(peer, message)
                    if client is None:
                        return
                else:
                    try:
                        self.local.receive(client, message)
                    except Exception as exc:  # never let one message end the host
                        peer.send(
                            error(
                                "refused",
                                f"the host could not handle that message: {type(exc).__name__}",
                            )
                        )
                if peer.closed:
                    break

    def _hello(self, peer: Peer, hello: dict) -> Client | None:
        """Check ``hello`` and attach the connection; on refusal send the error, close,
        and return None."""
        if hello.get("type") != "hello":
            peer.close(
                error(
                    "expected-hello",
                    "the first message must be hello: "
                    "{type: hello, protocol: %d, player, seat, token}" % PROTOCOL,
                )
            )
            return None
        version = hello.get("protocol")
        if version != PROTOCOL:
            peer.close(
                error(
                    "protocol-mismatch",
                    f"this host speaks Tapete protocol {PROTOCOL}, your client "
                    f"speaks {version!r}: use the same Tapete version as the host",
                )
            )
            return None
        seat, token = hello.get("seat"), hello.get("token")
        if (seat is not None and (not isinstance(seat, int) or isinstance(seat, bool))) or (
            token is not None and not isinstance(token, str)
        ):
            peer.close(
                error("bad-message", "hello: 'seat' is an int or nil and 'token' a string or nil")
            )
            return None
        table = self.local.table
        try:
            seat = table.choose_seat(seat, token, bool(hello.get("spectator")))
            client = table.attach(
                seat,
                peer.send,
                player=hello.get("player", ""),
                token=token,
                close=lambda: peer.close(
                    error(
                        "replaced", "this seat was taken back by a newer connection with its token"
                    )
                ),
            )
        except Refused as exc:
            peer.close(exc.to_wire())
            return None
        self.local.kick()
        return client
