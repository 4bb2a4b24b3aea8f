"""Why a connection to a host failed, as a stable code a window can put in words.

:class:`net.client.TcpConnection` puts one of these codes in its local
``disconnected`` notice (``code``) and in the exceptions :func:`net.client.connect`
raises; a host's closing ``error`` keeps its own wire code (``host-closed``,
``protocol-mismatch``, ``table-full``, ``bad-token`` … net/PROTOCOL.md "Error codes").
The words are the client's (:mod:`client.lanwords`): ``net`` only names what happened.

Codes for a host that could not be reached or whose link ended:

=================  ==========================================================
``refused``        the machine answered, but nothing listens on that port
``timed-out``      no answer within the connection's timeout
``unreachable``    no route to that machine or its network
``no-network``     this machine is on no network
``no-such-name``   the name does not resolve to any machine
``reset``          the connection was cut (reset, aborted, broken pipe)
``cannot-reach``   any other failure to connect (the detail says which)
``closed``         the host ended the connection without a word
``silent``         the host said nothing for ``DEAD_AFTER`` seconds
``unreadable``     what came back is not the Tapete protocol
``game-over``      the link dropped after the ``outcome``: the host left; not retried
=================  ==========================================================

Also the errors :func:`net.client.connect` raises (:class:`JoinRefused`,
:class:`JoinFailed`) and :data:`CLOSED_WORDS`. Imports nothing of ours (the standard
library only), so every ``net`` module may use it.
"""

from __future__ import annotations

import asyncio
import errno
import re
import socket

#: The codes of this module (a host's wire codes come on top).
LINK_CODES = (
    "refused",
    "timed-out",
    "unreachable",
    "no-network",
    "no-such-name",
    "reset",
    "cannot-reach",
    "closed",
    "silent",
    "unreadable",
    "game-over",
)

_BY_ERRNO = {
    errno.ECONNREFUSED: "refused",
    errno.ETIMEDOUT: "timed-out",
    errno.EHOSTUNREACH: "unreachable",
    errno.ENETUNREACH: "unreachable",
    errno.EHOSTDOWN: "unreachable",
    errno.ENETDOWN: "no-network",
    errno.EADDRNOTAVAIL: "unreachable",
    errno.ECONNRESET: "reset",
    errno.ECONNABORTED: "reset",
    errno.EPIPE: "reset",
}
#: ``[Errno N]`` in a message: asyncio joins the errors of every address it tried
#: (``Multiple exceptions: [Errno 111] …, [Errno 99] …``) into one OSError without errno.
_ERRNO_TEXT = re.compile(r"\[Errno (-?\d+)\]")


def failure_code(exc: BaseException | None) -> str:
    """The code (:data:`LINK_CODES`) of the exception a connection attempt raised:
    ``ConnectionRefusedError`` → ``refused``, a timeout → ``timed-out``, a name that
    does not resolve (``socket.gaierror``) → ``no-such-name``, ``EHOSTUNREACH`` /
    ``ENETUNREACH`` → ``unreachable``, ``ENETDOWN`` → ``no-network``, a reset or
    abort → ``reset``; anything else ``cannot-reach``."""
    if exc is None:
        return "closed"
    if isinstance(exc, (asyncio.TimeoutError, TimeoutError, socket.timeout)):
        return "timed-out"
    if isinstance(exc, socket.gaierror):
        return "no-such-name"
    if isinstance(exc, ConnectionRefusedError):
        return "refused"
    if isinstance(exc, (ConnectionResetError, ConnectionAbortedError, BrokenPipeError)):
        return "reset"
    code = getattr(exc, "errno", None)
    if code in _BY_ERRNO:
        return _BY_ERRNO[code]
    found = [int(n) for n in _ERRNO_TEXT.findall(str(exc))]
    # Several addresses tried (IPv6 and IPv4 of one name): the most telling answer.
    for n in found:
        if _BY_ERRNO.get(n) == "refused":
            return "refused"
    for n in found:
        if n in _BY_ERRNO:
            return _BY_ERRNO[n]
    return "cannot-reach"


#: A closing error's meaning for the person at this end (the ``disconnected`` reason),
#: where the host's own words are written from the host's side.
CLOSED_WORDS = {
    "replaced": (
        "your seat was taken back by another device (someone joined with this seat's "
        "token); this one has left it"
    ),
    "host-closed": "the host closed the table for everyone",
}


class JoinRefused(ConnectionError):
    """The host refused the ``hello``: ``code`` (wire code), ``message`` and
    ``address`` (the host's, ``"host:port"``)."""

    def __init__(self, code: str, message: str, address: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.address = address


class JoinFailed(ConnectionError):
    """No table answered: ``code`` (:data:`net.failures.LINK_CODES`: ``refused``,
    ``timed-out``, ``unreachable`` …), ``address`` (``"host:port"``) and the reason in
    English (the exception's text)."""

    def __init__(self, code: str, address: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.address = address
