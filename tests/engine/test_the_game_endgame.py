"""The Game's exact endgame solver (engine/the_game/endgame.py, issue 17): values
worked out by hand on tables built from the-game.md, the lower bound, agreement with
a brute force over the engine's own rules on random small endgames, and the hard
bot's ``endgame`` setting."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import replace
from engine.the_game import GAME
from engine.the_game.bots import HardBot
from engine.the_game.endgame import (
    OutOfBudget,
    Solver,
    cards,
    last_draw_values,
    lower_bound,
    mask_of,
)

#: The lookahead tests' table: every card but 50, 55 and 60 on a pile; tops asc1 45,
#: asc2 98, desc1 3, desc2 52 (asc2 and desc1 take no live card).
LIVE = (50, 55, 60)
TOPS = (45, 98, 3, 52)


def piles_around(live: tuple[int, ...], tops: tuple[int, int, int, int]) -> tuple:
    """The four piles of a hand-built table: every card 2..99 but ``live`` and
    ``tops`` spread in order over the first three piles (30, 30, the rest), each
    pile ending on its top; the fourth pile is its top alone."""
    rest = [c for c in range(2, 100) if c not in live + tops]
    return (
        tuple(rest[:30]) + (tops[0],),
        tuple(rest[30:60]) + (tops[1],),
        tuple(rest[60:]) + (tops[2],),
        (tops[3],),
    )


PILES = piles_around(LIVE, TOPS)


def table(mine=(50, 60), partner=(55,), piles=PILES, turn=0, played=0):
    """2 players, the draw pile empty, ``turn`` to play."""
    return replace(
        GAME.setup(2, 0, {}),
        hands=(tuple(sorted(mine)), tuple(sorted(partner))),
        piles=piles,
        deck=(),
        turn=turn,
        played=played,
    )


def test_the_order_of_two_cards_decides_a_win():
    # 50 on asc1 (45) skips nothing; the partner then plays 55 on it, and 60 follows:
    # a win. 60 first strands 55 (asc1 60, desc2 52 takes 55 neither way): the partner
    # is blocked with 55 while 50 is still held, 2 cards left.
    hands = (mask_of([50, 60]), mask_of([55]))
    s = Solver()
    assert s.plan(hands, TOPS, 0, 0) == (0, [(50, 0)])
    after_60 = (mask_of([50]), mask_of([55]))
    # Still on turn, 50 goes back on 60 (a backwards trick) and 55 then fits asc1.
    assert s.value(after_60, (60, 98, 3, 52), 0, 1) == 0
    assert s.value(after_60, (60, 98, 3, 52), 1, 0) == 2  # ended the turn: blocked


def test_blocked_at_once_leaves_every_held_card():
    # 55 fits no pile of (60, 60, 40, 40): not above 60, not 10 below it (50), not
    # below 40, not 10 above it (50). The partner's 3 is held too: 2 cards left.
    hands = (mask_of([55]), mask_of([3]))
    s = Solver()
    assert s.value(hands, (60, 60, 40, 40), 0, 0) == 2
    assert s.plan(hands, (60, 60, 40, 40), 0, 0) == (2, [])
    assert lower_bound(mask_of([55, 3]), (60, 60, 40, 40)) == 1  # 3 fits below 40


def test_lower_bound_counts_reopening_by_backwards_tricks():
    # 15 and 12 are below both ascending tops (25, 30) and above both descending ones
    # (3, 4). 15 + 10 = 25 is a top: 15 goes back on it. 12 + 10 = 22 is neither a top
    # nor held, and 12 - 10 = 2 is not a descending top: 12 can never be played.
    assert lower_bound(mask_of([15, 12]), (25, 30, 3, 4)) == 1
    # A chain of tricks: 15 back on 25, then 5 back on 15.
    assert lower_bound(mask_of([15, 5]), (25, 30, 3, 4)) == 0
    assert Solver().value((mask_of([15]), mask_of([5])), (25, 30, 3, 4), 0, 0) == 0
    # Mirrored on the descending side: 85 back on 75 (a top), then 95 back on 85.
    assert lower_bound(mask_of([85, 95]), (97, 98, 75, 70)) == 0
    # Descending tops 5 and 8: 15 - 10 = 5 is a top, so 15 goes back on it, and 12
    # then fits below 15: nothing is dead.
    assert lower_bound(mask_of([15, 12]), (25, 30, 5, 8)) == 0


def test_a_seat_with_no_card_is_skipped():
    # The partner holds nothing: seat 0 plays on alone. 70 then 71 on asc1 (45) wins
    # over two turns (one card a turn is the minimum once the draw pile is empty).
    hands = (mask_of([70, 71]), 0)
    assert Solver().value(hands, TOPS, 0, 0) == 0


def test_the_budget_is_a_count_of_expanded_positions():
    hands = (mask_of([50, 60]), mask_of([55]))
    s = Solver(budget=1)
    try:
        s.value(hands, TOPS, 0, 0)
    except OutOfBudget:
        pass
    else:
        raise AssertionError("one position cannot settle this table")
    assert s.nodes == 2


def test_cards_lists_a_mask_lowest_first():
    assert cards(mask_of([60, 2, 99])) == [2, 60, 99]


def _brute(state, memo) -> int:
    """Fewest cards left, by the engine's own actions (signals left out)."""
    if state.over:
        return state.cards_left
    key = (state.hands, state.tops, state.turn, state.played)
    if key in memo:
        return memo[key]
    best = None
    for a in GAME.legal_actions(state, state.turn):
        if a["type"] == "signal":
            continue
        v = _brute(GAME.apply(state, state.turn, a)[0], memo)
        best = v if best is None else min(best, v)
    memo[key] = best
    return best


