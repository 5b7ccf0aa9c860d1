"""Turn clocks and the host watch of a host-authoritative turn game (``netplay.authority``; issue 34).

Board Game Arena's rule: a player who does not move in time does not hold the table. On the host
(``HostClock``, a part of ``HostAuthority``) every seat the referee says is to act (``Referee.to_act()``) and that no
bot of the host plays gets a clock of ``SessionConfig.turn_clock`` seconds (counted in host ticks, so the same in real
and virtual time) for each move: a clock starts when the seat is to act, and again after each of its moves. When it
runs out the host's stand-in plays that move (``Session.stand_in(seat, tick)``, the caller's bot; else its
``input_source``) and every peer is told (``TurnTimedOut``; a ``ClockItem`` notice); a seat that moves on its own
clears its strikes. A joiner whose seat's clock runs out twice in a row (``STRIKES``) is dropped (BYE ``TIMED_OUT``):
its seats go to the host's bot until the player rejoins and claims them back (the late-join claim path). A joiner
that keeps acknowledging but never acts thus holds a move for one clock, never the match.

A clock goes to every joiner as a ``ClockItem`` notice (the seats on a clock with the host tick each runs out at)
once it is in its last ``SHOWN_FROM`` s, so every screen shows the same countdown (``Session.clock_left()``) and a move
made in time costs no datagram.

A joiner (``JoinerClock``, a part of ``JoinerAuthority``) watches the host the other way: if the host's tick (every
VIEW carries it; the host ticks on its own clock whatever the players do) has not moved for
``SessionConfig.host_watch`` s (30) while no clock it was told of is still running (plus ``WATCH_GRACE`` s), it fails
with ``FailReason.HOST_STALLED`` ("the host is not answering") and says goodbye: a host whose referee stopped while
its session keeps answering. A host that is silent is the presence's (``netplay.drops``: "lost the host" after the
timeout). Not caught: a host whose ticks go on but that never applies a move (its player sees the same table).
"""

from __future__ import annotations

import math
from typing import Any, Callable, Protocol

from .endpoint import GONE, Pending, Remote, Router
from .events import FailReason, MatchEnded, NetEvent, TurnTimedOut
from .messages import Bye, ClockItem, Msg, Notice, Reason
from .settings import SessionConfig

__all__ = ["HostClock", "JoinerClock", "TURN_CLOCKS", "SHOWN_FROM", "STRIKES", "WATCH_GRACE"]


class _Auth(Protocol):
    """``session.auth`` as this module uses it (``authority.JoinerAuthority``)."""

    def over(self) -> bool: ...


class _Presence(Protocol):
    """``session.presence`` as this module uses it (``drops.HostDrops``)."""

    def lose(self, r: Remote, reason: str, left: bool = False) -> None: ...


class _Relay(Protocol):
    """``session.relay`` as this module uses it (``relay.Relay``)."""

    def notify_all(self, item: Notice, but: Remote | None = None) -> None: ...


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    period: float


class HostClockSession(Protocol):
    """What ``HostClock`` reads and calls of its session."""

    bots: dict[int, str]
    config: SessionConfig
    input_source: Callable[[int, int], int]
    owners: list[int | None]
    presence: _Presence
    relay: _Relay
    remotes: dict[int, Remote]
    stand_in: Callable[[int, int], int] | None
    sync: _Sync
    def emit(self, ev: NetEvent) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class JoinerClockSession(Protocol):
    """What ``JoinerClock`` reads and calls of its session."""

    auth: _Auth | None
    config: SessionConfig
    end: MatchEnded | None
    now: float
    owners: list[int | None]
    router: Router
    sync: _Sync
    def close(self, reason: str = 'left') -> None: ...
    def emit(self, ev: NetEvent) -> None: ...
    def fail(self, reason: str, kind: FailReason = FailReason.OTHER, **facts: Any) -> None: ...
    @property
    def phase(self) -> str: ...


