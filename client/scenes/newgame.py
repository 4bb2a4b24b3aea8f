"""New game: the game, the seats (you, more local players, bots with level), options
and an optional seed."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.app import Scene
from engine import get_game

SEAT_CHOICES = {"You / local player": "human", "Bot (easy)": "bot:easy",
                "Bot (normal)": "bot:normal", "Bot (hard)": "bot:hard"}
GAMES_WITH_TABLES = {"Take 5": "take5"}


class NewGameScene(Scene):
    """Seat list of pygame_gui drop-downs; Start creates the table."""

    def __init__(self, app, seats: list[str] | None = None) -> None:
        super().__init__(app)
        self.seats = seats or ["human", "bot:normal", "bot:normal", "bot:normal"]
        self.error = ""
        self.game_id = "take5"

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        ui = self.app.ui
        ui.clear_and_reset()
        w, _ = self.app.size
        x = w // 2 - 300
        names = list(GAMES_WITH_TABLES)
        pygame_gui.elements.UILabel(pygame.Rect(x, 110, 140, 36), "Game", ui)
        self.game_menu = pygame_gui.elements.UIDropDownMenu(names, names[0],
                                                            pygame.Rect(x + 150, 110, 300, 36), ui)
        self.seat_menus = []
        label_for = {v: k for k, v in SEAT_CHOICES.items()}
        y = 170
        for i, seat in enumerate(self.seats):
            pygame_gui.elements.UILabel(pygame.Rect(x, y, 140, 34), f"Seat {i + 1}", ui)
            menu = pygame_gui.elements.UIDropDownMenu(list(SEAT_CHOICES), label_for[seat],
                                                      pygame.Rect(x + 150, y, 300, 34), ui)
            self.seat_menus.append(menu)
            y += 40
        game = get_game(self.game_id)
        self.add = pygame_gui.elements.UIButton(pygame.Rect(x + 470, 170, 130, 34), "+ seat", ui)
        self.remove = pygame_gui.elements.UIButton(pygame.Rect(x + 470, 210, 130, 34), "− seat", ui)
        if len(self.seats) >= game.max_players:
            self.add.disable()
        if len(self.seats) <= game.min_players:
            self.remove.disable()
        y = max(y + 10, 420)
        pygame_gui.elements.UILabel(pygame.Rect(x, y, 140, 34), "Ends above", ui)
        self.threshold = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 150, y, 100, 34), ui)
        self.threshold.set_text("66")
        self.variant = pygame_gui.elements.UIDropDownMenu(
            ["Standard deck", "Tactical (all cards dealt)"], "Standard deck",
            pygame.Rect(x + 270, y, 330, 34), ui)
        pygame_gui.elements.UILabel(pygame.Rect(x, y + 44, 140, 34), "Seed", ui)
        self.seed = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 150, y + 44, 200, 34), ui)
        self.seed.set_text("")
        pygame_gui.elements.UILabel(pygame.Rect(x + 360, y + 44, 240, 34), "(empty = random)", ui)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(x, y + 110, 200, 50), "Back", ui)
        self.start = pygame_gui.elements.UIButton(pygame.Rect(x + 400, y + 110, 200, 50), "Start",
                                                  ui, object_id="@big")

    def read_seats(self) -> list[str]:
        return [SEAT_CHOICES[m.selected_option[0] if isinstance(m.selected_option, tuple)
                             else m.selected_option] for m in self.seat_menus]

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.add:
                self.seats = self.read_seats() + ["bot:normal"]
                self.build()
            elif event.ui_element == self.remove:
                self.seats = self.read_seats()[:-1]
                self.build()
            elif event.ui_element == self.back:
                from client.scenes.menu import MenuScene
                self.app.switch(MenuScene(self.app))
            elif event.ui_element == self.start:
                self.start_game()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from client.scenes.menu import MenuScene
            self.app.switch(MenuScene(self.app))

    def start_game(self) -> None:
        from client.launch import start_table
        from engine.core import RuleError
        seats = self.read_seats()
        try:
            options = {"threshold": int(self.threshold.get_text() or 66),
                       "tactical": "Tactical" in str(self.variant.selected_option)}
            seed_text = self.seed.get_text().strip()
            seed = int(seed_text) if seed_text else None
        except ValueError:
            self.error = "Threshold and seed must be whole numbers."
            return
        try:
            start_table(self.app, self.game_id, seats, seed, options)
        except (RuleError, ValueError) as exc:
            self.error = str(exc)
            self.build()

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = self.app.size
        surface.fill(assets.FELT)
        title = assets.text("New game", 44, assets.GOLD, True)
        surface.blit(title, title.get_rect(center=(w // 2, 60)))
        hint = assets.text("Two or more “You / local player” seats make a couch game: "
                           "a privacy screen hands the screen over.", 16, assets.WHITE)
        surface.blit(hint, hint.get_rect(center=(self.app.size[0] // 2, self.app.size[1] - 30)))
        if self.error:
            img = assets.text(self.error, 18, (255, 150, 140), True)
            surface.blit(img, img.get_rect(center=(w // 2, self.app.size[1] - 60)))
