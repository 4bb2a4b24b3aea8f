"""The pygame-ce application: window, the router to scenes, frame loop.

Scenes (:class:`client.scene.Scene`) have ``enter()``, ``exit()``,
``handle_event(event)``, ``update(dt)`` (seconds) and ``draw(surface)``; they reach each
other by name through :meth:`App.go`, never by importing one another. Widgets come from
pygame_gui (one ``UIManager`` per app, made when a scene first needs it: a table needs
none, so ``tapete play`` opens without loading it).
"""

from __future__ import annotations

import importlib
import os
import threading
import time

import pygame

from client import assets, hosting, i18n
from client.pads import INPUT as PAD_INPUT
from client.scene import Scene
from client.settings import Settings

FPS = 60
#: The longest an idle window sleeps between two looks at its scene (seconds).
IDLE_WAIT = 0.5
#: How often a focused text field redraws (its cursor blinks), per second.
BLINK_FPS = 4
#: The event that wakes an idle frame loop: the last event number, far above the ones
#: ``pygame.event.custom_type()`` hands out (pygame_gui's), which count up from
#: ``USEREVENT`` and start again after ``pygame.quit``.
WAKE = pygame.NUMEVENTS - 1
#: The events that count as a player's input for :attr:`App.input_quiet` (a key, a
#: click, a gamepad button).
INPUT_EVENTS = (
    pygame.KEYDOWN,
    pygame.MOUSEBUTTONDOWN,
    pygame.MOUSEBUTTONUP,
    pygame.CONTROLLERBUTTONDOWN,
    pygame.JOYBUTTONDOWN,
)

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
    "hostlost": "client.scenes.hostlost:HostLostScene",
    "askname": "client.scenes.askname:AskNameScene",
    "howto": "client.scenes.howto:HowToScene",
}


def scene_class(name: str) -> type[Scene]:
    """The scene class registered as ``name`` in :data:`SCENES`; ``KeyError`` naming
    the known names for any other."""
    if name not in SCENES:
        raise KeyError(f"no scene {name!r}; scenes: {', '.join([*SCENES, 'table'])}")
    module, cls = SCENES[name].split(":")
    return getattr(importlib.import_module(module), cls)


