"""Seeded bot tournament for Sequence Numbers (until ``tools/tournament.py`` covers it).

    python3 tools/sequence_numbers_tournament.py --games 2000 --players 2 --seats normal,easy

Seats take turns at starting: game ``g`` rotates the level list by ``g``. Prints games,
wins per level, draws, and the mean number of turns.
"""

from __future__ import annotations

import argparse
import sys
import time

from engine import get_bot
from engine.sequence_numbers import GAME


def play(levels: list[str], seed: int, options: dict) -> tuple[tuple[int, ...], list[str], int]:
    """One seeded game; returns (winning seats, the seat levels, turns)."""
    n = len(levels)
    rot = seed % n
    seats = levels[rot:] + levels[:rot]
    bots = [get_bot("sequence-numbers", lv, seed=seed * 31 + s) for s, lv in enumerate(seats)]
    state = GAME.setup(n, seed, options)
    while not GAME.is_over(state):
        seat = state.turn
        action = bots[seat].choose(GAME.view(state, seat), GAME.legal_actions(state, seat))
        state, _ = GAME.apply(state, seat, action)
    out = GAME.result(state)
    return out.winners, seats, state.turns


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--players", type=int, default=2)
    p.add_argument(
        "--seats",
        default="normal,easy",
        help="levels, one per seat (teams alternate: seat s plays colour s%%teams)",
    )
    p.add_argument("--teams", type=int, default=None)
    p.add_argument("--first-seed", type=int, default=0)
    args = p.parse_args(argv)
    levels = args.seats.split(",")
    if len(levels) != args.players:
        p.error("give one level per seat")
    options = {"teams": args.teams} if args.teams else {}
    wins: dict[str, int] = {}
    draws = turns = 0
    t0 = time.perf_counter()
    for g in range(args.first_seed, args.first_seed + args.games):
        winners, seats, t = play(levels, g, options)
        turns += t
        if not winners:
            draws += 1
        for lv in sorted({seats[s] for s in winners}):
            wins[lv] = wins.get(lv, 0) + 1
    dt = time.perf_counter() - t0
    print(
        f"{args.games} games, {args.players} players, seats {args.seats}: "
        + ", ".join(f"{lv} won {w} ({100 * w / args.games:.1f}%)" for lv, w in sorted(wins.items()))
        + f", draws {draws}; mean turns {turns / args.games:.1f}; {dt:.0f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
