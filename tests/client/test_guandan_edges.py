"""Guandan, finished (issue 33): the key legend wraps instead of being cut, in every
language and text size; "Your lead"; combinations apart in the "By combos" order and
named under the pointer; a dropped card drawn where it went at once, a short hand
centred again; "thinking…" only where a decision is shown pending; a pass on an
earlier play no longer drawn; emote bubbles beside the panels, not over their words."""

from __future__ import annotations

import pygame
import pytest

from client import assets, i18n
from client.i18n import _
from client.tables.guandan import paint
from client.tables.guandan.hand import Hand, combo_groups, group_reading
from client.tables.guandan.layout import panel_rect
from client.tables.hold import HOLD, SETTLE, HeldRow
from engine.guandan.cards import parse_cards
from tests.client.test_tables_contract import seated
from tests.client.test_tables_text import LANGUAGES, drawn, resize

LEGEND = (
    "←/→ Space: pick · ↑ whole rank · H hint · P pass · drag picked cards (Ctrl+←/→) to move them"
)


@pytest.fixture
def table(app):
    t = seated(app, "guandan")
    yield t
    i18n.set_language("en")
    app.settings.ui_scale = 1.0


# ---------------------------------------------------------------- the legend
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_key_legend_wraps_whole_in_every_language_and_text_size(app, table, size):
    resize(app, *size)
    cut = {}
    for lang in LANGUAGES:
        i18n.set_language(lang)
        legend = " ".join(assets._BREAKS.split(_(LEGEND)))
        for scale in (1.0, 1.25, 1.5):
            app.settings.ui_scale = scale
            texts = [t for _s, t in drawn(table)]
            lines = [t for t in texts if t in legend and len(t) > 3]
            if " ".join(lines) != legend or any("…" in t for t in lines):
                cut[lang, scale] = lines
    resize(app, 1280, 720)
    assert cut == {}


def test_the_legend_wraps_to_more_lines_when_the_text_is_larger(app, table):
    i18n.set_language("fr")
    counts = []
    for scale in (1.0, 1.5):
        app.settings.ui_scale = scale
        legend = _(LEGEND)
        counts.append(len([t for _s, t in drawn(table) if t in legend and len(t) > 3]))
    assert counts == [1, 2]


def test_the_legend_starts_right_of_the_couch_emotes_button(app):
    """On a couch (a phone seat here) "Emotes · T" sits under the screen player's panel,
    where the legend begins: the legend starts right of it, whole, instead of under it."""
    from client.launch import start_table
    from client.tables.guandan.handpaint import legend_rect, sort_words
    from tests.client.conftest import run_until

    t = start_table(app, "guandan", ["human", "phone", "bot:easy", "bot:easy"], seed=3)
    assert run_until(app, lambda: t.session.phone_links, 60)
    t.session.play_now()
    assert run_until(app, lambda: t.privacy_for == 0, 60)
    t.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert run_until(app, lambda: t.my_decision() is not None, 60)
    app.frame(1 / 30, [])
    texts = [x for _s, x in drawn(t)]
    button = t.emotes.button
    assert button is not None and button.x < t.s(40)
    label = assets.text(sort_words()["rank"], t.t(13), assets.WHITE, True)  # (any width)
    assert legend_rect(t, label.get_width()).x > button.right
    legend = " ".join(assets._BREAKS.split(LEGEND))
    assert " ".join(x for x in texts if x in legend and len(x) > 3) == legend
    t.session.close()


# ---------------------------------------------------------------- words
def test_your_lead_in_every_language(table):
    other = next(s for s in range(4) if s != table.me)
    for lang in LANGUAGES:
        i18n.set_language(lang)
        assert paint.lead_text(table, table.me) == _("Your lead")
        assert paint.lead_text(table, other) == _("{name} leads").format(name=table.who(other))
    i18n.set_language("en")
    assert paint.lead_text(table, table.me) == "Your lead"
    assert paint.lead_text(table, 1) == "Bot 2 leads"


def test_no_tribute_says_you_hold_when_you_alone_pay(table):
    assert paint.no_tribute(table, [table.me]) == "No tribute: you hold both big (red) jokers"
    assert paint.no_tribute(table, [1]) == "No tribute: Bot 2 holds both big (red) jokers"
    assert paint.no_tribute(table, [1, 3]) == (
        "No tribute: Bot 2 & Bot 4 hold both big (red) jokers"
    )


# ---------------------------------------------------------------- combos
HAND = "3S 4D 5H 9S 9H JC JD JS QS QD QH KS KH AS 2H 2H BJ RJ 7C 7D 7H 7S"


