"""Issue 27, the second trust audit: every attack of it run for real against the netplay sessions, and refused.

The adversaries are written with the project's own wire code (``netplay.messages`` and ``netplay.wire.seal_msg``:
datagrams forged and injected on the in-memory network, spoofed addresses included; sessions with one part replaced
by a lying one: ``HostParts`` / ``JoinerParts``), in virtual time. Each test states the attack as the audit ran it
against 304d8a7 and what a player (or the host) now sees instead.
"""

from __future__ import annotations

import secrets

import msgpack
import pytest
from spake2 import SPAKE2_A, SPAKE2_B

from netplay.authority import HostAuthority
from netplay.events import (ClaimRefused, CodeChanged, Disconnected, FailReason, MatchEnded, Notice, NoticeKind,
                            SeatClaimed, SeatDropped, Started)
from netplay.fairdeal import HostDeal
from netplay.messages import Hello, Keyx, MsgType, Reason, RefuseOpen
from netplay.protocol import SPAKE_IDS
from netplay.session import HostParts, JoinerParts, Session
from netplay.settings import AUTHORITY, AUTO_INPUT_DELAY, MatchSettings, SessionConfig
from netplay.ticks import TickLoop
from netplay.transport import Impairment, MemoryNetwork
from netplay.wire import HEADER_SIZE, NO_PEER, PAD, PROTOCOL_VERSION, commit_of, normalize_code, read_header, seal, seal_msg

from test_netplay_attacks import _authority_build, cfg, failed, index, joiner, lobby, make, source
from test_netplay_toys import CODE, HOST_ADDR, Match, joiner_addr, tally_settings
from netplay.harness import VirtualRun

UNFAIR = "This match was not dealt fairly"


# --- 1. a commitment once seen is binding -----------------------------------------------------------------------


class RegrindingDeal(HostDeal):
    """The audit's host: once every joiner has revealed its nonce, it starts the deal over with a new commit of its
    own (a nonce it may choose knowing every other one: it ground Grisbi seeds to a chosen prefix in 0.6 s)."""

    reground = False

    def start_match(self) -> None:
        s = self.s
        if self.reground:
            super().start_match()
            return
        self.reground = True
        s.nonce = b"chosen knowing every other nonce"
        s.commit = commit_of(s.nonce)
        for r in s.remotes.values():
            r.deal.revealed = False
        self.commits = [[0, s.commit]] + self.commits[1:]
        s.next_resend = s.now
        s.role_part.resend()


class SilentDeal(HostDeal):
    """A host that, having seen every nonce, never starts (keeps showing its commits): it could wait for a seed it
    likes by starting over."""

    def start_match(self) -> None:
        for r in self.s.remotes.values():
            r.deal.revealed = False  # so it goes on sending COMMITS: it stays in touch, and never starts


@pytest.mark.parametrize("deal, words", [(RegrindingDeal, "changed its own fair-deal commit"),
                                         (SilentDeal, "did not start the deal after we revealed")])
def test_a_host_that_recommits_or_never_starts_after_the_reveals_has_not_dealt_fairly(deal, words):
    """Issue 27, item 1: "After a joiner has revealed its nonce it still accepts a new commit list that replaces the
    host's commit". Now a commitment once seen is binding: the joiner refuses the match, saying why."""
    m = lobby(tally_settings(3, 600), [False, True, True], parts=HostParts(deal=deal), config=cfg(timeout=2.0))
    a, b = joiner(m, joiner_addr(1)), joiner(m, joiner_addr(2))
    m.go(max_time=12.0)
    for j in (a, b):
        f = failed(m, j)
        assert f is not None and f.kind == FailReason.UNFAIR_DEAL, f
        assert f.reason.startswith(UNFAIR) and words in f.reason
        assert not m.of(index(m, j), Started)


class NoRevealAuthority(HostAuthority):
    """A turn game's host that ends the match and never reveals the nonces and the action log."""

    def finish(self, kind) -> None:
        super().finish(kind)
        self.reveal = []


