"""Tables that survive (issue 9): the log on disk, a record cut mid-write, replays that
reproduce the live digests, resuming after a real crash, players back with their tokens,
and the ``tapete play --log`` / ``replay`` / ``resume`` commands."""

from __future__ import annotations

import io
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import time

import pytest

import engine
from client.cli import main
from client.headless import outcome_line


from net.host import Refused, Table
from net.identity import TableKey
from net.local import LocalHost
from net.log import (
    LOG_FORMAT,
    TableLog,
    default_log_path,
    list_logs,
    log_summary,
    read_log,
    replay_states,
    resume_table,
)

from .conftest import GAMES, options_for, player_count


def play_headless(argv, **kw):
    return main(["play", *argv, "--headless"], **kw)


def replay_command(argv, **kw):
    return main(["replay", *argv], **kw)


def resume_headless(argv, **kw):
    return main(["resume", *argv], **kw)


def host_command(argv, **kw):
    return main(["host", *argv], **kw)


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
    assert len(bytes.fromhex(header.pop("bot_key"))) == 32  # the bots' secret key
    table_key = TableKey(header.pop("table_key"))  # the table's private key, hex
    assert header.pop("table_id") == table_key.table_id
    assert header == {
        "format": LOG_FORMAT,
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
    assert "cannot use the log" in err.getvalue() and "line 1" in err.getvalue()


def test_default_logs_live_under_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))
    a = default_log_path("take5", "t1", when=0)
    a.write_text("", encoding="utf-8")
    b = default_log_path("take5", "t1", when=0)
    assert a.parent == tmp_path / "data" / "logs"
    assert a.name.endswith("-take5-t1.jsonl") and b.name.endswith("-take5-t1-2.jsonl")


