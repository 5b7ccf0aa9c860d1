"""The netplay sessions over the online transport (issue 28), in real time on loopback: the code from the real Magic
Wormhole mailbox server (127.0.0.1), the ICE transport (candidates pinned to 127.0.0.1), and on top the same sessions
as on the LAN, keyed by the same code (the tally toy of ``test_netplay_toys``: cheap and exact).

What a player would notice: one code lets a star of eight peers play; the host keeps it open for the free seats and
for spectators; a player whose machine dies is dropped and comes back with the same code to take the seat again,
every peer agreeing on the final checksum; a wrong code on the match's channel is refused and the right one is still
welcome; nothing on the channel reads as clear text, and a replayed datagram is refused. (The simulated internet
with NATs and the relay, with the real programs: ``test_internet_namespaces.py``.)
"""

from __future__ import annotations

import time

import msgpack
import pytest

from netplay.events import FailReason, Failed, MatchEnded, Notice, NoticeKind, SeatClaimed, SeatDropped
from netplay.ice import IceServers, IceTimeouts, IceTransport
from netplay.online import Connected, OnlineHost, OnlineJoin, OnlineSettings
from netplay.runner import Runner
from netplay.session import Session
from netplay.settings import SessionConfig
from test_netplay_toys import TallyState, tally_input, tally_settings, tally_sim
from test_online_loopback import loopback_candidates, mailbox  # noqa: F401  (fixtures)
from test_ice_transport import pump, settled

import wormhole_mailbox_server  # noqa: E402,F401  declared in the test extra: missing, an error (never a skip)


def snap_bytes(saved) -> bytes:
    tick, st = saved
    return msgpack.packb([tick, st.tick, st.mix, list(st.counts), st.length])


def snap_load(data: bytes):
    tick, t, mix, counts, length = msgpack.unpackb(data, max_array_len=16, max_bin_len=0, max_str_len=0)
    return tick, TallyState(t, mix, tuple(counts), length)


def config(**kw) -> SessionConfig:
    return SessionConfig(snapshot_state=snap_bytes, load_snapshot=snap_load, desync_dump=None, mesh=False, **kw)


def online(url: str) -> OnlineSettings:
    return OnlineSettings(rendezvous=url, servers=IceServers(), timeouts=IceTimeouts(direct=2, total=10),
                          meet_timeout=15)


def build(started):
    return tally_sim(started.seed, started.settings.seats)


class Peer:
    """One machine: its online part, then its session and runner; every event kept."""

    def __init__(self, link, session=None) -> None:
        self.link, self.session = link, session
        self.runner = Runner(session, build) if session is not None else None
        self.events: list = []

    def of(self, kind) -> list:
        return [e for e in self.events if isinstance(e, kind)]


