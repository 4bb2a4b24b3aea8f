"""A table with people at it (issue 16): a bot's panel says "thinking…" while the bot is
awaited (from the view's ``awaiting`` and the ``seats`` states: so at every table and for
a LAN guest too), the "Bots' pause" setting reaches the host, and preset emotes travel
from a seat's picker to every window as ``{seat, id}``, shown in each window's own
language by the sender's panel — never in The Game (the-game.md "Communication")."""

from __future__ import annotations

import json

import pygame
import pytest

from client import assets, i18n
from client.launch import join_table, start_table
from client.settings import BOT_PAUSES, Settings
from client.tables import tables_available
from client.tables.emotes import BUBBLE_SECONDS, KEY, word, words
from engine import get_bot
from net.protocol import EMOTES
from tests.client.conftest import pause_bots, run_until
from tests.client.test_tables_contract import seated
from tests.client.test_tables_text import drawn, resize

GAMES = tables_available()


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def bots_thinking(table) -> list[int]:
    n = len(table.session.names)
    return [s for s in range(n) if table.presence.thinking(s)]


# --------------------------------------------------------------------------- thinking
@pytest.mark.parametrize("game_id", GAMES)
def test_a_bots_panel_says_thinking_while_it_is_awaited_and_not_after(app, game_id):
    table = seated(app, game_id)  # you at seat 0 decide; the bots wait for you
    assert bots_thinking(table) == []
    pause_bots(app, table, 600.0)  # the bots will pause for ten minutes
    helper = get_bot(game_id, "normal", 1)

    def a_bot_is_awaited() -> bool:
        if table.deciding():  # you play on until the turn passes (The Game: 2 cards)
            table.seat.send(helper.choose(table.seat.view, table.seat.legal))
        awaiting = table.latest().get("awaiting") or []
        return any(s != 0 for s in awaiting) and table.timeline.idle

    assert run_until(app, a_bot_is_awaited, 60)
    awaited = [s for s in table.latest()["awaiting"] if s != 0]
    assert bots_thinking(table) == awaited
    for s in awaited:
        badges = table.presence.badges(s)
        assert [b.kind for b in badges] == ["thinking"]  # an offline table: nothing else
        assert badges[0].texts[0] == "thinking…"
    assert table.presence.counting() and table.poll_every == 0.1  # it pulses
    table.presence.drawn.clear()
    table.draw(app.screen)
    assert sorted(table.presence.drawn) == awaited  # on each awaited bot's panel
    assert 0 not in table.presence.drawn  # never on a player's
    # The bots act: the mark goes once the table shows the action that answers it.
    first = awaited[0]
    table.session.set_bot_delay(0.0)
    assert run_until(
        app,
        lambda: first not in (table.latest().get("awaiting") or []) and table.timeline.idle,
        60,
    )
    assert first not in bots_thinking(table)
    assert all(b.kind != "thinking" for b in table.presence.badges(first))


def test_no_bot_thinks_while_the_reveal_it_chose_for_is_drawn(app):
    """Take 5: your card completes a turn; while its reveal is still being drawn the
    bots are shown as having chosen (✓), so none says "thinking…" yet — though the
    latest view already awaits them in the next turn; once the table shows that turn,
    both do (they pause for ten minutes here)."""
    table = seated(app, "take5")
    pause_bots(app, table, 600.0)
    assert table.deciding()
    table.seat.send(get_bot("take5", "normal", 1).choose(table.seat.view, table.seat.legal))

    def revealing() -> bool:
        latest = table.latest()
        return latest.get("turn") == 2 and latest.get("awaiting") and not table.timeline.idle

    assert run_until(app, revealing, 30)
    assert set(table.latest()["awaiting"]) == {0, 1, 2}
    assert bots_thinking(table) == []
    assert run_until(app, lambda: table.timeline.idle, 30)
    assert bots_thinking(table) == [1, 2]


