"""Benchmarks for every Tapete game: random play on the main and the fast path, bot
decision times, client frames — each figure the median and min–max of several runs,
with the machine's load.

    python3 tools/bench.py                           # every game, 3 runs of 2 s a figure
    python3 tools/bench.py --game take5 --runs 5 --seconds 3
    python3 tools/bench.py --game guandan --levels normal,hard --no-client
    python3 tools/bench.py --client-only --client-against /tmp/before  # client, before/after

Layout: one section per game, headed by the game, its player count and options and
``uptime``'s load averages; then one line per figure::

    random play, main path  decisions/s  12,345  [11,990 – 12,702]  3 runs
    random play, fast path  rounds/s     10,480  [10,101 – 10,622]  3 runs  target >= 10,000: ok
    bot normal              p99 ms         8.20  [7.90 – 9.10]  3 runs  target <= 20: ok

and the load again at the end of the section (a figure taken while the load rose is
suspect: the machine is shared; tests never assert on these numbers). Figures:

* random play through the public verbs (``awaiting``, ``legal_actions``, ``apply``):
  decisions/s, games/s and rounds/s where the state counts rounds;
* random play on the fast path (``Game.simulation``, issue 17) once the game has one:
  the targets are Take 5 >= 10,000 rounds/s and Guandan >= 30,000 decisions/s;
* each bot level's decision time (median and p99 ms; targets p99 normal <= 20 ms,
  hard <= 1,000 ms at the default budget), every seat at that level;
* per-game sections (:data:`GAME_SECTIONS`): the place where each game adds its own
  figures (a function ``(args) -> list[Figure]``);
* the wire (issue 18; Take 5 at 10 seats, Guandan at 4, :data:`WIRE_TABLES`): the bytes
  the host sends each seat per accepted action (median, p99, max), the seat's view as
  compact JSON beside it, and the host's CPU (thread time) per action — all of
  ``Table.receive``: the engine, the views, the deltas, their encoding —, every seat
  attached to a sink that encodes what a TCP connection would send (``--wire-only``
  prints just these; ``--wire-against COMMIT`` measures that commit's host beside this
  one, in alternating runs: ``python3 tools/bench.py --wire-only --wire-against 836dd0e``);
* the client section, after the games (:func:`client_section`, measures in
  :mod:`client.bench`, each run in a fresh interpreter on SDL's dummy driver at
  1280×720): the wall-clock frame time of each game's table while hard bots play (its
  host in its own process; targets median <= 4 ms, p99 <= 8 ms) and the frame loop's
  own CPU time per frame beside it; the CPU an idle window uses at the menu and at a
  table waiting for the player (target <= 5% of a core), and its host process's; the
  time from starting ``tapete play take5`` to the first frame of the table (target <=
  1,000 ms).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import available_games, get_bot, get_game  # noqa: E402
from engine.bots import LEVELS  # noqa: E402
from engine.core import Game, RuleError  # noqa: E402
from engine.search import SearchBot  # noqa: E402

#: Player count benchmarked when ``--players`` is not given.
DEFAULT_PLAYERS = {"take5": 4, "the-game": 3, "teamplay": 4, "sequence-numbers": 2, "guandan": 4}

#: Targets printed beside the figures: ``{game: {(measure, unit): (">=" | "<=", limit)}}``;
#: the key ``"*"`` holds the targets of every game.
TARGETS: dict[str, dict[tuple[str, str], tuple[str, float]]] = {
    "*": {
        ("bot normal", "p99 ms"): ("<=", 20.0),
        ("bot hard", "p99 ms"): ("<=", 1000.0),
    },
    "take5": {
        ("random play, fast path", "rounds/s"): (">=", 10_000.0),
        ("random play, main path", "rounds/s"): (">=", 3_000.0),  # issue 18
        ("random play 4p, fast path", "rounds/s"): (">=", 10_000.0),
        ("random play 4p, main path", "rounds/s"): (">=", 3_000.0),
        ("random playout 4p, fast path", "rounds/s"): (">=", 10_000.0),
    },
    "guandan": {
        # issue 18: 1.5x the 11,455 decisions/s measured on an idle machine before it
        ("random play, main path", "decisions/s"): (">=", 17_000.0),
        ("random play, fast path", "decisions/s"): (">=", 30_000.0),
        ("wire, bytes/seat/action", "median B"): ("<=", 300.0),
        ("wire, bytes/seat/action", "p99 B"): ("<=", 2048.0),
        ("wire, bytes/seat/action", "max B"): ("<=", 16384.0),
        ("wire, host CPU/action", "mean ms"): ("<=", 0.4),
    },
    "client": {
        ("frame, hard bots", "median ms"): ("<=", 4.0),
        ("frame, hard bots", "p99 ms"): ("<=", 8.0),
        ("idle menu", "CPU %"): ("<=", 5.0),
        ("idle table", "CPU %"): ("<=", 5.0),
        ("start to first frame", "ms"): ("<=", 1000.0),
    },
}

TARGETS["take5"].update(
    {
        ("wire, bytes/seat/action", "median B"): ("<=", 100.0),
        ("wire, view JSON / delta", "x"): (">=", 10.0),
        ("wire, host CPU/action", "mean ms"): ("<=", 0.3),
    }
)


@dataclass
class Figure:
    """One measured figure: ``measure`` (what), ``unit``, ``values`` (one per run)."""

    measure: str
    unit: str
    values: list[float]

    def line(self, game_id: str) -> str:
        """``measure  unit  median  [min – max]  N runs  (target …: ok|MISSED)``."""
        xs = self.values
        med = statistics.median(xs)
        digits = 0 if med >= 100 or self.unit == "decisions" else 2
        text = (
            f"{self.measure:<27} {self.unit:<13} {med:>10,.{digits}f}  "
            f"[{min(xs):,.{digits}f} – {max(xs):,.{digits}f}]  {len(xs)} runs"
        )
        target = {**TARGETS["*"], **TARGETS.get(game_id, {})}.get((self.measure, self.unit))
        if target:
            op, limit = target
            ok = med >= limit if op == ">=" else med <= limit
            shown = f"{limit:,.0f}" if limit >= 10 else f"{limit:g}"
            text += f"  target {op} {shown}: {'ok' if ok else 'MISSED'}"
        return text


# --------------------------------------------------------------------------- per-game
#: Per-game sections: ``{game id: [function(args) -> list[Figure]]}``. Each game's
#: helper adds its own figures here (e.g. a Take 5 rollout rate of the hard bot, the
#: Guandan play generator), printed in that game's section after the common ones.
GAME_SECTIONS: dict[str, list[Callable[[argparse.Namespace], list[Figure]]]] = {
    "take5": [],
    "the-game": [],
    "teamplay": [],
    "sequence-numbers": [],
    "guandan": [],
}


# --------------------------------------------------------------------------- measures
def default_players(game) -> int:
    return DEFAULT_PLAYERS.get(game.id, game.min_players)


def default_options(game) -> dict:
    """The options a benchmark plays with: the game's ``contract_options`` (a shorter
    match where a random full game would be endless), else the defaults."""
    return dict(getattr(game, "contract_options", {}))


def has_fast_path(game) -> bool:
    return type(game).simulation is not Game.simulation


def load() -> str:
    """``uptime``'s load averages (1, 5, 15 minutes) and the core count."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def random_play(game_id: str, seconds: float, players: int, options: dict, seed: int = 0) -> dict:
    """Random legal play through the public verbs for about ``seconds`` of CPU time
    (at least one game). Returns ``{"decisions", "games", "rounds" (None if the state
    has no ``round``), "seconds", "decisions/s", "games/s", "rounds/s"}``."""
    game = get_game(game_id)
    pick = random.Random(seed).random  # cheaper than randrange: the bench times the engine
    decisions = games = rounds = 0
    has_rounds = True
    clock = time.process_time
    start = clock()
    while True:
        state = game.setup(players, seed + games, options)
        has_rounds = has_rounds and isinstance(getattr(state, "round", None), int)
        while not game.is_over(state):
            waiting = sorted(game.awaiting(state))
            seat = waiting[int(pick() * len(waiting))]
            legal = game.legal_actions(state, seat)
            state, _ = game.apply(state, seat, legal[int(pick() * len(legal))])
            decisions += 1
        games += 1
        if has_rounds:
            rounds += state.round
        if clock() - start >= seconds:
            break
    return _rates(decisions, games, rounds if has_rounds else None, clock() - start)


