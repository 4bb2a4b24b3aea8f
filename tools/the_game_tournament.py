"""Seeded bot tournaments for The Game: every seat at one level, per player count.

Usage: ``python3 tools/the_game_tournament.py --level normal --games 2000 --players 1,2,3,4,5
[--seed 0] [--jobs 1] [--param key=value ...]``. Prints, per player count: games,
win rate, mean cards left, share with fewer than 10 cards left (the-game.md "End"),
mean seconds per bot decision."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.the_game import GAME  # noqa: E402
from engine.the_game.bots import make_bot  # noqa: E402


def play(args: tuple) -> tuple[int, float, int]:
    """One game: ``(cards_left, bot seconds, decisions)``."""
    level, players, seed, params, options = args
    state = GAME.setup(players, seed, options)
    bots = [make_bot(level, seed * 10 + s) for s in range(players)]
    if params:
        for b in bots:
            b.params = {**b.params, **params}
    spent, decisions = 0.0, 0
    while not GAME.is_over(state):
        seat = state.turn
        legal = GAME.legal_actions(state, seat)
        t0 = time.perf_counter()
        action = bots[seat].choose(GAME.view(state, seat), legal)
        spent += time.perf_counter() - t0
        decisions += 1
        state, _ = GAME.apply(state, seat, action)
    return GAME.result(state).details["cards_left"], spent, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="normal")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="1,2,3,4,5")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--expert", action="store_true")
    ap.add_argument("--param", action="append", default=[], help="bot knob key=value")
    a = ap.parse_args()
    params = {}
    for kv in a.param:
        k, v = kv.split("=", 1)
        params[k] = json.loads(v)
    options = {"expert": True} if a.expert else {}
    for n in [int(x) for x in a.players.split(",")]:
        jobs = [(a.level, n, a.seed + g, params, options) for g in range(a.games)]
        t0 = time.perf_counter()
        if a.jobs > 1:
            with multiprocessing.Pool(a.jobs) as pool:
                res = pool.map(play, jobs, chunksize=8)
        else:
            res = [play(j) for j in jobs]
        left = [r[0] for r in res]
        dec = sum(r[2] for r in res)
        wins = sum(1 for x in left if x == 0)
        print(
            f"{a.level:6s} players={n} games={len(left)} win={wins / len(left):.1%} "
            f"mean_left={sum(left) / len(left):.2f} "
            f"under10={sum(1 for x in left if x < 10) / len(left):.1%} "
            f"s/decision={sum(r[1] for r in res) / max(1, dec):.5f} "
            f"wall={time.perf_counter() - t0:.0f}s",
            flush=True,
        )


if __name__ == "__main__":
    main()
