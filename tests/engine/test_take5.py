"""Take 5 engine tests with the exact values of ``shared/rules/take5.md``.

Tables are built from a notation so the tests read like the rulebook::

    t = table("3 12 15 / 20 / 40 41 / 90", hands=["16 50", "7 95"])

``table`` places the four rows (first card first, ``/`` between rows), each seat's
hand, and optionally penalty piles, totals, choices and options; every other card
of the game's deck is undealt, so card conservation holds.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import get_game
from engine.core import BadSetup, IllegalAction, MalformedAction, NotYourTurn, freeze_options
from engine.core import new_rng
from engine.take5 import GAME, Take5State, bullheads
from engine.take5.state import BULLHEADS, row_cost, target_row


# --------------------------------------------------------------------------- notation
def cards(text: str) -> tuple[int, ...]:
    """``"3 12 15"`` → ``(3, 12, 15)``; ``""`` or ``"-"`` → ``()``."""
    return tuple(int(x) for x in text.replace(",", " ").split() if x != "-")


def table(
    rows: str,
    hands: list[str],
    penalty: list[str] | None = None,
    totals: list[int] | None = None,
    chosen: list[int | None] | None = None,
    options: dict | None = None,
    round: int = 1,
    seed: int = 0,
) -> Take5State:
    """A Take 5 state from notation (see the module docstring). The turn follows
    from the hand size (10 cards = turn 1)."""
    row_t = tuple(cards(r) for r in rows.split("/"))
    assert len(row_t) == 4 and all(row_t), "four non-empty rows"
    n = len(hands)
    hand_t = tuple(tuple(sorted(cards(h))) for h in hands)
    pen_t = tuple(tuple(sorted(cards(p))) for p in (penalty or ["-"] * n))
    opts = freeze_options(options, GAME.default_options)
    used = [c for part in (row_t, hand_t, pen_t) for z in part for c in z]
    assert len(used) == len(set(used)), "a card appears twice"
    deck = GAME.deck(n, opts)
    assert set(used) <= set(deck)
    return Take5State(
        players=n,
        options=opts,
        rng=new_rng(seed, "take5"),
        round=round,
        turn=11 - len(hand_t[0]),
        hands=hand_t,
        rows=row_t,
        chosen=tuple(chosen or [None] * n),
        pending=(),
        revealed=(),
        penalty=pen_t,
        totals=tuple(totals or [0] * n),
        undealt=tuple(c for c in deck if c not in used),
        last_round=(0,) * n,
    )


def play(state: Take5State, *moves: str) -> tuple[Take5State, list]:
    """Apply notated moves ``"0: choose 16"``, ``"1: take-row 2"`` in order; returns
    the final state and all events."""
    events: list = []
    for m in moves:
        seat, text = m.split(":")
        state, ev = GAME.apply(state, int(seat), GAME.parse_action(text.strip()))
        events += ev
    return state, events


def turn(state: Take5State, *choices: int) -> tuple[Take5State, list]:
    """Every seat chooses its card (seat 0 first): ``turn(t, 16, 7)``."""
    return play(state, *(f"{s}: choose {c}" for s, c in enumerate(choices)))


def conserved(state: Take5State) -> bool:
    placed = sorted(c for z in GAME.zones(state).values() for c in z)
    return placed == sorted(GAME.all_cards(state))


# --------------------------------------------------------------------------- components
def test_the_deck_totals_171_bullheads():
    assert sum(bullheads(c) for c in range(1, 105)) == 171
    assert sum(BULLHEADS) == 171


def test_each_bullhead_class():
    assert bullheads(55) == 7
    for c in (11, 22, 33, 44, 66, 77, 88, 99):
        assert bullheads(c) == 5, c
    for c in range(10, 101, 10):
        assert bullheads(c) == 3, c
    for c in (5, 15, 25, 35, 45, 65, 75, 85, 95):
        assert bullheads(c) == 2, c
    special = {55, 11, 22, 33, 44, 66, 77, 88, 99} | set(range(5, 101, 5))
    ones = [c for c in range(1, 105) if c not in special]
    assert len(ones) == 76 and all(bullheads(c) == 1 for c in ones)
    assert row_cost((55, 11, 10, 5, 1)) == 7 + 5 + 3 + 2 + 1


@pytest.mark.parametrize("players", [2, 4, 10])
def test_setup_deals_ten_each_and_four_rows(players):
    s = GAME.setup(players, 42)
    assert [len(h) for h in s.hands] == [10] * players
    assert [len(r) for r in s.rows] == [1, 1, 1, 1]
    assert len(s.undealt) == 104 - 10 * players - 4
    assert s.round == 1 and s.turn == 1 and s.totals == (0,) * players
    assert GAME.awaiting(s) == frozenset(range(players))
    assert conserved(s)


# --------------------------------------------------------------------------- placement
def test_closest_lower_row_end():
    t = table("3 12 / 20 / 40 41 / 90", hands=["25 95 42 13", "1 2 30 50"])
    assert target_row(t.rows, 25) == 1
    assert target_row(t.rows, 42) == 2
    assert target_row(t.rows, 95) == 3
    assert target_row(t.rows, 13) == 0
    assert target_row(t.rows, 19) == 0  # 12 is the highest end below 19
    assert target_row(t.rows, 2) is None  # lower than every end
    t, _ = turn(t, 25, 50)
    assert t.rows == ((3, 12), (20, 25), (40, 41, 50), (90,))
    assert t.hands == ((13, 42, 95), (1, 2, 30))
    assert t.penalty == ((), ())


def test_the_sixth_card_takes_the_five():
    t = table("3 12 14 15 17 / 20 / 40 / 90", hands=["18 60", "1 91"])
    t, events = turn(t, 18, 91)
    assert t.penalty[0] == (3, 12, 14, 15, 17)
    assert t.rows == ((18,), (20,), (40,), (90, 91))
    taken = [e for e in events if e.type == "move" and e.public["to"] == "penalty/0"]
    assert len(taken) == 1 and taken[0].public["cards"] == [3, 12, 14, 15, 17]
    # The taker alone is told the bullheads (penalty piles are private in play).
    assert taken[0].for_seat(0)["bullheads"] == 1 + 1 + 1 + 2 + 1
    assert "bullheads" not in taken[0].for_seat(1)
    assert GAME.view(t, 0)["own_bullheads"] == 6
    assert GAME.view(t, 1)["penalty_counts"] == [5, 0]
    assert GAME.view(t, 1)["own_penalty"] == []
    assert conserved(t)


def test_a_fifth_card_does_not_take():
    t = table("3 12 14 15 / 20 / 40 / 90", hands=["18 60", "1 91"])
    t, _ = turn(t, 18, 91)
    assert t.rows[0] == (3, 12, 14, 15, 18) and t.penalty == ((), ())


def test_the_reveal_resolves_lowest_first():
    # 26 is chosen first but 25 is lower, so 25 is the row's fifth and 26 its sixth.
    t = table("20 21 22 23 / 30 / 40 / 90", hands=["26 60", "25 61"])
    t, events = turn(t, 26, 25)
    assert t.rows[0] == (26,)
    assert t.penalty == ((20, 21, 22, 23, 25), ())
    reveal = [e for e in events if e.type == "reveal"]
    assert len(reveal) == 1 and reveal[0].public["cards"] == [[1, 25], [0, 26]]
    assert t.revealed == ((1, 25), (0, 26))


def test_lowest_first_with_three_players():
    t = table("10 / 20 / 30 / 40", hands=["23 60", "22 61", "41 62"])
    t, _ = turn(t, 23, 22, 41)
    assert t.rows == ((10,), (20, 22, 23), (30,), (40, 41))


def test_cards_stay_hidden_until_all_have_chosen():
    t = table("10 / 20 / 30 / 40", hands=["23 60", "22 61", "41 62"])
    t, events = play(t, "0: choose 23")
    assert t.rows == ((10,), (20,), (30,), (40,))  # nothing moves yet
    assert GAME.awaiting(t) == frozenset({1, 2})
    for seat in (1, 2, None):
        v = GAME.view(t, seat)
        assert v["phase"] == "choose" and v["awaiting"] == [1, 2]  # seat 0 has chosen
        assert "has_chosen" not in v  # derivable: a choosing seat is not awaited
        assert v["chosen"] is None and 23 not in _visible(v)
        assert v["revealed"] == []
        assert all(e.for_seat(seat) == {"type": "choose", "seat": 0} for e in events)
    assert GAME.view(t, 0)["chosen"] == 23
    assert events[0].for_seat(0)["card"] == 23


def test_a_choice_can_change_until_the_reveal():
    t = table("10 / 20 / 30 / 40", hands=["23 60", "22 61"])
    t, _ = play(t, "0: choose 23")
    assert {"type": "choose", "card": 23} not in GAME.legal_actions(t, 0)
    assert GAME.legal_actions(t, 0) == [{"type": "choose", "card": 60}]
    with pytest.raises(IllegalAction):
        GAME.apply(t, 0, {"type": "choose", "card": 23})  # already the choice
    with pytest.raises(IllegalAction):
        GAME.apply(t, 0, {"type": "choose", "card": 22})  # not in the hand
    t, _ = play(t, "0: choose 60", "1: choose 22")
    assert t.rows == ((10,), (20, 22), (30,), (40, 60))
    assert t.hands == ((23,), (61,))
    # After the reveal the turn is over: the next choice is a new turn's.
    assert t.turn == 10 and t.chosen == (None, None)


# --------------------------------------------------------------------------- too low
def test_a_too_low_card_waits_for_its_owner_only():
    t = table("10 / 20 / 30 / 40", hands=["5 60", "8 61", "50 62"])
    t, events = turn(t, 5, 8, 50)
    assert GAME.awaiting(t) == frozenset({0}) and t.row_choice == 0
    assert t.pending == ((5, 0), (8, 1), (50, 2))
    assert [e.public for e in events if e.type == "row-choice"] == [{"seat": 0, "card": 5}]
    assert GAME.legal_actions(t, 0) == [{"type": "take-row", "row": r} for r in range(4)]
    assert GAME.legal_actions(t, 1) == [] and GAME.legal_actions(t, 2) == []
    before = GAME.digest(t)
    for seat in (1, 2):
        for bad in ({"type": "take-row", "row": 0}, {"type": "choose", "card": 61}):
            with pytest.raises(NotYourTurn):
                GAME.apply(t, seat, bad)
    with pytest.raises(IllegalAction):
        GAME.apply(t, 0, {"type": "choose", "card": 60})
    assert GAME.digest(t) == before
    v = GAME.view(t, 1)
    assert v["phase"] == "row-choice" and v["row_choice"] == 0
    assert v["row_costs"] == [3, 3, 3, 3]


def test_the_row_choice_changes_where_later_cards_land():
    t = table("10 / 20 / 30 / 40 41 42", hands=["5 60", "8 61", "43 62"])
    t, _ = turn(t, 5, 8, 43)
    # Taking row 3 (40 41 42): 5 starts row 3, 8 follows it there, 43 goes to row 2.
    a, _ = play(t, "0: take-row 3")
    assert a.rows == ((10,), (20,), (30, 43), (5, 8))
    assert a.penalty == ((40, 41, 42), (), ())
    # Taking row 0 (10): 5 starts row 0, 8 follows it there, 43 goes after 42.
    b, _ = play(t, "0: take-row 0")
    assert b.rows == ((5, 8), (20,), (30,), (40, 41, 42, 43))
    assert b.penalty == ((10,), (), ())
    for s in (a, b):
        assert GAME.awaiting(s) == frozenset({0, 1, 2}) and s.pending == ()
        assert conserved(s)


def test_a_second_too_low_card_may_no_longer_be_too_low():
    t = table("10 / 20 / 30 / 40", hands=["3 60", "4 61"])
    t, _ = turn(t, 3, 4)
    t, _ = play(t, "0: take-row 2")
    assert t.rows == ((10,), (20,), (3, 4), (40,))  # 4 follows 3, no choice for seat 1
    assert t.penalty == ((30,), ())


def test_two_too_low_cards_choose_in_order():
    t = table("10 / 20 / 30 / 40", hands=["3 60", "2 61"])
    t, _ = turn(t, 3, 2)
    assert GAME.awaiting(t) == frozenset({1})  # 2 is the lowest: seat 1 first
    t, _ = play(t, "1: take-row 3")
    assert t.rows == ((10,), (20,), (30,), (2, 3))  # then 3 is no longer too low
    assert t.penalty == ((), (40,))


def test_legal_from_view_reads_the_seats_own_view():
    t = table("10 / 20 / 30 / 40", hands=["5 60", "8 61", "50 62"])
    t, _ = play(t, "1: choose 8")
    assert GAME.legal_from_view(GAME.view(t, 1)) == [{"type": "choose", "card": 61}]
    assert GAME.legal_from_view(GAME.view(t, 0)) == [
        {"type": "choose", "card": 5},
        {"type": "choose", "card": 60},
    ]
    t, _ = play(t, "0: choose 5", "2: choose 50")
    # 5 is too low: only its owner may act, and may take any of the 4 rows.
    assert GAME.legal_from_view(GAME.view(t, 0)) == [
        {"type": "take-row", "row": r} for r in range(4)
    ]
    assert GAME.legal_from_view(GAME.view(t, 1)) == []
    assert GAME.legal_from_view(GAME.view(t, None)) == []


def test_a_row_can_be_chosen_only_for_a_too_low_card():
    t = table("10 / 20 / 30 / 40", hands=["3 60", "2 61"])
    with pytest.raises(IllegalAction):
        GAME.apply(t, 0, {"type": "take-row", "row": 1})
    with pytest.raises(MalformedAction):
        GAME.apply(t, 0, {"type": "take-row", "row": 4})


# --------------------------------------------------------------------------- rounds
def test_round_scoring_adds_the_penalty_piles_to_the_totals():
    t = table("10 / 20 / 30 / 40", hands=["11", "12"], penalty=["55 1", "22 5"], totals=[30, 40])
    t, events = turn(t, 11, 12)
    end = [e.public for e in events if e.type == "round-end"]
    assert end == [{"round": 1, "bullheads": [8, 7], "totals": [38, 47]}]
    assert t.totals == (38, 47) and t.last_round == (8, 7)
    # The next round is dealt: fresh hands, rows, empty piles.
    assert t.round == 2 and t.turn == 1 and not t.over
    assert [len(h) for h in t.hands] == [10, 10] and t.penalty == ((), ())
    assert GAME.view(t, 1)["totals"] == [38, 47]
    assert conserved(t)


def test_the_game_does_not_end_at_exactly_66():
    t = table("10 / 20 / 30 / 40", hands=["11", "12"], penalty=["55 1 2", "-"], totals=[57, 0])
    t, _ = turn(t, 11, 12)
    assert t.totals == (66, 0) and not t.over and t.round == 2


def test_the_game_ends_at_a_total_more_than_66():
    t = table("10 / 20 / 30 / 40", hands=["11", "12"], penalty=["55 1 2 3", "-"], totals=[57, 0])
    t, events = turn(t, 11, 12)
    assert t.totals == (67, 0) and t.over
    out = GAME.result(t)
    assert out.winners == (1,) and out.scores == (67, 0)
    assert [e.public["winners"] for e in events if e.type == "game-end"] == [[1]]
    assert GAME.awaiting(t) == frozenset()
    assert GAME.view(t, 0)["phase"] == "over" and GAME.view(t, 0)["winners"] == [1]


def test_equal_lowest_totals_share_the_win():
    t = table(
        "10 / 20 / 30 / 40",
        hands=["11", "12", "13"],
        penalty=["55 1 2 3", "-", "-"],
        totals=[57, 20, 20],
    )
    t, _ = turn(t, 11, 12, 13)
    assert t.over and GAME.result(t).winners == (1, 2)
    assert GAME.result(t).scores == (67, 20, 20)


def test_threshold_option():
    t = table(
        "10 / 20 / 30 / 40",
        hands=["11", "12"],
        penalty=["55", "-"],
        totals=[3, 0],
        options={"threshold": 10},
    )
    t, _ = turn(t, 11, 12)
    assert t.totals == (10, 0) and not t.over
    t = table(
        "10 / 20 / 30 / 40",
        hands=["11", "12"],
        penalty=["55 1", "-"],
        totals=[3, 0],
        options={"threshold": 10},
    )
    t, _ = turn(t, 11, 12)
    assert t.totals == (11, 0) and t.over


def test_rounds_option_ends_after_that_many_rounds():
    t = table("10 / 20 / 30 / 40", hands=["11", "12"], options={"rounds": 1})
    t, _ = turn(t, 11, 12)
    assert t.over and t.round == 1 and GAME.result(t).reason == "rounds played"
    assert GAME.result(t).winners == (0, 1)  # nobody took anything
    t = table(
        "10 / 20 / 30 / 40",
        hands=["11", "12"],
        penalty=["55 1 2 3 4 5", "-"],
        totals=[100, 0],
        options={"rounds": 2},
    )
    t, _ = turn(t, 11, 12)
    assert not t.over and t.round == 2  # the threshold does not apply


def test_a_full_game_ends_with_a_total_over_66():
    s = GAME.setup(4, 11)
    rng = random.Random(11)
    while not s.over:
        seat = min(GAME.awaiting(s))
        legal = GAME.legal_actions(s, seat)
        s, _ = GAME.apply(s, seat, legal[rng.randrange(len(legal))])
    assert max(s.totals) > 66
    assert GAME.result(s).winners == tuple(i for i, t in enumerate(s.totals) if t == min(s.totals))


# --------------------------------------------------------------------------- variant
@pytest.mark.parametrize("players", range(2, 11))
def test_tactical_variant_uses_cards_to_10n_plus_4_all_dealt(players):
    s = GAME.setup(players, players, {"tactical": True})
    dealt = sorted(c for h in s.hands for c in h) + sorted(r[0] for r in s.rows)
    assert sorted(dealt) == list(range(1, 10 * players + 5))
    assert s.undealt == ()
    assert GAME.all_cards(s) == list(range(1, 10 * players + 5))
    assert conserved(s)


def test_tactical_variant_redeals_the_same_cards():
    t = table("1 / 2 / 3 / 4", hands=["5", "6"], options={"tactical": True})
    assert t.undealt == tuple(range(7, 25))
    t, _ = turn(t, 5, 6)
    assert t.round == 2 and t.undealt == ()
    assert sorted(c for z in GAME.zones(t).values() for c in z) == list(range(1, 25))


# --------------------------------------------------------------------------- set-up
@pytest.mark.parametrize("players", [1, 11, 0, -1])
def test_bad_player_counts_are_refused(players):
    with pytest.raises(BadSetup):
        GAME.setup(players, 0)


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"threshold": "66"},
        {"threshold": None},
        {"threshold": -1},
        {"rounds": 0},
        {"rounds": "2"},
        {"rounds": True},
        {"tactical": 1},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(BadSetup):
        GAME.setup(4, 0, options)


def test_two_and_ten_players_play_full_games():
    for players in (2, 10):
        s = GAME.setup(players, players)
        rng = random.Random(players)
        while not s.over:
            seat = rng.choice(sorted(GAME.awaiting(s)))
            legal = GAME.legal_actions(s, seat)
            s, _ = GAME.apply(s, seat, rng.choice(legal))
            assert conserved(s)
        assert len(GAME.result(s).scores) == players


def test_ten_players_use_every_card():
    s = GAME.setup(10, 3)
    assert s.undealt == () and conserved(s)


# --------------------------------------------------------------------------- views
VIEW_KEYS = {
    "game",
    "seat",
    "players",
    "round",
    "turn",
    "phase",
    "awaiting",
    "rows",
    "row_costs",
    "hand",
    "chosen",
    "hand_sizes",
    "revealed",
    "pending",
    "row_choice",
    "penalty_counts",
    "own_penalty",
    "own_bullheads",
    "totals",
    "last_round",
    "threshold",
    "rounds",
    "tactical",
    "over",
    "winners",
}


def test_the_view_shape_the_client_reads():
    s = GAME.setup(3, 5)
    for seat in (0, 2, None):
        v = GAME.view(s, seat)
        assert set(v) == VIEW_KEYS
        assert v["game"] == "take5" and v["seat"] == seat and v["players"] == 3
    assert GAME.view(s, None)["hand"] == []
    assert GAME.view(s, 1)["hand"] == list(s.hands[1])


def test_notation_round_trips():
    for a in ({"type": "choose", "card": 37}, {"type": "take-row", "row": 2}):
        assert GAME.parse_action(GAME.format_action(a)) == a
    with pytest.raises(MalformedAction):
        GAME.parse_action("play 3")


# --------------------------------------------------------------------------- a pinned game
def seeded_game(players: int, seed: int, options: dict | None = None):
    """A random game driven by ``random.Random(seed)``: the final state and the actions."""
    rng = random.Random(seed)
    s = GAME.setup(players, seed, options or {})
    actions = []
    while not GAME.is_over(s):
        waiting = sorted(GAME.awaiting(s))
        seat = waiting[rng.randrange(len(waiting))]
        legal = GAME.legal_actions(s, seat)
        action = legal[rng.randrange(len(legal))]
        s, _ = GAME.apply(s, seat, action)
        actions.append((seat, action))
    return s, actions


@pytest.mark.parametrize(
    "players, seed, options, digest, totals, rounds, steps",
    [
        (
            4,
            2026,
            None,
            "f84d77422319f4113658356f5cbd551d332ed2e06c2efc1518828ce657a08e89",
            (48, 15, 67, 78),
            4,
            186,
        ),
        (
            10,
            7,
            None,
            "d5c3938328016fe2fbb8c90a908c14c142385802e61d78e79ff9a832c076e1da",
            (49, 46, 35, 53, 90, 34, 29, 56, 35, 26),
            3,
            328,
        ),
        (
            3,
            5,
            {"tactical": True},
            "8a175a30acc76f4dfe0c4ffcbb0a6fd829dd0c7f2ed8fe6e4a28590faadb461f",
            (51, 74, 65),
            5,
            176,
        ),
    ],
)
def test_a_seeded_game_is_pinned(players, seed, options, digest, totals, rounds, steps):
    """Pinned before any speed work: optimisations must not change a single game."""
    s, actions = seeded_game(players, seed, options)
    assert GAME.digest(s) == digest
    assert s.totals == totals and s.round == rounds and len(actions) == steps


@pytest.mark.parametrize(
    "players, seed, options, digest",
    [
        (4, 2026, None, "2021d00c4a7092ed1075fb201173b11147a25270ae498add327c4cef318bfd37"),
        (10, 7, None, "ff54a3104382095d8421f930b459a4408fe7cd43fbae3030e25eb9f3f6cf0906"),
        (
            3,
            5,
            {"tactical": True},
            "03a5109f839aee39c29382fc0aab71d2cf42df788ba7a0f9e53973228271b91b",
        ),
    ],
)
def test_a_seeded_games_events_are_pinned(players, seed, options, digest):
    """Every event as each seat and a spectator sees it, pinned before the speed work."""
    _, actions = seeded_game(players, seed, options)
    s = GAME.setup(players, seed, options or {})
    h = hashlib.sha256()
    for seat, action in actions:
        s, events = GAME.apply(s, seat, action)
        for e in events:
            for who in [None, *range(players)]:
                h.update(repr(sorted(e.for_seat(who).items())).encode())
    assert h.hexdigest() == digest


# --------------------------------------------------------------------------- properties
def _visible(v: dict) -> set[int]:
    out = set(v["hand"]) | set(v["own_penalty"])
    out |= {c for r in v["rows"] for c in r}
    out |= {c for _, c in v["revealed"]} | {c for c, _ in v["pending"]}
    if v["chosen"] is not None:
        out.add(v["chosen"])
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 10), seed=st.integers(0, 2**31), tactical=st.booleans(), data=st.data()
)
def test_random_games_keep_the_invariants(players, seed, tactical, data):
    """Cards are conserved; a view holds no card of another hand (so no unrevealed
    choice) nor of the undealt pile; the replay is identical."""
    game = get_game("take5")
    s = game.setup(players, seed, {"tactical": tactical, "rounds": 1})
    start = s
    actions = []
    while not s.over:
        assert conserved(s)
        if data.draw(st.booleans(), label="check views"):
            for seat in [None, *range(players)]:
                v = game.view(s, seat)
                assert json.loads(json.dumps(v)) == v
                seen = _visible(v)
                hidden = set(s.undealt)
                for other in range(players):
                    if other != seat:
                        hidden |= set(s.hands[other])
                assert not seen & hidden
        waiting = sorted(game.awaiting(s))
        seat = data.draw(st.sampled_from(waiting), label="seat")
        action = data.draw(st.sampled_from(game.legal_actions(s, seat)), label="action")
        s, _ = game.apply(s, seat, action)
        actions.append((seat, action))
    assert conserved(s)
    again = start
    for seat, action in actions:
        again, _ = game.apply(again, seat, action)
    assert game.digest(again) == game.digest(s)
    assert game.digest(
        game.setup(players, seed, {"tactical": tactical, "rounds": 1})
    ) == game.digest(start)


def test_the_fast_check_keeps_the_contract_order():
    """``Take5.check`` refuses exactly as :meth:`engine.core.Game.check` does."""
    from engine.core import Game, RuleError

    def refusal(check, state, seat, action):
        try:
            check(state, seat, action)
        except RuleError as exc:
            return type(exc), exc.message
        return None

    over = table("10 / 20 / 30 / 40", hands=["11", "12"], penalty=["55 1 2 3", "-"], totals=[60, 0])
    over, _ = turn(over, 11, 12)
    low = table("10 / 20 / 30 / 40", hands=["5 60", "8 61"])
    low, _ = turn(low, 5, 8)
    states = [GAME.setup(3, 1), low, over]
    actions = [
        None,
        "x",
        {},
        {"type": 3},
        {"type": "play"},
        {"type": "choose"},
        {"type": "choose", "card": True},
        {"type": "choose", "card": 0},
        {"type": "choose", "card": 60},
        {"type": "take-row", "row": 1},
        {"type": "take-row", "row": 9},
        {"type": ["choose"]},
    ]
    for s in states:
        actions += GAME.legal_actions(s, 0)[:2]
        for seat in (0, 1, 2, 7):
            for a in actions:
                assert refusal(GAME.check, s, seat, a) == refusal(
                    lambda *x: Game.check(GAME, *x), s, seat, a
                ), (seat, a)
