"""The engine contract shared by all five Tapete games.

Every game package under ``engine/`` exposes one object ``GAME``, an instance of a
:class:`Game` subclass, that implements the same verbs (DESIGN.md, "The engine
contract"):

* ``setup(players, seed, options) -> State`` — a frozen dataclass; all randomness comes
  from the seeded generator whose state is kept inside the state (``rng`` field,
  advanced with :func:`shuffled` / :func:`randrange`).
* ``awaiting(state) -> frozenset[int]`` — the seats that must act now.
* ``legal_actions(state, seat) -> list[Action]``.
* ``apply(state, seat, action) -> (State, list[Event])`` — checks in a fixed order
  (malformed → game over → seat may act → legal) and raises a :class:`RuleError`
  subclass with the state untouched; otherwise returns a *new* state and the events
  (zone moves) the action caused.
* ``view(state, seat | None) -> dict`` — JSON-compatible; ``None`` is a spectator.
* ``result(state) -> Outcome | None``.

Seats are ints ``0..players-1``. Actions are plain dicts with a ``"type"`` key
(``{"type": "play", "card": 37}``) that travel over the wire unchanged.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

Seat = int
Action = dict  # {"type": str, ...} JSON-compatible
RngState = tuple  # random.Random().getstate()


# --------------------------------------------------------------------------- errors
class RuleError(Exception):
    """Base of every refusal. ``code`` is stable on the wire; ``rule`` names the rule.

    Attributes: ``code`` (str, stable), ``message`` (str, for people), ``rule`` (str,
    the rules-page section, e.g. ``"take5.md#a-round 3"``; may be empty).
    """

    code = "rule-error"

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def to_wire(self) -> dict:
        """``{"code": str, "message": str, "rule": str}`` for an ``error`` message."""
        return {"code": self.code, "message": self.message, "rule": self.rule}

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, rule={self.rule!r})"


class IllegalAction(RuleError):
    """A well-formed action that the rules do not allow now."""

    code = "illegal-action"


class NotYourTurn(RuleError):
    """The seat is not among those the game awaits."""

    code = "not-your-turn"


class GameOver(RuleError):
    """The game has ended; no action is accepted."""

    code = "game-over"


class MalformedAction(RuleError):
    """The action is not a dict with a known ``type`` and well-typed fields."""

    code = "malformed-action"


class BadSetup(RuleError):
    """``setup`` refused: player count or option outside what the rules allow."""

    code = "bad-setup"


# --------------------------------------------------------------------------- events
PUBLIC = None  # ``seen_by`` value: everybody sees the secret part


@dataclass(frozen=True)
class Event:
    """Something that happened, usually a move of cards between zones.

    ``public`` is seen by every seat and spectators; ``secret`` only by the seats in
    ``seen_by`` (``None`` means everybody). A hidden card moving from ``deck`` to
    ``hand/3`` is ``Event("move", {"from": "deck", "to": "hand/3", "count": 1},
    {"cards": [37]}, (3,))``.
    """

    type: str
    public: Mapping[str, Any] = field(default_factory=dict)
    secret: Mapping[str, Any] = field(default_factory=dict)
    seen_by: tuple[int, ...] | None = PUBLIC

    def for_seat(self, seat: int | None) -> dict:
        """The event as ``seat`` may see it (``None`` = spectator): a plain dict."""
        out = {"type": self.type, **self.public}
        if self.secret and (self.seen_by is None or (seat is not None and seat in self.seen_by)):
            out.update(self.secret)
        return out


def move(
    cards: Sequence[Any], src: str, dst: str, seen_by: tuple[int, ...] | None = PUBLIC, **extra: Any
) -> Event:
    """A ``move`` event of ``cards`` from zone ``src`` to ``dst``.

    With ``seen_by`` set, only those seats learn the card faces; everyone learns the
    count and the zones.
    """
    return Event(
        "move",
        {"from": src, "to": dst, "count": len(cards), **extra},
        {"cards": list(cards)},
        seen_by,
    )


# --------------------------------------------------------------------------- outcome
@dataclass(frozen=True)
class Outcome:
    """How a game ended: ``winners`` (seat indexes), ``scores`` (one per seat, in the
    game's own unit: bullheads, cards left, points, sequences, level), ``reason``
    (a short phrase) and ``details`` (JSON-compatible extras, e.g. rounds)."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str
    details: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "details": dict(self.details),
        }


