"""The Guandan table: renders from real views, input produces the right actions at the
host (select, readings, hint, pass, tribute, return), bots-only tables reach the
results, couch play hides hands, reading names."""

from __future__ import annotations

import pygame
import pytest

from client.launch import start_table
from client.session import TableSession
from client.tables.guandan import faces as gc
from client.tables.guandan import GuandanTable
from engine.guandan import GAME
from engine.guandan.state import evolve
from tests.client.conftest import run_until

SEATS = ["human", "bot:easy", "bot:easy", "bot:easy"]
#: Seed 81: seat 0 leads the first deal and holds a bomb that is also a full house.
LEAD_SEED = 81


def down_up(app, pos):
    app.frame(
        1 / 30,
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos),
        ],
    )


def key(app, k, mod=0):
    app.frame(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)])


def my_turn(table, decision="play"):
    return lambda: table.my_decision() == decision and table.timeline.idle


def mine(table):
    return table.session.mirrors[0].view


def lead_table(app):
    table = start_table(app, "guandan", SEATS, seed=LEAD_SEED)
    assert run_until(app, my_turn(table))
    assert mine(table)["leading"]
    return table


def test_renders_a_legible_27_card_hand(app):
    table = lead_table(app)
    app.frame(1 / 30, [])
    assert len(table.hand.order) == 27
    screen = pygame.Rect(0, 0, 1280, 720)
    rects = table.hand.rects
    assert all(screen.contains(r) for r in rects)
    # each card shows at least its corner (rank + suit) before the next one covers it
    assert min(b.x - a.x for a, b in zip(rects, rects[1:], strict=False)) >= 34
    # sorted weakest first in card order, the wilds last among the level rank
    level = table.board["level"]
    values = [gc.sort_key(c, level) for c in table.hand.order]
    assert values == sorted(values)
    colours = {
        app.screen.get_at((x, y))[:3] for x in range(0, 1280, 32) for y in range(560, 720, 16)
    }
    assert len(colours) > 4


def test_click_a_card_then_enter_plays_it_as_a_single(app):
    table = lead_table(app)
    card = table.hand.order[0]
    r = table.hand.rects[0]
    down_up(app, (r.x + 8, r.centery))
    assert table.hand.selected == {card}
    assert [a["combo"] for a in table.options()] == ["single"]
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: mine(table)["plays"] and mine(table)["plays"][0]["seat"] == 0)
    first = mine(table)["plays"][0]
    assert first["combo"] == "single" and first["cards"][0] % 54 == card % 54
    assert mine(table)["hand_counts"][0] == 26


def test_drag_across_selects_every_card_crossed(app):
    table = lead_table(app)
    at = [(r.x + 6, r.centery) for r in table.hand.rects]
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at[3])]
    for i in (4, 5, 6):
        events.append(
            pygame.event.Event(pygame.MOUSEMOTION, pos=at[i], rel=(30, 0), buttons=(1, 0, 0))
        )
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at[6]))
    app.frame(1 / 30, events)
    assert table.hand.selected == set(table.hand.order[3:7])


def test_keyboard_selects_and_the_chosen_reading_is_played(app):
    table = lead_table(app)
    groups: dict = {}
    for a in table.seat.legal:
        if a["type"] == "play":
            groups.setdefault(tuple(a["cards"]), []).append(a)
    cards, plays = next(
        (k, v) for k, v in groups.items() if {"bomb", "full-house"} <= {a["combo"] for a in v}
    )
    # Walk the cursor with the arrow keys and pick each card with Space.
    for c in cards:
        while table.hand.cursor_card() != c:
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_SPACE)
    assert table.hand.selected == set(cards)
    combos = [a["combo"] for a in table.options()]
    assert "bomb" in combos and "full-house" in combos
    want = combos.index("full-house")
    key(app, pygame.K_1 + want)
    assert table.reading_i == want
    app.frame(1 / 30, [])
    labels = [label for _r, label, _f, _e in table.controls()]
    assert any("full house" in label for label in labels)
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: mine(table)["plays"])
    assert mine(table)["plays"][0]["combo"] == "full-house"
    assert sorted(mine(table)["plays"][0]["cards"]) == sorted(plays[want]["cards"])


