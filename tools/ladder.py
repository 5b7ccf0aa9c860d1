"""Ladder: every bot level against every other, in every turn-based game, and an Elo per level (issue #18).

For each game (``--game ID`` for one; default: every turn-based game of ``arcade.games.REGISTRY``) and each pair of
levels (easy/normal/hard), plays ``--games`` seeded games (default 200). Half of the seats play one level, half the
other; the sides swap every game so both levels sit everywhere:

- games without teams: level A at seats ``p`` with ``(p + g) % 2 == 0`` in game ``g``, level B at the others;
- team games: a whole team plays one level. Teams come from ``TEAMS[game]`` (pluggable): Cops & Robbers uses
  ``rules.roles(state)`` when the rules have it (seats grouped by role at the deal), else seat parity.

A game's win is shared among its winning seats (a draw between two seats of different levels gives each half); in a
team game every winning seat belongs to the winning team, so the team's level gets the whole game. Winning seats:
``rules.winners(state)`` if the rules have it, else ``state.winners`` if the state has it, else the seats with the top
score (``rules.scores``); for a team game, the team of the top score (a tie across teams is shared).

Prints, per game, the win rate of the first level of each pair and an Elo per level (Bradley-Terry fit of the pair
results; the mean level is 1500), or all of it as JSON with ``--json``. Every decision gets
``decision_rng(seed, seat, step)``: a run is reproducible.

    python tools/ladder.py --game grenade --games 200 --jobs 2

A long pair can be split over runs (``--start``) and logged game by game (``--log``); ``--from-log`` ranks the
logged games without playing (its table says how many games each pair got):

    python tools/ladder.py --game grass --levels normal,hard --games 100 --log a.jsonl
    python tools/ladder.py --game grass --levels normal,hard --games 100 --start 100 --log b.jsonl
    python tools/ladder.py --game grass --levels normal,hard --from-log a.jsonl b.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from itertools import combinations
from multiprocessing import Pool
from typing import Any, Callable

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from arcade.games import REGISTRY, definition_of, is_turn_based  # noqa: E402
from arcade.core.bots import LEVELS, decision_rng  # noqa: E402

MAX_STEPS = 100_000
"""A game longer than this many actions is abandoned (counted as a draw between the two levels)."""


def _roles_or_parity(rules: Any, state: Any) -> tuple[int, ...]:
    """Team index per seat: seats grouped by ``rules.roles(state)`` (order of first appearance), else seat parity."""
    roles = getattr(rules, "roles", None)
    if roles is None:
        return tuple(p % 2 for p in range(state.players))
    names: list[Any] = []
    out = []
    for r in roles(state):
        if r not in names:
            names.append(r)
        out.append(names.index(r))
    return tuple(out)


TEAMS: dict[str, Callable[[Any, Any], tuple[int, ...]]] = {"cops_and_robbers": _roles_or_parity}
"""Games played in teams: game id -> ``f(rules, state) -> team index (0/1) per seat``."""


def default_players(gid: str) -> int:
    """The game's demo table size (4 where it can), an even number of seats so both levels get as many."""
    spec = definition_of(gid).spec
    counts = [n for n in spec.player_counts if n % 2 == 0] or list(spec.player_counts)
    want = getattr(spec, "demo_players", 4)
    return min(counts, key=lambda n: (abs(n - want), n))


def winning_seats(rules: Any, state: Any, teams: tuple[int, ...] | None) -> tuple[int, ...]:
    """The seats that share the win (see the module docstring)."""
    if teams is None:
        if hasattr(rules, "winners"):
            return tuple(rules.winners(state))
        if hasattr(state, "winners"):
            return tuple(state.winners)
    scores = rules.scores(state)
    top = max(scores)
    best = [p for p in range(len(scores)) if scores[p] == top]
    if teams is None:
        return tuple(best)
    won = sorted({teams[p] for p in best})
    return tuple(p for p in range(len(scores)) if teams[p] in won)


def play_one(task: tuple[str, str, str, int, int, int], decide: Callable[..., Any] | None = None
             ) -> tuple[str, str, str, float, float]:
    """One game of ``gid`` between levels ``a`` and ``b`` (game number ``g``). Returns (gid, a, b, a's share of the
    win, b's share). ``decide(state, view, legal, rng, level)``, if given, replaces the game's ``choose`` (a
    diagnostic tool's bot that may read the true state, e.g. tools/grenade_ceiling.py)."""
    gid, a, b, g, players, seed = task
    rules = REGISTRY[gid]
    choose = definition_of(gid).choose
    game_seed = seed * 1_000_003 + g
    s = rules.initial_state(game_seed, players)
    team_fn = TEAMS.get(gid)
    teams = team_fn(rules, s) if team_fn else None
    if teams is not None:
        level = [a if teams[p] == g % 2 else b for p in range(players)]
    else:
        level = [a if (p + g) % 2 == 0 else b for p in range(players)]
    step = 0
    while not rules.is_over(s) and step < MAX_STEPS:
        seat = min(rules.to_act(s))
        legal = rules.legal_actions(s, seat)
        view, rng = rules.view(s, seat), decision_rng(game_seed, seat, step)
        act = decide(s, view, legal, rng, level[seat]) if decide else choose(view, legal, rng, level[seat])
        s = rules.apply(s, seat, act)
        step += 1
    if not rules.is_over(s):
        return gid, a, b, 0.5, 0.5
    if team_fn is not None:
        teams = team_fn(rules, s)  # roles may have been dealt again in a later round
    won = winning_seats(rules, s, teams)
    if not won:
        return gid, a, b, 0.5, 0.5
    share_a = sum(1 for p in won if level[p] == a) / len(won)
    return gid, a, b, share_a, 1 - share_a


