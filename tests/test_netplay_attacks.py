"""Every attack of issue #12 run for real against the netplay sessions, and refused.

The adversaries are written with the project's own wire code (``netplay.wire.seal``, sessions with one of their parts
replaced by a lying one: ``HostParts`` / ``JoinerParts``), on the in-memory network in virtual time: a passive sniffer without the join code, a code guesser, a host that
deals itself a hand (all-zero or phantom commits), a peer taking someone else's dropped seat, a peer acknowledging
inputs it never received, a crowd of fake spectators, a host sending a snapshot of another game, a chunk spammer, a
peer that keeps sending but withholds its inputs, and a spoofed flood from a real peer's address.
"""

from __future__ import annotations

import gc
import types
import zlib
from typing import Iterator

import msgpack
import pytest

from netplay.events import (ClaimRefused, CodeChanged, Disconnected, FailReason, Failed, Interrupted, JoinRefused,
                            MatchEnded, Notice, NoticeKind, PeerJoined, SeatClaimed, SeatDropped, Started)
from netplay.fairdeal import HostDeal
from netplay.harness import VirtualRun
from netplay.latejoin import LateJoiners
from netplay.messages import ChunkItem, Input, decode
from netplay.session import HostParts, JoinerParts, Session
from netplay.settings import SessionConfig
from netplay.ticks import TickLoop
from netplay.transport import Impairment, MemoryNetwork
from netplay.wire import HEADER_SIZE, OPEN_TYPES, MsgType, commit_of, read_header, seal

from test_lan_netplay import snap_bytes, snap_load
from test_netplay_toys import (CODE, HOST_ADDR, Match, build_with, joiner_addr, tally_input, tally_inputs, tally_settings,
                               tally_sim, virtual_match)


def make(st, seed):
    return tally_sim(seed, st.seats)


def source(seed=5):
    return lambda seat, tick: tally_input(seed, seat, tick)


def cfg(**kw) -> SessionConfig:
    return SessionConfig(desync_dump=None, snapshot_state=snap_bytes, load_snapshot=snap_load, **kw)


def lobby(settings, remote, net=None, **host_kw) -> Match:
    """A host on a 20 ms network, no joiner yet (``add`` them with ``joiner``); ``parts``: a lying host's."""
    net = net or MemoryNetwork(seed=3, impairment=Impairment.from_rtt(0.02))
    host = Session.host(net.transport(HOST_ADDR), settings, remote, CODE, input_source=source(),
                        config=host_kw.pop("config", cfg()), nonce=1, name="Ann", **host_kw)
    return Match(net, [host], VirtualRun(net, [(host, build_with(make))]), {})


def joiner(m: Match, address, seats=1, code=CODE, nonce=None, **kw) -> Session:
    s = Session.join(m.net.transport(address), HOST_ADDR, code, seats, input_source=source(kw.pop(
        "seed", 5)), config=kw.pop("config", cfg()), nonce=nonce if nonce is not None else hash(address) & 0xFFFF,
        now=m.run.clock.now, name=str(address[0]), **kw)
    m.sessions.append(s)
    m.run.add(s, build_with(make))
    return s


def index(m: Match, s: Session) -> int:
    return m.sessions.index(s)


def failed(m: Match, s: Session) -> Failed | None:
    ev = m.of(index(m, s), Failed)
    return ev[0] if ev else None


# --- 1. a passive sniffer without the join code ---------------------------------------------------------------