def fast_random_play(
    game_id: str, seconds: float, players: int, options: dict, seed: int = 0
) -> dict:
    """Random play on the game's fast path (``Game.simulation``), same keys as
    :func:`random_play`; rounds are read from the final state (once a game)."""
    game = get_game(game_id)
    pick = random.Random(seed).random
    decisions = games = rounds = 0
    has_rounds = True
    clock = time.process_time
    start = clock()
    while True:
        sim = game.simulation(game.setup(players, seed + games, options))
        while not sim.is_over():
            waiting = sim.awaiting()
            seat = waiting[int(pick() * len(waiting))]
            legal = sim.legal(seat)
            sim.play(seat, legal[int(pick() * len(legal))])
            decisions += 1
        games += 1
        if has_rounds:
            final = getattr(sim.state(), "round", None)
            has_rounds = isinstance(final, int)
            rounds += final if has_rounds else 0
        if clock() - start >= seconds:
            break
    return _rates(decisions, games, rounds if has_rounds else None, clock() - start)


def _rates(decisions: int, games: int, rounds: int | None, took: float) -> dict:
    took = max(took, 1e-9)
    return {
        "decisions": decisions,
        "games": games,
        "rounds": rounds,
        "seconds": took,
        "decisions/s": decisions / took,
        "games/s": games / took,
        "rounds/s": rounds / took if rounds is not None else None,
    }


