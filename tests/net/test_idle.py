"""Idle players (issue 32): a connected player who lets two turn clocks in a row run out
is *idle* — a stand-in plays their seat at once until they act again, and everyone is
told — so one absent-minded player does not cost the table the whole turn clock on every
decision; and a dead link gets its stand-in after 10 s by default."""

from __future__ import annotations

from client.cli import build_parser
from net.host import IDLE_AFTER, TAKEOVER_DELAY, Table
from tests.net.conftest import Recorder

KEY = b"k" * 32  # the stand-ins' key: the same choices every run


class Clock:
    def __init__(self, t: float = 100.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def notices(rec: Recorder) -> list[tuple[str, int]]:
    return [(m["event"], m["seat"]) for m in rec.of_type("notice")]


def last_seats(rec: Recorder) -> list[dict]:
    return [m for m in rec.messages if m["type"] in ("seats", "welcome")][-1]["seats"]


def bo_moves(table: Table, bo: Recorder, cb) -> None:
    """Bo (seat 1) takes every decision that is his, at once."""
    while not table.is_over() and 1 in table.game.awaiting(table.state):
        table.receive(cb, {"type": "action", "action": bo.legal[0]})
        table.step_bots()


def ana_times_out(table: Table, clock: Clock) -> None:
    """Ana (seat 0) lets her turn clock run out: the whole 30 s."""
    assert table.game.awaiting(table.state) == {0}
    deadline = table.step_bots()
    assert deadline == table._awaited_since[0] + 30.0
    clock.t = deadline
    table.step_bots()


def idle_table(bot_delay: float = 0.0):
    """Ana (seat 0) and Bo (seat 1) at Take 5 with a 30 s turn clock; Bo plays, Ana does
    not. Returns ``(table, clock, ana, bo, ca, cb)`` after Ana's clock ran out twice."""
    clock = Clock()
    table = Table(
        "take5",
        ["human", "human"],
        6,
        clock=clock,
        turn_seconds=30.0,
        bot_delay=bot_delay,
        bot_key=KEY,
    )
    ana, bo = Recorder(), Recorder()
    ca = table.attach(0, ana, player="Ana")
    cb = table.attach(1, bo, player="Bo")
    for _ in range(IDLE_AFTER):
        bo_moves(table, bo, cb)
        ana_times_out(table, clock)
    return table, clock, ana, bo, ca, cb


def test_two_clocks_in_a_row_make_a_player_idle_and_a_stand_in_plays_at_once():
    table, clock, ana, bo, ca, cb = idle_table()
    assert IDLE_AFTER == 2
    for rec in (ana, bo):
        assert notices(rec) == [("timed-out", 0), ("timed-out", 0), ("idle", 0)]
        said = rec.of_type("notice")[-1]["message"]
        assert said == "Ana let 2 turns run out: a stand-in plays for them until they act again"
        ana_seat = last_seats(rec)[0]
        assert ana_seat["state"] == "stand-in" and ana_seat["connected"]
        assert ana_seat["clock"] is None and ana_seat["takeover_in"] is None
    assert table.is_bot_seat(0)
    # Her next decisions: the stand-in's, at once (the clock never moves).
    at, before = clock.t, len(table.actions)
    for _ in range(3):
        bo_moves(table, bo, cb)
        assert 0 not in table.game.awaiting(table.state)
    assert clock.t == at and [0, 1] == sorted({s for s, _ in table.actions[before:]})
    assert notices(bo)[-1] == ("idle", 0)  # no timed-out for the stand-in's choices


def test_any_message_but_a_ping_brings_the_idle_player_back_with_a_fresh_clock():
    table, clock, ana, bo, ca, cb = idle_table()
    table.receive(ca, {"type": "ping"})  # clients ping on their own: no sign of Ana
    assert last_seats(bo)[0]["state"] == "stand-in"
    clock.t += 5.0
    table.receive(ca, {"type": "emote", "emote": 0})
    for rec in (ana, bo):
        assert notices(rec)[-1] == ("back", 0)
        seat = last_seats(rec)[0]
        assert seat["state"] == "connected"
    assert not table.is_bot_seat(0)
    if 0 in table.game.awaiting(table.state):
        assert last_seats(bo)[0]["clock"] == 30.0  # a fresh clock from her return


def test_an_action_of_the_idle_player_is_theirs_and_brings_them_back():
    table, clock, ana, bo, ca, cb = idle_table(bot_delay=2.0)
    assert last_seats(bo)[0]["state"] == "stand-in"
    while 0 not in table.game.awaiting(table.state):
        bo_moves(table, bo, cb)
        clock.t = table.step_bots()  # the stand-in's pause of 2 s
        table.step_bots()
    assert table.step_bots() == clock.t + 2.0  # Ana's stand-in is due in 2 s
    action = ana.legal[0]
    table.receive(ca, {"type": "action", "action": action})  # Ana, before the stand-in
    assert [0, action] in table.actions[-2:]
    assert notices(bo)[-1] == ("back", 0)
    assert table.seats[0]["state"] == "connected" and table._seats[0].timeouts == 0


def test_a_player_who_acts_between_two_clocks_is_not_idle():
    clock = Clock()
    table = Table("take5", ["human", "human"], 6, clock=clock, turn_seconds=30.0, bot_key=KEY)
    ana, bo = Recorder(), Recorder()
    ca = table.attach(0, ana, player="Ana")
    cb = table.attach(1, bo, player="Bo")
    bo_moves(table, bo, cb)
    ana_times_out(table, clock)  # one
    bo_moves(table, bo, cb)
    table.receive(ca, {"type": "action", "action": ana.legal[0]})  # then she played
    table.step_bots()
    bo_moves(table, bo, cb)
    ana_times_out(table, clock)  # and once more: one in a row, not two
    assert notices(bo) == [("timed-out", 0), ("timed-out", 0)]
    assert table.seats[0]["state"] == "connected"


def test_an_idle_player_whose_link_dies_returns_with_the_token():
    table, clock, ana, bo, ca, cb = idle_table()
    table.detach(ca)
    assert table.seats[0]["state"] == "stand-in"
    at = clock.t
    bo_moves(table, bo, cb)  # her stand-in plays on at once: no takeover delay again
    assert 0 not in table.game.awaiting(table.state) and clock.t == at
    back = Recorder()
    table.attach(0, back, token=ca.token, player="Ana")
    assert table.seats[0]["state"] == "connected" and not table._seats[0].idle
    assert notices(bo)[-1] == ("back", 0)


def test_a_dead_link_gets_its_stand_in_after_10_s_by_default():
    assert TAKEOVER_DELAY == 10.0
    clock = Clock()
    table = Table("take5", ["human", "human"], 6, clock=clock)
    ana, bo = Recorder(), Recorder()
    table.attach(0, ana, player="Ana")
    cb = table.attach(1, bo, player="Bo")
    table.detach(cb)
    assert last_seats(ana)[1]["takeover_in"] == 10.0
    assert table.step_bots() == 110.0
    clock.t = 110.0
    table.step_bots()
    assert notices(ana) == [("stand-in", 1)]
    args = build_parser().parse_args(["host", "take5", "--seats", "open,bot"])
    assert args.takeover == 10.0 and args.linger == 60.0
