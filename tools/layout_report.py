#!/usr/bin/env python3
"""Print the shape of the code: import cycles, layering, and the longest classes and functions.

    python tools/layout_report.py [--check] [--top N]

- Import graph of the ``arcade`` and ``netplay`` modules, counting imports inside functions (an ``import`` anywhere in
  a module is an edge); implicit parent-package imports are not edges. Prints every cycle (strongly connected
  component of more than one module, or a module importing itself).
- Layering (../shared/DESIGN.md "Layout"): pygame only in ``arcade/client/`` and ``arcade/games/*/table/``;
  ``arcade/core`` and the pure game modules import no pygame, netplay or client; ``arcade/core`` imports nothing of
  ``arcade/games``; ``netplay`` imports no arcade or pygame. One sanctioned exception: a game's ``definition`` module
  may import its own ``table`` folder inside a function (its table factory and card art, imported when called), never
  at module level.
- The table's components (``arcade/client/table/``, but its ``__init__`` and ``scene``: the ``TableScene`` that owns
  them) import no game (nothing of ``arcade.games``) and no other component: each gets narrow inputs from the scene.
- The ``--top`` (10) longest classes and functions, in lines.

``--check`` exits 1 if there is a cycle or a layering break (tests/test_layout.py runs it).
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("arcade", "netplay")


def modules() -> dict[str, Path]:
    """Module name -> file, for every .py under the packages."""
    out = {}
    for pkg in PACKAGES:
        for f in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(f.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = f
    return out


def _import_nodes(tree: ast.AST, module_level: bool) -> list[ast.AST]:
    """The import statements of a module: all of them, or (``module_level``) those outside any function body."""
    if not module_level:
        return [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    out, todo = [], [tree]
    while todo:
        node = todo.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                out.append(child)
            todo.append(child)
    return out


def imports_of(name: str, path: Path, known: dict[str, Path], module_level: bool = False) -> set[str]:
    """Modules of ours that ``name`` imports anywhere in its body (top level or inside functions; ``module_level``:
    outside functions only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_pkg = path.name == "__init__.py"
    pkg = name.split(".") if is_pkg else name.split(".")[:-1]
    out: set[str] = set()
    for node in _import_nodes(tree, module_level):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.add(a.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(pkg[: len(pkg) - node.level + 1] + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for a in node.names:
                sub = f"{base}.{a.name}"
                out.add(sub if sub in known else base)
    ours = set()
    for m in out:
        while m and m not in known:
            m = m.rpartition(".")[0]
        if m and m != name:
            ours.add(m)
    return ours


def external(path: Path) -> set[str]:
    """Top-level names of every module imported anywhere in ``path`` (absolute imports only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module.split(".")[0])
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter[0]; counter[0] += 1; stack.append(root); on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]; counter[0] += 1; stack.append(w); on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop(); on.discard(w); comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def allowed_pygame(name: str) -> bool:
    parts = name.split(".")
    return name.startswith("arcade.client") or (len(parts) >= 4 and parts[:2] == ["arcade", "games"]
                                                   and parts[3] == "table")


def in_package(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def own_table_lazily(name: str, target: str, eager: set[str]) -> bool:
    """A game's ``definition`` module importing its own table folder inside a function (its table factory)."""
    parts = name.split(".")
    return (len(parts) == 4 and parts[:2] == ["arcade", "games"] and parts[3] == "definition"
            and in_package(target, f"arcade.games.{parts[2]}.table") and target not in eager)


TABLE = "arcade.client.table"
TABLE_OWNERS = (TABLE, TABLE + ".scene")  # the package and the scene that assembles the components


def table_component(name: str) -> bool:
    """A module of the table package that is one of its components (not the package or the scene)."""
    return in_package(name, TABLE) and name not in TABLE_OWNERS


def layering(mods: dict[str, Path], graph: dict[str, set[str]]) -> list[str]:
    problems = []
    for name, path in mods.items():
        if table_component(name):
            bad = sorted(m for m in graph[name]
                         if in_package(m, "arcade.games") or (in_package(m, TABLE) and m != name))
            if bad:
                problems.append(f"{name} (a table component) imports {', '.join(bad)} (components import no game"
                                " and no other component)")
        ext = external(path)
        if "pygame" in ext and not allowed_pygame(name):
            problems.append(f"{name} imports pygame (only arcade/client/ and arcade/games/*/table/ may)")
        pure = name.startswith("arcade.core") or (name.startswith("arcade.games") and not allowed_pygame(name))
        if pure:
            eager = imports_of(name, path, mods, module_level=True)
            bad = sorted(m for m in graph[name] if (m.startswith("arcade.client") or allowed_pygame(m))
                         and not own_table_lazily(name, m, eager))
            if "netplay" in ext or bad:
                problems.append(f"{name} is pure but imports {', '.join(bad) or 'netplay'}")
        if in_package(name, "arcade.core"):
            games = sorted(m for m in graph[name] if in_package(m, "arcade.games"))
            if games:
                problems.append(f"{name} (core) imports {', '.join(games)} (core imports nothing of arcade.games)")
        if name.startswith("netplay") and ({"arcade", "pygame"} & ext):
            problems.append(f"{name} (netplay) imports {', '.join(sorted({'arcade', 'pygame'} & ext))}")
    return problems


def longest(mods: dict[str, Path], top: int) -> tuple[list, list]:
    classes, funcs = [], []
    for name, path in mods.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                classes.append((node.end_lineno - node.lineno + 1, f"{name}.{node.name}"))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                funcs.append((node.end_lineno - node.lineno + 1, f"{name}:{node.name} (line {node.lineno})"))
    return sorted(classes, reverse=True)[:top], sorted(funcs, reverse=True)[:top]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 on a cycle or a layering break")
    ap.add_argument("--top", type=int, default=10)
    args = ap.parse_args(argv)
    mods = modules()
    graph = {m: imports_of(m, p, mods) for m, p in mods.items()}
    cyc = cycles(graph)
    lay = layering(mods, graph)
    edges = sum(len(v) for v in graph.values())
    print(f"{len(mods)} modules, {edges} import edges (function-level imports counted)")
    print(f"import cycles: {len(cyc)}" + ("" if cyc else " (none)"))
    for c in cyc:
        print("  cycle: " + " <-> ".join(c))
    print(f"layering breaks: {len(lay)}" + ("" if lay else " (pygame only in arcade/client and arcade/games/*/table;"
                                            " core, pure game modules and netplay import neither pygame nor the"
                                            " client; core imports nothing of arcade.games; table components import"
                                            " no game and no other component)"))
    for p in lay:
        print("  " + p)
    cl, fn = longest(mods, args.top)
    print(f"\nlongest classes (lines):")
    for n, what in cl:
        print(f"  {n:5d}  {what}")
    print(f"longest functions (lines):")
    for n, what in fn:
        print(f"  {n:5d}  {what}")
    return 1 if args.check and (cyc or lay) else 0


if __name__ == "__main__":
    sys.exit(main())