TURN_CLOCKS = (0, 30, 60, 120)
"""The turn clocks a lobby offers, in seconds (0: off)."""
SHOWN_FROM = 15.0
"""Seconds left from which a clock is shown as a countdown."""
STRIKES = 2
"""Clocks in a row a joiner's seat may let run out; at this many the joiner is dropped."""
WATCH_GRACE = 2.0
"""Seconds a joiner waits past a clock it was told of before it counts the host as stalled (the host's tick and the
joiner's clock are a network delay apart)."""


class HostClock:
    """The host's turn clocks (see the module doc). ``HostAuthority.tick`` calls ``due`` before it gathers the
    inputs, ``stand_in`` for each seat ``due`` returned that has no input, and ``after`` once the tick is simulated."""

    def __init__(self, session: HostClockSession) -> None:
        self.s = session
        self.clocks: dict[int, tuple[int, int]] = {}  # seat -> (its last_acted when it started, host tick it ends)
        self.expired: set[int] = set()                 # seats whose clock ran out and whose move is not made yet
        self.strikes: dict[int, int] = {}              # seat -> clocks in a row run out
        self.stood_in: set[int] = set()                # seats the stand-in gave an input this tick
        self.told: set[int] = set()                    # seats whose clock the joiners were told of
        self.timeouts = 0                              # clocks run out this match

    @property
    def length(self) -> int:
        """The clock in host ticks (0: off)."""
        secs = self.s.config.turn_clock
        return max(1, math.ceil(secs / self.s.sync.period - 1e-9)) if secs and secs > 0 else 0

    def left(self, tick: int) -> dict[int, float]:
        """Seat -> seconds its clock has left at host tick ``tick`` (0 once run out)."""
        period = self.s.sync.period
        return {seat: max(0, until - tick) * period for seat, (_, until) in self.clocks.items()}

    def due(self, sim: Any) -> set[int]:
        """Before host tick ``sim.tick``: the seats whose clock ran out, their move not made yet. A clock running out
        counts a strike, raises ``TurnTimedOut`` and is told to every joiner; a joiner's seat at ``STRIKES`` in a row
        is dropped (``HostDrops.lose``: the host's bot plays its seats from this tick)."""
        s = self.s
        timed = 0
        for seat, (_, until) in sorted(self.clocks.items()):
            if seat in self.expired or sim.tick < until:
                continue
            self.expired.add(seat)
            self.told.add(seat)
            timed |= 1 << seat
            self.timeouts += 1
            k = self.strikes[seat] = self.strikes.get(seat, 0) + 1
            peer = s.owners[seat]
            s.emit(TurnTimedOut(seat, sim.tick, peer if peer is not None else 0, k))
        if timed:
            self.tell(timed)
        for seat in sorted(self.expired):
            peer = s.owners[seat]
            if self.strikes.get(seat, 0) < STRIKES or not peer:
                continue
            r = s.remotes.get(peer)
            for own in range(len(s.owners)):
                if s.owners[own] == peer:
                    self.strikes[own] = 0
            if r is not None and r.status != GONE:
                s.send(r, Bye(Reason.TIMED_OUT, "your turn clock ran out twice in a row"))
                s.presence.lose(r, f"let the turn clock run out {STRIKES} times in a row")
        return {seat for seat in self.expired if s.owners[seat] is not None and seat not in s.bots}

    def stand_in(self, seat: int, tick: int) -> int:
        """The stand-in's input for ``seat`` at ``tick`` (the caller's bot; 0 while it thinks)."""
        s = self.s
        n = (s.stand_in or s.input_source)(seat, tick)
        if n:
            self.stood_in.add(seat)
        return n

    def after(self, sim: Any, acted_before: dict[int, int]) -> None:
        """After the tick: a seat that moved on its own clears its strikes; clocks end and start as the referee's
        seats to act say."""
        for seat, was in acted_before.items():
            if sim.last_acted(seat) != was and seat not in self.stood_in:
                self.strikes[seat] = 0
        self.stood_in.clear()
        self.follow(sim)

    def follow(self, sim: Any) -> None:
        """Start a clock for each seat now to act (no bot of the host plays it), end those of seats that moved or are
        no longer to act. Joiners are told (``tell``) of the clocks in their last ``SHOWN_FROM`` s only: a clock
        entering them, running out, or ending once told (a move made in time costs no datagram)."""
        s = self.s
        n = self.length
        to_act = getattr(sim, "to_act", None)
        seats: tuple[int, ...] = ()
        if n and to_act is not None and not sim.is_over() and s.phase == "running":
            seats = tuple(seat for seat in to_act() if 0 <= seat < len(s.owners) and seat not in s.bots)
        changed = False
        for seat in list(self.clocks):
            if seat not in seats or sim.last_acted(seat) != self.clocks[seat][0]:
                del self.clocks[seat]
                self.expired.discard(seat)
                if seat in self.told:
                    self.told.discard(seat)
                    changed = True
        shown = math.ceil(SHOWN_FROM / self.s.sync.period)
        for seat in seats:
            if seat not in self.clocks:
                self.clocks[seat] = (sim.last_acted(seat), sim.tick + n)
            if seat not in self.told and self.clocks[seat][1] - sim.tick <= shown:
                self.told.add(seat)
                changed = True
        if changed:
            self.tell(0)

    def tell(self, timed: int) -> None:
        """A ``ClockItem`` to every joiner: the clocks told (see ``follow``), ``timed``: a bit a seat whose clock just
        ran out."""
        s = self.s
        item = ClockItem([[seat, until] for seat, (_, until) in sorted(self.clocks.items()) if seat in self.told],
                         int(round(s.config.turn_clock * 1000)) if self.length else 0, timed)
        s.relay.notify_all(item)


