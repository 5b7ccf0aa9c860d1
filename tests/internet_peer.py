"""One "home" of the simulated internet (tests/test_internet_namespaces.py): meet by code, connect with ICE, and
swap a bounded number of datagrams both ways with every peer.

    python tests/internet_peer.py host --joiners N [server options]
    python tests/internet_peer.py join CODE [server options]

Server options: ``--rendezvous URL --stun HOST:PORT --turn HOST:PORT --turn-user U --turn-password P``,
``--direct S`` (seconds of direct checks before the relay). Exchange: ``--datagrams K`` (each side sends K numbered
datagrams of 200 bytes to each peer, resends the unacknowledged ones every 0.25 s, at most 8 rounds), ``--rtt MS``
(added round trip on this side's ICE transport, seeded, half each way). Prints one JSON object per line, flushed:
``{"event": "code", "code": ...}``, ``{"event": "connected", "peer", "route", "connect_s"}``, ``{"event":
"failed", "reason", "line"}``, ``{"event": "exchange", "peer", "sent", "received", "intact", "rtt_ms"}``, and last
``{"event": "done", "threads": [...]}`` (threads left after closing). Exits 0 when every peer connected and every
exchange completed, 1 otherwise; never runs longer than ``--limit`` seconds (default 40).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import struct
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from netplay.ice import IceServers, IceTimeouts, parse_server  # noqa: E402
from netplay.online import (CodeReady, Connected, Failed, OnlineHost, OnlineJoin, OnlineSettings,  # noqa: E402
                            PeerFailed)
from netplay.transport import Impairment  # noqa: E402

PAYLOAD = 200


def say(**fields) -> None:
    print(json.dumps(fields), flush=True)


def payload(i: int) -> bytes:
    return (hashlib.sha256(b"%d" % i).digest() * 8)[:PAYLOAD]


class Exchange:
    """K numbered datagrams to one peer, acknowledged; resent (bounded) until acknowledged."""

    def __init__(self, address, k: int) -> None:
        self.address, self.k = address, k
        self.acked: set[int] = set()
        self.got: dict[int, bool] = {}
        self.rounds = 0
        self.next_round = 0.0
        self.sent_at: dict[int, float] = {}
        self.rtts: list[float] = []

    def done(self) -> bool:
        return len(self.acked) == self.k and len(self.got) == self.k

    def tick(self, transport, now: float) -> None:
        if now >= self.next_round and len(self.acked) < self.k and self.rounds < 8:
            self.rounds += 1
            self.next_round = now + 0.25
            for i in range(self.k):
                if i not in self.acked:
                    self.sent_at.setdefault(i, now)
                    transport.send(b"D" + struct.pack(">H", i) + payload(i), self.address)

    def on(self, transport, data: bytes, now: float) -> None:
        if data[:1] == b"D" and len(data) >= 3:
            i = struct.unpack(">H", data[1:3])[0]
            if i < self.k:
                self.got[i] = self.got.get(i, True) and data[3:] == payload(i)
                transport.send(b"A" + data[1:3], self.address)
        elif data[:1] == b"A" and len(data) == 3:
            i = struct.unpack(">H", data[1:3])[0]
            if i < self.k and i not in self.acked:
                self.acked.add(i)
                if self.rounds == 1 and i in self.sent_at:
                    self.rtts.append(now - self.sent_at[i])

    def report(self) -> dict:
        rtt = sorted(self.rtts)[len(self.rtts) // 2] * 1000 if self.rtts else None
        return dict(event="exchange", peer=list(self.address), sent=len(self.acked), received=len(self.got),
                    intact=all(self.got.values()) and len(self.got) == self.k, rtt_ms=rtt)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("role", choices=["host", "join"])
    ap.add_argument("code", nargs="?")
    ap.add_argument("--joiners", type=int, default=1)
    ap.add_argument("--rendezvous", required=True)
    ap.add_argument("--stun")
    ap.add_argument("--turn")
    ap.add_argument("--turn-user")
    ap.add_argument("--turn-password")
    ap.add_argument("--no-share-turn", action="store_true")
    ap.add_argument("--direct", type=float, default=3.0)
    ap.add_argument("--meet-timeout", type=float, default=12.0)
    ap.add_argument("--datagrams", type=int, default=50)
    ap.add_argument("--rtt", type=float, default=0.0, help="added round trip, ms (half each way, on this side)")
    ap.add_argument("--limit", type=float, default=40.0)
    a = ap.parse_args()
    servers = IceServers(stun=parse_server(a.stun), turn=parse_server(a.turn), turn_user=a.turn_user,
                         turn_password=a.turn_password)
    settings = OnlineSettings(rendezvous=a.rendezvous, servers=servers, timeouts=IceTimeouts(direct=a.direct),
                              meet_timeout=a.meet_timeout, share_turn=not a.no_share_turn)
    impair = Impairment(latency=a.rtt / 2000) if a.rtt else None
    if a.role == "host":
        side = OnlineHost(settings, joiners=a.joiners, info={"game": "test"}, send_impairment=impair,
                          receive_impairment=impair)
        wanted = a.joiners
    else:
        side = OnlineJoin(a.code or "", settings, info={"name": "joiner"}, send_impairment=impair,
                          receive_impairment=impair)
        wanted = 1
    exchanges: dict = {}
    reported: set = set()
    failed = False
    end = time.monotonic() + a.limit
    while time.monotonic() < end:
        now = time.monotonic()
        for ev in side.poll():
            if isinstance(ev, CodeReady):
                say(event="code", code=ev.code)
            elif isinstance(ev, Connected):
                say(event="connected", peer=list(ev.address), route=ev.route, connect_s=round(ev.connect_s, 3))
                exchanges[ev.address] = Exchange(ev.address, a.datagrams)
            elif isinstance(ev, PeerFailed):
                say(event="peer_failed", reason=ev.reason, line=ev.line)
            elif isinstance(ev, Failed):
                say(event="failed", reason=ev.reason, line=ev.line)
                failed = True
        if failed:
            break
        transport = side.transport
        for data, address in transport.receive():
            x = exchanges.get(address)
            if x is not None:
                x.on(transport, data, now)
        for x in exchanges.values():
            x.tick(transport, now)
            if x.done() and x.address not in reported:
                reported.add(x.address)
                say(**x.report())
        if len(reported) == wanted:
            linger = time.monotonic() + 0.5  # answer the peer's last resends
            while time.monotonic() < linger:
                for data, address in transport.receive():
                    if address in exchanges:
                        exchanges[address].on(transport, data, time.monotonic())
                transport.wait(0.05)
            break
        transport.wait(0.01)
    for x in exchanges.values():
        if x.address not in reported:
            say(**x.report())
    wrong = getattr(getattr(side, "rendezvous", None), "wrong_codes", 0)
    side.close()
    alive = [t.name for t in threading.enumerate() if t is not threading.main_thread()]
    say(event="done", threads=alive, wrong_codes=wrong)
    return 0 if (not failed and len(reported) == wanted and all(x.done() for x in exchanges.values())) else 1


if __name__ == "__main__":
    sys.exit(main())
