"""Turn clocks and the host watch (issue 34, ``netplay.turnclock``), in virtual time on the in-memory network, each
against an adversarial peer built from our own session parts: a joiner that keeps acknowledging but never acts, a
host whose referee stops while it keeps answering, a host that quits (its sealed goodbye), a deal started over.

Each failed on the old code: the silent joiner held a Grit match for good (no clock, lockstep outside the stall
budget), the stalled host left its joiner "connected" with no message, the goodbye carried no name and nothing
counted restarted deals."""

from __future__ import annotations

from typing import Any

from netplay.authority import HostAuthority
from netplay.events import Disconnected, EndReason, FailReason, Failed, MatchEnded, SeatDropped, TurnTimedOut
from netplay.harness import VirtualRun
from netplay.messages import ClockItem, decode_item
from netplay.session import HostParts, Session
from netplay.settings import AUTHORITY, MatchSettings, SessionConfig
from netplay.transport import Impairment, MemoryNetwork

from arcade.core.turnnet import authority_sim
from arcade.games import REGISTRY
from arcade.games.bots import BotSeat

from test_netplay_toys import CODE, HOST_ADDR, Match, joiner_addr

CLOCK = 10.0  # seconds a move (the tests' clock: the default is 60)


def grit(*, silent: tuple[int, ...] = (), parts: HostParts = HostParts(), clock: float = CLOCK, players: int = 2,
         host_name: str = "Ana") -> Match:
    """A Grit match: the host (seat 0) and ``players - 1`` joiners, bots at every seat but the ``silent`` peers',
    which never act (their sessions still acknowledge every view)."""
    rules = REGISTRY["grit"]
    settings = MatchSettings("grit", rules.version, players, input_delay=0, prediction=0, mode=AUTHORITY)
    net = MemoryNetwork(seed=7, impairment=Impairment.from_rtt(0.02))
    run = VirtualRun(net)
    sessions: list[Session] = []
    bots: dict[tuple[int, int], BotSeat] = {}

    def source(i: int):
        def src(seat: int, tick: int) -> int:
            if i in silent:
                return 0
            bot = bots.setdefault((i, seat), BotSeat("grit", seat, "normal", seed=11 + seat, think_ticks=10))
            state = run.runner(sessions[i]).sim.state_for(seat)
            return 0 if state is None else bot.input(state, tick)
        return src

    def build(started: Any) -> Any:
        st = started.settings
        return authority_sim(rules, st.seats, started.seed, started.local_seats)

    cfg = SessionConfig(desync_dump=None, turn_clock=clock)
    sessions.append(Session.host(net.transport(HOST_ADDR), settings, [False] + [True] * (players - 1), CODE,
                                 input_source=source(0), config=cfg, nonce=4, name=host_name, parts=parts))
    for i in range(1, players):
        sessions.append(Session.join(net.transport(joiner_addr(i)), HOST_ADDR, CODE, 1, input_source=source(i),
                                     config=SessionConfig(desync_dump=None), nonce=400 + i, name=f"P{i}"))
    for s in sessions:
        run.add(s, build)
    return Match(net, sessions, run, {})


def test_a_silent_joiners_move_is_played_by_the_hosts_bot_and_after_two_clocks_its_seat_goes_to_the_bot():
    """A joiner that keeps acknowledging but never acts: its first clock runs out and the host's bot plays that move
    (every peer is told); at its second clock in a row the host drops it (it reads that its clock ran out, with
    Rejoin); the host's bot plays its seat and the match goes on to its end."""
    m = grit(silent=(1,))
    m.go(max_time=400.0, until=lambda: bool(m.of(0, MatchEnded)))
    timeouts = [e for e in m.of(0, TurnTimedOut) if e.seat == 1]
    assert [e.strikes for e in timeouts[:2]] == [1, 2]
    first = timeouts[0]
    assert first.peer == 1 and CLOCK - 0.1 <= first.at <= CLOCK + 6.0  # the first clock of the match, on time
    assert any(e.seat == 1 for e in m.of(1, TurnTimedOut))  # the joiner's screen was told too
    (fail,) = m.of(1, Failed)
    assert fail.kind == FailReason.REMOVED and fail.facts.get("clock") and fail.facts.get("rejoin")
    assert timeouts[1].at <= fail.at <= timeouts[1].at + 1.0
    (gone,) = [e for e in m.of(0, Disconnected) if e.peer == 1]
    assert "turn clock" in gone.reason
    (drop,) = m.of(0, SeatDropped)
    assert drop.seat == 1 and m.host.owners[1] == 0
    (end,) = m.of(0, MatchEnded)
    assert end.kind == EndReason.GAME_OVER
    assert m.host.summary()["turn_timeouts"] >= 2


def test_a_player_who_moves_in_time_is_never_timed_out():
    m = grit()
    m.go(max_time=400.0, until=lambda: bool(m.of(0, MatchEnded)) and bool(m.of(1, MatchEnded)))
    assert not m.of(0, TurnTimedOut) and not m.of(0, Failed) and not m.of(1, Failed)
    assert [e.kind for e in m.of(1, MatchEnded)] == [EndReason.GAME_OVER]


