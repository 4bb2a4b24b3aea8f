"""The window words issue 32's notices (net/PROTOCOL.md "Stand-ins and the turn clock",
"Log on disk"): an idle player (``idle``), and the table's log failing and coming back
(``log-failed``, ``log-back``: about the table, ``seat`` nil) — in every language, the
host's English never shown where the window has its own words."""

from __future__ import annotations

from client import i18n
from client.tables.presence import NOTICE_COLOURS, NOTICE_SECONDS
from tests.client.test_presence import feed, frozen


def shown(table) -> list[str]:
    return [n[0] for n in table.presence.notices]


def test_an_idle_player_and_the_tables_log_in_words(app):
    table = frozen(app, "take5")
    feed(
        table,
        {"type": "notice", "event": "idle", "seat": 1, "name": "Bea", "message": "x"},
        {"type": "notice", "event": "idle", "seat": 0, "name": "Ana", "message": "x"},
    )
    assert shown(table) == [
        "Bea seems away: a bot plays for them until they act again",
        "You seem away: a bot plays for you until you act again",
    ]
    log_failed = {"type": "notice", "event": "log-failed", "seat": None, "name": ""}
    feed(table, dict(log_failed, message="the table's log cannot be written (No space)"))
    assert shown(table)[-1] == (
        "The table's log cannot be written: the game goes on, "
        "but it cannot be continued after a crash"
    )
    assert table.presence.notices[-1][1] == NOTICE_COLOURS["log-failed"]
    app.frame(NOTICE_SECONDS + 0.01, [])
    assert shown(table) == [shown(table)[-1]]  # the log's notice stays twice as long
    feed(table, {"type": "notice", "event": "log-back", "seat": None, "name": "", "message": "x"})
    assert shown(table) == [  # the failure is no longer shown: it is over
        "The table's log is written again: the game can be continued after a crash"
    ]
    table.draw(app.screen)


def test_the_new_notices_have_their_words_in_every_language(app):
    table = frozen(app, "take5")
    said = {"idle": (1, "Bea"), "log-failed": (None, ""), "log-back": (None, "")}
    english: list[str] = []
    try:
        for lang in ("en", "es", "gl", "pt", "hu", "fr"):
            i18n.set_language(lang)
            words = []
            for event, (seat, name) in said.items():
                table.presence.notices.clear()
                notice = {"type": "notice", "event": event, "seat": seat, "name": name}
                feed(table, dict(notice, message="x"))
                words += shown(table)
            assert len(words) == 3 and "x" not in words and "Bea" in words[0]
            if lang == "en":
                english = words
            else:
                assert not set(words) & set(english), lang
    finally:
        i18n.set_language("en")
