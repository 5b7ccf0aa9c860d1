"""The "hard" Cops & Robbers bot: information-set Monte Carlo tree search over one seat's view.

How a decision is made (``choose(view, legal, rng)``; pure, integers only, no clock):

- The search receives only the view. ``table_from_view`` lays out a state with every card the view shows where it
  shows it and the cards it cannot see (the other hands, the draw pile) in a fixed order; each iteration re-deals
  those with ``rules.sample_hidden`` (a *determinization*: every hand keeps its size, everything the view shows is
  unchanged), so the search never reads the true state.
- Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): one tree of action sequences shared by all
  determinizations; at a node only the children legal in the current determinization compete, by UCB1 with their
  availability counts; each node is scored for the team of the seat that chose it (Cops and Robbers play against
  each other in the tree). Drawing, when legal, is always done first (it never hurts: more cards to choose from).
- Rollouts play the rest of the round with the normal bot's rules of thumb (``_policy``, the heuristics of
  ``bot.py`` on a fast mutable copy of the table: ``_Table``) and score the round's end for each team: 800 for a team
  win (the top score is one of its seats), 400 for a tie, plus up to 200 for the coin margin.
- The budget is a count of simulated actions (``BUDGET``: p99 151 ms of processor time on the 2-core development
  machine), so a decision never reads a clock and the same view, legal actions and generator give the same action.
- The normal bot's choice (``prior``) is expanded first and kept unless the search's most visited action beats its
  mean reward by ``MARGIN``.

Measured (tools/arena_cops_and_robbers.py, 4 players, one round, roles alternating, seeded, 200 games): the hard
team beats the normal team 66.5% of the games (tools/ladder.py, 200 games, seed 1: 63.5 %); decision time p99 151 ms
of processor time. ``bot.py`` gives every level's figures.
"""

from __future__ import annotations

from math import isqrt
from dataclasses import replace
from typing import Any, Sequence

from arcade.core.rng import Rng
from .rules import COP, DEFENCE, OFFENCE, RULES, CRState, CRView, Draw, sample_hidden
from .rules import table_from_view as rules_table_from_view

__all__ = ["choose", "table_from_view", "BUDGET"]

BUDGET = 20_000
"""Simulated actions (tree and rollouts together) per decision: about 150 ms on the development machine."""
DEAL_COST = 12
"""What one determinization (``sample_hidden`` and the fast copy) costs, in simulated actions' time."""
HORIZON = 40
"""Rollout actions after leaving the tree before the table is scored as it stands (``_Table.rewards``)."""
MARGIN = 25
"""Mean reward (of 0..1000) by which the search's choice must beat the normal bot's to replace it."""
EXPLORE = 700
"""UCB1 exploration constant, in reward units (rewards are 0..1000)."""
_CARD = {(OFFENCE, v): v for v in (1, 2, 3, 4)} | {(DEFENCE, v): 4 + v for v in (1, 2, 3, 4)}
JAIL_VALUE = 5_000
JAIL_COINS = 3
MARGIN_SCALE = 25
STRIP = 400
ROUND_END = 20_000


def table_from_view(view: CRView) -> CRState:
    """``rules.table_from_view`` of a seat's view, its generator and events blank (the search's base table). Raises
    ValueError for a spectator's view."""
    if view.seat is None:
        raise ValueError("the search plays a seat, not a spectator")
    return replace(rules_table_from_view(view, Rng(0)), events=())


# --- a fast mutable table for the search --------------------------------------------------------------------------
# Actions are the rules' small ints (encode_action): 0 Draw, 1 EndTurn, 2 + (v-1)*6 + seat Defend,
# 26 + (v-1)*6 + target Attack, 50 + hand*5 + shield Respond.


