"""Paired comparison of The Game bot settings that act only late in a game (issue 17).

Each deal is played once by bots of ``--seats`` (default ``hard,hard``), seeded as
``tools/tournament.py pool`` seeds them (deal ``seed + g``, bot seed ``deal * 1000 +
seat``), up to the first decision at which the draw pile holds at most ``--fork``
cards (default 0: empty). There the table and the bots are copied: arm A plays on
unchanged, arm B plays on with ``--set`` applied to every bot (``endgame=30000``).
So both arms play the same deal identically up to the fork, and arm A is exactly
what the tournament's pool of ``--seats`` plays; arm B is what a pool with the
setting plays **provided the setting changes nothing before the fork** (it must not
act, nor draw from the bot's generator, while the draw pile holds more cards). A
setting that would act earlier (``look_more=128``) is then measured as "from the
fork on" only.

Prints per arm: wins, mean cards left per game and per loss, blocks with cards to
draw, CPU per decision after the fork (``time.process_time``, p99 and max); then the
paired differences (B − A) with 95% intervals. ``--bound N`` adds the clairvoyant
value at the fork (every hand and the draw pile's order known; the exact solver of
:mod:`engine.the_game.endgame` with N nodes): no play can leave fewer cards.
``--store DIR`` keeps the tables and bots at the fork for the next run.
``--trace 30,20,12,6,2`` plays without a fork and gives that clairvoyant value at
each draw pile size: where lost deals stop being winnable.

    nice -n 10 python3 tools/the_game_fork.py --seed 520000 --games 40 --set endgame=30000
    nice -n 10 python3 tools/the_game_fork.py --seed 520100 --games 40 --trace 30,20,12,6,2
"""

from __future__ import annotations

import argparse
import copy
import math
import pickle
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import get_game  # noqa: E402
from engine.the_game.endgame import OutOfBudget, Solver, mask_of  # noqa: E402
from tools.tournament import Spec, make_bot, mean_interval, wilson  # noqa: E402


def _value(text: str):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"None": None, "True": True, "False": False}.get(text, text)


def finish(game, state, bots, times: list[float] | None):
    """Play ``state`` to its end with ``bots``; CPU seconds per decision into ``times``."""
    while not game.is_over(state):
        seat = min(game.awaiting(state))
        view = game.view(state, seat)
        legal = game.legal_actions(state, seat)
        t0 = time.process_time()
        action = bots[seat].choose(view, legal)
        if times is not None:
            times.append(time.process_time() - t0)
        state, _ = game.apply(state, seat, action)
    return state


def clairvoyant(state, budget: int | None) -> int | None:
    """The fewest cards left from ``state`` if every seat knew every hand and the
    draw pile's order (:class:`~engine.the_game.endgame.Solver`: a bound no play
    can beat), or None past ``budget`` nodes."""
    hands = tuple(mask_of(h) for h in state.hands)
    minimum = 3 if dict(state.options).get("expert") else 2
    solver = Solver(budget, deck=state.deck, size=state.size, minimum=minimum)
    try:
        return solver.value(hands, tuple(state.tops), state.turn, state.played)
    except OutOfBudget:
        return None


