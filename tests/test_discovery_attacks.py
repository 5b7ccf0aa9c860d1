"""Forged LAN announcements against the browsers (issue 27, item 9): what a victim receives from ``grisbi-arcade
browse`` when a forger announces matches "at" the victim's address.

Announcements are unauthenticated broadcasts, so a forger can name any address as a host; every browser that hears it
then pings that address. Here the victim is 127.0.0.2 (four UDP ports, counting what arrives) and the forger sends
from the victim's own address (on loopback a socket may bind any 127/8 address: no raw socket needed to spoof), our
own announcement encoding, to the loopback broadcast address. The browser is the real one (``arcade.client.browse``:
its Listener and Prober on real loopback sockets) driven by a fake clock, so the forger's sends land at exact
browser times. Run inside ``unshare -n`` like the whole suite.
"""

from __future__ import annotations

import select
import socket

from arcade.client import browse
from netplay.discovery import encode_announcement

from test_lan_discovery import _free_udp_port

VICTIM = "127.0.0.2"
BROADCAST = "127.255.255.255"


class Victim:
    """Four UDP ports at 127.0.0.2 that count the datagrams and bytes they receive."""

    def __init__(self) -> None:
        self.socks = []
        for _ in range(4):
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            s.bind((VICTIM, 0))
            s.setblocking(False)
            self.socks.append(s)
        self.ports = [s.getsockname()[1] for s in self.socks]
        self.datagrams = 0
        self.bytes = 0

    def drain(self) -> None:
        """Count what has arrived (a bounded wait of 0.2 s at most for the last datagrams on loopback)."""
        while select.select(self.socks, [], [], 0.2)[0]:
            for s in self.socks:
                try:
                    while True:
                        self.bytes += len(s.recv(2048))
                        self.datagrams += 1
                except BlockingIOError:
                    pass

    def close(self) -> None:
        for s in self.socks:
            s.close()


class Forger:
    """Sends announcements of matches at the victim's ports, from the victim's address, at fake browser times."""

    def __init__(self, discovery_port: int, ports: list[int], schedule: list[tuple[float, int]]) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        self.sock.bind((VICTIM, 0))
        self.target = (BROADCAST, discovery_port)
        self.ports = ports
        self.schedule = sorted(schedule)  # (time, copies of each port's announcement sent at that time)
        self.datagrams = 0
        self.bytes = 0

    def at(self, now: float) -> None:
        while self.schedule and self.schedule[0][0] <= now:
            _, copies = self.schedule.pop(0)
            for port in self.ports:
                data = encode_announcement(f"Free money {port}", "grisbi", 3, port, 8, 8, "rollback", b"\x07" * 16)
                for _ in range(copies):
                    self.sock.sendto(data, self.target)
                    self.datagrams += 1
                    self.bytes += len(data)

    def close(self) -> None:
        self.sock.close()


def run_browse(seconds: float, schedule: list[tuple[float, int]], step: float = 0.25):
    """``browse.browse(seconds)`` on the loopback broadcast address while the forger follows ``schedule``; returns
    the browser's list, the victim and the forger."""
    port = _free_udp_port()
    victim = Victim()
    forger = Forger(port, victim.ports, schedule)
    t = [0.0]

    def clock() -> float:  # each look at the clock is ``step`` s later; the forger sends what is due by then
        t[0] += step
        forger.at(t[0])
        return t[0]

    try:
        found = browse.browse(seconds, BROADCAST, discovery_port=port, clock=clock)
        victim.drain()
        return found, victim, forger
    finally:
        victim.close()
        forger.close()


def test_a_burst_of_forged_announcements_makes_the_browser_ping_no_one_and_is_forgotten():
    # one burst at 0.5 s: each of the victim's 4 ports announced 3 times at once; the browser listens 10 s
    found, victim, forger = run_browse(10.0, [(0.5, 3)])
    assert forger.datagrams == 12
    assert victim.datagrams == 0  # a burst confirms no host: nothing is sent to the address it names
    assert found == []  # not heard for the last 3.5 s of the 10: not listed (before: kept for the whole --seconds)


def test_forged_announcements_every_three_seconds_earn_at_most_one_ping_each():
    # the forger keeps its 4 fake hosts just under the expiry: one announcement each every 3 s, for 12 s
    times = [0.5 + 3.0 * k for k in range(4)]
    found, victim, forger = run_browse(12.0, [(x, 1) for x in times])
    assert forger.datagrams == 16
    # each fake host is pinged at most once per announcement after its first: 4 x 3 at most (before: about one a
    # second for the whole run, ~46 datagrams, 2.9 times what was forged for each browser hearing it)
    assert victim.datagrams <= forger.datagrams - 4
    assert victim.bytes <= forger.bytes
    assert len(found) == 4 and all(m["ping_ms"] is None for m in found)  # still listed (heard 2.5 s ago), no answer


def test_a_forger_who_falls_silent_is_forgotten_within_the_expiry():
    # announced every second for 3 s, then silence; the browser listens 12 s
    found, victim, forger = run_browse(12.0, [(0.5 + k, 1) for k in range(3)])
    assert found == []
    # pings only while heard: at most one per announcement after the first, none after the silence began
    assert victim.datagrams <= forger.datagrams - 4
