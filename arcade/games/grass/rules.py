"""The rules of Grass as a ``TurnRules`` (rules/grass.md; decisions in the package docstring).

A turn: the player draws automatically when the turn begins (7 cards in hand, phase "play"), may build and send up to
three trade proposals (phases "draft" and "answer"), then plays or discards one card. A Paranoia card opens the phase
"paranoia", in which every seat holding cards passes one card left at the same time. The hand ends on a Market Close
or when a turn should begin with the Grass stack empty; it is scored at once (phase "scoring", showing the
breakdown) and the next dealer deals the next hand, until a running total reaches the goal or the last hand is played.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from arcade.core.canonical import state_checksum
from arcade.core.protocols import IllegalAction
from arcade.core.rng import Rng, seed_mix
from .cards import (BANKER, CATCH_A_BUZZ, DOUBLE_CROSSED, DR_FEELGOOD, EUPHORIA, GRAB_A_SNACK, HEAT_OF, HEAT_OFF,
                    HEAT_ON, KINDS, LUST_CONQUERS_ALL, MARKET_CLOSE, MARKET_OPEN, NIRVANA, NO_CARD, PARANOIA,
                    PAY_FINE, PEDDLE, PROTECTION, SOLD_OUT, STEAL_YOUR_NEIGHBORS_POT, STONEHIGH, UTTERLY_WIPED_OUT,
                    full_deck, value)
from .scoring import score_hand, winners
from .state import (ANY, MAX_OFFER, Action, Cover, GrassState, GrassView, Seat, SeatView, Stash, Trade,
                    decode_action, encode_action)

__all__ = ["GrassRules", "HAND_SIZE", "MAX_PROPOSALS", "DEFAULT_MAX_HANDS", "GOAL", "LEARNING_LEFT_OUT",
           "trading_allowed", "peddle_order", "sample_hidden", "state_from_view"]

HAND_SIZE = 6
MAX_PROPOSALS = 3
"""Trade proposals a player may start in one turn (rules decision)."""
DEFAULT_MAX_HANDS = 0
"""0 = no cap: hands follow until a running total reaches the goal (rules/grass.md, "Corrections"). A positive
``max_hands`` option is the optional length limit (off by default): after that hand the highest total wins."""
GOAL = 250_000

_LEARN_1 = (STONEHIGH, EUPHORIA, LUST_CONQUERS_ALL, GRAB_A_SNACK, CATCH_A_BUZZ, SOLD_OUT, DOUBLE_CROSSED,
            UTTERLY_WIPED_OUT, STEAL_YOUR_NEIGHBORS_POT, BANKER)
LEARNING_LEFT_OUT: dict[int, frozenset[int]] = {
    1: frozenset(_LEARN_1),
    2: frozenset(_LEARN_1),
    3: frozenset((STONEHIGH, EUPHORIA, SOLD_OUT, DOUBLE_CROSSED, UTTERLY_WIPED_OUT)),
}
"""Learning mode: the kinds left in the box for teaching hands 1-3 (hand 4 and later use the whole deck)."""


def trading_allowed(s: GrassState | GrassView) -> bool:
    """Trading is off only in learning mode's first hand."""
    return not (s.learning and s.hand_no == 1)


def peddle_order(kind: int) -> tuple[int, int]:
    """Sort key "smallest first" for peddle: by value, then by kind (so Home Grown goes before Mexico)."""
    return (value(kind), kind)


def _remove(cards: tuple[int, ...], *kinds: int) -> tuple[int, ...]:
    out = list(cards)
    for k in kinds:
        out.remove(k)
    return tuple(out)


def _add(cards: tuple[int, ...], *kinds: int) -> tuple[int, ...]:
    return tuple(sorted(cards + kinds))


def _distinct(cards: tuple[int, ...]) -> list[int]:
    return sorted(set(cards))


def _setat(seq: tuple, i: int, v: Any) -> tuple:
    return seq[:i] + (v,) + seq[i + 1:]


