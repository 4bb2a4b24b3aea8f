"""The browser page's figures (issue 30, "Figures"), measured in a real headless Chromium.

    python3 tools/bench_page.py                # 5 runs, laptop viewport
    python3 tools/bench_page.py --runs 7 --viewport phone

One run: a :class:`net.local.LocalHost` with Take 5 (one open seat and two bots, one
round, bots' pause off) and its web door on 127.0.0.1; a fresh Chromium (a fresh profile:
nothing cached) opens the address, and the run reads the page's own Performance API:

- **bytes**: every response the page loaded to show the lobby and then the table (the
  navigation and each resource's body as it came over the wire, `encodedBodySize`):
  target ≤ 300 KB;
- **lobby drawn**: `tapete:lobby` (performance.mark when the lobby is in the DOM) since
  the navigation began, for a guest who opens the address;
- **first table drawn**: `tapete:first-table` (performance.mark after the first render of
  the table) since the navigation began, for a seated guest who opens the address again
  (the kept token skips the lobby; the browser's cache is warm, as on any return):
  target ≤ 1 s;
- **delta applied**: `tapete:apply` (performance.measure around applyDelta and the legal
  list's unpacking in seat.js) over every delta of the game, played to its end by
  clicking the lowest card (and the first row when too low): target median ≤ 2 ms.
  (Chromium's performance.now() is coarsened to 0.1 ms without cross-origin isolation:
  most deltas read 0; the mean over all of them is printed too.)

Prints per figure the median and min–max over the runs (the deltas: over every delta of
every run) and ``uptime``'s load before and after. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if __package__ in (None, ""):
    sys.path.insert(0, str(ROOT))

from net.local import serve_for_tests  # noqa: E402
from tests.web.conftest import Player, browsers_present, start_browser  # noqa: E402


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def play(p: Player, timeout: float = 60.0) -> None:
    """Seat 0 plays to the end: the lowest card, the first row."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if p.find("[data-outcome]"):
            return
        rows = p.find("[data-action=take-row][data-lit]")
        if rows:
            p.click("[data-action=take-row][data-row='0']")
            p.wait_until(lambda: not p.find("[data-action=take-row]"))
            continue
        lit = p.attrs("[data-hand] [data-lit]", "data-card")
        if not lit:
            time.sleep(0.02)
            continue
        card = min(int(c) for c in lit)
        p.click(f"[data-hand] [data-card='{card}']")
        p.click("[data-action=play]")
        p.wait_until(
            lambda c=card: (
                str(c) not in p.attrs("[data-hand] [data-card]", "data-card")
                or p.find("[data-outcome]")
            )
        )
    raise TimeoutError("the game did not end")


def one_run(viewport: str, seed: int) -> dict:
    host, url = serve_for_tests("take5", ["open", "bot", "bot"], seed, {"rounds": 1}, bot_delay=0.0)
    driver = start_browser(viewport, Path(tempfile.mkdtemp(prefix="tapete-bench-")))
    try:
        p = Player(driver, viewport)
        driver.get(url)
        p.wait("[data-action=sit]")
        lobby = p.marks("tapete:lobby")[0]["startTime"]
        p.click("[data-action=sit]")
        p.wait("[data-hand] [data-lit]")
        loaded = sum(r["encodedBodySize"] or r["transferSize"] or 0 for r in p.resources())
        play(p)
        applied = [m["duration"] for m in p.marks("tapete:apply")]
        driver.get(url)  # a seated guest opens the address again
        p.wait("[data-outcome], [data-hand]")
        p.wait_until(lambda: p.marks("tapete:first-table"))
        first = p.marks("tapete:first-table")[0]["startTime"]
        return {"bytes": loaded, "lobby": lobby, "first": first, "apply": applied}
    finally:
        driver.quit()
        host.stop()


def spread(values: list[float], fmt: str) -> str:
    return (
        f"median {fmt.format(statistics.median(values))} "
        f"[{fmt.format(min(values))}–{fmt.format(max(values))}]"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--viewport", choices=["laptop", "phone"], default="laptop")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    if not browsers_present():
        print("needs Debian's chromium and chromium-driver")
        return 1
    print(f"load before: {uptime()}")
    runs = [one_run(args.viewport, args.seed + i) for i in range(args.runs)]
    print(f"load after:  {uptime()}")
    deltas = [d for r in runs for d in r["apply"]]
    kb = [r["bytes"] / 1024 for r in runs]
    print(f"{args.runs} runs, {args.viewport}, Take 5 (3 seats, 1 round), headless Chromium")
    print(f"bytes loaded (lobby + table): {spread(kb, '{:.1f} KB')} (target ≤ 300 KB)")
    print(f"lobby drawn after opening:    {spread([r['lobby'] for r in runs], '{:.0f} ms')}")
    first = [r["first"] for r in runs]
    print(f"first table drawn (seated):   {spread(first, '{:.0f} ms')} (target ≤ 1000 ms)")
    n = len(deltas)
    print(f"delta applied ({n} deltas):  {spread(deltas, '{:.2f} ms')} (target median ≤ 2 ms)")
    p90 = sorted(deltas)[int(0.9 * (n - 1))]
    print(f"  mean {statistics.fmean(deltas):.3f} ms, p90 {p90:.2f} ms (timer step 0.1 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
