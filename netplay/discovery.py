"""LAN discovery: a host announces its match by UDP broadcast; clients listen and list the matches they hear.

Where a host announces (``broadcast``): ``AUTO`` (``""``, the product default) means the broadcast address of every up,
non-loopback IPv4 interface, enumerated with ``ifaddr`` (``lan_interfaces``) and looked at again every
``REFRESH`` seconds; a machine with no such interface announces on the loopback network only. A given address (e.g.
``LOOPBACK_BROADCAST`` = 127.255.255.255: this machine only; or a LAN's 192.168.1.255) is used alone. A browser
listens on every interface (bind ``""``) unless the setting is a loopback address. An announcement is one small msgpack datagram, public and
unauthenticated (it carries no join code): ``[magic, protocol version, name, game, rules version, host port, seats,
free seats, mode, settings digest, playing]`` (``playing``, 0 or 1, may be absent: 0). Listeners decode it with
limits and ignore anything else. Every browser (the LAN screen, ``grisbi-arcade browse``) lists what a ``Listener``
heard within its ``expire`` seconds (``EXPIRE``, 3.5 s: a host announces every second) and forgets a host not heard
for that long, however long it listens; the list is capped (``Listener.MAX_HOSTS`` matches, ``Listener.PER_ADDRESS``
from one IP address), so forged announcements cannot grow it without bound.

``Prober`` measures the ping of the hosts a browser lists: one small unauthenticated PROBE datagram to a host's game
port (at most ``max_hosts`` hosts, at most one a host a second), answered by the host's session with a PONG no longer
than the probe (at most 20 a second), which also says whether the match is in its lobby or playing and how many seats
are free. Announcements are unauthenticated and their sender's address can be forged, so a browser probes a host only
once it is ``confirmed`` (a second announcement from the same address and port at least ``CONFIRM_GAP`` seconds after
the first, so a burst earns nothing) and at most once for each announcement heard from it: a forger makes each
browser that hears it send at most one probe (of about its announcement's size) per announcement it sends after the
first, and none while it stays silent; a broadcast still reaches every browser on the LAN, which is the limit.
Nothing is sent unless a browser is open; a dedicated host announces like the client's (``announce_session``).
"""

from __future__ import annotations

import dataclasses
import ipaddress
import os
from dataclasses import dataclass
from typing import Any, Protocol, Sequence

import ifaddr
import msgpack

from .protocol import LOBBY
from .transport import Address, Transport, UdpTransport
from .wire import NO_PEER, PROTOCOL_VERSION, MsgType, Rejected, now_ms, open_datagram, seal

__all__ = ["AUTO", "DEFAULT_BROADCAST", "LOOPBACK_BROADCAST", "DISCOVERY_PORT", "lan_interfaces", "lan_addresses",
           "broadcast_targets", "listen_address", "Announcement", "Announcer", "Listener", "Prober", "Pong",
           "encode_announcement", "decode_announcement", "is_loopback", "announce_session", "HostedMatch", "EXPIRE",
           "CONFIRM_GAP"]

LOOPBACK_BROADCAST = "127.255.255.255"
DEFAULT_BROADCAST = LOOPBACK_BROADCAST  # the classes' default (tests on one machine); the product's is AUTO
AUTO = ""
"""The broadcast setting meaning: every up, non-loopback IPv4 interface's broadcast address."""
REFRESH = 10.0
"""Seconds between two looks at the interfaces (a laptop joining Wi-Fi after the lobby opened is announced on)."""
DISCOVERY_PORT = 47_474
EXPIRE = 3.5
"""Seconds a browser keeps listing a host it has not heard again (a host announces every second)."""
CONFIRM_GAP = 0.5
"""Seconds between the first and a later announcement of a host from the same address and port before it is probed
(half the announcer's interval: a burst of copies confirms nothing)."""
MAGIC = "grisbi-arcade"
_LIMITS = dict(raw=False, max_str_len=64, max_bin_len=32, max_array_len=16, max_map_len=0, max_ext_len=0)


