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

1. Handshake (keys). A joiner sends HELLO, open: its SPAKE2 message (the join code as the password), a hello nonce,
   the seats it wants and optionally the settings digest it expects. The host refuses what it can without a key
   (protocol version, settings, full, already started, too many spectators or too many wrong codes from that
   address: REFUSE_OPEN, never longer than the HELLO) or answers KEYX: a fresh random 64-bit session id and its own
   SPAKE2 message. Both sides derive the per-peer key pair (``wire.peer_keys``); from then on every datagram
   between them is sealed (ChaCha20-Poly1305). The joiner's first sealed datagram, JOIN, carries its fair-deal
   commit, name and player token; with a wrong code it fails the host's AEAD check, which counts one failed try for
   that IP address (``SessionConfig.join_tries`` a minute, then "too many tries", with a ``Notice`` on the host) and
   refuses it. The host answers WELCOME: the joiner's peer index and seats (the first free remote seats), the
   settings and their digest. The joiner checks the settings (``accept``), then sends READY with the digest.
2. Fair deal. When every seat is filled and ready, the host sends the commits (blake2b of a 32-byte nonce) of itself
   and of every peer that owns a seat; each joiner refuses a list with an all-zero commit, or without its own; each
   reveals its nonce; the host checks each against its commit and sends START with every nonce. A joiner checks
   every nonce against its commit and that the list names exactly the host and the seats' owners (no phantom). The
   seed is blake2b of those nonces in peer order, so no peer chooses the shuffle; it never travels in clear.
3. Inputs. Every INPUT datagram carries the sender's unacknowledged inputs (per seat, up to 64 ticks), its
   per-seat acks, its frame and frames-ahead estimate, an RTT ping/echo, and a reliable notice log (checksum
   records, seat drops, desync notices, peer status, state chunks, the final notice; each sent in two datagrams
   in a row, then again after an RTO until acknowledged), and the rolling checksums: the low 16 bits of the
   checksum of each confirmed frame the receiver does not yet say it holds (at most 32, with what it holds of
   ours), so a desync is found one datagram after both sides confirmed the first differing frame, well before the
   30-tick record; the host relays its DESYNC notice at once. The host relays every seat's inputs to every joiner.
   Cadence (``SessionConfig.send_gap``): an action, a notice, or the inputs completing a checksummed frame go at
   once; "nothing" inputs every 2 ticks between two peers in rollback (that is what the other predicts anyway),
   every tick from a joiner in a bigger star, where the host relays a joiner's new inputs to the others at once, within half a tick in lockstep.
   Wrong or unauthenticated datagrams never get an answer (except the rate-limited "wrong join code" refusal in the
   lobby), so the host cannot be used to amplify traffic.
4. Disconnects. Silent for ``interrupt_after`` (0.5 s): "interrupted"; for ``timeout`` (5 s): "disconnected" (on the
   host, a joiner that keeps sending while its inputs stop advancing, and the match waits for them, counts as
   silent: "withheld its inputs"). Acks of inputs or notices never sent are refused whole. The host
   drops the lost peer's seats at the tick after the last input it has of them (so no peer can have seen more) and
   relays that tick; every peer applies it identically; the host plays the seats from then on (ask
   ``input_source``; a bot), so the match goes on.
5. End. When the confirmed state is over (or ``end_tick`` is reached) every peer stops at that frame, exchanges the
   final checksum, and the host sends FINAL; joiners say BYE. ``MatchEnded`` is raised at the end frame.
   ``end_match()`` (host) ends early: an END notice names a frame past every input anyone may hold, and every peer
   stops there (reason "ended by the host"). ``drop_peer(i)`` (host) gives up on a silent peer before the timeout.

The lobby under the players' control (LAN menus): ``Session.host(..., auto_start=False)`` deals only when ``start()``
is called (``start_problem()`` says why not yet: open seats, joiners not ready); ``set_open(seat, open)`` turns a
seat between open-for-a-joiner and the host's own; ``set_countdown(s)`` shows every peer a countdown.
``Session.join(..., auto_ready=False)`` is ready only after ``set_ready(True)`` (READY carries the flag). The host
sends each joiner the ROSTER (names, ready flags, seat owners, countdown) on every change and twice a second, so
``peers()`` and ``countdown_left()`` read the same on every peer.

