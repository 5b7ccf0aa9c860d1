"""The rules contract shared by every game (../shared/DESIGN.md, "Rules: pure functions over immutable values").

- ``TurnRules``: turn-based games (Grit, Grenade, Grass, Cops & Robbers).
- ``RealTimeRules``: the real-time game (Grisbi), one 60 Hz ``step`` with one small int input per seat.
- ``canonical_bytes`` / ``state_checksum``: the canonical msgpack encoding of a state and its 64-bit checksum.
- ``Simulation``: one shape for both kinds, ``save / load / advance(inputs) / checksum``, which the match driver,
  rollback, lockstep, replays and the sync test all use. ``simulation_for`` builds one from a registered rules object.

Tick inputs are small non-negative ints (``0 <= input < MAX_INPUT``); 0 means "nothing". For a turn-based game an input
``n > 0`` is the action ``decode_action(n - 1)``; an input that is not legal for that seat at that tick is ignored
(deterministically), so a peer's stale or hostile input can never raise inside the simulation.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from typing import Any, Generic, Hashable, Protocol, Sequence, TypeVar, runtime_checkable

import msgpack

__all__ = [
    "IllegalAction",
    "TurnRules",
    "RealTimeRules",
    "Simulation",
    "TurnSimulation",
    "RealTimeSimulation",
    "simulation_for",
    "ChainedDeals",
    "is_turn_based",
    "canonical_bytes",
    "state_checksum",
    "to_plain",
    "MAX_INPUT",
]

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")

MAX_INPUT = 1 << 16
"""Exclusive upper bound of a tick input (inputs travel as unsigned 16-bit values)."""


class IllegalAction(ValueError):
    """Raised by ``TurnRules.apply`` (and ``decode_action``) for an action the rules do not allow now."""


@runtime_checkable
class TurnRules(Protocol[S, A, V]):
    """A turn-based game. States are immutable; ``apply`` returns a new state and never mutates its argument."""

    id: str
    min_players: int
    max_players: int
    version: int

    def initial_state(self, seed: int, players: int, **options: Any) -> S: ...
    def to_act(self, s: S) -> frozenset[int]: ...
    def legal_actions(self, s: S, seat: int) -> Sequence[A]: ...
    def apply(self, s: S, seat: int, a: A) -> S: ...
    def view(self, s: S, seat: int | None) -> V: ...
    def is_over(self, s: S) -> bool: ...
    def scores(self, s: S) -> tuple[int, ...]: ...
    def encode_action(self, a: A) -> int: ...
    def decode_action(self, n: int) -> A: ...
    def checksum(self, s: S) -> int: ...


@runtime_checkable
class RealTimeRules(Protocol[S, V]):
    """A real-time game stepped at 60 Hz. ``legal_actions(s, seat)`` lists the non-zero inputs that would act now."""

    id: str
    min_players: int
    max_players: int
    version: int

    def initial_state(self, seed: int, players: int, **options: Any) -> S: ...
    def step(self, s: S, inputs: tuple[int, ...]) -> S: ...
    def legal_actions(self, s: S, seat: int) -> Sequence[int]: ...
    def view(self, s: S, seat: int | None) -> V: ...
    def is_over(self, s: S) -> bool: ...
    def scores(self, s: S) -> tuple[int, ...]: ...
    def checksum(self, s: S) -> int: ...


def is_turn_based(rules: Any) -> bool:
    """True for a ``TurnRules`` (it has ``apply``), False for a ``RealTimeRules`` (it has ``step``)."""
    return hasattr(rules, "apply") and not hasattr(rules, "step")


# --- canonical encoding --------------------------------------------------------------------------------------------

_FIELDS: dict[type, tuple[str, ...]] = {}


def to_plain(obj: Any) -> Any:
    """Turn a state (frozen dataclasses, tuples, frozensets, dicts, enums, ints, str, bytes, bool, None) into plain
    msgpack-able values in a canonical order: dataclass fields in declaration order, frozensets and dict items
    sorted. Floats are refused (TypeError): rules hold no floats."""
    t = type(obj)
    if t is int or t is str or t is bool or obj is None or t is bytes:
        return obj
    if t is tuple or t is list:
        return [to_plain(x) for x in obj]
    names = _FIELDS.get(t)
    if names is None and dataclasses.is_dataclass(obj):
        names = _FIELDS[t] = tuple(f.name for f in dataclasses.fields(obj) if f.compare)
    if names is not None:
        return [to_plain(getattr(obj, n)) for n in names]
    if isinstance(obj, enum.Enum):
        return to_plain(obj.value)
    if isinstance(obj, (frozenset, set)):
        return sorted((to_plain(x) for x in obj), key=msgpack.packb)
    if isinstance(obj, dict):
        return sorted(([to_plain(k), to_plain(v)] for k, v in obj.items()), key=lambda kv: msgpack.packb(kv[0]))
    if isinstance(obj, int):  # IntEnum handled above; bool subclasses handled above
        return int(obj)
    if isinstance(obj, tuple):  # NamedTuple
        return [to_plain(x) for x in obj]
    raise TypeError(f"cannot encode {t.__name__} in a game state")


def canonical_bytes(state: Any) -> bytes:
    """The canonical msgpack encoding of a state (the bytes that save files and checksums use)."""
    return msgpack.packb(to_plain(state), use_bin_type=True)


def state_checksum(state: Any) -> int:
    """64-bit checksum (blake2b, 8 bytes, big-endian int) of ``canonical_bytes(state)``."""
    return int.from_bytes(hashlib.blake2b(canonical_bytes(state), digest_size=8).digest(), "big")


# --- the tick simulation -------------------------------------------------------------------------------------------


class Simulation(Protocol):
    """What netplay, replays and the match driver drive: one tick at a time with one int input per seat."""

    tick: int
    players: int

    def save(self) -> Hashable: ...
    def load(self, saved: Any) -> None: ...
    def advance(self, inputs: Sequence[int]) -> None: ...
    def checksum(self) -> int: ...
    def is_over(self) -> bool: ...


class _SimBase(Generic[S]):
    def __init__(self, rules: Any, state: S, players: int) -> None:
        self.rules = rules
        self.state = state
        self.players = players
        self.tick = 0

    def save(self) -> tuple[int, S]:
        """A snapshot: ``(tick, state)``. States are immutable, so this is just keeping references."""
        return (self.tick, self.state)

    def load(self, saved: tuple[int, S]) -> None:
        """Restore a snapshot returned by ``save``."""
        self.tick, self.state = saved

    def checksum(self) -> int:
        """The rules' checksum of the current state (the tick is not part of it)."""
        return self.rules.checksum(self.state)

    def is_over(self) -> bool:
        return self.rules.is_over(self.state)


