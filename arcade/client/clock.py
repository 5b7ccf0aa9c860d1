"""The fixed-timestep clock: simulation at a fixed tick rate from an accumulator, rendering with interpolation.

Time comes from an injectable source (``time_source() -> seconds`` as a float), so tests drive time explicitly.
A slow frame runs at most ``max_catchup`` ticks and drops the rest of the backlog: the simulation's result depends
only on the ticks it runs and their inputs, never on how frames fell.
"""

from __future__ import annotations

import time
from typing import Callable

__all__ = ["FixedClock", "TICK_RATE"]

TICK_RATE = 60
"""Simulation ticks per second."""


class FixedClock:
    """Accumulator clock.

    ``frame()`` reads the time source and returns how many ticks to run now (0..max_catchup); ``alpha`` is then the
    fraction (0.0–1.0) of the next tick already elapsed, for render interpolation.
    """

    def __init__(self, tick_rate: int = TICK_RATE, max_catchup: int = 5,
                 time_source: Callable[[], float] = time.perf_counter) -> None:
        self.tick_rate = tick_rate
        self.dt = 1.0 / tick_rate
        self.max_catchup = max_catchup
        self.time_source = time_source
        self._last = time_source()
        self.accumulator = 0.0
        self.alpha = 0.0
        self.dropped_ticks = 0
        self.rate_scale = 1.0  # netplay time sync may slow the clock slightly (e.g. 0.98)

    def frame(self) -> int:
        """Ticks to simulate for this frame (at most ``max_catchup``)."""
        now = self.time_source()
        self.accumulator += max(0.0, now - self._last) * self.rate_scale
        self._last = now
        n = int(self.accumulator / self.dt)
        if n > self.max_catchup:
            self.dropped_ticks += n - self.max_catchup
            n = self.max_catchup
            self.accumulator = 0.0
        else:
            self.accumulator -= n * self.dt
        self.alpha = min(1.0, self.accumulator / self.dt)
        return n

    def reset(self) -> None:
        """Forget the backlog (after a long pause, e.g. a scene load)."""
        self._last = self.time_source()
        self.accumulator = 0.0
        self.alpha = 0.0

    def seconds_until_next_tick(self) -> float:
        return max(0.0, (self.dt - self.accumulator) / self.rate_scale)
