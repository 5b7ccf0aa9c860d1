"""The handshake and the fair deal: refusals with reasons, seat assignment, the shared seed, lost hosts."""

from __future__ import annotations

import ast
from pathlib import Path

import netplay.session
from netplay.events import (EndReason, FailReason, Failed, Interrupted, JoinRefused, MatchEnded, PeerJoined, PeerLeft,
                            Started)
from netplay.harness import VirtualRun
from netplay.session import HostSession, JoinerSession, Session, SpectatorSession
from netplay.settings import AUTO_INPUT_DELAY, SessionConfig
from netplay.transport import Impairment, MemoryNetwork
from netplay.wire import PROTOCOL_VERSION, seed_from_nonces
from test_netplay_toys import HOST_ADDR, Match, build_with, joiner_addr, tally_input, tally_settings, tally_sim

SOURCE = lambda seat, tick: tally_input(1, seat, tick)  # noqa: E731
MAKE = lambda st, seed: tally_sim(seed, st.seats)  # noqa: E731
BUILD = build_with(MAKE)
CFG = lambda: SessionConfig(desync_dump=None, timeout=2.0)  # noqa: E731


def lobby(remote, impairment=Impairment.from_rtt(0.02), ticks=120, code="ABCD"):
    net = MemoryNetwork(seed=3, impairment=impairment)
    host = Session.host(net.transport(HOST_ADDR), tally_settings(len(remote), ticks), remote, code,
                        input_source=SOURCE, config=CFG(), nonce=1)
    return Match(net, [host], VirtualRun(net, [(host, BUILD)]), {})


def add_joiner(m, i, seats=1, code="ABCD", **kw):
    s = Session.join(m.net.transport(joiner_addr(i)), HOST_ADDR, code, seats, input_source=SOURCE,
                     config=CFG(), nonce=100 + i, now=m.run.clock.now, **kw)
    m.sessions.append(s)
    m.run.add(s, BUILD)
    return s


def failure(m, i):
    ev = m.of(i, Failed)
    assert len(ev) == 1, m.events.get(i)
    return ev[0].reason


def test_a_wrong_join_code_is_refused_and_the_host_keeps_waiting():
    m = lobby([False, True])
    add_joiner(m, 1, code="ABCE")
    m.go(max_time=3.0)
    assert "wrong join code" in failure(m, 1) and m.of(1, Failed)[0].kind == FailReason.WRONG_CODE
    assert not m.of(0, PeerJoined) and m.host.phase == "lobby"
    add_joiner(m, 2)
    m.go(max_time=8.0)
    assert m.of(0, MatchEnded) and m.of(2, MatchEnded)


def test_a_protocol_version_mismatch_is_refused_with_both_versions_named():
    m = lobby([False, True])
    add_joiner(m, 1, protocol_version=PROTOCOL_VERSION + 1)
    m.go(max_time=3.0)
    reason = failure(m, 1)
    assert m.of(1, Failed)[0].kind == FailReason.VERSION
    assert m.of(1, Failed)[0].facts == {"host_version": PROTOCOL_VERSION, "our_version": PROTOCOL_VERSION + 1}
    assert ("protocol version mismatch" in reason and str(PROTOCOL_VERSION) in reason
            and str(PROTOCOL_VERSION + 1) in reason)


def test_settings_the_joiner_cannot_play_are_refused_with_the_reason_and_the_seat_is_freed():
    m = lobby([False, True])
    add_joiner(m, 1, accept=lambda st: f"no game called {st.game!r} here")
    m.go(max_time=2.0)
    assert failure(m, 1) == "cannot play the host's match: no game called 'tally' here"
    assert [e.reason for e in m.of(0, PeerLeft)] == ["no game called 'tally' here"]
    add_joiner(m, 2)
    m.go(max_time=8.0)
    assert m.of(2, Started)[0].local_seats == (1,)


def test_a_joiner_expecting_other_settings_is_refused():
    m = lobby([False, True])
    add_joiner(m, 1, expect_digest=tally_settings(2, 999).digest())
    m.go(max_time=2.0)
    assert "match settings differ" in failure(m, 1)
    assert [e.reason for e in m.of(0, JoinRefused)][0].startswith("match settings differ")


