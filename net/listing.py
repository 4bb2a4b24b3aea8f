"""What a table's zeroconf listing says, read defensively (:mod:`net.discovery`).

:func:`table_info` makes a :class:`TableInfo` from a resolved service: every TXT field is
read defensively (a record that does not parse skips that table, never the browser), and
names and fields are cleaned of control characters (terminal escapes) before anybody
prints or draws them. Addresses are ordered for joining: IPv4 first, LAN before
link-local before the rest, loopback last.
"""

from __future__ import annotations

import ipaddress
import uuid
from dataclasses import asdict, dataclass

from zeroconf import IPVersion, ServiceInfo

from net.addresses import address_text, is_lan_address
from net.protocol import PROTOCOL
from net.text import clean

#: Longest table name put in an instance name or TXT value (bytes stay under 63).
MAX_LABEL = 40
#: Longest text kept from any TXT field (characters, after cleaning).
MAX_FIELD = 64
#: Largest seat count believed from a TXT record.
MAX_SEATS = 64


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