def decision_times(
    game_id: str,
    level: str,
    seconds: float,
    players: int,
    options: dict,
    budget: float | None = None,
    seed: int = 0,
    samples: int | None = None,
) -> dict:
    """Time ``level``'s ``choose`` with every seat at that level, for about ``seconds``
    of wall time (at least one decision). Returns ``{"decisions", "median_ms",
    "p99_ms", "max_ms"}``. ``budget`` (seconds) overrides a bot's ``budget`` or a
    search bot's ``seconds``; ``samples`` a search bot's sample count."""
    game = get_game(game_id)
    times: list[float] = []
    end = time.perf_counter() + seconds
    g = 0
    while not times or time.perf_counter() < end:
        bots = [get_bot(game_id, level, seed=seed * 1000 + g * 10 + s) for s in range(players)]
        for b in bots:
            searching = isinstance(b, SearchBot)
            if budget is not None and searching:
                b.seconds = budget
            elif budget is not None and hasattr(b, "budget"):
                b.budget = budget
            if samples is not None and searching:
                b.samples = samples
        state = game.setup(players, seed + g, options)
        g += 1
        while not game.is_over(state) and (not times or time.perf_counter() < end):
            seat = min(game.awaiting(state))
            view, legal = game.view(state, seat), game.legal_actions(state, seat)
            t0 = time.perf_counter()
            action = bots[seat].choose(view, legal)
            times.append(time.perf_counter() - t0)
            state, _ = game.apply(state, seat, action)
    xs = sorted(times)
    return {
        "decisions": len(xs),
        "median_ms": 1000 * statistics.median(xs),
        "p99_ms": 1000 * xs[min(len(xs) - 1, int(0.99 * len(xs)))],
        "max_ms": 1000 * xs[-1],
    }


def client_figures(
    games: list[str], args: argparse.Namespace, root: str | None = None
) -> list[tuple[str, Figure]]:
    """The client section's figures, ``[(label, Figure)]`` (see the module docstring;
    label: the game, or ""); each run of each measure in a fresh interpreter.
    ``args.client_against``: a checkout of an earlier commit whose window is measured
    too, its runs alternating with this one's (so both see the same load); its figures
    are labelled ``before``, this checkout's ``after``."""
    from client.bench import measure

    trees = [("", None)]
    if getattr(args, "client_against", None):
        trees = [("before ", args.client_against), ("after ", None)]
    runs, seconds = args.runs, args.client_seconds

    def alternate(name: str, *margs) -> dict[str, list[dict]]:
        out: dict[str, list[dict]] = {tag: [] for tag, _ in trees}
        for _ in range(runs):
            for tag, tree in trees:
                out[tag].append(measure(name, *margs, root=tree))
        return out

    def add(label: str, measure_name: str, unit: str, by_tree: dict, key: str) -> None:
        for tag, rs in by_tree.items():
            values = [r[key] for r in rs if r.get(key) is not None]
            if values:
                out.append((f"{tag}{label}".strip(), Figure(measure_name, unit, values)))

    out: list[tuple[str, Figure]] = []
    for game_id in games:
        rs = alternate("frames", game_id, seconds)
        for key, unit in (
            ("median_ms", "median ms"),
            ("p99_ms", "p99 ms"),
            ("cpu_median_ms", "CPU median ms"),
            ("cpu_p99_ms", "CPU p99 ms"),
        ):
            add(game_id, "frame, hard bots", unit, rs, key)
    menu = alternate("idle", "menu", seconds)
    add("", "idle menu", "CPU %", menu, "window_cpu_pct")
    table = alternate("idle", "table", seconds)
    add("", "idle table", "CPU %", table, "window_cpu_pct")
    add("", "idle table, host", "CPU %", table, "host_cpu_pct")
    first = alternate("first-frame", "take5")
    add("", "start to first frame", "ms", first, "ms_from_process_start")
    return out


