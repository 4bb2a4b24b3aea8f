"""The Guandan hand: 27 cards fanned in one row, sorted in card order and grouped by
rank, with selection by click, drag across, or keyboard (``guandan.md`` "Decisions
an interface must offer")."""

from __future__ import annotations

import pygame

from client.tables.guandan import faces as gc


class Hand:
    """Layout and selection of the shown seat's hand.

    ``area`` is the pixel rectangle the fan may use; ``cw``×``ch`` the card size;
    ``lift`` how far a selected card rises. ``selected`` holds card ids; ``cursor`` is
    the keyboard position (an index into :attr:`order`)."""

    def __init__(self, area: pygame.Rect, cw: int, ch: int, lift: int, gap: int) -> None:
        self.area = area
        self.cw, self.ch, self.lift, self.gap = cw, ch, lift, gap
        self.order: list[int] = []
        self.level = 2
        self.rects: list[pygame.Rect] = []
        self.selected: set[int] = set()
        self.cursor = 0
        self.drag: bool | None = None  # True: selecting while dragging, False: clearing

    # ------------------------------------------------------------------ layout
    def set_cards(self, hand: list[int], level: int) -> None:
        """Lay out ``hand`` at ``level``; forget selected cards no longer held."""
        self.order = sorted(hand, key=lambda c: gc.sort_key(c, level))
        self.level = level
        self.selected &= set(hand)
        self.cursor = min(self.cursor, max(0, len(self.order) - 1))
        self._layout()

    def groups(self) -> list[list[int]]:
        """Runs of cards of equal card-order value (one rank; the jokers apart)."""
        out: list[list[int]] = []
        for c in self.order:
            if out and gc.value(out[-1][-1], self.level) == gc.value(c, self.level):
                out[-1].append(c)
            else:
                out.append([c])
        return out

    def _layout(self) -> None:
        n = len(self.order)
        self.rects = []
        if not n:
            return
        groups = self.groups()
        gaps = len(groups) - 1
        gap = self.gap
        room = self.area.width - self.cw
        step = min(self.cw + 4, (room - gaps * gap) / max(1, n - 1))
        if step < self.cw * 0.34:  # tighten the group gaps before the cards
            gap = max(2, (room - (n - 1) * self.cw * 0.34) / max(1, gaps))
            step = min(self.cw + 4, (room - gaps * gap) / max(1, n - 1))
        width = (n - 1) * step + gaps * gap + self.cw
        x = self.area.centerx - width / 2
        y = self.area.bottom - self.ch
        for gi, g in enumerate(groups):
            for ci, _c in enumerate(g):
                if gi or ci:
                    x += step + (gap if ci == 0 else 0)
                self.rects.append(pygame.Rect(int(x), y, self.cw, self.ch))

    def rect_of(self, card: int) -> pygame.Rect | None:
        """Where ``card`` is drawn (lifted when selected)."""
        if card not in self.order:
            return None
        r = self.rects[self.order.index(card)]
        return r.move(0, -self.lift) if card in self.selected else r

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost card under ``pos`` (the fan overlaps to the right)."""
        for i in range(len(self.order) - 1, -1, -1):
            c = self.order[i]
            r = self.rects[i]
            hit = r.move(0, -self.lift) if c in self.selected else r
            if hit.collidepoint(pos) or (c in self.selected and r.collidepoint(pos)):
                return c
        return None

    # ------------------------------------------------------------------ selection
    def toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)

    def press(self, pos) -> bool:
        """Mouse down: toggle the card under ``pos`` and start a drag that sets every
        card it crosses the same way. Returns whether a card was hit."""
        c = self.card_at(pos)
        if c is None:
            return False
        self.drag = c not in self.selected
        self.toggle(c)
        self.cursor = self.order.index(c)
        return True

    def motion(self, pos) -> None:
        """Mouse moved with the button held: extend the drag."""
        if self.drag is None:
            return
        c = self.card_at(pos)
        if c is None:
            return
        if self.drag:
            self.selected.add(c)
        else:
            self.selected.discard(c)
        self.cursor = self.order.index(c)

    def release(self) -> bool:
        """Mouse up: end a drag; returns whether one was going on."""
        was, self.drag = self.drag is not None, None
        return was

    def key(self, key: int, shift: bool) -> bool:
        """←/→ move the cursor (with Shift: select on the way), Space toggles,
        Home/End jump, ↑ selects every card of the cursor's rank, ↓ deselects them.
        Returns whether the key was used."""
        n = len(self.order)
        if not n:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            if shift:
                self.selected.add(self.order[self.cursor])
            if key == pygame.K_LEFT:
                self.cursor = (self.cursor - 1) % n
            elif key == pygame.K_RIGHT:
                self.cursor = (self.cursor + 1) % n
            else:
                self.cursor = 0 if key == pygame.K_HOME else n - 1
            if shift:
                self.selected.add(self.order[self.cursor])
            return True
        if key == pygame.K_SPACE:
            self.toggle(self.order[self.cursor])
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            v = gc.value(self.order[self.cursor], self.level)
            same = {c for c in self.order if gc.value(c, self.level) == v}
            if key == pygame.K_UP:
                self.selected |= same
            else:
                self.selected -= same
            return True
        return False

    def cursor_card(self) -> int | None:
        return self.order[self.cursor] if self.order else None
