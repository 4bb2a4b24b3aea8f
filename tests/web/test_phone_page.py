"""The page on a phone at a couch table (issue 31): the hands are on phones, which have
no keyboard, so on a touch device (no fine pointer, no hover: Chrome's mobile emulation
here, dom.js ``touch``) every decision a board words carries no key hint — "Play", not
"Play (Enter)"; "tap a lit space", not "(or arrows + Enter)" — while a laptop keeps the
window's hints word for word. Each game is staged into its decisions (the host's state
set from the engine tests' notation, bots held back) and the exact words are read on
both viewports. And a phone that takes its seat for the first time while a stand-in
kept it warm is not told "Back in your seat"; after a reconnection it is.

Screenshots: /tmp/shots-web/touch-<game>-<decision>-<viewport>.png.
"""

from __future__ import annotations

import time

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import Select

from tests.web.conftest import drop_web_links

#: Seconds the bots wait before acting: never, while a test stages its decisions.
HELD = 600.0
#: A seat for the page and three bots.
FOUR = ["open", "bot:normal", "bot:normal", "bot:normal"]
#: What a key hint looks like on the page; none may show on a phone.
HINTS = tuple(
    "Enter|(H)|(P)|(O)|(K)|(R)|(E)|(B)|Tab|arrows|[|A/S/D/F|←/→|Space|1–3|pile D|press|click".split(
        "|"
    )
)


def stage(host, state) -> None:
    """Put ``state`` on the host's table (a staged decision) and send every client a
    fresh snapshot of it. (No action was taken, so a delta's seq would not move on: the
    page would rightly take it for a gap and reconnect — "Back in your seat".)"""

    def put(t):
        t.state = state
        for c in list(t.clients):
            if c.attached:
                t._snapshot(c)

    host.call(put)


def texts(page, css: str) -> list[str]:
    """The shown text of every element matching ``css`` (read again if drawn anew)."""
    for _ in range(50):
        try:
            return [e.text for e in page.find(css)]
        except StaleElementReferenceException:
            time.sleep(0.02)
    return []


def prompt(page) -> str:
    return page.text("[data-prompt]")


def wait_prompt(page, want: str) -> None:
    page.wait_until(
        lambda: prompt(page) == want, 15, f"the prompt {want!r} (shown: {prompt(page)!r})"
    )


def seated(
    web_table, open_page, viewport: str, game: str, seats: list[str], seed: int, options=None
):
    """A started table of ``game`` with its bots held back, and the page (``viewport``)
    that took seat 0 from the lobby. Returns ``(host, page)``."""
    host, url = web_table(game, seats, seed, options, bot_delay=HELD)
    page = open_page(url, viewport)
    page.click("[data-action=sit][data-seat='0']")
    page.wait("[data-seat='0'].me")
    return host, page


def looked_at(page, name: str) -> None:
    """On a phone, nothing the board or the prompt line shows names a key (and on both,
    the link stayed up: a staged decision is no reconnection); then the screenshot
    ``touch-<name>-<viewport>.png``."""
    assert "Back in your seat" not in texts(page, ".banner .note")
    if page.viewport == "phone":
        shown = prompt(page) + "\n" + page.text(".board")
        assert not [h for h in HINTS if h in shown], shown
    page.shot(f"touch-{name}")


def by_viewport(viewport: str, laptop, phone):
    return phone if viewport == "phone" else laptop


