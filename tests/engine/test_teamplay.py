"""Teamplay engine tests: the mission language against the rules page's examples and
every card of the deck, the deal, the set-up swap, the turn (hand limit, draws, the
bank, missions, the gift), the end and the tie-break (``shared/rules/teamplay.md``)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import BadSetup, IllegalAction, MalformedAction, NotYourTurn, replace
from engine.teamplay import GAME, MISSION_IDS, MISSIONS, card, completions, is_completion
from engine.teamplay.missions import (
    FULL,
    can_complete,
    card_name,
    colour_of,
    completable,
    kind_completions,
    missing,
    value_of,
)
from engine.teamplay.state import TeamplayState


# --------------------------------------------------------------------------- notation
def cards(text: str, used: set[int] | None = None) -> list[int]:
    """Card ids for ``"1r 5r 6b"``: each card the lowest copy not used yet."""
    used = set() if used is None else used
    out = []
    for word in text.split():
        value, colour = int(word[:-1]), "rb".index(word[-1])
        for copy in range(4):
            c = card(value, colour, copy)
            if c not in used:
                used.add(c)
                out.append(c)
                break
        else:
            raise ValueError(f"no fifth {word}")
    return out


def names(ids) -> str:
    return " ".join(card_name(c) for c in ids)


def table(
    players: int = 4,
    hands: dict[int, str] | None = None,
    bank: str = "1b 2b 3b",
    general: str = "T4",
    own: dict[int, tuple] | None = None,
    seat: int = 0,
    turn: int | None = None,
    deck: str | None = None,
    discard: str = "",
    done: dict[int, tuple] | None = None,
    **changes,
) -> TeamplayState:
    """A table in the play phase from notation. Cards not placed go to the draw pile
    (ascending ids, unless ``deck`` gives it); missions not placed form the mission
    pile in table order."""
    used: set[int] = set()
    hand_ids = [sorted(cards((hands or {}).get(s, ""), used)) for s in range(players)]
    bank_ids = sorted(cards(bank, used))
    discard_ids = cards(discard, used)
    deck_ids = cards(deck, used) if deck is not None else [c for c in range(64) if c not in used]
    if deck is not None:
        discard_ids += [c for c in range(64) if c not in used]
    k = 1 if players % 2 == 0 else 2
    own = own or {}
    given = {
        general,
        *[m for o in own.values() for m in o],
        *[m for d in (done or {}).values() for m in d],
    }
    defaults = iter(m for m in MISSION_IDS if m not in given)
    own_t = tuple(
        tuple(own.get(s, ())) or tuple(next(defaults) for _ in range(k)) for s in range(players)
    )
    done_t = tuple(tuple((done or {}).get(s, ())) for s in range(players))
    placed = {general, *[m for o in own_t for m in o], *[m for d in done_t for m in d]}
    state = TeamplayState(
        players=players,
        options=(("end_at", None),),
        rng=random.Random(7).getstate(),
        deck=tuple(deck_ids),
        bank=tuple(bank_ids),
        hands=tuple(map(tuple, hand_ids)),
        discard=tuple(discard_ids),
        mission_deck=tuple(m for m in MISSION_IDS if m not in placed),
        mission_discard=(),
        general=general,
        own=own_t,
        done=done_t,
        phase="play",
        seat=seat,
        turn=players + seat if turn is None else turn,
    )
    return replace(state, **changes)


def act(state, text: str, seat: int | None = None):
    seat = state.seat if seat is None else seat
    return GAME.apply(state, seat, GAME.parse_action(text))


def conserved(state) -> None:
    placed = sorted(repr(c) for zone in GAME.zones(state).values() for c in zone)
    assert placed == sorted(repr(c) for c in GAME.all_cards(state))


# --------------------------------------------------------------------------- cards
def test_cards_have_ids_values_and_colours():
    assert len({card(v, c, k) for v in range(1, 9) for c in (0, 1) for k in range(4)}) == 64
    assert (value_of(card(5, "blue", 3)), colour_of(card(5, "blue", 3))) == (5, 1)
    assert names(cards("1r 5r 6b")) == "1r 5r 6b"
    with pytest.raises(ValueError):
        card(9, 0)


# --------------------------------------------------------------------------- the deck
PAGE_VP = {
    "S5": 1,
    "P1": 1,
    "P11": 1,
    "P2": 1,
    "H3": 1,
    "R11": 2,
    "C1": 2,
    "S6": 2,
    "S2": 2,
    "S1": 2,
    "R6": 2,
    "R4": 2,
    "T1": 3,
    "P10": 3,
    "P9": 3,
    "P7": 3,
    "P6": 3,
    "F1": 3,
    "T2": 3,
    "T3": 3,
    "R3": 4,
    "O1": 4,
    "H2": 4,
    "O3": 4,
    "R10": 4,
    "O4": 4,
    "R9": 4,
    "S4": 4,
    "T6": 4,
    "S3": 4,
    "C2": 5,
    "R5": 5,
    "R8": 5,
    "P3": 5,
    "O2": 5,
    "P5": 5,
    "P4": 5,
    "R7": 6,
    "T4": 6,
    "H4": 6,
    "H1": 6,
    "T5": 6,
    "P8": 6,
    "R1": 6,
    "F2": 6,
    "R2": 6,
}
NAMED = {
    "S5",
    "P1",
    "H3",
    "S1",
    "P6",
    "F1",
    "T2",
    "T3",
    "O1",
    "R9",
    "S3",
    "P3",
    "P4",
    "H1",
    "P8",
    "R1",
}


def test_the_mission_deck_is_the_pages_table():
    assert len(MISSION_IDS) == 46 == len(set(MISSION_IDS))
    assert {m: MISSIONS[m].vp for m in MISSION_IDS} == PAGE_VP
    assert {m for m in MISSION_IDS if MISSIONS[m].named} == NAMED
    for m in MISSIONS.values():
        sizes = [len(ms) for ms in kind_completions(m.id, FULL)]
        assert sizes, m.id
        if m.size is None:
            assert min(sizes) == 2  # "2+": any number of cards summing to 12
        else:
            assert set(sizes) == {m.size}, m.id
            assert 2 <= m.size <= 6


# Every mission: a hand that completes it with exactly its cards, and a near miss.
EVERY_MISSION = {
    "S5": ("4r 3b 4b 1r", "4r 3b 4b 2r"),
    "P1": ("3r 3b", "3r 4b"),
    "P11": ("5b 5b", "5r 5b"),
    "P2": ("2r 2b 6r 6b", "2r 2b 2r 2b"),
    "H3": ("1r 3b 3r", "1r 3b 4r"),
    "R11": ("4r 4b 5r 6b 7r", "4r 4b 5r 6b 8r"),
    "C1": ("1r 3r 5r 7r 8r", "1r 3r 5r 7r 8b"),
    "S6": ("7r 8b", "7r 7b"),
    "S2": ("1b 5b 6b", "1b 5b 6r"),
    "S1": ("1r 5r 6r", "1r 5r 7r"),
    "R6": ("3b 4b 5b", "3b 4r 5b"),
    "R4": ("3r 4b 5r 6b", "3r 4b 5r 7b"),
    "T1": ("6r 6b 6b", "6r 6b 5b"),
    "P10": ("4b 4b", "3b 3b"),
    "P9": ("5r 5r", "5r 5b"),
    "P7": ("2r 2b 8r 8r", "2r 2b 7r 7r"),
    "P6": ("3r 3b 7r 7b", "3r 3b 3r 3b"),
    "F1": ("7r 7b 7r 5b 5r", "7r 7b 6r 5b 5r"),
    "T2": ("3r 3b 3r", "4r 4b 4r"),
    "T3": ("4r 4b 4r", "3r 3b 3r"),
    "R3": ("2r 3b 4r 5b 6r", "2r 3b 4r 5b 7r"),
    "O1": ("1b 5b 5b 7b", "1b 5b 5r 7b"),
    "H2": ("6b 7b 8b", "5b 7b 8b"),
    "O3": ("2r 4r 4r 8r", "2r 4r 4r 7r"),
    "R10": ("2r 4b 6r 8b", "2r 4b 6r 7b"),
    "O4": ("1b 2b 3b 4b", "1b 2b 3b 5b"),
    "R9": ("1r 3b 5r 7b", "1r 3b 5r 8b"),
    "S4": ("6b 6b 8b", "6b 6r 8b"),
    "T6": ("2r 2r 5b 5b", "2r 2r 2b 2b"),
    "S3": ("3r 2r 2r", "3r 2r 3r"),
    "C2": ("1b 2b 3b 5b 7b 8b", "1b 2b 3b 5b 7b 8r"),
    "R5": ("5r 6r 7r 8r", "5r 6r 7b 8r"),
    "R8": ("5b 6b 7b", "5b 6b 7r"),
    "P3": ("3r 3b 5r 5b 8r 8b", "3r 3b 5r 5b 3r 3b"),
    "O2": ("1r 3r 3r 7r", "1r 3r 3r 7b"),
    "P5": ("2b 2b 6b 6b", "2b 2b 6b 6r"),
    "P4": ("2r 2r 5r 5r", "2r 2r 5r 5b"),
    "R7": ("1r 2b 3r 4b 5r 6b", "1r 2b 3r 4b 5r 7b"),
    "T4": ("8r 8b 8r 8b", "8r 8b 8r 7b"),
    "H4": ("1r 2r 3r 3r", "1r 2r 3r 4r"),
    "H1": ("6b 6b 7b 8b", "6b 6b 7b 8r"),
    "T5": ("6r 6r 6b 6b", "6r 6r 5b 5b"),
    "P8": ("7r 7b 5r 5b 1r 1b", "7r 7b 5r 5b 2r 2b"),
    "R1": ("2r 3r 4r 5r 6r", "2r 3r 4r 5b 6r"),
    "F2": ("3b 3b 3b 6b 6b", "3b 3b 3b 6b 6r"),
    "R2": ("4b 5b 6b 7b 8b", "4b 5b 6b 7b 8r"),
}


def test_every_mission_has_a_case():
    assert set(EVERY_MISSION) == set(MISSION_IDS)


@pytest.mark.parametrize("mission", MISSION_IDS)
def test_every_mission_completes_and_its_near_miss_does_not(mission):
    hit, miss = EVERY_MISSION[mission]
    hand = cards(hit)
    assert tuple(sorted(hand)) in completions(mission, hand)
    assert is_completion(mission, sorted(hand))
    assert can_complete(mission, hand)
    near = cards(miss)
    assert completions(mission, near) == []
    assert not is_completion(mission, sorted(near))
    assert missing(mission, tuple(sum(1 for c in near if c // 4 == k) for k in range(16))) >= 1


# The page's own examples (teamplay.md, from the seed).
PAGE_EXAMPLES = [
    ("S1", "1r 5r 6r"),  # 3 red: 1 + 5 = 6
    ("S3", "3r 2r 2r"),  # 3 red summing to 7: 3 + 2 + 2
    ("H1", "6b 6b 7b 8b"),  # 4 blue high: 6, 6, 7, 8
    ("P4", "2r 2r 5r 5r"),  # 2 different red pairs: 2, 2 and 5, 5
    ("R1", "2r 3r 4r 5r 6r"),  # 5 consecutive red: 2, 3, 4, 5, 6
    ("P1", "3r 3b"),  # a pair: 3, 3
    ("R9", "1b 3r 5b 7r"),  # 1, 3, 5, 7 in any colours
    ("P6", "3r 3b 7b 7b"),  # 2 different odd pairs: 3, 3 and 7, 7
    ("P3", "3r 3b 5r 5b 8b 8b"),  # 3 different pairs: 3, 3 and 5, 5 and 8, 8
    ("T2", "3r 3b 3b"),  # three odd of a kind: 3, 3, 3
    ("T3", "4r 4b 4r"),  # three even of a kind: 4, 4, 4
    ("O1", "1b 5b 5b 7b"),  # 4 odd, same colour: 1, 5, 5, 7 all blue
    ("P8", "7r 7b 5b 5b 1r 1r"),  # 3 different pairs all odd: 7, 7 and 5, 5 and 1, 1
    ("S5", "4r 3b 4b 1r"),  # 4 + 3 + 4 + 1 = 12
    ("H3", "1b 3r 3b"),  # 3 low: 1, 3, 3
    ("F1", "7r 7b 7b 5r 5b"),  # three of a kind + a pair: 7, 7, 7 and 5, 5
]


@pytest.mark.parametrize("mission,hand", PAGE_EXAMPLES)
def test_the_pages_examples(mission, hand):
    ids = sorted(cards(hand))
    assert is_completion(mission, ids)
    assert completions(mission, ids) == [tuple(ids)]


def test_three_pairs_must_be_different_numbers():
    # "3, 3 and 5, 5 and 8, 8 (but not 3, 3 and 5, 5 and 3, 3 — those are 2 different pairs)"
    assert is_completion("P3", sorted(cards("3r 3b 5r 5b 8r 8b")))
    assert not is_completion("P3", sorted(cards("3r 3b 5r 5b 3r 3b")))
    assert completions("P3", cards("3r 3b 5r 5b 3r 3b")) == []
    # They are two different pairs, though (P2), in 3 ways from four 3s.
    assert len(completions("P2", cards("3r 3b 5r 5b 3r 3b"))) == 6


def test_colour_words():
    assert completions("S1", cards("1r 5b 6r")) == []  # red means red
    assert completions("O1", cards("1r 5b 5b 7b")) == []  # "all blue" or all red
    assert is_completion("O1", sorted(cards("1r 5r 5r 7r")))
    assert is_completion("P1", sorted(cards("3r 3b")))  # black: any colour
    assert not is_completion("P11", sorted(cards("3r 3b")))  # same colour


def test_sum_to_twelve_takes_any_number_of_cards():
    assert is_completion("S5", sorted(cards("4r 8b")))
    assert is_completion("S5", sorted(cards("1r 1b 2r 2b 3r 3b")))
    assert not is_completion("S5", sorted(cards("4r 8b 1r")))  # exactly the cards asked


def test_completions_are_distinct_card_sets():
    hand = cards("3r 3r 3b 7b")
    assert completions("P1", hand) == sorted(
        [tuple(sorted(p)) for p in [hand[0:2], [hand[0], hand[2]], [hand[1], hand[2]]]]
    )
    assert completions("T1", hand) == [tuple(sorted(hand[:3]))]
    assert completable(hand, ["P1", "T1", "R1"]).keys() == {"P1", "T1"}


def test_a_pair_may_repeat_a_number_of_the_run():
    # teamplay.md: in R11 the pair may repeat a number of the run (letters and the
    # pair's symbol are different kinds of symbol).
    assert is_completion("R11", sorted(cards("4r 4b 3r 4r 5b")))
    assert is_completion("R11", sorted(cards("3r 3b 3r 4r 5b")))  # the run's first number
    assert is_completion("R11", sorted(cards("5r 5b 3r 4r 5b")))  # its last number
    # Three 4s and a 3 and 5: the pair 4 4 with the run 3 4 5, in 3 ways by copy.
    assert len(completions("R11", cards("4r 4b 4r 3r 5b"))) == 1
    assert len(completions("R11", cards("4r 4b 4r 4b 3r 5b"))) == 4


def test_three_of_a_kind_and_a_pair_are_different_numbers():
    # teamplay.md: the pair's number differs from the triple's; five of a kind does
    # not complete F1 (as a full house in every card game).
    five = sorted(cards("5r 5r 5b 5b 5r"))
    assert not is_completion("F1", five)
    assert completions("F1", five) == []
    assert not can_complete("F1", five)
    assert is_completion("F1", sorted(cards("7r 7b 7r 5b 5r")))
    # Five 5s and two 3s: a triple of 5s (C(5, 3) = 10 ways) with the 3s; the five 5s
    # alone are no completion.
    hand = cards("5r 5r 5b 5b 5r 3r 3b")
    found = completions("F1", hand)
    assert len(found) == 10
    assert all(sum(1 for c in cs if value_of(c) == 3) == 2 for cs in found)
    # Four 5s and four 3s: triple 5 + pair 3 (4 x 6) or triple 3 + pair 5 (4 x 6).
    assert len(completions("F1", cards("5r 5r 5b 5b 3r 3r 3b 3b"))) == 48
    # F2, same colour: the same rule (and no colour holds five of one number anyway).
    assert is_completion("F2", sorted(cards("3b 3b 3b 6b 6b")))
    assert not is_completion("F2", sorted(cards("3b 3b 3b 3b 6b")))
    for mission in ("F1", "F2"):
        for ms in kind_completions(mission, FULL):
            assert len({k // 2 for k in ms}) == 2, (mission, ms)
    # A bot's distance: five 5s lack the pair (2 cards), not nothing.
    counts = tuple(sum(1 for c in five if c // 4 == k) for k in range(16))
    assert missing("F1", counts) == 2


@settings(max_examples=150, deadline=None)
@given(hand=st.sets(st.integers(0, 63), max_size=14))
def test_the_quick_test_agrees_with_the_full_search(hand):
    # missions.possible clips the counts to what one completion can use and caches
    # on them; it must answer exactly as the full search.
    from engine.teamplay.missions import kind_counts, possible

    counts = kind_counts(hand)
    for m in MISSION_IDS:
        assert possible(m, sorted(hand)) == bool(kind_completions(m, counts)), m


def test_an_exact_mission_needs_exactly_its_cards():
    assert not is_completion("P1", sorted(cards("3r 3b 3r")))
    assert not is_completion("T1", sorted(cards("3r 3b")))


# --------------------------------------------------------------------------- set-up
@pytest.mark.parametrize(
    "players,sizes",
    [(3, [1, 2, 3]), (4, [1, 2, 3, 3]), (5, [1, 2, 3, 3, 3]), (6, [1, 2, 3, 3, 3, 3])],
)
def test_the_deal_is_one_two_three(players, sizes):
    s = GAME.setup(players, 11)
    assert [len(h) for h in s.hands] == sizes
    assert len(s.bank) == 3
    assert len(s.deck) == 64 - 3 - sum(sizes)
    own = 1 if players % 2 == 0 else 2
    assert [len(o) for o in s.own] == [own] * players
    assert len(s.mission_deck) == 46 - 1 - own * players
    assert s.general is not None
    conserved(s)


def test_player_counts():
    for bad in (2, 7):
        with pytest.raises(BadSetup):
            GAME.setup(bad, 1)


def test_even_players_may_swap_their_mission_once_at_set_up():
    s = GAME.setup(4, 3)
    assert s.phase == "setup" and GAME.awaiting(s) == {0}
    assert GAME.legal_actions(s, 0) == [{"type": "keep"}, {"type": "reject"}]
    first, top = s.own[0][0], s.mission_deck[0]
    s, events = act(s, "reject")
    assert s.own[0] == (top,) and s.mission_discard == (first,)
    assert GAME.awaiting(s) == {1}  # the new one must be kept: next player decides
    s, _ = act(s, "keep")
    s, _ = act(s, "reject")
    s, _ = act(s, "keep")
    assert s.phase == "play" and s.seat == 0 and s.turn == 0
    assert len(s.mission_discard) == 2
    conserved(s)


def test_odd_players_get_two_missions_and_no_swap():
    s = GAME.setup(5, 3)
    assert s.phase == "play" and s.fresh is None
    assert all(len(o) == 2 for o in s.own)
    assert {"type": "reject"} not in GAME.legal_actions(s, 0)


# --------------------------------------------------------------------------- a turn
def test_hand_limit_is_not_checked_in_the_first_round():
    s = table(hands={0: "1r 1b 2r 2b 3r 3b 4r 4b"}, turn=3, seat=3)
    s, _ = act(s, "draw deck")
    s, _ = act(s, "draw deck")
    s, _ = act(s, "end-turn")  # turn 4 belongs to seat 0, the second round
    assert s.seat == 0 and s.must_discard == 2
    s = table(hands={1: "1r 1b 2r 2b 3r 3b 4r 4b"}, seat=0, turn=0)
    s, _ = act(s, "draw deck")
    s, _ = act(s, "draw deck")
    s, _ = act(s, "end-turn")  # turn 1: still the first round
    assert s.seat == 1 and s.must_discard == 0


def test_hand_limit_discards_first_then_the_hand_may_grow():
    s = table(hands={0: "1r 1b 2r 2b 3r 3b 4r 4b"}, must_discard=2)
    legal = GAME.legal_actions(s, 0)
    assert {a["type"] for a in legal} == {"discard"} and len(legal) == 8
    with pytest.raises(IllegalAction):
        act(s, "draw deck")
    s, ev = act(s, f"discard {cards('4b')[0]}")
    assert ev[0].for_seat(2)["cards"] == cards("4b")  # discards are shown
    s, _ = act(s, f"discard {cards('4r')[0]}")
    assert len(s.hands[0]) == 6 and s.must_discard == 0
    s, _ = act(s, "draw deck")
    s, _ = act(s, "draw deck")
    assert len(s.hands[0]) == 8  # "during a turn a hand may be larger"
    assert {"type": "end-turn"} in GAME.legal_actions(s, 0)


def test_hand_limit_is_eight_alone():
    s = table(players=3, hands={1: "1r 1b 2r 2b 3r 3b 4r 4b 5r"}, seat=0, turn=3)
    s, _ = act(s, "draw deck")
    s, _ = act(s, "draw deck")
    s, _ = act(s, "end-turn")
    assert s.seat == 1 and s.must_discard == 1


def test_drawing_two_is_compulsory_and_the_bank_refills():
    s = table(hands={0: "5r"}, bank="1b 2b 3b", deck="8r 8b 7r")
    assert {"type": "end-turn"} not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction):
        act(s, "end-turn")
    b = cards("2b")[0]
    s, ev = act(s, f"draw bank {b}")
    assert b in s.hands[0]
    assert names(s.bank) == "1b 3b 8r" and len(s.deck) == 2  # refilled at once
    assert [e.public["to"] for e in ev if e.type == "move"] == ["hand/0", "bank"]
    s, ev = act(s, "draw deck")
    assert names(s.hands[0]).split() == ["2b", "5r", "8b"]
    assert ev[0].for_seat(1) == {
        "type": "move",
        "from": "deck",
        "to": "hand/0",
        "count": 1,
        "seat": 0,
    }
    assert GAME.legal_actions(s, 0)[-1] == {"type": "end-turn"}
    with pytest.raises(IllegalAction):
        act(s, "draw deck")


def test_the_discards_become_a_new_draw_pile():
    s = table(hands={0: "5r"}, deck="", discard="")
    assert not s.deck and len(s.discard) == 60
    s, ev = act(s, "draw deck")
    assert ev[0].type == "reshuffle" and ev[0].public["count"] == 60
    assert len(s.deck) == 59 and s.discard == ()
    conserved(s)


def test_draws_split_around_missions_and_several_missions_per_turn():
    s = table(hands={0: "3r 3b 7r 7b 7b"}, general="P1", own={0: ("T1",)}, deck="7r 1b 2b 8r")
    s, _ = act(s, "draw deck")  # the fourth 7
    seven = sorted(cards("7r 7r 7b 7b"))[:3]
    assert {"type": "complete", "mission": "T1", "cards": seven} in GAME.legal_actions(s, 0)
    s, ev = act(s, "complete T1 " + " ".join(map(str, seven)))
    assert s.done[0] == ("T1",) and s.fresh == "own/0"
    assert GAME.legal_actions(s, 0) == [{"type": "keep"}, {"type": "reject"}]
    s, _ = act(s, "keep")
    pair = sorted(cards("3r 3b"))
    s, _ = act(s, f"complete P1 {pair[0]} {pair[1]}")
    s, _ = act(s, "keep")
    assert s.done[0] == ("T1", "P1") and s.draws_left == 1
    s, _ = act(s, "draw deck")
    assert GAME.legal_actions(s, 0)[-1] == {"type": "end-turn"}
    assert GAME.team_points(s) == [4, 0]
    conserved(s)


def test_a_new_mission_may_be_rejected_once_and_completed_at_once():
    s = table(hands={0: "3r 3b 5r 5b"}, general="T4", own={0: ("P1",)})
    top = s.mission_deck[:2]
    s, _ = act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")
    assert s.own[0] == (top[0],) and s.fresh == "own/0"
    s, ev = act(s, "reject")
    assert s.own[0] == (top[1],) and s.mission_discard == (top[0],)
    assert s.fresh is None  # the next one must be kept
    with pytest.raises(IllegalAction):
        act(s, "reject")
    # A newly drawn mission may be completed in the same turn: make the next one P1.
    s = table(hands={0: "3r 3r 5r 5b"}, general="T4", own={0: ("P11",)})
    s = replace(s, mission_deck=("P1",) + tuple(m for m in s.mission_deck if m != "P1"))
    threes = sorted(cards("3r 3r"))
    fives = sorted(cards("5r 5b"))
    s, _ = act(s, f"complete P11 {threes[0]} {threes[1]}")
    assert s.own[0] == ("P1",)
    s, _ = act(s, "keep")
    s, _ = act(s, f"complete P1 {fives[0]} {fives[1]}")
    assert s.done[0] == ("P11", "P1")


def test_the_general_mission_is_replaced_too():
    s = table(hands={1: "3r 3b"}, general="P1", seat=1)
    top = s.mission_deck[0]
    s, ev = act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")
    assert s.general == top and s.done[1] == ("P1",) and s.fresh == "general"
    moves = [(e.public["from"], e.public["to"]) for e in ev if e.type == "move"]
    assert moves == [
        ("hand/1", "discard"),
        ("missions/general", "done/1"),
        ("missions/deck", "missions/general"),
    ]


def test_only_the_general_and_own_missions_may_be_completed():
    s = table(hands={0: "3r 3b"}, general="T4", own={0: ("T1",), 1: ("P1",)})
    with pytest.raises(IllegalAction):
        act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")


def test_refused_actions_name_the_rule_and_leave_the_state():
    s = table(hands={0: "3r 3b 4r"}, general="P1")
    before = GAME.digest(s)
    three, four = cards("3r")[0], cards("4r", {cards("3r")[0]})[0]
    with pytest.raises(IllegalAction) as err:
        act(s, f"complete P1 {three} {four}")
    assert "teamplay.md" in err.value.rule
    with pytest.raises(MalformedAction):
        GAME.apply(s, 0, {"type": "complete", "mission": "P1", "cards": [four, three]})
    with pytest.raises(MalformedAction):
        GAME.apply(s, 0, {"type": "draw", "from": "deck", "card": 3})
    for junk in (
        {"type": "complete", "mission": ["P1"], "cards": [three]},
        {"type": "complete", "mission": "Z9", "cards": [three]},
        {"type": "give", "cards": [three, three]},
        {"type": "give", "cards": [1, 2, 3]},
        {"type": "draw", "from": "pile"},
        {"type": "keep", "x": 1},
    ):
        with pytest.raises(MalformedAction):
            GAME.apply(s, 0, junk)
    with pytest.raises(NotYourTurn):
        act(s, "draw deck", seat=1)
    assert GAME.digest(s) == before


# --------------------------------------------------------------------------- the gift
def test_a_gift_is_secret_and_once_per_turn():
    s = table(hands={0: "3r 5b 8b", 2: "1r"})
    three, five = sorted(cards("3r 5b"))
    s, ev = act(s, f"give {three} {five}")
    assert names(s.hands[2]) == "1r 3r 5b" and names(s.hands[0]) == "8b"
    e = ev[0]
    assert e.seen_by == (0, 2)
    assert e.for_seat(0)["cards"] == [three, five] == e.for_seat(2)["cards"]
    for other in (1, 3, None):
        assert "cards" not in e.for_seat(other) and e.for_seat(other)["count"] == 2
    assert GAME.view(s, 2)["gifts"] == [{"from": 0, "to": 2, "cards": [three, five]}]
    assert GAME.view(s, 1)["gifts"] == [] and GAME.view(s, None)["gifts"] == []
    assert not any(a["type"] == "give" for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction):
        act(s, f"give {cards('8b')[0]}")


def test_no_gifts_alone():
    s = table(players=5, hands={0: "3r 5b"})
    assert not any(a["type"] == "give" for a in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction):
        act(s, f"give {cards('3r')[0]}")


def test_partners():
    from engine.teamplay.state import partner, teams

    assert teams(4) == ((0, 2), (1, 3)) and teams(6) == ((0, 3), (1, 4), (2, 5))
    assert [partner(s, 6) for s in range(6)] == [3, 4, 5, 0, 1, 2]
    assert partner(0, 3) is None and teams(5) == ((0,), (1,), (2,), (3,), (4,))


def test_a_partner_pushed_over_the_limit_discards_at_their_own_turn():
    s = table(hands={0: "1r 1b 2r 2b", 1: "8r", 2: "3r 3b 4r 4b 5r 6r"})
    s, _ = act(s, "give " + " ".join(map(str, sorted(cards("1r 1b")))))
    assert len(s.hands[2]) == 8
    for _ in range(2):
        s, _ = act(s, "draw deck")
    s, _ = act(s, "end-turn")
    assert s.seat == 1 and s.must_discard == 0
    for _ in range(2):
        s, _ = act(s, "draw deck")
    s, _ = act(s, "end-turn")
    assert s.seat == 2 and s.must_discard == 2


# --------------------------------------------------------------------------- the end
def _finish_turn(s):
    while s.draws_left:
        s, _ = act(s, "draw deck")
    return act(s, "end-turn")[0]


def test_the_eighth_team_mission_gives_everybody_one_more_turn():
    s = table(
        hands={1: "3r 3b"},
        general="P1",
        seat=1,
        turn=9,
        done={1: ("T1", "T2", "T3", "R1"), 3: ("R2", "R3", "R4")},
    )
    s, ev = act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")
    assert any(e.type == "end-announced" for e in ev) and s.last_turn == 13
    s, _ = act(s, "keep")
    s = _finish_turn(s)  # the current turn finishes
    played = []
    while not GAME.is_over(s):
        played.append(s.seat)
        s = _finish_turn(s)
    assert played == [2, 3, 0, 1]  # one more turn each, the trigger too
    out = GAME.result(s)
    assert out.winners == (1, 3) and out.scores == (0, 28, 0, 28)  # 3+3+3+6 + 6+4+2 + 1
    assert GAME.legal_actions(s, 1) == []


def test_alone_the_fifth_mission_ends_it():
    s = table(
        players=3,
        hands={0: "3r 3b"},
        general="P1",
        seat=0,
        turn=3,
        done={0: ("T1", "T2", "T3", "R1")},
    )
    s, _ = act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")
    assert s.last_turn == 6


def test_seven_missions_do_not_end_it():
    s = table(
        hands={1: "3r 3b"},
        general="P1",
        seat=1,
        turn=9,
        done={1: ("T1", "T2", "T3"), 3: ("R2", "R3", "R4")},
    )
    s, _ = act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")
    assert s.last_turn is None


def test_most_points_then_fewer_missions_then_shared():
    over = dict(phase="over")
    s = table(done={0: ("R1",), 1: ("P1", "P2", "H3", "S5")}, **over)  # 6 v 4
    assert GAME.result(s).winners == (0, 2)
    s = table(done={0: ("R1",), 1: ("P1", "P2", "H3", "S5", "P11", "C1")}, **over)
    out = GAME.result(s)  # 6 v 7
    assert out.winners == (1, 3) and out.reason == "most points"
    s = table(done={0: ("R1",), 1: ("P1", "P2", "H3", "S5", "R6")}, **over)  # 6 v 6
    out = GAME.result(s)
    assert out.winners == (0, 2) and out.reason == "fewer missions on equal points"
    s = table(done={0: ("R1", "P1"), 2: ("T1",), 1: ("R2", "P2", "T2")}, **over)
    out = GAME.result(s)  # 10 v 10, 3 missions each
    assert out.winners == (0, 1, 2, 3) and out.reason == "shared win"
    assert out.details["points"] == [10, 10] and out.details["missions"] == [3, 3]


# --------------------------------------------------------------------------- views
def test_views_hide_other_hands_and_the_piles():
    s = GAME.setup(4, 5)
    v = GAME.view(s, 1)
    assert v["hand"] == list(s.hands[1]) and v["hand_sizes"] == [1, 2, 3, 3]
    assert v["deck_size"] == len(s.deck) and "deck" not in v
    assert v["bank"] == list(s.bank) and v["partner"] == 3
    assert GAME.view(s, None)["hand"] == []


def test_notation_round_trips():
    s = table(hands={0: "3r 3b 5r 5b 4b 8r"}, general="P1", own={0: ("S5",)})
    for a in GAME.legal_actions(s, 0):
        assert GAME.parse_action(GAME.format_action(a)) == a


# --------------------------------------------------------------------------- invariants
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([4, 6]), seed=st.integers(0, 2**31))
def test_cards_are_conserved_and_gifts_stay_secret(players, seed):
    rng = random.Random(seed)
    s = GAME.setup(players, seed)
    gifts = 0
    for _ in range(600):
        if GAME.is_over(s):
            break
        conserved(s)
        seat = s.seat
        legal = GAME.legal_actions(s, seat)
        give = [a for a in legal if a["type"] == "give"]
        rest = [a for a in legal if a["type"] != "give"]
        if give and rng.random() < 0.4:
            action = rng.choice(give)
        elif {"type": "end-turn"} in legal and rng.random() < 0.5:
            action = {"type": "end-turn"}
        else:
            action = rng.choice(rest or legal)
        before = {who: GAME.view(s, who) for who in range(players)}
        s, events = GAME.apply(s, seat, action)
        if action["type"] == "give":
            gifts += 1
            to = (seat + players // 2) % players
            (e,) = events
            for who in [None, *range(players)]:
                seen = e.for_seat(who)
                assert ("cards" in seen) == (who in (seat, to))
                if who is not None and who not in (seat, to):
                    # A third seat learns only the count: its view changes in the
                    # hand sizes alone.
                    after = GAME.view(s, who)
                    diff = {k for k in after if after[k] != before[who][k]}
                    assert diff <= {"hand_sizes", "gave"}
            assert all(set(g["cards"]) <= set(range(64)) for g in GAME.view(s, to)["gifts"])
        for who in range(players):
            v = GAME.view(s, who)
            assert all(g["from"] == who or g["to"] == who for g in v["gifts"])
            assert v["hand"] == list(s.hands[who])
    conserved(s)


# --------------------------------------------------------------------------- legal from the view
def legal_everywhere(state) -> None:
    """``legal_from_view`` equals ``legal_actions`` for every seat and a spectator, on
    the view as it arrives over the wire (a JSON round trip)."""
    for who in [None, *range(state.players)]:
        view = json.loads(json.dumps(GAME.view(state, who)))
        expected = [] if who is None else GAME.legal_actions(state, who)
        assert GAME.legal_from_view(view) == expected, who


def test_legal_from_view_at_the_turns_decisions():
    legal_everywhere(GAME.setup(4, 3))  # set-up swap
    legal_everywhere(table(hands={0: "1r 1b 2r 2b 3r 3b 4r 4b"}, must_discard=2))
    s = table(hands={0: "3r 3b 5r 5r 6b"}, general="P1", own={0: ("T1",), 2: ("P9",)})
    legal_everywhere(s)
    s, _ = act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")
    legal_everywhere(s)  # keep or reject
    legal_everywhere(replace(s, mission_deck=()))  # keep only
    s = replace(s, fresh=None, gave=True, draws_left=0)
    legal_everywhere(s)
    legal_everywhere(table(players=5, hands={0: "3r 5b"}))  # no gifts alone
    every = " ".join(f"{v}{c}" for v in range(1, 9) for c in "rb" for _ in range(4))
    hands = {0: " ".join(every.split()[:32]), 2: " ".join(every.split()[32:])}
    s = table(hands=hands, bank="", deck="", discard="", general="R7", own={0: ("R2",)})
    legal_everywhere(s)  # nothing to draw
    legal_everywhere(table(hands={0: "5r"}, deck="", discard=""))  # the discards only
    legal_everywhere(table(done={0: ("R1",)}, phase="over"))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(3, 6), seed=st.integers(0, 2**31))
def test_legal_from_view_equals_legal_actions_in_random_play(players, seed):
    rng = random.Random(seed)
    s = GAME.setup(players, seed)
    for _ in range(250):
        legal_everywhere(s)
        if GAME.is_over(s):
            break
        legal = GAME.legal_actions(s, s.seat)
        rest = [a for a in legal if a["type"] != "give"] or legal
        s, _ = GAME.apply(s, s.seat, rng.choice(rest if rng.random() < 0.8 else legal))


# --------------------------------------------------------------------------- the fast path
def follow(state, rng, steps: int, first: tuple[str, ...] = ()):
    """Play ``first`` (notation), then random actions, through ``apply`` and the fast
    path side by side: the same legal codes, awaited seats and state digest at every
    step, and the same outcome. Returns the main path's state after ``first``."""
    sim = GAME.simulation(state)
    for text in first:
        action = GAME.parse_action(text)
        assert sorted(sim.legal(state.seat)) == sorted(
            GAME.encode_action(a) for a in GAME.legal_actions(state, state.seat)
        )
        sim.play(state.seat, GAME.encode_action(action))
        state, _ = GAME.apply(state, state.seat, action)
        assert GAME.digest(sim.state()) == GAME.digest(state)
    after = state
    for _ in range(steps):
        assert sim.is_over() == GAME.is_over(state)
        assert GAME.digest(sim.state()) == GAME.digest(state)
        if GAME.is_over(state):
            assert sim.scores() == GAME.result(state).scores
            assert sim.winners() == GAME.result(state).winners
            break
        seat = state.seat
        legal = GAME.legal_actions(state, seat)
        codes = [GAME.encode_action(a) for a in legal]
        assert sorted(sim.legal(seat)) == sorted(codes)
        assert [GAME.decode_action(c) for c in codes] == legal
        i = rng.randrange(len(legal))
        state, _ = GAME.apply(state, seat, legal[i])
        sim.play(seat, codes[i])
    return after


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 5]), seed=st.integers(0, 2**31))
def test_the_fast_path_follows_whole_games_alone(players, seed):
    follow(GAME.setup(players, seed), random.Random(seed), 20000)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([4, 6]), seed=st.integers(0, 2**31))
