"""Run several sessions over one ``MemoryNetwork`` on its virtual clock (tests and benchmarks).

Time jumps from event to event: the earliest of every session's ``next_wakeup()``, the next datagram landing, and the
next scheduled action. Nothing sleeps, so three minutes of an impaired four-peer match take seconds, and the same
seeds give the same run.
"""

from __future__ import annotations

import heapq
from typing import Any, Callable, Iterable

from .runner import Runner
from .transport import MemoryNetwork

__all__ = ["VirtualRun"]


class VirtualRun:
    """Runs peers over ``network``: each a ``netplay.runner.Runner`` (the one loop: update, build on start, fulfil
    the requests, events), given as ``(session, build)`` pairs (``build(started) -> sim``, see ``Runner``) or added
    with ``add``. Each runner's events are kept until ``poll_events(session)`` takes them.

    ``at(t, action)`` schedules ``action()`` at virtual time ``t``; ``stop(session)`` stops updating a peer (a
    killed process: its transport is closed, so datagrams to it are lost). ``run(until, max_time)`` returns the
    virtual time reached. ``sim(session)`` is the simulation that peer's caller built (None before the start).
    """

    def __init__(self, network: MemoryNetwork, peers: Iterable[tuple[Any, Callable[[Any], Any]]] = ()) -> None:
        self.network = network
        self.clock = network.clock
        self.runners: list[Runner] = []
        self._by_session: dict[int, Runner] = {}
        self._events: dict[int, list[Any]] = {}
        self.stopped: set[int] = set()
        self._actions: list[tuple[float, int, Callable[[], None]]] = []
        self._n = 0
        self.steps = 0
        for session, build in peers:
            self.add(session, build)

    def add(self, session: Any, build: Callable[[Any], Any]) -> Runner:
        r = Runner(session, build)
        self.runners.append(r)
        self._by_session[id(session)] = r
        return r

    def runner(self, session: Any) -> Runner:
        return self._by_session[id(session)]

    def sim(self, session: Any) -> Any:
        return self._by_session[id(session)].sim

    def poll_events(self, session: Any) -> list[Any]:
        """The events of ``session`` since the last call (its runner's updates), oldest first."""
        return self._events.pop(id(session), [])

    def at(self, t: float, action: Callable[[], None]) -> None:
        self._n += 1
        heapq.heappush(self._actions, (t, self._n, action))

    def stop(self, session: Any) -> None:
        self.stopped.add(id(session))
        session.transport.close()

    def live(self) -> list[Runner]:
        return [r for r in self.runners if not r.done and id(r.session) not in self.stopped]

    def run(self, until: Callable[[], bool] | None = None, max_time: float = 600.0) -> float:
        clock, net = self.clock, self.network
        same = 0
        last = clock.now
        wake: dict[int, float] = {}
        while True:
            if until is not None and until():
                break
            live = self.live()
            if not live and not self._actions:
                break
            t = net.next_delivery()
            for s in live:
                w = wake.get(id(s))
                if w is None:
                    w = wake[id(s)] = s.next_wakeup()
                if w < t:
                    t = w
            if self._actions and self._actions[0][0] < t:
                t = self._actions[0][0]
            if t > max_time:
                clock.set(max(clock.now, max_time))
                break
            if t <= last:
                same += 1
                if same > 200:  # a session that keeps asking for "now": let a little time pass
                    t = last + 1e-4
                    same = 0
            else:
                same = 0
            if t > clock.now:
                clock.set(t)
            last = clock.now
            while self._actions and self._actions[0][0] <= clock.now:
                heapq.heappop(self._actions)[2]()
                wake.clear()  # an action may change any session
            net.deliver_due()
            now = clock.now
            for s in live:
                if id(s.session) in self.stopped:
                    continue
                inbox = getattr(s.transport, "inbox", None)
                if inbox or wake.get(id(s), now) <= now:
                    events = s.update(now)
                    if events:
                        self._events.setdefault(id(s.session), []).extend(events)
                    wake[id(s)] = s.next_wakeup()
            self.steps += 1
        return clock.now
