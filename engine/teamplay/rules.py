"""Teamplay rules: set-up, the turn (hand limit, draws, missions, the gift) and the
end (``teamplay.md``)."""

from __future__ import annotations

import itertools
import random

from engine.core import (
    BadSetup,
    Event,
    Game,
    IllegalAction,
    MalformedAction,
    Outcome,
    action_type,
    int_field,
    move,
    new_rng,
    option,
    replace,
    shuffled,
)
from engine.teamplay import fast as _fast
from engine.teamplay import view as _view
from engine.teamplay.fast import TeamplaySimulation
from engine.teamplay.missions import (
    MISSION_IDS,
    MISSIONS,
    NUMBER_CARDS,
    card_name,
    completions,
    is_completion,
)
from engine.teamplay.state import (
    BANK_SIZE,
    DEAL,
    DEAL_REST,
    DRAWS,
    GIFT_MAX,
    TeamplayState,
    hand_limit,
    has_teams,
    missions_to_end,
    own_count,
    partner,
    team_of,
    teams,
)

R_SETUP = "teamplay.md#set-up"
R_LIMIT = "teamplay.md#a-turn 1 (hand limit)"
R_DRAW = "teamplay.md#a-turn 2A (draw 2 number cards, compulsory)"
R_MISSION = "teamplay.md#a-turn 2B (complete missions)"
R_GIFT = "teamplay.md#a-turn 2C (give 1 or 2 cards to the partner, once)"
R_FRESH = "teamplay.md#a-turn 2B (a newly drawn mission may be discarded once)"
R_LANGUAGE = "teamplay.md#mission-card-language"

KEYS = {
    "discard": {"type", "card"},
    "draw": {"type", "from", "card"},
    "complete": {"type", "mission", "cards"},
    "keep": {"type"},
    "reject": {"type"},
    "give": {"type", "cards"},
    "end-turn": {"type"},
}


def _card_list(action: dict, name: str, lo: int, hi: int) -> tuple[int, ...]:
    """``action[name]`` as an ascending tuple of ``lo..hi`` distinct card ids."""
    cards = action.get(name)
    if not isinstance(cards, list) or not all(
        isinstance(c, int) and not isinstance(c, bool) for c in cards
    ):
        raise MalformedAction(f"'{action['type']}' needs a list of card ids '{name}'")
    if not lo <= len(cards) <= hi:
        raise MalformedAction(f"'{name}' must hold {lo}..{hi} cards, got {len(cards)}")
    if any(not 0 <= c < NUMBER_CARDS for c in cards):
        raise MalformedAction(f"card ids are 0..{NUMBER_CARDS - 1}")
    if list(cards) != sorted(set(cards)):
        raise MalformedAction(f"'{name}' must list distinct cards in ascending order")
    return tuple(cards)


def _without(hand: tuple[int, ...], cards) -> tuple[int, ...]:
    gone = set(cards)
    return tuple(c for c in hand if c not in gone)


def _set(tup: tuple, i: int, value) -> tuple:
    return tup[:i] + (value,) + tup[i + 1 :]


def _legal(
    fresh: bool,
    may_reject: bool,
    must_discard: int,
    hand,
    draws_left: int,
    deck: bool,
    bank,
    missions: list[str],
    may_give: bool,
) -> list[dict]:
    """The legal list of the seat to act, from the facts it may know (shared by
    :meth:`Teamplay.legal_actions` and :meth:`Teamplay.legal_from_view`, so the two
    agree by construction). ``deck``: a card can come from the draw pile (or the
    discards reshuffled); ``missions``: the general and own missions in order."""
    if fresh:
        return [{"type": "keep"}, {"type": "reject"}] if may_reject else [{"type": "keep"}]
    if must_discard:
        return [{"type": "discard", "card": c} for c in hand]
    out: list[dict] = []
    if draws_left:
        if deck:
            out.append({"type": "draw", "from": "deck"})
        out += [{"type": "draw", "from": "bank", "card": c} for c in bank]
    for m in missions:
        out += [
            {"type": "complete", "mission": m, "cards": list(cs)} for cs in completions(m, hand)
        ]
    if may_give:
        for n in range(1, GIFT_MAX + 1):
            out += [{"type": "give", "cards": list(cs)} for cs in itertools.combinations(hand, n)]
    if draws_left == 0 or not (bank or deck):
        out.append({"type": "end-turn"})
    return out


