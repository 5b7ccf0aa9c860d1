"""The Grass bot: ``choose(view, legal_actions, rng, level)`` plays like a decent human, from its view only.

It opens its market, clears its heat (keeping one Heat Off of each kind), lays its biggest peddle, heats the leader,
steals big peddle, protects big stashes, plays Paranoia while its unprotected stash is small and dumps Paranoia on
its left neighbour when passing, closes the market when it is ahead, and proposes and accepts trades that help it
(getting a Heat Off or Market Open it needs, getting rid of Paranoia, swapping small Stash peddle for big).

Every figure is a rough dollar worth (ints). Levels: "normal" is this heuristic; "easy" is the heuristic with
human-like mistakes; "hard" searches (``arcade.games.grass.search``: information-set Monte Carlo search with this
heuristic as its rollout policy). Measured strengths: see ``LEVEL_STRENGTH``.
"""

from __future__ import annotations

from typing import Sequence

from arcade.core.rng import Rng
from .cards import (BANKER, EUPHORIA, HEAT_OF, HEAT_OFF, HEAT_ON, MARKET_CLOSE, MARKET_OPEN, NIRVANA,
                    NO_CARD, PARANOIA, PAY_FINE, PEDDLE, PROTECTION, REMEDY_OF, SOLD_OUT, STEAL_YOUR_NEIGHBORS_POT,
                    STONEHIGH, UTTERLY_WIPED_OUT, value)
from .rules import covers_for
from .state import ANY, MAX_OFFER, Action, GrassView, Trade

__all__ = ["choose", "heuristic", "keep_value", "plan_trade", "LEVEL_STRENGTH"]

LEVEL_STRENGTH = {("normal", "easy"): (165, 200), ("hard", "normal"): (120.5, 200)}
"""Measured head to head on the ladder (``python tools/ladder.py --game grass``: four players, two seats a level,
seats alternating, 200 seeded games a pair, seed 1; a shared win split): (games won by A, games played).
normal beats easy 82.5 % (165 - 35); hard beats normal 60.2 % (120.5 - 79.5; 2026-11-24, games 0-99: 64.0 %,
100-199: 56.5 %; docs/ladder.md). Earlier, two-player matches (tools/arena_grass.py --ladder, hard's first
budget of 1200 simulated actions without pruning): normal beat easy 150/200 = 75 %, hard beat normal 98/154 =
64 %."""

_TURN = 8_000  # rough worth of one turn


def _peddle_key(k: int) -> tuple[int, int]:
    return (value(k), k)


def _estimate(v: GrassView, i: int) -> int:
    """How well seat i is doing: running total plus Stash."""
    return v.totals[i] + v.seats[i].stash.total


def _leader(v: GrassView) -> int:
    others = [i for i in range(v.players) if i != v.seat]
    return max(others, key=lambda i: (_estimate(v, i), -i))


def _others_loose(v: GrassView) -> int:
    return sum(sv.stash.unprotected for i, sv in enumerate(v.seats) if i != v.seat)


