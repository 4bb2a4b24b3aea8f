"""Which addresses a host offers (issue 32: Docker, VPN and virtual machines' adapters),
with fake adapter lists: nothing here depends on this machine's own network."""

from __future__ import annotations

import pytest

import net.addresses as addresses
from net.addresses import choose_addresses, is_virtual_adapter, lan_addresses

# A laptop at a LAN party: its Wi-Fi, Docker (the default bridge, a compose network, a
# container's veth), libvirt, a VPN tunnel, WireGuard and Tailscale.
PARTY_LAPTOP = [
    ("127.0.0.1", "lo"),
    ("192.168.1.23", "wlp2s0"),
    ("172.17.0.1", "docker0"),
    ("172.18.0.1", "br-3f2a1c9d0e4b"),
    ("169.254.12.7", "veth5d2c1a0"),
    ("192.168.122.1", "virbr0"),
    ("10.8.0.6", "tun0"),
    ("10.13.13.2", "wg0"),
    ("100.101.102.103", "tailscale0"),
]


def test_virtual_adapters_are_known_by_name():
    names = {
        "docker0": True,
        "br-3f2a1c9d0e4b": True,
        "veth5d2c1a0": True,
        "virbr0": True,
        "vboxnet0": True,
        "vmnet8": True,
        "tun0": True,
        "tap1": True,
        "wg0": True,
        "tailscale0": True,
        "utun3": True,
        "zt7nnkmdx2": True,
        "vEthernet (WSL)": True,
        "VirtualBox Host-Only Network": True,
        "VMware Network Adapter VMnet8": True,
        "eth0": False,
        "enp3s0": False,
        "wlp2s0": False,
        "wlan0": False,
        "en0": False,
        "Wi-Fi": False,
        "Ethernet 2": False,
        "bridge0": False,  # a real bridge someone made for the LAN stays
    }
    assert {n: is_virtual_adapter(n) for n in names} == names


def test_a_real_lan_address_hides_every_virtual_one():
    assert choose_addresses(PARTY_LAPTOP) == [("192.168.1.23", "wlp2s0")]
    windows = [
        ("172.29.16.1", "vEthernet (WSL)"),
        ("192.168.56.1", "VirtualBox Host-Only Network"),
        ("192.168.1.40", "Wi-Fi"),
    ]
    assert choose_addresses(windows) == [("192.168.1.40", "Wi-Fi")]
    two = [("10.0.0.5", "eth0"), ("172.17.0.1", "docker0"), ("192.168.1.9", "wlan0")]
    assert choose_addresses(two) == [("10.0.0.5", "eth0"), ("192.168.1.9", "wlan0")]


def test_without_a_real_lan_address_link_local_then_virtual_ones_are_offered():
    cable_only = [("169.254.3.3", "eth0"), ("172.17.0.1", "docker0")]
    assert choose_addresses(cable_only) == [("169.254.3.3", "eth0")]
    vpn_only = [("127.0.0.1", "lo"), ("172.17.0.1", "docker0"), ("10.8.0.6", "tun0")]
    assert choose_addresses(vpn_only) == [("172.17.0.1", "docker0"), ("10.8.0.6", "tun0")]
    assert choose_addresses([("127.0.0.1", "lo"), ("8.8.8.8", "eth0")]) == []


@pytest.fixture
def party_laptop(monkeypatch):
    monkeypatch.setattr(addresses, "adapter_ips", lambda: list(PARTY_LAPTOP))


def test_the_host_advertises_and_prints_only_the_lan_address(party_laptop):
    from client.headless import _reachable_lines
    from net.discovery import Advertiser, reachable_addresses

    assert reachable_addresses() == [("192.168.1.23", "wlp2s0")]
    assert lan_addresses() == ["192.168.1.23"]
    assert Advertiser("T", "take5", 47470).addresses == ["192.168.1.23"]
    assert _reachable_lines("0.0.0.0", 47470, False, 47471) == [
        "Reachable at 192.168.1.23 (wlp2s0)",
        "Join with: tapete join 192.168.1.23:47470",
        "Browser: http://192.168.1.23:47471/",
    ]
