"""TCP host and clients on loopback: several players, hostile input, version mismatch,
reconnect with the seat token, a stand-in bot for a dropped seat."""

from __future__ import annotations

import random
import socket
import threading
import time

import msgpack
import pytest

from net.client import JoinRefused, TcpConnection, connect
from net.local import LocalHost
from net.mirror import ViewMirror
from net.protocol import MAX_BUFFER, PROTOCOL, encode
from net.server import Peer
from tests.net.conftest import GAMES, options_for, player_count

WAIT = 20.0  # seconds: the bound of every wait below


class Player:
    """Drives one connection: rebuilds the view from snapshot + deltas (the one
    mirror; legal lists from the view, or the host's to a thin client); with
    ``play=True`` sends the first legal action (with ``rng``, a random one) whenever
    its seat is awaited."""

    def __init__(self, conn, play: bool = False, rng: random.Random | None = None) -> None:
        self.conn, self.play = conn, play
        self.pick = rng.choice if rng is not None else (lambda actions: actions[0])
        self.mirror = ViewMirror(keep_backlog=False)
        self.messages: list[dict] = []
        self.pending = False  # an action is on its way: wait for its answer

    @property
    def view(self) -> dict | None:
        return self.mirror.view

    @property
    def legal(self) -> list:
        return self.mirror.legal

    @property
    def seq(self) -> int:
        return self.mirror.seq

    def pump(self) -> None:
        for m in self.conn.poll():
            self.messages.append(m)
            self.mirror.feed(m)
            assert self.mirror.gaps == 0, "deltas come in sequence"
            if m["type"] == "snapshot":
                self.pending = False
            elif m["type"] == "delta":
                self.pending = self.pending and not m.get("yours")
            elif m["type"] == "error":
                self.pending = False
        v = self.view
        if self.play and v and self.conn.seat in v["awaiting"] and self.legal and not self.pending:
            self.pending = True
            self.conn.send({"type": "action", "action": self.pick(self.legal)})

    def codes(self) -> list[str]:
        return [m["code"] for m in self.messages if m["type"] == "error"]


def chose(view: dict | None, seat: int) -> bool:
    """Whether ``seat`` has chosen a card this Take 5 turn (not awaited while choosing)."""
    return bool(view) and view.get("phase") == "choose" and seat not in view["awaiting"]


def wait_for(players, until, timeout=WAIT, why=lambda: ""):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for p in players:
            p.pump()
        if until():
            return
        time.sleep(0.003)
    pytest.fail(f"timed out {why()}")


@pytest.fixture
def lan():
    """``make(seats, seed, **host_kw) -> (host, "127.0.0.1:port")``; stops everything."""
    hosts, conns = [], []

    def make(seats, seed=1, listen=None, **kw):
        h = LocalHost("take5", seats, seed, **{"bot_delay": 0.0, **kw})
        hosts.append(h)
        h.start()
        port = h.listen(0, "127.0.0.1", **(listen or {}))
        return h, f"127.0.0.1:{port}"

    def join(target, **kw):
        c = connect(target, **kw)
        conns.append(c)
        return c

    make.join = join
    yield make
    for c in conns:
        c.close()
    for h in hosts:
        h.stop()


def raw(target: str) -> socket.socket:
    host, port = target.split(":")
    s = socket.create_connection((host, int(port)), timeout=WAIT)
    return s


def read_messages(sock: socket.socket, timeout: float = WAIT) -> list[dict]:
    """Everything the host sends until it closes the connection."""
    sock.settimeout(timeout)
    un = msgpack.Unpacker(raw=False)
    out = []
    while True:
        try:
            data = sock.recv(65536)
        except (ConnectionResetError, socket.timeout):
            break
        if not data:
            break
        un.feed(data)
        out.extend(un)
    sock.close()
    return out


