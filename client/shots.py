"""Driving an :class:`client.app.App` on simulated time, for screenshots and tools.

The window's frames run on simulated time (``dt`` per frame: animations come out the
same on any machine), but the host process and its bots run on the real clock, slower
on a busy machine. So every wait here lasts until its test holds, or until both its
simulated ``limit`` and as many real seconds (``wall``) have passed; and a wait a
screenshot depends on (:func:`wait`) stops the run with :class:`ShotWaitError`
naming what it waited for, rather than shooting whatever the table shows then.
"""

from __future__ import annotations

import time

#: Real seconds a frame yields the processor while a wait spins (the host process and
#: its bots need it more than the window on a busy machine).
YIELD = 0.002


class ShotWaitError(RuntimeError):
    """A wait gave up: ``what`` it waited for (the message names it and how long)."""

    def __init__(self, what: str, limit: float | None = None, wall: float | None = None) -> None:
        text = f"gave up waiting for {what}"
        if limit is not None and wall is not None:
            text += f" after {wall:g} s (and {limit:g} simulated seconds)"
        super().__init__(text)
        self.what = what


def frames(app, seconds: float, dt: float = 1 / 30) -> None:
    """Advance ``app`` by ``seconds`` of simulated time in frames of ``dt`` seconds."""
    for _ in range(int(seconds / dt)):
        app.frame(dt, [])


def until(app, test, limit: float = 120.0, dt: float = 1 / 30, wall: float | None = None) -> bool:
    """Advance ``app`` frame by frame until ``test()`` is true; False once ``limit``
    simulated seconds and ``wall`` real seconds (default: ``limit``) have both passed."""
    wall = limit if wall is None else wall
    deadline = time.monotonic() + wall
    t = 0.0
    while True:
        app.frame(dt, [])
        if test():
            return True
        t += dt
        if t >= limit and time.monotonic() >= deadline:
            return False
        time.sleep(YIELD)


def wait(
    app, test, what: str, limit: float = 120.0, dt: float = 1 / 30, wall: float | None = None
) -> None:
    """:func:`until`, for a moment a screenshot shows: raises :class:`ShotWaitError`
    naming ``what`` (e.g. "the Take 5 table's first choice") when it gives up."""
    if not until(app, test, limit, dt, wall):
        raise ShotWaitError(what, limit, limit if wall is None else wall)
