"""The Grisbi bot: one tick input at a time from the seat's view (arcade.games.bots, "Grisbi exports a Bot").

A bot is a player with a reaction time. It looks at the pile at most once per reaction time (easy about 1.2 s,
normal 0.7 s, hard 0.35 s, with a seeded jitter), and it sees the pile as it was a short perception lag ago
(easy 0.2 s, normal 0.1 s, hard 2 ticks), so a card laid just before may make its choice wrong, as it does for a
person. When it looks it:

1. lays a Stop if it believes its team's correct points reach the target (counted on the public pile it saw, as if
   its team closed now) and one of its Stops fits the top card; failing that, a hard bot lays a card whose hooks fit
   one of its Stops;
2. lays a Deny on an opponents' correct Action card worth at least 2 points (easy and normal: 3) when it holds the
   Deny of that object;
3. lays a correct Action card: easy picks any, normal the highest points, hard the highest points and then the
   card on which most of its own hand would be correct next;
4. with no correct card, waits (the top will change) and, if the top stays, lays a card anyway to change it
   (hard: the least valuable card on which most of its hand fits);
5. holding only Stops, none of which it can lay to win, lays one anyway after the pile has been still for 5 s
   (it concedes the round rather than freeze the table).

With a chance falling with level (easy 25 %, normal 10 %, hard 2 %) it lays a random card instead: a mistake.

The bot keeps private memory between ticks (its generator, when it may look next, the card it sent and is waiting
to see laid: it never sends a second card before the first has reached the pile, so input delay cannot make it
double up). It sees only the view given to ``input``; its outputs are logged as inputs, so a replay or a rollback
never calls it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from ..rng import Rng, seed_mix
from .cards import ACTION, DENY, KIND, MAIN, POINTS, ROW_BITS, STOP, STOP_BITS, TEAM, TEAMS
from .scoring import is_correct, team_total

__all__ = ["Bot", "BotLevel", "BOT_LEVELS"]


@dataclass(frozen=True)
class BotLevel:
    """How a bot of one level plays. Times in ticks (60 Hz), chances in per-mille."""

    reaction: int          # ticks between two looks at the pile (mean)
    jitter: int            # +- ticks of seeded jitter on each reaction
    lag: int               # perception lag: cards laid in the last ``lag`` ticks are not seen yet
    mistake_permille: int  # chance of laying a random card instead of the chosen one
    deny_min_points: int   # an opponents' card must be worth this much to be denied
    patience: int          # ticks a top card may stay before a bot with no correct card lays one anyway
    careful: bool          # picks by points and by what its hand can lay next; sets up its Stops


BOT_LEVELS = {
    "easy": BotLevel(reaction=72, jitter=18, lag=12, mistake_permille=250, deny_min_points=3, patience=120,
                     careful=False),
    "normal": BotLevel(reaction=42, jitter=10, lag=6, mistake_permille=100, deny_min_points=3, patience=90,
                       careful=False),
    "hard": BotLevel(reaction=21, jitter=5, lag=2, mistake_permille=20, deny_min_points=2, patience=45,
                     careful=True),
}

STALL_TICKS = 300
"""A bot holding only Stops it cannot win with lays one after the pile has been still this long (5 s)."""
_PENDING_TIMEOUT = 30  # ticks to wait for a sent card to reach the pile before forgetting it


class Bot:
    """A Grisbi player for one seat. ``Bot(seat, level, seed)``; level "easy", "normal" or "hard" (ValueError
    otherwise). Its jitter and mistakes come from its own ``Rng`` seeded by (seed, seat), never ``random``."""

    def __init__(self, seat: int, level: str = "normal", seed: int = 0) -> None:
        if level not in BOT_LEVELS:
            raise ValueError(f"unknown bot level {level!r}")
        self.seat = seat
        self.level = level
        self.params = BOT_LEVELS[level]
        self._rng = Rng(seed_mix(seed, seat, 0x67726973))
        self._ready: int | None = None      # first tick at which the bot may look again (None: not in play)
        self._pending: tuple[int, int] | None = None  # (card, tick sent) not yet seen in the pile

    def _draw(self, n: int) -> int:
        v, self._rng = self._rng.below(n)
        return v

    def _reaction(self) -> int:
        p = self.params
        return max(1, p.reaction - p.jitter + self._draw(2 * p.jitter + 1))

    def input(self, view: Any, legal_inputs: Sequence[int], tick: int) -> int:
        """The seat's input for this tick: ``card id + 1`` or 0. ``view`` is ``RULES.view(state, seat)``,
        ``legal_inputs`` ``RULES.legal_actions(state, seat)``, ``tick`` the simulation tick."""
        if not legal_inputs:
            self._ready = None
            self._pending = None
            return 0
        if self._ready is None:  # START (or the bot was just seated): react to the table first
            self._ready = tick + self._reaction()
            return 0
        if self._pending is not None:
            card, sent = self._pending
            if card in view.hand and tick - sent < _PENDING_TIMEOUT:
                return 0
            self._pending = None
        if tick < self._ready:
            return 0
        card, wait = self._choose(view, tick)
        if card is None:
            self._ready = tick + wait
            return 0
        self._pending = (card, tick)
        self._ready = tick + self._reaction()
        return card + 1

    def _choose(self, view: Any, tick: int) -> tuple[int | None, int]:
        """The card to lay now, or (None, ticks to wait before looking again)."""
        p = self.params
        hand = view.hand
        team = TEAMS.index(view.team)
        pile = view.pile_cards
        ticks = view.pile_ticks
        seen = len(pile)
        while seen > 1 and ticks[seen - 1] >= tick - p.lag:
            seen -= 1
        top = pile[seen - 1]
        plays = [c for c in hand if KIND[c] != STOP]
        stops = [c for c in hand if KIND[c] == STOP]
        if plays and self._draw(1000) < p.mistake_permille:
            return plays[self._draw(len(plays))], 0
        row = ROW_BITS[team]
        correct = [c for c in plays if KIND[c] == ACTION and is_correct(c, top)]

        if stops and team_total(pile[:seen], team) >= view.targets[team]:
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

        if TEAM[top] == 1 - team and KIND[top] == ACTION and POINTS[top] >= p.deny_min_points \
                and is_correct(top, pile[seen - 2]):
            for c in plays:
                if KIND[c] == DENY and MAIN[c] == MAIN[top]:
                    return c, 0

        if correct:
            if not p.careful:
                if self.level == "easy":
                    return correct[self._draw(len(correct))], 0
                return max(correct, key=lambda c: (POINTS[c], c)), 0
            return max(correct, key=lambda c: (POINTS[c], self._follow(c, plays, team), c)), 0

        age = tick - ticks[-1]
        if not plays:
            if stops and age >= STALL_TICKS:
                return stops[0], 0
            return None, max(1, STALL_TICKS - age)
        if age < p.patience:
            return None, p.patience - age
        if p.careful:
            return min(plays, key=lambda c: (POINTS[c], -self._follow(c, plays, team), c)), 0
        return plays[self._draw(len(plays))], 0

    @staticmethod
    def _follow(card: int, plays: list[int], team: int) -> int:
        """How many of the other cards in hand would be correct Action cards laid on ``card``."""
        bits = ROW_BITS[team][card]
        return sum(1 for c in plays if c != card and KIND[c] == ACTION and (1 << MAIN[c]) & bits)
