"""An ICE datagram transport (RFC 8445, on ``aioice``): the same ``Transport`` as UDP, over the internet.

One ``IceTransport`` holds one ICE connection per peer: a joiner has one (to the host), a host one per joiner (a star
through the host). Each peer gets a stable made-up address when it is added (``("ice-1", 1)``, ``("ice-2", 2)``...;
``address`` is ``("ice-0", 0)``, ourselves), and the session keys its peers by it as it keys UDP peers by ``(ip, port)``;
the route underneath (direct or through the relay) never shows in it.

Threads: aioice runs on an asyncio loop in one background thread per transport. The caller's thread never waits on the
network: ``send`` puts the datagram on a bounded queue and wakes the loop; ``receive`` drains a bounded queue the loop
fills. Datagrams beyond the queues' bounds (``MAX_QUEUED``) are dropped and counted, as a full socket buffer would.
``close`` stops every connection, the loop and the thread (bounded: about a second at worst).

Connecting one peer, in stages (what the simulated internet showed: with every candidate type at once, two homes
behind Linux MASQUERADE did not connect within 20 s; relay-only connected in 0.5 s):

1. both sides gather their **direct** candidates (host addresses, and the server-reflexive one from the STUN server)
   and, when a TURN server is set, in parallel a **relayed** candidate (TURN allocation, long-term user/password);
   each set goes to the other side as an offer (``{"t": "offer", "stage": "direct"|"relay", "ufrag", "pwd",
   "cands"}``; a relay offer without ``cands`` when there is no relay);
2. the **direct** checks run for ``IceTimeouts.direct`` seconds (2 s: a direct path answers within a second, even
   after a lost first check, and every second more is a second more to wait behind routers that need the relay).
   The host side is ICE-controlling and decides: if a direct pair is nominated, it sends the verdict
   ``{"t": "route", "route": "direct"}``;
3. else it closes the direct attempt, sends ``{"t": "route", "route": "relay"}``, and both run relay-only checks
   (aioice ``TransportPolicy.RELAY``) on the relayed candidates for the rest of ``IceTimeouts.total`` (15 s, at most
   20). Without a relay on both sides, the direct checks get that whole time instead.

The controlled side (a joiner) follows the verdict, so both sides always use the same route, reported as ``route``
("direct" or "relay") with the connect time ``connect_s`` (seconds from ``add_peer`` to connected). The signalling
messages are plain JSON-ready dicts, carried by the caller (``netplay.online`` carries them on the rendezvous's
encrypted channel): ``take_signals(address)`` gives what to send the peer, ``give_signal(address, message)`` takes
what it sent. Nothing here is secret: the ICE credentials only authenticate connectivity checks, and every datagram
a session sends is already sealed (AEAD) by its own handshake, so a relay or a path sees only ciphertext.

Optional seeded impairment (``send_impairment`` / ``receive_impairment``: ``netplay.transport.Impairment``: added
latency, jitter, loss, duplication, reordering) delays or drops datagrams on this side, per peer, for measurements
(e.g. 80 ms added round trip: 40 ms each way on the host's both directions) where ``tc netem`` is not available.

Host candidates are aioice's (every interface but loopback); on a machine with no interface but loopback, 127.0.0.1
(so two programs on one machine without a network connect directly; ``_host_addresses``).

Errors: the constructor raises ``ValueError`` for bad timeouts; nothing else raises for a network problem: a peer's
failure is reported in its ``IcePeerStatus`` (``state == FAILED`` with an ``IceFailure`` reason and a one-line
``line``).
"""

from __future__ import annotations

import asyncio
import hashlib
import random
import threading
import time
from collections import deque
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

import aioice.ice
from aioice import Candidate, Connection, TransportPolicy

from .transport import Address, Impairment

__all__ = ["IceServers", "IceTimeouts", "IceFailure", "IcePeerStatus", "IceTransport", "DIRECT", "RELAY",
           "GATHERING", "WAITING", "CHECKING_DIRECT", "CHECKING_RELAY", "CONNECTED", "FAILED", "CLOSED",
           "MAX_QUEUED", "MAX_TOTAL_TIMEOUT", "parse_server"]

DIRECT, RELAY = "direct", "relay"
GATHERING, WAITING, CHECKING_DIRECT, CHECKING_RELAY = "gathering", "waiting", "checking-direct", "checking-relay"
CONNECTED, FAILED, CLOSED = "connected", "failed", "closed"

