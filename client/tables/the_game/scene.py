"""The Game's table: four piles (two up from 1, two down from 100), your hand, the
team, the draw pile, pile signals (the-game.md).

Layout at 1280×720 (scaled): the team and the draw pile on the left with the End
turn / Declare blocked button under them; the four piles across the top, each with
its direction (arrow, word and key), its top card large, the cards beneath, every
seat's signal and your own two signal toggles; the prompt; your hand along the
bottom; the key legend.

Input: pick a card (click it, 1–8, ←/→): the piles it may go on light up (a
backwards trick is marked). Then click a lit pile or press its key A/S/D/F (keypad
1–4; Enter when only one pile fits). E ends the turn once the minimum is played; B
declares the block when nothing fits. Signals: click a pile's toggle, or Shift+key
(please don't play here) / Ctrl+key (I can play well here) — at any time, also out
of turn; on a couch the public view signals for a chosen player (Tab).
"""

from __future__ import annotations

import pygame

from client import cards
from client.i18n import _, ngettext
from client.tables.base import TableScene
from client.tables.the_game import beats, layout, paint
from client.tables.the_game.faces import card
from client.tables.the_game.layout import ASCENDING, PILES

PILE_KEYS = {
    pygame.K_a: 0,
    pygame.K_s: 1,
    pygame.K_d: 2,
    pygame.K_f: 3,
    pygame.K_KP1: 0,
    pygame.K_KP2: 1,
    pygame.K_KP3: 2,
    pygame.K_KP4: 3,
}
ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
SHIFT = pygame.KMOD_SHIFT
CTRL = pygame.KMOD_CTRL


