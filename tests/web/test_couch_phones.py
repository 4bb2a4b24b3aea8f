"""The couch with phones as hands (issue 31): the window is the table, two players hold
their hands on their phones (headless Chromium at the seat links *read from the window's
QR codes*, as a phone's camera reads them), one plays on the screen behind the privacy
screen, a bot fills the table — played to the end in Take 5 and in Guandan.

On the way, every frame the window draws is checked against the phones' hands: the
window holds no connection for a phone seat (its process never receives those cards),
its board never shows a phone's hand, and the only hand it ever shows is the screen
player's own, behind the privacy screen. Screenshots: /tmp/shots-web/couch-*.png (the
window) and the pages' own.
"""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlsplit

import pygame
import pytest

from tests.web.conftest import SHOTS

pytest.importorskip("zxingcpp", reason="the test extra installs zxing-cpp")
from tests.client.test_phones import read_codes  # noqa: E402 (as a phone's camera reads)

NAMES = ["Ana", "Bea", "Cid", "Bot"]
#: Seconds a whole game may take on a loaded machine.
GAME = 300.0


def hand(page) -> list[str]:
    """The cards of a Take 5 page's hand (their wire values)."""
    return page.attrs("[data-hand] [data-card]", "data-card")


def fragment(link: str) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(link).fragment).items()}


