"""Sequence Numbers, as in ``shared/rules/sequence-numbers.md``: the generated board
and deck, the turn (dead card, equation / Plus / Minus, draw, reshuffle), sequences,
teams and the goal."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import BadSetup, IllegalAction, replace
from engine.sequence_numbers import GAME
from engine.sequence_numbers.data import BOARD, DECK
from engine.sequence_numbers.state import (
    ANSWER,
    CORNERS,
    MINUS,
    NUMBER,
    PLUS,
    SIZE,
    SPACES_OF,
    WINDOWS,
    sort_hand,
)
from tools import gen_sequence_numbers


# --------------------------------------------------------------------------- helpers
def sp(row: int, col: int) -> int:
    return row * SIZE + col


def add_card(n: int) -> str:
    """The addition card whose answer is ``n``."""
    return next(c for c in DECK if "+" in c and ANSWER[c] == n)


def sub_card(n: int) -> str:
    return next(c for c in DECK if "-" in c and ANSWER[c] == n)


def table(
    players: int = 2,
    seed: int = 1,
    chips: dict | None = None,
    hand=(),
    seat: int = 0,
    sequences: dict | None = None,
    **options,
):
    """A table after set-up with ``chips`` ({(row, col): colour}) on the board, ``hand``
    (card faces) in ``seat``'s hand (the rest of the deal goes back into the deck, so
    the 100 cards stay conserved), ``sequences`` ({colour: [[(r, c), ...], ...]}: each a
    line of five or more) already completed, and ``seat`` to act."""
    state = GAME.setup(players, seed, options)
    grid = [None] * SIZE * SIZE
    for (r, c), colour in (chips or {}).items():
        grid[sp(r, c)] = colour
    deck = list(state.deck)
    hands = [list(h) for h in state.hands]
    deck += hands[seat]
    hands[seat] = []
    for card in hand:
        if card in deck:
            deck.remove(card)
        else:
            owner = next(s for s, h in enumerate(hands) if card in h)
            hands[owner].remove(card)
            hands[owner].append(deck.pop(0))
        hands[seat].append(card)
    while len(hands[seat]) < len(state.hands[seat]):
        hands[seat].append(deck.pop(0))
    seqs = list(state.sequences)
    for colour, lines in (sequences or {}).items():
        seqs[colour] = tuple(tuple(sorted(sp(r, c) for r, c in line)) for line in lines)
    return replace(
        state,
        chips=tuple(grid),
        deck=tuple(deck),
        sequences=tuple(seqs),
        hands=tuple(sort_hand(h) for h in hands),
        turn=seat,
    )


def chip(state, seat, card, row, col):
    return GAME.apply(state, seat, {"type": "chip", "card": card, "row": row, "col": col})


def line(start, step, length=5):
    (r, c), (dr, dc) = start, step
    return [(r + dr * k, c + dc * k) for k in range(length)]


def place_last(line_spaces, colour=0, players=2, **kw):
    """Chips of ``colour`` on all of ``line_spaces`` but the last (corners left free);
    the seat to act holds an addition card for the last space and plays it there."""
    *first, last = line_spaces
    chips = {x: colour for x in first if sp(*x) not in CORNERS}
    card = add_card(BOARD[last[0]][last[1]])
    state = table(players, chips=chips, hand=[card], **kw)
    return chip(state, 0, card, *last)


# --------------------------------------------------------------------------- data
def test_board_has_free_corners_and_every_answer_twice():
    assert len(BOARD) == 10 and all(len(row) == 10 for row in BOARD)
    assert [BOARD[r][c] for r, c in [(0, 0), (0, 9), (9, 0), (9, 9)]] == [0, 0, 0, 0]
    counts = Counter(n for row in BOARD for n in row if n)
    assert sorted(counts) == list(range(1, 49))
    assert set(counts.values()) == {2}
    assert sum(1 for row in BOARD for n in row if n == 0) == 4


def test_the_two_spaces_of_a_number_are_never_within_one_five_in_a_row():
    for n in range(1, 49):
        a, b = SPACES_OF[n]
        assert not any(a in w and b in w for w in WINDOWS), n
    assert len(WINDOWS) == 60 + 60 + 36 + 36


def test_deck_has_100_cards_one_addition_and_one_subtraction_per_answer():
    assert len(DECK) == 100
    assert DECK.count("plus") == 2 and DECK.count("minus") == 2
    equations = [c for c in DECK if c not in (PLUS, MINUS)]
    assert len(equations) == 96 and len(set(equations)) == 96
    board_numbers = {n for row in BOARD for n in row if n}
    adds = Counter(ANSWER[c] for c in equations if "+" in c)
    subs = Counter(ANSWER[c] for c in equations if "-" in c)
    assert adds == subs == Counter(range(1, 49))
    for c in equations:
        a, b = (int(x) for x in c.replace("+", " ").replace("-", " ").split())
        assert a >= 0 and b >= 0
        if "-" in c:
            assert a <= 60 and a - b == ANSWER[c]
        else:
            assert a + b == ANSWER[c]
        assert ANSWER[c] in board_numbers


def test_generator_reproduces_the_committed_module_exactly():
    text = gen_sequence_numbers.render()
    assert gen_sequence_numbers.OUTPUT.read_text(encoding="utf-8") == text
    assert gen_sequence_numbers.main(["--check"]) == 0


# --------------------------------------------------------------------------- set-up
def test_five_players_are_refused_with_the_reason():
    with pytest.raises(BadSetup) as err:
        GAME.setup(5, 1)
    assert "5" in err.value.message and "alternat" in err.value.message
    assert "2, 3, 4 or 6" in err.value.message
    for n in (1, 7):
        with pytest.raises(BadSetup):
            GAME.setup(n, 1)


@pytest.mark.parametrize(
    "players, options, colours, hand, needed",
    [
        (2, {}, (0, 1), 5, 1),
        (3, {}, (0, 1, 2), 5, 1),
        (4, {}, (0, 1, 0, 1), 4, 2),
        (6, {}, (0, 1, 0, 1, 0, 1), 4, 2),
        (6, {"teams": 2}, (0, 1, 0, 1, 0, 1), 4, 2),
        (6, {"teams": 3}, (0, 1, 2, 0, 1, 2), 4, 2),
    ],
)
def test_team_seating_hands_and_goal(players, options, colours, hand, needed):
    state = GAME.setup(players, 7, options)
    assert state.colours == colours
    assert [len(h) for h in state.hands] == [hand] * players
    assert len(state.deck) == 100 - hand * players
    assert state.needed == needed and state.turn == 0
    assert GAME.awaiting(state) == {0}


@pytest.mark.parametrize("players, teams", [(2, 1), (3, 2), (4, 3), (4, 4), (6, 6), (6, 1)])
def test_impossible_team_splits_are_refused(players, teams):
    with pytest.raises(BadSetup):
        GAME.setup(players, 1, {"teams": teams})


# --------------------------------------------------------------------------- sequences
@pytest.mark.parametrize(
    "start, step",
    [
        ((2, 1), (0, 1)),  # row
        ((1, 6), (1, 0)),  # column
        ((3, 2), (1, 1)),  # diagonal
        ((2, 7), (1, -1)),  # anti-diagonal
    ],
)
def test_five_in_a_row_in_every_direction_wins_with_two_players(start, step):
    spaces = line(start, step)
    state, events = place_last(spaces)
    assert state.over and state.winner == 0
    assert GAME.result(state).winners == (0,)
    assert GAME.result(state).scores == (1, 0)
    seq = [e for e in events if e.type == "sequence"]
    assert len(seq) == 1 and seq[0].public["spaces"] == [list(x) for x in spaces]
    assert state.locked() == {sp(*x) for x in spaces}


def test_four_in_a_row_is_not_a_sequence():
    state, _ = place_last(line((2, 1), (0, 1), 4))
    assert not state.over and state.sequences == ((), ())


def test_a_free_corner_counts_for_every_colour():
    for colour, start, step in [(0, (0, 0), (0, 1)), (1, (0, 0), (1, 0)), (1, (9, 9), (-1, -1))]:
        spaces = line(start, step)
        seat = colour
        *first, last = spaces
        chips = {x: colour for x in first if sp(*x) not in CORNERS}
        assert len(chips) == 3
        card = add_card(BOARD[last[0]][last[1]])
        state = table(2, chips=chips, hand=[card], seat=seat)
        state, _ = chip(state, seat, card, *last)
        assert state.over and state.winner == colour
        assert sp(*start) not in state.locked()


def test_a_chip_of_another_colour_breaks_the_line():
    spaces = line((4, 0), (0, 1))
    *first, last = spaces
    chips = {x: 0 for x in first}
    chips[first[2]] = 1
    card = add_card(BOARD[last[0]][last[1]])
    state, _ = chip(table(2, chips=chips, hand=[card]), 0, card, *last)
    assert not state.over


def test_second_sequence_sharing_one_space_counts_and_wins_with_four_players():
    first = line((1, 0), (0, 1))  # row 1, cols 0-4
    second = line((1, 4), (1, 0))  # column 4 from the shared (1, 4)
    chips = {x: 0 for x in first + second[1:-1]}
    card = add_card(BOARD[5][4])
    state = table(4, chips=chips, hand=[card], sequences={0: [first]})
    state, events = chip(state, 0, card, 5, 4)
    assert state.over and state.winner == 0
    assert GAME.result(state).winners == (0, 2)
    assert GAME.result(state).scores == (2, 0, 2, 0)
    assert [e.public["spaces"] for e in events if e.type == "sequence"] == [
        [list(x) for x in second]
    ]


def test_second_sequence_sharing_two_spaces_does_not_count():
    first = line((1, 0), (0, 1))  # cols 0-4
    second = line((1, 3), (0, 1))  # cols 3-7 share (1,3) and (1,4)
    chips = {x: 0 for x in first + second[:-1]}
    card = add_card(BOARD[1][7])
    state = table(4, chips=chips, hand=[card], sequences={0: [first]})
    state, events = chip(state, 0, card, 1, 7)
    assert not state.over
    assert not [e for e in events if e.type == "sequence"]
    assert len(state.sequences[0]) == 1


def test_two_sequences_sharing_a_corner_count():
    first = line((0, 0), (0, 1))
    second = line((0, 0), (1, 0))
    chips = {x: 0 for x in first[1:] + second[1:-1]}
    card = add_card(BOARD[4][0])
    state = table(4, chips=chips, hand=[card], sequences={0: [first]})
    state, _ = chip(state, 0, card, 4, 0)
    assert state.over and state.winner == 0


def test_a_line_of_six_is_one_sequence():
    row = line((6, 2), (0, 1), 6)  # cols 2-7, filled at col 4
    chips = {x: 0 for x in row if x != (6, 4)}
    card = add_card(BOARD[6][4])
    state, events = chip(table(4, chips=chips, hand=[card]), 0, card, 6, 4)
    assert not state.over
    assert [e.public["spaces"] for e in events if e.type == "sequence"] == [
        [list(x) for x in row]
    ]  # the whole line, not five of it (more in test_sequence_numbers_lines.py)
    assert state.locked() == {sp(*x) for x in row}


def test_a_line_of_nine_filled_in_the_middle_is_two_sequences():
    row = line((3, 0), (0, 1), 9)  # cols 0-8, filled at col 4
    chips = {x: 0 for x in row if x != (3, 4)}
    card = add_card(BOARD[3][4])
    state, events = chip(table(4, chips=chips, hand=[card]), 0, card, 3, 4)
    assert state.over and state.winner == 0
    assert [e.public["spaces"] for e in events if e.type == "sequence"] == [
        [list(x) for x in row[:5]],
        [list(x) for x in row[4:]],
    ]
    assert state.locked() == {sp(*x) for x in row}


def test_one_sequence_does_not_win_with_four_or_six_players():
    for players, options in [(4, {}), (6, {}), (6, {"teams": 3})]:
        state, _ = place_last(line((2, 1), (0, 1)), players=players, **options)
        assert not state.over and len(state.sequences[0]) == 1 and state.turn == 1


def test_one_sequence_wins_with_three_players():
    spaces = line((8, 1), (0, 1))
    *first, last = spaces
    card = add_card(BOARD[8][5])
    state = table(3, chips={x: 2 for x in first}, hand=[card], seat=2)
    state, _ = chip(state, 2, card, 8, 5)
    assert state.over and GAME.result(state).winners == (2,)


# --------------------------------------------------------------------------- cards
def test_an_equation_places_a_chip_on_a_space_showing_its_answer():
    n = BOARD[4][4]
    card = sub_card(n)
    state = table(2, hand=[card])
    other = next(x for x in SPACES_OF[n] if x != sp(4, 4))
    legal = [a for a in GAME.legal_actions(state, 0) if a["card"] == card]
    assert sorted((a["row"], a["col"]) for a in legal) == sorted([(4, 4), divmod(other, SIZE)])
    wrong = next(c for c in range(SIZE) if BOARD[4][c] != n)
    with pytest.raises(IllegalAction, match="shows"):
        chip(state, 0, card, 4, wrong)
    new, events = chip(state, 0, card, 4, 4)
    assert new.chips[sp(4, 4)] == 0 and new.discards[0] == (card,)
    assert len(new.hands[0]) == 5 and len(new.deck) == len(state.deck) - 1
    assert new.turn == 1
    covered = table(2, chips={(4, 4): 1}, hand=[card])
    with pytest.raises(IllegalAction, match="covered"):
        chip(covered, 0, card, 4, 4)


def test_plus_places_anywhere_uncovered_but_not_on_a_corner():
    state = table(2, chips={(5, 5): 1}, hand=[PLUS])
    for r, c in [(0, 0), (0, 9), (9, 0), (9, 9)]:
        with pytest.raises(IllegalAction, match="corner"):
            chip(state, 0, PLUS, r, c)
    with pytest.raises(IllegalAction, match="covered"):
        chip(state, 0, PLUS, 5, 5)
    targets = [(a["row"], a["col"]) for a in GAME.legal_actions(state, 0) if a["card"] == PLUS]
    assert len(targets) == 95
    new, _ = chip(state, 0, PLUS, 3, 8)
    assert new.chips[sp(3, 8)] == 0


def test_minus_removes_an_opponent_chip_and_places_none():
    state = table(2, chips={(5, 5): 1, (2, 2): 0}, hand=[MINUS])
    legal = [a for a in GAME.legal_actions(state, 0) if a["card"] == MINUS]
    assert legal == [{"type": "remove", "card": MINUS, "row": 5, "col": 5}]
    with pytest.raises(IllegalAction, match="own colour"):
        GAME.apply(state, 0, {"type": "remove", "card": MINUS, "row": 2, "col": 2})
    with pytest.raises(IllegalAction, match="no chip"):
        GAME.apply(state, 0, {"type": "remove", "card": MINUS, "row": 3, "col": 3})
    with pytest.raises(IllegalAction, match="places none"):
        chip(state, 0, MINUS, 3, 3)
    new, events = GAME.apply(state, 0, legal[0])
    assert new.chips[sp(5, 5)] is None and new.chips[sp(2, 2)] == 0
    assert sum(c is not None for c in new.chips) == 1
    assert new.turn == 1 and new.discards[0] == (MINUS,)


def test_minus_on_a_chip_of_a_completed_sequence_is_refused():
    seq = line((7, 1), (0, 1))
    chips = {x: 1 for x in seq}
    chips[(2, 2)] = 1
    state = table(2, chips=chips, hand=[MINUS], sequences={1: [seq]})
    with pytest.raises(IllegalAction, match="completed sequence"):
        GAME.apply(state, 0, {"type": "remove", "card": MINUS, "row": 7, "col": 3})
    legal = [a for a in GAME.legal_actions(state, 0) if a["card"] == MINUS]
    assert legal == [{"type": "remove", "card": MINUS, "row": 2, "col": 2}]


def test_teammates_chips_cannot_be_removed():
    state = table(4, chips={(5, 5): 0, (6, 6): 1}, hand=[MINUS])
    legal = [a for a in GAME.legal_actions(state, 0) if a["card"] == MINUS]
    assert legal == [{"type": "remove", "card": MINUS, "row": 6, "col": 6}]


def test_a_dead_card_is_traded_in_once_per_turn():
    n, m = BOARD[1][1], BOARD[2][2]
    a, b = SPACES_OF[n]
    c, d = SPACES_OF[m]
    chips = {divmod(a, SIZE): 0, divmod(b, SIZE): 1, divmod(c, SIZE): 1, divmod(d, SIZE): 1}
    dead1, dead2 = add_card(n), sub_card(m)
    state = table(2, chips=chips, hand=[dead1, dead2])
    view = GAME.view(state, 0)
    assert sorted(view["dead"]) == sorted([dead1, dead2])
    legal = GAME.legal_actions(state, 0)
    assert {x["card"] for x in legal if x["type"] == "dead"} == {dead1, dead2}
    assert not [x for x in legal if x["type"] == "chip" and x["card"] in (dead1, dead2)]
    top = state.deck[-1]
    new, events = GAME.apply(state, 0, {"type": "dead", "card": dead1})
    assert dead1 not in new.hands[0] and top in new.hands[0] and len(new.hands[0]) == 5
    assert new.discards[0] == (dead1,) and new.turn == 0 and new.dead_used
    assert [e.type for e in events][:1] == ["dead"]
    with pytest.raises(IllegalAction, match="once per turn"):
        GAME.apply(new, 0, {"type": "dead", "card": dead2})
    assert not [x for x in GAME.legal_actions(new, 0) if x["type"] == "dead"]
    live = add_card(BOARD[3][3])
    state = table(2, hand=[live])
    with pytest.raises(IllegalAction, match="not dead"):
        GAME.apply(state, 0, {"type": "dead", "card": live})


def test_a_player_who_cannot_play_discards_and_draws():
    hand = []
    chips = {}
    for n in (1, 2, 3, 4, 5):
        hand.append(add_card(n))
        for x in SPACES_OF[n]:
            chips[divmod(x, SIZE)] = 1
    state = table(2, chips=chips, hand=hand)
    state = replace(state, dead_used=True)
    legal = GAME.legal_actions(state, 0)
    assert {a["type"] for a in legal} == {"discard"} and len(legal) == 5
    new, _ = GAME.apply(state, 0, legal[0])
    assert new.turn == 1 and len(new.hands[0]) == 5 and new.discards[0] == (hand[0],)
    live = table(2, hand=[add_card(9)])
    with pytest.raises(IllegalAction, match="can still play"):
        GAME.apply(live, 0, {"type": "discard", "card": add_card(9)})


def test_the_discards_are_reshuffled_when_the_deck_runs_out():
    card = add_card(BOARD[4][4])
    state = table(2, hand=[card])
    rest = state.deck
    state = replace(state, deck=(), discards=(rest[:50], rest[50:]))
    new, events = chip(state, 0, card, 4, 4)
    assert new.reshuffles == 1 and sum(len(d) for d in new.discards) == 0
    assert len(new.deck) == len(rest) + 1 - 1 and len(new.hands[0]) == 5
    assert "reshuffle" in [e.type for e in events]
    limited = replace(state, options=(("reshuffles", 0), ("teams", None)))
    new, _ = chip(limited, 0, card, 4, 4)
    assert new.over and GAME.result(new).winners == ()
    assert GAME.result(new).reason.startswith("the cards ran out")


def test_eight_reshuffles_then_the_next_empty_deck_is_a_draw():
    # sequence-numbers.md house rule: the discards become a new deck 8 times (the
    # default); when the deck runs out after the 8th, nobody has won: a draw.
    card = add_card(BOARD[4][4])
    state = table(2, hand=[card])
    rest = state.deck
    empty = replace(state, deck=(), discards=(rest[:50], rest[50:]))
    assert dict(state.options)["reshuffles"] == 8
    eighth, events = chip(replace(empty, reshuffles=7), 0, card, 4, 4)
    assert not eighth.over and eighth.reshuffles == 8 and eighth.turn == 1
    assert [e.public["reshuffles"] for e in events if e.type == "reshuffle"] == [8]
    assert GAME.view(eighth, 1)["reshuffles"] == 8
    assert GAME.view(eighth, 1)["reshuffle_limit"] == 8
    ninth, events = chip(replace(empty, reshuffles=8), 0, card, 4, 4)
    assert ninth.over and ninth.reshuffles == 8
    out = GAME.result(ninth)
    assert out.winners == () and out.scores == (0, 0)
    assert out.reason == "the cards ran out: a draw"
    assert not [e for e in events if e.type == "reshuffle"]
    assert [e.type for e in events][-1] == "game-end"
    assert GAME.view(ninth, None)["draw"] is True
    # A dead card's replacement draw meets the same limit.
    n = BOARD[1][1]
    dead = add_card(n)
    chips = {divmod(x, SIZE): 1 for x in SPACES_OF[n]}
    stuck = table(2, chips=chips, hand=[dead])
    stuck = replace(stuck, deck=(), discards=(stuck.deck, ()), reshuffles=8)
    over, _ = GAME.apply(stuck, 0, {"type": "dead", "card": dead})
    assert over.over and GAME.result(over).winners == ()
    # reshuffles=None: no limit.
    free = replace(empty, options=(("reshuffles", None), ("teams", None)), reshuffles=100)
    new, _ = chip(free, 0, card, 4, 4)
    assert not new.over and new.reshuffles == 101


# --------------------------------------------------------------------------- views
def test_views_hide_other_hands_and_the_deck_order():
    state = GAME.setup(4, 3)
    v = GAME.view(state, 1)
    assert v["hand"] == list(state.hands[1]) and v["hand_sizes"] == [4, 4, 4, 4]
    assert v["deck_size"] == 84 and v["colours"] == [0, 1, 0, 1] and v["colour"] == 1
    text = repr(v)
    for s in (0, 2, 3):
        assert all(f"'{c}'" not in text for c in state.hands[s] if c not in state.hands[1])
    assert "deck" not in v
    spectator = GAME.view(state, None)
    assert spectator["hand"] == [] and spectator["colour"] is None


def test_a_partner_hand_is_hidden_too_and_draws_are_private():
    state = GAME.setup(4, 11)
    twin = GAME.shuffle_unknown(state, 0, random.Random(2))
    assert twin.hands[0] == state.hands[0] and twin.hands[2] != state.hands[2]
    assert GAME.view(twin, 0) == GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    _, events = GAME.apply(state, 0, next(a for a in legal if a["type"] == "chip"))
    draw = next(e for e in events if e.type == "move" and e.public["to"] == "hand/0")
    assert "cards" in draw.for_seat(0)
    assert all("cards" not in draw.for_seat(s) for s in (None, 1, 2, 3))


def test_notation_round_trips():
    for a in [
        {"type": "chip", "card": "12+7", "row": 3, "col": 4},
        {"type": "remove", "card": "minus", "row": 0, "col": 9},
        {"type": "dead", "card": "30-11"},
        {"type": "discard", "card": "plus"},
    ]:
        assert GAME.parse_action(GAME.format_action(a)) == a


# --------------------------------------------------------------------------- invariants
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 4, 6]))
def test_locked_chips_stay_and_hands_refill(seed, players):
    rng = random.Random(seed)
    state = GAME.setup(players, seed)
    size = 5 if players <= 3 else 4
    while not state.over:
        seat = state.turn
        assert len(state.hands[seat]) == size
        locked = state.locked()
        before = sum(len(s) for s in state.sequences)
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert all(state.chips[x] is not None for x in locked)
        assert sum(len(s) for s in state.sequences) >= before
    assert state.winner is None or len(state.sequences[state.winner]) >= state.needed
    assert all(NUMBER[x] == 0 for x in CORNERS)


def test_second_sequence_wins_for_three_teams_of_two():
    first = line((0, 0), (0, 1))
    second = line((0, 0), (1, 1))  # the diagonal from the shared corner
    chips = {x: 2 for x in first[1:] + second[1:-1]}
    card = add_card(BOARD[4][4])
    state = table(6, chips=chips, hand=[card], seat=5, sequences={2: [first]}, teams=3)
    state, _ = chip(state, 5, card, 4, 4)
    assert state.over and GAME.result(state).winners == (2, 5)
    assert GAME.result(state).scores == (0, 0, 2, 0, 0, 2)


def test_a_stalled_three_colour_game_ends_when_the_cards_run_out():
    rng = random.Random(5)
    state = GAME.setup(6, 5, {"teams": 3, "reshuffles": 1})
    steps = 0
    while not state.over:
        seat = state.turn
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        steps += 1
    assert steps < 4000 and state.reshuffles <= 1
    out = GAME.result(state)
    assert out.winners or out.reason == "the cards ran out: a draw"


# --------------------------------------------------------------------------- legal from the view
def legal_everywhere(state) -> None:
    """``legal_from_view`` equals ``legal_actions`` for every seat and a spectator, on
    the view as it arrives over the wire (a JSON round trip)."""
    for who in [None, *range(state.players)]:
        view = json.loads(json.dumps(GAME.view(state, who)))
        expected = [] if who is None else GAME.legal_actions(state, who)
        assert GAME.legal_from_view(view) == expected, who


def test_legal_from_view_with_dead_cards_plus_minus_and_locked_chips():
    seq = line((7, 1), (0, 1))
    chips = {x: 1 for x in seq}
    chips[(2, 2)] = 1
    chips[(3, 3)] = 0
    n = BOARD[1][1]
    for x in SPACES_OF[n]:
        chips[divmod(x, SIZE)] = 1
    state = table(
        2, chips=chips, hand=[MINUS, PLUS, add_card(n), sub_card(9)], sequences={1: [seq]}
    )
    legal_everywhere(state)
    legal_everywhere(replace(state, dead_used=True))
    legal_everywhere(table(4, chips={(5, 5): 0, (6, 6): 1}, hand=[MINUS], seat=2))
    hand, stuck = [], {}
    for k in (1, 2, 3, 4, 5):
        hand.append(add_card(k))
        for x in SPACES_OF[k]:
            stuck[divmod(x, SIZE)] = 1
    legal_everywhere(table(2, chips=stuck, hand=hand))  # dead cards or a discard
    legal_everywhere(replace(table(2, chips=stuck, hand=hand), dead_used=True))
    over, _ = place_last(line((2, 1), (0, 1)))
    legal_everywhere(over)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.sampled_from([2, 3, 4, 6]))
def test_legal_from_view_equals_legal_actions_in_random_play(seed, players):
    rng = random.Random(seed)
    state = GAME.setup(players, seed, {"teams": 3} if players == 6 and seed % 2 else {})
    while not state.over:
        legal_everywhere(state)
        state, _ = GAME.apply(state, state.turn, rng.choice(GAME.legal_actions(state, state.turn)))
    legal_everywhere(state)


# --------------------------------------------------------------------------- the fast path
def follow(state, rng, steps: int = 100000, first=()):
    """Play ``first`` (action dicts), then random actions, through ``apply`` and the
    fast path side by side: the same legal codes, state digest at every step, and the
    same outcome. Returns the main path's final state."""
    sim = GAME.simulation(state)
    plan = list(first)
    for _ in range(steps):
        assert sim.is_over() == GAME.is_over(state)
        assert GAME.digest(sim.state()) == GAME.digest(state)
        if state.over:
            out = GAME.result(state)
            assert (sim.scores(), sim.winners()) == (out.scores, out.winners)
            break
        assert sim.awaiting() == (state.turn,)
        legal = GAME.legal_actions(state, state.turn)
        codes = [GAME.encode_action(a) for a in legal]
        assert sorted(sim.legal(state.turn)) == sorted(codes)
        assert [GAME.decode_action(c) for c in codes] == legal
        action = plan.pop(0) if plan else rng.choice(legal)
        sim.play(state.turn, GAME.encode_action(action))
        state, _ = GAME.apply(state, state.turn, action)
    return state


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 2**31),
    setup=st.sampled_from(
        [(2, {}), (3, {}), (4, {}), (6, {}), (6, {"teams": 3}), (2, {"reshuffles": 0})]
    ),
)
def test_the_fast_path_follows_whole_games(seed, setup):
    players, options = setup
    follow(GAME.setup(players, seed, options), random.Random(seed))


