"""LAN discovery with zeroconf: service ``_tapete._tcp.local.`` (TECH-NOTES "zeroconf").

* :class:`Advertiser` — async, runs on the host's own loop (``AsyncZeroconf``); TXT
  properties: ``protocol``, ``game``, ``table`` (name), ``open`` and ``seats`` (counts),
  ``started``, ``host`` (the machine's name), ``id`` (the table's identity, when the
  host has one), ``web`` (the port of its browser page, when it serves one:
  :mod:`net.web`); updated as seats fill. The instance name is the table name plus a tag
  from the table's identity, so a resumed host replaces its old listing, and two tables
  with the same name both appear.
* :class:`TableBrowser` — sync ``Zeroconf`` + ``ServiceBrowser`` on zeroconf's own
  thread: a table is listed as soon as it resolves; a checker thread beside checks
  every table still answers on its TCP port (a table that stops answering — killed,
  crashed, unplugged — leaves the list within a few seconds); ``poll()`` never blocks.
* :func:`sees_itself` — whether an announcement can be heard on this machine (a host
  warns when its own firewall drops multicast).

Every TXT field is read defensively (:mod:`net.listing`): a record that does not parse
skips that table, never the browser; names and fields are cleaned of control characters
(terminal escapes) before anybody prints or draws them.

IPv4 is advertised: the machine's private LAN addresses, or its link-local
(169.254/16) ones on a network without DHCP, never a virtual adapter's (Docker, a
virtual machine, a VPN) while a real one has one (:mod:`net.addresses`); loopback only
when asked (tests).
Joining by ``host:port`` works without any of this.
"""

from __future__ import annotations

import errno
import secrets
import selectors
import socket
import threading
import time
import uuid
from dataclasses import replace

from zeroconf import (
    DNSOutgoing,
    DNSQuestion,
    DNSQuestionType,
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)
from zeroconf.asyncio import AsyncZeroconf
from zeroconf.const import _CLASS_IN, _FLAGS_QR_QUERY, _TYPE_PTR

from net.addresses import (  # noqa: F401 - re-exported: the address choice
    adapter_ips,
    choose_addresses,
    is_lan_address,
    is_link_local,
    is_virtual_adapter,
    lan_addresses,
    reachable_addresses,
)
from net.listing import (  # noqa: F401 - re-exported: what a listing says
    MAX_FIELD,
    MAX_LABEL,
    MAX_SEATS,
    TableInfo,
    _label,
    _tag,
    clean_text,
    table_info,
)
from net.protocol import PROTOCOL

SERVICE_TYPE = "_tapete._tcp.local."
#: Milliseconds a browser waits for a table's details after it appears.
INFO_TIMEOUT_MS = 3000
#: Seconds between two liveness checks of the listed tables.
PROBE_EVERY = 2.0
#: Seconds one liveness check (a TCP connect to the table's port) may take.
PROBE_TIMEOUT = 1.5
#: Failed checks in a row after which a table leaves the list.
PROBE_FAILS = 2
#: Seconds after the start at which a one-shot browser asks again (zeroconf's own
#: first query is dropped by hosts that saw the same bytes within 0.8 s — another
#: ``tapete tables`` a moment ago — and its second query comes only after a second).
ONE_SHOT_ASKS = (0.05, 0.2, 0.4)
#: Seconds after a table appears or changes at which it is resolved once more: a
#: changed record replaces the old one in zeroconf's cache only a second later (RFC
#: 6762 10.2), and a resolution in between may read the old seat counts.
RECHECK_AFTER = 1.2