def test_a_turn_game_host_that_never_reveals_the_deal_gets_an_unfair_verdict():
    """Issue 27, item 1: "A host that never sends the end-of-match reveal gets 'lost the host' and no verdict". Now
    the joiner's match ends with the verdict "unfair" (what its results screen shows as "This match was not dealt
    fairly"), the reason said."""
    from arcade.games import REGISTRY
    rules = REGISTRY["grit"]
    st = MatchSettings("grit", rules.version, 2, input_delay=0, prediction=0, mode=AUTHORITY, end_tick=300)
    net = MemoryNetwork(seed=5, impairment=Impairment.from_rtt(0.02))
    conf = SessionConfig(desync_dump=None, timeout=2.0)
    host = Session.host(net.transport(HOST_ADDR), st, [False, True], CODE, input_source=lambda seat, tick: 0,
                        config=conf, parts=HostParts(authority=NoRevealAuthority))
    j = Session.join(net.transport(joiner_addr(1)), HOST_ADDR, CODE, 1, input_source=lambda seat, tick: 0,
                     config=SessionConfig(desync_dump=None, timeout=2.0))
    m = Match(net, [host, j], VirtualRun(net, [(host, _authority_build), (j, _authority_build)]), {})
    m.go(max_time=20.0)
    ends = m.of(1, MatchEnded)
    assert len(ends) == 1 and ends[0].deal == "unfair" and "without revealing the deal" in ends[0].deal_reason
    assert m.of(0, MatchEnded)[0].deal == "verified"  # the host says it of its own deal, as ever
    assert not failed(m, j)


# --- 2. no state before the peer proves something --------------------------------------------------------------


def _spake_messages(n: int) -> list[bytes]:
    """``n`` real SPAKE2 first messages (a guessed code each): what a stranger's HELLO carries."""
    return [SPAKE2_A(normalize_code(f"GUESS{k}"), **SPAKE_IDS).start() for k in range(n)]


def test_the_lobby_stays_open_after_ten_thousand_hellos_from_a_hundred_addresses():
    """Issue 27, item 2: "Unfinished key exchanges are never purged once 32 are held: 40 HELLOs (2,960 bytes, one
    address, no code) block every later joiner". Now a HELLO gets a stateless cookie first: 10,000 HELLOs from 100
    spoofed addresses (they never see the cookies) leave nothing behind, cost no SPAKE2 work, draw no answer longer
    than themselves, and a friend joins at once."""
    m = lobby(tally_settings(2, 300), [False, True])
    msgs = _spake_messages(40)
    sizes: list[int] = []
    m.net.taps.append(lambda src, dst, data, now: sizes.append(len(data)) if src == HOST_ADDR and now < 10.5 else 0)
    held: list[int] = []

    def flood(k: int) -> None:
        for i in range(100):  # 100 HELLOs, one from each address, every 0.1 s: 10,000 in 10 s
            hello = Hello(msgs[(k + i) % 40], secrets.token_bytes(16), 1, b"", b"", bytes(120))
            m.net.inject((f"10.0.{i}.1", 5000 + i), HOST_ADDR, seal_msg(hello, 0, NO_PEER, 1, None))
        held.append(len(m.host.admission.pending))
    for k in range(100):
        m.run.at(0.1 * k, lambda k=k: flood(k))
    m.go(max_time=10.0)
    assert m.host.stats.rejected["spake"] == 0 and max(held) == 0  # no exchange started, nothing kept
    hellos = 15 + len(msgpack.packb(Hello(msgs[0], bytes(16), 1, b"", b"", bytes(120)).to_wire()))
    assert sizes and max(sizes) < hellos  # no answer longer than a HELLO: never an amplifier
    assert len(sizes) <= 100 * 10 + 20  # cookies at most 100 a second
    friend = joiner(m, ("friend", 7000))
    m.go(max_time=15.0, until=lambda: friend.running)
    assert friend.running and friend.stats.bytes_sent < 2000


