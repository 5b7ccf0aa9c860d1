"""Arena: the Grenade bot against random legal players.

Plays ``--games`` seeded games of ``--players`` players: seat ``g % players`` is the bot (so it sits everywhere in
turn), the others are uniformly random legal players (``arcade.core.bots.random_choose``). Prints the bot's win rate
(a draw counts as half a win), the random baseline (1/players) and the bot's slowest decision.

    python tools/arena_grenade.py --games 200 --seed 1 --players 4 --level hard
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from arcade.core.bots import decision_rng, random_choose  # noqa: E402
from arcade.games.grenade import RULES, choose  # noqa: E402


def play(seed: int, players: int, bot_seats: dict[int, str], clock: list[float] | None = None):
    """One game; ``bot_seats`` maps seat -> level, every other seat plays at random. Returns the final state."""
    s = RULES.initial_state(seed, players)
    step = 0
    while not RULES.is_over(s):
        seat = s.current
        legal = RULES.legal_actions(s, seat)
        rng = decision_rng(seed, seat, step)
        if seat in bot_seats:
            t0 = time.perf_counter()
            a = choose(RULES.view(s, seat), legal, rng, bot_seats[seat])
            if clock is not None:
                clock.append(time.perf_counter() - t0)
        else:
            a = random_choose(RULES.view(s, seat), legal, rng)
        s = RULES.apply(s, seat, a)
        step += 1
    return s


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    ap.add_argument("--opponents", default="random", choices=("random", "easy", "normal", "hard"),
                    help="what fills the other seats (default: random legal players)")
    args = ap.parse_args(argv)
    wins2 = 0  # half-wins
    clock: list[float] = []
    for g in range(args.games):
        bot = g % args.players
        seats = {p: args.opponents for p in range(args.players)} if args.opponents != "random" else {}
        seats[bot] = args.level
        s = play(args.seed * 100_003 + g, args.players, seats, clock if args.opponents == "random" else None)
        if bot in s.winners:
            wins2 += 2 if len(s.winners) == 1 else 1
    rate = wins2 * 1000 // (2 * args.games)
    print(f"grenade: {args.level} bot vs {args.players - 1} {args.opponents} players, {args.games} games (seed {args.seed}): "
          f"bot wins {wins2 / 2:g} = {rate / 10:.1f}% (random baseline {100 / args.players:.1f}%)")
    clock.sort()
    if clock:
        print(f"bot decision time: median {clock[len(clock) // 2] * 1000:.2f} ms, "
              f"max {clock[-1] * 1000:.2f} ms over {len(clock)} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
