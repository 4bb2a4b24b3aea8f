"""``Table.hand_over``: a player leaves a game that goes on, a stand-in takes the seat at
once and only the seat's token takes it back (the window hosting a LAN table hands its
seats to bots)."""

from __future__ import annotations

import pytest

from net.host import STAND_IN_LEVEL, Refused, Table
from tests.net.conftest import Recorder


def two_players(now):
    table = Table(
        "take5", ["human", "open"], 8, clock=lambda: now[0], takeover_delay=20.0, bot_delay=1.0
    )
    ana, guest = Recorder(), Recorder()
    ca = table.attach(0, ana, player="Ana")
    cg = table.attach(1, guest, player="Gus")  # the last open seat: the game starts
    return table, ca, cg, ana, guest


def test_a_handed_seat_is_played_by_a_normal_stand_in_at_once_and_everyone_hears_it():
    now = [0.0]
    table, ca, cg, ana, guest = two_players(now)
    assert table.started and STAND_IN_LEVEL == "normal"
    assert table.hand_over(0) is True
    notices = [m for m in guest.messages if m["type"] == "notice"]
    assert notices == [
        {
            "type": "notice",
            "event": "left",
            "seat": 0,
            "name": "Ana",
            "message": "Ana left; a bot plays their seat",
        }
    ]
    assert guest.messages[-1]["type"] == "seats"
    seat = guest.messages[-1]["seats"][0]
    assert seat["state"] == "stand-in" and seat["kind"] == "remote"
    assert not ca.attached  # the old connection is ignored from now on
    before = len(ana.messages)
    now[0] = 1.0  # the bot delay, not the 20 s takeover delay
    table.step_bots()
    assert [s for s, _ in table.actions] == [0]
    assert len(ana.messages) == before  # the detached connection hears nothing
    # The game goes on to its end with the guest alone.
    for _ in range(500):
        if table.is_over():
            break
        if 1 in table.game.awaiting(table.state):
            table.receive(cg, {"type": "action", "action": guest.legal[0]})
        now[0] += 1.0
        table.step_bots()
    assert table.outcome() is not None
    assert table.hand_over(1) is False  # after the end: nothing to hand


def test_only_the_seat_token_takes_a_handed_seat_back():
    now = [0.0]
    table, ca, cg, ana, guest = two_players(now)
    token = ca.token
    table.hand_over(0)
    with pytest.raises(Refused) as refused:
        table.attach(0, Recorder(), player="Mallory")
    assert refused.value.code == "seat-taken"
    back = Recorder()
    again = table.attach(0, back, token=token, player="Ana")
    assert again.seat == 0 and table.seats[0]["state"] == "connected"
    assert guest.messages[-2]["type"] == "notice" and guest.messages[-2]["event"] == "back"
    count = len(table.actions)
    now[0] = 1000.0
    table.step_bots()
    assert len(table.actions) == count  # taken back: no bot plays seat 0 now


def test_hand_over_changes_nothing_before_the_start_or_for_bots():
    table = Table("take5", ["human", "open"], 8)
    table.attach(0, Recorder())
    assert table.hand_over(0) is False and table.seats[0]["kind"] == "human"
    bots = Table("take5", ["human", "bot"], 8)
    bots.attach(0, Recorder())
    assert bots.hand_over(1) is False
    with pytest.raises(IndexError):
        bots.hand_over(5)
