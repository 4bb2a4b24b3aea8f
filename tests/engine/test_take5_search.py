"""Take 5's hard bot on the shared search (issue 17): the sampler is consistent with
everything the seat may know, the shortlist and the cut-off evaluation in bullheads,
reproducibility with a sample budget and a seed, and the one-loop random playout."""

from __future__ import annotations

import math
import random

import pytest

from engine.search import determinization_mismatches
from engine.take5 import GAME
from engine.take5.bots import HardBot, NormalBot
from engine.take5.search import Take5Adapter
from engine.take5.state import BULLHEADS, DECK_SIZE
from tests.engine.test_take5 import table, turn


def _decisions(players: int, seed: int, options: dict):
    """Every (state, seat, view) of a seeded game played by normal bots, each seat's
    adapter shown each of its views (as a hard bot's would be)."""
    bots = [NormalBot(seed * 10 + s) for s in range(players)]
    adapters = [Take5Adapter() for _ in range(players)]
    state = GAME.setup(players, seed, options)
    while not GAME.is_over(state):
        seat = min(GAME.awaiting(state))
        view = GAME.view(state, seat)
        adapters[seat].observe(view)
        yield state, seat, view, adapters[seat]
        state, _ = GAME.apply(state, seat, bots[seat].choose(view))


@pytest.mark.parametrize(
    "players,options",
    [
        (2, {"rounds": 2}),
        (5, {"rounds": 2}),
        (10, {"rounds": 1}),
        (4, {"tactical": True, "rounds": 2}),
    ],
)
def test_every_determinization_is_indistinguishable_for_the_seat(players, options):
    rng = random.Random(players)
    checked = 0
    for state, seat, view, adapter in _decisions(players, 3, options):
        assert determinization_mismatches(adapter, view, rng, 2) == []
        sim = adapter.determinize(view, rng)
        # every card of the game exactly once: hands, rows, piles, undealt
        cards = [c for h in sim.hands for c in h] + [c for r in sim.rows for c in r]
        cards += [c for p in sim.penalty for c in p] + list(sim.undealt)
        cards += [c for c, _ in sim.pending]
        top = DECK_SIZE if not options.get("tactical") else 10 * players + 4
        assert sorted(cards) == list(range(1, top + 1))
        # hidden choices come from the chooser's own (sampled) hand
        for s in range(players):
            if s != seat and sim.chosen[s]:
                assert sim.chosen[s] in sim.hands[s] and state.chosen[s] is not None
        checked += 1
    assert checked > 20


def test_hidden_cards_are_only_the_unseen_ones():
    """The other hands are dealt from the cards the seat never saw this round."""
    for state, seat, view, adapter in _decisions(4, 11, {"rounds": 1}):
        unseen = set(adapter.tracker.unseen(view))
        sim = adapter.determinize(view, random.Random(1))
        for s in range(4):
            if s != seat:
                assert set(sim.hands[s]) <= unseen
                assert len(sim.hands[s]) == len(state.hands[s])


def test_the_evaluation_counts_bullheads_taken_since_the_decision():
    adapter = Take5Adapter(spite=1.0, scale=10.0)
    t = table("3 12 14 15 17 / 20 / 40 / 90", hands=["18 60", "1 91", "2 92"])
    sim = GAME.simulation(t)
    sim.base = tuple(sim.penalty_heads)
    assert adapter.evaluate(sim) == [0.0, 0.0, 0.0]
    sim.play(0, 18)  # the sixth card of row 0: seat 0 takes the five
    sim.play(1, 91)
    sim.play(2, 92)
    heads = sum(BULLHEADS[c] for c in (3, 12, 14, 15, 17))
    assert heads == 6
    # seat 0 took 6; the others 0: own 6 - mean of the others 0 -> -0.6;
    # each other seat: 0 - (6 + 0) / 2 -> +0.3
    assert adapter.evaluate(sim) == pytest.approx([-0.6, 0.3, 0.3])


def test_the_shortlist_is_the_safest_cards_first_and_every_row():
    t = table("3 12 14 15 17 / 20 / 40 / 90", hands=["18 21 41 60 61 91 95", "1 92"])
    view = GAME.view(t, 0)
    adapter = Take5Adapter(max_candidates=3)
    adapter.observe(view)
    short = adapter.shortlist(view, GAME.legal_actions(t, 0))
    assert len(short) == 3 and {"type": "choose", "card": 18} not in short
    t2 = table("50 51 52 53 54 / 8 / 60 / 70", hands=["3 95 96 97", "90 91 92 93"])
    t2, _ = turn(t2, 3, 90)
    rows = GAME.legal_actions(t2, 0)
    assert adapter.shortlist(GAME.view(t2, 0), rows) == rows


