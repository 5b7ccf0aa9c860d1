"""Host-authoritative turn games over netplay (issue #12, ``netplay.authority``), on the in-memory network in
virtual time: the host refuses a joiner's action for a seat it does not hold or an illegal one, a host that forges
the action log at the end is caught by every joiner's re-simulation (and an honest one verified, with equal final
checksums), and a 6-peer turn game runs at 60 ticks per second on every peer over an impaired network."""

from __future__ import annotations

from typing import Any

import pytest

from netplay.events import Failed, MatchEnded
from netplay.session import Session
from netplay.settings import AUTHORITY, LOCKSTEP, MatchSettings, SessionConfig
from netplay.transport import Impairment
from netplay.wire import (MAX_ACTIONS, MAX_PUBLIC, MAX_REVEAL_CHUNKS, MAX_VIEW_CHUNKS, REVEAL_CHUNK, VIEW_CHUNK,
                          MsgType, Rejected, open_datagram, seal)

from arcade.core.turnnet import authority_sim
from arcade.games import REGISTRY, simulation_for
from arcade.games.bots import BotSeat

from test_netplay_toys import Match, virtual_match

IMPAIRED = Impairment.from_rtt(0.12, jitter=0.02, loss=0.10, duplicate=0.02, reorder=0.05)


def turn_match(gid: str, players: int, *, mode: str = AUTHORITY, end_tick: int = 0, bots: bool = True,
               impairment: Impairment = Impairment.from_rtt(0.02), seed: int = 4, think: int = 10) -> Match:
    """A host (seat 0) and ``players - 1`` joiners of ``gid``, bots at every seat (``bots`` False: nobody acts)."""
    rules = REGISTRY[gid]
    settings = MatchSettings(gid, rules.version, players, input_delay=0 if mode == AUTHORITY else 2, prediction=0,
                             mode=mode, end_tick=end_tick)
    getters: dict[int, Any] = {}
    seat_bots: dict[tuple[int, int], BotSeat] = {}

    def builder(i: int) -> Any:
        def make(st: MatchSettings, seed_: int | None) -> Any:
            if mode != AUTHORITY:
                return simulation_for(rules, seed_, st.seats)
            return authority_sim(rules, st.seats, seed_, getters[i]().my_seats)
        return make

    def input_for(i: int, session: Any) -> Any:
        getters[i] = session

        def src(seat: int, tick: int) -> int:
            if not bots:
                return 0
            bot = seat_bots.setdefault((i, seat), BotSeat(gid, seat, "normal", seed=11 + seat, think_ticks=think))
            sim = session().sim
            state = sim.state_for(seat) if hasattr(sim, "state_for") else sim.state
            return 0 if state is None else bot.input(state, tick)
        return src

    return virtual_match(players, builder, input_for, settings=settings, impairment=impairment, seed=seed,
                         per_peer_sim=True, config=lambda i: SessionConfig(desync_dump=None))


def ends(m: Match) -> list[MatchEnded]:
    out = []
    for i in range(len(m.sessions)):
        e = m.of(i, MatchEnded)
        assert len(e) == 1, f"peer {i}: {e} {m.of(i, Failed)}"
        out.append(e[0])
    return out


# --- the host checks every action -----------------------------------------------------------------------------


def test_an_action_for_another_seat_or_an_illegal_one_is_refused_and_changes_nothing():
    """A modified joiner (seat 1) sends the host's seat's legal action, and an action that is not legal for its own
    seat now. The host refuses both (counted: "seat", "illegal") and its table does not move: nobody acted."""
    m = turn_match("grass", 2, bots=False)
    m.go(max_time=5.0)
    host, joiner = m.sessions
    rules = host.sim.rules
    state = host.sim.state
    (to_act,) = rules.to_act(state)
    legal = host.sim.input_for(rules.legal_actions(state, to_act)[0])
    seat = joiner.local_seats[0]
    # the action legal for the seat to act, sent as the other seat's (or, when the joiner's own seat is to act, as
    # the host's seat's): one of the two is foreign, the other not legal now
    forged = [[joiner.auth.next_id, 0, 0, legal], [joiner.auth.next_id + 1, seat, 0,
                                                   legal if to_act != seat else legal + 10_000],
              [joiner.auth.next_id + 2, 5, 0, legal]]  # and a seat this 2-seat match does not have
    joiner.auth.next_id += 3
    joiner.auth.pending.extend(forged)
    m.go(max_time=10.0)
    rej = host.stats.rejected
    assert rej["seat"] == 2 and rej["illegal"] == 1
    assert host.sim.step == 0 and host.sim.log == []
    assert not joiner.auth.pending  # both answered (refused), no longer resent
    assert joiner.sim.step == 0


# --- the fair deal at the end ---------------------------------------------------------------------------------


def test_an_honest_host_is_verified_with_equal_final_checksums():
    m = turn_match("grass", 3, end_tick=900)
    m.go(max_time=60.0)
    e = ends(m)
    assert [x.deal for x in e] == ["verified"] * 3
    assert len({x.checksum for x in e}) == 1 and {x.frame for x in e} == {900}
    assert m.host.sim.step > 10  # actions were played (and re-simulated by every joiner)
    assert all(s.summary()["deal"] == "verified" and s.summary()["final_checksum"] == e[0].checksum
               for s in m.sessions)
    assert all(s.seed == m.host.seed for s in m.sessions)  # revealed at the end, never before


