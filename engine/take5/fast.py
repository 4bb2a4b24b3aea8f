"""Take 5's fast simulation path (issue 17): :class:`Take5Simulation`.

The same rules as :mod:`engine.take5.rules` (take5.md), on a mutable table with
integer actions and no events, views or checks, for search rollouts. Action codes
(:func:`encode`, :func:`decode`): ``choose c`` is ``c`` (1..104) and ``take-row r``
is ``TAKE_ROW_CODE + r`` (105..108). ``tests/engine/test_fast_paths.py`` plays seeded
games through both paths and compares every step (awaited seats, legal codes, the
state digest, the outcome).
"""

from __future__ import annotations

from engine.core import MalformedAction, Simulation, option
from engine.take5.state import (
    BULLHEADS,
    DECK_SIZE,
    HAND_SIZE,
    MAX_PLAYERS,
    ROW_LIMIT,
    ROWS,
    DealGenerator,
    Take5State,
    awaited_mask,
    hand_actions,
    state_from,
)

#: ``take-row r`` is coded ``TAKE_ROW_CODE + r``.
TAKE_ROW_CODE = DECK_SIZE + 1
ROW_CODES = [TAKE_ROW_CODE + r for r in range(ROWS)]

#: ``WAITING[mask]``: the awaited seats of a bit mask, ascending.
WAITING = tuple(tuple(s for s in range(MAX_PLAYERS) if m >> s & 1) for m in range(1 << MAX_PLAYERS))


def encode(action) -> int:
    """The code of ``action`` (see the module docstring); :class:`MalformedAction`
    for anything that is not a well-formed Take 5 action."""
    if isinstance(action, dict):
        kind = action.get("type")
        if kind == "choose":
            card = action.get("card")
            if type(card) is int and 1 <= card <= DECK_SIZE:
                return card
        elif kind == "take-row":
            r = action.get("row")
            if type(r) is int and 0 <= r < ROWS:
                return TAKE_ROW_CODE + r
    raise MalformedAction(f"not a Take 5 action: {action!r}")


def decode(code: int) -> dict:
    """The action (a plain dict) whose code is ``code``; :class:`MalformedAction`
    for a code no action has."""
    if type(code) is int:
        if 1 <= code <= DECK_SIZE:
            return {"type": "choose", "card": code}
        if TAKE_ROW_CODE <= code < TAKE_ROW_CODE + ROWS:
            return {"type": "take-row", "row": code - TAKE_ROW_CODE}
    raise MalformedAction(f"not a Take 5 action code: {code!r}")


