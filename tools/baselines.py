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
* The Game ``published``: ruleset 2.1 ("simplest ruleset with no communication")
  of Robert Weinmeister's *TheGameSimulation* (github.com/RobertWeinmeister/
  TheGameSimulation, README section 2.1 and ``PlayerMoveRules.cs``), the simulator
  whose figures issue 17 quotes: each card in turn — (1) a backwards trick (exactly
  10 back) when there is one; (2) else the closest play at a distance of at most 3;
  (3) else, once the minimum is played, end the turn; (4) else the closest play.
  Never signals. Its published results (10,000 games each, its own end rule): 13.8
  cards left on average and 3% perfect games at 2 players, 11.2 and 0% at 5. That
  simulator ends the game as soon as the player due to play cannot play the minimum
  — including a player with an empty hand (``Game.cs``, ``Run``); our rules skip such
  a player once the draw pile is empty. The tournament scores both
  (``tools/tournament.py``).
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
    """The Game: TheGameSimulation's simplest ruleset (module docstring)."""

    level = "published"
    #: Rule (2): a play this close is made even beyond the minimum.
    NEAR = 3

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        if not legal:
            raise ValueError("no legal action to choose from")
        for a in legal:
            if a["type"] == "declare-blocked":
                return a
        plays = [a for a in legal if a["type"] == "play"]
        end = next((a for a in legal if a["type"] == "end-turn"), None)
        if not plays:
            return end or legal[0]
        tops = view["tops"]

        def distance(a: dict) -> int:
            top, card = tops[a["pile"]], a["card"]
            if a["pile"].startswith("asc"):
                return -10 if card == top - 10 else card - top
            return -10 if card == top + 10 else top - card

        best = min(plays, key=lambda a: (distance(a), a["card"], a["pile"]))
        if distance(best) <= self.NEAR or end is None:
            return best  # (1) a trick, (2) a close play, (4) the closest while it must
        return end  # (3) the minimum is played


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
