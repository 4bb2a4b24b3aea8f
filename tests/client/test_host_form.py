"""Hosting a LAN table from the window (issue 14): the form offers the turn clock as
``tapete host --turn-seconds`` does (90 s by default, 0 = off), and the table is logged
like ``tapete host``'s, so it can be replayed and resumed."""

from __future__ import annotations

import pygame
import pygame_gui

from client.scenes.lobby import LobbyScene
from client.scenes.newgame import NewGameScene
from client.tables.take5 import Take5Table
from net.log import read_log
from tests.client.conftest import run_until


def form(app) -> NewGameScene:
    scene = app.go("newgame", lan=True)
    app.frame(1 / 30, [])
    return scene


def press(app, button) -> None:
    app.frame(1 / 30, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])


def hosted_turn_seconds(app):
    """The turn clock the host (in its child process) says it runs, in its welcome."""
    mirror = app.scene.session.mirrors[0]
    assert run_until(app, lambda: mirror.welcome is not None, 10)
    return mirror.welcome["turn_seconds"]


def test_the_host_form_offers_the_turn_clock_90_s_by_default(app):
    scene = form(app)
    assert scene.turn_seconds.get_text() == "90"
    press(app, scene.start)
    try:
        assert isinstance(app.scene, LobbyScene)
        assert hosted_turn_seconds(app) == 90.0
    finally:
        app.scene.session.close()


def test_a_turn_clock_of_0_is_off_and_a_bad_one_is_refused(app):
    scene = form(app)
    scene.turn_seconds.set_text("abc")
    press(app, scene.start)
    assert app.scene is scene
    assert scene.error == "The turn clock is a number of seconds (0 = no clock)."
    scene.turn_seconds.set_text("-5")
    press(app, scene.start)
    assert app.scene is scene and scene.error.startswith("The turn clock")
    scene.turn_seconds.set_text("45")
    press(app, scene.add)  # the form is built again: the typed clock stays
    assert scene.turn_seconds.get_text() == "45"
    scene.turn_seconds.set_text("0")
    press(app, scene.start)
    try:
        assert isinstance(app.scene, LobbyScene) and hosted_turn_seconds(app) is None
    finally:
        app.scene.session.close()


def play_one_card_with_a_guest(app, lobby):
    """With ``lobby`` (a window-hosted Take 5 table, seats human + open) serving: a
    guest "Bea" takes the open seat, this screen plays one card, the guest leaves and
    the window's session closes. Returns the guest's connection (its token kept)."""
    from net.client import connect

    assert run_until(app, lambda: lobby.address is not None, 10)
    guest = connect(f"127.0.0.1:{lobby.address.rsplit(':', 1)[1]}", player="Bea")
    try:
        assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
        table = app.scene
        assert run_until(app, lambda: table.deciding() and table.timeline.idle, 20)
        assert table.seat.send(table.seat.choices()[0])
        assert run_until(app, lambda: not table.seat.waiting, 10)
    finally:
        guest.close()
        app.scene.session.close()
    return guest


def test_a_table_hosted_from_the_window_is_logged_like_tapete_host(app):
    from client.launch import host_table
    from net.host import mixed_seed

    lobby = host_table(
        app, "take5", ["human", "open"], 9, {}, "Ana's table", advertise=False, turn_seconds=60
    )
    assert run_until(app, lambda: lobby.address is not None, 10)
    path = lobby.session.log_path
    assert path is not None and hosted_turn_seconds(app) == 60.0
    guest = play_one_card_with_a_guest(app, lobby)
    rec = read_log(path)
    assert rec["game"] == "take5" and rec["seats"] == ["human", "open"]
    # A chosen seed at a LAN table is mixed with a secret (issue 29): the log keeps both.
    assert rec["chosen_seed"] == 9 and rec["seed"] == mixed_seed(
        9, bytes.fromhex(rec["seed_secret"])
    )
    assert rec["seed"] != 9 and len(rec["seed_secret"]) == 64
    assert rec["name"] == "Ana's table" and rec["started"] is True
    assert [s["name"] for s in rec["seating"]] == ["Ana", "Bea"]
    assert [s["kind"] for s in rec["seating"]] == ["human", "remote"]
    assert rec["seating"][1]["token"] == guest.token  # so Bea can come back after a resume
    assert len(rec["actions"]) >= 1 and rec["actions"][0][0] == 0


def test_a_lan_table_hosted_from_the_window_resumes_on_the_lan(app):
    """Issue 14: Continue a game serves a window-hosted LAN table again; the guest
    returns to its seat with the token it kept, and the game goes on where it was."""
    from client.launch import host_table, resume_table
    from client.scenes.lobby import LobbyScene
    from net.client import connect

    lobby = host_table(app, "take5", ["human", "open"], 9, {}, "", advertise=False)
    path = lobby.session.log_path
    guest = play_one_card_with_a_guest(app, lobby)
    rec = read_log(path)
    back = resume_table(app, path)
    assert isinstance(back, LobbyScene) and back.session.log_path == path
    session = back.session  # the game is on: the window may go to the table at once
    assert run_until(app, lambda: session.serving is not None, 10)
    assert session.serving["serving"] is True
    again = connect(f"127.0.0.1:{session.serving['port']}", player="Bea", seat=1, token=guest.token)
    try:
        assert again.welcome["seat"] == 1
        assert run_until(app, lambda: isinstance(app.scene, Take5Table), 10)
        mirror = session.mirrors[0]
        assert run_until(app, lambda: mirror.view is not None, 10)
        # where the game stood: the card seat 0 chose is still its choice, Bea's awaited
        assert mirror.view["chosen"] == rec["actions"][0][1]["card"]
        assert mirror.view["awaiting"] == [1] and mirror.view["phase"] == "choose"
    finally:
        again.close()
        session.close()
    assert read_log(path)["actions"][: len(rec["actions"])] == rec["actions"]
