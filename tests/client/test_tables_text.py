"""Text that scales (issue 16): every table, in every language, at 1280×720 and in a
small window, draws no text under :data:`client.assets.MIN_TEXT` (12 px font size),
and the player's text size reaches every table's text; and (issue 33) every other
screen too — the menu, New game, Host, Settings, Continue, Replays, Statistics and the
results — at 100 % and 150 % text size in the six languages, the widgets' words with
them.

The sizes are recorded where text is rendered (:func:`client.assets.recording`, with
every cache emptied first so that cached card faces and labels are drawn again)."""

from __future__ import annotations

import pygame
import pytest

from client import assets, i18n
from client.tables import tables_available
from tests.client.test_tables_contract import seated

GAMES = tables_available()
LANGUAGES = list(i18n.LANGUAGES)
SIZES = ((1280, 720), (800, 500))


def resize(app, w: int, h: int) -> None:
    app.frame(0.0, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])


def drawn(table) -> list[tuple[int, str]]:
    """``(size, text)`` of every text ``table`` draws now (nothing cached)."""
    assets.reset_caches()
    with assets.recording() as seen:
        table.draw(table.app.screen)
    return list(seen)


def smallest(table) -> tuple[int, str]:
    seen = drawn(table)
    assert seen, "the table drew no text"
    return min(seen)


def take5_overlays(t) -> None:
    """The round's summary, your pile, a "+N" tag and the landing preview."""
    n = t.board["players"]
    t.round_summary = {"round": 1, "bullheads": [12] * n, "totals": [40] * n}
    t.round_summary_t = 1.0
    t.board["own_penalty"] = [10, 55, 3]
    t.pile_open = True
    t.floaters = [[7, 900, 100, 1.0]]
    t.selected = t.board["hand"][0]


def guandan_overlays(t) -> None:
    """The deal's result, the last trick, a hint, a selection with its readings."""
    t.deal_panel = {
        "deal": 1, "places": [0, 2, 1, 3], "team": 0, "advance": 3, "levels": [5, 2],
        "old": [2, 2], "level": 2, "level_team": -1, "shared_last": False,
    }  # fmt: skip
    t.last_trick = [
        {"seat": 1, "type": "play", "combo": "pair", "rank": 9, "cards": [28, 30]},
        {"seat": 2, "type": "pass"},
    ]
    t.review = True
    t.hint_label = "Hint: pair of 9s (H again: other plays)"
    t.hand.selected = set(t.hand.order[:2])


OVERLAYS = {
    "take5": take5_overlays,
    "guandan": guandan_overlays,
    "the-game": lambda t: setattr(t, "selected", t.board["hand"][0]),
    "sequence-numbers": lambda t: t.select(0),
    "teamplay": lambda t: setattr(t, "hover", "general"),
}


def test_the_languages_are_the_six():
    assert LANGUAGES == ["en", "es", "gl", "pt", "hu", "fr"]


@pytest.mark.parametrize("game_id", GAMES)
def test_no_text_under_12_px_in_any_language_or_window(app, game_id):
    table = seated(app, game_id)
    found = {}
    try:
        for lang in LANGUAGES:
            i18n.set_language(lang)
            for w, h in SIZES:
                resize(app, w, h)
                found[lang, w] = smallest(table)
        OVERLAYS[game_id](table)  # then the table's panels and popups over the board
        for lang in LANGUAGES:
            i18n.set_language(lang)
            for w, h in SIZES:
                resize(app, w, h)
                found[lang, w] = min(found[lang, w], smallest(table))
    finally:
        i18n.set_language("en")
        resize(app, 1280, 720)
    print(game_id, {k: v[0] for k, v in found.items()})
    small = {k: v for k, v in found.items() if v[0] < assets.MIN_TEXT}
    assert not small, f"text under {assets.MIN_TEXT} px: {small}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_text_size_setting_reaches_every_table(app, game_id):
    """At 1.25 the table's words are larger than at 1.0 (by a quarter, or less where
    a text is fitted to its room). Numbers and letters printed on cards and board
    spaces belong to the pieces and keep their size."""

    def words(seen):
        out: dict[str, int] = {}
        for size, text in seen:
            if any(ch.isalpha() for ch in text) and len(text) > 2:
                out[text] = max(size, out.get(text, 0))
        return out

    table = seated(app, game_id)
    normal = words(drawn(table))
    app.settings.ui_scale = 1.25
    try:
        larger = words(drawn(table))
    finally:
        app.settings.ui_scale = 1.0
    both = set(normal) & set(larger)
    grown = [t for t in both if larger[t] > normal[t]]
    print(game_id, f"{len(grown)} of {len(both)} words grew", sorted(set(both) - set(grown)))
    assert len(both) >= 5 and len(grown) >= 0.75 * len(both)


