"""Sequence Numbers: a line of six or more completed at once (issue 35), as settled in
``shared/rules/sequence-numbers.md`` ("Settled where the seed is silent"): every chip
of the line is turned over (locked) and the line is one sequence (two from nine up,
sharing one space); a chip added later at the end of a sequence makes no new sequence
and stays removable. The Minus targets from the view equal the engine's, and the fast
path and the bots' board agree with the engine."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import IllegalAction, replace
from engine.sequence_numbers import GAME
from engine.sequence_numbers.bots import Board
from engine.sequence_numbers.data import BOARD
from engine.sequence_numbers.state import CORNERS, MINUS, PLUS, SIZE, new_sequences
from tests.engine.test_sequence_numbers import (
    add_card,
    chip,
    follow,
    legal_everywhere,
    line,
    sp,
    table,
)

STRAY = (8, 8)  # a chip of the line's colour off every line tested here


def cells(spaces) -> list[list[int]]:
    return [list(x) for x in spaces]


def complete(spaces, at, players=4, colour=0, seat=0, sequences=None, extra=()):
    """``colour``'s chips on ``spaces`` (corners left free) but ``at``, a chip of that
    colour on :data:`STRAY` and on ``extra``; ``seat`` plays an addition card for
    ``at`` there. Returns the new state and its events."""
    chips = {x: colour for x in [*spaces, *extra, STRAY] if x != at and sp(*x) not in CORNERS}
    card = add_card(BOARD[at[0]][at[1]])
    state = table(players, chips=chips, hand=[card], seat=seat, sequences=sequences)
    return chip(state, seat, card, *at)


def minus_targets(state, seat):
    """``seat``'s Minus targets as (row, col), with a Minus in hand and the turn."""
    chips = {divmod(x, SIZE): c for x, c in enumerate(state.chips) if c is not None}
    seqs = {
        k: [[divmod(x, SIZE) for x in ln] for ln in lines]
        for k, lines in enumerate(state.sequences)
    }
    table_ = table(state.players, chips=chips, hand=[MINUS], seat=seat, sequences=seqs)
    assert table_.locked() == state.locked()
    legal_everywhere(table_)  # legal_from_view equals legal_actions, Minus included
    legal = GAME.legal_actions(table_, seat)
    return table_, sorted((a["row"], a["col"]) for a in legal if a["card"] == MINUS)


def sequence_events(events):
    return [(e.public["spaces"], e.public["locked"]) for e in events if e.type == "sequence"]


# --------------------------------------------------------------------------- exact positions
def test_a_line_of_six_completed_in_the_middle_locks_all_six():
    row = line((6, 2), (0, 1), 6)  # (6,2)..(6,7), completed at (6,4)
    state, events = complete(row, (6, 4))
    assert not state.over and state.turn == 1
    assert state.sequences == ((tuple(sp(*x) for x in row),), ())
    assert sequence_events(events) == [(cells(row), cells(row))]
    assert state.locked() == {sp(*x) for x in row}
    view = GAME.view(state, 1)
    assert [[r, c] for r in range(SIZE) for c in range(SIZE) if view["locked"][r][c]] == cells(row)
    assert view["sequences"] == [[cells(row)], []]
    assert view["sequence_counts"] == [1, 0]
    # The opponent's Minus may take the stray chip only: none of the six.
    minus, targets = minus_targets(state, 1)
    assert targets == [STRAY]
    with pytest.raises(IllegalAction, match="completed sequence"):
        GAME.apply(minus, 1, {"type": "remove", "card": MINUS, "row": 6, "col": 7})


@pytest.mark.parametrize("at", [(6, 7), (6, 2)])
def test_a_line_of_six_completed_at_an_end_locks_all_six(at):
    row = line((6, 2), (0, 1), 6)
    state, events = complete(row, at)
    assert sequence_events(events) == [(cells(row), cells(row))]
    assert state.locked() == {sp(*x) for x in row}
    assert minus_targets(state, 1)[1] == [STRAY]


