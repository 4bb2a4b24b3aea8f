"""Guandan bots: easy plays its lowest play; normal plans, leaves its partner's tricks,
bombs with purpose, feeds a partner close to going out; hard stays legal."""

from __future__ import annotations


from engine.guandan import GAME
from engine.guandan.bots import make_bot
from engine.guandan.cards import format_cards, parse_card
from engine.guandan.planner import hand_cost

FILL = "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 3C 4C 5C 6C 7C 8C 9C 10C"


def decide(level, state, seat=None):
    seat = GAME.awaiting(state).__iter__().__next__() if seat is None else seat
    bot = make_bot(level, seed=1)
    action = bot.choose(GAME.view(state, seat), GAME.legal_actions(state, seat))
    assert GAME.is_legal(state, seat, action)
    return action


def cards_of(action):
    return format_cards(action["cards"]) if action["type"] == "play" else action["type"]


def after(state, seat, cards, combo, rank):
    ids = sorted(parse_card(c) for c in cards.split())
    return GAME.apply(state, seat, {"type": "play", "cards": ids, "combo": combo, "rank": rank})[0]


def test_easy_leads_its_lowest_play_and_follows_with_the_lowest_beating_one():
    s = GAME.from_hands(["KS 9S 9C 3S", "4H", "5H", "6H"])
    assert cards_of(decide("easy", s)) == "3S"
    s = after(GAME.from_hands(["9S 9C", "KS KC 5S 5C 10S 10C", "5H", "6H"]), 0, "9S 9C", "pair", 9)
    assert cards_of(decide("easy", s)) == "10S 10C"


def test_normal_goes_out_when_one_play_empties_its_hand():
    s = GAME.from_hands(["9S 9C", "4H", "5H", "6H"])
    assert cards_of(decide("normal", s)) == "9S 9C"


def test_normal_does_not_beat_its_partner():
    partner_led = after(
        GAME.from_hands(["4S", "QS QC KS KC 2C 3C 6D", "5S 7H", "AS AC"]), 0, "4S", "single", 4
    )
    partner_led = GAME.apply(partner_led, 1, {"type": "pass"})[0]
    assert partner_led.turn == 2
    # seat 2 could beat its partner's 4 with 5S or 7H but passes
    assert decide("normal", partner_led)["type"] == "pass"


def test_normal_bombs_an_opponent_close_to_going_out_but_not_otherwise():
    hand1 = "5S 5H 5C 5D 3S 4S 7D 8D 9D JC"
    near = after(GAME.from_hands(["AS KS", hand1, "6H 6C", FILL]), 0, "AS", "single", 14)
    assert (near.turn, len(near.hands[0])) == (1, 1)
    assert decide("normal", near)["combo"] == "bomb"
    many = "6S 7S 8S 9S 10S JS QS JH QH KH 2S 2C 2D 3H 4H 7H 8H 9H 10H 10D"
    far = after(GAME.from_hands([many + " AS KS", hand1, "6H 6C", FILL]), 0, "AS", "single", 14)
    assert decide("normal", far)["type"] == "pass"


def test_normal_feeds_a_partner_close_to_going_out():
    s = GAME.from_hands(
        ["3S 8C 8D 10S 10H JC JD QH", "KS KC KD 4H 4C 6C 7C", "4S", "AH AC 2C 2D 9S 9H"],
        level=2,
        turn=0,
    )
    action = decide("normal", s)
    assert cards_of(action) == "3S"


def test_normal_returns_a_card_that_keeps_its_plan():
    s = GAME.from_hands(
        ["3S 3C 4D 9S 9C 9D KS BJ", "5H", "6H", "AS 7H"],
        phase="return",
        payers=(3,),
        transfers=((3, 0, parse_card("BJ")),),
        prev_places=(0, 1, 2, 3),
    )
    action = decide("normal", s, seat=0)
    assert action == {"type": "return", "card": parse_card("4D")}
    assert hand_cost([parse_card(c) for c in "3S 3C 9S 9C 9D KS BJ".split()], 2) < hand_cost(
        [parse_card(c) for c in "3C 4D 9S 9C 9D KS BJ".split()], 2
    )


def test_bots_decide_from_the_view_alone():
    s = after(GAME.from_hands(["9S 9C", "KS KC 5S 5C 10S 10C", "5H", "6H"]), 0, "9S 9C", "pair", 9)
    for level in ("easy", "normal", "hard"):
        view = GAME.view(s, 1)
        assert make_bot(level, seed=1).choose(view) == make_bot(level, seed=1).choose(
            view, GAME.legal_actions(s, 1)
        )
    assert cards_of(make_bot("easy", seed=1).choose(GAME.view(s, 1))) == "10S 10C"


