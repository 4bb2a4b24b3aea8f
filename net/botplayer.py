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
    None), ``reason`` (why it stopped without one), and what it counted: ``deltas``
    received, ``errors`` (refusals), ``drops`` (``disconnected`` notices), ``sent``
    actions; ``mirror`` holds the last view."""

    outcome: dict | None = None
    reason: str = ""
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
    back to the first legal action if it fails."""
    wake = threading.Event()
    conn.on_message = wake.set
    end = None if timeout is None else time.monotonic() + timeout
    mirror = ViewMirror(conn, getattr(conn, "seat", None), keep_backlog=False)
    run = Played(mirror=mirror)
    bot = None
    pending = False
    while end is None or time.monotonic() < end:
        wake.wait(0.5)
        wake.clear()
        for m in conn.poll():
            mirror.feed(m)
            if on_message is not None:
                on_message(m, mirror)
            kind = m.get("type")
            if kind == "welcome" and level is not None:
                bot = engine.get_bot(
                    m["game"], level, secrets.randbits(128) if seed is None else seed
                )
            elif kind == "snapshot":
                pending = False
            elif kind == "delta":
                run.deltas += 1
                pending = pending and not m.get("yours")
            elif kind == "error":
                pending = False
                run.errors += 1
                if run.errors > MAX_REFUSALS:
                    run.reason = f"too many refusals, last: {m.get('message')}"
                    return run
            elif kind == "disconnected":
                run.drops += 1
                if not m.get("reconnecting"):
                    run.reason = str(m.get("reason", "the link was lost"))
                    return run
        mirror.errors.clear()
        if mirror.outcome is not None:
            run.outcome = mirror.outcome
            return run
        if bot is None or pending or not mirror.started or not mirror.awaited():
            continue
        legal = mirror.legal
        if not legal:
            continue
        if think > 0:
            time.sleep(think)
        try:
            action = bot.choose(mirror.view, legal)
        except Exception:
            action = legal[0]
        pending = True
        run.sent += 1
        conn.send({"type": "action", "action": action})
    run.reason = "timed out"
    return run


__all__ = ["MAX_REFUSALS", "Played", "play_remote"]
