"""The couch's phone seats on the table's screen (issue 31; DESIGN.md "Couch play"): the
screen is the table, each phone seat's player holds their hand on their phone, and the
way to a seat is its link — ``http://ADDRESS:PORT/#t=TOKEN&s=SEAT``, the token in the
fragment (net/PROTOCOL.md "What the page keeps") — drawn as a QR code to scan.

* **Before play** (the session's ``phones_awaited``: phone seats nobody has taken yet;
  the bots wait): a card over the table, "Take your seats", with each phone seat's code
  as large as the screen allows, the player's name beside it and the link in text for
  those who type. A seat whose phone came shows "Ana — phone" instead of its code (the
  next game of "New game, same players" keeps the codes: the last game's phones take
  their seats by themselves, and the card says so). The
  game plays as soon as every phone is in; "Play now" (Enter, or a click) plays at once,
  stand-ins playing the seats whose phones have not come (they take them back with the
  same code).
* **During play**: a phone that is away (its link dropped; or a stand-in plays for it)
  gets a compact card in a bottom corner — "Ana's phone is away", the countdown to its
  stand-in (or that one plays), and its code again, so the same phone, or another after
  a flat battery, takes the seat back — whenever the public table shows (not over a
  screen player's hand).

Nothing here shows a card: the codes carry seat tokens, never a hand. :class:`Phones`
belongs to a table scene (its ``phones``) whose ``room`` is true.
"""

from __future__ import annotations

import pygame

from client import assets
from client.i18n import _

#: Quiet zone around a code, in modules (ISO/IEC 18004 asks for 4).
QUIET = 4
#: Seconds of a new table before Enter plays without the missing phones.
KEY_GUARD = 1.5
#: The card behind the codes.
CARD = (16, 40, 30)
CARD_EDGE = (214, 178, 84)


