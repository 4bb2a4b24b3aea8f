"""The scene base class (pygame-ce examples' shape: enter/exit/handle_event/update/draw).

Scenes are reached by name through the application's router (:meth:`client.app.App.go`)
and never import one another; this module imports nothing of the client, so any scene
or table may import it without an import circle.
"""

from __future__ import annotations

import pygame

#: The smallest text a scene draws (font size in pixels; :data:`client.assets.MIN_TEXT`).
MIN_TEXT = 12


class Scene:
    """Base scene; subclasses override what they need.

    ``enter()`` builds widgets, ``exit()`` releases what the scene holds,
    ``handle_event(event)`` takes one pygame event, ``update(dt)`` advances ``dt``
    seconds, ``draw(surface)`` paints the whole window, ``resized()`` lays out again.
    ``app`` is the :class:`client.app.App` that shows the scene."""

    #: Seconds between frames while idle, for a scene that polls something that does
    #: not wake the window (e.g. LAN discovery); None: frames only on events.
    poll_every: float | None = None

    def __init__(self, app) -> None:
        self.app = app

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def idle(self) -> bool:
        """Whether the scene looks the same until an event arrives (input, a network
        message, a window change): the frame loop then sleeps instead of drawing.
        False (the default) keeps it drawing at the frame rate; scenes say True
        whenever nothing moves, counts down or polls."""
        return False

    @property
    def ui_scale(self) -> float:
        """The player's text size (settings ``ui_scale``, 0.75–1.5; 1 = as designed)."""
        return float(getattr(self.app.settings, "ui_scale", 1.0) or 1.0)

    def px(self, size: float, floor: int = MIN_TEXT) -> int:
        """A text size: ``size`` pixels at 1280×720, scaled to the window (the smaller
        ratio, never under 0.6) and by the player's text size (:attr:`ui_scale`), never
        under ``floor`` (:data:`MIN_TEXT`)."""
        w, h = self.app.size
        k = max(0.6, min(w / 1280, h / 720))
        return max(floor, round(size * k * self.ui_scale))

    def fpx(self, size: float, floor: int = MIN_TEXT) -> int:
        """A form's text size: ``size`` pixels by the player's text size only (forms
        keep their pixel layout in any window), never under ``floor``."""
        return max(floor, round(size * self.ui_scale))

    def resized(self) -> None:
        """The window size changed: by default, build the scene's widgets again."""
        self.app.ui.clear_and_reset()
        self.enter()
