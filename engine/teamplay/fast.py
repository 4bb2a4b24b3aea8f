"""Teamplay's fast path for search rollouts (issue 17): a mutable
:class:`TeamplaySimulation` with integer actions, no events, views or checks, that
follows ``teamplay.md`` exactly as :mod:`engine.teamplay.rules` does (the differential
test ``tests/engine/test_fast_paths.py`` compares every step).

Action codes: the low 3 bits are the kind, the rest its payload —
``0`` discard (``card << 3``), ``1`` draw from the deck, ``2`` draw from the bank
(``card << 3``), ``3`` complete (``mission index << 3 | card mask << 9``, the index in
:data:`MISSION_IDS`, bit ``c`` of the mask for card ``c``), ``4`` keep, ``5`` reject,
``6`` give (``card mask << 3``), ``7`` end-turn. Codes of completions and gifts are
big ints (a 64-bit card mask), which Python handles as any other.
"""

from __future__ import annotations

import itertools
import random
from bisect import insort
from functools import lru_cache

from engine.core import MalformedAction, option
from engine.teamplay.missions import (
    MISSION_IDS,
    MISSIONS,
    NUMBER_CARDS,
    _expand,
    _index,
    kind_completions,
    possible_counts,
)
from engine.teamplay.state import (
    DRAWS,
    GIFT_MAX,
    TeamplayState,
    hand_limit,
    has_teams,
    missions_to_end,
    partner,
    team_of,
    teams,
)

DISCARD, DRAW_DECK, DRAW_BANK, COMPLETE, KEEP, REJECT, GIVE, END = range(8)
MISSION_INDEX = {m: i for i, m in enumerate(MISSION_IDS)}
VP = {m: MISSIONS[m].vp for m in MISSION_IDS}


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _cards(mask: int) -> list[int]:
    return [c for c in range(NUMBER_CARDS) if mask >> c & 1]


def _card_list(action: dict) -> list[int]:
    cards = action["cards"]
    if not isinstance(cards, list) or not cards:
        raise TypeError
    for c in cards:
        if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < NUMBER_CARDS:
            raise ValueError
    if cards != sorted(set(cards)):
        raise ValueError
    return cards


def _card(action: dict) -> int:
    c = action["card"]
    if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < NUMBER_CARDS:
        raise ValueError
    return c


def encode(action: dict) -> int:
    """The code of a Teamplay action dict; :class:`MalformedAction` if it is not one
    this game knows."""
    try:
        kind = action["type"]
        if kind == "discard":
            return DISCARD | _card(action) << 3
        if kind == "draw":
            if action["from"] == "deck" and "card" not in action:
                return DRAW_DECK
            if action["from"] == "bank":
                return DRAW_BANK | _card(action) << 3
        elif kind == "complete":
            mi = MISSION_INDEX[action["mission"]]
            return COMPLETE | mi << 3 | _mask(_card_list(action)) << 9
        elif kind == "give":
            cards = _card_list(action)
            if len(cards) <= GIFT_MAX:
                return GIVE | _mask(cards) << 3
        elif kind in ("keep", "reject", "end-turn") and len(action) == 1:
            return {"keep": KEEP, "reject": REJECT, "end-turn": END}[kind]
    except (KeyError, TypeError, ValueError):
        pass
    raise MalformedAction(f"not a Teamplay action: {action!r}")


def decode(code: int) -> dict:
    """The action dict of ``code`` (inverse of :func:`encode`)."""
    if not isinstance(code, int) or isinstance(code, bool) or code < 0:
        raise MalformedAction(f"not a Teamplay action code: {code!r}")
    kind, payload = code & 7, code >> 3
    if kind == DISCARD and payload < NUMBER_CARDS:
        return {"type": "discard", "card": payload}
    if kind == DRAW_DECK and not payload:
        return {"type": "draw", "from": "deck"}
    if kind == DRAW_BANK and payload < NUMBER_CARDS:
        return {"type": "draw", "from": "bank", "card": payload}
    if kind == COMPLETE and (payload & 63) < len(MISSION_IDS) and payload >> 6:
        mask = payload >> 6
        if mask < 1 << NUMBER_CARDS:
            return {"type": "complete", "mission": MISSION_IDS[payload & 63], "cards": _cards(mask)}
    if kind in (KEEP, REJECT, END) and not payload:
        return {"type": {KEEP: "keep", REJECT: "reject", END: "end-turn"}[kind]}
    if kind == GIVE and payload and payload < 1 << NUMBER_CARDS and payload.bit_count() <= 2:
        return {"type": "give", "cards": _cards(payload)}
    raise MalformedAction(f"not a Teamplay action code: {code!r}")


@lru_cache(maxsize=1 << 12)
def _completion_codes(mission: str, hand: tuple[int, ...]) -> tuple[int, ...]:
    """Codes of every completion of ``mission`` by ``hand`` (which has one)."""
    counts, by_kind = _index(hand)
    base = COMPLETE | MISSION_INDEX[mission] << 3
    return tuple(
        base | _mask(cs) << 9 for cs in _expand(kind_completions(mission, counts), by_kind)
    )


