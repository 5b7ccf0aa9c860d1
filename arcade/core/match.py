"""A match: the tick simulation of one game, the input log, and one controller per seat.

Local play, attract mode, LAN play and replays differ only in who fills the seats: a keyboard zone, gamepad or the
mouse (the table scene's UI submits that seat's input), a bot (``BotSeat``), another machine (``RemoteSeat``: the
match's ``remote`` controller, a netplay session, fills those seats and advances the match), or a replay
(``replay_tick``). There is one ``Match`` class for all of them. No pygame here.

Seat SPEC (command line ``--seats``): a comma-separated list, one entry a seat: ``human`` (next free keyboard zone),
``human:ZONE`` (wasd, arrows, ijkl, numpad, or 1-4), ``pad:N``, ``bot``, ``bot:LEVEL`` (easy, normal, hard),
``remote`` (a LAN peer fills it). In Grisbi an entry may end in ``@robbers`` or ``@police`` (``bot@police``,
``human:wasd@robbers``): the seat's team (``seat_teams``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from arcade.core.results import result_label
from arcade.games import REGISTRY, SPECS, is_turn_based, simulation_for
from arcade.games.bots import LEVELS, BotSeat
from arcade.games.rng import seed_mix

__all__ = ["SeatSpec", "RemoteSeat", "SpecError", "parse_seats", "Match", "allowed_counts", "options_for_count",
           "seat_teams"]


class SpecError(ValueError):
    """A seat SPEC that cannot be understood; the message is one line for the command line."""


#: The four keyboard zones a human seat can use (their keys: the client's input bindings).
ZONES = ("wasd", "arrows", "ijkl", "numpad")


@dataclass(frozen=True)
class SeatSpec:
    """Who fills a seat. ``kind``: "human" (keyboard zone, gamepad or mouse in ``device``), "bot" (with ``level``),
    "remote". ``name``: the player's name when known (LAN play), "" otherwise."""

    kind: str
    device: str = ""
    level: str = "normal"
    team: str = ""  # a team game's team chosen for this seat ("robbers", "police"), "" = the game's default
    name: str = ""

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


@dataclass(frozen=True)
class RemoteSeat(SeatSpec):
    """A seat another machine plays (LAN): ``kind`` "remote" (``name``: its player's) or "bot" (that machine's bot;
    this machine never runs a bot for it). The match's ``remote`` controller fills it."""

    @property
    def label(self) -> str:
        return "on the LAN"  # the table names the seat after its player (``Match.seat_name``)


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


