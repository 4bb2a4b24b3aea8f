"""Benchmarks for any Tapete game: random play, bot decision times, client frames.

    python3 tools/bench.py                      # Take 5, 5 s a measure
    python3 tools/bench.py --game the-game --seconds 2

Prints (figures are CPU-bound and noisy on a shared machine; tests never assert on
them):

* random play through the public verbs (``awaiting``, ``legal_actions``, ``apply``)
  with uniformly random legal actions: decisions/s and games/s, and rounds/s for games
  whose state counts rounds (Take 5: target >= 3,000 rounds/s at 4 players);
* each bot level's decision time, median and p99, with every seat at that level
  (targets for Take 5: normal <= 20 ms p99, hard <= 500 ms p99 at its default budget);
* :func:`frame_bench`: the client's frame times from ``client.bench.frame_times``
  when the client provides it.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_bot, get_game  # noqa: E402
from engine.bots import LEVELS  # noqa: E402
from engine.core import RuleError  # noqa: E402

#: Player count benchmarked when ``--players`` is not given.
DEFAULT_PLAYERS = {"take5": 4, "the-game": 3, "teamplay": 4, "sequence-numbers": 2, "guandan": 4}
#: Targets printed beside the figures: (measure, level or None) → limit.
TARGETS = {
    "take5": {"rounds/s": 3000.0, ("p99", "normal"): 20.0, ("p99", "hard"): 500.0},
    "guandan": {"decisions/s": 7000.0},
}


def default_players(game) -> int:
    return DEFAULT_PLAYERS.get(game.id, game.min_players)


def default_options(game) -> dict:
    """The options a benchmark plays with: the game's ``contract_options`` (a shorter
    match where a random full game would be endless), else the defaults."""
    return dict(getattr(game, "contract_options", {}))


def random_play(game_id: str, seconds: float, players: int, options: dict, seed: int = 0) -> dict:
    """Random legal play for about ``seconds`` of CPU time (at least one game).

    Returns ``{"decisions", "games", "rounds" (None if the state has no ``round``),
    "seconds", "decisions/s", "games/s", "rounds/s"}``."""
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
    took = max(clock() - start, 1e-9)
    return {
        "decisions": decisions,
        "games": games,
        "rounds": rounds if has_rounds else None,
        "seconds": took,
        "decisions/s": decisions / took,
        "games/s": games / took,
        "rounds/s": rounds / took if has_rounds else None,
    }


def decision_times(
    game_id: str,
    level: str,
    seconds: float,
    players: int,
    options: dict,
    budget: float | None = None,
    seed: int = 0,
) -> dict:
    """Time ``level``'s ``choose`` with every seat at that level, for about ``seconds``
    of wall time (at least one decision). Returns ``{"decisions", "median_ms",
    "p99_ms", "max_ms"}``."""
    game = get_game(game_id)
    times: list[float] = []
    end = time.perf_counter() + seconds
    g = 0
    while not times or time.perf_counter() < end:
        bots = [get_bot(game_id, level, seed=seed * 1000 + g * 10 + s) for s in range(players)]
        if budget is not None:
            for b in bots:
                if hasattr(b, "budget"):
                    b.budget = budget
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


def frame_bench(seconds: float) -> dict | None:
    """The client's frame benchmark: ``client.bench.frame_times(seconds)`` (median
    and p99 frame ms, start-to-first-frame ms) if the client provides it, else None."""
    try:
        bench = importlib.import_module("client.bench")
    except ModuleNotFoundError as exc:
        if exc.name in ("client", "client.bench"):
            return None
        raise
    return bench.frame_times(seconds)


def _verdict(value: float, limit: float | None, higher_is_better: bool) -> str:
    if limit is None:
        return ""
    ok = value >= limit if higher_is_better else value <= limit
    return (
        f"  (target {'>=' if higher_is_better else '<='} {limit:,.0f}: {'ok' if ok else 'MISSED'})"
    )


def main(argv: list[str] | None = None) -> int:
    """Command line; returns the exit status."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="take5")
    p.add_argument("--seconds", type=float, default=5.0, help="time for each measure")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--levels", default=",".join(LEVELS))
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        help="override the time budget of bots that have one (default: theirs)",
    )
    p.add_argument("--no-frames", action="store_true", help="skip the client frame bench")
    args = p.parse_args(argv)
    try:
        game = get_game(args.game)
    except KeyError as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    players = args.players or default_players(game)
    options = default_options(game)
    targets = TARGETS.get(game.id, {})
    print(
        f"{game.id}: {players} players, options {options or 'default'}, "
        f"{args.seconds:g} s a measure (shared machines are noisy)"
    )
    try:
        rp = random_play(game.id, args.seconds, players, options)
    except RuleError as exc:
        print(f"bench: {exc}", file=sys.stderr)
        return 2
    line = f"random play: {rp['decisions/s']:,.0f} decisions/s"
    line += _verdict(rp["decisions/s"], targets.get("decisions/s"), True)
    line += f", {rp['games/s']:,.1f} games/s"
    if rp["rounds/s"] is not None:
        line += f", {rp['rounds/s']:,.0f} rounds/s"
        line += _verdict(rp["rounds/s"], targets.get("rounds/s"), True)
    print(line + f"  [{rp['games']} games, {rp['seconds']:.1f} s CPU]")
    for level in [x.strip() for x in args.levels.split(",") if x.strip()]:
        d = decision_times(game.id, level, args.seconds, players, options, args.budget)
        print(
            f"bot {level}: median {d['median_ms']:.2f} ms, p99 {d['p99_ms']:.2f} ms, "
            f"max {d['max_ms']:.2f} ms over {d['decisions']} decisions"
            + _verdict(d["p99_ms"], targets.get(("p99", level)), False)
        )
    if not args.no_frames:
        try:
            f = frame_bench(args.seconds)
        except Exception as exc:  # the client's own failure: report, do not hide
            print(f"frame: client.bench failed: {type(exc).__name__}: {exc}")
        else:
            if f is None:
                print("frame: client.bench not available")
            else:
                print(
                    "frame: "
                    + ", ".join(
                        f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}" for k, v in f.items()
                    )
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
