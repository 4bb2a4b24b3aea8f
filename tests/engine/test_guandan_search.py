"""Guandan's search adapter (issue 17): the hard bot's sampler is consistent with
the view (and with the tribute: a payer gave its strongest non-wild card), passes
leave clues, the cut-off evaluation scores predicted places like the end of a deal,
and a hard bot with a sample budget and a seed is reproducible."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.guandan import GAME
from engine.guandan.bots import make_bot, unseen
from engine.guandan.cards import card_value, is_wild, parse_card
from engine.guandan.search import (
    Deck,
    GuandanAdapter,
    normal_action,
    pass_clues,
    predicted,
    rollout_action,
)
from engine.search import determinization_mismatches


def play_to(seed: int, deal: int, level: str = "easy", steps: int = 0):
    """A seeded match played by ``level`` bots until ``deal``'s play phase, then
    ``steps`` more actions."""
    s = GAME.setup(4, seed, {"deals": 3})
    bots = [make_bot(level, seed=k) for k in range(4)]

    def step(s):
        seat = min(GAME.awaiting(s))
        a = bots[seat].choose(GAME.view(s, seat), GAME.legal_actions(s, seat))
        return GAME.apply(s, seat, a)[0]

    while s.deal < deal or s.phase != "play":
        s = step(s)
    for _ in range(steps):
        s = step(s)
    return s


def after(state, seat, cards, combo, rank):
    ids = sorted(parse_card(c) for c in cards.split())
    return GAME.apply(state, seat, {"type": "play", "cards": ids, "combo": combo, "rank": rank})[0]


def test_determinizations_show_the_seat_exactly_its_view():
    adapter = GuandanAdapter()
    for seed, steps in ((1, 0), (2, 17), (3, 45)):
        s = play_to(seed, 1, steps=steps)
        for seat in range(4):
            view = GAME.view(s, seat)
            assert determinization_mismatches(adapter, view, random.Random(seed), 3) == []
            sim = adapter.determinize(view, random.Random(seat))
            twin = sim.state()
            assert [len(h) for h in twin.hands] == [len(h) for h in s.hands]
            assert twin.hands[seat] == s.hands[seat]
            assert GAME.legal_actions(twin, seat) == GAME.legal_actions(s, seat)


def test_a_tribute_payer_is_dealt_nothing_stronger_than_what_it_paid():
    s = play_to(4, 2)  # deal 2 at level 5: seat 1 paid the 5 of spades, seat 3 an ace
    assert s.level == 5
    assert [(p, r, c % 54) for p, r, c in s.transfers] == [(1, 0, 14), (3, 2, 49)]
    view = GAME.view(s, 0)
    deck = Deck(view)
    rng = random.Random(0)
    for _ in range(50):
        hands = deck.sample(rng)
        for payer, _receiver, card in s.transfers:
            top = card_value(card, 5)
            assert all(card_value(c, 5) <= top or is_wild(c, 5) for c in hands[payer])
        assert sorted(len(h) for h in hands) == sorted(
            0 if k == 0 else len(s.hands[k]) for k in range(4)
        )


def test_passes_leave_clues_about_what_a_seat_does_not_hold():
    s = GAME.from_hands(["5S 6S 7S 8S", "QS QC KS KC 2C 3C 6D", "9S 7H", "AS AC"])
    s = after(s, 0, "5S", "single", 5)
    s = GAME.apply(s, 1, {"type": "pass"})[0]  # opponent of seat 0, which has 3 cards left
    s = GAME.apply(s, 2, {"type": "pass"})[0]  # partner of seat 0: no clue
    assert pass_clues(GAME.view(s, 3)) == [(1, "single", 5), (1, "bomb", 0)]


def test_sampled_deals_mostly_respect_a_pass_on_a_low_single():
    s = GAME.from_hands(["5S 6S 7S 8S", "QS QC KS KC 2C 3C 6D", "9S 7H 3H", "AS AC"])
    s = after(s, 0, "5S", "single", 5)
    s = GAME.apply(s, 1, {"type": "pass"})[0]
    view = GAME.view(s, 2)
    deck = Deck(view)
    assert deck.clues[1] == [("single", 5), ("bomb", 0)]
    rng = random.Random(3)
    broken = sum(deck.broken(deck.sample(rng)) > 0 for _ in range(200))
    plain = sum(deck.broken(deck.deal(rng)) > 0 for _ in range(200))
    assert broken < plain * 0.6  # 105 of 200 against 196 of 200 with this seed


def test_the_uniform_sampler_ignores_the_pass_clues_and_keeps_the_view():
    s = GAME.from_hands(["5S 6S 7S 8S", "QS QC KS KC 2C 3C 6D", "9S 7H 3H", "AS AC"])
    s = after(s, 0, "5S", "single", 5)
    s = GAME.apply(s, 1, {"type": "pass"})[0]
    view = GAME.view(s, 2)
    adapter = GuandanAdapter()
    assert adapter._deck_of(view).clues[1] == [("single", 5), ("bomb", 0)]
    adapter.sampler = "uniform"
    adapter._deck = None
    assert adapter._deck_of(view).clues == [[], [], [], []]
    assert determinization_mismatches(adapter, view, random.Random(4), samples=4) == []
    bot = make_bot("hard", seed=2)
    bot.sampler, bot.samples, bot.seconds = "uniform", 2, None
    assert bot.choose(view, GAME.legal_actions(s, 2)) in GAME.legal_actions(s, 2)


def test_rollouts_play_a_legal_code_to_the_end_of_the_deal():
    s = play_to(5, 1, steps=3)
    view = GAME.view(s, min(GAME.awaiting(s)))
    sim = GuandanAdapter().determinize(view, random.Random(5))
    plies = 0
    while not sim.is_over():
        seat = sim.awaiting()[0]
        code = rollout_action(sim, seat)
        assert code in sim.legal(seat)
        sim.play(seat, code)
        plies += 1
    assert plies > 20
    assert sim.state().deal == 1  # a determinization plays only this deal


def test_the_cut_off_scores_predicted_places_like_the_end_of_a_deal():
    # seat 0 is out first; seat 2 (its partner) holds a pair, the others many loose cards
    s = GAME.from_hands(["", "3S 5C 7D 9H JS KC", "9S 9C", "4S 6C 8D 10H QS AC"], out=(0,), turn=1)
    sim = GAME.simulation(s)
    assert predicted(sim) == [1.0, -1.0, 1.0, -1.0]  # first and second: three levels


def test_hard_is_reproducible_with_a_sample_budget_and_legal():
    s = play_to(6, 1, steps=2)
    seat = min(GAME.awaiting(s))
    view, legal = GAME.view(s, seat), GAME.legal_actions(s, seat)
    choices = []
    for _ in range(2):
        bot = make_bot("hard", seed=11)
        bot.samples, bot.seconds, bot.hand_max = 6, None, None  # search an early decision
        choices.append(bot.choose(view, legal))
        assert bot.last is not None and bot.last.samples == 6
    assert choices[0] == choices[1] and choices[0] in legal


def test_hard_leaves_the_normal_choice_only_when_the_search_pruned_it():
    s = play_to(7, 1, steps=1)
    kept = 0
    for step in range(12):
        seat = min(GAME.awaiting(s))
        view, legal = GAME.view(s, seat), GAME.legal_actions(s, seat)
        normal = make_bot("normal", seed=step).choose(view, legal)
        few = make_bot("hard", seed=step)
        few.samples, few.seconds, few.hand_max = 6, None, None  # fewer than the first pruning
        assert few.choose(view, legal) == normal
        hard = make_bot("hard", seed=step)
        hard.samples, hard.seconds, hard.hand_max = 16, None, None
        action = hard.choose(view, legal)
        if action != normal:
            assert 0 in hard.last.pruned and action == hard.last.action
        elif hard.last is not None:
            kept += 1
        s = GAME.apply(s, seat, action)[0]
    assert kept > 0


def test_normal_action_is_the_normal_bots_choice_on_the_fast_path():
    # every play or pass decision of two seeded deals of normal self-play
    normal = make_bot("normal", seed=0)
    compared = 0
    for seed in (21, 22):
        s = GAME.setup(4, seed, {"deals": 1})
        while not GAME.is_over(s):
            seat = min(GAME.awaiting(s))
            view, legal = GAME.view(s, seat), GAME.legal_actions(s, seat)
            action = normal.choose(view, legal)
            if legal[0]["type"] in ("play", "pass"):
                code = normal_action(GAME.simulation(s), seat)
                assert GAME.decode_action(code) == action
                compared += 1
            s = GAME.apply(s, seat, action)[0]
    assert compared > 100


def test_the_normal_sampler_deals_consistently_with_the_view():
    s = play_to(8, 1, level="normal", steps=14)
    view = GAME.view(s, min(GAME.awaiting(s)))
    adapter = GuandanAdapter()
    adapter.sampler = "normal"
    assert determinization_mismatches(adapter, view, random.Random(3), samples=4) == []


def test_the_normal_sampler_explains_the_play_at_least_as_well_as_one_dealing():
    # the kept dealing is the one whose replay differs least from normal's choices
    s = play_to(9, 1, level="normal", steps=20)
    view = GAME.view(s, min(GAME.awaiting(s)))
    adapter = GuandanAdapter()
    deck = Deck(view)
    misses = []
    for sampler in ("clues", "normal"):
        adapter.sampler = sampler
        total = 0
        for k in range(6):
            sim = adapter.determinize(view, random.Random(k))
            total += _misses(view, sim)
        misses.append(total)
    assert deck.pool and misses[1] <= misses[0]


def _misses(view, sim) -> int:
    """How many of the other seats' decisions this deal normal would have made
    differently holding the determinization's cards (by combination, rank, cards)."""
    me = view["seat"]
    hands = [list(h) for h in sim.state().hands]
    for p in view["plays"]:
        hands[p["seat"]] += p.get("cards", [])
    state = sim.state()
    replay = GAME.simulation(
        replace(
            state,
            hands=tuple(tuple(sorted(h)) for h in hands),
            turn=view["plays"][0]["seat"],
            last=None,
            passes=0,
            trick=(),
            played=(),
            log=(),
            trick_start=0,
            out=(),
        )
    )
    misses = 0
    for p in view["plays"]:
        seat = p["seat"]
        code = (
            0
            if p["type"] == "pass"
            else GAME.encode_action(
                {"type": "play", "cards": p["cards"], "combo": p["combo"], "rank": p["rank"]}
            )
        )
        if seat != me:
            got = normal_action(replay, seat)
            misses += (got >> 5 & 15, got & 31, (got >> 9).bit_count()) != (
                code >> 5 & 15,
                code & 31,
                (code >> 9).bit_count(),
            )
        replay.play(seat, code)
    return misses


