"""The action budget of a remote connection (PROTOCOL.md "The action budget"): a token
bucket per seat or spectator connection, also the emote allowance of a seat."""

from __future__ import annotations

#: The action budget of one remote connection (a token bucket): every message after
#: ``hello`` costs one token, except an action the table accepts from a seat it was
#: waiting for (the rules bound those). Bursts up to :data:`BUDGET_BURST` pass; the
#: bucket refills at :data:`BUDGET_RATE` tokens a second; an empty bucket answers
#: ``slow-down``, and :data:`FLOOD_STRIKES` of those in a row close the connection
#: (``flood``).
BUDGET_BURST = 100
BUDGET_RATE = 20.0
FLOOD_STRIKES = 50


class Budget:
    """A token bucket: ``burst`` tokens at most, refilled at ``rate`` a second.
    ``take(now)`` spends one (False when empty), ``refund()`` gives one back;
    ``strikes`` counts refusals in a row (reset by a message that passes)."""

    def __init__(self, burst: int = BUDGET_BURST, rate: float = BUDGET_RATE) -> None:
        self.burst, self.rate = float(burst), float(rate)
        self.tokens = float(burst)
        self.at: float | None = None
        self.strikes = 0

    def take(self, now: float) -> bool:
        if self.at is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.strikes = 0
            return True
        self.strikes += 1
        return False

    def refund(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1.0)

    def wait(self) -> float:
        """Seconds until the next token (0 when one is there)."""
        return max(0.0, (1.0 - self.tokens) / self.rate) if self.rate > 0 else float("inf")