@dataclass(frozen=True)
class Announcement:
    """A match heard on the LAN. ``address`` is where to join (the sender's IP and the announced port); ``sender``
    the address and port the announcement came from; ``heard_at`` when it was last heard and ``since`` when it was
    first heard from that sender (seconds, the listener's clock; it is forgotten when not heard for ``expire``)."""

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
    playing: bool = False
    sender: Address | None = None
    since: float = 0.0

    @property
    def compatible(self) -> bool:
        return self.protocol_version == PROTOCOL_VERSION

    @property
    def confirmed(self) -> bool:
        """Heard again from the same address and port at least ``CONFIRM_GAP`` seconds after the first time: a
        host announcing every second, not a one-off (or a burst of copies) with a forged sender; only a confirmed
        host is probed."""
        return self.heard_at - self.since >= CONFIRM_GAP


def is_loopback(address: str) -> bool:
    """True for an address of the loopback network 127.0.0.0/8 (where the development machines keep to)."""
    return address.startswith("127.")


def _is_up(name: str) -> bool:
    """Whether interface ``name`` is up (Linux: IFF_UP in /sys/class/net/NAME/flags); True where that is unknown."""
    try:
        with open(f"/sys/class/net/{name}/flags", encoding="ascii") as f:
            return bool(int(f.read().strip(), 16) & 1)
    except (OSError, ValueError):
        return True


def lan_interfaces() -> list[tuple[str, str, str]]:
    """``(interface, IPv4 address, broadcast address)`` for every up, non-loopback IPv4 interface address, e.g.
    ``("eth0", "192.168.1.20", "192.168.1.255")``; sorted, no duplicates. Never raises (no interface: ``[]``)."""
    out: set[tuple[str, str, str]] = set()
    try:
        adapters = ifaddr.get_adapters()
    except Exception:  # an odd platform: no automatic interfaces, the player can still set an address
        return []
    for ad in adapters:
        for ip in ad.ips:
            if not isinstance(ip.ip, str) or is_loopback(ip.ip) or ip.ip.startswith("169.254."):
                continue
            prefix = ip.network_prefix
            if not 0 < prefix <= 30 or not _is_up(str(ad.name)):  # /31, /32 (point to point, VPN): no broadcast
                continue
            try:
                net = ipaddress.IPv4Interface(f"{ip.ip}/{prefix}").network
            except ValueError:
                continue
            out.add((str(ad.name), ip.ip, str(net.broadcast_address)))
    return sorted(out)


def lan_addresses() -> list[str]:
    """This machine's non-loopback IPv4 addresses (what friends type to join), e.g. ``["192.168.1.20"]``."""
    return sorted({ip for _, ip, _ in lan_interfaces()})


def broadcast_targets(setting: str = AUTO) -> list[str]:
    """Where to announce for a broadcast ``setting``: itself when it is an address; for ``AUTO`` the broadcast
    address of every up, non-loopback IPv4 interface, or ``[LOOPBACK_BROADCAST]`` when there is none."""
    if setting:
        return [setting]
    return sorted({b for _, _, b in lan_interfaces()}) or [LOOPBACK_BROADCAST]


def listen_address(setting: str = AUTO) -> str:
    """Where a browser binds its listener for a broadcast ``setting``: the loopback broadcast address for a loopback
    setting (this machine only), else every interface (``""``)."""
    return setting if setting and is_loopback(setting) else ""


def encode_announcement(name: str, game: str, rules_version: int, port: int, seats: int, free_seats: int,
                        mode: str, digest: bytes, playing: bool = False) -> bytes:
    return msgpack.packb([MAGIC, PROTOCOL_VERSION, name[:32], game[:40], rules_version, port, seats, free_seats,
                          mode[:16], digest[:16], int(playing)], use_bin_type=True)


def decode_announcement(data: bytes, sender: Address, now: float = 0.0) -> Announcement | None:
    """Parse one datagram; None for anything that is not a well-formed announcement."""
    if len(data) > 512:
        return None
    try:
        v: Any = msgpack.unpackb(data, **_LIMITS)
    except Exception:
        return None
    if type(v) is not list or len(v) not in (10, 11) or v[0] != MAGIC:
        return None
    _, proto, name, game, rv, port, seats, free, mode, digest = v[:10]
    playing = v[10] if len(v) == 11 else 0
    if playing not in (0, 1) or type(playing) is not int:
        return None
    ints = (proto, rv, port, seats, free)
    if not all(type(x) is int for x in ints) or not (1 <= port <= 65535 and 1 <= seats <= 8 and 0 <= free <= seats):
        return None
    if not (type(name) is str and type(game) is str and type(mode) is str and type(digest) is bytes):
        return None
    return Announcement((sender[0], port), name, game, rv, seats, free, mode, digest, proto, now, bool(playing),
                        (sender[0], sender[1]), now)


