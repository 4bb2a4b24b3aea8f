"""Take 5 (6 nimmt!) — rules as in ``shared/rules/take5.md``, with the tactical variant.

``GAME`` implements the engine contract (:mod:`engine.core`); bots live in
:mod:`engine.take5.bots`.
"""

from engine.take5.rules import GAME, Take5
from engine.take5.state import Take5State, bullheads

__all__ = ["GAME", "Take5", "Take5State", "bullheads"]
