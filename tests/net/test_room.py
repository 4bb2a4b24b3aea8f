"""Room for neighbours behind one address (issue 29, item 5), over loopback sockets.

A seat's player gets back in while its own address is crowded with silent
connections (the newcomer pushes out that address's oldest silent one instead of being
refused), and a spectator's action budget is its connection's own: a flooding neighbour
behind the same address empties only its own bucket, and coming back on a new
connection refills nothing. The threat model in net/PROTOCOL.md names these tests."""

from __future__ import annotations

import collections
import socket
import threading
import time

import msgpack
import pytest

from net.client import connect
from net.host import BUDGET_BURST, FLOOD_STRIKES
from net.identity import TableKey
from net.local import LocalHost
from net.protocol import PROTOCOL, encode, error
from net.server import MAX_PENDING_PER_ADDRESS
from tests.net.test_trust import WAIT, Raw, hello, welcomed

PING = encode({"type": "ping"})


@pytest.fixture
def lan():
    """``make(game, seats, listen={}, **host_kw) -> (host, target)``; ``make.raw(target)``
    opens a :class:`Raw` socket closed at the end."""
    hosts, socks = [], []

    def make(game_id, seats, listen=None, **kw):
        h = LocalHost(game_id, seats, 1, {}, **{"bot_delay": 0.0, **kw})
        hosts.append(h)
        h.start()
        port = h.listen(0, "127.0.0.1", **(listen or {}))
        return h, f"127.0.0.1:{port}"

    def raw(target, source=None):
        r = Raw(target, source)
        socks.append(r)
        return r

    make.raw = raw
    yield make
    for r in socks:
        r.close()
    for h in hosts:
        h.stop()


def wait_until(check, what: str) -> None:
    end = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < end, what
        time.sleep(0.01)


class SilentFlood:
    """A thread opening connections from 127.0.0.1 that never send a byte, one after
    the other as fast as it can (keeping the last 64 open), until :meth:`stop`."""

    def __init__(self, target: str) -> None:
        host, port = target.rsplit(":", 1)
        self.address = (host, int(port))
        self.opened = 0
        self._stop = threading.Event()
        self._socks: collections.deque = collections.deque()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        import socket

        while not self._stop.is_set():
            try:
                s = socket.create_connection(self.address)
            except OSError:
                time.sleep(0.01)
                continue
            self.opened += 1
            self._socks.append(s)
            if len(self._socks) > 64:
                self._socks.popleft().close()

    def stop(self) -> None:
        self._stop.set()
        self.thread.join(WAIT)
        while self._socks:
            self._socks.popleft().close()


def test_the_owner_gets_back_in_while_its_own_address_floods_silent_connections(lan):
    """Issue 29 attack 5a: the address of the seat's player holds its eight pending
    connections and keeps opening more; the owner's client (which speaks at once)
    comes back to its seat 5 times of 5, and the flood is pushed out, not the owner."""
    host, target = lan("take5", ["open", "open"], listen={"hello_timeout": 60.0})
    ana = connect(target, player="Ana", reconnect_for=0)
    bo = connect(target, player="Bo", reconnect_for=0)
    token = ana.token
    ana.close()
    wait_until(lambda: host.call(lambda t: t.seats[0]["away"]), "Ana's seat is away")
    full = [lan.raw(target) for _ in range(MAX_PENDING_PER_ADDRESS)]
    time.sleep(0.3)
    assert not any(s.read(timeout=0.05) for s in full)  # the address is full, all held
    flood = SilentFlood(target)
    try:
        wait_until(lambda: flood.opened >= 4 * MAX_PENDING_PER_ADDRESS, "the flood runs")
        back = []
        for _ in range(5):
            conn = connect(target, player="Ana", token=token, reconnect_for=0)
            back.append((conn.welcome["seat"], conn.welcome["token"]))
            assert not host.call(lambda t: t.seats[0]["away"])
            conn.close()
            wait_until(lambda: host.call(lambda t: t.seats[0]["away"]), "Ana left again")
        # And a client whose hello comes a slow round trip after its first bytes (as
        # after a challenge): having spoken, it is not pushed out by the silent flood.
        slow = lan.raw(target)
        data = encode(hello(token=token, player="Ana"))
        slow.send_bytes(data[:1])
        time.sleep(0.5)
        slow.send_bytes(data[1:])
        got = slow.read(welcomed)
        assert got[0]["type"] == "welcome" and got[0]["seat"] == 0
        opened = flood.opened
    finally:
        flood.stop()
        bo.close()
    assert back == [(0, token)] * 5
    assert opened > 8 * MAX_PENDING_PER_ADDRESS  # the address stayed crowded throughout
    # The first eight silent ones were the oldest silent: each was pushed out by name.
    for s in full:
        assert s.read(lambda g: g) and s.errors() == ["too-many-pending"]
        assert "your address" in s.messages[0]["message"]