def test_a_stranger_with_a_real_address_holds_two_key_exchanges_at_most_and_they_time_out():
    """Issue 27, item 2, from an address that does answer the cookies: 40 key exchanges with no code from one
    address. The host holds two at a time for it, gives each up after the handshake's limit (a failed guess), and
    every other joiner gets in (the host shows the code that is current: it changed after three failed guesses)."""
    m = lobby(tally_settings(2, 600), [False, True], config=cfg(timeout=2.0))
    strangers: list[Session] = []
    for k in range(40):  # one every 50 ms, each trying for 2 s
        m.run.at(0.05 * k, lambda k=k: strangers.append(joiner(m, ("stranger", 6000 + k), code=f"NO-CODE-{k}",
                                                               config=cfg(timeout=2.0))))
    held: list[int] = []
    m.run.at(1.0, lambda: held.append(len(m.host.admission.pending)))
    m.run.at(3.0, lambda: held.append(len(m.host.admission.pending)))
    m.go(max_time=4.5)
    assert held == [2, 2] and len(strangers) == 40 and all(s.done for s in strangers)
    assert m.of(0, CodeChanged)  # three of them failed against the first code
    friend = joiner(m, ("friend", 7000), code=m.of(0, CodeChanged)[-1].code)
    m.go(max_time=9.0, until=lambda: friend.running)
    assert friend.running
    assert len(m.host.admission.pending) <= 2


# --- 3. a per-peer stall budget -------------------------------------------------------------------------------


class DripTicks(TickLoop):
    """The audit's drip: from ``start`` on, this peer releases one tick of its inputs every ``every`` seconds, so
    its inputs always advance within the timeout (it never counts as silent nor as withholding)."""

    drip_from, every = 4.0, 4.0
    released = 0.0

    def request_local(self) -> None:
        s, d = self.s, self.driver
        if s.now < self.drip_from:
            super().request_local()
        elif s.now >= self.released + self.every:
            self.released = s.now
            for seat in s.local_seats:
                d.add_input(seat, d.known[seat] + 1, 0)
            for r in s.inputs.links():
                s.inputs.mark(r, urgent=True)


def test_a_peer_that_drips_its_inputs_is_dropped_within_its_stall_budget():
    """Issue 27, item 3: "Releasing one tick of input every 4 s stays under the drop timeout: 320 ticks in 45 s
    instead of ~2,300, never dropped". Now a peer that makes the match wait more than 8 s in a minute is dropped and
    the host's bot plays its seat; the match goes on for the others."""
    m = lobby(tally_settings(3, 2400), [False, True, True])
    honest = joiner(m, joiner_addr(1))
    drip = joiner(m, joiner_addr(2), parts=JoinerParts(sync=DripTicks))
    m.go(max_time=60.0)
    gone = [e for e in m.of(0, Disconnected) if e.peer == drip.index]
    assert [e.reason for e in gone] == ["made the match wait too long"]
    dropped_after = gone[0].at - DripTicks.drip_from
    assert dropped_after <= 12.0, dropped_after  # 8 s of waiting, each stall's first quarter second not counted
    assert [d.seat for d in m.of(0, SeatDropped)] == [2]
    ends = [m.of(i, MatchEnded) for i in (0, index(m, honest))]
    assert all(len(e) == 1 and e[0].tick == 2400 for e in ends) and ends[0][0].checksum == ends[1][0].checksum
    assert ends[0][0].at < 60.0  # ~2,300 ticks the audit's drip held to 320 in 45 s


# --- 4. wrong codes are counted per code, and a lockout needs a validated address ------------------------------


def test_after_three_wrong_codes_from_three_addresses_the_code_changes_and_the_old_one_opens_nothing():
    """Issue 27, item 4: "the per-address lockout is bypassed by rotating addresses (71 addresses: 5 guesses/s for
    70 s)". Now three failed exchanges in all, whatever their addresses, change the code (the host is told), so the
    right code guessed fourth opens nothing; the new code does."""
    m = lobby(tally_settings(2, 600), [False, True], config=cfg(timeout=2.0))
    for k in range(3):
        joiner(m, (f"guesser{k}", 6000), code=f"WRONG-{k}", config=cfg(timeout=2.0))
    m.go(max_time=3.0)
    changed = m.of(0, CodeChanged)
    assert len(changed) == 1 and changed[0].wrong == 3 and normalize_code(changed[0].code) != normalize_code(CODE)
    assert [e.kind for e in m.of(0, Notice)].count(NoticeKind.WRONG_CODE) == 3
    fourth = joiner(m, ("guesser3", 6000), code=CODE, config=cfg(timeout=2.0))  # the code it had right
    friend = joiner(m, ("friend", 7000), code=changed[0].code)
    m.go(max_time=6.0)
    assert failed(m, fourth).kind == FailReason.WRONG_CODE
    assert m.of(index(m, friend), Started)


