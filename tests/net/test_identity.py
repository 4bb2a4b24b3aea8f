"""A kept token goes only to the host that gave it (issue 29, item 1): the table proves
its identity (``challenge`` → ``proof``, :mod:`net.identity`) before a client offers a
seat, and the seat is proven by an HMAC bound to the connection, never by the token.

The attacker of the issue copies a real table's ``table_id`` into its own listing; a
returning player's client finds its kept token by that id. Here the rogue host learns
nothing: no token, no seat proof that works anywhere else."""

from __future__ import annotations

import json
import socket
import threading
import time

import msgpack
import pytest

from net.client import TcpConnection, connect, connection_to
from net.discovery import TableInfo
from net.host import Table
from net.identity import (
    IdentityError,
    TableKey,
    check_proof,
    new_nonce,
    seat_proof,
    seat_proof_matches,
    table_id_of,
)
from net.local import LocalHost
from net.log import TableLog, read_log, resume_table
from net.protocol import PROTOCOL, encode
from net.tokens import TokenStore

WAIT = 20.0


# --------------------------------------------------------------------------- the primitives
def test_the_identity_is_derived_from_the_key_and_survives_the_log_header():
    key = TableKey()
    assert len(key.public) == 32 and key.table_id == table_id_of(key.public)
    assert len(key.table_id) == 32 and int(key.table_id, 16) >= 0
    again = TableKey(key.private_hex)  # as a resumed host reads it from its log
    assert (again.public, again.table_id) == (key.public, key.table_id)
    with pytest.raises(ValueError, match="64 hex digits"):
        TableKey("zz" * 32)
    with pytest.raises(ValueError, match="32 bytes"):
        TableKey(b"short")


def test_a_proof_verifies_only_for_its_challenge_and_its_key():
    key, nonce = TableKey(), new_nonce()
    proof = key.prove(nonce)
    assert check_proof(proof, nonce) == key.table_id
    assert check_proof(proof, nonce, expected=key.table_id) == key.table_id
    with pytest.raises(IdentityError, match="does not verify"):
        check_proof(proof, new_nonce())  # an old proof replayed for a fresh challenge
    with pytest.raises(IdentityError, match="not the table"):
        check_proof(proof, nonce, expected=TableKey().table_id)
    forged = {**proof, "key": TableKey().public}  # a copied identity with another key
    with pytest.raises(IdentityError, match="another identity"):
        check_proof(forged, nonce)
    forged["table_id"] = table_id_of(forged["key"])
    with pytest.raises(IdentityError, match="does not verify"):
        check_proof(forged, nonce)
    for broken in ({**proof, "signature": b"x" * 10}, {**proof, "nonce": None}, "proof"):
        with pytest.raises(IdentityError):
            check_proof(broken, nonce)


def test_a_seat_proof_is_bound_to_both_nonces_and_the_token():
    a, b = new_nonce(), new_nonce()
    proof = seat_proof("tok", a, b)
    assert len(proof) == 32 and seat_proof_matches("tok", proof, a, b)
    assert not seat_proof_matches("tok", proof, b, a)
    assert not seat_proof_matches("other", proof, a, b)
    assert not seat_proof_matches("tok", "not bytes", a, b)


