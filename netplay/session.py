"""A netplay session: one peer of a star (the host, or a joiner) of a tick-simulated match over the network.

API (GGRS's request style: the session never builds nor holds the game). The caller builds its simulation when the
``Started`` event comes (it carries the settings, the fair-deal seed and the seat owners) and, in a host-authoritative
turn game, hands the session its referee (host) or view store (joiner) with ``attach`` (``netplay.authority``'s
``Referee`` / ``ViewStore``); ``netplay.runner.Runner`` is the one loop that does all this. The caller gives:

- ``input_source(seat, tick) -> int``: this peer's input for one of its seats (``Session.local_seats``) for a tick;
  called once per (seat, tick), ``input_delay`` ticks before that tick is simulated.

and then calls ``update(now)`` often (once per pass of its loop; ``now`` in seconds, from any monotonic clock, real
or virtual), sleeping until ``next_wakeup()`` or a datagram at most. ``update`` reads datagrams, runs the handshake,
advances the ticks that are due (at most ``max_ticks_per_update``; at most one rollback, never deeper than the
window), and sends.
It returns the requests (``netplay.requests``) the caller fulfils on its simulation, in order, before the next
``update``: ``AdvanceTick(tick, inputs)``, ``SaveState(tick, cell)`` (the caller fills the cell with the saved
state, its checksum and whether the game is over there) and ``LoadState(tick, cell)`` (a rollback, a late joiner's
snapshot, the confirmed end tick); ``netplay.requests.fulfil(sim, requests)`` does it for anything with
``save() -> saved``, ``load(saved)``, ``advance(inputs: tuple[int, ...])``, ``checksum() -> int`` and optionally
``is_over() -> bool``; inputs are one small int per seat (0 = nothing, < 65536). The session reads checksums and
"game over" from the filled cells: a tick is confirmed (checksums shared, the end found) at the update after its
state was saved (``next_wakeup()`` asks for that update at once). ``poll_events()`` returns what happened
(``netplay.events``): started, peer interrupted/resumed/dropped, seat claimed, desync, match ended, failed (a typed
``FailReason``). ``driver.confirmed_tick`` says how far the match is certain.

Protocol (``netplay.wire`` has the datagram format, ``netplay.messages`` every message's fields):

1. Handshake (keys). A joiner sends HELLO, open: its SPAKE2 message (the join code as the password), a hello nonce,
   the seats it wants and optionally the settings digest it expects. The host refuses what it can without a key
   (protocol version, settings, full, already started, too many spectators or too many wrong codes from that
   address: REFUSE_OPEN, never longer than the HELLO); else, before keeping anything or doing any SPAKE2 work, it
   answers a stateless COOKIE (a MAC of the address and nonce under a secret of the minute) that the joiner's next
   HELLO carries, so a spoofed address gets nothing held for it; then KEYX: a fresh random 64-bit session id, its
   own SPAKE2 message and a key confirmation. At most ``exchanges_per_address`` (2) exchanges are held per address,
   32 in all, each given up after the handshake's limit. Both sides derive the per-peer key pair
   (``wire.peer_keys``); from then on every datagram between them is sealed (ChaCha20-Poly1305) and padded to a
   multiple of 32 bytes. A joiner keeps a KEYX only if its confirmation proves the host derived its key (a wrong
   code, or a forged KEYX, does not confirm); its first sealed datagram, JOIN, carries its fair-deal commit, name
   and player token. An exchange that never brings a good JOIN is a failed guess: counted against the (validated)
   address (``SessionConfig.join_tries`` a minute, then "too many tries", with a ``Notice`` on the host) and against
   the join code: after ``code_tries`` (3) the code changes (``CodeChanged``). A refusal that is not sealed (anyone
   could forge one) is believed only if nothing confirmed comes before the joiner's handshake limit
   (``hello_timeout``). The host answers WELCOME: the joiner's peer index and seats (the first free remote seats),
   the settings and their digest. The joiner checks the settings (``accept``), then sends READY with the digest,
   its ready flag and its fair-deal commit.
2. Fair deal. When every seat is filled and ready, the host sends the commits (blake2b of a 32-byte nonce) of itself
   and of every peer that owns a seat; each joiner refuses a list with an all-zero commit, or without its own; each
   reveals its nonce; the host checks each against its commit and sends START with every nonce. A joiner checks
   every nonce against its commit and that the list names exactly the host and the seats' owners (no phantom). The
   seed is blake2b of those nonces in peer order, so no peer chooses the shuffle; it never travels in clear. A
   commitment once seen is binding: the host's commit never changes; once a joiner revealed, the list it revealed
   against may not change and START must come within the timeout; a deal is started over only when a player left
   (at most 3 times), every joiner then with a fresh nonce (``netplay.fairdeal``); anything else ends in "This match
   was not dealt fairly" (``FailReason.UNFAIR_DEAL``).
3. Inputs. Every INPUT datagram carries the sender's unacknowledged inputs (per seat, up to 64 ticks, a stretch of
   "nothing" as one number), its per-seat acks, its tick and ticks-ahead estimate, an RTT ping/echo, and a reliable
   notice log (checksum records, seat drops, desync notices, peer status, state chunks, the final notice; each sent
   in two datagrams in a row, then again after an RTO until acknowledged), and the rolling checksums: the low 16
   bits of the checksum of each confirmed tick the receiver does not yet say it holds (at most 32, with what it
   holds of ours), so a desync is found one datagram after both sides confirmed the first differing tick, well
   before the 30-tick record; the host relays its DESYNC notice at once. The host relays every seat's inputs to
   every joiner that does not get them directly (the mesh). Cadence (``SessionConfig.send_gap``): an action, a
   notice, or the inputs completing a checksummed tick go at once; "nothing" inputs every 2 ticks between two peers
   in rollback (that is what the other predicts anyway), every tick from a joiner in a bigger star, where the host
   sends each joiner one datagram a tick with every seat's new inputs; within half a tick in lockstep. Wrong or
   unauthenticated datagrams never get an answer (except the rate-limited cookie and refusals in the lobby, never
   longer than the request), so the host cannot be used to amplify traffic.
4. Disconnects. Silent for ``interrupt_after`` (0.5 s): "interrupted"; for ``timeout`` (5 s): "disconnected" (on the
   host, a joiner that keeps sending while its inputs stop advancing, and the match waits for them, counts as
   silent: "withheld its inputs"; one that makes the match wait more than ``stall_budget`` s in all over
   ``stall_window`` s is lost too: "made the match wait too long"). Acks of inputs or notices never sent are refused
   whole. The host drops the lost peer's seats at the tick after the last input it has of them (so no peer can have
   seen more) and relays that tick; every peer applies it identically; the host plays the seats from then on (ask
   ``input_source``; a bot), so the match goes on.
5. End. When the confirmed state is over (or ``end_tick`` is reached) every peer stops at that tick, exchanges the
   final checksum, and the host sends FINAL; joiners say BYE. ``MatchEnded`` is raised at the end tick.
   ``end_match()`` (host) ends early: an END notice names a tick past every input anyone may hold, and every peer
   stops there (reason "ended by the host"). ``drop_peer(i)`` (host) gives up on a silent peer before the timeout.

The lobby under the players' control (LAN menus): ``Session.host(..., auto_start=False)`` deals only when ``start()``
is called (``start_problem()`` says why not yet: open seats, joiners not ready); ``set_open(seat, open)`` turns a
seat between open-for-a-joiner and the host's own; ``set_countdown(s)`` shows every peer a countdown.
``Session.join(..., auto_ready=False)`` is ready only after ``set_ready(True)`` (READY carries the flag). The host
sends each joiner the ROSTER (names, ready flags, seat owners, countdown) on every change and twice a second, so
``peers()`` and ``countdown_left()`` read the same on every peer.

Late joiners. ``Session.join(..., seats=0)`` is a spectator: in the lobby it starts with everyone; once the match
runs, the host welcomes it with no seat and sends it SNAP chunks of its state at the last checksummed confirmed
tick (``SessionConfig.snapshot_state`` / ``load_snapshot`` turn saved states into bytes and back; the snapshot is
acknowledged chunk by chunk with SNAPACK). The spectator starts its driver there (``Started.late``), receives the
inputs since that tick in its INPUT datagrams (the host sends a backlog as fast as it is acknowledged), simulates
them unpaced (``catchup_ticks_per_update``) and raises ``CaughtUp`` when it is within a few ticks of the host. The
host's time sync ignores peers that own no seat. A late joiner with ``claim=(seats...)`` then sends CLAIM: each
claimed seat that the host plays since a drop (``dropped``) is handed over at the tick after the last input the
host made for it, relayed to everyone as a SEAT notice (``SeatClaimed``); the host keeps sending the claimant its own
inputs of that seat before the handover; a seat that was not dropped, or that another player lost (a claim is granted
to the same player token, never merely the same address, or by the host's choice: ``allow_claim``,
``seat_claims="any"``; with ``seat_claims="ask"`` another player's claim is put to the host: ``ClaimAsked``), is
refused to the claimant alone (``ClaimRefused``). So a dropped player rejoins their seat, and every peer agrees on
who played which tick. A snapshot is used only if its game id, rules version and digest match. ``kick(peer)`` sends
a joiner or spectator away; at most ``spectators_per_address`` spectators come from one IP address.

Host-authoritative turn games (``MatchSettings.mode == "authority"``): the handshake, lobby, fair-deal commits,
disconnects, drops, claims and kicks are as above, but START names the commits (no nonce: the seed stays the
host's until the end) and the running phase is ``netplay.authority``'s (``session.auth``, built at the start): no
tick driver, no input exchange, no snapshot for late joiners (they get their seat's or the public view).

LAN browsers' pings: a host answers an unauthenticated PROBE with a PONG no longer than it (lobby or playing, free
seats), at most 20 a second (``netplay.discovery.Prober``).

Composition (GGRS's ``P2PSession``: a session owns a sync layer, its players' endpoints and an event queue). The
three session types, ``HostSession``, ``JoinerSession`` and ``SpectatorSession`` (this module; ``Session.host`` /
``Session.join`` build them), are each made of parts they own, built in their constructor from a ``HostParts`` /
``JoinerParts`` (a test replaces one part with a lying one there):

- every role: the endpoints (``netplay.endpoint.Remote``: keys, sequence, replay window, acks, the notice log) with
  the receive path and the ``Router`` (each part registers bound methods for the typed messages and notices of
  ``netplay.messages`` it owns), the tick loop (``netplay.ticks.TickLoop``: driver, time sync, stalls, the end), the
  INPUT datagrams and notice log (``netplay.inputs.InputExchange``), desync detection (``netplay.checks``), silence
  and drops (``netplay.drops``), and in a turn game the running phase of ``netplay.authority``;
- the host: its role (``netplay.host.HostRole``: which datagrams it reads, timers, the end), the lobby
  (``netplay.lobby.HostLobby``), admissions (``netplay.admission``: key exchanges, refusals, wrong codes, probes),
  the fair deal (``netplay.fairdeal.HostDeal``), late joiners' snapshots and claims (``netplay.latejoin``) and the
  relay (``netplay.relay``: which inputs go to whom, notices to everyone, the mesh introductions);
- a joiner: its role (``netplay.joiner.JoinerRole``), the handshake (``netplay.handshake``), the lobby as the host's
  roster tells it (``netplay.lobby.Roster``), the deal checks (``netplay.fairdeal.JoinerDeal``), the mesh links
  (``netplay.mesh.MeshLinks``) and claims (``netplay.latejoin.Claims``); a spectator adds the snapshot it may start
  from (``netplay.latejoin.SnapshotReceiver``).

``Session`` itself holds what the parts share (clock, settings, seat owners, events, stats, endpoints) and the
public API; it never builds nor holds the game. Its phase has one owner, ``netplay.phase.Phases``: a part changes it
with ``session.enter(phase)`` along ``PHASE_STEPS`` (any other step raises ``IllegalPhase``). Each part reads the
session through a small ``typing.Protocol`` of its own module (``HostDealSession``...), and keeps what it knows of
each peer in its own record on that peer's ``Remote`` (``r.deal``, ``r.sums``...), written by that part alone.
``docs/architecture.md`` walks one datagram through these files.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Callable

from .admission import Admission
from .authority import HostAuthority, JoinerAuthority
from .checks import ChecksumExchange
from .drops import HostDrops, JoinerPresence
from .endpoint import GONE, Pending, ReceivePath, Remote, Router, nonce_from
from .events import FailReason, Failed, MatchEnded, NetEvent
from .fairdeal import HostDeal, JoinerDeal
from .handshake import Handshake
from .host import HostRole
from .inputs import InputExchange, JoinerRouting
from .joiner import JoinerRole
from .latejoin import Claims, LateJoiners, SnapshotReceiver
from .lobby import HostLobby, PeerInfo, Roster
from .mesh import MeshLinks
from .phase import Phases
from .messages import NO_PEER, Bye, Msg, Reason
from .protocol import DEALING, DONE, FAILED, FINISHING, HELLO, HOST, JOIN, LATE, LOBBY, RUNNING
from .relay import Relay
from .requests import Request
from .settings import MatchSettings, SessionConfig
from .stats import NetStats
from .ticks import TickLoop
from .transport import Address, Transport
from .wire import PROTOCOL_VERSION, RateLimiter, commit_of, normalize_code

__all__ = ["Session", "HostSession", "JoinerSession", "SpectatorSession", "HostParts", "JoinerParts", "PeerInfo",
           "HOST", "JOIN", "HELLO", "LOBBY", "DEALING", "LATE", "RUNNING", "FINISHING", "DONE", "FAILED"]


@dataclass(frozen=True)
class HostParts:
    """The classes a host is made of (each built with the session: ``Part(session)``); a test replaces one with a
    lying subclass (``Session.host(..., parts=HostParts(deal=ZeroCommitDeal))``)."""

    role: type = HostRole
    authority: type = HostAuthority
    lobby: type = HostLobby
    admission: type = Admission
    deal: type = HostDeal
    late: type = LateJoiners
    relay: type = Relay
    presence: type = HostDrops
    sync: type = TickLoop
    inputs: type = InputExchange
    checks: type = ChecksumExchange


@dataclass(frozen=True)
class JoinerParts:
    """The classes a joiner (or spectator) is made of; see ``HostParts``."""

    role: type = JoinerRole
    authority: type = JoinerAuthority
    handshake: type = Handshake
    roster: type = Roster
    deal: type = JoinerDeal
    mesh: type = MeshLinks
    claims: type = Claims
    snapshot: type = SnapshotReceiver
    presence: type = JoinerPresence
    sync: type = TickLoop
    inputs: type = InputExchange
    checks: type = ChecksumExchange


class _Of:
    """A read-only attribute of one of the session's parts (``driver = _Of("sync.driver")``): the public API reads
    it on the session."""

    def __init__(self, path: str) -> None:
        self.get = attrgetter(path)

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        return self if obj is None else self.get(obj)


class Session:
    """One peer of a netplay match. Build with ``Session.host(...)`` (a ``HostSession``) or ``Session.join(...)`` (a
    ``JoinerSession``, or a ``SpectatorSession`` for 0 seats); see the module doc.

    What every role shares: the clock (``now``), ``phase``, ``settings``, seat owners, this peer's seats, the events,
    the stats, the endpoints (``remotes``), the public API, and the parts every role has (``sync``, ``inputs``,
    ``checks``, ``presence``; ``auth`` in a host-authoritative turn game once started)."""

    role = ""

    def __init__(self, transport: Transport, code: str, *, input_source: Callable[[int, int], int],
                 config: SessionConfig | None, now: float, nonce: int | bytes | None, name: str, parts: Any) -> None:
        self.transport = transport
        self.config = config or SessionConfig()
        self.input_source = input_source
        self.name = name[:32]
        self.password = normalize_code(code)
        self.sid = 0
        self.token = b""
        self.index = NO_PEER
        self.phases = Phases(self.role)  # HELLO; ``enter(phase)`` (netplay.phase) alone changes it
        self.enter = self.phases.enter
        self.remotes: dict[int, Remote] = {}
        self._events: list[NetEvent] = []
        self.stats = NetStats(now)
        self.now = self.created_at = self.next_resend = now
        self.settings: MatchSettings | None = None
        self.protocol_version = PROTOCOL_VERSION
        self.nonce = nonce_from(nonce, self.role.encode() + name.encode())  # the fair deal's
        self.commit = commit_of(self.nonce)
        self.owners: list[int | None] = []
        self.my_seats: tuple[int, ...] = ()
        self.local_seats: list[int] = []   # the seats this peer plays now (asks ``input_source`` for)
        self.dropped: dict[int, int] = {}  # seat -> the peer that lost it (the host plays it; claimable)
        self.bots: dict[int, str] = {}  # the host's seats a bot plays: seat -> level (host: set_bots; joiner: ROSTER)
        self.drop_level = "normal"  # host: the level of its bot that takes a dropped seat (told with the drop)
        self.countdown_until: float | None = None
        self.seed: int | None = None
        self.end: MatchEnded | None = None
        self.failure: str | None = None
        self.failure_kind: FailReason | None = None
        self.late = False
        self.disconnects = 0
        self.auth: HostAuthority | JoinerAuthority | None = None  # a turn game's running phase (netplay.authority)
        # host, a turn game: ``stand_in(seat, tick) -> int``, a clock ran out (netplay.turnclock; None: input_source)
        self.stand_in: Callable[[int, int], int] | None = None
        self.parts = parts
        self.router = Router(self.stats)
        self.role_part = parts.role(self)
        self.receive = ReceivePath(self.role_part, RateLimiter(self.config.rate_limit, self.config.rate_burst),
                                   self.stats, self.router)
        self.sync: TickLoop = parts.sync(self)
        self.inputs: InputExchange = parts.inputs(self)
        self.checks: ChecksumExchange = parts.checks(self)
        self.presence = parts.presence(self)

    # ------------------------------------------------------------------ construction

    @classmethod
    def host(cls, transport: Transport, settings: MatchSettings, remote_seats: list[bool], code: str, *,
             input_source: Callable[[int, int], int],
             config: SessionConfig | None = None, now: float = 0.0, nonce: int | bytes | None = None,
             name: str = "host", auto_start: bool = True, bots: dict[int, str] | None = None,
             parts: HostParts = HostParts()) -> "HostSession":
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
        s = HostSession(transport, code, input_source=input_source, config=config, now=now, nonce=nonce, name=name,
                        parts=parts)
        s.open_lobby(settings, remote_seats, nonce, auto_start, bots or {})
        return s

    @classmethod
    def join(cls, transport: Transport, host_address: Address, code: str, seats: int, *,
             input_source: Callable[[int, int], int],
             config: SessionConfig | None = None, now: float = 0.0, nonce: int | bytes | None = None,
             accept: Callable[[MatchSettings], str | None] | None = None, expect_digest: bytes = b"",
             name: str = "", protocol_version: int = PROTOCOL_VERSION, auto_ready: bool = True,
             claim: tuple[int, ...] = (), token: bytes | None = None,
             parts: JoinerParts = JoinerParts()) -> "JoinerSession":
        """A joiner asking for ``seats`` seats (1..7) at ``host_address`` (a ``JoinerSession``); 0 seats: a
        spectator (a ``SpectatorSession``).

        A spectator joining in the lobby starts with everyone; one joining a running match (a *late joiner*) gets
        the host's snapshot of a confirmed tick and the inputs since, catches up faster than real time (``CaughtUp``)
        and then follows live. A late joiner with ``claim`` asks, once caught up, to take over those seats if the
        host plays them after a drop (a player rejoining): ``SeatClaimed`` or ``ClaimRefused``.

        ``accept(settings)`` may return a reason to refuse the host's settings (e.g. unknown game, other rules
        version); ``expect_digest`` (from LAN discovery) makes the host refuse if its settings differ. Without
        ``auto_ready`` the joiner is ready only after ``set_ready(True)``. ``protocol_version`` exists for tests of
        the version check. ``token`` (16 bytes) identifies this player to the host across reconnections (keep
        ``session.token`` to rejoin a dropped seat from another machine); a fresh one by default."""
        if not 0 <= seats <= 7:
            raise ValueError("a joiner takes 0..7 seats")
        s = (SpectatorSession if seats == 0 else JoinerSession)(
            transport, code, input_source=input_source, config=config, now=now, nonce=nonce, name=name, parts=parts)
        s.handshake.ask(host_address, seats, accept=accept, expect_digest=expect_digest,
                        protocol_version=protocol_version, auto_ready=auto_ready, claim=claim, token=token)
        return s

    # ------------------------------------------------------------------ what the parts keep, read here

    driver = _Of("sync.driver")
    timesync = _Of("sync.timesync")
    input_delay = _Of("sync.input_delay")
    first_tick = _Of("sync.first_tick")
    catching_up = _Of("sync.catching_up")
    remote_tick = _Of("sync.remote_tick")
    seat_from = _Of("sync.seat_from")
    started_at = _Of("sync.started_at")
    reported_pairs = _Of("checks.reported_pairs")
    desyncs = _Of("checks.desyncs")
    assembler = _Of("checks.assembler")

    @property
    def mesh_links(self) -> dict[int, Remote]:
        """Joiner: its direct links to other joiners (the mesh), by peer index; none on the host."""
        return {}

    @property
    def relayed_ticks(self) -> dict[tuple[int, int], int]:
        """Host: (to peer, seat) -> ticks of inputs relayed; none on a joiner."""
        return {}

    relayed_peers = _Of("role_part.relayed_peers")  # the players whose inputs go through the host (rollback)

    phase = _Of("phases.phase")  # netplay.phase: changed by ``enter`` alone

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
        """The confirmed inputs from tick 0 (up to the end tick once ended)."""
        d = self.sync.driver
        if d is None:
            return []
        return d.input_log(self.end.tick if self.end else None)

    def summary(self) -> dict[str, Any]:
        """Figures of the match for a JSON summary (``match_summary``)."""
        return match_summary(self)

    @property
    def deal_restarts(self) -> int:
        """How many times this match's deal was started over (a player left after it began), the same on every peer
        (``HostDeal.times_over`` / ``JoinerDeal.times_over``)."""
        deal = getattr(self, "deal", None)
        return deal.times_over() if deal is not None else 0

    def clock_left(self) -> dict[int, float]:
        """A turn game: seat -> seconds its turn clock has left (0: ran out, the host's bot is moving); empty when
        nobody's clock is shown (``netplay.turnclock``)."""
        auth = self.auth
        return auth.clock_left() if auth is not None and self.phase == RUNNING and self.end is None else {}

    # --- the lobby (the host's and the joiner's own calls are the session types'; here the defaults)

    def peers(self) -> list[PeerInfo]:
        """Every peer known here, the host first. The host knows every joiner; a joiner knows what the host's lobby
        roster said (names, ready flags) and, once running, who owns each seat."""
        return []

    def seat_bots(self) -> dict[int, str]:
        """Seat -> level of the seats the host's bots play, as this peer knows it (a joiner: from the lobby roster, and
        for a dropped player's seat from the host's drop notice)."""
        return dict(self.bots)

    def bots_of(self, peer: int, seats: tuple[int, ...]) -> tuple[tuple[int, str], ...]:
        """``(seat, level)`` of those of ``peer``'s ``seats`` a bot of the host plays."""
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

    def refuse_claim(self, seat: int, peer: int) -> None:
        """Host: ``peer``'s claim of ``seat`` (``ClaimAsked``) is refused. Nothing on a joiner."""

    def next_wakeup(self) -> float:
        """The latest time ``update`` should next be called if no datagram arrives (seconds)."""
        if self.done:
            return float("inf")
        cfg, sync, role = self.config, self.sync, self.role_part
        t = role.wakeup()
        if self.phase in (HELLO, LOBBY, DEALING, LATE) or role.awaiting_start():
            t = min(t, self.next_resend)
        if self.phase == RUNNING:
            t = min(t, sync.wakeup())
            if sync.driver is not None and sync.driver.confirmable():
                t = min(t, self.now)  # the caller filled the snapshots of confirmed ticks: read them at once
        if self.phase in (RUNNING, FINISHING):
            t = min(t, self.presence.wakeup(), self.inputs.wakeup())
            if self.phase == FINISHING:
                t = min(t, sync.finish_at + cfg.timeout)
                if self.auth is not None:  # a turn game's reveal is resent (no ticks any more)
                    t = min(t, self.now + 0.05)
        elif self.phase == HELLO:
            t = min(t, self.created_at + (cfg.timeout if cfg.hello_timeout is None else cfg.hello_timeout))
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
        d = self.sync.driver
        if self.late and d is not None and d.processed == d.base:
            reason, kind = f"the host's snapshot could not be loaded ({type(error).__name__})", FailReason.BAD_SNAPSHOT
        else:
            reason, kind = f"the simulation failed ({type(error).__name__}: {error})"[:200], FailReason.OTHER
        self.close("failed")
        self.sync.driver = None
        self.fail(reason, kind)

    def close(self, reason: str = "left") -> None:
        """Leave politely (BYE to every peer still there) and stop. The transport stays open (the caller's)."""
        if not self.done:
            for r in self.remotes.values():
                if r.status != GONE and r.key_out:
                    self.send(r, Bye(Reason.LEFT, reason[:200]))
            self.enter(DONE)

    # ------------------------------------------------------------------ the loop

    def update(self, now: float) -> list[Request]:
        """Read datagrams, run the handshake and timers, advance the ticks due, and send. Never blocks.

        Returns the requests (``netplay.requests``: save, load, advance) the caller must fulfil on its simulation,
        in order, before the next ``update`` (empty in the lobby and in authority mode)."""
        self._update(now)
        d = self.sync.driver
        return d.take_requests() if d is not None and d.requests else []

    def _update(self, now: float) -> None:
        self.now = now
        if self.done:
            self.transport.receive()
            return
        for data, address in self.transport.receive():
            self.receive.take(data, address, now)
            if self.done:
                return
        self.role_part.timers()
        sync = self.sync
        if sync.fresh_start:  # the caller builds its simulation at ``Started`` before the first tick is asked for
            sync.fresh_start = False
            return
        if self.auth is not None:  # a turn game: the running phase is netplay.authority's
            if self.phase in (RUNNING, FINISHING):
                self.auth.update()
            return
        if self.phase == RUNNING:
            sync.run_ticks()
        if self.phase in (RUNNING, FINISHING):
            self.role_part.finishing()
            if self.phase in (RUNNING, FINISHING):
                self.inputs.flush()

    # ------------------------------------------------------------------ what the parts call

    def emit(self, ev: NetEvent) -> None:
        """Raise an event (stamped with the session time)."""
        ev.at = self.now
        self._events.append(ev)

    def fail(self, reason: str, kind: FailReason = FailReason.OTHER, **facts: Any) -> None:
        """This peer cannot go on: phase FAILED and a ``Failed`` event (once)."""
        if self.phase != FAILED:
            self.enter(FAILED)
            self.failure = reason
            self.failure_kind = kind
            self.emit(Failed(reason, kind, facts))

    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None:
        """Seal ``msg`` for ``r`` (its outgoing key, its next sequence number) and send it; ``open_`` for HELLO."""
        data = r.seal(msg, self.sid if sid is None else sid, self.index, self.protocol_version, open_)
        self.transport.send(data, r.address)
        if isinstance(r, Remote):
            self.stats.sent(self.now, r.index, len(data))
            r.last_send = self.now
        else:
            self.stats.sent(self.now, None, len(data))

    def make_authority(self) -> HostAuthority | JoinerAuthority:
        """The running phase of a host-authoritative turn game for this role (its ``authority`` part)."""
        return self.parts.authority(self)

    def caught_up(self) -> None:
        """A late joiner has caught up with the live match."""


def match_summary(s: Session) -> dict[str, Any]:
    """Figures of ``s``'s match for a JSON summary (ticks, final checksum, desyncs, rollbacks, bytes, the
    deal's verdict...): ``Session.summary``."""
    st, d, auth = s.stats, s.sync.driver, s.auth
    return {
        "game": s.settings.game if s.settings else None,
        "ticks": s.end.tick if s.end else (d.processed if d else (auth.sim.tick if auth and auth.sim else 0)),
        "final_checksum": s.end.checksum if s.end else None,
        "desyncs": len(s.checks.reported_pairs),
        "rollbacks": st.rollbacks,
        "max_rollback": st.max_rollback,
        "stalls": st.stalls,
        "bytes_sent": st.bytes_sent,
        "bytes_received": st.bytes_received,
        "disconnects": s.disconnects,
        "seed": s.seed,
        "input_delay": s.sync.input_delay,
        "mesh_up": sorted(p for p, link in s.mesh_links.items() if link.mesh_link.up),
        "relayed_ticks": sum(s.relayed_ticks.values()),
        "peer": s.index,
        "end_reason": s.end.reason if s.end else s.failure,
        "deal": s.end.deal if s.end else None,
        "deal_restarts": s.deal_restarts,
        "turn_timeouts": getattr(getattr(auth, "clock", None), "timeouts", 0),
    }


class HostSession(Session):
    """The host: peer 0 of the star. Build with ``Session.host(...)``; made of ``HostParts``."""

    role = HOST

    def __init__(self, *a: Any, parts: HostParts, **kw: Any) -> None:
        super().__init__(*a, parts=parts, **kw)
        self.index = 0
        self.enter(LOBBY)
        self.lobby: HostLobby = parts.lobby(self)
        self.admission: Admission = parts.admission(self)
        self.deal: HostDeal = parts.deal(self)
        self.late_joiners: LateJoiners = parts.late(self)
        self.relay: Relay = parts.relay(self)
        self.inputs.routing = self.relay

    def open_lobby(self, settings: MatchSettings, remote_seats: list[bool], nonce: int | bytes | None,
                   auto_start: bool, bots: dict[int, str]) -> None:
        """``Session.host``'s set-up: the settings, the seats, the bots, a session id."""
        self.settings = settings
        self.owners = [None if r else 0 for r in remote_seats]
        if not self.lobby.open(auto_start, bots):
            raise ValueError(f"bots {bots} must name the host's own seats, each with a level")
        self.admission.open()

    relayed_ticks = _Of("relay.relayed_ticks")

    def peers(self) -> list[PeerInfo]:
        return self.lobby.peers()

    def set_bots(self, levels: dict[int, str]) -> bool:
        return self.lobby.set_bots(levels)

    def set_open(self, seat: int, open_: bool) -> bool:
        return self.lobby.set_open(seat, open_)

    def set_countdown(self, seconds: float | None) -> None:
        self.lobby.set_countdown(seconds)

    def start_problem(self) -> str | None:
        return self.lobby.start_problem()

    def start(self) -> str | None:
        return self.lobby.start()

    def kick(self, peer: int, reason: str = "removed by the host") -> bool:
        return self.lobby.kick(peer, reason)

    def drop_peer(self, peer: int, reason: str = "dropped by the host") -> bool:
        return self.presence.drop_peer(peer, reason)

    def end_match(self) -> bool:
        return self.role_part.end_match()

    def allow_claim(self, seat: int, peer: int) -> None:
        self.late_joiners.allow_claim(seat, peer)

    def refuse_claim(self, seat: int, peer: int) -> None:
        self.late_joiners.refuse_claim(seat, peer)


class JoinerSession(Session):
    """A joiner: a peer of the star that plays seats the host gave it. Build with ``Session.join(..., seats>0)``;
    made of ``JoinerParts``."""

    role = JOIN

    def __init__(self, *a: Any, parts: JoinerParts, **kw: Any) -> None:
        super().__init__(*a, parts=parts, **kw)
        self.handshake: Handshake = parts.handshake(self)
        self.roster: Roster = parts.roster(self)
        self.deal: JoinerDeal = parts.deal(self)
        self.mesh: MeshLinks = parts.mesh(self)
        self.claims: Claims = parts.claims(self)
        self.inputs.routing = JoinerRouting(self)

    mesh_links = _Of("mesh.links")
    claim_pending = _Of("claims.pending")
    keyed = _Of("handshake.keyed")
    ready_flag = _Of("handshake.ready_flag")

    def peers(self) -> list[PeerInfo]:
        return self.roster.peers()

    def set_ready(self, ready: bool) -> None:
        self.handshake.set_ready(ready)

    def request_seats(self, seats: list[int]) -> None:
        self.claims.request(seats)

    def caught_up(self) -> None:
        self.claims.caught_up()


class SpectatorSession(JoinerSession):
    """A joiner without seats (``Session.join(..., seats=0)``). In the lobby it starts with everyone; joining a
    running match (a late joiner) it receives the host's snapshot of a confirmed tick (``SnapshotReceiver``), starts
    there (``Started.late``), simulates the inputs since unpaced and raises ``CaughtUp``. It may then take over a
    dropped seat (``claim``, ``request_seats``) and play it: a spectator no more, still this class."""

    def __init__(self, *a: Any, parts: JoinerParts, **kw: Any) -> None:
        super().__init__(*a, parts=parts, **kw)
        self.snapshot: SnapshotReceiver = parts.snapshot(self)