def test_a_default_log_name_never_holds_the_seed(tmp_path, monkeypatch):
    """Issue 13: the seed is secret until the end; a log's name is not."""
    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))
    names = {default_log_path("take5", when=0).name for _ in range(2)}
    for name in names:
        assert re.fullmatch(r"\d{8}-\d{6}-take5-[0-9a-f]{8}\.jsonl", name), name
    assert len(names) == 2


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
    # The uninterrupted game: the same table from the log's header, no action played
    # (`tapete host` mixed the chosen seed 5 with a secret and keyed its bots afresh:
    # issue 29, so `tapete play --seed 5` is another game).
    assert crashed["chosen_seed"] == 5 and crashed["seed"] != 5
    uninterrupted = Table.from_record({**crashed, "actions": []})
    uninterrupted.run_to_end()
    straight = outcome_line(uninterrupted.outcome())
    assert json.loads(resumed.stdout) == json.loads(straight)
    replayed = subprocess.run(
        cmd + ["replay", str(path), "--json"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert json.loads(replayed.stdout) == json.loads(straight)


# --------------------------------------------------------------------------- issue 14
# A corpus of logs no reader may choke on: torn, edited, nested, wrong-typed, foreign.
def corpus(good: bytes) -> dict[str, tuple[bytes, str]]:
    """``name -> (file bytes, words the refusal must contain)``, built around a good
    Take 5 log (header, seating, actions, outcome)."""
    lines = good.split(b"\n")
    header = json.loads(lines[0])

    def with_header(**changes) -> bytes:
        h = {**header, **changes}
        return b"\n".join([json.dumps(h).encode(), *lines[1:]])

    def edit(i: int, new: bytes) -> bytes:
        return b"\n".join([*lines[:i], new, *lines[i + 1 :]])

    deep = "[" * 5000 + "]" * 5000
    return {
        "empty": (b"", "empty"),
        "not json": (b"hello\n", "line 1"),
        "binary junk": (bytes(range(256)) * 4, "line 1"),
        "utf-16": (("\ufeff" + lines[0].decode()).encode("utf-16"), "line 1"),
        "header cut short": (lines[0][:30], "cut short"),
        "header alone, cut": (lines[0][:-3], "line 1"),
        "null seed": (with_header(seed=None), "'seed'"),
        "float seed": (with_header(seed=1.5), "'seed'"),
        "bool seed": (with_header(seed=True), "'seed'"),
        "options a list": (with_header(options=[1, 2]), "'options'"),
        "options junk for the engine": (with_header(options={"threshold": "x"}), "set-up"),
        "game a list": (with_header(game=["take5"]), "'game'"),
        "unknown game": (with_header(game="chess"), "unknown game"),
        "seats not a list": (with_header(seats="bot,bot"), "'seats'"),
        "seats of numbers": (with_header(seats=[1, 2, 3]), "'seats'"),
        "seats a bad word": (with_header(seats=["bot", "robot", "bot"]), "'robot'"),
        "one seat too many": (with_header(seats=["bot"] * 4), "line"),
        "name a map": (with_header(name={"x": 1}), "'name'"),
        "deeply nested header": (
            b'{"game":"take5","seats":["bot"],"seed":1,"options":' + deep.encode() + b"}\n",
            "line 1",
        ),
        "nested past the limit": (
            with_header(options={"a": json.loads("[" * 40 + "]" * 40)}),
            "nested",
        ),
        "huge int seed": (lines[0].replace(b'"seed":5', b'"seed":' + b"9" * 5000), "line 1"),
        "huge int seat": (
            edit(3, b'[100000000000000000000000000, {"type": "choose", "card": 1}]'),
            "line 4",
        ),
        "newer format": (with_header(format=99), "format 99"),
        "format a string": (with_header(format="2"), "format"),
        "other rules version": (with_header(rules_version="0.9"), "rules version"),
        "garbled middle line": (edit(5, b'[0, {"type": "cho'), "line 6"),
        "binary middle line": (edit(5, b"\xff\xfe\x00"), "line 6"),
        "unknown record": (edit(4, b'{"clock": {"seat": 1, "left": 30}}'), "line 5"),
        "a number record": (edit(4, b"42"), "line 5"),
        "action of three": (edit(4, b'[0, {"type": "choose"}, 1]'), "line 5"),
        "action with an extra field": (
            edit(
                2,
                json.dumps([json.loads(lines[2])[0], {**json.loads(lines[2])[1], "x": 1}]).encode(),
            ),
            "line 3",
        ),
        "illegal action": (edit(2, b'[0, {"type": "choose", "card": 999}]'), "line 3"),
        "seating of the wrong length": (edit(1, b'{"seating": [], "started": true}'), "line 2"),
        "seating with a bad level": (
            edit(1, json.dumps({"seating": [{"kind": "bot", "level": "god"}] * 3}).encode()),
            "line 2",
        ),
        "outcome a list": (edit(len(lines) - 2, b'{"outcome": [1, 2]}'), "outcome"),
        "nan seed": (lines[0].replace(b'"seed":5', b'"seed":NaN'), "'seed'"),
    }


@pytest.fixture(scope="module")
def good_log(tmp_path_factory) -> bytes:
    path, _ = take5_log(tmp_path_factory.mktemp("good"))
    data = path.read_bytes()
    assert data.endswith(b"\n")
    return data


def test_every_reader_refuses_every_bad_log_clearly_and_touches_nothing(tmp_path, good_log):
    from net.log import LogError, log_status, replay_table

    folder = tmp_path / "logs"
    folder.mkdir()
    for i, (name, (data, words)) in enumerate(corpus(good_log).items()):
        path = folder / f"{i:02d}.jsonl"
        path.write_bytes(data)
        # Reading or replaying: a LogError naming the file, line and reason — or, for
        # a log whose fields are fine but whose game does not replay, at the replay.
        try:
            rec = read_log(path)
        except LogError as exc:
            assert str(path) in str(exc) and words in str(exc), (name, str(exc))
            assert log_status(path)["ok"] is False and log_summary(path) is None
            status = log_status(path)
            assert status["error"] == str(exc)
        else:
            for replay in (replay_states, replay_table, resume_table):
                with pytest.raises(LogError) as info:
                    replay(rec)
                assert words in str(info.value) and str(path) in str(info.value), name
        # Every command: a clear refusal, no traceback.
        for command, argv in (
            (replay_command, [str(path), "--json"]),
            (resume_headless, [str(path), "--headless", "--json"]),
        ):
            err = io.StringIO()
            assert command(argv, out=io.StringIO(), err=err) in (1, 2), name
            assert str(path) in err.getvalue() and "Traceback" not in err.getvalue(), name
        err = io.StringIO()
        argv = ["--log", str(path), "--resume", "--port", "0", "--loopback", "--no-advertise"]
        assert host_command(argv, out=io.StringIO(), err=err) == 2, name
        assert str(path) in err.getvalue() and "Traceback" not in err.getvalue(), name
        with pytest.raises(ValueError):
            LocalHost.resume(str(path))
        assert path.read_bytes() == data, f"{name}: a reader changed the file"
    # The window's lists: unreadable logs left out, or shown as unreadable; a log that
    # reads but does not replay is listed (opening it gives the LogError above).
    unreadable = {str(p) for p in folder.iterdir() if log_summary(p) is None}
    assert len(unreadable) == len(corpus(good_log)) - 3  # options, extra field, illegal
    assert {g["path"] for g in list_logs(folder)} == {str(p) for p in folder.iterdir()} - unreadable
    listed = list_logs(folder, include_bad=True)
    assert len(listed) == len(corpus(good_log))
    assert {g["path"] for g in listed if not g["ok"]} == unreadable
    assert all(g["error"] for g in listed if not g["ok"])


def test_only_a_torn_last_line_is_forgiven(tmp_path, good_log):
    lines = good_log.split(b"\n")
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"\n".join(lines[:10]) + b"\n" + lines[10][:9])
    rec = read_log(path)
    assert rec["torn"] and len(rec["actions"]) == 8
    path.write_bytes(b"\n".join(lines[:10]) + b"\n" + lines[10][:9] + b"\n" + lines[11])
    with pytest.raises(ValueError, match="line 11"):
        read_log(path)
    # A last record complete but for its newline is read, not thrown away.
    path.write_bytes(b"\n".join(lines[:11]))
    rec = read_log(path)
    assert not rec["torn"] and rec["unterminated"] and len(rec["actions"]) == 9


def test_resuming_appends_and_keeps_a_torn_logs_copy(tmp_path, good_log):
    lines = good_log.split(b"\n")
    path = tmp_path / "r.jsonl"
    kept = b"\n".join(lines[:20]) + b"\n"
    path.write_bytes(kept + lines[20][:7])
    out = io.StringIO()
    assert resume_headless([str(path), "--headless", "--json"], out=out) == 0
    assert path.read_bytes().startswith(kept)  # appended after the last whole record
    assert (tmp_path / "r.jsonl.torn").read_bytes() == kept + lines[20][:7]
    assert read_log(path)["outcome"] == json.loads(out.getvalue())
    # An unterminated last record: a newline goes first, nothing is lost.
    path.write_bytes(b"\n".join(lines[:20]))
    assert resume_headless([str(path), "--headless", "--json"], out=io.StringIO()) == 0
    assert path.read_bytes().startswith(b"\n".join(lines[:20]) + b"\n")
    assert read_log(path)["outcome"] == json.loads(out.getvalue())


def test_a_log_of_another_table_is_never_overwritten(tmp_path, good_log):
    path = tmp_path / "other.jsonl"
    path.write_bytes(good_log)
    err = io.StringIO()
    argv = ["take5", "--seats", "bot,bot", "--headless", "--seed", "6", "--log", str(path)]
    assert play_headless(argv, out=io.StringIO(), err=err) == 1
    assert "another table's log" in err.getvalue() and path.read_bytes() == good_log


def test_a_format_1_log_reads_as_it_is(tmp_path, good_log):
    lines = good_log.split(b"\n")
    header = json.loads(lines[0])
    del header["format"]
    path = tmp_path / "old.jsonl"
    path.write_bytes(b"\n".join([json.dumps(header).encode(), *lines[1:]]))
    rec = read_log(path)
    assert rec["format"] == 1 and rec["outcome"] is not None
    assert replay_command([str(path), "--json"], out=io.StringIO()) == 0
