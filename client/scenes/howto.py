"""How to play, from the menu: a game's rules help (its illustrated steps first, then the
rules) over the felt, the same overlay F1 shows at a table (:func:`client.help.draw_help`).
←/→ show the other games; F1, Esc, Enter or a click go back to the menu."""

from __future__ import annotations

import pygame

from client import assets, howto
from client.help import draw_help
from client.i18n import _
from client.scene import Scene

SCROLL = 40


class HowToScene(Scene):
    """The How to play of ``game_id`` (default: the game Quick game deals)."""

    def __init__(self, app, game_id: str | None = None) -> None:
        super().__init__(app)
        self.game_id = game_id if game_id in howto.GAMES else howto.last_game(app)
        self.scroll = 0
        self.height = 0

    def idle(self) -> bool:
        return True  # changes on input only

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.scroll_by(SCROLL if event.key == pygame.K_DOWN else -SCROLL)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                games = howto.GAMES
                i = games.index(self.game_id) + (1 if event.key == pygame.K_RIGHT else -1)
                self.game_id, self.scroll = games[i % len(games)], 0
            elif event.key in (
                pygame.K_ESCAPE,
                pygame.K_F1,
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_SPACE,
            ):
                self.app.go("menu")
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-SCROLL * event.y)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.app.go("menu")

    def scroll_by(self, pixels: int) -> None:
        room = self.app.size[1] - 140  # about the overlay's text area
        self.scroll = max(0, min(self.scroll + pixels, max(0, self.height - room)))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(assets.FELT)
        self.height = draw_help(surface, self.game_id, {}, self.scroll, self.app.settings.ui_scale)
        w, h = self.app.size
        left = w // 2 - min(460, w // 2 - 20) + 16  # the overlay panel's left edge, inside
        hint = assets.fit(_("← →: other games"), 15, w // 3, (90, 90, 90))
        surface.blit(hint, hint.get_rect(bottomleft=(left, h - 30 - 8)))