def test_joiners_take_the_first_free_remote_seats_then_the_match_is_full_then_started():
    m = lobby([False, True, False, True, True])
    a = add_joiner(m, 1, seats=2)
    m.go(max_time=0.5)
    b = add_joiner(m, 2, seats=2)
    m.go(max_time=1.0)
    assert "not enough free seats: 2 asked, 1 free" in failure(m, 2)
    assert (m.of(2, Failed)[0].kind, m.of(2, Failed)[0].facts) == (FailReason.FULL, {"asked": 2, "free": 1})
    c = add_joiner(m, 3, seats=1)
    m.go(max_time=2.0, until=lambda: m.host.running)
    late = add_joiner(m, 4)
    m.go(max_time=8.0)
    assert "already started" in failure(m, 4) and m.of(4, Failed)[0].kind == FailReason.STARTED
    assert a.owners == [0, a.index, 0, a.index, c.index]
    assert m.of(1, Started)[0].local_seats == (1, 3) and m.of(3, Started)[0].local_seats == (4,)
    ends = {m.of(i, MatchEnded)[0].checksum for i in (0, 1, 3)}
    assert len(ends) == 1 and b.done and late.done


def test_the_seed_is_the_hash_of_every_peers_revealed_nonce_and_a_false_reveal_is_refused():
    m = lobby([False, True, True], impairment=Impairment.from_rtt(0.05, loss=0.3))  # lossy handshake
    a, b = add_joiner(m, 1), add_joiner(m, 2)
    m.go(max_time=5.0, until=lambda: all(s.running for s in m.sessions))
    seeds = {s.seed for s in m.sessions}
    nonces = [m.host.nonce] + [s.nonce for s in sorted((a, b), key=lambda s: s.index)]
    assert seeds == {seed_from_nonces(nonces)}

    m2 = lobby([False, True])
    cheat = add_joiner(m2, 1)
    cheat.nonce = b"\x00" * 32  # it committed to another nonce in its HELLO: this is not what it will reveal
    m2.go(max_time=3.0)
    assert "does not match your commit" in failure(m2, 1)
    assert not m2.host.running


def test_no_host_at_the_address_fails_after_the_timeout():
    m = lobby([False, True])
    m.run.stop(m.host)
    add_joiner(m, 1)
    m.go(max_time=5.0)
    reason = failure(m, 1)
    assert m.of(1, Failed)[0].kind == FailReason.UNREACHABLE
    assert reason.startswith("no answer from host:7777 in 2 s") and 1.9 < m.of(1, Failed)[0].at < 2.2


def test_a_joiner_that_loses_the_host_is_interrupted_then_fails():
    m = lobby([False, True], ticks=6000)
    j = add_joiner(m, 1)
    m.go(max_time=3.0, until=lambda: j.running and j.driver.tick > 60)
    t = m.run.clock.now
    m.run.stop(m.host)
    m.go(max_time=10.0)
    assert [e.peer for e in m.of(1, Interrupted)] == [0]
    assert "lost the host" in failure(m, 1) and m.of(1, Failed)[0].kind == FailReason.HOST_LOST and m.of(1, Failed)[0].at - t < 2.1


def test_a_deal_started_over_when_a_joiner_leaves_still_ends_in_one_shared_seed():
    m = lobby([False, True, True])
    a, b = add_joiner(m, 1), add_joiner(m, 2)
    m.go(max_time=2.0, until=lambda: m.host.phase == "dealing")
    assert m.host.phase == "dealing"
    m.run.stop(b)  # gone in the middle of the deal: its seat is free again after the timeout (2 s here)
    m.go(max_time=6.0, until=lambda: m.host.phase == "lobby")
    c = add_joiner(m, 3)
    m.go(max_time=12.0, until=lambda: a.running and c.running)
    assert m.of(0, PeerLeft) and a.seed == c.seed == m.host.seed is not None
    assert m.host.seed == seed_from_nonces([m.host.nonce] + [s.nonce for s in sorted((a, c), key=lambda s: s.index)])


