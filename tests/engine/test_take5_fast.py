"""The compact Take 5 main path (issue 18): what it shares must stay read-only, its
deal must be ``random.Random.shuffle`` exactly, and a state must deal the same next
round however often it is used."""

from __future__ import annotations

import copy
import json
import pickle
import random

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import Event, move, new_rng
from engine.take5 import GAME, Take5State
from engine.take5 import events as ev
from engine.take5.events import FrozenList
from engine.take5.state import DealGenerator, FrozenAction, shuffle_with
from tests.engine.test_take5 import table, turn


@given(seed=st.integers(0, 2**64), size=st.integers(0, 104))
def test_the_deal_shuffles_like_random_shuffle(seed, size):
    a, b = random.Random(seed), random.Random(seed)
    x, y = list(range(size)), list(range(size))
    a.shuffle(x)
    shuffle_with(b, y)
    assert x == y and a.getstate() == b.getstate()


def test_the_generator_is_the_legacy_generator_state():
    """A DealGenerator is the tuple ``new_rng`` + one ``random.shuffle`` per deal."""
    g = DealGenerator.seeded(7, "take5")
    assert g.getstate() == new_rng(7, "take5") and repr(g) == repr(new_rng(7, "take5"))
    legacy = random.Random(0)
    legacy.setstate(new_rng(7, "take5"))
    for size in (104, 44, 104):
        cards, old = list(range(size)), list(range(size))
        g = g.shuffle(cards)
        legacy.shuffle(old)
        assert cards == old and g.getstate() == legacy.getstate() and g == legacy.getstate()
    assert pickle.loads(pickle.dumps(g)) == g and hash(copy.deepcopy(g)) == hash(g)


def _last_turn(seed: int) -> Take5State:
    s = GAME.setup(3, seed)
    rng = random.Random(seed)
    while s.turn < 10 or s.pending:
        seat = min(GAME.awaiting(s))
        s, _ = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
    return s


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_state_deals_the_same_next_round_every_time(seed):
    """The live generator is taken once; any other deal from the same state rebuilds
    it, so a state used twice (search, tests, a replay) deals the same cards."""
    s = _last_turn(seed)
    first, second = [], []
    for out in (first, second):
        t, _ = GAME.apply(s, 0, GAME.legal_actions(s, 0)[0])
        t, _ = GAME.apply(t, 1, GAME.legal_actions(t, 1)[0])
        t, _ = GAME.apply(t, 2, GAME.legal_actions(t, 2)[0])
        while t.pending:
            seat = min(GAME.awaiting(t))
            t, _ = GAME.apply(t, seat, GAME.legal_actions(t, seat)[0])
        out.append(t)
    assert first[0].round == s.round + 1
    assert GAME.digest(first[0]) == GAME.digest(second[0])
    assert first[0].hands == second[0].hands and first[0].rows == second[0].rows


def test_a_state_built_field_by_field_works_like_a_dealt_one():
    t = table("10 / 20 / 30 / 40", hands=["23 60", "22 61", "41 62"])
    assert GAME.awaiting(t) == frozenset({0, 1, 2})
    t, _ = turn(t, 23, 22, 41)
    assert GAME.awaiting(t) == frozenset({0, 1, 2}) and t.turn == 10