def test_the_fast_path_follows_teams(players, seed):
    follow(GAME.setup(players, seed), random.Random(seed), 400)


def test_the_fast_path_reshuffles_cards_and_missions_and_discards_to_the_limit():
    rng = random.Random(4)
    s = table(hands={0: "5r 3r 3b"}, deck="", discard="", general="P1")
    s = follow(s, rng, 60, ("draw deck",))  # the discards become the draw pile
    assert len(s.deck) == 64 - 3 - 3 - 1 and s.discard == () and s.rng != table().rng
    s = table(hands={0: "3r 3b", 2: "1r 2r 3r 4r 5r 6r 7r 8r"}, general="P1")
    s = replace(s, mission_deck=(), mission_discard=s.mission_deck)
    three = sorted(cards("3r 3b"))
    s = follow(s, rng, 200, (f"complete P1 {three[0]} {three[1]}", "reject"))
    assert len(s.mission_discard) == 1 and s.general is not None  # missions reshuffled
    s = table(hands={0: "3r 3b", 2: "1r 2r 3r 4r 5r 6r 7r 8r"}, general="P1")
    s = replace(s, mission_deck=s.mission_deck[:1], mission_discard=s.mission_deck[1:5])
    s = follow(s, rng, 200, (f"complete P1 {three[0]} {three[1]}", "reject"))
    assert len(s.mission_discard) == 1 and len(s.mission_deck) == 3  # reshuffled first
    s = follow(table(hands={0: "1r 1b 2r 2b 3r 3b 4r 4b"}, must_discard=2), rng, 200)
    s = table(players=3, hands={1: "1r 1b 2r 2b 3r 3b 4r 4b 5r"}, seat=0, turn=3)
    s = follow(s, rng, 200, ("draw deck", "draw deck", "end-turn"))
    assert s.must_discard == 1
    done = {1: ("T1", "T2", "T3", "R1"), 3: ("R2", "R3", "R4")}
    s = table(hands={1: "3r 3b"}, general="P1", seat=1, turn=9, done=done)
    s = follow(s, rng, 2000, (f"complete P1 {three[0]} {three[1]}", "keep"))
    assert s.last_turn == 13  # the end announced: the rest to the end on both paths