# --------------------------------------------------------------------------- randomness
def new_rng(seed: int, salt: str = "") -> RngState:
    """Generator state for ``seed`` (any int), reproducible across runs and platforms."""
    return random.Random(f"tapete:{int(seed)}:{salt}").getstate()


def shuffled(rng: RngState, items: Iterable[Any]) -> tuple[list, RngState]:
    """Shuffle ``items`` with the generator state ``rng``: ``(new list, next rng state)``."""
    r = random.Random(0)  # any fixed seed: setstate replaces it (cheaper than urandom)
    r.setstate(rng)
    out = list(items)
    r.shuffle(out)
    return out, r.getstate()


def randrange(rng: RngState, n: int) -> tuple[int, RngState]:
    """An int in ``0..n-1`` drawn from ``rng``: ``(value, next rng state)``."""
    r = random.Random(0)
    r.setstate(rng)
    v = r.randrange(n)
    return v, r.getstate()


# --------------------------------------------------------------------------- helpers
def digest(state: Any) -> str:
    """A SHA-256 hex digest of a state (a frozen dataclass of tuples, ints, strs,
    bools and None). Equal states give equal digests in every process."""
    return hashlib.sha256(repr(state).encode()).hexdigest()


def freeze_options(options: Mapping[str, Any] | None, defaults: Mapping[str, Any]) -> tuple:
    """Merge ``options`` over ``defaults``; returns sorted ``((name, value), ...)``.

    Raises :class:`BadSetup` for an unknown option name or a value whose type differs
    from the default's (ints accept bools only where the default is a bool).
    """
    merged = dict(defaults)
    for k, v in (options or {}).items():
        if k not in defaults:
            raise BadSetup(f"unknown option {k!r}; known: {', '.join(sorted(defaults))}")
        d = defaults[k]
        if (
            d is not None
            and not isinstance(v, type(d))
            and not (isinstance(d, int) and not isinstance(d, bool) and v is None)
        ):
            raise BadSetup(f"option {k!r} must be {type(d).__name__}, got {v!r}")
        if isinstance(d, int) and not isinstance(d, bool) and isinstance(v, bool):
            raise BadSetup(f"option {k!r} must be int, got {v!r}")
        merged[k] = v
    return tuple(sorted(merged.items()))


