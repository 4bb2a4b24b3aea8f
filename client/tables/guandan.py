"""The Guandan table: four seats around the felt (you at the bottom, your partner
opposite, play moving counter-clockwise), each seat's last play with its reading,
your 27-card hand, the reading chooser, hint, pass, tribute and return.

Layout at 1280×720 (scaled): deal facts top left, this deal's log top right, the
partner's seat top centre, the opponents left and right, notes and the tribute spot
in the middle, your play above the controls, your hand along the bottom.
"""

from __future__ import annotations

import re

import pygame

from client import assets
from client.i18n import _, current
from client.tables import guandan_cards as gc
from client.tables import guandan_panels as panels
from client.tables.base import TableScene
from client.tables.guandan_beats import GuandanBeats
from client.tables.guandan_hand import Hand
from engine.guandan import GAME

_DISPLAY: list = [None]  # (display, language) the card caches were drawn for


class GuandanTable(GuandanBeats, TableScene):
    """Guandan (guandan.md): select cards, choose a reading, play or pass; pay
    tribute and choose the return card."""

    game_id = "guandan"

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        drawn_for = (pygame.display.get_surface(), current())  # faces carry words (WILD)
        old = _DISPLAY[0]
        if old is None or old[0] is not drawn_for[0] or old[1] != drawn_for[1]:
            gc.reset_caches()
            _DISPLAY[0] = drawn_for
        self.hand: Hand | None = None
        self.layout()
        self._hand_sig: tuple = ()
        self._phase: str | None = None
        self.sent_seq: int | None = None  # the mirror's seq when we last sent an action
        self.reading_rows = 1
        self.reading_i = 0
        self.hint_i = -1
        self.hint_label = ""
        self.note = ""
        self.note_t = 0.0
        self.deal_panel: dict | None = None
        self.match_panel: dict | None = None
        self._opts_key: tuple = ()
        self._opts: list = []
        # Under --autoquit the match must end quickly: short beats, quick bots.
        self.fast = 0.2 if app.autoquit else 1.0
        if app.autoquit and session.host is not None:
            session.host.table.bot_delay = 0.005

    def layout(self) -> None:
        """Scale the 1280×720 design to the window (card proportions kept)."""
        self.k = min(self.w / 1280, self.h / 720)
        s = self.s
        self.cw, self.ch = s(90), s(126)  # hand cards
        self.sw, self.sh = s(52), s(73)  # cards on the table
        old = self.hand
        self.hand = Hand(
            pygame.Rect(s(14), self.h - s(160), self.w - s(28), s(150)),
            self.cw,
            self.ch,
            s(22),
            s(13),
        )
        if old is not None:
            self.hand.selected, self.hand.cursor = old.selected, old.cursor
            self.hand.set_cards(list(old.order), old.level)

    # ------------------------------------------------------------------ results
    @staticmethod
    def summary(view: dict, names: list[str], me: int | None) -> dict:
        """The closing screen: the winning team first, each player's team level."""
        return panels.summary(view, names, me)

    # ------------------------------------------------------------------ geometry
    def s(self, v: float) -> int:
        return int(v * self.k)

    @property
    def me(self) -> int | None:
        return self.perspective

    def rel(self, seat: int) -> int:
        """0 bottom, 1 right, 2 top, 3 left: the next seat in play order sits to the
        right, so play moves counter-clockwise."""
        return (seat - (self.me if self.me is not None else 0)) % 4

    def panel_rect(self, seat: int) -> pygame.Rect:
        s = self.s
        return [
            pygame.Rect(s(10), s(446), s(220), s(82)),
            pygame.Rect(self.w - s(230), s(190), s(220), s(82)),
            pygame.Rect(self.w // 2 - s(140), s(42), s(280), s(54)),
            pygame.Rect(s(10), s(190), s(220), s(82)),
        ][self.rel(seat)]

    def play_rects(self, seat: int, n: int) -> list[pygame.Rect]:
        """Where ``seat``'s play of ``n`` cards lies on the table."""
        s, rel = self.s, self.rel(seat)
        step = min(s(26), (s(300) - self.sw) // max(1, n - 1)) if n > 1 else 0
        width = self.sw + step * (n - 1)
        if rel == 0:
            x, y = self.w // 2 - width // 2, s(308)
        elif rel == 2:
            x, y = self.w // 2 - width // 2, s(102)
        elif rel == 1:
            x, y = self.w - s(12) - width, s(282)
        else:
            x, y = s(12), s(282)
        return [pygame.Rect(x + i * step, y, self.sw, self.sh) for i in range(n)]

    def seat_point(self, seat: int) -> tuple[int, int]:
        return self.panel_rect(seat).center

    def centre(self) -> tuple[int, int]:
        return (self.w // 2, self.s(232))

    def message_pos(self) -> tuple[int, int]:
        return (self.w // 2, self.s(288))

    def short_name(self, seat: int) -> str:
        """ "You", or a name without the bot level: "Bot 3 (hard)" → "Bot 3"."""
        if seat == self.me:
            return _("You")
        if not 0 <= seat < 4:
            return "?"
        return self.name(seat).split(" (")[0][:14]

    # ------------------------------------------------------------------ decisions
    def my_decision(self) -> str | None:
        """ "play", "tribute", "return" or None for the shown seat (latest view)."""
        if self.me is None or not self.board or self.board.get("over"):
            return None
        m = self.session.mirrors[self.me]
        latest = m.view or {}
        if self.me not in latest.get("awaiting", []) or m.seq == self.sent_seq:
            return None
        return latest.get("phase")

    def legal(self) -> list[dict]:
        if self.me is None:
            return []
        return self.session.mirrors[self.me].legal

    def options(self) -> list[dict]:
        """The legal plays made of exactly the selected cards: one per reading."""
        sel = tuple(sorted(self.hand.selected))
        legal = self.legal()
        key = (sel, id(legal), len(legal))
        if key != self._opts_key:
            self._opts_key = key
            hand = self.board.get("hand", [])
            self._opts = GAME.actions_for(legal, hand, list(sel)) if sel else []
            if self.reading_i >= len(self._opts):
                self.reading_i = 0
        return self._opts

    def choosable(self) -> set[int] | None:
        """In tribute or return: the cards that may be given (both copies); else None."""
        d = self.my_decision()
        if d not in ("tribute", "return"):
            return None
        faces = {a["card"] % gc.FACES for a in self.legal() if "card" in a}
        return {c for c in self.board.get("hand", []) if c % gc.FACES in faces}

    def return_to(self) -> int:
        """The seat whose tribute the shown seat received (-1: none)."""
        tr = (self.mirror.view or {}).get("tribute", {})
        return next((p for p, r, _c in tr.get("transfers", []) if r == self.me), -1)

    def can_pass(self) -> bool:
        return any(a["type"] == "pass" for a in self.legal())

    def on_reset(self) -> None:
        phase = (self.board or {}).get("phase")
        if phase != getattr(self, "_phase", None):
            self.hand.selected.clear()
            self._phase = phase
        self._sync_hand()
        give = self.choosable()
        if give is not None and not self.hand.selected and len({c % gc.FACES for c in give}) == 1:
            self.hand.selected = {min(give)}

    def _sync_hand(self) -> None:
        b = self.board or {}
        sig = (tuple(b.get("hand", [])), b.get("level", 2))
        if sig != self._hand_sig:
            self._hand_sig = sig
            self.hand.set_cards(list(sig[0]), sig[1])

    # ------------------------------------------------------------------ actions
    def do_play(self) -> None:
        opts = self.options()
        if not self.hand.selected:
            self.show_error(_("Select cards first (click, drag across, or Space)"))
            return
        if not opts:
            self.show_error(self.why_not())
            return
        action = opts[self.reading_i % len(opts)]
        self.send(action)
        self.hand.selected.clear()
        self.reading_i, self.hint_i, self.hint_label = 0, -1, ""

    def send(self, action: dict) -> None:
        """Send the shown seat's action; no further decision until the host answers."""
        self.sent_seq = self.mirror.seq
        self.session.send(self.me, action)

    def show_error(self, text: str) -> None:
        super().show_error(text)
        self.sent_seq = None  # a refused action: decide again

    def why_not(self) -> str:
        last = (self.mirror.view or {}).get("last_play")
        if last:
            return _("These cards make no play that beats {reading}").format(
                reading=gc.play_text(last)
            )
        return _("These cards are not a combination")

    def do_pass(self) -> None:
        if not self.can_pass():
            self.show_error(_("You lead: you must play"))
            return
        self.send({"type": "pass"})
        self.hand.selected.clear()
        self.hint_i, self.hint_label = -1, ""

    def do_hint(self) -> None:
        """Select the next legal play (weakest first), cycling."""
        plays = [a for a in self.legal() if a["type"] == "play"]
        if not plays:
            self.show_error(_("Nothing beats it: pass"))
            return
        self.hint_i = (self.hint_i + 1) % len(plays)
        a = plays[self.hint_i]
        self.hand.selected = set(a["cards"])
        opts = self.options()
        self.reading_i = opts.index(a) if a in opts else 0
        self.hint_label = _("Hint {i} of {n}").format(i=self.hint_i + 1, n=len(plays))

    def do_give(self) -> None:
        """Confirm the tribute or return card."""
        d = self.my_decision()
        sel = list(self.hand.selected)
        if len(sel) != 1:
            self.show_error(_("Choose one card"))
            return
        card = sel[0] % gc.FACES
        for a in self.legal():
            if a.get("card", -1) % gc.FACES == card:
                self.send({"type": d, "card": a["card"]})
                self.hand.selected.clear()
                return
        self.show_error(_("That card may not be given"))

    def controls(self) -> list[tuple[pygame.Rect, str, object, bool]]:
        """The drawn buttons now: ``(rect, label, callback, enabled)``."""
        d = self.my_decision() if self.timeline.idle else None
        s = self.s
        out = []
        right = self.w - s(12)
        y, h = s(444), s(42)

        def button(width, label, fn, enabled=True):
            nonlocal right
            r = pygame.Rect(right - s(width), y, s(width), h)
            right = r.x - s(10)
            out.append((r, label, fn, enabled))

        if d == "play":
            opts = self.options()
            label = _("Play (Enter)")
            if len(opts) == 1:
                label = _("Play {reading} (Enter)").format(reading=gc.play_text(opts[0]))
            width = assets.text(label, s(18), assets.INK, True).get_width() / self.k
            button(max(150, int(width) + 30), label, self.do_play, bool(opts))
            button(120, _("Pass (P)"), self.do_pass, self.can_pass())
            button(120, _("Hint (H)"), self.do_hint)
            readings = opts[:6] if len(opts) > 1 else []
            labels = [
                "{n}  {reading}".format(n=i + 1, reading=gc.play_text(a))
                for i, a in enumerate(readings)
            ]
            for i, r in enumerate(self._reading_rects(labels, s(250), right, y, h)):
                out.append((r, labels[i], lambda i=i: setattr(self, "reading_i", i), True))
        elif d in ("tribute", "return"):
            sel = list(self.hand.selected)
            if len(sel) != 1:
                label = _("Choose a card")
            elif d == "tribute":
                label = _("Give {card} as tribute (Enter)").format(card=gc.card_text(sel[0]))
            else:
                label = _("Return {card} to {name} (Enter)").format(
                    card=gc.card_text(sel[0]), name=self.short_name(self.return_to())
                )
            width = assets.text(label, s(18), assets.INK, True).get_width() // max(0.01, self.k)
            button(int(width) + 30, label, self.do_give, len(sel) == 1)
        return out

    def _reading_rects(self, labels, x0: int, limit: int, y: int, h: int) -> list:
        """Buttons for the readings between ``x0`` and ``limit``: one row if they fit
        at a readable size, else two rows (the second under the first)."""
        s = self.s
        for rows in (1, 2):
            for size in (16, 15, 14, 13, 12):
                widths = [
                    assets.text(lb, s(size), assets.INK, True).get_width() + s(20) for lb in labels
                ]
                rects, x, row = [], x0, 0
                for w in widths:
                    if x + w > limit and x > x0:
                        row, x = row + 1, x0
                    rects.append(pygame.Rect(x, y + row * (h + s(4)), w, h))
                    x += w + s(8)
                if row < rows and all(r.right <= limit for r in rects):
                    self.reading_rows = row + 1
                    return rects
        self.reading_rows = 2
        return rects

    # ------------------------------------------------------------------ input
    def handle_table_event(self, event: pygame.event.Event) -> None:
        d = self.my_decision()
        if d is None:
            return
        give = self.choosable()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if any(r.collidepoint(event.pos) for r, *_x in self.controls()):
                return
            if give is None:
                self.hand.press(event.pos)
                self.hint_label = ""
            return
        if event.type == pygame.MOUSEMOTION and give is None:
            self.hand.motion(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            self.hand.selected.clear()
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.hand.release():
                return
            for r, _label, fn, enabled in self.controls():
                if r.collidepoint(event.pos):
                    if enabled:
                        fn()
                    return
            c = self.hand.card_at(event.pos)
            if c is not None:
                if give is not None:
                    if c in give:
                        self.hand.selected = {c}
                else:
                    self.hand.toggle(c)
            return
        if event.type != pygame.KEYDOWN:
            return
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT) if hasattr(event, "mod") else False
        if key == pygame.K_RETURN or key == pygame.K_KP_ENTER:
            self.do_give() if give is not None else self.do_play()
        elif give is not None:
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                cards = [c for c in self.hand.order if c in give]
                cur = next(iter(self.hand.selected), None)
                i = cards.index(cur) if cur in cards else -1
                i = (i + (1 if key == pygame.K_RIGHT else -1)) % len(cards)
                self.hand.selected = {cards[i]}
        elif key == pygame.K_p:
            self.do_pass()
        elif key == pygame.K_h:
            self.do_hint()
        elif key in (pygame.K_BACKSPACE, pygame.K_c):
            self.hand.selected.clear()
        elif key == pygame.K_TAB:
            n = len(self.options())
            if n:
                self.reading_i = (self.reading_i + 1) % n
        elif pygame.K_1 <= key <= pygame.K_9:
            if key - pygame.K_1 < len(self.options()):
                self.reading_i = key - pygame.K_1
        else:
            self.hand.key(key, shift)

    # ------------------------------------------------------------------ frame
    def draw_flight(self, surface, flight, pos) -> None:
        img = gc.face(flight.card, self.board.get("level", 2), self.sw, self.sh)
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def status_line(self) -> str:
        """The one obvious prompt for the shown seat."""
        return panels.status_line(self)

    def draw_board(self, surface: pygame.Surface) -> None:
        self._sync_hand()
        panels.draw_top(self, surface)
        panels.draw_info(self, surface)
        panels.draw_log(self, surface)
        for seat in range(4):
            panels.draw_seat(self, surface, seat)
            panels.draw_play(self, surface, seat)
        panels.draw_centre(self, surface)
        self.draw_hand(surface)
        self.draw_controls(surface)
        if self.note_t > 0 and self.note:
            self.banner(surface, self.note, (40, 90, 150), center=self.message_pos())
        if self.deal_panel:
            panels.draw_deal_end(self, surface, self.deal_panel)
        if self.match_panel:
            panels.draw_match_end(self, surface, self.match_panel)

    def draw_controls(self, surface: pygame.Surface) -> None:
        s = self.s
        status = self.status_line()
        if status:
            img = self.fit_text(status, self.text_px(s(18)), self.w - s(40), assets.GOLD, True)
            surface.blit(img, img.get_rect(center=(self.w // 2, s(424))))
        for r, label, _fn, enabled in self.controls():
            number = re.match(r"(\d+)  ", label)  # a reading button: "{n}  {reading}"
            reading = number is not None
            on = reading and int(number.group(1)) - 1 == self.reading_i
            fill = (
                assets.GOLD
                if enabled and (on or not reading)
                else ((225, 225, 215) if enabled else (90, 110, 100))
            )
            pygame.draw.rect(surface, fill, r, border_radius=s(8))
            if on:
                pygame.draw.rect(surface, assets.WHITE, r, 3, border_radius=s(8))
            img = panels.fit(label, s(16 if reading else 18), r.width - s(12), assets.INK, True)
            surface.blit(img, img.get_rect(center=r.center))
        d = self.my_decision() if self.timeline.idle else None
        notes = []
        if d == "play" and self.hand.selected:
            notes.append(_("{n} selected").format(n=len(self.hand.selected)))
            if not self.options():
                notes.append(_("no legal play with these cards"))
            elif len(self.options()) > 1:
                notes.append(
                    _("several readings: click one, or Tab / 1–{n}").format(
                        n=min(6, len(self.options()))
                    )
                )
        if self.hint_label and d == "play":
            notes.append(self.hint_label)
        if d == "play":
            notes.append(_("keys: ←/→ move · Space pick · ↑ whole rank · H hint · P pass"))
        if notes and not (d == "play" and self.reading_rows > 1 and len(self.options()) > 1):
            img = panels.fit("   ·   ".join(notes), s(15), self.w - s(262), assets.WHITE)
            surface.blit(img, img.get_rect(midleft=(s(250), s(506))))

    def draw_hand(self, surface: pygame.Surface) -> None:
        s, b = self.s, self.board
        if self.me is None:
            img = assets.text(_("Watching the table"), s(20), assets.WHITE)
            surface.blit(img, img.get_rect(center=(self.w // 2, self.h - s(80))))
            return
        flying = {fl.card for fl, _p in self.timeline.flights()}
        give = self.choosable() if self.timeline.idle else None
        deciding = self.timeline.idle and self.my_decision() == "play"
        level = b.get("level", 2)
        cursor = self.hand.cursor_card() if (deciding or give is not None) else None
        for c, base in zip(self.hand.order, self.hand.rects, strict=True):
            if c in flying:
                continue
            rect = base.move(0, -self.hand.lift) if c in self.hand.selected else base
            surface.blit(gc.face(c, level, self.cw, self.ch), rect)
            if give is not None and c not in give:
                surface.blit(gc.shade(self.cw, self.ch), rect)
            if c in self.hand.selected:
                pygame.draw.rect(
                    surface, assets.HIGHLIGHT, rect.inflate(4, 4), 3, border_radius=s(9)
                )
            if c == cursor:
                pygame.draw.rect(
                    surface, (60, 140, 255), rect.inflate(8, 8), 2, border_radius=s(10)
                )

    # ------------------------------------------------------------------ screenshots
    @classmethod
    def shots(cls, app, shot, seed: int) -> None:
        """Full hand, mid-trick, reading chooser, deal result, tribute, return,
        privacy screen, match end, results (see :mod:`client.tables.guandan_shots`)."""
        from client.tables import guandan_shots

        guandan_shots.shoot(cls, app, shot, seed)
