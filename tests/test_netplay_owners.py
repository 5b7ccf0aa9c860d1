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


def _protocols(tree: ast.Module) -> set[str]:
    return {n.name for n in tree.body if isinstance(n, ast.ClassDef)
            and any(getattr(b, "id", "") == "Protocol" for b in n.bases)}


def test_no_part_holds_its_session_through_an_any_typed_pointer():
    """Every object in netplay that keeps a session (``self.s = session``, the runner's ``self.session``) declares
    what it reads of it as a ``typing.Protocol`` of its own module; no ``Session = Any`` stands in for the session."""
    holders = 0
    for path in NETPLAY:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        protocols = _protocols(tree)
        for node in tree.body:
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) and node.value.id == "Any":
                raise AssertionError(f"{path.name}: {ast.unparse(node)}")
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            params = {a.arg: a.annotation for a in fn.args.args}
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Name) \
                        and node.value.id in params and "session" in node.value.id \
                        and any(isinstance(t, ast.Attribute) for t in node.targets):
                    holders += 1
                    ann = params[node.value.id]
                    name = ast.unparse(ann) if ann is not None else "(none)"
                    assert name in protocols, f"{path.name}:{node.lineno} holds its session typed {name}"
    assert holders >= 20  # every part, the runner


def test_each_part_reads_a_handful_of_session_fields_not_the_whole_session():
    """A part's Protocol names what it reads: a small part of what the session has."""
    from netplay.session import HostSession
    every = {n for n in dir(HostSession) if not n.startswith("__")}
    sizes = {}
    for path in NETPLAY:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name.endswith("Session") and node.name in _protocols(tree):
                members = [b for b in node.body if isinstance(b, (ast.AnnAssign, ast.FunctionDef))]
                sizes[node.name] = len(members)
    assert len(sizes) >= 20
    assert max(sizes.values()) <= 32 < len(every), sizes


RECORDS = {"lobby": "lobby.py", "deal": "fairdeal.py", "catchup": "latejoin.py", "sums": "checks.py",
           "relay": "relay.py", "mesh_link": "mesh.py", "presence": "drops.py", "inputs": "inputs.py"}


def test_each_per_peer_record_is_written_by_its_part_alone():
    """``Remote`` (what a peer knows of another) is no wide record every part writes: the lobby's, the deal's, the late
    joiner's, the checksums', the relay's, the mesh's, the silence watch's and the INPUT exchange's fields are records
    of their own, each assigned in its part's file only (``r.deal.revealed = ...`` in ``netplay/fairdeal.py`` and
    nowhere else)."""
    from netplay.endpoint import Remote
    r = Remote(1, ("10.0.0.2", 5000), (1,), 0.0)
    assert {name: type(getattr(r, name)).__name__ for name in RECORDS} == {
        "lobby": "LobbyPeer", "deal": "DealPeer", "catchup": "LatePeer", "sums": "SumsPeer", "relay": "RelayPeer",
        "mesh_link": "MeshPeer", "presence": "PresencePeer", "inputs": "InputsPeer"}
    writers: dict[str, set[str]] = {name: set() for name in RECORDS}

    def record(e: ast.expr) -> str | None:
        """The record ``e`` is (``r.deal``, ``s.remotes[i].sums``), or None; ``s.deal``, ``self.s.inputs`` and the like
        are the session's parts, not a peer's records."""
        if isinstance(e, ast.Attribute) and e.attr in RECORDS \
                and ast.unparse(e.value) not in ("s", "self", "self.s", "session"):
            return e.attr
        return None

    for path in NETPLAY:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for a in _stores(tree):
            name = record(a.value) or (record(a.value.value) if isinstance(a.value, ast.Subscript) else None)
            if name:
                writers[name].add(path.name)
        for node in ast.walk(tree):  # records changed in place: r.sums.received[t] = ..., r.relay.direct.add(...)
            if isinstance(node, ast.Subscript) and isinstance(node.ctx, (ast.Store, ast.Del)) \
                    and isinstance(node.value, ast.Attribute) and record(node.value.value):
                writers[record(node.value.value)].add(path.name)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("add", "discard", "update", "clear", "pop", "append") \
                    and isinstance(node.func.value, ast.Attribute) and record(node.func.value.value):
                writers[record(node.func.value.value)].add(path.name)
    assert writers == {name: {owner} for name, owner in RECORDS.items()}


def test_a_spectator_joining_late_from_a_snapshot_of_several_chunks_catches_up():
    """Every SNAP chunk is a step into LATE: the table allows it again, so a big state still reaches a late joiner."""
    import msgpack

    from netplay.events import CaughtUp, Started
    from netplay.settings import SessionConfig
    from test_lan_netplay import snap_bytes, snap_load
    from test_netplay_attacks import failed, joiner, lobby
    from test_netplay_toys import joiner_addr, tally_settings

    pad = bytes(range(256)) * 12  # the state with 3 KB more: four chunks of 880 bytes

    def big(saved):
        return msgpack.packb([snap_bytes(saved), pad])

    def load(data):
        inner, extra = msgpack.unpackb(data)
        assert extra == pad
        return snap_load(inner)

    config = lambda: SessionConfig(desync_dump=None, snapshot_state=big, load_snapshot=load)  # noqa: E731
    m = lobby(tally_settings(2, 900), [False, True], config=config())
    joiner(m, joiner_addr(1), config=config())
    m.go(max_time=3.0)
    spec = joiner(m, ("spec", 8000), seats=0, config=config())
    m.go(max_time=12.0, until=lambda: bool(m.of(len(m.sessions) - 1, CaughtUp)))
    assert failed(m, spec) is None and spec.phase == RUNNING
    assert [e.late for e in m.of(len(m.sessions) - 1, Started)] == [True]
