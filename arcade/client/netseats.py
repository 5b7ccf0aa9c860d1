"""The seat controller of a match played with other machines (``NetSeats``): a netplay session behind the seats
they play.

A network match is an ordinary ``arcade.core.match.Match`` whose other machines' seats are ``RemoteSeat`` and whose
controller is ``NetSeats`` (a local match's is ``arcade.core.match.LocalSeats``; ``Match`` never asks which).
The session advances the match, not the table: ``Match.tick`` and ``idle_tick`` only ``pump`` (the owner's loop
updates the session once: ``netplay.runner.Runner``), the session asks this machine's seats for their inputs through
``Match.seat_input`` and carries out the ticks that are due by the clock on ``Match.sim``. ``NetSeats`` answers what
only the session knows: the confirmed input log, whether every machine has stopped (``is_over``), the end's
checksum, a generator seed for this machine's bots (``bot_seed``: a turn game's joiner does not know the match seed),
the bot that takes a dropped player's seat on the host (``unplayed``), one action at a time per seat in a turn game
(``accepts`` / ``played``), and the replay: of the confirmed inputs (rollback), or in a host-authoritative turn game
the whole match at the end from the revealed deal.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from netplay.events import EndReason, MatchEnded
from netplay.settings import AUTHORITY, MatchSettings

from arcade.core.match import RemoteSeat, SeatSpec
from arcade.core.rng import seed_mix
from arcade.core.simulation import code_input, simulation_for

__all__ = ["NetSeats"]

_BOT_SALT = 0x4C414E  # "LAN": a network match's bots draw from their own stream, not the match's


class _Tick:
    """What the replay writer reads of a confirmed tick: its number and checksum."""

    def __init__(self, tick: int, checksum: int) -> None:
        self.tick = tick
        self._checksum = checksum

    def checksum(self) -> int:
        return self._checksum


class NetSeats:
    """``session``: this machine's ``netplay`` session; ``settings`` / ``seed``: what its ``Started`` said (``seed``
    None for a turn game's joiner). ``pump()`` updates the session once (the owner's runner). ``bot_level()`` is the
    level of the bot that takes a dropped player's seat on the host. ``recordings``: the folder replays are written
    to (None: not recorded); ``notice(text)`` tells the player when a replay cannot be written."""

    restartable = False

    def __init__(self, session: Any, settings: MatchSettings, seed: int | None, *, pump: Callable[[], Any],
                 bot_level: Callable[[], str], recordings: Path | None = None,
                 notice: Callable[[str], None] = lambda text: None) -> None:
        self.session = session
        self.settings = settings
        self.authority = settings.mode == AUTHORITY
        self._pump = pump
        self._bot_level = bot_level
        self.recordings = recordings
        self.notice = notice
        self.seed_base = seed if seed is not None else int.from_bytes(session.commit[:8], "big")
        self.match: Any = None
        self.recorder = None
        self.recorded = 0      # ticks written to the replay (or looked at) so far
        self.awaiting: dict[int, int] = {}  # turn game: seat -> tick of its action not simulated yet
        self.stand_ins: dict[int, Any] = {}  # host, turn game: seat -> the bot that moves when its clock runs out
        if self.authority and getattr(session, "role", "") == "host":
            session.stand_in = self.stand_in

    def attach(self, match: Any) -> None:
        self.match = match

    # --- seats
    @property
    def bot_level(self) -> str:
        return self._bot_level()

    def bot_seed(self, seat: int) -> int:
        return seed_mix(self.seed_base, seat, _BOT_SALT)

    def accepts(self, seat: int) -> bool:
        """A turn game: a seat whose last action is not simulated yet (input delay, the host's answer) sends
        nothing more."""
        t = self.awaiting.get(seat)
        if t is None:
            return True
        if self.match.sim.tick <= t:
            return False
        del self.awaiting[seat]
        return True

    def played(self, seat: int, tick: int, tick_input: int) -> None:
        if self.match.turn_based:
            self.awaiting[seat] = tick

    def seat_to(self, seat: int, spec: SeatSpec) -> None:
        """``spec`` plays ``seat`` from now on (the session said who: the match started, a seat was claimed back,
        the roster named a player): a bot of this machine gets its bot (kept if it has one), any other seat none."""
        m = self.match
        m.seats[seat] = spec
        if spec.kind == "bot" and not isinstance(spec, RemoteSeat):
            if seat not in m.bots:
                m.add_bot(seat, spec.level)
        else:
            m.bots.pop(seat, None)

    def unplayed(self, seat: int, tick: int) -> int:
        """A seat asked for that nobody plays here: on the host, a dropped player's seat; a bot plays it from now on."""
        m = self.match
        bot = m.drop_to_bot(seat, self.bot_level)
        state = m.seat_state(seat)
        return 0 if state is None else bot.input(state, tick)

    def stand_in(self, seat: int, tick: int) -> int:
        """Host, a turn game: the move of ``seat`` whose turn clock ran out (``netplay.turnclock``), a bot's at the
        drop level from the host's whole state; the seat stays its player's (the bot is kept aside for next time)."""
        m = self.match
        bot = self.stand_ins.get(seat)
        if bot is None:
            had = m.bots.get(seat)
            bot = self.stand_ins[seat] = m.add_bot(seat, self.bot_level)
            if had is None:
                del m.bots[seat]
            else:
                m.bots[seat] = had
        state = m.seat_state(seat)
        return 0 if state is None else bot.input(state, tick)

    # --- time
    def pump(self) -> None:
        self._pump()

    def idle(self) -> None:
        self.pump()

    def input_log(self) -> list[tuple[int, ...]]:
        return self.session.input_log()

    def is_over(self) -> bool:
        """True once every machine has stopped at the same confirmed tick (game over, or ended by the host)."""
        return self.session.end is not None

    def checksum(self) -> int:
        m = self.match
        if m.ended is not None and self.authority:
            return m.ended.checksum
        return m.sim.checksum()

    # --- replays
    def start_recording(self, first_tick: int = 0, revealed: bool = False) -> None:
        """Record the confirmed ticks from ``first_tick`` (a late joiner, who never saw the first ticks, records
        nothing; a turn game is recorded at the end from the revealed deal: ``record_revealed``)."""
        from arcade.core.replay import ReplayWriter, make_header, new_replay_path

        self.recorded = first_tick
        m = self.match
        if self.recordings is None or first_tick or (self.authority and not revealed):
            return
        header = make_header(m.game_id, m.seed, m.seat_specs(), m.options)
        header["lan"] = True
        header["bot_think_ticks"] = m.bot_think_ticks
        rec = ReplayWriter(new_replay_path(self.recordings, m.game_id, m.seed), header, flush_on_input=m.turn_based)
        if rec.error:
            self.notice(rec.error)
            return
        self.recorder = rec

    def record_confirmed(self) -> None:
        """Append the newly confirmed ticks to the replay (a rollback never changes a confirmed tick)."""
        d = self.session.driver
        if d is None:
            return
        upto = d.processed
        while self.recorded < upto:
            n = self.recorded + 1
            snap = d.snapshot(n)
            inputs = tuple(d.inputs[n - 1])
            self.match.last_inputs = inputs
            if self.recorder is not None and snap is not None:
                self.recorder.record(inputs, _Tick(n, snap.checksum))
            self.recorded = n

    def record_revealed(self, ev: MatchEnded) -> None:
        """A host-authoritative turn game's replay, written at the end from the seed and the action log with the
        tick of each action: the host's own, a joiner's from the reveal it verified. Every machine writes the same."""
        s, m = self.session, self.match
        if s.role == "host":
            seed, log, ticks = s.seed, m.sim.log, m.sim.log_ticks
        elif s.auth.revealed is not None and ev.deal == "verified":
            seed, log, ticks = s.auth.revealed
        else:
            return
        m.seed = seed
        self.start_recording(revealed=True)
        rec = self.recorder
        if rec is None:
            return
        seats = self.settings.seats
        sim = simulation_for(m.rules, seed, seats, **m.options)
        at: dict[int, list[int]] = {}
        for (seat, code), t in zip(log, ticks):
            at.setdefault(t, [0] * seats)[seat] = code_input(code)
        nothing = (0,) * seats
        for t in range(ev.tick):
            inputs = tuple(at.get(t, nothing))
            sim.advance(inputs)
            rec.record(inputs, sim)
        self.recorded = ev.tick
        if ev.kind == EndReason.GAME_OVER:
            rec.finish(sim, m.rules.scores(sim.state))
        else:
            rec.abandon(sim)
        self.recorder = None

    def on_end(self, ev: MatchEnded) -> None:
        """Every machine stopped at ``ev.tick``: the match is over here; its replay is finished."""
        m = self.match
        m.ended = ev
        if self.authority:
            self.record_revealed(ev)
            return
        self.record_confirmed()
        rec = self.recorder
        if rec is not None:
            if ev.kind == EndReason.GAME_OVER:
                rec.finish(_Tick(ev.tick, ev.checksum), m.rules.scores(m.state))
            else:
                rec.abandon(_Tick(ev.tick, ev.checksum))
            self.recorder = None

    def close_recording(self, abandoned: bool = False) -> None:
        rec = self.recorder
        if rec is None:
            return
        if abandoned:
            rec.abandon(_Tick(self.recorded, 0))
        else:
            rec.close()
        self.recorder = None
