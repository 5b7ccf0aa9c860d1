"""Datagram transports: non-blocking UDP behind a small interface, and an in-memory network with a virtual clock.

Every transport has the same shape (``Transport``): ``send(data, address)`` never blocks and never raises for a
network problem (a datagram the system cannot send is dropped and counted, as the network itself would);
``receive(limit)`` returns the datagrams that have arrived, oldest first, without waiting.

- ``UdpTransport``: a non-blocking UDP socket registered with a ``selectors`` selector; ``wait(timeout)`` sleeps
  until a datagram is readable or the timeout passes (the real-time loop's only wait).
- ``MemoryNetwork`` / ``MemoryTransport``: datagrams between named addresses, delivered on a ``VirtualClock`` with
  seeded ``Impairment`` s (latency, jitter, loss, duplication, reordering) per direction, plus blackouts; a test drives
  time explicitly, so a three-minute impaired match runs in seconds and gives the same result every time.

Addresses are ``(host, port)`` tuples in both. Times are seconds (floats).
"""

from __future__ import annotations

import hashlib
import heapq
import random
import selectors
import socket
from dataclasses import dataclass, field
from typing import Callable, Protocol

__all__ = ["Address", "Transport", "UdpTransport", "Impairment", "VirtualClock", "MemoryNetwork", "MemoryTransport",
           "RECEIVE_BUFFER"]

Address = tuple[str, int]

RECEIVE_BUFFER = 2048
"""Bytes read per datagram. Anything longer is truncated by the system, and still longer than ``wire.MAX_DATAGRAM``,
so it is rejected as oversized."""


class Transport(Protocol):
    """What a session needs from the network."""

    address: Address

    def send(self, data: bytes, address: Address) -> None: ...
    def receive(self, limit: int = 512) -> list[tuple[bytes, Address]]: ...
    def close(self) -> None: ...


class UdpTransport:
    """A non-blocking UDP socket bound to ``bind`` (default: an ephemeral port on 127.0.0.1).

    ``send_errors`` counts datagrams the system refused (full buffer, unreachable port); ``receive_errors`` counts
    errors reported on reading (e.g. an ICMP "port unreachable" for an earlier datagram). Neither raises.
    Raises ``OSError`` only from the constructor (address in use, bad bind address).
    """

    def __init__(self, bind: Address = ("127.0.0.1", 0), *, broadcast: bool = False, reuse: bool = False) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            if reuse:
                self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if hasattr(socket, "SO_REUSEPORT"):
                    self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            if broadcast:
                self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            self.sock.setblocking(False)
            self.sock.bind(bind)
        except OSError:
            self.sock.close()
            raise
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.sock, selectors.EVENT_READ)
        self.address: Address = self.sock.getsockname()[:2]
        self.send_errors = 0
        self.receive_errors = 0
        self.closed = False

    def send(self, data: bytes, address: Address) -> None:
        try:
            self.sock.sendto(data, address)
        except (OSError, ValueError, TypeError, OverflowError):
            self.send_errors += 1

    def receive(self, limit: int = 512) -> list[tuple[bytes, Address]]:
        out: list[tuple[bytes, Address]] = []
        if self.closed:
            return out
        errors = 0
        while len(out) < limit:
            try:
                data, address = self.sock.recvfrom(RECEIVE_BUFFER)
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                self.receive_errors += 1
                errors += 1
                if errors > 8:
                    break
                continue
            out.append((data, address[:2]))
        return out

    def wait(self, timeout: float) -> bool:
        """Sleep until a datagram is readable or ``timeout`` seconds pass. True if something is readable."""
        if self.closed:
            return False
        return bool(self.selector.select(min(max(0.0, timeout), 3600.0)))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.selector.close()
            self.sock.close()


@dataclass(frozen=True)
class Impairment:
    """A seeded model of a bad network path, one direction.

    ``latency``: one-way delay in seconds; ``jitter``: each datagram's delay varies uniformly by +-jitter seconds;
    ``loss``, ``duplicate``, ``reorder``: probabilities (0..1). Datagrams stay in order unless chosen for reordering:
    such a datagram is held back an extra ``reorder_delay`` (uniform in that range, seconds) and does not hold back the
    ones after it, so they overtake it. A duplicated datagram arrives twice (the copy up to ``jitter`` later).
    """

    latency: float = 0.0
    jitter: float = 0.0
    loss: float = 0.0
    duplicate: float = 0.0
    reorder: float = 0.0
    reorder_delay: tuple[float, float] = (0.005, 0.040)

    def deliveries(self, rng: random.Random, now: float, in_order_after: float) -> tuple[list[float], float]:
        """Delivery times of one datagram sent at ``now`` (empty when lost), and the new in-order bound."""
        if self.loss and rng.random() < self.loss:
            return [], in_order_after
        t = now + max(0.0, self.latency + (rng.uniform(-self.jitter, self.jitter) if self.jitter else 0.0))
        if self.reorder and rng.random() < self.reorder:
            t += rng.uniform(*self.reorder_delay)
        else:
            t = max(t, in_order_after)
            in_order_after = t
        times = [t]
        if self.duplicate and rng.random() < self.duplicate:
            times.append(t + rng.uniform(0.0, self.jitter or 0.002))
        return times, in_order_after

    @classmethod
    def from_rtt(cls, rtt: float, jitter: float = 0.0, loss: float = 0.0, duplicate: float = 0.0,
                 reorder: float = 0.0) -> "Impairment":
        """One direction of a path with round-trip time ``rtt`` seconds (latency = rtt / 2)."""
        return cls(latency=rtt / 2, jitter=jitter, loss=loss, duplicate=duplicate, reorder=reorder)


