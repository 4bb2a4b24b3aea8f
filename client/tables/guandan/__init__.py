"""The Guandan table (``client.tables.guandan.scene:GuandanTable``): scene (state,
input, prompts), layout (geometry), paint (drawing), beats (events → animation), faces
(card faces, card facts and the words for plays), hand (the 27-card fan and its
selection), shots (screenshots)."""

from client.tables.guandan.scene import GuandanTable

__all__ = ["GuandanTable"]