def _no_knowledge(n: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    return tuple(((),) * n for _ in range(n))


def _forget(known: tuple, seat: int, kinds: tuple[int, ...] | list[int]) -> tuple:
    """Cards that left ``seat``'s hand in view of everyone: no observer counts them there any more."""
    if not known or not kinds:
        return known
    rows = []
    for row in known:
        cell = list(row[seat])
        for k in kinds:
            if k in cell:
                cell.remove(k)
        rows.append(_setat(row, seat, tuple(cell)) if len(cell) != len(row[seat]) else row)
    return tuple(rows)


def _learn(known: tuple, observer: int, seat: int, kinds: tuple[int, ...] | list[int]) -> tuple:
    """``observer`` now knows ``kinds`` are in ``seat``'s hand."""
    if not known or observer == seat or not kinds:
        return known
    row = known[observer]
    return _setat(known, observer, _setat(row, seat, _add(row[seat], *kinds)))


def covers_for(loose: tuple[int, ...], cap: int) -> list[tuple[int, ...]]:
    """The sets of loose peddle a protection card worth ``cap`` dollars may cover: non-empty, total <= cap,
    never Dr. Feelgood, and maximal (no other loose peddle would still fit: decision)."""
    kinds = [k for k in _distinct(loose) if k != DR_FEELGOOD]
    avail = [loose.count(k) for k in kinds]
    out: list[tuple[int, ...]] = []

    def rec(i: int, chosen: list[int], total: int) -> None:
        if i == len(kinds):
            if not chosen:
                return
            for j, k in enumerate(kinds):
                if chosen.count(k) < avail[j] and total + value(k) <= cap:
                    return
            out.append(tuple(chosen))
            return
        k = kinds[i]
        n = 0
        while n <= avail[i] and total + n * value(k) <= cap:
            rec(i + 1, chosen + [k] * n, total + n * value(k))
            n += 1

    rec(0, [], 0)
    return out


class GrassRules:
    """Grass for 2-6 players. Options of ``initial_state``: ``learning`` (bool, the rulebook's four teaching hands),
    ``max_hands`` (int >= 0, default 0 = no cap: play until someone reaches the goal), ``goal`` (dollars, default
    250,000)."""

    id = "grass"
    min_players = 2
    max_players = 6
    version = 2  # 2: Paranoia discards, no 10-hand cap, stash trades of several cards, no $0 floor, Nirvana wastes the heat card

    # --- setup -------------------------------------------------------------------------------------------------

    def initial_state(self, seed: int, players: int, learning: bool = False, max_hands: int = DEFAULT_MAX_HANDS,
                      goal: int = GOAL, **options: Any) -> GrassState:
        """The match with its first hand dealt (dealer = the last seat, so seat 0 plays first). Raises ValueError for
        a player count outside 2-6, max_hands < 0, goal < 1 or an unknown option."""
        if options:
            raise ValueError(f"unknown options {sorted(options)}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Grass is for 2-6 players, not {players}")
        if max_hands < 0 or goal < 1:
            raise ValueError("max_hands must be >= 0 and goal positive")
        s = GrassState(players=players, phase="scoring", seats=tuple(Seat(()) for _ in range(players)), deck=(),
                       wasted=(), box=(), dealer=players - 2, current=0, extra_turns=0,
                       proposed=(), trade=None, paranoia_card=NO_CARD, passes=(NO_CARD,) * players, hand_no=0,
                       totals=(0,) * players, breakdown=(), learning=bool(learning), max_hands=int(max_hands),
                       goal=int(goal), rng=Rng.from_seed(seed), known=_no_knowledge(players))
        return self._deal(s)

    def _deal(self, s: GrassState) -> GrassState:
        n = s.players
        dealer = (s.dealer + 1) % n
        hand_no = s.hand_no + 1
        left_out = LEARNING_LEFT_OUT.get(hand_no, frozenset()) if s.learning else frozenset()
        cards = full_deck()
        box = tuple(k for k in cards if k in left_out)
        deck, rng = s.rng.shuffle([k for k in cards if k not in left_out])
        hands: list[list[int]] = [[] for _ in range(n)]
        for r in range(HAND_SIZE):
            for j in range(1, n + 1):
                hands[(dealer + j) % n].append(deck[-1])
                deck = deck[:-1]
        # turns still owed from Paranoia carry into the next hand (rules/grass.md, "Corrections")
        seats = tuple(Seat(tuple(sorted(h)), lost_turns=old.lost_turns) for h, old in zip(hands, s.seats))
        s = replace(s, phase="play", seats=seats, deck=deck, wasted=(), box=box, dealer=dealer, hand_no=hand_no,
                    rng=rng, trade=None, paranoia_card=NO_CARD, passes=(NO_CARD,) * n, current=dealer,
                    extra_turns=0, known=_no_knowledge(n))
        return self._end_turn(s, (("deal", dealer, hand_no),))

    # --- protocol ----------------------------------------------------------------------------------------------

    def to_act(self, s: GrassState) -> frozenset[int]:
        """Seats that may act: the current player ("play", "draft"), the trade's target ("answer"), every seat still
        to choose its pass ("paranoia"), the next dealer ("scoring"); nobody once the match is over."""
        if s.phase in ("play", "draft"):
            return frozenset((s.current,))
        if s.phase == "answer":
            return frozenset((s.trade.target,))
        if s.phase == "paranoia":
            return frozenset(i for i in range(s.players) if s.passes[i] == NO_CARD and s.seats[i].hand)
        if s.phase == "scoring":
            return frozenset(((s.dealer + 1) % s.players,))
        return frozenset()

    def legal_actions(self, s: GrassState, seat: int) -> tuple[Action, ...]:
        """Every action ``seat`` may take now, in a fixed order; empty if it may not act."""
        if seat not in self.to_act(s):
            return ()
        if s.phase == "play":
            return self._play_actions(s)
        if s.phase == "draft":
            return self._draft_actions(s)
        if s.phase == "answer":
            return self._answer_actions(s)
        if s.phase == "paranoia":
            return tuple(Action("pass", k) for k in _distinct(s.seats[seat].hand))
        return (Action("deal"),)

    def apply(self, s: GrassState, seat: int, a: Action) -> GrassState:
        """The state after ``seat`` takes ``a``. Raises IllegalAction if ``a`` is not in ``legal_actions(s, seat)``."""
        if a not in self.legal_actions(s, seat):
            raise IllegalAction(f"seat {seat} may not {a} now (phase {s.phase})")
        return self.apply_legal(s, seat, a)

    def apply_legal(self, s: GrassState, seat: int, a: Action) -> GrassState:
        """``apply`` without checking that ``a`` is legal (for searches that took ``a`` from ``legal_actions``);
        an illegal ``a`` gives a meaningless state or raises."""
        if s.phase == "play":
            return self._apply_play(s, a)
        if s.phase == "draft":
            return self._apply_draft(s, a)
        if s.phase == "answer":
            return self._apply_answer(s, a)
        if s.phase == "paranoia":
            return self._apply_pass(s, seat, a.card)
        return self._deal(replace(s, events=()))

    def is_over(self, s: GrassState) -> bool:
        """True once a running total has reached the goal (or, with the optional ``max_hands`` limit, once that
        hand has been scored)."""
        return s.phase == "over"

    def scores(self, s: GrassState) -> tuple[int, ...]:
        """Running totals in dollars, one per seat."""
        return s.totals

    def winners(self, s: GrassState) -> tuple[int, ...]:
        """Seats with the highest running total (meaningful once the match is over; ties share the win)."""
        return winners(s.totals)

    def encode_action(self, a: Action) -> int:
        """The int ``0 <= n < 61440`` for ``a`` (see ``state.encode_action``). Raises IllegalAction."""
        return encode_action(a)

    def decode_action(self, n: int) -> Action:
        """Inverse of ``encode_action``. Raises IllegalAction for junk."""
        return decode_action(n)

    def checksum(self, s: GrassState) -> int:
        """64-bit checksum of the canonical encoding of ``s``."""
        return state_checksum(s)

    def state_from_view(self, view: GrassView, rng: Rng) -> GrassState:
        """A stand-in full state showing ``view`` to its seat (see the module's ``state_from_view``)."""
        return state_from_view(view, rng)

    def action_is_public(self, s: GrassState, seat: int, a: Action) -> bool:
        """Whether every seat may be told ``a`` (rules/grass.md): cards are played and discarded face up and trades
        are named openly; only the card chosen for a Paranoia pass goes face down ("passes one card from their
        hand face down"): not public."""
        return a.op != "pass"

    def view(self, s: GrassState, seat: int | None) -> GrassView:
        """What ``seat`` may see (None = spectator): own hand and own Paranoia pass; others' hands as counts;
        piles, stashes (with covers), the trade, totals and the last breakdown; events with hidden cards masked."""
        mine = seat is not None and 0 <= seat < s.players
        seats = tuple(SeatView(len(p.hand), p.pile, p.market_open, p.heat, p.stash, p.lost_turns,
                               s.passes[i] != NO_CARD) for i, p in enumerate(s.seats))
        return GrassView(
            seat=seat, players=s.players, phase=s.phase, hand_no=s.hand_no, max_hands=s.max_hands, goal=s.goal,
            learning=s.learning, trading=trading_allowed(s), dealer=s.dealer, current=s.current,
            extra_turns=s.extra_turns, proposed=s.proposed, proposals_left=MAX_PROPOSALS - len(s.proposed),
            hand=s.seats[seat].hand if mine else (), my_pass=s.passes[seat] if mine else NO_CARD, seats=seats,
            deck_count=len(s.deck), wasted=s.wasted, box=s.box, trade=s.trade, paranoia_card=s.paranoia_card,
            totals=s.totals, breakdown=s.breakdown, events=tuple(_mask(e, seat) for e in s.events),
            known=s.known[seat] if mine and s.known else ())

    # --- legal actions -----------------------------------------------------------------------------------------

    def _play_actions(self, s: GrassState) -> tuple[Action, ...]:
        cur = s.current
        me = s.seats[cur]
        out: list[Action] = []
        others = [t for t in range(s.players) if t != cur]
        for k in _distinct(me.hand):
            out.append(Action("discard", k))  # any card, Paranoia too ("en joue une ... ou en défausse une")
            if k == MARKET_OPEN:
                if not me.market_open:
                    out.append(Action("play", k))
            elif k == MARKET_CLOSE or k in PEDDLE:
                if me.can_peddle:
                    out.append(Action("play", k))
            elif k in PROTECTION:
                out.extend(Action("protect", k, -1, c) for c in covers_for(me.stash.loose, value(k)))
            elif k in HEAT_ON:
                out.extend(Action("play_on", k, t) for t in others
                           if s.seats[t].market_open and s.seats[t].heat == NO_CARD)
            elif k in HEAT_OFF:
                if me.heat == HEAT_OF[k]:
                    out.append(Action("play", k))
            elif k == PAY_FINE:
                if me.heat != NO_CARD and me.stash.total > 0:
                    out.append(Action("play", k))
            elif k in NIRVANA or k in PARANOIA:
                out.append(Action("play", k))
            elif k == STEAL_YOUR_NEIGHBORS_POT:
                if me.heat == NO_CARD:
                    out.extend(Action("play_on", k, t) for t in others
                               if s.seats[t].market_open and s.seats[t].stash.loose)
        if trading_allowed(s) and len(s.proposed) < MAX_PROPOSALS:
            out.extend(Action("propose", -1, t) for t in others)
        return tuple(out)

    def _draft_actions(self, s: GrassState) -> tuple[Action, ...]:
        t = s.trade
        me = s.seats[t.proposer]
        out: list[Action] = []
        if len(t.offer) < MAX_OFFER:
            out.extend(Action("offer", k) for k in _distinct(me.hand) if me.hand.count(k) > t.offer.count(k))
        if len(t.ask) < MAX_OFFER:
            out.extend(Action("ask", k) for k in range(KINDS + 1))
        # one or several laid peddle cards each way ("une ou plusieurs cartes déjà posées")
        mine, theirs = me.stash.loose, s.seats[t.target].stash.loose
        out.extend(Action("offer_peddle", k) for k in _distinct(mine) if mine.count(k) > t.offer_peddle.count(k))
        out.extend(Action("ask_peddle", k) for k in _distinct(theirs) if theirs.count(k) > t.ask_peddle.count(k))
        if t.complete:
            out.append(Action("send"))
        out.append(Action("withdraw"))
        return tuple(out)

    def _answer_actions(self, s: GrassState) -> tuple[Action, ...]:
        t = s.trade
        hand = list(s.seats[t.target].hand)
        ok = True
        for k in t.ask:
            if k != ANY:
                if k in hand:
                    hand.remove(k)
                else:
                    ok = False
        out: list[Action] = []
        if ok:  # hand cards go one for one: at most one "card of your choice" to pick
            if ANY in t.ask:
                out.extend(Action("accept", cards=(k,)) for k in _distinct(tuple(hand)))
            else:
                out.append(Action("accept"))
        out.append(Action("refuse"))
        return tuple(out)

    # --- transitions -------------------------------------------------------------------------------------------

    def _apply_play(self, s: GrassState, a: Action) -> GrassState:
        cur = s.current
        me = s.seats[cur]
        k = a.card
        seats = s.seats
        if a.op == "propose":
            return replace(s, phase="draft", proposed=s.proposed + (a.target,), trade=Trade(cur, a.target),
                           events=(("propose", cur, a.target),))
        hand = _remove(me.hand, k)
        s = replace(s, known=_forget(s.known, cur, (k,)))
        if a.op == "discard":
            s = replace(s, seats=_setat(seats, cur, replace(me, hand=hand)), wasted=s.wasted + (k,))
            return self._end_turn(s, (("discard", cur, k),))
        if a.op == "protect":
            stash = Stash(_remove(me.stash.loose, *a.cards), me.stash.covers + (Cover(k, a.cards),))
            s = replace(s, seats=_setat(seats, cur, replace(me, hand=hand, stash=stash)))
            return self._end_turn(s, (("protect", cur, k, a.cards),))
        if a.op == "play_on":
            t = a.target
            them = seats[t]
            if k in HEAT_ON:
                seats = _setat(seats, t, replace(them, pile=them.pile + (k,), heat=k))
                seats = _setat(seats, cur, replace(me, hand=hand))
                return self._end_turn(replace(s, seats=seats), (("heat_on", cur, k, t),))
            taken = max(them.stash.loose, key=peddle_order)
            seats = _setat(seats, t, replace(them, pile=them.pile + (k,),
                                              stash=replace(them.stash, loose=_remove(them.stash.loose, taken))))
            seats = _setat(seats, cur, replace(me, hand=hand,
                                                stash=replace(me.stash, loose=_add(me.stash.loose, taken))))
            return self._end_turn(replace(s, seats=seats), (("steal", cur, t, taken),))
        # a.op == "play"
        if k == MARKET_OPEN:
            s = replace(s, seats=_setat(seats, cur, replace(me, hand=hand, pile=me.pile + (k,))))
            return self._end_turn(s, (("open", cur),))
        if k == MARKET_CLOSE:
            s = replace(s, seats=_setat(seats, cur, replace(me, hand=hand, pile=me.pile + (k,))))
            return self._end_hand(s, (("market_close", cur),))
        if k in PEDDLE:
            me = replace(me, hand=hand, stash=replace(me.stash, loose=_add(me.stash.loose, k)))
            return self._end_turn(replace(s, seats=_setat(seats, cur, me)), (("peddle", cur, k),))
        if k in HEAT_OFF or k == PAY_FINE:
            heat = me.heat
            pile = _remove(me.pile, MARKET_OPEN) + (k, MARKET_OPEN)
            me = replace(me, hand=hand, pile=pile, heat=NO_CARD)
            wasted = s.wasted
            lost = NO_CARD
            if k == PAY_FINE:
                me, lost = _pay_fine(me)
                wasted = wasted + (() if lost == NO_CARD else (lost,))
            s = replace(s, seats=_setat(seats, cur, me), wasted=wasted)
            ev = ("heat_off", cur, k, heat) if k != PAY_FINE else ("pay_fine", cur, heat, lost)
            return self._end_turn(s, (ev,))
        if k in NIRVANA:
            return self._nirvana(s, hand, k)
        # Paranoia: everyone passes a card left at the same time
        s = replace(s, seats=_setat(seats, cur, replace(me, hand=hand)), wasted=s.wasted + (k,), phase="paranoia",
                    paranoia_card=k, passes=(NO_CARD,) * s.players, events=(("paranoia", cur, k),))
        return s

    def _nirvana(self, s: GrassState, hand: tuple[int, ...], k: int) -> GrassState:
        cur = s.current
        n = s.players
        me = s.seats[cur]
        events: list[tuple] = [("nirvana", cur, k, me.heat)]
        pile = me.pile
        cleared: tuple[int, ...] = ()
        if me.heat != NO_CARD:  # the Heat On leaves the pile for the Wasted pile, the Market Open back on top
            rest = list(pile)
            del rest[len(rest) - 1 - rest[::-1].index(me.heat)]
            rest.remove(MARKET_OPEN)
            pile = tuple(rest) + (MARKET_OPEN,)
            cleared = (me.heat,)
        seats = list(s.seats)
        loose = me.stash.loose
        for j in range(1, n):
            t = (cur + j) % n
            them = seats[t]
            if not them.stash.loose:
                continue
            pick = (min if k == STONEHIGH else max)(them.stash.loose, key=peddle_order)
            seats[t] = replace(them, stash=replace(them.stash, loose=_remove(them.stash.loose, pick)))
            loose = _add(loose, pick)
            events.append(("give_peddle", t, cur, pick))
        seats[cur] = replace(me, hand=hand, pile=pile, heat=NO_CARD, stash=replace(me.stash, loose=loose))
        extra = 2 if k == EUPHORIA else 1
        events.append(("extra_turn", cur, extra))
        s = replace(s, seats=tuple(seats), wasted=s.wasted + cleared + (k,), extra_turns=s.extra_turns + extra)
        return self._end_turn(s, tuple(events))

    def _apply_draft(self, s: GrassState, a: Action) -> GrassState:
        t = s.trade
        cur = s.current
        if a.op == "withdraw":
            return replace(s, phase="play", trade=None, events=(("withdraw", cur),))
        if a.op == "send":
            return replace(s, phase="answer", trade=replace(t, sent=True), events=(("send", cur, t.target),))
        field = {"offer": "offer", "ask": "ask", "offer_peddle": "offer_peddle", "ask_peddle": "ask_peddle"}[a.op]
        t = replace(t, **{field: _add(getattr(t, field), a.card)})
        return replace(s, trade=t, events=((a.op, cur, a.card),))

    def _apply_answer(self, s: GrassState, a: Action) -> GrassState:
        t = s.trade
        if a.op == "refuse":
            return replace(s, phase="play", trade=None, events=(("refuse", t.target, t.proposer),))
        given = tuple(sorted([k for k in t.ask if k != ANY] + list(a.cards)))
        p, q = s.seats[t.proposer], s.seats[t.target]
        p = replace(p, hand=_add(_remove(p.hand, *t.offer), *given),
                    stash=replace(p.stash, loose=_add(_remove(p.stash.loose, *t.offer_peddle), *t.ask_peddle)))
        q = replace(q, hand=_add(_remove(q.hand, *given), *t.offer),
                    stash=replace(q.stash, loose=_add(_remove(q.stash.loose, *t.ask_peddle), *t.offer_peddle)))
        seats = _setat(_setat(s.seats, t.proposer, p), t.target, q)
        known = _forget(_forget(s.known, t.proposer, t.offer), t.target, given)
        for o in range(s.players):  # the trade is named openly: everyone saw who took what
            known = _learn(_learn(known, o, t.proposer, given), o, t.target, t.offer)
        ev = ("trade", t.proposer, t.target, t.offer, given, t.offer_peddle, t.ask_peddle)
        return replace(s, seats=seats, phase="play", trade=None, known=known, events=(ev,))

    def _apply_pass(self, s: GrassState, seat: int, k: int) -> GrassState:
        me = s.seats[seat]
        seats = _setat(s.seats, seat, replace(me, hand=_remove(me.hand, k)))
        passes = _setat(s.passes, seat, k)
        s = replace(s, seats=seats, passes=passes, events=(("passed", seat),))
        if self.to_act(s):
            return s
        n = s.players
        events: list[tuple] = []
        seats = list(s.seats)
        known = s.known
        if known:  # a pass is seen only by its giver and its taker: the others no longer know the giver's hand
            known = tuple(tuple(() if passes[i] != NO_CARD and o not in (i, (i + 1) % n) else cell
                                for i, cell in enumerate(row)) for o, row in enumerate(known))
        for i in range(n):
            if passes[i] != NO_CARD:
                left = (i + 1) % n
                seats[left] = replace(seats[left], hand=_add(seats[left].hand, passes[i]))
                events.append(("pass", i, left, passes[i]))
                known = _learn(_forget(known, i, (passes[i],)), i, left, (passes[i],))
        cur = s.current
        me = seats[cur]
        card = s.paranoia_card
        lost: tuple[int, ...] = ()
        wasted = s.wasted
        if card == UTTERLY_WIPED_OUT:
            lost = me.stash.loose
            wasted = wasted + lost + me.pile
            me = replace(me, pile=(), heat=NO_CARD, stash=replace(me.stash, loose=()), lost_turns=me.lost_turns + 2)
            events.append(("wiped_out", cur))
        elif me.stash.loose:
            pick = (min if card == SOLD_OUT else max)(me.stash.loose, key=peddle_order)
            lost = (pick,)
            wasted = wasted + lost
            me = replace(me, stash=replace(me.stash, loose=_remove(me.stash.loose, pick)))
        if card != UTTERLY_WIPED_OUT:
            me = replace(me, lost_turns=me.lost_turns + (1 if card == SOLD_OUT else 2))
        events.extend(("lose_peddle", cur, x) for x in lost)
        events.append(("lose_turns", cur, 1 if card == SOLD_OUT else 2))
        seats[cur] = me
        s = replace(s, seats=tuple(seats), wasted=wasted, phase="play", paranoia_card=NO_CARD,
                    passes=(NO_CARD,) * n, known=known)
        return self._end_turn(s, tuple(events))

    # --- turn and hand bookkeeping -----------------------------------------------------------------------------

    def _end_turn(self, s: GrassState, events: tuple[tuple, ...]) -> GrassState:
        """Pass the turn: extra turns (Nirvana) first, lost turns (Paranoia) skipped; the hand ends if the Grass
        stack is empty when the next turn should begin."""
        n = s.players
        seat, extra = s.current, s.extra_turns
        seats = list(s.seats)
        ev = list(events)
        while True:
            if extra > 0:
                extra -= 1
                cand = seat
            else:
                cand = (seat + 1) % n
            if seats[cand].lost_turns > 0:
                seats[cand] = replace(seats[cand], lost_turns=seats[cand].lost_turns - 1)
                ev.append(("skip", cand))
                seat = cand
                continue
            break
        s = replace(s, seats=tuple(seats))
        return self._begin_turn(s, cand, extra, tuple(ev))

    def _begin_turn(self, s: GrassState, seat: int, extra: int, events: tuple[tuple, ...]) -> GrassState:
        if not s.deck:
            return self._end_hand(replace(s, current=seat), events + (("stack_empty",),))
        card = s.deck[-1]
        me = s.seats[seat]
        seats = _setat(s.seats, seat, replace(me, hand=_add(me.hand, card)))
        return replace(s, phase="play", seats=seats, deck=s.deck[:-1], current=seat, extra_turns=extra,
                       proposed=(), trade=None, events=events + (("draw", seat, card),))

    def _end_hand(self, s: GrassState, events: tuple[tuple, ...]) -> GrassState:
        breakdown = score_hand(s.seats, s.totals)
        totals = tuple(b.total for b in breakdown)
        over = max(totals) >= s.goal or 0 < s.max_hands <= s.hand_no
        ev = events + (("hand_end", s.hand_no),)
        if over:
            ev = ev + (("game_over", winners(totals)),)
        return replace(s, phase="over" if over else "scoring", breakdown=breakdown, totals=totals, trade=None,
                       extra_turns=0, events=ev)


def _pay_fine(me: Seat) -> tuple[Seat, int]:
    """Pay Fine: lose the smallest peddle of the Stash (an unprotected one on equal value); a protection card left
    covering nothing stays in the Stash (it may not cover later peddle; decision)."""
    st = me.stash
    best: tuple | None = None
    for k in st.loose:
        key = (value(k), 0, k)
        if best is None or key < best[0]:
            best = (key, -1, k)
    for ci, c in enumerate(st.covers):
        for k in c.peddle:
            key = (value(k), 1, k)
            if best is None or key < best[0]:
                best = (key, ci, k)
    if best is None:
        return me, NO_CARD
    _, ci, k = best
    if ci < 0:
        st = replace(st, loose=_remove(st.loose, k))
    else:
        c = st.covers[ci]
        st = replace(st, covers=_setat(st.covers, ci, replace(c, peddle=_remove(c.peddle, k))))
    return replace(me, stash=st), k


def _mask(e: tuple, seat: int | None) -> tuple:
    """An event as ``seat`` sees it: another seat's drawn card and the cards of a Paranoia pass it neither gave nor
    received become NO_CARD."""
    if e[0] == "draw" and e[1] != seat:
        return (e[0], e[1], NO_CARD)
    if e[0] == "pass" and seat not in (e[1], e[2]):
        return (e[0], e[1], e[2], NO_CARD)
    return e


def _pinned(s: GrassState | GrassView, seat: int | None, i: int) -> tuple[int, ...]:
    """Cards ``seat`` knows to be in seat ``i``'s hand: what its memory says (``known``) and the hand cards ``i``
    offers in the trade on the table (named openly, still in hand)."""
    own = s.known[seat][i] if seat is not None and s.known and isinstance(s, GrassState) else ()
    if isinstance(s, GrassView):
        own = s.known[i] if s.known else ()
    pinned = list(own)
    t = s.trade
    if t is not None and t.proposer == i:
        rest = list(pinned)
        for k in t.offer:
            if k in rest:
                rest.remove(k)
            else:
                pinned.append(k)
    return tuple(sorted(pinned))


def sample_hidden(s: GrassState, seat: int | None, rng: Rng) -> GrassState:
    """A state ``seat`` cannot tell from ``s``: the Grass stack, the other seats' hands and their chosen Paranoia
    passes are dealt again at random from the same cards (sizes kept), except the cards ``seat`` knows to be in a
    hand (``s.known[seat]``: what it passed them or saw them take in a trade; cards offered in the trade on the
    table), which stay there. ``seat`` None re-deals every hand (keeping only the trade's named offer)."""
    others = [i for i in range(s.players) if i != seat]
    pins = {i: _pinned(s, seat, i) for i in others}
    pool = list(s.deck)
    for i in others:
        pool.extend(_remove(s.seats[i].hand, *pins[i]))
        if s.passes[i] != NO_CARD:
            pool.append(s.passes[i])
    shuffled, _ = rng.shuffle(pool)
    pos = len(s.deck)
    deck = shuffled[:pos]
    seats = list(s.seats)
    passes = list(s.passes)
    for i in others:
        m = len(seats[i].hand) - len(pins[i])
        seats[i] = replace(seats[i], hand=tuple(sorted(pins[i] + tuple(shuffled[pos:pos + m]))))
        pos += m
        if passes[i] != NO_CARD:
            passes[i] = shuffled[pos]
            pos += 1
    return replace(s, deck=tuple(deck), seats=tuple(seats), passes=tuple(passes))


def state_from_view(v: GrassView, rng: Rng) -> GrassState:
    """A whole state whose view for ``v.seat`` (a seat or None, a spectator) is ``v``, events included: the hidden
    cards (Grass stack, other hands, others' chosen Paranoia passes) are the cards ``v`` cannot see, dealt at random
    by ``sample_hidden`` (cards ``v.seat`` knows to be in a hand stay there). The state's generator is ``rng`` (the true one, which
    shuffles later hands, is hidden). Raises ValueError if the view's card counts do not add up to the deck."""
    from collections import Counter

    me = v.seat
    unseen = Counter(full_deck())
    unseen.subtract(v.box)
    unseen.subtract(v.wasted)
    unseen.subtract(v.hand)
    if v.my_pass != NO_CARD:
        unseen.subtract((v.my_pass,))
    for sv in v.seats:
        unseen.subtract(sv.pile)
        unseen.subtract(sv.stash.cards())
    pins = {i: _pinned(v, me, i) for i in range(v.players) if i != me}
    for p in pins.values():
        unseen.subtract(p)
    if any(c < 0 for c in unseen.values()):
        raise ValueError("the view shows more cards than the deck holds")
    pool = sorted(unseen.elements())
    need = v.deck_count + sum(v.seats[i].hand_count - len(pins[i]) + (1 if v.seats[i].passed else 0) for i in pins)
    if need != len(pool):
        raise ValueError(f"the view hides {need} cards but {len(pool)} are unseen")
    pos = v.deck_count
    deck = tuple(pool[:pos])
    seats = []
    passes = []
    for i, sv in enumerate(v.seats):
        if i == me:
            hand = v.hand
            passes.append(v.my_pass)
        else:
            m = sv.hand_count - len(pins[i])
            hand = tuple(sorted(pins[i] + tuple(pool[pos:pos + m])))
            pos += m
            if sv.passed:
                passes.append(pool[pos])
                pos += 1
            else:
                passes.append(NO_CARD)
        seats.append(Seat(hand, sv.pile, sv.heat, sv.stash, sv.lost_turns))
    n = v.players
    known = tuple((v.known if i == me and v.known else ((),) * n) for i in range(n))
    s = GrassState(players=n, phase=v.phase, seats=tuple(seats), deck=deck, wasted=v.wasted, box=v.box,
                   dealer=v.dealer, current=v.current, extra_turns=v.extra_turns, proposed=v.proposed, trade=v.trade,
                   paranoia_card=v.paranoia_card, passes=tuple(passes), hand_no=v.hand_no, totals=v.totals,
                   breakdown=v.breakdown, learning=v.learning, max_hands=v.max_hands, goal=v.goal,
                   rng=Rng(seed_mix(rng.next64()[0], 1)), known=known, events=v.events)
    return sample_hidden(s, me, rng)
