"""The mesh for Grisbi (rollback): joiners send inputs straight to each other when they can, else via the host.

Virtual time on the in-memory network; the toy real-time game "tally" (every input counts in the checksum)."""

from __future__ import annotations

from netplay.events import Desync, MatchEnded
from netplay.settings import MatchSettings
from netplay.transport import Impairment
from test_netplay_toys import HOST_ADDR, joiner_addr, tally_input, tally_settings, tally_sim, virtual_match

TICKS = 600  # 10 s at 60 Hz


def _match(impairment=Impairment.from_rtt(0.06, jitter=0.01), settings: MatchSettings | None = None):
    return virtual_match(3, lambda st, seed: tally_sim(seed, st.seats),
                         lambda i, s: (lambda seat, tick: tally_input(i + 1, seat, tick)),
                         settings=settings or tally_settings(3, TICKS), impairment=impairment)


def _relayed(m, to_peer: int, from_peer: int) -> int:
    """Ticks of ``from_peer``'s inputs the host sent to ``to_peer``."""
    seat = m.host.owners.index(from_peer)
    return m.host.relayed_ticks.get((to_peer, seat), 0)


def _peers(m):
    """The two joiners, by peer index (1, 2)."""
    by = {s.index: s for s in m.sessions}
    return by[1], by[2]


def _ended_alike(m) -> None:
    ends = [m.of(i, MatchEnded) for i in range(3)]
    assert all(len(e) == 1 for e in ends), ends
    assert len({e[0].checksum for e in ends}) == 1 and {e[0].tick for e in ends} == {TICKS}
    assert not any(m.of(i, Desync) for i in range(3))


def test_joiners_that_reach_each_other_exchange_inputs_directly_and_the_host_stops_relaying_them():
    m = _match()
    seen = {}
    m.run.at(1.0, lambda: seen.update(ab=_relayed(m, 2, 1), ba=_relayed(m, 1, 2)))
    m.go(max_time=60.0)
    _ended_alike(m)
    a, b = _peers(m)
    assert a.mesh_links[2].mesh_link.up and b.mesh_links[1].mesh_link.up
    # after the first second (introduction and first answer), the host relays none of A's inputs to B nor B's to A
    assert (_relayed(m, 2, 1), _relayed(m, 1, 2)) == (seen["ab"], seen["ba"])
    assert seen["ab"] < 60 and seen["ba"] < 60


def test_when_the_direct_path_fails_the_host_relays_and_the_match_goes_on_alike():
    m = _match()
    cut = Impairment(loss=1.0)
    m.run.at(3.0, lambda: m.net.set_path(joiner_addr(1), joiner_addr(2), cut))
    before = {}
    m.run.at(3.0, lambda: before.update(ab=_relayed(m, 2, 1)))
    m.go(max_time=60.0)
    _ended_alike(m)
    a, b = _peers(m)
    assert not a.mesh_links[2].mesh_link.up and not b.mesh_links[1].mesh_link.up
    # the last ~7 s of A's inputs reached B through the host (420 ticks), not directly
    assert _relayed(m, 2, 1) - before["ab"] >= 7 * 60 - 60


def test_a_direct_path_that_never_works_costs_nothing_but_probes():
    m = _match()
    m.net.set_path(joiner_addr(1), joiner_addr(2), Impairment(loss=1.0))
    m.go(max_time=60.0)
    _ended_alike(m)
    assert not _peers(m)[0].mesh_links[2].mesh_link.up
    assert _relayed(m, 2, 1) >= TICKS - 10


def test_a_blacked_out_joiner_comes_back_and_the_match_ends_alike():
    m = _match()
    m.net.blackout(joiner_addr(2), 2.0, 3.5)  # shorter than the 5 s timeout: interrupted, then resumed
    m.go(max_time=60.0)
    _ended_alike(m)