def test_action_codes_round_trip_and_junk_is_refused():
    s = table(hands={0: "3r 3b 5r 5b 4b 8r"}, general="P1", own={0: ("S5",)})
    for a in GAME.legal_actions(s, 0) + [{"type": "discard", "card": 63}]:
        assert GAME.decode_action(GAME.encode_action(a)) == a
    assert GAME.encode_action({"type": "end-turn"}) == 7
    assert GAME.encode_action({"type": "draw", "from": "bank", "card": 5}) == 2 | 5 << 3
    for junk in (
        {"type": "give", "cards": [1, 2, 3]},
        {"type": "give", "cards": [2, 1]},
        {"type": "complete", "mission": "Z9", "cards": [1]},
        {"type": "draw", "from": "deck", "card": 1},
        {"type": "discard", "card": 64},
        {"type": "keep", "x": 1},
        {"type": "nothing"},
    ):
        with pytest.raises(MalformedAction):
            GAME.encode_action(junk)
    for junk in (-1, 8 | 1, 1 << 3 | 4, "7", 6 | 0b111 << 3):
        with pytest.raises(MalformedAction):
            GAME.decode_action(junk)


# --------------------------------------------------------------------------- bots
def _bot_turn(level: str, state, seed: int = 0):
    from engine import get_bot

    bot = get_bot("teamplay", level, seed=seed)
    seat = state.seat
    return bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat))


