"""The ICE datagram transport (netplay.ice) between two transports in this process, on loopback only.

aioice offers every interface's address as a host candidate and skips loopback; here the candidates are pinned to
127.0.0.1 (the test run has no other network: ``.ci/run`` runs pytest in ``unshare -n``), no STUN or TURN server is
set, and the signalling is handed across by the test, as ``netplay.online`` does over the rendezvous. What a session
relies on: datagrams arrive, each tagged with the peer's stable address; nothing blocks; failures come back as a
state and one line; ``close()`` leaves no thread; the seeded impairment delays and drops as asked, reproducibly.
"""

from __future__ import annotations

import threading
import time

import aioice.ice
import pytest

from netplay.ice import (CONNECTED, DIRECT, FAILED, MAX_QUEUED, IceFailure, IceTimeouts, IceTransport,
                         parse_server)
from netplay.transport import Impairment


@pytest.fixture(autouse=True)
def loopback_candidates(monkeypatch):
    monkeypatch.setattr(aioice.ice, "get_host_addresses", lambda use_ipv4, use_ipv6: ["127.0.0.1"])


def pump(pairs, until, limit: float = 8.0) -> None:
    """Hand each side's signals to the other until ``until()`` or ``limit`` seconds (then fail)."""
    end = time.monotonic() + limit
    while not until():
        assert time.monotonic() < end, "timed out"
        for (a, aa), (b, ba) in pairs:
            for m in a.take_signals(aa):
                b.give_signal(ba, m)
            for m in b.take_signals(ba):
                a.give_signal(aa, m)
        time.sleep(0.005)


def settled(t: IceTransport, address) -> bool:
    return t.status(address).state in (CONNECTED, FAILED)


@pytest.fixture
def pair():
    made = []

    def make(**kw):
        h = IceTransport(**kw.get("host", {}))
        j = IceTransport(**kw.get("joiner", {}))
        made.extend([h, j])
        ha, ja = h.add_peer(True), j.add_peer(False)
        pump([((h, ha), (j, ja))], lambda: settled(h, ha) and settled(j, ja))
        return h, ha, j, ja

    yield make
    for t in made:
        t.close()


def drain(t: IceTransport, want: int, limit: float = 5.0) -> list:
    got, end = [], time.monotonic() + limit
    while len(got) < want and time.monotonic() < end:
        t.wait(0.05)
        got += t.receive()
    return got


def test_two_transports_connect_directly_and_swap_datagrams_both_ways(pair, pace):
    h, ha, j, ja = pair()
    for t, a in ((h, ha), (j, ja)):
        s = t.status(a)
        assert (s.state, s.route) == (CONNECTED, DIRECT) and 0 < s.connect_s < pace.wall(5), (s, str(pace))
        assert "connected directly" in s.line
    assert ha == ja == ("ice-1", 1) and h.address == ("ice-0", 0)
    for i in range(100):
        h.send(b"h%03d" % i, ha)
        j.send(b"j%03d" % i, ja)
    at_j, at_h = drain(j, 100), drain(h, 100)
    assert sorted(at_j) == [(b"h%03d" % i, ja) for i in range(100)]
    assert sorted(at_h) == [(b"j%03d" % i, ha) for i in range(100)]
    assert h.traffic(ha)["sent"] == 100 and h.traffic(ha)["bytes_received"] == 400


def test_close_leaves_no_thread_and_later_sends_are_dropped(pair):
    h, ha, j, ja = pair()
    h.close()
    j.close()
    assert not [t for t in threading.enumerate() if t.name == "netplay-ice"]
    h.send(b"late", ha)
    assert h.send_dropped == 1 and h.receive() == [] and not h.wait(0.01)
    with pytest.raises(RuntimeError):
        h.add_peer(True)


def test_a_datagram_for_an_unknown_peer_is_dropped_and_counted(pair):
    h, ha, j, ja = pair()
    h.send(b"who?", ("ice-9", 9))
    h.send(b"nor", ("127.0.0.1", 47800))
    assert h.send_dropped == 2


def test_the_receive_queue_is_bounded(pair):
    h, ha, j, ja = pair()
    end = time.monotonic() + 10
    sent = 0
    while j.receive_dropped == 0 and time.monotonic() < end:
        for _ in range(500):
            h.send(b"x" * 32, ha)
        sent += 500
        time.sleep(0.02)
    assert j.receive_dropped > 0, f"{sent} sent, nothing dropped"
    assert len(j.receive(10 ** 6)) == MAX_QUEUED


