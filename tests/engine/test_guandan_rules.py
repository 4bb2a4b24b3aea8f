"""Guandan play of a deal, places, levels, the match end and tribute (guandan.md)."""

from __future__ import annotations

import pytest

from engine.core import (
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    new_rng,
    randrange,
    shuffled,
)
from engine.guandan import GAME
from engine.guandan.cards import format_cards, parse_card, parse_face
from engine.guandan.rules import return_cards, tribute_cards, tribute_plan

EMPTY = ["", "", "", ""]


def pick(state, seat: int, text: str) -> list[int]:
    """Ids in ``seat``'s hand for the notated faces, lower copy first."""
    hand = list(state.hands[seat])
    out = []
    for tok in text.split():
        f = parse_face(tok)
        c = min(c for c in hand if c % 54 == f and c not in out)
        out.append(c)
    return sorted(out)


def play(state, seat, text, combo="single", rank=None):
    cards = pick(state, seat, text)
    if rank is None:
        rank = (cards[0] % 54) // 4 + 2
    state, _ = GAME.apply(
        state, seat, {"type": "play", "cards": cards, "combo": combo, "rank": rank}
    )
    return state


def pas(state, seat):
    return GAME.apply(state, seat, {"type": "pass"})[0]


def table(hands, **kw):
    return GAME.from_hands(hands, **kw)


# --------------------------------------------------------------------------- set-up
def test_setup_deals_27_each_and_draws_the_first_leader_from_the_generator():
    leaders = set()
    for seed in range(20):
        s = GAME.setup(4, seed)
        assert [len(h) for h in s.hands] == [27] * 4
        cards, rng = shuffled(new_rng(seed, "guandan"), range(108))
        assert s.hands[0] == tuple(sorted(cards[:27]))
        assert s.turn == randrange(rng, 4)[0]
        leaders.add(s.turn)
    assert leaders == {0, 1, 2, 3}
    s = GAME.setup(4, 5)
    assert (s.level, s.levels, s.phase, s.deal) == (2, (2, 2), "play", 1)


def test_options_are_checked():
    from engine.core import BadSetup

    with pytest.raises(BadSetup):
        GAME.setup(4, 0, {"deals": 0})
    with pytest.raises(BadSetup):
        GAME.setup(4, 0, {"start_level": 15})
    with pytest.raises(BadSetup):
        GAME.setup(3, 0)
    assert GAME.setup(4, 0, {"start_level": 14}).level == 14


# --------------------------------------------------------------------------- a deal
def test_the_leader_must_play():
    s = table(["3S", "4S", "5S", "6S"])
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, {"type": "pass"})
    assert GAME.legal_actions(s, 0) == [
        {"type": "play", "cards": [parse_card("3S")], "combo": "single", "rank": 3}
    ]


def test_only_the_turn_seat_may_act():
    s = table(["3S", "4S", "5S", "6S"])
    with pytest.raises(NotYourTurn):
        GAME.apply(
            s, 1, {"type": "play", "cards": [parse_card("4S")], "combo": "single", "rank": 4}
        )
    assert GAME.legal_actions(s, 1) == []


def test_a_follower_must_beat_or_pass():
    s = play(table(["9S 3C", "4S 5S", "KS 3D", "6S 7S"]), 0, "9S")
    with pytest.raises(IllegalAction):
        play(s, 1, "5S")
    assert GAME.legal_actions(s, 1) == [{"type": "pass"}]
    assert [a.get("rank") for a in GAME.legal_actions(pas(s, 1), 2)] == [None, 13]


def test_a_seat_reads_its_legal_plays_from_its_view():
    s = play(table(["9S 3C", "4S 5S", "KS 3D", "6S 7S"]), 0, "9S")
    s = pas(s, 1)
    assert GAME.legal_from_view(GAME.view(s, 2)) == [
        {"type": "pass"},
        {"type": "play", "cards": pick(s, 2, "KS"), "combo": "single", "rank": 13},
    ]
    assert GAME.legal_from_view(GAME.view(s, 1)) == []  # not awaited
    assert GAME.legal_from_view(GAME.view(s, None)) == []  # a spectator


