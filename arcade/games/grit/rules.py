"""Grit: the rules as pure functions over frozen states (rules/grit.md).

Two players, a 12-card deck (``cards.py``). A duel: each player gets four face-down Complaints (their hand) and one
face-up starting Injury on the first of their three Injury piles; two cards are not used. Four rounds follow. At the
start of each round The Word is given to a player, who chooses who lays first; then the first player lays a
Complaint face down on any open pile (their own or the opponent's), then the second player lays one on a different
open pile; then both are turned face up. After round 4 everything is revealed and each player's Injuries (the top card
of each of their three piles, an empty pile 0) are totalled: 22 or more is dead.

Phases of a state (``phase``) and who acts (``to_act``):

- ``"word"``: the holder of The Word acts, with ``ChooseFirst(first)``.
- ``"lay_first"``: the first player acts, with ``PlayComplaint(...)``; the card goes face down.
- ``"lay_second"``: the other player acts, with ``PlayComplaint(...)``; then the round's two cards are turned up.
- ``"keep"``: a player who laid a Marked Complaint on one of their own piles this round decides, as the round's cards
  turn over, with ``KeepHidden(keep)``, whether it stays face down (rules: "Marked Complaint": "at the end of the
  round"). Both players may have to decide (each marked on their own pile): in the order they laid, and neither
  learns the other's choice before both are made.
- ``"over"``: nobody acts; ``result`` is the winner (seat) or -1 for a draw.

Decisions taken where rules/grit.md is silent (a player of the physical game would expect these):

- Totals use blackjack values (Ace 1, 10/J/Q/K 10), but The Word's "highest ranking single card" tie-break compares
  ranks, K > Q > J > 10 > 9 ... 2 > A (a K beats a Q there); on the same rank the heart wins.
- The random heart is drawn from A-K (standard deck) or A-9 (prototype deck), uniformly, at every deal.
- The starting Injury lies on pile 0 of its owner; piles are numbered 0, 1, 2 per player.
- The Word's "visible total" and "highest top card" count only face-up top cards: a pile whose top is a Marked
  Complaint kept face down counts 0 (the card it covers is covered and no longer counts either).
- The Word in round 1 follows the same rules as in every round (the starting Injuries are face up, so the higher
  one usually decides). Its final tie-break "did not hold The Word last round" looks at the previous round; in round
  1 of the first duel there is no previous round, so a fair draw from the state's generator decides. In later duels of a match
  the previous round is the last round of the previous duel (the rule simply carries on); no new draw is made.
- The holder of The Word may name either player, itself included, to lay first.
- The second Complaint of a round is laid and turned up in one transition (both are then down, so both flip); while
  the first one lies face down its pile shows no value (the card under it is covered).
- The player who laid a face-down card may always see it (their own view shows it; the opponent's does not).
- A Marked Complaint may be laid on either player's pile. Keeping it face down is a choice made when the round's
  cards turn over (phase ``"keep"``, ``KeepHidden``), only for a Marked Complaint its player laid on their own pile
  this round; the opponent learns it stayed down when the round's cards are turned up, and its value when everything
  is revealed at the end of the duel. Each player may mark once a duel. In round 4 nothing is asked: everything is
  revealed at once, so keeping it down would change nothing.
- Single duel (default): ``scores`` is (1, 0) or (0, 1) for a win, (0, 0) for a draw (and (0, 0) before the end).
- Best of N duels (option ``best_of=N``, N odd, e.g. 5): first to N//2 + 1 duel wins; a drawn duel gives nobody a
  point. At most 2N - 1 duels are played (9 for a best of 5; a guard against endless draws that real play all but
  never reaches): after those, more duel wins wins the match, equal is a drawn match. Between duels the match deals a
  fresh deck (new random heart) from the state's generator. ``scores`` is the duel wins of each seat.
  ``last_duel`` keeps the fully revealed piles of the previous duel so the table can show them.

Events (``state.events``, public information only, never a face-down card):
``("deal", duel, start0, start1)``, ``("word", holder, reason)``, ``("first", seat)``,
``("play", seat, owner, pile, marked)``, ``("flip", owner, pile, card)``, ``("keep_hidden", owner, pile)``,
``("reveal", owner, pile, card)``, ``("unused", card, card)``, ``("duel_end", winner, total0, total1)``,
``("match_end", winner)`` (best of N only). A winner of -1 is a draw.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from arcade.core.canonical import state_checksum
from arcade.core.i18n import _
from arcade.core.protocols import IllegalAction
from arcade.core.rng import Rng
from .cards import card_value, deck_spades, heart_ranks, is_heart, make_card, rank_of, HEARTS

__all__ = [
    "ROUNDS",
    "DEAD_AT",
    "PILES",
    "ChooseFirst",
    "PlayComplaint",
    "KeepHidden",
    "PileCard",
    "DuelRecord",
    "GritState",
    "CardView",
    "GritView",
    "GritRules",
    "RULES",
    "word_holder",
    "duel_outcome",
    "top_value",
    "injury_total",
    "visible_total",
    "highest_top",
    "sample_hidden",
    "determinize",
    "state_from_view",
    "describe_action",
]

ROUNDS = 4
DEAD_AT = 22
PILES = 3
HAND = 4

PHASE_WORD = "word"
PHASE_LAY_FIRST = "lay_first"
PHASE_LAY_SECOND = "lay_second"
PHASE_KEEP = "keep"
PHASE_OVER = "over"


# --- actions -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseFirst:
    """The Word holder's choice (rules: "The Word"): seat ``first`` (0 or 1) lays its Complaint first this round."""

    first: int


