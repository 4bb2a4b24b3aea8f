"""Where things lie on the Take 5 table, in 1280×720 design units scaled by the
table's ``s``: the four rows on the left, this turn's revealed cards in the middle,
the players on the right, the hand along the bottom, the play button beside it.

A table for the room (``t.room_view``: phone seats, the public view on a TV) has no hand:
the rows take the height it leaves, with larger cards; the reveal and the prompt sit
between the rows and the players."""

from __future__ import annotations

import pygame


#: A room table's rows: the step between rows and the row cards (design pixels).
ROOM_STEP, ROOM_CARD = 160, (90, 126)
#: Where a room table's reveal lies (design pixels: left, top, width).
ROOM_REVEAL = (736, 100, 290)


def sizes(t) -> None:
    """Card sizes at the table's scale: row and reveal cards, hand cards."""
    if t.room_view:
        t.cw, t.ch = t.s(ROOM_CARD[0]), t.s(ROOM_CARD[1])
    else:
        t.cw, t.ch = t.s(70), t.s(98)
    t.hw, t.hh = t.s(88), t.s(123)


def row_rect(t, r: int) -> pygame.Rect:
    if t.room_view:
        return pygame.Rect(t.s(16), t.s(62 + r * ROOM_STEP), t.s(700), t.s(ROOM_STEP - 8))
    return pygame.Rect(t.s(16), t.s(64 + r * 112), t.s(600), t.s(106))


def row_slot(t, r: int, i: int) -> pygame.Rect:
    """The ``i``-th card place of row ``r`` (place 5 is the sixth, the one that takes)."""
    if t.room_view:
        x = t.s(124) + i * (t.cw + t.s(8))
        return pygame.Rect(x, t.s(62 + r * ROOM_STEP + 13), t.cw, t.ch)
    x = t.s(118) + i * (t.cw + t.s(8))
    return pygame.Rect(x, t.s(68 + r * 112), t.cw, t.ch)


def reveal_size(t) -> tuple[int, int, int]:
    """The revealed cards' width, height (pixels) and how many to a line."""
    if not t.room_view:
        return t.cw, t.ch, 5
    n = t.board["players"] if t.board else 4
    per = 3 if n <= 6 else 4
    w = (t.s(ROOM_REVEAL[2]) - (per - 1) * t.s(8)) // per
    w = min(w, t.cw)
    return w, w * 7 // 5, per


def reveal_slot(t, i: int) -> pygame.Rect:
    """The place of the ``i``-th revealed card (five to a line; a room's: three or
    four, larger)."""
    w, h, per = reveal_size(t)
    col, line = i % per, i // per
    if t.room_view:
        x0, y0, _w = ROOM_REVEAL
        return pygame.Rect(t.s(x0) + col * (w + t.s(8)), t.s(y0) + line * (h + t.s(40)), w, h)
    x = t.s(650) + col * (t.cw + t.s(6))
    y = t.s(100) + line * (t.ch + t.s(40))
    return pygame.Rect(x, y, t.cw, t.ch)


def player_rect(t, seat: int) -> pygame.Rect:
    n = t.board["players"] if t.board else 4
    if t.room_view:  # the height the hand leaves: two lines of room text per player
        h = min(t.s(84), t.s(560) // max(1, n))
    else:
        h = min(t.s(58), t.s(444) // max(1, n))
    return pygame.Rect(t.s(1040), t.s(64) + seat * h, t.s(228), h - t.s(4))


def status_rect(t) -> pygame.Rect:
    """Where the prompt goes (its lines are centred on the rect's middle)."""
    if t.room_view:
        return pygame.Rect(t.s(736), t.s(630), t.w - t.s(752), t.s(70))
    return pygame.Rect(t.s(660), t.s(508), t.w - t.s(676), t.s(40))


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
    rows = t.s(4 * ROOM_STEP) if t.room_view else t.s(444)
    box.center = (row_rect(t, 0).centerx, t.s(64) + min(rows, t.h - t.s(64)) // 2)
    return box


def pile_box(t) -> pygame.Rect:
    """Your penalty pile's panel (over the rows)."""
    if t.room_view:
        return pygame.Rect(t.s(16), t.s(62), t.s(700), t.s(4 * ROOM_STEP - 8))
    return pygame.Rect(t.s(16), t.s(64), t.s(600), t.s(444))