def test_a_host_forging_the_log_at_the_reveal_is_told_unfair_by_every_joiner():
    """The host reveals another log than the one it played (its first logged action replaced by another legal one
    then): every joiner's re-simulation shows views it was never sent, so its verdict is "unfair"."""
    m = turn_match("grass", 3, end_tick=900)
    m.go(max_time=2.0, until=lambda: m.host.auth is not None)
    auth = m.host.auth

    def forged() -> list[tuple[int, int]]:
        log = list(auth.s.sim.log)
        rules = auth.s.sim.rules
        first = rules.initial_state(m.host.seed, 3)
        seat, code = log[0]
        other = [rules.encode_action(a) for a in rules.legal_actions(first, seat) if rules.encode_action(a) != code]
        return [(seat, other[0])] + log[1:]

    auth.reveal_log = forged
    m.go(max_time=60.0)
    e = ends(m)
    assert e[0].deal == "verified"  # the host's own word
    assert [x.deal for x in e[1:]] == ["unfair", "unfair"]
    assert all(x.deal_reason for x in e[1:])
    assert all(s.summary()["deal"] == "unfair" for s in m.sessions[1:])


# --- pace -----------------------------------------------------------------------------------------------------


def _rates(m: Match, t0: float, t1: float) -> list[float]:
    """Ticks per virtual second of every peer between ``t0`` and ``t1``."""
    m.go(max_time=t0)
    start = [s.sim.tick for s in m.sessions]
    m.go(max_time=t1)
    return [(s.sim.tick - a) / (t1 - t0) for s, a in zip(m.sessions, start)]


def test_a_six_peer_turn_game_runs_at_60_ticks_a_second_on_every_peer_over_an_impaired_network():
    """Issue #12: turn games in lockstep advanced at 18 ticks/s with 4 peers (every tick waited for every peer).
    Host-authoritative, nobody waits: 60 ticks per virtual second on the host and on each of 5 joiners, at 120 ms
    RTT +-20, 10 % loss, 2 % duplicates, 5 % reordered."""
    m = turn_match("grass", 6, impairment=IMPAIRED, think=5)
    rates = _rates(m, 5.0, 25.0)
    assert all(s.phase == "running" for s in m.sessions)
    assert m.host.sim.step > 20  # the game moves: the joiners' actions arrive and are applied
    assert all(59.0 <= r <= 61.0 for r in rates), rates


# --- drops, rejoins, spectators ---------------------------------------------------------------------------------


def test_a_silent_joiners_seat_goes_to_the_hosts_bot_and_its_player_rejoins_it_with_views_only():
    """A joiner's machine goes silent: at the timeout the host's bot plays its seat (from the host's view of that
    seat) and the match goes on; the player comes back as a late joiner claiming the seat with its player token: the
    host hands it over, it is sent that seat's views (never a snapshot) and plays on; at the end its deal is
    verified like everyone's."""
    from netplay.events import SeatClaimed, SeatDropped
    from test_netplay_toys import CODE, HOST_ADDR, joiner_addr

    m = turn_match("grass", 3, end_tick=2400, think=5)
    m.go(max_time=4.0)
    lost = m.sessions[2]
    seat = lost.local_seats[0]
    m.run.stop(lost)
    m.go(max_time=12.0)
    (drop,) = m.of(0, SeatDropped)
    assert drop.seat == seat and m.host.owners[seat] == 0
    before = [a for a in m.host.sim.log if a[0] == seat]
    m.go(max_time=20.0)
    assert len([a for a in m.host.sim.log if a[0] == seat]) > len(before)  # the host's bot plays the seat

    back: list[Session] = []
    rules = REGISTRY["grass"]
    bot = BotSeat("grass", seat, "normal", seed=3, think_ticks=5)

    def src(s: int, tick: int) -> int:
        state = back[0].sim.state_for(s)
        return 0 if state is None else bot.input(state, tick)

    back.append(Session.join(m.net.transport(joiner_addr(9)), HOST_ADDR, CODE, 0, claim=(seat,), token=lost.token,
                             make_sim=lambda st, seed: authority_sim(rules, st.seats, seed, back[0].my_seats),
                             input_source=src, now=m.run.clock.now, nonce=99, config=SessionConfig(desync_dump=None)))
    m.sessions.append(back[0])
    m.run.add(back[0])
    m.go(max_time=30.0, until=lambda: back[0].local_seats == [seat])
    assert back[0].seed is None and back[0].driver is None  # views only: no seed, no snapshot
    claimed = [e for e in m.of(0, SeatClaimed) if e.seat == seat]
    assert claimed and m.host.owners[seat] == back[0].index
    mine = len([a for a in m.host.sim.log if a[0] == seat])
    m.go(max_time=80.0)
    assert len([a for a in m.host.sim.log if a[0] == seat]) > mine  # the rejoined player's actions are applied
    e = [m.of(i, MatchEnded) for i in (0, 1, 3)]
    assert all(len(x) == 1 for x in e) and len({x[0].checksum for x in e}) == 1
    assert [x[0].deal for x in e] == ["verified"] * 3


