"""Results: the final standings (from the table's ``summary``) over the table's final
board, the history of rounds or deals, a brief celebration, then a new game or the
menu."""

from __future__ import annotations

import random

import pygame

from client import assets, cards
from client.i18n import _
from client.scene import Scene

#: Seconds the celebration lasts (confetti falling over the board when somebody won).
CELEBRATION = 2.5
CONFETTI = [(244, 196, 48), (200, 50, 50), (70, 130, 220), (245, 245, 240), (60, 170, 90)]


#: Seconds after the results appear during which keys and clicks are ignored (Enter is
#: also the play key: a player still pressing it must not deal a new game unseen).
GUARD = 1.0
#: Seconds without a key, click or pad button the player must leave before the buttons
#: light up (at least :data:`GUARD` after the results appeared): a game that ended
#: during a burst of key presses shows its results, and the burst deals nothing.
QUIET = 0.6
#: Keys that press the button with the focus ring (which says what they do).
KEYS_PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
HOVER = (255, 255, 255, 36)


class Button:
    """A results button drawn by the scene: its ``text``, its ``rect`` on screen, and
    when it has the focus a gold ring and the line ``keys`` (what Enter does) written
    on it under its text."""

    def __init__(self, text: str, keys: str, rect: pygame.Rect, main: bool = False) -> None:
        self.text, self.keys, self.rect, self.main = text, keys, rect, main
        self.is_enabled = False
        self.visible = True

    def draw(self, surface: pygame.Surface, size: int, focused: bool, hovered: bool) -> None:
        """The button at text size ``size``; greyed until enabled."""
        if not self.visible:
            return
        r = self.rect
        if not self.is_enabled:
            back, ink = (23, 74, 53), (125, 154, 140)
        elif self.main:
            back, ink = assets.GOLD, assets.INK
        else:
            back, ink = (31, 93, 67), assets.WHITE
        pygame.draw.rect(surface, back, r, border_radius=10)
        if hovered and self.is_enabled:
            surface.blit(cards.panel(r.w, r.h, HOVER, 10), r)
        pygame.draw.rect(surface, (14, 66, 44), r, 1, border_radius=10)
        label = assets.fit(self.text, size, r.w - 20, ink, True)
        if focused and self.is_enabled:
            pygame.draw.rect(surface, assets.WHITE, r.inflate(12, 12), 3, border_radius=14)
            hint = assets.fit(self.keys, max(assets.MIN_TEXT, int(size * 0.62)), r.w - 20, ink)
            gap = 2
            top = r.centery - (label.get_height() + gap + hint.get_height()) // 2
            surface.blit(label, label.get_rect(midtop=(r.centerx, top)))
            surface.blit(hint, hint.get_rect(midtop=(r.centerx, top + label.get_height() + gap)))
        else:
            surface.blit(label, label.get_rect(center=r.center))


