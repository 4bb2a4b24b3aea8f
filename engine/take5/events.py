"""Take 5 events (zone moves, DESIGN.md "Zones"), made fast for the main path.

Most of a round's events are the same every time they happen — seat 2 chooses (card
told to seat 2 only), card 37 goes from ``hand/2`` to the table, card 37 of seat 2
joins ``row/1``, a too-low card waits for its owner. Those are made once, on first
use, and shared: every part of a shared event is read-only (``MappingProxyType`` for
``public``/``secret``, :class:`FrozenList` for card lists), so no reader can change
what another reader sees. The rest (the reveal, a row taken, a hand dealt, the end
of a round) are built fresh. Every event equals, field for field and in
``Event.for_seat``, the event ``engine.core`` would build.
"""

from __future__ import annotations

from types import MappingProxyType

from engine.core import Event
from engine.take5.state import (
    BULLHEADS,
    DECK_SIZE,
    HAND_SIZE,
    HAND_ZONE,
    MAX_PLAYERS,
    PENALTY_ZONE,
    ROW_ZONE,
    ROWS,
)

_new = object.__new__
_setattr = object.__setattr__


class FrozenList(list):
    """A list of cards inside a shared event: a plain ``list`` to every reader (equal,
    same ``repr``, JSON and msgpack arrays) that refuses changes (``TypeError``);
    ``list(x)`` gives a changeable copy, and pickling gives a plain list."""

    __slots__ = ()

    def _refuse(self, *args, **kwargs):
        raise TypeError("the cards of a shared event are read-only; change list(cards) instead")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse  # type: ignore[assignment]
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse  # type: ignore[assignment]

    def __reduce__(self):
        return list, (list(self),)

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo) -> list:
        return list(self)


EMPTY = MappingProxyType({})


def event(kind: str, public, secret, seen_by: tuple[int, ...] | None) -> Event:
    """``Event(kind, public, secret, seen_by)``, built without the frozen dataclass's
    per-field ``object.__setattr__``; an equal object."""
    e = _new(Event)
    _setattr(e, "__dict__", {"type": kind, "public": public, "secret": secret, "seen_by": seen_by})
    return e


def _shared(kind: str, public: dict, secret: dict, seen_by) -> Event:
    """An event whose every part is read-only, so one object serves every time."""
    pub = MappingProxyType(public)
    sec = MappingProxyType({k: _frozen(v) for k, v in secret.items()}) if secret else EMPTY
    return event(kind, pub, sec, seen_by)


def _frozen(value):
    return FrozenList(value) if type(value) is list else value


_CARDS = DECK_SIZE + 1
assert _CARDS == 105 and MAX_PLAYERS == 10  # rules.py indexes the tables inline

#: Shared events by index, filled on first use (see the functions below):
#: ``CHOSE[seat * 105 + card]``, ``TOO_LOW[seat * 105 + card]``,
#: ``TO_TABLE[seat * 105 + card]``, ``TO_ROW[(row * 10 + seat) * 105 + card]``,
#: ``DEAL_ROW[row * 105 + card]``.
CHOSE: list[Event | None] = [None] * (MAX_PLAYERS * _CARDS)
TOO_LOW: list[Event | None] = [None] * (MAX_PLAYERS * _CARDS)
TO_TABLE: list[Event | None] = [None] * (MAX_PLAYERS * _CARDS)
TO_ROW: list[Event | None] = [None] * (ROWS * MAX_PLAYERS * _CARDS)
DEAL_ROW: list[Event | None] = [None] * (ROWS * _CARDS)
_ROUND: dict[int, Event] = {}


def chose(seat: int, card: int) -> Event:
    """Seat ``seat`` chose a card face down; only ``seat`` is told which."""
    k = seat * _CARDS + card
    e = CHOSE[k]
    if e is None:
        e = CHOSE[k] = _shared("choose", {"seat": seat}, {"card": card}, (seat,))
    return e


