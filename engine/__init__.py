"""Tapete's rules engine: the five games and their bots. Pure Python, no I/O.

``get_game(game_id)`` returns the game's ``GAME`` object (see :mod:`engine.core`).
"""

from __future__ import annotations

import importlib

#: Game ids used everywhere (CLI, protocol, logs) → engine package.
GAME_MODULES = {
    "take5": "engine.take5",
    "the-game": "engine.the_game",
    "teamplay": "engine.teamplay",
    "sequence-numbers": "engine.sequence_numbers",
    "guandan": "engine.guandan",
}
GAME_IDS = tuple(GAME_MODULES)


def get_game(game_id: str):
    """The ``GAME`` object of ``game_id`` (one of :data:`GAME_IDS`).

    Raises ``KeyError`` with the known ids when ``game_id`` is unknown or its package
    is not built yet."""
    if game_id not in GAME_MODULES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(GAME_IDS)}")
    try:
        module = importlib.import_module(GAME_MODULES[game_id])
    except ModuleNotFoundError as exc:
        if exc.name == GAME_MODULES[game_id]:
            raise KeyError(f"game {game_id!r} is not available yet") from None
        raise
    if not hasattr(module, "GAME"):
        raise KeyError(f"game {game_id!r} is not available yet (its package has no GAME)")
    return module.GAME


def available_games() -> list[str]:
    """Ids of the games whose engine package is present."""
    out = []
    for gid in GAME_IDS:
        try:
            get_game(gid)
        except KeyError:
            continue
        out.append(gid)
    return out


def get_bot(game_id: str, level: str, seed: int | None = None):
    """A bot for ``game_id`` at ``level`` (``easy``/``normal``/``hard``).

    Returns an object with ``choose(view, legal) -> action``. Raises ``KeyError``
    for an unknown level."""
    importlib.import_module(GAME_MODULES[game_id])
    bots = importlib.import_module(GAME_MODULES[game_id] + ".bots")
    return bots.make_bot(level, seed)
