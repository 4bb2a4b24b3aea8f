"""One table scene per game; :func:`table_for` picks it by game id."""

from __future__ import annotations

import importlib

#: game id → "module:Class" of its table scene.
TABLES = {
    "take5": "client.tables.take5:Take5Table",
    "the-game": "client.tables.the_game:TheGameTable",
    "teamplay": "client.tables.teamplay:TeamplayTable",
    "sequence-numbers": "client.tables.sequence_numbers:SequenceNumbersTable",
    "guandan": "client.tables.guandan:GuandanTable",
}


def table_for(game_id: str):
    """The table scene class for ``game_id``; ``KeyError`` if it has no table (yet)."""
    if game_id not in TABLES:
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(TABLES)}")
    module, name = TABLES[game_id].split(":")
    try:
        return getattr(importlib.import_module(module), name)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            raise KeyError(f"no table for {game_id!r} yet") from None
        raise


def tables_available() -> list[str]:
    """Game ids that have both an engine and a table, in the registry's order."""
    from engine import available_games

    out = []
    for game_id in available_games():
        try:
            table_for(game_id)
        except KeyError:
            continue
        out.append(game_id)
    return out
