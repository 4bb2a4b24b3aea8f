"""Every scene renders from real views; posted input produces the right actions."""

from __future__ import annotations

import pygame
import pytest

from client.launch import parse_seats, start_table
from client.session import default_names
from net.mirror import apply_delta
from client.settings import Settings
from tests.client.conftest import run_until, settled


def click(app, pos):
    app.frame(
        1 / 30,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
        ],
    )


def key(app, k):
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def test_the_router_reaches_every_scene_by_name(app):
    """Every name of the router renders something other than the felt; no scene module
    imports another scene module (they go by name)."""
    import ast
    from pathlib import Path

    from client.app import SCENES
    from client.launch import KINDS, TableSpec
    from client.session import TableSession

    spec = TableSpec.new("take5", ["human", "open"], 1, kinds=KINDS, name="Router")
    session = TableSession.local(spec, log=False)
    kwargs = {
        "lobby": {"session": session},
        "results": {"session": session, "view": {"over": True, "winners": [0], "totals": [3, 70]}},
        "replay": None,  # needs a log: tests/client/test_replay.py
        "hostlost": {"reason": "exit code 1", "log_path": "x.jsonl", "game_id": "take5"},
    }
    try:
        for name in SCENES:
            if name in kwargs and kwargs[name] is None:
                continue
            extra = kwargs.get(name, {})
            if name == "results":
                from client.tables import table_for

                extra = {**extra, "table_class": table_for("take5")}
            scene = app.go(name, **extra)
            assert app.scene is scene
            app.frame(1 / 30, [])
            colours = {
                app.screen.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)
            }
            assert len(colours) > 2, name
        with pytest.raises(KeyError, match="no scene 'nowhere'"):
            app.go("nowhere")
    finally:
        session.close()
    folder = Path(__file__).resolve().parents[2] / "client"
    scene_modules = {v.split(":")[0] for v in SCENES.values()}
    for path in [*(folder / "scenes").glob("*.py"), *(folder / "tables").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module not in scene_modules, f"{path.name} imports {node.module}"


def test_menu_quick_game_opens_a_take5_table(app):
    from client.scenes.menu import MenuScene
    from client.tables.take5 import Take5Table

    app.switch(MenuScene(app))
    app.frame(1 / 30, [])
    pygame.mouse.set_pos(app.scene.quick.rect.center)
    click(app, app.scene.quick.rect.center)
    app.frame(1 / 30)  # pygame_gui posts its button event to the queue
    assert isinstance(app.scene, Take5Table)
    assert app.scene.session.seats == ["human", "bot:normal", "bot:normal", "bot:normal"]


def test_two_clicks_on_a_hand_card_choose_it(app):
    table = start_table(app, "take5", ["human", "bot:easy", "bot:easy"], seed=5)
    assert run_until(app, lambda: table.my_decision() == "choose" and table.timeline.idle)
    hand = list(table.board["hand"])
    target = table.hand_slot(2, len(hand)).center
    click(app, target)
    assert table.selected == hand[2]
    lifted = table.hand_slot(2, len(hand)).move(0, -table.s(24)).center
    click(app, lifted)
    # The host took the choice: seat 0's own view says so, and the card left the hand
    # after the reveal (bots choose at once).
    assert run_until(app, lambda: hand[2] not in (table.session.mirrors[0].view["hand"]))
    revealed = table.session.mirrors[0].view["revealed"]
    assert [0, hand[2]] in revealed


def test_keyboard_selects_and_plays(app):
    table = start_table(app, "take5", ["human", "bot:easy"], seed=8)
    assert run_until(app, settled(table, "choose"))
    hand = list(table.board["hand"])
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert table.selected == hand[1]
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: hand[1] not in table.session.mirrors[0].view["hand"])


def test_row_choice_by_number_key(app):
    table = start_table(app, "take5", ["human", "bot:easy", "bot:easy"], seed=11)
    # Play the lowest card each turn until a row must be chosen.
    for _ in range(40):
        assert run_until(app, lambda: table.timeline.idle and table.my_decision() is not None, 120)
        if table.my_decision() == "row":
            break
        table.selected = table.board["hand"][0]
        table.play()
    assert table.my_decision() == "row"
    card = table.session.mirrors[0].view["pending"][0][0]
    key(app, pygame.K_3)
    assert run_until(
        app,
        lambda: (
            card in table.session.mirrors[0].view["rows"][2]
            or table.session.mirrors[0].view["phase"] != "row-choice"
        ),
    )
    assert table.session.mirrors[0].view["rows"][2][0] == card


def test_couch_privacy_screen_before_each_local_player(app):
    table = start_table(
        app, "take5", ["human", "human", "bot:easy"], seed=3, names=["Ana", "Ben", "Bot"]
    )
    assert run_until(app, lambda: table.privacy_for is not None)
    first = table.privacy_for
    assert table.perspective is None  # nobody's hand is on screen behind the privacy screen
    key(app, pygame.K_RETURN)
    assert table.perspective == first
    assert table.board["hand"] == table.session.mirrors[first].view["hand"]
    table.selected = table.board["hand"][0]
    table.play()
    assert run_until(app, lambda: table.privacy_for is not None and table.privacy_for != first)
    second = table.privacy_for
    key(app, pygame.K_RETURN)
    assert table.perspective == second
    assert table.board["hand"] == table.session.mirrors[second].view["hand"]
    assert set(table.board["hand"]).isdisjoint(table.session.mirrors[first].view["hand"])


