"""Take 5 bots: legal choices, reproducibility with a seed, the heuristics' decisions
on rulebook tables, and the card tracking that replaces the missing history."""

from __future__ import annotations

import pytest

from engine import get_bot
from engine.take5 import GAME
from engine.take5.bots import HardBot, NormalBot, Tracker, card_risk, sixth_chance
from tests.engine.test_take5 import table, turn


def bot_game(
    levels: list[str], seed: int, options: dict | None = None, samples: int = 4, watch=None
):
    """Play a game with one bot per seat; returns the final state and the actions.
    ``watch(state, seat, bot, view)`` is called before each decision."""
    n = len(levels)
    bots = [get_bot("take5", lvl, seed=seed * 100 + s) for s, lvl in enumerate(levels)]
    for b in bots:
        if isinstance(b, HardBot):
            b.samples = samples
    s = GAME.setup(n, seed, options or {})
    actions = []
    while not s.over:
        seat = min(GAME.awaiting(s))
        view = GAME.view(s, seat)
        legal = GAME.legal_actions(s, seat)
        if watch:
            watch(s, seat, bots[seat], view)
        action = bots[seat].choose(view, legal)
        assert action in legal
        s, _ = GAME.apply(s, seat, action)
        actions.append((seat, action))
    return s, actions


@pytest.mark.parametrize(
    "levels, options",
    [
        (["easy", "normal"], None),
        (["normal"] * 10, None),
        (["normal", "easy", "normal", "easy", "normal"], {"tactical": True}),
    ],
)
def test_bots_finish_games_with_legal_actions(levels, options):
    s, _ = bot_game(levels, 5, options)
    assert GAME.result(s) is not None


def test_hard_plays_legal_actions_with_a_small_budget():
    s, actions = bot_game(["hard", "normal", "easy"], 2, {"rounds": 1}, samples=3)
    assert s.over and len(actions) >= 30


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_easy_and_normal_are_reproducible_with_a_seed(level):
    a, acts_a = bot_game([level] * 4, 9)
    b, acts_b = bot_game([level] * 4, 9)
    assert acts_a == acts_b and GAME.digest(a) == GAME.digest(b)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_compute_the_legal_list_from_the_view(level):
    """``choose(view)`` without a list decides as ``choose(view, legal)``."""
    s = GAME.setup(3, 4)
    s, _ = turn(s, s.hands[0][0], s.hands[1][0], s.hands[2][0])
    for seat in sorted(GAME.awaiting(s)):
        view = GAME.view(s, seat)
        a, b = get_bot("take5", level, seed=seat), get_bot("take5", level, seed=seat)
        if isinstance(a, HardBot):
            a.samples = b.samples = 3
        assert a.choose(view) == b.choose(view, GAME.legal_actions(s, seat))


def test_different_seeds_give_different_easy_games():
    _, a = bot_game(["easy"] * 3, 1)
    bots = [get_bot("take5", "easy", seed=7 + s) for s in range(3)]
    s = GAME.setup(3, 1)
    b = []
    while not s.over:
        seat = min(GAME.awaiting(s))
        action = bots[seat].choose(GAME.view(s, seat), GAME.legal_actions(s, seat))
        s, _ = GAME.apply(s, seat, action)
        b.append((seat, action))
    assert a != b


def test_unknown_level_is_refused():
    with pytest.raises(KeyError):
        get_bot("take5", "grandmaster")


# --------------------------------------------------------------------------- tracking
@pytest.mark.parametrize("players, options", [(4, None), (3, {"tactical": True}), (10, None)])
def test_the_tracker_knows_exactly_the_unseen_cards(players, options):
    """Asked every turn, a bot can tell the unseen cards exactly: the other hands and
    the undealt pile (in the tactical variant: only the other hands)."""
    checked = []

    def watch(state, seat, bot, view):
        if state.pending:
            return
        bot.tracker.update(view)
        hidden = sorted(
            [c for s, h in enumerate(state.hands) if s != seat for c in h] + list(state.undealt)
        )
        assert bot.tracker.unseen(view) == hidden
        checked.append(seat)

    bot_game(["normal"] * players, 3, {**(options or {}), "rounds": 2}, watch=watch)
    assert len(checked) == 2 * 10 * players


def test_the_tracker_restarts_each_round():
    t = Tracker()
    s = GAME.setup(2, 1)
    t.update(GAME.view(s, 0))
    assert len(t.unseen(GAME.view(s, 0))) == 104 - 10 - 4
    s, _ = turn(s, s.hands[0][0], s.hands[1][0])
    t.update(GAME.view(s, 0))
    assert len(t.unseen(GAME.view(s, 0))) == 104 - 9 - 4 - 2


# --------------------------------------------------------------------------- heuristics
def test_sixth_chance():
    assert sixth_chance(3, 0, 0.0) == 1.0  # a full row, nothing can come first
    assert sixth_chance(3, 1, 0.0) == 0.0
    assert sixth_chance(1, 0, 0.25) == pytest.approx(0.75)
    assert sixth_chance(2, 1, 0.5) == pytest.approx(0.5)
    assert sixth_chance(2, 3, 0.5) == 0.0  # more room than opponents


def test_card_risk_sees_a_certain_sixth_card():
    rows = [[3, 12, 14, 15, 17], [20], [40], [90]]
    unseen = [c for c in range(1, 105) if c not in {3, 12, 14, 15, 17, 20, 40, 90, 18, 60}]
    assert card_risk(rows, 18, 1, unseen) == pytest.approx(6 + 0.001)  # nothing fits 17..18
    assert card_risk(rows, 60, 1, unseen) < 0.5
    assert card_risk(rows, 2, 1, unseen) == pytest.approx(3 + 0.3)  # too low: 20, 40 or 90


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_do_not_volunteer_a_sixth_card(level):
    t = table("3 12 14 15 17 / 20 / 40 / 90", hands=["18 60 61", "1 91 92"])
    bot = get_bot("take5", level, seed=1)
    if isinstance(bot, HardBot):
        bot.samples = 40
    action = bot.choose(GAME.view(t, 0), GAME.legal_actions(t, 0))
    assert action["card"] != 18


def test_normal_takes_the_cheapest_row_when_the_hand_does_not_care():
    t = table("50 51 52 53 54 / 8 / 60 / 70", hands=["3 95 96 97", "90 91 92 93"])
    t, _ = turn(t, 3, 90)
    assert GAME.awaiting(t) == frozenset({0})
    action = NormalBot(1).choose(GAME.view(t, 0), GAME.legal_actions(t, 0))
    assert action == {"type": "take-row", "row": 1}  # 1 bullhead


def test_normal_row_choice_weighs_its_own_hand():
    """Cards 55 56 57 in hand would be sixth cards on 50..54: taking that row (7
    bullheads) beats the 1-bullhead row that leaves it full."""
    t = table("50 51 52 53 54 / 8 / 60 / 70", hands=["3 55 56 57", "90 91 92 93"])
    t, _ = turn(t, 3, 90)
    view = GAME.view(t, 0)
    assert view["row_costs"] == [7, 1, 3, 3] and view["pending"] == [[3, 0], [90, 1]]
    bot = NormalBot(1)
    action = bot.choose(view, GAME.legal_actions(t, 0))
    assert action == {"type": "take-row", "row": 0}
