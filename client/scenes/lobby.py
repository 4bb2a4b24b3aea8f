"""The lobby of a LAN table: who sits where, the address to join, start when ready.

The host's player sees "Start now" (open seats nobody took get bots); everyone else
waits until the host starts or the last open seat is taken. Leaving (Esc or Leave)
asks first when this window hosts the table and LAN players have taken seats at it:
leaving closes the table for them (:class:`client.tables.leave.LeaveConfirm`, Stay
focused); a guest, or a host nobody joined yet, leaves at once (nothing is lost)."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.scene import Scene
from client.i18n import _
from client.tables.leave import LEAVE, LeaveConfirm, guests
from client.tables.text import TableText
from engine import get_game


class _Frame(TableText):
    """The window's scale and words, for the leave question drawn over the lobby."""

    def __init__(self, app) -> None:
        self.app = app
        self.w, self.h = app.size


class LobbyScene(Scene):
    """``session``: a :class:`client.session.TableSession` (hosting or joined). When
    this machine hosts, the address others join and a note on discovery appear once
    its host serves the LAN (``session.serving``)."""

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.address: str | None = None
        self.web = ""  # the browser page's address (net.web), once served
        self.advertised = ""
        self.confirm = LeaveConfirm()

    def serving(self) -> None:
        """Take the address and the discovery note from the host's answer."""
        srv = self.session.serving
        if self.address is not None or not srv:
            return
        if not srv.get("serving"):
            self.advertised = _("Not served on the LAN ({reason}).").format(reason=srv["error"])
            self.address = ""
            return
        from net.addresses import address_text
        from net.discovery import lan_addresses

        host = (lan_addresses() or ["127.0.0.1"])[0]
        self.address = address_text(host, srv["port"])
        if srv.get("web_port"):
            self.web = f"http://{address_text(host, srv['web_port'])}/"
        if srv.get("error"):
            self.advertised = _("Not advertised ({reason}); others can join by address.").format(
                reason=srv["error"]
            )
        elif srv.get("advertised"):
            self.advertised = _("Advertised on the LAN as “{name}”.").format(name=self.session.name)

    def buttons(self) -> pygame.Rect:
        """Where the buttons stand (pixels): a band across the bottom of the window."""
        w, h = self.app.size
        bh = self.fpx(54 if h >= 640 else 40)
        return pygame.Rect(0, h - bh - (56 if h >= 640 else 16), w, bh)

    def enter(self) -> None:
        w, _h = self.app.size
        band = self.buttons()
        ui = self.app.ui
        bw = max(240, assets.measure(_("Start now"), self.fpx(24), True) + 40)
        bw = min(bw, w // 2 - 30)
        self.leave = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - 20 - bw, band.y, bw, band.h), _("Leave"), ui
        )
        self.start = None
        if not self.session.remote:
            self.start = pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 + 20, band.y, bw, band.h), _("Start now"), ui, object_id="@big"
            )

    def idle(self) -> bool:
        return True  # the host's messages wake the window

    def seats(self) -> list[dict]:
        """The latest public seat list (from ``seats`` or ``welcome`` messages)."""
        for m in self.session.mirrors.values():
            if m.seats is not None:
                return m.seats["seats"]
        for m in self.session.mirrors.values():
            if m.welcome is not None:
                return m.welcome["seats"]
        return []

    def update(self, dt: float) -> None:
        self.session.pump()
        self.serving()
        if self.session.started and all(m.view is not None for m in self.session.mirrors.values()):
            self.app.go("table", session=self.session)

    def handle_event(self, event) -> None:
        if self.confirm.open:
            if event.type != pygame_gui.UI_BUTTON_PRESSED:  # the buttons are hidden
                choice = self.confirm.handle(event)
                if choice == LEAVE:
                    self.back_to_menu()
                elif choice is not None:
                    self.show_buttons(True)
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.leave:
                self.ask_to_leave()
            elif self.start is not None and event.ui_element == self.start:
                self.session.start_game()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.ask_to_leave()
        elif (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.start is not None
        ):
            self.session.start_game()

    def ask_to_leave(self) -> None:
        """Leave, or first ask when LAN players sit at the table this window hosts
        (leaving closes it for them)."""
        if self.session.remote or guests(self.session) == 0:
            self.back_to_menu()
            return
        self.confirm.ask("host")
        self.show_buttons(False)

    def show_buttons(self, visible: bool) -> None:
        """Hide the lobby's buttons under the question (and show them again)."""
        for button in (self.leave, self.start):
            if button is not None:
                button.show() if visible else button.hide()

    def back_to_menu(self) -> None:
        self.session.close()
        self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        k = min(w / 1280, h / 720)
        surface.fill(assets.FELT)
        game = get_game(self.session.game_id).name
        title = assets.fit(
            _("{game} — waiting for players").format(game=game),
            self.px(40, 22),
            w - 20,
            assets.GOLD,
            True,
        )
        y = max(12, int(60 * k) - title.get_height() // 2)
        surface.blit(title, title.get_rect(midtop=(w // 2, y)))
        y += title.get_height() + max(6, int(14 * k))
        if self.address:
            line = _("Others join from “Join a LAN table”, or with: tapete join {address}").format(
                address=self.address
            )
            img = assets.fit(line, self.px(20), w - 20, assets.WHITE)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height() + 4
            if self.web:  # an address needs no words: phones and laptops open it
                img = assets.fit(self.web, self.px(20), w - 20, assets.WHITE)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += img.get_height() + 4
        if self.advertised:
            img = assets.fit(self.advertised, self.px(17), w - 20)
            surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += img.get_height() + 4
        self.draw_seats(surface, pygame.Rect(0, y + 10, w, self.buttons().y - 10 - (y + 10)))
        if self.session.remote:  # beside the one button (Leave)
            band = self.buttons()
            text, colour = _("The host starts the game."), assets.WHITE
            link = next((m.link for m in self.session.mirrors.values() if m.link), None)
            if link is not None:  # being tried again (an end for good leaves the lobby)
                from client.lanwords import cause

                reason = cause(str(link.get("code") or ""), str(link.get("address") or ""))
                text = _("Connection lost ({reason}) — reconnecting…").format(reason=reason)
                colour = assets.GOLD
            lines, px = assets.fit_lines(text, self.px(20), w // 2 - 40, 2, False)
            y = band.centery - (len(lines) - 1) * (px + 2) // 2
            for line in lines:
                img = assets.text(line, px, colour)
                surface.blit(img, img.get_rect(midleft=(w // 2 + 20, y)))
                y += px + 2
        if self.confirm.open:
            self.confirm.draw(_Frame(self.app), surface)

    def seat_rows(self, room: pygame.Rect, n: int) -> tuple[list[pygame.Rect], int]:
        """The rows of ``n`` seats in ``room`` (pixels): one column, each row as tall as
        fits (at most 42 px, times the text size), and the text size in them (12 to
        20 px, times the text size)."""
        step = min(self.fpx(50), room.h // max(1, n))
        height = step - max(3, step // 7)
        width = min(self.fpx(660), room.w - 24)
        x = room.centerx - width // 2
        rows = [pygame.Rect(x, room.y + i * step, width, height) for i in range(n)]
        return rows, max(assets.MIN_TEXT, min(self.fpx(20), int(height * 0.48)))

    def draw_seats(self, surface: pygame.Surface, room: pygame.Rect) -> None:
        """One row per seat in ``room``: the seat, its player's name (shortened with
        "…" to its room) and what sits there."""
        kinds = {
            "open": _("open — waiting for a player"),
            "bot": _("bot"),
            "human": _("on this screen"),
            "phone": _("on a phone"),
            "remote": _("joined over the LAN"),
        }
        mine = set(self.session.local_seats)
        seats = self.seats()
        rows, px = self.seat_rows(room, len(seats))
        labels = [_("Seat {n}").format(n=s["seat"] + 1) for s in seats]
        label_w = max((assets.measure(t, px, True) for t in labels), default=0)
        pad = max(8, px * 3 // 4)
        for s, row, label in zip(seats, rows, labels, strict=True):
            is_open = s["kind"] == "open"
            pygame.draw.rect(
                surface,
                (255, 255, 255) if is_open else assets.GOLD,
                row,
                2 if is_open else 0,
                border_radius=min(10, row.h // 3),
            )
            colour = assets.WHITE if is_open else assets.INK
            img = assets.text(label, px, colour, True)
            surface.blit(img, img.get_rect(midleft=(row.x + pad, row.centery)))
            kind = kinds.get(s["kind"], s["kind"])
            if s["kind"] == "bot" and s.get("level"):
                kind = _("bot ({level})").format(level=_(s["level"]))
            kind_img = assets.fit(kind, max(assets.MIN_TEXT, px - 2), row.w * 2 // 5, colour)
            surface.blit(kind_img, kind_img.get_rect(midright=(row.right - pad, row.centery)))
            name_x = row.x + pad + label_w + pad * 2
            room_w = row.right - pad - kind_img.get_width() - pad * 2 - name_x
            name = s["name"] or "—"
            form = _("{name} (you)") if s["seat"] in mine else "{name}"
            img = assets.text(assets.shorten(name, px, room_w, True, form), px, colour, True)
            surface.blit(img, img.get_rect(midleft=(name_x, row.centery)))
