"""The Game's fast path for search rollouts (issue 17): a mutable
:class:`TheGameSimulation` with integer actions, no events, views or checks, that
follows ``the-game.md`` exactly as :mod:`engine.the_game.rules` does (the differential
test ``tests/engine/test_fast_paths.py`` compares every step).

Action codes: ``(card - 2) * 4 + pile`` plays a card (0..391; piles in
:data:`~engine.the_game.state.PILES` order), :data:`END` (392) ends the turn,
:data:`BLOCK` (393) declares the block, ``SIGNAL + 3 * pile + value`` (394..405)
sets a pile signal, ``value`` an index in :data:`VALUES` (None, "dont-play",
"can-play-well").
"""

from __future__ import annotations

from engine.core import MalformedAction, option
from engine.the_game.state import BACK, CARDS, PILES, SIGNALS, TheGameState

END = 4 * len(CARDS)  # 392
BLOCK = END + 1
SIGNAL = END + 2
#: Signal values by index (None clears a signal).
VALUES = (None,) + SIGNALS
VALUE = {v: i for i, v in enumerate(VALUES)}
TOTAL = len(CARDS)


def encode(action: dict) -> int:
    """The code of a The Game action dict; :class:`MalformedAction` if it is not one
    this game knows."""
    try:
        kind = action["type"]
        if kind == "play":
            card = action["card"]
            if isinstance(card, int) and not isinstance(card, bool) and 2 <= card <= 99:
                return (card - 2) * 4 + PILES.index(action["pile"])
        elif kind == "end-turn" and len(action) == 1:
            return END
        elif kind == "declare-blocked" and len(action) == 1:
            return BLOCK
        elif kind == "signal":
            return SIGNAL + 3 * PILES.index(action["pile"]) + VALUE[action["signal"]]
    except (KeyError, TypeError, ValueError):
        pass
    raise MalformedAction(f"not a The Game action: {action!r}")