# --------------------------------------------------------------------------- Guandan
def test_guandan_words_lead_tribute_and_return(web_table, open_page, viewport):
    from engine.guandan import GAME
    from tests.engine.test_guandan_rules import _tribute_table, pick, table

    host, page = seated(web_table, open_page, viewport, "guandan", FOUR, 5)
    page.wait('[data-game="guandan"]')
    # Your lead: nothing picked yet.
    stage(host, table(["3S 4S 9C", "5S", "6S", "7S"], turn=0))
    wait_prompt(
        page,
        by_viewport(
            viewport,
            "Your lead: select cards (click, drag, or ←/→ and Space), then Play",
            "Your lead: tap cards to pick them, then Play",
        ),
    )
    assert texts(page, '[data-zone="controls"] button') == by_viewport(
        viewport, ["Play (Enter)", "Pass (P)", "Hint (H)"], ["Play", "Pass", "Hint"]
    )
    assert texts(page, ".gd-sortword") == [by_viewport(viewport, "Sort (O):", "Sort:")]
    looked_at(page, "guandan-lead")
    # Tribute: seat 0 came last and pays its strongest card, the ace of spades.
    tribute = _tribute_table((1, 2, 3, 0), ["AS 9C 3C", "3S 4S KD", "5S", "6S"])
    stage(host, tribute)
    wait_prompt(page, "Pay tribute: your strongest card (not a wild) — pick it and confirm")
    (ace,) = pick(tribute, 0, "AS")
    page.click(f'.gd-hand [data-card="{ace}"]')
    page.wait_until(
        lambda: (
            texts(page, '[data-action="tribute"]')
            == [by_viewport(viewport, "Give A♠ as tribute (Enter)", "Give A♠ as tribute")]
        ),
        10,
        "the tribute button",
    )
    looked_at(page, "guandan-tribute")
    # Return: seat 3 paid seat 0 (first place), who gives a card back.
    paid, _ = GAME.apply(
        _tribute_table((0, 1, 2, 3), ["3S 4S KD", "5S", "6S", "AS 9C 3C"]),
        3,
        {"type": "tribute", "card": ace},
    )
    stage(host, paid)
    name = host.call(lambda t: t.seats)[3]["name"].split(" (")[0]
    wait_prompt(page, f"Choose a card to give back to {name}: rank 2–10, not a wild")
    (three,) = pick(paid, 0, "3S")
    page.click(f'.gd-hand [data-card="{three}"]')
    page.wait_until(
        lambda: (
            texts(page, '[data-action="return"]')
            == [by_viewport(viewport, f"Return 3♠ to {name} (Enter)", f"Return 3♠ to {name}")]
        ),
        10,
        "the return button",
    )
    looked_at(page, "guandan-return")


# --------------------------------------------------------------------------- Sequence Numbers
def test_sequence_numbers_words_turn_plus_and_dead_card(web_table, open_page, viewport):
    from engine.sequence_numbers.state import PLUS
    from tests.engine.test_sequence_numbers import add_card, table

    host, page = seated(
        web_table, open_page, viewport, "sequence-numbers", ["open", "bot:normal"], 23
    )
    page.wait('[data-game="sequence-numbers"]')
    board = host.call(lambda t: t.view(0))["board"]
    # A dead card: both spaces of 40 covered (by the other colour).
    covered = {(r, c): 1 for r in range(10) for c in range(10) if board[r][c] == 40}
    dead = add_card(40)
    written = " + ".join(dead.split("+"))
    stage(
        host,
        table(
            2, chips=covered, hand=[dead, add_card(11), add_card(12), add_card(13), add_card(14)]
        ),
    )
    wait_prompt(
        page,
        by_viewport(
            viewport,
            f"Your turn. {written} is dead (both its spaces are covered): "
            "press D to trade it in, or pick a card",
            f"Your turn. {written} is dead (both its spaces are covered): "
            "tap Trade in, or pick a card",
        ),
    )
    assert texts(page, '[data-action="dead"]') == [
        by_viewport(viewport, f"Trade in dead {written} [D]", f"Trade in dead {written}")
    ]
    looked_at(page, "sequence-numbers-dead")
    # A plain turn with Plus in hand: first the turn's words, then Plus picked.
    stage(host, table(2, hand=[PLUS, add_card(21), add_card(22), add_card(23), add_card(24)]))
    wait_prompt(
        page,
        by_viewport(
            viewport,
            "Your turn: pick a card (click, 1–5 or Tab), "
            "then click a lit space (or arrows + Enter)",
            "Your turn: pick a card, then tap a lit space",
        ),
    )
    assert texts(page, ".sn-handlabel") == [
        by_viewport(viewport, "Your hand · 1–5 or Tab to pick", "Your hand")
    ]
    assert texts(page, ".sn-keys") == by_viewport(
        viewport, ["D: trade in a dead card · X: discard when stuck"], []
    )
    looked_at(page, "sequence-numbers-turn")
    page.click('[data-action="pick"][data-card="plus"]')
    wait_prompt(
        page,
        by_viewport(
            viewport,
            "Plus: place a chip on any open space (click, or arrows + Enter)",
            "Plus: tap any open space to place a chip",
        ),
    )
    looked_at(page, "sequence-numbers-plus")


