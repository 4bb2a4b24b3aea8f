"""The host on its own thread (net/local.py) and headless play (``tapete play --headless``)."""

from __future__ import annotations

import io
import json
import time

import pytest

from client.cli import main
from net.host import Refused
from net.local import LocalHost
from net.mirror import ViewMirror
from tests.net.test_tcp import chose

WAIT = 20.0  # seconds; every wait below is bounded


def play_headless(argv, **kw):
    return main(["play", *argv, "--headless"], **kw)


def drive(conn, until, timeout=WAIT):
    """Poll ``conn`` (rebuilding its view with the one mirror; the legal list comes
    from the view: none travels) until ``until(state)`` or the timeout."""
    state = {"view": None, "legal": [], "messages": []}
    mirror = ViewMirror(keep_backlog=False)
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for m in conn.poll():
            state["messages"].append(m)
            mirror.feed(m)
            if m["type"] in ("snapshot", "delta"):
                state["view"], state["legal"] = mirror.view, mirror.legal
        if until(state):
            return state
        time.sleep(0.002)
    pytest.fail("timed out waiting on the local host")


@pytest.fixture
def host():
    made = []

    def make(*args, **kw):
        h = LocalHost(*args, **kw)
        made.append(h)
        h.start()
        return h

    yield make
    for h in made:
        h.stop()


def test_a_local_game_against_bots_plays_to_the_end(host):
    h = host("take5", ["human", "bot", "bot:easy"], 3, bot_delay=0.0)
    conn = h.connect(0, "Ana")

    def act(st):
        v = st["view"]
        if v and 0 in v["awaiting"] and st["legal"]:
            conn.send({"type": "action", "action": st["legal"][0]})
            st["legal"] = []
        return bool(v and v["over"])

    st = drive(conn, act)
    assert conn.seat == 0 and conn.token
    assert st["view"] == h.call(lambda t: t.view(0))
    assert h.call(lambda t: t.outcome())["actions"] > 0
    assert h.over.is_set()
    assert not [m for m in st["messages"] if m["type"] == "error"]


def test_couch_play_two_local_seats_and_a_spectator(host):
    h = host("take5", ["human", "human"], 11, bot_delay=0.0)
    a, b, w = h.connect(0, "Ana"), h.connect(1, "Bo"), h.connect(None)
    sa = drive(a, lambda s: s["legal"])
    a.send({"type": "action", "action": sa["legal"][0]})
    sw = drive(w, lambda s: chose(s["view"], 0))
    assert sw["view"]["hand"] == [] and w.token is None
    sb = drive(b, lambda s: chose(s["view"], 0))
    assert sb["view"] == h.call(lambda t: t.view(1))


def test_connect_refuses_a_taken_seat(host):
    h = host("take5", ["human", "bot"], 1)
    h.connect(0)
    with pytest.raises(Refused):
        h.connect(0)
    with pytest.raises(Refused):
        h.connect(1)


def test_errors_reach_only_the_sender_and_unsendable_messages_are_refused(host):
    h = host("take5", ["human", "human"], 1)
    a, b = h.connect(0), h.connect(1)
    drive(a, lambda s: s["view"])
    drive(b, lambda s: s["view"])
    a.send({"type": "action", "action": {"type": "choose", "card": 999}})
    a.send({"type": "action", "action": {"type": "choose", "card": {1, 2}}})  # not msgpack
    st = drive(a, lambda s: len([m for m in s["messages"] if m["type"] == "error"]) == 2)
    assert sorted(m["code"] for m in st["messages"]) == ["bad-message", "malformed-action"]
    a.send({"type": "ping"})
    drive(a, lambda s: s["messages"] and s["messages"][-1]["type"] == "pong")
    assert b.poll() == []


def test_a_closed_local_seat_is_played_by_the_stand_in_then_handed_back(host):
    h = host("take5", ["human", "human"], 6, bot_delay=0.0, takeover_delay=0.05)
    a, b = h.connect(0), h.connect(1)
    token = b.token
    b.close()
    st = drive(a, lambda s: chose(s["view"], 1))
    assert not chose(st["view"], 0)
    assert h.call(lambda t: t.seats[1]["away"])
    back = h.connect(1, token=token)
    assert back.token == token and not h.call(lambda t: t.seats[1]["away"])
    drive(back, lambda s: s["view"] == h.call(lambda t: t.view(1)))


def test_play_headless_prints_one_outcome_line():
    out, err = io.StringIO(), io.StringIO()
    code = play_headless(
        ["take5", "--seats", "bot,bot,bot,bot", "--headless", "--seed", "7", "--json"],
        out=out,
        err=err,
    )
    assert code == 0 and err.getvalue() == ""
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    outcome = json.loads(lines[0])
    assert list(outcome) == ["game", "seed", "winners", "scores", "rounds", "actions"]
    assert outcome["game"] == "take5" and outcome["seed"] == 7 and len(outcome["scores"]) == 4
    again = io.StringIO()
    play_headless(
        ["take5", "--seats", "bot,bot,bot,bot", "--seed", "7", "--json"], out=again, err=err
    )
    assert again.getvalue() == out.getvalue()


@pytest.mark.parametrize("seats", ["bot,human", "open,bot", "bot,robot"])
def test_play_headless_refuses_seats_it_cannot_play(seats):
    out, err = io.StringIO(), io.StringIO()
    assert play_headless(["take5", "--seats", seats, "--json"], out=out, err=err) == 2
    assert out.getvalue() == "" and err.getvalue().strip()


def test_play_headless_refuses_bad_options_and_games():
    err = io.StringIO()
    assert play_headless(["take5", "--options", "[1]"], out=io.StringIO(), err=err) == 2
    assert play_headless(["take5", "--options", '{"nope": 1}'], out=io.StringIO(), err=err) == 2
    assert play_headless(["chess"], out=io.StringIO(), err=err) == 2
    assert "unknown option 'nope'" in err.getvalue() and "unknown game 'chess'" in err.getvalue()


def test_the_log_on_disk_resumes_a_table_after_a_crash(tmp_path, host):
    from net.log import read_log

    path = tmp_path / "table.log"
    h = host("take5", ["human", "bot", "bot:easy"], 12, bot_delay=0.0, log=str(path), name="Crashy")
    conn = h.connect(0)

    def act_once(st):
        v = st["view"]
        if v and v["turn"] >= 2 and v["awaiting"] == [0] and v["phase"] == "choose":
            return True  # quiet: the bots have chosen, the table waits for us
        # Act in turn 1 only: an action sent in turn 2 could be on its way while a view
        # from before it says "quiet", and the table would move on under the test.
        if v and v["turn"] == 1 and 0 in v["awaiting"] and st["legal"]:
            conn.send({"type": "action", "action": st["legal"][0]})
            st["legal"] = []
        return False

    drive(conn, act_once)
    rec = read_log(path)
    assert rec["game"] == "take5" and rec["seed"] == 12 and rec["name"] == "Crashy"
    assert rec["actions"] == h.call(lambda t: t.record()["actions"])
    assert len(rec["actions"]) >= 5
    digest = h.call(lambda t: t.game.digest(t.state))
    h.stop()  # the host dies (the kernel lets its log's lock go: net.loglock)
    with open(path, "a") as f:
        f.write('[0, {"type": "cho')  # the host died mid-write
    resumed = LocalHost.resume(str(path), bot_delay=0.0)
    try:
        assert resumed.table.game.digest(resumed.table.state) == digest
        assert resumed.table.name == "Crashy" and resumed.table.started
        assert read_log(path)["actions"] == rec["actions"]  # rewritten whole, torn line gone
    finally:
        resumed.stop()
