"""The new-game form's words and option helpers: the seat words and their drop-down
labels, what each bot level is like, a help line per game option, which options are
seat numbers or few-valued choices, and how a typed option is read
(:mod:`client.scenes.newgame` uses them and re-exports them)."""

from __future__ import annotations

from client.i18n import _

SEAT_WORDS = ("human", "phone", "bot:easy", "bot:normal", "bot:hard")
#: A LAN table's seats: no phone seats (a LAN player's phone takes an open seat).
LAN_SEAT_WORDS = ("open",) + tuple(w for w in SEAT_WORDS if w != "phone")


def seat_label(word: str) -> str:
    """The drop-down text of a seat word, in the current language."""
    return {
        "open": _("Open (LAN player)"),
        "human": _("You / local player"),
        "phone": _("Player on a phone"),
        "bot:easy": _("Bot (easy)"),
        "bot:normal": _("Bot (normal)"),
        "bot:hard": _("Bot (hard)"),
    }[word]


def bots_help(game_id: str | None = None) -> str:
    """What each bot level is like, for a form with a bot seat (the rules help, F1 at
    the table, says how each plays a game). In The Game the bots are the player's
    partners, so the levels read the other way round (issue 34)."""
    if game_id == "the-game":
        return _(
            "Bots are your partners here — easy partners make the game harder; "
            "hard partners plan with you and win more often."
        )
    return _(
        "Bots — easy: gentle, for learning; normal: plays sensibly; "
        "hard: thinks ahead and wins more often."
    )


def option_help(game_id: str, name: str) -> str:
    """One line on what option ``name`` of ``game_id`` does (and what a blank box
    means), from the game's rules page; "" for an option not listed here."""
    lines = {
        ("take5", "threshold"): _("The game ends once a total passes this many bullheads."),
        ("take5", "rounds"): _("Play this many rounds instead. Blank: play to the limit."),
        ("take5", "tactical"): _(
            "Only cards 1 to 10 × players + 4, all dealt: every hand can be worked out."
        ),
        ("the-game", "expert"): _("At least 3 cards a turn while the draw pile lasts."),
        ("the-game", "smaller_hands"): _("With Expert: every hand one card smaller."),
        ("the-game", "start"): _("The seat that plays first, or a random player."),
        ("teamplay", "end_at"): _(
            "Completed missions that announce the end. Blank: 8 for a team, 5 alone."
        ),
        ("sequence-numbers", "teams"): _(
            "6 players: 2 teams of 3 or 3 teams of 2; 4 players: 2 teams of 2."
        ),
        ("sequence-numbers", "reshuffles"): _(
            "A draw after this many reshuffles of the discards. Blank: never."
        ),
        ("guandan", "deals"): _(
            "End after this many deals; the higher level wins. Blank: until a win at A."
        ),
        ("guandan", "start_level"): _("Both teams' first level (2 to 14; A is 14)."),
        ("guandan", "three_failures"): _(
            "A team that fails 3 deals at its own level A drops back to level 2."
        ),
    }
    return lines.get((game_id, name), "")


#: Options shown to people from 1 (the engine counts seats from 0).
SEAT_OPTIONS = {("the-game", "start")}
#: Options with few values: a drop-down of them, not a number box
#: (:meth:`client.scenes.newgame.NewGameScene.choices`).
CHOICE_OPTIONS = {("the-game", "start"), ("sequence-numbers", "teams")}


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
