"""Small games for the netplay tests, and helpers that build virtual-time matches.

- ``TALLY``: a real-time toy (``RealTimeRules`` shape): every tick mixes every seat's input into a running hash, so
  any difference in any input at any tick changes every later checksum. ``TallyBot`` acts on a seeded schedule.
- ``PIPS``: a turn-based card toy (``TurnRules`` shape): a seeded deal of hands, seats play a card in turn, the
  highest total wins. ``choose`` picks a random legal card from the seat's view.
- ``ChainedDeals``: a registered real-time game played deal after deal (a new deal, seeded from the match seed and
  the deal number, when one ends), so a rollback run can last three minutes of Grisbi.
- ``virtual_match``: a host and joiners over a ``MemoryNetwork`` with a virtual clock.
- ``register_toys()``: registers the toys' definitions (``arcade.games.REGISTRY`` then holds them too), for a
  subprocess when no real game fits.

The tests at the bottom check the toys themselves (they must be deterministic for the netplay tests to mean
anything).
"""

from __future__ import annotations

import contextlib
import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from arcade.games import IllegalAction, simulation_for
from arcade.games.base import ChainedDeals, state_checksum
from arcade.games.rng import Rng, seed_mix
from netplay.harness import VirtualRun
from netplay.session import Session
from netplay.settings import MatchSettings, SessionConfig
from netplay.synctest import run_sync_test
from netplay.transport import Impairment, MemoryNetwork

_M64 = (1 << 64) - 1
CODE = "TEST-CODE"
HOST_ADDR = ("host", 7777)


# --- Tally: a real-time toy --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TallyState:
    tick: int
    mix: int
    counts: tuple[int, ...]
    length: int
    events: tuple = ()


class TallyRules:
    id = "tally"
    min_players = 1
    max_players = 8
    version = 1

    def initial_state(self, seed: int, players: int, length: int = 0) -> TallyState:
        return TallyState(0, seed & _M64, (0,) * players, length)

    def step(self, s: TallyState, inputs: tuple[int, ...]) -> TallyState:
        mix = s.mix
        counts = list(s.counts)
        for seat, v in enumerate(inputs):
            mix = ((mix ^ (v + 1) * (seat + 3)) * 0x9E3779B97F4A7C15 + s.tick) & _M64
            if v:
                counts[seat] += v
        return TallyState(s.tick + 1, mix, tuple(counts), s.length)

    def legal_actions(self, s: TallyState, seat: int) -> tuple[int, ...]:
        return (1, 2, 3)

    def view(self, s: TallyState, seat: int | None) -> TallyState:
        return s

    def is_over(self, s: TallyState) -> bool:
        return bool(s.length) and s.tick >= s.length

    def scores(self, s: TallyState) -> tuple[int, ...]:
        return s.counts

    def checksum(self, s: TallyState) -> int:
        return state_checksum(s)


TALLY = TallyRules()


def tally_input(seed: int, seat: int, tick: int) -> int:
    """A seeded schedule: about one tick in 12 has an action (1..3)."""
    r = seed_mix(seed, seat, tick) % 36
    return 1 + r % 3 if r < 3 else 0


class TallyBot:
    def __init__(self, seat: int, level: str = "normal", seed: int = 0) -> None:
        self.seat, self.seed = seat, seed

    def input(self, view: Any, legal: Any, tick: int) -> int:
        return tally_input(self.seed, self.seat, tick)


def tally_sim(seed: int, players: int, length: int = 0) -> Any:
    return simulation_for(TALLY, seed, players, length=length)


class CorruptAt:
    """Wraps a Tally simulation; the advance that produces tick ``at`` flips a bit of the state (a bug at one peer).

    ``first_seen`` is set by the caller's clock hook the first time that tick is simulated."""

    def __init__(self, sim: Any, at: int, clock: Callable[[], float]) -> None:
        self.sim, self.at, self.clock = sim, at, clock
        self.first_seen: float | None = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sim, name)

    def save(self) -> Any:
        return self.sim.save()

    def load(self, saved: Any) -> None:
        self.sim.load(saved)

    def checksum(self) -> int:
        return self.sim.checksum()

    def is_over(self) -> bool:
        return self.sim.is_over()

    def advance(self, inputs: Any) -> None:
        self.sim.advance(inputs)
        if self.sim.tick == self.at:
            self.sim.state = dataclasses.replace(self.sim.state, mix=self.sim.state.mix ^ 1)
            if self.first_seen is None:
                self.first_seen = self.clock()


# --- Pips: a turn-based card toy ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PipsState:
    hands: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    turn: int
    events: tuple = ()


