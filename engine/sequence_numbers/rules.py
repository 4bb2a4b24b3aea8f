"""Sequence Numbers rules: set-up, the turn (dead card, play, draw) and the goal
(``sequence-numbers.md``)."""

from __future__ import annotations

import random
from typing import Any, Mapping

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
from engine.sequence_numbers import fast as _fast
from engine.sequence_numbers import view as _view
from engine.sequence_numbers.fast import SequenceSimulation
from engine.sequence_numbers.state import (
    ANSWER,
    CORNERS,
    DECK,
    MINUS,
    NUMBER,
    PLUS,
    SIZE,
    SPACES,
    SPACES_OF,
    SequenceState,
    is_dead,
    new_sequences,
    sort_hand,
    space_name,
)

RULE_TEAMS = "sequence-numbers.md#players-teams-chips"
RULE_DEAD = "sequence-numbers.md#set-up-and-turn 1 (dead card)"
RULE_PLAY = "sequence-numbers.md#set-up-and-turn 2 (play one card)"
RULE_PLUS = "sequence-numbers.md#set-up-and-turn 2 (Plus: any uncovered space, not a corner)"
RULE_MINUS = (
    "sequence-numbers.md#set-up-and-turn 2 (Minus: remove an opponent chip not "
    "in a completed sequence)"
)
RULE_STUCK = (
    "sequence-numbers.md#set-up-and-turn 2 (a player with no playable card "
    "discards one and draws; engine settlement)"
)
REFUSE_FIVE = (
    "Sequence Numbers cannot seat 5 players: more than 3 players play in 2 or 3 "
    "teams whose members alternate around the table, and 5 seats split into "
    "neither 2 nor 3 equal alternating teams; play with 2, 3, 4 or 6"
)


def _unique(hand) -> list[str]:
    """The distinct cards of ``hand`` in hand order."""
    seen: list[str] = []
    for c in hand:
        if c not in seen:
            seen.append(c)
    return seen


