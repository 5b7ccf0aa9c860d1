"""Grisbi as a real-time simulation: one ``step`` per 60 Hz tick, one int input per seat (rules/grisbi.md).

A tick input is ``card id + 1`` for a card in that seat's hand, 0 for nothing. The input names the card, not a place
in the hand, so it means the same thing however late it arrives (input delay, rollback). An input for a card that is
not in the seat's hand, or sent during the START countdown or the reveal, is ignored.

Phases of a round, in ``GrisbiState.phase``:

- ``"countdown"``: the round is dealt and its Location turned up; for ``start_ticks`` ticks (default 180 = 3 s) no
  card may be laid, then "START!" (event ``("start", round)``).
- ``"play"``: every seat lays as fast as it likes, at most one card per tick (several ticks in a row give several
  cards in a row). Cards laid on the same tick are stacked in seat order rotated by the tick number: seat
  ``tick % players`` first ("The round", fair-order decision). A Stop ends the round at once: cards later in that
  tick's order are not laid (they stay in their hands). The round also ends without a Stop when every hand is empty
  or when the optional time limit (``time_limit`` ticks after START) runs out ("End of round", digital-table
  decision). Note: every deal holds each team's 4 Stops and the first Stop laid ends the round, so "every hand empty"
  only happens in a position built by hand; a time limit is what ends a round in which nobody wants to lay a Stop.
- ``"reveal"``: ``reveal_ticks`` ticks (default 360 = 6 s) in which ``result`` holds the round's ``RoundScore`` and
  hands may not play; then the Location goes to the winner (event ``("location", team, card)``), and either a team
  has 3 Locations (phase ``"over"``, event ``("game_over", team)``) or the next round is dealt.
- ``"over"``: the game is over; ``step`` returns the state unchanged.

Preparation ("Preparation (each round)"): for each team, the 48 cards that are not Stops are shuffled, the first
12/24/35/48 (team of 1/2/3/4) are taken, the 4 Stops shuffled in, and the lot dealt round-robin among the team's
seats in seat order (so as evenly as possible). Targets: 10/16/20/22 points. Uneven teams use their own sizes.
The five Locations come in an order shuffled from the state's generator when the game starts.

Events (``state.events``, what the last tick did): ``("deal", round, location_id)``, ``("start", round)``,
``("lay", seat, card_id, stack_index)`` (``stack_index`` = the card's index in the pile), ``("round_end", winner,
closing_seat, reason)`` (reason "stop", "time" or "empty"; ``closing_seat`` -1 without a Stop),
``("location", team, location_id)``, ``("game_over", team)``.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Any, Sequence

from arcade.core.i18n import _
from arcade.core.canonical import state_checksum
from arcade.core.rng import Rng
from .cards import DECKS, KIND, LOCATION_IDS, STOP, STOP_IDS, TEAMS, describe_card, laid_card, lay_input
from .scoring import RoundScore, score_round

PACES = ("relaxed", "standard", "fast")
"""The table's pace options (the bots' times: ``bot.PACES``)."""

__all__ = ["GrisbiState", "GrisbiView", "GrisbiRules", "RULES", "sample_hidden", "describe_action", "DEAL_SIZES",
           "TARGETS", "LOCATIONS_TO_WIN", "COUNTDOWN", "PLAY", "REVEAL", "OVER"]

DEAL_SIZES = {1: 12, 2: 24, 3: 35, 4: 48}
"""Cards (Stops not included) a team takes from its deck, by team size ("Preparation")."""
TARGETS = {1: 10, 2: 16, 3: 20, 4: 22}
"""Points a closing team must reach, by team size ("Preparation")."""
LOCATIONS_TO_WIN = 3

COUNTDOWN, PLAY, REVEAL, OVER = "countdown", "play", "reveal", "over"

_NON_STOPS = tuple(tuple(c for c in deck if KIND[c] != STOP) for deck in DECKS)


@dataclass(frozen=True, slots=True)
class GrisbiState:
    """The whole game at one tick. Cards are ids into ``CARDS``; teams are indexes into ``TEAMS`` (0 robbers).

    ``tick``: steps done since the start. ``phase``: see the module docstring; ``phase_end``: the tick at which the
    phase ends (START for a countdown, the time limit for play or None, the end of a reveal). ``round``: 0-based.
    ``teams``: team index per seat. ``hands``: a sorted tuple of card ids per seat. ``pile_cards`` /
    ``pile_seats`` / ``pile_ticks``: the common pile in play order (the Location first, laid by seat -1 on the tick
    the round was dealt). ``locations_won``: the Location ids each team has won (robbers, police).
    ``location_order``: the order in which the Locations are turned up, round by round (hidden beyond the current
    one). ``result``: the last round's ``RoundScore`` (from the end of a round until the next deal; kept when the game
    is over). ``rng``: the generator of the coming deals. ``events``: what the last tick did. ``pace``, ``assist``,
    ``practice``: the table's options (bots' pace, the hands' assist, practice mode), carried in the state so every
    screen and every bot of a match agrees on them; the rules themselves do not read them.
    """

    tick: int
    phase: str
    phase_end: int | None
    round: int
    teams: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    pile_cards: tuple[int, ...]
    pile_seats: tuple[int, ...]
    pile_ticks: tuple[int, ...]
    locations_won: tuple[tuple[int, ...], tuple[int, ...]]
    location_order: tuple[int, ...]
    result: RoundScore | None
    rng: Rng
    time_limit: int | None
    start_ticks: int
    reveal_ticks: int
    events: tuple[tuple[Any, ...], ...]
    pace: str = "standard"
    assist: bool = False
    practice: bool = False


@dataclass(frozen=True, slots=True)
class GrisbiView:
    """What one seat (or a spectator, ``seat`` None) may see.

    ``hand``: the seat's own cards (empty for a spectator); ``hand_counts``: how many cards each seat holds.
    ``pile_cards`` / ``pile_seats`` / ``pile_ticks``: the whole common pile (public). ``team``: the seat's team name
    (None for a spectator); ``teams``: every seat's team name. ``targets``: points to reach (robbers, police).
    ``countdown``: ticks left before START (0 outside the countdown); ``time_left``: ticks left before the time limit
    during play (None without a limit or outside play); ``reveal_left``: ticks left in the reveal (0 outside it).
    ``result``: the round's ``RoundScore`` during the reveal and once the game is over, else None.
    ``locations_won``: Location ids won (robbers, police); ``scores``: Locations won per seat. ``pace``,
    ``assist``, ``practice``: the match's table options (see ``GrisbiState``). ``reveal_ticks``: the length of a
    reveal; ``time_limit``: ticks of play before a round ends by time (None: no limit) — the match's public timings,
    which a table paces its reveal and names a round's end by.
    """

    seat: int | None
    team: str | None
    teams: tuple[str, ...]
    tick: int
    round: int
    phase: str
    countdown: int
    time_left: int | None
    reveal_left: int
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    pile_cards: tuple[int, ...]
    pile_seats: tuple[int, ...]
    pile_ticks: tuple[int, ...]
    location: int
    locations_won: tuple[tuple[int, ...], tuple[int, ...]]
    targets: tuple[int, int]
    result: RoundScore | None
    scores: tuple[int, ...]
    events: tuple[tuple[Any, ...], ...]
    pace: str = "standard"
    assist: bool = False
    practice: bool = False
    reveal_ticks: int = 360
    time_limit: int | None = None


def _team_sizes(teams: Sequence[int]) -> tuple[int, int]:
    r = sum(1 for t in teams if t == 0)
    return r, len(teams) - r


@functools.lru_cache(maxsize=64)
def _targets(teams: tuple[int, ...]) -> tuple[int, int]:
    r, p = _team_sizes(teams)
    return TARGETS[r], TARGETS[p]


@functools.lru_cache(maxsize=64)
def _team_names(teams: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(TEAMS[x] for x in teams)


def _deal(rng: Rng, teams: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], ...], Rng]:
    """Deal one round's hands ("Preparation (each round)")."""
    hands: list[tuple[int, ...]] = [()] * len(teams)
    for team in (0, 1):
        seats = [p for p, t in enumerate(teams) if t == team]
        k = len(seats)
        shuffled, rng = rng.shuffle(_NON_STOPS[team])
        cards, rng = rng.shuffle(shuffled[:DEAL_SIZES[k]] + STOP_IDS[team])
        for j, seat in enumerate(seats):
            hands[seat] = tuple(sorted(cards[j::k]))
    return tuple(hands), rng


