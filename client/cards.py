"""Pieces every table draws, in code (no image files), converted and cached per
size: card backs, empty card places, shadows, translucent panels."""

from __future__ import annotations

import math

import pygame

from client import assets


def rounded(size: tuple[int, int], fill, border, radius: int, width: int = 2) -> pygame.Surface:
    """A card blank: a rounded rectangle in ``fill`` with a ``border`` line (not
    converted: the caller draws on it, then converts)."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, fill, rect, border_radius=radius)
    pygame.draw.rect(surf, border, rect, width, border_radius=radius)
    return surf


@assets.cached(32)
def card_back(w: int, h: int) -> pygame.Surface:
    """The back of a card: Tapete green with a gold lozenge."""
    surf = rounded((w, h), (24, 70, 120), (230, 230, 230), max(4, w // 10), 3)
    c = (w // 2, h // 2)
    pts = [
        (c[0], c[1] - h // 4),
        (c[0] + w // 4, c[1]),
        (c[0], c[1] + h // 4),
        (c[0] - w // 4, c[1]),
    ]
    pygame.draw.polygon(surf, assets.GOLD, pts, 3)
    return surf.convert_alpha()


@assets.cached(16)
def slot(w: int, h: int, corner: int = 10) -> pygame.Surface:
    """An empty card place (its corners rounded by ``w // corner`` pixels)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, w // corner)
    pygame.draw.rect(surf, (255, 255, 255, 40), surf.get_rect(), 2, border_radius=radius)
    return surf.convert_alpha()


@assets.cached(8)
def shadow(w: int, h: int) -> pygame.Surface:
    """A card's soft shadow (drawn a few pixels below and right of the card)."""
    surf = pygame.Surface((w + 6, h + 6), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=max(4, w // 10))
    return surf.convert_alpha()


@assets.cached(64)
def panel(w: int, h: int, colour: tuple, radius: int) -> pygame.Surface:
    """A filled rounded rectangle of ``colour`` (RGBA: translucent panels and veils)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    return surf.convert_alpha()


def star(surface: pygame.Surface, center, r: float, colour, width: int = 0) -> None:
    """A five-pointed star of outer radius ``r`` pixels centred at ``center``, filled
    (``width`` 0) or outlined ``width`` pixels thick."""
    cx, cy = center
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts, width)
