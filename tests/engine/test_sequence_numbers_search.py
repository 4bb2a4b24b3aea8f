"""Sequence Numbers' hard bot on the shared search (issue 17): determinizations that
show the seat exactly its view, window counts kept in step with the board, rollouts
of legal moves, exact rewards, and a hard bot that a sample budget and a seed
reproduce."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import get_bot
from engine.search import determinization_mismatches
from engine.sequence_numbers import GAME
from engine.sequence_numbers.search import (
    CORN,
    LINE,
    NW,
    Evaluation,
    SearchSim,
    SequenceAdapter,
    line_values,
)
from engine.sequence_numbers.bots import HandPlan, hold_chance
from engine.sequence_numbers.data import BOARD
from engine.sequence_numbers.state import CORNERS, DECK, MINUS, PLUS
from tests.engine.test_sequence_numbers import add_card, line, table


def _played(players: int, seed: int, steps: int):
    """States of a seeded game played by normal bots, one per decision."""
    bots = [get_bot("sequence-numbers", "normal", seed=seed * 10 + s) for s in range(players)]
    state = GAME.setup(players, seed)
    out = []
    for _ in range(steps):
        if GAME.is_over(state):
            break
        out.append(state)
        seat = min(GAME.awaiting(state))
        state, _ = GAME.apply(state, seat, bots[seat].choose(GAME.view(state, seat)))
    return out


def test_determinizations_show_the_seat_exactly_its_view():
    for players in (2, 4):
        adapter = SequenceAdapter()
        rng = random.Random(players)
        for i, state in enumerate(_played(players, 70 + players, 300)):
            if i % 7 == 0:
                view = GAME.view(state, min(GAME.awaiting(state)))
                adapter.observe(view)
                assert determinization_mismatches(adapter, view, rng, 2) == [], (players, i)


def test_unseen_cards_are_dealt_to_the_other_hands_and_the_deck():
    state = _played(2, 5, 40)[-1]
    seat = min(GAME.awaiting(state))
    view = GAME.view(state, seat)
    adapter = SequenceAdapter()
    sims = [adapter.determinize(view, random.Random(k)) for k in range(20)]
    other = 1 - seat
    for sim in sims:
        assert len(sim.hands[other]) == view["hand_sizes"][other]
        assert len(sim.deck) == view["deck_size"]
        assert sorted(sim.hands[other] + sim.deck) == sorted(sims[0].hands[other] + sims[0].deck)
    assert len({tuple(sim.hands[other]) for sim in sims}) > 1  # really dealt anew
    assert [sim.sample for sim in sims] == list(range(20))


def test_window_counts_follow_every_chip_and_removal():
    rng = random.Random(9)
    adapter = SequenceAdapter()
    for state in _played(2, 12, 200)[::25]:
        view = GAME.view(state, min(GAME.awaiting(state)))
        sim = adapter.determinize(view, rng)
        for _ in range(60):
            if sim.is_over():
                break
            seat = sim.awaiting()[0]
            code = adapter.rollout_policy(sim, seat, rng)
            assert code in sim.legal(seat)
            sim.play(seat, code)
            own, tot = [o[:] for o in sim.own], sim.tot[:]
            sim.count_windows()
            assert (own, tot) == (sim.own, sim.tot)


def test_rewards_at_a_win_a_draw_and_a_cut_off():
    adapter = SequenceAdapter()
    view = GAME.view(table(2), 0)
    sim = adapter.determinize(view, random.Random(1))
    # The empty board: every window through a corner holds one space of each colour.
    corner_windows = sum(1 for w in range(NW) if CORN[w])
    assert line_values(sim) == [corner_windows * LINE[1]] * 2
    assert Evaluation()(sim) == [0.0, 0.0]
    sim.over, sim.winner = True, 1
    assert adapter.evaluate(sim) == [-1.0, 1.0]
    sim.winner = None  # a draw (the reshuffle limit)
    assert adapter.evaluate(sim) == [0.0, 0.0]


def test_the_evaluation_counts_open_lines_of_each_colour():
    # Colour 0 holds three in a row in the middle of the board, nothing else: the
    # windows through those chips and no other add their line values; two corner
    # windows of colour 1 are cut, the diagonals (0,0)-(4,4) and (0,9)-(4,5).
    chips = {(4, 3): 0, (4, 4): 0, (4, 5): 0}
    view = GAME.view(table(2, chips=chips), 0)
    sim = SequenceAdapter().determinize(view, random.Random(1))
    mine, theirs = line_values(sim)
    assert theirs == (sum(1 for w in range(NW) if CORN[w]) - 2) * LINE[1] == 10.0
    expected = sum(LINE[sim.own[0][w] + CORN[w]] for w in range(NW) if sim.own[0][w] == sim.tot[w])
    assert mine == expected and mine > theirs
    v = math.tanh((mine - theirs) / 60.0)
    assert Evaluation()(sim) == [v, -v]


def test_hard_completes_a_sequence_without_searching():
    spaces = line((2, 1), (0, 1))
    state = table(2, chips={x: 0 for x in spaces[:-1]}, hand=[add_card(BOARD[2][5]), PLUS])
    bot = get_bot("sequence-numbers", "hard", seed=3)
    a = bot.choose(GAME.view(state, 0))
    assert (a["type"], a["row"], a["col"]) == ("chip", 2, 5) and bot.last is None


def test_hard_is_reproducible_with_a_sample_budget_and_a_seed():
    states = _played(2, 8, 40)[::5]
    runs = []
    for _ in range(2):
        bot = get_bot("sequence-numbers", "hard", seed=11)
        bot.samples, bot.plan = 6, False  # the search (at 2 players only without plan)
        got = []
        for state in states:
            view = GAME.view(state, min(GAME.awaiting(state)))
            action = bot.choose(view)
            got.append((action, None if bot.last is None else bot.last.means))
        runs.append(got)
    assert runs[0] == runs[1]
    assert any(means is not None for _, means in runs[0])


def test_hard_pairs_the_candidates_sample_by_sample():
    state = _played(2, 8, 40)[20]
    view = GAME.view(state, min(GAME.awaiting(state)))
    bot = get_bot("sequence-numbers", "hard", seed=2)
    bot.samples, bot.plan = 8, False
    bot.choose(view)
    found, record = bot.last, bot.playouts
    assert found is not None and len(found.candidates) == bot.width
    # The bot's choice reads the same rewards as the search: 8 per candidate, each
    # candidate on each of the same 8 deals.
    seat = view["seat"]
    codes = [GAME.encode_action(a) for a in found.candidates]
    samples = sorted({k for k, _, _ in record})
    assert len(samples) == 8
    for code, mean in zip(codes, found.means, strict=True):
        got = [r[seat] for k, c, r in record if c == code]
        assert len(got) == 8 and math.isclose(sum(got) / 8, mean)


def test_hard_leaves_normal_s_choice_only_for_a_clearly_better_one():
    states = _played(2, 8, 60)[10::6]
    for state in states:
        view = GAME.view(state, min(GAME.awaiting(state)))
        legal = GAME.legal_actions(state, view["seat"])
        if any(a["type"] in ("dead", "discard") for a in legal):
            continue
        bot = get_bot("sequence-numbers", "hard", seed=5)
        bot.samples, bot.z, bot.plan = 6, 1e9, False  # never: normal's first choice
        first, _ = bot.candidates(view, legal)
        assert bot.choose(view, legal) == first[0]


def test_a_search_sim_copies_its_counts_and_marks():
    view = GAME.view(table(2, chips={(4, 4): 1}), 0)
    sim = SequenceAdapter().determinize(view, random.Random(4))
    twin = sim.copy()
    assert isinstance(twin, SearchSim) and twin.own == sim.own and twin.tot == sim.tot
    assert (twin.first, twin.sample) == (None, 0)
    twin.play(0, twin.legal(0)[0])
    assert twin.first == sim.legal(0)[0] and sim.first is None


# --------------------------------------------------------------------------- hand plan
def test_hold_chance_is_the_hypergeometric_chance_of_at_least_one():
    assert hold_chance(10, 2, 3) == 1 - 56 / 120  # 1 - C(8,3)/C(10,3)
    assert hold_chance(95, 4, 5) == 1 - math.comb(91, 5) / math.comb(95, 5)
    assert hold_chance(95, 0, 5) == 0.0
    assert hold_chance(6, 3, 5) == 1.0  # five of six cards must include one of three


def test_the_plan_weights_an_opponent_space_by_the_chance_it_holds_the_card():
    # The seat holds the addition cards of 1..5: of the 95 cards it has not seen, 4
    # fill a space showing 10 (two equations, two Plus), 3 one showing 1.
    hand = [add_card(n) for n in range(1, 6)]
    view = GAME.view(table(2, hand=hand), 0)
    plan = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7)
    q10 = 1 - math.comb(91, 5) / math.comb(95, 5)
    q1 = 1 - math.comb(92, 5) / math.comb(95, 5)
    assert plan.reach[10] == q10 + (1 - q10) * 0.35
    assert plan.reach[1] == q1 + (1 - q1) * 0.35


def test_the_plan_counts_windows_the_hand_can_finish():
    # Four of colour 0 on row 2, (2,1)-(2,4): the windows (2,0)-(2,4) and (2,1)-(2,5)
    # each need one space. With rho = 0 only windows the hand fills entirely count,
    # each gamma ** need; lam = 0 leaves the opponent out.
    spaces = line((2, 1), (0, 1))
    state = table(2, chips={x: 0 for x in spaces[:-1]})
    view = GAME.view(state, 0)
    plan = HandPlan(view, gamma=0.5, rho=0.0, lam=0.0)
    chips = [c for row in view["chips"] for c in row]
    assert plan.value(chips, [add_card(BOARD[2][5])]) == 0.5
    assert plan.value(chips, [PLUS]) == 1.0  # a Plus fills either window
    assert plan.value(chips, []) == 0.0


def test_hard_keeps_minus_unless_removing_is_worth_more_than_keep_minus():
    state = table(2, chips={(4, 4): 1}, hand=[PLUS, MINUS, add_card(BOARD[6][6])])
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    bot = get_bot("sequence-numbers", "hard", seed=1)
    assert bot.keep_minus == 0.3 and bot.choose(view, legal)["card"] != MINUS
    bot.keep_minus = 0.0  # the lone chip opens many windows: worth a Minus then
    assert bot.choose(view, legal) == {"type": "remove", "card": MINUS, "row": 4, "col": 4}


def test_hard_plans_without_a_search_at_two_players_only():
    states = _played(2, 8, 40)[::5]
    runs = []
    for _ in range(2):
        bot = get_bot("sequence-numbers", "hard", seed=11)
        got = []
        for state in states:
            got.append(bot.choose(GAME.view(state, min(GAME.awaiting(state)))))
            assert bot.last is None
        runs.append(got)
    assert runs[0] == runs[1]
    four = _played(4, 8, 30)[10:30:4]
    bot = get_bot("sequence-numbers", "hard", seed=11)
    bot.samples = 4
    searched = 0
    for state in four:
        bot.choose(GAME.view(state, min(GAME.awaiting(state))))
        searched += bot.last is not None
    assert searched > 0


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 40),
    step=st.integers(0, 30),
    changes=st.lists(
        st.tuples(st.integers(0, 99), st.sampled_from([None, 0, 1])), min_size=1, max_size=3
    ),
    cards=st.lists(st.integers(0, 99), max_size=6),
)
def test_the_plan_rescanned_after_a_few_changes_values_the_board_as_value_does(
    seed, step, changes, cards
):
    states = _played(2, seed, step + 1)
    state = states[-1]
    view = GAME.view(state, min(GAME.awaiting(state)))
    plan = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7)
    chips = [c for row in view["chips"] for c in row]
    after = list(chips)
    changed = [x for x, _ in changes if x not in CORNERS]
    for x, colour in changes:
        if x not in CORNERS:
            after[x] = colour
    hand = [DECK[i] for i in cards]
    scan = plan.rescan(plan.scan(chips), after, changed)
    assert scan == plan.scan(after)
    assert math.isclose(plan.scanned(scan, hand), plan.value(after, hand), abs_tol=1e-9)


def _row_2_four(colour: int, hand=()):
    """Colour ``colour`` holds (2,1)-(2,4); the windows (2,0)-(2,4) and (2,1)-(2,5)
    each need one space. Seat 0 (colour 0) is to move holding ``hand`` (default:
    none). ``(view, chips)``, chips flat by board index."""
    state = table(2, chips={x: colour for x in line((2, 1), (0, 1), 4)}, hand=hand)
    view = GAME.view(state, 0)
    return view, [c for row in view["chips"] for c in row]


def _four_on_row_2(colour: int, hand, theirs_hand=()):
    """:func:`_row_2_four` with hard's plan at gamma 0.5, no rho, no lambda."""
    view, chips = _row_2_four(colour, hand)
    return HandPlan(view, gamma=0.5, rho=0.0, lam=0.0), chips


