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

import hashlib
import hmac
import operator
import random
import secrets
import time
from dataclasses import dataclass
from typing import Any, Callable

import engine
from engine.bots import LEVELS
from engine.core import RuleError

from net import text
from net.delta import NONE, DeltaWriter, pack_legal
from net.identity import TableKey
from net.protocol import (
    EMOTE_BURST,
    EMOTE_RATE,
    EMOTES,
    PROTOCOL,
    Encoded,
    echo,
    emotes_allowed,
    error,
)

#: Level of the bot that fills an unfilled open seat at start or plays for a dropped player.
STAND_IN_LEVEL = "normal"
#: Seconds a dropped player's seat waits before a bot plays it (the host may change it).
TAKEOVER_DELAY = 20.0
#: Longest player name kept (characters).
MAX_NAME = text.MAX_NAME
#: Longest table name kept (characters): cleaned and cut at creation and on resume.
MAX_TABLE_NAME = text.MAX_TABLE_NAME
#: Bound on the actions one :meth:`Table.run_to_end` or :meth:`Table.step_bots` may play.
MAX_BOT_ACTIONS = 1_000_000
#: Default turn clock of a LAN table (`tapete host`), seconds per decision: generous.
LAN_TURN_SECONDS = 90.0
#: Bits of a seed the host draws (``secrets``): no seat can search the seed space.
SEED_BITS = 128
#: Bytes of the secret mixed into a seed a player chose, at a served table.
SEED_SECRET_BYTES = 32
#: Seat kinds a person plays (the turn clock, stand-ins and hand-overs are for these):
#: ``human`` (this machine's screen), ``remote`` (a LAN or browser player), ``phone``
#: (a couch player whose hand is on their phone: a seat kept for its token from the
#: start, :meth:`Table.seat_token`).
PLAYER_KINDS = ("human", "remote", "phone")
#: A record's keys (besides game, seats, seed, options) that rebuild the same table.
RECORD_KEYS = ("bot_key", "table_key", "table_id", "chosen_seed", "seed_secret")

#: The action budget of one remote connection (a token bucket): every message after
#: ``hello`` costs one token, except an action the table accepts from a seat it was
#: waiting for (the rules bound those). Bursts up to :data:`BUDGET_BURST` pass; the
#: bucket refills at :data:`BUDGET_RATE` tokens a second; an empty bucket answers
#: ``slow-down``, and :data:`FLOOD_STRIKES` of those in a row close the connection
#: (``flood``).
BUDGET_BURST = 100
BUDGET_RATE = 20.0
FLOOD_STRIKES = 50


def new_seed() -> int:
    """A seed for a new table: :data:`SEED_BITS` random bits from ``secrets`` (an int
    in ``0 .. 2**128 - 1``), so the deal cannot be searched from one seat's cards."""
    return secrets.randbits(SEED_BITS)


def new_bot_key() -> bytes:
    """A fresh secret key for a table's bots (32 random bytes)."""
    return secrets.token_bytes(32)


def seeded_bot_key(seed: int) -> bytes:
    """The bots' key that follows from ``seed`` alone, for a game a player asked to
    reproduce at a table nobody joins from another machine (``tapete play --seed``, the
    New game box offline): the same seed then gives the same bots' choices. Whoever
    knows such a seed knows the deal and the bots anyway. (A served table mixes a chosen
    seed with a secret instead, and its bots get a fresh key: :func:`mixed_seed`.)"""
    return hashlib.sha256(f"tapete:bots:{seed}".encode()).digest()


def new_seed_secret() -> bytes:
    """A fresh secret to mix into a chosen seed (:data:`SEED_SECRET_BYTES` random bytes)."""
    return secrets.token_bytes(SEED_SECRET_BYTES)


