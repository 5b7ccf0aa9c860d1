"""Grenade: the pure rules (shared/rules/grenade.md).

The table
---------
- The wheel: 8 places clockwise, ``wheel[place]`` is a spade rank ``1..7`` (1 = Ace) or ``JOKER`` (0). Shuffled from
  the state's generator at setup ("Setup"). ``blown[place]`` is True once that spade is blown up (turned face down).
- The grenades: three white dice, ``dice[i] = (place, pips)`` with ``pips`` in ``1..5`` between turns (6 explodes at
  once). All three start on the first spade laid, showing 1 ("Setup").
- Hearts: ``hearts[seat]`` is the seat's hidden identity, the rank(s) of the spade(s) they must keep alive (two each
  with two players, "Setup"); the hearts nobody was dealt are discarded unseen. ``revealed[seat]`` lists the hearts a
  seat has had to show because their spade was blown up.

Decisions taken where the rules file is silent (the file's own **decision** lines are followed as written)
------------------------------------------------------------------------------------------------------------------
- The black die is rolled automatically at the start of every turn, from the state's generator (a chance step, no
  action): ``roll`` holds the pips of the current turn and the event ``("roll", seat, pips)`` is recorded, so the
  table can show the roll before the player picks a grenade. The player's only action is which white die to move.
- "The first spade laid" is the first place of the wheel that holds a spade: if the Joker was laid first, the dice
  start on the place after it.
- "The next face-up spade clockwise" never means the Joker (it is not a spade): a reset skips it.
- Explosions, including chains, are resolved one card at a time, scanning clockwise from the place where the moved die
  stopped (for the Joker: from the Joker itself). A blown card sends every die on it (whatever its pips) back to 1 on
  the next face-up spade; a die sent onto a card that is about to explode is sent on again when that card explodes.
- In the 2-player game a heart is revealed when its spade is blown up (the lost life is public); the player is out when
  both are. At the end of the game every player's hearts are shown.
- When the last players are all eliminated by one move (two or more), the game is a draw between them.
- ``scores``: opponents outlasted, in points: each seat scores how many players were eliminated by an earlier move
  than the one that eliminated it (still-standing seats: how many are out so far). The winner scores ``players - 1``;
  a draw gives each drawing player the same score.
- Seven players: ``initial_state(seed, 7, seven=True)`` (``max_players`` is 6); then every spade is somebody's.
- History: every move is kept as ``Move(seat, roll, die, start, stop)`` in ``history``; it is public (everyone saw it)
  and lets a bot reason about who protects or attacks which spade.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Sequence

from arcade.core.canonical import state_checksum
from arcade.core.i18n import _
from arcade.core.protocols import IllegalAction
from arcade.core.rng import Rng

__all__ = [
    "JOKER", "PLACES", "DICE", "RANK_NAMES", "Throw", "Move", "GrenadeState", "GrenadeView", "GrenadeRules",
    "RULES", "advance_place", "next_spade", "resolve_throw", "spade_name", "describe_action",
    "sample_hidden", "state_from_view", "hearts_each",
]

JOKER = 0
"""The Joker's entry in ``wheel``."""
PLACES = 8
"""Places on the wheel: seven spades and the Joker."""
DICE = 3
"""White dice (grenades)."""
EXPLODE = 6
"""A white die that reaches this many pips explodes."""
RANK_NAMES = ("Joker", "A", "2", "3", "4", "5", "6", "7")


def hearts_each(players: int) -> int:
    """Hearts dealt to each seat ("Setup"): two each with two players, else one (public: a table draws that many
    backs for a seat whose hearts it may not show)."""
    return 2 if players == 2 else 1


def spade_name(rank: int) -> str:
    """``'A'``..``'7'`` for a spade or heart rank 1..7, ``'Joker'`` for 0."""
    return RANK_NAMES[rank]


@dataclass(frozen=True, slots=True)
class Throw:
    """The action: move white die ``die`` (0..2) as many places clockwise as the black die shows ("Turn", 2)."""

    die: int


@dataclass(frozen=True, slots=True)
class Move:
    """One past move, public: ``seat`` rolled ``roll`` and moved die ``die`` from place ``start`` to place ``stop``."""

    seat: int
    roll: int
    die: int
    start: int
    stop: int


