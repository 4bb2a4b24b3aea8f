"""A LAN party in network namespaces (issue 14): several "laptops" on one switch, a
full game across them with a drop, a pulled link and a host kill, timed.

    sudo python3 tools/lanlab.py                 # everything, prints the figures
    sudo python3 tools/lanlab.py --runs 10       # discovery measured over 10 host starts
    sudo python3 tools/lanlab.py --keep          # leave the namespaces up (ip netns list)

Needs root (``ip netns``, veth pairs, a bridge) and the ``ip`` tool. Builds a switch
namespace ``tl-sw`` with a bridge, and one namespace per laptop — ``tl-host``, ``tl-c1``
… ``tl-c3`` and ``tl-watch`` — each with an ``eth0`` on the switch (10.77.0.0/24) and a
multicast route, so zeroconf works between them as on a real LAN. Every laptop has its
own data folder (``$TAPETE_DATA_DIR``), so seat tokens are kept per laptop.

Phases (each prints its figures; exit 1 if a check fails):

1. **Discovery** — ``--runs`` times: ``tapete host`` starts in ``tl-host``; a browser
   already running in ``tl-watch`` lists it (time from the host's start); SIGTERM;
   the browser drops it (time from the signal). Then once with SIGKILL (no goodbye):
   the browser's liveness check drops the ghost.
2. **The game** — a Take 5 table, three remote players (``tapete join --headless`` in
   ``tl-c1..3``, thinking ``--think`` s a move) and a spectator (``tl-watch``).
   * *Drop*: ``tl-c1``'s client is killed (SIGKILL) and started again with the same
     command: it must be back in its seat with no typing (time to "back in seat").
   * *Pulled link*: ``tl-c2``'s cable is pulled (``ip link set … down`` on the switch
     side): time until the spectator sees the seat away, and until a stand-in plays it
     (``--takeover``); the cable goes back in and the client returns on its own (time
     from the link up to its seat back).
   * The game ends: every player and the spectator print the host's outcome line.
3. **Host kill** — a host is SIGTERMed mid-game: time until the browser drops it.
4. **The party** (issue 32: what a party sees) — every laptop has a default route (to
   a router ``tl-router`` that forwards nothing, as a home router drops what it cannot
   route), the host laptop has a Docker-like bridge (``docker0``, 172.17.0.1/16, a
   container's veth in it), and a neighbour ``tl-ghost`` answers discovery for a table
   of its own but no TCP. Timed: the table listed in a running browser; ``tapete tables
   --timeout 0.5`` and ``--timeout 1`` hit rates; joining by each printed ``Join with``
   address, and joining a listing whose first address is the bridge's (an older host's);
   an idle player (SIGSTOP) → away → a stand-in, with the default takeover; a
   SIGTERM mid-game → every player waits → ``tapete host --log … --resume`` → each
   player back in its seat; the same outcome line at every laptop.

``--prefix`` names the namespaces (default ``tl``), so two labs can run side by side.

CI does not run this (it needs root and namespaces); the loopback tests in
``tests/net`` cover the same code paths.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUBNET = "10.77.0"
SWITCH = "tl-sw"
LAPTOPS = {"tl-host": 10, "tl-c1": 11, "tl-c2": 12, "tl-c3": 13, "tl-watch": 20}
#: The party's extra machines (phase 4): a router that forwards nothing, a neighbour
#: that answers discovery but not TCP.
ROUTER, GHOST = "tl-router", "tl-ghost"
EXTRA = {ROUTER: 1, GHOST: 30}
PORT = 47470
BRIDGE = "172.17.0.1"  # Docker's default bridge address


def use_prefix(prefix: str) -> None:
    """Name every namespace ``PREFIX-…`` (two labs side by side)."""
    global SWITCH, LAPTOPS, ROUTER, GHOST, EXTRA
    SWITCH = f"{prefix}-sw"
    LAPTOPS = {f"{prefix}-{k[3:]}": v for k, v in LAPTOPS.items()}
    ROUTER, GHOST = f"{prefix}-router", f"{prefix}-ghost"
    EXTRA = {ROUTER: 1, GHOST: 30}


def ns(short: str) -> str:
    """The namespace of laptop ``short`` (``host``, ``c1`` …, ``watch``)."""
    return next(n for n in LAPTOPS if n.endswith("-" + short))


def sh(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(args, check=check, capture_output=True, text=True)


# --------------------------------------------------------------------------- the network
def build() -> None:
    """The switch namespace with a bridge, and one namespace per laptop on it."""
    teardown()
    sh("ip", "netns", "add", SWITCH)
    sh("ip", "-n", SWITCH, "link", "add", "br0", "type", "bridge")
    sh("ip", "-n", SWITCH, "link", "set", "br0", "up")
    sh("ip", "-n", SWITCH, "link", "set", "lo", "up")
    for name, n in {**LAPTOPS, **EXTRA}.items():
        port = f"p{n}"
        sh("ip", "netns", "add", name)
        veth = ["type", "veth", "peer", "eth0", "netns", name]
        sh("ip", "link", "add", port, "netns", SWITCH, *veth)
        sh("ip", "-n", SWITCH, "link", "set", port, "master", "br0")
        sh("ip", "-n", SWITCH, "link", "set", port, "up")
        sh("ip", "-n", name, "addr", "add", f"{SUBNET}.{n}/24", "dev", "eth0")
        sh("ip", "-n", name, "link", "set", "eth0", "up")
        sh("ip", "-n", name, "link", "set", "lo", "up")
        sh("ip", "-n", name, "route", "add", "224.0.0.0/4", "dev", "eth0")
        if name != ROUTER:  # every laptop has a default route, as at home
            sh("ip", "-n", name, "route", "add", "default", "via", f"{SUBNET}.{EXTRA[ROUTER]}")
    # The router forwards nothing (a home router drops what it cannot route: no answer).
    sh("ip", "netns", "exec", ROUTER, "sysctl", "-qw", "net.ipv4.ip_forward=0")
    # The host laptop runs Docker: a bridge with a container's veth in it.
    h = ns("host")
    sh("ip", "-n", h, "link", "add", "docker0", "type", "bridge")
    sh("ip", "-n", h, "addr", "add", f"{BRIDGE}/16", "dev", "docker0")
    sh("ip", "-n", h, "link", "add", "veth3f2a1c0", "type", "veth", "peer", "name", "ctr0")
    sh("ip", "-n", h, "link", "set", "veth3f2a1c0", "master", "docker0")
    for dev in ("docker0", "veth3f2a1c0", "ctr0"):
        sh("ip", "-n", h, "link", "set", dev, "up")


def teardown() -> None:
    for name in [*LAPTOPS, *EXTRA, SWITCH]:
        sh("ip", "netns", "del", name, check=False)


def cable(ns: str, up: bool) -> None:
    """Plug or pull the laptop's cable (the switch side of its veth)."""
    sh("ip", "-n", SWITCH, "link", "set", f"p{LAPTOPS[ns]}", "up" if up else "down")


