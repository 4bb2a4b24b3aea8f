"""Who is at the table, the same at every table (issue 14): each seat's live state from
the host's ``seats`` message (online, away with the countdown to the stand-in, stand-in,
bot, open) and the turn clock, counted down on the table's own clock; the host's
``notice`` events and this window's own reconnecting state in words; nothing of it at an
offline table. Messages are fed into the table's mirror as the host would send them
(net/PROTOCOL.md, "seats", "notice"; "Drops and reconnection")."""

from __future__ import annotations

import pygame
import pytest

from client import assets, i18n
from client.tables import tables_available
from client.tables.presence import COLOURS, NOTICE_SECONDS
from tests.client.conftest import pause_bots
from tests.client.test_tables_contract import seated
from tests.client.test_tables_text import drawn, resize

GAMES = tables_available()
STATES = ("connected", "away", "stand-in", "bot", "open", "waiting")


def seat(i: int, state: str, name: str = "", **fields) -> dict:
    """A seat description as the host sends it (net/PROTOCOL.md)."""
    return {
        "seat": i,
        "kind": {"bot": "bot", "open": "open"}.get(state, "remote"),
        "name": name or f"P{i}",
        "level": "normal" if state == "bot" else None,
        "connected": state == "connected",
        "away": state == "away",
        "state": state,
        "takeover_in": fields.get("takeover_in"),
        "clock": fields.get("clock"),
    }


def frozen(app, game_id: str):
    """A table whose local player decides now, its bots held back, and the host's own
    ``seats`` messages left out (the test feeds its own: the host in its child process
    may send one late)."""
    table = seated(app, game_id)
    pause_bots(app, table, 600.0)
    for m in table.session.mirrors.values():
        m.test_feed = m.feed
        m.feed = lambda message, real=m.feed: (
            None if message.get("type") == "seats" else real(message)
        )
    return table


def feed(table, *messages) -> None:
    mirror = table.session.mirrors[table.me]
    for message in messages:
        mirror.test_feed(message)
    table.app.frame(0.0, [])


def texts(table, i: int) -> list[str]:
    return [b.texts[0] for b in table.presence.badges(i)]


def seats_message(n: int, turn_seconds=90, **per_seat) -> dict:
    return {
        "type": "seats",
        "seats": [per_seat.get(f"s{i}") or seat(i, "bot") for i in range(n)],
        "started": True,
        "turn_seconds": turn_seconds,
    }


def test_seat_states_and_countdowns_in_words(app):
    table = frozen(app, "take5")  # you (seat 0) and two bots
    feed(
        table,
        seats_message(
            3,
            s0=seat(0, "connected", clock=42.5),
            s1=seat(1, "away", takeover_in=14.2),
            s2=seat(2, "stand-in"),
        ),
    )
    assert texts(table, 0) == ["43 s left", "online"]
    assert texts(table, 1) == ["away · stand-in in 15 s"]
    assert texts(table, 2) == ["stand-in bot"]
    for _ in range(30):  # 3 s on the table's clock: no message arrives, the counts run
        app.frame(0.1, [])
    assert texts(table, 0) == ["40 s left", "online"]
    assert texts(table, 1) == ["away · stand-in in 12 s"]
    assert table.presence.counting()
    for _ in range(32):
        app.frame(1.0, [])
    assert texts(table, 0) == ["8 s left", "online"]  # (red under 10 s)
    assert table.presence.badges(0)[0].colour == COLOURS["clock-low"]
    assert texts(table, 1) == ["away"]  # the stand-in is due: no count below 0
    # The next seats message replaces everything, its counts from its own arrival.
    feed(table, seats_message(3, s1=seat(1, "open"), s2=seat(2, "connected", clock=90)))
    assert [texts(table, i) for i in range(3)] == [["bot"], ["open seat"], ["90 s left", "online"]]


def test_every_state_has_its_words_and_colour(app):
    table = frozen(app, "take5")
    per = {f"s{i}": seat(i, "bot") for i in range(3)}
    for state in STATES:
        per["s1"] = seat(1, state, takeover_in=5 if state == "away" else None)
        feed(table, seats_message(3, **per))
        badge = table.presence.badges(1)[0]
        assert badge.kind == state and badge.colour == COLOURS[state]
    words = {
        "connected": ("online",),
        "away": ("away · stand-in in 5 s", "away · 5 s", "away"),
        "stand-in": ("stand-in bot", "stand-in"),
        "bot": ("bot",),
        "open": ("open seat", "open"),
        "waiting": ("waiting",),
    }
    for state, expected in words.items():
        per["s1"] = seat(1, state, takeover_in=5 if state == "away" else None)
        feed(table, seats_message(3, **per))
        assert table.presence.badges(1)[0].texts == expected


