"""The authoritative table: one engine state, seats, clients and bots (DESIGN.md,
"One table, three ways to play").

:class:`Table` is synchronous — no threads, no I/O. It owns the state, checks every
action through the engine's public verbs in the fixed order, and sends each attached
client only its own view: a ``snapshot`` when it attaches, then a ``delta`` (the
difference between its previous and its new *view*, plus its redacted events) after
every accepted action. Nothing outside a per-seat view is ever sent, which is what the
indistinguishability tests check. :mod:`net.local` runs a Table on its own thread;
:mod:`net.server` puts TCP under it. The messages are described in ``net/PROTOCOL.md``.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Callable

import msgpack

import engine
from engine.bots import LEVELS
from engine.core import MalformedAction, RuleError

from net.protocol import PROTOCOL, error

#: Level of the bot that fills an unfilled open seat at start or plays for a dropped player.
STAND_IN_LEVEL = "normal"
#: Seconds a dropped player's seat waits before a bot plays it (the host may change it).
TAKEOVER_DELAY = 20.0
#: Longest player name kept (characters).
MAX_NAME = 32
#: Bound on the actions one :meth:`Table.run_to_end` or :meth:`Table.step_bots` may play.
MAX_BOT_ACTIONS = 1_000_000


class Refused(ValueError):
    """An attach the table refuses: ``code`` (wire code) and a message for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_wire(self) -> dict:
        return error(self.code, self.message)


@dataclass
class Seat:
    """One seat: ``kind`` is ``human`` (local player), ``remote`` (a remote player
    holds it), ``bot`` or ``open``; ``level`` for bots; ``token`` (private) for the
    player who holds it; ``client`` while someone is attached; ``away_since`` (clock
    time) while its player is gone after the start."""

    index: int
    kind: str
    name: str = ""
    level: str | None = None
    token: str | None = None
    client: "Client | None" = None
    away_since: float | None = None

    def describe(self) -> dict:
        """Public description (never the token)."""
        return {
            "seat": self.index,
            "kind": self.kind,
            "name": self.name,
            "level": self.level,
            "connected": self.client is not None,
            "away": self.away_since is not None,
        }


@dataclass(eq=False)
class Client:
    """One attached connection: ``seat`` (None = spectator), ``send`` (called with each
    outgoing message dict), ``player`` (name), ``token``, ``seq`` (sequence number of the
    last snapshot or delta sent to it), ``close`` (asks the transport to hang up)."""

    seat: int | None
    send: Callable[[dict], None]
    player: str = ""
    token: str | None = None
    close: Callable[[], None] | None = None
    seq: int = 0
    attached: bool = True
    packed: dict[str, bytes] = field(default_factory=dict)  # last view sent, per key
    legal: bytes = b""


def parse_seat(word: str) -> tuple[str, str | None]:
    """``(kind, level)`` for one seat word: ``human``, ``open``, ``bot`` (normal) or
    ``bot:easy|normal|hard``. Raises ``ValueError`` naming the accepted words."""
    w = word.strip().lower() if isinstance(word, str) else word
    if w in ("human", "open"):
        return w, None
    if w == "bot":
        return "bot", "normal"
    if isinstance(w, str) and w.startswith("bot:") and w[4:] in LEVELS:
        return "bot", w[4:]
    raise ValueError(f"bad seat {word!r}: use human, open, bot, or bot:" + "|".join(LEVELS))


def clean_name(name: Any, default: str) -> str:
    """A printable player name of at most :data:`MAX_NAME` characters, or ``default``."""
    if not isinstance(name, str):
        return default
    name = "".join(ch for ch in name if ch.isprintable()).strip()[:MAX_NAME]
    return name or default


def _same_token(held: str, given: Any) -> bool:
    """Constant-time token check; any value (a hostile one too) is just unequal."""
    return isinstance(given, str) and secrets.compare_digest(
        held.encode("utf-8"), given.encode("utf-8", "replace")
    )


