"""The code's shape (issue: one folder per game, scenes opened by name; issue 26: contracts in core): no import cycle
among the project's modules, counting imports made inside functions; pygame only in the client and the games'
``table`` folders; the rules, core and netplay import neither pygame nor the client; ``arcade.core`` imports nothing
of ``arcade.games`` (at module level or inside a function). ``tools/layout_report.py`` is the report; this runs its
check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tool_helpers import load_tool

ROOT = Path(__file__).resolve().parent.parent


def report() -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "layout_report.py"), "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_no_import_cycle_and_pygame_only_in_the_client_and_the_tables():
    r = report()
    assert "import cycles: 0" in r.stdout and "layering breaks: 0" in r.stdout, r.stdout + r.stderr
    assert r.returncode == 0


def test_core_imports_nothing_of_the_games_and_nothing_cycles_counting_imports_inside_functions():
    layout = load_tool("layout_report")
    mods = layout.modules()
    graph = {m: layout.imports_of(m, p, mods) for m, p in mods.items()}
    core_to_games = sorted((m, t) for m, targets in graph.items() if m == "arcade.core" or m.startswith("arcade.core.")
                           for t in targets if t == "arcade.games" or t.startswith("arcade.games."))
    assert core_to_games == []
    assert layout.cycles(graph) == []
    lazy = [t for t in graph["arcade.games.grit.definition"] if ".table" in t]
    assert lazy and not layout.imports_of("arcade.games.grit.definition", mods["arcade.games.grit.definition"], mods,
                                          module_level=True) & set(lazy), "a table is imported only when asked for"


def test_every_game_is_one_folder_with_its_table_inside():
    for gid in ("grisbi", "grit", "grenade", "grass", "cops_and_robbers"):
        folder = ROOT / "arcade" / "games" / gid
        assert (folder / "spec.py").is_file() and (folder / "table" / "scene.py").is_file(), gid
    assert not (ROOT / "arcade" / "scenes").exists() or not list((ROOT / "arcade" / "scenes").glob("*.py"))


def test_the_check_fails_on_a_layering_break(tmp_path):
    """The checker itself can fail: a copy of the tree with one module importing pygame outside the client."""
    import shutil

    shutil.copytree(ROOT / "arcade", tmp_path / "arcade", ignore=shutil.ignore_patterns("assets", "__pycache__"))
    shutil.copytree(ROOT / "netplay", tmp_path / "netplay", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "tools", tmp_path / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    rules = tmp_path / "arcade" / "games" / "grit" / "rules.py"
    rules.write_text("import pygame\nfrom arcade.client import app\n" + rules.read_text())
    r = subprocess.run([sys.executable, str(tmp_path / "tools" / "layout_report.py"), "--check"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "arcade.games.grit.rules" in r.stdout


def test_the_check_fails_on_core_importing_a_game_or_a_cycle_made_inside_a_function(tmp_path):
    """A core module importing ``arcade.games`` inside a function is a layering break; a function-level import that
    closes a loop (the spec importing the match, which reads the specs) is a cycle."""
    import shutil

    for folder in ("arcade", "netplay", "tools"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("assets", "__pycache__"))
    results = tmp_path / "arcade" / "core" / "results.py"
    late = "\n\ndef _late():\n    from {} import {}\n    return {}\n"
    results.write_text(results.read_text() + late.format("arcade.games", "REGISTRY", "REGISTRY"))
    spec = tmp_path / "arcade" / "core" / "spec.py"
    spec.write_text(spec.read_text() + late.format("arcade.core.match", "Match", "Match"))
    r = subprocess.run([sys.executable, str(tmp_path / "tools" / "layout_report.py"), "--check"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    assert "arcade.core.results (core) imports arcade.games" in r.stdout
    assert any(ln.startswith("  cycle:") and "arcade.core.spec" in ln and "arcade.core.match" in ln
               for ln in r.stdout.splitlines()), r.stdout


def test_the_check_fails_on_a_table_component_importing_a_game_or_another_component(tmp_path):
    """Issue 35: the table's components (``arcade/client/table/``) get narrow inputs from the scene; one importing a
    game, or another component, is a break."""
    import shutil

    for folder in ("arcade", "netplay", "tools"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("assets", "__pycache__"))
    table = tmp_path / "arcade" / "client" / "table"
    curtain = table / "curtain.py"
    late = "\n\ndef _late():\n    from arcade.games.grit import rules\n    return rules\n"
    curtain.write_text(curtain.read_text() + late)
    hud = table / "hud.py"
    hud.write_text("from arcade.client.table.seating import Seating\n" + hud.read_text())
    r = subprocess.run([sys.executable, str(tmp_path / "tools" / "layout_report.py"), "--check"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    assert "arcade.client.table.curtain (a table component) imports arcade.games.grit.rules" in r.stdout, r.stdout
    assert "arcade.client.table.hud (a table component) imports arcade.client.table.seating" in r.stdout, r.stdout
