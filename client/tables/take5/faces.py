"""Take 5 pieces drawn in code: the cards (number, bullhead marks, colour by
bullheads, after the printed deck) and the bullhead mark itself."""

from __future__ import annotations

import pygame

from client import assets, cards
from engine.take5 import bullheads

# Take 5 card colours by bullheads, after the printed deck (1 white … 7 purple).
HEAD_COLOURS = {
    1: (236, 236, 230),
    2: (140, 200, 235),
    3: (245, 205, 80),
    5: (230, 95, 80),
    7: (170, 110, 200),
}


@assets.cached(512)
def card(n: int, w: int, h: int, least: int = assets.MIN_TEXT) -> pygame.Surface:
    """A Take 5 card ``n`` (1..104) at ``w``×``h`` pixels: big number, its bullheads
    as marks and as a number, colour by bullheads. The small number in the corner is
    left off when it would be under ``least`` pixels (a room table's text floor: the
    big number says it)."""
    heads = bullheads(n)
    surf = cards.rounded((w, h), (250, 250, 246), (60, 60, 60), max(4, w // 10))
    inner = pygame.Rect(0, 0, w, h).inflate(-w // 7, -h // 7)
    pygame.draw.rect(surf, HEAD_COLOURS[heads], inner, border_radius=max(3, w // 14))
    size = int(h * (0.36 if n < 100 else 0.28))
    num = assets.font(size, True).render(str(n), True, assets.INK)
    surf.blit(num, num.get_rect(center=(w // 2, int(h * 0.52))))
    # bullhead marks: small horned heads along the top
    r = max(2, w // 22)
    gap = r * 2 + 2
    x0 = w // 2 - (heads - 1) * gap // 2
    for i in range(heads):
        cx, cy = x0 + i * gap, int(h * 0.2)
        pygame.draw.circle(surf, (120, 30, 60), (cx, cy), r)
        pygame.draw.line(surf, (120, 30, 60), (cx - r, cy - r), (cx - r - 2, cy - r - 3), 2)
        pygame.draw.line(surf, (120, 30, 60), (cx + r, cy - r), (cx + r + 2, cy - r - 3), 2)
    px = max(assets.MIN_TEXT, int(h * 0.13))
    if px >= least:
        small = assets.font(px, True).render(str(n), True, assets.INK)
        surf.blit(small, (w // 9, h - small.get_height() - h // 14))
    return surf.convert_alpha()


def bull_icon(
    surface: pygame.Surface, center: tuple[int, int], r: int, color=(120, 30, 60)
) -> None:
    """A small horned head, the bullhead mark."""
    cx, cy = center
    pygame.draw.circle(surface, color, (cx, cy), r)
    pygame.draw.line(surface, color, (cx - r, cy - r // 2), (cx - r - r // 2, cy - r - 2), 3)
    pygame.draw.line(surface, color, (cx + r, cy - r // 2), (cx + r + r // 2, cy - r - 2), 3)
    pygame.draw.circle(surface, (250, 250, 246), (cx - r // 3, cy - r // 5), max(1, r // 5))
    pygame.draw.circle(surface, (250, 250, 246), (cx + r // 3, cy - r // 5), max(1, r // 5))