def test_the_thinking_mark_fits_every_panel_in_english_and_hungarian(app):
    """The mark's words fit or shorten ("…"), never under 12 px, on a full Take 5
    table at 1280×720 and 800×500."""
    seats = ["human"] + ["bot:easy"] * 9
    table = seated(app, "take5", seats)
    pause_bots(app, table, 600.0)

    def all_bots_think() -> bool:
        if table.deciding():  # your card (and a row to take, if it is the lowest)
            table.seat.send(table.seat.choices()[0])
        return len(bots_thinking(table)) == 9 and table.timeline.idle

    assert run_until(app, all_bots_think, 60)
    try:
        for lang in ("en", "hu"):
            i18n.set_language(lang)
            for w, h in ((1280, 720), (800, 500)):
                resize(app, w, h)
                table.presence.drawn.clear()
                small = [s for s in drawn(table) if s[0] < assets.MIN_TEXT]
                assert not small, (lang, w, small)
                rects = table.presence.drawn
                assert sorted(rects) == list(range(1, 10)), (lang, w)
                for i, rect in rects.items():
                    assert pygame.Rect(0, 0, w, h).contains(rect)
                    assert rect.collidelist([r for j, r in rects.items() if j != i]) == -1
    finally:
        i18n.set_language("en")
        resize(app, 1280, 720)


# --------------------------------------------------------------------------- the pause
def test_the_bots_pause_setting_is_kept_and_checked(tmp_path):
    assert Settings().bot_pause == "natural"
    assert Settings().bot_delay() == BOT_PAUSES["natural"] == (0.6, 1.4)
    assert BOT_PAUSES["off"] == 0.0 and BOT_PAUSES["short"] == (0.25, 0.6)
    path = tmp_path / "settings.json"
    for value, kept in (("short", "short"), ("off", "off"), ("slow", "natural"), (3, "natural")):
        path.write_text(json.dumps({"bot_pause": value}))
        assert Settings.load(path).bot_pause == kept
    s = Settings(bot_pause="short")
    s.save(path)
    assert Settings.load(path).bot_delay() == (0.25, 0.6)


def test_a_new_table_takes_the_players_pause(app):
    app.settings.bot_pause = "short"
    try:
        table = start_table(app, "take5", ["human", "bot", "bot"], 3)
        assert table.session._bot_delay == (0.25, 0.6)  # sent once the table is seen
        assert run_until(app, lambda: table.session._bot_delay is None, 60)
        assert run_until(app, lambda: table.session.bot_delay == [0.25, 0.6], 60)  # in use
    finally:
        app.settings.bot_pause = "natural"
        app.scene.session.close()


def test_the_settings_screen_offers_the_pause(app):
    app.go("settings")
    scene = app.scene
    assert list(scene.pauses) == ["off", "short", "natural"]
    assert scene.pause.selected_option[0] == "Natural"
    scene.pause.selected_option = ("Off", "Off")
    scene.store()
    assert app.settings.bot_pause == "off"
    app.settings.bot_pause = "natural"
    app.go("menu")


# --------------------------------------------------------------------------- emotes
def couch(app, game_id: str, seats: list[str]):
    table = start_table(app, game_id, seats, 5, names=["Ana", "Béla", "Bot"][: len(seats)])
    table.session.set_bot_delay(0.0)
    assert run_until(app, lambda: table.privacy_for is not None, 60)
    table.handle_event(key(pygame.K_RETURN))
    assert run_until(app, lambda: table.deciding(), 30)
    return table


def test_a_couch_emote_goes_through_the_host_and_shows_translated_by_the_panel(app):
    table = couch(app, "take5", ["human", "human", "bot"])
    sender = table.perspective
    assert sender in (0, 1) and table.emotes.usable()
    try:
        table.handle_event(key(KEY))
        assert table.emotes.open
        table.draw(app.screen)
        assert table.emotes.button is not None and len(table.emotes.options) == len(EMOTES)
        table.handle_event(key(pygame.K_3))  # "Well played"
        assert not table.emotes.open
        assert run_until(app, lambda: sender in table.emotes.bubbles, 20)
        assert table.emotes.bubbles[sender][0] == EMOTES.index("well-played")
        assert table.seat.waiting is False  # an emote is not an action
        i18n.set_language("hu")
        assert word(2) == "Szép játék"
        texts = [text for _px, text in drawn(table)]
        assert "Szép játék" in texts and "Well played" not in texts
        bubble = table.emotes.drawn[sender]
        (x, y), _room = table.emotes.panels[sender]
        assert bubble.right <= x and abs(bubble.centery - y) < table.s(60)  # by its panel
        assert pygame.Rect(0, 0, *app.size).contains(bubble)
        # The bubble fades and goes.
        assert run_until(app, lambda: sender not in table.emotes.bubbles, BUBBLE_SECONDS + 2)
    finally:
        i18n.set_language("en")
        table.session.close()


