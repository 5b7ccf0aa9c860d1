"""The client's network side in one place (issue 35, ``arcade/client/net``): every event of netplay has its effect in
one table, the screens read a status (never netplay's session phases), a notice is worded once (the log gets its
code, the screen its translation), and the session is updated once a tick however many parts of the screen ask."""

from __future__ import annotations

import ast
import inspect
import socket
from pathlib import Path

import netplay.events as events
from netplay.events import CodeChanged, PeerJoined

from arcade.core import i18n
from arcade.core.match import SeatSpec

ROOT = Path(__file__).resolve().parent.parent


def test_every_session_event_has_its_effect_in_one_table():
    from arcade.client.net.effects import EFFECTS

    kinds = {c for _n, c in inspect.getmembers(events, inspect.isclass)
             if issubclass(c, events.NetEvent) and c is not events.NetEvent}
    assert kinds and kinds <= set(EFFECTS), sorted(k.__name__ for k in kinds - set(EFFECTS))


def test_no_scene_imports_a_netplay_session_phase():
    phases = {"HELLO", "LOBBY", "DEALING", "LATE", "RUNNING", "FINISHING", "DONE", "FAILED"}
    found = []
    for path in sorted((ROOT / "arcade" / "client" / "scenes").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("netplay"):
                found += [f"{path.name}: {a.name}" for a in node.names if a.name in phases]
    assert found == []


def _host(tmp_path, **kw):
    from arcade.client.lan import LanLink
    from client_helpers import make_app

    app = make_app(tmp_path, **kw)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    link = LanLink.host(app, "grit", [SeatSpec("human", "wasd"), SeatSpec("remote")], {}, code="K7P-2X9", port=port,
                        name="Ann", broadcast="127.255.255.255", clock=lambda: 100.0)
    return app, link


def test_a_notice_is_logged_by_its_code_and_shown_in_the_language_of_the_moment(tmp_path, capsys):
    from arcade.client.net.effects import react

    app, link = _host(tmp_path)
    try:
        capsys.readouterr()
        react(link, CodeChanged(code="NEW-123", wrong=3), 100.0)
        assert link.code == "NEW-123"
        assert capsys.readouterr().out.splitlines() == [
            "lan: code-changed: Wrong codes were tried: the join code is now NEW-123"]
        assert link.status().notices[-1][1] == "Wrong codes were tried: the join code is now NEW-123"
        i18n.set_language("fr")  # the same notice, drawn after the player changed the language
        assert link.status().notices[-1][1].startswith("Des codes erronés")
    finally:
        i18n.set_language("en")
        link.close()


def test_the_session_is_updated_once_a_tick_whoever_asks(tmp_path, monkeypatch):
    from arcade.client.net.effects import react

    app, link = _host(tmp_path)
    calls = []
    real = link.runner.update
    monkeypatch.setattr(link.runner, "update", lambda now: calls.append(now) or real(now))
    try:
        for _tick in range(3):  # the lobby, the table after its step, a screen over it: three asks a tick
            for _ask in range(3):
                link.pump()
            app.ticks += 1
        assert len(calls) == 3
        react(link, PeerJoined(peer=1, address=("127.0.0.1", 9), seats=(1,), name="Bo"), 100.0)
        assert [t for _t, t in link.notices] == ["Bo joined"]
    finally:
        link.close()


def test_the_client_network_side_stays_small_and_one_screen_a_module():
    """Issue 35's limits: ``LanLink`` is at most 300 lines, and no module of the client is over 700 lines (one
    screen a module)."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "arcade" / "client"
    tree = ast.parse((root / "net" / "link.py").read_text(encoding="utf-8"))
    (link,) = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "LanLink"]
    assert link.end_lineno - link.lineno + 1 <= 300
    big = {str(p.relative_to(root)): n for p in root.rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > 700}
    assert big == {}