@lru_cache(maxsize=1 << 12)
def _gift_codes(hand: tuple[int, ...]) -> tuple[int, ...]:
    out = [GIVE | 1 << c << 3 for c in hand]
    out += [GIVE | (1 << a | 1 << b) << 3 for a, b in itertools.combinations(hand, 2)]
    return tuple(out)


class TeamplaySimulation:
    """A mutable Teamplay table (see :class:`engine.core.Simulation`).

    Fields mirror :class:`TeamplayState`; the draw pile and the mission pile are
    lists with their top *last* (``pop()``), hands and the bank sorted lists;
    ``counts``/``points`` the completed missions and points per side."""

    __slots__ = (
        "players",
        "options",
        "rng",
        "deck",
        "bank",
        "hands",
        "discard",
        "mission_deck",
        "mission_discard",
        "general",
        "own",
        "done",
        "phase",
        "seat",
        "turn",
        "must_discard",
        "draws_left",
        "gave",
        "fresh",
        "last_turn",
        "gifts",
        "end_at",
        "counts",
        "points",
    )

    @classmethod
    def from_state(cls, state: TeamplayState) -> "TeamplaySimulation":
        sim = cls.__new__(cls)
        n = state.players
        sim.players = n
        sim.options = state.options
        sim.rng = state.rng
        sim.deck = list(reversed(state.deck))
        sim.bank = list(state.bank)
        sim.hands = [list(h) for h in state.hands]
        sim.discard = list(state.discard)
        sim.mission_deck = list(reversed(state.mission_deck))
        sim.mission_discard = list(state.mission_discard)
        sim.general = state.general
        sim.own = [list(o) for o in state.own]
        sim.done = [list(d) for d in state.done]
        sim.phase = state.phase
        sim.seat = state.seat
        sim.turn = state.turn
        sim.must_discard = state.must_discard
        sim.draws_left = state.draws_left
        sim.gave = state.gave
        sim.fresh = state.fresh
        sim.last_turn = state.last_turn
        sim.gifts = list(state.gifts)
        end_at = option(state.options, "end_at")
        sim.end_at = missions_to_end(n) if end_at is None else end_at
        sides = teams(n)
        sim.counts = [sum(len(state.done[s]) for s in t) for t in sides]
        sim.points = [sum(VP[m] for s in t for m in state.done[s]) for t in sides]
        return sim

    def copy(self) -> "TeamplaySimulation":
        sim = TeamplaySimulation.__new__(TeamplaySimulation)
        sim.players = self.players
        sim.options = self.options
        sim.rng = self.rng
        sim.deck = self.deck[:]
        sim.bank = self.bank[:]
        sim.hands = [h[:] for h in self.hands]
        sim.discard = self.discard[:]
        sim.mission_deck = self.mission_deck[:]
        sim.mission_discard = self.mission_discard[:]
        sim.general = self.general
        sim.own = [o[:] for o in self.own]
        sim.done = [d[:] for d in self.done]
        sim.phase = self.phase
        sim.seat = self.seat
        sim.turn = self.turn
        sim.must_discard = self.must_discard
        sim.draws_left = self.draws_left
        sim.gave = self.gave
        sim.fresh = self.fresh
        sim.last_turn = self.last_turn
        sim.gifts = self.gifts[:]
        sim.end_at = self.end_at
        sim.counts = self.counts[:]
        sim.points = self.points[:]
        return sim

    # ------------------------------------------------------------------ contract
    def awaiting(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.seat,)

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal(self, seat: int) -> list[int]:
        """Codes of the legal actions (the same set as ``legal_actions``)."""
        if self.phase == "over" or seat != self.seat:
            return []
        if self.fresh is not None:
            return [KEEP, REJECT] if self.mission_deck or self.mission_discard else [KEEP]
        hand = self.hands[seat]
        if self.must_discard:
            return [c << 3 for c in hand]  # DISCARD == 0
        out: list[int] = []
        deck = bool(self.deck or self.discard)
        if self.draws_left:
            if deck:
                out.append(DRAW_DECK)
            out += [DRAW_BANK | c << 3 for c in self.bank]
        red, blue = [0] * 8, [0] * 8
        for c in hand:
            if c & 4:
                blue[c >> 3] += 1
            else:
                red[c >> 3] += 1
        key = None
        for m in (self.general, *self.own[seat]):
            if m and possible_counts(m, red, blue, hand):
                key = key or tuple(hand)
                out += _completion_codes(m, key)
        if not self.gave and has_teams(self.players):
            out += _gift_codes(key or tuple(hand))
        if self.draws_left == 0 or not (self.bank or deck):
            out.append(END)
        return out

    def play(self, seat: int, code: int) -> None:
        """Apply ``code`` by ``seat`` in place (unchecked: ``code`` is legal)."""
        kind = code & 7
        if kind == DRAW_DECK:
            if not self.deck:
                self._reshuffle()
            insort(self.hands[seat], self.deck.pop())
            self.draws_left -= 1
        elif kind == DRAW_BANK:
            card = code >> 3
            self.bank.remove(card)
            if not self.deck and self.discard:
                self._reshuffle()
            if self.deck:
                insort(self.bank, self.deck.pop())
            insort(self.hands[seat], card)
            self.draws_left -= 1
        elif kind == COMPLETE:
            self._complete(seat, MISSION_IDS[code >> 3 & 63], code >> 9)
        elif kind == GIVE:
            cards = _cards(code >> 3)
            to = partner(seat, self.players)
            hand = self.hands[seat]
            for c in cards:
                hand.remove(c)
                insort(self.hands[to], c)
            self.gave = True
            self.gifts.append((seat, to, tuple(cards)))
        elif kind == DISCARD:
            card = code >> 3
            self.hands[seat].remove(card)
            self.discard.append(card)
            self.must_discard -= 1
        elif kind == END:
            self._end_turn()
        elif kind == KEEP:
            self.fresh = None
            if self.phase == "setup":
                self._next_setup()
        else:  # REJECT
            self._reshuffle_missions()
            place = self.fresh
            if place == "general":
                old = self.general
            else:
                old = self.own[seat][int(place[4:])]
            self.mission_discard.append(old)
            self.fresh = None
            self._draw_mission(place, seat)
            if self.phase == "setup":
                self._next_setup()

    # ------------------------------------------------------------------ steps
    def _reshuffle(self) -> None:
        cards = sorted(self.discard)
        r = random.Random(0)
        r.setstate(self.rng)
        r.shuffle(cards)
        self.rng = r.getstate()
        cards.reverse()  # top last
        self.deck = cards
        self.discard = []

    def _reshuffle_missions(self) -> None:
        if self.mission_deck or not self.mission_discard:
            return
        missions = sorted(self.mission_discard)
        r = random.Random(0)
        r.setstate(self.rng)
        r.shuffle(missions)
        self.rng = r.getstate()
        missions.reverse()
        self.mission_deck = missions
        self.mission_discard = []

    def _draw_mission(self, place: str, seat: int) -> bool:
        self._reshuffle_missions()
        new = self.mission_deck.pop() if self.mission_deck else None
        if place == "general":
            self.general = new
        else:
            self.own[seat][int(place[4:])] = new
        return new is not None

    def _next_setup(self) -> None:
        if self.seat + 1 < self.players:
            self.seat += 1
            self.fresh = "own/0"
        else:
            self.phase = "play"
            self.seat = 0
            self.turn = 0
            self.fresh = None

    def _complete(self, seat: int, mission: str, mask: int) -> None:
        if self.general == mission:
            place = "general"
        else:
            place = f"own/{self.own[seat].index(mission)}"
        hand = self.hands[seat]
        for c in hand[:]:
            if mask >> c & 1:
                hand.remove(c)
                self.discard.append(c)
        self.done[seat].append(mission)
        team = team_of(seat, self.players)
        self.counts[team] += 1
        self.points[team] += VP[mission]
        if self._draw_mission(place, seat) and (self.mission_deck or self.mission_discard):
            self.fresh = place
        if self.last_turn is None and self.counts[team] >= self.end_at:
            self.last_turn = self.turn + self.players

    def _end_turn(self) -> None:
        if self.last_turn is not None and self.turn >= self.last_turn:
            self.phase = "over"
            self.fresh = None
            return
        n = self.players
        seat = (self.seat + 1) % n
        turn = self.turn + 1
        excess = 0
        if turn >= n:
            excess = max(0, len(self.hands[seat]) - hand_limit(n))
        self.seat = seat
        self.turn = turn
        self.must_discard = excess
        self.draws_left = DRAWS
        self.gave = False
        self.fresh = None

    # ------------------------------------------------------------------ outcome
    def _won(self) -> list[int]:
        points, counts = self.points, self.counts
        best = max(points)
        top = [t for t in range(len(points)) if points[t] == best]
        fewest = min(counts[t] for t in top)
        return [t for t in top if counts[t] == fewest]

    def scores(self) -> tuple[int, ...]:
        return tuple(self.points[team_of(s, self.players)] for s in range(self.players))

    def winners(self) -> tuple[int, ...]:
        sides = teams(self.players)
        return tuple(sorted(s for t in self._won() for s in sides[t]))

    def state(self) -> TeamplayState:
        """The :class:`TeamplayState` this simulation stands for."""
        return TeamplayState(
            players=self.players,
            options=self.options,
            rng=self.rng,
            deck=tuple(reversed(self.deck)),
            bank=tuple(self.bank),
            hands=tuple(tuple(h) for h in self.hands),
            discard=tuple(self.discard),
            mission_deck=tuple(reversed(self.mission_deck)),
            mission_discard=tuple(self.mission_discard),
            general=self.general,
            own=tuple(tuple(o) for o in self.own),
            done=tuple(tuple(d) for d in self.done),
            phase=self.phase,
            seat=self.seat,
            turn=self.turn,
            must_discard=self.must_discard,
            draws_left=self.draws_left,
            gave=self.gave,
            fresh=self.fresh,
            last_turn=self.last_turn,
            gifts=tuple(self.gifts),
        )
