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

Samplers alone, much cheaper (no search, no play-out):

    python3 tools/guandan_oracle.py --seeds 300:312 --overlap uniform,clues,reads

deals ``--samples`` hands for the other seats at each point with each sampler of
the hard bot (``uniform``: the hard constraints only; ``clues``, ``reads``,
``replay``; ``normal``: see ``engine.guandan.bots.HardBot``) and prints the *value
overlap* with the true hands: per seat and card-order value (suits ignored, ♥ wilds
one value), the cards a dealing and the truth share, over the cards dealt; 1.0 is
the truth. Then each sampler against the first, paired over the points (mean
difference, 95% interval), and the sampler's CPU milliseconds a decision.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.guandan.bots import NormalBot  # noqa: E402
from engine.guandan.rules import GAME  # noqa: E402
from engine.guandan.sampler import values  # noqa: E402
from engine.guandan.search import Deck, GuandanAdapter  # noqa: E402
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


#: The samplers ``--overlap`` knows.
SAMPLERS = ("uniform", "clues", "reads", "normal")


def sample_hands(view: dict, sampler: str, rng: random.Random) -> list[list[int]]:
    """One dealing of the cards ``view``'s seat cannot see by the hard bot's
    ``sampler`` (one of :data:`SAMPLERS`); the seat's own hand empty."""
    deck = Deck(view, reads=sampler == "reads")
    if sampler == "uniform":
        deck.clues = [[] for _ in deck.clues]
    if sampler == "normal" and view["plays"]:
        return GuandanAdapter()._modelled(view, deck, rng)
    return deck.sample(rng)


def overlap(pts, sampler: str, samples: int) -> tuple[list[float], float]:
    """``(per point, cpu)``: the value overlap (module docstring) of ``samples``
    dealings by ``sampler`` with the true hands at each of ``pts``, and the sampler's
    CPU seconds a decision. Point ``i`` is dealt with ``random.Random(i)``."""
    got = []
    cpu = 0.0
    for i, (_seed, state, seat) in enumerate(pts):
        view = GAME.view(state, seat)
        vals = values(view["level"])
        rng = random.Random(i)
        t = time.process_time()
        hands = [sample_hands(view, sampler, rng) for _ in range(samples)]
        cpu += time.process_time() - t
        hidden = [k for k in range(4) if k != seat]
        true = {k: Counter(vals[c] for c in state.hands[k]) for k in hidden}
        dealt = sum(len(state.hands[k]) for k in hidden)
        shared = 0
        for h in hands:
            for k in hidden:
                mine = Counter(vals[c] for c in h[k])
                shared += sum(min(n, true[k][v]) for v, n in mine.items())
        got.append(shared / samples / max(1, dealt))
    return got, cpu / max(1, len(pts))


def main_overlap(pts, names: list[str], samples: int) -> None:
    """Print ``--overlap``'s figures (module docstring)."""
    results = []
    for name in names:
        if name not in SAMPLERS:
            raise SystemExit(f"unknown sampler {name!r}: one of {', '.join(SAMPLERS)}")
        per, cpu = overlap(pts, name, samples)
        results.append(per)
        print(
            f"{name}: value overlap {sum(per) / len(per):.4f}; cpu ms a decision {cpu * 1000:.1f}"
        )
    for name, per in zip(names[1:], results[1:], strict=True):
        d = [x - y for x, y in zip(per, results[0], strict=True)]
        half = interval(d) / len(d)
        print(f"{name} minus {names[0]}: {sum(d) / len(d):+.4f} ±{half:.4f}")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", default="300:312", help="deal seeds A:B (B excluded)")
    p.add_argument("--every", type=int, default=3)
    p.add_argument("--spec", action="append", help="a bot spec (repeatable)")
    p.add_argument("--overlap", help="samplers to compare instead, comma-separated")
    p.add_argument("--samples", type=int, default=32, help="dealings a point (--overlap)")
    args = p.parse_args(argv)
    a, b = (int(x) for x in args.seeds.split(":"))
    pts = points(range(a, b), args.every)
    if args.overlap:
        print(
            f"guandan sampler overlap: {len(pts)} decision points, deal seeds {a}..{b - 1}, "
            f"every {args.every}, {args.samples} dealings a point"
        )
        main_overlap(pts, args.overlap.split(","), args.samples)
        return 0
    if not args.spec:
        p.error("give --spec (or --overlap)")
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