def test_a_sniffer_without_the_code_learns_nothing_from_a_whole_match():
    """Issue #12, attack 1: "A passive sniffer without the join code printed all four hands: datagrams are signed,
    not encrypted, and START carries every peer's nonce in clear". Now every datagram after the key exchange is
    sealed (ChaCha20-Poly1305): no captured payload decodes, the captured bytes do not compress (zlib ratio > 0.95),
    and neither a nonce nor the seed appears anywhere on the wire."""
    m = virtual_match(4, make, tally_inputs(), settings=tally_settings(4, 600),
                      impairment=Impairment.from_rtt(0.04, jitter=0.005, loss=0.02), seed=11)
    captured: list[bytes] = []
    m.net.taps.append(lambda src, dst, data, now: captured.append(data))
    m.go(max_time=30.0)
    ends = [m.of(i, MatchEnded) for i in range(4)]
    assert all(len(e) == 1 for e in ends) and len({e[0].checksum for e in ends}) == 1
    sealed = [d for d in captured if read_header(d)[1] not in OPEN_TYPES]
    assert len(sealed) > 2000 and len(captured) - len(sealed) <= 20  # the key exchanges only
    readable = 0  # payloads that read as the message their header names (random bytes may parse as msgpack)
    for d in sealed:
        try:
            decode(read_header(d)[1], msgpack.unpackb(d[HEADER_SIZE:]))
            readable += 1
        except Exception:
            pass
    assert readable == 0
    payload = b"".join(d[HEADER_SIZE:] for d in sealed)
    assert len(zlib.compress(payload, 9)) / len(payload) > 0.95
    wire = b"".join(captured)
    secrets_ = [s.nonce for s in m.sessions] + [m.host.seed.to_bytes(8, "big")]
    assert not any(x in wire for x in secrets_)
    assert b"START" not in wire and not any(s.commit in wire for s in m.sessions)  # commits travel sealed too


def test_open_datagrams_carry_nothing_secret_and_a_hello_differs_at_every_attempt():
    """DESIGN: "Nothing captured lets anyone test codes offline": the open HELLO and KEYX carry SPAKE2 messages
    (fresh random group elements), never anything computed from the code alone (no fixed-salt key)."""
    net = MemoryNetwork(seed=3)
    hellos = []
    net.taps.append(lambda src, dst, data, now: hellos.append(data) if read_header(data)[1] == MsgType.HELLO else 0)
    for k in range(2):
        s = Session.join(net.transport(joiner_addr(k)), HOST_ADDR, CODE, 1, input_source=source(),
                         config=cfg())
        s.update(0.0)
    a, b = (msgpack.unpackb(h[HEADER_SIZE:]) for h in hellos)
    assert a[0] != b[0] and len(a[0]) == 33  # same code, unrelated SPAKE2 messages
    assert CODE.encode() not in hellos[0] and b"TESTCODE" not in hellos[0]


# --- 7. one captured join request let an attacker test codes offline; now: one guess per live exchange ----------


def test_a_wrong_code_fails_the_exchange_and_five_wrong_tries_a_minute_close_that_address():
    """Issue #12, attack 7, and "the host limits attempts (e.g. 5 a minute per address, with a visible notice)". A
    guess is one live exchange: the host's key confirmation does not confirm a wrong code, and the exchange fails
    when it times out (5 s); one address has at most two under way, so the five guesses come 6 s apart. (After three
    failures the join code changes, issue 27: the friend and the sixth try use the new one.)"""
    m = lobby(tally_settings(2, 1200), [False, True])
    guessers = []
    for k in range(5):
        m.run.at(6.0 * k, lambda k=k: guessers.append(joiner(m, ("evil", 6000 + k), code=f"GUESS-{k}")))
    m.go(max_time=30.0)
    assert [failed(m, g).kind for g in guessers] == [FailReason.WRONG_CODE] * 5
    notices = [e.kind for e in m.of(0, Notice)]
    assert notices.count(NoticeKind.WRONG_CODE) == 5 and notices.count(NoticeKind.TOO_MANY_TRIES) == 1
    code = m.of(0, CodeChanged)[-1].code
    sixth = joiner(m, ("evil", 6100), code=code)  # even the right code: that address is closed for the minute
    friend = joiner(m, ("friend", 7000), code=code)  # another machine is not
    m.go(max_time=38.0, until=lambda: friend.running and sixth.done)
    assert failed(m, sixth).kind == FailReason.TOO_MANY_TRIES
    assert friend.running and not m.of(0, PeerJoined)[1:]
    assert all(g.stats.rejected["confirm"] for g in guessers)  # each guess cost a live exchange with the host
    m2 = lobby(tally_settings(2, 120), [False, True])
    m2.run.clock.set(0.0)
    for k in range(5):
        m2.run.at(6.0 * k, lambda k=k: joiner(m2, ("evil", 6000 + k), code="WRONG"))
    m2.go(max_time=66.0)  # the five failures came at 5 to 29 s: the first is a minute old at 65 s
    late = joiner(m2, ("evil", 6200), code=m2.of(0, CodeChanged)[-1].code)  # the address may try again
    m2.go(max_time=74.0, until=lambda: late.running)
    assert late.running