Late joiners. ``Session.join(..., seats=0)`` is a spectator: in the lobby it starts with everyone; once the match
runs, the host welcomes it with no seat and sends it SNAP chunks of its state at the last checksummed confirmed
frame (``SessionConfig.snapshot_state`` / ``load_snapshot`` turn saved states into bytes and back; the snapshot is
acknowledged chunk by chunk with SNAPACK). The spectator starts its driver there (``Started.late``), receives the
inputs since that frame in its INPUT datagrams (the host sends a backlog as fast as it is acknowledged), simulates
them unpaced (``catchup_ticks_per_update``) and raises ``CaughtUp`` when it is within a few ticks of the host. The
host's time sync ignores peers that own no seat. A late joiner with ``claim=(seats...)`` then sends CLAIM: each
claimed seat that the host plays since a drop (``dropped``) is handed over at the tick after the last input the
host made for it, relayed to everyone as a SEAT notice (``SeatClaimed``); the host keeps sending the claimant its own
inputs of that seat before the handover; a seat that was not dropped, or that another player lost (a claim is granted
to the same player token or the same IP address, or by the host's choice: ``allow_claim``, ``seat_claims="any"``),
is refused to the claimant alone (``ClaimRefused``). So a dropped player rejoins their seat, and every peer agrees on
who played which tick. A snapshot is used only if its game id, rules version and digest match. ``kick(peer)`` sends
a joiner or spectator away; at most ``spectators_per_address`` spectators come from one IP address.

Host-authoritative turn games (``MatchSettings.mode == "authority"``): the handshake, lobby, fair-deal commits,
disconnects, drops, claims and kicks are as above, but START names the commits (no nonce: the seed stays the
host's until the end) and the running phase is ``netplay.authority``'s (the lines marked "authority hook" hand it
over): no tick driver, no input exchange, no snapshot for late joiners (they get their seat's or the public view).

LAN browsers' pings: a host answers an unauthenticated PROBE with a PONG no longer than it (lobby or playing, free
seats), at most 20 a second (``netplay.discovery.Prober``).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any, Callable

import msgpack

from .authority import HostAuthority, JoinerAuthority, start_problem
from .desync import CheckRecord, ChecksumHistory, ChunkAssembler, DesyncDetector, DesyncDump, state_bytes
from .endpoint import CONNECTED, GONE, INTERRUPTED, Pending, Remote, _entropy, _nonce_from
from .events import (CaughtUp, ClaimRefused, Desync, Disconnected, FailReason, Failed, Interrupted, JoinRefused,
                     MatchEnded, NetEvent, Notice, NoticeKind, PeerJoined, PeerLeft, Resumed, SeatClaimed, SeatDropped,
                     Started)
from .lockstep import LockstepDriver
from .rollback import RollbackDriver, TickDriver
from .mesh import introductions
from .settings import AUTHORITY, AUTO_INPUT_DELAY, MAX_SEATS, ROLLBACK, MatchSettings, SessionConfig, input_delay_for_rtt
from .stats import NetStats
from .timesync import TimeSync
from .transport import Address, Transport
from .wire import (BOT_LEVEL_CHARS, MAX_CHUNK, MAX_ITEMS, MAX_RUN, MAX_SUMS, MAX_SNAP_CHUNKS, NO_PEER,
                   PROTOCOL_VERSION, SEND_LIMIT, SNAP_CHUNK, Item, Message, MsgType, RateLimiter, Reason, Rejected,
                   commit_of, commits_digest, is_real_commit, normalize_code, now_ms, open_datagram,
                   peer_keys, read_header, seal, seed_from_nonces)

__all__ = ["Session", "PeerInfo", "HOST", "JOIN", "HELLO", "LOBBY", "DEALING", "LATE", "RUNNING", "FINISHING", "DONE",
           "FAILED"]

HOST, JOIN = "host", "join"
HELLO, LOBBY, DEALING, LATE, RUNNING, FINISHING, DONE, FAILED = (
    "hello", "lobby", "dealing", "late", "running", "finishing", "done", "failed")
_SPAKE_IDS = dict(idA=b"grisbi-arcade joiner", idB=b"grisbi-arcade host")
_REASON_KIND = {Reason.VERSION: FailReason.VERSION, Reason.SETTINGS: FailReason.SETTINGS, Reason.FULL: FailReason.FULL,
                Reason.WRONG_CODE: FailReason.WRONG_CODE, Reason.STARTED: FailReason.STARTED,
                Reason.DROPPED: FailReason.REMOVED, Reason.KICKED: FailReason.REMOVED,
                Reason.TOO_MANY_TRIES: FailReason.TOO_MANY_TRIES, Reason.BAD_COMMIT: FailReason.UNFAIR_DEAL,
                Reason.BAD_REVEAL: FailReason.UNFAIR_DEAL}


@dataclass
class PeerInfo:
    """One peer as the lobby and the HUD show it: ``peer`` index (0 = the host), ``name``, the ``seats`` it plays,
    ``ready`` (lobby), ``status`` ("connected", "interrupted" or "gone"), ``late`` (joined a running match) and
    ``bots``: ``(seat, level)`` for each of its seats a bot plays on its machine (the host's bot seats, level "easy",
    "normal" or "hard"), so that every peer names them as bots, not after the peer's player."""

    peer: int
    name: str
    seats: tuple[int, ...]
    ready: bool
    status: str = "connected"
    late: bool = False
    bots: tuple[tuple[int, str], ...] = ()


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
        self.password = normalize_code(code)
        self.sid = 0
        self.pending: dict[bytes, Pending] = {}     # host: key exchanges waiting for their JOIN, by hello nonce
        self._failed_tries: dict[str, list[float]] = {}  # host: IP -> times of failed key exchanges
        self._exchanges: list[float] = []           # host: when the last key exchanges started
        self.claim_grants: set[tuple[int, int]] = set()  # host: (seat, peer) the host lets take a dropped seat
        self.spake: Any = None
        self.spake_msg = b""
        self.keyed = False
        self.token = b""
        self.failure_kind: FailReason | None = None
        self._seed_src: bytes | None = None
        self.index = 0 if role == HOST else NO_PEER
        self.phase = LOBBY if role == HOST else HELLO
        self.remotes: dict[int, Remote] = {}
        self._events: list[NetEvent] = []
        self.stats = NetStats(now)
        self.limiter = RateLimiter(self.config.rate_limit, self.config.rate_burst)
        self.now = now
        self.created_at = now
        self.settings: MatchSettings | None = None
        self.mesh_links: dict[int, Remote] = {}  # joiner: direct links to other joiners (netplay.mesh)
        self.relayed_ticks: dict[tuple[int, int], int] = {}  # host: (to peer, seat) -> ticks of inputs relayed
        self.input_delay = 0  # ticks every peer uses: the settings' value, or the host's choice sent with START
        self.commits_echo: tuple[int, float] | None = None  # joiner: the host's COMMITS stamp and when we got it
        self.owners: list[int | None] = []
        self.nonce = _nonce_from(nonce, role.encode() + name.encode())
        self.commit = commit_of(self.nonce)
        self.commits: list[bytes] = []
        self.seed: int | None = None
        self.sim: Any = None
        self.driver: TickDriver | None = None
        self.auth: HostAuthority | JoinerAuthority | None = None  # authority mode (turn games): netplay.authority
        self.start_nonces: list[list[Any]] = []
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
        self.my_seats: tuple[int, ...] = ()
        # lobby: the host starts on its own (auto_start) or when asked (start()); joiners are ready on their own
        # (auto_ready) or when their player says so (set_ready); the host shares the roster and a countdown.
        self.auto_start = True
        self.start_requested = False
        self.auto_ready = True
        self.ready_flag = True
        self.countdown_until: float | None = None
        self.roster: list[PeerInfo] = []
        self.bots: dict[int, str] = {}  # the host's seats a bot plays: seat -> level (host: set_bots; joiner: ROSTER)
        self._roster_dirty = False
        self._pongs: list[float] = []
        # late joiners, drops and rejoins
        self.dropped: dict[int, int] = {}      # seat -> the peer that lost it (the host plays it; claimable)
        self.lost_owner: dict[int, tuple[bytes, str]] = {}  # host: dropped seat -> (token, IP) of who lost it
        self.seat_from: dict[int, int] = {}    # local seat -> first tick whose input is ours (a seat taken over)
        self.claim: tuple[int, ...] = ()       # seats a late joiner asks to take over once caught up
        self.claim_pending: set[int] = set()
        self._claim_at = float("-inf")
        self.late = False
        self.first_frame = 0
        self.relay_now = False
        self.catching_up = False
        self.remote_frame = 0
        self.snap_parts: dict[int, bytes] = {}
        self.snap_total = 0
        self.snap_frame = -1
        self.end_reason = ""

    # ------------------------------------------------------------------ construction

    @classmethod
    def host(cls, transport: Transport, settings: MatchSettings, remote_seats: list[bool], code: str, *,
             make_sim: Callable[[MatchSettings, int], Any], input_source: Callable[[int, int], int],
             config: SessionConfig | None = None, now: float = 0.0, nonce: int | bytes | None = None,
             name: str = "host", auto_start: bool = True, bots: dict[int, str] | None = None) -> "Session":
        """The host of a match: ``remote_seats[i]`` True for a seat a joiner fills, False for one of the host's own.

        With ``auto_start`` the deal begins as soon as every seat is filled and every joiner ready; without it, when
        ``start()`` is called (a lobby where the host presses Start). ``bots``: seat -> level of the host's seats a
        bot plays (told to every joiner, see ``set_bots``). Raises SettingsError for bad settings and ValueError if
        ``remote_seats`` does not match ``settings.seats`` or names no remote seat, or ``bots`` names a remote seat."""
        settings = settings.check()
        if len(remote_seats) != settings.seats:
            raise ValueError(f"{len(remote_seats)} seats given, settings say {settings.seats}")
        if not any(remote_seats):
            raise ValueError("a networked match needs at least one remote seat")
        s = cls(HOST, transport, code, make_sim=make_sim, input_source=input_source, config=config, now=now,
                nonce=nonce, name=name)
        s.settings = settings
        s._seed_src = None if nonce is None else s.nonce
        import spake2  # noqa: F401  (its group tables are built now, not while the first joiner waits for KEYX)
        s.auto_start = auto_start
        s.owners = [None if r else 0 for r in remote_seats]
        if not s.set_bots(bots or {}):
            raise ValueError(f"bots {bots} must name the host's own seats, each with a level")
        sid_src = s.nonce if nonce is not None else secrets.token_bytes(16)
        s.sid = int.from_bytes(hashlib.blake2b(sid_src, digest_size=8, person=b"grisbi-sid").digest(), "big") | 1
        return s

    @classmethod
    def join(cls, transport: Transport, host_address: Address, code: str, seats: int, *,
             make_sim: Callable[[MatchSettings, int], Any], input_source: Callable[[int, int], int],
             config: SessionConfig | None = None, now: float = 0.0, nonce: int | bytes | None = None,
             accept: Callable[[MatchSettings], str | None] | None = None, expect_digest: bytes = b"",
             name: str = "", protocol_version: int = PROTOCOL_VERSION, auto_ready: bool = True,
             claim: tuple[int, ...] = (), token: bytes | None = None) -> "Session":
        """A joiner asking for ``seats`` seats (1..7) at ``host_address``; 0 seats: a spectator.

        A spectator joining in the lobby starts with everyone; one joining a running match (a *late joiner*) gets
        the host's snapshot of a confirmed frame and the inputs since, catches up faster than real time (``CaughtUp``)
        and then follows live. A late joiner with ``claim`` asks, once caught up, to take over those seats if the
        host plays them after a drop (a player rejoining): ``SeatClaimed`` or ``ClaimRefused``.

        ``accept(settings)`` may return a reason to refuse the host's settings (e.g. unknown game, other rules
        version); ``expect_digest`` (from LAN discovery) makes the host refuse if its settings differ. Without
        ``auto_ready`` the joiner is ready only after ``set_ready(True)``. ``protocol_version`` exists for tests of
        the version check. ``token`` (16 bytes) identifies this player to the host across reconnections (keep
        ``session.token`` to rejoin a dropped seat from another machine); a fresh one by default."""
        if not 0 <= seats <= 7:
            raise ValueError("a joiner takes 0..7 seats")
        s = cls(JOIN, transport, code, make_sim=make_sim, input_source=input_source, config=config, now=now,
                nonce=nonce, name=name)
        s.host_address = (host_address[0], int(host_address[1]))
        s.remotes[0] = Remote(0, s.host_address, (), now)
        s.wanted = seats
        s.hello_nonce = _nonce_from(None if nonce is None else nonce, b"hello")[:16]
        s.accept = accept
        s.expect_digest = expect_digest
        s.protocol_version = protocol_version
        s.auto_ready = auto_ready
        s.ready_flag = auto_ready
        s.claim = tuple(claim)
        s.claim_pending = set(claim)
        s.token = token if token is not None and len(token) == 16 else _nonce_from(nonce, b"token")[:16]
        from spake2 import SPAKE2_A  # imported when first needed (its group tables take ~0.1 s to build)
        s.spake = SPAKE2_A(s.password, entropy_f=_entropy(nonce, b"A" + s.hello_nonce), **_SPAKE_IDS)
        s.spake_msg = s.spake.start()
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
            "ticks": self.end.frame if self.end else (self.driver.processed if self.driver else
                                                      (self.sim.tick if self.sim is not None else 0)),
            "final_checksum": self.end.checksum if self.end else None,
            "desyncs": len(self.reported_pairs),
            "rollbacks": st.rollbacks,
            "max_rollback": st.max_rollback,
            "stalls": st.stalls,
            "bytes_sent": st.bytes_sent,
            "bytes_received": st.bytes_received,
            "disconnects": self.disconnects,
            "seed": self.seed,
            "input_delay": self.input_delay,
            "mesh_up": sorted(p for p, link in self.mesh_links.items() if link.up),
            "relayed_ticks": sum(self.relayed_ticks.values()),
            "peer": self.index,
            "end_reason": self.end.reason if self.end else self.failure,
            "deal": self.end.deal if self.end else None,
        }

    # --- the lobby

    def peers(self) -> list[PeerInfo]:
        """Every peer known here, the host first. The host knows every joiner; a joiner knows what the host's lobby
        roster said (names, ready flags) and, once running, who owns each seat."""
        if self.role == HOST:
            mine = tuple(s for s, o in enumerate(self.owners) if o == 0)
            out = [PeerInfo(0, self.name, mine, True, bots=self._bots_of(0, mine))]
            for i, r in sorted(self.remotes.items()):
                seats = tuple(s for s, o in enumerate(self.owners) if o == i)
                out.append(PeerInfo(i, r.name, seats, r.ready, r.status, r.late))
            return out
        if self.phase in (RUNNING, FINISHING, DONE) and self.owners:
            names = {p.peer: p.name for p in self.roster}
            idx = sorted({o for o in self.owners if o is not None} | set(names) | {self.index})
            out = []
            for i in idx:
                seats = tuple(s for s, o in enumerate(self.owners) if o == i)
                out.append(PeerInfo(i, names.get(i, self.name if i == self.index else ""), seats, True,
                                    self.remotes[0].status if i == 0 else CONNECTED, bots=self._bots_of(i, seats)))
            return out
        return list(self.roster)

    def set_bots(self, levels: dict[int, str]) -> bool:
        """Host in the lobby: which of its own seats a bot plays (seat -> level, e.g. {2: "normal"}); joiners get it
        with the roster and name those seats "Bot (level)" in the lobby and as bots at the table. False (nothing
        changed) outside the lobby, for a seat the host does not hold, or a level that is empty or over 16 chars."""
        if self.role != HOST or self.phase != LOBBY:
            return False
        if not all(0 <= seat < len(self.owners) and self.owners[seat] == 0 and 0 < len(level) <= BOT_LEVEL_CHARS
                   for seat, level in levels.items()):
            return False
        if levels != self.bots:
            self.bots = dict(levels)
            self._roster_changed()
        return True

    def seat_bots(self) -> dict[int, str]:
        """Seat -> level of the seats the host's bots play, as this peer knows it (a joiner: from the lobby roster)."""
        return dict(self.bots)

    def _bots_of(self, peer: int, seats: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
        return tuple((s, self.bots[s]) for s in seats if s in self.bots) if peer == 0 else ()

    def lobby_owners(self) -> list[int | None]:
        """Who owns each seat in the lobby (None: open for a joiner)."""
        return list(self.owners)

    def free_seats(self) -> int:
        return sum(o is None for o in self.owners)

    def set_ready(self, ready: bool) -> None:
        """Joiner in the lobby: this peer's players are ready (or not any more)."""
        if self.role == JOIN and self.ready_flag != ready:
            self.ready_flag = ready
            self.auto_ready = False
            self._next_resend = self.now

    def set_open(self, seat: int, open_: bool) -> bool:
        """Host in the lobby: make a seat open for a joiner (True) or the host's own (False). False if a joiner holds
        it or the lobby is closed."""
        if self.role != HOST or self.phase != LOBBY or not 0 <= seat < len(self.owners):
            return False
        if self.owners[seat] not in (None, 0):
            return False
        self.owners[seat] = None if open_ else 0
        self._roster_changed()
        return True

    def set_countdown(self, seconds: float | None) -> None:
        """Host in the lobby: show every peer a countdown ending ``seconds`` from now (None: no countdown)."""
        if self.role == HOST:
            self.countdown_until = None if seconds is None else self.now + seconds
            self._roster_changed()

    def countdown_left(self) -> float | None:
        """Seconds left of the lobby countdown, or None."""
        if self.countdown_until is None or self.phase not in (LOBBY, DEALING):
            return None
        return max(0.0, self.countdown_until - self.now)

    def start_problem(self) -> str | None:
        """Host: why the match cannot start now (open seats, a joiner not ready), or None."""
        if self.role != HOST or self.phase != LOBBY:
            return "the lobby is closed"
        open_ = [s + 1 for s, o in enumerate(self.owners) if o is None]
        if open_:
            return "seat" + ("s " if len(open_) > 1 else " ") + ", ".join(map(str, open_)) + " still open"
        waiting = [r.name or f"peer {r.index}" for r in self.remotes.values() if not r.ready]
        if waiting:
            return "waiting for " + ", ".join(waiting) + " to be ready"
        return None

    def start(self) -> str | None:
        """Host without ``auto_start``: begin the fair deal now. Returns None, or why it cannot start yet."""
        problem = self.start_problem()
        if problem:
            return problem
        self.start_requested = True
        self._maybe_deal()
        return None

    def request_seats(self, seats: list[int]) -> None:
        """Joiner (a late joiner, or a spectator): ask the host for these dropped seats once caught up (``claim``)."""
        if self.role == JOIN:
            self.claim = tuple(sorted(set(self.claim) | set(seats)))
            self.claim_pending |= set(seats)
            self._claim_at = float("-inf")

    def _roster_changed(self) -> None:
        self._roster_dirty = True
        self._next_resend = self.now

    # --- running: the host's decisions

    def drop_peer(self, peer: int, reason: str = "dropped by the host") -> bool:
        """Host, running: give up waiting for ``peer`` now (its seats are dropped at the same tick everywhere and the
        host plays them: a bot takes over). The peer, if it is still there, is told. False if nothing to drop."""
        r = self.remotes.get(peer)
        if self.role != HOST or self.phase != RUNNING or r is None or r.status == GONE:
            return False
        self._send(r, MsgType.BYE, [int(Reason.DROPPED), "you were dropped from the match"])
        self._lose(r, reason)
        return True

    def end_match(self) -> bool:
        """Host, running: end the match for everyone a few ticks from now (after every input anyone may hold); every
        peer stops at the same frame (``MatchEnded`` with reason "ended by the host"). False if not running."""
        if self.role != HOST or self.phase != RUNNING or (self.driver is None and self.auth is None):
            return False
        if self.auth is not None:  # authority hook: the host's state is the match's; end it now
            self.auth.finish("ended by the host")
            return True
        d, st = self.driver, self.settings
        e = max(d.frame, max(d.known) + 1, self.requested_tick + 1) + self.input_delay + st.window + 2
        if d.end_tick and d.end_tick <= e:
            return True
        d.end_tick = e
        self.end_reason = "ended by the host"
        self._relay([Item.END, e])
        return True

    def next_wakeup(self) -> float:
        """The latest time ``update`` should next be called if no datagram arrives (seconds)."""
        if self.done:
            return float("inf")
        cfg = self.config
        t = float("inf")
        if self.phase in (HELLO, LOBBY, DEALING, LATE) or (self.role == HOST and any(
                not r.started for r in self.remotes.values() if r.status != GONE)):
            t = min(t, self._next_resend)
        if self.claim_pending and self.phase == RUNNING and not self.catching_up:
            t = min(t, self._claim_at + 0.25)
        if self.phase == RUNNING:
            if self._stalled:
                t = min(t, max(self.next_tick_at, self._stall_seen_until))
            else:
                t = min(t, self.next_tick_at)
        if self.phase in (RUNNING, FINISHING):
            for r in self.remotes.values():
                if r.status == GONE or r.bye:
                    continue
                t = min(t, self._heard(r) + cfg.timeout)
                if (self.role == JOIN or r.started) and self.auth is None:
                    t = min(t, r.last_send + self._gap(r))
                if r.status == CONNECTED:
                    t = min(t, self._heard(r) + cfg.interrupt_after)
            for r in self.mesh_links.values():
                t = min(t, r.last_send + self._gap(r))
                if r.up:
                    t = min(t, r.last_recv + cfg.interrupt_after)
            if self.phase == FINISHING:
                t = min(t, self.finish_at + cfg.timeout)
                if self.auth is not None:  # authority hook: the reveal's resends (no ticks any more)
                    t = min(t, self.now + 0.05)
        elif self.phase in (HELLO, LOBBY, DEALING, LATE):
            t = min(t, self.created_at + cfg.timeout if self.phase == HELLO else t)
        return max(t, self.now)

    def close(self, reason: str = "left") -> None:
        """Leave politely (BYE to every peer still there) and stop. The transport stays open (the caller's)."""
        if not self.done:
            for r in self.remotes.values():
                if r.status != GONE and r.key_out:
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
        if self.auth is not None:  # authority hook: the running phase is netplay.authority's
            if self.phase in (RUNNING, FINISHING):
                self.auth.update()
            return
        if self.phase == RUNNING:
            self._run_ticks()
        if self.phase in (RUNNING, FINISHING):
            self._finishing()
            if self.phase in (RUNNING, FINISHING):
                self._flush()

    def _emit(self, ev: NetEvent) -> None:
        ev.at = self.now
        self._events.append(ev)

    def _fail(self, reason: str, kind: FailReason = FailReason.OTHER, **facts: Any) -> None:
        if self.phase != FAILED:
            self.phase = FAILED
            self.failure = reason
            self.failure_kind = kind
            self._emit(Failed(reason, kind, facts))

    # ------------------------------------------------------------------ sending

    def _send(self, r: "Remote | Pending", mtype: int, fields: list[Any], *, sid: int | None = None,
              open_: bool = False) -> None:
        """Seal (AEAD with ``r``'s outgoing key, its next sequence number as nonce) and send; ``open_`` for HELLO."""
        r.out_seq += 1
        key = None if open_ else r.key_out
        data = seal(mtype, self.sid if sid is None else sid, self.index, r.out_seq, fields, key,
                    self.protocol_version)
        self.transport.send(data, r.address)
        if isinstance(r, Remote):
            self.stats.sent(self.now, r.index, len(data))
            r.last_send = self.now
        else:
            self.stats.sent(self.now, None, len(data))

    def _send_open(self, address: Address, mtype: int, fields: list[Any], sid: int = 0) -> None:
        self._misc_seq += 1
        data = seal(mtype, sid, self.index, self._misc_seq, fields, None)
        self.transport.send(data, address)
        self.stats.sent(self.now, None, len(data))

    def _refuse(self, address: Address, code: Reason, text: str, facts: tuple[int, ...] = (),
                limit: int = 1200) -> None:
        """Refuse a joiner before any key: open, at most 10 a second, never longer than the ``limit`` bytes of the
        request it answers (the host is never an amplifier)."""
        now = self.now
        self._open_refusals = [t for t in self._open_refusals if t > now - 1.0]
        if len(self._open_refusals) < 10:
            self._open_refusals.append(now)
            cut = max(0, min(200, limit - 24))
            self._send_open(address, MsgType.REFUSE_OPEN, [int(code), text[:cut], list(facts)])
        self._emit(JoinRefused(address, text, _REASON_KIND.get(code, FailReason.OTHER)))

    # ------------------------------------------------------------------ receiving

    def _known_address(self, address: Address) -> bool:
        """A peer (or a key exchange) at this address: its datagrams are authenticated before they count."""
        if self.role == JOIN:
            return address == self.host_address or any(r.address == address for r in self.mesh_links.values())
        return any(r.address == address for r in self.remotes.values()) or any(
            p.address == address for p in self.pending.values())

    def _key_for(self, address: Address) -> Callable[[int, int, int], bytes | None]:
        def key(mtype: int, sid: int, peer: int) -> bytes | None:
            if self.role == JOIN:
                if not self.keyed or sid != self.sid:
                    return None
                if address != self.host_address:  # only an introduced peer, from its address, with its pair key
                    link = self.mesh_links.get(peer)
                    return link.key_in if link is not None and link.address == address and mtype == MsgType.INPUT \
                        else None
                return self.remotes[0].key_in
            if sid != self.sid:
                return None
            if peer == NO_PEER:  # a JOIN: the key exchange at that address (or a joiner whose WELCOME was lost)
                if mtype != MsgType.JOIN:
                    return None
                p = self._pending_at(address)
                if p is not None:
                    return p.key_in
                for r in self.remotes.values():
                    if r.address == address and not r.started and r.status != GONE:
                        return r.key_in
                return None
            r = self.remotes.get(peer)
            return r.key_in if r is not None and r.address == address else None
        return key

    def _pending_at(self, address: Address) -> "Pending | None":
        found = None
        for p in self.pending.values():
            if p.address == address and (found is None or p.at >= found.at):
                found = p
        return found

    def _open_types(self) -> tuple[int, ...]:
        if self.role == HOST:
            return (MsgType.HELLO, MsgType.PROBE)
        if self.phase == HELLO:
            return (MsgType.KEYX, MsgType.REFUSE_OPEN)
        return ()

    def _on_datagram(self, data: bytes, address: Address) -> None:
        """Validate and dispatch one datagram. From an address we know, the AEAD is checked before the rate limit
        counts it (spoofed floods cannot use up a real peer's budget); from anywhere else, the limit comes first."""
        known = self._known_address(address)
        if not known and not self.limiter.allow(address, self.now):
            self.stats.reject("rate")
            return
        try:
            msg = open_datagram(data, self._key_for(address), self._open_types())
        except Rejected as e:
            self.stats.reject(e.reason)
            if e.reason == "mac" and e.mtype == MsgType.JOIN and self.role == HOST:
                self._wrong_code(address)
            return
        if known and not self.limiter.allow(address, self.now):
            self.stats.reject("rate")
            return
        if self.role == HOST:
            self._host_on(msg, address)
        else:
            self._join_on(msg, address)

    def _wrong_code(self, address: Address) -> None:
        """Host: a JOIN failed the AEAD with the keys of its exchange: the joiner typed another code. Counted once
        per exchange against the joiner's IP address, and refused (open)."""
        p = self._pending_at(address)
        if p is None:
            return
        if not p.failed:
            p.failed = True
            tries = self._failed_tries.setdefault(address[0], [])
            tries.append(self.now)
            self._emit(Notice(NoticeKind.WRONG_CODE, address, "a wrong join code was tried"))
            if len(tries) == self.config.join_tries:
                self._emit(Notice(NoticeKind.TOO_MANY_TRIES, address,
                                  f"{address[0]} tried {len(tries)} wrong codes: refused for a minute"))
        self._refuse(address, Reason.WRONG_CODE, "wrong join code")

    def _too_many_tries(self, ip: str) -> bool:
        window = self.config.join_tries_window
        tries = [t for t in self._failed_tries.get(ip, ()) if t > self.now - window]
        if tries:
            self._failed_tries[ip] = tries
        else:
            self._failed_tries.pop(ip, None)
        return len(tries) >= self.config.join_tries

    def _accept_seq(self, r: Remote, msg: Message) -> bool:
        if not r.window.fresh(msg.seq):
            self.stats.reject("replay")
            return False
        r.window.accept(msg.seq)
        self.stats.received(self.now, r.index, msg.seq, msg.size)
        return True

    # --- host side

    def _pong(self, msg: Message, address: Address) -> None:
        """Answer a LAN browser's PROBE (unauthenticated; never longer than the probe, at most 20 a second)."""
        now = self.now
        self._pongs = [t for t in self._pongs if t > now - 1.0]
        if len(self._pongs) >= 20 or self.phase not in (LOBBY, DEALING, RUNNING, FINISHING):
            return
        fields = [msg.fields[0], msg.fields[1], 0 if self.phase in (LOBBY, DEALING) else 1, self.free_seats()]
        self._misc_seq += 1
        data = seal(MsgType.PONG, 0, 0, self._misc_seq, fields, None)
        if len(data) <= msg.size:
            self._pongs.append(now)
            self.transport.send(data, address)
            self.stats.sent(now, None, len(data))

    def _host_on(self, msg: Message, address: Address) -> None:
        if msg.type == MsgType.PROBE:
            self._pong(msg, address)
            return
        if msg.type == MsgType.HELLO:
            self._on_hello(msg, address)
            return
        if msg.type == MsgType.JOIN:
            self._on_join(msg, address)
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
        t = msg.type
        f = msg.fields
        self._host_dispatch(r, msg)
        if r.status == INTERRUPTED and self._heard(r) > self.now - self.config.interrupt_after:
            self._resumed(r)

    def _host_dispatch(self, r: Remote, msg: Message) -> None:
        t = msg.type
        f = msg.fields
        if t == MsgType.INPUT:
            if self.phase in (RUNNING, FINISHING) and self.auth is None:
                r.started = True
                self._on_input(r, f)
        elif t == MsgType.ACTION:  # authority hook
            if self.phase in (RUNNING, FINISHING) and isinstance(self.auth, HostAuthority):
                r.started = True
                self.auth.on_action(r, f)
        elif t == MsgType.READY:
            if self.phase == LOBBY:
                if f[0] != self.settings.digest():
                    self._send(r, MsgType.REFUSE, [int(Reason.SETTINGS), "your settings digest differs from "
                                                                         "the host's"])
                    self._remove(r, "settings differ")
                else:
                    ready = len(f) == 1 or f[1] == 1
                    if ready != r.ready:
                        r.ready = ready
                        self._roster_changed()
                    self._maybe_deal()
        elif t == MsgType.CLAIM:
            if self.phase == RUNNING and r.started:
                self._on_claim(r, f[0])
        elif t == MsgType.SNAPACK:
            if r.late and not r.started and f[0] == r.snap_frame:
                got = f[1]
                for i in range(min(len(got), len(r.snap_got))):
                    r.snap_got[i] |= got[i]
        elif t == MsgType.REVEAL:
            if self.phase == DEALING:
                if f[2] != commits_digest(self.commits):
                    return  # a reveal answering an older commit list (the deal started over): wait for the new one
                if r.seats and commit_of(f[0]) != r.commit:
                    self._send(r, MsgType.REFUSE, [int(Reason.BAD_REVEAL), "your nonce does not match your commit"])
                    self._remove(r, "bad reveal")
                    return
                r.nonce, r.revealed, r.reveal_t, r.reveal_at = f[0], True, f[1], self.now
                if len(f) == 5:
                    rtt = (((now_ms(self.now) - f[3]) & 0xFFFFFFFF) - f[4]) / 1000.0
                    if 0 <= rtt < 10:
                        self.stats.link(r.index).add_rtt(rtt)
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
        """A joiner opens a key exchange (open HELLO). Everything that can be refused without a key is refused
        here (version, match started, settings, seats, too many wrong codes from that address); else the host
        answers KEYX with its SPAKE2 message and keeps the exchange until the JOIN (its first sealed datagram)."""
        f = msg.fields
        if msg.version != PROTOCOL_VERSION:
            self._refuse(address, Reason.VERSION, f"protocol version mismatch: the host speaks version "
                                                  f"{PROTOCOL_VERSION}, you speak {msg.version}", limit=msg.size)
            return
        spake_msg, hnonce, wanted, digest, _ = f
        p = self.pending.get(hnonce)
        if p is not None:
            if p.address == address:
                self.transport.send(p.keyx, address)  # our KEYX was lost: the same answer (never a second guess)
                self.stats.sent(self.now, None, len(p.keyx))
            return
        if hnonce in self._seen_hellos or any(r.hello_nonce == hnonce for r in self.remotes.values()):
            self.stats.reject("stale")  # a replayed request
            return
        problem = self._hello_problem(address, wanted, digest)
        if problem is not None:
            self._refuse(address, *problem, limit=msg.size)
            return
        now = self.now
        self._exchanges = [t for t in self._exchanges if t > now - 1.0]
        if len(self._exchanges) >= self.config.max_exchanges or len(self.pending) >= 32:
            self.stats.reject("busy")  # the joiner asks again (its HELLO is resent); nothing is charged
            return
        self._exchanges.append(now)
        from spake2 import SPAKE2_B  # imported when first needed
        side_b = SPAKE2_B(self.password, entropy_f=_entropy(None if self._seed_src is None else self._seed_src,
                                                           b"B" + hnonce), **_SPAKE_IDS)
        msg_b = side_b.start()
        try:
            k = side_b.finish(spake_msg)
        except Exception:  # not a group element, a reflected message...: spake2 raises several types
            self.stats.reject("spake")
            return
        keys = peer_keys(k, self.sid, hnonce)
        self._misc_seq += 1
        keyx = seal(MsgType.KEYX, self.sid, 0, self._misc_seq, [hnonce, msg_b], None)
        for old in [h for h, q in self.pending.items() if q.at < now - self.config.timeout]:
            del self.pending[old]
        self.pending[hnonce] = Pending(address, hnonce, keys, keyx, now)
        self._seen_hellos.add(hnonce)
        self.transport.send(keyx, address)
        self.stats.sent(now, None, len(keyx))

    def _hello_problem(self, address: Address, wanted: int, digest: bytes) -> tuple[Any, ...] | None:
        """Why the host refuses a join request now (checked on HELLO and again on JOIN), or None."""
        if self._too_many_tries(address[0]):
            return Reason.TOO_MANY_TRIES, "too many wrong join codes from your address: wait a minute"
        late = wanted == 0 and self.phase == RUNNING
        if self.phase != LOBBY and not late:
            watch = wanted and self.phase == RUNNING and self.config.allow_late_join and (
                self.config.snapshot_state or self.auth is not None)
            return Reason.STARTED, "the match has already started" + (
                " (you may join it as a spectator)" if watch else "")
        if digest and digest != self.settings.digest():
            return Reason.SETTINGS, f"match settings differ: the host plays {self.settings.describe()}"
        if late and not (self.config.allow_late_join and (self.config.snapshot_state or self.auth is not None)):
            return Reason.STARTED, "the match has already started and this host takes no spectators"
        free = [s for s, o in enumerate(self.owners) if o is None]
        if wanted > len(free):
            return Reason.FULL, f"not enough free seats: {wanted} asked, {len(free)} free", (wanted, len(free))
        if wanted == 0:
            watching = sum(1 for r in self.remotes.values()
                           if r.address[0] == address[0] and not r.seats and r.status != GONE)
            if watching >= self.config.spectators_per_address:
                return Reason.FULL, (f"no room for another spectator from your address "
                                     f"({self.config.spectators_per_address} at most)")
        if self._free_index(late) is None:
            return Reason.FULL, "no room for another peer (7 at most)"
        return None

    def _on_join(self, msg: Message, address: Address) -> None:
        """The joiner's first sealed datagram (the AEAD passed: same code): its request; or a JOIN again because our
        WELCOME was lost."""
        for r in self.remotes.values():
            if r.address == address and not r.started and r.status != GONE:
                if self.phase == LOBBY or (r.late and not r.started):
                    if self._accept_seq(r, msg):
                        self._send_welcome(r)
                return
        p = self._pending_at(address)
        if p is None or not p.window.fresh(msg.seq):
            return
        p.window.accept(msg.seq)
        wanted, commit, digest, name, token = msg.fields
        del self.pending[p.hello_nonce]
        problem = self._hello_problem(address, wanted, digest)
        if problem is None and not is_real_commit(commit):
            problem = (Reason.BAD_COMMIT, "your fair-deal commit is not a real digest")
        if problem is not None:
            facts = list(problem[2]) if len(problem) > 2 else []
            self._send(p, MsgType.REFUSE, [int(problem[0]), problem[1][:200], facts])
            self._emit(JoinRefused(address, problem[1], _REASON_KIND.get(problem[0], FailReason.OTHER)))
            return
        late = wanted == 0 and self.phase == RUNNING
        index = self._free_index(late)
        if late:
            self._late_join(index, address, p, msg, commit, name, token)
            return
        free = [s for s, o in enumerate(self.owners) if o is None]
        r = self._new_remote(index, address, tuple(free[:wanted]), p, msg, commit, name, token)
        for s in r.seats:
            self.owners[s] = index
        self.remotes[index] = r
        self._emit(PeerJoined(index, address, r.seats, name))
        self._send_welcome(r)
        self._roster_changed()

    def _new_remote(self, index: int, address: Address, seats: tuple[int, ...], p: "Pending", msg: Message,
                    commit: bytes, name: str, token: bytes) -> Remote:
        r = Remote(index, address, seats, self.now)
        r.hello_nonce, r.commit, r.name, r.token = p.hello_nonce, commit, name, token
        r.key_out, r.key_in, r.out_seq = p.key_out, p.key_in, p.out_seq
        r.window.accept(msg.seq)
        self.stats.received(self.now, None, msg.seq, msg.size)
        return r

    def kick(self, peer: int, reason: str = "removed by the host") -> bool:
        """Host in the lobby (or a spectator at any time): send ``peer`` away; its seats are open again. The peer is
        told (its session fails with ``FailReason.REMOVED``). False if there is no such peer."""
        r = self.remotes.get(peer)
        if self.role != HOST or r is None or r.status == GONE:
            return False
        if self.phase == RUNNING and r.seats:
            return self.drop_peer(peer, reason)
        self._send(r, MsgType.REFUSE, [int(Reason.KICKED), reason[:200]])
        if self.phase in (LOBBY, DEALING):
            self._remove(r, reason)
        else:
            r.status = GONE
            self._emit(Disconnected(r.index, reason))
        return True

    def allow_claim(self, seat: int, peer: int) -> None:
        """Host: the host's explicit choice: ``peer`` may take dropped ``seat`` (even if it never played it)."""
        self.claim_grants.add((seat, peer))

    def _free_index(self, late: bool) -> int | None:
        """A peer index for a new joiner: the lowest unused (1..7); while running, also the index of a peer that is
        gone and owns no seat (a spectator who left, a player whose seats were dropped)."""
        free = set(range(1, 8)) - set(self.remotes)
        if free:
            return min(free)
        if late:
            for i, r in sorted(self.remotes.items()):
                if r.status == GONE and i not in self.owners:
                    return i
        return None

    def _late_join(self, index: int, address: Address, p: "Pending", msg: Message, commit: bytes, name: str,
                   token: bytes) -> None:
        """A spectator (or a player who will claim a dropped seat) joins the running match: it is welcomed with no
        seat and sent the snapshot of the last checksummed confirmed frame (so its checksum records are cut as ours
        are); the inputs since then follow in its INPUT datagrams once it has started."""
        if self.auth is not None:  # authority hook: no snapshot, ever; START, then its seat's (public) view
            r = self._new_remote(index, address, (), p, msg, commit, name, token)
            r.late, r.ready = True, True
            self.remotes[index] = r
            self._emit(PeerJoined(index, address, (), name, late=True))
            self._send_welcome(r)
            self._next_resend = self.now
            return
        d = self.driver
        frame = self.history.last_record if self.config.desync_detection else d.processed
        snap = d.snapshot(frame)
        data = b""
        if snap is not None:
            try:
                data = bytes(self.config.snapshot_state(snap.saved))
            except Exception as e:  # the caller's serializer failed: refuse, never crash the match
                snap, data = None, str(e).encode()[:100]
        total = max(1, -(-len(data) // SNAP_CHUNK))
        if snap is None or total > MAX_SNAP_CHUNKS:
            self._send(p, MsgType.REFUSE, [int(Reason.BAD_REQUEST), "the host cannot send its state to a spectator "
                                                                    "now"])
            return
        r = self._new_remote(index, address, (), p, msg, commit, name, token)
        r.late, r.ready = True, True
        r.snap_frame = frame
        r.snap_chunks = [data[i * SNAP_CHUNK:(i + 1) * SNAP_CHUNK] for i in range(total)]
        r.snap_digest = hashlib.blake2b(data, digest_size=16, person=b"grisbi-snap").digest()
        r.snap_got = bytearray((total + 7) // 8)
        r.acked = [frame - 1] * d.seats
        self.remotes[index] = r  # replaces a gone peer of that index, if any
        self._emit(PeerJoined(index, address, (), name, late=True))
        self._send_welcome(r)
        self._next_resend = self.now

    def _send_snapshot(self, r: Remote) -> None:
        """Host: send a late joiner up to 16 of the snapshot chunks it has not acknowledged."""
        owners = [NO_PEER if o is None else o for o in self.owners]
        claimable = sorted(self.dropped)
        sent = 0
        for i, chunk in enumerate(r.snap_chunks):
            if r.snap_got[i // 8] >> (i % 8) & 1:
                continue
            self._send(r, MsgType.SNAP, [r.snap_frame, self.seed, owners, claimable, len(r.snap_chunks), i, chunk,
                                         *self._snap_tail(r), self.input_delay])
            sent += 1
            if sent >= 16:
                break
        if not sent:  # every chunk acknowledged but no INPUT yet: send the last one again (it starts the joiner)
            i = len(r.snap_chunks) - 1
            self._send(r, MsgType.SNAP, [r.snap_frame, self.seed, owners, claimable, len(r.snap_chunks), i,
                                         r.snap_chunks[i], *self._snap_tail(r), self.input_delay])

    def _snap_tail(self, r: Remote) -> list[Any]:
        """What a late joiner checks before it uses a snapshot: game id, rules version, digest of the whole."""
        return [self.settings.game[:40], self.settings.rules_version, r.snap_digest]

    def _may_claim(self, r: Remote, seat: int) -> bool:
        """Only the player who lost a dropped seat takes it back (same player token, or the same machine: same IP
        address), unless the host chose otherwise (``allow_claim``, ``SessionConfig.seat_claims == "any"``)."""
        if self.config.seat_claims == "any" or (seat, r.index) in self.claim_grants:
            return True
        token, ip = self.lost_owner.get(seat, (b"", None))
        return (bool(token) and token == r.token) or ip == r.address[0]

    def _on_claim(self, r: Remote, seats: list[int]) -> None:
        """Host: a late joiner asks to take over dropped seats. Each is granted from the tick after the last input
        the host has made for it (relayed to everyone as SEAT), or refused to the claimant alone."""
        for s in seats:
            if s >= len(self.owners) or self.owners[s] == r.index:
                continue
            if s in self.dropped and self.owners[s] == 0 and s in self.local_seats and self._may_claim(r, s):
                tick = self.requested_tick + 1 if self.auth is None else self.sim.tick
                if self.auth is None:
                    self.driver.fill(s, self.requested_tick)
                self.owners[s] = r.index
                self.local_seats.remove(s)
                del self.dropped[s]
                r.seats = tuple(sorted(r.seats + (s,)))
                r.handover[s] = tick
                self._emit(SeatClaimed(s, tick, r.index))
                self._relay([Item.SEAT, s, tick, r.index])
            else:
                r.log_out.append([Item.SEAT, s, 0, self.owners[s] or 0])
                r.urgent = True

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
        self.start_requested = False
        self.countdown_until = None
        self._roster_changed()
        if self.phase == DEALING:
            self.phase = LOBBY

    def _maybe_deal(self) -> None:
        if self.phase != LOBBY or any(o is None for o in self.owners):
            return
        if not (self.auto_start or self.start_requested):
            return
        if not all(r.ready for r in self.remotes.values()):
            return
        self.phase = DEALING
        for r in self.remotes.values():  # a deal started over (someone left) needs every reveal again
            r.revealed = False
        players = sorted({o for o in self.owners if o} & set(self.remotes))
        self.commits = [[0, self.commit]] + [[i, self.remotes[i].commit] for i in players]
        self._next_resend = self.now
        self._host_resend()

    def _host_start(self) -> None:
        nonces = [[0, self.nonce]] + [[i, self.remotes[i].nonce] for i, _ in self.commits[1:]]
        self.start_nonces = nonces
        self.input_delay = self._chosen_input_delay()
        self._start(seed_from_nonces([n for _, n in nonces]))
        if self.settings.mode == ROLLBACK and self.config.mesh:
            self._introduce()
        for r in self.remotes.values():
            r.started = False
        self._next_resend = self.now
        self._host_resend()

    def _introduce(self) -> None:
        """Host: introduce every pair of players to each other (INTRO notices, see ``netplay.mesh``)."""
        players = {i: (r.address, r.key_in) for i, r in self.remotes.items() if r.seats and r.status != GONE}
        if len(players) < 2:
            return
        for peer, intros in introductions(self.sid, players).items():
            r = self.remotes[peer]
            for intro in intros:
                r.introduced.add(intro[0])
                r.log_out.append([Item.INTRO, *intro])
            r.urgent = True

    def _on_link(self, r: Remote, peer: int, up: int) -> None:
        """Host: ``r`` says its direct link to ``peer`` works (stop relaying ``peer``'s seats to it) or failed."""
        if peer not in r.introduced:
            return
        if up:
            r.direct.add(peer)
        else:
            r.direct.discard(peer)
            r.dirty = r.urgent = True

    def _on_intro(self, it: list[Any]) -> None:
        """Joiner: the host introduced another player: send it our inputs directly and accept its own."""
        peer, host, port, key_out, key_in = it[1:]
        if peer == self.index or peer in self.mesh_links or self.driver is None:
            return
        link = Remote(peer, (host, port), tuple(s for s, o in enumerate(self.owners) if o == peer), self.now)
        link.key_out, link.key_in = key_out, key_in
        link.mesh = link.started = True
        link.acked = [max(self.first_frame - 1, self.input_delay - 1)] * self.settings.seats
        link.sums_have = link.sums_acked = link.agreed = self.first_frame
        link.dirty = link.urgent = True
        self.mesh_links[peer] = link

    def _on_direct(self, link: Remote, f: list[Any]) -> None:
        """Joiner: an INPUT datagram from an introduced peer (already authenticated): its link is up."""
        link.last_recv = self.now
        if not link.up:
            self._link_changed(link, True)
        self._on_input(link, f)

    def _link_changed(self, link: Remote, up: bool) -> None:
        link.up = up
        host = self.remotes[0]
        host.log_out.append([Item.LINK, link.index, int(up)])
        host.urgent = True

    def _chosen_input_delay(self) -> int:
        """Host: the settings' input delay, or when it is ``AUTO_INPUT_DELAY`` the delay for the slowest player's
        RTT measured while dealing (COMMITS stamp echoed in REVEAL); 2 ticks if nothing was measured."""
        st = self.settings
        if st.input_delay != AUTO_INPUT_DELAY:
            return st.input_delay
        rtts = [self.stats.link(i).rtt for i, _ in self.commits[1:] if self.stats.link(i).rtt_samples]
        return input_delay_for_rtt(max(rtts), st.tick_rate) if rtts else 2

    def _host_resend(self) -> None:
        if self.now < self._next_resend:
            return
        self._next_resend = self.now + self.config.resend_interval
        if self.phase == LOBBY:
            self._next_resend = self.now + 5 * self.config.resend_interval
            if not self._roster_dirty:
                for r in self.remotes.values():
                    self._send_welcome(r)
            self._roster_dirty = False
            roster = self._roster_fields()
            for r in self.remotes.values():
                self._send(r, MsgType.ROSTER, roster)
        elif self.phase == DEALING:
            for r in self.remotes.values():
                if not r.revealed:
                    self._send(r, MsgType.COMMITS, [self.commits, now_ms(self.now)])
        elif self.phase in (RUNNING, FINISHING):
            for r in self.remotes.values():
                if r.late and not r.started and r.status != GONE and self.auth is None:
                    self._send_snapshot(r)
                    self._send(r, MsgType.ROSTER, self._roster_fields())  # names and bots for its table
                elif not r.started and r.status != GONE:
                    hold = min(600_000, int((self.now - r.reveal_at) * 1000))
                    age = min(600_000, int((self.now - self.started_at) * 1000))
                    # authority mode: START names the commits only; the nonces (the seed) are revealed at the end
                    named = self.commits if self.auth is not None else self.start_nonces
                    self._send(r, MsgType.START, [named, list(self.owners), r.reveal_t, hold, age, self.input_delay])

    def _roster_fields(self) -> list[Any]:
        left = self.countdown_left()
        ms = 0 if left is None else max(1, min(600_000, int(left * 1000)))
        owners = [NO_PEER if o is None else o for o in self.owners]
        peers = [[0, self.name[:32], 1]] + [[i, r.name[:32], int(r.ready)] for i, r in sorted(self.remotes.items())]
        peers = [p for p in peers if p[0] < MAX_SEATS][:MAX_SEATS]  # the schema's bound (spectators may be more)
        bots = [[seat, level] for seat, level in sorted(self.bots.items()) if self.owners[seat] == 0]
        return [ms, owners, peers, bots]

    # --- joiner side

    def _join_on(self, msg: Message, address: Address) -> None:
        host = self.remotes[0]
        if address != host.address:
            link = self.mesh_links.get(msg.peer)
            if link is None or link.address != address or msg.type != MsgType.INPUT or msg.sid != self.sid:
                self.stats.reject("peer")
                return
            if self.driver is not None and not self.done and self._accept_seq(link, msg):
                self._on_direct(link, msg.fields)
            return
        t, f = msg.type, msg.fields
        if t in (MsgType.REFUSE_OPEN, MsgType.REFUSE) and self.phase in (HELLO, LOBBY, DEALING, LATE):
            if t == MsgType.REFUSE_OPEN and f[0] == Reason.WRONG_CODE and not self.keyed:
                self.stats.reject("unexpected")  # a wrong code shows only once our JOIN failed the host's check
                return
            kind = _REASON_KIND.get(f[0], FailReason.OTHER)
            facts: dict[str, Any] = {"host_version": msg.version, "our_version": self.protocol_version} \
                if kind == FailReason.VERSION else {}
            if kind == FailReason.FULL and len(f) == 3 and len(f[2]) == 2:
                facts = {"asked": f[2][0], "free": f[2][1]}
            self._fail(f"refused by the host: {f[1]}", kind, **facts)
            return
        if self.phase == HELLO:
            if t == MsgType.KEYX:
                self._on_keyx(msg)
                return
            if t != MsgType.WELCOME or f[0] != self.hello_nonce or not host.window.fresh(msg.seq):
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
                problem = self._commits_problem(commits)
                if problem:
                    self._fail(problem, FailReason.UNFAIR_DEAL)
                    return
                self.commits = commits
                if len(f) == 2:
                    self.commits_echo = (f[1], self.now)
                if self.phase == LOBBY:
                    self.phase = DEALING
                    self._next_resend = self.now
                    self._join_resend()
        elif t == MsgType.START:
            if self.phase == DEALING or (self.phase == LOBBY and self.settings.mode == AUTHORITY and not self.my_seats):
                self._on_start(f)  # (authority mode: a spectator joining the running match starts here)
        elif t in (MsgType.VIEW, MsgType.LOG_REVEAL):  # authority hook
            if self.phase == RUNNING and isinstance(self.auth, JoinerAuthority):
                (self.auth.on_view if t == MsgType.VIEW else self.auth.on_reveal)(f)
        elif t == MsgType.ROSTER:
            if self.phase in (LOBBY, DEALING):
                ms, owners, peers = f[:3]
                self.countdown_until = self.now + ms / 1000.0 if ms else None
                self.owners = [None if o == NO_PEER else o for o in owners]
                self._take_roster(f)
            elif self.late and self.phase in (LATE, RUNNING):  # joined in play: names and bots, never the seats
                self._take_roster(f)
        elif t == MsgType.SNAP:
            if self.phase in (LOBBY, LATE):
                self._on_snap(f)
        elif t in (MsgType.BYE, MsgType.REFUSE):
            if self.phase == FINISHING and f[0] == Reason.FINISHED:
                self.phase = DONE
            elif f[0] in (Reason.DROPPED, Reason.KICKED):
                self._fail("dropped from the match by the host" if f[0] == Reason.DROPPED
                           else f"removed by the host: {f[1]}", FailReason.REMOVED, rejoin=f[0] == Reason.DROPPED)
            else:
                self._fail(f"the host left: {f[1]}", FailReason.HOST_LOST)
        elif t == MsgType.WELCOME:
            pass  # a resend (keepalive in the lobby)
        else:
            self.stats.reject("unexpected")

    def _take_roster(self, f: list[Any]) -> None:
        """Joiner: the names, ready flags and bot seats of a ROSTER, against the seat owners known here."""
        owners = [None if o == NO_PEER else o for o in f[1]] if self.phase in (LOBBY, DEALING) else self.owners
        # only the host's own seats can be its bots: a roster saying otherwise is not believed for them
        self.bots = {seat: level for seat, level in (f[3] if len(f) > 3 else [])
                     if seat < len(owners) and owners[seat] == 0}
        self.roster = []
        for p, name, ready in f[2]:
            seats = tuple(s for s, o in enumerate(owners) if o == p)
            self.roster.append(PeerInfo(p, name, seats, bool(ready), bots=self._bots_of(p, seats)))

    def _commits_problem(self, commits: list[list[Any]]) -> str | None:
        """Why a joiner refuses the host's commit list: a commit that is no real digest (all zero), a list without
        the host, or without our own commit (a player)."""
        if not all(is_real_commit(c) for _, c in commits):
            return "the host sent a fair-deal commit that is no real digest: the deal would not be fair"
        peers = {p: c for p, c in commits}
        if 0 not in peers or (self.my_seats and peers.get(self.index) != self.commit):
            return "the host's commit list does not hold our commit: the deal would not be fair"
        return None

    def _on_keyx(self, msg: Message) -> None:
        """The host's half of the key exchange: derive our key pair and send JOIN, our first sealed datagram."""
        hnonce, msg_b = msg.fields
        if self.keyed or hnonce != self.hello_nonce or msg.sid == 0:
            self.stats.reject("unexpected")
            return
        try:
            k = self.spake.finish(msg_b)
        except Exception:  # spake2 raises several types for a bad message
            self.stats.reject("spake")
            return
        host = self.remotes[0]
        host.key_in, host.key_out = peer_keys(k, msg.sid, self.hello_nonce)
        self.sid = msg.sid
        self.keyed = True
        self.spake = None
        self._next_resend = self.now
        self._join_resend()

    def _on_welcome(self, msg: Message) -> None:
        hnonce, index, seats, swire, digest = msg.fields
        settings = MatchSettings.from_wire(swire)
        host = self.remotes[0]
        if digest != settings.digest() or len(seats) != self.wanted:
            self.stats.reject("schema")
            return
        host.window.accept(msg.seq)
        self.stats.received(self.now, 0, msg.seq, msg.size)
        host.last_recv = self.now
        self.index = index
        self.settings = settings
        self.my_seats = tuple(seats)
        reason = self.accept(settings) if self.accept else None
        if reason:
            kind, facts = FailReason.SETTINGS, {}
            if not isinstance(reason, str):  # (kind, text, facts): e.g. another rules version, named
                kind, reason, facts = reason
            self._send(host, MsgType.REFUSE, [int(Reason.SETTINGS), reason[:200]])
            self._fail(f"cannot play the host's match: {reason}", kind, **facts)
            return
        self.phase = LOBBY
        self._next_resend = self.now
        self._join_resend()

    def _on_snap(self, f: list[Any]) -> None:
        """A chunk of the host's snapshot (we joined a running match); the last one starts us."""
        frame, seed, owners, claimable, total, index, data, game, rules_version, digest = f[:10]
        st = self.settings
        delay = f[10] if len(f) == 11 else st.input_delay
        if delay == AUTO_INPUT_DELAY or st.input_delay not in (AUTO_INPUT_DELAY, delay):
            self._fail("the host chose another input delay than the one agreed", FailReason.PROTOCOL)
            return
        self.input_delay = delay
        if len(owners) != st.seats or game != st.game or rules_version != st.rules_version:
            self._fail(f"the host's snapshot is not of this match ({game} v{rules_version}, expected {st.game} "
                       f"v{st.rules_version})", FailReason.BAD_SNAPSHOT)
            return
        if frame != self.snap_frame or total != self.snap_total:  # a new transfer (or the first)
            self.snap_frame, self.snap_total, self.snap_parts = frame, total, {}
        self.phase = LATE
        self.late = True
        self.snap_parts[index] = data
        if len(self.snap_parts) < total:
            return
        blob = b"".join(self.snap_parts[i] for i in range(total))
        if hashlib.blake2b(blob, digest_size=16, person=b"grisbi-snap").digest() != digest:
            self.snap_parts = {}  # chunks of two transfers mixed, or damaged: ask for it again
            self.snap_frame = -1
            return
        loader = self.config.load_snapshot
        try:
            if loader is None:
                raise ValueError("no snapshot loader configured")
            saved = loader(blob)
            self._start_late(frame, seed, [0 if o == NO_PEER else o for o in owners], claimable, saved)
        except Exception as e:  # the caller's decoder (or the simulation) refused the state: never crash
            self.driver = self.sim = None
            self._fail(f"the host's snapshot could not be read ({type(e).__name__})", FailReason.BAD_SNAPSHOT)
            return

    def _start_late(self, frame: int, seed: int, owners: list[int], claimable: list[int], saved: Any) -> None:
        self.owners = owners
        self.dropped = {s: 0 for s in claimable}
        self._start(seed, frame, saved)
        self.catching_up = True

    def _on_start(self, f: list[Any]) -> None:
        if self.settings.mode == AUTHORITY:  # authority hook: the commits again, no nonce before the end
            problem = start_problem(self, f)
            if problem:
                self._fail(*problem)
                return
            self.owners = list(f[1])
            self._start(None)
            return
        nonces, owners, echo_t, hold, age = f[:5]
        if len(owners) != self.settings.seats:
            self._fail("malformed start from the host", FailReason.PROTOCOL)
            return
        if [p for p, _ in nonces] != [p for p, _ in self.commits]:
            self._fail("the host revealed other peers than it committed: the deal is not fair", FailReason.UNFAIR_DEAL)
            return
        if {p for p, _ in nonces} != {0} | set(owners):
            self._fail("the host's deal counts a peer that plays no seat (a phantom commit): the deal is not fair",
                       FailReason.UNFAIR_DEAL)
            return
        for (_, n), (_, c) in zip(nonces, self.commits):
            if not is_real_commit(c) or commit_of(n) != c:
                self._fail("a revealed nonce does not match its commit: the deal is not fair", FailReason.UNFAIR_DEAL)
                return
        if [s for s, o in enumerate(owners) if o == self.index] != list(self.my_seats):
            self._fail("the host gave our seats to someone else", FailReason.PROTOCOL)
            return
        delay = f[5] if len(f) == 6 else self.settings.input_delay
        if delay == AUTO_INPUT_DELAY or self.settings.input_delay not in (AUTO_INPUT_DELAY, delay):
            self._fail("the host chose another input delay than the one agreed", FailReason.PROTOCOL)
            return
        self.owners = list(owners)
        self.input_delay = delay
        rtt = (((now_ms(self.now) - echo_t) & 0xFFFFFFFF) - hold) / 1000.0
        if 0 <= rtt < 10:
            self.stats.link(0).add_rtt(rtt)
        else:
            rtt = 0.0
        self._start(seed_from_nonces([n for _, n in nonces]))
        self.next_tick_at = self.now - min(0.25, age / 1000.0 + rtt / 2)

    def _join_resend(self) -> None:
        if self.now < self._next_resend:
            return
        host = self.remotes[0]
        self._next_resend = self.now + self.config.resend_interval
        if self.phase == HELLO and not self.keyed:  # the same HELLO each time: one exchange, one code guess
            self._send(host, MsgType.HELLO, [self.spake_msg, self.hello_nonce, self.wanted, self.expect_digest,
                                             bytes(120)], sid=0, open_=True)
        elif self.phase == HELLO:
            self._send(host, MsgType.JOIN, [self.wanted, self.commit, self.expect_digest, self.name, self.token],
                       sid=self.sid)
        elif self.phase == LOBBY:
            self._next_resend = self.now + 2.5 * self.config.resend_interval
            digest = self.settings.digest()
            self._send(host, MsgType.READY, [digest] if self.auto_ready else [digest, int(self.ready_flag)])
        elif self.phase == LATE:
            got = bytearray((self.snap_total + 7) // 8)
            for i in self.snap_parts:
                got[i // 8] |= 1 << (i % 8)
            self._send(host, MsgType.SNAPACK, [self.snap_frame, bytes(got)])
        elif self.phase == DEALING:
            echo: list[int] = []
            if self.commits_echo is not None:
                echo = [self.commits_echo[0], min(600_000, int((self.now - self.commits_echo[1]) * 1000))]
            self._send(host, MsgType.REVEAL, [self.nonce, now_ms(self.now), commits_digest(self.commits), *echo])

    # ------------------------------------------------------------------ timers

    def _timers(self) -> None:
        cfg, now = self.config, self.now
        if self.role == JOIN:
            host = self.remotes[0]
            if self.phase == HELLO:
                if now >= self.created_at + cfg.timeout:
                    self._fail(f"no answer from {host.address[0]}:{host.address[1]} in {cfg.timeout:g} s "
                               f"(no host there?)", FailReason.UNREACHABLE, address=f"{host.address[0]}:{host.address[1]}")
                    return
                self._join_resend()
            elif self.phase in (LOBBY, DEALING, LATE):
                if now >= host.last_recv + cfg.timeout:
                    self._fail("the host stopped answering", FailReason.HOST_LOST)
                    return
                self._join_resend()
            else:
                self._silence(host)
                for link in self.mesh_links.values():
                    if link.up and now >= link.last_recv + cfg.interrupt_after:
                        self._link_changed(link, False)  # silent: the host relays that peer's inputs again
                if self.claim_pending and self.phase == RUNNING and not self.catching_up \
                        and now >= self._claim_at + 0.25:
                    self._claim_at = now
                    self._send(host, MsgType.CLAIM, [sorted(self.claim_pending)])
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
                    self._progress(r)
                    self._silence(r)
        if not self.done:
            self._host_resend()

    def _silence(self, r: Remote) -> None:
        now, cfg = self.now, self.config
        if self.role == HOST and self.phase == FINISHING:
            if now >= r.last_recv + cfg.interrupt_after and self.final_sent and r.log_acked >= len(r.log_out):
                r.bye = True  # finished and gone quiet: its BYE was lost
                return
        heard = self._heard(r)
        if r.status == CONNECTED and now >= heard + cfg.interrupt_after:
            r.status = INTERRUPTED
            self._emit(Interrupted(r.index, tuple(s for s, o in enumerate(self.owners) if o == r.index)))
            if self.role == HOST:
                self._relay([Item.STATUS, r.index, 1], but=r)
        if now >= heard + cfg.timeout:
            if self.role == HOST:
                self._lose(r, "timed out" if heard == r.last_recv else "withheld its inputs")
            elif self.phase == FINISHING:
                self.phase = DONE
            else:
                self._emit(Disconnected(0, "timed out"))
                self.disconnects += 1
                self._fail(f"lost the host (silent for {self.config.timeout:g} s)", FailReason.HOST_LOST, rejoin=True)

    def _heard(self, r: Remote) -> float:
        """When ``r`` last counted as present: its last datagram, or (host, running) the last time its inputs
        advanced while the match waited for them, whichever is older. A peer that keeps sending but withholds its
        inputs is interrupted and dropped like a silent one."""
        if self.role == HOST and self.phase == RUNNING:
            return min(r.last_recv, r.last_progress)
        return r.last_recv

    def _progress(self, r: Remote) -> None:
        """Host: note whether ``r``'s inputs advance, or whether it is not the one the match waits for (its input
        frontier is not behind every other seat's)."""
        d = self.driver
        if d is None or self.phase != RUNNING:
            r.last_progress = self.now
            return
        own = [d.known[s] for s in range(d.seats) if self.owners[s] == r.index]
        if not own:
            r.last_progress = self.now
            return
        f = min(own)
        if f > r.frontier:
            r.frontier = f
            r.last_progress = self.now
            return
        others = [d.known[s] for s in range(d.seats) if self.owners[s] != r.index]
        if not others or f >= min(others) or (d.end_tick and f >= d.end_tick - 1):
            r.last_progress = self.now

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
        if self.phase != RUNNING or (self.driver is None and self.auth is None):
            return
        if self.auth is not None:  # authority hook: the host's bot plays the seats from its next tick
            for s, o in enumerate(self.owners):
                if o == r.index:
                    self.owners[s], self.dropped[s], self.lost_owner[s] = 0, r.index, (r.token, r.address[0])
                    self.local_seats = sorted(self.local_seats + [s])
                    self._emit(SeatDropped(s, self.sim.tick, r.index))
            return
        d = self.driver
        for s, o in enumerate(self.owners):
            if o != r.index:
                continue
            tick = d.known[s] + 1
            self.owners[s] = 0
            d.fill(s, self.requested_tick)
            self.local_seats = sorted(self.local_seats + [s])
            self.dropped[s] = r.index
            self.lost_owner[s] = (r.token, r.address[0])
            self._emit(SeatDropped(s, tick, r.index))
            self._relay([Item.DROP, s, tick, r.index], but=r)
        for o in self.remotes.values():
            o.dirty = o.urgent = True

    # ------------------------------------------------------------------ running

    def _start(self, seed: int, frame: int = 0, saved: Any = None) -> None:
        """Build the simulation and the driver and run; a late joiner starts at ``frame`` from ``saved``."""
        st, cfg = self.settings, self.config
        self.seed = seed
        self.sim = self.make_sim(st, seed)
        if st.mode == AUTHORITY:  # authority hook (netplay.authority): no driver, no input exchange
            self.auth = HostAuthority(self) if self.role == HOST else JoinerAuthority(self)
            self.local_seats = [s for s, o in enumerate(self.owners) if o == self.index]
            self.period = 1.0 / st.tick_rate
            for r in self.remotes.values():
                r.last_recv = self.now
            self.phase = RUNNING
            self.started_at = self.next_tick_at = self.now
            self._emit(Started(seed, tuple(self.owners), tuple(self.local_seats), 0, self.late))
            return
        cls = RollbackDriver if st.mode == ROLLBACK else LockstepDriver
        self.driver = cls(self.sim, st.seats, self.input_delay, st.window, stats=self.stats, end_tick=st.end_tick,
                          retain=cfg.retain_frames)
        if saved is not None:
            self.driver.start_at(frame, saved)
        self.first_frame = frame
        self.local_seats = [s for s, o in enumerate(self.owners) if o == self.index]
        self.requested_tick = frame + self.input_delay - 1
        self.period = 1.0 / st.tick_rate
        self._send_gap = cfg.send_gap if cfg.send_gap is not None else self._default_send_gap()
        self.relay_now = self.role == HOST and st.mode == ROLLBACK and len(set(self.owners)) > 2
        self.timesync = TimeSync(st.tick_rate)
        self.history = ChecksumHistory(cfg.retain_frames)
        self.history.last_record = frame
        self.detector = DesyncDetector(enabled=cfg.desync_detection)
        for r in self.remotes.values():
            r.acked = [max(frame - 1, self.input_delay - 1)] * st.seats
            r.last_recv = self.now
            r.sums_have = r.sums_acked = r.agreed = frame
        self.phase = RUNNING
        self.started_at = self.now
        self.next_tick_at = self.now
        self._emit(Started(seed, tuple(self.owners), tuple(self.local_seats), frame, saved is not None))

    def _default_send_gap(self) -> float:
        """Rollback between two peers: "nothing" every 2 ticks (it is what the other predicts anyway; half the
        datagrams). A bigger star: a joiner's new input of each tick goes at once (a gap of half a tick: with a
        whole tick, a tick that comes a hair early waited for the next one), and the host relays within half a tick
        (new inputs of another joiner at once: ``relay_now``), because a joiner's input crosses two lossy links
        before the others can confirm it (joiners' stalls halve at 4 peers, 120 ms RTT, 10 % loss). Lockstep:
        within half a tick."""
        if self.settings.mode != ROLLBACK:
            return 0.5
        if len(set(self.owners)) <= 2:  # two peers: no relaying
            return 2.0
        return 0.5

    def _run_ticks(self) -> None:
        d = self.driver
        self._confirm()
        n = 0
        catching = self.catching_up
        limit = self.config.catchup_ticks_per_update if catching else self.config.max_ticks_per_update
        while self.phase == RUNNING and (catching or self.now >= self.next_tick_at) and n < limit:
            self._request_local()
            if d.advance():
                n += 1
                self.stats.ticks += 1
                self._stalled = False
                self.next_tick_at += self.period * (1.0 + self.timesync.slowdown())
                self._confirm()
            elif catching:  # a late joiner simulates whatever has arrived, unpaced
                break
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
        if catching:
            self.next_tick_at = self.now
            if self.phase == RUNNING and d.frame + self.input_delay + 3 >= self.remote_frame > 0:
                self.catching_up = False
                self.timesync = TimeSync(self.settings.tick_rate)  # forget the samples taken while far behind
                self._emit(CaughtUp(d.frame))
                self._claim_at = float("-inf")
        if self.now - self.next_tick_at > 0.25:  # a slow caller or a long stall: drop the debt, never spiral
            self.next_tick_at = self.now - 0.25
        self.stats.frames_ahead = self.timesync.frames_ahead()

    def _request_local(self) -> None:
        d, st = self.driver, self.settings
        t = d.frame + self.input_delay
        if t <= self.requested_tick:
            if not self.seat_from:
                return
            new_slot = False  # a seat taken over may still owe ticks already passed: fill them below
        else:
            self.requested_tick = t
            new_slot = True
        last = min(t, d.end_tick - 1) if d.end_tick else t
        action = False
        added = False
        for s in self.local_seats:
            start = d.known[s] + 1
            if start < self.seat_from.get(s, 0):
                continue  # a seat taken over: the host's inputs for it up to the handover are still on their way
            for tick in range(start, last + 1):  # one tick, except right after taking a seat over
                v = self.input_source(s, tick)
                v = v if type(v) is int and 0 <= v < 65536 else 0
                d.add_input(s, tick, v)
                action = action or v != 0
                added = True
        if not (new_slot or added) or (d.end_tick and t >= d.end_tick and not added):
            return
        if (t + 1) % st.checksum_interval == 0:
            action = True  # the inputs that complete a checksummed frame go at once: desyncs are found sooner
        for r in self._links():
            r.dirty = True
            r.urgent = r.urgent or action

    def _confirm(self) -> None:
        d, st = self.driver, self.settings
        new = False
        for n, snap in d.confirm():
            new = True
            self.history.add(n, snap.checksum)
            end = bool(d.end_tick and n >= d.end_tick) or snap.over
            if n % st.checksum_interval == 0 or end:
                self._share_check(self.history.record(n), final=end)
            if end:
                self._compare_all()
                self._end(n, snap.checksum, "game over" if snap.over else (self.end_reason or "frames"))
                return
        if new:
            self._compare_all()

    def _compare_all(self) -> None:
        for r in list(self.remotes.values()):
            if r.sums_have > r.agreed:
                self._compare_sums(r)

    def _on_sums(self, r: Remote, held: int, start: int, data: bytes) -> None:
        """``r``'s INPUT datagram said it holds our sums up to ``held`` and carried its sums from ``start``."""
        if self.history is None:
            return
        if held > r.sums_acked:
            r.sums_acked = min(held, self.driver.processed)
        last = start + len(data) // 2 - 1
        if last <= r.sums_have:
            return
        if start > r.sums_have + 1:  # frames it will never send again (it started later, or a long outage)
            r.sums_have = start - 1
            r.agreed = max(r.agreed, start - 1)
        for f in range(max(start, r.sums_have + 1), last + 1):
            i = 2 * (f - start)
            r.sums_in[f] = int.from_bytes(data[i:i + 2], "big")
        r.sums_have = last
        if len(r.sums_in) > 4096:  # a peer far ahead of us (a late joiner catching up): keep the oldest
            for f in sorted(r.sums_in)[4096:]:
                del r.sums_in[f]
            r.sums_have = max(r.sums_in)
        self._compare_sums(r)

    def _compare_sums(self, r: Remote) -> None:
        """Compare ``r``'s rolling sums with ours, frame by frame, as far as both are confirmed: the first frame
        that differs is a desync found one datagram after both peers confirmed it (the 30-tick records confirm it
        with the full 64-bit checksum, and cover any frame missed here)."""
        upto = min(r.sums_have, self.driver.processed)
        sums = self.history.sums
        while r.agreed < upto:
            f = r.agreed + 1
            r.agreed = f
            theirs = r.sums_in.pop(f, None)
            mine = sums.get(f)
            if theirs is None or mine is None or (mine & 0xFFFF) == theirs:
                continue
            if self.detector.enabled and r.index not in self.detector.reported:
                self.detector.reported.add(r.index)
                self._desync(r.index, f, f, theirs.to_bytes(2, "big"))

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
        if r.relay:
            return 0.0
        if r.urgent:
            return self.period / 2
        return self.period * (self._send_gap if r.dirty else max(1.0, self._send_gap))

    def _links(self) -> list[Remote]:
        """Every peer we send inputs to: the remotes, and a joiner's direct mesh links."""
        return [*self.remotes.values(), *self.mesh_links.values()]

    def _flush(self) -> None:
        for r in self._links():
            if r.status == GONE or r.bye or (self.role == HOST and not r.started):
                continue
            if r.late and self.role == HOST and self._backlog(r) > 16:
                r.urgent = True  # a late joiner catching up: send its backlog of inputs as fast as it acknowledges
            if self.now >= r.last_send + self._gap(r):
                self._send_input(r)

    def _backlog(self, r: Remote) -> int:
        """Host: ticks of inputs this peer has not acknowledged yet, on the seat it lags most (not its own)."""
        d = self.driver
        return max((d.known[s] - r.acked[s] for s in range(d.seats) if self.owners[s] != r.index), default=0)

    def _send_input(self, r: Remote) -> None:
        d = self.driver
        upto: dict[int, int] = {}  # seat -> last tick to send (a seat taken over: the host's inputs before it)
        if self.role == HOST:
            seats = [s for s in range(d.seats) if self.owners[s] != r.index and self.owners[s] not in r.direct]
            for s, tick in r.handover.items():
                if r.acked[s] + 1 < tick:
                    seats.append(s)
                    upto[s] = tick - 1
        else:
            seats = self.local_seats
        runs = []
        budget = 760
        for s in seats:
            start = r.acked[s] + 1
            last = min(d.known[s], upto.get(s, d.known[s]))
            if start > last or budget <= 40:
                continue
            vals = d.run(s, start, min(MAX_RUN, (budget - 12) // 3, last - start + 1))
            if vals:
                runs.append([s, d.frame - start, vals])
                if self.role == HOST and self.owners[s] != 0:
                    key = (r.index, s)
                    self.relayed_ticks[key] = self.relayed_ticks.get(key, 0) + len(vals)
                budget -= 12 + 3 * len(vals)
        r.sent += 1
        ping = now_ms(self.now) if r.sent % self.config.ping_every == 1 or self.config.ping_every <= 1 else None
        echo = None
        if r.ping_t is not None:
            echo = [r.ping_t, min(600_000, int((self.now - r.ping_at) * 1000))]
            r.ping_t = None
        items: list[list[Any]] = []
        room = SEND_LIMIT - 140 - (760 - budget) - (2 * MAX_SUMS + 12)  # the rolling checksums below
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
        sums = None
        if self.config.desync_detection and self.history is not None and not r.mesh:
            c = d.processed
            start = max(r.sums_acked + 1, c - MAX_SUMS + 1, self.first_frame + 1)
            hs = self.history.sums
            data = b"".join((hs.get(f, 0) & 0xFFFF).to_bytes(2, "big") for f in range(start, c + 1))
            sums = [d.frame - r.sums_have, d.frame - start, data]
        fields = [d.frame, adv, [d.frame - k for k in d.known], runs, ping, echo, base, items, r.log_in, sums]
        while True:
            r.out_seq += 1
            data = seal(MsgType.INPUT, self.sid, self.index, r.out_seq, fields, r.key_out, self.protocol_version)
            if len(data) <= SEND_LIMIT or not (items or runs):
                break
            if items:  # cannot happen with the budgets above; kept as a guard
                del items[len(items) // 2:]
            else:
                del runs[len(runs) // 2:]
        self.transport.send(data, r.address)
        self.stats.sent(self.now, r.index, len(data))
        r.last_send = self.now
        r.dirty = r.urgent = r.relay = False

    def _acks_beyond(self, r: Remote, acks: list[int]) -> bool:
        """Whether ``r`` acknowledges inputs we never had (so never sent) of a seat we send it."""
        d = self.driver
        if self.role == HOST:  # a peer reached directly may hold more of its inputs than we do: clamped, not a lie
            seats = [s for s in range(min(len(acks), d.seats))
                     if self.owners[s] != r.index and self.owners[s] not in r.introduced]
        else:
            seats = [s for s in self.local_seats if s < len(acks)]
        return any(acks[s] > d.known[s] for s in seats)

    def _accepts(self, r: Remote, seat: int) -> bool:
        if seat >= len(self.owners):
            return False
        if self.role == HOST or r.mesh:
            return self.owners[seat] == r.index
        return self.owners[seat] != self.index

    def _on_input(self, r: Remote, f: list[Any]) -> None:
        frame, adv, acks, runs, ping, echo, base, items, lack, sums = f
        d = self.driver
        if self._acks_beyond(r, acks) or lack > len(r.log_out):
            self.stats.reject("ack")  # it says it holds inputs or notices we never sent: a lie, or another match
            return
        for s in range(min(len(acks), d.seats)):
            if acks[s] > r.acked[s]:
                r.acked[s] = min(acks[s], d.known[s]) if self.role == HOST else acks[s]
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
        if self.role == HOST:
            self._progress(r)
        if new and self.role == HOST:  # relay at once: a joiner's input crosses two links before others confirm it
            for o in self.remotes.values():
                if o is not r and r.index not in o.direct:  # a peer reaching r directly has them already
                    o.dirty = True
                    o.urgent = o.urgent or action
                    o.relay = o.relay or (self.relay_now and o.seats != ())
        link = self.stats.link(r.index)
        if echo is not None:
            link.add_rtt((((now_ms(self.now) - echo[0]) & 0xFFFFFFFF) - echo[1]) / 1000.0)
        if ping is not None:
            r.ping_t, r.ping_at = ping, self.now
        if r.mesh:
            return  # pacing, checksums and notices come from the host only
        if self.role == JOIN:
            self.remote_frame = max(self.remote_frame, frame)
        if self.phase == RUNNING and (self.role == JOIN or r.seats):  # spectators never slow the match down
            self.timesync.observe(r.index, frame, adv / 10.0, d.frame, link.rtt)
        if sums is not None and self.config.desync_detection:
            self._on_sums(r, sums[0], sums[1], sums[2])
            if self.done:
                return
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
        if r.mesh:
            return  # the host is the authority: a mesh peer's notices (checks, drops, seats...) count for nothing
        if k == Item.LINK:
            if self.role == HOST and it[1] != r.index:
                self._on_link(r, it[1], it[2])
            return
        if k == Item.INTRO:
            if self.role == JOIN:
                self._on_intro(it)
            return
        if k == Item.CHECK:
            rec = CheckRecord(it[1], it[2], it[3])
            for peer, first, frame in self.detector.add_remote(r.index, rec):
                self._desync(peer, first, frame)
        elif k == Item.CHUNK:
            data = self.assembler.add(it[1], it[2], it[3], it[4], now=self.now, peer=r.index)
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
                self.dropped[seat] = peer
                self._emit(SeatDropped(seat, tick, peer))
                if peer == self.index:
                    self._fail("dropped from the match by the host", FailReason.REMOVED, rejoin=True)
        elif k == Item.SEAT:
            self._on_seat(it[1], it[2], it[3])
        elif k == Item.END:
            self._on_end_notice(it[1])
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

    def _on_seat(self, seat: int, tick: int, peer: int) -> None:
        """Joiner: ``peer`` plays ``seat`` from ``tick`` (a seat taken over), or our claim of it was refused."""
        if seat >= len(self.owners):
            return
        if peer == self.index:
            if seat not in self.local_seats:
                self.owners[seat] = peer
                self.seat_from[seat] = tick
                self.local_seats = sorted(self.local_seats + [seat])
                self.my_seats = tuple(sorted(set(self.my_seats) | {seat}))
                self.dropped.pop(seat, None)
                self.claim_pending.discard(seat)
                self._emit(SeatClaimed(seat, tick, peer))
        elif tick == 0 and seat in self.claim_pending:
            self.claim_pending.discard(seat)
            self._emit(ClaimRefused(seat, "the host does not play that seat for a lost player"))
        elif tick:
            self.owners[seat] = peer
            self.dropped.pop(seat, None)
            self.claim_pending.discard(seat)
            self._emit(SeatClaimed(seat, tick, peer))

    def _on_end_notice(self, frame: int) -> None:
        """Joiner: the host ended the match early; stop at ``frame`` like every peer."""
        d = self.driver
        if d is None or self.end is not None:
            return
        self.end_reason = "ended by the host"
        if not d.end_tick or frame < d.end_tick:
            d.end_tick = frame
        if d.processed >= frame:  # cannot happen when the host chose the frame; end there if the state is still kept
            snap = d.snapshot(frame)
            if snap is not None:
                self._end(frame, snap.checksum, self.end_reason)

    def _desync(self, other: int, first: int, frame: int, low16: bytes = b"") -> None:
        """A checksum record of ``other`` (or its rolling sum ``low16`` of frame ``first``) differs from ours: report
        it, dump, and send our state to ``other``."""
        self.detector.reported.add(other)
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
                              theirs.to_item() if theirs else [frame, 0, low16], local,
                              [list(v) for v in d.input_log()])
            if snap is None:
                dump.notes.append("this peer no longer held its state of that frame")
            dump.remote_state = self.assembler.done.get((other, first))  # it may have sent its state first
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
