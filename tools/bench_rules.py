"""Speed of the turn-based games' rules and bots.

For each turn-based game: the median time of one full game with bots at every seat (4 players unless the game takes
fewer; for Grass also of its first hand alone), and the median (p50) and p99 time of one bot decision (``choose`` on
the seat's view and legal actions) at ``--level`` (default "hard": the searching bots' budget is checked here,
target p99 <= 250 ms). Decision times are given as wall-clock time and as this process's CPU time (the CPU figure is
what the decision costs when other programs load the machine). Grass's hard bot searches: its
decisions are timed over the first 250 actions of each run.
Usage: python tools/bench_rules.py [--games grass,grenade,...] [--runs 10] [--players 4] [--level hard]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arcade.games import REGISTRY, definition_of, is_turn_based  # noqa: E402
from arcade.core.bots import decision_rng  # noqa: E402


# Where a game is played over several hands, the figure is also given for its first hand.
HAND_OVER = {"grass": lambda s: s.phase == "scoring"}
# Games whose hard bot searches (~150 ms a decision): a whole match of searching bots takes minutes, so their
# decision times come from the first ``SEARCH_ACTIONS`` actions of each run (the game median is then not printed).
SEARCH_ACTIONS = {"grass": 250}


def play(gid: str, seed: int, players: int, level: str, decisions: list[float], first_hand: bool = False,
         limit: int = 100_000, cpu: list[float] | None = None) -> tuple[float, int]:
    rules = REGISTRY[gid]
    choose = definition_of(gid).choose
    s = rules.initial_state(seed, players)
    n = 0
    stop = HAND_OVER.get(gid) if first_hand else None
    t0 = time.perf_counter()
    while not rules.is_over(s) and n < limit and not (stop and stop(s)):
        seat = min(rules.to_act(s))
        view = rules.view(s, seat)
        legal = rules.legal_actions(s, seat)
        d0, c0 = time.perf_counter(), time.process_time()
        a = choose(view, legal, decision_rng(seed, seat, n), level)
        decisions.append(time.perf_counter() - d0)
        if cpu is not None:
            cpu.append(time.process_time() - c0)
        s = rules.apply(s, seat, a)
        n += 1
    return time.perf_counter() - t0, n


def pct(values: list[float], q: int) -> float:
    """The ``q``-th percentile of ``values`` (seconds), in milliseconds."""
    v = sorted(values)
    return v[min(len(v) - 1, q * len(v) // 100)] * 1000 if v else 0.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    turn_games = [g for g in sorted(REGISTRY) if is_turn_based(REGISTRY[g])]
    ap.add_argument("--games", default=",".join(turn_games))
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--level", default="hard")
    a = ap.parse_args()
    print(f"{'game':<18}{'players':>8}{'game median':>14}{'actions':>9}{'decision p50':>14}{'decision p99':>14}"
          f"{'cpu p50':>11}{'cpu p99':>11}")
    for gid in a.games.split(","):
        rules = REGISTRY[gid]
        players = max(rules.min_players, min(rules.max_players, a.players))
        decisions: list[float] = []
        cpu: list[float] = []
        limit = SEARCH_ACTIONS.get(gid, 100_000) if a.level == "hard" else 100_000
        games = [play(gid, seed, players, a.level, decisions, limit=limit, cpu=cpu) for seed in range(a.runs)]
        med = statistics.median(t for t, _ in games) if limit == 100_000 else float("nan")
        acts = statistics.median(n for _, n in games)
        print(f"{gid:<18}{players:>8}{med * 1000:>11.1f} ms{acts:>9.0f}{pct(decisions, 50):>11.2f} ms"
              f"{pct(decisions, 99):>11.2f} ms{pct(cpu, 50):>8.1f} ms{pct(cpu, 99):>8.1f} ms")
        if gid in HAND_OVER and limit == 100_000:
            hands = [play(gid, seed, players, a.level, [], first_hand=True) for seed in range(a.runs)]
            print(f"{gid + ' (one hand)':<18}{players:>8}{statistics.median(t for t, _ in hands) * 1000:>11.1f} ms"
                  f"{statistics.median(n for _, n in hands):>9.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