# --- 3. a host that deals itself a hand ------------------------------------------------------------------------


class ZeroCommitDeal(HostDeal):
    """A malicious host's deal: its commit is all zeros, so it could choose its nonce after every reveal."""

    def begin(self) -> None:
        self.s.commit = bytes(32)
        super().begin()


class PhantomDeal(HostDeal):
    """A malicious host's deal: it adds a commit for a peer that plays no seat, and reveals whatever nonce it
    likes."""

    def commit_list(self) -> list:
        return super().commit_list() + [[6, commit_of(b"p" * 32)]]

    def start_match(self) -> None:
        from netplay.wire import seed_from_nonces
        s = self.s
        nonces = [[0, s.nonce]] + [[i, s.remotes[i].deal.nonce] for i in sorted(s.remotes)] + [[6, b"p" * 32]]
        self.start_nonces = nonces
        s.sync.start(seed_from_nonces([n for _, n in nonces]))
        for r in s.remotes.values():
            r.started = False
        s.next_resend = s.now
        s.role_part.resend()


@pytest.mark.parametrize("deal, words", [(ZeroCommitDeal, "no real digest"), (PhantomDeal, "phantom")])
def test_a_host_without_a_real_commit_or_with_a_phantom_one_is_refused(deal, words):
    """Issue #12, attack 3: "Joiners skip the commit check when a commit is all zeros: a malicious host tried 1,500
    seeds". DESIGN: "a commit must be a real digest (all-zero or missing -> refused with a reason)"."""
    m = lobby(tally_settings(2, 120), [False, True], parts=HostParts(deal=deal))
    j = joiner(m, joiner_addr(1))
    m.go(max_time=5.0)
    f = failed(m, j)
    assert f is not None and f.kind == FailReason.UNFAIR_DEAL and words in f.reason
    assert not m.of(1, Started)


def test_a_joiner_with_an_all_zero_commit_is_refused_with_a_reason():
    m = lobby(tally_settings(2, 120), [False, True])
    j = joiner(m, joiner_addr(1))
    j.commit = bytes(32)
    m.go(max_time=3.0)
    assert failed(m, j).kind == FailReason.UNFAIR_DEAL and "not a real digest" in failed(m, j).reason
    assert [e.kind for e in m.of(0, JoinRefused)] == [FailReason.UNFAIR_DEAL] and m.host.phase == "lobby"


# --- 4. any peer could claim any dropped seat ------------------------------------------------------------------


def _three_and_a_drop():
    m = lobby(tally_settings(3, 1080), [False, True, True], config=cfg(timeout=2.0))
    a = joiner(m, joiner_addr(1))
    b = joiner(m, joiner_addr(2))
    m.run.at(2.0, lambda: m.run.stop(b))
    m.go(max_time=4.5)
    assert [(d.seat, d.peer) for d in m.of(0, SeatDropped)] == [(2, 2)]
    return m, a, b


def test_only_the_original_player_takes_a_dropped_seat_back():
    """Issue #12, attack 4: "Any peer can claim any dropped seat, even the other team's". DESIGN: "only the original
    player (or the host's explicit choice) reclaims it"."""
    m, a, b = _three_and_a_drop()
    intruder = joiner(m, ("intruder", 9000), seats=0, claim=(2,))
    m.go(max_time=7.0)
    assert [r.seat for r in m.of(index(m, intruder), ClaimRefused)] == [2] and not m.of(0, SeatClaimed)
    back = joiner(m, ("ben-laptop", 9100), seats=0, claim=(2,), token=b.token)  # Ben, from another machine
    m.go(max_time=40.0)
    assert [(c.seat, c.peer) for c in m.of(0, SeatClaimed)] == [(2, back.index)]
    ends = [m.of(i, MatchEnded)[0].checksum for i in (0, 1, index(m, back))]
    assert len(set(ends)) == 1


