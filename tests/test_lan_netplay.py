"""netplay for the LAN menus: the lobby under the players' control (ready flags, roster, Start, open seats), late
joiners (spectators catching up from a snapshot, players rejoining a dropped seat), the host ending a match or
dropping a silent peer at once, game options in the settings, and the LAN browser's ping.

Virtual time over a ``MemoryNetwork`` (the toys of ``test_netplay_toys``), except the ping, which is real UDP on
127.0.0.1.
"""

from __future__ import annotations

import dataclasses
import time

import msgpack
import pytest

from netplay.discovery import (Announcement, Announcer, Listener, Prober, decode_announcement,
                               encode_announcement)
from netplay.events import (CaughtUp, ClaimRefused, Failed, Interrupted, MatchEnded, PeerJoined, SeatClaimed,
                            SeatDropped, Started)
from netplay.harness import VirtualRun
from netplay.session import Session
from netplay.settings import MatchSettings, SessionConfig, SettingsError
from netplay.transport import Impairment, MemoryNetwork, UdpTransport
from netplay.wire import PROTOCOL_VERSION, MsgType, Rejected, open_datagram, seal
from test_netplay_toys import (CODE, HOST_ADDR, TallyState, Match, build_with, joiner_addr, tally_input, tally_settings,
                               tally_sim)

TICK = 1 / 60


def snap_bytes(saved) -> bytes:
    tick, st = saved
    return msgpack.packb([tick, st.tick, st.mix, list(st.counts), st.length])


def snap_load(data: bytes):
    tick, t, mix, counts, length = msgpack.unpackb(data, max_array_len=16, max_bin_len=0, max_str_len=0)
    if not all(type(x) is int for x in (tick, t, mix, length, *counts)):
        raise ValueError("not a tally snapshot")
    return (tick, TallyState(t, mix, tuple(counts), length))


def cfg(**kw) -> SessionConfig:
    kw.setdefault("desync_dump", None)
    return SessionConfig(snapshot_state=snap_bytes, load_snapshot=snap_load, **kw)


def make(st, seed):
    return tally_sim(seed, st.seats)


def source(seed):
    return lambda seat, tick: tally_input(seed, seat, tick)


def star(settings: MatchSettings, remote: list[bool], joiners: list[int], rtt=0.02, host_kw=None, **join_kw):
    """A host and one joiner per entry of ``joiners`` (seats each), over a 20 ms network."""
    net = MemoryNetwork(seed=2, impairment=Impairment.from_rtt(rtt))
    host = Session.host(net.transport(HOST_ADDR), settings, remote, CODE, input_source=source(1),
                        config=cfg(), nonce=1, name="Ann", **(host_kw or {}))
    sessions = [host]
    for i, n in enumerate(joiners, 1):
        sessions.append(Session.join(net.transport(joiner_addr(i)), HOST_ADDR, CODE, n,
                                     input_source=source(1), config=cfg(), nonce=100 + i, name=f"J{i}", **join_kw))
    return Match(net, sessions, VirtualRun(net, [(s, build_with(make)) for s in sessions]), {})


def late(m: Match, i: int, seats=0, claim=(), seed=1, token=None, **kw) -> Session:
    """A joiner arriving at ``m.run``'s current time; ``token``: the player token of a player coming back."""
    s = Session.join(m.net.transport(joiner_addr(i)), HOST_ADDR, CODE, seats, input_source=source(seed),
                     config=cfg(**kw), nonce=100 + i, now=m.run.clock.now, name=f"L{i}", claim=claim, token=token)
    m.sessions.append(s)
    m.run.add(s, build_with(make))
    return s


def ends(m: Match) -> list[MatchEnded]:
    out = []
    for i in range(len(m.sessions)):
        e = m.of(i, MatchEnded)
        assert len(e) == 1, (i, m.events.get(i))
        out.append(e[0])
    return out


