"""Screen Guandan hard's choice rules offline (issue 17): record, at decision points,
what the search sees and what each shortlisted move is truly worth, once; then judge
any rule that picks a move from the search's figures against that record.

    python3 tools/guandan_screen.py collect --seeds 1000:1012 --every 3 \\
        --samples 64 --sampler clues --out /tmp/screen.jsonl
    python3 tools/guandan_screen.py judge /tmp/screen.jsonl

``collect``: decision points as in :mod:`tools.guandan_oracle` (normal self-play,
one-deal matches). At each, the hard bot's shortlist (its base policy's choice
first, :func:`hard_base`: normal with hard's endgame settings since session 9); every
candidate is played out from the *true* state with ``normal`` at every seat (the
oracle's judge: the team's level difference after the deal, and whether it won the
deal); and ``--samples`` determinizations by ``--sampler`` (``clues``, ``reads``,
``uniform``, ``true``: the real hands) each play every candidate with the hard
bot's rollout policy (paired, as the flat search does), recording per sample and
candidate the reward at the end of the deal (``end``: levels / 3, ±1 for the match),
whether the team won the deal (``win``) and the cut-off evaluation
(:func:`engine.guandan.search.predicted`) after 4, 8 and 16 plies (``p4``, ``p8``,
``p16``; the end reward when the deal ended sooner); also each candidate's score by
hard's base policy (``score``, lower is better), the seat's hand size (``hand``), the
cards it cannot see (``unseen``), every seat's card count (``counts``), whether it
leads (``leading``) and the candidates' kinds (``kinds``). ``--rollout normal``
rolls out with the normal bot's policy instead. One JSON line a point; ``--skip N``
resumes a file.

``judge``: for each rule (see :func:`judge`: the hard bot's pruning rule, a plain
``z`` test of the best candidate against normal, a split-half test, a sign test;
each on one recorded signal, over the first 16, 32 or 64 samples; some only at
some points, e.g. ``hand<=18``: the hard bot with ``hand_max=18``), the gain over
normal summed over the points (``--by levels``, the oracle's level difference, or
``--by wins``, deals won) with its 95% interval, the departures, and the paired
difference to ``hard today`` (the hard bot's rule: flat,
``end`` reward, prune 1.5 at 16 and 32 samples, normal kept unless pruned).
``best-shortlisted`` is the bound: the truly best candidate at every point.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.guandan.bots import BASE_SETTINGS, HardBot, NormalBot  # noqa: E402
from engine.guandan.rules import GAME  # noqa: E402
from engine.guandan.search import (  # noqa: E402
    Deck,
    GuandanAdapter,
    GuandanSimulation,
    predicted,
    view_state,
)
from engine.search import PRUNE_FIRST, survivors  # noqa: E402
from tools.guandan_oracle import interval, outcome, points  # noqa: E402

CUTS = (4, 8, 16)
#: The hard bot's rule today (flat, ``end`` reward, prune 1.5, 32 samples or all
#: there are): the baseline every rule is compared with.
BASE = "hard today"


def hard_base() -> NormalBot:
    """The hard bot's base policy (its shortlist and first candidate): the normal bot
    with the hard bot's default :data:`~engine.guandan.bots.BASE_SETTINGS`."""
    base = NormalBot(0)
    for name in BASE_SETTINGS:
        setattr(base, name, getattr(HardBot, name))
    return base


def _hands(view, state, sampler: str, adapter: GuandanAdapter, rng) -> list[list[int]]:
    if sampler == "true":
        return [list(h) for h in state.hands]
    deck = Deck(view, reads=sampler == "reads")
    if sampler == "uniform":
        deck.clues = [[] for _ in deck.clues]
    return deck.sample(rng)