MAX_QUEUED = 4096
"""Datagrams held at most in each direction (send queue, receive queue); more are dropped and counted."""
MAX_TOTAL_TIMEOUT = 20.0
"""No connection attempt may take longer (seconds)."""
RELAY_PATIENCE = 3.0
"""Seconds after which a relay that has still not answered an attempt that ends counts as not answering (a working
TURN server allocates in well under a second)."""
MAX_CANDIDATES = 32
"""Candidates accepted in one offer."""
SELF: Address = ("ice-0", 0)


_library_host_addresses = aioice.ice.get_host_addresses


def _host_addresses(use_ipv4: bool, use_ipv6: bool) -> list[str]:
    """aioice's host addresses (every interface but loopback), or 127.0.0.1 on a machine that has no other: two
    programs on one machine with no network (a test box, ``unshare -n``) still find each other directly."""
    found = _library_host_addresses(use_ipv4, use_ipv6)
    return found or (["127.0.0.1"] if use_ipv4 else [])


aioice.ice.get_host_addresses = _host_addresses  # aioice looks it up at each gathering


def parse_server(text: str | None, default_port: int = 3478) -> tuple[str, int] | None:
    """``"host:port"`` (or ``"host"``, port ``default_port``) -> ``(host, port)``; None or "" -> None.
    Raises ValueError for a bad port."""
    if not text:
        return None
    host, sep, port = text.strip().rpartition(":")
    if not sep:
        return text.strip(), default_port
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"not a host:port: {text!r}")
    return host.strip("[]"), int(port)


@dataclass(frozen=True)
class IceServers:
    """Where the candidates come from. ``stun``: a STUN server ``(host, port)`` (server-reflexive candidates);
    ``turn``: a TURN server ``(host, port)`` over UDP with long-term credentials ``turn_user`` / ``turn_password``
    (relayed candidates). None: not used. ``relay_only``: offer relayed candidates only (WebRTC's
    ``iceTransportPolicy: "relay"``): the other side never learns this machine's addresses, only the relay's; with
    no TURN server here, it cannot connect (a line says so)."""

    stun: tuple[str, int] | None = None
    turn: tuple[str, int] | None = None
    turn_user: str | None = None
    turn_password: str | None = None
    relay_only: bool = False

    def describe(self) -> str:
        parts = [f"STUN {self.stun[0]}:{self.stun[1]}" if self.stun else "no STUN",
                 f"TURN {self.turn[0]}:{self.turn[1]}" if self.turn else "no TURN"]
        if self.relay_only:
            parts.append("relay only")
        return ", ".join(parts)

    @property
    def turn_text(self) -> str | None:
        """The TURN server as ``"host:port"`` (None: none)."""
        return None if self.turn is None else f"{self.turn[0]}:{self.turn[1]}"


@dataclass(frozen=True)
class IceTimeouts:
    """Seconds. ``direct``: how long the direct checks run before the relay is tried (when both sides have one);
    ``total``: the whole attempt, from ``add_peer`` (gathering included), at most ``MAX_TOTAL_TIMEOUT``."""

    direct: float = 2.0
    total: float = 15.0

    def __post_init__(self) -> None:
        if not 0 < self.direct <= self.total <= MAX_TOTAL_TIMEOUT:
            raise ValueError(f"need 0 < direct <= total <= {MAX_TOTAL_TIMEOUT} s, got {self.direct}, {self.total}")


class IceFailure(StrEnum):
    """Why a peer did not connect (or stopped)."""

    NO_ROUTE = "no-route"          # every check failed (direct, and relay when there was one)
    TIMEOUT = "timeout"            # the attempt ran out of time
    NO_ADDRESS = "no-address"      # nothing to offer: no network interface, no STUN/TURN answer
    PEER_FAILED = "peer-failed"    # the other side gave up (its reason is in the line)
    BAD_SIGNAL = "bad-signal"      # the other side sent a malformed offer
    LOST = "lost"                  # connected, then the path stopped answering (ICE consent expired)