def test_the_fast_path_marks_the_same_sequences_and_reshuffles_the_same_way():
    row = line((3, 0), (0, 1), 9)
    chips = {x: 0 for x in row if x != (3, 4)}
    card = add_card(BOARD[3][4])
    end = follow(
        table(4, chips=chips, hand=[card]),
        random.Random(1),
        first=[{"type": "chip", "card": card, "row": 3, "col": 4}],
    )
    assert end.over and len(end.sequences[0]) == 2  # a line of nine: two sequences
    state = table(2, hand=[card])
    rest = state.deck
    for reshuffles, limit in [(0, 8), (7, 8), (8, 8), (3, None)]:
        empty = replace(
            state,
            deck=(),
            discards=(rest[:50], rest[50:]),
            reshuffles=reshuffles,
            options=(("reshuffles", limit), ("teams", None)),
        )
        follow(empty, random.Random(reshuffles), 300)


def test_action_codes_round_trip_and_junk_is_refused():
    from engine.core import MalformedAction

    for a in [
        {"type": "chip", "card": "17+2", "row": 3, "col": 4},
        {"type": "remove", "card": "minus", "row": 9, "col": 9},
        {"type": "dead", "card": "50-2"},
        {"type": "discard", "card": "plus"},
    ]:
        assert GAME.decode_action(GAME.encode_action(a)) == a
    for junk in [
        {"type": "chip", "card": "12+8", "row": 3, "col": 4},
        {"type": "chip", "card": "plus", "row": 10, "col": 4},
        {"type": "chip", "card": "plus"},
        {"type": "nothing", "card": "plus"},
        "chip",
    ]:
        with pytest.raises(MalformedAction):
            GAME.encode_action(junk)
    for junk in [-1, 4 * 9800, "5", True, None]:
        with pytest.raises(MalformedAction):
            GAME.decode_action(junk)


