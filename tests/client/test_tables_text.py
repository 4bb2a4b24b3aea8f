"""Text that scales (issue 16): every table, in every language, at 1280×720 and in a
small window, draws no text under :data:`client.assets.MIN_TEXT` (12 px font size),
and the player's text size reaches every table's text.

The sizes are recorded where text is rendered (:func:`client.assets.recording`, with
every cache emptied first so that cached card faces and labels are drawn again)."""

from __future__ import annotations

import pygame
import pytest

from client import assets, i18n
from client.tables import tables_available
from tests.client.test_tables_contract import seated

GAMES = tables_available()
LANGUAGES = list(i18n.LANGUAGES)
SIZES = ((1280, 720), (800, 500))


def resize(app, w: int, h: int) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])


def drawn(table) -> list[tuple[int, str]]:
    """``(size, text)`` of every text ``table`` draws now (nothing cached)."""
    assets.reset_caches()
    with assets.recording() as seen:
        table.draw(table.app.screen)
    return list(seen)


def smallest(table) -> tuple[int, str]:
    seen = drawn(table)
    assert seen, "the table drew no text"
    return min(seen)


def test_the_languages_are_the_six():
    assert LANGUAGES == ["en", "es", "gl", "pt", "hu", "fr"]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_text_under_12_px_in_any_language_or_window(app, game_id):
    table = seated(app, game_id)
    found = {}
    try:
        for lang in LANGUAGES:
            i18n.set_language(lang)
            for w, h in SIZES:
                resize(app, w, h)
                found[lang, w] = smallest(table)
    finally:
        i18n.set_language("en")
        resize(app, 1280, 720)
    print(game_id, {k: v[0] for k, v in found.items()})
    small = {k: v for k, v in found.items() if v[0] < assets.MIN_TEXT}
    assert not small, f"text under {assets.MIN_TEXT} px: {small}"