def test_hard_settings_rollout_and_sampler():
    bot = make_bot("hard", seed=1)
    assert (bot.rollout, bot.sampler, bot.prune, bot.samples, bot.seconds) == (
        "fast",
        "clues",
        1.5,
        32,
        0.75,
    )
    for key in ("rollout", "sampler"):
        bad = make_bot("hard", seed=1)
        setattr(bad, key, "random")
        s = play_to(6, 1, steps=2)
        seat = min(GAME.awaiting(s))
        with pytest.raises(ValueError, match=key):
            bad.choose(GAME.view(s, seat), GAME.legal_actions(s, seat))


def test_hard_with_normal_models_is_reproducible_with_a_sample_budget():
    # step 10, not 9: at step 9 the partner's play stands and the floor leaves the pass
    s = play_to(6, 1, level="normal", steps=10)
    seat = min(GAME.awaiting(s))
    view, legal = GAME.view(s, seat), GAME.legal_actions(s, seat)
    found = []
    for _ in range(2):
        bot = make_bot("hard", seed=12)
        bot.samples, bot.seconds, bot.rollout, bot.sampler = 4, None, "normal", "normal"
        bot.hand_max = None  # search an early decision
        action = bot.choose(view, legal)
        assert bot.last is not None and bot.last.samples == 4
        found.append((action, bot.last.means))
    assert found[0] == found[1] and found[0][0] in legal


