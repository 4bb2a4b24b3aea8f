"""New game: the game, the seats (you, more local players, bots with level), the
game's options (read from the engine's ``default_options``) and an optional seed."""

from __future__ import annotations

import pygame
import pygame_gui

from client import assets
from client.help import option_label
from client.i18n import _
from client.scene import Scene
from client.tables import tables_available
from engine import get_game

SEAT_WORDS = ("human", "bot:easy", "bot:normal", "bot:hard")
LAN_SEAT_WORDS = ("open",) + SEAT_WORDS


def seat_label(word: str) -> str:
    """The drop-down text of a seat word, in the current language."""
    return {
        "open": _("Open (LAN player)"),
        "human": _("You / local player"),
        "bot:easy": _("Bot (easy)"),
        "bot:normal": _("Bot (normal)"),
        "bot:hard": _("Bot (hard)"),
    }[word]


def selected(menu) -> str:
    """The text of a pygame_gui drop-down's selection (a str or an (text, id) tuple)."""
    opt = menu.selected_option
    return opt[0] if isinstance(opt, tuple) else opt


def parse_option(text: str, default):
    """Read an option typed by a player, by the type of its ``default``.

    Returns the value; raises ``ValueError`` with a message naming the expected form."""
    text = text.strip()
    if isinstance(default, bool):
        return text == _("On")
    if isinstance(default, int):
        return int(text)
    if default is None:
        return int(text) if text else None
    return text


class NewGameScene(Scene):
    """Seat list of drop-downs, the game's options and a seed; Start creates the table."""

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

    def idle(self) -> bool:
        return True  # widgets change on input only

    def enter(self) -> None:
        self.build()

    def build(self) -> None:
        ui = self.app.ui
        ui.clear_and_reset()
        w, _h = self.app.size
        x = w // 2 - 300
        game = get_game(self.game_id)
        names = {get_game(g).name: g for g in tables_available()}
        pygame_gui.elements.UILabel(pygame.Rect(x, 100, 140, 36), _("Game"), ui)
        self.game_menu = pygame_gui.elements.UIDropDownMenu(
            list(names), game.name, pygame.Rect(x + 150, 100, 300, 36), ui
        )
        self.game_names = names
        self.seat_menus = []
        y = 150
        for i, seat in enumerate(self.seats):
            pygame_gui.elements.UILabel(
                pygame.Rect(x, y, 140, 30), _("Seat {n}").format(n=i + 1), ui
            )
            menu = pygame_gui.elements.UIDropDownMenu(
                [seat_label(w) for w in self.words],
                seat_label(seat),
                pygame.Rect(x + 150, y, 300, 30),
                ui,
            )
            self.seat_menus.append(menu)
            y += 34
        self.add = pygame_gui.elements.UIButton(pygame.Rect(x + 470, 150, 130, 32), _("+ seat"), ui)
        self.remove = pygame_gui.elements.UIButton(
            pygame.Rect(x + 470, 186, 130, 32), _("− seat"), ui
        )
        if len(self.seats) >= game.max_players:
            self.add.disable()
        if len(self.seats) <= game.min_players:
            self.remove.disable()
        y = max(y + 10, 300)
        self.option_widgets = {}
        for name, default in game.default_options.items():
            pygame_gui.elements.UILabel(pygame.Rect(x, y, 140, 30), option_label(name), ui)
            rect = pygame.Rect(x + 150, y, 300, 30)
            if isinstance(default, bool):
                widget = pygame_gui.elements.UIDropDownMenu(
                    [_("Off"), _("On")], _("On") if default else _("Off"), rect, ui
                )
            elif isinstance(default, (int, str)) or default is None:
                widget = pygame_gui.elements.UITextEntryLine(rect, ui)
                widget.set_text("" if default is None else str(default))
            else:
                continue
            self.option_widgets[name] = (widget, default)
            y += 34
        y = max(y + 6, 430)
        pygame_gui.elements.UILabel(pygame.Rect(x, y, 140, 30), _("Seed"), ui)
        self.seed = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + 150, y, 200, 30), ui)
        pygame_gui.elements.UILabel(pygame.Rect(x + 360, y, 240, 30), _("(empty = random)"), ui)
        self.table_name = None
        if self.lan:
            y += 34
            pygame_gui.elements.UILabel(pygame.Rect(x, y, 140, 30), _("Table name"), ui)
            self.table_name = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x + 150, y, 300, 30), ui
            )
            self.table_name.set_text(_("{name}'s table").format(name=self.app.settings.name))
        y += 50
        self.back = pygame_gui.elements.UIButton(pygame.Rect(x, y, 200, 50), _("Back"), ui)
        self.start = pygame_gui.elements.UIButton(
            pygame.Rect(x + 400, y, 200, 50), _("Start"), ui, object_id="@big"
        )

    def read_seats(self) -> list[str]:
        labels = {seat_label(w): w for w in self.words}
        return [labels[selected(m)] for m in self.seat_menus]

    def read_options(self) -> dict:
        """The options as typed; raises ``ValueError`` naming the option that is wrong."""
        out = {}
        for name, (widget, default) in self.option_widgets.items():
            text = selected(widget) if isinstance(default, bool) else widget.get_text()
            try:
                out[name] = parse_option(text, default)
            except ValueError:
                raise ValueError(
                    _("Option {name} must be a whole number.").format(name=option_label(name))
                ) from None
        return out

    def handle_event(self, event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element == getattr(
            self, "game_menu", None
        ):
            game_id = self.game_names[selected(self.game_menu)]
            self.app.go("newgame", game_id=game_id, lan=self.lan)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element == self.add:
                self.seats = self.read_seats() + ["bot:normal"]
                self.build()
            elif event.ui_element == self.remove:
                self.seats = self.read_seats()[:-1]
                self.build()
            elif event.ui_element == self.back:
                self.app.go("menu")
            elif event.ui_element == self.start:
                self.start_game()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.go("menu")
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start_game()

    def start_game(self) -> None:
        from client.launch import start_table
        from engine.core import RuleError

        seats = self.read_seats()
        try:
            options = self.read_options()
            seed_text = self.seed.get_text().strip()
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

                host_table(
                    self.app,
                    self.game_id,
                    seats,
                    seed,
                    options,
                    self.table_name.get_text().strip() or "Tapete",
                )
            else:
                start_table(self.app, self.game_id, seats, seed, options)
        except (RuleError, ValueError) as exc:
            self.error = getattr(exc, "message", None) or str(exc)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT)
        title = assets.text(
            _("Host a LAN table") if self.lan else _("New game"), 44, assets.GOLD, True
        )
        surface.blit(title, title.get_rect(center=(w // 2, 50)))
        hint = assets.text(
            _(
                "Two or more “You / local player” seats make a couch game: "
                "a privacy screen hands the screen over."
            ),
            16,
            assets.WHITE,
        )
        surface.blit(hint, hint.get_rect(center=(w // 2, h - 30)))
        if self.error:
            img = assets.text(self.error, 18, (255, 150, 140), True)
            surface.blit(img, img.get_rect(center=(w // 2, h - 60)))


def name_in(exc: Exception, names) -> bool:
    """Whether the message of ``exc`` names one of ``names`` (an option error)."""
    return any(n in str(exc) for n in names)
