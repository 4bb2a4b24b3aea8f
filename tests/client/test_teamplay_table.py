"""Teamplay's table: renders from real views; keyboard and mouse input become the right
actions at the host (the set-up keep/swap, draws from the bank and the pile, a mission
completed with the selected cards, a face-down gift to the partner, the hand-limit
discard, the end of the turn); missions light up live while selecting; a mission's
description shows on hover and on Tab; couch play hides hands; LAN play uses the same
table; a bots-only table reaches the results (teamplay.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame

from client.launch import start_table
from client.tables.teamplay import faces as tc
from client.tables.teamplay import layout
from client.tables.teamplay import TeamplayTable
from engine import get_bot
from engine.teamplay import card
from engine.teamplay.missions import completions
from tests.client.conftest import run_until

GAME_ID = "teamplay"
FOUR = ["human", "bot:normal", "bot:normal", "bot:normal"]


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


def move_mouse(app, pos):
    app.frame(
        1 / 30, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    )


def seated(app, seats=FOUR, seed=5, **kw):
    table = start_table(app, GAME_ID, seats, seed=seed, **kw)
    table.session.set_bot_delay(0.0)
    return table


def ready(table) -> bool:
    return table.deciding() or bool(table.board and table.board.get("over"))


def play_until(app, table, test, limit=400) -> bool:
    """Let a normal bot play the shown seat (through the table) until ``test()``."""
    helper = get_bot(GAME_ID, "normal", 3)
    for _ in range(limit):
        if not run_until(app, lambda: ready(table), 60) or table.board.get("over"):
            return False
        if test():
            return True
        mirror = table.session.mirrors[table.me]
        table.selected = []
        table.seat.send(helper.choose(mirror.view, mirror.legal))
    return False


def keep_setup(app, table) -> None:
    """Keep the set-up mission (K) and wait for the first turn."""
    assert run_until(app, lambda: table.mode() == "fresh")
    key(app, pygame.K_k)
    assert run_until(app, lambda: table.mode() == "play", 30)


# ---------------------------------------------------------------- rendering, set-up
def test_the_table_renders_the_setup_choice_from_the_view(app):
    table = seated(app)
    assert run_until(app, lambda: table.mode() == "fresh")
    mirror = table.session.mirrors[0]
    assert table.board["hand"] == mirror.view["hand"] and len(table.board["hand"]) == 1
    m = mirror.view["own"][0][0]
    assert table.fresh_mission() == m and table.is_fresh((0, 0))
    assert table.status_line() == (
        f"Set-up: keep your mission {m} (K) or swap it once for the next (R), which you must keep"
    )
    app.frame(1 / 30, [])
    # The keep-or-swap panel is drawn (its Keep button in gold).
    r = layout.choice_button(table, "keep")
    assert tuple(app.screen.get_at((r.x + 4, r.centery)))[:3] == (244, 196, 48)


def test_swap_in_setup_rejects_once_and_keep_starts_the_turn(app):
    table = seated(app)
    assert run_until(app, lambda: table.mode() == "fresh")
    mirror = table.session.mirrors[0]
    old = mirror.view["own"][0][0]
    key(app, pygame.K_r)
    assert run_until(app, lambda: old in mirror.view["mission_discard"], 10)
    assert mirror.view["own"][0][0] != old
    assert run_until(app, lambda: table.mode() == "play", 30)  # bots decided, my turn
    assert mirror.view["phase"] == "play" and mirror.view["turn_seat"] == 0


def test_keys_draw_from_bank_and_pile_then_end_the_turn(app):
    table = seated(app)
    keep_setup(app, table)
    mirror = table.session.mirrors[0]
    assert table.status_line().startswith("Your turn: draw 2 more cards")
    key(app, pygame.K_e)  # refused in the table: draws are compulsory
    assert table.message == "Draw 2 more cards first (bank 1–3 or pile D)"
    bank0 = mirror.view["bank"][0]
    key(app, pygame.K_1)
    assert run_until(app, lambda: mirror.view["draws_left"] == 1 and table.deciding(), 10)
    assert bank0 in mirror.view["hand"] and bank0 in table.board["hand"]
    key(app, pygame.K_d)
    assert run_until(app, lambda: mirror.view["draws_left"] == 0 and table.deciding(), 10)
    assert len(mirror.view["hand"]) == 3
    key(app, pygame.K_e)
    assert run_until(app, lambda: mirror.view["turn"] >= 1, 10)  # the bots play on


def test_mouse_draws_and_selects(app):
    table = seated(app)
    keep_setup(app, table)
    mirror = table.session.mirrors[0]
    bank2 = mirror.view["bank"][2]
    click(app, layout.bank_rect(table, 2).center)
    assert run_until(app, lambda: bank2 in mirror.view["hand"] and table.deciding(), 10)
    size = mirror.view["deck_size"]
    click(app, layout.deck_rect(table).center)
    assert run_until(app, lambda: mirror.view["draws_left"] == 0 and table.deciding(), 10)
    assert mirror.view["deck_size"] == size - 1
    hand = table.board["hand"]
    click(app, layout.hand_slot(table, 1, len(hand)).center)
    assert table.selected == [hand[1]]
    click(app, layout.hand_slot(table, 1, len(hand)).move(0, -table.s(18)).center)
    assert table.selected == []


# ---------------------------------------------------------------- missions
def test_missions_light_up_live_while_selecting(app):
    table = seated(app)
    keep_setup(app, table)
    sent = []
    table.session.send = lambda seat, action: sent.append(action)
    b = table.board
    b["hand"] = [card(3, "red"), card(3, "blue"), card(5, "red"), card(7, "blue")]
    b.own("own")[0] = ["P1"]  # a pair, any colour
    b["general"] = "S5"  # any cards summing to 12
    table.session.mirrors[0].legal = [  # what the host would list for that hand
        {"type": "complete", "mission": m, "cards": list(cs)}
        for m in ("P1", "S5")
        for cs in completions(m, b["hand"])
    ]
    assert table.mission_state((0, 0)) == "ready" and table.mission_state("general") == "ready"
    assert table.mission_state((1, 0)) is None  # another player's mission: never lit
    key(app, pygame.K_SPACE)  # the 3 red
    assert table.mission_state((0, 0)) == "partial"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)  # + the 3 blue: a pair
    assert table.mission_state((0, 0)) == "exact"
    assert table.mission_state("general") is None  # 6 is no part of a 12
    assert table.status_line() == (
        "These cards complete P1 (1 point): press C or click the gold mission"
    )
    key(app, pygame.K_c)
    assert sent == [
        {"type": "complete", "mission": "P1", "cards": [card(3, "red"), card(3, "blue")]}
    ]
    assert table.selected == []
    # 5 + 7 = 12 completes the general mission by a click on it.
    table.seat.waiting = False  # (nothing reached the host: no answer comes)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    assert table.mission_state("general") == "exact"
    click(app, layout.general_rect(table).center)
    assert sent[-1] == {
        "type": "complete",
        "mission": "S5",
        "cards": [card(5, "red"), card(7, "blue")],
    }


def test_a_mission_completed_with_the_keyboard_reaches_the_host(app):
    table = seated(app, seed=11)
    keep_setup(app, table)

    def completable():
        return table.mode() == "play" and any(table.options_for(k) for k in table.my_places())

    assert play_until(app, table, completable)
    k = next(k for k in table.my_places() if table.options_for(k))
    cards_ = table.options_for(k)[0]
    hand = table.board["hand"]
    table.cursor = 0
    for i, c in enumerate(hand):
        if c in cards_:
            while table.cursor != i:
                key(app, pygame.K_RIGHT)
            key(app, pygame.K_SPACE)
    assert sorted(table.selected) == list(cards_)
    assert table.mission_state(k) == "exact"
    m = table.mission_at(k)
    mirror = table.session.mirrors[0]
    before = list(mirror.view["done"][0])
    table.focus = k
    key(app, pygame.K_c)
    assert run_until(app, lambda: mirror.view["done"][0] == before + [m], 10)
    assert all(c not in mirror.view["hand"] for c in cards_)


def test_hover_and_tab_show_a_missions_description(app):
    table = seated(app)
    assert run_until(app, lambda: table.board is not None)
    move_mouse(app, layout.general_rect(table).center)
    assert table.hover == "general"
    g = table.board["general"]
    assert (
        tc.describe(g)[1] == __import__("engine.teamplay", fromlist=["MISSIONS"]).MISSIONS[g].text
    )
    key(app, pygame.K_TAB)
    assert table.focus == "general" and table.hover is None
    key(app, pygame.K_TAB)
    assert table.focus == (0, 0)
    key(app, pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert table.focus == "general"
    app.frame(1 / 30, [])  # the tooltip draws


def test_card_language_marks_colour_by_shape_too():
    toks, joins, tag = tc.tokens("T5")  # one number as a red pair and a blue pair
    assert toks == [("red", "★", None)] * 2 + [("blue", "★", None)] * 2 and tag is None
    toks, joins, tag = tc.tokens("T6")  # a red pair + a blue pair of different numbers
    assert [g for _c, g, _l in toks] == ["★", "★", "▲", "▲"]
    toks, joins, tag = tc.tokens("S1")
    assert joins == ["+", "="] and all(c == "red" for c, _g, _l in toks)
    toks, joins, tag = tc.tokens("P6")
    assert all(line == "odd" for _c, _g, line in toks)
    assert tc.tokens("R1")[0] == [("red", g, None) for g in "abcde"]
    assert tc.tokens("C1")[2] == "one colour"
    assert tc.tokens("S5")[2] == "… = 12"
    assert tc.describe("P4") == ["Mission P4 · 5 points · 4 cards", "2 different red pairs"]


# ---------------------------------------------------------------- gift, hand limit
def test_give_two_cards_to_the_partner_face_down(app):
    table = seated(app, seed=11)
    keep_setup(app, table)
    assert play_until(
        app,
        table,
        lambda: (
            table.mode() == "play"
            and table.can_give()
            and len(table.board["hand"]) >= 2
            and table.board["turn"] >= 4
        ),
    )
    mirror = table.session.mirrors[0]
    partner_before = mirror.view["hand_sizes"][2]
    gifts_before = len(mirror.view["gifts"])
    hand = table.board["hand"]
    table.cursor = 0
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_g)
    assert run_until(app, lambda: mirror.view["gave"] and table.timeline.idle, 10)
    assert mirror.view["hand_sizes"][2] == partner_before + 2
    assert mirror.view["gifts"][gifts_before] == {"from": 0, "to": 2, "cards": hand[:2]}
    key(app, pygame.K_g)
    assert table.message == "You gave cards to your partner already this turn"


def test_hand_limit_discard_with_keys(app):
    table = seated(app, seed=16)
    keep_setup(app, table)
    assert play_until(app, table, lambda: table.mode() == "discard")
    mirror = table.session.mirrors[0]
    n = mirror.view["must_discard"]
    assert n >= 1 and table.status_line().startswith("Hand limit 6: select")
    key(app, pygame.K_RETURN)
    assert table.message.startswith("Select")
    table.cursor = 0
    for _ in range(n):
        key(app, pygame.K_SPACE)
        key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: mirror.view["must_discard"] == 0 and table.deciding(), 10)
    assert len(mirror.view["hand"]) == 6


# ---------------------------------------------------------------- couch, LAN, results
def test_couch_privacy_screen_hides_hands(app):
    table = seated(
        app, ["human", "bot:normal", "human", "bot:normal"], names=["Ana", "Bot 2", "Ben", "Bot 4"]
    )
    assert run_until(app, lambda: table.privacy_for is not None)
    assert table.privacy_for == 0 and table.perspective is None
    assert table.board.get("hand") == []
    key(app, pygame.K_RETURN)
    assert table.perspective == 0
    assert table.board["hand"] == table.session.mirrors[0].view["hand"]
    key(app, pygame.K_k)  # Ana keeps; the bot decides; then Ben behind the screen
    assert run_until(app, lambda: table.privacy_for == 2, 30)
    key(app, pygame.K_RETURN)
    assert table.perspective == 2 and table.mode() == "fresh"
    assert table.who(2) == "Ben"  # on a couch names, not "You"


def test_lan_seat_plays_through_the_same_table(app):
    from client.scenes.lobby import LobbyScene
    from client.session import TableSession
    from net.client import connect
    from net.local import LocalHost

    host = LocalHost(GAME_ID, ["open", "bot:easy", "bot:easy", "bot:easy"], 5, {}, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        conn = connect(f"127.0.0.1:{port}", player="Zoé")
        session = TableSession.join(conn)
        app.switch(LobbyScene(app, session))
        assert run_until(app, lambda: isinstance(app.scene, TeamplayTable), 10)
        table = app.scene
        assert run_until(app, lambda: table.mode() == "fresh", 20)
        key(app, pygame.K_k)
        assert run_until(app, lambda: table.mode() == "play", 20)
        mirror = table.session.mirrors[0]
        key(app, pygame.K_d)
        assert run_until(app, lambda: mirror.view["draws_left"] == 1, 10)
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()


def test_bots_only_table_reaches_the_results(app):
    from client.scenes.results import ResultsScene

    table = seated(app, ["bot:normal"] * 4)
    table.timeline.speed = 50
    assert run_until(app, lambda: table.board is not None and table.board["over"], 600)
    assert run_until(app, lambda: isinstance(app.scene, ResultsScene), 10)
    view = app.scene.view
    rows = app.scene.info["rows"]
    assert len(rows) == 2
    best = max(range(2), key=lambda i: (view["points"][i], -view["missions"][i]))
    n = view["missions"][best]
    assert rows[0][1] == f"{view['points'][best]} pts · {n} mission{'s' if n != 1 else ''}"
    assert rows[0][2] and set(view["winners"]) == set(view["teams"][best])


def test_summary_rows_by_points_then_fewer_missions():
    view = {
        "teams": [[0, 2], [1, 3]],
        "points": [20, 20],
        "missions": [7, 6],
        "winners": [1, 3],
        "has_teams": True,
    }
    info = TeamplayTable.summary(view, ["Ana", "Bot 2 (hard)", "Ben", "Bot 4 (easy)"], 0)
    assert info["headline"] == "Team B wins!"  # the team, not its players
    assert info["rows"] == [
        ("Team B: Bot 2 & Bot 4", "20 pts · 6 missions", True),
        ("Team A: You & Ben", "20 pts · 7 missions", False),
    ]
    assert "columns" not in info  # no "done" in the view: no missions column
    view["done"] = [["P1"], ["S5", "H3"], [], ["P2"]]
    info = TeamplayTable.summary(view, ["Ana", "Bot 2 (hard)", "Ben", "Bot 4 (easy)"], 1)
    assert info["headline"] == "Your team wins!" and info["columns"] == ["Missions completed"]
    assert info["rows"] == [
        ("Team B: You & Bot 4", "20 pts · 6 missions", True, ["S5 H3 P2"]),
        ("Team A: Ana & Ben", "20 pts · 7 missions", False, ["P1"]),
    ]


def test_final_round_banner(app):
    table = seated(app, ["bot:normal"] * 4, options={"end_at": 1})
    table.timeline.speed = 50
    assert run_until(
        app,
        lambda: (
            table.board is not None and table.board["end_announced"] and not table.board["over"]
        ),
        120,
    )
    app.frame(1 / 30, [])
    band = (table.w // 2, table.s(46))
    assert tuple(app.screen.get_at(band))[:3] == (170, 40, 40)


# ---------------------------------------------------------------- the commands
def test_headless_json(capsys):
    from client.cli import main

    assert (
        main(["play", GAME_ID, "--seats", "bot,bot,bot,bot", "--headless", "--seed", "5", "--json"])
        == 0
    )
    line = json.loads(capsys.readouterr().out.strip())
    assert line["game"] == GAME_ID and len(line["scores"]) == 4
    assert line["scores"][0] == line["scores"][2] and line["scores"][1] == line["scores"][3]


def test_autoquit_screenshot_command(tmp_path):
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
            "bot,bot,bot,bot",
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