class Teamplay(Game):
    """Teamplay for 3–6 players. Option ``end_at`` (int or None): completed missions
    that announce the end (None = the page's 8 for a team, 5 alone)."""

    id = "teamplay"
    name = "Teamplay"
    #: 2: three of a kind + a pair needs two numbers (F1, F2); a new mission may be
    #: rejected whenever a next one exists (set-aside missions reshuffled).
    rules_version = "2"
    min_players = 3
    max_players = 6
    default_options = {"end_at": None}
    contract_options = {"end_at": 2}  # random playouts give away cards for ever
    action_types = frozenset(KEYS)
    action_fields = {kind: frozenset(keys) for kind, keys in KEYS.items()}

    # ------------------------------------------------------------------ set-up
    def _setup(self, players: int, seed: int, options: tuple) -> TeamplayState:
        end_at = option(options, "end_at")
        if end_at is not None and (
            not isinstance(end_at, int)
            or isinstance(end_at, bool)
            or not 1 <= end_at <= len(MISSION_IDS)
        ):
            raise BadSetup(f"option 'end_at' must be None or an int 1..46, got {end_at!r}")
        rng = new_rng(seed, "teamplay")
        cards, rng = shuffled(rng, range(NUMBER_CARDS))
        bank = tuple(sorted(cards[:BANK_SIZE]))
        pos = BANK_SIZE
        hands = []
        for s in range(players):
            n = DEAL[s] if s < len(DEAL) else DEAL_REST
            hands.append(tuple(sorted(cards[pos : pos + n])))
            pos += n
        deck = tuple(cards[pos:])
        missions, rng = shuffled(rng, MISSION_IDS)
        general = missions[0]
        k = own_count(players)
        own = tuple(tuple(missions[1 + s + players * i] for i in range(k)) for s in range(players))
        mission_deck = tuple(missions[1 + players * k :])
        setup = has_teams(players)
        return TeamplayState(
            players=players,
            options=options,
            rng=rng,
            deck=deck,
            bank=bank,
            hands=tuple(hands),
            discard=(),
            mission_deck=mission_deck,
            mission_discard=(),
            general=general,
            own=own,
            done=((),) * players,
            phase="setup" if setup else "play",
            seat=0,
            turn=0,
            fresh="own/0" if setup else None,
        )

    # ------------------------------------------------------------------ facts
    def end_at(self, state: TeamplayState) -> int:
        """Completed missions (a team's, or alone a player's) that announce the end."""
        v = option(state.options, "end_at")
        return missions_to_end(state.players) if v is None else v

    def team_missions(self, state: TeamplayState) -> list[int]:
        """Completed missions per side (teams in :func:`teams` order)."""
        return [sum(len(state.done[s]) for s in t) for t in teams(state.players)]

    def team_points(self, state: TeamplayState) -> list[int]:
        """Victory points per side (teams in :func:`teams` order)."""
        return [sum(MISSIONS[m].vp for s in t for m in state.done[s]) for t in teams(state.players)]

    def can_draw_deck(self, state: TeamplayState) -> bool:
        """A card can come from the draw pile (after reshuffling the discards)."""
        return bool(state.deck or state.discard)

    # ------------------------------------------------------------------ who acts
    def awaiting(self, state: TeamplayState) -> frozenset[int]:
        return frozenset() if state.phase == "over" else frozenset((state.seat,))

    def legal_actions(self, state: TeamplayState, seat: int) -> list[dict]:
        """Every action ``seat`` may take now (exhaustive; [] when not its turn), in
        this order: keep/reject, or the hand-limit discards, or the draws (deck, then
        bank cards), the completions (general mission first, then own missions; each
        mission's card sets ascending), the gifts (1 card, then 2), "end-turn"."""
        if state.phase == "over" or seat != state.seat:
            return []
        return _legal(
            fresh=state.fresh is not None,
            may_reject=bool(state.mission_deck or state.mission_discard),
            must_discard=state.must_discard,
            hand=state.hands[seat],
            draws_left=state.draws_left,
            deck=self.can_draw_deck(state),
            bank=state.bank,
            missions=[m for _, m in state.places()],
            may_give=has_teams(state.players) and not state.gave,
        )

    def legal_from_view(self, view: dict) -> list[dict]:
        """:meth:`legal_actions` from the seat's own view (issue 18): the turn's
        fields (``phase``, ``turn_seat``, ``fresh``, ``must_discard``, ``draws_left``,
        ``gave``), the own hand and missions, the bank, the general mission and the
        sizes of the piles."""
        seat = view["seat"]
        if view["phase"] == "over" or seat is None or seat != view["turn_seat"]:
            return []
        general = view["general"]
        return _legal(
            fresh=view["fresh"] is not None,
            may_reject=view["mission_deck_size"] > 0 or bool(view["mission_discard"]),
            must_discard=view["must_discard"],
            hand=view["hand"],
            draws_left=view["draws_left"],
            deck=view["deck_size"] > 0 or view["discard_size"] > 0,
            bank=view["bank"],
            missions=([general] if general else []) + [m for m in view["own"][seat] if m],
            may_give=view["has_teams"] and not view["gave"],
        )

    def _may_end(self, state: TeamplayState) -> bool:
        return state.draws_left == 0 or not (state.bank or self.can_draw_deck(state))

    # ------------------------------------------------------------------ checking
    def _check(self, state: TeamplayState, seat: int, action: dict) -> None:
        kind = action["type"]
        extra = set(action) - KEYS[kind]
        if extra:
            raise MalformedAction(f"'{kind}' has no field {', '.join(sorted(extra))}")
        hand = state.hands[seat]
        if kind in ("keep", "reject"):
            if state.fresh is None:
                raise IllegalAction("no newly drawn mission awaits a decision", R_FRESH)
            if kind == "reject" and not (state.mission_deck or state.mission_discard):
                raise IllegalAction("no mission is left to draw: the new mission stays", R_FRESH)
            return
        if kind == "draw":
            src = action.get("from")
            if src not in ("deck", "bank"):
                raise MalformedAction("'draw' needs 'from': 'deck' or 'bank'")
            if src == "bank":
                card = int_field(action, "card", 0, NUMBER_CARDS - 1)
            elif "card" in action:
                raise MalformedAction("a draw from the deck names no card")
        elif kind == "discard":
            card = int_field(action, "card", 0, NUMBER_CARDS - 1)
        elif kind == "complete":
            mission = action.get("mission")
            if not isinstance(mission, str) or mission not in MISSIONS:
                raise MalformedAction("'complete' needs a known 'mission' id")
            cards = _card_list(action, "cards", 1, NUMBER_CARDS)
        elif kind == "give":
            cards = _card_list(action, "cards", 1, GIFT_MAX)
        if state.fresh is not None:
            raise IllegalAction(
                f"first keep or reject the new mission {state.slot(state.fresh)}", R_FRESH
            )
        if state.phase == "setup":
            raise IllegalAction("set-up: keep or reject your mission first", R_SETUP)
        if kind == "discard":
            if not state.must_discard:
                raise IllegalAction(
                    "cards are discarded only for the hand limit at the start of a turn", R_LIMIT
                )
            if card not in hand:
                raise IllegalAction(f"card {card} is not in your hand", R_LIMIT)
            return
        if state.must_discard:
            raise IllegalAction(
                f"discard {state.must_discard} more card(s) down to the hand "
                f"limit of {hand_limit(state.players)} first",
                R_LIMIT,
            )
        if kind == "draw":
            if not state.draws_left:
                raise IllegalAction("both number cards are drawn already", R_DRAW)
            if src == "bank" and card not in state.bank:
                raise IllegalAction(f"card {card} is not in the bank", R_DRAW)
            if src == "deck" and not self.can_draw_deck(state):
                raise IllegalAction("the draw pile and the discards are empty", R_DRAW)
        elif kind == "complete":
            if mission not in (m for _, m in state.places()):
                raise IllegalAction(
                    f"mission {mission} is neither the general mission nor one of your own",
                    R_MISSION,
                )
            if any(c not in hand for c in cards):
                raise IllegalAction("those cards are not all in your hand", R_MISSION)
            if not is_completion(mission, cards):
                raise IllegalAction(
                    f"{' '.join(card_name(c) for c in cards)} do not complete "
                    f"{mission} ({MISSIONS[mission].text})",
                    R_LANGUAGE,
                )
        elif kind == "give":
            if not has_teams(state.players):
                raise IllegalAction("with 3 or 5 players everybody plays alone: no gifts", R_GIFT)
            if state.gave:
                raise IllegalAction("cards were given to the partner already this turn", R_GIFT)
            if any(c not in hand for c in cards):
                raise IllegalAction("those cards are not all in your hand", R_GIFT)
        elif kind == "end-turn":
            if not self._may_end(state):
                raise IllegalAction(
                    f"draw {state.draws_left} more number card(s) first (compulsory)", R_DRAW
                )

    # ------------------------------------------------------------------ applying
    def _apply(self, state: TeamplayState, seat: int, action: dict):
        kind = action["type"]
        events: list[Event] = []
        if kind == "keep":
            events.append(
                Event(
                    "keep", {"seat": seat, "place": state.fresh, "mission": state.slot(state.fresh)}
                )
            )
            state = replace(state, fresh=None)
            if state.phase == "setup":
                return self._next_setup(state, events)
            return state, events
        if kind == "reject":
            return self._reject(state, seat, events)
        if kind == "discard":
            hand = _without(state.hands[seat], (action["card"],))
            state = replace(
                state,
                hands=_set(state.hands, seat, hand),
                discard=state.discard + (action["card"],),
                must_discard=state.must_discard - 1,
            )
            events.append(move((action["card"],), f"hand/{seat}", "discard", reason="limit"))
            return state, events
        if kind == "draw":
            return self._draw(state, seat, action, events)
        if kind == "complete":
            return self._complete(state, seat, action["mission"], tuple(action["cards"]), events)
        if kind == "give":
            return self._give(state, seat, tuple(action["cards"]), events)
        return self._end_turn(state, events)

    def _reshuffle(self, state: TeamplayState, events: list[Event]) -> TeamplayState:
        """The draw pile is empty: the discards become a new, shuffled draw pile."""
        cards, rng = shuffled(state.rng, sorted(state.discard))
        events.append(Event("reshuffle", {"from": "discard", "to": "deck", "count": len(cards)}))
        return replace(state, deck=tuple(cards), discard=(), rng=rng)

    def _draw(self, state: TeamplayState, seat: int, action: dict, events: list[Event]):
        hand = state.hands[seat]
        if action["from"] == "bank":
            card = action["card"]
            bank = tuple(c for c in state.bank if c != card)
            events.append(move((card,), "bank", f"hand/{seat}", seat=seat))
            state = replace(state, bank=bank)
            # The bank is refilled at once from the draw pile.
            if not state.deck and state.discard:
                state = self._reshuffle(state, events)
            if state.deck:
                new = state.deck[0]
                events.append(move((new,), "deck", "bank"))
                state = replace(state, deck=state.deck[1:], bank=tuple(sorted(state.bank + (new,))))
        else:
            if not state.deck:
                state = self._reshuffle(state, events)
            card = state.deck[0]
            events.append(move((card,), "deck", f"hand/{seat}", seen_by=(seat,), seat=seat))
            state = replace(state, deck=state.deck[1:])
        hands = _set(state.hands, seat, tuple(sorted(hand + (card,))))
        return replace(state, hands=hands, draws_left=state.draws_left - 1), events

    def _draw_mission(
        self, state: TeamplayState, place: str, seat: int, events: list[Event]
    ) -> tuple[TeamplayState, bool]:
        """Fill ``place`` from the mission pile (reshuffling the discarded missions when
        the pile is empty); returns the state and whether a mission came."""
        state = self._reshuffle_missions(state, events)
        new = state.mission_deck[0] if state.mission_deck else None
        zone = "missions/general" if place == "general" else f"missions/{seat}"
        if new is not None:
            events.append(move((new,), "missions/deck", zone, place=place))
        if place == "general":
            state = replace(state, general=new)
        else:
            i = int(place.split("/")[1])
            state = replace(state, own=_set(state.own, seat, _set(state.own[seat], i, new)))
        return replace(state, mission_deck=state.mission_deck[1:]), new is not None

    def _reshuffle_missions(self, state: TeamplayState, events: list[Event]) -> TeamplayState:
        """Not on the page: like the number cards, the set-aside missions are shuffled
        into a new pile when the mission pile has run out (and some are set aside)."""
        if state.mission_deck or not state.mission_discard:
            return state
        missions, rng = shuffled(state.rng, sorted(state.mission_discard))
        events.append(
            Event(
                "reshuffle",
                {"from": "missions/discard", "to": "missions/deck", "count": len(missions)},
            )
        )
        return replace(state, mission_deck=tuple(missions), mission_discard=(), rng=rng)

    def _reject(self, state: TeamplayState, seat: int, events: list[Event]):
        """Set the new mission aside and draw the next, which stays (teamplay.md "A
        turn" 2B). With the pile empty, the missions set aside *before* are shuffled
        into a new pile first, so the rejected one cannot come straight back."""
        state = self._reshuffle_missions(state, events)
        place = state.fresh
        old = state.slot(place)
        zone = "missions/general" if place == "general" else f"missions/{seat}"
        events.append(move((old,), zone, "missions/discard", place=place))
        state = replace(state, mission_discard=state.mission_discard + (old,), fresh=None)
        state, _ = self._draw_mission(state, place, seat, events)
        if state.phase == "setup":
            return self._next_setup(state, events)
        return state, events

    def _next_setup(self, state: TeamplayState, events: list[Event]):
        if state.seat + 1 < state.players:
            return replace(state, seat=state.seat + 1, fresh="own/0"), events
        events.append(Event("turn", {"seat": 0, "turn": 0}))
        return replace(state, phase="play", seat=0, turn=0, fresh=None), events

    def _complete(
        self, state: TeamplayState, seat: int, mission: str, cards: tuple, events: list[Event]
    ):
        place = next(p for p, m in state.places() if m == mission)
        zone = "missions/general" if place == "general" else f"missions/{seat}"
        events.append(move(cards, f"hand/{seat}", "discard", mission=mission, seat=seat))
        events.append(
            move((mission,), zone, f"done/{seat}", place=place, seat=seat, vp=MISSIONS[mission].vp)
        )
        state = replace(
            state,
            hands=_set(state.hands, seat, _without(state.hands[seat], cards)),
            discard=state.discard + cards,
            done=_set(state.done, seat, state.done[seat] + (mission,)),
        )
        state, came = self._draw_mission(state, place, seat, events)
        if came and (state.mission_deck or state.mission_discard):
            state = replace(state, fresh=place)  # the next one exists: it may be rejected
        if state.last_turn is None:
            count = self.team_missions(state)[team_of(seat, state.players)]
            if count >= self.end_at(state):
                state = replace(state, last_turn=state.turn + state.players)
                events.append(
                    Event(
                        "end-announced",
                        {"seat": seat, "missions": count, "last_turn": state.last_turn},
                    )
                )
        return state, events

    def _give(self, state: TeamplayState, seat: int, cards: tuple, events: list[Event]):
        to = partner(seat, state.players)
        hands = _set(state.hands, seat, _without(state.hands[seat], cards))
        hands = _set(hands, to, tuple(sorted(hands[to] + cards)))
        events.append(
            move(cards, f"hand/{seat}", f"hand/{to}", seen_by=(seat, to), seat=seat, partner=to)
        )
        return replace(
            state, hands=hands, gave=True, gifts=state.gifts + ((seat, to, cards),)
        ), events

    def _end_turn(self, state: TeamplayState, events: list[Event]):
        if state.last_turn is not None and state.turn >= state.last_turn:
            state = replace(state, phase="over", fresh=None)
            events.append(Event("game-end", self.result(state).to_dict()))
            return state, events
        seat = (state.seat + 1) % state.players
        turn = state.turn + 1
        excess = 0
        if turn >= state.players:  # not in the first round
            excess = max(0, len(state.hands[seat]) - hand_limit(state.players))
        events.append(Event("turn", {"seat": seat, "turn": turn, "must_discard": excess}))
        return replace(
            state,
            seat=seat,
            turn=turn,
            must_discard=excess,
            draws_left=DRAWS,
            gave=False,
            fresh=None,
        ), events

    # ------------------------------------------------------------------ outcome
    def result(self, state: TeamplayState) -> Outcome | None:
        """Most points wins; equal points: fewer missions; still equal: a shared win
        (teamplay.md "End"). Scores are each seat's side's points."""
        if state.phase != "over":
            return None
        sides = teams(state.players)
        points, counts = self.team_points(state), self.team_missions(state)
        best = max(points)
        top = [t for t in range(len(sides)) if points[t] == best]
        fewest = min(counts[t] for t in top)
        won = [t for t in top if counts[t] == fewest]
        reason = (
            "most points"
            if len(top) == 1
            else ("fewer missions on equal points" if len(won) == 1 else "shared win")
        )
        winners = tuple(sorted(s for t in won for s in sides[t]))
        scores = tuple(points[team_of(s, state.players)] for s in range(state.players))
        return Outcome(
            winners,
            scores,
            reason,
            {
                "teams": [list(t) for t in sides],
                "points": points,
                "missions": counts,
                "turns": state.turn + 1,
            },
        )

    def is_over(self, state: TeamplayState) -> bool:
        return state.phase == "over"

    # ------------------------------------------------------------------ fast path
    def simulation(self, state: TeamplayState) -> TeamplaySimulation:
        """A mutable :class:`~engine.teamplay.fast.TeamplaySimulation` of ``state`` for
        search rollouts (integer actions, no events, views or checks)."""
        return TeamplaySimulation.from_state(state)

    def encode_action(self, action: dict) -> int:
        """The action's code on the fast path (see :mod:`engine.teamplay.fast`);
        :class:`MalformedAction` for a dict that is no Teamplay action."""
        return _fast.encode(action)

    def decode_action(self, code: int) -> dict:
        """The action dict of ``code`` (inverse of :meth:`encode_action`)."""
        return _fast.decode(code)

    # ------------------------------------------------------------------ views
    def view(self, state: TeamplayState, seat: int | None) -> dict:
        return _view.build(self, state, seat)

    def private_view(self, state: TeamplayState, seat: int | None) -> dict:
        return _view.private(self, state, seat)

    # ------------------------------------------------------------------ tests & tools
    def zones(self, state: TeamplayState) -> dict[str, tuple]:
        z = {
            "deck": state.deck,
            "bank": state.bank,
            "discard": state.discard,
            "missions/deck": state.mission_deck,
            "missions/discard": state.mission_discard,
            "missions/general": (state.general,) if state.general else (),
        }
        for s in range(state.players):
            z[f"hand/{s}"] = state.hands[s]
            z[f"missions/{s}"] = tuple(m for m in state.own[s] if m)
            z[f"done/{s}"] = state.done[s]
        return z

    def all_cards(self, state: TeamplayState) -> list:
        return list(range(NUMBER_CARDS)) + list(MISSION_IDS)

    def shuffle_unknown(self, state: TeamplayState, seat: int | None, rng: random.Random):
        """Permute what ``seat`` cannot see: the draw pile and every other hand (the
        partner's too; sizes kept), the mission pile's order; fresh generator state."""
        others = [s for s in range(state.players) if s != seat]
        pool = list(state.deck)
        for s in others:
            pool += state.hands[s]
        rng.shuffle(pool)
        deck = tuple(pool[: len(state.deck)])
        i = len(state.deck)
        hands = list(state.hands)
        for s in others:
            n = len(state.hands[s])
            hands[s] = tuple(sorted(pool[i : i + n]))
            i += n
        missions = list(state.mission_deck)
        rng.shuffle(missions)
        return replace(
            state,
            deck=deck,
            hands=tuple(hands),
            mission_deck=tuple(missions),
            rng=random.Random(rng.random()).getstate(),
        )

    # ------------------------------------------------------------------ notation
    def format_action(self, action: dict) -> str:
        """``draw deck``, ``draw bank 37``, ``complete P1 3 17``, ``give 3 17``,
        ``discard 5``, ``keep``, ``reject``, ``end-turn``."""
        kind = action["type"]
        if kind == "draw":
            return "draw deck" if action["from"] == "deck" else f"draw bank {action['card']}"
        if kind == "complete":
            return " ".join(["complete", action["mission"], *map(str, action["cards"])])
        if kind == "give":
            return " ".join(["give", *map(str, action["cards"])])
        if kind == "discard":
            return f"discard {action['card']}"
        return kind

    def parse_action(self, text: str) -> dict:
        """Inverse of :meth:`format_action`; raises :class:`MalformedAction`."""
        parts = text.split()
        if not parts:
            raise MalformedAction("empty action text")
        kind = parts[0]
        action_type({"type": kind}, self.action_types)
        try:
            if kind == "draw":
                if parts[1:] == ["deck"]:
                    return {"type": "draw", "from": "deck"}
                if len(parts) == 3 and parts[1] == "bank":
                    return {"type": "draw", "from": "bank", "card": int(parts[2])}
                raise ValueError
            if kind == "complete":
                return {
                    "type": "complete",
                    "mission": parts[1],
                    "cards": [int(p) for p in parts[2:]],
                }
            if kind == "give":
                return {"type": "give", "cards": [int(p) for p in parts[1:]]}
            if kind == "discard" and len(parts) == 2:
                return {"type": "discard", "card": int(parts[1])}
            if len(parts) == 1 and kind in ("keep", "reject", "end-turn"):
                return {"type": kind}
        except (ValueError, IndexError):
            pass
        raise MalformedAction(f"cannot read {text!r}")


GAME = Teamplay()