def test_an_offline_table_shows_no_badge(app):
    table = frozen(app, "take5")
    you = dict(seat(0, "connected"), kind="human")
    feed(table, seats_message(3, turn_seconds=None, s0=you))
    assert table.presence.seats and not table.presence.visible()
    assert table.presence.badges(0) == [] and table.presence.badges(1) == []
    assert not table.presence.counting()


def test_bad_fields_count_as_missing(app):
    """Odd values in a seats message (a newer host's state, a count that is not a
    number) never break the table: they show as nothing."""
    table = frozen(app, "take5")
    odd = [
        seat(0, "connected", clock="soon"),
        seat(1, "away", takeover_in=float("inf")),
        seat(2, "dancing"),
    ]
    feed(table, {"type": "seats", "seats": odd, "started": True, "turn_seconds": 90})
    assert texts(table, 0) == ["online"] and texts(table, 1) == ["away"] and texts(table, 2) == []
    table.draw(app.screen)


def test_host_notices_in_words_for_a_few_seconds(app):
    table = frozen(app, "take5")
    feed(
        table,
        {"type": "notice", "event": "stand-in", "seat": 1, "name": "Bea", "message": "x"},
        {"type": "notice", "event": "timed-out", "seat": 0, "name": "Ana", "message": "x"},
    )
    assert [n[0] for n in table.presence.notices] == [
        "Bea is away: a stand-in bot plays for them until they return",
        "Your time ran out: a stand-in chose for you",
    ]
    feed(table, {"type": "notice", "event": "back", "seat": 1, "name": "Bea", "message": "x"})
    feed(table, {"type": "notice", "event": "timed-out", "seat": 2, "name": "Cy", "message": "x"})
    assert [n[0] for n in table.presence.notices][-2:] == [
        "Bea is back: the stand-in stops",
        "Cy ran out of time: a stand-in chose for them",
    ]
    assert table.session.mirrors[0].notices == []  # read once
    app.frame(NOTICE_SECONDS + 0.01, [])
    assert table.presence.notices == []


def test_a_notice_of_an_unknown_event_shows_the_hosts_words_never_formatted(app):
    """Issue 29: a host's message is text, not a format string (``{name:>99999999}``
    would make a 100 MB string; ``{name.__class__}`` would show the window's insides)."""
    table = frozen(app, "take5")
    words = "{name:>99999999} {name.__class__} {0}"
    feed(table, {"type": "notice", "event": "newer", "seat": 1, "name": "Bea", "message": words})
    assert [n[0] for n in table.presence.notices] == [words]
    table.draw(app.screen)


