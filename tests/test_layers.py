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


# --------------------------------------------------------------------------- the graph
LAYERS = {"engine": 0, "net": 1, "client": 2}


def module_of(path: Path) -> str:
    mod = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    return mod.removesuffix(".__init__")


def import_graph() -> dict[str, set[str]]:
    """``{module: {our modules it imports}}`` over engine, net and client: every import
    statement (at module level or inside a function, ``TYPE_CHECKING`` included), plus
    the registries that import by name — the router's :data:`client.app.SCENES` and
    :data:`client.tables.TABLES` — as edges from the module that holds them."""
    files = {module_of(p): p for pkg in LAYERS for p in (ROOT / pkg).rglob("*.py")}

    def resolve(name: str) -> str | None:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {m: set() for m in files}
    for mod, path in files.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            else:
                continue
            for t in targets:
                r = resolve(t)
                if r and r != mod and not mod.startswith(r + "."):
                    graph[mod].add(r)
    from client.app import SCENES
    from client.tables import TABLES

    for holder, registry in (("client.app", SCENES), ("client.tables", TABLES)):
        for target in registry.values():
            graph[holder].add(resolve(target.split(":")[0]))
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return out


def test_imports_flow_client_to_net_to_engine_without_a_circle():
    graph = import_graph()
    assert len(graph) > 50
    upward = [
        f"{m} → {t}"
        for m, targets in graph.items()
        for t in targets
        if LAYERS[t.split(".")[0]] > LAYERS[m.split(".")[0]]
    ]
    assert upward == []
    assert circles(graph) == []


def test_the_circle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]
