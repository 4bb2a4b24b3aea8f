"""Where the New game / Host form puts its fields (issue 33: forms that keep the fields
under the pointer where they are).

The geometry depends only on the window, the player's text size, the language and
whether the form hosts a LAN table — never on the game chosen or on how many seats it
has — so that:

* changing the game moves no field (the Game drop-down stays under the pointer, the
  seat rows stay where they were);
* adding or removing a seat moves no field: the "+ seat" / "− seat" buttons head the
  seat list (a second click on "+ seat" adds a second seat), the seats grow down into
  room kept for the largest table of any game, and nothing stands under them;
* every drop-down is as wide as its longest choice in this language (no "Sequence
  Number▾" at 150 %), every label as its longest word.

Two columns (the seats on the left; the game, its options, the LAN table's name and
clock and "Advanced" on the right, each option's help line under its box), or, when
the window is tall and wide enough, one column with the help lines beside the boxes:
the game and its options (rows kept for the game with the most), "Advanced", then the
seats."""

from __future__ import annotations

from client import assets
from client.help import option_label
from client.i18n import _
from client.scenes.newgame_options import seat_label
from client.tables import tables_available
from engine import get_game

#: A drop-down's arrow button and its text's margins (pixels).
ARROW = 20 + 16


def max_seats() -> int:
    """The largest table of any game (the seat list keeps room for it)."""
    return max(get_game(g).max_players for g in tables_available())


def max_options() -> int:
    """The most options any game has (one column keeps a row for each)."""
    return max(len(get_game(g).default_options) for g in tables_available())


def choice_words(game_id: str, name: str, seats: int) -> list[str]:
    """Every text the box of option ``name`` may show (for its width)."""
    if (game_id, name) == ("the-game", "start"):
        return [_("Random")] + [_("Seat {n}").format(n=i + 1) for i in range(seats)]
    if (game_id, name) == ("sequence-numbers", "teams"):
        return [_("As the seats allow"), _("2 teams"), _("3 teams")]
    return [_("Off"), _("On")]


def needs(lan: bool, fs: int, words) -> dict:
    """The widths (pixels) the words need at font size ``fs`` in this language, over
    every game: ``seat_label``, ``seat_menu`` (a seat's drop-down), ``label`` (an
    option's) and ``box`` (the Game drop-down and every option's choices)."""
    games = tables_available()
    most = max_seats()
    m = lambda texts: max(assets.measure(t, fs) for t in texts)  # noqa: E731
    from client.scenes.newgame_options import CHOICE_OPTIONS

    labels = [_("Game"), _("Seed")] + ([_("Table name"), _("Turn clock")] if lan else [])
    labels += [option_label(n) for g in games for n in get_game(g).default_options]
    boxes = [get_game(g).name for g in games] + [_("Off"), _("On")]
    for g, name in sorted(CHOICE_OPTIONS):
        boxes += choice_words(g, name, most)
    return {
        "seat_label": m([_("Seat {n}").format(n=most), _("Seats")]) + 12,
        "seat_menu": max(m([seat_label(w) for w in words]) + ARROW, m([_("+ seat")]) * 2 + 50),
        "label": m(labels) + 12,
        "box": m(boxes) + ARROW,
    }


def help_lines(scene, game_id: str, width: int, px: int) -> int:
    """How many help lines the options' column of ``game_id`` draws at ``width``."""
    from client.scenes.newgame_options import option_help

    texts = [option_help(game_id, n) for n in get_game(game_id).default_options]
    texts.append(_("The same seed deals the same cards. Blank: random."))
    if scene.lan:
        texts += [_("seconds a turn (0 = no clock)")]
    return sum(len(assets.fit_lines(t, px, width, 2, False)[0]) for t in texts if t)


def bots_lines(px: int, width: int) -> int:
    """The lines the bot levels' line takes at ``px`` in ``width`` (2, or 3 when two
    would cut a long language in a narrow column)."""
    from client.scenes.newgame_options import bots_help

    texts = (bots_help(), bots_help("the-game"))
    cut = any(assets.fit_lines(t, px, width, 2, False)[0][-1].endswith("…") for t in texts)
    return 3 if cut else 2


