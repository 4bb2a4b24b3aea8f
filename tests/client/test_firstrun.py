"""The first evening (issue 16): the menu shows the five games with a picture, the player
counts their rules accept and a one-line description; a first-time How to play per game
(the rules help with illustrated steps) is offered once; Quick game deals the last game
played; the new screens draw no text under 12 px in any language or window."""

from __future__ import annotations

import re

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from client import assets, howto, i18n
from client.help import rules_text, steps_text, tagline
from client.settings import Settings
from tests.client.conftest import run_until
from tests.client.test_scenes import click, key

#: Player counts as the rules pages give them (/work/shared/rules/*.md): Take 5 2–10,
#: The Game 1–5, Teamplay 3–6, Sequence Numbers 2, 3, 4 or 6 (5 refused), Guandan 4.
COUNTS = {
    "take5": ((2, 3, 4, 5, 6, 7, 8, 9, 10), "2–10 players"),
    "the-game": ((1, 2, 3, 4, 5), "1–5 players"),
    "teamplay": ((3, 4, 5, 6), "3–6 players"),
    "sequence-numbers": ((2, 3, 4, 6), "2–4, 6 players"),
    "guandan": ((4,), "4 players"),
}
LANGUAGES = list(i18n.LANGUAGES)
SIZES = ((1280, 720), (800, 500))


def resize(app, w: int, h: int) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])


def drawn(scene) -> list[tuple[int, str]]:
    """``(size, text)`` of every text ``scene`` draws now (nothing cached)."""
    assets.reset_caches()
    with assets.recording() as seen:
        scene.draw(scene.app.screen)
    return list(seen)


def test_the_menu_lists_the_five_games_with_the_engines_player_counts(app):
    from engine import get_game

    from client.tables import tables_available

    assert list(howto.GAMES) == tables_available()
    menu = app.go("menu")
    games = [k.split(":", 1)[1] for k in menu.buttons if k.startswith("game:")]
    assert games == ["take5", "the-game", "teamplay", "sequence-numbers", "guandan"]
    texts = {text for _size, text in drawn(menu)}
    for game_id, (counts, words) in COUNTS.items():
        game = get_game(game_id)
        assert counts[0] == game.min_players and counts[-1] == game.max_players
        assert howto.player_counts(game_id) == counts
        assert howto.players_text(game_id) == words
        assert words in texts and game.name in texts, game_id
        assert tagline(game_id).split()[0] in " ".join(texts), game_id  # its description
    with pytest.raises(KeyError):
        howto.player_counts("chess")


def test_counts_text_joins_runs():
    assert howto.counts_text((2, 3, 4, 6)) == "2–4, 6"
    assert howto.counts_text((4,)) == "4"
    assert howto.counts_text((2, 3)) == "2, 3"
    assert howto.counts_text((1, 2, 3, 5, 7, 8, 9)) == "1–3, 5, 7–9"


@given(st.sets(st.integers(min_value=1, max_value=40), min_size=1))
def test_counts_text_reads_back_as_the_same_counts(counts):
    """Every count appears, in order, once: expanding the runs gives the counts back."""
    back = []
    for part in howto.counts_text(tuple(sorted(counts))).split(", "):
        low, _dash, high = part.partition("–")
        back += range(int(low), int(high or low) + 1)
    assert back == sorted(counts)


@given(
    st.one_of(
        st.none(),
        st.integers(),
        st.text(max_size=50),
        st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=20)), max_size=50),
    ),
    st.one_of(st.none(), st.integers(), st.text(max_size=60), st.booleans()),
)
@settings(max_examples=60, deadline=None)
def test_settings_read_any_howto_and_last_game_values(seen, last):
    """Whatever the file holds, the keys load as a list of at most 32 game-id strings
    and a string of at most 40 characters (the rest keep their defaults)."""
    import json
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_text(json.dumps({"howto_seen": seen, "last_game": last}), encoding="utf-8")
        s = Settings.load(path)
    assert isinstance(s.howto_seen, list) and all(isinstance(g, str) for g in s.howto_seen)
    assert len(s.howto_seen) <= 32 and isinstance(s.last_game, str) and len(s.last_game) <= 40
    if isinstance(seen, list):
        assert s.howto_seen == [g for g in seen if isinstance(g, str)][:32]


def test_picking_a_game_opens_new_game_for_it(app):
    from client.scenes.newgame import NewGameScene

    menu = app.go("menu")
    app.frame(1 / 30, [])
    row = menu.buttons["game:teamplay"].rect
    click(app, (row.x + 20, row.bottom - 10))
    assert isinstance(app.scene, NewGameScene) and app.scene.game_id == "teamplay"
    assert not app.scene.lan


