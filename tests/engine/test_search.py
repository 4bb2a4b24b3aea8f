"""The shared determinized search (engine/search.py, issue 17): reproducible with a
seed and a sample budget, always a legal root choice, the clearly best move in small
hand-made Take 5 positions, hidden choices stay hidden, and determinizations that
agree with the seat's view (a generic check any game's adapter can run)."""

from __future__ import annotations

import random

import pytest

from engine import available_games, get_game
from engine.core import Simulation, replace
from engine.search import (
    ActionCodes,
    Adapter,
    MainPathSimulation,
    Result,
    Search,
    SearchBot,
    Settings,
    ShuffleAdapter,
    determinization_mismatches,
    search,
    survivors,
)
from engine.take5 import GAME as TAKE5
from engine.take5.state import BULLHEADS
from tests.engine.test_contract import _options, _player_counts

GAMES = available_games()


def heads(sim) -> list[float]:
    """Take 5 reward: minus each seat's bullheads (totals, and this round's penalty
    pile until the round is scored), in tens."""
    st = sim.state()
    if st.over:
        return [-t / 10 for t in st.totals]
    return [
        -(t + sum(BULLHEADS[c] for c in p)) / 10 for p, t in zip(st.penalty, st.totals, strict=True)
    ]


def take5_position(turn: int, hands, rows, pending=(), players: int = 2, seed: int = 1):
    """A hand-made Take 5 table: ``hands`` per seat, ``rows``; the rest undealt."""
    state = TAKE5.setup(players, seed, {"rounds": 1})
    used = {c for h in hands for c in h} | {c for r in rows for c in r} | {c for c, _ in pending}
    return replace(
        state,
        turn=turn,
        hands=tuple(tuple(sorted(h)) for h in hands),
        rows=tuple(tuple(r) for r in rows),
        pending=tuple(pending),
        chosen=(None,) * players,
        undealt=tuple(c for c in range(1, 105) if c not in used),
    )


def end_of_turn(turn: int):
    return lambda sim: sim.is_over() or sim.state().turn != turn


# ------------------------------------------------------------------ clearly best
@pytest.mark.parametrize("mode", ["ismcts", "flat"])
def test_search_avoids_the_sixth_card(mode):
    # Seat 0 holds 30 and 90. 30 is the sixth card of row 0 (25..29: 6 bullheads);
    # 90 joins the 89 row. Within this turn 30 costs 6, 90 nothing.
    state = take5_position(
        9, [(30, 90), (12, 64)], [(25, 26, 27, 28, 29), (50,), (70,), (89,)], seed=4
    )
    adapter = ShuffleAdapter(TAKE5, state, evaluate=heads, horizon=end_of_turn(9))
    view = TAKE5.view(state, 0)
    res = search(
        adapter, view, TAKE5.legal_actions(state, 0), random.Random(2), Settings(40, mode=mode)
    )
    assert res.action == {"type": "choose", "card": 90}
    i30 = res.candidates.index({"type": "choose", "card": 30})
    assert res.means[1 - i30] == 0.0  # 90 never costs anything this turn
    assert res.means[i30] < -0.4  # 30 takes the row unless a too-low card took it first


@pytest.mark.parametrize("mode", ["ismcts", "flat"])
def test_search_takes_the_cheapest_row(mode):
    # Seat 0's 1 is too low: rows cost 7, 7, 3 and 1 bullheads.
    rows = [(55,), (44, 45), (60,), (2,)]
    state = take5_position(10, [(), ()], rows, pending=((1, 0), (80, 1)), seed=5)
    adapter = ShuffleAdapter(TAKE5, state, evaluate=heads)
    view = TAKE5.view(state, 0)
    legal = TAKE5.legal_actions(state, 0)
    res = search(adapter, view, legal, random.Random(3), Settings(12, mode=mode))
    assert res.action == {"type": "take-row", "row": 3}
    assert res.means[3] == pytest.approx(-0.1)


# ------------------------------------------------------------------ reproducible
@pytest.mark.parametrize("mode", ["ismcts", "flat"])
def test_a_seed_and_a_sample_budget_reproduce_the_search(mode):
    state = TAKE5.setup(3, 11, {"rounds": 1})
    view = TAKE5.view(state, 1)
    legal = TAKE5.legal_actions(state, 1)
    runs = []
    for _ in range(2):
        bot = SearchBot(ShuffleAdapter(TAKE5, state, evaluate=heads), seed=7, samples=25, mode=mode)
        runs.append((bot.choose(view, legal), bot.last))
    (a1, r1), (a2, r2) = runs
    assert a1 == a2 and isinstance(r1, Result)
    assert (r1.visits, r1.means, r1.samples) == (
        r2.visits,
        r2.means,
        r2.samples,
    ) and r1.samples == 25
    assert sum(r1.visits) == (25 if mode == "ismcts" else 25 * len(legal))
    # Another seed searches other deals (the statistics differ).
    bot = SearchBot(ShuffleAdapter(TAKE5, state, evaluate=heads), seed=8, samples=25, mode=mode)
    bot.choose(view, legal)
    assert bot.last.means != r1.means


