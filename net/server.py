"""TCP under the table (``net/PROTOCOL.md``): an asyncio server on the host's own loop.

Each connection: ``hello`` first (protocol version, player name, seat or token), then
the table's ``welcome`` and ``snapshot``, then ``action`` / ``ping`` from the client and
``delta`` / ``error`` / ``pong`` / ``seats`` / ``notice`` / ``outcome`` from the host.

What one peer can cost the host is bounded, and nothing a stranger does can keep a seat's
player out:

* a connection must say ``hello`` within :data:`HELLO_TIMEOUT` seconds; one address may
  hold :data:`MAX_PENDING_PER_ADDRESS` connections that have not said it (a newcomer
  then pushes out one of that address's), all addresses :data:`MAX_PENDING` (a newcomer
  then pushes out one of the address holding most) — the oldest that has sent nothing,
  else the oldest —, so a seat token's holder always gets to say its ``hello``, even
  from a crowded address, and a ``hello`` with a seat's token is never refused for room;
* spectators are at most :data:`MAX_SPECTATORS` (:data:`MAX_SPECTATORS_PER_ADDRESS` from
  one address); players are bounded by the seats;
* after ``hello`` a connection that sends no complete message for
  :data:`net.protocol.DEAD_AFTER` seconds is closed (clients ping every
  :data:`net.protocol.HEARTBEAT`), and its seat is away at once;
* every message after ``hello`` is paid from an action budget (:class:`net.host.Budget`)
  that belongs to the seat, so coming back on a new connection does not refill it (a
  spectator's to its connection, starting no fuller than its address's emptiest
  spectator budget of late: see :meth:`TcpServer._spectator_budget`); and bytes are
  read at most :data:`BYTE_RATE` a second after a burst of :data:`BYTE_BURST` (TCP
  pushes back on a faster sender);
* a decode error (the stream is out of step) closes the connection, and so does unsent
  data past :attr:`TcpServer.max_unsent` bytes (a client that never reads);
* descriptors (:mod:`net.fds`): the soft limit is raised to the hard one at the start;
  near it, closed connections stop lingering and then new ones are closed unread, so
  ``accept`` never runs out, and running out is reported at most once per 10 s.

None of these touches another seat.
"""

from __future__ import annotations

import asyncio
import collections
import time
from typing import Any

from net import fds
from net.host import Budget, Client, Refused
from net.identity import NONCE_BYTES, seat_proof_matches
from net.peers import LINGER, READ_SIZE, Peer, _Counted, _has_spoken  # noqa: F401
from net.protocol import (
    DEAD_AFTER,
    PROTOCOL,
    ProtocolError,
    echo,
    error,
    farewell_error,
)


#: Seconds a connection may stay silent (no complete message) after its ``hello``
#: before it is closed: a dead link (clients ping every HEARTBEAT seconds).
IDLE_TIMEOUT = DEAD_AFTER
#: Seconds a new connection has to send its ``hello``.
HELLO_TIMEOUT = 3.0
#: Bytes of unsent data a connection may have queued before it is dropped.
MAX_UNSENT = 1024 * 1024
#: Connections that have not said ``hello`` yet: from one address, and in all.
MAX_PENDING_PER_ADDRESS = 8
MAX_PENDING = 64
#: Spectators a table keeps at once, in all and from one address.
MAX_SPECTATORS = 32
MAX_SPECTATORS_PER_ADDRESS = 8
#: Bytes a connection may send a second once it has sent a burst of BYTE_BURST.
BYTE_RATE = 64 * 1024
BYTE_BURST = 512 * 1024
#: Kept for older callers: the connections a host holds at most besides its seats.
MAX_CONNECTIONS = MAX_PENDING + MAX_SPECTATORS
#: Action budgets kept (seats, and spectators' addresses: the least recently used go).
MAX_BUDGETS = 1024