def test_quick_game_deals_the_last_game_played(app, tmp_path):
    """Before any game Quick game is Take 5; after a game of X (saved in the settings
    file) it deals X, you against normal bots at X's usual table."""
    from client.launch import start_table
    from client.tables.the_game import TheGameTable

    menu = app.go("menu")
    app.frame(1 / 30, [])
    assert howto.last_game(app) == "take5"
    assert "Take 5 vs 3 bots" in {text for _s, text in drawn(menu)}
    table = start_table(app, "the-game", ["human", "bot:easy"], seed=3)
    assert Settings.load().last_game == "the-game"  # kept on disk
    table.session.close()
    menu = app.go("menu")
    app.frame(1 / 30, [])
    assert "The Game vs 3 bots" in {text for _s, text in drawn(menu)}
    click(app, menu.quick.rect.center)
    assert isinstance(app.scene, TheGameTable)
    assert app.scene.session.seats == ["human", "bot:normal", "bot:normal", "bot:normal"]
    # A new window (settings read from disk) remembers it too.
    app.scene.session.close()
    app.settings = Settings.load()
    assert howto.last_game(app) == "the-game"


def test_how_to_play_is_offered_once_per_game(app):
    """The first table of a game opens its rules help (How to play first) by itself, and
    the settings file says so; the next table of that game does not, another game's
    first table does; F1 opens it again any time."""
    from client.launch import start_table

    app.settings.howto_seen = []
    first = start_table(app, "take5", ["human", "bot:easy"], seed=1)
    assert first.help_open
    assert Settings.load().howto_seen == ["take5"]
    key(app, pygame.K_ESCAPE)  # Esc closes the help, not the table
    assert not first.help_open and app.scene is first
    first.session.close()
    again = start_table(app, "take5", ["human", "bot:easy"], seed=2)
    assert not again.help_open
    key(app, pygame.K_F1)
    assert again.help_open  # F1 brings it back
    again.session.close()
    other = start_table(app, "guandan", ["human", "bot:easy", "bot:easy", "bot:easy"], seed=3)
    assert other.help_open
    assert Settings.load().howto_seen == ["take5", "guandan"]
    key(app, pygame.K_RETURN)  # Enter by habit closes it too
    assert not other.help_open and app.scene is other
    other.session.close()
    app.settings = Settings.load()  # a new window: still seen
    later = start_table(app, "guandan", ["human", "bot:easy", "bot:easy", "bot:easy"], seed=4)
    assert not later.help_open
    later.session.close()


def test_the_first_how_to_shows_over_the_couch_privacy_screen(app):
    """A couch game starts behind the privacy screen: the first How to play is drawn
    over it (no cards), and closing it leaves the privacy screen."""
    from client.launch import start_table

    app.settings.howto_seen = []
    table = start_table(app, "take5", ["human", "human"], seed=5)
    assert table.help_open
    assert run_until(app, lambda: table.privacy_for is not None)
    plain = app.screen.copy()
    table.help_open = False
    table.draw(app.screen)
    assert plain.get_at((640, 120)) != app.screen.get_at((640, 120))  # the overlay was there
    table.session.close()


def test_the_first_how_to_waits_while_the_screen_shows_the_phones_codes(app):
    """A table for the room (phone seats) opens its "Take your seats" codes, not the
    How to play over them (phones scan the codes first; each phone has its Rules), and
    the game's first table without phones still offers it."""
    from client.launch import start_table

    app.settings.howto_seen = []
    room = start_table(app, "take5", ["phone", "phone", "bot:easy"], seed=6)
    assert room.session.room and not room.help_open
    assert Settings.load().howto_seen == []
    key(app, pygame.K_F1)
    assert room.help_open  # F1 still brings it up on the screen
    room.session.close()
    plain = start_table(app, "take5", ["human", "bot:easy"], seed=7)
    assert plain.help_open
    assert Settings.load().howto_seen == ["take5"]
    plain.session.close()


def test_how_to_play_from_the_menu(app):
    """F1 in the menu shows the focused game's How to play (Quick game's game when the
    focus is elsewhere); each game's "?" shows its own; ←/→ go through the games; Esc
    goes back."""
    from client.scenes.howto import HowToScene
    from client.scenes.menu import MenuScene

    app.go("menu")
    app.frame(1 / 30, [])
    key(app, pygame.K_F1)
    assert isinstance(app.scene, HowToScene) and app.scene.game_id == "take5"
    key(app, pygame.K_RIGHT)
    assert app.scene.game_id == "the-game"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert app.scene.game_id == "guandan"
    key(app, pygame.K_ESCAPE)
    menu = app.scene
    assert isinstance(menu, MenuScene)
    click(app, menu.buttons["game:sequence-numbers"].ask.center)
    assert isinstance(app.scene, HowToScene) and app.scene.game_id == "sequence-numbers"
    click(app, (10, 10))
    assert isinstance(app.scene, MenuScene)
    menu = app.scene
    key(app, pygame.K_DOWN)  # Quick game → the first game
    key(app, pygame.K_DOWN)
    assert list(menu.buttons)[menu.focus] == "game:the-game"
    key(app, pygame.K_F1)
    assert app.scene.game_id == "the-game"