def keep_value(v: GrassView, k: int, hand: Sequence[int] | None = None) -> int:
    """Rough dollar worth to ``v.seat`` of holding card ``k`` in ``hand`` (default: its hand); negative for
    liabilities (Paranoia cards, peddle it cannot lay before the hand ends)."""
    hand = v.hand if hand is None else hand
    me = v.seats[v.seat]
    dup = hand.count(k) > 1
    late = v.deck_count <= v.players
    if k in PARANOIA:
        return -value(k)
    if k == BANKER:
        return max(15_000, _others_loose(v) // 5)
    if k in PEDDLE:
        layable = me.market_open or MARKET_OPEN in hand
        if late and not (me.market_open and me.heat == NO_CARD):
            return -value(k)
        return value(k) * 8 // 10 if layable else -value(k) // 2
    if k == MARKET_OPEN:
        return 1_000 if me.market_open or dup else 40_000
    if k == MARKET_CLOSE:
        return 1_500 if dup else 9_000
    if k in HEAT_ON:
        return 5_000
    if k in HEAT_OFF:
        if me.heat == HEAT_OF[k]:
            return 45_000
        return 2_000 if dup else 7_000
    if k == PAY_FINE:
        return 30_000 if me.heat != NO_CARD else 6_000
    if k in NIRVANA:
        return 15_000 + _nirvana_gain(v, k)
    if k in PROTECTION:
        return 8_000 + max((sum(value(x) for x in c) for c in covers_for(me.stash.loose, value(k))), default=0) // 2
    if k == STEAL_YOUR_NEIGHBORS_POT:
        return 8_000 + max((max(value(x) for x in sv.stash.loose) for i, sv in enumerate(v.seats)
                            if i != v.seat and sv.stash.loose), default=0)
    return 0


def _nirvana_gain(v: GrassView, k: int) -> int:
    pick = min if k == STONEHIGH else max
    return sum(value(pick(sv.stash.loose, key=_peddle_key)) for i, sv in enumerate(v.seats)
               if i != v.seat and sv.stash.loose)


def _projection(v: GrassView, hand: Sequence[int]) -> tuple[int, int]:
    """(my hand score if the hand ended now with ``hand``, best opponent's estimate)."""
    me = v.seat
    mine = v.seats[me].stash.total
    mine -= max((value(k) for k in hand if k in PEDDLE), default=0)
    mine -= sum(value(k) for k in hand if k in PARANOIA)
    banker = BANKER in hand
    if banker:
        mine += _others_loose(v) // 5
    best = None
    for i, sv in enumerate(v.seats):
        if i == me:
            continue
        est = sv.stash.total - 5_000 - (sv.stash.unprotected // 5 if banker else 0)
        best = est if best is None else max(best, est)
    return mine, best if best is not None else 0


def _needs(v: GrassView, hand: Sequence[int]) -> list[int]:
    """Card kinds worth asking for in a trade: the Heat Off for my heat, a Market Open."""
    me = v.seats[v.seat]
    out = []
    if me.heat != NO_CARD and REMEDY_OF[me.heat] not in hand and PAY_FINE not in hand \
            and not any(k in NIRVANA for k in hand):
        out.append(REMEDY_OF[me.heat])
    if not me.market_open and MARKET_OPEN not in hand:
        out.append(MARKET_OPEN)
    return out


def plan_trade(v: GrassView, target: int) -> Trade | None:
    """The proposal the bot would make to ``target`` now (one for one each way), or None: Paranoia and junk out,
    the cards it needs (or a card of the target's choice) in, its smallest Stash peddle for the target's biggest."""
    hand = list(v.hand)
    offer: list[int] = []
    ask: list[int] = []
    para = sorted((k for k in hand if k in PARANOIA), key=lambda k: -value(k))
    junk = sorted((k for k in hand if k not in PARANOIA), key=lambda k: (keep_value(v, k), k))
    for need in _needs(v, hand):
        if len(offer) >= MAX_OFFER:
            break
        if para:
            give = para.pop(0)
        elif junk and keep_value(v, junk[0]) < 10_000:
            give = junk.pop(0)
        else:
            continue
        offer.append(give)
        ask.append(need)
    while para and len(offer) < MAX_OFFER:
        offer.append(para.pop(0))
        ask.append(ANY)
    mine = v.seats[v.seat].stash.loose
    theirs = v.seats[target].stash.loose
    offer_peddle: tuple[int, ...] = ()
    ask_peddle: tuple[int, ...] = ()
    if mine and theirs:
        small = min(mine, key=_peddle_key)
        big = max(theirs, key=_peddle_key)
        if value(big) > value(small):
            offer_peddle, ask_peddle = (small,), (big,)
    if not offer and junk and keep_value(v, junk[0]) <= 2_000 and offer_peddle:
        offer.append(junk.pop(0))
        ask.append(ANY)
    if not offer and not offer_peddle:
        return None
    return Trade(v.seat, target, tuple(sorted(offer)), tuple(sorted(ask)), offer_peddle, ask_peddle)


def _trade_worth(v: GrassView, t: Trade, choice: Sequence[int]) -> int:
    """Worth to me (the target) of accepting ``t`` giving ``choice`` for its ANY slots."""
    given = [k for k in t.ask if k != ANY] + list(choice)
    hand = list(v.hand)
    for k in given:
        hand.remove(k)
    after = hand + list(t.offer)
    gain = sum(keep_value(v, k, after) for k in t.offer) - sum(keep_value(v, k, v.hand) for k in given)
    gain += sum(value(k) for k in t.offer_peddle) - sum(value(k) for k in t.ask_peddle)
    return gain


def _play_worth(v: GrassView, a: Action) -> int:
    """Rough worth of playing or discarding now (higher is better)."""
    me = v.seats[v.seat]
    hand = list(v.hand)
    k = a.card
    if a.op == "discard":
        return -keep_value(v, k) - 1
    if a.op == "protect":
        covered = sum(value(x) for x in a.cards)
        return covered // 2 if covered >= 25_000 or v.deck_count <= 2 * v.players else covered // 5
    if a.op == "play_on":
        if k == STEAL_YOUR_NEIGHBORS_POT:
            taken = max(v.seats[a.target].stash.loose, key=_peddle_key)
            return value(taken) * 3 // 2 + 2_000
        lead = _leader(v)
        return 20_000 if a.target == lead else 6_000 + _estimate(v, a.target) // 20
    if k == MARKET_OPEN:
        return 1_000_000
    if k in HEAT_OFF:
        return 800_000
    if k == PAY_FINE:
        if any(c in NIRVANA for c in hand):
            return 0
        lost = min((value(x) for x in me.stash.cards() if x in PEDDLE), default=0)
        return 700_000 - lost
    if k in NIRVANA:
        gain = _nirvana_gain(v, k) + _TURN * (2 if k == EUPHORIA else 1)
        if me.heat != NO_CARD:
            return 850_000 + gain
        if gain >= 20_000 or v.deck_count <= 2 * v.players:
            return 30_000 + gain
        return gain // 4
    if k == MARKET_CLOSE:
        hand.remove(k)
        mine, best = _projection(v, hand)
        if mine > best + 5_000 and mine > 0:
            return 900_000
        return -100_000
    if k in PEDDLE:
        return value(k) + 12_000
    if k in PARANOIA:
        return _paranoia_worth(v, k)
    return 0


def _paranoia_worth(v: GrassView, k: int) -> int:
    me = v.seats[v.seat]
    loose = me.stash.loose
    hand = list(v.hand)
    hand.remove(k)
    if k == SOLD_OUT:
        cost = value(min(loose, key=_peddle_key)) if loose else 0
        cost += _TURN
    elif k == UTTERLY_WIPED_OUT:
        cost = sum(value(x) for x in loose) + 2 * _TURN
        if me.market_open and MARKET_OPEN not in hand:
            cost += 20_000
    else:
        cost = (value(max(loose, key=_peddle_key)) if loose else 0) + 2 * _TURN
    dump = max((value(x) for x in hand if x in PARANOIA), default=0)
    net = value(k) + dump - cost
    return 600_000 + net if net > 0 else net


def _draft_step(v: GrassView, legal: Sequence[Action]) -> Action:
    t = v.trade
    plan = plan_trade(v, t.target)
    if plan is not None:
        for field, op in (("offer", "offer"), ("ask", "ask"), ("offer_peddle", "offer_peddle"),
                          ("ask_peddle", "ask_peddle")):
            want, have = list(getattr(plan, field)), list(getattr(t, field))
            for k in have:
                if k in want:
                    want.remove(k)
            for k in want:
                a = Action(op, k)
                if a in legal:
                    return a
        if Action("send") in legal and sorted(t.offer) == sorted(plan.offer) and sorted(t.ask) == sorted(plan.ask):
            return Action("send")
    return Action("withdraw")


def _answer(v: GrassView, legal: Sequence[Action]) -> Action:
    best, best_gain = Action("refuse"), 0
    for a in legal:
        if a.op != "accept":
            continue
        gain = _trade_worth(v, v.trade, a.cards)
        if gain > best_gain:
            best, best_gain = a, gain
    return best


def _play(v: GrassView, legal: Sequence[Action]) -> Action:
    # one proposal a turn, up to three while it looks for a Heat Off or Market Open it needs
    if v.trading and v.proposals_left > 0 and (not v.proposed or _needs(v, v.hand)):
        targets = [i for i in range(v.players) if i != v.seat and i not in v.proposed]
        targets.sort(key=lambda i: (-max((value(x) for x in v.seats[i].stash.loose), default=0), i))
        for t in targets:
            if plan_trade(v, t) is not None and Action("propose", -1, t) in legal:
                return Action("propose", -1, t)
    best, best_w = None, None
    for a in legal:
        if a.op == "propose":
            continue
        w = _play_worth(v, a)
        if best_w is None or w > best_w:
            best, best_w = a, w
    return best


# --- easy: the heuristic with human-like mistakes ------------------------------------------------------------------


def _easy(view: GrassView, legal: list[Action], rng: Rng) -> Action | None:
    """The "easy" level (normal wins 75 % of two-player matches against it): a human-like slip, or None to play the
    heuristic's move: one play in four is another sensible-looking play
    (among the three it rates best); it never proposes trades and accepts one when it looks roughly even; it passes
    a random card in a Paranoia; it closes the market as soon as it is ahead."""
    phase = view.phase
    if phase == "answer":
        best, best_gain = Action("refuse"), -10_001
        for a in legal:
            if a.op == "accept":
                gain = _trade_worth(view, view.trade, a.cards)
                if gain > best_gain:
                    best, best_gain = a, gain
        return best
    if phase == "draft":
        return Action("withdraw") if Action("withdraw") in legal else None
    if phase == "paranoia":
        return rng.choice(legal)[0]
    if phase != "play":
        return None
    plays = [a for a in legal if a.op != "propose"]
    if not plays:
        return None
    for a in plays:
        if a.op == "play" and a.card == MARKET_CLOSE:
            hand = list(view.hand)
            hand.remove(MARKET_CLOSE)
            mine, best = _projection(view, hand)
            if mine > best:
                return a
    roll, rng = rng.below(4)
    if roll == 0 and len(plays) > 1:
        ranked = sorted(plays, key=lambda a: -_play_worth(view, a))[:3]
        return rng.choice(ranked)[0]
    return _play_only(view, plays)


def _play_only(view: GrassView, plays: Sequence[Action]) -> Action:
    best, best_w = plays[0], None
    for a in plays:
        w = _play_worth(view, a)
        if best_w is None or w > best_w:
            best, best_w = a, w
    return best


def heuristic(view: GrassView, legal: Sequence[Action], trade: bool = True) -> Action:
    """The "normal" level's move (``LEVEL_STRENGTH``: it wins 82.5 % against easy, 39.8 % against hard) for
    ``view.seat`` among ``legal`` (deterministic); ``trade=False`` never starts a proposal (the searching bot's fast
    rollouts)."""
    if len(legal) == 1:
        return legal[0]
    phase = view.phase
    if phase == "paranoia":
        return min(legal, key=lambda a: (keep_value(view, a.card), a.card))
    if phase == "answer":
        return _answer(view, legal)
    if phase == "draft":
        return _draft_step(view, legal)
    if phase == "play":
        if not trade:
            plays = [a for a in legal if a.op != "propose"]
            return _play_only(view, plays)
        a = _play(view, legal)
        if a is not None:
            return a
    return legal[0]


def choose(view: GrassView, legal_actions: Sequence[Action], rng: Rng, level: str = "normal") -> Action:
    """The bot's action for ``view.seat``: one of ``legal_actions`` (a pure function of the view, the legal actions,
    ``rng`` and ``level``; no clock is read). Raises ValueError if there is no legal action.

    Levels (measured strengths on tools/ladder.py, quoted in ``LEVEL_STRENGTH``):
    "easy" = the heuristic with human-like mistakes (``_easy``); "normal" = the heuristic (``heuristic``);
    "hard" = information-set Monte Carlo search over determinizations of the view (``arcade.games.grass.search``),
    reached through ``arcade.games.grass.levels.choose`` (the package's ``choose``); here "hard" plays as "normal".
    """
    legal = list(legal_actions)
    if not legal:
        raise ValueError("no legal action")
    if len(legal) == 1:
        return legal[0]
    if level == "easy":
        a = _easy(view, legal, rng)
        if a is not None and a in legal:
            return a
    return heuristic(view, legal)  # "normal" (and "hard" when asked here: its search lives in ``levels.choose``)
