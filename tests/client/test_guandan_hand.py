"""The Guandan table as a Guandan app plays (issue 16): plays drawn in their reading's
order with each wild where it stands in; distinct marks for level cards, wilds and the
selection; the hand sorted by rank, suit or combinations and arranged by dragging,
kept until the deal ends; the last trick reviewed."""

from __future__ import annotations

import pygame
import pytest

from client.launch import start_table
from client.tables.guandan import faces as gc
from client.tables.guandan.hand import Hand, by_suit, combo_groups
from client.tables.guandan.layout import play_rects
from client.tables.guandan.layout import SELECTED
from engine.guandan.cards import format_cards, parse_cards
from tests.client.conftest import run_until

SEATS = ["human", "bot:easy", "bot:easy", "bot:easy"]


def names(cards) -> str:
    return format_cards(cards)


def arranged(combo, top, text, level=2):
    return [
        (gc.card_text(c), stands) for c, stands in gc.arrange(combo, top, parse_cards(text), level)
    ]


# ---------------------------------------------------------------- reading order
def test_pairs_are_laid_out_q_q_k_k_a_a():
    assert [c for c, _s in arranged("consecutive-pairs", 14, "QH AS KS QS AH KH")] == [
        "Q♠", "Q♥", "K♠", "K♥", "A♠", "A♥",
    ]  # fmt: skip


def test_a_wild_stands_where_it_fills_a_straight():
    # Level 2: ♥2 is wild; 5-6-?-8-9 reads as a straight to 9, the wild as the 7.
    assert arranged("straight", 9, "9D 5S 2H 8S 6S") == [
        ("5♠", None), ("6♠", None), ("2♥", 7), ("8♠", None), ("9♦", None),
    ]  # fmt: skip


def test_the_low_ace_leads_a_straight_to_5():
    assert [c for c, _s in arranged("straight", 5, "5D 3H AS 4S 2S", level=7)] == [
        "A♠", "2♠", "3♥", "4♠", "5♦",
    ]  # fmt: skip


def test_a_full_house_reads_triple_then_pair_with_the_wild_in_the_triple():
    assert arranged("full-house", 9, "5D 9S 2H 5S 9D") == [
        ("9♠", None), ("9♦", None), ("2♥", 9), ("5♠", None), ("5♦", None),
    ]  # fmt: skip


def test_a_bomb_puts_its_wild_last_and_four_jokers_small_first():
    assert arranged("bomb", 9, "9S 7H 9H 9D", level=7) == [
        ("9♠", None), ("9♥", None), ("9♦", None), ("7♥", 9),
    ]  # fmt: skip
    assert [c for c, _s in arranged("four-jokers", 17, "RJ BJ RJ BJ")] == [
        "small joker", "small joker", "big joker", "big joker",
    ]  # fmt: skip


def test_a_played_wild_is_drawn_in_its_stand_in_place(app):
    table = start_table(app, "guandan", SEATS, seed=81)
    assert run_until(app, lambda: table.my_decision() == "play" and table.timeline.idle)
    level = table.board["level"]
    wild = parse_cards(f"{'23456789'[level - 2] if level < 10 else 'T'}H")[0]
    straight = [c for c in parse_cards("5S 6S 8S 9D")] + [wild]
    entry = {"seat": 2, "type": "play", "combo": "straight", "rank": 9, "cards": straight}
    table.board["trick"] = [entry]
    table.board["last_play"] = {k: entry[k] for k in ("seat", "combo", "rank", "cards")}
    table.draw(app.screen)
    rects = play_rects(table, 2, 5)
    step = rects[1].x - rects[0].x

    def wild_pixels(r):
        return sum(
            tuple(app.screen.get_at((x, y)))[:3] == gc.WILD_FILL
            for x in range(r.x + 2, r.x + step - 1)
            for y in range(r.y + 2, r.bottom - 2)
        )

    counts = [wild_pixels(r) for r in rects]
    assert counts[2] > 100 and counts[:2] == [0, 0] and counts[3] == 0


