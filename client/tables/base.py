"""The table contract: what every game's table implements, and what it gets for free.

A game's table is ``client.tables.<game>.scene:<Game>Table``, a :class:`TableScene`
built with ``(app, session)``, in a package of the same modules for every game
(``scene``, ``layout``, ``paint``, ``beats``, ``faces``, ``shots``). It names its
``paint`` and ``beats`` modules, implements the abstract methods — ``layout``,
``flight_image``, ``handle_table_event``, ``status_line``, ``lit``, ``summary`` and
``shots`` — and reads the shown seat through :attr:`TableScene.seat` (a
:class:`client.tables.seat.ShownSeat`): it lights only what ``seat.choices(...)``
returns and acts only through ``seat.send(action)``.

The base owns the rest: perspective (:mod:`client.tables.perspective`), the couch
privacy screen, the animation queue, errors and the link banner, who is at the table
(:mod:`client.tables.presence`: every seat panel calls :meth:`TableScene.draw_presence`;
a bot's panel shows "thinking…" while it is awaited), preset emotes
(:mod:`client.tables.emotes`: the picker, and a bubble by the sender's panel), rules
help, results, and the order in which keys, clicks and pads reach the game
(:mod:`client.tables.controls`).

Perspective: with one local player the table always shows that seat. With none it
shows the public view. With two or more (couch play) it shows the public view while
the table plays, and before a local player must decide it shows a privacy screen
("pass to NAME") and then that player's view only.

The board: :attr:`TableScene.board` is a :class:`client.anim.Stage` over the view the
table last showed; beats lay the moves they show over it until the next view arrives.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping
from types import ModuleType

import pygame

from client import assets, lanwords, pads
from client.anim import Beat, Flight, Stage, Timeline, zone
from client.i18n import _
from client.scene import Scene
from client.tables.controls import Controls
from client.tables.emotes import CODES as EMOTE_CODES
from client.tables.emotes import Emotes
from client.tables.hold import HeldRow
from client.tables.leave import LeaveConfirm
from client.tables.perspective import Perspective
from client.tables import privacy
from client.tables.phones import Phones
from client.tables.presence import Presence
from client.tables.seat import ShownSeat
from client.tables.text import TableText, headline, team_headline  # noqa: F401 (the games')
from net.protocol import CLOSING_CODES


#: The event types a table keeps for the results' history (round and deal ends).
STORY = frozenset({"round-end", "deal-end"})


class TableScene(TableText, Perspective, Controls, Scene, abc.ABC):
    """One game's table scene (see the module docstring for the contract)."""

    #: The engine's game id ("take5", "the-game", …).
    game_id = ""
    #: Pads reach the table as they are (:func:`client.pads.table_input`).
    takes_pads = True
    #: Seconds a bot waits before acting under --autoquit (otherwise the player's
    #: "Bots' pause" setting decides: client.settings.BOT_PAUSES).
    autoquit_bot_delay = 0.2
    #: The bottom corner where a room's away phones show their codes ("right", "left").
    phone_cards_at = "right"
    #: Names are cut to this many characters where space is short (None: never).
    name_cut: int | None = None
    #: The table's drawing module (``client.tables.<game>.paint``):
    #: ``paint.draw_table(table, surface)`` draws the board.
    paint: ModuleType
    #: The table's animation module (``client.tables.<game>.beats``): ``beats.ON``
    #: maps an event type to ``handler(table, event) -> list[Beat]``; ``beats.MOVES``
    #: maps a move's ``(from kind, to kind)`` (``"*"``: any) to
    #: ``handler(table, event, src: Zone, dst: Zone) -> list[Beat]``.
    beats: ModuleType

    def __init__(self, app, session) -> None:
        super().__init__(app)
        self.session = session
        self.timeline = Timeline(app.settings.animation_speed * (10.0 if app.autoquit else 1.0))
        self.perspective: int | None = (
            session.local_seats[0]
            if len(session.local_seats) == 1 and not getattr(session, "room", False)
            else None
        )
        #: One seat object per seat played on this screen.
        self.seats: dict[int, ShownSeat] = {
            s: ShownSeat(s, session.mirrors[s], session, self.show_error)
            for s in session.local_seats
        }
        self._board: Stage | None = None
        self.privacy_for: int | None = None  # seat waiting behind the privacy screen
        self.message, self.message_t = "", 0.0
        self.note, self.note_t = "", 0.0
        self.over_t = 0.0
        self.viewer = False  # a replay shows views without a session to act on
        self.w, self.h = app.size
        self.help_open = False
        self.help_scroll = 0
        #: The pointer's last position (pixels; None before it moved on this table) and
        #: the table's clock (seconds): what :meth:`hand_rects` holds still against.
        self.pointer: tuple[int, int] | None = None
        self.clock = 0.0
        self._hand_row = HeldRow()
        #: Esc's question before leaving (client/tables/leave.py).
        self.leaving = LeaveConfirm()
        #: The events the results tell the story with (:data:`STORY`), as shown.
        self.story: list[dict] = []
        #: Who is at the table: seat states, the turn clock, notices, this link.
        self.presence = Presence(self)
        #: seat → the pad (SDL instance id) that plays it here (:mod:`client.pads`);
        #: whether the last input came from a pad (the legends then name its buttons).
        self.pad_seats = pads.seats_at(app, self.seats)
        self.pad_in_use = False
        #: Preset emotes: the picker and the bubbles by the panels.
        self.emotes = Emotes(self)
        #: A room's phone seats: their codes before play and while a phone is away.
        self.phones = Phones(self) if self.room else None

    # ------------------------------------------------------------------ the contract
    @abc.abstractmethod
    def layout(self) -> None:
        """Compute the table's geometry from ``self.w``/``self.h`` (``self.k`` is the
        scale of the 1280×720 design, the smaller of the two ratios)."""

    @abc.abstractmethod
    def flight_image(self, flight: Flight) -> pygame.Surface:
        """The picture of ``flight.card`` in the air (its face, or a back)."""

    @abc.abstractmethod
    def handle_table_event(self, event: pygame.event.Event) -> None:
        """Input for the shown seat's decision (only while no animation plays)."""

    @abc.abstractmethod
    def status_line(self) -> str:
        """The one obvious prompt for whoever looks at the screen ("" for none)."""

    @abc.abstractmethod
    def lit(self) -> list[dict]:
        """The actions the table offers the shown seat now, for the current selection
        if any: what it lights (cards, piles, rows, spaces, buttons). Each one is one
        of ``self.seat.choices()``; [] while the seat may not decide."""

    @staticmethod
    @abc.abstractmethod
    def summary(view: dict, names: list[str], me: int | None, story: list[dict] = ()) -> dict:
        """What the results screen shows for the final ``view`` (``story``: the
        :data:`STORY` events the table showed, in order): ``{"headline": str,
        "subtitle": str, "rows": [(name, value text, is_winner[, cells])], "ranked":
        bool (default True: number the rows), "columns": [str] (headings of the rows'
        cells, e.g. one per round), "columns_title": str}``, best first; a team game
        has one row per team."""

    @classmethod
    @abc.abstractmethod
    def shots(cls, app, shot, seed: int) -> None:
        """Play tables of this game on ``app`` and call ``shot(name)`` at the moments
        worth looking at (``tools/screenshots.py``)."""

    def clear_selection(self) -> bool:
        """Drop what the shown seat has selected (and close what the table opened over
        the board); True if there was something to drop. The same keys do it at every
        table: a right click, Backspace, or Esc (which asks to leave the table only when
        there is nothing to drop)."""
        return False

    def draw_presence(
        self, surface: pygame.Surface, seat: int, midright, room: int, panel=None
    ) -> int:
        """Draw seat ``seat``'s presence badges — its player online, away (with the
        countdown to a stand-in), played by a stand-in bot, a bot, and its turn clock —
        right-aligned at ``midright`` (pixels) in at most ``room`` pixels; returns the
        width taken (0: nothing shown, e.g. at an offline table). Every table's seat
        panels call it, then fit their own words beside it
        (:class:`client.tables.presence.Presence`). The panel's place is also where
        the seat's emote bubbles show (:class:`client.tables.emotes.Emotes`); with the
        seat's ``panel`` rect, they show beside the panel instead of over its words."""
        self.emotes.panel(seat, midright, room, panel)
        return self.presence.draw_badges(surface, seat, midright, room)

    def emote_button(self, size: tuple[int, int]) -> pygame.Rect:
        """Where the emote button of ``size`` pixels goes (:mod:`client.tables.emotes`):
        the bottom-right corner; a table that uses that corner puts it elsewhere."""
        rect = pygame.Rect((0, 0), size)
        rect.bottomright = (self.w - self.s(10), self.h - self.s(8))
        return rect

    def hand_slot(self, i: int, n: int) -> pygame.Rect:
        """Where card ``i`` of a hand of ``n`` lies (tables with a row of cards)."""
        raise NotImplementedError

    def hand_rects(self) -> list[pygame.Rect]:
        """One rect per card of the board's hand (:meth:`hand_slot`), held still
        while the pointer is over the hand (:class:`client.tables.hold.HeldRow`): a
        card that leaves opens a gap rather than shifting the others under the
        pointer."""
        hand = list(self.board.get("hand", [])) if self.board else []
        keys = [(c, hand[:i].count(c)) for i, c in enumerate(hand)]  # equal faces apart
        return self._hand_row.layout(
            keys,
            lambda: [self.hand_slot(i, len(hand)) for i in range(len(hand))],
            self.pointer,
            self.clock,
        )

    def hand_settling(self) -> bool:
        """Whether the hand moved under the pointer a moment ago: a click on it now is
        ignored (it would act on a card the player did not see there)."""
        return self._hand_row.settling(self.clock)

    # ------------------------------------------------------------------ the board
    @property
    def board(self) -> Stage | None:
        """What the table draws: the last view shown, with the animations' moves."""
        return self._board

    @board.setter
    def board(self, view: Mapping | None) -> None:
        """Show ``view`` (shared, never changed: no copy is made)."""
        self._board = view if view is None or isinstance(view, Stage) else Stage(view)

    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw the table from ``self.board`` (flights, banners and help come after)."""
        self.paint.draw_table(self, surface)

    def draw_flight(self, surface: pygame.Surface, flight: Flight, pos) -> None:
        """Draw ``flight``'s card centred at ``pos`` (pixels)."""
        img = self.flight_image(flight)
        surface.blit(img, img.get_rect(center=(int(pos[0]), int(pos[1]))))

    def beats_for(self, events: list[dict]) -> list[Beat]:
        """The beats that show one message's ``events`` on the board: each event goes to
        its handler in the table's :attr:`beats` module (moves by their zones' kinds)."""
        out: list[Beat] = []
        for e in events:
            if e["type"] == "move":
                src, dst = zone(e["from"]), zone(e["to"])
                moves = self.beats.MOVES
                for key in ((src.kind, dst.kind), (src.kind, "*"), ("*", dst.kind), ("*", "*")):
                    if key in moves:
                        out.extend(moves[key](self, e, src, dst))
                        break
            elif e["type"] in self.beats.ON:
                out.extend(self.beats.ON[e["type"]](self, e))
        return out

    # ------------------------------------------------------------------ helpers
    def show_error(self, text: str) -> None:
        """Show ``text`` in the error banner for a few seconds."""
        self.message, self.message_t = text, 4.0

    def show_note(self, text: str, seconds: float = 2.5) -> None:
        """Show ``text`` as the table's latest note (what just happened)."""
        self.note, self.note_t = text, seconds

    # ------------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.clock += dt
        self.session.pump()
        self.presence.update(dt)  # the seats' states, notices, this screen's link
        self.emotes.update(dt)  # emotes heard, bubbles fading
        for key, m in self.session.mirrors.items():
            for err in m.errors:
                if err.get("code") in EMOTE_CODES:  # not an action's refusal
                    self.show_error(_("Too many emotes: wait a moment"))
                    continue
                if err.get("code") in CLOSING_CODES:  # the link ends: in the player's words
                    conn = getattr(m, "conn", None)
                    self.show_error(lanwords.failure(err["code"], getattr(conn, "address", "")))
                    continue
                self.show_error(err.get("message", _("refused")))
                if key in self.seats:
                    self.seats[key].refused()
                self.on_refused(key, err)
            m.errors.clear()
        shown = self.seat
        for seat in self.seats.values():
            if seat is not shown:
                seat.skip()  # not on screen: only its answers matter
        self.feed(shown)
        self.timeline.update(dt)
        if self.message_t > 0:
            self.message_t -= dt
        if self.note_t > 0:
            self.note_t -= dt
        if not self.timeline.idle or self.board is None:
            return
        if self.couch:
            privacy.pass_screen(self)  # to the next local player who must decide
        if self.board.get("over"):
            self.leaving.open = False  # the results come before any question
            self.over_t += dt
            if self.over_t > (0.4 if self.app.autoquit else 2.0):
                self.finish()

    def idle(self) -> bool:
        """Nothing moves or counts down (no animation, banner, end-of-game pause or
        table timer): the window sleeps until input or the host's next message."""
        board = self.board
        if board is None:
            return self.timeline.idle  # waiting for the first snapshot
        return (
            self.timeline.idle
            and self.message_t <= 0
            and self.note_t <= 0
            and not board.get("over")
            and not self.hand_settling()  # its 0.25 s run on the table's clock
            and not self._hand_row.held  # its gaps close after a moment
            and not self.counting()
            and not self.emotes.busy()  # a bubble fades, the picker is open
        )

    def counting(self) -> bool:
        """Whether one of the table's own timers runs (tables with timers say so)."""
        return False

    def pending(self, seat: int) -> bool:
        """Whether the table shows ``seat``'s decision as pending now: its status marks
        ("thinking…") show only then. Tables say False where the view still awaits a
        seat that the table shows otherwise (out of the deal, a round's box over it)."""
        return True

    @property
    def poll_every(self) -> float | None:
        """While a seat's countdown, a turn clock or a notice runs (:meth:`Presence.counting
        <client.tables.presence.Presence.counting>`), an idle window still looks ten
        times a second, so the seconds count down; otherwise None."""
        return 0.1 if self.presence.counting() else None

    def feed(self, shown: ShownSeat | None) -> None:
        """Turn the shown perspective's new messages into beats (a snapshot replaces
        the board at once)."""
        m = self.session.mirrors[self.perspective]
        while True:
            if shown is not None:
                item = shown.take()
            else:
                item = m.backlog.popleft() if m.backlog else None
            if item is None:
                return
            if self.board is None or item.snapshot:
                self.timeline.skip()
                self.board = item.view
                self.on_reset()
                continue
            self.story.extend(e for e in item.events if e["type"] in STORY)
            for beat in self.beats_for(item.events):
                self.timeline.add(beat)
            self.timeline.add(Beat(0.0, finish=lambda v=item.view: self._sync(v)))

    def _sync(self, view: dict) -> None:
        self.board = view
        self.on_reset()

    def finish(self) -> None:
        self.app.go(
            "results", session=self.session, view=self.board, table_class=type(self), table=self
        )

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(assets.FELT)
        if self.privacy_for is not None and not (self.phones and self.phones.waiting()):
            self.draw_privacy(surface)
            if self.help_open:  # F1, or the first time's How to play (client/howto.py)
                self.draw_rules(surface)
            if self.leaving.open:
                self.leaving.draw(self, surface)
            return
        if self.board is not None:
            self.draw_board(surface)
        for flight, pos in self.timeline.flights():
            self.draw_flight(surface, flight, pos)
        self.presence.draw_notices(surface)
        self.emotes.draw(surface)
        if self.phones is not None:  # their codes: waiting, or a phone away
            self.phones.draw(surface)
        if self.message_t > 0:
            self.banner(surface, self.message, assets.RED, center=self.message_pos())
        if self.help_open:
            self.draw_rules(surface)
        if self.leaving.open:
            self.leaving.draw(self, surface)

    def draw_rules(self, surface: pygame.Surface) -> None:
        """The rules help overlay (F1): How to play's steps, then the rules."""
        from client.help import draw_help

        from client.session import options_in_force

        options = options_in_force(self.session)
        draw_help(surface, self.session.game_id, options, self.help_scroll, self.ui_scale)

    def sfx(self, name: str) -> None:
        """Play sound effect ``name`` (see :mod:`client.sound`); silent without audio."""
        self.app.sounds.play(name)

    def resized(self) -> None:
        """The window changed size: lay the table out again (see :meth:`layout`)."""
        self.w, self.h = self.app.size
        self._hand_row = HeldRow()
        self.layout()

    def on_refused(self, seat: int | None, error: dict) -> None:
        """The host refused an action sent for ``seat`` (the seat may act again; tables
        may do more)."""

    def on_reset(self) -> None:
        """Called when ``self.board`` was replaced by a view."""

    def draw_privacy(self, surface: pygame.Surface) -> None:
        """The privacy screen (:func:`client.tables.privacy.draw`)."""
        privacy.draw(self, surface)

    def message_pos(self) -> tuple[int, int]:
        """Where notes and errors appear (pixels); tables move it off their cards."""
        return (self.w // 2, int(self.h * 0.66))
