"""The replay viewer and the lists of logged games (menu: "Continue a game", "Replays").

:class:`ReplayScene` rebuilds every engine state of a logged game once (``engine``
replay, a few ms for a Take 5 game) and shows the game's own table drawn from the
*public* view at the chosen step: step forward and back, jump to a round or deal.
A replay can also be watched **from a seat**: the table drawn full size from that
seat's own view (its hand shown), one seat at a time (Tab or 1–9 for another). Any
seat once the logged game is over (the review); before its end only this screen's own
seat (a log with one player on this screen), never another's hidden cards. A finished
game's seed can be dealt again at a new table ("Play this deal").

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


class LogListScene(Scene):
    """The logs in the data folder: ``mode`` "continue" (unfinished games with a player
    on this screen or a phone seat of its table for the room: Enter resumes) or
    "replays" (every logged game: Enter replays; a file that cannot be read is listed
    as unreadable, its reason shown when chosen).
    Each row says who played, how far the game went, the score and who won
    (:mod:`client.history`). ↑/↓, the wheel or a click to choose (a bar at the right
    shows where the rows are in a longer list), Delete asks, then deletes the chosen
    log; Esc → menu."""

    ROWS = 8  # at most; fewer in a short window (:meth:`rows`)
    TOP = 140  # the first row's top

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
        self.asking = False  # the question "Delete this log?" is open
        self.summaries: dict = {}  # (path, mtime) → client.history.Summary, made once
        self.buttons: dict[str, pygame.Rect] = {}

    def idle(self) -> bool:
        return True

    def step(self) -> int:
        """Pixels from one row to the next: two lines of words, taller with the text size."""
        return max(62, self.fpx(19) + self.fpx(15) + 28)

    def rows(self) -> int:
        """How many rows the window shows (8, fewer in a short window)."""
        return max(3, min(self.ROWS, (self.app.size[1] - self.TOP - 90) // self.step()))

    def row_rect(self, i: int) -> pygame.Rect:
        """Row ``i`` on screen (pixels): 800 wide (wider with the text size, never past
        the window), room for the scroll bar beside it."""
        w, _h = self.app.size
        width = min(w - 60, self.fpx(800, 800))
        step = self.step()
        return pygame.Rect(w // 2 - width // 2 - 10, self.TOP + i * step, width, step - 6)

    def handle_event(self, event) -> None:
        if self.asking:
            self.answer(event)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.go("menu")
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and self.logs:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.choose((self.selected + step) % len(self.logs))
            elif event.key == pygame.K_RETURN:
                self.open(self.selected)
            elif event.key == pygame.K_DELETE and self.logs:
                self.asking = True
        elif event.type == pygame.MOUSEWHEEL and self.logs:
            self.choose(max(0, min(len(self.logs) - 1, self.selected - event.y)))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.logs and self.buttons.get("delete", pygame.Rect(0, 0, 0, 0)).collidepoint(
                event.pos
            ):
                self.asking = True
                return
            top = self.first()
            for i in range(min(self.rows(), len(self.logs) - top)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.choose(top + i)
                    self.open(top + i)
                    return

    def choose(self, i: int) -> None:
        self.selected, self.error = i, ""  # (an error was about the row left)

    def answer(self, event) -> None:
        """The open question: Enter or "Delete" deletes, Esc or "Keep" keeps."""
        choice = None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                choice = "yes"
            elif event.key == pygame.K_ESCAPE:
                choice = "no"
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for name in ("yes", "no"):
                if self.buttons.get(name, pygame.Rect(0, 0, 0, 0)).collidepoint(event.pos):
                    choice = name
        if choice is None:
            return
        self.asking = False
        if choice == "yes":
            self.delete(self.selected)

    def delete(self, i: int) -> None:
        """Delete log ``i`` from the disk and the list (an error says why it stays)."""
        if not 0 <= i < len(self.logs):
            return
        path = self.logs[i]["path"]
        try:
            os.remove(path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.error = _("Cannot delete that log: {reason}").format(reason=exc.strerror or exc)
            return
        del self.logs[i]
        self.selected = max(0, min(i, len(self.logs) - 1))

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
        """A row's first line (when, the game, how far it went) and its right-hand
        words (who won; unfinished)."""
        from client.history import summary
        from client.stats import game_title

        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g["mtime"]))
        if not g["ok"]:
            return f"{when} · {os.path.basename(g['path'])}", _("unreadable")
        about = summary(g, self.summaries)
        left = f"{when} · {game_title(g['game'])}"
        if about is not None and about.reached:
            left += f" · {about.reached}"
        if not g["over"]:
            return left, _("unfinished")
        return left, (about.result if about is not None and about.result else _("finished"))

    def detail(self, g: dict) -> str:
        """A row's second line: the score with the players' names, else the players."""
        from client.history import summary

        about = summary(g, self.summaries) if g["ok"] else None
        if about is None:
            return ""
        return about.score or ", ".join(about.players)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT_DARK)
        title = _("Continue a game") if self.mode == "continue" else _("Replays")
        img = assets.fit(title, min(self.fpx(44), 53), w - 40, assets.GOLD, True)
        surface.blit(img, img.get_rect(center=(w // 2, 60)))
        hint = _("↑/↓ choose · Enter or click to open · Delete: delete · Esc: menu")
        img = assets.fit(hint, self.fpx(18), w - 40, assets.WHITE)
        surface.blit(img, img.get_rect(center=(w // 2, 108)))
        self.buttons = {}
        if not self.logs:
            text = (
                _("No unfinished games.") if self.mode == "continue" else _("No logged games yet.")
            )
            img = assets.text(text, self.fpx(24), assets.WHITE)
            surface.blit(img, img.get_rect(center=(w // 2, 240)))
        top = self.first()
        shown = self.logs[top : top + self.rows()]
        for i, g in enumerate(shown):
            self.draw_row(surface, self.row_rect(i), g, top + i == self.selected)
        self.draw_scroll(surface, top, len(shown))
        if self.logs:
            label = _("Delete (Del)")
            width = max(200, assets.measure(label, self.fpx(17), True) + 24)
            self.buttons["delete"] = self.small_button(
                surface, pygame.Rect(self.row_rect(0).x, h - 74, width, 40), label
            )
        chosen = self.logs[self.selected] if 0 <= self.selected < len(self.logs) else None
        error = self.error or (self.unreadable(chosen) if chosen and not chosen["ok"] else "")
        if error:
            lines, px = assets.fit_lines(error, self.fpx(18), w - 460, 2, True)
            y = h - 54 - (len(lines) - 1) * px // 2
            for line in lines:
                img = assets.text(line, px, (255, 150, 140), True)
                surface.blit(img, img.get_rect(center=(w // 2 + 110, y)))
                y += img.get_height()
        if self.asking and chosen is not None:
            self.draw_question(surface, chosen)

    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, g: dict, chosen: bool) -> None:
        """One log: when, the game and how far it went; who won (right); the score."""
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
        won = g["ok"] and g["over"] and not chosen
        big, small = self.fpx(19), self.fpx(15)
        line = assets.font(big, True).get_linesize()
        img = assets.fit(right, self.fpx(18), rect.w // 3, assets.GOLD if won else colour, True)
        surface.blit(img, img.get_rect(midright=(rect.right - 16, rect.y + 6 + line // 2)))
        room = rect.w - img.get_width() - 48
        surface.blit(assets.fit(left, big, room, colour, True), (rect.x + 16, rect.y + 6))
        detail = self.detail(g)
        if detail:
            img = assets.fit(detail, small, rect.w - 32, colour)
            surface.blit(img, (rect.x + 16, rect.y + 8 + line))

    def draw_scroll(self, surface: pygame.Surface, top: int, shown: int) -> None:
        """Where the rows shown are in the list: a bar beside them (its thumb as long as
        the share shown) and "1–8 of 23" above them — only when the list is longer."""
        words = self.scroll_words(top, shown)
        if words is None:
            return
        n = len(self.logs)
        first, last = self.row_rect(0), self.row_rect(shown - 1)
        track = pygame.Rect(first.right + 12, first.y, 10, last.bottom - first.y)
        pygame.draw.rect(surface, (31, 93, 67), track, border_radius=5)
        thumb = pygame.Rect(
            track.x,
            track.y + track.h * top // n,
            track.w,
            max(12, track.h * shown // n),
        )
        pygame.draw.rect(surface, assets.GOLD, thumb, border_radius=5)
        text = " · ".join(t for t in words if t)  # under the rows: "1–7 of 50 · ↓ 43 more"
        img = assets.text(text, self.fpx(15), assets.GOLD, True)
        surface.blit(img, img.get_rect(topright=(last.right, last.bottom + 2)))

    def scroll_words(self, top: int, shown: int) -> tuple[str, str] | None:
        """("1–7 of 23", "↓ 16 more") for rows ``top``… (``shown`` of them), or None
        when the list fits (no scroll mark)."""
        n = len(self.logs)
        if n <= shown or shown == 0:
            return None
        where = _("{first}–{last} of {n}").format(first=top + 1, last=top + shown, n=n)
        left = n - top - shown
        return where, (_("↓ {n} more").format(n=left) if left > 0 else "")

    def small_button(self, surface: pygame.Surface, rect: pygame.Rect, label: str) -> pygame.Rect:
        pygame.draw.rect(surface, (31, 93, 67), rect, border_radius=8)
        pygame.draw.rect(surface, assets.GOLD, rect, 1, border_radius=8)
        img = assets.fit(label, self.fpx(17), rect.w - 12, assets.WHITE, True)
        surface.blit(img, img.get_rect(center=rect.center))
        return rect

    def draw_question(self, surface: pygame.Surface, g: dict) -> None:
        """The question before a delete, over the dimmed list."""
        w, h = self.app.size
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        box = pygame.Rect(
            0, 0, min(w - 40, self.fpx(640, 640)), 150 + self.fpx(28) + 2 * self.fpx(18)
        )
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, assets.FELT_DARK, box, border_radius=14)
        pygame.draw.rect(surface, assets.GOLD, box, 2, border_radius=14)
        y = box.y + 22
        img = assets.fit(_("Delete this game's log?"), self.fpx(28), box.w - 40, assets.GOLD, True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height() + 14
        left, _right = self.describe(g)
        img = assets.fit(left, self.fpx(18), box.w - 40, assets.WHITE, True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height() + 8
        text = _("Its replay is gone for good; your statistics keep it.")
        img = assets.fit(text, self.fpx(18), box.w - 40)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y = box.bottom - 66
        labels = (_("Delete (Enter)"), _("Keep (Esc)"))
        width = max(200, *(assets.measure(t, self.fpx(17), True) + 24 for t in labels))
        width = min(width, (box.w - 60) // 2)
        self.buttons["yes"] = self.small_button(
            surface, pygame.Rect(box.centerx - 10 - width, y, width, 46), _("Delete (Enter)")
        )
        self.buttons["no"] = self.small_button(
            surface, pygame.Rect(box.centerx + 10, y, width, 46), _("Keep (Esc)")
        )