@dataclass(frozen=True, slots=True)
class GrenadeState:
    """The whole game. Units: places 0..7 around the wheel, pips 1..6, seats 0..players-1.

    ``out_move[seat]`` is the number of the move (1-based, ``len(history)`` after it) that eliminated the seat, 0 while
    still in. ``winners`` is empty while the game runs, then the last player standing or the drawing players.
    ``events`` describes the last transition: ("deal", players), ("wheel", wheel), ("roll", seat, pips),
    ("move", seat, die, start, stop), ("raise", die, pips), ("raise_all",), ("explode", die, place),
    ("blown", place, rank), ("reset", die, place), ("reveal", seat, rank), ("out", seat), ("win", seat),
    ("draw", seats).
    """

    players: int
    wheel: tuple[int, ...]
    blown: tuple[bool, ...]
    dice: tuple[tuple[int, int], ...]
    hearts: tuple[tuple[int, ...], ...]
    revealed: tuple[tuple[int, ...], ...]
    out_move: tuple[int, ...]
    current: int
    roll: int
    history: tuple[Move, ...]
    winners: tuple[int, ...]
    rng: Rng
    events: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True, slots=True)
class GrenadeView:
    """What one seat sees (``seat`` None: a spectator). ``hearts`` holds only the viewer's own hearts (all seats'
    once the game is over; empty tuples for the others); everything else on the table is public."""

    seat: int | None
    players: int
    wheel: tuple[int, ...]
    blown: tuple[bool, ...]
    dice: tuple[tuple[int, int], ...]
    hearts: tuple[tuple[int, ...], ...]
    revealed: tuple[tuple[int, ...], ...]
    out_move: tuple[int, ...]
    current: int
    roll: int
    history: tuple[Move, ...]
    winners: tuple[int, ...]
    events: tuple[tuple[Any, ...], ...]


# --- the wheel ---------------------------------------------------------------------------------------------------


def advance_place(blown: Sequence[bool], place: int, steps: int) -> int:
    """The place ``steps`` places clockwise of ``place``, skipping blown-up cards ("Turn", 2; the Joker counts)."""
    for _ in range(steps):
        place = (place + 1) % PLACES
        while blown[place]:
            place = (place + 1) % PLACES
    return place


def next_spade(wheel: Sequence[int], blown: Sequence[bool], place: int) -> int:
    """The next face-up spade clockwise after ``place`` (never the Joker, never ``place`` itself unless it is the only
    one left). Returns ``place`` of the Joker if no spade is face up (only when everybody is out)."""
    for k in range(1, PLACES + 1):
        p = (place + k) % PLACES
        if not blown[p] and wheel[p] != JOKER:
            return p
    return wheel.index(JOKER)


def resolve_throw(wheel: Sequence[int], blown: Sequence[bool], dice: Sequence[tuple[int, int]], die: int, roll: int
                  ) -> tuple[tuple[bool, ...], tuple[tuple[int, int], ...], tuple[int, ...], tuple[tuple, ...]]:
    """Move white die ``die`` ``roll`` places, raise, explode ("Turn", 2-4).

    Returns ``(blown, dice, newly_blown_places_in_order, events)``. Pure; the inputs are not changed.
    """
    blown_l = list(blown)
    dice_l = [tuple(d) for d in dice]
    start, pips = dice_l[die]
    stop = advance_place(blown_l, start, roll)
    events: list[tuple] = []
    if wheel[stop] == JOKER:
        dice_l[die] = (stop, pips)
        dice_l = [(p, q + 1) for p, q in dice_l]
        events.append(("raise_all",))
    else:
        dice_l[die] = (stop, pips + 1)
        events.append(("raise", die, pips + 1))
    newly: list[int] = []
    while True:
        hot = None
        for k in range(PLACES):
            p = (stop + k) % PLACES
            if any(dp == p and dq >= EXPLODE for dp, dq in dice_l):
                hot = p
                break
        if hot is None:
            break
        if wheel[hot] == JOKER:  # the Joker is never blown up: only the dice at 6 on it go back to 1
            to = next_spade(wheel, blown_l, hot)
            for i, (dp, dq) in enumerate(dice_l):
                if dp == hot and dq >= EXPLODE:
                    events.append(("explode", i, hot))
                    dice_l[i] = (to, 1)
                    events.append(("reset", i, to))
            continue
        for i, (dp, dq) in enumerate(dice_l):
            if dp == hot and dq >= EXPLODE:
                events.append(("explode", i, hot))
        blown_l[hot] = True
        newly.append(hot)
        events.append(("blown", hot, wheel[hot]))
        to = next_spade(wheel, blown_l, hot)
        for i, (dp, dq) in enumerate(dice_l):
            if dp == hot:
                dice_l[i] = (to, 1)
                events.append(("reset", i, to))
    return tuple(blown_l), tuple(dice_l), tuple(newly), tuple(events)  # type: ignore[return-value]


