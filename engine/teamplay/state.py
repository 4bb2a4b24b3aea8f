"""Teamplay state, teams and table facts (``teamplay.md`` "Components", "Teams")."""

from __future__ import annotations

from dataclasses import dataclass

BANK_SIZE = 3
DRAWS = 2
GIFT_MAX = 2
DEAL = (1, 2)  # the first and second player get 1 and 2 cards, the rest 3
DEAL_REST = 3


def has_teams(players: int) -> bool:
    """Partners at 4 and 6 players; alone at 3 and 5 (teamplay.md "Teams")."""
    return players % 2 == 0


def partner(seat: int, players: int) -> int | None:
    """The partner of ``seat`` (0-based): 4 players 0&2, 1&3; 6 players 0&3, 1&4,
    2&5; None when everybody plays alone."""
    if not has_teams(players):
        return None
    return (seat + players // 2) % players


def team_of(seat: int, players: int) -> int:
    """The team index of ``seat``: ``seat % (players // 2)`` with partners, else the seat."""
    return seat % (players // 2) if has_teams(players) else seat


def teams(players: int) -> tuple[tuple[int, ...], ...]:
    """The sides: ``((0, 2), (1, 3))`` at 4 players, ``((0,), (1,), (2,))`` at 3."""
    if not has_teams(players):
        return tuple((s,) for s in range(players))
    half = players // 2
    return tuple((t, t + half) for t in range(half))


def hand_limit(players: int) -> int:
    """Cards allowed at the start of a turn: 6, or 8 with 3 or 5 players."""
    return 6 if has_teams(players) else 8


def missions_to_end(players: int) -> int:
    """Completed missions that announce the end: a team's 8th, alone a player's 5th."""
    return 8 if has_teams(players) else 5


def own_count(players: int) -> int:
    """Own missions per player: 1 with an even player count, 2 with an odd one."""
    return 1 if has_teams(players) else 2


@dataclass(frozen=True)
class TeamplayState:
    """A Teamplay table between two actions.

    Number cards are ints 0..63 (:mod:`engine.teamplay.missions`), missions their ids.
    ``deck`` the draw pile (top first); ``bank`` the face-up cards (sorted);
    ``hands`` per seat (sorted); ``discard`` bottom first; ``mission_deck`` top first;
    ``mission_discard`` rejected missions; ``general`` the general mission (or None);
    ``own`` per seat its own missions (None = an empty place); ``done`` per seat the
    missions it completed. ``phase`` is ``"setup"`` (the set-up swap, even player
    counts), ``"play"`` or ``"over"``; ``seat`` whose decision it is; ``turn`` the
    index of the current turn (0 = the first player's first turn); ``must_discard``
    cards still to discard for the hand limit; ``draws_left`` of the 2 compulsory
    draws; ``gave`` whether the gift was made; ``fresh`` the place (``"general"`` or
    ``"own/i"``) whose newly drawn mission awaits keep-or-reject; ``last_turn`` the
    index of the final turn once the end is announced; ``gifts`` every gift as
    ``(giver, receiver, cards)``."""

    players: int
    options: tuple
    rng: tuple
    deck: tuple[int, ...]
    bank: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]
    mission_deck: tuple[str, ...]
    mission_discard: tuple[str, ...]
    general: str | None
    own: tuple[tuple[str | None, ...], ...]
    done: tuple[tuple[str, ...], ...]
    phase: str
    seat: int
    turn: int
    must_discard: int = 0
    draws_left: int = DRAWS
    gave: bool = False
    fresh: str | None = None
    last_turn: int | None = None
    gifts: tuple[tuple[int, int, tuple[int, ...]], ...] = ()

    def slot(self, place: str) -> str | None:
        """The mission at ``place`` of the current seat: ``"general"`` or ``"own/i"``."""
        if place == "general":
            return self.general
        return self.own[self.seat][int(place.split("/")[1])]

    def places(self) -> list[tuple[str, str]]:
        """``(place, mission)`` for the missions the current seat may complete."""
        out = [("general", self.general)] if self.general else []
        out += [(f"own/{i}", m) for i, m in enumerate(self.own[self.seat]) if m]
        return out
