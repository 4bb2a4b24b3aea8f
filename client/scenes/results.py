"""Results: the final standings (from the table's ``summary``) over the table's final
board, the history of rounds or deals, a brief celebration, then a new game or the
menu."""

from __future__ import annotations

import random

import pygame
import pygame_gui

from client import assets
from client.i18n import _
from client.scene import Scene

#: Seconds the celebration lasts (confetti falling over the board when somebody won).
CELEBRATION = 2.5
CONFETTI = [(244, 196, 48), (200, 50, 50), (70, 130, 220), (245, 245, 240), (60, 170, 90)]


#: Seconds after the results appear during which keys and clicks are ignored (Enter is
#: also the play key: a player still pressing it must not deal a new game unseen).
GUARD = 1.0


class ResultsScene(Scene):
    """Shows ``table_class.summary(view, names, me)`` (``ranked: False`` drops the place
    numbers, e.g. in a cooperative game) over ``table``'s final board (the table scene
    that ended; None: the felt), with the rows' history (``columns``). Tab hides the
    standings to look at the board. After :data:`GUARD` seconds (the buttons are
    greyed until then): Enter or "New game, same players" deals again, Esc or "Back to
    the menu" goes back."""

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
        if any(row[2] for row in self.info["rows"]) and not app.autoquit:
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

    def button(self, text: str, centerx: int) -> pygame_gui.elements.UIButton:
        """A big button saying ``text``, as wide as its words need (within half the
        window), its centre at ``centerx``."""
        w, h = self.app.size
        width = min(
            max(220, assets.text(text, 24, assets.WHITE, True).get_width() + 40), w // 2 - 30
        )
        rect = pygame.Rect(0, h - 120, width, 54)
        rect.centerx = centerx
        return pygame_gui.elements.UIButton(rect, text, self.app.ui, object_id="@big")

    def enter(self) -> None:
        w, h = self.app.size
        if self.session.remote:
            self.again = None  # only the host can deal again
            self.menu = self.button(_("Back to the menu"), w // 2)
        else:
            self.again = self.button(_("New game, same players"), w // 4 + 5)
            self.menu = self.button(_("Back to the menu"), 3 * w // 4 - 5)
        for button in (self.again, self.menu):
            if button is not None and not self.app.autoquit:
                button.disable()

    @property
    def guarded(self) -> bool:
        """Whether input is still ignored (the first :data:`GUARD` seconds)."""
        return self.shown_t < GUARD and not self.app.autoquit

    def idle(self) -> bool:
        """Still while nothing counts down or moves: the input guard (its buttons
        light up at its end) and the celebration are over."""
        celebrating = bool(self.confetti) and self.shown_t < CELEBRATION
        return not self.app.autoquit and not self.guarded and not celebrating

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.peek = not self.peek
            for button in (self.again, self.menu):
                if button is not None:
                    button.hide() if self.peek else button.show()
            return
        if self.guarded:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.again:
                self.play_again()
            elif event.ui_element == self.menu:
                self.to_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.play_again()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()

    def play_again(self) -> None:
        """A new deal (fresh seed) with the same game, seats, names and options; a LAN
        table goes back to the host screen with the same game and seats."""
        from client.launch import start_table

        s = self.session
        if s.remote:
            self.to_menu()
            return
        s.close()
        if "open" in s.seats:
            self.app.go("newgame", game_id=s.game_id, seats=s.seats, lan=True)
            return
        start_table(self.app, s.game_id, s.seats, seed=None, options=s.options, names=s.names)

    def to_menu(self) -> None:
        self.session.close()
        self.app.go("menu")

    def update(self, dt: float) -> None:
        was = self.guarded
        self.shown_t += dt
        if was and not self.guarded:
            for button in (self.again, self.menu):
                if button is not None:
                    button.enable()
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
        self.app.ui.clear_and_reset()
        self.enter()
        if not self.guarded:
            for button in (self.again, self.menu):
                if button is not None:
                    button.enable()

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
            hint = assets.text(_("Tab: back to the results"), 16, assets.WHITE, True)
            box = hint.get_rect(midbottom=(w // 2, h - 12)).inflate(24, 12)
            pygame.draw.rect(surface, assets.FELT_DARK, box, border_radius=8)
            surface.blit(hint, hint.get_rect(center=box.center))
        else:
            self.draw_standings(surface)
            hint = assets.text(_("Tab: look at the table"), 14, assets.WHITE)
            surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - 18)))
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
        width = min(w - 40, 980)
        left = (w - width) // 2
        y = max(12, int(30 * k))
        img = fitted(info["headline"], max(28, int(52 * k)), width, assets.GOLD)
        surface.blit(img, img.get_rect(midtop=(w // 2, y)))
        y += img.get_height() + 6
        sub = assets.fit(info["subtitle"], max(14, int(20 * k)), width, assets.WHITE)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, y)))
        y += sub.get_height() + max(8, int(16 * k))
        rows, columns = info["rows"], info.get("columns") or []
        bottom = h - 130
        title = None
        if columns and info.get("columns_title"):
            title = assets.fit(info["columns_title"], max(13, int(16 * k)), width, assets.WHITE)
            y += title.get_height() + 2
        lines = len(rows) + (1 if columns else 0)
        step = max(24, min(int(52 * k), (bottom - y) // max(1, lines)))
        size = max(assets.MIN_TEXT + 1, min(24, int(step * 0.5)))
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
