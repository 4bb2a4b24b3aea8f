"""Guandan per-seat views (``guandan.md`` "What each player may know"). Whitelists."""

from __future__ import annotations

from engine.core import option
from engine.guandan.state import PLAYERS, GuandanState


def _play(entry) -> dict:
    seat, combo, rank, cards = entry
    if combo == "pass":
        return {"seat": seat, "type": "pass"}
    return {"seat": seat, "type": "play", "combo": combo, "rank": rank, "cards": list(cards)}


def private(game, state: GuandanState, seat: int | None) -> dict:
    """The keys of the view that depend on ``seat`` (a spectator's values for None):
    ``seat, hand``."""
    mine = seat is not None and 0 <= seat < PLAYERS
    return {"seat": seat, "hand": list(state.hands[seat]) if mine else []}


def build(game, state: GuandanState, seat: int | None) -> dict:
    """The view of ``seat`` (None = spectator), built field by field.

    Shape: ``game, seat, players, awaiting, over, phase ("tribute" | "return" | "play"
    | "over"), deal, level (this deal's rank), level_team (-1: first deal), levels
    ([team 0, team 1]), hand (own sorted ids; [] for a spectator), hand_counts,
    turn (seat or None), leading (bool: the seat to play leads), last_play (``{seat,
    combo, rank, cards}`` or None), trick (this trick's plays and passes), plays (this
    deal's plays and passes, ``{seat, type, combo?, rank?, cards?}``), out (seats in
    finishing order), tribute (``{payers, paid: [[payer, card]], transfers: [[payer,
    receiver, card]], returns: [[receiver, payer, card]], exempt}``), previous_places,
    history ([{deal, level, places, team, advance}]), fails, options, winners."""
    playing = state.phase == "play"
    last = state.last
    out = game.result(state)
    v = {
        "game": "guandan",
        "seat": None,
        "players": PLAYERS,
        "awaiting": sorted(game.awaiting(state)),
        "over": state.phase == "over",
        "phase": state.phase,
        "deal": state.deal,
        "level": state.level,
        "level_team": state.level_team,
        "levels": list(state.levels),
        "hand": [],
        "hand_counts": [len(h) for h in state.hands],
        "turn": state.turn if playing else None,
        "leading": playing and last is None,
        "last_play": None
        if last is None
        else {"seat": last[0], "combo": last[1], "rank": last[2], "cards": list(last[3])},
        "trick": [_play(e) for e in state.log[state.trick_start :]],
        "plays": [_play(e) for e in state.log],
        "out": list(state.out),
        "tribute": {
            "payers": list(state.payers),
            "paid": [[p, c] for p, c in state.in_transit],
            "transfers": [list(t) for t in state.transfers],
            "returns": [list(r) for r in state.returns],
            "exempt": state.exempt,
        },
        "previous_places": list(state.prev_places),
        "history": [
            {"deal": d, "level": lv, "level_team": lt, "places": list(pl), "team": t, "advance": a}
            for d, lv, lt, pl, t, a in state.history
        ],
        "fails": list(state.fails),
        "options": {
            "deals": option(state.options, "deals"),
            "start_level": option(state.options, "start_level"),
            "three_failures": option(state.options, "three_failures"),
        },
        "winners": list(out.winners) if out else [],
    }
    if seat is not None:
        v.update(private(game, state, seat))
    return v
