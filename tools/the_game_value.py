"""Fit The Game's cut-off evaluation (``engine/the_game/search.py`` ``VALUE``): the
rollout policy plays whole games from fresh deals; at the start of every turn the
table's :func:`~engine.the_game.search.value_features` are recorded with the game's
final cards left and whether it was won; least squares (a small ridge) gives the
weights per player count and end rule. Prints the ``VALUE`` table to paste.

    python3 tools/the_game_value.py --games 3000 --seed 900000
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.the_game import GAME  # noqa: E402
from engine.the_game.search import Rollout, rollout_code, value_features  # noqa: E402


def samples(players: int, published: bool, games: int, seed: int):
    """``(features, cards left, won)`` at every turn start of ``games`` rollouts."""
    rows = []
    for g in range(games):
        sim = Rollout.from_state(GAME.setup(players, seed + g), published=published)
        seen = []
        while not sim.over and not sim.stopped:
            seen.append(value_features(sim))
            sim.play(sim.turn, rollout_code(sim, sim.turn))
        left = sim.cards_left()
        rows += [(f, float(left), float(left == 0)) for f in seen]
    return rows


def least_squares(xs: list[list[float]], ys: list[float], ridge: float = 1e-6) -> list[float]:
    """Weights ``w`` minimising ``sum((w·x - y)^2) + ridge·n·|w|^2`` (normal equations,
    Gaussian elimination with partial pivoting)."""
    k = len(xs[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(xs, ys, strict=True):
        for i in range(k):
            xi = x[i]
            if xi:
                b[i] += xi * y
                row = a[i]
                for j in range(k):
                    row[j] += xi * x[j]
    for i in range(k):
        a[i][i] += ridge * len(xs)
    for col in range(k):
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv], b[col], b[piv] = a[piv], a[col], b[piv], b[col]
        for r in range(col + 1, k):
            f = a[r][col] / a[col][col]
            if f:
                for j in range(col, k):
                    a[r][j] -= f * a[col][j]
                b[r] -= f * b[col]
    w = [0.0] * k
    for i in reversed(range(k)):
        w[i] = (b[i] - sum(a[i][j] * w[j] for j in range(i + 1, k))) / a[i][i]
    return w


def r2(xs, ys, w) -> float:
    m = sum(ys) / len(ys)
    tot = sum((y - m) ** 2 for y in ys) or 1.0
    res = sum(
        (sum(a * b for a, b in zip(w, x, strict=True)) - y) ** 2
        for x, y in zip(xs, ys, strict=True)
    )
    return 1 - res / tot


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=3000, help="games per player count and rule")
    p.add_argument("--seed", type=int, default=900000)
    p.add_argument("--players", default="1,2,3,4,5")
    args = p.parse_args(argv)
    print("VALUE = {")
    for n in [int(x) for x in args.players.split(",")]:
        for rule in ("ours", "published"):
            rows = samples(n, rule == "published", args.games, args.seed)
            xs = [r[0] for r in rows]
            left = least_squares(xs, [r[1] for r in rows])
            win = least_squares(xs, [r[2] for r in rows])
            fmt = ", ".join
            print(
                f"    ({n}, {rule!r}): (  # {len(rows)} turns, R² left "
                f"{r2(xs, [r[1] for r in rows], left):.2f}, "
                f"win {r2(xs, [r[2] for r in rows], win):.2f}"
            )
            print(f"        ({fmt(f'{w:.4g}' for w in left)}),")
            print(f"        ({fmt(f'{w:.4g}' for w in win)}),")
            print("    ),", flush=True)
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
