"""Sequence Numbers in a real browser (issue 30; assets/web/js/games/sequence_numbers.js):
a player sits at an open seat against a bot (2 players) and plays the game to its end by
clicking only — a card, then one of the spaces it lights (from the host's legal list),
Plus and Minus when they come, the dead-card trade when offered, the discard when stuck —
on the phone and the laptop viewport. On the way it checks that the cards the page shows
are the seat's hand as the host holds it, that the lit spaces are exactly the legal
ones, and that a spectator's page holds no card of any hand.

Screenshots go to /tmp/shots-web/ (``sequence-numbers-*-<viewport>.png``).
"""

from __future__ import annotations

import re
import time

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from tests.web.conftest import drop_and_return

SEATS = ["open", "bot:normal"]
#: Seconds a whole game may take on the shared machine.
GAME = 300.0


def face_text(face: str) -> list[str]:
    """The ways a card's face may be written on the page ("25+8", "25 + 8", "30 − 11")."""
    if face in ("plus", "minus"):
        return []
    if "+" in face:
        a, b = face.split("+")
        return [face, f"{a} + {b}"]
    a, b = face.split("-")
    return [face, f"{a} − {b}", f"{a} - {b}"]


def root_attr(page, name: str) -> str:
    got = page.attrs('[data-game="sequence-numbers"]', name)
    return got[0] if got else ""


def small_targets(page, css: str) -> list[str]:
    """Tappable elements (``css``) of the board under 40 CSS px either way, as laid out
    now."""
    out = []
    for e in page.find(css):
        try:
            if e.is_displayed():
                size = e.size
                if size["width"] < 40 or size["height"] < 40:
                    out.append(f"{e.get_attribute('outerHTML')[:80]} {size}")
        except StaleElementReferenceException:
            continue
    return out


#: What a player taps: every button of the board but the spaces, and the lit spaces (in
#: the fitted view of a phone the spaces are 33 px; a picked card zooms them to 46 px).
TAPPABLE = '.board [data-action]:not([data-action="space"]), .board [data-action="space"][data-lit]'


def sit(page, seat: int = 0) -> None:
    page.click(f'[data-action="sit"][data-seat="{seat}"]')
    page.wait('[data-game="sequence-numbers"]')


def shown_hand(page) -> list[str]:
    return page.attrs('[data-action="pick"]', "data-card")


def lit_spaces(page) -> list[tuple[int, int]]:
    rows = page.attrs('[data-action="space"][data-lit]', "data-row")
    cols = page.attrs('[data-action="space"][data-lit]', "data-col")
    return sorted(zip(map(int, rows), map(int, cols), strict=True))


def wait_turn(page, timeout: float = 60.0) -> str:
    def ready():
        if root_attr(page, "data-over") == "1":
            return "over"
        return "turn" if root_attr(page, "data-decision") == "1" else ""

    return page.wait_until(ready, timeout, "this seat's turn or the end")


def tap(page, css: str) -> None:
    """Bring ``css`` to the middle of the screen and of the board, as a player scrolls a
    zoomed board to a space, and tap it."""
    for _ in range(50):
        try:
            e = page.wait(css)
            page.driver.execute_script(
                "arguments[0].scrollIntoView({block: 'center', inline: 'center'})", e
            )
            break
        except StaleElementReferenceException:  # drawn anew meanwhile
            time.sleep(0.02)
    page.click(css)


def act_and_wait(page, css: str) -> None:
    before = root_attr(page, "data-step")
    tap(page, css)
    try:
        page.wait_until(
            lambda: root_attr(page, "data-step") != before, 20, f"the table to move after {css}"
        )
    except TimeoutException:
        page.shot("sequence-numbers-stuck-after-click")
        raise


def check_spectator(open_page, url, viewport, host) -> None:
    watcher = open_page(url, viewport)
    watcher.click('[data-action="watch"]')
    watcher.wait('[data-game="sequence-numbers"]')
    time.sleep(0.3)
    assert not watcher.find('[data-action="pick"]')
    text = watcher.text("body")
    hands = host.call(lambda t: [t.view(s)["hand"] for s in range(2)])
    for hand in hands:
        for face in hand:
            for written in face_text(face):
                # Whole numbers only: "4 + 22" is not in a public "14 + 22".
                seen_at = re.search(rf"(?<![0-9]){re.escape(written)}(?![0-9])", text)
                assert seen_at is None, (face, text)
    public = {f for pile in host.call(lambda t: t.view(None))["discards"] for f in pile}
    assert set(watcher.attrs("[data-discard]", "data-discard")) <= public
    watcher.shot("sequence-numbers-spectator")
    watcher.driver.quit()


