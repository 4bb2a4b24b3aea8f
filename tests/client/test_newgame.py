"""The New game form explains itself (issue 16): every option has a help line that
says what it does and what a blank box means, the seed waits under "Advanced", and
every local player can be named."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from client.scenes.newgame import CHOICE_OPTIONS, bots_help, option_help
from client import i18n
from engine import GAME_IDS, get_game


def press(scene, button):
    scene.handle_event(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_has_a_help_line_and_a_blank_is_explained(game_id):
    for name, default in get_game(game_id).default_options.items():
        text = option_help(game_id, name)
        assert text.endswith("."), (game_id, name)
        if (game_id, name) in CHOICE_OPTIONS:
            continue  # a drop-down of its values: no blank box to explain
        if default is None:  # a blank box means something: the line says what
            assert "Blank: " in text, (game_id, name)


def test_help_lines_say_what_blank_means():
    assert option_help("take5", "rounds") == (
        "Play this many rounds instead. Blank: play to the limit."
    )
    assert option_help("guandan", "deals") == (
        "End after this many deals; the higher level wins. Blank: until a win at A."
    )
    assert option_help("teamplay", "end_at") == (
        "Completed missions that announce the end. Blank: 8 for a team, 5 alone."
    )


def test_the_form_draws_each_help_line_by_its_option(app):
    from client import assets

    scene = app.go("newgame", game_id="take5")
    assert [text for _rect, text in scene.help_rows] == [
        option_help("take5", n) for n in ("threshold", "rounds", "tactical")
    ] + [bots_help()]
    assets.reset_caches()
    with assets.recording() as seen:
        scene.draw(app.screen)
    drawn = " ".join(text for _size, text in seen)
    assert "The game ends once a total passes this many bullheads." in drawn
    assert min(size for size, _t in seen) >= assets.MIN_TEXT


def test_the_form_says_what_the_bot_levels_are_like_under_the_seats_of_a_table_with_a_bot(app):
    assert bots_help() == (
        "Bots — easy: gentle, for learning; normal: plays sensibly; "
        "hard: thinks ahead and wins more often."
    )
    couch = app.go("newgame", game_id="guandan", seats=["human"] * 4)
    assert couch.bots_row is None and bots_help() not in [t for _r, t in couch.help_rows]
    scene = app.go("newgame", game_id="guandan", seats=["human"] * 3 + ["bot:hard"])
    row = scene.bots_row
    assert (row, bots_help()) in scene.help_rows
    assert scene.add.rect.bottom <= row.top and row.left == scene.seat_rows[0].left
    assert row.bottom <= scene.seat_rows[0].top  # under "+ seat", above the first seat
    i18n.set_language("hu")
    try:
        assert bots_help() == (
            "Gépek — könnyű: kíméletes, tanuláshoz; normál: megfontoltan játszik; "
            "nehéz: előre gondolkodik és gyakrabban nyer."
        )
    finally:
        i18n.set_language("en")


def test_the_game_says_that_its_bots_are_partners_and_easy_ones_make_it_harder(app):
    """Issue 34: in The Game the bots play with the player, so the levels read the
    other way round; the form says so under the seats, in every language, and so does
    the rules help (F1)."""
    from client import assets
    from client.help import rules_text

    line = bots_help("the-game")
    assert line == (
        "Bots are your partners here — easy partners make the game harder; "
        "hard partners plan with you and win more often."
    )
    scene = app.go("newgame", game_id="the-game", seats=["human", "bot:easy"])
    assert (scene.bots_row, line) in scene.help_rows and bots_help() not in [
        t for _r, t in scene.help_rows
    ]
    px = 14 if scene.layout()["beside"] else 12
    lines, px = assets.fit_lines(line, px, scene.bots_row.w, 2, False)
    assert not lines[-1].endswith("…") and px >= assets.MIN_TEXT, (lines, px)
    assert rules_text("the-game", "en")[-3] == (
        "The bots are your partners: you all win or lose together, so the levels work the "
        "other way round. Easy partners play without a plan and make the game harder for "
        "you; with hard partners you have the best chance to win."
    )
    for code in ("es", "gl", "pt", "hu", "fr"):
        i18n.set_language(code)
        try:
            assert bots_help("the-game") != line, code
            partners = rules_text("the-game", code)[-3]
            assert partners not in rules_text("the-game", "en") and len(partners) > 150, code
        finally:
            i18n.set_language("en")


def test_the_seed_waits_under_advanced(app):
    scene = app.go("newgame", game_id="take5", seats=["human", "bot:easy"])
    assert scene.seed is None and scene.more.text == "Advanced ▸"
    scene.option_widgets["threshold"][0].set_text("40")
    press(scene, scene.more)
    assert scene.seed is not None and scene.more.text == "Advanced ▾"
    assert scene.option_widgets["threshold"][0].get_text() == "40"  # kept across the rebuild
    scene.seed.set_text("1234")
    scene.start_game()
    session = app.scene.session
    assert session.seed == 1234 and session.options["threshold"] == 40


def test_every_local_player_can_be_named(app):
    scene = app.go("newgame", game_id="take5", seats=["human", "human", "bot:easy"])
    assert sorted(scene.name_entries) == [0, 1]
    assert scene.name_entries[0].get_text() == "Ana"  # the player's name from Settings
    assert scene.name_entries[1].get_text() == "Player 2"
    scene.name_entries[1].set_text("Ben")
    press(scene, scene.add)  # a rebuild keeps the typed name
    assert scene.name_entries[1].get_text() == "Ben" and len(scene.seat_menus) == 4
    scene.start_game()
    assert app.scene.session.names[:3] == ["Ana", "Ben", "Bot 3 (easy)"]


def test_a_lan_host_form_has_no_name_boxes(app):
    scene = app.go("newgame", game_id="take5", lan=True)
    assert scene.name_entries == {} and scene.table_name is not None


def test_the_first_seat_is_counted_from_1(app):
    """A choice (issue 33: a number box with few values became a drop-down)."""
    scene = app.go("newgame", game_id="the-game", seats=["human", "bot:easy", "bot:easy"])
    menu = scene.option_widgets["start"][0]
    assert menu.options_list == [
        ("Random", "Random"), ("Seat 1", "Seat 1"), ("Seat 2", "Seat 2"), ("Seat 3", "Seat 3")
    ]  # fmt: skip
    assert scene.read_options()["start"] is None
    menu.selected_option = ("Seat 2", "Seat 2")
    assert scene.read_options()["start"] == 1  # the engine's seat 1 is the second seat


def test_a_phone_seat_is_named_and_starts_a_room_table(app):
    from client.scenes.newgame import LAN_SEAT_WORDS, seat_label

    scene = app.go("newgame", game_id="take5", seats=["human", "phone", "bot:easy"])
    assert "Player on a phone" in scene.seat_menus[1].options_list[1]
    assert sorted(scene.name_entries) == [0, 1]
    assert scene.name_entries[1].get_text() == "Player 2"
    assert scene.couch_hint() == (  # the line under the form says what a phone seat does
        "Phone seats: this screen becomes the table and shows a code for each phone to "
        "scan (same Wi-Fi)."
    )
    scene.name_entries[1].set_text("Bea")
    scene.start_game()
    session = app.scene.session
    assert session.seats == ["human", "phone", "bot:easy"] and session.phone_seats == [1]
    assert session.names[:2] == ["Ana", "Bea"] and session.room
    assert app.scene.perspective is None and app.scene.phones.waiting()
    assert "phone" not in LAN_SEAT_WORDS and seat_label("phone") == "Player on a phone"
