"""The floor under every bot level (issue 34): moves no person would make, never made
at any level — Guandan: beating the partner's standing play with no opponent about to
go out unless that is a sure way out, not going out when one play empties the hand;
Take 5 easy: a dearer row than the cheapest; Sequence Numbers: leaving a winning chip;
Teamplay: ending the turn with a mission to complete. The positions come from the
rulebooks; a short run of ``tools/absurd.py`` on fresh deals counts the forbidden
classes."""

from __future__ import annotations

import pytest

from engine import get_bot
from engine.bots import LEVELS
from engine.guandan import GAME as GD
from engine.guandan import endgame
from engine.guandan.bots import ABOUT_OUT, floor
from engine.guandan.endgame import WAY_OUT_MAX, ways_out
from engine.guandan.cards import format_cards, parse_card
from engine.take5 import GAME as T5
from tests.engine.test_take5 import table, turn
from tools import absurd

#: Seat 0's 12 cards: a bomb of four 6s and a red joker's worth of followers.
BOMBER = "6S 6H 6C 6D 3S 4S 7D 8D 9D JC QC KC"
#: The partner's 10 cards, the red joker among them.
PARTNER = "RJ 10S JS QS KS AS 9H 10H JH QH"
#: 20 cards for an opponent far from going out.
FAR = "3D 4D 5D 7C 8C 9C 10C JD QD KD AD 3C 4C 5C 2S 2C 2D 3H 4H 5H"
#: Another 20 cards far from going out (none in common with ``FAR``'s).
FAR2 = "4S 5S 6S 7S 8S 6C 6D 7D 8D JC QC KC AC 6H 7H 8H 9D 10D 4H' 5H'"


def gd_bot(level: str):
    bot = get_bot("guandan", level, seed=1)
    if level == "hard":
        bot.seconds = None  # reproducible: no time cap
    return bot


def gd_play(state, seat, cards):
    """``state`` after ``seat`` plays ``cards`` (notation) in their first reading."""
    ids = sorted(parse_card(c) for c in cards.split())
    legal = GD.legal_actions(state, seat)
    action = next(a for a in legal if a["type"] == "play" and sorted(a["cards"]) == ids)
    return GD.apply(state, seat, action)[0]


def partner_joker(opponent: str):
    """Seat 0 led 3S, seat 1 passed, seat 2 (the partner) beat it with the red joker
    and seat 3 passed: seat 0 (11 cards, a bomb of four 6s) to follow, seat 1 holding
    ``opponent``."""
    s = GD.from_hands([BOMBER, opponent, PARTNER, FAR])
    s = gd_play(s, 0, "3S")
    s = GD.apply(s, 1, {"type": "pass"})[0]
    s = gd_play(s, 2, "RJ")
    s = GD.apply(s, 3, {"type": "pass"})[0]
    assert s.turn == 0
    return s


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_bombs_its_partners_standing_play(level):
    s = partner_joker(FAR)
    view = GD.view(s, 0)
    assert view["last_play"]["seat"] == 2 and view["hand_counts"] == [11, 20, 9, 20]
    legal = GD.legal_actions(s, 0)
    assert any(a["type"] == "play" and a["combo"] == "bomb" for a in legal)
    assert gd_bot(level).choose(view, legal) == {"type": "pass"}


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_may_beat_its_partner_to_stop_an_opponent_going_out(level):
    """With seat 1 down to two cards the floor leaves the bomb on offer (the bots
    choose for themselves)."""
    s = partner_joker("AS AC")
    view = GD.view(s, 0)
    assert 0 < view["hand_counts"][1] <= ABOUT_OUT
    legal = GD.legal_actions(s, 0)
    assert floor(view, legal) == legal
    assert gd_bot(level).choose(view, legal) in legal


def partner_leads(mine: str, lead: str):
    """Seat 2 (the partner) led ``lead`` and seat 3 passed: seat 0 holding ``mine``
    to follow, both opponents holding 20 cards."""
    s = GD.from_hands([mine, FAR, lead + " 10S JS QS KS 10H JH QH", FAR2], turn=2)
    s = gd_play(s, 2, lead)
    s = GD.apply(s, 3, {"type": "pass"})[0]
    assert s.turn == 0
    return GD.view(s, 0), GD.legal_actions(s, 0)


def notated(actions):
    return [GD.format_action(a) for a in actions]


def test_the_floor_leaves_a_sure_way_out_over_the_partner():
    """The red joker over the partner's ace is safe (the other one only ties) and
    leaves a pair: going out first. The level cards 2S' and 2C' the jokers beat."""
    view, legal = partner_leads("RJ 2S' 2C'", "AS")
    assert notated(legal) == ["pass", "play single 2 2C'", "play single 2 2S'", "play single 17 RJ"]
    assert notated(floor(view, legal)) == ["pass", "play single 17 RJ"]
    assert notated(ways_out(view, legal)) == ["play single 17 RJ"]


