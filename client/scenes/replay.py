"""The replay viewer and the lists of logged games (menu: "Continue a game", "Replays").

:class:`ReplayScene` rebuilds every engine state of a logged game once (``engine``
replay, a few ms for a Take 5 game) and shows the game's own table drawn from the
*public* view at the chosen step: step forward and back, jump to a round or deal.
Once the logged game is over a **review** mode shows every hand open, built from each
seat's own view — never for a game that is not over. A finished game's seed can be
dealt again at a new table ("Play this deal").

:class:`LogListScene` lists the logs under the user's data folder: unfinished local
games to continue, or every game to replay.
"""

from __future__ import annotations

import os
import time

import pygame

from client import assets
from client.scene import Scene
from client.i18n import _

BAR = 86  # height of the control bar (pixels)
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
    previous/next round or deal, Home/End, R review (finished games), P play this
    deal (finished games), Tab/1–9 the seat shown in review, Esc back to the scene
    named ``back`` (a router name: "menu" or "replays")."""

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
        self.review = False
        self.focus: int | None = None  # the seat shown large in review (None = all)
        self._cache: tuple | None = None
        self._pending: list[int] = []  # review cells still to draw
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

    def can_review(self) -> bool:
        """Review (every hand open) exists only for a game that is over."""
        return self.over

    def goto(self, index: int) -> None:
        """Show step ``index`` (clamped to 0..actions)."""
        self.index = max(0, min(len(self.states) - 1, index))
        self.show(self.focus if self.review else None)

    def show(self, seat: int | None) -> None:
        """Give the table ``seat``'s view of the current step (None = public); a seat's
        view only when the game is over (review)."""
        if seat is not None and not self.can_review():
            seat = None  # never a seat's hidden cards while the game is not over
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
        if on and not self.can_review():
            return
        self.review, self.focus = on, None
        self.goto(self.index)

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
        # The table lays itself out for the whole window; the viewer scales its picture
        # into the space above the control bar (any table, however it measures).
        self.table.w, self.table.h = self.w, self.h
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
        self.buttons["review"] = pygame.Rect(self.w - 420, y, 150, 34)
        self.buttons["deal"] = pygame.Rect(self.w - 262, y, 170, 34)
        self.buttons["back"] = pygame.Rect(self.w - 84, y, 70, 34)
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
            elif self.review and k == pygame.K_TAB:
                order = [None, *range(self.players)]
                self.focus = order[(order.index(self.focus) + 1) % len(order)]
                self.goto(self.index)
            elif self.review and pygame.K_1 <= k <= pygame.K_9:
                seat = k - pygame.K_1
                if seat < self.players:
                    self.focus = None if self.focus == seat else seat
                    self.goto(self.index)
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
        if self.review and self.focus is None:
            for seat, cell in enumerate(self.cells()):
                if cell.collidepoint(pos):
                    self.focus = seat
                    self.goto(self.index)
                    return

    def leave(self) -> None:
        self.app.go(self.back)

    # ------------------------------------------------------------------ drawing
    def cells(self) -> list[pygame.Rect]:
        """Review grid cells, one per seat, in the table area."""
        n = self.players
        cols = 1 if n == 1 else 2 if n <= 4 else 3 if n <= 9 else 4
        rows = -(-n // cols)
        top = 34
        cw, ch = self.w // cols, (self.h - BAR - top) // rows
        # keep the table's proportions inside each cell
        scale = min(cw / self.w, ch / self.h)
        iw, ih = int(self.w * scale) - 6, int(self.h * scale) - 6
        return [
            pygame.Rect(
                (i % cols) * cw + (cw - iw) // 2, top + (i // cols) * ch + (ch - ih) // 2, iw, ih
            )
            for i in range(n)
        ]

    def draw_table(self, surface: pygame.Surface, seat: int | None, top: int = 0) -> None:
        """The game's own table, drawn from ``seat``'s view (review) or the public one,
        scaled (proportions kept) into ``surface`` below ``top`` pixels."""
        self.show(seat)
        full = pygame.Surface((self.w, self.h)).convert()
        full.fill(assets.FELT)
        self.table.draw_board(full)
        sw, sh = surface.get_width(), surface.get_height() - top
        k = min(sw / self.w, sh / self.h)
        size = (max(1, int(self.w * k)), max(1, int(self.h * k)))
        surface.fill(assets.FELT_DARK)
        surface.blit(
            pygame.transform.smoothscale(full, size),
            ((sw - size[0]) // 2, top + (sh - size[1]) // 2),
        )

    def draw(self, surface: pygame.Surface) -> None:
        area = pygame.Rect(0, 0, self.w, self.h - BAR)
        key = (self.index, self.review, self.focus, self.w, self.h)
        if self._cache is None or self._cache[0] != key:
            canvas = pygame.Surface(area.size).convert()
            if not self.review:
                self.draw_table(canvas, None)
            elif self.focus is not None:
                self.draw_table(canvas, self.focus, 30)
                self.review_band(canvas, self.focus)
            else:
                canvas.fill(assets.FELT_DARK)
                for cell in self.cells():
                    pygame.draw.rect(canvas, assets.GOLD, cell.inflate(4, 4), 2)
                self.review_band(canvas, None)
                # one seat's table a frame, so the window stays responsive at 10 seats
                self._pending = list(range(self.players))
            self.table.show(self.view(None))
            self._cache = (key, canvas)
        elif self._pending:
            self.draw_cell(self._cache[1], self._pending.pop(0))
            self.table.show(self.view(None))
        surface.blit(self._cache[1], area)
        self.draw_bar(surface)

    def draw_cell(self, canvas: pygame.Surface, seat: int) -> None:
        """Seat ``seat``'s table (its own view) in its review cell, with its name."""
        cell = self.cells()[seat]
        board = pygame.Surface(cell.size).convert()
        self.draw_table(board, seat)
        canvas.blit(board, cell)
        tag = assets.text(
            _("{n}. {name}").format(n=seat + 1, name=self.names[seat]), 15, assets.INK, True
        )
        box = tag.get_rect(topleft=(cell.x + 4, cell.y + 4)).inflate(10, 4)
        pygame.draw.rect(canvas, assets.GOLD, box, border_radius=5)
        canvas.blit(tag, tag.get_rect(center=box.center))

    def idle(self) -> bool:
        return self.drawn()  # review cells are drawn one a frame

    def drawn(self) -> bool:
        """Whether the picture of the current step is complete (review cells included)."""
        return self._cache is not None and not self._pending

    def review_band(self, canvas: pygame.Surface, seat: int | None) -> None:
        """The label that says every hand is open: this is the after-game review."""
        text = (
            _("REVIEW — every hand open · the game is over · 1–{n}: one seat, Tab: next").format(
                n=min(9, self.players)
            )
            if seat is None
            else _("REVIEW — {name}'s hand · 1–{n} or Tab: another seat").format(
                name=self.names[seat], n=min(9, self.players)
            )
        )
        img = assets.text(text, 17, assets.INK, True)
        rect = pygame.Rect(0, 0, canvas.get_width(), 30)
        pygame.draw.rect(canvas, assets.GOLD, rect)
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
        surface.blit(assets.text(info, 18, assets.WHITE, True), (340, self.h - BAR + 16))
        if self.can_review():
            self.button(
                surface,
                self.buttons["review"],
                _("Public view (R)") if self.review else _("Review (R)"),
                self.review,
            )
            self.button(surface, self.buttons["deal"], _("Play this deal (P)"))
        else:
            img = assets.text(_("Review opens when the game is over"), 15, (190, 205, 195))
            surface.blit(img, img.get_rect(midright=(self.w - 100, self.h - BAR + 27)))
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
        img = assets.text(label, 16, assets.INK if active else assets.WHITE, True)
        surface.blit(img, img.get_rect(center=rect.center))


