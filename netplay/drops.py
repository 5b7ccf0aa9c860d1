"""Silence and drops (a part of every session: ``session.presence``).

A peer silent for ``interrupt_after`` (0.5 s) is interrupted (``Interrupted``), for the ``timeout`` (5 s) lost. On the
host (``HostDrops``) a joiner that keeps sending while its inputs stop advancing, and the match waits for them,
counts as silent ("withheld its inputs"), and in rollback (where the match waits only for inputs later than the
prediction window) one that makes the match wait more than ``stall_budget`` seconds in all over ``stall_window`` (8 s
in 60 s; a stall's first ``STALL_GRACE`` s are the network's, not counted) is lost too
("made the match wait too long": releasing one tick of input every few seconds stays under the timeout, not under
this); a lost joiner's seats are dropped at the tick after the last input the host holds of them, relayed to every joiner (DROP notices), and the host's bot plays them from then on; the host tells
every joiner who was interrupted, resumed or lost (STATUS notices). A joiner (``JoinerPresence``) fails when the host
is lost, and reads the host's DROP and STATUS notices.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Protocol

from .endpoint import CONNECTED, GONE, INTERRUPTED, Pending, Remote, Router
from .events import Disconnected, FailReason, Interrupted, NetEvent, Resumed, SeatDropped
from .messages import Bye, DropItem, Msg, Notice, Reason, StatusItem
from .protocol import DONE, FINISHING, RUNNING
from .rollback import TickDriver
from .settings import ROLLBACK, MatchSettings, SessionConfig
from .timesync import TimeSync

__all__ = ["Presence", "HostDrops", "JoinerPresence"]


class _Auth(Protocol):
    """``session.auth`` as this module uses it (``authority.HostAuthority``, ``authority.JoinerAuthority``)."""

    def host_gone(self, why: str) -> bool: ...
    @property
    def now_tick(self) -> int: ...


class _Inputs(Protocol):
    """``session.inputs`` as this module uses it (``inputs.InputExchange``)."""

    def mark(self, r: Remote, urgent: bool = False) -> None: ...


class _LateJoiners(Protocol):
    """``session.late_joiners`` as this module uses it (``latejoin.LateJoiners``)."""

    def lost(self, seat: int, r: Remote) -> None: ...


class _Relay(Protocol):
    """``session.relay`` as this module uses it (``relay.Relay``)."""

    def notify_all(self, item: Notice, but: Remote | None = None) -> None: ...


class _Role(Protocol):
    """``session.role_part`` as this module uses it (``host.HostRole``, ``joiner.JoinerRole``)."""

    final_sent: bool


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    driver: TickDriver | None
    requested_tick: int
    stalled: bool
    timesync: TimeSync | None


class PresenceSession(Protocol):
    """What ``Presence`` reads and calls of its session."""

    config: SessionConfig
    now: float
    owners: list[int | None]
    remotes: dict[int, Remote]
    def emit(self, ev: NetEvent) -> None: ...


class HostDropsSession(Protocol):
    """What ``HostDrops`` reads and calls of its session (``PresenceSession`` and more)."""

    auth: _Auth | None
    bots: dict[int, str]
    config: SessionConfig
    disconnects: int
    drop_level: str
    dropped: dict[int, int]
    inputs: _Inputs
    late_joiners: _LateJoiners
    local_seats: list[int]
    now: float
    owners: list[int | None]
    relay: _Relay
    remotes: dict[int, Remote]
    role_part: _Role
    settings: MatchSettings
    sync: _Sync
    def emit(self, ev: NetEvent) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class JoinerPresenceSession(Protocol):
    """What ``JoinerPresence`` reads and calls of its session (``PresenceSession`` and more)."""

    auth: _Auth | None
    bots: dict[int, str]
    config: SessionConfig
    disconnects: int
    dropped: dict[int, int]
    index: int
    now: float
    owners: list[int | None]
    remotes: dict[int, Remote]
    router: Router
    def emit(self, ev: NetEvent) -> None: ...
    def enter(self, phase: str) -> None: ...
    def fail(self, reason: str, kind: FailReason = FailReason.OTHER, **facts: Any) -> None: ...
    @property
    def phase(self) -> str: ...


STALL_GRACE = 0.25
"""Seconds of each stall that count against nobody (a lost datagram, a slow path, a lockstep tick's round trip)."""


class Presence:
    """The silence rule both roles share: interrupted, resumed, timed out."""

    def __init__(self, session: PresenceSession) -> None:
        self.s = session

    def heard(self, r: Remote) -> float:
        """When ``r`` last counted as present: its last datagram."""
        return r.last_recv

    def wakeup(self) -> float:
        """The next time a peer still there would count as interrupted or lost (seconds)."""
        cfg = self.s.config
        t = float("inf")
        for r in self.s.remotes.values():
            if r.status == GONE or r.bye:
                continue
            heard = self.heard(r)
            t = min(t, heard + cfg.timeout)
            if r.status == CONNECTED:
                t = min(t, heard + cfg.interrupt_after)
        return t

    def check(self, r: Remote) -> None:
        """``r`` silent for ``interrupt_after``: interrupted; for the timeout: ``timed_out``."""
        s = self.s
        now, cfg = s.now, s.config
        heard = self.heard(r)
        if r.status == CONNECTED and now >= heard + cfg.interrupt_after:
            r.status = INTERRUPTED
            s.emit(Interrupted(r.index, tuple(seat for seat, o in enumerate(s.owners) if o == r.index)))
            self.interrupted(r)
        if now >= heard + cfg.timeout:
            self.timed_out(r, heard)

    def interrupted(self, r: Remote) -> None:
        """A role's answer to ``r`` falling silent."""

    def resumed(self, r: Remote) -> None:
        r.status = CONNECTED
        self.s.emit(Resumed(r.index))

    def timed_out(self, r: Remote, heard: float) -> None:
        raise NotImplementedError


class HostDrops(Presence):
    """The host: withheld inputs count as silence, a peer that makes the match wait too long is lost, lost joiners'
    seats are dropped at the same tick everywhere."""

    def __init__(self, session: HostDropsSession) -> None:
        super().__init__(session)
        self.waits: dict[int, deque[tuple[float, float]]] = {}  # peer -> (when, seconds the match waited for it)
        self.stall_from: float | None = None  # the host's current stall began then
        self.counted = 0.0                    # seconds of it already charged

    def account_stalls(self) -> None:
        """Charge the host's current stall (beyond its first ``STALL_GRACE`` s) to the joiners whose inputs it waits
        for; one charged more than ``stall_budget`` s over the last ``stall_window`` s is lost."""
        s = self.s
        cfg, d, now = s.config, s.sync.driver, s.now
        if d is None or s.phase != RUNNING or not s.sync.stalled or (d.end_tick and d.tick >= d.end_tick) \
                or not cfg.stall_budget or s.settings.mode != ROLLBACK:  # (lockstep waits every tick: not charged)
            self.stall_from = None
            return
        if self.stall_from is None:
            self.stall_from, self.counted = now, 0.0
            return
        over = now - self.stall_from - STALL_GRACE
        if over <= self.counted:
            return
        new, self.counted = over - self.counted, over
        lowest = min(d.known)
        for peer in {s.owners[seat] for seat in range(d.seats) if d.known[seat] == lowest}:
            r = s.remotes.get(peer) if peer else None
            if r is None or r.status == GONE:
                continue
            waits = self.waits.setdefault(peer, deque())
            waits.append((now, new))
            while waits and waits[0][0] < now - cfg.stall_window:
                waits.popleft()
            if sum(w for _, w in waits) > cfg.stall_budget:
                self.lose(r, "made the match wait too long")

    def heard(self, r: Remote) -> float:
        """When ``r`` last counted as present: its last datagram, or (running) the last time its inputs advanced
        while the match waited for them, whichever is older. A peer that keeps sending but withholds its inputs is
        interrupted and dropped like a silent one."""
        if self.s.phase == RUNNING:
            return min(r.last_recv, r.presence.last_progress)
        return r.last_recv

    def progress(self, r: Remote) -> None:
        """Note whether ``r``'s inputs advance, or whether it is not the one the match waits for (its input frontier
        is not behind every other seat's)."""
        s = self.s
        d = s.sync.driver
        if d is None or s.phase != RUNNING:
            r.presence.last_progress = s.now
            return
        own = [d.known[seat] for seat in range(d.seats) if s.owners[seat] == r.index]
        if not own:
            r.presence.last_progress = s.now
            return
        f = min(own)
        if f > r.presence.frontier:
            r.presence.frontier = f
            r.presence.last_progress = s.now
            return
        others = [d.known[seat] for seat in range(d.seats) if s.owners[seat] != r.index]
        if not others or f >= min(others) or (d.end_tick and f >= d.end_tick - 1):
            r.presence.last_progress = s.now

    def check(self, r: Remote) -> None:
        s = self.s
        if s.phase == FINISHING:
            if s.now >= r.last_recv + s.config.interrupt_after and s.role_part.final_sent \
                    and r.inputs.log_acked >= len(r.log_out):
                r.bye = True  # finished and gone quiet: its BYE was lost
                return
        super().check(r)

    def interrupted(self, r: Remote) -> None:
        self.s.relay.notify_all(StatusItem(r.index, StatusItem.INTERRUPTED), but=r)

    def resumed(self, r: Remote) -> None:
        super().resumed(r)
        self.s.relay.notify_all(StatusItem(r.index, StatusItem.RESUMED), but=r)

    def timed_out(self, r: Remote, heard: float) -> None:
        self.lose(r, "timed out" if heard == r.last_recv else "withheld its inputs")

    def drop_peer(self, peer: int, reason: str = "dropped by the host") -> bool:
        """Host, running: give up waiting for ``peer`` now (its seats are dropped at the same tick everywhere and the
        host plays them: a bot takes over). The peer, if it is still there, is told. False if nothing to drop."""
        s = self.s
        r = s.remotes.get(peer)
        if s.phase != RUNNING or r is None or r.status == GONE:
            return False
        s.send(r, Bye(Reason.DROPPED, "you were dropped from the match"))
        self.lose(r, reason)
        return True

    def lose(self, r: Remote, reason: str, left: bool = False) -> None:
        """``r`` is out (``left``: it said goodbye, else its connection was lost). While running, its seats are dropped
        at the tick after the last input the host holds."""
        s = self.s
        r.status = GONE
        s.disconnects += 1
        if s.sync.timesync:
            s.sync.timesync.forget(r.index)
        s.emit(Disconnected(r.index, reason, left))
        s.relay.notify_all(StatusItem(r.index, StatusItem.LEFT if left else StatusItem.GONE), but=r)
        d = s.sync.driver
        if s.phase != RUNNING or (d is None and s.auth is None):
            return
        for seat, o in enumerate(s.owners):
            if o != r.index:
                continue
            if s.auth is not None:  # a turn game: the host's bot plays the seat from its next tick
                tick = s.auth.now_tick
            else:
                tick = d.known[seat] + 1
                d.fill(seat, s.sync.requested_tick)
            s.owners[seat] = 0
            s.local_seats = sorted(s.local_seats + [seat])
            s.dropped[seat] = r.index
            s.late_joiners.lost(seat, r)
            s.bots[seat] = s.drop_level
            s.emit(SeatDropped(seat, tick, r.index))
            s.relay.notify_all(DropItem(seat, tick, r.index, s.drop_level), but=r)
        if s.auth is None:
            for o in s.remotes.values():
                s.inputs.mark(o, urgent=True)


class JoinerPresence(Presence):
    """A joiner: the host lost is the end of this session; the host's notices of drops and peers' status."""

    def __init__(self, session: JoinerPresenceSession) -> None:
        super().__init__(session)
        session.router.on_notice(DropItem, self.on_drop)
        session.router.on_notice(StatusItem, self.on_status)

    def timed_out(self, r: Remote, heard: float) -> None:
        s = self.s
        if s.phase == FINISHING:
            s.enter(DONE)
        elif s.auth is not None and s.auth.host_gone("the host went silent without revealing the deal"):
            s.emit(Disconnected(0, "timed out"))
            s.disconnects += 1
        else:
            s.emit(Disconnected(0, "timed out"))
            s.disconnects += 1
            s.fail(f"lost the host (silent for {s.config.timeout:g} s)", FailReason.HOST_LOST, rejoin=True)

    def on_drop(self, r: Remote, it: DropItem) -> None:
        """The host's bot plays ``seat`` of the lost ``peer`` from ``tick`` (in a turn game the owner list of the
        host's views may have told it first), at ``level`` when told."""
        s = self.s
        seat = it.seat
        if it.level is not None and seat < len(s.owners):
            s.bots[seat] = it.level
        if seat < len(s.owners) and s.owners[seat] != 0:
            s.owners[seat] = 0
            s.dropped[seat] = it.peer
            s.emit(SeatDropped(seat, it.tick, it.peer))
            if it.peer == s.index:
                s.fail("dropped from the match by the host", FailReason.REMOVED, rejoin=True)

    def on_status(self, r: Remote, it: StatusItem) -> None:
        """Another peer was interrupted, resumed or disconnected, as the host sees it."""
        s = self.s
        if it.peer != s.index:
            if it.status in (StatusItem.GONE, StatusItem.LEFT):
                s.disconnects += 1
            s.emit((Interrupted(it.peer), Resumed(it.peer), Disconnected(it.peer),
                    Disconnected(it.peer, "left", left=True))[it.status - 1])
