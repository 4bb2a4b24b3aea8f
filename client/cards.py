"""Card faces drawn in code (no image files), converted and cached per size."""

from __future__ import annotations

from functools import lru_cache

import pygame

from client import assets
from engine.take5 import bullheads

# Take 5 card colours by bullheads, after the printed deck (1 white … 7 purple).
HEAD_COLOURS = {
    1: (236, 236, 230),
    2: (140, 200, 235),
    3: (245, 205, 80),
    5: (230, 95, 80),
    7: (170, 110, 200),
}


def _rounded(size: tuple[int, int], fill, border, radius: int, width: int = 2) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    pygame.draw.rect(surf, border, rect, width, border_radius=radius)
    return surf


@lru_cache(maxsize=512)
def take5_card(card: int, w: int, h: int) -> pygame.Surface:
    """A Take 5 card ``card`` (1..104) at ``w``×``h`` pixels: big number, its
    bullheads as marks and as a number, colour by bullheads."""
    heads = bullheads(card)
    surf = _rounded((w, h), (250, 250, 246), (60, 60, 60), max(4, w // 10))
    inner = pygame.Rect(0, 0, w, h).inflate(-w // 7, -h // 7)
    pygame.draw.rect(surf, HEAD_COLOURS[heads], inner, border_radius=max(3, w // 14))
    size = int(h * (0.36 if card < 100 else 0.28))
    num = assets.font(size, True).render(str(card), True, assets.INK)
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
    small = assets.font(max(10, int(h * 0.13)), True).render(str(card), True, assets.INK)
    surf.blit(small, (w // 9, h - small.get_height() - h // 14))
    return surf.convert_alpha()


@lru_cache(maxsize=32)
def card_back(w: int, h: int) -> pygame.Surface:
    """The back of a card: Tapete green with a gold lozenge."""
    surf = _rounded((w, h), (24, 70, 120), (230, 230, 230), max(4, w // 10), 3)
    c = (w // 2, h // 2)
    pts = [
        (c[0], c[1] - h // 4),
        (c[0] + w // 4, c[1]),
        (c[0], c[1] + h // 4),
        (c[0] - w // 4, c[1]),
    ]
    pygame.draw.polygon(surf, assets.GOLD, pts, 3)
    return surf.convert_alpha()


@lru_cache(maxsize=16)
def slot(w: int, h: int) -> pygame.Surface:
    """An empty card place."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (255, 255, 255, 40), surf.get_rect(), 2, border_radius=max(4, w // 10))
    return surf.convert_alpha()


@lru_cache(maxsize=8)
def shadow(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=max(4, w // 10))
    return surf.convert_alpha()
