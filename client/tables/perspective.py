"""Which seat a table shows, and what that seat may do now: a mix-in of
:class:`client.tables.base.TableScene` (it reads ``perspective``, ``seats``,
``session``, ``board``, ``timeline``, ``viewer``, ``name_cut`` …), following the rule
in :mod:`client.tables.base` ("Perspective"): the shown seat and its object, whether
the screen is shared, names, the latest view, whether the seat may decide and what it
may choose, and switching to another seat's view (couch play, a replay, a review).
"""

from __future__ import annotations

from collections.abc import Mapping

from client.tables.seat import ShownSeat


class Perspective:
    """The shown seat of a table (see the module docstring)."""

    def show(self, view: dict, seat: int | None = None) -> None:
        """Show ``view`` as ``seat`` sees it (None: the public view), with nothing to
        decide and no prompts to act: a replay or a review."""
        self.viewer = True
        self.perspective = seat
        self.board = view
        self.on_reset()

    @property
    def me(self) -> int | None:
        """The shown seat (None: the public view)."""
        return self.perspective

    @property
    def seat(self) -> ShownSeat | None:
        """The shown seat's object when it is played on this screen, else None."""
        return self.seats.get(self.perspective) if self.perspective is not None else None

    @property
    def couch(self) -> bool:
        """Whether the screen is shared (two or more players, or phones: the public
        table shows, a screen player's hand only behind the privacy screen)."""
        return len(self.session.local_seats) >= 2 or self.room

    @property
    def room(self) -> bool:
        """Whether this screen is a room's table (phone seats: client/tables/phones.py)."""
        return bool(getattr(self.session, "room", False))

    def name(self, seat: int) -> str:
        return self.session.names[seat]

    def short_name(self, seat: int) -> str:
        """A seat's name without the bot level ("Bot 3 (hard)" → "Bot 3"), cut to
        :attr:`name_cut` characters (the last one "…" when cut); "?" for no seat."""
        if not 0 <= seat < len(self.session.names):
            return "?"
        name = self.name(seat).split(" (")[0]
        cut = self.name_cut
        return name if cut is None or len(name) <= cut else name[: cut - 1].rstrip() + "…"

    def latest(self) -> Mapping:
        """The shown perspective's latest view (the board may still be animating to
        it); the board itself when no mirror stands behind it (a replay)."""
        if self.seat is not None:
            return self.seat.view or self.board or {}
        mirrors = self.session.mirrors
        m = mirrors.get(self.perspective) if isinstance(mirrors, dict) else None
        return (m.view if m is not None else None) or self.board or {}

    def my_turn(self) -> bool:
        """Whether the shown seat must act now (from its latest view)."""
        return self.seat is not None and self.board is not None and self.seat.awaited()

    def deciding(self) -> bool:
        """Whether the shown seat may decide now: its turn, nothing animating, no
        action of its own in flight."""
        return self.timeline.idle and self.my_turn() and not self.seat.waiting

    def choices(self, **fields) -> list[dict]:
        """The shown seat's legal actions matching ``fields`` while no animation
        plays (see :meth:`ShownSeat.choices`); [] for a watcher."""
        if self.seat is None or not self.timeline.idle:
            return []
        return self.seat.choices(**fields)

    def prompt(self) -> str:
        """The status line, or nothing in a review of a seat's view."""
        return "" if self.viewer and self.perspective is not None else self.status_line()

    def set_perspective(self, seat: int | None) -> None:
        """Show ``seat``'s view (None = public) from its latest state, skipping its
        backlog (already seen in another perspective)."""
        self.timeline.skip()
        self.perspective = seat
        if self.seat is not None:
            self.seat.skip()
        m = self.session.mirrors[seat]
        m.backlog.clear()
        if m.view is not None:
            self.board = m.view
            self.on_reset()

    def due_local_seat(self) -> int | None:
        """The first local seat whose latest view awaits it."""
        return next((s for s, seat in self.seats.items() if seat.awaited()), None)