@dataclass(frozen=True, slots=True)
class PipsView:
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    totals: tuple[int, ...]
    turn: int


class PipsRules:
    id = "pips"
    min_players = 2
    max_players = 6
    version = 1
    HAND = 6

    def initial_state(self, seed: int, players: int) -> PipsState:
        deck, _ = Rng.from_seed(seed).shuffle(range(1, 40))
        hands = tuple(tuple(sorted(deck[i * self.HAND:(i + 1) * self.HAND])) for i in range(players))
        return PipsState(hands, (0,) * players, 0)

    def to_act(self, s: PipsState) -> frozenset[int]:
        return frozenset() if self.is_over(s) else frozenset({s.turn})

    def legal_actions(self, s: PipsState, seat: int) -> tuple[int, ...]:
        return s.hands[seat] if seat == s.turn and not self.is_over(s) else ()

    def apply(self, s: PipsState, seat: int, a: int) -> PipsState:
        if a not in self.legal_actions(s, seat):
            raise IllegalAction(f"seat {seat} cannot play {a}")
        hands = list(s.hands)
        hands[seat] = tuple(c for c in s.hands[seat] if c != a)
        totals = list(s.totals)
        totals[seat] += a
        return PipsState(tuple(hands), tuple(totals), (s.turn + 1) % len(s.hands), (("play", seat, a),))

    def view(self, s: PipsState, seat: int | None) -> PipsView:
        hand = s.hands[seat] if seat is not None else ()
        return PipsView(hand, tuple(len(h) for h in s.hands), s.totals, s.turn)

    def is_over(self, s: PipsState) -> bool:
        return all(not h for h in s.hands)

    def scores(self, s: PipsState) -> tuple[int, ...]:
        return s.totals

    def encode_action(self, a: int) -> int:
        return a

    def decode_action(self, n: int) -> int:
        if not 1 <= n < 40:
            raise IllegalAction(n)
        return n

    def checksum(self, s: PipsState) -> int:
        return state_checksum(s)


PIPS = PipsRules()


def pips_choose(view: PipsView, legal: Any, rng: Rng, level: str = "normal") -> int:
    return rng.choice(list(legal))[0]


def _toy_definitions() -> list[Any]:
    from arcade.core.definition import GameDefinition
    from arcade.core.spec import GameSpec

    def spec(rules: Any, name: str) -> GameSpec:
        counts = tuple(range(rules.min_players, rules.max_players + 1))
        return GameSpec(id=rules.id, name=name, tagline="a netplay test toy", player_counts=counts,
                        demo_players=counts[-1], order=1000)

    def no_table() -> type:
        raise ImportError("a netplay toy has no table")

    same = lambda state, seat, rng: state  # noqa: E731
    return [GameDefinition(spec(TALLY, "Tally"), TALLY, describe_action=str, sample_hidden=same, load_table=no_table,
                           bot=TallyBot),
            GameDefinition(spec(PIPS, "Pips"), PIPS, describe_action=str, sample_hidden=same, load_table=no_table,
                           choose=pips_choose)]


def register_toys() -> None:
    """Put ``tally`` and ``pips`` in the registry (in a subprocess when no registered game fits; in this process
    use ``toys_registered()``, which takes them out again)."""
    from arcade.core.registry import register

    for d in _toy_definitions():
        register(d)


@contextlib.contextmanager
def toys_registered() -> Iterator[None]:
    from arcade.core.registry import unregister

    register_toys()
    try:
        yield
    finally:
        for gid in ("tally", "pips"):
            unregister(gid)


# --- chained deals of a registered real-time game ---------------------------------------------------------------


# --- virtual matches ---------------------------------------------------------------------------------------------


@dataclass
class Match:
    net: MemoryNetwork
    sessions: list[Session]
    run: VirtualRun
    events: dict[int, list[Any]]

    @property
    def host(self) -> Session:
        return self.sessions[0]

    def sim(self, i: int) -> Any:
        """Peer ``i``'s simulation (its runner built it at the start; None before)."""
        return self.run.sim(self.sessions[i])

    def drain(self) -> None:
        for i, s in enumerate(self.sessions):
            self.events.setdefault(i, []).extend(self.run.poll_events(s))

    def go(self, max_time: float, until: Callable[[], bool] | None = None) -> float:
        """Run until ``until()`` (checked at every step, events drained first) or ``max_time``."""
        def stop() -> bool:
            self.drain()
            return bool(until())
        t = self.run.run(until=stop if until else None, max_time=max_time)
        self.drain()
        return t

    def of(self, i: int, kind: type) -> list[Any]:
        return [e for e in self.events.get(i, []) if isinstance(e, kind)]


