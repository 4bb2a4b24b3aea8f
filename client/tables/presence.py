"""Who is at the table, the same at every table: each seat's live state (its player
connected, away with the countdown to a stand-in, played by a stand-in bot, a bot, an
open seat), the turn clock, the host's notices (a stand-in takes a seat, hands it back,
a player's clock ran out) and this screen's own link (reconnecting, back in your seat).
See net/PROTOCOL.md, "Stand-ins and the turn clock" and "Drops and reconnection".

:class:`Presence` belongs to a :class:`client.tables.base.TableScene` (its
``presence``). Once a frame it reads the session's view mirrors: the latest seat list
(a ``welcome`` or a ``seats`` message, whichever came last), the ``notice`` messages and
each connection's ``disconnected`` notice. Countdowns run here from the moment a message
arrived (``takeover_in``, ``clock`` and ``retry_in`` are seconds *as of sending*; the host
sends one message per change, not one per second), on the table's own clock (the frame
times), so tests can advance them without sleeping.

What a table draws: its seat panels call :meth:`TableScene.draw_presence` with the room
they leave; the badges are words first (``online``, ``away · stand-in in 14 s``,
``stand-in bot``, ``bot``, ``42 s left``), shorter words where the room is short, and
coloured dots at the least. Badges show only at LAN tables (a seat for a remote player)
and at tables with a turn clock: offline and couch tables have nobody to lose.

One badge shows at every table: **thinking…** on the panel of a seat a bot plays (its
state ``bot`` or ``stand-in`` in ``seats``) while the view the table shows awaits it — the host's
bot pausing before it acts (net/PROTOCOL.md "Bots' pauses"). It comes from what every
window has, so a LAN guest sees the host's bots think too; it pulses gently, and goes
the moment the bot's action arrives.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from client import assets
from client.i18n import _

#: Badge colours by seat state (and the turn clock).
COLOURS = {
    "connected": (38, 140, 78),
    "away": (196, 120, 20),
    "reconnecting": (196, 120, 20),
    "stand-in": (52, 100, 190),
    "bot": (84, 96, 90),
    "open": (26, 96, 112),
    "waiting": (84, 96, 90),
    "clock": (120, 96, 24),
    "clock-low": assets.RED,
    "thinking": (104, 82, 150),
}
#: Seconds of one pulse of the "thinking" badge.
PULSE = 1.2
#: Seconds left under which a turn clock shows red.
LOW_CLOCK = 10
#: Seconds a notice stays on screen.
NOTICE_SECONDS = 5.0
#: Notice colours by ``event``.
NOTICE_COLOURS = {
    "stand-in": (150, 92, 14),
    "idle": (150, 92, 14),
    "back": (30, 110, 62),
    "log-back": (30, 110, 62),
    "timed-out": (150, 60, 36),
    "log-failed": (150, 60, 36),
}


@dataclass(frozen=True)
class Badge:
    """One badge of a seat: ``kind`` (a seat state, ``clock`` or ``reconnecting``),
    ``texts`` (the words, longest first: the badge shows the first that fits) and
    ``colour``."""

    kind: str
    texts: tuple[str, ...]
    colour: tuple[int, int, int]


def _int(seat: dict) -> bool:
    value = seat.get("seat")
    return isinstance(value, int) and not isinstance(value, bool)


def number(value) -> float:
    """``value`` as seconds (0.0 for anything that is not a number: a bad field)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0.0
    return float(value) if math.isfinite(value) else 0.0


def seconds(value: float) -> int:
    """Whole seconds to show for ``value`` seconds left (rounded up: "1 s" until the
    end, never below 0)."""
    return max(0, math.ceil(value - 1e-9))


