"""Seating at a table (PROTOCOL.md "Connection life", "Seat choice at hello"): the lobby,
the start, who holds which seat with which token, attaching and detaching connections,
and telling everyone (``seats``, ``notice``). A part of :class:`net.host.Table`, which
holds the state it uses (``_seats``, ``clients``, ``started`` …)."""

from __future__ import annotations

import secrets
from typing import Any, Callable

from net.protocol import PROTOCOL, echo, error
from net.seats import (
    STAND_IN_LEVEL,
    Client,
    Refused,
    _same_token,
    clean_name,
)


class Seating:
    """The seats of :class:`net.host.Table`: descriptions, the lobby and the start,
    seat choice, :meth:`attach` and :meth:`detach`, ``seats`` and ``notice`` messages."""

    @property
    def seats(self) -> list[dict]:
        """Public description of every seat (see :meth:`describe_seat`)."""
        now = self.clock()
        return [self.describe_seat(s.index, now) for s in self._seats]

    def describe_seat(self, seat: int, now: float | None = None) -> dict:
        """``{"seat", "kind", "name", "level", "connected", "away", "state",
        "takeover_in", "clock"}`` — never the token. ``state`` is :meth:`Seat.state`;
        ``takeover_in`` the seconds until a stand-in plays an ``away`` seat (else None);
        ``clock`` the seconds left in the seat's current decision while the turn clock
        runs for it (else None). Seconds are as of ``now`` (default: the clock)."""
        now = self.clock() if now is None else now
        s = self._seats[seat]
        takeover = None
        if s.away_since is not None and not s.stand_in:
            takeover = round(max(0.0, s.away_since + self.takeover_delay - now), 3)
        deadline = self._clock_deadlines().get(seat)
        return {
            "seat": s.index,
            "kind": s.kind,
            "name": s.name,
            "level": s.level,
            "connected": s.client is not None,
            "away": s.away_since is not None,
            "state": s.state(),
            "takeover_in": takeover,
            "clock": None if deadline is None else round(max(0.0, deadline - now), 3),
        }

    def open_seats(self) -> list[int]:
        """Indexes of the seats a remote player may still take."""
        return [s.index for s in self._seats if s.kind == "open"]

    def start(self) -> None:
        """Start the game now (the host's say-so): unfilled open seats get bots
        (level :data:`STAND_IN_LEVEL`), then the deal. Does nothing once started."""
        if self.started:
            return
        for s in self._seats:
            if s.kind == "open":
                s.kind, s.level, s.name = "bot", STAND_IN_LEVEL, f"Bot {s.index + 1}"
        self._begin()
        for c in list(self.clients):
            if c.attached:
                self._snapshot(c)
        self._seats_changed()

    def deal(self) -> None:
        """Deal from the seed now if not dealt yet (the start does it; a replay of a
        record does it too). The seats need not be final for a replay."""
        if self.state is None:
            given, self._given_state = self._given_state, None
            self.state = (
                self.game.setup(len(self._seats), self.seed, self.options)
                if given is None
                else given
            )

    def _begin(self) -> None:
        self.deal()
        self.started = True
        now = self.clock()
        self._awaited_since = {s: now for s in self.game.awaiting(self.state)}
        self._clock_sent = self._clock_deadlines()

    def _seats_message(self) -> dict:
        return {
            "type": "seats",
            "seats": self.seats,
            "started": self.started,
            "turn_seconds": self.turn_seconds,
        }

    def _seats_changed(self) -> None:
        self._clock_sent = self._clock_deadlines()
        msg = self._seats_message()
        for c in list(self.clients):
            if c.attached:
                c.send(dict(msg))
        if self.on_seats is not None:
            self.on_seats()

    def _notice(self, event: str, seat: int, message: str) -> None:
        """Tell every client ``{"type": "notice", "event", "seat", "name", "message"}``."""
        msg = {
            "type": "notice",
            "event": event,
            "seat": seat,
            "name": self._seats[seat].name,
            "message": message,
        }
        for c in list(self.clients):
            if c.attached:
                c.send(dict(msg))

    def announce(
        self, event: str, message: str, *, lasting: bool = False, ends: str | None = None
    ) -> None:
        """Tell every client about the table itself (not a seat): ``{"type": "notice",
        "event", "seat": None, "name": "", "message"}`` — e.g. ``log-failed`` and
        ``log-back`` (:class:`net.log.TableLog`). A ``lasting`` notice tells of a
        condition that holds until a notice that ``ends`` it: a client attaching
        meanwhile is told too, after its snapshot."""
        msg = {"type": "notice", "event": event, "seat": None, "name": "", "message": message}
        if ends is not None:
            self._lasting.pop(ends, None)
        if lasting:
            self._lasting[event] = msg
        for c in list(self.clients):
            if c.attached:
                c.send(dict(msg))

    def choose_seat(
        self, seat: int | None, token: str | None, spectator: bool = False
    ) -> int | None:
        """The seat a joining remote player gets: the seat whose token is ``token``;
        else ``seat`` if given; else the first open seat; else None (spectator).

        A token that holds no seat (its seat was freed in the lobby) still takes an open
        seat; with no open seat it is refused (``bad-token``) rather than turned into a
        spectator."""
        if token is not None:
            held = self.token_seat(token)
            if held is not None:
                return held
            if seat is None and not self.open_seats():
                raise Refused("bad-token", "that seat token belongs to no seat at this table")
        if spectator:
            return None
        if seat is not None:
            return seat
        free = self.open_seats()
        return free[0] if free else None

    def seat_token(self, seat: Any) -> str | None:
        """The token ``seat`` holds now (for checking a seat proof:
        :func:`net.identity.seat_proof_matches`), or None for no such seat or none."""
        if type(seat) is not int or not 0 <= seat < len(self._seats):
            return None
        return self._seats[seat].token

    def renew_tokens(self, seats: list[int]) -> list[int]:
        """Draw a fresh token for each phone seat of ``seats`` that nobody holds (the
        next game of a couch whose page could not have its port back: the game before's
        origin may be someone else's now, and its pages' storage with it, so the tokens
        kept there must take no seat here — net/PROTOCOL.md "The next game"); the seats
        are logged anew. Returns the seats renewed."""
        renewed = [
            s.index
            for s in self._seats
            if s.index in seats and s.kind == "phone" and s.client is None
        ]
        for i in renewed:
            self._seats[i].token = secrets.token_urlsafe(16)
        if renewed:
            self._seats_changed()
        return renewed

    def token_seat(self, token: Any) -> int | None:
        """The seat whose token is ``token`` (compared in constant time), or None."""
        for s in self._seats:
            if s.token is not None and _same_token(s.token, token):
                return s.index
        return None

    def attach(
        self,
        seat: int | None,
        send: Callable[[dict], None],
        *,
        player: str = "",
        token: str | None = None,
        close: Callable[[], None] | None = None,
        legal: bool = False,
    ) -> Client:
        """Attach a connection to ``seat`` (None = spectator) and send it ``welcome``
        then ``snapshot`` through ``send``. ``legal``: a thin connection (its ``hello``
        asked for legal lists): its snapshots and deltas carry the seat's legal list in
        the compact form of :func:`net.delta.pack_legal`; nobody else gets one.

        A seat may be attached when it is ``open`` (it becomes ``remote``), a ``human``
        seat nobody has held yet, or any seat whose ``token`` matches (the old
        connection, if still there, is closed): once held, a seat is its player's, and
        only its token takes it back (a guest cannot slip into the window's own seat
        while the window reconnects). Raises :class:`Refused` otherwise (``no-such-seat``,
        ``seat-taken``, ``seat-is-bot``, ``bad-token``)."""
        handed_back = False
        if seat is not None:
            if (
                not isinstance(seat, int)
                or isinstance(seat, bool)
                or not 0 <= seat < len(self._seats)
            ):
                raise Refused(
                    "no-such-seat",
                    f"there is no seat {echo(seat)}; seats are 0..{len(self._seats) - 1}",
                )
            s = self._seats[seat]
            returning = token is not None and s.token is not None and _same_token(s.token, token)
            if returning:
                if s.client is not None:
                    old = s.client
                    old.send(
                        error(
                            "replaced",
                            "this seat was taken back by a newer connection with its token",
                        )
                    )
                    self.detach(old, reason="replaced")
                    if old.close is not None:
                        old.close()
            elif token is not None and s.kind != "open":
                raise Refused("bad-token", f"that token is not seat {seat}'s")
            elif s.kind == "open":
                s.kind = "remote"
                s.token = None
            elif s.kind == "bot":
                raise Refused("seat-is-bot", f"seat {seat} is played by a bot")
            elif s.kind == "human" and s.client is None and s.token is None:
                pass  # a seat kept for a player nobody has held yet: the first comes in
            elif s.kind == "phone":
                raise Refused(
                    "seat-taken",
                    f"seat {seat} is {s.name}'s phone seat; "
                    "take it with the link or code the table's screen shows",
                )
            else:
                raise Refused(
                    "seat-taken",
                    f"seat {seat} is {s.name or 'taken'}'s; "
                    "only its player may return to it (with the seat token)",
                )
            if s.token is None:
                s.token = secrets.token_urlsafe(16)
            if not (returning and self.started):
                # A returning player keeps the name the seat has (so the log's seating,
                # which holds names, cannot be grown by reconnecting under new names).
                s.name = clean_name(player, s.name or f"Player {seat + 1}")
            handed_back = s.stand_in
            s.away_since, s.stand_in, s.idle, s.timeouts = None, False, False, 0
            token = s.token
        else:
            token = None
        client = Client(seat, send, clean_name(player, ""), token, close, thin=bool(legal))
        client.send = self._guarded(client, send)
        if seat is not None:
            self._seats[seat].client = client
        self.clients.append(client)
        client.send(
            {
                "type": "welcome",
                "protocol": PROTOCOL,
                "game": self.game_id,
                "table_id": self.table_id,
                "seat": seat,
                "token": token,
                "seats": self.seats,
                "table": self.name,
                "started": self.started,
                "turn_seconds": self.turn_seconds,
            }
        )
        self._snapshot(client)
        for msg in self._lasting.values():
            client.send(dict(msg))
        if self.is_over():
            self._announce_outcome([client])
        if not self.started and not self.open_seats():
            self.start()  # the last open seat is taken: play (sends fresh snapshots)
        elif seat is not None:
            if handed_back:
                self._notice("back", seat, f"{self._seats[seat].name} is back; the stand-in stops")
            self._seats_changed()
        return client

    def _guarded(self, client: Client, send: Callable[[dict], None]) -> Callable[[dict], None]:
        """``send`` that detaches ``client`` instead of raising: a failing transport
        must not stop the table (the state has already moved on)."""

        def guarded(message: dict) -> None:
            if not client.attached:
                return
            try:
                send(message)
            except Exception:
                self.detach(client, reason="send failed")
                if client.close is not None:
                    try:
                        client.close()
                    except Exception:
                        pass

        return guarded

    def detach(self, client: Client, reason: str = "left") -> None:
        """Forget ``client``. Before the start its seat opens again (the token dies with
        it); after the start the seat is *away* at once, and a stand-in bot plays it
        once :attr:`takeover_delay` has passed, until its player returns with the token."""
        if not client.attached:
            return
        client.attached = False
        if client in self.clients:
            self.clients.remove(client)
        if client.seat is None:
            return
        s = self._seats[client.seat]
        if s.client is not client:
            return
        s.client = None
        if not self.started and s.kind == "remote":
            s.kind, s.name, s.token = "open", "", None
        elif self.started and not self.is_over():
            s.away_since = self.clock()
        if reason != "replaced":
            self._seats_changed()