class TurnSimulation(_SimBase[S]):
    """Adapter: any ``TurnRules`` as a 60 Hz tick simulation.

    On each tick, seats are visited in order 0..n-1; a seat whose input ``n > 0`` decodes to an action that is legal for
    it in the current state has it applied (so two seats acting simultaneously on one tick are applied in seat order).
    Anything else (0, out of range, not this seat's turn, illegal) is ignored.
    """

    def __init__(self, rules: TurnRules, state: S, players: int) -> None:
        super().__init__(rules, state, players)
        self.last_applied: list[tuple[int, Any]] = []

    def input_for(self, action: Any) -> int:
        """The tick input that carries ``action``."""
        return self.rules.encode_action(action) + 1

    def advance(self, inputs: Sequence[int]) -> None:
        rules = self.rules
        s = self.state
        applied: list[tuple[int, Any]] = []
        for seat, n in enumerate(inputs):
            if n <= 0 or n >= MAX_INPUT or rules.is_over(s):
                continue
            if seat not in rules.to_act(s):
                continue
            try:
                action = rules.decode_action(n - 1)
            except (IllegalAction, ValueError, KeyError, IndexError):
                continue
            if action not in rules.legal_actions(s, seat):
                continue
            s = rules.apply(s, seat, action)
            applied.append((seat, action))
        self.state = s
        self.last_applied = applied
        self.tick += 1


class RealTimeSimulation(_SimBase[S]):
    """Adapter: a ``RealTimeRules`` (Grisbi) as a tick simulation; ``advance`` is one ``step``."""

    def advance(self, inputs: Sequence[int]) -> None:
        self.state = self.rules.step(self.state, tuple(inputs))
        self.tick += 1


class ChainedDeals:
    """Deal after deal of a registered game: when a deal is over, the next tick starts a new one (seeded from the
    match seed and the deal number), so one session can run for minutes (soak tests, benchmarks). Never "over"
    itself. ``save / load / advance / checksum`` as every simulation; the checksum covers the deal number."""

    def __init__(self, rules: Any, seed: int, players: int, **options: Any) -> None:
        from .rng import seed_mix

        self._mix = seed_mix
        self.rules, self.seed, self.players, self.options = rules, seed, players, options
        self.deal = 0
        self.sim = self._new(0)

    def _new(self, deal: int) -> Any:
        return simulation_for(self.rules, self._mix(self.seed, deal), self.players, **self.options)

    @property
    def state(self) -> Any:
        return self.sim.state

    @property
    def tick(self) -> int:
        return self.sim.tick

    def save(self) -> Any:
        return (self.deal, self.sim.save())

    def load(self, saved: Any) -> None:
        deal, inner = saved
        if deal != self.deal:
            self.deal = deal
            self.sim = self._new(deal)
        self.sim.load(inner)

    def advance(self, inputs: Sequence[int]) -> None:
        if self.sim.is_over():
            self.deal += 1
            self.sim = self._new(self.deal)
        self.sim.advance(inputs)

    def checksum(self) -> int:
        return self._mix(self.sim.checksum(), self.deal)

    def is_over(self) -> bool:
        return False


def simulation_for(rules: Any, seed: int, players: int, **options: Any) -> TurnSimulation | RealTimeSimulation:
    """Build the tick simulation of a registered game from its ``initial_state(seed, players, **options)``."""
    state = rules.initial_state(seed, players, **options)
    if is_turn_based(rules):
        return TurnSimulation(rules, state, players)
    return RealTimeSimulation(rules, state, players)
