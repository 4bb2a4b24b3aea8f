"""Teamplay (Schmidt Spiele, 2015) — rules as in ``shared/rules/teamplay.md``, with our
reconstruction of the 46-card mission deck (:mod:`engine.teamplay.missions`).

``GAME`` implements the engine contract (:mod:`engine.core`); bots live in
:mod:`engine.teamplay.bots`.
"""

from engine.teamplay.missions import (
    MISSION_IDS,
    MISSIONS,
    can_complete,
    card,
    completable,
    completions,
    is_completion,
)
from engine.teamplay.rules import GAME, Teamplay
from engine.teamplay.state import TeamplayState

__all__ = [
    "GAME",
    "MISSIONS",
    "MISSION_IDS",
    "Teamplay",
    "TeamplayState",
    "can_complete",
    "card",
    "completable",
    "completions",
    "is_completion",
]
