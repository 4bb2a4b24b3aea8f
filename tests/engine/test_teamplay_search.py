"""Teamplay's hard bot on the shared search (issue 17): the adapter's distances, its
determinizations (consistent with the view and with what the seat remembers), its
shortlist, its rewards, and a hard bot that a sample budget and a seed reproduce."""

from __future__ import annotations

import math
import random
from dataclasses import replace

from engine import get_bot
from engine.search import determinization_mismatches
from engine.teamplay.missions import KINDS, MISSION_IDS, missing
from engine.teamplay.rules import GAME
from engine.teamplay.search import Plan, TeamplayAdapter, miss, miss_after
from tests.engine.test_teamplay import cards, table

DRAW_3B = {"type": "draw", "from": "bank", "card": cards("3b")[0]}


def test_miss_counts_the_cards_a_mission_lacks_as_missing_does():
    rng = random.Random(5)
    for _ in range(150):
        counts = tuple(rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in range(KINDS))
        for m in MISSION_IDS:
            lacking, after = miss_after(m, counts)
            assert miss(m, counts) == lacking == missing(m, counts), (m, counts)
            for k in range(KINDS):
                more = list(counts)
                more[k] += 1
                assert after[k] == missing(m, tuple(more)), (m, counts, k)


def test_a_pair_lacks_one_card_and_four_of_a_kind_three():
    one_three = [0] * KINDS
    one_three[4] = 1  # kind 4: the red 3 (value 3, colour red)
    assert miss("P1", one_three) == 1  # a pair, any colour
    assert miss("T4", one_three) == 3  # four of a kind, any colour
    assert Plan().mission_value("P1", one_three) == 1 * 0.5
    assert Plan().mission_value("T4", one_three) == 6 * 0.09


def _played(players: int, seed: int, steps: int):
    """States of a seeded game played by normal bots, one per decision."""
    bots = [get_bot("teamplay", "normal", seed=seed * 10 + s) for s in range(players)]
    state = GAME.setup(players, seed)
    out = []
    for _ in range(steps):
        if GAME.is_over(state):
            break
        out.append(state)
        seat = state.seat
        state, _ = GAME.apply(state, seat, bots[seat].choose(GAME.view(state, seat)))
    return out


def test_determinizations_show_the_seat_exactly_its_view():
    for players in (3, 4):
        adapters = [TeamplayAdapter() for _ in range(players)]
        rng = random.Random(players)
        for i, state in enumerate(_played(players, 60 + players, 400)):
            seat = state.seat
            view = GAME.view(state, seat)
            adapters[seat].observe(view)
            if i % 9 == 0:
                assert determinization_mismatches(adapters[seat], view, rng, 2) == [], i


def test_cards_given_to_the_partner_stay_in_the_partner_s_hand():
    s = table(hands={0: "5r 5r 8b", 2: "1r 2r 7b"}, own={0: ("T1",), 2: ("P9",)}, draws_left=0)
    fives = sorted(cards("5r 5r"))
    adapter = TeamplayAdapter()
    adapter.observe(GAME.view(s, 0))
    s, _ = GAME.apply(s, 0, {"type": "give", "cards": fives})
    view = GAME.view(s, 0)
    adapter.observe(view)
    rng = random.Random(3)
    for _ in range(30):
        sim = adapter.determinize(view, rng)
        assert set(fives) <= set(sim.hands[2]) and len(sim.hands[2]) == 5
        assert sim.hands[0] == view["hand"] and sim.bank == view["bank"]
    # A fresh adapter (no memory of the gift) deals the fives anywhere unseen.
    fresh = TeamplayAdapter()
    assert any(not set(fives) <= set(fresh.determinize(view, rng).hands[2]) for _ in range(30))


