"""Teamplay mission cards: the 46-card deck as one data table, read by a small
mission language (``teamplay.md`` "Mission card language", "The mission deck").

Number cards are ints ``0..63``: ``value = id // 8 + 1`` (1..8), ``colour =
(id // 4) % 2`` (0 red, 1 blue), four copies of each value and colour. A card's
*kind* is ``id // 4`` (value and colour; ``kind = (value - 1) * 2 + colour``).

A mission row says how many cards it takes (``size``; None = any number), which
colours (``any``, ``red``, ``blue``, ``same`` = all one colour), which values
(None, ``odd``, ``even``, ``low`` 1–3, ``low4`` 1–4, ``high`` 6–8, ``parity`` = all
odd or all even) and its *parts*, which share out the cards:

* ``("group", k)`` / ``("group", k, colour)`` — k cards of one number;
* ``("run", k)`` — k consecutive numbers, one card each;
* ``("exact", values)`` — exactly these numbers, one card each;
* ``("free", k)`` — any k cards (the filters above still apply);
* ``("sum", total)`` — the cards sum to ``total``;
* ``("two-sum",)`` — three cards, two of which sum to the third.

``relation`` ties the groups: ``different`` (different numbers) or ``equal`` (one
number). Groups of different sizes are different symbols on the card, so they have
different numbers too: "three of a kind + a pair" (F1, F2) is ``different`` (five of
a kind does not complete it). A run is another kind of symbol: R11's pair may repeat
a number of its run (teamplay.md "Mission card language").
"""

from __future__ import annotations

import itertools
from operator import add
from dataclasses import dataclass
from functools import lru_cache

RED, BLUE = 0, 1
COLOUR_NAMES = ("red", "blue")
NUMBER_CARDS = 64
KINDS = 16

