"""What this deal's plays and passes say about the hands a seat cannot see: the
``reads`` sampler's clues (issue 17; :class:`engine.guandan.search.Deck` deals with them).

A player who plans its hand like the ``normal`` bot sheds its weakest loose group
first and does not pass when a loose card (or pair, triple) beats the play cheaply.
So each of another seat's decisions this deal is read as a clue about the hand it
held *then* (its current hand plus what it played after), in card-order values
(2..14, 15 the level rank, 16 / 17 the black / red joker; ♥ wilds say nothing):

* ``lead``: it led a single, pair or triple of value ``w`` (not going out, no
  opponent down to 2 cards or fewer): it held no lower value exactly once, twice or
  three times (a normal player leads its lowest loose group);
* ``follow``: it beat an opponent's single or pair of value ``v`` with the same type
  of value ``w`` (not going out): it held no value strictly between ``v`` and ``w``
  exactly once (twice);
* ``pass``: it passed on an opponent's single or pair of value ``v``: it held no
  value above ``v`` exactly once (twice);
* ``bomb``: it passed while the opponent who played was down to 3 cards or fewer:
  it held no bomb (four or more of a natural value, or all four jokers).

:data:`SHAPES` lists the exact ranges. These are likelihoods, not certainties
(players pass and lead strategically, a loose card may belong to a straight): a
dealing that breaks a clue is weighted by the clue's weight, the odds ratio measured
over normal self-play (one-deal matches, seeds 0-79), rounded: the odds that the
deciding hand broke the clue against the odds that the partner's hand at the same
moment would have. E.g. a led single came from a hand holding a lower loose card in
4.0% of 346 leads, against 30.6% for the partner's hand: 0.094, weight 0.1. A pass
on a single (0.185 by that measure) is weighted 0.1: P(pass | a loose beater held)
/ P(pass | none held) was 19/463 against 448/576 (seeds 0-59), 0.053.

Pure functions of the view: nothing here reads a hidden card.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.guandan.cards import DECK_SIZE, FACES, wild_face
from engine.guandan.state import PLAYERS

#: The clues each kind of decision gives: ``(kind, combo) -> [(size, offset, cap,
#: weight)]``: no value held exactly ``size`` times between the bounds — above the
#: beaten value and below ``min(value + offset, cap)`` for a follow, below that
#: for a lead, above the beaten value for a pass — else the dealing's weight is
#: multiplied by ``weight`` (the measured odds ratio, see the module docstring).
SHAPES = {
    ("lead", "single"): [(1, 0, 18, 0.1), (2, -2, 18, 0.25), (3, 0, 18, 0.25)],
    ("lead", "pair"): [(2, 0, 18, 0.1), (1, 0, 10, 0.25), (3, 0, 18, 0.35)],
    ("lead", "triple"): [(1, 0, 10, 0.25), (2, 0, 18, 0.15), (3, 0, 18, 0.15)],
    ("follow", "single"): [(1, 0, 18, 0.25)],
    ("follow", "pair"): [(2, 0, 18, 0.4)],
    ("pass", "single"): [(1, 0, 18, 0.1)],
    ("pass", "pair"): [(2, 0, 18, 0.4)],
}
#: The weight of a dealing where a seat that passed while the opponent who played
#: was down to 3 cards or fewer holds a bomb.
BOMB_WEIGHT = 0.25
#: Values 0..17: 0 for a ♥ wild.
VALUES = 18

_VALUE_TABLES: dict[int, tuple[int, ...]] = {}


def values(level: int) -> tuple[int, ...]:
    """Per card id (0..107): its card-order value at ``level`` for the clues: 2..14 a
    natural rank, 15 the level rank, 16 / 17 the black / red joker, 0 a ♥ wild."""
    got = _VALUE_TABLES.get(level)
    if got is None:
        wf = wild_face(level)
        out = []
        for c in range(DECK_SIZE):
            f = c % FACES
            if f == wf:
                out.append(0)
            elif f >= 52:
                out.append(16 + (f - 52))
            else:
                r = (f >> 2) + 2
                out.append(15 if r == level else r)
        got = _VALUE_TABLES[level] = tuple(out)
    return got


def play_value(rank_: int, level: int) -> int:
    """The clue value of a play's rank (16 / 17 jokers, 15 the level rank)."""
    return 15 if rank_ == level else rank_


@dataclass(frozen=True)
class Clue:
    """``seat`` held, at decision ``index`` of the deal's plays, no value ``u`` with
    ``lo < u < hi`` exactly ``size`` times (``kind`` ``pass``, ``follow``, ``lead``),
    or no bomb (``kind == "bomb"``, ``size`` 0). ``later``: per value, the cards the
    seat played after that decision (added back to its hand to check the clue)."""

    seat: int
    kind: str
    size: int
    lo: int
    hi: int
    index: int
    later: tuple[int, ...]
    weight: float


