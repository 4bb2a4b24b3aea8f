"""The replay viewer, review mode only after the end, "play this deal", continuing an
unfinished local game from the menu's list, window games logged by default, statistics."""

from __future__ import annotations

import io
import json
import re
import time

import pygame
import pytest

import engine
from client.cli import main
from net.host import Table, seeded_bot_key
from net.log import TableLog, read_log
from tests.client.conftest import run_until


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def key(app, k, mod=0):
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="")])


def finished_log(tmp_path, game="take5", seats="bot,bot:easy,bot", seed=5):
    path = tmp_path / f"{game}.jsonl"
    g = engine.get_game(game)
    out = io.StringIO()
    assert (
        main(
            [
                "play",
                game,
                "--seats",
                seats,
                "--headless",
                "--seed",
                str(seed),
                "--json",
                "--log",
                str(path),
                "--options",
                json.dumps(getattr(g, "contract_options", {})),
            ],
            out=out,
        )
        == 0
    )
    return path, json.loads(out.getvalue())


def cut_log(path, keep_actions: int):
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = path.with_name("cut-" + path.name)
    cut.write_text("".join(lines[: 2 + keep_actions]), encoding="utf-8")
    return cut


def test_the_viewer_steps_through_public_views_and_jumps_rounds(app, tmp_path, data):
    from client.scenes.replay import ReplayScene

    path, outcome = finished_log(tmp_path)
    scene = ReplayScene(app, read_log(path), str(path))
    app.switch(scene)
    game = engine.get_game("take5")
    assert len(scene.states) == outcome["actions"] + 1
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert scene.index == 12
    assert scene.table.board == game.view(scene.states[12], None)
    assert scene.table.board["hand"] == []  # the public view: no hand
    key(app, pygame.K_LEFT)
    assert scene.index == 11
    rounds = [i for i, _label in scene.marks]
    assert rounds[0] == 0 and len(rounds) == outcome["rounds"]
    key(app, pygame.K_PAGEDOWN)
    assert scene.index == rounds[1]
    assert scene.table.board["round"] == 2
    key(app, pygame.K_PAGEUP)
    assert scene.index == 0
    key(app, pygame.K_END)
    assert scene.index == outcome["actions"] and scene.table.board["over"]
    # the track: a click at its left end is the first step
    app.frame(
        1 / 30,
        [
            pygame.event.Event(
                pygame.MOUSEBUTTONUP, button=1, pos=(scene.track.x, scene.track.centery)
            )
        ],
    )
    assert scene.index == 0


def test_review_shows_every_hand_only_once_the_game_is_over(app, tmp_path, data):
    from client.scenes.replay import ReplayScene

    path, _ = finished_log(tmp_path)
    game = engine.get_game("take5")
    # An unfinished log: no review, never a seat's hand.
    unfinished = ReplayScene(app, read_log(cut_log(path, 20)))
    app.switch(unfinished)
    key(app, pygame.K_r)
    key(app, pygame.K_2)
    assert not unfinished.review and unfinished.table.perspective is None
    unfinished.show(1)  # even asked directly
    assert unfinished.table.board == game.view(unfinished.states[0], None)
    # A finished game: review from each seat's own view.
    scene = ReplayScene(app, read_log(path))
    app.switch(scene)
    scene.goto(5)
    key(app, pygame.K_r)
    assert scene.review and scene.focus == 0  # the first seat, full size
    app.frame(1 / 30, [])
    key(app, pygame.K_2)
    assert scene.focus == 1
    app.frame(1 / 30, [])
    assert scene.table.board == game.view(scene.states[5], None)  # back to public after drawing
    scene.show(1)
    assert scene.table.board == game.view(scene.states[5], 1)
    assert scene.table.board["hand"]
    key(app, pygame.K_r)
    assert not scene.review


