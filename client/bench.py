"""The client's figures, for ``tools/bench.py``'s client section (never asserted in
tests): frame times while hard bots play, the CPU an idle window uses, and the time
from starting ``tapete play`` to the first frame of the table.

Each measure runs in a fresh interpreter on SDL's dummy driver at 1280×720 —
``python -m client.bench MEASURE [ARGS]`` prints one JSON line — so one measure's
window, threads and host process never touch the next one's. :func:`measure` runs one
and returns its figures.

* ``frames GAME SECONDS``: a table of hard bots (its host in its own process, bots
  acting as soon as they have decided) shown in the window; the wall-clock time of
  every frame (events, update, draw, flip) at up to 60 frames/s.
* ``idle menu SECONDS`` / ``idle table SECONDS``: the window's real frame loop
  (:meth:`client.app.App.run`) at the menu, or at a Take 5 table waiting for the
  player's card; CPU seconds of the window's process (all threads) and of the table's
  host process per wall second, in percent of one core, and the frames drawn.
* ``first-frame GAME``: ``tapete play GAME`` as the command runs it, from the
  interpreter's start (``/proc/self/stat``) to the first frame that shows the table's
  cards.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import threading
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZE = (1280, 720)


def cpu_seconds(pid: int | str = "self") -> float:
    """User + system CPU seconds of process ``pid`` so far, all its threads (Linux)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def since_start() -> float:
    """Seconds since this process started (its start time in ``/proc/self/stat``)."""
    with open("/proc/self/stat", encoding="ascii") as f:
        started = int(f.read().rsplit(")", 1)[1].split()[19]) / os.sysconf("SC_CLK_TCK")
    with open("/proc/uptime", encoding="ascii") as f:
        return float(f.read().split()[0]) - started


def _app():
    from client.app import App
    from client.settings import Settings

    return App(Settings(), size=SIZE)


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


# --------------------------------------------------------------------------- measures
def frames(game_id: str, seconds: float, level: str = "hard") -> dict:
    """Frame times (ms) while ``level`` bots play ``game_id`` for ``seconds``, every
    frame from the first one that shows the table: ``{"frames", "median_ms", "p99_ms",
    "max_ms", "cpu_median_ms", "cpu_p99_ms", "actions"}`` — wall clock, and the frame
    loop thread's own CPU time (what the frame cost, apart from waiting for a core on
    a busy machine); ``actions``: the moves shown. A game that ends is followed by
    another (next seed)."""
    import pygame

    from client.launch import TableSpec, open_local
    from engine import get_game

    game = get_game(game_id)
    players = max(game.min_players, min(4, game.max_players))
    app = _app()
    clock = pygame.time.Clock()
    samples: list[float] = []
    cpu: list[float] = []
    actions, seed = 0, 1
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        spec = TableSpec.new(game_id, [f"bot:{level}"] * players, seed)
        table = open_local(app, spec)
        table.session.set_bot_delay(0.0)
        while time.perf_counter() < end and app.scene is table:
            clock.tick(60)
            t0, c0 = time.perf_counter(), time.thread_time()
            app.frame(1 / 60)
            if table.board is not None:
                samples.append((time.perf_counter() - t0) * 1000)
                cpu.append((time.thread_time() - c0) * 1000)
        actions += max(0, table.session.mirrors[None].seq)
        table.session.close()
        seed += 1
    pygame.quit()
    return {
        "frames": len(samples),
        "median_ms": statistics.median(samples),
        "p99_ms": _percentile(samples, 0.99),
        "max_ms": max(samples),
        "cpu_median_ms": statistics.median(cpu),
        "cpu_p99_ms": _percentile(cpu, 0.99),
        "actions": actions,
    }


