"""Every table keeps its cards' proportions when the window is resized (one scale
factor, the smaller of the two ratios) and still draws at odd window shapes."""

import pygame
import pytest

from client.launch import start_table
from tests.client.conftest import run_until

SEATS = {
    "take5": ["human", "bot:easy", "bot:easy"],
    "the-game": ["human", "bot:easy"],
    "teamplay": ["human", "bot:easy", "bot:easy", "bot:easy"],
    "sequence-numbers": ["human", "bot:easy"],
    "guandan": ["human", "bot:easy", "bot:easy", "bot:easy"],
}


@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_resize_scales_uniformly(app, game_id):
    table = start_table(app, game_id, SEATS[game_id], 4)
    assert run_until(app, lambda: table.board is not None)
    for w, h in ((1600, 720), (1024, 768), (1920, 1080)):
        app.frame(1 / 30, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])
        assert app.size == (w, h)
        assert table.k == pytest.approx(min(w / 1280, h / 720))
        app.frame(1 / 30, [])  # draws without error at that shape