def read_clues(view: dict) -> list[Clue]:
    """Every clue (see the module docstring) that this deal's plays and passes give
    about the seats other than the view's own, in play order."""
    me, level = view["seat"], view["level"]
    vals = values(level)
    plays = view["plays"]
    counts = list(view["hand_counts"])  # each hand's size when this deal's play began
    for p in plays:
        counts[p["seat"]] += len(p.get("cards", ()))
    out: list[int] = []
    last = None  # (seat, combo, value)
    passes = 0
    found: list[tuple] = []  # (seat, kind, size, lo, hi, index, weight)

    def read(seat: int, kind: str, combo: str, lo: int, value: int, i: int) -> None:
        for size, offset, cap, w in SHAPES.get((kind, combo), ()):
            if kind == "pass":
                found.append((seat, kind, size, lo, 18, i, w))
            else:
                found.append((seat, kind, size, lo, min(value + offset, cap), i, w))

    for i, p in enumerate(plays):
        seat = p["seat"]
        if p["type"] == "play":
            n = len(p["cards"])
            combo = p["combo"]
            value = play_value(p["rank"], level)
            going_out = counts[seat] == n
            if seat != me and not going_out:
                if last is None:
                    opp_min = min(
                        (counts[s] for s in ((seat + 1) % 4, (seat + 3) % 4) if counts[s]),
                        default=99,
                    )
                    if opp_min > 2:
                        read(seat, "lead", combo, 1, value, i)
                elif (last[0] - seat) % 2 and last[1] == combo:
                    read(seat, "follow", combo, last[2], value, i)
            counts[seat] -= n
            if counts[seat] == 0:
                out.append(seat)
            last = (seat, combo, value)
            passes = 0
            continue
        if last is None:
            continue
        lseat, combo, value = last
        if seat != me and (lseat - seat) % 2:  # a pass on an opponent's play
            read(seat, "pass", combo, value, value, i)
            if 0 < counts[lseat] <= 3:
                found.append((seat, "bomb", 0, 0, 0, i, BOMB_WEIGHT))
        passes += 1
        active = PLAYERS - len(out)
        if passes >= (active if lseat in out else active - 1):
            last, passes = None, 0
    clues = []
    for seat, kind, size, lo, hi, i, w in found:
        later = [0] * VALUES
        for p in plays[i + 1 :]:
            if p["seat"] == seat and p["type"] == "play":
                for c in p["cards"]:
                    later[vals[c]] += 1
        clues.append(Clue(seat, kind, size, lo, hi, i, tuple(later), w))
    return clues


def held_then(hand, clue: Clue, vals: tuple[int, ...]) -> list[int]:
    """Per value, the cards of ``hand`` (ids) plus ``clue.later``: what the seat held
    at the clue's decision."""
    held = list(clue.later)
    for c in hand:
        held[vals[c]] += 1
    return held


def breaks(held: list[int], clue: Clue) -> list[int]:
    """The values by which ``held`` (per value, :func:`held_then`) breaks ``clue``:
    for a bomb clue each natural value held four times or more (17 for all four
    jokers), else each value strictly between ``lo`` and ``hi`` held exactly
    ``size`` times. ``[]`` when the clue holds."""
    if clue.kind == "bomb":
        got = [u for u in range(2, 16) if held[u] >= 4]
        if held[16] == 2 and held[17] == 2:
            got.append(17)
        return got
    size = clue.size
    return [u for u in range(clue.lo + 1, min(clue.hi, VALUES)) if held[u] == size]


def weight(hand, clues: list[Clue], vals: tuple[int, ...]) -> float:
    """The product of the weights of the ``clues`` (one seat's) that ``hand`` breaks."""
    w = 1.0
    base = [0] * VALUES
    for c in hand:
        base[vals[c]] += 1
    for clue in clues:
        held = [a + b for a, b in zip(base, clue.later, strict=True)]
        if breaks(held, clue):
            w *= clue.weight
    return w


def offending(hand, clues: list[Clue], vals: tuple[int, ...]) -> list[int]:
    """Cards of ``hand`` whose moving to another hand mends a broken clue of its seat:
    one card of each value that breaks one (a card the seat still holds; a value held
    only in cards played later cannot be mended)."""
    base = [0] * VALUES
    first: dict[int, int] = {}
    for c in hand:
        v = vals[c]
        base[v] += 1
        first.setdefault(v, c)
    out: list[int] = []
    for clue in clues:
        held = [a + b for a, b in zip(base, clue.later, strict=True)]
        for u in breaks(held, clue):
            c = first.get(u)
            if c is not None and c not in out:
                out.append(c)
    return out
