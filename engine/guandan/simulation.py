"""Guandan's fast path for search rollouts (issue 17): :class:`GuandanSimulation`.

The play of a deal runs on mutable fields — hands as bit masks, plays as action codes
(:mod:`engine.guandan.codes`), legal codes from the cached enumeration
(:mod:`engine.guandan.enumeration`) — with no events, views or checks. The rare
steps (the end of a deal and the next deal's shuffle, tribute and return) go through
the main path's own code on a rebuilt state, so the rules and the seeded generator
are the main path's by construction; :meth:`GuandanSimulation.state` rebuilds the
exact state (equal digest) the main path reaches with the same actions
(``tests/engine/test_fast_paths.py`` checks it step by step).
"""

from __future__ import annotations

from engine.core import Simulation
from engine.guandan import codes as cd
from engine.guandan.enumeration import hand_plays
from engine.guandan.state import OVER, PLAY, PLAYERS, GuandanState
from engine.guandan.state import evolve as replace

_COMBOS = cd.COMBOS
_ONE = tuple((s,) for s in range(PLAYERS))
_NEXT = tuple(tuple((s + k) % PLAYERS for k in range(1, PLAYERS + 1)) for s in range(PLAYERS))


def _entry(e) -> tuple:
    """A log entry of the main path from a fast one (``(seat, code)``)."""
    if len(e) == 4:
        return e
    seat, code = e
    if code == cd.PASS:
        return (seat, "pass", 0, ())
    return (seat, _COMBOS[code >> 5 & 15], code & 31, tuple(cd.ids_of(code >> 9)))


def _cards(chunks) -> tuple:
    """Card ids of a list of chunks (tuples of ids, or play codes), in order."""
    out: list[int] = []
    for c in chunks:
        out += c if type(c) is tuple else cd.ids_of(c >> 9)
    return tuple(out)


class GuandanSimulation(Simulation):
    """A Guandan match on the fast path, made by ``Guandan.simulation(state)``.

    While a deal is played: ``hands`` (one bit mask per seat), ``level``, ``turn``,
    ``last`` (``(seat, code)`` of the last play of the trick, or None when the turn
    seat leads), ``passes``, ``out`` (seats in finishing order), ``log`` (this deal's
    entries: main-path tuples from before, ``(seat, code)`` since), ``trick_start``,
    ``trick`` and ``played`` (chunks: tuples of ids, or play codes). ``base`` holds
    the state's other fields. In the tribute and return phases and once over, the
    simulation holds the main path's state itself (``fast`` is False)."""

    players = PLAYERS

    __slots__ = (
        "base",
        "fast",
        "hands",
        "level",
        "turn",
        "last",
        "passes",
        "out",
        "log",
        "trick_start",
        "trick",
        "played",
        "game",
    )

    def __init__(self, game, state: GuandanState) -> None:
        self.game = game
        self._load(state)

    def _load(self, state: GuandanState) -> None:
        self.base = state
        self.fast = state.phase == PLAY
        if not self.fast:
            return
        self.hands = [cd.mask_of(h) for h in state.hands]
        self.level = state.level
        self.turn = state.turn
        last = state.last
        self.last = (
            None if last is None else (last[0], cd.code_of(last[3], cd.KIND_OF[last[1]], last[2]))
        )
        self.passes = state.passes
        self.out = list(state.out)
        self.log = list(state.log)
        self.trick_start = state.trick_start
        self.trick = [state.trick] if state.trick else []
        self.played = [state.played] if state.played else []

    # ------------------------------------------------------------------ contract
    def copy(self) -> "GuandanSimulation":
        twin = object.__new__(GuandanSimulation)
        twin.game, twin.base, twin.fast = self.game, self.base, self.fast
        if self.fast:
            twin.hands = self.hands[:]
            twin.level, twin.turn, twin.last = self.level, self.turn, self.last
            twin.passes, twin.out, twin.log = self.passes, self.out[:], self.log[:]
            twin.trick_start, twin.trick, twin.played = (
                self.trick_start,
                self.trick[:],
                self.played[:],
            )
        return twin

    def awaiting(self) -> tuple[int, ...]:
        if self.fast:
            return _ONE[self.turn]
        return tuple(sorted(self.game.awaiting(self.base)))

    def legal(self, seat: int) -> list[int]:
        if not self.fast:
            return [cd.encode(a) for a in self.game.legal_actions(self.base, seat)]
        if seat != self.turn:
            return []
        h = hand_plays(self.hands[seat], self.level)
        last = self.last
        if last is None:
            return h.lead()
        code = last[1]
        return h.follow(code >> 5 & 15, code & 31, (code >> 9).bit_count(), True)

    def play(self, seat: int, code: int) -> None:
        if not self.fast:
            state, _ = self.game._apply(self.base, seat, cd.decode(code))
            self._load(state)
            return
        out = self.out
        if code == cd.PASS:
            self.log.append((seat, code))
            self.passes += 1
            last_seat = self.last[0]
            active = PLAYERS - len(out)
            if self.passes < (active if last_seat in out else active - 1):
                self.turn = self._next(seat)
                return
            # everyone else passed: the trick is over (guandan.md "Play of a deal")
            if last_seat not in out:
                leader = last_seat
            elif (last_seat + 2) % PLAYERS not in out:
                leader = (last_seat + 2) % PLAYERS  # partner takes the lead
            else:
                leader = self._next(last_seat)
            self.passes = 0
            self.last = None
            self.trick_start = len(self.log)
            self.played += self.trick
            self.trick = []
            self.turn = leader
            return
        hand = self.hands[seat] ^ (code >> 9)
        self.hands[seat] = hand
        self.log.append((seat, code))
        self.trick.append(code)
        self.last = (seat, code)
        self.passes = 0
        if not hand:
            out.append(seat)
            if (seat + 2) % PLAYERS in out or len(out) == 3:
                state, _ = self.game._end_deal(self.state(), [])
                self._load(state)
                return
        self.turn = self._next(seat)

    def _next(self, seat: int) -> int:
        out = self.out
        for s in _NEXT[seat]:
            if s not in out:
                return s
        return seat

    def is_over(self) -> bool:
        return not self.fast and self.base.phase == OVER

    def scores(self) -> tuple[int, ...]:
        return tuple(self.game.result(self.base).scores)

    def winners(self) -> tuple[int, ...]:
        return tuple(self.game.result(self.base).winners)

    def state(self) -> GuandanState:
        if not self.fast:
            return self.base
        last = self.last
        return replace(
            self.base,
            hands=tuple(tuple(cd.ids_of(m)) for m in self.hands),
            turn=self.turn,
            last=None if last is None else _entry(last),
            passes=self.passes,
            trick=_cards(self.trick),
            played=_cards(self.played),
            log=tuple(_entry(e) for e in self.log),
            trick_start=self.trick_start,
            out=tuple(self.out),
        )

    # ------------------------------------------------------------------ for search
    def deal(self) -> int:
        """The number of the deal being played (1 for the first)."""
        return self.base.deal

    def hand(self, seat: int) -> int:
        """The bit mask of ``seat``'s hand (:mod:`engine.guandan.codes`)."""
        if self.fast:
            return self.hands[seat]
        return cd.mask_of(self.base.hands[seat])