def play_deal(
    deal: int,
    specs: list[Spec],
    settings: dict,
    fork: int,
    bound: int | None = None,
    store: str | None = None,
) -> dict:
    """One deal, both arms: ``{"deal", "forked", "a": (left, deck), "b": ...,
    "ta", "tb", "bound"}`` (``deck`` the draw pile at the end; times in seconds;
    ``bound``: the :func:`clairvoyant` value at the fork with ``bound`` (a node
    budget) given, else None). With ``store`` (a folder), the table and bots at the
    fork are kept there (``<seats>-<deal>-<fork>.pickle``) and read back on the next
    run instead of playing the deal again up to the fork."""
    game = get_game("the-game")
    path = None
    if store is not None:
        name = ",".join(map(str, specs)).replace("/", "_")
        path = Path(store) / f"{name}-{deal}-{fork}.pickle"
    if path is not None and path.exists():
        state, bots = pickle.loads(path.read_bytes())
    else:
        bots = [make_bot("the-game", sp, seed=deal * 1000 + s) for s, sp in enumerate(specs)]
        state = game.setup(len(specs), deal, {})
        while not game.is_over(state) and len(state.deck) > fork:
            seat = min(game.awaiting(state))
            action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat))
            state, _ = game.apply(state, seat, action)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(pickle.dumps((state, bots)))
    forked = not game.is_over(state)
    best = clairvoyant(state, bound) if bound and forked else None
    other = copy.deepcopy(bots)
    for bot in other:
        for key, value in settings.items():
            if not hasattr(bot, key):
                raise KeyError(f"bot has no setting {key!r}")
            setattr(bot, key, value)
    ta: list[float] = []
    tb: list[float] = []
    end_a = finish(game, state, bots, ta)
    end_b = finish(game, state, other, tb)
    return {
        "deal": deal,
        "forked": forked,
        "a": (end_a.cards_left, len(end_a.deck)),
        "b": (end_b.cards_left, len(end_b.deck)),
        "ta": ta,
        "tb": tb,
        "bound": best,
    }


