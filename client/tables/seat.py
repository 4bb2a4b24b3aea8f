"""The seat a table shows: its view, its legal actions, and the one way to act.

A :class:`ShownSeat` stands for one seat played on this screen (one per local seat;
on a couch several, one shown at a time). It reads the seat's view mirror (the latest
view and the legal actions the host sent, or that the client computes from the view)
and sends the seat's actions through the table session. It keeps one rule for every
table: **one action in flight**. ``send`` sets :attr:`ShownSeat.waiting`; the host's
answer clears it — the delta tagged ``yours`` (net/PROTOCOL.md), an ``error``, or a
fresh ``snapshot`` after a reconnect (an action lost with the link is never answered,
so the snapshot is what frees the seat). While it waits, ``choices`` is empty, so a
table lights nothing and a second click sends nothing.
"""

from __future__ import annotations

from typing import Any, Callable

from client.i18n import _

#: A field test for :meth:`ShownSeat.choices`: a value the action's field must equal,
#: or a function of the field's value that says whether it matches.
Match = Any


def matches(action: dict, fields: dict[str, Match]) -> bool:
    """Whether ``action`` has every field of ``fields`` with a matching value (equal,
    or accepted by a callable)."""
    for name, want in fields.items():
        if name not in action:
            return False
        value = action[name]
        if callable(want):
            if not want(value):
                return False
        elif value != want:
            return False
    return True


class ShownSeat:
    """Seat ``seat`` of this screen, read from ``mirror`` (the session's view mirror
    of that seat: ``view``, ``legal``, ``link``, ``backlog``) and acting through
    ``session.send(seat, action)``. ``tell(text)`` shows the player why an action was
    not sent."""

    def __init__(self, seat: int, mirror, session, tell: Callable[[str], None]) -> None:
        self.seat = seat
        self.mirror = mirror
        self.session = session
        self.tell = tell
        #: True from a send until the host answers it (or the link comes back).
        self.waiting = False

    # ------------------------------------------------------------------ reading
    @property
    def view(self) -> dict:
        """The seat's latest view (``{}`` before the first snapshot)."""
        return self.mirror.view or {}

    @property
    def legal(self) -> list[dict]:
        """Every action the seat may take now (whether or not one is in flight)."""
        return list(self.mirror.legal) if self.mirror.view is not None else []

    @property
    def connected(self) -> bool:
        """Whether the link to the host is up (a dropped TCP link is down until its
        fresh snapshot arrives)."""
        return self.mirror.connected

    def awaited(self) -> bool:
        """Whether the seat's latest view says it must act (the game not over)."""
        v = self.view
        return bool(v) and not v.get("over") and self.seat in v.get("awaiting", ())

    def choices(self, **fields: Match) -> list[dict]:
        """The legal actions matching a partial choice, in the host's order:
        ``choices(type="play", card=37)`` → the piles 37 may go on. Empty while an
        action is in flight. A field's value may be a callable test:
        ``choices(cards=lambda cs: len(cs) == 2)``."""
        if self.waiting:
            return []
        return [a for a in self.legal if matches(a, fields)]

    def can(self, **fields: Match) -> bool:
        """Whether some legal action matches (see :meth:`choices`)."""
        return bool(self.choices(**fields))

    # ------------------------------------------------------------------ acting
    def send(self, action: dict) -> bool:
        """Send ``action`` for this seat; returns whether it was sent.

        Refused (False) while an earlier action waits for its answer (quietly: that
        one is on its way), while the link is down (the player is told: nothing is
        dropped unseen) and when ``action`` is not one of the seat's legal actions (the
        player is told)."""
        if self.waiting:
            return False
        if not self.connected:
            self.tell(
                _("Not sent: the connection to the host is down. Choose again once it is back.")
            )
            return False
        if action not in self.legal:
            self.tell(_("That is not possible now"))
            return False
        self.waiting = True
        self.session.send(self.seat, action)
        return True

    # ------------------------------------------------------------------ answers
    def take(self):
        """The next message of the seat's backlog (a ``Shown``) or None; an answer to
        this seat's action (``yours``) or a snapshot ends the wait."""
        backlog = self.mirror.backlog
        if not backlog:
            return None
        shown = backlog.popleft()
        if shown.yours or shown.snapshot:
            self.waiting = False
        return shown

    def skip(self) -> None:
        """Drop the backlog (another seat is on screen), keeping track of answers."""
        while self.take() is not None:
            pass

    def refused(self) -> None:
        """The host refused this seat's action: the seat may act again."""
        self.waiting = False