def test_the_shortlist_keeps_one_action_per_kind_and_the_plan_s_choice_first():
    s = table(hands={0: "3r 8b"}, bank="1b 1b 3b", general="T4", own={0: ("P1",)}, deck="2r 2b 5b")
    legal = GAME.legal_actions(s, 0)
    assert len(legal) == 7  # deck, three bank cards, three gifts
    one_b, _, three_b = cards("1b 1b 3b")
    three_r, eight_b = cards("3r 8b")
    assert TeamplayAdapter().shortlist(GAME.view(s, 0), legal) == [
        {"type": "draw", "from": "bank", "card": three_b},  # the plan: the pair's 3
        {"type": "draw", "from": "deck"},
        {"type": "draw", "from": "bank", "card": one_b},  # the second 1b is the same
        {"type": "give", "cards": [three_r]},
        {"type": "give", "cards": [eight_b]},
        {"type": "give", "cards": [three_r, eight_b]},
    ]


def test_rewards_at_the_end_and_at_a_cut_off():
    s = table(hands={0: "3r 8b"}, general="T4", own={0: ("P1",)})
    adapter = TeamplayAdapter()
    sim = GAME.simulation(s)
    sim.phase, sim.points, sim.counts = "over", [7, 3], [2, 1]
    # Side 0 (seats 0 and 2) wins by 4 points: 1 + 0.3 * 4/10; the losers 0 - 0.3 * 4/10.
    assert [round(r, 9) for r in adapter.evaluate(sim)] == [1.12, -0.12, 1.12, -0.12]
    sim.points, sim.counts = [5, 5], [2, 2]  # a shared win: half each
    assert adapter.evaluate(sim) == [0.5, 0.5, 0.5, 0.5]
    sim.phase, sim.points = "play", [7, 3]
    adapter.worth = 0.0  # points only: 0.5 + 0.5 tanh(margin / 6)
    up, down = 0.5 + 0.5 * math.tanh(4 / 6), 0.5 + 0.5 * math.tanh(-4 / 6)
    assert adapter.evaluate(sim) == [up, down, up, down]
    assert round(up, 6) == 0.791391


def test_rollouts_stop_after_the_rounds_setting():
    s = table(hands={0: "3r 8b"}, general="T4", own={0: ("P1",)})
    adapter = TeamplayAdapter(rounds=1)
    sim = adapter.determinize(GAME.view(s, 0), random.Random(1))
    assert sim.turn == 4 and not adapter.horizon_over(sim)
    sim.turn = 8  # seats 1, 2, 3 and the seat itself once more have played
    assert not adapter.horizon_over(sim)
    sim.turn = 9
    assert adapter.horizon_over(sim)
    adapter.rounds = None
    adapter.determinize(GAME.view(s, 0), random.Random(1))
    assert not adapter.horizon_over(sim)


def test_hard_is_reproducible_with_a_sample_budget_and_a_seed():
    states = _played(4, 8, 60)[::6]
    runs = []
    for _ in range(2):
        bot = get_bot("teamplay", "hard", seed=11)
        bot.samples = 6
        got = []
        for state in states:
            action = bot.choose(GAME.view(state, state.seat))
            got.append((action, None if bot.last is None else (bot.last.index, bot.last.means)))
        runs.append(got)
    assert runs[0] == runs[1]
    assert any(means is not None for _, means in runs[0])


def test_hard_leaves_the_plan_only_for_a_clearly_better_candidate():
    s = table(hands={0: "3r 8b"}, bank="1b 3b 6r", general="T4", own={0: ("P1",)}, deck="2r 2b 5b")
    view = GAME.view(replace(s, draws_left=1), 0)
    for seed in range(4):
        bot = get_bot("teamplay", "hard", seed=seed)
        bot.switch = 10.0  # never: the plan's choice, the 3 for the pair
        assert bot.choose(view) == DRAW_3B
        assert bot.last.candidates[0] == DRAW_3B
        bot = get_bot("teamplay", "hard", seed=seed)
        bot.switch = 0.0  # always the best mean
        action = bot.choose(view)
        best = max(range(len(bot.last.means)), key=lambda i: (bot.last.means[i], -i))
        assert action == bot.last.candidates[best]


def test_hard_settings_are_attributes_of_the_bot():
    bot = get_bot("teamplay", "hard", seed=1)
    assert (bot.samples, bot.seconds, bot.mode, bot.rounds, bot.switch) == (
        16,
        None,
        "flat",
        1,
        0.02,
    )
    bot.rounds, bot.gift_threshold = 2, 0.5
    assert bot.adapter.rounds == 2 and bot.adapter.plan.gift_threshold == 0.5
