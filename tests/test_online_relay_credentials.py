"""Relay credentials that expire, and codes that heal, with the real programs on the simulated internet (issue 34):
``tests/internet_netns.py`` (homes behind symmetric NAT routers, the real coturn and Magic Wormhole mailbox server),
``grisbi-arcade host --internet`` / ``join --internet``, and adversaries written with our own code
(``online_probe.py``: a joiner that records what the host tells it) or the raw protocols (``turn_raw.py``: a TURN
Allocate; ``mailbox_raw.py``: a side that holds a nameplate and says nothing).

What a player (or the relay's owner) would notice:

- a host with coturn's shared secret gives a joiner that has no relay credentials of its own that are not the
  secret, that coturn accepts now, and that coturn refuses once their life is over (minted already expired here:
  no waiting); a real joiner with no relay plays a Grit match to the end through the relay;
- a host with a long-term TURN password never sends it (nor its user) to a joiner, and a joiner behind a symmetric
  NAT with no relay still plays, through the host's relayed candidate;
- a stranger holding the host's nameplate: the host prints a new ``internet code:`` line within 10 s, and a friend
  with the new code plays.

Skipped, with the reason, where namespaces, iptables, coturn or the mailbox server are not available.
"""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from internet_netns import TURN_PASSWORD, TURN_USER, Internet, why_not
from netplay.rendezvous import APPID

pytestmark = [pytest.mark.netns]

ROOT = Path(__file__).resolve().parent.parent
TESTS = Path(__file__).resolve().parent
SECRET = "a-shared-secret-for-coturn"


