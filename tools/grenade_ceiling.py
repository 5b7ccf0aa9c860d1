"""How far can a Grenade bot get above "normal"? Two measurements of the ceiling of issue #18's hard-vs-normal target.

1. ``--seeds``: the ladder's games (``tools/ladder.py``: four players, two seats a level alternating, seats rotated,
   the same seeds and decision generators), "hard" against "normal" played twice: hard as shipped (it searches the
   posterior over the hidden hearts) and hard *seeing every heart* (the same search given the true deal: no
   information gap left). Prints hard's share of the wins per seed for both. With ``--depth N`` a third row: hard
   seeing every heart and looking ``N`` moves ahead instead of two (``N`` = 4: a full round of four players), by
   expectimax over every roll, each opponent replying exactly as "normal" would holding its own heart, the position
   at the horizon scored by ``race_leaf`` (its chance of outlasting everyone). About 0.5 s a decision: a measuring
   stick, not a bot. ``--players 2``: the same in the 2-player duel (two hearts each, one seat a level).

2. ``--regret N``: N positions from games of four "normal" bots (a random move number of a seeded game, a seat with at
   least two different grenades to move). Each choice's chance of winning is estimated by ``--rollouts`` games played
   to the end by "normal" at every seat, knowing every heart (the same dice for every choice: common random numbers).
   Prints, averaged over the positions, how much winning chance "normal"'s choice gives up against the best choice
   (its regret, in percentage points), and the same for hard's search seeing every heart. The best of noisy
   estimates is biased upwards, so the regrets are upper bounds (by about the standard error printed).

A bot that removed all of normal's regret at each of its ~6.5 decisions a game would gain at most that much winning
chance per decision; with two seats a level, hard's share is 50 % plus twice what one hard seat gains over 25 %.

    python tools/grenade_ceiling.py --seeds 13,14,15,16 --games 200 --jobs 2
    python tools/grenade_ceiling.py --seeds 13,14,15,16 --games 200 --jobs 2 --depth 4
    python tools/grenade_ceiling.py --seeds 21,22 --games 200 --jobs 2 --depth 4 --players 2
    python tools/grenade_ceiling.py --regret 60 --rollouts 300 --jobs 2
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import sys
from dataclasses import replace
from functools import partial
from multiprocessing import Pool
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ladder  # noqa: E402

from arcade.games import grenade  # noqa: E402
from arcade.games.grenade.bot import _heat  # noqa: E402
from arcade.games.grenade.rules import RULES, Throw  # noqa: E402
from arcade.games.grenade.search import model_move, search  # noqa: E402
from arcade.core.rng import Rng  # noqa: E402

PLAYERS = 4


def sees_every_heart(state: Any, view: Any, legal: Any, rng: Rng, level: str) -> Throw:
    """A ``ladder.play_one`` decider: "hard" searches the true deal; the other levels play as shipped."""
    if level == "hard":
        return search(view, legal, rng, deals=[(state.hearts, 1)])
    return grenade.choose(view, legal, rng, level)


BASE_HAZARD = 1.5
"""Danger every face-up spade runs each move whatever the dice show now (36ths), in ``race_leaf``: about the average
rate at which spades are blown over a game (a spade lasts some 24 moves)."""


def race_leaf(s: Any, me: int) -> float:
    """``me``'s chance of being the last one standing in ``s``, every heart known: 1 or 0 (a share of a draw) once
    decided; else each live seat's spade is taken to last an exponential time whose rate is ``BASE_HAZARD`` plus the
    danger the dice put on it now (``bot.heat``, 36ths a move; two spades in a 2-player game: the rate of losing
    both), and ``me`` wins if its spade outlasts all the others' (inclusion-exclusion over the opponents)."""
    if s.winners:
        return 1 / len(s.winners) if me in s.winners else 0.0
    if s.out_move[me]:
        return 0.0
    h = _heat(s.wheel, s.blown, s.dice)
    rate = {}
    for p in range(s.players):
        if s.out_move[p]:
            continue
        rates = [BASE_HAZARD + h[s.wheel.index(r)] for r in s.hearts[p] if r not in s.revealed[p]]
        a = rates[0]
        rate[p] = a if len(rates) == 1 else 1 / (1 / a + 1 / rates[1] - 1 / (a + rates[1]))  # 1 / E[max of two]
    others = [p for p in rate if p != me]
    return sum((-1) ** k * rate[me] / (rate[me] + sum(rate[o] for o in group))
               for k in range(len(others) + 1) for group in itertools.combinations(others, k))


