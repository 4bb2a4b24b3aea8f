"""Sequence Numbers — rules as in ``shared/rules/sequence-numbers.md`` (board and deck
of our own design, generated into :mod:`engine.sequence_numbers.data`).

``GAME`` implements the engine contract (:mod:`engine.core`); bots live in
:mod:`engine.sequence_numbers.bots`.
"""

from engine.sequence_numbers.rules import GAME, SequenceNumbers
from engine.sequence_numbers.state import SequenceState

__all__ = ["GAME", "SequenceNumbers", "SequenceState"]
