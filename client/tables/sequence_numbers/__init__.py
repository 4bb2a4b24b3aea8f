"""The Sequence Numbers table (``client.tables.sequence_numbers.scene:
SequenceNumbersTable``): scene (state, input, prompts), layout (geometry), paint
(drawing), beats (events → animation), faces (board spaces, chips, equation cards),
shots (screenshots)."""

from client.tables.sequence_numbers.scene import SequenceNumbersTable

__all__ = ["SequenceNumbersTable"]
