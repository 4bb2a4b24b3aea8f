"""Take 5 rules: set-up, choosing, reveal, resolution and the end (``take5.md``)."""

from __future__ import annotations

import random

from engine.core import (
    BadSetup,
    Event,
    Game,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    Outcome,
    action_type,
    int_field,
    new_rng,
    option,
    shuffled,
)
from engine.take5.state import (
    BULLHEADS,
    DECK_SIZE,
    HAND_SIZE,
    ROW_LIMIT,
    ROWS,
    Take5State,
    row_cost,
    target_row,
)
from engine.take5 import view as _view


def replace(state: Take5State, **changes) -> Take5State:
    """``dataclasses.replace`` for :class:`Take5State`, without its per-call field
    introspection (it was most of the time of random play). Same fields, same repr,
    so digests are unchanged; no validation is skipped (the state has none)."""
    new = object.__new__(Take5State)
    d = new.__dict__
    d.update(state.__dict__)
    d.update(changes)
    return new


def _event(kind: str, public: dict, secret: dict, seen_by: tuple[int, ...] | None) -> Event:
    """``Event(kind, public, secret, seen_by)``, built without the frozen dataclass's
    per-field ``object.__setattr__`` (a hot path of random play); an equal object."""
    e = object.__new__(Event)
    d = e.__dict__
    d["type"] = kind
    d["public"] = public
    d["secret"] = secret
    d["seen_by"] = seen_by
    return e


def _move1(card: int, src: str, dst: str, seat: int) -> Event:
    """``move((card,), src, dst, seat=seat)`` of :mod:`engine.core`, built fast."""
    return _event(
        "move", {"from": src, "to": dst, "count": 1, "seat": seat}, {"cards": [card]}, None
    )


RULE_CHOOSE = "take5.md#a-round 2: choose one card of your own hand, before the reveal"
RULE_ROW = "take5.md#a-round 3 (too low): the owner of the too-low card chooses one of the 4 rows"


