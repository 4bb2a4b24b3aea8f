"""Join a LAN table: the tables found on the LAN (updated live), or join by address.

Discovery runs on zeroconf's own thread (:class:`net.discovery.TableBrowser`); the
connection on its own thread (:class:`net.client.TcpConnection`); this scene only
polls both once per frame. Joining from the list tries every address the table
advertises (:func:`net.client.connection_to`); every join keeps its seat token on this
machine and offers a kept one (:class:`net.tokens.TokenStore`), so a window that
restarts takes its seat back by joining the same table again: Join stays open at a
started table where this machine holds a seat, and when it holds several there (two
windows at one table), the window asks which one (issue 32)."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.scene import Scene
from client.i18n import _, ngettext

#: The example address in the empty entry (a placeholder, drawn dim, never text).
EXAMPLE_HOST = "192.168.1.20"
#: The placeholder's colour, and the entry's own once something is typed.
HINT_THEME = {
    "#address_hint": {"colours": {"normal_text": "#8fae9f"}},
    "#address": {"colours": {"normal_text": "#f5f5f0"}},
}


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
        self.tokens = None  # the seat tokens kept on this machine (made on first join)
        #: ``(info, [seat, …])`` while the window asks which kept seat to take back.
        self.choosing: tuple | None = None
        self.choices: list[tuple] = []  # (button, seat)

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
        lay = self.layout()
        x, y, step, bh, bw = lay["x"], lay["top"], lay["step"], lay["bh"], lay["bw"]
        self.rows = []
        fit = max(1, min(8, (lay["status"] - y) // step))  # rows clear of the join box
        for info in self.tables[:fit]:
            bx = x + lay["row_w"] + 10
            join = pygame_gui.elements.UIButton(pygame.Rect(bx, y, bw, bh), _("Join"), ui)
            watch = pygame_gui.elements.UIButton(
                pygame.Rect(bx + bw + 10, y, bw, bh), _("Watch"), ui
            )
            if not info.compatible or (info.open_seats == 0 and not self.kept_seats(info)):
                join.disable()
            if not info.compatible:
                watch.disable()
            self.rows.append((info, join, watch, y))
            y += step
        y = lay["address"]
        # The address row: its words as wide as they are at the player's text size
        # (800 px at 100 %), the box taking what is left.
        row_w = lay["w"]
        ax = w // 2 - row_w // 2
        fs = self.fpx(18)
        label_w = max(200, assets.measure(_("Join by address"), fs) + 12)
        join_w = max(130, assets.measure(_("Join"), fs) + 30)
        watch_w = max(130, assets.measure(_("Watch"), fs) + 30)
        entry_w = max(160, row_w - label_w - join_w - watch_w - 40)
        pygame_gui.elements.UILabel(pygame.Rect(ax, y, label_w, bh), _("Join by address"), ui)
        ui.get_theme().load_theme(HINT_THEME)
        self.entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(ax + label_w + 10, y, entry_w, bh),
            ui,
            placeholder_text=example_address(),
            object_id="#address" if self.address else "#address_hint",
        )
        self.entry.set_text(self.address)
        bx = ax + label_w + 10 + entry_w + 20
        self.join = pygame_gui.elements.UIButton(pygame.Rect(bx, y, join_w, bh), _("Join"), ui)
        self.watch = pygame_gui.elements.UIButton(
            pygame.Rect(bx + join_w + 10, y, watch_w, bh), _("Watch"), ui
        )
        back_w = max(200, assets.measure(_("Back"), fs) + 40)
        by, bbh = lay["back"], self.fpx(50)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(x, by, back_w, bbh), _("Back"), ui)
        self.choices = []
        if self.choosing is not None:
            seat_w = max(90, assets.measure(_("Seat {n}").format(n=10), fs) + 20)
            for i, seat in enumerate(self.choosing[1][:6]):
                button = pygame.Rect(x + back_w + 10 + i * (seat_w + 10), by, seat_w, bbh)
                button = pygame_gui.elements.UIButton(
                    button,
                    _("Seat {n}").format(n=seat + 1),
                    ui,
                )
                self.choices.append((button, seat))

    def layout(self) -> dict:
        """The screen's geometry (pixels) at the player's text size: ``w`` the width of
        the list and the address row (800 at 100 %), ``x`` its left, ``row_w`` a table's
        row (its Join and Watch buttons ``bw`` wide beside it), ``top`` the first row,
        ``step`` a row, ``bh`` a button's height, ``title`` the title's centre,
        ``status`` the top of the room for a failure's two lines, ``address`` the address
        row, ``back`` the Back button's top."""
        w, h = self.app.size
        fs = self.fpx(18)
        width = min(w - 40, self.fpx(800, 800))
        bw = max(self.fpx(95), *(assets.measure(t, fs) + 24 for t in (_("Join"), _("Watch"))))
        back = h - 50 - self.fpx(50)
        bh = self.fpx(36)
        address = back - self.fpx(54)
        status = address - 12 - 2 * assets.font(self.fpx(19), True).get_linesize()
        title = self.fpx(60, 60)
        return {
            "w": width,
            "x": w // 2 - width // 2,
            "row_w": width - 2 * bw - 20,
            "bw": bw,
            "bh": bh,
            "top": title + self.fpx(60),
            "step": self.fpx(46),
            "title": title,
            "status": status,
            "address": address,
            "back": back,
        }

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
                from client.lanwords import join_failure

                self.status = join_failure(conn)  # what happened, and what to try
                conn.close()
                return
            self.enter_table(conn)

    def enter_table(self, conn) -> None:
        from client.session import TableSession

        session = TableSession.join(conn)
        self.exit()
        self.app.go("lobby", session=session)

    def connect(self, address: str, spectator: bool) -> None:
        """Start joining ``address`` ("host:port"; the port may be left out: 47470)
        without blocking the frame loop."""
        from net.client import TcpConnection
        from net.protocol import parse_address

        text = address.strip()
        if not text:
            self.status = _("Type the host's address first, e.g. {example}").format(
                example=example_address()
            )
            return
        try:
            host, port = parse_address(text)
        except ValueError:
            self.status = _("“{text}” is not an address: type HOST:PORT, e.g. {example}").format(
                text=text, example=example_address()
            )
            return
        self.status = _("Connecting to {address}…").format(address=text)
        self.start_join(TcpConnection(host, port, **self.join_options(spectator)))

    def kept_seats(self, info) -> list[int]:
        """The seats this machine keeps a token for at the listed table (free ones:
        :meth:`net.tokens.TokenStore.kept`), the one held last first."""
        if not info.table_id:
            return []
        self.join_options(False)  # makes the store
        return [e["seat"] for e in self.tokens.kept(table_id=info.table_id)]

    def connect_listed(self, info, spectator: bool, seat: int | None = None) -> None:
        """Start joining a listed table at every address it advertises
        (:func:`net.client.connection_to`). This machine's kept seat there is taken
        back; with several, the window first asks which (``seat``: the answer)."""
        from net.client import connection_to

        mine = [] if spectator or seat is not None else self.kept_seats(info)
        if len(mine) > 1:
            self.choosing = (info, mine)
            self.status = _("This computer holds several seats at “{table}”: which one?").format(
                table=info.name
            )
            self.address = self.entry.get_text()
            self.build()
            return
        if self.choosing is not None:
            self.choosing = None
            self.address = self.entry.get_text()
            self.build()
        self.status = _("Connecting to {address}…").format(address=info.name)
        options = self.join_options(spectator)
        if seat is not None:
            options["seat"] = seat
        self.start_join(connection_to(info, **options))

    def join_options(self, spectator: bool) -> dict:
        """The name, spectator flag and seat-token store of a join from this window."""
        if self.tokens is None:
            from net.tokens import TokenStore

            self.tokens = TokenStore()
        return {"player": self.app.settings.name, "spectator": spectator, "tokens": self.tokens}

    def start_join(self, conn) -> None:
        if self.pending is not None:
            self.pending.close()
        conn.on_message = self.app.wake  # (an idle window wakes when it is answered)
        self.pending = conn.start()

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.back:
                self.to_menu()
            elif event.ui_element in (self.join, self.watch):
                self.connect(self.entry.get_text(), spectator=event.ui_element == self.watch)
            for info, join, watch, _y in self.rows:
                if event.ui_element in (join, watch):
                    self.connect_listed(info, spectator=event.ui_element == watch)
                    return
            for button, seat in self.choices:
                if event.ui_element == button and self.choosing is not None:
                    self.connect_listed(self.choosing[0], spectator=False, seat=seat)
                    return
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element == self.entry:
            self.status = ""  # an old complaint is about another text
            self.entry.change_object_id("#address" if self.entry.get_text() else "#address_hint")
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
        lay = self.layout()
        surface.fill(assets.FELT)
        title = assets.fit(_("Tables on your network"), self.fpx(40), w - 40, assets.GOLD, True)
        surface.blit(title, title.get_rect(center=(w // 2, lay["title"])))
        x = lay["x"]
        if not self.tables:
            note = self.discovery_error or _(
                "Looking for tables… (hosts on this network appear here by themselves)"
            )
            lines, px = assets.fit_lines(note, self.fpx(19), lay["w"], 2, False)
            y = lay["top"] + self.fpx(20)
            for line in lines:
                img = assets.text(line, px, assets.WHITE)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += img.get_height() + 2
        name_px, sub_px = self.fpx(19), self.fpx(14)
        for info, _j, _w, y in self.rows:
            row = pygame.Rect(x, y - 3, lay["row_w"], lay["step"] - 4)
            pygame.draw.rect(surface, assets.FELT_DARK, row, border_radius=8)
            game = get_game(info.game).name if info.game in GAME_IDS else info.game
            if info.started:
                seats = _("playing")
            else:
                seats = ngettext(
                    "{open} of {total} seats open", "{open} of {total} seats open", info.open_seats
                ).format(open=info.open_seats, total=info.seats)
            if not info.compatible:
                seats = _("another Tapete version")
            name = assets.fit(info.name, name_px, row.w - 24, assets.WHITE, True)  # "…" if long
            surface.blit(name, (row.x + 12, row.y + 3))
            sub = f"{game} · {seats} · {info.host_name or info.host}"
            if getattr(info, "web_url", ""):  # its browser page (TXT ``web``)
                sub += f" · {info.web_url}"
            img = assets.fit(sub, sub_px, row.w - 24, assets.WHITE)
            surface.blit(img, img.get_rect(bottomleft=(row.x + 12, row.bottom - 2)))
        if self.status:  # a failure says what happened and what to try: two lines
            lines, px = assets.fit_lines(self.status, self.fpx(19), w - 40, 2, True)
            step = assets.font(px, True).get_linesize()
            y = lay["address"] - 12 - step * len(lines)  # the lines end above the address
            for line in lines:
                img = assets.text(line, px, assets.GOLD, True)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
                y += step


def example_address() -> str:
    """The address shown in the empty entry: an example host and the default port."""
    from net.protocol import DEFAULT_PORT

    return f"{EXAMPLE_HOST}:{DEFAULT_PORT}"
