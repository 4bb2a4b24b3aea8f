"""A hostile host (issue 29, item 3): what a host sends is cleaned and bounded before it
is printed or drawn (net.text: one cleaning for listings, names and a host's messages),
and a log header's name and identity are checked like a ``hello`` on resume.

The fake host is written from net/PROTOCOL.md alone: a raw socket speaking msgpack."""

from __future__ import annotations

import io
import json
import socket
import threading

import msgpack
import pytest

from client.cli import main
from net.client import connect
from net.host import Table
from net.identity import TableKey
from net.local import LocalHost
from net.log import LogError, TableLog, read_log
from net.protocol import PROTOCOL
from net.text import clean, clean_tree, from_host

ESC, BEL = "\x1b", "\x07"
#: Set the window title, clear the screen, home the cursor, red, reverse what follows.
EVIL = f"{ESC}]0;owned{BEL}{ESC}[2J{ESC}[H{ESC}[31mMallory\u202e{BEL}"
#: 60 KB of table name behind a clear-screen (the decoder's string bound is 64 KiB).
BIG = f"{ESC}[2J{ESC}[3J" + "T" * (60 * 1024)


def script() -> list[dict]:
    """What the hostile host says to whoever joins."""
    seats = [
        {"seat": 0, "kind": "remote", "name": EVIL + "x" * 1000, "connected": False},
        {"seat": 1, "kind": "open", "name": BIG, "connected": False},
    ]
    return [
        {
            "type": "welcome",
            "protocol": PROTOCOL,
            "game": "take5",
            "table_id": "a" * 32,
            "seat": None,
            "token": None,
            "seats": seats,
            "table": BIG,
            "started": False,
            "turn_seconds": None,
        },
        {
            "type": "snapshot",
            "seq": 0,
            "view": {
                "game": "take5",
                "seat": None,
                "players": 2,
                "awaiting": [],
                "over": False,
                "lobby": True,
            },
            "started": False,
        },
        {
            "type": "seats",
            "seats": [
                {"seat": 0, "kind": "remote", "name": BEL * 50 + EVIL, "connected": True},
                {"seat": 1, "kind": "bot", "name": BIG, "connected": True},
            ],
        },
        {"type": "notice", "event": "stand-in", "seat": 0, "name": EVIL, "message": BIG},
        {"type": "error", "code": f"{ESC}[2Jslow-down", "message": BEL * 100 + BIG, "rule": EVIL},
        {
            "type": "outcome",
            "outcome": {
                "game": f"{ESC}]0;t{BEL}take5",
                "seed": f"{ESC}[2J1",
                "winners": [0, EVIL],
                "scores": [1, 2, BIG],
                "rounds": BIG,
                "actions": 3,
                "bot_key": BEL + "zz",
            },
        },
    ]