# --------------------------------------------------------------------------- the host's side
class Raw:
    """A raw client socket speaking msgpack (as an attacker writes one from PROTOCOL.md)."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        self.unpacker = msgpack.Unpacker(raw=False)

    def send(self, message: dict) -> None:
        self.sock.sendall(encode(message))

    def read(self) -> dict:
        while True:
            for m in self.unpacker:
                return m
            data = self.sock.recv(65536)
            if not data:
                raise ConnectionError("closed")
            self.unpacker.feed(data)

    def close(self) -> None:
        self.sock.close()


def hello(**fields) -> dict:
    return {"type": "hello", "protocol": PROTOCOL, "player": "Eve", **fields}


@pytest.fixture
def table_host():
    """A Take 5 table that starts when its one open seat is taken (so a seat outlives
    its player's connection: in the lobby, leaving frees it)."""
    host = LocalHost("take5", ["open", "bot", "bot"], 3, takeover_delay=60.0)
    host.start()
    port = host.listen(0, "127.0.0.1")
    yield host, port
    host.stop()


def test_the_host_proves_its_table_and_takes_a_seat_proof_bound_to_the_connection(table_host):
    host, port = table_host
    ana = connect(f"127.0.0.1:{port}", player="Ana")
    try:
        token, table_id = ana.token, host.call(lambda t: t.table_id)
        assert ana.proven_id == table_id == ana.welcome["table_id"]
        raw = Raw(port)
        mine = new_nonce()
        raw.send({"type": "challenge", "nonce": mine})
        proof = raw.read()
        assert check_proof(proof, mine, expected=table_id) == table_id
        raw.send(hello(seat=0, proof=seat_proof(token, mine, proof["nonce"])))
        welcome = raw.read()
        assert (welcome["type"], welcome["seat"], welcome["token"]) == ("welcome", 0, token)
        # The proof just used is worth nothing on another connection.
        other = Raw(port)
        other.send({"type": "challenge", "nonce": mine})  # even with the same nonce
        other.read()
        other.send(hello(seat=0, proof=seat_proof(token, mine, proof["nonce"])))
        refusal = other.read()
        assert (refusal["type"], refusal["code"]) == ("error", "bad-token")
        for r in (raw, other):
            r.close()
    finally:
        ana.close()


@pytest.mark.parametrize(
    "first, code, words",
    [
        ([hello(seat=0, proof=b"p" * 32)], "bad-token", "challenge first"),
        (
            [{"type": "challenge", "nonce": b"n" * 32}, {"type": "challenge", "nonce": b"m" * 32}],
            "bad-message",
            "one challenge per connection",
        ),
        ([{"type": "challenge", "nonce": b"short"}], "bad-message", "32 bytes"),
        ([{"type": "challenge", "nonce": "a" * 32}], "bad-message", "32 bytes"),
        ([hello(proof="not bytes")], "bad-message", "'proof' must be 32 bytes or nil"),
    ],
)
def test_bad_challenges_and_proofs_are_refused_by_name(table_host, first, code, words):
    _host, port = table_host
    raw = Raw(port)
    try:
        for m in first:
            raw.send(m)
        answer = raw.read()
        while answer["type"] == "proof":
            answer = raw.read()
        assert (answer["type"], answer["code"]) == ("error", code)
        assert words in answer["message"]
    finally:
        raw.close()


def test_a_resumed_table_proves_the_same_identity(tmp_path):
    table = Table("take5", ["open", "bot", "bot"], 5)
    path = tmp_path / "t.log"
    TableLog.for_table(str(path), table).close()
    header = json.loads(path.read_text().splitlines()[0])
    assert TableKey(header["table_key"]).table_id == header["table_id"] == table.table_id
    again = resume_table(read_log(str(path)))
    nonce = new_nonce()
    assert check_proof(again.key.prove(nonce), nonce, expected=table.table_id)
    with pytest.raises(ValueError, match="not the identity"):
        Table("take5", ["open", "bot"], 5, table_key=TableKey().private_hex, table_id="ab" * 16)


# --------------------------------------------------------------------------- the rogue host
class Rogue:
    """A stranger's host on the LAN: listens, records every byte a client sends it, and
    either answers a challenge with its own key (``mode="own"``), with the real table's
    public key and a made-up signature (``"copy"``), or relays the whole connection to
    the real host (``"relay"``, a proxy that reads everything)."""

    def __init__(self, mode: str, real_port: int, real_id: str) -> None:
        self.mode, self.real_port, self.real_id = mode, real_port, real_id
        self.key = TableKey()
        self.received = bytearray()
        self.hellos: list[dict] = []
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.port = self.sock.getsockname()[1]
        self.sock.settimeout(0.05)
        self.conns: list[socket.socket] = []
        self.stopping = False
        self.threads = [threading.Thread(target=self._run, daemon=True)]
        self.threads[0].start()

    def _run(self) -> None:
        while not self.stopping:
            try:
                c, _ = self.sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            c.settimeout(None)
            self.conns.append(c)
            target = self._relay if self.mode == "relay" else self._serve
            t = threading.Thread(target=target, args=(c,), daemon=True)
            self.threads.append(t)
            t.start()

    def _record(self, data: bytes, unpacker) -> None:
        self.received += data
        unpacker.feed(data)
        self.hellos += [m for m in unpacker if m.get("type") == "hello"]

    def _serve(self, c: socket.socket) -> None:
        un = msgpack.Unpacker(raw=False)
        while True:
            try:
                data = c.recv(65536)
            except OSError:
                return
            if not data:
                return
            self.received += data
            un.feed(data)
            for m in un:
                if m.get("type") == "challenge":
                    proof = self.key.prove(m["nonce"])
                    if self.mode == "copy":  # claim the real table's identity
                        proof["table_id"] = self.real_id
                    c.sendall(encode(proof))
                elif m.get("type") == "hello":
                    self.hellos.append(m)
                    c.sendall(
                        encode(
                            {
                                "type": "welcome",
                                "protocol": PROTOCOL,
                                "game": "take5",
                                "table_id": self.key.table_id,
                                "seat": 0,
                                "token": "rogue-token",
                                "seats": [],
                                "table": "Anna's table",
                                "started": False,
                            }
                        )
                    )
                    c.sendall(encode({"type": "snapshot", "seq": 0, "view": {}, "started": False}))

    def _relay(self, c: socket.socket) -> None:
        up = socket.create_connection(("127.0.0.1", self.real_port))
        un = msgpack.Unpacker(raw=False)

        def down() -> None:
            while True:
                try:
                    data = up.recv(65536)
                    if not data:
                        break
                    c.sendall(data)
                except OSError:
                    break

        self.conns.append(up)
        t = threading.Thread(target=down, daemon=True)
        self.threads.append(t)
        t.start()
        while True:
            try:
                data = c.recv(65536)
            except OSError:
                break
            if not data:
                break
            self._record(data, un)
            try:
                up.sendall(data)
            except OSError:
                break

    def close(self) -> None:
        self.stopping = True
        for s in [self.sock, *self.conns]:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()
        for t in self.threads:
            t.join(WAIT)


def kept_seat(table_host, tmp_path):
    """Ana takes seat 0 with a token store and leaves it; returns (store, token, table_id)."""
    host, port = table_host
    store = TokenStore(tmp_path / "seats.json")
    ana = connect(f"127.0.0.1:{port}", player="Ana", tokens=store)
    token, table_id = ana.token, ana.welcome["table_id"]
    ana.close()
    assert store.recall(table_id=table_id)["token"] == token
    return store, token, table_id


def listing(port: int, table_id: str) -> TableInfo:
    return TableInfo(
        name="Anna's table",
        game="take5",
        host="127.0.0.1",
        port=port,
        addresses=("127.0.0.1",),
        protocol=PROTOCOL,
        open_seats=1,
        seats=3,
        host_name="anna",
        service="Anna's table._tapete._tcp.local.",
        table_id=table_id,
    )


def wait_answer(conn: TcpConnection) -> list[dict]:
    assert conn.answered.wait(WAIT)
    time.sleep(0.05)
    return conn.poll()


@pytest.mark.parametrize("mode", ["own", "copy"])
def test_a_look_alike_listing_learns_no_token(table_host, tmp_path, mode):
    store, token, table_id = kept_seat(table_host, tmp_path)
    rogue = Rogue(mode, table_host[1], table_id)
    try:
        conn = connection_to(listing(rogue.port, table_id), player="Ana", tokens=store)
        assert conn.recalled is False and conn.token is None  # not recalled before start
        conn.start()
        assert conn.recalled and conn.expected_id == table_id  # found by the copied id
        seen = wait_answer(conn)
        time.sleep(0.1)
        assert token.encode() not in rogue.received
        assert all("token" not in h and "proof" not in h for h in rogue.hellos)
        if mode == "own":  # a real proof of another table: joined it as a new player
            notice = next(m for m in seen if m["type"] == "notice")
            assert (
                notice["event"] == "unproven"
                and "not the table your seat is at" in (notice["message"])
            )
            assert conn.welcome is not None and conn.seat == 0 and conn.token == "rogue-token"
        else:  # a copied identity it cannot sign for: no hello at all
            refusal = next(m for m in seen if m["type"] == "error")
            assert refusal["code"] == "bad-proof" and "did not prove" in refusal["message"]
            assert rogue.hellos == [] and conn.welcome is None
        assert store.recall(table_id=table_id)["token"] == token  # still Ana's
        conn.close()
    finally:
        rogue.close()


def test_a_relaying_rogue_gets_a_proof_it_cannot_use_again(table_host, tmp_path):
    store, token, table_id = kept_seat(table_host, tmp_path)
    host, port = table_host
    rogue = Rogue("relay", port, table_id)
    try:
        conn = connection_to(listing(rogue.port, table_id), player="Ana", tokens=store)
        conn.start()
        wait_answer(conn)
        assert conn.welcome is not None and conn.seat == 0  # through the proxy, her seat
        conn.close()
        assert token.encode() not in rogue.received  # the token itself never travelled
        (captured,) = rogue.hellos
        assert "token" not in captured and len(captured["proof"]) == 32
        # The stranger replays what it saw on its own connection: refused.
        raw = Raw(port)
        raw.send({"type": "challenge", "nonce": new_nonce()})
        raw.read()
        raw.send(dict(captured))
        refusal = raw.read()
        assert (refusal["type"], refusal["code"]) == ("error", "bad-token")
        raw.close()
        assert host.call(lambda t: t.seats[0]["name"]) == "Ana"
    finally:
        rogue.close()
