"""The Game (Steffen Benndorf) — rules as in ``shared/rules/the-game.md``, with the
expert option and its smaller-hands sub-option.

``GAME`` implements the engine contract (:mod:`engine.core`); bots live in
:mod:`engine.the_game.bots`.
"""

from engine.the_game.rules import GAME, TheGame
from engine.the_game.state import CARDS, PILES, TheGameState, fits, hand_size

__all__ = ["CARDS", "GAME", "PILES", "TheGame", "TheGameState", "fits", "hand_size"]
