"""Soak run: the attract-mode demo headless for a long time, and the process's memory (RSS) over it.

    python tools/soak.py --ticks 432000            # two hours of play (60 ticks a second), printed every 3 minutes
    python tools/soak.py --ticks 60000 --trace     # and what grew most between the warm-up and the end

The demo runs as ``grisbi-arcade --headless --demo`` does (``arcade.client.cli``'s app, the attract scene on top,
one tick and one drawn frame a loop, unpaced), in this process. Every ``--every`` ticks (default 10,800 = 3 minutes
of play) a line: ticks, the play time they are, RSS (MB, ``/proc/self/status`` VmRSS after a garbage collection),
its change since the warm-up (``--warmup`` ticks, default 21,600 = the first 6 minutes, when every game has been on
the table once), the game on the table and the wall time so far. At the end: RSS at the start, after the warm-up,
after 1 h and 2 h of play (216,000 and 432,000 ticks) when reached, the peak, and the peak RSS of each half of the
run after the warm-up with the growth per hour of play between them (peaks: RSS rises and falls with the game on
the table). ``--json FILE`` (``-``: standard output) writes the samples as ``{"samples": [[ticks, rss_mb], ...],
"warmup": ticks}`` instead of the table (``tests/test_soak.py`` reads it).

``--trace``: ``tracemalloc`` (``--frames`` deep, default 6) from the warm-up on, and at the end the ``--top`` (10)
allocation sites that grew most, with their growth in KiB and blocks. It slows the run about threefold, and it sees
only Python's allocations, not the pixels of pygame surfaces: so every cache of the game's modules is listed too
with how full it is (``caches``), where a picture cache filling up shows.

Figures, ``--ticks 432000`` (2 h of play), 2026-11-28 on the 2-core machine (load average 3-9; 16-34 min of wall time):

    before (304d8a7)  start 53.9 MB, 1 h of play 305.8 MB, 2 h of play 349.2 MB; peak 350.0 MB
                      peaks after the warm-up 321.8 -> 350.0 MB: +29.7 MB per hour of play
    after             start 54.6 MB, 1 h of play 94.5 MB, 2 h of play 91.1 MB; peak 116.1 MB (Grisbi on the table)
                      peaks after the warm-up 114.5 -> 116.1 MB: +1.7 MB per hour of play

What grew, and what bounds it now: picture caches that only ever filled (text 4,096 strings of 15 KB on average;
Grisbi's cards in flight, 600 scaled pictures of up to 180 KB, and the flip frames, 2,048, both cleared whole when
full and keyed by a surface's ``id``; 16, 8 and 4 whole-screen backgrounds, one a match layout; 512 panels) and all
five tables' pictures held at once, plus Grenade's bot memos (65,536 positions); glibc kept the holes freed pictures
left (malloc_trim gave back 20-50 MB). Now: smaller memos (``arcade.client.render.memo.DerivedPictures``, text 512,
backgrounds 2, panels 64, Grenade 4,096), and attract mode lets go of the table it leaves and trims the heap
(``memo.release``): one table's pictures at a time.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("GRISBI_ARCADE_HOME", tempfile.mkdtemp(prefix="grisbi-arcade-soak-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

HOUR = 216_000
"""Ticks in an hour of play (60 a second)."""


def rss_mb() -> float:
    """This process's resident set size in MB (Linux ``/proc/self/status``; 0.0 where there is none)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def demo_app():
    """The app of ``grisbi-arcade --headless --demo`` (the command line's own construction) in attract mode."""
    from arcade.client import cli
    from arcade.client.scenes.attract import AttractScene

    app = cli._make_app(cli.build_parser().parse_args(["--headless", "--demo"]), None)
    app.push(AttractScene(app))
    return app


def caches() -> list[tuple[str, int, int | None]]:
    """Every picture and memo cache of the game's modules as ``(name, entries, most)``: the ``functools.lru_cache``
    functions, the ``DerivedPictures`` and the dicts named ``*_cache`` of ``arcade.*`` (what a filling cache holds is not in tracemalloc: a
    surface's pixels are SDL's)."""
    from arcade.client.render.memo import DerivedPictures

    out = []
    for mname, mod in sorted(sys.modules.items()):
        if not mname.startswith("arcade") or mod is None:
            continue
        for name, obj in sorted(vars(mod).items()):
            if hasattr(obj, "cache_info") and getattr(obj, "__module__", None) == mname:
                info = obj.cache_info()
                out.append((f"{mname}.{name}", info.currsize, info.maxsize))
            elif isinstance(obj, DerivedPictures):
                out.append((f"{mname}.{name}", len(obj), obj.maxsize))
            elif isinstance(obj, dict) and name.endswith("_cache"):  # a plain dict: bounded only by its keys
                out.append((f"{mname}.{name}", len(obj), None))
    return out


