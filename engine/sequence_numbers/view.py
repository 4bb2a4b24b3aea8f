"""Sequence Numbers per-seat views (``sequence-numbers.md`` "What each player may
know"). Whitelists: built field by field."""

from __future__ import annotations

from engine.core import option
from engine.sequence_numbers.state import (
    ANSWER,
    BOARD,
    CORNERS,
    SIZE,
    SequenceState,
    is_dead,
)


def private(game, state: SequenceState, seat: int | None) -> dict:
    """The keys of the view that depend on ``seat`` (a spectator's values for None):
    ``seat, colour, hand, hand_answers, dead``."""
    mine = seat is not None and 0 <= seat < state.players
    hand = list(state.hands[seat]) if mine else []
    return {
        "seat": seat,
        "colour": state.colours[seat] if mine else None,
        "hand": hand,
        "hand_answers": [ANSWER[c] for c in hand],
        "dead": [c for c in hand if is_dead(state.chips, c)],
    }


def build(game, state: SequenceState, seat: int | None) -> dict:
    """The view of ``seat`` (None = spectator).

    Shape: ``game, seat, players, awaiting, over, turn (seat to act), turns,
    dead_used, colours (per seat), colour (own or None), teams, needed, board (10×10
    numbers, 0 = free corner), chips (10×10 colour or None), locked (10×10 bools: the
    chips of every completed line, all of them turned over),
    hand (own faces, [] for a spectator), hand_answers (answer or None per hand card),
    dead (own dead cards), hand_sizes, deck_size, discards (per seat, top last),
    sequences (per colour: each sequence the [row, col] of its whole line, five or more
    spaces, corners included), sequence_counts, reshuffles,
    reshuffle_limit, winners, draw``."""
    n = state.players
    locked = state.locked()
    out = game.result(state)
    v = {
        "game": "sequence-numbers",
        "seat": None,
        "players": n,
        "awaiting": sorted(game.awaiting(state)),
        "over": state.over,
        "turn": state.turn,
        "turns": state.turns,
        "dead_used": state.dead_used,
        "colours": list(state.colours),
        "colour": None,
        "teams": state.teams,
        "needed": state.needed,
        "board": [list(row) for row in BOARD],
        "chips": [list(state.chips[r * SIZE : (r + 1) * SIZE]) for r in range(SIZE)],
        "locked": [[r * SIZE + c in locked for c in range(SIZE)] for r in range(SIZE)],
        "corners": [[sp // SIZE, sp % SIZE] for sp in sorted(CORNERS)],
        "hand": [],
        "hand_answers": [],
        "dead": [],
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.deck),
        "discards": [list(d) for d in state.discards],
        "sequences": [
            [[[sp // SIZE, sp % SIZE] for sp in line] for line in seqs] for seqs in state.sequences
        ],
        "sequence_counts": [len(seqs) for seqs in state.sequences],
        "reshuffles": state.reshuffles,
        "reshuffle_limit": option(state.options, "reshuffles"),
        "winners": list(out.winners) if out else [],
        "draw": bool(out) and not out.winners,
    }
    if seat is not None:
        v.update(private(game, state, seat))
    return v