def _stacked_deal(teams: tuple[int, ...], taken: Sequence[Sequence[int]]) -> tuple[tuple[int, ...], ...]:
    """Deal one round from chosen orders instead of the two shuffles of "Preparation": ``taken[team]`` is what the
    shuffles would have left, the team's cards in dealing order (its ``DEAL_SIZES`` non-Stops and its 4 Stops),
    dealt round-robin among the team's seats. Raises ValueError for any other set of cards."""
    hands: list[tuple[int, ...]] = [()] * len(teams)
    for team in (0, 1):
        seats = [p for p, t in enumerate(teams) if t == team]
        k = len(seats)
        cards = tuple(taken[team])
        non_stops = [c for c in cards if c not in STOP_IDS[team]]
        if (len(set(cards)) != len(cards) or sorted(set(cards) - set(non_stops)) != sorted(STOP_IDS[team])
                or len(non_stops) != DEAL_SIZES[k] or not set(non_stops) <= set(_NON_STOPS[team])):
            raise ValueError(f"first_deal: the {TEAMS[team]} take {DEAL_SIZES[k]} cards of their own deck that are "
                             f"not Stops, and their 4 Stops, each once")
        for j, seat in enumerate(seats):
            hands[seat] = tuple(sorted(cards[j::k]))
    return tuple(hands)


