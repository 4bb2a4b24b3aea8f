"""The doors of a host on its own thread: how players beyond this process reach its table.

:class:`Doors` is the part of :class:`net.local.LocalHost` that serves the table over
TCP (:meth:`Doors.listen`, :class:`net.server.TcpServer`), serves the browser page and
its WebSocket door (:meth:`Doors.listen_web`, :class:`net.web.WebServer`), and announces
the table on the LAN with zeroconf (:meth:`Doors.advertise`,
:class:`net.discovery.Advertiser`), its TXT record following the seats. Every door is a
service the host closes at ``stop()``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from net.host import Table


class Doors:
    """TCP, web and zeroconf for a host (mixed into :class:`net.local.LocalHost`, whose
    attributes it reads and sets: ``table``, ``loop``, ``keeper``, ``web``,
    ``advertiser``, ``advert_error``, ``_services``, ``_tasks``, ``_stopping``; and
    whose ``run``, ``call`` and ``add_service`` it uses)."""

    def listen(self, port: int = 0, address: str = "0.0.0.0", **limits: Any) -> int:
        """Serve the table over TCP on ``address:port`` (0 = any free port) from the
        host thread; returns the bound port. ``limits``: ``idle_timeout``,
        ``hello_timeout``, ``max_unsent`` (see :class:`net.server.TcpServer`).
        Raises ``OSError`` if the port is taken."""
        from net.server import TcpServer

        server = TcpServer(self, address, port, **limits)
        if self.keeper is not None:
            server.share(self.keeper)
        bound = self.run(server.astart())
        self.add_service(server)
        if self.keeper is None:
            self.keeper = server
        return bound

    def listen_web(self, port: int | None = None, address: str | None = None, *, root=None) -> int:
        """Serve the browser page and the WebSocket door (:class:`net.web.WebServer`)
        on ``address:port`` from the host thread; returns the bound port. ``address``
        defaults to the last :meth:`listen`'s; ``port`` None: the TCP port + 1, or any
        free port when that one is taken; 0: any free port. WebSocket connections are
        admitted, greeted and bounded by :attr:`keeper` (a listen() first, or a TCP
        server that never listens). ``root``: the page's folder (default: the package's
        ``assets/web``; tests). Raises ``OSError`` if an asked port is taken."""
        from net.server import TcpServer
        from net.web import WebServer

        tcp = self.address
        if address is None:
            address = tcp[0] if tcp is not None else "0.0.0.0"
        if self.keeper is None:
            self.keeper = TcpServer(self, address, 0)
        server = WebServer(self, self.keeper, address, 0 if port is None else port, root)
        if port is None and tcp is not None and tcp[1] < 65535:
            server.port = tcp[1] + 1
            try:
                bound = self.run(server.astart())
            except OSError:
                server.port = 0
                bound = self.run(server.astart())
        else:
            bound = self.run(server.astart())
        self.add_service(server)
        self.web = server
        return bound

    @property
    def web_address(self) -> tuple[str, int] | None:
        """``(address, port)`` of the web door (:meth:`listen_web`), else None."""
        if self.web is None or not self.web.port:
            return None
        return self.web.bind, self.web.port

    def advertise(
        self,
        *,
        loopback: bool = False,
        host_name: str | None = None,
        timeout: float = 15.0,
        wait: bool = True,
    ) -> str:
        """Advertise the table with zeroconf (after :meth:`listen`); the TXT record
        follows the seats. Returns the registered instance name. ``loopback``: on
        127.0.0.1 only (tests). Registration takes 1–2 s: with ``wait=False`` it runs
        in the background and this returns "" at once (a failure then lands in
        :attr:`advert_error`). Raises ``RuntimeError`` before ``listen`` or without a
        LAN address."""
        from net.discovery import Advertiser

        if self.address is None:
            raise RuntimeError("listen() before advertise()")
        t = self.table
        bound = self.address[0]
        adv = Advertiser(
            t.name or "Tapete table",
            t.game_id,
            self.address[1],
            open_seats=len(t.open_seats()),
            seats=len(t.seats),
            started=t.started,
            host_name=host_name,
            loopback=loopback,
            # A host bound to one address is reachable only there.
            addresses=None if loopback or bound in ("", "0.0.0.0", "::") else [bound],
            table_id=getattr(t, "table_id", None),
            web_port=self.web.port if self.web is not None else None,
        )
        if not adv.addresses:
            raise RuntimeError("no LAN address to advertise on; players can still join by address")
        self.add_service(adv)

        # The seat hook goes in before registration, so a player who joins while it
        # runs is published (the Advertiser sends the latest counts once registered).
        async def update() -> None:
            try:
                await adv.aupdate(len(t.open_seats()), len(t.seats), t.started)
            except Exception:
                pass  # discovery is a convenience; joining by address still works

        def install(table: Table) -> None:  # on the host thread
            before = table.on_seats

            def seats_changed() -> None:
                if before is not None:
                    before()
                if not self._stopping:
                    task = self.loop.create_task(update())
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)

            table.on_seats = seats_changed

        self.call(install)
        if wait:
            self.run(adv.astart(), timeout)
        else:

            async def register() -> None:
                try:
                    await adv.astart()
                except Exception as exc:
                    self.advert_error = exc

            asyncio.run_coroutine_threadsafe(register(), self.loop)
        self.advertiser = adv
        return adv.name

    @property
    def address(self) -> tuple[str, int] | None:
        """``(host, port)`` of the TCP server the last :meth:`listen` started (a host
        may listen on 127.0.0.1 for its own window, then on every interface for the
        LAN: it advertises the latter), else None."""
        for svc in reversed(self._services):
            if getattr(svc, "port", None) and hasattr(svc, "host"):  # a server, not an advert
                return svc.host, svc.port
        return None