def hint(app, table) -> None:
    """Press H and wait for the advisor (it thinks off the frame loop)."""
    key(app, pygame.K_h)
    assert run_until(app, lambda: not table.hint_wanted, 30)


def test_hint_recommends_the_normal_bots_play_then_cycles_and_pass_passes(app):
    from engine import get_bot
    from client.tables.guandan.hint import hint_order

    table = start_table(app, "guandan", SEATS, seed=2)
    assert run_until(app, my_turn(table))
    if mine(table)["leading"]:  # play something so that we follow next time
        hint(app, table)
        key(app, pygame.K_RETURN)
        assert run_until(app, lambda: not mine(table)["leading"] and my_turn(table)(), 120)
    view, legal = table.seat.view, table.seat.legal
    best = get_bot("guandan", "normal").choose(view, legal)
    cycle = hint_order(best, legal, view["level"])
    assert cycle[0] == best and sorted(map(str, cycle)) == sorted(map(str, legal))
    hint(app, table)
    assert table.hand.selected == set(best.get("cards", ()))
    assert table.hint_label.startswith("Hint")
    if len(cycle) > 1:
        hint(app, table)
        assert table.hand.selected == set(cycle[1].get("cards", ()))
    n = len(mine(table)["plays"])
    key(app, pygame.K_p)
    assert run_until(app, lambda: len(mine(table)["plays"]) > n)
    assert mine(table)["plays"][n] == {"seat": 0, "type": "pass"}


def test_leader_may_not_pass(app):
    table = lead_table(app)
    key(app, pygame.K_p)
    app.frame(1 / 30, [])
    assert table.message_t > 0 and "must play" in table.message
    assert mine(table)["plays"] == []


def _session_at(state, seats=SEATS):
    """A table whose host starts from ``state`` (a test-made position)."""
    from client.launch import TableSpec

    spec = TableSpec("guandan", list(seats), 1, {}, state=state)
    return TableSession.local(spec, log=False, bot_delay=0.0)


def _tribute_state(phase):
    """Deal 2: seat 0 came 1st and seat 1 last (single tribute 1 → 0)."""
    s = GAME.setup(4, 3, None)
    hands = [list(h) for h in s.hands]
    base = dict(
        deal=2,
        level=4,
        level_team=0,
        levels=(4, 2),
        prev_places=(0, 2, 3, 1),
        payers=(1,),
        leader=1,
        turn=1,
    )
    if phase == "return":
        card = max(hands[1], key=lambda c: gc.value(c, 4) if not gc.is_wild(c, 4) else 0)
        hands[1].remove(card)
        hands[0].append(card)
        base.update(transfers=((1, 0, card),))
    else:  # seat 0 pays: make seat 0 last and seat 1 first
        base.update(
            prev_places=(1, 3, 2, 0), payers=(0,), leader=0, turn=0, level_team=1, levels=(2, 4)
        )
    return evolve(s, phase=phase, hands=tuple(tuple(sorted(h)) for h in hands), **base)


def test_return_choice_offers_only_legal_cards_and_confirms(app):
    session = _session_at(_tribute_state("return"))
    table = GuandanTable(app, session)
    app.switch(table)
    assert run_until(app, my_turn(table, "return"))
    give = table.choosable()
    assert give and all(gc.rank(c) <= 10 and not gc.is_wild(c, 4) for c in give)
    banned = next(c for c in table.hand.order if c not in give)
    r = table.hand.rect_of(banned)
    down_up(app, (r.x + 6, r.centery))
    assert banned not in table.hand.selected
    card = sorted(give)[0]
    r = table.hand.rect_of(card)
    down_up(app, (r.x + 6, r.centery))
    assert table.hand.selected == {card}
    label = [lb for _r, lb, _f, _e in table.controls()][0]
    assert gc.card_text(card) in label
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: mine(table)["tribute"]["returns"])
    assert mine(table)["tribute"]["returns"][0][:2] == [0, 1]
    assert mine(table)["tribute"]["returns"][0][2] % 54 == card % 54