def decode(code: int) -> dict:
    """The action dict of ``code`` (inverse of :func:`encode`)."""
    if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < SIGNAL + 12:
        raise MalformedAction(f"not a The Game action code: {code!r}")
    if code < END:
        return {"type": "play", "card": code // 4 + 2, "pile": PILES[code % 4]}
    if code == END:
        return {"type": "end-turn"}
    if code == BLOCK:
        return {"type": "declare-blocked"}
    pile, value = divmod(code - SIGNAL, 3)
    return {"type": "signal", "pile": PILES[pile], "signal": VALUES[value]}


class TheGameSimulation:
    """A mutable table of The Game (see :class:`engine.core.Simulation`).

    Fields mirror :class:`TheGameState`: ``deck`` with the next card to draw *last*
    (``pop()``), ``hands`` sorted lists, ``piles`` lists, ``tops`` the four pile tops,
    ``signals`` value indexes (:data:`VALUES`), ``signal_turns`` as in the state
    (None while the state had none), ``placed`` the cards on the piles."""

    __slots__ = (
        "players",
        "options",
        "rng",
        "size",
        "deck",
        "hands",
        "piles",
        "tops",
        "signals",
        "signal_turns",
        "turn",
        "played",
        "turns",
        "blocked",
        "over",
        "expert",
        "placed",
    )

    @classmethod
    def from_state(cls, state: TheGameState) -> "TheGameSimulation":
        sim = cls.__new__(cls)
        sim.players = state.players
        sim.options = state.options
        sim.rng = state.rng
        sim.size = state.size
        sim.deck = list(reversed(state.deck))
        sim.hands = [list(h) for h in state.hands]
        sim.piles = [list(p) for p in state.piles]
        sim.tops = list(state.tops)
        sim.signals = [[VALUE[v] for v in row] for row in state.signals]
        sim.signal_turns = [list(r) for r in state.signal_turns] if state.signal_turns else None
        sim.turn = state.turn
        sim.played = state.played
        sim.turns = state.turns
        sim.blocked = state.blocked
        sim.over = state.over
        sim.expert = bool(option(state.options, "expert"))
        sim.placed = sum(len(p) for p in state.piles)
        return sim

    def copy(self) -> "TheGameSimulation":
        sim = TheGameSimulation.__new__(TheGameSimulation)
        sim.players = self.players
        sim.options = self.options
        sim.rng = self.rng
        sim.size = self.size
        sim.deck = self.deck[:]
        sim.hands = [h[:] for h in self.hands]
        sim.piles = [p[:] for p in self.piles]
        sim.tops = self.tops[:]
        sim.signals = [r[:] for r in self.signals]
        sim.signal_turns = [r[:] for r in self.signal_turns] if self.signal_turns else None
        sim.turn = self.turn
        sim.played = self.played
        sim.turns = self.turns
        sim.blocked = self.blocked
        sim.over = self.over
        sim.expert = self.expert
        sim.placed = self.placed
        return sim

    # ------------------------------------------------------------------ facts
    def to_play(self) -> int:
        """Cards the active player still has to play before ending the turn."""
        minimum = (3 if self.expert else 2) if self.deck else 1
        return minimum - self.played if self.played < minimum else 0

    def plays(self, seat: int) -> list[int]:
        """Codes of the cards ``seat`` could play now, by card then pile: higher on
        asc1/asc2, lower on desc1/desc2, or exactly 10 back (``fits``)."""
        a1, a2, d1, d2 = self.tops
        out = []
        for c in self.hands[seat]:
            base = (c - 2) * 4
            if c > a1 or c == a1 - BACK:
                out.append(base)
            if c > a2 or c == a2 - BACK:
                out.append(base + 1)
            if c < d1 or c == d1 + BACK:
                out.append(base + 2)
            if c < d2 or c == d2 + BACK:
                out.append(base + 3)
        return out

    def is_blocked(self) -> bool:
        """The active player still has to play and has no legal card."""
        if self.over or not self.to_play():
            return False
        a1, a2, d1, d2 = self.tops
        for c in self.hands[self.turn]:
            if c > a1 or c > a2 or c < d1 or c < d2:
                return False
            if c == a1 - BACK or c == a2 - BACK or c == d1 + BACK or c == d2 + BACK:
                return False
        return True

    # ------------------------------------------------------------------ contract
    def awaiting(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def is_over(self) -> bool:
        return self.over

    def legal(self, seat: int) -> list[int]:
        """Codes of the legal actions (the same set as ``legal_actions``; any seat may
        signal, only the active player plays)."""
        if self.over:
            return []
        if self.is_blocked():
            return [BLOCK] if seat == self.turn else []
        out = []
        if seat == self.turn:
            out = self.plays(seat)
            if not self.to_play():
                out.append(END)
        st = self.signal_turns
        row = self.signals[seat]
        for p in range(4):
            if st is not None and st[seat][p] == self.turns:
                continue
            cur = row[p]
            base = SIGNAL + 3 * p
            out += [base + v for v in (0, 1, 2) if v != cur]
        return out

    def play(self, seat: int, code: int) -> None:
        """Apply ``code`` by ``seat`` in place (unchecked: ``code`` is legal)."""
        if code < END:
            card, p = divmod(code, 4)
            card += 2
            self.hands[seat].remove(card)
            self.piles[p].append(card)
            self.tops[p] = card
            self.played += 1
            self.placed += 1
            if self.placed == TOTAL:
                self.over = True
        elif code == END:
            self._end_turn(seat)
        elif code == BLOCK:
            self.blocked = True
            self.over = True
        else:
            p, v = divmod(code - SIGNAL, 3)
            self.signals[seat][p] = v
            if self.signal_turns is None:
                self.signal_turns = [[0] * 4 for _ in range(self.players)]
            self.signal_turns[seat][p] = self.turns

    def _end_turn(self, seat: int) -> None:
        hand = self.hands[seat]
        n = min(self.size - len(hand), len(self.deck))
        if n > 0:
            deck = self.deck
            hand += [deck.pop() for _ in range(n)]
            hand.sort()
        hands = self.hands
        nxt = seat
        for step in range(1, self.players + 1):
            cand = (seat + step) % self.players
            if hands[cand]:
                nxt = cand
                break
        self.turn = nxt
        self.played = 0
        self.turns += 1

    # ------------------------------------------------------------------ outcome
    def cards_left(self) -> int:
        """Cards not played: every hand plus the draw pile."""
        return len(self.deck) + sum(map(len, self.hands))

    def scores(self) -> tuple[int, ...]:
        return (self.cards_left(),) * self.players

    def winners(self) -> tuple[int, ...]:
        return tuple(range(self.players)) if self.over and not self.cards_left() else ()

    def state(self) -> TheGameState:
        """The :class:`TheGameState` this simulation stands for."""
        return TheGameState(
            players=self.players,
            options=self.options,
            rng=self.rng,
            size=self.size,
            deck=tuple(reversed(self.deck)),
            hands=tuple(tuple(h) for h in self.hands),
            piles=tuple(tuple(p) for p in self.piles),
            signals=tuple(tuple(VALUES[v] for v in row) for row in self.signals),
            turn=self.turn,
            played=self.played,
            turns=self.turns,
            blocked=self.blocked,
            over=self.over,
            signal_turns=tuple(tuple(r) for r in self.signal_turns) if self.signal_turns else (),
        )