def client_section(games: list[str], args: argparse.Namespace) -> str:
    """The client's printed section: frames per game (``games``), idle CPU, start."""
    against = getattr(args, "client_against", None)
    lines = [
        f"== client: 1280×720 on SDL's dummy driver, {args.runs} runs of "
        f"{args.client_seconds:g} s a figure; {load()}"
    ]
    if against:
        lines.append(f"   before: the window of {against}, runs alternating with this one's")
    for label, figure in client_figures(games, args):
        line = figure.line("client")
        if label:
            line = f"{label:<23} {line}"  # "before sequence-numbers"
        lines.append(line)
    lines.append(f"   end of client: {load()}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- fast vs main
#: Player counts of the main-vs-fast sections of The Game, Teamplay and Sequence Numbers.
FAST_PLAYERS = {"the-game": (1, 3, 5), "teamplay": (3, 4, 6), "sequence-numbers": (2, 4, 6)}


def fast_vs_main(game_id: str, args: argparse.Namespace) -> list[Figure]:
    """Random play on the main and the fast path at each player count of
    :data:`FAST_PLAYERS`, runs alternating between the paths so that both see the
    same load: ``random play Np, main path`` / ``fast path`` (decisions/s) and
    ``fast/main`` (the ratio within each pair of runs)."""
    game = get_game(game_id)
    options = default_options(game)
    out: list[Figure] = []
    for n in FAST_PLAYERS[game_id]:
        main, fast = [], []
        for r in range(args.runs):
            main.append(random_play(game_id, args.seconds, n, options, seed=r)["decisions/s"])
            fast.append(fast_random_play(game_id, args.seconds, n, options, seed=r)["decisions/s"])
        out.append(Figure(f"random play {n}p, main path", "decisions/s", main))
        out.append(Figure(f"random play {n}p, fast path", "decisions/s", fast))
        ratio = [f / m for f, m in zip(fast, main, strict=True)]
        out.append(Figure(f"random play {n}p, fast/main", "x", ratio))
    return out


for _gid in FAST_PLAYERS:
    GAME_SECTIONS[_gid].append(lambda args, gid=_gid: fast_vs_main(gid, args))


def guandan_paired(args: argparse.Namespace) -> list[Figure]:
    """Guandan's main and fast paths in alternating runs (both see the same load):
    ``fast/main`` is the ratio of decisions/s within each pair of runs."""
    game = get_game("guandan")
    options = default_options(game)
    main, fast = [], []
    for r in range(args.runs):
        main.append(random_play("guandan", args.seconds, 4, options, seed=r)["decisions/s"])
        fast.append(fast_random_play("guandan", args.seconds, 4, options, seed=r)["decisions/s"])
    return [Figure("random play, fast/main", "x", [f / m for f, m in zip(fast, main, strict=True)])]


GAME_SECTIONS["guandan"].append(guandan_paired)


# --------------------------------------------------------------------------- The Game
#: The Game's bots are timed at these player counts too (issue 17's targets are at 2
#: and 5 players; the common figures use :data:`DEFAULT_PLAYERS`).
THE_GAME_PLAYERS = (2, 5)
for _n in THE_GAME_PLAYERS:
    TARGETS.setdefault("the-game", {}).update(
        {
            (f"bot normal {_n}p", "p99 ms"): ("<=", 20.0),
            (f"bot hard {_n}p", "p99 ms"): ("<=", 1000.0),
        }
    )


def the_game_figures(args: argparse.Namespace) -> list[Figure]:
    """The Game: each level's decision times (median, p99 ms; every seat at that
    level) at each player count of :data:`THE_GAME_PLAYERS`, and the hard bot's
    rollout policy alone on the fast path (whole games/s, at 2 players)."""
    from engine.the_game import GAME
    from engine.the_game.search import Rollout, rollout_code

    out: list[Figure] = []
    for n in THE_GAME_PLAYERS:
        if args.players and n != args.players:
            continue
        for level in args.levels:
            ds = [
                decision_times("the-game", level, args.seconds, n, {}, args.budget, r, args.samples)
                for r in range(args.runs)
            ]
            out.append(Figure(f"bot {level} {n}p", "median ms", [d["median_ms"] for d in ds]))
            out.append(Figure(f"bot {level} {n}p", "p99 ms", [d["p99_ms"] for d in ds]))
    rates = []
    for r in range(args.runs):
        games, clock = 0, time.process_time
        start = clock()
        while not games or clock() - start < args.seconds:
            sim = Rollout.from_state(GAME.setup(2, r * 1000 + games))
            while not sim.over:
                sim.play(sim.turn, rollout_code(sim, sim.turn))
            games += 1
        rates.append(games / max(clock() - start, 1e-9))
    out.append(Figure("rollout policy 2p, fast path", "games/s", rates))
    return out


GAME_SECTIONS["the-game"].append(the_game_figures)


def take5_playouts(seconds: float, seed: int = 0) -> float:
    """Rounds/s of whole random games at 4 players on Take 5's fast path in its own
    loop (``Take5Simulation.random_playout``, what the hard bot's rollouts run),
    set-up and deals included, for about ``seconds`` of CPU time."""
    game = get_game("take5")
    rng = random.Random(seed)
    rounds = games = 0
    clock = time.process_time
    start = clock()
    while True:
        sim = game.simulation(game.setup(4, seed + games))
        sim.random_playout(rng)
        rounds += sim.round
        games += 1
        if clock() - start >= seconds:
            break
    return rounds / max(clock() - start, 1e-9)


def take5_paired(args: argparse.Namespace) -> list[Figure]:
    """Take 5 at 4 players, main and fast path in alternating runs (all see the same
    load): rounds/s of random play through the public verbs (target >= 3,000, issue
    18) and on the fast path ply by ply, ``fast/main`` (the ratio within each pair of
    runs), and the fast path's own random playout loop (target >= 10,000, issue 17)."""
    options = default_options(get_game("take5"))
    main, fast, loop = [], [], []
    for r in range(args.runs):
        main.append(random_play("take5", args.seconds, 4, options, seed=r)["rounds/s"])
        fast.append(fast_random_play("take5", args.seconds, 4, options, seed=r)["rounds/s"])
        loop.append(take5_playouts(args.seconds, seed=r))
    return [
        Figure("random play 4p, main path", "rounds/s", main),
        Figure("random play 4p, fast path", "rounds/s", fast),
        Figure("random play 4p, fast/main", "x", [f / m for f, m in zip(fast, main, strict=True)]),
        Figure("random playout 4p, fast path", "rounds/s", loop),
    ]


GAME_SECTIONS["take5"].append(take5_paired)


# --------------------------------------------------------------------------- the wire
#: Tables of the wire figures: ``{game: (seats, options)}`` (issue 18's: Take 5 with 10
#: seats, two rounds a run; Guandan's four seats, two deals a run).
WIRE_TABLES = {"take5": (10, {"rounds": 2}), "guandan": (4, {"deals": 2})}


def wire_run(game_id: str, seed: int, spectators: int = 0) -> dict:
    """One game of ``normal`` bots on a :class:`net.host.Table` (:data:`WIRE_TABLES`)
    with every seat attached to a sink that encodes each message as a TCP connection
    would (and, spectators too). Bots choose outside the measure; each action goes
    through ``Table.receive``, timed in thread time. Returns ``{"bytes": [per seat per
    action], "views": [the seat's view as compact JSON, bytes], "cpu": [seconds per
    action]}``. Works on any protocol-2 host of this repository (it pages long legal
    lists if the host's protocol module still does)."""
    from net import protocol
    from net.host import Table

    game = get_game(game_id)
    players, options = WIRE_TABLES[game_id]
    pages = getattr(protocol, "wire_messages", None)  # hosts before issue 18
    encode = protocol.encode
    count = [0] * (players + spectators)

    def sink(i: int):
        def send(message: dict) -> None:
            for part in pages(message) if pages else (message,):
                count[i] += len(encode(part))

        return send

    table = Table(game_id, ["human"] * players, seed, options, bot_key=b"bench" * 8)
    clients = [table.attach(s, sink(s)) for s in range(players)]
    for k in range(spectators):
        table.attach(None, sink(players + k))
    bots = [get_bot(game_id, "normal", seed * 100 + s) for s in range(players)]
    rng = random.Random(seed)
    out: dict[str, list] = {"bytes": [], "views": [], "cpu": []}
    clock = time.thread_time
    while not table.is_over():
        state = table.state
        seat = rng.choice(sorted(game.awaiting(state)))
        action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat))
        count[:] = [0] * len(count)
        t0 = clock()
        table.receive(clients[seat], {"type": "action", "action": action})
        out["cpu"].append(clock() - t0)
        out["bytes"] += count[:players]
        out["views"] += [
            len(json.dumps(game.view(table.state, s), separators=(",", ":")))
            for s in range(players)
        ]
    return out


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