def test_tribute_card_is_paid_and_travels(app):
    session = _session_at(_tribute_state("tribute"))
    table = GuandanTable(app, session)
    app.switch(table)
    assert run_until(app, my_turn(table, "tribute"))
    legal = [a["card"] for a in table.seat.legal]
    if len(legal) > 1:  # equal cards: pick one
        r = table.hand.rect_of(legal[0])
        down_up(app, (r.x + 6, r.centery))
    assert len(table.hand.selected) == 1
    key(app, pygame.K_RETURN)
    assert run_until(
        app,
        lambda: table.timeline.current is not None and table.timeline.current.label == "tribute",
        60,
    )
    assert table.timeline.flights()  # the card is in the air
    assert run_until(app, lambda: mine(table)["tribute"]["transfers"])
    assert mine(table)["tribute"]["transfers"][0][:2] == [0, 1]


def test_couch_shows_the_privacy_screen(app):
    table = start_table(
        app,
        "guandan",
        ["human", "bot:easy", "human", "bot:easy"],
        seed=3,
        names=["Ana", "Bot 2", "Ben", "Bot 4"],
    )
    assert run_until(app, lambda: table.privacy_for is not None)
    assert table.board["hand"] == []  # the public view: no hand on screen
    who = table.privacy_for
    key(app, pygame.K_RETURN)
    assert table.perspective == who and len(table.board["hand"]) == 27


def test_summary_names_the_team_that_won_at_a():
    view = {"winners": [1, 3], "levels": [9, 14], "deal": 12}
    info = GuandanTable.summary(view, ["Ana", "Bot 2", "Bot 3", "Bot 4"], 0)
    # Issue 33: named as the table named them ("Your team" / "Opponents"), the
    # winners by name.
    assert info["headline"] == "Bot 2 & Bot 4 win!"
    assert [r[0] for r in info["rows"]] == ["Bot 2 & Bot 4", "You & Bot 3"]
    assert info["rows"][0][1:3] == ("Opponents · level A", True)
    assert info["rows"][1][1:3] == ("Your team · level 9", False)
    assert "won at level A after 12 deals" in info["subtitle"]
    assert GuandanTable.summary(view, ["Ana", "Bot 2", "Bot 3", "Bot 4"], 3)["headline"] == (
        "Your team wins!"
    )


def test_summary_lists_each_teams_level_after_every_deal():
    """The deal-end events the table showed: the levels after each deal (guandan.md
    "Levels"), oldest first; one deal's subtitle says "1 deal"."""
    story = [
        {"type": "deal-end", "deal": 1, "levels": [5, 2]},
        {"type": "deal-end", "deal": 2, "levels": [5, 4]},
        {"type": "deal-end", "deal": 3, "levels": [11, 4]},
    ]
    view = {"winners": [0, 2], "levels": [11, 4], "deal": 3}
    info = GuandanTable.summary(view, ["Ana", "Bot 2", "Bot 3", "Bot 4"], None, story)
    assert info["headline"] == "Team 1 wins!"
    assert info["columns"] == ["1", "2", "3"]
    assert info["columns_title"] == "Level after each deal"
    assert info["rows"] == [
        ("Ana & Bot 3", "Team 1 · level J", True, ["5", "5", "J"]),
        ("Bot 2 & Bot 4", "Team 2 · level 4", False, ["2", "4", "4"]),
    ]
    one = GuandanTable.summary({**view, "deal": 1}, ["A", "B", "C", "D"], None, story[:1])
    assert one["subtitle"] == "Guandan · 1 deal · the higher level wins"


