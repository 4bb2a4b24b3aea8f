"""History worth opening (issue 33): the Continue and Replays rows say who played, how
far the game went, the score and who won; a log is deleted only after a question; a
longer list shows where its rows are; a replay is watched from a seat (that seat's hand,
full size, one seat at a time) as well as public — another seat's hand only once the
game is over; no text under 12 px in the viewer."""

from __future__ import annotations

import shutil

import pygame
import pytest

import engine
from client import assets, i18n
from client.history import Summary, summary
from client.scenes.replay import LogListScene, ReplayScene
from net.log import log_status, logs_dir, read_log
from tests.client.test_replay import cut_log, finished_log, key


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.mark.parametrize(
    "game, seats, finished, cut",
    [
        (
            "take5",
            "bot,bot:easy,bot",
            Summary(
                ("Bot 1", "Bot 2", "Bot 3"),
                "Round 4",
                "bullheads: Bot 1 22, Bot 2 68, Bot 3 62",
                "Bot 1 won",
            ),
            Summary(
                ("Bot 1", "Bot 2", "Bot 3"), "Round 1", "bullheads: Bot 1 0, Bot 2 0, Bot 3 0", ""
            ),
        ),
        (
            "guandan",
            "bot,bot,bot,bot",
            Summary(
                ("Bot 1", "Bot 2", "Bot 3", "Bot 4"),
                "Deal 2",
                "levels: Bot 1 & Bot 3 3, Bot 2 & Bot 4 3",
                "Bot 1 & Bot 3 won",
            ),
            Summary(
                ("Bot 1", "Bot 2", "Bot 3", "Bot 4"),
                "Deal 1",
                "levels: Bot 1 & Bot 3 2, Bot 2 & Bot 4 2",
                "",
            ),
        ),
        (
            "the-game",
            "bot,bot",
            Summary(("Bot 1", "Bot 2"), "Turn 43", "4 cards left", "lost together"),
            Summary(("Bot 1", "Bot 2"), "Turn 3", "94 cards left", ""),
        ),
        (
            "sequence-numbers",
            "bot,bot",
            Summary(("Bot 1", "Bot 2"), "Turn 25", "sequences: Bot 1 0, Bot 2 1", "Bot 2 won"),
            Summary(("Bot 1", "Bot 2"), "Turn 7", "sequences: Bot 1 0, Bot 2 0", ""),
        ),
        (
            "teamplay",
            "bot,bot,bot,bot",
            Summary(
                ("Bot 1", "Bot 2", "Bot 3", "Bot 4"),
                "Turn 12",
                "points: Bot 1 & Bot 3 9, Bot 2 & Bot 4 12",
                "Bot 2 & Bot 4 won",
            ),
            Summary(
                ("Bot 1", "Bot 2", "Bot 3", "Bot 4"),
                "Turn 2",
                "points: Bot 1 & Bot 3 0, Bot 2 & Bot 4 0",
                "",
            ),
        ),
    ],
)
def test_a_log_says_who_played_how_far_the_score_and_who_won(
    tmp_path, data, game, seats, finished, cut
):
    path, _outcome = finished_log(tmp_path, game, seats)
    assert summary(log_status(path)) == finished
    assert summary(log_status(cut_log(path, 7))) == cut


def logs(tmp_path, n: int) -> list:
    """``n`` copies of a finished Take 5 log in the logs folder, the first cut short."""
    path, _ = finished_log(tmp_path)
    folder = logs_dir()
    folder.mkdir(parents=True)
    shutil.copy(cut_log(path, 7), folder / "00.jsonl")
    for i in range(1, n):
        shutil.copy(path, folder / f"{i:02d}.jsonl")
    return sorted(folder.glob("*.jsonl"))


def test_the_rows_read_as_games(app, tmp_path, data):
    logs(tmp_path, 2)
    scene = LogListScene(app, "replays")
    app.switch(scene)
    app.frame(1 / 30, [])
    texts = {scene.describe(g)[1]: (scene.describe(g)[0], scene.detail(g)) for g in scene.logs}
    left, detail = texts["Bot 1 won"]
    assert left.endswith(" · Take 5 · Round 4")
    assert detail == "bullheads: Bot 1 22, Bot 2 68, Bot 3 62"
    left, detail = texts["unfinished"]
    assert left.endswith(" · Take 5 · Round 1")
    assert detail == "bullheads: Bot 1 0, Bot 2 0, Bot 3 0"


def test_delete_asks_first_and_escape_keeps_the_log(app, tmp_path, data):
    files = logs(tmp_path, 3)
    scene = LogListScene(app, "replays")
    app.switch(scene)
    app.frame(1 / 30, [])
    scene.selected = 1
    chosen = scene.logs[1]["path"]
    key(app, pygame.K_DELETE)
    assert scene.asking
    key(app, pygame.K_ESCAPE)  # Keep
    assert not scene.asking and len(scene.logs) == 3 and app.scene is scene
    assert sorted(p.name for p in logs_dir().glob("*.jsonl")) == [p.name for p in files]
    key(app, pygame.K_DELETE)
    app.frame(1 / 30, [])  # the question is drawn: its buttons are where they show
    yes = scene.buttons["yes"].center
    app.frame(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=yes)])
    assert not scene.asking and len(scene.logs) == 2
    assert chosen not in [g["path"] for g in scene.logs]
    assert len(list(logs_dir().glob("*.jsonl"))) == 2
    assert scene.selected == 1


