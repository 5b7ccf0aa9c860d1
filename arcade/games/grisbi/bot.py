"""The Grisbi bot: a person at the table, one tick input at a time from the seat's view (arcade.core.bots).

A bot answers each card that lands on the pile the way a person does (issue #16, "bots at human speed"): it first
*perceives* the new top card, then *decides* which of its cards to lay, then presses the key. Times are in 60 Hz
ticks, drawn from the bot's own seeded generator (never a clock):

- perception: at least ``MIN_PERCEPTION`` = 18 ticks (300 ms, the fastest a person reacts to anything: simple
  visual reaction times are 180-250 ms before the hand moves), median by level (easy 30, normal 24, hard 22 ticks);
- decision (Hick–Hyman: time = a + b·log2(n + 1), n the cards in hand it must compare with the top card's hooks):
  easy 16 + 12 ticks a bit, normal 10 + 7, hard 6 + 4; with 12 cards in hand that is about 90 / 60 / 43 ticks
  from landing to answer when nothing else lands meanwhile (1.5 s / 1.0 s / 0.7 s medians; at a busy table the
  answers seen are the quicker ones: hard about 0.6 s);
- perception is the same as a person's (``pace.react``, issue 36): a reaction starts the tick a card lands (the
  instant a person sees it too); a card landing while the bot is still perceiving, or one it holds nothing correct
  on, does not send its reaction back to zero (it only answers no sooner than 300 ms after that card); a card it
  can play on, landing once it has seen the pile and is deciding, starts a new reaction from its landing;
- each time is drawn around its median (triangular, ±``spread`` %) with a slow tail (one answer in eight takes half
  as long again), then scaled by the table's pace (``PACES``: relaxed 160 %, standard 100 %, fast 75 %) and by its
  number of seats (``SEAT_PACE``: 100 % at 2 seats, so 1 v 1 keeps the levels' own times, up to 175 % at 8: every
  card landing makes every player look again, so without it the bots together would lay about a card for each
  of them and a person would get little of the pile; with 3 normal bots at the relaxed pace the table lays at most
  about 0.7 cards a second, ``tools/grisbi_pace.py``); the perception floor of 18 ticks holds at every pace;
- when it knows the people at the table (``Bot.people``, set by ``Match.add_bot``) that scale is a rubber band
  (issue 36, ``pace.band_scale``): it measures each person's reaction from the public pile (``pace.ReactionMeter``)
  and aims its median answer at theirs, never faster than ``pace.FASTEST[pace]`` % of its level's times nor
  slower than the pace's own scale above, starting from the latter (the gentle start).

No bot input ever comes less than 18 ticks after the top card landed. When the bot's time is up it:

1. lays a Stop if its *head count* of its team's correct points reaches the target plus its level's safety margin
   ("it's very difficult to be sure": easy 20 %, normal and hard 50 % of the target, plus 20 % for each team-mate
   whose cards it counts too) and one
   of its Stops fits the top card; failing that, a normal or hard bot lays a card whose hooks fit one of its Stops. The head
   count is the exact total on the pile plus a running error: each of its team's Action cards it counts is miscounted
   (by that card's points, up or down) with a level chance (easy 25 %, normal 12 %, hard 3 %): hard counts best.
   With the assist on (a match option) the bot reads its team's exact total as its team's people do on the table,
   and lays a fitting Stop as soon as that total reaches the target (no margin: the assist makes it sure);
2. lays a Deny on an opponents' correct Action card worth at least 2 points (easy and normal: 3) when it holds the
   Deny of that object;
3. lays a correct Action card: easy picks any, normal and hard the highest points and then the card on which most
   of its own hand would be correct next;
4. with no correct card, waits (the top will change) and, if the top stays for its patience, lays a card anyway to
   change it (normal and hard: the least valuable card on which most of its hand fits);
5. holding only Stops, none of which it can lay to win, lays one anyway after the pile has been still for 5 s
   (it concedes the round rather than freeze the table).

With a chance falling with level (easy 15 %, normal 6 %, hard 4 %) it lays a random card instead: a mistake.

The bot keeps private memory between ticks (its generator, the card it is answering and when its answer is due, its
head count, the card it sent and is waiting to see laid: it never sends a second card before the first has reached
the pile, so input delay cannot make it double up). It sees only the view given to ``input``; its outputs are
logged as inputs, so a replay or a rollback never calls it again. The pace is the view's ``pace`` (a match option).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from arcade.core.rng import Rng, seed_mix
from .cards import ACTION, DENY, KIND, MAIN, NO_INPUT, POINTS, ROW_BITS, STOP, STOP_BITS, TEAM, TEAMS, lay_input
from .pace import MIN_PERCEPTION, ReactionMeter, band_scale, react
from .scoring import is_correct, team_total

__all__ = ["Bot", "BotLevel", "BOT_LEVELS", "PACES", "SEAT_PACE", "MIN_PERCEPTION", "time_scale"]


@dataclass(frozen=True)
class BotLevel:
    """How a bot of one level plays. Times in ticks (60 Hz) at the standard pace, chances in per-mille."""

    perception: int          # median ticks from a card landing to the bot having seen it (floored at 18)
    decide_base: int         # Hick–Hyman a: ticks of a decision between one card and nothing
    decide_per_bit: int      # Hick–Hyman b: ticks per bit of log2(cards in hand + 1)
    spread: int              # percent: each time is drawn within +- spread % of its median (triangular)
    mistake_permille: int    # chance of laying a random card instead of the chosen one
    deny_min_points: int     # an opponents' card must be worth this much to be denied
    patience: int            # ticks a top card may stay before a bot with no correct card lays one anyway
    careful: bool            # picks by points and by what its hand can lay next; sets up its Stops
    count_slip_permille: int = 0  # chance that one of its team's cards is miscounted in its head count
    stop_margin: int = 0     # percent of the target its head count wants above the target before a Stop


BOT_LEVELS = {
    "easy": BotLevel(perception=30, decide_base=16, decide_per_bit=12, spread=30, mistake_permille=150,
                     deny_min_points=3, patience=150, careful=False, count_slip_permille=250, stop_margin=20),
    "normal": BotLevel(perception=24, decide_base=10, decide_per_bit=7, spread=30, mistake_permille=60,
                       deny_min_points=3, patience=110, careful=True, count_slip_permille=120, stop_margin=50),
    "hard": BotLevel(perception=22, decide_base=6, decide_per_bit=4, spread=25, mistake_permille=40,
                     deny_min_points=2, patience=70, careful=True, count_slip_permille=30, stop_margin=50),
}

PACES = {"relaxed": 160, "standard": 100, "fast": 75}
"""Pace of a table (a Grisbi option): percent applied to every bot time (perception, decision, patience)."""
SEAT_PACE = {2: 100, 3: 115, 4: 135, 5: 145, 6: 155, 7: 165, 8: 175}
"""Percent applied to every bot time by the number of seats at the table, on top of ``PACES``: a bot at a busy
table takes longer, so the bots together do not lay a card for every one of them (each card landing makes every
player look again), and a person keeps a fair share of the pile. 2 seats: 100 (the 1 v 1 figures are the levels'
own). Measured with ``tools/grisbi_pace.py --rates`` (its docstring has the figures)."""
MARGIN_PER_MATE = 20
"""Percent of the target added to a bot's Stop margin for each team-mate whose cards it must count too."""
STALL_TICKS = 300
"""A bot holding only Stops it cannot win with lays one after the pile has been still this long (5 s)."""
_PENDING_TIMEOUT = 30  # ticks to wait for a sent card to reach the pile before forgetting it
_BITS100 = (0, 100, 158, 200, 232, 258, 281, 300, 317, 332, 346, 358, 370, 381, 391, 400, 409, 417, 425, 432, 439,
            446, 452, 458, 464, 470, 475, 481, 486, 491, 495, 500, 504, 509, 513, 517, 521, 525, 529, 532, 536, 539,
            543, 546, 549, 552, 555, 558, 561, 564, 567, 570, 573, 575, 578, 581, 583, 586, 588, 591, 593, 595, 598)
