"""Bot tournaments for every Tapete game, played on the engine, on all cores.

    python3 tools/tournament.py pool take5 --seats hard,normal,easy,gap,random --games 300
    python3 tools/tournament.py pool take5 --seats hard,normal,easy --mixed --counts 3,4,5,6
    python3 tools/tournament.py duel guandan hard normal --games 200 --duplicate \\
        --options '{"deals": 1}'
    python3 tools/tournament.py sweep sequence-numbers hard normal --param c=0.3,0.7,1.4
    python3 tools/tournament.py pool the-game --seats published,published --games 1000

Bots are named ``easy|normal|hard`` (the game's levels) or a baseline from
:mod:`tools.baselines` (``random`` for every game, Take 5 ``gap``, The Game
``published``), each with optional settings after colons: ``hard:samples=200:c=0.5``
sets the bot's attribute (or its ``params`` entry) of that name; values are read as
JSON when they parse, else kept as text.

Modes:

* ``pool`` — one bot spec per seat (``--seats``), the seats rotated by one each game so
  every spec sits everywhere equally often; ``--mixed`` draws each game's seat count
  from ``--counts`` and a spec per seat from ``--seats`` instead. Per spec: seats
  played, win rate (a shared win counts for every winner), mean score.
* ``duel A B`` — two sides: teams where the game has them (Guandan partners, Teamplay
  and Sequence Numbers teams), else alternate seats; game ``g`` swaps the sides when
  ``g`` is odd. A's win share per game (1 if only A's side holds a winner, ½ if both
  do), A's mean score minus B's.
* ``sweep A B --param NAME=V1,V2,...`` — the duel once per value of A's setting NAME.
* ``--duplicate`` — each deal (seed) is played under every seating: a duel's two
  swaps, a pool's rotations, so luck of the deal cancels. Duels then also report the
  paired interval over deal pairs.

Game ``g`` uses the deal seed ``seed + g`` (``seed + g // k`` with ``--duplicate``
and ``k`` seatings); bots get seeds derived from the deal seed and the seat; the first
line prints everything needed to repeat the run. Intervals are 95%: Wilson for rates,
Student t for means (normal past 30 samples), paired t over deal pairs for
duplicates. The Game is scored under both end rules: ours (a player with no cards is
skipped once the draw pile is empty) and the published simulator's (the game ends when
such a player is due to play; :mod:`tools.baselines`), observed on the main path.

Decision times (ms median and p99 per bot) are wall time by default; ``--cpu`` takes
the CPU time of the process playing the game instead (``time.process_time``), which a
busy machine does not inflate: use it to compare decision times across runs.

Games run in ``--workers`` processes (default: every core; 1 = in this process);
``--ray [ADDRESS]`` spreads them over a Ray cluster instead (``pip install
'tapete[ray]'``; Ray is imported only in that mode).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import shlex
import statistics
import sys
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_bot, get_game  # noqa: E402
from engine.bots import LEVELS  # noqa: E402
from engine.core import RuleError  # noqa: E402
from tools.baselines import baseline, is_baseline  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: What a game's ``Outcome.scores`` count (for the printed tables).
SCORE_UNITS = {
    "take5": "bullheads",
    "the-game": "cards left",
    "teamplay": "points",
    "sequence-numbers": "sequences",
    "guandan": "level",
}
MAX_ACTIONS = 200_000  # a game that has not ended by then is counted as unfinished

#: 97.5% quantiles of Student's t for 1..30 degrees of freedom.
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201,
         2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074,
         2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)  # fmt: skip


# --------------------------------------------------------------------------- statistics
def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of a rate (``successes`` may hold
    halves for shared wins); ``(0, 1)`` for ``n == 0``."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def mean_interval(xs: list[float]) -> tuple[float, float]:
    """``(mean, half-width)`` of a 95% interval of the mean: Student t up to 30
    degrees of freedom, normal beyond; half-width ``inf`` with fewer than 2 values."""
    if not xs:
        return 0.0, math.inf
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, math.inf
    df = len(xs) - 1
    q = _T975[df - 1] if df <= len(_T975) else 1.96
    return m, q * statistics.stdev(xs) / math.sqrt(len(xs))


# --------------------------------------------------------------------------- bots
@dataclass(frozen=True)
class Spec:
    """A bot named on the command line: ``name`` and its settings ``params``."""

    name: str
    params: tuple = ()

    @classmethod
    def parse(cls, text: str) -> "Spec":
        """``"hard:samples=200:c=0.5"`` → ``Spec("hard", (("samples", 200), ("c", 0.5)))``;
        ``ValueError`` for a setting without ``=``."""
        name, *rest = [p.strip() for p in text.strip().split(":")]
        params = []
        for item in rest:
            key, eq, value = item.partition("=")
            if not eq or not key:
                raise ValueError(f"bot setting {item!r} in {text!r} is not NAME=VALUE")
            try:
                params.append((key, json.loads(value)))
            except json.JSONDecodeError:
                params.append((key, value))
        return cls(name, tuple(params))

    def __str__(self) -> str:
        return ":".join([self.name] + [f"{k}={json.dumps(v)}" for k, v in self.params])

    def with_param(self, key: str, value: Any) -> "Spec":
        return Spec(self.name, tuple((k, v) for k, v in self.params if k != key) + ((key, value),))


def make_bot(game_id: str, spec: Spec, seed: int | None = None):
    """The bot ``spec`` names for ``game_id``, its settings applied. ``KeyError`` for an
    unknown bot or a setting the bot does not have."""
    if spec.name in LEVELS:
        bot = get_bot(game_id, spec.name, seed=seed)
    elif is_baseline(game_id, spec.name):
        bot = baseline(game_id, spec.name, seed)
    else:
        baseline(game_id, spec.name)  # raises KeyError naming the known bots
    for key, value in spec.params:
        params = getattr(bot, "params", None)
        if hasattr(bot, key) and key != "params":
            setattr(bot, key, value)
        elif isinstance(params, dict) and key in params:
            bot.params = {**params, key: value}
        else:
            raise KeyError(f"bot {spec} has no setting {key!r}")
    return bot


# --------------------------------------------------------------------------- sides
def sides(game_id: str, state) -> list[int]:
    """The side (team) of each seat: Guandan partners, Teamplay teams at 4 and 6,
    Sequence Numbers colours, The Game one team; elsewhere every seat its own."""
    n = get_game(game_id).players(state)
    if game_id == "guandan":
        return [s % 2 for s in range(n)]
    if game_id == "teamplay":
        from engine.teamplay.state import team_of

        return [team_of(s, n) for s in range(n)]
    if game_id == "sequence-numbers":
        return list(state.colours)
    if game_id == "the-game":
        return [0] * n
    return list(range(n))


# --------------------------------------------------------------------------- one game
@dataclass(frozen=True)
class Job:
    """One game to play: ``index`` (its place in the run), ``seed`` (the deal),
    ``specs`` (one per seat), ``options``; for duels ``side_a`` (the seats of A);
    ``cpu``: time decisions in CPU seconds of the playing process, not wall."""

    index: int
    game: str
    seed: int
    specs: tuple[Spec, ...]
    options: tuple = ()
    side_a: tuple[int, ...] = ()
    cpu: bool = False


def play(job: Job) -> dict:
    """Play ``job``; returns a plain record: ``index, seed, specs (str), scores,
    winners, unfinished, actions, times ({spec: [seconds]}), clock ("cpu" or "wall":
    what times measured)`` and for The Game
    ``published`` (cards left under the published end rule)."""
    game = get_game(job.game)
    n = len(job.specs)
    bots = [make_bot(job.game, sp, seed=job.seed * 1000 + s) for s, sp in enumerate(job.specs)]
    state = game.setup(n, job.seed, dict(job.options))
    times: dict[str, list[float]] = {}
    the_game = job.game == "the-game"
    published = None
    clock = time.process_time if job.cpu else time.perf_counter
    actions = 0
    while not game.is_over(state) and actions < MAX_ACTIONS:
        seat = min(game.awaiting(state))
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        t0 = clock()
        action = bots[seat].choose(view, legal)
        times.setdefault(str(job.specs[seat]), []).append(clock() - t0)
        before = state
        state, _ = game.apply(state, seat, action)
        actions += 1
        if the_game and published is None and action["type"] == "end-turn":
            published = _published_after_end_turn(before, state)
    out = game.result(state) if game.is_over(state) else None
    record = {
        "index": job.index,
        "seed": job.seed,
        "specs": [str(sp) for sp in job.specs],
        "side_a": list(job.side_a),
        "sides": sides(job.game, state),
        "scores": list(out.scores) if out else None,
        "winners": list(out.winners) if out else None,
        "unfinished": out is None,
        "actions": actions,
        "times": times,
        "clock": "cpu" if job.cpu else "wall",
    }
    if the_game and out is not None:
        record["published"] = out.details["cards_left"] if published is None else published
        record["deck_left"] = len(state.deck)  # > 0: blocked before the draw pile ran out
    return record


def _published_after_end_turn(before, after) -> int | None:
    """The Game: after an end-turn from ``before`` to ``after``, the cards left if the
    published simulator would stop here (the seat due by order has no card)."""
    if after.over or after.deck:
        return None
    due = (before.turn + 1) % before.players
    if after.hands[due] or after.cards_left == 0:
        return None
    return after.cards_left


# --------------------------------------------------------------------------- running
class RayExecutor(Executor):
    """A ``concurrent.futures`` executor over a Ray cluster (``address`` None: a local
    Ray). Imports Ray when made; workers get this checkout as their working folder."""

    def __init__(self, address: str | None = None) -> None:
        import ray  # the optional extra: pip install 'tapete[ray]'

        self.ray = ray
        if not ray.is_initialized():
            ray.init(
                address=address,
                runtime_env={
                    "working_dir": str(ROOT),
                    "excludes": [".git", ".venv", "assets", "docs", "*.pyc"],
                },
                log_to_driver=False,
            )
        self._remote = ray.remote(_call)

    def submit(self, fn: Callable, /, *args, **kwargs) -> Future:
        return self._remote.remote(fn, *args, **kwargs).future()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.ray.shutdown()


def _call(fn: Callable, *args, **kwargs):
    return fn(*args, **kwargs)


def run_jobs(
    jobs: list[Job],
    workers: int | None = None,
    executor: Executor | None = None,
    progress: bool = True,
    desc: str = "games",
) -> list[dict]:
    """Play ``jobs``; records in job order. ``executor`` (any ``concurrent.futures``
    executor, e.g. :class:`RayExecutor`) is used as given and not shut down; else
    ``workers`` processes (None: every core; 1: in this process)."""
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(jobs), desc=desc, unit="game", file=sys.stderr)
    records: list[dict] = []
    own = None
    try:
        if executor is None and (workers or os.cpu_count() or 1) <= 1:
            for job in jobs:
                records.append(play(job))
                if bar:
                    bar.update()
        else:
            if executor is None:
                own = executor = ProcessPoolExecutor(max_workers=workers or os.cpu_count())
            futures = [executor.submit(play, job) for job in jobs]
            for fut in as_completed(futures):
                records.append(fut.result())
                if bar:
                    bar.update()
    finally:
        if own is not None:
            own.shutdown(cancel_futures=True)
        if bar:
            bar.close()
    records.sort(key=lambda r: r["index"])
    return records


# --------------------------------------------------------------------------- plans
def seats_for(game_id: str, n: int, options: dict) -> list[int]:
    """The sides of the ``n`` seats of a fresh game (for planning duels)."""
    return sides(game_id, get_game(game_id).setup(n, 0, options))


def plan_pool(
    game_id: str,
    specs: list[Spec],
    games: int,
    seed: int,
    options: dict,
    mixed: bool = False,
    counts: Iterable[int] = (),
    duplicate: bool = False,
) -> list[Job]:
    """Jobs of a pool (see the module docstring)."""
    game = get_game(game_id)
    opts = tuple(sorted(options.items()))
    jobs = []
    if mixed:
        counts = [n for n in counts if _accepts(game, n, options)]
        if not counts:
            raise ValueError(f"{game_id} accepts none of the seat counts asked for")
        draw = random.Random(seed)
        g = 0
        while len(jobs) < games:
            n = draw.choice(counts)
            table = [draw.choice(specs) for _ in range(n)]
            rotations = range(n) if duplicate else [0]
            for k in rotations:
                if len(jobs) < games:
                    jobs.append(
                        Job(len(jobs), game_id, seed + g, tuple(table[k:] + table[:k]), opts)
                    )
            g += 1
        return jobs
    n = len(specs)
    if not _accepts(game, n, options):
        raise ValueError(f"{game_id} does not accept {n} seats with these options")
    for g in range(games):
        k = g % n
        deal = seed + (g // n if duplicate else g)
        jobs.append(Job(g, game_id, deal, tuple(specs[k:] + specs[:k]), opts))
    return jobs


def plan_duel(
    game_id: str,
    a: Spec,
    b: Spec,
    players: int,
    games: int,
    seed: int,
    options: dict,
    duplicate: bool = False,
) -> list[Job]:
    """Jobs of a duel: game ``g`` seats A on side parity ``g % 2`` (module docstring)."""
    game = get_game(game_id)
    if not _accepts(game, players, options):
        raise ValueError(f"{game_id} does not accept {players} seats with these options")
    side = seats_for(game_id, players, options)
    if len(set(side)) < 2:
        raise ValueError(f"{game_id} is played by one team: compare levels with 'pool'")
    opts = tuple(sorted(options.items()))
    jobs = []
    for g in range(games):
        swap = g % 2
        deal = seed + (g // 2 if duplicate else g)
        specs = tuple(a if (side[s] + swap) % 2 == 0 else b for s in range(players))
        side_a = tuple(s for s in range(players) if specs[s] is a)
        jobs.append(Job(g, game_id, deal, specs, opts, side_a))
    return jobs


def _accepts(game, n: int, options: dict) -> bool:
    try:
        game.setup(n, 0, options)
    except RuleError:
        return False
    return True


# --------------------------------------------------------------------------- reports
@dataclass
class Tally:
    """Per-spec totals of a pool."""

    seats: int = 0
    wins: float = 0.0
    scores: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    shares: list[float] = field(default_factory=list)  # per game: its seats' win share
    means: list[float] = field(default_factory=list)  # per game: its seats' mean score
    most: int = 0  # most seats it held in one game

    def rate(self) -> str:
        """Win rate and 95% interval: Wilson over seats when it held one seat a game;
        else Student t over games (seats of one game are not independent)."""
        if self.most <= 1:
            return _fmt_rate(self.wins, self.seats)
        _, h = mean_interval(self.shares)
        p = self.wins / max(1, self.seats)
        return f"{100 * p:5.1f}% [{100 * max(0.0, p - h):.1f}, {100 * min(1.0, p + h):.1f}]"

    def score(self) -> str:
        return _fmt_mean(self.scores if self.most <= 1 else self.means)


def _times(xs: list[float]) -> tuple[float, float]:
    if not xs:
        return 0.0, 0.0
    xs = sorted(xs)
    return 1000 * statistics.median(xs), 1000 * xs[min(len(xs) - 1, int(0.99 * len(xs)))]


def _fmt_rate(k: float, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / max(1, n):5.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"


def _fmt_mean(xs: list[float]) -> str:
    m, h = mean_interval(xs)
    return f"{m:8.2f} ±{h:.2f}" if math.isfinite(h) else f"{m:8.2f} ±inf"


def header(mode: str, game_id: str, records: list[dict], argv_note: str, seconds: float) -> str:
    seeds = sorted({r["seed"] for r in records})
    span = f"{seeds[0]}..{seeds[-1]}" if seeds else "none"
    unfinished = sum(r["unfinished"] for r in records)
    line = (
        f"{game_id} {mode}: {len(records)} games, deal seeds {span}, {seconds:.1f} s; "
        f"repeat with: {argv_note}"
    )
    clocks = {r.get("clock", "wall") for r in records}
    line += "\ndecision times: " + ("CPU" if clocks == {"cpu"} else "wall")
    if unfinished:
        line += f"\nunfinished games (no end after {MAX_ACTIONS} actions): {unfinished}"
    return line


def report_pool(game_id: str, records: list[dict]) -> str:
    """The pool table: per spec seats, win rate [95%], mean score ± 95%, decision ms.
    A spec that held several seats of one game gets intervals over games (its seats
    in one game share a deal and, in team games, a result)."""
    unit = SCORE_UNITS.get(game_id, "score")
    tallies: dict[str, Tally] = {}
    pools: dict[int, int] = {}
    for r in records:
        n = len(r["specs"])
        pools[n] = pools.get(n, 0) + 1
        for spec, ts in r["times"].items():
            tallies.setdefault(spec, Tally()).times.extend(ts)
        if r["unfinished"]:
            continue
        held: dict[str, list[int]] = {}
        for s, spec in enumerate(r["specs"]):
            held.setdefault(spec, []).append(s)
        for spec, seats in held.items():
            t = tallies.setdefault(spec, Tally())
            won = sum(s in r["winners"] for s in seats)
            t.seats += len(seats)
            t.wins += won
            t.scores += [r["scores"][s] for s in seats]
            t.shares.append(won / len(seats))
            t.means.append(statistics.fmean(r["scores"][s] for s in seats))
            t.most = max(t.most, len(seats))
    lines = [
        "pools " + ", ".join(f"{n} seats ×{c}" for n, c in sorted(pools.items())),
        f"{'bot':<22} {'seats':>6} {'win rate [95%]':>22} {'mean ' + unit:>18} "
        f"{'ms median':>10} {'p99':>8}",
    ]
    order = list(dict.fromkeys(spec for r in records for spec in r["specs"]))
    for spec in order:
        t = tallies[spec]
        med, p99 = _times(t.times)
        lines.append(
            f"{spec:<22} {t.seats:>6} {t.rate():>22} {t.score():>18} {med:>10.2f} {p99:>8.2f}"
        )
    if game_id == "the-game":
        lines += report_the_game(records)
    return "\n".join(lines)


def report_the_game(records: list[dict]) -> list[str]:
    """The Game under both end rules: win rate, excellent rate (fewer than 10 cards
    left, the-game.md "End"), mean cards left, mean left in a loss; then the losses
    split by when the block came — while the draw pile still held cards (the minimum
    was 2, and the whole draw pile counts as left; the same game under both rules) or
    after it ran out — as rates of all games and mean cards left. "Cards left" is what
    the published simulator counts too: 98 minus the cards played (hands + draw pile);
    its own table's "avg. # of cards left" is a mean over all games, wins included."""
    done = [r for r in records if not r["unfinished"]]
    out = [
        f"{'end rule':<18} {'games':>6} {'win rate [95%]':>22} {'excellent <10 [95%]':>22} "
        f"{'mean cards left':>16} {'left in a loss':>16}"
    ]
    for name, key in (("ours (skip)", "scores"), ("published (stop)", "published")):
        left = [r["scores"][0] if key == "scores" else r["published"] for r in done]
        wins = sum(1 for x in left if x == 0)
        excellent = sum(1 for x in left if x < 10)
        lost = [x for x in left if x > 0]
        out.append(
            f"{name:<18} {len(left):>6} {_fmt_rate(wins, len(left)):>22} "
            f"{_fmt_rate(excellent, len(left)):>22} {_fmt_mean(left):>16} {_fmt_mean(lost):>16}"
        )
    split = [r for r in done if "deck_left" in r]
    if split:
        early = [r["scores"][0] for r in split if r["deck_left"] > 0]
        late = [r["scores"][0] for r in split if r["deck_left"] == 0 and r["scores"][0] > 0]
        n = len(split)
        out.append(
            f"ours, lost with cards to draw: {_fmt_rate(len(early), n)} of games, "
            f"{_fmt_mean(early)} left; lost after the draw pile ran out: "
            f"{_fmt_rate(len(late), n)}, {_fmt_mean(late)} left"
        )
    return out