def action_type(action: Any, known: Iterable[str]) -> str:
    """The ``type`` of ``action``; raises :class:`MalformedAction` if it is not a dict
    with a ``type`` among ``known``."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedAction("an action is a map with a string 'type'")
    t = action["type"]
    if t not in known:
        raise MalformedAction(
            f"unknown action type {t!r}; expected one of {', '.join(sorted(known))}"
        )
    return t


def refuse_extra_fields(action: Mapping, allowed: frozenset[str] | None) -> None:
    """Raise :class:`MalformedAction` when ``action`` carries a field outside
    ``allowed`` (its type's fields, ``type`` included; None: no check). Every action
    ``apply`` accepts then has its canonical shape, so a host keeps and logs exactly
    what the rules know, and nothing a client adds rides along."""
    if allowed is None or (len(action) <= len(allowed) and all(k in allowed for k in action)):
        return
    extra = sorted(str(k)[:20] for k in action if k not in allowed)
    names = ", ".join(repr(k) for k in extra[:3]) + (" …" if len(extra) > 3 else "")
    raise MalformedAction(
        f"'{action.get('type')}' has no field {names}; its fields are {', '.join(sorted(allowed))}"
    )


def int_field(action: Mapping, name: str, lo: int | None = None, hi: int | None = None) -> int:
    """``action[name]`` as an int in ``lo..hi`` (inclusive); :class:`MalformedAction` if not."""
    v = action.get(name)
    if not isinstance(v, int) or isinstance(v, bool):
        raise MalformedAction(f"'{action.get('type')}' needs an integer '{name}'")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise MalformedAction(f"'{name}' must be in {lo}..{hi}, got {v}")
    return v


# --------------------------------------------------------------------------- the contract
class Game:
    """Base class of every game's ``GAME`` object. Subclasses set the class attributes
    and implement the ``_``-prefixed hooks; the public verbs are fixed here so every game
    checks requests in the same order (boardgame.io's master order)."""

    id: str = ""  # "take5", "the-game", ...
    name: str = ""  # shown to people
    rules_version: str = "1"
    min_players: int = 2
    max_players: int = 2
    default_options: Mapping[str, Any] = {}
    action_types: frozenset[str] = frozenset()
    #: The fields each action type may carry, ``type`` included (``{type: frozenset}``):
    #: ``check`` refuses any other field with :class:`MalformedAction`, so an accepted
    #: action is exactly one the rules list (the contract suite checks every listed
    #: action against it). A type missing here is not checked for extra fields.
    action_fields: Mapping[str, frozenset[str]] = {}

    # ---- verbs
    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None):
        """A new game for ``players`` seats from ``seed`` (int) and ``options``.

        Raises :class:`BadSetup` for a player count or option the rules refuse."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadSetup(self.player_count_error(players))
        return self._setup(players, int(seed), freeze_options(options, self.default_options))

    def player_count_error(self, players: int) -> str:
        return f"{self.name} is for {self.min_players}–{self.max_players} players, not {players}"

    def awaiting(self, state) -> frozenset[int]:
        """The seats that must act now (several at once in Take 5); empty once over."""
        raise NotImplementedError

    def legal_actions(self, state, seat: int) -> list[Action]:
        """Every action ``apply`` would accept from ``seat`` now, exhaustively (equal as
        dicts); ``[]`` for a seat that may not act. Never raises."""
        raise NotImplementedError

    def is_legal(self, state, seat: int, action: Action) -> bool:
        """True when ``apply`` would accept ``action`` from ``seat``; never raises."""
        try:
            self.check(state, seat, action)
        except RuleError:
            return False
        return True

    def check(self, state, seat: int, action: Action) -> None:
        """Raise the :class:`RuleError` that ``apply`` would raise, or return None.
        A field its type does not have (:attr:`action_fields`) is malformed."""
        kind = action_type(action, self.action_types)
        refuse_extra_fields(action, self.action_fields.get(kind))
        if self.result(state) is not None and self.is_over(state):
            raise GameOver("the game is over")
        if not self.may_act(state, seat, action):
            raise NotYourTurn(
                f"seat {seat} is not awaited now; waiting for {sorted(self.awaiting(state))}"
            )
        self._check(state, seat, action)

    def apply(self, state, seat: int, action: Action):
        """Apply ``action`` by ``seat``: returns ``(new_state, events)``.

        Raises :class:`MalformedAction`, :class:`GameOver`, :class:`NotYourTurn` or
        :class:`IllegalAction` (in that order of checking); ``state`` is never changed."""
        self.check(state, seat, action)
        return self._apply(state, seat, action)

    def may_act(self, state, seat: int, action: Action) -> bool:
        """Whether ``seat`` may send ``action`` now; default: ``seat in awaiting``."""
        return seat in self.awaiting(state)

    def is_over(self, state) -> bool:
        """True once the whole game (not only a round) has ended."""
        return self.result(state) is not None

    def legal_from_view(self, view: dict) -> list[Action]:
        """The seat's legal actions computed from its own ``view`` alone (DESIGN.md,
        "The engine contract"): equal, list for list, to ``legal_actions(state, seat)``
        for the state the view was built from (the contract suite checks it on random
        playouts for every seat). ``[]`` for a spectator's view or a seat that may not
        act. Clients and bots use it, so no legal list needs to travel on the wire.
        Never raises for a view this game built."""
        raise NotImplementedError

    def view(self, state, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: a spectator, public information only), as
        JSON-compatible data with at least ``game``, ``seat``, ``players``,
        ``awaiting`` and ``over``; built field by field from the rules page's "What each
        player may know"."""
        raise NotImplementedError

    def private_view(self, state, seat: int | None) -> dict:
        """The keys of ``view(state, seat)`` that may differ from the spectator's view
        (``seat`` itself, the seat's hand …), with this seat's values: the same keys for
        every seat, and ``{**view(state, None), **private_view(state, seat)}`` equals
        ``view(state, seat)``, key order included (the contract suite checks both). A
        host builds the public part — the spectator's view — once per action and only
        this part per seat (issue 18). Default: the whole view."""
        return self.view(state, seat)

    def result(self, state) -> Outcome | None:
        """The :class:`Outcome` once the whole game has ended, else ``None``."""
        raise NotImplementedError

    def digest(self, state) -> str:
        """SHA-256 hex of the state (see :func:`digest`); equal states, equal digests."""
        return digest(state)

    def players(self, state) -> int:
        """The number of seats at the table."""
        return state.players

    # ---- for tests and tools
    def zones(self, state) -> dict[str, tuple]:
        """Every card's place: ``{zone name: tuple of cards}`` (the whole state)."""
        raise NotImplementedError

    def all_cards(self, state) -> list:
        """The multiset of cards that the zones must always hold (card conservation)."""
        raise NotImplementedError

    def shuffle_unknown(self, state, seat: int | None, rng: random.Random):
        """A state that ``seat`` cannot tell from ``state``: every card ``seat`` may not
        know is permuted among the places ``seat`` cannot see (and the generator state
        replaced). Used by the indistinguishability tests (DESIGN.md)."""
        raise NotImplementedError

    # ---- fast simulation path (search rollouts, issue 17)
    def simulation(self, state) -> "Simulation":
        """A mutable :class:`Simulation` of ``state`` for search rollouts: the same
        rules as :meth:`apply`, integer actions, no events, views or checks."""
        raise NotImplementedError

    def encode_action(self, action: Action) -> int:
        """The integer code of ``action`` on the fast path (:class:`Simulation`);
        :meth:`decode_action` is its inverse. Raises :class:`MalformedAction` for an
        action this game cannot encode."""
        raise NotImplementedError

    def decode_action(self, code: int) -> Action:
        """The action dict whose code is ``code`` (inverse of :meth:`encode_action`)."""
        raise NotImplementedError

    # ---- notation (python-chess style)
    def format_action(self, action: Action) -> str:
        """Short text for ``action``, e.g. ``"play 37"``; inverse of :meth:`parse_action`."""
        parts = [action["type"]] + [str(v) for k, v in action.items() if k != "type"]
        return " ".join(parts)

    def parse_action(self, text: str) -> Action:
        """The action written as ``text`` (see :meth:`format_action`); raises
        :class:`MalformedAction` for text it cannot read."""
        raise NotImplementedError

    # ---- hooks
    def _setup(self, players: int, seed: int, options: tuple):
        raise NotImplementedError

    def _check(self, state, seat: int, action: Action) -> None:
        raise NotImplementedError

    def _apply(self, state, seat: int, action: Action):
        raise NotImplementedError


