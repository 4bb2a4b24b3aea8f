"""Teamplay bots. Each sees only its seat's view (partners share nothing but legal
gifts) and answers ``choose(view, legal) -> action``.

* ``easy``: random legal actions that still finish turns (draw, maybe complete, end).
* ``normal``: a hand value from how few cards each of its missions (own and the
  general one) still lacks; completes when that pays, draws the bank card (or the
  deck) that raises the value most, rejects new missions that are worse than an
  average one, gives the partner spare cards that complete or advance the partner's
  visible missions.
* ``hard``: the same plan, but a mission's worth is its points times the estimated
  chance of completing it within the next draws, counting which cards are still
  unseen (hypergeometric odds per way to complete); looks at the end of the game.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

from engine.bots import Bot, factory
from engine.teamplay.missions import (
    KINDS, MISSION_IDS, MISSIONS, _colour_free, kind_counts, missing, targets,
)

WEIGHT = (1.0, 0.5, 0.22, 0.09, 0.035, 0.012, 0.004)
GENERAL = 0.6  # others may take the general mission first


def _add(counts: tuple[int, ...], kind: int, n: int = 1) -> tuple[int, ...]:
    out = list(counts)
    out[kind] += n
    return tuple(out)


def _remove(counts: tuple[int, ...], cards) -> tuple[int, ...]:
    out = list(counts)
    for c in cards:
        out[c // 4] -= 1
    return tuple(out)


def my_missions(view: dict) -> list[tuple[str, float]]:
    """``(mission, weight)`` for the missions the seat may complete: its own (1.0) and
    the general one (:data:`GENERAL`)."""
    seat = view["seat"]
    out = [(m, 1.0) for m in view["own"][seat] if m]
    if view["general"]:
        out.append((view["general"], GENERAL))
    return out


def unseen(view: dict) -> tuple[int, ...]:
    """Copies of each kind the seat has not seen in its hand, the bank or on top of
    the discards (16 ints)."""
    seen = list(kind_counts(view["hand"]))
    for c in view["bank"]:
        seen[c // 4] += 1
    if view["discard_top"] is not None:
        seen[view["discard_top"] // 4] += 1
    return tuple(max(0, 4 - s) for s in seen)


def unknown_missions(view: dict) -> list[str]:
    """Mission ids the seat has not seen (still in the pile or the partner's memory)."""
    seen = {view["general"]} | set(view["mission_discard"])
    for own in view["own"]:
        seen |= set(own)
    for done in view["done"]:
        seen |= set(done)
    return [m for m in MISSION_IDS if m not in seen]


class EasyBot(Bot):
    """Random legal actions, but it draws first and ends its turn soon after."""

    level = "easy"

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if not legal:
            raise ValueError("no legal action to choose from")
        by = {}
        for a in legal:
            by.setdefault(a["type"], []).append(a)
        pick = self.rng.choice
        if "keep" in by:
            return pick(legal)
        if "discard" in by:
            return pick(by["discard"])
        if "complete" in by and self.rng.random() < 0.5:
            return pick(by["complete"])
        if "draw" in by:
            return pick(by["draw"])
        if "give" in by and self.rng.random() < 0.1:
            return pick(by["give"])
        return by["end-turn"][0] if "end-turn" in by else pick(legal)


class NormalBot(Bot):
    """Plans toward its own and the general mission (see the module docstring)."""

    level = "normal"
    reject_margin = 0.9
    gift_threshold = 0.3

    # ---- the hand value
    def mission_value(self, mission: str, counts: tuple[int, ...], view: dict) -> float:
        """Worth of ``mission`` for a hand of ``counts``: points times a weight that
        falls with the cards still lacking."""
        return MISSIONS[mission].vp * WEIGHT[min(missing(mission, counts), 6)]

    def value(self, counts: tuple[int, ...], view: dict, missions=None) -> float:
        missions = my_missions(view) if missions is None else missions
        return sum(w * self.mission_value(m, counts, view) for m, w in missions)

    # ---- decisions
    def choose(self, view: dict, legal: list[dict]) -> dict:
        if not legal:
            raise ValueError("no legal action to choose from")
        by: dict[str, list[dict]] = {}
        for a in legal:
            by.setdefault(a["type"], []).append(a)
        counts = kind_counts(view["hand"])
        if "keep" in by:
            return self.keep_or_reject(view, by, counts)
        if "discard" in by:
            return self.discard(view, by["discard"], counts)
        if "complete" in by:
            best = self.best_completion(view, by["complete"], counts)
            if best is not None:
                return best
        if "draw" in by:
            return self.draw(view, by["draw"], counts)
        if "give" in by:
            gift = self.gift(view, by["give"], counts)
            if gift is not None:
                return gift
        return by["end-turn"][0] if "end-turn" in by else legal[0]

    def keep_or_reject(self, view, by, counts) -> dict:
        if "reject" not in by:
            return by["keep"][0]
        place = view["fresh"]
        seat = view["seat"]
        mission = view["general"] if place == "general" else view["own"][seat][
            int(place.split("/")[1])]
        mine = self.mission_value(mission, counts, view)
        pool = unknown_missions(view)
        if not pool:
            return by["keep"][0]
        avg = sum(self.mission_value(m, counts, view) for m in pool) / len(pool)
        return by["reject"][0] if mine < self.reject_margin * avg else by["keep"][0]

    def discard(self, view, actions, counts) -> dict:
        base = self.value(counts, view)
        scored = [(base - self.value(_remove(counts, [a["card"]]), view), self.rng.random(), a)
                  for a in actions]
        return min(scored, key=lambda t: (t[0], t[1]))[2]

    def best_completion(self, view, actions, counts) -> dict | None:
        missions = my_missions(view)
        keep = self.value(counts, view, missions)
        best, best_score = None, None
        for a in actions:
            rest = [(m, w) for m, w in missions if m != a["mission"]]
            score = MISSIONS[a["mission"]].vp + self.value(_remove(counts, a["cards"]), view,
                                                           rest)
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best if best_score >= keep - 0.05 else None

    def draw(self, view, actions, counts) -> dict:
        scored = []
        pool = unseen(view)
        total = sum(pool)
        for a in actions:
            if a["from"] == "bank":
                v = self.value(_add(counts, a["card"] // 4), view)
            elif total:
                v = sum(n * self.value(_add(counts, k), view)
                        for k, n in enumerate(pool) if n) / total
            else:
                v = self.value(counts, view)
            scored.append((v, self.rng.random(), a))
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def partner_missions(self, view) -> list[tuple[str, float]]:
        p = view["partner"]
        return [(m, 1.0) for m in view["own"][p] if m]

    def gift(self, view, actions, counts) -> dict | None:
        p = view["partner"]
        if p is None:
            return None
        room = view["hand_limit"] - view["hand_sizes"][p]
        theirs = self.partner_missions(view)
        if not theirs or room <= 0:
            return None
        base = self.value(counts, view)
        empty = (0,) * KINDS
        start = sum(w * self.mission_value(m, empty, view) for m, w in theirs)
        best, best_gain = None, self.gift_threshold
        for a in actions:
            if len(a["cards"]) > room:
                continue
            given = kind_counts(a["cards"])
            help_ = sum(w * self.mission_value(m, given, view) for m, w in theirs) - start
            cost = base - self.value(_remove(counts, a["cards"]), view)
            gain = help_ - cost
            if gain > best_gain:
                best, best_gain = a, gain
        return best


# --------------------------------------------------------------------------- hard
@lru_cache(maxsize=1 << 16)
def _at_least(population: int, good: int, draws: int, need: int) -> float:
    """P(at least ``need`` good cards among ``draws`` from ``population`` with ``good``)."""
    if need <= 0:
        return 1.0
    if need > good or need > draws or population <= 0:
        return 0.0
    draws = min(draws, population)
    total = comb(population, draws)
    miss = sum(comb(good, i) * comb(population - good, draws - i) for i in range(need))
    return 1.0 - miss / total


class HardBot(NormalBot):
    """Worth of a mission = points × chance of completing it within the next draws,
    from the unseen cards; sharper keep/reject, gifts and end of game."""

    level = "hard"
    reject_margin = 1.0
    gift_threshold = 0.25

    def horizon(self, view: dict) -> int:
        """Cards the seat can still expect to draw in time (this turn and the next)."""
        if view["end_announced"]:
            left = view["last_turn"] - view["turn"]
            if left < view["players"]:
                return view["draws_left"]
        return view["draws_left"] + 2

    def chance(self, mission: str, counts: tuple[int, ...], view: dict) -> float:
        return _chance(mission, counts, unseen(view), self.horizon(view))

    def mission_value(self, mission: str, counts: tuple[int, ...], view: dict) -> float:
        vp = MISSIONS[mission].vp
        p = self.chance(mission, counts, view)
        # A little credit for being close even when the odds this turn are slim.
        return vp * (0.8 * p + 0.2 * WEIGHT[min(missing(mission, counts), 6)])


@lru_cache(maxsize=1 << 17)
def _chance(mission: str, counts: tuple[int, ...], pool: tuple[int, ...], draws: int) -> float:
    """Estimated chance that ``draws`` cards from the unseen ``pool`` complete
    ``mission`` with the hand ``counts`` (best single way to complete it)."""
    if missing(mission, counts) == 0:
        return 1.0
    if draws <= 0:
        return 0.0
    m = MISSIONS[mission]
    population = sum(pool)
    if m.parts[0][0] == "free":
        need = m.parts[0][1]
        best = 0.0
        for kinds in m.pools:
            have = sum(counts[k] for k in kinds)
            good = sum(pool[k] for k in kinds)
            best = max(best, _at_least(population, good, draws, need - have))
        return best
    by_value = _colour_free(m)
    if by_value:
        have = [0] * 9
        avail = [0] * 9
        for k in range(KINDS):
            have[k // 2 + 1] += counts[k]
            avail[k // 2 + 1] += pool[k]
    else:
        have, avail = counts, pool
    floor = missing(mission, counts)
    best = 0.0
    for t in targets(mission):
        lack = []
        for f, n in t:
            if n > have[f]:
                lack.append((f, n - have[f]))
        total = sum(n for _, n in lack)
        if total > draws or total > floor + 1:
            continue
        p = 1.0
        for f, n in lack:
            p *= _at_least(population, avail[f], draws, n)
            if p <= best:
                break
        # Several kinds lacking in few draws: the draws are shared, not independent.
        if len(lack) > 1:
            p *= 0.7 ** (len(lack) - 1)
        if p > best:
            best = p
    return best


make_bot = factory({"easy": EasyBot, "normal": NormalBot, "hard": HardBot})
