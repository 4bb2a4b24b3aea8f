"""Where things lie on Teamplay's table, in 1280×720 design units scaled by the
table's ``s``: one panel per player across the top with their own missions; the
general mission, the bank, the draw pile and the discards, and the sides' scores in
the middle; the prompt, the hand and the buttons at the bottom, the key legend under
them; the keep-or-swap panel over the bank.

A table for the room (``t.room_view``: phone seats, the public view on a TV) has no hand:
the players' panels and their missions grow into the height it leaves (:data:`ROOM_DY`
lower: the middle row and the prompt move down by as much), and so does the general
mission."""

from __future__ import annotations

import pygame

# Design-unit geometry.
SEAT_Y, SEAT_H = 80, 184
MID_Y = 276
GEN_X, GEN_W, GEN_H = 16, 226, 150
BANK_X, CARD_W, CARD_H, BANK_GAP = 262, 84, 118, 10
DECK_X, DISCARD_X = 560, 660
SCORE_X, SCORE_W = 770, 494
PROMPT_Y = 474
HAND_X, HAND_Y, HAND_RIGHT = 16, 526, 1040
BTN_X, BTN_W, BTN_H = 1060, 204, 44
#: How much taller a room table's player panels are (design pixels): the middle row
#: and the prompt lie that much lower, where the hand would be.
ROOM_DY = 70


def mid_y(t) -> int:
    """The top of the middle row (design pixels)."""
    return MID_Y + (ROOM_DY if t.room_view else 0)


def prompt_y(t) -> int:
    """The prompt's line (design pixels)."""
    return PROMPT_Y + (ROOM_DY + 40 if t.room_view else 0)


def seat_rect(t, seat: int) -> pygame.Rect:
    n = t.board["players"] if t.board else 4
    w = (1248 - (n - 1) * 8) / n
    h = SEAT_H + (ROOM_DY if t.room_view else 0)
    return pygame.Rect(t.s(16 + seat * (w + 8)), t.s(SEAT_Y), t.s(w), t.s(h))


def own_rect(t, seat: int, i: int) -> pygame.Rect:
    """Seat ``seat``'s own mission ``i`` inside its panel."""
    r = seat_rect(t, seat)
    k = len(t.board["own"][seat]) if t.board else 1
    s = t.s
    most_w, most_h = (s(240), s(124 + ROOM_DY)) if t.room_view else (s(196), s(124))
    w = min(most_w, (r.w - s(16) - (k - 1) * s(8)) // k)
    h = min(most_h, int(w * 0.8))
    total = k * w + (k - 1) * s(8)
    x = r.centerx - total // 2 + i * (w + s(8))
    return pygame.Rect(x, r.y + s(52), w, h)


def general_rect(t) -> pygame.Rect:
    h = GEN_H + (40 if t.room_view else 0)
    return pygame.Rect(t.s(GEN_X), t.s(mid_y(t) + 30), t.s(GEN_W), t.s(h))


def mission_rect(t, key) -> pygame.Rect:
    """The rect of a mission place: ``"general"`` or ``(seat, i)``."""
    return general_rect(t) if key == "general" else own_rect(t, *key)


def bank_rect(t, i: int) -> pygame.Rect:
    s = t.s
    return pygame.Rect(s(BANK_X + i * (CARD_W + BANK_GAP)), s(mid_y(t) + 44), s(CARD_W), s(CARD_H))


def deck_rect(t) -> pygame.Rect:
    return pygame.Rect(t.s(DECK_X), t.s(mid_y(t) + 44), t.s(CARD_W), t.s(CARD_H))


def discard_rect(t) -> pygame.Rect:
    return pygame.Rect(t.s(DISCARD_X), t.s(mid_y(t) + 44), t.s(CARD_W), t.s(CARD_H))


def hand_slot(t, i: int, n: int) -> pygame.Rect:
    s = t.s
    step = min(CARD_W + 8, (HAND_RIGHT - HAND_X - CARD_W) / max(1, n - 1)) if n > 1 else 0
    return pygame.Rect(s(HAND_X + i * step), s(HAND_Y), s(CARD_W), s(CARD_H))


def button_rect(t, i: int) -> pygame.Rect:
    s = t.s
    return pygame.Rect(s(BTN_X), s(HAND_Y - 10 + i * (BTN_H + 8)), s(BTN_W), s(BTN_H))


def choice_rect(t) -> pygame.Rect:
    """The keep-or-swap panel (over the bank and the draw pile)."""
    s = t.s
    return pygame.Rect(s(250), s(mid_y(t) - 6), s(510), s(192))


def choice_button(t, kind: str) -> pygame.Rect:
    r = choice_rect(t)
    s = t.s
    x = r.x + s(250)
    return pygame.Rect(x, r.y + s(80 if kind == "keep" else 128), s(244), s(42))
