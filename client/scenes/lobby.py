"""The lobby of a LAN table: who sits where, the address to join, start when ready.

The host's player sees "Start now" (open seats nobody took get bots); everyone else
waits until the host starts or the last open seat is taken."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.scene import Scene
from client.i18n import _
from engine import get_game


class LobbyScene(Scene):
    """``session``: a :class:`client.session.TableSession` (hosting or joined). When
    this machine hosts, the address others join and a note on discovery appear once
    its host serves the LAN (``session.serving``)."""

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.address: str | None = None
        self.advertised = ""

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
        if srv.get("error"):
            self.advertised = _("Not advertised ({reason}); others can join by address.").format(
                reason=srv["error"]
            )
        elif srv.get("advertised"):
            self.advertised = _("Advertised on the LAN as “{name}”.").format(name=self.session.name)

    def enter(self) -> None:
        w, h = self.app.size
        ui = self.app.ui
        self.leave = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - 260, h - 110, 240, 54), _("Leave"), ui
        )
        self.start = None
        if not self.session.remote:
            self.start = pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 + 20, h - 110, 240, 54), _("Start now"), ui, object_id="@big"
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
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.leave:
                self.back_to_menu()
            elif self.start is not None and event.ui_element == self.start:
                self.session.start_game()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back_to_menu()
        elif (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and self.start is not None
        ):
            self.session.start_game()

    def back_to_menu(self) -> None:
        self.session.close()
        self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT)
        game = get_game(self.session.game_id).name
        title = assets.text(
            _("{game} — waiting for players").format(game=game), 40, assets.GOLD, True
        )
        surface.blit(title, title.get_rect(center=(w // 2, 60)))
        y = 110
        if self.address:
            line = _("Others join from “Join a LAN table”, or with: tapete join {address}").format(
                address=self.address
            )
            img = assets.text(line, 20, assets.WHITE)
            surface.blit(img, img.get_rect(center=(w // 2, y)))
            y += 30
        if self.advertised:
            img = assets.text(self.advertised, 17, assets.WHITE)
            surface.blit(img, img.get_rect(center=(w // 2, y)))
        y = 180
        kinds = {
            "open": _("open — waiting for a player"),
            "bot": _("bot"),
            "human": _("on this screen"),
            "remote": _("joined over the LAN"),
        }
        mine = set(self.session.local_seats)
        for s in self.seats():
            row = pygame.Rect(w // 2 - 330, y, 660, 42)
            is_open = s["kind"] == "open"
            pygame.draw.rect(
                surface,
                (255, 255, 255) if is_open else assets.GOLD,
                row,
                2 if is_open else 0,
                border_radius=10,
            )
            colour = assets.WHITE if is_open else assets.INK
            name = s["name"] or "—"
            if s["seat"] in mine:
                name = _("{name} (you)").format(name=name)
            surface.blit(
                assets.text(_("Seat {n}").format(n=s["seat"] + 1), 20, colour, True),
                (row.x + 16, row.y + 9),
            )
            surface.blit(assets.text(name, 20, colour, True), (row.x + 130, row.y + 9))
            kind = kinds.get(s["kind"], s["kind"])
            if s["kind"] == "bot" and s.get("level"):
                kind = _("bot ({level})").format(level=_(s["level"]))
            img = assets.text(kind, 18, colour)
            surface.blit(img, img.get_rect(midright=(row.right - 16, row.centery)))
            y += 50
        if self.session.remote:
            img = assets.text(_("The host starts the game."), 20, assets.WHITE)
            surface.blit(img, img.get_rect(center=(w // 2, h - 150)))
