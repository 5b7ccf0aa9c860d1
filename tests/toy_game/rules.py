"""Toy race rules: pure, deterministic, no hidden information."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from arcade.core.canonical import state_checksum
from arcade.core.protocols import IllegalAction


@dataclass(frozen=True)
class RaceState:
    players: int
    count: int = 0
    turn: int = 0
    goal: int = 10
    winner: int | None = None
    events: tuple = ()


class RaceRules:
    id = "toy_race"
    min_players = 2
    max_players = 2
    version = 1

    def initial_state(self, seed: int, players: int, goal: int = 10, **options: Any) -> RaceState:
        return RaceState(players, turn=seed % 2, goal=goal)

    def to_act(self, s: RaceState) -> frozenset[int]:
        return frozenset() if s.winner is not None else frozenset((s.turn,))

    def legal_actions(self, s: RaceState, seat: int) -> tuple[int, ...]:
        if s.winner is not None or seat != s.turn:
            return ()
        return tuple(n for n in (1, 2, 3) if s.count + n <= s.goal)

    def apply(self, s: RaceState, seat: int, a: int) -> RaceState:
        if a not in self.legal_actions(s, seat):
            raise IllegalAction(f"seat {seat} may not add {a!r} now")
        count = s.count + a
        return replace(s, count=count, turn=1 - seat, winner=seat if count == s.goal else None,
                       events=(("add", seat, a),))

    def view(self, s: RaceState, seat: int | None) -> RaceState:
        return s

    def is_over(self, s: RaceState) -> bool:
        return s.winner is not None

    def scores(self, s: RaceState) -> tuple[int, ...]:
        return tuple(int(s.winner == p) for p in range(s.players))

    def encode_action(self, a: int) -> int:
        return a - 1

    def decode_action(self, n: int) -> int:
        if n not in (0, 1, 2):
            raise IllegalAction(f"no action {n}")
        return n + 1

    def checksum(self, s: RaceState) -> int:
        return state_checksum(s)


RULES = RaceRules()


def choose(view: RaceState, legal, rng, level: str = "normal") -> int:
    """Take the count to the goal if possible, else leave a multiple of 4 short of it, else 1."""
    for a in legal:
        if (view.goal - view.count - a) % 4 == 0:
            return a
    return legal[0]


def describe_action(a: int) -> str:
    return f"Add {a}"


def sample_hidden(s: RaceState, seat: int | None, rng) -> RaceState:
    return s