#: The wire figures: ``(measure, unit, function of one run's summary)``.
WIRE_MEASURES = [
    ("wire, bytes/seat/action", "median B", lambda r: statistics.median(r["bytes"])),
    ("wire, bytes/seat/action", "p99 B", lambda r: _pct(r["bytes"], 0.99)),
    ("wire, bytes/seat/action", "max B", lambda r: float(max(r["bytes"]))),
    ("wire, view as JSON", "median B", lambda r: statistics.median(r["views"])),
    (
        "wire, view JSON / delta",
        "x",
        lambda r: statistics.median(r["views"]) / statistics.median(r["bytes"]),
    ),
    ("wire, host CPU/action", "mean ms", lambda r: 1000 * statistics.mean(r["cpu"])),
    ("wire, host CPU/action", "p99 ms", lambda r: 1000 * _pct(r["cpu"], 0.99)),
    ("wire, actions", "decisions", lambda r: float(len(r["cpu"]))),
]


def wire_summary(run: dict) -> list[float]:
    """One :func:`wire_run`'s figures, in :data:`WIRE_MEASURES` order."""
    return [fn(run) for _, _, fn in WIRE_MEASURES]


def wire_figures(game_id: str, args: argparse.Namespace) -> list[Figure]:
    """The wire figures of ``game_id`` over ``args.runs`` games (seeds 1, 2, …); with
    ``args.wire_against`` (a commit) the same games on that commit's tree too, in
    alternating fresh processes (before, after, before, …), so both see the same load."""
    against = getattr(args, "wire_against", None)
    if not against:
        rows = [wire_summary(wire_run(game_id, seed)) for seed in range(1, args.runs + 1)]
        return [Figure(m, u, [r[i] for r in rows]) for i, (m, u, _) in enumerate(WIRE_MEASURES)]
    import subprocess
    import tempfile

    from tools.bench_against import extract

    root = Path(__file__).resolve().parents[1]
    before_rows, after_rows = [], []
    with tempfile.TemporaryDirectory(prefix="tapete-wire-") as tmp:
        old = extract(against, Path(tmp))
        # This file beside the old tree's own (as tools._wire_bench: no path insert), so
        # the same measure runs the old host.
        (old / "tools" / "_wire_bench.py").write_text(Path(__file__).read_text())
        probe = (
            "import json, sys\n"
            "from {mod} import wire_run, wire_summary\n"
            "print(json.dumps(wire_summary(wire_run(sys.argv[1], int(sys.argv[2])))))\n"
        )
        for seed in range(1, args.runs + 1):
            for tree, mod, rows in (
                (old, "tools._wire_bench", before_rows),
                (root, "tools.bench", after_rows),
            ):
                out = subprocess.run(
                    [sys.executable, "-c", probe.format(mod=mod), game_id, str(seed)],
                    env=dict(os.environ, PYTHONPATH=str(tree)),
                    cwd=tree,
                    capture_output=True,
                    text=True,
                    check=True,
                )
                rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
    out = []
    for i, (m, u, _) in enumerate(WIRE_MEASURES):
        out.append(Figure(f"{m} [{against[:9]}]", u, [r[i] for r in before_rows]))
        out.append(Figure(m, u, [r[i] for r in after_rows]))
    return out