def test_my_turn_is_a_win_when_a_card_in_hand_completes_a_window():
    bot = get_bot("sequence-numbers", "hard", seed=1)
    hand = [add_card(BOARD[2][5])]
    plan, chips = _four_on_row_2(0, hand)
    assert bot.my_turn(plan, chips, plan.scan(chips), hand, []) == bot.look_win


def test_my_turn_is_a_loss_when_the_opponent_holds_a_card_the_seat_cannot_block():
    bot = get_bot("sequence-numbers", "hard", seed=1)
    plan, chips = _four_on_row_2(1, [add_card(1)])
    scan = plan.scan(chips)
    theirs = [add_card(BOARD[2][5])]
    assert BOARD[2][5] != 1 and BOARD[2][0] != 1
    assert bot.my_turn(plan, chips, scan, [add_card(1)], theirs) == -bot.look_win
    # Two threat spaces (either end) and a card for one: still lost.
    both = [add_card(BOARD[2][5]), add_card(BOARD[2][0])]
    hand = [add_card(BOARD[2][5])]
    assert bot.my_turn(plan, chips, scan, hand, both) == -bot.look_win
    # One threat, blocked by the card for it: the plan's value of the board after the
    # block (lam = 0, rho = 0: no own window is finished by an empty hand).
    assert bot.my_turn(plan, chips, scan, hand, theirs) == 0.0
    # No card of the opponent for either end: the plan's value of the board as it is.
    assert bot.my_turn(plan, chips, scan, [add_card(1)], [add_card(1)]) == 0.0


