"""Time sync: estimate how many ticks this peer runs ahead of each remote, and slow down a little when ahead.

Every datagram carries the sender's current tick and its own estimate of its advantage. On receipt, the remote's
tick *now* is estimated as ``remote_tick + (rtt / 2) * tick_rate``; this peer's advantage over it is
``local_tick - estimate``. Both sides measure the same gap from opposite ends, so ``ticks_ahead = (mine - theirs)
/ 2`` (averaged over recent samples) is positive on the peer that is ahead and negative on the other. Only the peer
ahead acts: it stretches its tick period by a few per cent (``slowdown``) until the two agree, so nobody ever
freezes to let the other catch up. In a star each joiner syncs with the host and the host with every joiner, which
settles everyone on the slowest clock.
"""

from __future__ import annotations

from collections import deque

__all__ = ["TimeSync"]


class TimeSync:
    """Ticks-ahead estimates per remote peer and the resulting tick-period stretch.

    ``threshold``: ticks ahead below which nothing changes (1.0). ``gain``: extra period per tick ahead (0.02 =
    2 %). ``max_slowdown``: the largest stretch (0.1 = ticks 10 % longer, i.e. 54.5 Hz instead of 60).
    """

    def __init__(self, tick_rate: int, samples: int = 30, threshold: float = 1.0, gain: float = 0.02,
                 max_slowdown: float = 0.1) -> None:
        self.tick_rate = tick_rate
        self.threshold = threshold
        self.gain = gain
        self.max_slowdown = max_slowdown
        self._samples = samples
        self._local: dict[int, deque[float]] = {}
        self._remote: dict[int, deque[float]] = {}
        self._sums: dict[int, list[float]] = {}   # peer -> [sum of local samples, sum of remote samples]
        self._ahead: float | None = 0.0           # cached ticks_ahead()

    def observe(self, peer: int, remote_tick: int, remote_advantage: float, local_tick: int, rtt: float) -> None:
        """Record a datagram from ``peer`` that said it was at ``remote_tick`` with ``remote_advantage`` ticks."""
        est = remote_tick + (rtt / 2.0) * self.tick_rate
        loc = self._local.get(peer)
        if loc is None:
            loc = self._local[peer] = deque(maxlen=self._samples)
            self._remote[peer] = deque(maxlen=self._samples)
            self._sums[peer] = [0.0, 0.0]
        rem, sums = self._remote[peer], self._sums[peer]
        if len(loc) == self._samples:
            sums[0] -= loc[0]
            sums[1] -= rem[0]
        v = local_tick - est
        loc.append(v)
        rem.append(remote_advantage)
        sums[0] += v
        sums[1] += remote_advantage
        self._ahead = None

    def forget(self, peer: int) -> None:
        self._local.pop(peer, None)
        self._remote.pop(peer, None)
        self._sums.pop(peer, None)
        self._ahead = None

    def advantage(self, peer: int) -> float:
        """This peer's mean advantage over ``peer`` in ticks (what it sends to that peer)."""
        s = self._local.get(peer)
        return self._sums[peer][0] / len(s) if s else 0.0

    def ticks_ahead_of(self, peer: int) -> float:
        s = self._local.get(peer)
        if not s:
            return 0.0
        sums = self._sums[peer]
        return (sums[0] - sums[1]) / (2.0 * len(s))

    def ticks_ahead(self) -> float:
        """How far this peer runs ahead of the slowest remote, in ticks (negative when behind all)."""
        if self._ahead is None:
            vals = [self.ticks_ahead_of(p) for p in self._local]
            self._ahead = max(vals) if vals else 0.0
        return self._ahead

    def slowdown(self) -> float:
        """Fraction by which to stretch the tick period now (0.0 when not ahead)."""
        ahead = self.ticks_ahead()
        if ahead < self.threshold:
            return 0.0
        return min(self.max_slowdown, self.gain * ahead)
