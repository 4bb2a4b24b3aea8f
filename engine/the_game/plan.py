"""Turn planning for The Game bots: what a seat knows (:class:`Table`), the cost of a
move, the search over ways to play a turn, and honest pile signals.

Units: a *burn* counts live cards (2..99 not yet played, in any hand or the draw pile)
that a pile can no longer take after a move; a backwards trick has a negative burn
(the cards the pile can take again). Costs are burns, weighted and with penalties for
playing on a pile another seat asked to keep (the-game.md "Communication")."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.the_game.state import ASCENDING, BACK, PILES, fits

Move = tuple  # (card, pile index)

#: Default knobs; a bot may override any of them (``Table.from_view(view, **params)``).
DEFAULTS = {
    "extra": 1.0,  # play an extra card when its cost is at most this
    "extra_end": 2.0,  # ... once the draw pile is empty
    "trick_bonus": 4.0,  # a backwards trick is worth this much beyond its recovery
    "dont_penalty": 3.0,  # playing on a pile another seat signalled "dont-play"
    "well_penalty": 1.0,  # ... "can-play-well"
    "free_burn": 1,  # burns up to this ignore other seats' signals
    "signal_dont": 2,  # signal "dont-play" when we hold a card burning at most this
    "signal_well": 5,  # signal "can-play-well" at most this
    "weighted": False,  # weight burned cards by how many other piles still take them
    "w_none": 4.0,  # weight of a burned card no other pile takes
    "w_one": 1.0,  # ... one other pile takes
    "w_more": 0.5,  # ... two or more
    "future": 0.0,  # weight of the fit of the cards kept (hard)
    "dead": 25.0,  # cost of a kept card that no pile takes
    "width": 10,  # moves kept per level of the search
}


@dataclass
class Table:
    """What a seat knows at its turn: ``hand`` (sorted list), ``tops`` (4 ints),
    ``live`` (102 flags: card not yet played), ``need`` (cards still to play),
    ``deck`` (draw pile size), ``others`` (per pile, the signals of the other seats),
    ``mine`` (own signals per pile), ``p`` (knobs, see :data:`DEFAULTS`)."""

    hand: list
    tops: list
    live: list
    need: int
    deck: int
    players: int
    others: list
    mine: list
    p: dict = field(default_factory=dict)
    pre: list = field(default_factory=list)
    memo: dict = field(default_factory=dict)

    @classmethod
    def from_view(cls, view: dict, **params) -> "Table":
        """Read a view of the-game (see :mod:`engine.the_game.view`)."""
        live = [0] * 102
        for c in range(2, 100):
            live[c] = 1
        for name in PILES:
            for c in view["piles"][name]:
                live[c] = 0
        seat = view["seat"]
        others = [
            [s for i, s in enumerate(view["signals"][name]) if i != seat and s] for name in PILES
        ]
        mine = [view["signals"][name][seat] for name in PILES]
        t = cls(
            hand=list(view["hand"]),
            tops=[view["tops"][n] for n in PILES],
            live=live,
            need=view["to_play"],
            deck=view["deck"],
            players=view["players"],
            others=others,
            mine=mine,
            p={**DEFAULTS, **params},
        )
        t.prefix()
        return t

    def prefix(self) -> None:
        """Recompute ``pre[x]`` = live cards <= x."""
        pre, run = [0] * 102, 0
        for x in range(102):
            run += self.live[x]
            pre[x] = run
        self.pre = pre

    def between(self, lo: int, hi: int) -> int:
        """Live cards strictly between ``lo`` and ``hi`` (lo < hi)."""
        return self.pre[hi - 1] - self.pre[lo] if hi - 1 >= lo else 0


def burn(t: Table, tops: list, card: int, p: int) -> float:
    """Burn of ``card`` on pile ``p`` with the given ``tops`` (the move must fit)."""
    top = tops[p]
    if ASCENDING[p]:
        if card > top:
            return _weighted(t, tops, p, top, card) if t.p["weighted"] else t.between(top, card)
        return -t.between(card, top)
    if card < top:
        return _weighted(t, tops, p, card, top) if t.p["weighted"] else t.between(card, top)
    return -t.between(top, card)


def _weighted(t: Table, tops: list, p: int, lo: int, hi: int) -> float:
    """Burned live cards in (lo, hi), each weighted by how many other piles take it
    (``w_none`` / ``w_one`` / ``w_more``). The count is constant between the other
    piles' tops, so it is summed segment by segment."""
    pre = t.pre
    if pre[hi - 1] - pre[lo] <= 0:
        return 0.0
    w = (t.p["w_none"], t.p["w_one"], t.p["w_more"], t.p["w_more"])
    cuts = [lo, hi]
    for q in range(4):
        if q != p and lo < tops[q] < hi:
            cuts.append(tops[q])
    cuts.sort()
    a1, a2, d1, d2 = tops
    total = 0.0
    for i in range(len(cuts) - 1):
        a, b = cuts[i], cuts[i + 1]
        n = pre[b - 1] - pre[a] if b - 1 >= a else 0
        if n <= 0:
            continue
        mid = (a + b) / 2
        k = (
            (p != 0 and mid > a1)
            + (p != 1 and mid > a2)
            + (p != 2 and mid < d1)
            + (p != 3 and mid < d2)
        )
        total += n * w[k]
    return total


def _weighted_slow(t: Table, tops: list, p: int, lo: int, hi: int) -> float:
    """Reference for :func:`_weighted` (card by card), for tests."""
    w0, w1, w2 = t.p["w_none"], t.p["w_one"], t.p["w_more"]
    total = 0.0
    for x in range(lo + 1, hi):
        if not t.live[x]:
            continue
        k = sum(1 for q in range(4) if q != p and (x > tops[q] if ASCENDING[q] else x < tops[q]))
        total += w0 if k == 0 else w1 if k == 1 else w2
    return total


