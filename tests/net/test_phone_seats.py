"""Phone seats (issue 31): a couch player whose hand is on their phone. The table keeps
the seat for a token it draws at creation (the window shows it as a link and a code);
only that token takes the seat, the game does not wait for a lobby, and a phone that
drops is away like any player (a stand-in after the takeover delay), its token kept —
also across a resume from the log."""

from __future__ import annotations

import pytest

from net.host import PLAYER_KINDS, Refused, Table, parse_seat
from net.log import TableLog, read_log, resume_table
from tests.net.conftest import Recorder


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def phone_table(clock=None) -> Table:
    return Table(
        "take5",
        ["human", "phone", "phone", "bot:easy"],
        7,
        names=[None, "Ana", "Bea", None],
        clock=clock or Clock(),
        takeover_delay=20.0,
    )


def test_phone_is_a_seat_word_and_a_player_kind():
    assert parse_seat(" Phone ") == ("phone", None)
    assert "phone" in PLAYER_KINDS
    with pytest.raises(ValueError, match="human, phone, open, bot"):
        parse_seat("tablet")


def test_a_phone_seat_is_kept_for_its_own_token_from_the_start():
    table = phone_table()
    assert table.started  # no open seat: no lobby, the deal is made
    tokens = [table.seat_token(s) for s in range(4)]
    assert tokens[0] is None and tokens[3] is None
    assert all(isinstance(t, str) and len(t) == 22 for t in tokens[1:3])  # 128 bits
    assert tokens[1] != tokens[2]
    seats = table.seats
    assert [s["kind"] for s in seats] == ["human", "phone", "phone", "bot"]
    assert [s["name"] for s in seats] == ["Player 1", "Ana", "Bea", "Bot 4"]
    assert [s["state"] for s in seats] == ["waiting", "waiting", "waiting", "bot"]
    assert "token" not in repr(seats)


def test_only_the_token_takes_a_phone_seat_and_the_name_stays():
    table = phone_table()
    with pytest.raises(Refused) as no_token:
        table.attach(1, Recorder(), player="Mallory")
    assert no_token.value.code == "seat-taken"
    assert "Ana's phone seat" in no_token.value.message
    with pytest.raises(Refused) as wrong:
        table.attach(1, Recorder(), player="Mallory", token=table.seat_token(2))
    assert wrong.value.code == "bad-token"
    with pytest.raises(Refused) as by_token:  # a token names its own seat only
        table.attach(2, Recorder(), token=table.seat_token(1))
    assert by_token.value.code == "bad-token"
    rec = Recorder()
    table.attach(1, rec, player="", token=table.seat_token(1))
    welcome = rec.of_type("welcome")[0]
    assert welcome["seat"] == 1 and welcome["token"] == table.seat_token(1)
    assert rec.view["hand"]  # its own hand, dealt
    assert table.seats[1]["state"] == "connected" and table.seats[1]["name"] == "Ana"
    assert table.choose_seat(None, table.seat_token(2)) == 2


def test_a_phone_that_drops_is_away_then_played_by_a_stand_in_until_it_returns():
    clock = Clock()
    table = phone_table(clock)
    token = table.seat_token(1)
    client = table.attach(1, Recorder(), token=token)
    table.detach(client)
    assert table.seats[1]["state"] == "away"
    assert table.seats[1]["takeover_in"] == 20.0
    clock.now += 20.0
    table.step_bots()
    assert table.seats[1]["state"] == "stand-in"
    back = Recorder()
    table.attach(1, back, token=token)
    assert table.seats[1]["state"] == "connected"
    assert [m["event"] for m in back.of_type("notice")] == ["back"]
    assert table.seat_token(1) == token  # the same link keeps working


def test_hand_over_keeps_a_phone_seat_a_phone_seat():
    table = phone_table()
    assert table.hand_over(2)
    assert table.seats[2]["kind"] == "phone" and table.seats[2]["state"] == "stand-in"
    rec = Recorder()
    table.attach(2, rec, token=table.seat_token(2))
    assert table.seats[2]["state"] == "connected"


def test_a_resumed_couch_table_keeps_each_phone_seat_and_token(tmp_path):
    table = phone_table()
    tokens = [table.seat_token(1), table.seat_token(2)]
    path = tmp_path / "couch.jsonl"
    TableLog.for_table(path, table).close()
    rec = read_log(path)
    assert rec["seats"] == ["human", "phone", "phone", "bot:easy"]
    again = resume_table(rec, clock=Clock())
    assert [again.seat_token(1), again.seat_token(2)] == tokens
    assert [s["name"] for s in again.seats][1:3] == ["Ana", "Bea"]
    assert [s["state"] for s in again.seats][1:3] == ["away", "away"]