def test_several_clients_play_a_whole_game_over_tcp(lan):
    host, target = lan(["open", "open", "bot", "open"], seed=4)
    players = [Player(lan.join(target, player=n), play=True) for n in ("Ana", "Bo", "Cy")]
    watcher = Player(lan.join(target, player="Di"))
    assert [p.conn.seat for p in players] == [0, 1, 3] and watcher.conn.seat is None
    assert len({p.conn.token for p in players}) == 3
    wait_for(
        players + [watcher],
        lambda: all(p.messages and p.messages[-1]["type"] == "outcome" for p in players),
    )
    outcome = host.call(lambda t: t.wire_outcome())
    assert outcome["actions"] > 0 and outcome["seed"] == "4"  # a decimal string on the wire
    assert outcome["bot_key"] == host.call(lambda t: t.bot_key.hex())
    for p in players:
        assert p.view == host.call(lambda t, s=p.conn.seat: t.view(s))
        assert p.codes() == []
        assert p.messages[-1] == {"type": "outcome", "outcome": outcome}
    wait_for([watcher], lambda: watcher.view and watcher.view["over"])
    assert watcher.view == host.call(lambda t: t.view(None))
    names = [s["name"] for s in host.call(lambda t: t.seats)]
    assert names[:2] == ["Ana", "Bo"] and names[3] == "Cy"


#: Seconds one whole game over TCP may take (random players; a loaded machine).
GAME_WAIT = 240.0


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_plays_to_the_end_over_tcp_with_legal_lists_from_the_view(game_id):
    """A whole game of every game between a real TCP host and clients of this version:
    every seat a remote client that picks a random action from the legal list it
    computes itself (``ViewMirror.legal``: ``Game.legal_from_view``; no legal list
    travels), a spectator watching. Every action the clients chose was accepted, each
    rebuilt view equals the host's, and the game reached its outcome."""
    n = player_count(game_id)
    host = LocalHost(game_id, ["open"] * n, 7, options_for(game_id), bot_delay=0.0)
    host.start()
    conns = []
    try:
        target = f"127.0.0.1:{host.listen(0, '127.0.0.1')}"
        watcher = Player(connect(target, player="W", spectator=True))
        conns.append(watcher.conn)
        rng = random.Random(7)
        players = []
        for i in range(n):
            players.append(Player(connect(target, player=f"P{i}"), play=True, rng=rng))
            conns.append(players[-1].conn)
        assert [p.conn.seat for p in players] == list(range(n))
        everyone = players + [watcher]
        wait_for(
            everyone,
            lambda: all(p.messages and p.messages[-1]["type"] == "outcome" for p in everyone),
            timeout=GAME_WAIT,
            why=lambda: f"at action {host.call(lambda t: len(t.actions))}",
        )
        assert host.call(lambda t: t.is_over())
        actions = host.call(lambda t: len(t.actions))
        outcome = host.call(lambda t: t.wire_outcome())
        assert actions == outcome["actions"] > n
        for p in everyone:
            assert p.codes() == []  # every action a client computed was legal
            assert p.seq == actions
            assert p.view == host.call(lambda t, s=p.conn.seat: t.view(s))
            assert not any("legal" in m for m in p.messages)  # none travelled
            assert p.messages[-1] == {"type": "outcome", "outcome": outcome}
        sent = [m for p in players for m in p.messages if m["type"] == "delta" and m.get("yours")]
        assert len(sent) == actions  # each seat's own actions, answered once each
    finally:
        for c in conns:
            c.close()
        host.stop()


def test_ping_pong_and_errors_only_to_the_sender(lan):
    host, target = lan(["open", "open"])
    a, b = Player(lan.join(target)), Player(lan.join(target))
    wait_for([a, b], lambda: a.view and b.view)
    a.conn.send({"type": "ping"})
    a.conn.send({"type": "action", "action": {"type": "take-row", "row": 9}})
    wait_for([a], lambda: a.codes() and a.messages[-1]["type"] == "error")
    assert {"type": "pong"} in a.messages and a.codes() == ["malformed-action"]
    time.sleep(0.05)
    b.pump()
    assert b.codes() == [] and a.conn.connected and b.conn.connected


