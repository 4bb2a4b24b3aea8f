"""Teamplay bot tournament: seeded games between bot levels, seats rotated each game.

    nice python3 tools/teamplay_tournament.py --games 1000 --players 4 --seats normal,easy

``--seats`` lists one level per side and repeats over the seats (4 players with
``normal,easy``: seats 0 and 2 normal, 1 and 3 easy); every second game the levels
move one seat on, so each side starts equally often. Prints each level's win rate
(a shared win counts as a share), mean points and missions of its side, and time."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_bot, get_game  # noqa: E402


def play(players: int, levels: list[str], seed: int, max_actions: int = 20000):
    """One game; returns the :class:`Outcome` and the number of actions."""
    game = get_game("teamplay")
    state = game.setup(players, seed)
    bots = [get_bot("teamplay", lv, seed=seed * 31 + s) for s, lv in enumerate(levels)]
    for n in range(max_actions):
        if game.is_over(state):
            return game.result(state), n
        seat = state.seat
        action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
    raise RuntimeError(f"seed {seed}: no end after {max_actions} actions")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seats", default="normal,easy")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    sides = args.seats.split(",")
    wins: dict[str, float] = {}
    points: dict[str, list[int]] = {}
    missions: dict[str, list[int]] = {}
    seats_of: dict[str, int] = {}
    actions = 0
    start = time.perf_counter()
    for g in range(args.games):
        shift = g % 2 if args.players % 2 == 0 else g % args.players
        levels = [sides[(s + shift) % len(sides)] for s in range(args.players)]
        out, n = play(args.players, levels, args.seed + g)
        actions += n
        teams = out.details["teams"]
        for t, seats in enumerate(teams):
            lv = levels[seats[0]]
            points.setdefault(lv, []).append(out.details["points"][t])
            missions.setdefault(lv, []).append(out.details["missions"][t])
            seats_of[lv] = seats_of.get(lv, 0) + 1
        won = [t for t, seats in enumerate(teams) if seats[0] in out.winners]
        for t in won:
            lv = levels[teams[t][0]]
            wins[lv] = wins.get(lv, 0.0) + 1.0 / len(won)
    took = time.perf_counter() - start
    print(f"teamplay, {args.players} players, {args.games} games, seats {args.seats}, "
          f"seeds {args.seed}..{args.seed + args.games - 1}")
    for lv in dict.fromkeys(sides):
        share = wins.get(lv, 0.0) / args.games
        pts = sum(points[lv]) / len(points[lv])
        ms = sum(missions[lv]) / len(missions[lv])
        print(f"  {lv:7s} wins {share:6.1%} of games  mean points per side {pts:5.2f}  "
              f"missions {ms:4.2f}")
    print(f"  {took / args.games * 1000:.0f} ms per game, {actions / args.games:.0f} actions")


if __name__ == "__main__":
    main()
