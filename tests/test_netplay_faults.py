"""Faults: a desync on purpose, a killed peer, a blackout, and a flood of junk datagrams at a live host."""

from __future__ import annotations

import json
import random
import time

import pytest

from netplay.events import Desync, Disconnected, Interrupted, MatchEnded, Resumed, SeatDropped
from netplay.runner import Runner
from netplay.session import Session
from netplay.settings import SessionConfig
from netplay.transport import Impairment, UdpTransport
from netplay.wire import HEADER_SIZE, MAC_SIZE, OPEN_TYPES, MsgType, read_header, seal
from test_netplay_toys import (HOST_ADDR, CorruptAt, joiner_addr, tally_input, tally_inputs, tally_settings,
                               tally_sim, virtual_match, build_with)

BAD_NETWORK = Impairment.from_rtt(0.120, jitter=0.020, loss=0.10, duplicate=0.02, reorder=0.05)
TICK = 1 / 60


def _desync_run(peers: int, corrupt: int | None, at: int, tmp_path, seed: int = 3):
    sims = {}

    def builder(i):
        def make(st, s):
            sim = tally_sim(s, st.seats)
            if i == corrupt:
                sim = CorruptAt(sim, at, lambda: m.run.clock.now)
            sims[i] = sim
            return sim
        return make

    cfg = lambda i: SessionConfig(desync_dump=str(tmp_path / "desync-peer{peer}-tick{tick}.json"))  # noqa: E731
    m = virtual_match(peers, builder, tally_inputs(), settings=tally_settings(peers, 600), impairment=BAD_NETWORK,
                      seed=seed, config=cfg, per_peer_sim=True)
    m.go(max_time=40.0)
    return m, sims


@pytest.mark.parametrize("peers,seed", [(2, 3), (2, 8), (4, 3), (4, 8)])
def test_a_state_corrupted_at_one_peer_is_reported_by_every_peer_naming_the_tick(peers, seed, tmp_path):
    corrupt, at = peers - 1, 211  # the worst case for the 30-tick records: 29 ticks before the next one (240)
    m, sims = _desync_run(peers, corrupt, at, tmp_path, seed=seed)
    t0 = sims[corrupt].first_seen
    assert t0 is not None
    rtt = 0.120
    # The bound, for every peer, with no margin: 30 ticks plus one RTT after the corrupt peer first simulated
    # the tick. (Each INPUT datagram carries the rolling checksums of the newest confirmed ticks, so a mismatch is
    # seen about one datagram after both sides confirmed the tick; over 15 seeds the worst was 0.27 s for 2 peers and
    # 0.30 s for 4, against 0.62 s here.)
    bad = m.sessions[corrupt].index  # its peer index (joiners are numbered as their requests arrive)
    for i in range(peers):
        ev = m.of(i, Desync)
        assert len(ev) == 1, (i, ev)
        assert ev[0].tick == at and ev[0].peers == (0, bad)
        assert ev[0].at - t0 <= 30 * TICK + rtt, (i, ev[0].at - t0)
        assert len(m.of(i, MatchEnded)) == 1
    for i in (0, corrupt):  # both sides of the mismatch wrote a report with both states and the input log
        dump = m.of(i, Desync)[0].dump
        doc = json.load(open(dump))
        assert doc["first_differing_tick"] == at and doc["other_peer"] == (bad if i == 0 else 0)
        assert doc["local_state"] and doc["remote_state"] and doc["local_state"] != doc["remote_state"]
        assert len(doc["input_log"]) >= at
    if seed != 3:
        return
    clean, _ = _desync_run(peers, None, at, tmp_path)  # the same impaired run, nobody corrupted
    for i in range(peers):
        assert not clean.of(i, Desync) and len(clean.of(i, MatchEnded)) == 1
    assert len({clean.of(i, MatchEnded)[0].checksum for i in range(peers)}) == 1


