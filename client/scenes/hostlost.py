"""The table ended under this window: its host process ended on its own (a crash) — say
so plainly, and offer to continue the game from its log (what the menu's "Continue a
game" does) — or, at somebody else's table, its host closed the table (``host-closed``,
net/PROTOCOL.md): say that, with the way back to the menu, instead of leaving a guest at
a dead table that waits and counts down for ever (:func:`client.lanwords.closed_by_host`)."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.i18n import _
from client.scene import Scene


class HostLostScene(Scene):
    """``reason``: how the host process ended (``"exit code 1"``, ``"killed by signal
    9"``), or ``"host-closed"``: the host of somebody else's table closed it;
    ``log_path``: the table's log (None: unlogged, nothing to continue); ``game_id``;
    ``table``: the table's name (a closed table). Enter continues the game, Esc goes to
    the menu."""

    def __init__(
        self,
        app,
        reason: str,
        log_path: str | None,
        game_id: str,
        table: str = "",
        detail: str = "",
    ) -> None:
        super().__init__(app)
        self.reason = reason
        self.log_path = log_path
        self.game_id = game_id
        self.table = table
        self.detail = detail
        self.error = ""

    @property
    def closed(self) -> bool:
        """Whether somebody else's table ended under this window (``reason``
        ``host-closed``: its host closed it; ``link``: the link to it ended for good,
        ``detail`` says how) rather than this machine's host process."""
        return self.reason in ("host-closed", "link")

    def lines(self) -> tuple[list[tuple[str, int, tuple, bool, int]], int]:
        """The lines as drawn — ``(text, px, colour, bold, y)``, wrapped to the window
        at the player's text size, ``y`` from the first line's top — and their height
        in pixels (a gap after each text)."""
        w, _h = self.app.size
        out, height = [], 0
        for text, size, colour, bold in self.texts():
            big = size > 30
            lines, px = assets.fit_lines(text, self.fpx(size), w - 60, 1 if big else 2, bold)
            for line in lines:
                out.append((line, px, colour, bold, height))
                height += assets.font(px, bold).get_linesize() + (4 if big else 2)
            height += self.fpx(16 if big else 8)
        return out, height

    def top(self) -> int:
        """Where the lines start (pixels): the lines, a gap and the buttons are centred."""
        _lines, height = self.lines()
        return max(12, (self.app.size[1] - height - self.fpx(54) - 30) // 2)

    def enter(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        y = self.top() + self.lines()[1] + 20
        bh = self.fpx(54)
        self.resume = None
        gap = 20
        if self.log_path:
            text = _("Continue the game")
            rw = max(330, assets.measure(text, self.fpx(24), True) + 40)
            self.resume = pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 - gap // 2 - rw, y, rw, bh), text, ui, object_id="@big"
            )
        label = _("Back to menu") if self.closed else _("Menu")
        big = self.resume is None
        width = max(280 if self.closed else 240, assets.measure(label, self.fpx(24), big) + 40)
        x = w // 2 + gap // 2 if self.resume is not None else w // 2 - width // 2
        self.menu = pygame_gui.elements.UIButton(
            pygame.Rect(x, y, width, bh),
            _("Back to menu") if self.closed else _("Menu"),
            ui,
            object_id="@big" if self.resume is None else None,
        )

    def idle(self) -> bool:
        return True

    def continue_game(self) -> None:
        """Continue the logged game at a new table (a new host process)."""
        from client.launch import SetupError, resume_table

        try:
            resume_table(self.app, self.log_path)
        except SetupError as exc:
            self.error = exc.message

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.resume:
                self.continue_game()
            elif event.ui_element == self.menu:
                self.app.go("menu")
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.log_path:
                self.continue_game()
            elif event.key == pygame.K_ESCAPE:
                self.app.go("menu")

    def texts(self) -> list[tuple[str, int, tuple, bool]]:
        """The lines to show: ``(text, size, colour, bold)``, the title first."""
        from client.stats import game_title

        if self.reason == "link":
            return [
                (_("The table is out of reach"), 44, assets.GOLD, True),
                (self.detail, 20, assets.WHITE, False),
                (
                    _("Join it again from the menu when it is back, or another table."),
                    20,
                    assets.WHITE,
                    False,
                ),
            ]
        if self.closed:
            game = game_title(self.game_id)
            if self.table:
                line = _("“{table}” ({game}) has ended: its host left and closed it.")
            else:
                line = _("This {game} table has ended: its host left and closed it.")
            return [
                (_("The host closed the table"), 44, assets.GOLD, True),
                (line.format(table=self.table, game=game), 20, assets.WHITE, False),
                (
                    _("Join another table, or host one yourself, from the menu."),
                    20,
                    assets.WHITE,
                    False,
                ),
            ]
        lines = [
            (_("The table stopped"), 44, assets.GOLD, True),
            (
                _("The host of this {game} table ended unexpectedly ({reason}).").format(
                    game=game_title(self.game_id), reason=self.reason
                ),
                20,
                assets.WHITE,
                False,
            ),
        ]
        if self.log_path:
            lines.append(
                (
                    _("Nothing is lost: every move is in its log. Continue where it stopped?"),
                    20,
                    assets.WHITE,
                    False,
                )
            )
        else:
            lines.append(
                (_("This table kept no log, so it cannot continue."), 20, assets.WHITE, False)
            )
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT_DARK)
        top = self.top()
        for line, px, colour, bold, y in self.lines()[0]:
            img = assets.text(line, px, colour, bold)
            surface.blit(img, img.get_rect(midtop=(w // 2, top + y)))
        if self.error:
            img = assets.fit(self.error, self.fpx(18), w - 40, (255, 150, 140), True)
            below = self.menu.rect.bottom + self.fpx(30)
            surface.blit(img, img.get_rect(center=(w // 2, min(h - 20, below))))