def test_a_minus_in_hand_reopens_the_best_window_with_one_opponent_chip():
    # Colour 0 on (2,1)-(2,3), colour 1 on (2,4): (2,0)-(2,4) and (2,1)-(2,5) each
    # hold one opponent chip. Reopening (2,1)-(2,5) leaves (2,4) and (2,5) to fill.
    chips_at = {x: 0 for x in line((2, 1), (0, 1), 3)} | {(2, 4): 1}
    state = table(2, chips=chips_at, hand=[MINUS])
    view = GAME.view(state, 0)
    plan = HandPlan(view, gamma=0.5, rho=0.0, lam=0.0, minus_open=1.0)
    chips = [c for row in view["chips"] for c in row]
    held = [n in (BOARD[2][4], BOARD[2][5]) for row in BOARD for n in row]
    assert plan.reopened(chips, held, 0) == 0.5**3  # two spaces and a turn for the Minus
    held = [False] * 100
    assert plan.reopened(chips, held, 2) == 0.5**3  # two Plus fill them
    assert plan.reopened(chips, held, 0) == 0.0  # rho = 0: nothing to fill them with
    assert plan.value(chips, [MINUS]) == 0.0
    assert plan.value(chips, [MINUS, PLUS, PLUS]) == 0.5**3


def test_four_multiplies_the_opponent_s_windows_one_space_from_a_sequence():
    # Colour 1 holds (2,1)-(2,4): its windows needing one space are (2,0)-(2,4) and
    # (2,1)-(2,5); every other window of the board is the same under both settings.
    view, chips = _row_2_four(1)
    plain = HandPlan(view, gamma=0.5, rho=0.35, lam=1.0)
    sharp = HandPlan(view, gamma=0.5, rho=0.35, lam=1.0, four=3.0)
    ends = plain.reach[BOARD[2][0]] + plain.reach[BOARD[2][5]]
    assert math.isclose(sharp.value(chips, []) - plain.value(chips, []), -2 * 0.5 * ends)
    assert math.isclose(sharp.scanned(sharp.scan(chips), []), sharp.value(chips, []))


