"""A netplay session: one peer of a star (the host, or a joiner) that drives a tick simulation over the network.

API (our choice between GGRS's two styles: the session drives the simulation itself). The caller gives:

- ``make_sim(settings, seed) -> sim``: builds the simulation once the fair-deal seed is known. ``sim`` has
  ``save() -> saved``, ``load(saved)``, ``advance(inputs: tuple[int, ...])``, ``checksum() -> int`` and optionally
  ``is_over() -> bool``; inputs are one small int per seat (0 = nothing, < 65536).
- ``input_source(seat, tick) -> int``: this peer's input for one of its seats (``Session.local_seats``) for a tick;
  called once per (seat, tick), ``input_delay`` ticks before that tick is simulated.

and then calls ``update(now)`` often (every frame; ``now`` in seconds, from any monotonic clock, real or virtual),
sleeping until ``next_wakeup()`` or a datagram at most. ``update`` reads datagrams, runs the handshake, simulates the
ticks that are due (at most ``max_ticks_per_update``; at most one rollback, never deeper than the window), and
sends. ``poll_events()`` returns what happened (``netplay.events``). ``session.sim`` is the simulation, at the
current (possibly predicted) frame; ``driver.confirmed_frame`` says how far it is certain.

Protocol (``netplay.wire`` has the datagram format):

1. Handshake. A joiner sends HELLO (seats wanted, its fair-deal commit, a hello nonce, optionally the settings digest
   it expects) sealed with the join code's key. The host refuses with a reason (protocol version, settings, full,
   already started; a wrong join code gets an unauthenticated refusal) or answers WELCOME: the session id, the
   joiner's peer index and seats (the first free remote seats), the settings and their digest. The joiner checks
   the settings (``accept``), then sends READY with the digest.
2. Fair deal. When every seat is filled and ready, the host sends everyone's commits (blake2b of a 32-byte nonce);
   each joiner reveals its nonce; the host checks each against its commit and sends START with every nonce. The
   seed is blake2b of all nonces in peer order, so no peer chooses the shuffle.
3. Inputs. Every INPUT datagram carries the sender's unacknowledged inputs (per seat, up to 64 ticks), its
   per-seat acks, its frame and frames-ahead estimate, an RTT ping/echo, and a reliable notice log (checksum
   records, seat drops, desync notices, peer status, state chunks, the final notice; each sent in two datagrams
   in a row, then again after an RTO until acknowledged). The host relays every seat's inputs to every joiner.
   Cadence (``SessionConfig.send_gap``): an action, a notice, or the inputs completing a checksummed frame go at
   once; "nothing" inputs every 2 ticks between two peers in rollback (that is what the other predicts anyway),
   every tick from a joiner and within half a tick from the host in a bigger star, within half a tick in lockstep.
   Wrong or unauthenticated datagrams never get an answer (except the rate-limited "wrong join code" refusal in the
   lobby), so the host cannot be used to amplify traffic.
4. Disconnects. Silent for ``interrupt_after`` (0.5 s): "interrupted"; for ``timeout`` (5 s): "disconnected". The host
   drops the lost peer's seats at the tick after the last input it has of them (so no peer can have seen more) and
   relays that tick; every peer applies it identically; the host plays the seats from then on (ask
   ``input_source``; a bot), so the match goes on.
5. End. When the confirmed state is over (or ``end_tick`` is reached) every peer stops at that frame, exchanges the
   final checksum, and the host sends FINAL; joiners say BYE. ``MatchEnded`` is raised at the end frame.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Callable

import msgpack

from .desync import CheckRecord, ChecksumHistory, ChunkAssembler, DesyncDetector, DesyncDump, state_bytes
from .events import (Desync, Disconnected, Failed, Interrupted, JoinRefused, MatchEnded, NetEvent, PeerJoined,
                     PeerLeft, Resumed, SeatDropped, Started)
from .lockstep import LockstepDriver
from .rollback import RollbackDriver, TickDriver
from .settings import ROLLBACK, MatchSettings, SessionConfig
from .stats import NetStats
from .timesync import TimeSync
from .transport import Address, Transport
from .wire import (MAX_CHUNK, MAX_ITEMS, MAX_RUN, NO_PEER, PROTOCOL_VERSION, SEND_LIMIT, Item, Message, MsgType,
                   RateLimiter, Reason, Rejected, ReplayWindow, commit_of, commits_digest, join_key, now_ms,
                   open_datagram, seal, seed_from_nonces, session_key)

__all__ = ["Session", "HOST", "JOIN", "HELLO", "LOBBY", "DEALING", "RUNNING", "FINISHING", "DONE", "FAILED"]

HOST, JOIN = "host", "join"
HELLO, LOBBY, DEALING, RUNNING, FINISHING, DONE, FAILED = (
    "hello", "lobby", "dealing", "running", "finishing", "done", "failed")
CONNECTED, INTERRUPTED, GONE = "connected", "interrupted", "gone"
_ZERO32 = bytes(32)


class Remote:
    """What this peer knows of one other peer (the host knows every joiner; a joiner knows the host)."""

    def __init__(self, index: int, address: Address, seats: tuple[int, ...], now: float) -> None:
        self.index = index
        self.address = address
        self.seats = seats
        self.out_seq = 0
        self.window = ReplayWindow()
        self.last_recv = now
        self.last_send = float("-inf")
        self.status = CONNECTED
        self.acked: list[int] = []
        self.log_out: list[list[Any]] = []
        self.log_acked = 0
        self.log_meta: dict[int, tuple[int, float]] = {}  # notice index -> (times sent, last sent)
        self.log_in = 0
        self.ping_t: int | None = None
        self.ping_at = 0.0
        self.dirty = False   # new inputs to send ("nothing" only)
        self.urgent = False  # an action or a notice to send
        self.bye = False
        self.sent = 0
        # handshake (host side)
        self.hello_nonce = b""
        self.commit = _ZERO32
        self.nonce = _ZERO32
        self.name = ""
        self.ready = False
        self.revealed = False
        self.reveal_t = 0
        self.reveal_at = 0.0
        self.started = False
        self.last_bye_sent = float("-inf")


def _nonce_from(seed: int | bytes | None, label: bytes) -> bytes:
    if seed is None:
        return secrets.token_bytes(32)
    raw = seed if isinstance(seed, bytes) else str(seed).encode()
    return hashlib.blake2b(raw + b"|" + label, digest_size=32, person=b"grisbi-nonce").digest()


class Session:
    """One peer of a netplay match. Build with ``Session.host(...)`` or ``Session.join(...)``; see the module doc."""

    def __init__(self, role: str, transport: Transport, code: str, *, make_sim: Callable[[MatchSettings, int], Any],
                 input_source: Callable[[int, int], int], config: SessionConfig | None, now: float,
                 nonce: int | bytes | None, name: str) -> None:
        self.role = role
        self.transport = transport
        self.config = config or SessionConfig()
        self.make_sim = make_sim
        self.input_source = input_source
        self.name = name[:32]
        self.jkey = join_key(code)
        self.hello_key = session_key(self.jkey, 0)
        self.sid = 0
        self.key: bytes | None = None
        self.index = 0 if role == HOST else NO_PEER
        self.phase = LOBBY if role == HOST else HELLO
        self.remotes: dict[int, Remote] = {}
        self._events: list[NetEvent] = []
        self.stats = NetStats(now)
        self.limiter = RateLimiter(self.config.rate_limit, self.config.rate_burst)
        self.now = now
        self.created_at = now
        self.settings: MatchSettings | None = None
        self.owners: list[int | None] = []
        self.nonce = _nonce_from(nonce, role.encode() + name.encode())
        self.commit = commit_of(self.nonce)
        self.commits: list[bytes] = []
        self.seed: int | None = None
        self.sim: Any = None
        self.driver: TickDriver | None = None
        self.local_seats: list[int] = []
        self.period = 1 / 60
        self._send_gap = 1.0
        self.next_tick_at = now
        self.timesync: TimeSync | None = None
        self.history: ChecksumHistory | None = None
        self.detector: DesyncDetector | None = None
        self.assembler = ChunkAssembler()
        self.dumps: dict[int, DesyncDump] = {}
        self.reported_pairs: set[tuple[int, int]] = set()
        self.desyncs: list[Desync] = []
        self.end: MatchEnded | None = None
        self.failure: str | None = None
        self.disconnects = 0
        self.started_at = 0.0
        self.finish_at = 0.0
        self.final_sent = False
        self.final_received = False
        self.requested_tick = -1
        self._stalled = False
        self._stall_seen_until = float("-inf")  # tick slots before this time were counted as stalls
        self._next_resend = now
        self._misc_seq = 0
        self._open_refusals: list[float] = []
        self._seen_hellos: set[bytes] = set()
        self.host_address: Address | None = None
        self.hello_nonce = b""
        self.wanted = 0
        self.expect_digest = b""
        self.accept: Callable[[MatchSettings], str | None] | None = None
        self.protocol_version = PROTOCOL_VERSION

    # ------------------------------------------------------------------ construction

    @classmethod
    def host(cls, transport: Transport, settings: MatchSettings, remote_seats: list[bool], code: str, *,
             make_sim: Callable[[MatchSettings, int], Any], input_source: Callable[[int, int], int],
             config: SessionConfig | None = None, now: float = 0.0, nonce: int | bytes | None = None,
             name: str = "host") -> "Session":
        """The host of a match: ``remote_seats[i]`` True for a seat a joiner fills, False for one of the host's own.

        Raises SettingsError for bad settings and ValueError if ``remote_seats`` does not match ``settings.seats`` or
        names no remote seat."""
        settings = settings.check()
        if len(remote_seats) != settings.seats:
            raise ValueError(f"{len(remote_seats)} seats given, settings say {settings.seats}")
        if not any(remote_seats):
            raise ValueError("a networked match needs at least one remote seat")
        s = cls(HOST, transport, code, make_sim=make_sim, input_source=input_source, config=config, now=now,
                nonce=nonce, name=name)
        s.settings = settings
        s.owners = [None if r else 0 for r in remote_seats]
        sid_src = s.nonce if nonce is not None else secrets.token_bytes(16)
        s.sid = int.from_bytes(hashlib.blake2b(sid_src, digest_size=4, person=b"grisbi-sid").digest(), "big") | 1
        s.key = session_key(s.jkey, s.sid)
        return s

    @classmethod
    def join(cls, transport: Transport, host_address: Address, code: str, seats: int, *,
             make_sim: Callable[[MatchSettings, int], Any], input_source: Callable[[int, int], int],
             config: SessionConfig | None = None, now: float = 0.0, nonce: int | bytes | None = None,
             accept: Callable[[MatchSettings], str | None] | None = None, expect_digest: bytes = b"",
             name: str = "", protocol_version: int = PROTOCOL_VERSION) -> "Session":
        """A joiner asking for ``seats`` seats (1..7) at ``host_address``.

        ``accept(settings)`` may return a reason to refuse the host's settings (e.g. unknown game, other rules
        version); ``expect_digest`` (from LAN discovery) makes the host refuse if its settings differ.
        ``protocol_version`` exists for tests of the version check."""
        if not 1 <= seats <= 7:
            raise ValueError("a joiner takes 1..7 seats")
        s = cls(JOIN, transport, code, make_sim=make_sim, input_source=input_source, config=config, now=now,
                nonce=nonce, name=name)
        s.host_address = (host_address[0], int(host_address[1]))
        s.remotes[0] = Remote(0, s.host_address, (), now)
        s.wanted = seats
        s.hello_nonce = _nonce_from(None if nonce is None else nonce, b"hello")[:16]
        s.accept = accept
        s.expect_digest = expect_digest
        s.protocol_version = protocol_version
        return s

    # ------------------------------------------------------------------ public

    @property
    def done(self) -> bool:
        """True once the session is over (finished or failed): stop calling ``update``."""
        return self.phase in (DONE, FAILED)

    @property
    def running(self) -> bool:
        return self.phase == RUNNING

    def poll_events(self) -> list[NetEvent]:
        """The events raised since the last call, oldest first."""
        ev, self._events = self._events, []
        return ev

    def input_log(self) -> list[tuple[int, ...]]:
        """The confirmed inputs from tick 0 (up to the end frame once ended)."""
        if self.driver is None:
            return []
        upto = self.end.frame if self.end else None
        return self.driver.input_log(upto)

    def summary(self) -> dict[str, Any]:
        """Figures of the match for a JSON summary (ticks, final checksum, desyncs, rollbacks...)."""
        st = self.stats
        return {
            "game": self.settings.game if self.settings else None,
            "ticks": self.end.frame if self.end else (self.driver.processed if self.driver else 0),
            "final_checksum": self.end.checksum if self.end else None,
            "desyncs": len(self.reported_pairs),
            "rollbacks": st.rollbacks,
            "max_rollback": st.max_rollback,
            "stalls": st.stalls,
            "bytes_sent": st.bytes_sent,
            "bytes_received": st.bytes_received,
            "disconnects": self.disconnects,
            "seed": self.seed,
            "peer": self.index,
            "end_reason": self.end.reason if self.end else self.failure,
        }

    def next_wakeup(self) -> float:
        """The latest time ``update`` should next be called if no datagram arrives (seconds)."""
        if self.done:
            return float("inf")
        cfg = self.config
        t = float("inf")
        if self.phase in (HELLO, LOBBY, DEALING) or (self.role == HOST and any(
                not r.started for r in self.remotes.values() if r.status != GONE)):
            t = min(t, self._next_resend)
        if self.phase == RUNNING:
            if self._stalled:
                t = min(t, max(self.next_tick_at, self._stall_seen_until))
            else:
                t = min(t, self.next_tick_at)
        if self.phase in (RUNNING, FINISHING):
            for r in self.remotes.values():
                if r.status == GONE or r.bye:
                    continue
                t = min(t, r.last_recv + cfg.timeout)
                if self.role == JOIN or r.started:
                    t = min(t, r.last_send + self._gap(r))
                if r.status == CONNECTED:
                    t = min(t, r.last_recv + cfg.interrupt_after)
            if self.phase == FINISHING:
                t = min(t, self.finish_at + cfg.timeout)
        elif self.phase in (HELLO, LOBBY, DEALING):
            t = min(t, self.created_at + cfg.timeout if self.phase == HELLO else t)
        return max(t, self.now)

    def close(self, reason: str = "left") -> None:
        """Leave politely (BYE to every peer still there) and stop. The transport stays open (the caller's)."""
        if not self.done:
            for r in self.remotes.values():
                if r.status != GONE and self.key is not None:
                    self._send(r, MsgType.BYE, [int(Reason.LEFT), reason[:200]])
            self.phase = DONE

    # ------------------------------------------------------------------ the loop

    def update(self, now: float) -> None:
        """Read datagrams, run the handshake and timers, simulate the ticks due, and send. Never blocks."""
        self.now = now
        if self.done:
            self.transport.receive()
            return
        for data, address in self.transport.receive():
            self._on_datagram(data, address)
            if self.done:
                return
        self._timers()
        if self.phase == RUNNING:
            self._run_ticks()
        if self.phase in (RUNNING, FINISHING):
            self._finishing()
            if self.phase in (RUNNING, FINISHING):
                self._flush()

    def _emit(self, ev: NetEvent) -> None:
        ev.at = self.now
        self._events.append(ev)

    def _fail(self, reason: str) -> None:
        if self.phase != FAILED:
            self.phase = FAILED
            self.failure = reason
            self._emit(Failed(reason))

    # ------------------------------------------------------------------ sending

    def _send(self, r: Remote, mtype: int, fields: list[Any], *, sid: int | None = None,
              key: bytes | None = None) -> None:
        r.out_seq += 1
        data = seal(mtype, self.sid if sid is None else sid, self.index, r.out_seq, fields, key or self.key,
                    self.protocol_version)
        self.transport.send(data, r.address)
        self.stats.sent(self.now, r.index, len(data))
        r.last_send = self.now

    def _send_to(self, address: Address, mtype: int, fields: list[Any], key: bytes | None, sid: int = 0) -> None:
        self._misc_seq += 1
        data = seal(mtype, sid, self.index, self._misc_seq, fields, key)
        self.transport.send(data, address)
        self.stats.sent(self.now, None, len(data))

    def _refuse(self, address: Address, code: Reason, text: str) -> None:
        self._send_to(address, MsgType.REFUSE, [int(code), text[:200]], self.hello_key)
        self._emit(JoinRefused(address, text))

    # ------------------------------------------------------------------ receiving

    def _key_for(self, sid: int) -> bytes | None:
        if self.role == HOST:
            if sid == self.sid:
                return self.key
            return self.hello_key if sid == 0 else None
        if self.sid:
            return self.key if sid == self.sid else None
        if self.phase == HELLO:
            return self.hello_key if sid == 0 else session_key(self.jkey, sid)
        return None

    def _on_datagram(self, data: bytes, address: Address) -> None:
        if not self.limiter.allow(address, self.now):
            self.stats.reject("rate")
            return
        try:
            msg = open_datagram(data, self._key_for, accept_open=(self.role == JOIN and self.phase == HELLO))
        except Rejected as e:
            self.stats.reject(e.reason)
            if e.reason == "mac" and e.mtype == MsgType.HELLO and self.role == HOST:
                self._open_refusal(address)
            return
        if self.role == HOST:
            self._host_on(msg, address)
        else:
            self._join_on(msg, address)

    def _open_refusal(self, address: Address) -> None:
        """A HELLO sealed with another join code: say so, unauthenticated, at most 10 times a second."""
        now = self.now
        self._open_refusals = [t for t in self._open_refusals if t > now - 1.0]
        if len(self._open_refusals) < 10 and self.phase == LOBBY:
            self._open_refusals.append(now)
            self._send_to(address, MsgType.REFUSE_OPEN, [int(Reason.WRONG_CODE), "wrong join code"], None)

    def _accept_seq(self, r: Remote, msg: Message) -> bool:
        if not r.window.fresh(msg.seq):
            self.stats.reject("replay")
            return False
        r.window.accept(msg.seq)
        self.stats.received(self.now, r.index, msg.seq, msg.size)
        return True

    # --- host side

    def _host_on(self, msg: Message, address: Address) -> None:
        if msg.type == MsgType.HELLO:
            self._on_hello(msg, address)
            return
        if msg.sid != self.sid or msg.version != PROTOCOL_VERSION:
            self.stats.reject("session")
            return
        r = self.remotes.get(msg.peer)
        if r is None or r.address != address:
            self.stats.reject("peer")
            return
        if not self._accept_seq(r, msg):
            return
        if r.status == GONE:
            if msg.type != MsgType.BYE and self.now - r.last_bye_sent > 0.5 and self.phase == RUNNING:
                r.last_bye_sent = self.now
                self._send(r, MsgType.BYE, [int(Reason.DROPPED), "you were dropped from the match"])
            return
        r.last_recv = self.now
        if r.status == INTERRUPTED:
            self._resumed(r)
        t = msg.type
        f = msg.fields
        if t == MsgType.INPUT:
            if self.phase in (RUNNING, FINISHING):
                r.started = True
                self._on_input(r, f)
        elif t == MsgType.READY:
            if self.phase == LOBBY:
                if f[0] != self.settings.digest():
                    self._send(r, MsgType.REFUSE, [int(Reason.SETTINGS), "your settings digest differs from "
                                                                         "the host's"])
                    self._remove(r, "settings differ")
                else:
                    r.ready = True
                    self._maybe_deal()
        elif t == MsgType.REVEAL:
            if self.phase == DEALING:
                if f[2] != commits_digest(self.commits):
                    return  # a reveal answering an older commit list (the deal started over): wait for the new one
                if commit_of(f[0]) != r.commit:
                    self._send(r, MsgType.REFUSE, [int(Reason.BAD_REVEAL), "your nonce does not match your commit"])
                    self._remove(r, "bad reveal")
                    return
                r.nonce, r.revealed, r.reveal_t, r.reveal_at = f[0], True, f[1], self.now
                if all(o.revealed for o in self.remotes.values()):
                    self._host_start()
            elif self.phase in (RUNNING, FINISHING) and not r.started:
                r.reveal_t, r.reveal_at = f[1], self.now
        elif t in (MsgType.BYE, MsgType.REFUSE):
            reason = f[1] or "left"
            if self.phase in (LOBBY, DEALING):
                self._remove(r, reason)
            elif self.phase == RUNNING:
                self._lose(r, reason)
            else:
                r.bye = True
        else:
            self.stats.reject("unexpected")

    def _on_hello(self, msg: Message, address: Address) -> None:
        f = msg.fields
        if msg.version != PROTOCOL_VERSION:
            self._refuse(address, Reason.VERSION, f"protocol version mismatch: the host speaks version "
                                                  f"{PROTOCOL_VERSION}, you speak {msg.version}")
            return
        wanted, commit, hnonce, digest, name = f
        for r in self.remotes.values():
            if r.hello_nonce == hnonce:
                if r.address == address and self.phase == LOBBY:
                    self._send_welcome(r)  # our WELCOME was lost
                else:
                    self.stats.reject("stale")  # a replayed request
                return
        if hnonce in self._seen_hellos:
            self.stats.reject("stale")
            return
        if self.phase != LOBBY:
            self._refuse(address, Reason.STARTED, "the match has already started")
            return
        if digest and digest != self.settings.digest():
            self._refuse(address, Reason.SETTINGS, f"match settings differ: the host plays "
                                                   f"{self.settings.describe()}")
            return
        free = [s for s, o in enumerate(self.owners) if o is None]
        if wanted > len(free):
            self._refuse(address, Reason.FULL, f"not enough free seats: {wanted} asked, {len(free)} free")
            return
        index = min(set(range(1, 8)) - set(self.remotes))
        r = Remote(index, address, tuple(free[:wanted]), self.now)
        r.hello_nonce, r.commit, r.name = hnonce, commit, name
        self._seen_hellos.add(hnonce)
        for s in r.seats:
            self.owners[s] = index
        self.remotes[index] = r
        self.stats.received(self.now, None, 0, msg.size)
        self._emit(PeerJoined(index, address, r.seats, name))
        self._send_welcome(r)

    def _send_welcome(self, r: Remote) -> None:
        st = self.settings
        self._send(r, MsgType.WELCOME, [r.hello_nonce, r.index, list(r.seats), st.to_wire(), st.digest()])

    def _remove(self, r: Remote, reason: str) -> None:
        """Take a joiner out of the lobby (or the deal, which then starts over): its seats are free again."""
        self.remotes.pop(r.index, None)
        for s, o in enumerate(self.owners):
            if o == r.index:
                self.owners[s] = None
        self._emit(PeerLeft(r.index, reason))
        if self.phase == DEALING:
            self.phase = LOBBY

    def _maybe_deal(self) -> None:
        if self.phase != LOBBY or any(o is None for o in self.owners):
            return
        if not all(r.ready for r in self.remotes.values()):
            return
        self.phase = DEALING
        for r in self.remotes.values():  # a deal started over (someone left) needs every reveal again
            r.revealed = False
        top = max(self.remotes)
        self.commits = [self.commit] + [self.remotes[i].commit if i in self.remotes else _ZERO32
                                        for i in range(1, top + 1)]
        self._next_resend = self.now
        self._host_resend()

    def _host_start(self) -> None:
        top = max(self.remotes)
        nonces = [self.nonce] + [self.remotes[i].nonce if i in self.remotes else _ZERO32 for i in range(1, top + 1)]
        self.start_nonces = nonces
        self._start(seed_from_nonces(nonces))
        for r in self.remotes.values():
            r.started = False
        self._next_resend = self.now
        self._host_resend()

    def _host_resend(self) -> None:
        if self.now < self._next_resend:
            return
        self._next_resend = self.now + self.config.resend_interval
        if self.phase == LOBBY:
            self._next_resend = self.now + 5 * self.config.resend_interval
            for r in self.remotes.values():
                self._send_welcome(r)
        elif self.phase == DEALING:
            for r in self.remotes.values():
                if not r.revealed:
                    self._send(r, MsgType.COMMITS, [self.commits])
        elif self.phase in (RUNNING, FINISHING):
            for r in self.remotes.values():
                if not r.started and r.status != GONE:
                    hold = min(600_000, int((self.now - r.reveal_at) * 1000))
                    age = min(600_000, int((self.now - self.started_at) * 1000))
                    self._send(r, MsgType.START, [self.start_nonces, list(self.owners), r.reveal_t, hold, age])

    # --- joiner side

    def _join_on(self, msg: Message, address: Address) -> None:
        host = self.remotes[0]
        if address != host.address:
            self.stats.reject("peer")
            return
        t, f = msg.type, msg.fields
        if t in (MsgType.REFUSE_OPEN, MsgType.REFUSE) and self.phase in (HELLO, LOBBY, DEALING):
            self._fail(f"refused by the host: {f[1]}")
            return
        if self.phase == HELLO:
            if t != MsgType.WELCOME or f[0] != self.hello_nonce:
                self.stats.reject("unexpected")
                return
            self._on_welcome(msg)
            return
        if msg.sid != self.sid:
            self.stats.reject("session")
            return
        if not self._accept_seq(host, msg):
            return
        host.last_recv = self.now
        if host.status == INTERRUPTED:
            self._resumed(host)
        if t == MsgType.INPUT:
            if self.driver is not None:
                self._on_input(host, f)
        elif t == MsgType.COMMITS:
            if self.phase in (LOBBY, DEALING):
                commits = f[0]
                if len(commits) <= self.index or commits[self.index] != self.commit:
                    self._fail("the host's commit list does not hold our commit")
                    return
                self.commits = commits
                if self.phase == LOBBY:
                    self.phase = DEALING
                    self._next_resend = self.now
                    self._join_resend()
        elif t == MsgType.START:
            if self.phase == DEALING:
                self._on_start(f)
        elif t in (MsgType.BYE, MsgType.REFUSE):
            if self.phase == FINISHING and f[0] == Reason.FINISHED:
                self.phase = DONE
            elif f[0] == Reason.DROPPED:
                self._fail("dropped from the match by the host")
            else:
                self._fail(f"the host left: {f[1]}")
        elif t == MsgType.WELCOME:
            pass  # a resend (keepalive in the lobby)
        else:
            self.stats.reject("unexpected")

    def _on_welcome(self, msg: Message) -> None:
        hnonce, index, seats, swire, digest = msg.fields
        settings = MatchSettings.from_wire(swire)
        host = self.remotes[0]
        if digest != settings.digest() or len(seats) != self.wanted:
            self.stats.reject("schema")
            return
        self.sid = msg.sid
        self.key = session_key(self.jkey, self.sid)
        host.window.accept(msg.seq)
        self.stats.received(self.now, 0, msg.seq, msg.size)
        host.last_recv = self.now
        self.index = index
        self.settings = settings
        self.my_seats = tuple(seats)
        reason = self.accept(settings) if self.accept else None
        if reason:
            self._send(host, MsgType.REFUSE, [int(Reason.SETTINGS), reason[:200]])
            self._fail(f"cannot play the host's match: {reason}")
            return
        self.phase = LOBBY
        self._next_resend = self.now
        self._join_resend()

    def _on_start(self, f: list[Any]) -> None:
        nonces, owners, echo_t, hold, age = f
        if len(nonces) != len(self.commits) or len(owners) != self.settings.seats:
            self._fail("malformed start from the host")
            return
        for n, c in zip(nonces, self.commits):
            if c != _ZERO32 and commit_of(n) != c:
                self._fail("a revealed nonce does not match its commit: the deal is not fair")
                return
        if [s for s, o in enumerate(owners) if o == self.index] != list(self.my_seats):
            self._fail("the host gave our seats to someone else")
            return
        self.owners = list(owners)
        rtt = (((now_ms(self.now) - echo_t) & 0xFFFFFFFF) - hold) / 1000.0
        if 0 <= rtt < 10:
            self.stats.link(0).add_rtt(rtt)
        else:
            rtt = 0.0
        self._start(seed_from_nonces(nonces))
        self.next_tick_at = self.now - min(0.25, age / 1000.0 + rtt / 2)

    def _join_resend(self) -> None:
        if self.now < self._next_resend:
            return
        host = self.remotes[0]
        self._next_resend = self.now + self.config.resend_interval
        if self.phase == HELLO:
            self._send(host, MsgType.HELLO, [self.wanted, self.commit, self.hello_nonce, self.expect_digest,
                                             self.name], sid=0, key=self.hello_key)
        elif self.phase == LOBBY:
            self._next_resend = self.now + 2.5 * self.config.resend_interval
            self._send(host, MsgType.READY, [self.settings.digest()])
        elif self.phase == DEALING:
            self._send(host, MsgType.REVEAL, [self.nonce, now_ms(self.now), commits_digest(self.commits)])

    # ------------------------------------------------------------------ timers

    def _timers(self) -> None:
        cfg, now = self.config, self.now
        if self.role == JOIN:
            host = self.remotes[0]
            if self.phase == HELLO:
                if now >= self.created_at + cfg.timeout:
                    self._fail(f"no answer from {host.address[0]}:{host.address[1]} in {cfg.timeout:g} s "
                               f"(no host there?)")
                    return
                self._join_resend()
            elif self.phase in (LOBBY, DEALING):
                if now >= host.last_recv + cfg.timeout:
                    self._fail("the host stopped answering")
                    return
                self._join_resend()
            else:
                self._silence(host)
            return
        if self.phase == LOBBY:
            if cfg.lobby_timeout and now >= self.created_at + cfg.lobby_timeout:
                self._fail("the seats were not filled in time")
                return
            for r in list(self.remotes.values()):
                if now >= r.last_recv + cfg.timeout:
                    self._remove(r, "timed out")
        elif self.phase == DEALING:
            for r in list(self.remotes.values()):
                if now >= r.last_recv + cfg.timeout:
                    self._remove(r, "timed out")
        else:
            for r in list(self.remotes.values()):
                if r.status != GONE and not r.bye:
                    self._silence(r)
        if not self.done:
            self._host_resend()

    def _silence(self, r: Remote) -> None:
        now, cfg = self.now, self.config
        if self.role == HOST and self.phase == FINISHING:
            if now >= r.last_recv + cfg.interrupt_after and self.final_sent and r.log_acked >= len(r.log_out):
                r.bye = True  # finished and gone quiet: its BYE was lost
                return
        if r.status == CONNECTED and now >= r.last_recv + cfg.interrupt_after:
            r.status = INTERRUPTED
            self._emit(Interrupted(r.index, tuple(s for s, o in enumerate(self.owners) if o == r.index)))
            if self.role == HOST:
                self._relay([Item.STATUS, r.index, 1], but=r)
        if now >= r.last_recv + cfg.timeout:
            if self.role == HOST:
                self._lose(r, "timed out")
            elif self.phase == FINISHING:
                self.phase = DONE
            else:
                self._emit(Disconnected(0, "timed out"))
                self.disconnects += 1
                self._fail(f"lost the host (silent for {self.config.timeout:g} s)")

    def _resumed(self, r: Remote) -> None:
        r.status = CONNECTED
        self._emit(Resumed(r.index))
        if self.role == HOST:
            self._relay([Item.STATUS, r.index, 2], but=r)

    def _relay(self, item: list[Any], but: Remote | None = None) -> None:
        for o in self.remotes.values():
            if o is not but and o.status != GONE and not o.bye:
                o.log_out.append(item)
                o.urgent = True

    def _lose(self, r: Remote, reason: str) -> None:
        """Host: ``r`` is out. While running, its seats are dropped at the tick after the last input the host holds."""
        r.status = GONE
        self.disconnects += 1
        if self.timesync:
            self.timesync.forget(r.index)
        self._emit(Disconnected(r.index, reason))
        self._relay([Item.STATUS, r.index, 3], but=r)
        if self.phase != RUNNING or self.driver is None:
            return
        d = self.driver
        for s, o in enumerate(self.owners):
            if o != r.index:
                continue
            tick = d.known[s] + 1
            self.owners[s] = 0
            d.fill(s, self.requested_tick)
            self.local_seats = sorted(self.local_seats + [s])
            self._emit(SeatDropped(s, tick, r.index))
            self._relay([Item.DROP, s, tick, r.index], but=r)
        for o in self.remotes.values():
            o.dirty = o.urgent = True

    # ------------------------------------------------------------------ running

    def _start(self, seed: int) -> None:
        st, cfg = self.settings, self.config
        self.seed = seed
        self.sim = self.make_sim(st, seed)
        cls = RollbackDriver if st.mode == ROLLBACK else LockstepDriver
        self.driver = cls(self.sim, st.seats, st.input_delay, st.window, stats=self.stats, end_tick=st.end_tick,
                          retain=cfg.retain_frames)
        self.local_seats = [s for s, o in enumerate(self.owners) if o == self.index]
        self.requested_tick = st.input_delay - 1
        self.period = 1.0 / st.tick_rate
        self._send_gap = cfg.send_gap if cfg.send_gap is not None else self._default_send_gap()
        self.timesync = TimeSync(st.tick_rate)
        self.history = ChecksumHistory(cfg.retain_frames)
        self.detector = DesyncDetector(enabled=cfg.desync_detection)
        for r in self.remotes.values():
            r.acked = [st.input_delay - 1] * st.seats
            r.last_recv = self.now
        self.phase = RUNNING
        self.started_at = self.now
        self.next_tick_at = self.now
        self._emit(Started(seed, tuple(self.owners), tuple(self.local_seats)))

    def _default_send_gap(self) -> float:
        """Rollback between two peers: "nothing" every 2 ticks (it is what the other predicts anyway; half the
        datagrams). A bigger star: every tick from a joiner, and the host relays within half a tick, because a
        joiner's input crosses two links before the others can confirm it. Lockstep: within half a tick."""
        if self.settings.mode != ROLLBACK:
            return 0.5
        if len(set(self.owners)) <= 2:  # two peers: no relaying
            return 2.0
        return 0.5 if self.role == HOST else 1.0

    def _run_ticks(self) -> None:
        d = self.driver
        self._confirm()
        n = 0
        limit = self.config.max_ticks_per_update
        while self.phase == RUNNING and self.now >= self.next_tick_at and n < limit:
            self._request_local()
            if d.advance():
                n += 1
                self.stats.ticks += 1
                self._stalled = False
                self.next_tick_at += self.period * (1.0 + self.timesync.slowdown())
                self._confirm()
            else:  # stalled: wait for inputs, then catch up (a long stall's debt is dropped below)
                self._stalled = True
                start = max(self.next_tick_at, self._stall_seen_until)
                if self.now >= start:  # count each tick slot spent waiting once
                    lost = int((self.now - start) / self.period) + 1
                    while start + lost * self.period <= self.now:  # float rounding
                        lost += 1
                    self.stats.stalls += lost
                    self._stall_seen_until = start + lost * self.period
                break
        if self.now - self.next_tick_at > 0.25:  # a slow caller or a long stall: drop the debt, never spiral
            self.next_tick_at = self.now - 0.25
        self.stats.frames_ahead = self.timesync.frames_ahead()

    def _request_local(self) -> None:
        d, st = self.driver, self.settings
        t = d.frame + st.input_delay
        if t <= self.requested_tick:
            return
        self.requested_tick = t
        if st.end_tick and t >= st.end_tick:
            return
        action = False
        for s in self.local_seats:
            if t > d.known[s]:
                v = self.input_source(s, t)
                v = v if type(v) is int and 0 <= v < 65536 else 0
                d.add_input(s, t, v)
                action = action or v != 0
        if (t + 1) % st.checksum_interval == 0:
            action = True  # the inputs that complete a checksummed frame go at once: desyncs are found sooner
        for r in self.remotes.values():
            r.dirty = True
            r.urgent = r.urgent or action

    def _confirm(self) -> None:
        d, st = self.driver, self.settings
        for n, snap in d.confirm():
            self.history.add(n, snap.checksum)
            end = bool(st.end_tick and n >= st.end_tick) or snap.over
            if n % st.checksum_interval == 0 or end:
                self._share_check(self.history.record(n), final=end)
            if end:
                self._end(n, snap.checksum, "game over" if snap.over else "frames")
                return

    def _share_check(self, rec: CheckRecord, final: bool) -> None:
        if not (self.config.desync_detection or final):
            return
        item = [Item.CHECK, *rec.to_item()]
        for r in self.remotes.values():
            if r.status != GONE and not r.bye:
                r.log_out.append(item)
                r.urgent = True  # every 30 ticks: a desync is found one datagram sooner
        for peer, first, frame in self.detector.add_local(rec):
            self._desync(peer, first, frame)

    def _end(self, frame: int, checksum: int, reason: str) -> None:
        self.driver.restore(frame)
        self.end = MatchEnded(frame, checksum, reason)
        self._emit(self.end)
        self.phase = FINISHING
        self.finish_at = self.now

    def _finishing(self) -> None:
        if self.phase != FINISHING:
            return
        live = [r for r in self.remotes.values() if r.status != GONE and not r.bye]
        late = self.now >= self.finish_at + self.config.timeout
        if self.role == JOIN:
            if self.final_received:
                for _ in range(3):  # a lost BYE only makes the host wait for its timeout
                    self._send(self.remotes[0], MsgType.BYE, [int(Reason.FINISHED), "finished"])
                self.phase = DONE
            elif late:
                self.phase = DONE
            return
        if not self.final_sent:
            if late or all(self.detector.has_remote(r.index, self.end.frame) for r in live):
                self.final_sent = True
                self._relay([Item.FINAL, self.end.frame, 0, min(255, len(self.reported_pairs))])
            return
        if late or all(r.log_acked >= len(r.log_out) for r in live):
            self.phase = DONE

    # ------------------------------------------------------------------ input datagrams

    def _gap(self, r: Remote) -> float:
        """Seconds that must pass after the last datagram to ``r`` before the next one, given what is new."""
        if r.urgent:
            return self.period / 2
        return self.period * (self._send_gap if r.dirty else max(1.0, self._send_gap))

    def _flush(self) -> None:
        for r in self.remotes.values():
            if r.status == GONE or r.bye or (self.role == HOST and not r.started):
                continue
            if self.now >= r.last_send + self._gap(r):
                self._send_input(r)

    def _send_input(self, r: Remote) -> None:
        d = self.driver
        if self.role == HOST:
            seats = [s for s in range(d.seats) if self.owners[s] != r.index]
        else:
            seats = self.local_seats
        runs = []
        budget = 760
        for s in seats:
            start = r.acked[s] + 1
            if start > d.known[s] or budget <= 40:
                continue
            vals = d.run(s, start, min(MAX_RUN, (budget - 12) // 3))
            if vals:
                runs.append([s, d.frame - start, vals])
                budget -= 12 + 3 * len(vals)
        r.sent += 1
        ping = now_ms(self.now) if r.sent % self.config.ping_every == 1 or self.config.ping_every <= 1 else None
        echo = None
        if r.ping_t is not None:
            echo = [r.ping_t, min(600_000, int((self.now - r.ping_at) * 1000))]
            r.ping_t = None
        items: list[list[Any]] = []
        room = SEND_LIMIT - 140 - (760 - budget)
        # Notices go out in two datagrams in a row (a single loss costs nothing), then again each time they stay
        # unacknowledged for an RTO. Items always travel as a contiguous run from ``base``.
        meta = r.log_meta
        rto = max(0.05, 1.2 * self.stats.link(r.index).rtt + 2 * self.period)
        base = r.log_acked
        for i in range(r.log_acked, min(len(r.log_out), r.log_acked + 64)):
            count, last = meta.get(i, (0, float("-inf")))
            if count < 2 or self.now >= last + rto:
                base = i
                break
        else:
            base = len(r.log_out)
        for i, it in enumerate(r.log_out[base:base + MAX_ITEMS], base):
            size = _item_size(it)
            if size > room:
                break
            items.append(it)
            room -= size
            meta[i] = (meta.get(i, (0, 0.0))[0] + 1, self.now)
        adv = int(round(self.timesync.advantage(r.index) * 10)) if self.timesync else 0
        adv = max(-100_000, min(100_000, adv))
        fields = [d.frame, adv, [d.frame - k for k in d.known], runs, ping, echo, base, items, r.log_in]
        while True:
            r.out_seq += 1
            data = seal(MsgType.INPUT, self.sid, self.index, r.out_seq, fields, self.key, self.protocol_version)
            if len(data) <= SEND_LIMIT or not (items or runs):
                break
            if items:  # cannot happen with the budgets above; kept as a guard
                del items[len(items) // 2:]
            else:
                del runs[len(runs) // 2:]
        self.transport.send(data, r.address)
        self.stats.sent(self.now, r.index, len(data))
        r.last_send = self.now
        r.dirty = r.urgent = False

    def _accepts(self, r: Remote, seat: int) -> bool:
        if seat >= len(self.owners):
            return False
        if self.role == HOST:
            return self.owners[seat] == r.index
        return self.owners[seat] != self.index

    def _on_input(self, r: Remote, f: list[Any]) -> None:
        frame, adv, acks, runs, ping, echo, base, items, lack = f
        d = self.driver
        for s in range(min(len(acks), d.seats)):
            if acks[s] > r.acked[s]:
                r.acked[s] = acks[s]
        new = action = False
        for seat, start, vals in runs:
            if not self._accepts(r, seat):
                self.stats.reject("seat")
                continue
            if start > d.frame + 4096:
                continue
            n = d.add_run(seat, start, vals)
            if n:
                new = True
                action = action or any(vals[-n:])
        if new and self.role == HOST:  # relay: an action at once, "nothing" with the next datagram due
            for o in self.remotes.values():
                if o is not r:
                    o.dirty = True
                    o.urgent = o.urgent or action
        link = self.stats.link(r.index)
        if echo is not None:
            link.add_rtt((((now_ms(self.now) - echo[0]) & 0xFFFFFFFF) - echo[1]) / 1000.0)
        if ping is not None:
            r.ping_t, r.ping_at = ping, self.now
        if self.phase == RUNNING:
            self.timesync.observe(r.index, frame, adv / 10.0, d.frame, link.rtt)
        if lack > r.log_acked:
            for i in range(r.log_acked, min(lack, len(r.log_out))):
                r.log_meta.pop(i, None)
            r.log_acked = min(lack, len(r.log_out))
        if base <= r.log_in < base + len(items):
            for it in items[r.log_in - base:]:
                r.log_in += 1
                self._on_item(r, it)
                if self.done:
                    return

    # ------------------------------------------------------------------ notices

    def _on_item(self, r: Remote, it: list[Any]) -> None:
        k = it[0]
        if k == Item.CHECK:
            rec = CheckRecord(it[1], it[2], it[3])
            for peer, first, frame in self.detector.add_remote(r.index, rec):
                self._desync(peer, first, frame)
        elif k == Item.CHUNK:
            data = self.assembler.add(it[1], it[2], it[3], it[4])
            dump = self.dumps.get(r.index)
            if data is not None and dump is not None and dump.frame == it[1]:
                dump.remote_state = data
                dump.write()
        elif self.role == HOST:
            return  # the other notices only flow from the host
        elif k == Item.DROP:
            seat, tick, peer = it[1], it[2], it[3]
            if seat < len(self.owners) and self.owners[seat] != 0:
                self.owners[seat] = 0
                self._emit(SeatDropped(seat, tick, peer))
                if peer == self.index:
                    self._fail("dropped from the match by the host")
        elif k == Item.DESYNC:
            pair = (0, it[3])
            if pair not in self.reported_pairs:
                self.reported_pairs.add(pair)
                ev = Desync(it[1], it[2], pair, None)
                self.desyncs.append(ev)
                self._emit(ev)
        elif k == Item.STATUS:
            peer, code = it[1], it[2]
            if peer != self.index:
                if code == 3:
                    self.disconnects += 1
                self._emit((Interrupted(peer), Resumed(peer), Disconnected(peer))[code - 1])
        elif k == Item.FINAL:
            self.final_received = True

    def _desync(self, other: int, first: int, frame: int) -> None:
        """A checksum record of ``other`` differs from ours: report it, dump, and send our state to ``other``."""
        pair = (0, other) if self.role == HOST else (0, self.index)
        d = self.driver
        snap = d.snapshot(first)
        local = state_bytes(self.config.serialize_state(snap.saved)) if snap is not None else None
        path = None
        if self.config.desync_dump:
            try:
                path = self.config.desync_dump.format(session=self.sid, peer=self.index, tick=first)
            except (KeyError, IndexError, ValueError):
                path = self.config.desync_dump
            theirs = self.detector.remote.get(other, {}).get(frame)
            dump = DesyncDump(path, self.sid, self.index, other, first, frame,
                              {k: getattr(self.settings, k) for k in self.settings.__dataclass_fields__}, self.seed,
                              {f: c for f, c in self.history.sums.items() if f <= frame},
                              theirs.to_item() if theirs else [frame, 0, b""], local,
                              [list(v) for v in d.input_log()])
            if snap is None:
                dump.notes.append("this peer no longer held its state of that frame")
            try:
                dump.write()
                self.dumps[other] = dump
            except OSError as e:
                dump.notes.append(str(e))
                path = None
        r = self.remotes.get(other)
        if r is not None and r.status != GONE:
            data = local or b""
            total = max(1, -(-len(data) // MAX_CHUNK))
            for i in range(total):
                r.log_out.append([Item.CHUNK, first, i, total, data[i * MAX_CHUNK:(i + 1) * MAX_CHUNK]])
        if pair not in self.reported_pairs:
            self.reported_pairs.add(pair)
            ev = Desync(first, frame, pair, path)
            self.desyncs.append(ev)
            self._emit(ev)
        if self.role == HOST:
            self._relay([Item.DESYNC, first, frame, other])


def _item_size(it: list[Any]) -> int:
    return len(msgpack.packb(it, use_bin_type=True))
