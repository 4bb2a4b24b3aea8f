"""Sequence Numbers' fast path for search rollouts (issue 17): a mutable
:class:`SequenceSimulation` with integer actions, no events, views or checks, that
follows ``sequence-numbers.md`` exactly as :mod:`engine.sequence_numbers.rules` does
(the differential test ``tests/engine/test_fast_paths.py`` compares every step).

Action codes: ``kind * 9800 + face * 100 + space``, with ``kind`` 0 dead, 1 discard,
2 chip, 3 remove; ``face`` the card's index in :data:`FACES` (the 98 distinct faces in
deck-list order, so sorting by index is the canonical hand order); ``space`` 0..99
(``10 * row + col``; 0 for dead and discard).
"""

from __future__ import annotations

import random
from bisect import insort

from engine.core import MalformedAction, option
from engine.sequence_numbers.state import (
    ANSWER,
    CORNERS,
    DECK,
    MINUS,
    PLUS,
    SIZE,
    SPACES,
    SPACES_OF,
    WINDOWS,
    WINDOWS_AT,
    SequenceState,
    new_sequences,
    windows_in,
)

#: The distinct card faces in deck-list order (index = canonical hand order).
FACES: tuple[str, ...] = tuple(dict.fromkeys(DECK))
FACE: dict[str, int] = {f: i for i, f in enumerate(FACES)}
PLUS_I = FACE[PLUS]
MINUS_I = FACE[MINUS]
#: The two spaces of each equation face (``()`` for Plus and Minus).
TARGETS: tuple[tuple[int, ...], ...] = tuple(
    SPACES_OF[ANSWER[f]] if ANSWER[f] is not None else () for f in FACES
)
OPEN = tuple(sp for sp in range(SPACES) if sp not in CORNERS)
IS_CORNER = tuple(sp in CORNERS for sp in range(SPACES))
#: ``OVERLAP[a][b]``: spaces shared by windows ``a`` and ``b``.
OVERLAP: tuple[tuple[int, ...], ...] = tuple(
    tuple(len(set(a) & set(b)) for b in WINDOWS) for a in WINDOWS
)
#: The non-corner spaces of each window (the chips it holds when full; the bots read it).
LOCKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sp for sp in w if sp not in CORNERS) for w in WINDOWS
)

DEAD, DISCARD, CHIP, REMOVE = 0, 1, 2, 3
KINDS = ("dead", "discard", "chip", "remove")
KIND = {k: i for i, k in enumerate(KINDS)}


def encode(action: dict) -> int:
    """The code of a Sequence Numbers action dict; :class:`MalformedAction` if it is
    not one this game knows."""
    try:
        kind = KIND[action["type"]]
        face = FACE[action["card"]]
        space = 0
        if kind >= CHIP:
            row, col = action["row"], action["col"]
            if not (isinstance(row, int) and isinstance(col, int)) or not (
                0 <= row < SIZE and 0 <= col < SIZE
            ):
                raise ValueError
            space = row * SIZE + col
    except (KeyError, TypeError, ValueError):
        raise MalformedAction(f"not a Sequence Numbers action: {action!r}") from None
    return kind * 9800 + face * 100 + space


def decode(code: int) -> dict:
    """The action dict of ``code`` (inverse of :func:`encode`)."""
    if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < 4 * 9800:
        raise MalformedAction(f"not a Sequence Numbers action code: {code!r}")
    kind, rest = divmod(code, 9800)
    face, space = divmod(rest, 100)
    out = {"type": KINDS[kind], "card": FACES[face]}
    if kind >= CHIP:
        out["row"], out["col"] = divmod(space, SIZE)
    return out


