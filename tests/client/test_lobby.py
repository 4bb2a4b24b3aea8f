"""Leaving a LAN lobby (issue 16, safe keys): a window hosting a table that LAN players
already joined asks before leaving (leaving closes the table for them); a guest, or a
host nobody has joined yet, leaves at once."""

from __future__ import annotations

import pygame
import pytest

from client import assets
from tests.client.test_names import apps, fake_session  # noqa: F401  (apps: a fixture)

ESC = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
ENTER = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
LEFT = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")


def lobby(apps, kinds, remote=False, size=(1280, 720), language="en"):  # noqa: F811
    app = apps(size, language)
    session = fake_session(["Ana", "Bea", "Bot 3"][: len(kinds)], kinds, remote)
    closed = []
    session.close = lambda: closed.append(True)
    return app, app.go("lobby", session=session), closed


def test_a_host_with_guests_is_asked_and_esc_stays(apps):  # noqa: F811
    app, scene, closed = lobby(apps, ["human", "remote", "bot"])
    scene.handle_event(ESC)
    assert scene.confirm.open and scene.confirm.kind == "host"
    assert not scene.leave.visible and not scene.start.visible  # hidden under it
    assert closed == [] and app.scene is scene
    scene.handle_event(ESC)  # Esc again: Stay
    assert not scene.confirm.open and closed == [] and app.scene is scene
    assert scene.leave.visible and scene.start.visible
    scene.handle_event(ENTER)  # Enter by habit, the question closed: starts, not leaves
    assert closed == []


def test_a_host_with_guests_leaves_only_by_choosing_leave(apps):  # noqa: F811
    app, scene, closed = lobby(apps, ["human", "remote", "bot"])
    scene.handle_event(ESC)
    scene.handle_event(ENTER)  # Stay has the focus
    assert closed == [] and app.scene is scene
    scene.handle_event(ESC)
    scene.handle_event(LEFT)  # Leave is left of Stay
    scene.handle_event(ENTER)
    assert closed == [True]
    assert type(app.scene).__name__ == "MenuScene"


@pytest.mark.parametrize(
    ("kinds", "remote"),
    [(["human", "open", "bot"], False), (["remote", "human", "bot"], True)],
    ids=["host-nobody-joined", "guest"],
)
def test_leaving_at_once_when_nobody_loses_a_table(apps, kinds, remote):  # noqa: F811
    app, scene, closed = lobby(apps, kinds, remote)
    scene.handle_event(ESC)
    assert not scene.confirm.open and closed == [True]
    assert type(app.scene).__name__ == "MenuScene"


@pytest.mark.parametrize("language", ["en", "hu"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_question_over_the_lobby_is_legible(apps, size, language):  # noqa: F811
    app, scene, _closed = lobby(apps, ["human", "remote", "bot"], size=size, language=language)
    scene.handle_event(ESC)
    assets.reset_caches()
    with assets.recording() as seen:
        scene.draw(app.screen)
    assert min(px for px, _t in seen) >= assets.MIN_TEXT
    window = pygame.Rect(0, 0, *size)
    rects = list(scene.confirm.buttons.values())
    assert len(rects) == 2 and all(window.contains(r) for r in rects)
    assert not rects[0].colliderect(rects[1])


def test_a_lan_lobby_shows_the_browser_page_address(apps):  # noqa: F811
    """The window hosting a LAN table shows where browsers join (net/web.py): the
    address needs no words, under the tapete join line."""
    app, scene, _closed = lobby(apps, ["human", "open", "bot"])
    scene.session.serving = {
        "serving": True,
        "port": 47470,
        "web_port": 47471,
        "advertised": True,
    }
    scene.address = None
    scene.serving()
    assert scene.web.startswith("http://") and scene.web.endswith(":47471/")
    scene.draw(pygame.Surface(app.size))  # draws with the extra line
    scene.session.serving = {"serving": True, "port": 47470, "advertised": True}
    scene.address, scene.web = None, ""
    scene.serving()
    assert scene.web == ""  # a host without the page shows none