def soak(ticks: int, every: int, warmup: int, out=None, trace: bool = False, frames: int = 6) -> dict:
    """Run the demo ``ticks`` ticks, sampling RSS every ``every`` ticks (and at 0); print a line a sample to ``out``
    (None: quiet). Returns ``{"samples": [[tick, rss_mb], ...], "warmup": warmup, "snapshot": tracemalloc snapshot
    at the warm-up or None}``."""
    app = demo_app()
    samples = [[0, round(rss_mb(), 1)]]
    base = None
    snap = None
    start = time.perf_counter()
    if out:
        print(f"{'ticks':>8} {'play':>6} {'RSS MB':>8} {'since warm-up':>14}  {'game':<17} wall", file=out)
    for i in range(1, ticks + 1):
        if not app.running:  # SIGTERM / SIGINT: SDL turns them into a quit event
            break
        app.pump()
        app.tick()
        app.draw(1.0)
        if i == warmup and trace:
            import tracemalloc

            gc.collect()
            tracemalloc.start(frames)
            snap = tracemalloc.take_snapshot()
        if i % every == 0 or i == ticks or i == warmup:
            gc.collect()
            rss = round(rss_mb(), 1)
            if i == warmup:
                base = rss
            if samples[-1][0] != i:
                samples.append([i, rss])
            if out:
                grew = f"{rss - base:+.1f}" if base is not None else ""
                game = getattr(app.top, "games", ["?"])[getattr(app.top, "index", 0)]
                print(f"{i:>8} {i // 216000}:{i // 3600 % 60:02d} h {rss:>8.1f} {grew:>14}  {game:<17} "
                      f"{time.perf_counter() - start:.0f} s", file=out, flush=True)
    return {"samples": samples, "warmup": warmup, "snapshot": snap}


def halves(samples: list[list[float]], warmup: int) -> tuple[float, float, float] | None:
    """The peak RSS (MB) of the first and of the second half of the run after ``warmup`` ticks, and the hours of play
    between the two halves' middles; None when there are fewer than two samples after the warm-up. Peaks, not single
    samples: the demo's RSS rises and falls with the game on the table (Grisbi's pictures are the largest)."""
    after = [(t, r) for t, r in samples if t >= warmup]
    if len(after) < 3:
        return None
    mid = (after[0][0] + after[-1][0]) / 2
    first = [r for t, r in after if t <= mid]
    second = [r for t, r in after if t > mid]
    return max(first), max(second), (after[-1][0] - after[0][0]) / 2 / HOUR


def report(result: dict, out) -> None:
    """The summary lines: RSS at the start, warm-up, 1 h and 2 h of play; the peaks of the two halves after the
    warm-up and the growth per hour of play between them."""
    samples = result["samples"]
    at = dict((t, r) for t, r in samples)
    marks = [("start", 0), ("warm-up", result["warmup"]), ("1 h of play", HOUR), ("2 h of play", 2 * HOUR)]
    print("RSS: " + ", ".join(f"{name} {at[t]:.1f} MB" for name, t in marks if t in at) +
          f"; peak {max(r for _, r in samples):.1f} MB", file=out)
    h = halves(samples, result["warmup"])
    if h is not None:
        a, b, hours = h
        print(f"peak after the warm-up: {a:.1f} MB in the first half, {b:.1f} MB in the second: {b - a:+.1f} MB in "
              f"{hours:.2f} h of play = {(b - a) / hours:+.1f} MB per hour of play", file=out)


def trace_report(snap, top: int, out) -> None:
    """What grew most since ``snap`` (tracemalloc), and how full every cache is."""
    import tracemalloc

    gc.collect()
    now = tracemalloc.take_snapshot()
    print(f"\ntop {top} allocation sites by growth since the warm-up (tracemalloc):", file=out)
    for st in now.compare_to(snap, "traceback")[:top]:
        print(f"  {st.size_diff / 1024:+9.1f} KiB {st.count_diff:+7d} blocks", file=out)
        for line in st.traceback.format()[-2 * min(4, len(st.traceback)):]:
            print(f"      {line}", file=out)
    tracemalloc.stop()
    print("\ncaches (entries of at most; pixels are not in tracemalloc):", file=out)
    for name, n, most in sorted(caches(), key=lambda c: -c[1]):
        if n:
            print(f"  {n:7d} of {most if most is not None else 'unbounded':>9}  {name}", file=out)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ticks", type=int, default=HOUR, help="ticks to run (default 216,000 = 1 h of play)")
    p.add_argument("--every", type=int, default=10_800, help="ticks between two samples (default 10,800 = 3 min)")
    p.add_argument("--warmup", type=int, default=21_600, help="ticks before growth is counted (default 21,600)")
    p.add_argument("--trace", action="store_true", help="tracemalloc: the allocation sites that grew most")
    p.add_argument("--top", type=int, default=10, help="with --trace: how many sites (default 10)")
    p.add_argument("--frames", type=int, default=6, help="with --trace: traceback depth (default 6)")
    p.add_argument("--json", metavar="FILE", help="write the samples as JSON here ('-': standard output)")
    args = p.parse_args(argv)
    if args.ticks < 1 or args.every < 1 or not 0 < args.warmup <= args.ticks:
        p.error("--ticks and --every must be positive, --warmup 1..--ticks")
    out = None if args.json == "-" else sys.stdout
    result = soak(args.ticks, args.every, args.warmup, out, args.trace, args.frames)
    if args.json:
        doc = json.dumps({"samples": result["samples"], "warmup": result["warmup"]})
        if args.json == "-":
            print(doc)
        else:
            Path(args.json).write_text(doc, encoding="utf-8")
    if out:
        report(result, out)
        if args.trace:
            trace_report(result["snapshot"], args.top, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
