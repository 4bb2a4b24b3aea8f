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
    """An interface size (or a volume) as people read it: 1.25 → "125 %"."""
    return f"{round(float(scale) * 100)} %"


def times(speed: float) -> str:
    """An animation speed as people read it: 1.0 → "1×", 0.25 → "0.25×", 2.5 → "2.5×"."""
    return f"{round(float(speed), 2):g}×"


class SettingsScene(Scene):
    """One row per setting; Save stores them and applies language and sound at once."""

    def idle(self) -> bool:
        return True  # widgets change on input only

    def enter(self) -> None:
        ui, s = self.app.ui, self.app.settings
        w, _h = self.app.size
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
        # Ten rows, the note and the buttons fit the window (800×500 too), at the
        # player's text size; the labels as wide as the longest, each slider's value
        # beside it, the text size's preview right of the rows (or under the buttons).
        y, step = 110, self.fpx(44)
        if _h < y + 12 * step + 16:  # ten rows, the note, the buttons
            y, step = 96, max(32, (_h - 96 - 22) // 12)
        rh = min(self.fpx(36), step - 4)  # a row's height
        label_w = max(assets.measure(t, self.fpx(18)) for t in rows) + 16
        value_w = assets.measure("100 %", self.fpx(18)) + 16
        box_w = 300
        x = max(10, (w - (label_w + 10 + box_w + 10 + value_w)) // 2)
        button_h = max(rh, 50 if step == self.fpx(44) else 40)
        for i, label in enumerate(rows):
            pygame_gui.elements.UILabel(pygame.Rect(x, y + i * step, label_w, rh), label, ui)
        bx = x + label_w + 10

        def rect(i: int) -> pygame.Rect:
            return pygame.Rect(bx, y + i * step, box_w, rh)

        def value(i: int, text: str) -> pygame_gui.elements.UILabel:
            return pygame_gui.elements.UILabel(
                pygame.Rect(bx + box_w + 10, y + i * step, value_w, rh), text, ui
            )

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
            rect(4), s.animation_speed, (0.25, 4.0), ui, click_increment=0.25
        )
        self.speed_note = value(4, times(s.animation_speed))
        self.volume = pygame_gui.elements.UIHorizontalSlider(
            rect(5), s.volume, (0.0, 1.0), ui, click_increment=0.05
        )
        self.volume_note = value(5, percent(s.volume))
        self.mute = pygame_gui.elements.UIDropDownMenu(
            [_("On"), _("Muted")], _("Muted") if s.mute else _("On"), rect(6), ui
        )
        self.scale = pygame_gui.elements.UIHorizontalSlider(
            rect(7), s.ui_scale, (0.75, 1.5), ui, click_increment=0.05
        )
        self.scale_note = value(7, percent(s.ui_scale))
        self.pauses = pause_names()
        self.pause = pygame_gui.elements.UIDropDownMenu(
            list(self.pauses.values()), self.pauses.get(s.bot_pause, _("Natural")), rect(8), ui
        )
        self.room_full = pygame_gui.elements.UIDropDownMenu(
            [_("Off"), _("On")], _("On") if s.room_fullscreen else _("Off"), rect(9), ui
        )
        y += len(rows) * step + 6
        #: The note under the rows (drawn in :meth:`draw`, wrapped to two lines).
        self.note = pygame.Rect(20, y, w - 40, rh)
        below = rh + 8  # the buttons, under the note
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(bx - 260, y + below, 240, button_h), _("Back"), ui
        )
        self.save = pygame_gui.elements.UIButton(
            pygame.Rect(bx + box_w - 240, y + below, 240, button_h), _("Save"), ui, object_id="@big"
        )
        #: Where the text size's preview goes (pixels): right of the rows, else under
        #: the buttons.
        right = x + label_w + 10 + box_w + 10 + value_w + 20
        top = 110 + 2 * step
        if w - 20 - right >= 220:
            self.preview = pygame.Rect(right, top, w - 20 - right, 6 * step - 4)
        else:
            top = y + below + button_h + 8
            self.preview = pygame.Rect(20, top, w - 40, max(40, _h - top - 6))

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            if event.ui_element == self.scale:
                self.scale_note.set_text(percent(self.scale.get_current_value()))
            elif event.ui_element == self.speed:
                self.speed_note.set_text(times(self.speed.get_current_value()))
            elif event.ui_element == self.volume:
                self.volume_note.set_text(percent(self.volume.get_current_value()))
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
        size = round(44 * min(1.2, self.ui_scale))
        title = assets.fit(_("Settings"), size, self.app.size[0] - 40, assets.GOLD, True)
        surface.blit(title, title.get_rect(center=(self.app.size[0] // 2, 60)))
        self.draw_preview(surface)
        text = _("Window size and fullscreen apply at the next start.")
        lines, px = assets.fit_lines(text, self.fpx(18), self.note.w, 2, False)
        y = self.note.centery - len(lines) * assets.font(px).get_linesize() // 2
        for line in lines:
            img = assets.text(line, px, assets.WHITE)
            surface.blit(img, img.get_rect(midtop=(self.note.centerx, y)))
            y += assets.font(px).get_linesize()

    def draw_preview(self, surface: pygame.Surface) -> None:
        """Words at the text size the slider shows now (before Save): a table's prompt
        and a button, as the screens will draw them."""
        box = self.preview
        scale = float(self.scale.get_current_value())
        pygame.draw.rect(surface, assets.FELT_DARK, box, border_radius=10)
        pygame.draw.rect(surface, assets.GOLD, box, 1, border_radius=10)
        head = assets.fit(_("Preview"), assets.MIN_TEXT + 2, box.w - 20, assets.GOLD, True)
        surface.blit(head, (box.x + 10, box.y + 6))
        y = box.y + 10 + head.get_height()
        px = max(assets.MIN_TEXT, round(18 * scale))
        lines, px = assets.fit_lines(
            _("Your turn: choose a card to play"), px, box.w - 20, 3, False
        )
        for line in lines:
            if y + px > box.bottom - 4:
                return
            img = assets.text(line, px, assets.WHITE)
            surface.blit(img, (box.x + 10, y))
            y += assets.font(px).get_linesize()
        label = assets.fit(_("Start"), px, box.w - 40, assets.INK, True)
        button = label.get_rect().inflate(28, 14)
        button.topleft = (box.x + 10, y + 6)
        if button.bottom <= box.bottom - 4:
            pygame.draw.rect(surface, assets.GOLD, button, border_radius=8)
            surface.blit(label, label.get_rect(center=button.center))