@dataclass(frozen=True, slots=True)
class PlayComplaint:
    """Lay the Complaint ``card`` on Injury pile ``pile`` (0..2) of seat ``owner`` (rules: "Rounds").

    ``marked``: played sideways (rules: "Marked Complaint"), once a duel; nothing may ever be laid on it. Whether a
    Marked Complaint on one's own pile stays face down is decided later, when the round's cards turn over
    (``KeepHidden``).
    """

    card: int
    owner: int
    pile: int
    marked: bool = False


@dataclass(frozen=True, slots=True)
class KeepHidden:
    """At the end of the round (rules: "Marked Complaint"): ``keep`` True keeps the Marked Complaint this seat laid on
    its own pile this round face down until the end of the duel; False turns it up with the other card."""

    keep: bool


Action = ChooseFirst | PlayComplaint | KeepHidden

_KEEP_BASE = 2
_PLAY_BASE = 4
_ACTION_COUNT = _PLAY_BASE + 26 * 2 * PILES * 2


# --- state ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PileCard:
    """One card on an Injury pile.

    ``laid_by``: the seat that laid it, -1 for a starting Injury. ``round``: the round it was laid (0 = the deal).
    ``face_up``: turned up. ``marked``: a Marked Complaint (sideways). ``hidden``: a Marked Complaint its owner keeps
    face down until the end of the duel.
    """

    card: int
    laid_by: int
    round: int
    face_up: bool
    marked: bool = False
    hidden: bool = False


Pile = tuple[PileCard, ...]  # bottom first; the last card is the top, the only one that counts


@dataclass(frozen=True, slots=True)
class DuelRecord:
    """A finished duel, everything revealed: ``piles[seat][pile]`` (bottom first), the two ``unused`` cards,
    ``totals`` (Injury points per seat) and ``winner`` (seat, or -1 for a draw)."""

    duel: int
    piles: tuple[tuple[Pile, ...], ...]
    unused: tuple[int, ...]
    totals: tuple[int, int]
    winner: int


@dataclass(frozen=True, slots=True)
class GritState:
    """The whole table (true state; ``GritRules.view`` strips what a seat may not see).

    ``complaints[seat]``: that seat's hand, sorted. ``piles[seat][pile]``: bottom first. ``unused``: the two cards not
    dealt to anyone. ``word``: holder of The Word this round; ``word_reason``: which rule gave it ("total",
    "top card", "heart", "last round", "random"); ``last_word``: holder in the previous round (-1: none yet).
    ``first``: who lays first this round (-1 until chosen). ``round_plays``: (owner, pile) of this round's cards.
    ``wins``: duel wins per seat. ``totals``: final Injury totals of the current duel once it is over, else None.
    ``result``: when over, the winner of the game (the duel, or the match) or -1 for a draw; else None.
    ``keep_pending``: in phase "keep", the seats still to decide whether their Marked Complaint stays face down, the
    first of them acting now.
    """

    players: int
    prototype_deck: bool
    best_of: int
    rng: Rng
    duel: int
    wins: tuple[int, int]
    duel_results: tuple[int, ...]
    round: int
    phase: str
    complaints: tuple[tuple[int, ...], tuple[int, ...]]
    piles: tuple[tuple[Pile, ...], ...]
    unused: tuple[int, ...]
    word: int
    word_reason: str
    last_word: int
    first: int
    round_plays: tuple[tuple[int, int], ...]
    marked_used: tuple[bool, bool]
    totals: tuple[int, int] | None
    result: int | None
    last_duel: DuelRecord | None
    events: tuple[tuple[Any, ...], ...]
    keep_pending: tuple[int, ...] = ()


