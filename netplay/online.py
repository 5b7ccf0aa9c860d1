"""Play online: the short-code meeting (``rendezvous``) carrying the ICE offers (``ice``), for a host and its joiners.

``OnlineHost`` holds one code open on the mailbox server and one ``IceTransport``: each joiner who meets the code
gets an ICE connection (the host controls it and picks the route); their offers and the verdict travel on that
meeting's encrypted channel, which is closed once the route is settled. ``OnlineJoin`` meets the host by code, then
connects. Both are polled once a frame (``poll()`` returns typed events) and never block; ``line`` is a
"connecting..." line for a person, also handed to ``on_progress(line)`` from ``poll`` whenever it changes. The
``transport`` is the session's ``Transport``: once connected, the joiner's session talks to ``host_address``, the
host's to each ``Connected.address``.

Timing (all seconds): a joiner meets the host within ``OnlineSettings.meet_timeout``; the ICE attempt then gets the
rest of ``MAX_TOTAL_TIMEOUT`` (20) from the moment the code was entered, at most ``IceTimeouts.total``. ``connect_s``
on a joiner is code entered -> channel up.

The relay (TURN) and its credentials. A TURN server is set with either a long-term user and password, which this
machine uses for itself and never sends anyone, or coturn's shared secret (``static-auth-secret``: the TURN REST
API, ``turn_rest_credentials``), from which this machine mints its own credentials and, on a host
(``share_turn``), short-lived ones for each joiner that has no relay of its own: valid ``grant_lifetime`` seconds
(at most ``MAX_GRANT_S``, 10 minutes), sent as a ``netplay.messages.RelayGrant`` on that joiner's meeting channel,
which is encrypted by the code's SPAKE2 key, once the joiner's hello has been opened with that key (so the key is
confirmed: a side without the code learns nothing). A joiner with no relay and no grant (the host's relay has a
long-term password) still reaches the host through the host's own relayed candidate (``netplay.ice``: the relay
stage with one relayed side), so a joiner behind a symmetric NAT with no relay still plays. ``relay_only``
(Settings: "Always use the relay (hide my address)") offers relayed candidates only.

A joiner whose route fails tells the host, on the meeting channel, before it gives up (the ICE failure signal, with
its relay's state): the host's ``PeerFailed`` names the joiner and says what the host's player can act on ("your
relay at turn.example.org:3478 did not answer", "no relay configured: one of you needs a relay").
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Protocol, Sequence, Union

from .ice import (CONNECTED, DIRECT, FAILED, MAX_TOTAL_TIMEOUT, IceServers, IceTimeouts, IceTransport,
                  parse_server)
from .events import Disconnected, JoinRefused, NetEvent, PeerJoined, PeerLeft
from .messages import Rejected, RelayGrant
from .rendezvous import APPID, PUBLIC_MAILBOX, Meeting, RendezvousFailure, RendezvousHost, RendezvousJoin
from .transport import Address, Impairment

__all__ = ["DEFAULT_STUN", "SPECTATORS", "FORGET_AFTER", "MAX_GRANT_S", "OnlineSettings", "CodeReady", "Connected",
           "PeerFailed", "Failed", "OnlineEvent", "OnlineHost", "OnlineJoin", "online_settings",
           "turn_rest_credentials"]

DEFAULT_STUN = ("stun.l.google.com", 19302)
"""The public STUN server most WebRTC applications default to (a setting: any STUN server will do, e.g. coturn)."""


MAX_GRANT_S = 600.0
"""Longest life of the relay credentials a host mints for a joiner (seconds)."""
OWN_CREDENTIALS_S = 12 * 3600.0
"""Life of the credentials this machine mints for its own use from a shared secret (seconds: they never leave it)."""
GRANT_WAIT_S = 3.0
"""A joiner told by the host that a relay grant comes waits this long for it before connecting without (seconds)."""

wall_clock: Callable[[], float] = time.time
"""Unix time for minting credentials (a test may shift it: credentials minted in the past are already expired)."""


def turn_rest_credentials(secret: str, name: str, lifetime: float, now: float | None = None) -> tuple[str, str, int]:
    """TURN credentials from coturn's shared secret (``use-auth-secret`` / ``static-auth-secret``, the TURN REST
    API): ``(user, password, expires)`` with ``user = "EXPIRY:name"``, ``password = base64(HMAC-SHA1(secret,
    user))``, ``expires`` the Unix time (``now``, default ``wall_clock()``, plus ``lifetime`` seconds) after which
    the TURN server refuses them."""
    expires = int((wall_clock() if now is None else now) + lifetime)
    user = f"{expires}:{name}"
    password = base64.b64encode(hmac.new(secret.encode(), user.encode(), hashlib.sha1).digest()).decode()
    return user, password, expires


@dataclass(frozen=True)
class OnlineSettings:
    """The servers and timeouts: ``rendezvous``: the mailbox server URL; ``appid``: its application id;
    ``servers``: STUN / TURN (a long-term user/password there is used by this machine only); ``turn_secret``: the
    TURN server's shared secret instead (this machine mints its credentials, and a host a short-lived grant for
    each joiner without a relay of its own: ``share_turn``, ``grant_lifetime`` seconds, at most ``MAX_GRANT_S``);
    ``relay_only``: offer relayed candidates only (hide this machine's addresses); ``timeouts``: the ICE stages;
    ``meet_timeout``: a joiner's time to meet the host."""

    rendezvous: str = PUBLIC_MAILBOX
    appid: str = APPID
    servers: IceServers = IceServers(stun=DEFAULT_STUN)
    timeouts: IceTimeouts = IceTimeouts()
    meet_timeout: float = 12.0
    share_turn: bool = True
    turn_secret: str = ""
    relay_only: bool = False
    grant_lifetime: float = MAX_GRANT_S

    def own_servers(self, name: str = "host") -> IceServers:
        """The servers this machine uses: with a shared secret, freshly minted credentials of its own; with
        ``relay_only``, relayed candidates only."""
        servers = self.servers
        if self.turn_secret and servers.turn is not None:
            user, password, _ = turn_rest_credentials(self.turn_secret, name, OWN_CREDENTIALS_S)
            servers = replace(servers, turn_user=user, turn_password=password)
        return replace(servers, relay_only=self.relay_only) if self.relay_only else servers

    def grant(self, name: str) -> RelayGrant | None:
        """Short-lived credentials for one joiner (None: no shared secret, no relay, or ``share_turn`` off)."""
        if not (self.turn_secret and self.share_turn and self.servers.turn is not None):
            return None
        user, password, expires = turn_rest_credentials(self.turn_secret, name,
                                                        min(self.grant_lifetime, MAX_GRANT_S))
        return RelayGrant(self.servers.turn_text or "", user, password, expires)


SPECTATORS = 2
"""How many spectators (joiners with no seat: watchers, players rejoining a dropped seat) an online host lets in at
once, besides its open seats (``OnlineHost.follow``)."""
FORGET_AFTER = 1.5
"""Seconds an online host keeps the connection of a joiner its session is done with (left, lost, refused), so its
last datagrams (BYE, the refusal) still go out, before closing it."""


def online_settings(rendezvous: str | None = None, stun: str | None = None, turn: str | None = None,
                    turn_user: str | None = None, turn_password: str | None = None, turn_secret: str | None = None,
                    relay_only: bool = False) -> OnlineSettings:
    """The settings from text as a player or a command line gives them: ``rendezvous`` a ``ws://`` or ``wss://``
    URL (None or "": the public mailbox server), ``stun`` / ``turn`` ``host:port`` (port 3478 if left out; None:
    the default STUN server, no TURN; "" or "none": none), ``turn_user`` / ``turn_password`` (long-term, used here
    only) or ``turn_secret`` (coturn's ``static-auth-secret``; it wins over a user/password), ``relay_only``.
    Raises ValueError with one line for a person (a bad URL or port, a TURN server without credentials)."""
    url = (rendezvous or "").strip() or PUBLIC_MAILBOX
    if not (url.startswith("ws://") or url.startswith("wss://")) or len(url) < 8 or " " in url:
        raise ValueError(f"the rendezvous server {url!r} is not a ws:// or wss:// URL (e.g. {PUBLIC_MAILBOX})")

    def server(text: str | None, what: str, default: tuple[str, int] | None) -> tuple[str, int] | None:
        if text is None:
            return default
        if text.strip().lower() in ("", "none"):
            return None
        try:
            return parse_server(text)
        except ValueError:
            raise ValueError(f"the {what} server {text!r} is not HOST:PORT (e.g. turn.example.org:3478)") from None

    stun_at, turn_at = server(stun, "STUN", DEFAULT_STUN), server(turn, "TURN", None)
    secret = (turn_secret or "").strip()
    if turn_at is not None and not secret and not (turn_user and turn_password):
        raise ValueError("a TURN server needs its user name and password, or its shared secret")
    long_term = turn_at is not None and not secret
    servers = IceServers(stun=stun_at, turn=turn_at, turn_user=turn_user if long_term else None,
                         turn_password=turn_password if long_term else None)
    return OnlineSettings(rendezvous=url, servers=servers, turn_secret=secret if turn_at else "",
                          relay_only=bool(relay_only))


@dataclass(frozen=True)
class CodeReady:
    """The host's code exists, or changed: show it (big). ``reason``: "" for the first code, else why it changed
    (a ``netplay.rendezvous.CodeChangeReason`` value: "held", "wrong-codes"); ``previous``: the code it replaces;
    ``line``: one line for a person ("someone else held the code: the new code is 5-adult-amulet-ahead")."""
    code: str
    reason: str = ""
    previous: str | None = None
    line: str = ""


@dataclass(frozen=True)
class PeerFailed:
    """A joiner did not connect, or its connection was lost (host side). The host stays open for others. ``name``:
    the joiner's name from its hello ("" if it gave none); ``line``: why, for the host's player ("your relay at
    turn.example.org:3478 did not answer", "no relay configured: one of you needs a relay", ...)."""
    address: Address | None
    reason: str
    line: str
    name: str = ""


@dataclass(frozen=True)
class Connected:
    """A connection is up. On a joiner: to the host, ``connect_s`` from code entered to connected, ``info`` the
    host's hello; on the host: to one more joiner, ``connect_s`` from meeting to connected, ``info`` the joiner's
    hello. ``address`` is the peer's session address, ``route`` "direct" or "relay"."""
    address: Address
    route: str
    connect_s: float
    info: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Failed:
    """It is over: ``reason`` (a ``RendezvousFailure`` or ``IceFailure`` value) and one line for a person."""
    reason: str
    line: str


OnlineEvent = Union[CodeReady, Connected, PeerFailed, Failed]


def _borrow(own: IceServers, info: dict[str, Any], grant: RelayGrant | None) -> IceServers:
    """Our servers, with the host's relay grant where we have no TURN, and its STUN where we have none."""
    if own.turn is None and grant is not None:
        try:
            own = replace(own, turn=parse_server(grant.server), turn_user=grant.user, turn_password=grant.password)
        except ValueError:
            pass
    if own.stun is None and isinstance(info.get("stun"), str):
        try:
            own = replace(own, stun=parse_server(info["stun"]))
        except ValueError:
            pass
    return own


def relay_problem(mine: dict[str, Any] | None, theirs: dict[str, Any] | None, my_turn: str | None) -> str | None:
    """What a failed connection says of the relays, for the host's player: ``mine`` / ``theirs`` the two sides'
    relay states (``IcePeerStatus.relay`` / ``peer_relay``: ``{"server", "ok"}``), ``my_turn`` the host's relay
    ("host:port" or None). "your relay at X did not answer" (the host's own, or the one it granted), "their relay at
    X did not answer", "no relay configured: one of you needs a relay", or None (the relays were not the trouble)."""
    for side in (mine, theirs):
        if isinstance(side, dict) and side.get("ok") is False and side.get("server"):
            whose = "your" if side is mine or side.get("server") == my_turn else "their"
            return f"{whose} relay at {side['server']} did not answer"
    if my_turn is None and isinstance(theirs, dict) and not theirs.get("server"):
        return "no relay configured: one of you needs a relay"
    return None


class _Progress:
    """Calls ``on_progress(line)`` (in the caller's thread, from ``poll``) when the line changes."""

    def __init__(self, callback: Callable[[str], None] | None) -> None:
        self.callback, self.last = callback, None

    def tell(self, line: str) -> None:
        if self.callback is not None and line != self.last:
            self.last = line
            self.callback(line)


class _Link:
    """One meeting carrying one ICE peer's signals."""

    def __init__(self, meeting: Meeting, address: Address, held: list[dict[str, Any]] | None = None) -> None:
        self.meeting, self.address = meeting, address
        self.done = False
        self.held = list(held or [])  # signals that came before the ICE peer existed
        self.peer_fail: dict[str, Any] | None = None  # the other side's failure signal, as it said it

    def pump(self, transport: IceTransport) -> None:
        msgs, self.held = self.held + self.meeting.receive(), []
        for msg in msgs:
            if msg.get("t") == "fail" and self.peer_fail is None:
                self.peer_fail = msg
            if msg.get("t") in ("offer", "route", "fail"):
                transport.give_signal(self.address, msg)
        for msg in transport.take_signals(self.address):
            self.meeting.send(msg)


class HostedSession(Protocol):
    """What the online host reads of the session it hosts (``netplay.session.Session``): its roster and open seats."""

    def peers(self) -> Sequence[Any]: ...

    def free_seats(self) -> int: ...


class OnlineHost:
    """Host a match online: a code, and up to ``joiners`` ICE connections.

    ``info``: sent to each joiner (protocol version, settings digest...; the host's TURN is added when lent).
    ``seed``, ``send_impairment``, ``receive_impairment``: passed to the ``IceTransport``.
    """

    def __init__(self, settings: OnlineSettings = OnlineSettings(), *, joiners: int = 1,
                 info: dict[str, Any] | None = None, seed: int = 0, send_impairment: Impairment | None = None,
                 receive_impairment: Impairment | None = None,
                 on_progress: Callable[[str], None] | None = None) -> None:
        self.settings, self.joiners = settings, joiners
        self._progress = _Progress(on_progress)
        hello = dict(info or {})
        hello["relay"] = settings.servers.turn is not None
        hello["grants"] = settings.grant("probe") is not None  # a joiner without a relay waits for its grant
        if settings.servers.stun is not None:
            hello["stun"] = f"{settings.servers.stun[0]}:{settings.servers.stun[1]}"
        self.grants: dict[Address, RelayGrant] = {}  # what each joiner was granted (never a long-term password)
        self.transport = IceTransport(settings.own_servers(), timeouts=settings.timeouts, seed=seed,
                                      send_impairment=send_impairment, receive_impairment=receive_impairment)
        self.rendezvous = RendezvousHost(settings.rendezvous, appid=settings.appid, info=hello, free=joiners)
        self.rendezvous.admits = self._admits
        self.connected: dict[Address, Connected] = {}
        self._links: dict[Address, _Link] = {}
        self._infos: dict[Address, dict[str, Any]] = {}
        self._code_told = False
        self._failed = False
        # following a session (``follow``): room for players and spectators, the joiners it knows, who to forget
        self.seat_room: int | None = None
        self.watch_room: int | None = None
        self.members: dict[Address, int] = {}
        self._ever: set[Address] = set()
        self._forget_at: dict[Address, float] = {}
        self._session: HostedSession | None = None

    @property
    def code(self) -> str | None:
        """The code to show now (it changes: ``CodeReady``); None until the server gave one."""
        return self.rendezvous.code

    @property
    def session_code(self) -> str | None:
        """The match's own code, which keys the session (``netplay.session.Session.host``): the first code, kept
        when the code shown changes (joiners learn it in the host's hello: ``OnlineJoin.session_code``)."""
        return self.rendezvous.match_code

    @property
    def line(self) -> str:
        """What is happening, for a person."""
        connecting = [self.transport.status(a) for a in self._links]
        busy = [s.line for s in connecting if s is not None and s.state not in (CONNECTED, FAILED)]
        text = self.rendezvous.line
        return f"{text}; a player is connecting: {busy[0]}" if busy else text

    def poll(self) -> list[OnlineEvent]:
        """What happened since the last call. After ``Failed`` (the code is gone: no more joiners), the joiners
        already connected stay, and their losses are still reported."""
        events: list[OnlineEvent] = []
        if self.rendezvous.failure is not None and not self._failed:
            self._failed = True
            f = self.rendezvous.failure
            events.append(Failed(f.reason.value, f.line))
        changes = self.rendezvous.take_changes()
        if self.code is not None and not self._code_told:
            self._code_told = True
            first = self.rendezvous.match_code or self.code
            events.append(CodeReady(first))
        for change in changes:
            events.append(CodeReady(change.code, change.reason.value, change.previous, change.line))
        for meeting in self.rendezvous.poll():
            address = self.transport.add_peer(True, servers=self.settings.own_servers())
            self._links[address] = _Link(meeting, address)
            self._infos[address] = dict(meeting.peer)
            grant = None if meeting.peer.get("relay") else self.settings.grant(f"joiner{address[1]}")
            if grant is not None:  # the key is confirmed (the joiner's hello opened with it): its relay, for now
                self.grants[address] = grant
                meeting.send(grant.to_meeting())
        for address, link in list(self._links.items()):
            events.extend(self._step(address, link))
        for address, done in list(self.connected.items()):
            s = self.transport.status(address)
            if s is not None and s.state == FAILED:
                del self.connected[address]
                events.append(PeerFailed(address, s.failure.value if s.failure else "lost", s.line,
                                         self._name(address)))
        free = self.joiners - len(self.connected) - len(self._links)
        if self.seat_room is not None and self.watch_room is not None:
            free = min(free, max(0, self.seat_room) + max(0, self.watch_room))
        self.rendezvous.set_free(free)
        self._progress.tell(self.line)
        return events

    def _admits(self, info: dict[str, Any]) -> bool:
        """A joiner's hello asks for ``seats`` (a spectator: 0): is there room for it now? (Reactor thread.)"""
        if self.seat_room is None or self.watch_room is None:
            return True
        seats = info.get("seats", 1) if isinstance(info, dict) else 1
        seats = seats if isinstance(seats, int) and not isinstance(seats, bool) else 1
        return seats <= self.seat_room if seats > 0 else self.watch_room > 0

    def follow(self, session: HostedSession, events: list[NetEvent], spectators: int = SPECTATORS) -> None:
        """Keep the code open for as many joiners as ``session`` (the host's ``netplay.session.Session`` on this
        transport) has room for, and close the connections it is done with. Call it after each update with that
        update's events (``netplay.runner.Runner.update``'s).

        Room: players for its open seats (``free_seats()``), ``spectators`` more joiners with no seat (watchers, a
        dropped player coming back to claim a seat), less those still connecting (their hello says how many seats
        they want). A joiner asking for more seats than are open, or to watch when ``spectators`` already do, hears
        that the match is full at the meeting, before any connection is tried. A joiner the session refused (never
        one that joined it: it may be retrying for a rematch), or that left or was lost, has its connection closed
        ``FORGET_AFTER`` seconds later. A new session (a rematch on the same code) starts a new membership."""
        if session is not self._session:
            self._session = session
            self.members.clear()
        now = time.monotonic()
        for ev in events:
            if isinstance(ev, PeerJoined) and (ev.address in self.connected or ev.address in self._links):
                self.members[ev.address] = ev.peer
                self._ever.add(ev.address)
            elif isinstance(ev, JoinRefused) and ev.address not in self._ever and (
                    ev.address in self.connected or ev.address in self._links):
                self._forget_at.setdefault(ev.address, now + FORGET_AFTER)
            elif isinstance(ev, (PeerLeft, Disconnected)):
                for address, peer in list(self.members.items()):
                    if peer == ev.peer:
                        del self.members[address]
                        self._forget_at.setdefault(address, now + FORGET_AFTER)
        for address, when in list(self._forget_at.items()):
            if now >= when:
                del self._forget_at[address]
                self.forget(address)
        pending = [self._infos.get(a, {}) for a in {**self._links, **self.connected}
                   if a not in self.members and a not in self._forget_at]
        wanted = [x.get("seats", 1) if isinstance(x.get("seats", 1), int) else 1 for x in pending]
        watching = sum(1 for p in session.peers() if p.peer != 0 and not p.seats and p.status != "gone")
        self.seat_room = session.free_seats() - sum(n for n in wanted if n > 0)
        self.watch_room = spectators - watching - sum(1 for n in wanted if n <= 0)

    def forget(self, address: Address) -> None:
        """Close one joiner's connection (its session is over); its address is never used again."""
        link = self._links.pop(address, None)
        if link is not None:
            link.meeting.close()
        self.connected.pop(address, None)
        self.members.pop(address, None)
        self.transport.remove_peer(address)

    def routes(self) -> dict[int, str]:
        """The route ("direct" or "relay") to each joiner of the followed session, by its peer index."""
        return {peer: self.connected[a].route for a, peer in self.members.items() if a in self.connected}

    def _peer_failed(self, address: Address, link: _Link, status: Any) -> PeerFailed:
        """A joiner's connection failed: why, as the host's player can act on it."""
        theirs = link.peer_fail.get("relay") if link.peer_fail is not None else None
        if theirs is None and status is not None:
            theirs = status.peer_relay
        if theirs is None and self._infos.get(address, {}).get("relay") is False:
            theirs = {"server": None, "ok": None}  # its hello said it has no relay of its own
        mine = status.relay if status is not None and status.state == FAILED else self.transport.relay_state(address)
        why = relay_problem(mine, theirs, self.settings.servers.turn_text)
        if why is None:
            why = (status.line if status is not None and status.state == FAILED else
                   str(link.peer_fail.get("line", "the other side gave up"))[:200] if link.peer_fail else
                   "the connection attempt failed")
        reason = (status.failure.value if status is not None and status.failure else
                  str(link.peer_fail.get("reason", "failed")) if link.peer_fail else "failed")
        return PeerFailed(address, reason, why, self._name(address))

    def _name(self, address: Address) -> str:
        """A joiner's name as its hello gave it ("" if none), at most 24 characters."""
        name = self._infos.get(address, {}).get("name", "")
        return name[:24] if isinstance(name, str) else ""

    def _step(self, address: Address, link: _Link) -> list[OnlineEvent]:
        status = self.transport.status(address)
        link.pump(self.transport)  # after reading the status: a verdict made before it is sent now
        if link.peer_fail is not None and (status is None or status.state != CONNECTED):
            failed = self._peer_failed(address, link, status)  # before the peer goes: what its relay did
            del self._links[address]  # the joiner told us why it gives up: that, rather than the channel closing
            link.meeting.close()
            self.transport.remove_peer(address)
            return [failed]
        if link.meeting.failure is not None and (status is None or status.state != CONNECTED):
            del self._links[address]
            link.meeting.close()
            self.transport.remove_peer(address)
            return [PeerFailed(address, link.meeting.failure.reason.value, link.meeting.failure.line,
                               self._name(address))]
        if status is None or status.state not in (CONNECTED, FAILED):
            return []
        del self._links[address]
        link.meeting.close()
        if status.state == FAILED:
            failed = self._peer_failed(address, link, status)
            self.transport.remove_peer(address)
            return [failed]
        event = Connected(address, status.route or DIRECT, status.connect_s or 0.0, self._infos[address])
        self.connected[address] = event
        return [event]

    def close(self) -> None:
        """Stop meeting and close every connection."""
        self.rendezvous.close()
        for link in self._links.values():
            link.meeting.close()
        self._links.clear()
        self.transport.close()


class OnlineJoin:
    """Join a match online with the host's ``code``.

    ``info``: sent to the host in the hello. Events: ``Connected`` once, or ``Failed`` once.
    """

    def __init__(self, code: str, settings: OnlineSettings = OnlineSettings(), *, info: dict[str, Any] | None = None,
                 seed: int = 0, send_impairment: Impairment | None = None,
                 receive_impairment: Impairment | None = None,
                 on_progress: Callable[[str], None] | None = None) -> None:
        self.settings = settings
        self._progress = _Progress(on_progress)
        self.started = time.monotonic()
        info = dict(info or {})
        info.setdefault("relay", settings.servers.turn is not None)  # the host grants a relay to joiners without
        self.grant: RelayGrant | None = None  # the relay credentials the host granted (None: none)
        self._meeting: Meeting | None = None
        self._held: list[dict[str, Any]] = []
        self._grant_until = 0.0
        self.rendezvous = RendezvousJoin(code, settings.rendezvous, appid=settings.appid, info=info,
                                         timeout=min(settings.meet_timeout, MAX_TOTAL_TIMEOUT - 2.0))
        self.transport = IceTransport(settings.own_servers("joiner"), timeouts=settings.timeouts, seed=seed,
                                      send_impairment=send_impairment, receive_impairment=receive_impairment)
        self.host_address: Address | None = None
        self.host_info: dict[str, Any] = {}
        self.result: Connected | Failed | None = None
        self._link: _Link | None = None

    @property
    def line(self) -> str:
        if isinstance(self.result, Failed):
            return self.result.line
        if self.host_address is not None:
            s = self.transport.status(self.host_address)
            if s is not None:
                return s.line
        return self.rendezvous.line

    @property
    def session_code(self) -> str:
        """The code that keys the match's session (``netplay.session.Session.join``): the match's own code as the
        host named it in its hello (its first code, when the code typed is a newer one), else the code typed."""
        meeting = self._meeting
        return (meeting.match if meeting is not None and meeting.match else None) or self.rendezvous.code

    def poll(self) -> list[OnlineEvent]:
        """What happened since the last call: ``Connected`` or ``Failed``, once."""
        events = self._poll()
        self._progress.tell(self.line)
        return events

    def _poll(self) -> list[OnlineEvent]:
        if self.result is not None:
            return []
        if self.rendezvous.failure is not None:
            f = self.rendezvous.failure
            return self._end(Failed(f.reason.value, f.line))
        for meeting in self.rendezvous.poll():
            self.host_info = dict(meeting.peer)
            self._meeting = meeting
            waits = self.host_info.get("grants") is True and self.settings.servers.turn is None
            self._grant_until = time.monotonic() + (GRANT_WAIT_S if waits else 0.0)
        if self._meeting is not None and self._link is None:
            for msg in self._meeting.receive():
                if msg.get("t") == RelayGrant.T:
                    try:
                        self.grant = RelayGrant.from_meeting(msg)
                    except Rejected:
                        pass
                else:
                    self._held.append(msg)
            if self.grant is None and time.monotonic() < self._grant_until and self._meeting.failure is None:
                return []  # the host's grant is on its way (the next message on the channel)
            left = MAX_TOTAL_TIMEOUT - (time.monotonic() - self.started)
            if left < 1.0:
                return self._end(Failed(RendezvousFailure.TIMEOUT.value, "no time left to connect to the host"))
            total = min(self.settings.timeouts.total, left)
            timeouts = IceTimeouts(direct=min(self.settings.timeouts.direct, total), total=total)
            servers = _borrow(self.settings.own_servers("joiner"), self.host_info, self.grant)
            self.host_address = self.transport.add_peer(False, servers=servers, timeouts=timeouts)
            self._link = _Link(self._meeting, self.host_address, self._held)
            self._held = []
        if self._link is None or self.host_address is None:
            return []
        status = self.transport.status(self.host_address)
        self._link.pump(self.transport)
        meeting = self._link.meeting
        if meeting.failure is not None and (status is None or status.state != CONNECTED):
            return self._end(Failed(meeting.failure.reason.value, meeting.failure.line))
        if status is None or status.state not in (CONNECTED, FAILED):
            return []
        if status.state == FAILED:
            return self._end(Failed(status.failure.value if status.failure else "failed", status.line))
        return self._end(Connected(self.host_address, status.route or DIRECT, time.monotonic() - self.started,
                                   self.host_info))

    def _end(self, result: Connected | Failed) -> list[OnlineEvent]:
        self.result = result
        self.rendezvous.close()
        if self._meeting is not None:
            self._meeting.close()  # after the failure signal, already sent: the host hears why
        return [result]

    def close(self) -> None:
        """Give up (Esc, the window closing, a timeout) or end: the nameplate claimed is released (the
        rendezvous's wormholes close; at the process's end ``netplay.rendezvous`` waits for that), the meeting
        and every connection are closed. Idempotent."""
        self.rendezvous.close()
        if self._meeting is not None:
            self._meeting.close()
        self.transport.close()
