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

The host may lend its TURN relay (``share_turn``): a joiner with no TURN server of its own uses the host's, told in
the host's hello (encrypted by the code's SPAKE2, so only a joiner with the right code learns it). Without it, two
homes behind NATs that defeat a direct route cannot connect unless the joiner set a relay itself.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Union

from .ice import (CONNECTED, DIRECT, FAILED, MAX_TOTAL_TIMEOUT, IceServers, IceTimeouts, IceTransport,
                  parse_server)
from .rendezvous import APPID, PUBLIC_MAILBOX, Meeting, RendezvousFailure, RendezvousHost, RendezvousJoin
from .transport import Address, Impairment

__all__ = ["DEFAULT_STUN", "OnlineSettings", "CodeReady", "Connected", "PeerFailed", "Failed",
           "OnlineEvent", "OnlineHost", "OnlineJoin"]

DEFAULT_STUN = ("stun.l.google.com", 19302)
"""The public STUN server most WebRTC applications default to (a setting: any STUN server will do, e.g. coturn)."""


@dataclass(frozen=True)
class OnlineSettings:
    """The servers and timeouts: ``rendezvous``: the mailbox server URL; ``appid``: its application id;
    ``servers``: STUN / TURN; ``timeouts``: the ICE stages; ``meet_timeout``: a joiner's time to meet the host;
    ``share_turn``: the host lends its TURN server to joiners who have none."""

    rendezvous: str = PUBLIC_MAILBOX
    appid: str = APPID
    servers: IceServers = IceServers(stun=DEFAULT_STUN)
    timeouts: IceTimeouts = IceTimeouts()
    meet_timeout: float = 12.0
    share_turn: bool = True


@dataclass(frozen=True)
class CodeReady:
    """The host's code exists: show it."""
    code: str


@dataclass(frozen=True)
class PeerFailed:
    """A joiner did not connect, or its connection was lost (host side). The host stays open for others."""
    address: Address | None
    reason: str
    line: str


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


def _turn_of(servers: IceServers) -> dict[str, Any] | None:
    if servers.turn is None:
        return None
    return {"server": f"{servers.turn[0]}:{servers.turn[1]}", "user": servers.turn_user,
            "password": servers.turn_password}


def _borrow(own: IceServers, info: dict[str, Any]) -> IceServers:
    """Our servers, with the host's TURN (and STUN) where we have none."""
    lent = info.get("turn")
    if own.turn is None and isinstance(lent, dict):
        try:
            own = replace(own, turn=parse_server(str(lent.get("server", ""))),
                          turn_user=str(lent.get("user") or ""), turn_password=str(lent.get("password") or ""))
        except ValueError:
            pass
    if own.stun is None and isinstance(info.get("stun"), str):
        try:
            own = replace(own, stun=parse_server(info["stun"]))
        except ValueError:
            pass
    return own


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

    def __init__(self, meeting: Meeting, address: Address) -> None:
        self.meeting, self.address = meeting, address
        self.done = False

    def pump(self, transport: IceTransport) -> None:
        for msg in self.meeting.receive():
            if msg.get("t") in ("offer", "route", "fail"):
                transport.give_signal(self.address, msg)
        for msg in transport.take_signals(self.address):
            self.meeting.send(msg)


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
        if settings.share_turn and settings.servers.turn is not None:
            hello["turn"] = _turn_of(settings.servers)
        if settings.servers.stun is not None:
            hello["stun"] = f"{settings.servers.stun[0]}:{settings.servers.stun[1]}"
        self.transport = IceTransport(settings.servers, timeouts=settings.timeouts, seed=seed,
                                      send_impairment=send_impairment, receive_impairment=receive_impairment)
        self.rendezvous = RendezvousHost(settings.rendezvous, appid=settings.appid, info=hello, free=joiners)
        self.connected: dict[Address, Connected] = {}
        self._links: dict[Address, _Link] = {}
        self._infos: dict[Address, dict[str, Any]] = {}
        self._code_told = False
        self._failed = False

    @property
    def code(self) -> str | None:
        return self.rendezvous.code

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
        if self.code is not None and not self._code_told:
            self._code_told = True
            events.append(CodeReady(self.code))
        for meeting in self.rendezvous.poll():
            address = self.transport.add_peer(True)
            self._links[address] = _Link(meeting, address)
            self._infos[address] = dict(meeting.peer)
        for address, link in list(self._links.items()):
            events.extend(self._step(address, link))
        for address, done in list(self.connected.items()):
            s = self.transport.status(address)
            if s is not None and s.state == FAILED:
                del self.connected[address]
                events.append(PeerFailed(address, s.failure.value if s.failure else "lost", s.line))
        self.rendezvous.set_free(self.joiners - len(self.connected) - len(self._links))
        self._progress.tell(self.line)
        return events

    def _step(self, address: Address, link: _Link) -> list[OnlineEvent]:
        status = self.transport.status(address)
        link.pump(self.transport)  # after reading the status: a verdict made before it is sent now
        if link.meeting.failure is not None and (status is None or status.state != CONNECTED):
            del self._links[address]
            link.meeting.close()
            self.transport.remove_peer(address)
            return [PeerFailed(address, link.meeting.failure.reason.value, link.meeting.failure.line)]
        if status is None or status.state not in (CONNECTED, FAILED):
            return []
        del self._links[address]
        link.meeting.close()
        if status.state == FAILED:
            self.transport.remove_peer(address)
            return [PeerFailed(address, status.failure.value if status.failure else "failed", status.line)]
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
        self.rendezvous = RendezvousJoin(code, settings.rendezvous, appid=settings.appid, info=info or {},
                                         timeout=min(settings.meet_timeout, MAX_TOTAL_TIMEOUT - 2.0))
        self.transport = IceTransport(settings.servers, timeouts=settings.timeouts, seed=seed,
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
            left = MAX_TOTAL_TIMEOUT - (time.monotonic() - self.started)
            if left < 1.0:
                return self._end(Failed(RendezvousFailure.TIMEOUT.value, "no time left to connect to the host"))
            total = min(self.settings.timeouts.total, left)
            timeouts = IceTimeouts(direct=min(self.settings.timeouts.direct, total), total=total)
            servers = _borrow(self.settings.servers, self.host_info)
            self.host_address = self.transport.add_peer(False, servers=servers, timeouts=timeouts)
            self._link = _Link(meeting, self.host_address)
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
        if self._link is not None:
            self._link.meeting.close()
        return [result]

    def close(self) -> None:
        self.rendezvous.close()
        if self._link is not None:
            self._link.meeting.close()
        self.transport.close()
