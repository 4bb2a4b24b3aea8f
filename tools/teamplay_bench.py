"""Teamplay: how fast the mission language answers "which missions can this hand
complete, and with which cards" — a 10-card hand against all 46 missions.

    python3 tools/teamplay_bench.py [--hands 300] [--size 10] [--seed 1]

Prints microseconds per hand (all 46 missions) for three cases: cold (every cache
empty), a new hand whose kinds were seen before (kind cache warm), and the same hand
asked again (what a UI does while a player selects cards). No assertions."""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.teamplay import missions as M  # noqa: E402


def _run(hands, clear_kinds: bool, clear_hands: bool) -> float:
    start = time.perf_counter()
    for h in hands:
        if clear_kinds:
            M.kind_completions.cache_clear()
        if clear_hands:
            M._completions.cache_clear()
        for mid in M.MISSION_IDS:
            M.completions(mid, h)
    return (time.perf_counter() - start) / len(hands) * 1e6


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--size", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    hands = [rng.sample(range(M.NUMBER_CARDS), args.size) for _ in range(args.hands)]
    found = sum(len(M.completable(h)) for h in hands) / len(hands)
    cold = _run(hands, True, True)
    kinds_warm = _run(hands, False, True)
    _run(hands, False, False)
    same = _run(hands, False, False)
    print(
        f"{args.size}-card hands, all {len(M.MISSION_IDS)} missions, {args.hands} hands "
        f"(~{found:.1f} completable missions per hand)"
    )
    print(f"  cold (no caches)          {cold:8.0f} us/hand  ({cold / 46:.1f} us/mission)")
    print(f"  new hand, kinds cached    {kinds_warm:8.0f} us/hand")
    print(f"  same hand again (UI)      {same:8.0f} us/hand")


if __name__ == "__main__":
    main()