def test_plus_once_counts_a_plus_in_one_window_only():
    plan, chips = _four_on_row_2(0, [PLUS])
    assert plan.value(chips, [PLUS]) == 1.0  # either window, counted in both
    view = GAME.view(table(2, chips={x: 0 for x in line((2, 1), (0, 1), 4)}, hand=[PLUS]), 0)
    once = HandPlan(view, gamma=0.5, rho=0.0, lam=0.0, plus_once=True)
    assert once.value(chips, [PLUS]) == 0.5


def test_infer_reads_the_opponent_s_missing_cards_from_a_four_it_left():
    # Colour 1 had (2,1)-(2,4) when seat 0 last moved and did not complete either end:
    # its hand then held neither end's answer nor a Plus.
    state = table(2, chips={x: 1 for x in line((2, 1), (0, 1), 4)}, hand=[add_card(1)])
    view = GAME.view(state, 0)
    chips = [c for row in view["chips"] for c in row]
    # (The ends answer 42 and 43; seat 0's own card answers 1: neither end is in its hand.)
    bot = get_bot("sequence-numbers", "hard", seed=1)
    bot.infer = True
    assert bot.lacking(view) is None  # nothing remembered
    bot._memo = (view["turns"] - 2, chips)
    ends = frozenset({BOARD[2][0], BOARD[2][5]})
    assert bot.lacking(view) == ends
    moved = list(chips)
    moved[55], moved[66] = 1, 1  # two chips more than one opponent move could place
    bot._memo = (view["turns"] - 2, moved)
    assert bot.lacking(view) is None
    # Of the 4 cards it kept none answers an end; only its last draw can.
    plan = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7, lacking=ends)
    pool = 100 - len(view["hand"])  # no discards yet
    q = (2 + 2) / pool  # two equations and two Plus among the cards seat 0 cannot see
    assert math.isclose(plan.reach[BOARD[2][0]], q + (1 - q) * 0.35)