def test_with_code_tries_zero_the_code_never_changes():
    """Online the rendezvous code guards the meeting and is the session's code too: ``code_tries=0`` keeps it."""
    m = lobby(tally_settings(2, 600), [False, True], config=cfg(timeout=2.0, code_tries=0))
    for k in range(4):
        joiner(m, (f"guesser{k}", 6000), code=f"WRONG-{k}", config=cfg(timeout=2.0))
    m.go(max_time=3.0)
    assert not m.of(0, CodeChanged) and [e.kind for e in m.of(0, Notice)].count(NoticeKind.WRONG_CODE) == 4
    friend = joiner(m, ("friend", 7000), code=CODE)
    m.go(max_time=6.0)
    assert m.of(index(m, friend), Started)


def test_spoofed_hellos_and_bad_joins_from_a_victims_address_do_not_lock_the_victim_out():
    """Issue 27, item 4: "Without the code, 5 spoofed HELLO + bad JOIN pairs 'from' a victim's address lock the
    victim out for a minute". Now no exchange starts before the address answers the host's cookie, which the
    attacker never sees: nothing is counted against the victim, who joins."""
    m = lobby(tally_settings(2, 600), [False, True])
    victim = ("victim", 6000)
    msgs = _spake_messages(5)

    def frame() -> None:
        for k in range(5):
            nonce = secrets.token_bytes(16)
            m.net.inject(victim, HOST_ADDR, seal_msg(Hello(msgs[k], nonce, 1, b"", b"", bytes(120)), 0, NO_PEER, 1,
                                                     None))
            m.net.inject(victim, HOST_ADDR, seal(MsgType.JOIN, m.host.sid, NO_PEER, 1, [1, bytes(32), b"", "x", b""],
                                                 secrets.token_bytes(32)))
    for t in (0.1, 0.3, 0.5, 0.7, 0.9):
        m.run.at(t, frame)
    m.go(max_time=1.5)
    assert not m.of(0, Notice) and not m.host.admission.failed_tries
    j = joiner(m, victim)
    m.go(max_time=4.0, until=lambda: j.running)
    assert j.running


# --- 6. a dropped seat goes back to its player's token, never to its address ------------------------------------


def test_a_dropped_seat_is_not_given_to_someone_who_takes_its_players_address():
    """Issue 27, item 6: "an attacker with the code who takes the dropped player's address gets the seat". Now only
    the player's token (or the host's choice) takes it back."""
    m = lobby(tally_settings(3, 1800), [False, True, True], config=cfg(timeout=2.0))
    a = joiner(m, joiner_addr(1))
    b = joiner(m, ("ben-laptop", 5002))
    m.run.at(2.0, lambda: m.run.stop(b))
    m.go(max_time=4.5)
    assert [(d.seat, d.peer) for d in m.of(0, SeatDropped)] == [(2, b.index)]
    thief = joiner(m, ("ben-laptop", 5003), seats=0, claim=(2,))  # Ben's address (another port), not his token
    m.go(max_time=9.0)
    assert [r.seat for r in m.of(index(m, thief), ClaimRefused)] == [2] and not m.of(0, SeatClaimed)
    ben = joiner(m, ("ben-phone", 5004), seats=0, claim=(2,), token=b.token)  # Ben, from elsewhere: his seat
    m.go(max_time=14.0)
    assert [(c.seat, c.peer) for c in m.of(0, SeatClaimed)] == [(2, ben.index)]


def test_the_host_may_be_asked_for_a_dropped_seat_and_decide():
    """The host's choice (``seat_claims="ask"``, the LAN client's): a claim by another player is put to the host
    (``ClaimAsked``), granted when it says so, refused when it says no."""
    m = lobby(tally_settings(3, 1800), [False, True, True], config=cfg(timeout=2.0, seat_claims="ask"))
    joiner(m, joiner_addr(1))
    b = joiner(m, joiner_addr(2))
    m.run.at(2.0, lambda: m.run.stop(b))
    m.go(max_time=4.5)
    sam = joiner(m, ("sam", 9000), seats=0, claim=(2,))
    m.go(max_time=7.0)
    from netplay.events import ClaimAsked
    asked = m.of(0, ClaimAsked)
    assert [(c.seat, c.peer) for c in asked] == [(2, sam.index)] and not m.of(index(m, sam), ClaimRefused)
    m.host.allow_claim(2, sam.index)
    m.go(max_time=8.0)
    assert [(c.seat, c.peer) for c in m.of(0, SeatClaimed)] == [(2, sam.index)]


