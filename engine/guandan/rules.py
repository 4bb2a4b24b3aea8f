"""Guandan rules: deal, play, places, levels, tribute and return (``guandan.md``).

Actions (plain JSON):

* ``{"type": "play", "cards": [ids], "combo": str, "rank": int}`` — the cards and the
  chosen reading (see :mod:`engine.guandan.combos`); canonical copies only.
* ``{"type": "pass"}`` — only when following.
* ``{"type": "tribute", "card": id}`` — one of the payer's strongest cards (not a ♥
  wild). The strength is forced; the payer only picks among equal cards (suits).
* ``{"type": "return", "card": id}`` — the card given back to one's payer.

Options: ``deals`` (None or int ≥ 1: end the match after this many deals, the higher
level winning), ``start_level`` (2..14: both teams' starting level), ``three_failures``
(bool, off: after 3 failed deals at its own level A a team drops back to 2).
"""

from __future__ import annotations

import random

from engine.core import (
    BadSetup,
    Event,
    Game,
    IllegalAction,
    MalformedAction,
    Outcome,
    int_field,
    move,
    new_rng,
    option,
    randrange,
    shuffled,
)
from engine.guandan import codes as _codes
from engine.guandan import combos as cb
from engine.guandan import view as _view
from engine.guandan.cards import (
    DECK_SIZE,
    FACES,
    HAND_SIZE,
    RED_JOKER,
    card_value,
    format_card,
    format_cards,
    is_wild,
    parse_card,
    parse_cards,
    parse_hands,
    rank,
)
from engine.guandan.state import (
    ACE,
    OVER,
    PLAY,
    PLAYERS,
    RETURN,
    TRIBUTE,
    GuandanState,
    partner,
    team,
)
from engine.guandan.state import evolve as replace  # a faster dataclasses.replace

R_PLAY = "guandan.md#play-of-a-deal"
R_COMBO = "guandan.md#combinations"
R_TRIBUTE = "guandan.md#tribute-from-the-second-deal-on"
R_CANON = "guandan.md#combinations (two copies of a face: the lower id is used first)"


def _canon(cards) -> list[int]:
    """One card per face among ``cards`` (sorted ids): the lower id of each face."""
    seen, out = set(), []
    for c in sorted(cards):
        f = c - FACES if c >= FACES else c
        if f not in seen:
            seen.add(f)
            out.append(c)
    return out


def tribute_cards(hand, level: int) -> list[int]:
    """The cards a payer may give: the strongest in card order, ♥ wilds excluded (a
    red joker held must be given), one id per face (guandan.md "Tribute")."""
    cands = [c for c in hand if not is_wild(c, level)]
    if not cands:
        return []
    top = max(card_value(c, level) for c in cands)
    return _canon(c for c in cands if card_value(c, level) == top)


def return_cards(hand, level: int) -> list[int]:
    """The cards a receiver may give back: any non-wild of face rank 2..10; if none,
    the weakest cards in card order; one id per face (guandan.md "Tribute", Return)."""
    low = [c for c in hand if rank(c) <= 10 and not is_wild(c, level)]
    if not low:
        bottom = min(card_value(c, level) for c in hand)
        low = [c for c in hand if card_value(c, level) == bottom]
    return _canon(low)


def tribute_plan(hands, places) -> tuple[tuple[int, ...], bool]:
    """Who pays tribute after a deal that ended in ``places`` (seats, 1st first, last
    last), and whether it is waived: ``(payers, exempt)``. Double tribute when 1st and
    2nd are partners (payers in play order from 1st place), else last place pays;
    waived when the payers together hold both red jokers (guandan.md "Tribute")."""
    first = places[0]
    if team(places[1]) == team(first):
        payers = ((first + 1) % PLAYERS, (first + 3) % PLAYERS)
    else:
        payers = (places[3],)
    reds = sum(1 for p in payers for c in hands[p] if c % FACES == RED_JOKER)
    return payers, reds == 2


_HAND_ZONES = tuple(f"hand/{s}" for s in range(PLAYERS))
_new = object.__new__


def _event(kind: str, public: dict, secret: dict | None = None) -> Event:
    """``Event(kind, public, secret)`` seen by everybody, made without the frozen
    dataclass's slower ``__init__`` (the hot path: plays and passes)."""
    e = _new(Event)
    e.__dict__.update(
        type=kind, public=public, secret={} if secret is None else secret, seen_by=None
    )
    return e


