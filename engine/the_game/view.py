"""The Game per-seat views (``the-game.md`` "What each player may know"). Whitelists."""

from __future__ import annotations

from engine.core import option
from engine.the_game.state import PILES, START, TheGameState


def private(game, state: TheGameState, seat: int | None) -> dict:
    """The keys of the view that depend on ``seat`` (a spectator's values for None):
    ``seat, hand, blocked``."""
    mine = seat is not None and 0 <= seat < state.players
    return {
        "seat": seat,
        "hand": list(state.hands[seat]) if mine else [],
        "blocked": bool(mine and seat == state.turn and game.is_blocked(state)),
    }


def build(game, state: TheGameState, seat: int | None) -> dict:
    """The view of ``seat`` (None = spectator), built field by field.

    Shape: ``game, seat, players, awaiting, over, turn`` (active seat), ``turns``
    (turns started), ``hand`` (own, sorted; [] for a spectator), ``hand_sizes``,
    ``hand_size`` (the size hands are drawn up to), ``deck`` (draw pile size),
    ``piles`` ({name: cards played, in order}), ``tops`` ({name: top or marker}),
    ``signals`` ({name: [signal per seat]}), ``signalled`` ({name: [bool per seat]}:
    that seat has changed its signal on that pile this turn, so it may not again),
    ``signals_open`` (False once the active player is blocked or the game is over: no
    one may signal), ``played`` (cards the active player has
    played this turn), ``minimum``, ``to_play`` (still to play before ending),
    ``blocked`` (own seat only: you must declare the block), ``expert``,
    ``smaller_hands``, ``cards_left``, and once over ``winners``, ``result``."""
    n = state.players
    out = game.result(state)
    tops = state.tops
    v = {
        "game": "the-game",
        "seat": None,
        "players": n,
        "awaiting": sorted(game.awaiting(state)),
        "over": state.over,
        "turn": state.turn,
        "turns": state.turns,
        "hand": [],
        "hand_sizes": [len(h) for h in state.hands],
        "hand_size": state.size,
        "deck": len(state.deck),
        "piles": {name: list(p) for name, p in zip(PILES, state.piles, strict=True)},
        "markers": {name: START[i] for i, name in enumerate(PILES)},
        "tops": {name: tops[i] for i, name in enumerate(PILES)},
        "signals": {name: [state.signals[s][i] for s in range(n)] for i, name in enumerate(PILES)},
        "signalled": {
            name: [state.signalled(s, i) for s in range(n)] for i, name in enumerate(PILES)
        },
        "signals_open": game.signals_open(state),
        "played": state.played,
        "minimum": game.minimum(state),
        "to_play": game.to_play(state),
        "blocked": False,
        "expert": option(state.options, "expert"),
        "smaller_hands": option(state.options, "smaller_hands"),
        "cards_left": state.cards_left,
        "winners": list(out.winners) if out else [],
        "result": out.to_dict() if out else None,
    }
    if seat is not None:
        v.update(private(game, state, seat))
    return v