class ResultsScene(Scene):
    """Shows ``table_class.summary(view, names, me)`` (``ranked: False`` drops the place
    numbers, e.g. in a cooperative game) over ``table``'s final board (the table scene
    that ended; None: the felt), with the rows' history (``columns``). Tab hides the
    standings to look at the board.

    The ending is deliberate: the buttons stay greyed and every key and click is
    ignored until :data:`GUARD` seconds have passed *and* the player has left
    :data:`QUIET` seconds without input (the keys of a burst that ended the game deal
    nothing). Then "New game, same players" takes the focus: a ring, and "Enter: play
    again" written on it; ←/→ move the focus, Enter (Space) presses the focused button,
    Esc goes back to the menu. The confetti falls only when a seat of this window won."""

    def __init__(self, app, session, view: dict, table_class, table=None) -> None:
        super().__init__(app)
        self.session = session
        self.view = view
        self.table = table
        # One player on this screen reads "You"; a shared screen (a couch, a room with
        # phones) names everyone.
        alone = len(session.local_seats) == 1 and not getattr(session, "room", False)
        me = session.local_seats[0] if alone else None
        story = list(getattr(table, "story", []))
        self.info = table_class.summary(view, session.names, me, story)
        self.peek = False  # Tab: the standings hidden, the board in full
        self.confetti: list[list] = []
        if self.celebrates() and not app.autoquit:
            rng = random.Random(len(self.info["rows"]))
            w, _h = app.size
            self.confetti = [
                [
                    rng.uniform(0, w),
                    rng.uniform(-300, -10),
                    rng.uniform(-40, 40),
                    rng.uniform(120, 260),
                    rng.choice(CONFETTI),
                    rng.randint(5, 10),
                ]
                for _ in range(90)
            ]
        from client.stats import record_session

        record_session(app, session, view)
        self.autoquit_t = 0.0
        self.shown_t = 0.0  # seconds since the results appeared
        #: Seconds since the player's last input (before the results too: the app's).
        self.quiet = float(getattr(app, "input_quiet", QUIET))
        self.armed = bool(app.autoquit)  # the buttons take input (see the docstring)
        self.focus = 0  # index in :meth:`buttons` of the focused one, once armed
        self.hover: Button | None = None

    def celebrates(self) -> bool:
        """Whether the confetti falls: a seat played at this window is among the
        winners (never when bots beat you, nor for a spectator)."""
        return bool(set(self.session.local_seats) & set(self.view.get("winners", [])))

    def buttons(self) -> list[Button]:
        return [b for b in (self.again, self.menu) if b is not None]

    def button(self, text: str, keys: str, centerx: int, main: bool = False) -> Button:
        """A big button saying ``text`` (and ``keys`` when focused), as wide as its
        words need (within half the window), its centre at ``centerx``."""
        w, h = self.app.size
        size, small = self.px(24), self.px(15)
        need = max(assets.measure(text, size, True), assets.measure(keys, small)) + 40
        width = min(max(220, need), w // 2 - 30)
        height = assets.font(size, True).get_height() + assets.font(small).get_height() + 18
        rect = pygame.Rect(0, 0, width, height)
        rect.midbottom = (centerx, h - max(40, self.px(48)))
        return Button(text, keys, rect, main)

    def enter(self) -> None:
        w, h = self.app.size
        if self.session.remote:
            self.again = None  # only the host can deal again
            self.menu = self.button(_("Back to the menu"), _("Enter: back to the menu"), w // 2)
        else:
            self.again = self.button(
                _("New game, same players"), _("Enter: play again"), w // 4 + 5, main=True
            )
            self.menu = self.button(
                _("Back to the menu"), _("Enter: back to the menu"), 3 * w // 4 - 5
            )
        for b in self.buttons():
            b.is_enabled = self.armed
            b.visible = not self.peek

    @property
    def guarded(self) -> bool:
        """Whether input is still ignored (see the class docstring)."""
        return not self.armed

    def idle(self) -> bool:
        """Still while nothing counts down or moves: the input guard (its buttons
        light up at its end) and the celebration are over."""
        celebrating = bool(self.confetti) and self.shown_t < CELEBRATION
        return not self.app.autoquit and not self.guarded and not celebrating

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.peek = not self.peek
            for b in self.buttons():
                b.visible = not self.peek
            return
        if self.guarded:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self.quiet = 0.0  # the burst goes on: the results keep waiting
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.button_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            b = self.button_at(event.pos)
            if b is not None:
                self.press(b)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if event.key == pygame.K_LEFT else 1
            self.focus = (self.focus + step) % len(self.buttons())
        elif event.type == pygame.KEYDOWN and event.key in KEYS_PRESS and not self.peek:
            self.press(self.buttons()[self.focus])
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()

    def button_at(self, pos) -> Button | None:
        if self.peek:
            return None
        return next((b for b in self.buttons() if b.rect.collidepoint(pos)), None)

    def press(self, button: Button) -> None:
        if button is self.again:
            self.play_again()
        elif button is self.menu:
            self.to_menu()

    def play_again(self) -> None:
        """A new deal (fresh seed) with the same game, seats, names and options; a LAN
        table goes back to the host screen with the same game and seats. A couch table's
        phones follow it (issue 31): the next table holds this one's key and phone
        tokens and serves the page on the same port, and this one's host tells each
        phone's page to wait for it — every phone takes its seat again without a scan."""
        from client.launch import start_table

        s = self.session
        if s.remote:
            self.to_menu()
            return
        follow = s.follow if s.room and "open" not in s.seats else None
        s.close(next_game=follow is not None)  # the phones wait for the next game
        if "open" in s.seats:
            self.app.go("newgame", game_id=s.game_id, seats=s.seats, lan=True)
            return
        start_table(
            self.app,
            s.game_id,
            s.seats,
            seed=None,
            options=s.options,
            names=s.names,
            named=s.named,
            follow=follow,
        )

    def to_menu(self) -> None:
        self.session.close()
        self.app.go("menu")

    def update(self, dt: float) -> None:
        self.shown_t += dt
        self.quiet += dt
        if not self.armed and self.shown_t >= GUARD and self.quiet >= QUIET:
            self.armed = True
            self.focus = 0
            for b in self.buttons():
                b.is_enabled = True
        if self.shown_t < CELEBRATION:
            for c in self.confetti:
                c[0] += c[2] * dt
                c[1] += c[3] * dt
        if self.app.autoquit:
            self.autoquit_t += dt
            if self.autoquit_t > 0.3:
                self.app.quit(0)

    def resized(self) -> None:
        if self.table is not None:
            self.table.resized()
        self.enter()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        if self.table is not None and self.table.board is not None:
            surface.fill(assets.FELT)
            self.table.draw_board(surface)
            if not self.peek:
                dim = pygame.Surface((w, h), pygame.SRCALPHA)
                dim.fill((8, 40, 26, 205))
                surface.blit(dim, (0, 0))
        else:
            surface.fill(assets.FELT_DARK)
        if self.peek:
            hint = assets.fit(
                _("Tab: back to the results"), self.px(16), w - 40, assets.WHITE, True
            )
            box = hint.get_rect(midbottom=(w // 2, h - 12)).inflate(24, 12)
            pygame.draw.rect(surface, assets.FELT_DARK, box, border_radius=8)
            surface.blit(hint, hint.get_rect(center=box.center))
        else:
            self.draw_standings(surface)
            for i, b in enumerate(self.buttons()):
                b.draw(surface, self.px(24), i == self.focus, b is self.hover)
            hint = assets.fit(_("Tab: look at the table"), self.px(14), w - 40, assets.WHITE)
            surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - 8)))
        if self.shown_t < CELEBRATION:
            for x, y, _vx, _vy, colour, size in self.confetti:
                if 0 <= y <= h:
                    pygame.draw.rect(surface, colour, (int(x), int(y), size, size // 2 + 2))

    def draw_standings(self, surface: pygame.Surface) -> None:
        """Headline, subtitle, then one row per player or team (place, name, the
        history's cells, the value), fitted between the top and the buttons."""
        w, h = self.app.size
        info = self.info
        k = min(w / 1280, h / 720)
        u = self.ui_scale
        width = min(w - 40, 980)
        left = (w - width) // 2
        y = max(12, int(30 * k))
        img = fitted(info["headline"], max(28, int(52 * k * u)), width, assets.GOLD)
        surface.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += img.get_height() + 6
        sub = assets.fit(info["subtitle"], self.px(20, 14), width, assets.WHITE)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, y)))
        y += sub.get_height() + max(8, int(16 * k))
        rows, columns = info["rows"], info.get("columns") or []
        bottom = min(b.rect.top for b in self.buttons()) - 12
        title = None
        if columns and info.get("columns_title"):
            title = assets.fit(info["columns_title"], self.px(16, 13), width, assets.WHITE)
            y += title.get_height() + 2
        lines = len(rows) + (1 if columns else 0)
        step = max(24, min(int(52 * k * u), (bottom - y) // max(1, lines)))
        size = max(assets.MIN_TEXT + 1, min(int(24 * u), int(step * 0.5)))
        small = max(assets.MIN_TEXT, size - 4)
        values = [assets.text(v, size, assets.WHITE, True) for _n, v, *_r in rows]
        value_w = max(img.get_width() for img in values) if values else 0
        # The history's cells: as many (the latest) as fit between names and values.
        cell_w = max(
            [assets.text(c, small, assets.WHITE, True).get_width() for c in columns]
            + [
                assets.text(c, small, assets.WHITE, True).get_width()
                for row in rows
                for c in (row[3] if len(row) > 3 else [])
            ]
            + [0]
        )
        cell_w += 14
        room = width - value_w - 60 - int(width * 0.32)
        shown = min(len(columns), max(0, room // max(1, cell_w))) if columns else 0
        if len(columns) == 1 and shown == 1:
            cell_w = max(cell_w, min(room, int(width * 0.4)))
        first = len(columns) - shown
        cells_right = left + width - 20 - value_w - 24
        cells_left = cells_right - shown * cell_w

        def cell_x(i: int) -> int:
            return cells_left + (i - first) * cell_w + cell_w // 2

        if title is not None and shown:
            spot = title.get_rect(midbottom=((cells_left + cells_right) // 2, y - 2))
            spot.right = min(spot.right, left + width - 10)
            surface.blit(title, spot)
        if shown:
            for i in range(first, len(columns)):
                t = fit_cell(columns[i], small, cell_w - 4, (200, 220, 205))
                surface.blit(t, t.get_rect(midbottom=(cell_x(i), y + step - 6)))
            if first:
                t = assets.text("…", small, (200, 220, 205), True)
                surface.blit(t, t.get_rect(midbottom=(cells_left - 8, y + step - 6)))
            y += step
        for place, row in zip(places(rows), rows, strict=True):
            name, _v, winner = row[:3]
            rect = pygame.Rect(left, y, width, step - 6)
            pygame.draw.rect(
                surface,
                assets.GOLD if winner else (255, 255, 255),
                rect,
                0 if winner else 2,
                border_radius=10,
            )
            colour = assets.INK if winner else assets.WHITE
            label = f"{place}.  {name}" if info.get("ranked", True) else name
            name_w = (cells_left if shown else rect.right - value_w - 40) - rect.x - 30
            t = assets.fit(label, size, name_w, colour, True)
            surface.blit(t, t.get_rect(midleft=(rect.x + 16, rect.centery)))
            v = assets.text(row[1], size, colour, True)
            surface.blit(v, v.get_rect(midright=(rect.right - 16, rect.centery)))
            cells = row[3] if len(row) > 3 else []
            for i in range(first, min(len(columns), len(cells))):
                t = fit_cell(cells[i], small, cell_w - 4, colour)
                surface.blit(t, t.get_rect(center=(cell_x(i), rect.centery)))
            y += step


def places(rows) -> list[int]:
    """The place shown before each row of ``rows`` ([(name, value text, is_winner,
    ...)], best first): 1, 2, 3 … except that a row whose value text and winner flag
    equal the row above shares its place (standard ranking: 21, 21 -> 3., 3., then
    5.). Equal totals are a tie in every game's rules (take5.md "equal lowest totals
    share the win")."""
    out: list[int] = []
    for i, row in enumerate(rows):
        above = rows[i - 1] if i else None
        if above is not None and above[1] == row[1] and bool(above[2]) == bool(row[2]):
            out.append(out[-1])
        else:
            out.append(i + 1)
    return out


def fit_cell(text: str, size: int, width: int, colour) -> pygame.Surface:
    """A history cell: bold ``text`` fitted to ``width`` pixels (never under 12 px)."""
    return assets.fit(text, size, width, colour, True)


def fitted(text: str, size: int, width: int, colour) -> pygame.Surface:
    """``text`` in bold at ``size`` pixels, or smaller (down to 18) until it fits
    ``width`` pixels, else cut with "…"."""
    while assets.measure(text, size, True) > width and size > 18:
        size -= 4
    return assets.fit(text, size, width, colour, True)  # a long name: cut with "…"
