"""The Game's search adapter and hard bot (engine/the_game/search.py, issue 17): plan
codes, the rollout simulation against the fast path, the rollout policy's costs,
turn plans that are legal, determinizations the seat cannot tell from its view (with
signals as soft information), a cooperative reward, what each seat observes; the
search bot (reproducible, from its view alone, finds the clearly better turn) and
the hard bot: the weighted planner by default, the search with a budget, and the
published simulator's end rule when asked."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import replace
from engine.search import determinization_mismatches
from engine.the_game import GAME, PILES
from engine.the_game import search as S
from engine.the_game.bots import HardBot, SearchHardBot, make_bot
from engine.the_game.fast import BLOCK, END, TheGameSimulation


def table(hands, piles=((), (), (), ()), deck=(), turn=0, played=0, options=None, signals=None):
    """A state from notation (as tests/engine/test_the_game.py): ``hands`` per seat,
    ``piles`` asc1, asc2, desc1, desc2, ``deck`` in draw order; ``signals`` per seat."""
    players = len(hands)
    base = GAME.setup(players, 0, options or {})
    state = replace(
        base,
        hands=tuple(tuple(sorted(h)) for h in hands),
        piles=tuple(tuple(p) for p in piles),
        deck=tuple(deck),
        turn=turn,
        played=played,
    )
    if signals is not None:
        state = replace(state, signals=tuple(tuple(row) for row in signals))
    return state


def play(card, pile):
    return {"type": "play", "card": card, "pile": pile}


def small(bot: SearchHardBot, samples: int = 6) -> SearchHardBot:
    """A small, clock-free budget for tests."""
    bot.samples, bot.seconds = samples, None
    return bot


def decisions(players: int, seed: int, options=None, every: int = 3, level: str = "normal"):
    """Views (with their states) of the awaited seat at every ``every``-th decision of
    a seeded game played by ``level`` bots."""
    state = GAME.setup(players, seed, options or {})
    bots = [make_bot(level, seed * 10 + s) for s in range(players)]
    step = 0
    while not GAME.is_over(state):
        seat = state.turn
        view = GAME.view(state, seat)
        if step % every == 0:
            yield state, view
        action = bots[seat].choose(view, GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
        step += 1


def _is_trick(card, top, pile):
    return card == (top - 10 if pile < 2 else top + 10)


def greedy_reference(sim, seat, k):
    """:func:`~engine.the_game.search.greedy_plan` written on lists with
    :func:`~engine.the_game.search.move_costs` and
    :func:`~engine.the_game.search.pair_costs` (the slow reference the bit-mask
    version must equal): a pair is taken when it costs less than the two cheapest
    singles of different cards, the second among each pile's nearest card and trick
    card (one card due: the cheapest single); the minimum is played, then steps
    costing at most the extra allowance."""
    hand, tops, live = sorted(sim.hands[seat]), list(sim.tops), sim.live
    need = sim.to_play()
    extra = k["extra"] if sim.deck else k["extra_end"]
    if sim.published and not sim.deck and not all(sim.hands):
        extra = S.INFINITE
    claimed = S.claims(sim, seat, k["close"]) if sim.players > 1 else 0
    out = []
    while hand:
        singles = sorted(S.move_costs(hand, tops, live, claimed, k))
        pairs = S.pair_costs(hand, tops, live, claimed, k)
        if pairs:
            pair = min(pairs)
            if not singles:
                single = S.INFINITE
            elif need >= 2:
                # the second single: each pile's nearest card and trick card only
                tricks = [m for m in singles if _is_trick(m[1], tops[m[2]], m[2])]
                plain = [m for m in singles if m not in tricks]
                near = [min(m for m in plain if m[2] == p) for p in {m[2] for m in plain}]
                others = [m for m in near + tricks if m[1] != singles[0][1]]
                single = singles[0][0] + (min(others)[0] if others else S.INFINITE)
            else:
                single = singles[0][0]
            if pair[0] < single and (need > 0 or pair[0] <= extra):
                b, c1, c2, p = pair
                out += [(c1 - 2) * 4 + p, (c2 - 2) * 4 + p]
                hand = [c for c in hand if c not in (c1, c2)]
                live &= ~((1 << c1) | (1 << c2))
                tops[p] = c2
                need -= 2
                continue
        if not singles:
            break
        b, c, p = singles[0]
        if need <= 0 and b > extra:
            break
        out.append((c - 2) * 4 + p)
        hand.remove(c)
        live &= ~(1 << c)
        tops[p] = c
        need -= 1
    return out


# ---------------------------------------------------------------- plan codes
@given(st.lists(st.integers(0, 391), max_size=8))
def test_plan_codes_round_trip(moves):
    code = S.encode_plan(moves)
    assert code < 0
    assert S.decode_plan(code) == moves


def test_the_empty_plan_ends_the_turn():
    assert S.encode_plan([]) == -1 and S.decode_plan(-1) == []
    assert S.plan_actions(S.encode_plan([0, 391])) == [play(2, "asc1"), play(99, "desc2")]


# ---------------------------------------------------------------- the rollout simulation
@pytest.mark.parametrize("players,seed", [(1, 3), (2, 4), (5, 5)])
def test_rollout_follows_the_fast_path_and_tracks_live_cards(players, seed):
    # The same random codes through TheGameSimulation and Rollout: the same state at
    # every step; live is exactly the cards not on a pile.
    state = GAME.setup(players, seed)
    fast, mine = TheGameSimulation.from_state(state), S.Rollout.from_state(state)
    rng = random.Random(seed)
    while not fast.is_over():
        seat = fast.awaiting()[0]
        legal = fast.legal(seat)
        assert mine.legal(seat) == legal
        code = legal[rng.randrange(len(legal))]
        fast.play(seat, code)
        mine.play(seat, code)
        assert mine.state() == fast.state()
        placed = {c for p in mine.piles for c in p}
        assert mine.live == sum(1 << c for c in range(2, 100) if c not in placed)
    copy = mine.copy()
    assert isinstance(copy, S.Rollout) and copy.state() == mine.state() and copy.live == mine.live


def test_a_plan_code_is_its_plays_then_the_end_of_the_turn():
    state = table([[12, 40, 95], [2, 3]], piles=[(10,), (30,), (), ()], deck=[4, 5, 6])
    a, b = S.Rollout.from_state(state), S.Rollout.from_state(state)
    moves = [GAME.encode_action(play(12, "asc1")), GAME.encode_action(play(95, "desc1"))]
    a.play(0, S.encode_plan(moves))
    for m in moves + [END]:
        b.play(0, m)
    assert a.state() == b.state() and a.live == b.live
    assert a.hands[0] == [4, 5, 6, 40] and a.turn == 1  # drawn up to 7: the deck ran out


def test_a_plan_short_of_the_minimum_declares_the_block():
    # 55 fits nowhere after 12 on desc1: the plan plays 12 and the block follows.
    state = table([[12, 55], [2, 3]], piles=[(70,), (80,), (20,), (30,)], deck=[4])
    sim = S.Rollout.from_state(state)
    sim.play(0, S.encode_plan([GAME.encode_action(play(12, "desc1"))]))
    assert sim.over and sim.blocked and sim.cards_left() == 4


def test_the_published_end_rule_stops_when_an_empty_hand_is_due():
    # Draw pile empty; seat 0 plays its last card and ends: seat 1 has no card and is
    # due, so the published simulator stops (our rules skip seat 1 and go on).
    state = table([[40], [], [60, 70]], piles=[(10,), (30,), (90,), (95,)], deck=[])
    for published, stopped in ((False, False), (True, True)):
        sim = S.Rollout.from_state(state, published=published)
        sim.play(0, S.encode_plan([GAME.encode_action(play(40, "asc1"))]))
        assert sim.stopped is stopped and sim.turn == 2 and not sim.over
        assert (
            S.TheGameAdapter(end_rule="published" if published else "ours").horizon_over(sim)
            is stopped
        )


# ---------------------------------------------------------------- the rollout policy
@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 15), st.sampled_from([1.0, 0.3]))
def test_cheapest_is_the_minimum_of_every_move(seed, claimed, w1):
    rng = random.Random(seed)
    live = sum(1 << c for c in range(2, 100) if rng.random() < 0.6)
    tops = [rng.randint(1, 70), rng.randint(1, 70), rng.randint(30, 100), rng.randint(30, 100)]
    cards = [c for c in range(2, 100) if live >> c & 1]
    hand = sorted(rng.sample(cards, min(len(cards), rng.randint(0, 8))))
    k = dict(S.ROLLOUT, w1=w1)
    every = S.move_costs(hand, tops, live, claimed, k)
    assert S.cheapest(hand, tops, live, claimed, k) == (min(every) if every else None)


@pytest.mark.parametrize("players,published", [(1, False), (2, False), (3, True), (5, True)])
def test_the_mask_greedy_plan_equals_the_list_reference(players, published):
    rng = random.Random(players)
    for seed in range(12):
        sim = S.Rollout.from_state(GAME.setup(players, seed), published=published)
        while not sim.over:
            seat = sim.turn
            k = dict(S.ROLLOUT, w1=rng.choice([1.0, 0.3]), extra=rng.choice([0, 2]))
            plan = S.greedy_plan(sim, seat, k)
            assert plan == greedy_reference(sim, seat, k)
            sim.play(seat, S.encode_plan(plan))


@pytest.mark.parametrize(
    "players,published,options",
    [(1, False, {}), (2, False, {}), (2, False, {"expert": True}), (3, True, {}), (5, True, {})],
)
def test_play_out_ends_every_table_as_the_rollout_policy_turn_by_turn(players, published, options):
    # play_out (the lookahead's playouts, without plan codes) against sim.play of
    # rollout_code until the end, from dealings of mid-game views: the same state,
    # live cards and published stop, every time; with and without extras.
    adapter = S.TheGameAdapter(end_rule="published" if published else "ours")
    rng = random.Random(players)
    ends = set()
    for seed in range(6):
        for _, view in decisions(players, seed, options, every=4):
            for k in (S.ROLLOUT, dict(S.ROLLOUT, extra=2, w1=0.3)):
                a = adapter.determinize(view, rng)
                b = a.copy()
                while not a.over:
                    a.play(a.turn, S.rollout_code(a, a.turn, k))
                S.play_out(b, k)
                assert b.state() == a.state()
                assert (b.live, b.stopped, b.placed) == (a.live, a.stopped, a.placed)
                ends.add("win" if not a.cards_left() else "draw pile" if a.deck else "late")
    assert ends == {"win", "draw pile", "late"}


def test_move_costs_count_skipped_live_cards_and_reward_tricks():
    live = S.ALL_LIVE & ~(1 << 30) & ~(1 << 33)
    k = dict(S.ROLLOUT, w0=1.0, w1=1.0, w2=1.0)
    costs = {(c, p): b for b, c, p in S.move_costs([35, 20], [30, 1, 100, 100], live, 0, k)}
    assert costs[(35, 0)] == 3  # 31, 32, 34 skipped (33 is played)
    # 20 on asc1 (top 30) is the backwards trick: 21..29 are live again, minus the bonus
    assert costs[(20, 0)] == -9 - S.ROLLOUT["trick_bonus"]
    assert costs[(20, 1)] == 18  # 2..19 skipped on asc2 (top 1)
    pen = S.move_costs([35], [30, 1, 100, 100], live, 0b0001, k)
    assert pen[0][0] == 3 + S.ROLLOUT["claim_penalty"]


def test_the_rollout_policy_plays_the_minimum_then_only_free_cards():
    state = table([[12, 13, 40, 95], [2]], piles=[(10,), (30,), (), ()], deck=[3, 4])
    sim = S.Rollout.from_state(state)
    moves = [GAME.decode_action(m) for m in S.greedy_plan(sim, 0)]
    # 12 skips 11; then 13 is free; 40 and 95 skip live cards
    assert moves == [play(12, "asc1"), play(13, "asc1")]


def test_claims_mark_piles_near_another_seats_cards():
    state = table([[50], [32, 70]], piles=[(30,), (10,), (90,), (60,)], deck=[3])
    sim = S.Rollout.from_state(state)
    # 32 is within 3 above asc1 (30); 70 is the trick card of desc2 (60 + 10)
    assert S.claims(sim, 0, 3) == 0b1001
    assert S.claims(sim, 1, 3) == 0


# ---------------------------------------------------------------- turn plans
@pytest.mark.parametrize("players,seed,expert", [(2, 1, False), (3, 2, True), (5, 3, False)])
def test_turn_plans_are_legal_and_reach_the_minimum(players, seed, expert):
    options = {"expert": expert}
    for state, view in decisions(players, seed, options, every=2):
        if view["blocked"] or view["to_play"] == 0:
            continue
        codes = S.view_plans(view)
        # an active seat always has a plan; view_plans keeps its limit (8) of the ways
        # there are (counted with a limit no turn reaches), no twins
        every = S.view_plans(view, limit=10_000)
        assert codes and len(codes) == min(8, len(every))
        assert len(set(codes)) == len(codes)
        ends = set()
        for code in codes:
            s = state
            for a in S.plan_actions(code):
                assert a in GAME.legal_actions(s, view["seat"])
                s, _ = GAME.apply(s, view["seat"], a)
            if len(codes) > 1:
                assert GAME.to_play(s) == 0 or s.over
            claimed = S.view_claims(view)
            marks = [(s.tops[p], claimed >> p & 1) for p in range(4)]
            ends.add((tuple(sorted(marks[:2])), tuple(sorted(marks[2:]))))
        assert len(ends) == len(codes)  # distinct outcomes


def test_a_short_hand_gets_the_one_plan_that_plays_what_fits():
    # 12 fits desc1 and desc2 (desc1 skips fewer live cards); 55 fits nowhere, before
    # or after: the minimum (2) cannot be reached.
    state = table([[12, 55], [2]], piles=[(70,), (80,), (20,), (30,)], deck=[4])
    codes = S.view_plans(GAME.view(state, 0))
    assert [S.plan_actions(c) for c in codes] == [[play(12, "desc1")]]


# ---------------------------------------------------------------- determinizations
@pytest.mark.parametrize(
    "players,seed,options",
    [
        (1, 1, {}),
        (2, 2, {}),
        (3, 3, {"expert": True}),
        (4, 4, {}),
        (5, 5, {"expert": True, "smaller_hands": True}),
    ],
)
def test_determinizations_agree_with_the_view(players, seed, options):
    adapter = S.TheGameAdapter()
    rng = random.Random(seed)
    checked = 0
    for _, view in decisions(players, seed, options, every=5):
        assert determinization_mismatches(adapter, view, rng, samples=2) == []
        checked += 1
    assert checked > 5


def test_determinizations_agree_off_turn_and_with_a_blocked_active_seat():
    adapter = S.TheGameAdapter()
    rng = random.Random(3)
    # seat 1 is active: 45 and 55 fit no pile (tops 70, 80, 20, 30), 85 fits asc1
    blocked = table([[50], [45, 55]], piles=[(70,), (80,), (20,), (30,)], deck=[4, 5])
    playing = table([[50], [45, 85]], piles=[(70,), (80,), (20,), (30,)], deck=[4, 5])
    for state in (blocked, playing):
        state = replace(state, turn=1)
        # the cards not shown anywhere join the pool (all 98 accounted for)
        used = {c for h in state.hands for c in h} | {c for p in state.piles for c in p}
        used |= set(state.deck)
        state = replace(state, deck=state.deck + tuple(c for c in range(2, 100) if c not in used))
        view = GAME.view(state, 0)
        assert determinization_mismatches(adapter, view, rng, samples=20) == []


def test_the_determinized_hands_are_the_unseen_cards_and_vary():
    state = GAME.setup(3, 9)
    view = GAME.view(state, state.turn)
    adapter = S.TheGameAdapter()
    rng = random.Random(1)
    deals = set()
    for _ in range(10):
        sim = adapter.determinize(view, rng)
        assert sim.hands[view["seat"]] == view["hand"]
        unseen = sorted(
            sim.deck + [c for s, h in enumerate(sim.hands) if s != view["seat"] for c in h]
        )
        assert unseen == sorted(set(range(2, 100)) - set(view["hand"]))
        deals.add(tuple(map(tuple, sim.hands)))
    assert len(deals) == 10


def _holds_close(sim, seat, pile, most=2):
    live = sim.live
    return S.keeps_promise(sim.hands[seat], sim.tops[pile], pile, live, most)


@pytest.mark.parametrize("soft,lo,hi", [(0.0, 34, 40), (0.25, 20, 40), (1.0, 0, 12)])
def test_a_dont_play_signal_is_soft_evidence_of_a_close_card(soft, lo, hi):
    # Seat 1 signals "dont-play" on asc1 (top 50). Without the signal about 15% of
    # deals give it a card within 2 live cards above 50 (or 40); with it, soft 0 makes
    # it nearly certain (``tries`` deals at most), soft 0.25 likely, soft 1.0 ignores
    # the signal.
    state = GAME.setup(2, 11)
    hand0 = state.hands[0]
    state = replace(
        state,
        piles=((50,), (), (), ()),
        turn=0,
        signals=((None,) * 4, ("dont-play", None, None, None)),
    )
    state = replace(
        state,
        deck=tuple(c for c in state.deck if c != 50),
        hands=(hand0, tuple(c for c in state.hands[1] if c != 50)),
    )
    assert 50 not in hand0  # seed 11 leaves 50 in the draw pile (taken out above)
    view = GAME.view(state, 0)
    adapter = S.TheGameAdapter(soft=soft)
    rng = random.Random(2)
    hits = sum(_holds_close(adapter.determinize(view, rng), 1, 0) for _ in range(40))
    assert lo <= hits <= hi


# ---------------------------------------------------------------- reward and observations
def test_the_reward_is_shared_and_counts_cards_left():
    adapter = S.TheGameAdapter(win_bonus=0.5)
    lost = S.Rollout.from_state(table([[50], [60, 70]], piles=[(70,), (80,), (20,), (30,)]))
    lost.play(0, BLOCK)
    assert adapter.evaluate(lost) == [1 - 3 / 98] * 2
    won = S.Rollout.from_state(table([[50], []], piles=[(40,), (80,), (90,), (95,)]))
    won.placed = 97
    won.play(0, GAME.encode_action(play(50, "asc1")))
    assert won.over and adapter.evaluate(won) == [1.5, 1.5]


def test_a_cut_off_is_scored_with_the_estimate():
    adapter = S.TheGameAdapter(win_bonus=0.5)
    state = table([[50], [60, 70]], piles=[(70,), (80,), (20,), (30,)], deck=[4])
    sim = S.Rollout.from_state(state)
    # 31..69 fit no pile (39 dead); 71..79 fit asc1 alone and 21..29 desc2 alone
    assert S.estimate_left(sim) == 39 + 0.25 * 18
    assert adapter.evaluate(sim) == [1 - S.estimate_left(sim) / 98] * 2


def test_plays_are_public_and_draws_are_seen_by_the_drawer_alone():
    adapter = S.TheGameAdapter()
    state = table([[12, 40], [2]], piles=[(10,), (30,), (), ()], deck=[77, 5])
    sim = S.Rollout.from_state(state)
    code = GAME.encode_action(play(12, "asc1"))
    sim.play(0, code)
    assert adapter.observation(sim, 0, code, 0) == adapter.observation(sim, 0, code, 1) == (0, code)
    sim.play(0, GAME.encode_action(play(40, "asc2")))
    sim.play(0, END)
    assert adapter.observation(sim, 0, END, 1) == (0, END)
    assert adapter.observation(sim, 0, END, 0) == (0, END, (5, 77))


# ---------------------------------------------------------------- the hard bot
def test_hard_is_the_weighted_planner_with_no_search_by_default():
    bot = make_bot("hard", 1)
    assert isinstance(bot, HardBot) and bot.samples == 0 and bot.seconds is None
    assert bot.end_rule == "ours"
    state = GAME.setup(2, 4)
    for _ in range(30):
        seat = state.turn
        state, _ = GAME.apply(state, seat, bot.choose(GAME.view(state, seat)))
    assert bot._search is None


def test_hard_with_a_sample_budget_decides_like_the_search_bot():
    hard, search = make_bot("hard", 7), SearchHardBot(7, samples=4)
    hard.samples = 4
    state = GAME.setup(2, 9)
    for _ in range(25):
        seat = state.turn
        view = GAME.view(state, seat)
        a = hard.choose(view)
        assert a == search.choose(view)
        state, _ = GAME.apply(state, seat, a)


def test_hard_under_the_published_end_rule_empties_its_hand_before_an_empty_seat():
    # The draw pile is empty and seat 1 has no card: the published simulator ends
    # the game when seat 1 is due, so seat 0 plays every card that fits; under our
    # rule (seat 1 is skipped) it plays the minimum (1) and keeps the costly rest.
    state = table([[20, 50, 62], [], [5]], piles=[(10,), (40,), (90,), (95,)])
    counts = {}
    for rule in ("ours", "published"):
        bot = make_bot("hard", 1)
        bot.end_rule = rule
        s, plays = state, 0
        while s.turn == 0 and not s.over:
            a = bot.choose(GAME.view(s, 0))
            plays += a["type"] == "play"
            s, _ = GAME.apply(s, 0, a)
        counts[rule] = plays
    assert counts == {"ours": 1, "published": 3}


def test_hard_refuses_an_unknown_end_rule():
    bot = make_bot("hard", 1)
    bot.end_rule = "house"
    with pytest.raises(ValueError):
        bot.choose(GAME.view(GAME.setup(2, 1), 0))


def test_search_hard_is_a_search_bot_with_settings_by_name():
    from engine.search import SearchBot

    bot = SearchHardBot(1)
    assert isinstance(bot, SearchBot) and bot.mode == "flat"
    assert bot.samples == SearchHardBot.SAMPLES and bot.seconds is None
    bot.win_bonus, bot.end_rule = 2.0, "published"
    assert bot.adapter.win_bonus == 2.0 and bot.adapter.end_rule == "published"


def test_search_hard_is_reproducible_with_a_seed_and_a_sample_budget():
    runs = []
    for _ in range(2):
        state = GAME.setup(2, 6)
        bots = [small(SearchHardBot(40 + s), 5) for s in range(2)]
        actions = []
        for _ in range(40):
            seat = state.turn
            a = bots[seat].choose(GAME.view(state, seat))
            actions.append(a)
            state, _ = GAME.apply(state, seat, a)
        runs.append(actions)
    assert runs[0] == runs[1]


def test_search_hard_plays_the_whole_plan_then_signals_then_ends_the_turn():
    # Seat 0 holds the trick card 20 for asc1 (top 30) and 29 (no live card skipped on
    # asc2 after 28); any sensible plan plays both; then honest signals, then the end.
    state = table(
        [[20, 29, 90, 97], [3, 4, 5]],
        piles=[(30,), (28,), (60,), (70,)],
        deck=list(range(6, 12)),
    )
    bot = small(SearchHardBot(3), 8)
    seen = []
    for _ in range(12):
        a = bot.choose(GAME.view(state, 0))
        seen.append(a)
        state, _ = GAME.apply(state, 0, a)
        if a["type"] == "end-turn":
            break
    plays = [a for a in seen if a["type"] == "play"]
    assert play(20, "asc1") in plays
    assert seen[-1] == {"type": "end-turn"}
    kinds = [a["type"] for a in seen]
    assert kinds == sorted(kinds, key=["play", "signal", "end-turn"].index)


def test_search_hard_keeps_the_backwards_trick_pile_for_its_partner():
    # The partner asked to keep desc1 ("dont-play"); the bot must play 2 cards and
    # can play 85 on desc1 (skipping nothing it knows is played) or 45/46 on asc1
    # (skipping 41..44). It respects the request when the cost is close.
    state = table(
        [[45, 46, 85], [3, 4, 5, 6, 7, 8]],
        piles=[(40,), (50,), (90,), (95,)],
        deck=list(range(9, 20)),
        signals=[(None,) * 4, (None, None, "dont-play", None)],
    )
    bot = small(SearchHardBot(2), 12)
    first = bot.choose(GAME.view(state, 0))
    assert first["type"] == "play" and first["pile"] != "desc1"


def test_search_hard_declares_a_block_and_answers_off_turn_with_a_signal():
    blocked = table([[50], [2]], piles=[(70,), (80,), (20,), (30,)], deck=[3])
    bot = SearchHardBot(1)
    assert bot.choose(GAME.view(blocked, 0)) == {"type": "declare-blocked"}
    state = table([[12, 40], [45, 95]], piles=[(10,), (30,), (), ()], deck=[3])
    a = bot.choose(GAME.view(state, 1))
    assert a["type"] == "signal" and a in GAME.legal_actions(state, 1)
    assert bot.last is None  # no search off turn


def test_search_hard_follows_the_published_end_rule_when_asked():
    bot = small(SearchHardBot(2), 4)
    bot.end_rule = "published"
    state = GAME.setup(5, 3)
    for _ in range(30):
        seat = state.turn
        a = bot.choose(GAME.view(state, seat))
        state, _ = GAME.apply(state, seat, a)
    assert bot.adapter.end_rule == "published"
    sim = bot.adapter.determinize(GAME.view(state, state.turn), random.Random(1))
    assert sim.published


@pytest.mark.parametrize("players", [1, 3, 5])
def test_search_hard_finishes_games_with_legal_actions(players):
    state = GAME.setup(players, 21)
    bots = [small(SearchHardBot(s), 3) for s in range(players)]
    for _ in range(3000):
        if GAME.is_over(state):
            break
        legal = GAME.legal_actions(state, state.turn)
        action = bots[state.turn].choose(GAME.view(state, state.turn), legal)
        assert action in legal
        state, _ = GAME.apply(state, state.turn, action)
    assert GAME.is_over(state)


def test_piles_are_named_in_the_adapters_order():
    assert PILES == ("asc1", "asc2", "desc1", "desc2")


def test_the_search_option_decides_from_the_view_alone():
    # tests/engine/test_information.py checks the hard level at its default (the
    # planner); this checks it with a search budget: everything the seat cannot see
    # permuted, the same view and the same choice from copies of the bot.
    import copy

    shuffler = random.Random(5)
    checked = 0
    for n_, (state, view) in enumerate(decisions(3, 12, every=5)):
        if n_ % 3:
            continue
        seat = view["seat"]
        twin = GAME.shuffle_unknown(state, seat, shuffler)
        twin_view = GAME.view(twin, seat)
        assert twin_view == view
        bot = make_bot("hard", 30 + seat)
        bot.samples = 3
        mine, theirs = copy.deepcopy(bot), copy.deepcopy(bot)
        assert mine.choose(view) == theirs.choose(twin_view)
        checked += 1
    assert checked >= 3
