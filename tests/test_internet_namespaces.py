"""Play over a simulated internet (issue 28): homes behind NAT routers meet by a short code on the real Magic Wormhole
mailbox server and connect with ICE, directly or through the real coturn relay.

The internet is ``tests/internet_netns.py`` (a bridge 203.0.113.0/24 with a server namespace running coturn and the
mailbox server, three homes behind MASQUERADE routers on 10.1/10.2/10.3.0.0/24, one public machine with no NAT).
In each home a small program (``tests/internet_peer.py``) meets by code, connects, and swaps 50 numbered 200-byte
datagrams both ways with each peer (acknowledged, resent at most 8 times), then reports, as JSON lines:

- two homes behind NAT: Linux MASQUERADE on both routers defeats the direct checks, so both sides end on the relay;
  a public joiner connects directly; a host with three joiners (two behind NAT, one public, entering the code 0.4 s
  apart) serves all three, each by its own route;
- a wrong code meets the host but never connects, and the host still takes the right code after it;
- an unreachable mailbox server and a code nobody hosts fail with their own reason, within the timeout.

The connect times (code entered -> channel up, on the joiner) are printed (``-s`` to see them); the issue's targets
are 5 s direct and 8 s through the relay. Skipped, with the reason, where namespaces, iptables, coturn or the mailbox
server are not available.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from internet_netns import Internet, why_not

pytestmark = [pytest.mark.netns]

PEER = str(Path(__file__).resolve().parent / "internet_peer.py")
DIRECT_TARGET, RELAY_TARGET = 5.0, 8.0


@pytest.fixture(scope="module")
def net(tmp_path_factory):
    why = why_not()
    if why:
        pytest.skip(f"no simulated internet: {why}")
    internet = Internet(tmp_path_factory.mktemp("internet"), homes=3, publics=1)
    try:
        yield internet
    finally:
        internet.close()


class Peer:
    """One run of tests/internet_peer.py in a namespace."""

    def __init__(self, net: Internet, ns: str, *args: str) -> None:
        self.name = ns.rsplit("-", 1)[-1]
        self.proc = net.run(ns, [sys.executable, PEER, *args, "--limit", "30"])
        self.lines: list[dict] = []

    def first(self) -> dict:
        """The first line (the host's code)."""
        line = self.proc.stdout.readline()
        assert line, f"{self.name} printed nothing:\n{self.proc.stderr.read()[-3000:]}"
        self.lines.append(json.loads(line))
        return self.lines[-1]

    def finish(self, timeout: float = 35.0) -> int:
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
            raise AssertionError(f"{self.name} did not finish in {timeout} s:\n{out}\n{err[-3000:]}")
        self.lines += [json.loads(x) for x in out.splitlines() if x.startswith("{")]
        self.err = err
        return self.proc.returncode

    def events(self, kind: str) -> list[dict]:
        return [x for x in self.lines if x.get("event") == kind]

    def __str__(self) -> str:
        return f"{self.name}: {self.lines}\n{getattr(self, 'err', '')[-2000:]}"


def host(net: Internet, ns: str, joiners: int = 1) -> tuple[Peer, str]:
    h = Peer(net, ns, "host", "--joiners", str(joiners), *net.server_args())
    first = h.first()
    assert first["event"] == "code", str(h)
    return h, first["code"]


def joiner(net: Internet, ns: str, code: str, *extra: str) -> Peer:
    """A joiner with STUN only: it uses the relay the host lends, as a friend with default settings would."""
    return Peer(net, ns, "join", code, *net.server_args(turn=False), *extra)


def check_exchanges(p: Peer, count: int) -> None:
    ex = p.events("exchange")
    assert len(ex) == count and all(x["intact"] and x["sent"] == 50 and x["received"] == 50 for x in ex), str(p)
    done = p.events("done")
    assert done and "netplay-ice" not in done[0]["threads"], f"an ICE thread outlived close(): {p}"


def test_two_homes_behind_nat_meet_by_code_and_connect_through_the_relay(net):
    h, code = host(net, net.home(1))
    j = joiner(net, net.home(2), code)
    assert j.finish() == 0, str(j)
    assert h.finish() == 0, str(h)
    (jc,), (hc,) = j.events("connected"), h.events("connected")
    assert jc["route"] == hc["route"] == "relay", f"{j}\n{h}"
    check_exchanges(j, 1)
    check_exchanges(h, 1)
    print(f"\nboth behind NAT: relay, joiner connected in {jc['connect_s']:.2f} s (code entered -> channel up), "
          f"host's ICE {hc['connect_s']:.2f} s; median datagram round trip {j.events('exchange')[0]['rtt_ms']:.0f} ms")
    assert jc["connect_s"] <= RELAY_TARGET


def test_a_public_joiner_connects_directly(net):
    h, code = host(net, net.home(1))
    j = joiner(net, net.public(1), code)
    assert j.finish() == 0, str(j)
    assert h.finish() == 0, str(h)
    (jc,), (hc,) = j.events("connected"), h.events("connected")
    assert jc["route"] == hc["route"] == "direct", f"{j}\n{h}"
    check_exchanges(j, 1)
    check_exchanges(h, 1)
    print(f"\none public: direct, joiner connected in {jc['connect_s']:.2f} s, host's ICE {hc['connect_s']:.2f} s")
    assert jc["connect_s"] <= DIRECT_TARGET


def test_a_host_serves_three_joiners_each_by_its_own_route(net):
    """Three friends enter the code a moment apart (0.4 s), so each arrives while the previous one is still
    connecting. (Friends typing it at the very same moment: test_online_loopback.py.)"""
    h, code = host(net, net.home(1), joiners=3)
    joiners = {}
    for name, ns in (("h2", net.home(2)), ("h3", net.home(3)), ("p1", net.public(1))):
        joiners[name] = joiner(net, ns, code)
        time.sleep(0.4)
    for j in joiners.values():
        assert j.finish() == 0, str(j)
    assert h.finish() == 0, str(h)
    routes = {name: j.events("connected")[0]["route"] for name, j in joiners.items()}
    assert routes == {"h2": "relay", "h3": "relay", "p1": "direct"}, routes
    assert sorted(c["route"] for c in h.events("connected")) == ["direct", "relay", "relay"], str(h)
    assert len({tuple(c["peer"]) for c in h.events("connected")}) == 3, "each joiner has its own address"
    for j in joiners.values():
        check_exchanges(j, 1)
    check_exchanges(h, 3)
    times = {name: j.events("connected")[0]["connect_s"] for name, j in joiners.items()}
    print(f"\n4 peers (host star): joiners connected in {', '.join(f'{n} {t:.2f} s' for n, t in times.items())}")
    assert times["p1"] <= DIRECT_TARGET and max(times["h2"], times["h3"]) <= RELAY_TARGET


def test_a_wrong_code_never_connects_and_the_host_still_takes_the_right_one(net):
    h, code = host(net, net.public(1))
    nameplate, words = code.split("-", 1)
    wrong = f"{nameplate}-{'zulu-zebra' if words != 'zulu-zebra' else 'alpha-bravo'}"
    w = joiner(net, net.home(1), wrong)
    assert w.finish() == 1, str(w)
    assert not w.events("connected"), str(w)
    (failed,) = w.events("failed")
    assert failed["reason"] == "wrong-code" and "wrong code" in failed["line"], str(w)
    j = joiner(net, net.home(2), code)
    assert j.finish() == 0, str(j)
    assert h.finish() == 0, str(h)
    assert h.events("done")[0]["wrong_codes"] == 1, str(h)
    check_exchanges(j, 1)


def test_an_unreachable_mailbox_server_and_a_code_nobody_hosts_fail_clearly(net):
    refused = Peer(net, net.home(1), "join", "3-tiger-lamp", "--rendezvous", "ws://203.0.113.10:4999/v1",
                   "--meet-timeout", "5")
    nobody = joiner(net, net.home(2), "99-tiger-lamp", "--meet-timeout", "3")
    bad = joiner(net, net.home(3), "tiger lamp")
    for p, reason in ((refused, "unreachable"), (nobody, "no-host"), (bad, "bad-code")):
        assert p.finish(timeout=15) == 1, str(p)
        (failed,) = p.events("failed")
        assert failed["reason"] == reason and not p.events("connected"), str(p)
        assert "\n" not in failed["line"] and len(failed["line"]) < 200, failed["line"]
    assert "cannot reach the meeting server ws://203.0.113.10:4999/v1" in refused.events("failed")[0]["line"]
    assert "no one is hosting with code 99-tiger-lamp" in nobody.events("failed")[0]["line"]
