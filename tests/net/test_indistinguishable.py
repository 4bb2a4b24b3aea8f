"""Hidden information is a property (DESIGN.md): two tables whose states differ only in
what seat *s* may not know, fed the same actions by *s* and the same public actions by
the others, send *s* byte-identical msgpack streams.

The worlds are twins made by ``game.shuffle_unknown(state, s, rng)``. When another
seat's action depends on its hidden cards (a card the twin does not hold), the twin
plays an action of its own that leaves *s*'s view the same. A twin stops being a twin
only when *s* may now see a difference (its engine view differs — a reveal); the test
then starts a fresh pair of twins from the first world's state and goes on, so whole
games are covered.
"""

from __future__ import annotations

import random

import msgpack
import pytest

import engine
from net.host import Table
from tests.net.conftest import GAMES, Recorder, options_for, player_count

MAX_STEPS = 300
MAX_CANDIDATES = 200
KEY = b"twin" * 8  # both worlds reveal the same bots' key in the outcome


def wire(messages: list[dict]) -> bytes:
    """The bytes a seat receives (the token and the table's id in ``welcome`` are
    random in every world)."""
    out = b""
    for m in messages:
        if m["type"] == "welcome":
            m = {**m, "token": None, "table_id": None}
        out += msgpack.packb(m, use_bin_type=True)
    return out


def twins(game_id: str, state, s: int | None, rng: random.Random, thin: bool = False):
    """Two tables (the state and its twin for ``s``) with every seat attached; returns
    the tables and ``s``'s two recorders (a spectator recorder when ``s`` is None).
    ``thin``: ``s`` is a thin connection (sent its legal lists)."""
    game = engine.get_game(game_id)
    n = game.players(state)
    out = []
    for st in (state, game.shuffle_unknown(state, s, rng)):
        table = Table(game_id, ["human"] * n, 0, options_for(game_id), state=st, bot_key=KEY)
        recs = [Recorder() for _ in range(n)]
        clients = [table.attach(i, recs[i], legal=thin and i == s) for i in range(n)]
        rec = Recorder()
        if s is None:
            table.attach(None, rec, legal=thin)
        else:
            rec = recs[s]
        out.append((table, clients, rec))
    return out


def public_twin_action(game, state_a, state_b, seat, action, s):
    """An action of ``seat`` in world B that ``s`` cannot tell from ``action`` in world A:
    the same view for ``s`` afterwards and the same events as ``s`` sees them. None when
    there is none (``s`` is about to learn something about the hidden cards)."""
    new_a, ev_a = game.apply(state_a, seat, action)
    view_a = game.view(new_a, s)
    seen_a = [e.for_seat(s) for e in ev_a]
    legal_b = game.legal_actions(state_b, seat)
    for b in random.Random(7).sample(legal_b, min(len(legal_b), MAX_CANDIDATES)):
        new_b, ev_b = game.apply(state_b, seat, b)
        if game.view(new_b, s) == view_a and [e.for_seat(s) for e in ev_b] == seen_a:
            return b
    return None


@pytest.mark.parametrize(
    "watcher, thin", [(0, False), (None, False), (0, True)], ids=["seat0", "spectator", "thin"]
)
@pytest.mark.parametrize("game_id", GAMES)
def test_bytes_to_a_seat_do_not_depend_on_what_it_may_not_know(game_id, watcher, thin):
    """Deltas (the shared public part, the seat's own part, appends, the awaiting
    mask) and, for a thin connection, its legal lists: the same bytes in both worlds."""
    game = engine.get_game(game_id)
    n = player_count(game_id)
    rng = random.Random(11)
    state = game.setup(n, 11, options_for(game_id))
    steps = hidden_steps = segments = lists = 0
    while steps < MAX_STEPS and not game.is_over(state):
        (ta, ca, ra), (tb, cb, rb) = twins(game_id, state, watcher, rng, thin)
        segments += 1
        assert wire(ra.messages) == wire(rb.messages), "welcome or snapshot differs"
        while steps < MAX_STEPS and not ta.is_over():
            steps += 1
            seat = rng.choice(sorted(game.awaiting(ta.state)))
            assert game.awaiting(tb.state) == game.awaiting(ta.state)
            action = rng.choice(game.legal_actions(ta.state, seat))
            if seat == watcher or action in game.legal_actions(tb.state, seat):
                twin_action = action
            else:
                twin_action = public_twin_action(game, ta.state, tb.state, seat, action, watcher)
                if twin_action is None:  # every choice of B would show: a reveal
                    ta.receive(ca[seat], {"type": "action", "action": action})
                    break
                hidden_steps += 1
            na, nb = len(ra.messages), len(rb.messages)
            ta.receive(ca[seat], {"type": "action", "action": action})
            tb.receive(cb[seat], {"type": "action", "action": twin_action})
            if ta.view(watcher) != tb.view(watcher):
                break  # s may see the difference now (a reveal): new twins
            assert wire(ra.messages[na:]) == wire(rb.messages[nb:]), (
                f"step {steps}: seat {seat} played {action} / {twin_action}; "
                f"{watcher}'s bytes differ though its view does not"
            )
        state = ta.state
        lists += sum(bool(m.get("legal")) for m in ra.messages)
    assert steps > 0 and segments > 0
    assert (lists > 0) == thin  # only a thin connection is sent legal lists
    if game_id == "take5":
        assert hidden_steps > 10  # others' hidden choices really differed between worlds


def test_take5_others_choices_stay_hidden_until_the_reveal():
    game = engine.get_game("take5")
    state = game.setup(3, 21, {})
    twin = game.shuffle_unknown(state, 0, random.Random(3))
    assert twin.hands[1] != state.hands[1]
    worlds = []
    for st in (state, twin):
        table = Table("take5", ["human"] * 3, 0, state=st)
        recs = [Recorder() for _ in range(3)]
        clients = [table.attach(i, recs[i]) for i in range(3)]
        worlds.append((table, clients, recs[0]))
    mine = state.hands[0][4]

    def own(st, other, seat):  # a card of ``seat`` in this world that the other lacks
        return next(c for c in st.hands[seat] if c not in other.hands[seat])

    for (table, clients, _), st, other in zip(worlds, (state, twin), (twin, state), strict=True):
        table.receive(clients[0], {"type": "action", "action": {"type": "choose", "card": mine}})
        table.receive(
            clients[1], {"type": "action", "action": {"type": "choose", "card": own(st, other, 1)}}
        )
    (ta, _, ra), (tb, _, rb) = worlds
    assert wire(ra.messages) == wire(rb.messages)
    for (table, clients, _), st, other in zip(worlds, (state, twin), (twin, state), strict=True):
        table.receive(
            clients[2], {"type": "action", "action": {"type": "choose", "card": own(st, other, 2)}}
        )
    reveal_a, reveal_b = ra.messages[-1], rb.messages[-1]
    assert reveal_a["seq"] == reveal_b["seq"] == 3
    assert wire([reveal_a]) != wire([reveal_b])  # the reveal shows the different cards
