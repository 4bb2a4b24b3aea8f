"""Teamplay cards drawn in code: number cards (red with a round mark, blue with a
square mark) and mission cards in the card language (teamplay.md "Mission card
language"), plus the mission's spoken description for hover and keyboard focus.

The language on a mission card, token by token (one token = one number card):

* fill and corner mark: red (●), blue (■), black = any colour; "one colour" tag =
  all cards red or all blue;
* glyph: equal symbols (★ ▲ ♣) = equal numbers, different symbols = different
  numbers; consecutive letters (a b c …) = consecutive numbers; a digit = that
  number; ? = any number; ≤3 / ≤4 / ≥6 = low / high;
* a straight line under a token = an even number, a wavy line = an odd number;
* ``+`` and ``=`` between tokens: a sum.

Surfaces are cached per size (and language, where they carry words) and
``convert_alpha()``ed.
"""

from __future__ import annotations

import math
import pygame

from client import assets
from client.i18n import _, ngettext
from engine.teamplay.missions import MISSIONS, colour_of, value_of

CREAM = (250, 247, 236)
RED_INK = (192, 38, 38)
BLUE_INK = (34, 84, 186)
ANY_INK = (44, 44, 50)
SAME_INK = (96, 64, 130)
FILL = {"red": RED_INK, "blue": BLUE_INK, "any": ANY_INK, "same": SAME_INK}
GROUP_GLYPHS = ("★", "▲", "♣")
RUN_GLYPHS = "abcdef"
VP_GOLD = (214, 160, 20)


def colour_mark(surface, center, r: int, colour: int | str, ink) -> None:
    """The colour's shape mark: a filled circle for red, a filled square for blue."""
    cx, cy = int(center[0]), int(center[1])
    if colour in (0, "red"):
        pygame.draw.circle(surface, ink, (cx, cy), r)
    elif colour in (1, "blue"):
        pygame.draw.rect(surface, ink, (cx - r, cy - r, 2 * r, 2 * r))


def card_label(c: int) -> str:
    """Short words for a number card: "5 red" / "7 blue" (for notes and tooltips)."""
    if colour_of(c) == 0:
        return _("{n} red").format(n=value_of(c))
    return _("{n} blue").format(n=value_of(c))