# --------------------------------------------------------------------------- the deck
# One row per mission card: id, VP, cards, colour, values, parts, relation, text, named
# in the seed (✔). Points and the reconstruction: teamplay.md "The mission deck".
TABLE = (
    (
        "S5",
        1,
        None,
        "any",
        None,
        (("sum", 12),),
        None,
        "any number of cards, any colour, summing to exactly 12",
        True,
    ),
    ("P1", 1, 2, "any", None, (("group", 2),), None, "a pair, any colour", True),
    ("P11", 1, 2, "same", None, (("group", 2),), None, "a pair, same colour", False),
    (
        "P2",
        1,
        4,
        "any",
        None,
        (("group", 2), ("group", 2)),
        "different",
        "2 different pairs, any colour",
        False,
    ),
    ("H3", 1, 3, "any", "low", (("free", 3),), None, "3 low cards (1–3), any colour", True),
    (
        "R11",
        2,
        5,
        "any",
        None,
        (("group", 2), ("run", 3)),
        None,
        "a pair + 3 consecutive (5 cards), any colour",
        False,
    ),
    ("C1", 2, 5, "same", None, (("free", 5),), None, "5 cards of one colour", False),
    ("S6", 2, 2, "any", None, (("sum", 15),), None, "2 cards summing to 15, any colour", False),
    ("S2", 2, 3, "blue", None, (("two-sum",),), None, "3 blue: two sum to the third", False),
    (
        "S1",
        2,
        3,
        "red",
        None,
        (("two-sum",),),
        None,
        "3 red: two sum to the third (e.g. 1 + 5 = 6)",
        True,
    ),
    ("R6", 2, 3, "same", None, (("run", 3),), None, "3 consecutive, same colour", False),
    ("R4", 2, 4, "any", None, (("run", 4),), None, "4 consecutive, any colour", False),
    ("T1", 3, 3, "any", None, (("group", 3),), None, "three of a kind, any colour", False),
    ("P10", 3, 2, "blue", "even", (("group", 2),), None, "a blue pair of an even number", False),
    ("P9", 3, 2, "red", "odd", (("group", 2),), None, "a red pair of an odd number", False),
    (
        "P7",
        3,
        4,
        "any",
        "even",
        (("group", 2), ("group", 2)),
        "different",
        "2 different even pairs, any colour",
        False,
    ),
    (
        "P6",
        3,
        4,
        "any",
        "odd",
        (("group", 2), ("group", 2)),
        "different",
        "2 different odd pairs, any colour",
        True,
    ),
    (
        "F1",
        3,
        5,
        "any",
        None,
        (("group", 3), ("group", 2)),
        "different",
        "three of a kind + a pair, any colour",
        True,
    ),
    ("T2", 3, 3, "any", "odd", (("group", 3),), None, "three of a kind of an odd number", True),
    ("T3", 3, 3, "any", "even", (("group", 3),), None, "three of a kind of an even number", True),
    ("R3", 4, 5, "any", None, (("run", 5),), None, "5 consecutive, any colour", False),
    ("O1", 4, 4, "same", "odd", (("free", 4),), None, "4 odd cards, same colour", True),
    ("H2", 4, 3, "blue", "high", (("free", 3),), None, "3 blue high cards (6–8)", False),
    ("O3", 4, 4, "same", "even", (("free", 4),), None, "4 even cards, same colour", False),
    ("R10", 4, 4, "any", None, (("exact", (2, 4, 6, 8)),), None, "2, 4, 6, 8, any colour", False),
    ("O4", 4, 4, "same", "low4", (("free", 4),), None, "4 low cards (1–4), same colour", False),
    ("R9", 4, 4, "any", None, (("exact", (1, 3, 5, 7)),), None, "1, 3, 5, 7, any colour", True),
    ("S4", 4, 3, "blue", None, (("sum", 20),), None, "3 blue cards summing to 20", False),
    (
        "T6",
        4,
        4,
        "any",
        None,
        (("group", 2, RED), ("group", 2, BLUE)),
        "different",
        "a red pair + a blue pair of different numbers",
        False,
    ),
    (
        "S3",
        4,
        3,
        "red",
        None,
        (("sum", 7),),
        None,
        "3 red cards summing to 7 (e.g. 3 + 2 + 2)",
        True,
    ),
    ("C2", 5, 6, "same", None, (("free", 6),), None, "6 cards of one colour", False),
    ("R5", 5, 4, "same", None, (("run", 4),), None, "4 consecutive, same colour", False),
    ("R8", 5, 3, "same", None, (("exact", (5, 6, 7)),), None, "5, 6, 7, same colour", False),
    (
        "P3",
        5,
        6,
        "any",
        None,
        (("group", 2), ("group", 2), ("group", 2)),
        "different",
        "3 different pairs, any colour",
        True,
    ),
    ("O2", 5, 4, "red", "odd", (("free", 4),), None, "4 odd red cards", False),
    (
        "P5",
        5,
        4,
        "blue",
        None,
        (("group", 2), ("group", 2)),
        "different",
        "2 different blue pairs",
        False,
    ),
    (
        "P4",
        5,
        4,
        "red",
        None,
        (("group", 2), ("group", 2)),
        "different",
        "2 different red pairs",
        True,
    ),
    ("R7", 6, 6, "any", None, (("run", 6),), None, "6 consecutive, any colour", False),
    ("T4", 6, 4, "any", None, (("group", 4),), None, "four of a kind, any colour", False),
    ("H4", 6, 4, "red", "low", (("free", 4),), None, "4 red low cards (1–3)", False),
    ("H1", 6, 4, "blue", "high", (("free", 4),), None, "4 blue high cards (6–8)", True),
    (
        "T5",
        6,
        4,
        "any",
        None,
        (("group", 2, RED), ("group", 2, BLUE)),
        "equal",
        "one number as a red pair and a blue pair",
        False,
    ),
    (
        "P8",
        6,
        6,
        "any",
        "parity",
        (("group", 2), ("group", 2), ("group", 2)),
        "different",
        "3 different pairs, all odd or all even",
        True,
    ),
    ("R1", 6, 5, "red", None, (("run", 5),), None, "5 consecutive, red", True),
    (
        "F2",
        6,
        5,
        "same",
        None,
        (("group", 3), ("group", 2)),
        "different",
        "three of a kind + a pair, same colour",
        False,
    ),
    ("R2", 6, 5, "blue", None, (("run", 5),), None, "5 consecutive, blue", False),
)