def test_hard_is_reproducible_with_a_sample_budget_and_a_seed():
    def game(seed):
        bots = [HardBot(seed * 10 + s, samples=6) for s in range(3)]
        state, actions = GAME.setup(3, seed, {"rounds": 1}), []
        while not GAME.is_over(state):
            seat = min(GAME.awaiting(state))
            action = bots[seat].choose(GAME.view(state, seat))
            state, _ = GAME.apply(state, seat, action)
            actions.append((seat, action))
        return actions, GAME.digest(state)

    assert game(4) == game(4)


def test_hard_does_not_volunteer_a_sixth_card_nor_take_a_costly_row():
    t = table("3 12 14 15 17 / 20 / 40 / 90", hands=["18 60 61", "1 91 92"])
    bot = HardBot(1, samples=60)
    assert bot.choose(GAME.view(t, 0))["card"] != 18
    assert bot.last is not None and bot.last.samples >= 16
    t2 = table("55 11 22 33 44 / 8 / 60 / 70", hands=["3 95 96", "90 91 92"])
    t2, _ = turn(t2, 3, 90)
    assert HardBot(1, samples=60).choose(GAME.view(t2, 0)) != {"type": "take-row", "row": 0}


@pytest.mark.parametrize("stop", [True, False])
def test_the_random_playout_ends_the_round_or_the_game_with_every_card_kept(stop):
    for seed in range(4):
        sim = GAME.simulation(GAME.setup(5, seed))
        sim.stop_at_round_end = stop
        before = sim.totals
        sim.random_playout(random.Random(seed))
        assert sim.awaiting() == ()
        if stop:
            assert sim.round == 1 and all(not h for h in sim.hands)
            assert sim.round_over or sim.is_over()
            assert sim.totals == tuple(
                b + h for b, h in zip(before, sim.penalty_heads, strict=True)
            )
            cards = [c for r in sim.rows for c in r] + [c for p in sim.penalty for c in p]
            assert sorted(cards + list(sim.undealt)) == list(range(1, DECK_SIZE + 1))
        else:
            assert sim.is_over() and max(sim.totals) > 66
        state = sim.state()  # the main path accepts the state and agrees it ended
        assert GAME.is_over(state) == sim.is_over()


def test_the_adapter_settings_are_the_bots_by_name():
    bot = HardBot(1)
    bot.spite, bot.max_candidates = 0, 2
    assert bot.adapter.spite == 0.0 and bot.adapter.max_candidates == 2
    t = table("3 12 14 15 17 / 20 / 40 / 90", hands=["18 21 41 60 61 91 95", "1 92 93 94 96 97 98"])
    bot.choose(GAME.view(t, 0))
    assert len(bot.last.candidates) == 2


def test_the_gap_rollout_plays_the_round_out_by_the_heuristic():
    from engine.take5.search import gap_pick

    rows = [[3, 12, 14, 15, 17], [20], [40], [90]]
    costs = [6, 3, 3, 3]
    # 18 would be the sixth card of row 0 for sure; 21 (gap 1 after 20) is safe
    assert gap_pick([18, 21, 95], rows, costs, 2, 1 / 50) == 21
    # a hand all too low plays its first card (it takes the cheapest row)
    assert gap_pick([1, 2], rows, costs, 2, 1 / 50) == 1
    adapter = Take5Adapter(rollout="gap")
    with pytest.raises(ValueError):
        Take5Adapter(rollout="smart")
    bot = HardBot(2)
    bot.rollout = "gap"
    assert bot.adapter.rollout == "gap"
    with pytest.raises(ValueError):
        bot.rollout = "smart"
    for seed in range(3):
        sim = GAME.simulation(GAME.setup(4, seed))
        sim.stop_at_round_end = True
        assert adapter.playout(sim, random.Random(seed))
        assert sim.awaiting() == () and all(not h for h in sim.hands)
        cards = [c for r in sim.rows for c in r] + [c for p in sim.penalty for c in p]
        assert sorted(cards + list(sim.undealt)) == list(range(1, DECK_SIZE + 1))


