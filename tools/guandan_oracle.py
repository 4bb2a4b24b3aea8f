"""How good are a Guandan bot's departures from ``normal``? A decision-level oracle
(issue 17), much cheaper than whole duels.

    python3 tools/guandan_oracle.py --seeds 300:312 --every 3 \\
        --spec hard:seconds=null --spec hard:seconds=null:prune=2.0

Decision points are taken from one-deal matches of ``normal`` self-play (deal seeds
``A..B-1``; every ``--every``-th play-or-pass decision with more than one legal
action). At each point every ``--spec`` (a bot, as in ``tools/tournament.py``:
``hard:samples=16:prune=1.0``) chooses from the seat's view; where its choice differs
from ``normal``'s, both choices are played out to the end of the deal from the *true*
state with ``normal`` at every seat (deterministic) and compared: the seat's team's
level difference to the other team after the deal, and whether the team won the deal
(went out first). The gain of a point is the spec's result minus normal's (0 where the
choices agree). This is one step of policy improvement over normal with the true
cards as the judge: it says whether the departures are good, not how a whole deal
between two bots would go (confirm with ``tournament.py duel --duplicate``).

Printed per spec: points, departures, level gain (sum over points, 95% interval),
deals won more, departures better/worse in levels, CPU seconds a decision; then each
spec against the first, paired over the points. Bots get the seed ``seed * 1000 + i``
at the ``i``-th point.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.guandan.bots import NormalBot  # noqa: E402
from engine.guandan.rules import GAME  # noqa: E402
from tools.tournament import Spec, make_bot  # noqa: E402

_NORMAL = NormalBot(0)


def points(seeds, every: int) -> list[tuple[int, object, int]]:
    """``[(deal seed, state, seat)]``: every ``every``-th play-or-pass decision with
    more than one legal action in one-deal matches of normal self-play."""
    out = []
    for seed in seeds:
        state = GAME.setup(4, seed, {"deals": 1})
        i = 0
        while not GAME.is_over(state):
            seat = min(GAME.awaiting(state))
            view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
            if len(legal) > 1 and legal[0]["type"] in ("play", "pass"):
                if i % every == 0:
                    out.append((seed, state, seat))
                i += 1
            state, _ = GAME.apply(state, seat, _NORMAL.choose(view, legal))
    return out


def outcome(state, seat: int, action: dict) -> tuple[int, int]:
    """``(won, levels)`` for ``seat``'s team after ``action`` and normal play to the
    end of the deal from the true ``state``: 1 if the team won the deal, and its level
    minus the other team's."""
    state, _ = GAME.apply(state, seat, action)
    while not GAME.is_over(state):
        s = min(GAME.awaiting(state))
        a = _NORMAL.choose(GAME.view(state, s), GAME.legal_actions(state, s))
        state, _ = GAME.apply(state, s, a)
    result = GAME.result(state)
    return int(seat in result.winners), result.scores[seat] - result.scores[(seat + 1) % 4]


def interval(xs: list[float]) -> float:
    """95% half-width of the sum of ``xs`` (normal approximation)."""
    n = len(xs)
    if n < 2:
        return 0.0
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return 1.96 * math.sqrt(var / n) * n


def judge(spec: Spec, pts, cache: dict) -> dict:
    """The gains of ``spec`` at ``pts`` (see the module docstring): ``levels`` and
    ``wins`` per point, ``departures``, ``better``, ``worse``, ``cpu`` per decision."""
    levels, wins = [], []
    better = worse = departures = 0
    cpu = 0.0
    for i, (seed, state, seat) in enumerate(pts):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        normal = _NORMAL.choose(view, legal)
        bot = make_bot("guandan", spec, seed=seed * 1000 + i)
        t = time.process_time()
        action = bot.choose(view, legal)
        cpu += time.process_time() - t
        if action == normal:
            levels.append(0)
            wins.append(0)
            continue
        departures += 1
        got = []
        for a in (normal, action):
            key = (i, json.dumps(a, sort_keys=True))
            if key not in cache:
                cache[key] = outcome(state, seat, a)
            got.append(cache[key])
        (w0, l0), (w1, l1) = got
        levels.append(l1 - l0)
        wins.append(w1 - w0)
        better += l1 > l0
        worse += l1 < l0
    return {
        "levels": levels,
        "wins": wins,
        "departures": departures,
        "better": better,
        "worse": worse,
        "cpu": cpu / max(1, len(pts)),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", default="300:312", help="deal seeds A:B (B excluded)")
    p.add_argument("--every", type=int, default=3)
    p.add_argument("--spec", action="append", required=True, help="a bot spec (repeatable)")
    args = p.parse_args(argv)
    a, b = (int(x) for x in args.seeds.split(":"))
    pts = points(range(a, b), args.every)
    print(
        f"guandan oracle: {len(pts)} decision points, deal seeds {a}..{b - 1}, "
        f"every {args.every}; repeat with: python3 tools/guandan_oracle.py "
        f"--seeds {args.seeds} --every {args.every} " + " ".join(f"--spec {s}" for s in args.spec)
    )
    cache: dict = {}
    results = []
    for text in args.spec:
        spec = Spec.parse(text)
        r = judge(spec, pts, cache)
        results.append(r)
        print(
            f"{text}: {r['departures']} departures; levels {sum(r['levels']):+d} "
            f"±{interval(r['levels']):.1f}; deals won {sum(r['wins']):+d} "
            f"±{interval(r['wins']):.1f}; better {r['better']}, worse {r['worse']}; "
            f"cpu s a decision {r['cpu']:.3f}"
        )
    for text, r in zip(args.spec[1:], results[1:], strict=True):
        d = [x - y for x, y in zip(r["levels"], results[0]["levels"], strict=True)]
        print(f"{text} minus {args.spec[0]}: levels {sum(d):+d} ±{interval(d):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
