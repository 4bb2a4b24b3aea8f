"""Where things lie on The Game's table, in 1280×720 design units scaled by the
table's ``s``: the team and the draw pile on the left with the End turn / Declare
blocked button under them, the four piles across the top (each with its top card and
the signal toggles), the prompt, the hand along the bottom, the key legend.

A table for the room (``t.room_view``: phone seats, the public view on a TV) has no hand:
the piles take the height it leaves, with larger top cards, and the team's panels are
taller."""

from __future__ import annotations

import pygame

#: The piles in the engine's order, and which way each one runs.
PILES = ("asc1", "asc2", "desc1", "desc2")
ASCENDING = {"asc1": True, "asc2": True, "desc1": False, "desc2": False}
#: The keys that pick a pile, as they are written on the piles.
PILE_KEYS = ("A", "S", "D", "F")

LEFT_X, LEFT_W = 16, 260
PILE_X, PILE_Y, PILE_W, PILE_H, PILE_GAP = 292, 52, 232, 372, 12
TOP_W, TOP_H = 128, 180
HAND_Y, HAND_W, HAND_H, HAND_STEP = 500, 100, 140, 108
#: A room table's piles and top cards (design pixels), and the step between seats.
ROOM_PILE_H, ROOM_TOP_W, ROOM_TOP_H, ROOM_SEAT_STEP = 540, 196, 274, 74


def pile_rect(t, i: int) -> pygame.Rect:
    s = t.s
    h = ROOM_PILE_H if t.room_view else PILE_H
    return pygame.Rect(s(PILE_X + i * (PILE_W + PILE_GAP)), s(PILE_Y), s(PILE_W), s(h))


def top_rect(t, i: int) -> pygame.Rect:
    r = pile_rect(t, i)
    w, h = (ROOM_TOP_W, ROOM_TOP_H) if t.room_view else (TOP_W, TOP_H)
    rect = pygame.Rect(0, 0, t.s(w), t.s(h))
    rect.midtop = (r.centerx, r.y + t.s(42))
    return rect


def toggle_rect(t, i: int, kind: str) -> pygame.Rect:
    """Your own signal's toggle button on pile ``i`` ("dont-play" left, "can-play-well"
    right)."""
    r = pile_rect(t, i)
    s = t.s
    w = (r.w - s(18)) // 2
    x = r.x + s(6) if kind == "dont-play" else r.x + s(12) + w
    return pygame.Rect(x, r.bottom - s(34), w, s(28))


def seat_step(t) -> int:
    """The step between the team's panels (design pixels; a room's are taller)."""
    return ROOM_SEAT_STEP if t.room_view else 58


def seat_rect(t, seat: int) -> pygame.Rect:
    s = t.s
    step = seat_step(t)
    return pygame.Rect(s(LEFT_X), s(80) + seat * s(step), s(LEFT_W), s(step - 4))


def deck_rect(t) -> pygame.Rect:
    n = t.board["players"] if t.board else 5
    y = 80 + n * seat_step(t) + 12
    return pygame.Rect(t.s(LEFT_X), t.s(y), t.s(44), t.s(62))


def status_box(t) -> pygame.Rect:
    """The prompt's box, under the piles."""
    s = t.s
    y = PILE_Y + (ROOM_PILE_H if t.room_view else PILE_H) + 6
    return pygame.Rect(s(PILE_X), s(y), s(4 * PILE_W + 3 * PILE_GAP), s(52 if t.room_view else 44))


def action_button(t) -> pygame.Rect:
    """End turn / Declare blocked (only one is ever offered)."""
    s = t.s
    return pygame.Rect(s(LEFT_X), s(HAND_Y + 20), s(LEFT_W), s(62))


def hand_slot(t, i: int, n: int) -> pygame.Rect:
    s = t.s
    return pygame.Rect(s(PILE_X) + i * s(HAND_STEP), s(HAND_Y), s(HAND_W), s(HAND_H))