def pick(page, i: int, on: bool) -> None:
    """Tap hand card ``i`` and wait until the page shows it picked (``on``) or not."""
    page.click(f'[data-action="pick"][data-index="{i}"]')
    state = "true" if on else "false"
    page.wait(f'[data-action="pick"][data-index="{i}"][aria-pressed="{state}"]', 10)


def refused_space_is_explained(page, host) -> None:
    """A picked equation card on a space it does not answer: nothing is sent, the page
    says why in the window's words, and the card stays picked."""
    hand = shown_hand(page)
    i = next(i for i, f in enumerate(hand) if f not in ("plus", "minus"))
    pick(page, i, True)
    lit = set(lit_spaces(page))
    view = host.call(lambda t: t.view(0))
    r, c = next(
        (r, c)
        for r in range(10)
        for c in range(10)
        if (r, c) not in lit and view["chips"][r][c] is None and view["board"][r][c]
    )
    before = root_attr(page, "data-step")
    tap(page, f'[data-action="space"][data-row="{r}"][data-col="{c}"]')
    page.wait_until(lambda: "does not make" in page.text('[data-zone="error"]'), 10, "why not")
    page.shot("sequence-numbers-refused")
    assert root_attr(page, "data-step") == before
    assert host.call(lambda t: t.view(0))["hand"] == hand
    pick(page, i, False)


def play_turn(page, host, seat: int, seen: dict, shots: set) -> None:
    """One turn by clicking: trade a dead card when offered, else the first card that
    lights a space, on the first lit space; when no card can be played, discard."""
    legal = host.call(lambda t: t.legal_actions(seat))
    if page.find('[data-action="dead"]'):
        if "dead" not in shots:
            page.shot("sequence-numbers-dead")
            shots.add("dead")
        act_and_wait(page, '[data-action="dead"]')
        seen["dead"] += 1
        return
    hand = shown_hand(page)
    if page.viewport == "laptop" and not seen["keys"]:
        # The window's keys: a digit picks a card, the cursor jumps to its nearest lit
        # space, Enter places the chip there.
        i = next(
            (
                i
                for i, f in enumerate(hand)
                if f not in ("plus", "minus")
                and any(a.get("card") == f and "row" in a for a in legal)
            ),
            None,
        )
        if i is not None:
            ActionChains(page.driver).send_keys(str(i + 1)).perform()
            page.wait(f'[data-action="pick"][data-index="{i}"][aria-pressed="true"]', 10)
            page.wait(".sn-cursor.sn-lit", 10)
            before = root_attr(page, "data-step")
            ActionChains(page.driver).send_keys(Keys.ENTER).perform()
            page.wait_until(lambda: root_attr(page, "data-step") != before, 20, "Enter's chip")
            placed = host.call(lambda t: t.view(seat))["discards"][seat][-1]
            assert placed == hand[i]
            seen["keys"] = True
            seen["chip"] += 1
            return
    # Plus and Minus first when held (each lights its own kind of space), then the rest.
    order = sorted(range(len(hand)), key=lambda i: hand[i] not in ("plus", "minus"))
    for i in order:
        face = hand[i]
        pick(page, i, True)
        lit = lit_spaces(page)
        want = sorted((a["row"], a["col"]) for a in legal if a.get("card") == face and "row" in a)
        assert lit == want, (face, lit, want)
        if not lit:
            pick(page, i, False)  # put it back
            continue
        if face in ("plus", "minus") and face not in shots:
            page.shot(f"sequence-numbers-{face}")
            shots.add(face)
        if "picked" not in shots:
            page.shot("sequence-numbers-picked")
            shots.add("picked")
            assert not small_targets(page, TAPPABLE)
        r, c = lit[0]
        act_and_wait(page, f'[data-action="space"][data-row="{r}"][data-col="{c}"]')
        seen[face if face in ("plus", "minus") else "chip"] += 1
        return
    pick(page, 0, True)
    if "stuck" not in shots:
        page.shot("sequence-numbers-stuck")
        shots.add("stuck")
    act_and_wait(page, '[data-action="discard"]')
    seen["discard"] += 1