def test_the_host_may_give_a_dropped_seat_to_someone_else_explicitly():
    m, a, b = _three_and_a_drop()
    friend = joiner(m, ("friend", 9000), seats=0)
    m.go(max_time=8.0, until=lambda: friend.running and not friend.catching_up)
    m.host.allow_claim(2, friend.index)
    friend.request_seats([2])
    m.go(max_time=10.0)
    assert [(c.seat, c.peer) for c in m.of(0, SeatClaimed)] == [(2, friend.index)]


# --- 5. acks beyond what was sent; inputs withheld while sending ------------------------------------------------


def test_an_ack_of_inputs_never_sent_is_refused_and_the_match_goes_on():
    """Issue #12, attack 5: "one signed datagram acknowledging inputs never received freezes it for good"."""
    m = lobby(tally_settings(2, 900), [False, True])
    j = joiner(m, joiner_addr(1))

    def lie():
        d, host = j.driver, j.remotes[0]
        tick = d.tick + 200  # "I hold your inputs up to 200 ticks from now"
        j.send(host, Input(tick, 0, [tick, tick], [], None, None, 0, [], 0, None))
        j.send(host, Input(d.tick, 0, list(d.known), [], None, None, 0, [], 999, None))
    m.run.at(5.0, lie)
    m.go(max_time=40.0)
    assert m.host.stats.rejected["ack"] == 2
    e = [m.of(i, MatchEnded) for i in (0, 1)]
    assert all(len(x) == 1 and x[0].tick == 900 for x in e) and e[0][0].checksum == e[1][0].checksum
    assert not m.of(0, Interrupted) and e[0][0].at < 20.0


class WithholdingTicks(TickLoop):
    """A peer's tick loop that keeps the peer sending datagrams (acks, keepalives) but stops giving its inputs from
    ``stop_at`` on."""

    stop_at = 4.0

    def request_local(self) -> None:
        if self.s.now < self.stop_at:
            super().request_local()


@pytest.mark.parametrize("mode", ["rollback", "lockstep"])
def test_a_peer_withholding_its_inputs_while_sending_is_interrupted_then_dropped(mode):
    """Issue #12, attack 5: "A peer that keeps sending packets but withholds its inputs freezes the match". DESIGN:
    "interrupted after ~0.5 s without new inputs (silence or withheld inputs alike), dropped at the timeout"."""
    kw = {} if mode == "rollback" else dict(mode="lockstep", prediction=0)
    m = lobby(tally_settings(3, 1200, **kw), [False, True, True])
    honest = joiner(m, joiner_addr(1))
    cheat = joiner(m, joiner_addr(2), parts=JoinerParts(sync=WithholdingTicks))
    m.go(max_time=40.0)
    inter = [e for e in m.of(0, Interrupted) if e.peer == cheat.index]
    drops = m.of(0, SeatDropped)
    assert len(inter) == 1 and 4.3 < inter[0].at < 4.0 + 0.5 + 0.15
    assert [d.seat for d in drops] == [2] and 8.9 < drops[0].at < 9.0 + 0.5 + 0.15
    assert [e.reason for e in m.of(0, Disconnected)] == ["withheld its inputs"]
    assert failed(m, cheat).kind == FailReason.REMOVED
    assert cheat.stats.bytes_sent > 0 and not m.of(index(m, honest), Failed)
    e = [m.of(i, MatchEnded)[0] for i in (0, 1)]
    assert e[0].checksum == e[1].checksum and e[0].tick == 1200


# --- 6. one shared key; spoofed floods before the MAC ----------------------------------------------------------


