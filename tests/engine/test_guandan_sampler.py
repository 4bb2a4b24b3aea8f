"""The ``reads`` sampler of Guandan's hard bot (issue 17): the clues read from a
constructed deal's plays and passes, exactly; the weight of a dealing that breaks
them; every sample consistent with the view (hand counts exact, seen cards never
dealt, tribute cards where they went, a payer never holding a card stronger than its
tribute); and the samples a function of the view alone."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.guandan import GAME
from engine.guandan.bots import make_bot
from engine.guandan.cards import card_value, is_wild, parse_card
from engine.guandan.sampler import Clue, offending, read_clues, values, weight
from engine.guandan.search import Deck, GuandanAdapter
from engine.search import determinization_mismatches

NONE = (0,) * 18


def _play(state, seat, cards, combo, rank):
    ids = sorted(parse_card(c) for c in cards.split())
    action = {"type": "play", "cards": ids, "combo": combo, "rank": rank}
    return GAME.apply(state, seat, action)[0]


def _pass(state, seat):
    return GAME.apply(state, seat, {"type": "pass"})[0]


def constructed():
    """Seat 0 leads the 5♠, seat 1 beats it with the 9♠, seat 2 passes (on an
    opponent), seat 3 passes (on its partner), seat 0 passes; seat 1 leads a pair of
    kings. Level 2."""
    s = GAME.from_hands(["5S 3D 4D 6D 8D", "9S KS KC 7C 7D", "JS QD 3C 4C", "AS 6C 8C 9C"])
    s = _play(s, 0, "5S", "single", 5)
    s = _play(s, 1, "9S", "single", 9)
    s = _pass(s, 2)
    s = _pass(s, 3)
    s = _pass(s, 0)
    return _play(s, 1, "KS KC", "pair", 13)


def test_plays_and_passes_read_as_exact_clues():
    kings = tuple(2 if v == 13 else 0 for v in range(18))
    assert read_clues(GAME.view(constructed(), 3)) == [
        # a lead of the 5: no loose card below 5, no pair below 3, no triple below 5
        Clue(0, "lead", 1, 1, 5, 0, NONE, 0.1),
        Clue(0, "lead", 2, 1, 3, 0, NONE, 0.25),
        Clue(0, "lead", 3, 1, 5, 0, NONE, 0.25),
        # beat the 5 with the 9: no loose card between (the kings played later count)
        Clue(1, "follow", 1, 5, 9, 1, kings, 0.25),
        # passes on an opponent's 9: no loose card above it (seat 3's on its partner: none)
        Clue(2, "pass", 1, 9, 18, 2, NONE, 0.1),
        Clue(0, "pass", 1, 9, 18, 4, NONE, 0.1),
        # a lead of two kings: no pair or triple below them, no loose card below 10
        Clue(1, "lead", 2, 1, 13, 5, NONE, 0.1),
        Clue(1, "lead", 1, 1, 10, 5, NONE, 0.25),
        Clue(1, "lead", 3, 1, 13, 5, NONE, 0.35),
    ]


def test_the_seats_own_decisions_give_no_clue():
    assert [c.seat for c in read_clues(GAME.view(constructed(), 1))] == [0, 0, 0, 2, 0]


def test_a_dealing_breaking_clues_is_weighted_by_their_product():
    clues = [c for c in read_clues(GAME.view(constructed(), 3)) if c.seat == 1]
    vals = values(2)
    eight = parse_card("8H")
    hand = [eight, parse_card("JC"), parse_card("QC")]
    # a loose 8 breaks "no loose card between 5 and 9" and "no loose card below 10"
    assert weight(hand, clues, vals) == 0.25 * 0.25
    assert offending(hand, clues, vals) == [eight]
    assert weight([parse_card("JC"), parse_card("QC")], clues, vals) == 1.0
    # a pair of 7s (with the kings played later): "no pair below the kings" breaks
    sevens = [parse_card("7S"), parse_card("7H")]
    assert weight(sevens, clues, vals) == 0.1


def test_level_cards_and_jokers_have_their_card_order_values():
    vals = values(5)
    assert [vals[parse_card(c)] for c in ("4S", "5S", "5H", "AS", "BJ", "RJ")] == [
        4,
        15,
        0,  # the ♥ level card is wild: it says nothing
        14,
        16,
        17,
    ]


def test_the_sampler_keeps_likelier_dealings():
    view = GAME.view(constructed(), 3)
    deck = Deck(view, reads=True)
    rng = random.Random(5)
    kept = sum(deck.weight(deck.sample(rng)) for _ in range(200)) / 200
    plain = sum(deck.weight(deck.deal(rng)) for _ in range(200)) / 200
    assert kept > 5 * plain  # mean weight 0.0711 against 0.0073 with this seed


def _play_to(seed: int, deal: int, steps: int):
    s = GAME.setup(4, seed, {"deals": 3})
    bots = [make_bot("normal", seed=k) for k in range(4)]
    while s.deal < deal or s.phase != "play":
        seat = min(GAME.awaiting(s))
        s = GAME.apply(s, seat, bots[seat].choose(GAME.view(s, seat)))[0]
    for _ in range(steps):
        if GAME.is_over(s) or s.deal != deal:
            break
        seat = min(GAME.awaiting(s))
        s = GAME.apply(s, seat, bots[seat].choose(GAME.view(s, seat)))[0]
    return s


def test_a_tribute_payer_is_never_dealt_a_stronger_card():
    # seat 1 paid the Q♠ to seat 0: it held nothing stronger (♥ wilds aside)
    queen = parse_card("QS")
    s = GAME.from_hands(
        ["QS 3D 4D 5D 6D", "9S 8C 7C 6C 5C", "JS QD 3C 4C", "AS 6H 8D 9C"],
        payers=(1,),
        transfers=((1, 0, queen),),
    )
    s = _play(s, 0, "3D", "single", 3)
    s = _play(s, 1, "9S", "single", 9)
    view = GAME.view(s, 2)
    deck = Deck(view, reads=True)
    assert deck.reads[1] and len(deck.pool) > 60  # the cards nobody holds are unseen
    rng = random.Random(0)
    strong = 0
    for _ in range(300):
        hands = deck.sample(rng)
        assert [len(h) for h in hands] == [4, 4, 0, 4]
        assert queen in hands[0]
        assert all(card_value(c, 2) <= 12 or is_wild(c, 2) for c in hands[1])
        strong += any(card_value(c, 2) > 12 for c in hands[3])
    assert strong > 100  # the other hands do get the strong cards


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 40), st.integers(1, 2), st.integers(0, 80))
def test_every_sample_is_consistent_with_the_view(seed, deal, steps):
    s = _play_to(seed, deal, steps)
    if GAME.is_over(s) or s.phase != "play":
        return
    seat = min(GAME.awaiting(s))
    view = GAME.view(s, seat)
    deck = Deck(view, reads=True)
    seen = set(view["hand"]) | {c for p in view["plays"] for c in p.get("cards", ())}
    rng = random.Random(seed)
    for _ in range(5):
        hands = deck.sample(rng)
        assert hands[seat] == []
        for k in range(4):
            if k != seat:
                assert len(hands[k]) == view["hand_counts"][k]
                assert not seen & set(hands[k])
        dealt = [c for h in hands for c in h]
        assert len(dealt) == len(set(dealt))
        for payer, receiver, card in view["tribute"]["transfers"]:
            if receiver != seat and card not in seen:
                assert card in hands[receiver]
            if payer != seat:
                top = card_value(card, view["level"])
                assert all(
                    card_value(c, view["level"]) <= top or is_wild(c, view["level"])
                    for c in hands[payer]
                )
    adapter = GuandanAdapter()
    adapter.sampler = "reads"
    assert determinization_mismatches(adapter, view, random.Random(seed), 2) == []


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 40), st.integers(0, 80), st.integers(0, 1000))
def test_what_the_seat_cannot_see_never_changes_the_samples(seed, steps, shuffle):
    s = _play_to(seed, 1, steps)
    if GAME.is_over(s) or s.phase != "play":
        return
    seat = min(GAME.awaiting(s))
    twin = GAME.shuffle_unknown(s, seat, random.Random(shuffle))
    view, other = GAME.view(s, seat), GAME.view(twin, seat)
    assert other == view
    a, b = Deck(view, reads=True), Deck(other, reads=True)
    assert (a.pool, a.fixed, a.need, a.allowed, a.reads) == (
        b.pool,
        b.fixed,
        b.need,
        b.allowed,
        b.reads,
    )
    assert a.sample(random.Random(seed)) == b.sample(random.Random(seed))
