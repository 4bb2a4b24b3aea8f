"""Preset emotes at a table (issue 16, "A table with people at it"; net/PROTOCOL.md
"Emotes"): a small picker sends one, and each seat's panel shows the ones its seat sent
as a short bubble that fades.

The wire carries the emote's id only (:data:`net.protocol.EMOTES`); this window words it
in its own language (:func:`words`), so players of six languages read each other. Emotes
are offered at LAN tables and couch tables (people at the table) of games whose rules
allow them — not The Game (the-game.md "Communication": pile signals only) — and
never to a watcher (a spectator has no seat to send from). On a couch the emote comes
from the seat whose hand is shown (or was shown last).

Keys: **T** opens and closes the picker, **1**–**6** send while it is open, Esc closes
it; the pointer works too (the small "Emotes" button, then an emote). :class:`Emotes`
belongs to a :class:`client.tables.base.TableScene` (its ``emotes``); the panels'
positions come from :meth:`TableScene.draw_presence`, which every seat panel calls.
"""

from __future__ import annotations

import pygame

from client import assets
from client.i18n import _
from net.protocol import EMOTE_BURST, EMOTE_RATE, EMOTES, emotes_allowed

#: Seconds a bubble shows, the last :data:`FADE` of them fading out.
BUBBLE_SECONDS = 3.0
FADE = 0.8
#: The bubble's colours.
BUBBLE = (250, 246, 228)
BUBBLE_TEXT = (30, 40, 34)
#: Design pixels at the top that the tables' title bands take (no bubble goes there).
TOP_BAND = 52
#: The key that opens the picker.
KEY = pygame.K_t
#: Error codes of a refused emote (shown as a short line, never as a refused action).
CODES = frozenset({"no-emotes", "unknown-emote", "too-many-emotes"})


def words() -> dict[str, str]:
    """Each emote's words in the language in force, by name (:data:`EMOTES`)."""
    return {
        "nice": _("Nice!"),
        "oops": _("Oops"),
        "well-played": _("Well played"),
        "hurry-up": _("Hurry up?"),
        "good-luck": _("Good luck"),
        "thanks": _("Thanks"),
    }


def word(emote: int) -> str:
    """The words of emote id ``emote`` ("" for an id this window does not know: a
    newer host's)."""
    if not 0 <= emote < len(EMOTES):
        return ""
    return words()[EMOTES[emote]]