def _new_round(s: GrisbiState, tick: int, round_: int, won: tuple[tuple[int, ...], tuple[int, ...]],
               events: tuple, stacked: Sequence[Sequence[int]] | None = None) -> GrisbiState:
    if stacked is None:
        hands, rng = _deal(s.rng, s.teams)
    else:
        hands, rng = _stacked_deal(s.teams, stacked), s.rng
    loc = s.location_order[round_]
    phase, end = (COUNTDOWN, tick + s.start_ticks) if s.start_ticks > 0 else (PLAY, _deadline(s, tick))
    events = events + (("deal", round_, loc),) + ((("start", round_),) if phase == PLAY else ())
    return GrisbiState(tick, phase, end, round_, s.teams, hands, (loc,), (-1,), (tick,), won, s.location_order,
                       None, rng, s.time_limit, s.start_ticks, s.reveal_ticks, events, s.pace, s.assist, s.practice)


def _deadline(s: GrisbiState, start: int) -> int | None:
    return None if s.time_limit is None else start + s.time_limit


def _quiet(s: GrisbiState, tick: int) -> GrisbiState:
    """The same state one tick later with nothing happening (hands and pile tuples are shared, not rebuilt)."""
    return GrisbiState(tick, s.phase, s.phase_end, s.round, s.teams, s.hands, s.pile_cards, s.pile_seats,
                       s.pile_ticks, s.locations_won, s.location_order, s.result, s.rng, s.time_limit, s.start_ticks,
                       s.reveal_ticks, (), s.pace, s.assist, s.practice)


