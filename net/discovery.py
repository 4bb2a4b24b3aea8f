"""LAN discovery with zeroconf: service ``_tapete._tcp.local.`` (TECH-NOTES "zeroconf").

* :class:`Advertiser` — async, runs on the host's own loop (``AsyncZeroconf``); TXT
  properties: ``protocol``, ``game``, ``table`` (name), ``open`` and ``seats`` (counts),
  ``started``, ``host`` (the machine's name), ``id`` (the table's identity, when the
  host has one), ``web`` (the port of its browser page, when it serves one:
  :mod:`net.web`); updated as seats fill. The instance name is the table name plus a tag
  from the table's identity, so a resumed host replaces its old listing, and two tables
  with the same name both appear.
* :class:`TableBrowser` — sync ``Zeroconf`` + ``ServiceBrowser`` on zeroconf's own
  thread, plus a prober thread that checks every table still answers on its TCP port
  (a table that stops answering — killed, crashed, unplugged — leaves the list within
  a few seconds); ``poll()`` never blocks.
* :func:`sees_itself` — whether an announcement can be heard on this machine (a host
  warns when its own firewall drops multicast).

Every TXT field is read defensively: a record that does not parse skips that table,
never the browser; names and fields are cleaned of control characters (terminal
escapes) before anybody prints or draws them.

IPv4 is advertised: the machine's private LAN addresses, or its link-local
(169.254/16) ones on a network without DHCP; loopback only when asked (tests).
Joining by ``host:port`` works without any of this.
"""

from __future__ import annotations

import errno
import ipaddress
import secrets
import selectors
import socket
import threading
import time
import uuid
from dataclasses import asdict, dataclass, replace

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

from net.addresses import address_text
from net.protocol import PROTOCOL
from net.text import clean

SERVICE_TYPE = "_tapete._tcp.local."
#: Longest table name put in an instance name or TXT value (bytes stay under 63).
MAX_LABEL = 40
#: Longest text kept from any TXT field (characters, after cleaning).
MAX_FIELD = 64
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
#: Largest seat count believed from a TXT record.
MAX_SEATS = 64


# --------------------------------------------------------------------------- addresses
def _adapter_ips() -> list[tuple[str, str]]:
    """``(address, adapter name)`` for every IPv4 address of this machine."""
    try:
        import ifaddr

        adapters = ifaddr.get_adapters()
    except Exception:  # ifaddr comes with zeroconf; be safe anyway
        return []
    out = []
    for adapter in adapters:
        for ip in adapter.ips:
            if isinstance(ip.ip, str):  # IPv6 comes as a tuple
                out.append((ip.ip, str(getattr(adapter, "nice_name", "") or adapter.name)))
    return out


def lan_addresses(loopback: bool = False) -> list[str]:
    """This machine's IPv4 addresses that a LAN peer can reach: private, not
    link-local, not loopback (``127.0.0.1`` added first when ``loopback``)."""
    out = ["127.0.0.1"] if loopback else []
    for ip, _name in _adapter_ips():
        if is_lan_address(ip) and ip not in out:
            out.append(ip)
    return out


def reachable_addresses(loopback: bool = False) -> list[tuple[str, str]]:
    """``(address, adapter)`` pairs a peer on the LAN can join: the private LAN
    addresses, or — on a network without DHCP, where they are all there is — the
    link-local (169.254/16) ones. Never loopback unless ``loopback`` (then only it)."""
    if loopback:
        return [("127.0.0.1", "lo")]
    ips = _adapter_ips()
    lan = [(ip, n) for ip, n in ips if is_lan_address(ip)]
    if lan:
        return lan
    return [(ip, n) for ip, n in ips if is_link_local(ip)]


def is_lan_address(text: str) -> bool:
    """Whether ``text`` is an IPv4 address fit for the LAN (private, not link-local,
    not loopback, not multicast or unspecified)."""
    try:
        a = ipaddress.ip_address(text)
    except ValueError:
        return False
    return (
        a.version == 4
        and a.is_private
        and not a.is_loopback
        and not a.is_link_local
        and not a.is_multicast
        and not a.is_unspecified
    )


def is_link_local(text: str) -> bool:
    """Whether ``text`` is an IPv4 link-local address (169.254/16: no DHCP server)."""
    try:
        a = ipaddress.ip_address(text)
    except ValueError:
        return False
    return a.version == 4 and a.is_link_local