# --------------------------------------------------------------------------- advertising
class Advertiser:
    """Advertises one table. Use on an asyncio loop: ``await astart()``, then
    ``await aupdate(open_seats, seats)`` as seats fill (also before ``astart`` has
    finished: the latest counts are published as soon as it has), ``await aclose()``
    at the end (sends the goodbye browsers see). ``loopback=True`` advertises on
    loopback only (tests); otherwise on :func:`reachable_addresses` (or
    ``addresses``). ``table_id`` names the instance, so a resumed host replaces its
    old listing."""

    def __init__(
        self,
        table_name: str,
        game: str,
        port: int,
        *,
        open_seats: int = 0,
        seats: int = 0,
        started: bool = False,
        host_name: str | None = None,
        loopback: bool = False,
        addresses: list[str] | None = None,
        table_id: str | None = None,
        web_port: int | None = None,
    ) -> None:
        self.table_name = table_name
        self.web_port = web_port
        self.game = game
        self.port = port
        self.open_seats = open_seats
        self.seats = seats
        self.started = started
        self.host_name = host_name or socket.gethostname()
        self.loopback = loopback
        self.table_id = table_id if isinstance(table_id, str) else None
        if addresses is None:
            addresses = [a for a, _n in reachable_addresses(loopback)]
        self.addresses = addresses
        self.tag = _tag(self.table_id)
        self.server = f"tapete-{self.tag}-{uuid.uuid4().hex[:4]}.local."
        self._aiozc: AsyncZeroconf | None = None
        self._registered = False
        self.info: ServiceInfo | None = None

    def _properties(self) -> dict[str, str]:
        props = {
            "protocol": str(PROTOCOL),
            "game": self.game,
            "table": _label(self.table_name),
            "open": str(self.open_seats),
            "seats": str(self.seats),
            "started": "1" if self.started else "0",
            "host": _label(self.host_name),
        }
        if self.table_id:
            props["id"] = self.table_id[:64]
        if self.web_port:
            props["web"] = str(self.web_port)
        return props

    def _info(self, name: str) -> ServiceInfo:
        return ServiceInfo(
            SERVICE_TYPE,
            name,
            port=self.port,
            properties=self._properties(),
            server=self.server,
            parsed_addresses=self.addresses,
        )

    @property
    def name(self) -> str:
        """The instance name actually registered."""
        return self.info.name if self.info else ""

    async def astart(self) -> None:
        """Register the service. Raises ``RuntimeError`` when there is no address to
        advertise. The instance name carries the table's own tag, so it is unique
        without probing: the first announcement goes out at once."""
        if not self.addresses:
            raise RuntimeError("no LAN address to advertise on; players can still join by address")
        interfaces = ["127.0.0.1"] if self.loopback else self.addresses
        self._aiozc = AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        self.info = self._info(f"{_label(self.table_name)} ({self.tag}).{SERVICE_TYPE}")
        sent = self.info.properties
        await (
            await self._aiozc.async_register_service(
                self.info, allow_name_change=True, cooperating_responders=True
            )
        )
        self._registered = True
        if self._info(self.info.name).properties != sent:
            await self._publish()  # the seats changed while it registered

    async def aupdate(self, open_seats: int, seats: int, started: bool = False) -> None:
        """Publish new seat counts and whether the game has started (TXT update)."""
        self.open_seats, self.seats, self.started = open_seats, seats, started
        if self._registered:
            await self._publish()

    async def _publish(self) -> None:
        if self._aiozc is None or self.info is None:
            return
        self.info = self._info(self.info.name)
        await (await self._aiozc.async_update_service(self.info))

    async def aclose(self) -> None:
        """Unregister (browsers see a goodbye) and close zeroconf."""
        if self._aiozc is None:
            return
        aiozc, self._aiozc = self._aiozc, None
        try:
            if self.info is not None and self._registered:
                await (await aiozc.async_unregister_service(self.info))
        finally:
            self._registered = False
            await aiozc.async_close()


def sees_itself(
    service: str, addresses: list[str], *, loopback: bool = False, timeout: float = 3.0
) -> bool:
    """Whether the announcement ``service`` (an instance name) can be heard from this
    machine through multicast within ``timeout`` seconds — False when this machine's
    firewall drops mDNS (then other laptops probably cannot see it either). Blocks."""
    interfaces = ["127.0.0.1"] if loopback else (addresses or InterfaceChoice.Default)
    try:
        zc = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
    except OSError:
        return False
    try:
        info = zc.get_service_info(
            SERVICE_TYPE, service, timeout=int(timeout * 1000), question_type=DNSQuestionType.QM
        )
        return info is not None
    except Exception:  # noqa: BLE001
        return False
    finally:
        zc.close()


# --------------------------------------------------------------------------- browsing
def probe(
    targets: list[tuple[str, int]], timeout: float = PROBE_TIMEOUT, stop=None
) -> set[tuple[str, int]]:
    """Which of ``targets`` (``(address, port)``) accept a TCP connection within
    ``timeout`` seconds, all tried at once (non-blocking connects); each connection is
    closed at once (a host sees a connection that says nothing and ends). ``stop`` (a
    ``threading.Event``) ends the wait early (the browser closing)."""
    sel = selectors.DefaultSelector()
    socks = []
    ok: set[tuple[str, int]] = set()
    try:
        for addr, port in targets:
            try:
                family = socket.AF_INET6 if ":" in addr else socket.AF_INET
                s = socket.socket(family, socket.SOCK_STREAM)
            except OSError:
                continue
            socks.append(s)
            s.setblocking(False)
            code = s.connect_ex((addr, port))
            if code == 0:
                ok.add((addr, port))
            elif code in (errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EAGAIN):
                sel.register(s, selectors.EVENT_WRITE, (addr, port))
        end = time.monotonic() + timeout
        while sel.get_map() and (left := end - time.monotonic()) > 0:
            if stop is not None and stop.is_set():
                break
            for key, _ev in sel.select(min(left, 0.1)):
                sel.unregister(key.fileobj)
                if key.fileobj.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) == 0:
                    ok.add(key.data)
    finally:
        sel.close()
        for s in socks:
            s.close()
    return ok