def elo(levels: list[str], results: dict[tuple[str, str], tuple[float, float]]) -> dict[str, float]:
    """Bradley-Terry strengths fitted to the pair results (minorization-maximization, with a half game of prior
    between every pair so a 100 % pair stays finite), as Elo points around a mean of 1500."""
    wins = {x: {y: 0.5 for y in levels if y != x} for x in levels}
    for (x, y), (wx, wy) in results.items():
        wins[x][y] += wx
        wins[y][x] += wy
    strength = {x: 1.0 for x in levels}
    for _ in range(500):
        new = {}
        for x in levels:
            total = sum(wins[x].values())
            denom = sum((wins[x][y] + wins[y][x]) / (strength[x] + strength[y]) for y in levels if y != x)
            new[x] = total / denom if denom else strength[x]
        g = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {x: v / g for x, v in new.items()}
    return {x: 1500 + 400 * math.log10(strength[x]) for x in levels}


def play_all(tasks: list[tuple[str, str, str, int, int, int]], jobs: int, progress: bool, log: str | None
             ) -> list[tuple[str, str, str, float, float]]:
    """Play ``tasks`` (``play_one``'s) on ``jobs`` processes; each result is appended to ``log`` (a JSON line:
    ``[gid, a, b, game number, a's share, b's share]``) as soon as its game ends."""
    done = []
    pool = Pool(jobs) if jobs > 1 else None
    try:
        results_iter = pool.imap_unordered(_numbered, tasks) if pool else map(_numbered, tasks)
        for i, (g, r) in enumerate(results_iter, 1):
            done.append(r)
            if log:
                with open(log, "a", encoding="utf-8") as f:
                    f.write(json.dumps([r[0], r[1], r[2], g, r[3], r[4]]) + "\n")
            if progress and i % max(1, len(tasks) // 20) == 0:
                print(f"{i}/{len(tasks)} games", file=sys.stderr, flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    return done


def _numbered(task: tuple[str, str, str, int, int, int]) -> tuple[int, tuple[str, str, str, float, float]]:
    return task[3], play_one(task)


def read_logs(paths: list[str]) -> list[tuple[str, str, str, float, float]]:
    """The games of ``--log`` files, each (gid, a, b, game number) counted once. Raises ValueError if a game is
    logged twice with different results (logs of different code or seeds)."""
    seen: dict[tuple[str, str, str, int], tuple[float, float]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    gid, a, b, g, wa, wb = json.loads(line)
                    if seen.setdefault((gid, a, b, g), (wa, wb)) != (wa, wb):
                        raise ValueError(f"{path}: game {g} of {gid} {a}-{b} logged with two results")
    return [(gid, a, b, wa, wb) for (gid, a, b, _), (wa, wb) in sorted(seen.items())]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    turn_games = [g for g in REGISTRY if is_turn_based(REGISTRY[g])]
    ap.add_argument("--game", action="append", choices=turn_games, help="only this game (repeatable)")
    ap.add_argument("--games", type=int, default=200, help="games per level pair (default 200)")
    ap.add_argument("--players", type=int, default=0, help="seats (default: the game's even demo table size)")
    ap.add_argument("--levels", default=",".join(LEVELS), help="levels to rank (default easy,normal,hard)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    ap.add_argument("--progress", action="store_true", help="report progress on stderr")
    ap.add_argument("--start", type=int, default=0, help="number of the first game of each pair (default 0): a long "
                    "pair split over runs plays games start..start+games-1 in each")
    ap.add_argument("--log", help="append one JSON line per finished game to this file (kept if the run is stopped)")
    ap.add_argument("--from-log", nargs="+", metavar="LOG", help="play nothing: rank the games of these --log files")
    args = ap.parse_args(argv)
    games = args.game or turn_games
    levels = [x for x in args.levels.split(",") if x]
    pairs = [(hi, lo) for lo, hi in combinations(levels, 2)]  # (stronger expected, weaker): hard-normal...
    tables = {gid: args.players or default_players(gid) for gid in games}
    done = read_logs(args.from_log) if args.from_log else play_all(
        [(gid, a, b, g, tables[gid], args.seed) for gid in games for a, b in pairs
         for g in range(args.start, args.start + args.games)], args.jobs, args.progress, args.log)
    out: dict[str, Any] = {}
    for gid in games:
        results: dict[tuple[str, str], tuple[float, float]] = {}
        played: dict[tuple[str, str], int] = {}
        for g2, a, b, wa, wb in done:
            if g2 == gid:
                x, y = results.get((a, b), (0.0, 0.0))
                results[(a, b)] = (x + wa, y + wb)
                played[(a, b)] = played.get((a, b), 0) + 1
        ratings = elo(levels, results)
        out[gid] = {
            "players": tables[gid], "games_per_pair": max(played.values(), default=0),
            "pairs": [{"level": a, "against": b, "wins": results[(a, b)][0], "losses": results[(a, b)][1],
                       "win_rate": results[(a, b)][0] / played[(a, b)]} for a, b in pairs if (a, b) in played],
            "elo": {x: round(ratings[x]) for x in levels},
        }
    if args.json:
        print(json.dumps({"seed": args.seed, "games": out}, indent=2))
        return 0
    for gid, r in out.items():
        print(f"{gid} ({r['players']} players, {r['games_per_pair']} games a pair, seats rotated, seed {args.seed})")
        for p in r["pairs"]:
            print(f"  {p['level']:>6} vs {p['against']:<6} {100 * p['win_rate']:5.1f} %  "
                  f"({p['wins']:g} - {p['losses']:g})")
        print("  Elo: " + ", ".join(f"{x} {r['elo'][x]}" for x in levels))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