def _open_three_on_row_4(hand):
    """Colour 1 holds (4,2)-(4,4); seat 0 (colour 0) holds ``hand`` (five cards, so no
    card is dealt to fill it). The opponent's windows two spaces short are (4,0)-(4,4)
    [(4,0), (4,1) empty], (4,1)-(4,5) [(4,1), (4,5)] and (4,2)-(4,6) [(4,5), (4,6)]: a
    chip of colour 1 on (4,1) or on (4,5) leaves two spaces that each complete one."""
    state = table(2, chips={x: 1 for x in line((4, 2), (0, 1), 3)}, hand=hand)
    view = GAME.view(state, 0)
    return view, [c for row in view["chips"] for c in row]


def test_the_fork_danger_is_the_chance_the_opponent_holds_a_card_for_a_forking_space():
    hand = [add_card(n) for n in range(1, 6)]
    view, chips = _open_three_on_row_4(hand)
    # (4,1) shows 31, (4,5) 39: of the 95 cards seat 0 has not seen, 4 play on each
    # (two equations, two Plus); the opponent holds 5 of them.
    assert (BOARD[4][1], BOARD[4][5]) == (31, 39)
    q = 1 - math.comb(91, 5) / math.comb(95, 5)
    plain = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7)
    forked = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7, fork=2.0)
    assert forked.hold_at[41] == forked.hold_at[45] == q
    danger = 1 - (1 - q) * (1 - q)
    assert math.isclose(forked.value(chips, hand) - plain.value(chips, hand), -2.0 * danger)
    # A Minus kept can take the forking chip back off: half the danger counts.
    kept = [add_card(n) for n in range(1, 5)] + [MINUS]
    view, chips = _open_three_on_row_4(kept)
    plain = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7)
    forked = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7, fork=2.0)
    diff = forked.value(chips, kept) - plain.value(chips, kept)
    assert math.isclose(diff, -2.0 * 0.5 * danger)
    # A chip of seat 0 on (4,5) leaves colour 1 no fork: (4,0)-(4,4) is its only window
    # two spaces short, its second space (4,1) has no partner.
    chips[45] = 0
    assert forked.value(chips, kept) == plain.value(chips, kept)


