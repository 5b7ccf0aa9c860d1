"""The Grit bot: ``choose(view, legal_actions, rng, level)``, a pure function of one seat's view.

Three levels, each deciding from the view alone (the cards it cannot see are dealt at random into "worlds" by
``rules.determinize``, i.e. ``rules.sample_hidden``):

- "normal", a heuristic (``_h_move``): The Word's holder lets the other lay first (the second layer sees where the
  first card went); a Marked Complaint on one's own pile stays face down at the end of the round unless turning it up
  wins The Word; a Complaint goes where it leaves both totals best by a static judgement (``_stand``: one's own total
  close to 21, the opponent's far from it or over), except in round 4, which it plays out exactly (the first layer
  against the best reply to its pile, the second for the best result); a Marked Complaint protects an own pile of 17
  to 21 in rounds 2 and 3. On the real view it imagines ``NORMAL_WORLDS`` deals and plays the move most of them
  vote for.
- "easy": the same heuristic with fewer imagined deals and human-like slips: in ``EASY_SLIPS`` per cent of its
  decisions a careless move (a random Complaint on a random open pile, a random Word choice).
- "hard", information-set Monte Carlo tree search (``_search``): every iteration deals a world consistent with the
  view, walks one tree by UCB, adds a node and plays the duel out with the normal heuristic for both players; the
  budget is a count of simulated lays (``HARD_BUDGET``), never a clock.

Measured strength (``python tools/arena_grit.py --ladder --games 200 --seed 0``: 200 duels a pair, every deal
played from both seats, draws count half): normal beats easy 69.2 %, hard beats normal 66.2 %, hard beats easy
81.8 %. The ladder (``python tools/ladder.py --game grit --games 200``: two players, seed 1, seats alternating,
draws count half): normal beats easy 67.8 %, hard beats normal 65.5 %, hard beats easy 77.8 %; Elo easy 1385,
normal 1506, hard 1610 (docs/ladder.md). Against the uniformly random player (``tools/arena_grit.py --games 400``): normal 84.2 %, easy 69.5 %.
Before the search existed the levels barely differed (the old flat Monte Carlo "hard" won 46 % against its "normal");
while developing, that old flat "normal" beat today's heuristic "normal" about 70 % of duels and played an earlier,
smaller hard about even.
Hard's decision time (``python tools/bench_rules.py --games grit --runs 40 --level hard`` on the 2-core development
machine, shared with other work): median 71 ms, p99 169 ms; round 1 is the slowest (up to about 180 ms).

Everything is integer arithmetic with a small deterministic generator seeded from ``rng``; no floats, no clocks.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from arcade.core.rng import Rng
from .cards import card_value, heart_ranks
from .rules import ChooseFirst, GritView, KeepHidden, DEAD_AT

__all__ = ["choose", "hard_iterations", "HARD_BUDGET", "NORMAL_WORLDS", "EASY_WORLDS", "EASY_SLIPS"]

_MASK = (1 << 64) - 1
_VAL = tuple(card_value(c) for c in range(26))
_RANK = tuple(c % 13 + 1 for c in range(26))  # The Word's tie-break compares ranks (K 13 > Q 12 > ... > A 1)


class _Fast:
    """A tiny LCG for rollouts (deterministic, integer-only; quality is ample for playouts)."""

    __slots__ = ("x",)

    def __init__(self, seed: int) -> None:
        self.x = seed & _MASK

    def below(self, n: int) -> int:
        self.x = (self.x * 6364136223846793005 + 1442695040888963407) & _MASK
        return ((self.x >> 32) * n) >> 32


# --- a lean world: only what can still matter ------------------------------------------------------------------------
# top[i], i = owner * 3 + pile: the top card (-1 empty); mk[i]: top is a Marked Complaint; hid[i]: top is face down
# for The Word (a kept-hidden Marked Complaint). hands[p]: list of cards. mused[p]: marked already.


def _word(top: list[int], hid: list[bool], last_word: int, fr: _Fast) -> int:
    """The Word's holder (as ``rules.word_holder``): higher visible total, then the highest-ranking top card, then the
    heart, then who did not hold it last round (``last_word``), else a draw from ``fr``."""
    vt0 = vt1 = hi0 = hi1 = 0
    hh0 = hh1 = False
    for i in range(6):
        c = top[i]
        if c < 0 or hid[i]:
            continue
        v, r = _VAL[c], _RANK[c]
        if i < 3:
            vt0 += v
            if r > hi0:
                hi0, hh0 = r, c >= 13
            elif r == hi0 and c >= 13:
                hh0 = True
        else:
            vt1 += v
            if r > hi1:
                hi1, hh1 = r, c >= 13
            elif r == hi1 and c >= 13:
                hh1 = True
    if vt0 != vt1:
        return 0 if vt0 > vt1 else 1
    if hi0 != hi1:
        return 0 if hi0 > hi1 else 1
    if hh0 != hh1:
        return 0 if hh0 else 1
    if last_word >= 0:
        return 1 - last_word
    return fr.below(2)


def _totals(top: list[int]) -> tuple[int, int]:
    t0 = t1 = 0
    for i in range(3):
        if top[i] >= 0:
            t0 += _VAL[top[i]]
        if top[i + 3] >= 0:
            t1 += _VAL[top[i + 3]]
    return t0, t1


def _score(t_me: int, t_op: int) -> int:
    """2 win, 1 draw, 0 loss for the side with total ``t_me``."""
    dm, do = t_me >= DEAD_AT, t_op >= DEAD_AT
    if dm != do:
        return 0 if dm else 2
    if t_me == t_op:
        return 1
    if not dm:
        return 2 if t_me > t_op else 0
    return 2 if t_me < t_op else 0


def _reply_value(t0: int, t1: int, top: list[int], mk: list[bool], c: int, seat: int, banned: int) -> int:
    """The best score (2 win, 1 draw, 0 loss) ``seat`` can reach by laying its last card ``c`` on an open pile
    other than ``banned``, totals being (t0, t1) before it. Open cards: the replier is assumed to know every card."""
    v = _VAL[c]
    best = 0
    for i in range(6):
        if mk[i] or i == banned:
            continue
        old = _VAL[top[i]] if top[i] >= 0 else 0
        if (i < 3) == (seat == 0):
            me, op = (t0 if seat == 0 else t1) - old + v, (t1 if seat == 0 else t0)
        else:
            me, op = (t0 if seat == 0 else t1), (t1 if seat == 0 else t0) - old + v
        w = _score(me, op)
        if w > best:
            best = w
            if w == 2:
                return 2
    return best


# --- "hard": information-set Monte Carlo tree search over the view ---------------------------------------------------
# A lean world for the tree: w = [top(6), mk(6), hid(6), hands(2 lists), mused(2), rnd, phase, first, banned, holder,
# last_word, pending(list), laid(2: pile index each seat laid this round, -1)]. Phases: 0 The Word, 1 first lay,
# 2 second lay, 3 end-of-round keep decisions, 4 over. Moves are small ints: 100 + f (ChooseFirst f),
# 200 + keep (KeepHidden), card * 12 + pile * 2 + marked (PlayComplaint; pile = owner * 3 + pile).

HARD_BUDGET = 4000
"""Hard's budget per decision, in Complaints laid by simulated play (tree descent and rollout alike): the search runs
``HARD_BUDGET // (lays left in the duel + 2)`` iterations (at least ``HARD_MIN_ITERATIONS``; the 2 stands for the
fixed cost of dealing a world and walking the tree), so a decision costs about the same early and late. Calibrated
to about 150 ms at most a decision on the 2-core development machine (measured: median 71 ms, p99 169 ms;
tools/bench_rules.py prints them). A count, not a clock: the same view and generator always give the same action
(replays and lockstep stay exact)."""
HARD_MIN_ITERATIONS = 50


def hard_iterations(view: GritView) -> int:
    """Iterations of hard's search for ``view``: ``HARD_BUDGET`` over (the Complaints still to be laid + 2)."""
    lays = view.complaint_counts[0] + view.complaint_counts[1]
    return max(HARD_MIN_ITERATIONS, HARD_BUDGET // (lays + 2))


_UCB_C = 717  # exploration constant 0.7, scaled by 1024
_KEY_HIDDEN = 1000  # child key of an opponent's face-down first lay: which pile and whether marked, not the card


def _log2_milli(n: int) -> int:
    """1000 * log2(n) for n >= 1, integer-only (linear between powers of two)."""
    b = n.bit_length() - 1
    return b * 1000 + (((n << 10) >> b) - 1024) * 1000 // 1024


_LN_MILLI = tuple(_log2_milli(n) * 693 if n else 0 for n in range(1 << 14))  # 10**6 * ln(n), for UCB


def _world_from_state(s: Any) -> list:
    """A lean world from a full ``GritState`` (a determinization)."""
    top, mk, hid = [-1] * 6, [False] * 6, [False] * 6
    for o in range(2):
        for p in range(3):
            pile = s.piles[o][p]
            if pile:
                c = pile[-1]
                i = o * 3 + p
                top[i], mk[i], hid[i] = c.card, c.marked, c.hidden
    laid = [-1, -1]
    first = s.first
    for k, (o, p) in enumerate(s.round_plays):
        laid[first if k == 0 else 1 - first] = o * 3 + p
    phase = {"word": 0, "lay_first": 1, "lay_second": 2, "keep": 3}[s.phase]
    banned = laid[first] if phase == 2 else -1
    return [top, mk, hid, [list(s.complaints[0]), list(s.complaints[1])], list(s.marked_used), s.round, phase, first,
            banned, s.word, s.last_word, list(s.keep_pending), laid]


def _w_actor(w: list) -> int:
    phase = w[6]
    if phase == 0:
        return w[9]
    if phase == 1:
        return w[7]
    if phase == 2:
        return 1 - w[7]
    return w[11][0]


def _w_moves(w: list, seat: int) -> list[int]:
    phase = w[6]
    if phase == 0:
        return [100, 101]
    if phase == 3:
        return [201, 200]
    mk, banned = w[1], w[8]
    mark = not w[4][seat]
    out = []
    for c in w[3][seat]:
        base = c * 12
        for i in range(6):
            if mk[i] or i == banned:
                continue
            out.append(base + i * 2)
            if mark:
                out.append(base + i * 2 + 1)
    return out


def _w_end_round(w: list, fr: _Fast) -> None:
    w[10] = w[9]
    w[5] += 1
    w[12] = [-1, -1]
    if w[5] > 4:
        w[6] = 4
        return
    w[9] = _word(w[0], w[2], w[10], fr)
    w[6] = 0
    w[8] = -1


def _w_apply(w: list, seat: int, m: int, fr: _Fast) -> None:
    phase = w[6]
    if phase == 0:
        w[7] = m - 100
        w[6] = 1
        return
    if phase == 3:
        if m == 201:
            w[2][w[12][seat]] = True
        w[11].pop(0)
        if not w[11]:
            _w_end_round(w, fr)
        return
    c, rest = divmod(m, 12)
    i, marked = divmod(rest, 2)
    w[3][seat].remove(c)
    w[0][i], w[1][i], w[2][i] = c, marked == 1, False
    if marked:
        w[4][seat] = True
    w[12][seat] = i
    if phase == 1:
        w[8] = i
        w[6] = 2
        return
    first = w[7]
    pending = [p for p in (first, 1 - first) if w[1][w[12][p]] and w[12][p] // 3 == p] if w[5] < 4 else []
    if pending:
        w[11] = pending
        w[6] = 3
        return
    _w_end_round(w, fr)


def _deal_world(base: list, places: list[tuple[int, int]], pool: list[int], heart_ranks_: tuple[int, ...],
                fr: _Fast) -> list:
    """A fresh determinization: ``pool`` (the cards hidden from the searching seat) shuffled into ``places``
    ((0, pile index) for an unknown pile top, (1, k) for the opponent's hand, (2, k) for an unused card), the heart's
    rank drawn afresh if it is hidden -- as ``rules.sample_hidden`` deals them."""
    cards = list(pool)
    for k, c in enumerate(cards):
        if c >= 13:
            cards[k] = 13 + heart_ranks_[fr.below(len(heart_ranks_))] - 1
    for j in range(len(cards) - 1, 0, -1):
        k = fr.below(j + 1)
        cards[j], cards[k] = cards[k], cards[j]
    w = [list(base[0]), list(base[1]), list(base[2]), [list(base[3][0]), list(base[3][1])], list(base[4])] + \
        base[5:11] + [list(base[11]), list(base[12])]
    opp_hand = []
    for (kind, i), c in zip(places, cards):
        if kind == 0:
            w[0][i] = c
        elif kind == 1:
            opp_hand.append(c)
    w[3][base[13]] = opp_hand
    return w


def _setup(view: GritView, seed: int) -> tuple[list, list, list, tuple, _Fast]:
    """Everything a search needs from ``view``: a base lean world from one determinization (``rules.determinize``,
    which deals with ``rules.sample_hidden``), the places the seat cannot see, the cards hidden there, the heart's
    possible ranks, and the fast generator seeded from ``seed``."""
    from .rules import determinize  # the rules module does not import the bot: no cycle

    me = view.seat
    fr = _Fast(seed)
    state = determinize(view, Rng(seed))
    base = _world_from_state(state)
    places: list[tuple[int, int]] = []
    pool: list[int] = []
    for o in range(2):
        for p in range(3):
            pile = view.piles[o][p]
            if pile and pile[-1].card is None:
                places.append((0, o * 3 + p))
                pool.append(base[0][o * 3 + p])
    for c in state.complaints[1 - me]:
        places.append((1, 0))
        pool.append(c)
    for c in state.unused:
        places.append((2, 0))
        pool.append(c)
    base = base + [1 - me]
    return base, places, pool, heart_ranks(view.prototype_deck), fr


def _moves_of(legal: Sequence[Any]) -> dict[int, Any]:
    """Legal actions by lean move."""
    by_move: dict[int, Any] = {}
    for a in legal:
        if isinstance(a, ChooseFirst):
            by_move[100 + a.first] = a
        elif isinstance(a, KeepHidden):
            by_move[200 + int(a.keep)] = a
        else:
            by_move[a.card * 12 + (a.owner * 3 + a.pile) * 2 + int(a.marked)] = a
    return by_move


def _search(view: GritView, legal: Sequence[Any], seed: int, iterations: int) -> Any:
    """Single-observer ISMCTS from ``view``'s seat: every iteration deals a world consistent with the view, walks the
    tree by UCB among the moves legal in that world (counting how often each was available), adds one node, plays the
    rest of the duel with the normal bot's heuristic (``_h_rollout``) and backs the result up. The opponent's face-down
    first lay leads to a node keyed by what the searching seat sees (pile, marked), not by the card, so its own choices
    never depend on a card it cannot see. Returns the root action visited most."""
    me = view.seat
    base, places, pool, ranks, fr = _setup(view, seed)
    by_move = _moves_of(legal)
    root: dict = {}
    for _ in range(iterations):
        w = _deal_world(base, places, pool, ranks, fr)
        node = root
        path: list[tuple[dict, int, int]] = []  # (stats of the node, move, actor)
        expanded = False
        while w[6] != 4 and not expanded:
            seat = _w_actor(w)
            moves = _w_moves(w, seat)
            if node is root:
                moves = [m for m in moves if m in by_move]
            stats = node.setdefault("s", {})
            untried = [m for m in moves if m not in stats]
            if untried:
                m = untried[fr.below(len(untried))]
                stats[m] = [0, 0, 0]
                expanded = True
            for mv in moves:
                if mv in stats:
                    stats[mv][2] += 1
            if not untried:
                best, m = -1, moves[0]
                for mv in moves:
                    n, total, avail = stats[mv]
                    mean = total * 512 // n if seat == 0 else (2 * n - total) * 512 // n
                    score = mean + _UCB_C * math.isqrt(_LN_MILLI[avail] // n) // 1000
                    if score > best:
                        best, m = score, mv
            phase = w[6]
            key = m
            if seat != me and phase == 1:
                key = _KEY_HIDDEN + (m % 12)
            elif seat != me and phase == 3 and len(w[11]) > 1:
                key = _KEY_HIDDEN
            path.append((stats, m, seat))
            _w_apply(w, seat, m, fr)
            node = node.setdefault(key, {})
        result = _h_rollout(w, fr)
        for stats, m, _seat in path:
            st = stats[m]
            st[0] += 1
            st[1] += result
    stats = root.get("s", {})
    best = max(stats, key=lambda mv: (stats[mv][0], stats[mv][1] if me == 0 else -stats[mv][1], -mv))
    return by_move[best]


# --- "normal": a fast heuristic, also the search's rollout policy ---------------------------------------------------


def _stand(t: int) -> int:
    """How good an Injury total is to hold (x2): up to 21 its value, beyond 21 worse the further it is."""
    return 2 * t if t < DEAD_AT else 2 * (DEAD_AT - 1) - 3 * (t - DEAD_AT + 1)


_STAND = tuple(_stand(t) * 10 for t in range(64))


def _h_lay(w: list, seat: int, fr: _Fast) -> int:
    """The heuristic's lay in lean world ``w`` (see ``_w_apply`` for moves) by ``seat``.

    Round 4 is played exactly with the cards of the world (the first layer expects the best reply to its pile, the
    second simply reaches its best result); rounds 1-3 by a static judgement of both totals after the lay
    (``_stand``: close to 21 good, over it bad) with a little noise to break ties. A Marked Complaint goes on its
    own pile when that pile then holds a total of 17 to 21 (protecting it) in rounds 2 and 3."""
    top, mk, hands, banned, rnd = w[0], w[1], w[3], w[8], w[5]
    t = list(_totals(top))
    second = w[6] == 2
    best, pick = None, 0
    hand = hands[seat]
    for c in hand:
        v = _VAL[c]
        for i in range(6):
            if mk[i] or i == banned:
                continue
            old = _VAL[top[i]] if top[i] >= 0 else 0
            t0, t1 = (t[0] - old + v, t[1]) if i < 3 else (t[0], t[1] - old + v)
            me, op = (t0, t1) if seat == 0 else (t1, t0)
            if rnd >= 4:
                if second:
                    val = _score(me, op) * 1000
                else:
                    r = _reply_value(t0, t1, top, mk, hands[1 - seat][0], 1 - seat, i)
                    val = (2 - r) * 1000
            else:
                val = _STAND[me] - _STAND[op]
            val += fr.below(8)
            if best is None or val > best:
                best, pick = val, c * 12 + i * 2
    if not w[4][seat] and 2 <= rnd <= 3:
        c, rest = divmod(pick, 12)
        i = rest // 2
        if i // 3 == seat:
            own = t[seat] - (_VAL[top[i]] if top[i] >= 0 else 0) + _VAL[c]
            if 17 <= own <= 21:
                pick += 1
    return pick


def _h_move(w: list, seat: int, fr: _Fast) -> int:
    """The heuristic's move in lean world ``w``: The Word's holder lets the other lay first (the second layer sees
    where the first card went); a Marked Complaint stays face down unless turning it up wins The Word; lays by
    ``_h_lay``."""
    phase = w[6]
    if phase == 0:
        return 100 + (1 - seat)
    if phase == 3:
        i = w[12][seat]
        hid = list(w[2])
        hid[i] = False
        up = _word(w[0], hid, w[9], fr)
        hid[i] = True
        down = _word(w[0], hid, w[9], fr)
        return 200 if (up == seat and down != seat) else 201
    return _h_lay(w, seat, fr)


def _h_rollout(w: list, fr: _Fast) -> int:
    """Seat 0's score (2 win, 1 draw, 0 loss) when both players play the duel out with the heuristic."""
    while w[6] != 4:
        seat = _w_actor(w)
        _w_apply(w, seat, _h_move(w, seat, fr), fr)
    return _score(*_totals(w[0]))


NORMAL_WORLDS = 24
"""Normal's budget: deals of the hidden cards it imagines; each votes for the heuristic's move in it."""
EASY_WORLDS = 6
EASY_SLIPS = 30
"""Easy: fewer imagined deals, and a careless move (a random Complaint on a random open pile, or a random Word
choice) in EASY_SLIPS per cent of its decisions."""


def _heuristic(view: GritView, legal: Sequence[Any], seed: int, worlds: int, slips: int) -> Any:
    """The heuristic bot: deal ``worlds`` worlds consistent with the view, let each vote for ``_h_move``'s move in it,
    play the most voted (lowest move number on a tie). With ``slips`` per cent chance, a careless move instead."""
    me = view.seat
    base, places, pool, ranks, fr = _setup(view, seed)
    by_move = _moves_of(legal)
    if slips and fr.below(100) < slips:
        plain = sorted(m for m in by_move if m >= 200 or m < 100 and m % 2 == 0) or sorted(by_move)
        if view.phase == "word":
            plain = sorted(by_move)
        return by_move[plain[fr.below(len(plain))]]
    votes: dict[int, int] = {}
    for _ in range(worlds):
        w = _deal_world(base, places, pool, ranks, fr)
        m = _h_move(w, me, fr)
        if m in by_move:
            votes[m] = votes.get(m, 0) + 1
    if not votes:
        return legal[0]
    return by_move[min(votes, key=lambda m: (-votes[m], m))]


def choose(view: GritView, legal_actions: Sequence[Any], rng: Rng, level: str = "normal") -> Any:
    """The bot's action for ``view`` among ``legal_actions`` (see the module docstring). Raises ValueError when
    there is no legal action. ``level``: "easy", "normal" or "hard" (unknown levels play as "normal")."""
    legal = list(legal_actions)
    if not legal:
        raise ValueError("no legal action")
    if len(legal) == 1:
        return legal[0]
    seed, _ = rng.next64()
    if level == "hard":
        return _search(view, legal, seed, hard_iterations(view))
    if level == "easy":
        return _heuristic(view, legal, seed, EASY_WORLDS, EASY_SLIPS)
    return _heuristic(view, legal, seed, NORMAL_WORLDS, 0)
