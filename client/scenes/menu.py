"""The main menu: the five games on the left (a picture drawn from the game's own cards,
the player counts its rules accept, a one-line description, and a "?" for How to play),
Quick game (the last game played, against bots) and the other entries on the right."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets, cards, hosting, howto
from client.help import tagline
from client.i18n import _, ngettext
from client.scene import Scene

KEYS_NEXT = (pygame.K_DOWN, pygame.K_TAB)
KEYS_PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
#: The entries after the games, in focus order (Quick game comes first of all).
ENTRIES = ("new", "host", "join", "continue", "replays", "stats", "settings", "quit")
HOVER = (255, 255, 255, 28)
MUTED = (200, 214, 204)


class QuitQuestion(hosting.QuitConfirm):
    """Esc on the menu asks before closing Tapete (Esc again, or Stay, keeps it open:
    two Esc presses on another screen no longer close the window)."""

    def texts(self) -> tuple[str, str]:
        return _("Quit Tapete?"), _("Unfinished games can be continued from the menu.")

    def words(self) -> dict[str, str]:
        return {hosting.QUIT: _("Quit"), hosting.STAY: _("Stay")}


class Tile:
    """A drawn entry (Quick game or a game): its ``rect`` on screen and, for a game, the
    rect of its "?" (How to play)."""

    def __init__(self, rect: pygame.Rect, ask: pygame.Rect | None = None) -> None:
        self.rect = rect
        self.ask = ask


class MenuScene(Scene):
    """Quick game (the last game played), a new table of any of the five games, host or
    join a LAN table, continue a logged game, replays, statistics, settings, quit.

    ``buttons`` maps every entry in focus order to its widget or :class:`Tile`: "quick",
    "game:<id>" for each game, then :data:`ENTRIES`. ↑/↓/Tab move the focus, ←/→ go
    between the games and the right-hand column, Enter opens, F1 shows How to play,
    Esc asks whether to quit (:class:`QuitQuestion`)."""

    def idle(self) -> bool:
        return True  # changes on input only

    def enter(self) -> None:
        from client import hostproc

        hostproc.warm()  # the next table's host process imports while the menu shows
        self.layout()
        self.focus = getattr(self, "focus", 0) % len(self.buttons)
        self.hover: str | None = None
        self.question = getattr(self, "question", None) or QuitQuestion()
        self.show_buttons(not self.question.open)

    def show_buttons(self, shown: bool) -> None:
        """Show (or hide, under the quit question) the right-hand column's buttons."""
        for item in self.buttons.values():
            if not isinstance(item, Tile):
                item.show() if shown else item.hide()

    # ------------------------------------------------------------------ layout
    def scale(self) -> float:
        w, h = self.app.size
        return min(w / 1280, h / 720)

    def t(self, size: float) -> int:
        """A text size for the window: ``size`` at 1280×720 times the player's text
        size, never under 12 px (13 for running text)."""
        return self.px(size, assets.MIN_TEXT + 1)

    def layout(self) -> None:
        w, h = self.app.size
        k = self.scale()
        ui = self.app.ui
        margin, gap = max(14, int(36 * k)), max(10, int(24 * k))
        self.top = int(h * 0.19)
        bottom = h - max(30, int(40 * k))
        right_w = max(300, min(380, int(w * 0.3)))
        left_w = w - 2 * margin - gap - right_w
        left_x, right_x = margin, margin + left_w + gap
        games = howto.GAMES
        step = (bottom - self.top) / len(games)
        row_h = int(step) - max(6, int(10 * k))
        self.buttons: dict = {}
        quick_h = max(64, int(96 * k))
        self.buttons["quick"] = self.quick = Tile(pygame.Rect(right_x, self.top, right_w, quick_h))
        for i, game_id in enumerate(games):
            rect = pygame.Rect(left_x, self.top + int(i * step), left_w, row_h)
            r = max(11, int(15 * k))
            ask = pygame.Rect(0, 0, 2 * r, 2 * r)
            ask.topright = (rect.right - 8, rect.y + 8)
            self.buttons[f"game:{game_id}"] = Tile(rect, ask)
        labels = {
            "new": _("New game…"),
            "host": _("Host a LAN table…"),
            "join": _("Join a LAN table…"),
            "continue": _("Continue a game…"),
            "replays": _("Replays…"),
            "stats": _("Statistics"),
            "settings": _("Settings"),
            "quit": _("Quit"),
        }
        y0 = self.top + quick_h + max(10, int(16 * k))
        bstep = (bottom - y0) / len(ENTRIES)
        bh = min(44, int(bstep) - 6)
        for i, key in enumerate(ENTRIES):
            rect = pygame.Rect(right_x, y0 + int(i * bstep), right_w, bh)
            self.buttons[key] = pygame_gui.elements.UIButton(rect, labels[key], ui)

    # ------------------------------------------------------------------ input
    def keys(self) -> list[str]:
        return list(self.buttons)

    def handle_event(self, event) -> None:
        if self.question.open:
            choice = self.question.handle(event)
            if choice == hosting.QUIT:
                self.app.quit(0)
            if choice is not None:
                self.show_buttons(True)
            return
        if hosting.handle_background_event(self.app, event):  # "Still hosting …" line
            return
        keys = self.keys()
        if event.type == pygame.KEYDOWN:
            back = event.key == pygame.K_UP or (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            )
            if back or event.key in KEYS_NEXT:
                self.focus = (self.focus + (-1 if back else 1)) % len(keys)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.across(event.key == pygame.K_LEFT)
            elif event.key in KEYS_PRESS:
                self.choose(keys[self.focus])
            elif event.key == pygame.K_F1:
                self.how_to(self.focused_game())
            elif event.key == pygame.K_ESCAPE:
                self.question.ask(0)
                self.show_buttons(False)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.tile_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            key = self.tile_at(event.pos)
            if key is None:
                return
            tile = self.buttons[key]
            if tile.ask is not None and tile.ask.inflate(8, 8).collidepoint(event.pos):
                self.how_to(key.split(":", 1)[1])
            else:
                self.choose(key)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b == event.ui_element), None)
            self.choose(key)

    def across(self, left: bool) -> None:
        """←/→: from the right-hand column to the games (the first), or back to Quick
        game."""
        keys = self.keys()
        on_game = keys[self.focus].startswith("game:")
        if left and not on_game:
            self.focus = keys.index(f"game:{howto.GAMES[0]}")
        elif not left and on_game:
            self.focus = keys.index("quick")

    def tile_at(self, pos) -> str | None:
        return next(
            (
                k
                for k, b in self.buttons.items()
                if isinstance(b, Tile) and b.rect.collidepoint(pos)
            ),
            None,
        )

    def focused_game(self) -> str:
        """The game the focus is on (a game row), else the one Quick game deals."""
        key = self.keys()[self.focus]
        return key.split(":", 1)[1] if key.startswith("game:") else howto.last_game(self.app)

    def how_to(self, game_id: str) -> None:
        self.app.go("howto", game_id=game_id)

    def choose(self, key: str | None) -> None:
        """Do what the menu entry ``key`` says (a click, or Enter on the focused one)."""
        if key == "quick":
            from client.launch import default_seats, start_table

            game_id = howto.last_game(self.app)
            start_table(self.app, game_id, default_seats(game_id, "human", "bot:normal"))
        elif key and key.startswith("game:"):
            self.app.go("newgame", game_id=key.split(":", 1)[1])
        elif key in ("host", "join") and self.app.settings.asks_name():
            self.app.go("askname", then=key)  # the first LAN game: "Player" no more
        elif key in ("new", "host"):
            self.app.go("newgame", lan=key == "host")
        elif key == "join":
            self.app.go("browser")
        elif key in ("continue", "replays"):
            self.app.go("replays", mode=key)
        elif key in ("stats", "settings"):
            self.app.go(key)
        elif key == "quit":
            self.app.quit(0)

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        k = self.scale()
        surface.fill(assets.FELT)
        title = assets.text("Tapete", max(40, int(64 * k)), assets.GOLD, True)
        place = title.get_rect(midtop=(w // 2, max(6, int(14 * k))))
        surface.blit(title, place)
        # LAN tables still hosted take the greeting's place.
        if not hosting.draw_background_tables(self.app, surface, place.bottom):
            sub = assets.fit(
                _("A card table for friends · hello, {name}").format(
                    name=self.app.settings.shown_name()
                ),
                self.t(20),
                w - 40,
                assets.WHITE,
            )
            surface.blit(sub, sub.get_rect(midbottom=(w // 2, self.top - max(6, int(12 * k)))))
        keys = self.keys()
        focused = keys[self.focus]
        for key, item in self.buttons.items():
            if key == "quick":
                self.draw_quick(surface, item, key == focused)
            elif key.startswith("game:"):
                self.draw_game(surface, key.split(":", 1)[1], item, key == focused)
            elif key == focused:
                pygame.draw.rect(surface, assets.GOLD, item.rect.inflate(8, 8), 3, border_radius=12)
        hint = assets.fit(
            _("↑/↓ or Tab: choose · Enter: open · F1: how to play · Esc: quit"),
            self.t(15),
            w - 20,
            assets.WHITE,
        )
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - 4)))
        if self.question.open:
            self.question.draw(surface)

    def tile_back(self, surface: pygame.Surface, key: str, tile: Tile, focused: bool) -> None:
        r = tile.rect
        surface.blit(cards.panel(r.w, r.h, (10, 40, 28, 170), 12), r)
        if self.hover == key:
            surface.blit(cards.panel(r.w, r.h, HOVER, 12), r)
        if focused:
            pygame.draw.rect(surface, assets.GOLD, r.inflate(6, 6), 3, border_radius=14)

    def draw_game(self, surface: pygame.Surface, game_id: str, tile: Tile, focused: bool) -> None:
        """A game's row: picture, name, player counts, description, "?"."""
        self.tile_back(surface, f"game:{game_id}", tile, focused)
        r = tile.rect
        pad = max(5, r.h // 14)
        pic_h = r.h - 2 * pad
        pic_w = min(int(pic_h * 2.1), r.w // 3)
        surface.blit(howto.picture(game_id, pic_w, pic_h), (r.x + pad, r.y + pad))
        x = r.x + pic_w + 2 * pad
        width = tile.ask.x - 8 - x
        name = assets.fit(howto.game_name(game_id), self.t(21), width, assets.WHITE, True)
        surface.blit(name, (x, r.y + pad - 2))
        room = width - name.get_width() - 12
        players = assets.fit(howto.players_text(game_id), self.t(15), room, assets.GOLD, True)
        surface.blit(
            players,
            players.get_rect(
                bottomleft=(x + name.get_width() + 12, r.y + pad - 2 + name.get_height() - 2)
            ),
        )
        # From where the name ends as drawn, to just above the tile's edge: at a larger
        # text size, two lines fit but the old sum gave one, so the description shrank
        # below its size at 100 % (and still ended in "…").
        y = r.y + pad - 2 + name.get_height()
        room = r.bottom - 2 - y
        size = self.t(15)
        lines = max(1, room // assets.font(size).get_linesize())
        text, size = assets.fit_lines(tagline(game_id), size, width, lines, False)
        for line in text:
            img = assets.text(line, size, MUTED)
            surface.blit(img, (x, y))
            y += assets.font(size).get_linesize()
        ask = tile.ask
        pygame.draw.circle(surface, assets.GOLD, ask.center, ask.w // 2)
        mark = assets.text("?", max(assets.MIN_TEXT, int(ask.h * 0.7)), assets.INK, True)
        surface.blit(mark, mark.get_rect(center=ask.center))

    def draw_quick(self, surface: pygame.Surface, tile: Tile, focused: bool) -> None:
        """Quick game: the last game played, you against normal bots."""
        from client.launch import default_seats

        self.tile_back(surface, "quick", tile, focused)
        r = tile.rect
        pygame.draw.rect(surface, assets.GOLD, r, 2, border_radius=12)
        game_id = howto.last_game(self.app)
        pad = max(5, r.h // 12)
        pic_h = r.h - 2 * pad
        # The picture narrows (down to 1.2 × its height) before "Quick game" is cut
        # ("Partida rá…" at a larger text size).
        need = assets.measure(_("Quick game"), self.t(22), True)
        pic_w = max(int(pic_h * 1.2), min(int(pic_h * 2), r.w - 3 * pad - need))
        surface.blit(howto.picture(game_id, pic_w, pic_h), (r.x + pad, r.y + pad))
        x = r.x + pic_w + 2 * pad
        width = r.right - pad - x
        head = assets.fit(_("Quick game"), self.t(22), width, assets.GOLD, True)
        surface.blit(head, (x, r.y + pad))
        bots = len(default_seats(game_id)) - 1
        detail = ngettext("{game} vs {n} bot", "{game} vs {n} bots", bots).format(
            game=howto.game_name(game_id), n=bots
        )
        y = r.y + pad + head.get_height() + 2
        lines = max(1, min(2, (r.bottom - pad // 2 - y) // assets.font(self.t(17)).get_linesize()))
        text, size = assets.fit_lines(detail, self.t(17), width, lines, False)
        for line in text:
            img = assets.text(line, size, assets.WHITE)
            surface.blit(img, (x, y))
            y += assets.font(size).get_linesize()
