"""Settings: name, window size, fullscreen, animation speed (saved under the user's
config folder)."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.i18n import _
from client.app import Scene

SIZES = ["1280x720", "1600x900", "1920x1080", "1024x640"]


class SettingsScene(Scene):
    def enter(self) -> None:
        ui, s = self.app.ui, self.app.settings
        w, _h = self.app.size
        x = w // 2 - 260
        pygame_gui.elements.UILabel(pygame.Rect(x, 140, 200, 36), _("Your name"), ui)
        self.name = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 220, 140, 300, 36), ui)
        self.name.set_text(s.name)
        size = f"{s.window[0]}x{s.window[1]}"
        pygame_gui.elements.UILabel(pygame.Rect(x, 190, 200, 36), _("Window size"), ui)
        self.size = pygame_gui.elements.UIDropDownMenu(
            SIZES if size in SIZES else SIZES + [size], size, pygame.Rect(x + 220, 190, 300, 36), ui
        )
        pygame_gui.elements.UILabel(pygame.Rect(x, 240, 200, 36), _("Fullscreen"), ui)
        self.full = pygame_gui.elements.UIDropDownMenu(
            [_("Off"), _("On")],
            _("On") if s.fullscreen else _("Off"),
            pygame.Rect(x + 220, 240, 300, 36),
            ui,
        )
        pygame_gui.elements.UILabel(pygame.Rect(x, 290, 200, 36), _("Animation speed"), ui)
        self.speed = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x + 220, 290, 300, 36), s.animation_speed, (0.25, 4.0), ui
        )
        self.note = pygame_gui.elements.UILabel(
            pygame.Rect(x, 340, 520, 30),
            _("Window size and fullscreen apply at the next start."),
            ui,
        )
        self.back = pygame_gui.elements.UIButton(pygame.Rect(x, 400, 240, 50), _("Back"), ui)
        self.save = pygame_gui.elements.UIButton(
            pygame.Rect(x + 280, 400, 240, 50), _("Save"), ui, object_id="@big"
        )

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.save:
                self.store()
            if event.ui_element in (self.save, self.back):
                from client.scenes.menu import MenuScene

                self.app.switch(MenuScene(self.app))

    def store(self) -> None:
        s = self.app.settings
        name = self.name.get_text().strip()
        if name:
            s.name = name[:24]
        opt = self.size.selected_option
        opt = opt[0] if isinstance(opt, tuple) else opt
        s.window = [int(v) for v in opt.split("x")]
        full = self.full.selected_option
        s.fullscreen = (full[0] if isinstance(full, tuple) else full) == _("On")
        s.animation_speed = round(float(self.speed.get_current_value()), 2)
        try:
            s.save()
        except OSError:
            pass

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(assets.FELT)
        title = assets.text(_("Settings"), 44, assets.GOLD, True)
        surface.blit(title, title.get_rect(center=(self.app.size[0] // 2, 70)))