def test_couch_keeps_the_seat_on_screen_while_it_must_decide(app):
    # Ana and Ben choose at once; each seat's view reaches the table on its own link, in
    # any order. Had Ben's come first, he would open the privacy screen before Ana's
    # arrived: Ana's view must not then take the screen (and his hand) away from him.
    table = start_table(
        app, "take5", ["human", "human", "bot:easy"], seed=3, names=["Ana", "Ben", "Bot"]
    )
    assert run_until(
        app,
        lambda: (
            table.privacy_for is not None and table.seats[0].awaited() and table.seats[1].awaited()
        ),
    )
    table.privacy_for = None  # as if the screen had been up for Ben and he opened it
    table.set_perspective(1)
    assert run_until(app, lambda: table.deciding(), 5)
    assert table.perspective == 1 and table.privacy_for is None
    table.selected = table.board["hand"][0]
    table.play()
    assert run_until(app, lambda: table.privacy_for == 0)  # then the screen passes to Ana
    assert table.perspective is None


def test_bots_only_table_reaches_results(app):
    from client.scenes.results import ResultsScene

    table = start_table(app, "take5", ["bot:easy", "bot:easy"], seed=2, options={"threshold": 5})
    table.timeline.speed = 50
    assert run_until(app, lambda: isinstance(app.scene, ResultsScene), 600)
    view = app.scene.view
    assert view["over"] and view["winners"]
    assert app.scene.info["rows"][0][2] and app.scene.info["rows"][0][1].endswith("bullheads")


def test_parse_seats_and_names():
    assert parse_seats(" Human,bot:hard,bot") == ["human", "bot:hard", "bot"]
    with pytest.raises(ValueError, match="unknown seat 'robot'"):
        parse_seats("human,robot")
    assert default_names(["human", "bot:easy", "human"], "Ana") == [
        "Ana",
        "Bot 2 (easy)",
        "Player 2",
    ]


def test_apply_delta_sets_and_deletes():
    assert apply_delta({"a": 1, "b": 2}, {"set": {"a": 5, "c": 3}, "del": ["b"]}) == {
        "a": 5,
        "c": 3,
    }


def test_settings_round_trip_and_bad_values(tmp_path):
    path = tmp_path / "settings.json"
    s = Settings(name="Zoé", window=[1600, 900], fullscreen=True, animation_speed=2.0)
    s.save(path)
    assert Settings.load(path) == s
    path.write_text('{"name": "", "window": [5, 5], "animation_speed": 99, "x": 1}')
    assert Settings.load(path) == Settings()
    path.write_text("not json")
    assert Settings.load(path) == Settings()


def test_rules_help_opens_with_f1_and_closes(app):
    table = start_table(app, "take5", ["human", "bot:easy"], seed=1)
    assert run_until(app, lambda: table.board is not None)
    key(app, pygame.K_F1)
    assert table.help_open
    before = app.screen.copy()
    key(app, pygame.K_DOWN)
    assert table.help_scroll == 40
    key(app, pygame.K_ESCAPE)
    assert not table.help_open and app.scene is table  # Esc closed help, not the table
    after = app.screen.copy()
    assert before.get_at((640, 40)) != after.get_at((640, 40))  # the overlay was drawn


def test_rules_text_of_every_game_exists():
    from client.help import rules_text
    from engine import GAME_IDS

    for game_id in GAME_IDS:
        paragraphs = rules_text(game_id, "en")
        assert len(paragraphs) >= 5
    assert rules_text("take5", "en")[0] == "Take 5 (6 nimmt!)"


def test_window_resize_keeps_card_proportions(app):
    table = start_table(app, "take5", ["human", "bot:easy"], seed=1)
    assert run_until(app, lambda: table.board is not None)
    ratio = table.ch / table.cw
    app.frame(1 / 30, [pygame.event.Event(pygame.VIDEORESIZE, w=1920, h=1080, size=(1920, 1080))])
    assert app.size == (1920, 1080) and table.k == 1.5
    assert abs(table.ch / table.cw - ratio) < 0.02
    app.frame(1 / 30, [pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=720, size=(1600, 720))])
    assert table.k == 1.0  # the smaller ratio: cards are never stretched


def test_sounds_load_from_their_cache_and_are_harmless_without_audio(tmp_path, monkeypatch):
    from client import sound

    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path))
    pygame.mixer.quit()
    sounds = sound.Sounds(volume=0.5)  # SDL's dummy audio driver: a device that plays
    assert set(sounds.effects) == set(sound.EFFECTS)
    for name in sound.EFFECTS:
        sounds.play(name)
    sounds.play("no-such-effect")  # ignored
    cached = sorted(p.name.split("-")[1] for p in (tmp_path / "cache").glob("sound-*.pcm"))
    assert cached == sorted(sound.EFFECTS)
    freqs, seconds, noise, decay = sound.EFFECTS["row"]
    made = sound._tone(freqs, seconds, noise=noise, decay=decay)
    assert sound.samples("row") == made and len(made) == 2 * int(sound.RATE * seconds)
    # No audio device: no effects, and playing is a no-op.
    pygame.mixer.quit()

    def no_device(*args, **kw):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    silent = sound.Sounds(volume=0.5)
    assert silent.effects == {} and not silent.available
    silent.play("win")


def test_a_second_play_before_the_host_answers_is_not_sent(app):
    table = start_table(app, "take5", ["human", "bot:easy", "bot:easy"], seed=12)
    refusals = []
    table.on_refused = lambda seat, error: refusals.append(error)
    assert run_until(app, lambda: table.my_decision() == "choose" and table.timeline.idle)
    hand = list(table.board["hand"])
    table.selected = hand[0]
    table.play()
    table.selected = hand[1]
    table.play()  # a quick second click: ignored until the host answers
    assert table.selected == hand[1]
    assert run_until(app, lambda: hand[0] not in table.session.mirrors[0].view["hand"])
    assert hand[1] in table.session.mirrors[0].view["hand"]
    assert refusals == []  # the host never saw a second choice
