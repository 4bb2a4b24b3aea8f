"""Fonts and colours, loaded once after the display exists (importlib.resources)."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame

FELT = (22, 92, 62)
FELT_DARK = (14, 66, 44)
INK = (30, 30, 34)
WHITE = (245, 245, 240)
GOLD = (244, 196, 48)
RED = (200, 50, 50)
SHADOW = (0, 0, 0, 90)
PANEL = (10, 40, 28, 200)
HIGHLIGHT = (255, 226, 90)


def font_path(bold: bool = False) -> str:
    """Path of the bundled DejaVu Sans (covers Latin accents and ♠♥♦♣)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return str(resources.files("assets") / "fonts" / name)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A bundled font at ``size`` pixels (cached)."""
    return pygame.font.Font(font_path(bold), size)


@lru_cache(maxsize=2048)
def text(s: str, size: int, color=WHITE, bold: bool = False) -> pygame.Surface:
    """Rendered, anti-aliased text (cached; bounded)."""
    return font(size, bold).render(s, True, color).convert_alpha()


def reset_caches() -> None:
    """Forget every cached font and surface (after ``pygame.quit``/a new display)."""
    from client import cards

    font.cache_clear()
    text.cache_clear()
    for fn in (cards.take5_card, cards.card_back, cards.slot, cards.shadow):
        fn.cache_clear()
