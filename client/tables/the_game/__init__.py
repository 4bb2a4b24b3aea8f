"""The Game's table (``client.tables.the_game.scene:TheGameTable``): scene (state,
input, prompts), layout (geometry), paint (drawing), beats (events → animation), faces
(cards, markers, signal marks), shots (screenshots)."""

from client.tables.the_game.scene import TheGameTable

__all__ = ["TheGameTable"]
