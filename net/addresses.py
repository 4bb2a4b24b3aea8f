"""Addresses as people type them: ``HOST:PORT``, IPv6 in brackets (``[::1]:47470``).

Imports nothing of ours, so every ``net`` module may use it."""

from __future__ import annotations


def address_text(host: str, port: int) -> str:
    """``"host:port"`` as ``tapete join`` takes it: IPv6 addresses in brackets
    (``[::1]:47470``)."""
    if ":" in host and not host.startswith("["):
        return f"[{host}]:{port}"
    return f"{host}:{port}"
