"""A LAN connection's failures in the player's words: what happened, and what to try.

The codes come from :mod:`net.failures` (a host that could not be reached, a link that
ended) and from a host's closing ``error`` (net/PROTOCOL.md "Error codes"); the
sentences are catalogue strings (:func:`client.i18n._`), so the window says them in its
language. The command line (``tapete join``) prints the same sentences in English, the
language of its other lines (it never sets a language).

:func:`failure` is the whole sentence ("Nothing answered at 192.168.1.20:47470 — check
the address on the host's screen"); :func:`cause` the few words for a link that is
being tried again ("Connection lost (the host stopped answering) — reconnecting…").
"""

from __future__ import annotations

from client.i18n import _


def failure(code: str, address: str = "", detail: str = "") -> str:
    """The sentence for failure ``code`` at ``address`` (``"host:port"``). ``detail``
    (English, from the OS or the host) is shown only for a failure without words of its
    own."""
    address = address or _("that address")
    words = {
        # Reaching the host (net.failures).
        "refused": _("Nothing answered at {address} — check the address on the host's screen"),
        "timed-out": _(
            "No answer from {address} — check the address on the host's screen, and that "
            "this computer is on the same network as the host"
        ),
        "unreachable": _(
            "{address} cannot be reached from here — join the same network (Wi-Fi or "
            "cable) as the host"
        ),
        "no-network": _(
            "This computer is not on a network — connect it to the host's network and try again"
        ),
        "no-such-name": _(
            "No computer is called {address} on this network — type the address shown on "
            "the host's screen (numbers, like 192.168.1.20)"
        ),
        "reset": _(
            "The connection to {address} broke off — try again; if it happens again, ask "
            "the host to open the table again"
        ),
        "closed": _(
            "{address} hung up without a word — check that it is a Tapete table, and the "
            "port on the host's screen"
        ),
        "silent": _("The host at {address} stopped answering — check the network and join again"),
        "unreadable": _(
            "Something at {address} answered, but it is not a Tapete table — check the port "
            "on the host's screen"
        ),
        "game-over": _("The game is over and the host has left the table"),
        # The host's refusals and closings (net/PROTOCOL.md "Error codes").
        "host-closed": _("The host closed the table"),
        "protocol-mismatch": _(
            "The host has another version of Tapete — use the same version on both computers"
        ),
        "table-full": _("The table is full, and has no room for more watchers — try again later"),
        "bad-token": _("The host does not know your seat any more — join again as a new player"),
        "seat-taken": _("That seat is taken — join without choosing a seat"),
        "seat-is-bot": _("A bot plays that seat — join without choosing a seat"),
        "no-such-seat": _("The table has no such seat — join without choosing a seat"),
        "replaced": _("Your seat was taken back by another device, with its token"),
        "host-stopping": _(
            "The host stopped; your seat is kept until the table is resumed (Esc to leave)"
        ),
        "idle-timeout": _("The host stopped waiting for this window — join again"),
        "too-many-pending": _("The host is busy with other connections — try again in a moment"),
        "flood": _("Too many actions too fast: the host closed the connection — join again"),
        "bad-proof": _(
            "The host at {address} could not prove which table it is: not joined (your "
            "seat token stays on this computer)"
        ),
    }
    garbled = _(
        "This window and the host did not understand each other — use the same version of "
        "Tapete on both computers"
    )
    for code_ in ("bad-message", "too-large", "too-deep", "expected-hello"):
        words[code_] = garbled
    if code in words:
        return words[code].format(address=address)
    if detail:  # "cannot-reach" and anything new: the OS's or the host's own words
        text = _("Could not reach {address} ({detail}) — check the address on the host's screen")
        return text.format(address=address, detail=detail)
    return _("Could not reach {address} — check the address on the host's screen").format(
        address=address
    )


def cause(code: str, address: str = "") -> str:
    """A few words for why a link dropped that is being tried again (what goes in
    "Connection lost (…) — reconnecting")."""
    words = {
        "closed": _("the host hung up"),
        "reset": _("the link broke"),
        "silent": _("the host stopped answering"),
        "refused": _("nothing answers at {address}"),
        "timed-out": _("no answer from {address}"),
        "unreachable": _("{address} cannot be reached"),
        "no-network": _("this computer is off the network"),
        "no-such-name": _("{address} is not found"),
    }
    text = words.get(code, _("the link broke"))
    return text.format(address=address or _("the host"))


def notice_text(notice: dict) -> str:
    """The sentence for a connection's last ``disconnected`` notice (``code``,
    ``address``, ``reason``)."""
    return failure(
        str(notice.get("code") or ""),
        str(notice.get("address") or ""),
        str(notice.get("reason") or ""),
    )


def join_failure(conn) -> str:
    """Why ``conn`` (a :class:`net.client.TcpConnection` answered without a
    ``welcome``) did not join: the host's refusal, else its last ``disconnected``
    notice (read from ``poll()``)."""
    refusal = getattr(conn, "refusal", None)
    if refusal:
        return failure(str(refusal.get("code") or ""), conn.address, str(refusal.get("message")))
    gone = [m for m in conn.poll() if m.get("type") == "disconnected"]
    if gone:
        return notice_text(gone[-1])
    return failure(getattr(conn, "failure", "") or "timed-out", conn.address)


def error_text(exc) -> str:
    """The sentence for an exception :func:`net.client.connect` raised
    (:class:`~net.client.JoinRefused`, :class:`~net.client.JoinFailed`, or any
    ``ConnectionError``)."""
    code = getattr(exc, "code", "") or ""
    detail = getattr(exc, "message", "") or str(exc)
    return failure(code, getattr(exc, "address", ""), detail)


def link_ended(session) -> dict | None:
    """The last ``disconnected`` notice of ``session`` (a
    :class:`client.session.TableSession` at somebody else's table) when its link ended
    for good — the host closed the table, refused this window (``replaced``, …), or
    could not be reached again — before the game's end (after it the results stay on
    screen); None while the link is up or is being tried again."""
    if not getattr(session, "remote", False) or getattr(session, "closed", False):
        return None
    mirrors = list(getattr(session, "mirrors", {}).values())
    if any(m.outcome is not None or (m.view or {}).get("over") for m in mirrors):
        return None
    return next(
        (m.link for m in mirrors if m.link is not None and not m.link.get("reconnecting")),
        None,
    )


def closed_by_host(session) -> bool:
    """Whether ``session`` lost its host for good because the host closed the table (its
    :func:`link_ended` notice has the code ``host-closed``, net/failures.py)."""
    ended = link_ended(session)
    return ended is not None and ended.get("code") == "host-closed"


def table_name(session) -> str:
    """The table's name as its host's ``welcome`` gave it ("" if none)."""
    for m in getattr(session, "mirrors", {}).values():
        if m.welcome and isinstance(m.welcome.get("table"), str):
            return m.welcome["table"]
    return ""
