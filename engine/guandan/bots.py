"""Guandan bots (placeholder while the real ones are written)."""
from engine.bots import RandomBot, factory
make_bot = factory({"easy": RandomBot, "normal": RandomBot, "hard": RandomBot})
