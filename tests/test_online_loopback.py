"""The short-code meeting (netplay.rendezvous) and online play (netplay.online) on loopback: the real Magic Wormhole
mailbox server on 127.0.0.1, host and joiners in this process, ICE candidates pinned to 127.0.0.1 (the test run has
no other network; see test_ice_transport.py). The simulated internet with NATs and the relay is
test_internet_namespaces.py; this one needs no root.

What a player would notice: one code lets several friends in, each on its own connection; friends typing it at the
same moment all get in; a full match, a wrong code and a malformed code each end with their own one-line reason; a host
bombarded with wrong codes takes a new code.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import aioice.ice
import pytest

from netplay.ice import IceServers, IceTimeouts
from netplay.online import Connected, Failed, OnlineHost, OnlineJoin, OnlineSettings
from netplay.rendezvous import RendezvousFailure, RendezvousHost, RendezvousJoin, parse_code

import wormhole_mailbox_server  # noqa: E402,F401  declared in the test extra: missing, an error (never a skip)


@pytest.fixture(autouse=True)
def loopback_candidates(monkeypatch):
    monkeypatch.setattr(aioice.ice, "get_host_addresses", lambda use_ipv4, use_ipv6: ["127.0.0.1"])


@pytest.fixture(scope="module")
def mailbox(tmp_path_factory):
    """The real mailbox server on a free loopback port; its URL. Stopped by PID."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    d = tmp_path_factory.mktemp("mailbox")
    log = open(d / "log", "w")
    proc = subprocess.Popen([sys.executable, "-m", "twisted", "wormhole-mailbox",
                             f"--port=tcp:{port}:interface=127.0.0.1", f"--channel-db={d / 'db.sqlite'}"],
                            cwd=d, stdout=log, stderr=subprocess.STDOUT)
    try:
        end = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None and time.monotonic() < end, (d / "log").read_text()[-2000:]
                time.sleep(0.05)
        yield f"ws://127.0.0.1:{port}/v1"
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()


def settings(url: str) -> OnlineSettings:
    return OnlineSettings(rendezvous=url, servers=IceServers(), timeouts=IceTimeouts(direct=2, total=8),
                          meet_timeout=10)


def run(host: OnlineHost, joiners: list[OnlineJoin], limit: float = 20.0) -> tuple[list, list]:
    """Poll everyone until every joiner has a result (bounded); the host's events and the joiners' results."""
    host_events: list = []
    end = time.monotonic() + limit
    while not all(j.result for j in joiners):
        assert time.monotonic() < end, [j.line for j in joiners]
        host_events += host.poll()
        for j in joiners:
            j.poll()
        time.sleep(0.005)
    for _ in range(50):  # the host's side of the last connections
        host_events += host.poll()
        if sum(isinstance(e, Connected) for e in host_events) >= sum(
                isinstance(j.result, Connected) for j in joiners):
            break
        time.sleep(0.01)
    return host_events, [j.result for j in joiners]


def hosting(url: str, joiners: int) -> tuple[OnlineHost, str]:
    host = OnlineHost(settings(url), joiners=joiners, info={"game": "grit", "digest": "abc"})
    end = time.monotonic() + 10
    while host.code is None:
        assert time.monotonic() < end and host.rendezvous.failure is None, host.line
        host.poll()
        time.sleep(0.01)
    return host, host.code


def test_one_code_lets_three_friends_in_even_typed_at_the_same_moment(mailbox):
    host, code = hosting(mailbox, 3)
    lines: list[str] = []
    joiners = [OnlineJoin(code, settings(mailbox), info={"name": f"friend {i}"},
                          on_progress=lines.append if i == 0 else None) for i in range(3)]
    try:
        events, results = run(host, joiners)
        assert lines[0] in ("contacting the meeting server", "waiting for the host"), lines
        assert lines[-1].startswith("connected directly in ") and all(a != b for a, b in zip(lines, lines[1:]))
        assert all(isinstance(r, Connected) and r.route == "direct" for r in results), results
        assert all(r.info["game"] == "grit" and r.info["digest"] == "abc" for r in results)
        connected = [e for e in events if isinstance(e, Connected)]
        assert len({e.address for e in connected}) == 3
        assert sorted(e.info["name"] for e in connected) == ["friend 0", "friend 1", "friend 2"]
        # each joiner's channel reaches the host, tagged with that joiner's own address
        for i, j in enumerate(joiners):
            j.transport.send(b"hello %d" % i, j.host_address)
        got, end = [], time.monotonic() + 5
        while len(got) < 3 and time.monotonic() < end:
            host.transport.wait(0.05)
            got += host.transport.receive()
        by_name = {e.address: e.info["name"] for e in connected}
        assert sorted((by_name[a], d) for d, a in got) == [(f"friend {i}", b"hello %d" % i) for i in range(3)]
        print(f"\nthree joiners at once on loopback: connected in "
              f"{', '.join(f'{r.connect_s:.2f}' for r in results)} s")
    finally:
        for j in joiners:
            j.close()
        host.close()


def test_a_full_match_says_so(mailbox):
    host, code = hosting(mailbox, 1)
    first = OnlineJoin(code, settings(mailbox))
    try:
        _, (result,) = run(host, [first])
        assert isinstance(result, Connected)
        late = OnlineJoin(code, settings(mailbox))
        try:
            _, (result,) = run(host, [late])
            assert isinstance(result, Failed) and result.reason == "full", result
            assert result.line.startswith("the match is full: ask the host")
        finally:
            late.close()
    finally:
        first.close()
        host.close()


def test_a_wrong_code_fails_and_the_host_takes_a_new_code_after_too_many(mailbox):
    host = RendezvousHost(mailbox, free=2, max_wrong=2)
    try:
        end = time.monotonic() + 10
        while host.code is None:
            assert time.monotonic() < end, host.line
            time.sleep(0.01)
        first = host.code
        nameplate = host.code.split("-")[0]
        for n, words in enumerate(("zulu-zebra-yak", "yankee-yak-zulu")):
            wrong = RendezvousJoin(f"{nameplate}-{words}", mailbox, timeout=10)
            try:
                while wrong.failure is None:
                    assert time.monotonic() < end + 10 * (n + 1), wrong.line
                    time.sleep(0.01)
                assert wrong.failure.reason == RendezvousFailure.WRONG_CODE and wrong.meeting is None
                assert wrong.line.startswith("wrong code: check it with the host")
            finally:
                wrong.close()
        while host.code == first:
            assert time.monotonic() < end + 30, host.line
            time.sleep(0.01)
        (change,) = host.take_changes()
        assert host.failure is None and host.wrong_total == 2 and host.wrong_codes == 0
        assert change.line == f"too many wrong codes were tried: the new code is {host.code}"
        assert host.match_code == first and host.poll() == []
    finally:
        host.close()
    end = time.monotonic() + 5
    while not host.closed:
        assert time.monotonic() < end, "the host's wormholes did not close"
        time.sleep(0.01)


def test_a_malformed_code_fails_at_once():
    j = RendezvousJoin("tiger lamp", "ws://127.0.0.1:9/v1")
    assert j.failure.reason == RendezvousFailure.BAD_CODE
    assert "a code looks like 7-crossover-tiger-guitarist" in j.line
    assert parse_code("  7 Tiger  lamp ") == "7-tiger-lamp" == parse_code("7_tiger-lamp")
    for text in ("", "tiger-lamp", "7", "7-", "x-tiger-lamp"):
        with pytest.raises(ValueError):
            parse_code(text)
