"""The LAN and online screens speak the player's language (issue 30): the lines ``netplay`` says in English while
it meets, connects and fails (``arcade.client.networds``), every failure ``explain`` words, the notices a LAN link
shows, and its log lines, which stay English.

The lines of ``netplay`` are read from its source (every line it can give a person: ``RendezvousError``,
``_Failed``, ``Failed``, ``set_state``, the progress lines, the servers' errors, the lobby's start problems, the
seat claims' refusals), with sample values for what they fill in: a line netplay adds later without a French
wording fails here."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from netplay.events import FailReason, Failed

from arcade.client.lan import explain
from arcade.client.net.words import failure_said
from arcade.client.networds import LINES, PLURAL_LINES, net_line
from arcade.core import i18n

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"what": "STUN"}  # a placeholder of netplay's -> the value it takes there


def _samples(node: ast.AST) -> list[str]:
    """A string expression of netplay's source with sample values for its fields (each branch of a conditional
    field: "connected {'directly' if ... else 'through the relay'} in ..."); [] if it is not one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if not isinstance(node, ast.JoinedStr):
        return []
    out = [""]
    for part in node.values:
        if isinstance(part, ast.Constant):
            options = [part.value]
        elif isinstance(part.value, ast.IfExp) and _samples(part.value.body) and _samples(part.value.orelse):
            options = _samples(part.value.body) + _samples(part.value.orelse)
        elif part.conversion == ord("r"):
            options = [repr("zulu zebra")]
        elif isinstance(part.value, ast.Name) and part.value.id in SAMPLES:
            options = [SAMPLES[part.value.id]]
        elif part.format_spec is not None:
            options = ["2.5" if ".1f" in ast.unparse(part.format_spec) else "20"]
        else:
            options = ["3"]
        out = [a + b for a in out for b in options]
    return out