def test_the_reconnecting_line_counts_down_and_back_in_your_seat(app):
    table = frozen(app, "take5")
    mirror = table.session.mirrors[0]
    link = {
        "type": "disconnected",
        "reason": "the host has been silent for 6 s",
        "code": "silent",
        "address": "192.168.1.20:47470",
        "reconnecting": True,
        "attempt": 2,
        "retry_in": 3.0,
        "gives_up_in": 110.0,
    }
    feed(table, link)
    assert table.message == (
        "Connection lost (the host stopped answering) — reconnecting: attempt 2 in 3 s, "
        "giving up in 110 s"
    )
    assert texts(table, 0) == []  # (no seats message yet at this offline table)
    app.frame(1.5, [])
    assert table.message == (
        "Connection lost (the host stopped answering) — reconnecting: attempt 2 in 2 s, "
        "giving up in 109 s"
    )
    app.frame(2.0, [])
    assert table.message == (
        "Connection lost (the host stopped answering) — reconnecting, attempt 2…"
    )
    feed(table, dict(link, attempt=3, retry_in=4.0, gives_up_in=100.0))
    assert table.message.endswith("attempt 3 in 4 s, giving up in 100 s")
    # The host answers again: a fresh snapshot; the line goes, a notice says so.
    feed(table, {"type": "snapshot", "seq": mirror.seq, "view": mirror.view, "legal": []})
    assert table.message_t <= 0
    assert [n[0] for n in table.presence.notices] == ["Back in your seat"]
    feed(table, dict(link, reconnecting=False, code="refused", reason="cannot reach …"))
    assert table.message == (
        "Nothing answered at 192.168.1.20:47470 — check the address on the host's screen"
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_draws_every_seats_badges_legibly(app, game_id):
    """Each seat panel shows its badges, in the panel, none over another, no text under
    12 px, in English and Hungarian, at 1280×720 and 800×500."""
    table = frozen(app, game_id)
    n = table.board["players"]
    per = {
        f"s{i}": seat(i, STATES[i % 5], takeover_in=14, clock=42 if i == table.me else None)
        for i in range(n)
    }
    feed(table, seats_message(n, **per))
    try:
        for lang in ("en", "hu"):
            i18n.set_language(lang)
            for w, h in ((1280, 720), (800, 500)):
                resize(app, w, h)
                table.presence.drawn.clear()
                small = [s for s in drawn(table) if s[0] < assets.MIN_TEXT]
                assert not small, (lang, w, small)
                rects = table.presence.drawn
                assert sorted(rects) == list(range(n)), (lang, w)
                screen = pygame.Rect(0, 0, w, h)
                for i, rect in rects.items():
                    assert screen.contains(rect)
                    others = [r for j, r in rects.items() if j != i]
                    assert rect.collidelist(others) == -1, (lang, w, i)
    finally:
        i18n.set_language("en")
        resize(app, 1280, 720)


def test_an_idle_window_still_counts_the_seconds_down(app):
    """The window sleeps when nothing moves (issue 15) but looks ten times a second
    while a countdown runs, and not at all at an offline table."""
    table = frozen(app, "take5")
    assert table.poll_every is None
    feed(table, seats_message(3, s0=seat(0, "connected", clock=30)))
    assert table.poll_every == 0.1
    feed(table, seats_message(3, turn_seconds=None))
    assert table.poll_every is None


def test_a_watcher_is_told_which_seats_are_open(app):
    table = frozen(app, "take5")
    feed(table, seats_message(3, s1=seat(1, "open"), s2=seat(2, "open")))
    table.presence.watching()
    assert table.presence.notices[-1][0] == (
        "You are watching; open seats: 2, 3 (join again to take one)"
    )


def test_a_host_that_is_not_your_seats_table_is_said_in_words(app):
    """Issue 29: net.client withholds a kept token from a host that proves another table
    and says so in a local notice (``event: "unproven"``); the window words it."""
    table = frozen(app, "take5")
    feed(table, {"type": "notice", "event": "unproven", "seat": None, "name": "", "message": "x"})
    assert [n[0] for n in table.presence.notices] == [
        "This host is not the table your seat is at: you joined it as a new player "
        "(your seat token stays with you)"
    ]
    table.draw(app.screen)


def test_a_stopped_host_is_waited_for_and_a_seat_taken_back_is_said(app):
    """Issue 32: a host stopped politely keeps the seat (the window waits, Esc leaves);
    a seat taken back by another device, and a table closed for everyone, in words."""
    table = frozen(app, "take5")
    mirror = table.session.mirrors[0]
    waiting = {
        "type": "disconnected",
        "reason": "the host stopped; this table can be resumed",
        "reconnecting": True,
        "waiting": "resume",
        "attempt": 1,
        "retry_in": 1.0,
        "gives_up_in": 43200.0,
    }
    feed(table, waiting)
    assert table.message == (
        "The host stopped; your seat is kept until the table is resumed (Esc to leave)"
    )
    app.frame(5.0, [])
    assert table.message.startswith("The host stopped; your seat is kept")
    table.draw(app.screen)
    feed(table, {"type": "snapshot", "seq": mirror.seq, "view": mirror.view, "legal": []})
    assert [n[0] for n in table.presence.notices] == ["Back in your seat"]
    feed(table, {"type": "disconnected", "reason": "x", "code": "replaced"})
    assert table.message == "Your seat was taken back by another device, with its token"
    feed(table, {"type": "disconnected", "reason": "x", "code": "host-closed"})
    assert table.message == "The host closed the table"  # client/lanwords.py