def gui_theme(scale: float = 1.0) -> dict:
    """The pygame_gui theme: bundled DejaVu fonts (18 px, big buttons 24 px, times the
    player's text size ``scale``), felt colours, rounded widgets."""

    def font(size: int, bold: bool = False) -> dict:
        return {
            "name": "dejavu",
            "size": str(max(assets.MIN_TEXT, round(size * scale))),
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
    # An open drop-down's rows are pygame_gui's 20 px unless told: at a larger text
    # size its options overlapped and were cut in half.
    for element in ("drop_down_menu", "selection_list"):
        theme[element]["misc"]["list_item_height"] = str(max(20, round(21 * scale)))
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
        #: Whether the window was given its size (``--size``, tests): it keeps it.
        self.sized = size is not None
        #: The window's size before a room's table made it fullscreen (None: it did not).
        self.room_windowed: tuple[int, int] | None = None
        assets.reset_caches()
        self._ui = None
        from client.sound import Sounds

        self.sounds = Sounds(self.settings.volume, self.settings.mute)
        self.clock = pygame.time.Clock()
        self.scene: Scene | None = None
        self.running = False
        self.exit_code = 0
        self.frames = 0
        #: The table session this window opened last (see :meth:`watch`).
        self.watched = None
        #: The question quitting asks while LAN tables are hosted in the background.
        self.quitting = None
        self._wake_posted = threading.Event()
        from client.pads import Pads

        #: The gamepads plugged in and the seats they play (:mod:`client.pads`).
        self.pads = Pads()
        #: Seconds (of frames' ``dt``) since the player's last key, click or pad button
        #: (:data:`INPUT_EVENTS`); while a scene handles an input event it is the quiet
        #: time *before* that event (the results take no key from a burst of them).
        self.input_quiet = 60.0

    @property
    def ui(self):
        """The pygame_gui ``UIManager`` (made, and pygame_gui loaded, on first use)."""
        if self._ui is None:
            import pygame_gui

            assets.install_gui_fonts()  # names in any script, in boxes and buttons too
            self._ui = pygame_gui.UIManager(self.size, gui_theme(self.settings.ui_scale))
            self._ui_scale = self.settings.ui_scale
        return self._ui

    def restyle(self) -> None:
        """The text size changed: the widgets' fonts follow from the next scene on (the
        ``UIManager`` is made again with the new sizes)."""
        if self._ui is not None and getattr(self, "_ui_scale", None) != self.settings.ui_scale:
            self._ui.clear_and_reset()
            self._ui = None

    def go(self, name: str, **kwargs) -> Scene:
        """The router: build the scene called ``name`` (see :data:`SCENES`) with
        ``(app, **kwargs)``, switch to it and return it. ``go("table", session=s)``
        opens the table scene of ``s.game_id``. Raises ``KeyError`` for an unknown
        name or a game without a table. A ``session`` given to the scene is watched
        (:meth:`watch`)."""
        if kwargs.get("session") is not None:
            self.watch(kwargs["session"])
        if name == "menu" and self.room_windowed is not None:  # after a room's table
            self.screen = pygame.display.set_mode(self.room_windowed, pygame.RESIZABLE)
            self.room_windowed = None
            self._new_size()
        if name == "table":
            cls = self.table_class(kwargs["session"].game_id)
        else:
            cls = scene_class(name)
        scene = cls(self, **kwargs)
        self.switch(scene)
        return scene

    def watch(self, session) -> None:
        """Keep an eye on ``session`` (a :class:`client.session.TableSession`): what
        arrives for it wakes the idle frame loop, and if its host process ends on its
        own (a crash) the window says so and offers to continue from the log."""
        self.watched = session
        session.wake = self.wake
        self.wake()  # for whatever arrived before it could wake us

    def wake(self) -> None:
        """Wake the frame loop for one frame (thread-safe; at most one wake-up event
        waits in the queue)."""
        if self._wake_posted.is_set():
            return
        self._wake_posted.set()
        try:
            pygame.event.post(pygame.event.Event(WAKE))
        except pygame.error:
            self._wake_posted.clear()  # no display (closing): nothing to wake

    def table_class(self, game_id: str) -> type[Scene]:
        """The table scene class of ``game_id`` (:func:`client.tables.table_for`);
        ``KeyError`` for a game without a table."""
        from client.tables import table_for

        return table_for(game_id)

    def switch(self, scene: Scene) -> None:
        """Leave the current scene and enter ``scene``."""
        if self.scene is not None:
            self.scene.exit()
        if self._ui is not None:
            self._ui.clear_and_reset()
        self.restyle()  # (the text size changed in Settings: widgets follow)
        self.scene = scene
        scene.enter()

    def room_screen(self) -> None:
        """A table for the room opens (phone seats: the screen is the table, read from
        the sofa): the window goes fullscreen, as the ``room_fullscreen`` setting asks,
        unless it was given its size or is fullscreen already. The window comes back
        when the menu does (:meth:`go`)."""
        if (
            self.sized
            or not self.settings.room_fullscreen
            or self.screen.get_flags() & pygame.FULLSCREEN
        ):
            return
        self.room_windowed = self.screen.get_size()
        self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self._new_size()

    def _new_size(self) -> None:
        """The screen has a new size: widgets and the scene lay out anew."""
        self.size = self.screen.get_size()
        if self._ui is not None:
            self._ui.set_window_resolution(self.size)
        if self.scene is not None:
            self.scene.resized()

    def resize(self, size: tuple[int, int]) -> None:
        """The window became ``size`` pixels: widgets and the scene lay out anew (cards
        keep their proportions; tables scale by the smaller of the two ratios)."""
        w, h = max(640, size[0]), max(400, size[1])
        if (w, h) != self.screen.get_size():
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self._new_size()

    def quit(self, code: int = 0, force: bool = False) -> None:
        """End the frame loop with exit ``code``. While LAN tables hosted in the
        background (:mod:`client.hosting`) are playing it asks first, since quitting
        closes them (not with ``force``, nor under ``--autoquit``)."""
        if not force and not self.autoquit and hosting.playing():
            if self.quitting is None:
                self.quitting = hosting.QuitConfirm()
            self.quitting.ask(code)
            self.wake()
            return
        self.exit_code = code
        self.running = False

    def frame(self, dt: float, events: list[pygame.event.Event] | None = None) -> None:
        """One frame: events, update, draw, flip. Tests call this directly."""
        events = events if events is not None else pygame.event.get()
        for event in [*events, *self.pads.tick(dt)]:  # (+ a held pad direction's repeats)
            if event.type == WAKE:
                self._wake_posted.clear()
                continue
            if event.type == pygame.QUIT:
                self.quit(0)
                if self.quitting is None or not self.quitting.open:
                    return
                continue
            if event.type == pygame.VIDEORESIZE:
                self.resize((event.w, event.h))
                continue
            if event.type in (pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED):
                self.pads.track(event)  # then the scene hears of it too
            elif event.type in PAD_INPUT and not getattr(self.scene, "takes_pads", False):
                event = self.pads.as_key(event)  # a screen without pads of its own: keys
                if event is None:
                    continue
            if self.quitting is not None and self.quitting.open:
                if self.quitting.handle(event) == "quit":
                    self.quit(self.quitting.code, force=True)
                    return
                continue
            if self._ui is not None:
                self._ui.process_events(event)
            if self.scene:
                self.scene.handle_event(event)
            if event.type in INPUT_EVENTS:
                self.input_quiet = 0.0
        self.input_quiet += dt
        if self.scene:
            self.scene.update(dt)
        self.check_host()
        if self._ui is not None:
            self._ui.update(dt)
        if self.scene:
            self.scene.draw(self.screen)
        if self._ui is not None:
            self._ui.draw_ui(self.screen)
        if self.quitting is not None and self.quitting.open:
            if hosting.playing():
                self.quitting.draw(self.screen)
            else:  # the games ended meanwhile: nothing left to ask about
                self.quitting.open = False
                self.quit(self.quitting.code, force=True)
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_ms is None:
            self.first_frame_ms = (time.perf_counter() - self.started) * 1000

    def check_host(self) -> None:
        """If the watched session's host process ended on its own, close the session
        and show what happened (the game can continue from its log); likewise at
        somebody else's table whose host closed it (:mod:`client.scenes.hostlost`)."""
        hosting.pump()  # the LAN tables hosted in the background: players, their end
        s = self.watched
        if s is None:
            return
        if s.closed and s.lost is None:
            self.watched = None
        elif s.lost is not None:
            self.watched = None
            s.close()
            self.go("hostlost", reason=s.lost, log_path=s.log_path, game_id=s.game_id)
        elif s.remote and not s.closed:
            from client.lanwords import link_ended, notice_text, table_name

            ended = link_ended(s)
            if ended is not None:  # a guest whose table is gone: no dead table, no waiting
                self.watched = None
                s.close()
                self.go(
                    "hostlost",
                    reason="host-closed" if ended.get("code") == "host-closed" else "link",
                    log_path=None,
                    game_id=s.game_id,
                    table=table_name(s),
                    detail=notice_text(ended),
                )

    def busy(self) -> bool:
        """Whether the next frame is due at the frame rate (something moves)."""
        return self.scene is None or not self.scene.idle() or self.pads.holding()

    def typing(self) -> bool:
        """Whether a text field has the focus (its cursor blinks)."""
        if self._ui is None:
            return False
        from pygame_gui.elements import UITextEntryLine

        return any(isinstance(e, UITextEntryLine) for e in self._ui.get_focus_set() or ())

    def next_events(self) -> list[pygame.event.Event] | None:
        """The events of the next frame: at the frame rate while the scene is busy;
        otherwise sleep until an event arrives (input, a wake-up, a window change), at
        most :data:`IDLE_WAIT` seconds — less while a text cursor blinks or the scene
        polls (``poll_every``). None: nothing happened, no frame is due."""
        if self.busy():
            self.clock.tick(FPS)
            return pygame.event.get()
        typing = self.typing()
        poll = self.scene.poll_every if self.scene is not None else None
        wait = min(IDLE_WAIT, 1.0 / BLINK_FPS if typing else IDLE_WAIT, poll or IDLE_WAIT)
        first = pygame.event.wait(max(1, int(wait * 1000)))
        events = [] if first.type == pygame.NOEVENT else [first]
        events += pygame.event.get()
        if not events and not typing and not poll:
            return None
        self.clock.tick()
        return events

    def run(self) -> int:
        """Run the frame loop from the current scene (see :meth:`go`) until quit;
        returns the exit code. A scene that is :meth:`~client.scene.Scene.idle` costs
        no frames until something happens."""
        self.running = True
        try:
            while self.running:
                events = self.next_events()
                if events is None:
                    continue
                self.frame(min(self.clock.get_time() / 1000.0, 0.1), events)
            if self.screenshot_path:
                self.save_screenshot(self.screenshot_path)
        finally:
            if self.scene:
                self.scene.exit()
            if self.watched is not None:
                self.watched.close()
            hosting.stop_all()  # the LAN tables hosted in the background end with the window
            from client import hostproc

            hostproc.drop_spare()
            pygame.quit()
        return self.exit_code

    def save_screenshot(self, path: str) -> None:
        """Save the last frame as PNG (folder created if needed)."""
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        pygame.image.save(self.screen, path)
