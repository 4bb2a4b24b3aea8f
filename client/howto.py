"""The first evening: each game's picture, player counts, one-line description and a few
illustrated "How to play" steps, and the settings that remember what a player has seen.

* :func:`picture` — the menu's picture of a game, drawn at start-up from the game's own
  card faces (``client.tables.<game>.faces``; no image files).
* :func:`player_counts` / :func:`players_text` — the counts the engine's rules accept
  (``Game.min_players`` … ``Game.max_players``, less any count its set-up refuses:
  Sequence Numbers refuses 5).
* :func:`step_picture` — the pictures of the illustrated steps, whose captions are the
  rules help's ``#1`` … lines (:func:`client.help.steps_text`).
* :func:`offer` — the first time a player starts a game in this window, the table opens
  its rules help (the steps first) by itself; ``Settings.howto_seen`` remembers it, so
  it is offered once per game. :func:`remember` keeps ``Settings.last_game`` (what Quick
  game deals).
"""

from __future__ import annotations

import importlib
from functools import lru_cache

import pygame

from client import assets, cards

#: The games in the menu's order.
GAMES = ("take5", "the-game", "teamplay", "sequence-numbers", "guandan")
#: Each game's card faces (its table's ``faces`` module), imported when first drawn —
#: by name, like :data:`client.tables.TABLES`, since a table's package also holds its
#: scene, whose rules help draws these pictures.
FACES = {
    "take5": "client.tables.take5.faces",
    "the-game": "client.tables.the_game.faces",
    "teamplay": "client.tables.teamplay.faces",
    "sequence-numbers": "client.tables.sequence_numbers.faces",
    "guandan": "client.tables.guandan.faces",
}

ARROW = (250, 236, 170)


# --------------------------------------------------------------------------- facts
@lru_cache(maxsize=8)
def player_counts(game_id: str) -> tuple[int, ...]:
    """The player counts ``game_id``'s rules accept: ``Game.min_players`` to
    ``Game.max_players``, less any count its own set-up refuses (a throw-away deal at
    seed 0 checks each). ``KeyError`` for an unknown game."""
    from engine import get_game
    from engine.core import RuleError

    game = get_game(game_id)
    counts = []
    for n in range(game.min_players, game.max_players + 1):
        try:
            game.setup(n, 0, {})
        except RuleError:
            continue
        counts.append(n)
    return tuple(counts)


def counts_text(counts: tuple[int, ...]) -> str:
    """``(2, …, 10)`` → "2–10", ``(2, 3, 4, 6)`` → "2–4, 6", ``(4,)`` → "4": runs of
    consecutive counts joined with an en dash."""
    runs: list[list[int]] = []
    for n in counts:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs)


def players_text(game_id: str) -> str:
    """ "2–10 players", in the current language."""
    from client.i18n import _

    return _("{counts} players").format(counts=counts_text(player_counts(game_id)))


def game_name(game_id: str) -> str:
    """The game's name as its engine gives it (game names are not translated)."""
    from engine import get_game

    return get_game(game_id).name


# --------------------------------------------------------------------------- settings
def remember(app, game_id: str) -> None:
    """Keep ``game_id`` as the last game started (``Settings.last_game``, what Quick
    game deals next) and save the settings (an unwritable file is ignored)."""
    if app.settings.last_game != game_id:
        app.settings.last_game = game_id
        _save(app)


def last_game(app) -> str:
    """The game Quick game deals: the last one started, or Take 5 before any."""
    game = app.settings.last_game
    return game if game in GAMES else GAMES[0]


def offer(app, table) -> bool:
    """The first time this player starts ``table``'s game, open the table's rules help
    (the illustrated steps first) and remember it in ``Settings.howto_seen`` (saved at
    once). Returns whether it was offered. Not for a window that plays by itself
    (``--autoquit``), nor for a table for the room (phone seats): there the screen first
    shows the phones' codes, which the help would cover (each phone has its Rules, F1
    still opens it on the screen), and the offer waits for a table of that game without
    phones."""
    game_id = table.session.game_id
    if app.autoquit or game_id in app.settings.howto_seen or table.session.room:
        return False
    app.settings.howto_seen = [*app.settings.howto_seen, game_id]
    _save(app)
    table.help_open = True
    table.help_scroll = 0
    return True


def _save(app) -> None:
    try:
        app.settings.save()
    except OSError:
        pass  # settings are a comfort: a read-only folder must not stop a game