"""100 * log2(n + 1) for n = 0..62, rounded (Hick–Hyman bits, in integers)."""


class Bot:
    """A Grisbi player for one seat. ``Bot(seat, level, seed)``; level "easy", "normal" or "hard" (ValueError
    otherwise). Its times, head count and mistakes come from its own ``Rng`` seeded by (seed, seat), never
    ``random`` or a clock."""

    def __init__(self, seat: int, level: str = "normal", seed: int = 0) -> None:
        if level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        self.seat = seat
        self.level = level
        self.params = BOT_LEVELS[level]
        self._rng = Rng(seed_mix(seed, seat, 0x67726973))
        self._round = -1
        self._awake: int | None = None       # tick at which the bot first saw its hand this round (None: not in play)
        self._key = -1                        # pile length of the top card being answered
        self._due = 0                         # tick at which the answer is ready
        self._counted = 1                     # pile cards already in the head count
        self._err = 0                         # the head count's running error, in points
        self._pending: tuple[int, int] | None = None  # (card, tick sent) not yet seen in the pile
        self._deciding = False                # the due answer is a decision in progress (not a wait)
        self.decision_from = 0                # tick of the landing (or START) its current decision answers
        self._meter: ReactionMeter | None = None  # the people's reactions (``people``)
        self._seen = 0                        # tick its perception of the pile ends (pace.react)
        self.scale = 0                        # percent applied to its level times at the last top card (0: none yet)

    @property
    def people(self) -> tuple[int, ...]:
        """The seats of the people at the table (not bots), whose reactions set this bot's pace (the rubber band,
        ``pace.band_scale``); empty (the default): the pace's own times (``time_scale``). Set by whoever seats the
        bot (``arcade.core.match.Match.add_bot``); changing it keeps what was measured of seats still watched."""
        return self._meter.seats if self._meter is not None else ()

    @people.setter
    def people(self, seats: Sequence[int]) -> None:
        seats = tuple(sorted(set(seats) - {self.seat}))
        if seats == self.people:
            return
        old, self._meter = self._meter, (ReactionMeter(seats) if seats else None)
        if old is not None and self._meter is not None:
            self._meter.reactions.update({s: r for s, r in old.reactions.items() if s in seats})
            self._meter.count = old.count

    @property
    def meter(self) -> ReactionMeter | None:
        """The measured reactions of ``people`` (None when nobody is watched)."""
        return self._meter

    def pace_scale(self, view: Any) -> int:
        """Percent applied to this bot's level times now: the rubber band between the pace's fast end and its own
        scale at the table's seat count when it watches people (``pace.band_scale`` around ``nominal``), else the
        pace's own scale (``time_scale``)."""
        pace, seats = getattr(view, "pace", "standard"), len(view.teams)
        own = self.time_scale(pace, seats)
        if self._meter is None:
            return own
        return band_scale(*self.nominal(), self._meter, pace, own)

    def nominal(self, candidates: int = 12) -> tuple[int, int]:
        """The medians of this bot's perception and Hick–Hyman decision at 100 % with ``candidates`` cards in hand,
        in ticks (before the slow tail and the perception floor)."""
        p = self.params
        return p.perception, p.decide_base + p.decide_per_bit * _BITS100[candidates] // 100

    def _draw(self, n: int) -> int:
        v, self._rng = self._rng.below(n)
        return v

    def _vary(self, median: int, pace: int) -> int:
        """A time around ``median`` ticks: triangular within +- spread %, one in eight half as long again, times
        the pace (percent)."""
        sp = self.params.spread
        pct = 100 - sp + self._draw(sp + 1) + self._draw(sp + 1)
        if self._draw(8) == 0:
            pct = pct * 3 // 2
        return median * pct * pace // 10000

    def time_scale(self, pace: str, seats: int) -> int:
        """Percent applied to this bot's times at a table of ``seats`` at ``pace`` (module ``time_scale``)."""
        return time_scale(pace, seats)

    def perception_time(self, pace: str = "standard", seats: int = 2) -> int:
        """Ticks from a card landing to this bot having seen it: at least ``MIN_PERCEPTION``."""
        return max(MIN_PERCEPTION, self._vary(self.params.perception, self.time_scale(pace, seats)))

    def answer_time(self, candidates: int, pace: str = "standard", seats: int = 2) -> int:
        """Ticks from a card landing to this bot's answer: perception (at least ``MIN_PERCEPTION``) plus a
        Hick–Hyman decision over ``candidates`` cards, both drawn from the bot's generator and scaled by ``pace``
        (a ``PACES`` key; unknown: standard) and the table's ``seats`` (``SEAT_PACE``)."""
        return self.answer_at(candidates, self.time_scale(pace, seats))

    def answer_at(self, candidates: int, scale: int) -> int:
        """``answer_time`` with its times scaled by ``scale`` percent."""
        perceive = max(MIN_PERCEPTION, self._vary(self.params.perception, scale))
        return perceive + self.decision_time(candidates, scale)

    def decision_time(self, candidates: int, scale: int) -> int:
        """Ticks of a Hick–Hyman decision over ``candidates`` cards, drawn and scaled by ``scale`` percent."""
        p = self.params
        bits = _BITS100[min(max(candidates, 0), len(_BITS100) - 1)]
        return max(1, self._vary(p.decide_base + p.decide_per_bit * bits // 100, scale))

    def head_count(self, view) -> int:
        """The bot's belief of its team's correct points on the pile (exact total + its running counting error)."""
        team = TEAMS.index(view.team)
        return team_total(view.pile_cards, team) + self._err

    def _count(self, view) -> None:
        """Count the cards that landed since the last look (each of its team's Action cards may be miscounted)."""
        pile = view.pile_cards
        team = TEAMS.index(view.team)
        slip = self.params.count_slip_permille
        for c in pile[self._counted:]:
            if TEAM[c] == team and KIND[c] == ACTION and slip and self._draw(1000) < slip:
                self._err += POINTS[c] if self._draw(2) else -POINTS[c]
        self._counted = len(pile)

    def input(self, view: Any, legal_inputs: Sequence[int], tick: int) -> int:
        """The seat's input for this tick: ``card id + 1`` or 0. ``view`` is ``RULES.view(state, seat)``,
        ``legal_inputs`` ``RULES.legal_actions(state, seat)``, ``tick`` the simulation tick."""
        if not legal_inputs:
            self._awake = None
            self._pending = None
            return NO_INPUT
        if view.round != self._round or self._awake is None:
            if view.round != self._round:
                self._round, self._counted, self._err = view.round, 1, 0
            self._awake = tick
            self._key = -1
            self._deciding = False
        if self._pending is not None:
            card, sent = self._pending
            if card in view.hand and tick - sent < _PENDING_TIMEOUT:
                return NO_INPUT
            self._pending = None
        n = len(view.pile_cards)
        if n != self._key:  # a new top card (or START): see it, then think
            landed = max(view.pile_ticks[-1], self._awake)
            if self._meter is not None:
                self._meter.observe(view, self._awake)
            self.scale = self.pace_scale(view)
            top = view.pile_cards[-1]
            playable = any(is_correct(c, top) for c in view.hand)
            running = self._due if self._deciding else None
            perceive = max(MIN_PERCEPTION, self._vary(self.params.perception, self.scale))
            due, seen = react(running, self._seen, landed, perceive,
                              perceive + self.decision_time(len(view.hand), self.scale), playable)
            if due != running:
                self._deciding, self.decision_from = True, landed
            self._due, self._seen = due, seen
            self._key = n
            self._count(view)
        if tick < self._due:
            return NO_INPUT
        card, wait = self._choose(view, tick)
        if card is None:
            self._due = tick + wait
            self._deciding = False
            return NO_INPUT
        self._pending = (card, tick)
        return lay_input(card)

    def _choose(self, view: Any, tick: int) -> tuple[int | None, int]:
        """The card to lay now, or (None, ticks to wait before looking again)."""
        p = self.params
        hand = view.hand
        team = TEAMS.index(view.team)
        pile = view.pile_cards
        top = pile[-1]
        plays = [c for c in hand if KIND[c] != STOP]
        stops = [c for c in hand if KIND[c] == STOP]
        if plays and self._draw(1000) < p.mistake_permille:
            return plays[self._draw(len(plays))], 0
        row = ROW_BITS[team]
        correct = [c for c in plays if KIND[c] == ACTION and is_correct(c, top)]

        target = view.targets[team]
        mates = sum(1 for t in view.teams if t == view.team) - 1
        if getattr(view, "assist", False):  # the assist shows the team's exact total to everyone of the team
            margin, counted = 0, team_total(pile, team)
        else:
            margin = target * (p.stop_margin + MARGIN_PER_MATE * mates) // 100
            counted = self.head_count(view)
        if stops and counted >= target + margin:
            fitting = [c for c in stops if is_correct(c, top)]
            if fitting:
                return fitting[0], 0
            if p.careful:
                wanted = 0
                for c in stops:
                    wanted |= STOP_BITS[c]
                setup = [c for c in plays if row[c] & wanted]
                good = [c for c in setup if c in correct]
                if good or setup:
                    return max(good or setup, key=lambda c: (POINTS[c], c)), 0

        if len(pile) >= 2 and TEAM[top] == 1 - team and KIND[top] == ACTION and POINTS[top] >= p.deny_min_points \
                and is_correct(top, pile[-2]):
            for c in plays:
                if KIND[c] == DENY and MAIN[c] == MAIN[top]:
                    return c, 0

        if correct:
            if not p.careful:
                if self.level == "easy":
                    return correct[self._draw(len(correct))], 0
                return max(correct, key=lambda c: (POINTS[c], c)), 0
            return max(correct, key=lambda c: (POINTS[c], self._follow(c, plays, team), c)), 0

        scale = self.scale or self.pace_scale(view)
        age = tick - pile_ticks_last(view)
        if not plays:
            if stops and age >= STALL_TICKS:
                return stops[0], 0
            return None, max(1, STALL_TICKS - age)
        patience = p.patience * scale // 100
        if age < patience:
            return None, patience - age
        if p.careful:
            return min(plays, key=lambda c: (POINTS[c], -self._follow(c, plays, team), c)), 0
        return plays[self._draw(len(plays))], 0

    @staticmethod
    def _follow(card: int, plays: list[int], team: int) -> int:
        """How many of the other cards in hand would be correct Action cards laid on ``card``."""
        bits = ROW_BITS[team][card]
        return sum(1 for c in plays if c != card and KIND[c] == ACTION and (1 << MAIN[c]) & bits)


def time_scale(pace: str, seats: int) -> int:
    """Percent applied to a bot's times at a table of ``seats`` at ``pace`` (``PACES`` x ``SEAT_PACE``; an unknown
    pace counts as standard)."""
    return PACES.get(pace, 100) * SEAT_PACE.get(seats, 100) // 100


def pile_ticks_last(view: Any) -> int:
    """The tick the top card landed (the Location: the tick the round was dealt)."""
    return view.pile_ticks[-1]