@pytest.mark.parametrize(
    "combo, rank, size, text",
    [
        ("single", 17, 1, "single big joker"),
        ("single", 10, 1, "single 10"),
        ("pair", 12, 2, "pair of Queens"),
        ("triple", 7, 3, "three 7s"),
        ("full-house", 9, 5, "full house, three 9s"),
        ("straight", 12, 5, "straight to Q"),
        ("straight", 5, 5, "straight to 5"),
        ("consecutive-pairs", 7, 6, "pairs 5-6-7"),
        ("consecutive-pairs", 3, 6, "pairs A-2-3"),
        ("consecutive-triples", 9, 6, "triples 8-9"),
        ("bomb", 9, 4, "bomb of 9s"),
        ("bomb", 9, 5, "bomb of 9s (5 cards)"),
        ("straight-flush", 14, 5, "straight flush to A"),
        ("four-jokers", 17, 4, "four jokers"),
    ],
)
def test_reading_names(combo, rank, size, text):
    assert gc.reading_text(combo, rank, size) == text


def test_card_facts_follow_the_engine_notation():
    from engine.guandan import parse_card

    assert gc.card_text(parse_card("10S")) == "10♠"
    assert gc.card_text(parse_card("AH'")) == "A♥"
    assert gc.card_text(parse_card("RJ")) == "big joker"
    assert gc.is_wild(parse_card("7H"), 7) and not gc.is_wild(parse_card("7S"), 7)
    assert gc.value(parse_card("7S"), 7) == 15 and gc.value(parse_card("AS"), 7) == 14
    assert gc.is_red(parse_card("QD")) and not gc.is_red(parse_card("BJ"))


def _run_beats(table, events):
    for beat in table.beats_for(events):
        if beat.begin:
            beat.begin()
        yield beat
        if beat.finish:
            beat.finish()


def test_cancelled_tribute_deal_result_and_places_are_announced(app):
    table = lead_table(app)
    beats = _run_beats(
        table, [{"type": "no-tribute", "payers": [1], "reason": "the payers hold both red jokers"}]
    )
    next(beats)
    assert table.note == "No tribute: Bot 2 holds both big (red) jokers"
    list(beats)
    beats = _run_beats(table, [{"type": "out", "seat": 2, "place": 1}])
    next(beats)
    assert table.note == "Bot 3 is out: 1st"
    list(beats)
    assert table.board["out"] == [2]
    end = {
        "type": "deal-end",
        "deal": 1,
        "places": [2, 0, 1, 3],
        "team": 0,
        "advance": 3,
        "levels": [5, 2],
        "shared_last": True,
    }
    beats = _run_beats(table, [end])
    next(beats)
    assert table.deal_panel["old"] == [2, 2] and table.deal_panel["levels"] == [5, 2]
    app.frame(0.0, [])  # the panel draws
    list(beats)
    assert table.deal_panel is None and table.board["levels"] == [5, 2]


def test_a_single_reading_is_named_on_the_play_button(app):
    table = lead_table(app)
    card = table.hand.order[-1]
    table.hand.selected = {card}
    labels = [lb for _r, lb, _f, _e in table.controls()]
    assert labels[0] == "Play single {rank} (Enter)".format(rank=gc.rank_text(gc.rank(card)))


def test_a_refused_action_lets_the_player_decide_again(app):
    """An action the host refuses (here: a pass the seat's stale legal list allowed)
    ends the wait: the leader decides again, told why."""
    table = lead_table(app)
    mirror = table.session.mirrors[0]
    mirror.legal = mirror.legal + [{"type": "pass"}]
    assert table.seat.send({"type": "pass"})  # the leader may not pass: the host refuses
    assert table.my_decision() is None and table.seat.waiting
    assert run_until(app, lambda: table.message_t > 0, 60)
    assert not table.seat.waiting and table.my_decision() == "play"


