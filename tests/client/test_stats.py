"""Statistics worth opening (issue 33): per game and per bots' level (the strongest bot
at the table), with the recent games behind them — when, the game, the bots, won or
lost and the player's score in the game's own unit; older statistics files still load;
no text under 12 px."""

from __future__ import annotations

import pytest

from client import assets, i18n
from client.stats import (
    KEPT,
    columns,
    level_rows,
    load_stats,
    recent_rows,
    record_result,
    seat_score,
    summary_rows,
    table_level,
    update_profile,
)

WHEN = 1765000000  # 2025-12-06 05:46:40 UTC


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TZ", "UTC")
    import time

    time.tzset()
    yield tmp_path / "data"
    monkeypatch.delenv("TZ")
    time.tzset()


def test_a_tables_level_is_its_strongest_bots():
    assert table_level(["human", "bot:easy", "bot:hard"]) == "hard"
    assert table_level(["human", "bot", "bot:easy"]) == "normal"  # bare "bot" is normal
    assert table_level(["human", "human"]) == "people"
    assert table_level(["human", "remote", "open"]) == "people"
    assert table_level(None) == "people"


@pytest.mark.parametrize(
    "game, seat, view, score",
    [
        ("take5", 1, {"totals": [12, 40, 70]}, 40),
        ("the-game", 0, {"cards_left": 7}, 7),
        ("guandan", 2, {"levels": [14, 9]}, 14),
        ("guandan", 3, {"levels": [14, 9]}, 9),
        ("sequence-numbers", 1, {"colours": [0, 1], "sequences": [[], [[1], [2]]]}, 2),
        ("teamplay", 3, {"teams": [[0, 2], [1, 3]], "points": [9, 12]}, 12),
        ("take5", 5, {"totals": [1]}, None),
        ("teamplay", 0, {}, None),
    ],
)
def test_the_score_of_a_seat_in_the_games_unit(game, seat, view, score):
    assert seat_score(game, seat, view) == score


def test_per_game_and_level_with_the_recent_games(data):
    games = [
        ("take5", ["human", "bot:hard", "bot:easy"], {"winners": [0], "totals": [12, 40, 70]}),
        ("take5", ["human", "bot:easy", "bot:easy"], {"winners": [1], "totals": [30, 20, 70]}),
        ("guandan", ["human", "bot", "bot", "bot"], {"winners": [0, 2], "levels": [14, 9]}),
        ("the-game", ["human", "human"], {"winners": [], "cards_left": 7}),
    ]
    for i, (game, seats, view) in enumerate(games):
        record_result("Ana", game, 0, {"over": True, **view}, f"k{i}", seats=seats)
    prof = load_stats()["profiles"]["Ana"]
    assert prof["levels"] == {
        "take5": {"hard": {"played": 1, "won": 1}, "easy": {"played": 1, "won": 0}},
        "guandan": {"normal": {"played": 1, "won": 1}},
        "the-game": {"people": {"played": 1, "won": 0}},
    }
    assert columns() == ["all games", "easy bots", "normal bots", "hard bots", "no bots"]
    assert level_rows(prof) == [
        ("Guandan", ["1 of 1", "", "1 of 1", "", ""]),
        ("Take 5", ["1 of 2", "0 of 1", "", "1 of 1", ""]),
        ("The Game", ["0 of 1", "", "", "", "0 of 1"]),
    ]
    for r in prof["recent"]:
        r["when"] = WHEN
    assert recent_rows(prof) == [
        ("12-06 05:46 · The Game · no bots", "lost · 7 cards left", False),
        ("12-06 05:46 · Guandan · normal bots", "won · level A", True),
        ("12-06 05:46 · Take 5 · easy bots", "lost · 30 bullheads", False),
        ("12-06 05:46 · Take 5 · hard bots", "won · 12 bullheads", True),
    ]


def test_the_recent_games_are_bounded_and_old_files_still_load():
    prof = {"games": {"take5": {"played": 3, "won": 1}}, "take5_points": 60, "take5_games": 3}
    assert level_rows(prof) == [("Take 5", ["1 of 3", "", "", "", ""])]
    assert recent_rows(prof) == []
    for i in range(KEPT + 5):
        update_profile(prof, "take5", 0, {"winners": [], "totals": [i]}, ["human", "bot"], WHEN)
    assert len(prof["recent"]) == KEPT and prof["recent"][-1]["score"] == KEPT + 4
    assert dict(summary_rows(prof))["Take 5"] == f"1 won of {KEPT + 8}"


def test_the_screen_draws_no_text_under_12_px(app, data):
    from tests.client.test_firstrun import drawn, resize

    views = [
        ("take5", ["human", "bot:hard", "bot:easy"], {"winners": [0], "totals": [12, 40, 70]}),
        ("sequence-numbers", ["human", "human"], {"winners": [1], "colours": [0, 1]}),
        ("teamplay", ["human"] + ["bot:hard"] * 3, {"winners": [1, 3], "points": [9, 12]}),
    ]
    for i, (game, seats, view) in enumerate(views * 4):
        record_result("Ana", game, 0, {"over": True, **view}, f"k{i}", seats=seats)
    try:
        for w, h in ((1280, 720), (800, 500)):
            resize(app, w, h)
            for code in ("en", "hu"):
                i18n.set_language(code)
                seen = drawn(app.go("stats"))
                assert len(app.scene.recent) == 10
                small = [(px, t) for px, t in seen if px < assets.MIN_TEXT]
                assert not small, (code, w, small[:5])
    finally:
        i18n.set_language("en")
        resize(app, 1280, 720)


def test_the_screens_words_grow_with_the_text_size(app, data):
    for i in range(3):
        record_result(
            "Ana",
            "take5",
            0,
            {"over": True, "winners": [0], "totals": [5, 9]},
            f"k{i}",
            seats=["human", "bot:hard"],
        )

    def sizes(scale: float) -> dict[str, int]:
        app.settings.ui_scale = scale
        scene = app.go("stats")
        assets.reset_caches()
        with assets.recording() as seen:
            scene.draw(app.screen)
        return {t: px for px, t in seen}

    try:
        normal, larger = sizes(1.0), sizes(1.5)
    finally:
        app.settings.ui_scale = 1.0
    both = [t for t in normal if t in larger and any(c.isalpha() for c in t)]
    grew = [t for t in both if larger[t] > normal[t]]
    assert len(both) >= 8 and len(grew) >= 0.85 * len(both), (both, grew)
