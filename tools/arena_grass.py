"""Arena: the Grass bot against random legal players, or its levels head to head.

Plays ``--games`` seeded matches of ``--players`` seats (default 200 games, 4 players); the bot's seat rotates
(game g: seat g % players), the other seats play uniformly random legal actions. A game counts as a win when the bot
has the highest final running total alone; a shared top is reported apart. Also reports the bot's slowest and mean
decision times. Usage: ``python tools/arena_grass.py --games 200 --seed 1 [--level hard]``.

``--ladder A,B`` plays level A against level B in two-player matches instead (seats swapped every game, seeded;
a shared top counts half), e.g. ``--ladder hard,normal --games 200``; ``--first`` and ``--jobs`` split the games
between processes. Times are CPU times of the deciding process (``time.process_time``), so a loaded machine does
not inflate them.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from arcade.core.bots import decision_rng, random_choose  # noqa: E402
from arcade.games.grass import RULES, choose  # noqa: E402
from arcade.core.rng import Rng, seed_mix  # noqa: E402


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


def duel(seed: int, levels: tuple[str, str], clock: dict[str, list[float]] | None = None
         ) -> tuple[tuple[int, ...], int]:
    """One two-player match, seat i playing ``levels[i]``: (final running totals, hands played). ``clock`` collects
    each level's CPU time per decision."""
    s = RULES.initial_state(seed, 2)
    n = 0
    while not RULES.is_over(s):
        seat = min(RULES.to_act(s))
        legal = RULES.legal_actions(s, seat)
        t0 = time.process_time()
        a = choose(RULES.view(s, seat), legal, decision_rng(seed, seat, n), levels[seat])
        if clock is not None and len(legal) > 1:
            clock.setdefault(levels[seat], []).append(time.process_time() - t0)
        s = RULES.apply(s, seat, a)
        n += 1
    return RULES.scores(s), s.hand_no


def ladder(a: str, b: str, games: int, seed: int, first: int = 0, step: int = 1) -> int:
    score2 = 0  # half points
    clock: dict[str, list[float]] = {}
    hands = 0
    t0 = time.perf_counter()
    played = 0
    for g in range(first, games, step):
        levels = (a, b) if g % 2 == 0 else (b, a)
        totals, h = duel(seed_mix(seed, g), levels, clock)
        hands += h
        played += 1
        mine = 0 if g % 2 == 0 else 1
        if totals[mine] > totals[1 - mine]:
            score2 += 2
        elif totals[mine] == totals[1 - mine]:
            score2 += 1
        print(f"game {g}: {levels[0]} {totals[0]:,} - {levels[1]} {totals[1]:,} ({h} hands)", flush=True)
    print(f"{a} vs {b}: {score2 / 2:.1f}/{played} = {50 * score2 / max(1, played):.1f}% for {a}; "
          f"{hands / max(1, played):.1f} hands a match; {time.perf_counter() - t0:.0f} s")
    for lvl, ts in sorted(clock.items()):
        ts.sort()
        print(f"  {lvl}: {len(ts)} decisions, median {1000 * ts[len(ts) // 2]:.2f} ms, "
              f"p99 {1000 * ts[min(len(ts) - 1, int(0.99 * len(ts)))]:.2f} ms (CPU)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--ladder", default="")
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    if args.ladder:
        a, b = args.ladder.split(",")
        return ladder(a, b, args.games, args.seed, args.first, args.jobs)
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
