"""Teamplay per-seat views (``teamplay.md`` "What each player may know"). Whitelists."""

from __future__ import annotations

from engine.teamplay.missions import MISSIONS
from engine.teamplay.state import (
    TeamplayState,
    hand_limit,
    has_teams,
    partner,
    team_of,
    teams,
)


def private(game, state: TeamplayState, seat: int | None) -> dict:
    """The keys of the view that depend on ``seat`` (a spectator's values for None):
    ``seat, team, partner, hand, gifts``."""
    n = state.players
    mine = seat is not None and 0 <= seat < n
    return {
        "seat": seat,
        "team": team_of(seat, n) if mine else None,
        "partner": partner(seat, n) if mine else None,
        "hand": list(state.hands[seat]) if mine else [],
        "gifts": [
            {"from": g, "to": r, "cards": list(cs)}
            for g, r, cs in state.gifts
            if mine and seat in (g, r)
        ],
    }


def build(game, state: TeamplayState, seat: int | None) -> dict:
    """The view of ``seat`` (None = spectator), built field by field.

    Shape: ``game, seat, players, awaiting, over, phase ("setup" | "play" | "over"),
    turn_seat, turn, first_round, teams ([[seats]]), team (own side or None), partner,
    hand (own, sorted ids; [] for a spectator), hand_sizes, hand_limit, bank,
    deck_size, discard_top (id or None), discard_size, general, own ([[ids or None]]
    per seat), mission_deck_size, mission_discard, done ([[ids]] per seat), points and
    missions (per side), vp ({id: points} of every mission on the table or done),
    must_discard, draws_left, gave, fresh (place or None), end_at, end_announced,
    last_turn, gifts (the seat's own gifts given or received: [{from, to, cards}]),
    winners."""
    n = state.players
    out = game.result(state)
    visible = (
        [state.general]
        + [m for own in state.own for m in own]
        + [m for done in state.done for m in done]
        + list(state.mission_discard)
    )
    v = {
        "game": "teamplay",
        "seat": None,
        "players": n,
        "awaiting": sorted(game.awaiting(state)),
        "over": state.phase == "over",
        "phase": state.phase,
        "turn_seat": state.seat,
        "turn": state.turn,
        "first_round": state.turn < n,
        "teams": [list(t) for t in teams(n)],
        "team": None,
        "partner": None,
        "has_teams": has_teams(n),
        "hand": [],
        "hand_sizes": [len(h) for h in state.hands],
        "hand_limit": hand_limit(n),
        "bank": list(state.bank),
        "deck_size": len(state.deck),
        "discard_top": state.discard[-1] if state.discard else None,
        "discard_size": len(state.discard),
        "general": state.general,
        "own": [list(o) for o in state.own],
        "mission_deck_size": len(state.mission_deck),
        "mission_discard": list(state.mission_discard),
        "done": [list(d) for d in state.done],
        "points": game.team_points(state),
        "missions": game.team_missions(state),
        "vp": {m: MISSIONS[m].vp for m in visible if m},
        "must_discard": state.must_discard,
        "draws_left": state.draws_left,
        "gave": state.gave,
        "fresh": state.fresh,
        "end_at": game.end_at(state),
        "end_announced": state.last_turn is not None,
        "last_turn": state.last_turn,
        "gifts": [],
        "winners": list(out.winners) if out else [],
    }
    if seat is not None:
        v.update(private(game, state, seat))
    return v
