"""A table for the room (issue 31): a couch table with phone seats is the public table
on a TV, read from three metres — no text under 24 px in a window 1080 pixels high (16 px
at 720: 24 × height / 1080), for every game, through a game (the phones need not come:
``play_now`` gives their seats stand-ins and the bots play).

The sizes are recorded where text is rendered (:func:`client.assets.recording`, every
cache emptied first), as in tests/client/test_tables_text.py."""

from __future__ import annotations

import time

import pygame
import pytest

from client import assets
from client.launch import start_table
from client.tables import tables_available
from client.tables.text import ROOM_TEXT
from tests.client.conftest import run_until
from tests.client.test_tables_text import resize

GAMES = tables_available()
#: Two phone seats and bots (a phone seat's name is given, as New game does).
SEATS = {
    "take5": ["phone", "phone", "bot:easy", "bot:easy"],
    "the-game": ["phone", "phone", "bot:easy"],
    "teamplay": ["phone", "phone", "bot:easy", "bot:easy"],
    "sequence-numbers": ["phone", "phone", "bot:easy", "bot:easy"],
    "guandan": ["phone", "phone", "bot:easy", "bot:easy"],
}
NAMES = ["Ana", "Ben", "Carla", "Dmitri"]
#: Each window size and the smallest text it may show at a room table.
FLOORS = {(1920, 1080): 24, (1280, 720): 16}


def drawn(table) -> list[tuple[int, str]]:
    """``(size, text)`` of every text ``table`` draws now (nothing cached)."""
    assets.reset_caches()
    with assets.recording() as seen:
        table.draw(table.app.screen)
    return list(seen)


def room_table(game_id: str, app):
    seats = SEATS[game_id]
    table = start_table(app, game_id, seats, 7, names=NAMES[: len(seats)])
    assert table.room and table.couch and table.perspective is None
    assert run_until(app, lambda: table.board is not None, 120)
    return table


def test_the_room_floor_is_24_px_at_1080_lines_and_in_proportion(app):
    table = room_table("the-game", app)
    assert ROOM_TEXT == 24
    for (w, h), floor in {**FLOORS, (1600, 900): 20, (800, 500): 12}.items():
        resize(app, w, h)
        assert table.min_text == floor, (w, h)
        assert table.t(8) == floor and table.text_px(3) == floor
    table.session.phone_seats = []  # the same window without phones: the usual floor
    assert table.min_text == assets.MIN_TEXT == table.t(8)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_room_table_draws_no_text_under_the_floor_through_a_game(app, game_id):
    """Frames drawn while the game plays (the phones' stand-ins and the bots), at
    1920×1080 and at 1280×720; also the first frames, while the table waits for the
    phones. Every text: at least 24 px at 1080 lines, 16 px at 720."""
    resize(app, 1920, 1080)
    table = room_table(game_id, app)
    found: dict[tuple[int, int], list] = {size: [] for size in FLOORS}

    def look() -> None:
        for w, h in FLOORS:
            resize(app, w, h)
            found[w, h].extend(drawn(table))
        resize(app, 1920, 1080)

    look()  # waiting for the phones
    table.session.play_now()
    table.session.set_bot_delay(0.05)
    looks, deadline = 1, time.monotonic() + 25
    while looks < 14 and time.monotonic() < deadline and app.scene is table:
        for _ in range(8):
            app.frame(1 / 30, [])
            time.sleep(0.01)
        if app.scene is table and table.board is not None:
            look()
            looks += 1
    assert looks >= 6, "the table stopped drawing"
    for size, floor in FLOORS.items():
        small = sorted({(px, str(text)) for px, text in found[size] if px < floor})
        print(game_id, size, min(found[size]))
        assert found[size], "no text drawn"
        assert not small, f"{game_id} at {size}: text under {floor} px: {small[:12]}"


def test_a_room_table_does_not_change_a_table_without_phones(app):
    """The floor is the room's: the same game at a couch without phones keeps 12 px."""
    table = start_table(app, "the-game", ["human", "human"], 7)
    assert not table.room and table.min_text == assets.MIN_TEXT
    resize(app, 1920, 1080)
    assert table.min_text == assets.MIN_TEXT


# --------------------------------------------------------------------------- fullscreen
def test_fullscreen_with_phones_is_a_setting_kept_and_offered(app, tmp_path):
    from client.settings import Settings

    assert Settings().room_fullscreen is True
    path = tmp_path / "settings.json"
    Settings(room_fullscreen=False).save(path)
    assert Settings.load(path).room_fullscreen is False
    path.write_text('{"room_fullscreen": "yes"}', encoding="utf-8")
    assert Settings.load(path).room_fullscreen is True
    app.go("settings")
    scene = app.scene
    assert scene.room_full.selected_option[0] == "On"
    scene.room_full.selected_option = ("Off", "Off")
    scene.store()
    assert app.settings.room_fullscreen is False
    app.go("menu")


def test_a_room_table_opens_fullscreen_and_the_menu_gives_the_window_back(app):
    """Not when the window was given its size (``--size``, as the tests' app is), nor
    when the setting says no; otherwise fullscreen until the menu."""
    app.room_screen()
    assert not app.screen.get_flags() & pygame.FULLSCREEN  # given its size: kept
    app.sized = False  # as if started without --size
    app.settings.room_fullscreen = False
    app.room_screen()
    assert not app.screen.get_flags() & pygame.FULLSCREEN and app.room_windowed is None
    app.settings.room_fullscreen = True
    table = room_table("the-game", app)
    assert app.screen.get_flags() & pygame.FULLSCREEN
    assert app.room_windowed == (1280, 720) and (table.w, table.h) == app.size
    table.session.close()
    app.go("menu")
    assert not app.screen.get_flags() & pygame.FULLSCREEN
    assert app.size == (1280, 720) and app.room_windowed is None


@pytest.mark.parametrize("game_id", GAMES)
def test_a_screen_players_own_view_at_a_room_table_is_the_usual_table(app, game_id):
    """A room table with a player on the screen as well: the privacy screen is read
    from the sofa (no text under the room's floor); behind it that player's view is
    the usual table (a hand row, read up close: not the room's public layout)."""
    resize(app, 1920, 1080)
    seats = ["human"] + SEATS[game_id][1:]
    table = start_table(app, game_id, seats, 7, names=NAMES[: len(seats)])
    assert table.room and table.room_view  # the public table while nobody decides
    table.session.play_now()
    table.session.set_bot_delay(0.0)
    assert run_until(app, lambda: table.privacy_for == 0, 120)
    privacy = drawn(table)
    small = sorted({(px, str(text)) for px, text in privacy if px < 24})
    assert privacy and not small, f"{game_id}: text under 24 px: {small[:12]}"
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert run_until(app, lambda: table.deciding(), 60)
    assert table.perspective == 0 and not table.room_view
    assert table.min_text == assets.MIN_TEXT
    assert min(drawn(table))[0] >= assets.MIN_TEXT