@dataclass(frozen=True)
class IcePeerStatus:
    """One peer's connection as last seen. ``state``: one of GATHERING, WAITING, CHECKING_DIRECT, CHECKING_RELAY,
    CONNECTED, FAILED, CLOSED; ``route``: DIRECT or RELAY once connected; ``connect_s``: seconds from ``add_peer`` to
    connected; ``elapsed``: seconds since ``add_peer`` when this status was made; ``line``: one line for a person
    ("trying a direct route (1.2 s)", "connected through the relay in 3.4 s", or the failure's reason). On a
    failure, ``relay``: this side's relay ``{"server": "host:port" or None, "ok": True/False/None}`` (None: not
    tried), and ``peer_relay``: the other side's, as its failure signal told it (None: not told)."""

    address: Address
    state: str
    line: str
    elapsed: float = 0.0
    route: str | None = None
    connect_s: float | None = None
    failure: IceFailure | None = None
    local_candidates: tuple[str, ...] = ()
    remote_candidates: tuple[str, ...] = ()
    relay: dict[str, Any] | None = None
    peer_relay: dict[str, Any] | None = None


_STATE_LINES = {GATHERING: "finding this machine's addresses", WAITING: "waiting for the other side's addresses",
                CHECKING_DIRECT: "trying a direct route", CHECKING_RELAY: "trying the relay (TURN server)"}


class _Failed(Exception):
    def __init__(self, failure: IceFailure, line: str) -> None:
        super().__init__(line)
        self.failure, self.line = failure, line


def _offer(stage: str, conn: Connection | None, public_only: bool = False) -> dict[str, Any]:
    """An offer of ``conn``'s candidates for ``stage``; ``public_only``: the server-reflexive ones only, when there
    are (the relay stage of a side with no relay: the other side's relay reaches a public address, never a private
    one, and a relay told to send to a private range may refuse, or worse, give up on the allocation)."""
    cands = list(conn.local_candidates) if conn is not None else []
    if public_only and any(c.type == "srflx" for c in cands):
        cands = [c for c in cands if c.type == "srflx"]
    if not cands:
        return {"t": "offer", "stage": stage}
    return {"t": "offer", "stage": stage, "ufrag": conn.local_username, "pwd": conn.local_password,
            "cands": [c.to_sdp() for c in cands[:MAX_CANDIDATES]]}


def _read_offer(msg: dict[str, Any]) -> tuple[str, str, list[Candidate]] | None:
    """A peer's offer -> (ufrag, pwd, candidates), or None for "no candidates for this stage". Raises ValueError."""
    if "cands" not in msg:
        return None
    ufrag, pwd, cands = msg.get("ufrag"), msg.get("pwd"), msg.get("cands")
    if not (isinstance(ufrag, str) and isinstance(pwd, str) and 4 <= len(ufrag) <= 256 and 22 <= len(pwd) <= 256):
        raise ValueError("bad ICE credentials")
    if not isinstance(cands, list) or not 0 < len(cands) <= MAX_CANDIDATES:
        raise ValueError("bad candidate list")
    out = []
    for text in cands:
        if not isinstance(text, str) or len(text) > 300:
            raise ValueError("bad candidate")
        out.append(Candidate.from_sdp(text))
    return ufrag, pwd, out


def _route_of(conn: Connection) -> str:
    pair = conn._nominated.get(1)  # aioice keeps the nominated pair per component; no public accessor in 0.13
    if pair is not None and (pair.local_candidate.type == "relay" or pair.remote_candidate.type == "relay"):
        return RELAY
    return DIRECT


def _quiet(task: asyncio.Future) -> None:
    """Retrieve a finished task's exception (we decide from results; asyncio must not log it as lost)."""
    if not task.cancelled():
        task.exception()


