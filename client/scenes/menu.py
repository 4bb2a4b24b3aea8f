"""The main menu."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.i18n import _
from client.app import Scene


class MenuScene(Scene):
    """Quick game, new game, settings, quit."""

    def enter(self) -> None:
        w, h = self.app.size
        x, y, bw, bh = w // 2 - 170, h // 2 - 70, 340, 56
        ui = self.app.ui
        self.quick = pygame_gui.elements.UIButton(
            pygame.Rect(x, y, bw, bh), _("Quick game: Take 5 vs 3 bots"), ui
        )
        self.new = pygame_gui.elements.UIButton(pygame.Rect(x, y + 70, bw, bh), _("New game…"), ui)
        self.settings = pygame_gui.elements.UIButton(
            pygame.Rect(x, y + 140, bw, bh), _("Settings"), ui
        )
        self.quit = pygame_gui.elements.UIButton(pygame.Rect(x, y + 210, bw, bh), _("Quit"), ui)

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.quick:
                from client.launch import start_table

                start_table(self.app, "take5", ["human", "bot:normal", "bot:normal", "bot:normal"])
            elif event.ui_element == self.new:
                from client.scenes.newgame import NewGameScene

                self.app.switch(NewGameScene(self.app))
            elif event.ui_element == self.settings:
                from client.scenes.settings import SettingsScene

                self.app.switch(SettingsScene(self.app))
            elif event.ui_element == self.quit:
                self.app.quit(0)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit(0)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT)
        pygame.draw.ellipse(surface, assets.FELT_DARK, (60, 40, w - 120, h - 80), 6)
        title = assets.text("Tapete", 84, assets.GOLD, True)
        surface.blit(title, title.get_rect(center=(w // 2, h // 2 - 190)))
        sub = assets.text(
            _("A card table for friends · hello, {name}").format(name=self.app.settings.name),
            22,
            assets.WHITE,
        )
        surface.blit(sub, sub.get_rect(center=(w // 2, h // 2 - 120)))
