"""Teamplay bots. Each sees only its seat's view (partners share nothing but legal
gifts) and answers ``choose(view, legal=None) -> action`` (without a legal list it
is computed from the view, ``GAME.legal_from_view``).

* ``easy``: random legal actions that still finish turns (draw, maybe complete, end).
* ``normal``: a hand value from how few cards each of its missions (own and the
  general one) still lacks; completes when that pays, draws the bank card (or the
  deck) that raises the value most, rejects new missions that are worse than an
  average one, gives the partner spare cards that complete or advance the partner's
  visible missions.
* ``hard``: the same plan, but it chooses its draws by looking ahead over the rest of
  the turn: each bank card, and each kind the draw pile may give with its chance
  from the unseen cards, followed by the best completions; it knows when its last
  turn comes (what is left in hand is then worth nothing); it gives more freely,
  also toward the general mission.
"""

from __future__ import annotations

from engine.bots import Bot, factory
from engine.teamplay.missions import (
    KINDS,
    MISSION_IDS,
    MISSIONS,
    kind_completions,
    kind_counts,
    missing,
)
from engine.teamplay.rules import GAME


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


class EasyBot(Bot):
    """Random legal actions, but it draws first and ends its turn soon after."""

    level = "easy"

    def choose(self, view: dict, legal: list[dict] | None = None) -> dict:
        legal = _legal(view, legal)
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
        legal = _legal(view, legal)
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
class HardBot(NormalBot):
    """Looks ahead over the rest of its draws this turn: for every bank card and every
    kind the draw pile may give (with its chance from the unseen cards), it plays out
    the best completions and values what is left; knows when its last turn comes."""

    level = "hard"
    replacement = 0.5  # worth of the mission that replaces a completed one
    gift_threshold = 0.0  # measured: generous gifts win more (see the report)

    def partner_missions(self, view) -> list[tuple[str, float]]:
        """The partner's own missions and, at half weight, the general one."""
        out = super().partner_missions(view)
        if view["general"]:
            out.append((view["general"], 0.5))
        return out

    def future(self, view: dict) -> float:
        """Weight of the hand's worth after this turn: 1 while the end is far, less
        with one turn left, 0 on the seat's last turn."""
        if view["last_turn"] is None:
            return 1.0
        n, seat = view["players"], view["seat"]
        left = sum(1 for t in range(view["turn"] + 1, view["last_turn"] + 1) if t % n == seat)
        return (0.0, 0.6)[left] if left < 2 else 1.0

    def settle(self, counts: tuple[int, ...], view: dict, missions: tuple, memo: dict) -> float:
        """Best points from completing missions with ``counts`` now, plus the worth of
        what is left (weighted by :meth:`future`)."""
        key = (counts, missions)
        if key in memo:
            return memo[key]
        best = memo["_future"] * self.value(counts, view, list(missions))
        for m, _w in missions:
            if missing(m, counts):
                continue
            rest = tuple(x for x in missions if x[0] != m)
            for ms in kind_completions(m, counts):
                left = list(counts)
                for k in ms:
                    left[k] -= 1
                score = (
                    MISSIONS[m].vp
                    + memo["_future"] * self.replacement
                    + self.settle(tuple(left), view, rest, memo)
                )
                if score > best:
                    best = score
        memo[key] = best
        return best

    def draw(self, view, actions, counts) -> dict:
        memo: dict = {"_future": self.future(view)}
        missions = tuple(my_missions(view))
        pool = unseen(view)
        total = sum(pool)
        bank = [a["card"] for a in actions if a["from"] == "bank"]
        deck = any(a["from"] == "deck" for a in actions)

        def best_after(cts, bank_left, draws) -> float:
            """Best expected worth with ``draws`` still to make from ``bank_left``
            (card ids; None = a refill not seen yet) or the draw pile."""
            if draws == 0:
                return self.settle(cts, view, missions, memo)
            if None in bank_left:  # the refill is seen before the next choice
                i = bank_left.index(None)
                return (
                    sum(
                        n * best_after(cts, bank_left[:i] + [4 * k] + bank_left[i + 1 :], draws)
                        for k, n in enumerate(pool)
                        if n
                    )
                    / total
                )
            options = []
            for i, c in enumerate(bank_left):
                rest = bank_left[:i] + bank_left[i + 1 :]
                options.append(best_after(_add(cts, c // 4), rest + [None], draws - 1))
            if deck and total:
                options.append(
                    sum(
                        n * best_after(_add(cts, k), bank_left, draws - 1)
                        for k, n in enumerate(pool)
                        if n
                    )
                    / total
                )
            return max(options) if options else self.settle(cts, view, missions, memo)

        later = view["draws_left"] - 1
        scored = []
        for a in actions:
            if a["from"] == "bank":
                rest = [b for b in bank if b != a["card"]] + ([None] if total else [])
                v = best_after(_add(counts, a["card"] // 4), rest, later)
            elif total:
                v = (
                    sum(
                        n * best_after(_add(counts, k), bank, later)
                        for k, n in enumerate(pool)
                        if n
                    )
                    / total
                )
            else:
                v = self.settle(counts, view, missions, memo)
            scored.append((v, self.rng.random(), a))
        return max(scored, key=lambda t: (t[0], t[1]))[2]


make_bot = factory({"easy": EasyBot, "normal": NormalBot, "hard": HardBot})