def _link_seed(seed: int, address: Address, direction: str) -> int:
    text = f"{seed}|{address[0]}:{address[1]}|{direction}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class _Peer:
    """One ICE peer, living on the transport's loop (every method runs there)."""

    def __init__(self, owner: "IceTransport", address: Address, controlling: bool, servers: IceServers,
                 timeouts: IceTimeouts) -> None:
        self.owner, self.address, self.controlling = owner, address, controlling
        self.servers, self.timeouts = servers, timeouts
        self.started = time.monotonic()
        self.outbox: deque[dict[str, Any]] = deque()
        self.direct: Connection | None = None
        self.relay: Connection | None = None
        self.active: Connection | None = None
        self.offers: dict[str, asyncio.Future] = {}
        self.verdict: asyncio.Future | None = None
        self.peer_failed: asyncio.Future | None = None
        self.relay_gathered: asyncio.Future | None = None
        self.relay_task: asyncio.Future | None = None
        self.turn_trouble = False
        self.half = False  # no TURN here: the relay stage offers our own addresses, for the other side's relay
        self.peer_relay: dict[str, Any] | None = None
        self.readers: list[asyncio.Task] = []
        self.task: asyncio.Task | None = None
        self.closing = False
        self.send_rng = random.Random(_link_seed(owner.seed, address, "send"))
        self.receive_rng = random.Random(_link_seed(owner.seed, address, "receive"))
        self.in_order = {"send": 0.0, "receive": 0.0}
        self.sent = self.received = self.bytes_sent = self.bytes_received = 0
        self.status = IcePeerStatus(address, GATHERING, _STATE_LINES[GATHERING])

    # --- status ---

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def set_state(self, state: str, line: str | None = None, **fields: Any) -> None:
        elapsed = self.elapsed()
        if line is None:
            line = _STATE_LINES.get(state, state)
        self.status = replace(self.status, state=state, line=line, elapsed=elapsed, **fields)
        self.owner._updates.append(self.status)

    def signal(self, message: dict[str, Any]) -> None:
        self.outbox.append(message)

    def deadline_left(self) -> float:
        return max(0.0, self.timeouts.total - self.elapsed())

    # --- the attempt ---

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """On the loop, before any signal for this peer can be handled (``call_soon_threadsafe`` keeps order)."""
        self.offers = {DIRECT: loop.create_future(), RELAY: loop.create_future()}
        self.verdict, self.peer_failed = loop.create_future(), loop.create_future()
        self.relay_gathered = loop.create_future()
        self.task = loop.create_task(self.run())

    async def run(self) -> None:
        try:
            await asyncio.wait_for(self._attempt(), self.deadline_left())
        except asyncio.TimeoutError:
            self._fail(IceFailure.TIMEOUT, f"no connection within {self.timeouts.total:g} s: the other player's "
                       f"network may block it{self._relay_hint()}")
        except _Failed as f:
            self._fail(f.failure, f.line)
        except asyncio.CancelledError:
            raise
        except Exception as e:  # an aioice surprise must not kill the loop; report it as no route
            self._fail(IceFailure.NO_ROUTE, f"the connection attempt failed ({type(e).__name__}: {e})")

    def relay_state(self, giving_up: bool = False) -> dict[str, Any]:
        """This side's relay: ``{"server": "host:port" or None, "ok": True (allocated), False (no answer or
        refused; also a relay still silent past the direct stage, or, ``giving_up``, still silent
        ``RELAY_PATIENCE`` s into an attempt that ends now), None (not tried yet)}``."""
        ok = None
        if self.servers.turn is not None and self.relay_gathered is not None:
            patience = RELAY_PATIENCE if giving_up else self.timeouts.direct
            ok = bool(self.relay_gathered.result()) if self.relay_gathered.done() else (
                False if self.elapsed() > patience else None)
        return {"server": self.servers.turn_text, "ok": ok}

    def _relay_hint(self) -> str:
        if self.turn_trouble:
            return "; the TURN relay did not answer or refused the user/password"
        if self.servers.turn is None:
            return "; setting a TURN relay server helps"
        return ""

    def _fail(self, failure: IceFailure, line: str) -> None:
        if self.status.state in (CONNECTED, CLOSED, FAILED):
            return
        relay = self.relay_state(giving_up=True)
        if failure != IceFailure.PEER_FAILED:
            self.signal({"t": "fail", "reason": failure.value, "line": line[:200], "relay": relay})
        self.set_state(FAILED, line, failure=failure, relay=relay, peer_relay=self.peer_relay)
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        asyncio.get_running_loop().create_task(self.shut())

    async def _attempt(self) -> None:
        only = self.servers.relay_only
        self.direct = Connection(ice_controlling=self.controlling, stun_server=self.servers.stun)
        if self.servers.turn is not None:
            self.relay = Connection(ice_controlling=self.controlling, turn_server=self.servers.turn,
                                    turn_username=self.servers.turn_user, turn_password=self.servers.turn_password,
                                    transport_policy=TransportPolicy.RELAY)
        elif not only:
            self.relay = Connection(ice_controlling=self.controlling, stun_server=self.servers.stun)
            self.half = True
        if self.relay is not None:
            self.relay_task = asyncio.ensure_future(self._gather_relay())
            self.relay_task.add_done_callback(_quiet)
        else:
            self.signal(_offer(RELAY, None))
            self.relay_gathered.set_result(False)
        if not only:
            await self.direct.gather_candidates()
        if not self.direct.local_candidates:
            if self.relay_task is not None:
                await asyncio.wait({self.relay_task})
            if only and not (self.relay and self.relay.local_candidates):
                raise _Failed(IceFailure.NO_ROUTE, "only the relay may be used here (hide my address), but there "
                                                   "is no relay" if self.servers.turn is None else
                                                   "only the relay may be used here (hide my address), but the TURN "
                                                   "relay did not answer or refused the user/password")
            if not (self.relay and self.relay.local_candidates):
                raise _Failed(IceFailure.NO_ADDRESS, "this machine has no network address to offer")
        self.signal(_offer(DIRECT, None if only else self.direct))
        self.set_state(WAITING, local_candidates=tuple(c.to_sdp() for c in self.direct.local_candidates))
        remote = await self._wait_any(self.offers[DIRECT])
        self.set_state(CHECKING_DIRECT, remote_candidates=tuple(c.to_sdp() for c in remote[2]) if remote else ())
        if remote is not None and not only:
            await self._configure(self.direct, remote)
        if self.controlling:
            await self._lead()
        else:
            await self._follow()

    async def _gather_relay(self) -> None:
        assert self.relay is not None
        try:
            await self.relay.gather_candidates()
        finally:
            ok = bool(self.relay.local_candidates) and not self.half
            self.turn_trouble = not ok and not self.half
            self.signal(_offer(RELAY, self.relay, public_only=self.half))
            if not self.relay_gathered.done():
                self.relay_gathered.set_result(ok)

    async def _configure(self, conn: Connection, remote: tuple[str, str, list[Candidate]]) -> None:
        conn.remote_username, conn.remote_password = remote[0], remote[1]
        for c in remote[2]:
            await conn.add_remote_candidate(c)
        await conn.add_remote_candidate(None)

    async def _wait_any(self, fut: Any) -> Any:
        """Wait for ``fut`` (a future or a coroutine) unless the other side gives up first (raises _Failed)."""
        fut = asyncio.ensure_future(fut)
        done, _ = await asyncio.wait({fut, self.peer_failed}, return_when=asyncio.FIRST_COMPLETED)
        if self.peer_failed in done and fut not in done:
            raise self.peer_failed.result()
        return fut.result()

    async def _relay_possible(self) -> bool:
        """A relay stage can be tried (waits for both relay offers): both sides offer candidates for it, and at
        least one side's are relayed (a side with no TURN server offers its own addresses, which the other side's
        relay reaches: a joiner behind a symmetric NAT with no relay still connects through the host's)."""
        mine = await self._wait_any(self.relay_gathered)
        theirs = await self._wait_any(self.offers[RELAY])
        if theirs is None or self.relay is None or not self.relay.local_candidates:
            return False
        return bool(mine) or any(c.type == "relay" for c in theirs[2])

    async def _lead(self) -> None:
        """Controlling side: direct for a while, then decide."""
        assert self.direct is not None
        direct = self._start(self.direct)
        if direct is not None:
            relay_known = self.relay is not None  # a relay stage may follow (ours, or the other side's)
            await asyncio.wait({direct, self.peer_failed}, timeout=self.timeouts.direct if relay_known else None,
                               return_when=asyncio.FIRST_COMPLETED)
            if self.peer_failed.done() and not direct.done():
                raise self.peer_failed.result()
            if not direct.done() and not await self._relay_possible():
                await asyncio.wait({direct, self.peer_failed}, return_when=asyncio.FIRST_COMPLETED)
            if direct.done() and direct.exception() is None:
                self.signal({"t": "route", "route": DIRECT})
                self._connected(self.direct)
                return
            direct.cancel()
        await self._close(self.direct)
        self.direct = None
        if not await self._relay_possible():
            raise _Failed(IceFailure.NO_ROUTE, "no direct route to the other player" + self._relay_hint())
        self.signal({"t": "route", "route": RELAY})
        await self._connect_relay()

    async def _follow(self) -> None:
        """Controlled side: check direct, and go where the controlling side says."""
        assert self.direct is not None
        direct = self._start(self.direct)
        route = await self._wait_any(self.verdict)
        if route == DIRECT and direct is not None:
            done, _ = await asyncio.wait({direct, self.peer_failed}, return_when=asyncio.FIRST_COMPLETED)
            if direct in done and direct.exception() is None:
                self._connected(self.direct)
                return
            raise _Failed(IceFailure.NO_ROUTE, "the direct route the host chose did not work here")
        if direct is not None:
            direct.cancel()
        await self._close(self.direct)
        self.direct = None
        if not await self._relay_possible():
            raise _Failed(IceFailure.NO_ROUTE, "the host asked for the relay, but there is none here")
        await self._connect_relay()

    @staticmethod
    def _start(conn: Connection) -> asyncio.Future | None:
        """The connectivity checks of a configured connection, as a task (None: the other side offered nothing)."""
        if not conn.remote_password:
            return None
        task = asyncio.ensure_future(conn.connect())
        task.add_done_callback(_quiet)
        return task

    async def _connect_relay(self) -> None:
        assert self.relay is not None
        self.set_state(CHECKING_RELAY)
        remote = self.offers[RELAY].result()
        await self._configure(self.relay, remote)
        checks = self._start(self.relay)
        assert checks is not None
        await self._wait_any(asyncio.wait({checks}))
        if checks.exception() is not None:
            raise _Failed(IceFailure.NO_ROUTE, "no route to the other player, even through the relay")
        self._connected(self.relay)

    def _connected(self, conn: Connection) -> None:
        self.active = conn
        other = self.relay if conn is self.direct else self.direct
        if other is not None:
            asyncio.get_running_loop().create_task(self._close(other, after=self.relay_task))
            if other is self.relay:
                self.relay = None
            else:
                self.direct = None
        route = _route_of(conn)
        took = self.elapsed()
        self.set_state(CONNECTED, f"connected {'directly' if route == DIRECT else 'through the relay'} "
                       f"in {took:.1f} s", route=route, connect_s=took)
        self.readers.append(asyncio.get_running_loop().create_task(self._read(conn)))

    async def _read(self, conn: Connection) -> None:
        while True:
            try:
                data = await conn.recv()
            except ConnectionError:
                break
            self.owner._arrived(self, data)
        if not self.closing and self.status.state == CONNECTED:
            self.set_state(FAILED, "the connection to the other player was lost", failure=IceFailure.LOST)

    # --- signals from the other side ---

    def on_signal(self, msg: dict[str, Any]) -> None:
        kind = msg.get("t") if isinstance(msg, dict) else None
        try:
            if kind == "offer" and msg.get("stage") in self.offers:
                fut = self.offers[msg["stage"]]
                if not fut.done():
                    fut.set_result(_read_offer(msg))
            elif kind == "route" and msg.get("route") in (DIRECT, RELAY) and not self.controlling:
                if self.verdict is not None and not self.verdict.done():
                    self.verdict.set_result(msg["route"])
            elif kind == "fail":
                relay = msg.get("relay")
                if isinstance(relay, dict):
                    server, ok = relay.get("server"), relay.get("ok")
                    self.peer_relay = {"server": server[:255] if isinstance(server, str) else None,
                                       "ok": ok if isinstance(ok, bool) else None}
                line = str(msg.get("line", "the other side gave up"))[:200]
                self._give_up(_Failed(IceFailure.PEER_FAILED, f"the other player could not connect: {line}"))
        except ValueError as e:
            self._give_up(_Failed(IceFailure.BAD_SIGNAL, f"the other side sent a malformed offer ({e})"))

    def _give_up(self, why: _Failed) -> None:
        if self.peer_failed is not None and not self.peer_failed.done():
            self.peer_failed.set_result(why)

    # --- data ---

    async def send(self, data: bytes) -> None:
        if self.active is None:
            self.owner.send_dropped += 1
            return
        try:
            await self.active.send(data)
        except (ConnectionError, OSError):
            self.owner.send_dropped += 1
            return
        self.sent += 1
        self.bytes_sent += len(data)

    # --- closing ---

    async def _close(self, conn: Connection | None, after: asyncio.Future | None = None) -> None:
        """Close a connection (after its gathering, so no TURN allocation is left behind)."""
        if conn is None:
            return
        if after is not None and not after.done():
            await asyncio.wait({after}, timeout=6.0)
        try:
            await asyncio.wait_for(conn.close(), 0.5)
        except (asyncio.TimeoutError, Exception):  # a TURN server gone silent: its allocation expires by itself
            pass

    async def shut(self, hurry: bool = False) -> None:
        """Stop reading and close both stages' connections (``hurry``: without waiting for a TURN allocation still
        being made)."""
        self.closing = True
        for t in self.readers:
            t.cancel()
        if hurry and self.relay_task is not None:
            self.relay_task.cancel()
        after = None if hurry else self.relay_task
        conns = {id(c): c for c in (self.direct, self.relay, self.active) if c is not None}
        self.direct = self.relay = self.active = None
        await asyncio.gather(*(self._close(c, after=after) for c in conns.values()))


