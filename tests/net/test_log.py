"""Tables that survive (issue 9): the log on disk, a record cut mid-write, replays that
reproduce the live digests, resuming after a real crash, players back with their tokens,
and the ``tapete play --log`` / ``replay`` / ``resume`` commands."""

from __future__ import annotations

import io
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

import engine
from net.commands import play_headless, replay_command, resume_headless
from net.host import Refused, Table
from net.local import LocalHost
from net.log import (
    TableLog,
    default_log_path,
    list_logs,
    log_summary,
    read_log,
    replay_states,
    resume_table,
)

from .conftest import GAMES, options_for, player_count

ROOT = pathlib.Path(__file__).resolve().parents[2]


def play(argv: list[str]) -> str:
    out = io.StringIO()
    assert play_headless(argv, out=out, err=io.StringIO()) == 0
    return out.getvalue()


def take5_log(tmp_path, seed=5, seats="bot,bot:easy,bot") -> tuple[pathlib.Path, dict]:
    path = tmp_path / "t.jsonl"
    line = play(
        ["take5", "--seats", seats, "--headless", "--seed", str(seed), "--json", "--log", str(path)]
    )
    return path, json.loads(line)


# --------------------------------------------------------------------------- the file
def test_the_log_holds_header_actions_seating_and_outcome(tmp_path):
    path, outcome = take5_log(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header == {
        "game": "take5",
        "rules_version": engine.get_game("take5").rules_version,
        "options": {},
        "seats": ["bot", "bot:easy", "bot"],
        "seed": 5,
        "name": "",
    }
    assert json.loads(lines[1])["seating"][1] == {
        "kind": "bot",
        "name": "Bot 2",
        "level": "easy",
        "token": None,
    }
    assert json.loads(lines[-1]) == {"outcome": outcome}
    rec = read_log(path)
    assert len(rec["actions"]) == outcome["actions"] == len(lines) - 3
    assert rec["outcome"] == outcome and rec["started"]


@pytest.mark.parametrize("cut", [1, 7, 20, 33])
def test_a_record_cut_mid_write_is_ignored_and_nothing_before_it_is_lost(tmp_path, cut):
    path, _ = take5_log(tmp_path)
    full = read_log(path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    # header, seating, then `cut` whole actions and half of the next one
    torn = "".join(lines[: 2 + cut]) + lines[2 + cut][: len(lines[2 + cut]) // 2]
    path.write_text(torn, encoding="utf-8")
    rec = read_log(path)
    assert rec["actions"] == full["actions"][:cut]
    assert rec["outcome"] is None
    assert len(Table.from_record(rec).actions) == cut
    assert log_summary(path)["over"] is False


def test_a_file_that_is_not_a_log_is_refused(tmp_path):
    bad = tmp_path / "x.jsonl"
    bad.write_text("hello\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a Tapete table log"):
        read_log(bad)
    assert log_summary(bad) is None
    err = io.StringIO()
    assert replay_command([str(bad), "--json"], out=io.StringIO(), err=err) == 2
    assert "cannot read" in err.getvalue()


def test_default_logs_live_under_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))
    a = default_log_path("take5", 5, when=0)
    a.write_text("", encoding="utf-8")
    b = default_log_path("take5", 5, when=0)
    assert a.parent == tmp_path / "data" / "logs"
    assert a.name.endswith("-take5-5.jsonl") and b.name.endswith("-take5-5-2.jsonl")


def test_list_logs_tells_finished_from_unfinished(tmp_path):
    path, _ = take5_log(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    (tmp_path / "cut.jsonl").write_text("".join(lines[:12]), encoding="utf-8")
    (tmp_path / "junk.jsonl").write_text("{", encoding="utf-8")
    found = {pathlib.Path(g["path"]).name: g for g in list_logs(tmp_path)}
    assert set(found) == {"t.jsonl", "cut.jsonl"}
    assert found["t.jsonl"]["over"] and not found["cut.jsonl"]["over"]
    assert found["cut.jsonl"]["actions"] == 10


# --------------------------------------------------------------------------- replays
@pytest.mark.parametrize("game_id", GAMES)
def test_replaying_a_log_gives_the_live_games_digest_at_every_step(tmp_path, game_id):
    game = engine.get_game(game_id)
    n = player_count(game_id)
    table = Table(game_id, ["bot:easy"] * n, 11, options_for(game_id))
    live = [game.digest(table.state)]
    log = TableLog.for_table(tmp_path / "g.jsonl", table)
    inner = table.on_action

    def on_action(seat, action):
        inner(seat, action)
        live.append(game.digest(table.state))

    table.on_action = on_action
    table.run_to_end()
    log.close()
    states = replay_states(read_log(tmp_path / "g.jsonl"))
    assert [game.digest(s) for s in states] == live
    out = io.StringIO()
    assert replay_command([str(tmp_path / "g.jsonl"), "--json"], out=out) == 0
    assert json.loads(out.getvalue()) == table.outcome()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_resumed_bots_game_ends_as_the_uninterrupted_one(tmp_path, game_id):
    n = player_count(game_id)
    seats = ",".join((["bot:easy", "bot:normal"] * 5)[:n])
    opts = json.dumps(options_for(game_id))
    full = play(
        [
            game_id,
            "--seats",
            seats,
            "--headless",
            "--seed",
            "5",
            "--json",
            "--options",
            opts,
            "--log",
            str(tmp_path / "full.jsonl"),
        ]
    )
    lines = (tmp_path / "full.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[: len(lines) // 2]), encoding="utf-8")
    before = read_log(cut)
    out = io.StringIO()
    assert resume_headless([str(cut), "--headless", "--json"], out=out) == 0
    assert out.getvalue() == full
    after = read_log(cut)  # it logged on into the same file
    assert after["actions"][: len(before["actions"])] == before["actions"]
    assert after["outcome"] == json.loads(full)


def test_replay_of_an_unfinished_log_says_so(tmp_path):
    path, _ = take5_log(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(lines[:22]), encoding="utf-8")
    out = io.StringIO()
    assert replay_command([str(path), "--json"], out=out) == 0
    line = json.loads(out.getvalue())
    assert line == {
        "game": "take5",
        "seed": 5,
        "winners": None,
        "scores": None,
        "rounds": None,
        "actions": 20,
    }


def test_resume_headless_refuses_a_seat_played_by_a_person(tmp_path):
    table = Table("take5", ["human", "bot", "bot"], 3)
    TableLog.for_table(tmp_path / "h.jsonl", table).close()
    err = io.StringIO()
    assert (
        resume_headless([str(tmp_path / "h.jsonl"), "--headless"], out=io.StringIO(), err=err) == 2
    )
    assert "people" in err.getvalue()


# --------------------------------------------------------------------------- tokens
def test_players_rejoin_a_resumed_table_with_their_tokens(tmp_path):
    path = tmp_path / "lan.jsonl"
    host = LocalHost("take5", ["open", "bot:easy", "bot:easy"], 9, bot_delay=0.0, log=str(path))
    host.start()
    try:
        conn = host.connect(0, "Ana")
        deadline = time.monotonic() + 10
        while conn.token is None and time.monotonic() < deadline:
            conn.poll()
            time.sleep(0.01)
        token = conn.token
        hand = host.call(lambda t: t.view(0)["hand"])
        conn.send({"type": "action", "action": {"type": "choose", "card": hand[0]}})
        while host.call(lambda t: len(t.actions)) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        digest = host.call(lambda t: t.game.digest(t.state))
        actions = host.call(lambda t: len(t.actions))
    finally:
        host.stop()  # the log is flushed after every action: as good as a crash
    assert read_log(path)["seating"][0] == {
        "kind": "remote",
        "name": "Ana",
        "level": None,
        "token": token,
    }
    resumed = LocalHost.resume(str(path), bot_delay=0.0, takeover_delay=60.0)
    resumed.start()
    try:
        assert resumed.call(lambda t: (t.game.digest(t.state), len(t.actions))) == (digest, actions)
        seat0 = resumed.call(lambda t: t.seats[0])
        assert seat0["kind"] == "remote" and seat0["away"] and seat0["name"] == "Ana"
        with pytest.raises(Refused):
            resumed.connect(0, "Eve", token="not-the-token")
        back = resumed.connect(0, "Ana", token=token)
        assert back.seat == 0 and back.token == token
    finally:
        resumed.stop()


def test_a_table_resumed_in_its_lobby_opens_its_seats_again(tmp_path):
    path = tmp_path / "lobby.jsonl"
    table = Table("take5", ["open", "open", "bot"], 2)
    log = TableLog.for_table(path, table)
    table.attach(0, lambda m: None, player="Ana")
    log.close()
    again = resume_table(read_log(path))
    assert not again.started and again.open_seats() == [0, 1]


def test_open_seats_the_host_gave_to_bots_stay_bots(tmp_path):
    path = tmp_path / "start.jsonl"
    table = Table("take5", ["open", "open", "bot"], 2)
    log = TableLog.for_table(path, table)
    table.start()
    table.step_bots(now=10**9)
    log.close()
    again = resume_table(read_log(path))
    assert again.started and [s["kind"] for s in again.seats] == ["bot"] * 3
    again.run_to_end()
    table.run_to_end()
    assert again.outcome() == table.outcome()


# --------------------------------------------------------------------------- a real crash
def _env(tmp_path) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT)
    env["TAPETE_DATA_DIR"] = str(tmp_path / "data")
    return env


def test_a_host_process_killed_mid_game_resumes_to_the_same_outcome(tmp_path):
    path = tmp_path / "crash.jsonl"
    env = _env(tmp_path)
    cmd = [sys.executable, "-m", "client"]
    proc = subprocess.Popen(
        cmd
        + [
            "host",
            "take5",
            "--seats",
            "bot,bot:easy,bot",
            "--seed",
            "5",
            "--port",
            "0",
            "--loopback",
            "--no-advertise",
            "--bot-delay",
            "0.02",
            "--log",
            str(path),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if path.exists() and len(read_log(path)["actions"]) >= 30:
                break
            assert proc.poll() is None, "the host ended before it was killed"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
    crashed = read_log(path)
    assert crashed["outcome"] is None and len(crashed["actions"]) >= 30
    digest = engine.get_game("take5").digest(Table.from_record(crashed).state)
    assert digest == engine.get_game("take5").digest(replay_states(crashed)[-1])
    resumed = subprocess.run(
        cmd + ["resume", str(path), "--headless", "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr
    straight = subprocess.run(
        cmd
        + ["play", "take5", "--seats", "bot,bot:easy,bot", "--headless", "--seed", "5", "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert json.loads(resumed.stdout) == json.loads(straight.stdout)
    replayed = subprocess.run(
        cmd + ["replay", str(path), "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert json.loads(replayed.stdout) == json.loads(straight.stdout)
