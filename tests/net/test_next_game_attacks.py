"""Attacks on the next game of a couch table (issue 31, net/PROTOCOL.md "The next game"),
as a guest on the LAN would make them, on loopback: the next table holds the game
before's key and phone tokens, so only the phone that held a seat takes it — not a
spectator, another phone, a stranger who read the public ``/table.json``, a made-up token
or another seat's token or proof, at either door; nothing any connection hears (the
farewell with ``next``, ``welcome``, ``seats``, ``/table.json``) holds a token, the key,
a seed or the bots' key; the next deal, seed and bots' key do not follow from the key;
no message from the wire reaches what carries the key and tokens (the window's private
pipe); the window's request builds the table with the game before's tokens only when
they are well-formed, into a private log, printing nothing of them."""

from __future__ import annotations

import asyncio
import os
import stat
import threading
import urllib.request

import pytest

from client.hostchild import build, home_port, listen_web_again
from net.host import Refused, Table, new_seed
from net.identity import new_nonce, seat_proof
from net.local import LocalHost
from net.protocol import farewell_error
from tests.net.conftest import Recorder
from tests.net.test_web import WAIT, TcpLink, WsLink, hello

SEATS = ["phone", "phone", "bot:easy"]
NAMES = ["Ana", "Bea", None]


def following(first: Table, seed: int | None = None) -> Table:
    """The next game of ``first`` as client/hostchild.py ``build`` makes it."""
    tokens = {s: first.seat_token(s) for s in (0, 1)}
    return Table(
        "take5",
        SEATS,
        new_seed() if seed is None else seed,
        names=NAMES,
        table_key=first.key.private_hex,
        tokens=tokens,
    )


def secrets_of(*tables: Table) -> list[bytes]:
    """Every secret of ``tables``, as bytes that must appear in nothing public."""
    out = []
    for t in tables:
        out += [t.key.private_hex.encode(), str(t.seed).encode(), t.bot_key.hex().encode()]
        out += [t.seat_token(s).encode() for s in range(len(t.seats)) if t.seat_token(s)]
    return out


def test_only_a_seats_own_token_takes_it_at_the_next_game():
    """Seat 0 of the next game: refused to a spectator asking for it, to seat 1's token,
    to a token of another couch's table, to a well-formed made-up one; a token of the
    game before takes its own seat only, and the one before that (the tokens carry on
    along the games of one couch) is the same token. A table that does not follow
    (another New game) takes none of them."""
    first = Table("take5", SEATS, new_seed(), names=NAMES)
    stranger = Table("take5", SEATS, new_seed(), names=NAMES)
    second = following(first)
    third = following(second)
    for table in (second, third):
        attempts = {
            "Bea's token": dict(token=first.seat_token(1)),
            "another couch's": dict(token=stranger.seat_token(0)),
            "made up": dict(token="A" * 22),
        }
        for what, kw in attempts.items():
            with pytest.raises(Refused) as refused:
                table.attach(0, Recorder(), player="Mallory", **kw)
            assert refused.value.code == "bad-token", what
        with pytest.raises(Refused) as watcher:
            table.attach(0, Recorder(), player="Mallory")
        assert watcher.value.code == "seat-taken"
        assert table.token_seat(first.seat_token(0)) == 0
        assert table.token_seat(first.seat_token(1)) == 1
        assert table.token_seat(stranger.seat_token(0)) is None
        assert table.choose_seat(None, first.seat_token(1), False) == 1
    fresh = Table("take5", SEATS, new_seed(), names=NAMES)  # not a next game
    assert fresh.token_seat(first.seat_token(0)) is None
    assert fresh.token_seat(first.seat_token(1)) is None


def test_the_next_deal_seed_and_bots_key_do_not_follow_from_the_key():
    first = Table("take5", SEATS, new_seed(), names=NAMES)
    a, b = following(first), following(first)
    assert a.table_id == b.table_id == first.table_id
    assert len({first.seed, a.seed, b.seed}) == 3
    assert len({first.bot_key, a.bot_key, b.bot_key}) == 3
    key = bytes.fromhex(first.key.private_hex)
    assert key not in (a.bot_key, b.bot_key)