@assets.cached(512)
def number_card(c: int, w: int, h: int) -> pygame.Surface:
    """Number card ``c`` (0..63): cream face, the number large in its colour with the
    colour's mark (● red, ■ blue) under it and in the corners."""
    red = colour_of(c) == 0
    ink = RED_INK if red else BLUE_INK
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(4, w // 9)
    pygame.draw.rect(surf, CREAM, rect, border_radius=radius)
    inner = rect.inflate(-max(6, w // 7), -max(6, h // 9))
    pygame.draw.rect(surf, ink, inner, max(2, w // 26), border_radius=max(3, w // 12))
    pygame.draw.rect(surf, (70, 70, 70), rect, 2, border_radius=radius)
    big = assets.font(int(h * 0.42), True).render(str(value_of(c)), True, ink)
    surf.blit(big, big.get_rect(center=(w // 2, int(h * 0.44))))
    colour_mark(surf, (w // 2, int(h * 0.76)), max(3, w // 10), 0 if red else 1, ink)
    small = assets.font(max(assets.MIN_TEXT, int(h * 0.15)), True).render(
        str(value_of(c)), True, ink
    )
    x, y = max(5, w // 8), max(4, h // 14)
    surf.blit(small, (x, y))
    colour_mark(
        surf,
        (x + small.get_width() // 2, y + small.get_height() + max(3, w // 20)),
        max(2, w // 22),
        0 if red else 1,
        ink,
    )
    return surf.convert_alpha()


# ---------------------------------------------------------------------------- language
def tokens(mission_id: str) -> tuple[list[tuple[str, str, str | None]], list[str], str | None]:
    """The card-language reading of a mission: ``(tokens, joiners, tag)``.

    ``tokens``: one ``(colour, glyph, line)`` per card (colour "red"/"blue"/"any"/
    "same", line None/"even"/"odd"); ``joiners``: the text between token i and i+1
    ("" = none, "+", "=", "…"); ``tag``: the short extra condition or None."""
    m = MISSIONS[mission_id]
    colour = m.colour
    line = m.values if m.values in ("even", "odd") else None
    out: list[tuple[str, str, str | None]] = []
    joins: list[str] = []
    tag = None
    groups = 0
    runs = 0
    free_glyph = {"low": "≤3", "low4": "≤4", "high": "≥6"}.get(m.values, "?")
    for part in m.parts:
        kind = part[0]
        if kind == "group":
            col = ("red", "blue")[part[2]] if len(part) > 2 else colour
            glyph = GROUP_GLYPHS[0 if m.relation == "equal" else groups % 3]
            groups += 1
            out += [(col, glyph, line)] * part[1]
        elif kind == "run":
            for i in range(part[1]):
                out.append((colour, RUN_GLYPHS[(runs + i) % 6], line))
            runs += part[1]
        elif kind == "exact":
            out += [(colour, str(v), None) for v in part[1]]
        elif kind == "free":
            out += [(colour, free_glyph, line)] * part[1]
        elif kind == "sum":
            n = m.size or 2
            out += [(colour, "?", line)] * n
            joins = ["+"] * (n - 1)
            tag = (_("= {total}") if m.size else _("… = {total}")).format(total=part[1])
        elif kind == "two-sum":
            out += [(colour, "?", line)] * 3
            joins = ["+", "="]
    if not joins:
        joins = [""] * (len(out) - 1)
    if colour == "same":
        tag = _("one colour")
    if m.values == "parity":
        tag = _("all odd or all even")
    return out, joins, tag


def describe(mission_id: str) -> list[str]:
    """The mission in words for the tooltip: the headline (id, points, cards) and the
    rule text (teamplay.md "The mission deck")."""
    m = MISSIONS[mission_id]
    points = ngettext("{n} point", "{n} points", m.vp).format(n=m.vp)
    if m.size is None:
        size = _("any number of cards")
    else:
        size = ngettext("{n} card", "{n} cards", m.size).format(n=m.size)
    return [
        _("Mission {id} · {points} · {size}").format(id=m.id, points=points, size=size),
        _(m.text),
    ]


def _wave(surface, x0: int, x1: int, y: int, colour, width: int) -> None:
    amp = max(2, (x1 - x0) // 10)
    pts = [
        (x0 + i, y + amp * math.sin(i / max(1, (x1 - x0)) * 4 * math.pi))
        for i in range(0, x1 - x0 + 1, 2)
    ]
    if len(pts) > 1:
        pygame.draw.lines(surface, colour, False, pts, width)


def token(
    surface,
    rect: pygame.Rect,
    colour: str,
    glyph: str,
    line: str | None,
    least: int = assets.MIN_TEXT,
) -> None:
    """One card of the language: a small card in the colour's fill, the colour's mark
    in its corner, the glyph in the middle (never under ``least`` pixels), the even/odd
    line under it."""
    fill = FILL[colour]
    pygame.draw.rect(surface, fill, rect, border_radius=max(2, rect.w // 6))
    pygame.draw.rect(surface, CREAM, rect, 1, border_radius=max(2, rect.w // 6))
    r = max(2, rect.w // 7)
    if colour in ("red", "blue"):
        colour_mark(surface, (rect.x + r + 2, rect.y + r + 2), r, colour, CREAM)
    size = int(
        min(rect.h * 0.46, rect.w * 0.8) if len(glyph) == 1 else min(rect.h * 0.34, rect.w * 0.42)
    )
    img = assets.font(max(least, size), True).render(glyph, True, CREAM)
    surface.blit(img, img.get_rect(center=(rect.centerx, rect.y + int(rect.h * 0.47))))
    if line:
        y = rect.bottom - max(4, rect.h // 6)
        x0, x1 = rect.x + rect.w // 5, rect.right - rect.w // 5
        width = max(2, rect.h // 14)
        if line == "even":
            pygame.draw.line(surface, CREAM, (x0, y), (x1, y), width)
        else:
            _wave(surface, x0, x1, y, CREAM, width)


@assets.cached(256, words=True)
def mission_card(mission_id: str, w: int, h: int, least: int = assets.MIN_TEXT) -> pygame.Surface:
    """Mission ``mission_id`` at ``w``×``h``: its id and points on top, its cards in the
    card language in the middle, its extra condition (if any) at the bottom; no text
    under ``least`` pixels (a room table's floor; :data:`client.assets.MIN_TEXT`)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(4, w // 14)
    pygame.draw.rect(surf, (236, 230, 210), rect, border_radius=radius)
    pygame.draw.rect(surf, (90, 80, 60), rect, 2, border_radius=radius)
    m = MISSIONS[mission_id]
    head = max(least, int(h * 0.17))
    surf.blit(assets.font(head, True).render(m.id, True, assets.INK), (w // 16, h // 20))
    # The points: a gold disc with the number.
    r = int(head * 0.72)
    c = (w - r - w // 16, h // 20 + r)
    pygame.draw.circle(surf, VP_GOLD, c, r)
    pygame.draw.circle(surf, (120, 90, 10), c, r, 1)
    vp = assets.font(max(least, int(head * 0.95)), True).render(str(m.vp), True, assets.INK)
    surf.blit(vp, vp.get_rect(center=c))
    toks, joins, tag = tokens(mission_id)
    n = len(toks)
    jw = [int(w * 0.06) if j else 0 for j in joins]
    gap = max(2, w // 60)
    avail = w - w // 10 - sum(jw) - gap * (n - 1)
    th = int(h * (0.40 if tag else 0.46))
    tw = max(8, min(int(th * 0.74), avail // max(1, n)))
    th = min(th, int(tw / 0.62))
    total = n * tw + gap * (n - 1) + sum(jw)
    x = (w - total) // 2
    y = int(h * 0.36) if tag else int(h * 0.40)
    jfont = assets.font(max(least, int(th * 0.5)), True)
    for i, (col, glyph, line) in enumerate(toks):
        token(surf, pygame.Rect(x, y, tw, th), col, glyph, line, least)
        x += tw + gap
        if i < len(joins) and joins[i]:
            img = jfont.render(joins[i], True, assets.INK)
            surf.blit(img, img.get_rect(center=(x + jw[i] // 2 - gap // 2, y + th // 2)))
            x += jw[i]
    if tag:
        img = assets.fit(tag, max(least, int(h * 0.13)), w - 6, assets.INK, True, floor=least)
        surf.blit(img, img.get_rect(midbottom=(w // 2, h - h // 18)))
    return surf.convert_alpha()
