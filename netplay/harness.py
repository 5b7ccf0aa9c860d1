"""Run several sessions over one ``MemoryNetwork`` on its virtual clock (tests and benchmarks).

Time jumps from event to event: the earliest of every session's ``next_wakeup()``, the next datagram landing, and the
next scheduled action. Nothing sleeps, so three minutes of an impaired four-peer match take seconds, and the same
seeds give the same run.
"""

from __future__ import annotations

import heapq
from typing import Any, Callable, Iterable

from .requests import fulfil
from .transport import MemoryNetwork

__all__ = ["VirtualRun"]


class VirtualRun:
    """``sessions``: the peers (each with ``update(now)``, ``next_wakeup()``, ``done``, ``transport``, ``sim``):
    the requests each update returns are fulfilled on the peer's ``sim`` at once (``netplay.requests.fulfil``).

    ``at(t, action)`` schedules ``action()`` at virtual time ``t``; ``stop(session)`` stops updating a peer (a
    killed process: its transport is closed, so datagrams to it are lost). ``run(until, max_time)`` returns the
    virtual time reached.
    """

    def __init__(self, network: MemoryNetwork, sessions: Iterable[Any]) -> None:
        self.network = network
        self.clock = network.clock
        self.sessions = list(sessions)
        self.stopped: set[int] = set()
        self._actions: list[tuple[float, int, Callable[[], None]]] = []
        self._n = 0
        self.steps = 0

    def add(self, session: Any) -> None:
        self.sessions.append(session)

    def at(self, t: float, action: Callable[[], None]) -> None:
        self._n += 1
        heapq.heappush(self._actions, (t, self._n, action))

    def stop(self, session: Any) -> None:
        self.stopped.add(id(session))
        session.transport.close()

    def live(self) -> list[Any]:
        return [s for s in self.sessions if not s.done and id(s) not in self.stopped]

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
                if id(s) in self.stopped:
                    continue
                inbox = getattr(s.transport, "inbox", None)
                if inbox or wake.get(id(s), now) <= now:
                    requests = s.update(now)
                    if requests:
                        fulfil(s.sim, requests, s.stats)
                    wake[id(s)] = s.next_wakeup()
            self.steps += 1
        return clock.now
