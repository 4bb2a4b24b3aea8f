"""Take 5 rules: set-up, choosing, reveal, resolution and the end (``take5.md``).

The main path (``apply`` with its checks and events) is written for speed (issue 18):
the common legal actions are recognised inline, a new state is the old one's fields
with the changes (:func:`~engine.take5.state.state_from`), the legal actions are
shared read-only dicts, and the events that are the same every time are made once
(:mod:`engine.take5.events`; their tables are indexed inline here as
``seat * 105 + card`` and ``(row * 10 + seat) * 105 + card``, 105 being
``DECK_SIZE + 1`` and 10 ``MAX_PLAYERS``).
"""

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
    refuse_extra_fields,
    int_field,
    option,
)
from engine.take5 import events as ev
from engine.take5.fast import Take5Simulation
from engine.take5.fast import decode as _decode
from engine.take5.fast import encode as _encode
from engine.take5.events import CHOSE, DEAL_ROW, EMPTY, TO_ROW, TO_TABLE, TOO_LOW
from engine.take5.state import (
    BULLHEADS,
    CHOOSE,
    DECK_SIZE,
    EVERYBODY,
    HAND_SIZE,
    MAX_PLAYERS,
    ROW_LIMIT,
    ROWS,
    SEATS,
    TAKE_ROW,
    DealGenerator,
    FrozenAction,
    Take5State,
    awaited_mask,
    hand_actions,
    replace,
    state_from,
)
from engine.take5 import view as _view

_new = object.__new__
_setattr = object.__setattr__

#: ``NOBODY[n]``: nobody of ``n`` seats has chosen; ``RANGE[n]``: the seats ``0..n-1``.
NOBODY = tuple((None,) * n for n in range(MAX_PLAYERS + 1))
RANGE = tuple(tuple(range(n)) for n in range(MAX_PLAYERS + 1))
assert ROW_LIMIT == 5  # _place tests it inline


