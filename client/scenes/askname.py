"""Your name, asked once before the first LAN game (issue 33): the first time a player
hosts a LAN table or joins one while their name is still the untouched "Player", this
asks what the others should call them, keeps it in the settings (``name``; Settings
changes it later) and goes on to the Host form or the table list. A name left blank keeps
"Player" and is not asked again (``name_asked``; the menu asks
:meth:`client.settings.Settings.asks_name`)."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.i18n import _
from client.scene import Scene

#: Characters a name may have (as Settings keeps them).
NAME_LENGTH = 24
#: Where each ``then`` goes once the name is given: a scene and its arguments.
NEXT = {"host": ("newgame", {"lan": True}), "join": ("browser", {})}


class AskNameScene(Scene):
    """One text box and Continue; ``then``: ``"host"`` (the Host form next) or
    ``"join"`` (the LAN table list next). Enter continues, Esc goes back to the menu."""

    def __init__(self, app, then: str = "host") -> None:
        super().__init__(app)
        self.then = then if then in NEXT else "host"

    def idle(self) -> bool:
        return True

    def enter(self) -> None:
        ui = self.app.ui
        w, h = self.app.size
        box = pygame.Rect(0, 0, min(self.fpx(420), w - 40), self.fpx(44))
        box.center = (w // 2, h // 2)
        self.entry = pygame_gui.elements.UITextEntryLine(box, ui, placeholder_text=_("Your name"))
        self.entry.set_text_length_limit(NAME_LENGTH)
        # The manager's focus, not only the field's own: typing goes in at once and the
        # frame loop keeps the caret blinking (App.typing); the ring shows where it is.
        ui.set_focus_set(self.entry)
        y = box.bottom + 70
        bw, bh = min(self.fpx(220), w // 2 - 20), self.fpx(54)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - 10 - bw, y, bw, bh), _("Back"), ui
        )
        self.go_on = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 + 10, y, bw, bh), _("Continue"), ui, object_id="@big"
        )

    def texts(self) -> tuple[str, str]:
        """The question and the line under it."""
        question = (
            _("Your name at the table") if self.then == "host" else _("Your name at their table")
        )
        return question, _("The other players see it. You can change it later in Settings.")

    def done(self) -> None:
        """Keep the name (blank: "Player", not asked again) and go on."""
        s = self.app.settings
        name = self.entry.get_text().strip()[:NAME_LENGTH]
        if name:
            s.name = name
        s.name_asked = True
        try:
            s.save()
        except OSError:
            pass  # settings are a comfort: a read-only folder must not stop a game
        scene, kwargs = NEXT[self.then]
        self.app.go(scene, **kwargs)

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.go_on:
                self.done()
            elif event.ui_element == self.back:
                self.app.go("menu")
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element == self.entry:
            self.done()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT)
        question, line = self.texts()
        title = assets.fit(question, min(self.fpx(40), 50), w - 40, assets.GOLD, True)
        lines, px = assets.fit_lines(line, self.fpx(20), w - 60, 2, False)
        imgs = [assets.text(text, px, assets.WHITE) for text in lines]
        # Upwards from the field: the line, then the question (apart at any text size).
        y = self.entry.get_abs_rect().top - 22 - sum(img.get_height() + 2 for img in imgs)
        surface.blit(title, title.get_rect(midbottom=(w // 2, y - 12)))
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height() + 2
        if self.entry.is_focused:  # the focus ring, around the field (drawn under it)
            ring = self.entry.get_abs_rect().inflate(10, 10)
            pygame.draw.rect(surface, assets.GOLD, ring, 3, border_radius=12)
