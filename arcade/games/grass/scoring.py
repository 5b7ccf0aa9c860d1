"""Scoring one hand of Grass (rules/grass.md, "Scoring (each hand)"), and the match's winners.

All figures are whole dollars: peddle values are multiples of $5,000, so the Banker's 20% is always exact.
"""

from __future__ import annotations

from typing import Sequence

from .cards import BANKER, PARANOIA, PEDDLE, value
from .state import Breakdown, Seat

__all__ = ["HAND_BONUS", "BANKER_PERCENT", "score_hand", "winners"]

HAND_BONUS = 25_000
"""Step 5: the bonus for the hand's highest score (every tied player gets the whole bonus: decision)."""
BANKER_PERCENT = 20
"""Step 2: the Banker's share of every other player's unprotected Stash."""


def score_hand(seats: Sequence[Seat], totals: Sequence[int]) -> tuple[Breakdown, ...]:
    """Score the hand that just ended, one ``Breakdown`` per seat.

    1. stash total (protected or not); 2. the Banker's holder gains 20% of every other player's unprotected Stash,
    which each of them loses; 3. minus the single largest peddle card in hand; 4. minus the penalty of every
    Paranoia card in hand; 5. $25,000 bonus to the highest (all tied players get it); 6. ``total`` = running total
    + hand score (no floor: totals may go negative, rules/grass.md "Corrections").
    """
    n = len(seats)
    holder = next((i for i, st in enumerate(seats) if BANKER in st.hand), None)
    banker = [0] * n
    if holder is not None:
        for i, st in enumerate(seats):
            if i != holder:
                cut = st.stash.unprotected * BANKER_PERCENT // 100
                banker[i] -= cut
                banker[holder] += cut
    pre = []
    parts = []
    for i, st in enumerate(seats):
        stash = st.stash.total
        peddle = -max((value(k) for k in st.hand if k in PEDDLE), default=0)
        paranoia = -sum(value(k) for k in st.hand if k in PARANOIA)
        parts.append((stash, banker[i], peddle, paranoia))
        pre.append(stash + banker[i] + peddle + paranoia)
    best = max(pre)
    out = []
    for i in range(n):
        bonus = HAND_BONUS if pre[i] == best else 0
        hand = pre[i] + bonus
        out.append(Breakdown(*parts[i], bonus=bonus, hand=hand, total=totals[i] + hand))
    return tuple(out)


def winners(totals: Sequence[int]) -> tuple[int, ...]:
    """The seats with the highest running total (several when tied: they share the win — decision)."""
    best = max(totals)
    return tuple(i for i, t in enumerate(totals) if t == best)
