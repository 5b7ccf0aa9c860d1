"""Client benchmark of the Grisbi table: 8 seats of hard bots, headless, 1280×720.

Prints the time of one client tick — the table's update (bots' inputs, the rules' step, the layout of the sprites)
and its draw — as p50/p99/max in ms, in wall-clock time and in this thread's CPU time (on a machine busy with other
processes the wall-clock tail holds the OS's time slices, not our work), and the two parts apart. When a match ends
its results screen is dismissed and the table starts again with a new seed (not timed). Target: p99 <= 8 ms.

    python tools/bench_grisbi_client.py --ticks 3600 --seed 5
    python tools/bench_grisbi_client.py --seats human,bot:hard,bot:hard,bot:hard   # a human seat that never plays
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def bench(ticks: int, seats: str, seed: int, demo: bool) -> dict[str, list[float]]:
    """Run the Grisbi table for ``ticks`` client ticks; returns per-tick times in ms by name."""
    from arcade.client.app import App, AppOptions
    from arcade.core.match import parse_seats
    from arcade.client.scenes.title import TitleScene
    from arcade.client.play import start_match

    app = App(AppOptions(headless=True, config_dir=tempfile.mkdtemp()))
    app.reset_to(TitleScene(app))
    start_match(app, "grisbi", parse_seats(seats, 2, 8), seed, {}, demo=demo)
    table = app.top
    out: dict[str, list[float]] = {k: [] for k in ("wall", "cpu", "update", "draw")}
    matches = 1
    for _ in range(ticks):
        if app.top is not table:  # the results screen: back to a new match, not timed
            app.pop()
            table.restart(new_seed=True)
            matches += 1
        w0, c0 = time.perf_counter(), time.thread_time()
        app.pump()
        app.tick()
        w1, c1 = time.perf_counter(), time.thread_time()
        app.draw(0.5)
        w2, c2 = time.perf_counter(), time.thread_time()
        out["wall"].append((w2 - w0) * 1000)
        out["cpu"].append((c2 - c0) * 1000)
        out["update"].append((c1 - c0) * 1000)
        out["draw"].append((c2 - c1) * 1000)
    out["matches"] = [matches]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ticks", type=int, default=3600, help="client ticks to time (default 3600 = one minute)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--seats", default=",".join(["bot:hard"] * 8))
    ap.add_argument("--demo", action="store_true", help="draw as the attract mode does (spectator view)")
    a = ap.parse_args()
    t = bench(a.ticks, a.seats, a.seed, a.demo)
    n = len(a.seats.split(","))
    print(f"Grisbi table, {n} seats ({a.seats}), {a.ticks} ticks at 1280x720, {t['matches'][0]} match(es) "
          f"begun, seed {a.seed}:")
    for name, label in (("wall", "tick, wall clock"), ("cpu", "tick, thread CPU"), ("update", "  update (CPU)"),
                        ("draw", "  draw (CPU)")):
        v = t[name]
        print(f"  {label:18s} p50 {percentile(v, 50):5.2f} ms   p99 {percentile(v, 99):5.2f} ms   "
              f"max {max(v):6.2f} ms   mean {statistics.fmean(v):5.2f} ms")
    print("  target: tick p99 <= 8 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
