"""File descriptors of a host (issue 29, item 6): a flood of connections must not run
the host out of descriptors, nor fill its terminal with error lines.

At a desktop's usual soft limit (1,024) a flood from many addresses, each connection
pushed out and lingering for ``net.server.LINGER`` seconds, ran a host out of
descriptors: asyncio then logged every failed ``accept`` (401 lines in 8 s) and stopped
accepting for a second each time, so a seat's player got back in only 1–2 s later. So:

* :func:`raise_limit` raises the soft ``RLIMIT_NOFILE`` to the hard limit when a host
  starts listening (``net.server.TcpServer.astart``);
* :class:`Headroom` tells the server, at each accepted connection, how far the process
  is past :data:`MARGIN` descriptors below its soft limit; the server then cuts short
  the lingering of connections it already closed, and — within :data:`SHED_MARGIN` of
  the limit — drops the oldest connections that have not said ``hello`` and sheds the
  new one (closes it unread) only when that frees too little: ``accept`` itself never
  fails, and the margin keeps room for the log, discovery and the seat owner's
  reconnection;
* :class:`ResourceErrors`, the host loop's exception handler, prints at most one line
  per :data:`REPORT_EVERY` seconds about running out (with the count of lines it kept
  quiet), and hands every other error to asyncio's default handler.

Nothing here is needed where the ``resource`` module or ``/proc/self/fd`` is missing:
the limit stays as it is, and the count falls back to the server's own connections
(plus :data:`BASE`).
"""

from __future__ import annotations

import errno
import logging
import os
import time
from typing import Callable

#: Descriptors below the soft limit where the server starts to make room: connections it
#: already closed stop lingering (they hold a descriptor for nobody).
MARGIN = 256
#: Descriptors kept free below the soft limit at any cost: one batch of asyncio's
#: accepts (it takes up to 100 connections a loop pass before any of them is looked at)
#: plus room for the log, zeroconf's sockets and a seat owner's reconnection. Past it the
#: server drops the oldest silent connections, then closes new ones unread.
SHED_MARGIN = 128
#: Descriptors a process is assumed to hold besides the server's connections where they
#: cannot be counted (no ``/proc/self/fd`` nor ``/dev/fd``): standard streams, the loop,
#: the listening sockets, the log, zeroconf.
BASE = 64
#: Seconds a descriptor count is trusted (new connections are added to it meanwhile).
RECOUNT_AFTER = 0.5
#: Seconds between two lines about running out of descriptors.
REPORT_EVERY = 10.0
#: ``errno`` values of an ``accept`` (or any call) that failed for want of resources.
RESOURCE_ERRNOS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})

log = logging.getLogger("tapete.host")