def idle(where: str, seconds: float) -> dict:
    """CPU of an idle window: ``where`` is ``"menu"`` or ``"table"`` (Take 5, the
    player to choose a card). Returns ``{"window_cpu_pct", "host_cpu_pct",
    "frames"}`` over ``seconds`` of the real frame loop."""
    import pygame

    app = _app()
    host_pid = None
    if where == "menu":
        app.go("menu")
        app.frame(1 / 60)
    else:
        from client.launch import start_table

        table = start_table(app, "take5", ["human", "bot:hard", "bot:hard", "bot:hard"], 1)
        end = time.monotonic() + 60

        def waiting() -> bool:  # for the player alone: every bot has chosen its card
            view = table.session.mirrors[0].view
            # every bot has chosen (a seat that has chosen is no longer awaited)
            return bool(view and view["phase"] == "choose" and view["awaiting"] == [0])

        # (getattr: the same measure also runs on a tree from before idle frames)
        still = getattr(table, "idle", lambda: table.timeline.idle)
        while not (waiting() and table.my_decision() == "choose" and still()):
            app.frame(1 / 60)
            time.sleep(1 / 60)
            if time.monotonic() > end:
                raise RuntimeError("the table never waited for the player")
        host_pid = getattr(table.session.host, "pid", None)  # None: in-process host
    app.frame(1 / 60)
    seen: dict = {}

    def stop() -> None:  # on a timer thread: read the figures, then end the loop
        seen.update(t=time.perf_counter(), cpu=cpu_seconds(), frames=app.frames)
        seen["host"] = cpu_seconds(host_pid) if host_pid else 0.0
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    frames0, cpu0 = app.frames, cpu_seconds()
    host0 = cpu_seconds(host_pid) if host_pid else 0.0
    t0 = time.perf_counter()
    threading.Timer(seconds, stop).start()
    app.run()  # ends at the QUIT; closes the table and its host
    took = seen["t"] - t0
    return {
        "window_cpu_pct": 100 * (seen["cpu"] - cpu0) / took,
        "host_cpu_pct": 100 * (seen["host"] - host0) / took if host_pid else None,
        "frames": seen["frames"] - frames0,
        "seconds": took,
    }


def first_frame(game_id: str) -> dict:
    """``tapete play GAME`` (you and normal bots) as the command runs it, until the
    first frame that shows the table's cards: ``{"ms_from_process_start",
    "ms_from_main"}`` (the latter leaves out the interpreter's own start). The window
    quits at that frame. (pygame is loaded here before the command starts, so the
    host process starts a little later than under the real command: the figure errs
    long.)"""
    t0 = time.perf_counter()
    import client.app
    from client import cli

    out: dict = {}
    frame = client.app.App.frame

    def first(app, dt, events=None) -> None:
        frame(app, dt, events)
        if not out and getattr(app.scene, "board", None) is not None:
            out["ms_from_process_start"] = since_start() * 1000
            out["ms_from_main"] = (time.perf_counter() - t0) * 1000
            app.quit(0)

    client.app.App.frame = first
    if cli.main(["play", game_id]) != 0 or not out:
        raise RuntimeError("tapete play did not show its table")
    return out


def measure(name: str, *args: str, root: str | None = None, timeout: float = 600.0) -> dict:
    """Run one measure in a fresh interpreter and return its JSON figures. ``root``:
    the checkout whose window is measured (default: this one; an earlier commit's
    tree measures "before" with this file's measures). Raises ``RuntimeError`` with
    its error output if it fails."""
    from pathlib import Path

    here = Path(__file__).resolve()
    root = str(Path(root).resolve()) if root else str(here.parents[1])
    env = dict(os.environ, PYTHONPATH=root, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    # This file runs as the measure, the window imported from ``root``.
    run = (
        "import runpy, sys; sys.argv = sys.argv[1:]; "
        f"runpy.run_path({str(here)!r}, run_name='__main__')"
    )
    proc = subprocess.run(
        [sys.executable, "-c", run, "client.bench", name, *map(str, args)],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"client.bench {name} failed: {proc.stderr.strip()[-400:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    name, *args = argv
    if name == "frames":
        out = frames(args[0], float(args[1]), *args[2:3])
    elif name == "idle":
        out = idle(args[0], float(args[1]))
    elif name == "first-frame":
        out = first_frame(args[0])
    else:
        print(f"client.bench: unknown measure {name!r}", file=sys.stderr)
        return 2
    print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