def echo_rtt(h, ha, j, ja, n: int = 10) -> float:
    """Median round trip (s) of datagrams the joiner echoes."""
    rtts = []
    for i in range(n):
        t0 = time.monotonic()
        h.send(b"p%d" % i, ha)
        got = []
        end = t0 + 2
        while not got and time.monotonic() < end:
            j.wait(0.002)
            for data, a in j.receive():
                j.send(data, a)
            got = h.receive()
        assert got == [(b"p%d" % i, ha)]
        rtts.append(time.monotonic() - t0)
    return sorted(rtts)[n // 2]


def test_impairment_adds_the_round_trip_asked_for(pair, pace):
    h, ha, j, ja = pair()
    plain = echo_rtt(h, ha, j, ja)
    h2, ha2, j2, ja2 = pair(host=dict(send_impairment=Impairment(latency=0.040),
                                      receive_impairment=Impairment(latency=0.040)))
    slow = echo_rtt(h2, ha2, j2, ja2)
    assert 0.080 <= slow < plain + 0.080 + pace.wall(0.1), (plain, slow, str(pace))


def delivered(pair, seed: int) -> set[int]:
    h, ha, j, ja = pair(host=dict(seed=seed, send_impairment=Impairment(loss=0.5)))
    for i in range(60):
        h.send(b"%d" % i, ha)
    end = time.monotonic() + 5
    while h.traffic(ha)["sent"] + h.impaired_dropped < 60 and time.monotonic() < end:
        time.sleep(0.005)
    got = drain(j, h.traffic(ha)["sent"])
    assert len(got) == h.traffic(ha)["sent"] == 60 - h.impaired_dropped
    return {int(d) for d, _ in got}


def test_impaired_loss_is_seeded(pair):
    a, b, c = delivered(pair, 7), delivered(pair, 7), delivered(pair, 8)
    assert a == b and a != c
    assert 10 < len(a) < 50


def test_a_peer_that_gives_up_is_reported_with_its_reason():
    t = IceTransport()
    try:
        a = t.add_peer(False)
        t.give_signal(a, {"t": "fail", "reason": "no-route", "line": "no route here"})
        end = time.monotonic() + 5
        while t.status(a).state != FAILED and time.monotonic() < end:
            time.sleep(0.01)
        s = t.status(a)
        assert s.failure == IceFailure.PEER_FAILED and "no route here" in s.line, s
    finally:
        t.close()


def test_a_malformed_offer_fails_cleanly_and_tells_the_other_side():
    t = IceTransport()
    try:
        a = t.add_peer(True)
        t.give_signal(a, {"t": "offer", "stage": "direct", "ufrag": "abcd", "pwd": "x" * 22,
                          "cands": ["not a candidate"]})
        end = time.monotonic() + 5
        told = []
        while t.status(a).state != FAILED and time.monotonic() < end:
            time.sleep(0.01)
        told = t.take_signals(a)
        s = t.status(a)
        assert s.failure == IceFailure.BAD_SIGNAL and "\n" not in s.line, s
        assert any(m.get("t") == "fail" for m in told), told
    finally:
        t.close()


def test_no_answer_times_out_within_the_limit_with_one_line(pace):
    t = IceTransport(timeouts=IceTimeouts(direct=0.3, total=1.0))
    try:
        a = t.add_peer(True)
        t0 = time.monotonic()
        while t.status(a).state != FAILED and time.monotonic() - t0 < pace.wall(5):
            time.sleep(0.01)
        s = t.status(a)
        assert s.failure == IceFailure.TIMEOUT and time.monotonic() - t0 < pace.wall(2.0), (s, str(pace))
        assert "no connection within 1 s" in s.line and "TURN" in s.line
    finally:
        t.close()


def test_timeouts_and_servers_are_checked():
    with pytest.raises(ValueError):
        IceTimeouts(direct=3, total=25)
    with pytest.raises(ValueError):
        IceTimeouts(direct=5, total=4)
    assert parse_server("turn.example.org:3479") == ("turn.example.org", 3479)
    assert parse_server("stun.example.org") == ("stun.example.org", 3478)
    assert parse_server("") is None
    with pytest.raises(ValueError):
        parse_server("host:port")


def test_a_machine_with_no_network_but_loopback_offers_it_and_two_programs_there_connect_directly(pair, monkeypatch):
    """aioice never offers loopback; on a machine with nothing else (a test box, ``unshare -n``), 127.0.0.1 is."""
    import netplay.ice as ice

    monkeypatch.setattr(ice, "_library_host_addresses", lambda use_ipv4, use_ipv6: [])
    monkeypatch.setattr(aioice.ice, "get_host_addresses", ice._host_addresses)
    assert ice._host_addresses(True, False) == ["127.0.0.1"]
    h, ha, j, ja = pair()
    assert h.status(ha).state == j.status(ja).state == CONNECTED and h.status(ha).route == DIRECT
    assert any(" 127.0.0.1 " in c for c in h.status(ha).local_candidates)