def limits() -> tuple[int, int] | None:
    """``(soft, hard)`` of ``RLIMIT_NOFILE`` (``resource.RLIM_INFINITY`` for no limit),
    or None where the ``resource`` module is missing (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    try:
        return resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):
        return None


def raise_limit() -> tuple[int, int] | None:
    """Raise the soft ``RLIMIT_NOFILE`` to the hard limit (where the hard limit is
    infinite, to the largest of 1,048,576, 65,536 and 10,240 the system takes: macOS
    refuses more than its ``OPEN_MAX``). Returns ``(soft, hard)`` after, or None where
    there is no ``resource`` module. Never raises: a refusal keeps the old limit."""
    now = limits()
    if now is None:
        return None
    import resource

    soft, hard = now
    inf = resource.RLIM_INFINITY
    if soft == inf or (soft >= hard and hard != inf):
        return now
    wanted = [hard] if hard != inf else [1 << 20, 65536, 10240]
    for target in wanted:
        if soft != inf and target <= soft:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            break
        except (OSError, ValueError):
            continue
    return limits()


def open_count() -> int | None:
    """How many descriptors this process has open (``/proc/self/fd``, else ``/dev/fd``;
    the listing's own descriptor not counted), or None where neither can be listed.
    Costs about 0.5 ms at a thousand descriptors: see :class:`Headroom`."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder)) - 1
        except OSError:
            continue
    return None


class Headroom:
    """Whether the process may take one more connection: :meth:`over` says how many
    descriptors it is past ``soft limit - margin``.

    Counting the open descriptors (:func:`open_count`) costs about half a millisecond,
    so it is done at most every :data:`RECOUNT_AFTER` seconds while far from the limit;
    meanwhile each new connection adds one to the last count (closed ones are not
    taken off, so the estimate only errs high) and a count is made whenever the
    estimate reaches the limit. ``own()`` gives the server's own connections, the
    count where descriptors cannot be listed (plus :data:`BASE`). ``limit()`` gives
    the soft limit or None for none; ``count()`` and ``clock`` are for tests."""

    def __init__(
        self,
        own: Callable[[], int],
        *,
        margin: int = MARGIN,
        limit: Callable[[], int | None] | None = None,
        count: Callable[[], int | None] = open_count,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.own = own
        self.margin = margin
        self.limit = limit or _soft_limit
        self.count = count
        self.clock = clock
        self._counted: int | None = None
        self._at = float("-inf")
        self._since = 0

    def over(self) -> int:
        """Call once per accepted connection (it is counted as open): how many
        descriptors past ``soft limit - margin`` the process now holds (0 or less: there
        is room). Without a limit, always 0."""
        soft = self.limit()
        if soft is None:
            return 0
        bound = soft - self.margin
        self._since += 1
        now = self.clock()
        if self._counted is not None and now - self._at < RECOUNT_AFTER:
            if self._counted + self._since < bound:
                return 0
        counted = self.count()
        if counted is None:
            counted = self.own() + BASE
        self._counted, self._at, self._since = counted, now, 0
        return counted - bound + 1

    def freed(self, n: int) -> None:
        """``n`` descriptors are being closed (they close on the loop's next pass)."""
        if self._counted is not None:
            self._counted -= n


def _soft_limit() -> int | None:
    now = limits()
    if now is None:
        return None
    import resource

    return None if now[0] == resource.RLIM_INFINITY else int(now[0])


class ResourceErrors:
    """An asyncio exception handler (``loop.set_exception_handler``) that reports
    errors of running out of descriptors or buffers (:data:`RESOURCE_ERRNOS`: asyncio's
    failed ``accept``, "Too many open files") at most once every ``every`` seconds, as
    one line through ``say`` (default: the ``tapete.host`` logger's warning) saying how
    many it kept quiet since; every other error goes to ``loop.default_exception_handler``.
    ``note(text)`` reports the host's own shedding the same way (the same allowance)."""

    def __init__(
        self,
        every: float = REPORT_EVERY,
        say: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.every = every
        self.say = say or log.warning
        self.clock = clock
        self.quiet = 0  # lines kept quiet since the last one said
        self.said = 0  # lines said
        self._last: float | None = None

    def __call__(self, loop, context: dict) -> None:
        exc = context.get("exception")
        if not (isinstance(exc, OSError) and exc.errno in RESOURCE_ERRNOS):
            loop.default_exception_handler(context)
            return
        what = exc.strerror or errno.errorcode.get(exc.errno or 0, "out of resources")
        self.note(f"tapete host: {context.get('message') or 'out of resources'}: {what}")

    def note(self, text: str) -> None:
        """Say ``text`` (one line) unless a line was said less than ``every`` seconds
        ago; then it only counts."""
        now = self.clock()
        if self._last is not None and now - self._last < self.every:
            self.quiet += 1
            return
        if self.quiet:
            text += f" ({self.quiet} more such in the last {now - self._last:.0f} s, not shown)"
        self._last, self.quiet = now, 0
        self.said += 1
        self.say(text)


def install(loop) -> ResourceErrors:
    """The loop's :class:`ResourceErrors` (installed if the loop has no exception
    handler yet; a handler already there — a test's, or one installed before — stays)."""
    handler = loop.get_exception_handler()
    if isinstance(handler, ResourceErrors):
        return handler
    mine = ResourceErrors()
    if handler is None:
        loop.set_exception_handler(mine)
    return mine
