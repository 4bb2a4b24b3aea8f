"""The page's seat proof (assets/web/js/proof.js, on the vendored @noble/hashes) under
node against Python's: SHA-256, HMAC-SHA256 and ``seatProof`` give ``hashlib``'s,
``hmac``'s and :func:`net.identity.seat_proof`'s bytes — for the standard vectors,
block-edge lengths, keys longer than a block, and any token and nonces (hypothesis). A
page served over plain HTTP on a LAN address has no ``crypto.subtle``: the proof is a
vendored library's, and it must be exactly the host's."""

from __future__ import annotations

import hashlib
import hmac
import json
import shutil
import subprocess
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from net.identity import seat_proof
from tests.web.conftest import missing

ROOT = Path(__file__).resolve().parents[2]
SHA = ROOT / "assets" / "web" / "js" / "proof.js"
NODE = shutil.which("node")

SCRIPT = r"""
import { readFileSync } from "node:fs";
import { hmacSha256, seatProof, sha256 } from "%s";
const hex = (b) => Buffer.from(b).toString("hex");
const bytes = (h) => new Uint8Array(Buffer.from(h, "hex"));
const out = JSON.parse(readFileSync(0, "utf8")).map(([kind, a, b, c]) =>
  kind === "sha" ? hex(sha256(bytes(a)))
  : kind === "hmac" ? hex(hmacSha256(bytes(a), bytes(b)))
  : hex(seatProof(a, bytes(b), bytes(c))));
process.stdout.write(JSON.stringify(out));
"""


def node(cases: list[list]) -> list[str]:
    if NODE is None:
        missing("node")  # a skip here, a failure in CI (TAPETE_BROWSER_TESTS=required)
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT % SHA.as_uri()],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


def test_standard_vectors_and_block_edges():
    assert node([["sha", b"abc".hex()], ["sha", ""]]) == [
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    ]
    # RFC 4231, test case 2
    assert node([["hmac", b"Jefe".hex(), b"what do ya want for nothing?".hex()]]) == [
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    ]
    lengths = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000]
    data = [bytes(i % 251 for i in range(n)) for n in lengths]
    assert node([["sha", d.hex()] for d in data]) == [hashlib.sha256(d).hexdigest() for d in data]
    keys = [b"", b"k", bytes(64), bytes(65), b"x" * 200]
    assert node([["hmac", k.hex(), b"message".hex()] for k in keys]) == [
        hmac.new(k, b"message", hashlib.sha256).hexdigest() for k in keys
    ]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=80),
            st.binary(min_size=32, max_size=32),
            st.binary(min_size=32, max_size=32),
        ),
        min_size=1,
        max_size=8,
    )
)
def test_the_page_proves_a_seat_as_the_host_checks_it(cases):
    got = node([["proof", token, a.hex(), b.hex()] for token, a, b in cases])
    assert got == [seat_proof(token, a, b).hex() for token, a, b in cases]
