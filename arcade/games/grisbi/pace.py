"""How fast Grisbi's bots play against the people at the table: perception, reaction measurement, rubber band.

Three pure, deterministic pieces (integers and ticks only: no clock, no float, no module-level random), used by
``bot.Bot`` and by the person models of ``tools/grisbi_pace.py`` alike (issue 36, "a race at every speed"):

- **Perception** (``react``): a player's reaction to the pile starts the tick a top card lands (``pile_ticks``, the
  same instant for a bot and a person: the view shows it to both). A card landing while the player is still
  perceiving, or one they hold nothing correct on, does not send the reaction back to zero: it keeps its tick, only
  never sooner than ``MIN_PERCEPTION`` (18 ticks, 300 ms) after that card landed. A card they can play on, landing
  once they are deciding, starts a new reaction. Before issue 36 every card landing restarted a bot's perception
  and added a re-check, so a person laying a card every 0.5 s kept every bot at zero.
- **Measurement** (``ReactionMeter``): for each watched seat (the people at the table), the ticks from the first
  card that appeared after that seat's own last card (or START, or the moment the meter began watching) to that
  seat laying a card that is correct on the top card (so the top card was playable for them), lays after more
  than ``LONGEST`` ticks not counted. Read from the public pile of the views, card by card: a replay or a rollback
  that gives the same views gives the same measurements. The estimate of a seat is the median of its last
  ``WINDOW`` reactions.
- **Rubber band** (``band``, ``band_scale``): the percent applied to a bot's level times (perception, decision,
  patience). It aims the bot's answer at ``TARGET`` % of the people's measured reaction (their mean), so a fast
  person meets fast bots and a slow one slow bots, always inside the band of the table's pace: never faster than
  ``FASTEST[pace]`` % of the level's times, never slower than the pace's own scale at that seat count
  (``bot.time_scale``: the pace the bots had before issue 36, which is also where every match starts). The first
  ``SETTLE`` reactions measured move the bots from that start towards the aim step by step: a new player's first
  match (relaxed pace) keeps its gentle start.
"""

from __future__ import annotations

from typing import Any, Iterable

from .scoring import is_correct

__all__ = ["MIN_PERCEPTION", "WINDOW", "SETTLE", "TARGET", "FASTEST", "react", "ReactionMeter",
           "band", "band_scale"]

MIN_PERCEPTION = 18
"""No player model answers a card sooner than this many ticks (300 ms) after it landed."""
LONGEST = 240
"""Ticks (4 s) beyond which a lay is not counted as a reaction (a player who waited with nothing that fits)."""
WINDOW = 9
"""Reactions kept per watched seat (the estimate is their median)."""
SETTLE = 6
"""Reactions measured (all people together) before the rubber band reaches its aim; fewer move it part way."""
TARGET = 100
"""Percent of the people's measured reaction the bots' median answer aims at (100: as fast as the people)."""
FASTEST = {"relaxed": 35, "standard": 30, "fast": 25}
"""The band's fast end by pace: percent of a bot level's own times (its 1 v 1 figures at the standard pace)."""


def react(due: int | None, seen: int, landed: int, perceive: int, reaction: int, playable: bool
          ) -> tuple[int, int]:
    """A player's (answer tick, tick their perception ends) when a card that ``landed`` at that tick (or START) is
    the new top card.

    ``due``, ``seen``: those of the reaction running (``due`` None or past: none); ``perceive`` and ``reaction``:
    the player's perception and whole reaction times in ticks for a new reaction (perception at least
    ``MIN_PERCEPTION``); ``playable``: whether the player holds a card that is correct on the new top card.

    A new reaction starts at the landing, the same instant for every player. A running reaction is not sent back
    to zero by a card it could not have reacted to: one that landed while the player was still perceiving (it is
    what they see when they look: never sooner than ``MIN_PERCEPTION`` after it landed), or one they cannot play
    on. Only a card they can play on, landing once they have seen the pile and are deciding, starts a new one."""
    if due is not None and due > landed and (landed < seen or not playable):
        floor = landed + MIN_PERCEPTION
        return max(due, floor), max(seen, floor) if landed < seen else seen
    perceive = max(MIN_PERCEPTION, perceive)
    return landed + max(perceive, reaction), landed + perceive


