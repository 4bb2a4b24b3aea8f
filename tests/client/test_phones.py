"""Phone seats at a couch table, on the window's side (issue 31; the browser plays in
tests/web/test_couch_phones.py): the host listens on the LAN only when a table has phone
seats — and then only the page's door, the window's own TCP door staying on loopback —;
the codes the window draws decode to the seat links (as a phone's camera reads them);
the table waits for the phones, or plays at once with stand-ins; a phone that drops gets
its code again in a corner card with the stand-in countdown, and the same link takes the
seat back."""

from __future__ import annotations

import json
import socket
import urllib.request
from urllib.parse import parse_qs, urlsplit

import pygame
import pytest

from client import assets
from client.launch import start_table
from net.discovery import reachable_addresses
from tests.client.conftest import run_until

zxingcpp = pytest.importorskip("zxingcpp", reason="the test extra installs zxing-cpp")

NAMES = ["Ana", "Bea", "Cid", "Bot"]


def lan_address() -> str:
    found = [a for a, _name in reachable_addresses()]
    if not found:
        pytest.skip("this machine has no LAN address to listen on (loopback only)")
    return found[0]


def answers(address: str, port: int) -> bool:
    """Whether a TCP connection to ``address:port`` is accepted."""
    try:
        with socket.create_connection((address, port), timeout=2):
            return True
    except OSError:
        return False


def read_codes(surface: pygame.Surface) -> list[str]:
    """The QR codes on ``surface``, decoded (zxing-cpp, as a phone's camera would)."""
    w, h = surface.get_size()
    image = memoryview(pygame.image.tobytes(surface, "RGB")).cast("B", (h, w, 3))
    return sorted(b.text for b in zxingcpp.read_barcodes(image) if b.valid)


def texts(table) -> list[str]:
    assets.reset_caches()
    with assets.recording() as seen:
        table.draw(table.app.screen)
    return [text for _size, text in seen]


def phone_table(app, seats=("human", "phone", "phone", "bot:easy")):
    table = start_table(app, "take5", list(seats), seed=4, options={"rounds": 1}, names=NAMES)
    session = table.session
    assert run_until(app, lambda: len(session.phone_links) == seats.count("phone"), 60)
    return table


def test_a_couch_without_phone_seats_stays_on_loopback(app):
    lan = lan_address()
    table = start_table(app, "take5", ["human", "human", "bot:easy"], seed=4, names=NAMES[:3])
    session = table.session
    assert run_until(app, lambda: session.port is not None and table.board is not None, 60)
    assert answers("127.0.0.1", session.port)
    assert not answers(lan, session.port) and not answers(lan, session.port + 1)
    assert session.phone_links == {} and not session.room and table.phones is None


def test_phone_seats_serve_the_page_on_the_lan_and_their_codes_are_the_seat_links(app):
    lan = lan_address()
    table = phone_table(app)
    session = table.session
    links = session.phone_links
    assert sorted(links) == [1, 2] and session.phone_addresses[0] == lan
    for seat, link in links.items():
        parts = urlsplit(link)
        frag = {k: v[0] for k, v in parse_qs(parts.fragment).items()}
        assert parts.hostname == lan and parts.path == "/"
        assert frag["s"] == str(seat) and len(frag["t"]) == 22
        assert not parts.query  # the token only in the fragment: never sent to a server
    port = urlsplit(links[1]).port
    with urllib.request.urlopen(f"http://{lan}:{port}/table.json", timeout=5) as resp:
        info = json.loads(resp.read())
    assert info["game"] == "take5"
    assert frag["t"] not in json.dumps(info)
    assert not answers(lan, session.port)  # the window's own door stays on loopback
    # The card over the table: both codes, as a camera reads them, and both names.
    assert table.phones.waiting() and table.perspective is None
    app.frame(1 / 30, [])
    assert read_codes(app.screen) == sorted(links.values())
    drawn = texts(table)
    assert "Take your seats" in drawn and "Bea" in drawn and "Cid" in drawn


