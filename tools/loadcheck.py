"""Load check for the host (issue 9): one host, remote bot players and spectators in
separate processes over loopback TCP, checking that no message is lost or out of order
and that the host's memory stays flat; then several tables on one host.

    python3 tools/loadcheck.py                       # 10 players + 20 spectators, 4 tables
    python3 tools/loadcheck.py --players 10 --spectators 20 --rounds 11 --tables 4
    python3 tools/loadcheck.py --tables 0 --runs 3                # latency only
    python3 tools/loadcheck.py --tables 0 --runs 3 --spectators 0  # the issue's setup

Phase 1: one Take 5 table with ``--players`` open seats, each taken by its own client
process playing as a normal bot (it sees only its view, like ``tapete join --headless``),
plus ``--spectators`` spectator connections (in processes of 5), ``--rounds`` rounds
(11 rounds at 10 players ≈ 1,100 actions). Phase 2: ``--tables`` tables of 4 players
and 2 spectators on the same host process, played at once.

Every client checks that each ``delta``'s ``seq`` is the previous one + 1 (nothing lost,
nothing out of order) and, at the outcome, sends back a digest of the view it rebuilt
from snapshot + deltas; the host compares it with its own view of that seat. The host's
resident memory (``/proc/self/status`` VmRSS) is sampled every 100 actions (the host
keeps each action for its replay record: about 0.4 KiB an action). Prints the
figures; exit 1 if any check fails. Figures are from a shared, noisy machine.

Phase 1 also times every action a player sent (issue 18), on one monotonic clock for
every process of the machine, from its message reaching the host (the table's
``receive``) to:

* ``host done``: the host has handed every connection's delta to the kernel (its
  ``receive`` returned);
* ``received``: the delta is decoded on the client's network thread, at every player;
* ``updated`` (the headline): the delta is applied to the client's mirrored view (the
  :class:`net.mirror.ViewMirror` of :func:`net.botplayer.play_remote`), at every player
  — and at every connection, spectators too;

and, from the acting player's bot handing the action to its connection (one step
earlier: its send and the host's read), to ``updated`` at every player.

p50, p99 and max in ms, per run and as the median over ``--runs``. Every client is a
full bot client (its own network thread and mirror; players decide with a normal bot)
on the same cores as the host, so on a 2-core machine the figures are mostly the
scheduling of ``--players`` + ``--spectators`` / 5 processes. ``--spectators 0`` is
the issue's configuration (10 clients, nothing else); ``--one-process`` puts every
player's connection in one client process instead of one process each (a separate,
labelled figure: fewer processes to schedule, one interpreter lock).

What this is not (issue 18): a LAN table's players each have their own machine; here
the host and every client share the same cores, and every client is a bot that decides
at once, so after each reveal all ``--players`` bots wake and decide together and
their ten actions, each fanned out to every client, queue behind one another on the
cores. ``--trace`` shows where the slow actions are (by kind: a reveal, the first
three actions after one, a row choice, the game's first turn, the rest of a turn),
the slowest 1% against the faster half, and every garbage collection of the host and
of the players' processes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(ROOT))

#: Seconds a whole phase may take before it is called a failure.
PHASE_TIMEOUT = 600.0


def view_digest(view: dict) -> str:
    """A short digest of a view (canonical JSON)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def rss_kib() -> int:
    """This process's resident memory in KiB (Linux), 0 where unknown."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


# --------------------------------------------------------------------------- client side
def watch(target: str, seat: int | None, timeout: float) -> dict:
    """One connection: play ``seat`` as a normal bot (None = spectate) until the outcome;
    returns its figures."""
    from net.botplayer import play_remote
    from net.client import connect

    conn = connect(target, player=f"load {seat}", seat=seat, spectator=seat is None)
    # seq -> when its delta was decoded on the network thread / applied to the mirror
    # (CLOCK_MONOTONIC, one clock for every process of the machine).
    received: dict[int, float] = {}
    updated: dict[int, float] = {}
    deliver = conn._deliver

    def timed(message: dict) -> None:  # on the network thread, as the delta is decoded
        if message.get("type") == "delta":
            received[message["seq"]] = time.monotonic()
        deliver(message)

    def applied(message: dict, mirror) -> None:  # once the mirror has taken the message
        if message.get("type") == "delta":
            updated[message["seq"]] = time.monotonic()
            if message.get("yours") and sending:  # the seq this seat's action became
                acted[message["seq"]] = sending.pop()

    # seq of this seat's own action -> when the bot handed it to the connection (the
    # bot sends one action, then waits for its answer: the yours delta or an error).
    acted: dict[int, float] = {}
    sending: list[float] = []
    send = conn.send

    def timed_send(message: dict) -> None:
        if message.get("type") == "action":
            sending[:] = [time.monotonic()]
        send(message)

    conn._deliver = timed
    conn.send = timed_send
    try:
        run = play_remote(
            conn, None if seat is None else "normal", timeout=timeout, on_message=applied
        )
    finally:
        conn.close()
    mirror = run.mirror
    return {
        "seat": seat,
        "deltas": run.deltas,
        "gaps": mirror.gaps,
        "errors": run.errors,
        "drops": run.drops,
        "sent": run.sent,
        "seq": mirror.seq if mirror.view is not None else None,
        "digest": view_digest(mirror.view) if mirror.view else None,
        "over": run.outcome is not None,
        "received": received,
        "updated": updated,
        "acted": acted,
    }


def client_main(target: str, seats: list[int | None], timeout: float, trace: bool = False) -> None:
    """Run one connection per entry of ``seats`` on threads; print one JSON line each,
    then ``{"cpu": seconds}``: this process's CPU time from its first connection on.

    Everything a client loads is loaded before it connects (the modules, a bot of the
    game: its first use imports the bots' modules), as a real client has done long
    before a game starts: the last seat's hello starts the game at once, and the first
    deltas must not time this process's start-up."""
    import engine
    import net.botplayer  # noqa: F401 - before the game (see above)
    import net.client  # noqa: F401

    engine.get_bot("take5", "normal", 0).choose(
        engine.get_game("take5").view(engine.get_game("take5").setup(10, 0, {}), 0)
    )
    traced = start_trace() if trace else None
    cpu0 = time.process_time()
    results: list[dict] = []
    lock = threading.Lock()

    def run(seat):
        try:
            r = watch(target, seat, timeout)
        except Exception as exc:  # noqa: BLE001 - reported to the checker
            r = {"seat": seat, "failed": repr(exc)}
        with lock:
            results.append(r)

    threads = [threading.Thread(target=run, args=(s,)) for s in seats]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results:
        print(json.dumps(r), flush=True)
    print(json.dumps({"cpu": time.process_time() - cpu0, "trace": traced}), flush=True)


def start_trace() -> dict:
    """Record this process's garbage collections (``[start, seconds, generation]``) and
    its bots' decisions (``[start, end]``) on CLOCK_MONOTONIC (``--trace``)."""
    import gc

    import engine

    out: dict = {"gc": [], "decide": [], "pid": os.getpid()}
    began = [0.0]

    def on_gc(phase: str, info: dict) -> None:
        if phase == "start":
            began[0] = time.monotonic()
        else:
            out["gc"].append([began[0], time.monotonic() - began[0], info["generation"]])

    gc.callbacks.append(on_gc)
    get_bot = engine.get_bot

    def traced_bot(*args, **kw):
        bot = get_bot(*args, **kw)
        choose = bot.choose

        def timed(*a, **k):
            t = time.monotonic()
            try:
                return choose(*a, **k)
            finally:
                out["decide"].append([t, time.monotonic()])

        bot.choose = timed
        return bot

    engine.get_bot = traced_bot
    return out


# --------------------------------------------------------------------------- host side
def spawn(
    target: str, seats: list[int | None], timeout: float, trace: bool = False
) -> subprocess.Popen:
    words = ",".join("s" if s is None else str(s) for s in seats)
    return subprocess.Popen(
        [
            sys.executable,
            str(Path(__file__).resolve()),
            "--client",
            target,
            "--as",
            words,
            "--timeout",
            str(timeout),
            *(["--trace"] if trace else []),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )


class Hosted:
    """One table on this process's host: LocalHost over TCP, its log in ``folder``."""

    def __init__(
        self, players: int, rounds: int, seed: int, folder: str, shared: dict, trace: bool = False
    ) -> None:
        from net.local import LocalHost

        self.host = LocalHost(
            "take5",
            ["open"] * players,
            seed,
            {"rounds": rounds},
            bot_delay=0.0,
            takeover_delay=3600.0,
            log=os.path.join(folder, f"table-{seed}.jsonl"),
        )
        self.host.start()
        port = self.host.listen(0, "127.0.0.1")
        self.target = f"127.0.0.1:{port}"
        # When each accepted action's message reached the host, and when the host had
        # handed every delta to the kernel (seq -> CLOCK_MONOTONIC).
        self.accepted: dict[int, float] = {}
        self.done: dict[int, float] = {}
        table = self.host.table
        receive = table.receive

        self.cpu: list[float] = []  # host thread CPU seconds per accepted action
        self.cpu_of: dict[int, float] = {}  # the same by seq

        def timed_receive(client, message):
            t0, c0 = time.monotonic(), time.thread_time()
            n = len(table.actions)
            out = receive(client, message)
            if len(table.actions) > n:
                self.done[len(table.actions)] = time.monotonic()
                self.cpu.append(time.thread_time() - c0)
                self.cpu_of[len(table.actions)] = self.cpu[-1]
                self.accepted[len(table.actions)] = t0
            return out

        table.receive = timed_receive
        # --trace: seq -> [action type, events, largest delta in bytes]
        self.detail: dict[int, list] = {}
        if trace:
            deltas = table._deltas

            def traced(old_state, events, by):
                out = deltas(old_state, events, by)
                seat, action = table.actions[-1]
                kind = action.get("type") if isinstance(action, dict) else "?"
                big = max((len(m.wire) for _, m in out if hasattr(m, "wire")), default=0)
                self.detail[len(table.actions)] = [kind, len(events), big]
                return out

            table._deltas = traced
        inner = table.on_action

        def on_action(seat, action):  # after the log line; the sampling is cheap
            if inner is not None:
                inner(seat, action)
            with shared["lock"]:  # actions over every table of this host
                shared["n"] += 1
                if shared["n"] % 100 == 0:
                    shared["samples"].append((shared["n"], rss_kib()))

        table.on_action = on_action

    def expected(self) -> dict:
        """The host's own digest of each seat's view (and the public one)."""

        def digests(t):
            out = {str(s): view_digest(t.view(s)) for s in range(len(t.seats))}
            out["s"] = view_digest(t.view(None))
            return out

        return self.host.call(digests)


def collect(procs: list[subprocess.Popen], timeout: float) -> tuple[list[dict], list[str]]:
    results, problems = [], []
    for p in procs:
        try:
            out, err = p.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
            problems.append("a client process timed out")
        for line in out.splitlines():
            try:
                results.append(json.loads(line))
            except json.JSONDecodeError:
                problems.append(f"client said: {line[:200]}")
        if p.returncode:
            problems.append(f"client exited {p.returncode}: {err.strip()[-300:]}")
    return results, problems


def check(hosted: Hosted, results: list[dict]) -> list[str]:
    """Problems found in one table's client figures."""
    problems = []
    expected = hosted.expected()
    actions = hosted.host.call(lambda t: len(t.actions))
    for r in results:
        who = "spectator" if r.get("seat") is None else f"seat {r['seat']}"
        if "failed" in r:
            problems.append(f"{who}: {r['failed']}")
            continue
        if r["gaps"] or r["drops"] or not r["over"]:
            problems.append(f"{who}: gaps {r['gaps']}, drops {r['drops']}, over {r['over']}")
        if r["seq"] != actions:
            problems.append(f"{who}: last seq {r['seq']} but the host took {actions} actions")
        key = "s" if r["seat"] is None else str(r["seat"])
        if r["digest"] != expected[key]:
            problems.append(f"{who}: its rebuilt view differs from the host's")
    return problems


def run_table_phase(
    tables: int,
    players: int,
    spectators: int,
    rounds: int,
    per_process: int,
    folder: str,
    one_process: bool = False,
    trace: bool = False,
) -> dict:
    """Host ``tables`` tables at once on this process; returns the figures. One table:
    one process per player, unless ``one_process``; several: one process per table's
    players. ``trace``: every process records its garbage collections and bots'
    decisions, and the figures hold ``tail`` (:func:`tail_report`)."""
    shared = {"n": 0, "samples": [], "lock": threading.Lock()}
    folder = tempfile.mkdtemp(prefix=f"{tables}-tables-", dir=folder)  # a log per table
    hosted = [Hosted(players, rounds, 1000 + i, folder, shared, trace) for i in range(tables)]
    host_trace = start_trace() if trace else None
    procs: list[tuple[int, subprocess.Popen]] = []
    t0 = time.perf_counter()
    rss0 = rss_kib()
    try:
        for i, h in enumerate(hosted):  # spectators first: they watch from the lobby
            left = spectators
            while left > 0:
                k = min(per_process, left)
                procs.append((i, spawn(h.target, [None] * k, PHASE_TIMEOUT)))
                left -= k
        end = time.monotonic() + 120
        while time.monotonic() < end and any(
            h.host.call(lambda t: len(t.clients)) < spectators for h in hosted
        ):
            time.sleep(0.05)
        for i, h in enumerate(hosted):
            if tables == 1 and not one_process:  # one process per player
                procs.extend(
                    (i, spawn(h.target, [s], PHASE_TIMEOUT, trace)) for s in range(players)
                )
            else:  # several tables: one process plays all of a table's seats
                procs.append((i, spawn(h.target, list(range(players)), PHASE_TIMEOUT, trace)))
        for h in hosted:
            if not h.host.over.wait(PHASE_TIMEOUT):
                raise RuntimeError("a table did not finish in time")
        elapsed = time.perf_counter() - t0
        problems: list[str] = []
        per_table: list[list[dict]] = [[] for _ in hosted]
        client_cpu = 0.0
        for i, p in procs:
            res, probs = collect([p], 60.0)
            client_cpu += sum(r["cpu"] for r in res if "cpu" in r and "seat" not in r)
            traced = next((r.get("trace") for r in res if "cpu" in r and "seat" not in r), None)
            for r in res:
                r["trace"] = traced
            per_table[i].extend(r for r in res if "seat" in r)
            problems.extend(probs)
        for h, res in zip(hosted, per_table, strict=True):
            problems.extend(check(h, res))
        actions = [h.host.call(lambda t: len(t.actions)) for h in hosted]
        lat: dict[str, list[float]] = {}
        for h, res in zip(hosted, per_table, strict=True):
            for k, v in latencies(h, res).items():
                lat.setdefault(k, []).extend(v)
        deltas = sum(r.get("deltas", 0) for res in per_table for r in res)
        samples = shared["samples"]
        tail = tail_report(hosted[0], per_table[0], host_trace) if trace else []
    finally:
        for h in hosted:
            h.host.stop()
    return {
        "tables": tables,
        "players": players,
        "spectators": spectators,
        "processes": len(procs),
        "actions": actions,
        "seconds": round(elapsed, 2),
        "actions_per_s": round(sum(actions) / elapsed, 1),
        "deltas_received": deltas,
        "rss_kib_start": rss0,
        "rss_kib_samples": samples,
        "problems": problems,
        "latency_ms": lat,
        "host_cpu_ms": [1000 * c for h in hosted for c in h.cpu],
        "client_cpu_ms_per_delta": 1000 * client_cpu / max(1, deltas),
        "tail": tail,
    }


def _overlaps(spans: list, t0: float, t1: float) -> float:
    """Seconds of ``[start, end]`` spans that fall inside ``[t0, t1]``."""
    return sum(max(0.0, min(b, t1) - max(a, t0)) for a, b in spans)


def action_kind(seq: int, detail: dict[int, list], first_turn: int) -> str:
    """Which kind of Take 5 action ``seq`` is, for :func:`tail_report`: ``row choice``,
    ``reveal`` (the last card of a turn: it reveals and resolves), ``first turn`` (the
    game's first ``first_turn`` actions), ``1-3 after a reveal`` (every seat's bot
    wakes to decide at once) or ``later in the turn``."""
    kind, events, _ = detail.get(seq, ["?", 0, 0])
    if kind == "take-row":
        return "row choice"
    if events > 1:
        return "reveal"
    if seq <= first_turn:
        return "first turn"
    last = max((s for s in detail if s < seq and detail[s][1] > 1), default=0)
    return "1-3 after a reveal" if seq - last <= 3 else "later in the turn"


def tail_report(hosted: Hosted, results: list[dict], host_trace: dict | None) -> list[str]:
    """Lines on where the slow actions (``updated`` at every player) are (``--trace``):
    per kind of action (:func:`action_kind`) its count, p50, p90 and how many of the
    slowest 1% it holds; the slowest 1% against the faster half (host CPU, host done,
    events, largest delta, garbage collections of the host and of the last player's
    process, bots deciding in the window from the host's receive to the last player's
    update); and every garbage collection of the run."""
    players = [r for r in results if r.get("seat") is not None and "updated" in r]
    first_turn = len(players)
    rows = []
    for seq, t0 in hosted.accepted.items():
        key = str(seq)
        mine = [(r["updated"].get(key), r) for r in players]
        if not mine or any(t is None for t, _ in mine):
            continue
        t1, last = max(mine, key=lambda x: x[0])
        tr = last.get("trace") or {"gc": [], "decide": []}
        gc_host = [g for g in (host_trace or {}).get("gc", []) if t0 <= g[0] <= t1]
        rows.append(
            {
                "ms": 1000 * (t1 - t0),
                "host": 1000 * (hosted.done[seq] - t0),
                "cpu": 1000 * hosted.cpu_of.get(seq, 0.0),
                "kind": action_kind(seq, hosted.detail, first_turn),
                "events": hosted.detail.get(seq, [0, 0, 0])[1],
                "bytes": hosted.detail.get(seq, [0, 0, 0])[2],
                "gc_last": 1000 * sum(g[1] for g in tr["gc"] if t0 <= g[0] <= t1),
                "gc_host": 1000 * sum(g[1] for g in gc_host),
                "deciding": 1000
                * sum(
                    _overlaps([tuple(d) for d in (r.get("trace") or {}).get("decide", [])], t0, t1)
                    for r in players
                ),
            }
        )
    if not rows:
        return []
    rows.sort(key=lambda r: r["ms"])
    k = max(1, len(rows) // 100)
    tail, body = rows[-k:], rows[: len(rows) // 2]
    out = [f"where the slow actions are (updated at every player; slowest 1%: {k} actions):"]
    kinds: dict[str, list[float]] = {}
    for r in rows:
        kinds.setdefault(r["kind"], []).append(r["ms"])
    for kind, ms in sorted(kinds.items(), key=lambda x: -len(x[1])):
        ms.sort()
        slow = sum(1 for r in tail if r["kind"] == kind)
        out.append(
            f"    {kind}: {len(ms)} actions, p50 {ms[len(ms) // 2]:.2f} ms, p90 "
            f"{ms[int(0.9 * len(ms))]:.2f} ms; {slow} of the slowest"
        )

    def mean(xs, f):
        return statistics.mean(f(x) for x in xs) if xs else 0.0

    out.append("  the slowest 1% vs the faster half (means):")
    for words, f in [
        ("updated at every player, ms", lambda r: r["ms"]),
        ("host done, ms", lambda r: r["host"]),
        ("host CPU, ms", lambda r: r["cpu"]),
        ("events", lambda r: r["events"]),
        ("largest delta, bytes", lambda r: r["bytes"]),
        ("garbage collection in the host, ms", lambda r: r["gc_host"]),
        ("garbage collection in the last player's process, ms", lambda r: r["gc_last"]),
        ("bots deciding, summed over the players, ms", lambda r: r["deciding"]),
    ]:
        out.append(f"    {words}: {mean(tail, f):.2f} vs {mean(body, f):.2f}")
    for who, gcs in [
        ("the host process", (host_trace or {}).get("gc", [])),
        (
            "the players' processes",
            [g for r in players for g in (r.get("trace") or {}).get("gc", [])],
        ),
    ]:
        gens = [sum(1 for g in gcs if g[2] == n) for n in range(3)]
        top = 1000 * max((g[1] for g in gcs), default=0.0)
        out.append(
            f"  garbage collections in {who}: {gens[0]} / {gens[1]} / {gens[2]} (generation "
            f"0 / 1 / 2), {1000 * sum(g[1] for g in gcs):.1f} ms in all, longest {top:.2f} ms"
        )
    return out


#: The latency figures of phase 1: key -> what is timed (from the host's receive).
FIGURES = {
    "host": "host done (every delta handed to the kernel)",
    "received": "received (decoded) at every player",
    "updated": "updated (applied to the mirror) at every player",
    "all": "updated at every connection, spectators too",
    "sent": "updated at every player, from the acting bot's send (not the host's receive)",
}


def latencies(hosted: Hosted, results: list[dict]) -> dict[str, list[float]]:
    """Milliseconds from an accepted action's message reaching the host to each point of
    :data:`FIGURES`, per action a player sent (bots the host runs itself act without a
    message and are left out); an action some connection never saw is left out."""
    players = [r for r in results if r.get("seat") is not None and "updated" in r]
    watchers = [r for r in results if r.get("seat") is None and "updated" in r]
    out: dict[str, list[float]] = {k: [] for k in FIGURES}
    for seq, t0 in hosted.accepted.items():
        key = str(seq)  # JSON object keys
        out["host"].append(1000 * (hosted.done[seq] - t0))
        got = [r["received"].get(key) for r in players]
        if got and None not in got:
            out["received"].append(1000 * (max(got) - t0))
        mine = [r["updated"].get(key) for r in players]
        if not mine or None in mine:
            continue
        out["updated"].append(1000 * (max(mine) - t0))
        sent = next((r["acted"][key] for r in players if key in r.get("acted", {})), None)
        if sent is not None:
            out["sent"].append(1000 * (max(mine) - sent))
        theirs = [r["updated"].get(key) for r in watchers]
        if None not in theirs:
            out["all"].append(1000 * (max(mine + theirs) - t0))
    return out


def percentiles(ms: list[float]) -> tuple[float, float, float] | None:
    """``(p50, p99, max)`` of a list of milliseconds (None when empty); p99 is the
    value at rank ``floor(0.99 n)`` of the sorted list."""
    if not ms:
        return None
    xs = sorted(ms)
    return statistics.median(xs), xs[min(len(xs) - 1, int(0.99 * len(xs)))], xs[-1]


def spread(ms: list[float]) -> str:
    """``p50 / p99 / max`` of a list of milliseconds."""
    got = percentiles(ms)
    if got is None:
        return "no samples"
    return "p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms".format(*got)


def load() -> str:
    """The 1-, 5- and 15-minute load averages (``uptime``)."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def memory_growth(samples: list[tuple[int, int]]) -> str:
    """RSS change from the first to the last sample, with the per-100-action slope."""
    if len(samples) < 2:
        return "too few samples"
    (a0, r0), (a1, r1) = samples[0], samples[-1]
    slope = (r1 - r0) / max(1, (a1 - a0)) * 100
    return (
        f"{r0 / 1024:.1f} MiB at action {a0} → {r1 / 1024:.1f} MiB at action {a1} "
        f"({slope:+.1f} KiB per 100 actions)"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=10)
    p.add_argument("--spectators", type=int, default=20)
    p.add_argument("--rounds", type=int, default=11, help="Take 5 rounds (phase 1)")
    p.add_argument("--tables", type=int, default=4, help="tables in phase 2 (0: skip)")
    p.add_argument("--runs", type=int, default=1, help="phase 1 runs (latency: median)")
    p.add_argument(
        "--one-process",
        action="store_true",
        help="phase 1: every player's connection in one client process (a labelled figure)",
    )
    p.add_argument(
        "--trace",
        action="store_true",
        help="phase 1: record garbage collections and bots' decisions in every process "
        "and print what the slowest actions had in common",
    )
    p.add_argument("--client", default=None, help=argparse.SUPPRESS)
    p.add_argument("--as", dest="seats", default="", help=argparse.SUPPRESS)
    p.add_argument("--timeout", type=float, default=PHASE_TIMEOUT, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.client:
        seats = [None if w == "s" else int(w) for w in args.seats.split(",")]
        client_main(args.client, seats, args.timeout, args.trace)
        return 0
    folder = tempfile.mkdtemp(prefix="tapete-loadcheck-")
    # Every spectator of this check comes from 127.0.0.1; the per-address limit (issue
    # 13: a stranger may not fill the watchers) would refuse all but 8 of them.
    from net import server

    server.MAX_SPECTATORS_PER_ADDRESS = server.MAX_SPECTATORS
    ok = True
    where = "in one process" if args.one_process else "one process each"
    print(
        f"One table: {args.players} bot players ({where}) + {args.spectators} spectators "
        f"(in processes of 5), Take 5, {args.rounds} rounds; {args.runs} run(s); "
        f"load {load()}"
    )
    figures: dict[str, list[tuple[float, float, float]]] = {k: [] for k in FIGURES}
    for n in range(1, args.runs + 1):
        one = run_table_phase(
            1, args.players, args.spectators, args.rounds, 5, folder, args.one_process, args.trace
        )
        print(
            f" run {n}: {one['processes']} client processes; {one['actions'][0]} actions in "
            f"{one['seconds']} s ({one['actions_per_s']} actions/s); "
            + (
                f"{one['deltas_received']} deltas received, in order, none lost"
                if not one["problems"]
                else "PROBLEMS:"
            )
        )
        for prob in one["problems"][:20]:
            print("   -", prob)
        print(f"  host memory: {memory_growth(one['rss_kib_samples'])}")
        lat = one["latency_ms"]
        print(f"  from an action reaching the host ({len(lat['updated'])} actions timed) to")
        for key, words in FIGURES.items():
            if key == "all" and not args.spectators:
                continue
            print(f"    {words}: {spread(lat[key])}")
            got = percentiles(lat[key])
            if got is not None:
                figures[key].append(got)
        hc = percentiles(one["host_cpu_ms"]) or (0.0, 0.0, 0.0)
        mean = statistics.mean(one["host_cpu_ms"] or [0.0])
        print(
            f"  CPU: the host {mean:.3f} ms per action (mean; p99 {hc[1]:.3f}; its thread, "
            f"receive to every delta sent); the clients "
            f"{one['client_cpu_ms_per_delta']:.3f} ms per delta received (their processes, "
            "bots' decisions included)"
        )
        for line in one["tail"]:
            print("  " + line)
        print(f"  load {load()}")
        ok = ok and not one["problems"] and one["actions"][0] >= 1000
    if args.runs > 1:
        print(f" median of the {args.runs} runs' p50 / p99 / max (target p99 <= 5 ms, issue 18):")
        for key, words in FIGURES.items():
            runs = figures[key]
            if runs:
                p50, p99, top = (statistics.median(r[i] for r in runs) for i in range(3))
                lo, hi = min(r[1] for r in runs), max(r[1] for r in runs)
                print(
                    f"    {words}: p50 {p50:.2f} ms, p99 {p99:.2f} ms "
                    f"[{lo:.2f}–{hi:.2f}], max {top:.2f} ms"
                )
    if args.tables:
        many = run_table_phase(args.tables, 4, 2, 6, 2, folder)
        print(
            f"{args.tables} tables on one host, 4 bot players + 2 spectators each "
            f"({many['processes']} client processes), Take 5, 6 rounds"
        )
        print(
            f"  actions {many['actions']} in {many['seconds']} s ({many['actions_per_s']} "
            f"actions/s over all tables); {many['deltas_received']} deltas received"
            + ("" if many["problems"] else ", in order, none lost")
        )
        for prob in many["problems"][:20]:
            print("   -", prob)
        print(f"  host memory (actions over all tables): {memory_growth(many['rss_kib_samples'])}")
        ok = ok and not many["problems"]
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