# --------------------------------------------------------------------------- drawing
def arrow(surface: pygame.Surface, start, end, colour=ARROW, width: int = 4) -> None:
    """A straight arrow from ``start`` to ``end`` (pixels) with a solid head."""
    sx, sy = start
    ex, ey = end
    pygame.draw.line(surface, colour, (sx, sy), (ex, ey), width)
    d = pygame.Vector2(ex - sx, ey - sy)
    if d.length() == 0:
        return
    d.scale_to_length(width * 3)
    n = pygame.Vector2(-d.y, d.x) * 0.6
    tip = pygame.Vector2(ex, ey) + d * 0.5
    pygame.draw.polygon(surface, colour, [tip, tip - d * 1.4 + n, tip - d * 1.4 - n])


def frame(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The gold frame of the card a step is about."""
    pygame.draw.rect(surface, assets.GOLD, rect.inflate(6, 6), 3, border_radius=8)


class Board:
    """A picture laid out in card units: ``ch`` (card height, pixels) chosen so that a
    layout ``units_w`` card heights wide and ``units_h`` tall fits ``rect``; cards are
    placed by their top-left corner in card heights from the layout's centre."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect, units_w: float, units_h=1.0):
        self.surface = surface
        self.ch = max(20, int(min(rect.h * 0.92 / units_h, rect.w / units_w)))
        self.cw = int(self.ch * 0.7)
        self.x0 = rect.centerx - int(units_w * self.ch / 2)
        self.y0 = rect.centery - int(units_h * self.ch / 2)

    def at(self, ux: float, uy: float = 0.0, w: float = 0.7, h: float = 1.0) -> pygame.Rect:
        """The rect ``w``×``h`` card heights at (``ux``, ``uy``) in card heights."""
        return pygame.Rect(
            self.x0 + int(ux * self.ch),
            self.y0 + int(uy * self.ch),
            int(w * self.ch),
            int(h * self.ch),
        )

    def put(self, image: pygame.Surface, rect: pygame.Rect, shadow: bool = True) -> None:
        if shadow:
            self.surface.blit(cards.shadow(rect.w, rect.h), rect.move(3, 3))
        self.surface.blit(image, rect)


# Each painter draws one picture into ``rect`` of ``surface``.
def _take5(step: int, surface: pygame.Surface, rect: pygame.Rect) -> None:
    faces = importlib.import_module(FACES["take5"])

    card = lambda n, r: faces.card(n, r.w, r.h)  # noqa: E731
    if step < 0:  # the menu's: a row, its cards' bullheads in colour
        b = Board(surface, rect, 2.3)
        for i, n in enumerate((10, 22, 55)):
            r = b.at(i * 0.8)
            b.put(card(n, r), r)
    elif step == 0:  # secret choices, then shown and placed lowest first
        b = Board(surface, rect, 3.55)
        for i in range(3):
            r = b.at(i * 0.25)
            b.put(cards.card_back(r.w, r.h), r)
        a, z = b.at(1.3, 0.5, 0, 0).topleft, b.at(1.6, 0.5, 0, 0).topleft
        arrow(surface, a, z)
        for i, n in enumerate((8, 21, 47)):
            r = b.at(1.75 + i * 0.6)
            b.put(card(n, r), r)
    elif step == 1:  # closest lower row end
        b = Board(surface, rect, 2.7, 2.1)
        for row, (first, last) in enumerate(((5, 19), (12, 31))):
            for i, n in enumerate((first, last)):
                r = b.at(i * 0.6, row * 1.1)
                b.put(card(n, r), r)
        r = b.at(2.0, 1.1)
        b.put(card(34, r), r)
        frame(surface, r)
        arrow(surface, (r.x - 4, r.centery), (b.at(1.35, 1.1).x, r.centery))
    elif step == 2:  # the sixth card takes five
        b = Board(surface, rect, 3.6)
        for i, n in enumerate((3, 11, 24, 30, 38)):
            r = b.at(i * 0.46)
            b.put(card(n, r), r)
        r = b.at(2.9)
        b.put(card(45, r), r)
        frame(surface, r)
        arrow(surface, (r.x - 4, r.centery), (b.at(2.6).x, r.centery))
    else:  # too low: you choose a row and take it
        b = Board(surface, rect, 2.6)
        r = b.at(0)
        b.put(card(3, r), r)
        frame(surface, r)
        arrow(surface, (r.right + 6, r.centery), (b.at(1.1).x - 4, r.centery))
        for i, n in enumerate((15, 22, 27)):
            rr = b.at(1.2 + i * 0.35)
            b.put(card(n, rr), rr)
        take = b.at(1.15, -0.04, 1.45, 1.08)
        pygame.draw.rect(surface, assets.RED, take, 3, border_radius=8)


def _the_game(step: int, surface: pygame.Surface, rect: pygame.Rect) -> None:
    faces = importlib.import_module(FACES["the-game"])

    if step == 0:  # two piles up from 1, two down from 100
        spread = min(rect.h * 0.92, rect.w / 3.3) >= 50  # else "100" would go under 12 px
        b = Board(surface, rect, 3.3 if spread else 2.1)
        for i, up in enumerate((True, True, False, False)):
            r = b.at(i * 0.85 if spread else i * 0.2 + (i // 2) * 0.55)
            b.put(faces.marker(up, r.w, r.h), r)
    elif step in (1, 2, -1):  # higher on an up pile; or exactly 10 lower
        top, played = (45, (35,)) if step == 2 else (23, (31, 40))
        gap = 0.75 if step == 2 else 0.45  # room for "−10" over the arrow
        b = Board(surface, rect, 0.25 + 1.4 + gap + 0.8 * (len(played) - 1))
        r = b.at(0.25)
        b.put(faces.card(top, r.w, r.h), r)
        faces.arrow(surface, (b.at(0.11).x, r.centery), max(5, b.ch // 9), True, ARROW)
        x = 0.95 + gap
        for n in played:
            rr = b.at(x)
            b.put(faces.card(n, rr.w, rr.h), rr)
            frame(surface, rr)
            x += 0.8
        arrow(surface, (b.at(0.95 + gap).x - 6, r.centery), (r.right + 6, r.centery))
        if step == 2:
            img = assets.text("−10", max(assets.MIN_TEXT, b.ch // 4), ARROW, True)
            mid = (r.right + b.at(0.95 + gap).x) // 2
            surface.blit(img, img.get_rect(midbottom=(mid, r.centery - 8)))
    else:  # the pile signals
        b = Board(surface, rect, 2.4)
        for i, (n, kind) in enumerate(((40, "dont-play"), (70, "can-play-well"))):
            r = b.at(i * 1.3)
            b.put(faces.card(n, r.w, r.h), r)
            faces.signal_icon(surface, (r.right + b.ch // 5, r.y + b.ch // 5), b.ch // 6, kind)


def _teamplay(step: int, surface: pygame.Surface, rect: pygame.Rect) -> None:
    faces = importlib.import_module(FACES["teamplay"])

    def number(v: int, colour: int, r: pygame.Rect) -> pygame.Surface:
        return faces.number_card((v - 1) * 8 + colour * 4, r.w, r.h)

    if step <= 0:  # a mission and exactly its cards
        b = Board(surface, rect, 2.9)
        m = b.at(0, 0.05, 1.3, 0.9)
        b.put(faces.mission_card("P1", m.w, m.h), m)
        for i, colour in enumerate((0, 1)):
            r = b.at(1.65 + i * 0.5)
            b.put(number(5, colour, r), r)
            frame(surface, r)
        arrow(surface, (b.at(1.6).x - 4, m.centery), (m.right + 6, m.centery))
    elif step == 1:  # draw 2: from the bank or the pile
        b = Board(surface, rect, 3.4)
        for i, (v, colour) in enumerate(((2, 0), (7, 1), (4, 0))):
            r = b.at(i * 0.8)
            b.put(number(v, colour, r), r)
        r = b.at(2.6)
        b.put(cards.card_back(r.w, r.h), r)
        frame(surface, b.at(0.8))
    elif step == 2:  # a gift to the partner, face down
        b = Board(surface, rect, 2.6)
        for i in range(2):
            r = b.at(i * 0.3)
            b.put(cards.card_back(r.w, r.h), r)
        arrow(surface, (b.at(1.1).x, r.centery), (b.at(1.75).x, r.centery))
        _person(surface, b.at(2.05, 0.1, 0.5, 0.8), assets.GOLD)
    else:  # the 8th mission ends the game (after one more turn)
        b = Board(surface, rect, 2.6)
        for i in range(3):
            m = b.at(i * 0.25, 0.05 + i * 0.04, 1.2, 0.85)
            b.put(faces.mission_card(("P1", "R6", "T1")[i], m.w, m.h), m)
        centre = b.at(2.2, 0.5, 0, 0).topleft
        cards.star(surface, centre, b.ch * 0.4, assets.GOLD)
        img = assets.text("8", max(assets.MIN_TEXT, b.ch // 3), assets.INK, True)
        surface.blit(img, img.get_rect(center=centre))


def _person(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    """A player: a head over shoulders."""
    r = rect.w // 3
    pygame.draw.circle(surface, colour, (rect.centerx, rect.y + r), r)
    body = pygame.Rect(rect.x, rect.y + 2 * r + 4, rect.w, rect.h - 2 * r - 4)
    radius = rect.w // 2
    pygame.draw.rect(
        surface, colour, body, border_top_left_radius=radius, border_top_right_radius=radius
    )


def _sequence_numbers(step: int, surface: pygame.Surface, rect: pygame.Rect) -> None:
    faces = importlib.import_module(FACES["sequence-numbers"])

    if step <= 0:  # a card, its answer covered
        b = Board(surface, rect, 2.2)
        r = b.at(0)
        b.put(faces.card("3+4", r.w, r.h), r)
        frame(surface, r)
        cell = b.at(1.3, 0.1, 0.8, 0.8)
        surface.blit(faces.space(7, cell.w, True), cell)
        chip_r = faces.chip_radius(cell.w)
        surface.blit(
            faces.chip(0, chip_r), faces.chip(0, chip_r).get_rect(center=faces.chip_center(cell))
        )
        arrow(surface, (r.right + 6, r.centery), (cell.x - 6, r.centery))
    elif step == 1:  # Plus and Minus
        b = Board(surface, rect, 1.7)
        for i, face in enumerate(("plus", "minus")):
            r = b.at(i * 0.95)
            b.put(faces.card(face, r.w, r.h), r)
    else:  # five in a line
        b = Board(surface, rect, 3.3, 0.7)
        size = int(b.ch * 0.64)
        chip_r = faces.chip_radius(size)
        for i, n in enumerate((12, 25, 31, 9, 44)):
            cell = pygame.Rect(b.x0 + i * (size + 2), b.y0, size, size)
            surface.blit(faces.space(n, size, True), cell)
            img = faces.chip(0, chip_r, True)
            surface.blit(img, img.get_rect(center=faces.chip_center(cell)))


def _guandan(step: int, surface: pygame.Surface, rect: pygame.Rect) -> None:
    faces = importlib.import_module(FACES["guandan"])

    def card(rank: int, suit: int) -> int:
        return (rank - 2) * 4 + suit

    level = 2
    if step == 0:  # beat a pair with a higher pair
        b = Board(surface, rect, 2.75)
        for group, (rank, x) in enumerate(((7, 0.0), (9, 1.63))):
            for i, suit in enumerate((0, 2) if group == 0 else (3, 0)):
                r = b.at(x + i * 0.42)
                b.put(faces.face(card(rank, suit), level, r.w, r.h), r)
                if group:
                    frame(surface, r)
        arrow(surface, (b.at(1.58).x - 4, b.at(0).centery), (b.at(1.17).x, b.at(0).centery))
    elif step == 1:  # a bomb: four of a rank
        b = Board(surface, rect, 1.9)
        for i, suit in enumerate((0, 1, 2, 3)):
            r = b.at(i * 0.4)
            b.put(faces.face(card(8, suit), level, r.w, r.h), r)
    else:  # the ♥ cards of the level rank are wild (and the menu's picture)
        b = Board(surface, rect, 2.4)
        r = b.at(0)
        b.put(faces.face(card(level, 0), level, r.w, r.h), r)
        r = b.at(0.85)
        b.put(faces.face(card(level, 1), level, r.w, r.h), r)
        frame(surface, r)
        r = b.at(1.7)
        b.put(faces.face(53, level, r.w, r.h), r)


PAINTERS = {
    "take5": _take5,
    "the-game": _the_game,
    "teamplay": _teamplay,
    "sequence-numbers": _sequence_numbers,
    "guandan": _guandan,
}


@assets.cached(64, words=True)
def step_picture(game_id: str, step: int, w: int, h: int) -> pygame.Surface:
    """The picture of step ``step`` (0-based; -1: the menu's picture) of ``game_id``'s How
    to play, ``w``×``h`` pixels on a dark felt card; drawn from the game's own card
    faces, whose numbers stay at 12 px or more down to the menu's smallest pictures
    (about 100×45 pixels)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, assets.FELT_DARK, surf.get_rect(), border_radius=10)
    PAINTERS[game_id](step, surf, surf.get_rect().inflate(-16, -14))
    return surf.convert_alpha()


def picture(game_id: str, w: int, h: int) -> pygame.Surface:
    """The menu's picture of ``game_id`` (``w``×``h`` pixels; compact: few cards)."""
    return step_picture(game_id, -1, w, h)