# --------------------------------------------------------------------------- processes
class Proc:
    """A ``tapete`` command in a namespace; every line it prints is kept with the
    monotonic time it arrived (``lines``: ``(t, stream, text)``)."""

    def __init__(self, ns: str, args: list[str], data: Path, label: str) -> None:
        self.label = label
        env = {
            **os.environ,
            "PYTHONPATH": str(ROOT),
            "TAPETE_DATA_DIR": str(data),
            "PYTHONUNBUFFERED": "1",
        }
        self.started = time.monotonic()
        self.p = subprocess.Popen(
            ["ip", "netns", "exec", ns, sys.executable, *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[tuple[float, str, str]] = []
        self.news: queue.SimpleQueue = queue.SimpleQueue()
        for name, stream in (("out", self.p.stdout), ("err", self.p.stderr)):
            threading.Thread(target=self._read, args=(name, stream), daemon=True).start()

    def _read(self, name: str, stream) -> None:
        for line in stream:
            item = (time.monotonic(), name, line.rstrip("\n"))
            self.lines.append(item)
            self.news.put(item)

    def wait_line(self, pattern: str, timeout: float, after: float = 0.0) -> float | None:
        """The time of the first line matching ``pattern`` printed after ``after``."""
        rx = re.compile(pattern)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for t, _s, text in list(self.lines):
                if t >= after and rx.search(text):
                    return t
            time.sleep(0.02)
        return None

    def signal(self, sig: int) -> None:
        # ``ip netns exec`` execs the command, so the pid is the Python process.
        try:
            os.kill(self.p.pid, sig)
        except ProcessLookupError:
            pass

    def stop(self) -> None:
        if self.p.poll() is None:
            self.signal(signal.SIGKILL)
        try:
            self.p.wait(10)
        except subprocess.TimeoutExpired:
            pass

    def text(self) -> str:
        return "\n".join(f"[{self.label} {s}] {t}" for _t, s, t in self.lines)


BROWSE = """
import json, sys, time
from net.discovery import TableBrowser
seen = {}
with TableBrowser() as b:
    print("ready", flush=True)
    while True:
        now = {t.service: t for t in b.poll()}
        for k in now.keys() - seen.keys():
            print("listed", json.dumps(now[k].to_dict()), flush=True)
        for k in seen.keys() - now.keys():
            print("gone", json.dumps(seen[k].to_dict()), flush=True)
        seen = now
        time.sleep(0.02)
"""


def browser(data: Path) -> Proc:
    p = Proc(ns("watch"), ["-c", BROWSE], data / "watch", "browser")
    if p.wait_line("^ready", 30) is None:
        raise SystemExit("the browser did not start:\n" + p.text())
    return p


def host(data: Path, name: str, extra: list[str], label: str = "host") -> Proc:
    return Proc(
        ns("host"),
        ["-m", "client", "host", "take5", "--name", name, "--port", str(PORT), *extra],
        data / "host",
        label,
    )


def logged_actions(data: Path) -> int:
    """Actions in the newest log of the host laptop (its data folder's ``logs/``)."""
    logs = sorted((data / "host" / "logs").glob("*.jsonl"), key=lambda p: p.stat().st_mtime)
    if not logs:
        return 0
    return sum(1 for line in logs[-1].read_text().splitlines() if line.startswith("["))


def figures(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: no value"
    return (
        f"{label}: median {statistics.median(values):.2f} s, min {min(values):.2f}, "
        f"max {max(values):.2f} (n={len(values)})"
    )


# --------------------------------------------------------------------------- phases
def discovery(data: Path, runs: int, report: list[str], fails: list[str]) -> None:
    watch = browser(data)
    shown, gone = [], []
    try:
        for i in range(runs):
            name = f"Lab {i}"
            h = host(data, name, ["--seats", "open,bot", "--no-log"], f"host{i}")
            t = watch.wait_line(f'^listed .*"name": "{name}"', 20, h.started)
            if t is None:
                fails.append(f"run {i}: never listed\n{h.text()}")
                h.stop()
                continue
            shown.append(t - h.started)
            time.sleep(0.3)
            t0 = time.monotonic()
            h.signal(signal.SIGTERM)
            t = watch.wait_line(f'^gone .*"name": "{name}"', 20, t0)
            if t is None:
                fails.append(f"run {i}: still listed 20 s after SIGTERM")
            else:
                gone.append(t - t0)
            h.stop()
        # `tapete tables --timeout 0.5` against a running table: the hit rate.
        h = host(data, "Lab tables", ["--seats", "open,bot", "--no-log"], "tables")
        hits, tries, took = 0, 0, []
        if watch.wait_line('^listed .*"name": "Lab tables"', 20, h.started) is not None:
            for _ in range(runs):
                t0 = time.monotonic()
                out = sh(
                    "ip",
                    "netns",
                    "exec",
                    ns("watch"),
                    "env",
                    f"PYTHONPATH={ROOT}",
                    f"TAPETE_DATA_DIR={data / 'tables'}",
                    sys.executable,
                    "-m",
                    "client",
                    "tables",
                    "--timeout",
                    "0.5",
                    "--json",
                    check=False,
                ).stdout
                took.append(time.monotonic() - t0)
                tries += 1
                try:
                    hits += any(t["name"] == "Lab tables" for t in json.loads(out or "[]"))
                except ValueError:
                    pass
        h.signal(signal.SIGTERM)
        h.stop()
        report.append(
            f"discovery: `tapete tables --timeout 0.5` found the running table {hits} of "
            f"{tries} times; " + figures("whole command", took)
        )
        if hits < tries:
            fails.append(f"tapete tables --timeout 0.5 missed {tries - hits} of {tries}")
        # A crash: no goodbye; the browser's liveness check must drop it.
        h = host(data, "Lab crash", ["--seats", "open,bot", "--no-log"], "crash")
        ghost = None
        if watch.wait_line('^listed .*"name": "Lab crash"', 20, h.started) is not None:
            t0 = time.monotonic()
            h.signal(signal.SIGKILL)
            t = watch.wait_line('^gone .*"name": "Lab crash"', 30, t0)
            ghost = None if t is None else t - t0
        h.stop()
    finally:
        watch.stop()
    report.append(figures("discovery: host start → listed in a running browser", shown))
    report.append(figures("discovery: SIGTERM → gone from the browser", gone))
    report.append(
        "discovery: SIGKILL (no goodbye) → gone: "
        + ("never (30 s)" if ghost is None else f"{ghost:.2f} s")
    )
    if ghost is None:
        fails.append("a killed host stayed listed")


def game(data: Path, think: float, takeover: float, report: list[str], fails: list[str]) -> None:
    target = f"{SUBNET}.{LAPTOPS[ns('host')]}:{PORT}"
    h = host(
        data,
        "Lab game",
        ["--seats", "open,open,open,bot", "--takeover", str(takeover), "--bot-delay", "0.3"],
    )
    procs = [h]
    try:
        if h.wait_line("^Announced|cannot hear", 30) is None:
            fails.append("the host did not start\n" + h.text())
            return

        def player(ns: str, label: str) -> Proc:
            args = ["-m", "client", "join", target, "--headless", "--name", label]
            p = Proc(ns, [*args, "--think", str(think)], data / ns, label)
            procs.append(p)
            return p

        c1, c2, c3 = (player(ns(k), k) for k in ("c1", "c2", "c3"))
        watch_args = ["-m", "client", "join", target, "--headless", "--watch"]
        watcher = Proc(ns("watch"), watch_args, data / "watcher", "spectator")
        procs.append(watcher)
        seat = {}
        for p in (c1, c2, c3):
            if p.wait_line(r"seat \d+ at", 30) is None:
                fails.append(f"{p.label} got no seat\n{p.text()}")
                return
            m = next(re.search(r"seat (\d+) at", t) for _t, _s, t in p.lines if "seat" in t)
            seat[p.label] = int(m.group(1))
        if h.wait_line("^Playing", 30) is None:
            fails.append("the game did not start")
            return
        time.sleep(3 * think + 1)

        # -- drop: kill c1, start it again with the same command (same data folder)
        c1.signal(signal.SIGKILL)
        c1.stop()
        time.sleep(1.0)
        again = player(ns("c1"), "c1")
        t = again.wait_line(r"back in seat (\d+)", 30, again.started)
        if t is None:
            fails.append("the restarted client did not come back to its seat\n" + again.text())
        else:
            back = int(re.search(r"back in seat (\d+)", again.text()).group(1))
            report.append(
                f"rejoin: restarted client → back in its seat: {t - again.started:.2f} s "
                f"(process start included; seat {back}, was {seat['c1']})"
            )
            if back != seat["c1"]:
                fails.append("the restarted client came back to another seat")
        time.sleep(2 * think + 1)

        # -- pulled link: c2's cable out
        name = "c2"
        t0 = time.monotonic()
        cable(ns("c2"), False)
        t_client = c2.wait_line("link lost", 20, t0)
        t_away = watcher.wait_line(rf"{name} \(away\)", 60, t0)
        t_host = h.wait_line(rf"{name} \(away\)", 60, t0)
        report.append(
            "pulled link: noticed by the player's own client after "
            + ("never" if t_client is None else f"{t_client - t0:.2f} s")
            + "; by the host after "
            + ("never (60 s)" if t_host is None else f"{t_host - t0:.2f} s")
            + "; shown to the spectator after "
            + ("never (60 s)" if t_away is None else f"{t_away - t0:.2f} s")
        )
        if t_away is None or t_away - t0 > 8.0:
            fails.append("a pulled link was not shown to the others within about 6 s")
        # The stand-in plays on: the host's log grows while the cable is out.
        before = logged_actions(data)
        time.sleep(takeover + 3 * think + 2)
        during = logged_actions(data) - before
        report.append(
            f"pulled link: {during} actions played while the cable stayed out "
            f"{takeover + 3 * think + 2:.0f} s more (the stand-in after {takeover:g} s)"
        )
        if during <= 0:
            fails.append("the table stalled while a cable was out")
        t1 = time.monotonic()
        cable(ns("c2"), True)
        t_back = c2.wait_line(r"back \(seat", 60, t1)
        report.append(
            "pulled link: cable back in → the player back in its seat after "
            + ("never (60 s)" if t_back is None else f"{t_back - t1:.2f} s")
        )
        if t_back is None:
            fails.append("the unplugged client did not come back\n" + c2.text())

        # -- the end: every player and the spectator print the host's outcome line
        end = time.monotonic() + 600
        players = [again, c2, c3, watcher]
        while time.monotonic() < end and any(p.p.poll() is None for p in [h, *players]):
            time.sleep(0.2)
        outcome = [t for _t, s, t in h.lines if s == "out" and t.startswith("{")]
        if not outcome:
            fails.append("the host printed no outcome\n" + h.text())
            return
        for p in players:
            mine = [t for _t, s, t in p.lines if s == "out" and t.startswith("{")]
            if mine != outcome[-1:]:
                fails.append(f"{p.label} printed {mine}, the host {outcome[-1:]}")
        report.append(f"game: outcome {json.loads(outcome[-1])} — same line at every laptop")
    finally:
        for p in procs:
            p.stop()


def host_kill(data: Path, report: list[str], fails: list[str]) -> None:
    watch = browser(data)
    target = f"{SUBNET}.{LAPTOPS[ns('host')]}:{PORT}"
    h = host(data, "Lab kill", ["--seats", "open,bot", "--bot-delay", "0.5"], "host-kill")
    c = None
    try:
        if watch.wait_line('^listed .*"name": "Lab kill"', 30, h.started) is None:
            fails.append("host-kill table never listed")
            return
        c = Proc(
            ns("c3"),
            ["-m", "client", "join", target, "--headless", "--think", "0.5"],
            data / "tl-c3-kill",
            "kill-player",
        )
        if h.wait_line("^Playing", 30) is None:
            fails.append("host-kill game did not start")
            return
        time.sleep(2)
        t0 = time.monotonic()
        h.signal(signal.SIGTERM)
        t = watch.wait_line('^gone .*"name": "Lab kill"', 30, t0)
        lost = c.wait_line("link lost|host closed|host-closed", 30, t0)
        report.append(
            "host kill (SIGTERM mid-game): gone from the running browser after "
            + ("never (30 s)" if t is None else f"{t - t0:.2f} s")
            + "; the player told after "
            + ("never" if lost is None else f"{lost - t0:.2f} s")
        )
        if t is None or t - t0 > 10.0:
            fails.append("a SIGTERMed host did not vanish within 10 s")
    finally:
        for p in (h, c, watch):
            if p is not None:
                p.stop()


GHOST_TABLE = """
import socket, sys, time
from zeroconf import IPVersion, ServiceInfo, Zeroconf
from net.discovery import SERVICE_TYPE
from net.protocol import PROTOCOL
# A port that takes no connection and refuses none: a listener with a backlog of 0,
# filled at once, so the kernel drops every further SYN (a firewall that drops TCP).
addr = sys.argv[1]
hole = socket.socket(); hole.bind((addr, 47470)); hole.listen(0)
fill = [socket.socket() for _ in range(3)]
for f in fill:
    f.setblocking(False); f.connect_ex((addr, 47470))
props = {"protocol": str(PROTOCOL), "game": "take5", "table": "Ghost", "open": "1",
         "seats": "2", "started": "0", "host": "ghost", "id": "ab" * 16}
zc = Zeroconf(interfaces=[addr], ip_version=IPVersion.V4Only)
zc.register_service(ServiceInfo(SERVICE_TYPE, "Ghost (abababab)." + SERVICE_TYPE,
    port=47470, properties=props, server="ghost.local.", parsed_addresses=[addr]))
print("ready", flush=True)
time.sleep(3600)
"""

OLD_LISTING = """
import sys, time
from net.client import connection_to
from net.listing import TableInfo
from net.protocol import PROTOCOL
bridge, lan, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
info = TableInfo("Lab party", "take5", bridge, port, (bridge, lan), PROTOCOL, 1, 3, "host",
                 "Lab party._tapete._tcp.local.")
t0 = time.monotonic()
conn = connection_to(info, spectator=True, discover=False).start()
conn.answered.wait(30)
took = time.monotonic() - t0
print("joined" if conn.welcome else "failed", f"{took:.3f}", conn.address, flush=True)
conn.close()
"""


def cli(laptop: str, data: Path, *args: str, timeout: float = 60) -> tuple[float, str, str]:
    """``python -m client ARGS`` in ``laptop``'s namespace: (seconds, stdout, stderr)."""
    t0 = time.monotonic()
    run = subprocess.run(
        ["ip", "netns", "exec", ns(laptop), "env", f"PYTHONPATH={ROOT}",
         f"TAPETE_DATA_DIR={data}", sys.executable, "-m", "client", *args],
        capture_output=True, text=True, timeout=timeout, check=False,
    )  # fmt: skip
    return time.monotonic() - t0, run.stdout, run.stderr


def party(data: Path, runs: int, think: float, report: list[str], fails: list[str]) -> None:
    """Phase 4 (issue 32): what a LAN party sees — a default route, a Docker bridge on
    the host, a neighbour that answers discovery but not TCP, an idle player, a host
    stopped with SIGTERM and resumed. The host's default takeover."""
    lan = f"{SUBNET}.{LAPTOPS[ns('host')]}"
    ghost = Proc(GHOST, ["-c", GHOST_TABLE, f"{SUBNET}.{EXTRA[GHOST]}"], data / "ghost", "ghost")
    procs = [ghost]
    try:
        if ghost.wait_line("^ready", 30) is None:
            fails.append("the ghost neighbour did not start\n" + ghost.text())
            return
        watch = browser(data)
        procs.append(watch)
        h = host(data, "Lab party", ["--seats", "open,open,open,bot", "--bot-delay", "0.3"])
        procs.append(h)
        t = watch.wait_line('^listed .*"name": "Lab party"', 30, h.started)
        if h.wait_line("^Announced|cannot hear", 30) is None:
            fails.append("the party host did not start\n" + h.text())
            return
        joins = [t for _t, s, t in h.lines if t.startswith("Join with")]
        report.append(
            f"party: the host printed {joins} "
            + ("(no Docker bridge)" if not any(BRIDGE in j for j in joins) else "(WITH the bridge)")
        )
        if any(BRIDGE in j for j in joins):
            fails.append("the host printed its Docker bridge address")
        listed = [t for _t, _s, t in watch.lines if '"name": "Lab party"' in t]
        if listed and BRIDGE in listed[0]:
            fails.append("the host advertised its Docker bridge address")
        report.append(
            "party: host start → listed in a running browser: "
            + ("never (30 s)" if t is None else f"{t - h.started:.2f} s")
            + " (process start included)"
        )
        ghost_seen = watch.wait_line('^listed .*"name": "Ghost"', 10)
        report.append(
            "party: the neighbour that answers no TCP was "
            + ("listed, then " if ghost_seen else "never listed")
            + ("dropped by the checks" if watch.wait_line('^gone .*"name": "Ghost"', 15) else "")
        )
        for timeout in ("0.5", "1"):
            hits, took = 0, []
            for _ in range(runs):
                secs, out, _err = cli("watch", data / "tables", "tables", "--timeout", timeout,
                                      "--json")  # fmt: skip
                took.append(secs)
                try:
                    hits += any(x["name"] == "Lab party" for x in json.loads(out or "[]"))
                except ValueError:
                    pass
            report.append(
                f"party: `tapete tables --timeout {timeout}` (the ghost up) found the table "
                f"{hits} of {runs} times; " + figures("whole command", took)
            )
            if hits < runs:
                fails.append(f"tapete tables --timeout {timeout} missed {runs - hits} of {runs}")
        # An older host's listing: the bridge's address first, then the LAN one.
        old = Proc(ns("c3"), ["-c", OLD_LISTING, BRIDGE, lan, str(PORT)], data / "old", "old")
        procs.append(old)
        if old.wait_line("^(joined|failed)", 40) is None:
            fails.append("the old-listing join never ended\n" + old.text())
        else:
            line = next(t for _t, _s, t in old.lines if t.startswith(("joined", "failed")))
            report.append(f"party: joining a listing whose first address is {BRIDGE}: {line}")
            if not line.startswith("joined"):
                fails.append("a listing with the bridge first could not be joined")
        old.stop()

        # The game: c1 and c2 play, c3 goes idle, the watcher watches.
        target = f"{lan}:{PORT}"

        def player(laptop: str, *extra: str) -> Proc:
            args = ["-m", "client", "join", target, "--headless", "--name", laptop, *extra]
            p = Proc(ns(laptop), args, data / f"party-{laptop}", laptop)
            procs.append(p)
            return p

        c1, c2, c3 = (player(k, "--think", str(think)) for k in ("c1", "c2", "c3"))
        watcher = player("watch", "--watch")
        for p in (c1, c2, c3):
            if p.wait_line(r"in seat \d+ at", 30) is None:
                fails.append(f"{p.label} got no seat\n{p.text()}")
                return
        if h.wait_line("^Playing", 30) is None:
            fails.append("the party game did not start")
            return
        time.sleep(3 * think + 1)
        t0 = time.monotonic()
        c3.signal(signal.SIGSTOP)  # an idle player: the process is there, says nothing
        away = h.wait_line(r"c3 \(away\)", 30, t0)
        stand = watcher.wait_line("stand-in bot plays for c3", 60, t0)
        report.append(
            "party: idle player (SIGSTOP) → away after "
            + ("never (30 s)" if away is None else f"{away - t0:.2f} s")
            + "; a stand-in plays it after "
            + ("never (60 s)" if stand is None else f"{stand - t0:.2f} s")
            + " (the host's default takeover)"
        )
        if stand is None:
            fails.append("an idle player's seat got no stand-in")
        time.sleep(2 * think + 1)
        log = next(
            (re.search(r"Logging to (\S+)", t).group(1) for _t, _s, t in h.lines
             if t.startswith("Logging to")), None,
        )  # fmt: skip
        t0 = time.monotonic()
        h.signal(signal.SIGTERM)
        waits = {p.label: p.wait_line("the host stopped", 20, t0) for p in (c1, c2, watcher)}
        report.append(
            "party: SIGTERM mid-game → each player told it waits after "
            + ", ".join(
                f"{k} {'never' if v is None else f'{v - t0:.2f} s'}" for k, v in waits.items()
            )
        )
        if any(v is None for v in waits.values()) or h.wait_line("can be resumed", 5) is None:
            fails.append("a SIGTERMed host's players were not told to wait\n" + c1.text())
            return
        h.stop()
        time.sleep(2.0)
        again = host(data, "Lab party", ["--log", log, "--resume", "--bot-delay", "0.3"],
                     "resumed")  # fmt: skip
        procs.append(again)
        backs = {p.label: p.wait_line(r"back \((seat|watching)", 40, again.started)
                 for p in (c1, c2, watcher)}  # fmt: skip
        report.append(
            "party: `tapete host --resume` started → each back in its seat after "
            + ", ".join(
                f"{k} {'never' if v is None else f'{v - again.started:.2f} s'}"
                for k, v in backs.items()
            )
            + " (the resumed host's process start included)"
        )
        if any(v is None for v in backs.values()):
            fails.append("a player did not come back to the resumed table\n" + c1.text())
        c3.signal(signal.SIGKILL)
        end = time.monotonic() + 600
        while time.monotonic() < end and any(p.p.poll() is None for p in (again, c1, c2, watcher)):
            time.sleep(0.2)
        outcome = [t for _t, s, t in again.lines if s == "out" and t.startswith("{")]
        if not outcome:
            fails.append("the resumed host printed no outcome\n" + again.text())
            return
        for p in (c1, c2, watcher):
            mine = [t for _t, s, t in p.lines if s == "out" and t.startswith("{")]
            if mine != outcome[-1:]:
                fails.append(f"{p.label} printed {mine}, the host {outcome[-1:]}")
        report.append("party: the resumed game's outcome — the same line at every laptop")
    finally:
        for p in procs:
            p.stop()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=10, help="host starts timed for discovery")
    p.add_argument("--think", type=float, default=0.4, help="seconds a player thinks a move")
    p.add_argument("--takeover", type=float, default=8.0, help="host's stand-in delay (s)")
    p.add_argument("--keep", action="store_true", help="leave the namespaces up")
    p.add_argument("--only", choices=("discovery", "game", "kill", "party"), default=None)
    p.add_argument("--prefix", default="tl", help="the namespaces' names start PREFIX-")
    args = p.parse_args(argv)
    use_prefix(args.prefix)
    if os.geteuid() != 0 or shutil.which("ip") is None:
        print("tools/lanlab.py needs root and the ip tool (iproute2)", file=sys.stderr)
        return 2
    data = Path(tempfile.mkdtemp(prefix="tapete-lanlab-"))
    report: list[str] = [f"load before: {os.getloadavg()}"]
    fails: list[str] = []
    build()
    try:
        if args.only in (None, "discovery"):
            discovery(data, args.runs, report, fails)
        if args.only in (None, "game"):
            game(data, args.think, args.takeover, report, fails)
        if args.only in (None, "kill"):
            host_kill(data, report, fails)
        if args.only in (None, "party"):
            party(data, args.runs, args.think, report, fails)
    finally:
        if not args.keep:
            teardown()
        report.append(f"load after: {os.getloadavg()}")
    print("\n".join(report))
    for f in fails:
        print("FAIL:", f, file=sys.stderr)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