def qr_surface(link: str, side: int) -> pygame.Surface:
    """``link`` as a QR code (segno, error correction M) of at most ``side`` pixels: dark
    modules on white with the quiet zone, every module the same whole number of pixels
    (a camera reads crisp squares best). Raises ``ValueError`` for an empty link."""
    import segno

    if not link:
        raise ValueError("no link to draw")
    code = segno.make(link, error="m")
    rows = list(code.matrix_iter(scale=1, border=QUIET))
    n = len(rows)
    small = pygame.Surface((n, n))
    small.fill((255, 255, 255))
    dark = (0, 0, 0)
    for y, row in enumerate(rows):
        for x, on in enumerate(row):
            if on:
                small.set_at((x, y), dark)
    module = max(1, side // n)
    return pygame.transform.scale(small, (n * module, n * module))


def link_lines(link: str, px: int, width: int, most: int = 3) -> list[str]:
    """``link`` broken into lines of at most ``width`` pixels at text size ``px`` — a
    link has no spaces to wrap at, so it breaks after any character: after a "/" or
    "#", or before a "&", where it can — in at most ``most`` lines (the last ends in
    "…" if cut)."""
    lines, rest = [], link
    while rest and len(lines) < most:
        n = len(rest)
        while n > 1 and assets.measure(rest[:n], px) > width:
            n -= 1
        if n < len(rest):  # after a "/" or "#", or before the "&" of the seat
            cut = max(rest.rfind("/", 0, n) + 1, rest.rfind("#", 0, n) + 1, rest.rfind("&", 1, n))
            n = cut if cut > n // 2 else n
        lines.append(rest[:n])
        rest = rest[n:]
    if rest and lines:
        last = lines[-1]
        while len(last) > 1 and assets.measure(last + "…", px) > width:
            last = last[:-1]
        lines[-1] = last + "…"
    return lines


class Phones:
    """The phone seats of ``table`` (a :class:`client.tables.base.TableScene` whose
    ``room`` is true): what :meth:`draw` shows and :meth:`handle` hears (see the module
    docstring). ``play_rect``: the "Play now" button as last drawn (pixels)."""

    def __init__(self, table) -> None:
        self.table = table
        self.play_rect: pygame.Rect | None = None
        self._codes: dict[tuple[str, int], pygame.Surface] = {}

    # ------------------------------------------------------------------ reading
    @property
    def session(self):
        return self.table.session

    def waiting(self) -> bool:
        """Whether the table waits for phones (the card over the table shows)."""
        return bool(self.session.phones_awaited)

    def taken(self, seat: int) -> bool:
        """Whether ``seat``'s phone holds it now (its player is connected)."""
        d = self.table.presence.seat(seat)
        return d is not None and d.get("state") == "connected"

    def away(self) -> list[int]:
        """The phone seats whose phone is gone while the game plays: away (a stand-in
        soon) or played by a stand-in, in seat order."""
        if self.waiting():
            return []
        out = []
        for seat in self.session.phone_seats:
            d = self.table.presence.seat(seat)
            if d is not None and d.get("state") in ("away", "stand-in", "waiting"):
                out.append(seat)
        return out

    def code(self, seat: int, side: int) -> pygame.Surface | None:
        """``seat``'s code at most ``side`` pixels wide (cached), or None before its
        link came."""
        link = self.session.phone_links.get(seat)
        if not link:
            return None
        key = (link, side)
        if key not in self._codes:
            if len(self._codes) > 16:
                self._codes.clear()
            self._codes[key] = qr_surface(link, side)
        return self._codes[key]

    # ------------------------------------------------------------------ input
    def handle(self, event: pygame.event.Event) -> bool:
        """Input while the table waits for phones: Enter, Space (once the table has
        shown :data:`KEY_GUARD` seconds: the Enter that dealt it from the results is no
        answer) or a click on "Play now" plays without the missing phones; Esc asks
        before leaving. Returns whether
        the event was this card's (every event is, while it shows)."""
        if not self.waiting():
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.table.ask_leave()
        elif event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        ):
            if self.table.clock >= KEY_GUARD:  # (not the Enter that dealt this table)
                self.session.play_now()
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.play_rect is not None
            and self.play_rect.collidepoint(event.pos)
        ):
            self.session.play_now()
        return True

    # ------------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The card over the table while it waits for phones, else a corner card for
        each phone that is away — while the table shows the public view: not over a
        screen player's hand (the card would cover its cards, and nobody should walk up
        to the screen then; the seat's badge keeps the countdown)."""
        if self.waiting():
            self.draw_waiting(surface)
        else:
            self.play_rect = None
            if self.table.perspective is None:
                self.draw_away(surface)

    def draw_waiting(self, surface: pygame.Surface) -> None:
        """The card over the table before play: a title, one card per phone seat (its
        code as large as the window allows, the name, the link in text; "Ana — phone"
        once taken) and the "Play now" button (:attr:`play_rect`)."""
        t = self.table
        w, h = t.w, t.h
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((6, 20, 14, 236))
        surface.blit(shade, (0, 0))
        pad = t.s(24)
        title = t.label(_("Take your seats"), 34, 1200, assets.GOLD, True)
        surface.blit(title, title.get_rect(midtop=(w // 2, pad)))
        words = _("Scan your code with your phone's camera (same Wi-Fi as this screen)")
        if self.session.followed:  # "New game, same players": the same codes as before
            words = _(
                "The last game's phones return by themselves; one that was away scans its code"
            )
        line = t.label(words, 18, 1200)
        top = pad + title.get_height() + t.s(6)
        surface.blit(line, line.get_rect(midtop=(w // 2, top)))
        top += line.get_height() + t.s(18)
        seats = self.session.phone_seats
        n = max(1, len(seats))
        button_h = t.t(20) + t.s(28)
        bottom = h - pad - button_h - t.s(16)
        gap = t.s(24)
        card_w = min((w - 2 * pad - gap * (n - 1)) // n, int(h * 0.8))
        name_h = t.t(24) + t.s(8)
        link_h = 3 * (t.t(16) + t.s(3))
        side = max(60, min(card_w - t.s(24), bottom - top - name_h - link_h - t.s(30)))
        left = (w - (n * card_w + gap * (n - 1))) // 2
        for i, seat in enumerate(seats):
            rect = pygame.Rect(left + i * (card_w + gap), top, card_w, bottom - top)
            self._seat_card(surface, seat, rect, side)
        self._play_button(surface, bottom + t.s(16), button_h)
        error = self.session.phones_error
        if error:
            img = t.label(error, 16, 1200, assets.RED)
            surface.blit(img, img.get_rect(midbottom=(w // 2, top - t.s(4))))

    def _seat_card(self, surface, seat: int, rect: pygame.Rect, side: int) -> None:
        t = self.table
        pygame.draw.rect(surface, CARD, rect, border_radius=t.s(14))
        pygame.draw.rect(surface, CARD_EDGE, rect, width=max(2, t.s(2)), border_radius=t.s(14))
        name = t.name(seat)
        y = rect.y + t.s(14)
        if self.taken(seat):
            words = _("{name} — phone").format(name=name)
            head = t.fit_text(words, t.t(26), rect.w - t.s(20), assets.GOLD, True)
            surface.blit(head, head.get_rect(center=rect.center))
            ok = t.fit_text(_("In their seat"), t.t(18), rect.w - t.s(20))
            surface.blit(ok, ok.get_rect(midtop=(rect.centerx, rect.centery + head.get_height())))
            return
        head = t.fit_text(name, t.t(24), rect.w - t.s(20), assets.GOLD, True)
        surface.blit(head, head.get_rect(midtop=(rect.centerx, y)))
        y += head.get_height() + t.s(8)
        code = self.code(seat, side)
        if code is None:
            img = t.fit_text(_("Preparing the link…"), t.t(18), rect.w - t.s(20))
            surface.blit(img, img.get_rect(center=rect.center))
            return
        surface.blit(code, code.get_rect(midtop=(rect.centerx, y)))
        y += code.get_height() + t.s(8)
        link = self.session.phone_links.get(seat, "")
        px = t.t(16)
        for line in link_lines(link, px, rect.w - t.s(24)):
            img = assets.text(line, px, assets.WHITE)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += img.get_height()

    def _play_button(self, surface, top: int, height: int) -> None:
        t = self.table
        words = _("Play now (Enter): stand-in bots play until the missing phones come")
        img = t.label(words, 20, 1180, assets.WHITE, True)
        rect = img.get_rect(midtop=(t.w // 2, top)).inflate(t.s(36), 0)
        rect.h = height
        pygame.draw.rect(surface, (38, 110, 70), rect, border_radius=t.s(10))
        pygame.draw.rect(surface, assets.GOLD, rect, width=max(2, t.s(3)), border_radius=t.s(10))
        surface.blit(img, img.get_rect(center=rect.center))
        self.play_rect = rect

    def draw_away(self, surface: pygame.Surface) -> None:
        """One compact card per away phone, stacked up from the bottom corner the table
        leaves freest (its ``phone_cards_at``: "right", or "left"): its code — small
        enough to leave the table readable, large enough for the phone brought up to
        the screen — and on the right the words: whose phone, the countdown to its
        stand-in or that one plays, and to scan to take the seat back."""
        t = self.table
        side = int(min(t.w, t.h) * 0.16)
        pad = t.s(10)
        text_w = max(t.s(200), int(t.w * 0.13))
        at_left = getattr(t, "phone_cards_at", "right") == "left"
        bottom = t.h - t.s(12)
        for seat in reversed(self.away()):
            code = self.code(seat, side)
            code_w = code.get_width() if code is not None else 0
            words = _("{name}'s phone is away").format(name=t.name(seat))
            left = t.presence.takeover_left(seat)
            d = t.presence.seat(seat) or {}
            if d.get("state") == "stand-in" or left is None:
                sub = _("A stand-in plays: scan to take the seat back")
            else:
                sub = _("Stand-in in {s} s: scan to take the seat back").format(
                    s=max(0, int(left + 0.999))
                )
            head, head_px = t.fit_lines(words, t.t(18), text_w, 2, True)
            lines, px = t.fit_lines(sub, t.t(16), text_w, 3, False)
            imgs = [assets.text(x, head_px, assets.GOLD, True) for x in head]
            imgs += [assets.text(x, px, assets.WHITE) for x in lines]
            words_h = sum(img.get_height() for img in imgs)
            height = max(code_w, words_h) + 2 * pad
            width = code_w + text_w + 3 * pad
            x = t.s(12) if at_left else t.w - t.s(12) - width
            rect = pygame.Rect(x, bottom - height, width, height)
            pygame.draw.rect(surface, CARD, rect, border_radius=t.s(12))
            pygame.draw.rect(surface, CARD_EDGE, rect, width=max(2, t.s(2)), border_radius=t.s(12))
            if code is not None:
                surface.blit(code, code.get_rect(midleft=(rect.x + pad, rect.centery)))
            y = rect.centery - words_h // 2
            for img in imgs:
                surface.blit(img, (rect.x + code_w + 2 * pad, y))
                y += img.get_height()
            bottom = rect.y - t.s(8)
