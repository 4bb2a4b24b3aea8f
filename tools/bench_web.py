"""Host CPU per action: ten WebSocket seats against ten TCP seats (issue 30, "Figures").

    python3 tools/bench_web.py                    # 5 runs a door, Take 5 at 10 seats
    python3 tools/bench_web.py --runs 7 --seed 3 --rounds 10

One run: a :class:`net.local.LocalHost` with Take 5 at ten open seats (bots' pause off),
its TCP door and its web door on 127.0.0.1; ten clients on another thread (one asyncio
loop) take the ten seats through one door — ``legal: true`` at both doors (a thin
client, as the page is: the host packs the legal lists for both) — and each plays,
whenever its seat is awaited, a choice drawn from its legal list by its own
``random.Random(seed * 100 + seat)``, one action in flight, so both doors play the very
same game. The figure is the CPU time of the host's loop thread (``time.thread_time``
read on that thread: the table, the views, the deltas, their encoding, and the door's
own reading and writing — not the clients') from the first ``hello`` to the ``outcome``,
divided by the actions the table accepted.

One run of each door first warms up (not counted). Runs alternate TCP, WebSocket,
TCP … (the machine is shared: a load change hits both). Prints each door's median and
min–max µs per action, the ratio of the medians (target: WebSocket within 1.5× of TCP),
the ratios of the runs paired as they ran, and ``uptime``'s load before and after. A
benchmark, not a test: nothing asserts on these numbers.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(ROOT))

import aiohttp  # noqa: E402
import msgpack  # noqa: E402

from net.delta import unpack_legal  # noqa: E402
from net.local import LocalHost  # noqa: E402
from net.protocol import PROTOCOL, encode  # noqa: E402

SEATS = 10
#: Seconds one run may take before it is called stuck.
RUN_TIMEOUT = 300.0


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "(uptime unavailable)"


async def _seat(
    door: str, host: LocalHost, url: str, seat: int, seed: int, turn: asyncio.Lock
) -> int:
    """Play ``seat`` through ``door`` ("tcp" or "ws") to the outcome; returns the
    messages received. The seats connect one at a time (``turn``: a connection holds it
    until its ``welcome``): ten connections from one address at once would meet the
    bound on connections that have not said hello (8 an address), at either door."""
    rng = random.Random(seed * 100 + seat)
    unpacker = msgpack.Unpacker(raw=False)
    session = ws = reader = writer = None
    await turn.acquire()
    if door == "ws":
        session = aiohttp.ClientSession()
        ws = await session.ws_connect(url + "ws", origin=url.rstrip("/"))

        async def send(m: dict) -> None:
            await ws.send_bytes(encode(m))

        async def recv() -> dict:
            msg = await ws.receive()
            if msg.type is not aiohttp.WSMsgType.BINARY:
                raise ConnectionError(f"seat {seat}: the link closed ({msg.type})")
            return msgpack.unpackb(msg.data, raw=False)

    else:
        reader, writer = await asyncio.open_connection(*host.address)

        async def send(m: dict) -> None:
            writer.write(encode(m))

        async def recv() -> dict:
            while True:
                for m in unpacker:
                    return m
                data = await reader.read(65536)
                if not data:
                    raise ConnectionError(f"seat {seat}: the link closed")
                unpacker.feed(data)

    received = 0
    try:
        # A thin client's hello (legal lists from the host), as the page's.
        hello = {"type": "hello", "protocol": PROTOCOL, "player": f"P{seat}", "seat": seat}
        await send({**hello, "legal": True})
        awaiting: list[int] = []
        legal: list = []
        pending = False
        while True:
            m = await recv()
            received += 1
            kind = m["type"]
            if kind == "welcome":
                turn.release()
            if kind == "outcome":
                return received
            if kind == "error":
                raise RuntimeError(f"seat {seat}: {m}")
            if kind == "snapshot":
                awaiting, pending = m["view"]["awaiting"], False
                legal = unpack_legal(m.get("legal") or [])
            elif kind == "delta":
                if "aw" in m:
                    awaiting = [s for s in range(63) if m["aw"] >> s & 1]
                elif "awaiting" in (m.get("set") or {}):
                    awaiting = m["set"]["awaiting"]
                if "legal" in m:
                    legal = unpack_legal(m["legal"])
                if m.get("yours"):
                    pending = False
            else:
                continue
            if seat in awaiting and legal and not pending:
                pending = True
                await send({"type": "action", "action": rng.choice(legal)})
    finally:
        if ws is not None:
            await ws.close()
            await session.close()
        if writer is not None:
            writer.close()


def one_run(door: str, seed: int, options: dict) -> tuple[float, int, float]:
    """One game through ``door``: ``(host CPU µs per action, actions, wall seconds)``."""
    host = LocalHost("take5", ["open"] * SEATS, seed, options, bot_delay=0.0)
    host.start()
    try:
        host.listen(0, "127.0.0.1")
        port = host.listen_web(0)
        url = f"http://127.0.0.1:{port}/"

        async def cpu() -> float:
            return time.thread_time()

        result: dict = {}

        def clients() -> None:
            async def main() -> None:
                turn = asyncio.Lock()
                tasks = [_seat(door, host, url, s, seed, turn) for s in range(SEATS)]
                result["received"] = await asyncio.wait_for(asyncio.gather(*tasks), RUN_TIMEOUT)

            try:
                asyncio.run(main())
            except BaseException as exc:  # noqa: BLE001 - reported below
                result["error"] = exc

        before = host.run(cpu())
        t0 = time.perf_counter()
        thread = threading.Thread(target=clients, name="bench-clients")
        thread.start()
        thread.join(RUN_TIMEOUT + 10)
        wall = time.perf_counter() - t0
        after = host.run(cpu())
        if "error" in result:
            raise RuntimeError(f"{door} run failed: {result['error']!r}")
        actions = host.call(lambda t: len(t.actions))
        return (after - before) / actions * 1e6, actions, wall
    finally:
        host.stop()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--runs", type=int, default=5, help="runs a door (default 5)")
    p.add_argument("--seed", type=int, default=1, help="the deal's seed (default 1)")
    p.add_argument("--rounds", type=int, default=5, help="Take 5 rounds a game (default 5)")
    args = p.parse_args(argv)
    options = {"rounds": args.rounds}
    print(f"load before: {uptime()}")
    print(
        f"Take 5, {SEATS} seats, options {options}, seed {args.seed}, thin clients "
        f"(legal: true) at both doors, {args.runs} runs a door, alternating"
    )
    for door in ("tcp", "ws"):  # warm up: imports, caches, the first sockets (not counted)
        one_run(door, args.seed, options)
    figures: dict[str, list[float]] = {"tcp": [], "ws": []}
    actions = {}
    for i in range(args.runs):
        for door in ("tcp", "ws") if i % 2 == 0 else ("ws", "tcp"):
            us, n, wall = one_run(door, args.seed, options)
            figures[door].append(us)
            actions[door] = n
            print(f"  run {i + 1} {door:>3}: {us:8.1f} µs/action  {n} actions  {wall:5.2f} s wall")
    if actions["tcp"] != actions["ws"]:
        print(f"  (the doors played different games: {actions})")
    for door, name in (("tcp", "TCP"), ("ws", "WebSocket")):
        xs = figures[door]
        print(
            f"{name:>10}: median {statistics.median(xs):8.1f} µs/action  "
            f"[{min(xs):.1f} – {max(xs):.1f}]  {len(xs)} runs"
        )
    ratio = statistics.median(figures["ws"]) / statistics.median(figures["tcp"])
    verdict = "ok" if ratio <= 1.5 else "over"
    pairs = [w / t for w, t in zip(figures["ws"], figures["tcp"], strict=True)]
    print(
        f"WebSocket / TCP: {ratio:.2f}×  (target <= 1.5×: {verdict}); run by run: median "
        f"{statistics.median(pairs):.2f}× [{min(pairs):.2f} – {max(pairs):.2f}]"
    )
    print(f"load after: {uptime()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
