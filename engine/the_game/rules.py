"""The Game rules: set-up, a turn, the backwards trick, drawing, the end
(``the-game.md``)."""

from __future__ import annotations

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
    randrange,
    replace,
    shuffled,
)
from engine.the_game import fast as _fast
from engine.the_game import view as _view
from engine.the_game.fast import TheGameSimulation
from engine.the_game.state import (
    CARDS,
    PILES,
    SIGNALS,
    TOTAL,
    TheGameState,
    fits,
    hand_size,
)

RULE_PLAY = (
    "the-game.md#a-turn 2: ascending higher or exactly 10 lower, "
    "descending lower or exactly 10 higher"
)
RULE_HAND = "the-game.md#a-turn 1: play cards from your own hand"
RULE_MIN = (
    "the-game.md#a-turn 1: at least the minimum (2, 3 in expert; 1 once the draw pile is empty)"
)
RULE_BLOCK = (
    "the-game.md#end: the active player with no legal card before the minimum "
    "must declare the block"
)
RULE_SIGNAL = "the-game.md#communication: pile signals 'dont-play' and 'can-play-well'"
RULE_SIGNAL_ONCE = (
    "the-game.md#communication: each seat may change its signal on a pile at most once per turn"
)
RULE_SIGNAL_BLOCK = "the-game.md#communication: no one signals once the active player is blocked"


def _legal(active: bool, blocked: bool, hand, tops, to_play: int, signals, signalled) -> list:
    """The legal list of a seat from what it may know (shared by
    :meth:`TheGame.legal_actions` and :meth:`TheGame.legal_from_view`, so the two agree
    by construction): ``active`` it is the seat's turn, ``blocked`` the active player
    is blocked, ``tops`` the four pile tops, ``signals``/``signalled`` the seat's
    signal and whether it changed it this turn, per pile."""
    if blocked:
        return [{"type": "declare-blocked"}] if active else []
    out: list[dict] = []
    if active:
        out += [
            {"type": "play", "card": c, "pile": PILES[p]}
            for c in hand
            for p in range(len(PILES))
            if fits(c, p, tops[p])
        ]
        if to_play == 0:
            out.append({"type": "end-turn"})
    for p, name in enumerate(PILES):
        if signalled[p]:
            continue
        for value in SIGNALS + (None,):
            if value != signals[p]:
                out.append({"type": "signal", "pile": name, "signal": value})
    return out


