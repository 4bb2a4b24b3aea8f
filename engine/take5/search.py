"""Take 5's adapter for the shared determinized search (:mod:`engine.search`, issue 17).

The ``hard`` bot (:class:`engine.take5.bots.HardBot`) is a
:class:`~engine.search.SearchBot` with a :class:`Take5Adapter`:

* **Sampler** (:meth:`Take5Adapter.determinize`): consistent with everything public.
  The cards the seat has not seen this round (its :class:`~engine.take5.heuristics.Tracker`:
  rows, reveals and its own pile, over every view it was shown) are dealt at random
  into the other hands (their sizes are public) and the undealt pile; a seat that has
  already chosen this turn (it is not awaited) gets a hidden choice drawn from its
  dealt hand; the other penalty piles (only their sizes are public) are filled from
  the cards seen this round that are neither on a row, nor pending, nor in the own
  pile (the rows others took), topped up from the unseen cards if the tracker missed
  some (a stand-in that joined mid-round). The engine generator is a fresh one drawn
  from the search's generator (the next deal is unknown). For the view's seat,
  ``GAME.view(sim.state(), seat) == view`` (tests: ``determinization_mismatches``).
* **Shortlist**: the ``normal`` bot's gap risk (``card_risk``) ranks the hand and the
  first ``max_candidates`` cards are searched, the safest first (ties go to it); a
  row choice searches all four rows.
* **Horizon and cut-off evaluation in bullheads**: a playout stops at the end of the
  round (:attr:`Take5Simulation.stop_at_round_end`) or at the search's ``depth``;
  each seat's reward is ``-(own - spite · mean of the others) / scale``, counting the
  bullheads taken since the decision (``sim.base``). ``spite`` 1 counts a row an
  opponent takes as good for us (the lowest total wins); ``scale`` (10 bullheads)
  keeps rewards near [-1, 1].
* **Observations** (ISMCTS mode): another seat's choice is seen as "it chose" and the
  reveal that follows; a row choice is public.
"""

from __future__ import annotations

import random
from typing import Hashable

from engine.core import freeze_options
from engine.search import Adapter
from math import comb

from engine.take5.fast import TAKE_ROW_CODE, WAITING, Take5Simulation
from engine.take5.heuristics import MEAN_HEADS, TOO_LOW_EXTRA, Tracker, card_risk, deck_top
from engine.take5.rules import GAME
from engine.take5.state import BULLHEADS, ROW_LIMIT, ROWS, DealGenerator

#: Root candidates searched among the cards of the hand (the normal bot's safest).
MAX_CANDIDATES = 6
#: Bullheads that make one unit of reward.
SCALE = 10.0
#: Rollout policies: uniformly random legal play, or the gap heuristic (:func:`gap_pick`).
ROLLOUTS = ("random", "gap")
#: ``COMB[n][k]`` = n choose k, for the opponents' count n (at most 9).
COMB = [[comb(n, k) for k in range(ROW_LIMIT + 1)] for n in range(10)]


def gap_pick(hand: list[int], rows: list[list[int]], costs: list[int], others: int, inv: float):
    """The gap heuristic of :func:`~engine.take5.heuristics.card_risk` for a rollout,
    with a uniform density ``inv`` (1 / unknown cards) of the ``others`` opponents'
    cards: the card of ``hand`` (sorted, non-empty) of least estimated bullheads;
    ``costs`` are the rows' bullheads."""
    ends = sorted((r[-1], i) for i, r in enumerate(rows))
    low_end = ends[0][0]
    binom = COMB[others]
    spots = [
        (te, costs[t] + (ROW_LIMIT - len(rows[t])) * MEAN_HEADS, ROW_LIMIT - len(rows[t]))
        for te, t in ends
    ]
    best = hand[0]
    best_score = min(costs) + TOO_LOW_EXTRA if best < low_end else 1e9
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
    return best


