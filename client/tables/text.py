"""What every table does with words and the window's scale: design units (1280×720)
to pixels, text sizes with the player's text size, text fitted, wrapped or cut to its
room (never under :attr:`TableText.min_text`: :data:`client.assets.MIN_TEXT`, or at a
table for a room — phone seats, read from across the room — :data:`ROOM_TEXT` px at
1080 lines), banners and notes. A mix-in of :class:`client.tables.base.TableScene` (it
reads ``w``, ``h``, ``app``, ``note``, ``room`` …)."""

from __future__ import annotations

import math

import pygame

from client import assets
from client.i18n import _

#: A room table's smallest text (font size in pixels) in a window 1080 pixels high,
#: in proportion at other heights (16 px at 720): read from three metres on a TV.
ROOM_TEXT = 24


class TableText:
    """Scale and words for a table (see the module docstring)."""

    @property
    def ui_scale(self) -> float:
        """The player's text size (settings ``ui_scale``, 0.75–1.5; 1 = as designed).
        Tables multiply their text sizes by it (banners, help and the privacy screen
        do); layouts keep their 1280×720 geometry, so cards never change shape."""
        return float(self.app.settings.ui_scale or 1.0)

    @property
    def min_text(self) -> int:
        """The smallest text this table draws (font size in pixels): :data:`ROOM_TEXT`
        × height / 1080 while a table for a room shows the public table
        (:attr:`room_view`: read from the sofa), else :data:`client.assets.MIN_TEXT`
        (a screen player's own view is read up close)."""
        if self.room_view:
            return max(assets.MIN_TEXT, math.ceil(ROOM_TEXT * self.h / 1080 - 1e-6))
        return assets.MIN_TEXT

    @property
    def foreign(self) -> bool:
        """Whether the shown seat is one a replay's review shows that was not played
        on this screen (a replay's "You" is the log's one screen player): it goes by
        its name, and its team by its number."""
        if not getattr(self, "viewer", False) or self.me is None:
            return False
        seats = self.session.seats
        return seats.count("human") != 1 or seats[self.me] != "human"

    @property
    def named(self) -> bool:
        """Whether the shown seat goes by its name, not "You": a shared screen
        (``couch``: each player by name) or a :attr:`foreign` seat."""
        return self.couch or self.foreign

    def is_you(self, seat: int | None) -> bool:
        """Whether ``seat`` is called "You": the shown seat, unless :attr:`foreign`."""
        return seat is not None and seat == self.me and not self.foreign

    def who(self, seat: int, full: bool = False) -> str:
        """ "You" for the shown seat (on a couch or in a :attr:`foreign` review: that
        player's name), else the name (``full``: with the bot level)."""
        if seat == self.me and not self.named:
            return _("You")
        return self.name(seat) if full else self.short_name(seat)

    @property
    def room_view(self) -> bool:
        """Whether this is a table for the room showing the public table (no hand on
        the screen): the games' layouts then use the hand's room for larger cards,
        rows and panels, and no text is under the room's floor (:attr:`min_text`). A
        screen player's own view (behind the privacy screen) keeps the usual table."""
        return bool(getattr(self, "room", False)) and self.perspective is None

    @property
    def k(self) -> float:
        """The scale of the 1280×720 design in this window (the smaller ratio, so
        cards keep their proportions)."""
        return min(self.w / 1280, self.h / 720)

    def s(self, v: float) -> int:
        """Design pixels (1280×720) → window pixels."""
        return int(v * self.k)

    def t(self, v: float) -> int:
        """A text size: design pixels × scale × the player's text size (``ui_scale``,
        up to 1.25: the tables are laid out for that much), never under
        :data:`client.assets.MIN_TEXT` (12 px: a small window keeps its text legible
        and lays it out around that; what does not fit wraps or ends in "…"), nor under
        the room's floor at a table for a room (:attr:`min_text`)."""
        return max(self.min_text, int(v * self.k * min(1.25, self.ui_scale)))

    def text(
        self, text: str, size: float, color=assets.WHITE, bold: bool = False
    ) -> pygame.Surface:
        """``text`` at text size ``size`` (design pixels, see :meth:`t`)."""
        return assets.text(text, self.t(size), color, bold)

    def fit_text(
        self, text: str, size: int, width: int, color=assets.WHITE, bold: bool = False
    ) -> pygame.Surface:
        """``text`` at ``size`` pixels fitted to ``width`` pixels (:func:`client.assets.fit`:
        a little smaller, never under :attr:`min_text`, else cut with "…")."""
        return assets.fit(text, size, width, color, bold, floor=self.min_text)

    def label(self, text: str, size: float, width: float, color=assets.WHITE, bold=False):
        """``text`` at text size ``size`` (design pixels, see :meth:`t`), fitted to
        ``width`` design pixels (see :meth:`fit_text`)."""
        return self.fit_text(text, self.t(size), self.s(width), color, bold)

    def text_px(self, px: int) -> int:
        """A text size already scaled to the window (``self.s(v)``) times the player's
        text size (``ui_scale``, up to 1.25: the tables are laid out for that much), never
        under :attr:`min_text`."""
        return max(self.min_text, int(px * min(1.25, self.ui_scale)))

    def fit_lines(
        self, text: str, size: int, width: int, max_lines: int = 2, bold: bool = True
    ) -> tuple[list[str], int]:
        """``text`` wrapped to ``width`` pixels in at most ``max_lines`` lines
        (:func:`client.assets.fit_lines`, never under :attr:`min_text`). Returns (lines,
        size)."""
        return assets.fit_lines(text, size, width, max_lines, bold, floor=self.min_text)

    def draw_lines(
        self,
        surface: pygame.Surface,
        text: str,
        size: float,
        rect: pygame.Rect,
        color=assets.WHITE,
        bold: bool = True,
        max_lines: int = 2,
    ) -> int:
        """``text`` at text size ``size`` (design pixels) wrapped into ``rect`` (pixels)
        from its top-left, in at most ``max_lines`` lines; returns the bottom drawn."""
        lines, px = self.fit_lines(text, self.t(size), rect.w, max_lines, bold)
        y = rect.y
        for line in lines:
            img = assets.text(line, px, color, bold)
            surface.blit(img, (rect.x, y))
            y += int(img.get_height() * 1.02)
        return y

    def draw_wrapped(
        self,
        surface: pygame.Surface,
        text: str,
        size: float,
        rect: pygame.Rect,
        color=assets.WHITE,
        bold: bool = False,
    ) -> bool:
        """``text`` wrapped at words into ``rect`` (pixels), from its top-left, at text
        size ``size`` (design pixels, see :meth:`t`) or smaller (never under
        :data:`client.assets.MIN_TEXT`) until every line fits: a key legend is never
        cut. Returns whether it fitted (if not, the lines that fit are drawn, the last
        one ending in "…")."""
        px = self.t(size)
        while True:
            lines = assets.wrap(text, px, rect.w, bold)
            step = assets.font(px, bold).get_linesize()
            fits = len(lines) * step <= rect.h and all(
                assets.measure(x, px, bold) <= rect.w for x in lines
            )
            if fits or px <= assets.MIN_TEXT:
                break
            px -= 1
        if not fits:
            room = max(1, rect.h // step)
            if len(lines) > room:
                lines = lines[: room - 1] + [" ".join(lines[room - 1 :])]
            lines = [assets.shorten(x, px, rect.w, bold) for x in lines]
        y = rect.y
        for line in lines:
            surface.blit(assets.text(line, px, color, bold), (rect.x, y))
            y += step
        return fits

    @staticmethod
    def blit_clipped(surface: pygame.Surface, img: pygame.Surface, pos, clip) -> None:
        """``img`` at ``pos``, drawn only inside ``clip`` (a rect): a name's stacked
        marks stay in its own panel."""
        old = surface.get_clip()
        surface.set_clip(pygame.Rect(clip).clip(old))
        surface.blit(img, pos)
        surface.set_clip(old)

    def draw_band(self, surface: pygame.Surface, height: int) -> None:
        """The dark band across the top of the table, ``height`` design pixels tall
        (its title and keys are the table's)."""
        pygame.draw.rect(surface, assets.FELT_DARK, (0, 0, self.w, self.s(height)))

    def draw_note(self, surface: pygame.Surface, colour) -> None:
        """The latest note (:meth:`show_note`) as a banner of ``colour`` where notes
        go, while it is fresh and no error is shown there."""
        if self.note_t > 0 and self.note and self.message_t <= 0:
            self.banner(surface, self.note, colour, center=self.message_pos())

    def draw_watching(self, surface: pygame.Surface, midleft: tuple[int, int]) -> None:
        """In place of a hand for the public view: the hands stay hidden (a couch),
        or this window only watches."""
        if self.room:
            text = _("Hands are on the players' phones")
            if self.session.local_seats:
                text = _("Hands are on the phones; this screen's player sees theirs on their turn")
        elif self.couch:
            text = _("Hands stay hidden: each player sees theirs on their turn")
        else:
            text = _("Watching the table")
        img = self.text(text, 18)
        surface.blit(img, img.get_rect(midleft=midleft))

    def banner(
        self,
        surface: pygame.Surface,
        text: str,
        color=assets.GOLD,
        center: tuple[int, int] | None = None,
    ) -> None:
        lines, px = self.fit_lines(text, self.text_px(19), self.w - 60, 2, True)
        imgs = [assets.text(line, px, assets.WHITE, True) for line in lines]
        w = max(img.get_width() for img in imgs)
        h = sum(img.get_height() for img in imgs)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = center or (self.w // 2, self.h // 2)
        rect = rect.inflate(32, 18)
        rect.clamp_ip(pygame.Rect(0, 0, self.w, self.h))
        pygame.draw.rect(surface, color, rect, border_radius=10)
        y = rect.y + 9
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()


def headline(winners: set[int], names: list[str], me: int | None) -> str:
    """ "You win!", else who won ("Ana wins!", "Ana and Ben win!"), or "Game over"
    when nobody did."""
    if me is not None and me in winners:
        return _("You win!")
    if not winners:
        return _("Game over")
    who = [names[s].split(" (")[0] for s in sorted(winners)]
    if len(who) == 1:
        return _("{name} wins!").format(name=who[0])
    return _("{names} and {last} win!").format(names=", ".join(who[:-1]), last=who[-1])


def team_headline(team: str, mine: bool, players: list[str] | None = None) -> str:
    """A team game's headline: "Your team wins!" (``mine``); else, for a player at the
    table, the winners by name as the table shows them ("Ana & Bot 3 win!" from
    ``players``); else (a spectator, a couch) "``team`` wins!"."""
    if mine:
        return _("Your team wins!")
    if players:
        return _("{names} win!").format(names=" & ".join(players))
    return _("{name} wins!").format(name=team)