async def _attempt(link, message: dict, challenge: bool = False) -> list[dict]:
    try:
        if challenge:
            await link.send({"type": "challenge", "nonce": message.pop("client_nonce")})
            proof = await link.recv()
            message["proof"] = message.pop("prove")(proof["nonce"])
        await link.send(message)
        return await link.rest()
    finally:
        close = getattr(link, "close", None)
        if close is not None:
            await close()


def test_both_doors_refuse_every_stranger_and_hear_no_secret_at_the_next_game():
    """The next game served (TCP and web door): seat 0 asked for with seat 1's seat
    proof, with a stranger's token, or with none (a page that read ``/table.json``: the
    id and names, nothing else) is refused by name; with seat 1's token it is seat 1
    that is taken (a token takes its own seat only); the phone's own token takes it; a
    spectator's ``welcome`` and ``seats``, ``/table.json`` and the phone's own messages
    hold no secret but the phone's own token in its ``welcome``; the farewell with
    ``next`` is the same words to everyone."""
    first = Table("take5", SEATS, new_seed(), names=NAMES)
    stranger = Table("take5", SEATS, new_seed(), names=NAMES)
    second = following(first)
    host = LocalHost("take5", SEATS, second.seed, table=second, bot_delay=0.0)
    host.start()
    try:
        host.listen(0, "127.0.0.1")
        url = f"http://127.0.0.1:{host.listen_web(0)}/"
        with urllib.request.urlopen(url + "table.json", timeout=WAIT) as resp:
            card = resp.read()
        assert not [s for s in secrets_of(first, second, stranger) if s in card]
        bea = first.seat_token(1)

        async def attacks() -> dict:
            out = {}
            for door in ("tcp", "web"):

                async def link(door: str):
                    return await (TcpLink.open(host) if door == "tcp" else WsLink.open(url))

                cases = {
                    "Bea's token": (hello(seat=0, token=bea), False),
                    "a stranger's token": (hello(seat=0, token=stranger.seat_token(0)), False),
                    "no token": (hello(seat=0), False),
                }
                for what, (msg, chal) in cases.items():
                    out[door, what] = await _attempt(await link(door), msg, chal)
                nonce = new_nonce()
                proof_msg = dict(hello(seat=0), client_nonce=nonce)
                proof_msg["prove"] = lambda hn, n=nonce: seat_proof(bea, n, hn)
                out[door, "Bea's proof"] = await _attempt(await link(door), proof_msg, True)
            return out

        refused = asyncio.run(asyncio.wait_for(attacks(), 6 * WAIT))
        for (door, what), got in refused.items():
            if what == "Bea's token":  # a token takes its own seat, whichever is asked
                assert (got[0]["type"], got[0]["seat"]) == ("welcome", 1), door
                assert got[1]["view"]["hand"] == second.view(1)["hand"]
                continue
            codes = [(m["type"], m.get("code")) for m in got]
            want = "seat-taken" if what == "no token" else "bad-token"
            assert codes == [("error", want)], (door, what)
        assert host.call(lambda t: t.seats[0]["state"]) == "waiting"

        async def watch_then_close() -> tuple[list, list]:
            watcher = await WsLink.open(url)
            phone = await TcpLink.open(host)
            await watcher.send(hello(spectator=True))
            await phone.send(hello(seat=0, token=first.seat_token(0)))
            first_two = [await phone.recv(), await phone.recv()]
            assert [m["type"] for m in first_two] == ["welcome", "snapshot"]
            await asyncio.sleep(0.3)
            stop = threading.Thread(target=host.stop, kwargs={"next_game": True})
            stop.start()
            watched, mine = await watcher.rest(), first_two + await phone.rest()
            await asyncio.to_thread(stop.join, WAIT)
            await watcher.close()
            return watched, mine

        watched, mine = asyncio.run(asyncio.wait_for(watch_then_close(), 4 * WAIT))
        farewell = farewell_error(False, next_game=True)
        assert watched[-1] == farewell and mine[-1] == farewell
        assert watched[0]["type"] == "welcome" and watched[0]["seat"] is None
        assert watched[0]["token"] is None
        assert mine[0]["token"] == first.seat_token(0)  # its own, from its own welcome
        heard = repr(watched).encode() + repr(mine[1:]).encode()
        assert not [s for s in secrets_of(first, second, stranger) if s in heard]
    finally:
        host.stop()


