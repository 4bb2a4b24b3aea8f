"""Private files (issue 29, item 2): the host log holds the seed, the bots' key and every
seat token, and ``seats.json`` holds this machine's tokens, so both are mode 0600 and
the data folder and its ``logs/`` folder are 0700 — created so, tightened when found
looser, whatever the umask (net/PROTOCOL.md "Log on disk")."""

from __future__ import annotations

import json
import os
import stat

import pytest

from net.host import Table
from net.log import TableLog, default_log_path, read_log, resume_table, write_private
from net.tokens import TokenStore


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def data(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("TAPETE_DATA_DIR", str(folder))
    return folder


def logged_table(path, seats=("open", "bot")) -> tuple[Table, TableLog]:
    table = Table("take5", list(seats), 7)
    return table, TableLog.for_table(path, table)


def test_a_new_log_and_its_folders_are_private_under_umask_0(data, umask0):
    path = default_log_path("take5", "t1", when=0)
    table, log = logged_table(path)
    log.close()
    assert (mode(data), mode(data / "logs"), mode(path)) == (0o700, 0o700, 0o600)
    assert sorted(p.name for p in (data / "logs").iterdir()) == [path.name]  # no .tmp left
    assert read_log(path)["seating"][0]["token"] is None  # an open seat: no token yet
    a_file = data / "logs" / "plain"
    a_file.write_text("x")
    assert mode(a_file) == 0o666  # the umask really is 0 here


def test_loose_data_and_logs_folders_are_tightened(data, umask0):
    (data / "logs").mkdir(parents=True, mode=0o755)
    os.chmod(data, 0o755)
    os.chmod(data / "logs", 0o775)
    path = default_log_path("take5", "t2", when=0)
    assert (mode(data), mode(data / "logs")) == (0o700, 0o700)
    _table, log = logged_table(path)
    log.close()
    assert mode(path) == 0o600


def test_a_log_elsewhere_is_private_but_its_existing_folder_is_not_ours_to_change(
    tmp_path, data, umask0
):
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    os.chmod(shared, 0o755)
    _table, log = logged_table(shared / "x.jsonl")
    log.close()
    assert (mode(shared), mode(shared / "x.jsonl")) == (0o755, 0o600)
    _table, log = logged_table(tmp_path / "new" / "deeper" / "y.jsonl")
    log.close()
    assert mode(tmp_path / "new" / "deeper") == 0o700  # created by us: created private
    assert mode(tmp_path / "new" / "deeper" / "y.jsonl") == 0o600
    assert not data.exists()  # a log elsewhere makes no data folder


def test_a_resumed_log_is_tightened_and_a_torn_copy_is_private(tmp_path, umask0):
    path = tmp_path / "r.jsonl"
    table, log = logged_table(path, ("bot", "bot"))
    table.start()
    for _ in range(5):
        table.step_bots()
    log.close()
    whole = path.read_bytes()
    path.write_bytes(whole + b'[0, {"type": "ch')  # a crash mid-write
    os.chmod(path, 0o644)  # as an older Tapete left it
    rec = read_log(path)
    assert rec["torn"]
    log = TableLog.for_table(path, resume_table(rec))
    log.close()
    assert (mode(path), mode(tmp_path / "r.jsonl.torn")) == (0o600, 0o600)
    assert path.read_bytes().startswith(whole)


def test_a_stale_tmp_file_or_a_planted_link_cannot_make_the_log_readable(tmp_path, umask0):
    path = tmp_path / "s.jsonl"
    stale = tmp_path / "s.jsonl.tmp"
    stale.write_text("old")
    os.chmod(stale, 0o644)
    _table, log = logged_table(path)
    log.close()
    assert mode(path) == 0o600 and not stale.exists()
    # A link planted where the tmp file goes is replaced, never written through.
    victim = tmp_path / "victim"
    victim.write_text("keep me")
    os.chmod(victim, 0o644)
    os.symlink(victim, tmp_path / "t.jsonl.tmp")
    _table, log = logged_table(tmp_path / "t.jsonl")
    log.close()
    assert victim.read_text() == "keep me" and mode(victim) == 0o644
    assert mode(tmp_path / "t.jsonl") == 0o600


def test_kept_seat_tokens_and_statistics_are_private(data, umask0):
    os.makedirs(data, mode=0o755)
    os.chmod(data, 0o755)
    store = TokenStore()
    welcome = {"token": "t" * 22, "seat": 1, "game": "take5", "table": "T", "table_id": "a" * 32}
    assert store.remember(welcome, "127.0.0.1:47470") == "id:" + "a" * 32 + "#1"
    assert (mode(data), mode(data / "seats.json")) == (0o700, 0o600)
    kept = json.loads((data / "seats.json").read_text())["seats"]
    assert kept["id:" + "a" * 32 + "#1"]["seat"] == 1
    from client.stats import load_stats, save_stats

    save_stats(load_stats())
    assert mode(data / "stats.json") == 0o600
    assert sorted(p.name for p in data.iterdir()) == ["seats.json", "stats.json"]


def test_write_private_replaces_a_loose_file_with_a_private_one(tmp_path, umask0):
    target = tmp_path / "f.json"
    target.write_text("old")
    os.chmod(target, 0o666)
    write_private(target, "new")
    assert (target.read_text(), mode(target)) == ("new", 0o600)