class Couch:
    """The window's table and what every frame showed."""

    def __init__(self, app, table) -> None:
        self.app, self.table = app, table
        # The test's frames come between the pages' clicks (a tenth of a second apart,
        # not a 30th): the table's animations run at their pace on the test's clock.
        table.timeline.speed = 20
        self.frames = 0
        self.screen_hands = 0  # frames that showed the screen player's hand
        self.hidden: set = set()  # the phones' hands, as their pages last drew them

    def frame(self) -> None:
        self.app.frame(1 / 30, [])
        self.frames += 1
        table = self.app.scene if self.app.scene is self.table else None
        if table is None:
            return
        session = table.session
        assert set(session.mirrors) <= {0, None}, "the window holds a phone seat's link"
        board = table.board or {}
        hand = list(board.get("hand") or [])
        if table.privacy_for is not None or table.phones.waiting():
            return  # the card or the privacy screen is what shows (no board hand drawn)
        if hand:
            assert table.perspective == 0, (table.perspective, hand)
            self.screen_hands += 1
        assert not set(hand) & self.hidden, "a phone's card on the big screen"

    def run(self, test, seconds: float = 30.0) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            self.frame()
            if test():
                return True
            time.sleep(0.005)
        return False

    def shot(self, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.app.scene.draw(self.app.screen)
        pygame.image.save(self.app.screen, str(SHOTS / f"couch-{name}.png"))

    def play_screen_seat(self, choose) -> bool:
        """If the screen player is due: open the privacy screen (Enter, as they do),
        then act with ``choose(table)`` once the table lets them decide. Returns
        whether it acted."""
        t = self.table
        if self.app.scene is not t:
            return False
        if t.privacy_for == 0:
            t.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
        if t.perspective == 0 and t.deciding():
            # the frame she decides on, checked like every frame (her hand drawn, no
            # phone's card in it): without it a decision taken at once after Enter
            # left no frame of her hand to count (seen under load)
            self.frame()
            if self.app.scene is t and t.perspective == 0 and t.deciding():
                choose(t)
                return True
        return False


def seat_the_phones(couch: Couch, open_page, game: str):
    """The codes on the window, decoded; a phone at each; the window's card goes once
    both are in. Returns ``{seat: page}``."""
    table = couch.table
    session = table.session
    assert couch.run(lambda: len(session.phone_links) == 2, 60), "no phone links"
    couch.frame()
    codes = read_codes(couch.app.screen)
    assert codes == sorted(session.phone_links.values())
    couch.shot(f"{game}-codes")
    pages = {}
    for link in codes:
        parts = fragment(link)
        seat = int(parts["s"])
        assert parts["t"] and seat in (1, 2)
        pages[seat] = open_page(link, "phone")
    assert couch.run(lambda: not session.phones_awaited, 60), "the phones did not sit"
    assert not table.phones.waiting()
    board = {"take5": "[data-hand]", "guandan": '[data-game="guandan"]'}[game]
    for page in pages.values():
        page.wait(board, 30)
        assert "#t=" not in page.driver.current_url  # the token left the address bar
    badges = [b.texts[0] for b in table.presence.badges(1)]
    assert "on phone" in badges, badges
    return pages


# --------------------------------------------------------------------------- Take 5
def take5_step(page) -> bool:
    from tests.web.test_take5 import state_of

    state = state_of(page)
    if state == "row":
        page.click("[data-action=take-row][data-row='0']")
        return True
    if state == "choose":
        lit = page.attrs("[data-hand] [data-lit]", "data-card")
        if not lit:
            return False
        card = min(int(c) for c in lit)
        page.click(f"[data-hand] [data-card='{card}']")
        page.click(f"[data-hand] [data-card='{card}']")  # a second tap plays it
        return True
    return False


def take5_screen(table) -> None:
    row = table.choices(type="take-row")
    if row:
        table.seat.send(row[0])
        return
    table.seat.send(table.choices(type="choose")[0])


#: Each game's bot at the fourth seat, and the page's cards of a hand (CSS).
FOURTH = {"take5": "bot:easy", "guandan": "bot:normal"}
HAND_CARDS = {"take5": "[data-hand] [data-card]", "guandan": '.gd-hand [data-action="card"]'}


def play_couch(app, open_page, game: str, seed: int, options: dict, screen, step) -> tuple:
    """A couch table of ``game``: Ana on the screen (``screen(table)`` decides for her
    behind the privacy screen), Bea and Cid on phones at the links their codes hold
    (``step(page)`` taps one decision, returning whether it did), a bot; played to the
    window's results, every frame checked against the phones' hands. Shots of the codes,
    mid-game and the results. Returns each person's number of decisions and the phones'
    pages (``{seat: page}``)."""
    from client.launch import start_table
    from client.scenes.results import ResultsScene

    seats = ["human", "phone", "phone", FOURTH[game]]
    table = start_table(app, game, seats, seed=seed, options=options, names=NAMES)
    table.session.set_bot_delay(0.0)
    couch = Couch(app, table)
    pages = seat_the_phones(couch, open_page, game)
    end = time.monotonic() + GAME
    acted = {0: 0, 1: 0, 2: 0}
    mid = False
    while time.monotonic() < end and not isinstance(app.scene, ResultsScene):
        for _ in range(3):
            couch.frame()
        if couch.play_screen_seat(screen):
            acted[0] += 1
        couch.hidden = set()
        for page in pages.values():
            couch.hidden |= {int(c) for c in page.attrs(HAND_CARDS[game], "data-card")}
        for seat, page in pages.items():
            if step(page):
                acted[seat] += 1
        public = table.perspective is None and table.privacy_for is None
        if not mid and sum(acted.values()) >= 6 and public:
            couch.shot(f"{game}-mid-game")
            mid = True
    assert isinstance(app.scene, ResultsScene), acted
    couch.shot(f"{game}-results")
    assert couch.screen_hands > 0 and couch.frames > 50
    if game == "take5":
        for page in pages.values():
            page.wait("[data-outcome]", 60)
        pages[1].shot("couch-take5-phone-outcome")
    return acted, pages


def test_two_phones_and_a_screen_player_play_take5_to_the_end(app, open_page):
    acted, _pages = play_couch(app, open_page, "take5", 11, {"rounds": 1}, take5_screen, take5_step)
    assert acted[0] >= 1 and acted[1] >= 5 and acted[2] >= 5, acted


# --------------------------------------------------------------------------- Guandan
def guandan_step(page) -> bool:
    from tests.web.test_guandan import decision, enabled, root_attr, tap

    d = decision(page)
    if root_attr(page, "data-over") == "1" or d not in ("play", "tribute", "return"):
        return False
    if root_attr(page, "data-hinting") == "1":
        return False
    if d in ("tribute", "return"):
        tap(page, '.gd-hand [data-action="card"]:not(.gd-dim)')
        page.click(f'[data-action="{d}"]')
        return True
    if not page.find(".gd-picked") and not page.find(".gd-notes"):
        page.click('[data-action="hint"]')
        return False  # the hint comes; the next look plays it
    if enabled(page, '[data-action="play"]'):
        page.click('[data-action="play"]')
    else:
        page.click('[data-action="pass"]')
    return True


def guandan_screen(table) -> None:
    from engine import get_bot

    legal = table.choices()
    action = get_bot("guandan", "easy").choose(table.seat.view, legal)
    table.seat.send(action)


def test_two_phones_and_a_screen_player_play_guandan_to_the_end(app, open_page):
    acted, _pages = play_couch(
        app, open_page, "guandan", 3, {"deals": 1}, guandan_screen, guandan_step
    )
    assert acted[0] >= 1 and acted[1] >= 1 and acted[2] >= 1, acted


def test_the_phones_follow_the_table_to_its_next_game_without_a_scan(app, open_page):
    """After a Take 5 played to the window's results, the window's "New game, same
    players" (Enter on the results, past their guard): each phone shows the outcome with
    "Waiting for the next game…", then — the same browser, no new address — takes its
    seat in the new game by itself (the next table holds the same key and tokens on the
    same port), the window's card saying who is in, and plays a legal move there."""
    from client.scenes.results import ResultsScene

    _acted, pages = play_couch(app, open_page, "take5", 11, {"rounds": 1}, take5_screen, take5_step)
    results = app.scene
    first = results.session
    links, urls = dict(first.phone_links), {s: p.driver.current_url for s, p in pages.items()}
    results.update(10.0)  # past the guard: the buttons take input
    results.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    table = app.scene
    assert not isinstance(table, ResultsScene) and table.session is not first
    for page in pages.values():  # told by the old host; the new one is not served yet
        page.wait("[data-outcome] [data-next='waiting']", 30)
        assert page.text("[data-link]") == "Waiting for the next game…"
    assert pages[1].text("[data-next]") == (
        "Waiting for the next game…\nKeep this page open: it takes your seat when the table deals"
    )
    pages[1].shot("couch-take5-phone-waiting-next")
    couch = Couch(app, table)
    session = table.session
    table.session.set_bot_delay(0.0)
    assert couch.run(lambda: session.phone_links, 60), "no phone links"
    assert session.phone_links == links  # the same codes
    couch.shot("take5-next-card")
    taken = table.phones.taken
    assert couch.run(lambda: taken(1) or taken(2), 60), "no phone came back"
    if table.phones.waiting():  # (both may have come in the same frame)
        couch.shot("take5-next-card-coming")  # who is in already: "Bea — phone"
    assert couch.run(lambda: not session.phones_awaited, 60), "the phones did not come back"
    for seat, page in pages.items():
        page.wait("[data-hand]", 30)
        page.wait_until(lambda p=page: len(hand(p)) == 10, 30, "the new hand")
        assert not page.find("[data-next]") and page.driver.current_url == urls[seat]
    assert [table.presence.seat(s)["state"] for s in (1, 2)] == ["connected"] * 2
    pages[2].shot("couch-take5-phone-next-game")
    # A legal move in the new game from each phone (and the screen player's, so the
    # turn resolves): each hand is one card shorter.
    moved = set()
    end = time.monotonic() + 120
    while time.monotonic() < end and moved != {1, 2}:
        couch.frame()
        couch.play_screen_seat(take5_screen)
        for seat, page in pages.items():
            if seat not in moved and take5_step(page):
                moved.add(seat)
    assert moved == {1, 2}
    for page in pages.values():
        page.wait_until(lambda p=page: len(hand(p)) == 9, 60, "the move played")
        assert couch.run(lambda: True, 0.1)


def test_a_phone_whose_table_closed_is_told_to_scan_the_new_code(web_table, open_page):
    """The room's table closes (the screen left: Continue a game serves it again, the
    same code taking the seat): the phone's page says to scan its code on the table's
    screen again, and no longer calls its own seat "reconnecting…" (nothing is retried
    after ``host-closed`` without ``next``)."""
    host, url = web_table("take5", ["phone", "bot:easy"], seed=3)
    token = host.call(lambda t: t.seat_token(0))
    page = open_page(f"{url}#t={token}&s=0", "phone")
    page.wait("[data-hand]", 30)
    host.stop()
    page.wait_until(lambda: page.attrs("[data-link]", "data-link") == ["closed"], 15, "closed")
    assert page.text("[data-link]") == (
        "The table closed. To play on, scan your code on the table's screen again"
    )
    time.sleep(0.5)
    assert "reconnecting…" not in page.text(".seats")
    page.shot("couch-phone-table-closed")


def test_a_phone_whose_code_another_phone_scanned_is_told_what_happened(web_table, open_page):
    """Bea scans Ana's code by mistake: the link takes the seat (a flat battery's way
    back), and Ana's page says what happened and the way out — swap phones (Ana's code
    is not on the screen while a phone holds the seat; Bea's still is) — not the host's
    words about tokens."""
    host, url = web_table("take5", ["phone", "phone", "bot:easy"], seed=3)
    link = f"{url}#t={host.call(lambda t: t.seat_token(0))}&s=0"
    ana = open_page(link, "phone")
    ana.wait("[data-hand]", 30)
    bea = open_page(link, "phone")
    bea.wait("[data-hand]", 30)
    ana.wait_until(lambda: "Another phone scanned this seat" in ana.text(), 15, "the words")
    assert (
        "Another phone scanned this seat's code and holds it now. A mix-up? Swap phones "
        "with that player: this one can scan the code still waiting on the table's screen"
    ) in ana.text()
    assert "token" not in ana.text()
    ana.shot("couch-phone-seat-replaced")


def test_a_phone_seat_played_now_by_a_stand_in_is_away_not_gone(web_table, open_page):
    """The screen chose "Play now" before Bea's phone came (the host hands her seat to a
    stand-in): Ana's page says Bea is away and a stand-in plays until she returns, not
    that she left."""
    host, url = web_table("take5", ["phone", "phone", "bot:easy"], seed=3)
    ana = open_page(f"{url}#t={host.call(lambda t: t.seat_token(0))}&s=0", "phone")
    ana.wait("[data-hand]", 30)
    # whose seat this phone holds, by the name the screen shows (a mix-up shows here)
    assert ana.text(".panel.me .name") == "You (Player 1)"
    assert host.call(lambda t: t.hand_over(1))
    ana.wait_until(lambda: "is away" in ana.text(".banner"), 15, "the notice")
    assert ana.text(".banner") == (
        "Player 2 is away: a stand-in bot plays for them until they return"
    )
    ana.shot("couch-phone-away-notice")


def play_to_the_outcome(page, host) -> None:
    """Tap the phone's decisions until its page shows the outcome (bots at once)."""
    end = time.monotonic() + GAME
    while time.monotonic() < end and not page.find("[data-outcome]"):
        take5_step(page)
        time.sleep(0.05)
    page.wait("[data-outcome]", 30)
    assert host.call(lambda t: t.is_over())


def test_a_phone_whose_link_drops_after_the_outcome_waits_then_sits_again(web_table, open_page):
    """The Wi-Fi drops after the outcome (no word from the host): the phone waits for
    the next game and knocks; the same table answers (no next game yet), so it takes its
    seat there again and shows the outcome, not "reconnecting…"."""
    from tests.web.conftest import drop_web_links

    host, url = web_table("take5", ["phone", "bot:easy"], seed=3, options={"rounds": 1})
    page = open_page(f"{url}#t={host.call(lambda t: t.seat_token(0))}&s=0", "phone")
    page.wait("[data-hand]", 30)
    play_to_the_outcome(page, host)
    assert drop_web_links(host) == 1
    page.wait("[data-next='waiting']", 15)
    page.wait_until(lambda: host.call(lambda t: t.seats)[0]["state"] == "connected", 30, "back")
    page.wait_until(lambda: not page.find("[data-next]"), 15, "the wait to end")
    page.wait("[data-outcome]", 15)
    assert page.attrs("[data-link]", "data-link") == ["up"]


def test_a_phone_waiting_for_the_next_game_gives_up_on_another_table(web_table, open_page):
    """The screen dealt the next game (``next``) but another table answers at the
    address (its port taken by something else, say): the phone does not offer its token
    there and says to scan the table's code again."""
    from net.local import LocalHost

    host, url = web_table("take5", ["phone", "bot:easy"], seed=3, options={"rounds": 1})
    port = int(urlsplit(url).port)
    page = open_page(f"{url}#t={host.call(lambda t: t.seat_token(0))}&s=0", "phone")
    page.wait("[data-hand]", 30)
    play_to_the_outcome(page, host)
    host.stop(next_game=True)
    page.wait("[data-next='waiting']", 15)
    other = LocalHost("take5", ["phone", "bot:easy"], 4, bot_delay=0.0)
    other.start()
    try:
        other.listen(0, "127.0.0.1")
        assert other.listen_web(port) == port
        page.wait("[data-next='gone']", 30)
        assert page.text("[data-link]") == (
            "The table closed. To play on, scan your code on the table's screen again"
        )
        assert other.call(lambda t: [s["state"] for s in t.seats]) == ["waiting", "bot"]
        page.shot("couch-phone-next-gone")
    finally:
        other.stop()
