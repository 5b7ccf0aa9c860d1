"""The tick loop every role runs once the match starts (a part of every session: ``session.sync``): build the driver
(rollback or lockstep) and the time sync, ask the input source for this peer's seats ``input_delay`` ticks ahead,
advance the ticks that are due (at most ``max_ticks_per_update``; a late joiner catching up,
``catchup_ticks_per_update`` unpaced), count stalls, confirm ticks (the checksums: ``netplay.checks``) and end at the
same tick as every peer. In a host-authoritative turn game it hands the running phase to ``netplay.authority``.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from .endpoint import Remote, Router
from .events import CaughtUp, EndReason, MatchEnded, NetEvent, Started
from .lockstep import LockstepDriver
from .messages import EndItem
from .protocol import FINISHING, HOST, RUNNING
from .rollback import RollbackDriver, TickDriver
from .settings import AUTHORITY, ROLLBACK, MatchSettings, SessionConfig
from .stats import NetStats
from .timesync import TimeSync

__all__ = ["TickLoop"]


class _Auth(Protocol):
    """``session.auth`` (``authority.HostAuthority``, ``authority.JoinerAuthority``): here only compared with None."""


class _Checks(Protocol):
    """``session.checks`` as this module uses it (``checks.ChecksumExchange``)."""

    def start(self, tick: int) -> None: ...


class _Inputs(Protocol):
    """``session.inputs`` as this module uses it (``inputs.InputExchange``)."""

    send_gap: float
    def acked_from(self, r: Remote, tick: int) -> None: ...
    def links(self) -> list[Remote]: ...
    def mark(self, r: Remote, urgent: bool = False) -> None: ...


class TickLoopSession(Protocol):
    """What ``TickLoop`` reads and calls of its session."""

    auth: _Auth | None
    checks: _Checks
    config: SessionConfig
    end: MatchEnded | None
    index: int
    input_source: Callable[[int, int], int]
    inputs: _Inputs
    late: bool
    local_seats: list[int]
    now: float
    owners: list[int | None]
    remotes: dict[int, Remote]
    role: str
    router: Router
    seed: int | None
    settings: MatchSettings
    stats: NetStats
    def caught_up(self) -> None: ...
    def emit(self, ev: NetEvent) -> None: ...
    def enter(self, phase: str) -> None: ...
    def make_authority(self) -> _Auth: ...
    @property
    def phase(self) -> str: ...


class TickLoop:
    """The running match's ticks: the driver (``driver``), time sync, pacing, stalls, the end."""

    def __init__(self, session: TickLoopSession) -> None:
        self.s = session
        self.input_delay = 0  # ticks every peer uses: the settings' value, or the host's choice sent with START
        self.driver: TickDriver | None = None
        self.timesync: TimeSync | None = None
        self.period = 1 / 60
        self.next_tick_at = session.now
        self.started_at = self.finish_at = 0.0
        self.requested_tick = -1
        self.stalled = False
        self.stall_seen_until = float("-inf")  # tick slots before this time were counted as stalls
        self.seat_from: dict[int, int] = {}    # local seat -> first tick whose input is ours (a seat taken over)
        self.first_tick = 0
        self.catching_up = False  # a late joiner simulating from its snapshot to the live tick
        self.remote_tick = 0      # the host's tick as its datagrams say (a late joiner catches up to it)
        self.end_reason: EndReason | None = None  # the host ended the match early
        self.fresh_start = False  # ``Started`` was just raised: no tick runs in this update
        if session.role != HOST:
            session.router.on_notice(EndItem, self.on_end_notice)

    def start(self, seed: int | None, tick: int = 0, saved: Any = None) -> None:
        """Build the driver and run (``Started``: the caller builds its simulation); a late joiner starts at ``tick``
        from ``saved`` (a ``LoadState`` request)."""
        s = self.s
        st, cfg = s.settings, s.config
        s.seed = seed
        if st.mode == AUTHORITY:  # no driver, no input exchange: netplay.authority runs the match
            self._start_authority(seed)
            return
        cls = RollbackDriver if st.mode == ROLLBACK else LockstepDriver
        self.driver = cls(st.seats, self.input_delay, st.window, stats=s.stats, end_tick=st.end_tick,
                          retain=cfg.retain_ticks)
        if saved is not None:
            self.driver.start_at(tick, saved)
        self.first_tick = tick
        s.local_seats = [seat for seat, o in enumerate(s.owners) if o == s.index]
        self.requested_tick = tick + self.input_delay - 1
        self.period = 1.0 / st.tick_rate
        s.inputs.send_gap = cfg.send_gap if cfg.send_gap is not None else self.default_send_gap()
        self.timesync = TimeSync(st.tick_rate)
        s.checks.start(tick)
        for r in s.remotes.values():
            s.inputs.acked_from(r, max(tick, self.input_delay))
            r.last_recv = s.now
        s.enter(RUNNING)
        self.started_at = s.now
        self.next_tick_at = s.now
        s.emit(Started(seed, tuple(s.owners), tuple(s.local_seats), tick, saved is not None, settings=st))
        self.fresh_start = True

    def _start_authority(self, seed: int | None) -> None:
        s = self.s
        s.auth = s.make_authority()
        s.local_seats = [seat for seat, o in enumerate(s.owners) if o == s.index]
        self.period = 1.0 / s.settings.tick_rate
        for r in s.remotes.values():
            r.last_recv = s.now
        s.enter(RUNNING)
        self.started_at = self.next_tick_at = s.now
        s.emit(Started(seed, tuple(s.owners), tuple(s.local_seats), 0, s.late, settings=s.settings))
        self.fresh_start = True

    def default_send_gap(self) -> float:
        """Rollback between two peers: "nothing" every 2 ticks (it is what the other predicts anyway; half the
        datagrams). A bigger star: a joiner's new input of each tick goes at once (a gap of half a tick: with a
        whole tick, a tick that comes a hair early waited for the next one), and the host sends each joiner one
        datagram a tick carrying every seat's new inputs it relays (``netplay.relay``: 8 peers whose joiners cannot
        reach each other cost the host ~54 KB/s, not the ~320 KB/s of a datagram for every input). Lockstep: within
        half a tick."""
        s = self.s
        if s.settings.mode != ROLLBACK:
            return 0.5
        if len(set(s.owners)) <= 2:  # two peers: no relaying
            return 2.0
        return 1.0 if s.role == HOST else 0.5

    def wakeup(self) -> float:
        """When the next tick is due (a stall waits for inputs: its slots are counted once)."""
        return max(self.next_tick_at, self.stall_seen_until) if self.stalled else self.next_tick_at

    def run_ticks(self) -> None:
        s, d = self.s, self.driver
        self.confirm()
        n = 0
        catching = self.catching_up
        limit = s.config.catchup_ticks_per_update if catching else s.config.max_ticks_per_update
        while s.phase == RUNNING and (catching or s.now >= self.next_tick_at) and n < limit:
            self.request_local()
            if d.advance():
                n += 1
                s.stats.ticks += 1
                self.stalled = False
                self.next_tick_at += self.period * (1.0 + self.timesync.slowdown())
                self.confirm()
            elif catching:  # a late joiner simulates whatever has arrived, unpaced
                break
            else:  # stalled: wait for inputs, then catch up (a long stall's debt is dropped below)
                self._count_stall()
                break
        if catching:
            self.next_tick_at = s.now
            if s.phase == RUNNING and d.tick + self.input_delay + 3 >= self.remote_tick > 0:
                self.catching_up = False
                self.timesync = TimeSync(s.settings.tick_rate)  # forget the samples taken while far behind
                s.emit(CaughtUp(d.tick))
                s.caught_up()
        if s.now - self.next_tick_at > 0.25:  # a slow caller or a long stall: drop the debt, never spiral
            self.next_tick_at = s.now - 0.25
        s.stats.ticks_ahead = self.timesync.ticks_ahead()

    def _count_stall(self) -> None:
        """Stalled (no inputs for the next tick): count each tick slot spent waiting once."""
        self.stalled = True
        now = self.s.now
        start = max(self.next_tick_at, self.stall_seen_until)
        if now >= start:
            lost = int((now - start) / self.period) + 1
            while start + lost * self.period <= now:  # float rounding
                lost += 1
            self.s.stats.stalls += lost
            self.stall_seen_until = start + lost * self.period

    def request_local(self) -> None:
        """Ask the input source for this peer's seats at the tick ``input_delay`` ahead (a seat taken over: every tick
        it still owes) and mark the links that have something new to send."""
        s, d = self.s, self.driver
        t = d.tick + self.input_delay
        if t <= self.requested_tick:
            if not self.seat_from:
                return
            new_slot = False  # a seat taken over may still owe ticks already passed: fill them below
        else:
            self.requested_tick = t
            new_slot = True
        last = min(t, d.end_tick - 1) if d.end_tick else t
        action = False
        added = False
        for seat in s.local_seats:
            start = d.known[seat] + 1
            if start < self.seat_from.get(seat, 0):
                continue  # a seat taken over: the host's inputs for it up to the handover are still on their way
            for tick in range(start, last + 1):  # one tick, except right after taking a seat over
                v = s.input_source(seat, tick)
                v = v if type(v) is int and 0 <= v < 65536 else 0
                d.add_input(seat, tick, v)
                action = action or v != 0
                added = True
        if not (new_slot or added) or (d.end_tick and t >= d.end_tick and not added):
            return
        if (t + 1) % s.settings.checksum_interval == 0:
            action = True  # the inputs that complete a checksummed tick go at once: desyncs are found sooner
        for r in s.inputs.links():
            s.inputs.mark(r, urgent=action)

    def confirm(self) -> None:
        """Hand the newly confirmed ticks to the checksums; end at the confirmed end (game over, end tick)."""
        s, d = self.s, self.driver
        checks = s.checks
        new = False
        for n, snap in d.confirm():
            new = True
            checks.history.add(n, snap.checksum)
            end = bool(d.end_tick and n >= d.end_tick) or snap.over
            if n % s.settings.checksum_interval == 0 or end:
                checks.share_check(checks.history.record(n), final=end)
            if end:
                checks.compare_all()
                self.end(n, snap.checksum, EndReason.GAME_OVER if snap.over else (self.end_reason or EndReason.END_TICK))
                return
        if new:
            checks.compare_all()

    def end(self, tick: int, checksum: int, kind: EndReason) -> None:
        """The match ends at confirmed ``tick`` on this peer (``MatchEnded``); the role's end follows (FINISHING)."""
        s = self.s
        self.driver.restore(tick)
        s.end = MatchEnded(tick, checksum, kind.value, kind)
        s.emit(s.end)
        s.enter(FINISHING)
        self.finish_at = s.now

    def on_end_notice(self, r: Any, it: EndItem) -> None:
        """Joiner: the host ended the match early; stop at its tick like every peer."""
        d, s = self.driver, self.s
        if d is None or s.end is not None:
            return
        self.end_reason = EndReason.HOST_ENDED
        if not d.end_tick or it.tick < d.end_tick:
            d.end_tick = it.tick
        if d.processed >= it.tick:  # cannot happen when the host chose the tick; end there if the state is still kept
            snap = d.snapshot(it.tick)
            if snap is not None:
                self.end(it.tick, snap.checksum, self.end_reason)
