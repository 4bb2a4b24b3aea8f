"""Teamplay bots. Each sees only its seat's view (partners share nothing but legal
gifts) and answers ``choose(view, legal=None) -> action`` (without a legal list it
is computed from the view, ``GAME.legal_from_view``).

* ``easy``: random legal actions that still finish turns (draw, maybe complete, end).
* ``normal``: a hand value from how few cards each of its missions (own and the
  general one) still lacks; completes when that pays, draws the bank card (or the
  deck) that raises the value most, rejects new missions that are worse than an
  average one, gives the partner spare cards that complete or advance the partner's
  visible missions.
* ``hard``: searches (the shared determinized search, :mod:`engine.search`, with
  :class:`engine.teamplay.search.TeamplayAdapter`): for each of a short list of
  candidates (normal's choice first) it deals the cards it cannot see in ``samples``
  ways consistent with its view, plays a round on from each with every seat
  following normal's plan, and values points and hands; it leaves normal's choice
  only for a candidate that does clearly better (``switch``).
"""

from __future__ import annotations

from engine.bots import Bot, factory
from engine.search import SearchBot
from engine.teamplay.missions import (
    KINDS,
    MISSION_IDS,
    MISSIONS,
    kind_counts,
    missing,
)
from engine.teamplay.rules import GAME
from engine.teamplay.search import TeamplayAdapter


def _legal(view: dict, legal: list[dict] | None) -> list[dict]:
    """``legal``, or the seat's legal list computed from its view when it is None
    (``GAME.legal_from_view``); ``ValueError`` when there is nothing to choose from."""
    if legal is None:
        legal = GAME.legal_from_view(view)
    if not legal:
        raise ValueError("no legal action to choose from")
    return legal


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


def floor(view: dict, legal: list[dict]) -> list[dict]:
    """The actions of ``legal`` a person would consider (issue 34), the same for every
    level: while a mission can be completed the turn does not end (points on the
    table are taken; which completion, and drawing or giving first, stay free)."""
    if any(a["type"] == "complete" for a in legal):
        return [a for a in legal if a["type"] != "end-turn"]
    return legal


class EasyBot(Bot):
    """Random legal actions within the :func:`floor`, but it draws first and ends its
    turn soon after."""

    level = "easy"

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        legal = floor(view, _legal(view, legal))
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
    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        legal = floor(view, _legal(view, legal))
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
        mission = (
            view["general"] if place == "general" else view["own"][seat][int(place.split("/")[1])]
        )
        mine = self.mission_value(mission, counts, view)
        pool = unknown_missions(view)
        if not pool:
            return by["keep"][0]
        avg = sum(self.mission_value(m, counts, view) for m in pool) / len(pool)
        return by["reject"][0] if mine < self.reject_margin * avg else by["keep"][0]

    def discard(self, view, actions, counts) -> dict:
        base = self.value(counts, view)
        scored = [
            (base - self.value(_remove(counts, [a["card"]]), view), self.rng.random(), a)
            for a in actions
        ]
        return min(scored, key=lambda t: (t[0], t[1]))[2]

    def best_completion(self, view, actions, counts) -> dict | None:
        """The completion worth most: its points plus what the rest of the hand is
        worth for the other missions. Points in hand beat points in hope, so a bot
        always completes something when it can (two missions sharing cards would
        otherwise each look "nearly done" for ever)."""
        missions = my_missions(view)
        best, best_score = None, None
        for a in actions:
            rest = [(m, w) for m, w in missions if m != a["mission"]]
            score = MISSIONS[a["mission"]].vp + self.value(_remove(counts, a["cards"]), view, rest)
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best

    def draw(self, view, actions, counts) -> dict:
        scored = []
        pool = unseen(view)
        total = sum(pool)
        for a in actions:
            if a["from"] == "bank":
                v = self.value(_add(counts, a["card"] // 4), view)
            elif total:
                v = (
                    sum(n * self.value(_add(counts, k), view) for k, n in enumerate(pool) if n)
                    / total
                )
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
def _setting(owner: str, name: str) -> property:
    """A bot attribute that reads and writes ``name`` of its ``owner`` (the adapter
    or its plan), so tools can set it by name (``hard:rounds=2``)."""

    def get(self):
        return getattr(self._owner(owner), name)

    def set_(self, value):
        setattr(self._owner(owner), name, value)

    return property(get, set_, doc=f"The search's ``{name}`` (see TeamplayAdapter).")


class HardBot(SearchBot):
    """The shared determinized search (:mod:`engine.search`) with
    :class:`~engine.teamplay.search.TeamplayAdapter`: flat Monte-Carlo over the
    adapter's shortlist, every candidate played on the same deals, rollouts in which
    every seat plays the normal plan. ``samples`` (per decision) and ``seconds`` are
    the budget; the adapter's and the plan's settings are attributes too.

    ``switch``: the search's best candidate replaces the shortlist's first (the
    plan's own choice) only when its mean reward is at least this much higher
    (rewards lie in about [0, 1.3]); a few samples cannot tell candidates closer than
    that apart. ``last`` keeps the search's :class:`~engine.search.Result`.

    Alone at 5 players it plays about as well as normal: 21.7% [15.2, 30.0] of games
    won among normal bots, the fair share being 20% (issue 34's figure); the rules
    help says so rather than promising more there."""

    level = "hard"
    switch = 0.02

    def __init__(
        self,
        seed: int | None = None,
        samples: int | None = 16,
        seconds: float | None = None,
        mode: str = "flat",
        **kw,
    ) -> None:
        super().__init__(TeamplayAdapter(), seed, samples=samples, seconds=seconds, mode=mode, **kw)

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        """The search's choice (see the class docstring), or the plan's own when the
        search found nothing clearly better."""
        action = super().choose(view, floor(view, _legal(view, legal)))
        found = self.last
        if found is None or found.index == 0:
            return action
        if found.means[found.index] - found.means[0] < self.switch:
            return found.candidates[0]
        return action

    def _owner(self, owner: str):
        return self.adapter if owner == "adapter" else self.adapter.plan

    rounds = _setting("adapter", "rounds")
    margin = _setting("adapter", "margin")
    worth = _setting("adapter", "worth")
    scale = _setting("adapter", "scale")
    gifts = _setting("adapter", "gifts")
    completions = _setting("adapter", "completions")
    reject_margin = _setting("plan", "reject_margin")
    gift_threshold = _setting("plan", "gift_threshold")
    general = _setting("plan", "general")


make_bot = factory({"easy": EasyBot, "normal": NormalBot, "hard": HardBot})
