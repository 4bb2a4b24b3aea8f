"""Take 5 state and card facts (``take5.md`` "Components"), kept compact for speed.

Rows, hands and penalty piles are tuples of ints; the bullheads of every card are a
table (:data:`BULLHEADS`); zone names and the legal actions (:data:`CHOOSE`,
:data:`TAKE_ROW`) are made once (events: :mod:`engine.take5.events`); the generator state for
the next deal is kept as a :class:`DealGenerator`, which spares the main path the
copy of the generator's 625 words at every deal. The main path (``rules.py``) thus
allocates little more than the new state and its events.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

ROWS = 4
HAND_SIZE = 10
ROW_LIMIT = 5  # the sixth card takes the row
DECK_SIZE = 104
MAX_PLAYERS = 10


def bullheads(card: int) -> int:
    """Penalty heads of ``card`` (1..104): 55 → 7, multiples of 11 → 5, of 10 → 3,
    other multiples of 5 → 2, else 1 (take5.md "Components"). The deck totals 171."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


#: ``BULLHEADS[card]`` for cards 1..104 (index 0 is unused and holds 0).
BULLHEADS = (0,) + tuple(bullheads(c) for c in range(1, DECK_SIZE + 1))

#: Zone names (DESIGN.md "Zones"), made once: ``HAND_ZONE[seat]``, ``ROW_ZONE[r]``,
#: ``PENALTY_ZONE[seat]``.
HAND_ZONE = tuple(f"hand/{s}" for s in range(MAX_PLAYERS))
PENALTY_ZONE = tuple(f"penalty/{s}" for s in range(MAX_PLAYERS))
ROW_ZONE = tuple(f"row/{r}" for r in range(ROWS))


def row_cost(row: tuple[int, ...]) -> int:
    """Bullheads a player takes with ``row`` (a tuple of cards)."""
    return sum([BULLHEADS[c] for c in row])


def target_row(rows: tuple[tuple[int, ...], ...], card: int) -> int | None:
    """Index of the row whose end is the highest end lower than ``card`` (the
    "closest lower end", take5.md "A round" 3), or None when ``card`` is too low."""
    best, best_end = None, 0
    for i, row in enumerate(rows):
        end = row[-1]
        if best_end < end < card:
            best, best_end = i, end
    return best


# --------------------------------------------------------------------------- actions
class FrozenAction(dict):
    """An action handed out by ``legal_actions``: a plain ``dict`` to every reader
    (equal to the literal, JSON and msgpack as a map), made once per action and shared,
    so it refuses changes (``TypeError``); ``dict(action)`` or ``copy.copy`` gives a
    changeable plain dict, and pickling gives a plain dict too."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError("a legal action is shared and read-only; change dict(action) instead")

    __setitem__ = __delitem__ = __ior__ = _refuse  # type: ignore[assignment]
    clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def __reduce__(self):
        return dict, (dict(self),)

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo) -> dict:
        return dict(self)


#: ``CHOOSE[card]`` = ``{"type": "choose", "card": card}`` (index 0 unused) and
#: ``TAKE_ROW[r]`` = ``{"type": "take-row", "row": r}``, shared read-only.
CHOOSE = (None,) + tuple(FrozenAction(type="choose", card=c) for c in range(1, DECK_SIZE + 1))
TAKE_ROW = tuple(FrozenAction(type="take-row", row=r) for r in range(ROWS))


# --------------------------------------------------------------------------- dealing
#: ``_STEPS[size]``: the Fisher–Yates steps of a shuffle of ``size`` cards, from the end:
#: ``(i, i + 1, (i + 1).bit_length())`` for ``i`` from ``size - 1`` down to 1.
def _steps_of(size: int) -> tuple[tuple[int, int, int], ...]:
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_STEPS = tuple(_steps_of(size) for size in range(DECK_SIZE + 1))


def shuffle_with(r: random.Random, cards: list) -> None:
    """Shuffle ``cards`` in place with ``r``: the same permutation, drawing the same
    bits, as ``r.shuffle(cards)`` (``test_the_deal_shuffles_like_random_shuffle``
    compares them), with its ``_randbelow`` inlined — Fisher–Yates from the end, each
    index drawn by rejection from ``getrandbits(bit_length(i + 1))``. The bits drawn
    depend only on ``len(cards)``."""
    bits = r.getrandbits
    size = len(cards)
    steps = _STEPS[size] if size <= DECK_SIZE else _steps_of(size)
    for i, n, k in steps:
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


def _fresh(state: tuple) -> random.Random:
    r = random.Random(0)  # any fixed seed: setstate replaces it (cheaper than urandom)
    r.setstate(state)
    return r


class DealGenerator:
    """The seeded generator state for the next deal (DESIGN.md: all randomness from a
    ``random.Random`` seeded from the seed, kept in the state).

    Its value is :meth:`getstate`, a ``random.Random().getstate()`` tuple, and it
    compares, hashes and ``repr``\\ s as that tuple, so a state's digest is the one it
    had when the field held the tuple itself. The tuple is computed only when asked
    (tests, digests): a generator made by a deal remembers the generator before it and
    how many cards it shuffled, and keeps the live ``random.Random`` for the next deal,
    which takes it at most once (``list.pop`` is atomic); any other deal from the same
    state rebuilds it from :meth:`getstate`.
    """

    __slots__ = ("_state", "_seed", "_parent", "_size", "_live")

    def __init__(
        self,
        state: tuple | None = None,
        seed: str | None = None,
        parent: DealGenerator | None = None,
        size: int = 0,
        live: random.Random | None = None,
    ) -> None:
        self._state = state
        self._seed = seed
        self._parent = parent
        self._size = size
        self._live = [live] if live is not None else []

    @classmethod
    def seeded(cls, seed: int, salt: str) -> DealGenerator:
        """The generator of :func:`engine.core.new_rng` ``(seed, salt)``."""
        text = f"tapete:{int(seed)}:{salt}"
        return cls(seed=text, live=random.Random(text))

    @classmethod
    def of(cls, rng) -> DealGenerator:
        """``rng`` itself, or a generator holding the state tuple ``rng``."""
        return rng if type(rng) is cls else cls(state=tuple(rng))

    def getstate(self) -> tuple:
        """The ``random.Random().getstate()`` tuple of this generator."""
        if self._state is None:
            if self._parent is not None:
                r = _fresh(self._parent.getstate())
                shuffle_with(r, [0] * self._size)
            else:
                r = random.Random(self._seed)
            self._state = r.getstate()
        return self._state

    def take(self) -> random.Random:
        """A ``random.Random`` at this generator's state, for one deal."""
        try:
            return self._live.pop()
        except IndexError:
            return _fresh(self.getstate())

    def shuffle(self, cards: list) -> DealGenerator:
        """Shuffle ``cards`` in place (``random.Random.shuffle``); the next generator."""
        r = self.take()
        shuffle_with(r, cards)
        return DealGenerator(parent=self, size=len(cards), live=r)

    def __repr__(self) -> str:
        return repr(self.getstate())

    def __eq__(self, other) -> bool:
        if isinstance(other, DealGenerator):
            other = other.getstate()
        return self.getstate() == other

    def __hash__(self) -> int:
        return hash(self.getstate())

    def __reduce__(self):
        return DealGenerator.of, (self.getstate(),)


