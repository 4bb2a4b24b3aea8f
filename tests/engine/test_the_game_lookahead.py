"""The Game hard bot's lookahead (engine/the_game/lookahead.py, issue 17): paired
comparisons, the planner's plan kept unless clearly beaten, exact values on a table
whose hidden cards are all known (the draw pile is empty and every live card not in
the seat's hand is the partner's), reproducibility, and the hard bot's settings."""

from __future__ import annotations

import random

from engine.core import replace
from engine.the_game import GAME
from engine.the_game import lookahead as L
from engine.the_game.bots import HardBot, plan_cost
from engine.the_game.plan import Table
from engine.the_game.search import Rollout, encode_plan
from tests.engine.test_the_game_endgame import piles_around

#: Every card but 50, 55 and 60 on a pile; tops asc1 45, asc2 98, desc1 3, desc2 52
#: (the trick cards 88 and 13 are played: neither asc2 nor desc1 takes a live card).
LIVE = (50, 55, 60)
PILES = piles_around(LIVE, (45, 98, 3, 52))


def endgame(mine=(50, 60), partner=(55,)):
    """Seat 0 to play, 2 players, draw pile empty: the partner's hand is the only
    hidden card set, so every dealing is the same table."""
    base = GAME.setup(2, 0, {})
    return replace(
        base,
        hands=(tuple(mine), tuple(partner)),
        piles=PILES,
        deck=(),
        turn=0,
        played=0,
    )


def test_the_table_is_what_the_docstring_says():
    state = endgame()
    assert state.tops == (45, 98, 3, 52)
    assert sorted(c for p in state.piles for c in p) == [c for c in range(2, 100) if c not in LIVE]


def test_a_losing_plan_is_replaced_by_a_winning_one_with_exact_values():
    # 60 on asc1 strands the partner's 55 (asc1 60, desc2 52): blocked, 2 cards left.
    # 50 first lets the partner play 55 and then 60 goes: a win (value win = 10).
    view = GAME.view(endgame(), 0)
    look = L.Lookahead(samples=4, z=1.0, win=10.0)
    moves, info = look.choose(view, [(60, 0)], random.Random(1))
    assert info["samples"] == 4
    assert info["means"][0] == -2.0
    assert info["means"][info["index"]] == 10.0
    assert moves[0][0] == 50


def test_the_planners_plan_is_kept_when_nothing_beats_it():
    view = GAME.view(endgame(), 0)
    look = L.Lookahead(samples=4)
    moves, info = look.choose(view, [(50, 0)], random.Random(1))
    assert moves == [(50, 0)]
    assert info["index"] == 0
    assert info["means"][0] == 10.0


def test_an_infinite_margin_always_keeps_the_plan():
    view = GAME.view(endgame(), 0)
    moves, info = L.Lookahead(samples=4, z=float("inf")).choose(view, [(60, 0)], random.Random(1))
    assert moves == [(60, 0)] and info["index"] == 0


def test_paired_beats_and_survivors():
    assert L._beats([3.0, 3.0], [1.0, 1.0], 5.0)  # no variance, positive: beats
    assert not L._beats([1.0, 1.0], [1.0, 1.0], 0.0)
    # differences 2, 0: mean 1, se 1
    assert L._beats([3.0, 1.0], [1.0, 1.0], 0.99)
    assert not L._beats([3.0, 1.0], [1.0, 1.0], 1.0)
    values = [[0.0, 0.0], [5.0, 5.0], [4.0, 6.0], [-9.0, -9.0]]
    assert L._survivors(values, [0, 1, 2, 3]) == [0, 1, 2]


def test_same_seed_same_choice():
    state = GAME.setup(2, 7, {})
    view = GAME.view(state, state.turn)
    planned = [(view["hand"][0], 0), (view["hand"][1], 0)]
    a = L.Lookahead(samples=6).choose(view, planned, random.Random(5))
    b = L.Lookahead(samples=6).choose(view, planned, random.Random(5))
    assert a == b
    assert a[1]["samples"] == 6


def test_gates():
    view = GAME.view(endgame(), 0)
    assert L.Lookahead().wanted(view, 0.0)
    assert not L.Lookahead(gate=2.0).wanted(view, 1.5)
    assert L.Lookahead(gate=2.0).wanted(view, 2.0)
    assert L.Lookahead(deck=10).wanted(view, 0.0)  # the draw pile is empty
    off_turn = GAME.view(endgame(), 1)
    assert not L.Lookahead().wanted(off_turn, 9.0)


def test_plan_cost_sums_the_planners_costs():
    view = GAME.view(endgame(), 0)
    t = Table.from_view(view, weighted=True, w_none=8.0, w_one=1.5, w_more=0.8)
    # 50 on asc1: nothing live between 45 and 50 (0); then 60 on asc1 burns 55, which
    # desc2 (52) does not take and no other pile takes: w_none 8.
    assert plan_cost(t, [(50, 0), (60, 0)]) == 8.0
    # 60 on asc1 at once burns 50 (desc2 takes it: w_one 1.5) and 55 (w_none 8).
    assert plan_cost(t, [(60, 0)]) == 9.5


