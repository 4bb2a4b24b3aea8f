"""The lists of logged games (menu: "Continue a game", "Replays").

:class:`LogListScene` lists the logs under the user's data folder: unfinished local
games to continue, or every game to replay (:mod:`client.scenes.replay` shows one), each
row with who played, how far the game went, the score and who won; a log can be deleted.
"""

from __future__ import annotations

import os
import time

import pygame

from client import assets
from client.i18n import _
from client.scene import Scene


class LogListScene(Scene):
    """The logs in the data folder: ``mode`` "continue" (unfinished games with a player
    on this screen or a phone seat of its table for the room: Enter resumes) or
    "replays" (every logged game: Enter replays; a file that cannot be read is listed
    as unreadable, its reason shown when chosen).
    Each row says who played, how far the game went, the score and who won
    (:mod:`client.history`). ↑/↓, the wheel or a click to choose (a bar at the right
    shows where the rows are in a longer list), Delete asks, then deletes the chosen
    log; Esc → menu."""

    ROWS = 8  # at most; fewer in a short window (:meth:`rows`)
    TOP = 140  # the first row's top

    def __init__(self, app, mode: str = "replays") -> None:
        super().__init__(app)
        from net.log import list_logs

        self.mode = mode
        logs = list_logs(include_bad=mode != "continue")
        if mode == "continue":
            # a player on this screen, or phones at this screen's table for the room
            here = {"human", "phone"}
            logs = [g for g in logs if g["ok"] and not g["over"] and here & set(g["seats"])]
        self.logs = logs
        self.selected = 0
        self.error = ""
        self.asking = False  # the question "Delete this log?" is open
        self.summaries: dict = {}  # (path, mtime) → client.history.Summary, made once
        self.buttons: dict[str, pygame.Rect] = {}

    def idle(self) -> bool:
        return True

    def step(self) -> int:
        """Pixels from one row to the next: two lines of words, taller with the text size."""
        return max(62, self.fpx(19) + self.fpx(15) + 28)

    def rows(self) -> int:
        """How many rows the window shows (8, fewer in a short window)."""
        return max(3, min(self.ROWS, (self.app.size[1] - self.TOP - 90) // self.step()))

    def row_rect(self, i: int) -> pygame.Rect:
        """Row ``i`` on screen (pixels): 800 wide (wider with the text size, never past
        the window), room for the scroll bar beside it."""
        w, _h = self.app.size
        width = min(w - 60, self.fpx(800, 800))
        step = self.step()
        return pygame.Rect(w // 2 - width // 2 - 10, self.TOP + i * step, width, step - 6)

    def handle_event(self, event) -> None:
        if self.asking:
            self.answer(event)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.go("menu")
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and self.logs:
                step = 1 if event.key == pygame.K_DOWN else -1
                self.choose((self.selected + step) % len(self.logs))
            elif event.key == pygame.K_RETURN:
                self.open(self.selected)
            elif event.key == pygame.K_DELETE and self.logs:
                self.asking = True
        elif event.type == pygame.MOUSEWHEEL and self.logs:
            self.choose(max(0, min(len(self.logs) - 1, self.selected - event.y)))
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.logs and self.buttons.get("delete", pygame.Rect(0, 0, 0, 0)).collidepoint(
                event.pos
            ):
                self.asking = True
                return
            top = self.first()
            for i in range(min(self.rows(), len(self.logs) - top)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.choose(top + i)
                    self.open(top + i)
                    return

    def choose(self, i: int) -> None:
        self.selected, self.error = i, ""  # (an error was about the row left)

    def answer(self, event) -> None:
        """The open question: Enter or "Delete" deletes, Esc or "Keep" keeps."""
        choice = None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                choice = "yes"
            elif event.key == pygame.K_ESCAPE:
                choice = "no"
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for name in ("yes", "no"):
                if self.buttons.get(name, pygame.Rect(0, 0, 0, 0)).collidepoint(event.pos):
                    choice = name
        if choice is None:
            return
        self.asking = False
        if choice == "yes":
            self.delete(self.selected)

    def delete(self, i: int) -> None:
        """Delete log ``i`` from the disk and the list (an error says why it stays)."""
        if not 0 <= i < len(self.logs):
            return
        path = self.logs[i]["path"]
        try:
            os.remove(path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.error = _("Cannot delete that log: {reason}").format(reason=exc.strerror or exc)
            return
        del self.logs[i]
        self.selected = max(0, min(i, len(self.logs) - 1))

    def first(self) -> int:
        rows = self.rows()
        return max(0, min(self.selected - rows + 1, len(self.logs) - rows))

    def open(self, i: int) -> None:
        if not 0 <= i < len(self.logs):
            return
        path = self.logs[i]["path"]
        if not self.logs[i]["ok"]:
            self.error = self.unreadable(self.logs[i])
            return
        try:
            if self.mode == "continue":
                from client.launch import resume_table

                resume_table(self.app, path)
            else:
                from net.log import read_log

                self.app.go("replay", record=read_log(path), path=path, back="replays")
        except Exception as exc:  # noqa: BLE001 - a bad file must not close the window
            self.error = _("Cannot open that log: {reason}").format(reason=exc)

    @staticmethod
    def unreadable(g: dict) -> str:
        """Why log ``g`` (a :func:`net.log.log_status` entry) cannot be opened."""
        return _("This log cannot be read: {reason}").format(reason=g["error"])

    def describe(self, g: dict) -> tuple[str, str]:
        """A row's first line (when, the game, how far it went) and its right-hand
        words (who won; unfinished)."""
        from client.history import summary
        from client.stats import game_title

        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(g["mtime"]))
        if not g["ok"]:
            return f"{when} · {os.path.basename(g['path'])}", _("unreadable")
        about = summary(g, self.summaries)
        left = f"{when} · {game_title(g['game'])}"
        if about is not None and about.reached:
            left += f" · {about.reached}"
        if not g["over"]:
            return left, _("unfinished")
        return left, (about.result if about is not None and about.result else _("finished"))

    def detail(self, g: dict) -> str:
        """A row's second line: the score with the players' names, else the players."""
        from client.history import summary

        about = summary(g, self.summaries) if g["ok"] else None
        if about is None:
            return ""
        return about.score or ", ".join(about.players)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.app.size
        surface.fill(assets.FELT_DARK)
        title = _("Continue a game") if self.mode == "continue" else _("Replays")
        img = assets.fit(title, min(self.fpx(44), 53), w - 40, assets.GOLD, True)
        surface.blit(img, img.get_rect(center=(w // 2, 60)))
        hint = _("↑/↓ choose · Enter or click to open · Delete: delete · Esc: menu")
        img = assets.fit(hint, self.fpx(18), w - 40, assets.WHITE)
        surface.blit(img, img.get_rect(center=(w // 2, 108)))
        self.buttons = {}
        if not self.logs:
            text = (
                _("No unfinished games.") if self.mode == "continue" else _("No logged games yet.")
            )
            img = assets.text(text, self.fpx(24), assets.WHITE)
            surface.blit(img, img.get_rect(center=(w // 2, 240)))
        top = self.first()
        shown = self.logs[top : top + self.rows()]
        for i, g in enumerate(shown):
            self.draw_row(surface, self.row_rect(i), g, top + i == self.selected)
        self.draw_scroll(surface, top, len(shown))
        if self.logs:
            label = _("Delete (Del)")
            width = max(200, assets.measure(label, self.fpx(17), True) + 24)
            self.buttons["delete"] = self.small_button(
                surface, pygame.Rect(self.row_rect(0).x, h - 74, width, 40), label
            )
        chosen = self.logs[self.selected] if 0 <= self.selected < len(self.logs) else None
        error = self.error or (self.unreadable(chosen) if chosen and not chosen["ok"] else "")
        if error:
            lines, px = assets.fit_lines(error, self.fpx(18), w - 460, 2, True)
            y = h - 54 - (len(lines) - 1) * px // 2
            for line in lines:
                img = assets.text(line, px, (255, 150, 140), True)
                surface.blit(img, img.get_rect(center=(w // 2 + 110, y)))
                y += img.get_height()
        if self.asking and chosen is not None:
            self.draw_question(surface, chosen)

    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, g: dict, chosen: bool) -> None:
        """One log: when, the game and how far it went; who won (right); the score."""
        pygame.draw.rect(
            surface,
            assets.GOLD if chosen else (255, 255, 255),
            rect,
            0 if chosen else 2,
            border_radius=10,
        )
        colour = assets.INK if chosen else assets.WHITE
        left, right = self.describe(g)
        if not g["ok"] and not chosen:
            colour = (255, 150, 140)
        won = g["ok"] and g["over"] and not chosen
        big, small = self.fpx(19), self.fpx(15)
        line = assets.font(big, True).get_linesize()
        img = assets.fit(right, self.fpx(18), rect.w // 3, assets.GOLD if won else colour, True)
        surface.blit(img, img.get_rect(midright=(rect.right - 16, rect.y + 6 + line // 2)))
        room = rect.w - img.get_width() - 48
        surface.blit(assets.fit(left, big, room, colour, True), (rect.x + 16, rect.y + 6))
        detail = self.detail(g)
        if detail:
            img = assets.fit(detail, small, rect.w - 32, colour)
            surface.blit(img, (rect.x + 16, rect.y + 8 + line))

    def draw_scroll(self, surface: pygame.Surface, top: int, shown: int) -> None:
        """Where the rows shown are in the list: a bar beside them (its thumb as long as
        the share shown) and "1–8 of 23" above them — only when the list is longer."""
        words = self.scroll_words(top, shown)
        if words is None:
            return
        n = len(self.logs)
        first, last = self.row_rect(0), self.row_rect(shown - 1)
        track = pygame.Rect(first.right + 12, first.y, 10, last.bottom - first.y)
        pygame.draw.rect(surface, (31, 93, 67), track, border_radius=5)
        thumb = pygame.Rect(
            track.x,
            track.y + track.h * top // n,
            track.w,
            max(12, track.h * shown // n),
        )
        pygame.draw.rect(surface, assets.GOLD, thumb, border_radius=5)
        text = " · ".join(t for t in words if t)  # under the rows: "1–7 of 50 · ↓ 43 more"
        img = assets.text(text, self.fpx(15), assets.GOLD, True)
        surface.blit(img, img.get_rect(topright=(last.right, last.bottom + 2)))

    def scroll_words(self, top: int, shown: int) -> tuple[str, str] | None:
        """("1–7 of 23", "↓ 16 more") for rows ``top``… (``shown`` of them), or None
        when the list fits (no scroll mark)."""
        n = len(self.logs)
        if n <= shown or shown == 0:
            return None
        where = _("{first}–{last} of {n}").format(first=top + 1, last=top + shown, n=n)
        left = n - top - shown
        return where, (_("↓ {n} more").format(n=left) if left > 0 else "")

    def small_button(self, surface: pygame.Surface, rect: pygame.Rect, label: str) -> pygame.Rect:
        pygame.draw.rect(surface, (31, 93, 67), rect, border_radius=8)
        pygame.draw.rect(surface, assets.GOLD, rect, 1, border_radius=8)
        img = assets.fit(label, self.fpx(17), rect.w - 12, assets.WHITE, True)
        surface.blit(img, img.get_rect(center=rect.center))
        return rect

    def draw_question(self, surface: pygame.Surface, g: dict) -> None:
        """The question before a delete, over the dimmed list."""
        w, h = self.app.size
        dim = pygame.Surface((w, h), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        surface.blit(dim, (0, 0))
        box = pygame.Rect(
            0, 0, min(w - 40, self.fpx(640, 640)), 150 + self.fpx(28) + 2 * self.fpx(18)
        )
        box.center = (w // 2, h // 2)
        pygame.draw.rect(surface, assets.FELT_DARK, box, border_radius=14)
        pygame.draw.rect(surface, assets.GOLD, box, 2, border_radius=14)
        y = box.y + 22
        img = assets.fit(_("Delete this game's log?"), self.fpx(28), box.w - 40, assets.GOLD, True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height() + 14
        left, _right = self.describe(g)
        img = assets.fit(left, self.fpx(18), box.w - 40, assets.WHITE, True)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y += img.get_height() + 8
        text = _("Its replay is gone for good; your statistics keep it.")
        img = assets.fit(text, self.fpx(18), box.w - 40)
        surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        y = box.bottom - 66
        labels = (_("Delete (Enter)"), _("Keep (Esc)"))
        width = max(200, *(assets.measure(t, self.fpx(17), True) + 24 for t in labels))
        width = min(width, (box.w - 60) // 2)
        self.buttons["yes"] = self.small_button(
            surface, pygame.Rect(box.centerx - 10 - width, y, width, 46), _("Delete (Enter)")
        )
        self.buttons["no"] = self.small_button(
            surface, pygame.Rect(box.centerx + 10, y, width, 46), _("Keep (Esc)")
        )
