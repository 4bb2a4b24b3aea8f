"""Random-play speed of this checkout against an earlier commit, in one run.

    python3 tools/bench_against.py df189e5                 # Take 5, 4 players
    python3 tools/bench_against.py df189e5 --game guandan --runs 7 --seconds 3

The commit's tree is extracted (``git archive``) into a temporary folder, so the old
implementation is measured as it was, without keeping old code in the tree. Runs
alternate between the two trees (old, new, old, new, …), each in a fresh process
running ``tools/bench.py``'s ``random_play`` for ``--seconds`` of CPU time. Prints the
machine's load (``uptime``) before and after, then per tree the median and min–max of
rounds/s (when the game counts rounds) and decisions/s, and the median ratio of the
paired runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

PROBE = """
import json, sys
from tools.bench import random_play
r = random_play(sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4]))
print(json.dumps({"rounds/s": r["rounds/s"], "decisions/s": r["decisions/s"]}))
"""


def extract(commit: str, into: Path) -> Path:
    """The tree of ``commit`` written under ``into``; returns its folder."""
    tar = into / "tree.tar"
    with open(tar, "wb") as out:
        subprocess.run(["git", "archive", commit], cwd=ROOT, stdout=out, check=True)
    folder = into / "tree"
    with tarfile.open(tar) as t:
        t.extractall(folder, filter="data")
    return folder


def measure(tree: Path, game: str, seconds: float, players: int, options: dict) -> dict:
    """One ``random_play`` run in a fresh process on ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run(
        [sys.executable, "-c", PROBE, game, str(seconds), str(players), json.dumps(options)],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def summary(xs: list[float]) -> str:
    return f"median {statistics.median(xs):,.0f} (min {min(xs):,.0f}, max {max(xs):,.0f})"


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main(argv: list[str] | None = None) -> int:
    """Command line; returns the exit status."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("commit", help="the earlier commit (any git revision)")
    p.add_argument("--game", default="take5")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--options", default="{}", help="game options as JSON")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a run")
    args = p.parse_args(argv)
    options = json.loads(args.options)
    print(f"before: {uptime()}")
    results: dict[str, list[dict]] = {"old": [], "new": []}
    with tempfile.TemporaryDirectory() as tmp:
        old = extract(args.commit, Path(tmp))
        for _ in range(args.runs):
            for name, tree in (("old", old), ("new", ROOT)):
                r = measure(tree, args.game, args.seconds, args.players, options)
                results[name].append(r)
    print(f"after:  {uptime()}")
    print(
        f"{args.game}, {args.players} players, options {options or 'default'}, "
        f"{args.runs} runs of {args.seconds:g} CPU s each"
    )
    for key in ("rounds/s", "decisions/s"):
        if results["new"][0][key] is None:
            continue
        for name, label in (("old", args.commit), ("new", "this tree")):
            print(f"{key:<12} {label:<12} {summary([r[key] for r in results[name]])}")
        ratios = [n[key] / o[key] for o, n in zip(results["old"], results["new"], strict=True)]
        print(
            f"{key:<12} ratio        median {statistics.median(ratios):.2f}× "
            f"(min {min(ratios):.2f}, max {max(ratios):.2f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
