"""Seats that come back by themselves (issue 14): the token store on disk, and a
client that, restarted, is back in its seat with no typing."""

from __future__ import annotations

import json
import os
import stat
import time

import pytest

from net.client import connect
from net.local import LocalHost
from net.tokens import MAX_ENTRIES, TokenStore, table_key

WAIT = 20.0


def welcome(token="t0k", seat=1, table_id=None, game="take5"):
    m = {"type": "welcome", "seat": seat, "token": token, "game": game, "table": "Anna's"}
    if table_id is not None:
        m["table_id"] = table_id
    return m


def test_tokens_are_kept_by_table_identity_and_found_by_address(tmp_path):
    store = TokenStore(tmp_path / "seats.json")
    assert store.recall("10.0.0.2:47470") is None
    assert store.remember(welcome(table_id="abc"), "10.0.0.2:47470") == "id:abc#1"
    assert store.remember(welcome("other", 0), "10.0.0.3:47470") == "addr:10.0.0.3:47470/take5#0"
    assert store.recall("10.0.0.2:47470")["token"] == "t0k"
    # A resumed host on another port is still found by its identity.
    assert store.recall("10.0.0.2:50000", table_id="abc")["seat"] == 1
    assert store.recall("10.0.0.3:47470")["seat"] == 0
    # The file is private: a token takes a seat.
    assert stat.S_IMODE(os.stat(tmp_path / "seats.json").st_mode) == 0o600
    store.forget("t0k")
    assert store.recall("10.0.0.2:47470") is None
    assert table_key({"game": "x"}, "h:1") == "addr:h:1/x"


def test_a_spectators_welcome_keeps_nothing(tmp_path):
    store = TokenStore(tmp_path / "seats.json")
    assert store.remember(welcome(token=None, seat=None), "h:1") is None
    assert not (tmp_path / "seats.json").exists()


def test_entries_are_kept_until_their_table_ends_whatever_the_clock_and_bounded(tmp_path):
    now = [1000.0]
    store = TokenStore(tmp_path / "seats.json", clock=lambda: now[0])
    store.remember(welcome("old", table_id="old"), "h:1")
    now[0] += 3 * 24 * 3600  # three days later, or a clock two days ahead: still kept
    assert store.recall("h:1")["token"] == "old"
    now[0] -= 10 * 24 * 3600  # a clock set back: the newest seat is still the last held
    for i in range(MAX_ENTRIES + 10):
        store.remember(welcome(f"t{i}", table_id=f"id{i}"), f"h:{i + 2}")
    entries = store.entries()
    assert len(entries) == MAX_ENTRIES
    assert "id:old#1" not in entries and "id:id9#1" not in entries
    assert "id:id10#1" in entries and f"id:id{MAX_ENTRIES + 9}#1" in entries


def test_one_machine_keeps_a_token_per_seat_and_takes_back_the_last_held(tmp_path):
    store = TokenStore(tmp_path / "seats.json")
    store.remember(welcome("zero", 0, table_id="t1"), "h:1")
    store.remember(welcome("two", 2, table_id="t1"), "h:1")  # a second window, seat 2
    assert [e["seat"] for e in store.kept("h:1")] == [2, 0]
    assert store.recall("h:1")["token"] == "two"
    assert store.recall("h:1", seat=0)["token"] == "zero"
    assert store.recall("h:9", table_id="t1", seat=0)["token"] == "zero"  # moved: by id
    store.remember(welcome("zero", 0, table_id="t1"), "h:1")  # seat 0 held again
    assert [e["seat"] for e in store.kept("h:1")] == [0, 2]
    store.remember(welcome("new2", 2, table_id="t1"), "h:1")  # seat 2 given a new token
    assert sorted(e["token"] for e in store.kept(table_id="t1")) == ["new2", "zero"]
    # A newer table at the same address: its seats only, never an older table's.
    store.remember(welcome("n0", 0, table_id="t2"), "h:1")
    assert [e["token"] for e in store.kept("h:1")] == ["n0"]
    store.forget("n0")  # its outcome was seen
    assert [e["token"] for e in store.kept("h:1")] == ["new2", "zero"]


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{",
        b"[]",
        b'{"seats": []}',
        b'{"seats": {"k": {"token": 5}}}',
        b"\xff\xfe",
        b"[" * 5000,
    ],
)
def test_a_damaged_file_counts_as_empty_and_is_written_afresh(tmp_path, content):
    path = tmp_path / "seats.json"
    path.write_bytes(content)
    store = TokenStore(path)
    assert store.recall("h:1") is None
    assert store.remember(welcome(), "h:1")
    assert json.loads(path.read_text())["seats"]["addr:h:1/take5#1"]["token"] == "t0k"