class TheGameTable(TableScene):
    """The Game: play at least the minimum onto the four piles, then end the turn;
    declare the block when nothing fits. Everyone plays together."""

    game_id = "the-game"
    paint = paint
    beats = beats
    #: ~190 small actions a game (every card, signal and end of turn): keep an
    #: --autoquit run short.
    autoquit_bot_delay = 0.08

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.selected: int | None = None  # a card number in the shown hand
        self.couch_signaller = session.local_seats[0] if session.local_seats else None
        #: The pile the last card went on (None before one did): a room table frames it.
        self.last_pile: str | None = None
        self._pile_sizes: dict[str, int] | None = None

    @staticmethod
    def summary(view: dict, names: list[str], me: int | None, story: list[dict] = ()) -> dict:
        """The team's result: cards not played (hands + draw pile); 0 is a victory,
        fewer than 10 is excellent (the-game.md "End"). One row per player with the
        cards left in hand, then the draw pile."""
        left = view["cards_left"]
        won = left == 0
        if won:
            title = _("Victory! All 98 cards played")
        elif left < 10:
            title = ngettext(
                "Excellent! Only {n} card left", "Excellent! Only {n} cards left", left
            ).format(n=left)
        else:
            title = ngettext("Blocked: {n} card left", "Blocked: {n} cards left", left).format(
                n=left
            )
        subtitle = _("The Game · the team's result: cards not played (fewer than 10 is excellent)")
        rows = []
        for s in range(len(names)):
            n = view["hand_sizes"][s]
            rows.append(
                (
                    _("You") if s == me else names[s],
                    ngettext("{n} card left in hand", "{n} cards left in hand", n).format(n=n),
                    won,
                )
            )
        rows.append(
            (
                _("Draw pile"),
                ngettext("{n} card", "{n} cards", view["deck"]).format(n=view["deck"]),
                False,
            )
        )
        return {"headline": title, "subtitle": subtitle, "rows": rows, "ranked": False}

    @classmethod
    def shots(cls, app, shot, seed: int) -> None:
        """selected.png (a card picked, its piles lit), trick.png (a backwards trick
        lit), signals.png, blocked.png (the declare-blocked prompt), privacy.png and
        couch-turn.png (couch), results.png, solo.png."""
        from client.tables.the_game import shots

        shots.take(app, shot, seed)

    # ------------------------------------------------------------------ geometry
    def layout(self) -> None:
        """Nothing to keep: :mod:`client.tables.the_game.layout` places every piece
        from the table's scale."""

    def message_pos(self) -> tuple[int, int]:
        return (self.s(778), self.s(654))

    def hand_slot(self, i: int, n: int) -> pygame.Rect:
        return layout.hand_slot(self, i, n)

    def pile_rect(self, i: int) -> pygame.Rect:
        return layout.pile_rect(self, i)

    def toggle_rect(self, i: int, kind: str) -> pygame.Rect:
        return layout.toggle_rect(self, i, kind)

    def action_button(self) -> pygame.Rect:
        return layout.action_button(self)

    # ------------------------------------------------------------------ decisions
    def blocked_now(self) -> bool:
        """Whether the shown seat may only declare the block now."""
        return self.deciding() and bool(self.choices(type="declare-blocked"))

    def piles_for(self, c: int) -> list[str]:
        """Piles card ``c`` may go on now (the seat's legal plays)."""
        return [a["pile"] for a in self.choices(type="play", card=c)]

    def playable_cards(self) -> set[int]:
        return {a["card"] for a in self.choices(type="play")}

    def selected_choice(self) -> tuple[int, list[str]] | None:
        """(selected card, piles it may go on) while deciding, else None."""
        if self.selected is None or not self.deciding():
            return None
        return self.selected, self.piles_for(self.selected)

    def is_trick(self, c: int, pile: str) -> bool:
        """Whether ``c`` on ``pile`` is a backwards trick (exactly 10 back)."""
        top = self.board["tops"][pile]
        return c == top - 10 if ASCENDING[pile] else c == top + 10

    def can_end(self) -> bool:
        return bool(self.choices(type="end-turn"))

    def button_kind(self) -> str | None:
        """ "blocked", "end", "wait" (minimum not reached) or None (not deciding)."""
        if not self.deciding():
            return None
        if self.blocked_now():
            return "blocked"
        return "end" if self.can_end() else "wait"

    def lit(self) -> list[dict]:
        """The selected card's piles (or every playable card's, when none is selected)
        and the End turn / Declare blocked button when it is active (signals aside)."""
        if not self.deciding():
            return []
        if self.blocked_now():
            return self.choices(type="declare-blocked")
        card = {"card": self.selected} if self.selected is not None else {}
        return self.choices(type="play", **card) + self.choices(type="end-turn")

    def signal_seat(self) -> int | None:
        """The seat whose signals this screen sets: the shown seat, or on a couch's
        public view the chosen local player; None for a watcher, in a solo game, and
        while the seat may not signal (a blocked player declares the block first)."""
        b = self.board
        if b is None or b.get("over") or b["players"] < 2:
            return None  # nobody to tell anything in a solo game
        seat = self.me if self.me is not None else (self.couch_signaller if self.couch else None)
        shown = self.seats.get(seat)
        if shown is None or not any(a["type"] == "signal" for a in shown.legal):
            return None
        return seat

    def on_reset(self) -> None:
        if self.selected not in self.board.get("hand", []):
            self.selected = None
        # The pile the last card went on (a room table frames it): the one that grew.
        sizes = {name: len(cards) for name, cards in self.board.get("piles", {}).items()}
        before = self._pile_sizes or {}
        grown = [name for name, n in sizes.items() if n > before.get(name, n)]
        if grown:
            self.last_pile = grown[-1]
        self._pile_sizes = sizes

    def clear_selection(self) -> bool:
        """Drop the picked card."""
        had, self.selected = self.selected is not None, None
        return had

    # ------------------------------------------------------------------ actions
    def select(self, c: int | None) -> None:
        """Select card ``c`` (again: unselect)."""
        self.selected = None if c is None or c == self.selected else c

    def play_on(self, i: int) -> None:
        """Play the selected card on pile ``i``, or explain why not."""
        c = self.selected
        name = PILES[i]
        if c is None:
            self.show_error(_("Pick a card first (click it, 1–8 or ←/→)"))
            return
        if name not in self.piles_for(c):
            top = self.board["tops"][name]
            if ASCENDING[name]:
                why = _(
                    "{card} does not fit on the UP pile at {top}: higher, or exactly 10 lower"
                ).format(card=c, top=top)
            else:
                why = _(
                    "{card} does not fit on the DOWN pile at {top}: lower, or exactly 10 higher"
                ).format(card=c, top=top)
            self.show_error(why)
            return
        if self.seat.send({"type": "play", "card": c, "pile": name}):
            self.selected = None

    def play_only(self) -> None:
        """Enter: play the selected card on its only pile."""
        if self.selected is None:
            self.show_error(_("Pick a card first (click it, 1–8 or ←/→)"))
            return
        piles = self.piles_for(self.selected)
        if len(piles) == 1:
            self.play_on(PILES.index(piles[0]))
        elif not piles:
            self.show_error(_("{card} fits on no pile now").format(card=self.selected))
        else:
            self.show_error(
                _("{card} fits on several piles: press A, S, D or F").format(card=self.selected)
            )

    def end_turn(self) -> None:
        if self.blocked_now():
            self.show_error(_("Nothing fits: declare the block (B)"))
        elif not self.can_end():
            n = self.board["to_play"]
            self.show_error(
                ngettext(
                    "Play {n} more card before ending your turn",
                    "Play {n} more cards before ending your turn",
                    n,
                ).format(n=n)
            )
        elif self.seat.send({"type": "end-turn"}):
            self.selected = None

    def declare_blocked(self) -> None:
        if not self.blocked_now():
            self.show_error(
                _("You are not blocked: a card still fits, or you have played the minimum")
            )
            return
        self.seat.send({"type": "declare-blocked"})

    def toggle_signal(self, i: int, kind: str) -> None:
        """Set (or, when already set, clear) the signal seat's ``kind`` on pile ``i``."""
        seat = self.signal_seat()
        if seat is None:
            return
        shown = self.seats[seat]
        if shown.view.get("signalled", {}).get(PILES[i], [False] * (seat + 1))[seat]:
            # One change per pile and turn (the-game.md "Communication").
            self.show_error(_("You have already changed your signal on this pile this turn"))
            return
        current = shown.view["signals"][PILES[i]][seat]
        shown.send(
            {"type": "signal", "pile": PILES[i], "signal": None if current == kind else kind}
        )

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        # Signals may be sent at any time, even while cards fly or out of turn.
        free = not self.help_open and self.privacy_for is None and not self.leaving.open
        if (
            event.type == pygame.KEYDOWN
            and event.key in PILE_KEYS
            and getattr(event, "mod", 0) & (SHIFT | CTRL)
            and free
            and self.signal_seat() is not None
        ):
            kind = "dont-play" if event.mod & SHIFT else "can-play-well"
            self.toggle_signal(PILE_KEYS[event.key], kind)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.couch and free:
            if self.me is None:
                seats = self.session.local_seats
                i = seats.index(self.couch_signaller) if self.couch_signaller in seats else -1
                self.couch_signaller = seats[(i + 1) % len(seats)]
                return
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.board
            and free
            and self.click_toggle(event.pos)
        ):
            return
        super().handle_event(event)

    def click_toggle(self, pos) -> bool:
        if self.signal_seat() is None:
            return False
        for i in range(4):
            for kind in ("dont-play", "can-play-well"):
                if self.toggle_rect(i, kind).collidepoint(pos):
                    self.toggle_signal(i, kind)
                    return True
        return False

    def handle_table_event(self, event: pygame.event.Event) -> None:
        if not self.deciding():
            return
        hand = self.board.get("hand", [])
        blocked = self.blocked_now()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.action_button().collidepoint(event.pos):
                if blocked:
                    self.declare_blocked()
                else:
                    self.end_turn()
                return
            rects = [] if self.hand_settling() else self.hand_rects()
            for i in reversed(range(len(rects))):
                rect = rects[i]
                if hand[i] == self.selected:
                    rect = rect.move(0, -self.s(14))
                if rect.collidepoint(event.pos):
                    self.select(hand[i])
                    return
            for i in range(4):
                if self.pile_rect(i).collidepoint(event.pos):
                    self.play_on(i)
                    return
        elif event.type == pygame.KEYDOWN:
            self.key_input(event.key, hand, blocked)

    def key_input(self, key: int, hand: list[int], blocked: bool) -> None:
        if key == pygame.K_b:
            self.declare_blocked()
        elif blocked:
            self.show_error(_("Nothing fits: declare the block (B)"))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = 1 if key == pygame.K_RIGHT else -1
            i = hand.index(self.selected) if self.selected in hand else (-1 if step > 0 else 0)
            self.selected = hand[(i + step) % len(hand)]
        elif pygame.K_1 <= key <= pygame.K_9:
            i = key - pygame.K_1
            if i < len(hand):
                self.select(hand[i])
        elif key in PILE_KEYS:
            self.play_on(PILE_KEYS[key])
        elif key in ENTER:
            self.play_only()
        elif key == pygame.K_e:
            self.end_turn()

    # ------------------------------------------------------------------ frame
    def flight_image(self, flight) -> pygame.Surface:
        if flight.card[0] == "card":
            return card(flight.card[1], self.s(layout.HAND_W), self.s(layout.HAND_H))
        return cards.card_back(self.s(30), self.s(42))

    # ------------------------------------------------------------------ prompt
    def status_line(self) -> str:
        """The one obvious prompt for whoever looks at the screen."""
        b = self.board
        if b.get("over"):
            left = b["cards_left"]
            if left == 0:
                return _("Victory! All 98 cards are played")
            return ngettext(
                "Game over: {n} card not played", "Game over: {n} cards not played", left
            ).format(n=left)
        if not self.my_turn():
            v = self.latest()
            turn = v.get("turn", b["turn"])
            left = v.get("to_play", 0)
            if left:
                return ngettext(
                    "{name} is playing: {n} more card to play",
                    "{name} is playing: {n} more cards to play",
                    left,
                ).format(name=self.name(turn), n=left)
            return _("{name} is playing: may play more or end the turn").format(
                name=self.name(turn)
            )
        if not self.deciding():
            return ""  # your cards are still landing, or the host has not answered yet
        if self.blocked_now():
            n = b["to_play"]
            return ngettext(
                "No card fits and you must still play {n}: declare the block (B or the button)",
                "No card fits and you must still play {n}: declare the block (B or the button)",
                n,
            ).format(n=n)
        left = b["to_play"]
        if self.selected is not None:
            piles = self.piles_for(self.selected)
            if not piles:
                return _("{card} fits on no pile now: pick another card").format(card=self.selected)
            if any(self.is_trick(self.selected, p) for p in piles):
                return _(
                    "{card}: a backwards trick is possible! Pick a lit pile (A/S/D/F or click)"
                ).format(card=self.selected)
            return _("{card}: pick a lit pile (A/S/D/F or click)").format(card=self.selected)
        if left:
            return ngettext(
                "Your turn: play at least {n} more card. Pick a card, then a lit pile",
                "Your turn: play at least {n} more cards. Pick a card, then a lit pile",
                left,
            ).format(n=left)
        return _("Minimum played: play more cards, or end your turn (E)")