def test_a_spectator_joining_mid_match_gets_the_public_view_and_verifies_the_deal():
    from test_netplay_toys import CODE, HOST_ADDR, joiner_addr

    m = turn_match("grass", 2, end_tick=1800, think=5)
    m.go(max_time=6.0)
    rules = REGISTRY["grass"]
    spec: list[Session] = []
    spec.append(Session.join(m.net.transport(joiner_addr(8)), HOST_ADDR, CODE, 0, now=m.run.clock.now, nonce=88,
                             make_sim=lambda st, seed: authority_sim(rules, st.seats, seed, ()),
                             input_source=lambda s, t: 0, config=SessionConfig(desync_dump=None)))
    m.sessions.append(spec[0])
    m.run.add(spec[0])
    m.go(max_time=10.0, until=lambda: spec[0].sim is not None and spec[0].sim.ready)
    sim = spec[0].sim
    assert sim.ready and sim.view.seat is None and spec[0].late
    assert sim.view == rules.view(m.host.sim.state, None) or sim.step < m.host.sim.step  # the public view, no more
    m.go(max_time=60.0)
    e = [m.of(i, MatchEnded) for i in range(3)]
    assert all(len(x) == 1 for x in e) and len({x[0].checksum for x in e}) == 1
    assert e[2][0].deal == "verified"


# --- the wire -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mtype, fields", [
    (MsgType.VIEW, [0, 3, 1, 0, b"v" * (VIEW_CHUNK + 1), [], 0, [0, 1], 9, None, None, 0, []]),  # chunk too long
    (MsgType.VIEW, [0, 3, MAX_VIEW_CHUNKS + 1, 0, b"v", [], 0, [0, 1], 9, None, None, 0, []]),  # too many chunks
    (MsgType.VIEW, [0, 3, 2, 2, b"v", [], 0, [0, 1], 9, None, None, 0, []]),  # index past the total
    (MsgType.VIEW, [9, 3, 1, 0, b"v", [], 0, [0, 1], 9, None, None, 0, []]),                            # no such seat
    # too many public actions
    (MsgType.VIEW, [0, 3, 1, 0, b"v", [[1, 0, 5]] * (MAX_PUBLIC + 1), 0, [0, 1], 9, None, None, 0, []]),
    (MsgType.ACTION, [[], [[1, 0, 0, 0]], b"", 5, None, None, 0]),                                  # a "nothing" action
    (MsgType.ACTION, [[], [[1, 0, 0, 65536]], b"", 5, None, None, 0]),  # an input out of range
    (MsgType.ACTION, [[], [[k + 1, 0, 0, 7] for k in range(MAX_ACTIONS + 1)], b"", 5, None, None, 0]),  # too many
    (MsgType.ACTION, [[[0, 1]] * 9, [], b"", 5, None, None, 0]),  # too many views held
    (MsgType.VIEW, [0, 3, 0, 0, b"", [], 0, [0, 1], 9, None, None, 0, [[4, 1, 1]] * 9]),  # too many notices
    (MsgType.VIEW, [0, 3, 0, 0, b"", [], 0, [0, 1], 9, None, None, 0, [[4, 1, 7]]]),  # no such peer status
    (MsgType.VIEW, [0, 3, 0, 0, b"", [], 0, [0, 1], 9, 5, [5], 0, []]),              # an echo without its hold
    (MsgType.ACTION, [[], [], b"", 5, -1, None, 0]),                                 # a stamp out of range
    (MsgType.LOG_REVEAL, [10, 1, 0, b"r" * (REVEAL_CHUNK + 1), b"d" * 16]),          # a chunk over the limit
    (MsgType.LOG_REVEAL, [10, MAX_REVEAL_CHUNKS + 1, 0, b"r", b"d" * 16]),           # too many chunks
    (MsgType.LOG_REVEAL, [10, 1, 0, b"r", b"d" * 15]),                               # not a digest
])
def test_view_action_and_reveal_datagrams_out_of_bounds_are_refused_before_use(mtype, fields):
    key = bytes(range(32))
    good = {MsgType.VIEW: [0, 3, 1, 0, b"v", [[1, 0, 5]], 0, [0, 1], 9, 7, [6, 2], 0, [[4, 1, 1]]],
            MsgType.ACTION: [[[0, 1]], [[1, 0, 0, 7]], b"\x01", 5, 7, [6, 2], 1],
            MsgType.LOG_REVEAL: [10, 1, 0, b"r", b"d" * 16]}[mtype]
    assert open_datagram(seal(mtype, 5, 1, 1, good, key), lambda *a: key).fields  # the well-formed one passes
    with pytest.raises(Rejected) as e:
        open_datagram(seal(mtype, 5, 1, 2, fields, key), lambda *a: key)
    assert e.value.reason in ("schema", "oversized")