# ---------------------------------------------------------------- marks
def test_level_cards_wilds_and_the_selection_carry_different_marks(app):
    level, w, h = 7, 90, 126
    plain, lv, wild = parse_cards("8S")[0], parse_cards("7S")[0], parse_cards("7H")[0]
    faces = {c: gc.face(c, level, w, h) for c in (plain, lv, wild)}
    ribbon = (3, h // 2)  # the level ribbon down the left edge
    assert tuple(faces[lv].get_at(ribbon))[:3] == gc.LEVEL_GOLD
    assert tuple(faces[wild].get_at(ribbon))[:3] == gc.LEVEL_GOLD
    assert tuple(faces[plain].get_at(ribbon))[:3] != gc.LEVEL_GOLD
    middle = (int(w * 0.62), int(h * 0.9))  # below the centre: the face's fill
    assert tuple(faces[wild].get_at((w // 2, int(h * 0.95))))[:3] == gc.WILD_FILL
    assert tuple(faces[plain].get_at(middle))[:3] == gc.CARD_FILL
    assert SELECTED not in (gc.LEVEL_GOLD, gc.WILD_FILL)


# ---------------------------------------------------------------- sorting
#: Level 2 (♥2 wild): a straight 3-7 held once each, a pair of 9s, four Queens, three
#: Kings, a lone Ace, the wild and three jokers.
HAND = parse_cards("3S 4H 5D 6C 7S 9S 9H QS QH QD QC KS KH KD AS 2H BJ RJ RJ")


def test_by_suit_groups_each_suit_in_card_order_the_jokers_last():
    assert names(by_suit(HAND, 2)) == ("3S 7S 9S QS KS AS 4H 9H QH KH 2H 6C QC 5D QD KD BJ RJ RJ'")


def test_by_combos_singles_pairs_triples_runs_bombs_wilds_jokers():
    assert [names(g) for g in combo_groups(HAND, 2)] == [
        "AS",
        "9S 9H",
        "KS KH KD",
        "3S 4H 5D 6C 7S",
        "QS QH QC QD",
        "2H",
        "BJ RJ RJ'",
    ]


def hand_of(cards, level=2, deal=1) -> Hand:
    hand = Hand(pygame.Rect(10, 560, 1260, 150), 90, 126, 22, 13)
    hand.set_cards(list(cards), level, deal)
    return hand


def test_dragging_selected_cards_moves_them_and_the_order_lasts_the_deal():
    hand = hand_of(HAND)
    assert names(hand.order[:3]) == "3S 4H 5D"
    ace, nine = parse_cards("AS")[0], parse_cards("9S")[0]
    hand.selected = {ace}
    r = hand.rect_of(ace)
    hand.press((r.x + 10, r.y + 20))
    hand.motion((hand.rects[0].x - 5, r.y + 20))  # carried to the far left
    assert hand.moving and hand.drop == 0
    assert hand.release()
    assert names(hand.order[:3]) == "AS 3S 4H" and hand.arranged
    # A play takes the 9s: the arrangement stays for the rest of the deal.
    hand.set_cards([c for c in HAND if c not in parse_cards("9S 9H")], 2, 1)
    assert names(hand.order[:3]) == "AS 3S 4H" and nine not in hand.order
    # A card received (tribute) goes where the sort would put it.
    hand.set_cards([c for c in HAND if c not in parse_cards("9H")], 2, 1)
    assert names(hand.order[:8]) == "AS 3S 4H 5D 6C 7S 9S QS"
    # A new deal: sorted afresh.
    hand.set_cards(HAND, 3, 2)
    assert not hand.arranged and names(hand.order[:2]) == "2H 4H"  # 3S: level 3 now


def test_a_click_on_a_selected_card_unselects_it_and_ctrl_arrows_move_it():
    hand = hand_of(HAND)
    c = hand.order[4]
    hand.selected = {c}
    r = hand.rect_of(c)
    hand.press((r.x + 10, r.y + 20))
    assert hand.release() and hand.selected == set()
    hand.selected = {c}
    hand.nudge(-1)
    assert hand.order.index(c) == 3 and hand.arranged
    hand.sort("rank")
    assert hand.order.index(c) == 4 and not hand.arranged


@pytest.mark.parametrize("mode", ["rank", "suit", "combos"])
def test_the_o_key_cycles_the_sort_and_the_buttons_choose_it(app, mode):
    from client.tables.guandan.layout import sort_buttons

    table = start_table(app, "guandan", SEATS, seed=81)
    assert run_until(app, lambda: table.my_decision() == "play" and table.timeline.idle)
    r = sort_buttons(table)[mode]
    app.frame(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=r.center)])
    assert table.hand.mode == mode
    app.frame(
        1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0, unicode="o", scancode=0)]
    )
    assert table.hand.mode == {"rank": "suit", "suit": "combos", "combos": "rank"}[mode]


# ---------------------------------------------------------------- the last trick
def test_the_last_trick_is_kept_when_it_is_won_and_l_shows_it(app):
    from client import assets

    table = start_table(app, "guandan", SEATS, seed=81)
    assert run_until(app, lambda: table.my_decision() == "play" and table.timeline.idle)
    trick = [
        {"seat": 1, "type": "play", "combo": "pair", "rank": 9, "cards": parse_cards("9S 9D")},
        {"seat": 2, "type": "pass"},
        {"seat": 3, "type": "play", "combo": "pair", "rank": 13, "cards": parse_cards("KS KH")},
        {"seat": 0, "type": "pass"},
    ]
    table.board["trick"] = list(trick)
    for beat in table.beats_for([{"type": "move", "from": "trick", "to": "played", "cards": []}]):
        table.timeline.add(beat)
    table.timeline.skip()
    assert table.last_trick == trick and table.board["trick"] == []
    app.frame(
        1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)]
    )
    assert table.review
    assets.reset_caches()
    with assets.recording() as drawn:
        table.draw(app.screen)
    words = [text for _size, text in drawn]
    assert "Last trick" in words and "pair of Kings" in words and "pair of 9s" in words
    app.frame(
        1 / 30,
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)],
    )
    assert not table.review and app.scene is table
