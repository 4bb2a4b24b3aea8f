"""LAN discovery with zeroconf: service ``_tapete._tcp.local.`` (TECH-NOTES "zeroconf").

* :class:`Advertiser` — async, runs on the host's own loop (``AsyncZeroconf``); TXT
  properties: ``protocol``, ``game``, ``table`` (name), ``open`` and ``seats`` (counts),
  ``host`` (the machine's name); updated as seats fill. Unique instance names
  (``allow_name_change``): two tables with the same name both appear.
* :class:`TableBrowser` — sync ``Zeroconf`` + ``ServiceBrowser`` on zeroconf's own
  thread, handing results to the caller through a queue; ``poll()`` never blocks.

IPv4 only, and only real LAN addresses are advertised (private, not link-local; plus
loopback when asked, for tests). Joining by ``host:port`` works without any of this.
"""

from __future__ import annotations

import ipaddress
import queue
import socket
import threading
import uuid
from dataclasses import asdict, dataclass

from zeroconf import (
    DNSQuestionType,
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)
from zeroconf.asyncio import AsyncZeroconf

from net.protocol import PROTOCOL

SERVICE_TYPE = "_tapete._tcp.local."
#: Longest table name put in an instance name or TXT value (bytes stay under 63).
MAX_LABEL = 40
#: Milliseconds a browser waits for a table's details after it appears.
INFO_TIMEOUT_MS = 3000


def lan_addresses(loopback: bool = False) -> list[str]:
    """This machine's IPv4 addresses that a LAN peer can reach: private, not
    link-local, not loopback (``127.0.0.1`` added first when ``loopback``)."""
    out = ["127.0.0.1"] if loopback else []
    try:
        import ifaddr

        adapters = ifaddr.get_adapters()
    except Exception:  # ifaddr comes with zeroconf; be safe anyway
        adapters = []
    for adapter in adapters:
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6 (a tuple)
            if is_lan_address(ip.ip) and ip.ip not in out:
                out.append(ip.ip)
    return out


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


def _label(text: str) -> str:
    text = "".join(ch for ch in text if ch.isprintable() and ch != ".").strip()
    while len(text.encode()) > MAX_LABEL:
        text = text[:-1]
    return text or "Tapete table"


@dataclass(frozen=True)
class TableInfo:
    """A table found on the LAN: ``name`` (as the host set it), ``game``, ``host`` and
    ``port`` (join with ``address``), all ``addresses``, ``protocol``, ``open_seats``,
    ``seats`` (total), ``host_name`` (the machine), ``service`` (the unique instance),
    ``started`` (the game is under way; open seats are then 0)."""

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

    @property
    def address(self) -> str:
        """``"host:port"`` for ``tapete join`` / :func:`net.client.connect`."""
        return f"{self.host}:{self.port}"

    @property
    def compatible(self) -> bool:
        """Whether this client speaks the table's protocol."""
        return self.protocol == PROTOCOL

    def to_dict(self) -> dict:
        d = asdict(self)
        d["addresses"] = list(self.addresses)
        d["address"] = self.address
        return d


def _txt(info: ServiceInfo, key: str) -> str:
    value = (info.properties or {}).get(key.encode())
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else ""


def _int(text: str) -> int:
    return int(text) if text.isdigit() else 0


def table_info(info: ServiceInfo, loopback: bool = False) -> TableInfo | None:
    """A :class:`TableInfo` from a resolved service, or None if it has no usable
    address (only LAN addresses, or loopback ones when ``loopback``)."""
    addresses = [
        a
        for a in info.parsed_addresses(IPVersion.V4Only)
        if is_lan_address(a) or (loopback and a.startswith("127."))
    ]
    if not addresses or not info.port:
        return None
    addresses.sort(key=lambda a: a.startswith("127."))  # LAN first
    return TableInfo(
        name=_txt(info, "table"),
        game=_txt(info, "game"),
        host=addresses[0],
        port=int(info.port),
        addresses=tuple(addresses),
        protocol=_int(_txt(info, "protocol")),
        open_seats=_int(_txt(info, "open")),
        seats=_int(_txt(info, "seats")),
        host_name=_txt(info, "host"),
        service=info.name,
        started=_txt(info, "started") == "1",
    )