def test_no_message_from_the_wire_reaches_the_windows_operations():
    """``phones``, ``follow``, ``stop`` and ``serve`` are the window's operations on
    its host process's private pipe: sent by a seated guest they are refused as any
    unknown message, and the table's key, tokens and doors are unchanged."""
    first = Table("take5", SEATS, new_seed(), names=NAMES)
    host = LocalHost("take5", SEATS, first.seed, table=first, bot_delay=0.0)
    host.start()
    try:
        host.listen(0, "127.0.0.1")
        before = host.call(lambda t: (t.key.private_hex, t.seat_token(0), t.seat_token(1)))

        async def ops() -> list[dict]:
            link = await TcpLink.open(host)
            try:
                await link.send(hello(seat=0, token=first.seat_token(0)))
                got = [await link.recv(), await link.recv()]
                for op in (
                    {"type": "phones", "seats": [0, 1], "port": 1},
                    {"type": "follow", "tokens": {"1": "A" * 22}, "table_key": "00" * 32},
                    {"type": "stop", "next": True},
                    {"type": "serve", "port": 0, "advertise": "x"},
                    {"op": "phones", "seats": [1]},
                ):
                    await link.send(op)
                    while (m := await link.recv())["type"] != "error":
                        pass  # seats, deltas: the game goes on
                    got.append(m)
                return got
            finally:
                await link.close()

        got = asyncio.run(asyncio.wait_for(ops(), 2 * WAIT))
        assert [m["type"] for m in got[:2]] == ["welcome", "snapshot"]
        codes = [m["code"] for m in got[2:]]
        assert codes == ["unknown-message"] * 4 + ["bad-message"]
        after = host.call(lambda t: (t.key.private_hex, t.seat_token(0), t.seat_token(1)))
        assert after == before
        assert host.web is None  # nothing served beyond the window's own door
    finally:
        host.stop()


def test_the_windows_request_takes_well_formed_tokens_into_a_private_log(tmp_path, umask0, capfd):
    """The window's request with the game before's ``follow`` (client/hostchild.py
    ``build``): the table is that one's identity, each well-formed token kept for its
    seat and a malformed one or one for a seat that is no phone replaced or dropped; the
    new log is 0600 (it holds the key and tokens, as every log does), and nothing is
    printed."""
    first = Table("take5", SEATS, new_seed(), names=NAMES)
    log = tmp_path / "next.jsonl"
    req = {
        "game": "take5",
        "seats": SEATS,
        "seed": new_seed(),
        "options": {},
        "log": str(log),
        "names": NAMES,
        "follow": {
            "table_key": first.key.private_hex,
            "tokens": {"0": first.seat_token(0), "1": "not a token!", "2": "B" * 22, "x": "C" * 22},
            "web_port": 1,
        },
    }
    host = build(req)
    host.start()
    try:
        table = host.table
        assert table.table_id == first.table_id
        assert table.seat_token(0) == first.seat_token(0)
        assert table.seat_token(1) not in ("not a token!", first.seat_token(1))
        assert len(table.seat_token(1)) == 22
        assert table.seat_token(2) is None  # a bot seat holds no token
        assert host.web is None  # the request serves nothing: the phones op does
    finally:
        host.stop()
    assert stat.S_IMODE(os.stat(log).st_mode) == 0o600
    text = log.read_text(encoding="utf-8")
    assert first.seat_token(0) in text and "not a token!" not in text
    assert str(first.seed) not in text and first.bot_key.hex() not in text
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


def test_a_taken_port_is_said_without_a_secret_and_the_home_port_is_public(capfd):
    """The page's port follows from the public ``table_id`` — it is no secret, and
    nothing relies on it being one (the page proves the seat, never sends the token:
    tests/web/test_port_squatter.py); a port still taken is said in one line naming the
    port only."""
    first = Table("take5", SEATS, new_seed(), names=NAMES)
    low = 42000 + int(first.table_id[:8], 16) % 6000
    assert home_port(first.table_id) == low

    class Door:  # a host whose port before is still taken (no socket is bound here)
        def __init__(self) -> None:
            self.asked: list = []

        def listen_web(self, port: int, address: str) -> int:
            self.asked.append((port, address))
            if port == low:
                raise OSError(98, "Address already in use")
            return 50123

    door = Door()
    capfd.readouterr()
    assert listen_web_again(door, low, wait=0.3) == 50123
    assert door.asked[0] == (low, "0.0.0.0") and door.asked[-1] == (0, "0.0.0.0")
    out, err = capfd.readouterr()
    assert out == ""
    assert err == f"tapete host process: port {low} is taken; the phones scan new codes\n"


