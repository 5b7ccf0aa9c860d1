"""The Grit bot: ``choose(view, legal_actions, rng, level)``, a pure function of one seat's view.

It aims for 21 and pushes the opponent over. Method (flat Monte Carlo over determinizations):

1. From the view, list the cards it cannot see (the opponent's Complaints, face-down cards it did not lay, the two
   unused cards): the deck's spades it has not seen, plus the heart if it has not seen it (its rank drawn afresh).
   A *world* deals those cards at random into those places, as ``sample_hidden`` does for a state.
2. Every candidate action is played out to the end of the duel in the same worlds (common random numbers), the rest
   of the duel played by a quick rollout policy for both players, and scored 2 win / 1 draw / 0 loss.
3. Successive halving: all candidates get a few worlds, the better half gets more, and so on; the best mean wins.

Rollout policy ("normal", "hard"): rounds before the last are played with random Complaints on random open piles
(no marking); round 4 is then played by minimax with open cards: The Word's holder picks the better order, the first
player the pile that is best against the best reply, the second player its best reply. So the value of a candidate is
"how good is the position the last round starts from", which is what decides a duel. The rollout's last replier sees
the card just laid (it cannot in the real game): the bot is cautious about laying first in round 4.
At "easy" the rollouts are uniformly random legal play (as the random baseline plays) and there are few of them.
Levels: "easy" 40 playouts a decision, "normal" 200, "hard" 300 ("hard" is the strong one).
Measured with tools/arena_grit.py (400 duels, seed 0, against the random player): easy 80%, normal 89%, hard 91%
wins. Head to head hard and normal are about even (more playouts barely help; the rollout model is the limit), and
normal beats easy about two duels in three. A decision takes a few ms (at most about 20 ms) on the 2-core machine.

Everything is integer arithmetic with a small deterministic generator seeded from ``rng``; no floats, no clocks.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..rng import Rng
from .cards import card_value, deck_spades, heart_ranks, make_card, HEARTS
from .rules import ChooseFirst, GritView, KeepHidden, PlayComplaint, DEAD_AT

__all__ = ["choose", "BUDGETS"]

_MASK = (1 << 64) - 1
_VAL = tuple(card_value(c) for c in range(26))
_RANK = tuple(c % 13 + 1 for c in range(26))  # The Word's tie-break compares ranks (K 13 > Q 12 > ... > A 1)

BUDGETS = {"easy": (40, 0), "normal": (200, 1), "hard": (300, 1)}
"""Per level: (playouts per decision, rollout policy: 0 uniformly random, 1 plain random then round 4 by minimax)."""


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


def _random_move(mk: list[bool], hands: list[list[int]], mused: list[bool], seat: int, banned: int,
                 fr: _Fast) -> tuple[int, int, int]:
    """Uniform over the legal actions, as ``random_choose`` picks them (marking counted as its own actions)."""
    opts = []
    for i in range(6):
        if mk[i] or i == banned:
            continue
        opts.append((i, 0))
        if not mused[seat]:
            opts.append((i, 1))
            if i // 3 == seat:
                opts.append((i, 2))
    hand = hands[seat]
    c = hand[fr.below(len(hand))]
    i, mode = opts[fr.below(len(opts))]
    return c, i, mode


def _lay(top: list[int], mk: list[bool], hid: list[bool], hands: list[list[int]], mused: list[bool], seat: int,
         c: int, i: int, mode: int) -> None:
    hands[seat].remove(c)
    top[i] = c
    mk[i] = mode >= 1
    hid[i] = mode == 2
    if mode:
        mused[seat] = True


def _plain_move(mk: list[bool], hands: list[list[int]], seat: int, banned: int, fr: _Fast) -> tuple[int, int, int]:
    """A random Complaint on a random open pile, never marked (a player who does not waste the mark)."""
    hand = hands[seat]
    c = hand[fr.below(len(hand))]
    while True:
        i = fr.below(6)
        if not mk[i] and i != banned:
            return c, i, 0


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


def _first_value(t0: int, t1: int, top: list[int], mk: list[bool], hands: list[list[int]], f: int) -> int:
    """The best score the first player ``f`` of round 4 can reach against a best reply (open cards)."""
    c = hands[f][0]
    v = _VAL[c]
    reply = hands[1 - f][0]
    best = 0
    for i in range(6):
        if mk[i]:
            continue
        old = _VAL[top[i]] if top[i] >= 0 else 0
        if i < 3:
            r = _reply_value(t0 - old + v, t1, top, mk, reply, 1 - f, i)
        else:
            r = _reply_value(t0, t1 - old + v, top, mk, reply, 1 - f, i)
        if 2 - r > best:
            best = 2 - r
            if best == 2:
                return 2
    return best


def _last_round(top: list[int], mk: list[bool], hands: list[list[int]], phase: int, first: int, banned: int,
                holder: int) -> int:
    """Round 4 by minimax with open cards (each player has one Complaint left; marking changes nothing now: the
    second player may not use the first one's pile anyway). Returns seat 0's score: 2 win, 1 draw, 0 loss."""
    t0, t1 = _totals(top)
    if phase == 2:
        r = _reply_value(t0, t1, top, mk, hands[1 - first][0], 1 - first, banned)
        return r if first == 1 else 2 - r
    if phase == 1:
        w = _first_value(t0, t1, top, mk, hands, first)
        return w if first == 0 else 2 - w
    # the holder of The Word picks the better order for itself
    a = _first_value(t0, t1, top, mk, hands, holder)
    b = 2 - _first_value(t0, t1, top, mk, hands, 1 - holder) if a < 2 else 0
    w = a if a >= b else b
    return w if holder == 0 else 2 - w


def _playout(top: list[int], mk: list[bool], hid: list[bool], hands: list[list[int]], mused: list[bool],
             rnd: int, phase: int, first: int, banned: int, last_word: int, policy: int, fr: _Fast) -> int:
    """Play the duel out from (round ``rnd``, ``phase`` 0 word / 1 lay first / 2 lay second). Returns seat 0's
    score: 2 win, 1 draw, 0 loss.

    ``policy`` 0: both players move uniformly at random among the legal actions (as ``random_choose``);
    1: random Complaints on random piles without marking, and round 4 by minimax with open cards."""
    while rnd <= 4:
        holder = -1
        if phase == 0:
            holder = _word(top, hid, last_word, fr)
            last_word = holder
            banned = -1
            if policy and rnd == 4:
                return _last_round(top, mk, hands, 0, -1, -1, holder)
            first = fr.below(2)
            phase = 1
        if policy and rnd == 4:
            return _last_round(top, mk, hands, phase, first, banned, holder)
        if phase == 1:
            seat = first
            if policy:
                c, i, mode = _plain_move(mk, hands, seat, -1, fr)
            else:
                c, i, mode = _random_move(mk, hands, mused, seat, -1, fr)
            _lay(top, mk, hid, hands, mused, seat, c, i, mode)
            banned = i
            phase = 2
        seat = 1 - first
        if policy:
            c, i, mode = _plain_move(mk, hands, seat, banned, fr)
        else:
            c, i, mode = _random_move(mk, hands, mused, seat, banned, fr)
        _lay(top, mk, hid, hands, mused, seat, c, i, mode)
        rnd += 1
        phase = 0
    t0, t1 = _totals(top)
    return _score(t0, t1)


# --- reading the view ----------------------------------------------------------------------------------------------


def _unseen(view: GritView) -> tuple[list[int], bool, int]:
    """(unseen spades, whether the heart is unseen, number of unseen places that matter: opponent hand + unknown
    face-down pile tops)."""
    seen = list(view.hand)
    unknown_tops = 0
    for own in view.piles:
        for pile in own:
            for c in pile:
                if c.card is not None:
                    seen.append(c.card)
            if pile and pile[-1].card is None:
                unknown_tops += 1
    spades = [c for c in deck_spades(view.prototype_deck) if c not in seen]
    heart_seen = any(c >= 13 for c in seen)
    return spades, not heart_seen, unknown_tops


def _worlds(view: GritView, count: int, fr: _Fast) -> list[tuple[list[int], list[int]]]:
    """``count`` worlds: (cards for the unknown face-down tops in pile order, opponent hand)."""
    spades, heart_unseen, unknown_tops = _unseen(view)
    opp = 1 - view.seat
    n_opp = view.complaint_counts[opp]
    ranks = heart_ranks(view.prototype_deck)
    out = []
    for _ in range(count):
        pool = list(spades)
        if heart_unseen:
            pool.append(make_card(ranks[fr.below(len(ranks))], HEARTS))
        for j in range(len(pool) - 1, 0, -1):
            k = fr.below(j + 1)
            pool[j], pool[k] = pool[k], pool[j]
        out.append((pool[:unknown_tops], pool[unknown_tops:unknown_tops + n_opp]))
    return out


def _base(view: GritView) -> tuple[list[int], list[bool], list[bool]]:
    top, mk, hid = [-1] * 6, [False] * 6, [False] * 6
    for o in range(2):
        for p in range(3):
            pile = view.piles[o][p]
            if pile:
                c = pile[-1]
                i = o * 3 + p
                top[i] = -2 if c.card is None else c.card  # -2: filled per world
                mk[i] = c.marked
                hid[i] = not c.face_up and (c.kept_hidden or c.marked)
    return top, mk, hid


def _evaluate(view: GritView, action: Any, world: tuple[list[int], list[int]], base: tuple, policy: int,
              fr: _Fast) -> int:
    """Play ``action`` then the rest of the duel in ``world``; 2 win / 1 draw / 0 loss for the viewer."""
    me = view.seat
    top, mk, hid = list(base[0]), list(base[1]), list(base[2])
    tops, opp_hand = world
    k = 0
    for i in range(6):
        if top[i] == -2:
            top[i] = tops[k]
            k += 1
    hands = [[], []]
    hands[me] = list(view.hand)
    hands[1 - me] = list(opp_hand)
    mused = list(view.marked_used)
    rnd = view.round
    first = view.first
    banned = -1
    if view.round_plays:
        o, p = view.round_plays[0]
        banned = o * 3 + p
    if isinstance(action, ChooseFirst):
        phase, first = 1, action.first
    elif isinstance(action, KeepHidden):
        for o, p in view.round_plays:
            i = o * 3 + p
            if o == me and view.piles[o][p][-1].marked and view.piles[o][p][-1].card is not None:
                hid[i] = action.keep
        phase, rnd = 0, rnd + 1
    else:
        _lay(top, mk, hid, hands, mused, me, action.card, action.owner * 3 + action.pile, 1 if action.marked else 0)
        if view.phase == "lay_first":
            phase, banned = 2, action.owner * 3 + action.pile
        else:
            phase, rnd = 0, rnd + 1
    w = _playout(top, mk, hid, hands, mused, rnd, phase, first, banned, view.word, policy, fr)
    return w if me == 0 else 2 - w


def _candidates(legal: Sequence[Any]) -> list[Any]:
    """Drop actions that are the same in the lean model: two non-heart cards of equal value on the same pile."""
    seen: dict[tuple, Any] = {}
    out = []
    for a in legal:
        if isinstance(a, PlayComplaint):
            key = (_VAL[a.card], _RANK[a.card], a.card >= 13, a.owner, a.pile, a.marked)
        elif isinstance(a, KeepHidden):
            key = ("keep", a.keep)
        else:
            key = ("first", a.first)
        if key not in seen:
            seen[key] = a
            out.append(a)
    return out


def choose(view: GritView, legal_actions: Sequence[Any], rng: Rng, level: str = "normal") -> Any:
    """The bot's action for ``view`` among ``legal_actions`` (see the module docstring). Raises ValueError when
    there is no legal action. ``level``: "easy", "normal" or "hard" (unknown levels play as "normal")."""
    legal = list(legal_actions)
    if not legal:
        raise ValueError("no legal action")
    if len(legal) == 1:
        return legal[0]
    budget, policy = BUDGETS.get(level, BUDGETS["normal"])
    seed, _ = rng.next64()
    fr = _Fast(seed)
    cands = _candidates(legal)
    base = _base(view)
    totals = [0] * len(cands)
    counts = [0] * len(cands)
    alive = list(range(len(cands)))
    stages = max(1, (len(cands) - 1).bit_length())
    per_stage = budget // stages
    while True:
        n = max(2, per_stage // len(alive))
        worlds = _worlds(view, n, fr)
        for j in alive:
            a = cands[j]
            for w in worlds:
                totals[j] += _evaluate(view, a, w, base, policy, fr)
                counts[j] += 1
        if len(alive) <= 1 or stages <= 1:
            break
        alive.sort(key=lambda j: (-totals[j] * 1000 // counts[j], j))
        alive = alive[:(len(alive) + 1) // 2]
        stages -= 1
    best = max(alive, key=lambda j: (totals[j] * 1000 // counts[j], -j))
    return cands[best]
