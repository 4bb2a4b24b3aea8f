"""Tapete's host and networking (``net/PROTOCOL.md``).

``host`` the authoritative :class:`~net.host.Table` (no threads, no I/O); ``local`` the
table on its own thread with in-process connections; ``server`` and ``client`` TCP;
``protocol`` msgpack framing and limits; ``discovery`` zeroconf; ``log`` the table log
on disk; ``commands`` the headless ``tapete`` sub-commands. Never imports pygame or
``client``.
"""
