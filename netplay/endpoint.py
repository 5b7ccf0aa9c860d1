"""The per-peer endpoint and the receive path every role shares.

- ``Remote``: what this peer knows of one other peer (keys, sequence numbers, replay window, acks, RTT probe, the
  notice log each way); ``seal`` turns a typed message into its next datagram to that peer. What the parts keep of
  that peer are records of their own on it, each written by its part alone (``LobbyPeer`` ``r.lobby``, ``DealPeer``
  ``r.deal``, ``LatePeer`` ``r.catchup``, ``SumsPeer`` ``r.sums``, ``RelayPeer`` ``r.relay``, ``MeshPeer``
  ``r.mesh_link``, ``PresencePeer`` ``r.presence``, ``InputsPeer`` ``r.inputs``).
- ``Pending``: on the host, a key exchange answered (KEYX sent) whose JOIN has not come yet.
- ``Router``: the typed messages and notices a session's parts handle, each part registering bound methods for the
  classes it owns (``router.on(Input, self.on_input)``); a message nobody registered is refused ("unexpected").
- ``ReceivePath``: one datagram from the socket to its part: the rate limit (before the AEAD for strangers, after it
  for known addresses), ``wire.open_datagram`` (size, header, AEAD, bounded msgpack, the typed message of
  ``netplay.messages``), then which peer sent it (the role's ``Door``), its replay window, and the ``Router``.

``nonce_from`` makes a peer's fair-deal nonce (reproducible from a test's seed); the handshake's randomness (SPAKE2,
session id, hello nonce, player token, cookies) always comes from the operating system.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from .messages import Msg, Notice
from .stats import NetStats
from .transport import Address
from .wire import Message, RateLimiter, Rejected, ReplayWindow, open_datagram, seal_msg

__all__ = ["Pending", "Remote", "LobbyPeer", "DealPeer", "LatePeer", "SumsPeer", "RelayPeer", "MeshPeer",
           "PresencePeer", "InputsPeer", "Router", "ReceivePath", "Door", "CONNECTED", "INTERRUPTED", "GONE",
           "nonce_from"]

CONNECTED, INTERRUPTED, GONE = "connected", "interrupted", "gone"
_ZERO32 = bytes(32)


def nonce_from(seed: int | bytes | None, label: bytes) -> bytes:
    """A fair-deal nonce, 32 bytes: random, or (a seed given: ``--seed``, tests) derived from ``seed`` and ``label``,
    so that a match can be replayed with the same deal. Never used for anything the handshake's secrecy rests on."""
    if seed is None:
        return secrets.token_bytes(32)
    raw = seed if isinstance(seed, bytes) else str(seed).encode()
    return hashlib.blake2b(raw + b"|" + label, digest_size=32, person=b"grisbi-nonce").digest()


class Pending:
    """Host: a key exchange answered (KEYX sent) whose JOIN has not arrived yet."""

    def __init__(self, address: Address, hello_nonce: bytes, keys: tuple[bytes, bytes], keyx: bytes,
                 now: float, generation: int = 0) -> None:
        self.address = address
        self.hello_nonce = hello_nonce
        self.key_out, self.key_in = keys
        self.keyx = keyx          # the KEYX datagram, sent again if the joiner repeats its HELLO
        self.at = now
        self.generation = generation  # which join code it was answered with (the code changes after wrong guesses)
        self.failed = False
        self.out_seq = 0
        self.window = ReplayWindow()

    def seal(self, msg: Msg, sid: int, sender: int, version: int, open_: bool = False) -> bytes:
        """The next datagram of this exchange (sealed with its outgoing key)."""
        self.out_seq += 1
        return seal_msg(msg, sid, sender, self.out_seq, self.key_out, version)


@dataclass
class LobbyPeer:
    """A joiner in the host's lobby (``r.lobby``): written by ``netplay.lobby.HostLobby`` alone."""

    hello_nonce: bytes = b""
    token: bytes = b""  # the player token it joined with (a dropped seat goes back to its owner only)
    name: str = ""
    ready: bool = False


@dataclass
class DealPeer:
    """A joiner's part in the fair deal as the host keeps it (``r.deal``): written by ``netplay.fairdeal.HostDeal``
    alone. ``reveal_t`` / ``reveal_at``: its REVEAL's stamp (ms) and when it came (s), for the RTT."""

    commit: bytes = _ZERO32
    nonce: bytes = _ZERO32
    revealed: bool = False
    reveal_t: int = 0
    reveal_at: float = 0.0


