"""Where things lie on the Take 5 table, in 1280×720 design units scaled by the
table's ``s``: the four rows on the left, this turn's revealed cards in the middle,
the players on the right, the hand along the bottom, the play button beside it."""

from __future__ import annotations

import pygame


def sizes(t) -> None:
    """Card sizes at the table's scale: row and reveal cards, hand cards."""
    t.cw, t.ch = t.s(70), t.s(98)
    t.hw, t.hh = t.s(88), t.s(123)


def row_rect(t, r: int) -> pygame.Rect:
    return pygame.Rect(t.s(16), t.s(64 + r * 112), t.s(600), t.s(106))


def row_slot(t, r: int, i: int) -> pygame.Rect:
    """The ``i``-th card place of row ``r`` (place 5 is the sixth, the one that takes)."""
    x = t.s(118) + i * (t.cw + t.s(8))
    return pygame.Rect(x, t.s(68 + r * 112), t.cw, t.ch)


def reveal_slot(t, i: int) -> pygame.Rect:
    """The place of the ``i``-th revealed card (five to a line)."""
    col, line = i % 5, i // 5
    x = t.s(650) + col * (t.cw + t.s(6))
    y = t.s(100) + line * (t.ch + t.s(40))
    return pygame.Rect(x, y, t.cw, t.ch)


def player_rect(t, seat: int) -> pygame.Rect:
    n = t.board["players"] if t.board else 4
    h = min(t.s(58), t.s(444) // max(1, n))
    return pygame.Rect(t.s(1040), t.s(64) + seat * h, t.s(228), h - t.s(4))


def hand_slot(t, i: int, n: int) -> pygame.Rect:
    step = t.hw + t.s(8)
    x0 = t.w // 2 - (n * step) // 2 - t.s(60)
    return pygame.Rect(x0 + i * step, t.h - t.hh - t.s(20), t.hw, t.hh)


def hand_card_center(t, card: int) -> tuple[int, int]:
    """Where ``card`` lies in the shown hand (the bottom edge when it is not there)."""
    hand = t.board.get("hand", [])
    if card in hand:
        return t.hand_rects()[hand.index(card)].center
    return (t.w // 2, t.h)


def play_button(t) -> pygame.Rect:
    return pygame.Rect(t.w - t.s(190), t.h - t.s(120), t.s(170), t.s(60))


def deck_point(t) -> tuple[int, int]:
    """Where a new round's cards come from."""
    return (t.s(835), t.s(430))


def summary_box(t, n: int, step: int) -> pygame.Rect:
    """The round's summary over the rows (the finished round's board), clear of the
    revealed cards and their names and of the players' totals it speaks of."""
    box = pygame.Rect(0, 0, t.s(560), t.s(110) + n * step)
    box.center = (row_rect(t, 0).centerx, t.s(64) + min(t.s(444), t.h - t.s(64)) // 2)
    return box


def pile_box(t) -> pygame.Rect:
    """Your penalty pile's panel (over the rows)."""
    return pygame.Rect(t.s(16), t.s(64), t.s(600), t.s(444))