class Advertiser:
    """Advertises one table. Use on an asyncio loop: ``await astart()``, then
    ``await aupdate(open_seats, seats)`` as seats fill, ``await aclose()`` at the end
    (sends the goodbye browsers see). ``loopback=True`` advertises on loopback only
    (tests); otherwise on the LAN addresses of :func:`lan_addresses`."""

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
    ) -> None:
        self.table_name = table_name
        self.game = game
        self.port = port
        self.open_seats = open_seats
        self.seats = seats
        self.started = started
        self.host_name = host_name or socket.gethostname()
        self.loopback = loopback
        self.addresses = (
            addresses if addresses is not None else (["127.0.0.1"] if loopback else lan_addresses())
        )
        self.server = f"tapete-{uuid.uuid4().hex[:12]}.local."
        self._aiozc: AsyncZeroconf | None = None
        self.info: ServiceInfo | None = None

    def _properties(self) -> dict[str, str]:
        return {
            "protocol": str(PROTOCOL),
            "game": self.game,
            "table": _label(self.table_name),
            "open": str(self.open_seats),
            "seats": str(self.seats),
            "started": "1" if self.started else "0",
            "host": _label(self.host_name),
        }

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
        """The instance name actually registered (may carry a suffix like `` (2)``)."""
        return self.info.name if self.info else ""

    async def astart(self) -> None:
        """Register the service (about 1–2 s on one machine). Raises ``RuntimeError``
        when there is no address to advertise."""
        if not self.addresses:
            raise RuntimeError("no LAN address to advertise on; players can still join by address")
        interfaces = ["127.0.0.1"] if self.loopback else self.addresses
        self._aiozc = AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        # A short random tag keeps instance names unique even where probing cannot see
        # the other host (allow_name_change covers the rest); people see TXT "table".
        tag = uuid.uuid4().hex[:4]
        self.info = self._info(f"{_label(self.table_name)} ({tag}).{SERVICE_TYPE}")
        await (await self._aiozc.async_register_service(self.info, allow_name_change=True))

    async def aupdate(self, open_seats: int, seats: int, started: bool = False) -> None:
        """Publish new seat counts and whether the game has started (TXT update)."""
        self.open_seats, self.seats, self.started = open_seats, seats, started
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
            if self.info is not None:
                await (await aiozc.async_unregister_service(self.info))
        finally:
            await aiozc.async_close()


class TableBrowser:
    """Finds tables on the LAN. Starts at once on zeroconf's own thread; ``poll()``
    returns the tables known now (sorted by name, address) without blocking; ``close()``
    at the end. ``loopback=True`` browses on loopback only (tests)."""

    def __init__(self, *, loopback: bool = False, interfaces: list[str] | None = None) -> None:
        self.loopback = loopback
        if interfaces is None:
            interfaces = ["127.0.0.1"] if loopback else (lan_addresses() or InterfaceChoice.Default)
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._tables: dict[str, TableInfo] = {}
        self._closed = threading.Event()
        self._zc = Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)
        self._browser = ServiceBrowser(
            self._zc, SERVICE_TYPE, handlers=[self._on_change], question_type=DNSQuestionType.QM
        )

    def _on_change(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        """On the browser's thread: resolve and queue ``(name, TableInfo | None)``."""
        if self._closed.is_set():
            return
        if state_change is ServiceStateChange.Removed:
            self._queue.put((name, None))
            return
        try:
            info = zeroconf.get_service_info(
                service_type, name, timeout=INFO_TIMEOUT_MS, question_type=DNSQuestionType.QM
            )
        except Exception:
            info = None
        if info is not None and not self._closed.is_set():
            self._queue.put((name, table_info(info, self.loopback)))

    def poll(self) -> list[TableInfo]:
        """The tables known now (never blocks)."""
        while True:
            try:
                name, info = self._queue.get_nowait()
            except queue.Empty:
                break
            if info is None:
                self._tables.pop(name, None)
            else:
                self._tables[name] = info
        return sorted(self._tables.values(), key=lambda t: (t.name, t.address))

    def close(self) -> None:
        """Stop browsing and join zeroconf's threads."""
        if self._closed.is_set():
            return
        self._closed.set()
        try:
            self._browser.cancel()
        finally:
            self._zc.close()

    def __enter__(self) -> "TableBrowser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