STORIES = {
    "take5": [{"type": "round-end", "round": r, "bullheads": [r * 7] * 10} for r in (1, 2, 3)],
    "guandan": [{"type": "deal-end", "deal": d, "levels": [2 + d, 14]} for d in range(1, 13)],
}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_results_draw_no_text_under_12_px(app, game_id):
    """The results over the table's board (with a history of 3 rounds, 12 deals) in
    every language at 1280×720 and 800×500."""
    from client.scenes.results import ResultsScene

    table = seated(app, game_id)
    table.story = list(STORIES.get(game_id, []))
    view = {**table.session.mirrors[0].view, "over": True, "winners": [0]}
    found = {}
    try:
        for lang in LANGUAGES:
            i18n.set_language(lang)
            for w, h in SIZES:
                resize(app, w, h)
                scene = ResultsScene(app, table.session, view, type(table), table)
                app.switch(scene)
                assets.reset_caches()
                with assets.recording() as seen:
                    scene.draw(app.screen)
                found[lang, w] = min(seen)
    finally:
        i18n.set_language("en")
    print(game_id, {k: v[0] for k, v in found.items()})
    small = {k: v for k, v in found.items() if v[0] < assets.MIN_TEXT}
    assert not small, f"text under {assets.MIN_TEXT} px: {small}"


def test_lines_break_at_spaces_but_never_at_a_no_break_space(app):
    """French puts a no-break space before ":" and ";": wrapping keeps it with its word."""
    font = assets.font(14)
    text = "facile\u00a0: doux ; normal\u00a0: sensé"
    width = max(font.size(x)[0] for x in ("facile\u00a0: doux ;", "normal\u00a0: sensé"))
    assert assets.wrap_font(text, font, width) == ["facile\u00a0: doux ;", "normal\u00a0: sensé"]
    narrow = font.size("facile")[0]  # too narrow even for a glued pair: it stays whole
    assert assets.wrap_font(text, font, narrow) == [
        "facile\u00a0:",
        "doux",
        ";",
        "normal\u00a0:",
        "sensé",
    ]
    assert (
        assets.wrap_font("  a  b ", font, 1000) == ["a b"] and assets.wrap_font("", font, 9) == []
    )


# ---------------------------------------------------------------- every screen
SCREENS = (
    "menu",
    "newgame",
    "host",
    "settings",
    "continue",
    "replays",
    "stats",
    "results",
    "lobby",
    "hostlost",
    "join",
)


def table_listed():
    """A LAN table as discovery lists it (for the Join screen)."""
    from net.discovery import TableInfo

    return TableInfo(
        name="Ana's table", game="take5", host="192.168.1.20", port=47470,
        addresses=("192.168.1.20",), protocol=2, open_seats=2, seats=3,
        host_name="ana-laptop", service="Ana's table._tapete._tcp.local.", table_id="",
    )  # fmt: skip


