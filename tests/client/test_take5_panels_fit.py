"""Take 5's player panels never draw their two lines over each other: with ten
players in an 800×500 window a panel is too short for the name and "pile: N cards"
(they overlapped), so it shows the name alone; at 1280×720 both lines show."""

from __future__ import annotations

import pygame
import pytest

from client import i18n
from client.tables.take5 import layout, paint
from tests.client.test_tables_contract import seated
from tests.client.test_tables_text import resize


class Recording(pygame.Surface):
    """A surface that remembers every blit: (source, destination rect)."""

    def __init__(self, size):
        super().__init__(size)
        self.log: list[tuple[pygame.Surface, pygame.Rect]] = []

    def blit(self, source, dest, *args, **kwargs):
        at = pygame.Rect(dest).topleft if len(dest) == 4 else tuple(dest)
        self.log.append((source, pygame.Rect(at, source.get_size())))
        return super().blit(source, dest, *args, **kwargs)


def lines_drawn(table, w, h):
    """Per seat: the rects of the panel's text lines (name and pile line)."""
    texts: dict[int, str] = {}
    real = table.fit_text

    def fit_text(text, *a, **k):
        img = real(text, *a, **k)
        texts[id(img)] = text
        return img

    table.fit_text = fit_text
    try:
        surface = Recording((w, h))
        paint.draw_players(table, surface)
    finally:
        del table.fit_text
    lines = {}
    for seat in range(table.board["players"]):
        panel = layout.player_rect(table, seat)
        lines[seat] = [r for src, r in surface.log if id(src) in texts and panel.contains(r)]
    return lines


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_ten_panels_keep_their_lines_apart(app, lang):
    table = seated(app, "take5", ["human"] + ["bot"] * 9)
    try:
        i18n.set_language(lang)
        for (w, h), both in (((1280, 720), True), ((800, 500), False)):
            resize(app, w, h)
            for seat, rects in lines_drawn(table, w, h).items():
                assert rects[0].collidelist(rects[1:]) == -1, (lang, w, seat, rects)
                assert len(rects) == (2 if both else 1), (lang, w, seat, rects)
    finally:
        i18n.set_language("en")
        resize(app, 1280, 720)
