"""The results end a game deliberately (issue 33): no key deals a new game until the
input guard is over *and* the player has left the keys alone for a moment (a burst of
presses that ended the game deals nothing); then the focused button wears a ring and
says what Enter does; the confetti falls only for winners this window plays; team
results name the teams as the table did."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from client import assets
from client.scenes import results
from client.scenes.results import ResultsScene

DT = 1 / 30


class Board:
    """A table class whose summary is one row per player (the winner flag from the view)."""

    @staticmethod
    def summary(view, names, me, story=()):
        winners = set(view["winners"])
        rows = [(n, "0", s in winners) for s, n in enumerate(names)]
        return {"headline": "Game over", "subtitle": "test", "rows": rows}


def session(local=(0,), remote=False):
    return SimpleNamespace(
        local_seats=list(local),
        names=["Ana", "Bot 1", "Bot 2"],
        remote=remote,
        closed=False,
        close=lambda: None,
        game_id="take5",
        seed=7,
        seats=["human", "bot", "bot"],
        log_path=None,
    )


def show(app, winners=(0,), local=(0,)) -> ResultsScene:
    app.input_quiet = 0.0  # the game ended on a key press
    scene = ResultsScene(app, session(local), {"over": True, "winners": list(winners)}, Board)
    app.switch(scene)
    return scene


def key(app, k) -> None:
    app.frame(DT, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")])


def frames(app, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.frame(DT, [])


def texts(scene) -> list[str]:
    assets.reset_caches()
    with assets.recording() as seen:
        scene.draw(scene.app.screen)
    return [t for _s, t in seen]


def test_the_guard_then_a_quiet_moment_before_any_key_counts(app):
    scene = show(app)
    played = []
    scene.play_again = lambda: played.append(True)
    assert not scene.again.is_enabled and not scene.menu.is_enabled
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and played == []
    frames(app, results.GUARD)  # the guard is over, but the Escape was 1 s ago: 0.6 s quiet
    assert scene.shown_t >= results.GUARD and scene.armed
    assert scene.again.is_enabled and scene.focus == 0
    key(app, pygame.K_RETURN)
    assert played == [True]


def test_a_burst_of_keys_that_ended_the_game_deals_nothing(app):
    """Enter held down (key repeat every 0.1 s) for three seconds: the results wait
    until the keys stop, then QUIET seconds more."""
    scene = show(app)
    played = []
    scene.play_again = lambda: played.append(True)
    for _ in range(30):
        key(app, pygame.K_RETURN)
        frames(app, 0.1 - DT)
    assert scene.shown_t > 2.9 and not scene.armed and played == []
    assert not scene.again.is_enabled
    frames(app, results.QUIET - 0.2)  # 0.1 s passed since the last key already
    assert not scene.armed
    frames(app, 0.2)
    assert scene.armed and scene.again.is_enabled and played == []


def test_the_focused_button_shows_its_ring_and_what_enter_does(app):
    scene = show(app)
    assert "Enter: play again" not in texts(scene)  # greyed: no focus, no promise
    frames(app, 1.7)
    assert scene.armed
    drawn = texts(scene)
    assert "Enter: play again" in drawn and "Enter: back to the menu" not in drawn
    assert scene.again.keys == "Enter: play again"
    ring = scene.again.rect.inflate(12, 12)
    assert app.screen.get_at((ring.centerx, ring.top + 1))[:3] == assets.WHITE
    key(app, pygame.K_RIGHT)
    assert scene.focus == 1
    drawn = texts(scene)
    assert "Enter: back to the menu" in drawn and "Enter: play again" not in drawn
    key(app, pygame.K_RETURN)
    assert type(app.scene).__name__ == "MenuScene"


def test_a_click_on_a_greyed_button_does_nothing_then_counts(app):
    scene = show(app)
    pos = scene.menu.rect.center
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    app.frame(DT, [up])
    assert app.scene is scene
    frames(app, 1.7)
    app.frame(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])
    assert type(app.scene).__name__ == "MenuScene"


@pytest.mark.parametrize(
    ("winners", "local", "confetti"),
    [
        ((0,), (0,), True),  # you won
        ((1,), (0,), False),  # a bot beat you
        ((0, 2), (2,), True),  # your team won
        ((1,), (0, 2), False),  # a couch table: a bot won
        ((2,), (0, 2), True),  # a couch table: one of its players won
        ((0,), (), False),  # only watching
    ],
)
def test_the_confetti_falls_only_for_winners_this_window_plays(app, winners, local, confetti):
    scene = show(app, winners, local)
    assert bool(scene.confetti) is confetti


GUANDAN_VIEW = {"over": True, "winners": [1, 3], "levels": [9, 14], "deal": 12}
NAMES = ["Ana", "Bot 1", "Bot 2", "Bot 3"]


def test_guandan_results_name_the_teams_as_the_table_did():
    from client.tables.guandan import GuandanTable

    info = GuandanTable.summary(GUANDAN_VIEW, NAMES, 0, [])
    assert info["headline"] == "Bot 1 & Bot 3 win!"
    assert [r[:3] for r in info["rows"]] == [
        ("Bot 1 & Bot 3", "Opponents · level A", True),
        ("You & Bot 2", "Your team · level 9", False),
    ]
    mine = GuandanTable.summary(GUANDAN_VIEW, NAMES, 1, [])
    assert mine["headline"] == "Your team wins!"
    assert [r[1] for r in mine["rows"]] == ["Your team · level A", "Opponents · level 9"]
    watching = GuandanTable.summary(GUANDAN_VIEW, NAMES, None, [])
    assert watching["headline"] == "Team 2 wins!"
    assert [r[1] for r in watching["rows"]] == ["Team 2 · level A", "Team 1 · level 9"]


def test_teamplay_results_name_teams_by_letter_as_its_table_does():
    """Teamplay's table says "Team A" / "Team B": so do its results."""
    from client.tables.teamplay import TeamplayTable

    view = {
        "over": True,
        "winners": [1, 3],
        "teams": [[0, 2], [1, 3]],
        "has_teams": True,
        "points": [10, 14],
        "missions": [2, 3],
    }
    assert TeamplayTable.summary(view, NAMES, 0)["headline"] == "Team B wins!"
    assert TeamplayTable.summary(view, NAMES, 1)["headline"] == "Your team wins!"
    assert TeamplayTable.summary(view, NAMES, None)["headline"] == "Team B wins!"


def test_a_table_whose_game_ended_answers_no_key_and_esc_shows_the_results(app):
    """The burst of keys that ended the game neither plays on nor opens the "Leave the
    table?" question (whose Enter would leave without the results): Esc shows them."""
    from tests.client.test_tables_contract import recorder, seated

    table = seated(app, "take5")
    sent = recorder(table)
    table.leaving.ask_for(table.session)  # a question open as the game ends …
    table.board["over"], table.board["winners"] = True, [0]
    app.frame(DT, [])
    assert not table.leaving.open  # … gives way to the results
    for k in (pygame.K_RETURN, pygame.K_1, pygame.K_SPACE, pygame.K_RIGHT):
        key(app, k)
    assert sent == [] and app.scene is table and not table.leaving.open
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, ResultsScene) and app.scene.table is table