def collect_point(state, seat: int, samples: int, sampler: str, rng, rollout: str) -> dict:
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    base = hard_base()
    adapter = GuandanAdapter(6, base._scored)
    adapter.rollout = rollout
    cands = adapter.shortlist(view, legal)
    scores = {json.dumps(a, sort_keys=True): sc for sc, _t, a in base._scored(view, legal)}
    truth = [outcome(state, seat, a) for a in cands]
    codes = [adapter.encode(a) for a in cands]
    rec = {
        "seat": seat,
        "hand": len(view["hand"]),
        "unseen": sum(view["hand_counts"]) - len(view["hand"]),
        "leading": view["last_play"] is None,
        "counts": list(view["hand_counts"]),
        "kinds": [a["type"] if a["type"] == "pass" else a["combo"] for a in cands],
        "truth": truth,
        "score": [round(scores[json.dumps(a, sort_keys=True)], 4) for a in cands],
    }
    end, win, cuts = [], [], {c: [] for c in CUTS}
    t0 = time.process_time()
    for _ in range(samples):
        hands = _hands(view, state, sampler, adapter, rng)
        hands[seat] = list(view["hand"])
        st = view_state(view, hands, random.Random(rng.getrandbits(64)).getstate())
        base = GuandanSimulation(GAME, st)
        row_e, row_w, row_c = [], [], {c: [] for c in CUTS}
        for code in codes:
            sim = base.copy()
            sim.play(seat, code)
            plies = 1
            got = {}
            while not sim.is_over():
                if plies in CUTS and plies not in got:
                    got[plies] = predicted(sim)[seat]
                s = sim.awaiting()[0]
                sim.play(s, adapter.rollout_policy(sim, s, rng))
                plies += 1
            e = adapter.evaluate(sim)[seat]
            for c in CUTS:
                row_c[c].append(round(got.get(c, e), 4))
            row_e.append(round(e, 4))
            w = sim.state().history[-1][3][0] % 2 == seat % 2
            row_w.append(int(w))
        end.append(row_e)
        win.append(row_w)
        for c in CUTS:
            cuts[c].append(row_c[c])
    rec["cpu"] = time.process_time() - t0
    rec["end"], rec["win"] = end, win
    for c in CUTS:
        rec[f"p{c}"] = cuts[c]
    return rec


def collect(args) -> None:
    a, b = (int(x) for x in args.seeds.split(":"))
    pts = points(range(a, b), args.every)
    print(f"{len(pts)} points", file=sys.stderr)
    with open(args.out, "a" if args.skip else "w") as f:
        for i, (seed, state, seat) in enumerate(pts):
            if i < args.skip:
                continue
            rng = random.Random(seed * 1000 + i)
            rec = collect_point(state, seat, args.samples, args.sampler, rng, args.rollout)
            rec["seed"], rec["i"] = seed, i
            f.write(json.dumps(rec) + "\n")
            f.flush()
            print(f"{i + 1}/{len(pts)}", file=sys.stderr, end="\r")
    print(file=sys.stderr)


# --------------------------------------------------------------------------- rules
def columns(rows: list[list[float]], n: int) -> list[list[float]]:
    """Per candidate, its values over the first ``n`` samples."""
    rows = rows[:n]
    return [[r[j] for r in rows] for j in range(len(rows[0]))]


def default_rule(values: list[list[float]], z: float = 1.5) -> int:
    """The hard bot's choice from per-candidate sample values (flat, prune ``z`` at
    16, 32, 64, …; normal unless pruned)."""
    n = len(values[0])
    alive = list(range(len(values)))
    check = PRUNE_FIRST
    while check <= n and len(alive) > 1:
        alive = survivors([v[:check] for v in values], alive, z)
        check *= 2
    if 0 in alive:
        return 0
    return max(alive, key=lambda i: (sum(values[i]), -i))


def z_rule(values: list[list[float]], z: float) -> int:
    """Depart to the best mean when its paired lead over normal exceeds ``z`` SEs."""
    n = len(values[0])
    best = max(range(len(values)), key=lambda i: (sum(values[i]), -i))
    if best == 0:
        return 0
    d = [a - b for a, b in zip(values[best], values[0], strict=True)]
    m = sum(d) / n
    var = sum((x - m) ** 2 for x in d) / (n - 1)
    if var == 0:
        return best if m > 0 else 0
    return best if m > z * math.sqrt(var / n) else 0


def split_rule(values: list[list[float]], z: float) -> int:
    """Pick the best on the first half, keep it only if the second half confirms it
    beats normal by ``z`` SEs (no selection bias in the test)."""
    n = len(values[0])
    h = n // 2
    best = max(range(len(values)), key=lambda i: (sum(values[i][:h]), -i))
    if best == 0:
        return 0
    d = [a - b for a, b in zip(values[best][h:], values[0][h:], strict=True)]
    m = sum(d) / len(d)
    var = sum((x - m) ** 2 for x in d) / (len(d) - 1)
    if var == 0:
        return best if m > 0 else 0
    return best if m > z * math.sqrt(var / len(d)) else 0


def sign_rule(values: list[list[float]], t: float) -> int:
    """Depart to the candidate that beats normal on the most samples (net of those it
    loses) when that net share exceeds ``t``."""
    n = len(values[0])
    best, best_s = 0, 0.0
    for j in range(1, len(values)):
        s = sum((a > b) - (a < b) for a, b in zip(values[j], values[0], strict=True)) / n
        if s > best_s:
            best, best_s = j, s
    return best if best_s > t else 0