# --------------------------------------------------------------------------- bots
def bot_choice(level, state, seat=0):
    from engine import get_bot

    bot = get_bot("sequence-numbers", level, seed=1)
    return bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_complete_a_sequence(level):
    spaces = line((2, 1), (0, 1))
    card = add_card(BOARD[2][5])
    state = table(2, chips={x: 0 for x in spaces[:-1]}, hand=[card, PLUS])
    a = bot_choice(level, state)
    assert a["type"] == "chip" and (a["row"], a["col"]) == (2, 5)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_block_an_opponent_four_and_trade_dead_cards(level):
    spaces = line((5, 2), (0, 1))
    card = sub_card(BOARD[5][6])
    state = table(2, chips={x: 1 for x in spaces[:-1]}, hand=[card])
    a = bot_choice(level, state)
    assert a == {"type": "chip", "card": card, "row": 5, "col": 6}
    n = BOARD[7][7]
    dead = add_card(n)
    chips = {divmod(x, SIZE): 1 for x in SPACES_OF[n]}
    assert bot_choice(level, table(2, chips=chips, hand=[dead])) == {"type": "dead", "card": dead}


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_keep_plus_and_minus_when_nothing_is_at_stake(level):
    state = table(2, chips={(4, 4): 1}, hand=[PLUS, MINUS, add_card(BOARD[6][6])])
    a = bot_choice(level, state)
    assert a["card"] not in (PLUS, MINUS)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_break_a_four_with_minus_when_they_cannot_cover_it(level):
    spaces = line((8, 1), (0, 1))
    chips = {x: 1 for x in spaces[:-1]}
    far = next(
        c
        for c in DECK
        if ANSWER[c]
        and all(sp_ // SIZE < 5 for sp_ in SPACES_OF[ANSWER[c]])
        and ANSWER[c] != BOARD[8][5]
    )
    state = table(2, chips=chips, hand=[MINUS, far])
    a = bot_choice(level, state)
    assert a["type"] == "remove" and (a["row"], a["col"]) in spaces[:-1]


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_choose_from_the_view_alone(level):
    # choose(view) computes the legal list with legal_from_view: the same choices as
    # with the host's list (the same seeds), and only legal ones.
    from engine import get_bot

    state = GAME.setup(2, 8)
    given = [get_bot(GAME.id, level, seed=s) for s in range(2)]
    alone = [get_bot(GAME.id, level, seed=s) for s in range(2)]
    for _ in range(200):
        if GAME.is_over(state):
            break
        seat = min(GAME.awaiting(state))
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        action = alone[seat].choose(view)
        assert action == given[seat].choose(view, legal) and action in legal
        state, _ = GAME.apply(state, seat, action)