for _gid in WIRE_TABLES:
    GAME_SECTIONS[_gid].append(
        lambda args, gid=_gid: [] if args.no_wire else wire_figures(gid, args)
    )


# --------------------------------------------------------------------------- sections
def common_figures(game_id: str, args: argparse.Namespace) -> list[Figure]:
    """The figures every game has: random play (main and fast path), bot times."""
    game = get_game(game_id)
    players = args.players or default_players(game)
    options = default_options(game)
    runs, seconds = args.runs, args.seconds
    out: list[Figure] = []
    paths = [("main path", random_play)]
    if has_fast_path(game):
        paths.append(("fast path", fast_random_play))
    for name, fn in paths:
        rs = [fn(game_id, seconds, players, options, seed=r * 1000) for r in range(runs)]
        out.append(Figure(f"random play, {name}", "decisions/s", [r["decisions/s"] for r in rs]))
        out.append(Figure(f"random play, {name}", "games/s", [r["games/s"] for r in rs]))
        if all(r["rounds/s"] is not None for r in rs):
            out.append(Figure(f"random play, {name}", "rounds/s", [r["rounds/s"] for r in rs]))
    for level in args.levels:
        ds = [
            decision_times(game_id, level, seconds, players, options, args.budget, r, args.samples)
            for r in range(runs)
        ]
        out.append(Figure(f"bot {level}", "median ms", [d["median_ms"] for d in ds]))
        out.append(Figure(f"bot {level}", "p99 ms", [d["p99_ms"] for d in ds]))
        out.append(Figure(f"bot {level}", "decisions", [float(d["decisions"]) for d in ds]))
    return out


