"""Where things lie on the Guandan table, in 1280×720 design units scaled by the
table's ``s``: deal facts top left, this deal's log top right, the partner's seat top
centre, the opponents left and right (play moves counter-clockwise: the next seat sits
to your right), notes and the tribute spot in the middle, your play above the
controls, your hand along the bottom.

A table for the room (``t.room_view``: phone seats, the public view on a TV) has no hand:
the plays are larger (:data:`ROOM_PLAY` cards) and the bottom seat's panel goes to
the bottom edge, its play above it."""

from __future__ import annotations

import pygame

from client import assets
from client.i18n import _


MUTED = (200, 214, 205)
#: The selection's frame (level cards carry gold, wilds a gold face: never this blue).
SELECTED = (70, 190, 255)


#: A room table's play cards (design pixels: width, height, the step between cards).
ROOM_PLAY = (80, 112, 34)


def sizes(t) -> None:
    """Card sizes at the table's scale: the hand's, and the table's (plays)."""
    t.cw, t.ch = t.s(90), t.s(126)
    if t.room_view:
        t.sw, t.sh = t.s(ROOM_PLAY[0]), t.s(ROOM_PLAY[1])
    else:
        t.sw, t.sh = t.s(52), t.s(73)


def hand_area(t) -> pygame.Rect:
    """The band the hand is fanned in."""
    return pygame.Rect(t.s(14), t.h - t.s(160), t.w - t.s(28), t.s(150))


def rel(t, seat: int) -> int:
    """0 bottom, 1 right, 2 top, 3 left: the next seat in play order sits to the right,
    so play moves counter-clockwise."""
    return (seat - (t.me if t.me is not None else 0)) % 4


def panel_rect(t, seat: int) -> pygame.Rect:
    s = t.s
    if t.room_view and rel(t, seat) == 0:  # no hand: the bottom seat sits at the bottom edge
        return pygame.Rect(t.w // 2 - s(190), t.h - s(72), s(380), s(64))
    return [
        pygame.Rect(s(10), s(446), s(220), s(82)),
        pygame.Rect(t.w - s(230), s(190), s(220), s(82)),
        pygame.Rect(t.w // 2 - s(140), s(42), s(280), s(54)),
        pygame.Rect(s(10), s(190), s(220), s(82)),
    ][rel(t, seat)]


def play_rects(t, seat: int, n: int) -> list[pygame.Rect]:
    """Where ``seat``'s play of ``n`` cards lies on the table."""
    s, r = t.s, rel(t, seat)
    most, span = (ROOM_PLAY[2], 420) if t.room_view else (26, 300)
    step = min(s(most), (s(span) - t.sw) // max(1, n - 1)) if n > 1 else 0
    width = t.sw + step * (n - 1)
    if t.room_view:  # larger plays: the bottom one above its panel, the sides lower
        y = {0: t.h - s(72) - s(40) - t.sh, 2: s(102), 1: s(300), 3: s(300)}[r]
        x = {0: t.w // 2 - width // 2, 2: t.w // 2 - width // 2, 1: t.w - s(12) - width}
        return [pygame.Rect(x.get(r, s(12)) + i * step, y, t.sw, t.sh) for i in range(n)]
    if r == 0:
        x, y = t.w // 2 - width // 2, s(308)
    elif r == 2:
        x, y = t.w // 2 - width // 2, s(102)
    elif r == 1:
        x, y = t.w - s(12) - width, s(282)
    else:
        x, y = s(12), s(282)
    return [pygame.Rect(x + i * step, y, t.sw, t.sh) for i in range(n)]


def seat_point(t, seat: int) -> tuple[int, int]:
    return panel_rect(t, seat).center


def centre(t) -> tuple[int, int]:
    """The tribute spot (and the play-order ring)."""
    return (t.w // 2, t.s(300 if t.room_view else 232))


def prompt_point(t) -> tuple[int, int]:
    """The centre of the prompt's line."""
    return (t.w // 2, t.s(404 if t.room_view else 424))


def info_rect(t) -> pygame.Rect:
    """The deal's facts, top left: 330 px wide (at 1280×720), wider where the window
    leaves room before the top seat's play (a long language at a large text size then
    wraps instead of cutting), at most 480."""
    s = t.s
    span = 420 if t.room_view else 300  # the top seat's widest play, centred
    room = t.w // 2 - s(span) // 2 - s(10) - s(10)
    return pygame.Rect(s(10), s(42), max(s(330), min(s(480), room)), s(142))


def log_rect(t) -> pygame.Rect:
    """This deal's log, top right."""
    return pygame.Rect(t.w - t.s(340), t.s(42), t.s(330), t.s(142))


def review_button(t) -> pygame.Rect:
    """The "Last trick (L)" button in the log's top-right corner."""
    r = log_rect(t)
    return pygame.Rect(r.right - t.s(150), r.y + t.s(5), t.s(142), t.s(24))


def sort_words() -> dict[str, str]:
    """The sort buttons' words, by mode."""
    return {"rank": _("By rank"), "suit": _("By suit"), "combos": _("By combos")}


def sort_buttons(t) -> dict[str, pygame.Rect]:
    """The hand's sort buttons, right-aligned just above the fan: mode → rect; each
    as wide as its words need at the table's text size (104 design pixels at least)."""
    s = t.s
    h, y = s(26), t.h - s(188)
    px = t.t(13)
    widths = [max(s(104), assets.measure(w, px, True) + s(12)) for w in sort_words().values()]
    x = t.w - s(14) - sum(widths) - 2 * s(6)
    out = {}
    for m, w in zip(sort_words(), widths, strict=True):
        out[m] = pygame.Rect(x, y, w, h)
        x += w + s(6)
    return out