def test_the_rollout_memos_hold_nothing_the_garbage_collector_tracks():
    # The memos keep up to 50,000 hands each; as lists they made every full collection
    # walk ~700,000 objects (a 0.3-0.9 s pause inside a hard decision). Tuples of ints
    # are untracked once a collection has seen them.
    import gc

    from engine.guandan import search as gs

    mask = sum(1 << c for c in range(0, 108, 5))  # 22 cards: naturals, wilds, a joker
    hand = gs._hand(mask, 2)
    readings = gs._readings(mask & ((1 << 40) - 1), 2)
    candidates = gs._scored_candidates(hand, mask, None)
    assert hand.size == 22 and candidates
    gc.collect()
    gc.collect()
    held = [hand.ids, *hand.ids, hand.black, hand.red, readings, candidates, *candidates]
    assert [o for o in held if gc.is_tracked(o)] == []


def test_unseen_counts_the_other_three_hands():
    s = GAME.setup(4, 6, {"deals": 1})
    seat = min(GAME.awaiting(s))
    view = GAME.view(s, seat)
    assert s.phase == "play" and unseen(view) == 81  # 4 × 27 dealt, 27 in the seat's hand
    played = GAME.legal_actions(s, seat)[0]
    assert played["type"] == "play"
    s = GAME.apply(s, seat, played)[0]
    after_view = GAME.view(s, (seat + 1) % 4)
    assert unseen(after_view) == 81 - len(played["cards"])


def test_hard_searches_only_within_unseen_max_and_hand_max():
    s = play_to(6, 1, level="normal", steps=2)
    seat = min(GAME.awaiting(s))
    view, legal = GAME.view(s, seat), GAME.legal_actions(s, seat)
    left, held = unseen(view), len(view["hand"])
    assert (view["hand_counts"], left, held) == ([27, 22, 22, 27], 71, 27)  # two plays of 5
    normal = make_bot("normal", seed=3).choose(view, legal)
    cases = [
        ({}, False),  # issue 34: by default only with at most HAND_MAX (10) cards in hand
        ({"hand_max": None}, True),
        ({"hand_max": None, "unseen_max": left}, True),
        ({"hand_max": None, "unseen_max": left - 1}, False),
        ({"hand_max": None, "unseen_max": 60}, False),
        ({"hand_max": held}, True),
        ({"hand_max": held - 1}, False),
        ({"hand_max": 18}, False),
        ({"unseen_max": left, "hand_max": 18}, False),
    ]
    for caps, searched in cases:
        bot = make_bot("hard", seed=3)
        bot.samples, bot.seconds = 6, None
        for name, cap in caps.items():
            setattr(bot, name, cap)
        action = bot.choose(view, legal)
        assert (bot.last is not None) == searched, caps
        if not searched:
            assert action == normal
    for name in ("unseen_max", "hand_max"):
        for bad in (-1, "60", 1.5, True):
            bot = make_bot("hard", seed=3)
            setattr(bot, name, bad)
            with pytest.raises(ValueError, match=name):
                bot.choose(view, legal)
