"""The main menu."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets, hosting
from client.scene import Scene
from client.i18n import _


KEYS_MOVE = (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB)
KEYS_PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class MenuScene(Scene):
    """Quick game, new game, host or join a LAN table, continue a logged game, replays,
    statistics, settings, quit."""

    def idle(self) -> bool:
        return True  # widgets change on input only

    def enter(self) -> None:
        from client import hostproc

        hostproc.warm()  # the next table's host process imports while the menu shows
        w, h = self.app.size
        x, y, bw, bh, step = w // 2 - 180, h // 2 - 128, 360, 42, 50
        ui = self.app.ui
        labels = [
            ("quick", _("Quick game: Take 5 vs 3 bots")),
            ("new", _("New game…")),
            ("host", _("Host a LAN table…")),
            ("join", _("Join a LAN table…")),
            ("continue", _("Continue a game…")),
            ("replays", _("Replays…")),
            ("stats", _("Statistics")),
            ("settings", _("Settings")),
            ("quit", _("Quit")),
        ]
        self.buttons = {}
        for i, (key, label) in enumerate(labels):
            self.buttons[key] = pygame_gui.elements.UIButton(
                pygame.Rect(x, y + i * step, bw, bh), label, ui
            )
        self.quick = self.buttons["quick"]
        self.focus = getattr(self, "focus", 0) % len(self.buttons)

    def handle_event(self, event) -> None:
        if hosting.handle_background_event(self.app, event):  # "Still hosting …" line
            return
        if event.type == pygame.KEYDOWN and event.key in KEYS_MOVE:
            step = (
                -1
                if event.key == pygame.K_UP
                or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                else 1
            )
            self.focus = (self.focus + step) % len(self.buttons)
        elif event.type == pygame.KEYDOWN and event.key in KEYS_PRESS:
            self.choose(list(self.buttons)[self.focus])
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            key = next((k for k, b in self.buttons.items() if b == event.ui_element), None)
            self.choose(key)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit(0)

    def choose(self, key: str | None) -> None:
        """Do what the menu entry ``key`` says (a button or Enter on the focused one)."""
        if key == "quick":
            from client.launch import start_table

            start_table(self.app, "take5", ["human", "bot:normal", "bot:normal", "bot:normal"])
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

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT)
        pygame.draw.ellipse(surface, assets.FELT_DARK, (60, 30, w - 120, h - 60), 6)
        title = assets.text("Tapete", 80, assets.GOLD, True)
        surface.blit(title, title.get_rect(center=(w // 2, h // 2 - 240)))
        sub = assets.text(
            _("A card table for friends · hello, {name}").format(name=self.app.settings.name),
            22,
            assets.WHITE,
        )
        surface.blit(sub, sub.get_rect(center=(w // 2, h // 2 - 175)))
        focused = list(self.buttons.values())[self.focus]
        pygame.draw.rect(surface, assets.GOLD, focused.rect.inflate(10, 10), 3, border_radius=12)
        hint = assets.text(_("↑/↓ or Tab: choose · Enter: open · Esc: quit"), 16, assets.WHITE)
        surface.blit(hint, hint.get_rect(center=(w // 2, h - 18)))
        hosting.draw_background_tables(self.app, surface)  # LAN tables still hosted