class JoinerClock:
    """A joiner's view of the host's turn clocks, and its watch on the host (see the module doc)."""

    def __init__(self, session: JoinerClockSession) -> None:
        self.s = session
        self.until: dict[int, float] = {}  # seat -> session time its clock runs out (as told)
        self.ms = 0                        # the host's clock length (0: off or not told)
        self.host_tick = -1
        self.moved_at = session.now        # the host's tick last moved then
        session.router.on_notice(ClockItem, self.on_clock)

    def on_clock(self, r: Any, it: ClockItem) -> None:
        s = self.s
        auth = s.auth
        tick = auth.host_tick if auth is not None else 0
        period = s.sync.period
        self.ms = it.ms
        self.until = {seat: s.now + max(0, until - tick) * period for seat, until in it.clocks}
        for seat in range(len(s.owners)):
            if it.timed_out >> seat & 1:
                o = s.owners[seat]
                s.emit(TurnTimedOut(seat, tick, o if o is not None else 0))

    def left(self) -> dict[int, float]:
        now = self.s.now
        return {seat: max(0.0, t - now) for seat, t in self.until.items()}

    def host_moved(self, tick: int) -> None:
        """A VIEW said the host is at ``tick``."""
        if tick > self.host_tick:
            self.host_tick = tick
            self.moved_at = self.s.now

    def stalled_since(self) -> float | None:
        """Since when the host counts as not answering (None: it answers)."""
        s = self.s
        watch = s.config.host_watch
        if not watch or watch <= 0:
            return None
        clock_end = max(self.until.values(), default=-math.inf) + WATCH_GRACE
        if s.now >= self.moved_at + watch and s.now >= clock_end:
            return self.moved_at
        return None

    def watch(self) -> None:
        """Fail with ``HOST_STALLED`` once ``stalled_since`` says so (running, the match not over)."""
        s = self.s
        if s.phase != "running" or s.end is not None or s.auth is None or s.auth.over():
            return
        since = self.stalled_since()
        if since is not None:
            s.close("the host is not answering")  # a goodbye: the host stops sending
            s.fail(f"the host is not answering: its match has not moved for {s.now - since:.0f} s",
                   FailReason.HOST_STALLED)