# --- views ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardView:
    """A pile card as one seat sees it. ``card`` is None when it lies face down and the seat did not lay it.
    ``kept_hidden``: a Marked Complaint kept face down (public once its round is over; its layer knows at once)."""

    card: int | None
    face_up: bool
    marked: bool
    kept_hidden: bool


@dataclass(frozen=True, slots=True)
class GritView:
    """What one seat (or a spectator, ``seat`` None) may see: everything the table draws.

    ``hand``: the seat's own Complaints (empty for a spectator); ``complaint_counts``: hand sizes of both seats.
    ``piles[seat][pile]``: ``CardView``s, bottom first. ``visible_totals``: face-up top cards per seat (The Word's
    total). ``unused``: the two unused cards, only once the game is over (else empty). ``totals``/``result``: as in
    ``GritState``. ``to_act``: seats that act now, ascending.
    """

    seat: int | None
    players: int
    prototype_deck: bool
    best_of: int
    duel: int
    wins: tuple[int, int]
    duel_results: tuple[int, ...]
    round: int
    phase: str
    to_act: tuple[int, ...]
    word: int
    word_reason: str
    last_word: int
    first: int
    hand: tuple[int, ...]
    complaint_counts: tuple[int, int]
    piles: tuple[tuple[tuple[CardView, ...], ...], ...]
    round_plays: tuple[tuple[int, int], ...]
    marked_used: tuple[bool, bool]
    visible_totals: tuple[int, int]
    unused: tuple[int, ...]
    totals: tuple[int, int] | None
    result: int | None
    last_duel: DuelRecord | None
    events: tuple[tuple[Any, ...], ...]


# --- rule helpers --------------------------------------------------------------------------------------------------


def top_value(pile: Pile) -> int:
    """Points of a pile: its top card's value, 0 when empty (a covered card no longer counts)."""
    return card_value(pile[-1].card) if pile else 0


def injury_total(piles: Sequence[Pile]) -> int:
    """A player's Injury total (rules: "End"): the top card of each of their three piles, face up or not."""
    return sum(top_value(p) for p in piles)


def visible_total(piles: Sequence[Pile]) -> int:
    """The Word's visible total (rules: "The Word"): face-up top cards only; a face-down top counts 0."""
    return sum(card_value(p[-1].card) for p in piles if p and p[-1].face_up)


def highest_top(piles: Sequence[Pile]) -> tuple[int, bool]:
    """The Word's tie-break card (rules: "The Word": "the highest ranking single card on the top of" one's piles):
    (rank 1 = Ace .. 13 = King of the highest-ranking face-up top card, 0 when no top is face up; whether a heart is
    among the face-up tops of that rank). Ranks, not values: a K (13) outranks a Q (12)."""
    best, heart = 0, False
    for p in piles:
        if p and p[-1].face_up:
            r = rank_of(p[-1].card)
            if r > best:
                best, heart = r, is_heart(p[-1].card)
            elif r == best:
                heart = heart or is_heart(p[-1].card)
    return best, heart


def word_holder(piles: Sequence[Sequence[Pile]], last_word: int, rng: Rng) -> tuple[int, str, Rng]:
    """Who holds The Word at the start of a round (rules: "The Word").

    Higher visible total; tie: the highest-ranking single face-up top card (by rank, K > Q > J > 10 > ... > 2 > A);
    same rank: the one whose highest top card is a heart; tie: the player who did not hold The Word last round; with no last round (``last_word`` -1), a fair draw
    from ``rng``. Returns (holder, reason, rng after any draw); reason is "total", "top card", "heart", "last round"
    or "random".
    """
    v0, v1 = visible_total(piles[0]), visible_total(piles[1])
    if v0 != v1:
        return (0 if v0 > v1 else 1), "total", rng
    (h0, heart0), (h1, heart1) = highest_top(piles[0]), highest_top(piles[1])
    if h0 != h1:
        return (0 if h0 > h1 else 1), "top card", rng
    if heart0 != heart1:
        return (0 if heart0 else 1), "heart", rng
    if last_word in (0, 1):
        return 1 - last_word, "last round", rng
    k, rng = rng.below(2)
    return k, "random", rng


