"""Issue 35, "netplay state with owners": the session's phase changes in one file along a table of steps, each part
reads the session through a small Protocol of its own (no ``Any`` back-pointer), and each per-peer record is written
by the part that owns it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from netplay.phase import PHASE_STEPS, IllegalPhase, Phases
from netplay.protocol import DEALING, DONE, FAILED, FINISHING, HELLO, LOBBY, RUNNING

ROOT = Path(__file__).resolve().parent.parent
NETPLAY = sorted((ROOT / "netplay").rglob("*.py"))


def _stores(tree: ast.AST) -> list[ast.Attribute]:
    """Every attribute assigned (plain, augmented, annotated, or a target inside a tuple)."""
    out = []
    for node in ast.walk(tree):
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else [])
        for t in targets:
            out += [e for e in ast.walk(t) if isinstance(e, ast.Attribute) and isinstance(e.ctx, ast.Store)]
    return out


def test_the_phase_is_assigned_in_one_file_only():
    writers = {p.name for p in NETPLAY for a in _stores(ast.parse(p.read_text(encoding="utf-8")))
               if a.attr in ("phase", "_phase")}
    assert writers == {"phase.py"}


def test_every_phase_a_session_may_enter_is_in_the_table_and_a_finished_session_never_runs_again():
    assert set(PHASE_STEPS) == {HELLO, LOBBY, DEALING, "late", RUNNING, FINISHING, DONE, FAILED}
    p = Phases("host")
    for step in (LOBBY, DEALING, LOBBY, DEALING, RUNNING, FINISHING, DONE):
        p.enter(step)
    assert p.phase == DONE
    for wrong in (RUNNING, LOBBY, FINISHING):
        with pytest.raises(IllegalPhase):
            p.enter(wrong)
    assert p.phase == DONE
    p.enter(FAILED)
    with pytest.raises(IllegalPhase):
        p.enter(DONE)


def test_a_part_asking_for_a_step_back_to_running_is_refused():
    from netplay.session import Session
    from netplay.transport import MemoryNetwork
    from test_netplay_toys import HOST_ADDR, tally_settings
    host = Session.host(MemoryNetwork(seed=1).transport(HOST_ADDR), tally_settings(2, 60), [False, True], "ABCD",
                        input_source=lambda seat, tick: 0)
    assert host.phase == LOBBY
    host.close()
    with pytest.raises(IllegalPhase, match="done -> running"):
        host.enter(RUNNING)
    assert host.phase == DONE and host.done
