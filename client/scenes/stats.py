"""Statistics of the current profile (the player name in Settings); see
:mod:`client.stats` for how games are counted."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.i18n import _
from client.scene import Scene
from client.stats import empty_profile, load_stats, summary_rows


class StatsScene(Scene):
    """The statistics of the current profile (Settings name); Esc → menu."""

    def idle(self) -> bool:
        return True  # widgets change on input only

    def enter(self) -> None:
        w, h = self.app.size
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - 105, h - 100, 210, 54), _("Menu"), self.app.ui, object_id="@big"
        )
        self.profile = load_stats()["profiles"].get(self.app.settings.name, empty_profile())
        self.rows = summary_rows(self.profile)

    def handle_event(self, event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.back) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN)
        ):
            self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = self.app.size
        surface.fill(assets.FELT_DARK)
        head = assets.text(_("Statistics"), round(48 * min(1.2, self.ui_scale)), assets.GOLD, True)
        surface.blit(head, head.get_rect(center=(w // 2, 70)))
        sub = assets.text(
            _("Games played on this computer as {name}").format(name=self.app.settings.name),
            self.fpx(20),
            assets.WHITE,
        )
        surface.blit(sub, sub.get_rect(center=(w // 2, 120)))
        if not self.rows:
            img = assets.text(_("No finished games yet."), self.fpx(24), assets.WHITE)
            surface.blit(img, img.get_rect(center=(w // 2, 260)))
            return
        y = 170
        for label, value in self.rows:
            row = pygame.Rect(w // 2 - 320, y, 640, max(44, self.fpx(22) + 18))
            pygame.draw.rect(surface, (255, 255, 255), row, 2, border_radius=10)
            img = assets.text(label, self.fpx(22), assets.WHITE, True)
            surface.blit(img, img.get_rect(midleft=(row.x + 20, row.centery)))
            img = assets.text(value, self.fpx(22), assets.GOLD, True)
            surface.blit(img, img.get_rect(midright=(row.right - 20, row.centery)))
            y += row.h + 8
