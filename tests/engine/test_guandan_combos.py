"""Guandan combinations (guandan.md "Card order", "Wild cards", "Combinations"):
readings of card sets, comparisons, and the enumeration of plays."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import MalformedAction
from engine.guandan import combos as cb
from engine.guandan.cards import (
    BJ_RANK,
    RJ_RANK,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    parse_hands,
)


def R(text: str, level: int = 2):
    """Readings of notated cards at ``level``."""
    return cb.readings(parse_cards(text), level)


def beats(new, last, level=2):
    """``new``/``last`` are (combo, rank, size)."""
    return cb.beats(new[0], new[1], new[2], last, level)


# --------------------------------------------------------------------------- notation
def test_notation_round_trips_and_copies():
    assert parse_cards("7H 7H") == [parse_card("7H"), parse_card("7H'")]
    assert parse_card("7H'") == parse_card("7H") + 54
    assert format_cards(parse_cards("10S TS BJ RJ AD")) == "10S 10S' BJ RJ AD"
    assert [format_card(c) for c in range(108)] == [format_card(c) for c in range(54)] + [
        format_card(c) + "'" for c in range(54)
    ]
    assert parse_card("2S") == 0 and parse_card("AD") == 51
    assert parse_card("BJ") == 52 and parse_card("RJ") == 53


def test_notation_refuses_junk_and_third_copies():
    for bad in ["1X", "ZZ", "11S", "", "15H"]:
        with pytest.raises(MalformedAction):
            parse_cards(bad or "?")
    with pytest.raises(MalformedAction):
        parse_cards("9S 9S 9S")
    assert parse_hands(["9S", "9S"]) == [[parse_card("9S")], [parse_card("9S'")]]


# --------------------------------------------------------------------------- readings
def test_two_wilds_and_three_nines_read_as_bomb_and_full_house():
    assert R("7H 7H 9S 9C 9D", level=7) == [("full-house", 9), ("bomb", 9)]


def test_the_same_cards_at_another_level_are_nothing():
    assert R("7H 7H 9S 9C 9D", level=2) == [("full-house", 9)]


def test_a_lone_wild_is_a_level_rank_single():
    assert R("7H", level=7) == [("single", 7)]


def test_two_wilds_alone_are_a_level_pair():
    assert R("7H 7H", level=7) == [("pair", 7)]


def test_wild_with_a_card_is_a_pair_of_that_card():
    assert R("7H 9S", level=7) == [("pair", 9)]
    assert R("7H 9S 9D", level=7) == [("triple", 9)]
    assert R("7H 7S", level=7) == [("pair", 7)]


def test_a_wild_never_stands_for_a_joker():
    assert R("7H BJ", level=7) == []
    assert R("7H BJ BJ", level=7) == []


def test_black_and_red_joker_are_not_a_pair():
    assert R("BJ RJ") == []
    assert R("BJ BJ") == [("pair", BJ_RANK)]
    assert R("RJ RJ") == [("pair", RJ_RANK)]


def test_four_jokers():
    assert R("BJ BJ RJ RJ") == [("four-jokers", RJ_RANK)]
    assert R("BJ BJ RJ") == []
    assert R("BJ RJ RJ 9S 9C") == []


def test_a_low_straight_is_the_lowest_and_ten_to_ace_the_highest():
    assert R("AS 2C 3D 4S 5H", level=9) == [("straight", 5)]
    assert R("10S JC QD KS AH", level=9) == [("straight", 14)]
    assert not beats(("straight", 5, 5), ("straight", 6, 5))
    assert beats(("straight", 6, 5), ("straight", 5, 5))
    assert beats(("straight", 14, 5), ("straight", 13, 5))


def test_no_wrap_around():
    assert R("KS AC 2D 3S 4H", level=9) == []
    assert R("QS KC AD 2S 3H", level=9) == []


def test_straights_are_exactly_five_cards():
    assert R("3S 4C 5D 6S", level=9) == []
    assert R("3S 4C 5D 6S 7H 8C", level=9) == []


def test_no_joker_in_a_sequence():
    assert R("3S 4C 5D 6S BJ", level=9) == []
    assert R("3S 3C 4D 4S BJ BJ", level=9) == []


def test_the_level_rank_keeps_its_natural_place_in_a_straight():
    assert R("5S 6C 7D 8S 9C", level=7) == [("straight", 9)]
    assert R("8S 9C 10D JS 7C", level=7) == [("straight", 11)]  # 7-8-9-10-J
    assert R("JS QC KD AS 7C", level=7) == []  # the level rank is not above A


def test_a_wild_fills_a_straight_in_every_window():
    assert R("2S 3C 4D 5S 9H", level=9) == [("straight", 5), ("straight", 6)]


def test_five_of_one_suit_are_a_straight_flush_only():
    assert R("3S 4S 5S 6S 7S", level=9) == [("straight-flush", 7)]


def test_a_wild_makes_both_a_straight_and_a_straight_flush():
    assert R("2H 3S 4S 5S 6S", level=2) == [
        ("straight", 6),
        ("straight", 7),
        ("straight-flush", 6),
        ("straight-flush", 7),
    ]


def test_consecutive_pairs_exactly_three():
    assert R("5S 5C 6S 6D 7H 7C") == [("consecutive-pairs", 7)]
    assert R("AS AC 2S 2D 3H 3C", level=9) == [("consecutive-pairs", 3)]
    assert R("QS QC KS KD AH AC", level=9) == [("consecutive-pairs", 14)]
    assert R("KS KC AS AD 2H 2C", level=9) == []
    assert R("5S 5C 6S 6D 7H 7C 8S 8C") == []


def test_consecutive_triples_exactly_two():
    assert R("8S 8C 8D 9S 9C 9D") == [("consecutive-triples", 9)]
    assert R("AS AC AD 2S 2C 2D", level=9) == [("consecutive-triples", 2)]
    assert R("KS KC KD AS AC AD", level=9) == [("consecutive-triples", 14)]
    assert R("8S 8C 8D 9S 9C 9D 10S 10C 10D") == []


def test_triple_with_a_single_and_airplanes_are_refused():
    assert R("9S 9C 9D 4S") == []
    assert R("8S 8C 8D 9S 9C 9D 3S 4S") == []


def test_full_house_with_identical_jokers_but_not_mixed():
    assert R("9S 9C 9D BJ BJ") == [("full-house", 9)]
    assert R("9S 9C 9D RJ RJ") == [("full-house", 9)]
    assert R("9S 9C 9D BJ RJ") == []


def test_full_house_readings_with_a_wild():
    # 9 9 W 4 4 : three 9s and a pair of 4s, or three 4s and a pair of 9s
    assert R("9S 9C 4S 4D 2H", level=2) == [("full-house", 4), ("full-house", 9)]


def test_bombs_of_natural_and_wild_cards():
    assert R("9S 9C 9D 9H") == [("bomb", 9)]
    assert R("9S 9S 9C 9C 9D 9D 9H 9H 2H 2H", level=2) == [("bomb", 9)]


# --------------------------------------------------------------------------- comparing
def test_card_order_for_singles():
    lv = 7
    assert beats(("single", 7, 1), ("single", 14, 1), lv)  # level rank above A
    assert beats(("single", BJ_RANK, 1), ("single", 7, 1), lv)
    assert beats(("single", RJ_RANK, 1), ("single", BJ_RANK, 1), lv)
    assert not beats(("single", 14, 1), ("single", 7, 1), lv)
    assert not beats(("single", 9, 1), ("single", 9, 1), lv)


def test_pairs_and_full_houses_by_card_order():
    assert beats(("pair", 2, 2), ("pair", 14, 2), level=2)
    assert beats(("full-house", 3, 5), ("full-house", 14, 5), level=3)
    assert not beats(("straight", 9, 5), ("full-house", 3, 5))
    assert not beats(("pair", 9, 2), ("single", 3, 1))


def test_sequences_compare_naturally_even_at_the_level_rank():
    assert beats(("straight", 8, 5), ("straight", 7, 5), level=8)
    assert not beats(("straight", 7, 5), ("straight", 8, 5), level=7)
    assert beats(("consecutive-pairs", 14, 6), ("consecutive-pairs", 13, 6), level=14)


def test_bomb_order():
    b4, b5, b6 = ("bomb", 2, 4), ("bomb", 2, 5), ("bomb", 2, 6)
    sf = ("straight-flush", 14, 5)
    assert beats(b5, ("bomb", 14, 4)) and beats(sf, ("bomb", 2, 5)) and beats(b6, sf)
    assert not beats(("bomb", 14, 4), b5) and not beats(sf, b6)
    assert not beats(("bomb", 14, 5), ("straight-flush", 5, 5))
    assert beats(("bomb", 14, 10), ("bomb", 14, 9))
    assert beats(("four-jokers", RJ_RANK, 4), ("bomb", 14, 10))
    assert not beats(("bomb", 14, 10), ("four-jokers", RJ_RANK, 4))
    assert beats(b4, ("straight", 14, 5)) and beats(b4, ("single", RJ_RANK, 1))


def test_equal_size_bombs_by_card_order_the_level_rank_highest():
    assert beats(("bomb", 7, 4), ("bomb", 14, 4), level=7)
    assert not beats(("bomb", 14, 4), ("bomb", 7, 4), level=7)
    assert not beats(("bomb", 9, 4), ("bomb", 9, 4))


def test_equal_straight_flushes_do_not_beat_each_other():
    assert not beats(("straight-flush", 9, 5), ("straight-flush", 9, 5))
    assert beats(("straight-flush", 10, 5), ("straight-flush", 9, 5))


# --------------------------------------------------------------------------- enumeration
def _keys(plays):
    return [(format_cards(p["cards"]), p["combo"], p["rank"]) for p in plays]


def test_every_lead_from_two_wilds_and_three_nines():
    hand = parse_cards("7H 7H 9S 9C 9D")
    got = cb.plays(hand, 7)
    assert len(got) == 24
    counts = {}
    for p in got:
        counts[p["combo"]] = counts.get(p["combo"], 0) + 1
    assert counts == {"single": 4, "pair": 7, "triple": 7, "full-house": 1, "bomb": 5}
    mine = {(tuple(p["cards"]), p["combo"], p["rank"]) for p in got}
    assert (tuple(sorted(hand)), "bomb", 9) in mine
    assert (tuple(sorted(hand)), "full-house", 9) in mine


def test_identical_copies_give_one_play():
    hand = parse_cards("9S 9S")
    assert _keys(cb.plays(hand, 2)) == [("9S", "single", 9), ("9S 9S'", "pair", 9)]
    assert not cb.is_canonical([parse_card("9S'")], hand)
    assert cb.is_canonical([parse_card("9S'")], parse_cards("9S'"))


def test_following_a_pair_lists_higher_pairs_and_bombs_only():
    hand = parse_cards("3S 3C 9S 9D KS KC KD KH 2H")
    got = cb.plays(hand, 2, ("pair", 9, 2))
    shapes = sorted((p["combo"], p["rank"], len(p["cards"])) for p in got)
    # six natural pairs of kings and four king + wild (2H at level 2); four-card bombs:
    # the four kings and four with three kings and the wild; one five-card bomb.
    assert shapes == [("bomb", 13, 4)] * 5 + [("bomb", 13, 5)] + [("pair", 13, 2)] * 10
    assert ("KS KC", "pair", 13) in _keys(got)
    assert ("3S 3C", "pair", 3) not in _keys(got)


def test_following_a_bomb_lists_stronger_bombs_only():
    hand = parse_cards("3S 3C 3D 3H 3S 9S 9D 9C 9H BJ BJ RJ RJ")
    got = _keys(cb.plays(hand, 2, ("bomb", 9, 4)))
    assert got == [("3S 3H 3C 3D 3S'", "bomb", 3), ("BJ RJ BJ' RJ'", "four-jokers", 17)]


def test_straight_flushes_come_between_five_and_six_card_bombs():
    hand = parse_cards("3S 4S 5S 6S 7S 9S 9S 9C 9C 9D 9H")
    got = [p["combo"] + str(len(p["cards"])) for p in cb.plays(hand, 2, ("bomb", 14, 4))]
    assert got == ["bomb5", "bomb5", "bomb5", "bomb5", "straight-flush5", "bomb6"]


def _exhaustive(hand, level):
    """Every canonical subset's readings (brute force, for small hands)."""
    out = set()
    for k in range(1, min(10, len(hand)) + 1):
        for sub in itertools.combinations(sorted(hand), k):
            if cb.is_canonical(sub, hand):
                out |= {(sub, c, r) for c, r in cb.readings(sub, level)}
    return out


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), level=st.integers(2, 14))
def test_enumeration_matches_brute_force_readings(seed, level):
    rng = random.Random(seed)
    lo = rng.randrange(1, 14)
    ranks = {((r - 2) % 13) + 2 for r in range(lo, lo + rng.randrange(2, 6))}
    pool = [c for c in range(108) if c % 54 < 52 and (c % 54) // 4 + 2 in ranks]
    hand = set(rng.sample(pool, min(len(pool), rng.randrange(6, 11))))
    wf = (level - 2) * 4 + 1
    hand |= set(rng.sample([wf, wf + 54, 52, 106, 53, 107], rng.randrange(0, 4)))
    hand = sorted(hand)
    got = {(tuple(p["cards"]), p["combo"], p["rank"]) for p in cb.plays(hand, level)}
    assert got == _exhaustive(hand, level)


# --------------------------------------------------------------------------- codes and cache
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    level=st.integers(2, 14),
    size=st.sampled_from([3, 8, 14, 27]),
    last=st.sampled_from(
        [
            None,
            ("single", 9, 1),
            ("pair", 5, 2),
            ("triple", 12, 3),
            ("full-house", 4, 5),
            ("straight", 7, 5),
            ("consecutive-pairs", 6, 6),
            ("consecutive-triples", 5, 6),
            ("bomb", 8, 4),
            ("bomb", 3, 6),
            ("straight-flush", 9, 5),
        ]
    ),
)
def test_codes_and_actions_list_the_same_plays_in_the_same_order(seed, level, size, last):
    from engine.guandan import codes
    from engine.guandan import enumeration as en

    hand = sorted(random.Random(seed).sample(range(108), size))
    actions = cb.plays(hand, level, last)
    last3 = None if last is None else (codes.KIND_OF[last[0]], last[1], last[2])
    got = en.plays(codes.mask_of(hand), level, last3, en.CODES)
    assert [codes.decode(c) for c in got] == actions
    assert [codes.encode(a) for a in actions] == got
    # every play listed beats the last play and is one of its cards' readings
    for a in actions:
        assert (a["combo"], a["rank"]) in cb.readings(a["cards"], level)
        assert cb.beats(a["combo"], a["rank"], len(a["cards"]), last, level)


def test_cached_lists_are_fresh_copies():
    hand = parse_cards("3S 3C 9S 9D KS KC KD KH 2H 5S 6S 7S 8S")
    first = cb.plays(hand, 2)
    first[0]["cards"].append(999)
    first.append({"type": "junk"})
    again = cb.plays(hand, 2)
    assert again == cb.plays(hand, 2) and {"type": "junk"} not in again
    assert all(999 not in a["cards"] for a in again)


def test_action_codes_round_trip():
    from engine.guandan import codes

    nines = sorted(parse_cards("9S 9C 9D 7H 7H"))
    bomb = {"type": "play", "cards": nines, "combo": "bomb", "rank": 9}
    house = dict(bomb, combo="full-house")
    assert codes.encode(bomb) != codes.encode(house)  # one card set, two readings
    for a in [bomb, house, {"type": "pass"}, {"type": "tribute", "card": 53}]:
        assert codes.decode(codes.encode(a)) == a
    assert codes.encode({"type": "pass"}) == codes.PASS == 0
    assert codes.decode(codes.encode({"type": "return", "card": 107})) == {
        "type": "return",
        "card": 107,
    }
