"""The "hard" Grass bot: information-set Monte Carlo search over the seat's view (issue #18). Measured strength:
``bot.LEVEL_STRENGTH`` (tools/ladder.py, four players). Decision time (tools/bench_rules.py --games grass --runs 3,
CPU, every decision of four hard seats over the first 250 actions; 2026-11-24, load average 4.8 on the 2-core
machine): p99 47 ms.

``search(view, legal, rng)`` sees only ``view``. Each iteration deals the hidden cards again at random, consistently
with the view (``rules.state_from_view``, which uses ``sample_hidden``: the Grass stack, the other hands and their
chosen Paranoia passes, keeping the cards the seat knows to be in a hand), then plays every candidate move on that
same deal (common random numbers) and follows it with the "normal" heuristic for every seat (no trade proposals in
rollouts) for at most ``ROLLOUT_DEPTH`` actions or until the hand ends. A leaf is worth my running total minus the
best other running total if the hand were scored there (``score_hand``), plus ``WIN`` if the match is over and I won
(minus it if another seat won). After half the budget only the two best candidates are searched further (successive
halving, the heuristic's own move always kept). Each rival is judged by its paired difference with the heuristic's
own move on the same deals: it replaces that move only if its mean gain exceeds ``MARGIN`` dollars and ``Z``
standard errors; otherwise the heuristic's move stands. A rival already short of ``MARGIN`` by ``Z`` standard
errors after ``MIN_RUNS`` deals is not searched further, and once no rival is left the heuristic's move is played at
once: the search rarely overturns it (in two measured four-player games, 10 of 97 and 6 of 109 plays, 1 answer of 26
and 1 of 19), so most decisions end early. With that and half the budget of the first version (1200 steps), a
four-player match with two hard seats costs about 6 s of CPU instead of 10-20 s, cheap enough for the ladder's
200 games.

The budget is a fixed count of simulated actions (``BUDGET_STEPS``), never a clock, so a decision is a pure
function of (view, legal actions, rng): replays and lockstep stay exact (tools/bench_rules.py prints the p99 time).

Searched decisions: the play or discard of a turn (the candidates are the heuristic's best-rated plays) and the
answer to a trade (refuse, or the best accepts). Building a proposal and choosing a Paranoia pass follow the
heuristic.
"""

from __future__ import annotations

from typing import Sequence

from arcade.core.rng import Rng
from .bot import _play_worth, _trade_worth, heuristic
from .cards import MARKET_CLOSE
from .rules import GrassRules, state_from_view
from .scoring import score_hand
from .state import Action, GrassState, GrassView

__all__ = ["search", "candidates", "BUDGET_STEPS", "ROLLOUT_DEPTH", "MAX_CANDIDATES", "MARGIN", "Z", "WIN",
           "MIN_RUNS"]

BUDGET_STEPS = 600
"""Simulated actions per searched decision, at most (p99 47 ms of CPU a decision: the module docstring)."""
ROLLOUT_DEPTH = 30
"""Actions simulated after a candidate move before the leaf is scored."""
MAX_CANDIDATES = 5
"""Plays searched at the root: the heuristic's best-rated ones."""
MARGIN = 4_000
"""Dollars a move must gain on average over the heuristic's own move to replace it..."""
Z = 2
"""...by at least this many standard errors of the paired differences (the search deviates only when sure)."""
MIN_RUNS = 4
"""Deals searched before a rival clearly short of ``MARGIN`` is dropped (``_clearly_short``); when every rival is
dropped the heuristic's move is played at once (most decisions: the search rarely overturns it)."""
WIN = 300_000
"""Worth (dollars) of having won the match at a leaf (minus for having lost it)."""

_RULES = GrassRules()


def _leaf(s: GrassState, me: int) -> int:
    if s.phase in ("scoring", "over"):
        totals = s.totals
    else:
        totals = tuple(b.total for b in score_hand(s.seats, s.totals))
    best_other = max(t for i, t in enumerate(totals) if i != me)
    worth = totals[me] - best_other
    if s.phase == "over":
        worth += WIN if totals[me] >= best_other else -WIN
    return worth


