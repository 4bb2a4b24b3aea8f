"""Join a LAN table: the tables found on the LAN (updated live), or join by address.

Discovery runs on zeroconf's own thread (:class:`net.discovery.TableBrowser`); the
connection on its own thread (:class:`net.client.TcpConnection`); this scene only
polls both once per frame."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.scene import Scene
from client.i18n import _


class BrowserScene(Scene):
    """A list of tables with Join / Watch buttons and a "host:port" entry."""

    poll_every = 0.5  # discovery does not wake the window: look twice a second

    def __init__(self, app, address: str = "") -> None:
        super().__init__(app)
        self.tables: list = []
        self.rows: list[tuple] = []  # (info, join button, watch button)
        self.browser = None
        self.pending = None  # a TcpConnection waiting for its welcome
        self.status = ""
        self.address = address
        self.discovery_error = ""

    def enter(self) -> None:
        try:
            from net.discovery import TableBrowser

            self.browser = TableBrowser()
        except Exception as exc:  # noqa: BLE001 - no multicast: join by address still works
            self.discovery_error = _(
                "LAN discovery is unavailable here ({reason}); join by address."
            ).format(reason=exc)
        self.build()

    def idle(self) -> bool:
        return True  # a pending join wakes the window when it is answered

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def build(self) -> None:
        ui = self.app.ui
        ui.clear_and_reset()
        w, h = self.app.size
        x = w // 2 - 400
        self.rows = []
        y = 120
        for info in self.tables[:8]:
            join = pygame_gui.elements.UIButton(pygame.Rect(x + 600, y, 95, 36), _("Join"), ui)
            watch = pygame_gui.elements.UIButton(pygame.Rect(x + 705, y, 95, 36), _("Watch"), ui)
            if not info.compatible or info.open_seats == 0:
                join.disable()
            if not info.compatible:
                watch.disable()
            self.rows.append((info, join, watch, y))
            y += 46
        y = h - 190
        pygame_gui.elements.UILabel(pygame.Rect(x, y, 200, 36), _("Join by address"), ui)
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(x + 210, y, 300, 36), ui, placeholder_text="192.168.1.20:5555"
        )
        self.entry.set_text(self.address)
        self.join = pygame_gui.elements.UIButton(pygame.Rect(x + 530, y, 130, 36), _("Join"), ui)
        self.watch = pygame_gui.elements.UIButton(pygame.Rect(x + 670, y, 130, 36), _("Watch"), ui)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(x, h - 100, 200, 50), _("Back"), ui)

    def update(self, dt: float) -> None:
        if self.browser is not None:
            tables = self.browser.poll()
            if tables != self.tables:
                self.address = self.entry.get_text()
                self.tables = tables
                self.build()
        if self.pending is not None and self.pending.answered.is_set():
            conn, self.pending = self.pending, None
            if conn.welcome is None:
                refusal = conn.refusal or {}
                self.status = refusal.get("message") or _("No answer from that address.")
                conn.close()
                return
            self.enter_table(conn)

    def enter_table(self, conn) -> None:
        from client.session import TableSession

        session = TableSession.join(conn)
        self.exit()
        self.app.go("lobby", session=session)

    def connect(self, address: str, spectator: bool) -> None:
        """Start joining ``address`` ("host:port") without blocking the frame loop."""
        from net.client import TcpConnection
        from net.protocol import parse_address

        try:
            host, port = parse_address(address.strip())
        except ValueError as exc:
            self.status = str(exc)
            return
        self.status = _("Connecting to {address}…").format(address=address.strip())
        self.pending = TcpConnection(host, port, player=self.app.settings.name, spectator=spectator)
        self.pending.on_message = self.app.wake
        self.pending.start()

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.to_menu()
            elif event.ui_element in (self.join, self.watch):
                self.connect(self.entry.get_text(), spectator=event.ui_element == self.watch)
            for info, join, watch, _y in self.rows:
                if event.ui_element in (join, watch):
                    self.connect(info.address, spectator=event.ui_element == watch)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.to_menu()

    def to_menu(self) -> None:
        if self.pending is not None:
            self.pending.close()
        self.exit()
        self.app.go("menu")

    def draw(self, surface: pygame.Surface) -> None:
        from engine import GAME_IDS, get_game

        w, h = self.app.size
        surface.fill(assets.FELT)
        title = assets.text(_("Tables on your network"), 40, assets.GOLD, True)
        surface.blit(title, title.get_rect(center=(w // 2, 60)))
        x = w // 2 - 400
        if not self.tables:
            note = self.discovery_error or _(
                "Looking for tables… (hosts on this network appear here by themselves)"
            )
            img = assets.text(note, 19, assets.WHITE)
            surface.blit(img, img.get_rect(center=(w // 2, 160)))
        for info, _j, _w, y in self.rows:
            row = pygame.Rect(x, y - 3, 590, 42)
            pygame.draw.rect(surface, assets.FELT_DARK, row, border_radius=8)
            game = get_game(info.game).name if info.game in GAME_IDS else info.game
            if info.started:
                seats = _("playing")
            else:
                seats = _("{open} of {total} seats open").format(
                    open=info.open_seats, total=info.seats
                )
            if not info.compatible:
                seats = _("another Tapete version")
            surface.blit(assets.text(info.name, 19, assets.WHITE, True), (row.x + 12, row.y + 3))
            sub = f"{game} · {seats} · {info.host_name or info.host}"
            surface.blit(assets.text(sub, 14, assets.WHITE), (row.x + 12, row.y + 24))
        if self.status:
            img = assets.text(self.status, 19, assets.GOLD, True)
            surface.blit(img, img.get_rect(center=(w // 2, h - 220)))