VALUE_SETS = {
    None: (frozenset(range(1, 9)),),
    "odd": (frozenset({1, 3, 5, 7}),),
    "even": (frozenset({2, 4, 6, 8}),),
    "low": (frozenset({1, 2, 3}),),
    "low4": (frozenset({1, 2, 3, 4}),),
    "high": (frozenset({6, 7, 8}),),
    "parity": (frozenset({1, 3, 5, 7}), frozenset({2, 4, 6, 8})),
}
COLOUR_SETS = {
    "any": (frozenset({RED, BLUE}),),
    "red": (frozenset({RED}),),
    "blue": (frozenset({BLUE}),),
    "same": (frozenset({RED}), frozenset({BLUE})),
}


@dataclass(frozen=True)
class Mission:
    """One mission card: ``id`` (e.g. ``"P1"``), ``vp`` (victory points), ``size``
    (cards; None = any number), ``colour``, ``values``, ``parts``, ``relation``,
    ``text`` and ``named`` (named in the seed). See the module docstring."""

    id: str
    vp: int
    size: int | None
    colour: str
    values: str | None
    parts: tuple
    relation: str | None
    text: str
    named: bool

    @property
    def pools(self) -> tuple[frozenset[int], ...]:
        """The kind sets the cards must all come from (one pool per colour/parity
        choice; ``same`` colour and ``parity`` give two pools)."""
        return _pools(self.id)


MISSIONS: dict[str, Mission] = {row[0]: Mission(*row) for row in TABLE}
MISSION_IDS: tuple[str, ...] = tuple(MISSIONS)