def test_the_game_and_an_offline_table_offer_no_emotes(app):
    table = couch(app, "the-game", ["human", "human"])
    try:
        assert table.couch and not table.emotes.allowed()
        table.handle_event(key(KEY))
        table.draw(app.screen)
        assert not table.emotes.open and table.emotes.button is None
        assert not table.emotes.send(0)
    finally:
        table.session.close()
    table = seated(app, "guandan")  # one player and bots: nobody to talk to
    try:
        assert not table.emotes.allowed()
        table.draw(app.screen)
        assert table.emotes.button is None
    finally:
        table.session.close()


def test_every_emote_has_words_in_every_language():
    try:
        for lang in ("en", "es", "gl", "pt", "hu", "fr"):
            i18n.set_language(lang)
            texts = words()
            assert sorted(texts) == sorted(EMOTES)
            if lang != "en":
                assert all(texts[e] != english for e, english in ENGLISH.items() if e != "thanks")
    finally:
        i18n.set_language("en")
    assert word(len(EMOTES)) == "" and word(-1) == ""


ENGLISH = {
    "nice": "Nice!",
    "oops": "Oops",
    "well-played": "Well played",
    "hurry-up": "Hurry up?",
    "good-luck": "Good luck",
    "thanks": "Thanks",
}


def test_a_lan_guest_sees_the_hosts_bots_think_and_trades_emotes(app):
    """A window at somebody else's table (a LAN guest): the host's bot thinks on its
    panel; another guest's emote shows by that guest's panel; this window's emote
    reaches the other guest as ``{seat, id}``."""
    from net.client import connect
    from net.local import LocalHost

    host = LocalHost("take5", ["open", "open", "bot"], 8, bot_delay=600.0)
    host.start()
    port = host.listen(0, "127.0.0.1")
    other = None
    try:
        mine = connect(f"127.0.0.1:{port}", player="Ana")
        join_table(app, mine)
        other = connect(f"127.0.0.1:{port}", player="Bea")
        assert run_until(app, lambda: getattr(app.scene, "presence", None) is not None, 30)
        table = app.scene
        assert run_until(app, lambda: table.board is not None and bots_thinking(table) == [2], 30)
        assert table.session.remote and table.emotes.usable()
        other.send({"type": "emote", "emote": EMOTES.index("hurry-up")})
        assert run_until(app, lambda: 1 in table.emotes.bubbles, 20)
        assert table.emotes.bubbles[1][0] == 3
        table.handle_event(key(KEY))
        table.handle_event(key(pygame.K_1))
        got: list[dict] = []

        def heard() -> bool:
            got.extend(m for m in other.poll() if m.get("type") == "emote")
            return {"type": "emote", "seat": 0, "emote": 0} in got

        assert run_until(app, heard, 20)
        assert all(set(m) == {"type", "seat", "emote"} for m in got)
    finally:
        if other is not None:
            other.close()
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        host.stop()


def test_tapete_host_takes_a_pause_by_seconds_range_or_name():
    """``tapete host --bot-delay``: the LAN host with no window pauses its bots like a
    window's table (default: natural)."""
    import argparse

    from client.cli import bot_delay_arg, build_parser

    assert bot_delay_arg("0") == 0.0 and bot_delay_arg("0.6") == 0.6
    assert bot_delay_arg("0.5,2") == (0.5, 2.0) and bot_delay_arg("1,1") == 1.0
    assert bot_delay_arg("short") == (0.25, 0.6) and bot_delay_arg("off") == 0.0
    for bad in ("2,1", "-1", "soon", "1,2,3", "nan"):
        with pytest.raises(argparse.ArgumentTypeError):
            bot_delay_arg(bad)
    args = build_parser().parse_args(["host", "take5", "--seats", "open,bot"])
    assert args.bot_delay == (0.6, 1.4)
