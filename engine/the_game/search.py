"""The Game's adapter for the shared determinized search (:mod:`engine.search`) and
the fast pieces it plays with (issue 17).

* :class:`Rollout` — :class:`~engine.the_game.fast.TheGameSimulation` with a mask of
  the live cards (not yet played) and **turn plans** as single codes: a negative code
  packs a sequence of plays by one seat, played in order and followed by the end of
  the turn (or the declared block when the minimum was not reached). Plans are what
  the search compares at the root and what rollouts play, one code per turn.
* :func:`greedy_plan` — the rollout policy: the cheapest move by *burn* (live cards a
  pile can no longer take; a backwards trick has a negative burn) until the minimum
  is played, then further moves while they are free; a pile another seat holds a
  close card or a trick card for costs a penalty (what honest "dont-play" signals
  say, the-game.md "Communication"). Its own hand and public facts only, apart from
  that stand-in for the other seats' signals.
* :class:`TheGameAdapter` — determinizes the hidden cards (other hands and the draw
  pile) from the view: the pool is every card neither in the seat's hand nor on a
  pile, dealt at random to the other hands (their sizes are public) and the draw pile;
  the other seats' pile signals are *soft* information (a deal in which a seat
  signalling "dont-play" on a pile holds no card close to it is kept only with
  probability ``soft``). The reward is cooperative: every seat gets the same value,
  ``1 - left / 98`` plus ``win_bonus`` for a win, ``left`` the cards not played.
  Root candidates are whole turn plans (:func:`turn_plans`).
"""

from __future__ import annotations

import random
from typing import Hashable, Sequence

from engine.core import Action
from engine.search import Adapter
from engine.the_game.fast import BLOCK, END, TheGameSimulation
from engine.the_game.rules import GAME
from engine.the_game.state import BACK, CARDS, PILES, TOTAL, TheGameState

INFINITE = float("inf")
#: Every card live (bits 2..99).
ALL_LIVE = sum(1 << c for c in CARDS)
#: Bits of a plan code per play (play codes are 0..391, stored plus one).
_BITS = 9
_MASK = (1 << _BITS) - 1

#: The rollout policy's knobs (see :func:`greedy_plan`).
ROLLOUT = {
    "trick_bonus": 4,  # a backwards trick costs minus its recovered cards minus this
    "claim_penalty": 3,  # playing a non-free card on a pile another seat holds a card for
    "free": 1,  # burns up to this ignore the other seats' claims
    "close": 3,  # another seat's card within this distance of a top claims the pile
    "extra": 0,  # play beyond the minimum while a move costs at most this ...
    "extra_end": 0,  # ... once the draw pile is empty
    "w0": 8.0,  # weight of a burned card no other pile takes
    "w1": 1.0,  # ... one other pile takes
    "w2": 0.5,  # ... two or more
}


# --------------------------------------------------------------------------- plan codes
def encode_plan(moves: Sequence[int]) -> int:
    """The code of a turn plan: ``moves`` are play codes (``(card - 2) * 4 + pile``)
    in order; the result is negative (``-1`` is the empty plan: end the turn)."""
    code = 0
    for m in reversed(moves):
        code = (code << _BITS) | (m + 1)
    return -1 - code


def decode_plan(code: int) -> list[int]:
    """The play codes of a plan code (inverse of :func:`encode_plan`)."""
    x, out = -1 - code, []
    while x:
        out.append((x & _MASK) - 1)
        x >>= _BITS
    return out


def plan_actions(code: int) -> list[dict]:
    """The action dicts of a plan code, its plays in order (the end of the turn not
    included)."""
    return [GAME.decode_action(m) for m in decode_plan(code)]