def hostile_cases():
    deep = []
    for _ in range(200):
        deep = [deep]
    return {
        "garbage": (b"\xc1\xc1\xc1\xc1" * 8, "bad-message"),
        "not a map": (msgpack.packb([1, 2, 3]), "bad-message"),
        "deep nesting": (msgpack.packb({"type": "hello", "x": deep}), "too-deep"),
        "oversized": (
            msgpack.packb({"type": "hello", **{f"x{i}": "a" * 60000 for i in range(5)}}),
            "too-large",
        ),
        "over-long string header": (
            msgpack.packb({"type": "hello", "x": "a" * (MAX_BUFFER + 10)}),
            "bad-message",
        ),
        "long string": (msgpack.packb({"type": "hello", "x": "a" * 70000}), "bad-message"),
        "ext type": (
            msgpack.packb({"type": "hello", "x": msgpack.ExtType(5, b"xx")}),
            "bad-message",
        ),
        "huge array header": (b"\x81\xa4type\xdd\xff\xff\xff\xff", "bad-message"),
        "not hello": (msgpack.packb({"type": "action", "action": {}}), "expected-hello"),
        "bad seat": (
            msgpack.packb({"type": "hello", "protocol": PROTOCOL, "seat": "x"}),
            "bad-message",
        ),
        "odd token": (
            msgpack.packb({"type": "hello", "protocol": PROTOCOL, "seat": 0, "token": "ñ" * 30}),
            "bad-token",
        ),
    }


@pytest.mark.parametrize("case", list(hostile_cases()))
def test_hostile_bytes_are_refused_without_harming_the_other_seats(lan, case):
    host, target = lan(["open", "open", "open"])
    a, b = Player(lan.join(target)), Player(lan.join(target))
    wait_for([a, b], lambda: a.view and b.view)
    before = host.call(lambda t: t.game.digest(t.state))
    data, code = hostile_cases()[case]
    s = raw(target)
    try:
        s.sendall(data)
    except (BrokenPipeError, ConnectionResetError):
        pass
    got = read_messages(s)
    assert got and got[-1]["type"] == "error" and got[-1]["code"] == code, got
    assert got[-1]["message"]
    assert host.call(lambda t: t.game.digest(t.state)) == before
    assert host.call(lambda t: t.open_seats()) == [2]  # the seat stays free
    # The others play on.
    host.start_game()
    a.play = True
    wait_for([a, b], lambda: chose(b.view, 0))
    assert a.codes() == b.codes() == [] and a.conn.connected and b.conn.connected


def test_a_hostile_seated_client_is_dropped_and_the_game_goes_on(lan):
    host, target = lan(["open", "open", "open"])
    a, b = Player(lan.join(target)), Player(lan.join(target))
    s = raw(target)
    s.sendall(encode({"type": "hello", "protocol": PROTOCOL, "player": "Eve"}))
    wait_for([a, b], lambda: a.view and a.view["awaiting"] and host.call(lambda t: t.started))
    s.sendall(encode({"type": "action", "action": {"type": "choose", "card": 1}}) + b"\xc1")
    got = read_messages(s)
    assert got[-1]["code"] == "bad-message"
    assert host.call(lambda t: t.seats[2]["away"])  # Eve's seat awaits her token
    a.play = b.play = True
    wait_for([a, b], lambda: chose(b.view, 0) and chose(b.view, 1))
    assert a.codes() == b.codes() == []


def test_half_a_message_then_silence_meets_the_idle_timeout(lan):
    host, target = lan(["open", "open"], listen={"idle_timeout": 0.3, "hello_timeout": 0.3})
    a = Player(lan.join(target, ping_interval=0.05))
    s = raw(target)
    s.sendall(encode({"type": "hello", "protocol": PROTOCOL, "player": "Slow"})[:5])
    got = read_messages(s)
    assert [m["code"] for m in got] == ["idle-timeout"]
    time.sleep(0.5)  # longer than the idle timeout: the pinging client stays
    wait_for([a], lambda: a.view)
    assert a.conn.connected and host.call(lambda t: t.seats[0]["connected"])
    assert host.call(lambda t: t.open_seats()) == [1]


def test_a_connection_that_stops_reading_is_dropped_at_the_unsent_bound():
    class Transport:
        def __init__(self):
            self.aborted, self.size = False, 0

        def is_closing(self):
            return self.aborted

        def get_write_buffer_size(self):
            return self.size

        def abort(self):
            self.aborted = True

    class Writer:
        def __init__(self):
            self.transport, self.data = Transport(), b""

        def write(self, data):
            self.data += data
            self.transport.size += len(data)  # nothing ever leaves: the peer never reads

    w = Writer()
    peer = Peer(w, max_unsent=1000)
    for _ in range(100):
        peer.send({"type": "delta", "seq": 1, "set": {"x": "y" * 50}, "del": [], "events": []})
    assert w.transport.aborted and peer.closed and len(w.data) <= 1000
    assert "not reading" in peer.reason


