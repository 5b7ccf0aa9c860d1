"""Client benchmark: attract mode headless at 1280×720.

Prints the time of one tick (update and draw together) as p50/p99 in ms over ``--ticks`` ticks (default 3,600 =
one minute of play), the peak memory (max RSS), and the time from launch to the first drawn title frame (a fresh
process, measured from before it starts until it has drawn its first frame and exited: an upper bound).
Targets on a 2-core machine: p99 ≤ 8 ms (half a 60 Hz frame), launch ≤ 1.5 s.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GRISBI_ARCADE_HOME", __import__("tempfile").mkdtemp(prefix="grisbi-arcade-tool-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def bench_ticks(ticks: int, game: str | None, seats: str | None) -> tuple[list[float], list[float]]:
    from arcade.app import App, AppOptions
    from arcade.scenes.attract import AttractScene
    from arcade.scenes.menus import TitleScene, start_match

    app = App(AppOptions(headless=True, config_dir=tempfile.mkdtemp(), bot_think_ticks=30, record=False))
    app.reset_to(TitleScene(app))
    if game:
        from arcade.games import REGISTRY
        from arcade.match import parse_seats

        r = REGISTRY[game]
        start_match(app, game, parse_seats(seats, r.min_players, r.max_players), 5, {})
        app.top.demo = True
    else:
        app.push(AttractScene(app))
    times, cpu = [], []
    for _ in range(ticks):
        t0, c0 = time.perf_counter(), time.thread_time()
        app.pump()
        app.tick()
        app.draw(0.5)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return times, cpu


def launch_time() -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "arcade", "--headless", "--frames", "1", "--config-dir",
                    tempfile.mkdtemp()], check=True, capture_output=True, cwd=Path(__file__).resolve().parent.parent)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ticks", type=int, default=3600)
    ap.add_argument("--game", help="bench one game's table (all seats bots) instead of the attract rotation")
    ap.add_argument("--seats", default="bot,bot,bot,bot,bot,bot,bot,bot")
    a = ap.parse_args()
    times, cpu = bench_ticks(a.ticks, a.game, a.seats)
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    launches = [launch_time() for _ in range(3)]
    what = f"{a.game} table ({len(a.seats.split(','))} seats)" if a.game else "attract mode"
    print(f"{what}, {a.ticks} ticks at 1280x720 (update + draw per tick):")
    print(f"  tick p50 {percentile(times, 50):.2f} ms   p99 {percentile(times, 99):.2f} ms   "
          f"max {max(times):.2f} ms   mean {statistics.fmean(times):.2f} ms   (target p99 <= 8 ms)")
    print(f"  CPU time of the tick (this thread; not inflated by other processes on a shared machine): "
          f"p50 {percentile(cpu, 50):.2f} ms   p99 {percentile(cpu, 99):.2f} ms")
    print(f"  peak memory (max RSS) {peak_mib:.0f} MiB")
    print(f"  launch to first title frame (whole process, median of 3) {statistics.median(launches):.2f} s "
          f"(target <= 1.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
