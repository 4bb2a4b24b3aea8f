"""The Game's table: renders from real views, mouse and keyboard input become the right
actions at the host (plays, end of turn, signals at any time, the declared block),
couch play hides hands, LAN play uses the same table, a bots-only table reaches the
results (the-game.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame

from client.launch import start_table
from client.tables.the_game import faces, layout
from client.tables.the_game import TheGameTable
from client.tables.the_game.paint import TRICK
from engine import get_bot
from engine.the_game import fits
from tests.client.conftest import pause_bots, run_until

GAME_ID = "the-game"
FIRST = {"start": 0}


def click(app, pos):
    app.frame(
        1 / 30,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
        ],
    )


def key(app, k, mod=0):
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])


def my_turn(table) -> bool:
    return table.deciding()


def seated(app, seats, seed=5, options=FIRST, **kw):
    table = start_table(app, GAME_ID, seats, seed=seed, options=options, **kw)
    return table


def recording(table) -> list[dict]:
    sent: list[dict] = []
    table.session.send = lambda seat, action: sent.append(action)
    return sent


# ---------------------------------------------------------------- rendering
def test_the_table_renders_piles_with_direction_and_the_hand(app):
    table = seated(app, ["human", "bot:easy"])
    assert run_until(app, lambda: my_turn(table))
    mirror = table.session.mirrors[0]
    assert table.board["hand"] == mirror.view["hand"] and len(table.board["hand"]) == 7
    assert table.status_line() == (
        "Your turn: play at least 2 more cards. Pick a card, then a lit pile"
    )
    assert table.button_kind() == "wait"
    app.frame(1 / 30, [])
    # The start markers: the pile's tint around an arrow (and the words UP / DOWN).
    for i, tint in (
        (0, faces.UP_TINT),
        (1, faces.UP_TINT),
        (2, faces.DOWN_TINT),
        (3, faces.DOWN_TINT),
    ):
        rect = layout.top_rect(table, i)
        assert (
            tuple(app.screen.get_at((rect.x + table.s(10), rect.bottom - table.s(10))))[:3] == tint
        )


def test_a_selected_card_lights_only_the_piles_it_fits(app):
    table = seated(app, ["human", "bot:easy"])
    assert run_until(app, lambda: my_turn(table))
    hand = table.board["hand"]
    click(app, table.hand_slot(0, len(hand)).center)
    assert table.selected == hand[0]
    assert sorted(table.selected_choice()[1]) == ["asc1", "asc2", "desc1", "desc2"]
    # Play it on asc1 (click the pile), then a card below it lights asc2 and the downs.
    low, high = hand[0], hand[1]
    click(app, table.pile_rect(0).center)
    mirror = table.session.mirrors[0]
    assert run_until(app, lambda: mirror.view["piles"]["asc1"] == [low] and my_turn(table), 10)
    key(app, pygame.K_1)
    assert table.selected == high
    lit = table.selected_choice()[1]
    tops = mirror.view["tops"]
    assert lit == [p for i, p in enumerate(layout.PILES) if fits(high, i, tops[p])]
    assert "asc1" in lit  # higher than the 'low' card
    app.frame(1 / 30, [])
    click(app, table.hand_slot(0, len(table.board["hand"])).move(0, -table.s(14)).center)
    assert table.selected is None  # again: unselect


def test_a_backwards_trick_is_marked(app):
    """Staged on the display model and the legal list (nothing sent): 32 on a
    descending pile at 22 is a backwards trick, on the ascending pile at 22 a jump."""
    table = seated(app, ["human", "bot:easy"])
    assert run_until(app, lambda: my_turn(table))
    b = table.board
    b["hand"] = [32, 40]
    b.own("tops").update({"asc1": 22, "asc2": 50, "desc1": 22, "desc2": 30})
    table.session.mirrors[0].legal = [
        {"type": "play", "card": 32, "pile": "asc1"},
        {"type": "play", "card": 32, "pile": "desc1"},
    ]
    key(app, pygame.K_1)
    assert table.selected_choice() == (32, ["asc1", "desc1"])
    assert table.is_trick(32, "desc1") and not table.is_trick(32, "asc1")
    assert "backwards trick" in table.status_line()
    app.frame(1 / 30, [])
    rect = layout.top_rect(table, 2).inflate(table.s(10), table.s(10))
    assert tuple(app.screen.get_at((rect.x + 1, rect.centery)))[:3] == TRICK


# ---------------------------------------------------------------- input → actions
def test_keys_play_two_cards_and_end_the_turn(app):
    table = seated(app, ["human", "bot:easy"])
    assert run_until(app, lambda: my_turn(table))
    mirror = table.session.mirrors[0]
    hand = list(table.board["hand"])
    key(app, pygame.K_RIGHT)
    assert table.selected == hand[0]
    key(app, pygame.K_a)  # lowest card on the first UP pile
    assert run_until(app, lambda: my_turn(table) and mirror.view["played"] == 1, 10)
    key(app, pygame.K_e)
    assert "Play 1 more card" in table.message
    key(app, pygame.K_1 + len(hand) - 2)  # the highest card
    key(app, pygame.K_KP3)  # keypad 3: the first DOWN pile
    assert run_until(app, lambda: my_turn(table) and mirror.view["played"] == 2, 10)
    assert mirror.view["piles"] == {"asc1": [hand[0]], "asc2": [], "desc1": [hand[-1]], "desc2": []}
    assert table.button_kind() == "end"
    key(app, pygame.K_e)
    assert run_until(app, lambda: mirror.view["turn"] == 1, 10)
    assert len(mirror.view["hand"]) == 7  # drawn back up


def test_enter_plays_on_the_only_pile_and_refusals_explain(app):
    table = seated(app, ["human", "bot:easy"])
    assert run_until(app, lambda: my_turn(table))
    key(app, pygame.K_1)
    key(app, pygame.K_RETURN)
    assert "several piles" in table.message
    b = table.board
    sent = recording(table)
    b.own("tops").update({"asc1": 98, "asc2": 98, "desc1": 3, "desc2": b["hand"][0] + 10})
    table.session.mirrors[0].legal = [{"type": "play", "card": b["hand"][0], "pile": "desc2"}]
    key(app, pygame.K_a)
    assert "does not fit on the UP pile at 98" in table.message and sent == []
    key(app, pygame.K_RETURN)
    assert sent == [{"type": "play", "card": b["hand"][0], "pile": "desc2"}]


def test_signals_by_key_combo_and_toggle_also_out_of_turn(app):
    table = seated(app, ["human", "bot:easy"], options={"start": 1})
    pause_bots(app, table, 3600.0)  # the bot's turn lasts
    mirror = table.session.mirrors[0]
    assert run_until(app, lambda: mirror.view is not None and table.board is not None, 10)
    assert not table.my_turn() and table.signal_seat() == 0
    key(app, pygame.K_a, pygame.KMOD_LSHIFT)
    assert run_until(app, lambda: mirror.view["signals"]["asc1"] == ["dont-play", None], 10)
    key(app, pygame.K_d, pygame.KMOD_LCTRL)
    assert run_until(app, lambda: mirror.view["signals"]["desc1"][0] == "can-play-well", 10)
    click(app, table.toggle_rect(3, "can-play-well").center)
    assert run_until(app, lambda: mirror.view["signals"]["desc2"][0] == "can-play-well", 10)
    # One change per pile and turn (the-game.md "Communication"): the host refuses a
    # second one and the table says why.
    key(app, pygame.K_a, pygame.KMOD_LSHIFT)
    assert run_until(app, lambda: "this turn" in (table.message or ""), 10)
    assert mirror.view["signals"]["asc1"][0] == "dont-play"
    assert "Bot 2" in table.status_line()


def test_blocked_player_declares_and_the_results_show(app):
    """Solo (seed 3): the normal bot's plan, played through the table, is blocked with
    44 cards left; only "declare blocked" is then possible."""
    from client.scenes.results import ResultsScene

    table = start_table(app, GAME_ID, ["human"], seed=3)
    helper = get_bot(GAME_ID, "normal", 3)
    mirror = table.session.mirrors[0]
    for _ in range(200):
        assert run_until(app, lambda: my_turn(table), 10)
        if table.board["blocked"]:
            break
        table.seat.send(helper.choose(mirror.view, mirror.legal))
    assert table.board["blocked"] and mirror.legal == [{"type": "declare-blocked"}]
    assert table.button_kind() == "blocked" and table.signal_seat() is None
    assert "declare the block" in table.status_line()
    key(app, pygame.K_e)
    assert "declare the block" in table.message
    app.frame(1 / 30, [])
    click(app, table.action_button().center)
    assert run_until(app, lambda: isinstance(app.scene, ResultsScene), 20)
    info = app.scene.info
    assert app.scene.view["cards_left"] == 44
    assert info["headline"] == "Blocked: 44 cards left"
    assert info["rows"][0][0] == "You" and info["rows"][-1][0] == "Draw pile"


# ---------------------------------------------------------------- couch, LAN, results
def test_couch_privacy_screen_and_public_signals(app):
    table = seated(app, ["human", "bot:easy", "human"], names=["Ana", "Bot 2", "Ben"])
    pause_bots(app, table, 3600.0)
    assert run_until(app, lambda: table.privacy_for is not None)
    assert table.privacy_for == 0 and table.perspective is None
    app.frame(1 / 30, [])
    key(app, pygame.K_RETURN)
    assert table.perspective == 0
    assert table.board["hand"] == table.session.mirrors[0].view["hand"]
    mirror = table.session.mirrors[0]
    for k in (pygame.K_a, pygame.K_s):
        key(app, pygame.K_1)
        key(app, k)
        assert run_until(app, lambda: my_turn(table), 10)
    key(app, pygame.K_e)
    assert run_until(app, lambda: table.perspective is None and table.timeline.idle, 10)
    assert mirror.view["turn"] == 1 and table.privacy_for is None
    # The public view signals for a chosen local player: Tab switches to Ben.
    assert table.signal_seat() == 0
    key(app, pygame.K_TAB)
    assert table.signal_seat() == 2
    key(app, pygame.K_f, pygame.KMOD_LSHIFT)
    public = table.session.mirrors[None]
    assert run_until(app, lambda: public.view["signals"]["desc2"] == [None, None, "dont-play"])
    assert table.board.get("hand") == []  # the public view shows no hand


def test_lan_seat_plays_through_the_same_table(app):
    from client.scenes.lobby import LobbyScene
    from client.session import TableSession
    from net.client import connect
    from net.local import LocalHost

    host = LocalHost(GAME_ID, ["open", "bot:easy"], 5, {"start": 0}, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        conn = connect(f"127.0.0.1:{port}", player="Zoé")
        session = TableSession.join(conn)
        app.switch(LobbyScene(app, session))
        assert run_until(app, lambda: isinstance(app.scene, TheGameTable), 10)
        table = app.scene
        assert run_until(app, lambda: my_turn(table), 20)
        c = table.board["hand"][0]
        key(app, pygame.K_1)
        key(app, pygame.K_s)
        mirror = table.session.mirrors[0]
        assert run_until(app, lambda: mirror.view["piles"]["asc2"] == [c], 10)
        key(app, pygame.K_d, pygame.KMOD_LSHIFT)
        assert run_until(app, lambda: mirror.view["signals"]["desc1"][0] == "dont-play", 10)
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()


def test_bots_only_table_reaches_the_results(app):
    from client.scenes.results import ResultsScene

    table = start_table(app, GAME_ID, ["bot:normal", "bot:normal", "bot:normal"], seed=5)
    table.session.set_bot_delay(0.0)
    table.timeline.speed = 50
    assert run_until(app, lambda: table.board is not None and table.board["over"], 600)
    assert run_until(app, lambda: isinstance(app.scene, ResultsScene), 10)
    view = app.scene.view
    left = view["cards_left"]
    assert left == sum(view["hand_sizes"]) + view["deck"]
    assert view["result"]["scores"] == [left] * 3  # as `tapete play --headless --seed 5`
    info = app.scene.info
    assert len(info["rows"]) == 4


def test_summary_words_victory_excellent_and_blocked():
    names = ["Ana", "Ben"]
    won = {"cards_left": 0, "hand_sizes": [0, 0], "deck": 0}
    info = TheGameTable.summary(won, names, None)
    assert info["headline"] == "Victory! All 98 cards played"
    assert info["rows"][0] == ("Ana", "0 cards left in hand", True)
    good = {"cards_left": 7, "hand_sizes": [3, 4], "deck": 0}
    assert TheGameTable.summary(good, names, 1)["headline"] == "Excellent! Only 7 cards left"
    assert TheGameTable.summary(good, names, 1)["rows"][1] == ("You", "4 cards left in hand", False)
    bad = {"cards_left": 31, "hand_sizes": [6, 5], "deck": 20}
    info = TheGameTable.summary(bad, names, 0)
    assert info["headline"] == "Blocked: 31 cards left"
    assert info["rows"][-1] == ("Draw pile", "20 cards", False)


# ---------------------------------------------------------------- the commands
def test_headless_json_scores_are_the_cards_left(capsys):
    from client.cli import main

    assert (
        main(["play", GAME_ID, "--seats", "bot,bot,bot", "--headless", "--seed", "5", "--json"])
        == 0
    )
    line = json.loads(capsys.readouterr().out.strip())
    assert line["game"] == GAME_ID and len(set(line["scores"])) == 1
    assert line["winners"] == ([0, 1, 2] if line["scores"][0] == 0 else [])


def test_autoquit_screenshot_command_solo(tmp_path):
    out = tmp_path / "out.png"
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        TAPETE_CONFIG_DIR=str(tmp_path / "cfg"),
    )
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "client",
            "play",
            GAME_ID,
            "--seats",
            "bot",
            "--seed",
            "5",
            "--autoquit",
            "--screenshot",
            str(out),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert pygame.image.load(str(out)).get_size() == (1280, 720)