def test_a_longer_list_shows_where_its_rows_are(app, tmp_path, data):
    logs(tmp_path, 12)
    scene = LogListScene(app, "replays")
    app.switch(scene)
    app.frame(1 / 30, [])
    assert scene.rows() == 7
    assert scene.scroll_words(scene.first(), 7) == ("1–7 of 12", "↓ 5 more")
    for _ in range(11):
        key(app, pygame.K_DOWN)
    assert scene.selected == 11 and scene.first() == 5
    assert scene.scroll_words(scene.first(), 7) == ("6–12 of 12", "")
    app.frame(1 / 30, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False)])
    assert scene.selected == 8
    short = LogListScene(app, "continue")  # one unfinished log: no mark
    assert short.scroll_words(0, 1) is None


def test_a_replay_is_watched_from_a_seat_one_at_a_time(app, tmp_path, data):
    path, _ = finished_log(tmp_path)
    game = engine.get_game("take5")
    scene = ReplayScene(app, read_log(path))
    app.switch(scene)
    scene.goto(5)
    assert scene.open_seats() == [0, 1, 2]
    key(app, pygame.K_TAB)
    assert scene.focus == 0
    app.frame(1 / 30, [])
    key(app, pygame.K_3)
    assert scene.focus == 2
    scene.show(scene.focus)
    assert scene.table.board == game.view(scene.states[5], 2) and scene.table.board["hand"]
    assert (scene.table.w, scene.table.h) == (1280, 720 - 86 - 32)  # full size: not scaled
    key(app, pygame.K_TAB)
    assert scene.focus is None and not scene.review
    key(app, pygame.K_2)
    key(app, pygame.K_0)
    assert scene.focus is None


def with_a_player(path):
    """The log at ``path`` with seat 0 played on this screen (``human``): the header's
    seat words (the engine replays the same actions)."""
    import json

    head, *rest = path.read_text(encoding="utf-8").splitlines(keepends=True)
    record = json.loads(head)
    record["seats"][0] = "human"
    mine = path.with_name("mine-" + path.name)
    mine.write_text(json.dumps(record) + "\n" + "".join(rest), encoding="utf-8")
    return mine


def test_before_the_end_only_this_screens_own_seat(app, tmp_path, data):
    path, _ = finished_log(tmp_path)
    game = engine.get_game("take5")
    scene = ReplayScene(app, read_log(cut_log(with_a_player(path), 9)))
    app.switch(scene)
    scene.goto(4)
    assert not scene.over and scene.open_seats() == [0]
    key(app, pygame.K_r)
    assert scene.review and scene.focus == 0
    scene.show(0)
    assert scene.table.board == game.view(scene.states[4], 0) and scene.table.board["hand"]
    key(app, pygame.K_2)  # another seat's hand: never before the end
    assert scene.focus is None
    scene.show(1)
    assert scene.table.board == game.view(scene.states[4], None)
    bots = ReplayScene(app, read_log(cut_log(path, 9)))  # no player on this screen
    assert bots.open_seats() == []


@pytest.mark.parametrize("game_id", engine.available_games())
def test_the_viewer_draws_no_text_under_12_px(app, tmp_path, data, game_id):
    """The public view and a seat's view of every game, in English and Hungarian."""
    g = engine.get_game(game_id)
    n = max(g.min_players, min(4, g.max_players))
    path, _ = finished_log(tmp_path, game_id, ",".join(["bot"] * n))
    try:
        for code in ("en", "hu"):
            i18n.set_language(code)
            scene = ReplayScene(app, read_log(path))
            app.switch(scene)
            scene.goto(len(scene.states) // 2)
            for seat in (None, 1):
                scene.set_focus(seat)
                assets.reset_caches()
                with assets.recording() as seen:
                    scene.draw(app.screen)
                small = [(px, t) for px, t in seen if px < assets.MIN_TEXT]
                assert not small, (code, seat, small[:5])
    finally:
        i18n.set_language("en")


def test_the_lists_words_grow_with_the_text_size(app, tmp_path, data):
    """At 150 % the rows' words are larger, the rows taller, and none is under 12 px
    at 75 %."""
    logs(tmp_path, 12)

    def sizes(scale: float) -> dict[str, int]:
        app.settings.ui_scale = scale
        scene = LogListScene(app, "replays")
        app.switch(scene)
        assets.reset_caches()
        with assets.recording() as seen:
            scene.draw(app.screen)
        return {t: px for px, t in seen}, scene

    try:
        small, _scene = sizes(0.75)
        assert min(small.values()) >= assets.MIN_TEXT
        normal, scene = sizes(1.0)
        assert scene.step() == 62
        larger, scene = sizes(1.5)
        assert scene.step() == 28 + 22 + 28 and scene.rows() == 6  # (720 - 230) // 78
        both = [t for t in normal if t in larger and any(c.isalpha() for c in t)]
        grew = [t for t in both if larger[t] > normal[t]]
        assert len(both) >= 5 and len(grew) >= 0.85 * len(both), (both, grew)
    finally:
        app.settings.ui_scale = 1.0