def section(game_id: str, args: argparse.Namespace) -> str:
    """One game's printed section."""
    game = get_game(game_id)
    players = args.players or default_players(game)
    options = default_options(game)
    lines = [
        f"== {game_id}: {players} players, options {options or 'default'}, "
        f"{args.runs} runs of {args.seconds:g} s a figure; {load()}"
    ]
    if args.wire_only:
        players, options = WIRE_TABLES[game_id]
        lines[0] = (
            f"== {game_id} on the wire: {players} seats, options {options}, {args.runs} "
            f"games of normal bots; {load()}"
        )
        figures = wire_figures(game_id, args)
    else:
        figures = common_figures(game_id, args)
        for fn in GAME_SECTIONS.get(game_id, []):
            figures += fn(args)
    lines += [f.line(game_id) for f in figures]
    if not has_fast_path(game) and not args.wire_only:
        lines.append("random play, fast path      (no Game.simulation yet)")
    lines.append(f"   end of {game_id}: {load()}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line; returns the exit status."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="all", help="a game id, several (comma), or all")
    p.add_argument("--seconds", type=float, default=2.0, help="time for each run of a figure")
    p.add_argument("--runs", type=int, default=3, help="runs of each figure")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--levels", default=",".join(LEVELS))
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds a decision for bots with a time budget (default: theirs)",
    )
    p.add_argument("--samples", type=int, default=None, help="samples a decision for search bots")
    p.add_argument(
        "--client-seconds",
        type=float,
        default=8.0,
        help="time for each run of a client figure (frames, idle CPU)",
    )
    p.add_argument(
        "--no-client", "--no-frames", action="store_true", help="skip the client section"
    )
    p.add_argument(
        "--client-only", action="store_true", help="only the client section (no game sections)"
    )
    p.add_argument(
        "--client-against",
        metavar="TREE",
        default=None,
        help="also measure the window of this checkout (e.g. an earlier commit unpacked "
        "with git archive), runs alternating",
    )
    p.add_argument("--no-wire", action="store_true", help="skip the wire figures")
    p.add_argument(
        "--wire-only",
        action="store_true",
        help="only the wire figures (Take 5 and Guandan; implies --no-client)",
    )
    p.add_argument(
        "--wire-against",
        metavar="COMMIT",
        default=None,
        help="with --wire-only: the same games on COMMIT's tree too, alternating runs",
    )
    args = p.parse_args(argv)
    args.levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    games = available_games() if args.game == "all" else args.game.split(",")
    if args.wire_only:
        args.no_client = True
        games = [g for g in games if g in WIRE_TABLES] if args.game != "all" else list(WIRE_TABLES)
    if args.runs < 1:
        print("bench: --runs must be >= 1", file=sys.stderr)
        return 2
    try:
        for gid in games:
            get_game(gid)
        for gid in games if not args.client_only else ():
            print(section(gid, args), flush=True)
    except (KeyError, RuleError) as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    if not args.no_client:
        try:
            print(client_section(games, args), flush=True)
        except Exception as exc:  # the client's own failure: report, do not hide
            print(f"client: failed: {type(exc).__name__}: {exc}")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