@dataclass
class LatePeer:
    """A late joiner on the host (``r.catchup``): written by ``netplay.latejoin.LateJoiners`` alone. ``snap``: the
    snapshot it is sent (``netplay.latejoin.SnapSend``); ``handover``: the seats it took over, seat -> first own
    tick."""

    late: bool = False
    snap: Any = None
    handover: dict[int, int] = field(default_factory=dict)


@dataclass
class SumsPeer:
    """The rolling checksums exchanged with one peer (``r.sums``; low 16 bits of each confirmed tick, piggybacked on
    INPUT datagrams): written by ``netplay.checks.ChecksumExchange`` alone. ``received``: tick -> its low 16 bits as
    the peer said, not compared yet; ``have``: we hold its sums of every tick up to here; ``acked``: it holds ours up
    to here; ``agreed``: our ticks up to here were compared with its (or could not be)."""

    received: dict[int, int] = field(default_factory=dict)
    have: int = 0
    acked: int = 0
    agreed: int = 0


@dataclass
class RelayPeer:
    """The host's mesh bookkeeping of one joiner (``r.relay``, rollback): the joiners it was introduced to and those
    it reaches directly. Written by ``netplay.relay.Relay`` alone."""

    introduced: set[int] = field(default_factory=set)
    direct: set[int] = field(default_factory=set)


@dataclass
class MeshPeer:
    """A joiner's view of another joiner (``r.mesh_link``): ``link`` for a direct link of the mesh (not the host),
    ``up`` while it answers. Written by ``netplay.mesh.MeshLinks`` alone."""

    link: bool = False
    up: bool = False


@dataclass
class InputsPeer:
    """The INPUT exchange with one peer (``r.inputs``): written by ``netplay.inputs.InputExchange`` alone. ``acked``:
    per seat, the last tick of its inputs the peer holds; ``log_acked``: our notices it holds; ``log_meta``: notice
    index -> (times sent, last sent); ``log_in``: notices of its log we hold; ``ping_t`` / ``ping_at``: its last RTT
    stamp (ms) and when it came (s), echoed in our next datagram; ``dirty``: new inputs to send ("nothing" only)."""

    acked: list[int] = field(default_factory=list)
    log_acked: int = 0
    log_meta: dict[int, tuple[int, float]] = field(default_factory=dict)
    log_in: int = 0
    ping_t: int | None = None
    ping_at: float = 0.0
    dirty: bool = False


@dataclass
class PresencePeer:
    """The host's silence watch of one joiner (``r.presence``): ``last_progress``, when its inputs last advanced (or it
    was not the one awaited), and the ``frontier`` they had then. Written by ``netplay.drops.HostDrops`` alone."""

    last_progress: float = 0.0
    frontier: int = -1


class Remote:
    """What this peer knows of one other peer (the host knows every joiner; a joiner knows the host and, in the
    mesh, the other joiners it was introduced to: ``mesh`` set)."""

    def __init__(self, index: int, address: Address, seats: tuple[int, ...], now: float) -> None:
        self.index = index
        self.address = address
        self.seats = seats
        self.out_seq = 0
        self.window = ReplayWindow()
        self.key_out = b""    # this direction's AEAD key (per peer, from the SPAKE2 exchange)
        self.key_in = b""
        self.last_recv = now
        self.last_send = float("-inf")
        self.status = CONNECTED
        self.log_out: list[Notice] = []  # the notice log we send it (reliable, ordered)
        self.urgent = False  # an action or a notice to send
        self.bye = False
        self.sent = 0
        self.started = False  # it runs the match (it acknowledged START)
        self.last_bye_sent = float("-inf")
        # what the parts keep of this peer, each record written by its part alone (tests/test_netplay_owners.py)
        self.lobby = LobbyPeer()           # netplay.lobby
        self.deal = DealPeer()             # netplay.fairdeal
        self.catchup = LatePeer()          # netplay.latejoin
        self.sums = SumsPeer()             # netplay.checks
        self.relay = RelayPeer()           # netplay.relay
        self.mesh_link = MeshPeer()        # netplay.mesh
        self.presence = PresencePeer(now)  # netplay.drops
        self.inputs = InputsPeer()         # netplay.inputs

    def seal(self, msg: Msg, sid: int, sender: int, version: int, open_: bool = False) -> bytes:
        """The next datagram to this peer: ``msg`` sealed with our outgoing key and our next sequence number (open:
        unsealed, for HELLO)."""
        self.out_seq += 1
        return seal_msg(msg, sid, sender, self.out_seq, None if open_ else self.key_out, version)

    def notify(self, item: Notice) -> None:
        """Append a notice to the log we send this peer (it goes with the next datagram)."""
        self.log_out.append(item)
        self.urgent = True


