"""Chosen seeds (issue 29, item 4): at a table served to other machines a seed a player
chose is mixed with a fresh host secret, so no seat can search the deal from its cards
(a small chosen seed fell in seconds); the outcome reveals the chosen seed and the
secret, so anyone can check the deal, and the log keeps the dealt seed, so replays need
nothing new. A table nobody joins from another machine deals the chosen seed as it is.

The threat model in net/PROTOCOL.md ("Seeds and the bots' key") names these tests."""

from __future__ import annotations

import hashlib
import hmac
import io
import json

import pytest

import engine
from client.launch import SetupError, TableSpec
from net.host import SEED_BITS, Table, mixed_seed, seeded_bot_key
from net.log import LogError, TableLog, read_log, replay_table, resume_table
from tests.net.test_commands import Background, join_headless, start_host
from tests.net.test_trust import Raw, hello

TAKE5 = engine.get_game("take5")


def dealt_from(secret_hex: str, chosen: int) -> int:
    """The dealt seed as PROTOCOL.md defines it, computed here apart from net.host: the
    first 128 bits of HMAC-SHA256(secret, chosen seed in decimal)."""
    digest = hmac.new(bytes.fromhex(secret_hex), str(chosen).encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:16], "big")


def host_and_watch(tmp_path, name: str):
    """``tapete host take5 --seats open,bot:easy --seed 7 --log PATH``, a raw spectator
    watching from before the start, and a headless bot taking the open seat; returns
    ``(outcome message's outcome, JSON outcome line, log path, final state digest,
    the spectator's messages)`` once the game is over."""
    path = tmp_path / f"{name}.jsonl"
    bg, host = start_host(
        ["take5", "--seats", "open,bot:easy", "--port", "0", "--loopback", "--no-advertise"]
        + ["--bot-delay", "0", "--seed", "7", "--log", str(path), "--name", name]
    )
    target = f"127.0.0.1:{host.address[1]}"
    watcher = Raw(target)
    try:
        watcher.send(hello(spectator=True))
        watcher.read(lambda g: any(m["type"] == "snapshot" for m in g))
        player = Background(join_headless, [target, "--headless", "--bot", "easy"])
        got = watcher.read(lambda g: any(m["type"] == "outcome" for m in g))
        assert [player.join(), bg.join()] == [0, 0]
    finally:
        watcher.close()
    outcome = next(m["outcome"] for m in got if m["type"] == "outcome")
    line = json.loads(bg.out.getvalue().splitlines()[-1])
    digest = TAKE5.digest(host.table.state)
    return outcome, line, path, digest, got


def test_a_lan_table_with_a_chosen_seed_deals_from_the_seed_mixed_with_a_secret(tmp_path):
    outcome, line, path, digest, got = host_and_watch(tmp_path, "first")
    chosen, secret, dealt = outcome["chosen_seed"], outcome["seed_secret"], outcome["seed"]
    # The outcome reveals what reproduces the deal exactly: the chosen seed and the secret.
    assert chosen == "7" and len(secret) == 64 and int(dealt) == dealt_from(secret, 7)
    assert int(dealt) != 7 and int(dealt) < 2**SEED_BITS and int(dealt).bit_length() > 64
    assert line["seed"] == int(dealt) and line["chosen_seed"] == 7 and line["seed_secret"] == secret
    # The bots' key is a fresh secret, not one that follows from either seed.
    assert outcome["bot_key"] not in (seeded_bot_key(7).hex(), seeded_bot_key(int(dealt)).hex())
    # Nothing before the outcome names the dealt seed or the secret.
    for m in got:
        if m["type"] != "outcome":
            assert dealt not in repr(m) and secret not in repr(m)
    # The log keeps the dealt seed as `seed`, plus the chosen seed and the secret.
    rec = read_log(path)
    assert (rec["seed"], rec["chosen_seed"], rec["seed_secret"]) == (int(dealt), 7, secret)
    assert rec["outcome"]["chosen_seed"] == 7 and rec["outcome"]["seed_secret"] == secret
    # Its deal is not setup(..., 7), and replaying the log reproduces the state digest.
    assert TAKE5.digest(TAKE5.setup(2, int(dealt), {})) != TAKE5.digest(TAKE5.setup(2, 7, {}))
    assert TAKE5.digest(replay_table(rec).state) == digest
    # Another LAN table with the same chosen seed deals differently.
    again, _, path2, digest2, _ = host_and_watch(tmp_path, "second")
    assert again["chosen_seed"] == "7" and again["seed_secret"] != secret
    assert again["seed"] != dealt and int(again["seed"]) == dealt_from(again["seed_secret"], 7)
    assert TAKE5.digest(TAKE5.setup(2, int(again["seed"]), {})) != TAKE5.digest(
        TAKE5.setup(2, int(dealt), {})
    )
    assert TAKE5.digest(replay_table(read_log(path2)).state) == digest2


