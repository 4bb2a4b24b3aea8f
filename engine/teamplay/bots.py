"""Teamplay bots (placeholder until the real ones land)."""

from engine.bots import RandomBot, factory

make_bot = factory({"easy": RandomBot, "normal": RandomBot, "hard": RandomBot})
