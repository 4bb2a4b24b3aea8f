"""Settings: name, language, window size, fullscreen, animation speed, volume, mute,
interface size, the bots' pause and fullscreen at tables with phones (saved under the
user's config folder; see :mod:`client.settings`)."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets, i18n
from client.scene import Scene
from client.i18n import _

SIZES = ["1280x720", "1600x900", "1920x1080", "1024x640"]


def pause_names() -> dict[str, str]:
    """The bots' pause settings (:data:`client.settings.BOT_PAUSES`) as people read
    them, in the order offered."""
    return {"off": _("Off"), "short": _("Short"), "natural": _("Natural")}


def selected(menu) -> str:
    opt = menu.selected_option
    return opt[0] if isinstance(opt, tuple) else opt


def percent(scale: float) -> str:
    """An interface size as people read it: 1.25 → "125 %"."""
    return f"{round(float(scale) * 100)} %"


class SettingsScene(Scene):
    """One row per setting; Save stores them and applies language and sound at once."""

    def idle(self) -> bool:
        return True  # widgets change on input only

    def enter(self) -> None:
        ui, s = self.app.ui, self.app.settings
        w, _h = self.app.size
        # Ten rows, the note and the buttons fit the window (800×500 too).
        x, y, step = w // 2 - 260, 110, 44
        if _h < y + 10 * step + 106:
            y, step = 96, max(30, (_h - 96 - 90) // 10)
        rh = min(36, step - 4)  # a row's height
        button_h = 50 if step == 44 else 40
        rows = [
            _("Your name"),
            _("Language"),
            _("Window size"),
            _("Fullscreen"),
            _("Animation speed"),
            _("Volume"),
            _("Sound"),
            _("Text size"),
            _("Bots' pause"),
            _("Fullscreen with phones"),
        ]
        for i, label in enumerate(rows):
            pygame_gui.elements.UILabel(pygame.Rect(x - 50, y + i * step, 260, rh), label, ui)

        def rect(i: int) -> pygame.Rect:
            return pygame.Rect(x + 220, y + i * step, 300, rh)

        self.name = pygame_gui.elements.UITextEntryLine(rect(0), ui)
        self.name.set_text(s.shown_name())
        self.languages = {_("System language"): ""} | {n: c for c, n in i18n.LANGUAGES.items()}
        current = next(
            (n for n, c in self.languages.items() if c == s.language), _("System language")
        )
        self.language = pygame_gui.elements.UIDropDownMenu(
            list(self.languages), current, rect(1), ui
        )
        size = f"{s.window[0]}x{s.window[1]}"
        self.size = pygame_gui.elements.UIDropDownMenu(
            SIZES if size in SIZES else SIZES + [size], size, rect(2), ui
        )
        self.full = pygame_gui.elements.UIDropDownMenu(
            [_("Off"), _("On")], _("On") if s.fullscreen else _("Off"), rect(3), ui
        )
        self.speed = pygame_gui.elements.UIHorizontalSlider(
            rect(4), s.animation_speed, (0.25, 4.0), ui
        )
        self.volume = pygame_gui.elements.UIHorizontalSlider(rect(5), s.volume, (0.0, 1.0), ui)
        self.mute = pygame_gui.elements.UIDropDownMenu(
            [_("On"), _("Muted")], _("Muted") if s.mute else _("On"), rect(6), ui
        )
        self.scale = pygame_gui.elements.UIHorizontalSlider(
            rect(7), s.ui_scale, (0.75, 1.5), ui, click_increment=0.05
        )
        self.scale_note = pygame_gui.elements.UILabel(
            pygame.Rect(x + 530, y + 7 * step, 90, rh), percent(s.ui_scale), ui
        )
        self.pauses = pause_names()
        self.pause = pygame_gui.elements.UIDropDownMenu(
            list(self.pauses.values()), self.pauses.get(s.bot_pause, _("Natural")), rect(8), ui
        )
        self.room_full = pygame_gui.elements.UIDropDownMenu(
            [_("Off"), _("On")], _("On") if s.room_fullscreen else _("Off"), rect(9), ui
        )
        y += len(rows) * step + 6
        pygame_gui.elements.UILabel(
            pygame.Rect(w // 2 - 420, y, 840, 30),
            _("Window size and fullscreen apply at the next start."),
            ui,
        )
        below = 50 if step == 44 else 34  # the buttons, under the note
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(x, y + below, 240, button_h), _("Back"), ui
        )
        self.save = pygame_gui.elements.UIButton(
            pygame.Rect(x + 280, y + below, 240, button_h), _("Save"), ui, object_id="@big"
        )

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element == self.scale:
            self.scale_note.set_text(percent(self.scale.get_current_value()))
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.save:
                self.store()
            if event.ui_element in (self.save, self.back):
                self.app.go("menu")
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go("menu")

    def store(self) -> None:
        """Copy the widgets into the settings, save them, apply language and sound."""
        s = self.app.settings
        name = self.name.get_text().strip()
        if name and name != s.shown_name():  # the shown default stays the default
            s.name = name[:24]
        s.language = self.languages.get(selected(self.language), "")
        s.window = [int(v) for v in selected(self.size).split("x")]
        s.fullscreen = selected(self.full) == _("On")
        s.room_fullscreen = selected(self.room_full) == _("On")
        s.animation_speed = round(float(self.speed.get_current_value()), 2)
        s.volume = round(float(self.volume.get_current_value()), 2)
        s.mute = selected(self.mute) == _("Muted")
        s.ui_scale = min(1.5, max(0.75, round(float(self.scale.get_current_value()), 2)))
        chosen = selected(self.pause)
        s.bot_pause = next((k for k, v in self.pauses.items() if v == chosen), "natural")
        i18n.set_language(s.language)
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None:
            sounds.volume, sounds.muted = s.volume, s.mute
            sounds.play("card")
        try:
            s.save()
        except OSError:
            pass

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(assets.FELT)
        title = assets.text(_("Settings"), 44, assets.GOLD, True)
        surface.blit(title, title.get_rect(center=(self.app.size[0] // 2, 60)))
