"""One table scene per game; :func:`table_for` picks it by game id."""

from __future__ import annotations


def table_for(game_id: str):
    """The table scene class for ``game_id``; ``KeyError`` if it has no table yet."""
    if game_id == "take5":
        from client.tables.take5 import Take5Table
        return Take5Table
    raise KeyError(f"no table for {game_id!r} yet")