def describe_action(action: Any) -> str:
    """Short human text of an action in the player's language, e.g. ``"move grenade 2"``."""
    if isinstance(action, Throw):
        return _("move grenade {n}").format(n=action.die + 1)
    return repr(action)


# --- the rules object ----------------------------------------------------------------------------------------------


class GrenadeRules:
    """``TurnRules`` of Grenade. ``min_players`` 2, ``max_players`` 6 (7 with ``seven=True``)."""

    id = "grenade"
    min_players = 2
    max_players = 6
    version = 1

    def initial_state(self, seed: int, players: int, **options: Any) -> GrenadeState:
        """Deal hearts, lay the wheel, put the dice on the first spade, choose the first player, roll ("Setup").

        Options: ``seven=True`` allows 7 players. Raises ValueError for a player count not allowed or an unknown
        option.
        """
        seven = bool(options.pop("seven", False))
        if options:
            raise ValueError(f"unknown options for grenade: {sorted(options)}")
        top = 7 if seven else self.max_players
        if not self.min_players <= players <= top:
            raise ValueError(f"grenade takes {self.min_players}-{top} players, not {players}")
        rng = Rng.from_seed(seed)
        deck, rng = rng.shuffle(range(1, 8))
        per = hearts_each(players)
        hearts = tuple(tuple(sorted(deck[i * per:(i + 1) * per])) for i in range(players))
        wheel, rng = rng.shuffle(range(0, 8))
        first = 1 if wheel[0] == JOKER else 0
        current, rng = rng.below(players)
        roll, rng = rng.below(6)
        roll += 1
        return GrenadeState(
            players=players, wheel=wheel, blown=(False,) * PLACES, dice=((first, 1),) * DICE, hearts=hearts,
            revealed=((),) * players, out_move=(0,) * players, current=current, roll=roll, history=(), winners=(),
            rng=rng, events=(("deal", players), ("wheel", wheel), ("roll", current, roll)))

    def is_over(self, s: GrenadeState) -> bool:
        """True once a winner or a draw is decided ("Elimination and winning")."""
        return bool(s.winners)

    def to_act(self, s: GrenadeState) -> frozenset[int]:
        """The current player, or nobody once the game is over."""
        return frozenset() if s.winners else frozenset((s.current,))

    def legal_actions(self, s: GrenadeState, seat: int) -> tuple[Throw, ...]:
        """Any of the three white dice, for the current player ("Turn", 2)."""
        if s.winners or seat != s.current:
            return ()
        return tuple(Throw(i) for i in range(DICE))

    def apply(self, s: GrenadeState, seat: int, a: Throw) -> GrenadeState:
        """Move the chosen die, explode, eliminate, then pass the turn and roll for the next player.

        Raises IllegalAction if the game is over, ``seat`` is not the current player or ``a`` is not a ``Throw``.
        """
        if s.winners or seat != s.current or not isinstance(a, Throw) or not 0 <= a.die < DICE:
            raise IllegalAction(f"{a!r} is not legal for seat {seat} now")
        start = s.dice[a.die][0]
        blown, dice, newly, ev = resolve_throw(s.wheel, s.blown, s.dice, a.die, s.roll)
        stop = advance_place(s.blown, start, s.roll)
        history = s.history + (Move(seat, s.roll, a.die, start, stop),)
        events: list[tuple] = [("move", seat, a.die, start, stop), *ev]
        n = len(history)
        revealed = list(s.revealed)
        out_move = list(s.out_move)
        for place in newly:
            rank = s.wheel[place]
            for who in range(s.players):
                if rank in s.hearts[who]:
                    revealed[who] = revealed[who] + (rank,)
                    events.append(("reveal", who, rank))
                    if out_move[who] == 0 and len(revealed[who]) == len(s.hearts[who]):
                        out_move[who] = n
                        events.append(("out", who))
        alive = [p for p in range(s.players) if out_move[p] == 0]
        winners: tuple[int, ...] = ()
        rng = s.rng
        current, roll = s.current, 0
        if len(alive) == 1:
            winners = (alive[0],)
            events.append(("win", alive[0]))
        elif not alive:
            winners = tuple(p for p in range(s.players) if out_move[p] == n)
            events.append(("draw", winners))
        else:
            current = next(p % s.players for p in range(seat + 1, seat + 1 + s.players) if out_move[p % s.players] == 0)
            roll, rng = rng.below(6)
            roll += 1
            events.append(("roll", current, roll))
        return GrenadeState(
            players=s.players, wheel=s.wheel, blown=blown, dice=dice, hearts=s.hearts, revealed=tuple(revealed),
            out_move=tuple(out_move), current=current, roll=roll, history=history, winners=winners, rng=rng,
            events=tuple(events))

    def view(self, s: GrenadeState, seat: int | None) -> GrenadeView:
        """The table as ``seat`` sees it: its own hearts only (everyone's once the game is over)."""
        if s.winners:
            hearts = s.hearts
        else:
            hearts = tuple(h if p == seat else () for p, h in enumerate(s.hearts))
        return GrenadeView(
            seat=seat, players=s.players, wheel=s.wheel, blown=s.blown, dice=s.dice, hearts=hearts,
            revealed=s.revealed, out_move=s.out_move, current=s.current, roll=s.roll, history=s.history,
            winners=s.winners, events=s.events)

    def scores(self, s: GrenadeState) -> tuple[int, ...]:
        """Opponents outlasted per seat (points): players eliminated by an earlier move than this seat's elimination."""
        outs = [m for m in s.out_move if m]
        result = []
        for p in range(s.players):
            m = s.out_move[p]
            result.append(sum(1 for x in outs if x < m) if m else len(outs))
        return tuple(result)

    def encode_action(self, a: Throw) -> int:
        """``Throw(die)`` -> ``die``. Raises IllegalAction for anything else."""
        if not isinstance(a, Throw) or not 0 <= a.die < DICE:
            raise IllegalAction(f"not a grenade action: {a!r}")
        return a.die

    def decode_action(self, n: int) -> Throw:
        """Inverse of ``encode_action``. Raises IllegalAction for an int that names no action."""
        if not isinstance(n, int) or not 0 <= n < DICE:
            raise IllegalAction(f"no grenade action {n!r}")
        return Throw(n)

    def checksum(self, s: GrenadeState) -> int:
        """64-bit checksum of the canonical encoding (``base.state_checksum``)."""
        return state_checksum(s)

    def state_from_view(self, view: GrenadeView, rng: Rng) -> GrenadeState:
        """A stand-in full state showing ``view`` to its seat (see the module's ``state_from_view``)."""
        return state_from_view(view, rng)

    def action_is_public(self, s: GrenadeState, seat: int, a: Throw) -> bool:
        """Every move is public ("Turn": the grenade moves in everyone's sight): True."""
        return True