def _place(rows: list, penalty: list, pairs, start: int, events: list) -> int:
    """Place the revealed ``(card, seat)`` ``pairs[start:]``, lowest first, on ``rows``
    (changed in place) until done or a card is too low (take5.md "A round" 3): the
    closest lower end takes the card; a sixth card takes the five into the player's
    penalty pile (``penalty``, changed in place) and starts the row. Returns the index
    of the first unplaced pair (``len(pairs)`` when all are placed)."""
    r0, r1, r2, r3 = rows
    e0 = r0[-1]
    e1 = r1[-1]
    e2 = r2[-1]
    e3 = r3[-1]
    push = events.append
    i = start
    for card, seat in pairs[start:] if start else pairs:
        # The closest lower end, unrolled: the highest of the ends below ``card``.
        t, te = -1, 0
        if e0 < card:
            t, te = 0, e0
        if te < e1 < card:
            t, te = 1, e1
        if te < e2 < card:
            t, te = 2, e2
        if te < e3 < card:
            t = 3
        if t < 0:  # too low: pause until the owner picks a row
            push(TOO_LOW[seat * 105 + card] or ev.too_low(seat, card))
            return i
        i += 1
        row = rows[t]
        if len(row) < 5:  # ROW_LIMIT
            rows[t] = row + (card,)
        else:
            push(ev.taken(row, t, seat, "sixth card"))
            penalty[seat] = tuple(sorted(penalty[seat] + row))
            rows[t] = (card,)
        push(TO_ROW[(t * 10 + seat) * 105 + card] or ev.to_row(t, seat, card))
        if t == 0:
            e0 = card
        elif t == 1:
            e1 = card
        elif t == 2:
            e2 = card
        else:
            e3 = card
    return len(pairs)


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
    action_fields = {
        "choose": frozenset({"type", "card"}),
        "take-row": frozenset({"type", "row"}),
    }

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
        zeros = (0,) * players
        rng = DealGenerator.seeded(seed, "take5")
        return self._deal(players, options, rng, 0, zeros, zeros, None)

    def deck(self, players: int, options: tuple) -> range:
        """Cards in play: 1..104, or 1..10·n+4 in the tactical variant (take5.md)."""
        top = 10 * players + ROWS if option(options, "tactical") else DECK_SIZE
        return range(1, top + 1)

    def _deal(
        self,
        n: int,
        options: tuple,
        rng,
        played: int,
        totals: tuple,
        last_round: tuple,
        events: list[Event] | None,
    ) -> Take5State:
        """Round ``played + 1``: shuffle every card of the game, deal ten to each seat
        and four to start the rows (take5.md "A round" 1); appends the deal's events
        to ``events`` (unless None)."""
        cards = list(self.deck(n, options))
        rng = DealGenerator.of(rng).shuffle(cards)
        k = n * HAND_SIZE
        hands = tuple([tuple(sorted(cards[i : i + HAND_SIZE])) for i in range(0, k, HAND_SIZE)])
        starts = cards[k : k + ROWS]
        if events is not None:  # None at set-up: nobody sees those events
            events.append(ev.round_begins(played + 1))
            for s in range(n):
                events.append(ev.deal_hand(s, hands[s]))
            for i in range(ROWS):
                c = starts[i]
                events.append(DEAL_ROW[i * 105 + c] or ev.deal_row(i, c))
        return state_from(
            {
                "players": n,
                "options": options,
                "rng": rng,
                "round": played + 1,
                "turn": 1,
                "hands": hands,
                "rows": ((starts[0],), (starts[1],), (starts[2],), (starts[3],)),
                "chosen": (None,) * n,
                "pending": (),
                "revealed": (),
                "penalty": ((),) * n,
                "totals": totals,
                "undealt": tuple(sorted(cards[k + ROWS :])),
                "last_round": last_round,
                "over": False,
                "_mask": EVERYBODY[n],
                "_acts": hand_actions(hands),
            }
        )

    # ------------------------------------------------------------------ who acts
    def awaiting(self, state: Take5State) -> frozenset[int]:
        try:
            return SEATS[state._mask]  # kept beside the fields by the main path
        except AttributeError:
            return SEATS[awaited_mask(state)]

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
        choice, or ``take-row`` 0..3 for the owner of a too-low card; else ``[]``.
        The actions are shared read-only dicts (:class:`~engine.take5.state.FrozenAction`)."""
        try:  # an awaited seat, with the fields the main path keeps (a hot path)
            if seat >= 0 and state._mask >> seat & 1:
                if state.pending:
                    return list(TAKE_ROW)
                return list(state._acts[seat])  # awaited: it has not chosen
        except (AttributeError, TypeError):
            pass
        if state.over or not 0 <= seat < state.players:
            return []
        if state.pending:
            if seat != state.pending[0][1]:
                return []
            return list(TAKE_ROW)
        mine = state.chosen[seat]
        if mine is None:
            try:
                return list(state._acts[seat])  # kept beside the fields by the main path
            except AttributeError:
                pass
        return [CHOOSE[c] for c in state.hands[seat] if c != mine]

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
            return list(TAKE_ROW)
        mine = view["chosen"]
        return [CHOOSE[c] for c in view["hand"] if c != mine]

    # ------------------------------------------------------------------ checking
    def check(self, state: Take5State, seat: int, action: dict) -> None:
        """:meth:`Game.check` in the same order (malformed → game over → seat may act →
        legal), with the contract's general steps done inline (a hot path)."""
        if not isinstance(action, dict) or action.get("type") not in ("choose", "take-row"):
            action_type(action, self.action_types)  # raises MalformedAction
        if len(action) != 2:
            refuse_extra_fields(action, self.action_fields[action["type"]])
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
    def apply(self, state: Take5State, seat: int, action: dict):
        """:meth:`Game.apply`: the common legal cases are recognised inline (a hot
        path); anything else goes through :meth:`check`, which raises the same error
        in the same order as the contract's."""
        t = type(action)
        if (
            (t is FrozenAction or t is dict and len(action) == 2)
            and type(seat) is int
            and seat >= 0
        ):
            # A shared legal action (FrozenAction) is well formed: its card is an int, or
            # it has no card and is a take-row. A plain dict is checked field by field.
            d = state.__dict__
            card = action.get("card")
            if card is not None and (t is FrozenAction or action.get("type") == "choose"):
                try:
                    mask = d["_mask"]
                except KeyError:
                    mask = awaited_mask(state)
                # An awaited seat with no row choice pending is choosing and has not
                # chosen yet: its bit says the game is on, the seat is at the table and
                # its card cannot repeat a choice (a changed choice takes the checks).
                if (
                    mask >> seat & 1
                    and (t is FrozenAction or type(card) is int)
                    and not d["pending"]
                    and card in d["hands"][seat]
                ):
                    # The choice, inline (take5.md "A round" 2): the last one reveals.
                    mask ^= 1 << seat
                    chosen = list(d["chosen"])
                    chosen[seat] = card
                    e = CHOSE[seat * 105 + card] or ev.chose(seat, card)
                    if not mask:
                        return self._reveal(d, chosen, e)
                    d = d.copy()
                    d["chosen"] = tuple(chosen)
                    d["_mask"] = mask
                    new = _new(Take5State)
                    _setattr(new, "__dict__", d)
                    return new, [e]
            elif card is None and (t is FrozenAction or action.get("type") == "take-row"):
                r = action.get("row")
                pending = d["pending"]
                if (
                    pending
                    and type(r) is int
                    and 0 <= r < ROWS
                    and seat == pending[0][1]
                    and not d["over"]
                ):
                    return self._take_row(d, seat, r)
        self.check(state, seat, action)
        return self._apply(state, seat, action)

    def _apply(self, state: Take5State, seat: int, action: dict):
        if action["type"] == "choose":
            return self._choose(state, seat, action["card"])
        return self._take_row(state.__dict__, seat, action["row"])

    def _choose(self, state: Take5State, seat: int, card: int):
        """Seat ``seat`` chooses ``card`` face down; the last choice reveals them all
        (take5.md "A round" 2). (:meth:`apply` does the same inline.)"""
        d = state.__dict__
        chosen = list(d["chosen"])
        mask = d["_mask"] if "_mask" in d else awaited_mask(state)
        if chosen[seat] is None:
            mask ^= 1 << seat
        chosen[seat] = card
        e = CHOSE[seat * 105 + card] or ev.chose(seat, card)
        if not mask:
            return self._reveal(d, chosen, e)
        d = d.copy()
        d["chosen"] = tuple(chosen)
        d["_mask"] = mask
        return state_from(d), [e]

    def _reveal(self, d: dict, chosen: list[int], chose: Event):
        """All have chosen (the last choice's event ``chose``; the fields ``d`` of the
        state before it, not changed): reveal together, then resolve lowest first
        (take5.md "A round" 2–3)."""
        pairs = sorted(zip(chosen, RANGE[len(chosen)], strict=True))  # (card, seat), lowest first
        shown: list[list[int]] = []
        revealed = []
        reveal = _new(Event)  # ev.reveal(shown), inline
        _setattr(
            reveal,
            "__dict__",
            {"type": "reveal", "public": {"cards": shown}, "secret": EMPTY, "seen_by": None},
        )
        events = [chose, reveal]
        push = events.append
        hands = list(d["hands"])
        try:
            acts = list(d["_acts"])
        except KeyError:
            acts = list(hand_actions(d["hands"]))
        for c, s in pairs:
            h = hands[s]
            i = h.index(c)
            hands[s] = h[:i] + h[i + 1 :]
            a = acts[s]
            acts[s] = a[:i] + a[i + 1 :]
            shown.append([s, c])
            revealed.append((s, c))
            push(TO_TABLE[s * 105 + c] or ev.to_table(s, c))
        rows = list(d["rows"])
        penalty = list(d["penalty"])
        done = _place(rows, penalty, pairs, 0, events)
        d = d.copy()
        d["hands"] = hands = tuple(hands)
        d["_acts"] = tuple(acts)
        d["chosen"] = NOBODY[len(chosen)]
        d["revealed"] = tuple(revealed)
        d["rows"] = tuple(rows)
        d["penalty"] = tuple(penalty)
        if done < len(pairs):
            d["pending"] = pending = tuple(pairs[done:])
            d["_mask"] = 1 << pending[0][1]
        elif hands[0]:
            d["turn"] += 1
            d["_mask"] = EVERYBODY[len(chosen)]
        else:
            return self._end_round(d, events)
        new = _new(Take5State)
        _setattr(new, "__dict__", d)
        return new, events

    def _take_row(self, d: dict, seat: int, r: int):
        """The owner of the too-low card takes row ``r`` and its card starts the row;
        the rest of the reveal resolves (take5.md "A round" 3). ``d``: the fields of
        the state (not changed)."""
        pending = d["pending"]
        card = pending[0][0]
        rows = list(d["rows"])
        taken = rows[r]
        events = [
            ev.taken(taken, r, seat, "too low"),
            TO_ROW[(r * 10 + seat) * 105 + card] or ev.to_row(r, seat, card),
        ]
        rows[r] = (card,)
        penalty = list(d["penalty"])
        penalty[seat] = tuple(sorted(penalty[seat] + taken))
        done = _place(rows, penalty, pending, 1, events) if len(pending) > 1 else 1
        d = d.copy()
        d["rows"] = tuple(rows)
        d["penalty"] = tuple(penalty)
        d["pending"] = pending = pending[done:]
        if pending:
            d["_mask"] = 1 << pending[0][1]
        elif d["hands"][0]:
            d["turn"] += 1
            d["_mask"] = EVERYBODY[d["players"]]
        else:
            return self._end_round(d, events)
        new = _new(Take5State)
        _setattr(new, "__dict__", d)
        return new, events

    def _end_round(self, d: dict, events: list[Event]):
        """The tenth turn is over (the fields ``d``): score the round (take5.md "A
        round" 4), then end the game (take5.md "End of the game") or deal the next
        round."""
        scored = []
        totals = []
        for pile, total in zip(d["penalty"], d["totals"], strict=True):
            heads = 0
            for c in pile:
                heads += BULLHEADS[c]
            scored.append(heads)
            totals.append(total + heads)
        scored = tuple(scored)
        totals = tuple(totals)
        played = d["round"]
        events.append(ev.round_ends(played, scored, totals))
        options = d["options"]
        rounds = option(options, "rounds")
        if rounds is not None:
            over = played >= rounds
        else:
            over = max(totals) > option(options, "threshold")
        if over:
            d["totals"] = totals
            d["last_round"] = scored
            d["over"] = True
            d["_mask"] = 0
            end = state_from(d)
            events.append(ev.game_ends(self.result(end).to_dict()))
            return end, events
        # Collect every card back and deal the next round from the same generator.
        deal = self._deal(d["players"], options, d["rng"], played, totals, scored, events)
        return deal, events

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

    def private_view(self, state: Take5State, seat: int | None) -> dict:
        return _view.private(self, state, seat)

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

    # ------------------------------------------------------------------ fast path
    def simulation(self, state: Take5State) -> Take5Simulation:
        """A :class:`~engine.take5.fast.Take5Simulation` of ``state`` (issue 17)."""
        return Take5Simulation(state)

    def encode_action(self, action: dict) -> int:
        """``choose c`` → ``c``; ``take-row r`` → ``105 + r``
        (:func:`engine.take5.fast.encode`)."""
        return _encode(action)

    def decode_action(self, code: int) -> dict:
        """Inverse of :meth:`encode_action` (:func:`engine.take5.fast.decode`)."""
        return _decode(code)

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
