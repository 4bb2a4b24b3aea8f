"""The Take 5 table: four rows, your hand, the reveal, the row choice, the players.

Layout at 1280×720 (scaled for other sizes): rows on the left, this turn's revealed
cards in the middle, players on the right, your hand along the bottom.
"""

from __future__ import annotations

import pygame

from client import assets, cards
from client.i18n import _, ngettext
from client.anim import Beat, Flight
from client.tables.base import TableScene, headline
from engine.take5 import bullheads


def bull_icon(
    surface: pygame.Surface, center: tuple[int, int], r: int, color=(120, 30, 60)
) -> None:
    """A small horned head, the bullhead mark."""
    cx, cy = center
    pygame.draw.circle(surface, color, (cx, cy), r)
    pygame.draw.line(surface, color, (cx - r, cy - r // 2), (cx - r - r // 2, cy - r - 2), 3)
    pygame.draw.line(surface, color, (cx + r, cy - r // 2), (cx + r + r // 2, cy - r - 2), 3)
    pygame.draw.circle(surface, (250, 250, 246), (cx - r // 3, cy - r // 5), max(1, r // 5))
    pygame.draw.circle(surface, (250, 250, 246), (cx + r // 3, cy - r // 5), max(1, r // 5))


class Take5Table(TableScene):
    """Take 5 (take5.md): choose a card, watch the reveal, choose a row when too low."""

    game_id = "take5"

    def __init__(self, app, session) -> None:
        super().__init__(app, session)
        self.layout()
        self.selected: int | None = None
        self.sent_at: int | None = None  # mirror seq when our last action was sent
        self.hover_row: int | None = None
        self.placed: set[int] = set()  # revealed cards already moved to a row
        self.floaters: list[list] = []  # [text, x, y, t]

    @staticmethod
    def summary(view: dict, names: list[str], me: int | None) -> dict:
        """Standings by total bullheads, lowest first (take5.md "End of the game")."""
        winners = set(view.get("winners", []))
        totals = view["totals"]
        order = sorted(range(len(totals)), key=lambda s: (totals[s], s))
        return {
            "headline": headline(winners, names, me),
            "subtitle": _("Take 5 · {rounds} rounds · fewest bullheads win").format(
                rounds=view.get("round", "?")
            ),
            "rows": [
                (
                    _("You") if s == me else names[s],
                    _("{n} bullheads").format(n=totals[s]),
                    s in winners,
                )
                for s in order
            ],
        }

    # ------------------------------------------------------------------ geometry
    def layout(self) -> None:
        """Scale the 1280×720 design to the window, keeping card proportions."""
        k = min(self.w / 1280, self.h / 720)
        self.k = k
        self.cw, self.ch = int(70 * k), int(98 * k)  # row / reveal cards
        self.hw, self.hh = int(88 * k), int(123 * k)  # hand cards

    def s(self, v: float) -> int:
        return int(v * self.k)

    def t(self, v: float) -> int:
        """A text size: design pixels × scale × the player's text size (ui_scale, up to
        1.25 here: the panels are laid out for that much)."""
        return max(9, int(v * self.k * min(1.25, self.ui_scale)))

    def label(self, text: str, size: float, width: float, color=assets.WHITE, bold=False):
        """``text`` at text size ``size``, shrunk to fit ``width`` design pixels."""
        return self.fit_text(text, self.t(size), self.s(width), color, bold)

    def row_rect(self, r: int) -> pygame.Rect:
        return pygame.Rect(self.s(16), self.s(64 + r * 112), self.s(600), self.s(106))

    def row_slot(self, r: int, i: int) -> pygame.Rect:
        x = self.s(118) + i * (self.cw + self.s(8))
        return pygame.Rect(x, self.s(68 + r * 112), self.cw, self.ch)

    def reveal_slot(self, i: int, n: int) -> pygame.Rect:
        per = 5
        col, line = i % per, i // per
        x = self.s(650) + col * (self.cw + self.s(6))
        y = self.s(100) + line * (self.ch + self.s(40))
        return pygame.Rect(x, y, self.cw, self.ch)

    def player_rect(self, seat: int) -> pygame.Rect:
        n = self.board["players"] if self.board else 4
        h = min(self.s(58), self.s(444) // max(1, n))
        return pygame.Rect(self.s(1040), self.s(64) + seat * h, self.s(228), h - self.s(4))

    def hand_slot(self, i: int, n: int) -> pygame.Rect:
        step = self.hw + self.s(8)
        x0 = self.w // 2 - (n * step) // 2 - self.s(60)
        return pygame.Rect(x0 + i * step, self.h - self.hh - self.s(20), self.hw, self.hh)

    def play_button(self) -> pygame.Rect:
        return pygame.Rect(self.w - self.s(190), self.h - self.s(120), self.s(170), self.s(60))

    # ------------------------------------------------------------------ state helpers
    @property
    def me(self) -> int | None:
        return self.perspective

    def my_decision(self) -> str | None:
        """ "choose", "row" or None for the shown seat, from the latest view."""
        if self.me is None or not self.board or self.board.get("over"):
            return None
        mirror = self.session.mirrors[self.me]
        if self.sent_at == mirror.seq and not mirror.errors:
            return None  # our action is on its way: never send a second one
        self.sent_at = None
        latest = mirror.view or {}
        if latest.get("phase") == "row-choice" and latest.get("row_choice") == self.me:
            return "row"
        if latest.get("phase") == "choose" and latest.get("chosen") is None and latest.get("hand"):
            return "choose"
        return None

    def needs_decision(self, seat: int, view: dict) -> bool:
        if view.get("phase") == "row-choice":
            return view.get("row_choice") == seat
        return view.get("chosen") is None and bool(view.get("hand"))

    def on_reset(self) -> None:
        self.placed = set()
        hand = self.board.get("hand", [])
        if self.selected not in hand:
            self.selected = None

    # ------------------------------------------------------------------ events → beats
    def beats_for(self, events: list[dict]) -> list[Beat]:
        beats: list[Beat] = []
        for e in events:
            t = e["type"]
            if t == "choose":

                def fin(e=e):
                    self.board["has_chosen"][e["seat"]] = True
                    if e.get("card") is not None and e["seat"] == self.me:
                        self.board["chosen"] = e["card"]

                beats.append(Beat(0.05, finish=fin))
            elif t == "reveal":
                beats.append(self._reveal_beat(e["cards"]))
            elif t == "move" and e["from"] == "table" and e["to"].startswith("row/"):
                beats.append(self._to_row_beat(e["cards"][0], int(e["to"][4:])))
            elif t == "move" and e["from"].startswith("row/") and e["to"].startswith("penalty/"):
                beats.append(
                    self._take_row_beat(int(e["from"][4:]), int(e["to"][8:]), e.get("bullheads"))
                )
            elif t == "row-choice":
                seat = e["seat"]
                if seat != self.me:
                    note = _("{name}'s {card} is too low: a row is taken").format(
                        name=self.short_name(seat), card=e["card"]
                    )
                    beats.append(Beat(0.6, finish=lambda note=note: self.show_note(note)))
            elif t == "game-end":
                beats.append(Beat(0.1, finish=lambda: self.sfx("win")))
            elif t == "round-end":
                beats.append(Beat(2.6, begin=lambda e=e: self._round_banner(e), label="round"))
            elif t == "round":
                beats.append(Beat(0.3, finish=lambda: self._clear_rows()))
            elif t == "move" and e["from"] == "deck":
                beats.extend(self._deal_beats(e))
        return beats

    def message_pos(self) -> tuple[int, int]:
        return (self.s(835), self.s(400))

    def short_name(self, seat: int) -> str:
        """A name that fits under a card: "Bot 3 (hard)" → "Bot 3"."""
        return self.name(seat).split(" (")[0][:10]

    def show_note(self, text: str) -> None:
        self.message, self.message_t = text, 2.5

    def _reveal_beat(self, pairs: list[list[int]]) -> Beat:
        def begin():
            self.sfx("card")
            flights = []
            n = len(pairs)
            for i, (seat, card) in enumerate(pairs):
                src = (
                    self.player_rect(seat).center
                    if seat != self.me
                    else self.hand_card_center(card)
                )
                flights.append(Flight(card, src, self.reveal_slot(i, n).center, 0.5, 0.05 * i))
            return flights

        def finish():
            self.board["revealed"] = [list(p) for p in pairs]
            self.board["pending"] = sorted([c, s] for s, c in pairs)
            self.board["has_chosen"] = [False] * self.board["players"]
            if self.me is not None:
                mine = [c for s, c in pairs if s == self.me]
                self.board["hand"] = [c for c in self.board["hand"] if c not in mine]
                self.board["chosen"] = None
            self.placed = set()

        return Beat(1.1, begin=begin, finish=finish, label="reveal")

    def hand_card_center(self, card: int) -> tuple[int, int]:
        hand = self.board.get("hand", [])
        if card in hand:
            return self.hand_slot(hand.index(card), len(hand)).center
        return (self.w // 2, self.h)

    def _to_row_beat(self, card: int, r: int) -> Beat:
        def begin():
            self.sfx("card")
            rev = self.board["revealed"]
            i = next((k for k, (_s, c) in enumerate(rev) if c == card), 0)
            self.placed.add(card)
            n = len(self.board["rows"][r])
            return [
                Flight(
                    card,
                    self.reveal_slot(i, len(rev)).center,
                    self.row_slot(r, min(n, 5)).center,
                    0.5,
                )
            ]

        def finish():
            self.board["rows"][r] = self.board["rows"][r] + [card]
            self.board["pending"] = [p for p in self.board["pending"] if p[0] != card]

        return Beat(0.65, begin=begin, finish=finish)

    def _take_row_beat(self, r: int, seat: int, heads: int | None) -> Beat:
        taken = {}

        def begin():
            self.sfx("row")
            row = self.board["rows"][r]
            taken["n"] = len(row)
            dst = self.player_rect(seat).center
            flights = [
                Flight(c, self.row_slot(r, i).center, dst, 0.55, 0.04 * i)
                for i, c in enumerate(row)
            ]
            self.board["rows"][r] = []
            label = (
                f"+{heads}"
                if heads is not None
                else ngettext("{n} card", "{n} cards", len(row)).format(n=len(row))
            )
            x, y = self.player_rect(seat).midleft
            self.floaters.append([label, x - self.s(40), y, 1.6])
            return flights

        def finish():
            self.board["penalty_counts"][seat] += taken.get("n", 0)
            if heads is not None and seat == self.me:
                self.board["own_bullheads"] += heads

        return Beat(0.8, begin=begin, finish=finish)

    def _round_banner(self, e: dict) -> list:
        self.round_summary = e
        self.round_summary_t = 2.6 / max(0.1, self.timeline.speed)
        return []

    def deck_point(self) -> tuple[int, int]:
        return (self.s(835), self.s(430))

    def _deal_beats(self, e: dict) -> list[Beat]:
        """A new round's deal: the four row cards, and your own hand, fly from the deck."""
        cards_ = e.get("cards")
        if e["to"].startswith("row/") and cards_:
            r = int(e["to"][4:])

            def begin():
                return [Flight(cards_[0], self.deck_point(), self.row_slot(r, 0).center, 0.3)]

            def finish():
                self.board["rows"][r] = [cards_[0]]

            return [Beat(0.32, begin=begin, finish=finish)]
        if e["to"] == f"hand/{self.me}" and cards_:
            n = len(cards_)

            def begin():
                return [
                    Flight(c, self.deck_point(), self.hand_slot(i, n).center, 0.35, 0.05 * i)
                    for i, c in enumerate(cards_)
                ]

            def finish():
                self.board["hand"] = list(cards_)

            return [Beat(0.35 + 0.05 * n, begin=begin, finish=finish)]
        return []

    def _clear_rows(self) -> None:
        if self.me is not None:
            self.board["hand"] = []
        self.board["rows"] = [[], [], [], []]
        self.board["revealed"] = []
        self.board["pending"] = []

    # ------------------------------------------------------------------ input
    def handle_table_event(self, event: pygame.event.Event) -> None:
        decision = self.my_decision()
        if decision is None:
            return
        hand = self.board.get("hand", [])
        if decision == "choose":
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                if self.play_button().collidepoint(event.pos) and self.selected is not None:
                    self.play()
                    return
                for i, c in enumerate(hand):
                    if (
                        self.hand_slot(i, len(hand))
                        .move(0, -self.s(24) if c == self.selected else 0)
                        .collidepoint(event.pos)
                    ):
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
                elif event.key in (pygame.K_RETURN, pygame.K_SPACE) and self.selected:
                    self.play()
        else:
            if event.type == pygame.MOUSEMOTION:
                self.hover_row = next(
                    (r for r in range(4) if self.row_rect(r).collidepoint(event.pos)), None
                )
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                for r in range(4):
                    if self.row_rect(r).collidepoint(event.pos):
                        self.take_row(r)
            elif event.type == pygame.KEYDOWN and pygame.K_1 <= event.key <= pygame.K_4:
                self.take_row(event.key - pygame.K_1)

    def on_refused(self, seat: int | None, error: dict) -> None:
        self.sent_at = None  # decide again

    def play(self) -> None:
        if self.selected is None or self.my_decision() != "choose":
            return
        self.sent_at = self.session.mirrors[self.me].seq
        self.session.send(self.me, {"type": "choose", "card": self.selected})
        self.selected = None

    def take_row(self, r: int) -> None:
        if self.my_decision() != "row":
            return
        self.sent_at = self.session.mirrors[self.me].seq
        self.session.send(self.me, {"type": "take-row", "row": r})
        self.hover_row = None

    # ------------------------------------------------------------------ drawing
    def update(self, dt: float) -> None:
        super().update(dt)
        for f in self.floaters:
            f[3] -= dt
            f[2] -= dt * 20
        self.floaters = [f for f in self.floaters if f[3] > 0]
        if getattr(self, "round_summary_t", 0) > 0:
            self.round_summary_t -= dt

    def draw_flight(self, surface, flight, pos) -> None:
        img = cards.take5_card(flight.card, self.cw, self.ch)
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def status_line(self) -> str:
        b = self.board
        if b.get("over"):
            return _("Game over")
        decision = self.my_decision() if self.timeline.idle else None
        if decision == "choose":
            return _("Choose a card: click it, then click again or press Enter")
        if decision == "row":
            card = b["pending"][0][0] if b.get("pending") else "?"
            return _("Your {card} is too low: click a row to take it (or press 1–4)").format(
                card=card
            )
        latest = self.mirror.view or b
        if latest.get("phase") == "row-choice":
            return _("{name} is choosing a row…").format(name=self.name(latest["row_choice"]))
        waiting = [self.short_name(s) for s in latest.get("awaiting", [])]
        if waiting and self.timeline.idle:
            if len(waiting) > 3:
                return _("Waiting for {n} players to choose…").format(n=len(waiting))
            return _("Waiting for {names}…").format(names=", ".join(waiting))
        return ""

    def draw_board(self, surface: pygame.Surface) -> None:
        b = self.board
        s = self.s
        # top bar
        pygame.draw.rect(surface, assets.FELT_DARK, (0, 0, self.w, s(50)))
        limit = (
            _("{n} rounds").format(n=b["rounds"])
            if b.get("rounds")
            else _("ends above {n} bullheads").format(n=b["threshold"])
        )
        title = _("Take 5 · Round {round} · Turn {turn} of 10").format(
            round=b["round"], turn=min(b["turn"], 10)
        )
        img = self.label(title, 20, 560, assets.WHITE, True)
        surface.blit(img, img.get_rect(midleft=(s(16), s(25))))
        img = self.label(
            _("Game {limit} · F1: rules · Esc: menu").format(limit=limit), 16, 660, assets.WHITE
        )
        surface.blit(img, img.get_rect(midright=(self.w - s(16), s(25))))
        status = self.status_line()
        if status:
            img = self.fit_text(status, self.t(19), self.w - s(676), assets.GOLD, True)
            surface.blit(img, img.get_rect(midleft=(s(660), s(526))))
        self.draw_rows(surface)
        self.draw_reveal(surface)
        self.draw_players(surface)
        self.draw_hand(surface)
        for text, x, y, _t in self.floaters:
            img = assets.text(text, self.t(26), assets.RED, True)
            surface.blit(img, img.get_rect(center=(int(x), int(y))))
        if getattr(self, "round_summary_t", 0) > 0:
            self.draw_round_summary(surface)

    def draw_rows(self, surface: pygame.Surface) -> None:
        s, b = self.s, self.board
        choosing = self.my_decision() == "row" and self.timeline.idle
        for r in range(4):
            rect = self.row_rect(r)
            row = b["rows"][r]
            cost = sum(bullheads(c) for c in row)
            bg = (255, 226, 90, 70) if choosing and self.hover_row == r else (0, 0, 0, 45)
            panel = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(panel, bg, panel.get_rect(), border_radius=s(10))
            surface.blit(panel, rect)
            if choosing:
                pygame.draw.rect(surface, assets.HIGHLIGHT, rect, 3, border_radius=s(10))
            surface.blit(
                self.label(_("Row {n}").format(n=r + 1), 17, 94, assets.WHITE, True),
                (rect.x + s(10), rect.y + s(14)),
            )
            bull_icon(surface, (rect.x + s(24), rect.y + s(62)), s(9), (250, 250, 246))
            img = self.label(str(cost), 24, 60, assets.GOLD, True)
            surface.blit(img, img.get_rect(midleft=(rect.x + s(42), rect.y + s(62))))
            for i in range(6):
                slot = self.row_slot(r, i)
                if i < len(row):
                    surface.blit(cards.shadow(self.cw, self.ch), slot.move(3, 3))
                    surface.blit(cards.take5_card(row[i], self.cw, self.ch), slot)
                else:
                    surface.blit(cards.slot(self.cw, self.ch), slot)
                    if i == 5:
                        pygame.draw.rect(surface, (200, 60, 60), slot, 2, border_radius=s(7))
                        img = self.label(_("6th"), 14, 64, (230, 120, 120), True)
                        surface.blit(img, img.get_rect(center=slot.center))
            if choosing:
                img = self.label(
                    _("[{n}] take: {cost}").format(n=r + 1, cost=cost), 15, 200, assets.INK, True
                )
                tag = img.get_rect(bottomright=(rect.right - s(6), rect.bottom - s(6)))
                pygame.draw.rect(
                    surface, assets.HIGHLIGHT, tag.inflate(s(8), s(4)), border_radius=s(5)
                )
                surface.blit(img, tag)

    def draw_reveal(self, surface: pygame.Surface) -> None:
        s, b = self.s, self.board
        rev = b.get("revealed", [])
        head = self.label(_("Revealed this turn"), 17, 380, assets.WHITE, True)
        surface.blit(head, (s(650), s(66)))
        flying = {f.card for f, _p in self.timeline.flights()}
        pending = {c for c, _s in b.get("pending", [])}
        for i, (seat, card) in enumerate(rev):
            slot = self.reveal_slot(i, len(rev))
            if card in pending and card not in flying and card not in self.placed:
                surface.blit(cards.take5_card(card, self.cw, self.ch), slot)
            else:
                surface.blit(cards.slot(self.cw, self.ch), slot)
            who = _("You") if seat == self.me else self.short_name(seat)
            img = self.label(who, 13, 76, assets.WHITE)
            surface.blit(img, img.get_rect(midtop=(slot.centerx, slot.bottom + s(3))))

    def draw_players(self, surface: pygame.Surface) -> None:
        s, b = self.s, self.board
        for seat in range(b["players"]):
            rect = self.player_rect(seat)
            mine = seat == self.me
            panel = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(
                panel,
                (255, 255, 255, 40) if mine else (0, 0, 0, 60),
                panel.get_rect(),
                border_radius=s(8),
            )
            surface.blit(panel, rect)
            if seat in b.get("awaiting", []) and not b.get("over"):
                pygame.draw.rect(surface, assets.GOLD, rect, 2, border_radius=s(8))
            name = (_("You") if mine else self.name(seat))[:16]
            surface.blit(
                self.label(name, 16, 160, assets.WHITE, True), (rect.x + s(8), rect.y + s(4))
            )
            chosen = b["has_chosen"][seat]
            mark = (
                _("✓ chosen")
                if chosen
                else ngettext("{n} card", "{n} cards", b["hand_sizes"][seat]).format(
                    n=b["hand_sizes"][seat]
                )
            )
            surface.blit(
                self.label(mark, 13, 90, assets.GOLD if chosen else assets.WHITE),
                (rect.x + s(8), rect.y + s(26)),
            )
            total = b["totals"][seat]
            img = self.label(str(total), 22, 44, assets.WHITE, True)
            surface.blit(img, img.get_rect(midright=(rect.right - s(10), rect.centery)))
            bull_icon(
                surface, (rect.right - s(26) - img.get_width(), rect.centery), s(7), (250, 250, 246)
            )
            pen = b["penalty_counts"][seat]
            if pen:
                extra = (
                    _("+{n} this round").format(n=b["own_bullheads"])
                    if mine
                    else _("{n} taken").format(n=pen)
                )
                surface.blit(
                    self.label(extra, 13, 76, (255, 160, 150)), (rect.x + s(100), rect.y + s(26))
                )

    def draw_hand(self, surface: pygame.Surface) -> None:
        s, b = self.s, self.board
        if self.me is None:
            img = self.label(_("Watching the table"), 18, 600, assets.WHITE)
            surface.blit(img, img.get_rect(center=(self.w // 2, self.h - s(80))))
            return
        hand = b.get("hand", [])
        deciding = self.my_decision() == "choose" and self.timeline.idle
        label = self.label(_("Your hand"), 16, 300, assets.WHITE, True)
        first = self.hand_slot(0, max(1, len(hand)))
        surface.blit(label, (first.x, first.y - s(26)))
        for i, c in enumerate(hand):
            rect = self.hand_slot(i, len(hand))
            lift = c == self.selected or c == b.get("chosen")
            if lift:
                rect = rect.move(0, -s(24))
            surface.blit(cards.shadow(self.hw, self.hh), rect.move(3, 4))
            surface.blit(cards.take5_card(c, self.hw, self.hh), rect)
            if c == b.get("chosen"):
                pygame.draw.rect(surface, assets.GOLD, rect.inflate(6, 6), 3, border_radius=s(9))
            elif c == self.selected:
                pygame.draw.rect(
                    surface, assets.HIGHLIGHT, rect.inflate(6, 6), 3, border_radius=s(9)
                )
        btn = self.play_button()
        if deciding and self.selected is not None:
            pygame.draw.rect(surface, assets.GOLD, btn, border_radius=s(10))
            img = self.label(_("Play {card}").format(card=self.selected), 22, 156, assets.INK, True)
            surface.blit(img, img.get_rect(center=btn.center))
        elif b.get("chosen") is not None:
            img = self.label(
                _("You chose {card}").format(card=b["chosen"]), 18, 180, assets.GOLD, True
            )
            surface.blit(img, img.get_rect(center=btn.center))

    def draw_round_summary(self, surface: pygame.Surface) -> None:
        s, e = self.s, self.round_summary
        n = len(e["totals"])
        step = max(s(30), int(self.t(19) * 1.25))
        box = pygame.Rect(0, 0, s(520), s(110) + n * step)
        box.center = (self.w // 2 - s(120), self.h // 2 - s(40))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (8, 30, 20, 235), panel.get_rect(), border_radius=s(14))
        surface.blit(panel, box)
        pygame.draw.rect(surface, assets.GOLD, box, 2, border_radius=s(14))
        head = self.label(_("Round {n} over").format(n=e["round"]), 28, 490, assets.GOLD, True)
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + s(14))))
        y = box.y + s(64)
        for seat in range(n):
            name = _("You") if seat == self.me else self.name(seat)
            surface.blit(self.label(name, 19, 250, assets.WHITE), (box.x + s(30), y))
            img = self.label(
                _("+{n}   total {total}").format(n=e["bullheads"][seat], total=e["totals"][seat]),
                19,
                200,
                assets.WHITE,
                True,
            )
            surface.blit(img, img.get_rect(topright=(box.right - s(30), y)))
            y += step