def test_protocol_mismatch_is_clear_on_both_sides(lan):
    host, target = lan(["open", "open"])
    s = raw(target)
    s.sendall(encode({"type": "hello", "protocol": PROTOCOL + 1, "player": "Future"}))
    got = read_messages(s)
    assert got[-1]["code"] == "protocol-mismatch"
    assert (
        f"protocol {PROTOCOL}" in got[-1]["message"] and "same Tapete version" in got[-1]["message"]
    )
    # A host from the future: the client refuses its welcome with a clear message.
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(1)
    port = srv.getsockname()[1]

    def future_host():
        conn, _ = srv.accept()
        conn.recv(4096)
        conn.sendall(
            encode(
                {
                    "type": "welcome",
                    "protocol": PROTOCOL + 1,
                    "game": "take5",
                    "seat": 0,
                    "token": "t",
                    "seats": [],
                    "table": "",
                }
            )
        )
        time.sleep(0.5)
        conn.close()

    t = threading.Thread(target=future_host)
    t.start()
    try:
        with pytest.raises(JoinRefused) as exc:
            connect(f"127.0.0.1:{port}", timeout=5.0)
        assert exc.value.code == "protocol-mismatch"
        assert f"client speaks {PROTOCOL}" in exc.value.message
    finally:
        t.join(WAIT)
        srv.close()


def test_refusals_at_join(lan):
    host, target = lan(["open", "bot"])
    with pytest.raises(JoinRefused) as exc:
        lan.join(target, seat=1)
    assert exc.value.code == "seat-is-bot"
    lan.join(target)  # the table fills and starts
    with pytest.raises(JoinRefused) as exc:
        lan.join(target, token="not-a-token")
    assert exc.value.code == "bad-token"
    with pytest.raises(JoinRefused) as exc:
        lan.join(target, seat=0)
    assert exc.value.code == "seat-taken"
    with pytest.raises(ConnectionError):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
        s.close()
        connect(f"127.0.0.1:{port}", timeout=1.0)
    with pytest.raises(ValueError):
        connect("127.0.0.1:notaport")


def dealt(p) -> bool:
    """Whether ``p`` holds the view of the started game (the host starting is not
    enough: its fresh snapshots may still be on their way, and a lobby view has no
    ``turn``)."""
    return p.view is not None and not p.view.get("lobby")


def test_a_dropped_client_comes_back_with_its_token(lan):
    host, target = lan(["open", "open"], takeover_delay=60.0)
    a = Player(lan.join(target, player="Ana"))
    b = Player(lan.join(target, player="Bo"))
    wait_for([a, b], lambda: dealt(a) and dealt(b))
    token, seat = a.conn.token, a.conn.seat
    # The network drops under the client (no goodbye): it reconnects by itself.
    a.conn.loop.call_soon_threadsafe(lambda: a.conn._writer.transport.abort())
    # (the welcome and the snapshot may come in two reads: wait for both)
    wait_for([a], lambda: [m["type"] for m in a.messages].count("snapshot") >= 3)
    kinds = [m["type"] for m in a.messages]
    assert "disconnected" in kinds
    assert kinds[kinds.index("disconnected") + 1 :][:2] == ["welcome", "snapshot"]
    assert a.conn.seat == seat and a.conn.token == token
    a.play = True
    wait_for([a, b], lambda: chose(b.view, seat))
    # A new process with the token gets the seat back too (the old link is replaced).
    c = Player(lan.join(target, token=token))
    assert c.conn.seat == seat
    wait_for([a, c], lambda: "replaced" in a.codes() and c.view)
    assert c.view == host.call(lambda t: t.view(seat))