def _rollout(s: GrassState, me: int, a: Action) -> tuple[int, int]:
    """(leaf worth, actions simulated) after ``me`` plays ``a`` in ``s``, then the heuristic for everyone."""
    s = _RULES.apply_legal(s, me, a)
    steps = 1
    while steps <= ROLLOUT_DEPTH and s.phase not in ("scoring", "over"):
        seat = min(_RULES.to_act(s))
        legal = _RULES.legal_actions(s, seat)
        b = heuristic(_RULES.view(s, seat), legal, trade=False)
        s = _RULES.apply_legal(s, seat, b)
        steps += 1
    return _leaf(s, me), steps


def candidates(view: GrassView, legal: Sequence[Action]) -> list[Action]:
    """The moves the search compares (the heuristic's own first), or one move when there is nothing to search."""
    base = heuristic(view, legal)
    if view.phase == "play":
        plays = sorted((a for a in legal if a.op != "propose"), key=lambda a: -_play_worth(view, a))
        close = Action("play", MARKET_CLOSE)
        out = [base] + ([close] if close in legal and close != base else [])
        out += [a for a in plays if a not in out]
        return out[:MAX_CANDIDATES]
    if view.phase == "answer":
        accepts = sorted((a for a in legal if a.op == "accept"), key=lambda a: -_trade_worth(view, view.trade, a.cards))
        out = [base] + [a for a in [Action("refuse")] + accepts[:2] if a != base]
        return out
    return [base]


def search(view: GrassView, legal: Sequence[Action], rng: Rng) -> Action:
    """The hard bot's move for ``view.seat`` (one of ``legal``), from the view only (see the module docstring)."""
    cands = candidates(view, legal)
    if len(cands) == 1:
        return cands[0]
    me = view.seat
    k = len(cands)
    sums = [0] * k  # sum over deals of (candidate's leaf - the heuristic move's leaf): paired on the same deal
    squares = [0] * k
    runs = 0
    live = list(range(1, k))
    steps = 0
    halved = False
    while steps < BUDGET_STEPS:
        seed, rng = rng.next64()
        det = state_from_view(view, Rng(seed))
        base, used = _rollout(det, me, cands[0])
        steps += used
        for i in live:
            worth, used = _rollout(det, me, cands[i])
            d = worth - base
            sums[i] += d
            squares[i] += d * d
            steps += used
        runs += 1
        if runs >= MIN_RUNS:
            # a rival clearly short of the margin can no longer replace the heuristic's move: stop searching it
            live = [i for i in live if not _clearly_short(sums[i], squares[i], runs)]
            if not live:
                return cands[0]
        if not halved and steps >= BUDGET_STEPS // 2 and len(live) > 1:
            live = [min(live, key=lambda i: (-sums[i], i))]  # the best rival of the heuristic's move
            halved = True
    best = max(live, key=lambda i: (sums[i], -i))
    if _clearly_better(sums[best], squares[best], runs):
        return cands[best]
    return cands[0]


def _clearly_short(total: int, squares: int, n: int) -> bool:
    """True if the mean paired gain ``total / n`` is below ``MARGIN`` by more than ``Z`` standard errors (the mirror
    of ``_clearly_better``)."""
    short = MARGIN * n - total
    if n < 2 or short <= 0:
        return False
    return short * short * (n - 1) > Z * Z * (n * squares - total * total)


def _clearly_better(total: int, squares: int, n: int) -> bool:
    """True if the mean paired gain ``total / n`` is above ``MARGIN`` and above ``Z`` standard errors (integers only:
    mean > Z * sqrt(var / n) with var = (squares - total² / n) / (n - 1))."""
    if n < 2 or total <= MARGIN * n:
        return False
    return total * total * (n - 1) > Z * Z * (n * squares - total * total)
