"""The Take 5 table: four rows, your hand, the reveal, the row choice, the players.

Layout at 1280×720 (scaled for other sizes, :mod:`client.tables.take5.layout`): rows
on the left, this turn's revealed cards in the middle, players on the right, your hand
along the bottom.

Input: click a card to select it, click it again (or Enter) to play it; ←/→ move the
selection. Hovering or selecting a card previews the row it would join (or that it
is too low) and what that row would cost (:func:`landing`). When your card is lower
than every row, click a row or press 1–4 (or light one with ↑/↓ and press Enter). P
(or a click on your panel) opens your own penalty pile (take5.md: the others' piles
are private). A right click, Backspace or Esc drops the selection. A pad's buttons
stand for these keys (:mod:`client.pads`).
"""

from __future__ import annotations

import pygame

from client.i18n import _, ngettext
from client.tables.base import TableScene, headline
from client.tables.take5 import beats, layout, paint
from client.tables.take5.faces import card
from engine.take5 import bullheads


def landing(rows: list[list[int]], c: int) -> dict:
    """Where card ``c`` would go on ``rows`` now (take5.md "A round", placement):
    ``{"row": r, "place": k, "cost": n, "takes": bool}`` — the row whose last card is
    the highest below ``c``, the card's place in it (1-based; 6 = the sixth card, which
    takes the five), and the bullheads of the row once ``c`` lies there (what the row
    costs whoever fills it; with ``takes``, what you take now: the five cards'). A card
    lower than every row: ``{"row": None, "cheapest": r, "cost": n}``, the row that
    would cost least to take. Other cards revealed with it may change it: a preview,
    not a promise."""
    below = [r for r in range(len(rows)) if rows[r] and rows[r][-1] < c]
    cost = [sum(bullheads(x) for x in row) for row in rows]
    if not below:
        cheapest = min(range(len(rows)), key=lambda r: (cost[r], r))
        return {"row": None, "cheapest": cheapest, "cost": cost[cheapest]}
    r = max(below, key=lambda r: rows[r][-1])
    place = len(rows[r]) + 1
    if place == 6:
        return {"row": r, "place": 6, "cost": cost[r], "takes": True}
    return {"row": r, "place": place, "cost": cost[r] + bullheads(c), "takes": False}


