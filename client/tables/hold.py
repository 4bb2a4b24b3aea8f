"""A row of cards that holds still under the pointer (issue 16, "input during
animations"): a click acts on the card the player saw under the pointer.

When cards leave a hand (played, revealed, given), the others would close ranks and
shift under a still pointer, so a second click in the same spot would act on another
card. :class:`HeldRow` keeps the places of the cards that stay while the pointer is
over the row (the gaps stay open), and lays the row out afresh once the pointer has
left it, or after :data:`HOLD` seconds (a hand played from the keyboard, the pointer
resting on it, is centred again); and a row that did move under the pointer refuses
clicks for :data:`SETTLE` seconds, the time to see it move."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import pygame

#: Seconds a row that moved refuses clicks on it.
SETTLE = 0.25
#: Seconds a row keeps the gaps of cards that left while the pointer stays on it.
HOLD = 1.5


class HeldRow:
    """The rects of one row of cards (a hand), held while the pointer is over it."""

    def __init__(self) -> None:
        self.keys: tuple = ()
        self.rects: dict[Hashable, pygame.Rect] = {}
        self.area: pygame.Rect | None = None
        self.moved_at = float("-inf")
        self.held = False
        self.held_at = float("-inf")

    def layout(
        self,
        keys: Sequence[Hashable],
        fresh: Callable[[], list[pygame.Rect]],
        pointer: tuple[int, int] | None,
        now: float,
    ) -> list[pygame.Rect]:
        """The rects of the cards ``keys`` (one key per card, in the row's order):
        ``fresh()`` (the table's layout now), except while the pointer is over the row
        and the only change is cards leaving it: then every card that stays keeps its
        place, for :data:`HOLD` seconds at most. ``now`` is the table's clock
        (seconds)."""
        keys = tuple(keys)
        old = self.rects
        inside = pointer is not None and self.area is not None and self.area.collidepoint(pointer)
        leaving = len(keys) < len(self.keys) and _in_order(keys, self.keys)
        # Held while only cards leave; a new order (cards the player moved, sorted)
        # is laid out at once, under the pointer too (it is what the player asked).
        kept = self.held and _in_order(keys, self.keys)
        if inside and (kept or leaving) and all(k in old for k in keys):
            if keys != self.keys:
                self.keys, self.held, self.held_at = keys, True, now
            if now - self.held_at < HOLD:
                return [old[k] for k in keys]
        rects = fresh()
        new = dict(zip(keys, rects, strict=True))
        if any(old.get(k) not in (None, r) for k, r in new.items()) and inside:
            self.moved_at = now  # it moved under the pointer
        self.keys, self.rects, self.held = keys, new, False
        self.area = rects[0].unionall(rects[1:]).inflate(8, 40) if rects else None
        return rects

    def settling(self, now: float) -> bool:
        """Whether the row moved under the pointer less than :data:`SETTLE` seconds
        ago (a click on it now would act on a card the player did not see there)."""
        return now - self.moved_at < SETTLE


def _in_order(part: tuple, whole: tuple) -> bool:
    """Whether ``part`` is ``whole`` with some items left out (order kept)."""
    it = iter(whole)
    return all(any(p == w for w in it) for p in part)
