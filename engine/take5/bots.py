"""Take 5 bots: ``easy`` (random legal), ``normal`` (row-gap and risk heuristic),
``hard`` (flat Monte-Carlo over sampled hidden hands within a time budget).

Every bot sees only its seat's view (``engine.take5.view``). The view holds the rows,
this turn's reveal, the own hand and penalty pile but not the history, so ``normal``
and ``hard`` keep a :class:`Tracker` of the cards seen on the table this round (every
row card and every revealed card passes through a view the bot is shown, because a
bot is asked for a card every turn); the *unseen* cards are the game's deck minus
those and the own hand: the other hands and the undealt pile.

Vocabulary (``take5.md``): a card's *row* is the one with the closest lower end; the
*gap* is the distance from that end to the card; the row's *room* is how many cards
it can still take before a sixth card takes it.
"""

from __future__ import annotations

import time
from bisect import bisect_left, bisect_right
from math import comb

from engine.bots import Bot, RandomBot, factory
from engine.take5.rules import GAME
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


class EasyBot(RandomBot):
    """A uniform choice among the legal actions (``legal`` or, when None, the list
    :meth:`~engine.take5.rules.Take5.legal_from_view` computes from the view)."""

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        return super().choose(view, GAME.legal_from_view(view) if legal is None else legal)


class NormalBot(Bot):
    """Row-gap and risk heuristic. A card: the chance that the opponents' cards fill the
    room of its row first (from the unseen cards in its gap) times what the row would
    cost; a too-low card: the cheapest row. A row choice (too low): the row's bullheads
    plus the risk of the own hand on the rows that the rest of the turn leaves, so a
    new low row end that shelters the own low cards is worth something."""

    level = "normal"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.tracker = Tracker()

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        if legal is None:
            legal = GAME.legal_from_view(view)
        if not legal:
            raise ValueError("no legal action to choose from")
        self.tracker.update(view)
        if len(legal) == 1:
            return legal[0]
        unseen = self.tracker.unseen(view)
        if legal[0]["type"] == "take-row":
            return min(legal, key=lambda a: (self.row_score(view, a["row"], unseen), a["row"]))
        others = self.opponents(view)
        scored = [
            (card_risk(view["rows"], a["card"], others, unseen), self.rng.random(), i)
            for i, a in enumerate(legal)
        ]
        return legal[min(scored)[2]]

    @staticmethod
    def opponents(view: dict) -> int:
        """Opponents who reveal a card this turn (every other seat with cards)."""
        me = view["seat"]
        return sum(1 for s, n in enumerate(view["hand_sizes"]) if n and s != me)

    def row_score(self, view: dict, r: int, unseen: list[int]) -> float:
        """Cost of taking row ``r`` for our too-low card: its bullheads, plus
        ``ROW_HAND_WEIGHT`` times the own hand's risk on the rows after the turn."""
        rows = [list(x) for x in view["rows"]]
        pending = [tuple(p) for p in view["pending"]]
        cost = heads(rows[r])
        rows[r] = [pending[0][0]]
        after = resolve_rest(rows, pending[1:])
        hand = view["hand"]
        if not hand:
            return cost
        others = self.opponents(view)
        future = sum(card_risk(after, c, others, unseen) for c in hand)
        return cost + ROW_HAND_WEIGHT * future


