"""Liveness on the client (issue 14): heartbeats, a silent host counts as a dropped
link, reconnection with backoff that says what it does."""

from __future__ import annotations

import socket
import threading
import time

import msgpack

from net.client import TcpConnection
from net.identity import TableKey, seat_proof
from net.protocol import DEAD_AFTER, HEARTBEAT, PROTOCOL, encode
from net.redial import RETRY_FIRST, RETRY_JITTER, RETRY_MAX, backoff

WAIT = 20.0


def test_backoff_doubles_up_to_its_bound_with_bounded_jitter():
    import random

    assert [backoff(n) for n in range(1, 7)] == [
        RETRY_FIRST,
        2 * RETRY_FIRST,
        4 * RETRY_FIRST,
        min(RETRY_MAX, 8 * RETRY_FIRST),
        RETRY_MAX,
        RETRY_MAX,
    ]
    rng = random.Random(1)
    for n in range(1, 20):
        assert abs(backoff(n, rng) / backoff(n) - 1) <= RETRY_JITTER + 1e-9


def test_the_client_heartbeat_is_the_protocols():
    conn = TcpConnection("127.0.0.1", 1)
    assert (conn.ping_interval, conn.dead_after) == (HEARTBEAT, DEAD_AFTER)


class SilentHost:
    """A fake host: answers each hello with a welcome and a snapshot, then says nothing
    (a host whose cable was pulled). Counts hellos and the pings it hears."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.port = self.sock.getsockname()[1]
        self.hellos: list[dict] = []
        self.key = TableKey()
        self.nonces: list[tuple[bytes, bytes]] = []
        self.pings = 0
        self.conns: list[socket.socket] = []
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self) -> None:
        while True:
            try:
                c, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(c)
            threading.Thread(target=self.serve, args=(c,), daemon=True).start()

    def serve(self, c: socket.socket) -> None:
        un = msgpack.Unpacker(raw=False)
        while True:
            try:
                data = c.recv(65536)
            except OSError:
                return
            if not data:
                return
            un.feed(data)
            for m in un:
                if m["type"] == "challenge":  # protocol 3: the fake host proves a key
                    proof = self.key.prove(m["nonce"])
                    self.nonces.append((m["nonce"], proof["nonce"]))
                    c.sendall(encode(proof))
                elif m["type"] == "hello":
                    self.hellos.append(m)
                    c.sendall(
                        encode(
                            {
                                "type": "welcome",
                                "protocol": PROTOCOL,
                                "game": "take5",
                                "table_id": self.key.table_id,
                                "seat": 0,
                                "token": "tok",
                                "seats": [],
                                "table": "",
                                "started": True,
                            }
                        )
                    )
                    c.sendall(
                        encode(
                            {"type": "snapshot", "seq": 0, "view": {}, "legal": [], "started": True}
                        )
                    )
                elif m["type"] == "ping":
                    self.pings += 1

    def close(self) -> None:
        for s in [self.sock, *self.conns]:
            try:
                s.shutdown(socket.SHUT_RDWR)  # wakes the threads blocked on it
            except OSError:
                pass
            s.close()
        self.thread.join(WAIT)


def test_a_silent_host_is_a_dropped_link_and_the_client_comes_back():
    host = SilentHost()
    conn = TcpConnection(
        "127.0.0.1", host.port, player="Ana", ping_interval=0.1, dead_after=0.5
    ).start()
    try:
        assert conn.answered.wait(WAIT) and conn.welcome is not None
        seen: list[dict] = []
        end = time.monotonic() + WAIT
        t0 = time.monotonic()
        while time.monotonic() < end and len(host.hellos) < 2:
            seen += conn.poll()
            time.sleep(0.01)
        seen += conn.poll()
        gone = [m for m in seen if m["type"] == "disconnected"]
        assert gone and gone[0]["reconnecting"], seen
        assert "silent for 0.5 s" in gone[0]["reason"]
        assert gone[0]["attempt"] == 1 and 0 < gone[0]["retry_in"] <= RETRY_FIRST * 1.3
        assert gone[0]["gives_up_in"] > 0
        assert host.pings >= 2  # it pinged while the host still seemed there
        # The second hello proves the seat's token "tok", never sending it: the seat
        # comes back.
        first, again = host.hellos
        assert "token" not in again and first.get("proof") is None
        assert again["proof"] == seat_proof("tok", *host.nonces[1])
        assert time.monotonic() - t0 < 5.0
    finally:
        conn.close()
        host.close()


def test_failed_attempts_each_say_when_the_next_comes():
    host = SilentHost()
    conn = TcpConnection(
        "127.0.0.1", host.port, ping_interval=0.1, dead_after=0.3, reconnect_for=30.0
    ).start()
    try:
        assert conn.answered.wait(WAIT)
        host.close()  # the host is gone: every reconnection attempt fails
        notices: list[dict] = []
        end = time.monotonic() + WAIT
        while time.monotonic() < end and len(notices) < 3:
            notices += [m for m in conn.poll() if m["type"] == "disconnected"]
            time.sleep(0.01)
        assert [n["attempt"] for n in notices[:3]] == [1, 2, 3]
        assert all(n["reconnecting"] for n in notices[:3])
        assert "cannot reach" in notices[1]["reason"]
        assert notices[2]["retry_in"] > notices[1]["retry_in"] * (1 - RETRY_JITTER) ** 2
    finally:
        conn.close()