def test_hard_bot_looks_16_dealings_by_default_and_is_reproducible():
    bot = HardBot(3)
    assert bot.look == HardBot.LOOK == 16
    assert bot.lookahead().samples == 16 and bot.lookahead().seconds is None
    assert bot.look_more == HardBot.LOOK_MORE == 64 and bot.lookahead().more == 64
    assert bot.lookahead().band == 2.0
    state = GAME.setup(2, 13, {})
    view = GAME.view(state, state.turn)
    runs = []
    for _ in range(2):
        b = HardBot(3)
        b.look, b.look_more = 4, None
        runs.append((b.choose(view), b.last_look["means"], b.last_look["index"]))
    assert runs[0] == runs[1]
    # Deal 13: the planner's plan (index 0) trails; plan 4 won on all 4 dealings.
    assert runs[0][1] == [-14.75, 0.5, -7.0, -7.75, 1.5] and runs[0][2] == 4
    plain = HardBot(3)
    plain.look = 0
    assert plain.choose(view) != runs[0][0] and plain.last_look is None


def test_hard_bot_does_not_look_when_its_plan_gains_cards_back():
    # The endgame above: hard's planner plays 50 then 60 on desc2 (a backwards trick,
    # cost 0 - 5 = -5 < gate 0.0): no lookahead; a win follows either way.
    view = GAME.view(endgame(), 0)
    bot = HardBot(1)
    t = bot._table(view)
    assert plan_cost(t, [(50, 3), (60, 3)]) == -5.0
    assert bot.choose(view) == {"type": "play", "card": 50, "pile": "desc2"}
    assert bot.last_look is None


def test_a_hand_built_table_with_cards_nowhere_is_left_to_the_planner():
    state = replace(endgame(), piles=((45,), (98,), (3,), (52,)))  # 90 cards nowhere
    assert not L.Lookahead().wanted(GAME.view(state, 0), 0.0)
    assert L.Lookahead().wanted(GAME.view(endgame(), 0), 0.0)


def test_the_lookahead_is_off_under_the_published_end_rule():
    state = GAME.setup(2, 13, {})
    view = GAME.view(state, state.turn)
    bot = HardBot(3)
    bot.look, bot.end_rule = 4, "published"
    bot.choose(view)
    assert bot.last_look is None


def test_the_lookahead_looks_at_two_players_only_by_default():
    state = GAME.setup(5, 13, {})
    view = GAME.view(state, state.turn)
    bot = HardBot(3)
    assert bot.look_players == (2,)
    bot.look = 2
    bot.choose(view)
    assert bot.last_look is None
    wide = HardBot(3)
    wide.look, wide.look_more, wide.look_players = 2, None, (2, 5)
    wide.choose(view)
    assert wide.last_look is not None and wide.last_look["samples"] == 2


def test_pruning_at_8_and_16_dealings_never_drops_the_planners_plan():
    state = GAME.setup(2, 13, {})
    view = GAME.view(state, state.turn)
    planned = HardBot(3)
    planned.look = 0
    t = planned._table(view)
    moves = planned.plan(t)
    _, info = L.Lookahead(samples=32, prune=8).choose(view, moves, random.Random(2))
    assert info["samples"] == 32 and info["played"][0] == 32
    assert set(info["played"]) <= {8, 16, 32} and min(info["played"]) < 32


def test_undecided_means_the_best_rival_leads_by_at_most_band_standard_errors():
    look = L.Lookahead(z=1.0, band=2.0)
    # rival 1 minus the plan: differences 2, 0 (mean 1, se 1): within 2 se.
    assert look._undecided([[1.0, 1.0], [3.0, 1.0]], [0, 1])
    # differences 4, 2 (mean 3, se 1): beyond 2 se, decided for the rival.
    assert not look._undecided([[1.0, 1.0], [5.0, 3.0]], [0, 1])
    # the rival trails (mean -1): decided for the plan.
    assert not look._undecided([[1.0, 1.0], [-1.0, 1.0]], [0, 1])
    # no variance and a lead: decided; no rival alive: decided.
    assert not look._undecided([[1.0, 1.0], [2.0, 2.0]], [0, 1])
    assert not look._undecided([[1.0, 1.0], [3.0, 1.0]], [0])
    # the best rival by mean is the one judged (2 here, though 1 is undecided).
    assert not look._undecided([[1.0, 1.0], [3.0, 1.0], [5.0, 3.0]], [0, 1, 2])
    assert L.Lookahead(z=3.0, band=2.0)._undecided([[1.0, 1.0], [5.0, 3.0]], [0, 1])


