"""CI runs the README's test command to the letter (so a missing install step in the
README fails CI, not a new player)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    """The two fenced commands under "Set-up: two commands", in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Set-up: two commands", 1)[1].split("\n## ", 1)[0]
    return [block.strip() for block in re.findall(r"```\n(.*?)```", section, re.S)]


def test_ci_runs_the_readme_test_command():
    install, tests = readme_commands()
    assert tests.endswith("-m pytest -q -n auto")  # every core (pytest-xdist)
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert tests in run, f"{tests!r} is not a line of .ci/run"


def test_both_commands_use_a_virtual_environment_and_name_the_python():
    install, tests = readme_commands()
    for command in (install, tests):
        assert command.startswith("python3 -m venv .venv && .venv/bin/python -m pip install -e ")
    assert install.endswith(".venv/bin/tapete")
    assert "Python 3.11" in (ROOT / "README.md").read_text(encoding="utf-8")
