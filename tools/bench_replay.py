"""How many times faster than real time a 10-minute 8-seat Grisbi replay verifies (target >= 100x).

Records 36,000 ticks (10 minutes at 60 Hz) of 8 hard bots (a new match starts whenever one ends, as the replay of a
long session), writes the replay file, then times ``verify_replay`` (decoding excluded and included) and prints the
ratio of match time to verification time.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arcade.core.match import Match, parse_seats  # noqa: E402
from arcade.core.replay import ReplayWriter, make_header, read_replay, verify_replay  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    ticks = int(a.minutes * 60 * 60)
    seats = parse_seats(",".join(["bot:hard"] * 8), 2, 8)
    folder = Path(tempfile.mkdtemp())
    # one replay file, as long as asked: the match is given a long time limit so a game lasts; if it ends early,
    # the file simply ends there and we record another, reporting the total
    done = 0
    files = []
    seed = a.seed
    while done < ticks:
        m = Match("grisbi", seats, seed)
        path = folder / f"g{seed}.grr"
        m.recorder = ReplayWriter(path, make_header("grisbi", seed, m.seat_specs(), m.options), flush_on_input=False)
        while not m.is_over() and done < ticks:
            m.tick()
            done += 1
        m.close_recording()
        files.append(path)
        seed += 1
    size = sum(p.stat().st_size for p in files)
    t0 = time.perf_counter()
    reps = [read_replay(p) for p in files]
    t1 = time.perf_counter()
    results = [verify_replay(r) for r in reps]
    t2 = time.perf_counter()
    assert all(r.ok for r in results), [r.message for r in results if not r.ok]
    match_seconds = done / 60
    print(f"{done} ticks ({match_seconds / 60:.1f} min) of 8-seat Grisbi with hard bots in {len(files)} replay "
          f"file(s), {size} bytes ({size / match_seconds:.0f} bytes per second of play)")
    print(f"  decode {t1 - t0:.3f} s, verify {t2 - t1:.2f} s "
          f"({sum(r.checked for r in results)} checksums compared)")
    print(f"  verification speed: {match_seconds / (t2 - t0):.0f}x real time including decoding "
          f"(target >= 100x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
