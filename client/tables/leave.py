"""The question Esc asks at a table before leaving it: "Leave" or "Stay".

Stay has the focus, so a player who pressed Esc (or Enter, the play key) by habit
stays. When this window hosts a LAN table, the question says that leaving closes the
table for everyone at it. (Handing this window's seats to bots and keeping the table
open needs a host that outlives the window's table scene; the session cannot do that
yet, so the overlay only warns.)
"""

from __future__ import annotations

import pygame

from client import assets
from client.i18n import _

LEAVE, STAY = "leave", "stay"


class LeaveConfirm:
    """A small overlay over the table: a question, a warning line, Leave / Stay.

    ``open`` while asked; :meth:`handle` takes every input event while open and
    returns ``"leave"``, ``"stay"`` or None (still asking). Keys: Esc = Stay;
    ←/→/Tab move the focus; Enter or Space choose the focused button (Stay first)."""

    def __init__(self) -> None:
        self.open = False
        self.focus = STAY
        self.kind = "local"
        self.buttons: dict[str, pygame.Rect] = {}

    @property
    def hosting(self) -> bool:
        return self.kind == "host"

    def ask(self, kind: str) -> None:
        """Open the question. ``kind``: "host" (this window hosts a LAN table),
        "remote" (a seat at somebody else's table), "logged" (a local game kept in a
        log) or "local"."""
        self.open, self.focus, self.kind = True, STAY, kind

    def handle(self, event: pygame.event.Event) -> str | None:
        """One input event while open: the choice made, or None."""
        choice = None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                choice = STAY
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = STAY if self.focus == LEAVE else LEAVE
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                choice = self.focus
        elif event.type == pygame.MOUSEMOTION:
            for name, rect in self.buttons.items():
                if rect.collidepoint(event.pos):
                    self.focus = name
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            choice = next((n for n, r in self.buttons.items() if r.collidepoint(event.pos)), None)
        if choice is not None:
            self.open = False
        return choice

    def texts(self) -> tuple[str, str]:
        """The question and the line under it."""
        line = {
            "host": _("You host this table: leaving closes it for every player at it."),
            "remote": _("Your seat is kept: join the table again to take it back."),
            "logged": _("You can finish this game later: Continue a game, in the menu."),
        }.get(self.kind, _("This game will end."))
        return _("Leave the table?"), line

    def draw(self, table, surface: pygame.Surface) -> None:
        """Dim the table and draw the question in the middle (``table``: the
        :class:`client.tables.base.TableScene`, for its scale and text)."""
        dim = pygame.Surface((table.w, table.h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        box = pygame.Rect(0, 0, min(table.w - 40, table.s(620)), 0)
        question, line = self.texts()
        title = table.fit_text(question, table.text_px(table.s(30)), box.w - 40, assets.GOLD, True)
        lines, px = table.fit_lines(line, table.text_px(table.s(19)), box.w - 40, 3)
        imgs = [assets.text(t, px, assets.WHITE) for t in lines]
        bh = max(table.s(48), px + 20)
        box.h = 30 + title.get_height() + 14 + sum(i.get_height() for i in imgs) + 24 + bh + 24
        box.center = (table.w // 2, table.h // 2)
        pygame.draw.rect(surface, assets.FELT_DARK, box, border_radius=14)
        pygame.draw.rect(surface, assets.GOLD if self.hosting else assets.WHITE, box, 2, 14)
        y = box.y + 24
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += title.get_height() + 14
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
        y += 24
        bw = (box.w - 60) // 2
        self.buttons = {
            LEAVE: pygame.Rect(box.x + 20, y, bw, bh),
            STAY: pygame.Rect(box.right - 20 - bw, y, bw, bh),
        }
        words = {LEAVE: _("Leave"), STAY: _("Stay")}
        for name, rect in self.buttons.items():
            focused = name == self.focus
            pygame.draw.rect(surface, assets.GOLD if focused else (31, 93, 67), rect, 0, 10)
            pygame.draw.rect(surface, assets.WHITE, rect, 2, 10)
            colour = assets.INK if focused else assets.WHITE
            img = table.fit_text(words[name], table.text_px(table.s(22)), rect.w - 16, colour, True)
            surface.blit(img, img.get_rect(center=rect.center))
