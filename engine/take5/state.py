"""Take 5 state and card facts (``take5.md`` "Components")."""

from __future__ import annotations

from dataclasses import dataclass

ROWS = 4
HAND_SIZE = 10
ROW_LIMIT = 5  # the sixth card takes the row
DECK_SIZE = 104


def bullheads(card: int) -> int:
    """Penalty heads of ``card`` (1..104): 55 → 7, multiples of 11 → 5, of 10 → 3,
    other multiples of 5 → 2, else 1 (take5.md "Components"). The deck totals 171."""
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


BULLHEADS = (0,) + tuple(bullheads(c) for c in range(1, DECK_SIZE + 1))


def row_cost(row: tuple[int, ...]) -> int:
    """Bullheads a player takes with ``row`` (a tuple of cards)."""
    return sum(BULLHEADS[c] for c in row)


def target_row(rows: tuple[tuple[int, ...], ...], card: int) -> int | None:
    """Index of the row whose end is the highest end lower than ``card`` (the
    "closest lower end", take5.md "A round" 3), or None when ``card`` is too low."""
    best, best_end = None, 0
    for i, row in enumerate(rows):
        end = row[-1]
        if best_end < end < card:
            best, best_end = i, end
    return best


@dataclass(frozen=True)
class Take5State:
    """A Take 5 table between two actions.

    ``hands``/``penalty`` are per seat (sorted tuples of card numbers); ``rows`` the
    four rows (first card first); ``chosen`` the secret choice per seat this turn
    (None = not chosen); ``pending`` the revealed ``(card, seat)`` pairs still to
    resolve, lowest first; ``revealed`` this turn's reveal ``(seat, card)``;
    ``totals`` bullheads from finished rounds; ``undealt`` the cards out of play this
    round; ``rng`` the generator state for the next deal."""

    players: int
    options: tuple
    rng: tuple
    round: int
    turn: int
    hands: tuple[tuple[int, ...], ...]
    rows: tuple[tuple[int, ...], ...]
    chosen: tuple[int | None, ...]
    pending: tuple[tuple[int, int], ...]
    revealed: tuple[tuple[int, int], ...]
    penalty: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    undealt: tuple[int, ...]
    last_round: tuple[int, ...]
    over: bool = False

    @property
    def row_choice(self) -> int | None:
        """The seat that must choose a row now (its card is too low), or None."""
        return self.pending[0][1] if self.pending else None