class IceTransport:
    """Datagrams to peers reached over ICE, behind the ``netplay.transport.Transport`` interface.

    ``servers``: the default STUN/TURN servers for every peer; ``timeouts``: the default stages; ``seed``: seeds the
    impairment generators; ``send_impairment`` / ``receive_impairment``: optional seeded impairment per peer and
    direction. ``address`` is ``("ice-0", 0)``: this side. Counters: ``send_dropped`` (no route yet, queue full,
    system refused), ``receive_dropped`` (queue full), ``impaired_dropped`` (lost by the impairment, on purpose). Safe to call from one caller thread; the loop thread is ours.
    """

    def __init__(self, servers: IceServers = IceServers(), *, timeouts: IceTimeouts = IceTimeouts(), seed: int = 0,
                 send_impairment: Impairment | None = None, receive_impairment: Impairment | None = None) -> None:
        self.servers, self.timeouts, self.seed = servers, timeouts, seed
        self.send_impairment, self.receive_impairment = send_impairment, receive_impairment
        self.address: Address = SELF
        self.send_dropped = self.receive_dropped = self.impaired_dropped = 0
        self.closed = False
        self._peers: dict[Address, _Peer] = {}
        self._next = 1
        self._outbox: deque[tuple[Address, bytes]] = deque()
        self._inbox: deque[tuple[bytes, Address]] = deque()
        self._updates: deque[IcePeerStatus] = deque()
        self._readable = threading.Event()
        self._flush_pending = False
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run_loop, name="netplay-ice", daemon=True)
        self._thread.start()

    def _run_loop(self) -> None:
        asyncio.set_event_loop(self._loop)
        try:
            self._loop.run_forever()
        finally:
            self._loop.close()

    # --- peers (caller's thread) ---

    def add_peer(self, controlling: bool, *, servers: IceServers | None = None,
                 timeouts: IceTimeouts | None = None) -> Address:
        """Start connecting to one more peer (gathering begins at once). ``controlling``: True on the host's side
        (it decides the route), False on the joiner's. Returns the peer's stable address. Raises RuntimeError after
        ``close``."""
        if self.closed:
            raise RuntimeError("the ICE transport is closed")
        address = (f"ice-{self._next}", self._next)
        self._next += 1
        peer = _Peer(self, address, controlling, servers or self.servers, timeouts or self.timeouts)
        self._peers[address] = peer
        self._loop.call_soon_threadsafe(peer.start, self._loop)
        return address

    def take_signals(self, address: Address) -> list[dict[str, Any]]:
        """Signalling messages to deliver to that peer, oldest first (drained)."""
        peer = self._peers.get(address)
        out: list[dict[str, Any]] = []
        while peer is not None and peer.outbox:
            out.append(peer.outbox.popleft())
        return out

    def give_signal(self, address: Address, message: dict[str, Any]) -> None:
        """A signalling message that peer sent us (from the rendezvous)."""
        peer = self._peers.get(address)
        if peer is not None and not self.closed:
            self._loop.call_soon_threadsafe(peer.on_signal, message)

    def status(self, address: Address) -> IcePeerStatus | None:
        """That peer's status now (None: unknown address)."""
        peer = self._peers.get(address)
        if peer is None:
            return None
        s = peer.status
        return s if s.state in (CONNECTED, FAILED, CLOSED) else replace(
            s, elapsed=peer.elapsed(), line=f"{s.line} ({peer.elapsed():.1f} s)")

    def peers(self) -> dict[Address, IcePeerStatus]:
        return {a: self.status(a) for a in list(self._peers)}  # type: ignore[misc]

    def relay_state(self, address: Address) -> dict[str, Any] | None:
        """This side's relay for that peer as an attempt that ends now sees it (``_Peer.relay_state`` giving up:
        still silent ``RELAY_PATIENCE`` s in counts as not answering); None: unknown address."""
        peer = self._peers.get(address)
        return peer.relay_state(giving_up=True) if peer is not None else None

    def updates(self) -> list[IcePeerStatus]:
        """Every status change since the last call, oldest first (for a "connecting..." line)."""
        out = []
        while self._updates:
            out.append(self._updates.popleft())
        return out

    def remove_peer(self, address: Address) -> None:
        """Stop that peer's connection (it left, or failed); its address is never reused."""
        peer = self._peers.pop(address, None)
        if peer is not None and not self.closed:
            self._loop.call_soon_threadsafe(self._stop_peer, peer)

    def _stop_peer(self, peer: _Peer) -> None:
        if peer.status.state != FAILED:
            peer.set_state(CLOSED, "closed")
        if peer.task is not None:
            peer.task.cancel()
        self._loop.create_task(peer.shut())

    def traffic(self, address: Address) -> dict[str, int]:
        """Datagrams and bytes sent to / received from that peer so far."""
        p = self._peers.get(address)
        if p is None:
            return {}
        return {"sent": p.sent, "received": p.received, "bytes_sent": p.bytes_sent,
                "bytes_received": p.bytes_received}

    # --- Transport ---

    def send(self, data: bytes, address: Address) -> None:
        """Queue one datagram for that peer. Never blocks or raises; dropped (and counted) when the transport is
        closed, the peer unknown or the queue full."""
        if self.closed or address not in self._peers or len(self._outbox) >= MAX_QUEUED:
            self.send_dropped += 1
            return
        self._outbox.append((address, bytes(data)))
        if not self._flush_pending:
            self._flush_pending = True
            try:
                self._loop.call_soon_threadsafe(self._flush)
            except RuntimeError:
                self.send_dropped += 1

    def receive(self, limit: int = 512) -> list[tuple[bytes, Address]]:
        """Datagrams that have arrived, oldest first, without waiting."""
        out: list[tuple[bytes, Address]] = []
        while self._inbox and len(out) < limit:
            out.append(self._inbox.popleft())
        if not self._inbox:
            self._readable.clear()
            if self._inbox:  # one arrived meanwhile
                self._readable.set()
        return out

    def wait(self, timeout: float) -> bool:
        """Sleep until a datagram has arrived or ``timeout`` seconds pass. True if one is waiting."""
        if self.closed:
            return False
        return self._readable.wait(min(max(0.0, timeout), 3600.0))

    def close(self) -> None:
        """Close every connection (TURN allocations released when the server answers within 0.5 s), stop the loop
        and join its thread. Idempotent; returns within about a second and a half."""
        if self.closed:
            return
        self.closed = True
        peers = list(self._peers.values())

        async def shutdown() -> None:
            for p in peers:
                if p.task is not None:
                    p.task.cancel()
            await asyncio.gather(*(p.shut(hurry=True) for p in peers), return_exceptions=True)
            for p in peers:
                if p.status.state not in (FAILED, CLOSED):
                    p.set_state(CLOSED, "closed")
            await self._loop.shutdown_default_executor()
            pending = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for t in pending:
                t.cancel()
            await asyncio.gather(*pending, return_exceptions=True)

        if self._thread.is_alive():
            future = asyncio.run_coroutine_threadsafe(shutdown(), self._loop)
            try:
                future.result(timeout=1.5)
            except Exception:
                pass
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=1.0)
        self._inbox.clear()
        self._outbox.clear()
        self._readable.set()

    # --- loop side ---

    def _flush(self) -> None:
        self._flush_pending = False
        batch = []
        while self._outbox:
            batch.append(self._outbox.popleft())
        if not batch:
            return
        if self.send_impairment is None:
            self._loop.create_task(self._send_batch(batch))
            return
        now = self._loop.time()
        for address, data in batch:
            peer = self._peers.get(address)
            if peer is None:
                continue
            times, peer.in_order["send"] = self.send_impairment.deliveries(peer.send_rng, now, peer.in_order["send"])
            self.impaired_dropped += not times
            for t in times:
                self._loop.call_at(t, lambda a=address, d=data: self._loop.create_task(self._send_batch([(a, d)])))

    async def _send_batch(self, batch: list[tuple[Address, bytes]]) -> None:
        for address, data in batch:
            peer = self._peers.get(address)
            if peer is None:
                self.send_dropped += 1
                continue
            await peer.send(data)

    def _arrived(self, peer: _Peer, data: bytes) -> None:
        if self.receive_impairment is None:
            self._deliver(peer, data)
            return
        now = self._loop.time()
        times, peer.in_order["receive"] = self.receive_impairment.deliveries(peer.receive_rng, now,
                                                                            peer.in_order["receive"])
        self.impaired_dropped += not times
        for t in times:
            self._loop.call_at(t, self._deliver, peer, data)

    def _deliver(self, peer: _Peer, data: bytes) -> None:
        if peer.closing or self.closed:
            return
        if len(self._inbox) >= MAX_QUEUED:
            self.receive_dropped += 1
            return
        peer.received += 1
        peer.bytes_received += len(data)
        self._inbox.append((data, peer.address))
        self._readable.set()