def _delay_match(settings, rtts):
    """A host and one joiner per entry of ``rtts`` (seconds, that joiner's round trip to the host)."""
    net = MemoryNetwork(seed=5, impairment=Impairment.from_rtt(0.0))
    host = Session.host(net.transport(HOST_ADDR), settings, [False] + [True] * len(rtts), "ABCD",
                        input_source=SOURCE, config=CFG(), nonce=1)
    m = Match(net, [host], VirtualRun(net, [(host, BUILD)]), {})
    for i, rtt in enumerate(rtts, 1):
        net.set_path(joiner_addr(i), HOST_ADDR, Impairment.from_rtt(rtt))
        add_joiner(m, i)
    m.go(max_time=30.0)
    return m


def test_the_host_picks_the_input_delay_from_the_slowest_round_trip_and_every_peer_uses_it():
    # 120 ms round trip: 60 ms one way = 3.6 ticks at 60 Hz -> 4 ticks; the 10 ms joiner does not lower it
    m = _delay_match(tally_settings(3, 120, input_delay=AUTO_INPUT_DELAY), [0.010, 0.120])
    assert [s.input_delay for s in m.sessions] == [4, 4, 4]
    assert len({m.of(i, MatchEnded)[0].checksum for i in range(3)}) == 1
    # a LAN (4 ms round trip: 0.12 ticks one way) -> 1 tick
    m = _delay_match(tally_settings(2, 120, input_delay=AUTO_INPUT_DELAY), [0.004])
    assert [s.input_delay for s in m.sessions] == [1, 1]
    assert len({m.of(i, MatchEnded)[0].checksum for i in range(2)}) == 1


def test_an_input_delay_set_in_the_settings_is_kept_whatever_the_round_trip():
    m = _delay_match(tally_settings(2, 120, input_delay=0), [0.120])
    assert [s.input_delay for s in m.sessions] == [0, 0]
    assert len({m.of(i, MatchEnded)[0].checksum for i in range(2)}) == 1


def test_every_peer_is_told_why_the_match_ended_by_a_typed_kind():
    """The client acts on ``MatchEnded.kind`` (a finished match is recorded, one the host ended is abandoned and
    titled so), never on the text of ``reason``."""
    m = lobby([False, True], ticks=120)
    add_joiner(m, 1)
    m.go(max_time=8.0)
    ends = [m.of(i, MatchEnded) for i in (0, 1)]
    assert [[e.kind for e in x] for x in ends] == [[EndReason.END_TICK]] * 2
    m = lobby([False, True], ticks=0)
    add_joiner(m, 1)
    m.run.at(3.0, lambda: m.host.end_match())
    m.go(max_time=12.0)
    ends = [m.of(i, MatchEnded) for i in (0, 1)]
    assert [[e.kind for e in x] for x in ends] == [[EndReason.HOST_ENDED]] * 2
    assert ends[0][0].tick == ends[1][0].tick and ends[0][0].reason == "ended by the host"


def test_host_joiner_and_spectator_are_each_their_own_session_class_made_of_parts():
    """``Session.host`` and ``Session.join`` build the session types (GGRS's small session types), each made of the
    parts it owns (GGRS's ``P2PSession``: a sync layer, its players' endpoints, an event queue), never of mixins: no
    netplay class has more than one base, and no message is routed by a method name."""
    m = lobby([False, True, True])
    player = add_joiner(m, 1)
    watcher = add_joiner(m, 2, seats=0)
    assert isinstance(m.host, HostSession) and m.host.role == "host"
    assert isinstance(player, JoinerSession) and not isinstance(player, SpectatorSession) and player.role == "join"
    assert isinstance(watcher, SpectatorSession) and watcher.role == "join"
    assert not isinstance(player, HostSession) and not isinstance(m.host, JoinerSession)
    assert m.host.lobby.s is m.host and player.handshake.s is player and watcher.snapshot.s is watcher
    assert not hasattr(player, "lobby") and not hasattr(m.host, "handshake") and not hasattr(player, "snapshot")
    root = Path(netplay.session.__file__).parent
    for path in sorted(root.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                assert len(node.bases) <= 1, f"{path.name}: {node.name} mixes {len(node.bases)} classes"
            f = node.func if isinstance(node, ast.Call) else None  # getattr(self, name)(...): a handler by name
            if isinstance(f, ast.Call) and getattr(f.func, "id", "") == "getattr" and f.args \
                    and getattr(f.args[0], "id", "") == "self":
                raise AssertionError(f"{path.name}: a handler found by name (getattr(self, ...)(...))")
