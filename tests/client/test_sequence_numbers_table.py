"""The Sequence Numbers table: renders from real views, mouse and keyboard input become
the right actions at the host, couch play hides hands, LAN play uses the same table,
a bots-only table reaches the results (sequence-numbers.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame
import pytest

from client.launch import start_table
from client.tables.sequence_numbers import faces as draw
from client.tables.sequence_numbers import SequenceNumbersTable
from engine.sequence_numbers import GAME
from tests.client.conftest import run_until

GAME_ID = "sequence-numbers"


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


def equation_with_spaces(table) -> int:
    """Index of a hand card that is an equation with an open space."""
    return next(
        i for i, f in enumerate(table.hand()) if f not in ("plus", "minus") and table.targets_for(f)
    )


def seed_with(card: str, players: int = 2) -> int:
    """A seed whose deal gives seat 0 ``card``."""
    return next(s for s in range(500) if card in GAME.setup(players, s).hands[0])


# ---------------------------------------------------------------- faces
def test_card_faces_read_as_the_rules_say():
    assert draw.answer_of("12+7") == 19 and draw.answer_of("30-11") == 19
    assert draw.answer_of("plus") is None and draw.answer_of("minus") is None
    assert draw.face_text("30-11") == "30 − 11" and draw.face_text("plus") == "Plus"
    assert [draw.group_of(n) for n in (1, 9, 10, 19, 20, 39, 40, 48)] == [0, 0, 1, 1, 2, 3, 4, 4]


# ---------------------------------------------------------------- rendering
def test_the_table_renders_the_board_tinted_by_group_and_the_hand(app):
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=5)
    assert run_until(app, lambda: my_turn(table))
    assert len(table.hand()) == 5  # 2 players: 5 cards each
    app.frame(1 / 30, [])
    numbers = table.board["board"]
    for r, c in ((1, 0), (2, 3), (5, 5), (9, 4)):
        rect = table.cell_rect(r, c)
        pixel = tuple(app.screen.get_at((rect.x + table.s(5), rect.centery)))[:3]
        assert pixel == draw.GROUP_TINTS[draw.group_of(numbers[r][c])]
    assert table.status_line().startswith("Your turn")


def test_a_selected_card_lights_its_answers_spaces_and_veils_the_rest(app):
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=5)
    assert run_until(app, lambda: my_turn(table))
    i = equation_with_spaces(table)
    click(app, table.hand_slot(i, len(table.hand())).center)
    assert table.selected == i
    face = table.hand()[i]
    lit = table.targets()
    n = draw.answer_of(face)
    assert lit and all(table.board["board"][r][c] == n for r, c in lit)
    assert table.cursor in lit  # the cursor jumped to the card's nearest space
    app.frame(1 / 30, [])
    dark = next(
        (r, c)
        for r in range(10)
        for c in range(10)
        if (r, c) not in lit and table.board["board"][r][c] not in (0, n)
    )
    rect = table.cell_rect(*dark)
    tint = draw.GROUP_TINTS[draw.group_of(table.board["board"][dark[0]][dark[1]])]
    assert tuple(app.screen.get_at((rect.x + table.s(5), rect.centery)))[:3] != tint
    click(app, table.hand_slot(i, len(table.hand())).center)  # again: unselect
    assert table.selected is None


# ---------------------------------------------------------------- input → actions
def test_click_a_card_then_a_lit_space_places_a_chip(app):
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=5)
    assert run_until(app, lambda: my_turn(table))
    i = equation_with_spaces(table)
    face = table.hand()[i]
    click(app, table.hand_slot(i, len(table.hand())).center)
    r, c = table.targets()[-1]
    click(app, table.cell_rect(r, c).center)
    mirror = table.session.mirrors[0]
    assert run_until(app, lambda: mirror.view["chips"][r][c] == mirror.view["colour"], 10)
    assert face in mirror.view["discards"][0]
    assert face not in mirror.view["hand"] and len(mirror.view["hand"]) == 5


def test_number_key_picks_a_card_arrows_move_and_enter_places(app):
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=6)
    assert run_until(app, lambda: my_turn(table))
    i = equation_with_spaces(table)
    key(app, pygame.K_1 + i)
    assert table.selected == i
    start = table.cursor
    key(app, pygame.K_RIGHT)
    assert table.cursor == (start[0], (start[1] + 1) % 10)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    key(app, pygame.K_LEFT)
    assert table.cursor == start
    key(app, pygame.K_RETURN)
    r, c = start
    mirror = table.session.mirrors[0]
    assert run_until(app, lambda: mirror.view["chips"][r][c] == 0, 10)


def test_tab_cycles_the_hand(app):
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=6)
    assert run_until(app, lambda: my_turn(table))
    key(app, pygame.K_TAB)
    assert table.selected == 0
    key(app, pygame.K_TAB)
    assert table.selected == 1
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert table.selected == 0


def test_a_refused_click_explains_and_sends_nothing(app):
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=5)
    assert run_until(app, lambda: my_turn(table))
    i = equation_with_spaces(table)
    key(app, pygame.K_1 + i)
    n = draw.answer_of(table.hand()[i])
    wrong = next(
        (r, c) for r in range(10) for c in range(10) if table.board["board"][r][c] not in (0, n)
    )
    click(app, table.cell_rect(*wrong).center)
    assert "does not make" in table.message
    click(app, table.cell_rect(0, 0).center)
    assert "free corner" in table.message
    app.frame(1 / 30, [])
    assert all(chip is None for row in table.session.mirrors[0].view["chips"] for chip in row)
    assert table.my_turn()


def test_a_click_on_a_space_without_a_card_picks_the_card_that_answers_it(app):
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=5)
    assert run_until(app, lambda: my_turn(table))
    i = equation_with_spaces(table)
    space = table.targets_for(table.hand()[i])[0]
    click(app, table.cell_rect(*space).center)
    assert table.selected == i and table.cursor == space


def test_plus_goes_on_any_open_space(app):
    seed = seed_with("plus")
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=seed)
    assert run_until(app, lambda: my_turn(table))
    i = table.hand().index("plus")
    key(app, pygame.K_1 + i)
    assert len(table.targets()) == 96  # every space but the four corners
    assert "Plus" in table.status_line()
    click(app, table.cell_rect(9, 8).center)
    mirror = table.session.mirrors[0]
    assert run_until(app, lambda: mirror.view["chips"][9][8] == 0, 10)
    assert "plus" in mirror.view["discards"][0]


def test_minus_removes_an_opponent_chip(app):
    seed = seed_with("minus")
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=seed)
    mirror = table.session.mirrors[0]
    for _ in range(6):
        assert run_until(app, lambda: my_turn(table), 20)
        theirs = [
            (r, c)
            for r in range(10)
            for c in range(10)
            if mirror.view["chips"][r][c] == 1 and not mirror.view["locked"][r][c]
        ]
        if theirs and "minus" in table.hand():
            break
        i = equation_with_spaces(table)
        key(app, pygame.K_1 + i)
        key(app, pygame.K_RETURN)
        assert run_until(app, lambda: not table.my_turn(), 10)
    assert theirs, "the bot placed no chip"
    key(app, pygame.K_1 + table.hand().index("minus"))
    assert set(table.targets()) == set(theirs)
    r, c = theirs[0]
    click(app, table.cell_rect(r, c).center)
    assert run_until(app, lambda: mirror.view["chips"][r][c] is None, 10)
    assert mirror.view["discards"][0][-1] == "minus"


def _recording(table) -> list[dict]:
    sent: list[dict] = []
    table.session.send = lambda seat, action: sent.append(action)
    return sent


def test_dead_card_trade_in_by_key_and_button(app):
    """A card whose two spaces are covered shows DEAD; D (or the button) trades it in.
    The covering chips and the seat's legal list are staged; the action is recorded."""
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=5)
    assert run_until(app, lambda: my_turn(table))
    b = table.board
    face = table.hand()[equation_with_spaces(table)]
    chips = b.own("chips")
    for r, c in table.targets_for(face):
        chips[r][c] = 1
    b["dead"] = [face]
    mirror = table.session.mirrors[0]
    mirror.legal = [{"type": "dead", "card": face}] + [a for a in mirror.legal if a["card"] != face]
    sent = _recording(table)
    assert table.dead_choice() == face
    assert "dead" in table.status_line()
    app.frame(1 / 30, [])
    key(app, pygame.K_d)
    assert sent == [{"type": "dead", "card": face}]
    table.seat.waiting = False  # (recorded, never answered)
    click(app, table.dead_button().center)
    assert sent[-1] == {"type": "dead", "card": face}
    table.seat.waiting = False
    mirror.legal = [a for a in mirror.legal if a["type"] != "dead"]  # once per turn
    key(app, pygame.K_d)
    assert len(sent) == 2 and "No dead card" in table.message