class TheGame(Game):
    """The Game for 1–5 players, all one team. Options: ``expert`` (bool: minimum 3
    while the draw pile lasts), ``smaller_hands`` (bool, expert only: hands one card
    smaller), ``start`` (None = random starting seat, or a seat 0..players-1)."""

    id = "the-game"
    name = "The Game"
    #: 2: at most one signal change per pile, seat and turn; none once blocked.
    rules_version = "2"
    min_players = 1
    max_players = 5
    default_options = {"expert": False, "smaller_hands": False, "start": None}
    action_types = frozenset({"play", "end-turn", "declare-blocked", "signal"})
    action_fields = {
        "play": frozenset({"type", "card", "pile"}),
        "end-turn": frozenset({"type"}),
        "declare-blocked": frozenset({"type"}),
        "signal": frozenset({"type", "pile", "signal"}),
    }

    # ------------------------------------------------------------------ set-up
    def _setup(self, players: int, seed: int, options: tuple) -> TheGameState:
        start = option(options, "start")
        if start is not None and (
            not isinstance(start, int) or isinstance(start, bool) or not 0 <= start < players
        ):
            raise BadSetup(f"option 'start' must be None or a seat 0..{players - 1}, got {start!r}")
        if option(options, "smaller_hands") and not option(options, "expert"):
            raise BadSetup("option 'smaller_hands' is part of the expert option: set 'expert' too")
        size = hand_size(players, option(options, "smaller_hands"))
        cards, rng = shuffled(new_rng(seed, "the-game"), CARDS)
        hands = tuple(tuple(sorted(cards[s * size : (s + 1) * size])) for s in range(players))
        if start is None:
            start, rng = randrange(rng, players)
        return TheGameState(
            players=players,
            options=options,
            rng=rng,
            size=size,
            deck=tuple(cards[players * size :]),
            hands=hands,
            piles=((),) * len(PILES),
            signals=((None,) * len(PILES),) * players,
            signal_turns=((0,) * len(PILES),) * players,
            turn=start,
            played=0,
            turns=1,
        )

    # ------------------------------------------------------------------ facts
    def minimum(self, state: TheGameState) -> int:
        """Cards the active player must play this turn: 2 (3 in expert) while the draw
        pile has cards, 1 once it is empty (the-game.md "A turn" 1, "Expert option")."""
        if not state.deck:
            return 1
        return 3 if option(state.options, "expert") else 2

    def to_play(self, state: TheGameState) -> int:
        """Cards the active player still has to play before it may end the turn."""
        return max(0, self.minimum(state) - state.played)

    def playable(self, state: TheGameState, seat: int) -> list[tuple[int, int]]:
        """``(card, pile index)`` pairs ``seat`` could play now, by card then pile."""
        tops = state.tops
        return [(c, p) for c in state.hands[seat] for p in range(len(PILES)) if fits(c, p, tops[p])]

    def is_blocked(self, state: TheGameState) -> bool:
        """True when the active player still has to play and has no legal card (the
        game then awaits only its "declare-blocked", the-game.md "End")."""
        if state.over:
            return False
        return self.to_play(state) > 0 and not self.playable(state, state.turn)

    # ------------------------------------------------------------------ who acts
    def awaiting(self, state: TheGameState) -> frozenset[int]:
        """The active player; nobody once the game is over. (Signals may come from any
        seat at any time: see :meth:`may_act`.)"""
        return frozenset() if state.over else frozenset((state.turn,))

    def may_act(self, state: TheGameState, seat: int, action: dict) -> bool:
        """Any seat may send a pile signal while the game runs (the-game.md
        "Communication"); every other action only the active player."""
        if state.over or not isinstance(seat, int) or not 0 <= seat < state.players:
            return False
        if isinstance(action, dict) and action.get("type") == "signal":
            return True
        return seat == state.turn

    def signals_open(self, state: TheGameState) -> bool:
        """Whether pile signals may be sent now: the game runs and the active player is
        not blocked (the-game.md "Communication": no one signals after the block is
        detected — the game is lost, so this public fact tells nobody anything useful)."""
        return not state.over and not self.is_blocked(state)

    def legal_actions(self, state: TheGameState, seat: int) -> list[dict]:
        """Exhaustive: for the active player its plays (by card, then pile), then
        "end-turn" once the minimum is played; a blocked active player has only
        "declare-blocked" and then nobody may signal. Otherwise every seat may change
        each pile's signal it has not changed yet this turn, to each value other than
        its current one (the-game.md "Communication")."""
        if not self.may_act(state, seat, {"type": "signal"}):
            return []
        return _legal(
            active=seat == state.turn,
            blocked=self.is_blocked(state),
            hand=state.hands[seat],
            tops=state.tops,
            to_play=self.to_play(state),
            signals=state.signals[seat],
            signalled=[state.signalled(seat, p) for p in range(len(PILES))],
        )

    def legal_from_view(self, view: dict) -> list[dict]:
        """:meth:`legal_actions` from the seat's own view (issue 18): its ``hand``, the
        pile ``tops``, whose ``turn`` it is and ``to_play``, its ``signals`` and which
        it has changed this turn (``signalled``), and ``signals_open`` (False once the
        active player is blocked)."""
        seat = view["seat"]
        if view["over"] or seat is None:
            return []
        return _legal(
            active=seat == view["turn"],
            blocked=not view["signals_open"],
            hand=view["hand"],
            tops=[view["tops"][name] for name in PILES],
            to_play=view["to_play"],
            signals=[view["signals"][name][seat] for name in PILES],
            signalled=[view["signalled"][name][seat] for name in PILES],
        )

    # ------------------------------------------------------------------ checking
    @staticmethod
    def _pile(action: dict) -> int:
        name = action.get("pile")
        if name not in PILES:
            raise MalformedAction(f"'{action['type']}' needs a 'pile' among {', '.join(PILES)}")
        return PILES.index(name)

    def _check(self, state: TheGameState, seat: int, action: dict) -> None:
        kind = action["type"]
        if kind == "signal":
            p = self._pile(action)
            value = action.get("signal", "missing")
            if value is not None and value not in SIGNALS:
                raise MalformedAction(f"'signal' must be one of {', '.join(SIGNALS)} or None")
            if self.is_blocked(state):
                if seat == state.turn:
                    raise IllegalAction(
                        "you cannot play the minimum: declare the block", RULE_BLOCK
                    )
                raise IllegalAction(
                    "the active player is blocked: no more signals", RULE_SIGNAL_BLOCK
                )
            if state.signals[seat][p] == value:
                raise IllegalAction(f"your signal on {PILES[p]} is already {value!r}", RULE_SIGNAL)
            if state.signalled(seat, p):
                raise IllegalAction(
                    f"you have already changed your signal on {PILES[p]} this turn",
                    RULE_SIGNAL_ONCE,
                )
            return
        if kind == "play":
            card = int_field(action, "card", CARDS[0], CARDS[-1])
            p = self._pile(action)
            if card not in state.hands[seat]:
                raise IllegalAction(f"card {card} is not in your hand", RULE_HAND)
            if not fits(card, p, state.tops[p]):
                raise IllegalAction(
                    f"card {card} does not fit on {PILES[p]} (top {state.tops[p]})", RULE_PLAY
                )
            return
        blocked = self.is_blocked(state)
        if kind == "declare-blocked":
            if not blocked:
                raise IllegalAction(
                    "you are not blocked: you have a legal card or have played the minimum",
                    RULE_BLOCK,
                )
            return
        # end-turn
        if blocked:
            raise IllegalAction("you cannot play the minimum: declare the block", RULE_BLOCK)
        if self.to_play(state) > 0:
            raise IllegalAction(f"play {self.to_play(state)} more card(s) first", RULE_MIN)

    # ------------------------------------------------------------------ applying
    def _apply(self, state: TheGameState, seat: int, action: dict):
        kind = action["type"]
        if kind == "signal":
            p = PILES.index(action["pile"])
            row = state.signals[seat]
            row = row[:p] + (action["signal"],) + row[p + 1 :]
            signals = state.signals[:seat] + (row,) + state.signals[seat + 1 :]
            turns = state.signal_turns or ((0,) * len(PILES),) * state.players
            mark = turns[seat][:p] + (state.turns,) + turns[seat][p + 1 :]
            turns = turns[:seat] + (mark,) + turns[seat + 1 :]
            event = Event(
                "signal", {"seat": seat, "pile": action["pile"], "signal": action["signal"]}
            )
            return replace(state, signals=signals, signal_turns=turns), [event]
        if kind == "play":
            return self._play(state, seat, action["card"], PILES.index(action["pile"]))
        if kind == "declare-blocked":
            state = replace(state, blocked=True, over=True)
            out = self.result(state)
            return state, [Event("blocked", {"seat": seat}), Event("game-end", out.to_dict())]
        return self._end_turn(state, seat)

    def _play(self, state: TheGameState, seat: int, card: int, p: int):
        hand = tuple(c for c in state.hands[seat] if c != card)
        hands = state.hands[:seat] + (hand,) + state.hands[seat + 1 :]
        piles = state.piles[:p] + (state.piles[p] + (card,),) + state.piles[p + 1 :]
        state = replace(state, hands=hands, piles=piles, played=state.played + 1)
        events = [move((card,), f"hand/{seat}", f"pile/{PILES[p]}", seat=seat)]
        if sum(len(x) for x in piles) == TOTAL:
            state = replace(state, over=True)
            events.append(Event("game-end", self.result(state).to_dict()))
        return state, events

    def _end_turn(self, state: TheGameState, seat: int):
        """Draw back up (as far as the draw pile allows), then pass clockwise,
        skipping empty hands once the draw pile is empty (the-game.md "A turn" 3–4)."""
        n = max(0, min(state.size - len(state.hands[seat]), len(state.deck)))
        drawn, deck = state.deck[:n], state.deck[n:]
        hand = tuple(sorted(state.hands[seat] + drawn))
        hands = state.hands[:seat] + (hand,) + state.hands[seat + 1 :]
        events = []
        if drawn:
            events.append(move(drawn, "deck", f"hand/{seat}", seen_by=(seat,)))
        nxt = seat
        for step in range(1, state.players + 1):
            cand = (seat + step) % state.players
            if hands[cand]:
                nxt = cand
                break
        events.append(Event("turn", {"seat": nxt}))
        return replace(
            state, deck=deck, hands=hands, turn=nxt, played=0, turns=state.turns + 1
        ), events

    # ------------------------------------------------------------------ outcome
    def result(self, state: TheGameState) -> Outcome | None:
        """A win for every seat when all 98 cards are played, else (a declared block) no
        winners. Every seat's score is the team's cards left; ``details``:
        ``cards_left``, ``excellent`` (fewer than 10 left), ``reason`` (the-game.md "End")."""
        if not state.over:
            return None
        left = state.cards_left
        won = left == 0
        reason = "all 98 cards played" if won else "blocked"
        return Outcome(
            tuple(range(state.players)) if won else (),
            (left,) * state.players,
            reason,
            {"cards_left": left, "excellent": left < 10, "reason": reason},
        )

    def is_over(self, state: TheGameState) -> bool:
        return state.over

    # ------------------------------------------------------------------ fast path
    def simulation(self, state: TheGameState) -> TheGameSimulation:
        """A mutable :class:`~engine.the_game.fast.TheGameSimulation` of ``state`` for
        search rollouts (integer actions, no events, views or checks)."""
        return TheGameSimulation.from_state(state)

    def encode_action(self, action: dict) -> int:
        """The action's code on the fast path (see :mod:`engine.the_game.fast`);
        :class:`MalformedAction` for a dict that is no action of The Game."""
        return _fast.encode(action)

    def decode_action(self, code: int) -> dict:
        """The action dict of ``code`` (inverse of :meth:`encode_action`)."""
        return _fast.decode(code)

    # ------------------------------------------------------------------ views
    def view(self, state: TheGameState, seat: int | None) -> dict:
        return _view.build(self, state, seat)

    def private_view(self, state: TheGameState, seat: int | None) -> dict:
        return _view.private(self, state, seat)

    # ------------------------------------------------------------------ tests & tools
    def zones(self, state: TheGameState) -> dict[str, tuple]:
        z = {"deck": state.deck}
        for s in range(state.players):
            z[f"hand/{s}"] = state.hands[s]
        for name, pile in zip(PILES, state.piles, strict=True):
            z[f"pile/{name}"] = pile
        return z

    def all_cards(self, state: TheGameState) -> list[int]:
        return list(CARDS)

    def shuffle_unknown(self, state: TheGameState, seat: int | None, rng: random.Random):
        """Permute the cards ``seat`` cannot see (other hands and the draw pile, whose
        order is unknown to all), sizes kept; a fresh generator state. Whether the active
        player is blocked is public (:meth:`signals_open`), so the twin keeps it: its
        hand is drawn again until it agrees (uniform among the deals that do), and a
        blocked hand is dealt from the cards that fit no pile."""
        hidden = [s for s in range(state.players) if s != seat]
        pool = list(state.deck)
        for s in hidden:
            pool += state.hands[s]
        blocked = self.is_blocked(state)
        constrained = state.turn in hidden and not state.over and self.to_play(state) > 0
        twin = None
        for _ in range(64):
            rng.shuffle(pool)
            twin = self._deal(state, hidden, pool)
            if not constrained or self.is_blocked(twin) == blocked:
                break
        else:
            tops = state.tops
            dead = [c for c in pool if not any(fits(c, p, tops[p]) for p in range(len(PILES)))]
            live = [c for c in pool if c not in dead]
            k = len(state.hands[state.turn])
            if blocked:  # k cards that fit nowhere, then the rest at random
                first = rng.sample(dead, k)
            else:  # one card that fits, then the rest at random
                first = rng.sample(live, 1)
            rest = [c for c in pool if c not in first]
            rng.shuffle(rest)
            order = [state.turn] + [s for s in hidden if s != state.turn]
            twin = self._deal(state, order, first + rest, deck_last=True)
        return replace(twin, rng=random.Random(rng.random()).getstate())

    @staticmethod
    def _deal(state: TheGameState, seats: list[int], pool: list[int], deck_last: bool = False):
        """``state`` with the hands of ``seats`` (in that order) and the draw pile dealt
        from ``pool``: the draw pile first (or last with ``deck_last``), sizes kept."""
        n = len(state.deck)
        deck = tuple(pool[-n:] if deck_last else pool[:n]) if n else ()
        i = 0 if deck_last else n
        hands = list(state.hands)
        for s in seats:
            k = len(state.hands[s])
            hands[s] = tuple(sorted(pool[i : i + k]))
            i += k
        return replace(state, deck=deck, hands=tuple(hands))

    # ------------------------------------------------------------------ notation
    def format_action(self, action: dict) -> str:
        """``"play 37 asc1"``, ``"end-turn"``, ``"declare-blocked"``,
        ``"signal asc1 dont-play"`` / ``"signal asc1 none"``."""
        kind = action["type"]
        if kind == "play":
            return f"play {action['card']} {action['pile']}"
        if kind == "signal":
            return f"signal {action['pile']} {action['signal'] or 'none'}"
        return kind

    def parse_action(self, text: str) -> dict:
        """Inverse of :meth:`format_action`; raises :class:`MalformedAction`."""
        parts = text.split()
        if not parts:
            raise MalformedAction("empty action text")
        kind = action_type({"type": parts[0]}, self.action_types)
        if kind in ("end-turn", "declare-blocked") and len(parts) == 1:
            return {"type": kind}
        if kind == "play" and len(parts) == 3 and parts[1].isdigit():
            return {"type": "play", "card": int(parts[1]), "pile": parts[2]}
        if kind == "signal" and len(parts) == 3:
            return {
                "type": "signal",
                "pile": parts[1],
                "signal": None if parts[2] == "none" else parts[2],
            }
        raise MalformedAction(
            f"cannot read {text!r}: expected 'play N PILE', 'end-turn', "
            "'declare-blocked' or 'signal PILE VALUE'"
        )


GAME = TheGame()
