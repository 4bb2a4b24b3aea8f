"""Everyone is no longer "Player" at a first LAN game (issue 33): the first Host or Join
asks the player's name, keeps it in the settings, and goes on to the Host form or the
table list; the name then names the table and the seat; a blank name keeps "Player" and
is not asked again; a name typed in Settings is never asked for."""

from __future__ import annotations

import pygame
import pygame_gui

from client.app import App
from client.howto import GAMES
from client.scenes.askname import AskNameScene
from client.scenes.browser import BrowserScene
from client.scenes.menu import MenuScene
from client.scenes.newgame import NewGameScene
from client.settings import DEFAULT_NAME, Settings


def new_app(tmp_path, monkeypatch, **settings) -> App:
    monkeypatch.setenv("TAPETE_CONFIG_DIR", str(tmp_path / "config"))
    return App(Settings(howto_seen=list(GAMES), **settings), size=(1280, 720))


def press(app, button) -> None:
    app.frame(1 / 30, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])


def chosen(app, key: str):
    menu = app.go("menu")
    app.frame(1 / 30, [])
    menu.choose(key)
    app.frame(1 / 30, [])
    return app.scene


def test_the_first_host_asks_the_name_and_the_table_is_named_after_it(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    try:
        asked = chosen(app, "host")
        assert isinstance(asked, AskNameScene) and asked.then == "host"
        assert asked.texts() == (
            "Your name at the table",
            "The other players see it. You can change it later in Settings.",
        )
        asked.entry.set_text("  Zoé  ")
        press(app, asked.go_on)
        form = app.scene
        assert isinstance(form, NewGameScene) and form.lan
        assert form.table_name.get_text() == "Zoé's table"
        assert app.settings.name == "Zoé" and app.settings.name_asked
        kept = Settings.load(tmp_path / "config" / "settings.json")
        assert (kept.name, kept.name_asked) == ("Zoé", True)
        # Asked once: the next Host goes straight to the form.
        assert isinstance(chosen(app, "host"), NewGameScene)
    finally:
        pygame.quit()


def test_the_first_join_asks_the_name_and_enter_goes_on(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    try:
        asked = chosen(app, "join")
        assert isinstance(asked, AskNameScene) and asked.then == "join"
        assert asked.texts()[0] == "Your name at their table"
        asked.entry.set_text("Bea")
        app.frame(
            1 / 30,
            [
                pygame.event.Event(
                    pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=asked.entry, text="Bea"
                )
            ],
        )
        browser = app.scene
        assert isinstance(browser, BrowserScene)
        assert browser.join_options(False)["player"] == "Bea"
        browser.exit()
    finally:
        pygame.quit()


def test_a_blank_name_keeps_player_and_is_not_asked_again(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    try:
        press(app, chosen(app, "join").go_on)
        assert isinstance(app.scene, BrowserScene)
        app.scene.exit()
        assert (app.settings.name, app.settings.name_asked) == (DEFAULT_NAME, True)
        assert isinstance(chosen(app, "host"), NewGameScene)
    finally:
        pygame.quit()


def test_back_and_escape_go_to_the_menu_without_keeping_anything(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch)
    try:
        asked = chosen(app, "host")
        asked.entry.set_text("Zoé")
        press(app, asked.back)
        assert isinstance(app.scene, MenuScene) and not app.settings.name_asked
        chosen(app, "join")
        app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
        assert isinstance(app.scene, MenuScene) and app.settings.name == DEFAULT_NAME
    finally:
        pygame.quit()


def test_a_name_typed_in_settings_or_a_new_game_is_never_asked(tmp_path, monkeypatch):
    app = new_app(tmp_path, monkeypatch, name="Ana")
    try:
        assert not app.settings.asks_name()
        assert isinstance(chosen(app, "host"), NewGameScene)
        app.settings.name = DEFAULT_NAME
        assert isinstance(chosen(app, "new"), NewGameScene)  # (only LAN games ask)
    finally:
        pygame.quit()


def test_the_settings_keep_name_asked(tmp_path):
    path = tmp_path / "settings.json"
    Settings(name_asked=True).save(path)
    assert Settings.load(path).name_asked is True
    path.write_text('{"name_asked": "yes"}')
    assert Settings.load(path).name_asked is False


def test_the_name_field_has_the_focus_at_once_and_shows_it(tmp_path, monkeypatch):
    """The prompt's one field showed no focus: now the manager focuses it (the caret
    blinks: the idle loop redraws), typed letters go in without a click, and a gold
    ring stands around it — at 100 % and 150 % text."""
    from client import assets

    app = new_app(tmp_path, monkeypatch)
    try:
        for scale in (1.0, 1.5):
            app.settings.ui_scale = scale
            asked = app.go("askname", then="join")
            app.frame(1 / 30, [])
            assert app._ui.get_focus_set() == {asked.entry} and app.typing()
            app.frame(1 / 30, [pygame.event.Event(pygame.TEXTINPUT, text="Zoé")])
            assert asked.entry.get_text() == "Zoé"
            ring = asked.entry.get_abs_rect().inflate(10, 10)
            assert tuple(app.screen.get_at((ring.centerx, ring.top + 1)))[:3] == assets.GOLD
            assert asked.entry.rect.h == round(44 * scale)
            asked.entry.unfocus()
            app._ui.set_focus_set(None)
            app.frame(1 / 30, [])
            assert tuple(app.screen.get_at((ring.centerx, ring.top + 1)))[:3] != assets.GOLD
    finally:
        pygame.quit()
