"""A pure, seeded random generator whose state is a plain int kept inside a game state.

The generator is SplitMix64: ``Rng(state)`` is an immutable value; every draw returns
``(value, next_rng)`` and never touches module globals, the clock, ``hash()`` or floats.
Rules keep the ``Rng`` (or its ``state`` int) in their frozen state and thread it through.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypeVar

__all__ = ["Rng", "seed_mix"]

T = TypeVar("T")
_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def seed_mix(*parts: int) -> int:
    """Combine ints (a seed, a seat, a round number...) into one 64-bit seed, deterministically."""
    acc = 0x6A09E667F3BCC908
    for p in parts:
        acc = _mix((acc ^ (p & _MASK)) + _GOLDEN & _MASK)
    return acc


@dataclass(frozen=True, slots=True)
class Rng:
    """Immutable SplitMix64 generator. ``state`` is a 64-bit unsigned int."""

    state: int

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        """A generator for any int seed (negative and big seeds are folded to 64 bits)."""
        return cls(seed_mix(seed))

    def next64(self) -> tuple[int, "Rng"]:
        """Return a uniform 64-bit int and the advanced generator."""
        s = (self.state + _GOLDEN) & _MASK
        return _mix(s), Rng(s)

    def below(self, n: int) -> tuple[int, "Rng"]:
        """Return a uniform int in ``[0, n)`` (rejection sampling, no bias). Raises ValueError if n < 1."""
        if n < 1:
            raise ValueError("below() needs n >= 1")
        limit = (1 << 64) - ((1 << 64) % n)
        rng = self
        while True:
            v, rng = rng.next64()
            if v < limit:
                return v % n, rng

    def chance(self, numerator: int, denominator: int) -> tuple[bool, "Rng"]:
        """True with probability numerator/denominator (integers; no floats)."""
        v, rng = self.below(denominator)
        return v < numerator, rng

    def choice(self, seq: Sequence[T]) -> tuple[T, "Rng"]:
        """One element of a non-empty sequence. Raises ValueError on an empty one."""
        if not seq:
            raise ValueError("choice() from an empty sequence")
        i, rng = self.below(len(seq))
        return seq[i], rng

    def shuffle(self, seq: Sequence[T]) -> tuple[tuple[T, ...], "Rng"]:
        """Fisher-Yates shuffle; returns a new tuple and the advanced generator."""
        items = list(seq)
        rng = self
        for i in range(len(items) - 1, 0, -1):
            j, rng = rng.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return tuple(items), rng
