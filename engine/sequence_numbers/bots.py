"""Sequence Numbers bots (placeholder while the engine settles)."""

from __future__ import annotations

from engine.bots import RandomBot, factory

make_bot = factory({"easy": RandomBot, "normal": RandomBot, "hard": RandomBot})