def test_normal_draws_from_the_bank_with_purpose():
    s = table(hands={0: "3r 8b"}, bank="1b 3b 6r", general="T4", own={0: ("P1",)}, deck="2r 2b 5b")
    take = {"type": "draw", "from": "bank", "card": cards("3b")[0]}
    assert _bot_turn("normal", s) == take
    # Hard's search starts from the same choice (tests/engine/test_teamplay_search.py).


def test_normal_completes_and_gives_the_partner_a_completing_pair():
    s = table(hands={0: "3r 3b 5r 5r"}, general="T4", own={0: ("P1",), 2: ("P9",)})
    three = sorted(cards("3r 3b"))
    for level in ("normal", "hard"):
        assert _bot_turn(level, s) == {"type": "complete", "mission": "P1", "cards": three}
    fives = sorted(cards("5r 5r", set(three)))
    s = table(hands={0: "5r 5r 8b"}, general="T4", own={0: ("T1",), 2: ("P9",)}, draws_left=0)
    for level in ("normal", "hard"):
        assert _bot_turn(level, s) == {"type": "give", "cards": fives}


@pytest.mark.parametrize("players", [3, 4, 6])
def test_hard_bots_finish_a_game_with_legal_actions(players):
    from engine import get_bot

    s = GAME.setup(players, 21)
    bots = [get_bot("teamplay", "hard", seed=i) for i in range(players)]
    for bot in bots:
        bot.samples = 4  # a small budget: the moves, not the strength
    for _ in range(3000):
        if GAME.is_over(s):
            break
        seat = s.seat
        legal = GAME.legal_actions(s, seat)
        action = bots[seat].choose(GAME.view(s, seat), legal)
        assert action in legal
        s, _ = GAME.apply(s, seat, action)
    assert GAME.is_over(s)
    assert max(GAME.team_missions(s)) >= (8 if players % 2 == 0 else 5)