def test_no_playable_card_means_a_discard_with_x(app):
    table = start_table(app, GAME_ID, ["human", "bot:easy"], seed=5)
    assert run_until(app, lambda: my_turn(table))
    b = table.board
    b["hand"] = [f for f in b["hand"] if f != "plus"]
    chips, locked = b.own("chips"), b.own("locked")
    for r in range(10):
        for c in range(10):
            if b["board"][r][c]:
                chips[r][c], locked[r][c] = 1, True
    table.session.mirrors[0].legal = [{"type": "discard", "card": f} for f in b["hand"]]
    sent = _recording(table)
    assert table.stuck()
    key(app, pygame.K_x)
    assert sent == [] and "Pick the card" in table.message
    key(app, pygame.K_2)
    assert "Discard" in table.status_line()
    app.frame(1 / 30, [])
    click(app, table.discard_button().center)
    assert sent == [{"type": "discard", "card": b["hand"][1]}]


# ---------------------------------------------------------------- couch, LAN, results
def test_couch_two_teams_privacy_screen_before_each_player(app):
    table = start_table(
        app,
        GAME_ID,
        ["human", "bot:easy", "human", "bot:easy"],
        seed=4,
        names=["Ana", "Bot 2", "Ben", "Bot 4"],
    )
    assert run_until(app, lambda: table.privacy_for is not None)
    assert table.privacy_for == 0 and table.perspective is None
    key(app, pygame.K_RETURN)
    assert table.perspective == 0
    assert table.board["hand"] == table.session.mirrors[0].view["hand"]
    assert len(table.hand()) == 4  # 4 players: 4 cards each
    i = equation_with_spaces(table)
    key(app, pygame.K_1 + i)
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: table.privacy_for == 2, 30)
    assert table.perspective is None  # the public view while the screen passes
    key(app, pygame.K_RETURN)
    assert table.perspective == 2
    assert table.board["colour"] == 0  # Ben is on Ana's team
    assert set(table.board["hand"]).isdisjoint(table.session.mirrors[0].view["hand"])