class Emotes:
    """The picker and the bubbles of ``table`` (a :class:`client.tables.base.TableScene`).

    Attributes: ``open`` (the picker shows), ``bubbles`` (seat → ``[emote id, seconds
    left]``), ``panels`` (seat → ``(midright, room)`` of its panel in the last frame:
    where its bubble goes), ``button``, ``options`` and ``drawn`` (the rects drawn
    last: the button, one per emote while the picker is open, seat → its bubble)."""

    def __init__(self, table) -> None:
        self.table = table
        self.open = False
        self.bubbles: dict[int, list] = {}
        self.panels: dict[int, tuple[tuple[int, int], int]] = {}
        self.beside: dict[int, pygame.Rect] = {}  # seat → its panel, bubbles beside it
        self.button: pygame.Rect | None = None
        self.options: list[pygame.Rect] = []
        self.drawn: dict[int, pygame.Rect] = {}
        self._last_shown: int | None = None
        self._sent: list[float] = []  # when this window sent (its own allowance)
        self._now = 0.0

    # ------------------------------------------------------------------ who may
    def allowed(self) -> bool:
        """Whether this table offers emotes: the game's rules allow them, a replay is
        not shown, and there are people at the table (a LAN table or a couch)."""
        t = self.table
        session = t.session
        if t.viewer or not emotes_allowed(getattr(session, "game_id", "")):
            return False
        seats = getattr(session, "seats", []) or []
        lan = bool(getattr(session, "remote", False)) or any(s == "open" for s in seats)
        return lan or t.couch

    def sender(self) -> int | None:
        """The seat an emote comes from: the shown seat if it is played here, else (a
        couch showing the public view) the local seat shown last; None for a watcher."""
        t = self.table
        if t.perspective is not None and t.perspective in t.seats:
            return t.perspective
        if self._last_shown in t.seats:
            return self._last_shown
        return None

    def usable(self) -> bool:
        """Whether the picker can be used now (allowed, and a seat to send from)."""
        return self.allowed() and self.sender() is not None

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        """Read the emotes that arrived (once: every connection of this window hears
        each one), age the bubbles."""
        self._now += dt
        t = self.table
        if t.perspective is not None and t.perspective in t.seats:
            self._last_shown = t.perspective
        for bubble in self.bubbles.values():
            bubble[1] -= dt
        self.bubbles = {s: b for s, b in self.bubbles.items() if b[1] > 0}
        mirrors = getattr(t.session, "mirrors", None)
        if not isinstance(mirrors, dict):
            return
        lead = next(iter(mirrors.values()), None)
        for message in list(getattr(lead, "emotes", ())):
            self.show(message)
        for m in mirrors.values():
            emotes = getattr(m, "emotes", None)
            if emotes is not None:
                emotes.clear()
        if self.open and not self.usable():
            self.open = False

    def show(self, message: dict) -> None:
        """Show a relayed ``{"type": "emote", "seat", "emote"}`` by its seat's panel
        (an unknown id or seat is ignored)."""
        seat, emote = message.get("seat"), message.get("emote")
        if not isinstance(seat, int) or isinstance(seat, bool):
            return
        if not isinstance(emote, int) or isinstance(emote, bool) or not word(emote):
            return
        if not 0 <= seat < len(self.table.session.names):
            return
        self.bubbles[seat] = [emote, BUBBLE_SECONDS]

    def busy(self) -> bool:
        """Whether something here changes with time (a bubble fades) or the picker is
        open: the window keeps drawing."""
        return bool(self.bubbles) or self.open

    # ------------------------------------------------------------------ input
    def send(self, emote: int) -> bool:
        """Send emote ``emote`` from :meth:`sender`; returns whether it was sent. Kept
        within the host's allowance here too (a refusal is only a line to read)."""
        seat = self.sender()
        if seat is None or not self.allowed() or not 0 <= emote < len(EMOTES):
            return False
        self.open = False
        now = self._now
        self._sent = [s for s in self._sent if now - s < EMOTE_BURST / EMOTE_RATE]
        if len(self._sent) >= EMOTE_BURST:
            self.table.show_error(_("Too many emotes: wait a moment"))
            return False
        conn = getattr(self.table.session.mirrors.get(seat), "conn", None)
        if conn is None:
            return False
        self._sent.append(now)
        conn.send({"type": "emote", "emote": emote})
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        """Take ``event`` if it is the picker's (T, 1–6 and Esc while open, a click on
        the button or an emote); returns whether it was taken."""
        if not self.usable():
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == KEY:
                self.open = not self.open
                return True
            if not self.open:
                return False
            if event.key == pygame.K_ESCAPE:
                self.open = False
                return True
            for i in range(len(EMOTES)):
                if event.key in (pygame.K_1 + i, pygame.K_KP1 + i):
                    self.send(i)
                    return True
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and event.button == 1:
            pos = event.pos
            if self.button is not None and self.button.collidepoint(pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.open = not self.open
                return True
            if self.open:
                for i, rect in enumerate(self.options):
                    if rect.collidepoint(pos):
                        if event.type == pygame.MOUSEBUTTONUP:
                            self.send(i)
                        return True
                if event.type == pygame.MOUSEBUTTONUP:
                    self.open = False  # a click elsewhere closes the picker
        return False

    # ------------------------------------------------------------------ drawing
    def panel(self, seat: int, midright, room: int, rect: pygame.Rect | None = None) -> None:
        """Seat ``seat``'s panel put its badges at ``midright`` with ``room`` pixels
        this frame (:meth:`TableScene.draw_presence`): its bubble goes there; or, when
        the table gives the panel's ``rect``, beside the panel (its words stay
        readable)."""
        self.panels[seat] = ((int(midright[0]), int(midright[1])), int(room))
        if rect is not None:
            self.beside[seat] = pygame.Rect(rect)
        else:
            self.beside.pop(seat, None)

    def draw(self, surface: pygame.Surface) -> None:
        """The bubbles by their panels, then the button and the open picker."""
        self.drawn = {}
        for seat, (emote, left) in sorted(self.bubbles.items()):
            self.draw_bubble(surface, seat, word(emote), left)
        self.button, self.options = None, []
        if self.usable():
            self.draw_button(surface)
            if self.open:
                self.draw_picker(surface)

    def draw_bubble(self, surface: pygame.Surface, seat: int, text: str, left: float) -> None:
        """``text`` in a bubble over seat ``seat``'s panel (below it when the panel is at
        the top edge), fading over its last :data:`FADE` seconds."""
        if seat not in self.panels or not text:
            return
        if seat in self.beside:
            self.draw_beside(surface, seat, text, left)
            return
        t = self.table
        (x, y), room = self.panels[seat]
        px = t.t(15)
        img = t.fit_text(text, px, max(t.s(220), 120), BUBBLE_TEXT, True)
        pad = max(6, px // 2)
        rect = img.get_rect().inflate(2 * pad, pad)
        tail = max(5, px // 3)
        line = assets.font(t.t(12), True).get_linesize()
        # Over the badges' end of the name line (the name itself stays readable),
        # its tail pointing down at the line; below it for a panel by the top edge
        # (over the table's title band it would hide the keys).
        rect.bottomright = (x, y - line // 2 - tail + 2)
        below = rect.top < t.s(TOP_BAND)
        if below:
            rect.topright = (x, y + line // 2 + tail - 2)
        rect.clamp_ip(pygame.Rect(0, 0, t.w, t.h))
        centre_x = rect.right - rect.h
        layer = pygame.Surface((rect.w, rect.h + tail), pygame.SRCALPHA)
        box = pygame.Rect(0, tail if below else 0, rect.w, rect.h)
        pygame.draw.rect(layer, BUBBLE, box, border_radius=rect.h // 2)
        pygame.draw.rect(layer, (40, 60, 48), box, 2, border_radius=rect.h // 2)
        tip_x = max(tail + 2, min(rect.w - tail - 2, centre_x - rect.x))
        if below:
            tip = [(tip_x - tail, tail + 1), (tip_x + tail, tail + 1), (tip_x, 0)]
        else:
            tip = [(tip_x - tail, rect.h - 1), (tip_x + tail, rect.h - 1), (tip_x, rect.h + tail)]
        pygame.draw.polygon(layer, BUBBLE, tip)
        layer.blit(img, img.get_rect(center=box.center))
        alpha = 255 if left >= FADE else int(255 * max(0.0, left) / FADE)
        layer.set_alpha(alpha)
        at = (rect.x, rect.y - (tail if below else 0))
        surface.blit(layer, at)
        self.drawn[seat] = layer.get_rect(topleft=at)

    def draw_beside(self, surface: pygame.Surface, seat: int, text: str, left: float) -> None:
        """``text`` in a bubble beside seat ``seat``'s panel, on the side towards the
        middle of the table, its tail pointing at the panel's name line."""
        t = self.table
        panel = self.beside[seat]
        px = t.t(15)
        img = assets.fit(text, px, max(t.s(220), 120), BUBBLE_TEXT, True)
        pad = max(6, px // 2)
        rect = img.get_rect().inflate(2 * pad, pad)
        tail = max(5, px // 3)
        on_right = panel.centerx < t.w // 2
        rect.centery = panel.y + max(rect.h // 2, panel.h // 3)
        if on_right:
            rect.left = panel.right + tail + 2
        else:
            rect.right = panel.left - tail - 2
        rect.clamp_ip(pygame.Rect(0, 0, t.w, t.h))
        layer = pygame.Surface((rect.w + tail, rect.h), pygame.SRCALPHA)
        box = pygame.Rect(tail if on_right else 0, 0, rect.w, rect.h)
        pygame.draw.rect(layer, BUBBLE, box, border_radius=rect.h // 2)
        pygame.draw.rect(layer, (40, 60, 48), box, 2, border_radius=rect.h // 2)
        mid = rect.h // 2
        if on_right:
            tip = [(tail + 1, mid - tail), (tail + 1, mid + tail), (0, mid)]
        else:
            w = layer.get_width()
            tip = [(w - tail - 1, mid - tail), (w - tail - 1, mid + tail), (w - 1, mid)]
        pygame.draw.polygon(layer, BUBBLE, tip)
        layer.blit(img, img.get_rect(center=box.center))
        layer.set_alpha(255 if left >= FADE else int(255 * max(0.0, left) / FADE))
        at = (rect.x - (tail if on_right else 0), rect.y)
        surface.blit(layer, at)
        self.drawn[seat] = layer.get_rect(topleft=at)

    def draw_button(self, surface: pygame.Surface) -> None:
        """The small button that opens the picker ("Emotes · T"), where the table puts
        it (:meth:`TableScene.emote_button`: the bottom-right corner by default)."""
        t = self.table
        px = t.t(13)
        img = assets.text(_("Emotes · T"), px, assets.WHITE, True)
        rect = t.emote_button(img.get_rect().inflate(max(12, px), max(8, px // 2)).size)
        colour = (70, 96, 150) if self.open else (44, 64, 54)
        pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
        pygame.draw.rect(surface, (150, 170, 160), rect, 1, border_radius=rect.h // 2)
        surface.blit(img, img.get_rect(center=rect.center))
        self.button = rect

    def draw_picker(self, surface: pygame.Surface) -> None:
        """The open picker above the button: one row per emote, "1 Nice!" …"""
        t = self.table
        px = t.t(15)
        names = words()
        imgs = [
            assets.text(f"{i + 1}  {names[name]}", px, BUBBLE_TEXT, True)
            for i, name in enumerate(EMOTES)
        ]
        pad = max(6, px // 2)
        row_h = max(img.get_height() for img in imgs) + pad
        width = max(img.get_width() for img in imgs) + 2 * pad
        button = self.button or pygame.Rect(t.w - t.s(10), t.h, 0, 0)
        panel = pygame.Rect(0, 0, width, row_h * len(imgs) + pad)
        if button.centerx > t.w // 2:  # it opens above the button, towards the middle
            panel.bottomright = (button.right, button.top - t.s(6))
        else:
            panel.bottomleft = (button.left, button.top - t.s(6))
        panel.clamp_ip(pygame.Rect(0, 0, t.w, t.h))
        pygame.draw.rect(surface, BUBBLE, panel, border_radius=10)
        pygame.draw.rect(surface, (40, 60, 48), panel, 2, border_radius=10)
        pointer = t.pointer
        self.options = []
        for i, img in enumerate(imgs):
            row = pygame.Rect(panel.x + 2, panel.y + pad // 2 + i * row_h, panel.w - 4, row_h)
            if pointer is not None and row.collidepoint(pointer):
                pygame.draw.rect(surface, (214, 226, 206), row, border_radius=6)
            surface.blit(img, img.get_rect(midleft=(row.x + pad, row.centery)))
            self.options.append(row)