def test_the_gap_likelihood_weighs_a_close_card_against_a_random_one():
    from engine.take5.search import STYLE_NOISE, gap_likelihood

    rows = [[10], [20], [30], [40]]
    assert STYLE_NOISE == 0.2
    # gaps 11 → 1, 12 → 2, 25 → 5, 50 → 10: one card of four was closer than 12,
    # so 3 · (3/4)² = 1.6875, mixed with the noise: 0.2 + 0.8 · 1.6875
    assert gap_likelihood(rows, 12, [11, 12, 25, 50], 3) == pytest.approx(1.55)
    assert gap_likelihood(rows, 11, [11, 12, 25, 50], 3) == pytest.approx(0.2 + 0.8 * 3)
    # a too-low card: three of four would have fitted a row, 3 · (1/4)² = 0.1875
    assert gap_likelihood(rows, 5, [5, 11, 12, 25], 3) == pytest.approx(0.35)
    # a full row counts as no row: 45 after a full row ending 40 is like a too-low card
    full = [[10], [20], [30], [36, 37, 38, 39, 40]]
    assert gap_likelihood(full, 45, [11, 45], 2) == pytest.approx(0.2 + 0.8 * 2 * 0.5)


def test_the_model_rollout_learns_who_plays_close_cards():
    from engine.take5.bots import EasyBot
    from engine.take5.search import GAP_PRIOR

    bots = [HardBot(1, samples=4, rollout="model"), EasyBot(2), NormalBot(3), EasyBot(4)]
    adapter = bots[0].adapter
    assert GAP_PRIOR == 0.75 and adapter.gap_chance(2) == pytest.approx(0.75)
    state = GAME.setup(4, 5, {"rounds": 2})
    while not GAME.is_over(state):
        seat = min(GAME.awaiting(state))
        state, _ = GAME.apply(state, seat, bots[seat].choose(GAME.view(state, seat)))
    # the normal bot's close cards raise its chance; the easy bots' random ones lower it
    assert adapter.gap_chance(2) > 0.99
    assert adapter.gap_chance(1) < 0.2 and adapter.gap_chance(3) < 0.2
    adapter.log_odds[2] = math.log(3)  # odds 3 : 1 before, 9 : 1 after
    assert adapter.gap_chance(2) == pytest.approx(0.9)


def test_the_model_rollout_plays_the_round_out_with_every_card_kept():
    adapter = Take5Adapter(rollout="model")
    for seed in range(3):
        state = GAME.setup(4, seed)
        view = GAME.view(state, 1)
        adapter.observe(view)
        sim = adapter.determinize(view, random.Random(seed))
        assert len(adapter._gapper) == 4 and adapter._gapper[1]
        assert adapter.playout(sim, random.Random(seed))
        assert sim.awaiting() == () and all(not h for h in sim.hands)
        cards = [c for r in sim.rows for c in r] + [c for p in sim.penalty for c in p]
        assert sorted(cards + list(sim.undealt)) == list(range(1, DECK_SIZE + 1))


def test_the_win_setting_adds_a_win_when_the_playout_ends_the_game():
    # last turn: seat 0's 18 is the sixth card of row 0 (6 bullheads), the game
    # ends (totals 60 + 6 = 66, 64 + 0, 70 + 0 > 66); the lowest total wins
    t = table("3 12 14 15 17 / 20 / 40 / 90", hands=["18", "91", "92"], totals=[60, 64, 70])
    # rewards without the win: seat 0 -6/10, the others (0 + 6/2)/10 = +0.3; seat 1
    # (64) is the lowest total and gets the win on top
    for win, expected in ((0.0, [-0.6, 0.3, 0.3]), (1.0, [-0.6, 1.3, 0.3])):
        adapter = Take5Adapter(spite=1.0, scale=10.0, win=win)
        sim = GAME.simulation(t)
        sim.stop_at_round_end = True
        sim.base = tuple(sim.penalty_heads)
        for seat, card in ((0, 18), (1, 91), (2, 92)):
            sim.play(seat, card)
        assert sim.is_over() and sim.totals == (66, 64, 70)
        assert adapter.evaluate(sim) == pytest.approx(expected)
    with pytest.raises(ValueError):
        Take5Adapter(win=-1.0)
    assert Take5Adapter().win == 0.0
    bot = HardBot(1)
    assert bot.win == 1.0 and bot.samples == 96
    bot.win = 0.5
    assert bot.adapter.win == 0.5
    with pytest.raises(ValueError):
        bot.win = -1