class Program:
    """One process in a namespace; its stdout lines read as they come."""

    def __init__(self, net: Internet, ns: str, argv: list[str]) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.proc = net.run(ns, argv, env=env)
        self.out: list[str] = []
        self._pending = b""
        self.err = ""

    @classmethod
    def arcade(cls, net: Internet, ns: str, *args: str) -> "Program":
        return cls(net, ns, [sys.executable, "-m", "arcade", *args])

    def lines_starting(self, prefix: str, count: int = 1, limit: float = 30.0) -> list[str]:
        end = time.monotonic() + limit
        fd = self.proc.stdout.fileno()
        while True:
            found = [ln for ln in self.out if ln.startswith(prefix)]
            if len(found) >= count:
                return found[:count]
            ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
            chunk = os.read(fd, 4096) if ready else b""
            if not chunk:
                raise AssertionError(f"no {count} line(s) {prefix!r} within {limit} s: {self.out[-20:]}")
            self._pending += chunk
            *lines, self._pending = self._pending.split(b"\n")
            self.out += [ln.decode(errors="replace") for ln in lines]

    def finish(self, limit: float) -> int:
        try:
            out, self.err = self.proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, self.err = self.proc.communicate()
            raise AssertionError(f"did not finish in {limit} s: {self.out[-20:]} {self.err[-2000:]}")
        self.out += (self._pending.decode(errors="replace") + (out or "")).splitlines()
        return self.proc.returncode

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.communicate(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.communicate()


def internet(**kw):
    problem = why_not()
    if problem:
        pytest.skip(problem)
    work = Path(tempfile.mkdtemp(prefix="grisbi-relaycreds-"))
    net = Internet(work, homes=2, publics=0, **kw)
    try:
        yield net
    finally:
        net.close()


@pytest.fixture(scope="module")
def secret_net():
    yield from internet(prefix=f"rcs{os.getpid() % 100000}", turn_secret=SECRET)


@pytest.fixture(scope="module")
def longterm_net():
    yield from internet(prefix=f"rcl{os.getpid() % 100000}")


def host_args(net: Internet, *turn: str) -> list[str]:
    return ["host", "--game", "grit", "--seats", "bot,remote", "--internet", "--headless", "--rendezvous",
            net.rendezvous_url, "--stun", net.stun, *turn, "--lobby-timeout", "60", "--seed", "5"]


def probe(net: Internet, code: str) -> dict:
    """What a joiner with no relay of its own is told by the host (``online_probe.py`` in home 2)."""
    p = Program(net, net.home(2), [sys.executable, str(TESTS / "online_probe.py"), net.rendezvous_url, code,
                                   net.stun])
    assert p.finish(40) == 0, p.err[-2000:]
    return json.loads(p.out[-1])


def play_joiner(net: Internet, code: str, summary: Path) -> dict:
    """A real joiner with only a STUN server (no relay), in home 2, plays to the end; its summary."""
    j = Program.arcade(net, net.home(2), "join", "--internet", code, "--rendezvous", net.rendezvous_url, "--stun",
                       net.stun, "--seats", "bot", "--headless", "--seed", "6", "--summary", str(summary))
    rc = j.finish(120)
    assert rc == 0, f"{j.out[-20:]}\n{j.err[-3000:]}"
    return json.loads(summary.read_text())


def test_a_joiner_gets_expiring_credentials_never_the_secret(secret_net, tmp_path):
    net = secret_net
    host = Program.arcade(net, net.home(1), *host_args(net, "--turn", net.turn, "--turn-secret", SECRET))
    try:
        code = host.lines_starting("internet code: ")[0].split(": ", 1)[1]
        seen = probe(net, code)
        grant = seen["grant"]
        assert grant is not None, seen
        everything = json.dumps(seen)
        assert SECRET not in everything and grant["password"] != SECRET
        expires, _, name = grant["user"].partition(":")
        assert int(expires) == grant["expires"] and name
        assert 0 < grant["expires"] - time.time() <= 600
        assert seen["allocate"] == {"ok": True}, seen  # coturn takes them now
        summary = play_joiner(net, code, tmp_path / "join.json")
        assert summary["route"] == "relay" and summary["result"] is not None, summary
    finally:
        host.stop()
    # a host whose grants are already over when they arrive (minted with a life that has passed): coturn refuses
    late = Program.arcade(net, net.home(1), *host_args(net, "--turn", net.turn, "--turn-secret", SECRET,
                                                       "--grant-lifetime", "-1"))
    try:
        code = late.lines_starting("internet code: ")[0].split(": ", 1)[1]
        seen = probe(net, code)
        assert seen["grant"] is not None and seen["grant"]["expires"] <= time.time()
        assert seen["allocate"]["ok"] is False and seen["allocate"]["code"] == 401, seen
    finally:
        late.stop()


def test_long_term_credentials_never_leave_the_host(longterm_net, tmp_path):
    net = longterm_net
    host = Program.arcade(net, net.home(1), *host_args(net, "--turn", net.turn, "--turn-user", TURN_USER,
                                                       "--turn-password", TURN_PASSWORD))
    try:
        code = host.lines_starting("internet code: ")[0].split(": ", 1)[1]
        seen = probe(net, code)
        everything = json.dumps(seen)
        assert seen["hello"] and seen["grant"] is None
        assert TURN_PASSWORD not in everything and TURN_USER not in everything, everything
        # a joiner behind a symmetric NAT with no relay still plays: through the host's relayed candidate
        summary = play_joiner(net, code, tmp_path / "join.json")
        assert summary["route"] == "relay" and summary["result"] is not None, summary
    finally:
        host.stop()


def test_a_held_nameplate_gives_a_new_code_and_a_friend_plays_with_it(longterm_net, tmp_path):
    net = longterm_net
    host = Program.arcade(net, net.home(1), *host_args(net, "--turn", net.turn, "--turn-user", TURN_USER,
                                                       "--turn-password", TURN_PASSWORD))
    stranger = None
    try:
        first = host.lines_starting("internet code: ")[0].split(": ", 1)[1]
        stranger = Program(net, net.home(2), [sys.executable, str(TESTS / "mailbox_raw.py"), "hold",
                                              net.rendezvous_url, APPID, first.split("-")[0]])
        stranger.proc.stdin = None
        stranger.lines_starting("held", limit=15)
        held_at = time.monotonic()
        second = host.lines_starting("internet code: ", 2, limit=10)[1].split(": ", 1)[1]
        print(f"\na held nameplate: new code after {time.monotonic() - held_at:.1f} s")
        assert second != first
        summary = play_joiner(net, second, tmp_path / "join.json")
        assert summary["result"] is not None and summary["route"] in ("direct", "relay"), summary
    finally:
        if stranger is not None:
            stranger.stop()
        host.stop()


def candidates(messages: list[str]) -> list[tuple[str, str]]:
    """(address, type) of every ICE candidate in the host's offers on the meeting channel."""
    out = []
    for text in messages:
        msg = json.loads(text)
        for sdp in msg.get("cands", []) if msg.get("t") == "offer" else []:
            parts = sdp.split()
            out.append((parts[4], parts[parts.index("typ") + 1]))
    return out


def test_relay_only_hides_the_hosts_addresses(longterm_net):
    net = longterm_net
    host = Program.arcade(net, net.home(1), *host_args(net, "--turn", net.turn, "--turn-user", TURN_USER,
                                                       "--turn-password", TURN_PASSWORD, "--relay-only"))
    try:
        code = host.lines_starting("internet code: ")[0].split(": ", 1)[1]
        p = Program(net, net.home(2), [sys.executable, str(TESTS / "online_probe.py"), net.rendezvous_url, code,
                                       net.stun, "connect"])
        assert p.finish(60) == 0, p.err[-2000:]
        seen = json.loads(p.out[-1])
        offered = candidates(seen["messages"])
        assert offered and all(kind == "relay" and address == "203.0.113.10" for address, kind in offered), offered
        assert seen["route"] == "relay", seen["line"]
    finally:
        host.stop()


def test_a_joiner_whose_route_fails_tells_the_host_why(longterm_net):
    """Both homes behind symmetric NATs, the joiner with no relay: the host whose relay is down, and the host with
    no relay, each print why the joiner could not connect, naming it."""
    net = longterm_net
    dead = Program.arcade(net, net.home(1), *host_args(net, "--turn", "203.0.113.10:3479", "--turn-user", TURN_USER,
                                                       "--turn-password", TURN_PASSWORD))
    bare = Program.arcade(net, net.home(1), *host_args(net))
    joiners = []
    try:
        for host in (dead, bare):
            code = host.lines_starting("internet code: ")[0].split(": ", 1)[1]
            joiners.append(Program.arcade(net, net.home(2), "join", "--internet", code, "--rendezvous",
                                          net.rendezvous_url, "--stun", net.stun, "--seats", "bot", "--headless"))
        for j in joiners:
            assert j.finish(60) == 1
        said = [j.out[-3:] + [j.err[-300:]] for j in joiners]
        line = dead.lines_starting("online: " + socket.gethostname()[:24] + " could not connect: ", limit=30)[0]
        assert line.endswith("could not connect: your relay at 203.0.113.10:3479 did not answer"), (line, said)
        line = bare.lines_starting("online: " + socket.gethostname()[:24] + " could not connect: ", limit=30)[0]
        assert line.endswith("could not connect: no relay configured: one of you needs a relay"), line
    finally:
        for p in joiners + [dead, bare]:
            p.stop()
