"""Guandan bot duels and random-play speed (a stand-in until tools/tournament.py and
tools/bench.py cover Guandan).

    python3 tools/guandan_match.py bench [--seconds 20]
    python3 tools/guandan_match.py duel normal easy [--deals 1] [--games N]
        [--minutes 10] [--budget 0.25]

``duel A B``: team 0 (seats 0 & 2) plays level A, team 1 level B; every seed is
played twice with the teams swapped (same cards, seats exchanged) and the win rate
of A's team is reported. ``--deals 1`` scores single deals (the team of 1st place
wins); ``--deals 0`` plays whole matches.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.guandan import GAME  # noqa: E402
from engine.guandan.bots import make_bot  # noqa: E402


def bench(seconds: float) -> None:
    """Random play: decisions (legal_actions + uniform choice + apply) a second."""
    steps = deals = games = 0
    t0 = time.perf_counter()
    seed = 0
    while time.perf_counter() - t0 < seconds:
        rng = random.Random(seed)
        state = GAME.setup(4, seed)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.awaiting(state)))
            legal = GAME.legal_actions(state, seat)
            state, _ = GAME.apply(state, seat, rng.choice(legal))
            steps += 1
        deals += state.deal
        games += 1
        seed += 1
    dt = time.perf_counter() - t0
    print(
        f"random play: {steps} decisions in {dt:.1f}s = {steps / dt:,.0f} decisions/s "
        f"({games} full matches, {deals} deals, {steps / max(1, deals):.0f} decisions a deal)"
    )


SETTINGS: dict = {}  # bot attributes to override (--set name=value), e.g. endgame=80


def play(levels: list[str], seed: int, deals: int | None, budget: float) -> tuple[int, int]:
    """One seeded match, team 0 at ``levels[0]``: ``(winning team, decisions)``."""
    opts = {"deals": deals} if deals else {}
    state = GAME.setup(4, seed, opts)
    bots = [make_bot(levels[s % 2], seed * 10 + s) for s in range(4)]
    for b in bots:
        if hasattr(b, "budget"):
            b.budget = budget
        for name, value in SETTINGS.items():
            if hasattr(b, name):
                setattr(b, name, value)
    n = 0
    while not GAME.is_over(state):
        seat = min(GAME.awaiting(state))
        legal = GAME.legal_actions(state, seat)
        action = bots[seat].choose(GAME.view(state, seat), legal)
        state, _ = GAME.apply(state, seat, action)
        n += 1
    if deals == 1:
        return state.history[-1][4], n
    return state.winner, n


def duel(a: str, b: str, games: int, minutes: float, deals: int | None, budget: float) -> None:
    """Play seeds 0.. in both seatings until ``games`` seeds or ``minutes`` are done."""
    t0 = time.perf_counter()
    wins = played = decisions = 0
    for seed in range(games):
        if time.perf_counter() - t0 > minutes * 60:
            break
        for swap in (False, True):
            levels = [b, a] if swap else [a, b]
            w, n = play(levels, seed, deals, budget)
            wins += (w == 1) if swap else (w == 0)
            played += 1
            decisions += n
    dt = time.perf_counter() - t0
    unit = "deals" if deals == 1 else "matches"
    rate = wins / max(1, played)
    half = 1.96 * (rate * (1 - rate) / max(1, played)) ** 0.5
    print(
        f"{a} vs {b}: {a}'s team won {wins}/{played} {unit} = {rate:.1%} (±{half:.1%} at "
        f"95%); {played // 2} seeds in both seatings, {decisions} decisions, {dt:.0f}s"
    )


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description="Guandan bot duels and random-play speed")
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bench")
    b.add_argument("--seconds", type=float, default=20)
    d = sub.add_parser("duel")
    d.add_argument("a")
    d.add_argument("b")
    d.add_argument("--games", type=int, default=100000)
    d.add_argument("--minutes", type=float, default=10)
    d.add_argument("--deals", type=int, default=1)
    d.add_argument("--budget", type=float, default=0.25)
    d.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=NUMBER",
        help="override a bot attribute (e.g. endgame=80) where it exists",
    )
    args = p.parse_args(argv)
    if args.cmd == "bench":
        bench(args.seconds)
    else:
        for item in args.set:
            name, _, value = item.partition("=")
            SETTINGS[name] = float(value) if "." in value else int(value)
        duel(args.a, args.b, args.games, args.minutes, args.deals or None, args.budget)


if __name__ == "__main__":
    main()