def test_a_lan_seat_gets_its_legal_plays_and_plays_a_hint(app):
    from client.scenes.lobby import LobbyScene
    from net.client import connect
    from net.local import LocalHost

    host = LocalHost("guandan", ["open", "bot:easy", "bot:easy", "bot:easy"], 2, bot_delay=0.0)
    host.start()
    try:
        port = host.listen(0, "127.0.0.1")
        session = TableSession.join(connect(f"127.0.0.1:{port}", player="Zoé"))
        app.switch(LobbyScene(app, session))
        assert run_until(app, lambda: isinstance(app.scene, GuandanTable), 60)
        table = app.scene
        assert run_until(app, my_turn(table), 60)
        assert table.seat.legal and all(a["type"] in ("play", "pass") for a in table.seat.legal)
        n = len(mine(table)["plays"])
        hint(app, table)
        key(app, pygame.K_RETURN if table.hand.selected else pygame.K_p)
        assert run_until(app, lambda: len(mine(table)["plays"]) > n, 60)
        assert mine(table)["plays"][n]["seat"] == 0
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()


def test_a_keyboard_player_plays_a_whole_match_with_a_bot_partner(app):
    from client.scenes.results import ResultsScene

    table = start_table(app, "guandan", SEATS, seed=7, options={"deals": 3})
    table.session.set_bot_delay(0.0)
    table.timeline.speed = 40
    done = {"play": 0, "pass": 0, "tribute": 0, "return": 0}

    def step():
        if isinstance(app.scene, ResultsScene):
            return True
        d = table.my_decision() if table.timeline.idle else None
        if d == "play" and any(a["type"] == "play" for a in table.seat.legal):
            hint(app, table)  # the normal bot's play (or its pass)
            played = bool(table.hand.selected)
            key(app, pygame.K_RETURN if played else pygame.K_p)
            done["play" if played else "pass"] += 1
        elif d == "play":
            assert "Nothing in your hand beats" in table.status_line()
            key(app, pygame.K_p)
            done["pass"] += 1
        elif d in ("tribute", "return"):
            if not table.hand.selected:
                key(app, pygame.K_RIGHT)
            key(app, pygame.K_RETURN)
            done[d] += 1
        assert not table.message_t > 0, table.message
        return False

    assert run_until(app, step, 900)
    assert done["play"] > 10 and done["pass"] > 0 and done["tribute"] + done["return"] > 0, done
    assert app.scene.info["subtitle"].startswith("Guandan · 3 deals")


def test_many_readings_fit_without_overlapping_the_buttons(app):
    table = lead_table(app)
    fake = [
        {"type": "play", "cards": [1, 2, 3, 4, 5], "combo": c, "rank": r}
        for c, r in [
            ("straight-flush", 9),
            ("straight-flush", 8),
            ("straight", 9),
            ("straight", 8),
            ("full-house", 12),
            ("bomb", 12),
        ]
    ]
    table.options = lambda: fake
    rects = [r for r, *_x in table.controls()]
    assert len(rects) == 9
    screen = pygame.Rect(0, 0, 1280, 720)
    for i, a in enumerate(rects):
        assert screen.contains(a)
        assert all(not a.colliderect(b) for b in rects[i + 1 :])
    assert max(r.bottom for r in rects) < min(r.top for r in table.hand.rects) - 22
    app.frame(1 / 30, [])


@pytest.mark.parametrize("language", ["en", "hu", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_both_teams_levels_stay_in_the_deal_panel(app, size, language):
    """The top-left panel names the level played, the wild and both teams' levels; in
    a small window in a long language the facts go to one line each rather than lose
    the opponents' level (it fell off the panel at 800×500 in Hungarian), and a line
    cut short loses the names, not the level."""
    from client import i18n
    from client.tables.guandan.paint import TEAM_MARKS
    from tests.client.test_tables_contract import seated
    from tests.client.test_tables_text import drawn, resize

    table = seated(app, "guandan")
    try:
        i18n.set_language(language)
        resize(app, *size)
        texts = [text for _px, text in drawn(table)]
    finally:
        i18n.set_language("en")
        resize(app, 1280, 720)
    for mark in TEAM_MARKS:  # each team's line, with its level (2 at the start) in sight
        line = next(text for text in texts if text.startswith(mark + " "))
        assert ": 2" in line, line
