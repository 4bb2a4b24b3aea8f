"""Bot tournaments for any Tapete game, played directly on the engine.

    python3 tools/tournament.py take5 --games 200 --players 4 --seats hard,normal,easy,easy
    python3 tools/tournament.py take5 --games 300 --seats hard,normal,easy --mixed
    python3 tools/tournament.py the-game --games 100 --players 3 --seats normal,normal,normal

Game ``g`` is set up with seed ``seed + g``; the seat order rotates by one seat a game
so every level sits in every seat equally often (no seat bias). With ``--mixed`` each
game draws a pool of 3–6 seats (the counts the game accepts) and a level per seat
from ``--seats`` (repeats weight the draw). Per level it prints the seats played, the
win rate (a shared win — equal lowest totals, a cooperative win, a winning team —
counts as a win for every winner), the mean score in the game's unit (Take 5:
bullheads a game) and the decision time. Bots with a ``budget`` attribute (Take 5
``hard``) get ``--budget`` seconds a decision when it is given.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_bot, get_game  # noqa: E402
from engine.core import RuleError  # noqa: E402

#: What a game's ``Outcome.scores`` count (for the printed table).
SCORE_UNITS = {
    "take5": "bullheads",
    "the-game": "cards left",
    "teamplay": "points",
    "sequence-numbers": "sequences",
    "guandan": "level",
}
MAX_ACTIONS = 200_000  # a game that has not ended by then is counted as unfinished


@dataclass
class LevelStats:
    """Totals for one bot level over a tournament."""

    seats: int = 0
    wins: int = 0
    score: float = 0.0
    times: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def mean_score(self) -> float:
        return self.score / self.seats if self.seats else 0.0

    def margin(self) -> float:
        """Half-width of a 95% interval of the win rate (normal approximation)."""
        if not self.seats:
            return 0.0
        p = self.win_rate
        return 1.96 * math.sqrt(p * (1 - p) / self.seats)

    def time_ms(self) -> tuple[float, float]:
        """(median, p99) decision time in milliseconds."""
        if not self.times:
            return 0.0, 0.0
        xs = sorted(self.times)
        return 1000 * statistics.median(xs), 1000 * xs[min(len(xs) - 1, int(0.99 * len(xs)))]


@dataclass
class Tournament:
    """The result of :func:`run`: per-level stats and a few totals."""

    game: str
    games: int
    stats: dict[str, LevelStats]
    pools: dict[int, int]
    unfinished: int
    seconds: float


def valid_counts(game, lo: int, hi: int, options: dict) -> list[int]:
    """Player counts in ``lo..hi`` that ``game`` accepts with ``options``."""
    out = []
    for n in range(max(lo, game.min_players), min(hi, game.max_players) + 1):
        try:
            game.setup(n, 0, options)
        except RuleError:
            continue
        out.append(n)
    return out


def play_game(
    game_id: str,
    levels: list[str],
    seed: int,
    options: dict,
    budget: float | None,
    stats: dict[str, LevelStats],
):
    """Play one game with ``levels[seat]`` bots; adds to ``stats``. Returns the
    ``Outcome`` or None when the game did not end within ``MAX_ACTIONS``."""
    game = get_game(game_id)
    bots = [get_bot(game_id, level, seed=seed * 1000 + s) for s, level in enumerate(levels)]
    if budget is not None:
        for b in bots:
            if hasattr(b, "budget"):
                b.budget = budget
    state = game.setup(len(levels), seed, options)
    clock = time.perf_counter
    for _ in range(MAX_ACTIONS):
        if game.is_over(state):
            break
        seat = min(game.awaiting(state))
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        t0 = clock()
        action = bots[seat].choose(view, legal)
        stats[levels[seat]].times.append(clock() - t0)
        state, _ = game.apply(state, seat, action)
    else:
        return None
    out = game.result(state)
    for s, level in enumerate(levels):
        st = stats[level]
        st.seats += 1
        st.wins += s in out.winners
        st.score += out.scores[s]
    return out


def run(
    game_id: str,
    games: int,
    seats: list[str],
    players: int | None = None,
    seed: int = 0,
    options: dict | None = None,
    mixed: bool = False,
    budget: float | None = None,
    progress: bool = True,
) -> Tournament:
    """Play ``games`` seeded games; see the module docstring. Raises ``KeyError`` for
    an unknown game or level, ``ValueError`` for seats that do not fit."""
    game = get_game(game_id)
    options = dict(options or {})
    for level in set(seats):
        get_bot(game_id, level)  # unknown level → KeyError now, not mid-run
    stats = {level: LevelStats() for level in dict.fromkeys(seats)}
    pools: dict[int, int] = {}
    draw = random.Random(seed)
    if mixed:
        counts = valid_counts(game, 3, 6, options)
        if not counts:
            raise ValueError(f"{game_id} accepts no pool of 3–6 seats")
    else:
        players = players or len(seats)
        if len(seats) != players:
            raise ValueError(f"--seats names {len(seats)} levels for {players} players")
    unfinished = 0
    start = time.perf_counter()
    rounds = range(games)
    if progress:
        from tqdm import tqdm

        rounds = tqdm(rounds, desc=game_id, unit="game", file=sys.stderr)
    for g in rounds:
        if mixed:
            n = draw.choice(counts)
            levels = [draw.choice(seats) for _ in range(n)]
        else:
            k = g % players
            levels = seats[k:] + seats[:k]
        pools[len(levels)] = pools.get(len(levels), 0) + 1
        if play_game(game_id, levels, seed + g, options, budget, stats) is None:
            unfinished += 1
    return Tournament(game_id, games, stats, pools, unfinished, time.perf_counter() - start)


def report(t: Tournament, options: dict, budget: float | None) -> str:
    """The printed table of a tournament."""
    unit = SCORE_UNITS.get(t.game, "score")
    lines = [
        f"{t.game}: {t.games} games in {t.seconds:.1f} s; pools "
        + ", ".join(f"{n} seats ×{c}" for n, c in sorted(t.pools.items()))
        + f"; options {json.dumps(options, sort_keys=True)}"
        + (f"; budget {budget:g} s a decision" if budget is not None else "")
    ]
    if t.unfinished:
        lines.append(f"unfinished games (no end after {MAX_ACTIONS} actions): {t.unfinished}")
    lines.append(
        f"{'level':<8} {'seats':>6} {'win rate':>14} {'mean ' + unit:>16} "
        f"{'decision ms median':>19} {'p99':>8}"
    )
    for level, st in t.stats.items():
        med, p99 = st.time_ms()
        win = f"{100 * st.win_rate:5.1f}% ±{100 * st.margin():.1f}"
        lines.append(
            f"{level:<8} {st.seats:>6} {win:>14} {st.mean_score:>16.1f} {med:>19.2f} {p99:>8.2f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line; returns the exit status."""
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("game", help="game id, e.g. take5")
    p.add_argument("--games", type=int, default=100)
    p.add_argument(
        "--players", type=int, default=None, help="seats a game (default: the number of --seats)"
    )
    p.add_argument(
        "--seats",
        default="hard,normal,easy,easy",
        help="comma-separated levels, one a seat (with --mixed: the pool to draw)",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--options", default="{}", help="game options as JSON")
    p.add_argument("--mixed", action="store_true", help="random pools of 3–6 seats")
    p.add_argument(
        "--budget",
        type=float,
        default=None,
        help="seconds a decision for bots with a time budget (Take 5 hard)",
    )
    p.add_argument("--no-progress", action="store_true")
    args = p.parse_args(argv)
    seats = [s.strip() for s in args.seats.split(",") if s.strip()]
    try:
        options = json.loads(args.options)
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
        t = run(
            args.game,
            args.games,
            seats,
            args.players,
            args.seed,
            options,
            args.mixed,
            args.budget,
            progress=not args.no_progress,
        )
    except (KeyError, ValueError, RuleError) as exc:
        print(f"tournament: {exc}", file=sys.stderr)
        return 2
    print(report(t, options, args.budget))
    return 0


if __name__ == "__main__":
    sys.exit(main())