def duel_outcome(totals: Sequence[int]) -> int:
    """Winner of a duel from the two Injury totals (rules: "End"): 22+ is dead; exactly one alive wins; both alive,
    the higher total; both dead, the lower total; equal totals draw (-1)."""
    t0, t1 = totals
    dead0, dead1 = t0 >= DEAD_AT, t1 >= DEAD_AT
    if dead0 != dead1:
        return 1 if dead0 else 0
    if t0 == t1:
        return -1
    if not dead0:
        return 0 if t0 > t1 else 1
    return 0 if t0 < t1 else 1


def describe_action(action: Any) -> str:
    """Short human text of an action, e.g. "P1 lays first", "7♠ on P1 pile 2 (marked)",
    "keeps the Marked Complaint face down".

    Piles are named by their owner seat ("P1 pile 2" counts seats and piles from 1)."""
    from .cards import card_label

    if isinstance(action, ChooseFirst):
        return _("P{seat} lays first").format(seat=action.first + 1)
    if isinstance(action, PlayComplaint):
        where = dict(card=card_label(action.card), seat=action.owner + 1, pile=action.pile + 1)
        if action.marked:
            return _("{card} on P{seat} pile {pile} (marked)").format(**where)
        return _("{card} on P{seat} pile {pile}").format(**where)
    if isinstance(action, KeepHidden):
        return _("keeps the Marked Complaint face down") if action.keep else _("turns the Marked Complaint up")
    return repr(action)


# --- the rules object ----------------------------------------------------------------------------------------------


def _deal(rng: Rng, prototype_deck: bool) -> tuple[dict[str, Any], Rng, tuple]:
    """Deal one duel (rules: "Setup"); returns the changed fields, the generator and the deal event."""
    ranks = heart_ranks(prototype_deck)
    k, rng = rng.below(len(ranks))
    deck = deck_spades(prototype_deck) + (make_card(ranks[k], HEARTS),)
    deck, rng = rng.shuffle(deck)
    complaints = (tuple(sorted(deck[0:HAND])), tuple(sorted(deck[HAND:2 * HAND])))
    start = (deck[2 * HAND], deck[2 * HAND + 1])
    piles = tuple((((PileCard(start[p], -1, 0, True),),) + ((),) * (PILES - 1)) for p in range(2))
    fields = dict(complaints=complaints, piles=piles, unused=tuple(sorted(deck[2 * HAND + 2:])), round=1,
                  first=-1, round_plays=(), marked_used=(False, False), totals=None)
    return fields, rng, start


