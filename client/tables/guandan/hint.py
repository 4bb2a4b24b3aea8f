"""The Guandan hint: the play the engine's ``normal`` bot would make from the seat's
own view (``engine.get_bot("guandan", "normal").choose(view, legal)``), then the other
legal plays, weakest first, one per press.

The bot may think longer than a frame (tens of milliseconds, up to about a second
with a full hand on a loaded machine), so :class:`Advisor` asks it on a thread of its
own and the table polls (ROADMAP style rule 14: nothing a bot thinks costs the frame
loop a frame). Views are never changed in place (a new view is a new dict), so a view
object names the question."""

from __future__ import annotations

import threading

from engine import get_bot
from engine.guandan.combos import play_key


class Advisor:
    """The normal bot's recommendation for one view at a time, worked out off the
    frame loop."""

    def __init__(self, game_id: str = "guandan", level: str = "normal") -> None:
        self.game_id, self.level = game_id, level
        self._lock = threading.Lock()
        self._view: dict | None = None
        self._answer: dict | None = None
        self._thread: threading.Thread | None = None

    def ask(self, view: dict, legal: list[dict]) -> dict | None:
        """The bot's action for ``view`` (choosing among ``legal``), or None while it
        is still thinking (asking again later is cheap: one question per view)."""
        with self._lock:
            if self._view is view:
                return self._answer
            self._view, self._answer = view, None
        self._thread = threading.Thread(
            target=self._think, args=(view, list(legal)), name="guandan-hint", daemon=True
        )
        self._thread.start()
        return None

    def _think(self, view: dict, legal: list[dict]) -> None:
        action = get_bot(self.game_id, self.level).choose(view, legal)
        with self._lock:
            if self._view is view:
                self._answer = action

    def wait(self, timeout: float = 10.0) -> None:
        """Wait until the current question is answered (tests and tools)."""
        if self._thread is not None:
            self._thread.join(timeout)


def hint_order(recommended: dict, legal: list[dict], level: int) -> list[dict]:
    """The hint's cycle: the recommended action first, then every other play weakest
    first (``play_key``, the order the easy bot uses), a pass last when the seat may
    pass and the bot did not recommend it."""
    plays = sorted((a for a in legal if a["type"] == "play"), key=lambda a: play_key(a, level))
    rest = [a for a in plays if a != recommended]
    tail = [a for a in legal if a["type"] == "pass" and a != recommended]
    return [recommended] + rest + tail