def test_the_table_waits_for_the_phones_and_play_now_gives_stand_ins(app):
    table = phone_table(app)
    session = table.session
    pygame.event.clear()
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0))
    assert table.phones.waiting()  # a stray key does nothing while the card shows
    app.frame(1 / 30, [])
    button = table.phones.play_rect
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.center))
    assert not table.phones.waiting() and session.phones_awaited == set()
    assert run_until(
        app,
        lambda: [table.presence.seat(s)["state"] for s in (1, 2)] == ["stand-in"] * 2,
        30,
    )
    # Not "left": a phone that has not come yet may come any time. (The notice may come
    # a frame after the seats that say "stand-in": under load it did.)
    away = "Bea is away: a stand-in bot plays for them until they return"
    assert run_until(app, lambda: away in [n[0] for n in table.presence.notices], 30)
    words = [n[0] for n in table.presence.notices]
    assert not [w for w in words if " left; " in w], words
    # The screen player plays behind the privacy screen; the phones' stand-ins play.
    assert run_until(app, lambda: table.privacy_for == 0, 30)
    assert table.phones.away() == [1, 2]  # their codes stay on screen for late phones
    app.frame(1 / 30, [])
    drawn = texts(table)
    assert "Bea's phone is away" not in drawn  # the privacy screen hides the table


def test_a_phone_that_drops_gets_its_code_again_and_the_same_link_takes_the_seat_back(app):
    from net.client import TcpConnection

    table = phone_table(app, ("human", "phone", "bot:easy"))
    session = table.session
    link = session.phone_links[1]
    token = parse_qs(urlsplit(link).fragment)["t"][0]

    def phone() -> TcpConnection:
        conn = TcpConnection("127.0.0.1", session.port, seat=1, token=token, reconnect_for=0)
        conn.start()
        return conn

    first = phone()
    assert run_until(app, lambda: not table.phones.waiting(), 30)
    drawn = texts(table)
    assert "Bea's phone is away" not in drawn
    assert [b.texts[0] for b in table.presence.badges(1)] == ["on phone"]
    first.close()
    assert run_until(app, lambda: table.phones.away() == [1], 30)
    table.privacy_for, table.perspective = None, None  # the table itself, as the room sees it
    app.frame(1 / 30, [])
    table.privacy_for = None
    table.draw(app.screen)
    assert read_codes(app.screen) == [link]
    drawn = texts(table)
    words = " ".join(drawn)  # the card's words wrap to its width
    assert "Bea's phone is away" in words
    assert "Stand-in in " in words and "scan to take the seat back" in words, drawn
    table.set_perspective(0)  # the screen player's hand is up: no card over it
    table.draw(app.screen)
    assert read_codes(app.screen) == [] and "Bea's phone is away" not in " ".join(texts(table))
    table.set_perspective(None)
    again = phone()
    assert run_until(app, lambda: table.phones.away() == [], 30)
    assert table.presence.seat(1)["state"] == "connected"
    again.close()


def test_a_long_link_breaks_after_a_slash_or_hash_and_never_overflows(app):
    from client.tables.phones import link_lines

    link = "http://192.168.100.200:47471/#t=abcdefghijklmnopqrstuv&s=3"
    px = 16
    width = assets.measure("http://192.168.100.200:47471/#t=abc", px)
    lines = link_lines(link, px, width)
    assert lines == ["http://192.168.100.200:47471/#", "t=abcdefghijklmnopqrstuv&s=3"]
    assert all(assets.measure(line, px) <= width for line in lines)
    narrow = assets.measure("http://192", px)
    cut = link_lines(link, px, narrow, most=2)
    assert len(cut) == 2 and cut[-1].endswith("…")
    assert all(assets.measure(line, px) <= narrow for line in cut)
    assert link_lines(link, px, 10_000) == [link]


def test_a_resumed_room_table_shows_the_same_links_and_waits_for_its_phones(app):
    from client.launch import resume_table

    table = phone_table(app, ("human", "phone", "bot:easy"))
    session = table.session
    links, path = dict(session.phone_links), session.log_path
    table.clock = 2.0  # (past the guard against the Enter that dealt it)
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert run_until(app, lambda: table.presence.seat(1)["state"] == "stand-in", 30)
    session.close()
    again = resume_table(app, path)
    assert again.room and again.session.phone_seats == [1]
    assert run_until(app, lambda: again.session.phone_links, 60)
    # The same link: the seat's token, and the port that follows from the table's
    # identity (hostchild.home_port) — a phone's page keeps its token per address and port
    assert again.session.phone_links[1] == links[1]
    assert run_until(app, lambda: again.presence.seat(1) is not None, 30)
    assert again.presence.seat(1)["name"] == "Bea"
    # The resumed table waits for its phones as a new one does (the stand-ins would
    # otherwise play a table of phones out while its players pick their phones up);
    # "Play now" lets them play, the phone away with its corner card.
    assert again.phones.waiting() and again.session.phones_awaited == {1}
    app.frame(1 / 30, [])
    again.draw(app.screen)
    assert read_codes(app.screen) == [again.session.phone_links[1]]
    again.clock = 0.2  # a second Enter right after the one that dealt: no answer
    again.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert again.phones.waiting()
    again.clock = 2.0
    again.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert not again.phones.waiting() and again.phones.away() == [1]