def _legal(phase: str, hand, level: int, last3: tuple | None) -> list[dict]:
    """The legal actions of an awaited seat holding ``hand`` (sorted ids) in ``phase``
    at ``level``, following ``last3`` (``(combo, rank, size)``) or leading (None)."""
    if phase == PLAY:
        if last3 is None:
            return cb.plays(hand, level)
        return [{"type": "pass"}] + cb.plays(hand, level, last3)
    if phase == TRIBUTE:
        return [{"type": "tribute", "card": c} for c in tribute_cards(hand, level)]
    return [{"type": "return", "card": c} for c in return_cards(hand, level)]


class Guandan(Game):
    """Guandan (掼蛋) for 4 players in two teams (seats 0 & 2, 1 & 3)."""

    id = "guandan"
    name = "Guandan"
    rules_version = "1"
    min_players = 4
    max_players = 4
    default_options = {"deals": None, "start_level": 2, "three_failures": False}
    #: The contract suite plays two deals (so tribute and return are exercised).
    contract_options = {"deals": 2}
    action_types = frozenset({"play", "pass", "tribute", "return"})
    action_fields = {
        "play": frozenset({"type", "cards", "combo", "rank"}),
        "pass": frozenset({"type"}),
        "tribute": frozenset({"type", "card"}),
        "return": frozenset({"type", "card"}),
    }

    # ------------------------------------------------------------------ set-up
    def _setup(self, players: int, seed: int, options: tuple) -> GuandanState:
        deals = option(options, "deals")
        if deals is not None and (
            not isinstance(deals, int) or isinstance(deals, bool) or deals < 1
        ):
            raise BadSetup(f"option 'deals' must be None or an int >= 1, got {deals!r}")
        start = option(options, "start_level")
        if not 2 <= start <= ACE:
            raise BadSetup(f"option 'start_level' must be 2..14, got {start!r}")
        state = GuandanState(
            players=players,
            options=options,
            rng=new_rng(seed, "guandan"),
            deal=0,
            levels=(start, start),
            level=start,
            level_team=-1,
            fails=(0, 0),
            phase=PLAY,
            hands=((),) * PLAYERS,
            turn=0,
            last=None,
            passes=0,
            trick=(),
            played=(),
            log=(),
            trick_start=0,
            out=(),
            prev_places=(),
            payers=(),
            in_transit=(),
            transfers=(),
            returns=(),
            exempt=False,
            leader=0,
        )
        state, _ = self._deal(state, [])
        leader, rng = randrange(state.rng, PLAYERS)  # the first leader is drawn
        return replace(state, rng=rng, turn=leader, leader=leader)

    def _deal(self, state: GuandanState, events: list[Event]):
        """Shuffle the 108 cards and deal 27 to each seat (guandan.md "Table")."""
        cards, rng = shuffled(state.rng, range(DECK_SIZE))
        hands = tuple(
            tuple(sorted(cards[s * HAND_SIZE : (s + 1) * HAND_SIZE])) for s in range(PLAYERS)
        )
        deal = state.deal + 1
        events.append(
            Event("deal", {"deal": deal, "level": state.level, "levels": list(state.levels)})
        )
        events += [move(hands[s], "deck", f"hand/{s}", seen_by=(s,)) for s in range(PLAYERS)]
        state = replace(
            state,
            rng=rng,
            deal=deal,
            hands=hands,
            trick=(),
            played=(),
            log=(),
            trick_start=0,
            out=(),
            last=None,
            passes=0,
            payers=(),
            in_transit=(),
            transfers=(),
            returns=(),
            exempt=False,
        )
        return state, events

    # ------------------------------------------------------------------ who acts
    def awaiting(self, state: GuandanState) -> frozenset[int]:
        if state.phase == PLAY:
            return frozenset((state.turn,))
        if state.phase == TRIBUTE:
            paid = {p for p, _ in state.in_transit}
            return frozenset(p for p in state.payers if p not in paid)
        if state.phase == RETURN:
            done = {r for r, _, _ in state.returns}
            return frozenset(r for _, r, _ in state.transfers if r not in done)
        return frozenset()

    def _last3(self, state: GuandanState):
        last = state.last
        return None if last is None else (last[1], last[2], len(last[3]))

    def legal_actions(self, state: GuandanState, seat: int) -> list[dict]:
        """Every action ``apply`` accepts from ``seat`` now, in a fixed order: ``pass``
        first when following, then plays in :func:`combos.plays` order."""
        if seat not in self.awaiting(state):
            return []
        return _legal(state.phase, state.hands[seat], state.level, self._last3(state))

    def legal_from_view(self, view: dict) -> list[dict]:
        """The seat's legal actions from its view alone (equal to :meth:`legal_actions`):
        the view's ``phase``, ``awaiting``, ``hand``, ``level`` and ``last_play``
        decide them. ``[]`` for a spectator or a seat that is not awaited."""
        seat = view.get("seat")
        if seat is None or seat not in view["awaiting"]:
            return []
        last = view["last_play"]
        last3 = None if last is None else (last["combo"], last["rank"], len(last["cards"]))
        return _legal(view["phase"], view["hand"], view["level"], last3)

    # ------------------------------------------------------------------ checking
    def _check(self, state: GuandanState, seat: int, action: dict) -> None:
        kind = action["type"]
        phase = state.phase
        if kind in ("tribute", "return"):
            card = int_field(action, "card", 0, DECK_SIZE - 1)
            want = TRIBUTE if kind == "tribute" else RETURN
            if phase != want:
                raise IllegalAction(f"no {kind} is due now (phase: {phase})", R_TRIBUTE)
            hand = state.hands[seat]
            allowed = (tribute_cards if kind == "tribute" else return_cards)(hand, state.level)
            if card not in allowed:
                if card not in hand:
                    raise IllegalAction(f"card {format_card(card)} is not in your hand", R_TRIBUTE)
                if card - FACES in allowed:
                    raise IllegalAction("use the first copy of a face you hold twice", R_CANON)
                rule = (
                    "the tribute is your strongest card, not a ♥ wild"
                    if kind == "tribute"
                    else "the return is a non-wild card of rank 2..10, else your weakest"
                )
                raise IllegalAction(
                    f"{format_card(card)} cannot be given: {rule}; "
                    f"allowed: {format_cards(allowed)}",
                    R_TRIBUTE,
                )
            return
        if phase != PLAY:
            raise IllegalAction(f"the {phase} comes first", R_TRIBUTE)
        if kind == "pass":
            if state.last is None:
                raise IllegalAction("the leader must play", R_PLAY)
            return
        cards = action.get("cards")
        combo, rank_ = action.get("combo"), action.get("rank")
        if type(cards) is not list or not cards:
            raise MalformedAction("'play' needs a non-empty list of card ids 'cards'")
        for c in cards:
            if type(c) is not int:
                raise MalformedAction("'play' needs a non-empty list of card ids 'cards'")
            if not 0 <= c < DECK_SIZE:
                raise MalformedAction("'cards' must be distinct ids 0..107")
        chosen = set(cards)
        if len(chosen) != len(cards):
            raise MalformedAction("'cards' must be distinct ids 0..107")
        if combo not in cb.COMBOS:
            raise MalformedAction(f"'combo' must be one of {', '.join(cb.COMBOS)}")
        if type(rank_) is not int:
            raise MalformedAction("'play' needs an integer 'rank'")
        hand = state.hands[seat]
        held = set(hand)
        if not chosen <= held:
            c = next(c for c in cards if c not in held)
            raise IllegalAction(f"card {format_card(c)} is not in your hand", R_PLAY)
        if cards != sorted(cards):
            raise IllegalAction("list the cards in rising id order", R_CANON)
        for c in cards:  # canonical copies (combos.is_canonical)
            if c >= FACES and c - FACES in held and c - FACES not in chosen:
                raise IllegalAction("use the first copy of a face you hold twice", R_CANON)
        if (combo, rank_) not in cb.readings(cards, state.level):
            raise IllegalAction(f"{format_cards(cards)} cannot be read as {combo} {rank_}", R_COMBO)
        if not cb.beats(combo, rank_, len(cards), self._last3(state), state.level):
            raise IllegalAction(f"{combo} {rank_} does not beat the last play", R_COMBO)

    def may_act(self, state: GuandanState, seat: int, action: dict) -> bool:
        """Whether ``seat`` is awaited (the turn seat while playing)."""
        if state.phase == PLAY:
            return seat == state.turn
        return seat in self.awaiting(state)

    # ------------------------------------------------------------------ applying
    def _apply(self, state: GuandanState, seat: int, action: dict):
        kind = action["type"]
        if kind == "play":
            return self._play(state, seat, action)
        if kind == "pass":
            return self._pass(state, seat)
        if kind == "tribute":
            return self._pay(state, seat, action["card"])
        return self._return(state, seat, action["card"])

    @staticmethod
    def _next_active(state: GuandanState, seat: int, out) -> int:
        for k in range(1, PLAYERS + 1):
            s = (seat + k) % PLAYERS
            if s not in out:
                return s
        return seat

    def _play(self, state: GuandanState, seat: int, action: dict):
        cards = tuple(action["cards"])
        combo, rank_ = action["combo"], action["rank"]
        gone = set(cards)
        hand = tuple([c for c in state.hands[seat] if c not in gone])
        hands = state.hands[:seat] + (hand,) + state.hands[seat + 1 :]
        events = [
            _event(
                "move",
                {
                    "from": _HAND_ZONES[seat],
                    "to": "trick",
                    "count": len(cards),
                    "seat": seat,
                    "combo": combo,
                    "rank": rank_,
                },
                {"cards": list(cards)},
            )
        ]
        out = state.out
        if not hand:
            out = out + (seat,)
            events.append(Event("out", {"seat": seat, "place": len(out)}))
        play = (seat, combo, rank_, cards)
        ends = not hand and (partner(seat) in out or len(out) == 3)
        state = replace(
            state,
            hands=hands,
            out=out,
            last=play,
            passes=0,
            trick=state.trick + cards,
            log=state.log + (play,),
            turn=state.turn if ends else self._next_active(state, seat, out),
        )
        if ends:
            return self._end_deal(state, events)
        return state, events

    def _pass(self, state: GuandanState, seat: int):
        events = [_event("pass", {"seat": seat})]
        passes = state.passes + 1
        last_seat = state.last[0]
        out = state.out
        active = PLAYERS - len(out)
        needed = active if last_seat in out else active - 1
        log = state.log + ((seat, "pass", 0, ()),)
        if passes < needed:
            return replace(
                state, passes=passes, log=log, turn=self._next_active(state, seat, out)
            ), events
        # Everyone else passed: the trick is over (guandan.md "Play of a deal").
        if last_seat not in out:
            leader = last_seat
        elif partner(last_seat) not in out:
            leader = partner(last_seat)  # partner takes the lead
        else:
            leader = self._next_active(state, last_seat, out)
        trick = state.trick
        events.append(
            _event(
                "move",
                {"from": "trick", "to": "played", "count": len(trick)},
                {"cards": list(trick)},
            )
        )
        events.append(_event("lead", {"seat": leader}))
        return replace(
            state,
            passes=0,
            last=None,
            log=log,
            trick_start=len(log),
            played=state.played + state.trick,
            trick=(),
            turn=leader,
        ), events

    # ------------------------------------------------------------------ end of a deal
    def _end_deal(self, state: GuandanState, events: list[Event]):
        """Places, level advance, match end; then the next deal and its tribute
        (guandan.md "Scoring a deal", "Tribute")."""
        out = state.out
        rest = [s for s in ((out[-1] + k) % PLAYERS for k in range(1, PLAYERS)) if s not in out]
        places = out + tuple(rest)
        first = out[0]
        t = team(first)
        mate = partner(first)
        pos = out.index(mate) if mate in out else 3
        advance = {1: 3, 2: 2}.get(pos, 1)
        levels = list(state.levels)
        # "plays a deal at A": the deal's rank is A (its own level, or both teams at A)
        won_match = levels[t] == ACE and state.level == ACE and pos in (1, 2)
        fails = list(state.fails)
        dropped = set()
        if option(state.options, "three_failures"):
            for u in (0, 1):
                if levels[u] == ACE and state.level_team in (u, -1) and not (won_match and u == t):
                    fails[u] += 1
                    if fails[u] >= 3:
                        levels[u], fails[u] = 2, 0
                        dropped.add(u)
                        events.append(Event("drop", {"team": u, "level": 2}))
        if not won_match and t not in dropped:
            levels[t] = min(ACE, levels[t] + advance)
        record = (state.deal, state.level, state.level_team, places, t, advance)
        events.append(
            Event(
                "deal-end",
                {
                    "deal": state.deal,
                    "places": list(places),
                    "team": t,
                    "advance": advance,
                    "levels": list(levels),
                    "shared_last": len(out) == 2,
                },
            )
        )
        state = replace(
            state,
            levels=tuple(levels),
            fails=tuple(fails),
            history=state.history + (record,),
            prev_places=places,
        )
        deals = option(state.options, "deals")
        if won_match or (deals is not None and state.deal >= deals):
            if won_match:
                winner, reason = t, "won a deal at level A"
            else:
                winner = t if levels[t] >= levels[1 - t] else 1 - t
                reason = f"deal limit ({deals}) reached: higher level wins"
            state = replace(state, phase=OVER, winner=winner, reason=reason)
            events.append(Event("match-end", self.result(state).to_dict()))
            return state, events
        # Collect every card, then the next deal at the winners' level.
        for s in range(PLAYERS):
            if state.hands[s]:
                events.append(move(state.hands[s], f"hand/{s}", "deck", seen_by=(s,)))
        if state.trick:
            events.append(move(state.trick, "trick", "deck"))
        events.append(move(state.played, "played", "deck"))
        state = replace(state, level=levels[t], level_team=t)
        state, events = self._deal(state, events)
        return self._start_tribute(state, events, places)

    def _start_tribute(self, state: GuandanState, events: list[Event], places):
        first = places[0]
        payers, exempt = tribute_plan(state.hands, places)
        if exempt:
            events.append(
                Event(
                    "no-tribute",
                    {"payers": list(payers), "reason": "the payers hold both red jokers"},
                )
            )
            events.append(Event("lead", {"seat": first}))
            return replace(
                state, phase=PLAY, exempt=True, payers=payers, turn=first, leader=first
            ), events
        events.append(Event("tribute-due", {"payers": list(payers)}))
        return replace(state, phase=TRIBUTE, payers=payers), events

    # ------------------------------------------------------------------ tribute
    def _pay(self, state: GuandanState, seat: int, card: int):
        hand = tuple(c for c in state.hands[seat] if c != card)
        hands = state.hands[:seat] + (hand,) + state.hands[seat + 1 :]
        in_transit = state.in_transit + ((seat, card),)
        events = [move((card,), f"hand/{seat}", "tribute", seat=seat)]
        state = replace(state, hands=hands, in_transit=in_transit)
        if len(in_transit) < len(state.payers):
            return state, events
        first = state.prev_places[0]
        level = state.level
        if len(in_transit) == 1:
            transfers = ((seat, first, card),)
        else:
            paid = dict(in_transit)
            p1, p2 = (first + 1) % PLAYERS, (first + 3) % PLAYERS
            if card_value(paid[p1], level) >= card_value(paid[p2], level):
                transfers = ((p1, first, paid[p1]), (p2, partner(first), paid[p2]))
            else:
                transfers = ((p2, first, paid[p2]), (p1, partner(first), paid[p1]))
        hands = list(state.hands)
        for payer, receiver, c in transfers:
            hands[receiver] = tuple(sorted(hands[receiver] + (c,)))
            events.append(move((c,), "tribute", f"hand/{receiver}", seat=receiver, payer=payer))
        leader = transfers[0][0]  # the payer of 1st place: the higher (or tied) card
        return replace(
            state,
            hands=tuple(hands),
            in_transit=(),
            transfers=transfers,
            leader=leader,
            phase=RETURN,
        ), events

    def _return(self, state: GuandanState, seat: int, card: int):
        payer = next(p for p, r, _ in state.transfers if r == seat)
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        hands[payer] = tuple(sorted(hands[payer] + (card,)))
        returns = state.returns + ((seat, payer, card),)
        events = [move((card,), f"hand/{seat}", f"hand/{payer}", seat=seat, payer=payer)]
        state = replace(state, hands=tuple(hands), returns=returns)
        if len(returns) < len(state.transfers):
            return state, events
        events.append(Event("lead", {"seat": state.leader}))
        return replace(state, phase=PLAY, turn=state.leader, last=None, passes=0), events

    # ------------------------------------------------------------------ outcome
    def result(self, state: GuandanState) -> Outcome | None:
        """The winning team's seats once the match is over; scores are team levels."""
        if state.phase != OVER:
            return None
        w = state.winner
        return Outcome(
            (w, w + 2),
            tuple(state.levels[team(s)] for s in range(PLAYERS)),
            state.reason,
            {"deals": state.deal, "levels": list(state.levels)},
        )

    def is_over(self, state: GuandanState) -> bool:
        return state.phase == OVER

    def view(self, state: GuandanState, seat: int | None) -> dict:
        return _view.build(self, state, seat)

    # ------------------------------------------------------------------ fast path
    def simulation(self, state: GuandanState):
        """A :class:`~engine.guandan.simulation.GuandanSimulation` of ``state``."""
        from engine.guandan.simulation import GuandanSimulation

        return GuandanSimulation(self, state)

    def encode_action(self, action: dict) -> int:
        """The action's code (:mod:`engine.guandan.codes`: the cards as a bit mask,
        the reading, or a pass, tribute or return). Raises :class:`MalformedAction`
        for anything :meth:`decode_action` would not give back unchanged."""
        try:
            code = _codes.encode(action)
            same = _codes.decode(code) == action
        except (KeyError, TypeError, IndexError, ValueError, AttributeError):
            same = False
        if not same:
            raise MalformedAction(f"not a Guandan action: {action!r}")
        return code

    def decode_action(self, code: int) -> dict:
        """The action whose code is ``code`` (inverse of :meth:`encode_action`)."""
        return _codes.decode(code)

    def private_view(self, state: GuandanState, seat: int | None) -> dict:
        return _view.private(self, state, seat)

    def actions_for(self, legal: list[dict], hand, selection) -> list[dict]:
        """The plays of ``legal`` made of exactly the selected cards, one per reading
        (the readings an interface offers for a selection; guandan.md "Decisions an
        interface must offer"). Either copy of a face may be selected."""
        cards = cb.canonicalise(selection, hand)
        return [a for a in legal if a["type"] == "play" and a["cards"] == cards]

    # ------------------------------------------------------------------ tests & tools
    def zones(self, state: GuandanState) -> dict[str, tuple]:
        z = {
            "deck": (),
            "trick": state.trick,
            "played": state.played,
            "tribute": tuple(c for _, c in state.in_transit),
        }
        for s in range(PLAYERS):
            z[f"hand/{s}"] = state.hands[s]
        return z

    def all_cards(self, state: GuandanState) -> list[int]:
        return list(range(DECK_SIZE))

    def shuffle_unknown(self, state: GuandanState, seat: int | None, rng: random.Random):
        """Permute the cards of every hand but ``seat``'s among those hands (sizes
        kept), with a fresh generator state (the next deals are unknown)."""
        hidden = [s for s in range(PLAYERS) if s != seat]
        pool = [c for s in hidden for c in state.hands[s]]
        rng.shuffle(pool)
        hands = list(state.hands)
        i = 0
        for s in hidden:
            n = len(state.hands[s])
            hands[s] = tuple(sorted(pool[i : i + n]))
            i += n
        return replace(state, hands=tuple(hands), rng=random.Random(rng.random()).getstate())

    def from_hands(
        self,
        hands,
        level: int = 2,
        turn: int = 0,
        seed: int = 0,
        options: dict | None = None,
        **fields,
    ) -> GuandanState:
        """A play-phase table from notation (tests, puzzles, tools): ``hands`` four
        strings (:func:`cards.parse_hands`), the cards nobody holds in ``played``;
        ``fields`` override any other state field (``levels``, ``last``, ``out``...)."""
        state = self.setup(PLAYERS, seed, options)
        hs = tuple(tuple(sorted(h)) for h in parse_hands(hands))
        used = {c for h in hs for c in h}
        rest = tuple(c for c in range(DECK_SIZE) if c not in used)
        base = dict(hands=hs, played=rest, level=level, turn=turn, leader=turn)
        base.update(fields)
        return replace(state, **base)

    # ------------------------------------------------------------------ notation
    def format_action(self, action: dict) -> str:
        """``"play bomb 9 9S 9C 9D 7H 7H'"``, ``"pass"``, ``"tribute AS"``,
        ``"return 3D'"`` (card notation of :mod:`engine.guandan.cards`)."""
        kind = action["type"]
        if kind == "pass":
            return "pass"
        if kind == "play":
            return f"play {action['combo']} {action['rank']} {format_cards(action['cards'])}"
        return f"{kind} {format_card(action['card'])}"

    def parse_action(self, text: str) -> dict:
        """Inverse of :meth:`format_action`; raises :class:`MalformedAction`."""
        parts = text.split()
        if not parts:
            raise MalformedAction("empty action")
        kind = parts[0]
        if kind == "pass" and len(parts) == 1:
            return {"type": "pass"}
        if kind in ("tribute", "return") and len(parts) == 2:
            return {"type": kind, "card": parse_card(parts[1])}
        if kind == "play" and len(parts) >= 4 and parts[2].isdigit():
            cards = sorted(parse_cards(" ".join(parts[3:])))
            return {"type": "play", "cards": cards, "combo": parts[1], "rank": int(parts[2])}
        raise MalformedAction(
            f"cannot read {text!r}: expected 'play COMBO RANK CARDS...', "
            "'pass', 'tribute CARD' or 'return CARD'"
        )


GAME = Guandan()
