"""Zeroconf discovery on loopback: advertise, browse, TXT updates, same-named tables."""

from __future__ import annotations

import io
import json
import time

import pytest

from client.cli import main
from net.client import connect
from zeroconf import IPVersion, ServiceInfo, Zeroconf

from net.discovery import (
    SERVICE_TYPE,
    Advertiser,
    TableBrowser,
    clean_text,
    is_lan_address,
    lan_addresses,
    sees_itself,
    table_info,
)
from net.local import LocalHost
from net.protocol import PROTOCOL

WAIT = 20.0  # seconds


def browse_until(browser, until, timeout=WAIT, ports=None):
    """Poll until ``until(tables)``; ``ports``: only the tables on those ports count
    (other tests on this machine may advertise on loopback at the same time)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        tables = [t for t in browser.poll() if ports is None or t.port in ports]
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
    ports = {first.address[1], second.address[1]}
    with TableBrowser(loopback=True) as browser:
        tables = browse_until(browser, lambda ts: len(ts) == 2, ports=ports)
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
        tables = browse_until(browser, lambda ts: len(ts) == 1, ports=ports)
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


# --------------------------------------------------------------------------- issue 14
class Listener:
    """A TCP port that accepts (the liveness check needs one) until closed. It takes
    each connection off the queue and closes it: a port that never accepted filled
    its backlog after ~17 probes and then looked dead (the test failed under load,
    when it ran long enough for that many probes)."""

    def __init__(self) -> None:
        import socket
        import threading

        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.port = self.sock.getsockname()[1]
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:  # closed
                return
            conn.close()

    def close(self) -> None:
        import socket

        try:
            self.sock.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
        except OSError:
            pass
        self.sock.close()
        self._thread.join(2.0)


def raw_service(name: str, port: int, props: dict) -> ServiceInfo:
    return ServiceInfo(
        SERVICE_TYPE,
        f"{name}.{SERVICE_TYPE}",
        port=port,
        properties=props,
        server=f"{name.replace(' ', '-')}.local.",
        parsed_addresses=["127.0.0.1"],
    )


def good_props(**kw) -> dict:
    return {
        "protocol": str(PROTOCOL),
        "game": "take5",
        "table": "T",
        "open": "1",
        "seats": "2",
        "started": "0",
        "host": "m",
        **kw,
    }


def test_a_bad_neighbour_skips_its_table_never_the_browser():
    lis = Listener()
    zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    try:
        with TableBrowser(loopback=True, probe_every=0.3) as browser:
            bad = [
                good_props(open="²"),  # passes isdigit(), not int()
                good_props(seats="-1"),
                good_props(open="9", seats="2"),
                good_props(started="maybe"),
                {b"protocol": b"\xff\xfe", b"open": None},
            ]
            for i, props in enumerate(bad):
                zc.register_service(raw_service(f"bad {i}", lis.port, props))
            escaped = good_props(table="\x1b[31mRed\x1b[0m\u202etable\n", host="a\x07b")
            zc.register_service(raw_service("good one", lis.port, escaped))
            tables = browse_until(browser, lambda ts: len(ts) >= 1, ports={lis.port})
            time.sleep(1.0)  # the bad ones had their chance to break something
            tables = [t for t in browser.poll() if t.port == lis.port]
            assert [(t.name, t.host_name) for t in tables] == [("[31mRed[0mtable", "ab")]
            zc.register_service(raw_service("later", lis.port, good_props(table="Later")))
            browse_until(browser, lambda ts: "Later" in [t.name for t in ts], ports={lis.port})
    finally:
        zc.close()
        lis.close()


def test_clean_text_removes_controls_and_bounds_length():
    assert clean_text("a\x1b]0;pwn\x07b") == "a]0;pwnb"
    assert clean_text(b"caf\xc3\xa9 \xff") == "café \ufffd"
    assert clean_text("x" * 500, 10) == "x" * 9 + "…"
    assert clean_text(None) == "" and clean_text(5) == ""
    assert clean_text("  two\n\nlines\u2028") == "two lines"


def test_addresses_are_offered_ipv4_first_and_ipv6_in_brackets():
    lis = Listener()
    info = ServiceInfo(
        SERVICE_TYPE,
        f"v6.{SERVICE_TYPE}",
        port=lis.port,
        properties=good_props(),
        server="v6.local.",
        parsed_addresses=["fe80::1", "2001:db8::5", "169.254.7.7", "192.168.1.9", "127.0.0.1"],
    )
    t = table_info(info, loopback=True)
    assert t.addresses == ("192.168.1.9", "169.254.7.7", "127.0.0.1", "2001:db8::5", "fe80::1")
    assert t.targets[3] == f"[2001:db8::5]:{lis.port}" and t.address.startswith("192.168.1.9:")
    assert "127.0.0.1" not in table_info(info).addresses
    lis.close()


def test_a_table_that_stops_answering_leaves_the_list():
    lis = Listener()
    adv = LocalHost("take5", ["open", "bot"], 1, name="Ghost")
    adv.start()
    try:
        ghost = Advertiser("Ghost", "take5", lis.port, open_seats=1, seats=2, loopback=True)
        adv.run(ghost.astart())
        with TableBrowser(loopback=True, probe_every=0.3) as browser:
            port = {lis.port}
            browse_until(browser, lambda ts: [t.name for t in ts] == ["Ghost"], ports=port)
            lis.close()  # the process died: no goodbye, the port does not answer
            t0 = time.monotonic()
            browse_until(browser, lambda ts: ts == [], ports=port)
            assert time.monotonic() - t0 < 5.0
        adv.run(ghost.aclose())
    finally:
        adv.stop()


def test_a_resumed_host_replaces_its_listing_and_counts_are_right_at_once():
    lis = Listener()
    loop = LocalHost("take5", ["open", "bot"], 1)
    loop.start()
    try:
        with TableBrowser(loopback=True, probe_every=0.3) as browser:
            first = Advertiser(
                "Anna",
                "take5",
                lis.port,
                open_seats=2,
                seats=2,
                loopback=True,
                table_id="a1b2c3d4e5f6",
            )
            loop.run(first.astart())
            browse_until(browser, lambda ts: len(ts) == 1, ports={lis.port})
            # The host crashes (no goodbye) and is resumed with the same identity;
            # a seat was taken while it registered.
            loop.run(first._aiozc.async_close())
            again = Advertiser(
                "Anna",
                "take5",
                lis.port,
                open_seats=2,
                seats=2,
                loopback=True,
                table_id="a1b2c3d4e5f6",
            )

            async def start_and_take_a_seat():
                import asyncio

                task = asyncio.ensure_future(again.astart())
                await again.aupdate(1, 2)
                await task

            loop.run(start_and_take_a_seat())
            assert first.name == again.name
            tables = browse_until(
                browser, lambda ts: ts and ts[0].open_seats == 1, ports={lis.port}
            )
            time.sleep(0.5)
            assert (
                len([t for t in browser.poll() if t.port == lis.port]) == 1
                and tables[0].table_id == "a1b2c3d4e5f6"
            )
            loop.run(again.aclose())
    finally:
        loop.stop()
        lis.close()


def test_a_player_who_joins_while_the_host_registers_is_published():
    host = LocalHost("take5", ["open", "open", "bot"], 1, name="Quick")
    host.start()
    try:
        target = f"127.0.0.1:{host.listen(0, '127.0.0.1')}"
        host.advertise(loopback=True, wait=False)
        conn = connect(target, player="Ana")  # before registration is done
        try:
            with TableBrowser(loopback=True) as browser:
                port = int(target.rsplit(":", 1)[1])
                # Right within a moment of registration (a changed record may read stale
                # for up to a second in zeroconf's cache; the browser looks again).
                browse_until(browser, lambda ts: [t.open_seats for t in ts] == [1], 5.0, {port})
                time.sleep(1.5)
                assert [t.open_seats for t in browser.poll() if t.port == port] == [1]
        finally:
            conn.close()
    finally:
        host.stop()


def test_the_host_hears_its_own_announcement_on_loopback(hosts):
    h = hosts(["open", "bot"], "Heard")
    assert sees_itself(h.advertiser.name, [], loopback=True, timeout=3.0)
    assert not sees_itself(f"Nobody.{SERVICE_TYPE}", [], loopback=True, timeout=0.3)


def test_link_local_addresses_are_advertised_only_when_alone(monkeypatch):
    import net.addresses as addresses
    import net.discovery as discovery

    ips = [("127.0.0.1", "lo"), ("169.254.1.2", "eth0")]
    monkeypatch.setattr(addresses, "adapter_ips", lambda: ips)
    assert discovery.reachable_addresses() == [("169.254.1.2", "eth0")]
    assert Advertiser("T", "take5", 1).addresses == ["169.254.1.2"]
    ips.append(("192.168.0.7", "wlan0"))
    assert discovery.reachable_addresses() == [("192.168.0.7", "wlan0")]
    assert discovery.reachable_addresses(loopback=True) == [("127.0.0.1", "lo")]
    ips[:] = [("127.0.0.1", "lo")]
    assert discovery.reachable_addresses() == []  # never loopback for other laptops


def test_joining_from_the_list_tries_every_address_in_order():
    from net.client import connection_to
    from net.discovery import TableInfo

    host = LocalHost("take5", ["open", "bot"], 1)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        # The first address does not answer (a container bridge, another network).
        info = TableInfo(
            "T",
            "take5",
            "127.0.0.2",
            port,
            ("127.0.0.2", "127.0.0.1"),
            PROTOCOL,
            1,
            2,
            "m",
            "T._tapete._tcp.local.",
            table_id="abcd1234",
        )
        conn = connection_to(info, player="Ana").start()
        try:
            assert conn.answered.wait(WAIT) and conn.welcome is not None
            assert conn.address == f"127.0.0.1:{port}" and conn.table_id == "abcd1234"
        finally:
            conn.close()
        dead = TableInfo(
            "T",
            "take5",
            "127.0.0.2",
            port,
            ("127.0.0.2", "127.0.0.3"),
            PROTOCOL,
            1,
            2,
            "m",
            "T._tapete._tcp.local.",
        )
        conn = connection_to(dead).start()
        try:
            assert conn.answered.wait(WAIT) and conn.welcome is None
            (gone,) = [m for m in conn.poll() if m["type"] == "disconnected"]
            assert "127.0.0.2" in gone["reason"] and "127.0.0.3" in gone["reason"]
        finally:
            conn.close()
    finally:
        host.stop()


# --------------------------------------------------------------------------- issue 32
@pytest.fixture
def stuck_probe(monkeypatch):
    """Every liveness check hangs until the test ends (an address that never answers,
    as a host's Docker bridge seen from another laptop): nothing may wait on it."""
    import threading

    import net.discovery as discovery

    release = threading.Event()
    calls = []

    def probe(targets, timeout=discovery.PROBE_TIMEOUT, stop=None):
        calls.append(sorted(targets))
        end = time.monotonic() + 30
        while not release.wait(0.05) and not stop.is_set() and time.monotonic() < end:
            pass  # hangs until the browser closes (or the test ends)
        return set()

    monkeypatch.setattr(discovery, "probe", probe)
    yield calls
    release.set()


def test_a_table_is_listed_at_once_whatever_its_checks_wait_on(stuck_probe):
    lis = Listener()
    host = LocalHost("take5", ["open", "bot"], 1, name="Bridged")
    host.start()
    try:
        adv = Advertiser(
            "Bridged",
            "take5",
            lis.port,
            open_seats=1,
            seats=2,
            loopback=True,
            addresses=["127.0.0.3", "127.0.0.1"],  # a silent bridge beside the LAN one
            table_id="cd" * 16,
        )
        host.run(adv.astart())
        with TableBrowser(loopback=True) as browser:
            (t,) = browse_until(browser, lambda ts: len(ts) == 1, ports={lis.port})
            assert (t.name, sorted(t.addresses), t.table_id) == (
                "Bridged",
                ["127.0.0.1", "127.0.0.3"],
                "cd" * 16,
            )
        # `tapete tables --timeout 0.5` lists it too (its check never came back).
        out = io.StringIO()
        assert main(["tables", "--loopback", "--timeout", "0.5", "--json"], out=out) == 0
        (listed,) = [x for x in json.loads(out.getvalue()) if x["name"] == "Bridged"]
        assert sorted(listed["addresses"]) == [f"127.0.0.1:{lis.port}", f"127.0.0.3:{lis.port}"]
        assert stuck_probe  # the checks ran, and hung
        host.run(adv.aclose())
    finally:
        host.stop()
        lis.close()