class Router:
    """The typed messages and notices a session handles: ``on(cls, handler)`` (handler(remote, msg)),
    ``on_notice(cls, handler)`` (handler(remote, notice)); ``deliver`` and ``notice`` hand one over."""

    def __init__(self, stats: NetStats) -> None:
        self.stats = stats
        self._messages: dict[type, Callable[[Remote, Any], None]] = {}
        self._notices: dict[type, Callable[[Remote, Any], None]] = {}
        self._open: dict[type, Callable[[Message, Address], None]] = {}

    def on(self, cls: type[Msg], handler: Callable[[Remote, Any], None]) -> None:
        self._messages[cls] = handler

    def on_notice(self, cls: type[Notice], handler: Callable[[Remote, Any], None]) -> None:
        self._notices[cls] = handler

    def deliver(self, r: Remote, msg: Msg) -> None:
        """Hand ``msg`` from peer ``r`` to the part that registered its class (else: refused, "unexpected")."""
        handler = self._messages.get(type(msg))
        if handler is None:
            self.stats.reject("unexpected")
            return
        handler(r, msg)

    def on_open(self, cls: type[Msg], handler: Callable[[Message, Address], bool | None]) -> None:
        """``handler(datagram, address)`` takes the messages of ``cls`` that come before any peer is known (key
        exchanges, probes, refusals): they carry no peer yet. Returning False, it leaves one to go on as a peer's
        message."""
        self._open[cls] = handler

    def open(self, msg: Message, address: Address) -> bool:
        """Hand a datagram that comes before any peer to the part that registered its class; False if none took it."""
        handler = self._open.get(type(msg.body))
        return handler is not None and handler(msg, address) is not False

    def notice(self, r: Remote, item: Notice) -> None:
        """Hand one notice from ``r``'s log to the part that registered its class (others are ignored)."""
        handler = self._notices.get(type(item))
        if handler is not None:
            handler(r, item)


class Door(Protocol):
    """What a role says about datagrams (the session's role part): whether an address is one it knows (its datagrams
    are authenticated before they count against the rate limit), the key that opens a datagram from it, the open
    message types it reads now, what a rejected datagram means, which endpoint a valid one comes from, and what
    hearing from it means before and after its message is handled."""

    def known(self, address: Address) -> bool: ...
    def key_for(self, address: Address) -> Callable[[int, int, int], bytes | None]: ...
    def open_types(self) -> tuple[int, ...]: ...
    def rejected(self, e: Rejected, address: Address) -> None: ...
    def sender(self, msg: Message, address: Address) -> Remote | None: ...  # None: refused (counted)
    def heard(self, r: Remote, msg: Message) -> bool: ...  # False: not handled (a peer already gone)
    def handled(self, r: Remote) -> None: ...


class ReceivePath:
    """One datagram from the socket to the part that handles it, in this order:

    1. the rate limit for an address we do not know (for a known one, after the AEAD: spoofed floods cannot use up a
       real peer's budget);
    2. ``wire.open_datagram``: size, header, the AEAD with the key of the sending peer (``Door.key_for``), bounded
       msgpack, and the typed message (``netplay.messages.decode``);
    3. a message that comes before any peer is known (a key exchange, a probe, a refusal): to the part that registered
       it with ``Router.on_open``;
    4. else the endpoint it comes from (``Door.sender``: session id, peer index, address), its replay window, and the
       part that registered its class (``Router.deliver``)."""

    def __init__(self, door: Door, limiter: RateLimiter, stats: NetStats, router: Router) -> None:
        self.door = door
        self.limiter = limiter
        self.stats = stats
        self.router = router

    def take(self, data: bytes, address: Address, now: float) -> None:
        door = self.door
        known = door.known(address)
        if not known and not self.limiter.allow(address, now):
            self.stats.reject("rate")
            return
        try:
            msg = open_datagram(data, door.key_for(address), door.open_types())
        except Rejected as e:
            self.stats.reject(e.reason)
            door.rejected(e, address)
            return
        if known and not self.limiter.allow(address, now):
            self.stats.reject("rate")
            return
        if self.router.open(msg, address):
            return
        r = door.sender(msg, address)
        if r is None or not self.accept_seq(r, msg, now) or not door.heard(r, msg):
            return
        self.router.deliver(r, msg.body)
        door.handled(r)

    def accept_seq(self, r: "Remote | Pending", msg: Message, now: float) -> bool:
        """The sequence window of ``r``: a datagram seen before (or too old) is refused ("replay"); else counted."""
        if not r.window.fresh(msg.seq):
            self.stats.reject("replay")
            return False
        r.window.accept(msg.seq)
        self.stats.received(now, r.index if isinstance(r, Remote) else None, msg.seq, msg.size)
        return True
