"""The client's copy of one seat's view, rebuilt from the host's messages
(``net/PROTOCOL.md``): the one view mirror of the window, the headless bot player, the
tools and the tests.

A :class:`ViewMirror` reads one connection (anything with ``poll() -> list[dict]``: a
:class:`net.local.Connection`, a :class:`net.client.TcpConnection`, or nothing at all
when messages are handed to :meth:`ViewMirror.feed`). It keeps the latest view
(``snapshot``, then each ``delta`` applied), what the host said about the seats, the
link and the end, and — for a table that animates — a backlog of :class:`Shown` steps
in the order they arrived.

Views are never changed in place: a delta makes a new dict (:func:`apply_delta`), so
the backlog shares them instead of copying.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from net.delta import apply_delta, unpack_legal

#: The most ``emote`` messages a mirror keeps unread (a reader that never looks stays
#: bounded; a window reads them every frame).
KEPT_EMOTES = 16


@dataclass(frozen=True)
class Shown:
    """One step for a table to show: the ``events`` (zone moves, redacted for the
    seat) and the ``view`` after them. ``snapshot``: a whole view (after a join or a
    reconnect), not a step to animate. ``yours``: the host's answer to this
    connection's own action (its ``delta`` carries ``yours: true``)."""

    events: list
    view: dict
    snapshot: bool = False
    yours: bool = False