@pytest.mark.parametrize("game_id", howto.GAMES)
def test_the_steps_match_the_rules_in_every_language(game_id):
    """Every language has the same steps and description as English, with the same
    numbers in each (a number is a rule: 2 cards, exactly 10, 3 levels …); the steps
    say what the rules pages say."""
    en = steps_text(game_id, "en")
    assert 3 <= len(en) <= 4 and tagline(game_id, "en")
    for code in LANGUAGES:
        steps = steps_text(game_id, code)
        assert len(steps) == len(en), code
        for mine, english in zip(
            [tagline(game_id, code), *steps], [tagline(game_id, "en"), *en], strict=True
        ):
            assert sorted(re.findall(r"\d+", mine)) == sorted(re.findall(r"\d+", english)), (
                code,
                mine,
            )
        # The steps are not paragraphs of the rules text.
        assert not any(p.startswith("#") for p in rules_text(game_id, code))
    facts = {
        "take5": ["lowest first", "highest one still lower", "sixth card", "choose a row"],
        "the-game": ["up from 1", "down from 100", "at least 2 cards", "exactly 10 lower"],
        "teamplay": ["exactly the cards", "draw 2 cards", "1 or 2 cards face down", "8th"],
        "sequence-numbers": ["free space", "not a corner", "Five of your chips", "need two"],
        "guandan": ["same kind and a higher card", "4 or more of a rank", "♥", "3 levels"],
    }[game_id]
    text = " ".join(en)
    assert all(fact in text for fact in facts), [f for f in facts if f not in text]


def test_settings_keep_the_new_keys(tmp_path):
    path = tmp_path / "settings.json"
    Settings(last_game="guandan", howto_seen=["take5", "guandan"]).save(path)
    s = Settings.load(path)
    assert s.last_game == "guandan" and s.howto_seen == ["take5", "guandan"]
    path.write_text('{"last_game": 7, "howto_seen": ["take5", 3, null]}', encoding="utf-8")
    s = Settings.load(path)
    assert s.last_game == "" and s.howto_seen == ["take5"]


def test_new_screens_draw_no_text_under_12_px(app):
    """The menu, How to play from the menu (every game) and a table's help with its
    steps, in every language at 1280×720 and 800×500."""
    from client.help import draw_help

    found = {}
    try:
        for w, h in SIZES:
            resize(app, w, h)
            for code in LANGUAGES:
                i18n.set_language(code)
                app.settings.last_game = "sequence-numbers"  # the longest Quick game line
                seen = drawn(app.go("menu"))
                for game_id in howto.GAMES:
                    seen += drawn(app.go("howto", game_id=game_id))
                    assets.reset_caches()
                    with assets.recording() as help_seen:
                        draw_help(app.screen, game_id, {"rounds": None}, 0, 0.75)
                    seen += help_seen
                found[code, w] = min(seen)
    finally:
        i18n.set_language("en")
        resize(app, 1280, 720)
    print({k: v[0] for k, v in found.items()})
    small = {k: v for k, v in found.items() if v[0] < assets.MIN_TEXT}
    assert not small, f"text under {assets.MIN_TEXT} px: {small}"


def test_menu_entries_do_not_overlap(app):
    """Game rows, Quick game and the buttons never overlap, at both window sizes, and
    every button's words fit it in every language (the widgets' font: 18 px)."""
    import pygame_gui

    font = pygame.font.Font(assets.font_path(), 18)
    try:
        for w, h in SIZES:
            resize(app, w, h)
            for code in LANGUAGES:
                i18n.set_language(code)
                menu = app.go("menu")
                rects = [b.rect for b in menu.buttons.values()]
                for i, a in enumerate(rects):
                    assert a.right <= w and a.bottom <= h - 20, (w, a)
                    for b in rects[i + 1 :]:
                        assert not a.colliderect(b), (w, a, b)
                for button in menu.buttons.values():
                    if isinstance(button, pygame_gui.elements.UIButton):
                        assert font.size(button.text)[0] <= button.rect.w - 8, (
                            code,
                            w,
                            button.text,
                        )
    finally:
        i18n.set_language("en")
        resize(app, 1280, 720)
