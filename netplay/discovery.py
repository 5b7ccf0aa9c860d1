"""LAN discovery: a host announces its match by UDP broadcast; clients listen and list the matches they hear.

The broadcast address is a setting (``DEFAULT_BROADCAST`` = 127.255.255.255, the loopback network's broadcast
address, which is all the development machines may use; a client on a real LAN passes its own, e.g.
255.255.255.255, and binds its listener to ``""``). An announcement is one small msgpack datagram, public and
unauthenticated (it carries no join code): ``[magic, protocol version, name, game, rules version, host port, seats,
free seats, mode, settings digest]``. Listeners decode it with limits, ignore anything else, and forget a host not
heard for ``expire`` seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgpack

from .transport import Address, Transport, UdpTransport
from .wire import PROTOCOL_VERSION

__all__ = ["DEFAULT_BROADCAST", "DISCOVERY_PORT", "Announcement", "Announcer", "Listener", "encode_announcement",
           "decode_announcement"]

DEFAULT_BROADCAST = "127.255.255.255"
DISCOVERY_PORT = 47_474
MAGIC = "grisbi-arcade"
_LIMITS = dict(raw=False, max_str_len=64, max_bin_len=32, max_array_len=16, max_map_len=0, max_ext_len=0)


@dataclass(frozen=True)
class Announcement:
    """A match heard on the LAN. ``address`` is where to join (the sender's IP and the announced port)."""

    address: Address
    name: str
    game: str
    rules_version: int
    seats: int
    free_seats: int
    mode: str
    digest: bytes
    protocol_version: int
    heard_at: float = 0.0

    @property
    def compatible(self) -> bool:
        return self.protocol_version == PROTOCOL_VERSION


def encode_announcement(name: str, game: str, rules_version: int, port: int, seats: int, free_seats: int,
                        mode: str, digest: bytes) -> bytes:
    return msgpack.packb([MAGIC, PROTOCOL_VERSION, name[:32], game[:40], rules_version, port, seats, free_seats,
                          mode[:16], digest[:16]], use_bin_type=True)


def decode_announcement(data: bytes, sender: Address, now: float = 0.0) -> Announcement | None:
    """Parse one datagram; None for anything that is not a well-formed announcement."""
    if len(data) > 512:
        return None
    try:
        v: Any = msgpack.unpackb(data, **_LIMITS)
    except Exception:
        return None
    if type(v) is not list or len(v) != 10 or v[0] != MAGIC:
        return None
    _, proto, name, game, rv, port, seats, free, mode, digest = v
    ints = (proto, rv, port, seats, free)
    if not all(type(x) is int for x in ints) or not (1 <= port <= 65535 and 1 <= seats <= 8 and 0 <= free <= seats):
        return None
    if not (type(name) is str and type(game) is str and type(mode) is str and type(digest) is bytes):
        return None
    return Announcement((sender[0], port), name, game, rv, seats, free, mode, digest, proto, now)


class Announcer:
    """Broadcasts an announcement every ``interval`` seconds from ``update(now)``; ``set_free_seats`` as joiners
    come. Owns a small broadcast-enabled UDP socket unless given a transport."""

    def __init__(self, name: str, game: str, rules_version: int, port: int, seats: int, free_seats: int, mode: str,
                 digest: bytes, *, broadcast: str = DEFAULT_BROADCAST, discovery_port: int = DISCOVERY_PORT,
                 bind: str = "127.0.0.1", interval: float = 1.0, transport: Transport | None = None) -> None:
        self._fields = dict(name=name, game=game, rules_version=rules_version, port=port, seats=seats,
                            free_seats=free_seats, mode=mode, digest=digest)
        self.target = (broadcast, discovery_port)
        self.interval = interval
        self.transport = transport or UdpTransport((bind, 0), broadcast=True)
        self._next = float("-inf")
        self.sent = 0

    def set_free_seats(self, free: int) -> None:
        self._fields["free_seats"] = free

    def update(self, now: float) -> None:
        if now >= self._next:
            self._next = now + self.interval
            self.transport.send(encode_announcement(**self._fields), self.target)
            self.sent += 1

    def close(self) -> None:
        self.transport.close()


class Listener:
    """Hears announcements on ``(bind, discovery_port)`` (default: the loopback broadcast address), several
    listeners may share the port. ``update(now)`` returns the matches heard within ``expire`` seconds."""

    def __init__(self, *, bind: str = DEFAULT_BROADCAST, discovery_port: int = DISCOVERY_PORT, expire: float = 3.0,
                 transport: Transport | None = None) -> None:
        self.transport = transport or UdpTransport((bind, discovery_port), reuse=True)
        self.expire = expire
        self.heard: dict[Address, Announcement] = {}

    def update(self, now: float) -> list[Announcement]:
        for data, sender in self.transport.receive(64):
            a = decode_announcement(data, sender, now)
            if a is not None:
                self.heard[a.address] = a
        for addr in [a for a, ann in self.heard.items() if ann.heard_at < now - self.expire]:
            del self.heard[addr]
        return sorted(self.heard.values(), key=lambda a: (a.name, a.address))

    def close(self) -> None:
        self.transport.close()