def test_more_dealings_only_while_undecided():
    # Every dealing of the endgame is the same table: decided at once, no extension.
    view = GAME.view(endgame(), 0)
    _, info = L.Lookahead(samples=4, more=64).choose(view, [(60, 0)], random.Random(1))
    assert info["samples"] == 4
    # Deal 13 (as above): undecided after 4 dealings, so 8, then 16 (the cap).
    state = GAME.setup(2, 13, {})
    view = GAME.view(state, state.turn)
    planned = HardBot(3)
    planned.look = 0
    moves = planned.plan(planned._table(view))
    runs = [
        L.Lookahead(samples=4, more=16, prune=None).choose(view, moves, random.Random(s))[1]
        for s in range(4)
    ]
    assert [(r["samples"], r["index"]) for r in runs] == [(16, 0), (4, 0), (16, 0), (4, 1)]
    # The extension only adds dealings: the first 4 are those of a plain 4-dealing look.
    plain = L.Lookahead(samples=4, prune=None).choose(view, moves, random.Random(0))[1]
    assert plain["samples"] == 4 and plain["index"] == 0
    assert len(plain["means"]) == len(runs[0]["means"]) and runs[0]["played"] == [16] * len(
        plain["means"]
    )


#: Live cards 50, 55, 60 and 61; tops asc1 59, asc2 98, desc1 3, desc2 52: 55 fits no
#: pile (asc1 needs above 59 or 49, desc2 below 52 or 62).
_LIVE2 = (50, 55, 60, 61)
_PILES2 = piles_around(_LIVE2, (59, 98, 3, 52))


def test_a_playout_blocked_with_cards_to_draw_costs_block_more():
    # Seat 0 holds only 55 and must play 2 (the draw pile holds 60 and 61): blocked at
    # once, 4 cards left (55, the partner's 50, the draw pile's two).
    state = replace(
        GAME.setup(2, 0, {}),
        hands=((55,), (50,)),
        piles=_PILES2,
        deck=(60, 61),
        turn=0,
        played=0,
    )
    sim = Rollout.from_state(state)
    assert L.Lookahead()._finish(sim.copy()) == -4.0
    assert L.Lookahead(block=20.0)._finish(sim.copy()) == -24.0
    # The same 4 cards left once the draw pile is empty (a late block): no extra.
    late = replace(state, hands=((55,), (50, 60, 61)), deck=())
    assert L.Lookahead(block=20.0)._finish(Rollout.from_state(late)) == -4.0


class _Ending:
    """A playout that ends as soon as a plan is played: the planner's plan
    (``early``) blocked with 2 cards to draw and 5 left, every other plan blocked
    after the draw pile ran out with 6 left."""

    over = False
    turn = 0

    def __init__(self, early: int) -> None:
        self.early, self.deck, self.left = early, [], 0

    def copy(self) -> "_Ending":
        return _Ending(self.early)

    def play(self, seat: int, code: int) -> None:
        self.over = True
        self.deck, self.left = ([60, 61], 5) if code == self.early else ([], 6)

    def cards_left(self) -> int:
        return self.left


class _Dealer:
    def __init__(self, early: int) -> None:
        self.early = early

    def determinize(self, view: dict, rng: random.Random) -> _Ending:
        return _Ending(self.early)


def _block_choice(look: L.Lookahead) -> tuple[list, dict]:
    state = GAME.setup(2, 13, {})
    view = GAME.view(state, state.turn)
    planned = HardBot(3)
    planned.look = 0
    moves = planned.plan(planned._table(view))
    look.adapter = _Dealer(encode_plan([(c - 2) * 4 + p for c, p in moves]))
    return moves, look.choose(view, moves, random.Random(0))


def test_the_block_term_turns_the_choice_away_from_an_early_block():
    # Without it the planner's plan (5 left) beats every rival (6 left): kept.
    moves, (chosen, info) = _block_choice(L.Lookahead(samples=4, block=0.0))
    assert chosen == moves and info["index"] == 0 and info["means"][:2] == [-5.0, -6.0]
    # With block 20 its early block is worth -25: the first rival (-6) replaces it.
    moves, (chosen, info) = _block_choice(L.Lookahead(samples=4, block=20.0))
    assert info["means"][:2] == [-25.0, -6.0] and info["index"] == 1 and chosen != moves


def test_hard_bots_look_block_setting_reaches_the_lookahead():
    bot = HardBot(3)
    assert bot.look_block == HardBot.LOOK_BLOCK == 0.0 and bot.lookahead().block == 0.0
    bot.look_block = 20.0
    assert bot.lookahead().block == 20.0


def test_hard_bots_look_plans_setting_limits_the_candidates():
    # Deal 13 (as above): 4 candidates besides the planner's plan by default, the best
    # (index 4) chosen; with look_plans=2 only the first 2 of view_plans are listed,
    # one of them the planner's plan itself, so one rival is left.
    bot = HardBot(3)
    assert bot.look_plans == 8 and bot.lookahead().plans == 8
    state = GAME.setup(2, 13, {})
    view = GAME.view(state, state.turn)
    for plans, means, index in ((8, [-14.75, 0.5, -7.0, -7.75, 1.5], 4), (2, [-14.75, 0.5], 1)):
        b = HardBot(3)
        b.look, b.look_more, b.look_plans = 4, None, plans
        b.choose(view)
        assert b.last_look["means"] == means and b.last_look["index"] == index