def _choices(s: Any) -> list[int]:
    """One die per distinct grenade (dice on the same place with the same pips are one choice), lowest first."""
    seen: dict[tuple[int, int], int] = {}
    for d in range(len(s.dice)):
        seen.setdefault(s.dice[d], d)
    return sorted(seen.values())


def _expect(s: Any, me: int, die: int, depth: int) -> float:
    """Expectimax value for ``me`` of the seat to play moving ``die`` in ``s``, ``depth`` moves deep (this one
    included): every next roll, ``me`` choosing its best grenade, any other seat "normal"'s (``model_move``)."""
    after = RULES.apply(s, s.current, Throw(die))
    if after.winners or after.out_move[me] or depth == 1:
        return race_leaf(after, me)
    total = 0.0
    for roll in range(1, 7):
        nxt = replace(after, roll=roll, events=())
        if nxt.current == me:
            total += max(_expect(nxt, me, d, depth - 1) for d in _choices(nxt))
        else:
            total += _expect(nxt, me, model_move(nxt), depth - 1)
    return total / 6


def looks_ahead(depth: int):
    """A ``ladder.play_one`` decider: "hard" sees every heart and plays the best grenade by ``_expect`` at
    ``depth``; the other levels play as shipped."""

    def decide(state: Any, view: Any, legal: Any, rng: Rng, level: str) -> Throw:
        if level != "hard":
            return grenade.choose(view, legal, rng, level)
        values = [(_expect(state, state.current, d, depth), -d) for d in _choices(state)]
        return Throw(-max(values)[1])

    return decide


def _game(task: tuple[int, int, int, int, int]) -> tuple[int, int, float]:
    """(variant, seed, game number, depth, players) -> (variant, seed, hard's share): variant 0 as shipped, 1 seeing
    every heart, 2 seeing every heart ``depth`` moves ahead."""
    variant, seed, g, depth, players = task
    decide = (None, sees_every_heart, looks_ahead(depth))[variant]
    r = ladder.play_one(("grenade", "hard", "normal", g, players, seed), decide)
    return variant, seed, r[3]


def ceiling(seeds: list[int], games: int, jobs: int, depth: int = 0, players: int = PLAYERS) -> None:
    """Part 1 of the module docstring."""
    variants = [0, 1] + ([2] if depth else [])
    tasks = [(v, seed, g, depth, players) for seed in seeds for v in variants for g in range(games)]
    share: dict[tuple[int, int], float] = {}
    with Pool(jobs) as pool:
        for v, seed, a in pool.imap_unordered(_game, tasks, chunksize=4):
            share[(v, seed)] = share.get((v, seed), 0.0) + a
    print(f"grenade, hard vs normal ({players} players, {games} games a seed, seats rotated as tools/ladder.py)")
    names = ("hard as shipped", "hard seeing every heart", f"seeing every heart, {depth} moves ahead")
    for v in variants:
        row = [100 * share[(v, s)] / games for s in seeds]
        cells = "  ".join(f"seed {s} {x:5.1f} %" for s, x in zip(seeds, row))
        won = sum(share[(v, s)] for s in seeds)
        print(f"  {names[v]:<33} {cells}   all {100 * won / (games * len(seeds)):5.1f} % ({won:g} of "
              f"{games * len(seeds)})")