@st.composite
def endgames(draw):
    """Tops (asc1, asc2, desc1, desc2) and 1–6 held cards split over 2 seats, every
    other card on the piles."""
    pool = list(range(2, 100))
    tops = draw(st.lists(st.sampled_from(pool), min_size=4, max_size=4, unique=True))
    rest = [c for c in pool if c not in tops]
    held = draw(st.lists(st.sampled_from(rest), min_size=1, max_size=6, unique=True))
    k = draw(st.integers(0, len(held)))
    turn = draw(st.integers(0, 1))
    mine, partner = held[:k], held[k:]
    if not (mine, partner)[turn]:
        turn = 1 - turn
    other = [c for c in rest if c not in held]
    piles = (tuple(other) + (tops[0],), (tops[1],), (tops[2],), (tops[3],))
    return table(mine, partner, piles, turn)


@settings(max_examples=60, deadline=None)
@given(endgames())
def test_the_solver_agrees_with_the_engine_played_out(state):
    hands = tuple(mask_of(h) for h in state.hands)
    assert Solver().value(hands, state.tops, state.turn, 0) == _brute(state, {})


def test_hard_with_endgame_plays_the_winning_order():
    bot = HardBot(seed=1)
    bot.endgame = 1000
    view = GAME.view(table(), 0)
    action = bot.choose(view, GAME.legal_actions(table(), 0))
    assert action == {"type": "play", "card": 50, "pile": "asc1"}
    assert bot.last_endgame["value"] == 0
    assert bot.last_endgame["moves"] == [(50, 0)]


def test_hard_over_its_budget_falls_back_and_says_so():
    bot = HardBot(seed=1)
    bot.endgame = 1
    view = GAME.view(table(), 0)
    bot.choose(view, GAME.legal_actions(table(), 0))
    assert bot.last_endgame == {"value": None, "nodes": 1}


def test_hard_does_not_solve_while_the_draw_pile_holds_cards():
    bot = HardBot(seed=1)
    bot.endgame = 1000
    state = replace(table(), deck=(99,))
    assert bot.solve(GAME.view(state, 0)) is None
    assert bot.last_endgame is None


def test_endgame_is_off_by_default():
    assert HardBot.ENDGAME is None
    assert HardBot().endgame is None


#: A table for the last draw: every card but 50, 55, 60 and 70 on a pile; tops as
#: ``TOPS`` (asc1 45, asc2 98, desc1 3, desc2 52).
LIVE2 = (50, 55, 60, 70)
PILES2 = piles_around(LIVE2, TOPS)


def test_the_last_draw_is_scored_over_every_split_of_the_hidden_cards():
    # Seat 0 holds 50 and 60; 55 and 70 are hidden: one is the last card to draw, the
    # other the partner's. Worked out by hand (the minimum is 2):
    # * 50 then 60 on asc1: drawing 55 the partner must play 70 on 60 and 55 is
    #   stranded (1 left); drawing 70 the partner's 55 fits nowhere (2 left): 1.5.
    # * 50 alone is short of the minimum: the block, all 4 cards left.
    # * 60 then 50 back on it (a trick, asc1 50): drawing 55 the partner plays 70 and
    #   55 is stranded (1); drawing 70 the partner plays 55, then 70 goes (0): 0.5.
    # * 50 on desc2 and 60 on asc1: 1 when drawing 55, 2 when drawing 70 (55 fits
    #   neither 60 nor 50): 1.5.
    # * 50 on desc2, then 60 back on it (a trick, desc2 60): 55 then fits desc2 and
    #   70 asc1, whoever holds which: 0.
    plans = [
        [(50, 0), (60, 0)],
        [(50, 0)],
        [(60, 0), (50, 0)],
        [(50, 3), (60, 0)],
        [(50, 3), (60, 3)],
    ]
    means, nodes = last_draw_values(0, [50, 60], [55, 70], 1, TOPS, plans)
    assert means == [1.5, 4.0, 0.5, 1.5, 0.0]
    assert nodes > 0


def test_hard_with_last_draw_picks_the_best_mean():
    state = replace(
        table((50, 60), (55,), PILES2),
        deck=(70,),
    )
    view = GAME.view(state, 0)
    assert view["minimum"] == 2
    bot = HardBot(seed=1)
    bot.last_draw = 10_000
    moves = bot.draw_plan(view, [(50, 0), (60, 0)])
    info = bot.last_endgame
    assert info["means"][0] == 1.5  # the planner's plan, as above
    assert moves == [(50, 3), (60, 3)]  # the sure win worked out above
    assert info["means"][info["index"]] == 0.0


def test_hard_last_draw_waits_for_a_draw_pile_it_empties():
    state = replace(table((50, 60), (55,), PILES2), deck=(70, 99))
    state = replace(state, piles=(state.piles[0][1:],) + state.piles[1:])  # 99 is drawn
    bot = HardBot(seed=1)
    bot.last_draw = 10_000
    view = GAME.view(state, 0)
    assert view["deck"] == 2
    assert bot.draw_plan(view, [(50, 0), (60, 0)]) is not None  # 2 = the minimum
    state = replace(state, deck=(70, 99, state.piles[0][0]))
    state = replace(state, piles=(state.piles[0][1:],) + state.piles[1:])
    assert bot.draw_plan(GAME.view(state, 0), [(50, 0), (60, 0)]) is None  # 3 > 2