def test_a_review_names_the_seat_it_shows_unless_it_was_played_here(app, tmp_path, data):
    """A bots' game reviewed from seat 1 shows "Bot 1", its team as "Team 1" and its
    lead as "Bot 1 leads" (the review read "You", "Your team: 3 (You & Bot 3)", "You:
    pass"); a log with one screen player keeps "You" for that seat only."""
    from client.i18n import _
    from client.scenes.replay import ReplayScene
    from client.tables.guandan import paint

    path, _out = finished_log(tmp_path, "guandan", "bot,bot,bot,bot", seed=3)
    scene = ReplayScene(app, read_log(path))
    app.switch(scene)
    scene.goto(len(scene.states) - 1)
    app.frame(1 / 30, [])
    scene.show(0)  # what the review draws (drawing ends back at the public view)
    t = scene.table
    assert (t.me, t.foreign, t.named, t.is_you(0)) == (0, True, True, False)
    assert t.who(0) == "Bot 1" and t.who(2) == "Bot 3"
    assert paint.team_name(t, 0) == _("Team {n}").format(n=1)
    assert paint.lead_text(t, 0) == _("{name} leads").format(name="Bot 1")
    record = read_log(path)
    record["seats"] = ["bot", "bot", "human", "bot"]  # seat 3 was this screen's
    mine = ReplayScene(app, record)
    app.switch(mine)
    mine.goto(len(mine.states) - 1)
    mine.show(2)
    t = mine.table
    assert (t.foreign, t.is_you(2), t.who(2)) == (False, True, _("You"))
    assert paint.team_name(t, 0) == _("Your team")
    mine.show(1)
    assert (t.foreign, t.is_you(1), t.who(1)) == (True, False, "Bot 2")


def test_play_this_deal_starts_the_same_seed_at_a_new_table(app, tmp_path, data):
    from client.scenes.replay import ReplayScene
    from client.tables.take5 import Take5Table

    path, _ = finished_log(tmp_path, seed=17)
    app.switch(ReplayScene(app, read_log(path)))
    key(app, pygame.K_p)
    assert isinstance(app.scene, Take5Table)
    assert app.scene.session.seed == 17 and app.scene.session.seats[0] == "human"
    assert len(app.scene.session.seats) == 3


