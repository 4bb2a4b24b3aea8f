"""Sequence Numbers pieces drawn in code: board spaces tinted by number group, chips in
team colours with a shape mark (locked chips turned over), equation cards.

Every surface is cached per size (and language, where it carries words) and
``convert_alpha()``ed.
"""

from __future__ import annotations

import math
import pygame

from client import assets, cards
from client.i18n import _

#: Space tints by number group 1–9, 10–19, 20–29, 30–39, 40–48 (sequence-numbers.md
#: "Board": colour-coded groups of numbers).
GROUP_TINTS = (
    (252, 234, 160),
    (190, 222, 250),
    (200, 236, 188),
    (248, 202, 216),
    (222, 208, 248),
)
GROUP_LABELS = ("1–9", "10–19", "20–29", "30–39", "40–48")
#: Chip colours (player or team) and the shape each carries, so colour is never the
#: only mark.
TEAM_COLOURS = ((208, 52, 44), (36, 92, 210), (24, 138, 64))
TEAM_SHAPES = ("circle", "square", "triangle")
TEAM_GLYPHS = ("●", "■", "▲")
CREAM = (250, 248, 238)
PLUS_FILL = (250, 214, 110)
MINUS_FILL = (238, 150, 140)


def team_name(colour: int) -> str:
    """The chip colour's name with its shape: "● Red", "■ Blue", "▲ Green"."""
    names = (_("Red"), _("Blue"), _("Green"))
    return "{glyph} {name}".format(glyph=TEAM_GLYPHS[colour % 3], name=names[colour % 3])


