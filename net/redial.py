"""A client's way back to its table after a drop, with backoff (``net/PROTOCOL.md``).

:class:`Redial` is the part of :class:`net.client.TcpConnection` that runs its life
across sessions: it dials the table's addresses (:func:`net.dial.dial`), runs one
session, and after a drop (not after a refusal) comes back with its seat token for up to
``reconnect_for`` seconds, each attempt after :func:`backoff`; after ``too-many-pending``
(a crowd of silent connections) it tries :data:`ROOM_TRIES` times more; a kept token the
host refuses is forgotten and the join goes on without it; and it hands the wait for a
stopped table to :class:`net.comeback.ComeBack`. Each failed attempt, and the end, is a
local ``disconnected`` notice.
"""

from __future__ import annotations

import asyncio
import random
import time

from net.addresses import address_text
from net.dial import DialFailed, dial
from net.failures import failure_code
from net.link import _Link

#: Seconds a dropped connection keeps trying to come back with its token (a laptop
#: that sleeps or a cable pulled for a few minutes still comes back on its own).
RECONNECT_FOR = 300.0
#: Seconds before the first reconnection attempt; each next wait doubles up to
#: :data:`RETRY_MAX` (with ±:data:`RETRY_JITTER` so clients do not come back in step).
RETRY_FIRST = 0.5
RETRY_MAX = 4.0
RETRY_JITTER = 0.2
#: Attempts after a ``too-many-pending`` (pushed out by a crowd of silent connections)
#: before the client gives up, each after :func:`backoff`.
ROOM_TRIES = 6


def backoff(attempt: int, rng: random.Random | None = None) -> float:
    """Seconds to wait before reconnection attempt ``attempt`` (1, 2, …):
    :data:`RETRY_FIRST` doubling up to :data:`RETRY_MAX`, times a random factor in
    1 ± :data:`RETRY_JITTER` (none when ``rng`` is None)."""
    base = min(RETRY_MAX, RETRY_FIRST * 2 ** max(0, attempt - 1))
    if rng is None:
        return base
    return base * (1.0 + rng.uniform(-RETRY_JITTER, RETRY_JITTER))


class Redial:
    """Dialling and coming back (mixed into :class:`net.client.TcpConnection`, whose
    attributes it reads and sets: ``_closing``, ``_candidates``, ``host``, ``port``,
    ``address``, ``connect_timeout``, ``reconnect_for``, ``refusal``, ``failure``,
    ``welcome``, ``over``, ``_ever_welcomed``, ``_resume_until``, ``recalled``,
    ``tokens``, ``token``, ``seat``, ``_asked_seat``, ``_rng``; it runs each session with
    ``_session`` and waits for a stopped table with :class:`net.comeback.ComeBack`)."""

    async def _main(self) -> None:
        retry_until: float | None = None  # set while coming back after a drop
        attempt = room_tries = 0
        try:
            while not self._closing:
                try:
                    target, _, link = await dial(
                        await self._targets(), lambda: _Link(self), self.connect_timeout
                    )
                except DialFailed as exc:
                    reason = str(exc)
                    # What happened, for words in the player's language: the first
                    # address's exception (net.failures; None: no answer in time).
                    first = exc.errors[0] if exc.errors else None
                    self.failure = failure_code(first) if first is not None else "timed-out"
                    if self._resume_until is not None:
                        if not await self._wait_resume(reason):
                            return
                        continue
                    if retry_until is None or time.monotonic() > retry_until:
                        self._fail(reason)
                        return
                    attempt += 1
                    await self._wait_retry(reason, attempt, retry_until)
                    continue
                self._use(target)
                dropped, reason = await self._session(link)
                if self._closing:
                    return
                if self._drop_recalled_token():
                    continue  # the kept token was refused: join again without it
                if self._pushed_out() and room_tries < ROOM_TRIES:
                    room_tries += 1  # no room yet (a crowd of silent connections): again
                    await asyncio.sleep(backoff(room_tries, self._rng))
                    continue
                if self._resume_until is not None and self.refusal is None:
                    if not await self._wait_resume(reason):
                        return
                    continue
                can_retry = dropped and self._ever_welcomed and self.reconnect_for > 0
                if dropped and self.over:  # the host left after the end: say so and stop
                    self.failure, reason, can_retry = "game-over", "the game is over", False
                if not can_retry:
                    self._fail(reason)
                    return
                if retry_until is None or self.welcome is not None:
                    retry_until = time.monotonic() + self.reconnect_for
                    attempt = 0
                attempt += 1
                await self._wait_retry(reason, attempt, retry_until)
        except asyncio.CancelledError:
            pass
        finally:
            self.connected = False
            self._stop_finding()
            self.answered.set()

    def _use(self, target: tuple[str, int]) -> None:
        """``target`` answered: it names the connection, and is tried first next time."""
        self.host, self.port = target
        self.address = address_text(*target)
        self._candidates = [target, *(c for c in self._candidates if c != target)]

    async def _wait_retry(self, reason: str, attempt: int, retry_until: float) -> None:
        """Tell the frame loop the link is down and when the next attempt comes, then
        wait for it."""
        wait = min(backoff(attempt, self._rng), max(0.0, retry_until - time.monotonic()))
        self.connected = False
        self._deliver(
            {
                "type": "disconnected",
                "reason": reason,
                "code": self.failure,
                "address": self.address,
                "reconnecting": True,
                "attempt": attempt,
                "retry_in": round(wait, 2),
                "gives_up_in": round(max(0.0, retry_until - time.monotonic()), 1),
            }
        )
        await asyncio.sleep(wait)

    def _pushed_out(self) -> bool:
        """Whether the last session ended with ``too-many-pending`` (the host had no
        room for one more connection that has not said ``hello``: a crowd, not a
        refusal of this player); clears the refusal for the next attempt."""
        if self.refusal is None or self.refusal.get("code") != "too-many-pending":
            return False
        self.refusal = None
        return True

    def _drop_recalled_token(self) -> bool:
        """After a refusal of a token this connection recalled from its store: forget
        it and return True (the caller joins again without it)."""
        refusal = self.refusal
        if not self.recalled or refusal is None or refusal.get("code") != "bad-token":
            return False
        if self.tokens is not None and self.token:
            self.tokens.forget(self.token)
        self.token, self.recalled, self.refusal = None, False, None
        self.seat = self._asked_seat
        return True

    def _fail(self, reason: str) -> None:
        """The link is over for good: one last ``disconnected`` notice (its ``code`` —
        the refusal's when the host closed it with an error, else what happened,
        :mod:`net.failures` — and ``address`` say what happened where)."""
        self.connected = False
        code = (self.refusal or {}).get("code") or self.failure or "closed"
        self._deliver(
            {"type": "disconnected", "reason": reason, "code": code, "address": self.address}
        )
        self.answered.set()