class Take5Table(TableScene):
    """Take 5 (take5.md): choose a card, watch the reveal, choose a row when too low."""

    game_id = "take5"
    name_cut = 10
    paint = paint
    beats = beats

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.layout()
        self.selected: int | None = None
        self.hover_row: int | None = None
        self.placed: set[int] = set()  # revealed cards already moved to a row
        #: "+N" tags over a player's panel: [bullheads, x, y (midright), seconds left].
        self.floaters: list[list] = []
        self.round_summary: dict | None = None
        self.round_summary_t = 0.0
        self.pile_open = False  # your own penalty pile shown (P)

    @staticmethod
    def summary(view: dict, names: list[str], me: int | None, story: list[dict] = ()) -> dict:
        """Standings by total bullheads, lowest first (take5.md "End of the game"),
        with each player's bullheads round by round (the ``round-end`` events shown)."""
        winners = set(view.get("winners", []))
        totals = view["totals"]
        order = sorted(range(len(totals)), key=lambda s: (totals[s], s))
        rounds = [e for e in story if e["type"] == "round-end"]
        played = view.get("round") or len(rounds)
        return {
            "headline": headline(winners, names, me),
            "subtitle": ngettext(
                "Take 5 · {n} round · fewest bullheads win",
                "Take 5 · {n} rounds · fewest bullheads win",
                played,
            ).format(n=played),
            "rows": [
                (
                    _("You") if s == me else names[s],
                    ngettext("{n} bullhead", "{n} bullheads", totals[s]).format(n=totals[s]),
                    s in winners,
                    [str(e["bullheads"][s]) for e in rounds],
                )
                for s in order
            ],
            "columns": [str(e["round"]) for e in rounds],
            "columns_title": _("Bullheads in each round"),
        }

    @classmethod
    def shots(cls, app, shot, seed: int) -> None:
        """table.png (a card selected), reveal.png, row-choice.png, privacy.png
        (couch), results.png."""
        from client.tables.take5 import shots

        shots.take(app, shot, seed)

    # ------------------------------------------------------------------ geometry
    def layout(self) -> None:
        """Scale the 1280×720 design to the window, keeping card proportions."""
        layout.sizes(self)

    def hand_slot(self, i: int, n: int) -> pygame.Rect:
        return layout.hand_slot(self, i, n)

    def play_button(self) -> pygame.Rect:
        return layout.play_button(self)

    def message_pos(self) -> tuple[int, int]:
        if self.room_view:  # under the reveal, over the prompt
            return (self.s(1002), self.s(590))
        return (self.s(835), self.s(400))

    # ------------------------------------------------------------------ decisions
    def my_decision(self) -> str | None:
        """ "choose" (a card), "row" (a row to take) or None: what the host awaits
        from the shown seat, as its legal actions say."""
        if not self.my_turn():
            return None
        if self.seat.can(type="take-row"):
            return "row"
        if self.seat.can(type="choose"):
            return "choose"
        return None

    def lit(self) -> list[dict]:
        """The rows to take, or the hand's cards (only the selected one once a card is
        selected)."""
        if not self.deciding():
            return []
        if self.my_decision() == "row":
            return self.choices(type="take-row")
        if self.selected is not None:
            return self.choices(type="choose", card=self.selected)
        return self.choices(type="choose")

    def on_reset(self) -> None:
        layout.sizes(self)  # a room's public table and a screen player's view differ
        self.placed = set()
        if self.selected not in self.board.get("hand", []):
            self.selected = None

    def previewed(self) -> int | None:
        """The card whose landing is previewed: the hand card under the pointer, else
        the selected one (only while choosing a card)."""
        if self.my_decision() != "choose" or not self.timeline.idle:
            return None
        hand = self.board.get("hand", [])
        if self.pointer is not None:
            for c, rect in zip(hand, self.hand_rects(), strict=True):
                lift = -self.s(24) if c == self.selected else 0
                if rect.move(0, lift).collidepoint(self.pointer):
                    return c
        return self.selected

    def preview(self) -> dict | None:
        """:func:`landing` of :meth:`previewed` on the board's rows, with ``card``."""
        c = self.previewed()
        if c is None:
            return None
        return dict(landing(self.board["rows"], c), card=c)

    def clear_selection(self) -> bool:
        """Close your pile, or drop the selected card (not a chosen one: that is sent)."""
        if self.pile_open:
            self.pile_open = False
            return True
        if self.selected is not None:
            self.selected = None
            return True
        return False

    # ------------------------------------------------------------------ input
    def pending(self, seat: int) -> bool:
        """No seat decides while the round-over box shows."""
        return self.round_summary_t <= 0

    def handle_event(self, event: pygame.event.Event) -> None:
        """P or a click on your own panel opens (and closes) your penalty pile, at any
        time; while it is open a click closes it."""
        mine = self.me is not None and self.board is not None and not self.viewer
        if mine and not self.help_open and self.privacy_for is None and not self.leaving.open:
            key = event.type == pygame.KEYDOWN and event.key == pygame.K_p
            up = event.type == pygame.MOUSEBUTTONUP and event.button == 1
            if key or (
                up and (self.pile_open or layout.player_rect(self, self.me).collidepoint(event.pos))
            ):
                self.pile_open = not self.pile_open
                return
        super().handle_event(event)

    def handle_table_event(self, event: pygame.event.Event) -> None:
        decision = self.my_decision()
        if decision == "choose":
            self.choose_input(event)
        elif decision == "row":
            self.row_input(event)

    def choose_input(self, event: pygame.event.Event) -> None:
        hand = self.board.get("hand", [])
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.play_button().collidepoint(event.pos) and self.selected is not None:
                self.play()
                return
            if self.hand_settling():
                return  # the hand just moved under the pointer: not the card seen there
            for c, rect in zip(hand, self.hand_rects(), strict=True):
                lift = -self.s(24) if c == self.selected else 0
                if rect.move(0, lift).collidepoint(event.pos):
                    if c == self.selected:
                        self.play()
                    else:
                        self.selected = c
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
                i = hand.index(self.selected) if self.selected in hand else -1
                i = (i + (1 if event.key == pygame.K_RIGHT else -1)) % len(hand)
                self.selected = hand[i]
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE):
                if self.selected in hand:
                    self.play()
                elif hand:  # nothing picked yet: Enter picks the first card (shows
                    self.selected = hand[0]  # its row); Enter again plays it

    def row_input(self, event: pygame.event.Event) -> None:
        rows = [layout.row_rect(self, r) for r in range(4)]
        if event.type == pygame.MOUSEMOTION:
            self.hover_row = next((r for r in range(4) if rows[r].collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for r in range(4):
                if rows[r].collidepoint(event.pos):
                    self.take_row(r)
        elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_4:
            self.take_row(event.key - pygame.K_1)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if event.key == pygame.K_DOWN else -1
            start = self.hover_row if self.hover_row is not None else (-1 if step > 0 else 0)
            self.hover_row = (start + step) % 4
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            if self.hover_row is not None:
                self.take_row(self.hover_row)

    def play(self) -> None:
        """Choose the selected card (a choice the seat may make now)."""
        if self.selected is None or self.my_decision() != "choose":
            return
        if self.seat.send({"type": "choose", "card": self.selected}):
            self.selected = None

    def take_row(self, r: int) -> None:
        """Take row ``r`` (0..3) for the too-low card."""
        if self.my_decision() == "row" and self.seat.send({"type": "take-row", "row": r}):
            self.hover_row = None

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        super().update(dt)
        for f in self.floaters:
            f[3] -= dt
        self.floaters = [f for f in self.floaters if f[3] > 0]
        if self.round_summary_t > 0:
            self.round_summary_t -= dt

    def flight_image(self, flight) -> pygame.Surface:
        return card(flight.card, self.cw, self.ch, self.min_text)

    def counting(self) -> bool:
        return bool(self.floaters) or self.round_summary_t > 0

    def status_line(self) -> str:
        b = self.board
        if b.get("over"):
            return _("Game over")
        decision = self.my_decision() if self.timeline.idle else None
        if decision == "choose":
            return _("Choose a card: click it, then click again or press Enter")
        if decision == "row":
            c = b["pending"][0][0] if b.get("pending") else "?"
            return _("Your {card} is too low: click a row to take it (or press 1–4)").format(card=c)
        latest = self.latest()
        if latest.get("phase") == "row-choice":
            return _("{name} is choosing a row…").format(name=self.name(latest["row_choice"]))
        waiting = [self.short_name(s) for s in latest.get("awaiting", [])]
        if waiting and self.timeline.idle:
            if len(waiting) > 3:
                return _("Waiting for {n} players to choose…").format(n=len(waiting))
            return _("Waiting for {names}…").format(names=", ".join(waiting))
        return ""
