"""Zeroconf discovery on loopback: advertise, browse, TXT updates, same-named tables."""

from __future__ import annotations

import time

import pytest

from net.client import connect
from net.discovery import (
    SERVICE_TYPE,
    Advertiser,
    TableBrowser,
    is_lan_address,
    lan_addresses,
)
from net.local import LocalHost
from net.protocol import PROTOCOL

WAIT = 20.0  # seconds


def browse_until(browser, until, timeout=WAIT):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        tables = browser.poll()
        if until(tables):
            return tables
        time.sleep(0.05)
    pytest.fail(f"timed out browsing; last seen: {browser.poll()}")


@pytest.fixture
def hosts():
    made = []

    def make(seats, name):
        h = LocalHost("take5", seats, 1, name=name, bot_delay=0.0)
        made.append(h)
        h.start()
        h.listen(0, "127.0.0.1")
        h.advertise(loopback=True, host_name="test-machine")
        return h

    yield make
    for h in made:
        h.stop()


def test_tables_appear_update_and_leave(hosts):
    first = hosts(["open", "open", "bot"], "Anna's table")
    second = hosts(["open", "bot"], "Anna's table")  # the same name: both must appear
    with TableBrowser(loopback=True) as browser:
        tables = browse_until(browser, lambda ts: len(ts) == 2)
        assert [t.name for t in tables] == ["Anna's table", "Anna's table"]
        assert len({t.service for t in tables}) == 2 and all(
            t.service.endswith("." + SERVICE_TYPE) for t in tables
        )
        by_port = {t.port: t for t in tables}
        one = by_port[first.address[1]]
        assert (one.game, one.protocol, one.open_seats, one.seats) == ("take5", PROTOCOL, 2, 3)
        assert one.host_name == "test-machine" and one.address == f"127.0.0.1:{one.port}"
        assert one.compatible and not one.started
        # A player takes a seat: the TXT record follows.
        conn = connect(one.address, player="Ana")
        try:
            browse_until(
                browser, lambda ts: any(t.port == one.port and t.open_seats == 1 for t in ts)
            )
            # The second table fills and starts.
            other = by_port[second.address[1]]
            conn2 = connect(other.address, player="Bo")
            try:
                browse_until(
                    browser,
                    lambda ts: any(
                        t.port == other.port and t.started and t.open_seats == 0 for t in ts
                    ),
                )
            finally:
                conn2.close()
        finally:
            conn.close()
        second.stop()  # the goodbye removes it
        tables = browse_until(browser, lambda ts: len(ts) == 1)
        assert tables[0].port == first.address[1]


def test_only_lan_addresses_are_advertised():
    assert is_lan_address("192.168.1.20") and is_lan_address("10.0.0.7")
    for bad in (
        "127.0.0.1",
        "169.254.3.4",
        "8.8.8.8",
        "224.0.0.251",
        "0.0.0.0",
        "::1",
        "fe80::1",
        "nonsense",
    ):
        assert not is_lan_address(bad), bad
    assert all(is_lan_address(a) for a in lan_addresses())
    assert lan_addresses(loopback=True)[0] == "127.0.0.1"
    adv = Advertiser("A.very.dotted name " + "x" * 80, "take5", 1234, open_seats=2, seats=4)
    props = adv._properties()
    assert "." not in props["table"] and len(props["table"].encode()) <= 40
    assert props["protocol"] == str(PROTOCOL) and props["open"] == "2" and props["seats"] == "4"
