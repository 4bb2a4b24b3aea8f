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
* **Opponent styles** (rollout "model", the hard bot's default): each opponent's
  revealed cards are weighed, turn by turn over the game, as played by the gap
  heuristic or uniformly at random (:func:`gap_likelihood`: a card closest above a
  row end with room is likely from a gap-like player, a far or too-low one from a
  random one); each determinization draws every opponent's style from those odds
  (prior :data:`GAP_PRIOR`), deals a hidden choice already made by that style, and
  the rollout plays each seat by its drawn style (a random player's too-low card
  takes a random row). Only revealed cards, rows and the own tracker's unseen cards
  are read.
* **Observations** (ISMCTS mode): another seat's choice is seen as "it chose" and the
  reveal that follows; a row choice is public.
"""

from __future__ import annotations

import math
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
#: Rollout policies: uniformly random legal play, the gap heuristic (:func:`gap_pick`)
#: for every seat, or "model": each opponent plays the gap heuristic or uniformly at
#: random, drawn per determinization from its observed style (:func:`gap_likelihood`).
ROLLOUTS = ("random", "gap", "model")
#: "model": the chance that an opponent plays like the gap heuristic before any reveal.
GAP_PRIOR = 0.75
#: "model": the share of a gap-like player's cards taken as if played at random (a
#: heuristic player is not exactly :func:`gap_pick`; keeps one odd card from deciding).
STYLE_NOISE = 0.2
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


def gap_likelihood(rows: list[list[int]], card: int, unseen: list[int], hand: int) -> float:
    """How much likelier a gap-like player is than a uniformly random one to reveal
    ``card`` from a hand of ``hand`` cards chosen on ``rows``, the cards it might hold
    being ``unseen`` (the observer's unseen cards when it chose; ``card`` among them).

    A gap-like player plays the card closest above the end of a row with room (fewer
    than five cards; take5.md "A round" 3), else some other card. With ``b`` the share
    of ``unseen`` that would have been closer, the ratio is ``hand · (1 - b)^(hand-1)``
    (none of its other cards was closer; a random player picks it with ``1/hand``);
    for a card without such a row, ``b`` is the share that has one. Mixed with
    :data:`STYLE_NOISE`: ``noise + (1 - noise) · ratio``, so at least ``noise``."""
    ends = [r[-1] for r in rows]
    room = [len(r) < ROW_LIMIT for r in rows]

    def gap(c: int) -> int:
        best, best_end = -1, 0
        for i, e in enumerate(ends):
            if best_end < e < c:
                best, best_end = i, e
        return c - best_end if best >= 0 and room[best] else 0

    mine = gap(card)
    total = len(unseen)
    if total == 0 or hand < 1:
        return 1.0
    if mine:
        better = sum(1 for c in unseen if 0 < gap(c) < mine)
    else:
        better = sum(1 for c in unseen if gap(c))
    b = better / total
    ratio = hand * (1.0 - b) ** (hand - 1)
    return STYLE_NOISE + (1.0 - STYLE_NOISE) * ratio


class Take5Adapter(Adapter):
    """The search adapter of Take 5 (see the module docstring). ``max_candidates``
    (int >= 1), ``spite`` (float >= 0), ``scale`` (bullheads, > 0), ``rollout``
    (one of :data:`ROLLOUTS`) and ``win`` (float >= 0: added to a seat's reward when
    the playout's round ends the game and its total is the lowest) are settings."""

    game = GAME

    def __init__(
        self,
        max_candidates: int = MAX_CANDIDATES,
        spite: float = 1.0,
        scale: float = SCALE,
        rollout: str = "random",
        win: float = 0.0,
    ) -> None:
        if max_candidates < 1 or spite < 0 or scale <= 0 or rollout not in ROLLOUTS or win < 0:
            raise ValueError(
                "max_candidates >= 1, spite >= 0, scale > 0, win >= 0 and a rollout of "
                f"{', '.join(ROLLOUTS)} are required"
            )
        self.max_candidates, self.spite, self.scale = max_candidates, spite, scale
        self.win = win
        self.rollout = rollout
        self.tracker = Tracker()
        self._for: dict | None = None  # the view the template below was built for
        self._template: tuple = ()
        # "model": per seat, log odds of gap-like against random play, this game
        self._game: tuple | None = None
        self.log_odds: list[float] = []
        self._choice: tuple | None = None  # (round, turn, rows, unseen, hand) when we chose
        self._round = 0
        self._gapper: list[bool] = []  # the styles drawn with the last determinization

    # ------------------------------------------------------------------ memory
    def observe(self, view: dict) -> None:
        """Add the cards ``view`` shows to the tracker (rows, reveal, own pile) and,
        for rollout "model", weigh each opponent's revealed card of the turn we last
        chose in (:func:`gap_likelihood` on the rows and unseen cards of then)."""
        self.tracker.update(view)
        if self.rollout == "model":
            self._watch(view)

    def _watch(self, view: dict) -> None:
        n, me, rnd = view["players"], view["seat"], view["round"]
        key = (n, view["tactical"], me)
        if key != self._game or rnd < self._round:
            self._game, self.log_odds, self._choice = key, [0.0] * n, None
        self._round = rnd
        got = self._choice
        if got is not None and view["revealed"] and rnd == got[0]:
            phase, turn = view["phase"], view["turn"]
            if (phase == "row-choice" and turn == got[1]) or (
                phase == "choose" and turn == got[1] + 1
            ):
                _, _, rows, unseen, hand = got
                for s, c in view["revealed"]:
                    if s != me:
                        self.log_odds[s] += math.log(gap_likelihood(rows, c, unseen, hand))
                self._choice = None
        if view["phase"] == "choose" and me in view["awaiting"]:
            rows = [list(r) for r in view["rows"]]
            unseen = self.tracker.unseen(view)
            self._choice = (rnd, view["turn"], rows, unseen, len(view["hand"]))

    def gap_chance(self, seat: int) -> float:
        """ "model": the chance that ``seat`` plays like the gap heuristic, from
        :data:`GAP_PRIOR` and the likelihoods of its reveals this game."""
        prior = math.log(GAP_PRIOR / (1.0 - GAP_PRIOR))
        odds = self.log_odds[seat] if seat < len(self.log_odds) else 0.0
        x = max(-30.0, min(30.0, prior + odds))
        return 1.0 / (1.0 + math.exp(-x))

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
        model = self.rollout == "model"
        if model:
            self._gapper = gapper = [s == me or rng.random() < self.gap_chance(s) for s in range(n)]
            inv = 1.0 / max(1, len(unseen))
            heads_now = template.row_heads
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
                if model and gapper[s]:
                    chosen[s] = gap_pick(hand, template.rows, heads_now, n - 1, inv)
                else:
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
        too-low card take the cheapest row (the first on a tie); "model" plays each
        seat by the style the last determinization drew for it (gap as in "gap",
        random: a uniform card of its hand and, too low, a uniform row)."""
        if self.rollout == "random":
            sim.random_playout(rng)
            return True
        others = sim.players - 1
        gapper = self._gapper if self.rollout == "model" else None
        if gapper is not None and len(gapper) != sim.players:
            gapper = None  # no determinization drew the styles: everybody plays gap
        rand = rng.random
        while sim.mask:
            if sim.pending:
                seat = sim.pending[sim.pos][1]
                if gapper is None or gapper[seat]:
                    heads = sim.row_heads
                    sim.play(seat, TAKE_ROW_CODE + heads.index(min(heads)))
                else:
                    sim.play(seat, TAKE_ROW_CODE + int(rand() * ROWS))
                continue
            hands = sim.hands
            unknown = sum([len(h) for h in hands]) - len(hands[0]) + len(sim.undealt)
            inv = 1.0 / max(1, unknown)
            if gapper is None:
                picks = [
                    (s, gap_pick(hands[s], sim.rows, sim.row_heads, others, inv))
                    for s in WAITING[sim.mask]
                ]
            else:
                picks = [
                    (
                        s,
                        gap_pick(hands[s], sim.rows, sim.row_heads, others, inv)
                        if gapper[s]
                        else hands[s][int(rand() * len(hands[s]))],
                    )
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
        taken since the decision, plus ``win`` for each winner when the round ended
        the game (take5.md "End": the lowest total wins)."""
        taken = [h - b for h, b in zip(sim.penalty_heads, sim.base, strict=True)]
        n, total = len(taken), sum(taken)
        spite, scale = self.spite, self.scale
        if n < 2:
            out = [-t / scale for t in taken]
        else:
            k = spite / (n - 1)
            out = [-(t - k * (total - t)) / scale for t in taken]
        if self.win and sim.over:  # the round ended the game: the lowest totals win
            low = min(sim.totals)
            out = [v + self.win if t == low else v for v, t in zip(out, sim.totals, strict=True)]
        return out
