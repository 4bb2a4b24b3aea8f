"""One TCP session of a client, on its network thread (:class:`_Link`): every chunk
read is decoded and its messages handed to the connection at once
(:class:`net.client.TcpConnection`)."""

from __future__ import annotations

import asyncio

from net.failures import failure_code
from net.protocol import Decoder, ProtocolError

#: Bytes fed to the decoder at a time (see :meth:`_Link.data_received`).
READ_SIZE = 64 * 1024


class _Link(asyncio.BufferedProtocol):
    """The client's side of one TCP session, on the network thread: every chunk read is
    decoded and its messages handed to :meth:`TcpConnection._receive` at once, in the
    transport's own callback — no task step, future or timer per message, so a delta is
    in the connection's hands as soon as the loop sees the bytes. ``heard`` is the loop
    time of the last bytes; ``ended`` resolves to ``(dropped, reason)`` (the first
    reason wins); ``closed`` once the transport is gone. ``write``, ``close`` and
    ``transport`` as a stream writer's.

    A buffered protocol: the transport reads into one buffer of :data:`READ_SIZE` bytes
    kept for the session (``recv_into``), so no bytes object is made per read. A plain
    protocol's transport makes one of 256 KiB per read, which the C library maps and
    unmaps from the kernel every time (issue 18: that was ~40% of a client's CPU per
    delta). The decoder copies what it is fed, so the buffer is reused at once; it
    holds at most :data:`~net.protocol.MAX_BUFFER` bytes not yet made into messages."""

    def __init__(self, conn) -> None:
        self.conn = conn
        self._loop = loop = asyncio.get_running_loop()
        self.heard = loop.time()
        self.ended: asyncio.Future = loop.create_future()
        self.closed: asyncio.Future = loop.create_future()
        #: What ended the session (:mod:`net.failures`, or the host's closing error's
        #: code); "" until it ends.
        self.code = ""
        self.transport: asyncio.Transport | None = None
        self._decoder = Decoder()
        self._buffer = memoryview(bytearray(READ_SIZE))

    def connection_made(self, transport) -> None:
        self.transport = transport

    def get_buffer(self, sizehint: int) -> memoryview:
        return self._buffer

    def buffer_updated(self, nbytes: int) -> None:
        self.data_received(self._buffer[:nbytes])

    def data_received(self, data) -> None:
        """Take ``data`` (bytes or a memoryview, at most :data:`READ_SIZE` bytes at a
        time: the decoder holds at most MAX_BUFFER bytes not yet made into messages)."""
        if self.ended.done():
            return
        self.heard = self._loop.time()
        if self.conn._closing:
            self._end(True, "the host closed the connection", "closed")
            return
        receive = self.conn._receive
        view = memoryview(data)
        for start in range(0, len(view), READ_SIZE):
            try:
                messages = self._decoder.feed(view[start : start + READ_SIZE])
            except ProtocolError as exc:
                reason = f"the host sent something unreadable: {exc.message}"
                self._end(False, reason, "unreadable")
                return
            for m in messages:
                verdict = receive(m)
                if verdict is not None:
                    refusal = self.conn.refusal
                    self._end(False, verdict, (refusal or {}).get("code") or "unreadable")
                    return

    def eof_received(self) -> bool:
        self._end(True, "the host closed the connection", "closed")
        return False  # close our side too

    def connection_lost(self, exc: Exception | None) -> None:
        if exc is None:
            self._end(True, "the host closed the connection", "closed")
        else:
            self._end(True, f"connection lost: {exc}", failure_code(exc))
        if not self.closed.done():
            self.closed.set_result(None)

    def _end(self, dropped: bool, reason: str, code: str) -> None:
        """The session ends (the first reason wins): ``dropped`` (False after a
        refusal), ``reason`` in English and its ``code`` (:mod:`net.failures`)."""
        if not self.ended.done():
            self.code = code
            self.ended.set_result((dropped, reason))
        self.close()

    def write(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()
