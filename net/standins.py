"""Bots at a table and the turn clock (PROTOCOL.md "Stand-ins and the turn clock"):
bot seats after their pause, stand-ins for players whose link is gone past the
takeover delay, a stand-in for one decision when a player's turn clock runs out, and a
seat handed over to a bot. A part of :class:`net.host.Table`."""

from __future__ import annotations

from typing import Any

import engine
from engine.core import RuleError

from net.protocol import echo
from net.seats import PLAYER_KINDS, STAND_IN_LEVEL
from net.seeds import bot_seed

#: Seconds a dropped player's seat waits before a bot plays it (the host may change it:
#: ``tapete host --takeover S``).
TAKEOVER_DELAY = 10.0
#: Turn clocks run out in a row after which a connected player's seat is *idle*: a
#: stand-in plays it at once, decision after decision, until the player acts again.
IDLE_AFTER = 2
#: Bound on the actions one :meth:`Table.run_to_end` or :meth:`Table.step_bots` may play.
MAX_BOT_ACTIONS = 1_000_000
#: Default turn clock of a LAN table (`tapete host`), seconds per decision: generous.
LAN_TURN_SECONDS = 90.0


def pause_bounds(delay: Any) -> tuple[float, float]:
    """``(low, high)`` seconds of a bot delay: a number ``d`` is ``(d, d)``, a pair
    ``(low, high)`` itself. Raises ``ValueError`` for anything else, a negative or
    non-finite number, or ``low > high``."""
    if isinstance(delay, (list, tuple)) and len(delay) == 2:
        low, high = delay
    else:
        low = high = delay
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (low, high)):
        raise ValueError(f"a bot delay is seconds or a pair (low, high), not {echo(delay)}")
    low, high = float(low), float(high)
    if not (0.0 <= low <= high < float("inf")):
        raise ValueError(f"a bot delay is 0 <= low <= high seconds, not {echo(delay)}")
    return low, high


