"""Shared bot pieces. A bot sees only its seat's view and the legal actions.

Every game's ``bots.py`` has ``make_bot(level, seed=None) -> Bot`` for the levels
``easy``, ``normal`` and ``hard``; ``Bot.choose(view, legal) -> action`` returns one
of ``legal`` (a list of action dicts). With a seed, ``easy`` and ``normal`` are
reproducible: their only randomness is ``self.rng``.
"""

from __future__ import annotations

import random
from typing import Callable, Mapping

LEVELS = ("easy", "normal", "hard")


class Bot:
    """Base bot: ``level`` (str), ``rng`` (``random.Random`` from ``seed``)."""

    level = "easy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict, legal: list[dict]) -> dict:
        """One action of ``legal`` (non-empty); raises ``ValueError`` if it is empty."""
        raise NotImplementedError


class RandomBot(Bot):
    """``easy`` where the issue says "random legal": a uniform choice."""

    level = "easy"

    def choose(self, view: dict, legal: list[dict]) -> dict:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self.rng.randrange(len(legal))]


def factory(levels: Mapping[str, Callable[[int | None], Bot]]):
    """Build a ``make_bot(level, seed=None)`` from ``{level: class}``; unknown levels
    raise ``KeyError`` naming the known ones."""

    def make_bot(level: str, seed: int | None = None) -> Bot:
        if level not in levels:
            raise KeyError(f"unknown bot level {level!r}; known: {', '.join(levels)}")
        return levels[level](seed)

    return make_bot