class Match:
    """The simulation of one game plus its seats and input log: local, attract, LAN and replays alike.

    ``tick()`` gathers one input per seat (``seat_input``: bots decide from their seat's view; humans' inputs come
    from ``submit``), advances the simulation by one tick and appends the inputs to ``input_log``.
    ``bot_think_ticks`` paces turn-based bots (ticks a bot waits before acting); ``bot_ahead``, if given, lets them
    decide while they wait (``BotSeat``'s ``ahead``: a window's worker thread). ``bot_player(seat, level, seed)``,
    for a real-time game, makes the player each bot seat uses instead of the game's ``Bot`` (a tutorial's scripted
    player; see ``BotSeat``).

    LAN play: ``remote`` is the controller of the seats other machines play (``RemoteSeat``), a netplay session
    seen through ``arcade.client.lan.RemoteSeats``. Then ``tick()`` lets it update once: the session asks this
    machine's seats for their inputs (``seat_input``, ``input_delay`` ticks ahead), receives the others', and asks
    for the ticks that are due by the clock (not by the table), the saves and the rollbacks, which the controller
    carries out on ``sim`` (``netplay.requests``). ``sim`` may be given (a turn game's LAN table: the host's referee
    or a joiner's views, ``arcade.core.turnnet``); ``input_log`` is the confirmed log; the match ends when every
    machine stopped at the same frame (``ended``: the ``MatchEnded``). ``seed`` is None for a turn game's joiner
    before the end (the host keeps it secret until the reveal).
    """

    def __init__(self, game_id: str, seats: Sequence[SeatSpec], seed: int | None, bot_think_ticks: int = 40, *,
                 bot_player: Callable[[int, str, int], Any] | None = None, sim: Any = None, remote: Any = None,
                 bot_ahead: Callable[[Callable[[], Any]], Callable[[], Any]] | None = None, **options: Any) -> None:
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
        self.bot_ahead = bot_ahead
        self.remote = remote
        self.sim = sim if sim is not None else simulation_for(self.rules, seed, len(self.seats), **options)
        self.bots: dict[int, BotSeat] = {}
        for i, s in enumerate(self.seats):
            if s.kind == "bot" and not isinstance(s, RemoteSeat):
                self.add_bot(i, s.level)
        self.pending: dict[int, int] = {}
        self.awaiting: dict[int, int] = {}  # LAN turn game: seat -> tick of its action not simulated yet
        self._input_log: list[tuple[int, ...]] = []
        self.last_inputs: tuple[int, ...] = ()
        self.recorder = None  # a ReplayWriter, when the match is recorded (LAN: the remote controller records)
        self.ended: Any = None  # LAN: the session's MatchEnded once every machine stopped
        if remote is not None:
            remote.attach(self)

    # --- seats
    @property
    def state(self) -> Any:
        """The game state now (a LAN match's: possibly predicted; a turn game joiner's: its stand-in state)."""
        return self.sim.state

    def views(self, seats: Iterable[int | None]) -> dict[int | None, Any]:
        """What each of ``seats`` may see now (None: the public view), from whoever holds the state: the rules'
        ``view`` of this match's state, or a simulation that holds only views (a LAN turn game's joiner:
        ``PeerViewSim.seat_view``). A table draws from these, never from ``state``."""
        answer = getattr(self.sim, "seat_view", None)
        if answer is not None:
            return {s: answer(s) for s in seats}
        state = self.sim.state
        return {s: self.rules.view(state, s) for s in seats}

    @property
    def tick_count(self) -> int:
        """Ticks simulated so far."""
        return self.sim.tick

    @property
    def ready(self) -> bool:
        """The table can be drawn: a LAN turn game's joiner has its first view (always True otherwise)."""
        return getattr(self.sim, "ready", True)

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def seat_of_device(self, device: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.device == device:
                return i
        return None

    def seat_name(self, seat: int) -> str:
        """The one way a seat is named everywhere (table, results, replays): the player's name when there is one
        (LAN; seats of the same kind sharing a name are numbered: "Ada 1", "Ada 2"), else "Player N" for a person
        and "Bot N" for a bot (N from 1)."""
        spec = self.seats[seat]
        if spec.name:
            same = [i for i, sp in enumerate(self.seats) if sp.kind == spec.kind and sp.name == spec.name]
            return spec.name if len(same) == 1 else f"{spec.name} {same.index(seat) + 1}"
        return f"{'Bot' if spec.kind == 'bot' else 'Player'} {seat + 1}"

    def result_label(self) -> str:
        """Who won, in words ("Robbers won", "Player 2 won", "Draw: ..."); see ``arcade.core.results``."""
        names = [self.seat_name(s) for s in range(len(self.seats))]
        return result_label(self.rules, self.state, names, SPECS[self.game_id].teams)

    def seat_specs(self) -> list[str]:
        """The seats as SPEC entries (for replay headers)."""
        return [s.spec for s in self.seats]

    def add_bot(self, seat: int, level: str, think_ticks: int | None = None) -> BotSeat:
        """A bot of ``level`` plays ``seat`` on this machine from now on. Its generator: the match seed (local), or
        mixed from the remote controller's ``bot_seed`` and the seat (LAN: a joiner does not know the seed)."""
        seed = self.seed if self.remote is None else seed_mix(self.remote.bot_seed, seat, 0x4C414E)
        player = self.bot_player(seat, level, seed) if self.bot_player is not None else None
        bot = self.bots[seat] = BotSeat(self.game_id, seat, level, seed, player=player, ahead=self.bot_ahead,
                                        think_ticks=self.bot_think_ticks if think_ticks is None else think_ticks)
        return bot

    def replace_with_bot(self, seat: int, level: str = "normal") -> None:
        """A bot takes one of this machine's seats over (a player who left; locally also any seat)."""
        if self.remote is not None:
            if self.seats[seat].kind != "human":
                return
            self.seats[seat] = SeatSpec("bot", level=level)
            self.add_bot(seat, level)
            return
        self.seats[seat] = SeatSpec("bot", level=level)
        self.bots[seat] = BotSeat(self.game_id, seat, level, self.seed, think_ticks=10, ahead=self.bot_ahead)

    def drop_to_bot(self, seat: int, level: str = "normal") -> BotSeat:
        """LAN host: a bot plays a seat whose player was dropped."""
        self.seats[seat] = SeatSpec("bot", level=level)
        return self.add_bot(seat, level)

    # --- inputs
    def submit(self, seat: int, tick_input: int) -> None:
        """A human seat's input for the next tick (the last one submitted before the tick wins). LAN: only this
        machine's humans; a turn game's seat whose last action is not simulated yet (input delay) sends nothing
        more."""
        if self.remote is not None:
            if self.seats[seat].kind != "human":
                return
            t = self.awaiting.get(seat)
            if t is not None:
                if self.sim.tick <= t:
                    return
                del self.awaiting[seat]
        self.pending[seat] = tick_input

    def submit_action(self, seat: int, action: Any) -> None:
        """A turn-based action for the next tick."""
        self.submit(seat, self.rules.encode_action(action) + 1)

    def seat_input(self, seat: int, tick: int) -> int:
        """This machine's input for ``seat`` at ``tick`` (0 = nothing): a human's last submitted input, a bot's
        choice from its seat's view (a LAN turn game joiner's: its seat's stand-in state). A seat another machine
        plays gives 0 locally; on a LAN host, a dropped player's seat asked for is played by a bot from then on."""
        bot = self.bots.get(seat)
        if bot is None:
            if self.seats[seat].kind == "human":
                v = self.pending.pop(seat, 0)
                if v and self.turn_based and self.remote is not None:
                    self.awaiting[seat] = tick
                return v
            if self.remote is None:
                return 0
            bot = self.drop_to_bot(seat, self.remote.bot_level)
        sim = self.sim
        state = sim.state_for(seat) if hasattr(sim, "state_for") else sim.state
        return 0 if state is None else bot.input(state, tick)

    def gather_inputs(self) -> tuple[int, ...]:
        tick = self.sim.tick
        inputs = tuple(self.seat_input(i, tick) for i in range(len(self.seats)))
        self.pending.clear()
        return inputs

    @property
    def input_log(self) -> list[tuple[int, ...]]:
        """The inputs of every tick so far, one per seat (LAN: the confirmed ones)."""
        return self.remote.input_log() if self.remote is not None else self._input_log

    # --- time
    def tick(self) -> tuple[int, ...]:
        """Advance one tick; returns the inputs used. LAN: the remote controller updates once (the session
        simulates whatever ticks are due) and the last confirmed inputs are returned."""
        if self.remote is not None:
            self.remote.pump()
            return self.last_inputs
        return self._advance(self.gather_inputs())

    def replay_tick(self, inputs: Sequence[int]) -> None:
        """Advance with recorded inputs (resuming a match): bots still look at every tick, so their pacing and
        memory come back exactly as they were, but their choices are replaced by the recorded ones."""
        self.gather_inputs()
        self._advance(tuple(inputs))

    def idle_tick(self) -> None:
        """Advance one tick in which nobody acts (a table holding the match while an animation plays); the bots are
        not asked, and human inputs submitted meanwhile are dropped. A finished match does not move. A LAN match is
        never held: the session goes on (as ``tick``)."""
        if self.remote is not None:
            self.remote.pump()
            return
        self.pending.clear()
        if not self.sim.is_over():
            self._advance((0,) * len(self.seats))

    def _advance(self, inputs: tuple[int, ...]) -> tuple[int, ...]:
        self.sim.advance(inputs)
        self._input_log.append(inputs)
        self.last_inputs = inputs
        rec = self.recorder
        if rec is not None:
            rec.record(inputs, self.sim)
            if self.sim.is_over():
                rec.finish(self.sim, self.rules.scores(self.sim.state), self.result_label())
        return inputs

    def close_recording(self, abandoned: bool = False) -> None:
        """Stop recording: an abandoned match is marked so; otherwise the file stays resumable."""
        if self.remote is not None:
            self.remote.close_recording(abandoned)
            return
        rec = self.recorder
        if rec is None:
            return
        if abandoned and not self.sim.is_over():
            rec.abandon(self.sim)
        else:
            rec.close()
        self.recorder = None

    def is_over(self) -> bool:
        """The game is over (LAN: every machine has stopped at the same confirmed frame, game over or ended by the
        host)."""
        return self.remote.is_over() if self.remote is not None else self.sim.is_over()

    def checksum(self) -> int:
        """The simulation's checksum; a LAN turn game once ended: the end's (a joiner's: its re-simulation of the
        revealed deal, equal to the host's when the deal is verified)."""
        return self.remote.checksum() if self.remote is not None else self.sim.checksum()

    def restart(self) -> None:
        """Start again from the first tick with the same seed and seats (a LAN match restarts through the lobby, a
        rematch, never on its own)."""
        if self.remote is not None:
            return
        self.close_recording(abandoned=True)
        self.__init__(self.game_id, self.seats, self.seed, self.bot_think_ticks,  # type: ignore[misc]
                      bot_player=self.bot_player, bot_ahead=self.bot_ahead, **self.options)