class ViewMirror:
    """The latest view of ``seat`` (None = a spectator's, public view) on ``conn``.

    Attributes (read them after :meth:`pump`):

    * ``view`` — dict or None before the first ``snapshot``; replaced, never changed.
    * ``seq`` — the sequence number of the last snapshot or delta (-1 before any).
    * ``welcome`` — the host's ``welcome`` message (game, seat, token, seats, table).
    * ``seats`` — the latest ``seats`` message, or None.
    * ``link`` — the latest ``disconnected`` notice while the link is down, else None.
    * ``backlog`` — a deque of :class:`Shown`, oldest first, for the table to consume
      (left empty when built with ``keep_backlog=False``).
    * ``errors`` — ``error`` messages not yet shown (the reader clears the list).
    * ``notices`` — ``notice`` messages (a stand-in took a seat, handed it back, a turn
      clock ran out) not yet shown (the reader clears the list).
    * ``emotes`` — ``emote`` messages (``{type, seat, emote}``) not yet shown, the
      newest :data:`KEPT_EMOTES` at most (the reader clears the deque).
    * ``outcome`` — the ``outcome`` message's record once the game is over, else None.
    * ``gaps`` — deltas whose ``seq`` was not the previous one + 1 (0 on a sound link).

    Properties: ``connected``, ``started``, ``legal``, ``game_id``."""

    def __init__(
        self,
        conn: Any = None,
        seat: int | None = None,
        *,
        welcome: dict | None = None,
        keep_backlog: bool = True,
    ) -> None:
        self.conn = conn
        self.seat = seat
        self.view: dict | None = None
        self.seq = -1
        self.welcome: dict | None = None
        self.seats: dict | None = None
        self.link: dict | None = None
        self.backlog: deque[Shown] = deque()
        self.errors: list[dict] = []
        self.notices: list[dict] = []
        self.emotes: deque[dict] = deque(maxlen=KEPT_EMOTES)
        self.outcome: dict | None = None
        self.gaps = 0
        self.keep_backlog = keep_backlog
        self._started = False
        self._host_legal: list | None = None  # the legal list the host sent, if it sends one
        self._legal_for: dict | None = None  # the view ``_legal`` was computed from
        self._legal: list = []
        if welcome is not None:
            self.feed(welcome)

    # ------------------------------------------------------------------ reading
    @property
    def game_id(self) -> str | None:
        """The game's id from the ``welcome`` (None before it)."""
        return self.welcome.get("game") if self.welcome else None

    @property
    def connected(self) -> bool:
        """Whether the link is up: False without a connection, from a
        ``disconnected`` notice until the next ``welcome`` or ``snapshot`` (a
        reconnect), and once the connection is closed."""
        if self.conn is None:
            return False
        return self.link is None and bool(getattr(self.conn, "connected", True))

    @property
    def started(self) -> bool:
        """Whether the host says the game has started (from the latest ``welcome``,
        ``snapshot`` or ``seats`` message)."""
        return self._started

    @property
    def legal(self) -> list:
        """The seat's legal actions now: the host's list when it sends one (to a thin
        connection, ``hello`` with ``legal: true``), else
        ``Game.legal_from_view(view)`` (computed once per view); ``[]`` for a spectator,
        before the start, or for a game that cannot compute it from a view."""
        return self.legal_for(self.view)

    def legal_for(self, view: dict | None) -> list:
        """The seat's legal actions in ``view`` — a view this mirror held (another
        thread may take newer messages in meanwhile, :func:`net.botplayer.play_remote`):
        as :attr:`legal`, the host's latest list when it sends one, else
        ``Game.legal_from_view(view)`` (cached for the last view asked)."""
        if self._host_legal is not None:
            return self._host_legal
        if view is None or self.seat is None or not self._started or not self.game_id:
            return []
        if self._legal_for is not view:
            self._legal = legal_from_view(self.game_id, view)
            self._legal_for = view
        return self._legal

    @legal.setter
    def legal(self, actions: list) -> None:
        """Set the legal list by hand (as if the host had sent it: tests)."""
        self._host_legal = list(actions)

    # ------------------------------------------------------------------ input
    def pump(self) -> int:
        """Read every message that arrived on the connection; returns how many."""
        if self.conn is None:
            return 0
        messages = self.conn.poll()
        for message in messages:
            self.feed(message)
        return len(messages)

    def feed(self, message: dict) -> None:
        """Take one message from the host (or the connection's own ``disconnected``
        notice) into the mirror. Unknown types are ignored."""
        kind = message.get("type")
        if kind == "delta":  # nearly every message: tested first
            if self.view is None:
                return
            seq = message.get("seq", self.seq + 1)
            if seq != self.seq + 1:
                self.gaps += 1
            self.seq = seq
            self.view = apply_delta(self.view, message)
            if "legal" in message:
                self._host_legal = unpack_legal(message["legal"])
            if self.keep_backlog:
                self.backlog.append(
                    Shown(
                        list(message.get("events", [])), self.view, yours=bool(message.get("yours"))
                    )
                )
        elif kind == "welcome":
            self.welcome = message
            self.seat = message.get("seat", self.seat)
            self._started = bool(message.get("started", self._started))
            self.link = None
        elif kind == "snapshot":
            self.link = None
            self.view = message["view"]
            self.seq = message.get("seq", 0)
            self._started = bool(message.get("started", self._started))
            self._host_legal = unpack_legal(message["legal"]) if "legal" in message else None
            if self.keep_backlog:
                self.backlog.append(Shown([], self.view, snapshot=True))
        elif kind == "error":
            self.errors.append(message)
        elif kind == "seats":
            self.seats = message
            self._started = bool(message.get("started", self._started))
        elif kind == "notice":
            self.notices.append(message)
        elif kind == "emote":
            self.emotes.append(message)
        elif kind == "disconnected":
            self.link = message
        elif kind == "outcome":
            self.outcome = message.get("outcome")

    def awaited(self) -> bool:
        """Whether the view says this seat must act now (and the game is not over)."""
        v = self.view
        return bool(
            v is not None
            and self.seat is not None
            and not v.get("over")
            and self.seat in v.get("awaiting", ())
        )


def legal_from_view(game_id: str, view: dict) -> list:
    """``engine.get_game(game_id).legal_from_view(view)``, or ``[]`` for a game that
    does not implement it yet."""
    import engine

    try:
        return list(engine.get_game(game_id).legal_from_view(view))
    except NotImplementedError:
        return []


__all__ = ["Shown", "ViewMirror", "apply_delta", "legal_from_view"]
