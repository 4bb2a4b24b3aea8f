"""A LAN connection's failures in the player's words (client/lanwords.py): each code
has its sentence, what happened and what to try; in English and in the window's
language; the join box and a table's link line use them."""

from __future__ import annotations

import socket

import pytest

from client import i18n
from client.lanwords import cause, error_text, failure, notice_text
from net.client import JoinFailed, JoinRefused
from net.failures import LINK_CODES
from net.protocol import CLOSING_CODES

ADDRESS = "192.168.1.20:47470"


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_words_of_each_failure(english):
    assert failure("refused", ADDRESS) == (
        "Nothing answered at 192.168.1.20:47470 — check the address on the host's screen"
    )
    assert failure("timed-out", ADDRESS) == (
        "No answer from 192.168.1.20:47470 — check the address on the host's screen, and "
        "that this computer is on the same network as the host"
    )
    assert failure("unreachable", ADDRESS) == (
        "192.168.1.20:47470 cannot be reached from here — join the same network (Wi-Fi or "
        "cable) as the host"
    )
    assert failure("no-such-name", "anas-laptop:47470") == (
        "No computer is called anas-laptop:47470 on this network — type the address shown "
        "on the host's screen (numbers, like 192.168.1.20)"
    )
    assert failure("host-closed", ADDRESS) == "The host closed the table"
    assert failure("protocol-mismatch", ADDRESS) == (
        "The host has another version of Tapete — use the same version on both computers"
    )
    assert failure("table-full") == (
        "The table is full, and has no room for more watchers — try again later"
    )
    assert failure("bad-token") == (
        "The host does not know your seat any more — join again as a new player"
    )
    assert (
        failure("too-large")
        == failure("expected-hello")
        == (
            "This window and the host did not understand each other — use the same version of "
            "Tapete on both computers"
        )
    )


def test_a_failure_without_words_keeps_its_detail(english):
    assert failure("cannot-reach", ADDRESS, "[Errno 13] Permission denied") == (
        "Could not reach 192.168.1.20:47470 ([Errno 13] Permission denied) — check the "
        "address on the host's screen"
    )
    assert failure("something-new", ADDRESS) == (
        "Could not reach 192.168.1.20:47470 — check the address on the host's screen"
    )


def test_every_code_has_its_own_sentence(english):
    """Every link code and every closing wire code is worded (none falls back to the
    detail), and every sentence but the host's goodbye says what to try."""
    fallback = failure("something-new", ADDRESS)
    for code in (*LINK_CODES, *CLOSING_CODES, "bad-proof"):
        if code == "cannot-reach":
            continue
        text = failure(code, ADDRESS, "DETAIL")
        assert text != fallback and "DETAIL" not in text, code
        assert "Errno" not in text and "{" not in text, code


def test_the_few_words_for_a_link_tried_again(english):
    assert cause("silent") == "the host stopped answering"
    assert cause("refused", ADDRESS) == "nothing answers at 192.168.1.20:47470"
    assert cause("closed") == "the host hung up"
    assert cause("") == "the link broke"


def test_exceptions_and_notices(english):
    assert error_text(JoinFailed("refused", ADDRESS, "cannot reach …")) == failure(
        "refused", ADDRESS
    )
    assert error_text(JoinRefused("seat-taken", "seat 1 is taken", ADDRESS)) == (
        "That seat is taken — join without choosing a seat"
    )
    assert notice_text({"type": "disconnected", "code": "host-closed", "address": ADDRESS}) == (
        "The host closed the table"
    )


def test_in_the_windows_language():
    try:
        i18n.set_language("es")
        assert failure("refused", ADDRESS) == (
            "Nada respondió en 192.168.1.20:47470: comprueba la dirección en la pantalla "
            "del anfitrión"
        )
        assert failure("host-closed") == "El anfitrión cerró la mesa"
    finally:
        i18n.set_language("en")


def test_the_join_box_says_what_happened_and_what_to_try(app):
    from client.scenes.browser import BrowserScene
    from tests.client.conftest import run_until

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    browser = BrowserScene(app)
    app.switch(browser)
    try:
        browser.connect(f"127.0.0.1:{port}", spectator=False)
        assert run_until(app, lambda: browser.pending is None, 20)
        assert browser.status == (
            f"Nothing answered at 127.0.0.1:{port} — check the address on the host's screen"
        )
    finally:
        browser.to_menu()
