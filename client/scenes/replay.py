"""The replay viewer (menu: "Replays", then a game).

:class:`ReplayScene` rebuilds every engine state of a logged game once (``engine``
replay, a few ms for a Take 5 game) and shows the game's own table drawn from the
*public* view at the chosen step: step forward and back, jump to a round or deal.
A replay can also be watched **from a seat**: the table drawn full size from that
seat's own view (its hand shown), one seat at a time (Tab or 1–9 for another). Any
seat once the logged game is over (the review); before its end only this screen's own
seat (a log with one player on this screen), never another's hidden cards. A finished
game's seed can be dealt again at a new table ("Play this deal").

:class:`LogListScene`, the lists of logs ("Continue a game", "Replays"), lives in
:mod:`client.scenes.logs` and is importable from here too (the router's "replays"
names it here, :data:`client.app.SCENES`).
"""

from __future__ import annotations

import time

import pygame

from client import assets
from client.scene import Scene
from client.i18n import _
from client.scenes.logs import LogListScene  # noqa: F401 (re-exported: its old home)

BAR = 86  # height of the control bar (pixels)
BAND = 32  # height of the band over a seat's view (pixels)
#: Public view keys that number rounds or deals, in order of preference.
ROUND_KEYS = ("round", "deal")


class ReplaySession:
    """The session a table scene gets in the viewer: names and options, no host."""

    remote = False
    host = None

    def __init__(self, scene: "ReplayScene", record: dict, names: list[str]) -> None:
        self.game_id = record["game"]
        self.seats = list(record["seats"])
        self.seed = record["seed"]
        self.options = dict(record.get("options") or {})
        self.names = names
        self.local_seats: list[int] = []
        self.mirrors: dict = {}  # nobody plays: the table shows views it is given

    def pump(self) -> None: ...

    def send(self, seat, action) -> None: ...

    def close(self) -> None: ...


def seat_names(record: dict) -> list[str]:
    """Display names from the log's seating (the names people had), else seat words."""
    from client.session import default_names, logged_names

    return logged_names(record, default_names(record["seats"], _("Player 1")))