def _joinable(text: str, loopback: bool) -> bool:
    """An advertised address worth offering: LAN, link-local, any global or IPv6
    address that is not loopback/multicast/unspecified; loopback only if asked."""
    try:
        a = ipaddress.ip_address(text)
    except ValueError:
        return False
    if a.is_multicast or a.is_unspecified:
        return False
    if a.is_loopback:
        return loopback
    return True


# --------------------------------------------------------------------------- text
def clean_text(value: object, limit: int = MAX_FIELD) -> str:
    """``value`` as text fit to print or draw: :func:`net.text.clean` (no control or
    format characters, whitespace runs single spaces, at most ``limit`` characters)."""
    return clean(value, limit)


def _label(text: str) -> str:
    text = clean_text(text, MAX_LABEL * 4).replace(".", "").strip()
    while len(text.encode()) > MAX_LABEL:
        text = text[:-1]
    return text or "Tapete table"


def _tag(table_id: str | None) -> str:
    """A short DNS-safe tag from a table's identity (random without one)."""
    if table_id:
        tag = "".join(ch for ch in table_id.lower() if ch.isascii() and ch.isalnum())[:8]
        if len(tag) >= 4:
            return tag
    return uuid.uuid4().hex[:8]


# --------------------------------------------------------------------------- found tables
@dataclass(frozen=True)
class TableInfo:
    """A table found on the LAN: ``name`` (as the host set it, cleaned), ``game``,
    ``host`` and ``port`` (join with ``address``), ``addresses`` (every advertised
    address: IPv4 first, then the others; one that answered the liveness check comes
    first), ``protocol``, ``open_seats``, ``seats`` (total), ``host_name`` (the
    machine), ``service`` (the unique instance), ``started`` (the game is under way;
    open seats are then 0), ``table_id`` (the table's identity, "" if not advertised),
    ``web_port`` (the port of the table's browser page on the same addresses, None if
    it serves none or the field does not parse)."""

    name: str
    game: str
    host: str
    port: int
    addresses: tuple[str, ...]
    protocol: int
    open_seats: int
    seats: int
    host_name: str
    service: str
    started: bool = False
    table_id: str = ""
    web_port: int | None = None

    @property
    def address(self) -> str:
        """``"host:port"`` for ``tapete join`` / :func:`net.client.connect`
        (``[v6]:port`` for an IPv6 address)."""
        return address_text(self.host, self.port)

    @property
    def targets(self) -> list[str]:
        """Every address to try, in order, as ``"host:port"`` (the Join button tries
        each before giving up)."""
        return [address_text(a, self.port) for a in self.addresses]

    @property
    def web_url(self) -> str:
        """``"http://host:port/"`` of the table's browser page, or "" without one."""
        if not self.web_port:
            return ""
        return f"http://{address_text(self.host, self.web_port)}/"

    @property
    def compatible(self) -> bool:
        """Whether this client speaks the table's protocol."""
        return self.protocol == PROTOCOL

    def to_dict(self) -> dict:
        d = asdict(self)
        d["addresses"] = list(self.addresses)
        d["address"] = self.address
        return d


def _txt(info: ServiceInfo, key: str, limit: int = MAX_FIELD) -> str:
    props = info.properties
    value = props.get(key.encode()) if isinstance(props, dict) else None
    return clean_text(value, limit) if isinstance(value, bytes) else ""


def _int(text: str, high: int = MAX_SEATS) -> int:
    """A small count from TXT text: ASCII digits only ("²" passes ``isdigit`` but is
    no number), 0..``high``; anything else raises ``ValueError``."""
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        raise ValueError(f"not a count: {text!r}")
    value = int(text)
    if value > high:
        raise ValueError(f"count out of range: {value}")
    return value


def _port(text: str) -> int | None:
    """A TXT port (the optional ``web``): ASCII digits 1..65535, else None — a bad
    value loses the browser address, never the table."""
    if text.isascii() and text.isdigit() and len(text) <= 5 and 0 < int(text) < 65536:
        return int(text)
    return None


def _order(addresses: list[str]) -> list[str]:
    """IPv4 before IPv6; LAN before link-local before the rest; loopback last."""

    def key(a: str) -> tuple:
        ip = ipaddress.ip_address(a)
        if ip.version == 4:
            rank = 0 if is_lan_address(a) else (1 if ip.is_link_local else 2)
        else:
            rank = 1 if ip.is_link_local else 0
        return (ip.version != 4, ip.is_loopback, rank)

    return sorted(dict.fromkeys(addresses), key=key)