# --- 7. the seed of the game only: the handshake's randomness always from the system ---------------------------


def test_the_same_seed_gives_the_same_deal_but_never_the_same_handshake():
    """Issue 27, item 7: "With --seed N the handshake's randomness comes from N and the clear session id reveals N:
    one capture allows offline code tests". Now two runs with the same seeds deal the same game, while their session
    ids, hello nonces and SPAKE2 messages differ."""
    runs = []
    for _ in range(2):
        m = lobby(tally_settings(2, 120), [False, True])
        hellos: list[bytes] = []
        m.net.taps.append(lambda src, dst, data, now: hellos.append(data)
                          if read_header(data)[1] == MsgType.HELLO else None)
        j = joiner(m, joiner_addr(1), nonce=42)
        m.go(max_time=10.0)
        hello = msgpack.unpackb(hellos[0][HEADER_SIZE:])
        runs.append((m.host.seed, j.seed, m.host.sid, hello[0], hello[1], j.token))
    (seed1, jseed1, sid1, spake1, hn1, tok1), (seed2, jseed2, sid2, spake2, hn2, tok2) = runs
    assert seed1 == jseed1 == seed2 == jseed2  # the same deal, reproducible
    assert sid1 != sid2 and spake1 != spake2 and hn1 != hn2 and tok1 != tok2


# --- 8. refusals a stranger could forge are not believed before the handshake's limit ----------------------------


def test_a_forged_match_full_or_a_forged_key_exchange_does_not_stop_a_join_with_the_right_code():
    """Issue 27, item 8: "An unauthenticated 'match full' or a forged key-exchange reply makes correct-code joins
    fail". Now the joiner believes an open refusal only if nothing confirmed comes before its handshake's limit, and
    a KEYX counts only if it proves the host derived the joiner's key."""
    m = lobby(tally_settings(2, 600), [False, True])
    j = joiner(m, joiner_addr(1))
    forger = SPAKE2_B(normalize_code("NOT-THE-CODE"), **SPAKE_IDS)  # what a stranger can compute
    forged = 0

    def forge() -> None:
        nonlocal forged
        full = seal_msg(RefuseOpen(Reason.FULL, "not enough free seats", [1, 0]), 0, 0, 1, None)
        keyx = seal_msg(Keyx(j.handshake.hello_nonce, forger.start(), bytes(16)), 12345, 0, 2, None)
        for data in (full, keyx):
            m.net.inject(HOST_ADDR, joiner_addr(1), data)  # from the host's address, before the host answers
            forged += 1
    m.run.at(0.0, forge)
    m.go(max_time=5.0, until=lambda: j.running)
    assert forged == 2 and j.running and not failed(m, j)
    assert j.stats.rejected["confirm"] == 1


def test_an_open_refusal_is_believed_at_the_handshakes_limit_when_nothing_better_came():
    """And a real refusal still reaches the player, with its reason, at the limit (here: a version mismatch)."""
    m = lobby(tally_settings(2, 600), [False, True])
    j = joiner(m, joiner_addr(1), protocol_version=PROTOCOL_VERSION + 1)
    m.go(max_time=4.9)
    assert not j.done
    m.go(max_time=6.0)
    f = failed(m, j)
    assert f.kind == FailReason.VERSION and f.facts == {"host_version": PROTOCOL_VERSION,
                                                        "our_version": PROTOCOL_VERSION + 1}


# --- 5. lengths do not tell what is inside -----------------------------------------------------------------------