def test_a_line_of_six_on_a_diagonal_from_a_corner_locks_its_five_chips():
    diag = line((0, 0), (1, 1), 6)  # the free corner (0,0), then (1,1)..(5,5)
    state, events = complete(diag, (3, 3))
    assert sequence_events(events) == [(cells(diag), cells(diag[1:]))]
    assert state.locked() == {sp(*x) for x in diag[1:]}
    assert minus_targets(state, 1)[1] == [STRAY]


def test_a_line_of_seven_is_one_sequence_of_seven():
    col = line((1, 3), (1, 0), 7)  # column 3, rows 1..7, completed at (4,3)
    state, events = complete(col, (4, 3))
    assert not state.over and state.sequences[0] == (tuple(sp(*x) for x in col),)
    assert sequence_events(events) == [(cells(col), cells(col))]
    assert GAME.view(state, None)["sequence_counts"] == [1, 0]
    assert minus_targets(state, 1)[1] == [STRAY]


def test_a_line_of_nine_at_four_players_is_two_sequences_sharing_the_middle_chip():
    # sequence-numbers.md: a line of 6 or more is one sequence, read as the largest
    # set of sequences sharing at most one space: nine in a row are two, sharing the
    # middle chip, and two sequences win at 4 players. All nine chips are locked.
    anti = line((0, 8), (1, -1), 9)  # the anti-diagonal (0,8)..(8,0), completed at (4,4)
    state, events = complete(anti, (4, 4))
    assert state.over and GAME.result(state).winners == (0, 2)
    assert GAME.result(state).scores == (2, 0, 2, 0)
    assert (
        sequence_events(events)
        == [
            (cells(anti[:5]), cells(anti[:5])),  # (0,8)..(4,4): spaces in increasing order
            (cells(anti[4:]), cells(anti[4:])),  # (4,4)..(8,0)
        ]
    )
    assert state.locked() == {sp(*x) for x in anti}


def test_a_full_row_with_two_corners_is_two_sequences_and_locks_its_eight_chips():
    row = line((0, 0), (0, 1), 10)  # both free corners, chips on (0,1)..(0,8)
    state, events = complete(row, (0, 4))
    assert state.over and GAME.result(state).scores == (2, 0, 2, 0)
    assert sequence_events(events) == [
        (cells(row[:5]), cells(row[1:5])),
        (cells(row[4:]), cells(row[4:9])),  # the second grows to the far corner
    ]
    assert state.locked() == {sp(*x) for x in row[1:9]}


def test_a_chip_added_later_at_the_end_of_a_sequence_is_not_locked():
    row = line((6, 2), (0, 1), 6)
    done = {0: [row[:5]]}
    state, events = complete(row, (6, 7), sequences=done)
    assert sequence_events(events) == []
    assert state.sequences[0] == (tuple(sp(*x) for x in row[:5]),)
    assert sp(6, 7) not in state.locked()
    assert minus_targets(state, 1)[1] == [(6, 7), STRAY]


def test_a_second_sequence_shares_at_most_one_space_with_a_whole_line_of_six():
    row = line((3, 0), (0, 1), 10)
    done = {0: [row[:6]]}  # (3,0)..(3,5) completed at once: one sequence of six
    # (3,4)..(3,8) would share two spaces with it: no new sequence, (3,6)..(3,8) free.
    state, events = complete(row[:9], (3, 8), sequences=done)
    assert sequence_events(events) == [] and not state.over
    assert minus_targets(state, 1)[1] == [(3, 6), (3, 7), (3, 8), STRAY]
    # (3,5)..(3,9) shares one: the second sequence, and the win at 4 players.
    state, events = complete(row, (3, 9), sequences=done)
    assert state.over and state.winner == 0
    assert sequence_events(events) == [(cells(row[5:]), cells(row[5:]))]