def cost(t: Table, tops: list, card: int, p: int) -> float:
    """Cost of playing ``card`` on ``p``: its burn, a bonus for a backwards trick, a
    penalty for a pile other seats asked to keep."""
    b = burn(t, tops, card, p)
    trick = card == (tops[p] - BACK if ASCENDING[p] else tops[p] + BACK)
    if trick:
        return b - t.p["trick_bonus"]
    if b > t.p["free_burn"] and t.others[p]:
        sig = t.others[p]
        if "dont-play" in sig:
            b += t.p["dont_penalty"]
        elif "can-play-well" in sig:
            b += t.p["well_penalty"]
    return b


def _moves(t: Table, tops: list, hand: list) -> list:
    """Fitting moves as sorted ``(cost, card, pile)``, remembered per table."""
    key = (tuple(tops), tuple(hand))
    out = t.memo.get(key)
    if out is not None:
        return out
    costs = t.memo.setdefault(key[0], {})
    out = []
    for c in hand:
        for p in range(4):
            if fits(c, p, tops[p]):
                k = costs.get((c, p))
                if k is None:
                    k = costs[(c, p)] = cost(t, tops, c, p)
                out.append((k, c, p))
    out.sort()
    t.memo[key] = out
    return out


def _cheap_moves(t: Table, tops: list, hand: list) -> list:
    """Like :func:`_moves`, limited to moves that burn nothing: backwards tricks and
    cards with no live card between them and the top."""
    out = []
    for c in hand:
        for p in range(4):
            top = tops[p]
            if ASCENDING[p]:
                ok = (c > top and t.between(top, c) == 0) or c == top - BACK
            else:
                ok = (c < top and t.between(c, top) == 0) or c == top + BACK
            if ok:
                out.append((cost(t, tops, c, p), c, p))
    out.sort()
    return out


def _after(tops: list, hand: list, c: int, p: int) -> tuple[list, list]:
    nt = list(tops)
    nt[p] = c
    return nt, [x for x in hand if x != c]


def future(t: Table, tops: list, hand: list) -> float:
    """How badly the kept cards fit: per card its cheapest burn (a trick counts as
    negative), ``dead`` for a card no pile takes."""
    total = 0.0
    for c in hand:
        best = None
        for p in range(4):
            if fits(c, p, tops[p]):
                b = burn(t, tops, c, p)
                if best is None or b < best:
                    best = b
        total += t.p["dead"] if best is None else min(best, 10.0)
    return total


def _extras(t: Table, tops: list, hand: list, limit: float) -> tuple[float, list, list, list]:
    """Greedy cheap extra cards after the minimum: ``(cost, moves, tops, hand)``."""
    total, moves = 0.0, []
    cheap_only = limit < min(t.p["w_none"], t.p["w_one"], t.p["w_more"], 1.0)
    while True:
        ms = _cheap_moves(t, tops, hand) if cheap_only else _moves(t, tops, hand)
        if not ms or ms[0][0] > limit:
            return total, moves, tops, hand
        k, c, p = ms[0]
        total += k
        moves.append((c, p))
        tops, hand = _after(tops, hand, c, p)


def best_plan(t: Table, search: bool) -> list:
    """The moves to make this turn, first first; [] to stop playing.

    The minimum is searched over every order of ``width`` cheapest moves per level;
    extras are greedy (cost at most ``extra``, ``extra_end`` once the draw pile is
    empty). With ``search`` the kept hand's fit (``future``) joins the score."""
    limit = t.p["extra"] if t.deck else t.p["extra_end"]
    width = t.p["width"]
    best: list = [None, []]
    wf = t.p["future"] if search else 0.0

    def leaf(acc: float, seq: list, tops: list, hand: list) -> None:
        k, ex, tops2, hand2 = _extras(t, tops, hand, limit)
        score = acc + k
        if wf:
            score += wf * future(t, tops2, hand2)
        if best[0] is None or score < best[0] - 1e-9:
            best[0], best[1] = score, seq + ex

    def dfs(acc: float, seq: list, tops: list, hand: list, need: int) -> None:
        if need == 0:
            leaf(acc, seq, tops, hand)
            return
        ms = _moves(t, tops, hand)
        if not ms:
            return
        for k, c, p in ms[:width]:
            nt, nh = _after(tops, hand, c, p)
            dfs(acc + k, seq + [(c, p)], nt, nh, need - 1)

    dfs(0.0, [], list(t.tops), list(t.hand), t.need)
    if best[0] is None:  # cannot reach the minimum: play what we can
        ms = _moves(t, list(t.tops), list(t.hand))
        return [(ms[0][1], ms[0][2])] if ms else []
    return best[1]


def desired_signals(t: Table) -> list:
    """Honest signals for the kept hand, per pile: "dont-play" when we hold a
    backwards-trick card or one burning at most ``signal_dont``, "can-play-well" at
    most ``signal_well``, else None. Never a card value."""
    if t.players == 1:
        return [None] * 4  # nobody to tell
    out = []
    for p in range(4):
        best = None
        for c in t.hand:
            if fits(c, p, t.tops[p]):
                b = (
                    burn(t, t.tops, c, p)
                    if not t.p["weighted"]
                    else (t.between(*sorted((t.tops[p], c))))
                )
                trick = c == (t.tops[p] - BACK if ASCENDING[p] else t.tops[p] + BACK)
                b = -1 if trick else b
                if best is None or b < best:
                    best = b
        if best is not None and best <= t.p["signal_dont"]:
            out.append("dont-play")
        elif best is not None and best <= t.p["signal_well"]:
            out.append("can-play-well")
        else:
            out.append(None)
    return out
