"""A match: the tick simulation of one game, the input log, and one controller per seat.

Local play, attract mode, LAN play and replays differ only in who fills the seats: a keyboard zone, gamepad or the
mouse (the table scene's UI submits that seat's input), a bot (``BotSeat``), another machine (``RemoteSeat``: the
match's seat controller, a netplay session behind ``arcade.client.netseats.NetSeats``, fills those seats and advances
the match), or a replay (``replay_tick``). There is one ``Match`` class for all of them, and it never asks which
controller it has (``LocalSeats`` is the local one). No pygame here.

Seat SPEC (command line ``--seats``): a comma-separated list, one entry a seat: ``human`` (next free keyboard zone),
``human:ZONE`` (wasd, arrows, ijkl, numpad, or 1-4), ``pad:N``, ``bot``, ``bot:LEVEL`` (easy, normal, hard),
``remote`` (a LAN peer fills it). In a game whose teams are chosen at the table (``GameSpec.teams_chosen``: Grisbi) an
entry may end in ``@TEAM`` (``bot@police``, ``human:wasd@robbers``): the seat's team (``seat_teams``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from arcade.core.i18n import N_, _
from arcade.core.results import result_label, seat_name_words
from arcade.core.bots import LEVELS, BotSeat
from arcade.core.registry import definition_of
from arcade.core.simulation import action_input, simulation_for

__all__ = ["SeatSpec", "RemoteSeat", "SpecError", "parse_seats", "Match", "LocalSeats", "allowed_counts",
           "options_for_count", "seat_teams"]


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
        """Who fills the seat, in the player's language: "Bot (hard)", "Remote player", "Gamepad 1", "WASD keys",
        "Mouse"."""
        if self.kind == "bot":
            return _(BOT_LEVELS.get(self.level, self.level))
        if self.kind == "remote":
            return _("Remote player")
        if self.device.startswith("pad"):
            return _("Gamepad {n}").format(n=int(self.device[3:]) + 1)
        return _(DEVICE_NAMES.get(self.device, self.device))


BOT_LEVELS = {"easy": N_("Bot (easy)"), "normal": N_("Bot (normal)"), "hard": N_("Bot (hard)")}
"""A bot seat as seat setup names it, by level (translated when shown)."""
DEVICE_NAMES = {"wasd": N_("WASD keys"), "arrows": N_("Arrow keys"), "ijkl": N_("IJKL keys"), "numpad": N_("Numpad"),
                "mouse": N_("Mouse")}
"""A keyboard zone or the mouse as a seat's device, named for players (translated when shown)."""


@dataclass(frozen=True)
class RemoteSeat(SeatSpec):
    """A seat another machine plays (LAN): ``kind`` "remote" (``name``: its player's) or "bot" (that machine's bot;
    this machine never runs a bot for it). The match's network seat controller fills it."""

    @property
    def label(self) -> str:
        return _("on the LAN")  # the table names the seat after its player (``Match.seat_name``)


def allowed_counts(game_id: str) -> list[int]:
    """Player counts a game may be played with, from its ``GameSpec`` (Cops & Robbers: 4 or 6; Grenade: 2-6, and 7
    as an option). Raises KeyError for an unknown game."""
    return list(definition_of(game_id).spec.player_counts)


def options_for_count(game_id: str, players: int) -> dict[str, Any]:
    """Options a player count implies, from its ``GameSpec`` (7-player Grenade is the ``seven`` option)."""
    return definition_of(game_id).spec.options_for_count(players)


def seat_teams(game_id: str, seats: Sequence[SeatSpec]) -> dict[str, Any]:
    """The ``teams`` option the seats' chosen teams give (``SeatSpec.team``, e.g. ``bot@police``): {} when no seat
    chose, else ``{"teams": "robbers,police,..."}`` (one team a seat, comma-separated: a replay header's options are
    plain values) with the game's default (alternating, first team first) for seats
    that did not choose. Only a game whose spec says its teams are chosen at the table (``GameSpec.teams_chosen``:
    Grisbi, rules/grisbi.md, Corrections: "one team may have a member more") takes them. Raises SpecError for a team
    in a game without chosen teams, an unknown team, or teams that differ by more than one player or leave a team
    empty."""
    if not any(s.team for s in seats):
        return {}
    spec = definition_of(game_id).spec
    names = tuple(t.lower() for t in spec.teams)
    if not spec.teams_chosen:
        raise SpecError(f"{spec.name} has no teams to choose (@TEAM)")
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


