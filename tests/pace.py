"""How fast this machine runs right now, measured in the test run itself, so that a timing bound is a ratio and not a
wall-clock constant (issue 35).

A fixed, pure-Python processor workload (``workload``: about 25 ms of one idle core of the reference machine, the
project's 2-core CI box) is timed ``RUNS`` times in a row (long enough for the scheduler to share the processor as
it does for the tests: one run often fits in one time slice); the total against ``REFERENCE_WALL_S`` /
``REFERENCE_CPU_S`` says
how much slower the tests run now than there (other programs on the machine, a slower processor). A bound written
for the reference machine, idle, is multiplied by that factor, never below 1 (the issue's target stays the floor):

    took <= pace.wall(CLOSE_S)        # seconds of wall time, scaled by the wall-time factor
    worst <= pace.cpu(0.05)           # seconds of processor time, scaled by the processor-time factor

The measure is taken when a test first asks and taken again when it is older than ``FRESH_S`` seconds (the load of a
machine changes during a run); ``tools/`` benchmarks hold the real targets and print figures. The conftest
fixture ``pace`` hands out this module's ``PACE``.
"""

from __future__ import annotations

import time

REFERENCE_WALL_S = 0.0255
"""Seconds one ``workload()`` takes on the reference machine (2 cores, idle), wall time."""
REFERENCE_CPU_S = 0.0255
"""The same in processor time (``time.process_time``)."""
FRESH_S = 10.0
"""A measure older than this (seconds) is taken again."""
ROUNDS = 400_000
RUNS = 8


def workload() -> int:
    """A fixed amount of pure-Python integer work (no allocation to speak of, no I/O): the unit of the factor."""
    x = 1
    for i in range(ROUNDS):
        x = (x * 1_103_515_245 + i) & 0xFFFF_FFFF
    return x


class Pace:
    """The factors of the current run (see the module docstring)."""

    def __init__(self) -> None:
        self._at = -FRESH_S - 1.0
        self._wall = self._cpu = 1.0
        self.samples: list[tuple[float, float]] = []
        """Every (wall, processor) factor measured in this process, for messages."""

    def measure(self) -> tuple[float, float]:
        """Time ``RUNS`` workloads now; the (wall, processor) factors against the reference, each >= 1."""
        w0, c0 = time.perf_counter(), time.process_time()
        for _ in range(RUNS):
            workload()
        self._wall = max(1.0, (time.perf_counter() - w0) / (RUNS * REFERENCE_WALL_S))
        self._cpu = max(1.0, (time.process_time() - c0) / (RUNS * REFERENCE_CPU_S))
        self._at = time.monotonic()
        self.samples.append((self._wall, self._cpu))
        return self._wall, self._cpu

    def _fresh(self) -> None:
        if time.monotonic() - self._at > FRESH_S:
            self.measure()

    def wall_factor(self) -> float:
        self._fresh()
        return self._wall

    def cpu_factor(self) -> float:
        self._fresh()
        return self._cpu

    def wall(self, seconds: float) -> float:
        """``seconds`` of wall time on the reference machine, idle, as it takes here and now (>= ``seconds``)."""
        return seconds * self.wall_factor()

    def cpu(self, seconds: float) -> float:
        """``seconds`` of processor time on the reference machine, as it takes here and now (>= ``seconds``)."""
        return seconds * self.cpu_factor()

    def __str__(self) -> str:
        return f"pace: wall x{self._wall:.2f}, processor x{self._cpu:.2f}"


PACE = Pace()