def test_a_time_budget_stops_the_search():
    state = TAKE5.setup(4, 2, {"rounds": 1})
    bot = SearchBot(
        ShuffleAdapter(TAKE5, state, evaluate=heads), seed=1, samples=None, seconds=0.05
    )
    action = bot.choose(TAKE5.view(state, 0), TAKE5.legal_actions(state, 0))
    assert action in TAKE5.legal_actions(state, 0) and bot.last.samples >= 1


# ------------------------------------------------------------------ legal everywhere
def _decisions(game, n: int, seed: int, every: int = 9):
    """States of a seeded random playout, every ``every`` steps: ``(state, seat)``."""
    rng = random.Random(seed)
    state = game.setup(n, seed, _options(game))
    step = 0
    while not game.is_over(state) and step < 600:
        seat = rng.choice(sorted(game.awaiting(state)))
        legal = game.legal_actions(state, seat)
        if step % every == 0 and len(legal) > 1:
            yield state, seat
        state, _ = game.apply(state, seat, rng.choice(legal))
        step += 1


def _neutral(sim):
    if sim.is_over():
        w = sim.winners()
        return [1.0 if s in w else 0.0 for s in range(sim.players)]
    return [0.0] * sim.players


class FewCandidates(ShuffleAdapter):
    """At most 6 root candidates, spread over the legal list (keeps the test fast)."""

    def shortlist(self, view, legal):
        return legal[:: max(1, len(legal) // 6)][:6]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("mode", ["ismcts", "flat"])
def test_the_root_choice_is_always_legal(game_id, mode):
    game = get_game(game_id)
    n = _player_counts(game)[0]
    checked = 0
    for state, seat in _decisions(game, n, seed=3):
        bot = SearchBot(
            FewCandidates(game, state, evaluate=_neutral),
            seed=checked,
            samples=4,
            mode=mode,
            depth=12,
        )
        legal = game.legal_actions(state, seat)
        assert bot.choose(game.view(state, seat), legal) in legal
        checked += 1
        if checked == 4:
            break
    assert checked > 0


# ------------------------------------------------------------------ hidden choices
def test_the_search_cannot_see_a_hidden_choice():
    # Seat 1 has chosen; seat 0's search must not depend on which card.
    base = TAKE5.setup(3, 21, {"rounds": 1})
    results = []
    for card in base.hands[1][:3]:
        state = replace(base, chosen=(None, card, None))
        bot = SearchBot(ShuffleAdapter(TAKE5, state, evaluate=heads), seed=5, samples=30)
        bot.choose(TAKE5.view(state, 0), TAKE5.legal_actions(state, 0))
        results.append((bot.last.visits, bot.last.means))
    assert results[0] == results[1] == results[2]


class Pennies(Simulation):
    """Matching pennies, chosen at once: seat 0 wins when both coins match."""

    players = 2

    def __init__(self, coins=(None, None)):
        self.coins = list(coins)

    def copy(self):
        return Pennies(self.coins)

    def awaiting(self):
        return tuple(s for s in range(2) if self.coins[s] is None)

    def legal(self, seat):
        return [0, 1]

    def play(self, seat, code):
        self.coins[seat] = code

    def is_over(self):
        return None not in self.coins

    def winners(self):
        return (0,) if self.coins[0] == self.coins[1] else (1,)


class PenniesAdapter(Adapter):
    def __init__(self, hidden: bool):
        self.hidden = hidden

    def determinize(self, view, rng):
        return Pennies()

    def encode(self, action):
        return action["coin"]

    def observation(self, sim, mover, code, seat):
        return (mover, "chose") if self.hidden and seat != mover else (mover, code)


class Match(Pennies):
    """Both seats win when the coins match (partners with one reward)."""

    def copy(self):
        return Match(self.coins)

    def winners(self):
        return (0, 1) if self.coins[0] == self.coins[1] else ()


class MatchAdapter(PenniesAdapter):
    def determinize(self, view, rng):
        return Match()


def test_partners_in_the_tree_play_for_the_shared_reward():
    # Seat 1 sees seat 0's coin and shares its reward: it learns to match.
    coins = [{"type": "coin", "coin": 0}, {"type": "coin", "coin": 1}]
    view = {"seat": 0, "players": 2}
    res = search(MatchAdapter(False), view, coins, random.Random(1), Settings(600))
    assert min(res.means) > 0.8


def test_a_simultaneous_choice_stays_hidden_in_the_tree():
    # Seat 0 acts first in every iteration. If seat 1's tree saw the coin, it would
    # learn to mismatch and seat 0 would lose nearly always; hidden, it cannot.
    coins = [{"type": "coin", "coin": 0}, {"type": "coin", "coin": 1}]
    view = {"seat": 0, "players": 2}
    seen = search(PenniesAdapter(False), view, coins, random.Random(1), Settings(600))
    hidden = search(PenniesAdapter(True), view, coins, random.Random(1), Settings(600))
    assert max(seen.means) < 0.2
    assert min(hidden.means) > 0.3


# ------------------------------------------------------------------ a time cap kept


class Clock:
    """A stand-in for ``engine.search.time``: ``perf_counter`` reads ``now``."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


class TimedPennies(PenniesAdapter):
    """Each evaluation (one playout) moves ``clock`` on by the next of ``costs``
    seconds (the last one repeating); every playout scores 0 for both seats."""

    def __init__(self, clock: Clock, costs: list[float]):
        super().__init__(hidden=True)
        self.clock, self.costs = clock, list(costs)

    def evaluate(self, sim):
        self.clock.now += self.costs.pop(0) if len(self.costs) > 1 else self.costs[0]
        return [0.0, 0.0]


def _timed_flat(monkeypatch, costs: list[float], coins: int) -> tuple[Result, Clock]:
    clock = Clock()
    monkeypatch.setattr("engine.search.time", clock)
    candidates = [{"type": "coin", "coin": c} for c in range(coins)]
    settings = Settings(samples=None, seconds=0.1, mode="flat")
    view = {"seat": 0, "players": 2}
    res = search(TimedPennies(clock, costs), view, candidates, random.Random(3), settings)
    return res, clock


def test_a_flat_search_does_not_start_a_sample_it_cannot_finish(monkeypatch):
    # Two candidates, 20 ms a playout: samples end at 40 and 80 ms; a third would end
    # at 120 ms, past the 100 ms cap, so it is not started.
    res, clock = _timed_flat(monkeypatch, [0.02], coins=2)
    assert res.samples == 2 and res.visits == [2, 2]
    assert clock.now == pytest.approx(0.08)


def test_a_sample_the_deadline_cuts_short_is_dropped_from_every_candidate(monkeypatch):
    # Three candidates: the first sample takes 30 ms; in the second the playouts take
    # 50 ms, so the deadline passes after the second candidate's: both of its values
    # are dropped and every candidate keeps exactly one (paired) value.
    res, clock = _timed_flat(monkeypatch, [0.01, 0.01, 0.01, 0.05], coins=3)
    assert res.samples == 1 and res.visits == [1, 1, 1]
    assert clock.now == pytest.approx(0.13)


def test_the_first_sample_always_completes(monkeypatch):
    # One playout alone outlasts the cap; the search still returns a searched choice.
    res, clock = _timed_flat(monkeypatch, [0.25], coins=2)
    assert res.samples == 1 and res.visits == [1, 1]
    assert clock.now == pytest.approx(0.5)


# ------------------------------------------------------------------ determinizations
@pytest.mark.parametrize("game_id", GAMES)
def test_shuffle_determinizations_agree_with_the_view(game_id):
    game = get_game(game_id)
    for n in _player_counts(game):
        for state, seat in list(_decisions(game, n, seed=7, every=13))[:5]:
            adapter = ShuffleAdapter(game, state)
            view = game.view(state, seat)
            assert determinization_mismatches(adapter, view, random.Random(1), samples=2) == []


class LeakyAdapter(ShuffleAdapter):
    """A broken determinizer: deals the seat a hand it does not hold."""

    def determinize(self, view, rng):
        sim = super().determinize(view, rng)
        st = sim.state()
        me = view["seat"]
        other = (me + 1) % st.players
        hands = list(st.hands)
        hands[me], hands[other] = hands[other], hands[me]
        return MainPathSimulation(self.game, replace(st, hands=tuple(hands)), self.codes)


def test_the_consistency_check_catches_a_wrong_determinization():
    state = TAKE5.setup(3, 2)
    view = TAKE5.view(state, 0)
    assert determinization_mismatches(LeakyAdapter(TAKE5, state), view, random.Random(0)) == [
        "hand"
    ]
    changed = LeakyAdapter(TAKE5, state)
    changed.changed_fields = frozenset({"hand"})
    assert determinization_mismatches(changed, view, random.Random(0)) == []


# ------------------------------------------------------------------ protocol pieces
def test_settings_are_checked():
    for bad in [
        {"mode": "minimax"},
        {"final": "best"},
        {"samples": 0},
        {"seconds": 0.0},
        {"depth": 0},
        {"tree_depth": 0},
        {"prune": 0.0},
    ]:
        with pytest.raises(ValueError):
            Settings(**bad).check()
    with pytest.raises(ValueError):
        SearchBot(Adapter(), samples=0)


def test_the_bot_answers_single_choices_without_searching():
    state = take5_position(10, [(), ()], [(55,), (44, 45), (60,), (2,)], pending=((1, 0),))
    bot = SearchBot(ShuffleAdapter(TAKE5, state, evaluate=heads), seed=1, samples=5)
    only = [{"type": "take-row", "row": 2}]
    assert bot.choose(TAKE5.view(state, 0), only) == only[0] and bot.last is None
    with pytest.raises(ValueError):
        bot.choose(TAKE5.view(state, 0), [])


def test_the_default_adapter_rewards_winners_and_refuses_a_cut_off():
    state = TAKE5.setup(2, 3, {"rounds": 1})
    sim = MainPathSimulation(TAKE5, state, ActionCodes())
    with pytest.raises(NotImplementedError):
        Adapter().evaluate(sim)
    rng = random.Random(0)
    while not sim.is_over():
        seat = sim.awaiting()[0]
        sim.play(seat, Adapter().rollout_policy(sim, seat, rng))
    rewards = Adapter().evaluate(sim)
    assert [s for s in range(2) if rewards[s] == 1.0] == list(sim.winners())


def test_action_codes_round_trip():
    codes = ActionCodes()
    a, b = {"type": "choose", "card": 4}, {"card": 4, "type": "choose"}
    assert codes.encode(a) == codes.encode(b) == 0
    assert codes.encode({"type": "take-row", "row": 1}) == 1
    assert codes.decode(0) == a and codes.decode(0) is not codes.actions[0]


def test_search_object_matches_the_function():
    state = TAKE5.setup(2, 9, {"rounds": 1})
    view, legal = TAKE5.view(state, 0), TAKE5.legal_actions(state, 0)
    s = Settings(samples=10)
    r1 = Search(ShuffleAdapter(TAKE5, state, evaluate=heads), s).run(view, legal, random.Random(4))
    r2 = search(ShuffleAdapter(TAKE5, state, evaluate=heads), view, legal, random.Random(4), s)
    assert (r1.action, r1.visits, r1.means) == (r2.action, r2.visits, r2.means)


def test_a_seat_that_is_not_awaited_is_not_searched():
    state = TAKE5.setup(3, 4, {"rounds": 1})
    state, _ = TAKE5.apply(state, 0, {"type": "choose", "card": state.hands[0][0]})
    view = TAKE5.view(state, 0)
    assert 0 not in view["awaiting"]
    legal = TAKE5.legal_actions(state, 0)  # a choice may still be changed
    bot = SearchBot(ShuffleAdapter(TAKE5, state, evaluate=heads), seed=1, samples=5)
    assert bot.choose(view, legal) == legal[0] and bot.last is None


def test_flat_mode_prunes_clearly_worse_candidates():
    state = take5_position(
        9, [(30, 90), (12, 64)], [(25, 26, 27, 28, 29), (50,), (70,), (89,)], seed=4
    )
    adapter = ShuffleAdapter(TAKE5, state, evaluate=heads, horizon=end_of_turn(9))
    view, legal = TAKE5.view(state, 0), TAKE5.legal_actions(state, 0)
    res = search(adapter, view, legal, random.Random(2), Settings(40, mode="flat", prune=2.0))
    i30 = res.candidates.index({"type": "choose", "card": 30})
    assert res.action == {"type": "choose", "card": 90} and res.samples == 40
    assert res.pruned == [i30] and res.visits[i30] == 16 and res.visits[1 - i30] == 40


def test_pruning_keeps_ties_and_the_undecided():
    best = [1.0, 0.0] * 8
    same = list(best)
    noisy = [1.0, 1.0, 0.0, 0.0] * 4  # the same mean, paired differences vary
    worse = [0.5, -0.5] * 8  # always 0.5 less: no variance, not zero
    assert survivors([best, same, noisy, worse], [0, 1, 2, 3], 2.0) == [0, 1, 2]
    assert survivors([best, worse], [1, 0], 2.0) == [0]  # alive's order, the best kept
    with pytest.raises(ValueError, match="at least 2 paired values"):
        survivors([[1.0], [0.0]], [0, 1], 2.0)
