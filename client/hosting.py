"""LAN tables this window still hosts after leaving them (issue 16, "Safe keys").

The player who hosts a LAN table from the window may leave it with "hand my seats to
bots": the host process (:mod:`client.hostproc`) turns this screen's seats into
``normal`` stand-in bots (:meth:`net.host.Table.hand_over`; the others hear "Ana left;
a bot plays their seat"), keeps serving the LAN (still advertised) and lives on while the
window goes back to the menu. This module keeps those *background tables*:

* :func:`keep` hands a session's seats over and keeps its host process;
* :func:`pump` reads what each process says (the players at it; its end) — the App
  calls it every frame; a table whose game ended stops on its own
  (:data:`client.hostchild.END_LINGER` seconds after the end, its log closed) and is
  forgotten;
* :func:`draw_background_tables` / :func:`handle_background_event`: the menu's line —
  "Still hosting 'Ana's table' — 3 players", with **Take my seat back** (the window
  rejoins its seats with their tokens; the stand-ins stop) and **Stop** (the table
  closes for everyone: each guest is told ``host-closed``); several tables take turns
  in the one line (**1/2 ›**);
* :class:`QuitConfirm`: quitting the window while a table is hosted in the background
  asks first, since quitting closes it (the host processes end with the window, however
  it ends: :mod:`client.hostproc`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from client import assets
from client.i18n import _, ngettext
from client.tables.leave import point

#: Seconds a background table's process stays after its game ended (None: the child's
#: own :data:`client.hostchild.END_LINGER`; tests make it short).
LINGER: float | None = None


@dataclass(eq=False)
class BackgroundTable:
    """One LAN table hosted in the background: its host process ``proc``
    (:class:`client.hostproc.HostProcess`), the ``name`` it is advertised under, the
    ``session`` it was left from (closed; kept for its game, seats, names and seat
    tokens, to take the seats back), ``players`` (people connected now), ``over`` (its
    game ended; it stops soon)."""

    proc: object
    session: object
    name: str
    players: int = 0
    over: bool = False
    buttons: dict = field(default_factory=dict)  # "back"/"stop"/"next" → Rect (last drawn)


#: The tables hosted in the background, oldest first.
TABLES: list[BackgroundTable] = []


def keep(session, linger: float | None = None, wake=None) -> BackgroundTable:
    """Leave ``session`` (a :class:`client.session.TableSession` of a LAN table this
    window hosts, game on) with its seats handed to bots and keep its host process in
    the background. ``linger``: seconds the process stays after the game's end
    (default :data:`client.hostchild.END_LINGER`); ``wake``: called (on any thread)
    when the process says something. Raises ``ValueError`` for a session that hosts no
    LAN table."""
    if not getattr(session, "hosts_lan", False):
        raise ValueError("only a LAN table this window hosts can go on in the background")
    from client.tables.leave import guests

    players = guests(session)  # until the host process says
    proc = session.hand_over(LINGER if linger is None else linger)
    bg = BackgroundTable(proc, session, session.name or _("LAN table"), players)
    proc.on_event = wake
    TABLES.append(bg)
    return bg


def live() -> list[BackgroundTable]:
    """The background tables whose process still runs."""
    pump()
    return list(TABLES)


def playing() -> list[BackgroundTable]:
    """The background tables whose game is still on (quitting would close them)."""
    return [bg for bg in live() if not bg.over]


def pump() -> bool:
    """Read what each background host process said: its players, its game's end, its
    own end (then it is forgotten: the child closed its log and exited). Returns whether
    anything changed. Never blocks."""
    changed = False
    for bg in list(TABLES):
        for event in bg.proc.poll():
            changed = True
            if "status" in event:
                bg.players = int(event["status"].get("players", bg.players))
                bg.over = bool(event["status"].get("over"))
            elif event.get("ended") or event.get("eof"):
                bg.over = True
                if event.get("eof"):
                    forget(bg)
                    break
        if not bg.proc.alive and bg in TABLES:
            forget(bg)
            changed = True
    return changed


def forget(bg: BackgroundTable) -> None:
    """Stop tracking ``bg`` (its process has ended, or is ended now)."""
    if bg in TABLES:
        TABLES.remove(bg)
    bg.proc.stop()


def stop(bg: BackgroundTable) -> None:
    """Close the table for everyone: its process stops (its log closed; every guest
    gets ``host-closed``)."""
    forget(bg)


def stop_all() -> None:
    """Stop every background table (the window closes)."""
    for bg in list(TABLES):
        stop(bg)


def take_back(app, bg: BackgroundTable):
    """Return to ``bg``'s table: this screen's seats come back with their tokens (the
    stand-ins stop; the others hear "… is back"), the process no longer ends on its
    own, and the window shows the table. Returns the table scene."""
    from client.session import TableSession

    old = bg.session
    session = TableSession(old.game_id, old.seats, old.seed, old.options, old.names, host=bg.proc)
    session.log_path, session.name, session.tokens = old.log_path, old.name, dict(old.tokens)
    session.serving, session.port = old.serving, old.port
    if bg in TABLES:
        TABLES.remove(bg)
    bg.proc.send({"op": "back"})
    session._connect(old.port)
    return app.go("table", session=session)


# --------------------------------------------------------------------------- the menu
def line_text(bg: BackgroundTable) -> str:
    """The words of ``bg``'s line: "Still hosting 'NAME' — N players" (or that its game
    is over and it closes soon)."""
    if bg.over:
        return _("Still hosting '{name}' — game over, closing soon").format(name=bg.name)
    players = ngettext("{n} player", "{n} players", bg.players).format(n=bg.players)
    return _("Still hosting '{name}' — {players}").format(name=bg.name, players=players)


#: Which background table the menu's line shows (several take turns: "1/2 ›").
_shown = 0


def shown() -> BackgroundTable | None:
    """The background table the menu's line shows now (None with no table)."""
    return TABLES[_shown % len(TABLES)] if TABLES else None