def test_an_unwritable_folder_loses_the_convenience_not_the_game(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    store = TokenStore(blocker / "seats.json")
    assert store.remember(welcome(), "h:1") is None
    assert store.recall("h:1") is None


def wait_welcome(conn):
    end = time.monotonic() + WAIT
    while conn.welcome is None and time.monotonic() < end:
        time.sleep(0.01)
    return conn.welcome


def test_a_restarted_client_is_back_in_its_seat_with_no_typing(tmp_path):
    store = TokenStore(tmp_path / "seats.json")
    host = LocalHost("take5", ["open", "open", "bot"], 3, takeover_delay=60.0)
    host.start()
    try:
        target = f"127.0.0.1:{host.listen(0, '127.0.0.1')}"
        ana = connect(target, player="Ana", tokens=store)
        bo = connect(target, player="Bo", tokens=TokenStore(tmp_path / "bo.json"))
        assert (ana.seat, bo.seat) == (0, 1) and not ana.recalled
        token = ana.token
        assert [e["token"] for e in store.entries().values()] == [token]
        assert store.recall(target) is None  # Ana's live connection holds it
        ana.close()  # the laptop restarts
        again = connect(target, player="Ana", tokens=store)
        try:
            assert (again.seat, again.token, again.recalled) == (0, token, True)
            assert host.call(lambda t: t.seats[0]["connected"])
        finally:
            again.close()
            bo.close()
    finally:
        host.stop()


def test_a_kept_token_the_host_refuses_is_forgotten_and_the_player_watches(tmp_path):
    store = TokenStore(tmp_path / "seats.json")
    host = LocalHost("take5", ["open", "bot"], 3)
    host.start()
    try:
        target = f"127.0.0.1:{host.listen(0, '127.0.0.1')}"
        seated = connect(target, player="Ana")  # takes the only open seat
        store.remember(welcome("stale", 0, game="take5"), target)
        conn = connect(target, player="Eve", tokens=store)
        try:
            assert conn.seat is None and conn.spectator and not conn.recalled
            assert store.recall(target) is None
        finally:
            conn.close()
            seated.close()
    finally:
        host.stop()


def test_a_seat_held_by_a_live_process_is_not_offered_twice(tmp_path):
    store = TokenStore(tmp_path / "seats.json")
    store.remember(welcome("mine"), "h:1")
    assert store.recall("h:1")["token"] == "mine"  # held by nobody alive but us
    from net.tokens import hold, release

    hold("mine")  # a live connection of this process has it
    assert store.recall("h:1") is None
    release("mine")
    data = json.loads((tmp_path / "seats.json").read_text())
    data["seats"]["addr:h:1/take5#1"]["pid"] = 1  # another live process holds it
    (tmp_path / "seats.json").write_text(json.dumps(data))
    assert store.recall("h:1") is None


def test_two_players_on_one_machine_keep_their_own_seats(tmp_path):
    store = TokenStore(tmp_path / "seats.json")
    host = LocalHost("take5", ["open", "open", "bot"], 3)
    host.start()
    try:
        target = f"127.0.0.1:{host.listen(0, '127.0.0.1')}"
        ana = connect(target, player="Ana", tokens=store)
        bo = connect(target, player="Bo", tokens=store)
        try:
            assert {ana.seat, bo.seat} == {0, 1} and not bo.recalled
        finally:
            ana.close()
            bo.close()
    finally:
        host.stop()
