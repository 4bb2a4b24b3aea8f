"""``net`` imports neither pygame nor ``client`` (DESIGN.md "Layout"), and uses only the
engine's public API (``engine.get_game`` / ``engine.get_bot``), never a game's package."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

NET = pathlib.Path(__file__).resolve().parents[2] / "net"


def imported_modules(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_net_imports_no_pygame_no_client_no_game_internals():
    files = sorted(NET.glob("*.py"))
    assert files
    for f in files:
        for mod in imported_modules(f):
            top = mod.split(".")[0]
            assert top not in ("pygame", "pygame_gui", "client"), f"{f.name} imports {mod}"
            if top == "engine":
                assert mod in ("engine", "engine.core", "engine.bots"), f"{f.name}: {mod}"


def test_importing_net_loads_no_pygame():
    code = (
        "import sys, net.host, net.local, net.server, net.client, net.protocol, "
        "net.discovery, net.mirror, net.botplayer; "
        "assert not [m for m in sys.modules if m.startswith(('pygame', 'client'))]"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=NET.parent, timeout=60)
