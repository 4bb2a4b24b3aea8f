"""tools/the_game_fork.py (issue 17): arm A replays exactly the game the tournament
plays on the same deal and seats; arm B differs only after the fork."""

from __future__ import annotations

from tools import the_game_fork as fork
from tools import tournament
from tools.tournament import Job, Spec

SEATS = (Spec.parse("hard:look=0"), Spec.parse("hard:look=0"))


def test_arm_a_is_the_tournaments_game():
    for deal in (5, 6):
        row = fork.play_deal(deal, list(SEATS), {"endgame": 30_000}, 0)
        record = tournament.play(Job(0, "the-game", deal, SEATS))
        assert row["a"] == (record["scores"][0], record["deck_left"])
        assert row["forked"] == (record["deck_left"] == 0)  # the draw pile ran out


def test_a_setting_that_changes_nothing_gives_equal_arms():
    row = fork.play_deal(5, list(SEATS), {"look_z": 1.0}, 3)
    assert row["a"] == row["b"]
    text = fork.report([row, row], "look_z=1.0")
    assert "paired B - A: cards left +0.00" in text


def test_an_unknown_setting_is_refused():
    try:
        fork.play_deal(5, list(SEATS), {"no_such_setting": 1}, 0)
    except KeyError as e:
        assert "no_such_setting" in str(e)
    else:
        raise AssertionError("an unknown setting must be refused")


def test_a_stored_fork_is_read_back(tmp_path):
    first = fork.play_deal(5, list(SEATS), {"endgame": 30_000}, 3, store=str(tmp_path))
    files = list(tmp_path.iterdir())
    assert [f.name for f in files] == ["hard:look=0,hard:look=0-5-3.pickle"]
    again = fork.play_deal(5, list(SEATS), {"endgame": 30_000}, 3, store=str(tmp_path))
    assert (again["a"], again["b"]) == (first["a"], first["b"])


def test_the_clairvoyant_value_sees_every_card():
    # The endgame tests' table: 50 then (the partner) 55 then 60 wins; it is seat 0's
    # turn with nothing played yet and the draw pile empty.
    from tests.engine.test_the_game_endgame import table

    assert fork.clairvoyant(table(), 1_000) == 0
    assert fork.clairvoyant(table(), 1) is None  # past its budget


def test_the_trace_bound_never_exceeds_what_was_played():
    # A clairvoyant pair can always do what the seats did, so its value is at most
    # the cards they left; on deal 5 the planners (look=0) leave 6 after the draw pile
    # ran out, and from a draw pile of 2 that is already the best possible.
    for deal in (5, 6):
        row = fork.trace_deal(deal, list(SEATS), [40, 2], 20_000)
        for value in row["bounds"].values():
            assert value is None or value <= row["left"]
    row = fork.trace_deal(5, list(SEATS), [2], 20_000)
    assert row["left"] == row["bounds"][2] == 6
    assert "1 deals solved, clairvoyant 6.00" in fork.report_trace([row], [2])
