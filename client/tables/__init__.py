"""One table scene per game; :func:`table_for` picks it by game id."""

from __future__ import annotations

import importlib

#: game id → "module:Class" of its table scene (games without a table are absent).
TABLES = {
    "take5": "client.tables.take5:Take5Table",
}


def table_for(game_id: str):
    """The table scene class for ``game_id``; ``KeyError`` if it has no table yet."""
    if game_id not in TABLES:
        raise KeyError(f"no table for {game_id!r} yet; tables: {', '.join(TABLES)}")
    module, name = TABLES[game_id].split(":")
    return getattr(importlib.import_module(module), name)


def tables_available() -> list[str]:
    """Game ids that have both an engine and a table, in the registry's order."""
    from engine import available_games

    return [g for g in available_games() if g in TABLES]