RULES = GrenadeRules()


def sample_hidden(state: GrenadeState, seat: int | None, rng: Rng) -> GrenadeState:
    """Re-deal the hearts ``seat`` cannot see: the unrevealed hearts of the other seats and the discarded ones are
    shuffled among themselves, consistently with every reveal so far (a heart whose spade is blown but that nobody
    revealed stays a discard). Everything ``view(state, seat)`` shows is unchanged."""
    if state.winners:
        return state
    per = hearts_each(state.players)
    known: list[int] = list(state.hearts[seat]) if seat is not None else []
    for r in state.revealed:
        known.extend(r)
    blown_ranks = {state.wheel[p] for p in range(PLACES) if state.blown[p]}
    # unknown hearts that may go to a seat: not known, and not on a blown spade (a blown unrevealed spade is a decoy)
    free = [r for r in range(1, 8) if r not in known and r not in blown_ranks]
    pool, _ = rng.shuffle(free)
    pool = list(pool)
    hearts = []
    for p in range(state.players):
        if p == seat:
            hearts.append(state.hearts[p])
            continue
        mine = list(state.revealed[p])
        while len(mine) < per:
            mine.append(pool.pop())
        hearts.append(tuple(sorted(mine)))
    return replace(state, hearts=tuple(hearts))


def state_from_view(view: GrenadeView, rng: Rng) -> GrenadeState:
    """A full state whose ``view`` for ``view.seat`` (a seat or None, a spectator) is ``view``: the table as shown,
    the hearts the view does not show dealt by ``sample_hidden`` with ``rng`` (consistent with every reveal; a
    finished game shows every heart). ``rng`` is also the state's generator: the true one, which rolls the black
    die, is hidden."""
    blank = GrenadeState(
        players=view.players, wheel=view.wheel, blown=view.blown, dice=view.dice, hearts=view.hearts,
        revealed=view.revealed, out_move=view.out_move, current=view.current, roll=view.roll, history=view.history,
        winners=view.winners, rng=rng, events=view.events)
    return sample_hidden(blank, view.seat, rng)