def test_a_spectator_joining_mid_match_catches_up_from_a_snapshot_and_ends_with_the_same_checksum():
    m = star(tally_settings(2, 900), [False, True], [1])
    m.run.at(5.0, lambda: late(m, 2))
    m.go(max_time=40.0)
    spec = m.sessions[2]
    start = m.of(2, Started)[0]
    assert start.late and start.local_seats == () and 240 <= start.tick <= 300 and start.tick % 30 == 0
    caught = m.of(2, CaughtUp)[0]
    # it was ~0.1 s of transfer and ~30+ ticks behind when it started, and caught up well inside half a second
    assert caught.at - start.at < 0.5 and caught.tick >= start.tick + 20
    assert [p.late for p in m.of(0, PeerJoined)] == [False, True]
    e = ends(m)
    assert len({x.checksum for x in e}) == 1 and {x.tick for x in e} == {900}
    assert spec.driver.base == start.tick and len(spec.input_log()) == 900 - start.tick
    assert spec.input_log() == m.host.input_log()[start.tick:]
    assert not any(m.of(i, Failed) for i in range(3)) and m.host.summary()["desyncs"] == 0
    # the spectator never slowed the host: the host's time sync only ever listened to the player
    assert set(m.host.timesync._local) == {1}


def test_a_late_joiner_catches_up_many_times_faster_than_real_time():
    # checksums every 120 ticks: the snapshot may be two seconds old, so there is a real backlog to simulate
    m = star(tally_settings(2, 900, checksum_interval=120), [False, True], [1])
    m.run.at(5.9, lambda: late(m, 2))
    m.go(max_time=40.0)
    start, caught = m.of(2, Started)[0], m.of(2, CaughtUp)[0]
    behind = caught.tick - start.tick
    assert start.tick == 240 and behind >= 100
    assert behind / (caught.at - start.at) > 5 * 60  # ticks simulated per second while catching up
    assert len({x.checksum for x in ends(m)}) == 1


def test_a_spectator_in_the_lobby_starts_with_everyone_and_sees_every_seat():
    m = star(tally_settings(2, 300), [False, True], [1, 0])
    m.go(max_time=20.0)
    assert m.of(2, Started)[0].local_seats == () and not m.of(2, Started)[0].late
    e = ends(m)
    assert len({x.checksum for x in e}) == 1


def test_a_dropped_player_rejoins_their_seat_and_every_peer_agrees_on_who_played_which_tick():
    m = star(tally_settings(3, 1500), [False, True, True], [1, 1])
    victim = m.sessions[2]
    m.run.at(4.0, lambda: m.run.stop(victim))                      # the process dies
    m.run.at(11.0, lambda: late(m, 3, claim=(2,), seed=77, token=victim.token))  # and comes back with a new one
    m.go(max_time=60.0)
    drops = m.of(0, SeatDropped)
    assert [(d.seat, d.peer) for d in drops] == [(2, 2)]
    claimed = m.of(0, SeatClaimed)
    assert len(claimed) == 1 and claimed[0].seat == 2
    tick = claimed[0].tick
    newcomer = m.sessions[3]
    assert [(c.seat, c.tick) for c in m.of(3, SeatClaimed)] == [(2, tick)]
    assert [(c.seat, c.tick) for c in m.of(1, SeatClaimed)] == [(2, tick)]   # relayed to the other player too
    assert m.of(3, CaughtUp) and m.of(3, CaughtUp)[0].at < claimed[0].at
    ended = [m.of(i, MatchEnded) for i in (0, 1, 3)]
    assert all(len(e) == 1 and e[0].tick == 1500 for e in ended)
    assert len({e[0].checksum for e in ended}) == 1
    log = m.host.input_log()
    assert log == m.sessions[1].input_log()
    assert log[newcomer.first_tick:] == newcomer.input_log()
    # after the handover the seat's inputs are the newcomer's own schedule (seed 77), before it the host's bot's
    assert all(log[t][2] == tally_input(77, 2, t) for t in range(tick, 1500))
    assert any(log[t][2] != tally_input(77, 2, t) for t in range(drops[0].tick, tick))
    assert m.host.owners == [0, 1, 3] and newcomer.local_seats == [2]


def test_a_claim_for_a_seat_nobody_lost_is_refused_and_the_claimant_stays_a_spectator():
    m = star(tally_settings(2, 600), [False, True], [1])
    m.run.at(3.0, lambda: late(m, 2, claim=(1,)))
    m.go(max_time=30.0)
    assert [r.seat for r in m.of(2, ClaimRefused)] == [1]
    assert not m.of(0, SeatClaimed) and m.sessions[2].local_seats == []
    assert len({e.checksum for e in ends(m)}) == 1


