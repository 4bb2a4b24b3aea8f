"""Any name draws (issue 16): a 10-seat lobby and the New game form with 10 seats fit
an 800×500 window (and 1280×720) with nothing overlapping and no text under 12 px;
player and table names in any script are drawn with a bundled face that has every
character; long names end in "…" wherever names appear."""

from __future__ import annotations

import itertools
from types import SimpleNamespace

import pygame
import pytest

from client import assets

SIZES = ((1280, 720), (800, 500))


def widgets(app) -> list[pygame.Rect]:
    """The rects of the pygame_gui widgets the current scene made."""
    return [e.rect for e in app.ui.get_root_container().elements if e.visible]


def assert_apart(rects, window) -> None:
    """Every rect lies in ``window`` and no two overlap."""
    for r in rects:
        assert window.contains(r), (r, window)
    for a, b in itertools.combinations(rects, 2):
        assert not a.colliderect(b), (a, b)


def new_app(tmp_path, monkeypatch, size, language="en"):
    monkeypatch.setenv("TAPETE_CONFIG_DIR", str(tmp_path / "config"))
    from client.app import App
    from client.settings import Settings

    return App(Settings(name="Ana", language=language), size=size)


@pytest.fixture
def apps(tmp_path, monkeypatch):
    made = []

    def make(size, language="en"):
        made.append(new_app(tmp_path, monkeypatch, size, language))
        return made[-1]

    yield make
    pygame.quit()
    from client import i18n

    i18n.set_language("en")  # the language is the process's: the next test expects English


@pytest.mark.parametrize("language", ["en", "hu"])
@pytest.mark.parametrize("lan", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_a_ten_seat_new_game_form_fits(apps, size, lan, language):
    app = apps(size, language)
    seats = ["human"] * 5 + ["bot:normal"] * 5 if not lan else ["human"] + ["open"] * 9
    scene = app.go("newgame", game_id="take5", seats=seats, lan=lan)
    scene.advanced = True  # the seed row too
    scene.build()
    window = pygame.Rect(0, 0, *size)
    boxes = widgets(app)
    assert len(scene.seat_menus) == 10
    assert_apart(boxes, window)
    for rect, text in scene.help_rows:  # help lines sit in free room
        if text:
            assert window.contains(rect), (rect, text)
            assert not any(rect.colliderect(b) for b in boxes), (rect, text)
    assets.reset_caches()
    with assets.recording() as seen:
        scene.draw(app.screen)
    assert seen and min(px for px, _t in seen) >= assets.MIN_TEXT
    # The title stays above the first row and the hint below the buttons.
    top = min(b.top for b in boxes)
    bottom = max(b.bottom for b in boxes)
    assert 0 < top and bottom < size[1] - 12


def fake_session(names, kinds, remote=False):
    seats = [
        {"seat": i, "name": n, "kind": k, "level": "hard" if k == "bot" else None}
        for i, (n, k) in enumerate(zip(names, kinds, strict=True))
    ]
    mirror = SimpleNamespace(seats={"seats": seats}, welcome=None, view=None)
    return SimpleNamespace(
        mirrors={0: mirror},
        local_seats=[0],
        remote=remote,
        game_id="take5",
        serving={"serving": True, "port": 47470, "advertised": True},
        name="Ana's table",
        started=False,
        closed=False,
        lost=None,
        pump=lambda: 0,
        close=lambda: None,
        start_game=lambda: None,
    )


LONG = "Maximiliana Bartholomew-Featherstonehaugh of the Northern Marches"
NAMES = ["Ana", "王小明", "さくら", "김민준", "محمد علي", "דוד", LONG, "Алексей", "Νίκος", "Zoë"]
KINDS = ["human", "remote", "bot", "remote", "human", "remote", "remote", "open", "bot", "remote"]


@pytest.mark.parametrize("remote", [False, True])
@pytest.mark.parametrize("language", ["en", "hu"])
@pytest.mark.parametrize("size", SIZES)
def test_a_ten_seat_lobby_fits(apps, size, language, remote):
    app = apps(size, language)
    scene = app.go("lobby", session=fake_session(NAMES, KINDS, remote))
    window = pygame.Rect(0, 0, *size)
    buttons = widgets(app)
    assert_apart(buttons, window)
    band = scene.buttons()
    rows, px = scene.seat_rows(pygame.Rect(0, 150, size[0], band.y - 160), 10)
    assert px >= assets.MIN_TEXT
    assert_apart(rows + buttons, window)
    assets.reset_caches()
    with assets.recording() as seen:
        scene.draw(app.screen)
    assert min(size for size, _t in seen) >= assets.MIN_TEXT
    drawn = [t for _s, t in seen]
    # The long name is cut with "…"; every other name is drawn whole.
    assert any(t.startswith("Maximiliana") and t.endswith("…") for t in drawn), drawn
    assert not any(LONG in t for t in drawn)
    for name in NAMES:
        if name not in (LONG, "محمد علي", "דוד"):
            assert any(name in t for t in drawn), name
