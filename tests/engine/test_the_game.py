"""The Game: the rules page (``shared/rules/the-game.md``) as exact values."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import BadSetup, GameOver, IllegalAction, NotYourTurn, replace
from engine.the_game import CARDS, GAME, PILES, TheGameState
from engine.the_game.rules import RULE_BLOCK, RULE_SIGNAL, RULE_SIGNAL_BLOCK, RULE_SIGNAL_ONCE
from engine.the_game.bots import make_bot
from engine.the_game.plan import DEFAULTS, Table, _weighted, _weighted_slow


def table(hands, piles=((), (), (), ()), deck=(), turn=0, played=0, options=None):
    """A state from notation: ``hands`` per seat, ``piles`` asc1, asc2, desc1, desc2
    (cards played, in order), ``deck`` in draw order. Cards not placed anywhere are
    put under the piles' first cards so that all 98 stay accounted for only where a
    test needs it (most tests only read the rules, not conservation)."""
    players = len(hands)
    base = GAME.setup(players, 0, options or {})
    return replace(
        base,
        hands=tuple(tuple(sorted(h)) for h in hands),
        piles=tuple(tuple(p) for p in piles),
        deck=tuple(deck),
        turn=turn,
        played=played,
    )


def play(card, pile):
    return {"type": "play", "card": card, "pile": pile}


END = {"type": "end-turn"}
BLOCK = {"type": "declare-blocked"}


# ---------------------------------------------------------------- set-up
@pytest.mark.parametrize("players,size", [(1, 8), (2, 7), (3, 6), (4, 6), (5, 6)])
def test_hand_sizes(players, size):
    state = GAME.setup(players, 7)
    assert [len(h) for h in state.hands] == [size] * players
    assert len(state.deck) == 98 - players * size
    assert state.tops == (1, 1, 100, 100)


@pytest.mark.parametrize("players,size", [(1, 7), (2, 6), (3, 5), (5, 5)])
def test_expert_smaller_hands(players, size):
    state = GAME.setup(players, 7, {"expert": True, "smaller_hands": True})
    assert [len(h) for h in state.hands] == [size] * players


def test_smaller_hands_needs_expert_and_start_must_be_a_seat():
    with pytest.raises(BadSetup):
        GAME.setup(2, 1, {"smaller_hands": True})
    with pytest.raises(BadSetup):
        GAME.setup(3, 1, {"start": 3})
    with pytest.raises(BadSetup):
        GAME.setup(0, 1)
    with pytest.raises(BadSetup):
        GAME.setup(6, 1)


def test_starting_player_given_or_seeded():
    assert GAME.setup(4, 11, {"start": 2}).turn == 2
    starts = {GAME.setup(4, seed).turn for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert GAME.setup(4, 5).turn == GAME.setup(4, 5).turn


# ---------------------------------------------------------------- the minimum
def test_minimum_two_then_one_and_expert_three():
    s = table([[10, 20, 30], [40]], deck=[50])
    assert GAME.minimum(s) == 2 and GAME.to_play(s) == 2
    assert GAME.minimum(replace(s, deck=())) == 1
    expert = table([[10, 20, 30], [40]], deck=[50], options={"expert": True})
    assert GAME.minimum(expert) == 3
    assert GAME.minimum(replace(expert, deck=())) == 1


def test_end_turn_only_after_the_minimum():
    s = table([[10, 20, 30, 95], [40]], deck=[50, 60])
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, END)
    s, _ = GAME.apply(s, 0, play(10, "asc1"))
    assert END not in GAME.legal_actions(s, 0)
    s, _ = GAME.apply(s, 0, play(20, "asc1"))
    assert END in GAME.legal_actions(s, 0)
    s, _ = GAME.apply(s, 0, play(30, "asc1"))  # more than the minimum is allowed
    assert GAME.to_play(s) == 0


# ---------------------------------------------------------------- the backwards trick
@pytest.mark.parametrize(
    "pile,top,back,near,far",
    [
        ("asc1", 45, 35, 36, 34),
        ("asc2", 45, 35, 36, 34),
        ("desc1", 45, 55, 54, 56),
        ("desc2", 45, 55, 54, 56),
    ],
)
def test_backwards_trick_exactly_ten(pile, top, back, near, far):
    i = PILES.index(pile)
    piles = [(), (), (), ()]
    piles[i] = (top,)
    s = table([[back, near, far], [2]], piles=piles, deck=[3, 4])
    assert GAME.is_legal(s, 0, play(back, pile))
    assert not GAME.is_legal(s, 0, play(near, pile))  # 9 back
    assert not GAME.is_legal(s, 0, play(far, pile))  # 11 back
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, play(far, pile))
    s2, _ = GAME.apply(s, 0, play(back, pile))
    assert s2.tops[i] == back


def test_backwards_trick_repeats():
    s = table([[60, 50, 40, 30], [2]], piles=[(70,), (), (), ()], deck=[3])
    for card in (60, 50, 40, 30):
        s, _ = GAME.apply(s, 0, play(card, "asc1"))
    assert s.piles[0] == (70, 60, 50, 40, 30)
    d = table([[40, 50, 60], [2]], piles=[(), (), (30,), ()], deck=[3])
    for card in (40, 50, 60):
        d, _ = GAME.apply(d, 0, play(card, "desc1"))
    assert d.tops[2] == 60


# ---------------------------------------------------------------- drawing and turns
def test_drawing_back_up_in_draw_order():
    s = GAME.setup(2, 3, {"start": 0})
    top_two = s.deck[:2]
    legal = [a for a in GAME.legal_actions(s, 0) if a["type"] == "play"]
    s, _ = GAME.apply(s, 0, legal[0])
    legal = [a for a in GAME.legal_actions(s, 0) if a["type"] == "play"]
    s, _ = GAME.apply(s, 0, legal[0])
    assert len(s.hands[0]) == 5
    s, events = GAME.apply(s, 0, END)
    assert len(s.hands[0]) == 7 and len(s.deck) == 98 - 14 - 2
    assert set(top_two) <= set(s.hands[0])
    assert s.turn == 1 and s.played == 0
    drawn = [e for e in events if e.type == "move"][0]
    assert drawn.for_seat(1) == {"type": "move", "from": "deck", "to": "hand/0", "count": 2}
    assert drawn.for_seat(0)["cards"] == list(top_two)


def test_drawing_stops_when_the_draw_pile_runs_out():
    s = table([[10, 20, 30], [40, 50]], deck=[60])
    s, _ = GAME.apply(s, 0, play(10, "asc1"))
    s, _ = GAME.apply(s, 0, play(20, "asc1"))
    s, _ = GAME.apply(s, 0, END)
    assert s.hands[0] == (30, 60) and s.deck == ()
    assert GAME.minimum(s) == 1


def test_empty_hands_are_skipped_once_the_draw_pile_is_empty():
    s = table([[10, 20], [], [30], []])
    s, _ = GAME.apply(s, 0, play(10, "asc1"))
    s, _ = GAME.apply(s, 0, END)
    assert s.turn == 2
    s, _ = GAME.apply(s, 2, play(30, "asc1"))
    s, _ = GAME.apply(s, 2, END)
    assert s.turn == 0  # seats 3 and 1 have no cards


# ---------------------------------------------------------------- the end
def test_win_when_all_98_cards_are_played():
    s = GAME.setup(2, 1, {"start": 0})
    everything = [c for c in CARDS if c != 99]
    s = replace(s, hands=((99,), ()), deck=(), piles=(tuple(everything), (), (), ()))
    s, events = GAME.apply(s, 0, play(99, "asc2"))
    out = GAME.result(s)
    assert GAME.is_over(s) and out.winners == (0, 1) and out.scores == (0, 0)
    assert out.details == {"cards_left": 0, "excellent": True, "reason": "all 98 cards played"}
    assert events[-1].type == "game-end"
    with pytest.raises(GameOver):
        GAME.apply(s, 1, {"type": "signal", "pile": "asc1", "signal": None})


def test_declare_blocked_is_the_only_action():
    s = table([[50, 51], [60]], piles=[(70,), (80,), (20,), (30,)], deck=[2, 3, 4])
    assert GAME.is_blocked(s)
    assert GAME.legal_actions(s, 0) == [BLOCK]
    assert GAME.view(s, 0)["blocked"] is True and GAME.view(s, 1)["blocked"] is False
    for bad in (END, play(50, "asc1"), {"type": "signal", "pile": "asc1", "signal": "dont-play"}):
        with pytest.raises(IllegalAction):
            GAME.apply(s, 0, bad)
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 1, BLOCK)
    s, _ = GAME.apply(s, 0, BLOCK)
    out = GAME.result(s)
    assert out.winners == () and out.scores == (6, 6)
    assert out.details == {"cards_left": 6, "excellent": True, "reason": "blocked"}


def test_blocked_after_the_first_card_and_not_blocked_after_the_minimum():
    s = table([[75, 50], [60]], piles=[(70,), (80,), (20,), (30,)], deck=[2])
    assert not GAME.is_blocked(s)
    assert not GAME.is_legal(s, 0, BLOCK)
    s, _ = GAME.apply(s, 0, play(75, "asc1"))
    assert GAME.legal_actions(s, 0) == [BLOCK]
    done = replace(s, played=2)
    assert not GAME.is_blocked(done) and END in GAME.legal_actions(done, 0)


@pytest.mark.parametrize("left,excellent", [(9, True), (10, False), (40, False)])
def test_cards_left_and_excellent(left, excellent):
    hands = [[50], list(range(51, 51 + left - 2))]
    s = table(hands, piles=[(70,), (80,), (20,), (30,)], deck=[99])
    s, _ = GAME.apply(s, 0, BLOCK)
    out = GAME.result(s)
    assert out.details["cards_left"] == left and out.scores == (left, left)
    assert out.details["excellent"] is excellent


# ---------------------------------------------------------------- signals
def test_signals_from_any_seat_at_any_time():
    s = table([[10, 20], [30], [40]], deck=[50])
    sig = {"type": "signal", "pile": "desc2", "signal": "dont-play"}
    assert GAME.may_act(s, 2, sig) and sig in GAME.legal_actions(s, 2)
    assert [a for a in GAME.legal_actions(s, 2) if a["type"] != "signal"] == []
    s, events = GAME.apply(s, 2, sig)
    assert GAME.view(s, 1)["signals"]["desc2"] == [None, None, "dont-play"]
    assert events[0].for_seat(None) == {
        "type": "signal",
        "seat": 2,
        "pile": "desc2",
        "signal": "dont-play",
    }
    with pytest.raises(IllegalAction) as exc:  # already set: not legal twice
        GAME.apply(s, 2, sig)
    assert exc.value.rule == RULE_SIGNAL
    assert sig not in GAME.legal_actions(s, 2)
    s, _ = GAME.apply(s, 2, {"type": "signal", "pile": "asc1", "signal": "can-play-well"})
    assert GAME.view(s, 0)["signals"]["asc1"] == [None, None, "can-play-well"]
    assert s.turn == 0 and s.played == 0
    with pytest.raises(NotYourTurn):
        GAME.apply(s, 2, play(40, "asc1"))


def test_a_seat_changes_a_piles_signal_at_most_once_per_turn():
    # the-game.md "Communication": one change per pile, per seat, per turn.
    s = table([[10, 20, 30], [60], [70]], deck=[80, 90])
    well = {"type": "signal", "pile": "desc2", "signal": "can-play-well"}
    clear = {"type": "signal", "pile": "desc2", "signal": None}
    s, _ = GAME.apply(s, 2, {"type": "signal", "pile": "desc2", "signal": "dont-play"})
    assert GAME.view(s, 0)["signalled"]["desc2"] == [False, False, True]
    for again in (well, clear):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, 2, again)
        assert exc.value.rule == RULE_SIGNAL_ONCE and "this turn" in exc.value.message
        assert again not in GAME.legal_actions(s, 2)
    sigs = [a for a in GAME.legal_actions(s, 2) if a["type"] == "signal"]
    assert len(sigs) == 6 and {a["pile"] for a in sigs} == {"asc1", "asc2", "desc1"}
    # Seat 0, the active player, may still change desc2 (its own once), then not again.
    s, _ = GAME.apply(s, 0, well)
    assert not any(a["type"] == "signal" and a["pile"] == "desc2" for a in GAME.legal_actions(s, 0))
    # Playing cards does not end the turn; ending it does: the signals may change again.
    s, _ = GAME.apply(s, 0, play(10, "asc1"))
    s, _ = GAME.apply(s, 0, play(20, "asc1"))
    with pytest.raises(IllegalAction):
        GAME.apply(s, 2, well)
    s, _ = GAME.apply(s, 0, END)
    assert s.turn == 1 and GAME.view(s, 2)["signalled"]["desc2"] == [False, False, False]
    s, _ = GAME.apply(s, 2, well)
    assert GAME.view(s, 0)["signals"]["desc2"] == ["can-play-well", None, "can-play-well"]


def test_signals_per_turn_are_bounded_by_seats_times_piles():
    # The bound that keeps a table's history finite: however a seat tries, a turn
    # holds at most one signal change per seat and pile.
    s = table([[10, 20, 30], [60], [70]], deck=[80, 90])
    changes = 0
    for _ in range(200):
        offered = [
            (seat, a)
            for seat in range(3)
            for a in GAME.legal_actions(s, seat)
            if a["type"] == "signal"
        ]
        if not offered:
            break
        seat, a = offered[changes % len(offered)]
        s, _ = GAME.apply(s, seat, a)
        changes += 1
    assert changes == 3 * 4


def test_nobody_signals_once_the_active_player_is_blocked():
    s = table([[50, 51], [60], [40]], piles=[(70,), (80,), (20,), (30,)], deck=[2, 3, 4])
    assert GAME.is_blocked(s)
    for seat in (0, None, 1, 2):
        assert GAME.view(s, seat)["signals_open"] is False
    assert GAME.legal_actions(s, 1) == GAME.legal_actions(s, 2) == []
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 1, {"type": "signal", "pile": "asc1", "signal": "dont-play"})
    assert exc.value.rule == RULE_SIGNAL_BLOCK
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, 0, {"type": "signal", "pile": "asc1", "signal": "dont-play"})
    assert exc.value.rule == RULE_BLOCK
    free = table([[50, 75], [60], [40]], piles=[(70,), (80,), (20,), (30,)], deck=[2, 3, 4])
    assert GAME.view(free, 1)["signals_open"] is True
    assert len(GAME.legal_actions(free, 1)) == 8


@pytest.mark.parametrize("seed", range(30))
def test_twins_keep_whether_the_active_player_is_blocked(seed):
    # Blocked or not is public now (no one may signal), so a twin for another seat
    # must agree on it; a blocked hand is dealt from cards that fit no pile.
    blocked = table([[50, 51], [60, 65], [40]], piles=[(70,), (80,), (20,), (30,)], deck=[2, 3])
    free = table([[50, 75], [60, 61], [40]], piles=[(70,), (80,), (20,), (30,)], deck=[2, 3])
    for state, want in ((blocked, True), (free, False)):
        for who in (1, 2, None):
            twin = GAME.shuffle_unknown(state, who, random.Random(seed))
            assert GAME.is_blocked(twin) is want
            assert GAME.view(twin, who) == GAME.view(state, who)
            assert sorted(c for z in GAME.zones(twin).values() for c in z) == sorted(
                c for z in GAME.zones(state).values() for c in z
            )


def test_each_seat_has_eight_signal_actions():
    s = GAME.setup(3, 9, {"start": 0})
    for seat in range(3):
        sigs = [a for a in GAME.legal_actions(s, seat) if a["type"] == "signal"]
        assert len(sigs) == 8


# ---------------------------------------------------------------- views
def _random_game(players, seed, steps):
    rng = random.Random(seed)
    state = GAME.setup(players, seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        legal = [a for a in GAME.legal_actions(state, state.turn) if a["type"] != "signal"]
        state, _ = GAME.apply(state, state.turn, rng.choice(legal))
    return state


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 5),
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 60),
    who=st.integers(-1, 4),
)
def test_views_hide_other_hands_and_the_draw_order(players, seed, steps, who):
    state = _random_game(players, seed, steps)
    seat = None if who < 0 or who >= players else who
    v = GAME.view(state, seat)
    hidden = set(state.deck)
    for s in range(players):
        if s != seat:
            hidden |= set(state.hands[s])
    shown = set(v["hand"]) | {c for p in v["piles"].values() for c in p}
    assert not shown & hidden
    assert v["hand"] == (list(state.hands[seat]) if seat is not None else [])
    assert v["deck"] == len(state.deck)
    twin = GAME.shuffle_unknown(state, seat, random.Random(seed))
    assert GAME.view(twin, seat) == v


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 5), seed=st.integers(0, 10**6), steps=st.integers(0, 200))
def test_cards_are_conserved(players, seed, steps):
    state = _random_game(players, seed, steps)
    placed = sorted(c for cards in GAME.zones(state).values() for c in cards)
    assert placed == list(CARDS)
    assert state.cards_left + sum(len(p) for p in state.piles) == 98


def test_view_fields():
    s = table([[10, 20], [30]], piles=[(5,), (), (), (90,)], deck=[50, 60], turn=1)
    v = GAME.view(s, 0)
    assert v["tops"] == {"asc1": 5, "asc2": 1, "desc1": 100, "desc2": 90}
    assert v["piles"]["asc1"] == [5] and v["hand"] == [10, 20]
    assert v["hand_sizes"] == [2, 1] and v["deck"] == 2 and v["turn"] == 1
    assert v["minimum"] == 2 and v["to_play"] == 2 and v["awaiting"] == [1]


# ---------------------------------------------------------------- notation
def test_notation_round_trips():
    for a in (
        play(37, "asc1"),
        END,
        BLOCK,
        {"type": "signal", "pile": "desc2", "signal": "can-play-well"},
        {"type": "signal", "pile": "asc2", "signal": None},
    ):
        assert GAME.parse_action(GAME.format_action(a)) == a


# ---------------------------------------------------------------- bots
def test_weighted_burn_matches_the_card_by_card_count():
    rng = random.Random(5)
    for _ in range(300):
        live = [0] * 102
        for c in range(2, 100):
            live[c] = int(rng.random() < 0.6)
        tops = [rng.randint(1, 60), rng.randint(1, 60), rng.randint(40, 100), rng.randint(40, 100)]
        for top in tops:
            live[top] = 0  # a top is a played card (or a marker), never live
        t = Table([], tops, live, 0, 0, 2, [[]] * 4, [None] * 4, dict(DEFAULTS))
        t.prefix()
        p, lo = rng.randrange(4), rng.randint(1, 98)
        hi = rng.randint(lo + 1, 100)
        assert _weighted(t, tops, p, lo, hi) == pytest.approx(_weighted_slow(t, tops, p, lo, hi))


def test_easy_bot_plays_the_nearest_card_and_only_the_minimum():
    s = table([[12, 40, 95], [2]], piles=[(10,), (30,), (), ()], deck=[3])
    bot = make_bot("easy", 1)
    a = bot.choose(GAME.view(s, 0), GAME.legal_actions(s, 0))
    assert a == play(12, "asc1")
    s = replace(s, played=2)
    assert bot.choose(GAME.view(s, 0), GAME.legal_actions(s, 0)) == END


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_take_a_backwards_trick_and_declare_a_block(level):
    s = table([[20, 77, 88], [2]], piles=[(30,), (40,), (60,), (70,)], deck=[3])
    bot = make_bot(level, 1)
    assert bot.choose(GAME.view(s, 0), GAME.legal_actions(s, 0)) == play(20, "asc1")
    blocked = table([[50], [2]], piles=[(70,), (80,), (20,), (30,)], deck=[3])
    assert bot.choose(GAME.view(blocked, 0), GAME.legal_actions(blocked, 0)) == BLOCK


def test_normal_bot_signals_a_pile_it_can_play_well_before_ending():
    s = table([[34, 80], [2, 3]], piles=[(31,), (60,), (50,), (90,)], deck=[4], played=2)
    bot = make_bot("normal", 1)
    a = bot.choose(GAME.view(s, 0), GAME.legal_actions(s, 0))
    assert a["type"] == "signal" and a["pile"] == "asc1" and a["signal"] == "dont-play"


def test_bots_respect_a_dont_play_signal():
    # Seat 1 asked to keep asc1; 45 costs the same on asc1 and asc2 otherwise.
    s = table([[45, 52, 97], [2]], piles=[(40,), (40,), (60,), (99,)], deck=[3])
    s = replace(s, signals=((None,) * 4, ("dont-play", None, None, None)))
    bot = make_bot("normal", 1)
    a = bot.choose(GAME.view(s, 0), GAME.legal_actions(s, 0))
    assert a["type"] == "play" and a["pile"] != "asc1"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("players", [1, 3, 5])
def test_bots_finish_games_with_legal_actions(level, players):
    state = GAME.setup(players, 21)
    bots = [make_bot(level, s) for s in range(players)]
    for _ in range(3000):
        if GAME.is_over(state):
            break
        legal = GAME.legal_actions(state, state.turn)
        action = bots[state.turn].choose(GAME.view(state, state.turn), legal)
        assert action in legal
        state, _ = GAME.apply(state, state.turn, action)
    assert GAME.is_over(state)
    assert GAME.result(state).scores[0] == state.cards_left


def test_state_type():
    assert isinstance(GAME.setup(1, 0), TheGameState)


# ---------------------------------------------------------------- legal from the view
def legal_everywhere(state) -> None:
    """``legal_from_view`` equals ``legal_actions`` for every seat and a spectator, on
    the view as it arrives over the wire (a JSON round trip)."""
    for who in [None, *range(state.players)]:
        view = json.loads(json.dumps(GAME.view(state, who)))
        expected = [] if who is None else GAME.legal_actions(state, who)
        assert GAME.legal_from_view(view) == expected, who


def test_legal_from_view_blocked_signalled_and_over():
    blocked = table([[50, 51], [60], [40]], piles=[(70,), (80,), (20,), (30,)], deck=[2, 3, 4])
    legal_everywhere(blocked)  # the active seat declares, nobody signals
    legal_everywhere(replace(blocked, played=2))  # the minimum played: not blocked
    legal_everywhere(replace(blocked, deck=()))
    s = table([[10, 20, 30, 85, 95], [60], [70]], deck=[80, 90], options={"expert": True})
    s, _ = GAME.apply(s, 2, {"type": "signal", "pile": "desc2", "signal": "dont-play"})
    s, _ = GAME.apply(s, 0, {"type": "signal", "pile": "asc1", "signal": "can-play-well"})
    legal_everywhere(s)  # signalled piles are left out
    s, _ = GAME.apply(s, 0, play(95, "asc1"))
    s, _ = GAME.apply(s, 0, play(85, "asc1"))  # the backwards trick
    legal_everywhere(s)
    s, _ = GAME.apply(s, 0, play(30, "desc1"))
    legal_everywhere(s)  # expert minimum reached: end-turn offered
    s, _ = GAME.apply(s, 0, END)
    legal_everywhere(s)
    over, _ = GAME.apply(blocked, 0, BLOCK)
    legal_everywhere(over)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 5), seed=st.integers(0, 10**6), expert=st.booleans())
def test_legal_from_view_equals_legal_actions_in_random_play(players, seed, expert):
    rng = random.Random(seed)
    state = GAME.setup(players, seed, {"expert": expert})
    for _ in range(300):
        legal_everywhere(state)
        if GAME.is_over(state):
            break
        seat = rng.randrange(players)
        legal = GAME.legal_actions(state, seat) or GAME.legal_actions(state, state.turn)
        seat = seat if GAME.legal_actions(state, seat) else state.turn
        state, _ = GAME.apply(state, seat, rng.choice(legal))


# ---------------------------------------------------------------- the fast path
def follow(state, rng, steps=100000):
    """Random play by any seat (signals come from everybody) through ``apply`` and the
    fast path side by side: the same legal codes for every seat, the same state digest
    at every step and the same outcome."""
    sim = GAME.simulation(state)
    for _ in range(steps):
        assert sim.is_over() == GAME.is_over(state)
        assert GAME.digest(sim.state()) == GAME.digest(state)
        if GAME.is_over(state):
            out = GAME.result(state)
            assert (sim.scores(), sim.winners()) == (out.scores, out.winners)
            break
        assert sim.awaiting() == (state.turn,)
        for seat in range(state.players):
            codes = [GAME.encode_action(a) for a in GAME.legal_actions(state, seat)]
            assert sorted(sim.legal(seat)) == sorted(codes), seat
        seat = rng.choice([s for s in range(state.players) if GAME.legal_actions(state, s)])
        action = rng.choice(GAME.legal_actions(state, seat))
        sim.play(seat, GAME.encode_action(action))
        state, _ = GAME.apply(state, seat, action)
    return state


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 5), seed=st.integers(0, 10**6), expert=st.booleans())
def test_the_fast_path_follows_whole_games(players, seed, expert):
    options = {"expert": expert, "smaller_hands": expert and seed % 2 == 0}
    follow(GAME.setup(players, seed, options), random.Random(seed))


def test_the_fast_path_wins_blocks_and_skips_empty_hands():
    win = table([[98, 99], []], piles=[tuple(range(2, 50)), (), tuple(range(97, 49, -1)), ()])
    sim = GAME.simulation(win)
    for card in (98, 99):  # the last two cards: a win
        sim.play(0, GAME.encode_action(play(card, "asc2")))
        win, _ = GAME.apply(win, 0, play(card, "asc2"))
    assert sim.is_over() and sim.winners() == (0, 1) and sim.scores() == (0, 0)
    assert GAME.digest(sim.state()) == GAME.digest(win) and GAME.result(win).winners == (0, 1)
    blocked = table([[50, 51], [60]], piles=[(70,), (80,), (20,), (30,)], deck=[2, 3, 4])
    end = follow(blocked, random.Random(2))
    assert GAME.result(end).reason == "blocked"
    skip = table([[10, 20], [], [30]], turn=0)
    sim = GAME.simulation(skip)
    sim.play(0, GAME.encode_action(play(10, "asc1")))
    sim.play(0, GAME.encode_action(END))
    assert sim.state().turn == 2  # the empty hand is skipped


def test_action_codes_round_trip_and_junk_is_refused():
    from engine.core import MalformedAction

    codes = set()
    for a in (
        [play(c, p) for c in CARDS for p in PILES]
        + [END, BLOCK]
        + [
            {"type": "signal", "pile": p, "signal": v}
            for p in PILES
            for v in (None, "dont-play", "can-play-well")
        ]
    ):
        code = GAME.encode_action(a)
        assert GAME.decode_action(code) == a
        codes.add(code)
    assert codes == set(range(98 * 4 + 2 + 12))
    for junk in (
        play(1, "asc1"),
        play(100, "asc1"),
        play(5, "up"),
        {"type": "signal", "pile": "asc1"},
        {"type": "x"},
    ):
        with pytest.raises(MalformedAction):
            GAME.encode_action(junk)
    for junk in (-1, 406, True, "1"):
        with pytest.raises(MalformedAction):
            GAME.decode_action(junk)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_choose_from_the_view_alone(level):
    # choose(view) computes the legal list with legal_from_view: the same choices as
    # with the host's list (the same seeds), and only legal ones.
    from engine import get_bot

    state = GAME.setup(3, 8)
    given = [get_bot(GAME.id, level, seed=s) for s in range(3)]
    alone = [get_bot(GAME.id, level, seed=s) for s in range(3)]
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = min(GAME.awaiting(state))
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        action = alone[seat].choose(view)
        assert action == given[seat].choose(view, legal) and action in legal
        state, _ = GAME.apply(state, seat, action)
