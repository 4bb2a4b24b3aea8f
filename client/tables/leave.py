"""The question Esc asks at a table before leaving it: "Leave" or "Stay".

Stay has the focus, so a player who pressed Esc (or Enter, the play key) by habit
stays. When this window hosts a LAN table whose game is on, the question has three
answers: **Stay**, **Leave — hand my seats to bots** (the host process turns this
screen's seats into ``normal`` stand-in bots, tells the others, and goes on serving the
LAN in the background: :mod:`client.hosting`) and **Close the table for everyone**.
Offline and couch tables, a LAN table no LAN player took a seat at, still in its lobby
or already over, and a seat at somebody else's table keep the two answers.
"""

from __future__ import annotations

import pygame

from client import assets
from client.i18n import _

LEAVE, STAY, HAND = "leave", "stay", "hand"


def point(question, event: pygame.event.Event) -> str | None:
    """The pointer over a question's ``buttons`` (name → pygame.Rect): moving over a
    button focuses it (``question.focus``); a left click on one returns its name (else
    None). Shared by :class:`LeaveConfirm` and the quit question of
    :mod:`client.hosting`."""
    hit = next((n for n, r in question.buttons.items() if r.collidepoint(event.pos)), None)
    if event.type == pygame.MOUSEMOTION:
        if hit is not None:
            question.focus = hit
        return None
    return hit if event.button == 1 else None


def guests(session) -> int:
    """How many seats LAN players took at ``session``'s table (``remote`` seats, as the
    host's latest ``seats`` or ``welcome`` says; 0 before any arrived)."""
    local = set(getattr(session, "local_seats", []))
    for m in session.mirrors.values():
        seats = (m.seats or {}).get("seats") or (m.welcome or {}).get("seats")
        if seats:
            return sum(1 for s in seats if s.get("kind") == "remote" and s["seat"] not in local)
    return 0


class LeaveConfirm:
    """A small overlay over the table: a question, a warning line, Leave / Stay — or,
    for the host of a LAN table whose game is on, Stay / Hand my seats to bots / Close
    the table for everyone.

    ``open`` while asked; :meth:`handle` takes every input event while open and
    returns ``"leave"`` (close the table), ``"hand"`` (hand the seats to bots, the table
    goes on), ``"stay"`` or None (still asking). Keys: Esc = Stay; ←/→/↑/↓/Tab move
    the focus; Enter or Space choose the focused button (Stay first)."""

    def __init__(self) -> None:
        self.open = False
        self.focus = STAY
        self.kind = "local"
        self.hand = False
        self.buttons: dict[str, pygame.Rect] = {}

    @property
    def hosting(self) -> bool:
        return self.kind == "host"

    @property
    def choices(self) -> list[str]:
        """The answers, in the order drawn."""
        return [STAY, HAND, LEAVE] if self.hand else [LEAVE, STAY]

    def ask(self, kind: str, hand: bool = False) -> None:
        """Open the question. ``kind``: "host" (this window hosts a LAN table),
        "remote" (a seat at somebody else's table), "logged" (a local game kept in a
        log) or "local"; ``hand``: offer to hand this screen's seats to bots (a host
        whose game is on)."""
        self.open, self.focus, self.kind = True, STAY, kind
        self.hand = bool(hand) and kind == "host"

    def ask_for(self, session) -> None:
        """Open the question for ``session`` (:class:`client.session.TableSession`):
        its kind, and whether handing the seats to bots is offered (a LAN table this
        window hosts, its game started and not over, a LAN player at it)."""
        if getattr(session, "hosts_lan", False):
            over = any(m.outcome is not None for m in session.mirrors.values())
            self.ask("host", hand=session.started and not over and guests(session) > 0)
        elif session.remote:
            self.ask("remote")
        else:
            self.ask("logged" if getattr(session, "log_path", None) else "local")

    def handle(self, event: pygame.event.Event) -> str | None:
        """One input event while open: the choice made, or None."""
        choice = None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                choice = STAY
            elif event.key in (
                pygame.K_LEFT,
                pygame.K_RIGHT,
                pygame.K_UP,
                pygame.K_DOWN,
                pygame.K_TAB,
            ):
                back = event.key in (pygame.K_LEFT, pygame.K_UP) or (
                    event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
                )
                order = self.choices
                i = order.index(self.focus) if self.focus in order else 0
                self.focus = order[(i + (-1 if back else 1)) % len(order)]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                choice = self.focus
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            choice = point(self, event)
        if choice is not None:
            self.open = False
        return choice

    def texts(self) -> tuple[str, str]:
        """The question and the line under it."""
        if self.hand:
            line = _("You host this table: LAN players are still at it.")
            return _("Leave the table?"), line
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
        order = self.choices
        words = {LEAVE: _("Leave"), STAY: _("Stay")}
        if self.hand:
            words[HAND] = _("Leave — hand my seats to bots (the table goes on for the others)")
            words[LEAVE] = _("Close the table for everyone")
        size = table.text_px(table.s(22 if not self.hand else 20))
        # Three answers stack, each wrapping to two lines if its words need them.
        wrapped = {
            name: table.fit_lines(words[name], size, box.w - 40 - 24, 2 if self.hand else 1)
            for name in order
        }
        heights = {
            name: max(bh, len(ls) * assets.font(px_, True).get_linesize() + 16) if self.hand else bh
            for name, (ls, px_) in wrapped.items()
        }
        buttons_h = bh
        if self.hand:
            buttons_h = sum(heights.values()) + (len(order) - 1) * 12
        box.h = 30 + title.get_height() + 14 + sum(i.get_height() for i in imgs) + 24
        box.h += buttons_h + 24
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
        if self.hand:  # three answers, one under the other: their words are long
            self.buttons = {}
            for name in order:
                self.buttons[name] = pygame.Rect(box.x + 20, y, box.w - 40, heights[name])
                y += heights[name] + 12
        else:
            bw = (box.w - 60) // 2
            self.buttons = {
                LEAVE: pygame.Rect(box.x + 20, y, bw, bh),
                STAY: pygame.Rect(box.right - 20 - bw, y, bw, bh),
            }
        for name, rect in self.buttons.items():
            focused = name == self.focus
            pygame.draw.rect(surface, assets.GOLD if focused else (31, 93, 67), rect, 0, 10)
            pygame.draw.rect(surface, assets.WHITE, rect, 2, 10)
            colour = assets.INK if focused else assets.WHITE
            if not self.hand:
                img = table.fit_text(words[name], size, rect.w - 16, colour, True)
                surface.blit(img, img.get_rect(center=rect.center))
                continue
            lines, px_ = wrapped[name]
            step = assets.font(px_, True).get_linesize()
            ty = rect.centery - step * len(lines) // 2
            for text in lines:
                img = assets.text(text, px_, colour, True)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, ty)))
                ty += step