def draw_background_tables(app, surface: pygame.Surface, top: int | None = None) -> int:
    """Draw the menu's "still hosting" line across ``surface`` from ``top`` pixels
    (default 8): one background table's words, then **Take my seat back** and **Stop**
    — and, while several tables are hosted, a **1/2 ›** button that shows the next one
    (the line keeps to one row, whatever the number of tables). Returns the height used
    (0 with no table). The buttons answer :func:`handle_background_event`."""
    pump()
    bg = shown()
    if bg is None:
        return 0
    w, h = surface.get_size()
    k = min(w / 1280, h / 720)
    px = max(assets.MIN_TEXT, int(18 * k))
    row = max(px + 16, int(40 * k))
    width = min(w - 24, int(1000 * max(k, 0.8)))
    y = 8 if top is None else top
    words = {"back": _("Take my seat back"), "stop": _("Stop")}
    if len(TABLES) > 1:
        words["next"] = f"{TABLES.index(bg) + 1}/{len(TABLES)} ›"
    for other in TABLES:
        other.buttons = {}
    box = pygame.Rect((w - width) // 2, y, width, row)
    pygame.draw.rect(surface, assets.FELT_DARK, box, border_radius=10)
    pygame.draw.rect(surface, assets.GOLD, box, 2, 10)
    bw = {key: min(assets.font(px, True).size(t)[0] + 24, width // 4) for key, t in words.items()}
    colours = {"back": (31, 93, 67), "stop": (140, 52, 40), "next": (31, 93, 67)}
    x = box.right - 6
    for key in ("stop", "back", "next"):
        if key not in words or (key == "back" and bg.over):
            continue
        rect = pygame.Rect(x - bw[key], box.y + 5, bw[key], row - 10)
        x = rect.x - 6
        bg.buttons[key] = rect
        pygame.draw.rect(surface, colours[key], rect, 0, 8)
        pygame.draw.rect(surface, assets.WHITE, rect, 1, 8)
        img = assets.fit(words[key], px, rect.w - 10, assets.WHITE, True)
        surface.blit(img, img.get_rect(center=rect.center))
    img = assets.fit(line_text(bg), px, x - box.x - 18, assets.WHITE)
    surface.blit(img, img.get_rect(midleft=(box.x + 12, box.centery)))
    return row


def handle_background_event(app, event: pygame.event.Event) -> bool:
    """A click on the menu line's **Stop**, **Take my seat back** or **1/2 ›**: done,
    and True (the menu ignores the event); False for any other event."""
    global _shown
    if event.type not in (pygame.MOUSEBUTTONUP, pygame.MOUSEBUTTONDOWN) or event.button != 1:
        return False
    for bg in list(TABLES):
        for key, rect in bg.buttons.items():
            if rect.collidepoint(event.pos):
                if event.type == pygame.MOUSEBUTTONUP:
                    if key == "stop":
                        stop(bg)
                    elif key == "next":
                        _shown = TABLES.index(bg) + 1
                    else:
                        take_back(app, bg)
                    if hasattr(app, "wake"):
                        app.wake()
                return True
    return False


# --------------------------------------------------------------------------- quitting
QUIT, STAY = "quit", "stay"


class QuitConfirm:
    """The question quitting asks while tables hosted in the background are playing:
    "Players are still at your table: quitting closes it." — **Quit** or **Stay** (Stay
    has the focus; Esc = Stay; ←/→/Tab move; Enter/Space choose). A game that ends
    while it asks takes the question's reason away: the App then quits."""

    def __init__(self) -> None:
        self.open = False
        self.focus = STAY
        self.code = 0
        self.buttons: dict[str, pygame.Rect] = {}

    def ask(self, code: int = 0) -> None:
        self.open, self.focus, self.code = True, STAY, code

    def handle(self, event: pygame.event.Event) -> str | None:
        """One input event while open: the choice made, or None."""
        choice = None
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                choice = STAY
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = STAY if self.focus == QUIT else QUIT
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                choice = self.focus
        elif event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            choice = point(self, event)
        if choice is not None:
            self.open = False
        return choice

    def texts(self) -> tuple[str, str]:
        """The question and the line under it."""
        n = len(playing())
        line = ngettext(
            "Players are still at your table: quitting closes it.",
            "Players are still at your {n} tables: quitting closes them.",
            n,
        ).format(n=n)
        return _("Quit Tapete?"), line

    def words(self) -> dict[str, str]:
        """The two buttons' words."""
        n = len(playing())
        return {QUIT: ngettext("Quit and close it", "Quit and close them", n), STAY: _("Stay")}

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        k = min(w / 1280, h / 720)
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        box = pygame.Rect(0, 0, min(w - 40, int(620 * max(k, 0.8))), 0)
        question, line = self.texts()
        title = assets.fit(
            question, max(assets.MIN_TEXT, int(30 * k)), box.w - 40, assets.GOLD, True
        )
        lines, px = assets.fit_lines(line, max(assets.MIN_TEXT, int(19 * k)), box.w - 40, 3)
        imgs = [assets.text(t, px, assets.WHITE, True) for t in lines]
        bh = max(int(48 * k), px + 20)
        box.h = 30 + title.get_height() + 14 + sum(i.get_height() for i in imgs) + 24 + bh + 24
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, assets.FELT_DARK, box, border_radius=14)
        pygame.draw.rect(surface, assets.GOLD, box, 2, 14)
        y = box.y + 24
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += title.get_height() + 14
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
        y += 24
        bw = (box.w - 60) // 2
        self.buttons = {
            QUIT: pygame.Rect(box.x + 20, y, bw, bh),
            STAY: pygame.Rect(box.right - 20 - bw, y, bw, bh),
        }
        words = self.words()
        for name, rect in self.buttons.items():
            focused = name == self.focus
            pygame.draw.rect(surface, assets.GOLD if focused else (31, 93, 67), rect, 0, 10)
            pygame.draw.rect(surface, assets.WHITE, rect, 2, 10)
            colour = assets.INK if focused else assets.WHITE
            img = assets.fit(
                words[name], max(assets.MIN_TEXT, int(22 * k)), rect.w - 16, colour, True
            )
            surface.blit(img, img.get_rect(center=rect.center))