class Take5Adapter(Adapter):
    """The search adapter of Take 5 (see the module docstring). ``max_candidates``
    (int >= 1), ``spite`` (float >= 0), ``scale`` (bullheads, > 0) and ``rollout``
    (one of :data:`ROLLOUTS`) are settings."""

    game = GAME

    def __init__(
        self,
        max_candidates: int = MAX_CANDIDATES,
        spite: float = 1.0,
        scale: float = SCALE,
        rollout: str = "random",
    ) -> None:
        if max_candidates < 1 or spite < 0 or scale <= 0 or rollout not in ROLLOUTS:
            raise ValueError(
                "max_candidates >= 1, spite >= 0, scale > 0 and a rollout of "
                f"{', '.join(ROLLOUTS)} are required"
            )
        self.max_candidates, self.spite, self.scale = max_candidates, spite, scale
        self.rollout = rollout
        self.tracker = Tracker()
        self._for: dict | None = None  # the view the template below was built for
        self._template: tuple = ()

    # ------------------------------------------------------------------ memory
    def observe(self, view: dict) -> None:
        """Add the cards ``view`` shows to the tracker (rows, reveal, own pile)."""
        self.tracker.update(view)

    # ------------------------------------------------------------------ shortlist
    def shortlist(self, view: dict, legal: list[dict]) -> list[dict]:
        """Every row of a row choice; else the ``max_candidates`` cards of lowest gap
        risk (:func:`~engine.take5.heuristics.card_risk`), the lowest first."""
        if legal[0]["type"] == "take-row":
            return list(legal)
        unseen = self.tracker.unseen(view)
        me = view["seat"]
        others = sum(1 for s, k in enumerate(view["hand_sizes"]) if k and s != me)
        rows = view["rows"]
        ranked = sorted(
            range(len(legal)), key=lambda i: (card_risk(rows, legal[i]["card"], others, unseen), i)
        )
        return [legal[i] for i in ranked[: self.max_candidates]]

    # ------------------------------------------------------------------ sampler
    def _prepare(self, view: dict, rng: random.Random) -> tuple:
        """What every determinization of ``view`` shares (built once per view)."""
        n, me = view["players"], view["seat"]
        seen = self.tracker.seen
        mine = set(view["hand"])
        on_table = {c for row in view["rows"] for c in row} | {c for c, _ in view["pending"]}
        own_pile = set(view["own_penalty"])
        top = deck_top(view)
        unseen = [c for c in range(1, top + 1) if c not in seen and c not in mine]
        gone = sorted(c for c in seen if c not in on_table and c not in own_pile and c not in mine)
        sizes = view["hand_sizes"]
        waiting = set(view["awaiting"])
        choosing = view["phase"] == "choose"
        chose = [s != me and choosing and sizes[s] > 0 and s not in waiting for s in range(n)]
        options = freeze_options(
            {
                "threshold": view["threshold"],
                "rounds": view["rounds"],
                "tactical": view["tactical"],
            },
            GAME.default_options,
        )
        sim = Take5Simulation()
        sim.players = n
        sim.conf = (options, view["threshold"], view["rounds"], top)
        sim.gen = DealGenerator.seeded(rng.getrandbits(64), "take5")
        sim.round, sim.turn = view["round"], view["turn"]
        sim.rows = [list(r) for r in view["rows"]]
        sim.row_heads = [sum([BULLHEADS[c] for c in r]) for r in view["rows"]]
        mask = 0
        for s in view["awaiting"]:
            mask |= 1 << s
        sim.mask = mask
        sim.pending = [(c, s) for c, s in view["pending"]]
        sim.pos = 0
        sim.revealed = tuple((s, c) for s, c in view["revealed"])
        sim.totals, sim.last_round = tuple(view["totals"]), tuple(view["last_round"])
        sim.over = sim.round_over = False
        sim.stop_at_round_end = True
        sim.hands, sim.chosen, sim.penalty_heads = [], [], []  # dealt per sample
        sim.penalty, sim.undealt, sim.base = (), (), ()
        return (sim, unseen, gone, chose)

    def determinize(self, view: dict, rng: random.Random) -> Take5Simulation:
        """A table the seat cannot tell from the real one (see the module docstring);
        every hidden card drawn from ``rng``."""
        if self._for is not view:
            self._template, self._for = self._prepare(view, rng), view
        template, unseen, gone, chose = self._template
        n, me = view["players"], view["seat"]
        sizes, counts = view["hand_sizes"], view["penalty_counts"]
        pool = unseen[:]
        rng.shuffle(pool)
        taken = gone[:]
        rng.shuffle(taken)
        hands: list[list[int]] = []
        chosen = [0] * n
        penalty: list[tuple] = []
        at = 0
        for s in range(n):
            if s == me:
                hands.append(list(view["hand"]))
                chosen[s] = view["chosen"] or 0
                penalty.append(tuple(view["own_penalty"]))
                continue
            k = sizes[s]
            hand = sorted(pool[at : at + k])
            at += k
            hands.append(hand)
            if chose[s]:
                chosen[s] = hand[int(rng.random() * k)]
            c = counts[s]
            pile = taken[:c]
            del taken[:c]
            if len(pile) < c:  # the tracker missed some: they were among the unseen
                more = c - len(pile)
                pile += pool[at : at + more]
                at += more
            penalty.append(tuple(pile))
        sim = template.copy()
        sim.hands = hands
        sim.chosen = chosen
        sim.penalty = tuple(penalty)
        heads = [sum([BULLHEADS[c] for c in p]) for p in penalty]
        sim.penalty_heads = heads
        sim.base = tuple(heads)
        sim.undealt = tuple(sorted(pool[at:] + taken))
        return sim

    # ------------------------------------------------------------------ playouts
    def observation(self, sim: Take5Simulation, mover: int, code: int, seat: int) -> Hashable:
        """A row choice is public; a card choice is seen as "chose" by the others;
        the reveal it may complete (``sim.revealed``) by everybody."""
        if code >= TAKE_ROW_CODE or mover == seat:
            return (mover, code, sim.turn)
        return (mover, 0, sim.turn, sim.revealed)

    def playout(self, sim: Take5Simulation, rng: random.Random) -> bool:
        """Play to the end of the round in one loop: ``rollout`` "random" is uniformly
        random play (:meth:`Take5Simulation.random_playout`, the default rollout
        policy's distribution); "gap" has every seat play :func:`gap_pick` and a
        too-low card take the cheapest row (the first on a tie)."""
        if self.rollout == "random":
            sim.random_playout(rng)
            return True
        others = sim.players - 1
        while sim.mask:
            if sim.pending:
                heads = sim.row_heads
                sim.play(sim.pending[sim.pos][1], TAKE_ROW_CODE + heads.index(min(heads)))
                continue
            hands = sim.hands
            unknown = sum([len(h) for h in hands]) - len(hands[0]) + len(sim.undealt)
            inv = 1.0 / max(1, unknown)
            picks = [
                (s, gap_pick(hands[s], sim.rows, sim.row_heads, others, inv))
                for s in WAITING[sim.mask]
            ]
            for s, card in picks:
                sim.play(s, card)
        return True

    def horizon_over(self, sim: Take5Simulation) -> bool:
        """The end of the round (or of the game)."""
        return sim.round_over or sim.over

    def evaluate(self, sim: Take5Simulation) -> list[float]:
        """Per seat ``-(own - spite · mean of the others) / scale``, in bullheads
        taken since the decision."""
        taken = [h - b for h, b in zip(sim.penalty_heads, sim.base, strict=True)]
        n, total = len(taken), sum(taken)
        spite, scale = self.spite, self.scale
        if n < 2:
            return [-t / scale for t in taken]
        k = spite / (n - 1)
        return [-(t - k * (total - t)) / scale for t in taken]