def mixed_seed(chosen: int, secret: bytes) -> int:
    """The seed a table served to other machines deals from when a player chose
    ``chosen``: the first 128 bits (big-endian) of HMAC-SHA256 under ``secret`` of
    ``chosen`` as a decimal string. No seat can search it from its cards (a small chosen
    seed falls in seconds: issue 29); once the ``outcome`` reveals ``chosen_seed`` and
    ``seed_secret``, anyone can check that the deal came from the chosen seed.

    Raises ``ValueError`` for a negative or non-int ``chosen`` or an empty ``secret``."""
    if isinstance(chosen, bool) or not isinstance(chosen, int) or chosen < 0:
        raise ValueError(f"a chosen seed is a non-negative int, not {echo(chosen)}")
    if not isinstance(secret, bytes) or not secret:
        raise ValueError("a seed secret is non-empty bytes")
    digest = hmac.new(secret, str(chosen).encode("ascii"), hashlib.sha256).digest()
    return int.from_bytes(digest[: SEED_BITS // 8], "big")


def bot_seed(key: bytes, seed: int, seat: int, level: str) -> int:
    """The generator seed of the bot at ``seat`` and ``level``: HMAC-SHA256 of
    ``"seed:seat:level"`` under the table's secret bots' ``key``, as a 256-bit int.
    Nothing a seat sees before the ``outcome`` reveals it."""
    msg = f"{seed}:{seat}:{level}".encode()
    return int.from_bytes(hmac.new(key, msg, hashlib.sha256).digest(), "big")


def _key_bytes(key: bytes | str | None) -> bytes:
    if key is None:
        return new_bot_key()
    if isinstance(key, str):
        try:
            key = bytes.fromhex(key)
        except ValueError:
            raise ValueError("a bots' key is hex digits") from None
    if not isinstance(key, bytes) or not key:
        raise ValueError("a bots' key is non-empty bytes or hex digits")
    return key


def _chosen(seed: int, chosen: Any, secret: Any) -> tuple[int | None, bytes | None]:
    """``(chosen_seed, seed_secret)`` for :class:`Table`, checked: both None, or both
    given and ``seed == mixed_seed(chosen, secret)``. Raises ``ValueError``."""
    if chosen is None and secret is None:
        return None, None
    if chosen is None or secret is None:
        raise ValueError("chosen_seed and seed_secret go together")
    if isinstance(secret, str):
        try:
            secret = bytes.fromhex(secret)
        except ValueError:
            raise ValueError("a seed secret is hex digits") from None
    if mixed_seed(chosen, secret) != seed:
        raise ValueError("the seed does not follow from chosen_seed and seed_secret")
    return chosen, secret


class Budget:
    """A token bucket: ``burst`` tokens at most, refilled at ``rate`` a second.
    ``take(now)`` spends one (False when empty), ``refund()`` gives one back;
    ``strikes`` counts refusals in a row (reset by a message that passes)."""

    def __init__(self, burst: int = BUDGET_BURST, rate: float = BUDGET_RATE) -> None:
        self.burst, self.rate = float(burst), float(rate)
        self.tokens = float(burst)
        self.at: float | None = None
        self.strikes = 0

    def take(self, now: float) -> bool:
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.strikes = 0
            return True
        self.strikes += 1
        return False

    def refund(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1.0)

    def wait(self) -> float:
        """Seconds until the next token (0 when one is there)."""
        return max(0.0, (1.0 - self.tokens) / self.rate) if self.rate > 0 else float("inf")


def pause_bounds(delay: Any) -> tuple[float, float]:
    """``(low, high)`` seconds of a bot delay: a number ``d`` is ``(d, d)``, a pair
    ``(low, high)`` itself. Raises ``ValueError`` for anything else, a negative or
    non-finite number, or ``low > high``."""
    if isinstance(delay, (list, tuple)) and len(delay) == 2:
        low, high = delay
    else:
        low = high = delay
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (low, high)):
        raise ValueError(f"a bot delay is seconds or a pair (low, high), not {echo(delay)}")
    low, high = float(low), float(high)
    if not (0.0 <= low <= high < float("inf")):
        raise ValueError(f"a bot delay is 0 <= low <= high seconds, not {echo(delay)}")
    return low, high


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
    holds it), ``phone`` (a couch player's phone holds it: only its token takes it),
    ``bot`` or ``open``; ``level`` for bots; ``token`` (private) for the
    player who holds it; ``client`` while someone is attached; ``away_since`` (clock
    time) while its player is gone after the start; ``stand_in`` while a stand-in bot
    plays it (its player away past the takeover delay)."""

    index: int
    kind: str
    name: str = ""
    level: str | None = None
    token: str | None = None
    client: "Client | None" = None
    away_since: float | None = None
    stand_in: bool = False
    #: The seat's emote allowance (:meth:`Table.emote`; made at its first emote).
    emotes: "Budget | None" = None

    def state(self) -> str:
        """The live state: ``open``, ``bot``, ``stand-in``, ``away``, ``connected`` or
        ``waiting`` (a player's seat nobody holds now and no stand-in is due for)."""
        if self.kind in ("open", "bot"):
            return self.kind
        if self.stand_in:
            return "stand-in"
        if self.away_since is not None:
            return "away"
        return "connected" if self.client is not None else "waiting"


@dataclass(eq=False)
class Client:
    """One attached connection: ``seat`` (None = spectator), ``send`` (called with each
    outgoing message dict), ``player`` (name), ``token``, ``seq`` (sequence number of the
    last snapshot or delta sent to it), ``close`` (asks the transport to hang up),
    ``thin`` (its ``hello`` asked for legal lists: they are sent to it alone)."""

    seat: int | None
    send: Callable[[dict], None]
    player: str = ""
    token: str | None = None
    close: Callable[[], None] | None = None
    seq: int = 0
    attached: bool = True
    #: The private part of the view last sent (``Game.private_view``; None: spectator).
    mine: dict | None = None
    #: The compact legal list last sent, packed (thin connections only).
    legal: bytes = b""
    thin: bool = False
    #: The action budget (remote connections; None: trusted, in-process).
    budget: Budget | None = None
    #: A ``hint`` is being worked out for this connection (one at a time).
    hinting: bool = False


def parse_seat(word: str) -> tuple[str, str | None]:
    """``(kind, level)`` for one seat word: ``human``, ``phone``, ``open``, ``bot``
    (normal) or ``bot:easy|normal|hard``. Raises ``ValueError`` naming the accepted
    words."""
    w = word.strip().lower() if isinstance(word, str) else word
    if w in ("human", "phone", "open"):
        return w, None
    if w == "bot":
        return "bot", "normal"
    if isinstance(w, str) and w.startswith("bot:") and w[4:] in LEVELS:
        return "bot", w[4:]
    raise ValueError(f"bad seat {word!r}: use human, phone, open, bot, or bot:" + "|".join(LEVELS))


def clean_name(name: Any, default: str, limit: int = MAX_NAME) -> str:
    """A printable name (a player's; a table's with ``limit`` :data:`MAX_TABLE_NAME`) of
    at most ``limit`` characters (:func:`net.text.clean`: no control or format
    characters, single spaces, "…" where cut), or ``default``."""
    return text.clean_name(name, default, limit)


def _same_token(held: str, given: Any) -> bool:
    """Constant-time token check; any value (a hostile one too) is just unequal."""
    return isinstance(given, str) and secrets.compare_digest(
        held.encode("utf-8"), given.encode("utf-8", "replace")
    )


_NO_STATE = object()


class Table:
    """The authoritative table of one game.

    ``seats`` is one word per seat (see :func:`parse_seat`); ``seed`` (a non-negative
    int; None draws :func:`new_seed`) and ``options`` (dict) go to the engine's
    ``setup`` — at the start, once the seats are final, never before; ``bot_delay``
    (seconds, or a pair ``(low, high)``: see :meth:`bot_pause`) is how long a bot seat
    waits after it became awaited; ``takeover_delay``
    (seconds) how long a dropped player's seat waits before a stand-in bot plays it;
    ``turn_seconds`` (None: off) how long a player's seat may take over one decision
    before a stand-in makes it; ``bot_key`` (bytes or hex; None: a fresh secret) keys
    the bots' generators (:func:`bot_seed`); ``table_key`` (the table's Ed25519 private
    key, bytes or hex: :class:`net.identity.TableKey`; None: a fresh one) proves the
    table's identity, ``table_id``, which is derived from it (a ``table_id`` given with a
    key must be that key's: ``ValueError`` otherwise; given without one, as in a log
    written before protocol 3, it is replaced by the fresh key's); ``chosen_seed`` and
    ``seed_secret`` (bytes or hex), given together, say that ``seed`` is
    :func:`mixed_seed` of them (a seed a player chose, at a served table: kept in the
    record and revealed in the outcome); ``names`` (one per seat, None or "" for the
    default) names the player seats before anyone sits (a couch's phone seats);
    ``clock`` returns seconds. ``state`` (tests
    only) starts from that engine state instead of ``setup()``.

    The game starts at once when no seat is ``open``; otherwise when the last open seat
    is taken or :meth:`start` is called (unfilled open seats then get bots). Raises
    ``ValueError`` for bad seat words, seeds or keys (also a ``seed`` that does not
    follow from ``chosen_seed`` and ``seed_secret``); the engine's ``BadSetup`` passes
    through (checked with a throw-away deal, so it is raised here, not at the start).
    """

    def __init__(
        self,
        game_id: str,
        seats: list[str],
        seed: int | None = None,
        options: dict | None = None,
        *,
        name: str = "",
        bot_delay: float | tuple[float, float] = 0.0,
        clock=time.monotonic,
        state=None,
        takeover_delay: float = TAKEOVER_DELAY,
        turn_seconds: float | None = None,
        bot_key: bytes | str | None = None,
        table_id: str | None = None,
        table_key: bytes | str | None = None,
        chosen_seed: int | None = None,
        seed_secret: bytes | str | None = None,
        names: list[str | None] | None = None,
    ) -> None:
        try:
            self.game = engine.get_game(game_id)
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None
        if isinstance(seats, str) or not isinstance(seats, (list, tuple)):
            raise ValueError("seats must be a list of seat words")
        parsed = [parse_seat(w) for w in seats]
        self.game_id = game_id
        if seed is None:
            seed = new_seed()
        if isinstance(seed, bool):
            raise ValueError(f"a seed is a non-negative int, not {seed!r}")
        try:
            self.seed = operator.index(seed)
        except TypeError:
            raise ValueError(f"a seed is a non-negative int, not {echo(seed)}") from None
        if self.seed < 0:
            raise ValueError(f"a seed is a non-negative int, not {self.seed}")
        #: The seed a player chose and the secret mixed into it (:func:`mixed_seed`), at
        #: a served table; both None when the table deals from its seed as given.
        self.chosen_seed, self.seed_secret = _chosen(self.seed, chosen_seed, seed_secret)
        self.options = dict(options or {})
        if state is None:
            self.game.setup(len(parsed), 0, self.options)  # BadSetup now, not at the start
        self._given_state = state
        #: The engine state; None until the deal at the start (:meth:`start`).
        self.state = None
        self.bot_key = _key_bytes(bot_key)
        #: The table's key pair (its private half is a secret like the tokens).
        self.key = TableKey(table_key)
        if table_key is not None and table_id and table_id != self.key.table_id:
            raise ValueError("the table_id is not the identity of the table key")
        self.table_id = self.key.table_id
        self.name = clean_name(name, "", MAX_TABLE_NAME)
        pause_bounds(bot_delay)  # ValueError now, not when a bot is due
        self.bot_delay = bot_delay
        #: The generator of the bots' pauses: its own, fresh from the system, never the
        #: game's or a bot's (a pause reveals nothing and changes no choice).
        self.pause_rng = random.Random(secrets.randbits(64))
        self._pauses: dict[int, tuple] = {}  # seat -> (since, bot_delay, pause)
        self.takeover_delay = float(takeover_delay)
        self.turn_seconds = None if turn_seconds is None else float(turn_seconds)
        if self.turn_seconds is not None and not self.turn_seconds > 0:
            raise ValueError("turn_seconds is a positive number of seconds, or None (off)")
        self.clock = clock
        self.seat_words = [w.strip().lower() for w in seats]
        self._seats = []
        for i, (kind, level) in enumerate(parsed):
            nm = f"Bot {i + 1}" if kind == "bot" else "" if kind == "open" else f"Player {i + 1}"
            given = names[i] if names is not None and i < len(names) else None
            if given and kind in PLAYER_KINDS:
                nm = clean_name(given, nm)
            # A phone seat is kept for its token from the start: the window shows the
            # seat link (token in the fragment) as a code to scan.
            token = secrets.token_urlsafe(16) if kind == "phone" else None
            self._seats.append(Seat(i, kind, nm, level, token))
        self.clients: list[Client] = []
        self.actions: list[list] = []
        self._public_view: dict = {}  # the spectator's view of ``_public_of``
        self._public_of: Any = _NO_STATE  # the state (or None: the lobby) it was built for
        self._writer = DeltaWriter()
        self._split: dict = {}  # (view keys, private keys) -> (public keys, private keys)
        self._bots: dict[tuple, Any] = {}
        self._awaited_since: dict[int, float] = {}
        self._clock_sent: dict[int, float] = {}  # the turn-clock deadlines last announced
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

    def hint(self, client: Client) -> None:
        """Answer a ``hint`` request: the action the engine's ``normal`` bot would take
        from ``client``'s own seat view (what the seat may know, nothing more), as
        ``{"type": "hint", "seq", "action"}`` to that client alone, worked out through
        :attr:`think` (off the host's loop when a :class:`net.local.LocalHost` runs it).
        Thin connections only (a full client has the engine and its own bots); one at a
        time per connection; refused by name otherwise (``spectator``, ``not-started``,
        ``not-your-turn``, ``hint-busy``, ``no-hint``). A hint dropped because the table
        moved on meanwhile is sent with its old ``seq`` (the client ignores it)."""
        if client.seat is None:
            client.send(error("spectator", "a spectator has no hand to hint"))
            return
        if not client.thin:
            client.send(error("no-hint", "hints are for thin clients (hello with legal: true)"))
            return
        if not self.started or self.is_over():
            client.send(error("not-started", "there is no decision to hint now"))
            return
        seat = client.seat
        if seat not in self.game.awaiting(self.state):
            client.send(error("not-your-turn", "a hint is for a decision you have to take"))
            return
        if client.hinting:
            client.send(error("hint-busy", "the last hint is still being worked out"))
            return
        client.hinting = True
        view = self.game.view(self.state, seat)
        legal = self.game.legal_actions(self.state, seat)
        seq, game_id = len(self.actions), self.game_id

        def work() -> dict:
            return engine.get_bot(game_id, "normal").choose(view, legal)

        def done(action: dict | None) -> None:
            client.hinting = False
            if action is not None and client.attached:
                client.send({"type": "hint", "seq": seq, "action": action})

        self.think(work, done)

    @staticmethod
    def think(work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run ``work()`` and hand its result to ``done`` (None if it raised). Here:
        inline; :class:`net.local.LocalHost` runs ``work`` on a worker thread and
        ``done`` back on its loop, so a long thought never stalls the table."""
        try:
            result = work()
        except Exception:  # noqa: BLE001 - a hint is a courtesy, never an error of the table
            result = None
        done(result)

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
            s.away_since, s.stand_in = None, False
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

    # ------------------------------------------------------------------ messages
    def receive(self, client: Client, message: dict) -> None:
        """Handle one message from ``client``: ``action`` (applied or refused with an
        ``error`` to this client only) or ``ping`` (answered with ``pong``). A client
        with a :class:`Budget` pays for each message (see :data:`BUDGET_BURST`); an
        empty budget answers ``slow-down`` and repeated abuse closes (``flood``)."""
        if not client.attached:
            return
        kind = message.get("type") if isinstance(message, dict) else None
        budget = client.budget
        if budget is not None and not budget.take(self.clock()):
            if budget.strikes >= FLOOD_STRIKES:
                client.send(
                    error("flood", "too many messages after slow-down; closing this connection")
                )
                self.detach(client, reason="flood")
                if client.close is not None:
                    client.close()
                return
            wait = budget.wait()
            client.send(
                {
                    **error(
                        "slow-down",
                        f"too many messages: at most {budget.rate:g} a second after a burst "
                        f"of {budget.burst:g}; wait {wait:.2f} s",
                    ),
                    "retry_after": round(wait, 3),
                }
            )
            return
        if kind == "ping":
            client.send({"type": "pong"})
            return
        if kind == "hello":
            client.send(error("already-welcomed", "this connection already has its seat"))
            return
        if kind == "emote":
            self.emote(client, message)
            return
        if kind == "hint":
            self.hint(client)
            return
        if kind != "action":
            client.send(
                error(
                    "unknown-message",
                    f"unknown message type {echo(kind)}; expected action, emote, hint or ping",
                )
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
        awaited = client.seat in self.game.awaiting(self.state)
        try:
            self._act(client.seat, message.get("action"), by=client)
        except RuleError as exc:
            client.send(error(exc.code, exc.message, exc.rule))
            return
        except Exception as exc:  # an engine bug must not take the table down
            client.send(error("refused", f"the table could not apply that action: {echo(exc)}"))
            return
        if budget is not None and awaited:
            budget.refund()  # the game moved on at this seat's turn: the rules bound those

    def emote(self, client: Client, message: dict) -> None:
        """Relay ``client``'s preset emote (``{"type": "emote", "emote": id}``, an index
        into :data:`net.protocol.EMOTES`) to every connection as ``{"type": "emote",
        "seat": s, "emote": id}`` — the seat and the id only. Refused, to the sender
        only, with ``no-emotes`` (the game's rules allow none: The Game), ``spectator``,
        ``unknown-emote`` (not an int id of the list) or ``too-many-emotes`` (the seat's
        own allowance, :data:`net.protocol.EMOTE_BURST` then
        :data:`net.protocol.EMOTE_RATE` a second; ``retry_after`` in seconds). An emote
        is not an action: it is not logged and changes neither the state nor a replay."""
        if not emotes_allowed(self.game_id):
            client.send(
                error(
                    "no-emotes",
                    f"{self.game_id} allows no emotes: its rules allow only its own signals",
                    "Communication",
                )
            )
            return
        if client.seat is None:
            client.send(error("spectator", "a spectator cannot send emotes"))
            return
        which = message.get("emote")
        if isinstance(which, bool) or not isinstance(which, int) or not 0 <= which < len(EMOTES):
            client.send(
                error(
                    "unknown-emote",
                    f"unknown emote {echo(which)}; expected an int from 0 to {len(EMOTES) - 1}",
                )
            )
            return
        seat = self._seats[client.seat]
        if seat.emotes is None:
            seat.emotes = Budget(EMOTE_BURST, EMOTE_RATE)
        if not seat.emotes.take(self.clock()):
            wait = seat.emotes.wait()
            client.send(
                {
                    **error(
                        "too-many-emotes",
                        f"at most {EMOTE_BURST} emotes, then one every "
                        f"{1 / EMOTE_RATE:g} s; wait {wait:.2f} s",
                    ),
                    "retry_after": round(wait, 3),
                }
            )
            return
        msg = {"type": "emote", "seat": client.seat, "emote": which}
        for c in list(self.clients):
            if c.attached:
                c.send(dict(msg))

    def _act(
        self, seat: int, action: Any, now: float | None = None, by: Client | None = None
    ) -> None:
        """Apply ``action`` by ``seat`` through the engine (fixed order), then log it,
        send the deltas and restart the bot timers. Raises ``RuleError``; the state is
        unchanged on any exception."""
        # The engine validates once: an accepted action has its type's fields only, each
        # of the rules' own type (Game.action_fields, checked by the contract suite), so
        # what the log keeps costs what an honest action does.
        old = self.state
        state, events = self.game.apply(old, seat, action)
        before = self.game.awaiting(old)
        self.state = state
        self.actions.append([seat, action])
        if self.on_action is not None:
            self.on_action(seat, action)
        self._send_deltas(old, events, by)
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
        if self.turn_seconds is not None and self._clock_deadlines() != self._clock_sent:
            self._seats_changed()  # the turn clock moved to other seats or restarted

    # ------------------------------------------------------------------ views
    def lobby_view(self, seat: int | None) -> dict:
        """The view before the start: public and dealt from nothing, ``{"game", "seat",
        "players", "awaiting": [], "over": False, "lobby": True}`` (no card of any kind:
        the deal happens at the start)."""
        return {
            "game": self.game_id,
            "seat": seat,
            "players": len(self._seats),
            "awaiting": [],
            "over": False,
            "lobby": True,
        }

    def public_view(self) -> dict:
        """The spectator's view now (:meth:`lobby_view` before the start), built once per
        state and shared: never change it."""
        state = self.state if self.started else None
        if self._public_of is not state:
            self._public_view = (
                self.lobby_view(None) if state is None else self.game.view(state, None)
            )
            self._public_of = state
        return self._public_view

    def _private(self, seat: int) -> dict:
        """The part of ``seat``'s view that is its own (``Game.private_view``)."""
        if not self.started:
            return {"seat": seat}
        return self.game.private_view(self.state, seat)

    def view(self, seat: int | None) -> dict:
        """The view of ``seat`` now (None = spectator), a new dict: the engine's once
        started — the public view with the seat's private part laid over it — and the
        public :meth:`lobby_view` before."""
        public = self.public_view()
        if seat is None:
            return dict(public)
        return {**public, **self._private(seat)}

    def legal_actions(self, seat: int | None) -> list:
        """``seat``'s legal actions now (``[]`` for a spectator or before the start)."""
        if seat is None or not self.started:
            return []
        return self.game.legal_actions(self.state, seat)

    def _snapshot(self, client: Client) -> None:
        public = self.public_view()
        if client.seat is None:
            view, client.mine = dict(public), None
        else:
            client.mine = self._private(client.seat)
            view = {**public, **client.mine}
        client.seq = len(self.actions)
        msg = {"type": "snapshot", "seq": client.seq, "view": view, "started": self.started}
        if client.thin:
            legal = pack_legal(self.legal_actions(client.seat))
            client.legal = self._writer.pack(legal)
            msg["legal"] = legal
        client.send(msg)

    def _send_deltas(self, old_state: Any, events: list, by: Client | None) -> None:
        """After an accepted action (the state was ``old_state``): send every attached
        client its delta. The public part — the spectator's view — is built, compared and
        packed once and shared; each seat adds its private part (``Game.private_view``)
        and its events; a thin connection its legal list when it changed.

        Every message is built before the first is sent, then all are sent back to back,
        the seats' before the spectators' (issue 18): a client woken by its bytes can
        take the CPU from the host, and would then hold up the clients not yet sent to;
        players act on what they get, spectators only watch."""
        out = self._deltas(old_state, events, by)
        for c, msg in out:
            if c.seat is not None:
                c.send(msg)
        for c, msg in out:
            if c.seat is None:
                c.send(msg)

    def _deltas(self, old_state: Any, events: list, by: Client | None) -> list[tuple]:
        """``[(client, message)]``: the delta of every attached client (see
        :meth:`_send_deltas`), built, not sent; each client's ``seq`` and private part
        are taken as sent."""
        clients = [c for c in self.clients if c.attached]
        out: list[tuple[Client, Encoded]] = []
        if not clients:
            return out
        w = self._writer
        old = self._public_view if self._public_of is old_state else None
        if old is None:  # no snapshot was sent since that state (not expected): rebuild it
            old = self.game.view(old_state, None)
        new = self.public_view()
        seq = len(self.actions)
        mine_keys = next((c.mine.keys() for c in clients if c.mine is not None), ())
        layout = (tuple(new), tuple(mine_keys))
        split = self._split.get(layout)
        if split is None:  # the public keys and the private ones (the same every action)
            split = self._split[layout] = (
                [k for k in new if k not in mine_keys],
                [k for k in new if k in mine_keys],
            )
        shared = w.diff(old, new, split[0])
        watched = w.diff(old, new, split[1]) if mine_keys else NONE
        packed_events: dict[tuple, tuple[bytes, list]] = {}
        secret_seats: set = set()  # seats shown some event's secret part
        # Every event in the two forms a connection can get (Event.for_seat): the public
        # one, and with its secret for the seats it names — each built and packed once
        # per action; a connection's list is joined from them (issue 18: a reveal's
        # events were redacted and packed whole once per distinct set of seats shown).
        public_forms = [e.for_seat(None) for e in events]
        public_packed = [w.pack(e) for e in public_forms]
        full: dict[int, tuple[dict, bytes]] = {}  # event index -> its form with the secret
        for e in events:
            if e.secret and e.seen_by:
                secret_seats.update(e.seen_by)
        same: dict[tuple, Encoded] = {}  # deltas that are the same for several clients
        for c in clients:
            seat = c.seat
            # The events as this connection may see them: seats differ only by the
            # secrets shown to them (Event.for_seat), so each redaction is built once.
            shown = ()
            if seat in secret_seats:
                shown = tuple(
                    i
                    for i, e in enumerate(events)
                    if e.secret and e.seen_by is not None and seat in e.seen_by
                )
            ev = packed_events.get(shown)
            if ev is None:
                redacted, packed = public_forms, public_packed
                if shown:
                    redacted, packed = list(public_forms), list(public_packed)
                    for i in shown:
                        if i not in full:
                            shown_form = events[i].for_seat(seat)
                            full[i] = (shown_form, w.pack(shown_form))
                        redacted[i], packed[i] = full[i]
                ev = packed_events[shown] = (w.pack_list(packed), redacted)
            c.seq = seq
            if seat is None:
                parts, key = (shared, watched), ("spectator",)
            else:
                mine = self.game.private_view(self.state, seat)
                own = w.diff(c.mine, mine)
                c.mine = mine
                parts, key = (shared, own), ("seat", shown)
                legal = None
                if c.thin:
                    compact = pack_legal(self.game.legal_actions(self.state, seat))
                    packed = w.pack(compact)
                    if packed != c.legal:
                        c.legal, legal = packed, (packed, compact)
                if own is not NONE or legal is not None or c is by:
                    out.append((c, Encoded(*w.delta(seq, parts, ev, c is by, legal))))
                    continue
            msg = same.get(key)
            if msg is None:
                msg = same[key] = Encoded(*w.delta(seq, parts, ev))
            out.append((c, msg))
        return out

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

    def _clock_deadlines(self) -> dict[int, float]:
        """``{seat: deadline}`` of the player seats the turn clock runs for: awaited,
        not a bot's, not played by a stand-in (empty when the clock is off)."""
        if self.turn_seconds is None or not self.started or self.state is None:
            return {}
        if self.is_over():
            return {}
        out = {}
        for seat, since in self._awaited_since.items():
            s = self._seats[seat]
            if s.kind in PLAYER_KINDS and not s.stand_in:
                out[seat] = since + self.turn_seconds
        return out

    def _due(self, seat: int) -> tuple[float, str] | None:
        """``(clock time, why)`` a bot is due to act for awaited ``seat``: ``bot``, a
        ``stand-in`` (player away), ``clock`` (the turn clock ran out); None for a
        player's seat with no clock."""
        s = self._seats[seat]
        since = self._awaited_since.get(seat, 0.0)
        if s.kind == "bot":
            return since + self.bot_pause(seat, since), "bot"
        out = None
        if s.away_since is not None:
            pause = self.bot_pause(seat, since)
            out = (max(since + pause, s.away_since + self.takeover_delay), "stand-in")
        if self.turn_seconds is not None and not s.stand_in:
            t = since + self.turn_seconds
            if out is None or t < out[0]:
                out = (t, "clock")
        return out

    def bot_pause(self, seat: int, since: float) -> float:
        """Seconds the bot at ``seat``, awaited since clock time ``since``, waits before
        it acts: :attr:`bot_delay` itself when it is a number; for a pair ``(low,
        high)``, one draw per decision, uniform in [low, high] — halved when the seat
        goes on with a turn it was already playing (The Game's second card) — from
        :attr:`pause_rng`. The draw depends on nothing hidden (no card, not the number
        of choices) and takes nothing from the game's or the bot's generator, so a
        seeded game makes the same choices at any pause."""
        low, high = pause_bounds(self.bot_delay)
        if high <= low:
            return low
        kept = self._pauses.get(seat)
        if kept is not None and kept[0] == since and kept[1] == self.bot_delay:
            return kept[2]
        pause = self.pause_rng.uniform(low, high)
        if self.actions and self.actions[-1][0] == seat:
            pause = max(low / 2, pause / 2)
        self._pauses[seat] = (since, self.bot_delay, pause)
        return pause

    def _bot(self, seat: int):
        s = self._seats[seat]
        level = s.level if s.kind == "bot" else STAND_IN_LEVEL
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = engine.get_bot(
                self.game_id, level, bot_seed(self.bot_key, self.seed, seat, level)
            )
        return self._bots[key]

    def _bot_act(self, seat: int, now: float | None = None) -> None:
        # The one enumeration of this decision: the bot decides from it and the view,
        # and its first action is the fallback should the bot fail.
        legal = self.game.legal_actions(self.state, seat)
        if not legal:
            raise RuntimeError(f"{self.game_id}: awaited seat {seat} has no legal action")
        view = self.view(seat)
        try:
            action = self._bot(seat).choose(view, legal)
        except Exception:
            action = legal[0]
        try:
            self._act(seat, action, now)
        except RuleError:
            self._act(seat, legal[0], now)  # a bot's mistake must not stall the table

    def _take_over(self, now: float) -> float | None:
        """Mark the away seats whose takeover delay has passed as played by a stand-in
        (every client hears it: ``seats`` and a ``stand-in`` notice). Returns the clock
        time of the next takeover, or None."""
        changed, nxt = False, None
        for s in self._seats:
            if s.away_since is None or s.stand_in or s.kind not in PLAYER_KINDS:
                continue
            at = s.away_since + self.takeover_delay
            if now >= at:
                s.stand_in, changed = True, True
                self._notice(
                    "stand-in", s.index, f"a stand-in bot plays for {s.name} until they return"
                )
            elif nxt is None or at < nxt:
                nxt = at
        if changed:
            self._seats_changed()
        return nxt

    def hand_over(self, seat: int) -> bool:
        """The player of ``seat`` leaves a game that goes on without them (the window that
        hosts a LAN table hands its seats to bots): a stand-in bot (level
        :data:`STAND_IN_LEVEL`) plays the seat from now on, with no takeover delay, and
        every client hears ``notice {event: "left"}`` then ``seats`` (``stand-in``). The
        seat becomes ``remote`` (a phone seat stays ``phone``) and keeps its token: only
        its player may take it back,
        with that token (then ``back``, as after any stand-in). The seat's connection,
        if any, is detached (its messages are ignored; its transport is the caller's to
        close). Returns False, changing nothing, before the start, after the end, or for
        a bot's or an open seat. Raises ``IndexError`` for a seat the table lacks."""
        s = self._seats[seat]
        if not self.started or self.is_over() or s.kind not in PLAYER_KINDS:
            return False
        if s.client is not None:
            self.detach(s.client, reason="replaced")  # the seats message follows below
        s.kind = "phone" if s.kind == "phone" else "remote"
        s.stand_in = True
        s.away_since = self.clock() - self.takeover_delay  # the stand-in is due at once
        self._notice("left", seat, f"{s.name} left; a bot plays their seat")
        self._seats_changed()
        return True

    def step_bots(self, now: float | None = None) -> float | None:
        """Let every awaited bot-played seat act whose time has come at ``now`` (default:
        the clock): bots after their delay, stand-ins for away players, and a stand-in
        for one decision of a player whose turn clock ran out (a ``timed-out`` notice
        first). Returns the clock time something is next due, or None."""
        if not self.started:
            return None
        now = self.clock() if now is None else now
        for _ in range(MAX_BOT_ACTIONS):
            if self.is_over():
                return None
            takeover = self._take_over(now)
            due = [
                (t, s, why)
                for s in sorted(self.game.awaiting(self.state))
                if (d := self._due(s)) is not None
                for t, why in [d]
            ]
            if not due:
                return takeover
            t, seat, why = min(due)
            if t > now:
                return t if takeover is None else min(t, takeover)
            if why == "clock":
                self._notice(
                    "timed-out",
                    seat,
                    f"{self._seats[seat].name}'s turn clock ran out: a stand-in chose for them",
                )
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
        return self.state is not None and self.game.is_over(self.state)

    def _announce_outcome(self, clients: list[Client] | None = None) -> None:
        """Send ``{"type": "outcome", "outcome": ...}`` (:meth:`wire_outcome`: the seed
        and the bots' key — the game is over, nothing is hidden any more) to ``clients``
        (default: all)."""
        msg = {"type": "outcome", "outcome": self.wire_outcome()}
        for c in list(self.clients if clients is None else clients):
            if c.attached:
                c.send(dict(msg))

    def outcome(self) -> dict | None:
        """``{"game", "seed", "winners", "scores", "rounds", "actions"}`` once over
        (``seed`` the int, whole: for JSON lines and logs), plus ``chosen_seed`` (int)
        and ``seed_secret`` (hex) when the seed was mixed from a chosen one."""
        if not self.is_over():
            return None
        out = self.game.result(self.state)
        record = {
            "game": self.game_id,
            "seed": self.seed,
            "winners": list(out.winners),
            "scores": list(out.scores),
            "rounds": dict(out.details).get("rounds"),
            "actions": len(self.actions),
        }
        return {**record, **self._chosen_fields()}

    def _chosen_fields(self) -> dict:
        """``{"chosen_seed": int, "seed_secret": hex}`` for a table that mixed a chosen
        seed (:func:`mixed_seed`), else ``{}``."""
        if self.chosen_seed is None or self.seed_secret is None:
            return {}
        return {"chosen_seed": self.chosen_seed, "seed_secret": self.seed_secret.hex()}

    def wire_outcome(self) -> dict | None:
        """:meth:`outcome` as the ``outcome`` message carries it: ``seed`` as a decimal
        string (msgpack ints stop at 64 bits) and ``bot_key`` (hex), so anyone can
        replay the game and check the bots (:func:`bot_seed`); a mixed seed's
        ``chosen_seed`` (decimal string) and ``seed_secret`` (hex), so anyone can check
        that the deal came from the chosen seed (:func:`mixed_seed`)."""
        out = self.outcome()
        if out is None:
            return None
        out = {**out, "seed": str(self.seed), "bot_key": self.bot_key.hex()}
        if "chosen_seed" in out:
            out["chosen_seed"] = str(out["chosen_seed"])
        return out

    def replay(self, actions: list) -> None:
        """Re-apply ``[[seat, action], ...]`` (a log or a record) silently, before any
        client attaches: resumes a table after a host crash (deals first if needed).
        Raises the engine's ``RuleError`` if the log does not fit this game and seed."""
        if self.clients:
            raise RuntimeError("replay before any client attaches")
        self.deal()
        for seat, action in actions:
            self.state, _ = self.game.apply(self.state, seat, action)
            self.actions.append([seat, action])
        now = self.clock()
        self._awaited_since = {s: now for s in self.game.awaiting(self.state)}

    @classmethod
    def from_record(cls, record: dict, **kw: Any) -> "Table":
        """The table a replay record (or a log, see :mod:`net.log`) describes, with its
        actions applied. ``kw`` as for :class:`Table` (name, delays, clock); the
        record's ``bot_key``, ``table_key``, ``table_id``, ``chosen_seed`` and
        ``seed_secret`` are kept when it has them."""
        for k in RECORD_KEYS:
            if record.get(k) is not None:
                kw.setdefault(k, record[k])
        table = cls(record["game"], record["seats"], record["seed"], record.get("options"), **kw)
        table.replay(record.get("actions", []))
        return table

    def record(self) -> dict:
        """The replay record ``{game, rules_version, options, seats, seed, bot_key,
        table_key, table_id, actions}`` (``actions`` = ``[[seat, action], ...]``,
        ``bot_key`` and ``table_key`` hex), plus ``chosen_seed`` and ``seed_secret`` (hex)
        for a mixed seed. Holds the seed and the keys, the table's private key among
        them: never send it to a client (the ``outcome`` is :meth:`wire_outcome`)."""
        return {
            "game": self.game_id,
            "rules_version": self.game.rules_version,
            "options": dict(self.options),
            "seats": list(self.seat_words),
            "seed": self.seed,
            "bot_key": self.bot_key.hex(),
            "table_key": self.key.private_hex,
            "table_id": self.table_id,
            "actions": [[s, a] for s, a in self.actions],
            **self._chosen_fields(),
        }