class GritRules:
    """Grit for exactly 2 players (``TurnRules``). Options of ``initial_state``: ``prototype_deck`` (bool),
    ``best_of`` (odd int >= 1; 1 = a single duel)."""

    id = "grit"
    min_players = 2
    max_players = 2
    version = 2  # 2: The Word's tie-break by rank; keeping a Marked Complaint down is decided at the round's end

    # -- setup --

    def initial_state(self, seed: int, players: int = 2, *, prototype_deck: bool = False, best_of: int = 1,
                      **options: Any) -> GritState:
        """A dealt duel (rules: "Setup") with The Word given for round 1. Raises ValueError for players != 2, an
        even or non-positive ``best_of`` or an unknown option."""
        if players != 2:
            raise ValueError("Grit is for exactly 2 players")
        if options:
            raise ValueError(f"unknown Grit options: {sorted(options)}")
        if not isinstance(best_of, int) or best_of < 1 or best_of % 2 == 0:
            raise ValueError("best_of must be an odd int >= 1")
        rng = Rng.from_seed(seed)
        fields, rng, start = _deal(rng, bool(prototype_deck))
        s = GritState(players=2, prototype_deck=bool(prototype_deck), best_of=best_of, rng=rng, duel=1,
                      wins=(0, 0), duel_results=(), phase=PHASE_WORD, word=-1, word_reason="", last_word=-1,
                      result=None, last_duel=None, events=(), **fields)
        return self._start_round(s, (("deal", 1, start[0], start[1]),))

    def _start_round(self, s: GritState, events: tuple) -> GritState:
        holder, reason, rng = word_holder(s.piles, s.last_word, s.rng)
        return replace(s, rng=rng, phase=PHASE_WORD, word=holder, word_reason=reason, first=-1, round_plays=(),
                       events=events + (("word", holder, reason),))

    # -- turn structure --

    def to_act(self, s: GritState) -> frozenset[int]:
        """The seat that acts now (one at a time); empty when over."""
        if s.phase == PHASE_WORD:
            return frozenset((s.word,))
        if s.phase == PHASE_LAY_FIRST:
            return frozenset((s.first,))
        if s.phase == PHASE_LAY_SECOND:
            return frozenset((1 - s.first,))
        if s.phase == PHASE_KEEP:
            return frozenset(s.keep_pending[:1])
        return frozenset()

    def is_over(self, s: GritState) -> bool:
        return s.phase == PHASE_OVER

    def legal_actions(self, s: GritState, seat: int) -> tuple[Action, ...]:
        """Legal actions of ``seat`` now (empty if it may not act).

        Word phase: ``ChooseFirst(0)``, ``ChooseFirst(1)``. Keep phase: ``KeepHidden(True)``, ``KeepHidden(False)``.
        Laying: every Complaint in hand, on every pile (own or opponent's) whose top is not a Marked Complaint and that
        did not already get a card this round; plain, and if the seat has not marked yet this duel, marked.
        """
        if seat not in self.to_act(s):
            return ()
        if s.phase == PHASE_WORD:
            return (ChooseFirst(0), ChooseFirst(1))
        if s.phase == PHASE_KEEP:
            return (KeepHidden(True), KeepHidden(False))
        can_mark = not s.marked_used[seat]
        out: list[Action] = []
        for card in s.complaints[seat]:
            for owner in (0, 1):
                for pile in range(PILES):
                    if (owner, pile) in s.round_plays:
                        continue
                    cards = s.piles[owner][pile]
                    if cards and cards[-1].marked:
                        continue
                    out.append(PlayComplaint(card, owner, pile))
                    if can_mark:
                        out.append(PlayComplaint(card, owner, pile, True))
        return tuple(out)

    def apply(self, s: GritState, seat: int, a: Action) -> GritState:
        """The state after ``seat`` does ``a``. Raises IllegalAction unless ``a`` is in ``legal_actions(s, seat)``."""
        try:
            legal = a in self.legal_actions(s, seat)
        except TypeError:
            legal = False
        if not legal:
            raise IllegalAction(f"{a!r} is not legal for seat {seat} now")
        if isinstance(a, ChooseFirst):
            return replace(s, phase=PHASE_LAY_FIRST, first=a.first, events=(("first", a.first),))
        if isinstance(a, KeepHidden):
            return self._keep(s, seat, a.keep)
        return self._lay(s, seat, a)

    def _keep(self, s: GritState, seat: int, keep: bool) -> GritState:
        """Rules "Marked Complaint": ``seat`` decides whether its Marked Complaint of this round stays face down; once
        every such seat has decided, the round's cards turn over."""
        if keep:
            owner, pile = next((o, p) for o, p in s.round_plays if o == seat and s.piles[o][p][-1].laid_by == seat)
            top = s.piles[owner][pile][-1]
            s = replace(s, piles=_put(_pop(s.piles, owner, pile), owner, pile, replace(top, hidden=True)))
        s = replace(s, keep_pending=s.keep_pending[1:])
        if s.keep_pending:
            return replace(s, events=())
        return self._turn_over(s, ())

    def _lay(self, s: GritState, seat: int, a: PlayComplaint) -> GritState:
        hand = list(s.complaints[seat])
        hand.remove(a.card)
        complaints = tuple(tuple(hand) if p == seat else s.complaints[p] for p in range(2))
        card = PileCard(a.card, seat, s.round, False, a.marked)
        piles = _put(s.piles, a.owner, a.pile, card)
        marked_used = tuple(m or (a.marked and p == seat) for p, m in enumerate(s.marked_used))
        events: tuple = (("play", seat, a.owner, a.pile, a.marked),)
        s = replace(s, complaints=complaints, piles=piles, marked_used=marked_used,
                    round_plays=s.round_plays + ((a.owner, a.pile),))
        if s.phase == PHASE_LAY_FIRST:
            return replace(s, phase=PHASE_LAY_SECOND, events=events)
        # both are down: whoever marked on their own pile this round decides now whether it stays down
        pending = tuple(o for o, p in s.round_plays if s.piles[o][p][-1].marked and s.piles[o][p][-1].laid_by == o)
        if pending and s.round < ROUNDS:
            return replace(s, phase=PHASE_KEEP, keep_pending=pending, events=events)
        return self._turn_over(s, events)

    def _turn_over(self, s: GritState, events: tuple) -> GritState:
        """The round's two cards turn face up (a Marked Complaint kept down stays down); next round or the end."""
        for owner, pile in s.round_plays:
            top = s.piles[owner][pile][-1]
            if top.hidden:
                events += (("keep_hidden", owner, pile),)
            else:
                piles = _put(_pop(s.piles, owner, pile), owner, pile, replace(top, face_up=True))
                s = replace(s, piles=piles)
                events += (("flip", owner, pile, top.card),)
        if s.round < ROUNDS:
            s = replace(s, round=s.round + 1, last_word=s.word)
            return self._start_round(s, events)
        return self._end_duel(replace(s, last_word=s.word), events)

    def _end_duel(self, s: GritState, events: tuple) -> GritState:
        """Rules "End (Satisfaction)": reveal everything, total, decide; then the match goes on or ends."""
        piles = []
        for owner in range(2):
            own = []
            for pile_no, pile in enumerate(s.piles[owner]):
                for c in pile:
                    if not c.face_up:
                        events += (("reveal", owner, pile_no, c.card),)
                own.append(tuple(replace(c, face_up=True) if not c.face_up else c for c in pile))
            piles.append(tuple(own))
        piles_t = tuple(piles)
        totals = (injury_total(piles_t[0]), injury_total(piles_t[1]))
        winner = duel_outcome(totals)
        events += (("unused",) + s.unused, ("duel_end", winner, totals[0], totals[1]))
        wins = tuple(w + (1 if p == winner else 0) for p, w in enumerate(s.wins))
        record = DuelRecord(s.duel, piles_t, s.unused, totals, winner)
        s = replace(s, piles=piles_t, totals=totals, wins=wins, duel_results=s.duel_results + (winner,),
                    round_plays=(), first=-1)
        need = s.best_of // 2 + 1
        if max(wins) >= need or s.duel >= 2 * s.best_of - 1:
            result = -1 if wins[0] == wins[1] else (0 if wins[0] > wins[1] else 1)
            return replace(s, phase=PHASE_OVER, result=result, last_duel=record,
                           events=(events + (("match_end", result),)) if s.best_of > 1 else events)
        fields, rng, start = _deal(s.rng, s.prototype_deck)
        s = replace(s, rng=rng, duel=s.duel + 1, last_duel=record, **fields)
        return self._start_round(s, events + (("deal", s.duel, start[0], start[1]),))

    # -- information --

    def view(self, s: GritState, seat: int | None) -> GritView:
        """What ``seat`` may see (None: a spectator). Raises ValueError for a seat other than 0, 1 or None.

        Hidden: the opponent's Complaints (a count only), face-down pile cards the viewer did not lay (which of them
        is being kept hidden, too, until its round is over), the two unused cards and so the random heart's identity,
        until the end."""
        if seat not in (0, 1, None):
            raise ValueError(f"no seat {seat}")
        over = s.phase == PHASE_OVER
        piles = tuple(tuple(tuple(_card_view(c, seat, s.round) for c in pile) for pile in own) for own in s.piles)
        return GritView(
            seat=seat, players=2, prototype_deck=s.prototype_deck, best_of=s.best_of, duel=s.duel, wins=s.wins,
            duel_results=s.duel_results, round=s.round, phase=s.phase, to_act=tuple(sorted(self.to_act(s))),
            word=s.word, word_reason=s.word_reason, last_word=s.last_word, first=s.first,
            hand=s.complaints[seat] if seat is not None else (),
            complaint_counts=(len(s.complaints[0]), len(s.complaints[1])), piles=piles, round_plays=s.round_plays,
            marked_used=s.marked_used, visible_totals=(visible_total(s.piles[0]), visible_total(s.piles[1])),
            unused=s.unused if over else (), totals=s.totals, result=s.result, last_duel=s.last_duel,
            events=s.events)

    def scores(self, s: GritState) -> tuple[int, int]:
        """Duel wins per seat: a single duel gives (1, 0), (0, 1) or (0, 0) for a draw (and (0, 0) until it ends);
        a best-of-N match gives the duels each seat has won so far."""
        return s.wins

    # -- actions as ints --

    def encode_action(self, a: Action) -> int:
        """``ChooseFirst(f)`` -> f; ``KeepHidden(k)`` -> 2 + k; ``PlayComplaint`` -> 4 + ((card * 2 + owner) * 3 + pile)
        * 2 + marked (always < 316). Raises IllegalAction for anything else."""
        if isinstance(a, ChooseFirst) and a.first in (0, 1):
            return a.first
        if isinstance(a, KeepHidden) and isinstance(a.keep, bool):
            return _KEEP_BASE + int(a.keep)
        if (isinstance(a, PlayComplaint) and 0 <= a.card < 26 and a.owner in (0, 1) and 0 <= a.pile < PILES
                and isinstance(a.marked, bool)):
            return _PLAY_BASE + ((a.card * 2 + a.owner) * PILES + a.pile) * 2 + int(a.marked)
        raise IllegalAction(f"not a Grit action: {a!r}")

    def decode_action(self, n: int) -> Action:
        """Inverse of ``encode_action``. Raises IllegalAction for an int outside 0..315."""
        if not isinstance(n, int) or not 0 <= n < _ACTION_COUNT:
            raise IllegalAction(f"not a Grit action code: {n!r}")
        if n < _KEEP_BASE:
            return ChooseFirst(n)
        if n < _PLAY_BASE:
            return KeepHidden(n == _KEEP_BASE + 1)
        n, marked = divmod(n - _PLAY_BASE, 2)
        n, pile = divmod(n, PILES)
        card, owner = divmod(n, 2)
        return PlayComplaint(card, owner, pile, marked == 1)

    def checksum(self, s: GritState) -> int:
        return state_checksum(s)

    def state_from_view(self, view: GritView, rng: Rng) -> GritState:
        """A stand-in full state showing ``view`` to its seat (see the module's ``state_from_view``)."""
        return state_from_view(view, rng)

    def action_is_public(self, s: GritState, seat: int, a: Action) -> bool:
        """Whether every seat may be told ``a`` as ``seat`` did it in ``s`` (rules: "Rounds", "Marked Complaint"):
        naming who lays first is said aloud; a Complaint goes face down (where it lies shows, the card does not)
        and the choice to keep a Marked Complaint down is secret until the round's cards turn over: not public."""
        return isinstance(a, ChooseFirst)