def form_layout(scene) -> dict:
    """The form's geometry in this window (pixels) — see the module's docstring.

    Keys: ``top``/``bottom`` of the rows, ``buttons`` (Back and Start's top) and ``bh``
    (their height), ``r`` (a widget's height), ``step`` (a seat row), ``ostep`` (an
    option row in one column; in two, a box without its help lines), ``beside`` (one
    column, the help lines beside the boxes), the seats' column ``seats`` (x, width),
    ``label_w`` (a seat's label), ``menu_x``/``menu_w`` (its drop-down), ``name_w`` (a
    local player's name box, 0 at a LAN table), ``seat_top`` (the "+ seat" row),
    ``bots_h`` (the bot levels' line under it), the options' column ``rest`` (x,
    width), ``box_x``/``box_w`` (an option's box)."""
    w, h = scene.app.size
    fpx = scene.fpx
    small = h < 640
    top = 100 if not small else 56
    bh = fpx(46 if not small else 40, 40)  # Back and Start, the hint under them
    buttons = h - bh - (34 if not small else 22) - (fpx(16) - 16)
    bottom = buttons - (8 if not small else 6)
    fs = fpx(18)
    need = needs(scene.lan, fs, scene.words)
    # A widget's least height: a drop-down's inner button (6 px smaller) holds a line
    # of its words but the last pixel of the line's gap (no ink is clipped).
    floor = assets.font(fs).get_height() + 5
    tall = fpx(38)  # a row, with the player's text size
    most = max_seats()
    name_w = 0 if scene.lan else fpx(110)
    base = {"top": top, "bottom": bottom, "buttons": buttons, "bh": bh, "name_w": name_w}

    # One column: the rows of the game with the most options, "Advanced" (the seed
    # beside it), the "+ seat" row, the bots' line and the largest table's seats.
    hp = scene.help_px(True)
    bots_one = 2 * (hp + 2) + 4
    rows = 1 + max_options() + (2 if scene.lan else 0) + 1 + 1 + most
    one = (bottom - top - bots_one - 8) // rows
    label_w = max(need["label"], need["seat_label"])
    box_w = max(450 - 10 - min(max(150, label_w), 220), need["box"], need["seat_menu"])
    col = label_w + 10 + box_w
    x = max(16, min(w // 2 - 300, w - 20 - col - 10 - 300))
    if one >= max(fpx(32), floor + 4) and x + col + 10 + 300 <= w - 20 and w >= 760:
        step = min(tall, one)
        seat_top = top + (1 + max_options() + (2 if scene.lan else 0) + 1) * step + 8
        return base | {
            "r": step - 4,
            "step": step,
            "ostep": step,
            "beside": True,
            "seats": (x, col + (10 + name_w if name_w else 0)),
            "rest": (x, col),
            "label_w": label_w,
            "menu_x": x + label_w + 10,
            "menu_w": box_w,
            "box_x": x + label_w + 10,
            "box_w": box_w,
            "seat_top": seat_top,
            "bots_h": bots_one,
        }

    # Two columns: the seats on the left, the game and its options on the right.
    margin, gap = 16, 24
    left_need = need["seat_label"] + 10 + need["seat_menu"] + (10 + name_w if name_w else 0)
    right_need = need["label"] + 10 + need["box"]
    # At most 1220 px wide, or what the words need (a large text size in a wide window).
    room = min(w - 2 * margin, max(1220, left_need + right_need + gap + 60)) - gap
    short = left_need + right_need - room
    if short > 0 and name_w:  # first the name boxes give up room (their words scroll)
        give = min(short, name_w - fpx(70))
        name_w, left_need, short = name_w - give, left_need - give, short - give
    if short > 0:  # then the boxes, in proportion (the labels stay whole)
        cut = short * need["seat_menu"] // (need["seat_menu"] + need["box"])
        left, right = left_need - cut, right_need - (short - cut)
    else:  # the room left over: mostly to the seats (their names), at most 640
        left = min(max(640, left_need), left_need + short * -55 // 100)
        right = room - left
    x = (w - (left + gap + right)) // 2
    ox = x + left + gap
    hp = scene.help_px(False)
    bots_two = bots_lines(hp, left) * (hp + 2) + 4
    # The right column: each game's boxes and help lines; the fullest sets the rows.
    box_x = ox + min(need["label"] + 10, right * 55 // 100)
    fullest = 0
    for g in tables_available():
        boxes = 1 + len(get_game(g).default_options) + (2 if scene.lan else 0) + 2
        helps = help_lines(scene, g, right, hp)
        fullest = max(fullest, (bottom - top - helps * (hp + 2) - 4 * boxes) // boxes)
    seat_step = (bottom - top - bots_two) // (most + 1)
    step = max(floor + 4, min(tall, seat_step, fullest + 1))
    name_w = min(name_w, max(0, left - need["seat_label"] - 20 - need["seat_menu"] // 2))
    menu_w = left - need["seat_label"] - 10 - (name_w + 10 if name_w else 0)
    return base | {
        "r": step - 4,
        "step": step,
        "ostep": step - 1,
        "beside": False,
        "seats": (x, left),
        "rest": (ox, right),
        "label_w": need["seat_label"],
        "menu_x": x + need["seat_label"] + 10,
        "menu_w": menu_w,
        "name_w": name_w,
        "box_x": box_x,
        "box_w": ox + right - box_x,
        "seat_top": top,
        "bots_h": bots_two,
    }