def test_a_link_breaks_before_the_seat_rather_than_inside_it(app):
    from client.tables.phones import link_lines

    link = "http://192.0.2.2:42083/#t=E8we6c8EtLAP-jW8Xv-uLg&s=0"
    px = 16
    width = assets.measure("t=E8we6c8EtLAP-jW8Xv-uLg&s=", px)
    assert link_lines(link, px, width) == [
        "http://192.0.2.2:42083/#",
        "t=E8we6c8EtLAP-jW8Xv-uLg",
        "&s=0",
    ]


def test_new_game_same_players_deals_under_the_same_codes_and_says_so(app, tmp_path):
    """New game, same players at a table with phones (pressed on the results, Enter):
    the next table holds the same key and tokens and serves the page on the same port, so
    every seat link — every code — is the one before; the card says the last game's
    phones come back by themselves and who is in already, and a phone's token takes its
    seat in the new deal. Shot: ``next-card.png`` (Bea back, Cid's code still up)."""
    from client.scenes.results import ResultsScene
    from net.client import TcpConnection

    table = phone_table(app)
    session = table.session
    links = dict(session.phone_links)
    tokens = {s: parse_qs(urlsplit(links[s]).fragment)["t"][0] for s in (1, 2)}

    def phone(port: int, seat: int) -> TcpConnection:
        conn = TcpConnection("127.0.0.1", port, seat=seat, token=tokens[seat], reconnect_for=0)
        conn.start()
        return conn

    phones = [phone(session.port, 1), phone(session.port, 2)]
    assert run_until(app, lambda: not table.phones.waiting(), 30)
    results = app.go(
        "results", session=session, view=table.board, table_class=type(table), table=table
    )
    assert isinstance(results, ResultsScene)
    results.update(10.0)  # past the guard: the buttons take input
    results.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    again = app.scene
    assert again is not table and again.session is not session and again.room
    assert again.session.followed == session.follow
    assert sorted(session.follow) == ["table_key", "tokens", "web_port"]
    assert run_until(app, lambda: again.session.phone_links, 60)
    assert again.session.phone_links == links  # the same codes
    assert again.session.follow == session.follow  # the same key, tokens and port
    assert again.phones.waiting()
    for conn in phones:
        conn.close()
    back = phone(again.session.port, 1)
    try:
        assert run_until(app, lambda: again.phones.taken(1), 30)
        assert again.phones.waiting() and again.session.phones_awaited == {2}
        app.frame(1 / 30, [])
        again.draw(app.screen)
        pygame.image.save(app.screen, str(tmp_path / "next-card.png"))
        assert read_codes(app.screen) == [links[2]]  # Cid's code; Bea is in
        drawn = texts(again)
        assert (
            "The last game's phones return by themselves; one that was away scans its code"
        ) in drawn
        assert "Scan your code with your phone's camera (same Wi-Fi as this screen)" not in drawn
        assert "Bea — phone" in drawn and "In their seat" in drawn and "Cid" in drawn
        assert again.presence.seat(1)["state"] == "connected"
        assert again.presence.seat(1)["name"] == "Bea"
    finally:
        back.close()


def test_the_page_door_takes_the_port_before_else_any_and_a_table_has_a_home_port(app):
    from client.hostchild import HOME_PORTS, home_port, listen_web_again
    from net.local import LocalHost

    assert home_port("0123abcd" + "0" * 24) == 42000 + 0x0123ABCD % 6000
    assert home_port("nothex") == 0
    assert all(HOME_PORTS[0] <= home_port(f"{i:08x}" + "f" * 24) < HOME_PORTS[1] for i in range(50))
    hosts = []
    try:
        for _ in range(2):
            host = LocalHost("take5", ["phone", "bot:easy"], 3, bot_delay=0.0)
            host.start()
            hosts.append(host)
        port = listen_web_again(hosts[0], 0)
        assert answers("127.0.0.1", port)
        # taken (the game before's process has not let go): any free port, after the wait
        other = listen_web_again(hosts[1], port, wait=0.3)
        assert other != port and answers("127.0.0.1", other)
        hosts[0].stop()
        third = LocalHost("take5", ["phone", "bot:easy"], 3, bot_delay=0.0)
        third.start()
        hosts.append(third)
        assert listen_web_again(third, port, wait=5.0) == port  # let go: the same port
    finally:
        for h in hosts:
            h.stop()