class Announcer:
    """Broadcasts an announcement every ``interval`` seconds from ``update(now)`` to each address of
    ``broadcast_targets(broadcast)`` (``AUTO``: every LAN interface, looked at again every ``REFRESH`` seconds);
    ``set_free_seats`` as joiners come. Owns a small broadcast-enabled UDP socket unless given a transport."""

    def __init__(self, name: str, game: str, rules_version: int, port: int, seats: int, free_seats: int, mode: str,
                 digest: bytes, *, broadcast: str = DEFAULT_BROADCAST, discovery_port: int = DISCOVERY_PORT,
                 bind: str = "127.0.0.1", interval: float = 1.0, transport: Transport | None = None) -> None:
        self._fields = dict(name=name, game=game, rules_version=rules_version, port=port, seats=seats,
                            free_seats=free_seats, mode=mode, digest=digest, playing=False)
        self.broadcast = broadcast
        self.discovery_port = discovery_port
        self.targets = [(b, discovery_port) for b in broadcast_targets(broadcast)]
        self._refresh_at = float("-inf") if broadcast == AUTO else float("inf")
        self.interval = interval
        self.transport = transport or UdpTransport((bind, 0), broadcast=True)
        self._next = float("-inf")
        self.sent = 0

    def set_free_seats(self, free: int) -> None:
        self._fields["free_seats"] = free

    def set_playing(self, playing: bool) -> None:
        self._fields["playing"] = playing

    def update(self, now: float) -> None:
        if now >= self._refresh_at:
            self._refresh_at = now + REFRESH
            self.targets = [(b, self.discovery_port) for b in broadcast_targets(self.broadcast)]
        if now >= self._next:
            self._next = now + self.interval
            data = encode_announcement(**self._fields)
            for target in self.targets:
                self.transport.send(data, target)
                self.sent += 1

    def follow(self, session: "HostedMatch", now: float) -> None:
        """Announce a host ``session`` as it stands (once a tick is fine): its free seats while in the lobby, else
        playing with none; nothing once the session is done."""
        lobby = session.phase == LOBBY
        self.set_free_seats(session.free_seats() if lobby else 0)
        self.set_playing(not lobby)
        if not session.done:
            self.update(now)

    @property
    def target(self) -> Address:
        """The first address announced to (most machines have one)."""
        return self.targets[0]

    def close(self) -> None:
        self.transport.close()


class Listener:
    """Hears announcements on ``(bind, discovery_port)`` (default: the loopback broadcast address; ``""``: every
    interface), several listeners may share the port. ``update(now)`` returns the matches heard within ``expire``
    seconds (a host not heard for that long is forgotten, however long the listener runs), sorted by name, at most
    ``MAX_HOSTS`` of them and at most ``PER_ADDRESS`` from one IP address: while the list is full, a match not listed
    yet is ignored until another one is forgotten (listed matches stay: a flood of forged announcements neither grows
    the list nor pushes real hosts out of it). A match heard again from the sender it was first heard from keeps
    its ``since`` (see ``Announcement.confirmed``); from another sender it starts again."""

    MAX_HOSTS = 32
    PER_ADDRESS = 4

    def __init__(self, *, bind: str = DEFAULT_BROADCAST, discovery_port: int = DISCOVERY_PORT,
                 expire: float = EXPIRE, transport: Transport | None = None) -> None:
        self.transport = transport or UdpTransport((bind, discovery_port), reuse=True)
        self.expire = expire
        self.heard: dict[Address, Announcement] = {}
        self.ignored = 0

    def update(self, now: float) -> list[Announcement]:
        for addr in [a for a, ann in self.heard.items() if ann.heard_at < now - self.expire]:
            del self.heard[addr]
        for data, sender in self.transport.receive(64):
            a = decode_announcement(data, sender, now)
            if a is None:
                continue
            prev = self.heard.get(a.address)
            if prev is None and (len(self.heard) >= self.MAX_HOSTS
                                 or sum(1 for k in self.heard if k[0] == a.address[0]) >= self.PER_ADDRESS):
                self.ignored += 1
                continue
            if prev is not None and prev.sender == a.sender:
                a = dataclasses.replace(a, since=prev.since)
            self.heard[a.address] = a
        return sorted(self.heard.values(), key=lambda a: (a.name, a.address))

    def close(self) -> None:
        self.transport.close()


