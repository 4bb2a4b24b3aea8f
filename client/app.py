"""The pygame-ce application: window, the router to scenes, frame loop.

Scenes (:class:`client.scene.Scene`) have ``enter()``, ``exit()``,
``handle_event(event)``, ``update(dt)`` (seconds) and ``draw(surface)``; they reach each
other by name through :meth:`App.go`, never by importing one another. Widgets come from
pygame_gui (one ``UIManager`` per app).
"""

from __future__ import annotations

import importlib
import os
import time

import pygame
import pygame_gui

from client import assets, i18n
from client.scene import Scene
from client.settings import Settings

FPS = 60

#: The router's scene names → ``"module:Class"`` (imported when first used). ``table``
#: is the game's own table scene (:func:`client.tables.table_for`).
SCENES = {
    "menu": "client.scenes.menu:MenuScene",
    "newgame": "client.scenes.newgame:NewGameScene",
    "browser": "client.scenes.browser:BrowserScene",
    "lobby": "client.scenes.lobby:LobbyScene",
    "results": "client.scenes.results:ResultsScene",
    "replays": "client.scenes.replay:LogListScene",
    "replay": "client.scenes.replay:ReplayScene",
    "stats": "client.scenes.stats:StatsScene",
    "settings": "client.scenes.settings:SettingsScene",
}


def scene_class(name: str) -> type[Scene]:
    """The scene class registered as ``name`` in :data:`SCENES`; ``KeyError`` naming
    the known names for any other."""
    if name not in SCENES:
        raise KeyError(f"no scene {name!r}; scenes: {', '.join([*SCENES, 'table'])}")
    module, cls = SCENES[name].split(":")
    return getattr(importlib.import_module(module), cls)


def gui_theme() -> dict:
    """The pygame_gui theme: bundled DejaVu fonts, felt colours, rounded widgets."""

    def font(size: int, bold: bool = False) -> dict:
        return {
            "name": "dejavu",
            "size": str(size),
            "bold": "1" if bold else "0",
            "regular_path": assets.font_path(),
            "bold_path": assets.font_path(True),
        }

    misc = {"shape": "rounded_rectangle", "shape_corner_radius": "8", "border_width": "1"}
    theme: dict = {
        "defaults": {
            "colours": {
                "normal_bg": "#1f5d43",
                "hovered_bg": "#2d7a59",
                "active_bg": "#f4c430",
                "normal_text": "#f5f5f0",
                "hovered_text": "#ffffff",
                "active_text": "#1e1e22",
                "normal_border": "#0e422c",
                "dark_bg": "#0e422c",
                "selected_bg": "#2d7a59",
                "text_cursor": "#f4c430",
                "disabled_bg": "#174a35",
                "disabled_text": "#7d9a8c",
            },
        },
        "@big": {"font": font(24, True)},
    }
    for element in (
        "button",
        "label",
        "drop_down_menu",
        "text_entry_line",
        "horizontal_slider",
        "selection_list",
    ):
        theme[element] = {"font": font(18), "misc": dict(misc)}
    theme["label"].pop("misc")
    return theme


class App:
    """Owns the window, the settings, the UI manager and the current scene."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        size: tuple[int, int] | None = None,
        autoquit: bool = False,
        screenshot: str | None = None,
    ) -> None:
        self.settings = settings or Settings.load()
        i18n.set_language(self.settings.language)
        self.autoquit = autoquit
        self.screenshot_path = screenshot
        self.started = time.perf_counter()
        self.first_frame_ms: float | None = None
        pygame.init()
        pygame.display.set_caption("Tapete")
        w, h = size or tuple(self.settings.window)
        flags = pygame.FULLSCREEN if self.settings.fullscreen and not size else pygame.RESIZABLE
        self.screen = pygame.display.set_mode((w, h), flags)
        self.size = self.screen.get_size()
        assets.reset_caches()
        self.ui = pygame_gui.UIManager(self.size, gui_theme())
        from client.sound import Sounds

        self.sounds = Sounds(self.settings.volume, self.settings.mute)
        self.clock = pygame.time.Clock()
        self.scene: Scene | None = None
        self.running = False
        self.exit_code = 0
        self.frames = 0

    def go(self, name: str, **kwargs) -> Scene:
        """The router: build the scene called ``name`` (see :data:`SCENES`) with
        ``(app, **kwargs)``, switch to it and return it. ``go("table", session=s)``
        opens the table scene of ``s.game_id``. Raises ``KeyError`` for an unknown
        name or a game without a table."""
        if name == "table":
            cls = self.table_class(kwargs["session"].game_id)
        else:
            cls = scene_class(name)
        scene = cls(self, **kwargs)
        self.switch(scene)
        return scene

    def table_class(self, game_id: str) -> type[Scene]:
        """The table scene class of ``game_id`` (:func:`client.tables.table_for`);
        ``KeyError`` for a game without a table."""
        from client.tables import table_for

        return table_for(game_id)

    def switch(self, scene: Scene) -> None:
        """Leave the current scene and enter ``scene``."""
        if self.scene is not None:
            self.scene.exit()
        self.ui.clear_and_reset()
        self.scene = scene
        scene.enter()

    def resize(self, size: tuple[int, int]) -> None:
        """The window became ``size`` pixels: widgets and the scene lay out anew (cards
        keep their proportions; tables scale by the smaller of the two ratios)."""
        w, h = max(640, size[0]), max(400, size[1])
        if (w, h) != self.screen.get_size():
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.size = self.screen.get_size()
        self.ui.set_window_resolution(self.size)
        if self.scene is not None:
            self.scene.resized()

    def quit(self, code: int = 0) -> None:
        self.exit_code = code
        self.running = False

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events, update, draw, flip. Tests call this directly."""
        for event in events if events is not None else pygame.event.get():
            if event.type == pygame.QUIT:
                self.quit(0)
                return
            if event.type == pygame.VIDEORESIZE:
                self.resize((event.w, event.h))
                continue
            self.ui.process_events(event)
            if self.scene:
                self.scene.handle_event(event)
        if self.scene:
            self.scene.update(dt)
        self.ui.update(dt)
        if self.scene:
            self.scene.draw(self.screen)
        self.ui.draw_ui(self.screen)
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_ms is None:
            self.first_frame_ms = (time.perf_counter() - self.started) * 1000

    def run(self) -> int:
        """Run the frame loop from the current scene (see :meth:`go`) until quit;
        returns the exit code."""
        self.running = True
        while self.running:
            dt = self.clock.tick(FPS) / 1000.0
            self.frame(min(dt, 0.1))
        if self.screenshot_path:
            self.save_screenshot(self.screenshot_path)
        if self.scene:
            self.scene.exit()
        pygame.quit()
        return self.exit_code

    def save_screenshot(self, path: str) -> None:
        """Save the last frame as PNG (folder created if needed)."""
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        pygame.image.save(self.screen, path)
