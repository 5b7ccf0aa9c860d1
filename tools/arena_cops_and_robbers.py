"""Arena: a team of Cops & Robbers bots against a team of random legal players.

Plays ``--games`` seeded games of ``--players`` players (4 or 6). Roles are dealt at random (any split of the seats);
in game ``g`` the bots are the Cops when ``g`` is even and the Robbers when it is odd (dealt by the first round, so the
bots play both sides); the other team plays ``--opponents`` (uniformly random legal actions, or a bot level). A team
wins a game when the highest score is one of its seats' (a tie across the teams is nobody's win). Prints the bot
team's win rate, split by its role, and the bot's decision times. (With 5 rounds the roles change from round to
round; the "team" is then the seats that held the role in the first round, and the split by role is not printed.)

    python tools/arena_cops_and_robbers.py --games 200 --seed 1 --level hard
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from arcade.core.bots import decision_rng, random_choose  # noqa: E402
from arcade.games.cops_and_robbers import COP, ROBBER, RULES, choose  # noqa: E402


def play(seed: int, players: int, bot_role: str, level: str, clock: list[tuple[float, float]] | None = None,
         rounds: int = 1, opponents: str = "random"):
    """One game; the seats dealt ``bot_role`` in the first round play the bot at ``level``, the others play
    ``opponents`` ("random" or a bot level). Returns (the final state, the bot seats)."""
    s = RULES.initial_state(seed, players, rounds=rounds)
    bots = frozenset(p for p in range(players) if s.roles[p] == bot_role)
    step = 0
    while not RULES.is_over(s):
        (seat,) = RULES.to_act(s)
        legal = RULES.legal_actions(s, seat)
        rng = decision_rng(seed, seat, step)
        if seat in bots:
            t0, c0 = time.perf_counter(), time.process_time()
            a = choose(RULES.view(s, seat), legal, rng, level)
            if clock is not None:
                clock.append((time.perf_counter() - t0, time.process_time() - c0))
        elif opponents == "random":
            a = random_choose(RULES.view(s, seat), legal, rng)
        else:
            a = choose(RULES.view(s, seat), legal, rng, opponents)
        s = RULES.apply(s, seat, a)
        step += 1
    return s, bots


def bots_won(s, bots: frozenset[int]) -> bool:
    """True when every seat with the top score is a bot seat (a tie across the teams is nobody's win)."""
    sc = RULES.scores(s)
    top = max(sc)
    return all(p in bots for p in range(s.players) if sc[p] == top)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4, choices=(4, 6))
    ap.add_argument("--rounds", type=int, default=1, choices=(1, 5))
    ap.add_argument("--level", default="hard", choices=("easy", "normal", "hard"))
    ap.add_argument("--opponents", default="random", choices=("random", "easy", "normal", "hard"))
    args = ap.parse_args(argv)
    wins = 0
    by_role = {"cop": [0, 0], "robber": [0, 0]}
    clock: list[tuple[float, float]] = []
    for g in range(args.games):
        role = (COP, ROBBER)[g % 2]
        s, bots = play(args.seed * 100_003 + g, args.players, role, args.level, clock, args.rounds, args.opponents)
        won = bots_won(s, bots)
        wins += won
        by_role[role][0] += won
        by_role[role][1] += 1
    print(f"cops_and_robbers: {args.level} bot team vs {args.opponents} team, {args.players} players, "
          f"{args.rounds} round(s), {args.games} games (seed {args.seed}): bot team wins {wins} = "
          f"{wins * 1000 // args.games / 10:.1f}%")
    for role, (w, n) in by_role.items():
        if n and args.rounds == 1:  # with 5 rounds the roles change from round to round
            print(f"  as {role}s: {w}/{n} = {w * 1000 // n / 10:.1f}%")
    for k, name in ((0, "wall"), (1, "processor")):
        ts = sorted(c[k] for c in clock)
        print(f"bot decision {name} time: median {ts[len(ts) // 2] * 1000:.3f} ms, "
              f"p99 {ts[min(len(ts) - 1, len(ts) * 99 // 100)] * 1000:.3f} ms, max {ts[-1] * 1000:.3f} ms "
              f"over {len(ts)} decisions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