def test_the_fork_danger_counts_threats_on_the_board_and_the_seat_s_own_wins():
    view, _ = _open_three_on_row_4([add_card(n) for n in range(1, 6)])
    plan = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7, fork=1.0)
    q = plan.hold_at[41]
    pairs = [[40, 41], [41, 45], [45, 46]]
    assert plan.danger(set(), pairs, set(), False) == 1 - (1 - q) * (1 - q)
    # Two spaces already complete an opponent window: certain.
    assert plan.danger({20, 25}, [], set(), False) == 1.0
    # One threat (at (2,0)): a space of one window two short forks with it too, and
    # the Minus no longer helps (it cannot undo both).
    assert plan.danger({20}, [[40, 41]], set(), True) == 1 - (1 - q) * (1 - plan.hold_at[40])
    # The seat completes a window next turn on (5,0): the opponent must block there,
    # and that space forks nothing.
    assert plan.danger(set(), pairs, {50}, False) == 0.0
    # ... on (4,5): only a fork there counts.
    assert plan.danger(set(), pairs, {45}, False) == q
    assert plan.danger(set(), pairs, {45, 50}, False) == 0.0  # two: it cannot block both


def test_stuck_multiplies_an_opponent_window_one_short_the_hand_cannot_block():
    # Colour 1 holds (2,1)-(2,4): (2,0)-(2,4) needs (2,0) (42), (2,1)-(2,5) needs (2,5)
    # (43). With a card for 42 only the window needing 43 is stuck.
    view, chips = _row_2_four(1)
    plain = HandPlan(view, gamma=0.5, rho=0.35, lam=1.0)
    stuck = HandPlan(view, gamma=0.5, rho=0.35, lam=1.0, stuck=3.0)
    r42, r43 = plain.reach[42], plain.reach[43]
    none = [add_card(1)]
    assert math.isclose(stuck.value(chips, none) - plain.value(chips, none), -2 * 0.5 * (r42 + r43))
    one = [add_card(42)]
    assert math.isclose(stuck.value(chips, one) - plain.value(chips, one), -2 * 0.5 * r43)
    for card in (PLUS, MINUS):  # either blocks (or reopens) both
        assert stuck.value(chips, [card]) == plain.value(chips, [card])