class ReactionMeter:
    """The measured reactions of the watched seats, from the views a player sees tick by tick.

    ``ReactionMeter(seats)``; ``observe(view, since)`` reads the pile cards it has not read yet (``since``: the tick
    the watcher started looking this round, START or later: an older card counts as appearing then); a new round
    starts reading again from its first card. ``estimate(seat)`` is the median of the seat's last ``WINDOW``
    reactions in ticks (None before its first); ``people()`` the mean of the watched seats' estimates (None before
    any); ``count`` the reactions measured so far, all seats together."""

    def __init__(self, seats: Iterable[int] = ()) -> None:
        self.seats = tuple(sorted(set(seats)))
        self.reactions: dict[int, tuple[int, ...]] = {s: () for s in self.seats}
        self.count = 0
        self._round = -1
        self._read = 1  # pile cards already read this round (the Location is never a reaction)
        self._last: dict[int, int] = {}  # pile index of each watched seat's last card this round

    def observe(self, view: Any, since: int) -> None:
        if view.round != self._round:
            self._round, self._read, self._last = view.round, 1, {}
        cards, seats, ticks = view.pile_cards, view.pile_seats, view.pile_ticks
        for i in range(self._read, len(cards)):
            seat = seats[i]
            if seat not in self.reactions:
                continue
            # the reaction began when the first card after the seat's own last card (or START) appeared
            j = self._last.get(seat, 0) + 1
            appeared = max(ticks[j] if j < i else ticks[i - 1], since)
            self._last[seat] = i
            if is_correct(cards[i], cards[i - 1]) and MIN_PERCEPTION <= ticks[i] - appeared <= LONGEST:
                self.reactions[seat] = (self.reactions[seat] + (ticks[i] - appeared,))[-WINDOW:]
                self.count += 1
        self._read = max(self._read, len(cards))

    def estimate(self, seat: int) -> int | None:
        r = sorted(self.reactions.get(seat, ()))
        return r[len(r) // 2] if r else None

    def people(self) -> int | None:
        est = [e for e in (self.estimate(s) for s in self.seats) if e is not None]
        return sum(est) // len(est) if est else None


def band(pace: str, slowest: int) -> tuple[int, int]:
    """(fastest, slowest) percent of a bot level's own times at ``pace`` (an unknown pace: standard); ``slowest``
    is the pace's scale at the table's seat count (``bot.time_scale``), the fast end ``FASTEST[pace]`` (never above
    the slow end)."""
    fast = FASTEST.get(pace, FASTEST["standard"])
    return min(fast, slowest), slowest


def band_scale(perceive: int, decide: int, meter: ReactionMeter | None, pace: str, slowest: int) -> int:
    """Percent applied to a bot's level times so its median answer comes near ``TARGET`` % of the people's measured
    reaction, inside ``band(pace, slowest)``. The bot's median answer at ``s`` % is ``max(MIN_PERCEPTION, perceive
    * s / 100) + decide * s / 100`` ticks (``perceive``, ``decide``: its level's medians at 100 %). Without a meter
    or a measured seat: the slow end (the pace's own scale). With fewer than ``SETTLE`` reactions measured, part
    way from the slow end to the aim, in proportion."""
    lo, hi = band(pace, slowest)
    measured = meter.people() if meter is not None else None
    if measured is None:
        return hi
    aim = measured * TARGET // 100
    s = aim * 100 // max(1, perceive + decide)
    if perceive * s < MIN_PERCEPTION * 100:  # perception at its floor: the decision makes up the rest
        s = max(0, aim - MIN_PERCEPTION) * 100 // max(1, decide)
    s = min(hi, max(lo, s))
    n = min(meter.count, SETTLE)
    return hi + (s - hi) * n // SETTLE
