"""The host on its own thread, for offline and couch play (and under the TCP server).

:class:`LocalHost` runs a :class:`net.host.Table` on a daemon thread with its own
asyncio loop (TECH-NOTES "Networking thread"); every call into the table happens on
that thread. :class:`Connection` is the client side: ``send`` hands a message to the
loop with ``call_soon_threadsafe`` and ``poll`` drains a ``queue.SimpleQueue``, so the
frame loop never blocks. Every message crosses a msgpack round trip with the wire's
limits, so local play takes exactly the data path of LAN play.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from typing import Any, Callable

from net.doors import Doors
from net.host import TAKEOVER_DELAY, Client, Refused, Table
from net.protocol import ProtocolError, encode, farewell_error, roundtrip

#: Seconds a cross-thread request (start, connect, call, stop) may wait for the loop.
CALL_TIMEOUT = 10.0


class Connection:
    """Client side of one seat (or a spectator): ``seat`` (int or None), ``token``.

    ``send(message)`` is thread-safe and never blocks; ``poll()`` returns every message
    received so far and never blocks. When the link ends, ``poll`` yields a last
    ``{"type": "disconnected", "reason": str}`` and ``connected`` turns False."""

    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat
        self.token: str | None = None
        self.player = ""
        self._inbox: queue.SimpleQueue = queue.SimpleQueue()
        self.connected = True
        #: Called (on the network thread) after each message arrives — e.g. to post
        #: one wake-up event to the pygame queue. Must not block.
        self.on_message: Callable[[], None] | None = None

    # ---- client side
    def send(self, message: dict) -> None:
        raise NotImplementedError

    def poll(self) -> list[dict]:
        """Every message received since the last poll (oldest first); never blocks."""
        out = []
        while True:
            try:
                out.append(self._inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        raise NotImplementedError

    # ---- network side
    def _arrive(self, message: dict) -> None:
        """A message from the wire: delivered."""
        self._deliver(message)

    def _deliver(self, message: dict) -> None:
        if message.get("type") == "welcome":
            self.seat = message.get("seat")
            self.token = message.get("token")
        self._inbox.put(message)
        if self.on_message is not None:
            try:
                self.on_message()
            except Exception:
                pass

    def _lost(self, reason: str) -> None:
        if self.connected:
            self.connected = False
            self._deliver({"type": "disconnected", "reason": reason})


class LocalConnection(Connection):
    """A :class:`Connection` to a :class:`LocalHost` in this process."""

    def __init__(self, host: "LocalHost", seat: int | None) -> None:
        super().__init__(seat)
        self._host = host
        self.client: Client | None = None

    def send(self, message: dict) -> None:
        if not self.connected:
            return
        try:
            message = roundtrip(message)
        except (ProtocolError, TypeError, ValueError) as exc:
            self._deliver(
                {
                    "type": "error",
                    "code": "bad-message",
                    "message": f"cannot send that message: {exc}",
                    "rule": "",
                }
            )
            return
        self._host._call_soon(self._host._receive, self, message)

    def close(self) -> None:
        if not self.connected:
            return
        self.connected = False
        self._host._call_soon(self._host._detach, self)


class LocalHost(Doors):
    """A :class:`Table` on a daemon thread with its own asyncio loop.

    Arguments as :class:`Table` (``bot_delay`` defaults to 0.6 s here; ``turn_seconds``
    None keeps the turn clock off, as for couch and offline play). ``start()`` before
    ``connect()``; ``stop()`` at the end (joins the thread). ``log``: a path to log the
    table to (:class:`net.log.TableLog`; ``log_lock``: its lock, already held by the
    caller: :func:`net.loglock.hold`); while that log cannot be written the host tries
    again every :data:`net.log.LOG_RETRY` seconds, and the table plays on. Its doors
    for players beyond this process — ``listen``, ``listen_web``, ``advertise`` — are
    :class:`net.doors.Doors`."""

    def __init__(
        self,
        game_id: str,
        seats: list[str],
        seed: int,
        options: dict | None = None,
        *,
        bot_delay: float = 0.6,
        name: str = "",
        takeover_delay: float = TAKEOVER_DELAY,
        turn_seconds: float | None = None,
        log: str | None = None,
        table: Table | None = None,
        log_lock=None,
    ) -> None:
        self.table = table or Table(
            game_id,
            seats,
            seed,
            options,
            name=name,
            bot_delay=bot_delay,
            takeover_delay=takeover_delay,
            turn_seconds=turn_seconds,
        )
        self.log = None
        if log is not None:
            from net.log import TableLog

            self.log = TableLog.for_table(log, self.table, log_lock)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._log_timer: asyncio.TimerHandle | None = None  # a failed log's next try
        self._stopping = False
        self._tasks: set[asyncio.Task] = set()  # advert updates, cancelled at stop
        self._services: list[Any] = []  # objects with ``async aclose()`` (server, advertiser)
        self.over = threading.Event()  # set once the game has ended
        self.stopped = threading.Event()  # set by stop()
        self.advert_error: Exception | None = None  # advertise(wait=False) failed
        self.advertiser = None  # the net.discovery.Advertiser once advertise() ran
        #: The first TCP server: every door of this host (its other TCP servers, the web
        #: door) admits and bounds its connections through it (net.web, net.server).
        self.keeper = None
        self.web = None  # the net.web.WebServer once listen_web() ran
        #: Where hints are worked out (:meth:`net.host.Table.hint`): one worker thread,
        #: made at the first hint, so a long thought never stalls the host's loop.
        self._thinker: concurrent.futures.ThreadPoolExecutor | None = None
        self.table.think = self._think

    @classmethod
    def resume(
        cls,
        path: str,
        *,
        log: str | None = None,
        bot_delay: float = 0.6,
        takeover_delay: float = TAKEOVER_DELAY,
        name: str | None = None,
    ) -> "LocalHost":
        """A host for the table in the log at ``path`` (after a crash), its actions
        replayed; ``log`` (default: ``path`` itself) keeps logging. Seats are as last
        logged (:func:`net.log.restore_seating`): a remote player's seat waits for its
        token (a bot plays it after the takeover delay); lobby seats are open again.
        Raises :class:`net.loglock.LogBusy` when another process hosts that log,
        ``ValueError`` for a bad log, the engine's errors for one that does not
        replay."""
        from net.log import LogLock, read_log, resume_table

        log = path if log is None else log
        lock = LogLock(log).acquire()  # before reading: one host per log (LogBusy)
        try:
            rec = read_log(path)
            table = resume_table(
                rec,
                name=rec.get("name", "") if name is None else name,
                bot_delay=bot_delay,
                takeover_delay=takeover_delay,
            )
            return cls(
                rec["game"],
                rec["seats"],
                rec["seed"],
                rec["options"],
                table=table,
                log=log,
                log_lock=lock,
            )
        except BaseException:
            lock.release()
            raise

    # ------------------------------------------------------------------ thread
    def start(self) -> None:
        """Start the loop thread (once); returns when the loop runs."""
        if self._thread is not None:
            return
        ready = threading.Event()
        self.loop = asyncio.new_event_loop()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            self.loop.call_soon(ready.set)
            self.loop.call_soon(self._kick)
            try:
                self.loop.run_forever()
            finally:
                try:
                    self.loop.run_until_complete(self.loop.shutdown_asyncgens())
                finally:
                    self.loop.close()

        self._thread = threading.Thread(target=run, name="tapete-host", daemon=True)
        self._thread.start()
        if not ready.wait(CALL_TIMEOUT):
            raise RuntimeError("the host thread did not start")

    def stop(self, resumable: bool = False, next_game: bool = False) -> None:
        """Close every service and connection, stop the loop and join the thread.
        ``resumable``: the table can be resumed from its log (its operator stopped it:
        Ctrl-C, SIGTERM, a closed terminal): every connection is told ``host-stopping``
        and keeps its seat to come back; else ``host-closed``, final — with ``next:
        true`` for ``next_game`` (the screen deals the next game: phones wait for it)."""
        if self._thread is None or self._stopping:
            return
        self._stopping = True
        self.stopped.set()
        try:
            self.run(self._shutdown(resumable, next_game))
        except Exception:
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(CALL_TIMEOUT)
        if self._thinker is not None:
            self._thinker.shutdown(wait=True, cancel_futures=True)

    def _think(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """:meth:`net.host.Table.think` for this host (loop thread): ``work`` on the
        worker thread, ``done`` with its result (None if it raised) back on the loop."""
        if self._thinker is None:
            self._thinker = concurrent.futures.ThreadPoolExecutor(
                max_workers=1, thread_name_prefix="tapete-hint"
            )
        try:
            future = self.loop.run_in_executor(self._thinker, work)
        except RuntimeError:  # stopping
            return

        def finished(f: asyncio.Future) -> None:
            ok = not f.cancelled() and f.exception() is None
            done(f.result() if ok else None)

        future.add_done_callback(finished)

    async def _shutdown(self, resumable: bool = False, next_game: bool = False) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._log_timer is not None:
            self._log_timer.cancel()
        if self._timer is not None:
            self._timer.cancel()
        farewell = farewell_error(resumable, next_game)
        for svc in reversed(self._services):
            try:
                if getattr(svc, "says_farewell", False):  # TcpServer, WebServer
                    await svc.aclose(farewell)
                else:
                    await svc.aclose()
            except Exception:
                pass
        self._services.clear()
        if self.log is not None:
            self.log.close()
        for c in list(self.table.clients):
            self.table.detach(c, reason="host stopped")
            if c.close is not None:
                c.close()

    # ------------------------------------------------------------------ cross-thread calls
    def _call_soon(self, fn: Callable, *args: Any) -> None:
        if self.loop is None or self.loop.is_closed():
            return
        try:
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:
            pass  # the loop is closing

    def call(self, fn: Callable[[Table], Any], timeout: float = CALL_TIMEOUT) -> Any:
        """Run ``fn(table)`` on the host thread and return its result (or raise its
        exception). For the UI: e.g. ``host.call(lambda t: t.seats)``."""

        async def run():
            out = fn(self.table)
            self._kick()
            return out

        return self.run(run(), timeout)

    def run(self, coro, timeout: float = CALL_TIMEOUT) -> Any:
        """Run coroutine ``coro`` on the host loop and wait for its result."""
        if self.loop is None:
            raise RuntimeError("call start() first")
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    # ------------------------------------------------------------------ seats
    def connect(
        self, seat: int | None, player: str = "", token: str | None = None, legal: bool = False
    ) -> Connection:
        """A connection for ``seat`` (None = spectator); ``token`` takes a held seat
        back (from an earlier connection's ``token``); ``legal``: a thin connection, sent
        the seat's legal lists. Raises :class:`net.host.Refused` (a ``ValueError``) if
        the seat cannot be taken."""
        conn = LocalConnection(self, seat)

        def attach(table: Table) -> None:
            conn.client = table.attach(
                seat,
                lambda m: self._to_local(conn, m),
                player=player,
                token=token,
                close=lambda: conn._lost("closed by the host"),
                legal=legal,
            )

        self.call(attach)
        return conn

    def start_game(self) -> None:
        """Start now: open seats nobody took get bots (:meth:`Table.start`)."""
        self.call(lambda t: t.start())

    # ------------------------------------------------------------------ loop side
    @staticmethod
    def _to_local(conn: LocalConnection, message: dict) -> None:
        conn._arrive(roundtrip(message))

    def _receive(self, conn: LocalConnection, message: dict) -> None:
        if conn.client is not None:
            self.receive(conn.client, message)

    def _detach(self, conn: LocalConnection) -> None:
        self.drop(conn.client)

    # Called on the loop thread by transports (net.server's TCP connections).
    def receive(self, client: Client, message: dict) -> None:
        """``message`` from attached ``client`` (loop thread only): the table handles
        it, then due bots act."""
        self.table.receive(client, message)
        self._kick()

    def drop(self, client: Client | None) -> None:
        """``client``'s transport is gone (loop thread only): detach it from the table
        (see :meth:`net.host.Table.detach`), then due bots act."""
        if client is not None:
            self.table.detach(client)
        self._kick()

    def kick(self) -> None:
        """Let due bots act now and schedule the next wake-up (loop thread only; e.g.
        after a transport attached a client to :attr:`table`)."""
        self._kick()

    def _kick(self) -> None:
        """Let due bots act and schedule the next wake-up (on the loop thread)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        try:
            due = self.table.step_bots()
        finally:
            if self.table.is_over():
                self.over.set()
        if due is not None and not self._stopping:
            delay = max(0.0, due - self.table.clock())
            self._timer = self.loop.call_later(delay, self._kick)
        self._watch_log()

    def _watch_log(self) -> None:
        """While the log cannot be written, try it again every :data:`net.log.LOG_RETRY`
        seconds (loop thread; each new record tries too)."""
        log = self.log
        if log is None or not log.failing or log.lost or self._stopping:
            return
        if self._log_timer is None:
            from net.log import LOG_RETRY

            self._log_timer = self.loop.call_later(LOG_RETRY, self._retry_log)

    def _retry_log(self) -> None:
        self._log_timer = None
        if self.log is not None:
            self.log.retry()
        self._watch_log()

    def add_service(self, service: Any) -> None:
        """Keep ``service`` (with ``async aclose()``) to close at :meth:`stop`."""
        self._services.append(service)


# --------------------------------------------------------------------------- tests
def serve_for_tests(
    game_id: str,
    seats: list[str],
    seed: int = 1,
    options: dict | None = None,
    *,
    bot_delay: float = 0.0,
    address: str = "127.0.0.1",
    root=None,
    **table: Any,
):
    """A started :class:`LocalHost` serving ``game_id`` with TCP and the web
    door on ``address`` (any free ports), for tests and the page's Selenium harness.
    ``table``: more :class:`LocalHost` keywords (``turn_seconds``,
    ``takeover_delay``, ``name`` …); ``root``: the page's folder (default: the
    package's ``assets/web``). Returns ``(host, url)`` with ``url`` like
    ``"http://127.0.0.1:PORT/"``; call ``host.stop()`` at the end."""
    host = LocalHost(game_id, seats, seed, options, bot_delay=bot_delay, **table)
    host.start()
    try:
        host.listen(0, address)
        port = host.listen_web(0, root=root)
    except BaseException:
        host.stop()
        raise
    return host, f"http://{address}:{port}/"


__all__ = ["Connection", "LocalConnection", "LocalHost", "Refused", "encode", "serve_for_tests"]
