"""One formatting style and a clean lint, checked in CI (issue 15: "adopt ruff format
once, and have CI check it"). ruff is in the ``test`` extra."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def ruff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_every_file_is_formatted_by_ruff():
    out = ruff("format", "--check", ".")
    assert out.returncode == 0, out.stdout + out.stderr


def test_ruff_check_finds_nothing():
    out = ruff("check", ".")
    assert out.returncode == 0, out.stdout + out.stderr