class HardBot(NormalBot):
    """Flat Monte-Carlo. Each sample deals the unseen cards into the opponents' hands
    (their sizes are public); every candidate action is then played out for ``depth``
    turns (the rest of this one included; 10 = to the end of the round) with a fast
    gap policy for everybody; the value is the own bullheads less ``spite`` (default 1)
    times the opponents' mean — the lowest total wins, so a row an opponent takes
    counts too (in 4-seat trials spite 1 won about 6 points more often than 0). The
    same samples serve every candidate. Stops at ``budget`` seconds (default 0.3, a constructor
    argument); at most ``max_candidates`` cards, the normal heuristic's best, are
    searched."""

    level = "hard"

    def __init__(
        self,
        seed: int | None = None,
        budget: float = 0.3,
        depth: int = 10,
        max_candidates: int = 7,
        max_samples: int = 10_000,
        spite: float = 1.0,
    ) -> None:
        super().__init__(seed)
        self.spite = spite
        self.budget = budget
        self.depth = depth
        self.max_candidates = max_candidates
        self.max_samples = max_samples
        self.samples = 0  # samples in the last decision (for tools)

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        if legal is None:
            legal = GAME.legal_from_view(view)
        if not legal:
            raise ValueError("no legal action to choose from")
        deadline = time.perf_counter() + self.budget
        self.tracker.update(view)
        self.samples = 0
        if len(legal) == 1:
            return legal[0]
        unseen = self.tracker.unseen(view)
        me, n = view["seat"], view["players"]
        rows = [list(r) for r in view["rows"]]
        row_choice = legal[0]["type"] == "take-row"
        if row_choice:
            candidates = list(legal)
        else:
            others = self.opponents(view)
            ranked = sorted(
                range(len(legal)),
                key=lambda i: (card_risk(rows, legal[i]["card"], others, unseen), i),
            )
            candidates = [legal[i] for i in ranked[: self.max_candidates]]
        opps = [s for s in range(n) if s != me and view["hand_sizes"][s]]
        sizes = [view["hand_sizes"][s] for s in opps]
        need = sum(sizes)
        if need > len(unseen):  # cannot happen with a full view; be safe
            return candidates[0]
        hand = sorted(view["hand"])
        pending = [tuple(p) for p in view["pending"]]
        inv = 1.0 / max(1, len(unseen))
        totals = [0.0] * len(candidates)
        rng = self.rng
        while self.samples < self.max_samples:
            dealt = rng.sample(unseen, need)
            hands, i = {}, 0
            for s, k in zip(opps, sizes, strict=True):
                hands[s] = sorted(dealt[i : i + k])
                i += k
            for ci, a in enumerate(candidates):
                totals[ci] += self.rollout(rows, hand, hands, me, n, a, pending, inv)
            self.samples += 1
            if time.perf_counter() >= deadline:
                break
        best = min(range(len(candidates)), key=lambda i: (totals[i], i))
        return candidates[best]

    def rollout(
        self,
        rows: list[list[int]],
        hand: list[int],
        opp_hands: dict,
        me: int,
        n: int,
        action: dict,
        pending: list,
        inv: float,
    ) -> float:
        """Value of ``action`` in one sampled deal over ``depth`` turns: the own
        bullheads less ``spite`` times the opponents' mean bullheads. Lower is better."""
        rows = [list(r) for r in rows]
        costs = [heads(r) for r in rows]
        hands = {s: list(h) for s, h in opp_hands.items()}
        hands[me] = list(hand)
        pen = [0] * n
        others = max(1, n - 1)
        if action["type"] == "take-row":
            r = action["row"]
            pen[me] += costs[r]
            card = pending[0][0]
            rows[r], costs[r] = [card], BULLHEADS[card]
            _resolve(rows, costs, pending[1:], pen)
        else:
            hands[me].remove(action["card"])
            plays = _picks(hands, rows, costs, others, inv, skip=me)
            plays.append((action["card"], me))
            plays.sort()
            _resolve(rows, costs, plays, pen)
        for _ in range(self.depth - 1):
            if not hands[me]:
                break
            plays = _picks(hands, rows, costs, others, inv)
            plays.sort()
            _resolve(rows, costs, plays, pen)
        own = pen[me]
        if self.spite:
            return own - self.spite * (sum(pen) - own) / others
        return own


def _picks(
    hands: dict[int, list[int]],
    rows: list[list[int]],
    costs: list[int],
    others: int,
    inv: float,
    skip: int = -1,
) -> list[tuple[int, int]]:
    """The rollout policy for every seat with cards (but ``skip``): the gap heuristic
    of :func:`card_risk` with a uniform density of unknown cards (``inv`` = 1 / number
    of unseen cards). Hands are sorted; each chosen card is removed from its hand.
    Returns ``[(card, seat)]``."""
    ends = sorted((r[-1], i) for i, r in enumerate(rows))
    low_end = ends[0][0]
    too_low = min(costs) + TOO_LOW_EXTRA
    binom = COMB[others]
    # Per row (in end order): end, fill cost, room, chance factor for a full row.
    spots = [
        (te, costs[t] + (ROW_LIMIT - len(rows[t])) * MEAN_HEADS, ROW_LIMIT - len(rows[t]))
        for te, t in ends
    ]
    out = []
    for seat, hand in hands.items():
        if seat == skip or not hand:
            continue
        best, best_score = hand[0], (too_low if hand[0] < low_end else 1e9)
        k = -1
        for c in hand:
            while k < ROWS - 1 and spots[k + 1][0] < c:
                k += 1
            if k < 0:
                continue
            te, cost, room = spots[k]
            gap = c - te
            p = (gap - 1) * inv
            q = 1.0 - p if p < 1.0 else 0.0
            if room == 0:
                chance = q**others
            elif room > others:
                chance = 0.0
            else:
                chance = binom[room] * p**room * q ** (others - room)
            score = chance * cost + 0.001 * gap
            if score < best_score:
                best, best_score = c, score
        hand.remove(best)
        out.append((best, seat))
    return out


#: ``COMB[n][k]`` = n choose k, for the opponents' count n (at most 9) in rollouts.
COMB = [[comb(n, k) for k in range(ROW_LIMIT + 1)] for n in range(10)]


def _resolve(
    rows: list[list[int]], costs: list[int], plays: list[tuple[int, int]], pen: list[int]
) -> None:
    """Place sorted ``(card, seat)`` plays on ``rows`` (changed in place; ``costs``
    kept in step); too-low owners take the cheapest row. Adds the bullheads each seat
    takes to ``pen``."""
    for card, seat in plays:
        t, te = -1, 0
        for i in range(ROWS):
            e = rows[i][-1]
            if te < e < card:
                t, te = i, e
        if t < 0:
            t = costs.index(min(costs))
            pen[seat] += costs[t]
            rows[t], costs[t] = [card], BULLHEADS[card]
        elif len(rows[t]) >= ROW_LIMIT:
            pen[seat] += costs[t]
            rows[t], costs[t] = [card], BULLHEADS[card]
        else:
            rows[t].append(card)
            costs[t] += BULLHEADS[card]


make_bot = factory({"easy": EasyBot, "normal": NormalBot, "hard": HardBot})