def test_a_killed_peer_is_interrupted_then_dropped_at_the_same_tick_everywhere_and_the_match_goes_on():
    m = virtual_match(3, lambda st, s: tally_sim(s, st.seats), tally_inputs(), settings=tally_settings(3, 720),
                      impairment=Impairment.from_rtt(0.020), seed=4)
    victim = m.sessions[2]
    m.host.drop_level = "easy"
    t_kill = 3.0
    m.run.at(t_kill, lambda: m.run.stop(victim))
    m.go(max_time=40.0)
    v = victim.index
    host_int = [e for e in m.of(0, Interrupted) if e.peer == v]
    assert len(host_int) == 1 and 0.45 <= host_int[0].at - t_kill <= 0.6
    relayed = [e for e in m.of(1, Interrupted) if e.peer == v]
    assert len(relayed) == 1 and relayed[0].at - t_kill <= 0.6 + 0.02
    gone = [e for e in m.of(0, Disconnected) if e.peer == v]
    assert len(gone) == 1 and 4.9 <= gone[0].at - t_kill <= 5.1
    drops = [m.of(i, SeatDropped) for i in (0, 1)]
    assert len(drops[0]) == 1 and [(e.seat, e.tick) for e in drops[0]] == [(e.seat, e.tick) for e in drops[1]]
    seat, tick = drops[0][0].seat, drops[0][0].tick
    assert m.sessions[1].seat_bots().get(seat) == "easy"  # the joiner knows which bot plays it
    ends = [m.of(i, MatchEnded) for i in (0, 1)]
    assert all(len(e) == 1 and e[0].tick == 720 for e in ends) and ends[0][0].checksum == ends[1][0].checksum
    log = m.host.input_log()
    assert log == m.sessions[1].input_log()
    assert any(log[t][seat] for t in range(tick, 720))  # the host filled the seat after the drop
    assert m.host.summary()["disconnects"] == 1 and not m.of(0, Desync)


def test_a_one_second_blackout_resumes_with_no_desync():
    m = virtual_match(3, lambda st, s: tally_sim(s, st.seats), tally_inputs(), settings=tally_settings(3, 600),
                      impairment=Impairment.from_rtt(0.040, jitter=0.005, loss=0.02), seed=5)
    m.net.blackout(joiner_addr(1), 3.0, 4.0)
    m.go(max_time=40.0)
    for i in range(3):
        assert not m.of(i, Disconnected) and not m.of(i, SeatDropped) and not m.of(i, Desync)
        assert len(m.of(i, MatchEnded)) == 1
    dark = m.sessions[1].index
    assert [e.peer for e in m.of(0, Interrupted)] == [dark] and [e.peer for e in m.of(0, Resumed)] == [dark]
    assert [e.peer for e in m.of(1, Interrupted)] == [0] and [e.peer for e in m.of(1, Resumed)] == [0]
    assert len({m.of(i, MatchEnded)[0].checksum for i in range(3)}) == 1
    assert m.sessions[1].stats.stalls > 30  # it really waited


# --- junk ----------------------------------------------------------------------------------------------------------


