"""Guandan hand planning for the bots: split a hand into few, strong plays.

:func:`hand_cost` scores a hand (lower is better): roughly the number of plays needed
to empty it, each play counting less the stronger it is (a strong play tends to win its
trick), bombs counting below zero (they take the lead back). Sequences (straights,
consecutive pairs and triples) are searched; the rest is grouped by rank (singles,
pairs, triples joined with pairs into full houses, bombs); the ♥ wilds are tried on
every rank and in sequence gaps. Suits are ignored (straight flushes are not planned).
Pure functions of rank counts, memoised.
"""

from __future__ import annotations

from functools import lru_cache

from engine.guandan.cards import FACES, wild_face

_SEQS = []  # (kind, ranks, cards per rank): straights, consecutive pairs, triples
for _top in range(5, 15):
    _SEQS.append((0, tuple(14 if r == 1 else r for r in range(_top - 4, _top + 1)), 1))
for _top in range(3, 15):
    _SEQS.append((1, tuple(14 if r == 1 else r for r in range(_top - 2, _top + 1)), 2))
for _top in range(2, 15):
    _SEQS.append((2, tuple(14 if r == 1 else r for r in range(_top - 1, _top + 1)), 3))
_SEQS = tuple(_SEQS)


def split(hand, level: int) -> tuple[tuple[int, ...], int, int, int]:
    """``(counts, wilds, black jokers, red jokers)``: ``counts[r]`` natural cards of rank
    ``r`` (index 2..14; 0 and 1 unused) without the ♥ wilds."""
    counts = [0] * 15
    w = bj = rj = 0
    wf = wild_face(level)
    for c in hand:
        f = c - FACES if c >= FACES else c
        if f == wf:
            w += 1
        elif f < 52:
            counts[(f >> 2) + 2] += 1
        elif f == 52:
            bj += 1
        else:
            rj += 1
    return tuple(counts), w, bj, rj


def strength(value: int) -> float:
    """How likely a group whose card-order value is ``value`` wins its trick (0..0.9)."""
    if value <= 9:
        return 0.0
    return min(0.9, (value - 9) * 0.12)


@lru_cache(maxsize=400_000)
def _base(counts: tuple, w: int, level: int) -> float:
    """Cost of grouping ``counts`` by rank, the wilds tried on every rank."""
    best = _groups(counts, level) + (w and _COST[15] * w)
    if w:
        for r in range(2, 15):
            if counts[r]:
                c = list(counts)
                c[r] += 1
                best = min(best, _base(tuple(c), w - 1, level))
    return best


#: ``1 - strength(v)``: the cost of a single or pair of card-order value ``v``.
_COST = tuple(1 - strength(v) for v in range(20))


def _groups(counts: tuple, level: int) -> float:
    """Cost of ``counts`` grouped by rank: singles, pairs, triples (joined with the
    lowest pairs into full houses) and bombs (below zero). The sums run in a fixed
    order (singles and bombs, then pairs, then triples) so that equal hands cost
    exactly the same."""
    cost = 0.0
    pair_vals = []
    triple_vals = []
    cost_of = _COST
    for r in range(2, 15):
        n = counts[r]
        if n:
            v = 15 if r == level else r
            if n == 1:
                cost += cost_of[v]
            elif n == 2:
                pair_vals.append(v)
            elif n == 3:
                triple_vals.append(v)
            else:
                cost -= 0.5 + 0.1 * (n - 4)
    for v in pair_vals:
        cost += cost_of[v]
    for v in triple_vals:
        cost += cost_of[v + 1]
    # a full house joins a triple with a pair: one play fewer (the lowest pairs go)
    fh = min(len(triple_vals), len(pair_vals))
    if fh:
        pair_vals.sort()
        cost -= sum(cost_of[v] for v in pair_vals[:fh])
    return cost


_SEQ_MASKS = tuple(sum(1 << r for r in ranks) for _, ranks, _ in _SEQS)


@lru_cache(maxsize=400_000)
def _cost(counts: tuple, w: int, level: int, start: int) -> float:
    best = _base(counts, w, level)
    m1 = m2 = m3 = m4 = 0
    for r in range(2, 15):
        n = counts[r]
        if n:
            b = 1 << r
            m1 |= b
            if n >= 2:
                m2 |= b
                if n >= 3:
                    m3 |= b
                    if n >= 4:
                        m4 |= b
    if not m1:
        return best
    over = (m2, m3, m4)  # ranks holding more than m cards (1, 2, 3 a rank)
    for i in range(start, len(_SEQS)):
        wm = _SEQ_MASKS[i]
        kind, ranks, m = _SEQS[i]
        if wm & m4 or (kind and wm & over[m - 1]):
            continue  # never break a bomb; keep extra cards of a rank whole
        # missing cards: m for an absent rank, fewer for a partly held one
        need = m * (len(ranks) - (wm & m1).bit_count())
        if m >= 2:
            need += (wm & m1 & ~m2).bit_count() * (m - 1)
            if m == 3:
                need += (wm & m2 & ~m3).bit_count()
        if need > w or need > (2 if kind == 0 else 1):
            continue
        c = list(counts)
        for r in ranks:
            c[r] = c[r] - m if c[r] > m else 0
        seq_cost = _COST[ranks[-1] + (1 if kind == 0 else 2)]
        got = seq_cost + _cost(tuple(c), w - need, level, i)
        if got < best:
            best = got
    return best


def _joker_cost(bj: int, rj: int) -> float:
    if bj == 2 and rj == 2:
        return -1.5
    cost = 0.0
    for n, v in ((bj, 16), (rj, 17)):
        if n:
            cost += 1 - strength(v + (n == 2))
    return cost


def hand_cost(hand, level: int) -> float:
    """Cost of the hand ``hand`` (card ids) at ``level``: lower is better; 0 for an
    empty hand."""
    if not hand:
        return 0.0
    counts, w, bj, rj = split(hand, level)
    return _cost(counts, w, level, 0) + _joker_cost(bj, rj)


def quick_rest(held: tuple, used: tuple, level: int) -> float:
    """A quick estimate of :func:`hand_cost` of what is left of a hand (``held``, its
    :func:`split`) after playing ``used`` (each card's rank 2..14, -1 for a wild, 52
    and 53 for the jokers): rank groups only, no sequences, the wilds counted as
    level cards. For sorting many candidate plays before planning the best of them."""
    return quick_counts(*without(held, used), level)


def without(held: tuple, used: tuple) -> tuple:
    """A split hand (``held``: ``(counts, wilds, black jokers, red jokers)``, see
    :func:`split`) less the cards ``used`` (each card's rank 2..14, -1 for a wild, 52 and
    53 for the jokers): the same four fields, ``counts`` a new tuple. Counts are not
    checked: a rank that is not held goes negative."""
    counts, w, bj, rj = held
    rest = list(counts)
    for r in used:
        if r < 0:
            w -= 1
        elif r == 52:
            bj -= 1
        elif r == 53:
            rj -= 1
        else:
            rest[r] -= 1
    return tuple(rest), w, bj, rj


@lru_cache(maxsize=100_000)
def quick_counts(counts: tuple, w: int, bj: int, rj: int, level: int) -> float:
    """The quick estimate of a hand from its natural ``counts`` per rank, ``w``
    wilds and ``bj`` / ``rj`` jokers (see :func:`quick_rest`)."""
    return _groups(counts, level) + _COST[15] * w + _joker_cost(bj, rj)
