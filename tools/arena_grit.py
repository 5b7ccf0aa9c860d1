"""Arena: the Grit bot against the uniformly random legal player (or another bot level), and the level ladder.

Plays ``--games`` seeded single duels (seeds ``--seed`` .. ``--seed + games - 1``); the bot takes seat 0 in even
games and seat 1 in odd ones. Prints wins / draws / losses of the bot and its win rate (wins / games, in per cent)
plus the slowest and mean decision time. The issue asks for a win rate of at least 70% over 400 duels.

    python tools/arena_grit.py --games 400 --seed 0 --level normal

``--ladder`` plays every pair of levels (easy-normal, normal-hard, easy-hard), each deal twice with the seats swapped
(``--games`` duels a pair, ``--jobs`` processes), and prints the win rate of the stronger level of each pair (a draw
counts half) and the p50 / p99 of hard's decision time. Targets (issue #18): hard beats normal >= 60 %, normal beats
easy >= 60 %, hard's p99 <= 250 ms.

    python tools/arena_grit.py --ladder --games 400 --seed 0 --jobs 2
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from arcade.core.bots import random_choose  # noqa: E402
from arcade.games.grit import RULES, choose  # noqa: E402
from arcade.core.rng import Rng, seed_mix  # noqa: E402


def play_duel(seed: int, bot_seat: int, level: str = "normal", opponent: str = "random",
              prototype_deck: bool = False, timings: list[int] | None = None) -> int:
    """One duel; returns the winner seat or -1 for a draw. ``opponent``: "random" or a bot level."""
    s = RULES.initial_state(seed, 2, prototype_deck=prototype_deck)
    step = 0
    while not RULES.is_over(s):
        (seat,) = RULES.to_act(s)
        legal = RULES.legal_actions(s, seat)
        rng = Rng(seed_mix(seed, seat, step))
        view = RULES.view(s, seat)
        if seat == bot_seat:
            t0 = time.perf_counter_ns()
            a = choose(view, legal, rng, level)
            if timings is not None:
                timings.append(time.perf_counter_ns() - t0)
        elif opponent == "random":
            a = random_choose(view, legal, rng)
        else:
            a = choose(view, legal, rng, opponent)
        s = RULES.apply(s, seat, a)
        step += 1
    return s.result


def run(games: int, seed: int, level: str = "normal", opponent: str = "random",
        prototype_deck: bool = False) -> tuple[int, int, int, list[int]]:
    """(wins, draws, losses, decision times in ns) of the bot over ``games`` duels, alternating seats."""
    wins = draws = losses = 0
    timings: list[int] = []
    for g in range(games):
        bot_seat = g % 2
        winner = play_duel(seed + g, bot_seat, level, opponent, prototype_deck, timings)
        if winner == bot_seat:
            wins += 1
        elif winner == -1:
            draws += 1
        else:
            losses += 1
    return wins, draws, losses, timings


def _ladder_duel(job: tuple[int, int, str, str]) -> tuple[float, list[int]]:
    """One duel of a pair: (points of level ``a``: 1 win, 0.5 draw, 0 loss; hard's decision times in ns)."""
    seed, a_seat, a, b = job
    s = RULES.initial_state(seed, 2)
    step = 0
    times: list[int] = []
    while not RULES.is_over(s):
        (seat,) = RULES.to_act(s)
        legal = RULES.legal_actions(s, seat)
        level = a if seat == a_seat else b
        t0 = time.perf_counter_ns()
        act = choose(RULES.view(s, seat), legal, Rng(seed_mix(seed, seat, step)), level)
        if level == "hard" and len(legal) > 1:
            times.append(time.perf_counter_ns() - t0)
        s = RULES.apply(s, seat, act)
        step += 1
    return (1.0 if s.result == a_seat else 0.5 if s.result == -1 else 0.0), times


def ladder(games: int, seed: int, jobs: int = 1) -> tuple[dict[tuple[str, str], float], list[int]]:
    """Win rate (per cent, draws half) of the stronger level of each pair, and hard's decision times (ns)."""
    import multiprocessing

    pairs = (("normal", "easy"), ("hard", "normal"), ("hard", "easy"))
    rates: dict[tuple[str, str], float] = {}
    times: list[int] = []
    for a, b in pairs:
        work = [(seed + g // 2, g % 2, a, b) for g in range(games)]
        if jobs > 1:
            with multiprocessing.Pool(jobs) as pool:
                res = pool.map(_ladder_duel, work, chunksize=4)
        else:
            res = [_ladder_duel(w) for w in work]
        rates[(a, b)] = 100 * sum(r for r, _ in res) / games
        times += [t for _, ts in res for t in ts]
    return rates, sorted(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    ap.add_argument("--opponent", default="random", choices=("random", "easy", "normal", "hard"))
    ap.add_argument("--prototype-deck", action="store_true")
    ap.add_argument("--ladder", action="store_true", help="play every pair of levels")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.ladder:
        t0 = time.perf_counter()
        rates, times = ladder(args.games, args.seed, args.jobs)
        print(f"grit ladder: {args.games} duels a pair from seed {args.seed} (seats swapped, draws count half)")
        for (a, b), r in rates.items():
            print(f"  {a:<7} beats {b:<7} {r:5.1f} %")
        if times:
            p50, p99 = times[len(times) // 2], times[min(len(times) - 1, 99 * len(times) // 100)]
            print(f"  hard decision time: p50 {p50 / 1e6:.0f} ms, p99 {p99 / 1e6:.0f} ms ({len(times)} decisions)")
        print(f"  ({time.perf_counter() - t0:.0f} s)")
        return 0
    t0 = time.perf_counter()
    wins, draws, losses, timings = run(args.games, args.seed, args.level, args.opponent, args.prototype_deck)
    elapsed = time.perf_counter() - t0
    rate = 100 * wins / args.games if args.games else 0.0
    print(f"grit bot ({args.level}) vs {args.opponent}: {args.games} duels from seed {args.seed}"
          f"{' (prototype deck)' if args.prototype_deck else ''}")
    print(f"wins {wins}  draws {draws}  losses {losses}  win rate {rate:.1f}%")
    if timings:
        print(f"decision time: mean {sum(timings) / len(timings) / 1e6:.1f} ms, max {max(timings) / 1e6:.1f} ms"
              f" ({len(timings)} decisions, {elapsed:.1f} s total)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