def test_legal_actions_are_shared_and_read_only():
    s = GAME.setup(4, 3)
    legal = GAME.legal_actions(s, 1)
    a = legal[0]
    assert isinstance(a, dict) and type(a) is FrozenAction
    assert a == {"type": "choose", "card": s.hands[1][0]}
    for change in (
        lambda: a.__setitem__("card", 1),
        lambda: a.update(card=1),
        lambda: a.pop("card"),
        lambda: a.clear(),
        lambda: a.setdefault("x", 1),
    ):
        with pytest.raises(TypeError):
            change()
    assert a == {"type": "choose", "card": s.hands[1][0]}
    assert json.loads(json.dumps(a)) == a
    assert msgpack.unpackb(msgpack.packb(a)) == a
    for plain in (dict(a), copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert type(plain) is dict and plain == a
        plain["card"] = 0  # a copy can change
    legal.append("x")  # the list itself is the caller's
    assert "x" not in GAME.legal_actions(s, 1)


def test_shared_events_equal_the_events_core_builds():
    pairs = [
        (ev.to_table(2, 37), move([37], "hand/2", "table", seat=2)),
        (ev.to_row(1, 2, 37), move([37], "table", "row/1", seat=2)),
        (ev.deal_row(3, 9), move([9], "deck", "row/3")),
        (ev.chose(2, 37), Event("choose", {"seat": 2}, {"card": 37}, (2,))),
        (ev.too_low(2, 3), Event("row-choice", {"seat": 2, "card": 3})),
        (ev.round_begins(2), Event("round", {"round": 2})),
    ]
    for shared, plain in pairs:
        for seat in (None, 0, 2):
            out = shared.for_seat(seat)
            assert out == plain.for_seat(seat)
            assert repr(sorted(out.items())) == repr(sorted(plain.for_seat(seat).items()))
            assert json.loads(json.dumps(out)) == out


def test_shared_events_are_read_only():
    e = ev.to_table(2, 37)
    assert e is ev.to_table(2, 37)  # one object serves every time
    cards = e.for_seat(None)["cards"]
    assert type(cards) is FrozenList and cards == [37] and repr(cards) == "[37]"
    for change in (lambda: cards.append(1), lambda: cards.__setitem__(0, 1), lambda: cards.sort()):
        with pytest.raises(TypeError):
            change()
    with pytest.raises(TypeError):
        e.public["to"] = "x"  # type: ignore[index]
    assert e.for_seat(None) == {
        "type": "move",
        "from": "hand/2",
        "to": "table",
        "count": 1,
        "seat": 2,
        "cards": [37],
    }
    assert type(pickle.loads(pickle.dumps(cards))) is list
    assert msgpack.unpackb(msgpack.packb(e.for_seat(None))) == e.for_seat(None)


def test_bench_against_measures_both_trees(capsys):
    """tools/bench_against.py extracts a commit and measures it beside this tree."""
    from tools import bench_against

    assert bench_against.main(["HEAD", "--runs", "1", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "rounds/s     HEAD" in out and "rounds/s     this tree" in out
    assert "ratio" in out and "load average" in out


# --------------------------------------------------------------------------- fast path
def test_action_codes_are_the_card_or_105_plus_the_row():
    from engine.core import MalformedAction

    assert GAME.encode_action({"type": "choose", "card": 37}) == 37
    assert GAME.encode_action({"type": "choose", "card": 104}) == 104
    assert GAME.encode_action({"type": "take-row", "row": 0}) == 105
    assert GAME.encode_action({"type": "take-row", "row": 3}) == 108
    assert GAME.decode_action(1) == {"type": "choose", "card": 1}
    assert GAME.decode_action(107) == {"type": "take-row", "row": 2}
    for bad in (0, 109, -1, "5", 5.0, True):
        with pytest.raises(MalformedAction):
            GAME.decode_action(bad)
    for bad in (
        {"type": "choose", "card": 0},
        {"type": "choose", "card": 105},
        {"type": "choose", "card": True},
        {"type": "take-row", "row": 4},
        {"type": "pass"},
        "choose 5",
    ):
        with pytest.raises(MalformedAction):
            GAME.encode_action(bad)


@pytest.mark.parametrize(
    "players,options",
    [(2, {"tactical": True}), (5, {"threshold": 20}), (10, {"rounds": 2}), (3, {"threshold": 0})],
)
def test_the_fast_path_follows_the_main_path_with_options(players, options):
    """Differential test on the variants: seeded random actions through both paths,
    every step compared (awaited seats, legal codes, digest), then the outcome."""
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.setup(players, seed, options)
        sim = GAME.simulation(state)
        while not GAME.is_over(state):
            waiting = tuple(sorted(GAME.awaiting(state)))
            assert sim.awaiting() == waiting and not sim.is_over()
            for s in waiting:
                codes = [GAME.encode_action(a) for a in GAME.legal_actions(state, s)]
                assert sorted(sim.legal(s)) == sorted(codes)
            seat = rng.choice(waiting)
            action = rng.choice(GAME.legal_actions(state, seat))
            state, _ = GAME.apply(state, seat, action)
            sim.play(seat, GAME.encode_action(action))
            assert GAME.digest(sim.state()) == GAME.digest(state)
        assert sim.is_over() and sim.awaiting() == ()
        out = GAME.result(state)
        assert sim.scores() == tuple(out.scores) and sim.winners() == tuple(out.winners)


def test_a_changed_choice_before_the_reveal_is_followed():
    state = GAME.setup(3, 8)
    sim = GAME.simulation(state)
    first, second = state.hands[0][0], state.hands[0][1]
    for card in (first, second):
        state, _ = GAME.apply(state, 0, {"type": "choose", "card": card})
        sim.play(0, card)
    assert sim.awaiting() == (1, 2) and first in sim.legal(0) and second not in sim.legal(0)
    assert GAME.digest(sim.state()) == GAME.digest(state)


def test_stop_at_round_end_scores_the_round_and_deals_nothing():
    state = GAME.setup(4, 3)
    sim = GAME.simulation(state)
    sim.stop_at_round_end = True
    rng = random.Random(3)
    while state.round == 1:
        seat = min(GAME.awaiting(state))
        action = rng.choice(GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
        sim.play(seat, GAME.encode_action(action))
    assert sim.round_over and not sim.is_over() and sim.awaiting() == ()
    assert sim.round == 1 and sim.totals == state.totals == sim.last_round
    assert sim.penalty_heads == list(state.totals)
