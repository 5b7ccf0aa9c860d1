"""The code's shape (issue: one folder per game, scenes opened by name): no import cycle among the project's modules,
counting imports made inside functions; pygame only in the client and the games' ``table`` folders; the rules, core
and netplay import neither pygame nor the client. ``tools/layout_report.py`` is the report; this runs its check."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def report() -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "tools" / "layout_report.py"), "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_no_import_cycle_and_pygame_only_in_the_client_and_the_tables():
    r = report()
    assert "import cycles: 0" in r.stdout and "layering breaks: 0" in r.stdout, r.stdout + r.stderr
    assert r.returncode == 0


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