def test_a_bot_plays_a_dropped_seat_and_hands_it_back(lan):
    host, target = lan(["open", "open"], takeover_delay=0.2)
    a = Player(lan.join(target, player="Ana"))
    b = Player(lan.join(target, player="Bo"), play=True)
    wait_for([a, b], lambda: dealt(a) and dealt(b))
    token = a.conn.token
    a.conn.close()
    wait_for(
        [b],
        lambda: b.view["turn"] >= 3,  # the stand-in chose for seat 0 twice
        why=lambda: (
            host.call(lambda t: (t.seats, len(t.clients))),
            a.conn._thread.is_alive(),
            a.conn.poll(),
            threading.enumerate(),
        ),
    )
    assert host.call(lambda t: t.seats[0]["away"])
    back = Player(lan.join(target, token=token, player="Ana"), play=False)
    wait_for([back], lambda: back.view is not None)
    assert back.conn.seat == 0 and not host.call(lambda t: t.seats[0]["away"])
    wait_for([back, b], lambda: back.view["awaiting"] == [0])  # Bo played on; Ana's turn
    seq = back.seq
    time.sleep(0.5)  # longer than the takeover delay: nobody plays for Ana now
    wait_for([back, b], lambda: True)
    assert back.seq == seq and back.view["awaiting"] == [0]


def test_tcp_connection_has_the_connection_shape():
    for name in ("seat", "token"):
        assert hasattr(TcpConnection("h", 1), name)
    for name in ("send", "poll", "close"):
        assert callable(getattr(TcpConnection, name))


def test_a_connection_reset_marks_the_seat_away(lan):
    import struct

    host, target = lan(["open", "open"], takeover_delay=60.0)
    a = Player(lan.join(target))
    s = raw(target)
    s.sendall(encode({"type": "hello", "protocol": PROTOCOL, "player": "Rex"}))
    wait_for([a], lambda: host.call(lambda t: t.started))
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    s.close()  # an RST, not a goodbye
    wait_for([a], lambda: host.call(lambda t: t.seats[1]["away"]))
    assert host.call(lambda t: len(t.clients)) == 1


def test_legal_lists_travel_only_to_a_thin_client_compact_and_whole():
    """No legal list travels unless the hello asks (``legal: true``); a thin client
    gets its seat's list in the grouped form, in one message within the decoder's
    limits — here Guandan's longest known list, 3,691 plays leading a fresh hand
    (171 KB as plain maps, 62 KB grouped)."""
    from net.delta import unpack_legal
    from net.protocol import MAX_BUFFER, encode

    host = LocalHost("guandan", ["bot", "open", "open", "bot"], 0, bot_delay=3600.0)
    host.start()
    conns = []
    try:
        host.listen(0, "127.0.0.1")
        target = "127.0.0.1:%d" % host.address[1]
        plain = Player(connect(target, seat=1))
        conns.append(plain.conn)
        thin = Player(connect(target, seat=2, legal=True))
        conns.append(thin.conn)
        started = lambda p: any(m["type"] == "snapshot" and m["started"] for m in p.messages)  # noqa: E731
        wait_for([plain, thin], lambda: started(plain) and started(thin))
        expected = host.call(lambda t: t.game.legal_actions(t.state, 2))
        assert len(expected) == 3691
        snap = [m for m in thin.messages if m["type"] == "snapshot"][-1]
        assert unpack_legal(snap["legal"]) == expected == thin.legal
        assert len(encode(snap)) < MAX_BUFFER // 4
        assert all(len(g["rows"]) <= 1000 for g in snap["legal"])
        assert not any("legal" in m for m in plain.messages)
        assert plain.legal == [] and plain.view == host.call(lambda t: t.view(1))
        thin.conn.send({"type": "action", "action": expected[0]})
        wait_for([plain, thin], lambda: plain.seq == thin.seq == 1)
        delta = [m for m in thin.messages if m["type"] == "delta"][-1]
        assert delta["yours"] and unpack_legal(delta["legal"]) == []  # not awaited now
        assert not any("legal" in m for m in plain.messages)
        assert plain.legal == host.call(lambda t: t.game.legal_actions(t.state, 1))
    finally:
        for c in conns:
            c.close()
        host.stop()


def test_a_drop_in_the_lobby_rejoins_the_freed_seat(lan):
    host, target = lan(["open", "open", "open"])
    a = Player(lan.join(target, player="Ana", seat=1))
    old = a.conn.token
    a.conn.loop.call_soon_threadsafe(lambda: a.conn._writer.transport.abort())
    wait_for([a], lambda: sum(m["type"] == "welcome" for m in a.messages) == 2)
    assert a.conn.seat == 1 and a.conn.token != old
    assert host.call(lambda t: (t.seats[1]["kind"], t.seats[1]["name"])) == ("remote", "Ana")
