"""Reaching a table that has several addresses: every address at once, staggered, the
first that answers wins (RFC 8305, "Happy Eyeballs", in the small).

A table is listed with every address its host has (a LAN address, but also — from an
older host — a Docker bridge's, a VPN's, a second network card's); only some answer from
here. Trying them one after another made a join by the first, unreachable one hang for
the whole connect timeout before the next was tried (issue 32: 5.2 s, then a failure
with an empty reason). :func:`dial` starts the first address, starts the next one
:data:`STAGGER` seconds later — or at once when the previous one failed — and so on,
keeps the first connection that is made and closes the others. When none answers,
:class:`DialFailed` names every address tried and why, in plain words
(:func:`plain_reason`).

Imports nothing of ours but :mod:`net.addresses`.
"""

from __future__ import annotations

import asyncio
import errno
import socket
from typing import Callable

from net.addresses import address_text

#: Seconds between the start of one address's attempt and the next one's (RFC 8305
#: recommends 250 ms).
STAGGER = 0.25


class DialFailed(ConnectionError):
    """No address answered: ``tried`` is ``[(address, why), …]`` in the order tried,
    ``why`` in plain words; ``errors`` the exception of each (None: no answer in time);
    ``str()`` says all of it on one line."""

    def __init__(
        self, tried: list[tuple[str, str]], errors: list[BaseException | None] = ()
    ) -> None:
        self.tried = tried
        self.errors = list(errors) or [None] * len(tried)
        if len(tried) == 1:
            text = f"cannot reach {tried[0][0]}: {tried[0][1]}"
        else:
            text = "cannot reach the table at any of its addresses: " + "; ".join(
                f"{a}: {why}" for a, why in tried
            )
        super().__init__(text)


def plain_reason(exc: BaseException | None, timeout: float) -> str:
    """Why a connection could not be made, for people: what it means, not an errno."""
    if exc is None or isinstance(exc, (asyncio.TimeoutError, TimeoutError, socket.timeout)):
        return f"no answer within {timeout:g} s (a firewall, or not an address of this network)"
    if isinstance(exc, ConnectionRefusedError):
        return "refused: that machine is there, but no table listens on that port"
    if isinstance(exc, socket.gaierror):
        return "no machine of that name was found"
    code = getattr(exc, "errno", None)
    words = {
        errno.EHOSTUNREACH: "no route to that machine (is it on this network?)",
        errno.ENETUNREACH: "that network cannot be reached from here",
        errno.EADDRNOTAVAIL: "that address cannot be used from here",
        errno.ECONNRESET: "the connection was reset",
        errno.ECONNABORTED: "the connection was aborted",
    }
    if code in words:
        return words[code]
    text = getattr(exc, "strerror", None) or str(exc)
    return text or type(exc).__name__


async def dial(
    candidates: list[tuple[str, int]],
    protocol_factory: Callable[[], asyncio.BaseProtocol],
    timeout: float,
    *,
    stagger: float = STAGGER,
) -> tuple[tuple[str, int], asyncio.BaseTransport, asyncio.BaseProtocol]:
    """Connect to the first of ``candidates`` (``(host, port)``, in order of preference)
    that answers within ``timeout`` seconds of the start: ``((host, port), transport,
    protocol)``. Each next address starts ``stagger`` seconds after the previous one, or
    as soon as it failed; connections made after the winner are closed at once.
    Raises :class:`DialFailed` (every address tried, and why) when none answers."""
    loop = asyncio.get_running_loop()
    candidates = list(dict.fromkeys(candidates))
    if not candidates:
        raise DialFailed([])
    why: dict[tuple[str, int], str] = {}
    errors: dict[tuple[str, int], BaseException] = {}
    attempts: dict[asyncio.Task, tuple[str, int]] = {}
    end = loop.time() + timeout

    def start(target: tuple[str, int]) -> None:
        attempts[loop.create_task(loop.create_connection(protocol_factory, *target))] = target

    def made(task: asyncio.Task) -> bool:
        return task.done() and not task.cancelled() and task.exception() is None

    waiting = list(candidates)
    winner: asyncio.Task | None = None
    try:
        start(waiting.pop(0))
        while True:
            running = [t for t in attempts if not t.done()]
            left = end - loop.time()
            if left <= 0 or (not running and not waiting):
                break
            if running:
                await asyncio.wait(
                    running,
                    timeout=min(left, stagger) if waiting else left,
                    return_when=asyncio.FIRST_COMPLETED,
                )
            winner = next((t for t in attempts if made(t)), None)
            if winner is not None:
                break
            if waiting and loop.time() < end:
                start(waiting.pop(0))  # the stagger passed, or every attempt failed
    finally:
        for task in attempts:
            if task is not winner and not task.done():
                task.cancel()
        for task, target in attempts.items():
            if task is winner or not task.done() or task.cancelled():
                continue
            if task.exception() is None:
                task.result()[0].close()  # made too late: not needed
            else:
                errors[target] = task.exception()
                why[target] = plain_reason(task.exception(), timeout)
    if winner is not None:
        transport, protocol = winner.result()
        return attempts[winner], transport, protocol
    started = [t for t in candidates if t in attempts.values()]
    raise DialFailed(
        [(address_text(*t), why.get(t) or plain_reason(None, timeout)) for t in started],
        [errors.get(t) for t in started],
    )