def test_a_ninth_silent_connection_from_one_address_pushes_out_the_oldest_silent_one(lan):
    """The newcomer is kept; the oldest connection of the address that sent nothing
    goes — not an older one that already spoke."""
    host, target = lan("take5", ["open", "open"], listen={"hello_timeout": 60.0})
    spoke = lan.raw(target)
    spoke.send_bytes(encode(hello())[:3])  # half a hello: it has spoken
    time.sleep(0.2)
    silent = [lan.raw(target) for _ in range(MAX_PENDING_PER_ADDRESS - 1)]
    time.sleep(0.3)
    newcomer = lan.raw(target)
    time.sleep(0.3)
    pushed = [s for s in [spoke, *silent, newcomer] if s.read(timeout=0.05)]
    assert pushed == [silent[0]] and silent[0].errors() == ["too-many-pending"]
    newcomer.send(hello(player="Cy"))
    assert newcomer.read(welcomed)[0]["seat"] == 0
    spoke.send_bytes(encode(hello(player="Di"))[3:])
    assert spoke.read(welcomed)[0]["seat"] == 1


def _spectate(lan, target) -> Raw:
    r = lan.raw(target)
    r.send(hello(spectator=True))
    assert welcomed(r.read(welcomed))
    return r


def pongs(r: Raw) -> int:
    return sum(m["type"] == "pong" for m in r.messages)


def test_a_spectator_keeps_its_pongs_while_its_same_address_neighbour_floods(lan):
    """Issue 29 attack 5b: two spectators behind one address; one floods pings without
    a pause for the whole test (coming back each time it is closed for ``flood``); the
    other pings 40 times and gets 40 pongs and no ``slow-down``."""
    host, target = lan("take5", ["bot", "bot"], bot_delay=3600.0)
    honest = _spectate(lan, target)
    stop = threading.Event()
    flooded = {"closed": 0, "slow": 0}

    def flood() -> None:
        while not stop.is_set():
            eve = _spectate(lan, target)
            while not stop.is_set() and not eve.closed:
                eve.send_bytes(PING * 50)
                eve.read(timeout=0.01)
            flooded["slow"] += eve.errors().count("slow-down")
            flooded["closed"] += eve.errors()[-1:] == ["flood"]

    thread = threading.Thread(target=flood, daemon=True)
    thread.start()
    try:
        seen = len(honest.messages)
        for _ in range(40):
            honest.send({"type": "ping"})
            time.sleep(0.05)
        honest.read(lambda g: pongs(honest) >= 40)
    finally:
        stop.set()
        thread.join(WAIT)
    assert pongs(honest) == 40 and honest.errors() == [] and not honest.closed
    assert all(m["type"] == "pong" for m in honest.messages[seen:])
    assert flooded["slow"] >= FLOOD_STRIKES  # the neighbour met its own budget's end


