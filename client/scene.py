"""The scene base class (pygame-ce examples' shape: enter/exit/handle_event/update/draw).

Scenes are reached by name through the application's router (:meth:`client.app.App.go`)
and never import one another; this module imports nothing of the client, so any scene
or table may import it without an import circle.
"""

from __future__ import annotations

import pygame


class Scene:
    """Base scene; subclasses override what they need.

    ``enter()`` builds widgets, ``exit()`` releases what the scene holds,
    ``handle_event(event)`` takes one pygame event, ``update(dt)`` advances ``dt``
    seconds, ``draw(surface)`` paints the whole window, ``resized()`` lays out again.
    ``app`` is the :class:`client.app.App` that shows the scene."""

    def __init__(self, app) -> None:
        self.app = app

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def resized(self) -> None:
        """The window size changed: by default, build the scene's widgets again."""
        self.app.ui.clear_and_reset()
        self.enter()
