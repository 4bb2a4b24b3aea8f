"""Menu, new game, settings and results scenes."""