# --------------------------------------------------------------------------- Teamplay
def test_teamplay_words_draw_discard_and_a_new_mission(web_table, open_page, viewport):
    from engine.teamplay.state import hand_limit
    from tests.engine.test_teamplay import table

    host, page = seated(web_table, open_page, viewport, "teamplay", FOUR, 3)
    stage(host, table(4, hands={0: "4r 5r 6b"}, seat=0))
    wait_prompt(
        page,
        by_viewport(
            viewport,
            "Your turn: draw 2 more cards (bank 1–3 or pile D); select cards to complete missions",
            "Your turn: draw 2 more cards (bank or pile); select cards to complete missions",
        ),
    )
    assert texts(page, ".tp-bank .tp-h") == [
        by_viewport(viewport, "Bank: take with 1–3", "Bank: tap to take")
    ]
    looked_at(page, "teamplay-draw")
    # Over the hand limit at the start of the turn: one card to discard.
    limit = hand_limit(4)
    over = " ".join(
        f"{v}{'rb'[i % 2]}" for i, v in enumerate([1, 2, 3, 4, 5, 6, 7, 8][: limit + 1])
    )
    stage(host, table(4, hands={0: over}, seat=0, must_discard=1))
    wait_prompt(
        page,
        by_viewport(
            viewport,
            f"Hand limit {limit}: select 1 card to discard, then press Enter",
            f"Hand limit {limit}: select 1 card to discard, then tap Discard",
        ),
    )
    assert texts(page, '[data-action="discard"]') == ["Discard 1 card"]  # bare on both already
    looked_at(page, "teamplay-discard")
    # A newly drawn general mission: keep it or swap it once.
    stage(host, table(4, hands={0: "4r 5r 6b"}, seat=0, draws_left=0, fresh="general"))
    wait_prompt(
        page,
        by_viewport(
            viewport,
            "New mission T4: keep it (K) or swap it once for the next (R)",
            "New mission T4: keep it or swap it once for the next",
        ),
    )
    assert texts(page, '[data-action="keep"], [data-action="reject"]') == [
        "Keep it",
        "Swap for the next",
    ]
    looked_at(page, "teamplay-fresh")


