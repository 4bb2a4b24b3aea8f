"""The host's side of one connection (:class:`Peer`) and what it has heard
(:class:`_Counted`, :func:`_has_spoken`): the pieces of :mod:`net.server` that every
door's connections share (:class:`net.web.WebPeer` has the same shape)."""

from __future__ import annotations

import asyncio
import struct
import time

try:  # FIONREAD: bytes waiting in a socket's receive buffer (not on Windows)
    import fcntl
    import termios
except ImportError:  # pragma: no cover - Windows
    fcntl = termios = None

from net.host import Client
from net.protocol import Decoder, encode_safely

#: Bytes read from a socket at a time.
READ_SIZE = 64 * 1024
#: Seconds a connection the host closed goes on reading (and dropping) what its client
#: still sends, after the host's last bytes and its FIN: closing a socket with unread
#: input resets the link, and a reset destroys what the client has not read yet — the
#: very error that says why it was closed (``flood``, ``bad-message``, …).
LINGER = 2.0


class Peer:
    """The host's side of one TCP connection: ``send`` queues a message or drops a
    connection whose unsent data passes the bound; ``close`` flushes then hangs up.
    (:class:`net.web.WebPeer` is the same for a WebSocket: the server's admission,
    hello and bounds take either.)"""

    def __init__(self, writer: asyncio.StreamWriter, max_unsent: int, address: str = "") -> None:
        self.writer = writer
        self.max_unsent = max_unsent
        self.address = address
        self.since = time.monotonic()
        self.closed = False
        self.lingering = False  # closed, FIN sent, still reading: see LINGER
        self.reason = ""
        self.client: Client | None = None  # set once the hello is accepted
        #: ``(client_nonce, host_nonce)`` once the host answered this connection's
        #: ``challenge`` (:mod:`net.identity`); a ``hello`` proving a seat needs them.
        self.nonces: tuple[bytes, bytes] | None = None
        #: Bytes received so far, counted as the transport reads them (:class:`_Counted`):
        #: a connection that has sent none is *silent*, the first pushed out for room.
        self.heard = 0

    def decoder(self) -> Decoder:
        """A decoder for this connection's input: the strict stream decoder (the web
        door's peers answer a frame decoder: :class:`net.web.WebPeer`)."""
        return Decoder(strict=True)

    def send(self, message: dict) -> None:
        if self.closed:
            return
        data = encode_safely(message)  # (a view msgpack cannot carry: contained)
        transport = self.writer.transport
        if transport.is_closing():
            self.closed = True
            return
        if transport.get_write_buffer_size() + len(data) > self.max_unsent:
            self.reason = "too much unsent data (the client is not reading)"
            self.abort()
            return
        self.writer.write(data)

    def close(self, message: dict | None = None, linger: bool = True) -> None:
        """Send ``message`` (if any), then hang up after the buffered data is out.

        ``linger``: end the host's side with FIN and keep reading for up to
        :data:`LINGER` seconds (:meth:`TcpServer._accept` drops what comes), so that
        input still on its way cannot reset the link before the client has read the
        last message; the socket is closed at the latest LINGER seconds later.
        ``linger=False`` closes at once (the host shutting down)."""
        if self.closed:
            return
        if message is not None:
            self.send(message)
        self.closed = True
        transport = self.writer.transport
        if linger and not transport.is_closing() and transport.can_write_eof():
            try:
                transport.write_eof()
            except (OSError, RuntimeError):
                pass
            else:
                self.lingering = True
                asyncio.get_running_loop().call_later(LINGER, transport.close)
                return
        self.writer.close()

    def abort(self) -> None:
        self.closed = True
        self.writer.transport.abort()


class _Counted(asyncio.Protocol):
    """Stands between a connection's transport and its stream protocol and adds the
    bytes it receives to ``peer.heard`` the moment the transport reads them — before
    the connection's task gets to run, which in a burst of new connections can be many
    callbacks later. Everything else goes to the stream protocol unchanged."""

    def __init__(self, inner: asyncio.BaseProtocol, peer: Peer) -> None:
        self.inner, self.peer = inner, peer

    @classmethod
    def install(cls, peer: Peer) -> None:
        """Put a counter in front of ``peer``'s protocol (once). A connection that does
        not come through an asyncio transport, or whose transport cannot change its
        protocol, is left as it is: its door counts ``peer.heard`` itself."""
        transport = getattr(peer.writer, "transport", None)
        try:
            inner = transport.get_protocol()
            if not isinstance(inner, cls):
                transport.set_protocol(cls(inner, peer))
        except (AttributeError, NotImplementedError):
            pass

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()

    def data_received(self, data: bytes) -> None:
        self.peer.heard += len(data)
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()


def _has_spoken(peer: Peer) -> bool:
    """Whether ``peer`` has sent any byte: read by its transport already (``heard``), or
    still waiting in the kernel's receive buffer (``FIONREAD``, where the system has
    it): a client's first bytes arrive right behind its connection, and a burst of
    newer connections handled before the loop reads them must not count it silent."""
    if peer.heard:
        return True
    if fcntl is None:
        return False
    try:
        sock = peer.writer.get_extra_info("socket")
        if sock is None:
            return False
        waiting = fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0")
        return struct.unpack("i", waiting)[0] > 0
    except (OSError, ValueError, AttributeError):
        return False
