"""Reference bots written from published descriptions, for honest comparisons in
``tools/tournament.py`` (issue 17). They live in tools/, not engine/: they are
yardsticks, not levels offered to players. Each sees only its seat's view and the
legal actions, like every bot.

* ``random`` (every game): a uniform choice among the legal actions.
* Take 5 ``gap``: the "Closest value player" with the "Cheapest row" choice from the
  public write-up *Comparison of different algorithms to play Six Takes* (a repository
  document comparing random, cheapest-row, closest-value, Monte-Carlo and expected-
  value players): (1) among the cards whose row (closest lower end) holds fewer than
  five cards, play the one closest above its row end; (2) if there is none, play the
  highest card that is lower than every row end; (3) otherwise the highest card. A
  too-low card takes the row with the fewest bullheads (lowest index on a tie).
* The Game ``published``: the "trick" strategy of Lennard Berger's simulator,
  *Playing "The game" with Monte Carlo simulations* (2024,
  fohlen.github.io/posts/simulating-the-game-with-monte-carlo): play only the minimum,
  each time the card with the smallest distance to a pile it fits (a backwards trick,
  exactly 10 back, counts as the best play), never signal. That simulator ends the
  game as soon as a player with an empty hand is due to play; our rules skip such a
  player once the draw pile is empty — the tournament scores both (see
  ``tools/tournament.py``).
"""

from __future__ import annotations

from engine.bots import Bot, RandomBot

#: Bullheads of each Take 5 card (index = card), as take5.md "Components".
_HEADS = [0] + [
    7 if c == 55 else 5 if c % 11 == 0 else 3 if c % 10 == 0 else 2 if c % 5 == 0 else 1
    for c in range(1, 105)
]


class Take5Gap(Bot):
    """Take 5 "closest value" player with the cheapest-row choice (module docstring)."""

    level = "gap"

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        if not legal:
            raise ValueError("no legal action to choose from")
        rows = view["rows"]
        if legal[0]["type"] == "take-row":
            cost = [sum(_HEADS[c] for c in r) for r in rows]
            return min(legal, key=lambda a: (cost[a["row"]], a["row"]))
        cards = [a["card"] for a in legal]
        ends = [r[-1] for r in rows]
        best, best_gap = None, None
        for card in cards:
            below = [(e, i) for i, e in enumerate(ends) if e < card]
            if not below:
                continue
            end, i = max(below)
            if len(rows[i]) < 5 and (best_gap is None or card - end < best_gap):
                best, best_gap = card, card - end
        if best is None:
            low = [c for c in cards if c < min(ends)]
            best = max(low) if low else max(cards)
        return {"type": "choose", "card": best}


class TheGamePublished(Bot):
    """The Game: the published simulator's "trick" strategy (module docstring)."""

    level = "published"

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        if not legal:
            raise ValueError("no legal action to choose from")
        for kind in ("declare-blocked", "end-turn"):
            for a in legal:
                if a["type"] == kind:
                    return a  # the minimum is played: end the turn at once
        plays = [a for a in legal if a["type"] == "play"]
        if not plays:
            return legal[0]
        tops = view["tops"]

        def distance(a: dict) -> tuple[int, int, str]:
            top, card = tops[a["pile"]], a["card"]
            up = a["pile"].startswith("asc")
            trick = card == top - 10 if up else card == top + 10
            return (-10 if trick else abs(card - top), card, a["pile"])

        return min(plays, key=distance)


#: ``{game id: {name: bot class}}``; ``random`` serves every game.
BASELINES: dict[str, dict[str, type]] = {
    "take5": {"gap": Take5Gap},
    "the-game": {"published": TheGamePublished},
}


def baseline(game_id: str, name: str, seed: int | None = None) -> Bot:
    """The baseline ``name`` for ``game_id``; ``KeyError`` naming the known ones."""
    if name == "random":
        return RandomBot(seed)
    known = BASELINES.get(game_id, {})
    if name not in known:
        raise KeyError(
            f"unknown bot {name!r} for {game_id}; known: easy, normal, hard, random"
            + "".join(f", {k}" for k in known)
        )
    return known[name](seed)


def is_baseline(game_id: str, name: str) -> bool:
    return name == "random" or name in BASELINES.get(game_id, {})