class Take5Simulation(Simulation):
    """A Take 5 table in lists, for rollouts (see :class:`engine.core.Simulation`).

    Public attributes a search adapter may read (never write): ``players``,
    ``round``, ``turn``, ``rows`` (4 lists, first card first), ``row_heads``
    (bullheads per row), ``hands`` (sorted lists), ``chosen`` (a card or 0 per seat),
    ``penalty`` (a tuple of cards per seat, in the order taken), ``penalty_heads``
    (bullheads taken this round per seat), ``totals`` (a tuple, before this round),
    ``last_round``, ``over``; and one setting, ``stop_at_round_end`` (default False):
    when True, the end of a round scores it (``totals``, ``last_round``) and stops —
    nobody is awaited and no new round is dealt — so a search whose horizon is the
    round does not pay for the next deal (``round_over`` is then True); and ``base``
    (default ``()``), free for a search adapter: e.g. ``penalty_heads`` at the root of
    a search, so that a cut-off scores only what was taken since (copied along)."""

    __slots__ = (
        "players",
        "conf",
        "gen",
        "round",
        "turn",
        "rows",
        "row_heads",
        "hands",
        "chosen",
        "mask",
        "pending",
        "pos",
        "revealed",
        "penalty",
        "penalty_heads",
        "totals",
        "undealt",
        "last_round",
        "over",
        "round_over",
        "stop_at_round_end",
        "base",
    )

    def __init__(self, state: Take5State | None = None) -> None:
        if state is None:
            return  # copy() fills the slots
        n = state.players
        self.players = n
        options = state.options
        top = 10 * n + ROWS if option(options, "tactical") else DECK_SIZE
        # (options, threshold, rounds or None, highest card): fixed for the game
        self.conf = (options, option(options, "threshold"), option(options, "rounds"), top)
        self.gen = DealGenerator.of(state.rng)
        self.round = state.round
        self.turn = state.turn
        self.rows = [list(r) for r in state.rows]
        self.row_heads = [sum([BULLHEADS[c] for c in r]) for r in state.rows]
        self.hands = [list(h) for h in state.hands]
        self.chosen = [0 if c is None else c for c in state.chosen]
        mask = state.__dict__.get("_mask")
        self.mask = awaited_mask(state) if mask is None else mask
        self.pending = list(state.pending)
        self.pos = 0
        self.revealed = state.revealed
        self.penalty = state.penalty
        self.penalty_heads = [sum([BULLHEADS[c] for c in p]) for p in state.penalty]
        self.totals = state.totals
        self.undealt = state.undealt
        self.last_round = state.last_round
        self.over = state.over
        self.round_over = False
        self.stop_at_round_end = False
        self.base = ()

    # ------------------------------------------------------------------ contract
    def copy(self) -> Take5Simulation:
        c = Take5Simulation()
        c.players = self.players
        c.conf = self.conf
        c.gen = self.gen  # immutable; a deal takes its live generator at most once
        c.round = self.round
        c.turn = self.turn
        c.rows = [r[:] for r in self.rows]
        c.row_heads = self.row_heads[:]
        c.hands = [h[:] for h in self.hands]
        c.chosen = self.chosen[:]
        c.mask = self.mask
        c.pending = self.pending  # replaced, never changed in place
        c.pos = self.pos
        c.revealed = self.revealed
        c.penalty = self.penalty  # tuples, replaced on a take
        c.penalty_heads = self.penalty_heads[:]
        c.totals = self.totals
        c.undealt = self.undealt
        c.last_round = self.last_round
        c.over = self.over
        c.round_over = self.round_over
        c.stop_at_round_end = self.stop_at_round_end
        c.base = self.base
        return c

    def awaiting(self) -> tuple[int, ...]:
        return WAITING[self.mask]

    def legal(self, seat: int) -> list[int]:
        pending = self.pending
        if pending:
            return ROW_CODES[:] if seat == pending[self.pos][1] else []
        if not self.mask or not 0 <= seat < self.players:  # over, or the round is
            return []
        mine = self.chosen[seat]
        if mine:  # a choice can be changed until the reveal
            return [c for c in self.hands[seat] if c != mine]
        return self.hands[seat][:]

    def play(self, seat: int, code: int) -> None:
        if code < TAKE_ROW_CODE:
            chosen = self.chosen
            if not chosen[seat]:
                self.mask &= ~(1 << seat)
            chosen[seat] = code
            if not self.mask:
                self._reveal()
            return
        # take-row: the owner of the too-low card takes the row; its card starts it
        r = code - TAKE_ROW_CODE
        card = self.pending[self.pos][0]
        self.penalty_heads[seat] += self.row_heads[r]
        p = self.penalty
        self.penalty = p[:seat] + (p[seat] + tuple(self.rows[r]),) + p[seat + 1 :]
        self.rows[r] = [card]
        self.row_heads[r] = BULLHEADS[card]
        self.pos += 1
        self._place()

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> tuple[int, ...]:
        return self.totals

    def winners(self) -> tuple[int, ...]:
        low = min(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == low)

    def state(self) -> Take5State:
        n = self.players
        hands = tuple(tuple(h) for h in self.hands)
        return state_from(
            {
                "players": n,
                "options": self.conf[0],
                "rng": self.gen,
                "round": self.round,
                "turn": self.turn,
                "hands": hands,
                "rows": tuple(tuple(r) for r in self.rows),
                "chosen": tuple(c or None for c in self.chosen),
                "pending": tuple(self.pending[self.pos :]),
                "revealed": self.revealed,
                "penalty": tuple(tuple(sorted(p)) for p in self.penalty),
                "totals": self.totals,
                "undealt": self.undealt,
                "last_round": self.last_round,
                "over": self.over,
                "_mask": self.mask,
                "_acts": hand_actions(hands),
            }
        )

    # ------------------------------------------------------------------ rollouts
    def random_playout(self, rng) -> None:
        """Play on with uniformly random legal actions until nobody is awaited (the
        end of the game, or of the round with ``stop_at_round_end``): each awaited seat
        picks a card of its hand, a too-low card's owner a row, each pick from
        ``rng.random()`` (a ``random.Random``). The same distribution as playing a
        uniform code of :meth:`legal` for ``awaiting()[0]`` ply by ply: a turn already
        begun is finished that way, whole turns then in one loop (:meth:`_random_round`)
        for a search's rollouts and the random-play benchmark."""
        rand = rng.random
        while self.mask:
            if self.pending:
                seat = self.pending[self.pos][1]
                self.play(seat, TAKE_ROW_CODE + int(rand() * ROWS))
                continue
            chosen, hands = self.chosen, self.hands
            if any(chosen):  # a turn begun: the others choose, then the reveal
                for s in WAITING[self.mask]:
                    h = hands[s]
                    chosen[s] = h[int(rand() * len(h))]
                self.mask = 0
                self._reveal()
                continue
            self._random_round(rand)

    def _random_round(self, rand) -> None:
        """The rest of the round from the start of a turn (nobody has chosen, nothing
        pending), every seat's card and every too-low row uniformly random: cards
        popped from the hands, placed as in :meth:`_place`; then the round's end."""
        hands, rows, heads = self.hands, self.rows, self.row_heads
        pen = self.penalty_heads
        penalty = list(self.penalty)
        seats = range(self.players)
        turns = len(hands[0])
        e0, e1, e2, e3 = rows[0][-1], rows[1][-1], rows[2][-1], rows[3][-1]
        plays: list = []
        for _ in range(turns):
            plays = sorted([(hands[s].pop(int(rand() * len(hands[s]))), s) for s in seats])
            for card, seat in plays:
                t, te = -1, 0
                if e0 < card:
                    t, te = 0, e0
                if te < e1 < card:
                    t, te = 1, e1
                if te < e2 < card:
                    t, te = 2, e2
                if te < e3 < card:
                    t = 3
                if t < 0:  # too low: a random row
                    t = int(rand() * ROWS)
                    row = rows[t]
                elif len(rows[t]) < ROW_LIMIT:
                    rows[t].append(card)
                    heads[t] += BULLHEADS[card]
                    row = None
                else:
                    row = rows[t]
                if row is not None:  # taken: into the pile; the card starts the row
                    pen[seat] += heads[t]
                    penalty[seat] = penalty[seat] + tuple(row)
                    rows[t] = [card]
                    heads[t] = BULLHEADS[card]
                if t == 0:
                    e0 = card
                elif t == 1:
                    e1 = card
                elif t == 2:
                    e2 = card
                else:
                    e3 = card
        self.penalty = tuple(penalty)
        self.revealed = tuple([(s, c) for c, s in plays])
        self.turn += turns - 1
        self.mask = 0
        self._end_round()

    # ------------------------------------------------------------------ rules
    def _reveal(self) -> None:
        """Every seat has chosen: reveal, resolve lowest first (take5.md 2–3)."""
        chosen = self.chosen
        pairs = sorted(zip(chosen, range(self.players), strict=False))  # (card, seat)
        hands = self.hands
        for c, s in pairs:
            hands[s].remove(c)
        self.revealed = tuple([(s, c) for c, s in pairs])
        self.chosen = [0] * self.players
        self.pending = pairs
        self.pos = 0
        self._place()

    def _place(self) -> None:
        """Place the pending cards from ``pos`` on (take5.md "A round" 3)."""
        rows, heads = self.rows, self.row_heads
        pairs, i, end = self.pending, self.pos, len(self.pending)
        e0, e1, e2, e3 = rows[0][-1], rows[1][-1], rows[2][-1], rows[3][-1]
        while i < end:
            card, seat = pairs[i]
            t, te = -1, 0
            if e0 < card:
                t, te = 0, e0
            if te < e1 < card:
                t, te = 1, e1
            if te < e2 < card:
                t, te = 2, e2
            if te < e3 < card:
                t = 3
            if t < 0:  # too low: its owner must choose a row
                self.pos = i
                self.mask = 1 << seat
                return
            row = rows[t]
            if len(row) < ROW_LIMIT:
                row.append(card)
                heads[t] += BULLHEADS[card]
            else:
                self.penalty_heads[seat] += heads[t]
                p = self.penalty
                self.penalty = p[:seat] + (p[seat] + tuple(row),) + p[seat + 1 :]
                rows[t] = [card]
                heads[t] = BULLHEADS[card]
            if t == 0:
                e0 = card
            elif t == 1:
                e1 = card
            elif t == 2:
                e2 = card
            else:
                e3 = card
            i += 1
        self.pending = ()
        self.pos = 0
        if self.hands[0]:
            self.turn += 1
            self.mask = (1 << self.players) - 1
        else:
            self._end_round()

    def _end_round(self) -> None:
        """Score the round; end the game or deal the next round (take5.md 4, End)."""
        scored = tuple(self.penalty_heads)
        self.totals = totals = tuple([t + s for t, s in zip(self.totals, scored, strict=True)])
        self.last_round = scored
        _, threshold, rounds, _ = self.conf
        if rounds is not None:
            over = self.round >= rounds
        else:
            over = max(totals) > threshold
        self.mask = 0
        if over:
            self.over = True
            return
        if self.stop_at_round_end:
            self.round_over = True
            return
        self._deal()

    def _deal(self) -> None:
        """Round ``round + 1``: the same shuffle and deal as the main path."""
        n = self.players
        cards = list(range(1, self.conf[3] + 1))
        self.gen = self.gen.shuffle(cards)
        k = n * HAND_SIZE
        self.hands = [sorted(cards[i : i + HAND_SIZE]) for i in range(0, k, HAND_SIZE)]
        starts = cards[k : k + ROWS]
        self.rows = [[c] for c in starts]
        self.row_heads = [BULLHEADS[c] for c in starts]
        self.undealt = tuple(sorted(cards[k + ROWS :]))
        self.round += 1
        self.turn = 1
        self.chosen = [0] * n
        self.mask = (1 << n) - 1
        self.revealed = ()
        self.penalty = ((),) * n
        self.penalty_heads = [0] * n