def test_a_rejoin_in_lockstep_hands_the_seat_over_without_a_desync():
    st = tally_settings(2, 1200, mode="lockstep", prediction=0)
    m = star(st, [False, True], [1])
    m.run.at(3.0, lambda: m.run.stop(m.sessions[1]))
    m.run.at(9.5, lambda: late(m, 2, claim=(1,), seed=9, token=m.sessions[1].token))
    m.go(max_time=60.0)
    assert m.of(2, SeatClaimed) and not m.of(0, Failed)
    e = [m.of(i, MatchEnded)[0] for i in (0, 2)]
    assert e[0].checksum == e[1].checksum and e[0].tick == e[1].tick == 1200
    assert m.host.summary()["desyncs"] == 0


def test_the_host_ends_the_match_early_and_every_peer_stops_at_the_same_tick():
    m = star(tally_settings(3, 0), [False, True, True], [1, 1])
    m.run.at(4.0, lambda: m.host.end_match())
    m.go(max_time=20.0)
    e = ends(m)
    assert len({x.tick for x in e}) == 1 and len({x.checksum for x in e}) == 1
    assert {x.reason for x in e} == {"ended by the host"}
    assert 235 <= e[0].tick <= 260 and all(s.done for s in m.sessions)


def test_the_host_may_give_up_on_a_silent_peer_at_once():
    m = star(tally_settings(3, 900), [False, True, True], [1, 1])
    m.run.at(3.0, lambda: m.run.stop(m.sessions[2]))
    m.run.at(3.8, lambda: m.host.drop_peer(2))   # after the warning (0.5 s), long before the 5 s timeout
    m.go(max_time=30.0)
    assert len(m.of(0, Interrupted)) == 1
    d0, d1 = m.of(0, SeatDropped), m.of(1, SeatDropped)
    assert len(d0) == 1 and 3.79 - 1e-9 <= d0[0].at < 3.9  # the virtual clock's sums of 0.01 s may fall just short
    assert [(d.seat, d.tick) for d in d0] == [(d.seat, d.tick) for d in d1]
    assert m.host.dropped == {2: 2} and m.sessions[1].dropped == {2: 2}
    e = [m.of(i, MatchEnded)[0] for i in (0, 1)]
    assert e[0].checksum == e[1].checksum


def test_a_joiner_knows_which_of_the_hosts_seats_are_bots_and_their_level():
    st = tally_settings(4, 200)
    m = star(st, [False, False, False, True], [1], host_kw=dict(auto_start=False, bots={1: "hard", 2: "easy"}),
             auto_ready=False)
    host, a = m.sessions
    m.go(max_time=1.0)
    assert [(p.peer, p.name, p.seats, p.bots) for p in a.peers()] == [
        (0, "Ann", (0, 1, 2), ((1, "hard"), (2, "easy"))), (1, "J1", (3,), ())]
    assert a.seat_bots() == {1: "hard", 2: "easy"}
    assert host.set_bots({2: "normal"}) and not host.set_bots({3: "easy"})  # seat 3 is the joiner's
    m.go(max_time=1.5)
    assert a.seat_bots() == {2: "normal"} and a.peers()[0].bots == ((2, "normal"),)
    assert host.set_open(2, True)  # a seat opened for a joiner is no bot of the host's any more
    m.go(max_time=2.0)
    assert a.seat_bots() == {} and a.peers()[0].bots == ()
    with pytest.raises(ValueError):
        star(st, [False, True, True, True], [1], host_kw=dict(bots={1: "hard"}))


def test_a_spectator_joining_mid_match_learns_the_names_and_the_hosts_bot_seats():
    m = star(tally_settings(3, 900), [False, False, True], [1], host_kw=dict(bots={1: "easy"}))
    m.run.at(5.0, lambda: late(m, 2))
    m.go(max_time=8.0)
    spec = m.sessions[2]
    assert spec.late and spec.seat_bots() == {1: "easy"}
    assert [(p.peer, p.name, p.seats, p.bots) for p in spec.peers()][:2] == [
        (0, "Ann", (0, 1), ((1, "easy"),)), (1, "J1", (2,), ())]


