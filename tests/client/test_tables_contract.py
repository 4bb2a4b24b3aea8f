"""The table contract suite (like tests/engine/test_contract.py for the engine): every
game with a table joins automatically (``client.tables.tables_available()``).

Each table: is built the same way (a package of the same modules, no file over 600
lines, the declared contract); renders a snapshot at 1280×720 and in a small window;
sends one action at a time; refuses a choice made while the link is down — visibly —
and plays on after the reconnect's fresh snapshot; lights only legal actions, even
when the legal list says less than the rules would; reaches the results screen with
bots only, without changing a view it animated; and draws again in another language.
"""

from __future__ import annotations

import copy
import importlib
import inspect
import random
from pathlib import Path

import pygame
import pytest

from client import i18n
from client.launch import start_table
from client.tables import table_for, tables_available
from client.tables.base import TableScene
from engine import get_bot, get_game
from tests.client.conftest import run_until, settled

GAMES = tables_available()
#: The modules every table's package has (client/tables/<game>/).
MODULES = ("scene", "layout", "paint", "beats", "faces", "shots")
#: A local player and easy bots, the fewest seats each game takes.
SEATS = {
    "take5": ["human", "bot:easy", "bot:easy"],
    "the-game": ["human", "bot:easy"],
    "teamplay": ["human", "bot:easy", "bot:easy", "bot:easy"],
    "sequence-numbers": ["human", "bot:easy"],
    "guandan": ["human", "bot:easy", "bot:easy", "bot:easy"],
}
SEED = 7


def seated(app, game_id: str, seats=None, **kw):
    """A table with the local player at seat 0, waiting until it may decide and
    nothing else will happen before it does: only seat 0 is awaited and everything
    the host sent is shown (in Take 5 the bots choose while the player may already
    decide; a choice arriving mid-test started a beat, and tests failed under load)."""
    table = start_table(app, game_id, seats or SEATS[game_id], SEED, **kw)
    table.session.set_bot_delay(0.0)
    assert run_until(app, settled(table), 120)
    return table


def recorder(table) -> list[dict]:
    """The actions the table sends from now on (still sent to the host)."""
    sent: list[dict] = []
    real = table.session.send
    table.session.send = lambda seat, action: (sent.append(action), real(seat, action))
    return sent


def test_every_game_has_a_table():
    from engine import available_games

    assert GAMES == available_games()


# ---------------------------------------------------------------- the shape
@pytest.mark.parametrize("game_id", GAMES)
def test_each_table_is_a_package_of_the_same_modules_on_the_contract(game_id):
    cls = table_for(game_id)
    package = cls.__module__.rsplit(".", 1)[0]
    assert cls.__module__ == f"{package}.scene" and package.startswith("client.tables.")
    assert issubclass(cls, TableScene) and not inspect.isabstract(cls)
    assert cls.game_id == game_id
    folder = Path(importlib.import_module(package).__file__).parent
    for name in MODULES:
        importlib.import_module(f"{package}.{name}")
    for path in folder.glob("*.py"):
        lines = len(path.read_text(encoding="utf-8").splitlines())
        assert lines <= 600, f"{path.name} has {lines} lines"


def test_no_shared_table_file_is_too_long():
    folder = Path(importlib.import_module("client.tables").__file__).parent
    for path in folder.glob("*.py"):
        assert len(path.read_text(encoding="utf-8").splitlines()) <= 600, path.name


# ---------------------------------------------------------------- drawing
@pytest.mark.parametrize("game_id", GAMES)
def test_a_snapshot_renders_at_1280x720_and_in_a_small_window(app, game_id):
    table = seated(app, game_id)
    app.frame(1 / 30, [])
    drawn = {
        tuple(app.screen.get_at((x, y))) for x in range(0, 1280, 40) for y in range(0, 720, 40)
    }
    assert len(drawn) > 8  # cards, panels and words, not a bare felt
    assert table.status_line()  # the prompt says what to decide
    for w, h in ((800, 500), (1024, 768), (1600, 720)):
        app.frame(1 / 30, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])
        assert app.size == (w, h) and table.k == pytest.approx(min(w / 1280, h / 720))
        app.frame(1 / 30, [])  # draws at that shape
        assert table.lit() and all(a in table.seat.legal for a in table.lit())


@pytest.mark.parametrize("game_id", GAMES)
def test_a_language_switch_draws_the_table_again(app, game_id):
    table = seated(app, game_id)
    app.frame(1 / 30, [])
    english, before = table.status_line(), app.screen.copy()
    try:
        i18n.set_language("hu")
        app.frame(1 / 30, [])
        assert english and table.status_line() != english
        changed = sum(
            tuple(before.get_at((x, y))) != tuple(app.screen.get_at((x, y)))
            for x in range(0, 1280, 8)
            for y in range(0, 720, 8)
        )
        assert changed > 50
    finally:
        i18n.set_language("en")


