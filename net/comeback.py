"""A client's seat outlives a host that stops politely (issue 32).

A host stopped by its operator — Ctrl-C, SIGTERM, a closed terminal — says
``host-stopping`` (``net/PROTOCOL.md``): its table is logged and can be resumed, at the
same address or another. :class:`ComeBack` is the part of
:class:`net.client.TcpConnection` that then keeps the seat and waits: it looks for the
table every :data:`RESUME_EVERY` s at its known addresses and at every address the LAN
lists its identity (``table_id``) at, and the connection goes back to the first host
that proves that identity (:mod:`net.identity`); anything else answering there is passed
over. "Close the table for everyone" (``host-closed``) stays final.
"""

from __future__ import annotations

import asyncio
import threading
import time

#: Seconds a connection whose host stopped politely keeps its seat and waits for the
#: table to be resumed.
RESUME_FOR = 12 * 3600.0
#: Seconds between two looks for a stopped table (its addresses, and the LAN).
RESUME_EVERY = 1.0
#: Seconds between two ``disconnected`` notices while waiting.
RESUME_SAY_EVERY = 60.0


class ComeBack:
    """Waiting for a stopped table (mixed into :class:`net.client.TcpConnection`, whose
    attributes it reads: ``_resume_until``, ``_finder``, ``discover``, ``expected_id``,
    ``_candidates``, ``resume_for``)."""

    async def _targets(self) -> list[tuple[str, int]]:
        """The addresses to try: while waiting for a stopped table, every address the
        LAN lists its identity at first (a resumed host may have moved), then the known
        ones."""
        if self._resume_until is None or not self.discover or not self.expected_id:
            return list(self._candidates)
        loop = asyncio.get_running_loop()
        if self._finder is None:
            try:
                if callable(self.discover):
                    make = self.discover
                else:
                    from net.discovery import TableBrowser

                    # A table joined on this machine (127.x) is looked for there.
                    here = self.host.startswith("127.") or self.host == "::1"

                    def make():
                        return TableBrowser(check=False, loopback=here)

                self._finder = await loop.run_in_executor(None, make)
            except Exception:  # noqa: BLE001 - no LAN browsing here: the address will do
                self.discover = False
                return list(self._candidates)
        found = []
        for info in self._finder.poll():
            if getattr(info, "table_id", "") == self.expected_id:
                found += [(a, info.port) for a in info.addresses]
        return list(dict.fromkeys([*found, *self._candidates]))

    def _stop_finding(self) -> None:
        finder, self._finder = self._finder, None
        if finder is not None:
            threading.Thread(target=finder.close, name="tapete-finder-close", daemon=True).start()

    async def _wait_resume(self, reason: str) -> bool:
        """Between two looks for a stopped table: say so (the first time, then once a
        minute), wait :data:`RESUME_EVERY` s; False (after failing) once ``resume_for``
        has passed."""
        now = time.monotonic()
        if self._resume_until is None or now > self._resume_until:
            self._fail(
                f"the host stopped and the table was not resumed within {self.resume_for:g} s"
            )
            return False
        self._resume_looks = getattr(self, "_resume_looks", 0) + 1
        self.connected = False
        if self._resume_looks % max(1, round(RESUME_SAY_EVERY / RESUME_EVERY)) == 1:
            self._deliver(
                {
                    "type": "disconnected",
                    "reason": "the host stopped; this table can be resumed",
                    "reconnecting": True,
                    "waiting": "resume",
                    "attempt": self._resume_looks,
                    "retry_in": RESUME_EVERY,
                    "gives_up_in": round(self._resume_until - now, 1),
                    "last": reason,
                }
            )
        await asyncio.sleep(RESUME_EVERY)
        return True
