"""The seam of issue 26, kept: no import cycle between modules (imports inside functions counted), ``arcade.core``
never imports ``arcade.games`` (DESIGN.md: games register themselves), no netplay class longer than ~450 lines
counting what it inherits, and no message handler found by name (``getattr(self, ...)``)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("arcade", "netplay")


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*.py")):
            name = ".".join(p.relative_to(ROOT).with_suffix("").parts)
            out[name.removesuffix(".__init__")] = p
    return out


def _imports(mods: dict[str, Path]) -> dict[str, set[str]]:
    """module -> the modules of this repository it imports, anywhere in its text."""
    def known(name: str) -> str:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name

    graph: dict[str, set[str]] = {}
    for mod, path in mods.items():
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                edges |= {known(a.name) for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = mod.split(".") if path.name == "__init__.py" else mod.split(".")[:-1]
                    parts = parts[:len(parts) - (node.level - 1)]
                    base = ".".join(parts + ([base] if base else []))
                edges |= {known(f"{base}.{a.name}") or known(base) for a in node.names}
        graph[mod] = {e for e in edges if e and e != mod}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
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
                found.append(sorted(comp))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for v in sorted(graph):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return found


def test_no_import_cycle_and_core_never_imports_the_games():
    graph = _imports(_modules())
    assert len(graph) > 100  # the walk saw the code
    assert graph["arcade.core.match"] & {"arcade.core.protocols", "arcade.core.simulation"}
    assert _cycles(graph) == []
    assert [(a, b) for a in sorted(graph) for b in sorted(graph[a])
            if a.startswith("arcade.core") and b.startswith("arcade.games")] == []


def test_the_cycle_finder_sees_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_netplay_class_over_450_lines_counting_what_it_inherits():
    classes: dict[str, tuple[int, list[str]]] = {}
    for path in sorted((ROOT / "netplay").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
                classes[node.name] = (node.end_lineno - node.lineno + 1, bases)

    def lines(name: str, seen: tuple[str, ...] = ()) -> int:
        if name not in classes or name in seen:
            return 0
        own, bases = classes[name]
        return own + sum(lines(b, seen + (name,)) for b in bases)

    sizes = {name: lines(name) for name in classes}
    assert sizes["HostSession"] > sizes["Session"] > 100  # inheritance counted
    assert {n: s for n, s in sizes.items() if s > 450} == {}


def test_no_message_handler_is_found_by_name():
    hits = [f"{p.relative_to(ROOT)}:{i}" for p in sorted((ROOT / "netplay").rglob("*.py"))
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1) if "getattr(self, " in line]
    assert hits == []
