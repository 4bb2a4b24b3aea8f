"""Take 5's main path, pinned before the second speed pass (issue 18): everything a host
reads from ``apply`` — every event's raw parts (type, public, secret, seen_by) and as
each seat and a spectator sees it, every seat's view, the awaited seats and legal
lists, the refusals of wrong actions (error type, code, message, rule) and the state
digest — hashed over seeded random games. The hashes were taken from the code before
the change (commit c2915dc), so a faster ``apply`` must produce byte-identical
results, including the errors a refused action raises."""

from __future__ import annotations

import hashlib
import random

import pytest

from engine.core import RuleError
from engine.take5 import GAME

#: Wrong actions tried at every step (after the legal one is chosen, on the same state).
PROBES = (
    {"type": "choose", "card": 0},
    {"type": "choose", "card": 105},
    {"type": "choose", "card": True},
    {"type": "choose", "card": 1.0},
    {"type": "choose"},
    {"type": "choose", "card": 5, "x": 1},
    {"type": "take-row", "row": 4},
    {"type": "take-row", "row": -1},
    {"type": "take-row", "row": 0},
    {"type": "take-row", "row": False},
    {"type": "play", "card": 3},
    {"card": 3},
    "choose 3",
    None,
)


def _feed(h, value) -> None:
    h.update(repr(value).encode())
    h.update(b"\n")


def _raw(e) -> tuple:
    return (
        type(e).__name__,
        e.type,
        sorted(dict(e.public).items()),
        sorted(dict(e.secret).items()),
        e.seen_by,
    )


def played_hash(players: int, seed: int, options: dict | None, probes: bool) -> str:
    """The hash of one seeded random game through the public verbs (see the module
    docstring); with ``probes`` also every seat's refusals of :data:`PROBES` and of
    each hand card it may not choose."""
    rng = random.Random(seed)
    s = GAME.setup(players, seed, options or {})
    h = hashlib.sha256()
    seats = [None, *range(players)]
    while True:
        _feed(h, GAME.digest(s))
        _feed(h, sorted(GAME.awaiting(s)))
        for who in seats:
            _feed(h, sorted(GAME.view(s, who).items()))
            if who is not None:
                _feed(h, [sorted(a.items()) for a in GAME.legal_actions(s, who)])
        if probes:
            for who in [-1, *range(players), players]:
                tries = list(PROBES)
                if 0 <= who < players:
                    tries += [{"type": "choose", "card": c} for c in s.hands[who]]
                    tries += [{"type": "choose", "card": c} for c in s.hands[(who + 1) % players]]
                for a in tries:
                    try:
                        t, evs = GAME.apply(s, who, a)
                    except RuleError as err:
                        _feed(h, (type(err).__name__, err.to_wire(), str(err), err.rule))
                    else:
                        _feed(h, (GAME.digest(t), [_raw(e) for e in evs]))
        if GAME.is_over(s):
            break
        waiting = sorted(GAME.awaiting(s))
        seat = waiting[rng.randrange(len(waiting))]
        legal = GAME.legal_actions(s, seat)
        action = legal[rng.randrange(len(legal))]
        if rng.random() < 0.5:
            action = dict(action)  # a plain dict, as from the wire
        s, events = GAME.apply(s, seat, action)
        for e in events:
            _feed(h, _raw(e))
            for who in seats:
                _feed(h, sorted(e.for_seat(who).items()))
    _feed(h, GAME.result(s))
    return h.hexdigest()


@pytest.mark.parametrize(
    "players, seed, options, probes, digest",
    [
        (4, 11, None, True, "e0142c11ea18e96f3142d290a030a54fd100fb43ae7b4084d17d658a0c7195a0"),
        (
            2,
            12,
            {"rounds": 2},
            True,
            "22a0b397cbc0c01d06a92bace42864af0208ef503e89a88dca4a9a61bc6a51a9",
        ),
        (
            10,
            13,
            {"rounds": 1},
            True,
            "6d66c98df072ccc81c3e9d0c733e6a408cdaf3af8ef4b7573c949676e6b33419",
        ),
        (
            5,
            14,
            {"tactical": True},
            False,
            "0f9ccf418d9de8d6d99c2ee4de799703ee48ccaa75e20ebbbba2ad61291f19aa",
        ),
        (
            4,
            15,
            {"threshold": 20},
            False,
            "7f12b7c7ae78604f6a759c14ac29326d2eb2adfa97e9aa59741a11952505f445",
        ),
    ],
)
def test_the_main_path_is_unchanged(players, seed, options, probes, digest):
    """Events, views, legal lists, refusals and digests of a seeded game, pinned."""
    assert played_hash(players, seed, options, probes) == digest
