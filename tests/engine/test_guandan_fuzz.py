"""Guandan random-play invariants (hypothesis): cards conserved, 27 cards a hand once
the tribute is done, a leader always has a play, legal actions all apply."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.guandan import GAME
from engine.guandan.combos import readings


def _conserved(state) -> None:
    placed = sorted(c for cards in GAME.zones(state).values() for c in cards)
    assert placed == list(range(108))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), start=st.integers(2, 14), deals=st.integers(1, 4))
def test_random_play_keeps_the_invariants(seed, start, deals):
    rng = random.Random(seed)
    state = GAME.setup(4, seed, {"deals": deals, "start_level": start})
    was_play = True
    steps = 0
    while not GAME.is_over(state):
        waiting = sorted(GAME.awaiting(state))
        assert waiting
        seat = rng.choice(waiting)
        legal = GAME.legal_actions(state, seat)
        assert legal
        if state.phase == "play":
            if not was_play or not state.log:  # a deal's play just began
                assert [len(h) for h in state.hands] == [27] * 4
            if state.last is None:
                assert seat not in state.out and state.hands[seat]
                assert all(a["type"] == "play" for a in legal)
            else:
                assert legal[0] == {"type": "pass"}
            for a in legal[1:6] + legal[-3:]:
                if a["type"] == "play":
                    assert (a["combo"], a["rank"]) in readings(a["cards"], state.level)
        was_play = state.phase == "play"
        if steps % 5 == 0:
            _conserved(state)
        state, _ = GAME.apply(state, seat, rng.choice(legal))
        steps += 1
    _conserved(state)
    out = GAME.result(state)
    assert sorted(out.winners) in ([0, 2], [1, 3])
    assert state.deal <= deals