def too_low(seat: int, card: int) -> Event:
    """``card`` of ``seat`` is lower than every row end: its owner must take a row."""
    k = seat * _CARDS + card
    e = TOO_LOW[k]
    if e is None:
        e = TOO_LOW[k] = _shared("row-choice", {"seat": seat, "card": card}, {}, None)
    return e


def to_table(seat: int, card: int) -> Event:
    """The revealed ``card`` moves from ``seat``'s hand to the table (face up)."""
    k = seat * _CARDS + card
    e = TO_TABLE[k]
    if e is None:
        pub = {"from": HAND_ZONE[seat], "to": "table", "count": 1, "seat": seat}
        e = TO_TABLE[k] = _shared("move", pub, {"cards": [card]}, None)
    return e


def to_row(row: int, seat: int, card: int) -> Event:
    """``card`` of ``seat`` moves from the table to the end of ``row``."""
    k = (row * MAX_PLAYERS + seat) * _CARDS + card
    e = TO_ROW[k]
    if e is None:
        pub = {"from": "table", "to": ROW_ZONE[row], "count": 1, "seat": seat}
        e = TO_ROW[k] = _shared("move", pub, {"cards": [card]}, None)
    return e


def deal_row(row: int, card: int) -> Event:
    """``card`` is dealt face up from the deck to start ``row``."""
    k = row * _CARDS + card
    e = DEAL_ROW[k]
    if e is None:
        pub = {"from": "deck", "to": ROW_ZONE[row], "count": 1}
        e = DEAL_ROW[k] = _shared("move", pub, {"cards": [card]}, None)
    return e


def round_begins(k: int) -> Event:
    """Round ``k`` begins (before its deal)."""
    e = _ROUND.get(k)
    if e is None:
        e = _ROUND[k] = _shared("round", {"round": k}, {}, None)
    return e


_DEAL_HAND = tuple(
    MappingProxyType({"from": "deck", "to": HAND_ZONE[s], "count": HAND_SIZE})
    for s in range(MAX_PLAYERS)
)


def deal_hand(seat: int, hand: tuple[int, ...]) -> Event:
    """``hand`` is dealt from the deck to ``seat``: everyone sees ten cards go, only
    ``seat`` sees which."""
    return event("move", _DEAL_HAND[seat], {"cards": list(hand)}, (seat,))


def reveal(shown: list[list[int]]) -> Event:
    """The chosen cards are revealed together: ``shown`` is ``[[seat, card], …]``,
    lowest card first."""
    return event("reveal", {"cards": shown}, EMPTY, None)


def taken(row: tuple[int, ...], r: int, seat: int, reason: str) -> Event:
    """Row ``r`` goes to ``seat``'s penalty pile: the cards were public in the row;
    the bullheads it costs are told only to the taker (penalty piles are private)."""
    heads = 0
    for c in row:  # a loop, not sum() of a comprehension: no frame (a hot path)
        heads += BULLHEADS[c]
    e = _new(Event)  # event(...), inline
    _setattr(
        e,
        "__dict__",
        {
            "type": "move",
            "public": {
                "from": ROW_ZONE[r],
                "to": PENALTY_ZONE[seat],
                "count": len(row),
                "cards": list(row),
                "seat": seat,
                "reason": reason,
            },
            "secret": {"bullheads": heads},
            "seen_by": (seat,),
        },
    )
    return e


def round_ends(played: int, scored: tuple, totals: tuple) -> Event:
    """Round ``played`` is scored: each seat's bullheads this round and its total."""
    return event(
        "round-end",
        {"round": played, "bullheads": list(scored), "totals": list(totals)},
        EMPTY,
        None,
    )


def game_ends(outcome: dict) -> Event:
    """The game is over: ``outcome`` is ``Outcome.to_dict()``."""
    return event("game-end", outcome, EMPTY, None)