def test_refused_plays_name_the_problem():
    s = table(["9S 9C 3C", "4S", "5S", "6S"])
    nines = pick(s, 0, "9S 9C")
    bad = [
        {"type": "play", "cards": nines, "combo": "pair", "rank": 8},  # wrong reading
        {"type": "play", "cards": nines, "combo": "triple", "rank": 9},
        {"type": "play", "cards": [parse_card("4S")], "combo": "single", "rank": 4},
        {"type": "play", "cards": nines[::-1], "combo": "pair", "rank": 9},  # unsorted
    ]
    for a in bad:
        with pytest.raises(IllegalAction):
            GAME.apply(s, 0, a)
    for junk in [
        {"type": "play", "cards": [], "combo": "pair", "rank": 9},
        {"type": "play", "cards": nines, "combo": "airplane", "rank": 9},
        {"type": "play", "cards": [200], "combo": "single", "rank": 9},
        {"type": "play", "cards": nines, "combo": "pair", "rank": "9"},
    ]:
        with pytest.raises(MalformedAction):
            GAME.apply(s, 0, junk)


def test_the_second_copy_is_refused_when_both_are_held():
    s = table(["9S 9S 3C", "4S", "5S", "6S"])
    first, second = pick(s, 0, "9S 9S")
    single = {"type": "play", "combo": "single", "rank": 9}
    assert GAME.is_legal(s, 0, {**single, "cards": [first]})
    assert not GAME.is_legal(s, 0, {**single, "cards": [second]})


def test_the_lead_returns_to_the_last_player_when_all_others_pass():
    s = play(table(["9S 3C", "4S 5S", "6S 5C", "6C 7S"]), 0, "9S")
    s = pas(pas(pas(s, 1), 2), 3)
    assert (s.turn, s.last, s.trick) == (0, None, ())
    assert parse_card("9S") in s.played
    v = GAME.view(s, 0)
    assert v["leading"] and v["trick"] == [] and len(v["plays"]) == 4


def test_passing_does_not_stop_a_later_play_in_the_same_round():
    s = play(table(["3S 3C", "4S 7S", "5S 5C", "6C 6D"]), 0, "3S")
    s = pas(s, 1)
    s = play(s, 2, "5S")
    s = pas(s, 3)
    s = pas(s, 0)
    s = play(s, 1, "7S")
    assert s.last[:3] == (1, "single", 7)


def test_partner_takes_the_lead_when_the_last_player_went_out():
    s = play(table(["3S", "4C 4D", "5S 5C", "6C 6D"]), 0, "3S")
    assert s.out == (0,) and s.turn == 1
    s = pas(pas(s, 1), 2)
    assert s.turn == 3  # all three active players must pass
    s = pas(s, 3)
    assert (s.turn, s.last) == (2, None)


def test_players_out_are_skipped():
    s = play(table(["3S", "4C 4D", "5S 5C", "6C 6D"]), 0, "3S")
    s = play(s, 1, "4C")
    s = play(s, 2, "5S")
    s = play(s, 3, "6C")
    assert s.turn == 1


def _both_of_team_0_out(**kw):
    s = play(table(["3S", "4C 4D", "9S", "5C 5D"], **kw), 0, "3S")
    s = pas(s, 1)
    return GAME.apply(
        s, 2, {"type": "play", "cards": pick(s, 2, "9S"), "combo": "single", "rank": 9}
    )


def test_a_deal_ends_when_both_partners_are_out_and_they_advance_three():
    s, events = _both_of_team_0_out()
    end = next(e for e in events if e.type == "deal-end")
    assert end.public["places"][:2] == [0, 2] and end.public["advance"] == 3
    assert end.public["shared_last"] is True
    assert s.levels == (5, 2) and s.level == 5 and s.level_team == 0 and s.deal == 2
    assert s.payers == (1, 3)  # double tribute (unless both red jokers waive it)
    assert s.phase == ("play" if s.exempt else "tribute")
    assert [len(h) for h in s.hands] == [27] * 4


def _places_0_1_2(**kw):
    """Seat 0 first, 1 second, 2 third (partner third: +2)."""
    s = play(table(["3S", "9C", "KS", "5S 6S"], **kw), 0, "3S")
    s = play(s, 1, "9C")
    s = pas(pas(s, 2), 3)
    assert s.turn == 3  # seat 1 is out: its partner leads
    s = play(s, 3, "5S")
    return GAME.apply(
        s, 2, {"type": "play", "cards": pick(s, 2, "KS"), "combo": "single", "rank": 13}
    )