def test_a_spoofed_flood_from_a_real_peers_address_is_refused_by_the_aead_before_the_rate_limit():
    """Issue #12: "the rate limit runs before the MAC, so spoofed floods interrupt a real peer". Keys are per peer
    (attack 6): a datagram sealed with another peer's key under this peer's address fails the AEAD too."""
    m = lobby(tally_settings(3, 900), [False, True, True])
    a = joiner(m, joiner_addr(1))
    b = joiner(m, joiner_addr(2))

    def flood():
        spoof = [seal(MsgType.INPUT, m.host.sid, a.index, 10**6 + k, [0] * 10, bytes(32)) for k in range(3000)]
        other = b.remotes[0].key_out  # b knows the code, and seals as a with its own key
        spoof += [seal(MsgType.INPUT, m.host.sid, a.index, 2 * 10**6 + k, [0] * 10, other) for k in range(500)]
        for data in spoof:
            m.net.inject(joiner_addr(1), HOST_ADDR, data)
    m.run.at(4.0, flood)
    m.go(max_time=40.0)
    assert m.host.stats.rejected["mac"] >= 3500 and m.host.stats.rejected["rate"] == 0
    assert not m.of(0, Interrupted)
    e = [m.of(i, MatchEnded)[0] for i in range(3)]
    assert len({x.checksum for x in e}) == 1


# --- 8. fake spectators held every slot; no kick ---------------------------------------------------------------


def test_spectators_from_one_address_are_limited_and_the_host_can_kick_one():
    """Issue #12, attack 8: "Seven fake spectators from one address hold every peer slot; the real friend is told
    'no room'; no kick"."""
    m = lobby(tally_settings(2, 600), [False, True], auto_start=False)
    fakes = [joiner(m, ("evil", 6000 + k), seats=0) for k in range(7)]
    m.go(max_time=5.5)  # the refused ones believe the open refusal at their handshake's limit (5 s)
    admitted = [f for f in fakes if f.phase == "lobby"]
    assert len(admitted) == 2
    assert all(failed(m, f).kind == FailReason.FULL for f in fakes if f not in admitted)
    friend = joiner(m, ("friend", 7000))
    m.go(max_time=7.5)
    assert friend.phase == "lobby" and friend.my_seats == (1,)
    assert m.host.kick(admitted[0].index)
    m.go(max_time=9.5)
    assert failed(m, admitted[0]).kind == FailReason.REMOVED and admitted[0].index not in m.host.remotes
    assert m.host.start() is None
    m.go(max_time=32.5)
    assert len({m.of(index(m, s), MatchEnded)[0].checksum for s in (m.host, friend, admitted[1])}) == 1


# --- snapshots, chunk buffers ----------------------------------------------------------------------------------


class OtherGameSnapshots(LateJoiners):
    """A host's late joiners part that sends a snapshot labelled with another game."""

    def snap_tail(self, r):
        return ["grit", 7, r.catchup.snap.digest]


def test_a_snapshot_of_another_game_is_refused_before_it_is_used():
    """Issue #12: "a host crashes a spectator with a snapshot of the wrong game (AttributeError)"."""
    m = lobby(tally_settings(2, 900), [False, True], parts=HostParts(late=OtherGameSnapshots))
    joiner(m, joiner_addr(1))
    m.go(max_time=3.0)
    spec = joiner(m, ("spec", 8000), seats=0)
    m.go(max_time=8.0)
    f = failed(m, spec)
    assert f.kind == FailReason.BAD_SNAPSHOT and "grit v7" in f.reason and spec.driver is None


