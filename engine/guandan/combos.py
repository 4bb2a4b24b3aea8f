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

from itertools import product

from engine.guandan.cards import BJ_RANK, FACES, RJ_RANK, face, rank, value, wild_face

SINGLE, PAIR, TRIPLE, FULL_HOUSE = "single", "pair", "triple", "full-house"
STRAIGHT, PAIRS, TRIPLES = "straight", "consecutive-pairs", "consecutive-triples"
BOMB, STRAIGHT_FLUSH, FOUR_JOKERS = "bomb", "straight-flush", "four-jokers"
#: Every combination type, in the order plays are listed.
COMBOS = (
    SINGLE,
    PAIR,
    TRIPLE,
    FULL_HOUSE,
    STRAIGHT,
    PAIRS,
    TRIPLES,
    BOMB,
    STRAIGHT_FLUSH,
    FOUR_JOKERS,
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
_WINDOW_MASKS = {k: sum(1 << r for r in v) for k, v in _WINDOWS.items()}


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
def _patterns() -> dict:
    """``{(c0, c1, c2, c3): [[n-vectors of sum k] for k in 0..8]}`` for per-suit counts."""
    table = {}
    for vec in product(range(3), repeat=4):
        by_k: list[list[tuple[int, ...]]] = [[] for _ in range(9)]
        for ns in product(*(range(c + 1) for c in vec)):
            by_k[sum(ns)].append(ns)
        table[vec] = by_k
    return table


_PATTERNS = _patterns()


def _play(combo: str, rank_: int, ids) -> dict:
    return {"type": "play", "cards": sorted(ids), "combo": combo, "rank": rank_}


class HandIndex:
    """A hand sorted by rank and suit for enumeration at one level.

    ``by[r][s]``: ids of natural (non-wild) cards of rank ``r`` (2..14) and suit ``s``,
    lower copy first; ``wild``: wild ids; ``bj``/``rj``: joker ids."""

    __slots__ = ("level", "by", "wild", "bj", "rj", "_opts", "counts")

    def __init__(self, hand, level: int) -> None:
        self.level = level
        wf = wild_face(level)
        by = [[[], [], [], []] for _ in range(15)]
        wild, bj, rj = [], [], []
        for c in sorted(hand):
            f = c - FACES if c >= FACES else c
            if f == wf:
                wild.append(c)
            elif f < 52:
                by[(f >> 2) + 2][f & 3].append(c)
            elif f == 52:
                bj.append(c)
            else:
                rj.append(c)
        self.by, self.wild, self.bj, self.rj = by, wild, bj, rj
        self.counts = [len(a) + len(b) + len(c) + len(d) for a, b, c, d in by]
        self._opts: dict[int, list[tuple[int, ...]]] = {}

    def opts(self, r: int, k: int) -> list[tuple[int, ...]]:
        """Distinct (by face) choices of ``k`` natural cards of rank ``r``."""
        if k == 0:
            return [()]
        ck = r * 16 + k
        got = self._opts.get(ck)
        if got is None:
            lists = self.by[r]
            if self.counts[r] < k:
                got = []
            else:
                a, b, c, d = lists
                got = [
                    tuple(a[:n0] + b[:n1] + c[:n2] + d[:n3])
                    for n0, n1, n2, n3 in _PATTERNS[(len(a), len(b), len(c), len(d))][k]
                ]
            self._opts[ck] = got
        return got

    def groups(self, r: int, k: int) -> list[tuple[tuple[int, ...], int]]:
        """Ways to make ``k`` cards of rank ``r`` from naturals and wilds:
        ``[(natural ids, wilds used)]``, fewest wilds first."""
        out = []
        for j in range(0, min(k, len(self.wild)) + 1):
            for o in self.opts(r, k - j):
                out.append((o, j))
        return out

    def sequences(self, slots, m: int) -> list[tuple[tuple[int, ...], int]]:
        """Ways to fill ``slots`` (ranks) with ``m`` cards each: ``[(ids, wilds used)]``."""
        w = len(self.wild)
        counts = self.counts
        if sum(m - counts[r] for r in slots if counts[r] < m) > w:
            return []
        partial = [((), 0)]
        for r in slots:
            nxt = []
            for ids, j in partial:
                for u in range(0, min(m, w - j) + 1):
                    for o in self.opts(r, m - u):
                        nxt.append((ids + o, j + u))
            partial = nxt
            if not partial:
                break
        return partial


def plays(hand, level: int, last: tuple | None = None) -> list[dict]:
    """Every canonical play from ``hand`` (card ids) at ``level`` that beats ``last``
    (``(combo, rank, size)``, or None when leading), one action per reading:
    ``{"type": "play", "cards": [sorted ids], "combo": str, "rank": int}``.

    Order: singles, pairs, triples, full houses, straights, consecutive pairs,
    consecutive triples, bombs (by size, then rank), straight flushes, four jokers;
    within a type by rising key (guandan.md "Combinations")."""
    h = HandIndex(hand, level)
    out: list[dict] = []
    lc = last[0] if last else None
    if lc is None or lc not in BOMBS:
        lk = key(lc, last[1], level) if last else -1
        if lc is None or lc == SINGLE:
            _singles(h, out, lk)
        if lc is None or lc == PAIR:
            _pairs(h, out, lk)
        if lc is None or lc == TRIPLE:
            _triples(h, out, lk)
        if lc is None or lc == FULL_HOUSE:
            _full_houses(h, out, lk)
        if lc is None or lc == STRAIGHT:
            _straights(h, out, lk)
        if lc is None or lc == PAIRS:
            _runs(h, out, PAIRS, PAIRS_TOPS, 3, 2, lk)
        if lc is None or lc == TRIPLES:
            _runs(h, out, TRIPLES, TRIPLES_TOPS, 2, 3, lk)
        _bombs(h, out, None)
    else:
        _bombs(h, out, power(last[0], last[1], last[2], level))
    return out


def _by_value(level: int) -> list[int]:
    """Ranks 2..14 in rising card order (the level rank last)."""
    return [r for r in range(2, 15) if r != level] + [level]


def _singles(h: HandIndex, out: list, lk: int) -> None:
    level = h.level
    for r in _by_value(level):
        if value(r, level) <= lk:
            continue
        for s in range(4):
            ids = h.by[r][s]
            if ids:
                out.append(_play(SINGLE, r, (ids[0],)))
        if r == level and h.wild:
            out.append(_play(SINGLE, r, (h.wild[0],)))
    if h.bj and BJ_RANK > lk:
        out.append(_play(SINGLE, BJ_RANK, (h.bj[0],)))
    if h.rj and RJ_RANK > lk:
        out.append(_play(SINGLE, RJ_RANK, (h.rj[0],)))


def _pairs(h: HandIndex, out: list, lk: int) -> None:
    level, wild = h.level, h.wild
    for r in _by_value(level):
        if value(r, level) <= lk:
            continue
        for o, j in h.groups(r, 2):
            if o:  # two wilds alone are only a level pair
                out.append(_play(PAIR, r, o + tuple(wild[:j])))
        if r == level and len(wild) == 2:
            out.append(_play(PAIR, r, tuple(wild)))
    if len(h.bj) == 2 and BJ_RANK > lk:
        out.append(_play(PAIR, BJ_RANK, tuple(h.bj)))
    if len(h.rj) == 2 and RJ_RANK > lk:
        out.append(_play(PAIR, RJ_RANK, tuple(h.rj)))


def _triples(h: HandIndex, out: list, lk: int) -> None:
    level, wild = h.level, h.wild
    for r in _by_value(level):
        if value(r, level) > lk:
            for o, j in h.groups(r, 3):
                out.append(_play(TRIPLE, r, o + tuple(wild[:j])))


def _full_houses(h: HandIndex, out: list, lk: int) -> None:
    level, wild = h.level, h.wild
    w = len(wild)
    pairs = []  # (natural ids, wilds used), one entry for a pair of two wilds
    for p in range(2, 15):
        for o, j in h.groups(p, 2):
            if o:
                pairs.append((p, o, j))
    if w == 2:
        pairs.append((0, (), 2))
    jokers = [tuple(x) for x in (h.bj, h.rj) if len(x) == 2]
    for t in _by_value(level):
        if value(t, level) <= lk:
            continue
        for to, tj in h.groups(t, 3):
            if not to:
                continue
            for p, po, pj in pairs:
                if p != t and tj + pj <= w:
                    out.append(_play(FULL_HOUSE, t, to + po + tuple(wild[: tj + pj])))
            for jp in jokers:
                out.append(_play(FULL_HOUSE, t, to + jp + tuple(wild[:tj])))


def _same_suit(ids) -> bool:
    s = ids[0] % FACES & 3
    return all(c % FACES & 3 == s for c in ids)


def _straights(h: HandIndex, out: list, lk: int) -> None:
    wild = h.wild
    for top in STRAIGHT_TOPS:
        if top <= lk:
            continue
        for ids, j in h.sequences(window(top, 5), 1):
            if j == 0 and _same_suit(ids):
                continue  # five natural cards of one suit: a straight flush only
            out.append(_play(STRAIGHT, top, ids + tuple(wild[:j])))


def _runs(h: HandIndex, out: list, combo: str, tops, length: int, m: int, lk: int) -> None:
    wild = h.wild
    for top in tops:
        if top > lk:
            for ids, j in h.sequences(window(top, length), m):
                out.append(_play(combo, top, ids + tuple(wild[:j])))


def _bombs(h: HandIndex, out: list, above: tuple | None) -> None:
    """Bombs, straight flushes and four jokers with a power above ``above``."""
    level, wild = h.level, h.wild
    w = len(wild)
    order = _by_value(level)
    flushes = _flushes(h) if above is None or above < (11, 15) else []
    for size in range(4, 11):
        if size == 6 and flushes:
            for top, ids in flushes:
                if above is None or (11, top) > above:
                    out.append(_play(STRAIGHT_FLUSH, top, ids))
            flushes = []
        if above is not None and 2 * size < above[0]:
            continue
        for r in order:
            if h.counts[r] + w < size:
                continue
            if above is not None and (2 * size, value(r, level)) <= above:
                continue
            for j in range(0, min(w, size) + 1):
                for o in h.opts(r, size - j):
                    out.append(_play(BOMB, r, o + tuple(wild[:j])))
    for top, ids in flushes:  # only when no bomb of 6+ could be listed after them
        if above is None or (11, top) > above:
            out.append(_play(STRAIGHT_FLUSH, top, ids))
    if len(h.bj) == 2 and len(h.rj) == 2:
        out.append(_play(FOUR_JOKERS, RJ_RANK, tuple(h.bj + h.rj)))


def _flushes(h: HandIndex) -> list[tuple[int, tuple[int, ...]]]:
    """Straight flushes ``[(top, ids)]`` by rising top, then suit."""
    wild = h.wild
    w = len(wild)
    found = []
    by = h.by
    masks = [0, 0, 0, 0]
    for r in range(2, 15):
        for s in range(4):
            if by[r][s]:
                masks[s] |= 1 << r
    for top in STRAIGHT_TOPS:
        slots = _WINDOWS[top, 5]
        wm = _WINDOW_MASKS[top, 5]
        for s in range(4):
            if (masks[s] & wm).bit_count() + w < 5:
                continue
            partial = [((), 0)]
            for r in slots:
                ids = h.by[r][s]
                nxt = []
                for got, j in partial:
                    if ids:
                        nxt.append((got + (ids[0],), j))
                    if j < w:
                        nxt.append((got, j + 1))
                partial = nxt
            for got, j in partial:
                if got:
                    found.append((top, got + tuple(wild[:j])))
    return found


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
    "HandIndex",
    "play_key",
    "window",
    "face",
]
