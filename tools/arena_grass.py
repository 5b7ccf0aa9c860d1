"""Arena: the Grass bot against random legal players.

Plays ``--games`` seeded matches of ``--players`` seats (default 200 games, 4 players); the bot's seat rotates
(game g: seat g % players), the other seats play uniformly random legal actions. A game counts as a win when the bot
has the highest final running total alone; a shared top is reported apart. Also reports the bot's slowest and mean
decision times. Usage: ``python tools/arena_grass.py --games 200 --seed 1 [--level hard]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from arcade.games.bots import random_choose  # noqa: E402
from arcade.games.grass import RULES, choose  # noqa: E402
from arcade.games.rng import Rng, seed_mix  # noqa: E402


def play_game(seed: int, players: int, bot_seat: int, level: str = "hard", clock: list | None = None
              ) -> tuple[tuple[int, ...], int]:
    """One match: returns (final running totals, number of actions). ``clock`` collects the bot's decision times
    (seconds) if given."""
    s = RULES.initial_state(seed, players)
    rng = Rng(seed_mix(seed, 77))
    actions = 0
    while not RULES.is_over(s):
        for seat in sorted(RULES.to_act(s)):
            if seat not in RULES.to_act(s):
                continue
            legal = RULES.legal_actions(s, seat)
            rng, sub = Rng(rng.next64()[0]), rng
            if seat == bot_seat:
                t0 = time.perf_counter()
                a = choose(RULES.view(s, seat), legal, sub, level)
                if clock is not None:
                    clock.append(time.perf_counter() - t0)
            else:
                a = random_choose(RULES.view(s, seat), legal, sub)
            s = RULES.apply(s, seat, a)
            actions += 1
    return RULES.scores(s), actions


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--level", default="hard")
    args = ap.parse_args(argv)
    wins = shared = 0
    clock: list[float] = []
    t0 = time.perf_counter()
    margin = 0
    for g in range(args.games):
        bot = g % args.players
        totals, _ = play_game(seed_mix(args.seed, g), args.players, bot, args.level, clock)
        best = max(totals)
        top = [i for i, t in enumerate(totals) if t == best]
        if top == [bot]:
            wins += 1
        elif bot in top:
            shared += 1
        margin += totals[bot] - max(t for i, t in enumerate(totals) if i != bot)
    n = args.games
    print(f"Grass bot ({args.level}) vs {args.players - 1} random players: {wins}/{n} wins = {100 * wins / n:.1f}%"
          f" (+{shared} shared tops); mean margin ${margin // n:,}")
    print(f"decisions: {len(clock)}, mean {1000 * sum(clock) / max(1, len(clock)):.2f} ms, "
          f"max {1000 * max(clock, default=0):.2f} ms; {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