def test_the_lobby_waits_for_ready_flags_and_the_hosts_start_and_shares_the_roster_and_countdown():
    st = tally_settings(3, 200)
    m = star(st, [False, True, True], [1, 1], host_kw=dict(auto_start=False), auto_ready=False)
    host, a, b = m.sessions
    m.go(max_time=1.0)
    assert host.phase == "lobby" and host.start_problem() == "waiting for J1, J2 to be ready"
    assert [(p.peer, p.name, p.seats, p.ready) for p in a.peers()] == [
        (0, "Ann", (0,), True), (1, "J1", (1,), False), (2, "J2", (2,), False)]
    a.set_ready(True)
    b.set_ready(True)
    m.go(max_time=1.5)
    assert host.start_problem() is None and host.phase == "lobby"          # ready, but nobody pressed Start
    assert [p.ready for p in b.peers()] == [True, True, True]
    b.set_ready(False)
    m.go(max_time=2.0)
    assert host.start() == "waiting for J2 to be ready"
    b.set_ready(True)
    host.set_countdown(3.0)
    m.go(max_time=2.5)
    assert 2.0 <= a.countdown_left() <= 3.0
    assert host.start() is None
    m.go(max_time=10.0)
    assert len({x.checksum for x in ends(m)}) == 1


def test_the_host_opens_and_closes_seats_in_the_lobby():
    st = tally_settings(3, 120)
    m = star(st, [False, True, True], [], host_kw=dict(auto_start=False))
    host = m.host
    assert host.start_problem() == "seats 2, 3 still open"
    assert host.set_open(2, False) and host.free_seats() == 1
    j = late(m, 1, seats=1)
    m.go(max_time=1.0)
    assert j.my_seats == (1,) and not host.set_open(1, False)  # a joiner holds it
    assert host.start() is None
    m.go(max_time=10.0)
    assert m.of(0, Started)[0].owners == (0, 1, 0) and len({x.checksum for x in ends(m)}) == 1


def test_game_options_travel_in_the_settings_and_their_digest():
    base = MatchSettings("grit", 1, 2, mode="lockstep", prediction=0)
    five = base.replace(options=MatchSettings.options_of({"best_of": 5, "prototype_deck": False}))
    assert five.digest() != base.digest() and MatchSettings.from_wire(five.to_wire()) == five
    assert len(base.to_wire()) == 9 and five.option_dict() == {"best_of": 5, "prototype_deck": False}
    assert "best_of=5" in five.describe()
    for bad in ((("b", 1), ("a", 2)), (("a", 1.5),), (("", 1),), (("a", "x" * 33),)):
        with pytest.raises(SettingsError):
            base.replace(options=bad).check()


def test_the_new_messages_refuse_wrong_shapes():
    key = bytes(range(32))
    keys = lambda mtype, sid, peer: key if sid == 77 else None  # noqa: E731
    good = {
        MsgType.SNAP: [30, 5, [0, 255], [1], 1, 0, b"x" * 10, "grit", 1, b"d" * 16],
        MsgType.SNAPACK: [30, b"\x01"],
        MsgType.CLAIM: [[1]],
        MsgType.ROSTER: [0, [0, 1], [[0, "Ann", 1]], [[0, "hard"]], 0],
        MsgType.READY: [b"d" * 16, 0, b"c" * 32],
    }
    for t, f in good.items():
        assert open_datagram(seal(t, 77, 1, 5, f, key), keys).fields == f
    bad = {
        MsgType.SNAP: [[30, 5, [0, 9], [1], 1, 0, b"x", "grit", 1, b"d" * 16],
                       [30, 5, [0, 1], [1], 2, 2, b"x", "grit", 1, b"d" * 16],
                       [30, 5, [0], [], 1, 0, b"x" * 901, "grit", 1, b"d" * 16],
                       [30, 5, [0], [], 1, 0, b"x", "grit", 1, b"d" * 15], [30, 5, [0], [], 1, 0, b"x"]],
        MsgType.CLAIM: [[[]], [[8]], [[True]]],
        MsgType.ROSTER: [[0, [0, 1], [[0, "Ann", 2]], [], 0], [-1, [0], [], [], 0], [0, [], [], [], 0],
                         [0, [0, 0], [], [[0, "hard"], [0, "easy"]], 0], [0, [0], [], [[0, ""]], 0],
                         [0, [0], [], [[0, "x" * 17]], 0], [0, [0], [], [[9, "easy"]], 0], [0, [0], [], [], 256]],
        MsgType.READY: [[b"d" * 16, 2, b"c" * 32], [b"d" * 16, 1, 1], [b"d" * 16, 1, b"c" * 31]],
    }
    for t, cases in bad.items():
        for f in cases:
            with pytest.raises(Rejected):
                open_datagram(seal(t, 77, 1, 5, f, key), keys)
    # a PROBE needs no key but only a host reads it; a sealed one is refused
    probe = seal(MsgType.PROBE, 0, 255, 1, [b"n" * 8, 5, bytes(24)], None)
    with pytest.raises(Rejected):
        open_datagram(probe, keys)
    assert open_datagram(probe, keys, (MsgType.PROBE,)).type == MsgType.PROBE
    with pytest.raises(Rejected):
        open_datagram(seal(MsgType.PROBE, 0, 255, 1, [b"n" * 8, 5, bytes(24)], key), keys, (MsgType.PROBE,))


