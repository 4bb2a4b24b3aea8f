"""The next game of a couch table (issue 31, "New game, same players"): the window's next
table holds the game before's key and phone tokens, so it *is* that table for its phones
(the same ``table_id``, proven by the same key; each phone seat kept for the same token)
while its deal is new; the host that closes tells its connections that the next game
comes (``host-closed`` with ``next: true``); a token of another table, or a made-up one,
takes no seat at the next game; the web door serves it again on the same port."""

from __future__ import annotations

import asyncio
import threading
import urllib.request

import pytest

from net.host import Refused, Table, follow_token
from net.local import LocalHost
from net.protocol import farewell_error
from tests.net.conftest import Recorder
from tests.net.test_web import WAIT, WsLink, hello

SEATS = ["phone", "phone", "bot:easy"]
NAMES = ["Ana", "Bea", None]


def next_of(first: Table, seed: int) -> Table:
    """The next game of ``first``, as the window deals it (client/hostchild.py ``build``)."""
    tokens = {s: first.seat_token(s) for s in (0, 1)}
    return Table("take5", SEATS, seed, names=NAMES, table_key=first.key.private_hex, tokens=tokens)


def test_the_next_game_is_the_same_table_for_its_phones_with_a_new_deal():
    first = Table("take5", SEATS, 7, names=NAMES)
    second = next_of(first, 8)
    assert second.table_id == first.table_id  # the same identity (the same key)
    assert second.key.private_hex == first.key.private_hex
    assert [second.seat_token(s) for s in range(3)] == [
        first.seat_token(0),
        first.seat_token(1),
        None,
    ]
    hands = []
    for table in (first, second):
        rec = Recorder()
        table.attach(0, rec, token=first.seat_token(0))
        assert rec.of_type("welcome")[0]["seat"] == 0
        hands.append(rec.view["hand"])
    assert hands[0] != hands[1] and len(hands[1]) == 10  # a new deal, seed 8
    assert [s["name"] for s in second.seats] == ["Ana", "Bea", "Bot 3"]
    assert "token" not in repr(second.seats)


def test_a_token_of_another_table_or_a_made_up_one_takes_no_seat_at_the_next_game():
    first = Table("take5", SEATS, 7, names=NAMES)
    stranger = Table("take5", SEATS, 7, names=NAMES)  # another couch's table
    second = next_of(first, 8)
    for token in (stranger.seat_token(0), "A" * 22, first.seat_token(1)):
        with pytest.raises(Refused) as refused:
            second.attach(0, Recorder(), token=token)
        assert refused.value.code == "bad-token"
    with pytest.raises(Refused) as no_token:
        second.attach(0, Recorder(), player="Mallory")
    assert no_token.value.code == "seat-taken"
    assert second.token_seat(stranger.seat_token(1)) is None


def test_a_token_given_for_the_next_game_must_look_like_one_of_ours():
    good = "abcdefghijklmnopqrstuv"  # 22 URL-safe characters, as token_urlsafe(16)
    assert follow_token({0: good}, 0) == good
    for bad in ("short", 22 * "é", good + " ", 5, None, "x" * 65):
        assert follow_token({0: bad}, 0) is None
    assert follow_token(None, 0) is None and follow_token({1: good}, 0) is None
    table = Table("take5", SEATS, 7, tokens={0: "short", 1: good, 2: good})
    assert table.seat_token(1) == good
    assert table.seat_token(0) != "short" and len(table.seat_token(0)) == 22  # fresh
    assert table.seat_token(2) is None  # a bot seat holds no token


def test_the_farewell_says_whether_the_next_game_comes():
    assert farewell_error(False) == {
        "type": "error",
        "code": "host-closed",
        "message": "the host closed the table",
        "rule": "",
    }
    assert farewell_error(False, next_game=True) == {
        "type": "error",
        "code": "host-closed",
        "message": "the table deals the next game: your seat waits for you",
        "rule": "",
        "next": True,
    }
    assert farewell_error(True, next_game=True)["code"] == "host-stopping"


def test_the_web_door_hands_its_phones_to_the_next_game_on_the_same_port():
    """A phone at the first game's web door hears ``host-closed`` with ``next``; the
    next game's door on the same port takes it back with its kept token (the same
    ``table_id`` in ``/table.json`` and ``welcome``), and refuses a stranger's."""
    first = Table("take5", SEATS, 7, names=NAMES)
    stranger = Table("take5", SEATS, 7, names=NAMES)
    host = LocalHost("take5", SEATS, 7, table=first, bot_delay=0.0)
    host.start()
    hosts = [host]
    try:
        host.listen(0, "127.0.0.1")
        port = host.listen_web(0)
        url = f"http://127.0.0.1:{port}/"
        token = first.seat_token(0)

        async def first_game() -> list[dict]:
            link = await WsLink.open(url)
            try:
                await link.send(hello(token=token, seat=0, legal=True))
                got = [await link.recv(), await link.recv()]
                assert [m["type"] for m in got] == ["welcome", "snapshot"]
                stop = threading.Thread(target=host.stop, kwargs={"next_game": True})
                stop.start()
                rest = await link.rest()
                await asyncio.to_thread(stop.join, WAIT)
                return rest
            finally:
                await link.close()

        rest = asyncio.run(asyncio.wait_for(first_game(), 4 * WAIT))
        farewell = [m for m in rest if m["type"] == "error"]
        assert farewell == [farewell_error(False, next_game=True)]

        second = next_of(first, 8)
        nxt = LocalHost("take5", SEATS, 8, table=second, bot_delay=0.0)
        hosts.append(nxt)
        nxt.start()
        nxt.listen(0, "127.0.0.1")
        assert nxt.listen_web(port) == port  # the port the first game let go of
        with urllib.request.urlopen(url + "table.json", timeout=WAIT) as resp:
            body = resp.read().decode()
        assert f'"table_id": "{first.table_id}"' in body.replace('":"', '": "')
        assert token not in body and first.key.private_hex not in body

        async def next_game() -> tuple[list[dict], list[dict]]:
            phone = await WsLink.open(url)
            other = await WsLink.open(url)
            try:
                await phone.send(hello(token=token, seat=0, legal=True))
                mine = [await phone.recv(), await phone.recv()]
                await other.send(hello(token=stranger.seat_token(0), seat=0))
                theirs = await other.rest()
                return mine, theirs
            finally:
                await phone.close()
                await other.close()

        mine, theirs = asyncio.run(asyncio.wait_for(next_game(), 4 * WAIT))
        welcome, snapshot = mine
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        assert welcome["table_id"] == first.table_id and welcome["token"] == token
        assert snapshot["view"]["hand"] == second.view(0)["hand"]
        assert [(m["type"], m["code"]) for m in theirs] == [("error", "bad-token")]
    finally:
        for h in hosts:
            h.stop()