class GrisbiRules:
    """The Grisbi rules object (a ``RealTimeRules``): registry id ``grisbi``, 2-8 players, two teams."""

    id = "grisbi"
    min_players = 2
    max_players = 8
    version = 2  # 2: teams chosen per seat (one team at most one player more), pace, assist and practice in the state

    # --- setup ------------------------------------------------------------------------------------------------------

    def initial_state(self, seed: int, players: int, teams: Sequence[str] | str | None = None, time_limit: int | None = None,
                      start_ticks: int = 180, reveal_ticks: int = 360, pace: str = "standard", assist: bool = False,
                      practice: bool = False, first_deal: Sequence[Any] | None = None) -> GrisbiState:
        """The state at tick 0: round 0 dealt, its countdown running.

        ``teams``: "robbers"/"police" per seat, or those names comma-separated in one string (default: alternating,
        seat 0 robbers); each team 1-4 players, one
        team may have one member more (rules/grisbi.md, Corrections: "Teams are chosen at the table (one team may
        have a member more)"). ``time_limit``: ticks of play per round after START (None: no limit). ``start_ticks``: the
        START countdown in ticks (0: none); ``reveal_ticks``: the reveal after a round, in ticks (at least 1).
        ``pace`` ("relaxed", "standard", "fast"), ``assist`` and ``practice``: table options kept in the state for
        the bots and the table (practice mode: relaxed pace and the assist on, whatever ``pace`` and ``assist`` say).
        ``first_deal``: round 0 dealt from chosen orders instead of shuffles (a tutorial's scripted round): ``(location
        id, robbers' cards, police cards)``, the Location turned up first and each team's cards as the two shuffles of
        "Preparation" could have left them (its non-Stops for its size, then or among them its 4 Stops), dealt
        round-robin; the other Locations and every later round are shuffled as usual.
        Raises ValueError for a player count outside 2-8, a bad team list, tick counts out of range, an unknown
        pace or a ``first_deal`` that no shuffle could give.
        """
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Grisbi is for {self.min_players}-{self.max_players} players, not {players}")
        if isinstance(teams, str):  # "robbers,police,..." (how a match option and a replay header carry it)
            teams = teams.split(",")
        if teams is None:
            team_idx = tuple(p % 2 for p in range(players))
        else:
            if len(teams) != players or any(t not in TEAMS for t in teams):
                raise ValueError(f"teams must name 'robbers' or 'police' for each of the {players} seats")
            team_idx = tuple(TEAMS.index(t) for t in teams)
        sizes = _team_sizes(team_idx)
        if not all(1 <= n <= 4 for n in sizes) or abs(sizes[0] - sizes[1]) > 1:
            raise ValueError("each team has 1 to 4 players, and one team at most one player more")
        if time_limit is not None and time_limit < 1:
            raise ValueError("time_limit is a positive number of ticks, or None")
        if start_ticks < 0 or reveal_ticks < 1:
            raise ValueError("start_ticks is >= 0 and reveal_ticks >= 1 (the table shows the result for that long)")
        if pace not in PACES:
            raise ValueError(f"pace is one of {', '.join(PACES)}, not {pace!r}")
        if practice:
            pace, assist = "relaxed", True
        rng = Rng.from_seed(seed)
        order, rng = rng.shuffle(LOCATION_IDS)
        stacked = None
        if first_deal is not None:
            loc, *stacked = first_deal
            if loc not in LOCATION_IDS or len(stacked) != 2:
                raise ValueError("first_deal is (location id, robbers' cards, police cards)")
            order = (loc,) + tuple(x for x in order if x != loc)
        blank = GrisbiState(0, COUNTDOWN, 0, 0, team_idx, (), (), (), (), ((), ()), order, None, rng,
                            time_limit, start_ticks, reveal_ticks, (), pace, bool(assist), bool(practice))
        return _new_round(blank, 0, 0, ((), ()), (), stacked)

    # --- the tick ---------------------------------------------------------------------------------------------------

    def step(self, s: GrisbiState, inputs: tuple[int, ...]) -> GrisbiState:
        """One 60 Hz tick with one input per seat (``card id + 1``, 0 = nothing). Never raises on bad inputs:
        anything that is not a card of that seat's hand during play is ignored. Never mutates ``s``."""
        phase = s.phase
        nt = s.tick + 1
        if phase == PLAY:
            if any(inputs):
                return self._lay(s, inputs, nt)
            if s.phase_end is not None and nt >= s.phase_end:
                return self._end_round(s, nt, s.hands, (), (), (), -1, "time", ())
            return _quiet(s, nt)
        if phase == COUNTDOWN:
            if nt >= s.phase_end:
                return dataclasses.replace(s, tick=nt, phase=PLAY, phase_end=_deadline(s, nt),
                                           events=(("start", s.round),))
            return _quiet(s, nt)
        if phase == REVEAL:
            if nt >= s.phase_end:
                return self._next_round(s, nt)
            return _quiet(s, nt)
        return s  # OVER

    def _lay(self, s: GrisbiState, inputs: tuple[int, ...], nt: int) -> GrisbiState:
        t = s.tick
        n = len(s.teams)
        hands = s.hands
        new_hands: list[tuple[int, ...]] | None = None
        cards: list[int] = []
        seats: list[int] = []
        events: list[tuple] = []
        closer = -1
        base = len(s.pile_cards)
        first = t % n
        m = min(n, len(inputs))
        for k in range(n):
            seat = (first + k) % n
            if seat >= m:
                continue
            card = laid_card(inputs[seat])
            if card is None:
                continue
            hand = hands[seat] if new_hands is None else new_hands[seat]
            if card not in hand:
                continue
            if new_hands is None:
                new_hands = list(hands)
            new_hands[seat] = tuple(c for c in hand if c != card)
            events.append(("lay", seat, card, base + len(cards)))
            cards.append(card)
            seats.append(seat)
            if KIND[card] == STOP:
                closer = seat
                break
        if new_hands is None:  # nothing laid: only junk inputs
            if s.phase_end is not None and nt >= s.phase_end:
                return self._end_round(s, nt, hands, (), (), (), -1, "time", ())
            return _quiet(s, nt)
        hands_t = tuple(new_hands)
        ticks = (t,) * len(cards)
        if closer >= 0:
            return self._end_round(s, nt, hands_t, tuple(cards), tuple(seats), ticks, closer, "stop", tuple(events))
        if not any(hands_t):
            return self._end_round(s, nt, hands_t, tuple(cards), tuple(seats), ticks, -1, "empty", tuple(events))
        if s.phase_end is not None and nt >= s.phase_end:
            return self._end_round(s, nt, hands_t, tuple(cards), tuple(seats), ticks, -1, "time", tuple(events))
        return GrisbiState(nt, PLAY, s.phase_end, s.round, s.teams, hands_t, s.pile_cards + tuple(cards),
                           s.pile_seats + tuple(seats), s.pile_ticks + ticks, s.locations_won, s.location_order,
                           s.result, s.rng, s.time_limit, s.start_ticks, s.reveal_ticks, tuple(events), s.pace,
                           s.assist, s.practice)

    def _end_round(self, s: GrisbiState, nt: int, hands: tuple, cards: tuple, seats: tuple, ticks: tuple,
                   closer: int, reason: str, events: tuple) -> GrisbiState:
        pile = s.pile_cards + cards
        if closer >= 0:
            team = s.teams[closer]
            result = score_round(pile, TEAMS[team], _targets(s.teams)[team])
        else:
            result = score_round(pile, None)
        events = events + (("round_end", result.winner, closer, reason),)
        return GrisbiState(nt, REVEAL, nt + s.reveal_ticks, s.round, s.teams, hands, pile, s.pile_seats + seats,
                           s.pile_ticks + ticks, s.locations_won, s.location_order, result, s.rng, s.time_limit,
                           s.start_ticks, s.reveal_ticks, events, s.pace, s.assist, s.practice)

    def _next_round(self, s: GrisbiState, nt: int) -> GrisbiState:
        assert s.result is not None
        w = TEAMS.index(s.result.winner)
        loc = s.pile_cards[0]
        won = list(s.locations_won)
        won[w] = won[w] + (loc,)
        won_t = (won[0], won[1])
        events: tuple = (("location", s.result.winner, loc),)
        if len(won[w]) >= LOCATIONS_TO_WIN:
            return dataclasses.replace(s, tick=nt, phase=OVER, phase_end=None, locations_won=won_t,
                                       events=events + (("game_over", s.result.winner),))
        return _new_round(s, nt, s.round + 1, won_t, events)

    # --- queries ----------------------------------------------------------------------------------------------------

    def legal_actions(self, s: GrisbiState, seat: int) -> tuple[int, ...]:
        """The non-zero inputs that would lay a card now: ``card id + 1`` for every card in the seat's hand during
        play; empty during the countdown, the reveal and once the game is over."""
        if s.phase != PLAY:
            return ()
        return tuple(lay_input(c) for c in s.hands[seat])

    def view(self, s: GrisbiState, seat: int | None) -> GrisbiView:
        """What ``seat`` may see (None: a spectator, who sees no hand). Raises IndexError for a seat not at the
        table."""
        if seat is not None and not 0 <= seat < len(s.teams):
            raise IndexError(f"no seat {seat}")
        phase = s.phase
        t = s.tick
        countdown = s.phase_end - t if phase == COUNTDOWN else 0
        time_left = s.phase_end - t if phase == PLAY and s.phase_end is not None else None
        reveal_left = s.phase_end - t if phase == REVEAL else 0
        result = s.result if phase in (REVEAL, OVER) else None
        return GrisbiView(
            seat, None if seat is None else TEAMS[s.teams[seat]], _team_names(s.teams), t, s.round,
            phase, countdown, time_left, reveal_left, () if seat is None else s.hands[seat],
            tuple(len(h) for h in s.hands), s.pile_cards, s.pile_seats, s.pile_ticks, s.pile_cards[0],
            s.locations_won, _targets(s.teams), result, self.scores(s), s.events, s.pace, s.assist, s.practice,
            s.reveal_ticks, s.time_limit)

    def is_over(self, s: GrisbiState) -> bool:
        """True once a team has won 3 Locations (after that round's reveal)."""
        return s.phase == OVER

    def scores(self, s: GrisbiState) -> tuple[int, ...]:
        """Locations won per seat: each seat gets its team's count."""
        r, p = len(s.locations_won[0]), len(s.locations_won[1])
        return tuple(p if t else r for t in s.teams)

    def checksum(self, s: GrisbiState) -> int:
        """``base.state_checksum`` of the state."""
        return state_checksum(s)


