#!/usr/bin/env python3
"""A seeded UDP impairment proxy on loopback: delay, jitter, loss, duplication and reordering, for a bounded time.

Put it between joiners and a host to try a bad network::

    python tools/netproxy.py --listen 127.0.0.1:7000 --target 127.0.0.1:7777 --latency 60 --jitter 20 \\
        --loss 0.1 --duplicate 0.02 --reorder 0.05 --seed 1 --duration 120
    grisbi-arcade join 127.0.0.1:7000 --code ABCD --seats bot --headless

Each client address gets its own upstream socket, so the host sees one address per client and its answers go back
to the right client. Both directions get the same impairment (``--latency`` is one way, in ms: an RTT of 2x). The
model is ``netplay.transport.Impairment`` (the in-memory network's), with one seeded generator per direction, so a
given seed impairs the same datagrams in the same way. The proxy only binds and forwards to loopback addresses
(127.0.0.0/8). It stops after ``--duration`` seconds and prints a line of counts.
"""

from __future__ import annotations

import argparse
import heapq
import ipaddress
import os
import random
import selectors
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from netplay.transport import RECEIVE_BUFFER, Impairment  # noqa: E402

Address = tuple[str, int]


def _loopback(addr: Address) -> Address:
    if not ipaddress.ip_address(addr[0]).is_loopback:
        raise ValueError(f"{addr[0]} is not a loopback address (the proxy stays on 127.0.0.0/8)")
    return addr


def parse_address(text: str) -> Address:
    host, _, port = text.rpartition(":")
    return _loopback((host or "127.0.0.1", int(port)))


class ImpairmentProxy:
    """The proxy as an object: ``step(now, timeout)`` forwards what is due and waits at most ``timeout`` seconds;
    ``run(duration)`` loops until the time is up. Counts: ``received``, ``forwarded``, ``dropped``, ``duplicated``.
    """

    def __init__(self, listen: Address, target: Address, impairment: Impairment, seed: int = 0,
                 back: Impairment | None = None) -> None:
        self.target = _loopback(target)
        self.up_impairment = impairment
        self.down_impairment = back or impairment
        self.seed = seed
        self.sel = selectors.DefaultSelector()
        self.front = self._socket(_loopback(listen))
        self.address: Address = self.front.getsockname()[:2]
        self.sel.register(self.front, selectors.EVENT_READ, None)
        self.uplinks: dict[Address, socket.socket] = {}   # client -> upstream socket
        self.rngs: dict[tuple[str, Address], random.Random] = {}
        self.order: dict[tuple[str, Address], float] = {}
        self.queue: list[tuple[float, int, socket.socket, bytes, Address]] = []
        self.n = 0
        self.received = self.forwarded = self.dropped = self.duplicated = 0

    @staticmethod
    def _socket(bind: Address) -> socket.socket:
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.setblocking(False)
        s.bind(bind)
        return s

    def _rng(self, direction: str, client: Address) -> random.Random:
        key = (direction, client)
        r = self.rngs.get(key)
        if r is None:
            r = self.rngs[key] = random.Random(f"{self.seed}|{direction}|{client[0]}:{client[1]}")
        return r

    def _schedule(self, now: float, direction: str, client: Address, data: bytes, out: socket.socket,
                  dest: Address) -> None:
        imp = self.up_impairment if direction == "up" else self.down_impairment
        key = (direction, client)
        times, self.order[key] = imp.deliveries(self._rng(direction, client), now, self.order.get(key, 0.0))
        if not times:
            self.dropped += 1
        self.duplicated += max(0, len(times) - 1)
        for t in times:
            self.n += 1
            heapq.heappush(self.queue, (t, self.n, out, data, dest))

    def _drain(self, sock: socket.socket, client: Address | None, now: float) -> None:
        for _ in range(256):
            try:
                data, addr = sock.recvfrom(RECEIVE_BUFFER)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                continue
            self.received += 1
            if client is None:  # from a client, towards the target
                addr = addr[:2]
                up = self.uplinks.get(addr)
                if up is None:
                    if len(self.uplinks) >= 64:
                        continue
                    up = self.uplinks[addr] = self._socket(("127.0.0.1", 0))
                    self.sel.register(up, selectors.EVENT_READ, addr)
                self._schedule(now, "up", addr, data, up, self.target)
            else:  # from the target, back to its client
                self._schedule(now, "down", client, data, self.front, client)

    def step(self, timeout: float) -> None:
        now = time.monotonic()
        while self.queue and self.queue[0][0] <= now:
            _, _, out, data, dest = heapq.heappop(self.queue)
            try:
                out.sendto(data, dest)
                self.forwarded += 1
            except OSError:
                self.dropped += 1
        if self.queue:
            timeout = min(timeout, max(0.0, self.queue[0][0] - now))
        for key, _ in self.sel.select(timeout):
            self._drain(key.fileobj, key.data, time.monotonic())  # type: ignore[arg-type]

    def run(self, duration: float) -> None:
        end = time.monotonic() + duration
        while (now := time.monotonic()) < end:
            self.step(min(0.05, end - now))

    def close(self) -> None:
        for s in [self.front, *self.uplinks.values()]:
            self.sel.unregister(s)
            s.close()
        self.sel.close()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--listen", required=True, help="HOST:PORT clients send to (loopback; port 0 = any)")
    p.add_argument("--target", required=True, help="HOST:PORT of the host (loopback)")
    p.add_argument("--latency", type=float, default=0.0, help="one-way delay, ms")
    p.add_argument("--jitter", type=float, default=0.0, help="+- ms added to each datagram's delay")
    p.add_argument("--loss", type=float, default=0.0, help="probability a datagram is lost (0..1)")
    p.add_argument("--duplicate", type=float, default=0.0, help="probability a datagram arrives twice")
    p.add_argument("--reorder", type=float, default=0.0, help="probability a datagram is held back and overtaken")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--duration", type=float, default=60.0, help="seconds before the proxy stops (bounded)")
    p.add_argument("--port-file", default=None, help="write the listening port here once bound")
    args = p.parse_args(argv)
    for name in ("loss", "duplicate", "reorder"):
        if not 0.0 <= getattr(args, name) <= 1.0:
            p.error(f"--{name} must be 0..1")
    if args.latency < 0 or args.jitter < 0 or args.duration <= 0:
        p.error("--latency, --jitter must be >= 0 and --duration > 0")
    try:
        imp = Impairment(args.latency / 1000, args.jitter / 1000, args.loss, args.duplicate, args.reorder)
        proxy = ImpairmentProxy(parse_address(args.listen), parse_address(args.target), imp, args.seed)
    except (ValueError, OSError) as e:
        print(f"netproxy: error: {e}", file=sys.stderr)
        return 1
    if args.port_file:
        with open(args.port_file + ".part", "w") as f:
            f.write(str(proxy.address[1]))
        os.replace(args.port_file + ".part", args.port_file)
    print(f"netproxy: {proxy.address[0]}:{proxy.address[1]} -> {proxy.target[0]}:{proxy.target[1]} "
          f"for {args.duration:g} s", flush=True)
    try:
        proxy.run(args.duration)
    except KeyboardInterrupt:
        pass
    finally:
        proxy.close()
    print(f"netproxy: received {proxy.received}, forwarded {proxy.forwarded}, dropped {proxy.dropped}, "
          f"duplicated {proxy.duplicated}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