@pytest.mark.parametrize("game_id", engine.available_games())
def test_every_games_table_draws_in_the_viewer_and_its_review(app, tmp_path, data, game_id):
    from client.scenes.replay import ReplayScene
    from client.tables import tables_available

    assert game_id in tables_available()  # every game has a table
    g = engine.get_game(game_id)
    n = max(g.min_players, min(4, g.max_players))
    path, _ = finished_log(tmp_path, game_id, ",".join(["bot"] * n))
    scene = ReplayScene(app, read_log(path))
    app.switch(scene)
    scene.goto(len(scene.states) // 2)
    app.frame(1 / 30, [])
    scene.set_review(True)
    app.frame(1 / 30, [])
    assert scene.review


def test_window_games_are_logged_under_the_data_folder(app, data):
    from client.launch import start_table

    table = start_table(app, "take5", ["bot:easy", "bot:easy"], seed=4)
    path = table.session.log_path
    assert path.startswith(str(data / "logs"))
    assert re.search(r"-take5-[0-9a-f]{8}\.jsonl$", path), path  # never the seed
    table.session.set_bot_delay(0.0)
    public = table.session.mirrors[None]
    end = time.monotonic() + 60
    while public.outcome is None and time.monotonic() < end:
        table.session.pump()
        time.sleep(0.01)
    # the host logs an action before it tells anyone about it; the wire carries the
    # seed as a decimal string and reveals the bots' key (protocol 2)
    logged = read_log(path)
    assert public.outcome is not None
    assert public.outcome == {**logged["outcome"], "seed": "4", "bot_key": logged["bot_key"]}


def test_continue_a_game_lists_unfinished_local_games_and_resumes_one(app, data):
    from client.scenes.replay import LogListScene
    from client.tables.take5 import Take5Table
    from net.log import logs_dir

    logs_dir().mkdir(parents=True)
    # the bots' key from the seed (as a chosen seed gives): the same game every run; a
    # fresh key gave other bot cards each run, and sometimes a bot's row choice pending
    table = Table("take5", ["human", "bot:easy", "bot:easy"], 1, bot_key=seeded_bot_key(1))
    log = TableLog.for_table(logs_dir() / "a.jsonl", table)
    table.step_bots(now=10**9)
    table._act(0, table.game.legal_actions(table.state, 0)[0])
    log.close()
    bots = Table("take5", ["bot", "bot"], 8)  # bots only: nothing to continue
    TableLog.for_table(logs_dir() / "b.jsonl", bots).close()
    scene = LogListScene(app, "continue")
    app.switch(scene)
    app.frame(1 / 30, [])
    assert [g["path"] for g in scene.logs] == [str(logs_dir() / "a.jsonl")]
    key(app, pygame.K_RETURN)
    assert isinstance(app.scene, Take5Table)
    session = app.scene.session
    assert session.local_seats == [0] and session.log_path == str(logs_dir() / "a.jsonl")
    logged = json.loads(json.dumps(table.view(0)))
    # seat 0's card was too low: nothing moves until seat 0 takes a row
    assert logged["awaiting"] == [0] and logged["phase"] == "row-choice"
    # the resumed host (a child process) may take its time on a loaded machine
    assert run_until(app, lambda: session.mirrors[0].view is not None, 30, wall=60)
    assert session.mirrors[0].view == logged
    replays = LogListScene(app, "replays")
    assert len(replays.logs) == 2


def test_continue_a_game_lists_a_table_for_the_room_with_phones_only(app, data):
    """Four phones on the couch, nobody on the screen: the screen's "Leave" says the
    game can be finished later under Continue a game, so it is listed there."""
    from client.scenes.replay import LogListScene
    from net.log import logs_dir

    logs_dir().mkdir(parents=True)
    table = Table("take5", ["phone", "phone", "bot:easy"], 2, names=["Ana", "Bea", "Bot"])
    TableLog.for_table(logs_dir() / "room.jsonl", table).close()
    assert [g["path"] for g in LogListScene(app, "continue").logs] == [
        str(logs_dir() / "room.jsonl")
    ]


def test_statistics_count_a_finished_local_game_once(app, data):
    from client.launch import TableSpec
    from client.scenes.results import ResultsScene
    from client.session import TableSession
    from client.scenes.stats import StatsScene
    from client.stats import load_stats, summary_rows
    from client.tables.take5 import Take5Table

    spec = TableSpec.new("take5", ["human", "bot", "bot"], 3)
    session = TableSession.local(spec, ["Ana", "B", "C"], log=False)
    try:
        view = {"over": True, "winners": [0], "totals": [12, 40, 70], "round": 3}
        ResultsScene(app, session, view, Take5Table)
        ResultsScene(app, session, view, Take5Table)  # shown again: not counted again
    finally:
        session.close()
    prof = load_stats()["profiles"]["Ana"]
    assert prof["games"] == {"take5": {"played": 1, "won": 1}}
    assert prof["take5_points"] == 12 and prof["take5_games"] == 1
    from client.stats import update_profile

    update_profile(prof, "the-game", 0, {"over": True, "winners": [], "cards_left": 9})
    update_profile(prof, "the-game", 0, {"over": True, "winners": [], "cards_left": 4})
    update_profile(prof, "guandan", 1, {"over": True, "winners": [1, 3]})
    rows = dict(summary_rows(prof))
    assert rows["The Game: best result"] == "4 cards left"
    assert rows["Take 5: average bullheads"] == "12.0"
    assert rows["Guandan: matches won"] == "1"
    app.switch(StatsScene(app))
    app.frame(1 / 30, [])


def test_the_cli_replays_a_log(tmp_path, data, capsys):
    from client.cli import main

    path, outcome = finished_log(tmp_path)
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == outcome


def test_the_replays_list_shows_an_unreadable_log_with_its_reason(app, tmp_path, data):
    """Every file of the bad-log corpus (tests/net/test_log.py) in the logs folder: the
    Replays list shows each one, the unreadable ones as such with the reader's reason,
    opening one says why instead of crashing, and every row draws in a small window."""
    from client.scenes.replay import LogListScene
    from net.log import log_status, logs_dir
    from tests.net.test_log import corpus, take5_log

    good, _outcome = take5_log(tmp_path)
    folder = logs_dir()
    folder.mkdir(parents=True)
    files = corpus(good.read_bytes())
    for i, (name, (raw, _words)) in enumerate(files.items()):
        (folder / f"{i:02d}-{name}.jsonl").write_bytes(raw)
    (folder / "zz-good.jsonl").write_bytes(good.read_bytes())
    scene = LogListScene(app, "replays")
    app.switch(scene)
    assert len(scene.logs) == len(files) + 1
    bad = [g for g in scene.logs if not g["ok"]]
    assert len(bad) == len(files) - 3  # (three read but do not replay: listed as logs)
    i = scene.logs.index(bad[0])
    reason = log_status(bad[0]["path"])["error"]
    assert scene.describe(bad[0])[1] == "unreadable"
    assert scene.describe(bad[0])[0].endswith(" · " + bad[0]["path"].rsplit("/", 1)[1])
    scene.selected = i
    key(app, pygame.K_RETURN)
    assert app.scene is scene and scene.error == f"This log cannot be read: {reason}"
    key(app, pygame.K_DOWN)
    assert scene.error == ""  # (about the row left)
    for size in ((1280, 720), (800, 500)):
        app.frame(0.0, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
        for chosen in range(len(scene.logs)):
            scene.selected = chosen
            app.frame(1 / 30, [])
            assert scene.row_rect(scene.rows() - 1).bottom <= size[1] - 70
