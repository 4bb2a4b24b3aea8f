"""Addresses: as people type them (``HOST:PORT``, IPv6 in brackets: ``[::1]:47470``),
and which of this machine's addresses another laptop can join.

**The address choice** (:func:`reachable_addresses`): a laptop at a LAN party often has
more adapters than its Wi-Fi or cable — Docker's bridge (``docker0``, ``br-…``, the
``veth…`` of each container), a virtual machine's (``virbr0``, ``vboxnet0``,
``vmnet8``, Hyper-V's ``vEthernet``), a VPN's tunnel (``tun0``, ``wg0``,
``tailscale0``, ``utun3``, ``zt…``). Their addresses are private too, but no other
laptop can reach them (issue 32: a host advertised 172.17.0.1 beside its LAN address;
every browser waited on it and a join by it hung). So an adapter whose name says it is
virtual (:func:`is_virtual_adapter`) is offered only when the machine has no other
address to offer: a real LAN address first, else a real link-local one (169.254/16, a
network without DHCP), else the virtual ones.

Imports nothing of ours, so every ``net`` module may use it."""

from __future__ import annotations

import ipaddress

#: Adapter names (their start, compared without case) of virtual networks: container
#: bridges, virtual machines' host networks, VPN tunnels. None of their addresses can be
#: reached from another laptop on the LAN.
VIRTUAL_PREFIXES = (
    # containers
    "docker",
    "br-",
    "veth",
    "cni",
    "flannel",
    "cali",
    "weave",
    "podman",
    "kube",
    "lxcbr",
    "lxdbr",
    "incusbr",
    # virtual machines
    "virbr",
    "vboxnet",
    "vmnet",
    "vnet",
    "vethernet",  # Windows: Hyper-V and WSL ("vEthernet (WSL)")
    "virtualbox",  # Windows: "VirtualBox Host-Only Network"
    "vmware",  # Windows: "VMware Network Adapter VMnet8"
    "hyper-v",
    # VPN tunnels
    "tun",
    "tap",
    "wg",
    "wireguard",
    "tailscale",
    "zt",
    "zerotier",
    "utun",
    "ipsec",
    "nordlynx",
    "proton",
    "openvpn",
    "gpd",  # GlobalProtect
    "cscotun",  # Cisco AnyConnect
)


def address_text(host: str, port: int) -> str:
    """``"host:port"`` as ``tapete join`` takes it: IPv6 addresses in brackets
    (``[::1]:47470``)."""
    if ":" in host and not host.startswith("["):
        return f"[{host}]:{port}"
    return f"{host}:{port}"


def is_virtual_adapter(name: str) -> bool:
    """Whether the adapter ``name`` is a virtual network's (a container bridge, a
    virtual machine's host network, a VPN tunnel: :data:`VIRTUAL_PREFIXES`), whose
    addresses other laptops on the LAN cannot reach."""
    low = name.strip().lower()
    return low.startswith(VIRTUAL_PREFIXES)


def adapter_ips() -> list[tuple[str, str]]:
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


def choose_addresses(ips: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The ``(address, adapter)`` pairs of ``ips`` a peer on the LAN can join, in this
    order of preference, the first kind present only: real adapters' LAN addresses;
    real adapters' link-local ones; virtual adapters' LAN addresses; virtual adapters'
    link-local ones. Never loopback. Each address once."""
    kinds: list[list[tuple[str, str]]] = [[], [], [], []]
    seen: set[str] = set()
    for ip, name in ips:
        if ip in seen:
            continue
        virtual = 2 if is_virtual_adapter(name) else 0
        if is_lan_address(ip):
            kinds[virtual].append((ip, name))
        elif is_link_local(ip):
            kinds[virtual + 1].append((ip, name))
        else:
            continue
        seen.add(ip)
    return next((kind for kind in kinds if kind), [])


def reachable_addresses(loopback: bool = False, ips=None) -> list[tuple[str, str]]:
    """``(address, adapter)`` pairs a peer on the LAN can join (:func:`choose_addresses`
    over this machine's adapters, or ``ips``). Never loopback unless ``loopback`` (then
    only it)."""
    if loopback:
        return [("127.0.0.1", "lo")]
    return choose_addresses(adapter_ips() if ips is None else ips)


def lan_addresses(loopback: bool = False) -> list[str]:
    """This machine's IPv4 addresses that a LAN peer can reach: the private ones of
    :func:`reachable_addresses` (no link-local, no virtual adapter's while a real one
    has one), ``127.0.0.1`` first when ``loopback``."""
    out = ["127.0.0.1"] if loopback else []
    for ip, _name in reachable_addresses():
        if is_lan_address(ip) and ip not in out:
            out.append(ip)
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


def is_link_local(text: str) -> bool:
    """Whether ``text`` is an IPv4 link-local address (169.254/16: no DHCP server)."""
    try:
        a = ipaddress.ip_address(text)
    except ValueError:
        return False
    return a.version == 4 and a.is_link_local
