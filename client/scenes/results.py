"""Results: the final standings (from the table's ``summary``), then play again or
back to the menu."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.i18n import _
from client.scene import Scene


#: Seconds after the results appear during which keys and clicks are ignored (Enter is
#: also the play key: a player still pressing it must not deal a new game unseen).
GUARD = 1.0


class ResultsScene(Scene):
    """Shows ``table_class.summary(view, names, me)`` (``ranked: False`` drops the place
    numbers, e.g. in a cooperative game). After :data:`GUARD` seconds (the buttons are
    greyed until then): Enter or "New game, same players" deals again, Esc or "Back to
    the menu" goes back."""

    def __init__(self, app, session, view: dict, table_class) -> None:
        super().__init__(app)
        self.session = session
        self.view = view
        me = session.local_seats[0] if len(session.local_seats) == 1 else None
        self.info = table_class.summary(view, session.names, me)
        from client.stats import record_session

        record_session(app, session, view)
        self.autoquit_t = 0.0
        self.shown_t = 0.0  # seconds since the results appeared

    def button(self, text: str, centerx: int) -> pygame_gui.elements.UIButton:
        """A big button saying ``text``, as wide as its words need (within half the
        window), its centre at ``centerx``."""
        w, h = self.app.size
        width = min(
            max(220, assets.text(text, 24, assets.WHITE, True).get_width() + 40), w // 2 - 30
        )
        rect = pygame.Rect(0, h - 120, width, 54)
        rect.centerx = centerx
        return pygame_gui.elements.UIButton(rect, text, self.app.ui, object_id="@big")

    def enter(self) -> None:
        w, h = self.app.size
        if self.session.remote:
            self.again = None  # only the host can deal again
            self.menu = self.button(_("Back to the menu"), w // 2)
        else:
            self.again = self.button(_("New game, same players"), w // 4 + 5)
            self.menu = self.button(_("Back to the menu"), 3 * w // 4 - 5)
        for button in (self.again, self.menu):
            if button is not None and not self.app.autoquit:
                button.disable()

    @property
    def guarded(self) -> bool:
        """Whether input is still ignored (the first :data:`GUARD` seconds)."""
        return self.shown_t < GUARD and not self.app.autoquit

    def idle(self) -> bool:
        """Still while nothing counts down: the input guard (its buttons light up at
        its end) is over."""
        return not self.app.autoquit and not self.guarded

    def handle_event(self, event) -> None:
        if self.guarded:
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.again:
                self.play_again()
            elif event.ui_element == self.menu:
                self.to_menu()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self.play_again()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()

    def play_again(self) -> None:
        """A new deal (fresh seed) with the same game, seats, names and options; a LAN
        table goes back to the host screen with the same game and seats."""
        from client.launch import start_table

        s = self.session
        if s.remote:
            self.to_menu()
            return
        s.close()
        if "open" in s.seats:
            self.app.go("newgame", game_id=s.game_id, seats=s.seats, lan=True)
            return
        start_table(self.app, s.game_id, s.seats, seed=None, options=s.options, names=s.names)

    def to_menu(self) -> None:
        self.session.close()
        self.app.go("menu")

    def update(self, dt: float) -> None:
        was = self.guarded
        self.shown_t += dt
        if was and not self.guarded:
            for button in (self.again, self.menu):
                if button is not None:
                    button.enable()
        if self.app.autoquit:
            self.autoquit_t += dt
            if self.autoquit_t > 0.3:
                self.app.quit(0)

    def draw(self, surface: pygame.Surface) -> None:
        w, _h = self.app.size
        surface.fill(assets.FELT_DARK)
        img = fitted(self.info["headline"], 52, w - 80, assets.GOLD)
        surface.blit(img, img.get_rect(center=(w // 2, 80)))
        sub = assets.text(self.info["subtitle"], 20, assets.WHITE)
        surface.blit(sub, sub.get_rect(center=(w // 2, 135)))
        y = 180
        for place, (name, value, winner) in enumerate(self.info["rows"], 1):
            row = pygame.Rect(w // 2 - 300, y, 600, 44)
            pygame.draw.rect(
                surface,
                assets.GOLD if winner else (255, 255, 255),
                row,
                0 if winner else 2,
                border_radius=10,
            )
            colour = assets.INK if winner else assets.WHITE
            label = f"{place}.  {name}" if self.info.get("ranked", True) else name
            surface.blit(assets.text(label, 24, colour, True), (row.x + 20, row.y + 8))
            t = assets.text(value, 24, colour, True)
            surface.blit(t, t.get_rect(midright=(row.right - 20, row.centery)))
            y += 52


def fitted(text: str, size: int, width: int, colour) -> pygame.Surface:
    """``text`` in bold at ``size`` pixels, or smaller (down to 18) until it fits
    ``width`` pixels."""
    img = assets.text(text, size, colour, True)
    while img.get_width() > width and size > 18:
        size -= 4
        img = assets.text(text, size, colour, True)
    return img