# --------------------------------------------------------------------------- The Game
def test_the_game_words_piles_and_the_block(web_table, open_page, viewport):
    from tests.engine.test_the_game import table

    host, page = seated(web_table, open_page, viewport, "the-game", ["open", "bot:normal"], 3)
    deck = tuple(range(10, 20))
    stage(
        host,
        table(
            [[20, 50, 70, 80, 85, 90, 95], [3, 4, 5, 6, 7, 8, 9]],
            piles=((30,), (), (), ()),
            deck=deck,
            played=2,
        ),
    )
    wait_prompt(
        page,
        by_viewport(
            viewport,
            "Minimum played: play more cards, or end your turn (E)",
            "Minimum played: play more cards, or end your turn",
        ),
    )
    assert bool(texts(page, ".tg-key")) == (
        viewport == "laptop"
    )  # the piles' keys: none on a phone
    page.click('[data-action="card"][data-card="20"]')
    wait_prompt(
        page,
        by_viewport(
            viewport,
            "20: a backwards trick is possible! Pick a lit pile (A/S/D/F or click)",
            "20: a backwards trick is possible! Tap a lit pile",
        ),
    )
    assert texts(page, ".tg-tag") == by_viewport(
        viewport,
        [
            "A: ↶ backwards trick",
            "S: play here (jump 19)",
            "D: play here (jump 80)",
            "F: play here (jump 80)",
        ],
        ["↶ backwards trick", "play here (jump 19)", "play here (jump 80)", "play here (jump 80)"],
    )
    looked_at(page, "the-game-pile")
    # Nothing fits and two cards are still due: the block.
    stage(host, table([[50, 60], [3, 4]], piles=((90,), (95,), (12,), (5,)), deck=deck))
    wait_prompt(
        page,
        by_viewport(
            viewport,
            "No card fits and you must still play 2: declare the block (B or the button)",
            "No card fits and you must still play 2: tap Declare blocked",
        ),
    )
    assert texts(page, '[data-action="declare-blocked"]') == ["Declare blocked"]
    looked_at(page, "the-game-blocked")


# --------------------------------------------------------------------------- Take 5
def test_take5_words_the_row_to_take(web_table, open_page, viewport):
    from tests.engine.test_take5 import play, table

    host, page = seated(web_table, open_page, viewport, "take5", ["open", "bot"], 4, {"rounds": 1})
    staged, _ = play(table("10/20/33/41", ["5 60 61", "50 62 63"]), "1: choose 50", "0: choose 5")
    stage(host, staged)
    wait_prompt(page, "Your 5 is too low: tap a row to take it")
    assert texts(page, "[data-action=take-row] .take") == by_viewport(
        viewport,
        ["[1] take: 3", "[2] take: 3", "[3] take: 5", "[4] take: 1"],
        ["take: 3", "take: 3", "take: 5", "take: 1"],
    )
    looked_at(page, "take5-row")
    # The words come from the window's catalogues, in every language.
    Select(page.wait("select[data-action=language]")).select_by_value("es")
    page.wait_until(
        lambda: (
            texts(page, "[data-action=take-row] .take")
            == by_viewport(
                viewport,
                ["[1] llevar: 3", "[2] llevar: 3", "[3] llevar: 5", "[4] llevar: 1"],
                ["llevar: 3", "llevar: 3", "llevar: 5", "llevar: 1"],
            )
        ),
        10,
        "the rows in Spanish",
    )
    looked_at(page, "take5-row-es")


# --------------------------------------------------------------------------- back in your seat
def test_a_phone_at_its_seat_for_the_first_time_is_not_back_until_it_reconnects(
    web_table, open_page
):
    """A couch phone comes late: a stand-in played its seat meanwhile, and the host says
    "back" as the phone sits. The page says nothing of a return then (it never held the
    seat); after a dropped link it is back in its seat."""
    host, url = web_table("take5", ["phone", "bot", "bot"], 4, {"rounds": 1}, bot_delay=HELD)
    assert host.call(lambda t: t.hand_over(0))  # the stand-in keeps the seat warm
    token = host.call(lambda t: t.seat_token(0))
    page = open_page(f"{url}#t={token}&s=0", "phone")
    page.wait("[data-seat='0'].me")
    page.wait_until(
        lambda: host.call(lambda t: t.seats)[0]["state"] == "connected", 10, "the phone seated"
    )
    seen = set()
    end = time.monotonic() + 2.0  # a notice shows for 5 s: one said now would be seen
    while time.monotonic() < end:
        seen.update(texts(page, ".banner .note"))
        time.sleep(0.05)
    assert "Back in your seat" not in seen, seen
    page.shot("touch-first-sit")
    assert drop_web_links(host) == 1
    page.wait_until(
        lambda: "Back in your seat" in texts(page, ".banner .note"), 30, "back in the seat"
    )
    page.shot("touch-back-in-seat")