class LocalSeats:
    """The seat controller of a match played on this machine alone (local play, attract mode, tutorials): the match
    advances itself, one tick per ``Match.tick``, with the inputs its seats give, keeps its own input log and
    records itself. A match played with other machines has another controller (``arcade.client.netseats.NetSeats``:
    a netplay session advances it); ``Match`` asks its controller and never which kind it has."""

    restartable = True
    bot_level = "normal"

    def attach(self, match: "Match") -> None:
        self.match = match

    def bot_seed(self, seat: int) -> int | None:
        """The generator seed of a bot at ``seat``: the match seed (every bot draws from it with its seat)."""
        return self.match.seed

    def accepts(self, seat: int) -> bool:
        """Whether a human input for ``seat`` submitted now is taken (always, locally)."""
        return True

    def played(self, seat: int, tick: int, tick_input: int) -> None:
        """A human seat's input was taken for ``tick``."""

    def unplayed(self, seat: int, tick: int) -> int:
        """The input of a seat nobody plays here (no human, no bot): nothing."""
        return 0

    def pump(self) -> tuple[int, ...]:
        m = self.match
        return m.advance(m.gather_inputs())

    def idle(self) -> None:
        m = self.match
        m.pending.clear()
        if not m.sim.is_over():
            m.advance((0,) * len(m.seats))

    def input_log(self) -> list[tuple[int, ...]]:
        return self.match.own_log

    def is_over(self) -> bool:
        return self.match.sim.is_over()

    def checksum(self) -> int:
        return self.match.sim.checksum()

    def close_recording(self, abandoned: bool) -> None:
        m = self.match
        rec = m.recorder
        if rec is None:
            return
        if abandoned and not m.sim.is_over():
            rec.abandon(m.sim)
        else:
            rec.close()
        m.recorder = None