def open_screen(app, name: str, tmp_path):
    """Open screen ``name`` with something on it: a Replays row (a finished Take 5
    game's log), a line of statistics, a Guandan match's results with its history."""
    from types import SimpleNamespace

    from client.scenes.results import ResultsScene
    from client.tables.guandan import GuandanTable

    if name == "lobby":  # a hosted table waiting for two LAN players
        from tests.client.test_names import fake_session

        names = ["Ana", "Bot 2", "", ""]
        session = fake_session(names, ["human", "bot", "open", "open"])
        scene = app.go("lobby", session=session)
        scene.web = "http://192.168.1.20:47471/"
        return scene
    if name == "hostlost":  # this window's host process ended: Continue or Menu
        return app.go("hostlost", reason="exit code 1", log_path="take5.jsonl", game_id="take5")
    if name == "join":  # one table listed, a failure said (no discovery: it is stopped)
        from client.scenes.browser import BrowserScene

        scene = BrowserScene(app)
        app.switch(scene)
        scene.exit()
        scene.tables = [table_listed()]
        scene.status = "Nothing answered at 192.168.1.20:47470"
        scene.build()
        return scene
    if name == "results":
        session = SimpleNamespace(
            local_seats=[0], names=["Ana", "Bot 2", "Bot 3", "Bot 4"], remote=True,
            closed=False, close=lambda: None, game_id="guandan", seed=1, seats=[], log_path=None,
        )  # fmt: skip
        view = {"over": True, "winners": [1, 3], "levels": [9, 14], "deal": 12}
        story = SimpleNamespace(story=STORIES["guandan"], board=None)
        scene = ResultsScene(app, session, view, GuandanTable, story)
        app.switch(scene)
        scene.armed = True  # the focused button and what Enter does
        for b in scene.buttons():
            b.is_enabled = True
        return scene
    kwargs = {
        "newgame": {"game_id": "take5"},
        "host": {"game_id": "guandan", "lan": True},
        "continue": {"mode": "continue"},
        "replays": {"mode": "replays"},
    }.get(name, {})
    return app.go({"host": "newgame", "continue": "replays"}.get(name, name), **kwargs)


def widget_sizes(app) -> list[tuple[int, str]]:
    """``(font size, text)`` of every widget with words (pygame_gui draws them)."""
    out = []
    if app._ui is None:
        return out
    for element in app.ui.get_sprite_group().sprites():
        font, text = getattr(element, "font", None), getattr(element, "text", "")
        if font is not None and isinstance(text, str) and text.strip():
            out.append((font.point_size, text))
    return out


@pytest.fixture
def things_to_show(tmp_path, monkeypatch):
    """A finished game's log for Replays, a counted game for Statistics."""
    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))
    from client.stats import record_result
    from net.log import logs_dir
    from tests.client.test_replay import finished_log

    path, _outcome = finished_log(tmp_path)
    logs_dir().mkdir(parents=True, exist_ok=True)
    (logs_dir() / "take5.jsonl").write_bytes(path.read_bytes())
    view = {"over": True, "winners": [0], "totals": [12, 70]}
    record_result("Ana", "take5", 0, view, "a game")


def test_every_screen_draws_no_text_under_12_px_at_any_text_size_or_language(
    app, things_to_show, tmp_path
):
    found = {}
    try:
        for lang in LANGUAGES:
            i18n.set_language(lang)
            for scale in (1.0, 1.5):
                app.settings.ui_scale = scale
                for name in SCREENS:
                    scene = open_screen(app, name, tmp_path)
                    assets.reset_caches()
                    with assets.recording() as seen:
                        app.frame(0.0, [])
                    seen += widget_sizes(app)
                    assert seen, (name, lang, scale)
                    found[name, lang, scale] = min(seen)
                    assert app.scene is scene
    finally:
        i18n.set_language("en")
        app.settings.ui_scale = 1.0
    print({k: v[0] for k, v in found.items()})
    small = {k: v for k, v in found.items() if v[0] < assets.MIN_TEXT}
    assert not small, f"text under {assets.MIN_TEXT} px: {small}"
    assert len(found) == len(SCREENS) * len(LANGUAGES) * 2


@pytest.mark.parametrize("name", SCREENS)
def test_the_text_size_makes_every_screens_words_larger(app, things_to_show, tmp_path, name):
    """At 150 % a screen's words (drawn and in widgets) are larger than at 100 % — all
    but a few: the name "Tapete", Settings' "Preview" tag, a menu line that fits its
    row only at the same size (it wraps and shrinks to its room)."""

    def words():
        open_screen(app, name, tmp_path)
        assets.reset_caches()
        with assets.recording() as seen:
            app.frame(0.0, [])
        out: dict[str, int] = {}
        for size, text in seen + widget_sizes(app):
            if any(ch.isalpha() for ch in text) and len(text) > 2:
                out[text] = max(size, out.get(text, 0))
        return out

    normal = words()
    app.settings.ui_scale = 1.5
    try:
        larger = words()
    finally:
        app.settings.ui_scale = 1.0
    both = set(normal) & set(larger)
    kept = sorted(t for t in both if larger[t] <= normal[t])
    print(name, f"{len(both) - len(kept)} of {len(both)} words grew; kept: {kept}")
    assert len(both) >= 3 and len(kept) <= 0.15 * len(both)