def duel_values(records: list[dict]) -> list[tuple[float, float]]:
    """Per finished game: (A's win share, A's mean score minus B's)."""
    out = []
    for r in records:
        if r["unfinished"]:
            continue
        a = set(r["side_a"])
        b = set(range(len(r["specs"]))) - a
        wa, wb = bool(a & set(r["winners"])), bool(b & set(r["winners"]))
        share = 1.0 if wa and not wb else 0.5 if wa and wb else 0.0
        sa = statistics.fmean(r["scores"][s] for s in a)
        sb = statistics.fmean(r["scores"][s] for s in b)
        out.append((share, sa - sb))
    return out


def report_duel(game_id: str, a: Spec, b: Spec, records: list[dict], duplicate: bool) -> str:
    """The duel lines: A's win share [Wilson], score difference ± t; paired by deal."""
    unit = SCORE_UNITS.get(game_id, "score")
    vals = duel_values(records)
    shares = [v[0] for v in vals]
    diffs = [v[1] for v in vals]
    times_a = [t for r in records for t in r["times"].get(str(a), [])]
    times_b = [t for r in records for t in r["times"].get(str(b), [])]
    lines = [
        f"{a} vs {b}: {a} wins {_fmt_rate(sum(shares), len(shares))} of {len(shares)} games; "
        f"{unit} {a} minus {b}: {_fmt_mean(diffs).strip()}",
    ]
    if duplicate:
        pairs: dict[int, list[tuple[float, float]]] = {}
        for r, v in zip([r for r in records if not r["unfinished"]], vals, strict=True):
            pairs.setdefault(r["seed"], []).append(v)
        full = [p for p in pairs.values() if len(p) == 2]
        m, h = mean_interval([(x[0] + y[0]) / 2 for x, y in full])
        dm, dh = mean_interval([(x[1] + y[1]) / 2 for x, y in full])
        lines.append(
            f"duplicate: {len(full)} deal pairs; paired win share {100 * m:.1f}% "
            f"±{100 * h:.1f}; paired {unit} difference {dm:.2f} ±{dh:.2f}"
        )
    for spec, ts in ((a, times_a), (b, times_b)):
        med, p99 = _times(ts)
        lines.append(f"  {str(spec):<22} decision ms median {med:.2f}, p99 {p99:.2f}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- command line
def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = p.add_subparsers(dest="mode", required=True)

    def common(q: argparse.ArgumentParser) -> None:
        q.add_argument("--games", type=int, default=100)
        q.add_argument("--seed", type=int, default=0)
        q.add_argument("--options", default="{}", help="game options as JSON")
        q.add_argument("--duplicate", action="store_true", help="every deal in every seating")
        q.add_argument("--workers", type=int, default=None, help="processes (default: cores)")
        q.add_argument(
            "--ray",
            nargs="?",
            const="",
            default=None,
            metavar="ADDRESS",
            help="run the games on a Ray cluster (no ADDRESS: a local Ray); needs the extra",
        )
        q.add_argument(
            "--cpu",
            action="store_true",
            help="decision times in CPU seconds of the playing process, not wall",
        )
        q.add_argument("--no-progress", action="store_true")
        q.add_argument("--json", action="store_true", help="also print every game as JSON")

    q = sub.add_parser("pool", help="seats rotated (or mixed) among several bots")
    q.add_argument("game")
    q.add_argument("--seats", required=True, help="bot specs, one a seat (comma-separated)")
    q.add_argument("--mixed", action="store_true", help="random tables from --counts")
    q.add_argument("--counts", default="3,4,5,6", help="seat counts for --mixed")
    common(q)
    for mode, helptext in (("duel", "two bots, sides swapped"), ("sweep", "a duel per value")):
        q = sub.add_parser(mode, help=helptext)
        q.add_argument("game")
        q.add_argument("a")
        q.add_argument("b")
        q.add_argument("--players", type=int, default=None, help="default: the fewest allowed")
        if mode == "sweep":
            q.add_argument("--param", required=True, help="NAME=V1,V2,... for bot A")
        common(q)
    return p


def main(argv: list[str] | None = None, executor: Executor | None = None) -> int:
    """Command line; returns the exit status. ``executor`` replaces the process pool
    (tests inject one)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = _parser().parse_args(argv)
    note = "python3 tools/tournament.py " + " ".join(shlex.quote(a) for a in argv)
    own = None
    try:
        options = json.loads(args.options)
        if not isinstance(options, dict):
            raise ValueError("--options must be a JSON object")
        game = get_game(args.game)
        if args.ray is not None and executor is None:
            own = executor = RayExecutor(args.ray or None)
        kw = {"workers": args.workers, "executor": executor, "progress": not args.no_progress}
        start = time.perf_counter()
        if args.mode == "pool":
            specs = [Spec.parse(s) for s in args.seats.split(",") if s.strip()]
            for sp in set(specs):
                make_bot(game.id, sp)  # unknown bot or setting → KeyError now
            counts = [int(c) for c in args.counts.split(",")]
            jobs = plan_pool(
                game.id, specs, args.games, args.seed, options, args.mixed, counts, args.duplicate
            )
            if args.cpu:
                jobs = [replace(j, cpu=True) for j in jobs]
            records = run_jobs(jobs, desc=f"{game.id} pool", **kw)
            print(header("pool", game.id, records, note, time.perf_counter() - start))
            print(report_pool(game.id, records))
        else:
            a, b = Spec.parse(args.a), Spec.parse(args.b)
            make_bot(game.id, a), make_bot(game.id, b)
            players = args.players or next(
                n
                for n in range(game.min_players, game.max_players + 1)
                if _accepts(game, n, options)
            )
            if args.mode == "duel":
                values: list = [None]
            else:
                key, _, vals = args.param.partition("=")
                if not vals:
                    raise ValueError("--param needs NAME=V1,V2,...")
                values = [Spec.parse(f"x:{key}={v}").params[0] for v in vals.split(",")]
            blocks = []
            all_records: list[dict] = []
            for value in values:
                spec_a = a if value is None else a.with_param(*value)
                make_bot(game.id, spec_a)
                jobs = plan_duel(
                    game.id, spec_a, b, players, args.games, args.seed, options, args.duplicate
                )
                if args.cpu:
                    jobs = [replace(j, cpu=True) for j in jobs]
                records = run_jobs(jobs, desc=f"{game.id} {spec_a}", **kw)
                all_records += records
                blocks.append(report_duel(game.id, spec_a, b, records, args.duplicate))
            print(
                header(args.mode, game.id, all_records, note, time.perf_counter() - start)
                + f"; {players} players"
            )
            print("\n".join(blocks))
            records = all_records
        if args.json:
            for r in records:
                print(json.dumps(r, sort_keys=True))
    except (KeyError, ValueError, RuleError) as exc:
        text = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"tournament: {text}", file=sys.stderr)
        return 2
    finally:
        if own is not None:
            own.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