# ---------------------------------------------------------------- acting
@pytest.mark.parametrize("game_id", GAMES)
def test_a_second_send_before_the_answer_is_not_sent(app, game_id):
    table = seated(app, game_id)
    seat = table.seat
    sent = recorder(table)
    first, second = seat.choices()[0], seat.choices()[-1]
    assert seat.send(first) and seat.waiting
    assert not seat.send(second) and seat.choices() == [] and table.lit() == []
    assert sent == [first]
    assert run_until(app, lambda: not seat.waiting, 30)  # the host answered
    assert sent == [first] and not table.message_t > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_a_choice_made_while_the_link_is_down_is_refused_visibly(app, game_id):
    """The stranded player (issue 15): nothing is sent into a dead link, the player is
    told so, and the fresh snapshot of the reconnect lets the table play on."""
    table = seated(app, game_id)
    seat, mirror = table.seat, table.session.mirrors[0]
    sent = recorder(table)
    mirror.feed({"type": "disconnected", "reason": "cable pulled", "reconnecting": True})
    app.frame(1 / 30, [])
    assert not seat.connected and "reconnecting" in table.message
    action = seat.choices()[0]
    assert not seat.send(action) and sent == [] and not seat.waiting
    app.frame(1 / 30, [])
    assert table.message.startswith("Not sent") and table.message_t > 0  # not covered up
    # The link comes back: a welcome and a fresh snapshot (the protocol's reconnect).
    view, legal = mirror.view, list(mirror.legal)
    mirror.feed({"type": "snapshot", "seq": mirror.seq, "view": view, "legal": legal})
    assert run_until(app, table.deciding, 30) and seat.connected
    assert seat.send(action) and sent == [action]
    assert run_until(app, lambda: not seat.waiting, 30)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_action_lost_with_the_link_never_strands_the_seat(app, game_id):
    """An action written just as the link dropped is never answered: the reconnect's
    snapshot ends the wait, and the player decides again."""
    table = seated(app, game_id)
    seat, mirror = table.seat, table.session.mirrors[0]
    real = table.session.send
    table.session.send = lambda s, a: None  # the socket was already gone
    assert seat.send(seat.choices()[0]) and seat.waiting
    mirror.feed({"type": "disconnected", "reason": "timed out", "reconnecting": True})
    app.frame(1 / 30, [])
    assert seat.waiting and not table.deciding()
    mirror.feed({"type": "snapshot", "seq": mirror.seq, "view": mirror.view, "legal": mirror.legal})
    assert run_until(app, table.deciding, 30) and not seat.waiting
    table.session.send = real
    assert seat.send(seat.choices()[0])
    assert run_until(app, lambda: not seat.waiting, 30)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_lit_target_is_a_legal_action_even_when_the_list_says_less(app, game_id):
    """A helper bot plays the local seat through its table. At every decision the lit
    actions are legal ones; and with the legal list cut down to one action (a host may
    allow less than the rules would) the table lights nothing else."""
    table = seated(app, game_id)
    seat, mirror = table.seat, table.session.mirrors[0]
    helper = get_bot(game_id, "easy", SEED)
    rng = random.Random(SEED)
    checked = 0
    for _ in range(12):
        if not run_until(app, lambda: table.deciding() or table.board.get("over"), 120):
            break
        if table.board.get("over"):
            break
        legal = list(mirror.legal)
        assert table.lit() and all(a in legal for a in table.lit())
        only = rng.choice(legal)
        mirror.legal = [only]
        app.frame(1 / 30, [])  # draws from the cut-down list
        assert all(a == only for a in table.lit())
        mirror.legal = legal
        assert seat.send(helper.choose(seat.view, legal))
        checked += 1
    assert checked >= 3


# ---------------------------------------------------------------- a whole game
@pytest.mark.parametrize("game_id", GAMES)
def test_a_bots_only_game_reaches_the_results_and_no_view_is_changed(app, game_id):
    """Bots play a (short) game through the window; every view the table animated is
    as it arrived (animations change the board, never a view); the results screen
    shows the game's summary."""
    options = dict(getattr(get_game(game_id), "contract_options", {}))
    if game_id == "take5":
        options["threshold"] = 10
    n = len(SEATS[game_id])
    table = start_table(app, game_id, ["bot:easy"] * n, SEED, options=options)
    table.session.set_bot_delay(0.0)
    table.timeline.speed = 60
    arrived: list[tuple[dict, dict]] = []
    mirror = table.session.mirrors[None]
    pump = table.session.pump

    def pump_and_keep():
        pump()
        arrived.extend((s.view, copy.deepcopy(s.view)) for s in mirror.backlog)

    table.session.pump = pump_and_keep
    assert run_until(app, lambda: app.scene is not table, 900, wall=300)
    results = app.scene
    assert type(results).__name__ == "ResultsScene" and results.view["over"]
    info = results.info
    assert info["headline"] and len(info["rows"]) >= 1
    assert results.table is table  # the final board stays under the results
    if game_id in ("take5", "guandan"):  # the history: one column per round or deal
        ends = [e for e in table.story if e["type"] in ("round-end", "deal-end")]
        assert len(info["columns"]) == len(ends) >= 1
        assert all(len(row[3]) == len(ends) for row in info["rows"])
    assert len(arrived) > 10
    assert all(view == kept for view, kept in arrived)
