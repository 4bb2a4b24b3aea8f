"""An exact endgame solver for The Game (issue 17): once the draw pile is empty and
every hand is known, the fewest cards that can be left (also, for a dealing of the
hidden cards with a known draw pile order, that dealing's fewest).

At 2 players with an empty draw pile the game is one of perfect information for
either seat: the cards on no pile and not in its own hand are exactly the partner's
hand (the-game.md "What each player may know": the piles are public, so this is
deduced from the view, never read from the other hand). The rules that still apply
(the-game.md "A turn", "End"): the active seat must play 1 card (the minimum once the
draw pile is empty), may play more, then ends its turn; seats with no card are
skipped; the game is lost when the active seat has played no card this turn and
none fits, and the result is the cards not played (every hand); it is won when all
are played. Signals change nothing here (both seats know everything).

:class:`Solver` searches that game by depth-first search over single plays and
"end the turn", with a transposition table (the two ascending piles are
interchangeable, as are the two descending ones) and a cut-off when a line reaches a
lower bound on the cards that must be left (:func:`lower_bound`). Both seats play
for the same result, so a node's value is the minimum over its children. A node
budget bounds the work: :class:`OutOfBudget` when it runs out.

Hands are bit masks (bit ``c`` set when card ``c`` is held); tops are
``(asc1, asc2, desc1, desc2)`` as in :data:`~engine.the_game.state.PILES`.
Pure: no I/O, no randomness.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from engine.the_game.state import BACK


class OutOfBudget(Exception):
    """The solver visited more nodes than its budget."""


def cards(mask: int) -> list[int]:
    """The cards of a bit mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(hand: Sequence[int]) -> int:
    """The bit mask of a hand (a sequence of cards 2..99)."""
    m = 0
    for c in hand:
        m |= 1 << c
    return m


def lower_bound(held: int, tops: Sequence[int]) -> int:
    """Cards of ``held`` (every card still in a hand, a mask) that no pile can ever
    take, whatever is played: a lower bound on the cards left.

    An ascending pile's top only falls by a backwards trick, onto a held card ``y``
    whose ``y + 10`` is a top now or a held card; so it never falls below ``low``,
    the least of its tops and such ``y``. A card ``x`` fits an ascending pile some
    day only if ``x > low`` or ``x + 10`` is a top or a held card. Mirrored for the
    descending piles (``high``, ``x < high`` or ``x - 10``)."""
    a1, a2, d1, d2 = tops
    asc = held | (1 << a1) | (1 << a2)
    desc = held | (1 << d1) | (1 << d2)
    low = min(a1, a2)
    high = max(d1, d2)
    hand = cards(held)
    for y in hand:
        if y < low and asc >> (y + BACK) & 1:
            low = y
        if y > high and y - BACK >= 0 and desc >> (y - BACK) & 1:
            high = y
    dead = 0
    for x in hand:
        if x > low or asc >> (x + BACK) & 1:
            continue
        if x < high or (x - BACK >= 0 and desc >> (x - BACK) & 1):
            continue
        dead += 1
    return dead


def _moves(hand: int, live: int, tops: tuple) -> list[tuple[int, int, int]]:
    """Fitting plays of ``hand`` as ``(burn, card, pile)``, cheapest first: the burn is
    the held cards a play skips (minus those a backwards trick reopens, minus 1 more);
    a pile whose top equals the other pile of its direction is not listed twice."""
    out = []
    a1, a2, d1, d2 = tops
    for c in cards(hand):
        for p, t in ((0, a1), (1, a2)):
            if p == 1 and a2 == a1:
                continue
            if c > t:
                out.append(((live >> (t + 1) & ((1 << (c - t - 1)) - 1)).bit_count(), c, p))
            elif c == t - BACK:
                out.append((-(live >> (c + 1) & 511).bit_count() - 1, c, p))
        for p, t in ((2, d1), (3, d2)):
            if p == 3 and d2 == d1:
                continue
            if c < t:
                out.append(((live >> (c + 1) & ((1 << (t - c - 1)) - 1)).bit_count(), c, p))
            elif c == t + BACK:
                out.append((-(live >> (t + 1) & 511).bit_count() - 1, c, p))
    out.sort()
    return out