def test_an_offline_table_with_a_chosen_seed_deals_exactly_that_seed():
    spec = TableSpec.new("take5", ["human", "bot:easy", "bot:easy"], 7)
    assert (spec.seed, spec.chosen_seed, spec.seed_secret) == (7, None, None)
    assert spec.bot_key == seeded_bot_key(7)  # bots included: the game can be replayed
    table = spec.table()
    table.deal()
    assert TAKE5.digest(table.state) == TAKE5.digest(TAKE5.setup(3, 7, {}))
    assert "chosen_seed" not in table.record()
    out = io.StringIO()
    from client.cli import main

    argv = ["play", "take5", "--seats", "bot,bot,bot", "--headless", "--seed", "7", "--json"]
    assert main(argv, out=out) == 0
    line = json.loads(out.getvalue().splitlines()[-1])
    assert line["seed"] == 7 and set(line) == {
        "game",
        "seed",
        "winners",
        "scores",
        "rounds",
        "actions",
    }


def test_a_served_spec_mixes_and_its_log_resumes_with_the_same_chosen_seed(tmp_path):
    spec = TableSpec.new("take5", ["open", "bot:easy"], 7, kinds=("open", "bot"), served=True)
    assert spec.chosen_seed == 7 and spec.seed == dealt_from(spec.seed_secret.hex(), 7)
    assert spec.bot_key is None  # a fresh secret for the bots
    table = spec.table()
    assert (table.chosen_seed, table.seed_secret) == (7, spec.seed_secret)
    log = TableLog.for_table(tmp_path / "s.jsonl", table)
    log.close()
    rec = read_log(tmp_path / "s.jsonl")
    back = resume_table(rec)
    assert (back.seed, back.chosen_seed, back.seed_secret) == (
        table.seed,
        7,
        table.seed_secret,
    )
    assert Table.from_record(table.record()).chosen_seed == 7
    # A served table without a chosen seed draws one: nothing to mix, nothing to reveal.
    drawn = TableSpec.new("take5", ["open", "bot"], None, kinds=("open", "bot"), served=True)
    assert drawn.chosen_seed is None and drawn.seed_secret is None


def test_a_seed_that_does_not_follow_from_its_chosen_seed_and_secret_is_refused(tmp_path):
    secret = b"\x05" * 32
    dealt = mixed_seed(7, secret)
    assert dealt == dealt_from(secret.hex(), 7)
    Table("take5", ["bot", "bot"], dealt, chosen_seed=7, seed_secret=secret.hex())
    for kw in (
        {"chosen_seed": 8, "seed_secret": secret},
        {"chosen_seed": 7, "seed_secret": b"\x06" * 32},
        {"chosen_seed": 7},
        {"seed_secret": secret},
    ):
        with pytest.raises(ValueError):
            Table("take5", ["bot", "bot"], dealt, **kw)
    # A log whose header was changed to claim another chosen seed does not set up.
    table = Table("take5", ["bot", "bot"], dealt, chosen_seed=7, seed_secret=secret)
    path = tmp_path / "t.jsonl"
    TableLog.for_table(path, table).close()
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["chosen_seed"] = 8
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(LogError, match="chosen_seed"):
        resume_table(read_log(path))
    header["chosen_seed"] = "8"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(LogError, match="chosen_seed"):
        read_log(path)
    with pytest.raises(SetupError):
        TableSpec.from_log(path)
