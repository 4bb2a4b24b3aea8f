"""The cross-game contract suite (DESIGN.md "The engine contract"): every game in
``engine.available_games()`` joins automatically.

Seeded random playouts in which every legal action applies, cards are conserved,
illegal actions are refused with the state unchanged, views are JSON-compatible and
hide what they must (indistinguishability), and a replay reproduces the digest."""

from __future__ import annotations

import json
import random

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import available_games, get_game
from engine.core import Event, Game, GameOver, MalformedAction, NotYourTurn, RuleError

GAMES = available_games()
MAX_STEPS = 4000


def _key(action: dict) -> str:
    return json.dumps(action, sort_keys=True)


def _player_counts(game) -> list[int]:
    counts = [n for n in range(game.min_players, game.max_players + 1) if not _refused(game, n)]
    return sorted({counts[0], counts[len(counts) // 2], counts[-1]})


def _options(game) -> dict:
    """Options the suite plays with: a game may shorten its match for the suite
    (``contract_options``, e.g. a single deal) without changing its rules."""
    return dict(getattr(game, "contract_options", {}))


def _refused(game, n: int) -> bool:
    try:
        game.setup(n, 0, _options(game))
    except RuleError:
        return True
    return False


def _conserved(game, state) -> None:
    placed = sorted(repr(c) for cards in game.zones(state).values() for c in cards)
    assert placed == sorted(repr(c) for c in game.all_cards(state))


def _json_compatible(value) -> None:
    assert json.loads(json.dumps(value)) == value
    assert msgpack.unpackb(msgpack.packb(value), strict_map_key=True) == value


def playout(game, players: int, seed: int, check_every: int = 1):
    """Play a seeded random game, checking the contract at every ``check_every`` step.
    Returns ``(final state, [(seat, action)])``."""
    rng = random.Random(seed)
    state = game.setup(players, seed, _options(game))
    actions: list = []
    seen: dict[str, dict] = {}
    for step in range(MAX_STEPS):
        if game.is_over(state):
            break
        waiting = sorted(game.awaiting(state))
        assert waiting, "a game that is not over awaits somebody"
        seat = rng.choice(waiting)
        legal = game.legal_actions(state, seat)
        assert legal, f"awaited seat {seat} has no legal action"
        checking = step % check_every == 0
        if checking:
            _conserved(game, state)
            before = game.digest(state)
            legal_keys = {_key(a) for a in legal}
            for a in legal:
                seen.setdefault(_key(a), a)
            # Illegal actions: earlier-legal actions that are not legal now, junk.
            stale = [a for k, a in seen.items() if k not in legal_keys]
            for bad in rng.sample(stale, min(3, len(stale))) + [{"type": "no-such"}, "x"]:
                with pytest.raises(RuleError):
                    game.apply(state, seat, bad)
                assert not game.is_legal(state, seat, bad)
                assert game.digest(state) == before, "a refused action changed the state"
            # A seat that may not act is refused with NotYourTurn.
            for other in range(players):
                if not game.legal_actions(state, other):
                    for a in legal[:1]:
                        with pytest.raises((NotYourTurn, RuleError)):
                            game.apply(state, other, a)
            # Views: JSON-compatible; the same for any hidden deal.
            for who in [seat, None, rng.randrange(players)]:
                v = game.view(state, who)
                _json_compatible(v)
                twin = game.shuffle_unknown(state, who, random.Random(step))
                _conserved(game, twin)
                assert game.view(twin, who) == v, f"view of {who} depends on hidden cards"
                if who is not None:
                    assert game.legal_actions(twin, who) == game.legal_actions(state, who)
        action = rng.choice(legal)
        state, events = game.apply(state, seat, action)
        assert isinstance(events, list) and all(isinstance(e, Event) for e in events)
        if checking:
            for e in events:
                for who in [None, *range(players)]:
                    _json_compatible(e.for_seat(who))
        actions.append((seat, action))
    else:
        pytest.fail(f"no end after {MAX_STEPS} actions")
    return state, actions


@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts_keep_the_contract(game_id):
    game = get_game(game_id)
    for n in _player_counts(game):
        state, actions = playout(game, n, seed=n, check_every=7)
        assert game.result(state) is not None
        out = game.result(state)
        assert len(out.scores) == n and set(out.winners) <= set(range(n))
        with pytest.raises(GameOver):
            game.apply(state, 0, actions[-1][1])


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_replay_reproduces_the_digest(game_id, seed):
    game = get_game(game_id)
    n = _player_counts(game)[0]
    state, actions = playout(game, n, seed, check_every=50)
    again = game.setup(n, seed, _options(game))
    for seat, action in actions:
        again, _ = game.apply(again, seat, action)
    assert game.digest(again) == game.digest(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_malformed_actions_are_refused(game_id):
    game = get_game(game_id)
    state = game.setup(_player_counts(game)[0], 1, _options(game))
    seat = min(game.awaiting(state))
    for junk in [None, 3, [], {}, {"type": 5}, {"type": "no-such"}]:
        with pytest.raises(MalformedAction):
            game.apply(state, seat, junk)


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_choose_only_legal_actions(game_id):
    from engine import get_bot

    game = get_game(game_id)
    n = _player_counts(game)[0]
    for level in ("easy", "normal"):
        state = game.setup(n, 3, _options(game))
        bots = [get_bot(game_id, level, seed=s) for s in range(n)]
        for _ in range(MAX_STEPS):
            if game.is_over(state):
                break
            seat = min(game.awaiting(state))
            legal = game.legal_actions(state, seat)
            action = bots[seat].choose(game.view(state, seat), legal)
            assert _key(action) in {_key(a) for a in legal}
            state, _ = game.apply(state, seat, action)
        assert game.is_over(state)


def _implements(game, verb: str) -> bool:
    return getattr(type(game), verb) is not getattr(Game, verb)


@pytest.mark.parametrize("game_id", GAMES)
def test_legal_from_view_equals_legal_actions(game_id):
    """A view holds everything its seat needs to decide: for every seat (and a
    spectator) at every step of seeded random playouts, ``legal_from_view(view)``
    equals ``legal_actions`` list for list (issue 18)."""
    game = get_game(game_id)
    assert _implements(game, "legal_from_view"), f"{game_id} must implement legal_from_view"
    for n in _player_counts(game):
        rng = random.Random(100 + n)
        state = game.setup(n, 100 + n, _options(game))
        for _ in range(MAX_STEPS):
            for who in [None, *range(n)]:
                view = game.view(state, who)
                expected = [] if who is None else game.legal_actions(state, who)
                assert game.legal_from_view(view) == expected, (n, who, view)
            if game.is_over(state):
                break
            seat = rng.choice(sorted(game.awaiting(state)))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        else:
            pytest.fail(f"no end after {MAX_STEPS} actions")


def _lookalikes(action: dict) -> list[dict]:
    """Actions equal to ``action`` under ``==`` but not in shape: an int field (or an
    int in a list field) as a float or a bool. The engine must refuse each, so that an
    accepted action is a listed one, not one that merely compares equal."""
    out = []
    for k, v in action.items():
        if type(v) is int:
            out.append({**action, k: float(v)})
            if v in (0, 1):
                out.append({**action, k: bool(v)})
        elif type(v) is list and v and type(v[0]) is int:
            out.append({**action, k: [float(v[0]), *v[1:]]})
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_an_action_with_a_field_its_type_lacks_is_malformed(game_id):
    """Canonical actions (issue 18): every type declares its fields
    (``Game.action_fields``), every listed action has exactly those of its type (or
    fewer, for an optional one), and an action with one more field — or a float or
    bool where the rules say int — is refused with the state unchanged. So the host
    validates an action once, through ``apply``, and keeps what it was sent."""
    game = get_game(game_id)
    assert set(game.action_fields) == set(game.action_types)
    n = _player_counts(game)[0]
    rng = random.Random(31)
    state = game.setup(n, 31, _options(game))
    for step in range(MAX_STEPS):
        if game.is_over(state):
            break
        seat = rng.choice(sorted(game.awaiting(state)))
        legal = game.legal_actions(state, seat)
        for a in legal:
            assert set(a) <= game.action_fields[a["type"]], a
        if step % 5 == 0:
            before = game.digest(state)
            for a in rng.sample(legal, min(4, len(legal))):
                extra = {**a, "note": "x" * 100}
                with pytest.raises(MalformedAction):
                    game.apply(state, seat, extra)
                assert not game.is_legal(state, seat, extra)
                for bad in _lookalikes(a):
                    with pytest.raises(RuleError):
                        game.apply(state, seat, bad)
                assert game.digest(state) == before
        state, _ = game.apply(state, seat, rng.choice(legal))
    else:
        pytest.fail(f"no end after {MAX_STEPS} actions")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seats_view_is_the_public_view_and_its_private_part(game_id):
    """Views built once (issue 18): ``private_view(state, seat)`` holds the keys that
    depend on the seat, the same keys for every seat; laid over the spectator's view
    it gives the seat's view exactly, key order and bytes included. So a host builds
    the public part once per action, and the shared part carries no private field
    (it is the spectator's view)."""
    game = get_game(game_id)
    for n in _player_counts(game):
        rng = random.Random(200 + n)
        state = game.setup(n, 200 + n, _options(game))
        keys = None
        for step in range(MAX_STEPS):
            if step % 3 == 0 or game.is_over(state):
                public = game.view(state, None)
                for who in [None, *range(n)]:
                    mine = game.private_view(state, who)
                    keys = keys or set(mine)
                    assert set(mine) == keys and keys < set(public)
                    merged = {**public, **mine}
                    view = game.view(state, who)
                    assert list(merged) == list(view)
                    assert msgpack.packb(merged) == msgpack.packb(view), (n, who)
            if game.is_over(state):
                break
            seat = rng.choice(sorted(game.awaiting(state)))
            state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        else:
            pytest.fail(f"no end after {MAX_STEPS} actions")