class Presence:
    """The seats' live states and this screen's link, for ``table`` (a
    :class:`client.tables.base.TableScene`; see the module docstring).

    Attributes: ``seats`` (the latest seat descriptions, net/PROTOCOL.md),
    ``turn_seconds`` (the clock's limit or None), ``notices`` (``[text, colour,
    seconds left]``, newest last), ``drawn`` (seat → the rect its badges took in the
    last frame that drew them)."""

    def __init__(self, table) -> None:
        self.table = table
        self.now = 0.0
        self.seats: list[dict] = []
        self.turn_seconds: float | None = None
        self.notices: list[list] = []
        self.drawn: dict[int, pygame.Rect] = {}
        self._at = 0.0  # when ``seats`` arrived (on ``now``'s clock)
        self._seen: dict = {}  # mirror key → (welcome, seats) already read
        self._links: dict = {}  # mirror key → (disconnected notice, arrived at)
        self._link_text = ""  # the link line last put in the error banner
        self._recalled = False

    # ------------------------------------------------------------------ reading
    def mirrors(self) -> dict:
        mirrors = getattr(self.table.session, "mirrors", None)
        return mirrors if isinstance(mirrors, dict) else {}

    def update(self, dt: float) -> None:
        """Read what arrived (after the session's pump) and run the clocks ``dt``
        seconds on."""
        self.now += dt
        for notice in self.notices:
            notice[2] -= dt
        self.notices = [n for n in self.notices if n[2] > 0]
        mirrors = self.mirrors()
        newest = None
        for key, m in mirrors.items():
            welcome, seats = getattr(m, "welcome", None), getattr(m, "seats", None)
            seen = self._seen.get(key, (None, None))
            if welcome is not seen[0] and welcome and welcome.get("seats") is not None:
                newest = welcome
            if seats is not seen[1] and seats is not None:
                newest = seats  # (a seats message follows the welcome it updates)
            self._seen[key] = (welcome, seats)
        if newest is not None:
            self.seats = [s for s in newest.get("seats") or [] if isinstance(s, dict)]
            self.turn_seconds = newest.get("turn_seconds")
            self._at = self.now
        lead = next(iter(mirrors.values()), None)  # every connection hears each notice
        for notice in getattr(lead, "notices", []):
            self.notice(notice)
        for m in mirrors.values():
            getattr(m, "notices", []).clear()
        if not self._recalled and mirrors:
            self._recalled = True
            conns = [getattr(m, "conn", None) for m in mirrors.values()]
            if any(getattr(c, "recalled", False) for c in conns):
                self.push(_("Back in your seat"), NOTICE_COLOURS["back"])
            elif getattr(self.table.session, "remote", False) and not self.table.seats:
                self.watching()
        self._follow_links(mirrors)

    def watching(self) -> None:
        """At somebody else's table without a seat: say so plainly, and which seats are
        open (to be taken by joining again)."""
        seats = self.seats or []
        open_seats = [s["seat"] + 1 for s in seats if s.get("state") == "open" and _int(s)]
        if open_seats:
            text = _("You are watching; open seats: {seats} (join again to take one)").format(
                seats=", ".join(map(str, open_seats))
            )
        else:
            text = _("You are watching: no seat is open")
        self.push(text, NOTICE_COLOURS["stand-in"], NOTICE_SECONDS * 2)

    def _follow_links(self, mirrors: dict) -> None:
        """Keep each connection's ``disconnected`` notice with its arrival time; put
        the link line in the table's error banner while a link is down, and say
        "Back in your seat" when it comes back."""
        table = self.table
        for key, m in mirrors.items():
            link = getattr(m, "link", None)
            kept = self._links.get(key)
            if link is not None and (kept is None or kept[0] is not link):
                self._links[key] = (link, self.now)
            elif link is None and kept is not None:
                del self._links[key]
                if table.message == self._link_text:
                    table.message_t = 0.0
                back = _("Back in your seat") if key is not None else _("Back at the table")
                self.push(back, NOTICE_COLOURS["back"])
        for key in list(self._links):
            text = self.link_text(key)
            # A newer message (e.g. "Not sent") shows first; the link line comes back.
            if table.message_t <= 0 or table.message == self._link_text:
                table.show_error(text)
                self._link_text = text

    def link_text(self, key) -> str:
        """The line for connection ``key``'s dropped link: reconnecting (attempt N, the
        next try in S s and how long until the client gives up, both counted down), or
        closed for good with the reason."""
        from client import lanwords

        link, at = self._links[key]
        if link.get("waiting") == "resume":  # net/comeback.py: the seat is kept
            return _(
                "The host stopped; your seat is kept until the table is resumed (Esc to leave)"
            )
        if not link.get("reconnecting"):
            if link.get("code") == "replaced":
                return _("Your seat was taken back by another device, with its token")
            return lanwords.notice_text(link)  # what happened, and what to try
        reason = lanwords.cause(str(link.get("code") or ""), str(link.get("address") or ""))
        attempt = link.get("attempt")
        if not isinstance(attempt, int) or isinstance(attempt, bool):
            return _("Connection lost ({reason}) — reconnecting…").format(reason=reason)
        since = self.now - at
        left = seconds(number(link.get("retry_in")) - since)
        ends = seconds(number(link.get("gives_up_in")) - since)
        if left <= 0:
            text = _("Connection lost ({reason}) — reconnecting, attempt {n}…")
            return text.format(reason=reason, n=attempt)
        text = _(
            "Connection lost ({reason}) — reconnecting: attempt {n} in {s} s, giving up in {g} s"
        )
        return text.format(reason=reason, n=attempt, s=left, g=max(ends, left))

    def notice(self, message: dict) -> None:
        """Show a host ``notice`` (``event``: stand-in, back, timed-out, idle, left about
        a seat — a phone seat's "left" is worded as a stand-in's: its phone may come any
        time —; log-failed, log-back about the table) in words."""
        event, seat = message.get("event"), message.get("seat")
        name = str(message.get("name") or "")
        local = getattr(self.table.session, "local_seats", [])
        mine = seat in local and len(local) == 1
        d = self.seat(seat) if isinstance(seat, int) else None
        if event == "left" and d is not None and d.get("kind") == "phone":
            event = "stand-in"  # ("Play now" before a phone came): it may come any time
        if event == "stand-in":
            text = _("{name} is away: a stand-in bot plays for them until they return")
        elif event == "back":
            text = _("Back in your seat") if mine else _("{name} is back: the stand-in stops")
        elif event == "left":
            text = _("{name} left; a bot plays their seat")
        elif event == "unproven":  # net.client: a kept token withheld from another table
            text = _(
                "This host is not the table your seat is at: you joined it as a new player "
                "(your seat token stays with you)"
            )
        elif event == "timed-out":
            text = (
                _("Your time ran out: a stand-in chose for you")
                if mine
                else _("{name} ran out of time: a stand-in chose for them")
            )
        elif event == "idle":  # two turn clocks in a row: a stand-in until they act
            text = (
                _("You seem away: a bot plays for you until you act again")
                if mine
                else _("{name} seems away: a bot plays for them until they act again")
            )
        elif event == "log-failed":  # the host's disk: the game goes on
            self.push(self._log_failed(), NOTICE_COLOURS[event], NOTICE_SECONDS * 2)
            return
        elif event == "log-back":
            failed = self._log_failed()
            self.notices = [n for n in self.notices if n[0] != failed]  # no longer true
            text = _("The table's log is written again: the game can be continued after a crash")
        else:  # the host's own words, shown as they are: never a format string
            text = str(message.get("message") or "")
            if text:
                self.push(text, NOTICE_COLOURS.get(event, (40, 90, 150)))
            return
        self.push(text.format(name=name), NOTICE_COLOURS.get(event, (40, 90, 150)))

    @staticmethod
    def _log_failed() -> str:
        return _(
            "The table's log cannot be written: the game goes on, "
            "but it cannot be continued after a crash"
        )

    def push(self, text: str, colour, seconds: float = NOTICE_SECONDS) -> None:
        """Show ``text`` as a notice for ``seconds`` (the same text already showing
        starts again instead of doubling)."""
        self.notices = [n for n in self.notices if n[0] != text]
        self.notices.append([text, colour, seconds])

    # ------------------------------------------------------------------ seats
    def visible(self) -> bool:
        """Whether badges show: a LAN table (a seat for a remote player, or this screen
        at somebody else's table), a couch with phone seats, or a table with a turn
        clock."""
        if not self.seats:
            return False
        kinds = {s.get("kind") for s in self.seats}
        return bool(
            getattr(self.table.session, "remote", False)
            or kinds & {"remote", "open", "phone"}
            or self.turn_seconds
        )

    def seat(self, seat: int) -> dict | None:
        """Seat ``seat``'s latest description, or None."""
        return next((s for s in self.seats if s.get("seat") == seat), None)

    def _left(self, seat: int, field: str) -> float | None:
        d = self.seat(seat)
        value = d.get(field) if d else None
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            return None
        if not math.isfinite(value):
            return None
        return max(0.0, float(value) - (self.now - self._at))

    def takeover_left(self, seat: int) -> float | None:
        """Seconds until a stand-in plays away seat ``seat`` (None: not away)."""
        return self._left(seat, "takeover_in")

    def clock_left(self, seat: int) -> float | None:
        """Seconds left on ``seat``'s turn clock (None: no clock runs for it)."""
        return self._left(seat, "clock")

    def link_down(self, seat: int) -> bool:
        """Whether ``seat`` is played on this screen and its own link is down."""
        m = self.mirrors().get(seat)
        return seat is not None and m is not None and getattr(m, "link", None) is not None

    def thinking(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` (state ``bot`` or ``stand-in``) and the view the
        table shows awaits it (the game not over): its bot is pausing or deciding. Never
        a seat played on this screen (its own badges say what happens to it)."""
        if seat in (getattr(self.table, "seats", None) or {}):
            return False
        d = self.seat(seat)
        if d is None or d.get("state") not in ("bot", "stand-in"):
            return False
        # The view the table shows, not the latest: while a reveal is still being
        # drawn, the bots that chose for it are not thinking yet (a seat marked ✓ and
        # "thinking…" at once said two things); the mark comes once the table shows
        # the turn that awaits them.
        view = getattr(self.table, "board", None)
        if view is None:
            latest = getattr(self.table, "latest", None)
            view = latest() if callable(latest) else None
        if not view or view.get("over") or view.get("lobby"):
            return False
        pending = getattr(self.table, "pending", None)
        if pending is not None and not pending(seat):
            return False  # the table shows no decision there (out, a box over it)
        return seat in (view.get("awaiting") or ())

    def badges(self, seat: int) -> list[Badge]:
        """Seat ``seat``'s badges, left to right: "thinking…" (a bot awaited: at every
        table), then where badges show its turn clock (if one runs) and its state."""
        d = self.seat(seat)
        if d is None:
            return []
        out = []
        if self.thinking(seat):
            texts = (_("thinking…"), "…")
            out.append(Badge("thinking", texts, pulse(COLOURS["thinking"], self.now)))
        if not self.visible():
            return out
        clock = self.clock_left(seat)
        if clock is not None:
            s = seconds(clock)
            kind = "clock-low" if s <= LOW_CLOCK else "clock"
            texts = (_("{s} s left").format(s=s), _("{s} s").format(s=s), str(s))
            out.append(Badge("clock", texts, COLOURS[kind]))
        state = d.get("state")
        if self.link_down(seat):
            out.append(Badge("reconnecting", (_("reconnecting…"),), COLOURS["reconnecting"]))
        elif state == "connected" and d.get("kind") == "phone":
            out.append(Badge(state, (_("on phone"), _("phone")), COLOURS[state]))
        elif state == "connected":
            out.append(Badge(state, (_("online"),), COLOURS[state]))
        elif state == "away":
            left = self.takeover_left(seat)
            if left is None or seconds(left) <= 0:
                texts: tuple[str, ...] = (_("away"),)
            else:
                s = seconds(left)
                texts = (
                    _("away · stand-in in {s} s").format(s=s),
                    _("away · {s} s").format(s=s),
                    _("away"),  # (a bare count would read as a turn clock)
                )
            out.append(Badge(state, texts, COLOURS[state]))
        elif state == "stand-in":
            out.append(Badge(state, (_("stand-in bot"), _("stand-in")), COLOURS[state]))
        elif state == "bot":
            out.append(Badge(state, (_("bot"),), COLOURS[state]))
        elif state == "open":
            out.append(Badge(state, (_("open seat"), _("open")), COLOURS[state]))
        elif state == "waiting":
            out.append(Badge(state, (_("waiting"),), COLOURS[state]))
        return out

    def counting(self) -> bool:
        """Whether something here changes with time alone (a countdown, a notice): the
        window must keep drawing."""
        if self.notices or self._links:
            return True
        if any(self.thinking(s["seat"]) for s in self.seats if _int(s)):
            return True  # the "thinking" badge pulses
        if not self.visible():
            return False
        return any(
            (self.clock_left(s["seat"]) or 0) > 0 or (self.takeover_left(s["seat"]) or 0) > 0
            for s in self.seats
            if isinstance(s.get("seat"), int)
        )

    # ------------------------------------------------------------------ drawing
    def draw_badges(self, surface: pygame.Surface, seat: int, midright, room: int) -> int:
        """Draw ``seat``'s badges right-aligned at ``midright`` (pixels) in at most
        ``room`` pixels: the longest words that fit, else coloured dots. Returns the
        width drawn (0: no badge)."""
        badges = self.badges(seat)
        if not badges or room <= 0:
            return 0
        width = self._draw(surface, seat, badges, midright, room)
        quiet = [b for b in badges if b.kind != "connected"]
        if width is None and quiet and len(quiet) < len(badges):
            width = self._draw(surface, seat, quiet, midright, room)  # "online" goes first
        if width is None:
            width = self._dots(surface, seat, badges, midright, room)
        return width

    def _draw(self, surface, seat: int, badges: list[Badge], midright, room: int) -> int | None:
        """The badges in words, the longest that fit in ``room``; None if none fit."""
        t = self.table
        px = t.t(12)
        pad = max(4, px // 2)
        gap = max(3, px // 4)
        height = assets.font(px, True).get_linesize() + 2
        icon = height - 6  # the clock's face
        levels = max(len(b.texts) for b in badges)
        for level in range(levels):
            imgs = [
                assets.text(b.texts[min(level, len(b.texts) - 1)], px, assets.WHITE, True)
                for b in badges
            ]
            widths = [
                img.get_width() + 2 * pad + (icon + gap if b.kind == "clock" else 0)
                for b, img in zip(badges, imgs, strict=True)
            ]
            total = sum(widths) + gap * (len(widths) - 1)
            if total <= room:
                break
        else:
            return None
        x = midright[0] - total
        top = midright[1] - height // 2
        for b, img, w in zip(badges, imgs, widths, strict=True):
            rect = pygame.Rect(x, top, w, height)
            pygame.draw.rect(surface, b.colour, rect, border_radius=height // 2)
            tx = rect.x + pad
            if b.kind == "clock":
                clock_face(surface, (tx + icon // 2, rect.centery), icon // 2)
                tx += icon + gap
            surface.blit(img, img.get_rect(midleft=(tx, rect.centery)))
            x += w + gap
        self.drawn[seat] = pygame.Rect(midright[0] - total, top, total, height)
        return total

    def _dots(self, surface, seat: int, badges: list[Badge], midright, room: int) -> int:
        """The least a badge can be: one coloured dot per badge."""
        height = assets.font(self.table.t(12), True).get_linesize() + 2
        d = max(6, min(height - 4, room // max(1, len(badges)) - 3))
        total = len(badges) * (d + 3) - 3
        if total > room:
            return 0
        x = midright[0] - total
        for b in badges:
            pygame.draw.circle(surface, b.colour, (x + d // 2, midright[1]), d // 2)
            x += d + 3
        self.drawn[seat] = pygame.Rect(midright[0] - total, midright[1] - d // 2, total, d)
        return total

    def draw_notices(self, surface: pygame.Surface) -> None:
        """The newest notices (at most two) as banners where the table's notes go,
        above an error or a note that shows there."""
        if not self.notices:
            return
        t = self.table
        x, y = t.message_pos()
        step = t.text_px(19) * 2 + 8
        if t.message_t > 0 or (t.note_t > 0 and t.note):
            y -= step
        for text, colour, _left in reversed(self.notices[-2:]):
            t.banner(surface, text, colour, center=(x, y))
            y -= step


def pulse(colour, now: float) -> tuple[int, int, int]:
    """``colour`` brightened and dimmed gently with the time ``now`` (seconds): one
    :data:`PULSE` a cycle."""
    k = 0.5 + 0.5 * math.sin(2 * math.pi * now / PULSE)
    return tuple(min(255, int(c + (255 - c) * 0.28 * k)) for c in colour)


def clock_face(surface: pygame.Surface, centre, r: int) -> None:
    """A small clock: a white ring with two hands."""
    cx, cy = centre
    pygame.draw.circle(surface, assets.WHITE, centre, r, max(1, r // 4))
    pygame.draw.line(surface, assets.WHITE, centre, (cx, cy - r + max(2, r // 3)), 2)
    pygame.draw.line(surface, assets.WHITE, centre, (cx + r - max(2, r // 2), cy), 2)