class VirtualClock:
    """A clock that moves only when told (seconds). Call it to read the time."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def set(self, t: float) -> None:
        if t < self.now:
            raise ValueError("a virtual clock never goes back")
        self.now = t


def _link_seed(seed: int, src: Address, dst: Address) -> int:
    text = f"{seed}|{src[0]}:{src[1]}|{dst[0]}:{dst[1]}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


@dataclass
class _Link:
    impairment: Impairment
    rng: random.Random
    in_order_after: float = 0.0


@dataclass(order=True)
class _Flight:
    at: float
    order: int
    dst: Address = field(compare=False)
    src: Address = field(compare=False)
    data: bytes = field(compare=False)


class MemoryNetwork:
    """An in-memory datagram network on a virtual clock, with seeded impairments per direction.

    Each direction ``(src, dst)`` has its own impairment and its own generator (seeded from ``seed`` and the two
    addresses), so traffic on one path never changes what happens on another (junk sent at a host does not alter the
    peers' own paths). ``blackout(address, start, end)`` drops everything sent to or from an address in that time.
    ``taps`` are called as ``tap(src, dst, data, now)`` for every datagram sent (tests capture traffic with them).
    """

    def __init__(self, seed: int = 0, impairment: Impairment = Impairment(), clock: VirtualClock | None = None) -> None:
        self.seed = seed
        self.default = impairment
        self.clock = clock or VirtualClock()
        self._links: dict[tuple[Address, Address], _Link] = {}
        self._custom: dict[tuple[Address, Address], Impairment] = {}
        self._flights: list[_Flight] = []
        self._order = 0
        self._transports: dict[Address, MemoryTransport] = {}
        self._blackouts: list[tuple[Address, float, float]] = []
        self.taps: list[Callable[[Address, Address, bytes, float], None]] = []
        self.sent = 0
        self.dropped = 0

    # --- configuration ---

    def transport(self, address: Address) -> "MemoryTransport":
        """A transport bound to ``address``. Raises OSError if that address is already bound."""
        if address in self._transports and not self._transports[address].closed:
            raise OSError(f"address {address} already in use")
        t = MemoryTransport(self, address)
        self._transports[address] = t
        return t

    def set_path(self, a: Address, b: Address, impairment: Impairment, back: Impairment | None = None) -> None:
        """Impair ``a -> b`` with ``impairment`` and ``b -> a`` with ``back`` (default: the same)."""
        self._custom[(a, b)] = impairment
        self._custom[(b, a)] = back if back is not None else impairment
        self._links.pop((a, b), None)
        self._links.pop((b, a), None)

    def blackout(self, address: Address, start: float, end: float) -> None:
        """Drop every datagram to or from ``address`` sent (or due) in ``[start, end)``."""
        self._blackouts.append((address, start, end))

    def _dark(self, address: Address, t: float) -> bool:
        return any(a == address and s <= t < e for a, s, e in self._blackouts)

    def _link(self, src: Address, dst: Address) -> _Link:
        link = self._links.get((src, dst))
        if link is None:
            link = _Link(self._custom.get((src, dst), self.default), random.Random(_link_seed(self.seed, src, dst)))
            self._links[(src, dst)] = link
        return link

    # --- traffic ---

    def send(self, src: Address, dst: Address, data: bytes) -> None:
        now = self.clock.now
        self.sent += 1
        for tap in self.taps:
            tap(src, dst, data, now)
        if self._blackouts and (self._dark(src, now) or self._dark(dst, now)):
            self.dropped += 1
            return
        link = self._link(src, dst)
        times, link.in_order_after = link.impairment.deliveries(link.rng, now, link.in_order_after)
        if not times:
            self.dropped += 1
        for t in times:
            self._push(t, src, dst, data)

    def inject(self, src: Address, dst: Address, data: bytes, at: float | None = None) -> None:
        """Deliver ``data`` as if sent by ``src`` (any address: spoofing is allowed here), with no impairment and
        without touching any path's generator; at ``at`` (default: now)."""
        self._push(self.clock.now if at is None else at, src, dst, bytes(data))

    def _push(self, at: float, src: Address, dst: Address, data: bytes) -> None:
        self._order += 1
        heapq.heappush(self._flights, _Flight(at, self._order, dst, src, data))

    def next_delivery(self) -> float:
        """When the next datagram in flight lands (``inf`` if none)."""
        return self._flights[0].at if self._flights else float("inf")

    def deliver_due(self) -> None:
        """Move every datagram due by now into its destination's inbox (called by ``receive``)."""
        now = self.clock.now
        flights = self._flights
        while flights and flights[0].at <= now:
            f = heapq.heappop(flights)
            t = self._transports.get(f.dst)
            if t is None or t.closed or (self._blackouts and self._dark(f.dst, f.at)):
                self.dropped += 1
                continue
            t.inbox.append((f.data, f.src))

    def pending_for(self, address: Address) -> bool:
        """True if a datagram for ``address`` is due now."""
        self.deliver_due()
        t = self._transports.get(address)
        return t is not None and bool(t.inbox)


class MemoryTransport:
    """One bound address of a ``MemoryNetwork``."""

    def __init__(self, network: MemoryNetwork, address: Address) -> None:
        self.network = network
        self.address = address
        self.inbox: list[tuple[bytes, Address]] = []
        self.closed = False

    def send(self, data: bytes, address: Address) -> None:
        if not self.closed:
            self.network.send(self.address, tuple(address), bytes(data))

    def receive(self, limit: int = 512) -> list[tuple[bytes, Address]]:
        if self.closed:
            return []
        self.network.deliver_due()
        out, self.inbox = self.inbox[:limit], self.inbox[limit:]
        return out

    def close(self) -> None:
        self.closed = True
        self.inbox.clear()