RULES = GrisbiRules()


def sample_hidden(state: GrisbiState, seat: int | None, rng: Rng) -> GrisbiState:
    """A state that differs from ``state`` only in what ``seat`` may not see: the other seats' hands are re-dealt
    from the cards that seat has not seen (keeping every hand's size, and the unplayed Stops, which are always in
    hand), the unused cards change accordingly, the Locations of later rounds are reshuffled and the deal generator
    is replaced. ``seat`` None re-deals every hand."""
    hands = list(state.hands)
    pile = frozenset(state.pile_cards)
    for team in (0, 1):
        others = [p for p, t in enumerate(state.teams) if t == team and p != seat]
        if not others:
            continue
        own = frozenset(state.hands[seat]) if seat is not None and state.teams[seat] == team else frozenset()
        stops = tuple(c for c in STOP_IDS[team] if c not in pile and c not in own)
        pool = tuple(c for c in _NON_STOPS[team] if c not in pile and c not in own)
        sizes = [len(hands[p]) for p in others]
        drawn, rng = rng.shuffle(pool)
        cards, rng = rng.shuffle(drawn[:sum(sizes) - len(stops)] + stops)
        at = 0
        for p, size in zip(others, sizes):
            hands[p] = tuple(sorted(cards[at:at + size]))
            at += size
    seen = state.round + 1
    later, rng = rng.shuffle(state.location_order[seen:])
    new_rng = Rng(rng.next64()[0])
    return dataclasses.replace(state, hands=tuple(hands), location_order=state.location_order[:seen] + later,
                               rng=new_rng)


def describe_action(action: int) -> str:
    """Short human text of a tick input: "nothing" for 0, else "lay <card>". Raises IndexError for an input that
    names no card."""
    card = laid_card(action)
    if card is None:
        return _("nothing")
    return _("lay {card}").format(card=describe_card(card))
