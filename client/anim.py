"""Time-based animation: easing (pytweening), card flights and a queue of beats.

A *beat* is a step of the table's story (a reveal, one card travelling to its row, a
row being taken). The table turns each received message's events into beats; the
:class:`Timeline` plays them one after another at the player's animation speed, and
the table shows its final view once the beats are done (DESIGN.md: animations come
from events, the table is drawn from the latest view).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable

import pytweening


def lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


@dataclass
class Flight:
    """A card moving from ``src`` to ``dst`` (pixel centres) over ``duration`` seconds
    after ``delay`` seconds, eased with ``ease`` (a pytweening function)."""

    card: Any
    src: tuple[float, float]
    dst: tuple[float, float]
    duration: float = 0.45
    delay: float = 0.0
    ease: Callable[[float], float] = pytweening.easeInOutCubic
    face_up: bool = True

    def pos(self, t: float) -> tuple[float, float]:
        """Centre at ``t`` seconds since the beat began."""
        if t <= self.delay:
            return self.src
        k = min(1.0, (t - self.delay) / self.duration) if self.duration > 0 else 1.0
        return lerp(self.src, self.dst, self.ease(k))


@dataclass
class Beat:
    """One step: ``begin()`` returns the flights to show (may be []); ``finish()``
    updates the table's display model; ``duration`` in seconds at speed 1."""

    duration: float
    begin: Callable[[], list[Flight]] | None = None
    finish: Callable[[], None] | None = None
    label: str = ""
    flights: list[Flight] = field(default_factory=list)


class Timeline:
    """Plays beats in order. ``speed`` multiplies the clock (2.0 = twice as fast)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.queue: deque[Beat] = deque()
        self.current: Beat | None = None
        self.t = 0.0

    def add(self, beat: Beat) -> None:
        self.queue.append(beat)

    @property
    def idle(self) -> bool:
        """True when nothing plays and nothing waits."""
        return self.current is None and not self.queue

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds of wall time; may finish several short beats."""
        budget = dt * self.speed
        while budget > 0 or (self.current is None and self.queue):
            if self.current is None:
                if not self.queue:
                    return
                self.current = self.queue.popleft()
                self.t = 0.0
                self.current.flights = self.current.begin() if self.current.begin else []
            step = min(budget, self.current.duration - self.t)
            self.t += step
            budget -= step
            if self.t >= self.current.duration - 1e-9:
                beat, self.current = self.current, None
                if beat.finish:
                    beat.finish()
            elif budget <= 0:
                return

    def flights(self) -> list[tuple[Flight, tuple[float, float]]]:
        """The flights of the current beat with their positions now."""
        if self.current is None:
            return []
        return [(f, f.pos(self.t)) for f in self.current.flights]

    def skip(self) -> None:
        """Finish every queued beat at once (their ``finish`` calls still run)."""
        while self.current or self.queue:
            if self.current is None:
                self.current = self.queue.popleft()
                self.current.flights = self.current.begin() if self.current.begin else []
            beat, self.current = self.current, None
            if beat.finish:
                beat.finish()