@lru_cache(maxsize=None)
def _pools(mission_id: str) -> tuple[frozenset[int], ...]:
    m = MISSIONS[mission_id]
    out = []
    for cols in COLOUR_SETS[m.colour]:
        for vals in VALUE_SETS[m.values]:
            out.append(frozenset(k for k in range(KINDS) if k % 2 in cols and k // 2 + 1 in vals))
    return tuple(out)


# --------------------------------------------------------------------------- cards
def card(value: int, colour: int | str, copy: int = 0) -> int:
    """The id of a number card: ``value`` 1..8, ``colour`` 0/"red" or 1/"blue",
    ``copy`` 0..3. Raises ``ValueError`` outside those ranges."""
    if isinstance(colour, str):
        colour = COLOUR_NAMES.index(colour)
    if not (1 <= value <= 8 and colour in (0, 1) and 0 <= copy <= 3):
        raise ValueError(f"no number card {value}/{colour}/{copy}")
    return (value - 1) * 8 + colour * 4 + copy


def value_of(c: int) -> int:
    """The number (1..8) on card ``c``."""
    return c // 8 + 1


def colour_of(c: int) -> int:
    """The colour of card ``c``: 0 red, 1 blue."""
    return (c // 4) % 2


def card_name(c: int) -> str:
    """Short text for card ``c``: ``"5r"`` / ``"7b"`` (copy left out)."""
    return f"{value_of(c)}{'rb'[colour_of(c)]}"


def kind_counts(cards) -> tuple[int, ...]:
    """How many cards of each kind (16 ints) ``cards`` holds."""
    counts = [0] * KINDS
    for c in cards:
        counts[c // 4] += 1
    return tuple(counts)


# --------------------------------------------------------------------------- the language
def _pick_values(values, idx, counts, chosen, cont) -> None:
    """One card of each number in ``values`` (either colour left in ``counts``)."""
    if idx == len(values):
        cont()
        return
    base = (values[idx] - 1) * 2
    for k in (base, base + 1):
        if counts[k]:
            counts[k] -= 1
            chosen.append(k)
            _pick_values(values, idx + 1, counts, chosen, cont)
            chosen.pop()
            counts[k] += 1


def _pick_free(kinds, i, need, counts, chosen, cont, total=None) -> None:
    """Any ``need`` cards (None = any number) among ``kinds[i:]``; with ``total`` their
    numbers must sum to exactly it."""
    if need == 0 or (need is None and total == 0):
        if total is None or total == 0:
            cont()
        return
    if i == len(kinds):
        return
    if need is not None and sum(counts[k] for k in kinds[i:]) < need:
        return
    k = kinds[i]
    v = k // 2 + 1
    top = counts[k] if need is None else min(counts[k], need)
    if total is not None:
        top = min(top, total // v)
    for n in range(top, -1, -1):
        counts[k] -= n
        chosen.extend([k] * n)
        _pick_free(
            kinds,
            i + 1,
            None if need is None else need - n,
            counts,
            chosen,
            cont,
            None if total is None else total - n * v,
        )
        del chosen[len(chosen) - n :]
        counts[k] += n


def _generate(m: Mission, idx, counts, chosen, groups, pool_kinds, emit) -> None:
    """Call ``emit()`` once for every way the parts ``m.parts[idx:]`` take cards from
    ``counts``; ``chosen`` (a list of kinds) holds the cards taken so far."""
    parts = m.parts
    if idx == len(parts):
        emit()
        return
    part = parts[idx]
    kind = part[0]

    def cont() -> None:
        _generate(m, idx + 1, counts, chosen, groups, pool_kinds, emit)

    if kind == "group":
        k = part[1]
        only = part[2] if len(part) > 2 else None
        lo = 1
        if m.relation == "different" and idx and parts[idx - 1] == part:
            lo = groups[-1] + 1  # identical groups: ascending numbers, no repeats
        for v in range(lo, 9):
            if m.relation == "different" and v in groups:
                continue
            if m.relation == "equal" and groups and v != groups[0]:
                continue
            r, b = counts[2 * v - 2], counts[2 * v - 1]
            if r + b < k:
                continue
            if only == RED:
                splits = [(k, 0)] if r >= k else []
            elif only == BLUE:
                splits = [(0, k)] if b >= k else []
            else:
                splits = [(nr, k - nr) for nr in range(max(0, k - b), min(r, k) + 1)]
            for nr, nb in splits:
                counts[2 * v - 2] -= nr
                counts[2 * v - 1] -= nb
                chosen.extend([2 * v - 2] * nr + [2 * v - 1] * nb)
                groups.append(v)
                cont()
                groups.pop()
                del chosen[len(chosen) - k :]
                counts[2 * v - 2] += nr
                counts[2 * v - 1] += nb
    elif kind == "run":
        k = part[1]
        for start in range(1, 10 - k):
            if all(counts[2 * v - 2] or counts[2 * v - 1] for v in range(start, start + k)):
                _pick_values(tuple(range(start, start + k)), 0, counts, chosen, cont)
    elif kind == "exact":
        _pick_values(part[1], 0, counts, chosen, cont)
    elif kind == "free":
        _pick_free(pool_kinds, 0, part[1], counts, chosen, cont)
    elif kind == "sum":
        _pick_free(pool_kinds, 0, m.size, counts, chosen, cont, part[1])
    elif kind == "two-sum":
        mark = len(chosen)

        def check() -> None:
            a, b, c = sorted(x // 2 + 1 for x in chosen[mark : mark + 3])
            if a + b == c:
                cont()

        _pick_free(pool_kinds, 0, 3, counts, chosen, check)
    else:  # pragma: no cover - the table is fixed
        raise ValueError(f"unknown mission part {part!r}")


@lru_cache(maxsize=1 << 16)
def kind_completions(mission_id: str, counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every multiset of kinds (sorted tuples) drawn from ``counts`` (16 ints) that
    completes ``mission_id`` exactly — the mission language evaluated at the level of
    value and colour (teamplay.md "Mission card language"). Sorted, no repeats."""
    m = MISSIONS[mission_id]
    found: set[tuple[int, ...]] = set()
    for pool in m.pools:
        local = [c if k in pool else 0 for k, c in enumerate(counts)]
        if m.size is not None and sum(local) < m.size:
            continue
        chosen: list[int] = []
        kinds = tuple(k for k in sorted(pool) if local[k])
        _generate(
            m, 0, local, chosen, [], kinds, lambda chosen=chosen: found.add(tuple(sorted(chosen)))
        )
    return tuple(sorted(found))


class _Found(Exception):
    """Stops the search at the first completion (:func:`_exists`)."""


def _stop() -> None:
    raise _Found


def _exists(mission_id: str, counts) -> bool:
    """Whether ``counts`` (16 kind counts) hold a completion of ``mission_id``: the
    search of :func:`kind_completions`, stopped at the first completion found."""
    m = MISSIONS[mission_id]
    for pool in m.pools:
        local = [c if k in pool else 0 for k, c in enumerate(counts)]
        if m.size is not None and sum(local) < m.size:
            continue
        kinds = tuple(k for k in sorted(pool) if local[k])
        try:
            _generate(m, 0, local, [], [], kinds, _stop)
        except _Found:
            return True
    return False


def _index(hand) -> tuple[tuple[int, ...], dict[int, list[int]]]:
    """``(kind counts, {kind: ascending card ids})`` of ``hand``."""
    by_kind: dict[int, list[int]] = {}
    for c in sorted(hand):
        by_kind.setdefault(c // 4, []).append(c)
    counts = [0] * KINDS
    for k, cs in by_kind.items():
        counts[k] = len(cs)
    return tuple(counts), by_kind


def _expand(multisets, by_kind) -> list[tuple[int, ...]]:
    """Every set of card ids that realises one of the kind ``multisets``."""
    out = []
    for multiset in multisets:
        need: dict[int, int] = {}
        for k in multiset:
            need[k] = need.get(k, 0) + 1
        if all(len(by_kind[k]) == n for k, n in need.items()):
            out.append(tuple(sorted(c for k in need for c in by_kind[k])))
            continue
        choices = [itertools.combinations(by_kind[k], n) for k, n in need.items()]
        for combo in itertools.product(*choices):
            out.append(tuple(sorted(c for group in combo for c in group)))
    out.sort()
    return out


def completions(mission: str | Mission, hand) -> list[tuple[int, ...]]:
    """The distinct sets of cards of ``hand`` (card ids) that complete ``mission``.

    Returns a sorted list of ascending tuples of card ids; ``[]`` when the hand cannot
    complete it. Copies of one value and colour give different sets (each physical
    card is its own id). Rule: teamplay.md "Mission card language" and the deck table.
    """
    mid = mission.id if isinstance(mission, Mission) else mission
    return list(_completions(mid, tuple(sorted(hand))))


@lru_cache(maxsize=1 << 14)
def _completions(mid: str, hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    if not possible(mid, hand):
        return ()
    counts, by_kind = _index(hand)
    return tuple(_expand(kind_completions(mid, counts), by_kind))


def can_complete(mission: str | Mission, hand) -> bool:
    """Whether ``hand`` (card ids) holds at least one completion of ``mission``."""
    mid = mission.id if isinstance(mission, Mission) else mission
    return possible(mid, hand)


# --------------------------------------------------------------------------- a quick test
def _mode(m: Mission) -> str:
    """What decides whether a hand can complete ``m``: ``"value"`` (how many cards of
    each number, colours ignored), ``"red"`` / ``"blue"`` (the numbers of that colour's
    cards), ``"same"`` (red or blue numbers) or ``"kind"`` (numbers and colours, for
    missions whose groups have their own colours)."""
    if any(p[0] == "group" and len(p) > 2 for p in m.parts):
        return "kind"
    return {"any": "value", "red": "red", "blue": "blue", "same": "same"}[m.colour]


MODE: dict[str, str] = {m: _mode(MISSIONS[m]) for m in MISSION_IDS}


@lru_cache(maxsize=None)
def _caps(mid: str) -> tuple[int, ...]:
    """The most cards of each number (1..8) that one completion of ``mid`` uses —
    of either colour in the ``"value"`` mode, of one colour otherwise. A hand's count
    clipped to these caps completes the mission exactly when the hand does."""
    colour_free = MODE[mid] == "value"
    caps = [0] * 8
    for ms in kind_completions(mid, FULL):
        per: dict[int, int] = {}
        for k in ms:
            key = k // 2 if colour_free else k
            per[key] = per.get(key, 0) + 1
        for key, n in per.items():
            v = key if colour_free else key // 2
            caps[v] = max(caps[v], n)
    return tuple(caps)


@lru_cache(maxsize=1 << 16)
def _possible(mid: str, colour: int, values: tuple[int, ...]) -> bool:
    """Whether cards of ``colour`` with ``values[v - 1]`` copies of each number ``v``
    complete ``mid`` (for a colour-free mission the colour is immaterial)."""
    counts = [0] * KINDS
    for v, n in enumerate(values):
        counts[2 * v + colour] = n
    return _exists(mid, counts)


@lru_cache(maxsize=1 << 14)
def _possible_kinds(mid: str, counts: tuple[int, ...]) -> bool:
    return _exists(mid, counts)


def possible(mid: str, hand) -> bool:
    """Whether ``hand`` (card ids) can complete mission ``mid`` — the same answer as
    ``bool(completions(mid, hand))``, but cached on what the mission looks at (how
    many cards of each number and allowed colour, clipped to what one completion can
    use), so a hand that cannot complete it is told so at once (most hands, most
    missions)."""
    red, blue = [0] * 8, [0] * 8
    for c in hand:
        if c & 4:
            blue[c >> 3] += 1
        else:
            red[c >> 3] += 1
    return possible_counts(mid, red, blue, hand)


def possible_counts(mid: str, red: list[int], blue: list[int], hand) -> bool:
    """:func:`possible` from the hand's counts of each number in red and in blue
    (8 ints each; ``hand`` is read only for the few missions whose groups have their
    own colours)."""
    mode = MODE[mid]
    caps = _caps(mid)
    if mode == "value":
        return _possible(mid, RED, tuple(map(min, map(add, red, blue), caps)))
    if mode == "red":
        return _possible(mid, RED, tuple(map(min, red, caps)))
    if mode == "blue":
        return _possible(mid, BLUE, tuple(map(min, blue, caps)))
    if mode == "same":
        return _possible(mid, RED, tuple(map(min, red, caps))) or _possible(
            mid, BLUE, tuple(map(min, blue, caps))
        )
    return _possible_kinds(mid, kind_counts(hand))


def is_completion(mission: str | Mission, cards) -> bool:
    """Whether exactly ``cards`` (card ids, each once) complete ``mission``: every
    card is used (teamplay.md: "show exactly the cards a mission asks for")."""
    mid = mission.id if isinstance(mission, Mission) else mission
    counts = kind_counts(cards)
    key = tuple(sorted(c // 4 for c in cards))
    return key in kind_completions(mid, counts)


def completable(hand, missions=MISSION_IDS) -> dict[str, list[tuple[int, ...]]]:
    """``{mission id: completions}`` for the ``missions`` that ``hand`` can complete
    (for a UI that highlights missions while a player selects cards)."""
    counts, by_kind = _index(hand)
    out = {}
    for mid in missions:
        found = kind_completions(mid, counts)
        if found:
            out[mid] = _expand(found, by_kind)
    return out


# --------------------------------------------------------------------------- distances (bots)
FULL = (4,) * KINDS


def _colour_free(m: Mission) -> bool:
    return m.colour == "any" and all(len(p) < 3 or p[0] != "group" for p in m.parts)


@lru_cache(maxsize=None)
def targets(mission_id: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """All ways to complete ``mission_id`` from a full deck, as ``((feature, count),
    ...)``: features are numbers 1..8 when the mission ignores colour, else kinds
    0..15 (for bots' distance estimates). Empty for ``free`` missions."""
    m = MISSIONS[mission_id]
    if m.parts[0][0] == "free":
        return ()
    by_value = _colour_free(m)
    seen = set()
    for ms in kind_completions(mission_id, FULL):
        feats: dict[int, int] = {}
        for k in ms:
            f = k // 2 + 1 if by_value else k
            feats[f] = feats.get(f, 0) + 1
        seen.add(tuple(sorted(feats.items())))
    return tuple(sorted(seen))


def missing(mission_id: str, counts: tuple[int, ...]) -> int:
    """Fewest cards ``counts`` (16 kind counts) lacks to complete ``mission_id``
    (0 = completable now). A bot's distance measure; not a rule."""
    return _missing(mission_id, counts)


@lru_cache(maxsize=1 << 17)
def _missing(mission_id: str, counts: tuple[int, ...]) -> int:
    m = MISSIONS[mission_id]
    if m.parts[0][0] == "free":
        need = m.parts[0][1]
        return need - min(need, max(sum(counts[k] for k in pool) for pool in m.pools))
    if _colour_free(m):
        have = [0] * 9
        for k, c in enumerate(counts):
            have[k // 2 + 1] += c
    else:
        have = counts
    best = 99
    for t in targets(mission_id):
        miss = 0
        for f, n in t:
            if n > have[f]:
                miss += n - have[f]
                if miss >= best:
                    break
        if miss < best:
            best = miss
            if best == 0:
                break
    return best
