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
from client.anim import Beat, Flight
from client.i18n import _, ngettext
from client.tables import sequence_numbers_draw as draw
from client.tables import sequence_numbers_moves as moves
from client.tables import sequence_numbers_paint as paint
from client.tables.base import TableScene, headline

SIZE = 10
BOARD_X, BOARD_Y, CELL = 24, 60, 62
PANEL_X, PANEL_W = 676, 588
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

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        draw.reset_caches()
        paint.reset_caches()
        self.layout()
        self.selected: int | None = None  # index in the shown hand
        self.selected_face: str | None = None
        self.cursor: tuple[int, int] = (4, 4)
        self.flash: tuple[list, int] | None = None  # a sequence being completed
        self.note, self.note_t = "", 0.0

    def layout(self) -> None:
        """Scale the 1280×720 design to the window by the smaller ratio (board
        cells, chips and cards keep their proportions)."""
        self.k = min(self.w / 1280, self.h / 720)
        self.cell = self.s(CELL)
        self.chip_r = draw.chip_radius(self.cell)
        self.cw, self.ch = self.s(96), self.s(130)

    # ------------------------------------------------------------------ results
    @staticmethod
    def summary(view: dict, names: list[str], me: int | None) -> dict:
        """Everyone with the sequences of their colour, the winning colour first
        (sequence-numbers.md "Goal")."""
        winners = set(view.get("winners", []))
        colours, counts = view["colours"], view["sequence_counts"]
        order = sorted(
            range(len(names)), key=lambda s: (s not in winners, -counts[colours[s]], colours[s], s)
        )
        if view.get("draw"):
            subtitle = _("The cards ran out: a draw")
        else:
            subtitle = ngettext(
                "Sequence Numbers · {n} sequence wins",
                "Sequence Numbers · {n} sequences win",
                view["needed"],
            ).format(n=view["needed"])
        rows = []
        for s in order:
            n = counts[colours[s]]
            value = ngettext("{team} · {n} sequence", "{team} · {n} sequences", n).format(
                team=draw.team_name(colours[s]), n=n
            )
            rows.append((_("You") if s == me else names[s], value, s in winners))
        if me is None and len(winners) > 1:
            # A team: name its colour rather than every member (long names overflow).
            title = _("Team {team} wins!").format(team=draw.team_name(colours[min(winners)]))
        else:
            title = headline(winners, names, me)
        return {"headline": title, "subtitle": subtitle, "rows": rows}

    # ------------------------------------------------------------------ geometry
    def s(self, v: float) -> int:
        return int(v * self.k)

    def cell_rect(self, r: int, c: int) -> pygame.Rect:
        return pygame.Rect(
            self.s(BOARD_X) + c * self.cell, self.s(BOARD_Y) + r * self.cell, self.cell, self.cell
        )

    def cell_at(self, pos) -> tuple[int, int] | None:
        x, y = pos[0] - self.s(BOARD_X), pos[1] - self.s(BOARD_Y)
        if 0 <= x < SIZE * self.cell and 0 <= y < SIZE * self.cell:
            return (y // self.cell, x // self.cell)
        return None

    def chip_point(self, r: int, c: int) -> tuple[int, int]:
        return draw.chip_center(self.cell_rect(r, c))

    def seat_rect(self, seat: int) -> pygame.Rect:
        n = self.board["players"] if self.board else 4
        rh = min(self.s(46), self.s(276) // max(1, n))
        return pygame.Rect(
            self.s(PANEL_X), self.s(102) + seat * rh, self.s(PANEL_W), rh - self.s(4)
        )

    def seat_chip_point(self, seat: int) -> tuple[int, int]:
        rect = self.seat_rect(seat)
        return (rect.x + self.s(18), rect.centery)

    def discard_rect(self, seat: int) -> pygame.Rect:
        rect = self.seat_rect(seat)
        return pygame.Rect(
            rect.right - self.s(98), rect.y + self.s(4), self.s(92), rect.h - self.s(8)
        )

    def deck_point(self) -> tuple[int, int]:
        return (self.s(PANEL_X + 13), self.s(394))

    def hand_slot(self, i: int, n: int) -> pygame.Rect:
        return pygame.Rect(self.s(PANEL_X) + i * self.s(104), self.s(526), self.cw, self.ch)

    def dead_button(self) -> pygame.Rect:
        return pygame.Rect(self.s(PANEL_X), self.s(668), self.s(290), self.s(40))

    def discard_button(self) -> pygame.Rect:
        return pygame.Rect(self.s(PANEL_X + 298), self.s(668), self.s(290), self.s(40))

    def message_pos(self) -> tuple[int, int]:
        return (self.s(PANEL_X + PANEL_W // 2), self.s(430))

    # ------------------------------------------------------------------ state helpers
    @property
    def me(self) -> int | None:
        return self.perspective

    def my_decision(self) -> bool:
        """Whether the shown seat must act now (from its latest view)."""
        if self.me is None or not self.board or self.board.get("over"):
            return False
        latest = self.session.mirrors[self.me].view or {}
        return not latest.get("over") and self.me in latest.get("awaiting", [])

    def deciding(self) -> bool:
        return self.timeline.idle and self.my_decision()

    def hand(self) -> list[str]:
        return self.board.get("hand", []) if self.board else []

    def selected_card(self) -> str | None:
        hand = self.hand()
        if self.selected is not None and self.selected < len(hand):
            return hand[self.selected]
        return None

    def targets(self) -> list[tuple[int, int]]:
        face = self.selected_card()
        return moves.targets(self.board, face) if face else []

    def stuck(self) -> bool:
        return self.deciding() and not moves.can_play(self.board)

    def dead_choice(self) -> str | None:
        """The card D trades in: the selected one if dead, else the first dead one."""
        if not self.deciding():
            return None
        face = self.selected_card()
        if face and moves.is_tradeable(self.board, face):
            return face
        return next((f for f in self.hand() if moves.is_tradeable(self.board, f)), None)

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
        self.session.send(self.me, action)
        self.selected, self.selected_face = None, None

    def place(self, space: tuple[int, int]) -> None:
        """Play the selected card on ``space`` (a chip, or Minus: remove that chip)."""
        face = self.selected_card()
        if face is None:
            self.show_error(_("Pick a card first (click it, or 1–5 / Tab)"))
            return
        if space not in self.targets():
            self.show_error(moves.refusal(self.board, face, space))
            return
        kind = "remove" if face == "minus" else "chip"
        self.send({"type": kind, "card": face, "row": space[0], "col": space[1]})

    def click_space(self, space: tuple[int, int]) -> None:
        self.cursor = space
        if self.selected is not None:
            self.place(space)
            return
        # No card picked yet: pick the equation card this space answers, if any.
        for i, face in enumerate(self.hand()):
            if face not in ("plus", "minus") and space in moves.targets(self.board, face):
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
        if not self.my_decision():
            return
        hand = self.hand()
        if event.type == pygame.MOUSEMOTION:
            cell = self.cell_at(event.pos)
            if cell is not None:
                self.cursor = cell
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.dead_choice() and self.dead_button().collidepoint(event.pos):
                self.trade_dead()
                return
            if self.stuck() and self.discard_button().collidepoint(event.pos):
                self.discard_stuck()
                return
            for i in range(len(hand)):
                if self.hand_slot(i, len(hand)).collidepoint(event.pos):
                    self.select(i)
                    return
            cell = self.cell_at(event.pos)
            if cell is not None:
                self.click_space(cell)
        elif event.type == pygame.KEYDOWN:
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

    # ------------------------------------------------------------------ events → beats
    def beats_for(self, events: list[dict]) -> list[Beat]:
        beats: list[Beat] = []
        for e in events:
            t = e["type"]
            if t == "move":
                src, dst = e["from"], e["to"]
                if src.startswith("hand/") and dst.startswith("discard/"):
                    beats.append(self._discard_beat(int(src[5:]), e.get("cards") or []))
                elif src == "deck" and dst.startswith("hand/"):
                    beats.append(self._draw_beat(int(dst[5:]), e.get("cards"), e["count"]))
                elif src.startswith("discard/") and dst == "deck":
                    beats.append(self._collect_beat(int(src[8:]), e["count"]))
            elif t == "chip":
                beats.append(Beat(0.0, finish=lambda: self.sfx("card")))
                beats.append(self._chip_beat(e))
            elif t == "remove":
                beats.append(Beat(0.0, finish=lambda: self.sfx("card")))
                beats.append(self._remove_beat(e))
            elif t == "sequence":
                beats.append(Beat(0.0, finish=lambda: self.sfx("sequence")))
                beats.append(self._sequence_beat(e))
            elif t == "game-end" and e.get("winners"):
                beats.append(Beat(0.0, finish=lambda: self.sfx("win")))
            elif t == "dead":
                beats.append(
                    self._note_beat(
                        _("{name}: dead card {card} traded in").format(
                            name=self.who(e["seat"]), card=draw.face_text(e["card"])
                        )
                    )
                )
            elif t == "no-play":
                beats.append(
                    self._note_beat(
                        _("{name} cannot play: {card} discarded").format(
                            name=self.who(e["seat"]), card=draw.face_text(e["card"])
                        )
                    )
                )
            elif t == "reshuffle":
                beats.append(self._note_beat(_("The discards are shuffled into a new deck")))
            elif t == "turn":
                beats.append(Beat(0.0, finish=lambda seat=e["seat"]: self._turn(seat)))
        return beats

    def who(self, seat: int, full: bool = False) -> str:
        """ "You" for the shown seat (on a couch: that player's name), else the name."""
        if seat == self.me and not self.couch:
            return _("You")
        return self.name(seat) if full else self.short_name(seat)

    def short_name(self, seat: int) -> str:
        """ "Bot 3 (hard)" → "Bot 3"."""
        return self.name(seat).split(" (")[0][:14]

    def show_note(self, text: str) -> None:
        self.note, self.note_t = text, 2.5

    def _note_beat(self, text: str) -> Beat:
        return Beat(0.5, begin=lambda: self.show_note(text) or [])

    def _turn(self, seat: int) -> None:
        self.board["turn"] = seat
        self.board["awaiting"] = [seat]
        self.board["dead_used"] = False

    def _discard_beat(self, seat: int, faces: list[str]) -> Beat:
        face = faces[0] if faces else None

        def begin():
            b = self.board
            src = self.seat_rect(seat).center
            if seat == self.me and face in b.get("hand", []):
                i = b["hand"].index(face)
                src = self.hand_slot(i, len(b["hand"])).center
                del b["hand"][i]
                if face in b.get("dead", []):
                    b["dead"].remove(face)
                self.selected, self.selected_face = None, None
            b["hand_sizes"][seat] = max(0, b["hand_sizes"][seat] - 1)
            if face is None:
                return []
            return [Flight(("card", face), src, self.discard_rect(seat).center, 0.35)]

        def finish():
            if face is not None:
                self.board["discards"][seat].append(face)

        return Beat(0.4, begin=begin, finish=finish)

    def _draw_beat(self, seat: int, faces: list[str] | None, count: int) -> Beat:
        def begin():
            if seat == self.me and faces:
                n = len(self.hand())
                dst = self.hand_slot(n, n + 1).center
                return [Flight(("card", faces[0]), self.deck_point(), dst, 0.3)]
            return [Flight(("back",), self.deck_point(), self.seat_rect(seat).center, 0.3)]

        def finish():
            b = self.board
            b["deck_size"] = max(0, b["deck_size"] - count)
            b["hand_sizes"][seat] += count
            if seat == self.me and faces:
                b["hand"].extend(faces)

        return Beat(0.32, begin=begin, finish=finish)

    def _collect_beat(self, seat: int, count: int) -> Beat:
        def finish():
            self.board["discards"][seat] = []
            self.board["deck_size"] += count

        return Beat(0.15, finish=finish)

    def _chip_beat(self, e: dict) -> Beat:
        seat, colour, r, c = e["seat"], e["colour"], e["row"], e["col"]

        def begin():
            return [
                Flight(("chip", colour), self.seat_chip_point(seat), self.chip_point(r, c), 0.4)
            ]

        def finish():
            self.board["chips"][r][c] = colour

        return Beat(0.45, begin=begin, finish=finish)

    def _remove_beat(self, e: dict) -> Beat:
        seat, colour, r, c = e["seat"], e["colour"], e["row"], e["col"]

        def begin():
            self.board["chips"][r][c] = None
            self.show_note(
                _("{name} plays Minus: a {team} chip is removed").format(
                    name=self.who(seat), team=draw.team_name(colour)
                )
            )
            return [
                Flight(("chip", colour), self.chip_point(r, c), self.seat_chip_point(seat), 0.45)
            ]

        return Beat(0.6, begin=begin)

    def _sequence_beat(self, e: dict) -> Beat:
        spaces, colour = e["spaces"], e["colour"]

        def begin():
            self.flash = (spaces, colour)
            self.show_note(_("{team} completes a sequence!").format(team=draw.team_name(colour)))
            return []

        def finish():
            b = self.board
            self.flash = None
            b["sequences"][colour].append(spaces)
            b["sequence_counts"][colour] += 1
            for r, c in spaces:
                if [r, c] not in b["corners"]:
                    b["locked"][r][c] = True

        return Beat(1.1, begin=begin, finish=finish, label="sequence")

    # ------------------------------------------------------------------ frame
    def draw_flight(self, surface, flight, pos) -> None:
        kind = flight.card[0]
        if kind == "chip":
            img = draw.chip(flight.card[1], self.chip_r)
        elif kind == "card":
            img = draw.mini_card(flight.card[1], self.s(92), self.s(34))
        else:
            img = cards.card_back(self.s(26), self.s(36))
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def draw_board(self, surface: pygame.Surface) -> None:
        paint.draw_table(self, surface)

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
                return _("Team {team} wins!").format(team=draw.team_name(colour))
            if winners[0] == self.me and not self.couch:
                return _("You win!")
            return _("{name} wins!").format(name=self.name(winners[0]))
        if not self.timeline.idle:
            return ""
        if not self.my_decision():
            latest = (self.mirror.view or b) if self.me is not None else b
            turn = latest.get("turn", b["turn"])
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
                ).format(card=draw.face_text(dead))
            return _(
                "Your turn: pick a card (click, 1–{n} or Tab), then click a lit space "
                "(or arrows + Enter)"
            ).format(n=n)
        if self.stuck():
            return _("Discard {card} with X: no card can be played").format(
                card=draw.face_text(face)
            )
        if moves.is_tradeable(self.board, face):
            return _(
                "{card} is dead: both its spaces are covered. Press D to trade it in for a new card"
            ).format(card=draw.face_text(face))
        if face == "plus":
            return _("Plus: place a chip on any open space (click, or arrows + Enter)")
        if face == "minus":
            if not self.targets():
                return _("Minus: no opponent chip can be removed now; pick another card")
            return _("Minus: click an opponent chip to remove it (ringed chips are locked)")
        if not self.targets():
            return _("{card}: both spaces are covered; pick another card").format(
                card=draw.face_text(face)
            )
        return _("{card}: place a chip on a lit space (click, or arrows + Enter)").format(
            card=draw.face_text(face)
        )

    # ------------------------------------------------------------------ screenshots
    @classmethod
    def shots(cls, app, shot, seed: int) -> None:
        """selected.png (a card's spaces lit), minus.png, sequence.png (a completed,
        locked sequence mid-game), privacy.png (couch), results.png."""
        from client.tables.sequence_numbers_shots import take_screenshots

        take_screenshots(cls, app, shot, seed)
