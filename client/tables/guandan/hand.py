"""The Guandan hand: 27 cards fanned in one row with selection by click, drag across,
or keyboard (``guandan.md`` "Decisions an interface must offer"), sorted by rank, by
suit or by combinations, and arranged by dragging selected cards (kept across plays
until the deal ends)."""

from __future__ import annotations

import pygame

from client.i18n import _, ngettext
from client.tables.guandan import faces as gc

#: The hand's orders (the sort key cycles through them in this order).
MODES = ("rank", "suit", "combos")
#: Pixels a pressed selected card must travel sideways before it is being moved.
DRAG_START = 8


def by_rank(cards: list[int], level: int) -> list[int]:
    """Card order, weakest first (the wilds last among the level rank, then suit)."""
    return sorted(cards, key=lambda c: gc.sort_key(c, level))


def by_suit(cards: list[int], level: int) -> list[int]:
    """♠ ♥ ♣ ♦, each suit in card order; the jokers last."""
    return sorted(
        cards, key=lambda c: (4 if gc.suit(c) is None else gc.suit(c), gc.sort_key(c, level))
    )


def combo_groups(cards: list[int], level: int) -> list[list[int]]:
    """The hand cut into combinations, weakest kinds first: singles, pairs, triples,
    two consecutive triples, three consecutive pairs, straights, bombs (smallest
    first), then the wilds and the jokers (four jokers together). A display aid, not
    a plan: runs take only ranks held exactly once (straights), twice (pairs) or three
    times (triples), so no pair or triple is broken for them."""
    wilds = [c for c in cards if gc.is_wild(c, level)]
    jokers = sorted(
        (c for c in cards if gc.rank(c) >= gc.SMALL_JOKER), key=lambda c: (gc.rank(c), c)
    )
    rest = [c for c in cards if c not in wilds and c not in jokers]
    held: dict[int, list[int]] = {}
    for c in sorted(rest, key=lambda c: (gc.suit(c), c)):
        held.setdefault(gc.rank(c), []).append(c)
    bombs = [
        held.pop(r)
        for r in sorted(held, key=lambda r: gc.value(held[r][0], level))
        if len(held[r]) >= 4
    ]
    bombs.sort(key=lambda g: (len(g), gc.value(g[0], level)))
    runs: dict[int, list[list[int]]] = {1: [], 2: [], 3: []}
    for width, length in ((1, 5), (3, 2), (2, 3)):
        top = length
        while top <= 14:
            ranks = gc.run_ranks(top, length)
            if all(len(held.get(r, ())) == width for r in ranks):
                runs[width].append([c for r in ranks for c in held.pop(r)])
                top += length
            else:
                top += 1
    kinds: dict[int, list[list[int]]] = {1: [], 2: [], 3: []}
    for r in sorted(held, key=lambda r: gc.value(held[r][0], level)):
        kinds[len(held[r])].append(held[r])
    out = kinds[1] + kinds[2] + kinds[3] + runs[3] + runs[2] + runs[1] + bombs
    if wilds:
        out.append(wilds)
    if jokers:
        out.append(jokers)
    return out


def group_reading(group: list[int], level: int) -> str:
    """What a group of :func:`combo_groups` is, as the plays are named ("pair of 9s",
    "straight to Q", "bomb of 7s"); "wild cards" / "jokers" for those groups."""
    if all(gc.is_wild(c, level) for c in group):
        return ngettext("wild card", "wild cards", len(group))
    ranks = [gc.rank(c) for c in group]
    distinct = list(dict.fromkeys(ranks))
    if len(distinct) == 1:
        kind = {1: "single", 2: "pair", 3: "triple"}.get(len(group), "bomb")
        return gc.reading_text(kind, distinct[0], len(group))
    if min(ranks) >= gc.SMALL_JOKER:
        return gc.reading_text("four-jokers", 0, 4) if len(group) == 4 else _("jokers")
    width = len(group) // len(distinct)
    kind = {1: "straight", 2: "consecutive-pairs", 3: "consecutive-triples"}[width]
    return gc.reading_text(kind, distinct[-1], len(group))