class Solver:
    """Exact values of endgame positions (see the module docstring).

    ``budget`` (int or None): nodes (positions not yet in the table) it may expand
    across all calls before :class:`OutOfBudget`; ``nodes`` counts them. ``deck``: a
    draw pile in draw order (first drawn first), all known — a *dealing* of the hidden
    cards when the real draw pile is not empty (then the value is that dealing's, as
    if every seat knew it); ``size``: the hand size drawn up to; ``minimum``: cards a
    turn while the draw pile has cards (2; 3 in the expert option), 1 once it is
    empty (the-game.md "A turn"). A position is ``(hands, tops, turn, played,
    drawn)``: ``hands`` a tuple of masks, one per seat, ``tops`` 4 ints, ``turn`` the
    active seat (it holds a card unless it emptied its hand this turn), ``played``
    the cards it played this turn, ``drawn`` how many cards of ``deck`` were drawn."""

    def __init__(
        self,
        budget: int | None = None,
        deck: Sequence[int] = (),
        size: int = 7,
        minimum: int = 2,
    ) -> None:
        self.budget = budget
        self.nodes = 0
        self.memo: dict[tuple, int] = {}
        self.deck = tuple(deck)
        self.size = size
        self.minimum = minimum
        rest, suffix = 0, [0]
        for c in reversed(self.deck):
            rest |= 1 << c
            suffix.append(rest)
        #: ``rest[d]``: the mask of the draw pile's cards from the ``d``-th drawn on.
        self.rest = suffix[::-1]

    def value(self, hands: tuple, tops: tuple, turn: int, played: int, drawn: int = 0) -> int:
        """The fewest cards that can be left from this position (0: a win); ``played``
        the cards the active seat played this turn, ``drawn`` the cards of ``deck``
        already drawn."""
        held = self.rest[drawn]
        for h in hands:
            held |= h
        if not held:
            return 0
        need = self.minimum if drawn < len(self.deck) else 1
        played = min(played, need)
        a1, a2, d1, d2 = tops
        key = (
            hands,
            (a1, a2) if a1 <= a2 else (a2, a1),
            (d1, d2) if d1 <= d2 else (d2, d1),
            turn,
            played,
            drawn,
        )
        v = self.memo.get(key)
        if v is not None:
            return v
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise OutOfBudget(f"more than {self.budget} nodes")
        bound = lower_bound(held, tops)
        hand = hands[turn]
        best = None
        if played >= need:  # the minimum is reached (always so once a hand is empty)
            best = self.end_turn(hands, tops, turn, drawn)
        if best is None or best > bound:
            for _, c, p in _moves(hand, held, tops):
                nh = list(hands)
                nh[turn] = hand & ~(1 << c)
                nt = list(tops)
                nt[p] = c
                v = self.value(tuple(nh), tuple(nt), turn, played + 1, drawn)
                if best is None or v < best:
                    best = v
                    if best <= bound:
                        break
        if best is None:  # short of the minimum and no card fits: blocked
            best = held.bit_count()
        self.memo[key] = best
        return best

    def end_turn(self, hands: tuple, tops: tuple, turn: int, drawn: int = 0) -> int:
        """The value after the active seat ends its turn here: it draws up to
        ``size`` as far as the draw pile allows, then the next seat holding a card
        plays (0 when no card is left anywhere)."""
        hand = hands[turn]
        k = min(self.size - hand.bit_count(), len(self.deck) - drawn)
        if k > 0:
            for c in self.deck[drawn : drawn + k]:
                hand |= 1 << c
            nh = list(hands)
            nh[turn] = hand
            hands = tuple(nh)
            drawn += k
        if not any(hands):
            return 0
        return self.value(hands, tops, self._next(hands, turn), 0, drawn)

    @staticmethod
    def _next(hands: tuple, turn: int) -> int:
        """The next seat after ``turn`` holding a card (``turn`` itself if it is the
        only one; the hands are not all empty)."""
        n = len(hands)
        for k in range(1, n + 1):
            s = (turn + k) % n
            if hands[s]:
                return s
        raise ValueError("every hand is empty")

    def plan(
        self, hands: tuple, tops: tuple, turn: int, played: int, drawn: int = 0
    ) -> tuple[int, list[tuple[int, int]]]:
        """The value of the position and the plays ``(card, pile index)`` of one best
        way to play the rest of the active seat's turn (then it ends the turn; [] when
        ending it now is best). Among equally good options the cheapest play comes
        first, ending the turn before any play that skips a held card."""
        value = self.value(hands, tops, turn, played, drawn)
        moves: list[tuple[int, int]] = []
        hands, tops = tuple(hands), tuple(tops)
        while hands[turn]:
            options = []
            held = self.rest[drawn]
            for h in hands:
                held |= h
            for burn, c, p in _moves(hands[turn], held, tops):
                nh = list(hands)
                nh[turn] = hands[turn] & ~(1 << c)
                nt = list(tops)
                nt[p] = c
                options.append((burn, (c, p), tuple(nh), tuple(nt)))
            if played >= (self.minimum if drawn < len(self.deck) else 1):
                options.append((0.5, None, hands, tops))
            if not options:  # blocked at once: nothing to play
                return value, moves
            options.sort(key=lambda o: o[0])
            for _, move, nh, nt in options:
                if move is None:
                    if self.end_turn(hands, tops, turn, drawn) == value:
                        return value, moves
                    continue
                if self.value(nh, nt, turn, played + 1, drawn) == value:
                    moves.append(move)
                    hands, tops, played = nh, nt, played + 1
                    break
            else:  # not reached: some option has the position's value
                raise AssertionError("no option reaches the value")
        return value, moves


