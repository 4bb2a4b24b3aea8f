"""New game: the game, the seats (you, more local players — each with a name — players
whose hand is on their phone, also named (client/tables/phones.py), bots with level;
with a bot seated, a line under the seats says what each level is like), the game's
options (read from the engine's ``default_options``), each with a help line that says
what it does and what a blank means, and under "Advanced" an optional seed. The seat
words and option helpers live in :mod:`client.scenes.newgame_options` (re-exported);
where each field goes, the same for every game and number of seats, in
:mod:`client.scenes.newgame_layout`."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets, pads
from client.help import option_label
from client.i18n import _
from client.scene import Scene
from client.scenes.newgame_layout import form_layout, max_options
from client.scenes.newgame_options import (
    CHOICE_OPTIONS,
    LAN_SEAT_WORDS,
    SEAT_OPTIONS,
    SEAT_WORDS,
    bots_help,
    option_help,
    parse_option,
    seat_label,
    selected,
)
from client.tables import tables_available
from engine import get_game
from net.host import LAN_TURN_SECONDS

__all__ = [
    "CHOICE_OPTIONS",
    "LAN_SEAT_WORDS",
    "SEAT_OPTIONS",
    "SEAT_WORDS",
    "NewGameScene",
    "bots_help",
    "name_in",
    "option_help",
    "parse_option",
    "seat_label",
    "selected",
]


class NewGameScene(Scene):
    """Seat list of drop-downs, the game's options and a seed; Start creates the table."""

    takes_pads = True  # A on a pad takes a seat (:meth:`pad_input`)

    def __init__(
        self, app, game_id: str | None = None, seats: list[str] | None = None, lan: bool = False
    ) -> None:
        super().__init__(app)
        self.lan = lan
        self.words = LAN_SEAT_WORDS if lan else SEAT_WORDS
        games = tables_available()
        self.game_id = game_id if game_id in games else games[0]
        game = get_game(self.game_id)
        n = max(game.min_players, min(4, game.max_players))
        default = ["human"] + ["open" if lan else "bot:normal"] * (n - 1)
        self.seats = seats or default
        self.error = ""
        self.option_widgets: dict = {}
        #: Typed texts kept across rebuilds: local players' names by seat, options, seed.
        self.names: dict[int, str] = {}
        self.typed: dict[str, str] = {}
        self.seed_text = ""
        self.advanced = False
        #: (rect, text) of each option's help line, drawn beside its box.
        self.help_rows: list[tuple[pygame.Rect, str]] = []
        self.turn = LAN_TURN_SECONDS  # the turn clock of a LAN table (0: off)
        self.turn_seconds = None

    def idle(self) -> bool:
        return True  # widgets change on input only

    def enter(self) -> None:
        self.build()

    def has_bots(self) -> bool:
        """Whether a seat is a bot (the form then says what the levels are like)."""
        return any(seat.startswith("bot") for seat in self.seats)

    def layout(self) -> dict:
        """The form's geometry (pixels): :func:`client.scenes.newgame_layout.form_layout`
        (the same for every game and any number of seats)."""
        return form_layout(self)

    def build(self) -> None:
        ui = self.app.ui
        ui.clear_and_reset()
        w, _h = self.app.size
        game = get_game(self.game_id)
        self.lay = lay = self.layout()
        step, r, top, ostep = lay["step"], lay["r"], lay["top"], lay["ostep"]
        sx, sw = lay["seats"]
        ox, ow = lay["rest"]
        beside = lay["beside"]
        box_x, box_w = lay["box_x"], lay["box_w"]
        label = box_x - ox - 10  # an option's label
        fs = self.fpx(18)  # the widgets' text (the theme's 18 px, with the text size)
        names = {get_game(g).name: g for g in tables_available()}
        pygame_gui.elements.UILabel(pygame.Rect(ox, top, label, r), _("Game"), ui)
        self.game_menu = pygame_gui.elements.UIDropDownMenu(
            list(names), game.name, pygame.Rect(box_x, top, box_w, r), ui
        )
        self.game_names = names
        self.help_rows = []
        y = top + ostep + (0 if beside else 2)
        self.option_widgets = {}
        for name, default in game.default_options.items():
            pygame_gui.elements.UILabel(pygame.Rect(ox, y, label, r), option_label(name), ui)
            rect = pygame.Rect(box_x, y, box_w, r)
            choices = self.choices(name)
            if choices is not None:
                labels = [words for _v, words in choices]
                shown = self.typed.get(name)
                widget = pygame_gui.elements.UIDropDownMenu(
                    labels, shown if shown in labels else labels[0], rect, ui
                )
                default = choices
            elif isinstance(default, bool):
                widget = pygame_gui.elements.UIDropDownMenu(
                    [_("Off"), _("On")], _("On") if default else _("Off"), rect, ui
                )
            elif isinstance(default, (int, str)) or default is None:
                widget = pygame_gui.elements.UITextEntryLine(rect, ui)
                if (self.game_id, name) in SEAT_OPTIONS and isinstance(default, int):
                    default += 1
                shown = "" if default is None else str(default)
                widget.set_text(self.typed.get(name, shown))
            else:
                continue
            self.option_widgets[name] = (widget, default)
            y = self.add_help(option_help(self.game_id, name), y, ostep, lay)
        if beside:  # the rows of the game with the most options: the next stay put
            y = top + (1 + max_options()) * step
        self.table_name = None
        if self.lan:
            pygame_gui.elements.UILabel(pygame.Rect(ox, y, label, r), _("Table name"), ui)
            self.table_name = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(box_x, y, box_w, r), ui
            )
            self.table_name.set_text(
                _("{name}'s table").format(name=self.app.settings.shown_name())
            )
            y += ostep
            # The turn clock, as tapete host --turn-seconds: on by default at a LAN table.
            pygame_gui.elements.UILabel(pygame.Rect(ox, y, label, r), _("Turn clock"), ui)
            clock_w = max(100, assets.measure("86400", fs) + 24)
            self.turn_seconds = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(box_x, y, clock_w, r), ui
            )
            self.turn_seconds.set_text(f"{self.turn:g}")
            if beside:
                rect = pygame.Rect(box_x + clock_w + 10, y, w - 20 - box_x - clock_w - 10, r)
                self.help_rows.append((rect, _("seconds a turn (0 = no clock)")))
                y += ostep
            else:  # under the box, as every option's (beside it, a translation was cut)
                y = self.add_help(_("seconds a turn (0 = no clock)"), y, ostep, lay)
        self.build_advanced(y, lay)
        self.build_seats(lay)
        y = lay["buttons"]
        bh = lay["bh"]
        form_x = min(sx, ox)
        form_right = max(sx + sw, ox + ow)
        back_w = max(200, assets.measure(_("Back"), self.fpx(18)) + 40)
        start_w = max(200, assets.measure(_("Start"), self.fpx(24), True) + 40)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(form_x, y, back_w, bh), _("Back"), ui)
        self.start = pygame_gui.elements.UIButton(
            pygame.Rect(form_right - start_w, y, start_w, bh), _("Start"), ui, object_id="@big"
        )
        #: Where an error message goes: between the two buttons (pixels).
        self.error_rect = pygame.Rect(
            form_x + back_w + 10, y, form_right - form_x - back_w - start_w - 20, bh
        )

    def build_advanced(self, y: int, lay: dict) -> None:
        """ "Advanced" at ``y`` and, once opened, the seed: beside it in one column,
        under it in two (the last rows of the options' column: opening it moves
        nothing)."""
        ui = self.app.ui
        r, ostep, beside = lay["r"], lay["ostep"], lay["beside"]
        ox, ow = lay["rest"]
        box_x, box_w = lay["box_x"], lay["box_w"]
        fs = self.fpx(18)
        self.more = pygame_gui.elements.UIButton(
            pygame.Rect(ox, y, box_x - ox - 10 if beside else min(ow, self.fpx(200)), r),
            _("Advanced ▾") if self.advanced else _("Advanced ▸"),
            ui,
        )
        self.seed = None
        if not self.advanced:
            return
        if beside:
            seed_w = assets.measure(_("Seed"), fs) + 12
            pygame_gui.elements.UILabel(pygame.Rect(box_x, y, seed_w, r), _("Seed"), ui)
            seed_x = box_x + seed_w + 5
        else:
            y += ostep
            pygame_gui.elements.UILabel(pygame.Rect(ox, y, box_x - ox - 10, r), _("Seed"), ui)
            seed_x = box_x
        self.seed = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(seed_x, y, box_x + box_w - seed_x, r), ui
        )
        self.seed.set_text(self.seed_text)
        seed_help = (
            _("At a LAN table the seed is mixed with a secret shown at the end. Blank: random.")
            if self.lan
            else _("The same seed deals the same cards. Blank: random.")
        )
        self.add_help(seed_help, y, ostep, lay)

    def build_seats(self, lay: dict) -> None:
        """The seats: "+ seat" and "− seat" first (they stay under the pointer), the
        line on the bot levels (its room kept whether a bot sits or not), then a row per
        seat, growing down into room kept for the largest table."""
        ui = self.app.ui
        w, _h = self.app.size
        game = get_game(self.game_id)
        step, r, beside = lay["step"], lay["r"], lay["beside"]
        sx, sw = lay["seats"]
        label_w, menu_x, menu_w, name_w = (
            lay["label_w"], lay["menu_x"], lay["menu_w"], lay["name_w"]
        )  # fmt: skip
        y = lay["seat_top"]
        pygame_gui.elements.UILabel(pygame.Rect(sx, y, label_w, r), _("Seats"), ui)
        half = (menu_w - 10) // 2
        self.add = pygame_gui.elements.UIButton(pygame.Rect(menu_x, y, half, r), _("+ seat"), ui)
        self.remove = pygame_gui.elements.UIButton(
            pygame.Rect(menu_x + half + 10, y, half, r), _("− seat"), ui
        )
        if len(self.seats) >= game.max_players:
            self.add.disable()
        if len(self.seats) <= game.min_players:
            self.remove.disable()
        y += step
        #: The line on the bot levels, under "+ seat" (pixels; None: no bot seat).
        self.bots_row: pygame.Rect | None = None
        if self.has_bots():
            self.bots_row = pygame.Rect(sx, y, sw, lay["bots_h"])
            self.help_rows.append((self.bots_row, bots_help(self.game_id)))
        y += lay["bots_h"] + 2
        self.seat_menus = []
        self.name_entries: dict[int, pygame_gui.elements.UITextEntryLine] = {}
        #: Each seat's row (pixels): its label, its drop-down, a local player's name.
        self.seat_rows: list[pygame.Rect] = []
        humans = 0
        # A seat low in the window opens its list upwards (downwards it would scroll).
        ui.get_theme().load_theme({"#up": {"misc": {"expand_direction": "up"}}})
        item = max(20, round(21 * self.ui_scale))  # an open list's row (App's theme)
        below = len(self.words) * item + 8
        pads.keep_seats(self.app.pads, [i for i, s in enumerate(self.seats) if s == "human"])
        #: Each pad's seat tag (pixels, pad name): beside the row, else on its label.
        self.pad_tags: list[tuple[pygame.Rect, str]] = []
        for i, seat in enumerate(self.seats):
            self.seat_rows.append(pygame.Rect(sx, y, sw, r))
            pad = self.app.pads.seats.get(i)
            if pad is not None:
                room = w - 20 - (sx + sw) if beside else 0
                tag = (sx + sw + 10, y, min(220, room), r) if room >= 80 else (sx, y, label_w, r)
                self.pad_tags.append((pygame.Rect(tag), self.app.pads.name(pad)))
            pygame_gui.elements.UILabel(
                pygame.Rect(sx, y, label_w, r),
                "" if pad is not None and tag[0] == sx else _("Seat {n}").format(n=i + 1),
                ui,
            )
            menu = pygame_gui.elements.UIDropDownMenu(
                [seat_label(word) for word in self.words],
                seat_label(seat),
                pygame.Rect(menu_x, y, menu_w, r),
                ui,
                object_id="#up" if y + r + below > self.app.size[1] else None,
            )
            self.seat_menus.append(menu)
            # (a LAN host names its seat in Settings)
            if seat in ("human", "phone") and not self.lan:
                humans += seat == "human"
                if seat == "phone":
                    default = _("Player {n}").format(n=i + 1)
                elif humans == 1:
                    default = self.app.settings.shown_name()
                else:
                    default = _("Player {n}").format(n=humans)
                entry = pygame_gui.elements.UITextEntryLine(
                    pygame.Rect(menu_x + menu_w + 10, y, name_w, r),
                    ui,
                    placeholder_text=_("Name"),
                )
                entry.set_text(self.names.get(i, default))
                self.name_entries[i] = entry
            y += step

    def add_help(self, text: str, y: int, step: int, lay: dict) -> int:
        """Put the help line ``text`` of the row at ``y``: beside its box (one column)
        or under it (two columns). Returns the next row's ``y``."""
        ox, ow = lay["rest"]
        w = self.app.size[0]
        if lay["beside"]:
            x = ox + ow + 10
            self.help_rows.append((pygame.Rect(x, y - 2, w - 20 - x, step), text))
            return y + step
        size = self.help_px(False)
        lines, px = assets.fit_lines(text, size, ow, 2, False) if text else ([], size)
        height = len(lines) * (px + 2) + 4
        r = lay["r"]
        self.help_rows.append((pygame.Rect(ox, y + r + 1, ow, height), text))
        return y + r + 3 + height

    def help_px(self, beside: bool) -> int:
        """The help lines' text size: 14 px beside the boxes, 12 under them (with the
        player's text size)."""
        return self.fpx(14 if beside else 12)

    def choices(self, name: str) -> list[tuple[object, str]] | None:
        """The few values option ``name`` may take, as ``(value, words)`` in the order
        offered (a drop-down, not a number box), or None for a typed option: The
        Game's first seat (random or a seat of this table) and Sequence Numbers'
        teams (as the seats allow, or 2 or 3 at 6 players)."""
        if (self.game_id, name) == ("the-game", "start"):
            seats = [(i, _("Seat {n}").format(n=i + 1)) for i in range(len(self.seats))]
            return [(None, _("Random"))] + seats
        if (self.game_id, name) == ("sequence-numbers", "teams"):
            return [(None, _("As the seats allow")), (2, _("2 teams")), (3, _("3 teams"))]
        return None

    def keep_typed(self) -> None:
        """Remember what was typed (names, options, seed) before the form is rebuilt."""
        for i, entry in getattr(self, "name_entries", {}).items():
            self.names[i] = entry.get_text()
        for name, (widget, default) in self.option_widgets.items():
            if isinstance(default, list):
                self.typed[name] = selected(widget)
            elif not isinstance(default, bool):
                self.typed[name] = widget.get_text()
        if getattr(self, "seed", None) is not None:
            self.seed_text = self.seed.get_text()
        try:
            self.read_turn_seconds()  # (kept across the rebuild)
        except ValueError:
            pass

    def read_turn_seconds(self) -> float | None:
        """The LAN table's turn clock as typed (None: off); raises ``ValueError`` with
        a message for people."""
        text = self.turn_seconds.get_text().strip() if self.turn_seconds else "0"
        try:
            seconds = float(text or "0")
        except ValueError:
            seconds = -1.0
        if not 0 <= seconds <= 24 * 3600 or seconds != seconds:
            raise ValueError(_("The turn clock is a number of seconds (0 = no clock)."))
        if self.turn_seconds is not None:
            self.turn = seconds
        return seconds or None

    def read_names(self, seats: list[str]) -> list[str]:
        """Display names: bots as usual, each local player as typed (blank: the
        usual "Player N")."""
        from client.session import default_names

        names = default_names(seats, self.app.settings.name)
        for i, entry in self.name_entries.items():
            if i < len(seats) and seats[i] in ("human", "phone") and entry.get_text().strip():
                names[i] = entry.get_text().strip()[:24]
        return names

    def couch_hint(self) -> str:
        """The line under the form: what phone seats do once one is chosen (the screen
        becomes the table, with a code per phone), else what local seats do."""
        if not self.lan and "phone" in self.read_seats():
            return _(
                "Phone seats: this screen becomes the table and shows a code for each "
                "phone to scan (same Wi-Fi)."
            )
        return _(
            "Two or more “You / local player” seats make a couch game: "
            "a privacy screen hands the screen over."
        )

    def read_seats(self) -> list[str]:
        labels = {seat_label(w): w for w in self.words}
        return [labels[selected(m)] for m in self.seat_menus]

    def read_options(self) -> dict:
        """The options as typed; raises ``ValueError`` naming the option that is wrong."""
        out = {}
        for name, (widget, default) in self.option_widgets.items():
            if isinstance(default, list):  # a choice (:meth:`choices`)
                chosen = selected(widget)
                out[name] = next(v for v, label in default if label == chosen)
                continue
            text = selected(widget) if isinstance(default, bool) else widget.get_text()
            try:
                out[name] = parse_option(text, default)
            except ValueError:
                raise ValueError(
                    _("Option {name} must be a whole number.").format(name=option_label(name))
                ) from None
            if (self.game_id, name) in SEAT_OPTIONS and out[name] is not None:
                out[name] -= 1  # seat 1 is the engine's seat 0
        return out

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element == getattr(
            self, "game_menu", None
        ):
            game_id = self.game_names[selected(self.game_menu)]
            self.app.go("newgame", game_id=game_id, lan=self.lan)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in getattr(
            self, "seat_menus", []
        ):
            self.keep_typed()  # a seat became (or stopped being) a local player: its name
            self.seats = self.read_seats()
            self.build()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.add:
                self.keep_typed()
                self.seats = self.read_seats() + ["bot:normal"]
                self.build()
            elif event.ui_element == self.remove:
                self.keep_typed()
                self.seats = self.read_seats()[:-1]
                self.build()
            elif event.ui_element == self.more:
                self.keep_typed()
                self.advanced = not self.advanced
                self.build()
            elif event.ui_element == self.back:
                self.app.go("menu")
            elif event.ui_element == self.start:
                self.start_game()
        elif event.type in pads.INPUT or event.type == pygame.CONTROLLERDEVICEREMOVED:
            self.pad_input(event)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go("menu")
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()

    def pad_input(self, event) -> None:
        """A pad (:mod:`client.pads`): A takes a local player's seat (again: the next
        one), B gives it up, Start starts; a pad pulled out leaves its seat."""
        said = self.app.pads.word(event)
        word = said[1] if said else None
        if word == "start":
            self.start_game()
            return
        if word not in ("a", "b") and event.type != pygame.CONTROLLERDEVICEREMOVED:
            return  # a release, a small move, another button
        self.keep_typed()
        self.seats = self.read_seats()
        if word == "a":
            local = [i for i, s in enumerate(self.seats) if s == "human"]
            pads.take_seat(self.app.pads, said[0], local)
        elif word == "b":
            pads.leave_seat(self.app.pads, said[0])
        self.build()

    def start_game(self) -> None:
        from client.launch import start_table
        from engine.core import RuleError

        seats = self.read_seats()
        try:
            options = self.read_options()
            seed_text = (self.seed.get_text() if self.seed is not None else "").strip()
            seed = int(seed_text) if seed_text else None
        except ValueError as exc:
            self.error = (
                str(exc)
                if name_in(exc, [option_label(n) for n in self.option_widgets])
                else _("The seed must be a whole number.")
            )
            return
        try:
            if self.lan:
                from client.launch import host_table

                try:
                    turn = self.read_turn_seconds()
                except ValueError as exc:
                    self.error = str(exc)
                    return
                host_table(
                    self.app,
                    self.game_id,
                    seats,
                    seed,
                    options,
                    self.table_name.get_text().strip() or "Tapete",
                    turn_seconds=turn,
                )
            else:
                start_table(self.app, self.game_id, seats, seed, options, self.read_names(seats))
        except (RuleError, ValueError) as exc:
            self.error = getattr(exc, "message", None) or str(exc)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT)
        title = assets.fit(
            _("Host a LAN table") if self.lan else _("New game"),
            round((44 if h >= 640 else 32) * min(1.2, self.ui_scale)),
            w - 40,
            assets.GOLD,
            True,
        )
        surface.blit(title, title.get_rect(center=(w // 2, 50 if h >= 640 else 36)))
        hint = assets.fit(
            self.couch_hint(),
            self.fpx(16 if h >= 640 else 14),
            w - 20,
            assets.WHITE,
        )
        surface.blit(hint, hint.get_rect(center=(w // 2, h - 16 if h >= 640 else h - 11)))
        size = self.help_px(self.lay["beside"])
        for rect, text in self.help_rows:
            if text and rect.w > 60:
                most = max(2, min(3, (rect.h - 4) // (size + 2)))  # (the bots' line: 3)
                lines, px = assets.fit_lines(text, size, rect.w, most, False)
                y = rect.centery - len(lines) * (px + 2) // 2
                for line in lines:
                    img = assets.text(line, px, (215, 230, 220))
                    surface.blit(img, (rect.x, y))
                    y += px + 2
        for rect, name in self.pad_tags:  # each pad beside the seat it plays
            pygame.draw.rect(surface, assets.GOLD, rect, border_radius=8)
            img = assets.fit(name, self.fpx(14), rect.w - 12, assets.INK, True)
            surface.blit(img, img.get_rect(center=rect.center))
        if self.app.pads.pads and not self.error:  # what a pad does here, between the buttons
            text = _("Pads: A takes a seat (again: the next), B leaves it")
            lines, px = assets.fit_lines(text, self.fpx(14), self.error_rect.w, 2, False)
            if lines[-1].endswith("…"):  # a long translation in a small window
                lines, px = assets.fit_lines(text, self.fpx(14), self.error_rect.w, 3, False)
            y = self.error_rect.centery - len(lines) * (px + 2) // 2
            for line in lines:
                img = assets.text(line, px, assets.WHITE)
                surface.blit(img, img.get_rect(midtop=(self.error_rect.centerx, y)))
                y += px + 2
        if self.error:  # between Back and Start, in at most two lines
            rect = self.error_rect
            lines, px = assets.fit_lines(self.error, self.fpx(16), rect.w, 2, True)
            y = rect.centery - len(lines) * (px + 2) // 2
            for line in lines:
                img = assets.text(line, px, (255, 150, 140), True)
                surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
                y += px + 2


def name_in(exc: Exception, names) -> bool:
    """Whether the message of ``exc`` names one of ``names`` (an option error)."""
    return any(n in str(exc) for n in names)