class Simulation:
    """A game's fast path for search rollouts (issue 17), made by ``Game.simulation``.

    Mutable, integer actions (``Game.encode_action``), no events, no views, no checks:
    :meth:`play` trusts that ``code`` is in :meth:`legal`. It follows exactly the rules
    and the seeded generator of the main path, so that :meth:`state` equals (same
    ``digest``) the state the main path reaches with the same actions; the differential
    test (``tests/engine/test_fast_paths.py``) plays seeded action sequences through
    both paths and compares every step."""

    players: int

    def copy(self) -> "Simulation":
        """An independent copy (cheap: rollouts copy once per sample)."""
        raise NotImplementedError

    def awaiting(self) -> tuple[int, ...]:
        """The seats that must act now, ascending; ``()`` once the game is over."""
        raise NotImplementedError

    def legal(self, seat: int) -> list[int]:
        """Codes of ``seat``'s legal actions now: the same set as
        ``{encode_action(a) for a in legal_actions(state, seat)}``."""
        raise NotImplementedError

    def play(self, seat: int, code: int) -> None:
        """Apply the action ``code`` by ``seat`` in place (unchecked)."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """True once the whole game has ended (as ``Game.is_over``)."""
        raise NotImplementedError

    def scores(self) -> tuple[int, ...]:
        """``Outcome.scores`` of the ended game (the game's own unit, one per seat)."""
        raise NotImplementedError

    def winners(self) -> tuple[int, ...]:
        """``Outcome.winners`` of the ended game."""
        raise NotImplementedError

    def state(self):
        """The engine state this simulation stands for (a frozen state whose digest
        equals the main path's after the same actions). For tests, not for speed."""
        raise NotImplementedError


def option(state_options: tuple, name: str) -> Any:
    """Look up ``name`` in a frozen option tuple made by :func:`freeze_options`."""
    for k, v in state_options:
        if k == name:
            return v
    raise KeyError(name)


def replace(state, **changes):
    """``dataclasses.replace`` under a short name."""
    return dataclasses.replace(state, **changes)