class LogListScene(Scene):
    """The logs in the data folder: ``mode`` "continue" (unfinished games with a player
    on this screen or a phone seat of its table for the room: Enter resumes) or "replays" (every logged game: Enter replays; a
    file that cannot be read is listed as unreadable, its reason shown when chosen).
    ↑/↓ or click to choose, Esc → menu."""

    ROWS = 10  # at most; fewer in a short window (:meth:`rows`)

    def __init__(self, app, mode: str = "replays") -> None:
        super().__init__(app)
        from net.log import list_logs

        self.mode = mode
        logs = list_logs(include_bad=mode != "continue")
        if mode == "continue":
            # a player on this screen, or phones at this screen's table for the room
            here = {"human", "phone"}
            logs = [g for g in logs if g["ok"] and not g["over"] and here & set(g["seats"])]
        self.logs = logs
        self.selected = 0
        self.error = ""

    def idle(self) -> bool:
        return True

    def rows(self) -> int:
        """How many rows the window shows (10, fewer in a short window)."""
        return max(3, min(self.ROWS, (self.app.size[1] - 140 - 80) // (self.row_h() + 6)))

    def row_h(self) -> int:
        """A row's height: 44 pixels, more for a larger text size."""
        return max(44, self.fpx(19) + 20)

    def row_rect(self, i: int) -> pygame.Rect:
        w, _h = self.app.size
        width = min(w - 40, self.fpx(800, 800))  # wider with a larger text size
        return pygame.Rect(w // 2 - width // 2, 140 + i * (self.row_h() + 6), width, self.row_h())

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.go("menu")
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and self.logs:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.selected = (self.selected + step) % len(self.logs)
                self.error = ""  # (it was about the row left)
            elif event.key == pygame.K_RETURN:
                self.open(self.selected)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            top = self.first()
            for i in range(min(self.rows(), len(self.logs) - top)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.selected, self.error = top + i, ""
                    self.open(top + i)
                    return

    def first(self) -> int:
        rows = self.rows()
        return max(0, min(self.selected - rows + 1, len(self.logs) - rows))

    def open(self, i: int) -> None:
        if not 0 <= i < len(self.logs):
            return
        path = self.logs[i]["path"]
        if not self.logs[i]["ok"]:
            self.error = self.unreadable(self.logs[i])
            return
        try:
            if self.mode == "continue":
                from client.launch import resume_table

                resume_table(self.app, path)
            else:
                from net.log import read_log

                self.app.go("replay", record=read_log(path), path=path, back="replays")
        except Exception as exc:  # noqa: BLE001 - a bad file must not close the window
            self.error = _("Cannot open that log: {reason}").format(reason=exc)

    @staticmethod
    def unreadable(g: dict) -> str:
        """Why log ``g`` (a :func:`net.log.log_status` entry) cannot be opened."""
        return _("This log cannot be read: {reason}").format(reason=g["error"])

    def describe(self, g: dict) -> tuple[str, str]:
        from client.stats import game_title

        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g["mtime"]))
        if not g["ok"]:
            return f"{when} · {os.path.basename(g['path'])}", _("unreadable")
        left = f"{when} · {game_title(g['game'])} · " + _("{n} players").format(n=len(g["seats"]))
        if g["over"]:
            right = _("finished · {n} actions").format(n=g["actions"])
        else:
            right = _("unfinished · {n} actions").format(n=g["actions"])
        return left, right

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT_DARK)
        title = _("Continue a game") if self.mode == "continue" else _("Replays")
        img = assets.fit(title, round(44 * min(1.2, self.ui_scale)), w - 40, assets.GOLD, True)
        surface.blit(img, img.get_rect(center=(w // 2, 60)))
        hint = _("↑/↓ choose · Enter or click to open · Esc: menu")
        img = assets.fit(hint, self.fpx(18), w - 20, assets.WHITE)
        surface.blit(img, img.get_rect(center=(w // 2, 108)))
        if not self.logs:
            text = (
                _("No unfinished games.") if self.mode == "continue" else _("No logged games yet.")
            )
            img = assets.text(text, self.fpx(24), assets.WHITE)
            surface.blit(img, img.get_rect(center=(w // 2, 240)))
        top = self.first()
        for i, g in enumerate(self.logs[top : top + self.rows()]):
            rect = self.row_rect(i)
            chosen = top + i == self.selected
            pygame.draw.rect(
                surface,
                assets.GOLD if chosen else (255, 255, 255),
                rect,
                0 if chosen else 2,
                border_radius=10,
            )
            colour = assets.INK if chosen else assets.WHITE
            left, right = self.describe(g)
            if not g["ok"] and not chosen:
                colour = (255, 150, 140)
            img = assets.fit(right, self.fpx(18), rect.w // 3, colour)
            surface.blit(img, img.get_rect(midright=(rect.right - 16, rect.centery)))
            room = rect.w - img.get_width() - 48
            left = assets.fit(left, self.fpx(19), room, colour, True)
            surface.blit(left, left.get_rect(midleft=(rect.x + 16, rect.centery)))
        chosen = self.logs[self.selected] if 0 <= self.selected < len(self.logs) else None
        error = self.error or (self.unreadable(chosen) if chosen and not chosen["ok"] else "")
        if error:
            lines, px = assets.fit_lines(error, self.fpx(18), w - 40, 2, True)
            y = h - 40 - (len(lines) - 1) * px // 2
            for line in lines:
                img = assets.text(line, px, (255, 150, 140), True)
                surface.blit(img, img.get_rect(center=(w // 2, y)))
                y += img.get_height()
