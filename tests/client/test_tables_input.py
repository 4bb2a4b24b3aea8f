"""Input while the table moves (issue 16): a hand holds still under the pointer, so a
click acts on the card the player saw there (:class:`client.tables.hold.HeldRow`); and
one way to drop a selection at every table: a right click, Backspace, or Esc (which
asks to leave only when nothing is selected); Esc's question (Leave / Stay) and the
results screen's guard against a play key still held."""

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
        app.frame(1 / 30, [how])  # nothing left to drop: Esc asks
        assert table.leaving.open and app.scene is table
        app.frame(1 / 30, [how])  # Esc again: stay
        assert not table.leaving.open and app.scene is table


def press(app, k):
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def test_esc_asks_before_leaving_and_stay_has_the_focus(app):
    from client import assets

    table = seated(app, "take5")
    press(app, pygame.K_ESCAPE)
    assert table.leaving.open and table.leaving.kind == "logged"
    assets.reset_caches()
    with assets.recording() as seen:
        table.draw(app.screen)
    words = [text for _size, text in seen]
    assert "Leave the table?" in words and "Leave" in words and "Stay" in words
    said = " ".join(words)  # the line wraps in two
    assert "You can finish this game later: Continue a game, in the menu." in said
    press(app, pygame.K_RETURN)  # the play key by habit: Stay is chosen
    assert not table.leaving.open and app.scene is table
    press(app, pygame.K_ESCAPE)
    press(app, pygame.K_TAB)  # the focus moves to Leave
    assert table.leaving.focus == "leave"
    press(app, pygame.K_RETURN)
    assert type(app.scene).__name__ == "MenuScene"


def test_the_leave_buttons_answer_clicks(app):
    table = seated(app, "take5")
    press(app, pygame.K_ESCAPE)
    stay, leave = table.leaving.buttons["stay"], table.leaving.buttons["leave"]
    assert leave.right < stay.left
    app.frame(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=stay.center)])
    assert not table.leaving.open and app.scene is table
    press(app, pygame.K_ESCAPE)
    app.frame(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=leave.center)])
    assert type(app.scene).__name__ == "MenuScene"


def test_a_host_of_a_lan_table_is_told_that_leaving_closes_it(app):
    from client.launch import KINDS, TableSpec
    from client.session import TableSession

    spec = TableSpec.new("take5", ["human", "open", "bot"], 1, kinds=KINDS, name="LAN")
    session = TableSession.local(spec, log=False)
    session.start_game()  # nobody came: a bot takes the open seat
    table = app.go("table", session=session)
    assert run_until(app, lambda: table.board is not None and "threshold" in table.board)
    press(app, pygame.K_ESCAPE)
    assert table.leaving.kind == "host"
    assert table.leaving.texts() == (
        "Leave the table?",
        "You host this table: leaving closes it for every player at it.",
    )


def test_the_results_ignore_the_play_key_for_a_second(app):
    from client.scenes import results
    from client.tables.take5 import Take5Table

    table = seated(app, "take5")
    view = {**table.session.mirrors[0].view, "over": True, "winners": [0]}
    scene = app.go("results", session=table.session, view=view, table_class=Take5Table)
    assert not scene.again.is_enabled and not scene.menu.is_enabled
    press(app, pygame.K_RETURN)  # still pressing the play key: ignored
    press(app, pygame.K_ESCAPE)
    assert app.scene is scene
    for _ in range(int(max(results.GUARD, results.QUIET) * 30) + 1):
        app.frame(1 / 30, [])
    assert scene.again.is_enabled and scene.again.text == "New game, same players"
    assert scene.menu.text == "Back to the menu"
    press(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "MenuScene"
