"""Teamplay's adapter for the shared determinized search (:mod:`engine.search`,
issue 17), and the ``normal`` bot's plan restated on plain facts for the search's
rollouts and its shortlist.

The plan (:class:`Plan`) values a hand by how few cards each of the seat's missions
still lacks (:data:`WEIGHT` per missing card, the general mission at
:data:`GENERAL`); it completes the best mission it can, draws the bank card or the
draw pile that raises that value most, rejects a new mission worth less than an
average unseen one and gives the partner cards that help the partner more than they
cost. It works on plain facts (kind counts, card ids, mission ids), so it runs on
the fast path (rollouts) as the ``normal`` bot runs on a view (its ties may fall
differently, and a gift is one or two cards).

:class:`TeamplayAdapter` deals determinizations consistent with a seat's view
(teamplay.md "What each player may know"): every card the seat has not seen — the
other hands (the partner's too), the draw pile and the discards under the top —
is shuffled among those places with their sizes kept, except what the seat knows
(cards it gave its partner this turn stay in the partner's hand; cards it put on the
discard pile since the last reshuffle stay there); the mission pile is the missions
not on the table, shuffled. Rewards are per side (partners share a value; alone,
each seat its own): a finished game gives 1 to the winners (½ each on a shared win)
plus a small share of the point margin; a cut-off gives the margin of points plus
the worth of the hands (:meth:`TeamplayAdapter.evaluate`).
"""

from __future__ import annotations

import math
import random
from typing import Hashable, Sequence

from engine.core import Action
from engine.search import Adapter
from engine.teamplay.fast import (
    COMPLETE,
    DISCARD,
    DRAW_BANK,
    DRAW_DECK,
    END,
    GIVE,
    KEEP,
    MISSION_INDEX,
    REJECT,
    TeamplaySimulation,
)
from engine.teamplay.missions import (
    KINDS,
    MISSION_IDS,
    MISSIONS,
    NUMBER_CARDS,
    MODE,
    _caps,
    kind_completions,
    missing,
)
from engine.teamplay.rules import GAME
from engine.teamplay.state import (
    GIFT_MAX,
    has_teams,
    hand_limit,
    missions_to_end,
    partner,
    team_of,
    teams,
)

#: Worth of a mission per card it still lacks (0, 1, 2, … 6+), times its points.
WEIGHT = (1.0, 0.5, 0.22, 0.09, 0.035, 0.012, 0.004)
#: Weight of the general mission (others may take it first).
GENERAL = 0.6
VP = {m: MISSIONS[m].vp for m in MISSION_IDS}


# --------------------------------------------------------------------------- distances
def _shape(mission: str) -> tuple:
    """How :func:`miss` computes ``mission``'s distance: ``("free", need, pools)``
    for "any N cards of …" missions, else ``("channels", ((channel, caps), …))`` with
    a channel ``"v"`` (counts per number, colours summed), ``"r"``/``"b"`` (counts
    per number of one colour) or ``"k"`` (counts per kind), clipped to what one
    completion can use (so equal clipped counts lack equally many cards)."""
    m = MISSIONS[mission]
    if m.parts[0][0] == "free":
        return ("free", m.parts[0][1], tuple(tuple(sorted(p)) for p in m.pools))
    mode, caps = MODE[mission], _caps(mission)
    channels = {"value": ("v",), "red": ("r",), "blue": ("b",), "same": ("r", "b"), "kind": ("k",)}
    return ("channels", tuple((ch, caps) for ch in channels[mode]))


SHAPES = {m: _shape(m) for m in MISSION_IDS}


def _project(ch: str, caps, counts) -> tuple[int, ...]:
    if ch == "v":
        return tuple([min(counts[2 * v] + counts[2 * v + 1], caps[v]) for v in range(8)])
    if ch == "r":
        return tuple([min(counts[2 * v], caps[v]) for v in range(8)])
    if ch == "b":
        return tuple([min(counts[2 * v + 1], caps[v]) for v in range(8)])
    return tuple([min(counts[k], caps[k >> 1]) for k in range(KINDS)])


