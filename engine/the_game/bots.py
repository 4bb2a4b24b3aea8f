"""The Game bots: ``easy`` (the minimum, nearest card), ``normal`` (least pile movement
over live cards, cheap extras, honest pile signals), ``hard`` (normal plus a search
over whole turns with a position evaluation). Bots see only their seat's view;
``choose(view)`` without a legal list computes it from the view
(``GAME.legal_from_view``).

Shared vocabulary: a *move* is ``(card, pile index)``; its *burn* is the number of
live cards (not yet played, anywhere) that the pile can no longer take after the
move (negative for a backwards trick: the cards it can take again)."""

from __future__ import annotations

from engine.bots import Bot, factory
from engine.the_game.plan import Table, best_plan, desired_signals
from engine.the_game.rules import GAME
from engine.the_game.state import PILES


def _legal(view: dict, legal: list[dict] | None) -> list[dict]:
    """``legal``, or the seat's legal list computed from its view when it is None
    (``GAME.legal_from_view``); ``ValueError`` when there is nothing to choose from."""
    if legal is None:
        legal = GAME.legal_from_view(view)
    if not legal:
        raise ValueError("no legal action to choose from")
    return legal


def _key(t: Table) -> tuple:
    """What a turn plan depends on (so a plan is reused only on the table it was made for)."""
    return (tuple(t.hand), tuple(t.tops), t.need, t.deck, tuple(map(tuple, t.others)))


def _first(legal: list[dict], kind: str) -> dict | None:
    for a in legal:
        if a["type"] == kind:
            return a
    return None


def _play(move: tuple[int, int]) -> dict:
    return {"type": "play", "card": move[0], "pile": PILES[move[1]]}


class EasyBot(Bot):
    """Plays only the minimum, each time the card nearest to a pile (a backwards trick
    counts as nearest); never signals."""

    level = "easy"

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        legal = _legal(view, legal)
        for kind in ("declare-blocked", "end-turn"):
            a = _first(legal, kind)
            if a is not None:
                return a
        plays = [a for a in legal if a["type"] == "play"]
        if not plays:
            return legal[0]
        tops = view["tops"]

        def distance(a: dict) -> tuple[int, int, str]:
            d = abs(a["card"] - tops[a["pile"]])
            return (0 if d == 10 and _is_trick(a, tops) else d, a["card"], a["pile"])

        return min(plays, key=distance)


def _is_trick(action: dict, tops: dict) -> bool:
    top = tops[action["pile"]]
    if action["pile"].startswith("asc"):
        return action["card"] == top - 10
    return action["card"] == top + 10


class NormalBot(Bot):
    """Least burn over the cards it must play (a search over the 10 cheapest moves
    per card), backwards tricks first, extra cards only when free (a backwards trick
    or no live card skipped); before ending its turn sets honest pile signals
    ("dont-play" for a kept card skipping at most 2 live cards or a trick card,
    "can-play-well" at most 5) and weighs the other seats' signals (+3 / +1)."""

    level = "normal"
    params: dict = {"extra": 0.0}

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        legal = _legal(view, legal)
        blocked = _first(legal, "declare-blocked")
        if blocked is not None:
            return blocked
        if view["seat"] != view["turn"] or view["over"]:
            return legal[0]  # only signals are offered off-turn; not asked in practice
        table = Table.from_view(view, **self.params)
        key = _key(table)
        cached = getattr(self, "_cache", None)
        if cached is not None and cached[0] == key:
            moves = cached[1]  # the rest of this turn's plan, still valid
        else:
            moves = self.plan(table)
        if moves:
            card, p = moves[0]
            table.hand.remove(card)
            table.tops[p] = card
            table.need = max(0, table.need - 1)
            self._cache = (_key(table), moves[1:])
            return _play(moves[0])
        # Done playing: bring the signals up to date, then end the turn.
        for p, value in enumerate(desired_signals(table)):
            if view["signals"][PILES[p]][view["seat"]] != value:
                a = {"type": "signal", "pile": PILES[p], "signal": value}
                if a in legal:
                    return a
        end = _first(legal, "end-turn")
        if end is not None:
            return end
        return _play(best_plan(table, search=False)[0])  # cannot happen: must play

    def plan(self, table: Table) -> list[tuple[int, int]]:
        return best_plan(table, search=False)


class HardBot(NormalBot):
    """Normal, but each burned card is weighted by how many other piles would still
    take it (8 when none, 1.5 when one, 0.8 when two or more), so it never strands a
    live card lightly; same search over the ways to play the minimum, extras only
    when free (a backwards trick or no live card skipped)."""

    level = "hard"
    params: dict = {"weighted": True, "extra": 0.0, "w_none": 8.0, "w_one": 1.5, "w_more": 0.8}

    def plan(self, table: Table) -> list[tuple[int, int]]:
        return best_plan(table, search=True)


make_bot = factory({"easy": EasyBot, "normal": NormalBot, "hard": HardBot})
