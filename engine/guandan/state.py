"""Guandan state (``guandan.md``): one frozen snapshot of a match between two actions."""

from __future__ import annotations

from dataclasses import dataclass, fields

PLAYERS = 4
ACE = 14

TRIBUTE, RETURN, PLAY, OVER = "tribute", "return", "play", "over"


def team(seat: int) -> int:
    """Team of a seat: 0 for seats 0 & 2, 1 for seats 1 & 3 (partners sit opposite)."""
    return seat & 1


def partner(seat: int) -> int:
    """The seat opposite ``seat``."""
    return (seat + 2) % PLAYERS


@dataclass(frozen=True)
class GuandanState:
    """A Guandan match between two actions.

    ``deal`` counts deals from 1; ``levels`` is per team (2..14, A = 14); ``level`` the
    rank of this deal and ``level_team`` the team whose level it is (-1 for the first
    deal, played at both teams' starting level); ``fails`` counts failed deals at a
    team's own level A (option ``three_failures``). ``phase`` is ``tribute``,
    ``return``, ``play`` or ``over``.

    Cards: ``hands`` (sorted ids per seat), ``trick`` (ids on the table this trick),
    ``played`` (ids of finished tricks this deal), ``in_transit`` ((payer, card) paid
    as tribute, not yet handed over).

    Play: ``turn`` (seat to act), ``last`` (``(seat, combo, rank, cards)`` of the last
    play of this trick, or None when the turn seat leads), ``passes`` (passes since
    it), ``log`` (this deal's plays ``(seat, combo, rank, cards)``, ``combo == "pass"``
    for a pass), ``trick_start`` (index in ``log`` where this trick began), ``out``
    (seats in finishing order).

    Tribute: ``prev_places`` (last deal's order, last place last; the shared last
    places in play order), ``payers``, ``transfers`` (``(payer, receiver, card)``),
    ``returns`` (``(receiver, payer, card)``), ``exempt`` (no tribute: red jokers),
    ``leader`` (who leads once the returns are made).

    ``winner`` is the winning team once ``phase == "over"`` (else -1); ``reason`` says
    why the match ended."""

    players: int
    options: tuple
    rng: tuple
    deal: int
    levels: tuple[int, int]
    level: int
    level_team: int
    fails: tuple[int, int]
    phase: str
    hands: tuple[tuple[int, ...], ...]
    turn: int
    last: tuple | None
    passes: int
    trick: tuple[int, ...]
    played: tuple[int, ...]
    log: tuple
    trick_start: int
    out: tuple[int, ...]
    prev_places: tuple[int, ...]
    payers: tuple[int, ...]
    in_transit: tuple[tuple[int, int], ...]
    transfers: tuple[tuple[int, int, int], ...]
    returns: tuple[tuple[int, int, int], ...]
    exempt: bool
    leader: int
    winner: int = -1
    reason: str = ""
    history: tuple = ()


_FIELDS = frozenset(f.name for f in fields(GuandanState))


def evolve(state: GuandanState, **changes) -> GuandanState:
    """``dataclasses.replace`` without its per-call overhead (the state is a plain
    frozen dataclass: copy the fields, then set the changed ones). Raises
    ``TypeError`` for an unknown field."""
    if not _FIELDS.issuperset(changes):
        raise TypeError(f"unknown GuandanState fields: {sorted(set(changes) - _FIELDS)}")
    new = object.__new__(GuandanState)
    d = new.__dict__
    d.update(state.__dict__)
    d.update(changes)
    return new