def _counts_of(ch: str, proj) -> tuple[int, ...]:
    """Kind counts that project to ``proj`` (the other colour empty)."""
    out = [0] * KINDS
    if ch == "k":
        return tuple(proj)
    colour = 1 if ch == "b" else 0
    for v, n in enumerate(proj):
        out[2 * v + colour] = n
    return tuple(out)


_PROFILES: dict[tuple, tuple[int, tuple[int, ...]]] = {}


def _profile(mission: str, ch: str, caps, proj) -> tuple[int, tuple[int, ...]]:
    """``(lacking, lacking after one more card of each kind)`` for one channel."""
    key = (mission, ch, proj)
    got = _PROFILES.get(key)
    if got is not None:
        return got
    base = missing(mission, _counts_of(ch, proj))
    after = []
    for k in range(KINDS):
        if ch == "k":
            i, cap = k, caps[k >> 1]
        elif ch == "v" or (ch == "r") == (k % 2 == 0):
            i, cap = k >> 1, caps[k >> 1]
        else:
            after.append(base)
            continue
        if proj[i] >= cap:
            after.append(base)
            continue
        bumped = list(proj)
        bumped[i] += 1
        after.append(missing(mission, _counts_of(ch, tuple(bumped))))
    if len(_PROFILES) > 1 << 17:
        _PROFILES.clear()
    got = _PROFILES[key] = (base, tuple(after))
    return got


def miss(mission: str, counts) -> int:
    """Cards ``counts`` (16 kind counts) lacks to complete ``mission``: the same
    number as :func:`engine.teamplay.missions.missing`, faster (cached on what the
    mission looks at)."""
    return miss_after(mission, counts)[0]


_AFTER: dict[tuple, tuple[int, tuple[int, ...]]] = {}


def miss_after(mission: str, counts) -> tuple[int, tuple[int, ...]]:
    """``(miss(mission, counts), per kind k: miss with one more card of kind k)``."""
    key = (mission, *counts)
    got = _AFTER.get(key)
    if got is not None:
        return got
    shape = SHAPES[mission]
    if shape[0] == "free":
        need = shape[1]
        sums = [(sum(counts[k] for k in pool), pool) for pool in shape[2]]
        have = max(x for x, _ in sums)
        after = []
        for k in range(KINDS):
            h = max(x + (k in pool) for x, pool in sums)
            after.append(need - min(need, h))
        got = need - min(need, have), tuple(after)
    else:
        base, after = 99, None
        for ch, caps in shape[1]:
            b, a = _profile(mission, ch, caps, _project(ch, caps, counts))
            if after is None:
                base, after = b, a
            else:
                base = min(base, b)
                after = tuple(map(min, after, a))
        got = base, after
    if len(_AFTER) > 1 << 17:
        _AFTER.clear()
    _AFTER[key] = got
    return got


# --------------------------------------------------------------------------- the plan
def kinds_of(cards) -> list[int]:
    """How many cards of each kind (value and colour, ``card // 4``) ``cards`` holds."""
    counts = [0] * KINDS
    for c in cards:
        counts[c >> 2] += 1
    return counts


def unseen_kinds(hand, bank, top: int | None) -> list[int]:
    """Copies of each kind not in ``hand``, ``bank`` or the discard ``top``."""
    counts = [4] * KINDS
    for c in hand:
        counts[c >> 2] -= 1
    for c in bank:
        counts[c >> 2] -= 1
    if top is not None:
        counts[top >> 2] -= 1
    return [max(0, n) for n in counts]


def cards_for(kinds, hand) -> list[int]:
    """Card ids of ``hand`` realising the kind multiset ``kinds`` (lowest ids first)."""
    need = [0] * KINDS
    for k in kinds:
        need[k] += 1
    out = []
    for c in hand:
        k = c >> 2
        if need[k]:
            need[k] -= 1
            out.append(c)
    return out


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