def test_set_aside_missions_are_reshuffled_when_the_mission_pile_is_empty():
    # Not on the page (settled like the number cards): see rules.py _draw_mission.
    s = table(hands={0: "3r 3b"}, general="P1")
    n = len(s.mission_deck)
    s = replace(s, mission_deck=(), mission_discard=s.mission_deck)
    s, ev = act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")
    assert any(e.type == "reshuffle" and e.public["to"] == "missions/deck" for e in ev)
    assert s.general is not None and len(s.mission_deck) == n - 1 and s.fresh == "general"
    conserved(s)
    # Nothing left anywhere: the place stays empty and the new mission cannot be chosen.
    s = table(hands={0: "3r 3b"}, general="P1")
    s = replace(
        s,
        mission_deck=(),
        mission_discard=(),
        done=((), s.mission_deck[:20], (), s.mission_deck[20:]),
    )
    s, _ = act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")
    assert s.general is None and s.fresh is None
    conserved(s)


def test_a_new_mission_may_be_rejected_while_set_aside_missions_remain():
    # teamplay.md 2B: a player who does not like the new mission may set it aside and
    # draw the next. With the mission pile empty, the next comes from the missions set
    # aside before (reshuffled first, so the rejected one cannot come straight back).
    s = table(hands={0: "3r 3b"}, general="P1")
    aside, rest = s.mission_deck[1:4], s.mission_deck[4:]
    s = replace(s, mission_deck=s.mission_deck[:1], mission_discard=aside, done=((), rest, (), ()))
    new = s.mission_deck[0]
    s, _ = act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")
    assert s.general == new and s.mission_deck == () and s.fresh == "general"
    assert GAME.legal_actions(s, 0) == [{"type": "keep"}, {"type": "reject"}]
    legal_everywhere(s)
    s, ev = act(s, "reject")
    assert [e.type for e in ev] == ["reshuffle", "move", "move"]
    assert ev[0].public == {"from": "missions/discard", "to": "missions/deck", "count": 3}
    assert s.general in aside and s.mission_discard == (new,) and len(s.mission_deck) == 2
    assert s.fresh is None
    conserved(s)
    # Nothing set aside and the pile empty: the new mission stays.
    s = table(hands={0: "3r 3b"}, general="P1")
    rest = s.mission_deck[1:]
    s = replace(s, mission_deck=s.mission_deck[:1], done=((), rest, (), ()))
    s, _ = act(s, f"complete P1 {cards('3r')[0]} {cards('3b')[0]}")
    assert s.fresh is None and GAME.legal_actions(s, 0)[0]["type"] == "draw"
    conserved(s)


def test_with_no_number_card_left_to_draw_the_turn_may_end():
    every = " ".join(f"{v}{c}" for v in range(1, 9) for c in "rb" for _ in range(4))
    hands = {0: " ".join(every.split()[:32]), 2: " ".join(every.split()[32:])}
    s = table(hands=hands, bank="", deck="", discard="")
    assert not s.deck and not s.discard and not s.bank
    assert {"type": "end-turn"} in GAME.legal_actions(s, 0)
    assert not any(a["type"] == "draw" for a in GAME.legal_actions(s, 0))


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_choose_from_the_view_alone(level):
    # choose(view) computes the legal list with legal_from_view: the same choices as
    # with the host's list (the same seeds), and only legal ones.
    from engine import get_bot

    state = GAME.setup(4, 8)
    given = [get_bot(GAME.id, level, seed=s) for s in range(4)]
    alone = [get_bot(GAME.id, level, seed=s) for s in range(4)]
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = min(GAME.awaiting(state))
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        action = alone[seat].choose(view)
        assert action == given[seat].choose(view, legal) and action in legal
        state, _ = GAME.apply(state, seat, action)
