"""Input while the table moves (issue 16): a hand holds still under the pointer, so a
click acts on the card the player saw there (:class:`client.tables.hold.HeldRow`); and
one way to drop a selection at every table: a right click, Backspace, or Esc (which
leaves only when nothing is selected)."""

from __future__ import annotations

import pygame
import pytest

from client.launch import start_table
from client.tables import tables_available
from client.tables.hold import SETTLE, HeldRow
from tests.client.conftest import run_until
from tests.client.test_tables_contract import seated

GAMES = tables_available()


def row(n: int, x0: int = 100, step: int = 50) -> list[pygame.Rect]:
    return [pygame.Rect(x0 + i * step, 600, 40, 60) for i in range(n)]


# ---------------------------------------------------------------- HeldRow
def test_a_row_holds_its_places_while_the_pointer_is_over_it():
    held = HeldRow()
    assert held.layout("abcde", lambda: row(5), None, 0.0) == row(5)
    inside = (170, 620)  # over card "b"
    assert held.layout("abcde", lambda: row(5), inside, 0.1) == row(5)
    # "b" is played: the others keep their places (a gap where "b" was) …
    kept = held.layout("acde", lambda: row(4, x0=125), inside, 0.2)
    assert kept == [row(5)[i] for i in (0, 2, 3, 4)]
    assert not any(r.collidepoint(inside) for r in kept)  # the click finds no card
    # … and "e" too, still under the pointer.
    assert held.layout("acd", lambda: row(3, x0=150), inside, 0.3) == [row(5)[i] for i in (0, 2, 3)]
    # The pointer leaves: the row closes ranks (and did not move under the pointer).
    assert held.layout("acd", lambda: row(3, x0=150), (10, 10), 0.4) == row(3, x0=150)
    assert not held.settling(0.41)


def test_a_row_that_moves_under_the_pointer_refuses_clicks_for_a_moment():
    held = HeldRow()
    held.layout("abc", lambda: row(3), None, 0.0)
    inside = (120, 620)
    # A card arrives (not a card leaving): the row is laid out afresh under the pointer.
    held.layout("abcd", lambda: row(4, x0=75), inside, 1.0)
    assert held.settling(1.0 + SETTLE / 2)
    assert not held.settling(1.0 + SETTLE)


def test_a_new_order_is_shown_at_once_even_under_the_pointer():
    held = HeldRow()
    held.layout("abc", lambda: row(3), None, 0.0)
    assert held.layout("cab", lambda: row(3, x0=90), (120, 620), 0.1) == row(3, x0=90)


def test_the_game_a_second_click_in_the_same_place_finds_no_other_card(app):
    """The issue's case: the hand shifted after a play and the same spot picked the
    next card. Now the card that was played leaves a gap while the pointer stays."""
    table = start_table(app, "the-game", ["human", "bot:easy"], seed=5, options={"start": 0})
    table.session.set_bot_delay(0.0)
    assert run_until(app, table.deciding)
    hand = list(table.board["hand"])
    spot = table.hand_rects()[1].center
    down_up = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=spot),
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=spot),
    ]
    app.frame(1 / 30, down_up)
    assert table.selected == hand[1]
    pile = table.piles_for(hand[1])[0]
    key = {"asc1": pygame.K_a, "asc2": pygame.K_s, "desc1": pygame.K_d, "desc2": pygame.K_f}[pile]
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    assert run_until(app, lambda: hand[1] not in table.board["hand"] and table.deciding(), 30)
    app.frame(1 / 30, down_up)  # the same spot, the pointer never left
    assert table.selected is None  # a gap, not the card that would have slid there
    app.frame(
        1 / 30, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))]
    )
    app.frame(1 / 30, [])
    assert table.hand_rects()[1] == table.hand_slot(1, len(table.board["hand"]))  # closed up


# ---------------------------------------------------------------- dropping a selection
def pick(app, table) -> None:
    """Select something through the table's own input: a click on a hand card."""
    if table.game_id == "teamplay":
        while table.mode() == "fresh":  # set-up: keep the mission first
            app.frame(
                1 / 30,
                [
                    pygame.event.Event(
                        pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k", scancode=0
                    )
                ],
            )
            assert run_until(app, table.deciding, 60)
    if table.game_id == "guandan":
        r = table.hand.rects[0]
    else:
        r = table.hand_rects()[0]
    pos = (r.x + 10, r.y + 30)
    app.frame(
        1 / 30,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
        ],
    )


def picked(table) -> bool:
    if table.game_id == "guandan":
        return bool(table.hand.selected)
    return table.selected not in (None, [])


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize(
    "how",
    [
        pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=(640, 300)),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0),
    ],
    ids=["right-click", "backspace", "esc"],
)
def test_every_table_drops_a_selection_the_same_way(app, game_id, how):
    table = seated(app, game_id)
    pick(app, table)
    assert picked(table)
    app.frame(1 / 30, [how])
    assert not picked(table) and app.scene is table  # dropped; still at the table
    if how.type == pygame.KEYDOWN and how.key == pygame.K_ESCAPE:
        app.frame(1 / 30, [how])  # nothing left to drop: Esc leaves
        assert app.scene is not table
