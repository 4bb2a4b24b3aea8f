"""Teamplay's table (``client.tables.teamplay.scene:TeamplayTable``): scene (state,
input, prompts), layout (geometry), paint (drawing), beats (events → animation), faces
(number and mission cards in the card language), shots (screenshots)."""

from client.tables.teamplay.scene import TeamplayTable

__all__ = ["TeamplayTable"]