class TableBrowser:
    """Finds tables on the LAN. Starts at once on zeroconf's own thread; ``poll()``
    returns the tables known now (sorted by name, address) without blocking; ``close()``
    at the end. ``loopback=True`` browses on loopback only (tests).

    A table is listed as soon as its details resolve: nobody waits on a reachability
    check (issue 32: one address that did not answer — a host's Docker bridge — kept a
    table off the list for 1.5 s, and ``tapete tables --timeout 1`` never saw it). The
    liveness check runs beside, on a thread of its own, every :data:`PROBE_EVERY` s (and
    at once when a table appears): the first address that answered is put first, and a
    table none of whose addresses answered :data:`PROBE_FAILS` checks in a row leaves
    the list — until one answers again — as it does at once on the host's goodbye.
    ``check=False`` runs no check. ``one_shot=True`` (a command that looks once, for a
    short while) asks from a port of its own and hears only direct answers: fast and
    sure, but deaf to later announcements and goodbyes."""

    def __init__(
        self,
        *,
        loopback: bool = False,
        interfaces: list[str] | None = None,
        check: bool = True,
        probe_every: float = PROBE_EVERY,
        one_shot: bool = False,
    ) -> None:
        self.loopback = loopback
        self.check = check
        self.probe_every = probe_every
        if interfaces is None:
            if loopback:
                interfaces = ["127.0.0.1"]
            else:
                interfaces = [a for a, _n in reachable_addresses()] or InterfaceChoice.Default
        self._lock = threading.Lock()
        self._found: dict[str, TableInfo] = {}  # every resolved table, by service name
        self._alive: dict[str, TableInfo] = {}  # those listed: the list
        self._fails: dict[str, int] = {}
        self._recheck: dict[str, float] = {}  # service name -> when to resolve again
        self._wake = threading.Event()
        self._check_now = threading.Event()
        self._closed = threading.Event()
        # One-shot queries (``tapete tables``) ask from a port of their own: hosts answer
        # them at once by unicast (RFC 6762 5.1), with no multicast rate limit to wait
        # out and no other browser on this machine to take the answer.
        self._zc = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only, unicast=one_shot)
        self._asks = list(ONE_SHOT_ASKS) if one_shot else []
        self._started = time.monotonic()
        # Two threads: one for a one-shot browser's extra queries and second looks at
        # tables that appeared or changed, one for the liveness checks (a check may wait
        # PROBE_TIMEOUT on an address that never answers: nothing else waits on it).
        self._prober = threading.Thread(target=self._look_loop, name="tapete-look", daemon=True)
        self._checker = threading.Thread(target=self._check_loop, name="tapete-probe", daemon=True)
        self._prober.start()
        if check:
            self._checker.start()
        self._browser = ServiceBrowser(
            self._zc, SERVICE_TYPE, handlers=[self._on_change], question_type=DNSQuestionType.QM
        )

    def _on_change(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        """On the browser's thread: resolve and note the table (never raises: an
        exception here would end zeroconf's browser thread)."""
        try:
            if self._closed.is_set():
                return
            if state_change is ServiceStateChange.Removed:
                with self._lock:
                    self._found.pop(name, None)
                    self._alive.pop(name, None)
                    self._fails.pop(name, None)
                    self._recheck.pop(name, None)
                return
            self._resolve(name)
            with self._lock:
                self._recheck[name] = time.monotonic() + RECHECK_AFTER
            self._wake.set()
        except Exception:  # noqa: BLE001 - a bad neighbour must not blind discovery
            pass

    def _resolve(self, name: str, again: bool = False) -> None:
        """Resolve ``name`` and list (or forget) its table; ``again``: a second look,
        only at a table still known (one that left meanwhile stays gone)."""
        try:
            info = self._zc.get_service_info(
                SERVICE_TYPE, name, timeout=INFO_TIMEOUT_MS, question_type=DNSQuestionType.QM
            )
            table = table_info(info, self.loopback) if info is not None else None
            if self._closed.is_set():
                return
            with self._lock:
                if again and name not in self._found:
                    return
                if table is None:
                    self._found.pop(name, None)
                    self._alive.pop(name, None)
                    return
                fresh = name not in self._found
                self._found[name] = table
                if name in self._alive:  # keep the address that answered first
                    self._alive[name] = replace(
                        table, host=self._alive[name].host, addresses=self._reorder(name, table)
                    )
                elif fresh or self._fails.get(name, 0) < PROBE_FAILS:
                    self._alive[name] = table  # listed at once
            if fresh:
                self._check_now.set()
        except Exception:  # noqa: BLE001 - a bad neighbour must not blind discovery
            pass

    def _reorder(self, name: str, table: TableInfo) -> tuple[str, ...]:
        first = self._alive[name].host
        rest = [a for a in table.addresses if a != first]
        return tuple([first, *rest]) if first in table.addresses else table.addresses

    def _look_loop(self) -> None:
        """A one-shot browser's extra queries, and second looks at changed tables."""
        while not self._closed.is_set():
            now = time.monotonic()
            wait = 3600.0
            if self._asks:
                wait = min(wait, self._started + self._asks[0] - now)
            with self._lock:
                if self._recheck:
                    wait = min(wait, min(self._recheck.values()) - now)
            self._wake.wait(max(0.0, wait))
            self._wake.clear()
            if self._closed.is_set():
                return
            now = time.monotonic()
            if self._asks and now >= self._started + self._asks[0]:
                self._asks.pop(0)
                self._ask()
            with self._lock:
                due = [n for n, t in self._recheck.items() if t <= now]
                for n in due:
                    del self._recheck[n]
            for name in due:
                if self._closed.is_set():
                    return
                self._resolve(name, again=True)

    def _check_loop(self) -> None:
        """The liveness checks: every ``probe_every`` s, and at once when a table is new."""
        while not self._closed.is_set():
            self._check_now.wait(self.probe_every)
            self._check_now.clear()
            if self._closed.is_set():
                return
            try:
                self._probe_round()
            except Exception:  # noqa: BLE001 - keep checking
                pass

    def _ask(self) -> None:
        """Send one more PTR query for the service type (answers land in zeroconf's
        cache and reach :meth:`_on_change` as usual)."""
        try:
            # A random id and the QU bit: hosts drop a packet identical to one they saw
            # in the last 0.8 s (another `tapete tables` a moment ago), never a QU one.
            out = DNSOutgoing(_FLAGS_QR_QUERY, True, secrets.randbelow(65536))
            question = DNSQuestion(SERVICE_TYPE, _TYPE_PTR, _CLASS_IN)
            question.unicast = True
            out.add_question(question)
            self._zc.send(out)
        except Exception:  # noqa: BLE001 - a convenience; zeroconf asks again anyway
            pass

    def _probe_round(self) -> None:
        with self._lock:
            found = dict(self._found)
        targets = [(a, t.port) for t in found.values() for a in t.addresses]
        answered = probe(targets, stop=self._closed) if targets else set()
        if self._closed.is_set():
            return
        with self._lock:
            for name, table in found.items():
                if self._found.get(name) is not table:
                    continue  # removed or changed meanwhile: the next round sees it
                ok = [a for a in table.addresses if (a, table.port) in answered]
                if ok:
                    self._fails[name] = 0
                    order = tuple([ok[0], *(a for a in table.addresses if a != ok[0])])
                    self._alive[name] = replace(table, host=ok[0], addresses=order)
                else:
                    self._fails[name] = self._fails.get(name, 0) + 1
                    if self._fails[name] >= PROBE_FAILS:
                        self._alive.pop(name, None)

    def poll(self) -> list[TableInfo]:
        """The tables known now (never blocks)."""
        with self._lock:
            tables = list(self._alive.values())
        return sorted(tables, key=lambda t: (t.name, t.address))

    def close(self) -> None:
        """Stop browsing and join zeroconf's threads and the checks."""
        if self._closed.is_set():
            return
        self._closed.set()
        self._wake.set()
        self._check_now.set()
        try:
            self._browser.cancel()
        finally:
            # A look under way ends within its resolution timeout while zeroconf runs
            # (once zeroconf is closed, a resolution may wait far longer).
            self._prober.join(INFO_TIMEOUT_MS / 1000 + 1.0)
            self._zc.close()
            self._prober.join(2.0)
            if self._checker.is_alive():
                self._checker.join(PROBE_TIMEOUT + 2.0)

    def __enter__(self) -> "TableBrowser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