def test_a_new_line_grows_up_to_one_space_of_an_earlier_sequence():
    row = line((3, 0), (0, 1), 10)
    done = {0: [row[:5]]}
    # (3,5)..(3,7) and (3,9) are there; (3,8) completes (3,4)..(3,8), sharing (3,4);
    # it grows to (3,9) but not back past the shared (3,4).
    state, events = complete(row, (3, 8), sequences=done)
    assert state.over and state.winner == 0
    assert sequence_events(events) == [(cells(row[4:]), cells(row[4:]))]
    assert state.sequences[0] == (
        tuple(sp(*x) for x in row[:5]),
        tuple(sp(*x) for x in row[4:]),
    )


def test_a_line_and_a_column_completed_by_one_chip_are_locked_whole():
    row = line((5, 1), (0, 1), 6)  # (5,1)..(5,6)
    col = line((1, 4), (1, 0), 7)  # (1,4)..(7,4), crossing the row at (5,4)
    state, events = complete(row, (5, 4), extra=col)
    assert state.over and state.winner == 0  # two sequences at once win at 4 players
    # Scan order: the column's first window starts at (1,4), before the row's.
    assert sequence_events(events) == [(cells(col), cells(col)), (cells(row), cells(row))]
    assert state.locked() == {sp(*x) for x in row + col}


def test_the_fast_path_and_the_bots_agree_on_whole_lines():
    cases = [
        (line((6, 2), (0, 1), 6), (6, 4), {}),
        (line((1, 3), (1, 0), 7), (4, 3), {}),
        (line((0, 8), (1, -1), 9), (4, 4), {}),
        (line((0, 0), (0, 1), 10), (0, 4), {}),
        (line((3, 0), (0, 1), 10), (3, 9), {0: [line((3, 0), (0, 1), 6)]}),
        (line((3, 0), (0, 1), 9), (3, 8), {0: [line((3, 0), (0, 1), 6)]}),
    ]
    for spaces, at, done in cases:
        chips = {x: 0 for x in spaces if x != at and sp(*x) not in CORNERS}
        card = add_card(BOARD[at[0]][at[1]])
        state = table(4, chips=chips, hand=[card], sequences=done)
        board = Board(GAME.view(state, 0))
        after, events = chip(state, 0, card, *at)
        made = len([e for e in events if e.type == "sequence"])
        assert board.completes(0, sp(*at)) == made, (spaces, at)
        play = {"type": "chip", "card": card, "row": at[0], "col": at[1]}
        end = follow(state, random.Random(1), steps=20, first=[play])
        assert end.sequences[0][: len(after.sequences[0])] == after.sequences[0]


def test_the_search_reads_whole_lines_from_the_view():
    # The hard bot's determinizer rebuilds the table from a seat's view alone: the same
    # line of six, all six locked, and both windows inside it closed to a new sequence.
    from engine.sequence_numbers.search import sim_from_view, unseen_faces
    from engine.sequence_numbers.state import WINDOW_INDEX

    row = line((6, 2), (0, 1), 6)
    state, _ = complete(row, (6, 4))
    view = GAME.view(state, 1)
    sim = sim_from_view(view, unseen_faces(view), random.Random(1))
    assert sim.state().sequences == state.sequences == ((tuple(sp(*x) for x in row),), ())
    assert sim.locked == set(state.locked()) == {sp(*x) for x in row}
    spaces = [sp(*x) for x in row]
    assert sim.inside == [[WINDOW_INDEX[tuple(spaces[:5])], WINDOW_INDEX[tuple(spaces[1:])]], []]


# --------------------------------------------------------------------------- properties
def run_through(chips, colour, space, dr, dc):
    """The spaces counting for ``colour`` in an unbroken line through ``space`` along
    (dr, dc), in increasing order (corners count)."""
    out = [space]
    for sign in (1, -1):
        r, c = divmod(space, SIZE)
        while True:
            r, c = r + sign * dr, c + sign * dc
            x = r * SIZE + c
            if not (0 <= r < SIZE and 0 <= c < SIZE) or not (x in CORNERS or chips[x] == colour):
                break
            out.append(x)
    return sorted(out)


