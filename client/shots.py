"""Driving an :class:`client.app.App` on simulated time, for screenshots and tools."""

from __future__ import annotations


def frames(app, seconds: float, dt: float = 1 / 30) -> None:
    """Advance ``app`` by ``seconds`` of simulated time in frames of ``dt`` seconds."""
    for _ in range(int(seconds / dt)):
        app.frame(dt, [])


def until(app, test, limit: float = 120.0, dt: float = 1 / 30) -> bool:
    """Advance ``app`` frame by frame until ``test()`` is true; False after ``limit``
    simulated seconds."""
    t = 0.0
    while t < limit:
        app.frame(dt, [])
        if test():
            return True
        t += dt
    return False
