"""Guandan combinations: every reading of a set of cards, comparison, and the
enumeration of legal plays (``guandan.md`` "Card order", "Wild cards", "Combinations").

A **reading** is ``(combo, rank)``: ``combo`` one of :data:`COMBOS`, ``rank`` the
natural rank that ranks it — the rank of a single, pair, triple or bomb, the triple of
a full house, the top of a sequence in natural order (A-2-3-4-5 has top 5), the red
joker's 17 for four jokers. Size is the number of cards.

Readings decided here (guandan.md; documented choices where the page is silent):

* A wild stands for any card 2..A of any suit inside a combination of 2+ cards, never a
  joker; one wild alone is a level-rank single, two wilds alone a level pair.
* A straight is 5 consecutive cards "of mixed suits": five natural cards of one suit
  are read only as a straight flush; with a wild (which may take another suit) both
  readings exist.
* A full house's triple and pair have different ranks (three 9s and two wilds read as
  a 5-card bomb *and* as a full house of 9s, the wilds standing for another pair).

**Canonical copies.** Each face exists twice. When a play uses one copy of a face whose
both copies are in the hand, the engine uses the lower id; :func:`plays` lists only
canonical plays and :func:`is_canonical` refuses the other copy. Two plays that differ
only in the copy used are the same play.
"""

from __future__ import annotations

from engine.guandan import codes as _codes
from engine.guandan import enumeration as _enum
from engine.guandan.cards import BJ_RANK, FACES, RJ_RANK, face, rank, value, wild_face

#: Every combination type, in the order plays are listed.
COMBOS = _codes.COMBOS
SINGLE, PAIR, TRIPLE, FULL_HOUSE, STRAIGHT, PAIRS, TRIPLES, BOMB, STRAIGHT_FLUSH, FOUR_JOKERS = (
    COMBOS
)
BOMBS = frozenset({BOMB, STRAIGHT_FLUSH, FOUR_JOKERS})
SEQUENCES = frozenset({STRAIGHT, PAIRS, TRIPLES, STRAIGHT_FLUSH})
#: Tops of the sequences: straights A-5..10-A, pairs A23..QKA, triples A2..KA.
STRAIGHT_TOPS = range(5, 15)
PAIRS_TOPS = range(3, 15)
TRIPLES_TOPS = range(2, 15)
_ORDER = {c: i for i, c in enumerate(COMBOS)}


def _slot(r: int) -> int:
    """Natural rank of a sequence slot (1 is the low ace)."""
    return 14 if r == 1 else r


_WINDOWS = {
    (top, n): tuple(_slot(r) for r in range(top - n + 1, top + 1))
    for n in (2, 3, 5)
    for top in range(n, 15)
}
_WINDOW_SETS = {k: frozenset(v) for k, v in _WINDOWS.items()}


def window(top: int, length: int) -> tuple[int, ...]:
    """Ranks (2..14) of a sequence of ``length`` ranks ending at ``top``, low ace as 14."""
    got = _WINDOWS.get((top, length))
    return got if got is not None else tuple(_slot(r) for r in range(top - length + 1, top + 1))


# --------------------------------------------------------------------------- comparing
def is_bomb(combo: str) -> bool:
    """Whether ``combo`` is a bomb type (bomb, straight flush, four jokers)."""
    return combo in BOMBS


def power(combo: str, rank_: int, size: int, level: int) -> tuple[int, int]:
    """Bomb order key: 4-card < 5-card < straight flush < 6 < ... < 10 < four jokers
    (guandan.md "Combinations"); equal sizes by card order (bombs) or top (flushes)."""
    if combo == BOMB:
        return (2 * size, value(rank_, level))
    if combo == STRAIGHT_FLUSH:
        return (11, rank_)
    return (100, 0)


def key(combo: str, rank_: int, level: int) -> int:
    """Comparison key of a non-bomb: card order for singles, pairs, triples and full
    houses; natural top for sequences."""
    return rank_ if combo in SEQUENCES else value(rank_, level)


def beats(combo: str, rank_: int, size: int, last: tuple | None, level: int) -> bool:
    """Whether the reading ``(combo, rank_)`` of ``size`` cards beats ``last``
    (``(combo, rank, size)`` or None: anything goes when leading). A non-bomb is beaten
    only by the same type and size with a higher key, or by any bomb; bombs by the bomb
    order (equal bombs do not beat each other)."""
    if last is None:
        return True
    lc, lr, ln = last
    if combo in BOMBS:
        if lc not in BOMBS:
            return True
        return power(combo, rank_, size, level) > power(lc, lr, ln, level)
    if lc in BOMBS or combo != lc or size != ln:
        return False
    return key(combo, rank_, level) > key(lc, lr, level)


