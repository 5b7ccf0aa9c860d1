"""The tick adapter: one shape for every game, ``save / load / advance(inputs) / checksum``, which the match driver,
rollback, lockstep, replays, the referee and the sync test all use (../shared/DESIGN.md, "Rules").

- ``simulation_for(rules, seed, players, **options)`` builds the tick simulation of a rules object:
  ``TurnSimulation`` for a ``TurnRules``, ``RealTimeSimulation`` for a ``RealTimeRules``.
- ``ChainedDeals``: deal after deal of one game, for soak runs and benchmarks.

The tick-input rule, written here once: a tick input is a small non-negative int (``0 <= input < MAX_INPUT``); 0
means "nothing". A turn game's action ``a`` rides on the tick input ``action_input(rules, a)``
(``rules.encode_action(a) + 1``) and a tick input ``n > 0`` carries ``input_action(rules, n)``; ``code_input`` /
``input_code`` are the same rule for an already encoded action (an action log's code). An input that is not legal
for that seat at that tick is ignored (deterministically), so a peer's stale or hostile input can never raise inside
the simulation.
"""

from __future__ import annotations

from typing import Any, Generic, Hashable, Protocol, Sequence, TypeVar

from .protocols import MAX_INPUT, IllegalAction, TurnRules, is_turn_based
from .rng import seed_mix

__all__ = [
    "Simulation",
    "TurnSimulation",
    "RealTimeSimulation",
    "simulation_for",
    "ChainedDeals",
    "action_input",
    "input_action",
    "code_input",
    "input_code",
    "MAX_INPUT",
]

S = TypeVar("S")


# --- the tick-input rule -------------------------------------------------------------------------------------------


def code_input(code: int) -> int:
    """The tick input that carries the encoded action ``code`` (``rules.encode_action(a)``): ``code + 1``, so that
    0 stays "nothing"."""
    return code + 1


def input_code(n: int) -> int:
    """The encoded action a tick input ``n`` carries (the inverse of ``code_input``). Raises IllegalAction for an
    input that carries none: 0 ("nothing"), a negative one, or one at or above ``MAX_INPUT``."""
    if not 0 < n < MAX_INPUT:
        raise IllegalAction(f"tick input {n} carries no action")
    return n - 1


def action_input(rules: Any, action: Any) -> int:
    """The tick input that carries a turn game's ``action`` (never 0)."""
    return code_input(rules.encode_action(action))


def input_action(rules: Any, n: int) -> Any:
    """The action of a turn game that tick input ``n`` carries. Raises IllegalAction (a ValueError) for an input
    that carries none (``input_code``) and whatever ``rules.decode_action`` raises for a code that is no action
    (IllegalAction, ValueError, KeyError or IndexError)."""
    return rules.decode_action(input_code(n))


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

    def state_for(self, seat: int | None) -> S:
        """What a bot at ``seat`` decides from: the whole state (the bot takes its seat's view of it)."""
        return self.state

    def seat_view(self, seat: int | None) -> Any:
        """What ``seat`` may see now (None: the public view): the rules' ``view`` of the state."""
        return self.rules.view(self.state, seat)


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
        """The tick input that carries ``action`` (``action_input``)."""
        return action_input(self.rules, action)

    def advance(self, inputs: Sequence[int]) -> None:
        """One tick: each seat's input, in seat order, applied if it carries an action legal for that seat now
        (``last_applied``: the (seat, action) pairs applied)."""
        rules = self.rules
        s = self.state
        applied: list[tuple[int, Any]] = []
        for seat, n in enumerate(inputs):
            if not n or rules.is_over(s) or seat not in rules.to_act(s):
                continue
            try:
                action = input_action(rules, n)
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
        self._mix = seed_mix
        self.rules, self.seed, self.players, self.options = rules, seed, players, options
        self.deal = 0
        self.sim = self._new(0)

    def _new(self, deal: int) -> Any:
        return simulation_for(self.rules, self._mix(self.seed, deal), self.players, **self.options)

    @property
    def state(self) -> Any:
        return self.sim.state

    def state_for(self, seat: int | None) -> Any:
        return self.sim.state

    def seat_view(self, seat: int | None) -> Any:
        return self.sim.seat_view(seat)

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
