"""Teamplay bot tournament: seeded games between bot levels, seats rotated each game.

    nice python3 tools/teamplay_tournament.py --games 1000 --players 4 --seats normal,easy

``--seats`` lists one level per side (a team of partners, or a lone player) and
repeats over the sides (4 players with ``normal,easy``: seats 0 and 2 normal, 1 and 3
easy; 6 players with ``hard,normal,normal``: team 0&3 hard). Game ``g`` moves the
levels on by ``g`` sides, so each level starts equally often. Prints each level's win
rate (a shared win counts as a share), mean points and missions per side, and time."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_bot, get_game  # noqa: E402
from engine.teamplay.state import team_of, teams  # noqa: E402


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
        n_sides = len(teams(args.players))
        levels = [
            sides[(team_of(s, args.players) + g) % n_sides % len(sides)]
            for s in range(args.players)
        ]
        out, n = play(args.players, levels, args.seed + g)
        actions += n
        table = out.details["teams"]
        for t, seats in enumerate(table):
            lv = levels[seats[0]]
            points.setdefault(lv, []).append(out.details["points"][t])
            missions.setdefault(lv, []).append(out.details["missions"][t])
            seats_of[lv] = seats_of.get(lv, 0) + 1
        won = [t for t, seats in enumerate(table) if seats[0] in out.winners]
        for t in won:
            lv = levels[table[t][0]]
            wins[lv] = wins.get(lv, 0.0) + 1.0 / len(won)
    took = time.perf_counter() - start
    print(
        f"teamplay, {args.players} players, {args.games} games, seats {args.seats}, "
        f"seeds {args.seed}..{args.seed + args.games - 1}"
    )
    for lv in dict.fromkeys(sides):
        share = wins.get(lv, 0.0) / args.games
        # With k sides of one level, a fair share of wins is k / (number of sides).
        pts = sum(points[lv]) / len(points[lv])
        ms = sum(missions[lv]) / len(missions[lv])
        print(
            f"  {lv:7s} wins {share:6.1%} of games  mean points per side {pts:5.2f}  "
            f"missions {ms:4.2f}"
        )
    print(f"  {took / args.games * 1000:.0f} ms per game, {actions / args.games:.0f} actions")


if __name__ == "__main__":
    main()
