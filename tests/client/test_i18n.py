"""Translations: every catalogue loads, covers every string of client/ (placeholders
kept), the compiled .mo files are current, the fonts cover every language and 掼蛋,
the rules help exists in every language for Take 5, and the text-size setting."""

from __future__ import annotations

import gettext
import importlib.util
import os
import re
import string
import sys
from importlib import resources
from pathlib import Path

import pytest

from client import i18n

ROOT = Path(__file__).resolve().parents[2]
CODES = [c for c in i18n.LANGUAGES if c != "en"]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def load_tool():
    """tools/i18n_catalogues.py as a module (tools/ is not a package on sys.path)."""
    pytest.importorskip("babel", reason="Babel is the test extra's catalogue tool")
    path = ROOT / "tools" / "i18n_catalogues.py"
    spec = importlib.util.spec_from_file_location("i18n_catalogues", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("i18n_catalogues", module)
    spec.loader.exec_module(module)
    return module


def fields(text: str) -> list[str]:
    """The ``.format`` fields of ``text``, sorted (``{n}`` → "n")."""
    return sorted(name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name)


@pytest.fixture(scope="module")
def tool():
    return load_tool()


@pytest.fixture(scope="module")
def msgids(tool):
    """Every message extracted from client/ now (singular, plural or None)."""
    out = []
    for m in tool.extract():
        if m.id:
            out.append(m.id if isinstance(m.id, tuple) else (m.id, None))
    return out


@pytest.mark.parametrize("code", CODES)
def test_catalogue_loads_with_the_stdlib(code):
    """The committed .mo loads with gettext alone (no Babel at run time)."""
    t = gettext.translation(i18n.DOMAIN, i18n.locale_dir(), languages=[code])
    assert t.gettext("Settings") != "Settings"


def test_set_language_switches_and_falls_back(monkeypatch):
    try:
        assert i18n.set_language("hu") == "hu"
        assert i18n._("Settings") == "Beállítások"
        assert i18n.ngettext("{n} card", "{n} cards", 3).format(n=3) == "3 lap"
        assert i18n.set_language("fr") == "fr"
        assert i18n._("New game") == "Nouvelle partie"
        assert i18n.ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 carte"
        assert i18n.ngettext("{n} card", "{n} cards", 2).format(n=2) == "2 cartes"
        assert i18n.set_language("xx") == "en"
        assert i18n._("Settings") == "Settings"
        monkeypatch.setenv("LANGUAGE", "gl_ES:es")
        assert i18n.set_language("") == "gl"
        assert i18n._("Quit") == "Saír"
    finally:
        i18n.set_language("en")


def test_pot_names_the_menu_and_table_strings(msgids):
    ids = {s for s, _p in msgids}
    for key in (
        "Settings",
        "New game",
        "Text size",
        "Row {n}",
        "Choose a card",
        "New game, same players",
        "Seat {n}",
        "Pass the screen to {name}",
    ):
        assert key in ids


@pytest.mark.parametrize("code", CODES)
def test_every_client_string_is_translated_with_its_placeholders(tool, msgids, code):
    """Every msgid of client/ has a non-empty, non-fuzzy msgstr in ``code``, each with
    exactly the msgid's ``{fields}``; the committed .mo is the compiled .po."""
    catalog = tool.load(tool.po_path(code), code)
    missing, bad = [], []
    for singular, plural in msgids:
        m = catalog.get(singular)
        if m is None or not tool.translated(m):
            missing.append(singular)
            continue
        strings = m.string if isinstance(m.string, (tuple, list)) else [m.string]
        want = fields(plural or singular)
        for s in strings:
            if fields(s) != want and not (plural and fields(s) == fields(singular)):
                bad.append((singular, s))
    assert not missing, f"{code}: untranslated {missing[:10]} (run tools/i18n_catalogues.py)"
    assert not bad, f"{code}: placeholders differ {bad[:5]}"
    assert tool.mo_path(code).read_bytes() == tool.compiled(catalog), f"{code}: stale .mo"


def test_check_command_passes(tool):
    assert tool.problems() == []


@pytest.mark.parametrize("code", CODES)
def test_translations_format_with_sample_values(code):
    """Each translated string formats with the fields its English key uses."""
    t = gettext.translation(i18n.DOMAIN, i18n.locale_dir(), languages=[code])
    for key, value in t._catalog.items():  # noqa: SLF001 (the stdlib keeps no public list)
        if not key or (isinstance(key, tuple) and not key[0]):
            continue
        names = PLACEHOLDER.findall(value)
        sample = {n[1:-1]: "X" for n in names}
        value.format(**sample)


def test_fonts_cover_every_language_and_the_guandan_title():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame
    import pygame.freetype

    from client import assets

    pygame.freetype.init()
    latin = (
        "á é í ó ú ñ ç ã õ ő ű Á É Í Ó Ú Ñ Ç Ã Õ Ő Ű à è ê ô â œ ü ö ß ª º « » „ ” ’ … · —"
        " ✓ ✗ ▶ ★ ● ■ ↶"
    )
    for bold in (False, True):
        face = pygame.freetype.Font(assets.font_path(bold), 20)
        missing = [c for c in latin if c != " " and face.get_metrics(c)[0] is None]
        assert missing == [], f"DejaVu{' Bold' if bold else ''} lacks {missing}"
        cjk = pygame.freetype.Font(assets.cjk_font_path(bold), 20)
        assert all(m is not None for m in cjk.get_metrics("掼蛋"))
    # Every character any catalogue or rules text uses is in DejaVu or the CJK subset.
    regular = pygame.freetype.Font(assets.font_path(), 20)
    cjk = pygame.freetype.Font(assets.cjk_font_path(), 20)
    used = set()
    for code in CODES:
        t = gettext.translation(i18n.DOMAIN, i18n.locale_dir(), languages=[code])
        for value in t._catalog.values():  # noqa: SLF001
            used.update(value)
    for path in (resources.files("assets") / "rules").iterdir():
        used.update(path.read_text(encoding="utf-8"))
    used -= set("\n\r\t")
    lacking = [
        c
        for c in sorted(used)
        if regular.get_metrics(c)[0] is None and cjk.get_metrics(c)[0] is None
    ]
    assert lacking == []


def test_cjk_text_renders_with_the_fallback(app):
    from client import assets

    plain = assets.text("Guandan ()", 30, assets.INK, True)
    mixed = assets.text("Guandan (掼蛋)", 30, assets.INK, True)
    assert mixed.get_width() > plain.get_width() + 30  # two real glyphs, not boxes
    assert assets.CJK.findall("Guandan (掼蛋)") == ["掼蛋"]


@pytest.mark.parametrize("code", ["en"] + CODES)
def test_take5_rules_help_in_every_language(code):
    from client.help import rules_text

    paragraphs = rules_text("take5", code)
    assert paragraphs[0] == "Take 5 (6 nimmt!)"
    path = resources.files("assets") / "rules" / f"take5.{code}.txt"
    assert path.is_file()
    assert len(paragraphs) == len(rules_text("take5", "en"))


@pytest.mark.parametrize("code", ["en"] + CODES)
def test_every_rules_help_describes_the_three_bot_levels(code):
    """Issue 17: the rules help says what easy, normal and hard do, in the level
    names the New game screen shows (the catalogue's words for easy/normal/hard)."""
    from client.help import rules_text

    t = gettext.translation(i18n.DOMAIN, i18n.locale_dir(), languages=[code], fallback=True)
    levels = [t.gettext(level) for level in ("easy", "normal", "hard")]
    for game in ("take5", "the-game", "teamplay", "sequence-numbers", "guandan"):
        paragraphs = rules_text(game, code)
        bots = [p for p in paragraphs if p.split(":")[0].strip() in ("Bots", "Botok")]
        assert len(bots) == 1, (game, code)
        words = bots[0].lower()
        positions = [words.find(level.lower()) for level in levels]
        assert -1 not in positions and positions == sorted(positions), (game, code, levels)
        assert len(paragraphs) == len(rules_text(game, "en")), (game, code)


def test_rules_help_falls_back_to_english():
    from client.help import rules_text

    for game in ("take5", "the-game", "teamplay", "sequence-numbers", "guandan"):
        assert rules_text(game, "xx") == rules_text(game, "en")


def test_ui_scale_setting_is_saved_and_bounded(tmp_path):
    from client.settings import Settings

    path = tmp_path / "settings.json"
    s = Settings(ui_scale=1.25)
    s.save(path)
    assert Settings.load(path).ui_scale == 1.25
    path.write_text('{"ui_scale": 3}', encoding="utf-8")
    assert Settings.load(path).ui_scale == 1.0
    path.write_text('{"ui_scale": true}', encoding="utf-8")
    assert Settings.load(path).ui_scale == 1.0


def test_take5_text_fits_in_hungarian_at_large_text(app):
    """Hungarian at text size 1.25 on 1280×720: the Take 5 table's labels stay inside
    their design boxes (the status line fits the window)."""
    from client.launch import start_table
    from tests.client.conftest import run_until

    i18n.set_language("hu")
    try:
        app.settings.ui_scale = 1.25
        table = start_table(app, "take5", ["human", "bot:normal", "bot:normal", "bot:normal"], 3)
        assert run_until(app, lambda: table.my_decision() == "choose" and table.timeline.idle)
        status = table.status_line()
        assert status.startswith("Válassz lapot")
        img = table.fit_text(status, table.t(19), table.w - table.s(676), bold=True)
        assert table.s(660) + img.get_width() <= table.w
        btn = table.label("104 kijátszása", 22, 156, bold=True)
        assert btn.get_width() <= table.play_button().width
        assert table.t(20) == 25 and table.ui_scale == 1.25
        app.settings.ui_scale = 1.5
        assert table.t(20) == 25  # tables cap the text size at 1.25
    finally:
        i18n.set_language("en")


def test_settings_scene_stores_ui_scale(app):
    from client.scenes.settings import SettingsScene, percent

    scene = SettingsScene(app)
    app.switch(scene)
    scene.scale.set_current_value(1.25)
    try:
        scene.store()
    finally:
        i18n.set_language("en")
    assert app.settings.ui_scale == 1.25
    assert percent(1.25) == "125 %"


def test_menu_is_usable_with_the_keyboard(app):
    """↑/↓/Tab move the gold focus ring, Enter opens the focused entry."""
    import pygame

    from client.scenes.menu import MenuScene
    from client.scenes.settings import SettingsScene

    menu = MenuScene(app)
    app.switch(menu)
    key = lambda k, mod=0: pygame.event.Event(  # noqa: E731
        pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0
    )
    app.frame(0.03, [key(pygame.K_UP)])
    assert list(menu.buttons)[menu.focus] == "quit"
    app.frame(0.03, [key(pygame.K_TAB, pygame.KMOD_SHIFT)])
    assert list(menu.buttons)[menu.focus] == "settings"
    app.frame(0.03, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, SettingsScene)


def test_sequence_numbers_table_sounds_its_events(app):
    """A chip placed sounds "card", a completed sequence "sequence", a win "win"."""
    from client.launch import start_table
    from tests.client.conftest import run_until

    table = start_table(app, "sequence-numbers", ["human", "bot:normal"], 5)
    assert run_until(app, lambda: table.board is not None and table.timeline.idle)
    played = []
    table.sfx = played.append
    beats = table.beats_for(
        [
            {"type": "sequence", "colour": 0, "seat": 0, "spaces": []},
            {"type": "game-end", "winners": [0], "scores": [1, 0], "reason": "", "details": {}},
        ]
    )
    for beat in beats[:1] + beats[-1:]:
        beat.finish()
    assert played == ["sequence", "win"]


def test_guandan_buttons_starting_with_a_card_are_not_readings(app):
    """Hungarian puts the card first ("4♣ átadása adóként"): only "{n}  {reading}"
    labels are reading buttons."""
    import pygame

    from client.launch import start_table
    from tests.client.conftest import run_until

    i18n.set_language("hu")
    try:
        table = start_table(app, "guandan", ["human", "bot:normal", "bot:normal", "bot:normal"], 3)
        assert run_until(app, lambda: table.board is not None and table.timeline.idle)
        rect = pygame.Rect(10, 10, 200, 40)
        table.controls = lambda: [
            (rect, "4♣ átadása adóként (Enter)", None, True),
            (rect, "1  pár: 4", None, True),
        ]
        table.draw_controls(app.screen)  # no ValueError
    finally:
        i18n.set_language("en")