class Star:
    """A host holding one code, and joiners arriving by it; ``step()`` runs everyone once (real time)."""

    def __init__(self, url: str, settings, remote: list[bool], timeout: float = 5.0) -> None:
        self.url, self.timeout = url, timeout
        host = OnlineHost(online(url), joiners=7)
        end = time.monotonic() + 10
        while host.code is None:
            assert time.monotonic() < end and host.rendezvous.failure is None, host.line
            host.poll()
            time.sleep(0.01)
        self.code = host.code
        session = Session.host(host.transport, settings, remote, self.code, input_source=self.source(1),
                               config=config(timeout=timeout), now=time.monotonic(), nonce=1, name="Host")
        self.host = Peer(host, session)
        self.joiners: list[Peer] = []
        self.waiting: list[tuple[Peer, dict]] = []

    @staticmethod
    def source(seed: int):
        return lambda seat, tick: tally_input(seed, seat, tick)

    def join(self, seats: int, seed: int = 1, **kw) -> Peer:
        """A joiner entering the code now; its session starts once connected."""
        p = Peer(OnlineJoin(self.code, online(self.url), info={"seats": seats}))
        self.waiting.append((p, dict(seats=seats, seed=seed, **kw)))
        self.joiners.append(p)
        return p

    def step(self) -> None:
        now = time.monotonic()
        h = self.host
        h.link.poll()
        events = h.runner.update(now)
        h.events += events
        h.link.follow(h.session, events)
        for p, kw in list(self.waiting):
            for ev in p.link.poll():
                if isinstance(ev, Connected):
                    p.session = Session.join(p.link.transport, p.link.host_address, self.code, kw["seats"],
                                             input_source=self.source(kw["seed"]),
                                             config=config(timeout=self.timeout), now=now,
                                             nonce=100 + self.joiners.index(p),
                                             name=f"J{self.joiners.index(p)}", claim=kw.get("claim", ()),
                                             token=kw.get("token"))
                    p.runner = Runner(p.session, build)
                    self.waiting.remove((p, kw))
                else:
                    raise AssertionError(f"a joiner could not connect: {ev}")
        for p in self.joiners:
            if p.runner is not None and not p.link.transport.closed:
                p.events += p.runner.update(now)

    def wait(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        self.run(lambda: time.monotonic() >= end, seconds + 1)

    def run(self, until, limit: float) -> None:
        end = time.monotonic() + limit
        while not until():
            assert time.monotonic() < end, (f"timed out: {self.host.link.line}; {[p.link.line for p in self.joiners]}"
                                            f"\nhost: {self.host.events[-12:]}\njoiners: "
                                            f"{[p.events[-3:] for p in self.joiners]}")
            self.step()
            self.host.link.transport.wait(0.004)

    def kill(self, p: Peer) -> None:
        """The machine dies: nothing more is sent or answered."""
        p.link.close()

    def close(self) -> None:
        for p in self.joiners:
            p.link.close()
        self.host.link.close()


def ended(peers: list[Peer]) -> list[MatchEnded]:
    return [e for p in peers for e in p.of(MatchEnded)]


def tick_of(e) -> int:
    return getattr(e, "tick", getattr(e, "frame", None))


def test_a_dropped_player_comes_back_with_the_same_code_and_a_spectator_watches_to_the_end(mailbox):
    star = Star(mailbox, tally_settings(3, 600), [False, True, True], timeout=1.5)
    try:
        a = star.join(1)
        star.run(lambda: a.session is not None, 15)
        victim = star.join(1, seed=2)
        star.run(lambda: star.host.session.running, 20)
        watcher = star.join(0)
        star.run(lambda: len(victim.session.input_log()) > 120, 20)
        token = victim.session.token
        star.kill(victim)
        star.run(lambda: star.host.of(SeatDropped), 10)
        back = star.join(0, seed=77, claim=(2,), token=token)  # the same player, a new machine's connection
        star.run(lambda: len(ended([star.host, a, back, watcher])) == 4, 40)
        (drop,) = star.host.of(SeatDropped)
        assert (drop.seat, drop.peer) == (2, 2)
        (claimed,) = star.host.of(SeatClaimed)
        assert claimed.seat == 2 and claimed.peer == back.session.index and back.of(SeatClaimed)
        final = ended([star.host, a, back, watcher])
        assert len({e.checksum for e in final}) == 1 and {tick_of(e) for e in final} == {600}
        assert watcher.session.local_seats == [] and back.session.local_seats == [2]
        assert star.host.session.summary()["desyncs"] == 0
        # five connections made on one code; the dead one's closed by the host, the others still up
        assert len(star.host.link.connected) == 3
    finally:
        star.close()


def test_eight_peers_play_a_star_through_the_host_on_one_code(mailbox):
    star = Star(mailbox, tally_settings(8, 300), [False] + [True] * 7)
    try:
        for k in range(7):
            star.join(1, seed=k + 2)
            star.wait(0.25)  # friends a moment apart
        star.run(lambda: len(ended([star.host, *star.joiners])) == 8, 60)
        final = ended([star.host, *star.joiners])
        assert len({e.checksum for e in final}) == 1
        assert star.host.session.owners == list(range(8))
        assert all(p.session.summary()["desyncs"] == 0 for p in star.joiners)
        # the seats are full: the code now turns players away at the meeting (the host has room only to watch)
        assert star.host.link.seat_room == 0
    finally:
        star.close()


def test_on_the_match_channel_a_wrong_code_is_refused_nothing_reads_as_clear_text_and_a_replay_is_refused():
    """The rendezvous already turns a wrong code away; this is the session's own lock on an ICE channel made
    without it (as a relay or a stranger holding the channel would try)."""
    host_t, join_t = IceTransport(), IceTransport()
    try:
        ha, ja = host_t.add_peer(True), join_t.add_peer(False)
        pump([((host_t, ha), (join_t, ja))], lambda: settled(host_t, ha) and settled(join_t, ja))
        wire: list[bytes] = []
        send = join_t.send
        join_t.send = lambda data, address: (wire.append(bytes(data)), send(data, address))[1]
        settings = tally_settings(2, 240)
        host = Peer(None, Session.host(host_t, settings, [False, True], "7-tiger-lamp", input_source=Star.source(1),
                                       config=config(), now=time.monotonic(), nonce=1, name="Host"))
        wrong = Peer(None, Session.join(join_t, ja, "7-tiger-lime", 1, input_source=Star.source(2), config=config(),
                                        now=time.monotonic(), nonce=2, name="Zoe-Quartermaine"))

        def go(peers, until, limit=10.0):
            end = time.monotonic() + limit
            while not until():
                assert time.monotonic() < end, "timed out"
                for p in peers:
                    p.events += p.runner.update(time.monotonic())
                host_t.wait(0.004)

        go([host, wrong], lambda: wrong.session.done)
        assert [f.kind for f in wrong.of(Failed)] == [FailReason.WRONG_CODE]
        go([host], lambda: host.of(Notice), 2)
        assert [n.kind for n in host.of(Notice)] == [NoticeKind.WRONG_CODE]
        right = Peer(None, Session.join(join_t, ja, "7 Tiger Lamp", 1, input_source=Star.source(2), config=config(),
                                        now=time.monotonic(), nonce=3, name="Zoe-Quartermaine"))
        go([host, right], lambda: len(right.session.input_log()) > 60, 10)
        rejected = host.session.stats.rejected["replay"]
        for data in wire[-5:]:  # what a relay could capture and send again
            join_t.send(data, ja)
        go([host, right], lambda: host.session.stats.rejected["replay"] >= rejected + 5, 2)
        go([host, right], lambda: len(ended([host, right])) == 2, 20)
        assert len({e.checksum for e in ended([host, right])}) == 1
        assert not any(b"Quartermaine" in d for d in wire), "the name went in clear"
    finally:
        host_t.close()
        join_t.close()