@st.composite
def boards(draw):
    """A board with a line of 5..10 of colour 0 along a random direction, one space of
    it empty (the space a Plus then fills), random chips of both colours elsewhere."""
    dr, dc = draw(st.sampled_from([(0, 1), (1, 0), (1, 1), (1, -1)]))
    length = draw(st.integers(5, 10))
    starts = [
        (r, c)
        for r in range(SIZE)
        for c in range(SIZE)
        if 0 <= r + dr * (length - 1) < SIZE and 0 <= c + dc * (length - 1) < SIZE
    ]
    r0, c0 = draw(st.sampled_from(starts))
    spaces = [(r0 + dr * k) * SIZE + c0 + dc * k for k in range(length)]
    holes = [x for x in spaces if x not in CORNERS]
    at = draw(st.sampled_from(holes))
    chips = [None] * (SIZE * SIZE)
    for x in draw(st.sets(st.integers(0, 99), max_size=40)):
        chips[x] = 0
    for x in draw(st.sets(st.integers(0, 99), max_size=25)):
        chips[x] = 1
    for x in spaces:
        chips[x] = 0
    for x in CORNERS:
        chips[x] = None
    chips[at] = None
    return chips, at


@settings(max_examples=60, deadline=None)
@given(board=boards(), pick=st.randoms(use_true_random=False))
def test_every_chip_of_a_line_completed_at_once_is_locked_and_survives_any_minus(board, pick):
    grid, at = board
    chips = {divmod(x, SIZE): c for x, c in enumerate(grid) if c is not None}
    state = table(4, chips=chips, hand=[PLUS])
    after, events = chip(state, 0, PLUS, *divmod(at, SIZE))
    # Every direction with a new sequence locks its whole unbroken line through the
    # chip (no earlier sequences here, so nothing stops a line short).
    expected: set[int] = set()
    count = 0
    for dr, dc in [(0, 1), (1, 0), (1, 1), (1, -1)]:
        run = run_through(after.chips, 0, at, dr, dc)
        if len(run) >= 5:
            expected |= {x for x in run if x not in CORNERS}
            i = run.index(at)
            count += 2 if i >= 4 and len(run) - 1 - i >= 4 else 1
    assert after.locked() == expected
    assert len(after.sequences[0]) == count == len([e for e in events if e.type == "sequence"])
    assert new_sequences(after.chips, 0, at, ()) == after.sequences[0]
    # The fast path marks the same lines.
    sim = GAME.simulation(state)
    sim.play(
        0, GAME.encode_action({"type": "chip", "card": PLUS, "row": at // SIZE, "col": at % SIZE})
    )
    assert GAME.digest(sim.state()) == GAME.digest(after)
    if after.over:
        return
    # No Minus of the opponent's may take a locked chip; one of them, taken, leaves
    # every locked chip where it was.
    minus, targets = minus_targets(after, 1)
    assert not {sp(*x) for x in targets} & expected
    if targets:
        r, c = pick.choice(targets)
        later, _ = GAME.apply(minus, 1, {"type": "remove", "card": MINUS, "row": r, "col": c})
        assert all(later.chips[x] == 0 for x in expected)
        assert later.locked() == after.locked()


def test_views_say_which_chips_are_locked_over_the_wire():
    row = line((6, 2), (0, 1), 6)
    state, events = complete(row, (6, 4))
    for who in (None, 0, 1):
        view = json.loads(json.dumps(GAME.view(state, who)))
        locked = {(r, c) for r in range(SIZE) for c in range(SIZE) if view["locked"][r][c]}
        assert locked == set(row)
    assert replace(state, turn=1).locked() == state.locked()