# --------------------------------------------------------------------------- the state
@dataclass(frozen=True)
class Take5State:
    """A Take 5 table between two actions.

    ``hands``/``penalty`` are per seat (sorted tuples of card numbers); ``rows`` the
    four rows (first card first); ``chosen`` the secret choice per seat this turn
    (None = not chosen); ``pending`` the revealed ``(card, seat)`` pairs still to
    resolve, lowest first; ``revealed`` this turn's reveal ``(seat, card)``;
    ``totals`` bullheads from finished rounds; ``undealt`` the cards out of play this
    round; ``rng`` the generator state for the next deal (a :class:`DealGenerator`
    or its state tuple)."""

    players: int
    options: tuple
    rng: tuple | DealGenerator
    round: int
    turn: int
    hands: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    chosen: tuple[int | None, ...]
    pending: tuple[tuple[int, int], ...]
    revealed: tuple[tuple[int, int], ...]
    penalty: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    undealt: tuple[int, ...]
    last_round: tuple[int, ...]
    over: bool = False

    @property
    def row_choice(self) -> int | None:
        """The seat that must choose a row now (its card is too low), or None."""
        return self.pending[0][1] if self.pending else None


_new = object.__new__
_setattr = object.__setattr__

#: Two values derived from the fields are kept beside them by the main path (they
#: are not fields, so they are in neither the repr, the digest nor the equality;
#: a state built otherwise computes them when asked): ``_mask``, the awaited seats as
#: a bit mask (bit ``s`` set: seat ``s`` is awaited), and ``_acts``, each hand as a
#: tuple of its ``choose`` actions. ``SEATS[mask]`` is the frozenset of a mask's
#: seats; ``EVERYBODY[n]`` the mask of ``n`` choosing seats.
SEATS = tuple(
    frozenset(s for s in range(MAX_PLAYERS) if m >> s & 1) for m in range(1 << MAX_PLAYERS)
)
EVERYBODY = tuple((1 << n) - 1 for n in range(MAX_PLAYERS + 1))


def awaited_mask(state: Take5State) -> int:
    """The ``_mask`` of ``state``, computed from its fields: nobody once over; the
    owner of the first pending card during a row choice; else who has not chosen."""
    if state.over:
        return 0
    if state.pending:
        return 1 << state.pending[0][1]
    return sum(1 << s for s, c in enumerate(state.chosen) if c is None)


def hand_actions(hands: tuple[tuple[int, ...], ...]) -> tuple[tuple[FrozenAction, ...], ...]:
    """``_acts``: each hand as the tuple of its ``choose`` actions."""
    return tuple([tuple([CHOOSE[c] for c in h]) for h in hands])


def state_from(fields: dict) -> Take5State:
    """A :class:`Take5State` whose ``__dict__`` is ``fields`` (every field, and
    ``_mask`` and ``_acts`` when known), built without the frozen dataclass's per-field
    ``object.__setattr__`` (the main path builds one per action). Equal to
    ``Take5State(**fields)``: same fields, repr and digest."""
    s = _new(Take5State)
    _setattr(s, "__dict__", fields)
    return s


def replace(state: Take5State, **changes) -> Take5State:
    """``dataclasses.replace`` for :class:`Take5State` without its per-call field
    introspection. Same fields, same repr, so digests are unchanged."""
    d = dict(state.__dict__)
    d.update(changes)
    d.pop("_mask", None)  # derived from the fields: recomputed when asked
    d.pop("_acts", None)
    return state_from(d)