def trace_deal(deal: int, specs: list[Spec], levels: list[int], budget: int) -> dict:
    """Play one deal with ``specs`` (no fork); at the first decision at which the draw
    pile holds at most each of ``levels`` cards, the :func:`clairvoyant` value of the
    table (None past ``budget`` nodes, or when the game ended before). Returns
    ``{"deal", "left", "deck", "bounds": {level: value}}``."""
    game = get_game("the-game")
    bots = [make_bot("the-game", sp, seed=deal * 1000 + s) for s, sp in enumerate(specs)]
    state = game.setup(len(specs), deal, {})
    bounds: dict[int, int | None] = {k: None for k in levels}
    todo = sorted(levels, reverse=True)
    while not game.is_over(state):
        while todo and len(state.deck) <= todo[0]:
            bounds[todo.pop(0)] = clairvoyant(state, budget)
        seat = min(game.awaiting(state))
        action = bots[seat].choose(game.view(state, seat), game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
    return {"deal": deal, "left": state.cards_left, "deck": len(state.deck), "bounds": bounds}


def report_trace(rows: list[dict], levels: list[int]) -> str:
    """Per level: deals solved, the mean clairvoyant value against the mean cards the
    seats left on those deals, and the lost deals that a clairvoyant pair could still
    have won from there."""
    out = []
    for k in sorted(levels, reverse=True):
        known = [r for r in rows if r["bounds"][k] is not None]
        if not known:
            out.append(f"draw pile <= {k}: none solved")
            continue
        b = sum(r["bounds"][k] for r in known) / len(known)
        a = sum(r["left"] for r in known) / len(known)
        lost = [r for r in known if r["left"] > 0]
        winnable = sum(1 for r in lost if r["bounds"][k] == 0)
        above = sum(1 for r in known if r["left"] > r["bounds"][k])
        out.append(
            f"draw pile <= {k}: {len(known)} deals solved, clairvoyant {b:.2f} left a game "
            f"against {a:.2f} played; played worse than the bound in {above}; "
            f"{winnable} of {len(lost)} losses still winnable by a clairvoyant pair"
        )
    return "\n".join(out)


def _p99(xs: list[float]) -> str:
    if not xs:
        return "-"
    s = sorted(xs)
    p99 = s[min(len(s) - 1, math.ceil(0.99 * len(s)) - 1)]
    return f"p99 {1000 * p99:.0f} ms, max {1000 * s[-1]:.0f} ms"


def report(rows: list[dict], label_b: str) -> str:
    out = []
    n = len(rows)
    for arm, label in (("a", "A (as seated)"), ("b", f"B ({label_b})")):
        left = [r[arm][0] for r in rows]
        wins = sum(1 for x in left if x == 0)
        lost = [x for x in left if x > 0]
        early = sum(1 for r in rows if r[arm][0] > 0 and r[arm][1] > 0)
        lo, hi = wilson(wins, n)
        m, h = mean_interval([float(x) for x in left])
        ml, hl = mean_interval([float(x) for x in lost]) if len(lost) > 1 else (float("nan"), 0)
        e1, e2 = wilson(early, n)
        t = [x for r in rows for x in r["t" + arm]]
        out.append(
            f"{label}: wins {wins}/{n} = {100 * wins / n:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]; "
            f"left a game {m:.2f} ±{h:.2f}; per loss {ml:.2f} ±{hl:.2f} ({len(lost)} losses); "
            f"early blocks {early} = {100 * early / n:.1f}% [{100 * e1:.1f}, {100 * e2:.1f}]; "
            f"CPU after the fork {_p99(t)}"
        )
    d = [float(r["b"][0] - r["a"][0]) for r in rows]
    m, h = mean_interval(d)
    w = [(r["b"][0] == 0) - (r["a"][0] == 0) for r in rows]
    mw, hw = mean_interval([float(x) for x in w])
    only_b, only_a = sum(1 for x in w if x > 0), sum(1 for x in w if x < 0)
    known = [r for r in rows if r.get("bound") is not None]
    if known:
        mean_bound = sum(r["bound"] for r in known) / len(known)
        mean_a = sum(r["a"][0] for r in known) / len(known)
        above = sum(1 for r in known if r["a"][0] > r["bound"])
        out.append(
            f"clairvoyant bound at the fork ({len(known)} deals solved): {mean_bound:.2f} "
            f"left a game (A {mean_a:.2f} on those); A above the bound in {above}"
        )
    out.append(
        f"paired B - A: cards left {m:+.2f} ±{h:.2f}; wins {100 * mw:+.1f} ±{100 * hw:.1f} points "
        f"({only_b} deals won only by B, {only_a} only by A); "
        f"deals that differ {sum(1 for x in d if x)}; forked {sum(r['forked'] for r in rows)}/{n}"
    )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seats", default="hard,hard")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument(
        "--fork", type=int, default=0, help="fork when the draw pile holds at most this"
    )
    ap.add_argument("--set", action="append", default=[], help="KEY=VALUE for arm B")
    ap.add_argument("--bound", type=int, help="node budget of the clairvoyant value at the fork")
    ap.add_argument(
        "--trace",
        help="LEVELS (e.g. 30,20,10,2): no fork; the clairvoyant value at each draw pile size",
    )
    ap.add_argument("--store", help="a folder keeping the tables and bots at the fork")
    ap.add_argument("--progress", action="store_true")
    args = ap.parse_args(argv)
    specs = [Spec.parse(s) for s in args.seats.split(",")]
    settings = {}
    for item in args.set:
        key, _, value = item.partition("=")
        settings[key] = _value(value)
    rows = []
    t0 = time.perf_counter()
    if args.trace:
        levels = [int(x) for x in args.trace.split(",")]
        for g in range(args.games):
            rows.append(trace_deal(args.seed + g, specs, levels, args.bound or 100_000))
            if args.progress:
                r = rows[-1]
                print(f"deal {r['deal']}: left {r['left']} {r['bounds']}", file=sys.stderr)
        print(
            f"the-game trace: seats {args.seats}, deals {args.seed}..{args.seed + args.games - 1}, "
            f"clairvoyant budget {args.bound or 100_000} nodes, {time.perf_counter() - t0:.0f} s"
        )
        print(report_trace(rows, levels))
        return 0
    for g in range(args.games):
        rows.append(play_deal(args.seed + g, specs, settings, args.fork, args.bound, args.store))
        if args.progress:
            r = rows[-1]
            line = f"deal {r['deal']}: A {r['a']} B {r['b']} bound {r['bound']}"
            print(line, file=sys.stderr, flush=True)
    label = ",".join(f"{k}={v}" for k, v in settings.items()) or "unchanged"
    print(
        f"the-game fork: seats {args.seats}, deals {args.seed}..{args.seed + args.games - 1}, "
        f"fork at draw pile <= {args.fork}, {time.perf_counter() - t0:.0f} s"
    )
    print(report(rows, label))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