def test_hard_with_fork_takes_a_forking_space_that_plain_hard_leaves():
    # Colour 1's open three on row 4 (see _open_three_on_row_4); seat 0 has (7,1) and
    # (7,2) and holds cards for (4,1) (31) and for (4,5) or (7,4) (39).
    chips = {x: 1 for x in line((4, 2), (0, 1), 3)} | {(7, 1): 0, (7, 2): 0}
    hand = [add_card(n) for n in (31, 39, 21, 5, 44)]
    state = table(2, chips=chips, hand=hand)
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    bot = get_bot("sequence-numbers", "hard", seed=1)
    plain = bot.choose(view, legal)
    assert (plain["row"], plain["col"]) == (7, 4)  # its own line; the fork stays open
    bot.fork = 1.0
    forked = bot.choose(view, legal)
    assert (forked["row"], forked["col"]) in {(4, 1), (4, 5)}


def test_fork2_is_the_chance_the_opponent_makes_a_shape_with_two_forking_spaces():
    # Colour 1 holds (4,3) and (4,4). A chip of it on (4,2) makes the open three of
    # _open_three_on_row_4 (forking spaces (4,1), (4,5)); on (4,5): (4,3)-(4,5), forking
    # on (4,2) [(4,1), (4,6)] and (4,6) [(4,2), (4,7)]. Elsewhere one forking space at
    # most ((4,1): only (4,2); (4,6): only (4,5)), which one chip of the seat can take.
    hand = [add_card(n) for n in range(1, 6)]
    state = table(2, chips={(4, 3): 1, (4, 4): 1}, hand=hand)
    view = GAME.view(state, 0)
    chips = [c for row in view["chips"] for c in row]
    assert (BOARD[4][2], BOARD[4][5]) == (22, 39)
    q = 1 - math.comb(91, 5) / math.comb(95, 5)
    plain = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7)
    deep = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7, fork2=2.0)
    assert deep.hold_at[42] == deep.hold_at[45] == q
    diff = deep.value(chips, hand) - plain.value(chips, hand)
    assert math.isclose(diff, -2.0 * (1 - (1 - q) * (1 - q)))
    # Beside a threat every window two short forks: a chip on any of (4,0)-(4,2)
    # leaves the other two forking, with the threat to block first.
    hold = deep.hold_at
    got = deep.danger2({20}, [], [[40, 41, 42]])
    assert math.isclose(got, 1 - (1 - hold[40]) * (1 - hold[41]) * (1 - hold[42]))
    # A chip on a space of a window two short makes a second threat: danger's, not this.
    assert deep.danger2({20}, [[40, 41]], []) == 0.0


def test_attack_counts_a_card_in_hand_that_makes_a_double_threat_of_the_seat_s_own():
    # Seat 0's own open three on row 4 ((4,2)-(4,4), colour 0): a chip on (4,1) or
    # (4,5) leaves two spaces that complete its windows.
    state = table(2, chips={x: 0 for x in line((4, 2), (0, 1), 3)})
    view = GAME.view(state, 0)
    chips = [c for row in view["chips"] for c in row]
    plain = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7)
    sharp = HandPlan(view, gamma=0.7, rho=0.35, lam=0.7, attack=0.5)
    for hand, bonus in (([add_card(31)], 0.5), ([add_card(39)], 0.5), ([add_card(48)], 0.0)):
        # 31 and 39 answer (4,1) and (4,5); 48 answers (4,0): one window only.
        assert BOARD[4][0] == 48
        assert math.isclose(sharp.value(chips, hand) - plain.value(chips, hand), bonus)
    held = [False] * 100
    held[41] = True
    assert HandPlan.can_fork(set(), [[40, 41], [41, 45], [45, 46]], held)
    assert not HandPlan.can_fork(set(), [[40, 41], [45, 46]], held)  # one window each
    assert HandPlan.can_fork({20}, [[40, 41]], held)  # beside a threat of its own
    # (4,1) completes a window already: a chip there is a win, not a fork; a chip on
    # (4,0) or (4,5) leaves only (4,1) to complete.
    assert not HandPlan.can_fork({41}, [[40, 41], [41, 45]], [True] * 100)