def test_chunk_buffers_stay_bounded_under_spam_and_expire():
    """Issue #12: "half-received state chunks are never freed (host memory 33 -> 52 MB in 40 s of chunk spam)"."""
    m = lobby(tally_settings(2, 2400), [False, True])
    j = joiner(m, joiner_addr(1))
    peaks = []

    def spam(k):
        host = j.remotes[0]
        for n in range(40):  # 40 states a burst, each 1 chunk of 300 announced: never complete
            host.log_out.append(ChunkItem(k * 100 + n + 1, 0, 300, b"x" * 640))
        host.urgent = True
    for k in range(60):
        m.run.at(2.0 + 0.5 * k, lambda k=k: spam(k))
        m.run.at(2.4 + 0.5 * k, lambda: peaks.append(m.host.assembler.buffered()))
    m.go(max_time=33.0)
    assert max(peaks) <= 2 * 640 and len(m.host.assembler._parts) <= 2
    m.go(max_time=60.0)
    m.host.assembler.add(1, 0, 2, b"y", now=m.host.now + m.host.assembler.ttl + 0.5, peer=9)
    assert m.host.assembler.buffered() == 1  # the spam's half states expired
    assert m.of(0, MatchEnded)[0].checksum == m.of(1, MatchEnded)[0].checksum


# --- 2. a joiner or a mid-match spectator reading hidden cards from its own memory ------------------------------
# Turn games are host-authoritative (mode "authority", netplay.authority): only the host holds the whole table; a
# joiner or spectator holds its seat's (or the public) view and the stand-in state built from it.


def _reachable(root: object, own: object = None) -> Iterator[object]:
    """Every object reachable from ``root`` (a peer's session) through its own data: functions, modules, classes,
    the network and the other peers' sessions are not followed (they are not this peer's memory)."""
    seen = {id(root)}
    todo = [root]
    while todo:
        obj = todo.pop()
        yield obj
        for ref in gc.get_referents(obj):
            if id(ref) in seen or isinstance(ref, (types.FunctionType, types.MethodType, types.ModuleType, type,
                                                   MemoryNetwork, VirtualRun)):
                continue
            if (isinstance(ref, Session) and ref is not own) or type(ref).__name__ in ("MemoryTransport",
                                                                                        "VirtualClock"):
                continue
            seen.add(id(ref))
            todo.append(ref)


def _holds(m: Match, session: Session, secret: object) -> bool:
    """``secret`` is in the memory of that peer: its session and the simulation its runner built."""
    return any(type(o) is type(secret) and o == secret for o in _reachable(m.run.runner(session), session))


def _authority_build(started):
    """A peer's simulation in authority mode: the host's full table, a joiner's views (its seats: ``local_seats``)."""
    from arcade.core.turnnet import authority_sim
    from arcade.games import REGISTRY

    st = started.settings
    return authority_sim(REGISTRY[st.game], st.seats, started.seed, started.local_seats)


def _turn_match(gid: str, players: int, seconds: float) -> Match:
    from arcade.games import REGISTRY
    from arcade.games.bots import BotSeat
    from netplay.settings import AUTHORITY, MatchSettings

    rules = REGISTRY[gid]
    settings = MatchSettings(gid, rules.version, players, input_delay=0, prediction=0, mode=AUTHORITY)
    bots: dict = {}

    def input_for(i, runner):
        def src(seat, tick):
            bot = bots.setdefault((i, seat), BotSeat(gid, seat, "normal", seed=11 + seat, think_ticks=20))
            sim = runner().sim
            state = sim.state_for(seat) if hasattr(sim, "state_for") else sim.state
            return 0 if state is None else bot.input(state, tick)
        return src

    m = virtual_match(players, None, input_for, settings=settings, impairment=Impairment.from_rtt(0.02), seed=4,
                      config=lambda i: SessionConfig(desync_dump=None), build=_authority_build)
    m.go(max_time=seconds, until=lambda: m.sim(players - 1) is not None and m.sim(players - 1).tick > 60)
    assert m.sim(0) is not None and not m.sim(0).is_over()
    assert all(m.sim(i).view is not None for i in range(1, players))  # each joiner holds its seat's view
    return m


def test_a_grit_joiner_holds_no_card_of_the_hosts_hand():
    m = _turn_match("grit", 2, 30.0)
    hidden = m.sim(0).state.complaints[0]  # the host's seat's hand, which seat 2 sees as a count only
    assert len(hidden) >= 3 and _holds(m, m.host, hidden)  # the check finds it where it is
    assert not _holds(m, m.sessions[1], hidden)