class TcpServer:
    """The TCP server of a :class:`net.local.LocalHost` (runs on its loop). It reaches
    the host only through ``host.table`` (to choose and attach seats) and the host's
    loop-thread methods ``receive(client, message)``, ``drop(client)`` and ``kick()``.

    ``address`` to bind (``"0.0.0.0"`` = every IPv4 interface), ``port`` (0 = any free
    one; the bound port is in :attr:`port` after :meth:`astart`). ``idle_timeout``,
    ``hello_timeout``, ``max_unsent`` and ``budget`` (``(burst, rate)`` of each
    seat's or spectator connection's :class:`net.host.Budget`) may be changed for tests.

    A host's first TCP server is also the *door keeper* of its other doors
    (:attr:`net.local.LocalHost.keeper`): its other TCP servers :meth:`share` its sets,
    and :class:`net.web.WebServer` admits, greets and bounds each WebSocket peer through
    its ``_admit``, ``_serve`` and ``_hello``, so every bound counts both doors."""

    says_farewell = True  # aclose(farewell): net.local.LocalHost.stop

    def __init__(
        self,
        host,
        address: str = "0.0.0.0",
        port: int = 0,
        *,
        idle_timeout: float = IDLE_TIMEOUT,
        hello_timeout: float = HELLO_TIMEOUT,
        max_unsent: int = MAX_UNSENT,
        budget: tuple[int, float] | None = None,
    ) -> None:
        self.local = host
        self.host = address
        self.port = port
        self.idle_timeout = idle_timeout
        self.hello_timeout = hello_timeout
        self.max_unsent = max_unsent
        self.budget = budget
        self._server: asyncio.base_events.Server | None = None
        self._tasks: set[asyncio.Task] = set()
        self._peers: set[Peer] = set()
        self._pending: dict[Peer, asyncio.Task] = {}  # no hello yet
        self._budgets: collections.OrderedDict[tuple, Budget] = collections.OrderedDict()
        #: Per address, its spectators' recent budgets (see _spectator_budget).
        self._watchers: collections.OrderedDict[str, list[Budget]] = collections.OrderedDict()
        self._lingering: dict[Peer, None] = {}  # closed, still reading: oldest first
        self._headroom: fds.Headroom | None = None  # set by astart
        self._report: fds.ResourceErrors | None = None
        #: Connections closed to make room for descriptors (see :meth:`_shed`), by kind:
        #: ``lingering`` cut short, ``silent`` (no hello yet) dropped, ``new`` shed.
        self.made_room: collections.Counter[str] = collections.Counter()

    def share(self, keeper: "TcpServer") -> None:
        """Count this server's connections with ``keeper``'s: one set of connections
        that have not said ``hello``, of peers (the spectator caps) and of budgets for
        every door of a host (its TCP servers and :class:`net.web.WebServer`, which
        serves its WebSocket peers through ``keeper``'s methods). Before :meth:`astart`."""
        for name in ("_peers", "_pending", "_budgets", "_watchers"):
            if hasattr(keeper, name):  # every set of counts the keeper keeps
                setattr(self, name, getattr(keeper, name))

    async def astart(self) -> int:
        """Bind and listen; returns the port. First raises the process's descriptor
        limit to its hard limit and installs the loop's report of running out
        (:mod:`net.fds`: one line per 10 s at most)."""
        fds.raise_limit()
        self._report = fds.install(asyncio.get_running_loop())
        self._headroom = fds.Headroom(lambda: len(self._tasks))
        self._server = await asyncio.start_server(
            self._accept, self.host, self.port, reuse_address=True
        )
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def aclose(self, farewell: dict | None = None) -> None:
        """Stop listening and close every connection, each told ``farewell`` (an
        ``error``: :func:`net.protocol.farewell_error`; ``host-closed`` by default)."""
        farewell = farewell or farewell_error(False)
        if self._server is not None:
            self._server.close()
        for peer in list(self._peers):
            peer.close(dict(farewell), linger=False)
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.wait(self._tasks, timeout=2.0)
        if self._server is not None:
            try:
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
            except asyncio.TimeoutError:
                pass

    # ------------------------------------------------------------------ admission
    def _admit(self, peer: Peer) -> bool:
        """Make room for ``peer``, a connection that has not said ``hello``; always True.

        When ``peer``'s address already holds :data:`MAX_PENDING_PER_ADDRESS` such
        connections, one of that address's is pushed out; when all addresses together
        hold :data:`MAX_PENDING`, one of the address holding most is. Either way the
        one pushed out is chosen by :meth:`_push_out_one`: the oldest that has sent
        nothing yet, else the oldest. The newcomer is never refused, so a seat's player
        always gets to say its ``hello``, even from an address crowded with silent
        sockets (issue 29: a refused newcomer kept the owner out 6 times of 6)."""
        _Counted.install(peer)
        mine = [p for p in self._pending if p.address == peer.address]
        if len(mine) >= MAX_PENDING_PER_ADDRESS:
            self._push_out_one(
                mine,
                f"{MAX_PENDING_PER_ADDRESS} connections from your address had not said "
                "hello yet; this one waited longest",
            )
        elif len(self._pending) >= MAX_PENDING:
            counts: dict[str, int] = {}
            for p in self._pending:
                counts[p.address] = counts.get(p.address, 0) + 1
            worst = max(counts, key=lambda a: counts[a])
            self._push_out_one(
                [p for p in self._pending if p.address == worst],
                "the host has too many connections that have not said hello; "
                "this one waited longest",
            )
        self._pending[peer] = asyncio.current_task()
        return True

    def _push_out_one(self, peers: list[Peer], why: str) -> None:
        """Close one of ``peers`` (pending connections) with ``too-many-pending``
        (message ``why``): the oldest of those that have sent no byte yet, else the
        oldest of all. Preferring the silent ones means a client that speaks at once
        (``challenge`` or ``hello`` right after connecting, as every client does) is not
        pushed out by a crowd of sockets that say nothing, however fast they come."""
        silent = [p for p in peers if not _has_spoken(p)]
        victim = min(silent or peers, key=lambda p: p.since)
        victim.close(error("too-many-pending", why))
        task = self._pending.pop(victim)
        task.cancel()

    def _shed(self, writer: asyncio.StreamWriter) -> bool:
        """Make room when the process nears its descriptor limit: within
        :data:`net.fds.MARGIN` of it, cut short the lingering of connections already
        closed (see :data:`LINGER`), oldest first; within :data:`net.fds.SHED_MARGIN`,
        also drop the oldest connections that have not said ``hello`` (closed unread, no
        lingering) and, when that frees too little, return True: the new connection of
        ``writer`` is then closed at once, unread. A seat's owner, whose ``hello`` comes
        first thing, so gets in while a crowd stays silent."""
        if self._headroom is None:
            return False
        over = self._headroom.over()
        if over <= 0:
            return False
        cut = list(self._lingering)[:over]
        for peer in cut:
            self._lingering.pop(peer, None)
            peer.writer.transport.abort()
        left = over - len(cut) - (fds.MARGIN - fds.SHED_MARGIN)
        silent = sorted(self._pending, key=lambda p: p.since)[: max(0, left)]
        for peer in silent:
            self._pending.pop(peer).cancel()
            peer.abort()
        self._headroom.freed(len(cut) + len(silent))
        self.made_room.update(lingering=len(cut), silent=len(silent))
        if left - len(silent) <= 0:
            return False
        writer.transport.abort()
        self._headroom.freed(1)
        self.made_room["new"] += 1
        if self._report is not None:
            self._report.note(
                "tapete host: near the limit of open files: new connections are closed "
                "unread until some close (raise it with ulimit -n)"
            )
        return True

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._shed(writer):
            return
        task = asyncio.current_task()
        self._tasks.add(task)
        try:
            address = str((writer.get_extra_info("peername") or ("?",))[0])
        except Exception:
            address = "?"
        peer = Peer(writer, self.max_unsent, address)
        if not self._admit(peer):
            self._tasks.discard(task)
            return
        self._peers.add(peer)
        try:
            await self._serve(reader, peer)
        except asyncio.CancelledError:
            pass
        except (ConnectionError, OSError):
            pass  # a reset: the player is gone (a stand-in takes over after the delay)
        finally:
            self._peers.discard(peer)
            self._pending.pop(peer, None)
            client = peer.client
            if client is not None:
                self.local.drop(client)
            if not peer.closed:
                peer.close()
            if peer.lingering:  # still the server's task until the socket is closed
                self._lingering[peer] = None
                try:
                    await self._linger(reader, peer)
                finally:
                    self._lingering.pop(peer, None)
            self._tasks.discard(task)

    async def _linger(self, reader: asyncio.StreamReader, peer: Peer) -> None:
        """Read and drop what a closed connection still sends, until its client hangs
        up or :data:`LINGER` seconds pass; then close the socket (see :meth:`Peer.close`)."""
        try:
            async with asyncio.timeout(LINGER):
                while await reader.read(READ_SIZE):
                    pass
        except (asyncio.TimeoutError, asyncio.CancelledError, ConnectionError, OSError):
            pass
        finally:
            peer.writer.close()

    # ------------------------------------------------------------------ one connection
    async def _serve(self, reader: asyncio.StreamReader, peer: Peer) -> None:
        decoder = peer.decoder()
        client: Client | None = None
        deadline = time.monotonic() + self.hello_timeout
        allowance, refilled = float(BYTE_BURST), time.monotonic()
        while not peer.closed:
            now = time.monotonic()
            allowance = min(float(BYTE_BURST), allowance + (now - refilled) * BYTE_RATE)
            refilled = now
            if allowance < 0:  # a sender faster than BYTE_RATE: read later (TCP pushes back)
                await asyncio.sleep(min(-allowance / BYTE_RATE, max(0.0, deadline - now)))
                continue
            remaining = deadline - now
            try:
                if remaining <= 0:
                    raise asyncio.TimeoutError
                # asyncio.timeout, not wait_for: no task per read (issue 18)
                async with asyncio.timeout(remaining):
                    data = await reader.read(READ_SIZE)
            except asyncio.TimeoutError:
                peer.close(self._silence(client))
                return
            if not data:
                return
            allowance -= len(data)
            try:
                messages = decoder.feed(data)
            except ProtocolError as exc:
                peer.close(exc.to_wire())
                return
            for message in messages:
                deadline = time.monotonic() + self.idle_timeout
                if client is None and message.get("type") == "challenge":
                    if not self._prove(peer, message):
                        return
                    continue
                if client is None:
                    client = peer.client = self._hello(peer, message)
                    if client is None:
                        return
                    self._pending.pop(peer, None)
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

    def _silence(self, client: Client | None) -> dict:
        if client is None:
            return error(
                "idle-timeout",
                f"no hello within {self.hello_timeout:g} seconds; closing",
            )
        return error(
            "idle-timeout",
            f"no message for {self.idle_timeout:g} seconds: the link counts as dead "
            "(clients ping to stay connected)",
        )

    def _prove(self, peer: Peer, challenge: dict) -> bool:
        """Answer a ``challenge`` (before ``hello``, once per connection) with the table's
        ``proof`` (:meth:`net.identity.TableKey.prove`); refuse a second one or a nonce
        that is not :data:`net.identity.NONCE_BYTES` bytes (``bad-message``, closing).
        Returns False when the connection was closed."""
        nonce = challenge.get("nonce")
        if peer.nonces is not None:
            problem = "one challenge per connection"
        elif not isinstance(nonce, bytes) or len(nonce) != NONCE_BYTES:
            problem = f"'nonce' must be {NONCE_BYTES} bytes, not {echo(nonce)}"
        else:
            proof = self.local.table.key.prove(nonce)
            peer.nonces = (nonce, proof["nonce"])
            peer.send(proof)
            return True
        peer.close(error("bad-message", f"challenge: {problem}"))
        return False

    def _hello(self, peer: Peer, hello: dict) -> Client | None:
        """Check ``hello`` (exact types) and attach the connection; on refusal send the
        error, close, and return None."""
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
        if type(version) is not int or version != PROTOCOL:
            peer.close(
                error(
                    "protocol-mismatch",
                    f"this host speaks Tapete protocol {PROTOCOL}, your client "
                    f"speaks {echo(version)}: use the same Tapete version as the host",
                )
            )
            return None
        problem = hello_problem(hello)
        if problem:
            peer.close(error("bad-message", f"hello: {problem}"))
            return None
        seat, token = hello.get("seat"), hello.get("token")
        spectator = bool(hello.get("spectator"))
        table = self.local.table
        try:
            if hello.get("proof") is not None:
                token = self._proven_token(peer, seat, hello["proof"])
            seat = table.choose_seat(seat, token, spectator)
            if seat is None:
                self._room_for_a_spectator(peer)
            client = table.attach(
                seat,
                peer.send,
                player=hello.get("player") or "",
                token=token,
                close=peer.close,
                legal=hello.get("legal") is True,
            )
        except Refused as exc:
            peer.close(exc.to_wire())
            return None
        client.budget = self._budget_for(client, peer)
        self.local.kick()
        return client

    def _proven_token(self, peer: Peer, seat: int | None, proof: bytes) -> str | None:
        """The token of ``seat`` (None: of any seat) when ``proof`` is its
        :func:`net.identity.seat_proof` for this connection's nonces. A proof that
        matches no seat is a token that holds none (its seat was freed in the lobby):
        None, and the ``hello`` goes on without a token when the asked seat (or, with
        none asked, any seat) is open; raises :class:`Refused` (``bad-token``) otherwise,
        and when the connection sent no ``challenge`` first."""
        if peer.nonces is None:
            raise Refused("bad-token", "a seat proof needs a challenge first on this connection")
        table = self.local.table
        seats = [seat] if seat is not None else range(len(table.seats))
        for s in seats:
            token = table.seat_token(s)
            if token is not None and seat_proof_matches(token, proof, *peer.nonces):
                return token
        free = table.open_seats()
        if (seat is None and free) or seat in free:
            return None
        where = f"seat {echo(seat)}'s" if seat is not None else "any seat's"
        raise Refused("bad-token", f"that proof is not {where} at this table")

    def _budget_for(self, client: Client, peer: Peer) -> Budget:
        """The action budget of ``client``: its seat's, kept across connections (at most
        :data:`MAX_BUDGETS` seats' and addresses' records, the least recently used go),
        or for a spectator one of its own (:meth:`_spectator_budget`)."""
        if client.seat is None:
            return self._spectator_budget(peer.address)
        key = ("seat", client.seat)
        budget = self._budgets.pop(key, None)
        if budget is None:
            budget = self._new_budget()
        self._budgets[key] = budget
        self._trim_budgets()
        return budget

    def _new_budget(self) -> Budget:
        return Budget(*self.budget) if self.budget is not None else Budget()

    def _trim_budgets(self) -> None:
        while len(self._budgets) + len(self._watchers) > MAX_BUDGETS:
            if self._watchers:
                self._watchers.popitem(last=False)
            else:
                self._budgets.popitem(last=False)

    def _spectator_budget(self, address: str) -> Budget:
        """A spectator connection's own budget, which starts with the tokens of the
        emptiest budget its ``address``'s spectators had lately (full when none): so a
        flooding spectator empties only its own bucket (its neighbour behind the same
        address keeps its pongs), and closing it to come back on a new connection
        refills nothing. With at most :data:`MAX_SPECTATORS_PER_ADDRESS` spectators, an
        address's spectators get at most that many times one budget.

        The host keeps, per address, the budgets of its live spectator connections and
        of the emptiest closed one (all refill at the same rate, so the emptiest closed
        one stays the emptiest; once full again it is forgotten)."""
        now = self.local.table.clock()
        live = {
            id(p.client.budget)
            for p in self._peers
            if p.client is not None and p.client.seat is None and p.address == address
        }
        recent = self._watchers.pop(address, [])
        kept = [b for b in recent if id(b) in live]
        gone = min(
            (b for b in recent if id(b) not in live), key=lambda b: _level(b, now), default=None
        )
        if gone is not None and _level(gone, now) < gone.burst:
            kept.append(gone)
        budget = self._new_budget()
        budget.tokens = min((_level(b, now) for b in kept), default=budget.burst)
        budget.at = now
        kept.append(budget)
        self._watchers[address] = kept
        self._trim_budgets()
        return budget

    def _room_for_a_spectator(self, peer: Peer) -> None:
        """Raise :class:`Refused` (``table-full``) when the spectators are at their
        bounds (in all, or from ``peer``'s address)."""
        watching = [p for p in self._peers if p.client is not None and p.client.seat is None]
        if len(watching) >= MAX_SPECTATORS:
            raise Refused("table-full", f"this table already has {MAX_SPECTATORS} spectators")
        if sum(p.address == peer.address for p in watching) >= MAX_SPECTATORS_PER_ADDRESS:
            raise Refused(
                "table-full",
                f"your address already watches with {MAX_SPECTATORS_PER_ADDRESS} connections",
            )