def test_each_combination_is_named_as_plays_are():
    groups = combo_groups(parse_cards(HAND), 2)
    assert [group_reading(g, 2) for g in groups] == [
        "single 3",
        "single 4",
        "single 5",
        "single A",
        "pair of 9s",
        "pair of Kings",
        "triples J-Q",
        "bomb of 7s",
        "wild cards",
        "jokers",
    ]


def test_combinations_stand_apart_in_the_combos_order():
    cards = parse_cards(HAND + " 3D 4S 5S 6S 8S")
    hand = Hand(pygame.Rect(14, 560, 1252, 150), 100, 140, 22, 22)
    hand.mode = "combos"
    hand.set_cards(cards, 2)
    starts = {g[0] for g in hand.groups()[1:]}
    gaps = [
        hand.rects[i].x - hand.rects[i - 1].x
        for i in range(1, len(hand.order))
        if hand.order[i] in starts
    ]
    steps = [
        hand.rects[i].x - hand.rects[i - 1].x
        for i in range(1, len(hand.order))
        if hand.order[i] not in starts
    ]
    assert min(gaps) - max(steps) >= 20  # a fifth of a card between combinations
    assert hand.rects[0].x - 14 == 1266 - hand.rects[-1].right  # centred


def test_the_combination_under_the_pointer_is_named(app, table):
    table.hand.sort("combos")
    table.sync_hand()
    group = max(combo_groups(table.hand.order, table.board["level"]), key=len)
    table.pointer = table.hand.rect_of(group[-1]).center
    reading = group_reading(group, table.board["level"])
    assert reading in [t for _s, t in drawn(table)]
    table.hand.sort("rank")
    assert reading not in [t for _s, t in drawn(table)]


# ---------------------------------------------------------------- the hand moves
def test_a_dropped_card_is_drawn_where_it_went_at_once(app, table):
    hand = table.hand
    table.sync_hand()
    first = hand.order[0]
    # Cards left while the pointer stayed on the hand: the row is held (gaps open).
    table._hand_row.held, table._hand_row.held_at = True, table.clock
    at = hand.rects[0].move(0, 10).midleft
    at = (at[0] + 8, at[1])
    app.frame(0.01, [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0))])
    app.frame(0.01, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at)])
    app.frame(0.01, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at)])
    assert hand.selected == {first}
    to = (hand.rects[6].centerx, at[1])
    app.frame(0.01, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at)])
    app.frame(0.01, [pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(1, 0), buttons=(1, 0, 0))])
    app.frame(0.01, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=to)])
    assert hand.order.index(first) == 5 and hand.arranged  # before the card it was dropped on
    assert hand.rects == hand.fresh  # drawn in its new place in the drop's own frame


def row(n: int, x0: int = 100, step: int = 50) -> list[pygame.Rect]:
    return [pygame.Rect(x0 + i * step, 600, 40, 60) for i in range(n)]


def test_a_held_row_closes_ranks_after_a_moment_though_the_pointer_stays():
    held = HeldRow()
    inside = (170, 620)
    held.layout("abcde", lambda: row(5), inside, 0.0)
    kept = held.layout("ade", lambda: row(3, x0=150), inside, 0.1)
    assert kept == [row(5)[i] for i in (0, 3, 4)] and held.held
    assert held.layout("ade", lambda: row(3, x0=150), inside, 0.1 + HOLD - 0.01) == kept
    assert held.layout("ade", lambda: row(3, x0=150), inside, 0.1 + HOLD) == row(3, x0=150)
    assert not held.held and held.settling(0.1 + HOLD + SETTLE / 2)


def test_the_table_keeps_drawing_while_its_row_is_held(table):
    table.timeline.skip()
    table._hand_row.held = True
    assert not table.idle()
    table._hand_row.held = False
    assert table.idle() or not table.timeline.idle


# ---------------------------------------------------------------- marks
def test_thinking_shows_only_where_a_decision_is_pending(table):
    bot = 1
    table.board["awaiting"] = [bot]
    assert table.presence.thinking(bot)
    table.board["out"] = [bot]
    assert not table.presence.thinking(bot)
    table.board["out"] = []
    table.deal_panel = {"deal": 1}
    assert not table.presence.thinking(bot)


