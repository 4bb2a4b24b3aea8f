"""Take 5 bots: ``easy`` (random legal), ``normal`` (row-gap and risk heuristic),
``hard`` (the shared determinized search, :mod:`engine.search`, with
:class:`engine.take5.search.Take5Adapter`).

Every bot sees only its seat's view (``engine.take5.view``); ``normal`` and ``hard``
keep a :class:`~engine.take5.heuristics.Tracker` of the cards seen this round (the
heuristics live in :mod:`engine.take5.heuristics` and are re-exported here).
"""

from __future__ import annotations

from engine.bots import Bot, RandomBot, factory
from engine.search import SearchBot
from engine.take5.heuristics import (
    MEAN_HEADS,
    ROW_HAND_WEIGHT,
    TOO_LOW_EXTRA,
    Tracker,
    card_risk,
    deck_top,
    heads,
    resolve_rest,
    sixth_chance,
    target,
)
from engine.take5.rules import GAME
from engine.take5.search import ROLLOUTS, Take5Adapter

__all__ = [
    "EasyBot",
    "NormalBot",
    "HardBot",
    "make_bot",
    "MEAN_HEADS",
    "ROW_HAND_WEIGHT",
    "TOO_LOW_EXTRA",
    "Tracker",
    "card_risk",
    "deck_top",
    "heads",
    "resolve_rest",
    "sixth_chance",
    "target",
]

#: The hard bot's default budget: determinizations (samples) a decision. 96 over 48:
#: in the mixed 5-seat pool (seeds 3000-3049, same deals) 4.98 ± 4.28 bullheads a
#: game fewer, wins 66% against 40%; CPU p99 a decision at 5 players 359 ms.
HARD_SAMPLES = 96
#: The hard bot's reward for a win when a playout's round ends the game (in units of
#: ``Take5Adapter.scale``, 10 bullheads).
HARD_WIN = 1.0


def floor(view: dict, legal: list[dict]) -> list[dict]:
    """The actions of ``legal`` a person would consider (issue 34): a row to take (a
    too-low card) is one of the cheapest rows (fewest bullheads); a card to play is
    any."""
    if legal and legal[0]["type"] == "take-row":
        rows = view["rows"]
        cheapest = min(heads(rows[a["row"]]) for a in legal)
        return [a for a in legal if heads(rows[a["row"]]) == cheapest]
    return legal


class EasyBot(RandomBot):
    """A uniform choice among the legal actions (``legal`` or, when None, the list
    :meth:`~engine.take5.rules.Take5.legal_from_view` computes from the view) within
    the :func:`floor`: a card at random, and with a too-low card one of the cheapest
    rows (issue 34: a random row scored worse than a random card with the cheapest
    row, 73 against 57 bullheads a game)."""

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        legal = GAME.legal_from_view(view) if legal is None else legal
        return super().choose(view, floor(view, legal))


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


class HardBot(SearchBot):
    """The shared determinized search (:class:`~engine.search.SearchBot`) with the
    :class:`~engine.take5.search.Take5Adapter`: in flat mode (the published flat
    Monte-Carlo method: every candidate on the same sampled deals, paired), rollouts
    to the end of the round with each opponent playing the gap heuristic or at random
    as its revealed cards so far suggest (``rollout`` "model"; "gap" has every seat
    play the gap heuristic, "random" plays uniformly: in 4-player one-round duplicate
    duels against normal, gap rollouts took 4.6 ± 2.3 bullheads a round fewer than
    normal, random ones 0.4 ± 1.9 more; in the mixed 5-seat pool of easy, normal,
    gap and random, "model" took fewer than "gap" on the same deals — figures in
    the issue 17 notes), bullheads as the value, plus ``win`` (default
    :data:`HARD_WIN`) when the round ends the game with the seat's total the lowest.
    Settings (attributes, see ``SearchBot``): ``samples`` (default
    :data:`HARD_SAMPLES`; with ``seconds`` None and a seed, a decision is
    reproducible), ``seconds``, ``mode``, ``prune``, ``depth`` …; and the adapter's
    ``rollout``, ``max_candidates``, ``spite`` and ``win`` (properties that set
    ``bot.adapter``'s)."""

    def __init__(
        self,
        seed: int | None = None,
        samples: int | None = HARD_SAMPLES,
        seconds: float | None = None,
        mode: str = "flat",
        prune: float | None = 2.0,
        rollout: str = "model",
        win: float = HARD_WIN,
        **settings,
    ) -> None:
        super().__init__(
            Take5Adapter(),
            seed,
            samples=samples,
            seconds=seconds,
            mode=mode,
            prune=prune,
            **settings,
        )
        self.rollout = rollout
        self.win = win

    # the adapter's settings, reachable by name for tools (``hard:spite=0``)
    @property
    def spite(self) -> float:
        """The adapter's ``spite`` (weight of the others' mean bullheads)."""
        return self.adapter.spite

    @spite.setter
    def spite(self, value: float) -> None:
        self.adapter.spite = float(value)

    @property
    def rollout(self) -> str:
        """The adapter's rollout policy, "random", "gap" or "model"."""
        return self.adapter.rollout

    @rollout.setter
    def rollout(self, value: str) -> None:
        if value not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {value!r}")
        self.adapter.rollout = value

    @property
    def win(self) -> float:
        """The adapter's ``win`` (reward added for a win when a playout ends the game)."""
        return self.adapter.win

    @win.setter
    def win(self, value: float) -> None:
        if float(value) < 0:
            raise ValueError(f"win must be >= 0, not {value!r}")
        self.adapter.win = float(value)

    @property
    def max_candidates(self) -> int:
        """The adapter's ``max_candidates`` (cards searched)."""
        return self.adapter.max_candidates

    @max_candidates.setter
    def max_candidates(self, value: int) -> None:
        self.adapter.max_candidates = int(value)


make_bot = factory({"easy": EasyBot, "normal": NormalBot, "hard": HardBot})
