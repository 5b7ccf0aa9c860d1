"""A netplay session: one peer of a star (the host, or a joiner) of a tick-simulated match over the network.

API (GGRS's request style: the session never builds nor holds the game). The caller builds its simulation when the
``Started`` event comes (it carries the settings, the fair-deal seed and the seat owners) and, in a host-authoritative
turn game, hands the session its referee (host) or view store (joiner) with ``attach`` (``netplay.authority``'s
``Referee`` / ``ViewStore``); ``netplay.runner.Runner`` is the one loop that does all this. The caller gives:

- ``input_source(seat, tick) -> int``: this peer's input for one of its seats (``Session.local_seats``) for a tick;
  called once per (seat, tick), ``input_delay`` ticks before that tick is simulated.

and then calls ``update(now)`` often (every frame; ``now`` in seconds, from any monotonic clock, real or virtual),
sleeping until ``next_wakeup()`` or a datagram at most. ``update`` reads datagrams, runs the handshake, advances the
ticks that are due (at most ``max_ticks_per_update``; at most one rollback, never deeper than the window), and sends.
It returns the requests (``netplay.requests``) the caller fulfils on its simulation, in order, before the next
``update``: ``AdvanceFrame(frame, inputs)``, ``SaveState(frame, cell)`` (the caller fills the cell with the saved
state, its checksum and whether the game is over there) and ``LoadState(frame, cell)`` (a rollback, a late joiner's
snapshot, the confirmed end frame); ``netplay.requests.fulfil(sim, requests)`` does it for anything with
``save() -> saved``, ``load(saved)``, ``advance(inputs: tuple[int, ...])``, ``checksum() -> int`` and optionally
``is_over() -> bool``; inputs are one small int per seat (0 = nothing, < 65536). The session reads checksums and
"game over" from the filled cells: a frame is confirmed (checksums shared, the end found) at the update after its
state was saved (``next_wakeup()`` asks for that update at once). ``poll_events()`` returns what happened
(``netplay.events``): started, peer interrupted/resumed/dropped, seat claimed, desync, match ended, failed (a typed
``FailReason``). ``driver.confirmed_frame`` says how far the match is certain.

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
host's until the end) and the running phase is ``netplay.authority``'s (the lines marked "authority hook" in the
roles hand it over): no tick driver, no input exchange, no snapshot for late joiners (they get their seat's or the
public view).

LAN browsers' pings: a host answers an unauthenticated PROBE with a PONG no longer than it (lobby or playing, free
seats), at most 20 a second (``netplay.discovery.Prober``).

Roles (GGRS's way: small session types). ``Session`` holds what every role shares: the public read API, the loop
(``update``), sealing and opening datagrams, and (from its parts ``netplay.ticks.TickLoop``,
``netplay.inputs.InputExchange`` and ``netplay.checks.ChecksumExchange``) the tick loop, the silence and timeout
rules, the INPUT datagrams, the notice log, the rolling checksums and desync reports. The roles are
``netplay.host.HostSession`` (with ``netplay.lobby``: the lobby and the fair deal; ``netplay.admission``: key
exchanges, refusals, late joiners' snapshots and claims; itself: relaying, drops, the mesh introductions, the end),
``netplay.joiner.JoinerSession`` (with ``netplay.handshake``: key exchange and deal checks; itself: the lobby roster,
the mesh, the host's notices, claims) and ``netplay.joiner.SpectatorSession`` (a joiner without seats: it may also
join a running match from the host's snapshot and catch up). The phases and field layouts they share are
``netplay.protocol``. ``Session.host`` / ``Session.join`` build them; each role handles its
messages through a dispatch table (``HANDLERS``: message type -> method name; ``ITEMS``: notice kind -> method name),
so a new message is one entry and one method. This module never imports the roles: they register themselves when
defined (``__init_subclass__(kind=...)``) and ``netplay/__init__.py`` imports them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .checks import ChecksumExchange
from .desync import ChecksumHistory, ChunkAssembler, DesyncDetector, DesyncDump
from .endpoint import CONNECTED, GONE, Pending, Remote, _nonce_from
from .events import Desync, EndReason, FailReason, Failed, MatchEnded, NetEvent
from .inputs import InputExchange
from .protocol import DEALING, DONE, FAILED, FINISHING, HELLO, HOST, JOIN, LATE, LOBBY, RUNNING, SPECTATOR
from .requests import Request
from .rollback import TickDriver
from .settings import MatchSettings, SessionConfig
from .stats import NetStats
from .ticks import TickLoop
from .timesync import TimeSync
from .transport import Address, Transport
from .wire import (NO_PEER, PROTOCOL_VERSION, Item, Message, MsgType, RateLimiter, Reason, Rejected, commit_of,
                   normalize_code, open_datagram, seal)

__all__ = ["Session", "PeerInfo", "HOST", "JOIN", "HELLO", "LOBBY", "DEALING", "LATE", "RUNNING", "FINISHING", "DONE",
           "FAILED"]

_ROLES: dict[str, type["Session"]] = {}  # "host", "join", "spectator" -> the class registered for it
_MIXED: dict[tuple[type, str], type] = {}  # (a subclass of Session, role) -> that subclass mixed into the role


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


class Session(TickLoop, InputExchange, ChecksumExchange):
    """One peer of a netplay match. Build with ``Session.host(...)`` or ``Session.join(...)``; see the module doc.

    The base of the role classes: what host, joiner and spectator share. A role class registers itself by its
    ``kind`` (``class HostSession(Session, kind="host")``); the factories build the registered class."""

    role = ""
    HANDLERS: dict[int, str] = {}  # a role's messages: MsgType -> name of its handler method (r, fields)
    ITEMS: dict[int, str] = {Item.CHECK: "_on_check", Item.CHUNK: "_on_chunk"}  # notices: Item -> handler (r, item)

    def __init_subclass__(cls, kind: str | None = None, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if kind is not None:
            _ROLES[kind] = cls

    def __init__(self, transport: Transport, code: str, *, input_source: Callable[[int, int], int],
                 config: SessionConfig | None, now: float,
                 nonce: int | bytes | None, name: str) -> None:
        self.transport = transport
        self.config = config or SessionConfig()
        self.input_source = input_source
        self.name = name[:32]
        self.password = normalize_code(code)
        self.sid = 0
        self.token = b""
        self.index = NO_PEER
        self.phase = HELLO
        self.remotes: dict[int, Remote] = {}
        self._events: list[NetEvent] = []
        self.stats = NetStats(now)
        self.limiter = RateLimiter(self.config.rate_limit, self.config.rate_burst)
        self.now = self.created_at = self._next_resend = now
        self.settings: MatchSettings | None = None
        self.protocol_version = PROTOCOL_VERSION
        self.mesh_links: dict[int, Remote] = {}  # joiner: direct links to other joiners (netplay.mesh)
        self.relayed_ticks: dict[tuple[int, int], int] = {}  # host: (to peer, seat) -> ticks of inputs relayed
        self.nonce = _nonce_from(nonce, self.role.encode() + name.encode())
        self.commit = commit_of(self.nonce)
        self.commits: list[bytes] = []
        self.owners: list[int | None] = []
        self.my_seats: tuple[int, ...] = ()
        self.countdown_until: float | None = None
        self.bots: dict[int, str] = {}  # the host's seats a bot plays: seat -> level (host: set_bots; joiner: ROSTER)
        self.drop_level = "normal"  # host: the level of its bot that takes a dropped seat (told with the drop)
        self.end: MatchEnded | None = None
        self.failure: str | None = None
        self.failure_kind: FailReason | None = None
        self.late = False
        self._init_match(now)

    def _init_match(self, now: float) -> None:
        """The match's state before it starts: simulation, driver, checksums, drops."""
        self.input_delay = 0  # ticks every peer uses: the settings' value, or the host's choice sent with START
        self.seed: int | None = None
        self.driver: TickDriver | None = None
        self.auth: Any = None  # authority mode (turn games): a netplay.authority HostAuthority / JoinerAuthority
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
        self.disconnects = 0
        self.started_at = self.finish_at = 0.0
        self.requested_tick = -1
        self._stalled = False
        self._stall_seen_until = float("-inf")  # tick slots before this time were counted as stalls
        self.dropped: dict[int, int] = {}      # seat -> the peer that lost it (the host plays it; claimable)
        self.seat_from: dict[int, int] = {}    # local seat -> first tick whose input is ours (a seat taken over)
        self.first_frame = 0
        self.catching_up = False  # a late joiner simulating from its snapshot to the live frame
        self.remote_frame = 0
        self.end_reason: EndReason | None = None  # the host ended the match early
        self.fresh_start = False  # ``Started`` was just raised: no tick runs in this update

    # ------------------------------------------------------------------ construction

    @classmethod
    def _role_class(cls, kind: str) -> type["Session"]:
        """The class to build for ``kind``: the registered role class, or ``cls`` if it is one of its subclasses, or
        (a subclass of ``Session`` overriding role methods, e.g. a test's malicious peer) ``cls`` mixed into it."""
        impl = _ROLES.get(kind)
        if impl is None:
            raise RuntimeError(f"no {kind} session registered (netplay/__init__.py imports the role modules)")
        if issubclass(cls, impl):
            return cls
        if issubclass(impl, cls):
            return impl
        if (cls, kind) not in _MIXED:
            _MIXED[cls, kind] = type(cls.__name__, (cls, impl), {"__module__": cls.__module__,
                                                                 "__qualname__": cls.__qualname__})
        return _MIXED[cls, kind]

    @classmethod
    def host(cls, transport: Transport, settings: MatchSettings, remote_seats: list[bool], code: str, *,
             input_source: Callable[[int, int], int],
             config: SessionConfig | None = None, now: float = 0.0, nonce: int | bytes | None = None,
             name: str = "host", auto_start: bool = True, bots: dict[int, str] | None = None) -> "Session":
        """The host of a match (a ``netplay.host.HostSession``): ``remote_seats[i]`` True for a seat a joiner fills,
        False for one of the host's own.

        With ``auto_start`` the deal begins as soon as every seat is filled and every joiner ready; without it, when
        ``start()`` is called (a lobby where the host presses Start). ``bots``: seat -> level of the host's seats a
        bot plays (told to every joiner, see ``set_bots``). Raises SettingsError for bad settings and ValueError if
        ``remote_seats`` does not match ``settings.seats`` or names no remote seat, or ``bots`` names a remote seat."""
        settings = settings.check()
        if len(remote_seats) != settings.seats:
            raise ValueError(f"{len(remote_seats)} seats given, settings say {settings.seats}")
        if not any(remote_seats):
            raise ValueError("a networked match needs at least one remote seat")
        s = cls._role_class(HOST)(transport, code, input_source=input_source, config=config,
                                  now=now, nonce=nonce, name=name)
        s._open_lobby(settings, remote_seats, nonce, auto_start, bots or {})
        return s

    @classmethod
    def join(cls, transport: Transport, host_address: Address, code: str, seats: int, *,
             input_source: Callable[[int, int], int],
             config: SessionConfig | None = None, now: float = 0.0, nonce: int | bytes | None = None,
             accept: Callable[[MatchSettings], str | None] | None = None, expect_digest: bytes = b"",
             name: str = "", protocol_version: int = PROTOCOL_VERSION, auto_ready: bool = True,
             claim: tuple[int, ...] = (), token: bytes | None = None) -> "Session":
        """A joiner asking for ``seats`` seats (1..7) at ``host_address`` (a ``netplay.joiner.JoinerSession``); 0
        seats: a spectator (a ``netplay.joiner.SpectatorSession``).

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
        s = cls._role_class(SPECTATOR if seats == 0 else JOIN)(
            transport, code, input_source=input_source, config=config, now=now, nonce=nonce,
            name=name)
        s._ask(host_address, seats, nonce, accept=accept, expect_digest=expect_digest,
               protocol_version=protocol_version, auto_ready=auto_ready, claim=claim, token=token)
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
                                                      (self.auth.sim.tick if self.auth and self.auth.sim else 0)),
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

    # --- the lobby (the host's and the joiner's own calls are defined by their roles; here what the other does)

    def peers(self) -> list[PeerInfo]:
        """Every peer known here, the host first. The host knows every joiner; a joiner knows what the host's lobby
        roster said (names, ready flags) and, once running, who owns each seat."""
        return []

    def seat_bots(self) -> dict[int, str]:
        """Seat -> level of the seats the host's bots play, as this peer knows it (a joiner: from the lobby roster, and
        for a dropped player's seat from the host's drop notice)."""
        return dict(self.bots)

    def _bots_of(self, peer: int, seats: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
        return tuple((s, self.bots[s]) for s in seats if s in self.bots) if peer == 0 else ()

    def lobby_owners(self) -> list[int | None]:
        """Who owns each seat in the lobby (None: open for a joiner)."""
        return list(self.owners)

    def free_seats(self) -> int:
        return sum(o is None for o in self.owners)

    def countdown_left(self) -> float | None:
        """Seconds left of the lobby countdown, or None."""
        if self.countdown_until is None or self.phase not in (LOBBY, DEALING):
            return None
        return max(0.0, self.countdown_until - self.now)

    def set_ready(self, ready: bool) -> None:
        """Joiner in the lobby: this peer's players are ready (or not any more). Nothing on the host."""

    def request_seats(self, seats: list[int]) -> None:
        """Joiner (a late joiner, or a spectator): ask the host for these dropped seats once caught up (``claim``).
        Nothing on the host."""

    def set_bots(self, levels: dict[int, str]) -> bool:
        """Host in the lobby: which of its own seats a bot plays. False (nothing changed) on a joiner."""
        return False

    def set_open(self, seat: int, open_: bool) -> bool:
        """Host in the lobby: make a seat open for a joiner or the host's own. False on a joiner."""
        return False

    def set_countdown(self, seconds: float | None) -> None:
        """Host in the lobby: show every peer a countdown. Nothing on a joiner."""

    def start_problem(self) -> str | None:
        """Host: why the match cannot start now (open seats, a joiner not ready), or None."""
        return "the lobby is closed"

    def start(self) -> str | None:
        """Host without ``auto_start``: begin the fair deal now. Returns None, or why it cannot start yet."""
        return self.start_problem()

    def drop_peer(self, peer: int, reason: str = "dropped by the host") -> bool:
        """Host, running: give up waiting for ``peer`` now. False on a joiner."""
        return False

    def end_match(self) -> bool:
        """Host, running: end the match for everyone a few ticks from now. False on a joiner."""
        return False

    def kick(self, peer: int, reason: str = "removed by the host") -> bool:
        """Host: send ``peer`` away. False on a joiner."""
        return False

    def allow_claim(self, seat: int, peer: int) -> None:
        """Host: ``peer`` may take dropped ``seat``. Nothing on a joiner."""

    def next_wakeup(self) -> float:
        """The latest time ``update`` should next be called if no datagram arrives (seconds)."""
        if self.done:
            return float("inf")
        cfg = self.config
        t = self._wakeup()
        if self.phase in (HELLO, LOBBY, DEALING, LATE) or self._awaiting_start():
            t = min(t, self._next_resend)
        if self.phase == RUNNING:
            t = min(t, max(self.next_tick_at, self._stall_seen_until) if self._stalled else self.next_tick_at)
            if self.driver is not None and self.driver.confirmable():
                t = min(t, self.now)  # the caller filled the snapshots of confirmed frames: read them at once
        if self.phase in (RUNNING, FINISHING):
            for r in self.remotes.values():
                if r.status == GONE or r.bye:
                    continue
                t = min(t, self._heard(r) + cfg.timeout)
                if self._live(r) and self.auth is None:
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
        elif self.phase == HELLO:
            t = min(t, self.created_at + cfg.timeout)
        return max(t, self.now)

    def attach(self, sim: Any) -> None:
        """A host-authoritative turn game, after ``Started``: the caller's referee (host: ``netplay.authority.Referee``)
        or view store (joiner, spectator: ``netplay.authority.ViewStore``), which the running phase drives; nothing is
        simulated before it is attached. Raises RuntimeError in another mode or before the start."""
        if self.auth is None:
            raise RuntimeError("attach: not a started host-authoritative match")
        self.auth.attach(sim)

    def request_failed(self, error: BaseException) -> None:
        """The caller could not fulfil a request of the last ``update``: its simulation raised ``error``. This peer
        cannot go on: it says goodbye and fails (``Failed``) with a typed reason: ``BAD_SNAPSHOT`` when it was a late
        joiner's start from the host's snapshot (the host sent a state this game cannot load), else ``OTHER``."""
        d = self.driver
        from_snapshot = self.late and d is not None and d.processed == d.base
        if from_snapshot:
            reason, kind = f"the host's snapshot could not be loaded ({type(error).__name__})", FailReason.BAD_SNAPSHOT
        else:
            reason, kind = f"the simulation failed ({type(error).__name__}: {error})"[:200], FailReason.OTHER
        self.close("failed")
        self.driver = None
        self._fail(reason, kind)

    def close(self, reason: str = "left") -> None:
        """Leave politely (BYE to every peer still there) and stop. The transport stays open (the caller's)."""
        if not self.done:
            for r in self.remotes.values():
                if r.status != GONE and r.key_out:
                    self._send(r, MsgType.BYE, [int(Reason.LEFT), reason[:200]])
            self.phase = DONE

    # --- what a role adds (hooks)

    def _wakeup(self) -> float:
        """A role's own next deadline (seconds), if any."""
        return float("inf")

    def _awaiting_start(self) -> bool:
        """Host: a peer has not started yet (START or the snapshot is still resent)."""
        return False

    def _live(self, r: Remote) -> bool:
        """Whether INPUT datagrams go to ``r`` (the host waits until a joiner has started)."""
        return True

    def _on_message(self, msg: Message, address: Address) -> None:
        """A role's handling of one valid datagram (after the AEAD, the schema and the rate limit)."""
        raise NotImplementedError

    def _on_rejected(self, e: Rejected, address: Address) -> None:
        """A datagram from ``address`` failed validation (``e.reason``); already counted in the stats."""

    def _known_address(self, address: Address) -> bool:
        """A peer (or a key exchange) at this address: its datagrams are authenticated before they count."""
        return False

    def _key_for(self, address: Address) -> Callable[[int, int, int], bytes | None]:
        """The key that opens a datagram from ``address`` with that header (type, session id, peer), or None."""
        return lambda mtype, sid, peer: None

    def _open_types(self) -> tuple[int, ...]:
        """The message types this peer reads open (unsealed) now."""
        return ()

    def _dispatch(self, r: Remote, msg: Message) -> None:
        """Hand a message from peer ``r`` to the role's handler for its type (``HANDLERS``)."""
        handler = self.HANDLERS.get(msg.type)
        if handler is None:
            self.stats.reject("unexpected")
            return
        getattr(self, handler)(r, msg.fields)

    # ------------------------------------------------------------------ the loop

    def update(self, now: float) -> list[Request]:
        """Read datagrams, run the handshake and timers, advance the ticks due, and send. Never blocks.

        Returns the requests (``netplay.requests``: save, load, advance) the caller must fulfil on its simulation,
        in order, before the next ``update`` (empty in the lobby and in authority mode)."""
        self._update(now)
        d = self.driver
        return d.take_requests() if d is not None and d.requests else []

    def _update(self, now: float) -> None:
        self.now = now
        if self.done:
            self.transport.receive()
            return
        for data, address in self.transport.receive():
            self._on_datagram(data, address)
            if self.done:
                return
        self._timers()
        if self.fresh_start:  # the caller builds its simulation at ``Started`` before the first tick is asked for
            self.fresh_start = False
            return
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

    # ------------------------------------------------------------------ receiving

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
            self._on_rejected(e, address)
            return
        if known and not self.limiter.allow(address, self.now):
            self.stats.reject("rate")
            return
        self._on_message(msg, address)

    def _accept_seq(self, r: Remote, msg: Message) -> bool:
        if not r.window.fresh(msg.seq):
            self.stats.reject("replay")
            return False
        r.window.accept(msg.seq)
        self.stats.received(self.now, r.index, msg.seq, msg.size)
        return True

    # ------------------------------------------------------------------ timers

    def _timers(self) -> None:
        """A role's timeouts and resends, once an update."""
        raise NotImplementedError