def test_a_browser_seat_plays_sequence_numbers_to_its_end(web_table, open_page, viewport):
    host, url = web_table("sequence-numbers", SEATS, seed=23)
    page = open_page(url, viewport)
    sit(page, 0)
    seen = {
        "chip": 0,
        "plus": 0,
        "minus": 0,
        "dead": 0,
        "discard": 0,
        "hand_checks": 0,
        "dropped": False,
        "keys": False,
    }
    shots: set[str] = set()
    end = time.monotonic() + GAME
    while True:
        assert time.monotonic() < end, f"the game did not end in {GAME} s: {seen}"
        if wait_turn(page) == "over":
            break
        # The page's hand is the host's (the host waits for this seat now).
        assert shown_hand(page) == host.call(lambda t: t.view(0))["hand"]
        seen["hand_checks"] += 1
        if seen["hand_checks"] == 1:
            page.shot("sequence-numbers-first-turn")
            assert not small_targets(page, TAPPABLE)
            refused_space_is_explained(page, host)
        if seen["hand_checks"] == 4:
            check_spectator(open_page, url, viewport, host)
        if seen["hand_checks"] == 6 and not seen["dropped"]:
            drop_and_return(page, host, "sequence-numbers")
            seen["dropped"] = True
            continue  # the seat's turn again, drawn from a fresh snapshot
        if seen["hand_checks"] == 8:
            page.shot("sequence-numbers-midgame")
        play_turn(page, host, 0, seen, shots)
    assert host.over.is_set()
    view = host.call(lambda t: t.view(0))
    prompt = page.text("[data-prompt]")
    if view["draw"]:
        assert "draw" in prompt
    elif 0 in view["winners"]:
        assert "You win!" in prompt
    else:
        assert "wins!" in prompt
    page.wait(".overlay-outcome [data-outcome]")
    page.shot("sequence-numbers-outcome")
    page.click('[data-action="close"]')
    page.shot("sequence-numbers-end")
    # The board shows every chip where the host has it.
    chips = view["chips"]
    for r in range(10):
        for c in range(10):
            got = page.attrs(f'[data-row="{r}"][data-col="{c}"] [data-chip]', "data-chip")
            assert got == ([] if chips[r][c] is None else [str(chips[r][c])]), (r, c, got)
    assert seen["hand_checks"] >= 4 and seen["chip"] >= 1 and seen["dropped"], seen
    assert seen["keys"] == (viewport == "laptop"), seen
    errors = [e for e in page.driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors


# ---------------------------------------------------------------- a line of six (issue 35)
def stage(host, state) -> None:
    """Put ``state`` on the host's table (a staged position) and send every seat its
    view of it, as after an action."""

    def put(t):
        old, t.state = t.state, state
        t._send_deltas(old, [], None)

    host.call(put)


def spaces_with(page, css: str) -> list[tuple[int, int]]:
    """The (row, col) of the board's spaces that are or hold ``css``."""
    spaces = page.driver.execute_script(
        "return [...document.querySelectorAll('[data-action=\"space\"]')]"
        ".filter(b => b.matches(arguments[0]) || b.querySelector(arguments[0]))"
        ".map(b => [+b.dataset.row, +b.dataset.col])",
        css,
    )
    return sorted(tuple(x) for x in spaces)


def test_the_page_turns_over_every_chip_of_a_line_of_six(web_table, open_page):
    """sequence-numbers.md "Settled where the seed is silent": a chip that completes a
    line of six at once turns over all six; an opponent's Minus then lights none of them
    (the page's targets come from the host's legal list)."""
    from engine.sequence_numbers.state import MINUS
    from tests.engine.test_sequence_numbers import add_card, table

    host, url = web_table(
        "sequence-numbers", ["open", "bot:easy", "bot:easy", "bot:easy"], seed=3, bot_delay=120.0
    )
    page = open_page(url, "laptop")
    sit(page, 0)
    assert wait_turn(page) == "turn"
    row = [(6, c) for c in range(2, 8)]
    board = host.call(lambda t: t.view(0))["board"]
    card = add_card(board[6][4])
    chips = {x: 0 for x in row if x != (6, 4)}
    chips[(2, 2)] = 0
    stage(host, table(4, chips=chips, hand=[card]))
    page.wait_until(lambda: card in shown_hand(page), 10, "the staged hand")
    pick(page, shown_hand(page).index(card), True)
    assert lit_spaces(page) == sorted(
        (r, c) for r in range(10) for c in range(10) if board[r][c] == board[6][4]
    )
    act_and_wait(page, '[data-action="space"][data-row="6"][data-col="4"]')
    page.wait_until(lambda: len(spaces_with(page, ".sn-locked")) == 6, 10, "six turned over")
    assert spaces_with(page, ".sn-locked") == row
    assert spaces_with(page, ".sn-inseq") == row  # the sequence's mark on all six spaces
    page.shot("sequence-numbers-line-of-six")
    # Seat 0 now faces the other colour's locked six and a stray chip with a Minus.
    theirs = {x: 1 for x in row}
    theirs[(2, 2)] = 1
    stage(host, table(4, chips=theirs, hand=[MINUS], sequences={1: [row]}))
    page.wait_until(lambda: MINUS in shown_hand(page), 10, "the staged Minus")
    pick(page, shown_hand(page).index(MINUS), True)
    assert lit_spaces(page) == [(2, 2)]
    page.shot("sequence-numbers-minus-spares-the-six")
    errors = [e for e in page.driver.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors


def test_the_free_corners_word_fits_its_space_in_every_language(web_table, open_page):
    """On a phone's fitted board (33 px spaces) the corners' word — "FREE", "LIBRE",
    "LIVRE", "SZABAD" — stays inside its space, not spilling over the next number."""
    from selenium.webdriver.support.ui import Select

    host, url = web_table("sequence-numbers", SEATS, 3)
    p = open_page(url, "phone")
    sit(p)
    for code, word in (("en", "FREE"), ("es", "LIBRE"), ("pt", "LIVRE"), ("hu", "SZABAD")):
        Select(p.wait("select[data-action=language]")).select_by_value(code)
        p.wait_until(lambda w=word: w in p.text(".sn-freeword"), what=word)
        spilt = []
        for space in p.find(".sn-free"):
            (w,) = space.find_elements("css selector", ".sn-freeword")
            a, b = space.rect, w.rect
            if b["x"] < a["x"] or b["x"] + b["width"] > a["x"] + a["width"]:
                spilt.append((code, a, b))
        assert not spilt, spilt
    p.shot("sequence-numbers-hungarian")


def test_the_zoom_button_says_what_it_does_and_fits_its_bar(web_table, open_page):
    """A phone's zoom button is a word, not a lone "+" (a new player read it as the PLUS
    card): "Zoom in", then "Zoom out" once the spaces are at finger size; in Hungarian
    ("Nagyítás", "Kicsinyítés") it stays whole inside the board's bar."""
    from selenium.webdriver.support.ui import Select

    host, url = web_table("sequence-numbers", SEATS, 3)
    p = open_page(url, "phone")
    sit(p)
    for code, words in (("en", ("Zoom in", "Zoom out")), ("hu", ("Nagyítás", "Kicsinyítés"))):
        Select(p.wait("select[data-action=language]")).select_by_value(code)
        for word in words:
            p.wait_until(lambda w=word: p.text('[data-action="zoom"]') == w, what=word)
            (bar,) = p.find(".sn-boardbar")
            (button,) = p.find('[data-action="zoom"]')
            a, b = bar.rect, button.rect
            inside = a["x"] <= b["x"] and b["x"] + b["width"] <= a["x"] + a["width"] + 1  # subpixel
            assert inside, (code, a, b)
            inner = p.driver.execute_script(
                "return [arguments[0].scrollWidth, arguments[0].clientWidth]", button
            )
            assert inner[0] <= inner[1], (word, inner)  # the word is not cut
            p.shot(f"sequence-numbers-zoom-{code}-{words.index(word)}")
            p.click('[data-action="zoom"]')
        p.wait_until(
            lambda: p.attrs('[data-action="zoom"]', "aria-pressed") == ["false"],
            what="the board back to its fitted size",
        )