class StandIns:
    """The bots and the turn clock of :class:`net.host.Table`: who a bot plays for now,
    when it is due, :meth:`step_bots`, :meth:`hand_over` and :meth:`run_to_end`."""

    def is_bot_seat(self, seat: int, now: float | None = None) -> bool:
        """Whether a bot plays ``seat`` now: a bot seat, an idle player's, or a player
        away for longer than :attr:`takeover_delay`."""
        s = self._seats[seat]
        if s.kind == "bot" or s.idle:
            return True
        if s.away_since is None:
            return False
        now = self.clock() if now is None else now
        return now >= s.away_since + self.takeover_delay

    def _clock_deadlines(self) -> dict[int, float]:
        """``{seat: deadline}`` of the player seats the turn clock runs for: awaited,
        not a bot's, not played by a stand-in (empty when the clock is off)."""
        if self.turn_seconds is None or not self.started or self.state is None:
            return {}
        if self.is_over():
            return {}
        out = {}
        for seat, since in self._awaited_since.items():
            s = self._seats[seat]
            if s.kind in PLAYER_KINDS and not s.stand_in:
                out[seat] = since + self.turn_seconds
        return out

    def _due(self, seat: int) -> tuple[float, str] | None:
        """``(clock time, why)`` a bot is due to act for awaited ``seat``: ``bot``, a
        ``stand-in`` (player away or idle), ``clock`` (the turn clock ran out); None for
        a player's seat with no clock."""
        s = self._seats[seat]
        since = self._awaited_since.get(seat, 0.0)
        if s.kind == "bot":
            return since + self.bot_pause(seat, since), "bot"
        out = None
        if s.away_since is not None or s.idle:
            at = since + self.bot_pause(seat, since)
            if s.away_since is not None and not s.idle:  # an idle seat's is due already
                at = max(at, s.away_since + self.takeover_delay)
            out = (at, "stand-in")
        if self.turn_seconds is not None and not s.stand_in:
            t = since + self.turn_seconds
            if out is None or t < out[0]:
                out = (t, "clock")
        return out

    def bot_pause(self, seat: int, since: float) -> float:
        """Seconds the bot at ``seat``, awaited since clock time ``since``, waits before
        it acts: :attr:`bot_delay` itself when it is a number; for a pair ``(low,
        high)``, one draw per decision, uniform in [low, high] — halved when the seat
        goes on with a turn it was already playing (The Game's second card) — from
        :attr:`pause_rng`. The draw depends on nothing hidden (no card, not the number
        of choices) and takes nothing from the game's or the bot's generator, so a
        seeded game makes the same choices at any pause."""
        low, high = pause_bounds(self.bot_delay)
        if high <= low:
            return low
        kept = self._pauses.get(seat)
        if kept is not None and kept[0] == since and kept[1] == self.bot_delay:
            return kept[2]
        pause = self.pause_rng.uniform(low, high)
        if self.actions and self.actions[-1][0] == seat:
            pause = max(low / 2, pause / 2)
        self._pauses[seat] = (since, self.bot_delay, pause)
        return pause

    def _bot(self, seat: int):
        s = self._seats[seat]
        level = s.level if s.kind == "bot" else STAND_IN_LEVEL
        key = (seat, level)
        if key not in self._bots:
            self._bots[key] = engine.get_bot(
                self.game_id, level, bot_seed(self.bot_key, self.seed, seat, level)
            )
        return self._bots[key]

    def _bot_act(self, seat: int, now: float | None = None) -> None:
        # The one enumeration of this decision: the bot decides from it and the view,
        # and its first action is the fallback should the bot fail.
        legal = self.game.legal_actions(self.state, seat)
        if not legal:
            raise RuntimeError(f"{self.game_id}: awaited seat {seat} has no legal action")
        view = self.view(seat)
        try:
            action = self._bot(seat).choose(view, legal)
        except Exception:
            action = legal[0]
        try:
            self._act(seat, action, now)
        except RuleError:
            self._act(seat, legal[0], now)  # a bot's mistake must not stall the table

    def _take_over(self, now: float) -> float | None:
        """Mark the away seats whose takeover delay has passed as played by a stand-in
        (every client hears it: ``seats`` and a ``stand-in`` notice). Returns the clock
        time of the next takeover, or None."""
        changed, nxt = False, None
        for s in self._seats:
            if s.away_since is None or s.stand_in or s.kind not in PLAYER_KINDS:
                continue
            at = s.away_since + self.takeover_delay
            if now >= at:
                s.stand_in, changed = True, True
                self._notice(
                    "stand-in", s.index, f"a stand-in bot plays for {s.name} until they return"
                )
            elif nxt is None or at < nxt:
                nxt = at
        if changed:
            self._seats_changed()
        return nxt

    def hand_over(self, seat: int) -> bool:
        """The player of ``seat`` leaves a game that goes on without them (the window that
        hosts a LAN table hands its seats to bots): a stand-in bot (level
        :data:`STAND_IN_LEVEL`) plays the seat from now on, with no takeover delay, and
        every client hears ``notice {event: "left"}`` then ``seats`` (``stand-in``). The
        seat becomes ``remote`` (a phone seat stays ``phone``) and keeps its token: only
        its player may take it back,
        with that token (then ``back``, as after any stand-in). The seat's connection,
        if any, is detached (its messages are ignored; its transport is the caller's to
        close). Returns False, changing nothing, before the start, after the end, or for
        a bot's or an open seat. Raises ``IndexError`` for a seat the table lacks."""
        s = self._seats[seat]
        if not self.started or self.is_over() or s.kind not in PLAYER_KINDS:
            return False
        if s.client is not None:
            self.detach(s.client, reason="replaced")  # the seats message follows below
        s.kind = "phone" if s.kind == "phone" else "remote"
        s.stand_in, s.idle = True, False
        s.away_since = self.clock() - self.takeover_delay  # the stand-in is due at once
        self._notice("left", seat, f"{s.name} left; a bot plays their seat")
        self._seats_changed()
        return True

    def step_bots(self, now: float | None = None) -> float | None:
        """Let every awaited bot-played seat act whose time has come at ``now`` (default:
        the clock): bots after their delay, stand-ins for away players, and a stand-in
        for one decision of a player whose turn clock ran out (a ``timed-out`` notice
        first). Returns the clock time something is next due, or None."""
        if not self.started:
            return None
        now = self.clock() if now is None else now
        for _ in range(MAX_BOT_ACTIONS):
            if self.is_over():
                return None
            takeover = self._take_over(now)
            due = [
                (t, s, why)
                for s in sorted(self.game.awaiting(self.state))
                if (d := self._due(s)) is not None
                for t, why in [d]
            ]
            if not due:
                return takeover
            t, seat, why = min(due)
            if t > now:
                return t if takeover is None else min(t, takeover)
            if why == "clock":
                self._timed_out(seat)
            self._bot_act(seat, now)
        raise RuntimeError(f"bots played {MAX_BOT_ACTIONS} actions without an end")

    def _timed_out(self, seat: int) -> None:
        """``seat``'s turn clock ran out: every client hears ``timed-out``; the
        :data:`IDLE_AFTER`-th in a row makes the seat idle (``idle``, then ``seats``
        with ``state: "stand-in"``): a stand-in plays it at once from now on."""
        s = self._seats[seat]
        s.timeouts += 1
        self._notice("timed-out", seat, f"{s.name}'s turn clock ran out: a stand-in chose for them")
        if s.timeouts >= IDLE_AFTER and not s.idle:
            s.idle = s.stand_in = True
            self._notice(
                "idle",
                seat,
                f"{s.name} let {s.timeouts} turns run out: a stand-in plays for them "
                "until they act again",
            )
            self._seats_changed()

    def wake(self, seat: int) -> bool:
        """The idle player of ``seat`` is here again (any message from the seat's
        connection but a ``ping``, which clients send on their own): the stand-in stops,
        the seat's turn clock starts afresh, and every client hears ``back`` and
        ``seats``. Returns False, changing nothing, for a seat that is not idle."""
        s = self._seats[seat]
        if not s.idle:
            return False
        s.idle = s.stand_in = False
        s.timeouts = 0
        if seat in self._awaited_since:
            self._awaited_since[seat] = self.clock()
        self._notice("back", seat, f"{s.name} is back; the stand-in stops")
        self._seats_changed()
        return True

    def run_to_end(self) -> None:
        """Play a bots-only table to its end, ignoring delays (headless play).

        Raises ``RuntimeError`` if an awaited seat is not played by a bot."""
        if not self.started:
            raise RuntimeError("the game has not started (open seats left)")
        for _ in range(MAX_BOT_ACTIONS):
            if self.is_over():
                return
            waiting = sorted(self.game.awaiting(self.state))
            if not waiting:
                raise RuntimeError(f"{self.game_id}: the game is not over but awaits nobody")
            for s in waiting:
                seat = self._seats[s]
                if seat.kind != "bot" and seat.away_since is None and not seat.idle:
                    raise RuntimeError(f"seat {s} is a player's, not a bot's")
            self._bot_act(waiting[0])
        raise RuntimeError(f"no end after {MAX_BOT_ACTIONS} actions")