def joiner_addr(i: int) -> tuple[str, int]:
    return (f"joiner{i}", 5000 + i)


def virtual_match(peers: int, make_sim: Callable[..., Any],
                  input_for: Callable[[int, Callable[[], Any]], Callable[[int, int], int]], *,
                  settings: MatchSettings, impairment: Impairment = Impairment(), seed: int = 1,
                  config: Callable[[int], SessionConfig] | None = None, host_seats: int = 1,
                  per_peer_sim: bool = False, build: Callable[[Any], Any] | None = None) -> Match:
    """A host with ``host_seats`` local seats first, then ``peers - 1`` joiners with one seat each.

    ``input_for(i, runner)`` returns peer ``i``'s input source (``runner()`` gives that peer's runner: ``.session``,
    ``.sim``). ``make_sim(settings, seed)`` builds every peer's simulation, or with ``per_peer_sim``, ``make_sim(i)``
    returns peer ``i``'s builder; ``build(started)``, if given, is every peer's runner ``build`` instead."""
    builders = [build or build_with(make_sim(i) if per_peer_sim else make_sim) for i in range(peers)]
    net = MemoryNetwork(seed=seed, impairment=impairment)
    cfg = config or (lambda i: SessionConfig(desync_dump=None))
    sessions: list[Session] = []
    remote = [False] * host_seats + [True] * (settings.seats - host_seats)
    run = VirtualRun(net)

    def getter(i: int) -> Callable[[], Any]:
        return lambda: run.runner(sessions[i])

    sessions.append(Session.host(net.transport(HOST_ADDR), settings, remote, CODE,
                                 input_source=input_for(0, getter(0)), config=cfg(0), nonce=seed))
    for i in range(1, peers):
        sessions.append(Session.join(net.transport(joiner_addr(i)), HOST_ADDR, CODE, 1,
                                     input_source=input_for(i, getter(i)), config=cfg(i), nonce=seed * 100 + i))
    for s, b in zip(sessions, builders):
        run.add(s, b)
    return Match(net, sessions, run, {})


def build_with(make_sim: Callable[[MatchSettings, int], Any]) -> Callable[[Any], Any]:
    """A runner's ``build`` from a ``make_sim(settings, seed)``."""
    return lambda started: make_sim(started.settings, started.seed)


def tally_settings(peers: int, ticks: int, **kw: Any) -> MatchSettings:
    return MatchSettings("tally", 1, peers, end_tick=ticks, **kw)


def tally_inputs(seed: int = 5) -> Callable[[int, Callable[[], Any]], Callable[[int, int], int]]:
    return lambda i, runner: (lambda seat, tick: tally_input(seed, seat, tick))


def replay(make_sim: Callable[[], Any], log: list[tuple[int, ...]]) -> Any:
    sim = make_sim()
    for inputs in log:
        sim.advance(inputs)
    return sim


# --- the toys' own tests -----------------------------------------------------------------------------------------


def test_tally_passes_the_sync_test_and_any_changed_input_changes_the_checksum():
    sim = tally_sim(3, 3)
    run_sync_test(sim, lambda s, t: tuple(tally_input(9, seat, t) for seat in range(3)), 300)
    a, b = tally_sim(3, 2), tally_sim(3, 2)
    for t in range(50):
        a.advance((0, 0))
        b.advance((0, 1 if t == 20 else 0))
    assert a.checksum() != b.checksum()


def test_pips_deals_from_the_seed_and_ends_when_every_hand_is_played():
    assert PIPS.initial_state(1, 4) == PIPS.initial_state(1, 4) != PIPS.initial_state(2, 4)
    s = PIPS.initial_state(7, 4)
    rng = Rng.from_seed(1)
    for _ in range(4 * PipsRules.HAND):
        seat = next(iter(PIPS.to_act(s)))
        a, rng = rng.choice(list(PIPS.legal_actions(s, seat)))
        s = PIPS.apply(s, seat, a)
    assert PIPS.is_over(s) and sum(PIPS.scores(s)) == sum(sum(h) for h in PIPS.initial_state(7, 4).hands)


def test_chained_deals_start_a_new_deal_when_one_ends_and_roll_back_across_deals():
    sim = ChainedDeals(TALLY, 1, 2, length=10)
    run_sync_test(sim, lambda s, t: (tally_input(1, 0, t), tally_input(1, 1, t)), 45)
    assert sim.deal == 4
    saved, before = sim.save(), sim.checksum()
    for _ in range(25):
        sim.advance((1, 0))
    assert sim.deal == 6
    sim.load(saved)
    assert (sim.deal, sim.checksum()) == (4, before)