def test_the_floor_leaves_no_safe_play_whose_rest_does_not_lead_out():
    view, legal = partner_leads("RJ 2S' 9C'", "AS")
    assert notated(legal) == ["pass", "play single 2 2S'", "play single 17 RJ"]
    assert ways_out(view, legal) == []
    assert notated(floor(view, legal)) == ["pass"]


def test_a_bomb_that_is_a_sure_way_out_is_going_out_not_a_partner_bomb():
    """Four jokers over the partner's bomb of 3s: nothing beats them, and the pair of
    9s goes out next; with 8C' more the rest is two plays, neither safe."""
    bomb = "play four-jokers 17 BJ RJ BJ' RJ'"
    view, legal = partner_leads("BJ BJ' RJ RJ' 9S 9H", "3S 3H' 3C' 3D'")
    assert notated(floor(view, legal)) == ["pass", bomb]
    assert not absurd.gd_bomb_partner(view, legal, legal[1])
    view, legal = partner_leads("BJ BJ' RJ RJ' 9S 9H 8C'", "3S 3H' 3C' 3D'")
    assert notated(legal) == ["pass", bomb]
    assert notated(floor(view, legal)) == ["pass"]
    assert absurd.gd_bomb_partner(view, legal, legal[1])


def test_ways_out_are_looked_for_only_in_small_hands(monkeypatch):
    """17 cards: the red joker, then eight 2s (the level's bomb: no unseen bomb beats
    it) and eight kings, a way out the floor does not look for past WAY_OUT_MAX."""
    view, legal = partner_leads("RJ 2S' 2C'", "AS")
    eights = "2S 2H 2C 2D 2S' 2H' 2C' 2D' KS KH KC KD KS' KH' KC' KD'"
    view = dict(view, hand=[parse_card(c) for c in ("RJ " + eights).split()])
    joker = [a for a in legal if a["type"] == "play" and a["combo"] == "single" and a["rank"] == 17]
    assert len(view["hand"]) == WAY_OUT_MAX + 1 == 17
    assert ways_out(view, joker) == []
    monkeypatch.setattr(endgame, "WAY_OUT_MAX", 17)
    assert ways_out(view, joker) == joker


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_goes_out_when_one_play_empties_its_hand(level):
    s = GD.from_hands(["9S 9H", FAR, "6H", FAR])
    action = gd_bot(level).choose(GD.view(s, 0), GD.legal_actions(s, 0))
    assert format_cards(action["cards"]) == "9S 9H"


def test_take5_easy_takes_the_cheapest_row():
    """The too-low 3 goes under rows of 7, 1, 3 and 3 bullheads: easy takes the 1."""
    for seed in range(20):
        t = table("50 51 52 53 54 / 8 / 60 / 70", hands=["3 95 96 97", "90 91 92 93"])
        t, _ = turn(t, 3, 90)
        view = T5.view(t, 0)
        assert view["row_costs"] == [7, 1, 3, 3]
        bot = get_bot("take5", "easy", seed=seed)
        assert bot.choose(view, T5.legal_actions(t, 0)) == {"type": "take-row", "row": 1}


#: The short scan: (game, level, games, options); a few seconds in all.
SCANS = [
    ("guandan", "easy", 3, None),
    ("guandan", "normal", 3, None),
    ("take5", "easy", 3, {"rounds": 1}),
    ("sequence-numbers", "easy", 4, None),
    ("sequence-numbers", "normal", 2, None),
    ("teamplay", "easy", 2, None),
    ("teamplay", "normal", 2, None),
]


@pytest.mark.parametrize("game, level, games, options", SCANS)
def test_a_short_scan_on_fresh_deals_finds_no_forbidden_move(game, level, games, options):
    found = absurd.scan(game, level, games, seed=34_000, options=options)
    assert found.games == games and found.decisions > 0
    assert found.forbidden_seen() == [], found.examples


def test_the_scanner_finds_what_the_floor_forbids():
    """The scanner's classes see the moves: easy before the floor (a random row, a
    bomb on the partner) is caught on the positions above."""
    s = partner_joker(FAR)
    view, legal = GD.view(s, 0), GD.legal_actions(s, 0)
    bomb = next(a for a in legal if a["type"] == "play" and a["combo"] == "bomb")
    assert absurd.gd_bomb_partner(view, legal, bomb) and absurd.gd_beat_partner(view, legal, bomb)
    assert not absurd.gd_beat_partner(view, legal, {"type": "pass"})
    t = table("50 51 52 53 54 / 8 / 60 / 70", hands=["3 95 96 97", "90 91 92 93"])
    t, _ = turn(t, 3, 90)
    legal = T5.legal_actions(t, 0)
    assert absurd.t5_dear_row(T5.view(t, 0), legal, {"type": "take-row", "row": 0})
    assert not absurd.t5_dear_row(T5.view(t, 0), legal, {"type": "take-row", "row": 1})
    assert absurd.ABOUT_OUT == ABOUT_OUT