class HostileHost:
    """Accepts connections on 127.0.0.1, reads each one's ``hello``, sends
    :func:`script` and then reads (and drops) whatever comes until the peer hangs up."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.05)
        self.port = self.sock.getsockname()[1]
        self.hellos: list[dict] = []
        self.key = TableKey()
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self._run, daemon=True)]
        self.threads[0].start()

    def _run(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            thread = threading.Thread(target=self._serve, args=(conn,), daemon=True)
            self.threads.append(thread)
            thread.start()

    def _serve(self, conn: socket.socket) -> None:
        unpacker = msgpack.Unpacker(raw=False)
        conn.settimeout(0.05)
        with conn:
            for m in self._read(conn, unpacker):
                if m.get("type") == "challenge":  # it proves a key of its own: any host can
                    conn.sendall(msgpack.packb(self.key.prove(m["nonce"]), use_bin_type=True))
                elif m.get("type") == "hello":
                    self.hellos.append(m)
                    for said in script():
                        if said.get("type") == "welcome":
                            said = {**said, "table_id": self.key.table_id}
                        conn.sendall(msgpack.packb(said, use_bin_type=True))

    def _read(self, conn: socket.socket, unpacker):
        """The messages ``conn`` sends, until it hangs up or the host stops."""
        while not self.stop.is_set():
            try:
                data = conn.recv(65536)
            except TimeoutError:
                continue
            except OSError:
                return
            if not data:
                return
            unpacker.feed(data)
            yield from unpacker

    def close(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(5.0)
        self.sock.close()


@pytest.fixture
def hostile():
    host = HostileHost()
    yield host
    host.close()


def assert_printable(text: str, longest: int) -> None:
    """No byte a terminal acts on (C0 but newline, DEL, C1, bidi controls) and no line
    longer than ``longest`` characters."""
    bidi = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    bad = sorted(
        {hex(ord(c)) for c in text if (c < " " and c != "\n") or "\x7f" <= c <= "\x9f" or c in bidi}
    )
    assert bad == []
    assert max(len(line) for line in text.split("\n")) <= longest


def test_clean_drops_controls_collapses_space_and_bounds_with_an_ellipsis():
    assert clean(EVIL) == "]0;owned[2J[H[31mMallory"
    assert clean("a\tb\r\n\x85c\u00a0\u2028d  ") == "a b c d"
    assert clean(f"{ESC}[2J" + "T" * 100, 10) == "[2JTTTTTT…"
    assert clean(BIG, 40) == "[2J[3J" + "T" * 33 + "…"
    assert clean("\u202eevil\u2066\u200b") == "evil"
    assert clean("می\u200cخواهم 👨\u200d👩") == "می\u200cخواهم 👨\u200d👩"  # joiners stay
    assert clean(b"caf\xc3\xa9\x1b") == "café" and clean(None) == "" and clean(7) == ""
    assert clean("Ana") == "Ana" and clean("x" * 240) == "x" * 240
    tree = {"a": [EVIL, 1, b"\x1b", None], "k" * 100: {"z": 2.5}}
    assert clean_tree(tree) == {"a": [clean(EVIL), 1, b"\x1b", None], "k" * 39 + "…": {"z": 2.5}}
    honest = {"type": "seats", "seats": [{"seat": 0, "name": "Ana", "connected": True}]}
    assert clean_tree(honest) is honest
    assert from_host(honest) == honest


def test_what_a_hostile_host_sends_arrives_cleaned_and_bounded(hostile):
    conn = connect(f"127.0.0.1:{hostile.port}", spectator=True, timeout=10.0)
    try:
        got = {}
        deadline = 100
        while "outcome" not in got and deadline:
            deadline -= 1
            for m in conn.poll():
                got.setdefault(m["type"], m)
            if "outcome" not in got:
                threading.Event().wait(0.05)
    finally:
        conn.close()
    welcome = conn.welcome
    assert welcome["table"] == "[2J[3J" + "T" * 33 + "…"
    assert [s["name"] for s in welcome["seats"]] == [
        "]0;owned[2J[H[31mMallory" + "x" * 7 + "…",
        "[2J[3J" + "T" * 25 + "…",
    ]
    assert got["seats"]["seats"][0]["name"] == "]0;owned[2J[H[31mMallory"
    notice = got["notice"]
    assert (notice["name"], len(notice["message"])) == ("]0;owned[2J[H[31mMallory", 240)
    error = got["error"]
    assert (error["code"], len(error["message"]), error["rule"]) == (
        "[2Jslow-down",
        240,
        "]0;owned[2J[H[31mMallory",
    )
    assert got["outcome"]["outcome"] == {
        "game": "]0;ttake5",
        "seed": None,
        "winners": [0],
        "scores": [1, 2],
        "rounds": None,
        "actions": 3,
        "bot_key": None,
    }
    assert_printable(json.dumps(got, ensure_ascii=False), 2000)


def test_tapete_join_prints_nothing_a_terminal_acts_on(hostile, tmp_path, monkeypatch):
    monkeypatch.setenv("TAPETE_DATA_DIR", str(tmp_path / "data"))
    out, err = io.StringIO(), io.StringIO()
    argv = ["join", f"127.0.0.1:{hostile.port}", "--headless", "--watch", "--timeout", "20"]
    assert main(argv, out=out, err=err) == 0
    assert_printable(out.getvalue() + err.getvalue(), 300)
    assert json.loads(out.getvalue()) == {
        "game": "]0;ttake5",
        "seed": None,
        "winners": [0],
        "scores": [1, 2],
        "rounds": None,
        "actions": 3,
    }
    assert err.getvalue().splitlines()[0] == (
        "tapete join: watching “[2J[3J" + "T" * 33 + "…”; "
        "open seats: 1 (join without --watch to take one)"
    )
    assert hostile.hellos[0]["spectator"] is True


def test_a_table_name_is_cleaned_and_bounded_when_the_table_is_made():
    table = Table("take5", ["open", "bot"], 1, name=f"{ESC}[2JAna's\n\ntable" + "!" * 60)
    assert table.name == "[2JAna's table" + "!" * 25 + "…"
    assert Table("take5", ["open", "bot"], 1, name="Ana's table").name == "Ana's table"


def logged(tmp_path) -> str:
    path = tmp_path / "h.jsonl"
    table = Table("take5", ["open", "bot"], 3, name="Plain")
    TableLog.for_table(path, table).close()
    return str(path)


def with_header(path: str, **fields) -> None:
    lines = open(path, encoding="utf-8").read().split("\n")
    header = json.loads(lines[0])
    header.update(fields)
    lines[0] = json.dumps(header)
    open(path, "w", encoding="utf-8").write("\n".join(lines))


def test_a_resumed_host_takes_its_name_from_the_log_cleaned_and_bounded(tmp_path):
    path = logged(tmp_path)
    with_header(path, name=f"{ESC}]0;pwn{BEL}" + "N" * (100 * 1024))
    assert read_log(path)["name"] == "]0;pwn" + "N" * 33 + "…"
    host = LocalHost.resume(path)
    host.start()
    try:
        conn = host.connect(None)
        welcome = next(m for m in conn.poll() if m["type"] == "welcome")
        assert welcome["table"] == "]0;pwn" + "N" * 33 + "…"
    finally:
        host.stop()


@pytest.mark.parametrize(
    "table_id", ["A" * 32, "a" * 31, "a" * 33, "g" * 32, f"{ESC}[2J" + "a" * 28, "a" * 100_000]
)
def test_a_log_whose_table_id_is_not_32_lowercase_hex_is_refused(tmp_path, table_id):
    path = logged(tmp_path)
    with_header(path, table_id=table_id)
    with pytest.raises(LogError) as caught:
        LocalHost.resume(path)
    text = str(caught.value)
    assert text.startswith(f"{path}, line 1: 'table_id' must be 32 lowercase hex digits, not ")
    assert_printable(text, 200)
    with_header(path, table_id="0123456789abcdef" * 2)
    assert read_log(path)["table_id"] == "0123456789abcdef" * 2