def test_lan_seat_plays_through_the_same_table(app):
    from client.scenes.lobby import LobbyScene
    from client.session import TableSession
    from net.client import connect
    from net.local import LocalHost

    host = LocalHost(GAME_ID, ["open", "bot:easy"], 5, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        conn = connect(f"127.0.0.1:{port}", player="Zoé")
        session = TableSession.join(conn)
        app.switch(LobbyScene(app, session))
        assert run_until(app, lambda: isinstance(app.scene, SequenceNumbersTable), 10)
        table = app.scene
        assert run_until(app, lambda: my_turn(table), 20)
        key(app, pygame.K_1 + equation_with_spaces(table))
        r, c = table.cursor
        key(app, pygame.K_RETURN)
        mirror = table.session.mirrors[0]
        assert run_until(app, lambda: mirror.view["chips"][r][c] == 0, 10)
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()


def test_bots_only_table_reaches_the_results(app):
    from client.scenes.results import ResultsScene

    table = start_table(app, GAME_ID, ["bot:easy", "bot:normal"], seed=2)
    table.session.set_bot_delay(0.0)
    table.timeline.speed = 50
    assert run_until(app, lambda: table.board is not None and table.board["over"], 600)
    assert table.status_line() == "Bot 2 (normal) wins!"
    assert run_until(app, lambda: isinstance(app.scene, ResultsScene), 10)
    view = app.scene.view
    assert view["over"] and view["winners"] == [1]  # as `tapete play --headless --seed 2`
    rows = app.scene.info["rows"]
    assert rows[0] == ("Bot 2 (normal)", "■ Blue · 1 sequence", True)
    assert rows[1] == ("Bot 1 (easy)", "● Red · 0 sequences", False)


def test_summary_names_the_winning_team():
    view = {
        "winners": [1, 3],
        "colours": [0, 1, 0, 1],
        "sequence_counts": [1, 2],
        "needed": 2,
        "draw": False,
    }
    names = ["Ana", "Bot 2", "Ben", "Bot 4"]
    info = SequenceNumbersTable.summary(view, names, None)
    assert info["headline"] == "Team ■ Blue wins!"
    assert info["rows"] == [  # one row per team
        ("Bot 2 & Bot 4", "■ Blue · 2 sequences", True),
        ("Ana & Ben", "● Red · 1 sequence", False),
    ]
    mine = SequenceNumbersTable.summary(view, names, 0)
    assert mine["headline"] == "Team ■ Blue wins!" and mine["rows"][1][0] == "You & Ben"
    assert SequenceNumbersTable.summary(view, names, 3)["headline"] == "Your team wins!"
    draw_view = dict(view, winners=[], draw=True)
    assert SequenceNumbersTable.summary(draw_view, names, None)["subtitle"] == (
        "The cards ran out: a draw"
    )


# ---------------------------------------------------------------- the commands
def test_five_players_are_refused_with_the_engines_reason(capsys):
    from client.cli import main

    assert main(["play", GAME_ID, "--seats", "human,bot,bot,bot,bot"]) == 2
    err = capsys.readouterr().err
    assert "cannot seat 5 players" in err and "play with 2, 3, 4 or 6" in err


def test_headless_json_line(capsys):
    from client.cli import main

    assert main(["play", GAME_ID, "--seats", "bot,bot", "--headless", "--seed", "5", "--json"]) == 0
    line = json.loads(capsys.readouterr().out.strip())
    assert line["game"] == GAME_ID and len(line["scores"]) == 2


@pytest.mark.parametrize("seats", ["bot,bot"])
def test_autoquit_screenshot_command(tmp_path, seats):
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
            seats,
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


# ---------------------------------------------------------------- a line of six (issue 35)
def test_a_line_of_six_completed_at_once_is_drawn_all_turned_over(app, tmp_path):
    """sequence-numbers.md "Settled where the seed is silent": every chip of a line of
    six completed at once is turned over. The sequence beat turns all six (the event's
    ``locked``), and the table draws each with the gold mark of a locked chip, the
    band running through all six; a chip of the same colour elsewhere stays plain."""
    from client import assets
    from client.tables.sequence_numbers.layout import chip_point
    from tests.engine.test_sequence_numbers import add_card, table as sn_table

    row = [(6, c) for c in range(2, 8)]
    chips = {x: 0 for x in row if x != (6, 4)}
    chips[(2, 2)] = 0
    card = add_card(GAME.view(GAME.setup(4, 1), None)["board"][6][4])
    before = sn_table(4, chips=chips, hand=[card])
    after, events = GAME.apply(before, 0, {"type": "chip", "card": card, "row": 6, "col": 4})
    wire = [json.loads(json.dumps(e.for_seat(1))) for e in events if e.type == "sequence"]
    assert [e["locked"] for e in wire] == [[list(x) for x in row]]
    table = start_table(app, GAME_ID, ["human", "bot:easy", "bot:easy", "bot:easy"], seed=1)
    assert run_until(app, lambda: table.board is not None)
    placed = json.loads(json.dumps(GAME.view(before, 1)))
    placed["chips"][6][4] = 0  # the chip has landed; the sequence beat comes next
    table.show(placed, 1)
    for beat in table.beats_for(wire):
        for step in (beat.begin, beat.finish):
            if step is not None:
                step()
    assert [[r, c] for r in range(10) for c in range(10) if table.board["locked"][r][c]] == [
        list(x) for x in row
    ]
    assert table.board["sequences"][0] == [[list(x) for x in row]]
    table.show(json.loads(json.dumps(GAME.view(after, 1))), 1)
    table.draw(app.screen)
    pygame.image.save(app.screen, str(tmp_path / "sequence-of-six.png"))
    centre = {x: tuple(app.screen.get_at(chip_point(table, *x)))[:3] for x in row + [(2, 2)]}
    assert {centre[x] for x in row} == {assets.GOLD}  # the turned-over chip's gold mark
    assert centre[(2, 2)] == assets.WHITE  # a plain chip's white mark


@pytest.mark.parametrize(
    "code, whole, nine",
    [
        ("en", "the whole line is one sequence", "a line of nine finished at once counts as two"),
        ("es", "toda esa línea es una sola secuencia", "una línea de nueve completada"),
        ("gl", "toda esa liña é unha soa secuencia", "unha liña de nove completada"),
        ("pt", "a linha inteira é uma só sequência", "uma linha de nove completada"),
        ("hu", "az egész vonal egyetlen sorozat", "kilences vonal két sorozatnak számít"),
        ("fr", "toute cette ligne forme une seule séquence", "une ligne de neuf complétée"),
    ],
)
def test_the_rules_help_says_a_line_completed_at_once_is_locked_whole(code, whole, nine):
    """The F1 help (assets/rules, also the page's rules) in every language: a longer line
    finished at once is one sequence, every chip of it locked; a chip added later is not;
    nine in a row finished at once are two sequences."""
    from client.help import rules_text

    text = " ".join(rules_text(GAME_ID, code))
    assert whole in text and nine in text
