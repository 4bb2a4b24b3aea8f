"""Take 5 heuristics shared by the ``normal`` bot and the ``hard`` search
(:mod:`engine.take5.bots`, :mod:`engine.take5.search`): card facts from a view, the
:class:`Tracker` of cards seen this round, and the gap risk of a card.

Every function reads only a seat's view (``engine.take5.view``). The view holds the
rows, this turn's reveal, the own hand and penalty pile but not the history, so a bot
keeps a :class:`Tracker` of the cards seen on the table this round (every row card and
every revealed card passes through a view the bot is shown, because a bot is asked
for a card every turn); the *unseen* cards are the game's deck minus those and the own
hand: the other hands and the undealt pile.

Vocabulary (``take5.md``): a card's *row* is the one with the closest lower end; the
*gap* is the distance from that end to the card; the row's *room* is how many cards
it can still take before a sixth card takes it.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from math import comb

from engine.take5.state import BULLHEADS, DECK_SIZE, ROW_LIMIT, ROWS

#: Extra bullheads charged to a too-low card beyond the cheapest row (the row a
#: too-low card takes may grow before it resolves, and it wastes a low card).
TOO_LOW_EXTRA = 0.3
#: Mean bullheads of a card that joins a row before a sixth card takes it.
MEAN_HEADS = 171 / 104
#: How much the row choice weighs the hand's risk after the turn against the
#: bullheads of the row itself.
ROW_HAND_WEIGHT = 0.4


def deck_top(view: dict) -> int:
    """Highest card of this game: 104, or 10·n+4 in the tactical variant."""
    return 10 * view["players"] + ROWS if view["tactical"] else DECK_SIZE


def target(ends: list[int], card: int) -> int:
    """Index of the row whose end is the closest lower end of ``card``, or -1 when the
    card is too low (take5.md "A round" 3). ``ends`` are the rows' last cards."""
    best, best_end = -1, 0
    for i, e in enumerate(ends):
        if best_end < e < card:
            best, best_end = i, e
    return best


def heads(cards) -> int:
    """Bullheads of ``cards`` (any iterable of card numbers)."""
    return sum(BULLHEADS[c] for c in cards)


def sixth_chance(others: int, room: int, p: float) -> float:
    """Chance that exactly ``room`` of ``others`` opponents' cards fall in the gap, each
    with chance ``p`` — then ours is the sixth card of the row."""
    if room > others or p <= 0.0:
        return 1.0 if room == 0 else 0.0
    if p >= 1.0:
        return 1.0 if room == others else 0.0
    return comb(others, room) * p**room * (1.0 - p) ** (others - room)


class Tracker:
    """The cards a seat has seen this round (rows, reveals, own penalty pile).

    ``update(view)`` adds what the view shows and starts afresh on a new round (or a
    new game); ``unseen(view)`` is the sorted list of cards the seat cannot place."""

    def __init__(self) -> None:
        self.key: tuple | None = None
        self.turn = 0
        self.seen: set[int] = set()

    def update(self, view: dict) -> None:
        key = (view["round"], view["players"], view["tactical"], view["seat"])
        if key != self.key or view["turn"] < self.turn:
            self.key, self.seen = key, set()
        self.turn = view["turn"]
        seen = self.seen
        for row in view["rows"]:
            seen.update(row)
        seen.update(c for _, c in view["revealed"])
        seen.update(c for c, _ in view["pending"])
        seen.update(view["own_penalty"])

    def unseen(self, view: dict) -> list[int]:
        mine = set(view["hand"])
        return [c for c in range(1, deck_top(view) + 1) if c not in self.seen and c not in mine]


def card_risk(rows: list[list[int]], card: int, others: int, unseen: list[int]) -> float:
    """Expected bullheads (a heuristic) of playing ``card`` on ``rows`` now, when
    ``others`` opponents each reveal one card drawn from ``unseen`` (sorted).

    A too-low card costs the cheapest row; otherwise ours is the sixth card exactly when
    the row's room is filled by opponents' cards in the gap (they land first)."""
    ends = [r[-1] for r in rows]
    t = target(ends, card)
    if t < 0:
        return min(heads(r) for r in rows) + TOO_LOW_EXTRA
    row = rows[t]
    room = ROW_LIMIT - len(row)
    in_gap = bisect_left(unseen, card) - bisect_right(unseen, row[-1])
    p = in_gap / len(unseen) if unseen else 0.0
    chance = sixth_chance(others, room, p)
    return chance * (heads(row) + room * MEAN_HEADS) + 0.001 * (card - row[-1])


def resolve_rest(rows: list[list[int]], pending: list[tuple[int, int]]) -> list[list[int]]:
    """Rows after placing the revealed ``(card, seat)`` pairs in order; a too-low owner
    is assumed to take the cheapest row (lowest index on a tie)."""
    rows = [list(r) for r in rows]
    for card, _seat in pending:
        t = target([r[-1] for r in rows], card)
        if t < 0:
            t = min(range(ROWS), key=lambda i: (heads(rows[i]), i))
            rows[t] = [card]
        elif len(rows[t]) >= ROW_LIMIT:
            rows[t] = [card]
        else:
            rows[t].append(card)
    return rows