def _wait(cond, transports, seconds=3.0):
    deadline = time.monotonic() + seconds
    while not cond() and time.monotonic() < deadline:  # bounded polling of real sockets
        for t in transports:
            t.wait(0.02)


def test_the_browser_pings_a_host_over_loopback_and_learns_lobby_or_playing(pace):
    transport = UdpTransport(("127.0.0.1", 0))
    host = Session.host(transport, tally_settings(2, 0), [False, True], CODE, input_source=source(1),
                        config=cfg(), now=time.monotonic())
    prober = Prober(interval=0.2)
    try:
        addr = transport.address
        # the host as a browser's listener has it: announced twice a second apart from its announcer's port
        heard = Announcement(addr, "Ann", "tally", 1, 2, 1, "lockstep", b"d" * 16, PROTOCOL_VERSION, heard_at=1.0,
                             sender=(addr[0], 40000), since=0.0)

        def step():
            now = time.monotonic()
            host.update(now)
            prober.update(now, [heard])
            return addr in prober.results

        _wait(step, [transport, prober.transport])
        pong = prober.results[addr]
        assert not pong.playing and pong.free_seats == 1 and 0 <= pong.rtt < pace.wall(0.5)
        assert 0 < host.stats.bytes_sent <= prober.bytes_sent  # never more out than in: no amplification
        sent = prober.sent
        probed_at = pong.heard_at - pong.rtt  # frames within the interval of that probe (not the wall clock: a
        for k in range(3):  # loaded machine's frames are far apart); announced again each time: still one probe
            prober.update(probed_at + prober.interval * (k + 1) / 4, [dataclasses.replace(heard, heard_at=2.0 + k)])
        assert prober.sent == sent  # one probe a host per interval, whatever the frame rate
    finally:
        prober.close()
        transport.close()


def test_an_announcement_says_whether_the_match_is_playing_and_old_ones_still_decode():
    data = encode_announcement("Ann", "grit", 1, 47800, 2, 0, "lockstep", b"\x02" * 16, playing=True)
    a = decode_announcement(data, ("127.0.0.1", 1))
    assert a.playing and a.free_seats == 0
    old = msgpack.packb(["grisbi-arcade", 1, "x", "grit", 1, 9000, 2, 1, "lockstep", b""])
    assert decode_announcement(old, ("127.0.0.1", 1)).playing is False
    assert decode_announcement(msgpack.packb(["grisbi-arcade", 1, "x", "grit", 1, 9000, 2, 1, "lockstep", b"", 2]),
                               ("127.0.0.1", 1)) is None


def test_the_announcer_marks_a_running_match_for_listeners():
    import socket

    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    lst = Listener(discovery_port=port, expire=2.0)
    ann = Announcer("Ann", "grit", 1, 47800, 2, 1, "lockstep", b"\x01" * 16, discovery_port=port)
    try:
        ann.set_playing(True)
        ann.update(0.0)
        heard = []

        def got():
            heard[:] = lst.update(1.0)
            return bool(heard)

        _wait(got, [lst.transport])
        assert heard and heard[0].playing
    finally:
        ann.close()
        lst.close()
