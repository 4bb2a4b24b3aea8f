"""Guandan (掼蛋) — rules as in ``shared/rules/guandan.md``: two packs, four players in
two teams, levels 2..A, ♥ level-rank wild cards, tribute and return.

``GAME`` implements the engine contract (:mod:`engine.core`); combinations live in
:mod:`engine.guandan.combos`, card notation in :mod:`engine.guandan.cards`, bots in
:mod:`engine.guandan.bots`.
"""

from engine.guandan.cards import format_card, format_cards, parse_card, parse_cards
from engine.guandan.rules import GAME, Guandan
from engine.guandan.state import GuandanState

__all__ = [
    "GAME",
    "Guandan",
    "GuandanState",
    "format_card",
    "format_cards",
    "parse_card",
    "parse_cards",
]
