"""Where things lie on the Sequence Numbers table, in 1280×720 design units scaled by
the table's ``s``: the 10×10 board on the left with the number-group legend under it;
on the right the sequences per colour, one row per player (chip, cards in hand,
discard pile), the deck, the prompt, the hand and the dead-card / no-play buttons.

A table for the room (``t.room_view``: phone seats, the public view on a TV) has no hand:
the players' rows are taller, and the deck and the prompt come under them."""

from __future__ import annotations

import pygame

from client.tables.sequence_numbers.faces import chip_center, chip_radius

SIZE = 10
BOARD_X, BOARD_Y, CELL = 24, 60, 62
PANEL_X, PANEL_W = 676, 588


def sizes(t) -> None:
    """Board cells, chips and cards at the table's scale (proportions kept)."""
    t.cell = t.s(CELL)
    t.chip_r = chip_radius(t.cell)
    t.cw, t.ch = t.s(96), t.s(130)


def cell_rect(t, r: int, c: int) -> pygame.Rect:
    return pygame.Rect(t.s(BOARD_X) + c * t.cell, t.s(BOARD_Y) + r * t.cell, t.cell, t.cell)


def cell_at(t, pos) -> tuple[int, int] | None:
    """The board space (row, col) under pixel ``pos``, or None."""
    x, y = pos[0] - t.s(BOARD_X), pos[1] - t.s(BOARD_Y)
    if 0 <= x < SIZE * t.cell and 0 <= y < SIZE * t.cell:
        return (y // t.cell, x // t.cell)
    return None


def chip_point(t, r: int, c: int) -> tuple[int, int]:
    return chip_center(cell_rect(t, r, c))


def seat_step(t) -> int:
    """The step between the players' rows (pixels)."""
    n = t.board["players"] if t.board else 4
    if t.room_view:
        return min(t.s(72), t.s(380) // max(1, n))
    return min(t.s(46), t.s(276) // max(1, n))


def seat_rect(t, seat: int) -> pygame.Rect:
    rh = seat_step(t)
    return pygame.Rect(t.s(PANEL_X), t.s(102) + seat * rh, t.s(PANEL_W), rh - t.s(4))


def seat_chip_point(t, seat: int) -> tuple[int, int]:
    rect = seat_rect(t, seat)
    return (rect.x + t.s(18), rect.centery)


def discard_rect(t, seat: int) -> pygame.Rect:
    rect = seat_rect(t, seat)
    w = 150 if t.room_view else 92  # a room's larger words: "37 + 10" whole
    return pygame.Rect(rect.right - t.s(w + 6), rect.y + t.s(4), t.s(w), rect.h - t.s(8))


def deck_point(t) -> tuple[int, int]:
    if t.room_view:  # under the players' rows
        n = t.board["players"] if t.board else 4
        return (t.s(PANEL_X + 13), t.s(102) + n * seat_step(t) + t.s(26))
    return (t.s(PANEL_X + 13), t.s(394))


def status_y(t) -> int:
    """The prompt's first line (pixels)."""
    if t.room_view:
        return deck_point(t)[1] + t.s(40)
    return t.s(452)


def hand_slot(t, i: int, n: int) -> pygame.Rect:
    return pygame.Rect(t.s(PANEL_X) + i * t.s(104), t.s(526), t.cw, t.ch)


def dead_button(t) -> pygame.Rect:
    return pygame.Rect(t.s(PANEL_X), t.s(668), t.s(290), t.s(40))


def discard_button(t) -> pygame.Rect:
    return pygame.Rect(t.s(PANEL_X + 298), t.s(668), t.s(290), t.s(40))