class SequenceSimulation:
    """A mutable Sequence Numbers table (see :class:`engine.core.Simulation`).

    Fields mirror :class:`SequenceState`, with faces as indexes into :data:`FACES`:
    ``hands`` (sorted lists), ``discards`` (lists, top last), ``deck`` (top last),
    ``chips`` (100 entries, colour or None), ``sequences`` (per colour, each the
    tuple of its line's spaces), ``inside`` (per colour, the windows inside its
    sequences: :func:`~engine.sequence_numbers.state.windows_in`), ``locked`` (the set
    of spaces in completed sequences), ``rng`` (the generator state, used only for a
    reshuffle)."""

    __slots__ = (
        "players",
        "options",
        "colours",
        "needed",
        "limit",
        "deck",
        "hands",
        "discards",
        "chips",
        "sequences",
        "inside",
        "locked",
        "turn",
        "dead_used",
        "turns",
        "reshuffles",
        "over",
        "winner",
        "rng",
    )

    @classmethod
    def from_state(cls, state: SequenceState) -> "SequenceSimulation":
        sim = cls.__new__(cls)
        sim.players = state.players
        sim.options = state.options
        sim.colours = state.colours
        sim.needed = state.needed
        sim.limit = option(state.options, "reshuffles")
        sim.deck = [FACE[f] for f in state.deck]
        sim.hands = [sorted(FACE[f] for f in h) for h in state.hands]
        sim.discards = [[FACE[f] for f in d] for d in state.discards]
        sim.chips = list(state.chips)
        sim.sequences = [list(s) for s in state.sequences]
        sim.inside = [list(windows_in(s)) for s in state.sequences]
        sim.locked = set(state.locked())
        sim.turn = state.turn
        sim.dead_used = state.dead_used
        sim.turns = state.turns
        sim.reshuffles = state.reshuffles
        sim.over = state.over
        sim.winner = state.winner
        sim.rng = state.rng
        return sim

    def copy(self) -> "SequenceSimulation":
        sim = type(self).__new__(type(self))  # a subclass (the search's) copies its own kind
        sim.players = self.players
        sim.options = self.options
        sim.colours = self.colours
        sim.needed = self.needed
        sim.limit = self.limit
        sim.deck = self.deck[:]
        sim.hands = [h[:] for h in self.hands]
        sim.discards = [d[:] for d in self.discards]
        sim.chips = self.chips[:]
        sim.sequences = [s[:] for s in self.sequences]
        sim.inside = [s[:] for s in self.inside]
        sim.locked = set(self.locked)
        sim.turn = self.turn
        sim.dead_used = self.dead_used
        sim.turns = self.turns
        sim.reshuffles = self.reshuffles
        sim.over = self.over
        sim.winner = self.winner
        sim.rng = self.rng
        return sim

    # ------------------------------------------------------------------ contract
    def awaiting(self) -> tuple[int, ...]:
        return () if self.over else (self.turn,)

    def is_over(self) -> bool:
        return self.over

    def legal(self, seat: int) -> list[int]:
        """Codes of the legal actions (the same set as ``legal_actions``)."""
        if self.over or seat != self.turn:
            return []
        chips = self.chips
        out: list[int] = []
        faces = []
        last = -1
        for f in self.hands[seat]:
            if f != last:
                faces.append(f)
                last = f
        if not self.dead_used:
            for f in faces:
                t = TARGETS[f]
                if t and chips[t[0]] is not None and chips[t[1]] is not None:
                    out.append(f * 100)  # DEAD * 9800 == 0
        plays = []
        for f in faces:
            if f == PLUS_I:
                base = CHIP * 9800 + f * 100
                plays += [base + sp for sp in OPEN if chips[sp] is None]
            elif f == MINUS_I:
                base = REMOVE * 9800 + f * 100
                colour, locked = self.colours[seat], self.locked
                plays += [
                    base + sp
                    for sp in range(SPACES)
                    if chips[sp] is not None and chips[sp] != colour and sp not in locked
                ]
            else:
                base = CHIP * 9800 + f * 100
                plays += [base + sp for sp in TARGETS[f] if chips[sp] is None]
        if plays:
            return out + plays
        return out + [DISCARD * 9800 + f * 100 for f in faces]

    def play(self, seat: int, code: int) -> None:
        """Apply ``code`` by ``seat`` in place (unchecked: ``code`` is legal)."""
        kind, rest = divmod(code, 9800)
        face, space = divmod(rest, 100)
        self.hands[seat].remove(face)
        self.discards[seat].append(face)
        if kind == DEAD:
            self.dead_used = True
            self._draw(seat)
            return
        if kind == REMOVE:
            self.chips[space] = None
        elif kind == CHIP:
            colour = self.colours[seat]
            self.chips[space] = colour
            new = self._new_sequences(colour, space)
            if new:
                seqs = self.sequences[colour]
                seqs += new
                self.inside[colour] += windows_in(new)
                for line in new:
                    self.locked.update(sp for sp in line if not IS_CORNER[sp])
                if len(seqs) >= self.needed:
                    self.over = True
                    self.winner = colour
                    return
        self._draw(seat)
        if self.over:
            return
        self.turn = (seat + 1) % self.players
        self.dead_used = False
        self.turns += 1

    def _draw(self, seat: int) -> None:
        if not self.deck:
            if self.limit is not None and self.reshuffles >= self.limit:
                self.over = True
                self.winner = None
                return
            pool = sorted(f for d in self.discards for f in d)
            r = random.Random(0)
            r.setstate(self.rng)
            r.shuffle(pool)
            self.rng = r.getstate()
            self.deck = pool
            self.discards = [[] for _ in range(self.players)]
            self.reshuffles += 1
        insort(self.hands[seat], self.deck.pop())

    def _new_sequences(self, colour: int, space: int) -> tuple[tuple[int, ...], ...]:
        """As :func:`engine.sequence_numbers.state.new_sequences`: a quick scan of the
        windows through ``space``; only when one is held by ``colour`` and open to it
        (sharing at most one space with each window inside its sequences) does the
        engine's own function choose and grow the lines, so both paths agree."""
        chips, inside = self.chips, self.inside[colour]
        for w in WINDOWS_AT[space]:
            for sp in WINDOWS[w]:
                if chips[sp] != colour and not IS_CORNER[sp]:
                    break
            else:
                row = OVERLAP[w]
                if all(row[d] <= 1 for d in inside):
                    return new_sequences(tuple(chips), colour, space, tuple(self.sequences[colour]))
        return ()

    def scores(self) -> tuple[int, ...]:
        return tuple(len(self.sequences[c]) for c in self.colours)

    def winners(self) -> tuple[int, ...]:
        if self.winner is None:
            return ()
        return tuple(s for s, c in enumerate(self.colours) if c == self.winner)

    def state(self) -> SequenceState:
        """The :class:`SequenceState` this simulation stands for."""
        return SequenceState(
            players=self.players,
            options=self.options,
            rng=self.rng,
            colours=self.colours,
            needed=self.needed,
            deck=tuple(FACES[f] for f in self.deck),
            hands=tuple(tuple(FACES[f] for f in h) for h in self.hands),
            discards=tuple(tuple(FACES[f] for f in d) for d in self.discards),
            chips=tuple(self.chips),
            sequences=tuple(tuple(s) for s in self.sequences),
            turn=self.turn,
            dead_used=self.dead_used,
            turns=self.turns,
            reshuffles=self.reshuffles,
            over=self.over,
            winner=self.winner,
        )
