"""The Game bots (placeholder while the real ones are written)."""

from __future__ import annotations

from engine.bots import Bot, factory


class EasyBot(Bot):
    level = "easy"

    def choose(self, view: dict, legal: list[dict]) -> dict:
        for kind in ("declare-blocked", "end-turn"):
            for a in legal:
                if a["type"] == kind:
                    return a
        plays = [a for a in legal if a["type"] == "play"]
        return plays[0]


make_bot = factory({"easy": EasyBot, "normal": EasyBot, "hard": EasyBot})
