"""One table scene per game (``client.tables.<game>.scene:<Game>Table``, built on
:class:`client.tables.base.TableScene`); :func:`table_for` finds it by game id."""

from __future__ import annotations

import importlib

#: game id → "module:Class" of its table scene.
TABLES = {
    "take5": "client.tables.take5.scene:Take5Table",
    "the-game": "client.tables.the_game.scene:TheGameTable",
    "teamplay": "client.tables.teamplay.scene:TeamplayTable",
    "sequence-numbers": "client.tables.sequence_numbers.scene:SequenceNumbersTable",
    "guandan": "client.tables.guandan.scene:GuandanTable",
}


def table_for(game_id: str):
    """The table scene class for ``game_id``; ``KeyError`` for a game without one."""
    if game_id not in TABLES:
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(TABLES)}")
    module, name = TABLES[game_id].split(":")
    return getattr(importlib.import_module(module), name)


def tables_available() -> list[str]:
    """Game ids that have both an engine and a table, in the registry's order."""
    from engine import available_games

    return [game_id for game_id in available_games() if game_id in TABLES]
