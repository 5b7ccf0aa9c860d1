"""The Cops & Robbers bot: a pure function of one seat's view (never the true state), integers only.

Three levels (``choose(view, legal_actions, rng, level)``):

- "hard" searches: information-set Monte Carlo tree search over the view (``search.py``), these heuristics playing
  the rollouts, a fixed budget of simulated actions (about 150 ms of processor time a decision).
- "normal" is the heuristic below at its best (it counts the cards it has seen).
- "easy" is the heuristic without counting (it assumes the whole deck) and plays a random legal action half of the
  time.

The heuristic plays in the order draw, Defence, Offensive, end turn:

- Draws first (more cards to choose from).
- Defence: frees a jailed teammate (or itself) first, the one closest to release, with the card that completes the
  release with the least waste, or else its biggest; otherwise lays a shield for the most exposed member of its team
  (fewest shield points; a Cop with more coins counts as more exposed): its biggest but one when it holds different
  values (the biggest stays in hand for answering an Offensive). A Cop holding a single Defence card keeps it once its
  team has some shield on the table.
- Offensive: for each Offence card and free opponent it estimates the result from the shields in front of the target
  and from the chance that the target holds a Defence card of each value ("normal" counts the cards it has seen;
  "easy" assumes the whole deck). A Robber values the change in the team-plus-personal score margin (so it drains
  the Cop with the most coins and the weakest shields, and brings the coins home to its own score), counts the shields
  an Offensive strips from the table (a Cop whose shields are all small loses all of them to one big offence), and
  avoids emptying a Cop, which ends the round, unless its team is then ahead. A Cop tries to jail the Robber least
  protected, strips shields, and never offers a Robber coins to steal. Either attacks only when the expectation is
  positive.
- Answer to an Offensive: a Cop pays as little as it can, a Robber stays out of jail and steals as much as it can;
  both then spend as few shield points as possible.

Measured (4 players, one round, seeded, the two teams swapping roles game by game; a team win is the top score;
processor time, the machine being shared):
- normal team vs random team 83.0% (200 games, tools/arena_cops_and_robbers.py --seed 11: Cops 91%, Robbers 75%);
- normal vs easy 75.0% (200 games, --seed 11 --level normal --opponents easy: Cops 86%, Robbers 64%);
- hard vs normal 66.5% (200 games: tools/arena_cops_and_robbers.py --games 50 --level hard --opponents normal with
  --seed 11, 12, 13, 14: 66, 66, 64, 70%; as Cops 87%, as Robbers 46%); hard's decision time over those games:
  p99 151 ms, max 178 ms of processor time (median ~0: drawing and single choices are not searched). On the shared
  machine (load 15-25) wall time was many times that; unloaded, wall time is the processor time.
The ladder (``python tools/ladder.py --game cops_and_robbers --games 200``: 4 players, whole teams a level, seats
rotated, seed 1; docs/ladder.md): normal beats easy 76.8 %, hard beats normal 63.5 %, hard beats easy 84.8 %;
Elo easy 1332, normal 1537, hard 1631.
"""

from __future__ import annotations

from math import comb
from typing import Any, Sequence

from arcade.core.rng import Rng
from . import search
from .rules import (COP, COUNTS, DEFENCE, OFFENCE, ROBBER, Attack, CRView, Defend, Draw, EndTurn, Respond,
                    round_scores)

__all__ = ["choose", "hand_defence_odds"]

JAIL_VALUE = 5
"""Coins a Robber reckons a spell in jail is worth (turns without an Offensive)."""
PER_MILLE = 1000
STRIP = 400
"""Worth (coins x 1000) of each shield point an Offensive takes off the table in front of an opponent."""
ROUND_END = 20
"""Coins a Robber reckons ending the round (a Cop emptied) is worth when its team is then ahead, or costs if not."""