class Take5(Game):
    """Take 5 for 2–10 players. Options: ``threshold`` (int, 66: the game ends when a
    total is more than this), ``rounds`` (int or None: play exactly this many rounds
    instead), ``tactical`` (bool: cards 1..10·n+4, all dealt)."""

    id = "take5"
    name = "Take 5"
    rules_version = "1"
    min_players = 2
    max_players = 10
    default_options = {"threshold": 66, "rounds": None, "tactical": False}
    action_types = frozenset({"choose", "take-row"})

    # ------------------------------------------------------------------ set-up
    def _setup(self, players: int, seed: int, options: tuple) -> Take5State:
        rounds = option(options, "rounds")
        if rounds is not None and (
            not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1
        ):
            raise BadSetup(f"option 'rounds' must be a positive int or None, got {rounds!r}")
        threshold = option(options, "threshold")
        if not isinstance(threshold, int) or isinstance(threshold, bool) or threshold < 0:
            raise BadSetup(f"option 'threshold' must be an int >= 0, got {threshold!r}")
        empty = tuple(() for _ in range(players))
        state = Take5State(
            players=players,
            options=options,
            rng=new_rng(seed, "take5"),
            round=0,
            turn=0,
            hands=empty,
            rows=((),) * ROWS,
            chosen=(None,) * players,
            pending=(),
            revealed=(),
            penalty=empty,
            totals=(0,) * players,
            undealt=(),
            last_round=(0,) * players,
        )
        return self._deal(state)[0]

    def deck(self, players: int, options: tuple) -> range:
        """Cards in play: 1..104, or 1..10·n+4 in the tactical variant (take5.md)."""
        top = 10 * players + ROWS if option(options, "tactical") else DECK_SIZE
        return range(1, top + 1)

    def _deal(self, state: Take5State) -> tuple[Take5State, list[Event]]:
        cards, rng = shuffled(state.rng, self.deck(state.players, state.options))
        n = state.players
        hands = tuple(tuple(sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(n))
        starts = cards[n * HAND_SIZE : n * HAND_SIZE + ROWS]
        rows = tuple((c,) for c in starts)
        undealt = tuple(sorted(cards[n * HAND_SIZE + ROWS :]))
        events = [Event("round", {"round": state.round + 1})]
        events += [
            _event(
                "move",
                {"from": "deck", "to": f"hand/{s}", "count": len(hands[s])},
                {"cards": list(hands[s])},
                (s,),
            )
            for s in range(n)
        ]
        events += [
            _event("move", {"from": "deck", "to": f"row/{i}", "count": 1}, {"cards": [c]}, None)
            for i, c in enumerate(starts)
        ]
        new = replace(
            state,
            rng=rng,
            round=state.round + 1,
            turn=1,
            hands=hands,
            rows=rows,
            chosen=(None,) * n,
            pending=(),
            revealed=(),
            penalty=tuple(() for _ in range(n)),
            undealt=undealt,
        )
        return new, events

    # ------------------------------------------------------------------ who acts
    def awaiting(self, state: Take5State) -> frozenset[int]:
        if state.over:
            return frozenset()
        if state.pending:
            return frozenset((state.pending[0][1],))
        return frozenset([s for s, c in enumerate(state.chosen) if c is None])

    def may_act(self, state: Take5State, seat: int, action: dict) -> bool:
        """During the choosing, every seat may act (a choice can be changed until the
        last player has chosen, take5.md "A round" 2); a row choice only its owner."""
        if state.over or not 0 <= seat < state.players:
            return False
        if state.pending:
            return seat == state.pending[0][1]
        return True

    def legal_actions(self, state: Take5State, seat: int) -> list[dict]:
        """Every action ``seat`` may send now: ``choose`` each hand card but the current
        choice, or ``take-row`` 0..3 for the owner of a too-low card; else ``[]``."""
        if state.over or not 0 <= seat < state.players:
            return []
        if state.pending:
            if seat != state.pending[0][1]:
                return []
            return [{"type": "take-row", "row": r} for r in range(ROWS)]
        mine = state.chosen[seat]
        return [{"type": "choose", "card": c} for c in state.hands[seat] if c != mine]

    def legal_from_view(self, view: dict) -> list[dict]:
        """:meth:`legal_actions` from the seat's own view (``hand``, ``chosen``,
        ``pending``, ``over``, ``seat``): equal list for list; ``[]`` for a spectator."""
        seat = view["seat"]
        if seat is None or view["over"]:
            return []
        pending = view["pending"]
        if pending:
            if pending[0][1] != seat:
                return []
            return [{"type": "take-row", "row": r} for r in range(ROWS)]
        mine = view["chosen"]
        return [{"type": "choose", "card": c} for c in view["hand"] if c != mine]

    # ------------------------------------------------------------------ checking
    def check(self, state: Take5State, seat: int, action: dict) -> None:
        """:meth:`Game.check` in the same order (malformed → game over → seat may act →
        legal), with the contract's general steps done inline (a hot path)."""
        if type(action) is not dict or action.get("type") not in ("choose", "take-row"):
            action_type(action, self.action_types)  # raises MalformedAction
        if state.over:
            raise GameOver("the game is over")
        if not self.may_act(state, seat, action):
            raise NotYourTurn(
                f"seat {seat} is not awaited now; waiting for {sorted(self.awaiting(state))}"
            )
        self._check(state, seat, action)

    def _check(self, state: Take5State, seat: int, action: dict) -> None:
        kind = action["type"]
        if kind == "choose":
            card = action.get("card")
            if type(card) is not int or not 1 <= card <= DECK_SIZE:
                int_field(action, "card", 1, DECK_SIZE)  # raises MalformedAction
            if state.pending:
                raise IllegalAction("the cards are revealed; a row must be chosen first", RULE_ROW)
            if card not in state.hands[seat]:
                raise IllegalAction(f"card {card} is not in your hand", RULE_CHOOSE)
            if card == state.chosen[seat]:
                raise IllegalAction(f"card {card} is already your choice", RULE_CHOOSE)
        else:
            int_field(action, "row", 0, ROWS - 1)
            if not state.pending:
                raise IllegalAction(
                    "no card is too low: rows are chosen only for a card lower than every row end",
                    RULE_ROW,
                )

    # ------------------------------------------------------------------ applying
    def _apply(self, state: Take5State, seat: int, action: dict):
        if action["type"] == "choose":
            card = action["card"]
            chosen = state.chosen[:seat] + (card,) + state.chosen[seat + 1 :]
            events = [_event("choose", {"seat": seat}, {"card": card}, (seat,))]
            if None in chosen:
                return replace(state, chosen=chosen), events
            return self._reveal(state, chosen, events)
        return self._take_row(state, seat, action["row"])

    def _reveal(self, state: Take5State, chosen: tuple[int, ...], events: list[Event]):
        """All have chosen: reveal together, then resolve lowest first (take5.md 2–3)."""
        pairs = sorted(zip(chosen, range(state.players), strict=True))  # (card, seat)
        hands = tuple(
            h[:i] + h[i + 1 :]
            for h, i in ((h, h.index(c)) for h, c in zip(state.hands, chosen, strict=True))
        )
        revealed = tuple((s, c) for c, s in pairs)
        events.append(_event("reveal", {"cards": [[s, c] for s, c in revealed]}, {}, None))
        events += [_move1(c, f"hand/{s}", "table", s) for s, c in revealed]
        return self._resolve(
            state,
            events,
            list(state.rows),
            list(state.penalty),
            pairs,
            {"hands": hands, "chosen": (None,) * state.players, "revealed": revealed},
        )

    def _resolve(
        self,
        state: Take5State,
        events: list[Event],
        rows: list,
        penalty: list,
        pending: list,
        changes: dict,
    ):
        """Place the revealed ``pending`` ``(card, seat)`` pairs, lowest first, until
        done or a card is too low (take5.md "A round" 3); ``changes`` are the other
        field changes of this step, applied with the result in one new state."""
        i, todo = 0, len(pending)
        while i < todo:
            card, seat = pending[i]
            r = target_row(rows, card)
            if r is None:
                # Too low: pause until the owner picks a row.
                events.append(_event("row-choice", {"seat": seat, "card": card}, {}, None))
                break
            i += 1
            row = rows[r]
            if len(row) >= ROW_LIMIT:
                events.append(self._taken(row, r, seat, "sixth card"))
                penalty[seat] = tuple(sorted(penalty[seat] + row))
                rows[r] = (card,)
            else:
                rows[r] = row + (card,)
            events.append(_move1(card, "table", f"row/{r}", seat))
        changes["rows"] = tuple(rows)
        changes["penalty"] = tuple(penalty)
        changes["pending"] = tuple(pending[i:])
        if i < todo:
            return replace(state, **changes), events
        if changes.get("hands", state.hands)[0]:
            changes["turn"] = state.turn + 1
            return replace(state, **changes), events
        return self._end_round(replace(state, **changes), events)

    @staticmethod
    def _taken(row: tuple[int, ...], r: int, seat: int, reason: str) -> Event:
        """A row going to a penalty pile: the cards were public in the row; the
        bullheads it costs are told only to the taker (penalty piles are private)."""
        return _event(
            "move",
            {
                "from": f"row/{r}",
                "to": f"penalty/{seat}",
                "count": len(row),
                "cards": list(row),
                "seat": seat,
                "reason": reason,
            },
            {"bullheads": row_cost(row)},
            (seat,),
        )

    def _take_row(self, state: Take5State, seat: int, r: int):
        card = state.pending[0][0]
        taken = state.rows[r]
        events = [self._taken(taken, r, seat, "too low"), _move1(card, "table", f"row/{r}", seat)]
        rows = list(state.rows)
        rows[r] = (card,)
        penalty = list(state.penalty)
        penalty[seat] = tuple(sorted(penalty[seat] + taken))
        return self._resolve(state, events, rows, penalty, list(state.pending[1:]), {})

    def _end_round(self, state: Take5State, events: list[Event]):
        """The tenth turn is over: score the round (take5.md "A round" 4), then end the
        game (take5.md "End of the game") or deal the next round."""
        scored = tuple(sum(BULLHEADS[c] for c in p) for p in state.penalty)
        totals = tuple(t + s for t, s in zip(state.totals, scored, strict=True))
        events.append(
            Event(
                "round-end",
                {"round": state.round, "bullheads": list(scored), "totals": list(totals)},
            )
        )
        state = replace(state, totals=totals, last_round=scored)
        rounds = option(state.options, "rounds")
        if rounds is not None:
            over = state.round >= rounds
        else:
            over = max(totals) > option(state.options, "threshold")
        if over:
            state = replace(state, over=True)
            out = self.result(state)
            events.append(Event("game-end", out.to_dict()))
            return state, events
        # Collect every card back and deal the next round from the same generator.
        state, deal_events = self._deal(state)
        return state, events + deal_events

    # ------------------------------------------------------------------ outcome
    def result(self, state: Take5State) -> Outcome | None:
        """Lowest total wins; equal lowest totals share the win (take5.md "End")."""
        if not state.over:
            return None
        low = min(state.totals)
        return Outcome(
            tuple(s for s, t in enumerate(state.totals) if t == low),
            state.totals,
            "a total passed the threshold"
            if option(state.options, "rounds") is None
            else "rounds played",
            {"rounds": state.round},
        )

    def is_over(self, state: Take5State) -> bool:
        return state.over

    # ------------------------------------------------------------------ views
    def view(self, state: Take5State, seat: int | None) -> dict:
        return _view.build(self, state, seat)

    # ------------------------------------------------------------------ tests & tools
    def zones(self, state: Take5State) -> dict[str, tuple]:
        z = {"deck": state.undealt, "table": tuple(c for c, _ in state.pending)}
        for s in range(state.players):
            z[f"hand/{s}"] = state.hands[s]
            z[f"penalty/{s}"] = state.penalty[s]
        for r, row in enumerate(state.rows):
            z[f"row/{r}"] = row
        return z

    def all_cards(self, state: Take5State) -> list[int]:
        return list(self.deck(state.players, state.options))

    def shuffle_unknown(self, state: Take5State, seat: int | None, rng: random.Random):
        """Permute the cards ``seat`` cannot see: other hands, other penalty piles and
        the undealt cards (sizes kept); others' secret choices move with their hand;
        a fresh generator state (the next deal is unknown)."""
        hidden_hands = [s for s in range(state.players) if s != seat]
        pool = list(state.undealt)
        for s in hidden_hands:
            pool += state.hands[s]
            pool += state.penalty[s]
        rng.shuffle(pool)
        hands, penalty = list(state.hands), list(state.penalty)
        undealt = tuple(sorted(pool[: len(state.undealt)]))
        i = len(state.undealt)
        chosen = list(state.chosen)
        for s in hidden_hands:
            n = len(state.hands[s])
            hands[s] = tuple(sorted(pool[i : i + n]))
            i += n
            if chosen[s] is not None:
                chosen[s] = hands[s][rng.randrange(n)]
        for s in hidden_hands:
            n = len(state.penalty[s])
            penalty[s] = tuple(sorted(pool[i : i + n]))
            i += n
        return replace(
            state,
            hands=tuple(hands),
            penalty=tuple(penalty),
            undealt=undealt,
            chosen=tuple(chosen),
            rng=random.Random(rng.random()).getstate(),
        )

    # ------------------------------------------------------------------ notation
    def format_action(self, action: dict) -> str:
        """``"choose 37"`` or ``"take-row 2"`` (rows 0..3)."""
        if action["type"] == "choose":
            return f"choose {action['card']}"
        return f"take-row {action['row']}"

    def parse_action(self, text: str) -> dict:
        """Inverse of :meth:`format_action`; raises :class:`MalformedAction`."""
        parts = text.split()
        if len(parts) != 2 or not parts[1].lstrip("-").isdigit():
            raise MalformedAction(f"cannot read {text!r}: expected 'choose N' or 'take-row R'")
        kind = parts[0]
        action_type({"type": kind}, self.action_types)
        key = "card" if kind == "choose" else "row"
        return {"type": kind, key: int(parts[1])}


GAME = Take5()
