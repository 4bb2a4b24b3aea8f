"""The Sequence Numbers table: the 10×10 board of answers, chips in team colours, your
equation cards, every player's discard pile (sequence-numbers.md).

Layout at 1280×720 (scaled): the board on the left with the number-group legend
under it; on the right the sequences per colour, one row per player (chip colour and
shape, cards in hand, discard pile), the deck, the prompt, your hand and the
dead-card / no-play buttons.

Input: pick a card (click it, 1–5 or Tab): the spaces it may take light up. Then click
a lit space, or move the cursor with the arrows and press Enter. D trades in a dead
card; X discards a card when none can be played.
"""

from __future__ import annotations

import pygame

from client import cards
from client.i18n import _, ngettext
from client.tables.base import TableScene, headline
from client.tables.sequence_numbers import beats, faces, layout, paint
from client.tables.sequence_numbers.layout import SIZE

ARROWS = {
    pygame.K_UP: (-1, 0),
    pygame.K_DOWN: (1, 0),
    pygame.K_LEFT: (0, -1),
    pygame.K_RIGHT: (0, 1),
}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class SequenceNumbersTable(TableScene):
    """Sequence Numbers: pick a card, place a chip on a space showing its answer (Plus:
    any open space; Minus: remove an opponent chip); five in a row make a sequence."""

    game_id = "sequence-numbers"
    name_cut = 14
    paint = paint
    beats = beats

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.layout()
        self.selected: int | None = None  # index in the shown hand
        self.selected_face: str | None = None
        self.cursor: tuple[int, int] = (4, 4)
        self.flash: tuple[list, int] | None = None  # a sequence being completed
        #: The space the last chip went on or left (None before): a room table rings it.
        self.last_space: tuple[int, int] | None = None
        self._chips: list | None = None

    def layout(self) -> None:
        """Board cells, chips and cards at the window's scale (proportions kept)."""
        layout.sizes(self)

    @staticmethod
    def summary(view: dict, names: list[str], me: int | None, story: list[dict] = ()) -> dict:
        """The sequences of each colour, the winning colour first
        (sequence-numbers.md "Goal"): one row per team at 4 and 6 players (the team
        named by its colour), else one per player."""
        winners = set(view.get("winners", []))
        colours, counts = view["colours"], view["sequence_counts"]
        if view.get("draw"):
            subtitle = _("The cards ran out: a draw")
        else:
            subtitle = ngettext(
                "Sequence Numbers · {n} sequence wins",
                "Sequence Numbers · {n} sequences win",
                view["needed"],
            ).format(n=view["needed"])
        teams = len(set(colours)) < len(colours)
        groups = {}
        for s in range(len(names)):
            groups.setdefault(colours[s] if teams else s, []).append(s)
        order = sorted(
            groups.values(),
            key=lambda g: (not set(g) & winners, -counts[colours[g[0]]], colours[g[0]], g[0]),
        )
        rows = []
        for g in order:
            c = colours[g[0]]
            n = counts[c]
            value = ngettext("{team} · {n} sequence", "{team} · {n} sequences", n).format(
                team=faces.team_name(c), n=n
            )
            who = " & ".join(
                _("You") if s == me else (names[s].split(" (")[0] if teams else names[s]) for s in g
            )
            rows.append((who, value, bool(set(g) & winners)))
        if teams and winners:
            team = faces.team_name(colours[min(winners)])
            if me is not None and me in winners:
                title = _("Your team wins!")
            else:
                title = _("Team {team} wins!").format(team=team)
        else:
            title = headline(winners, names, me)
        return {"headline": title, "subtitle": subtitle, "rows": rows}

    @classmethod
    def shots(cls, app, shot, seed: int) -> None:
        """selected.png (a card's spaces lit), minus.png, plus.png, dead.png,
        sequence.png (a completed, locked sequence mid-game), privacy.png and
        couch-turn.png (couch), results.png."""
        from client.tables.sequence_numbers import shots

        shots.take(app, shot, seed)

    # ------------------------------------------------------------------ geometry
    def cell_rect(self, r: int, c: int) -> pygame.Rect:
        return layout.cell_rect(self, r, c)

    def hand_slot(self, i: int, n: int) -> pygame.Rect:
        return layout.hand_slot(self, i, n)

    def dead_button(self) -> pygame.Rect:
        return layout.dead_button(self)

    def discard_button(self) -> pygame.Rect:
        return layout.discard_button(self)

    def message_pos(self) -> tuple[int, int]:
        return (self.s(layout.PANEL_X + layout.PANEL_W // 2), self.s(430))

    # ------------------------------------------------------------------ decisions
    def hand(self) -> list[str]:
        return self.board.get("hand", []) if self.board else []

    def selected_card(self) -> str | None:
        hand = self.hand()
        if self.selected is not None and self.selected < len(hand):
            return hand[self.selected]
        return None

    def targets_for(self, face: str) -> list[tuple[int, int]]:
        """The spaces ``face`` may take now (a chip, or Minus: a chip to remove), from
        the seat's legal actions."""
        return [(a["row"], a["col"]) for a in self.choices(card=face) if "row" in a]

    def targets(self) -> list[tuple[int, int]]:
        face = self.selected_card()
        return self.targets_for(face) if face else []

    def can_play(self) -> bool:
        """Whether some card may be played on the board now."""
        return bool(self.choices(type="chip") or self.choices(type="remove"))

    def stuck(self) -> bool:
        """Whether no card can be played: one is discarded instead."""
        return self.deciding() and bool(self.choices(type="discard"))

    def dead_choice(self) -> str | None:
        """The card D trades in: the selected one if dead, else the first dead one."""
        if not self.deciding():
            return None
        face = self.selected_card()
        if face and self.choices(type="dead", card=face):
            return face
        return next((f for f in self.hand() if self.choices(type="dead", card=f)), None)

    def lit(self) -> list[dict]:
        """The selected card's spaces (every card's, none selected), the dead card to
        trade in, the card to discard when none can be played."""
        if not self.deciding():
            return []
        face = self.selected_card()
        card = {"card": face} if face else {}
        out = [a for a in self.choices(**card) if "row" in a]
        dead = self.dead_choice()
        if dead:
            out += self.choices(type="dead", card=dead)
        if self.stuck():
            out += self.choices(type="discard", **card)
        return out

    def on_reset(self) -> None:
        hand = self.hand()
        if self.selected_face is None or self.selected_face not in hand:
            self.selected, self.selected_face = None, None
        elif (
            self.selected is None
            or self.selected >= len(hand)
            or hand[self.selected] != self.selected_face
        ):
            self.selected = hand.index(self.selected_face)
        self.flash = None
        chips = self.board.get("chips")
        if chips and self._chips and len(chips) == len(self._chips):
            changed = [
                (r, c)
                for r, row in enumerate(chips)
                for c, chip in enumerate(row)
                if chip != self._chips[r][c]
            ]
            if changed:
                self.last_space = changed[0]
        self._chips = [list(row) for row in chips] if chips else None

    def clear_selection(self) -> bool:
        """Drop the picked card."""
        had = self.selected is not None
        self.selected, self.selected_face = None, None
        return had

    def select(self, i: int | None) -> None:
        """Select hand card ``i`` (again: unselect); the cursor jumps to its nearest
        space."""
        hand = self.hand()
        if i is None or i >= len(hand) or i == self.selected:
            self.selected, self.selected_face = None, None
            return
        self.selected, self.selected_face = i, hand[i]
        spots = self.targets()
        if spots and self.cursor not in spots:
            r0, c0 = self.cursor
            self.cursor = min(spots, key=lambda p: (abs(p[0] - r0) + abs(p[1] - c0), p))

    # ------------------------------------------------------------------ actions
    def send(self, action: dict) -> None:
        if self.seat.send(action):
            self.selected, self.selected_face = None, None

    def place(self, space: tuple[int, int]) -> None:
        """Play the selected card on ``space`` (a chip, or Minus: remove that chip)."""
        face = self.selected_card()
        if face is None:
            self.show_error(_("Pick a card first (click it, or 1–5 / Tab)"))
            return
        if space not in self.targets():
            self.show_error(self.why_not(face, space))
            return
        kind = "remove" if face == "minus" else "chip"
        self.send({"type": kind, "card": face, "row": space[0], "col": space[1]})

    def why_not(self, face: str, space: tuple[int, int]) -> str:
        """Why ``face`` may not go on ``space``, in words (sequence-numbers.md)."""
        b = self.board
        r, c = space
        chip = b["chips"][r][c]
        if face == "minus":
            if chip is None:
                return _("Minus removes an opponent chip: pick a space that holds one")
            if chip == b.get("colour"):
                return _("That chip is your own colour")
            return _("That chip is in a completed sequence: it can never be removed")
        if [r, c] in b["corners"]:
            return _("A free corner takes no chip: it counts for everyone")
        if chip is not None:
            return _("That space is already covered")
        return _("{card} does not make {n}: pick a lit space").format(
            card=faces.face_text(face), n=b["board"][r][c]
        )

    def click_space(self, space: tuple[int, int]) -> None:
        self.cursor = space
        if self.selected is not None:
            self.place(space)
            return
        # No card picked yet: pick the equation card this space answers, if any.
        for i, face in enumerate(self.hand()):
            if face not in ("plus", "minus") and space in self.targets_for(face):
                self.select(i)
                return
        self.show_error(_("Pick a card first (click it, or 1–5 / Tab)"))

    def trade_dead(self) -> None:
        face = self.dead_choice()
        if face is None:
            self.show_error(
                _(
                    "No dead card to trade in (a card is dead when both spaces "
                    "of its answer are covered)"
                )
            )
            return
        self.send({"type": "dead", "card": face})

    def discard_stuck(self) -> None:
        face = self.selected_card()
        if not self.stuck():
            self.show_error(_("A card can still be played: a card is discarded only when none can"))
        elif face is None:
            self.show_error(_("Pick the card to discard first"))
        else:
            self.send({"type": "discard", "card": face})

    # ------------------------------------------------------------------ input
    def handle_table_event(self, event: pygame.event.Event) -> None:
        if not self.deciding():
            return
        hand = self.hand()
        if event.type == pygame.MOUSEMOTION:
            cell = layout.cell_at(self, event.pos)
            if cell is not None:
                self.cursor = cell
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dead_choice() and self.dead_button().collidepoint(event.pos):
                self.trade_dead()
                return
            if self.stuck() and self.discard_button().collidepoint(event.pos):
                self.discard_stuck()
                return
            rects = [] if self.hand_settling() else self.hand_rects()
            for i in range(len(rects)):
                if rects[i].collidepoint(event.pos):
                    self.select(i)
                    return
            cell = layout.cell_at(self, event.pos)
            if cell is not None:
                self.click_space(cell)
        elif event.type == pygame.KEYDOWN:
            self.key_input(event, hand)

    def key_input(self, event: pygame.event.Event, hand: list[str]) -> None:
        if event.key in ARROWS:
            dr, dc = ARROWS[event.key]
            r, c = self.cursor
            self.cursor = ((r + dr) % SIZE, (c + dc) % SIZE)
        elif pygame.K_1 <= event.key <= pygame.K_9:
            i = event.key - pygame.K_1
            if i < len(hand):
                self.select(i)
        elif event.key == pygame.K_TAB and hand:
            step = -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
            start = self.selected if self.selected is not None else (-1 if step > 0 else 0)
            self.select((start + step) % len(hand))
        elif event.key in ENTER:
            self.place(self.cursor)
        elif event.key == pygame.K_d:
            self.trade_dead()
        elif event.key == pygame.K_x:
            self.discard_stuck()

    # ------------------------------------------------------------------ frame
    def flight_image(self, flight) -> pygame.Surface:
        kind, what = flight.card[0], flight.card[-1]
        if kind == "chip":
            return faces.chip(what, self.chip_r)
        if kind == "card":
            if self.room_view:  # the size of the room's discard piles
                return faces.mini_card(what, self.s(150), self.s(50))
            return faces.mini_card(what, self.s(92), self.s(34))
        return cards.card_back(self.s(26), self.s(36))

    # ------------------------------------------------------------------ prompt
    def status_line(self) -> str:
        """The one obvious prompt for whoever looks at the screen."""
        b = self.board
        if b.get("over"):
            if b.get("draw"):
                return _("The cards ran out: a draw")
            winners = b.get("winners") or [0]
            if b["teams"] < b["players"]:
                colour = b["colours"][winners[0]]
                return _("Team {team} wins!").format(team=faces.team_name(colour))
            if winners[0] == self.me and not self.named:
                return _("You win!")
            return _("{name} wins!").format(name=self.name(winners[0]))
        if not self.timeline.idle:
            return ""
        if not self.my_turn():
            turn = self.latest().get("turn", b["turn"])
            return _("{name} is playing…").format(name=self.name(turn))
        n = len(self.hand())
        face = self.selected_card()
        if face is None:
            if self.stuck():
                return _("No card can be played: pick one to discard, then X or the button")
            dead = self.dead_choice()
            if dead:
                return _(
                    "Your turn. {card} is dead (both its spaces are covered): press D "
                    "to trade it in, or pick a card"
                ).format(card=faces.face_text(dead))
            return _(
                "Your turn: pick a card (click, 1–{n} or Tab), then click a lit space "
                "(or arrows + Enter)"
            ).format(n=n)
        if self.stuck():
            return _("Discard {card} with X: no card can be played").format(
                card=faces.face_text(face)
            )
        if self.seat.can(type="dead", card=face):
            return _(
                "{card} is dead: both its spaces are covered. Press D to trade it in for a new card"
            ).format(card=faces.face_text(face))
        if face == "plus":
            return _("Plus: place a chip on any open space (click, or arrows + Enter)")
        if face == "minus":
            if not self.targets():
                return _("Minus: no opponent chip can be removed now; pick another card")
            return _("Minus: click an opponent chip to remove it (ringed chips are locked)")
        if not self.targets():
            return _("{card}: both spaces are covered; pick another card").format(
                card=faces.face_text(face)
            )
        return _("{card}: place a chip on a lit space (click, or arrows + Enter)").format(
            card=faces.face_text(face)
        )
