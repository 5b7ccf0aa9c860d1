"""A match: the tick simulation of one game, the input log, and one controller per seat.

Local play, attract mode, LAN play and replays differ only in who fills the seats: a keyboard zone or gamepad (the
table scene's UI submits that seat's input), a bot (``BotSeat``), a remote peer, or a replay. No pygame here.

Seat SPEC (command line ``--seats``): a comma-separated list, one entry a seat: ``human`` (next free keyboard zone),
``human:ZONE`` (wasd, arrows, ijkl, numpad, or 1-4), ``pad:N``, ``bot``, ``bot:LEVEL`` (easy, normal, hard),
``remote`` (a LAN peer fills it). In Grisbi an entry may end in ``@robbers`` or ``@police`` (``bot@police``,
``human:wasd@robbers``): the seat's team (``seat_teams``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from arcade.core.results import result_label
from arcade.games import REGISTRY, SPECS, is_turn_based, simulation_for
from arcade.games.bots import LEVELS, BotSeat

__all__ = ["SeatSpec", "SpecError", "parse_seats", "Match", "allowed_counts", "options_for_count", "seat_teams"]


class SpecError(ValueError):
    """A seat SPEC that cannot be understood; the message is one line for the command line."""


#: The four keyboard zones a human seat can use (their keys: the client's input bindings).
ZONES = ("wasd", "arrows", "ijkl", "numpad")


@dataclass(frozen=True)
class SeatSpec:
    """Who fills a seat. ``kind``: "human" (keyboard zone or gamepad in ``device``), "bot" (with ``level``),
    "remote"."""

    kind: str
    device: str = ""
    level: str = "normal"
    team: str = ""  # a team game's team chosen for this seat ("robbers", "police"), "" = the game's default

    @property
    def spec(self) -> str:
        """This seat as a SPEC entry: ``bot:LEVEL``, ``remote``, ``pad:N`` or ``human:ZONE``, with ``@TEAM`` when a
        team was chosen."""
        at = f"@{self.team}" if self.team else ""
        if self.kind == "bot":
            return f"bot:{self.level}{at}"
        if self.kind == "remote":
            return "remote" + at
        if self.device == "mouse":
            return "mouse" + at
        return (f"pad:{self.device[3:]}" if self.device.startswith("pad") else f"human:{self.device}") + at

    @property
    def label(self) -> str:
        if self.kind == "bot":
            return f"Bot ({self.level})"
        if self.kind == "remote":
            return "Remote player"
        if self.device.startswith("pad"):
            return f"Gamepad {int(self.device[3:]) + 1}"
        return {"wasd": "WASD keys", "arrows": "Arrow keys", "ijkl": "IJKL keys", "numpad": "Numpad",
                "mouse": "Mouse"}.get(
            self.device, self.device)


class SeatsMixin:
    """What ``Match`` and the LAN match share about seats (``self.seats``: a ``SeatSpec`` per seat, ``self.rules``)."""

    seats: list[SeatSpec]

    @property
    def state(self) -> Any:
        """The game state now (``self.sim``'s: a local simulation, or the LAN session's)."""
        return self.sim.state

    @property
    def tick_count(self) -> int:
        """Ticks simulated so far."""
        return self.sim.tick

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def seat_of_device(self, device: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.device == device:
                return i
        return None

    def submit_action(self, seat: int, action: Any) -> None:
        """A turn-based action for the next tick."""
        self.submit(seat, self.rules.encode_action(action) + 1)  # type: ignore[attr-defined]

    def seat_name(self, seat: int) -> str:
        """The one way a seat is named everywhere (table, results, replays): the player's name when there is one
        (LAN), else "Player N" for a person and "Bot N" for a bot (N from 1)."""
        spec = self.seats[seat]
        name = getattr(spec, "name", "")
        if name:
            return name
        return f"{'Bot' if spec.kind == 'bot' else 'Player'} {seat + 1}"

    def result_label(self) -> str:
        """Who won, in words ("Robbers won", "Player 2 won", "Draw: ..."); see ``arcade.core.results``."""
        names = [self.seat_name(s) for s in range(len(self.seats))]
        return result_label(self.rules, self.state, names, SPECS[self.game_id].teams)

    def seat_specs(self) -> list[str]:
        """The seats as SPEC entries (for replay headers)."""
        return [s.spec for s in self.seats]


def allowed_counts(game_id: str) -> list[int]:
    """Player counts a game may be played with, from its ``GameSpec`` (Cops & Robbers: 4 or 6; Grenade: 2-6, and 7
    as an option). Raises KeyError for an unknown game."""
    return list(SPECS[game_id].player_counts)


def options_for_count(game_id: str, players: int) -> dict[str, Any]:
    """Options a player count implies, from its ``GameSpec`` (7-player Grenade is the ``seven`` option)."""
    return SPECS[game_id].options_for_count(players)


def seat_teams(game_id: str, seats: Sequence[SeatSpec]) -> dict[str, Any]:
    """The ``teams`` option the seats' chosen teams give (``SeatSpec.team``, e.g. ``bot@police``): {} when no seat
    chose, else ``{"teams": "robbers,police,..."}`` (one team a seat, comma-separated: a replay header's options are
    plain values) with the game's default (alternating, first team first) for seats
    that did not choose. Only Grisbi's teams are chosen at the table (rules/grisbi.md, Corrections: "one team may
    have a member more"). Raises SpecError for a team in a game without chosen teams, an unknown team, or teams
    that differ by more than one player or leave a team empty."""
    if not any(s.team for s in seats):
        return {}
    names = tuple(t.lower() for t in SPECS[game_id].teams)
    if game_id != "grisbi" or not names:
        raise SpecError(f"{SPECS[game_id].name} has no teams to choose (@TEAM)")
    for s in seats:
        if s.team and s.team not in names:
            raise SpecError(f"unknown team {s.team!r} ({' or '.join(names)})")
    teams = tuple(s.team or names[i % 2] for i, s in enumerate(seats))
    sizes = [teams.count(t) for t in names]
    if min(sizes) < 1 or max(sizes) - min(sizes) > 1:
        raise SpecError(f"teams of {' and '.join(map(str, sizes))}: one team may have one player more, no more")
    return {"teams": ",".join(teams)}


def parse_seats(spec: str, players_min: int = 1, players_max: int = 8) -> list[SeatSpec]:
    """Parse a seat SPEC. An entry may end in ``@TEAM`` (a team game's team: ``bot@police``,
    ``human:wasd@robbers``; see ``seat_teams``). Raises SpecError with a one-line reason."""
    entries = [e.strip().lower() for e in spec.split(",")] if spec.strip() else []
    if not players_min <= len(entries) <= players_max:
        takes = f"{players_min}" if players_min == players_max else f"{players_min} to {players_max}"
        raise SpecError(f"this game takes {takes} seats, the SPEC names {len(entries)}")
    seats: list[SeatSpec] = []
    free_zones = list(ZONES)
    for e in entries:
        e, at, team = e.partition("@")
        if at and not team.isalpha():
            raise SpecError(f"a team after @ is a word, e.g. bot@police: {e + at + team!r}")
        n_before = len(seats)
        kind, _, arg = e.partition(":")
        if kind == "human" and arg.startswith("pad"):
            kind, arg = "pad", arg[3:]
        if kind == "human":
            if not arg:
                zone = next((z for z in free_zones), None)
                if zone is None:
                    raise SpecError("more keyboard humans than keyboard zones (4); use pad:N for more")
            else:
                zone = ZONES[int(arg) - 1] if arg.isdigit() and 1 <= int(arg) <= 4 else arg
                if zone not in ZONES:
                    raise SpecError(f"unknown keyboard zone {arg!r} (wasd, arrows, ijkl, numpad or 1-4)")
                if zone not in free_zones:
                    raise SpecError(f"keyboard zone {zone!r} is given to two seats")
            free_zones.remove(zone)
            seats.append(SeatSpec("human", zone))
        elif kind == "pad":
            if not arg.isdigit():
                raise SpecError(f"pad needs a number: {e!r} (e.g. pad:0)")
            seats.append(SeatSpec("human", f"pad{int(arg)}"))
        elif kind == "bot":
            level = arg or "normal"
            if level not in LEVELS:
                raise SpecError(f"unknown bot level {arg!r} (easy, normal, hard)")
            seats.append(SeatSpec("bot", level=level))
        elif kind == "remote" and not arg:
            seats.append(SeatSpec("remote"))
        elif kind == "mouse" and not arg:
            if any(s.device == "mouse" for s in seats):
                raise SpecError("the mouse is given to two seats")
            seats.append(SeatSpec("human", "mouse"))
        else:
            raise SpecError(f"unknown seat {e!r} (human, human:ZONE, pad:N, mouse, bot, bot:LEVEL, remote)")
        if team and len(seats) > n_before:
            seats[-1] = dataclasses.replace(seats[-1], team=team)
    return seats


class Match(SeatsMixin):
    """The simulation of one game plus its seats and input log.

    ``tick()`` gathers one input per seat (bots decide from their view; humans' inputs come from ``submit``),
    advances the simulation by one tick and appends the inputs to ``input_log``. ``bot_think_ticks`` paces turn-based
    bots (ticks a bot waits before acting). ``bot_player(seat, level, seed)``, for a real-time game, makes the
    player each bot seat uses instead of the game's ``Bot`` (a tutorial's scripted player; see ``BotSeat``).
    """

    def __init__(self, game_id: str, seats: Sequence[SeatSpec], seed: int, bot_think_ticks: int = 40, *,
                 bot_player: Callable[[int, str, int], Any] | None = None, **options: Any) -> None:
        if game_id not in REGISTRY:
            raise KeyError(f"unknown game {game_id!r}")
        self.game_id = game_id
        self.rules = REGISTRY[game_id]
        self.turn_based = is_turn_based(self.rules)
        self.seats = list(seats)
        self.seed = seed
        self.options = options
        self.bot_think_ticks = bot_think_ticks
        self.bot_player = bot_player
        self.sim = simulation_for(self.rules, seed, len(self.seats), **options)
        self.initial = self.sim.save()
        self.bots: dict[int, BotSeat] = {
            i: BotSeat(game_id, i, s.level, seed, think_ticks=bot_think_ticks,
                       player=bot_player(i, s.level, seed) if bot_player is not None else None)
            for i, s in enumerate(self.seats) if s.kind == "bot"}
        self.pending: dict[int, int] = {}
        self.input_log: list[tuple[int, ...]] = []
        self.last_inputs: tuple[int, ...] = ()
        self.recorder = None  # a ReplayWriter, when the match is recorded

    def submit(self, seat: int, tick_input: int) -> None:
        """A human seat's input for the next tick (the last one submitted before the tick wins)."""
        self.pending[seat] = tick_input

    def replace_with_bot(self, seat: int, level: str = "normal") -> None:
        """A bot takes a seat over (a dropped peer, a player who left)."""
        self.seats[seat] = SeatSpec("bot", level=level)
        self.bots[seat] = BotSeat(self.game_id, seat, level, self.seed, think_ticks=10)

    def gather_inputs(self) -> tuple[int, ...]:
        state = self.sim.state
        tick = self.sim.tick
        inputs = []
        for i in range(len(self.seats)):
            bot = self.bots.get(i)
            inputs.append(bot.input(state, tick) if bot is not None else self.pending.get(i, 0))
        self.pending.clear()
        return tuple(inputs)

    def tick(self) -> tuple[int, ...]:
        """Advance one tick; returns the inputs used."""
        return self._advance(self.gather_inputs())

    def replay_tick(self, inputs: Sequence[int]) -> None:
        """Advance with recorded inputs (resuming a match): bots still look at every tick, so their pacing and
        memory come back exactly as they were, but their choices are replaced by the recorded ones."""
        self.gather_inputs()
        self._advance(tuple(inputs))

    def idle_tick(self) -> None:
        """Advance one tick in which nobody acts (a table holding the match while an animation plays); the bots are
        not asked, and human inputs submitted meanwhile are dropped. A finished match does not move."""
        self.pending.clear()
        if not self.sim.is_over():
            self._advance((0,) * len(self.seats))

    def _advance(self, inputs: tuple[int, ...]) -> tuple[int, ...]:
        self.sim.advance(inputs)
        self.input_log.append(inputs)
        self.last_inputs = inputs
        rec = self.recorder
        if rec is not None:
            rec.record(inputs, self.sim)
            if self.sim.is_over():
                rec.finish(self.sim, self.rules.scores(self.sim.state), self.result_label())
        return inputs

    def close_recording(self, abandoned: bool = False) -> None:
        """Stop recording: an abandoned match is marked so; otherwise the file stays resumable."""
        rec = self.recorder
        if rec is None:
            return
        if abandoned and not self.sim.is_over():
            rec.abandon(self.sim)
        else:
            rec.close()
        self.recorder = None

    def is_over(self) -> bool:
        return self.sim.is_over()

    def checksum(self) -> int:
        return self.sim.checksum()

    def restart(self) -> None:
        """Start again from the first tick with the same seed and seats."""
        self.close_recording(abandoned=True)
        self.__init__(self.game_id, self.seats, self.seed, self.bot_think_ticks,  # type: ignore[misc]
                      bot_player=self.bot_player, **self.options)
