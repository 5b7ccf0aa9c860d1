"""Lockstep mode: a turn-based game over a slow, lossy network, played to the end, equals a local replay."""

from __future__ import annotations

from arcade.games import REGISTRY, is_turn_based, simulation_for
from arcade.games.bots import BotSeat
from netplay.events import Desync, MatchEnded
from netplay.lockstep import LockstepDriver
from netplay.settings import LOCKSTEP, MatchSettings
from netplay.transport import Impairment
from test_netplay_toys import replay, tally_sim, toys_registered, virtual_match

SLOW_LOSSY = Impairment.from_rtt(0.200, jitter=0.010, loss=0.15)


def _four_player_turn_game() -> str | None:
    for gid in ("cops_and_robbers", "grenade", "grass"):  # shortest full game first (tests stay fast)
        rules = REGISTRY.get(gid)
        if rules is not None and is_turn_based(rules) and rules.min_players <= 4 <= rules.max_players:
            return gid
    return None  # none registered: the Pips toy stands in


def test_lockstep_never_simulates_an_unconfirmed_tick_and_runs_ahead_by_the_input_delay_only():
    d = LockstepDriver(2, input_delay=3)
    for t in range(3, 10):  # our own inputs, sent ahead
        d.add_input(0, t, 1)
    ticks = 0
    while d.advance():
        ticks += 1
    assert ticks == 3 and d.tick == d.confirmed_tick == 3  # ticks 0..2 are "nothing" for every seat
    d.add_input(1, 3, 2)
    assert d.advance() and not d.advance()
    assert d.stats.rollbacks == 0


def test_a_turn_based_game_over_200ms_rtt_and_15_percent_loss_ends_as_its_local_replay():
    gid = _four_player_turn_game()
    if gid is None:
        with toys_registered():
            _lockstep_to_the_end("pips")
    else:
        _lockstep_to_the_end(gid)


def _lockstep_to_the_end(gid):
    rules = REGISTRY[gid]
    settings = MatchSettings(gid, rules.version, 4, input_delay=4, prediction=0, mode=LOCKSTEP)
    bots: dict[tuple[int, int], BotSeat] = {}
    frames_ok = []

    def input_for(i, session):
        def source(seat, tick):
            bot = bots.get((i, seat))
            if bot is None:
                bot = bots[(i, seat)] = BotSeat(gid, seat, "normal", seed=11 + seat, think_ticks=2)
            return bot.input(session().sim.state, tick)
        return source

    m = virtual_match(4, lambda st, seed: simulation_for(REGISTRY[st.game], seed, st.seats), input_for,
                      settings=settings, impairment=SLOW_LOSSY, seed=9)

    def lockstep_invariant():
        frames_ok.append(all(s.driver is None or s.driver.tick <= s.driver.confirmed_tick for s in m.sessions))
        return False

    m.go(max_time=1200.0, until=lockstep_invariant)
    ends = [m.of(i, MatchEnded) for i in range(4)]
    assert all(len(e) == 1 and e[0].reason == "game over" for e in ends), ends
    assert len({(e[0].tick, e[0].checksum) for e in ends}) == 1
    assert all(frames_ok)
    log = m.host.input_log()
    assert all(s.input_log() == log for s in m.sessions)
    local = replay(lambda: simulation_for(rules, m.host.seed, 4), log)
    assert local.is_over() and local.checksum() == ends[0][0].checksum
    assert rules.scores(local.state) == rules.scores(m.sim(0).state)
    for i, s in enumerate(m.sessions):
        assert not m.of(i, Desync) and s.stats.rollbacks == 0
        assert s.stats.snapshot(0)["loss"] > 0.08


def test_the_pips_stand_in_plays_in_lockstep_to_the_end():
    with toys_registered():
        _lockstep_to_the_end("pips")
    assert "pips" not in REGISTRY
