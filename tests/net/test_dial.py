"""Joining a table with several addresses (issue 32): every address at once, 250 ms
apart, the first that answers wins; a failure names each address and why."""

from __future__ import annotations

import asyncio
import socket
import time

import pytest

from net.client import connect, connection_to
from net.dial import DialFailed, dial
from net.listing import TableInfo
from net.local import LocalHost
from net.protocol import PROTOCOL

WAIT = 20.0
SILENT = "no answer within {t:g} s (a firewall, or not an address of this network)"


class BlackHole:
    """An address:port that takes no connection and refuses none, like a Docker bridge
    seen from another laptop: a listener with a backlog of 0, filled at once, so the
    kernel drops every further SYN and a connect waits until its timeout."""

    def __init__(self, address: str = "127.0.0.3", port: int = 0) -> None:
        self.sock = socket.socket()
        self.sock.bind((address, port))
        self.sock.listen(0)
        self.address, self.port = self.sock.getsockname()
        self.fill = []
        for _ in range(3):
            s = socket.socket()
            s.setblocking(False)
            s.connect_ex((self.address, self.port))
            self.fill.append(s)
        time.sleep(0.1)

    def close(self) -> None:
        for s in [*self.fill, self.sock]:
            s.close()


@pytest.fixture
def table():
    host = LocalHost("take5", ["open", "open", "bot"], 1, bot_delay=0.0)
    host.start()
    port = host.listen(0, "127.0.0.1")
    hole = BlackHole("127.0.0.3", port)  # the same port on an address that never answers
    yield host, port
    hole.close()
    host.stop()


def closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def test_the_first_address_that_answers_wins_and_the_silent_one_costs_a_stagger(table):
    host, port = table

    async def run():
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        target, transport, _ = await dial(
            [("127.0.0.3", port), ("127.0.0.1", port)], asyncio.Protocol, 5.0
        )
        took = loop.time() - t0
        transport.close()
        return target, took

    target, took = asyncio.run(run())
    assert target == ("127.0.0.1", port)
    assert took < 2.5  # one stagger (0.25 s), not the 5 s timeout of the silent address


def test_a_failure_names_every_address_and_why_in_plain_words():
    hole = BlackHole()
    refused = closed_port()
    try:
        with pytest.raises(DialFailed) as caught:
            asyncio.run(
                dial([("127.0.0.1", refused), (hole.address, hole.port)], asyncio.Protocol, 0.6)
            )
        assert caught.value.tried == [
            (
                f"127.0.0.1:{refused}",
                "refused: that machine is there, but no table listens on that port",
            ),
            (f"127.0.0.3:{hole.port}", SILENT.format(t=0.6)),
        ]
        refused_error, silent = caught.value.errors
        assert isinstance(refused_error, ConnectionRefusedError) and silent is None
        assert str(caught.value) == (
            "cannot reach the table at any of its addresses: "
            f"127.0.0.1:{refused}: refused: that machine is there, but no table listens "
            f"on that port; 127.0.0.3:{hole.port}: {SILENT.format(t=0.6)}"
        )
        # One address that never answers: the reason is said, never empty.
        with pytest.raises(ConnectionError) as one:
            connect(f"127.0.0.3:{hole.port}", timeout=0.6)
        assert str(one.value) == f"cannot reach 127.0.0.3:{hole.port}: {SILENT.format(t=0.6)}"
    finally:
        hole.close()


def test_joining_a_listed_table_takes_the_address_that_answers(table):
    host, port = table
    info = TableInfo(
        "T",
        "take5",
        "127.0.0.3",
        port,
        ("127.0.0.3", "127.0.0.1"),  # as listed: the silent bridge first
        PROTOCOL,
        2,
        3,
        "m",
        "T._tapete._tcp.local.",
        table_id="ab" * 16,
    )
    t0 = time.monotonic()
    conn = connection_to(info, player="Ana").start()
    try:
        assert conn.answered.wait(WAIT) and conn.welcome is not None
        assert time.monotonic() - t0 < 2.5
        assert conn.address == f"127.0.0.1:{port}" and conn.seat == 0
    finally:
        conn.close()
