"""The fast simulation paths (issue 17) against the main path: the same seeded action
sequences through ``Game.apply`` and ``Game.simulation``, every step compared — who is
awaited, every legal list (as codes), the state digest, and the outcome."""

from __future__ import annotations

import random

import pytest

from engine import available_games, get_game
from engine.core import Game
from tests.engine.test_contract import MAX_STEPS, _options, _player_counts

GAMES = available_games()


def _implements(game, verb: str) -> bool:
    return getattr(type(game), verb) is not getattr(Game, verb)


def _game(game_id: str):
    game = get_game(game_id)
    assert _implements(game, "simulation"), f"{game_id} must have a fast path (simulation)"
    return game


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fast_path_follows_the_main_path_step_by_step(game_id, seed):
    game = _game(game_id)
    for n in _player_counts(game):
        rng = random.Random(seed * 100 + n)
        state = game.setup(n, seed, _options(game))
        sim = game.simulation(state)
        for step in range(MAX_STEPS):
            assert sim.is_over() == game.is_over(state)
            if game.is_over(state):
                break
            waiting = tuple(sorted(game.awaiting(state)))
            assert sim.awaiting() == waiting, step
            for seat in waiting:
                codes = sorted(game.encode_action(a) for a in game.legal_actions(state, seat))
                assert sorted(sim.legal(seat)) == codes, (step, seat)
            seat = rng.choice(waiting)
            action = rng.choice(game.legal_actions(state, seat))
            code = game.encode_action(action)
            assert game.decode_action(code) == action
            state, _ = game.apply(state, seat, action)
            sim.play(seat, code)
            if step % 5 == 0:
                assert game.digest(sim.state()) == game.digest(state), step
        else:
            pytest.fail(f"no end after {MAX_STEPS} actions")
        assert sim.is_over()
        out = game.result(state)
        assert sim.scores() == tuple(out.scores)
        assert sim.winners() == tuple(out.winners)
        assert game.digest(sim.state()) == game.digest(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_copy_is_independent(game_id):
    game = _game(game_id)
    n = _player_counts(game)[0]
    state = game.setup(n, 5, _options(game))
    sim = game.simulation(state)
    twin = sim.copy()
    rng = random.Random(5)
    for _ in range(20):
        if sim.is_over():
            break
        seat = sim.awaiting()[0]
        sim.play(seat, rng.choice(sim.legal(seat)))
    assert game.digest(twin.state()) == game.digest(state)
