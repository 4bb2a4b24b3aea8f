"""Guandan's fast path (issue 17): codes, and a simulation started anywhere — mid-deal
from notation, with cards already played, in the tribute — follows the main path."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import MalformedAction
from engine.guandan import GAME
from engine.guandan.cards import parse_card, parse_cards


def _same_path(state, rng: random.Random, steps: int) -> None:
    """Play ``steps`` random actions through both paths, comparing every step."""
    sim = GAME.simulation(state)
    assert GAME.digest(sim.state()) == GAME.digest(state)
    for _ in range(steps):
        if GAME.is_over(state):
            assert sim.is_over()
            return
        seat = min(GAME.awaiting(state))
        assert sim.awaiting() == tuple(sorted(GAME.awaiting(state)))
        legal = GAME.legal_actions(state, seat)
        assert sorted(sim.legal(seat)) == sorted(GAME.encode_action(a) for a in legal)
        action = rng.choice(legal)
        state, _ = GAME.apply(state, seat, action)
        sim.play(seat, GAME.encode_action(action))
        assert GAME.digest(sim.state()) == GAME.digest(state)


def test_a_simulation_from_notation_with_cards_already_played():
    state = GAME.from_hands(
        ["3S 3C 4D 9S 9C 9D KS BJ", "5H 5S 6S 7S 8S 9H", "2H 2C AS AH", "QS QC QD JH"],
        level=2,
        turn=1,
        options={"deals": 1},
    )
    assert len(state.played) == 108 - 22  # the cards nobody holds
    _same_path(state, random.Random(1), 200)


def test_a_simulation_started_in_the_tribute():
    state = GAME.setup(4, 8, {"deals": 2})
    rng = random.Random(8)
    while state.phase == "play":
        seat = min(GAME.awaiting(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert state.phase in ("tribute", "play") and state.deal == 2
    _same_path(state, rng, 400)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), start=st.integers(2, 14), cut=st.integers(0, 150))
def test_a_simulation_started_mid_deal_follows_the_main_path(seed, start, cut):
    rng = random.Random(seed)
    state = GAME.setup(4, seed, {"deals": 2, "start_level": start})
    for _ in range(cut):
        if GAME.is_over(state):
            break
        seat = min(GAME.awaiting(state))
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    _same_path(state, rng, 300)


def test_copies_are_independent_mid_deal():
    state = GAME.setup(4, 3, {"deals": 1})
    sim = GAME.simulation(state)
    for _ in range(10):
        seat = sim.awaiting()[0]
        sim.play(seat, sim.legal(seat)[-1])
    twin = sim.copy()
    frozen = GAME.digest(twin.state())
    for _ in range(30):
        if sim.is_over():
            break
        seat = sim.awaiting()[0]
        sim.play(seat, sim.legal(seat)[0])
    assert GAME.digest(twin.state()) == frozen


def test_encode_action_refuses_what_it_cannot_give_back():
    nines = sorted(parse_cards("9S 9C"))
    assert GAME.decode_action(GAME.encode_action({"type": "pass"})) == {"type": "pass"}
    play = {"type": "play", "cards": nines, "combo": "pair", "rank": 9}
    assert GAME.decode_action(GAME.encode_action(play)) == play
    for bad in [
        {"type": "play", "cards": nines[::-1], "combo": "pair", "rank": 9},  # not sorted
        {"type": "play", "cards": nines, "combo": "pairs", "rank": 9},
        {"type": "play", "cards": [-1], "combo": "single", "rank": 9},
        {"type": "play", "cards": [], "combo": "single", "rank": 9},
        {"type": "tribute", "card": parse_card("AS"), "extra": 1},
        {"type": "pass", "seat": 2},
        {"type": "shout"},
        "pass",
    ]:
        with pytest.raises(MalformedAction):
            GAME.encode_action(bad)
