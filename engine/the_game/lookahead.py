"""A lookahead for The Game's hard bot (issue 17): before a turn, compare the
planner's plan with other ways to play the turn by playing each to the end of the
game on the same dealings of the hidden cards, and keep the planner's plan unless
another clearly leaves fewer cards.

* The candidates are the planner's plan (:func:`~engine.the_game.plan.best_plan`)
  and the turn plans of :func:`~engine.the_game.search.view_plans` (every order of
  the cheapest moves for the cards due, then no extras, cheap extras, or — once the
  draw pile is empty — every card that fits).
* A *dealing* is :meth:`TheGameAdapter.determinize`: the cards neither in the hand
  nor on a pile dealt to the other hands (sizes kept; pile signals weigh the deal)
  and the draw pile. Every candidate is played on every dealing, then the game is
  played to its end by the rollout policy (:func:`~engine.the_game.search.greedy_plan`)
  with one generator per dealing, so the candidates are compared paired.
* The value of an ending is ``-left`` (cards not played, the-game.md "End") plus
  ``win`` for a win, minus ``block`` when it ended blocked while the draw pile
  still held cards (an early block: the whole draw pile counts as left). The best
  mean wins only when it beats the planner's plan by more than ``z`` standard
  errors of the paired difference; else the planner's plan.

Pure: no I/O; reproducible from the ``random.Random`` it is given.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Sequence

from engine.the_game.state import PILES, TOTAL
from engine.the_game.search import (
    ROLLOUT,
    Rollout,
    TheGameAdapter,
    decode_plan,
    encode_plan,
    play_out,
    view_plans,
)


@dataclass
class Lookahead:
    """Settings of the lookahead (see the module docstring).

    ``samples`` (int ≥ 1): dealings per decision; ``seconds`` (float or None): a time
    cap on top (the dealings run so far decide; None: samples only, reproducible);
    ``z`` (≥ 0): standard errors by which a candidate must beat the planner's plan;
    ``win`` (cards): the value of a win beyond having no card left; ``plans`` and
    ``width``: :func:`view_plans`'s ``limit`` and ``width``; ``prune`` (int or None):
    after this many dealings and at every doubling of it, stop playing candidates
    whose mean trails the best by more than 2 standard errors (never the planner's);
    ``gate`` (cards of weighted burn): look only when the planner's plan costs at
    least this much (0.0: not when it gains cards back with backwards tricks, a
    negative cost); ``deck`` (cards): look only while the draw pile holds at most
    this many; ``more`` (int or None): when after ``samples`` dealings the best
    rival is undecided — it leads the planner's plan but by at most ``band``
    standard errors of the paired difference, or (with ``z`` > 0) by more than 0
    yet not more than ``z`` — keep doubling the dealings up to ``more`` in all,
    stopping as soon as it is decided (None: ``samples`` only); ``block`` (cards,
    ≥ 0): subtracted from the value of a playout that ends blocked while the draw
    pile still holds cards (0.0: the cards left only)."""

    samples: int = 16
    seconds: float | None = None
    z: float = 1.0
    win: float = 10.0
    plans: int = 8
    width: int = 4
    prune: int | None = 8
    gate: float = 0.0
    deck: int = 99
    more: int | None = None
    band: float = 2.0
    block: float = 0.0
    adapter: TheGameAdapter = field(default_factory=TheGameAdapter)

    def wanted(self, view: dict, planner_cost: float) -> bool:
        """Whether this decision is looked at: the seat is active, the game is on, the
        gates (``deck``, ``gate``) let it through, and the hidden cards are exactly
        the draw pile and the other hands (the cards on no pile and not in the hand
        number ``deck`` plus the other hand sizes; a table built by hand may break
        this, and then the planner decides)."""
        if view["over"] or view["turn"] != view["seat"]:
            return False
        if view["deck"] > self.deck or planner_cost < self.gate:
            return False
        on_piles = sum(len(view["piles"][name]) for name in PILES)
        hidden = TOTAL - on_piles - len(view["hand"])
        return hidden == view["deck"] + sum(view["hand_sizes"]) - len(view["hand"])

    def choose(
        self, view: dict, planned: Sequence[tuple[int, int]], rng: random.Random
    ) -> tuple[list[tuple[int, int]], dict]:
        """The moves ``(card, pile index)`` to play this turn: ``planned`` (the
        planner's) or a candidate that beat it. Also returns what was found: ``means``
        per candidate (index 0 the planner's), ``played`` the dealings each was
        played on (fewer when pruned), ``samples`` run, ``index`` chosen."""
        first = encode_plan([(c - 2) * 4 + p for c, p in planned])
        codes = [first]
        for code in view_plans(view, ROLLOUT, self.width, self.plans):
            if code not in codes:
                codes.append(code)
        info = {"codes": codes, "means": [], "samples": 0, "index": 0}
        if len(codes) == 1:
            return list(planned), info
        values = [[] for _ in codes]
        alive = list(range(len(codes)))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        me = view["seat"]
        n, check, goal = 0, self.prune, self.samples
        while n < goal:
            base = self.adapter.determinize(view, rng)
            for i in alive:
                sim = base.copy()
                sim.play(me, codes[i])
                values[i].append(self._finish(sim))
            n += 1
            if check is not None and n == check:
                alive = _survivors(values, alive)
                check *= 2
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if n == goal and self.more is not None and goal < self.more:
                if self._undecided(values, alive):
                    goal = min(2 * goal, self.more)
        means = [sum(v) / len(v) if v else -math.inf for v in values]
        best = max(alive, key=lambda i: (means[i], -i))
        info.update(means=means, samples=n, played=[len(v) for v in values])
        if best == 0 or not _beats(values[best], values[0], self.z):
            return list(planned), info
        info["index"] = best
        return [(m // 4 + 2, m % 4) for m in decode_plan(codes[best])], info

    def _undecided(self, values: list[list[float]], alive: list[int]) -> bool:
        """Whether the best rival of the planner's plan (by mean, among ``alive``)
        leads it by more than 0 but by at most ``max(z, band)`` standard errors of
        the paired difference (more dealings may change the choice)."""
        rivals = [i for i in alive if i != 0]
        if not rivals:
            return False
        best = max(rivals, key=lambda i: (sum(values[i]), -i))
        m, se = _mean_se([x - y for x, y in zip(values[best], values[0], strict=True)])
        return m > 0 and m <= max(self.z, self.band) * se

    def _finish(self, sim: Rollout) -> float:
        """Play ``sim`` to its end with the rollout policy; the value of the end."""
        if not sim.over:
            play_out(sim)
        left = sim.cards_left()
        if left == 0:
            return self.win
        return -float(left) - self.block if sim.deck else -float(left)


def _mean_se(diff: list[float]) -> tuple[float, float]:
    """Mean and standard error of ``diff`` (n ≥ 2; se 0 for n < 2)."""
    n = len(diff)
    m = sum(diff) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in diff) / (n - 1)
    return m, math.sqrt(var / n)


def _beats(a: list[float], b: list[float], z: float) -> bool:
    """Whether ``a`` beats ``b`` (paired, same length) by more than ``z`` standard
    errors of the difference (a positive difference with no variance beats)."""
    k = min(len(a), len(b))
    m, se = _mean_se([x - y for x, y in zip(a[:k], b[:k], strict=True)])
    return m > 0 and m > z * se


def _survivors(values: list[list[float]], alive: list[int]) -> list[int]:
    """The planner's plan (index 0), the best by mean, and every candidate whose
    paired shortfall to the best is within 2 standard errors."""
    best = max(alive, key=lambda i: (sum(values[i]), -i))
    keep = []
    for i in alive:
        if i in (0, best) or not _beats(values[best], values[i], 2.0):
            keep.append(i)
    return keep