class Hand:
    """Layout, order and selection of the shown seat's hand.

    ``area`` is the pixel rectangle the fan may use; ``cw``×``ch`` the card size;
    ``lift`` how far a selected card rises. ``selected`` holds card ids; ``cursor`` is
    the keyboard position (an index into :attr:`order`); ``mode`` the sort ("rank",
    "suit", "combos"); ``arranged`` whether the player moved cards since (then the
    order is theirs until the deal ends)."""

    def __init__(self, area: pygame.Rect, cw: int, ch: int, lift: int, gap: int) -> None:
        self.area = area
        self.cw, self.ch, self.lift, self.gap = cw, ch, lift, gap
        self.order: list[int] = []
        self.level = 2
        self.deal = None
        self.mode = "rank"
        self.arranged = False
        #: Where the cards lie (what is drawn and clicked), and where the layout puts
        #: them now (the table may hold ``rects`` still under the pointer).
        self.rects: list[pygame.Rect] = []
        self.fresh: list[pygame.Rect] = []
        self.selected: set[int] = set()
        self.cursor = 0
        self.drag: bool | None = None  # True: selecting while dragging, False: clearing
        self.press_at: tuple[int, int] | None = None  # a selected card pressed here
        self.pressed: int | None = None
        self.moving = False  # the selection follows the pointer
        self.drop: int | None = None  # where the moved cards would go (index)
        self._combo_of: dict[int, int] = {}

    def resize(self, area: pygame.Rect, cw: int, ch: int, lift: int, gap: int) -> None:
        """Lay the same hand out in a new ``area`` with new card sizes."""
        self.area = area
        self.cw, self.ch, self.lift, self.gap = cw, ch, lift, gap
        self._layout()

    # ------------------------------------------------------------------ order
    def sorted(self, cards: list[int]) -> list[int]:
        """``cards`` in the current mode's order."""
        if self.mode == "suit":
            return by_suit(cards, self.level)
        if self.mode == "combos":
            return [c for g in combo_groups(cards, self.level) for c in g]
        return by_rank(cards, self.level)

    def set_cards(self, hand: list[int], level: int, deal=None) -> None:
        """Lay out ``hand`` at ``level``: in the player's arrangement while the deal
        (``deal``) lasts (cards that arrive go where the mode would put them), else in
        the mode's order; forget selected cards no longer held."""
        if deal != self.deal or level != self.level:
            self.arranged = False
        self.deal, self.level = deal, level
        if self.arranged:
            kept = [c for c in self.order if c in hand]
            for c in self.sorted(list(hand)):
                if c not in kept:
                    kept.insert(self._place_for(kept, c), c)
            self.order = kept
        else:
            self.order = self.sorted(list(hand))
        self.selected &= set(hand)
        self.cursor = min(self.cursor, max(0, len(self.order) - 1))
        self._layout()

    def _place_for(self, order: list[int], card: int) -> int:
        """Where a new card goes in an arranged order: right after the last card the
        mode's order puts before it (first, when none does)."""
        ranked = self.sorted(order + [card])
        before = ranked[: ranked.index(card)]
        return max((order.index(c) + 1 for c in before), default=0)

    def sort(self, mode: str | None = None) -> None:
        """Sort by ``mode`` (None: the next of :data:`MODES`); forgets an arrangement."""
        self.mode = mode or MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self.arranged = False
        self.order = self.sorted(self.order)
        self._layout()

    def group_key(self, card: int):
        """Cards with equal keys sit together; a gap separates groups."""
        if self.mode == "suit":
            return gc.suit(card)
        if self.mode == "combos":
            return self._combo_of.get(card)
        return gc.value(card, self.level)

    def groups(self) -> list[list[int]]:
        """Runs of neighbouring cards of one group (:meth:`group_key`)."""
        if self.mode == "combos":
            self._combo_of = {
                c: i for i, g in enumerate(combo_groups(self.order, self.level)) for c in g
            }
        out: list[list[int]] = []
        for c in self.order:
            if out and self.group_key(out[-1][-1]) == self.group_key(c):
                out[-1].append(c)
            else:
                out.append([c])
        return out

    def _layout(self) -> None:
        n = len(self.order)
        self.rects = self.fresh = []
        if not n:
            return
        groups = self.groups()
        gaps = len(groups) - 1
        # Combinations stand apart: a gap of a fifth of a card at least.
        least = self.cw * 0.22 if self.mode == "combos" and not self.arranged else 2
        gap = max(self.gap, least)
        room = self.area.width - self.cw
        step = min(self.cw + 4, (room - gaps * gap) / max(1, n - 1))
        if step < self.cw * 0.34:  # tighten the group gaps before the cards
            gap = max(least, (room - (n - 1) * self.cw * 0.34) / max(1, gaps))
            step = min(self.cw + 4, (room - gaps * gap) / max(1, n - 1))
        width = (n - 1) * step + gaps * gap + self.cw
        x = self.area.centerx - width / 2
        y = self.area.bottom - self.ch
        for gi, g in enumerate(groups):
            for ci, _c in enumerate(g):
                if gi or ci:
                    x += step + (gap if ci == 0 else 0)
                self.fresh.append(pygame.Rect(int(x), y, self.cw, self.ch))

    def group_at(self, pos) -> tuple[list[int], pygame.Rect] | None:
        """In the "combos" order: the combination under ``pos`` (its cards, and the
        rect its cards cover); else None."""
        if self.mode != "combos" or self.arranged or self.moving:
            return None
        card = self.card_at(pos)
        if card is None:
            return None
        for g in combo_groups(self.order, self.level):
            if card in g:
                rects = [self.rect_of(c) for c in g]
                return g, rects[0].unionall(rects[1:])
        return None

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

    # ------------------------------------------------------------------ arranging
    def move_selected(self, index: int) -> None:
        """Move the selected cards (in their order) to stand together before the
        unselected card now at ``index`` of the others (``len``: at the end)."""
        chosen = [c for c in self.order if c in self.selected]
        others = [c for c in self.order if c not in self.selected]
        index = max(0, min(index, len(others)))
        self.order = others[:index] + chosen + others[index:]
        self.arranged = True
        self.cursor = self.order.index(chosen[0]) if chosen else self.cursor
        self._layout()

    def drop_index(self, x: int) -> int:
        """Where cards dropped at pixel column ``x`` go among the unselected cards."""
        others = [r for c, r in zip(self.order, self.rects, strict=True) if c not in self.selected]
        return sum(1 for r in others if r.centerx < x)

    def nudge(self, step: int) -> None:
        """Move the selected cards one place left (-1) or right (+1) among the rest."""
        if not self.selected:
            return
        others = [c for c in self.order if c not in self.selected]
        first = next(i for i, c in enumerate(self.order) if c in self.selected)
        before = sum(1 for c in self.order[:first] if c not in self.selected)
        self.move_selected(max(0, min(len(others), before + step)))

    # ------------------------------------------------------------------ selection
    def toggle(self, card: int) -> None:
        if card in self.selected:
            self.selected.discard(card)
        else:
            self.selected.add(card)

    def press(self, pos) -> bool:
        """Mouse down on a card. An unselected card is selected and starts a drag that
        selects every card it crosses; a selected card waits: moved sideways it
        carries the selection along (:meth:`motion`), released in place it is
        unselected. Returns whether a card was hit."""
        c = self.card_at(pos)
        if c is None:
            return False
        self.cursor = self.order.index(c)
        if c in self.selected:
            self.press_at, self.pressed = tuple(pos), c
            return True
        self.drag = True
        self.selected.add(c)
        return True

    def motion(self, pos) -> None:
        """Mouse moved with the button held: extend the drag, or carry the selection."""
        if self.press_at is not None:
            if abs(pos[0] - self.press_at[0]) >= DRAG_START:
                self.moving = True
            if self.moving:
                self.drop = self.drop_index(pos[0])
            return
        if self.drag is None:
            return
        c = self.card_at(pos)
        if c is None:
            return
        self.selected.add(c)
        self.cursor = self.order.index(c)

    def release(self) -> bool:
        """Mouse up: end a drag (or drop the carried cards where they are, or unselect
        a selected card clicked in place); returns whether a press on a card ended."""
        if self.press_at is not None:
            if self.moving and self.drop is not None:
                self.move_selected(self.drop)
            elif not self.moving and self.pressed is not None:
                self.selected.discard(self.pressed)
            self.press_at = self.pressed = self.drop = None
            self.moving = False
            return True
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