@dataclass(frozen=True)
class Pong:
    """A host's answer to a probe: round-trip ``rtt`` (seconds), ``playing`` (else in its lobby), ``free_seats``."""

    address: Address
    rtt: float
    playing: bool
    free_seats: int
    heard_at: float


class Prober:
    """Pings the game ports of listed hosts (see the module docstring). ``update(now, hosts)`` takes the
    announcements a ``Listener`` lists, sends what is due to the confirmed ones (at most one probe a host per
    ``interval`` seconds and per announcement heard from it) and reads answers; ``results`` maps each listed host's
    address to its latest ``Pong`` (hosts no longer listed are forgotten)."""

    PADDING = 24  # bytes: a PONG (two small ints instead) is never longer than the PROBE it answers

    def __init__(self, *, interval: float = 1.0, max_hosts: int = 16, bind: str = "127.0.0.1",
                 transport: Transport | None = None) -> None:
        self.transport = transport or UdpTransport((bind, 0))
        self.interval = interval
        self.max_hosts = max_hosts
        self.results: dict[Address, Pong] = {}
        self._due: dict[Address, float] = {}
        self._earned: dict[Address, float] = {}  # host -> ``heard_at`` of the announcement its last probe answered
        self._out: dict[bytes, tuple[Address, float]] = {}
        self._seq = 0
        self.sent = 0
        self.bytes_sent = 0

    def update(self, now: float, hosts: Sequence[Announcement]) -> dict[Address, Pong]:
        for data, sender in self.transport.receive(64):
            try:
                msg = open_datagram(data, lambda mtype, sid, peer: None, (MsgType.PONG,))
            except Rejected:
                continue
            if msg.type != MsgType.PONG:
                continue
            nonce, _, playing, free = msg.fields
            sent = self._out.pop(nonce, None)
            if sent is None or sent[0] != sender:
                continue
            self.results[sender] = Pong(sender, max(0.0, now - sent[1]), bool(playing), free, now)
        for nonce in [n for n, (_, t) in self._out.items() if t < now - 5.0]:
            del self._out[nonce]
        listed = {a.address for a in hosts}
        for table in (self.results, self._due, self._earned):
            for address in [k for k in table if k not in listed]:
                del table[address]
        for a in [a for a in hosts if a.confirmed][:self.max_hosts]:
            address = a.address
            if now >= self._due.get(address, float("-inf")) and a.heard_at > self._earned.get(address, float("-inf")):
                self._due[address] = now + self.interval
                self._earned[address] = a.heard_at
                self._seq += 1
                nonce = os.urandom(8)
                self._out[nonce] = (address, now)
                data = seal(MsgType.PROBE, 0, NO_PEER, self._seq, [nonce, now_ms(now), bytes(self.PADDING)], None)
                self.transport.send(data, address)
                self.sent += 1
                self.bytes_sent += len(data)
        return self.results

    def close(self) -> None:
        self.transport.close()


class HostedMatch(Protocol):
    """What ``Announcer.follow`` and ``announce_session`` read of a host session (``netplay.session``'s host)."""

    settings: Any
    phase: str

    @property
    def done(self) -> bool: ...

    def free_seats(self) -> int: ...


def announce_session(session: HostedMatch, name: str, port: int, *, bind: str = "0.0.0.0",
                     broadcast: str | None = None) -> Announcer:
    """An ``Announcer`` of a host ``session`` listening on game ``port`` (a dedicated host's, as the client's LAN host
    does): ``name`` (cut to 32 characters) and the session's settings (game, rules version, seats, mode, digest),
    from ``bind`` (the game port's address) to ``broadcast`` (default: this machine only when ``bind`` is a
    loopback address, else every LAN interface, ``AUTO``). Call ``follow(session, now)`` every tick and ``close()``
    at the end; the session answers the browsers' probes itself. Raises ``OSError`` when no UDP socket can be
    opened."""
    st = session.settings
    if broadcast is None:
        broadcast = LOOPBACK_BROADCAST if is_loopback(bind) else AUTO
    return Announcer(name, st.game, st.rules_version, port, st.seats, session.free_seats(), st.mode, st.digest(),
                     broadcast=broadcast, bind=bind)