# --------------------------------------------------------------------------- readings
def readings(cards, level: int) -> list[tuple[str, int]]:
    """Every reading ``(combo, rank)`` that the card ids ``cards`` allow at ``level``,
    in listing order; ``[]`` when they form no combination (guandan.md
    "Combinations", "Wild cards")."""
    n = len(cards)
    if n == 0:
        return []
    wf = wild_face(level)
    w = bj = rj = 0
    cnt: dict[int, int] = {}
    suits = set()
    for c in cards:
        f = c - FACES if c >= FACES else c
        if f == wf:
            w += 1
        elif f == 52:
            bj += 1
        elif f == 53:
            rj += 1
        else:
            r = (f >> 2) + 2
            cnt[r] = cnt.get(r, 0) + 1
            suits.add(f & 3)
    if n == 1:
        return [(SINGLE, level if w else rank(cards[0]))]
    out: list[tuple[str, int]] = []
    if bj or rj:
        if n == 2 and (bj == 2 or rj == 2):
            out.append((PAIR, BJ_RANK if bj else RJ_RANK))
        elif n == 4 and bj == 2 and rj == 2:
            out.append((FOUR_JOKERS, RJ_RANK))
        elif n == 5 and bj + rj == 2 and (bj == 2 or rj == 2) and len(cnt) == 1:
            ((t, a),) = cnt.items()
            if a + w == 3:
                out.append((FULL_HOUSE, t))
        return out
    if not cnt:  # only wilds: a level pair
        return [(PAIR, level)] if n == 2 else []
    if len(cnt) == 1:
        ((r, _),) = cnt.items()
        if n == 2:
            out.append((PAIR, r))
        elif n == 3:
            out.append((TRIPLE, r))
        elif n >= 4:
            out.append((BOMB, r))
    if n == 5:
        for t, a in sorted(cnt.items()):
            if a > 3 or 3 - a > w:
                continue
            rest = [(p, c) for p, c in cnt.items() if p != t]
            if len(rest) > 1 or (rest and rest[0][1] > 2):
                continue
            out.append((FULL_HOUSE, t))
        if all(c == 1 for c in cnt.values()):
            tops = [top for top in STRAIGHT_TOPS if _WINDOW_SETS[top, 5].issuperset(cnt)]
            if w or len(suits) > 1:
                out += [(STRAIGHT, top) for top in tops]
            if len(suits) == 1:
                out += [(STRAIGHT_FLUSH, top) for top in tops]
    elif n == 6:
        if all(c <= 2 for c in cnt.values()):
            out += [(PAIRS, top) for top in PAIRS_TOPS if _WINDOW_SETS[top, 3].issuperset(cnt)]
        if all(c <= 3 for c in cnt.values()):
            out += [(TRIPLES, top) for top in TRIPLES_TOPS if _WINDOW_SETS[top, 2].issuperset(cnt)]
    out.sort(key=lambda cr: _ORDER[cr[0]])
    return out


def is_canonical(cards, hand) -> bool:
    """Whether ``cards`` uses the lower id of every face whose both copies are in
    ``hand`` and only one is played (see "Canonical copies" above)."""
    held = set(hand)
    chosen = set(cards)
    for c in cards:
        if c >= FACES and c - FACES in held and c - FACES not in chosen:
            return False
    return True


def canonicalise(cards, hand) -> list[int]:
    """``cards`` (a selection from ``hand``) with each lone second copy replaced by the
    first copy when that one is in ``hand`` and not selected; sorted. For interfaces:
    a person may click either copy of a face."""
    held = set(hand)
    chosen = set(cards)
    out = []
    for c in cards:
        if c >= FACES and c - FACES in held and c - FACES not in chosen:
            chosen.add(c - FACES)
            out.append(c - FACES)
        else:
            out.append(c)
    return sorted(out)


# --------------------------------------------------------------------------- enumeration
def plays(hand, level: int, last: tuple | None = None) -> list[dict]:
    """Every canonical play from ``hand`` (card ids) at ``level`` that beats ``last``
    (``(combo, rank, size)``, or None when leading), one action per reading:
    ``{"type": "play", "cards": [sorted ids], "combo": str, "rank": int}``.

    Order: singles, pairs, triples, full houses, straights, consecutive pairs,
    consecutive triples, bombs (by size, then rank), straight flushes, four jokers;
    within a type by rising key (guandan.md "Combinations"). The enumeration and its
    cache of recent hands: :mod:`engine.guandan.enumeration`."""
    last3 = None if last is None else (_codes.KIND_OF[last[0]], last[1], last[2])
    out = []
    names = _enum.READINGS
    for item in _enum.plays(_codes.mask_of(hand), level, last3, _enum.CARDS):
        cards = list(item)
        combo, rank_ = names[cards.pop() - 108]
        out.append({"type": "play", "cards": cards, "combo": combo, "rank": rank_})
    return out


def play_key(action: dict, level: int) -> tuple:
    """Sort key of a play, lowest first: non-bombs before bombs, then by strength, then
    fewer cards (used by the ``easy`` bot and for display)."""
    c, r, n = action["combo"], action["rank"], len(action["cards"])
    if c in BOMBS:
        return (1, power(c, r, n, level), n)
    return (0, key(c, r, level), n, _ORDER[c])


__all__ = [
    "COMBOS",
    "BOMBS",
    "readings",
    "plays",
    "beats",
    "power",
    "key",
    "is_bomb",
    "is_canonical",
    "canonicalise",
    "play_key",
    "window",
    "face",
]