def _level(budget: Budget, now: float) -> float:
    """The tokens ``budget`` holds at ``now`` (refilled since it was last used, at most
    its burst)."""
    if budget.at is None:
        return budget.tokens
    return min(budget.burst, budget.tokens + max(0.0, now - budget.at) * budget.rate)


def hello_problem(hello: dict) -> str:
    """What is wrong with a ``hello``'s field types, or "" (``protocol`` is checked
    apart). ``seat`` an int or nil, ``token`` and ``player`` strings or nil,
    ``spectator`` and ``legal`` bools or nil, ``proof`` bytes or nil (a seat proof);
    other fields are ignored."""
    checks: list[tuple[str, Any, str]] = [
        ("seat", int, "an int or nil"),
        ("token", str, "a string or nil"),
        ("player", str, "a string or nil"),
        ("spectator", bool, "true, false or nil"),
        ("legal", bool, "true, false or nil"),
        ("proof", bytes, "32 bytes or nil"),
    ]
    for name, kind, words in checks:
        value = hello.get(name)
        if value is None:
            continue
        if kind is int and (type(value) is not int):
            return f"'{name}' must be {words}, not {echo(value)}"
        if kind is not int and not isinstance(value, kind):
            return f"'{name}' must be {words}, not {echo(value)}"
    return ""