class ReplayScene(Scene):
    """Step through a logged game. Keys: ←/→ step, Shift+←/→ ten steps, PgUp/PgDn
    previous/next round or deal, Home/End, R from a seat / the public view (see
    :meth:`open_seats`), Tab the next seat (then the public view), 1–9 that seat, 0 the
    public view, P play this deal (finished games), Esc back to the scene named
    ``back`` (a router name: "menu" or "replays")."""

    def __init__(self, app, record: dict, path: str | None = None, back: str = "menu") -> None:
        super().__init__(app)
        import engine
        from client.tables import table_for
        from net.log import replay_states

        self.record = record
        self.path = path
        self.back = back
        self.game = engine.get_game(record["game"])
        t0 = time.perf_counter()
        self.states = replay_states(record)
        self.build_ms = (time.perf_counter() - t0) * 1000
        self.players = len(record["seats"])
        self.over = self.game.is_over(self.states[-1])
        self.names = seat_names(record)
        self.session = ReplaySession(self, record, self.names)
        self.table = table_for(record["game"])(app, self.session)
        self.marks = self.round_marks()
        self.index = 0
        self.review = False  # a seat's view is shown (``focus``), not the public one
        self.focus: int | None = None  # the seat whose view is shown (None: public)
        self._cache: tuple | None = None
        self.layout()
        self.goto(0)

    # ------------------------------------------------------------------ model
    def round_marks(self) -> list[tuple[int, str]]:
        """``[(step, label)]`` where a round or deal begins (public views only)."""
        marks, last = [], None
        for i, st in enumerate(self.states):
            v = self.game.view(st, None)
            key = next((k for k in ROUND_KEYS if isinstance(v.get(k), int)), None)
            if key is None:
                continue
            if v[key] != last:
                last = v[key]
                label = _("Round {n}") if key == "round" else _("Deal {n}")
                marks.append((i, label.format(n=v[key])))
        return marks

    def view(self, seat: int | None) -> dict:
        """The view of ``seat`` at the current step (None = public)."""
        return self.game.view(self.states[self.index], seat)

    def open_seats(self) -> list[int]:
        """The seats whose own view (their hand) may be shown: every seat once the game
        is over; before, only the seat played on this screen when the log has exactly
        one (``human``); else none."""
        if self.over:
            return list(range(self.players))
        humans = [i for i, s in enumerate(self.record["seats"]) if s == "human"]
        return humans if len(humans) == 1 else []

    def can_review(self) -> bool:
        """Whether a seat's view can be shown (:meth:`open_seats`)."""
        return bool(self.open_seats())

    def goto(self, index: int) -> None:
        """Show step ``index`` (clamped to 0..actions)."""
        self.index = max(0, min(len(self.states) - 1, index))
        self.show(self.focus if self.review else None)

    def show(self, seat: int | None) -> None:
        """Give the table ``seat``'s view of the current step (None = public); a seat's
        view only for the :meth:`open_seats`."""
        if seat is not None and seat not in self.open_seats():
            seat = None  # never another seat's hidden cards before the game's end
        self.table.show(self.view(seat), seat)  # (no "your turn" prompts in a review)

    def jump_round(self, direction: int) -> None:
        """To the start of the next (``+1``) or this/previous (``-1``) round or deal."""
        starts = [i for i, _label in self.marks]
        if direction > 0:
            later = [i for i in starts if i > self.index]
            self.goto(later[0] if later else len(self.states) - 1)
        else:
            earlier = [i for i in starts if i < self.index]
            self.goto(earlier[-1] if earlier else 0)

    def set_review(self, on: bool) -> None:
        """From a seat (the first open one) or back to the public view."""
        self.set_focus(self.open_seats()[0] if on and self.can_review() else None)

    def set_focus(self, seat: int | None) -> None:
        """Show ``seat``'s own view (None, or a seat not open: the public view)."""
        if seat not in self.open_seats():
            seat = None
        self.review, self.focus = seat is not None, seat
        self.goto(self.index)

    def next_seat(self) -> None:
        """The next open seat's view, after the last the public view."""
        order = [None, *self.open_seats()]
        self.set_focus(order[(order.index(self.focus) + 1) % len(order)])

    def play_this_deal(self) -> None:
        """A new table with the same game, seed, options and seat count: you at seat 1,
        normal bots elsewhere (finished games only: the seed is no secret then)."""
        if not self.over:
            return
        from client.launch import start_table

        seats = ["human"] + ["bot:normal"] * (self.players - 1)
        start_table(
            self.app,
            self.record["game"],
            seats,
            self.record["seed"],
            self.record.get("options") or {},
        )

    # ------------------------------------------------------------------ layout
    def layout(self) -> None:
        self.w, self.h = self.app.size
        # The table lays itself out for the space above the control bar (and the seat's
        # band), full size: :meth:`draw_table`.
        self.table.w, self.table.h = self.w, self.h - BAR
        self.table.layout()
        y = self.h - BAR + 10
        self.buttons: dict[str, pygame.Rect] = {}
        x = 16
        for key, width in (
            ("first", 52),
            ("prev_round", 52),
            ("prev", 52),
            ("next", 52),
            ("next_round", 52),
            ("last", 52),
        ):
            self.buttons[key] = pygame.Rect(x, y, width - 6, 34)
            x += width
        # The right-hand buttons as wide as their words (the longest of each's labels).
        right = self.w - 14
        for key, labels in (
            ("back", [_("Esc")]),
            ("deal", [_("Play this deal (P)")]),
            ("review", [_("Public view (R)"), _("Review (R)"), _("My hand (R)")]),
        ):
            width = max(70, *(assets.measure(t, 16, True) + 24 for t in labels))
            self.buttons[key] = pygame.Rect(right - width, y, width, 34)
            right -= width + 8
        self.track = pygame.Rect(16, self.h - 30, self.w - 32, 14)
        self._cache = None

    def resized(self) -> None:
        self.app.ui.clear_and_reset()
        self.layout()

    # ------------------------------------------------------------------ input
    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            shift = bool(event.mod & pygame.KMOD_SHIFT)
            k = event.key
            if k == pygame.K_ESCAPE:
                self.leave()
            elif k == pygame.K_RIGHT:
                self.goto(self.index + (10 if shift else 1))
            elif k == pygame.K_LEFT:
                self.goto(self.index - (10 if shift else 1))
            elif k == pygame.K_HOME:
                self.goto(0)
            elif k == pygame.K_END:
                self.goto(len(self.states) - 1)
            elif k == pygame.K_PAGEDOWN:
                self.jump_round(+1)
            elif k == pygame.K_PAGEUP:
                self.jump_round(-1)
            elif k == pygame.K_r:
                self.set_review(not self.review)
            elif k == pygame.K_p:
                self.play_this_deal()
            elif k == pygame.K_TAB:
                self.next_seat()
            elif k == pygame.K_0:
                self.set_focus(None)
            elif pygame.K_1 <= k <= pygame.K_9:
                seat = k - pygame.K_1
                self.set_focus(None if self.focus == seat else seat)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.click(event.pos)

    def click(self, pos) -> None:
        actions = {
            "first": lambda: self.goto(0),
            "prev_round": lambda: self.jump_round(-1),
            "prev": lambda: self.goto(self.index - 1),
            "next": lambda: self.goto(self.index + 1),
            "next_round": lambda: self.jump_round(+1),
            "last": lambda: self.goto(len(self.states) - 1),
            "review": lambda: self.set_review(not self.review),
            "deal": self.play_this_deal,
            "back": self.leave,
        }
        for key, rect in self.buttons.items():
            if rect.collidepoint(pos):
                actions[key]()
                return
        if self.track.inflate(0, 16).collidepoint(pos):
            frac = (pos[0] - self.track.x) / max(1, self.track.w)
            self.goto(round(frac * (len(self.states) - 1)))
            return
        if self.review and pos[1] < BAND:  # the seat's band: the next seat
            self.next_seat()

    def leave(self) -> None:
        self.app.go(self.back)

    # ------------------------------------------------------------------ drawing
    def draw_table(self, surface: pygame.Surface, seat: int | None, top: int = 0) -> None:
        """The game's own table, drawn from ``seat``'s view (None: the public one) and
        laid out for ``surface`` below ``top`` pixels — full size, never scaled down, so
        its text keeps the table's own sizes (never under 12 px)."""
        w, h = surface.get_width(), surface.get_height() - top
        if (self.table.w, self.table.h) != (w, h):
            self.table.w, self.table.h = w, h
            self.table.layout()
        self.show(seat)
        board = surface.subsurface(pygame.Rect(0, top, w, h))
        board.fill(assets.FELT)
        self.table.draw_board(board)

    def draw(self, surface: pygame.Surface) -> None:
        area = pygame.Rect(0, 0, self.w, self.h - BAR)
        key = (self.index, self.review, self.focus, self.w, self.h)
        if self._cache is None or self._cache[0] != key:
            canvas = pygame.Surface(area.size).convert()
            if self.focus is None:
                self.draw_table(canvas, None)
            else:
                self.draw_table(canvas, self.focus, BAND)
                self.review_band(canvas, self.focus)
            self.table.show(self.view(None))
            self._cache = (key, canvas)
        surface.blit(self._cache[1], area)
        self.draw_bar(surface)

    def idle(self) -> bool:
        return self.drawn()

    def drawn(self) -> bool:
        """Whether the picture of the current step is drawn."""
        return self._cache is not None

    def review_band(self, canvas: pygame.Surface, seat: int) -> None:
        """The band over a seat's view: whose hand this is, and how to see another."""
        name = self.names[seat]
        if not self.over:
            text = _("{name}'s own view · R or 0: the public view").format(name=name)
        elif self.players > 1:
            text = _("REVIEW — {n}. {name}'s hand · Tab or 1–{m}: another seat · 0: public").format(
                n=seat + 1, name=name, m=min(9, self.players)
            )
        else:
            text = _("REVIEW — {name}'s hand · 0: the public view").format(name=name)
        rect = pygame.Rect(0, 0, canvas.get_width(), BAND)
        pygame.draw.rect(canvas, assets.GOLD, rect)
        img = assets.fit(text, 18, rect.w - 20, assets.INK, True)
        canvas.blit(img, img.get_rect(center=rect.center))

    def draw_bar(self, surface: pygame.Surface) -> None:
        bar = pygame.Rect(0, self.h - BAR, self.w, BAR)
        pygame.draw.rect(surface, (8, 34, 23), bar)
        pygame.draw.line(surface, assets.GOLD, bar.topleft, bar.topright, 2)
        glyphs = {
            "first": "|◀",
            "prev_round": "◀◀",
            "prev": "◀",
            "next": "▶",
            "next_round": "▶▶",
            "last": "▶|",
        }
        for key, g in glyphs.items():
            self.button(surface, self.buttons[key], g)
        n = len(self.states) - 1
        where = next((label for i, label in reversed(self.marks) if i <= self.index), "")
        info = _("Step {i} of {n}").format(i=self.index, n=n)
        if where:
            info += " · " + where
        if self.index == n:
            info += " · " + (_("game over") if self.over else _("the log ends here"))
        room = self.buttons["review"].x - 16 - 340
        surface.blit(assets.fit(info, 18, room, assets.WHITE, True), (340, self.h - BAR + 16))
        if self.can_review():
            label = _("Review (R)") if self.over else _("My hand (R)")
            self.button(
                surface,
                self.buttons["review"],
                _("Public view (R)") if self.review else label,
                self.review,
            )
        if self.over:
            self.button(surface, self.buttons["deal"], _("Play this deal (P)"))
        elif not self.can_review():
            text = _("Review opens when the game is over")
            img = assets.fit(text, 15, self.buttons["back"].x - 12 - 760, (190, 205, 195))
            surface.blit(
                img, img.get_rect(midright=(self.buttons["back"].x - 12, self.h - BAR + 27))
            )
        self.button(surface, self.buttons["back"], _("Esc"))
        # the track: rounds as ticks, the current step as a knob
        pygame.draw.rect(surface, assets.FELT, self.track, border_radius=7)
        for i, _label in self.marks:
            x = self.track.x + int(self.track.w * i / max(1, n))
            top, bottom = (x, self.track.y - 3), (x, self.track.bottom + 2)
            pygame.draw.line(surface, assets.WHITE, top, bottom, 2)
        x = self.track.x + int(self.track.w * self.index / max(1, n))
        pygame.draw.circle(surface, assets.GOLD, (x, self.track.centery), 9)

    def button(self, surface, rect: pygame.Rect, label: str, active: bool = False) -> None:
        pygame.draw.rect(surface, assets.GOLD if active else (31, 93, 67), rect, border_radius=8)
        pygame.draw.rect(surface, assets.GOLD, rect, 1, border_radius=8)
        img = assets.fit(label, 16, rect.w - 8, assets.INK if active else assets.WHITE, True)
        surface.blit(img, img.get_rect(center=rect.center))
