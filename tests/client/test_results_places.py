"""The results screen's places: equal scores share a place (take5.md: equal lowest
totals share the win; a tie further down is a tie too)."""

from client.scenes.results import places


def test_tied_totals_share_a_place():
    rows = [
        ("Bot 4", "0 bullheads", True),
        ("Bot 2", "15 bullheads", False),
        ("You", "21 bullheads", False),
        ("Bot 3", "21 bullheads", False),
    ]
    assert places(rows) == [1, 2, 3, 3]


def test_shared_win_and_the_next_place_skips():
    rows = [
        ("A", "3 bullheads", True),
        ("B", "3 bullheads", True),
        ("C", "9 bullheads", False),
    ]
    assert places(rows) == [1, 1, 3]


def test_same_text_but_only_one_winner_is_not_a_tie():
    rows = [("A", "5 pts · 1 mission", True), ("B", "5 pts · 1 mission", False)]
    assert places(rows) == [1, 2]


def test_no_rows():
    assert places([]) == []
