"""Esc's question (Leave / Stay) has the input while it is open, at every table: a
click on Leave leaves even where a table control lies under it (The Game's pile
signals did), and Tab moves the question's focus (Teamplay's mission Tab and The
Game's couch Tab took it); a table's own keys (Take 5's P, Guandan's L) wait."""

from __future__ import annotations

import pygame
import pytest

from client.tables import tables_available
from tests.client.test_tables_contract import seated

GAMES = tables_available()


def press(app, k, mod=0):
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_click_on_leave_leaves(app, game_id):
    table = seated(app, game_id)
    press(app, pygame.K_ESCAPE)
    if not table.leaving.open:  # Esc first dropped a selection
        press(app, pygame.K_ESCAPE)
    assert table.leaving.open
    leave = table.leaving.buttons["leave"]
    app.frame(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=leave.center)])
    assert type(app.scene).__name__ == "MenuScene"


@pytest.mark.parametrize("game_id", GAMES)
def test_tab_moves_the_questions_focus(app, game_id):
    table = seated(app, game_id)
    press(app, pygame.K_ESCAPE)
    if not table.leaving.open:
        press(app, pygame.K_ESCAPE)
    assert table.leaving.focus == "stay"
    press(app, pygame.K_TAB)
    assert table.leaving.open and table.leaving.focus == "leave"


def test_the_games_signal_keys_wait_while_the_question_is_open(app):
    table = seated(app, "the-game")
    press(app, pygame.K_ESCAPE)
    assert table.leaving.open
    sent = []
    table.session.send = lambda seat, action: sent.append(action)
    press(app, pygame.K_a, pygame.KMOD_LCTRL)
    assert sent == [] and table.leaving.open


def test_take5_p_and_guandan_l_wait_while_the_question_is_open(app):
    table = seated(app, "take5")
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_p)
    assert not table.pile_open and table.leaving.open
    table = seated(app, "guandan")
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_l)
    assert not table.review and table.leaving.open
