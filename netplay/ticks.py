"""The tick loop every role runs once the match starts (a part of ``Session``): build the driver
(rollback or lockstep), ask the input source for this peer's seats ``input_delay`` ticks ahead, advance the ticks that
are due (at most ``max_ticks_per_update``; a late joiner catching up, ``catchup_ticks_per_update`` unpaced), count
stalls, confirm frames (checksum history, records every ``checksum_interval`` ticks) and end at the same frame as
every peer; a peer silent for ``interrupt_after`` is interrupted, for the timeout lost.
"""

from __future__ import annotations

from typing import Any

from .authority import HostAuthority, JoinerAuthority
from .endpoint import CONNECTED, INTERRUPTED, Remote
from .events import CaughtUp, EndReason, Interrupted, MatchEnded, Resumed, Started
from .desync import ChecksumHistory, DesyncDetector
from .lockstep import LockstepDriver
from .protocol import FINISHING, HOST, RUNNING
from .rollback import RollbackDriver
from .settings import AUTHORITY, ROLLBACK
from .timesync import TimeSync

__all__ = ["TickLoop"]


class TickLoop:
    """The running match: a part of ``Session`` (a mixin: it reads the session's settings, config and remotes)."""

    def _start(self, seed: int, frame: int = 0, saved: Any = None) -> None:
        """Build the driver and run (``Started``: the caller builds its simulation); a late joiner starts at ``frame``
        from ``saved`` (a ``LoadState`` request)."""
        st, cfg = self.settings, self.config
        self.seed = seed
        if st.mode == AUTHORITY:  # authority hook (netplay.authority): no driver, no input exchange
            self._start_authority(seed)
            return
        cls = RollbackDriver if st.mode == ROLLBACK else LockstepDriver
        self.driver = cls(st.seats, self.input_delay, st.window, stats=self.stats, end_tick=st.end_tick,
                          retain=cfg.retain_frames)
        if saved is not None:
            self.driver.start_at(frame, saved)
        self.first_frame = frame
        self.local_seats = [s for s, o in enumerate(self.owners) if o == self.index]
        self.requested_tick = frame + self.input_delay - 1
        self.period = 1.0 / st.tick_rate
        self._send_gap = cfg.send_gap if cfg.send_gap is not None else self._default_send_gap()
        self._starting()
        self.timesync = TimeSync(st.tick_rate)
        self.history = ChecksumHistory(cfg.retain_frames)
        self.history.last_record = frame
        self.detector = DesyncDetector(enabled=cfg.desync_detection)
        for r in self.remotes.values():
            r.acked = [max(frame - 1, self.input_delay - 1)] * st.seats
            r.last_recv = self.now
            r.sums_have = r.sums_acked = r.agreed = frame
        self.phase = RUNNING
        self.started_at = self.now
        self.next_tick_at = self.now
        self._emit(Started(seed, tuple(self.owners), tuple(self.local_seats), frame, saved is not None, settings=st))
        self.fresh_start = True

    def _start_authority(self, seed: int | None) -> None:
        """Authority mode: the host's or the joiner's running phase (``netplay.authority``), no driver."""
        self.auth = HostAuthority(self) if self.role == HOST else JoinerAuthority(self)
        self.local_seats = [s for s, o in enumerate(self.owners) if o == self.index]
        self.period = 1.0 / self.settings.tick_rate
        for r in self.remotes.values():
            r.last_recv = self.now
        self.phase = RUNNING
        self.started_at = self.next_tick_at = self.now
        self._emit(Started(seed, tuple(self.owners), tuple(self.local_seats), 0, self.late, settings=self.settings))
        self.fresh_start = True

    def _starting(self) -> None:
        """A role's own set-up when the match starts (the driver is built)."""

    def _default_send_gap(self) -> float:
        """Rollback between two peers: "nothing" every 2 ticks (it is what the other predicts anyway; half the
        datagrams). A bigger star: a joiner's new input of each tick goes at once (a gap of half a tick: with a
        whole tick, a tick that comes a hair early waited for the next one), and the host relays within half a tick
        (new inputs of another joiner at once: ``relay_now``), because a joiner's input crosses two lossy links
        before the others can confirm it (joiners' stalls halve at 4 peers, 120 ms RTT, 10 % loss). Lockstep:
        within half a tick."""
        if self.settings.mode != ROLLBACK:
            return 0.5
        if len(set(self.owners)) <= 2:  # two peers: no relaying
            return 2.0
        return 0.5

    def _run_ticks(self) -> None:
        d = self.driver
        self._confirm()
        n = 0
        catching = self.catching_up
        limit = self.config.catchup_ticks_per_update if catching else self.config.max_ticks_per_update
        while self.phase == RUNNING and (catching or self.now >= self.next_tick_at) and n < limit:
            self._request_local()
            if d.advance():
                n += 1
                self.stats.ticks += 1
                self._stalled = False
                self.next_tick_at += self.period * (1.0 + self.timesync.slowdown())
                self._confirm()
            elif catching:  # a late joiner simulates whatever has arrived, unpaced
                break
            else:  # stalled: wait for inputs, then catch up (a long stall's debt is dropped below)
                self._count_stall()
                break
        if catching:
            self.next_tick_at = self.now
            if self.phase == RUNNING and d.frame + self.input_delay + 3 >= self.remote_frame > 0:
                self.catching_up = False
                self.timesync = TimeSync(self.settings.tick_rate)  # forget the samples taken while far behind
                self._emit(CaughtUp(d.frame))
                self._caught_up()
        if self.now - self.next_tick_at > 0.25:  # a slow caller or a long stall: drop the debt, never spiral
            self.next_tick_at = self.now - 0.25
        self.stats.frames_ahead = self.timesync.frames_ahead()

    def _count_stall(self) -> None:
        """Stalled (no inputs for the next tick): count each tick slot spent waiting once."""
        self._stalled = True
        start = max(self.next_tick_at, self._stall_seen_until)
        if self.now >= start:
            lost = int((self.now - start) / self.period) + 1
            while start + lost * self.period <= self.now:  # float rounding
                lost += 1
            self.stats.stalls += lost
            self._stall_seen_until = start + lost * self.period

    def _caught_up(self) -> None:
        """A late joiner's own step once it has caught up (a claim may go now)."""

    def _request_local(self) -> None:
        d, st = self.driver, self.settings
        t = d.frame + self.input_delay
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
        for s in self.local_seats:
            start = d.known[s] + 1
            if start < self.seat_from.get(s, 0):
                continue  # a seat taken over: the host's inputs for it up to the handover are still on their way
            for tick in range(start, last + 1):  # one tick, except right after taking a seat over
                v = self.input_source(s, tick)
                v = v if type(v) is int and 0 <= v < 65536 else 0
                d.add_input(s, tick, v)
                action = action or v != 0
                added = True
        if not (new_slot or added) or (d.end_tick and t >= d.end_tick and not added):
            return
        if (t + 1) % st.checksum_interval == 0:
            action = True  # the inputs that complete a checksummed frame go at once: desyncs are found sooner
        for r in self._links():
            r.dirty = True
            r.urgent = r.urgent or action

    def _confirm(self) -> None:
        d, st = self.driver, self.settings
        new = False
        for n, snap in d.confirm():
            new = True
            self.history.add(n, snap.checksum)
            end = bool(d.end_tick and n >= d.end_tick) or snap.over
            if n % st.checksum_interval == 0 or end:
                self._share_check(self.history.record(n), final=end)
            if end:
                self._compare_all()
                self._end(n, snap.checksum, EndReason.GAME_OVER if snap.over else (self.end_reason or EndReason.FRAMES))
                return
        if new:
            self._compare_all()

    def _end(self, frame: int, checksum: int, kind: EndReason) -> None:
        self.driver.restore(frame)
        self.end = MatchEnded(frame, checksum, kind.value, kind)
        self._emit(self.end)
        self.phase = FINISHING
        self.finish_at = self.now

    def _finishing(self) -> None:
        """A role's end of the match: final checksums, FINAL and BYE (phase FINISHING)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ silence while running

    def _silence(self, r: Remote) -> None:
        """``r`` silent for ``interrupt_after``: interrupted; for the timeout: ``_timed_out``."""
        now, cfg = self.now, self.config
        heard = self._heard(r)
        if r.status == CONNECTED and now >= heard + cfg.interrupt_after:
            r.status = INTERRUPTED
            self._emit(Interrupted(r.index, tuple(s for s, o in enumerate(self.owners) if o == r.index)))
            self._interrupted(r)
        if now >= heard + cfg.timeout:
            self._timed_out(r, heard)

    def _interrupted(self, r: Remote) -> None:
        """A role's answer to ``r`` falling silent (the host tells the others)."""

    def _timed_out(self, r: Remote, heard: float) -> None:
        """A role's answer to ``r`` silent for the timeout (since ``heard``)."""
        raise NotImplementedError

    def _heard(self, r: Remote) -> float:
        """When ``r`` last counted as present: its last datagram."""
        return r.last_recv

    def _resumed(self, r: Remote) -> None:
        r.status = CONNECTED
        self._emit(Resumed(r.index))