def test_partner_third_advances_two():
    s, events = _places_0_1_2()
    end = next(e for e in events if e.type == "deal-end")
    assert end.public["places"] == [0, 1, 2, 3] and end.public["advance"] == 2
    assert s.levels == (4, 2) and s.payers == (3,)


def _places_0_1_3(**kw):
    s = play(table(["3S", "9C", "4S 4C", "KS"], **kw), 0, "3S")
    s = play(s, 1, "9C")
    s = pas(s, 2)
    return GAME.apply(
        s, 3, {"type": "play", "cards": pick(s, 3, "KS"), "combo": "single", "rank": 13}
    )


def test_partner_last_advances_one():
    s, events = _places_0_1_3()
    end = next(e for e in events if e.type == "deal-end")
    assert end.public["places"] == [0, 1, 3, 2] and end.public["advance"] == 1
    assert s.levels == (3, 2) and s.payers == (2,)


def test_levels_stop_at_ace():
    s, _ = _both_of_team_0_out(levels=(13, 2), level=2, level_team=1)
    assert s.levels == (14, 2) and s.level == 14 and s.phase != "over"


def test_a_match_is_won_at_ace_with_the_partner_not_last():
    s, events = _places_0_1_2(levels=(14, 9), level=14, level_team=0)
    assert s.phase == "over" and GAME.is_over(s)
    out = GAME.result(s)
    assert out.winners == (0, 2) and out.scores == (14, 9, 14, 9)
    assert events[-1].type == "match-end"
    with pytest.raises(GameOver):
        GAME.apply(s, 0, {"type": "pass"})


def test_no_match_win_at_ace_with_the_partner_last():
    s, _ = _places_0_1_3(levels=(14, 9), level=14, level_team=0)
    assert s.phase != "over" and s.levels == (14, 9) and s.level == 14


def test_no_match_win_when_the_deal_was_at_the_other_teams_level():
    s, _ = _both_of_team_0_out(levels=(14, 9), level=9, level_team=1)
    assert s.phase != "over" and s.levels == (14, 9) and (s.level, s.level_team) == (14, 0)


def test_a_match_is_won_at_ace_in_a_deal_at_the_other_teams_ace_too():
    s, _ = _both_of_team_0_out(levels=(14, 14), level=14, level_team=1)
    assert s.phase == "over" and GAME.result(s).winners == (0, 2)


def test_three_failures_at_ace_drop_back_to_two_only_with_the_option():
    kw = dict(levels=(9, 14), level=14, level_team=1, fails=(0, 2))
    s, events = _both_of_team_0_out(options={"three_failures": True}, **kw)
    assert s.levels == (12, 2) and s.fails == (0, 0)
    assert any(e.type == "drop" for e in events)
    s, _ = _both_of_team_0_out(options={"three_failures": True}, **{**kw, "fails": (0, 1)})
    assert s.levels == (12, 14) and s.fails == (0, 2)
    s, _ = _both_of_team_0_out(**kw)
    assert s.levels == (12, 14) and s.fails == (0, 2)


def test_the_deal_limit_ends_the_match_with_the_higher_level():
    s, events = _places_0_1_3(options={"deals": 1})
    assert GAME.result(s).winners == (0, 2)
    assert GAME.result(s).reason.startswith("deal limit")


# --------------------------------------------------------------------------- tribute
def H(text):
    return [parse_card(t) for t in text.split()]


def test_who_pays_tribute():
    hands = [H("3S"), H("4S"), H("5S"), H("6S")]
    assert tribute_plan(hands, (0, 1, 2, 3)) == ((3,), False)
    assert tribute_plan(hands, (0, 2, 1, 3)) == ((1, 3), False)
    assert tribute_plan(hands, (3, 1, 0, 2)) == ((0, 2), False)


def test_no_tribute_when_the_payers_hold_both_red_jokers():
    one = [H("3S"), H("RJ"), H("5S"), H("RJ'")]
    assert tribute_plan(one, (0, 2, 1, 3)) == ((1, 3), True)  # split across payers
    assert tribute_plan(one, (0, 1, 2, 3)) == ((3,), False)  # last holds only one
    both = [H("3S"), H("4S"), H("5S"), H("RJ RJ'")]
    assert tribute_plan(both, (0, 1, 2, 3)) == ((3,), True)