def _card_view(c: PileCard, seat: int | None, current_round: int) -> CardView:
    sees = c.face_up or (seat is not None and c.laid_by == seat)
    kept = c.hidden and not c.face_up and (c.round < current_round or (seat is not None and c.laid_by == seat))
    return CardView(c.card if sees else None, c.face_up, c.marked, kept)


def _put(piles: tuple[tuple[Pile, ...], ...], owner: int, pile: int, card: PileCard) -> tuple[tuple[Pile, ...], ...]:
    return tuple(tuple(p + (card,) if (o == owner and i == pile) else p for i, p in enumerate(own))
                 for o, own in enumerate(piles))


def _pop(piles: tuple[tuple[Pile, ...], ...], owner: int, pile: int) -> tuple[tuple[Pile, ...], ...]:
    return tuple(tuple(p[:-1] if (o == owner and i == pile) else p for i, p in enumerate(own))
                 for o, own in enumerate(piles))


RULES = GritRules()


def sample_hidden(state: GritState, seat: int | None, rng: Rng) -> GritState:
    """A state that differs from ``state`` only in what ``seat`` may not see (None: a spectator).

    The cards hidden from ``seat`` (the opponent's Complaints, face-down pile cards ``seat`` did not lay, the unused
    cards until the game is over) are shuffled among those places; if the random heart is among them, its rank is
    drawn afresh (A-K, or A-9 with the prototype deck). Hand sizes, pile shapes and flags do not change.
    """
    if state.phase == PHASE_OVER:
        return state
    pool: list[int] = []
    for p in range(2):
        if p != seat:
            pool.extend(state.complaints[p])
    for own in state.piles:
        for pile in own:
            for c in pile:
                if not c.face_up and c.laid_by != seat:
                    pool.append(c.card)
    pool.extend(state.unused)
    if not pool:
        return state
    for i, c in enumerate(pool):
        if is_heart(c):
            ranks = heart_ranks(state.prototype_deck)
            k, rng = rng.below(len(ranks))
            pool[i] = make_card(ranks[k], HEARTS)
    cards, rng = rng.shuffle(pool)
    it = iter(cards)
    complaints = tuple(state.complaints[p] if p == seat else tuple(sorted(next(it) for _ in state.complaints[p]))
                       for p in range(2))
    piles = tuple(tuple(tuple(c if (c.face_up or c.laid_by == seat) else replace(c, card=next(it)) for c in pile)
                        for pile in own) for own in state.piles)
    unused = tuple(sorted(next(it) for _ in state.unused))
    return replace(state, complaints=complaints, piles=piles, unused=unused)


