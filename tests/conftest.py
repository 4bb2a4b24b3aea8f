"""Test set-up: SDL's dummy drivers before anything imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Logs and statistics of the tests' games go to a temporary data folder, never the user's.
if "TAPETE_DATA_DIR" not in os.environ:
    import tempfile

    os.environ["TAPETE_DATA_DIR"] = tempfile.mkdtemp(prefix="tapete-test-data-")
