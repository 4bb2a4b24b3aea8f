"""A seat played by a bot from the client side of a connection, or a spectator that
watches to the end: what ``tapete join --headless`` and ``tools/loadcheck.py`` run.

The bot sees only what arrives on the connection (its seat's view, through a
:class:`net.mirror.ViewMirror`), exactly as a remote player would; it sends one action
and waits for the host's answer (the delta tagged ``yours``, an ``error``, or a fresh
snapshot after a reconnect) before it decides again.
"""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass, field

import engine
from net.mirror import ViewMirror

#: Refusals in a row after which the bot gives up (a bug, not a game).
MAX_REFUSALS = 50


@dataclass
class Played:
    """How a :func:`play_remote` run ended: ``outcome`` (the host's outcome record, or
    None), ``reason`` (why it stopped without one), ``lost`` (the last
    ``disconnected`` notice when the link ended for good, else None), and what it
    counted: ``deltas``
    received, ``errors`` (refusals), ``drops`` (``disconnected`` notices), ``sent``
    actions; ``mirror`` holds the last view."""

    outcome: dict | None = None
    reason: str = ""
    lost: dict | None = None
    deltas: int = 0
    errors: int = 0
    drops: int = 0
    sent: int = 0
    mirror: ViewMirror = field(default_factory=ViewMirror)


def play_remote(
    conn,
    level: str | None = "normal",
    *,
    timeout: float | None = None,
    seed: int | None = None,
    think: float = 0.0,
    on_message=None,
) -> Played:
    """Play ``conn``'s seat with a ``level`` bot (None: only watch) until the outcome
    arrives, the link is lost for good, or ``timeout`` seconds pass. ``seed`` seeds the
    bot (default: a fresh one); ``think``: seconds to wait before each action (a slower
    game); ``on_message(message, mirror)`` sees every message once the mirror has taken
    it (e.g. to say seat changes). Never raises for what the host says; the bot falls
    back to the first legal action if it fails.

    Every message is taken into the mirror on the thread that receives it (the
    connection's ``on_message``: a TCP connection's network thread), so a delta is
    applied as soon as it is read; ``on_message`` runs there too. The calling thread
    only decides, and is woken only when the seat has something to decide or the run
    ends — not for every delta (issue 18: a watcher's or a waiting seat's delta costs
    no thread switch). The bot never thinks while holding up the network thread."""
    wake = threading.Event()
    lock = threading.RLock()  # the mirror and the counters; RLock: see conn.send below
    end = None if timeout is None else time.monotonic() + timeout
    mirror = ViewMirror(conn, getattr(conn, "seat", None), keep_backlog=False)
    run = Played(mirror=mirror)
    state = _Turn()

    def take(m: dict) -> None:  # under the lock
        mirror.feed(m)
        if on_message is not None:
            on_message(m, mirror)
        kind = m.get("type")
        if kind == "welcome" and level is not None:
            state.bot = engine.get_bot(
                m["game"], level, secrets.randbits(128) if seed is None else seed
            )
        elif kind == "snapshot":
            state.pending = False
        elif kind == "delta":
            run.deltas += 1
            state.pending = state.pending and not m.get("yours")
        elif kind == "error":
            state.pending = False
            run.errors += 1
            if run.errors > MAX_REFUSALS:
                run.reason = f"too many refusals, last: {m.get('message')}"
                state.stopped = True
        elif kind == "disconnected":
            run.drops += 1
            if not m.get("reconnecting"):
                run.reason = str(m.get("reason", "the link was lost"))
                run.lost = m
                state.stopped = True

    def due() -> bool:  # under the lock: the seat must act and nothing is in flight
        return state.bot is not None and not state.pending and mirror.started and mirror.awaited()

    def drain() -> None:  # either thread; the network thread as messages arrive
        with lock:
            for m in conn.poll():
                if state.stopped:
                    break
                take(m)
            mirror.errors.clear()
            if state.stopped or mirror.outcome is not None or due():
                wake.set()

    conn.on_message = drain
    try:
        drain()  # what arrived before (welcome, snapshot)
        while end is None or time.monotonic() < end:
            wake.wait(0.5)
            wake.clear()
            drain()
            with lock:
                if state.stopped:
                    return run
                if mirror.outcome is not None:
                    run.outcome = mirror.outcome
                    return run
                if not due():
                    continue
                bot, view = state.bot, mirror.view
            legal = mirror.legal_for(view)
            if not legal:
                continue
            if think > 0:
                time.sleep(think)
            try:
                action = bot.choose(view, legal)
            except Exception:
                action = legal[0]
            with lock:
                state.pending = True
                run.sent += 1
            # Outside the lock: a message the connection refuses comes back at once
            # through on_message (on this thread; the RLock would let it in anyway).
            conn.send({"type": "action", "action": action})
        run.reason = "timed out"
        return run
    finally:
        with lock:
            conn.on_message = None


@dataclass
class _Turn:
    """What :func:`play_remote`'s two threads share besides the mirror (under its lock):
    the ``bot`` (once the welcome names the game), whether an action is ``pending``
    (sent, not yet answered), and whether the run has ``stopped``."""

    bot: object = None
    pending: bool = False
    stopped: bool = False


__all__ = ["MAX_REFUSALS", "Played", "play_remote"]
