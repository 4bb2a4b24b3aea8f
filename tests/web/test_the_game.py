"""The Game in a real browser (issue 30): a player sits at an open seat, plays with the
team's bot to the end by tapping cards, piles, signals and End turn / Declare blocked —
on the phone and the laptop viewport — while the page's hand is the host's view of
the seat; a spectator's page shows no number a seat may not know.

Clicks only (tests/web/conftest.py's Player); decisions read from what the page lights
(`data-lit`), never from the page's internals. Screenshots: /tmp/shots-web/the-game-*.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from tests.web.conftest import drop_and_return, host_view, page_hand, small_targets

GAME = "the-game"
ROOT = Path(__file__).resolve().parents[2]
#: Seconds a wait for the host may take.
WAIT = 15.0
BOARD = ".board .tg"
#: Rule words the board always shows (not cards): "1 → 99", "100 → 2", "exactly 10",
#: "of 98".
FIXED = re.compile(r"1 → 99|100 → 2|exactly 10 (lower|higher)|of 98")


def page_turns(p) -> int:
    """The turns the page's view has seen started (its board's ``data-turns``)."""
    (value,) = p.attrs(BOARD, "data-turns") or ["0"]
    return int(value)


def end_turn(p, turns: int) -> None:
    """Tap the lit End turn and wait until the page shows the next turn (or the end)."""
    p.click('[data-action="end-turn"][data-lit]')
    p.wait_until(
        lambda: page_turns(p) > turns or p.find(f'{BOARD}[data-over="1"]'),
        what="the next turn on the page",
    )


def sit(p, seat: int = 0) -> None:
    p.click(f'[data-action="sit"][data-seat="{seat}"]')
    p.wait(BOARD)


def my_move_or_over(p) -> str:
    """Wait until the page offers this seat a decision ("move") or the game is over."""

    def state():
        if p.find(f'{BOARD}[data-over="1"]'):
            return "over"
        if p.find(f'{BOARD}[data-deciding="1"]'):
            return "move"
        return None

    return p.wait_until(state, timeout=60, what="a decision or the end")


def play_one(p, host) -> None:
    """Tap the first lit card, then the first pile it lights; wait for the host."""
    before = page_hand(p)
    cards = p.attrs(".tg-pick[data-lit]", "data-card")
    card = cards[0]
    p.click(f'.tg-pick[data-card="{card}"]')
    pile = p.wait(".tg-pile[data-lit]")
    lit = p.attrs(".tg-pile[data-lit]", "data-pile")
    assert lit, "a playable card lights at least one pile"
    legal = host.call(lambda t: t.legal_actions(0))
    assert sorted(lit) == sorted(
        a["pile"] for a in legal if a["type"] == "play" and a["card"] == int(card)
    )
    pile.click()
    p.wait_until(
        lambda: int(card) not in page_hand(p) or p.find(f'{BOARD}[data-over="1"]'),
        what=f"card {card} to leave the hand",
    )
    assert len(page_hand(p)) <= len(before)


def test_a_browser_seat_plays_the_game_to_the_end(web_table, open_page, viewport):
    host, url = web_table(GAME, ["open", "bot:normal"], seed=11)
    p = open_page(url, viewport)
    sit(p)
    signalled = False
    cleared = False
    shots = {"start"}
    p.shot("the-game-start")
    turns = 0
    dropped = False
    while my_move_or_over(p) == "move":
        v = host_view(host, 0)
        assert page_hand(p) == v["hand"], "the page shows exactly the seat's hand"
        if not dropped and v["turns"] >= 3:
            drop_and_return(p, host, "the-game")
            dropped = True
            continue
        if p.find('[data-action="declare-blocked"]'):
            if "blocked" not in shots:
                p.shot("the-game-blocked")
                shots.add("blocked")
            p.click('[data-action="declare-blocked"]')
            break
        if not signalled:
            assert not small_targets(p), small_targets(p)
            # A signal on the first up pile: set now, cleared a turn later.
            p.click('.tg-toggle[data-pile="asc1"][data-signal="dont-play"]')
            p.wait('.tg-toggle[data-pile="asc1"][data-signal="dont-play"][aria-pressed="true"]')
            assert host_view(host, 0)["signals"]["asc1"][0] == "dont-play"
            signalled, signalled_turn = True, v["turns"]
        elif not cleared and v["turns"] > signalled_turn:
            p.click('.tg-toggle[data-pile="asc1"][data-signal="dont-play"]')
            p.wait('.tg-toggle[data-pile="asc1"][data-signal="dont-play"][aria-pressed="false"]')
            assert host_view(host, 0)["signals"]["asc1"][0] is None
            cleared = True
        if v["to_play"] == 0:
            # The minimum is played: the button says End turn and is lit.
            end_turn(p, v["turns"])
            turns += 1
            continue
        assert p.find('[data-action="end-turn"][aria-disabled="true"]'), (
            "End turn waits for the minimum"
        )
        if "selected" not in shots:
            card = p.attrs(".tg-pick[data-lit]", "data-card")[0]
            p.click(f'.tg-pick[data-card="{card}"]')
            p.wait(".tg-pile[data-lit]")
            p.shot("the-game-selected")
            shots.add("selected")
            p.click(f'.tg-pick[data-card="{card}"]')  # again: unselect
            p.wait_until(lambda: not p.find(".tg-pile[data-lit]"), what="the piles to go dark")
        play_one(p, host)
    p.wait(f'{BOARD}[data-over="1"]', timeout=60)
    assert host.over.wait(WAIT)
    v = host_view(host, 0)
    outcome = p.wait("[data-outcome]")
    left = v["cards_left"]
    assert str(left) in outcome.text or (left == 0 and "98" in outcome.text)
    p.shot("the-game-over")
    assert signalled and turns >= 1 and dropped


def test_a_spectator_page_shows_no_card_a_seat_may_not_know(web_table, open_page):
    """Watching three bots: every number on the board is in the public view (pile cards,
    counts), never a card still in a hand or the draw pile; no hand is drawn."""
    host, url = web_table(GAME, ["bot:normal", "bot:normal", "bot:normal"], seed=5, bot_delay=0.25)
    p = open_page(url, "phone")
    p.click('[data-action="watch"]')
    p.wait(BOARD)
    p.wait_until(
        lambda: host_view(host, None)["turns"] >= 3 or host.over.is_set(), what="a few turns"
    )
    names = {
        int(x)
        for x in re.findall(r"\d+", " ".join(host.call(lambda t: [d["name"] for d in t.seats])))
    }
    for _ in range(3):
        before = host_view(host, None)
        text = p.text(".board")
        after = host_view(host, None)
        public = set()
        for view in (before, after):
            public |= {int(x) for x in re.findall(r"\d+", repr(view))}
            public |= {len(pile) for pile in view["piles"].values()}  # "(4 played)"
        public |= names  # "Bot 2"
        shown = {int(x) for x in re.findall(r"\d+", FIXED.sub(" ", text))}
        assert shown <= public, (
            f"numbers outside the public view: {shown - public}\n{text}\n{before}"
        )
        hidden = set(range(2, 100)) - {c for pile in after["piles"].values() for c in pile}
        hands = host.call(lambda t: [t.view(s)["hand"] for s in range(3)])
        assert hidden >= {c for h in hands for c in h}
        assert not (shown & hidden - public)
        assert not p.find(".board [data-card]"), "a spectator's page draws no hand"
        time.sleep(0.3)
    p.shot("the-game-spectator")


def test_alone_the_seat_plays_until_it_must_declare_the_block(web_table, open_page):
    """A solo game on the phone: play the first card that fits each time until nothing
    fits; the prompt turns to the block and the only lit button declares it."""
    host, url = web_table(GAME, ["open"], seed=3)
    p = open_page(url, "phone")
    sit(p)
    assert not p.find(".tg-toggle"), "alone, nobody to signal to"
    assert not small_targets(p), small_targets(p)
    while my_move_or_over(p) == "move":
        v = host_view(host, 0)
        assert page_hand(p) == v["hand"]
        if p.find('[data-action="declare-blocked"]'):
            assert [a["type"] for a in host.call(lambda t: t.legal_actions(0))] == [
                "declare-blocked"
            ]
            assert not p.find(".tg-pick[data-lit]"), "no card is lit once blocked"
            p.shot("the-game-blocked")
            p.click('[data-action="declare-blocked"]')
            break
        if v["to_play"] == 0:
            end_turn(p, v["turns"])
            continue
        play_one(p, host)
    assert host.over.wait(WAIT)
    p.wait("[data-outcome]")
    assert host_view(host, 0)["cards_left"] > 0 or "98" in p.text("[data-outcome]")


def test_keys_and_another_language_on_a_laptop(web_table, open_page):
    """The window's keys work on the page (1 picks the first card, its pile's letter plays
    it), and the board speaks the chosen language from the window's catalogue."""
    import gettext

    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.support.ui import Select

    es = gettext.translation("tapete", str(ROOT / "assets/locale"), ["es"])
    host, url = web_table(GAME, ["open", "bot:normal"], seed=11)
    p = open_page(url, "laptop")
    sit(p)
    Select(p.wait("select[data-action=language]")).select_by_value("es")
    p.wait_until(lambda: es.gettext("Your hand") in p.text(".board"), what="Spanish")
    board = p.text(".board")
    for msgid in ("UP", "DOWN", "Draw pile", "higher, or exactly 10 lower"):
        assert es.gettext(msgid) in board and es.gettext(msgid) != msgid
    assert my_move_or_over(p) == "move"
    first = page_hand(p)[0]
    p.click(".tg-title")  # focus leaves the language box, as a player's click on the table
    ActionChains(p.driver).send_keys("1").perform()
    p.wait(f'.tg-pick[data-card="{first}"][aria-pressed="true"]')
    lit = p.attrs(".tg-pile[data-lit]", "data-pile")
    p.shot("the-game-spanish")
    letter = "ASDF"[["asc1", "asc2", "desc1", "desc2"].index(lit[0])]
    ActionChains(p.driver).send_keys(letter.lower()).perform()
    p.wait_until(lambda: first not in page_hand(p), what="the key's play")
    assert host_view(host, 0)["piles"][lit[0]][-1] == first
