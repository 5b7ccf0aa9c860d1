"""Issue 35: the table built from components. ``TableScene`` is the loop, the hooks a game fills and its components
(<= 300 lines, <= 30 members); each game's table counting what it inherits is <= 1,000 lines and has no mixin base
(its panels and menus are objects it owns); no lazily made private state read by ``getattr(self, "_...")``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("grisbi", "grit", "grenade", "grass", "cops_and_robbers")


def classes() -> dict[str, tuple[int, list[str], int]]:
    """Every class of the client and the games' tables: name -> (lines, base names, members defined in its body)."""
    out = {}
    paths = [*(ROOT / "arcade" / "client").rglob("*.py"), *(ROOT / "arcade" / "games").glob("*/table/*.py")]
    for path in sorted(paths):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                key = node.name if node.name != "Table" else f"{path.parent.parent.name}.Table"
                bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
                members = sum(len(n.targets) if isinstance(n, ast.Assign) else 1 for n in node.body
                              if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Assign, ast.AnnAssign)))
                out[key] = (node.end_lineno - node.lineno + 1, bases, members)
    return out


def lines(known: dict, name: str, seen: tuple[str, ...] = ()) -> int:
    """A class's lines counting its bases' (those of the client and the tables)."""
    if name not in known or name in seen:
        return 0
    own, bases, _members = known[name]
    return own + sum(lines(known, b, seen + (name,)) for b in bases)


def test_the_table_scene_is_the_loop_and_its_components():
    known = classes()
    own, _bases, members = known["TableScene"]
    assert own <= 300 and members <= 30, (own, members)


def test_each_game_table_with_its_bases_is_at_most_1000_lines_and_has_no_mixin():
    known = classes()
    sizes = {gid: lines(known, f"{gid}.Table") for gid in GAMES}
    assert all(s > known["TableScene"][0] for s in sizes.values())  # the base counted
    assert {gid: known[f"{gid}.Table"][1] for gid in GAMES} == {gid: ["TableScene"] for gid in GAMES}
    assert {gid: s for gid, s in sizes.items() if s > 1000} == {}, sizes


def test_no_lazily_made_private_state():
    found = [f"{p.relative_to(ROOT)}:{k + 1}" for p in sorted((ROOT / "arcade").rglob("*.py"))
             for k, line in enumerate(p.read_text(encoding="utf-8").splitlines()) if 'getattr(self, "_' in line]
    assert found == []