def group_of(n: int) -> int:
    """Number group index 0..4 of a board number 1..48."""
    return min(4, n // 10)


def _shade(colour, k: float):
    return tuple(max(0, min(255, int(c * k))) for c in colour)


def shape_mark(surface: pygame.Surface, shape: str, center, r: float, colour) -> None:
    """A filled circle, square or triangle of "radius" ``r`` at ``center``."""
    cx, cy = center
    if shape == "circle":
        pygame.draw.circle(surface, colour, (round(cx), round(cy)), max(2, round(r)))
    elif shape == "square":
        side = r * 1.6
        pygame.draw.rect(
            surface,
            colour,
            pygame.Rect(round(cx - side / 2), round(cy - side / 2), round(side), round(side)),
        )
    else:
        pts = [
            (cx + r * 1.15 * math.cos(a), cy + r * 1.15 * math.sin(a))
            for a in (-math.pi / 2, math.pi / 6, 5 * math.pi / 6)
        ]
        pygame.draw.polygon(surface, colour, pts)


@assets.cached(64)
def chip(colour: int, r: int, locked: bool = False) -> pygame.Surface:
    """A chip of ``colour`` (0..2) with radius ``r`` pixels. A locked chip (in a
    completed sequence) is shown turned over: darker, a gold double ring and a gold
    mark."""
    size = 2 * r + 6
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    base = TEAM_COLOURS[colour % 3]
    pygame.draw.circle(surf, (0, 0, 0, 90), (c[0] + 2, c[1] + 2), r)
    if locked:
        pygame.draw.circle(surf, _shade(base, 0.62), c, r)
        pygame.draw.circle(surf, assets.GOLD, c, r, max(2, r // 6))
        pygame.draw.circle(surf, assets.GOLD, c, max(3, int(r * 0.68)), max(1, r // 12))
        shape_mark(surf, TEAM_SHAPES[colour % 3], c, r * 0.34, assets.GOLD)
    else:
        pygame.draw.circle(surf, base, c, r)
        pygame.draw.circle(surf, _shade(base, 0.55), c, r, max(2, r // 9))
        pygame.draw.circle(surf, _shade(base, 1.25), c, int(r * 0.74), 1)
        shape_mark(surf, TEAM_SHAPES[colour % 3], c, r * 0.38, assets.WHITE)
    return surf.convert_alpha()


@assets.cached(256, words=True)
def space(
    number: int, size: int, covered: bool = False, least: int = assets.MIN_TEXT
) -> pygame.Surface:
    """A board space of ``size`` pixels showing ``number`` (0 = free corner). On a
    covered space the number shrinks to the top-left corner, clear of the chip. No text
    under ``least`` pixels (a room table's floor; :data:`client.assets.MIN_TEXT`)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect().inflate(-2, -2)
    radius = max(3, size // 10)
    if number == 0:
        pygame.draw.rect(surf, (52, 46, 30), rect, border_radius=radius)
        pygame.draw.rect(surf, assets.GOLD, rect, 2, border_radius=radius)
        cards.star(surf, (size / 2, size * 0.42), size * 0.26, assets.GOLD)
        img = assets.render(_("FREE"), max(least, size // 6), assets.GOLD, True)
        if img.get_width() <= size - 4:  # else the star alone says it
            at = img.get_rect(center=(size // 2, int(size * 0.8)))
            at.bottom = min(at.bottom, size - 3)  # (a room's larger word: down to the edge)
            surf.blit(img, at)
        return surf.convert_alpha()
    tint = GROUP_TINTS[group_of(number)]
    pygame.draw.rect(surf, tint, rect, border_radius=radius)
    pygame.draw.rect(surf, _shade(tint, 0.7), rect, 1, border_radius=radius)
    if covered:
        img = assets.font(max(least, int(size * 0.22)), True).render(str(number), True, assets.INK)
        surf.blit(img, (3 + size // 30, 1))
    else:
        img = assets.font(max(assets.MIN_TEXT, int(size * 0.42)), True).render(
            str(number), True, assets.INK
        )
        surf.blit(img, img.get_rect(center=(size // 2, size // 2 + 1)))
    return surf.convert_alpha()


def chip_center(rect: pygame.Rect) -> tuple[int, int]:
    """Where a chip sits in a space: a little right of and below the centre, so the
    small number in the corner stays readable."""
    return (rect.x + int(rect.w * 0.56), rect.y + int(rect.h * 0.57))


def chip_radius(cell: int) -> int:
    return max(6, int(cell * 0.32))


def split_face(face: str) -> tuple[str, str, str] | None:
    """``"12+7"`` → ``("12", "+", "7")``; ``"30-11"`` → ``("30", "−", "11")``; None for
    Plus and Minus."""
    for op, shown in (("+", "+"), ("-", "−")):
        if op in face:
            a, b = face.split(op)
            return a, shown, b
    return None


def face_text(face: str) -> str:
    """A card's face in one line: "12 + 7", "30 − 11", "Plus", "Minus"."""
    parts = split_face(face)
    if parts is None:
        return _("Plus") if face == "plus" else _("Minus")
    return " ".join(parts)


def _fit(text: str, size: int, width: int, bold: bool = True) -> pygame.Surface:
    return assets.fit(text, size, width, assets.INK, bold)


@assets.cached(128, words=True)
def card(face: str, w: int, h: int) -> pygame.Surface:
    """A hand card: an equation written as a column sum ("12 / + 7 / — / ?"), or a
    Plus (any open space) or Minus (remove a chip) card."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(4, w // 10)
    parts = split_face(face)
    fill = CREAM if parts else (PLUS_FILL if face == "plus" else MINUS_FILL)
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    pygame.draw.rect(surf, (70, 70, 70), rect, 2, border_radius=radius)
    if parts:
        a, op, b = parts
        big = assets.font(max(assets.MIN_TEXT, int(h * 0.22)), True)
        right = int(w * 0.8)
        top = big.render(a, True, assets.INK)
        surf.blit(top, top.get_rect(topright=(right, int(h * 0.1))))
        bot = big.render(b, True, assets.INK)
        y2 = int(h * 0.1) + top.get_height()
        surf.blit(bot, bot.get_rect(topright=(right, y2)))
        sign = big.render(op, True, (150, 40, 40) if op == "−" else (30, 90, 40))
        surf.blit(sign, sign.get_rect(topleft=(int(w * 0.14), y2)))
        line_y = y2 + bot.get_height() + max(2, h // 40)
        pygame.draw.line(
            surf, assets.INK, (int(w * 0.14), line_y), (right, line_y), max(2, h // 50)
        )
        q = big.render("?", True, (120, 120, 120))
        surf.blit(q, q.get_rect(midtop=(w // 2 + w // 12, line_y + max(2, h // 30))))
    else:
        sign = "+" if face == "plus" else "−"
        img = assets.font(max(12, int(h * 0.5)), True).render(sign, True, assets.INK)
        surf.blit(img, img.get_rect(center=(w // 2, int(h * 0.38))))
        name = _fit(_("PLUS") if face == "plus" else _("MINUS"), int(h * 0.13), w - 8)
        surf.blit(name, name.get_rect(center=(w // 2, int(h * 0.66))))
        hint = _("any open space") if face == "plus" else _("remove a chip")
        lines, size = assets.fit_lines(hint, int(h * 0.09), w - 10, 2, False)
        y = int(h * 0.76)
        if y + len(lines) * assets.font(size).get_linesize() <= h - 2:  # where it fits
            for line in lines:
                img = assets.text(line, size, assets.INK)
                surf.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += img.get_height()
    return surf.convert_alpha()


@assets.cached(128, words=True)
def mini_card(face: str, w: int, h: int) -> pygame.Surface:
    """A card in one line (discard piles, flying cards)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    parts = split_face(face)
    fill = CREAM if parts else (PLUS_FILL if face == "plus" else MINUS_FILL)
    pygame.draw.rect(surf, fill, rect, border_radius=max(3, h // 6))
    pygame.draw.rect(surf, (70, 70, 70), rect, 1, border_radius=max(3, h // 6))
    img = _fit(face_text(face), int(h * 0.5), w - 8)
    surf.blit(img, img.get_rect(center=rect.center))
    return surf.convert_alpha()


@assets.cached(8, words=True)
def dead_overlay(w: int, h: int) -> pygame.Surface:
    """Grey veil with a "DEAD" tag over a card whose answer is covered twice."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (60, 60, 60, 120), surf.get_rect(), border_radius=max(4, w // 10))
    txt = assets.font(max(assets.MIN_TEXT, int(h * 0.11)), True).render(
        _("DEAD"), True, assets.WHITE
    )
    tag = txt.get_rect(midbottom=(w // 2, h - 4)).inflate(10, 4)
    pygame.draw.rect(surf, (40, 40, 40), tag, border_radius=4)
    surf.blit(txt, txt.get_rect(center=tag.center))
    return surf.convert_alpha()


def answer_of(face: str) -> int | None:
    """The answer of an equation card read from its face (None for Plus and Minus)."""
    parts = split_face(face)
    if parts is None:
        return None
    a, op, b = parts
    return int(a) + int(b) if op == "+" else int(a) - int(b)
