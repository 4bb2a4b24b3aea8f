"""Sequence Numbers state and board facts (``sequence-numbers.md`` "Board", "Deck",
"Goal").

Spaces are numbered ``0..99`` row by row (``space = 10 * row + col``); the four
corners are free spaces. A *window* is five spaces in one line (row, column or
diagonal). A *sequence* is the line a chip completes: five or more spaces in a row held
by one colour (corners counting for everyone), kept as its spaces in increasing order;
every chip on it is locked (sequence-numbers.md "Settled where the seed is silent": a
line of six completed at once locks all six).
Cards are their faces: ``"12+7"``, ``"30-11"``, ``"plus"``, ``"minus"``.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.sequence_numbers.data import BOARD, DECK

SIZE = 10
SPACES = SIZE * SIZE
LINE = 5
PLUS = "plus"
MINUS = "minus"
CORNERS = frozenset((0, SIZE - 1, SIZE * (SIZE - 1), SPACES - 1))

#: The number printed on each space (0 on a free corner).
NUMBER = tuple(n for row in BOARD for n in row)


def _answer(face: str) -> int | None:
    if face in (PLUS, MINUS):
        return None
    if "+" in face:
        a, b = face.split("+")
        return int(a) + int(b)
    a, b = face.split("-")
    return int(a) - int(b)


#: The answer of each equation card (Plus and Minus have none).
ANSWER: dict[str, int | None] = {face: _answer(face) for face in DECK}
#: Where each card sorts in a hand: its first place in the deck list.
ORDER: dict[str, int] = {}
for _i, _face in enumerate(DECK):
    ORDER.setdefault(_face, _i)
#: The two spaces of each answer 1..48.
SPACES_OF: dict[int, tuple[int, int]] = {}
for _sp, _n in enumerate(NUMBER):
    if _n:
        SPACES_OF[_n] = SPACES_OF.get(_n, ()) + (_sp,)

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def _windows() -> tuple[tuple[int, ...], ...]:
    out = []
    for r in range(SIZE):
        for c in range(SIZE):
            for dr, dc in DIRECTIONS:
                er, ec = r + dr * (LINE - 1), c + dc * (LINE - 1)
                if 0 <= er < SIZE and 0 <= ec < SIZE:
                    out.append(tuple((r + dr * k) * SIZE + c + dc * k for k in range(LINE)))
    return tuple(out)


#: Every five-in-a-row on the board (192), in scan order: by first space, then
#: row, column, diagonal, anti-diagonal.
WINDOWS = _windows()
#: Indexes of the windows through each space.
WINDOWS_AT: tuple[tuple[int, ...], ...] = tuple(
    tuple(w for w, win in enumerate(WINDOWS) if sp in win) for sp in range(SPACES)
)
#: The index of each window (its spaces in increasing order).
WINDOW_INDEX: dict[tuple[int, ...], int] = {w: i for i, w in enumerate(WINDOWS)}
#: ``(row step, column step)`` of a line whose consecutive spaces differ by the key.
STEPS = {1: (0, 1), SIZE: (1, 0), SIZE + 1: (1, 1), SIZE - 1: (1, -1)}


def windows_in(lines) -> tuple[int, ...]:
    """The windows lying wholly inside the sequences ``lines`` (each a line of five or
    more spaces in increasing order). A window shares at most one space with a line
    exactly when it shares at most one with every window inside that line, so the fast
    path and the bots check the second-sequence rule against these."""
    return tuple(
        WINDOW_INDEX[line[i : i + LINE]] for line in lines for i in range(len(line) - LINE + 1)
    )


def space_name(space: int) -> str:
    """``"r,c"`` for a space index (0-based row and column)."""
    return f"{space // SIZE},{space % SIZE}"


def sort_hand(cards) -> tuple[str, ...]:
    """A hand in its canonical order (deck-list order)."""
    return tuple(sorted(cards, key=lambda f: ORDER[f]))


@dataclass(frozen=True)
class SequenceState:
    """A Sequence Numbers table between two actions.

    ``colours`` is the chip colour (player or team) of each seat; ``needed`` the
    sequences that win; ``deck`` the draw pile (top = last); ``hands`` per seat in
    canonical order; ``discards`` per seat (top = last); ``chips`` the colour on each
    space (None = uncovered); ``sequences`` per colour, in completion order, each the
    tuple of its spaces (five or more in one line, increasing; corners included);
    ``turn`` the seat to act; ``dead_used`` whether that seat has traded in a dead
    card this turn; ``turns`` turns completed; ``reshuffles`` how often the
    discards became a new deck; ``winner`` the winning colour (None: none or draw)."""

    players: int
    options: tuple
    rng: tuple
    colours: tuple[int, ...]
    needed: int
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    discards: tuple[tuple[str, ...], ...]
    chips: tuple[int | None, ...]
    sequences: tuple[tuple[int, ...], ...]
    turn: int = 0
    dead_used: bool = False
    turns: int = 0
    reshuffles: int = 0
    over: bool = False
    winner: int | None = None

    @property
    def teams(self) -> int:
        """Number of chip colours in play."""
        return len(self.sequences)

    def locked(self) -> frozenset[int]:
        """Spaces whose chip belongs to a completed sequence (never removable): every
        chip of every line completed (corners hold none)."""
        return frozenset(
            sp for seqs in self.sequences for line in seqs for sp in line if sp not in CORNERS
        )


def holds(chips: tuple[int | None, ...], colour: int, space: int) -> bool:
    """True when ``space`` counts for ``colour``: its chip, or a free corner."""
    return space in CORNERS or chips[space] == colour


def is_dead(chips: tuple[int | None, ...], card: str) -> bool:
    """True for an equation card whose answer is covered on both spaces
    (sequence-numbers.md "A turn" 1)."""
    n = ANSWER[card]
    return n is not None and all(chips[sp] is not None for sp in SPACES_OF[n])


def _shared(spaces, line) -> int:
    """How many of ``spaces`` lie on ``line``."""
    return sum(1 for sp in spaces if sp in line)


def new_sequences(
    chips: tuple[int | None, ...], colour: int, space: int, done: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], ...]:
    """The sequences that a chip of ``colour`` just placed on ``space`` completes, given
    the colour's completed sequences ``done``; each is the tuple of its spaces in
    increasing order.

    Every window through ``space`` held entirely by ``colour`` (corners count) is a
    candidate; a new sequence may share at most one space with each other sequence of
    the colour (sequence-numbers.md "Goal"). Of the candidate sets that respect this,
    the largest wins; among equals, the first in scan order (a line of nine filled in
    the middle makes two, sharing the middle space). Each chosen window then grows
    along its line (:func:`_grow`): the sequence is the whole line completed at once,
    and every chip on it is locked (sequence-numbers.md "Settled where the seed is
    silent": a line of six is one sequence of six, not five chosen by scan order)."""
    cands = [
        w
        for w in WINDOWS_AT[space]
        if all(holds(chips, colour, sp) for sp in WINDOWS[w])
        and all(_shared(WINDOWS[w], line) <= 1 for line in done)
    ]
    best: tuple[int, ...] = ()

    def grow(i: int, chosen: tuple[int, ...]) -> None:
        nonlocal best
        if len(chosen) > len(best):
            best = chosen
        if len(chosen) + len(cands) - i <= len(best):
            return
        for j in range(i, len(cands)):
            w = cands[j]
            if all(len(set(WINDOWS[w]) & set(WINDOWS[c])) <= 1 for c in chosen):
                grow(j + 1, chosen + (w,))

    grow(0, ())
    return tuple(_grow(w, best, chips, colour, done) for w in best)


def _grow(
    w: int,
    chosen: tuple[int, ...],
    chips: tuple[int | None, ...],
    colour: int,
    done: tuple[tuple[int, ...], ...],
) -> tuple[int, ...]:
    """Window ``w`` grown along its line, a space at a time at each end, while the next
    space counts for ``colour`` (its chip or a corner), lies in no other window
    ``chosen`` with ``w`` this turn, and leaves the line sharing at most one space with
    each earlier sequence in ``done``. The line is fixed once completed: a chip added
    later at its end joins no sequence."""
    win = WINDOWS[w]
    dr, dc = STEPS[win[1] - win[0]]
    others = {sp for c in chosen if c != w for sp in WINDOWS[c]}
    line = list(win)
    for sign in (1, -1):
        r, c = divmod(line[-1] if sign > 0 else line[0], SIZE)
        while True:
            r, c = r + sign * dr, c + sign * dc
            nxt = r * SIZE + c
            if (
                not (0 <= r < SIZE and 0 <= c < SIZE)
                or not holds(chips, colour, nxt)
                or nxt in others
                or any(nxt in e and _shared(line, e) for e in done)
            ):
                break
            if sign > 0:
                line.append(nxt)
            else:
                line.insert(0, nxt)
    return tuple(line)
