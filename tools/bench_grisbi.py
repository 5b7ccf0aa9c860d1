"""Benchmark of the Grisbi simulation with 8 hard bots: time per step and worst-case rollback.

Prints two rules figures and the client figure:

- microseconds per ``RULES.step`` (mean and p99) over whole matches, 8 seats, hard bots (target: mean well under
  100 us);
- the worst-case rollback, i.e. load a snapshot 8 ticks back + re-simulate 8 ticks + one checksum, p99 in ms
  (target <= 2 ms), measured at every tick of the same matches, in wall-clock time and in this thread's CPU time
  (on a machine busy with other processes, the wall-clock tail holds the OS's time slices, not the simulation);
- the client's tick time (update + draw of the Grisbi table) with 8 seats of hard bots, p99 (target <= 8 ms).

The bots play first and their inputs are recorded; the timings replay the recorded inputs, so bot thinking is not
counted. Figures are lines produced by the functions in ``FIGURES``; a later figure (e.g. the client's tick time)
is one more function appended there.

    python tools/bench_grisbi.py --matches 3 --seed 1
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import deque
from typing import Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from arcade.core.simulation import RealTimeSimulation  # noqa: E402
from arcade.games.grisbi import RULES, Bot  # noqa: E402

SEATS = 8
ROLLBACK_DEPTH = 8


def record_match(seed: int, players: int = SEATS, level: str = "hard") -> tuple[object, list[tuple[int, ...]]]:
    """Play one match with bots at every seat; return the initial state and the input log (one tuple per tick)."""
    state = RULES.initial_state(seed, players)
    first = state
    bots = [Bot(seat, level, seed) for seat in range(players)]
    log: list[tuple[int, ...]] = []
    while not RULES.is_over(state):
        inputs = tuple(b.input(RULES.view(state, b.seat), RULES.legal_actions(state, b.seat), state.tick)
                       for b in bots)
        log.append(inputs)
        state = RULES.step(state, inputs)
    return first, log


def percentile(values: list[int], pct: int) -> int:
    """The ``pct``-th percentile (nearest rank) of a list of ints."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, (len(ordered) * pct + 99) // 100 - 1)]


def step_times(matches: list[tuple[object, list[tuple[int, ...]]]]) -> list[int]:
    """Nanoseconds of every ``RULES.step`` call replaying the recorded matches."""
    out: list[int] = []
    clock = time.perf_counter_ns
    step = RULES.step
    for first, log in matches:
        s = first
        for inputs in log:
            t0 = clock()
            s = step(s, inputs)
            out.append(clock() - t0)
    return out


def rollback_times(matches: list[tuple[object, list[tuple[int, ...]]]]) -> tuple[list[int], list[int]]:
    """Nanoseconds of load + ``ROLLBACK_DEPTH`` advances + checksum, at every tick of the recorded matches: wall-clock
    times and this thread's CPU times (the CPU time leaves out the slices the OS gives other processes, which on a
    loaded machine put ~4 ms steps into the wall-clock tail).

    Like a rollback session, the simulation keeps only the last ``ROLLBACK_DEPTH + 1`` snapshots: after each tick it
    rolls back to the oldest one and re-simulates to the present (the worst case, every tick)."""
    wall: list[int] = []
    cpu: list[int] = []
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    for first, log in matches:
        sim = RealTimeSimulation(RULES, first, SEATS)
        window: deque = deque([sim.save()], maxlen=ROLLBACK_DEPTH + 1)
        for t, inputs in enumerate(log):
            sim.advance(inputs)
            window.append(sim.save())
            if t + 1 < ROLLBACK_DEPTH:
                continue
            c0, t0 = cpu_clock(), clock()
            sim.load(window[0])
            for k in range(t + 1 - ROLLBACK_DEPTH, t + 1):
                sim.advance(log[k])
            sim.checksum()
            wall.append(clock() - t0)
            cpu.append(cpu_clock() - c0)
    return wall, cpu


def step_figure(matches) -> str:
    ns = step_times(matches)
    return (f"step, {SEATS} seats, hard bots: mean {sum(ns) / len(ns) / 1000:.1f} us, "
            f"p99 {percentile(ns, 99) / 1000:.1f} us over {len(ns)} ticks (target: mean well under 100 us)")


def rollback_figure(matches) -> str:
    wall, cpu = rollback_times(matches)
    return (f"worst-case rollback (load + {ROLLBACK_DEPTH} steps + checksum): p99 {percentile(wall, 99) / 1e6:.3f} ms "
            f"wall clock, {percentile(cpu, 99) / 1e6:.3f} ms CPU; median {percentile(wall, 50) / 1e6:.3f} ms; "
            f"over {len(wall)} rollbacks (target p99 <= 2 ms)")


def client_figure(matches) -> str:
    """The client's tick (update + draw) with 8 seats of hard bots at 1280x720 (tools/bench_grisbi_client.py)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import bench_grisbi_client as bc

    t = bc.bench(3600, ",".join(["bot:hard"] * SEATS), 5, False)
    return (f"client tick, 8 seats, 3600 ticks at 1280x720: wall p99 {bc.percentile(t['wall'], 99):.2f} ms, "
            f"thread CPU p99 {bc.percentile(t['cpu'], 99):.2f} ms (target <= 8 ms)")


FIGURES: list[Callable[[list], str]] = [step_figure, rollback_figure, client_figure]
"""The figures printed, in order; each takes the recorded matches and returns one line."""


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    matches = [record_match(args.seed * 1_000_003 + m) for m in range(args.matches)]
    for figure in FIGURES:
        print(figure(matches))


if __name__ == "__main__":
    main()