def table_info(info: ServiceInfo, loopback: bool = False) -> TableInfo | None:
    """A :class:`TableInfo` from a resolved service, or None if it has no usable
    address (loopback ones only when ``loopback``) or a field that does not parse (a
    bad neighbour's record skips that table, never the browser)."""
    try:
        addresses = _order(
            [a for a in info.parsed_addresses(IPVersion.All) if _joinable(a, loopback)]
        )
        port = info.port
        if not addresses or not isinstance(port, int) or not 0 < port < 65536:
            return None
        seats = _int(_txt(info, "seats"))
        open_seats = _int(_txt(info, "open"))
        if open_seats > seats:
            return None
        started = _txt(info, "started")
        if started not in ("0", "1"):
            return None
        return TableInfo(
            name=_txt(info, "table", MAX_LABEL) or "Tapete table",
            game=_txt(info, "game", 32),
            host=addresses[0],
            port=port,
            addresses=tuple(addresses),
            protocol=_int(_txt(info, "protocol"), 10**6),
            open_seats=open_seats,
            seats=seats,
            host_name=_txt(info, "host", MAX_LABEL),
            service=clean_text(info.name, 255),
            started=started == "1",
            table_id=_txt(info, "id", 64),
            web_port=_port(_txt(info, "web", 8)),
        )
    except Exception:  # noqa: BLE001 - anything a stranger sends: skip the table
        return None


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
def probe(targets: list[tuple[str, int]], timeout: float = PROBE_TIMEOUT) -> set[tuple[str, int]]:
    """Which of ``targets`` (``(address, port)``) accept a TCP connection within
    ``timeout`` seconds, all tried at once (non-blocking connects); each connection is
    closed at once (a host sees a connection that says nothing and ends)."""
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
            for key, _ev in sel.select(left):
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

    A table is listed once its TCP port answers (``check=True``, the default), and
    leaves the list after :data:`PROBE_FAILS` failed checks in a row (checked every
    :data:`PROBE_EVERY` s), or at once on the host's goodbye. ``check=False`` lists
    whatever zeroconf reports. ``one_shot=True`` (a command that looks once, for a
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
        self._alive: dict[str, TableInfo] = {}  # those that answered: the list
        self._fails: dict[str, int] = {}
        self._recheck: dict[str, float] = {}  # service name -> when to resolve again
        self._wake = threading.Event()
        self._closed = threading.Event()
        # One-shot queries (``tapete tables``) ask from a port of their own: hosts answer
        # them at once by unicast (RFC 6762 5.1), with no multicast rate limit to wait
        # out and no other browser on this machine to take the answer.
        self._zc = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only, unicast=one_shot)
        self._asks = list(ONE_SHOT_ASKS) if one_shot else []
        self._started = time.monotonic()
        # The prober: liveness checks, a one-shot browser's extra queries, and second
        # looks at tables that appeared or changed.
        self._prober = threading.Thread(target=self._probe_loop, name="tapete-probe", daemon=True)
        self._prober.start()
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
        """Resolve ``name`` and note (or forget) its table; ``again``: a second look,
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
                self._found[name] = table
                if not self.check:
                    self._alive[name] = table
                elif name in self._alive:  # keep it listed, with the new details
                    self._alive[name] = replace(
                        table, host=self._alive[name].host, addresses=self._reorder(name, table)
                    )
        except Exception:  # noqa: BLE001 - a bad neighbour must not blind discovery
            pass

    def _reorder(self, name: str, table: TableInfo) -> tuple[str, ...]:
        first = self._alive[name].host
        rest = [a for a in table.addresses if a != first]
        return tuple([first, *rest]) if first in table.addresses else table.addresses

    def _probe_loop(self) -> None:
        while not self._closed.is_set():
            now = time.monotonic()
            wait = self.probe_every
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
                self._resolve(name, again=True)
            if not self.check:
                continue
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
        answered = probe(targets) if targets else set()
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
                    if self._fails[name] >= PROBE_FAILS or name not in self._alive:
                        self._alive.pop(name, None)

    def poll(self) -> list[TableInfo]:
        """The tables known now (never blocks)."""
        with self._lock:
            tables = list(self._alive.values())
        return sorted(tables, key=lambda t: (t.name, t.address))

    def close(self) -> None:
        """Stop browsing and join zeroconf's threads and the prober."""
        if self._closed.is_set():
            return
        self._closed.set()
        self._wake.set()
        try:
            self._browser.cancel()
        finally:
            self._zc.close()
            self._prober.join(PROBE_TIMEOUT + INFO_TIMEOUT_MS / 1000 + 2.0)

    def __enter__(self) -> "TableBrowser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
