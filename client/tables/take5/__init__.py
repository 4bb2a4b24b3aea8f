"""The Take 5 table (``client.tables.take5.scene:Take5Table``): scene (state, input,
prompts), layout (geometry), paint (drawing), beats (events → animation), faces (the
cards), shots (screenshots)."""

from client.tables.take5.scene import Take5Table

__all__ = ["Take5Table"]
