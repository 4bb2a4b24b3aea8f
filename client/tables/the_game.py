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
from client.anim import Beat, Flight
from client.i18n import _, ngettext
from client.tables import the_game_paint as paint
from client.tables.base import TableScene

PILES = paint.PILES
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

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        paint.reset_caches()
        self.layout()
        self.selected: int | None = None  # a card number in the shown hand
        self.note, self.note_t = "", 0.0
        self.couch_signaller = session.local_seats[0] if session.local_seats else None
        self.pending: tuple[int, int] | None = None  # (seat, seq) of a sent turn action

    #: ~190 small actions a game (every card, signal and end of turn): keep an
    #: --autoquit run short.
    autoquit_bot_delay = 0.08

    # ------------------------------------------------------------------ results
    @staticmethod
    def summary(view: dict, names: list[str], me: int | None) -> dict:
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

    # ------------------------------------------------------------------ geometry
    def layout(self) -> None:
        self.k = min(self.w / 1280, self.h / 720)
        paint.reset_caches()

    def s(self, v: float) -> int:
        return int(v * self.k)

    def message_pos(self) -> tuple[int, int]:
        return (self.s(778), self.s(654))

    def hand_slot(self, i: int, n: int) -> pygame.Rect:
        return paint.hand_slot(self, i, n)

    def pile_rect(self, i: int) -> pygame.Rect:
        return paint.pile_rect(self, i)

    def toggle_rect(self, i: int, kind: str) -> pygame.Rect:
        return paint.toggle_rect(self, i, kind)

    def action_button(self) -> pygame.Rect:
        return paint.action_button(self)

    # ------------------------------------------------------------------ state helpers
    @property
    def me(self) -> int | None:
        return self.perspective

    def who(self, seat: int, full: bool = False) -> str:
        """ "You" for the shown seat (on a couch: that player's name), else the name."""
        if seat == self.me and not self.couch:
            return _("You")
        return self.name(seat) if full else self.name(seat).split(" (")[0]

    def latest(self) -> dict:
        """The shown seat's latest view (the board may still be animating to it)."""
        if self.me is None:
            return self.board or {}
        return self.session.mirrors[self.me].view or self.board or {}

    def my_decision(self) -> bool:
        """Whether the shown seat is the active player now (from its latest view)."""
        if self.me is None or not self.board or self.board.get("over"):
            return False
        v = self.latest()
        return not v.get("over") and self.me in v.get("awaiting", [])

    def deciding(self) -> bool:
        return self.timeline.idle and self.my_decision() and self.pending is None

    def blocked_now(self) -> bool:
        return self.deciding() and bool(self.board.get("blocked"))

    def legal(self) -> list[dict]:
        """The shown seat's legal actions as the host sent them."""
        if self.me is None:
            return []
        return self.session.mirrors[self.me].legal

    def piles_for(self, c: int) -> list[str]:
        """Piles card ``c`` may go on now (from the host's legal actions)."""
        return [a["pile"] for a in self.legal() if a.get("type") == "play" and a["card"] == c]

    def playable_cards(self) -> set[int]:
        return {a["card"] for a in self.legal() if a.get("type") == "play"}

    def selected_choice(self) -> tuple[int, list[str]] | None:
        """(selected card, piles it may go on) while deciding, else None."""
        if self.selected is None or not self.deciding():
            return None
        return self.selected, self.piles_for(self.selected)

    def is_trick(self, c: int, pile: str) -> bool:
        """Whether ``c`` on ``pile`` is a backwards trick (exactly 10 back)."""
        top = self.board["tops"][pile]
        return c == top - 10 if paint.ASCENDING[pile] else c == top + 10

    def can_end(self) -> bool:
        return any(a.get("type") == "end-turn" for a in self.legal())

    def button_kind(self) -> str | None:
        """ "blocked", "end", "wait" (minimum not reached) or None (not deciding)."""
        if not self.deciding():
            return None
        if self.board.get("blocked"):
            return "blocked"
        return "end" if self.can_end() else "wait"

    def signal_seat(self) -> int | None:
        """The seat whose signals this screen sets: the shown seat, or on a couch's
        public view the chosen local player; None for a watcher."""
        b = self.board
        if b is None or b.get("over") or b["players"] < 2:
            return None  # nobody to tell anything in a solo game
        seat = self.me if self.me is not None else (self.couch_signaller if self.couch else None)
        if seat is None:
            return None
        latest = self.session.mirrors[seat].view or b
        if latest.get("turn") == seat and latest.get("blocked"):
            return None  # the block must be declared first (the engine refuses signals)
        return seat

    def on_reset(self) -> None:
        if self.selected not in self.board.get("hand", []):
            self.selected = None

    # ------------------------------------------------------------------ actions
    def send(self, action: dict, seat: int | None = None) -> None:
        """Send ``action`` for ``seat`` (default: the shown one). A turn action
        blocks further turn input until the host answers (no double sends)."""
        seat = self.me if seat is None else seat
        self.session.send(seat, action)
        if action["type"] != "signal":
            self.pending = (seat, self.session.mirrors[seat].seq)

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
            if paint.ASCENDING[name]:
                why = _(
                    "{card} does not fit on the UP pile at {top}: higher, or exactly 10 lower"
                ).format(card=c, top=top)
            else:
                why = _(
                    "{card} does not fit on the DOWN pile at {top}: lower, or exactly 10 higher"
                ).format(card=c, top=top)
            self.show_error(why)
            return
        self.send({"type": "play", "card": c, "pile": name})
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
        if self.board.get("blocked"):
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
        else:
            self.send({"type": "end-turn"})
            self.selected = None

    def declare_blocked(self) -> None:
        if not self.board.get("blocked"):
            self.show_error(
                _("You are not blocked: a card still fits, or you have played the minimum")
            )
            return
        self.send({"type": "declare-blocked"})

    def toggle_signal(self, i: int, kind: str) -> None:
        """Set (or, when already set, clear) the signal seat's ``kind`` on pile ``i``."""
        seat = self.signal_seat()
        if seat is None:
            return
        latest = self.session.mirrors[seat].view or self.board
        if seat == latest.get("turn") and latest.get("blocked"):
            self.show_error(_("Nothing fits: declare the block (B)"))
            return
        current = latest["signals"][PILES[i]][seat]
        self.send(
            {"type": "signal", "pile": PILES[i], "signal": None if current == kind else kind}, seat
        )

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> None:
        # Signals may be sent at any time, even while cards fly or out of turn.
        if (
            event.type == pygame.KEYDOWN
            and event.key in PILE_KEYS
            and getattr(event, "mod", 0) & (SHIFT | CTRL)
            and not self.help_open
            and self.privacy_for is None
            and self.signal_seat() is not None
        ):
            kind = "dont-play" if event.mod & SHIFT else "can-play-well"
            self.toggle_signal(PILE_KEYS[event.key], kind)
            return
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_TAB
            and self.couch
            and self.me is None
            and not self.help_open
            and self.privacy_for is None
        ):
            seats = self.session.local_seats
            i = seats.index(self.couch_signaller) if self.couch_signaller in seats else -1
            self.couch_signaller = seats[(i + 1) % len(seats)]
            return
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.board
            and not self.help_open
            and self.privacy_for is None
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
        if not self.my_decision() or self.pending is not None:
            return
        hand = self.board.get("hand", [])
        blocked = bool(self.board.get("blocked"))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.action_button().collidepoint(event.pos):
                if blocked:
                    self.declare_blocked()
                else:
                    self.end_turn()
                return
            for i in reversed(range(len(hand))):
                rect = self.hand_slot(i, len(hand))
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
            if event.key == pygame.K_b:
                self.declare_blocked()
            elif blocked:
                self.show_error(_("Nothing fits: declare the block (B)"))
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
                step = 1 if event.key == pygame.K_RIGHT else -1
                i = hand.index(self.selected) if self.selected in hand else (-1 if step > 0 else 0)
                self.selected = hand[(i + step) % len(hand)]
            elif pygame.K_1 <= event.key <= pygame.K_9:
                i = event.key - pygame.K_1
                if i < len(hand):
                    self.select(hand[i])
            elif event.key in PILE_KEYS:
                self.play_on(PILE_KEYS[event.key])
            elif event.key in ENTER:
                self.play_only()
            elif event.key == pygame.K_e:
                self.end_turn()

    # ------------------------------------------------------------------ events → beats
    def beats_for(self, events: list[dict]) -> list[Beat]:
        beats: list[Beat] = []
        for e in events:
            t = e["type"]
            if t == "move" and e["from"].startswith("hand/") and e["to"].startswith("pile/"):
                beats.append(self._play_beat(int(e["from"][5:]), e["to"][5:], e["cards"][0]))
            elif t == "move" and e["from"] == "deck" and e["to"].startswith("hand/"):
                beats.append(self._draw_beat(int(e["to"][5:]), e.get("cards"), e["count"]))
            elif t == "signal":
                beats.append(Beat(0.05, finish=lambda e=e: self._signal(e)))
            elif t == "turn":
                beats.append(Beat(0.05, finish=lambda seat=e["seat"]: self._turn(seat)))
            elif t == "blocked":
                text = _("{name} cannot play the minimum: blocked").format(name=self.who(e["seat"]))
                beats.append(Beat(0.6, begin=lambda text=text: self.show_note(text) or []))
            elif t == "game-end":
                won = not e.get("details", {}).get("cards_left", 1)
                beats.append(Beat(0.2, finish=lambda won=won: self.sfx("win" if won else "card")))
        return beats

    def show_note(self, text: str) -> None:
        self.note, self.note_t = text, 2.5

    def _signal(self, e: dict) -> None:
        self.board["signals"][e["pile"]][e["seat"]] = e["signal"]

    def _turn(self, seat: int) -> None:
        b = self.board
        b["turn"] = seat
        b["awaiting"] = [seat]
        b["played"] = 0

    def pile_point(self, name: str) -> tuple[int, int]:
        return paint.top_rect(self, PILES.index(name)).center

    def seat_point(self, seat: int) -> tuple[int, int]:
        return paint.seat_rect(self, seat).center

    def _play_beat(self, seat: int, pile: str, c: int) -> Beat:
        def begin():
            b = self.board
            src = self.seat_point(seat)
            if seat == self.me and c in b.get("hand", []):
                i = b["hand"].index(c)
                src = self.hand_slot(i, len(b["hand"])).center
                b["hand"].remove(c)
                if self.selected == c:
                    self.selected = None
            b["hand_sizes"][seat] = max(0, b["hand_sizes"][seat] - 1)
            self.sfx("card")
            return [Flight(("card", c), src, self.pile_point(pile), 0.35)]

        def finish():
            b = self.board
            b["piles"][pile].append(c)
            b["tops"][pile] = c
            b["played"] += 1
            b["to_play"] = max(0, b["to_play"] - 1)
            b["cards_left"] = max(0, b["cards_left"] - 1)

        return Beat(0.4, begin=begin, finish=finish)

    def _draw_beat(self, seat: int, faces: list[int] | None, count: int) -> Beat:
        def begin():
            src = paint.deck_rect(self).center
            if seat == self.me and faces:
                n = len(self.board.get("hand", []))
                return [
                    Flight(
                        ("card", f), src, self.hand_slot(n + k, n + count).center, 0.35, 0.05 * k
                    )
                    for k, f in enumerate(faces)
                ]
            return [
                Flight(("back",), src, self.seat_point(seat), 0.3, 0.05 * k)
                for k in range(min(count, 4))
            ]

        def finish():
            b = self.board
            b["deck"] = max(0, b["deck"] - count)
            b["hand_sizes"][seat] += count
            if seat == self.me and faces:
                b["hand"] = sorted(b["hand"] + list(faces))

        return Beat(0.35 + 0.05 * min(count, 4), begin=begin, finish=finish)

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        if self.pending is not None:
            self.session.pump()  # before the base table consumes the errors
            m = self.session.mirrors.get(self.pending[0])
            if m is None or m.errors or m.seq != self.pending[1] or m.link is not None:
                self.pending = None  # answered: a new view, or a refusal
        super().update(dt)

    def draw_flight(self, surface, flight, pos) -> None:
        if flight.card[0] == "card":
            img = paint.card(flight.card[1], self.s(paint.HAND_W), self.s(paint.HAND_H))
        else:
            img = cards.card_back(self.s(30), self.s(42))
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def draw_board(self, surface: pygame.Surface) -> None:
        paint.draw_table(self, surface)

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
        if not self.my_decision():
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
        if b.get("blocked"):
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

    # ------------------------------------------------------------------ screenshots
    @classmethod
    def shots(cls, app, shot, seed: int) -> None:
        """selected.png (a card picked, its piles lit), trick.png (a backwards trick
        lit), signals.png, blocked.png (the declare-blocked prompt), privacy.png and
        couch-turn.png (couch), results.png, solo.png."""
        from client.tables.the_game_shots import take_screenshots

        take_screenshots(cls, app, shot, seed)
