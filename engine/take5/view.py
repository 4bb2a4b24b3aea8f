"""Take 5 per-seat views (``take5.md`` "What each player may know"). Whitelists."""

from __future__ import annotations

from engine.core import option
from engine.take5.state import BULLHEADS, Take5State, row_cost


def private(game, state: Take5State, seat: int | None) -> dict:
    """The keys of the view that depend on ``seat`` (a spectator's values for None):
    ``seat, hand, chosen, own_penalty, own_bullheads``."""
    mine = seat is not None and 0 <= seat < state.players
    return {
        "seat": seat,
        "hand": list(state.hands[seat]) if mine else [],
        "chosen": state.chosen[seat] if mine else None,
        "own_penalty": list(state.penalty[seat]) if mine else [],
        "own_bullheads": sum(BULLHEADS[c] for c in state.penalty[seat]) if mine else 0,
    }


def build(game, state: Take5State, seat: int | None) -> dict:
    """The view of ``seat`` (None = spectator), built field by field.

    Shape: ``game, seat, players, round, turn, phase ("choose" | "row-choice" |
    "over"), awaiting, rows (4 lists), row_costs, hand (own, sorted; [] for a
    spectator), chosen (own choice or None), hand_sizes, revealed ([[seat, card]] of
    this turn's reveal), pending ([[card, seat]] still to place), row_choice (seat or
    None), penalty_counts, own_penalty, own_bullheads, totals, last_round, threshold,
    rounds, tactical, over, winners.

    Who has chosen is not a key of its own: in the ``choose`` phase a seat has chosen
    exactly when it is not in ``awaiting`` (every seat holds cards then), and in the
    other phases nobody has a choice standing."""
    n = state.players
    phase = "over" if state.over else ("row-choice" if state.pending else "choose")
    out = game.result(state)
    v = {
        "game": "take5",
        "seat": None,
        "players": n,
        "round": state.round,
        "turn": state.turn,
        "phase": phase,
        "awaiting": sorted(game.awaiting(state)),
        "rows": [list(r) for r in state.rows],
        "row_costs": [row_cost(r) for r in state.rows],
        "hand": [],
        "chosen": None,
        "hand_sizes": [len(h) for h in state.hands],
        "revealed": [[s, c] for s, c in state.revealed],
        "pending": [[c, s] for c, s in state.pending],
        "row_choice": state.row_choice,
        "penalty_counts": [len(p) for p in state.penalty],
        "own_penalty": [],
        "own_bullheads": 0,
        "totals": list(state.totals),
        "last_round": list(state.last_round),
        "threshold": option(state.options, "threshold"),
        "rounds": option(state.options, "rounds"),
        "tactical": option(state.options, "tactical"),
        "over": state.over,
        "winners": list(out.winners) if out else [],
    }
    if seat is not None:
        v.update(private(game, state, seat))
    return v
