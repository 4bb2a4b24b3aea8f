"""Imports flow one way: client → net → engine (DESIGN.md "Layout"; STYLE.md rule 1).

``engine`` uses the standard library and itself only; ``net`` never imports pygame or
``client``; neither does I/O-heavy UI work."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names)


def imports(package: str) -> dict[str, set[str]]:
    """``{file: {top-level module names imported}}`` for every .py file in ``package``."""
    out = {}
    for path in (ROOT / package).rglob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        out[str(path.relative_to(ROOT))] = names
    return out


def test_engine_imports_only_the_standard_library_and_itself():
    for path, names in imports("engine").items():
        foreign = {n for n in names if n not in STDLIB and n != "engine"}
        assert not foreign, f"{path} imports {sorted(foreign)}"


def test_engine_does_no_io():
    banned = {"socket", "asyncio", "threading", "subprocess", "pygame"}
    for path, names in imports("engine").items():
        assert not names & banned, f"{path} imports {sorted(names & banned)}"


def test_net_never_imports_pygame_or_client():
    for path, names in imports("net").items():
        assert not names & {"pygame", "pygame_gui", "client"}, path