class Match:
    """The simulation of one game plus its seats and input log: local, attract, LAN and replays alike.

    ``tick()`` lets the seat controller advance the match: locally (``LocalSeats``) it gathers one input per seat
    (``seat_input``: bots decide from their seat's view; humans' inputs come from ``submit``), advances the
    simulation by one tick and appends the inputs to ``input_log``. ``bot_think_ticks`` paces turn-based bots (ticks
    a bot waits before acting); ``bot_ahead``, if given, lets them decide while they wait (``BotSeat``'s ``ahead``:
    a window's worker thread). ``bot_player(seat, level, seed)``, for a real-time game, makes the player each bot
    seat uses instead of the game's ``Bot`` (a tutorial's scripted player; see ``BotSeat``).

    ``control`` is the seat controller: ``LocalSeats`` by default; a match played with other machines is given
    ``arcade.client.netseats.NetSeats`` (the seats other machines play are ``RemoteSeat``: a netplay session fills
    them, asks this machine's seats for their inputs through ``seat_input`` and advances ``sim`` by its requests).
    ``sim`` may be given (a turn game's network table: the host's referee or a joiner's views,
    ``arcade.core.referee``, ``arcade.core.peerviews``). ``seed`` is None for a turn game's joiner before the end (the host keeps it secret
    until the reveal).
    """

    def __init__(self, game_id: str, seats: Sequence[SeatSpec], seed: int | None, bot_think_ticks: int = 40, *,
                 bot_player: Callable[[int, str, int], Any] | None = None, sim: Any = None, control: Any = None,
                 bot_ahead: Callable[[Callable[[], Any]], Callable[[], Any]] | None = None, **options: Any) -> None:
        game = definition_of(game_id)
        self.game_id = game_id
        self.rules = game.rules
        self.turn_based = game.turn_based
        self.seats = list(seats)
        self.seed = seed
        self.options = options
        self.bot_think_ticks = bot_think_ticks
        self.bot_player = bot_player
        self.bot_ahead = bot_ahead
        self.control = control if control is not None else LocalSeats()
        self.control.attach(self)
        self.sim = sim if sim is not None else simulation_for(self.rules, seed, len(self.seats), **options)
        self.bots: dict[int, BotSeat] = {}
        for i, s in enumerate(self.seats):
            if s.kind == "bot" and not isinstance(s, RemoteSeat):
                self.add_bot(i, s.level)
        self.pending: dict[int, int] = {}
        self.own_log: list[tuple[int, ...]] = []  # the inputs this match advanced itself with (``LocalSeats``)
        self.last_inputs: tuple[int, ...] = ()
        self.recorder = None  # a ReplayWriter, when the match is recorded (a network match: its controller records)
        self.ended: Any = None  # a network match: the session's MatchEnded once every machine stopped
        self.recent_events: tuple = ()  # a resumed turn game: the last public events replayed (``resume_match``)

    # --- seats
    @property
    def state(self) -> Any:
        """The game state now (a network match's: possibly predicted; a turn game joiner's: its stand-in state)."""
        return self.sim.state

    def views(self, seats: Iterable[int | None]) -> dict[int | None, Any]:
        """What each of ``seats`` may see now (None: the public view), from whoever holds the state: the rules'
        ``view`` of this match's state, or a simulation that holds only views (a LAN turn game's joiner:
        ``PeerViewSim.seat_view``). A table draws from these, never from ``state``."""
        return {s: self.sim.seat_view(s) for s in seats}

    @property
    def tick_count(self) -> int:
        """Ticks simulated so far."""
        return self.sim.tick

    @property
    def ready(self) -> bool:
        """The table can be drawn: a network turn game's joiner has its first view (always True otherwise)."""
        return getattr(self.sim, "ready", True)

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def seat_of_device(self, device: str) -> int | None:
        for i, s in enumerate(self.seats):
            if s.kind == "human" and s.device == device:
                return i
        return None

    def seat_name(self, seat: int, english: bool = False) -> str:
        """The one way a seat is named everywhere (table, results, replays): the player's name when there is one
        (LAN; seats of the same kind sharing a name are numbered: "Ada 1", "Ada 2"), else "Player N" for a person
        and "Bot N" for a bot (N from 1), in the player's language (``english``: in English, for files)."""
        spec = self.seats[seat]
        if spec.name:
            same = [i for i, sp in enumerate(self.seats) if sp.kind == spec.kind and sp.name == spec.name]
            return spec.name if len(same) == 1 else f"{spec.name} {same.index(seat) + 1}"
        return seat_name_words(spec.kind, seat, N_ if english else _)

    def result_label(self, english: bool = False) -> str:
        """Who won, in words ("Robbers won", "Player 2 won", "Draw: ..."), in the player's language (``english``:
        in English, as the replay file keeps it); see ``arcade.core.results``."""
        names = [self.seat_name(s, english) for s in range(len(self.seats))]
        spec = definition_of(self.game_id).spec
        return result_label(self.rules, self.state, names, spec.teams, spec.team_won, N_ if english else _)

    def seat_specs(self) -> list[str]:
        """The seats as SPEC entries (for replay headers)."""
        return [s.spec for s in self.seats]

    def add_bot(self, seat: int, level: str, think_ticks: int | None = None) -> BotSeat:
        """A bot of ``level`` plays ``seat`` on this machine from now on; its generator seed is the controller's
        (``bot_seed``: the match seed locally; on a network, one this machine knows)."""
        seed = self.control.bot_seed(seat)
        player = self.bot_player(seat, level, seed) if self.bot_player is not None else None
        bot = self.bots[seat] = BotSeat(self.game_id, seat, level, seed, player=player, ahead=self.bot_ahead,
                                        think_ticks=self.bot_think_ticks if think_ticks is None else think_ticks)
        people = tuple(i for i, s in enumerate(self.seats) if s.kind != "bot")
        for b in self.bots.values():  # a real-time bot that paces itself on the people at the table (Grisbi's)
            if hasattr(b._bot, "people"):
                b._bot.people = people
        return bot

    def drop_to_bot(self, seat: int, level: str = "normal") -> BotSeat:
        """A bot plays ``seat`` from now on (a player who left, or whose machine was dropped)."""
        self.seats[seat] = SeatSpec("bot", level=level)
        return self.add_bot(seat, level)

    def seat_state(self, seat: int) -> Any:
        """What a bot at ``seat`` decides from: the state (a turn game joiner's: its seat's stand-in state, None
        before its first view)."""
        return self.sim.state_for(seat)

    # --- inputs
    def submit(self, seat: int, tick_input: int) -> None:
        """A human seat's input for the next tick (the last one submitted before the tick wins). Only seats played
        here, and only when the controller takes it (a network turn game's seat whose last action is not simulated
        yet sends nothing more)."""
        if self.seats[seat].kind != "human" or not self.control.accepts(seat):
            return
        self.pending[seat] = tick_input

    def submit_action(self, seat: int, action: Any) -> None:
        """A turn-based action for the next tick."""
        self.submit(seat, action_input(self.rules, action))

    def seat_input(self, seat: int, tick: int) -> int:
        """This machine's input for ``seat`` at ``tick`` (0 = nothing): a human's last submitted input, a bot's
        choice from its seat's view; a seat nobody plays here: the controller's answer (0, or on a network host a
        bot for a dropped player's seat)."""
        bot = self.bots.get(seat)
        if bot is None:
            if self.seats[seat].kind != "human":
                return self.control.unplayed(seat, tick)
            v = self.pending.pop(seat, 0)
            if v:
                self.control.played(seat, tick, v)
            return v
        state = self.seat_state(seat)
        return 0 if state is None else bot.input(state, tick)

    def gather_inputs(self) -> tuple[int, ...]:
        tick = self.sim.tick
        inputs = tuple(self.seat_input(i, tick) for i in range(len(self.seats)))
        self.pending.clear()
        return inputs

    @property
    def input_log(self) -> list[tuple[int, ...]]:
        """The inputs of every tick so far, one per seat (a network match: the confirmed ones)."""
        return self.control.input_log()

    # --- time
    def tick(self) -> tuple[int, ...]:
        """Let the controller advance the match: one tick locally; on a network, the session updates once and
        simulates whatever ticks are due. Returns the (last confirmed) inputs."""
        self.control.pump()
        return self.last_inputs

    def replay_tick(self, inputs: Sequence[int]) -> None:
        """Advance with recorded inputs (resuming a match): bots still look at every tick, so their pacing and
        memory come back exactly as they were, but their choices are replaced by the recorded ones."""
        self.gather_inputs()
        self.advance(tuple(inputs))

    def idle_tick(self) -> None:
        """A tick in which nobody here acts (a table holding the match while an animation plays): locally the bots
        are not asked, human inputs submitted meanwhile are dropped, and a finished match does not move; a network
        match is never held (the session goes on, as ``tick``)."""
        self.control.idle()

    def advance(self, inputs: tuple[int, ...]) -> tuple[int, ...]:
        """Simulate one tick with ``inputs`` here, log and record it."""
        self.sim.advance(inputs)
        self.own_log.append(inputs)
        self.last_inputs = inputs
        rec = self.recorder
        if rec is not None:
            rec.record(inputs, self.sim)
            if self.sim.is_over():
                rec.finish(self.sim, self.rules.scores(self.sim.state), self.result_label(english=True))
        return inputs

    def close_recording(self, abandoned: bool = False) -> None:
        """Stop recording: an abandoned match is marked so; otherwise the file stays resumable."""
        self.control.close_recording(abandoned)

    def is_over(self) -> bool:
        """The game is over (a network match: every machine has stopped at the same confirmed tick, game over or
        ended by the host)."""
        return self.control.is_over()

    def checksum(self) -> int:
        """The simulation's checksum; a network turn game once ended: the end's (a joiner's: its re-simulation of
        the revealed deal, equal to the host's when the deal is verified)."""
        return self.control.checksum()

    def restart(self) -> None:
        """Start again from the first tick with the same seed and seats (a network match restarts through the
        lobby, a rematch, never on its own)."""
        if not self.control.restartable:
            return
        self.close_recording(abandoned=True)
        self.__init__(self.game_id, self.seats, self.seed, self.bot_think_ticks,  # type: ignore[misc]
                      bot_player=self.bot_player, bot_ahead=self.bot_ahead, **self.options)
