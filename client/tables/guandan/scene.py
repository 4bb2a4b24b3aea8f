"""The Guandan table: four seats around the felt (you at the bottom, your partner
opposite, play moving counter-clockwise), each seat's last play with its reading,
your 27-card hand, the reading chooser, hint, pass, tribute and return.

Layout at 1280×720 (scaled, :mod:`client.tables.guandan.layout`): deal facts top left,
this deal's log top right, the partner's seat top centre, the opponents left and
right, notes and the tribute spot in the middle, your play above the controls, your
hand along the bottom.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from client import assets
from client.i18n import _, ngettext
from client.tables.base import TableScene, team_headline
from client.tables.guandan import beats, layout, paint
from client.tables.guandan import faces as gc
from client.tables.guandan.hand import Hand
from client.tables.guandan.hint import Advisor, hint_order


def same_faces(selection) -> Callable[[list[int]], bool]:
    """A test for :meth:`ShownSeat.choices`: cards of the same faces as ``selection``
    (either copy of a face may be clicked, guandan.md "Decisions an interface must
    offer")."""
    want = sorted(c % gc.FACES for c in selection)
    return lambda cards: sorted(c % gc.FACES for c in cards) == want


class GuandanTable(TableScene):
    """Guandan (guandan.md): select cards, choose a reading, play or pass; pay
    tribute and choose the return card."""

    game_id = "guandan"
    name_cut = 14
    phone_cards_at = "left"  # (the right seat's play reaches the bottom-right)
    paint = paint
    beats = beats
    #: A match is many deals: under --autoquit the bots act at once.
    autoquit_bot_delay = 0.005

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.hand: Hand | None = None
        self.layout()
        self._hand_sig: tuple = ()
        self._phase: str | None = None
        self.reading_rows = 1
        self.reading_i = 0
        self.hint_i = -1
        self.hint_label = ""
        self.hint_wanted = False  # H pressed while the advisor thinks
        self.advisor = Advisor()
        self.deal_panel: dict | None = None
        self.match_panel: dict | None = None
        #: The trick won last this deal (its plays and passes), for review (L).
        self.last_trick: list[dict] = []
        self.review = False  # the last trick shown over the table
        # Under --autoquit the match must end quickly: short beats.
        self.fast = 0.2 if app.autoquit else 1.0

    def layout(self) -> None:
        """Card sizes and the hand's fan at the window's scale (proportions kept)."""
        layout.sizes(self)
        fan = (layout.hand_area(self), self.cw, self.ch, self.s(22), self.s(13))
        if self.hand is None:
            self.hand = Hand(*fan)
        else:
            self.hand.resize(*fan)

    # ------------------------------------------------------------------ results
    @staticmethod
    def summary(view: dict, names: list[str], me: int | None, story: list[dict] = ()) -> dict:
        """The closing screen: one row per team (the winners first) with its level,
        and each team's level after every deal (the ``deal-end`` events shown)."""
        winners = set(view.get("winners", []))
        levels = view.get("levels", [2, 2])
        won = min(winners) % 2 if winners else None
        teams = sorted((0, 1), key=lambda u: (u != won, u))
        deals = [e for e in story if e["type"] == "deal-end"]
        rows = []

        def team(u: int) -> str:  # as the table names it (paint.team_name)
            if me is None:
                return _("Team {n}").format(n=u + 1)
            return _("Your team") if u == me % 2 else _("Opponents")

        for u in teams:
            who = " & ".join(_("You") if s == me else names[s].split(" (")[0] for s in (u, u + 2))
            rows.append(
                (
                    who,
                    _("{team} · level {level}").format(
                        team=team(u), level=gc.level_text(levels[u])
                    ),
                    u == won,
                    [gc.level_text(e["levels"][u]) for e in deals],
                )
            )
        n = view.get("deal", 0) or len(deals)
        won_at_a = won is not None and levels[won] == 14
        if won_at_a:
            sub = ngettext(
                "Guandan · the match was won at level A after {n} deal",
                "Guandan · the match was won at level A after {n} deals",
                n,
            )
        else:
            sub = ngettext(
                "Guandan · {n} deal · the higher level wins",
                "Guandan · {n} deals · the higher level wins",
                n,
            )
        if won is None:
            title = _("Game over")
        else:
            players = [names[s].split(" (")[0] for s in (won, won + 2)] if me is not None else None
            title = team_headline(team(won), me is not None and me in winners, players)
        return {
            "headline": title,
            "subtitle": sub.format(n=n),
            "rows": rows,
            "columns": [str(e["deal"]) for e in deals],
            "columns_title": _("Level after each deal"),
        }

    @classmethod
    def shots(cls, app, shot, seed: int) -> None:
        """Full hand, mid-trick, reading chooser, deal result, tribute, return,
        privacy screen, match end, results."""
        from client.tables.guandan import shots

        shots.take(app, shot, seed)

    def emote_button(self, size: tuple[int, int]) -> pygame.Rect:
        """Below this screen's panel, above the hand (the hand fills the bottom)."""
        rect = pygame.Rect((0, 0), size)
        rect.bottomleft = (self.s(10), layout.hand_area(self).top - self.s(4))
        return rect

    def message_pos(self) -> tuple[int, int]:
        return (self.w // 2, self.s(288))

    # ------------------------------------------------------------------ decisions
    def my_decision(self) -> str | None:
        """ "play", "tribute", "return" or None: what the host awaits from the shown
        seat now, as its legal actions say."""
        if not self.my_turn():
            return None
        first = next(iter(self.seat.choices()), None)
        if first is None:
            return None
        return "play" if first["type"] == "pass" else first["type"]

    def options(self) -> list[dict]:
        """The legal plays made of exactly the selected cards: one per reading."""
        sel = self.hand.selected
        opts = self.choices(type="play", cards=same_faces(sel)) if sel else []
        if self.reading_i >= len(opts):
            self.reading_i = 0
        return opts

    def lit(self) -> list[dict]:
        """The readings of the selection and the pass; in tribute or return, the cards
        that may be given."""
        d = self.my_decision() if self.timeline.idle else None
        if d == "play":
            return self.options() + self.choices(type="pass")
        return self.choices(type=d) if d in ("tribute", "return") else []

    def choosable(self) -> set[int] | None:
        """In tribute or return: the cards that may be given (both copies); else None."""
        d = self.my_decision()
        if d not in ("tribute", "return"):
            return None
        faces = {a["card"] % gc.FACES for a in self.choices(type=d)}
        return {c for c in self.board.get("hand", []) if c % gc.FACES in faces}

    def return_to(self) -> int:
        """The seat whose tribute the shown seat received (-1: none)."""
        tr = self.latest().get("tribute", {})
        return next((p for p, r, _c in tr.get("transfers", []) if r == self.me), -1)

    def can_pass(self) -> bool:
        return bool(self.choices(type="pass"))

    def on_reset(self) -> None:
        layout.sizes(self)  # a room's public table and a screen player's view differ
        phase = (self.board or {}).get("phase")
        if phase != self._phase:
            self.hand.selected.clear()
            self._phase = phase
        self.sync_hand()
        give = self.choosable()
        if give is not None and not self.hand.selected and len({c % gc.FACES for c in give}) == 1:
            self.hand.selected = {min(give)}

    def sync_hand(self) -> None:
        """Lay the board's hand out in the fan (when it changed), held still under the
        pointer (:meth:`TableScene.hand_rects`: played cards leave gaps until the
        pointer leaves the hand)."""
        b = self.board or {}
        sig = (tuple(b.get("hand", [])), b.get("level", 2), b.get("deal"))
        if sig != self._hand_sig:
            self._hand_sig = sig
            self.hand.set_cards(list(sig[0]), sig[1], sig[2])
        hand = self.hand
        hand.rects = self._hand_row.layout(hand.order, lambda: hand.fresh, self.pointer, self.clock)

    def clear_selection(self) -> bool:
        """Drop the selected cards (and the hint's place in its cycle)."""
        if not self.hand.selected:
            return False
        self.hand.selected.clear()
        self.hint_i, self.hint_label, self.hint_wanted = -1, "", False
        return True

    # ------------------------------------------------------------------ actions
    def do_play(self) -> None:
        opts = self.options()
        if not self.hand.selected:
            self.show_error(_("Select cards first (click, drag across, or Space)"))
            return
        if not opts:
            self.show_error(self.why_not())
            return
        if self.seat.send(opts[self.reading_i % len(opts)]):
            self.hand.selected.clear()
            self.reading_i, self.hint_i, self.hint_label = 0, -1, ""

    def why_not(self) -> str:
        last = self.latest().get("last_play")
        if last:
            return _("These cards make no play that beats {reading}").format(
                reading=gc.play_text(last)
            )
        return _("These cards are not a combination")

    def do_pass(self) -> None:
        if not self.can_pass():
            self.show_error(_("You lead: you must play"))
            return
        if self.seat.send({"type": "pass"}):
            self.hand.selected.clear()
            self.hint_i, self.hint_label = -1, ""

    def do_hint(self) -> None:
        """First the play the normal bot would make from this seat's view (worked out
        off the frame loop: "thinking…" until it is ready), then each other legal play,
        weakest first, one per press (:mod:`client.tables.guandan.hint`)."""
        seat = self.seat
        if seat is None or self.my_decision() != "play":
            return
        advice = self.advisor.ask(seat.view, seat.legal)
        if advice is None:
            self.hint_wanted = True
            self.hint_label = _("Hint: thinking…")
            return
        self.hint_wanted = False
        cycle = hint_order(advice, self.choices(), self.board.get("level", 2))
        self.hint_i = (self.hint_i + 1) % len(cycle)
        a = cycle[self.hint_i]
        if a["type"] == "pass":
            self.hand.selected.clear()
            if self.hint_i == 0:
                self.hint_label = _("Hint: pass (P), as a good player would now")
            else:
                self.hint_label = _("Or pass (P)")
            return
        self.hand.selected = set(a["cards"])
        opts = self.options()
        self.reading_i = opts.index(a) if a in opts else 0
        if self.hint_i == 0:
            self.hint_label = _("Hint: {reading} (H again: other plays)").format(
                reading=gc.play_text(a)
            )
        else:
            self.hint_label = _("Other play {i} of {n}").format(i=self.hint_i, n=len(cycle) - 1)

    def do_give(self) -> None:
        """Confirm the tribute or return card."""
        d = self.my_decision()
        sel = list(self.hand.selected)
        if len(sel) != 1:
            self.show_error(_("Choose one card"))
            return
        card = sel[0] % gc.FACES
        for a in self.choices(type=d):
            if a["card"] % gc.FACES == card:
                if self.seat.send(a):
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
            width = self.text(label, 18, assets.INK, True).get_width() / self.k
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
                    card=gc.card_text(sel[0]), name=self.who(self.return_to())
                )
            width = self.text(label, 18, assets.INK, True).get_width() // max(0.01, self.k)
            button(int(width) + 30, label, self.do_give, len(sel) == 1)
        return out

    def _reading_rects(self, labels, x0: int, limit: int, y: int, h: int) -> list:
        """Buttons for the readings between ``x0`` and ``limit``: one row if they fit
        at a readable size, else two rows (the second under the first)."""
        s = self.s
        for rows in (1, 2):
            for size in (16, 15, 14, 13, 12):
                widths = [
                    self.text(lb, size, assets.INK, True).get_width() + s(20) for lb in labels
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
    def handle_event(self, event: pygame.event.Event) -> None:
        """The last trick (L or its button) opens at any time, even out of turn; while
        it is shown, L, Esc or a click closes it."""
        if (
            self.help_open
            or self.privacy_for is not None
            or self.board is None
            or self.leaving.open
        ):
            super().handle_event(event)
            return
        key = event.key if event.type == pygame.KEYDOWN else None
        click = event.type == pygame.MOUSEBUTTONUP and event.button in (1, 3)
        if self.review:
            if key in (pygame.K_l, pygame.K_ESCAPE) or click:
                self.review = False
            return
        if key == pygame.K_l or (
            click and event.button == 1 and layout.review_button(self).collidepoint(event.pos)
        ):
            self.review = True
            return
        if self.me is not None and (key == pygame.K_o or (click and event.button == 1)):
            mode = None if key == pygame.K_o else self.sort_button_at(event.pos)
            if key == pygame.K_o or mode is not None:
                self.hand.sort(mode)
                return
        super().handle_event(event)

    def pending(self, seat: int) -> bool:
        """A seat out of the deal decides nothing, and nobody while the deal's or the
        match's result shows (as the panels' "▶ to play" says)."""
        b = self.board or {}
        return seat not in b.get("out", []) and not self.deal_panel and not self.match_panel

    def sort_button_at(self, pos) -> str | None:
        """The sort mode whose button is under ``pos``, else None."""
        return next((m for m, r in layout.sort_buttons(self).items() if r.collidepoint(pos)), None)

    def handle_table_event(self, event: pygame.event.Event) -> None:
        """The decision's input; out of turn (in play), the hand may still be selected
        and arranged."""
        d = self.my_decision()
        arranging = d is None and self.me is not None and self.board.get("phase") == "play"
        if d is None and not arranging:
            return
        give = self.choosable()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if d is not None and any(r.collidepoint(event.pos) for r, *_x in self.controls()):
                return
            if give is None and not self.hand_settling():
                self.hand.press(event.pos)
                self.hint_label = ""
            return
        if event.type == pygame.MOUSEMOTION and give is None:
            self.hand.motion(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.hand.release() or d is None:
                return
            for r, _label, fn, enabled in self.controls():
                if r.collidepoint(event.pos):
                    if enabled:
                        fn()
                    return
            c = self.hand.card_at(event.pos)
            if c is not None and give is not None and c in give:
                self.hand.selected = {c}
            return
        if event.type != pygame.KEYDOWN:
            return
        key, mod = event.key, getattr(event, "mod", 0)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and mod & pygame.KMOD_CTRL and give is None:
            self.hand.nudge(1 if key == pygame.K_RIGHT else -1)
        elif arranging:
            self.hand.key(key, bool(mod & pygame.KMOD_SHIFT))
        elif key == pygame.K_RETURN or key == pygame.K_KP_ENTER:
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
        elif key == pygame.K_TAB:
            n = len(self.options())
            if n:
                self.reading_i = (self.reading_i + 1) % n
        elif pygame.K_1 <= key <= pygame.K_9:
            if key - pygame.K_1 < len(self.options()):
                self.reading_i = key - pygame.K_1
        else:
            self.hand.key(key, bool(mod & pygame.KMOD_SHIFT))

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hint_wanted:
            if self.my_decision() != "play" or not self.timeline.idle:
                self.hint_wanted, self.hint_label = False, ""
            elif self.advisor.ask(self.seat.view, self.seat.legal) is not None:
                self.do_hint()

    def counting(self) -> bool:
        return self.hint_wanted  # the advisor thinks on its thread: look for its answer

    def flight_image(self, flight) -> pygame.Surface:
        return gc.face(flight.card, self.board.get("level", 2), self.sw, self.sh, self.min_text)

    def draw_controls(self, surface: pygame.Surface) -> None:
        paint.draw_controls(self, surface)

    # ------------------------------------------------------------------ prompt
    def status_line(self) -> str:
        """The one obvious prompt for the shown seat."""
        b = self.board
        if b.get("over"):
            return _("Match over")
        if not self.timeline.idle:
            return ""
        d = self.my_decision()
        latest = self.latest()
        if d == "play":
            last = latest.get("last_play")
            if last is None:
                return _("Your lead: select cards (click, drag, or ←/→ and Space), then Play")
            if not self.choices(type="play"):
                return _("Nothing in your hand beats {reading} by {name}: pass (P)").format(
                    reading=gc.play_text(last), name=self.who(last["seat"])
                )
            return _("Beat {reading} by {name}, or pass").format(
                reading=gc.play_text(last), name=self.who(last["seat"])
            )
        if d == "tribute":
            return _("Pay tribute: your strongest card (not a wild) — pick it and confirm")
        if d == "return":
            payer = next((p for p, r, _c in latest["tribute"]["transfers"] if r == self.me), None)
            return _("Choose a card to give back to {name}: rank 2–10, not a wild").format(
                name=self.who(payer) if payer is not None else "?"
            )
        waiting = latest.get("awaiting", [])
        phase = latest.get("phase")
        if not waiting:
            return ""
        names = " & ".join(self.who(s) for s in waiting)
        if phase == "tribute":
            return _("{names}: paying tribute…").format(names=names)
        if phase == "return":
            return _("{names}: choosing a card to return…").format(names=names)
        return _("{names} to play…").format(names=names)
