"""The bots' pause before each decision (issue 16, "A table with people at it";
net/host.py ``Table.bot_pause``): within its bounds, drawn per decision from the
table's own generator — never the game's or a bot's — so a seeded game makes the same
choices at any pause, and the pauses depend on nothing a seat may not know."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.host import Table, pause_bounds
from tests.net.conftest import GAMES, options_for, player_count


KEY = "5a" * 32  # the bots' key: the same for every table here


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def bots_table(game_id: str, seed: int, delay, clock: Clock, pause_seed: int = 7) -> Table:
    n = player_count(game_id)
    table = Table(
        game_id, ["bot"] * n, seed, options_for(game_id), bot_delay=delay, clock=clock, bot_key=KEY
    )
    table.pause_rng = random.Random(pause_seed)
    return table


def play(table: Table, clock: Clock, limit: int = 20_000) -> list[tuple[int, float, bool]]:
    """Play ``table`` to its end on the fake clock, jumping to each due time; returns
    ``(seat, pause, went_on)`` per action (``went_on``: the seat had made the action
    before it too)."""
    out = []
    for _ in range(limit):
        if table.is_over():
            return out
        since = dict(table._awaited_since)
        before = len(table.actions)
        last = table.actions[-1][0] if table.actions else None
        due = table.step_bots(clock.now)
        for seat, _action in table.actions[before:]:
            # (a seat awaited and played within this call waited nothing)
            out.append((seat, clock.now - since.get(seat, clock.now), seat == last))
            last = seat
        if due is not None:
            clock.now = due
    raise AssertionError("no end")


def per_seat(actions: list) -> dict[int, list]:
    out: dict[int, list] = {}
    for seat, action in actions:
        out.setdefault(seat, []).append(action)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seeded_game_makes_the_same_choices_with_or_without_the_pause(game_id):
    """Each seat's choices and the result are those of the same seed played at once
    (``run_to_end``); with simultaneous decisions (Take 5) only the order in which the
    seats' choices reach the table may differ."""
    plain = bots_table(game_id, 11, 0.0, Clock())
    plain.run_to_end()
    clock = Clock()
    paused = bots_table(game_id, 11, (0.6, 1.4), clock)
    pauses = play(paused, clock)
    assert len(pauses) == len(plain.actions)
    assert per_seat(paused.actions) == per_seat(plain.actions)
    assert paused.outcome() == plain.outcome()
    if game_id != "take5":  # one seat decides at a time: the very same list
        assert paused.actions == plain.actions


@pytest.mark.parametrize("game_id", GAMES)
def test_each_pause_is_within_its_bounds_and_they_vary(game_id):
    """A seat's first decision of a turn waits within [low, high]; a decision that goes
    on with the turn it was playing (The Game's next card) within [low/2, high/2]."""
    low, high = 0.6, 1.4
    clock = Clock()
    table = bots_table(game_id, 3, (low, high), clock)
    pauses = play(table, clock)
    eps = 1e-9
    for seat, pause, went_on in pauses:
        lo, hi = (low / 2, high / 2) if went_on else (low, high)
        assert lo - eps <= pause <= hi + eps, (seat, pause, went_on)
    fresh = [p for _, p, went_on in pauses if not went_on]
    assert len(set(round(p, 6) for p in fresh)) > len(fresh) // 2  # not one fixed pause


def test_a_fixed_delay_stays_fixed_and_off_means_at_once():
    for delay in (0.0, 0.6):
        clock = Clock()
        table = bots_table("guandan", 2, delay, clock)
        pauses = play(table, clock)
        assert {round(p, 9) for _, p, _ in pauses} == {delay}


def test_the_pauses_depend_on_nothing_hidden():
    """Two deals (different seeds: other hands), the same pause generator: the first
    turn's pauses — every seat of a Take 5 table deciding at once — are the same."""
    firsts = []
    for seed in (1, 2):
        clock = Clock()
        table = bots_table("take5", seed, (0.2, 2.0), clock, pause_seed=5)
        assert table.view(0)["hand"] != [] and table.step_bots(0.0) is not None
        firsts.append([table.bot_pause(s, 0.0) for s in range(player_count("take5"))])
    assert firsts[0] == firsts[1]
    assert len(set(firsts[0])) == len(firsts[0])


def test_a_new_delay_draws_again():
    """The window holds the bots back (a day) until it shows the table, then sets the
    player's pause: the pause drawn under the hold is not kept."""
    clock = Clock()
    table = bots_table("guandan", 4, 86400.0, clock)
    seat = next(iter(table.game.awaiting(table.state)))
    assert table.bot_pause(seat, 0.0) == 86400.0
    table.bot_delay = (0.5, 1.0)
    assert 0.5 <= table.bot_pause(seat, 0.0) <= 1.0
    assert table.bot_pause(seat, 0.0) == table.bot_pause(seat, 0.0)  # one draw a decision


@given(st.floats(0, 60), st.floats(0, 60))
@settings(max_examples=50, deadline=None)
def test_pause_bounds_take_seconds_or_an_ordered_pair(a, b):
    assert pause_bounds(a) == (a, a)
    if a <= b:
        assert pause_bounds((a, b)) == (a, b) == pause_bounds([a, b])
    else:
        with pytest.raises(ValueError):
            pause_bounds((a, b))


@pytest.mark.parametrize("bad", [-1, float("nan"), float("inf"), "1", True, (1,), (1, 2, 3), None])
def test_a_bad_delay_is_refused_at_once(bad):
    with pytest.raises(ValueError):
        Table("take5", ["bot", "bot"], 1, bot_delay=bad)
