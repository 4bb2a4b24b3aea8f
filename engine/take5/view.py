"""Take 5 per-seat views (``take5.md`` "What each player may know"). Whitelists."""

from __future__ import annotations

from engine.core import option
from engine.take5.state import BULLHEADS, Take5State, row_cost


def build(game, state: Take5State, seat: int | None) -> dict:
    """The view of ``seat`` (None = spectator), built field by field.

    Shape: ``game, seat, players, round, turn, phase ("choose" | "row-choice" |
    "over"), awaiting, rows (4 lists), row_costs, hand (own, sorted; [] for a
    spectator), chosen (own choice or None), has_chosen (bool per seat), hand_sizes,
    revealed ([[seat, card]] of this turn's reveal), pending ([[card, seat]] still to
    place), row_choice (seat or None), penalty_counts, own_penalty, own_bullheads,
    totals, last_round, threshold, rounds, tactical, over, winners."""
    n = state.players
    mine = seat is not None and 0 <= seat < n
    phase = "over" if state.over else ("row-choice" if state.pending else "choose")
    out = game.result(state)
    v = {
        "game": "take5",
        "seat": seat,
        "players": n,
        "round": state.round,
        "turn": state.turn,
        "phase": phase,
        "awaiting": sorted(game.awaiting(state)),
        "rows": [list(r) for r in state.rows],
        "row_costs": [row_cost(r) for r in state.rows],
        "hand": list(state.hands[seat]) if mine else [],
        "chosen": state.chosen[seat] if mine else None,
        "has_chosen": [c is not None for c in state.chosen],
        "hand_sizes": [len(h) for h in state.hands],
        "revealed": [[s, c] for s, c in state.revealed],
        "pending": [[c, s] for c, s in state.pending],
        "row_choice": state.row_choice,
        "penalty_counts": [len(p) for p in state.penalty],
        "own_penalty": list(state.penalty[seat]) if mine else [],
        "own_bullheads": sum(BULLHEADS[c] for c in state.penalty[seat]) if mine else 0,
        "totals": list(state.totals),
        "last_round": list(state.last_round),
        "threshold": option(state.options, "threshold"),
        "rounds": option(state.options, "rounds"),
        "tactical": option(state.options, "tactical"),
        "over": state.over,
        "winners": list(out.winners) if out else [],
    }
    return v
