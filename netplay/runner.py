"""The one loop around a netplay session: update -> build on start -> fulfil the requests -> events.

Every caller of a session runs this loop and no other: the client's LAN link, the headless ``grisbi-arcade host`` /
``join``, the virtual-time harness (``netplay.harness``) and the bench. Once per frame (or whenever a datagram
arrives or ``next_wakeup()`` comes):

1. ``session.update(now)`` reads datagrams, runs timers and returns the requests of the ticks that are due;
2. a ``Started`` event among the new events hands the caller's ``build(started)`` what it needs to build its
   simulation (settings, seed, seat owners); in a host-authoritative turn game the built referee or view store is
   attached to the session (``Session.attach``);
3. the requests are fulfilled on that simulation, in order (``netplay.requests.fulfil``); a simulation that raises
   fails the session with a typed reason (``Session.request_failed``), never the caller;
4. the events are returned to the caller, oldest first.

The session never builds nor holds the simulation; the runner holds the one the caller built (``sim``).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from .events import NetEvent, Started
from .requests import Request, fulfil
from .settings import AUTHORITY
from .stats import NetStats
from .transport import Transport

__all__ = ["Runner", "RunnerSession"]


class RunnerSession(Protocol):
    """What the runner uses of a session (``netplay.session.Session``'s public API)."""

    transport: Transport
    stats: NetStats
    @property
    def done(self) -> bool: ...
    def next_wakeup(self) -> float: ...
    def update(self, now: float) -> list[Request]: ...
    def poll_events(self) -> list[NetEvent]: ...
    def attach(self, sim: Any) -> None: ...
    def request_failed(self, error: BaseException) -> None: ...


class Runner:
    """Runs ``session`` (a ``netplay.session.Session``); ``build(started) -> sim`` builds this peer's simulation when
    the match starts: anything with ``save / load / advance / checksum`` (rollback, lockstep), or a
    ``netplay.authority.Referee`` (host) / ``ViewStore`` (joiner) in a host-authoritative turn game."""

    def __init__(self, session: RunnerSession, build: Callable[[Started], Any]) -> None:
        self.session = session
        self.build = build
        self.sim: Any = None
        self.fulfil_seconds = 0.0  # time spent carrying out requests (the bench reads it)

    @property
    def transport(self) -> Transport:
        return self.session.transport

    @property
    def done(self) -> bool:
        return self.session.done

    def next_wakeup(self) -> float:
        """When ``update`` should next be called if no datagram arrives (seconds, the session's clock)."""
        return self.session.next_wakeup()

    def update(self, now: float) -> list[NetEvent]:
        """One turn of the loop at time ``now`` (seconds); returns the events raised, oldest first."""
        s = self.session
        requests = s.update(now)
        events = s.poll_events()
        for ev in events:
            if isinstance(ev, Started):
                try:
                    self.sim = self.build(ev)
                    if ev.settings is not None and ev.settings.mode == AUTHORITY:
                        s.attach(self.sim)
                except Exception as e:  # this machine cannot build the match it was dealt: fail, never crash
                    s.request_failed(e)
                    requests = []
        if requests and not s.done:
            try:
                self.fulfil_seconds += fulfil(self.sim, requests, s.stats)
            except Exception as e:  # a state the game cannot load (a host's bad snapshot): a typed failure
                s.request_failed(e)
        return events + s.poll_events()

    def run(self, clock: Callable[[], float], on_events: Callable[[list[NetEvent]], None],
            until: Callable[[], bool] | None = None, max_wait: float = 0.05) -> None:
        """Run in real time until the session is done (or ``until()``): ``on_events`` gets each update's events;
        between updates, wait on the transport for a datagram or the next wake-up (at most ``max_wait`` s)."""
        while not self.done and not (until is not None and until()):
            on_events(self.update(clock()))
            wait = self.next_wakeup() - clock()
            if wait > 0:
                self.transport.wait(min(wait, max_wait))
        on_events(self.session.poll_events())
