"""Frame-time benchmark of the Take 5 table (used by ``tools/bench.py``).

Runs on SDL's dummy driver at 1280×720 with a bots-only table, timing each frame's
work (events, update, draw, flip) while cards are animating."""

from __future__ import annotations

import os
import statistics
import time


def frame_times(seconds: float = 5.0, game_id: str = "take5", players: int | None = None) -> dict:
    """Play a bots-only table (``players`` seats; default 5 for Take 5, else 4) for
    ``seconds`` of wall time at up to 60 frames/s.

    Returns ``{"frames": int, "median_ms": float, "p99_ms": float,
    "first_frame_ms": float}``: per-frame work while the timeline animates, and the
    time from creating the window to the first drawn frame (menu scene)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from client.app import App
    from client.launch import start_table
    from client.settings import Settings

    t0 = time.perf_counter()
    app = App(Settings(), size=(1280, 720))
    app.go("menu")
    app.frame(1 / 60, [])
    first = (time.perf_counter() - t0) * 1000
    from engine import get_game

    game = get_game(game_id)
    n = players or max(game.min_players, min(5 if game_id == "take5" else 4, game.max_players))
    table = start_table(app, game_id, ["bot:normal"] * n, seed=1)
    table.session.set_bot_delay(0.0)
    samples: list[float] = []
    clock = pygame.time.Clock()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        clock.tick(60)
        busy = not table.timeline.idle
        a = time.perf_counter()
        app.frame(1 / 60, [])
        ms = (time.perf_counter() - a) * 1000
        if busy:
            samples.append(ms)
        if app.scene is not table:
            break
    table.session.close()
    pygame.quit()
    samples.sort()
    if not samples:
        return {"frames": 0, "median_ms": 0.0, "p99_ms": 0.0, "first_frame_ms": first}
    return {
        "frames": len(samples),
        "median_ms": statistics.median(samples),
        "p99_ms": samples[min(len(samples) - 1, int(len(samples) * 0.99))],
        "first_frame_ms": first,
    }


if __name__ == "__main__":  # pragma: no cover
    print(frame_times())