class Plan:
    """The ``normal`` plan on plain facts (see the module docstring). Settings:
    ``reject_margin`` (reject a new mission worth less than this share of an average
    unseen one), ``gift_threshold`` (a gift must gain more than this), ``general``
    (weight of the general mission)."""

    def __init__(
        self,
        reject_margin: float = 0.9,
        gift_threshold: float = 0.3,
        general: float = GENERAL,
        weight: tuple[float, ...] = WEIGHT,
    ) -> None:
        self.reject_margin = reject_margin
        self.gift_threshold = gift_threshold
        self.general = general
        self.weight = tuple(weight)

    # ---- worth
    def mission_value(self, mission: str, counts) -> float:
        """Points of ``mission`` times ``weight`` of the cards ``counts`` lacks."""
        return VP[mission] * self.weight[min(miss(mission, counts), 6)]

    def missions(self, general: str | None, own) -> list[tuple[str, float]]:
        """``(mission, weight)``: the own missions (1.0), then the general one."""
        out = [(m, 1.0) for m in own if m]
        if general:
            out.append((general, self.general))
        return out

    def value(self, counts, missions) -> float:
        """The hand's worth: the weighted sum of :meth:`mission_value`."""
        weight = self.weight
        return sum(w * VP[m] * weight[min(miss(m, counts), 6)] for m, w in missions)

    def values_after(self, counts, missions) -> tuple[float, list[float]]:
        """``(value now, [value with one more card of kind k for k in 0..15])``."""
        weight = self.weight
        base, after = 0.0, [0.0] * KINDS
        for m, w in missions:
            b, a = miss_after(m, counts)
            f = w * VP[m]
            base += f * weight[min(b, 6)]
            for k in range(KINDS):
                after[k] += f * weight[min(a[k], 6)]
        return base, after

    # ---- decisions (each returns kinds or ids; the callers make actions of them)
    def keep(self, mission: str, counts, pool) -> bool:
        """Keep a new ``mission`` unless it is worth less than ``reject_margin`` of
        the average of ``pool`` (the missions that may come instead)."""
        if not pool:
            return True
        mine = self.mission_value(mission, counts)
        avg = sum(self.mission_value(m, counts) for m in pool) / len(pool)
        return not mine < self.reject_margin * avg

    def discard_kind(self, counts: list[int], missions) -> int:
        """The kind whose loss costs the hand least (the lowest such kind)."""
        best, best_loss = -1, math.inf
        base = self.value(counts, missions)
        for k in range(KINDS):
            if counts[k]:
                counts[k] -= 1
                loss = base - self.value(counts, missions)
                counts[k] += 1
                if loss < best_loss:
                    best, best_loss = k, loss
        return best

    def completion(self, counts: list[int], missions) -> tuple[str, tuple[int, ...]] | None:
        """The best completion ``(mission, kinds)``: its points plus the worth of the
        rest for the other missions; None when no mission can be completed."""
        best, best_score = None, -math.inf
        key = None
        for m, _w in missions:
            if miss(m, counts):
                continue
            key = key or tuple(counts)
            rest = [x for x in missions if x[0] != m]
            for ms in kind_completions(m, key):
                for k in ms:
                    counts[k] -= 1
                score = VP[m] + self.value(counts, rest)
                for k in ms:
                    counts[k] += 1
                if score > best_score:
                    best, best_score = (m, ms), score
        return best

    def draw(self, counts: list[int], missions, bank, deck: bool, unseen, rng) -> int | None:
        """The card id to take from ``bank``, or None for the draw pile (``deck``:
        it can be drawn from); ties broken by ``rng``."""
        base, after = self.values_after(counts, missions)
        scored = []
        seen_kinds = 0
        for c in bank:
            k = c >> 2
            if seen_kinds >> k & 1:
                continue
            seen_kinds |= 1 << k
            scored.append((after[k], rng.random(), c))
        if deck:
            total = sum(unseen)
            v = sum(n * a for n, a in zip(unseen, after, strict=True)) / total if total else base
            scored.append((v, rng.random(), None))
        return max(scored)[2] if scored else None

    def gift(self, hand, counts: list[int], missions, theirs, room: int) -> tuple[int, ...] | None:
        """Cards (ids) to give the partner, whose missions are ``theirs`` and who has
        ``room`` cards below the hand limit; None when no gift gains enough. A gift's
        gain is how far the given cards alone bring the partner's missions (the
        partner's hand is hidden) minus what the hand loses."""
        if not theirs or room <= 0:
            return None
        empty = [0] * KINDS
        start, one = self.values_after(empty, theirs)
        kinds = [k for k in range(KINDS) if counts[k]]
        options = [((k,), one[k] - start) for k in kinds]
        if room >= 2:
            for i, a in enumerate(kinds):
                empty[a] += 1
                _, two = self.values_after(empty, theirs)
                empty[a] -= 1
                for b in kinds[i:]:
                    if a != b or counts[a] >= 2:
                        options.append(((a, b), two[b] - start))
        base = None
        best, best_gain = None, self.gift_threshold
        for ks, helped in options:
            if helped <= best_gain:
                continue  # the cost is never negative
            if base is None:
                base = self.value(counts, missions)
            for k in ks:
                counts[k] -= 1
            gain = helped - (base - self.value(counts, missions))
            for k in ks:
                counts[k] += 1
            if gain > best_gain:
                best, best_gain = ks, gain
        return None if best is None else tuple(cards_for(best, hand))

    # ---- one decision on the fast path
    def code(
        self, sim: TeamplaySimulation, seat: int, rng: random.Random, pool: int | None = 8
    ) -> int:
        """The plan's action code for ``seat`` (the seat to act) in ``sim``. A new
        mission is compared with the average of ``pool`` missions from the top of
        the mission pile (None: all of them; the pile's order is random anyway)."""
        hand = sim.hands[seat]
        if sim.fresh is not None:
            if not (sim.mission_deck or sim.mission_discard):
                return KEEP
            place = sim.fresh
            m = sim.general if place == "general" else sim.own[seat][int(place[4:])]
            others = sim.mission_deck or sim.mission_discard
            if pool is not None:
                others = others[-pool:]
            return KEEP if self.keep(m, kinds_of(hand), others) else REJECT
        counts = kinds_of(hand)
        missions = self.missions(sim.general, sim.own[seat])
        if sim.must_discard:
            k = self.discard_kind(counts, missions)
            return DISCARD | cards_for((k,), hand)[0] << 3
        done = self.completion(counts, missions)
        if done is not None:
            m, ms = done
            return COMPLETE | MISSION_INDEX[m] << 3 | _mask(cards_for(ms, hand)) << 9
        deck = bool(sim.deck or sim.discard)
        if sim.draws_left and (deck or sim.bank):
            top = sim.discard[-1] if sim.discard else None
            unseen = unseen_kinds(hand, sim.bank, top)
            c = self.draw(counts, missions, sim.bank, deck, unseen, rng)
            return DRAW_DECK if c is None else DRAW_BANK | c << 3
        n = sim.players
        if not sim.gave and has_teams(n) and hand:
            p = partner(seat, n)
            theirs = [(m, 1.0) for m in sim.own[p] if m]
            room = hand_limit(n) - len(sim.hands[p])
            cards = self.gift(hand, counts, missions, theirs, room)
            if cards:
                return GIVE | _mask(cards) << 3
        return END