def test_every_screen_reads_the_same_clock_and_the_clock_is_off_at_zero():
    m = grit(silent=(1,))
    m.go(max_time=CLOCK / 2 + 2.0)
    host, joiner = m.host.clock_left(), m.sessions[1].clock_left()
    assert host.get(1) is not None and joiner.get(1) is not None
    assert 0 < host[1] < CLOCK and abs(host[1] - joiner[1]) < 0.5
    off = grit(silent=(1,), clock=0)
    off.go(max_time=CLOCK * 3)
    assert off.host.clock_left() == {} and not off.of(0, TurnTimedOut) and not off.of(1, Failed)


class StoppedReferee(HostAuthority):
    """A host whose referee stops at tick 60 while its session keeps answering (keepalives, acks)."""

    def tick(self) -> None:
        if self.sim.tick >= 60:
            return
        super().tick()


def test_a_host_whose_match_stops_is_reported_not_answering_within_the_clock_and_5_s():
    """The host keeps its joiner "connected" (keepalives flow) but its match stopped: the joiner says "the host is
    not answering" (no Rejoin) within the turn clock + 5 s of the stop, and says goodbye."""
    m = grit(parts=HostParts(authority=StoppedReferee), clock=60.0)
    stop = 60 / 60 + 1.0  # (the match starts within a second)
    m.go(max_time=stop + 60.0 + 10.0, until=lambda: bool(m.of(1, Failed)))
    (fail,) = m.of(1, Failed)
    assert fail.kind == FailReason.HOST_STALLED and "not answering" in fail.reason and not fail.facts.get("rejoin")
    assert fail.at <= stop + 60.0 + 5.0
    assert m.sessions[1].remotes[0].status == "connected"  # it was answering all along: not a lost connection


def test_a_host_that_quits_says_goodbye_with_its_name_and_its_joiners_know_within_a_second():
    m = grit(clock=60.0)
    m.go(max_time=1.5)
    t = m.run.clock.now
    m.host.close("quit")
    m.go(max_time=t + 2.0, until=lambda: bool(m.of(1, Failed)))
    (fail,) = m.of(1, Failed)
    assert fail.kind == FailReason.HOST_LOST and fail.facts.get("left") and fail.facts.get("name") == "Ana"
    assert not fail.facts.get("rejoin") and fail.at - t <= 1.0


def test_a_host_that_vanishes_is_lost_within_5_s_and_rejoin_is_offered():
    m = grit(clock=60.0)
    m.go(max_time=1.5)
    t = m.run.clock.now
    m.run.stop(m.host)
    m.go(max_time=t + 8.0, until=lambda: bool(m.of(1, Failed)))
    (fail,) = m.of(1, Failed)
    assert fail.kind == FailReason.HOST_LOST and fail.facts.get("rejoin") and fail.at - t <= 5.5


def test_a_clock_notice_out_of_bounds_is_refused():
    import pytest
    from netplay.messages import Rejected

    wire = ClockItem([[1, 600]], 60000, 2).to_wire()
    assert decode_item([int(wire[0]), *wire[1:]]) == ClockItem([[1, 600]], 60000, 2)
    for bad in ([11, [[1, 600], [1, 700]], 60000, 0], [11, [[9, 600]], 60000, 0], [11, [], -1, 0],
                [11, [], 60000, 256], [11, "x", 0, 0]):
        with pytest.raises(Rejected):
            decode_item(bad)


# --- a deal started over is counted on every side ---------------------------------------------------------------


def test_a_deal_started_over_because_a_player_left_is_counted_on_every_side():
    """A puppet joiner leaves as soon as it sees the commits (the deal has begun): the host starts the deal over
    when a new player takes the seat. Every peer, the new player too, counts one restart (``deal_restarts``, also
    in the summary)."""
    from netplay.events import Started
    from netplay.fairdeal import JoinerDeal
    from netplay.session import JoinerParts
    from test_netplay_attacks import joiner, lobby
    from test_netplay_toys import tally_settings

    class LeavingDeal(JoinerDeal):
        def on_commits(self, host: Any, m: Any) -> None:
            self.s.close("left during the deal")  # the deal began (commits shown): it leaves before revealing

    m = lobby(tally_settings(3, 300), [False, True, True])
    stay = joiner(m, joiner_addr(1))
    joiner(m, joiner_addr(2), parts=JoinerParts(deal=LeavingDeal))
    m.go(max_time=3.0)
    assert m.host.deal_restarts == 1 and stay.deal_restarts == 1 and not m.of(0, Started)
    late = joiner(m, joiner_addr(3))
    m.go(max_time=30.0, until=lambda: all(m.of(i, MatchEnded) for i in (0, 1, 3)))
    for i, s in ((0, m.host), (1, stay), (3, late)):
        assert m.of(i, MatchEnded), i
        assert s.deal_restarts == 1 and s.summary()["deal_restarts"] == 1, i