# --------------------------------------------------------------------------- the simulation
class Rollout(TheGameSimulation):
    """:class:`TheGameSimulation` plus ``live`` (bit ``c`` set while card ``c`` is not
    played) and plan codes (negative, :func:`encode_plan`): a plan plays its cards, then
    ends the turn, or declares the block when the minimum is not reached (the plan's
    maker guarantees that no card fits then). ``published`` (bool): also watch the
    published simulator's end rule — ``stopped`` turns True when, the draw pile empty,
    an end of turn passes to a seat with no card while cards are left
    (``tools/baselines.py``)."""

    __slots__ = ("live", "published", "stopped")

    @classmethod
    def from_state(cls, state: TheGameState, published: bool = False) -> "Rollout":
        sim = super().from_state(state)
        live = ALL_LIVE
        for pile in state.piles:
            for c in pile:
                live &= ~(1 << c)
        sim.live = live
        sim.published = published
        sim.stopped = False
        return sim

    def copy(self) -> "Rollout":
        sim = Rollout.__new__(Rollout)
        for name in _SCALARS:
            setattr(sim, name, getattr(self, name))
        sim.deck = self.deck[:]
        sim.hands = [h[:] for h in self.hands]
        sim.piles = [p[:] for p in self.piles]
        sim.tops = self.tops[:]
        sim.signals = [r[:] for r in self.signals]
        sim.signal_turns = [r[:] for r in self.signal_turns] if self.signal_turns else None
        return sim

    def play(self, seat: int, code: int) -> None:
        """Apply ``code`` (an action code or a plan code) by ``seat``, unchecked."""
        if code >= 0:
            if code < END:
                self.live &= ~(1 << (code // 4 + 2))
            TheGameSimulation.play(self, seat, code)
            if code == END and self.published:
                self._watch(seat)
            return
        x = -1 - code
        base_play = TheGameSimulation.play
        while x:
            m = (x & _MASK) - 1
            x >>= _BITS
            self.live &= ~(1 << (m // 4 + 2))
            base_play(self, seat, m)
            if self.over:
                return
        if self.to_play():
            self.blocked = self.over = True
            return
        TheGameSimulation.play(self, seat, END)
        if self.published:
            self._watch(seat)

    def _watch(self, seat: int) -> None:
        if not self.deck and not self.over and not self.hands[(seat + 1) % self.players]:
            self.stopped = True


_SCALARS = tuple(
    name
    for name in TheGameSimulation.__slots__ + Rollout.__slots__
    if name not in ("deck", "hands", "piles", "tops", "signals", "signal_turns")
)


# --------------------------------------------------------------------------- the rollout policy
def claims(sim: TheGameSimulation, seat: int, close: int) -> int:
    """A 4-bit mask: pile ``p`` is claimed when another seat holds a card within
    ``close`` of its top in its direction, or its backwards-trick card."""
    held = 0
    for s, hand in enumerate(sim.hands):
        if s != seat:
            for c in hand:
                held |= 1 << c
    if not held:
        return 0
    out = 0
    near = (1 << close) - 1
    for p, t in enumerate(sim.tops):
        if p < 2:
            hit = (held >> (t + 1)) & near or (t - BACK >= 2 and held >> (t - BACK) & 1)
        else:
            lo = max(0, t - close)
            hit = (held >> lo) & ((1 << (t - lo)) - 1) or (
                t + BACK <= 99 and held >> (t + BACK) & 1
            )
        if hit:
            out |= 1 << p
    return out


def move_costs(hand, tops, live: int, claimed: int, k: dict) -> list[tuple[float, int, int]]:
    """Every fitting move of ``hand`` on ``tops`` as ``(cost, card, pile)``: the burn
    (live cards skipped), each burned card weighted ``w0`` / ``w1`` / ``w2`` when no /
    one / several other piles still take it; a backwards trick costs minus its
    recovered live cards and ``trick_bonus``; ``claim_penalty`` more on a pile of
    ``claimed`` (a 4-bit mask) when more than ``free`` live cards are skipped."""
    bonus, free, pen = k["trick_bonus"], k["free"], k["claim_penalty"]
    w0, w1, w2 = k["w0"], k["w1"], k["w2"]
    a1, a2, d1, d2 = tops
    takes = (
        live & ~((2 << a1) - 1),
        live & ~((2 << a2) - 1),
        live & ((1 << d1) - 1),
        live & ((1 << d2) - 1),
    )
    out = []
    for p in range(4):
        t = tops[p]
        x, y, z = [takes[q] for q in range(4) if q != p]
        anyo = x | y | z
        two = (x & y) | (x & z) | (y & z)
        asc = p < 2
        for c in hand:
            if asc:
                if c > t:
                    burned = live & (((1 << (c - t - 1)) - 1) << (t + 1))
                elif c == t - BACK:
                    out.append((-((live >> (c + 1)) & 511).bit_count() - bonus, c, p))
                    continue
                else:
                    continue
            elif c < t:
                burned = live & (((1 << (t - c - 1)) - 1) << (c + 1))
            elif c == t + BACK:
                out.append((-((live >> (t + 1)) & 511).bit_count() - bonus, c, p))
                continue
            else:
                continue
            if not burned:
                out.append((0, c, p))
                continue
            n = burned.bit_count()
            n0 = (burned & ~anyo).bit_count()
            n2 = (burned & two).bit_count()
            b = w0 * n0 + w1 * (n - n0 - n2) + w2 * n2
            if n > free and claimed >> p & 1:
                b += pen
            out.append((b, c, p))
    return out


def cheapest(hand: list[int], tops: list[int], live: int, claimed: int, k: dict):
    """The minimum of :func:`move_costs` as ``(cost, card, pile)``, or None when no card
    fits; the same value, faster: on a pile the cost never falls as a card lies further
    from the top, so only each pile's nearest card and its backwards-trick card count.
    Ties go to the lower card, then the lower pile (as ``min`` of the full list)."""
    bonus, free, pen = k["trick_bonus"], k["free"], k["claim_penalty"]
    w0, w1, w2 = k["w0"], k["w1"], k["w2"]
    a1, a2, d1, d2 = tops
    takes = (
        live & ~((2 << a1) - 1),
        live & ~((2 << a2) - 1),
        live & ((1 << d1) - 1),
        live & ((1 << d2) - 1),
    )
    best = None
    for p in range(4):
        t = tops[p]
        if p < 2:
            near = trick = None
            for c in hand:
                if c > t:
                    near = c
                    break
                if c == t - BACK:
                    trick = c
            if trick is not None:
                cand = (-((live >> (trick + 1)) & 511).bit_count() - bonus, trick, p)
                if best is None or cand < best:
                    best = cand
            if near is None:
                continue
            burned = live & (((1 << (near - t - 1)) - 1) << (t + 1))
            c = near
        else:
            near = trick = None
            for c in reversed(hand):
                if c < t:
                    near = c
                    break
                if c == t + BACK:
                    trick = c
            if trick is not None:
                cand = (-((live >> (t + 1)) & 511).bit_count() - bonus, trick, p)
                if best is None or cand < best:
                    best = cand
            if near is None:
                continue
            burned = live & (((1 << (t - near - 1)) - 1) << (near + 1))
            c = near
        if not burned:
            cand = (0, c, p)
        else:
            x, y, z = [takes[q] for q in range(4) if q != p]
            n = burned.bit_count()
            n0 = (burned & ~(x | y | z)).bit_count()
            n2 = (burned & ((x & y) | (x & z) | (y & z))).bit_count()
            b = w0 * n0 + w1 * (n - n0 - n2) + w2 * n2
            if n > free and claimed >> p & 1:
                b += pen
            cand = (b, c, p)
        if best is None or cand < best:
            best = cand
    return best


def greedy_plan(sim: Rollout, seat: int, k: dict = ROLLOUT) -> list[int]:
    """The rollout policy's plays for ``seat``'s turn (play codes, in order):
    :func:`greedy_moves` with the other seats' :func:`claims`. Under the published
    end rule (``sim.published``), once the draw pile is empty and a seat has no card,
    it plays every card it can: the game stops when that seat is due, so everything
    must go before."""
    held = 0
    for c in sim.hands[seat]:
        held |= 1 << c
    extra = k["extra"] if sim.deck else k["extra_end"]
    if sim.published and not sim.deck and not all(sim.hands):
        extra = INFINITE  # a seat is out of cards: the game stops when it is due
    claimed = claims(sim, seat, k["close"]) if sim.players > 1 else 0
    return greedy_moves(held, sim.tops, sim.live, sim.to_play(), extra, claimed, k)


def greedy_moves(
    held: int, tops: Sequence[int], live: int, need: int, extra: float, claimed: int, k: dict
) -> list[int]:
    """The greedy turn (play codes, in order) of a hand given as a bit mask ``held``.

    Each step takes the cheapest *single* move (:func:`cheapest`, computed here on bit
    masks) or the cheapest *pair*: a card and the card 10 above it, played so that the
    second is a backwards trick (on an ascending pile ``x + 10`` then ``x``; on a
    descending one ``x`` then ``x + 10``), which moves the pile like one card and
    plays two (its cost is that of the pile's net move, :func:`pair_costs`). With
    two or more cards due, a pair is taken when it costs less than the two cheapest
    singles of different cards (the second among each pile's nearest card and its
    backwards-trick card); else when it costs less than the cheapest single.
    Cards are played until ``need`` are played, then while the step costs at most
    ``extra``. Stops early only when no card fits (the turn then ends in a block).

    The rollouts' hot path (issue 17): written out inline, without helper calls."""
    tops = list(tops)
    bonus, free, pen = k["trick_bonus"], k["free"], k["claim_penalty"]
    w0, w1, w2 = k["w0"], k["w1"], k["w2"]
    out: list[int] = []
    while held:
        a1, a2, d1, d2 = tops
        t0, t1 = live & ~((2 << a1) - 1), live & ~((2 << a2) - 1)
        t2, t3 = live & ((1 << d1) - 1), live & ((1 << d2) - 1)
        # Per pile: the live cards some other pile takes, and those two or more take.
        t23, t01 = t2 | t3, t0 | t1
        anyo = (t1 | t23, t0 | t23, t01 | t3, t01 | t2)
        b23, b01 = t2 & t3, t0 & t1
        two = (
            (t1 & t23) | b23,
            (t0 & t23) | b23,
            (t01 & t3) | b01,
            (t01 & t2) | b01,
        )
        # The cheapest single (best) and the cheapest single of another card (second),
        # over each pile's nearest card and its backwards-trick card.
        best = second = None
        for p in range(4):
            t = tops[p]
            if p < 2:
                if t - BACK >= 2 and held >> (t - BACK) & 1:
                    cand = (-((live >> (t - BACK + 1)) & 511).bit_count() - bonus, t - BACK, p)
                    if best is None or cand < best:
                        if best is not None and best[1] != cand[1]:
                            second = best
                        best = cand
                    elif cand[1] != best[1] and (second is None or cand < second):
                        second = cand
                x = held >> (t + 1)
                if not x:
                    continue
                c = t + (x & -x).bit_length()
                burned = live & (((1 << (c - t - 1)) - 1) << (t + 1))
            else:
                if t + BACK <= 99 and held >> (t + BACK) & 1:
                    cand = (-((live >> (t + 1)) & 511).bit_count() - bonus, t + BACK, p)
                    if best is None or cand < best:
                        if best is not None and best[1] != cand[1]:
                            second = best
                        best = cand
                    elif cand[1] != best[1] and (second is None or cand < second):
                        second = cand
                y = held & ((1 << t) - 1)
                if not y:
                    continue
                c = y.bit_length() - 1
                burned = live & (((1 << (t - c - 1)) - 1) << (c + 1))
            if burned:
                n = burned.bit_count()
                n0 = (burned & ~anyo[p]).bit_count()
                n2 = (burned & two[p]).bit_count()
                b = w0 * n0 + w1 * (n - n0 - n2) + w2 * n2
                if n > free and claimed >> p & 1:
                    b += pen
                cand = (b, c, p)
            else:
                cand = (0, c, p)
            if best is None or cand < best:
                if best is not None and best[1] != c:
                    second = best
                best = cand
            elif c != best[1] and (second is None or cand < second):
                second = cand
        pair = None
        pairs = held & (held >> BACK)
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            x = low.bit_length() - 1
            for p in range(4):
                t = tops[p]
                if p < 2:
                    if x + BACK <= t:
                        continue
                    if x > t:
                        burned = live & (((1 << (x - t - 1)) - 1) << (t + 1))
                    else:
                        b = -((live >> (x + 1)) & ((1 << (t - x - 1)) - 1)).bit_count() - bonus
                        cand = (b, x + BACK, x, p)
                        if pair is None or cand < pair:
                            pair = cand
                        continue
                    first, last = x + BACK, x
                else:
                    if x >= t:
                        continue
                    z = x + BACK
                    if z < t:
                        burned = live & (((1 << (t - z - 1)) - 1) << (z + 1))
                    else:
                        b = -((live >> (t + 1)) & ((1 << (z - t - 1)) - 1)).bit_count() - bonus
                        cand = (b, x, z, p)
                        if pair is None or cand < pair:
                            pair = cand
                        continue
                    first, last = x, z
                if burned:
                    n = burned.bit_count()
                    n0 = (burned & ~anyo[p]).bit_count()
                    n2 = (burned & two[p]).bit_count()
                    b = w0 * n0 + w1 * (n - n0 - n2) + w2 * n2
                    if n > free and claimed >> p & 1:
                        b += pen
                else:
                    b = 0
                cand = (b, first, last, p)
                if pair is None or cand < pair:
                    pair = cand
        if pair is not None:
            if best is None:
                single = INFINITE
            elif need >= 2:
                single = best[0] + (second[0] if second is not None else INFINITE)
            else:
                single = best[0]
            if pair[0] < single and (need > 0 or pair[0] <= extra):
                b, c1, c2, p = pair
                out += [(c1 - 2) * 4 + p, (c2 - 2) * 4 + p]
                held &= ~((1 << c1) | (1 << c2))
                live &= ~((1 << c1) | (1 << c2))
                tops[p] = c2
                need -= 2
                continue
        if best is None:
            break
        b, c, p = best
        if need <= 0 and b > extra:
            break
        out.append((c - 2) * 4 + p)
        held &= ~(1 << c)
        live &= ~(1 << c)
        tops[p] = c
        need -= 1
    return out


def pair_costs(hand: Sequence[int], tops: Sequence[int], live: int, claimed: int, k: dict):
    """Every pair move of ``hand`` (see :func:`greedy_moves`) as ``(cost, first card,
    second card, pile)``: the cost of the pile's net move, priced like a single card
    by :func:`move_costs` (a net move back is a trick: minus the recovered live cards
    and ``trick_bonus``)."""
    out = []
    bonus = k["trick_bonus"]
    for x in hand:
        if x + BACK not in hand:
            continue
        for p in range(4):
            t = tops[p]
            if p < 2:
                if x + BACK <= t:
                    continue
                first, second, end = x + BACK, x, x
                back = x < t
            else:
                if x >= t:
                    continue
                first, second, end = x, x + BACK, x + BACK
                back = end > t
            if back:
                lo, hi = sorted((end, t))
                gain = sum(1 for c in range(lo + 1, hi) if live >> c & 1)
                out.append((-gain - bonus, first, second, p))
            else:
                single = [b for b, c, q in move_costs([end], tops, live, claimed, k) if q == p]
                out.append((single[0], first, second, p))
    return out


def rollout_code(sim: Rollout, seat: int, k: dict = ROLLOUT) -> int:
    """The plan code of :func:`greedy_plan` (a block is declared as such)."""
    if sim.is_blocked():
        return BLOCK
    return encode_plan(greedy_plan(sim, seat, k))


def play_out(sim: Rollout, k: dict = ROLLOUT) -> None:
    """Play ``sim`` to its end with the rollout policy, in place: the same as
    ``sim.play(sim.turn, rollout_code(sim, sim.turn, k))`` until ``sim.over``, without
    plan codes or helper calls (the lookahead's playouts, issue 17). A seat with no
    card that fits gets an empty plan, short of the minimum: the declared block."""
    hands, piles, tops, deck = sim.hands, sim.piles, sim.tops, sim.deck
    players, published = sim.players, sim.published
    close = k["close"]
    while not sim.over:
        seat = sim.turn
        hand = hands[seat]
        held = 0
        for c in hand:
            held |= 1 << c
        extra = k["extra"] if deck else k["extra_end"]
        if published and not deck and not all(hands):
            extra = INFINITE
        claimed = claims(sim, seat, close) if players > 1 else 0
        minimum = (3 if sim.expert else 2) if deck else 1
        played = sim.played
        need = minimum - played if played < minimum else 0
        for m in greedy_moves(held, tops, sim.live, need, extra, claimed, k):
            card = m // 4 + 2
            p = m % 4
            sim.live &= ~(1 << card)
            hand.remove(card)
            piles[p].append(card)
            tops[p] = card
            played += 1
            sim.placed += 1
            if sim.placed == TOTAL:
                sim.played = played
                sim.over = True
                return
        if played < minimum:
            sim.played = played
            sim.blocked = sim.over = True
            return
        sim._end_turn(seat)  # draw, pass on
        if published:
            sim._watch(seat)


# --------------------------------------------------------------------------- turn plans
def turn_plans(
    hand: Sequence[int],
    tops: Sequence[int],
    live: int,
    need: int,
    deck: int,
    claimed: int,
    k: dict = ROLLOUT,
    width: int = 4,
    limit: int = 8,
) -> list[list[int]]:
    """Up to ``limit`` distinct ways to play a turn (lists of play codes): every order
    of the ``width`` cheapest moves at each of the ``need`` cards still due, each
    then continued greedily with the cheapest moves while they cost at most 0 (free:
    no live card skipped, or a trick) and at most ``EXTRAS`` (a second variant; once
    the draw pile is empty, a third plays every card it can). Plans that end in the
    same pile tops are one (the order of plays does not matter then; the cheapest
    order is kept; two piles of a direction with equal tops and claims count as
    interchangeable).
    First the variants of the cheapest minimum (by total :func:`move_costs` cost),
    then the others by cost. When no order reaches the minimum, the one plan is the
    cheapest cards that fit (the turn then ends in a block)."""
    found: dict[tuple, tuple[float, list[int], tuple]] = {}

    def keep(cost: float, seq: list[int], tops_: Sequence[int], base: tuple) -> None:
        # Two piles of one direction with the same top and claim are interchangeable.
        marks = [(tops_[p], claimed >> p & 1) for p in range(4)]
        key = (tuple(sorted(marks[:2])), tuple(sorted(marks[2:])))
        old = found.get(key)
        if old is None or cost < old[0]:
            found[key] = (cost, seq, base)

    def extend(cost, seq, hand_, tops_, live_, limit_):
        hand_, tops_ = list(hand_), list(tops_)
        base, seq = (cost, tuple(seq)), list(seq)
        while hand_:
            ms = move_costs(hand_, tops_, live_, claimed, k)
            if not ms:
                break
            b, c, p = min(ms)
            if b > limit_:
                break
            seq.append((c - 2) * 4 + p)
            cost += b
            hand_.remove(c)
            tops_[p] = c
            live_ &= ~(1 << c)
        keep(cost, seq, tops_, base)

    def dfs(cost, seq, hand_, tops_, live_, due):
        if due <= 0:
            keep(cost, seq, tops_, (cost, tuple(seq)))
            for limit_ in (0, EXTRAS) if deck else (0, EXTRAS, INFINITE):
                extend(cost, seq, hand_, tops_, live_, limit_)
            return
        ms = sorted(move_costs(hand_, tops_, live_, claimed, k))
        for b, c, p in ms[:width]:
            nt = list(tops_)
            nt[p] = c
            dfs(
                cost + b,
                seq + [(c - 2) * 4 + p],
                [x for x in hand_ if x != c],
                nt,
                live_ & ~(1 << c),
                due - 1,
            )

    dfs(0.0, [], list(hand), list(tops), live, need)
    if not found:  # the minimum cannot be reached: play what fits, cheapest first
        seq, hand_, tops_, live_ = [], list(hand), list(tops), live
        while True:
            ms = move_costs(hand_, tops_, live_, claimed, k)
            if not ms:
                return [seq]
            b, c, p = min(ms)
            seq.append((c - 2) * 4 + p)
            hand_.remove(c)
            tops_[p] = c
            live_ &= ~(1 << c)
    # The variants of the cheapest minimum come first, then the rest by cost.
    best = min(v[2] for v in found.values())
    ranked = sorted(found.values(), key=lambda v: (v[2] != best, v[0], len(v[1]), v[1]))
    return [seq for _, seq, _ in ranked[:limit]]


#: The cost up to which the second extras variant of :func:`turn_plans` plays on.
EXTRAS = 3


def live_of(view: dict) -> int:
    """The live-card mask of a view: every card not on a pile."""
    live = ALL_LIVE
    for name in PILES:
        for c in view["piles"][name]:
            live &= ~(1 << c)
    return live


def view_claims(view: dict, close: int = ROLLOUT["close"]) -> int:
    """Piles other seats asked to keep (a "dont-play" signal), as a 4-bit mask."""
    seat, out = view["seat"], 0
    for p, name in enumerate(PILES):
        if any(v == "dont-play" for s, v in enumerate(view["signals"][name]) if s != seat):
            out |= 1 << p
    return out


def view_plans(view: dict, k: dict = ROLLOUT, width: int = 4, limit: int = 8) -> list[int]:
    """:func:`turn_plans` of the view's seat as plan codes (the seat must be active)."""
    plans = turn_plans(
        view["hand"],
        [view["tops"][n] for n in PILES],
        live_of(view),
        view["to_play"],
        view["deck"],
        view_claims(view),
        k,
        width,
        limit,
    )
    return [encode_plan(p) for p in plans]


# --------------------------------------------------------------------------- the adapter
#: What a pile signal promises, in live cards skipped (the bots' honest signals,
#: :func:`engine.the_game.plan.desired_signals`): "dont-play" a card skipping at most
#: 2 or a backwards-trick card, "can-play-well" at most 5.
PROMISE = {"dont-play": 2, "can-play-well": 5}
END_RULES = ("ours", "published")


def keeps_promise(hand: Sequence[int], top: int, pile: int, live: int, most: int) -> bool:
    """Whether ``hand`` holds a card for pile index ``pile`` with top ``top`` that skips
    at most ``most`` live cards, or its backwards-trick card."""
    for c in hand:
        if pile < 2:
            if c == top - BACK or (
                c > top and ((live >> (top + 1)) & ((1 << (c - top - 1)) - 1)).bit_count() <= most
            ):
                return True
        elif c == top + BACK or (
            c < top and ((live >> (c + 1)) & ((1 << (top - c - 1)) - 1)).bit_count() <= most
        ):
            return True
    return False


def fits_any(hand: Sequence[int], tops: Sequence[int]) -> bool:
    """Whether some card of ``hand`` fits some pile."""
    a1, a2, d1, d2 = tops
    for c in hand:
        if c > a1 or c > a2 or c < d1 or c < d2:
            return True
        if c in (a1 - BACK, a2 - BACK, d1 + BACK, d2 + BACK):
            return True
    return False


class TheGameAdapter(Adapter):
    """The search adapter of The Game (see the module docstring and
    :mod:`engine.search`). Settings (attributes): ``win_bonus`` (reward of a win on
    top of ``1 - left / 98``), ``soft`` (the chance a determinization keeps another
    seat's hand that breaks the promise of its pile signal, :data:`PROMISE`; 1.0
    ignores signals, 0.0 trusts them fully), ``tries`` (deals drawn per seat before
    the best one is kept), ``end_rule`` (``"ours"`` or ``"published"``: playouts also
    stop, and are scored, when the published simulator would end the game),
    ``plans`` and ``width`` (:func:`turn_plans` at the root and in the tree),
    ``rollout`` (the rollout policy's knobs, :data:`ROLLOUT`)."""

    game = GAME

    def __init__(
        self,
        win_bonus: float = 0.5,
        soft: float = 0.25,
        tries: int = 12,
        end_rule: str = "ours",
        plans: int = 8,
        width: int = 4,
        rollout: dict | None = None,
    ) -> None:
        self.win_bonus, self.soft, self.tries = win_bonus, soft, tries
        self.end_rule, self.plans, self.width = end_rule, plans, width
        self.rollout = dict(ROLLOUT, **(rollout or {}))

    # ------------------------------------------------------------------ hidden cards
    def determinize(self, view: dict, rng: random.Random) -> Rollout:
        """A :class:`Rollout` of a full table the seat cannot tell from its view: the
        cards neither in its hand nor on a pile dealt to the other hands (sizes kept)
        and the draw pile, uniformly apart from the soft weight of the other seats'
        signals; an active other seat gets a hand that agrees with the public fact of
        whether it is blocked. The engine generator is drawn from ``rng``."""
        seat, n = view["seat"], view["players"]
        piles = tuple(tuple(view["piles"][name]) for name in PILES)
        tops = [view["tops"][name] for name in PILES]
        live = live_of(view)
        pool = [c for c in CARDS if live >> c & 1 and c not in view["hand"]]
        rng.shuffle(pool)
        hands: list[tuple[int, ...]] = [()] * n
        hands[seat] = tuple(view["hand"])
        sizes = view["hand_sizes"]
        active = view["turn"]
        order = [s for s in range(n) if s != seat]
        if active in order and not view["over"] and view["to_play"] > 0:
            order.remove(active)
            order.insert(0, active)  # the most constrained seat first
        for s in order:
            size = sizes[s]
            promises = [
                (p, PROMISE[v])
                for p, name in enumerate(PILES)
                if (v := view["signals"][name][s]) in PROMISE
            ]
            need_block = None
            if s == active and not view["over"] and view["to_play"] > 0:
                need_block = not view["signals_open"]
            best, best_w = None, -1.0
            for attempt in range(self.tries):
                if attempt:
                    rng.shuffle(pool)
                hand = pool[:size]
                if need_block is not None and fits_any(hand, tops) == need_block:
                    continue
                w = 1.0
                for p, most in promises:
                    if not keeps_promise(hand, tops[p], p, live, most):
                        w *= self.soft
                if w > best_w:
                    best, best_w = hand, w
                if w >= 1.0 or rng.random() < w:
                    best = hand
                    break
            if best is None:  # the block fact could not be met at random: build it
                best = self._forced(pool, size, tops, bool(need_block), rng)
            hands[s] = tuple(sorted(best))
            taken = set(best)
            pool = [c for c in pool if c not in taken]
        rng.shuffle(pool)
        state = TheGameState(
            players=n,
            options=(
                ("expert", view["expert"]),
                ("smaller_hands", view["smaller_hands"]),
                ("start", None),
            ),
            rng=random.Random(rng.getrandbits(64)).getstate(),
            size=view["hand_size"],
            deck=tuple(pool),
            hands=tuple(hands),
            piles=piles,
            signals=tuple(tuple(view["signals"][name][s] for name in PILES) for s in range(n)),
            turn=active,
            played=view["played"],
            turns=view["turns"],
            blocked=view["over"] and not view["winners"],
            over=view["over"],
            signal_turns=tuple(
                tuple(view["turns"] if view["signalled"][name][s] else 0 for name in PILES)
                for s in range(n)
            ),
        )
        return Rollout.from_state(state, published=self.end_rule == "published")

    @staticmethod
    def _forced(pool: list[int], size: int, tops, blocked: bool, rng: random.Random) -> list[int]:
        """``size`` cards of ``pool``: all fitting no pile (``blocked``), or one that fits
        and the rest at random."""
        dead = [c for c in pool if not fits_any([c], tops)]
        if blocked:
            return rng.sample(dead, size)
        first = rng.choice([c for c in pool if c not in dead])
        rest = [c for c in pool if c != first]
        return [first] + rng.sample(rest, size - 1)

    # ------------------------------------------------------------------ moves
    def shortlist(self, view: dict, legal: list[Action]) -> list[Action]:
        """Single root actions for the generic :class:`~engine.search.SearchBot`: the
        first play of each of the seat's turn plans, then "end-turn" when it is legal
        (signals and a lone "declare-blocked" need no search)."""
        out: list[Action] = []
        for a in legal:
            if a["type"] == "declare-blocked":
                return [a]
        if view["turn"] == view["seat"]:
            for code in view_plans(view, self.rollout, self.width, self.plans):
                moves = decode_plan(code)
                if moves:
                    a = GAME.decode_action(moves[0])
                    if a not in out:
                        out.append(a)
        out += [a for a in legal if a["type"] == "end-turn"]
        return out or [legal[0]]

    def encode(self, action) -> int:
        """An action dict's code, or a plan code (an int) as it is."""
        return action if isinstance(action, int) else GAME.encode_action(action)

    def moves(self, sim: Rollout, seat: int) -> list[int]:
        """Inside the tree: the acting seat's turn plans (plan codes), or the block."""
        if sim.is_blocked():
            return [BLOCK]
        claimed = claims(sim, seat, self.rollout["close"]) if sim.players > 1 else 0
        plans = turn_plans(
            sim.hands[seat],
            sim.tops,
            sim.live,
            sim.to_play(),
            len(sim.deck),
            claimed,
            self.rollout,
            self.width,
            self.plans,
        )
        return [encode_plan(p) for p in plans]

    def rollout_policy(self, sim: Rollout, seat: int, rng: random.Random) -> int:
        """:func:`rollout_code`: one greedy turn plan."""
        return rollout_code(sim, seat, self.rollout)

    def observation(self, sim: Rollout, mover: int, code: int, seat: int) -> Hashable:
        """Plays are public (a plan code is its plays); the end of a turn shows the
        drawn cards to the drawer alone (its hand after the draw)."""
        if seat == mover and (code < 0 or code == END):
            return (mover, code, tuple(sim.hands[mover]))
        return (mover, code)

    # ------------------------------------------------------------------ reward
    def horizon_over(self, sim: Rollout) -> bool:
        """The end of the game, or the published simulator's end with that rule."""
        return sim.over or sim.stopped

    def evaluate(self, sim: Rollout) -> list[float]:
        """Every seat the same value: ``1 - left / 98``, plus ``win_bonus`` for a win;
        ``left`` is the cards not played at the end; at a cut-off (``depth``) the
        estimate of :func:`estimate`: its cards left, and ``win_bonus`` times its
        chance of a win."""
        if self.horizon_over(sim):
            left = sim.cards_left()
            value = 1.0 - left / TOTAL + (self.win_bonus if left == 0 else 0.0)
        else:
            left, win = estimate(sim)
            value = 1.0 - left / TOTAL + self.win_bonus * win
        return [value] * sim.players


def value_features(sim: Rollout) -> list[float]:
    """What the cut-off evaluation reads from a table (all public but ``tricks``, which
    reads the determinized hands): ``dead`` live cards no pile takes, ``single`` those
    only piles of one direction take, and one of those two at most, ``live`` cards not
    played, ``deck`` the draw pile's size, ``both`` live cards piles of both directions
    take, ``tricks`` piles whose backwards-trick card is in a hand; then each of these
    times ``live / 98`` (the stage of the game), then 1."""
    a1, a2, d1, d2 = sim.tops
    live = sim.live
    up = live & ~((2 << min(a1, a2)) - 1)
    up2 = live & ~((2 << max(a1, a2)) - 1)
    down = live & ((1 << max(d1, d2)) - 1)
    down2 = live & ((1 << min(d1, d2)) - 1)
    dead = (live & ~(up | down)).bit_count()
    single = ((up ^ up2) & ~down).bit_count() + ((down ^ down2) & ~up).bit_count()
    count = live.bit_count()
    held = 0
    for hand in sim.hands:
        for c in hand:
            held |= 1 << c
    tricks = 0
    for t in (a1 - BACK, a2 - BACK, d1 + BACK, d2 + BACK):
        if 2 <= t <= 99 and held >> t & 1:
            tricks += 1
    base = [dead, single, count, len(sim.deck), (up & down).bit_count(), tricks]
    stage = count / TOTAL
    return base + [x * stage for x in base] + [1.0]


#: Cut-off evaluation: per (players, end rule) the linear weights of
#: :func:`value_features` for the cards that will be left and for the chance of a
#: win, fitted to the rollout policy's own games (``tools/the_game_value.py``).
VALUE: dict[tuple[int, str], tuple[tuple[float, ...], tuple[float, ...]]] = {}


def estimate(sim: Rollout) -> tuple[float, float]:
    """The cut-off estimate ``(cards left, chance of a win)`` of ``sim`` when the
    rollout policy plays on (:data:`VALUE`; without weights for this table: the cards
    no pile takes any more, and no chance)."""
    weights = VALUE.get((sim.players, "published" if sim.published else "ours"))
    if weights is None:
        return float(estimate_left(sim)), 0.0
    f = value_features(sim)
    left = sum(w * x for w, x in zip(weights[0], f, strict=True))
    win = sum(w * x for w, x in zip(weights[1], f, strict=True))
    return min(max(left, 0.0), float(sim.cards_left())), min(max(win, 0.0), 1.0)


def estimate_left(sim: Rollout) -> float:
    """A cut-off estimate of the cards that will be left: the live cards no pile takes
    any more (they are lost unless a backwards trick reopens a pile), plus a quarter of
    those only one pile takes (a pile's next large step strands them)."""
    a1, a2, d1, d2 = sim.tops
    live = sim.live
    up = live & ~((2 << min(a1, a2)) - 1)
    down = live & ((1 << max(d1, d2)) - 1)
    dead = (live & ~(up | down)).bit_count()
    up2 = live & ~((2 << max(a1, a2)) - 1)
    down2 = live & ((1 << min(d1, d2)) - 1)
    # cards taken by exactly one pile: takers counted per direction
    single = (live & (up ^ up2) & ~down).bit_count() + (live & (down ^ down2) & ~up).bit_count()
    return dead + 0.25 * single