class Loopback:
    """``host`` whose page door binds 127.0.0.1 only, and for which port ``taken`` is
    held by someone else (a squatter: tests/web/test_port_squatter.py)."""

    def __init__(self, host: LocalHost, taken: int) -> None:
        self.host, self.taken = host, taken

    def call(self, fn):
        return self.host.call(fn)

    def listen_web(self, port: int, address: str) -> int:
        if port == self.taken:
            raise OSError(98, "Address already in use")
        return self.host.listen_web(port, "127.0.0.1")


def test_a_next_game_that_cannot_have_its_port_back_draws_fresh_tokens(tmp_path, capfd):
    """The game before's page port is taken when the next game asks for it (a squatter
    bound it in between): the pages' storage at that origin may be read by whoever
    serves it now (a phone that reloads there runs the squatter's script), so the next
    game's phone seats get fresh tokens — their new codes are needed anyway, the port
    being another — and the old tokens take no seat; the log holds the new ones."""
    from client.hostchild import phones
    from net.log import read_log

    first = Table("take5", SEATS, new_seed(), names=NAMES)
    old = {s: first.seat_token(s) for s in (0, 1)}
    log = tmp_path / "next.jsonl"
    req = {
        "game": "take5",
        "seats": SEATS,
        "seed": new_seed(),
        "options": {},
        "log": str(log),
        "names": NAMES,
        "follow": {"table_key": first.key.private_hex, "tokens": {"0": old[0], "1": old[1]}},
    }
    host = build(req)
    host.start()
    try:
        squatted = home_port(first.table_id)
        got = phones(Loopback(host, squatted), {"seats": [0, 1], "port": squatted})
        assert got["web_port"] not in (None, squatted)
        new = host.call(lambda t: {s: t.seat_token(s) for s in (0, 1)})
        assert set(new.values()).isdisjoint(old.values()) and None not in new.values()
        assert got["follow"]["tokens"] == {str(s): t for s, t in new.items()}
        assert got["follow"]["table_key"] == first.key.private_hex
        links = " ".join(got["phones"].values())
        assert new[0] in links and new[1] in links and old[0] not in links
        assert host.call(lambda t: [t.token_seat(old[s]) for s in (0, 1)]) == [None, None]
    finally:
        host.stop()
    seating = read_log(str(log))["seating"]
    assert [p["token"] for p in seating[:2]] == [new[0], new[1]]
    out, err = capfd.readouterr()
    assert out == ""
    assert err == f"tapete host process: port {squatted} is taken; the phones scan new codes\n"


def test_a_continued_table_that_cannot_have_its_home_port_draws_fresh_tokens(tmp_path):
    """Continue a game (the log resumed) while its home port — where its phones' pages
    kept their tokens — is someone else's: the resumed phone seats get fresh tokens (the
    phones scan the new codes anyway); with the home port free, the same ones (the same
    links: tests/client/test_phones.py)."""
    from client.hostchild import phones

    log = tmp_path / "couch.jsonl"
    req = {"game": "take5", "seats": SEATS, "seed": new_seed(), "options": {}}
    first = build(dict(req, log=str(log), names=NAMES))
    first.start()
    try:
        old = first.call(lambda t: {s: t.seat_token(s) for s in (0, 1)})
        table_id = first.call(lambda t: t.table_id)
    finally:
        first.stop()
    for squatted in (True, False):
        host = build({"resume": str(log), "log": str(log)})
        host.start()
        try:
            home = home_port(table_id)
            door = Loopback(host, home if squatted else -1)
            got = phones(door, {"seats": [0, 1]})
            now = host.call(lambda t: {s: t.seat_token(s) for s in (0, 1)})
            if squatted:
                assert got["web_port"] != home
                assert set(now.values()).isdisjoint(old.values()) and None not in now.values()
                old = now  # logged: the next resume keeps these
            else:
                assert got["web_port"] == home and now == old
        finally:
            host.stop()
