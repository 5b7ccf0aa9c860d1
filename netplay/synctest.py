"""The sync test: roll back every tick and check that re-simulation gives the same checksums.

Like GGRS's ``SyncTestSession``: run a simulation forward; after each tick, load the snapshot taken ``depth`` ticks
earlier (``depth`` drawn 1..``max_depth`` from a seeded generator), re-advance with the recorded inputs, and compare
every re-simulated checksum with the one first computed. Any difference is a desync: non-determinism in the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

__all__ = ["SyncTestResult", "SyncTestMismatch", "run_sync_test"]


class SyncTestMismatch(AssertionError):
    """Raised when a re-simulated tick's checksum differs from the first one. ``tick`` names the first bad tick."""

    def __init__(self, tick: int, first: int, again: int) -> None:
        super().__init__(f"desync at tick {tick}: checksum {first:#x} first, {again:#x} after rollback")
        self.tick = tick


@dataclass
class SyncTestResult:
    ticks: int
    rollbacks: int
    resimulated_ticks: int
    max_depth: int


def run_sync_test(sim: Any, next_inputs: Callable[[Any, int], Sequence[int]], ticks: int, *, max_depth: int = 8,
                  seed: int = 0, stop_when_over: bool = True) -> SyncTestResult:
    """Drive ``sim`` for up to ``ticks`` ticks, rolling back 1..max_depth ticks after every tick.

    ``next_inputs(sim, tick)`` gives the inputs for the coming tick (it is called once per tick, on the first pass
    only, so it may use the live state). Raises ``SyncTestMismatch`` on the first differing checksum.
    """
    rnd = random.Random(seed)  # drives only the test's rollback depths, never the game
    snapshots: list[Any] = [sim.save()]
    checksums: list[int] = [sim.checksum()]
    inputs_log: list[tuple[int, ...]] = []
    rollbacks = resim = deepest = done = 0
    for t in range(ticks):
        if stop_when_over and sim.is_over():
            break
        inputs = tuple(next_inputs(sim, t))
        inputs_log.append(inputs)
        sim.advance(inputs)
        done += 1
        snapshots.append(sim.save())
        checksums.append(sim.checksum())
        depth = min(rnd.randint(1, max_depth), len(inputs_log))
        start = len(inputs_log) - depth
        sim.load(snapshots[start])
        for k in range(start, len(inputs_log)):
            sim.advance(inputs_log[k])
            again = sim.checksum()
            if again != checksums[k + 1]:
                raise SyncTestMismatch(k + 1, checksums[k + 1], again)
        rollbacks += 1
        resim += depth
        deepest = max(deepest, depth)
        if len(snapshots) > max_depth + 1:  # keep the window only
            del snapshots[0]
            del checksums[0]
            del inputs_log[0]
    return SyncTestResult(ticks=done, rollbacks=rollbacks, resimulated_ticks=resim, max_depth=deepest)
