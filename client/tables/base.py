"""The part every table shares: perspective, privacy screen, animation queue, results.

Perspective: with one local player the table always shows that seat. With none it
shows the public view. With two or more (couch play) it shows the public view while
the table plays, and before a local player must decide it shows a privacy screen
("pass to NAME") and then that player's view only.
"""

from __future__ import annotations

import copy

import pygame

from client import assets
from client.i18n import _
from client.anim import Beat, Timeline
from client.scene import Scene
from client.session import TableSession


class TableScene(Scene):
    """Base table. Subclasses implement ``beats_for``, ``draw_board``, ``decide`` input."""

    game_id = ""
    #: Seconds a bot waits before acting (so people can follow), and under --autoquit.
    bot_delay = 0.6
    autoquit_bot_delay = 0.2

    def __init__(self, app, session: TableSession) -> None:
        super().__init__(app)
        self.session = session
        self.timeline = Timeline(app.settings.animation_speed * (10.0 if app.autoquit else 1.0))
        self.perspective: int | None = (
            session.local_seats[0] if len(session.local_seats) == 1 else None
        )
        self.board: dict | None = None
        self.privacy_for: int | None = None  # seat waiting behind the privacy screen
        self.message = ""
        self.message_t = 0.0
        self.over_t = 0.0
        self.w, self.h = app.size
        self.help_open = False
        self.help_scroll = 0

    # ------------------------------------------------------------------ helpers
    @property
    def couch(self) -> bool:
        return len(self.session.local_seats) >= 2

    @property
    def ui_scale(self) -> float:
        """The player's text size (settings ``ui_scale``, 0.75–1.5; 1 = as designed).
        Tables multiply their text sizes by it (banners, help and the privacy screen
        do); layouts keep their 1280×720 geometry, so cards never change shape."""
        return float(getattr(self.app.settings, "ui_scale", 1.0) or 1.0)

    def fit_text(
        self, text: str, size: int, width: int, color=assets.WHITE, bold: bool = False
    ) -> pygame.Surface:
        """``text`` at ``size`` pixels, or smaller (down to 9) until it is at most
        ``width`` pixels wide: long translations and large text sizes never overflow."""
        img = assets.text(text, size, color, bold)
        while img.get_width() > width and size > 9:
            size = max(9, int(size * 0.92))
            img = assets.text(text, size, color, bold)
        return img

    def text_px(self, px: int) -> int:
        """A text size already scaled to the window (``self.s(v)``) times the player's
        text size (``ui_scale``, up to 1.25: the tables are laid out for that much)."""
        return max(9, int(px * min(1.25, self.ui_scale)))

    def fit_lines(
        self, text: str, size: int, width: int, max_lines: int = 2, bold: bool = True
    ) -> tuple[list[str], int]:
        """``text`` wrapped at words to ``width`` pixels in at most ``max_lines`` lines:
        the size shrinks (down to 9) until it does. Returns (lines, size)."""
        while True:
            lines = assets.wrap_font(text, assets.font(size, bold), width)
            if len(lines) <= max_lines or size <= 9:
                return lines[:max_lines], size
            size = max(9, int(size * 0.92))

    @property
    def mirror(self):
        return self.session.mirrors[self.perspective]

    def name(self, seat: int) -> str:
        return self.session.names[seat]

    def show_error(self, text: str) -> None:
        self.message, self.message_t = text, 4.0

    def set_perspective(self, seat: int | None) -> None:
        """Show ``seat``'s view (None = public) from its latest state, skipping its
        backlog (already seen in another perspective)."""
        self.timeline.skip()
        self.perspective = seat
        m = self.mirror
        m.backlog.clear()
        if m.view is not None:
            self.board = copy.deepcopy(m.view)
            self.on_reset()

    def due_local_seat(self) -> int | None:
        """The first local seat whose latest view awaits it (and no other local seat is
        shown mid-decision)."""
        for seat in self.session.local_seats:
            v = self.session.mirrors[seat].view
            if (
                v
                and not v.get("over")
                and seat in v.get("awaiting", [])
                and self.needs_decision(seat, v)
            ):
                return seat
        return None

    def needs_decision(self, seat: int, view: dict) -> bool:
        """Whether ``seat`` still has to decide (games may refine ``awaiting``)."""
        return True

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.session.pump()
        for m in self.session.mirrors.values():
            if m.link is not None:
                reason = m.link.get("reason", "")
                if m.link.get("reconnecting"):
                    self.show_error(
                        _("Connection lost ({reason}) — reconnecting…").format(reason=reason)
                    )
                else:
                    self.show_error(_("Connection closed: {reason}").format(reason=reason))
            for err in m.errors:
                self.show_error(err.get("message", _("refused")))
                self.on_refused(m.seat, err)
            m.errors.clear()
        # Feed the shown mirror's messages to the timeline.
        m = self.mirror
        while m.backlog:
            shown = m.backlog.popleft()
            if self.board is None or shown.snapshot:
                self.timeline.skip()
                self.board = copy.deepcopy(shown.view)
                self.on_reset()
                continue
            for beat in self.beats_for(shown.events):
                self.timeline.add(beat)
            final = shown.view
            self.timeline.add(Beat(0.0, finish=lambda v=final: self._sync(v)))
        self.timeline.update(dt)
        if self.message_t > 0:
            self.message_t -= dt
        if not self.timeline.idle or self.board is None:
            return
        # Couch: hand the screen to the next local player who must decide.
        if self.couch and self.privacy_for is None:
            due = self.due_local_seat()
            if due is not None and due != self.perspective:
                self.privacy_for = due
            elif due is None and self.perspective is not None:
                self.set_perspective(None)
        if self.board.get("over"):
            self.over_t += dt
            if self.over_t > (0.4 if self.app.autoquit else 2.0):
                self.finish()

    def _sync(self, view: dict) -> None:
        self.board = copy.deepcopy(view)
        self.on_reset()

    def finish(self) -> None:
        self.app.go("results", session=self.session, view=self.board, table_class=type(self))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and (
            event.key == pygame.K_F1 or (self.help_open and event.key == pygame.K_ESCAPE)
        ):
            self.help_open = not self.help_open
            self.help_scroll = 0
            return
        if self.help_open:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
                self.help_scroll = max(
                    0, self.help_scroll + (40 if event.key == pygame.K_DOWN else -40)
                )
            elif event.type == pygame.MOUSEWHEEL:
                self.help_scroll = max(0, self.help_scroll - 40 * event.y)
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.help_open = False
            return
        if self.privacy_for is not None:
            if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
            ):
                seat, self.privacy_for = self.privacy_for, None
                self.set_perspective(seat)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.session.close()
            self.app.go("menu")
            return
        if self.perspective is not None and self.timeline.idle and self.board:
            self.handle_table_event(event)

    def exit(self) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(assets.FELT)
        if self.privacy_for is not None:
            self.draw_privacy(surface)
            return
        if self.board is not None:
            self.draw_board(surface)
        for flight, pos in self.timeline.flights():
            self.draw_flight(surface, flight, pos)
        if self.message_t > 0:
            self.banner(surface, self.message, assets.RED, center=self.message_pos())
        if self.help_open:
            from client.help import draw_help

            draw_help(
                surface,
                self.session.game_id,
                self.options_in_force(),
                self.help_scroll,
                self.ui_scale,
            )

    def options_in_force(self) -> dict:
        """The game's options (defaults with the host's choices over them); empty when
        this client does not know them (a seat at somebody else's table)."""
        if self.session.remote:
            return {}
        from engine import get_game

        options = dict(get_game(self.session.game_id).default_options)
        options.update(self.session.options)
        return options

    def sfx(self, name: str) -> None:
        """Play sound effect ``name`` (see :mod:`client.sound`); silent without audio."""
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None:
            sounds.play(name)

    def resized(self) -> None:
        """The window changed size: lay the table out again (see :meth:`layout`)."""
        self.w, self.h = self.app.size
        self.layout()

    def on_refused(self, seat: int | None, error: dict) -> None:
        """The host refused an action sent for ``seat`` (tables may let it decide
        again)."""

    def layout(self) -> None:
        """Compute the table's geometry from ``self.w``/``self.h`` (tables override)."""

    def draw_privacy(self, surface: pygame.Surface) -> None:
        """The privacy screen: no cards, only whose turn it is."""
        surface.fill(assets.FELT_DARK)
        name = self.name(self.privacy_for)
        k, width = self.ui_scale, self.w - 40
        t1 = self.fit_text(
            _("Pass the screen to {name}").format(name=name), int(44 * k), width, assets.GOLD, True
        )
        t2 = self.fit_text(_("Everyone else, look away."), int(24 * k), width, assets.WHITE)
        t3 = self.fit_text(
            _("{name}: click or press Enter to see your cards").format(name=name),
            int(22 * k),
            width,
            assets.WHITE,
        )
        surface.blit(t1, t1.get_rect(center=(self.w // 2, self.h // 2 - 60)))
        surface.blit(t2, t2.get_rect(center=(self.w // 2, self.h // 2)))
        surface.blit(t3, t3.get_rect(center=(self.w // 2, self.h // 2 + 60)))

    def message_pos(self) -> tuple[int, int]:
        """Where notes and errors appear (pixels); tables move it off their cards."""
        return (self.w // 2, int(self.h * 0.66))

    def banner(
        self,
        surface: pygame.Surface,
        text: str,
        color=assets.GOLD,
        center: tuple[int, int] | None = None,
    ) -> None:
        img = self.fit_text(text, int(19 * self.ui_scale), self.w - 60, assets.WHITE, True)
        rect = img.get_rect(center=center or (self.w // 2, self.h // 2)).inflate(32, 18)
        rect.clamp_ip(pygame.Rect(0, 0, self.w, self.h))
        pygame.draw.rect(surface, color, rect, border_radius=10)
        surface.blit(img, img.get_rect(center=rect.center))

    # ------------------------------------------------------------------ hooks
    @staticmethod
    def summary(view: dict, names: list[str], me: int | None) -> dict:
        """What the results screen shows: ``{"headline": str, "subtitle": str,
        "rows": [(name, value text, is_winner)], "ranked": bool (default True: number the
        rows)}`` best first. Games override it."""
        winners = set(view.get("winners", []))
        scores = view.get("scores") or [0] * len(names)
        order = sorted(range(len(names)), key=lambda s: (s not in winners, s))
        rows = [
            (
                _("You") if s == me else names[s],
                str(scores[s]) if s < len(scores) else "",
                s in winners,
            )
            for s in order
        ]
        return {"headline": headline(winners, names, me), "subtitle": "", "rows": rows}

    def on_reset(self) -> None:
        """Called when ``self.board`` was replaced by a view."""

    def beats_for(self, events: list[dict]) -> list[Beat]:
        return []

    def draw_board(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def draw_flight(self, surface, flight, pos) -> None:
        raise NotImplementedError

    def handle_table_event(self, event: pygame.event.Event) -> None:
        """Input for the shown seat's decision (only called when animations are done)."""


def headline(winners: set[int], names: list[str], me: int | None) -> str:
    """ "You win!", "Game over", or "Ana and Ben win!"."""
    if me is not None:
        return _("You win!") if me in winners else _("Game over")
    if not winners:
        return _("Game over")
    who = [names[s] for s in sorted(winners)]
    if len(who) == 1:
        return _("{name} wins!").format(name=who[0])
    return _("{names} and {last} win!").format(names=", ".join(who[:-1]), last=who[-1])