# --------------------------------------------------------------------------- adapter
class TeamplayAdapter(Adapter):
    """The search adapter (see the module docstring and :mod:`engine.search`).

    Settings (attributes): ``rounds`` — rollouts stop after this many full rounds
    after the current turn and are evaluated (None: play to the end of the game;
    the default 1 keeps a decision within its time budget: a whole game per
    rollout costs about ten times as much);
    ``margin`` — a finished game's reward adds this times the point margin over ten
    (clipped to ±1); ``worth`` — at a cut-off, the hands' worth counts this much
    against points; ``scale`` — points of margin that make a cut-off reward of
    about ±0.76 (``tanh(1)``); ``gifts`` / ``completions`` — the most gift and
    completion candidates at the root (best first by the plan); ``plan`` — the
    :class:`Plan` of rollouts (every seat plays it)."""

    game = GAME

    def __init__(
        self,
        rounds: int | None = 1,
        margin: float = 0.3,
        worth: float = 1.0,
        scale: float = 6.0,
        gifts: int = 3,
        completions: int = 4,
        plan: Plan | None = None,
    ) -> None:
        self.rounds, self.margin, self.worth, self.scale = rounds, margin, worth, scale
        self.gifts, self.completions = gifts, completions
        self.plan = plan or Plan()
        self._stop: int | None = None
        # memory of earlier views (observe)
        self._seat: int | None = None
        self._turn = -1
        self._hand: list[int] = []
        self._deck_size = -1
        self._discard_size = -1
        self._in_discard: list[int] = []  # cards this seat put on the discard pile
        self._given: list[int] = []  # cards given to the partner this turn

    # ------------------------------------------------------------------ memory
    def observe(self, view: dict) -> None:
        """Track what the seat knows beyond this view: the cards it put on the
        discard pile since the last reshuffle (a reshuffle shows as a draw pile
        that grew or a discard pile that shrank) and the cards it gave its partner
        this turn."""
        seat, hand = view["seat"], view["hand"]
        if seat != self._seat:
            self._seat, self._in_discard, self._given = seat, [], []
            self._turn, self._hand = -1, list(hand)
        if view["deck_size"] > self._deck_size >= 0 or view["discard_size"] < self._discard_size:
            self._in_discard = []
        same_turn = view["turn"] == self._turn and view["turn_seat"] == seat
        if same_turn:
            gone = [c for c in self._hand if c not in hand]
            given = {c for g in view["gifts"] if g["from"] == seat for c in g["cards"]}
            self._given += [c for c in gone if c in given and c not in self._given]
            self._in_discard += [c for c in gone if c not in given]
        else:
            self._given = []
        if view["turn_seat"] == seat and view["phase"] == "play":
            self._turn = view["turn"]
        self._hand = list(hand)
        self._deck_size, self._discard_size = view["deck_size"], view["discard_size"]

    # ------------------------------------------------------------------ determinize
    def determinize(self, view: dict, rng: random.Random) -> TeamplaySimulation:
        """A :class:`TeamplaySimulation` the seat cannot tell from the real table."""
        seat, n = view["seat"], view["players"]
        hand, bank, top = view["hand"], view["bank"], view["discard_top"]
        known = set(hand) | set(bank)
        if top is not None:
            known.add(top)
        under = max(0, view["discard_size"] - 1)  # discards under the top
        pinned_discard = [c for c in self._in_discard if c not in known]
        if len(pinned_discard) > under:
            pinned_discard = []
        p = partner(seat, n)
        pinned_partner = [c for c in self._given if c not in known and c not in pinned_discard]
        if p is None or len(pinned_partner) > view["hand_sizes"][p]:
            pinned_partner = []
        pinned = set(pinned_discard) | set(pinned_partner)
        pool = [c for c in range(NUMBER_CARDS) if c not in known and c not in pinned]
        rng.shuffle(pool)
        hands: list[list[int]] = []
        i = 0
        for s in range(n):
            if s == seat:
                hands.append(list(hand))
                continue
            size = view["hand_sizes"][s]
            mine = pinned_partner if s == p else []
            take = size - len(mine)
            hands.append(sorted(mine + pool[i : i + take]))
            i += take
        rest_under = under - len(pinned_discard)
        discard = pinned_discard + pool[i : i + rest_under]
        rng.shuffle(discard)
        i += rest_under
        if top is not None:
            discard.append(top)
        deck = pool[i : i + view["deck_size"]]
        seen_missions = {view["general"], *view["mission_discard"]}
        for own in view["own"]:
            seen_missions.update(own)
        for done in view["done"]:
            seen_missions.update(done)
        missions = [m for m in MISSION_IDS if m not in seen_missions]
        rng.shuffle(missions)
        sim = TeamplaySimulation.__new__(TeamplaySimulation)
        sim.players = n
        end_at = view["end_at"]
        sim.options = (("end_at", None if end_at == missions_to_end(n) else end_at),)
        sim.rng = random.Random(rng.getrandbits(64)).getstate()
        sim.deck = deck  # top last
        sim.bank = list(bank)
        sim.hands = hands
        sim.discard = discard
        sim.mission_deck = missions
        sim.mission_discard = list(view["mission_discard"])
        sim.general = view["general"]
        sim.own = [list(o) for o in view["own"]]
        sim.done = [list(d) for d in view["done"]]
        sim.phase = view["phase"]
        sim.seat = view["turn_seat"]
        sim.turn = view["turn"]
        sim.must_discard = view["must_discard"]
        sim.draws_left = view["draws_left"]
        sim.gave = view["gave"]
        sim.fresh = view["fresh"]
        sim.last_turn = view["last_turn"]
        sim.gifts = [(g["from"], g["to"], tuple(g["cards"])) for g in view["gifts"]]
        sim.end_at = end_at
        sim.counts = list(view["missions"])
        sim.points = list(view["points"])
        self._stop = None if self.rounds is None else view["turn"] + 1 + self.rounds * n
        return sim

    # ------------------------------------------------------------------ candidates
    def shortlist(self, view: dict, legal: list[Action]) -> list[Action]:
        """One action per group of equivalent ones (bank cards of one kind,
        completions of one mission by the same kinds, gifts of the same kinds,
        discards of one kind), at most ``completions`` completions and ``gifts``
        gifts (the plan's best first); the plan's own choice comes first."""
        groups: dict[tuple, Action] = {}
        for a in legal:
            groups.setdefault(_group(a), a)
        sim = self.determinize(view, random.Random(0))
        first = GAME.decode_action(self.plan.code(sim, view["seat"], random.Random(0), None))
        head = _group(first)
        out = [groups[head]] if head in groups else []
        comps = [a for k, a in groups.items() if k[0] == "complete" and k != head]
        gifts = [a for k, a in groups.items() if k[0] == "give" and k != head]
        comps = self._best_completions(view, comps)[
            : max(0, self.completions - (head[0] == "complete"))
        ]
        gifts = self._best_gifts(view, gifts)[: max(0, self.gifts - (head[0] == "give"))]
        keep = {id(a) for a in comps + gifts}
        for k, a in groups.items():
            if k == head:
                continue
            if k[0] in ("complete", "give") and id(a) not in keep:
                continue
            out.append(a)
        return out

    def _best_completions(self, view: dict, actions: list[Action]) -> list[Action]:
        seat = view["seat"]
        missions = self.plan.missions(view["general"], view["own"][seat])
        counts = kinds_of(view["hand"])

        def score(a):
            rest = [x for x in missions if x[0] != a["mission"]]
            left = list(counts)
            for c in a["cards"]:
                left[c >> 2] -= 1
            return VP[a["mission"]] + self.plan.value(tuple(left), rest)

        return sorted(actions, key=lambda a: -score(a))

    def _best_gifts(self, view: dict, actions: list[Action]) -> list[Action]:
        seat, p = view["seat"], view["partner"]
        if p is None:
            return []
        missions = self.plan.missions(view["general"], view["own"][seat])
        theirs = [(m, 1.0) for m in view["own"][p] if m]
        room = view["hand_limit"] - view["hand_sizes"][p]
        counts = kinds_of(view["hand"])
        base = self.plan.value(tuple(counts), missions)
        start = self.plan.value((0,) * KINDS, theirs)

        def gain(a):
            left = list(counts)
            for c in a["cards"]:
                left[c >> 2] -= 1
            given = tuple(kinds_of(a["cards"]))
            return (
                self.plan.value(given, theirs)
                - start
                - (base - self.plan.value(tuple(left), missions))
            )

        return sorted((a for a in actions if len(a["cards"]) <= room), key=lambda a: -gain(a))

    def moves(self, sim: TeamplaySimulation, seat: int) -> list[int]:
        """In the tree: one code per group of equivalent actions."""
        seen = set()
        out = []
        for code in sim.legal(seat):
            key = _code_group(code)
            if key not in seen:
                seen.add(key)
                out.append(code)
        return out

    # ------------------------------------------------------------------ playouts
    def rollout_policy(self, sim: TeamplaySimulation, seat: int, rng: random.Random) -> int:
        """Every seat plays the :class:`Plan`."""
        return self.plan.code(sim, seat, rng)

    def observation(self, sim: TeamplaySimulation, mover: int, code: int, seat: int) -> Hashable:
        """What ``seat`` learns from ``mover``'s ``code``: draws from the bank and
        their refill, completions and the new mission, discards, keep/reject and
        the mission drawn, the end of a turn are public; a card from the draw pile
        only the drawer sees (its hand), a gift only giver and receiver."""
        kind = code & 7
        if kind == DRAW_DECK:
            return (mover, code, tuple(sim.hands[mover])) if seat == mover else (mover, code)
        if kind == GIVE:
            if seat == mover or seat == partner(mover, sim.players):
                return (mover, code)
            return (mover, GIVE, (code >> 3).bit_count())
        if kind == DRAW_BANK:
            return (mover, code, tuple(sim.bank))
        if kind in (COMPLETE, REJECT):
            return (mover, code, sim.general, tuple(sim.own[mover]))
        return (mover, code)

    def horizon_over(self, sim: TeamplaySimulation) -> bool:
        """The end of the game, or ``rounds`` full rounds after the current turn."""
        return sim.phase == "over" or (self._stop is not None and sim.turn >= self._stop)

    def evaluate(self, sim: TeamplaySimulation) -> Sequence[float]:
        """Per seat, its side's reward. Over: 1 for a sole win, ½ shared, 0 lost,
        plus ``margin`` times the point margin over the best other side (over ten,
        clipped to ±1). Cut off: ``tanh`` of the margin of points plus ``worth``
        times the hands' worth (:meth:`Plan.value`), over ``scale``."""
        n = sim.players
        sides = teams(n)
        if sim.phase == "over":
            won = set(sim.winners())
            score = list(sim.points)
            out = []
            for s in range(n):
                t = team_of(s, n)
                best_other = max(score[u] for u in range(len(sides)) if u != t)
                m = max(-1.0, min(1.0, (score[t] - best_other) / 10))
                w = 1.0 if s in won else 0.0
                if w and len(won) > len(sides[t]):
                    w = 0.5
                out.append(w + self.margin * m)
            return out
        score = list(sim.points)
        if self.worth:
            plan = self.plan
            for s in range(n):
                missions = plan.missions(sim.general, sim.own[s])
                score[team_of(s, n)] += self.worth * plan.value(
                    tuple(kinds_of(sim.hands[s])), missions
                )
        out = []
        for s in range(n):
            t = team_of(s, n)
            best_other = max(score[u] for u in range(len(sides)) if u != t)
            out.append(0.5 + 0.5 * math.tanh((score[t] - best_other) / self.scale))
        return out


def _group(action: Action) -> tuple:
    """Actions in one group are equivalent: cards of one kind are alike."""
    kind = action["type"]
    if kind == "draw":
        return ("draw", "deck") if action["from"] == "deck" else ("draw", action["card"] >> 2)
    if kind == "discard":
        return ("discard", action["card"] >> 2)
    if kind == "complete":
        return ("complete", action["mission"], tuple(c >> 2 for c in action["cards"]))
    if kind == "give":
        return ("give", tuple(c >> 2 for c in action["cards"]))
    return (kind,)


def _code_group(code: int) -> tuple:
    kind = code & 7
    if kind in (DISCARD, DRAW_BANK):
        return (kind, code >> 5)
    if kind == COMPLETE:
        mask = code >> 9
        return (kind, code >> 3 & 63, tuple(c >> 2 for c in range(NUMBER_CARDS) if mask >> c & 1))
    if kind == GIVE:
        mask = code >> 3
        return (kind, tuple(c >> 2 for c in range(NUMBER_CARDS) if mask >> c & 1))
    return (kind,)


__all__ = ["GENERAL", "GIFT_MAX", "Plan", "TeamplayAdapter", "WEIGHT"]
