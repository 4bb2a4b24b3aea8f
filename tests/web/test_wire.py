"""The page's wire.js against net/delta.py (issue 30): the same messages, applied by the
page's `applyDelta` and `unpackLegal` under node, give the views and legal lists Python's
`apply_delta` and `unpack_legal` give — key order included (compared as JSON text).

The messages are real: a thin seat (``legal=True``) plays Take 5 to the end and a few
turns of Guandan and The Game against bots; every message it receives is packed as the
wire packs it (net.protocol.encode) and fed to node in order. A few hand-made deltas cover
the edges (a mask of seat 40, an append to a missing key, a plain action in a legal list).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from net.delta import apply_delta, unpack_legal
from net.local import LocalHost
from net.protocol import encode

ROOT = Path(__file__).resolve().parents[2]
WIRE = ROOT / "assets" / "web" / "js" / "wire.js"
MSGPACK = ROOT / "assets" / "web" / "vendor" / "msgpack" / "msgpack.min.js"
NODE = shutil.which("node")

SCRIPT = r"""
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
// as index.html's classic script does in a page: the library in the global MessagePack
globalThis.MessagePack = createRequire(import.meta.url)(%s);
const { applyDelta, decode, unpackLegal } = await import(%s);
const frames = JSON.parse(readFileSync(0, "utf8"));
let view = null, legal = [];
const out = [];
for (const hex of frames) {
  const msg = decode(Buffer.from(hex, "hex"));
  if (msg.type === "snapshot") { view = msg.view; legal = unpackLegal(msg.legal); }
  else if (msg.type === "delta") {
    view = applyDelta(view, msg);
    if (msg.legal !== undefined) legal = unpackLegal(msg.legal);
  } else continue;
  out.push(JSON.stringify([view, legal]));
}
process.stdout.write(JSON.stringify(out));
"""


def python_side(messages: list[dict]) -> list[str]:
    """What net/delta.py makes of ``messages``: [view, legal] after each snapshot/delta."""
    view, legal, out = None, [], []
    for msg in messages:
        if msg["type"] == "snapshot":
            view, legal = msg["view"], unpack_legal(msg.get("legal"))
        elif msg["type"] == "delta":
            view = apply_delta(view, msg)
            if "legal" in msg:
                legal = unpack_legal(msg["legal"])
        else:
            continue
        out.append(json.dumps([view, legal], separators=(",", ":"), ensure_ascii=False))
    return out


def node_side(messages: list[dict]) -> list[str]:
    script = SCRIPT % (json.dumps(str(MSGPACK)), json.dumps(WIRE.as_uri()))
    frames = json.dumps([encode(m).hex() for m in messages])
    run = subprocess.run(
        [NODE, "--experimental-detect-module", "--input-type=module", "-e", script],
        input=frames,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    return [
        json.dumps(json.loads(s), separators=(",", ":"), ensure_ascii=False)
        for s in json.loads(run.stdout)
    ]


def thin_game(
    game: str, seats: list[str], options: dict | None, seed: int, actions: int
) -> list[dict]:
    """Every message a thin seat 0 receives while it plays ``actions`` random legal
    actions (or to the end) against bots."""
    host = LocalHost(game, seats, seed, options, bot_delay=0.0)
    host.start()
    rng = random.Random(seed)
    got: list[dict] = []
    try:
        conn = host.connect(0, "Ana", legal=True)
        view, legal, acted, waiting = None, [], 0, False
        end = time.monotonic() + 60
        while time.monotonic() < end and acted < actions:
            for msg in conn.poll():
                got.append(msg)
                if msg["type"] == "snapshot":
                    view, legal = msg["view"], unpack_legal(msg.get("legal"))
                elif msg["type"] == "delta":
                    view = apply_delta(view, msg)
                    if "legal" in msg:
                        legal = unpack_legal(msg["legal"])
                    if msg.get("yours"):
                        waiting = False
                elif msg["type"] == "error":
                    waiting = False
            if view is not None and view.get("over"):
                break
            if view and not waiting and 0 in view.get("awaiting", []) and legal:
                conn.send({"type": "action", "action": rng.choice(legal)})
                waiting, acted = True, acted + 1
            time.sleep(0.005)
        time.sleep(0.1)
        got.extend(conn.poll())
    finally:
        host.stop()
    return got


@pytest.fixture(autouse=True)
def node_present() -> None:
    """Skip without node — or fail, where ``TAPETE_BROWSER_TESTS=required`` (CI)."""
    if NODE is None:
        text = "needs node (on Debian or Ubuntu: apt install nodejs)"
        if os.environ.get("TAPETE_BROWSER_TESTS") == "required":
            pytest.fail(text)
        pytest.skip(text)


@pytest.mark.parametrize(
    "game, seats, options, actions",
    [
        ("take5", ["human", "bot", "bot", "bot"], {"rounds": 1}, 99),
        ("guandan", ["human", "bot", "bot", "bot"], None, 12),
        ("the-game", ["human", "bot"], None, 20),
    ],
)
def test_the_page_applies_real_deltas_as_python_does(game, seats, options, actions):
    messages = thin_game(game, seats, options, 5, actions)
    kinds = [m["type"] for m in messages]
    assert kinds.count("snapshot") >= 1 and kinds.count("delta") >= 5
    assert any("legal" in m for m in messages if m["type"] == "delta")
    assert node_side(messages) == python_side(messages)


def test_edges_a_high_seat_mask_a_missing_key_a_plain_action_and_deletes():
    view = {"game": "x", "awaiting": [0], "plays": [1], "gone": 1}
    messages = [
        {"type": "snapshot", "seq": 0, "view": view, "legal": [{"type": "pass"}]},
        {"type": "delta", "seq": 1, "aw": (1 << 40) | 5, "app": {"plays": [2, 3], "new": [7]}},
        {"type": "delta", "seq": 2, "del": ["gone", "nothing"], "set": {"game": "y", "z": None}},
        {
            "type": "delta",
            "seq": 3,
            "aw": 0,
            "legal": [
                {
                    "keys": ["type", "card", "pile"],
                    "same": {"type": "play"},
                    "rows": [[3, "a"], [4, "b"]],
                },
                {"type": "end-turn"},
                {
                    "keys": ["type", "cards"],
                    "same": {"cards": [1, 2]},
                    "rows": [["pair"], ["bomb"]],
                },
            ],
        },
        {"type": "delta", "seq": 4, "set": {}, "app": {}},
    ]
    assert node_side(messages) == python_side(messages)
    last = json.loads(node_side(messages)[-2])
    assert last[0]["awaiting"] == [] and [a["type"] for a in last[1]] == [
        "play",
        "play",
        "end-turn",
        "pair",
        "bomb",
    ]
    assert json.loads(node_side(messages)[1])[0]["awaiting"] == [0, 2, 40]