def _winning_chance(s: Any, seat: int, die: int, seeds: list[int]) -> float:
    won = 0.0
    for sd in seeds:
        st = RULES.apply(replace(s, rng=Rng(sd)), seat, Throw(die))
        while not st.winners:
            st = RULES.apply(st, st.current, Throw(model_move(st)))
        if seat in st.winners:
            won += 1 / len(st.winners)
    return won / len(seeds)


def _position(k: int, rollouts: int) -> tuple[int, float, float, float, float] | None:
    """Position ``k`` (None if that game gives none): (players left, best, normal's, all-seeing hard's, worst)."""
    rnd = random.Random(k)
    s = RULES.initial_state(rnd.getrandbits(32), PLAYERS)
    for _ in range(rnd.randrange(28)):
        if s.winners:
            return None
        s = RULES.apply(s, s.current, Throw(model_move(s)))
    if s.winners:
        return None
    seat = s.current
    dice: dict[tuple[int, int], int] = {}
    for a in RULES.legal_actions(s, seat):
        dice.setdefault(s.dice[a.die], a.die)
    if len(dice) < 2:
        return None
    seeds = [rnd.getrandbits(63) for _ in range(rollouts)]
    value = {key: _winning_chance(s, seat, d, seeds) for key, d in dice.items()}
    hard = search(RULES.view(s, seat), RULES.legal_actions(s, seat), Rng(k), deals=[(s.hearts, 1)])
    left = sum(1 for p in range(PLAYERS) if s.out_move[p] == 0)
    return (left, max(value.values()), value[s.dice[model_move(s)]], value[s.dice[hard.die]], min(value.values()))


def regret(positions: int, rollouts: int, jobs: int) -> None:
    """Part 2 of the module docstring."""
    found: list[tuple[int, float, float, float, float]] = []
    k = 0
    with Pool(jobs) as pool:
        while len(found) < positions:
            batch = range(k, k + 2 * (positions - len(found)))
            k = batch.stop
            found += [r for r in pool.map(partial(_position, rollouts=rollouts), batch) if r is not None]
    found = found[:positions]
    se = 100 * (0.25 * 0.75 / rollouts) ** 0.5
    print(f"grenade, {len(found)} positions of four 'normal' bots, {rollouts} rollouts a choice "
          f"(standard error of one estimate about {se:.1f} points)")
    for left in (4, 3, 2, 0):
        rows = [r for r in found if r[0] == left or left == 0]
        if not rows:
            continue
        n = len(rows)
        spread = sum(r[1] - r[4] for r in rows) / n
        normal = sum(r[1] - r[2] for r in rows) / n
        hard = sum(r[1] - r[3] for r in rows) / n
        label = "all positions" if left == 0 else f"{left} players left"
        print(f"  {label:<16} n={n:3d}  best - worst {100 * spread:4.1f}   regret: normal {100 * normal:4.1f}, "
              f"hard seeing every heart {100 * hard:4.1f}  (points of winning chance a decision)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", help="ladder seeds to play, comma-separated (part 1)")
    ap.add_argument("--games", type=int, default=200, help="games a seed and a variant (default 200)")
    ap.add_argument("--depth", type=int, default=0, metavar="N", help="also hard seeing every heart, N moves ahead "
                    "(part 1; 4: a full round of four players)")
    ap.add_argument("--players", type=int, default=PLAYERS, help="seats in part 1 (default 4, the ladder's table; "
                    "2: a duel, two hearts each)")
    ap.add_argument("--regret", type=int, default=0, metavar="N", help="positions to measure (part 2)")
    ap.add_argument("--rollouts", type=int, default=300, help="rollouts a choice (default 300)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    args = ap.parse_args(argv)
    if not args.seeds and not args.regret:
        ap.error("nothing to do: give --seeds and/or --regret")
    if args.seeds:
        ceiling([int(x) for x in args.seeds.split(",")], args.games, args.jobs, args.depth, args.players)
    if args.regret:
        regret(args.regret, args.rollouts, args.jobs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