def test_a_seat_that_plays_its_last_cards_is_not_thinking_while_it_goes_out(table):
    """Seen in a real window: "0 cards · thinking… · ▶ to play" on a bot's panel under
    the note "Bot 4 is out: 1st" (the seat went out only at that beat's end)."""
    table.timeline.skip()
    bot = 3
    table.board.own("hand_counts")[bot] = 2
    table.board["awaiting"] = [bot]
    cards = list(parse_cards("9S 9H"))
    events = [
        {
            "type": "move",
            "from": f"hand/{bot}",
            "to": "trick",
            "count": 2,
            "seat": bot,
            "combo": "pair",
            "rank": 9,
            "cards": cards,
        },
        {"type": "out", "seat": bot, "place": 1},
    ]
    beats = list(table.beats_for(events))
    for beat in beats:
        if beat.begin:
            beat.begin()
        if beat.finish:
            beat.finish()
        if beat is beats[-1] or table.board.own("hand_counts")[bot] == 0:
            assert not table.presence.thinking(bot)
    assert table.board["out"] == [bot] and bot not in table.board["awaiting"]


def test_take5_shows_no_thinking_under_the_round_box(app):
    t = seated(app, "take5")
    t.board["awaiting"] = [1]
    assert t.presence.thinking(1)
    t.round_summary_t = 1.0
    assert not t.presence.thinking(1)


def test_a_pass_on_an_earlier_play_is_not_drawn(table):
    me, partner = table.me, (table.me + 2) % 4
    play = {"seat": partner, "type": "play", "combo": "single", "rank": 9, "cards": [28]}
    table.board["trick"] = [{"seat": me, "type": "pass"}, play]
    table.board["last_play"] = play
    assert "Pass" not in [t for _s, t in drawn(table)]
    table.board["trick"] = [play, {"seat": me, "type": "pass"}]
    assert "Pass" in [t for _s, t in drawn(table)]


def test_an_emote_bubble_stands_beside_its_panel(app, table):
    for seat in range(4):
        table.emotes.bubbles = {seat: [0, 3.0]}
        drawn(table)
        bubble = table.emotes.drawn[seat]
        panel = panel_rect(table, seat)
        assert not bubble.colliderect(panel), seat
        assert bubble.colliderect(panel.inflate(40, 0)), seat  # right next to it


def test_the_sort_buttons_hold_their_words_in_every_language(app, table):
    from client.tables.guandan.layout import sort_words

    app.settings.ui_scale = 1.5
    cut = {}
    for lang in LANGUAGES:
        i18n.set_language(lang)
        texts = [t for _s, t in drawn(table)]
        missing = [w for w in sort_words().values() if w not in texts]
        if missing:
            cut[lang] = missing
    assert cut == {}


# ---------------------------------------------------------------- the match's end
def test_the_match_end_names_the_winners_whole_in_every_language(app, table):
    """Seen in a real window: "Partida ganada por los rival…" (Spanish, text 150 %)."""
    match_end = {"winners": [1, 3], "details": {"levels": [2, 3]}}
    cut = {}
    for lang in LANGUAGES:
        i18n.set_language(lang)
        for scale in (1.0, 1.5):
            app.settings.ui_scale = scale
            assets.reset_caches()
            with assets.recording() as seen:
                paint.draw_match_end(table, app.screen, match_end)
            texts = [t for _s, t in seen]
            if any("…" in t for t in texts) or "Bot 2 & Bot 4" not in texts:
                cut[lang, scale] = texts
    assert cut == {}


# ---------------------------------------------------------------- the deal's facts
@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_the_deal_facts_are_whole_in_every_language_and_text_size(app, table, size):
    """Seen in a real window: the info box in French at 150 % ended in "…" ("Libre de
    cette donne : ♥2 (les deux exempl…"). With a double tribute and its returns (the
    most lines a deal has), every fact is drawn whole: wrapped, never cut."""
    table.board["tribute"] = {
        "transfers": [[1, 0, 52], [3, 2, 40]],
        "returns": [[0, 1, 5], [2, 3, 7]],
    }
    resize(app, *size)
    cut = {}
    for lang in LANGUAGES:
        i18n.set_language(lang)
        facts, short = (
            [" ".join(assets._BREAKS.split(text)) for text, *_r in paint.info_lines(table, s)]
            for s in (False, True)
        )
        for scale in (1.0, 1.5):
            app.settings.ui_scale = scale
            assets.reset_caches()
            with assets.recording() as seen:
                paint.draw_info(table, app.screen)
            texts = " ".join(t for _s, t in seen)
            if "…" in texts or texts not in (" ".join(facts), " ".join(short)):
                cut[lang, scale] = texts
    resize(app, 1280, 720)
    assert len(facts) == 6 and cut == {}