def _junk(rng: random.Random, captured: list[tuple[tuple, bytes]], host: Session, n: int):
    """``n`` (source, datagram) pairs of junk, truncated, oversized, replayed, wrongly keyed and malformed data."""
    wrong = bytes(range(32))  # a key nobody holds
    insider = host.remotes[1].key_in  # peer 1's own key: an insider's garbage is still refused
    out = []
    for k in range(n):
        kind = k % 10
        src, data = captured[rng.randrange(len(captured))]
        evil = ("evil", rng.randrange(1, 400))
        if kind == 0:
            out.append((evil, rng.randbytes(rng.randrange(0, 1300))))
        elif kind == 1:
            out.append((evil, data[:rng.randrange(0, len(data))]))
        elif kind == 2:
            out.append((evil, data + rng.randbytes(rng.randrange(1201 - len(data), 3000))))
        elif kind == 3:  # replayed: a few from the sender's own address, most from elsewhere
            out.append((src if rng.random() < 0.2 else evil, data))
        elif kind == 4:  # a real header, the body sealed with another key
            _, mtype, sid, peer, seq = read_header(data)
            out.append((src if rng.random() < 0.1 else evil, seal(mtype, sid, peer, seq + 1, [0] * 10, wrong)))
        elif kind == 5:  # one bit flipped (in an open join request, in its sequence number: flipped elsewhere it
            #              would be a new, well-formed request, which the host answers like any other)
            b = bytearray(data)
            where = rng.randrange(len(b)) if b[1] not in OPEN_TYPES else rng.randrange(11, 15)
            b[where] ^= 1 << rng.randrange(8)
            out.append((evil, bytes(b)))
        elif kind == 6:  # decoder bombs
            bomb = rng.choice([b"\xdd\xff\xff\xff\xff", b"\x91" * 3000, b"\xdf\xff\xff\xff\xff", b"\xc7\xff\x01",
                               b"\xcb" + bytes(8), b"\xc6\xff\xff\xff\xff"])
            out.append((evil, data[:HEADER_SIZE] + bomb + bytes(MAC_SIZE)))
        elif kind == 7:  # the right key, the wrong shape (an insider's garbage is still refused)
            body = rng.choice([[1.5, [], [], None, None, 0, [], 0], [0, 0, [99], [[9, 0, [1]]], None, None, 0, [], 0],
                               [0, 0, [], [[0, 0, [70000]]], None, None, 0, [], 0],
                               [0, 0, [], [], None, None, 0, [[42]], 0], [0, 0], "x" * 40])
            body = body if isinstance(body, list) else [body]
            out.append((evil, seal(MsgType.INPUT, host.sid, 1, 10**6 + k, body, insider)))
        elif kind == 8:  # a join request sealed with a key no exchange gave (a wrong code, no exchange), mid-match
            out.append((evil, seal(MsgType.JOIN, host.sid, 255, 1, [1, rng.randbytes(32), b"", "x", b""],
                                   rng.randbytes(32))))
        else:
            out.append((evil, bytes([rng.randrange(256)]) * rng.randrange(1, 40)))
    return out