def test_the_tribute_is_the_strongest_card_a_red_joker_included():
    assert tribute_cards(H("AS BJ RJ 3C"), 2) == H("RJ")
    assert tribute_cards(H("AS KS AC AS'"), 9) == H("AS AC")


def test_the_tribute_skips_the_heart_wild():
    assert tribute_cards(H("7H AS 7S 3C"), 7) == H("7S")  # wild excluded, 7S is level
    assert tribute_cards(H("7H AS KC"), 7) == H("AS")


def test_the_return_card_rules():
    assert return_cards(H("3S 10C JS 7H 7S"), 7) == H("3S 7S 10C")
    assert return_cards(H("JS QS 2H AS"), 2) == H("JS")  # 2H is wild: weakest instead
    assert return_cards(H("5H JD BJ"), 5) == H("JD")


def _tribute_table(places, hands, **kw):
    payers, exempt = tribute_plan([H(h) for h in hands], places)
    return table(hands, phase="tribute", payers=payers, prev_places=places, **kw)


def test_single_tribute_and_return_then_the_payer_leads():
    s = _tribute_table((0, 1, 2, 3), ["3S 4S KD", "5S", "6S", "AS BJ 9H"])
    assert GAME.awaiting(s) == {3}
    assert GAME.legal_actions(s, 3) == [{"type": "tribute", "card": parse_card("BJ")}]
    with pytest.raises(IllegalAction):
        GAME.apply(s, 3, {"type": "tribute", "card": parse_card("AS")})
    s, _ = GAME.apply(s, 3, {"type": "tribute", "card": parse_card("BJ")})
    assert s.phase == "return" and GAME.awaiting(s) == {0}
    assert parse_card("BJ") in s.hands[0]
    assert GAME.legal_actions(s, 0) == [{"type": "return", "card": c} for c in H("3S 4S")]
    assert GAME.legal_from_view(GAME.view(s, 0)) == GAME.legal_actions(s, 0)
    s, _ = GAME.apply(s, 0, {"type": "return", "card": parse_card("4S")})
    assert format_cards(s.hands[3]) == "4S 9H AS"
    assert [len(h) for h in s.hands] == [3, 1, 1, 3]
    assert (s.phase, s.turn, s.last) == ("play", 3, None)
    v = GAME.view(s, 1)
    assert v["tribute"]["transfers"] == [[3, 0, parse_card("BJ")]]
    assert v["tribute"]["returns"] == [[0, 3, parse_card("4S")]]


def test_double_tribute_equal_cards_go_in_turn_order_from_first_place():
    s = _tribute_table((2, 0, 1, 3), ["3S 4S", "AS 5C", "6S 7S", "AD 8C"])
    assert GAME.awaiting(s) == {1, 3}
    s, _ = GAME.apply(s, 1, {"type": "tribute", "card": parse_card("AS")})
    assert s.phase == "tribute" and GAME.awaiting(s) == {3}
    assert GAME.view(s, 0)["tribute"]["paid"] == [[1, parse_card("AS")]]
    s, _ = GAME.apply(s, 3, {"type": "tribute", "card": parse_card("AD")})
    # 1st place is seat 2; the payer next after it in play order is seat 3.
    assert s.transfers == ((3, 2, parse_card("AD")), (1, 0, parse_card("AS")))
    assert GAME.awaiting(s) == {0, 2}
    s, _ = GAME.apply(s, 0, {"type": "return", "card": parse_card("3S")})
    s, _ = GAME.apply(s, 2, {"type": "return", "card": parse_card("6S")})
    assert parse_card("3S") in s.hands[1] and parse_card("6S") in s.hands[3]
    assert (s.phase, s.turn) == ("play", 3)


