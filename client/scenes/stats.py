"""Statistics of the current profile (the player name in Settings); see
:mod:`client.stats` for how games are counted."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.i18n import _
from client.scene import Scene
from client.stats import (
    columns,
    empty_profile,
    level_rows,
    load_stats,
    recent_rows,
    summary_rows,
)


class StatsScene(Scene):
    """The statistics of the current profile (Settings name): per game, won of played
    against each bots' level; the game's own records (best, average); the recent games
    with their results. Esc → menu."""

    def idle(self) -> bool:
        return True  # widgets change on input only

    def enter(self) -> None:
        w, h = self.app.size
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - 105, h - 76, 210, 54), _("Menu"), self.app.ui, object_id="@big"
        )
        self.profile = load_stats()["profiles"].get(self.app.settings.name, empty_profile())
        self.rows = summary_rows(self.profile)
        self.games = level_rows(self.profile)
        self.records = [r for r in self.rows if r[0] not in {t for t, _c in self.games}]
        self.recent = recent_rows(self.profile)

    def handle_event(self, event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.back) or (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN)
        ):
            self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT_DARK)
        head = assets.text(_("Statistics"), min(self.fpx(44), 53), assets.GOLD, True)
        surface.blit(head, head.get_rect(center=(w // 2, 44)))
        sub = assets.fit(
            _("Games played on this computer as {name}").format(name=self.app.settings.name),
            self.fpx(19),
            w - 40,
            assets.WHITE,
        )
        surface.blit(sub, sub.get_rect(midtop=(w // 2, max(74, 44 + head.get_height() // 2 + 4))))
        if not self.rows:
            img = assets.text(_("No finished games yet."), self.fpx(24), assets.WHITE)
            surface.blit(img, img.get_rect(center=(w // 2, 240)))
            return
        bottom = h - 90
        split = w * 57 // 100  # the games on the left, the recent games on the right
        self.draw_games(surface, pygame.Rect(20, 116, split - 40, bottom - 116))
        self.draw_recent(surface, pygame.Rect(split, 116, w - split - 20, bottom - 116))

    def draw_games(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """Per game: won of played in all, and against each bots' level; the records."""
        title = assets.fit(_("Per game and bots' level"), self.fpx(20), room.w, assets.GOLD, True)
        surface.blit(title, room.topleft)
        heads = columns()
        name_w = room.w * 27 // 100
        cell_w = (room.w - name_w) // len(heads)
        y = room.y + title.get_height() + 8
        for i, text in enumerate(heads):
            lines, px = assets.fit_lines(text, self.fpx(14), cell_w - 6, 2, True)
            for j, line in enumerate(lines):
                img = assets.text(line, px, (190, 205, 195), True)
                x = room.x + name_w + i * cell_w + cell_w // 2
                surface.blit(img, img.get_rect(midtop=(x, y + j * (px + 2))))
        y += 2 * (self.fpx(14) + 2) + 6
        row_h = max(34, self.fpx(17) + 14)
        for name, cells in self.games:
            row = pygame.Rect(room.x, y, room.w, row_h)
            pygame.draw.rect(surface, (255, 255, 255), row, 1, border_radius=8)
            img = assets.fit(name, self.fpx(17), name_w - 16, assets.WHITE, True)
            surface.blit(img, img.get_rect(midleft=(row.x + 10, row.centery)))
            for i, text in enumerate(cells):
                if not text:
                    continue
                img = assets.fit(
                    text, self.fpx(16), cell_w - 6, assets.GOLD if i == 0 else assets.WHITE, True
                )
                x = room.x + name_w + i * cell_w + cell_w // 2
                surface.blit(img, img.get_rect(center=(x, row.centery)))
            y += row_h + 6
        y += 8
        step = self.fpx(17) + 13
        for label, value in self.records:
            if y + step > room.bottom:
                break
            img = assets.fit(value, self.fpx(17), room.w // 3, assets.GOLD, True)
            surface.blit(img, img.get_rect(topright=(room.right - 10, y)))
            text = assets.fit(label, self.fpx(17), room.w - img.get_width() - 30, assets.WHITE)
            surface.blit(text, (room.x + 10, y))
            y += step

    def draw_recent(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """The newest games, one a row: when, the game, the bots; won or lost, the score."""
        title = assets.fit(_("Recent games"), self.fpx(20), room.w, assets.GOLD, True)
        surface.blit(title, room.topleft)
        y = room.y + title.get_height() + 8
        if not self.recent:
            text = _("Games you finish from now on show here.")
            img = assets.fit(text, self.fpx(16), room.w, assets.WHITE)
            surface.blit(img, (room.x, y))
            return
        px = self.fpx(15)
        line = assets.font(px, True).get_linesize()
        height = max(44, 2 * line + 8)
        for left, right, won in self.recent:
            if y + height > room.bottom:
                break
            row = pygame.Rect(room.x, y, room.w, height)
            pygame.draw.rect(surface, (31, 70, 52), row, border_radius=8)
            img = assets.fit(left, px, row.w - 20, assets.WHITE, True)
            surface.blit(img, (row.x + 10, row.y + 4))
            img = assets.fit(right, px, row.w - 20, assets.GOLD if won else (230, 200, 190))
            surface.blit(img, (row.x + 10, row.y + 4 + line))
            y += height + 6