def last_draw_values(
    seat: int,
    hand: Sequence[int],
    hidden: Sequence[int],
    deck: int,
    tops: Sequence[int],
    plans: Sequence[Sequence[tuple[int, int]]],
    size: int = 7,
    minimum: int = 2,
    budget: int | None = None,
) -> tuple[list[float], int]:
    """At 2 players, the mean fewest cards left after each of ``plans`` (plays
    ``(card, pile index)`` for ``seat``'s whole turn, then the end of the turn), over
    every equally likely split of ``hidden`` (the cards on no pile and not in
    ``hand``) into the draw pile (``deck`` cards) and the other hand.

    Exact, not sampled, when the turn draws the whole draw pile (``deck`` at most
    the cards a plan plays, as ``deck`` ≤ ``minimum``): from then on every seat
    knows every card, and :class:`Solver` gives the value; before it, no card is
    revealed during the turn. A plan that plays fewer than ``minimum`` cards ends
    in the block (every card left). Returns the means and the nodes expanded;
    :class:`OutOfBudget` past ``budget`` nodes in all."""
    hidden = sorted(hidden)
    totals = [0.0] * len(plans)
    splits = 0
    nodes = 0
    mine = mask_of(hand)
    for pile in combinations(hidden, deck):
        splits += 1
        other = mask_of(hidden) & ~mask_of(pile)
        left = budget - nodes if budget is not None else None
        solver = Solver(left, deck=pile, size=size, minimum=minimum)
        for i, plan in enumerate(plans):
            if len(plan) < minimum:
                totals[i] += len(hand) + len(hidden)
                continue
            h, t = mine, list(tops)
            for c, p in plan:
                h &= ~(1 << c)
                t[p] = c
            hands = [0, 0]
            hands[seat], hands[1 - seat] = h, other
            totals[i] += solver.end_turn(tuple(hands), tuple(t), seat, 0)
        nodes += solver.nodes
    return [x / splits for x in totals], nodes