def test_bots_are_reproducible_and_legal_over_a_deal():
    for level in ("easy", "normal"):
        digests = []
        for _ in range(2):
            s = GAME.setup(4, 7, {"deals": 1})
            bots = [make_bot(level, seed=k) for k in range(4)]
            while not GAME.is_over(s):
                seat = min(GAME.awaiting(s))
                a = bots[seat].choose(GAME.view(s, seat), GAME.legal_actions(s, seat))
                s = GAME.apply(s, seat, a)[0]
            digests.append(GAME.digest(s))
        assert digests[0] == digests[1]


def test_hard_chooses_legal_actions_within_a_small_budget():
    s = GAME.setup(4, 4, {"deals": 1})
    bots = [make_bot("hard", seed=k) for k in range(4)]
    for b in bots:
        b.samples, b.seconds = 2, None
    for _ in range(60):
        if GAME.is_over(s):
            break
        seat = min(GAME.awaiting(s))
        legal = GAME.legal_actions(s, seat)
        a = bots[seat].choose(GAME.view(s, seat), legal)
        assert a in legal
        s = GAME.apply(s, seat, a)[0]


def test_finisher_reads_safe_plays_and_ways_out():
    from engine.guandan import codes as cd
    from engine.guandan.bots import Finisher

    s = GAME.from_hands(["RJ 3S 3C", "4H 5H", "5S 6S", "6H 7H"], level=2, turn=0)
    f = Finisher(GAME.view(s, 0))
    rj, s3, c3 = (parse_card(c) for c in ("RJ", "3S", "3C"))
    single = cd.KIND_OF["single"] << 5
    assert f.safe(cd.mask_of([rj]) << 9 | single | 17)  # the other red joker only ties
    assert not f.safe(cd.mask_of([s3]) << 9 | single | 3)
    assert f.finishes(cd.mask_of([s3, c3]))  # one play: the pair
    assert f.finishes(cd.mask_of([rj, s3, c3]))  # the safe joker, then the pair
    assert f.finishes(cd.mask_of([rj, s3]))  # joker first, then 3S
    assert not f.finishes(cd.mask_of([s3, parse_card("9D")]))  # two plays, neither safe


def test_normal_with_finish_leads_a_safe_play_before_its_last_one():
    s = GAME.from_hands(["RJ 3S", "4H 5H", "5S 6S", "6H 7H"], level=2, turn=0)
    view, legal = GAME.view(s, 0), GAME.legal_actions(s, 0)
    bot = make_bot("normal", seed=1)
    assert cards_of(bot.choose(view, legal)) == "3S"  # by default: the weak card first
    bot.finish = 10
    assert cards_of(bot.choose(view, legal)) == "RJ"  # keeps the lead, then goes out


def test_normal_with_guard_does_not_lead_as_many_cards_as_an_opponent_holds():
    s = GAME.from_hands(["4S 4C 4D 6S 6C KD KC", "5H 5C 5D 8D 8C", "6D", "7S 7C 7D 8S"])
    view, legal = GAME.view(s, 0), GAME.legal_actions(s, 0)
    bot = make_bot("normal", seed=1)
    assert cards_of(bot.choose(view, legal)) == "4S 4C 4D 6S 6C"  # the full house
    bot.guard = True  # seat 1 holds five cards: a full house might take it out
    assert cards_of(bot.choose(view, legal)) == "6S 6C"


def test_normal_with_block_weighs_the_other_opponent_close_to_going_out():
    hands = [
        "9S KS' AH 9D' 3C' JH' 10D' KH 3H 6D",
        "9H' JD 10D 3D' 7H' 2C' 4D AD 2D' AS",
        "10S 5C' 5S' KD KC' AS' 5S 5H",
        "JS'",
    ]
    s = after(GAME.from_hands(hands, turn=1), 1, "2C'", "single", 2)
    view, legal = GAME.view(s, 2), GAME.legal_actions(s, 2)
    bot = make_bot("normal", seed=1)
    assert bot.choose(view, legal)["type"] == "pass"  # seat 1 still holds nine cards
    bot.block = True  # seat 3 holds one: seat 1 would lead it a single
    assert cards_of(bot.choose(view, legal)) == "5S 5H 5S' 5C'"


def test_hard_gives_its_base_settings_to_its_base_policy():
    s = GAME.from_hands(["RJ 3S", "4H 5H", "5S 6S", "6H 7H"], level=2, turn=0)
    view, legal = GAME.view(s, 0), GAME.legal_actions(s, 0)
    bot = make_bot("hard", seed=1)
    bot.samples, bot.seconds = 2, None  # too few samples to prune: the base's choice
    bot.finish = 0
    assert cards_of(bot.choose(view, legal)) == "3S"
    bot.finish = 10
    assert cards_of(bot.choose(view, legal)) == "RJ"