class _Table:
    """A copy of one determinized state, changed in place by ``apply`` (the rules of ``rules.py``, without their
    checks and events). Cards are 1..4 (Offence) and 5..8 (Defence 1..4); hands are counts per card."""

    __slots__ = ("n", "cop", "nxt", "coins", "hand", "shields", "jail", "jail_sh", "draw", "disc", "six",
                 "reshuffled", "current", "drawn", "defended", "attacked", "pending", "over", "rng", "steps")

    def __init__(self, s: CRState, rng_state: int) -> None:
        n = s.players
        self.n = n
        self.cop = [r == COP for r in s.roles]
        self.nxt = [0] * n
        for i, p in enumerate(s.order):
            self.nxt[p] = s.order[(i + 1) % n]
        self.coins = list(s.coins)
        self.hand = []
        for h in s.hands:
            counts = [0] * 9
            for c in h:
                counts[_CARD[c]] += 1
            self.hand.append(counts)
        self.shields = [list(x) for x in s.shields]
        self.jail = list(s.jail)
        self.jail_sh = [list(x) for x in s.jail_shields]
        self.draw = [_CARD[c] for c in reversed(s.draw_pile)]  # the top card last: pop() draws it
        self.disc = [0] * 9
        for c in s.discard:
            self.disc[_CARD[c]] += 1
        self.six = n == 6
        self.reshuffled = s.reshuffled
        self.current = s.current
        self.drawn, self.defended, self.attacked = s.drawn, s.defended, s.attacked
        p = s.pending
        self.pending = None if p is None else (p.attacker, p.target, p.value)
        self.over = s.over
        self.rng = rng_state
        self.steps = 0

    def to_act(self) -> int:
        return self.pending[1] if self.pending is not None else self.current

    def legal(self) -> list[int]:
        """The legal actions of the seat to act (as ``rules.legal_actions``, Draw alone when it is legal)."""
        if self.pending is not None:
            att, t, v = self.pending
            out = []
            front = self.shields[t]
            h = self.hand[t]
            for x in (0, 1, 2, 3, 4):
                if x and not h[4 + x]:
                    continue
                singles = sorted({s for s in front if s >= v} | ({x} if x >= v else set()))
                if singles:
                    out.extend(50 + x * 5 + s for s in singles)
                else:
                    out.append(50 + x * 5)
            return out
        me = self.current
        if not self.drawn and self.draw:
            return [0]
        out = []
        h = self.hand[me]
        if not self.defended:
            for v in (1, 2, 3, 4):
                if h[4 + v]:
                    out.extend(2 + (v - 1) * 6 + t for t in range(self.n) if self.cop[t] == self.cop[me])
        if not self.attacked and not self.jail[me]:
            for v in (1, 2, 3, 4):
                if h[v]:
                    out.extend(26 + (v - 1) * 6 + t for t in range(self.n)
                               if self.cop[t] != self.cop[me] and not self.jail[t])
        if self.drawn:
            out.append(1)
        return out

    def apply(self, a: int) -> None:
        self.steps += 1
        me = self.current
        if a == 0:
            self.hand[me][self.draw.pop()] += 1
            self.drawn = True
        elif a == 1:
            self._next_turn()
        elif a < 26:
            v, t = (a - 2) // 6 + 1, (a - 2) % 6
            self.hand[me][4 + v] -= 1
            self.defended = True
            if self.jail[t]:
                self.jail_sh[t].append(v)
                if sum(self.jail_sh[t]) >= self.jail[t]:
                    self.disc[self.jail[t]] += 1
                    for x in self.jail_sh[t]:
                        self.disc[4 + x] += 1
                    self.jail[t] = 0
                    self.jail_sh[t] = []
            else:
                self.shields[t].append(v)
        elif a < 50:
            v, t = (a - 26) // 6 + 1, (a - 26) % 6
            self.hand[me][v] -= 1
            self.attacked = True
            self.pending = (me, t, v)
        else:
            self._respond((a - 50) // 5, (a - 50) % 5)

    def _respond(self, x: int, single: int) -> None:
        att, t, v = self.pending  # type: ignore[misc]
        self.pending = None
        front = self.shields[t]
        if x:
            self.hand[t][4 + x] -= 1
            front.append(x)
        if single:
            front.remove(single)
            used, defence = [single], single
        else:
            used, defence = front[:], sum(front)
            front.clear()
        coins = self.coins
        if defence >= v or self.cop[t]:
            self.disc[v] += 1
            for u in used:
                self.disc[4 + u] += 1
            if defence >= v:
                if not self.cop[t] and defence > v:
                    amount = min(defence - v, coins[att])
                    coins[att] -= amount
                    coins[t] += amount
            else:
                amount = min(v - defence, coins[t])
                coins[t] -= amount
                coins[att] += amount
        else:
            self.jail[t] = v
            self.jail_sh[t] = used
        for p in range(self.n):
            if self.cop[p] and coins[p] == 0:
                self.over = True

    def _next_turn(self) -> None:
        self.current = self.nxt[self.current]
        self.drawn = self.defended = self.attacked = False
        if not self.draw and self.six and not self.reshuffled and any(self.disc):
            cards = [c for c in range(1, 9) for _ in range(self.disc[c])]
            for i in range(len(cards) - 1, 0, -1):
                self.rng = (self.rng * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
                j = (self.rng >> 33) % (i + 1)
                cards[i], cards[j] = cards[j], cards[i]
            back = (len(cards) + 1) // 2
            self.draw = cards[:back]
            self.disc = [0] * 9
            for c in cards[back:]:
                self.disc[c] += 1
            self.reshuffled = True
        if not self.draw:
            self.over = True

    def rewards(self) -> tuple[int, int]:
        """(Cops' reward, Robbers' reward), each 0..1000. At the round's end: 800 a team win, 400 a tie, plus the
        coin margin (0..200). Before it: the margin of the teams' best scores, a jailed Robber counting
        ``JAIL_COINS`` coins against the Robbers, mapped to 0..1000 (``MARGIN_SCALE`` per coin)."""
        team = [0, 0]  # robbers, cops
        for p in range(self.n):
            team[self.cop[p]] += self.coins[p]
        best = [-1, -1]
        for p in range(self.n):
            c = self.cop[p]
            best[c] = max(best[c], team[c] + self.coins[p])
        margin = best[1] - best[0]
        if self.over:
            m = max(-50, min(50, margin))
            cop = (800 if margin > 0 else 400 if margin == 0 else 0) + (m + 50) * 2
        else:
            margin += JAIL_COINS * sum(1 for p in range(self.n) if self.jail[p])
            cop = max(0, min(1000, 500 + margin * MARGIN_SCALE))
        return cop, 1000 - cop


# --- the rollout policy: the normal bot's rules of thumb on the fast table ------------------------------------------


def _respond_value(tb: _Table, a: int) -> int:
    att, t, v = tb.pending  # type: ignore[misc]
    x, single = (a - 50) // 5, (a - 50) % 5
    if single:
        defence = spent = single
    else:
        defence = spent = sum(tb.shields[t]) + x
    value = -spent * 10
    if tb.cop[t]:
        return value - min(max(0, v - defence), tb.coins[t]) * 1000
    if defence < v:
        return value - JAIL_VALUE
    return value + min(defence - v, tb.coins[att]) * 1000


def _defend_choice(tb: _Table, me: int, defends: list[int]) -> int | None:
    team = [t for t in range(tb.n) if tb.cop[t] == tb.cop[me]]
    values = sorted({(a - 2) // 6 + 1 for a in defends})
    jailed = [t for t in team if tb.jail[t]]
    if jailed:
        t = min(jailed, key=lambda p: (tb.jail[p] - sum(tb.jail_sh[p]), p))
        need = tb.jail[t] - sum(tb.jail_sh[t])
        enough = [v for v in values if v >= need]
        return 2 + ((min(enough) if enough else max(values)) - 1) * 6 + t
    mine = [v for v in (1, 2, 3, 4) for _ in range(tb.hand[me][4 + v])]
    if len(mine) == 1 and tb.cop[me] and any(tb.shields[t] for t in team):
        return None
    keep = max(mine)
    choices = [v for v in values if v != keep or mine.count(keep) > 1] or values
    t = min(team, key=lambda p: (sum(tb.shields[p]) * 4 - (tb.coins[p] if tb.cop[p] else 0), p != me, p))
    return 2 + (max(choices) - 1) * 6 + t


def _attack_value(tb: _Table, me: int, a: int) -> int:
    v, t = (a - 26) // 6 + 1, (a - 26) % 6
    front = tb.shields[t]
    x = 2 if any(tb.hand[t]) else 0  # a public guess at the Defence card the target adds
    singles = [s for s in front if s >= v] + ([x] if x >= v else [])
    if not tb.cop[me]:
        if singles:
            return min(singles) * STRIP - 1
        paid = min(max(0, v - sum(front) - x), tb.coins[t])
        gain = paid * 1000 + sum(front) * STRIP
        if paid and paid == tb.coins[t]:
            team = [0, 0]
            for p in range(tb.n):
                team[tb.cop[p]] += tb.coins[p]
            gain += ROUND_END if team[0] + paid > team[1] - paid else -ROUND_END
        return gain
    if singles:
        return -min(max(singles) - v, tb.coins[me]) * 1000 - 1
    if sum(front) + x >= v:
        return sum(front) * STRIP
    return JAIL_VALUE


def _policy(tb: _Table, legal: list[int]) -> int:
    if len(legal) == 1:
        return legal[0]
    if tb.pending is not None:
        return max(legal, key=lambda a: (_respond_value(tb, a), -((a - 50) // 5)))
    me = tb.current
    defends = [a for a in legal if 2 <= a < 26]
    if defends:
        d = _defend_choice(tb, me, defends)
        if d is not None and d in defends:
            return d
    best, pick = 0, 1 if 1 in legal else legal[0]
    for a in legal:
        if 26 <= a < 50:
            w = _attack_value(tb, me, a)
            if w > best:
                best, pick = w, a
    return pick


# --- the search ---------------------------------------------------------------------------------------------------


class _Node:
    __slots__ = ("cop", "children", "visits", "reward", "avail")

    def __init__(self, cop: bool) -> None:
        self.cop = cop  # the team of the seat whose action led here
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.reward = 0
        self.avail = 0


def _log2k(n: int) -> int:
    """About 1000 * log2(n) for n >= 1, in integers (linear between powers of two)."""
    b = n.bit_length() - 1
    return 1000 * b + 1000 * (n - (1 << b)) // (1 << b)


def _select(node: _Node, legal: list[int]) -> int:
    best, pick = -1, legal[0]
    for a in legal:
        ch = node.children[a]
        ucb = ch.reward // ch.visits + EXPLORE * isqrt(_log2k(ch.avail) * 1000 // ch.visits) // 1000
        if ucb > best:
            best, pick = ucb, a
    return pick


def search(view: CRView, legal: Sequence[Any], rng: Rng, budget: int = BUDGET, horizon: int = 0,
           prior: Any = None) -> Any:
    """The most visited of ``legal`` after ``budget`` simulated actions of ISMCTS from ``view``; ``prior`` (the
    normal bot's choice, tried first) is kept unless the most visited action's mean reward beats it by ``MARGIN``."""
    horizon = horizon or HORIZON
    codes = [RULES.encode_action(a) for a in legal]
    pcode = RULES.encode_action(prior) if prior is not None and prior in legal else None
    base = table_from_view(view)
    root = _Node(view.roles[view.seat] == COP)
    spent = 0
    while spent < budget:
        det_rng, rng = rng.next64()
        det = sample_hidden(base, view.seat, Rng(det_rng))
        tb = _Table(det, det_rng)
        node = root
        path = []
        first = True
        while not tb.over:
            moves = codes if first else tb.legal()
            first = False
            untried = [a for a in moves if a not in node.children]
            for a in moves:
                if a in node.children:
                    node.children[a].avail += 1
            seat = tb.to_act()
            if untried:
                if node is root and pcode in untried:
                    a = pcode
                else:
                    i, rng = rng.below(len(untried))
                    a = untried[i]
                child = _Node(tb.cop[seat])
                child.avail = 1
                node.children[a] = child
                tb.apply(a)
                path.append(child)
                break
            a = _select(node, moves)
            node = node.children[a]
            path.append(node)
            tb.apply(a)
        stop = tb.steps + horizon
        while not tb.over and tb.steps < stop:
            tb.apply(_policy(tb, tb.legal()))
        cop_r, robber_r = tb.rewards()
        for nd in path:
            nd.visits += 1
            nd.reward += cop_r if nd.cop else robber_r
        spent += tb.steps + DEAL_COST
    best = max(codes, key=lambda a: (root.children[a].visits if a in root.children else -1, -a))
    if pcode is not None and best != pcode and pcode in root.children and best in root.children:
        b, p = root.children[best], root.children[pcode]
        if b.reward * p.visits - p.reward * b.visits < MARGIN * b.visits * p.visits:
            best = pcode
    return RULES.decode_action(best)


def choose(view: CRView, legal_actions: Sequence[Any], rng: Rng, budget: int = BUDGET, prior: Any = None) -> Any:
    """The hard bot's action: Draw when legal (never worse), the only action when there is one, else ``search``
    (``prior``: the normal bot's choice). Raises ValueError if nothing is legal."""
    legal = list(legal_actions)
    if not legal:
        raise ValueError("no legal action")
    if len(legal) == 1:
        return legal[0]
    if Draw() in legal:
        return Draw()
    return search(view, legal, rng, budget, prior=prior)

