"""Deltas and compact legal lists (net/delta.py, PROTOCOL.md "Deltas")."""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import engine
from net.delta import (
    LEGAL_ROWS,
    NONE,
    DeltaWriter,
    apply_delta,
    awaiting_mask,
    mask_awaiting,
    pack_legal,
    unpack_legal,
)
from net.protocol import Decoder, encode
from tests.net.conftest import GAMES, options_for, player_count

# JSON-like view values: what views are made of (ints, strs, bools, None, lists, maps).
scalars = st.one_of(st.none(), st.booleans(), st.integers(-300, 300), st.text(max_size=4))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=12,
)
keys = st.sampled_from(["awaiting", "hand", "plays", "rows", "turn", "over", "x"])
views = st.dictionaries(keys, values, max_size=7)


def pk(value) -> bytes:
    return msgpack.packb(value, use_bin_type=True)


def test_apply_delta_sets_appends_deletes_and_reads_the_mask_into_new_lists():
    old = {"awaiting": [0, 1, 2], "plays": [1, 2], "turn": 3, "gone": True}
    new = apply_delta(
        old, {"set": {"turn": 4, "new": 1}, "app": {"plays": [3]}, "del": ["gone"], "aw": 0b101}
    )
    assert new == {"awaiting": [0, 2], "plays": [1, 2, 3], "turn": 4, "new": 1}
    assert list(new) == ["awaiting", "plays", "turn", "new"]
    assert old == {"awaiting": [0, 1, 2], "plays": [1, 2], "turn": 3, "gone": True}


@pytest.mark.parametrize(
    "value, mask",
    [([], 0), ([0], 1), ([1, 2], 6), ([0, 9], 513), ([62], 1 << 62)],
)
def test_awaiting_travels_as_a_bit_mask(value, mask):
    assert awaiting_mask(value) == mask and mask_awaiting(mask) == value


@pytest.mark.parametrize("value", [[2, 1], [1, 1], [True], [63], [-1], [1.0], (1,), None, "01"])
def test_an_awaiting_the_mask_cannot_rebuild_goes_as_it_is(value):
    assert awaiting_mask(value) is None


def stable(o, v) -> bool:
    """Whether ``v`` keeps the types of ``o`` where they are equal (an equal value, or
    the old part of a list that grew, has the same bytes): what views promise (PROTOCOL.md
    "Deltas"), so that equality decides what is resent."""
    if o == v:
        return pk(o) == pk(v)
    if type(o) is list and type(v) is list and len(v) > len(o) and v[: len(o)] == o:
        return pk(v[: len(o)]) == pk(o)
    return True


@settings(max_examples=300, deadline=None)
@given(old=views, new=views)
def test_a_delta_rebuilds_the_new_view_byte_for_byte(old, new):
    assume(all(stable(old[k], new[k]) for k in old.keys() & new.keys()))
    w = DeltaWriter()
    wire, msg = w.delta(7, (w.diff(old, new), NONE), None)
    assert wire == pk(msg)
    (got,) = Decoder().feed(wire)
    assert not any(got.get(k) in ([], {}) for k in ("set", "app", "del"))
    assert pk(apply_delta(old, got)) == pk({**{k: v for k, v in old.items() if k in new}, **new})


def test_a_list_that_only_grew_travels_as_its_new_items():
    w = DeltaWriter()
    plays = [{"seat": s, "type": "pass"} for s in range(30)]
    _, msg = w.delta(1, (w.diff({"plays": plays}, {"plays": plays + [{"seat": 2}]}), NONE), None)
    assert msg == {"type": "delta", "seq": 1, "app": {"plays": [{"seat": 2}]}}
    _, msg = w.delta(2, (w.diff({"plays": plays}, {"plays": []}), NONE), None)
    assert msg == {"type": "delta", "seq": 2, "set": {"plays": []}}
    _, msg = w.delta(3, (w.diff({"n": 1}, {"n": True}), NONE), None)  # equal, not the same
    assert msg["set"] == {"n": True}


@pytest.mark.parametrize("game_id", GAMES)
def test_compact_legal_lists_give_the_list_back_in_order(game_id):
    game = engine.get_game(game_id)
    n = player_count(game_id)
    rng = random.Random(3)
    state = game.setup(n, 3, options_for(game_id))
    for _ in range(300):
        if game.is_over(state):
            break
        seat = rng.choice(sorted(game.awaiting(state)))
        legal = game.legal_actions(state, seat)
        groups = pack_legal(legal)
        assert unpack_legal(msgpack.unpackb(pk(groups))) == legal
        if len(legal) >= 10:
            assert len(pk(groups)) < len(pk(legal))
        state, _ = game.apply(state, seat, rng.choice(legal))


def test_the_longest_guandan_list_fits_one_message_within_the_limits():
    game = engine.get_game("guandan")
    legal = game.legal_actions(game.setup(4, 0, {}), 2)  # 3,691 plays to lead
    groups = pack_legal(legal)
    assert len(legal) == 3691 and all(len(g["rows"]) <= LEGAL_ROWS for g in groups)
    wire = encode({"type": "snapshot", "legal": groups})
    (got,) = Decoder(strict=True).feed(wire)
    assert unpack_legal(got["legal"]) == legal and len(wire) < 64 * 1024
    take5 = pack_legal([{"type": "choose", "card": c} for c in (3, 17, 40)])
    assert take5 == [
        {"keys": ["type", "card"], "same": {"type": "choose"}, "rows": [[3], [17], [40]]}
    ]
