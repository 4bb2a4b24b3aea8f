"""The Take 5 table (take5.md): the landing preview of a hovered or selected card, the
players' panels in one unit, your own penalty pile (only yours), totals shown the
moment the round's popup tells them, and that popup clear of the revealed names."""

from __future__ import annotations

import pygame
import pytest

from client.launch import start_table
from client.tables.take5 import layout
from client.tables.take5.paint import player_lines, preview_text
from client.tables.take5.scene import landing
from tests.client.conftest import run_until, settled

SEATS = ["human", "bot:easy", "bot:easy", "bot:easy"]
#: Four rows as a round might leave them; row 2 holds five cards (its sixth takes).
ROWS = [[21], [90, 91, 92, 93, 94], [83], [11]]


def event(kind, **fields):
    return pygame.event.Event(kind, **fields)


def key(app, k):
    app.frame(1 / 30, [event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def choosing(app, seed=7, seats=SEATS):
    table = start_table(app, "take5", seats, seed)
    table.session.set_bot_delay(0.0)
    assert run_until(app, settled(table, "choose"))
    return table


# ---------------------------------------------------------------- the preview
@pytest.mark.parametrize(
    "card, expected",
    [
        # 50 follows 21 (the highest end below 50): the row's 2nd card; 21 (1) + 50 (3).
        (50, {"row": 0, "place": 2, "cost": 4, "takes": False}),
        # 85 follows 83: 83 (1) + 85 (2) = 3 bullheads.
        (85, {"row": 2, "place": 2, "cost": 3, "takes": False}),
        # 95 is the sixth card of row 2: you take 90 (3) + 91..94 (1 each) = 7.
        (95, {"row": 1, "place": 6, "cost": 7, "takes": True}),
        # 12 follows 11 (5 bullheads) and is worth 1: 6.
        (12, {"row": 3, "place": 2, "cost": 6, "takes": False}),
        # 7 is lower than every row: the cheapest to take is row 1 (1; row 3 ties, later).
        (7, {"row": None, "cheapest": 0, "cost": 1}),
    ],
)
def test_landing_names_the_row_the_place_and_the_cost(card, expected):
    assert landing(ROWS, card) == expected


def test_the_preview_words():
    assert preview_text(dict(landing(ROWS, 95), card=95)) == (
        "95 would be the 6th card of row 2: you take 7 bullheads"
    )
    assert preview_text(dict(landing(ROWS, 50), card=50)) == (
        "50 would be card 2 of row 1: the row would hold 4 bullheads"
    )
    assert preview_text(dict(landing(ROWS, 7), card=7)) == (
        "7 is lower than every row: you would take one (cheapest: row 1, 1 bullhead)"
    )


def test_hovering_a_card_previews_its_row_and_selecting_keeps_it(app):
    table = choosing(app)
    hand, rows = table.board["hand"], table.board["rows"]
    rects = table.hand_rects()
    app.frame(
        1 / 30, [event(pygame.MOUSEMOTION, pos=rects[4].center, rel=(1, 0), buttons=(0, 0, 0))]
    )
    assert table.preview() == dict(landing(rows, hand[4]), card=hand[4])
    app.frame(1 / 30, [event(pygame.MOUSEMOTION, pos=(5, 700), rel=(1, 0), buttons=(0, 0, 0))])
    assert table.preview() is None  # nothing hovered, nothing selected
    table.selected = hand[1]
    assert table.preview() == dict(landing(rows, hand[1]), card=hand[1])


# ---------------------------------------------------------------- the players' panels
def test_every_panel_says_the_same_thing_in_the_same_unit(app):
    table = choosing(app)
    table.board.own("penalty_counts")[:] = [3, 3, 0, 1]
    assert player_lines(table, 0) == ("You", "pile: 3 cards")
    assert player_lines(table, 1) == ("Bot 2", "pile: 3 cards")
    assert player_lines(table, 2) == ("Bot 3", "pile: 0 cards")
    assert player_lines(table, 3) == ("Bot 4", "pile: 1 card")


def test_your_pile_opens_with_p_or_your_panel_and_only_yours(app):
    table = choosing(app)
    key(app, pygame.K_p)
    assert table.pile_open
    key(app, pygame.K_p)
    assert not table.pile_open
    other = layout.player_rect(table, 2).center
    app.frame(1 / 30, [event(pygame.MOUSEBUTTONUP, button=1, pos=other)])
    assert not table.pile_open  # another player's pile is private (take5.md)
    mine = layout.player_rect(table, 0).center
    app.frame(1 / 30, [event(pygame.MOUSEBUTTONUP, button=1, pos=mine)])
    assert table.pile_open
    key(app, pygame.K_ESCAPE)  # Esc closes the pile first; the table stays
    assert not table.pile_open and app.scene is table


def test_the_pile_lists_your_cards_and_their_bullheads(app):
    from client import assets

    table = choosing(app)
    table.board["own_penalty"] = [10, 55, 3]
    table.board["own_bullheads"] = 3 + 7 + 1
    table.pile_open = True
    assets.reset_caches()
    with assets.recording() as drawn:
        table.draw(app.screen)
    words = {text for _size, text in drawn}
    assert "Your penalty pile this round: 11 bullheads" in words
    assert {"3", "10", "55"} <= words  # the cards, drawn in the panel


# ---------------------------------------------------------------- the round's end
def test_totals_show_when_the_round_popup_does(app):
    table = choosing(app)
    end = {"type": "round-end", "round": 1, "bullheads": [4, 0, 32, 20], "totals": [4, 0, 32, 20]}
    for beat in table.beats_for([end]):
        table.timeline.add(beat)
    table.timeline.update(0.01)  # the popup's beat begins
    assert table.round_summary_t > 0
    assert list(table.board["totals"]) == [4, 0, 32, 20]


@pytest.mark.parametrize("players", [2, 5, 10])
def test_the_round_popup_covers_no_revealed_name_nor_total(app, players):
    seats = ["human"] + ["bot:easy"] * (players - 1)
    table = choosing(app, seats=seats)
    step = max(table.s(30), int(table.t(19) * 1.25))
    box = layout.summary_box(table, players, step)
    for i in range(players):
        slot = layout.reveal_slot(table, i)
        name = slot.inflate(0, table.s(44)).move(0, table.s(22))  # the card and its name
        assert not box.colliderect(name)
        assert not box.colliderect(layout.player_rect(table, i))
    assert pygame.Rect(0, 0, table.w, table.h).contains(box)


def test_summary_gives_the_bullheads_of_every_round():
    """Standings by total bullheads, lowest first, and each player's bullheads in each
    round from the round-end events the table showed (take5.md "End of the game")."""
    from client.tables.take5 import Take5Table

    story = [
        {"type": "round-end", "round": 1, "bullheads": [12, 0, 7], "totals": [12, 0, 7]},
        {"type": "round-end", "round": 2, "bullheads": [60, 9, 1], "totals": [72, 9, 8]},
    ]
    view = {"totals": [72, 9, 8], "winners": [2], "round": 2}
    names = ["Ana", "Bot 2 (hard)", "Bot 3 (easy)"]
    info = Take5Table.summary(view, names, 0, story)
    assert info["headline"] == "Bot 3 wins!"  # the winner, named
    assert info["subtitle"] == "Take 5 · 2 rounds · fewest bullheads win"
    assert info["columns"] == ["1", "2"] and info["columns_title"] == "Bullheads in each round"
    assert info["rows"] == [
        ("Bot 3 (easy)", "8 bullheads", True, ["7", "1"]),
        ("Bot 2 (hard)", "9 bullheads", False, ["0", "9"]),
        ("You", "72 bullheads", False, ["12", "60"]),
    ]
    one = Take5Table.summary({"totals": [1, 0], "winners": [1], "round": 1}, names[:2], 1)
    assert one["subtitle"] == "Take 5 · 1 round · fewest bullheads win"
    assert one["headline"] == "You win!" and one["rows"][1][1] == "1 bullhead"


@pytest.mark.parametrize(
    "options, words",
    [
        ({"rounds": 1}, "Game: 1 round · F1: rules · Esc: menu"),
        ({"rounds": 3}, "Game: 3 rounds · F1: rules · Esc: menu"),
        ({}, "Game: ends above 66 bullheads · F1: rules · Esc: menu"),
    ],
)
def test_the_header_says_how_the_game_ends(app, options, words):
    from client import assets

    table = start_table(app, "take5", SEATS, 7, options)
    table.session.set_bot_delay(0.0)
    assert run_until(app, settled(table, "choose"))
    assets.reset_caches()
    with assets.recording() as drawn:
        table.draw(app.screen)
    assert words in {text for _size, text in drawn}


def test_enter_with_no_card_picked_picks_the_first_then_plays_it(app):
    """Enter (or Space) with nothing picked picks the hand's first card and previews
    its row; it plays nothing until pressed again (a new player's Enter did nothing)."""
    from tests.client.test_tables_contract import recorder

    table = choosing(app)
    sent = recorder(table)
    hand = list(table.board["hand"])
    assert table.selected is None
    key(app, pygame.K_RETURN)
    assert table.selected == hand[0] and sent == []
    key(app, pygame.K_RETURN)
    assert sent == [{"type": "choose", "card": hand[0]}]


def test_the_round_box_keeps_each_total_whole_in_every_language_at_150(app):
    """Seen in a real window (Spanish, text 150 %): "+11 cabezas de toro · total…"."""
    from client import assets, i18n
    from client.tables.take5.paint import draw_round_summary
    from tests.client.test_tables_contract import seated

    t = seated(app, "take5", ["human", "bot", "bot"])
    t.round_summary = {"round": 1, "bullheads": [11, 33, 13], "totals": [11, 33, 13]}
    cut = {}
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for scale in (1.0, 1.25, 1.5):
                app.settings.ui_scale = scale
                assets.reset_caches()
                with assets.recording() as seen:
                    draw_round_summary(t, app.screen)
                if any("…" in text for _size, text in seen):
                    cut[lang, scale] = [text for _size, text in seen if "…" in text]
    finally:
        i18n.set_language("en")
        app.settings.ui_scale = 1.0
    assert cut == {}