def judge(args) -> None:
    recs = [json.loads(line) for line in open(args.file)]
    print(f"{len(recs)} points from {args.file}")
    rules = {}
    for sig in ("end", "win", "p4", "p8", "p16", "mix"):
        for n in (16, 32, 64):
            for z in (1.0, 1.5, 2.0):
                rules[f"default {sig} n{n} z{z}"] = (sig, n, default_rule, z)
                rules[f"z {sig} n{n} z{z}"] = (sig, n, z_rule, z)
            for t in (0.1, 0.2, 0.3, 0.4):
                rules[f"sign {sig} n{n} t{t}"] = (sig, n, sign_rule, t)
            for z in (0.5, 1.0, 1.5):
                rules[f"split {sig} n{n} z{z}"] = (sig, n, split_rule, z)
    gates = {
        "unseen<=40": lambda r: r["unseen"] <= 40,
        "unseen<=60": lambda r: r["unseen"] <= 60,
        "lead-late|pass": lambda r: (r["leading"] and r["unseen"] <= 40) or not r["leading"],
        "lead-late|pass-only": lambda r: (
            (r["leading"] and r["unseen"] <= 40) or (not r["leading"] and "pass" in r["kinds"])
        ),
        "lead-late": lambda r: r["leading"] and r["unseen"] <= 40,
        "no-follow-play": "no-follow-play",
        "hand<=18": lambda r: r["hand"] <= 18,
        "hand<=10": lambda r: r["hand"] <= 10,
    }
    for gname, gate in gates.items():
        for sig in ("end", "p4", "p16"):
            for z in (1.0, 1.5, 2.0):
                rules[f"default {sig} n32 z{z} {gname}"] = (sig, 32, default_rule, z, gate)
    rules["best-shortlisted"] = None
    rules[BASE] = ("end", 32, default_rule, 1.5)
    out = []
    for name, rule in rules.items():
        gains = []
        deps = 0
        for r in recs:
            truth = [t[args.by == "levels"] for t in r["truth"]]
            if rule is None:
                j = max(range(len(truth)), key=lambda k: truth[k])
            else:
                sig, n, fn, z, *gate = rule
                if name == BASE:
                    n = min(n, len(r["end"]))
                if n > len(r["end"]):
                    break
                if gate and gate[0] != "no-follow-play" and not gate[0](r):
                    gains.append(0)
                    continue
                if sig == "mix":
                    rows = [
                        [a + 0.5 * w for a, w in zip(e, ww, strict=True)]
                        for e, ww in zip(r["end"], r["win"], strict=True)
                    ]
                else:
                    rows = r[sig]
                cols = columns(rows, n)
                if gate and gate[0] == "no-follow-play":  # passing or normal's play only
                    keep = [
                        k
                        for k in range(len(cols))
                        if k == 0 or r["kinds"][k] == "pass" or r["leading"]
                    ]
                    sub = [cols[k] for k in keep]
                    j = keep[fn(sub, z)]
                else:
                    j = fn(cols, z)
            deps += j != 0
            gains.append(truth[j] - truth[0])
        else:
            out.append((name, gains, deps))
    base = dict((n, g) for n, g, _ in out)[BASE]
    rows = []
    for name, gains, deps in out:
        d = [x - y for x, y in zip(gains, base, strict=True)]
        rows.append((sum(gains), name, deps, interval(gains), sum(d), interval(d)))
    for g, name, deps, ci, dd, dci in sorted(rows, reverse=True)[: args.top]:
        print(
            f"{name:28s} gain {g:+5d} ±{ci:5.1f}  departures {deps:4d}  "
            f"vs today {dd:+5d} ±{dci:5.1f}"
        )


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--seeds", default="1000:1012")
    c.add_argument("--every", type=int, default=3)
    c.add_argument("--samples", type=int, default=64)
    c.add_argument("--sampler", default="clues")
    c.add_argument("--rollout", default="fast")
    c.add_argument("--out", required=True)
    c.add_argument("--skip", type=int, default=0, help="resume: append after this many points")
    j = sub.add_parser("judge")
    j.add_argument("file")
    j.add_argument("--top", type=int, default=40)
    j.add_argument("--by", choices=("levels", "wins"), default="levels")
    args = p.parse_args(argv)
    if args.cmd == "collect":
        collect(args)
    else:
        judge(args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
