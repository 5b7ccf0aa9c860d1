"""The rules contract every game keeps (../shared/DESIGN.md, "Rules: pure functions over immutable values").

- ``TurnRules``: a turn-based game (Grit, Grenade, Grass, Cops & Robbers): ``to_act`` / ``legal_actions`` /
  ``apply``, actions encoded as small ints (``encode_action`` / ``decode_action``).
- ``RealTimeRules``: the real-time game (Grisbi): one 60 Hz ``step`` with one small int input per seat.
- ``IllegalAction``: what ``apply`` and ``decode_action`` raise for an action the rules do not allow now.
- ``is_turn_based``: which of the two a rules object is.
- ``MAX_INPUT``: the exclusive bound of a tick input (inputs travel as unsigned 16-bit values; 0 means "nothing").

How a turn game's action rides on a tick input is the tick adapter's (``arcade.core.simulation``).
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence, TypeVar, runtime_checkable

__all__ = ["IllegalAction", "TurnRules", "RealTimeRules", "is_turn_based", "MAX_INPUT"]

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