def hand_defence_odds(view: CRView, target: int, counting: bool = True) -> list[int]:
    """Per-mille chance that ``target``'s best Defence card in hand is 0 (none), 1, 2, 3 or 4, from the cards the
    viewer has not seen (its own hand, the discard pile, every shield, jail and the pending offence are known).
    Without ``counting``, assumes the full deck minus the viewer's hand."""
    n = view.hand_counts[target]
    seen = list(view.hand)
    if counting:
        seen += list(view.discard)
        for p in range(view.players):
            seen += [(DEFENCE, v) for v in view.shields[p]]
            seen += [(DEFENCE, v) for v in view.jail_shields[p]]
            if view.jail[p]:
                seen.append((OFFENCE, view.jail[p]))
        if view.pending is not None:
            seen.append((OFFENCE, view.pending.value))
    left = {v: COUNTS[v] - sum(1 for k, x in seen if k == DEFENCE and x == v) for v in (1, 2, 3, 4)}
    left = {v: max(0, c) for v, c in left.items()}
    unseen = 60 - len(seen)
    if unseen <= 0 or n <= 0:
        return [PER_MILLE, 0, 0, 0, 0]
    n = min(n, unseen)
    total = comb(unseen, n)
    # P(best <= x) = C(unseen - (defences above x), n) / C(unseen, n)
    at_most = []
    for x in range(5):
        above = sum(left[v] for v in range(x + 1, 5))
        at_most.append(comb(unseen - above, n) * PER_MILLE // total)
    odds = [at_most[0]] + [at_most[x] - at_most[x - 1] for x in range(1, 5)]
    odds[4] += PER_MILLE - sum(odds)
    return odds


def _team_margin(view: CRView, coins: Sequence[int], me: int) -> int:
    """Best score of my team minus best score of the other team, for these coins."""
    sc = round_scores(view.roles, tuple(coins))
    mine = max(sc[p] for p in range(view.players) if view.roles[p] == view.roles[me])
    theirs = max(sc[p] for p in range(view.players) if view.roles[p] != view.roles[me])
    return mine - theirs


def _attack_value(view: CRView, me: int, a: Attack, counting: bool) -> int:
    """Expected worth of an Offensive to my team, in coins x 1000."""
    t, v = a.target, a.value
    front = view.shields[t]
    odds = hand_defence_odds(view, t, counting)
    total = 0
    if view.roles[me] == ROBBER:
        base = _team_margin(view, view.coins, me)
        for x, pm in enumerate(odds):
            if not pm:
                continue
            singles = [s for s in front + ((x,) if x else ()) if s >= v]
            paid = 0 if singles else max(0, v - sum(front) - x)
            paid = min(paid, view.coins[t])
            stripped = min(singles) if singles else sum(front)  # shield points the Cop loses from the table
            coins = list(view.coins)
            coins[t] -= paid
            coins[me] += paid
            after = _team_margin(view, coins, me)
            gain = (after - base) * PER_MILLE + stripped * STRIP
            if paid and coins[t] == 0:  # the round ends on this payment: is my team ahead then?
                gain += (ROUND_END if after > 0 else -ROUND_END) * PER_MILLE
            total += pm * gain
        return total // PER_MILLE
    # a Cop: jail the Robber, never let them steal
    for x, pm in enumerate(odds):
        if not pm:
            continue
        all_front = front + ((x,) if x else ())
        singles = [s for s in all_front if s >= v]
        if singles:
            worth = -min(max(singles) - v, view.coins[me]) * PER_MILLE
        elif sum(all_front) >= v:
            worth = sum(front) * STRIP
        else:
            worth = JAIL_VALUE * PER_MILLE
        total += pm * worth
    return total // PER_MILLE


def _respond_value(view: CRView, me: int, r: Respond) -> int:
    off = view.pending
    assert off is not None
    front = view.shields[me] + ((r.hand,) if r.hand else ())
    if r.shield:
        defence, spent = r.shield, r.shield
    else:
        defence, spent = sum(front), sum(front)
    value = -spent * 10
    if view.roles[me] == COP:
        loss = min(max(0, off.value - defence), view.coins[me])
        value -= loss * PER_MILLE
    else:
        if defence < off.value:
            value -= JAIL_VALUE * PER_MILLE
        else:
            value += min(defence - off.value, view.coins[off.attacker]) * PER_MILLE
    return value


def _defend_choice(view: CRView, me: int, defends: list[Defend]) -> Defend | None:
    jailed = [t for t in range(view.players) if view.roles[t] == view.roles[me] and view.jail[t]]
    values = sorted({d.value for d in defends})
    if jailed:
        # the teammate closest to release first
        t = min(jailed, key=lambda p: (view.jail[p] - sum(view.jail_shields[p]), p))
        need = view.jail[t] - sum(view.jail_shields[t])
        enough = [v for v in values if v >= need]
        v = min(enough) if enough else max(values)
        return Defend(v, t)
    mine = sorted(v for k, v in view.hand if k == DEFENCE)
    if len(mine) == 1 and view.roles[me] == COP:
        # a single Defence card: keep it for answering, unless my team has no shield at all
        if any(view.shields[t] for t in range(view.players) if view.roles[t] == view.roles[me]):
            return None
    keep = max(mine)
    choices = [v for v in values if v != keep or mine.count(keep) > 1] or values
    v = max(choices)
    team = [t for t in range(view.players) if view.roles[t] == view.roles[me]]

    def exposure(t: int) -> tuple[int, int, int]:
        return (sum(view.shields[t]) * 4 - (view.coins[t] if view.roles[t] == COP else 0), 0 if t == me else 1, t)

    t = min(team, key=exposure)
    return Defend(v, t)


def choose(view: CRView, legal_actions: Sequence[Any], rng: Rng, level: str = "normal") -> Any:
    """One action for the viewer. Pure function of ``view``, ``legal_actions`` and ``rng`` (ties and "easy").
    Raises ValueError if nothing is legal."""
    legal = list(legal_actions)
    if not legal:
        raise ValueError("no legal action")
    if level == "hard":
        if len(legal) == 1 or Draw() in legal:
            return search.choose(view, legal, rng)
        return search.choose(view, legal, rng, prior=choose(view, legal, rng, "normal"))
    if level == "easy":
        coin, rng = rng.below(2)
        if coin:
            return rng.choice(legal)[0]
    me = view.seat
    assert me is not None
    counting = level != "easy"
    responds = [a for a in legal if isinstance(a, Respond)]
    if responds:
        return max(responds, key=lambda r: (_respond_value(view, me, r), -r.hand))
    if Draw() in legal:
        return Draw()
    defends = [a for a in legal if isinstance(a, Defend)]
    if defends:
        d = _defend_choice(view, me, defends)
        if d is not None and d in legal:
            return d
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks:
        scored = [(_attack_value(view, me, a, counting), -a.value, a.target, a) for a in attacks]
        best = max(scored, key=lambda x: x[:3])
        if best[0] > 0:
            return best[3]
    if EndTurn() in legal:
        return EndTurn()
    return rng.choice(legal)[0]