def test_a_grenade_joiner_holds_no_other_seats_heart():
    m = _turn_match("grenade", 3, 30.0)
    hidden = m.sim(0).state.hearts  # every seat's hidden hearts together; each joiner may know its own only
    assert _holds(m, m.host, hidden)
    assert not any(_holds(m, s, hidden) for s in m.sessions[1:])


def test_a_spectator_joining_a_grit_match_holds_no_hand():
    m = _turn_match("grit", 2, 30.0)
    spec = Session.join(m.net.transport(joiner_addr(7)), HOST_ADDR, CODE, 0,
                        input_source=lambda seat, tick: 0, now=m.run.clock.now, nonce=77, name="Sam",
                        config=SessionConfig(desync_dump=None))
    m.sessions.append(spec)
    m.run.add(spec, _authority_build)
    m.go(max_time=m.run.clock.now + 20.0, until=lambda: m.run.sim(spec) is not None and m.run.sim(spec).view is not None)
    assert m.run.sim(spec) is not None and m.run.sim(spec).view is not None, "the spectator never got the table"
    hands = m.sim(0).state.complaints
    assert not _holds(m, spec, hands[0]) and not _holds(m, spec, hands[1])


# --- the mesh: direct datagrams between joiners -------------------------------------------------------------------


def test_direct_datagrams_forged_by_a_third_party_or_the_host_or_replayed_are_refused():
    """Issue #12, "Mesh for the race": joiners A and B exchange inputs directly, sealed with their pair key; B accepts
    a direct datagram only from A's introduced address, sealed with A's key to B, fresh. A third party (with a guessed
    key, or even with the real one but another address), the host (who derived the key, from its own address) and a
    replay of A's own datagram are all refused, and the forged inputs never reach B's game: every peer ends alike."""
    m = lobby(tally_settings(3, 900), [False, True, True])
    a = joiner(m, joiner_addr(1))
    b = joiner(m, joiner_addr(2))
    captured: list[bytes] = []
    m.net.taps.append(lambda src, dst, data, now: captured.append(data)
                      if (src, dst) == (joiner_addr(1), joiner_addr(2)) and now > 3.0 and len(captured) < 20 else None)
    injected = 0

    def forge() -> None:
        nonlocal injected
        assert b.mesh_links[a.index].mesh_link.up and a.mesh_links[b.index].mesh_link.up  # the direct path is in use
        pair = b.mesh_links[a.index].key_in  # what A seals with towards B
        seat = a.local_seats[0]
        # actions for A's seat 30 ticks ahead of what A has sent: taken, they would change B's game
        fields = [b.driver.tick + 30, 0, [0, 0, 0], [[seat, 0, [7] * 8]], None, None, 0, [], 0, None]
        datagrams = [(("mallory", 9), seal(MsgType.INPUT, b.sid, a.index, 10**6 + k, fields, bytes(32)))
                     for k in range(200)]                                                       # a guessed key
        datagrams += [(("mallory", 9), seal(MsgType.INPUT, b.sid, a.index, 2 * 10**6 + k, fields, pair))
                      for k in range(200)]                                                      # the key, elsewhere
        datagrams += [(HOST_ADDR, seal(MsgType.INPUT, b.sid, a.index, 3 * 10**6 + k, fields, pair))
                      for k in range(200)]                                                      # the host forging
        datagrams += [(joiner_addr(1), d) for d in captured]                                    # A's own, replayed
        for src, data in datagrams:
            m.net.inject(src, joiner_addr(2), data)
        injected = len(datagrams)

    m.run.at(5.0, forge)
    m.go(max_time=40.0)
    assert injected >= 600 + 10
    rej = b.stats.rejected
    assert rej["mac"] >= 200  # the host's forgeries (from its own address: checked with its own key)
    assert sum(rej.values()) - rej["replay"] >= 600 and rej["replay"] >= len(captured) >= 10
    e = [m.of(i, MatchEnded)[0] for i in range(3)]
    assert len({x.checksum for x in e}) == 1 and {x.tick for x in e} == {900}
    assert all(not s.desyncs for s in m.sessions)
