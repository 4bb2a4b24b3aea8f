"""Time-based animation: easing (pytweening), card flights, a queue of beats, the
board an animation shows, and the zone names events speak of.

A *beat* is a step of the table's story (a reveal, one card travelling to its row, a
row being taken). The table turns each received message's events into beats; the
:class:`Timeline` plays them one after another at the player's animation speed, and
the table shows its final view once the beats are done (DESIGN.md: animations come
from events, the table is drawn from the latest view).

While beats play, the table draws a :class:`Stage`: the view the beats started from,
which nobody changes, with the moves the beats have shown since laid over it. Events
name zones (``hand/2``, ``row/1``, ``pile/asc1``); :func:`zone` reads those names.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

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


class Zone(NamedTuple):
    """A zone name read into its parts: ``kind`` ("hand", "row", "pile", "deck", …),
    ``key`` (the seat, row, pile or place it belongs to: an int when it is a number,
    else the word; None for a zone of one part) and ``rest`` (further parts, e.g. the
    column of ``board/4/7``)."""

    kind: str
    key: int | str | None = None
    rest: tuple = ()

    def of(self, kind: str) -> bool:
        """Whether this zone is of ``kind`` ("hand", "row", …)."""
        return self.kind == kind

    @property
    def seat(self) -> int | None:
        """The zone's number (a seat's hand, a row, a player's pile …), else None."""
        return self.key if isinstance(self.key, int) else None


def zone(name: str) -> Zone:
    """``"hand/2"`` → ``Zone("hand", 2)``; ``"pile/asc1"`` → ``Zone("pile", "asc1")``;
    ``"board/4/7"`` → ``Zone("board", 4, (7,))``; ``"deck"`` → ``Zone("deck")``. The
    one reader of the zone names events carry (DESIGN.md "Zones")."""
    parts = [int(p) if p.isdigit() else p for p in name.split("/")]
    return Zone(str(parts[0]), parts[1] if len(parts) > 1 else None, tuple(parts[2:]))


class Stage(Mapping):
    """The board a table draws: ``view`` (a dict the mirror shares: never changed)
    with what the animations have shown since laid over it.

    Read it as the view (``stage["rows"]``, ``stage.get("hand", [])``). A beat that
    shows a move replaces a whole key (``stage["hand"] = [...]``) or changes the
    stage's own copy of one (``stage.own("rows")[2].append(card)``): the copy is made
    once, on the first change of that key, so a view is never copied as a whole and
    never changed in place."""

    def __init__(self, view: Mapping) -> None:
        self.view = view
        self._own: dict = {}

    def __getitem__(self, key: str) -> Any:
        if key in self._own:
            return self._own[key]
        return self.view[key]

    def __iter__(self) -> Iterator[str]:
        yield from self.view
        yield from (k for k in self._own if k not in self.view)

    def __len__(self) -> int:
        return len(self.view) + sum(1 for k in self._own if k not in self.view)

    def __setitem__(self, key: str, value: Any) -> None:
        """Show ``value`` for ``key`` from now on (the view keeps its own)."""
        self._own[key] = value

    def own(self, key: str) -> Any:
        """The stage's own copy of ``key``'s value, to change in place (a deep copy of
        the view's value, made the first time). ``KeyError`` for a key the view lacks."""
        if key not in self._own:
            self._own[key] = copy.deepcopy(self.view[key])
        return self._own[key]

    def __repr__(self) -> str:
        return f"Stage({dict(self)!r})"
