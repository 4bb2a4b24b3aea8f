"""A hostile client for a running ``tapete host`` (issue 13): replays the attacks and
prints what it tried and what the host refused.

Written from net/PROTOCOL.md alone — plain sockets and msgpack, none of Tapete's own
network code — so it tests the protocol as documented, not as implemented. Run it
against a host with at least two open seats, e.g.::

    tapete host take5 --seats open,open,bot --port 47999 --loopback --no-advertise --no-log &
    python3 tools/hostile.py 127.0.0.1:47999 --pid $!

The attacks, in order:

1. **lobby hop** — take seat 0, read the snapshot, leave; seat 1; seat 0 again: counts
   snapshots that hold any card (``hand`` or other card fields) before the start.
2. **hostile frames** — one fresh connection per frame (and some after a ``hello``):
   wrong ``hello`` types, over-limit length headers, ext types, garbage, deep nesting,
   a 60 KiB message type; records each refusal's code, how long it took and how much of
   what was sent it echoed.
3. **flood** — takes seats 0 and 1 (the game starts), then seat 0 sends a flood of
   actions (pile signals in The Game, else repeats of its first legal action); seat 1
   watches its own stream for gaps. Host RSS (``/proc/PID/status`` VmRSS) before and
   after.
4. **emote flood** — seat 0 comes back with its token (after its action budget has
   refilled) and sends a burst of ``emote`` messages; counts what the witness (seat 1)
   was relayed and how the rest were refused (PROTOCOL.md "Emotes": 3, then one every
   2 s; ``no-emotes`` in The Game).
5. **lock-out** — seat 0's link is gone; strangers hold every slot with silent sockets
   (from several loopback addresses); seat 0 comes back with its token.

Prints one block of figures; ``--json`` prints them as one JSON object.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import socket
import sys
import time

import msgpack

PROTOCOL = 3
WAIT = 10.0


# --------------------------------------------------------------------------- wire
class Conn:
    """One raw TCP connection: ``send`` a map or bytes, ``read`` messages until a
    condition holds, the host hangs up, or ``timeout`` passes."""

    def __init__(self, host: str, port: int, source: str | None = None) -> None:
        self.sock = socket.create_connection(
            (host, port), timeout=WAIT, source_address=(source, 0) if source else None
        )
        self.unpacker = msgpack.Unpacker(raw=False, max_buffer_size=8 * 1024 * 1024)
        self.messages: list[dict] = []
        self.closed = False

    def send(self, message) -> None:
        self.send_bytes(msgpack.packb(message, use_bin_type=True))

    def send_bytes(self, data: bytes) -> None:
        try:
            self.sock.sendall(data)
        except OSError:
            self.closed = True

    def read(self, until=lambda got: False, timeout: float = WAIT) -> list[dict]:
        end = time.monotonic() + timeout
        while not self.closed and not until(self.messages):
            left = end - time.monotonic()
            if left <= 0:
                break
            self.sock.settimeout(min(0.2, left))
            try:
                data = self.sock.recv(1 << 16)
            except socket.timeout:
                continue
            except OSError:
                data = b""
            if not data:
                self.closed = True
                break
            self.unpacker.feed(data)
            self.messages.extend(self.unpacker)
        return self.messages

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


def hello(**fields) -> dict:
    return {"type": "hello", "protocol": PROTOCOL, "player": "Mallory", **fields}


def has(kind: str, started: bool | None = None):
    def test(got: list[dict]) -> bool:
        return any(
            m.get("type") == kind and (started is None or m.get("started") == started) for m in got
        )

    return test


def errors(got: list[dict]) -> list[dict]:
    return [m for m in got if m.get("type") == "error"]


# --------------------------------------------------------------------------- host process
def rss_kib(pid: int | None) -> int | None:
    """VmRSS of ``pid`` in KiB (None when unknown)."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def pid_listening_on(port: int) -> int | None:
    """The process listening on TCP ``port`` (Linux /proc), or None."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table, encoding="ascii") as f:
                next(f)
                for line in f:
                    parts = line.split()
                    if parts[3] == "0A" and int(parts[1].rsplit(":", 1)[1], 16) == port:
                        inodes.add(parts[9])
        except OSError:
            continue
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                link = os.readlink(f"/proc/{pid}/fd/{fd}")
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    return int(pid)
        except OSError:
            continue
    return None


# --------------------------------------------------------------------------- the attacks
CARD_FIELDS = ("hand", "rows", "piles", "deck", "board", "chosen", "trick", "tops", "bank")


def lobby_hop(host: str, port: int, out: dict) -> None:
    seen, snapshots = 0, 0
    for seat in (0, 1, 0):
        c = Conn(host, port)
        c.send(hello(seat=seat))
        got = c.read(has("snapshot"))
        c.close()
        snap = next((m for m in got if m.get("type") == "snapshot"), None)
        if snap is None:
            out["notes"].append(f"lobby hop: seat {seat} gave no snapshot: {errors(got)[-1:]}")
            continue
        snapshots += 1
        view = snap.get("view") or {}
        if snap.get("started"):
            out["notes"].append("lobby hop: the table had already started")
        if any(view.get(k) for k in CARD_FIELDS):
            seen += 1
        time.sleep(0.2)  # let the host free the seat
    out["lobby_snapshots"] = snapshots
    out["lobby_snapshots_with_cards"] = seen


def frames() -> dict[str, tuple[bytes, bool]]:
    """name -> (bytes, after a good hello?)."""
    deep: list = []
    for _ in range(200):
        deep = [deep]
    pk = lambda m: msgpack.packb(m, use_bin_type=True)  # noqa: E731
    return {
        "protocol true": (pk(hello(protocol=True, spectator=True)), False),
        "protocol 2.0": (pk(hello(protocol=2.0, spectator=True)), False),
        "protocol '2'": (pk(hello(protocol="2", spectator=True)), False),
        "protocol 1": (pk(hello(protocol=1, spectator=True)), False),
        "spectator 'false'": (pk(hello(spectator="false")), False),
        "seat as text": (pk(hello(seat="0")), False),
        "token as a number": (pk(hello(token=7, spectator=True)), False),
        "str32 header over 64 KiB": (b"\x82\xa4type\xa5hello\xa1x\xdb\x00\x01\x00\x01", False),
        "bin32 header of 2 GiB": (b"\x82\xa4type\xa5hello\xa1x\xc6\x80\x00\x00\x00", False),
        "array32 of 4 G items": (b"\x82\xa4type\xa5hello\xa1x\xdd\xff\xff\xff\xff", False),
        "ext type": (pk({"type": "hello", "x": msgpack.ExtType(5, b"xx")}), False),
        "garbage 0xc1": (b"\xc1" * 32, False),
        "not a map": (pk([1, 2, 3]), False),
        "deep nesting": (pk({"type": "hello", "x": deep}), False),
        "300 KiB in 60 KiB strings": (
            pk({"type": "hello", **{f"x{i}": "a" * 60000 for i in range(5)}}),
            False,
        ),
        "action before hello": (pk({"type": "action", "action": {}}), False),
        "60 KiB message type": (pk({"type": "x" * 60000}), True),
        "60 KiB action type (spectator)": (
            pk({"type": "action", "action": {"type": "y" * 60000}}),
            True,
        ),
        "second hello": (pk(hello(spectator=True)), True),
        "spectator action": (pk({"type": "action", "action": {"type": "play"}}), True),
        "str32 header after hello": (b"\x82\xa4type\xa6action\xa1x\xdb\x00\x01\x11\x70", True),
        "spectator emote": (pk({"type": "emote", "emote": 0}), True),
    }


def hostile_frames(host: str, port: int, out: dict) -> None:
    codes: collections.Counter = collections.Counter()
    echo, slowest, tried = 0, 0.0, 0
    for name, (data, after) in frames().items():
        c = Conn(host, port)
        start = 0
        if after:
            c.send(hello(spectator=True))
            start = len(c.read(has("snapshot")))
        t0 = time.monotonic()
        c.send_bytes(data)
        tried += 1
        got = c.read(lambda g, s=start: bool(errors(g[s:])), timeout=WAIT)
        took = time.monotonic() - t0
        c.close()
        err = errors(got[start:])
        if not err:
            codes["(no answer)"] += 1
            out["notes"].append(f"frame {name!r}: no answer in {WAIT:g} s")
            continue
        codes[err[0]["code"]] += 1
        slowest = max(slowest, took)
        text = err[0].get("message", "")
        run = max((len(w) for w in text.split()), default=0)
        echo = max(echo, run)
        out["frames"][name] = {"code": err[0]["code"], "seconds": round(took, 3)}
    out["hostile_frames_tried"] = tried
    out["refusals_by_code"] = dict(sorted(codes.items()))
    out["slowest_refusal_s"] = round(slowest, 3)
    out["longest_word_echoed"] = echo


def flood(host: str, port: int, pid: int | None, count: int, rounds: int, out: dict) -> str | None:
    """Seats 0 and 1, then ``rounds`` floods of ``count`` actions from seat 0 (it comes
    back with its token after each close); returns seat 0's token."""
    a, b = Conn(host, port), Conn(host, port)
    a.send(hello(seat=0, player="Flood", legal=True))  # a thin client: sent its legal lists
    a.read(has("welcome"))
    b.send(hello(seat=1, player="Witness"))
    b.read(has("snapshot", True))
    a.read(has("snapshot", True))
    welcome = next((m for m in a.messages if m.get("type") == "welcome"), {})
    token = welcome.get("token")
    snap = [m for m in a.messages if m.get("type") == "snapshot"][-1]
    game = welcome.get("game")
    out["game"] = game
    legal = [  # the compact form (PROTOCOL.md "Legal lists for thin clients")
        {k: g["same"][k] if k in g["same"] else next(row) for k in g["keys"]}
        for g in snap.get("legal") or []
        for row in map(iter, g["rows"])
    ]
    time.sleep(0.5)
    before = rss_kib(pid)
    if game == "the-game":
        piles, values = ("asc1", "asc2", "desc1", "desc2"), ("dont-play", "can-play-well", None)
        actions = [
            {"type": "signal", "pile": piles[i % 4], "signal": values[(i // 4) % 3]}
            for i in range(count)
        ]
    else:
        first = legal[0] if legal else {"type": "nothing"}
        actions = [first] * count
    seq0 = max((m.get("seq", 0) for m in b.messages if m.get("type") in ("snapshot", "delta")))
    data = b"".join(
        msgpack.packb({"type": "action", "action": x}, use_bin_type=True) for x in actions
    )
    codes: collections.Counter = collections.Counter()
    accepted, took, closed, per_round = 0, 0.0, 0, []
    for r in range(rounds):
        if r:
            a = Conn(host, port)
            a.send(hello(token=token, player="Flood"))
            a.read(has("snapshot"))
        t0 = time.monotonic()
        a.send_bytes(data)
        a.read(timeout=WAIT)
        took += time.monotonic() - t0
        closed += a.closed
        codes.update(m["code"] for m in errors(a.messages))
        accepted += sum(1 for m in a.messages if m.get("type") == "delta" and m.get("yours"))
        a.close()
        per_round.append(rss_kib(pid))
    time.sleep(0.5)
    after = rss_kib(pid)
    b.read(timeout=0.5)
    seqs = [m["seq"] for m in b.messages if m.get("type") == "delta"]
    gaps = sum(1 for x, y in zip([seq0] + seqs, seqs, strict=False) if y != x + 1)
    out["flood_rounds"] = rounds
    out["flood_actions_sent"] = count * rounds
    out["flood_actions_accepted"] = accepted
    out["flood_actions_refused"] = sum(codes.values())
    out["flood_actions_unread"] = count * rounds - accepted - sum(codes.values())
    out["flood_refusals_by_code"] = dict(sorted(codes.items()))
    out["flood_connections_closed_by_host"] = closed
    out["flood_seconds"] = round(took, 3)
    out["rss_kib_before_flood"] = before
    out["rss_kib_after_each_round"] = per_round
    out["rss_kib_after_flood"] = after
    out["witness_seq_gaps"] = gaps
    out["witness_errors"] = len(errors(b.messages))
    out["_witness"] = b
    return token


def emote_flood(host: str, port: int, token: str | None, count: int, out: dict) -> None:
    """Seat 0, back with its token once its action budget has refilled (100 at 20 a
    second), sends ``count`` emotes at once; the witness counts the ones relayed."""
    witness = out.get("_witness")
    if token is None or witness is None:
        out["notes"].append("emote flood: no seat to send from")
        return
    for _ in range(5):  # the budget refills; the witness pings (silent 6 s is dead)
        witness.send({"type": "ping"})
        time.sleep(1.1)
    a = Conn(host, port)
    a.send(hello(token=token, player="Flood"))
    a.read(has("snapshot"))
    start = len(a.messages)
    seen = sum(1 for m in witness.read(timeout=0.2) if m.get("type") == "emote")
    pk = msgpack.packb({"type": "emote", "emote": 3}, use_bin_type=True)
    a.send_bytes(pk * count)

    def answered(got: list[dict]) -> bool:
        return sum(1 for m in got[start:] if m.get("type") in ("emote", "error")) >= count

    a.read(answered, timeout=WAIT)
    relayed = sum(1 for m in witness.read(timeout=0.5) if m.get("type") == "emote") - seen
    codes = collections.Counter(m["code"] for m in errors(a.messages[start:]))
    out["emote_flood_sent"] = count
    out["emote_flood_relayed_to_witness"] = relayed
    out["emote_flood_refusals_by_code"] = dict(sorted(codes.items()))
    out["emote_flood_closed_by_host"] = a.closed
    out["emote_flood_witness_closed"] = witness.closed
    a.close()


def lock_out(host: str, port: int, token: str | None, fill: int, out: dict) -> None:
    """Silent sockets from several loopback addresses, then the token holder."""
    if token is None:
        out["notes"].append("lock-out: no token to come back with")
        return
    loopback = host.startswith("127.")
    silent, refused = [], collections.Counter()
    for i in range(fill):
        source = f"127.0.0.{2 + i // 8}" if loopback else None
        try:
            c = Conn(host, port, source)
        except OSError as exc:
            refused[type(exc).__name__] += 1
            continue
        silent.append(c)
    time.sleep(0.3)
    for c in silent:
        c.read(timeout=0.01)
        if c.closed or errors(c.messages):
            refused[(errors(c.messages) or [{"code": "closed"}])[0]["code"]] += 1
    back = Conn(host, port, "127.0.0.250" if loopback else None)
    t0 = time.monotonic()
    back.send(hello(token=token, player="Flood"))
    got = back.read(has("snapshot"))
    took = time.monotonic() - t0
    welcome = next((m for m in got if m.get("type") == "welcome"), None)
    out["lockout_silent_sockets"] = len(silent)
    out["lockout_strangers_refused"] = dict(refused)
    out["lockout_token_holder_back"] = bool(welcome and welcome.get("seat") == 0)
    out["lockout_seconds_to_welcome"] = round(took, 3)
    pushed = sum(1 for c in silent if c.read(timeout=0.01) and errors(c.messages))
    out["lockout_silent_pushed_out"] = pushed
    for c in silent + [back]:
        c.close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Replay issue 13's attacks against a tapete host.")
    p.add_argument("address", help="HOST:PORT of a running tapete host with two open seats")
    p.add_argument("--pid", type=int, default=None, help="the host's process (default: find)")
    p.add_argument("--flood", type=int, default=5000, help="actions in one flood")
    p.add_argument("--rounds", type=int, default=10, help="floods (back with the token)")
    p.add_argument("--emotes", type=int, default=60, help="emotes in the emote flood")
    p.add_argument("--fill", type=int, default=72, help="silent sockets in the lock-out")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    host, _, port_text = args.address.rpartition(":")
    port = int(port_text)
    pid = args.pid or pid_listening_on(port)
    out: dict = {"address": args.address, "pid": pid, "frames": {}, "notes": []}
    out["rss_kib_start"] = rss_kib(pid)
    lobby_hop(host, port, out)
    hostile_frames(host, port, out)
    token = flood(host, port, pid, args.flood, args.rounds, out)
    emote_flood(host, port, token, args.emotes, out)
    lock_out(host, port, token, args.fill, out)
    witness = out.pop("_witness", None)
    if witness is not None:
        witness.read(timeout=0.5)
        seqs = [m["seq"] for m in witness.messages if m.get("type") == "delta"]
        out["witness_seq_gaps_end"] = sum(
            1 for x, y in zip(seqs, seqs[1:], strict=False) if y != x + 1
        )
        witness.close()
    out["rss_kib_end"] = rss_kib(pid)
    out["hostile_frames_total"] = out["hostile_frames_tried"] + out.get("flood_actions_sent", 0)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"host {args.address} (pid {pid}), game {out.get('game')}")
    for key, value in out.items():
        if key not in ("frames", "notes", "address", "pid", "game"):
            print(f"  {key}: {value}")
    for name, f in out["frames"].items():
        print(f"  frame {name}: {f['code']} in {f['seconds']} s")
    for note in out["notes"]:
        print(f"  note: {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Conn", "main", "pid_listening_on", "rss_kib"]
