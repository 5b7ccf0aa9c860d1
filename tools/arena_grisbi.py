"""Arena: hard Grisbi bots against easy ones, 2 vs 2; prints the share of rounds the hard team wins (target >= 75 %).

Each match is seeded (match seed = --seed * 1_000_003 + match index); the hard team alternates between the Robbers
(even matches) and the Police (odd matches). Seats alternate teams (0, 2 Robbers; 1, 3 Police).

    python tools/arena_grisbi.py --games 200 --seed 1
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from arcade.games.grisbi import RULES, Bot  # noqa: E402

MAX_TICKS = 60 * 60 * 60  # an hour of game time: a match that lasts longer is a bug


def play_match(seed: int, levels: tuple[str, ...], **options) -> list[str]:
    """Play one match with one bot per seat at the given levels; return the winning team of each round."""
    players = len(levels)
    state = RULES.initial_state(seed, players, **options)
    bots = [Bot(seat, level, seed) for seat, level in enumerate(levels)]
    winners: list[str] = []
    for _ in range(MAX_TICKS):
        if RULES.is_over(state):
            return winners
        tick = state.tick
        inputs = tuple(bot.input(RULES.view(state, bot.seat), RULES.legal_actions(state, bot.seat), tick)
                       for bot in bots)
        state = RULES.step(state, inputs)
        for ev in state.events:
            if ev[0] == "round_end":
                winners.append(ev[1])
    raise RuntimeError(f"match {seed} did not end within {MAX_TICKS} ticks")


def hard_vs_easy(games: int, seed: int) -> tuple[int, int, int]:
    """Play ``games`` 2-vs-2 matches; return (rounds won by the hard team, rounds played, matches won by it)."""
    hard_rounds = rounds = hard_matches = 0
    for g in range(games):
        hard_team = "robbers" if g % 2 == 0 else "police"
        levels = ("hard", "easy", "hard", "easy") if hard_team == "robbers" else ("easy", "hard", "easy", "hard")
        winners = play_match(seed * 1_000_003 + g, levels)
        rounds += len(winners)
        hard_rounds += sum(1 for w in winners if w == hard_team)
        hard_matches += winners.count(hard_team) >= 3
    return hard_rounds, rounds, hard_matches


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    hard_rounds, rounds, hard_matches = hard_vs_easy(args.games, args.seed)
    dt = time.perf_counter() - t0
    print(f"{args.games} matches, 2 vs 2, hard bots vs easy bots (seed {args.seed}, {dt:.1f} s)")
    print(f"rounds won by the hard team: {hard_rounds}/{rounds} = {100 * hard_rounds / rounds:.1f} %  (target >= 75 %)")
    print(f"matches won by the hard team: {hard_matches}/{args.games}")


if __name__ == "__main__":
    main()