def test_a_spectator_coming_back_on_a_new_connection_gets_no_fresh_budget(lan):
    """The flooder's budget is empty (no refill here, so the test does not depend on the
    machine's speed); a new spectator connection from its address starts as empty as it,
    while the neighbour that stayed keeps its whole budget."""
    host, target = lan("take5", ["bot", "bot"], bot_delay=3600.0, listen={"budget": (20, 0.0)})
    honest = _spectate(lan, target)
    eve = _spectate(lan, target)
    eve.send_bytes(PING * (20 + FLOOD_STRIKES))
    eve.read()
    assert eve.closed and eve.errors() == ["slow-down"] * (FLOOD_STRIKES - 1) + ["flood"]
    assert pongs(eve) == 20
    again = _spectate(lan, target)
    seen = len(again.messages)
    again.send_bytes(PING * 3)
    again.read(lambda g: len(g) >= seen + 3)
    assert [m.get("code", m["type"]) for m in again.messages[seen:]] == ["slow-down"] * 3
    honest.send_bytes(PING * 20)
    honest.read(lambda g: pongs(honest) >= 20)
    assert pongs(honest) == 20 and honest.errors() == []
    # Another address's spectator is not concerned: a full budget of its own.
    other = lan.raw(target, source="127.0.0.2")
    other.send(hello(spectator=True))
    other.read(welcomed)
    other.send_bytes(PING * 20)
    other.read(lambda g: pongs(other) >= 20)
    assert pongs(other) == 20 and other.errors() == []


def test_an_address_spectators_budgets_are_bounded_per_connection_and_in_count(lan):
    """At most MAX_SPECTATORS_PER_ADDRESS spectators from one address, each with one
    budget: with no refill an address gets at most that many bursts, whatever it does."""
    from net.server import MAX_SPECTATORS_PER_ADDRESS

    host, target = lan("take5", ["bot", "bot"], bot_delay=3600.0, listen={"budget": (5, 0.0)})
    served = 0
    for _ in range(3):  # three rounds of: open every slot, flood each, close them all
        watchers = [_spectate(lan, target) for _ in range(MAX_SPECTATORS_PER_ADDRESS)]
        extra = lan.raw(target)
        extra.send(hello(spectator=True))
        assert extra.read()[-1]["code"] == "table-full"
        for w in watchers:
            w.send_bytes(PING * (5 + FLOOD_STRIKES))
        for w in watchers:
            w.read()
            assert w.closed and w.errors()[-1] == "flood"
            served += pongs(w)
    assert served == MAX_SPECTATORS_PER_ADDRESS * 5
    assert BUDGET_BURST == 100  # the real bucket (the tests above use small ones)


def test_a_client_pushed_out_for_room_tries_again_by_itself(monkeypatch):
    """``too-many-pending`` says the host had no room for one more silent connection (a
    crowd), not that this player is refused: :class:`net.client.TcpConnection` tries
    again after a backoff (``ROOM_TRIES`` times), and the player never sees the error."""
    key, refusals = TableKey(), [0]
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(WAIT)

    def serve() -> None:
        for n in range(3):
            c, _ = server.accept()
            with c:
                if n < 2:  # the first two attempts meet a crowd
                    c.sendall(encode(error("too-many-pending", "no room; this one waited longest")))
                    refusals[0] += 1
                    continue
                un = msgpack.Unpacker(raw=False)
                while True:
                    un.feed(c.recv(65536))
                    for m in un:
                        if m["type"] == "challenge":
                            c.sendall(encode(key.prove(m["nonce"])))
                        elif m["type"] == "hello":
                            welcome = {
                                "type": "welcome",
                                "protocol": PROTOCOL,
                                "game": "take5",
                                "table_id": key.table_id,
                                "seat": 0,
                                "token": "tok",
                                "seats": [],
                                "table": "",
                                "started": False,
                            }
                            c.sendall(encode(welcome))
                            return

    monkeypatch.setattr("net.redial.RETRY_FIRST", 0.05)
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    conn = connect(f"127.0.0.1:{server.getsockname()[1]}", player="Ana")
    try:
        assert refusals[0] == 2 and conn.seat == 0 and conn.welcome["token"] == "tok"
        assert not [m for m in conn.poll() if m.get("type") == "error"]
    finally:
        conn.close()
        thread.join(WAIT)
        server.close()