def _pack(value: Any) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


class Table:
    """The authoritative table of one game.

    ``seats`` is one word per seat (see :func:`parse_seat`); ``seed`` (int) and
    ``options`` (dict) go to the engine's ``setup``; ``bot_delay`` (seconds) is how long
    a bot seat waits after it became awaited; ``takeover_delay`` (seconds) how long a
    dropped player's seat waits before a bot plays it; ``clock`` returns seconds.
    ``state`` (tests only) starts from that engine state instead of ``setup()``.

    The game starts at once when no seat is ``open``; otherwise when the last open seat
    is taken or :meth:`start` is called (unfilled open seats then get bots).
    Raises ``ValueError`` for bad seat words; the engine's ``BadSetup`` passes through.
    """

    def __init__(
        self,
        game_id: str,
        seats: list[str],
        seed: int,
        options: dict | None = None,
        *,
        name: str = "",
        bot_delay: float = 0.0,
        clock=time.monotonic,
        state=None,
        takeover_delay: float = TAKEOVER_DELAY,
    ) -> None:
        try:
            self.game = engine.get_game(game_id)
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None
        if isinstance(seats, str) or not isinstance(seats, (list, tuple)):
            raise ValueError("seats must be a list of seat words")
        parsed = [parse_seat(w) for w in seats]
        self.game_id = game_id
        self.seed = int(seed)
        self.options = dict(options or {})
        self.state = (
            self.game.setup(len(parsed), self.seed, self.options) if state is None else state
        )
        self.name = name
        self.bot_delay = float(bot_delay)
        self.takeover_delay = float(takeover_delay)
        self.clock = clock
        self.seat_words = [w.strip().lower() for w in seats]
        self._seats = []
        for i, (kind, level) in enumerate(parsed):
            nm = f"Bot {i + 1}" if kind == "bot" else (f"Player {i + 1}" if kind == "human" else "")
            self._seats.append(Seat(i, kind, nm, level))
        self.clients: list[Client] = []
        self.actions: list[list] = []
        self._bots: dict[int, Any] = {}
        self._awaited_since: dict[int, float] = {}
        self.started = False
        #: Called with ``(seat, action)`` after each accepted action (for a log on disk).
        self.on_action: Callable[[int, dict], None] | None = None
        #: Called with no arguments whenever the seats or the started flag change.
        self.on_seats: Callable[[], None] | None = None
        if not any(s.kind == "open" for s in self._seats):
            self._begin()

    # ------------------------------------------------------------------ seats & lobby
    @property
    def seats(self) -> list[dict]:
        """Public description of every seat: ``{"seat", "kind", "name", "level",
        "connected", "away"}``."""
        return [s.describe() for s in self._seats]

    def open_seats(self) -> list[int]:
        """Indexes of the seats a remote player may still take."""
        return [s.index for s in self._seats if s.kind == "open"]

    def start(self) -> None:
        """Start the game now (the host's say-so): unfilled open seats get bots
        (level :data:`STAND_IN_LEVEL`). Does nothing once started."""
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

    def _begin(self) -> None:
        self.started = True
        now = self.clock()
        self._awaited_since = {s: now for s in self.game.awaiting(self.state)}

    def _seats_changed(self) -> None:
        msg = {"type": "seats", "seats": self.seats, "started": self.started}
        for c in list(self.clients):
            if c.attached:
                c.send(dict(msg))
        if self.on_seats is not None:
            self.on_seats()

    def choose_seat(
        self, seat: int | None, token: str | None, spectator: bool = False
    ) -> int | None:
        """The seat a joining remote player gets: the seat whose token is ``token``;
        else ``seat`` if given; else the first open seat; else None (spectator).

        A token that holds no seat (its seat was freed in the lobby) still takes an open
        seat; with no open seat it is refused (``bad-token``) rather than turned into a
        spectator."""
        if token is not None:
            for s in self._seats:
                if s.token is not None and _same_token(s.token, token):
                    return s.index
            if seat is None and not self.open_seats():
                raise Refused("bad-token", "that seat token belongs to no seat at this table")
        if spectator:
            return None
        if seat is not None:
            return seat
        free = self.open_seats()
        return free[0] if free else None

    def attach(
        self,
        seat: int | None,
        send: Callable[[dict], None],
        *,
        player: str = "",
        token: str | None = None,
        close: Callable[[], None] | None = None,
    ) -> Client:
        """Attach a connection to ``seat`` (None = spectator) and send it ``welcome``
        then ``snapshot`` through ``send``.

        A seat may be attached when it is ``open`` (it becomes ``remote``), a ``human``
        seat nobody holds, or any held seat whose ``token`` matches (the old connection,
        if still there, is closed). Raises :class:`Refused` otherwise (``no-such-seat``,
        ``seat-taken``, ``seat-is-bot``, ``bad-token``)."""
        if seat is not None:
            if (
                not isinstance(seat, int)
                or isinstance(seat, bool)
                or not 0 <= seat < len(self._seats)
            ):
                raise Refused(
                    "no-such-seat",
                    f"there is no seat {seat!r}; seats are 0..{len(self._seats) - 1}",
                )
            s = self._seats[seat]
            if token is not None and s.token is not None and _same_token(s.token, token):
                if s.client is not None:
                    old = s.client
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
            elif s.kind == "human" and s.client is None:
                pass
            else:
                raise Refused(
                    "seat-taken",
                    f"seat {seat} is {s.name or 'taken'}'s; "
                    "only its player may return to it (with the seat token)",
                )
            if s.token is None:
                s.token = secrets.token_urlsafe(16)
            s.name = clean_name(player, s.name or f"Player {seat + 1}")
            s.away_since = None
            token = s.token
        else:
            token = None
        client = Client(seat, send, clean_name(player, ""), token, close)
        client.send = self._guarded(client, send)
        if seat is not None:
            self._seats[seat].client = client
        self.clients.append(client)
        client.send(
            {
                "type": "welcome",
                "protocol": PROTOCOL,
                "game": self.game_id,
                "seat": seat,
                "token": token,
                "seats": self.seats,
                "table": self.name,
                "started": self.started,
            }
        )
        self._snapshot(client)
        if self.is_over():
            self._announce_outcome([client])
        if not self.started and not self.open_seats():
            self.start()  # the last open seat is taken: play (sends fresh snapshots)
        elif seat is not None:
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
        """Forget ``client``. Before the start its seat opens again; after the start a
        bot plays the seat once :attr:`takeover_delay` has passed, until its player
        returns with the token."""
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

    # ------------------------------------------------------------------ messages
    def receive(self, client: Client, message: dict) -> None:
        """Handle one message from ``client``: ``action`` (applied or refused with an
        ``error`` to this client only) or ``ping`` (answered with ``pong``)."""
        if not client.attached:
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            client.send({"type": "pong"})
            return
        if kind == "hello":
            client.send(error("already-welcomed", "this connection already has its seat"))
            return
        if kind != "action":
            client.send(
                error("unknown-message", f"unknown message type {kind!r}; expected action or ping")
            )
            return
        if client.seat is None:
            client.send(error("spectator", "a spectator cannot act"))
            return
        if not self.started:
            client.send(
                error(
                    "not-started",
                    "the game has not started yet; waiting for "
                    f"seats {self.open_seats()} or the host",
                )
            )
            return
        try:
            self._act(client.seat, message.get("action"), by=client)
        except RuleError as exc:
            client.send({"type": "error", **exc.to_wire()})
        except Exception as exc:  # an engine bug must not take the table down
            client.send(error("refused", f"the table could not apply that action: {exc!r}"))

    def _act(
        self, seat: int, action: Any, now: float | None = None, by: Client | None = None
    ) -> None:
        """Apply ``action`` by ``seat`` through the engine (fixed order), then log it,
        send the deltas and restart the bot timers. Raises ``RuleError``; the state is
        unchanged on any exception."""
        state, events = self.game.apply(self.state, seat, action)
        # An accepted action must be one of the listed ones (legal_actions is
        # exhaustive), so nothing but the rules' own fields reaches the log.
        if action not in self.game.legal_actions(self.state, seat):
            raise MalformedAction("the action carries fields the rules do not know")
        before = self.game.awaiting(self.state)
        self.state = state
        self.actions.append([seat, action])
        if self.on_action is not None:
            self.on_action(seat, action)
        for c in list(self.clients):
            if c.attached:
                self._delta(c, events, c is by)
        if self.is_over():
            self._announce_outcome()
        now = self.clock() if now is None else now
        after = self.game.awaiting(self.state)
        self._awaited_since = {
            s: (
                self._awaited_since[s]
                if s in before and s != seat and s in self._awaited_since
                else now
            )
            for s in after
        }

    # ------------------------------------------------------------------ views
    def _views(self, seat: int | None) -> tuple[dict, list]:
        view = self.game.view(self.state, seat)
        if seat is None or not self.started:
            legal = []
        else:
            legal = self.game.legal_actions(self.state, seat)
        return view, legal

    def _snapshot(self, client: Client) -> None:
        view, legal = self._views(client.seat)
        client.packed = {k: _pack(v) for k, v in view.items()}
        client.legal = _pack(legal)
        client.seq = len(self.actions)
        client.send(
            {
                "type": "snapshot",
                "seq": client.seq,
                "view": view,
                "legal": legal,
                "started": self.started,
            }
        )

    def _delta(self, client: Client, events: list, yours: bool = False) -> None:
        view, legal = self._views(client.seat)
        packed = {k: _pack(v) for k, v in view.items()}
        changed = {k: view[k] for k, b in packed.items() if client.packed.get(k) != b}
        gone = [k for k in client.packed if k not in packed]
        client.packed = packed
        client.seq = len(self.actions)
        msg = {
            "type": "delta",
            "seq": client.seq,
            "set": changed,
            "del": gone,
            "events": [e.for_seat(client.seat) for e in events],
        }
        lp = _pack(legal)
        if lp != client.legal:
            client.legal = lp
            msg["legal"] = legal
        if yours:
            msg["yours"] = True  # the answer to this client's own action
        client.send(msg)

    def view(self, seat: int | None) -> dict:
        """The engine view of ``seat`` now (None = spectator)."""
        return self.game.view(self.state, seat)

    # ------------------------------------------------------------------ bots
    def is_bot_seat(self, seat: int, now: float | None = None) -> bool:
        """Whether a bot plays ``seat`` now: a bot seat, or a player away for longer
        than :attr:`takeover_delay`."""
        s = self._seats[seat]
        if s.kind == "bot":
            return True
        if s.away_since is None:
            return False
        now = self.clock() if now is None else now
        return now >= s.away_since + self.takeover_delay

    def _due(self, seat: int) -> float | None:
        s = self._seats[seat]
        since = self._awaited_since.get(seat, 0.0) + self.bot_delay
        if s.kind == "bot":
            return since
        if s.away_since is not None:
            return max(since, s.away_since + self.takeover_delay)
        return None

    def _bot(self, seat: int):
        s = self._seats[seat]
        level = s.level if s.kind == "bot" else STAND_IN_LEVEL
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = engine.get_bot(self.game_id, level, self.seed * 1000 + seat)
        return self._bots[key]

    def _bot_act(self, seat: int, now: float | None = None) -> None:
        legal = self.game.legal_actions(self.state, seat)
        if not legal:
            raise RuntimeError(f"{self.game_id}: awaited seat {seat} has no legal action")
        view = self.game.view(self.state, seat)
        try:
            action = self._bot(seat).choose(view, legal)
        except Exception:
            action = legal[0]
        try:
            self._act(seat, action, now)
        except RuleError:
            self._act(seat, legal[0], now)  # a bot's mistake must not stall the table

    def step_bots(self, now: float | None = None) -> float | None:
        """Let every awaited bot-played seat act whose delay has passed at ``now``
        (default: the clock). Returns the clock time the next bot is due, or None."""
        if not self.started:
            return None
        now = self.clock() if now is None else now
        for _ in range(MAX_BOT_ACTIONS):
            if self.is_over():
                return None
            due = [
                (t, s)
                for s in sorted(self.game.awaiting(self.state))
                if (t := self._due(s)) is not None
            ]
            if not due:
                return None
            t, seat = min(due)
            if t > now:
                return t
            self._bot_act(seat, now)
        raise RuntimeError(f"bots played {MAX_BOT_ACTIONS} actions without an end")

    def run_to_end(self) -> None:
        """Play a bots-only table to its end, ignoring delays (headless play).

        Raises ``RuntimeError`` if an awaited seat is not played by a bot."""
        if not self.started:
            raise RuntimeError("the game has not started (open seats left)")
        for _ in range(MAX_BOT_ACTIONS):
            if self.is_over():
                return
            waiting = sorted(self.game.awaiting(self.state))
            if not waiting:
                raise RuntimeError(f"{self.game_id}: the game is not over but awaits nobody")
            for s in waiting:
                if self._seats[s].kind != "bot" and self._seats[s].away_since is None:
                    raise RuntimeError(f"seat {s} is a player's, not a bot's")
            self._bot_act(waiting[0])
        raise RuntimeError(f"no end after {MAX_BOT_ACTIONS} actions")

    # ------------------------------------------------------------------ the end
    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def _announce_outcome(self, clients: list[Client] | None = None) -> None:
        """Send ``{"type": "outcome", "outcome": ...}`` (with the seed: the game is over,
        nothing is hidden any more) to ``clients`` (default: all)."""
        msg = {"type": "outcome", "outcome": self.outcome()}
        for c in list(self.clients if clients is None else clients):
            if c.attached:
                c.send(dict(msg))

    def outcome(self) -> dict | None:
        """``{"game", "seed", "winners", "scores", "rounds", "actions"}`` once over."""
        if not self.is_over():
            return None
        out = self.game.result(self.state)
        return {
            "game": self.game_id,
            "seed": self.seed,
            "winners": list(out.winners),
            "scores": list(out.scores),
            "rounds": dict(out.details).get("rounds"),
            "actions": len(self.actions),
        }

    def replay(self, actions: list) -> None:
        """Re-apply ``[[seat, action], ...]`` (a log or a record) silently, before any
        client attaches: resumes a table after a host crash. Raises the engine's
        ``RuleError`` if the log does not fit this game and seed."""
        if self.clients:
            raise RuntimeError("replay before any client attaches")
        for seat, action in actions:
            self.state, _ = self.game.apply(self.state, seat, action)
            self.actions.append([seat, action])
        now = self.clock()
        self._awaited_since = {s: now for s in self.game.awaiting(self.state)}

    @classmethod
    def from_record(cls, record: dict, **kw: Any) -> "Table":
        """The table a replay record (or a log, see :mod:`net.log`) describes, with its
        actions applied. ``kw`` as for :class:`Table` (name, delays, clock)."""
        table = cls(record["game"], record["seats"], record["seed"], record.get("options"), **kw)
        table.replay(record.get("actions", []))
        return table

    def record(self) -> dict:
        """The replay record ``{game, rules_version, options, seats, seed, actions}``
        (``actions`` = ``[[seat, action], ...]``). Holds the seed: never send it to a
        client before the end."""
        return {
            "game": self.game_id,
            "rules_version": self.game.rules_version,
            "options": dict(self.options),
            "seats": list(self.seat_words),
            "seed": self.seed,
            "actions": [[s, a] for s, a in self.actions],
        }
