"""A chosen seed at a couch table with phone seats (``tapete play --seats
human,phone,… --seed 5``, or the window's New game with a seed): a phone is another
machine, its holder a seat who may not know the screen player's hand — so, as at any
served table, the seed a player chose is mixed with a 32-byte secret and the bots get a
fresh key (net/PROTOCOL.md "Seeds and the bots' key"): the phone cannot search the deal
from its cards. A couch without phones deals the chosen seed as it is."""

from __future__ import annotations

from client.launch import COUCH_KINDS, TableSpec
from net.host import mixed_seed, seeded_bot_key


def test_a_couch_with_a_phone_mixes_a_chosen_seed_with_a_secret():
    spec = TableSpec.new("take5", ["human", "phone", "bot:easy"], 5, {}, kinds=COUCH_KINDS)
    assert spec.chosen_seed == 5
    assert len(spec.seed_secret) == 32
    assert spec.seed == mixed_seed(5, spec.seed_secret) and spec.seed != 5
    assert spec.bot_key is None  # the host draws a fresh one
    other = TableSpec.new("take5", ["human", "phone", "bot:easy"], 5, {}, kinds=COUCH_KINDS)
    assert other.seed != spec.seed  # the same chosen seed, another deal
    host = spec.host()
    table = host.table
    assert (table.seed, table.chosen_seed) == (spec.seed, 5)
    assert table.bot_key != seeded_bot_key(5)


def test_a_couch_without_phones_deals_the_chosen_seed_as_it_is():
    spec = TableSpec.new("take5", ["human", "human", "bot:easy"], 5, {}, kinds=COUCH_KINDS)
    assert (spec.seed, spec.chosen_seed, spec.seed_secret) == (5, None, None)
    assert spec.bot_key == seeded_bot_key(5)