def netplay_lines() -> set[str]:
    """Every line for a person that netplay's meeting and connection code can give, with sample values."""
    lines: set[str] = set()
    hints = []
    for name in ("rendezvous.py", "ice.py", "online.py"):
        tree = ast.parse((ROOT / "netplay" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
                arg = {"RendezvousError": 1, "_Failed": 1, "Failed": 1, "set_state": 1}.get(f)
                if f == "ValueError" and name == "online.py":
                    arg = 0
                if arg is not None and len(node.args) > arg:
                    expr = node.args[arg]
                    if isinstance(expr, ast.BinOp):  # "no direct route ..." + self._relay_hint()
                        expr = expr.left
                    lines.update(_samples(expr))
            elif isinstance(node, ast.Assign) and any(ast.unparse(t) in ("self._line", "_STATE_LINES")
                                                      for t in node.targets):
                values = node.value.values if isinstance(node.value, ast.Dict) else [node.value]
                lines.update(x for v in values for x in _samples(v))
            elif isinstance(node, ast.FunctionDef) and node.name == "_relay_hint":
                hints = [n.value.value for n in ast.walk(node) if isinstance(n, ast.Return)
                         and isinstance(n.value, ast.Constant) and n.value.value]
    lines.update("no direct route to the other player" + h for h in hints)
    lines.discard("failed")  # netplay's own word for a status with no reason (the failure's line is said instead)
    return lines


def claim_reasons() -> set[str]:
    """Why a seat claim was refused (``ClaimRefused.reason``): the default and the lines of ``netplay.latejoin``."""
    tree = ast.parse((ROOT / "netplay" / "latejoin.py").read_text(encoding="utf-8"))
    out = {"that seat is not free"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "why":
            out.update(n.value for n in ast.walk(node.value) if isinstance(n, ast.Constant)
                       and isinstance(n.value, str))
    return out


def real_lines() -> set[str]:
    """Lines made by calling netplay: the servers a player typed, a code that is not one, the lobby's problems."""
    from netplay.online import online_settings
    from netplay.rendezvous import parse_code

    out = set()
    for args in (("http://x",), (None, "nowhere:port"), (None, None, "turn.example.org"),
                 (None, None, "turn.example.org", "ann")):
        with pytest.raises(ValueError) as e:
            online_settings(*args)
        out.add(str(e.value))
    with pytest.raises(ValueError) as e:
        parse_code("zulu zebra")
    out.add(str(e.value))
    return out | {"seat 2 still open", "seats 2, 3 still open", "waiting for Bob, Cy to be ready",
                  "the lobby is closed", "code 7-tiger-lamp: waiting for players; a player is connecting: trying "
                  "the relay (TURN server) (3.4 s)", "the other player could not connect: no route to the other "
                  "player, even through the relay", "5 wrong codes were tried on this code: start again with a "
                  "new code"}


def all_lines() -> list[str]:
    return sorted(netplay_lines() | claim_reasons() | real_lines())


def test_the_source_reading_finds_netplay_s_lines():
    found = netplay_lines()
    assert len(found) >= 35
    assert {"trying a direct route", "met the host: checking the code", "the host did not answer within 20 s",
            "no direct route to the other player; setting a TURN relay server helps"} <= found
    assert claim_reasons() >= {"another player plays it", "the host plays it"}


@pytest.mark.parametrize("line", all_lines())
def test_every_line_of_netplay_is_worded_in_french_and_is_itself_in_english(line):
    assert net_line(line) == line  # English: the line as netplay says it (the tests of the screens read it)
    i18n.set_language("fr")
    said = net_line(line)
    assert said != line, f"no French wording for netplay's line {line!r}: add it to arcade/client/networds.py"
    assert not any(w in said.split() for w in ("the", "host", "code:", "server", "waiting")), said


def test_numbers_and_nested_lines_follow_the_language():
    i18n.set_language("fr")
    assert net_line("trying a direct route (1.2 s)") == "essai d’un chemin direct (1,2\u00a0s)"
    assert net_line("seats 2, 3 still open") == "les places 2, 3 sont encore ouvertes"
    assert net_line("seat 2 still open") == "la place 2 est encore ouverte"
    assert net_line("a line nobody knows") == "a line nobody knows"
    i18n.set_language(i18n.PSEUDO)
    said = net_line("code 7-tiger-lamp: waiting for players; a player is connecting: trying a direct route (2.5 s)")
    assert "7-tiger-lamp" in said and "waiting" not in said and "trying" not in said


def test_the_table_of_lines_has_no_line_twice():
    ids = list(LINES) + [x for s, p, _k in PLURAL_LINES for x in (s, p)]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("kind", list(FailReason))
def test_every_failure_is_explained_in_french_and_logged_in_english(kind):
    facts = {FailReason.VERSION: {"game": "Grit", "host_rules": 3, "our_rules": 2},
             FailReason.FULL: {"asked": 2, "free": 1}, FailReason.UNREACHABLE: {"address": "10.0.0.2:47800"},
             FailReason.HOST_LOST: {"rejoin": True}}.get(kind, {})
    failure = Failed("detail", kind, facts)
    english = explain(failure, 47800)
    i18n.set_language("fr")
    french = explain(failure, 47800)
    assert failure_said(failure, 47800).plain() == english
    assert french != english and french != explain(FailReason.OTHER) or kind == FailReason.OTHER
    assert all(str(v) in french for v in facts.values() if not isinstance(v, bool))


def test_a_lan_link_tells_the_players_in_french_and_logs_in_english(tmp_path, capsys):
    """``LanLink.tell(Said)``: the notice on screen in the player's language, the log line (printed when headless)
    its code and English."""
    import socket

    from netplay.events import PeerJoined, SeatDropped

    from arcade.client.lan import LanLink
    from arcade.client.net.effects import react
    from arcade.core.match import SeatSpec
    from client_helpers import make_app

    app = make_app(tmp_path, language="fr")
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    link = LanLink.host(app, "grit", [SeatSpec("human", "wasd"), SeatSpec("remote")], {}, code="K7P-2X9", port=port,
                        name="Ann", broadcast="127.255.255.255", clock=lambda: 100.0)
    try:
        capsys.readouterr()
        react(link, PeerJoined(peer=1, address=("127.0.0.1", 9), seats=(), name="Cy", late=True), 100.0)
        react(link, SeatDropped(seat=1, tick=40, peer=5), 100.0)
        shown = [text for _t, text in link.notices]
        assert shown[-2:] == ["Cy regarde", "Joueur 2 a perdu la connexion\u202f: un bot joue sa place"]
        assert capsys.readouterr().out.splitlines() == [
            "lan: peer-watching: Cy is watching", "lan: seat-dropped: Player 2 lost connection: a bot plays the seat"]
        assert link.where == "" and explain(FailReason.WRONG_CODE).startswith("Code d’accès erroné")
    finally:
        link.close()
