"""Arena: the Grit bot against the uniformly random legal player (or another bot level).

Plays ``--games`` seeded single duels (seeds ``--seed`` .. ``--seed + games - 1``); the bot takes seat 0 in even
games and seat 1 in odd ones. Prints wins / draws / losses of the bot and its win rate (wins / games, in per cent)
plus the slowest and mean decision time. The issue asks for a win rate of at least 70% over 400 duels.

    python tools/arena_grit.py --games 400 --seed 0 --level normal
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from arcade.games.bots import random_choose  # noqa: E402
from arcade.games.grit import RULES, choose  # noqa: E402
from arcade.games.rng import Rng, seed_mix  # noqa: E402


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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    ap.add_argument("--opponent", default="random", choices=("random", "easy", "normal", "hard"))
    ap.add_argument("--prototype-deck", action="store_true")
    args = ap.parse_args(argv)
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