def _plays(hand, chips, locked, colour: int) -> list[dict]:
    """The chip and remove actions of a seat holding ``hand`` (card faces) with chip
    colour ``colour``; ``chips`` per space; ``locked()`` the spaces of completed
    sequences (called only for a Minus)."""
    out: list[dict] = []
    spaces = None
    for c in _unique(hand):
        if c == PLUS:
            targets = [sp for sp in range(SPACES) if sp not in CORNERS and chips[sp] is None]
            kind = "chip"
        elif c == MINUS:
            if spaces is None:
                spaces = locked()
            targets = [
                sp
                for sp in range(SPACES)
                if chips[sp] is not None and chips[sp] != colour and sp not in spaces
            ]
            kind = "remove"
        else:
            targets = [sp for sp in SPACES_OF[ANSWER[c]] if chips[sp] is None]
            kind = "chip"
        out += [{"type": kind, "card": c, "row": sp // SIZE, "col": sp % SIZE} for sp in targets]
    return out


def _legal(hand, chips, locked, colour: int, dead_used: bool) -> list[dict]:
    """The legal list of the seat to act from what it may know (shared by
    :meth:`SequenceNumbers.legal_actions` and :meth:`SequenceNumbers.legal_from_view`,
    so the two agree by construction)."""
    out = []
    if not dead_used:
        out += [{"type": "dead", "card": c} for c in _unique(hand) if is_dead(chips, c)]
    plays = _plays(hand, chips, locked, colour)
    if plays:
        return out + plays
    return out + [{"type": "discard", "card": c} for c in _unique(hand)]


class SequenceNumbers(Game):
    """Sequence Numbers for 2, 3, 4 or 6 players. Options: ``teams`` (int or None:
    colours at 6 players, 2 or 3; None = 2 teams at 4 and 6 players, individual play
    at 2–3), ``reshuffles`` (int or None: how often the discards may become a new deck;
    when the deck runs out after that, the game is a draw; None = no limit)."""

    id = "sequence-numbers"
    name = "Sequence Numbers"
    #: 2: every chip of a line completed at once is locked, and the line is the
    #: sequence (issue 35; version 1 locked the first five in scan order).
    rules_version = "2"
    min_players = 2
    max_players = 6
    default_options = {"teams": None, "reshuffles": 8}
    action_types = frozenset({"dead", "chip", "remove", "discard"})
    action_fields = {
        "dead": frozenset({"type", "card"}),
        "chip": frozenset({"type", "card", "row", "col"}),
        "remove": frozenset({"type", "card", "row", "col"}),
        "discard": frozenset({"type", "card"}),
    }

    # ------------------------------------------------------------------ set-up
    def setup(self, players: int, seed: int, options: Mapping[str, Any] | None = None):
        """A new table; 5 players are refused with the reason (:class:`BadSetup`,
        sequence-numbers.md "Players, teams, chips")."""
        if players == 5:
            raise BadSetup(REFUSE_FIVE, RULE_TEAMS)
        return super().setup(players, seed, options)

    def player_count_error(self, players: int) -> str:
        if players == 5:
            return REFUSE_FIVE
        return f"{self.name} is for 2, 3, 4 or 6 players, not {players}"

    def _setup(self, players: int, seed: int, options: tuple) -> SequenceState:
        """Colours alternate around the table (seat s plays colour s % teams); 5 cards
        each with 2–3 players, 4 with 4–6; the last seat deals, so seat 0 (the player
        after the dealer) starts (sequence-numbers.md "Set-up and turn")."""
        teams = option(options, "teams")
        if teams is not None and (not isinstance(teams, int) or isinstance(teams, bool)):
            raise BadSetup(f"option 'teams' must be an int or None, got {teams!r}", RULE_TEAMS)
        if players <= 3:
            if teams not in (None, players):
                raise BadSetup(
                    f"with {players} players everyone plays alone (option 'teams' must be None)",
                    RULE_TEAMS,
                )
            teams = players
        elif players == 4:
            if teams not in (None, 2):
                raise BadSetup(
                    "4 players play as 2 teams of 2 (option 'teams' must be None or 2)", RULE_TEAMS
                )
            teams = 2
        else:
            if teams not in (None, 2, 3):
                raise BadSetup(
                    "6 players play as 2 teams of 3 or 3 teams of 2 (option "
                    "'teams' must be None, 2 or 3)",
                    RULE_TEAMS,
                )
            teams = teams or 2
        limit = option(options, "reshuffles")
        if limit is not None and limit < 0:
            raise BadSetup("option 'reshuffles' must be >= 0 or None")
        hand_size = 5 if players <= 3 else 4
        cards, rng = shuffled(new_rng(seed, "sequence-numbers"), DECK)
        hands = tuple(sort_hand(cards[s * hand_size : (s + 1) * hand_size]) for s in range(players))
        deck = tuple(cards[players * hand_size :])
        return SequenceState(
            players=players,
            options=options,
            rng=rng,
            colours=tuple(s % teams for s in range(players)),
            needed=1 if players <= 3 else 2,
            deck=deck,
            hands=hands,
            discards=((),) * players,
            chips=(None,) * SPACES,
            sequences=((),) * teams,
        )

    # ------------------------------------------------------------------ who acts
    def awaiting(self, state: SequenceState) -> frozenset[int]:
        return frozenset() if state.over else frozenset((state.turn,))

    def legal_actions(self, state: SequenceState, seat: int) -> list[dict]:
        """Every action ``apply`` accepts from ``seat``: the dead-card trades (unless
        used this turn), then the plays in hand order then space order; a seat with no
        play has the discards instead (each distinct card once)."""
        if state.over or seat != state.turn:
            return []
        return _legal(
            state.hands[seat], state.chips, state.locked, state.colours[seat], state.dead_used
        )

    def legal_from_view(self, view: dict) -> list[dict]:
        """:meth:`legal_actions` from the seat's own view (issue 18): its ``hand``,
        ``colour``, ``dead_used``, the ``chips`` on the board and which are ``locked``."""
        seat = view["seat"]
        if view["over"] or seat is None or seat != view["turn"]:
            return []
        chips = tuple(c for row in view["chips"] for c in row)
        locked = view["locked"]

        def locked_spaces() -> frozenset[int]:
            return frozenset(
                r * SIZE + c for r, row in enumerate(locked) for c, x in enumerate(row) if x
            )

        return _legal(view["hand"], chips, locked_spaces, view["colour"], view["dead_used"])

    def _plays(self, state: SequenceState, seat: int) -> list[dict]:
        return _plays(state.hands[seat], state.chips, state.locked, state.colours[seat])

    # ------------------------------------------------------------------ checking
    @staticmethod
    def _card(action: dict) -> str:
        card = action.get("card")
        if not isinstance(card, str) or card not in ANSWER:
            raise MalformedAction(
                f"'{action['type']}' needs a 'card' face such as "
                f"'12+7', '30-11', 'plus' or 'minus', got {card!r}"
            )
        return card

    @staticmethod
    def _space(action: dict) -> int:
        return int_field(action, "row", 0, SIZE - 1) * SIZE + int_field(action, "col", 0, SIZE - 1)

    def _check(self, state: SequenceState, seat: int, action: dict) -> None:
        kind = action["type"]
        card = self._card(action)
        space = self._space(action) if kind in ("chip", "remove") else None
        fields = {"type", "card"} | ({"row", "col"} if space is not None else set())
        if set(action) != fields:
            raise MalformedAction(f"'{kind}' has the fields {sorted(fields)}, got {sorted(action)}")
        if card not in state.hands[seat]:
            raise IllegalAction(f"card {card} is not in your hand", RULE_PLAY)
        chips = state.chips
        if kind == "dead":
            if state.dead_used:
                raise IllegalAction("a dead card may be traded in once per turn", RULE_DEAD)
            if not is_dead(chips, card):
                raise IllegalAction(
                    f"card {card} is not dead: a space showing its answer is uncovered", RULE_DEAD
                )
            return
        if kind == "discard":
            if self._plays(state, seat):
                raise IllegalAction(
                    "you can still play a card; a card is discarded without "
                    "a play only when none can be played",
                    RULE_STUCK,
                )
            return
        name = space_name(space)
        if kind == "remove":
            if card != MINUS:
                raise IllegalAction(f"only a Minus card removes a chip, not {card}", RULE_MINUS)
            if chips[space] is None:
                raise IllegalAction(f"space {name} holds no chip", RULE_MINUS)
            if chips[space] == state.colours[seat]:
                raise IllegalAction(f"the chip on {name} is your own colour", RULE_MINUS)
            if space in state.locked():
                raise IllegalAction(
                    f"the chip on {name} is in a completed sequence and can never be removed",
                    RULE_MINUS,
                )
            return
        if card == MINUS:
            raise IllegalAction("a Minus card removes an opponent chip; it places none", RULE_MINUS)
        if space in CORNERS:
            raise IllegalAction(
                f"{name} is a free corner; no chip goes there",
                RULE_PLUS if card == PLUS else RULE_PLAY,
            )
        if chips[space] is not None:
            raise IllegalAction(f"space {name} is already covered", RULE_PLAY)
        if card != PLUS and NUMBER[space] != ANSWER[card]:
            raise IllegalAction(
                f"{card} = {ANSWER[card]}, but space {name} shows {NUMBER[space]}", RULE_PLAY
            )

    # ------------------------------------------------------------------ applying
    def _apply(self, state: SequenceState, seat: int, action: dict):
        kind, card = action["type"], action["card"]
        state, events = self._to_discard(state, seat, card)
        if kind == "dead":
            events.insert(0, Event("dead", {"seat": seat, "card": card}))
            state = replace(state, dead_used=True)
            return self._draw(state, seat, events)
        if kind == "discard":
            events.insert(0, Event("no-play", {"seat": seat, "card": card}))
            return self._end_turn(state, seat, events)
        space = self._space(action)
        where = {"row": space // SIZE, "col": space % SIZE}
        chips = list(state.chips)
        if kind == "remove":
            colour = chips[space]
            chips[space] = None
            events.append(
                Event(
                    "remove",
                    {
                        "seat": seat,
                        "colour": colour,
                        **where,
                        "zone": f"board/{where['row']}/{where['col']}",
                    },
                )
            )
            return self._end_turn(replace(state, chips=tuple(chips)), seat, events)
        colour = state.colours[seat]
        chips[space] = colour
        chips = tuple(chips)
        events.append(
            Event(
                "chip",
                {
                    "seat": seat,
                    "colour": colour,
                    **where,
                    "zone": f"board/{where['row']}/{where['col']}",
                },
            )
        )
        done = state.sequences[colour]
        new = new_sequences(chips, colour, space, done)
        if new:
            seqs = list(state.sequences)
            seqs[colour] = done + new
            for line in new:
                events.append(
                    Event(
                        "sequence",
                        {
                            "colour": colour,
                            "seat": seat,
                            "spaces": [[sp // SIZE, sp % SIZE] for sp in line],
                            "locked": [[sp // SIZE, sp % SIZE] for sp in line if sp not in CORNERS],
                        },
                    )
                )
            state = replace(state, chips=chips, sequences=tuple(seqs))
            if len(seqs[colour]) >= state.needed:
                state = replace(state, over=True, winner=colour)
                events.append(Event("game-end", self.result(state).to_dict()))
                return state, events
        else:
            state = replace(state, chips=chips)
        return self._end_turn(state, seat, events)

    # A Minus ends the turn at once, so "you may not place on that space this turn"
    # (sequence-numbers.md "A turn" 2) holds by construction.

    @staticmethod
    def _to_discard(state: SequenceState, seat: int, card: str):
        hand = list(state.hands[seat])
        hand.remove(card)
        hands = state.hands[:seat] + (tuple(hand),) + state.hands[seat + 1 :]
        discards = list(state.discards)
        discards[seat] = discards[seat] + (card,)
        return (
            replace(state, hands=hands, discards=tuple(discards)),
            [move((card,), f"hand/{seat}", f"discard/{seat}")],
        )

    def _draw(self, state: SequenceState, seat: int, events: list[Event]):
        """Draw one card for ``seat``; an empty deck is first rebuilt from every discard
        pile (sequence-numbers.md "A turn" 3), unless the ``reshuffles`` limit is used
        up: then the cards have run out and the game is a draw."""
        if not state.deck:
            limit = option(state.options, "reshuffles")
            if limit is not None and state.reshuffles >= limit:
                state = replace(state, over=True, winner=None)
                events.append(Event("game-end", self.result(state).to_dict()))
                return state, events
            pool = [c for d in state.discards for c in d]
            for s, d in enumerate(state.discards):
                if d:
                    events.append(move(d, f"discard/{s}", "deck"))
            deck, rng = shuffled(state.rng, sort_hand(pool))
            state = replace(
                state,
                deck=tuple(deck),
                rng=rng,
                discards=((),) * state.players,
                reshuffles=state.reshuffles + 1,
            )
            events.append(
                Event("reshuffle", {"deck_size": len(deck), "reshuffles": state.reshuffles})
            )
        card = state.deck[-1]
        hands = list(state.hands)
        hands[seat] = sort_hand(hands[seat] + (card,))
        events.append(move((card,), "deck", f"hand/{seat}", seen_by=(seat,)))
        return replace(state, deck=state.deck[:-1], hands=tuple(hands)), events

    def _end_turn(self, state: SequenceState, seat: int, events: list[Event]):
        state, events = self._draw(state, seat, events)
        if state.over:
            return state, events
        nxt = (seat + 1) % state.players
        events.append(Event("turn", {"seat": nxt}))
        return replace(state, turn=nxt, dead_used=False, turns=state.turns + 1), events

    # ------------------------------------------------------------------ outcome
    def result(self, state: SequenceState) -> Outcome | None:
        """The colour with the needed sequences wins (all its seats); a game whose
        cards ran out is a draw. Scores: sequences of each seat's colour."""
        if not state.over:
            return None
        scores = tuple(len(state.sequences[c]) for c in state.colours)
        if state.winner is None:
            return Outcome(
                (),
                scores,
                "the cards ran out: a draw",
                {"turns": state.turns, "reshuffles": state.reshuffles},
            )
        winners = tuple(s for s, c in enumerate(state.colours) if c == state.winner)
        n = state.needed
        return Outcome(
            winners,
            scores,
            f"{n} sequence{'s' if n > 1 else ''} completed",
            {"turns": state.turns, "colour": state.winner},
        )

    def is_over(self, state: SequenceState) -> bool:
        return state.over

    # ------------------------------------------------------------------ fast path
    def simulation(self, state: SequenceState):
        """A mutable :class:`~engine.sequence_numbers.fast.SequenceSimulation` of
        ``state`` for search rollouts (integer actions, no events, views or checks)."""
        return SequenceSimulation.from_state(state)

    def encode_action(self, action: dict) -> int:
        """The action's code on the fast path (see :mod:`engine.sequence_numbers.fast`);
        :class:`MalformedAction` for a dict that is no Sequence Numbers action."""
        return _fast.encode(action)

    def decode_action(self, code: int) -> dict:
        """The action dict of ``code`` (inverse of :meth:`encode_action`)."""
        return _fast.decode(code)

    # ------------------------------------------------------------------ views
    def view(self, state: SequenceState, seat: int | None) -> dict:
        return _view.build(self, state, seat)

    def private_view(self, state: SequenceState, seat: int | None) -> dict:
        return _view.private(self, state, seat)

    # ------------------------------------------------------------------ tests & tools
    def zones(self, state: SequenceState) -> dict[str, tuple]:
        """Cards only: ``deck``, ``hand/N``, ``discard/N`` (chips are in ``chips``)."""
        z: dict[str, tuple] = {"deck": state.deck}
        for s in range(state.players):
            z[f"hand/{s}"] = state.hands[s]
            z[f"discard/{s}"] = state.discards[s]
        return z

    def all_cards(self, state: SequenceState) -> list[str]:
        return list(DECK)

    def shuffle_unknown(self, state: SequenceState, seat: int | None, rng: random.Random):
        """Permute the deck and every hand but ``seat``'s (sizes kept), with a fresh
        generator state."""
        others = [s for s in range(state.players) if s != seat]
        pool = list(state.deck) + [c for s in others for c in state.hands[s]]
        rng.shuffle(pool)
        deck = tuple(pool[: len(state.deck)])
        i = len(state.deck)
        hands = list(state.hands)
        for s in others:
            n = len(state.hands[s])
            hands[s] = sort_hand(pool[i : i + n])
            i += n
        return replace(
            state, deck=deck, hands=tuple(hands), rng=random.Random(rng.random()).getstate()
        )

    # ------------------------------------------------------------------ notation
    def format_action(self, action: dict) -> str:
        """``"dead 12+7"``, ``"discard 12+7"``, ``"chip 12+7 3,4"``, ``"remove minus 3,4"``."""
        text = f"{action['type']} {action['card']}"
        if action["type"] in ("chip", "remove"):
            text += f" {action['row']},{action['col']}"
        return text

    def parse_action(self, text: str) -> dict:
        """Inverse of :meth:`format_action`; raises :class:`MalformedAction`."""
        parts = text.split()
        if not parts:
            raise MalformedAction("empty action text")
        kind = action_type({"type": parts[0]}, self.action_types)
        if kind in ("dead", "discard") and len(parts) == 2:
            return {"type": kind, "card": parts[1]}
        if kind in ("chip", "remove") and len(parts) == 3:
            rc = parts[2].split(",")
            if len(rc) == 2 and all(x.isdigit() for x in rc):
                return {"type": kind, "card": parts[1], "row": int(rc[0]), "col": int(rc[1])}
        raise MalformedAction(f"cannot read {text!r}: expected e.g. 'chip 12+7 3,4'")


GAME = SequenceNumbers()
