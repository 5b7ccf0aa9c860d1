"""The network seam of issue 26, kept: no netplay class longer than ~450 lines counting what it inherits. (No
import cycle and core never importing the games: ``tests/test_layout.py``; no mixins and no handler found by name:
``tests/test_netplay_session.py``.)"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


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

