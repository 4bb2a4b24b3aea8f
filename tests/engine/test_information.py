"""The information check (issue 17): a seat and its bot decide from what the seat may
know, nothing more. For every game and every bot level, seeded games are played by
bots of that level; at sampled decisions everything the deciding seat cannot see is
permuted (``GAME.shuffle_unknown``: other hands, the draw pile, hidden choices and
the engine's generator), and the view, the legal list (and ``legal_from_view`` where
the game has it) and the choice of a *copy* of the bot must all be unchanged. Both
copies are taken from the same bot state (its generator and its memory of earlier
views), so a difference can only come from the hidden cards. Hard bots run with a
small, deterministic budget (a sample count, never a clock)."""

from __future__ import annotations

import copy
import json
import random

import pytest

from engine import available_games, get_bot, get_game
from engine.bots import LEVELS
from engine.core import Game
from engine.search import SearchBot
from tests.engine.test_contract import MAX_STEPS, _options, _player_counts

GAMES = available_games()
#: Check one decision in this many (the searching level is slower: fewer checks).
EVERY = {"easy": 3, "normal": 3, "hard": 7}


def _key(action) -> str:
    return json.dumps(action, sort_keys=True)


#: Samples per decision for a searching bot; Guandan's hard leaves normal's choice only
#: when the search prunes it, which needs 16 samples (at 4 it always equals normal).
SAMPLES = {"guandan": 16}


def small_budget(bot, game_id: str) -> None:
    """A small deterministic budget for a searching bot: a sample count, no clock."""
    if isinstance(bot, SearchBot):
        bot.samples, bot.seconds = SAMPLES.get(game_id, 4), None


def _has_legal_from_view(game) -> bool:
    return type(game).legal_from_view is not Game.legal_from_view


def _options_for(game) -> dict:
    options = _options(game)
    if game.id == "take5":
        options["rounds"] = 2  # two rounds: bots' memories must restart cleanly
    return options


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("game_id", GAMES)
def test_hidden_cards_never_change_a_view_a_legal_list_or_a_choice(game_id, level):
    game = get_game(game_id)
    counts = _player_counts(game)
    from_view = _has_legal_from_view(game)
    checked = changed = 0
    for n in counts[:1] if level == "hard" else counts[:: max(1, len(counts) - 1)]:
        seed = 40 + n
        bots = [get_bot(game_id, level, seed=seed * 10 + s) for s in range(n)]
        for bot in bots:
            small_budget(bot, game_id)
        shuffler = random.Random(seed)
        state = game.setup(n, seed, _options_for(game))
        for step in range(MAX_STEPS):
            if game.is_over(state):
                break
            seat = min(game.awaiting(state))
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            if step % EVERY[level] == 0:
                twin = game.shuffle_unknown(state, seat, shuffler)
                changed += game.digest(twin) != game.digest(state)
                twin_view = game.view(twin, seat)
                assert twin_view == view, (n, step, "the view shows a hidden card")
                twin_legal = game.legal_actions(twin, seat)
                assert twin_legal == legal, (n, step, "the legal list depends on hidden cards")
                if from_view:
                    assert game.legal_from_view(twin_view) == legal, (n, step)
                mine, theirs = copy.deepcopy(bots[seat]), copy.deepcopy(bots[seat])
                a = mine.choose(view, legal)
                b = theirs.choose(twin_view, twin_legal)
                assert _key(a) == _key(b), (n, step, level, "a bot read a hidden card")
                checked += 1
            action = bots[seat].choose(view, legal)
            state, _ = game.apply(state, seat, action)
        else:
            pytest.fail(f"{game_id}: no end after {MAX_STEPS} actions")
    assert checked > 0
    assert changed > 0, "the permutations never changed a hidden card: nothing was checked"