def test_every_grit_action_travels_in_a_datagram_of_the_same_length():
    """Issue 27, item 5: "Nothing is padded: from datagram lengths a sniffer read the byte size of 144 of 160 joiner
    action codes; in Grit that gives the face-down card's class". Now a tick input travels as 2 bytes whatever its
    value and every sealed datagram is padded to a multiple of 16 bytes (``PAD``): the joiner's ACTION datagram carrying any
    one of Grit's 316 action codes has one length, whatever the action."""
    from arcade.games import REGISTRY
    rules = REGISTRY["grit"]
    st = MatchSettings("grit", rules.version, 2, input_delay=0, prediction=0, mode=AUTHORITY)
    net = MemoryNetwork(seed=5)
    host = Session.host(net.transport(HOST_ADDR), st, [False, True], CODE, input_source=lambda seat, tick: 0,
                        config=SessionConfig(desync_dump=None))
    j = Session.join(net.transport(joiner_addr(1)), HOST_ADDR, CODE, 1, input_source=lambda seat, tick: 0,
                     config=SessionConfig(desync_dump=None))
    m = Match(net, [host, j], VirtualRun(net, [(host, _authority_build), (j, _authority_build)]), {})
    m.go(max_time=5.0, until=lambda: j.auth is not None and j.auth.sim is not None and j.auth.steps)
    sent: list[bytes] = []
    net.taps.append(lambda src, dst, data, now: sent.append(data) if src == joiner_addr(1) else None)
    auth, link, seat = j.auth, j.remotes[0], j.local_seats[0]
    lengths: dict[int, int] = {}
    for code in range(316):  # every Grit action code (rules: ``encode_action`` < 316)
        n = rules.encode_action(rules.decode_action(code)) + 1  # the tick input (0 is "nothing")
        auth.pending = [[auth.next_id, seat, 3, n]]
        auth.urgent, link.last_send, link.inputs.ping_t, link.sent = True, float("-inf"), None, 1  # no RTT stamp, no echo
        sent.clear()
        auth.send()
        assert len(sent) == 1 and read_header(sent[0])[1] == MsgType.ACTION
        lengths[code] = len(sent[0])
    assert len(set(lengths.values())) == 1, sorted(set(lengths.values()))
    assert all(n % PAD == 0 for n in lengths.values()), lengths


# --- 10. relaying compactly when the joiners cannot reach each other ---------------------------------------------


def test_eight_peers_whose_joiners_cannot_reach_each_other_cost_the_host_under_64_kb_a_second():
    """Issue 27, item 10: "Through a lossy proxy the joiners' direct links never came up and the host relayed every
    input to every joiner: 8 peers -> 326 KB/s host upload". Now the host sends each joiner one datagram a tick with
    every seat's new inputs (acknowledged once, "nothing" stretches in a byte): under 64 KB/s, the match as smooth,
    and each peer knows whose inputs go through the host (the lobby says so)."""
    from test_netplay_toys import tally_input, tally_sim
    from netplay.harness import VirtualRun
    peers, ticks = 8, 900
    net = MemoryNetwork(seed=9, impairment=Impairment.from_rtt(0.120, jitter=0.020, loss=0.10, duplicate=0.02,
                                                                 reorder=0.05))
    for a in range(1, peers):
        for b in range(a + 1, peers):
            net.set_path(joiner_addr(a), joiner_addr(b), Impairment(loss=1.0))  # no direct path: a proxy between
    st = tally_settings(peers, ticks, input_delay=AUTO_INPUT_DELAY)  # as a LAN Grisbi match: from the round trip
    conf = lambda: SessionConfig(desync_dump=None)  # noqa: E731
    src = lambda seat, tick: tally_input(7, seat, tick)  # noqa: E731
    sessions = [Session.host(net.transport(HOST_ADDR), st, [False] + [True] * (peers - 1), CODE, input_source=src,
                             config=conf())]
    sessions += [Session.join(net.transport(joiner_addr(i)), HOST_ADDR, CODE, 1, input_source=src, config=conf())
                 for i in range(1, peers)]
    m = Match(net, sessions, VirtualRun(net, [(s, lambda started: tally_sim(started.seed, peers))
                                              for s in sessions]), {})
    seen: list[list[int]] = []
    m.run.at(8.0, lambda: seen.extend([s.relayed_peers for s in sessions]))
    m.go(max_time=60.0)
    ends = [m.of(i, MatchEnded) for i in range(peers)]
    assert all(len(e) == 1 and e[0].tick == ticks for e in ends) and len({e[0].checksum for e in ends}) == 1
    host = sessions[0]
    upload = host.stats.bytes_sent / (ends[0][0].at - host.started_at)
    assert upload <= 64 * 1024, upload
    stalls = max(s.stats.stalls for s in sessions[1:]) / ticks  # (a tick a datagram: an input waits 1/2 tick more)
    assert stalls <= 0.05, stalls
    assert seen[0] == list(range(1, peers)) and all(len(r) == peers - 2 for r in seen[1:])
