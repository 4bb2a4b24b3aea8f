"""The Game's pieces drawn in code: the cards (2..99, a band shaded by value), the
piles' start markers (1 up, 100 down), arrows, and the two pile signals with shapes
that differ as well as their colours (the-game.md "Signals")."""

from __future__ import annotations

import pygame

from client import assets

CREAM = (250, 247, 236)
UP_TINT = (196, 92, 40)  # warm for "up" piles (the arrow and the word carry the meaning)
DOWN_TINT = (44, 96, 178)  # cool for "down" piles
DONT = (196, 40, 40)
WELL = (30, 140, 70)


@assets.cached(256)
def card(n: int, w: int, h: int) -> pygame.Surface:
    """A card of The Game (2..99): cream face, a band shaded by value, the number
    large in the middle and small in two corners."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = max(4, w // 10)
    pygame.draw.rect(surf, CREAM, rect, border_radius=radius)
    k = (n - 2) / 97
    band = (int(236 - 90 * k), int(150 + 40 * k), int(90 + 150 * k))
    inner = rect.inflate(-w // 8, -h // 10)
    pygame.draw.rect(surf, band, inner, max(2, w // 24), border_radius=max(3, w // 14))
    pygame.draw.rect(surf, (70, 70, 70), rect, 2, border_radius=radius)
    big = assets.font(int(h * 0.36), True).render(str(n), True, assets.INK)
    surf.blit(big, big.get_rect(center=(w // 2, int(h * 0.52))))
    small = assets.font(max(assets.MIN_TEXT, int(h * 0.13)), True)
    corner = small.render(str(n), True, assets.INK)
    surf.blit(corner, (w // 8, h // 14))
    flipped = pygame.transform.rotate(corner, 180)
    surf.blit(flipped, flipped.get_rect(bottomright=(w - w // 8, h - h // 14)))
    return surf.convert_alpha()


@assets.cached(8)
def marker(up: bool, w: int, h: int) -> pygame.Surface:
    """A pile's start marker (not a card): "1" with an up arrow, "100" with a down
    arrow, on the pile's tint."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    tint = UP_TINT if up else DOWN_TINT
    pygame.draw.rect(surf, tint, rect, border_radius=max(4, w // 10))
    pygame.draw.rect(surf, CREAM, rect, 3, border_radius=max(4, w // 10))
    arrow(surf, (w // 2, int(h * 0.3)), int(h * 0.16), up, CREAM)
    num = assets.font(int(h * (0.3 if up else 0.24)), True).render(
        "1" if up else "100", True, CREAM
    )
    surf.blit(num, num.get_rect(center=(w // 2, int(h * 0.66))))
    return surf.convert_alpha()


def arrow(surface, center, r: int, up: bool, colour) -> None:
    """A solid arrow (triangle on a shaft) pointing up or down, ``r`` half its height."""
    cx, cy = center
    d = -1 if up else 1
    head = [(cx, cy + d * r), (cx - r, cy), (cx + r, cy)]
    pygame.draw.polygon(surface, colour, head)
    shaft = pygame.Rect(0, 0, max(2, r * 2 // 3), r)
    shaft.center = (cx, cy - d * r // 2)
    pygame.draw.rect(surface, colour, shaft)


def signal_icon(surface, center, r: int, kind: str) -> None:
    """ "dont-play": a red octagon with a white bar (no entry); "can-play-well": a
    green circle with a white tick. Shapes differ, so colour is not the only mark."""
    cx, cy = center
    if kind == "dont-play":
        k = r * 0.42
        pts = [
            (cx - k, cy - r),
            (cx + k, cy - r),
            (cx + r, cy - k),
            (cx + r, cy + k),
            (cx + k, cy + r),
            (cx - k, cy + r),
            (cx - r, cy + k),
            (cx - r, cy - k),
        ]
        pygame.draw.polygon(surface, DONT, pts)
        pygame.draw.polygon(surface, CREAM, pts, 1)
        bar = pygame.Rect(0, 0, int(r * 1.3), max(2, r // 3))
        bar.center = (cx, cy)
        pygame.draw.rect(surface, CREAM, bar)
    else:
        pygame.draw.circle(surface, WELL, (cx, cy), r)
        pygame.draw.circle(surface, CREAM, (cx, cy), r, 1)
        w = max(2, r // 3)
        pygame.draw.lines(
            surface,
            CREAM,
            False,
            [(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.45), (cx + r * 0.55, cy - r * 0.4)],
            w,
        )