def test_a_hundred_thousand_junk_datagrams_at_a_live_host_change_nothing():
    def match():
        return virtual_match(3, lambda st, s: tally_sim(s, st.seats), tally_inputs(),
                             settings=tally_settings(3, 1200), impairment=BAD_NETWORK, seed=6)

    ref = match()
    ref.go(max_time=60.0)
    m = match()
    captured: list[tuple[tuple, bytes]] = []
    m.net.taps.append(lambda src, dst, data, now: captured.append((src, data)) if len(captured) < 5000 else None)
    rng = random.Random(1)
    total = 100_000

    def flood():
        batch = [(s, d) for s, d in captured if True]
        old = batch[:max(1, len(batch) - 400)]  # only datagrams long delivered: a replay never beats the original
        for src, data in _junk(rng, old, m.host, 1000):
            m.net.inject(src, HOST_ADDR, data)

    for k in range(total // 1000):
        m.run.at(1.5 + k * 0.17, flood)
    m.go(max_time=60.0)
    host, rhost = m.host, ref.host
    assert sum(host.stats.rejected.values()) - sum(rhost.stats.rejected.values()) == total
    assert host.input_log() == rhost.input_log()
    for i in range(3):
        a, b = m.of(i, MatchEnded), ref.of(i, MatchEnded)
        assert len(a) == 1 and (a[0].tick, a[0].checksum) == (b[0].tick, b[0].checksum)
        assert not m.of(i, Desync)
    same = ("ticks", "rollbacks", "stalls", "bytes_sent", "bytes_received", "datagrams_sent")
    assert {k: getattr(host.stats, k) for k in same} == {k: getattr(rhost.stats, k) for k in same}
    assert host.stats.rejected["rate"] == 0 or host.stats.rejected["rate"] < total // 10


def test_junk_over_real_udp_during_a_match():
    host_t, join_t = UdpTransport(), UdpTransport()
    attacker = UdpTransport()
    clock = time.monotonic
    st = tally_settings(2, 150)
    source = lambda seat, tick: tally_input(8, seat, tick)  # noqa: E731
    mk = lambda s, seed: tally_sim(seed, 2)  # noqa: E731
    host = Session.host(host_t, st, [False, True], "REAL", input_source=source,
                        config=SessionConfig(desync_dump=None), now=clock())
    join = Session.join(join_t, host_t.address, "REAL", 1, input_source=source,
                        config=SessionConfig(desync_dump=None), now=clock())
    runners = [Runner(p, build_with(mk)) for p in (host, join)]
    captured: list[bytes] = []
    original_send = join_t.send

    def tapped(data, addr):
        if len(captured) < 200:
            captured.append(data)
        original_send(data, addr)
    join_t.send = tapped
    rng = random.Random(2)
    sent = 0
    deadline = clock() + 20
    try:
        while not (host.done and join.done) and clock() < deadline:
            now = clock()
            for runner in runners:
                runner.update(now)
            if host.running and captured and sent < 3000:
                for src, data in _junk(rng, [((0, 0), d) for d in captured[:-20] or captured], host, 30):
                    attacker.send(data, host_t.address)
                    sent += 1
            host_t.wait(min(0.002, max(0.0, min(host.next_wakeup(), join.next_wakeup()) - clock())))
    finally:
        for t in (host_t, join_t, attacker):
            t.close()
    assert host.end is not None and join.end is not None
    assert host.end.checksum == join.end.checksum and host.end.tick == join.end.tick == 150
    rejected = sum(host.stats.rejected.values())
    assert sent == 3000 and rejected >= 0.9 * sent  # (the kernel may drop some before the host reads them)
    assert not host.reported_pairs and host.input_log() == join.input_log()


def test_datagrams_stay_well_under_1200_bytes_with_eight_seats_busy_inputs_a_stall_and_a_big_state_dump(tmp_path):
    """Worst case: 8 seats, every input at its largest value every tick, a 0.4 s blackout (unacknowledged inputs
    pile up) and a desync whose 30 KB state dumps travel in chunks."""
    def builder(i):
        def make(st, s):
            sim = tally_sim(s, st.seats)
            return CorruptAt(sim, 100, lambda: 0.0) if i == 1 else sim
        return make

    def cfg(i):
        return SessionConfig(desync_dump=str(tmp_path / "d-{peer}-{tick}.json"),
                             serialize_state=lambda saved: repr(saved) * 300)

    settings = tally_settings(8, 400)
    m = virtual_match(8, builder, lambda i, s: (lambda seat, tick: 65535), settings=settings,
                      impairment=Impairment.from_rtt(0.05, jitter=0.01, loss=0.05), config=cfg, per_peer_sim=True)
    sizes = []
    m.net.taps.append(lambda src, dst, data, now: sizes.append(len(data)))
    m.net.blackout(joiner_addr(3), 2.0, 2.4)
    m.go(max_time=30.0)
    assert all(len(m.of(i, MatchEnded)) == 1 for i in range(8))
    dumps = [json.load(open(m.of(i, Desync)[0].dump)) for i in (0, 1)]
    assert all(len(d["remote_state"]["text"]) > 20_000 for d in dumps)  # the other side's state arrived whole
    assert 800 < max(sizes) <= 1100 and len(sizes) > 5000


def test_a_flood_from_one_address_is_cut_by_the_rate_limit_before_decoding():
    m = virtual_match(2, lambda st, s: tally_sim(s, st.seats), tally_inputs(), settings=tally_settings(2, 300),
                      impairment=Impairment.from_rtt(0.03), seed=8)
    blob = seal(MsgType.INPUT, 1, 1, 1, [0] * 9, bytes(32))
    m.run.at(2.0, lambda: [m.net.inject(("evil", 1), HOST_ADDR, blob) for _ in range(5000)])
    m.go(max_time=20.0)
    rejected = m.host.stats.rejected
    assert rejected["rate"] >= 4400 and rejected["rate"] + rejected["session"] == 5000
    ends = {m.of(i, MatchEnded)[0].checksum for i in range(2)}
    assert len(ends) == 1 and not m.of(0, Interrupted)