def _laid_by(view: GritView, owner: int, pile: int, c: CardView) -> int:
    """Who laid a pile card of ``view`` in a stand-in state: a face-down card is this round's play (the first of
    ``round_plays`` laid by ``first``, the second by the other seat) or a Marked Complaint kept face down, which its
    owner laid on their own pile; who laid a face-up card the view does not say and no rule needs (-1)."""
    if c.face_up:
        return -1
    if (owner, pile) in view.round_plays:
        k = view.round_plays.index((owner, pile))
        return view.first if k == 0 else 1 - view.first
    return owner


def _pile_card(c: CardView, laid_by: int, unseen: Any) -> PileCard:
    """A pile card of a stand-in state: a card the view does not show is the next of ``unseen``. In which round a
    card was laid the view does not say and no rule needs: 0 (round 0 makes a kept-hidden card public, as it is in
    the view)."""
    card = next(unseen) if c.card is None else c.card
    return PileCard(card, laid_by, 0, c.face_up, c.marked, c.kept_hidden)


def state_from_view(view: GritView, rng: Rng) -> GritState:
    """A full state whose ``view`` for ``view.seat`` is ``view`` (a seat's or a spectator's): what the view shows is
    kept, every card it does not show (the other hands, face-down pile cards, the unused cards, so the random
    heart's rank too) is dealt at random from the cards not seen by ``sample_hidden`` with ``rng``, which is also
    the state's generator (the true one, which deals later duels, is hidden). A finished game hides nothing.

    A seat needs no memory beyond its view in Grit: covered cards stay on their piles face up, the seat's own
    face-down cards show in its view, and nothing a seat once saw is ever taken back into a hand. A choice the
    opponent made in the same end-of-round "keep" phase, still secret, is taken as "turn it up"."""
    seen = list(view.hand) + list(view.unused)
    for own in view.piles:
        for pile in own:
            seen.extend(c.card for c in pile if c.card is not None)
    unseen = [c for c in deck_spades(view.prototype_deck) if c not in seen]
    if not any(is_heart(c) for c in seen):
        unseen.append(make_card(1, HEARTS))  # a stand-in: sample_hidden draws the hidden heart's rank
    it = iter(unseen)
    piles = tuple(tuple(tuple(_pile_card(c, _laid_by(view, owner, p, c), it) for c in pile)
                        for p, pile in enumerate(own)) for owner, own in enumerate(view.piles))
    complaints = tuple(view.hand if p == view.seat else tuple(sorted(next(it) for _ in range(view.complaint_counts[p])))
                       for p in range(2))
    unused = view.unused if view.phase == PHASE_OVER else tuple(sorted(it))
    pending: tuple[int, ...] = ()
    if view.phase == PHASE_KEEP and view.to_act:
        plays = list(view.round_plays)
        k = next(j for j, (o, p) in enumerate(plays) if o == view.to_act[0])
        pending = tuple(o for o, p in plays[k:] if piles[o][p][-1].marked and piles[o][p][-1].laid_by == o)
    s = GritState(players=2, prototype_deck=view.prototype_deck, best_of=view.best_of, rng=rng, duel=view.duel,
                  wins=view.wins, duel_results=view.duel_results, round=view.round, phase=view.phase,
                  complaints=complaints, piles=piles, unused=unused, word=view.word, word_reason=view.word_reason,
                  last_word=view.last_word, first=view.first, round_plays=view.round_plays,
                  marked_used=view.marked_used, totals=view.totals, result=view.result, last_duel=view.last_duel,
                  events=view.events, keep_pending=pending)
    return sample_hidden(s, view.seat, rng)


def determinize(view: GritView, rng: Rng) -> GritState:
    """A full state consistent with one seat's ``view`` (``state_from_view``): the searching bot's "world" (rules:
    "Setup" for what is hidden). Raises ValueError for a spectator's view or a finished game (nothing is hidden
    then)."""
    if view.seat not in (0, 1) or view.phase == PHASE_OVER:
        raise ValueError("determinize needs a seat's view of a game in progress")
    return state_from_view(view, rng)