def test_double_tribute_the_higher_card_goes_to_first_place_and_its_payer_leads():
    s = _tribute_table((0, 2, 3, 1), ["3S 4S", "KS 5C", "6S 7S", "BJ 8C"])
    s, _ = GAME.apply(s, 1, {"type": "tribute", "card": parse_card("KS")})
    s, _ = GAME.apply(s, 3, {"type": "tribute", "card": parse_card("BJ")})
    assert s.transfers == ((3, 0, parse_card("BJ")), (1, 2, parse_card("KS")))
    assert s.leader == 3
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, {"type": "return", "card": parse_card("BJ")})
    s, _ = GAME.apply(s, 2, {"type": "return", "card": parse_card("6S")})
    s, _ = GAME.apply(s, 0, {"type": "return", "card": parse_card("4S")})
    assert parse_card("6S") in s.hands[1] and parse_card("4S") in s.hands[3]
    assert s.turn == 3


def test_no_plays_before_the_tribute_is_done():
    s = _tribute_table((0, 1, 2, 3), ["3S", "5S", "6S", "AS 9H"])
    with pytest.raises(IllegalAction):
        GAME.apply(s, 3, {"type": "pass"})
    with pytest.raises(IllegalAction):
        GAME.apply(s, 3, {"type": "return", "card": parse_card("9H")})


# --------------------------------------------------------------------------- views & notation
def test_views_hide_other_hands_and_show_counts():
    s = GAME.setup(4, 11)
    v = GAME.view(s, 1)
    assert v["hand"] == list(s.hands[1]) and v["hand_counts"] == [27] * 4
    assert set(v) >= {"game", "seat", "players", "awaiting", "over"}
    assert GAME.view(s, None)["hand"] == []
    others = {c for seat in (0, 2, 3) for c in s.hands[seat]}
    assert not others & set(v["hand"])


def test_action_notation_round_trips():
    for text in ["pass", "tribute RJ", "return 3D'", "play bomb 9 9S 9C 9D 7H 7H'"]:
        a = GAME.parse_action(text)
        assert GAME.parse_action(GAME.format_action(a)) == a
    assert GAME.parse_action("play pair 9 9S 9C") == {
        "type": "play",
        "cards": sorted(H("9S 9C")),
        "combo": "pair",
        "rank": 9,
    }
    with pytest.raises(MalformedAction):
        GAME.parse_action("play 9S")


def test_an_interface_gets_every_reading_of_a_selection():
    s = table(["7H 7H 9S 9C 9D 3S 3S", "4S", "5S", "6S"], level=7)
    hand = s.hands[0]
    legal = GAME.legal_actions(s, 0)
    pick5 = pick(s, 0, "7H 7H 9S 9C 9D")
    got = GAME.actions_for(legal, hand, pick5)
    assert [(a["combo"], a["rank"]) for a in got] == [("full-house", 9), ("bomb", 9)]
    second = [c for c in hand if format_cards([c]) == "3S'"]
    assert GAME.actions_for(legal, hand, second) == [
        {"type": "play", "cards": pick(s, 0, "3S"), "combo": "single", "rank": 3}
    ]
    assert GAME.actions_for(legal, hand, pick(s, 0, "3S 9S")) == []


def test_plays_are_public_moves_with_their_reading():
    s = table(["7H 7H 9S 9C 9D 3S", "4S", "5S", "6S"], level=7)
    cards = pick(s, 0, "7H 7H 9S 9C 9D")
    s2, events = GAME.apply(s, 0, {"type": "play", "cards": cards, "combo": "bomb", "rank": 9})
    assert [e.for_seat(2) for e in events] == [
        {
            "type": "move",
            "from": "hand/0",
            "to": "trick",
            "count": 5,
            "seat": 0,
            "combo": "bomb",
            "rank": 9,
            "cards": cards,
        }
    ]
    v = GAME.view(s2, 3)
    assert v["last_play"] == {"seat": 0, "combo": "bomb", "rank": 9, "cards": cards}
    assert v["hand_counts"] == [1, 1, 1, 1] and GAME.zones(s2)["trick"] == tuple(cards)


def test_a_deal_end_collects_every_card_and_deals_again():
    s, events = _both_of_team_0_out()
    moves = [e for e in events if e.type == "move"]
    back = sum(e.public["count"] for e in moves if e.public["to"] == "deck")
    dealt = [e for e in moves if e.public["from"] == "deck"]
    assert back == 108 and [e.public["count"] for e in dealt] == [27] * 4
    assert all(e.for_seat(1).get("cards") is None for e in dealt if e.public["to"] != "hand/1")
