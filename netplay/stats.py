"""Network and rollback statistics for the HUD and for match summaries.

Per remote peer (``LinkStats``): RTT mean and jitter (seconds, mean absolute difference of successive samples),
inbound loss (share of sequence numbers never received), datagrams and bytes each way. For the session
(``NetStats``): bytes/s in and out (over the last second and since the start), ticks ahead, rollbacks with a depth
histogram, re-simulation time (seconds of CPU), stalls (tick slots the session could not advance), datagrams rejected
by reason.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Any

__all__ = ["LinkStats", "NetStats"]


@dataclass
class LinkStats:
    """Statistics of one remote peer's link."""

    rtt_samples: deque = field(default_factory=lambda: deque(maxlen=64))
    first_seq: int = 0
    top_seq: int = 0
    received: int = 0
    bytes_in: int = 0
    bytes_out: int = 0
    datagrams_out: int = 0

    def add_rtt(self, rtt: float) -> None:
        if 0.0 <= rtt < 60.0:
            self.rtt_samples.append(rtt)

    @property
    def rtt(self) -> float:
        """Mean RTT in seconds (0.0 before the first sample)."""
        s = self.rtt_samples
        return sum(s) / len(s) if s else 0.0

    @property
    def jitter(self) -> float:
        """Mean absolute difference between successive RTT samples, seconds."""
        s = list(self.rtt_samples)
        if len(s) < 2:
            return 0.0
        return sum(abs(a - b) for a, b in zip(s, s[1:])) / (len(s) - 1)

    def on_datagram(self, seq: int, size: int) -> None:
        if self.received == 0:
            self.first_seq = seq
        self.top_seq = max(self.top_seq, seq)
        self.received += 1
        self.bytes_in += size

    @property
    def loss(self) -> float:
        """Share of the remote's datagrams (by sequence number) that never arrived (duplicates are not counted)."""
        expected = self.top_seq - self.first_seq + 1 if self.received else 0
        if expected <= 0:
            return 0.0
        return max(0.0, 1.0 - self.received / expected)


class _Rate:
    def __init__(self) -> None:
        self.window: deque[tuple[float, int]] = deque()
        self.total = 0

    def add(self, now: float, n: int) -> None:
        self.total += n
        self.window.append((now, n))
        while self.window and self.window[0][0] < now - 1.0:
            self.window.popleft()

    def per_second(self, now: float) -> float:
        while self.window and self.window[0][0] < now - 1.0:
            self.window.popleft()
        return float(sum(n for _, n in self.window))


class NetStats:
    """Everything the HUD shows about a session. ``snapshot(now)`` returns a plain dict."""

    def __init__(self, now: float = 0.0) -> None:
        self.started = now
        self.bytes_sent = 0
        self.bytes_received = 0
        self.datagrams_sent = 0
        self.datagrams_received = 0
        self._out = _Rate()
        self._in = _Rate()
        self.rejected: Counter[str] = Counter()
        self.links: dict[int, LinkStats] = {}
        self.ticks_ahead = 0.0
        self.rollbacks = 0
        self.rollback_depths: Counter[int] = Counter()
        self.max_rollback = 0
        self.resim_ticks = 0
        self.resim_seconds = 0.0
        self.stalls = 0
        self.ticks = 0

    def link(self, peer: int) -> LinkStats:
        ls = self.links.get(peer)
        if ls is None:
            ls = self.links[peer] = LinkStats()
        return ls

    def sent(self, now: float, peer: int | None, size: int) -> None:
        self.bytes_sent += size
        self.datagrams_sent += 1
        self._out.add(now, size)
        if peer is not None:
            ls = self.link(peer)
            ls.bytes_out += size
            ls.datagrams_out += 1

    def received(self, now: float, peer: int | None, seq: int, size: int) -> None:
        self.bytes_received += size
        self.datagrams_received += 1
        self._in.add(now, size)
        if peer is not None:
            self.link(peer).on_datagram(seq, size)

    def reject(self, reason: str) -> None:
        self.rejected[reason] += 1

    def rollback(self, depth: int, seconds: float) -> None:
        self.rollbacks += 1
        self.rollback_depths[depth] += 1
        self.max_rollback = max(self.max_rollback, depth)
        self.resim_ticks += depth
        self.resim_seconds += seconds

    def snapshot(self, now: float) -> dict[str, Any]:
        elapsed = max(1e-9, now - self.started)
        rtts = [ls.rtt for ls in self.links.values() if ls.rtt_samples]
        jit = [ls.jitter for ls in self.links.values() if ls.rtt_samples]
        loss = [ls.loss for ls in self.links.values() if ls.received]
        return {
            "rtt": max(rtts) if rtts else 0.0,
            "jitter": max(jit) if jit else 0.0,
            "loss": max(loss) if loss else 0.0,
            "bytes_out_per_s": self._out.per_second(now),
            "bytes_in_per_s": self._in.per_second(now),
            "mean_bytes_out_per_s": self.bytes_sent / elapsed,
            "mean_bytes_in_per_s": self.bytes_received / elapsed,
            "bytes_sent": self.bytes_sent,
            "bytes_received": self.bytes_received,
            "ticks_ahead": self.ticks_ahead,
            "rollbacks": self.rollbacks,
            "rollback_depths": dict(sorted(self.rollback_depths.items())),
            "max_rollback": self.max_rollback,
            "resim_ticks": self.resim_ticks,
            "resim_seconds": self.resim_seconds,
            "stalls": self.stalls,
            "ticks": self.ticks,
            "rejected": dict(self.rejected),
            "links": {p: {"rtt": ls.rtt, "jitter": ls.jitter, "loss": ls.loss, "bytes_in": ls.bytes_in,
                          "bytes_out": ls.bytes_out} for p, ls in sorted(self.links.items())},
        }
