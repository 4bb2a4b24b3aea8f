"""The authoritative table: one engine state, seats, clients and bots (DESIGN.md,
"One table, three ways to play").

:class:`Table` is synchronous — no threads, no I/O. It owns the state, checks every
action through the engine's public verbs in the fixed order, and sends each attached
client only its own view: a ``snapshot`` when it attaches, then a ``delta`` (the
difference between its previous and its new *view*, plus its redacted events) after
every accepted action. Nothing outside a per-seat view is ever sent, which is what the
indistinguishability tests check. :mod:`net.local` runs a Table on its own thread;
:mod:`net.server` puts TCP under it. The messages are described in ``net/PROTOCOL.md``.

Each concern of the table has its own module, and :class:`Table` is made of them:
:mod:`net.seats` (seat words, seats, connections, refusals), :mod:`net.seating` (the
lobby, the start, attach and detach, ``seats`` and ``notice``), :mod:`net.views`
(snapshots and deltas from per-seat views), :mod:`net.standins` (bots, stand-ins and the
turn clock), :mod:`net.record` (the outcome and the replay record), :mod:`net.seeds`
(seeds and the bots' key) and :mod:`net.budget` (the action budget). This module holds
what joins them — the table's state, its messages and the one path of an action — and
gives every public name of those modules (``from net.host import Table, Refused, ...``).
"""

from __future__ import annotations

import operator
import random
import re
import secrets
import time
from typing import Any, Callable

import engine
from engine.core import RuleError

from net.budget import BUDGET_BURST, BUDGET_RATE, FLOOD_STRIKES, Budget
from net.delta import DeltaWriter
from net.identity import TableKey
from net.protocol import EMOTE_BURST, EMOTE_RATE, EMOTES, echo, emotes_allowed, error
from net.record import END_LINGER, RECORD_KEYS, Records
from net.seating import Seating
from net.seats import (
    MAX_NAME,
    MAX_TABLE_NAME,
    PLAYER_KINDS,
    STAND_IN_LEVEL,
    Client,
    Refused,
    Seat,
    clean_name,
    parse_seat,
)
from net.seeds import (
    SEED_BITS,
    SEED_SECRET_BYTES,
    _chosen,
    _key_bytes,
    bot_seed,
    mixed_seed,
    new_bot_key,
    new_seed,
    new_seed_secret,
    seeded_bot_key,
)
from net.standins import (
    IDLE_AFTER,
    LAN_TURN_SECONDS,
    MAX_BOT_ACTIONS,
    TAKEOVER_DELAY,
    StandIns,
    pause_bounds,
)
from net.views import _NO_STATE, Views

# The table's public verbs and words, wherever they live (``from net.host import ...``).
__all__ = [
    "BUDGET_BURST",
    "BUDGET_RATE",
    "END_LINGER",
    "FLOOD_STRIKES",
    "IDLE_AFTER",
    "LAN_TURN_SECONDS",
    "MAX_BOT_ACTIONS",
    "MAX_NAME",
    "MAX_TABLE_NAME",
    "PLAYER_KINDS",
    "RECORD_KEYS",
    "SEED_BITS",
    "SEED_SECRET_BYTES",
    "STAND_IN_LEVEL",
    "TAKEOVER_DELAY",
    "Budget",
    "Client",
    "Refused",
    "Seat",
    "Table",
    "bot_seed",
    "clean_name",
    "mixed_seed",
    "new_bot_key",
    "new_seed",
    "new_seed_secret",
    "parse_seat",
    "pause_bounds",
    "seeded_bot_key",
]


#: How a seat token the table draws looks (``secrets.token_urlsafe(16)``), so a token
#: carried to the next game is one of ours: 22 to 64 characters of the URL-safe alphabet.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{22,64}")


def follow_token(tokens: Any, seat: int) -> str | None:
    """Seat ``seat``'s token in ``tokens`` (``{seat: token}``, the game before), or None
    when there is none or it is not a well-formed token."""
    token = tokens.get(seat) if isinstance(tokens, dict) else None
    return token if isinstance(token, str) and _TOKEN.fullmatch(token) else None


class Table(Seating, Views, StandIns, Records):
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
    default) names the player seats before anyone sits (a couch's phone seats) and the
    bots the window's player named (``tapete play --names``); ``tokens`` (``{seat:
    token}``) the phone seats' tokens of the game this table follows ("New game, same
    players": with that game's ``table_key``, each phone takes its seat again by itself;
    net/PROTOCOL.md "The next game"; a token that is not a well-formed one is replaced
    by a fresh one);
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
        tokens: dict[int, str] | None = None,
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
            if given and (kind in PLAYER_KINDS or kind == "bot"):
                nm = clean_name(given, nm)
            # A phone seat is kept for its token from the start: the window shows the
            # seat link (token in the fragment) as a code to scan — the token the seat
            # had in the game this one follows, when the window gives it.
            token = None
            if kind == "phone":
                token = follow_token(tokens, i) or secrets.token_urlsafe(16)
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
        self._lasting: dict[str, dict] = {}  # event -> a table notice still true
        self._told: set[int] = set()  # seats handed the outcome (Records.awaiting_outcome)
        #: Called with ``(seat, action)`` after each accepted action (for a log on disk).
        self.on_action: Callable[[int, dict], None] | None = None
        #: Called with no arguments whenever the seats or the started flag change.
        self.on_seats: Callable[[], None] | None = None
        if not any(s.kind == "open" for s in self._seats):
            self._begin()

    # ------------------------------------------------------------------ hints
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
        if client.seat is not None and self._seats[client.seat].client is client:
            self.wake(client.seat)  # an idle player's message: they are back
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
        self._seats[client.seat].timeouts = 0  # the player acted: no turn clock ran out
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
