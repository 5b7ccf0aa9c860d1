"""A joiner's role (a part of ``netplay.session.JoinerSession`` and ``SpectatorSession``): which datagrams it reads
and from whom (the receive path's ``Door``: the host, and in the mesh the other joiners it was introduced to), its
timers and resends by phase, the host's goodbye, and the end of the match (FINAL, BYE). The handshake, the lobby
roster, the deal checks, the mesh links, claims and a spectator's snapshot are the joiner's other parts; the protocol
is told in ``netplay.session``'s module doc.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from .endpoint import INTERRUPTED, Pending, Remote, Router
from .events import FailReason
from .lobby import PeerInfo
from .messages import Bye, FinalItem, LogReveal, Msg, MsgType, Reason, Refuse, View
from .protocol import DEALING, DONE, FINISHING, HELLO, LATE, LOBBY, RUNNING
from .settings import SessionConfig
from .stats import NetStats
from .transport import Address
from .wire import Message, Rejected

__all__ = ["JoinerRole"]


class _Auth(Protocol):
    """``session.auth`` as this module uses it (``authority.JoinerAuthority``)."""

    def host_gone(self, why: str) -> bool: ...
    def on_reveal(self, m: LogReveal) -> None: ...
    def on_view(self, m: View) -> None: ...


class _Claims(Protocol):
    """``session.claims`` as this module uses it (``latejoin.Claims``)."""

    def timers(self) -> None: ...
    def wakeup(self) -> float: ...


class _Deal(Protocol):
    """``session.deal`` as this module uses it (``fairdeal.JoinerDeal``)."""

    def check_start(self) -> None: ...
    def resend(self) -> None: ...


class _Handshake(Protocol):
    """``session.handshake`` as this module uses it (``handshake.Handshake``)."""

    host_address: Address | None
    keyed: bool
    def deadline(self) -> None: ...
    def resend(self) -> None: ...


class _Mesh(Protocol):
    """``session.mesh`` as this module uses it (``mesh.MeshLinks``)."""

    def heard(self, link: Remote) -> None: ...
    def key_for(self, address: Address, mtype: int, peer: int) -> bytes | None: ...
    def known(self, address: Address) -> bool: ...
    @property
    def relayed_peers(self) -> list[int]: ...
    def sender(self, msg: Message, address: Address) -> Remote | None: ...
    def timers(self) -> None: ...


class _Presence(Protocol):
    """``session.presence`` as this module uses it
    (``drops.HostDrops``, ``drops.JoinerPresence``, ``drops.Presence``)."""

    def check(self, r: Remote) -> None: ...
    def resumed(self, r: Remote) -> None: ...


class _Snapshot(Protocol):
    """``session.snapshot`` as this module uses it (``latejoin.SnapshotReceiver``)."""

    def resend(self) -> None: ...


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    finish_at: float


class JoinerRoleSession(Protocol):
    """What ``JoinerRole`` reads and calls of its session."""

    auth: _Auth | None
    claims: _Claims
    config: SessionConfig
    created_at: float
    deal: _Deal
    handshake: _Handshake
    mesh: _Mesh
    next_resend: float
    now: float
    presence: _Presence
    remotes: dict[int, Remote]
    router: Router
    sid: int
    snapshot: _Snapshot
    stats: NetStats
    sync: _Sync
    @property
    def done(self) -> bool: ...
    def enter(self, phase: str) -> None: ...
    def fail(self, reason: str, kind: FailReason = FailReason.OTHER, **facts: Any) -> None: ...
    def peers(self) -> list[PeerInfo]: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class JoinerRole:
    """A joiner's receive policy, timers, resends and end of match (the handshake's own messages, before any
    session, are ``netplay.handshake``'s)."""

    def __init__(self, session: JoinerRoleSession) -> None:
        self.s = session
        self.final_received = False
        router = session.router
        router.on(Bye, self.on_bye)
        router.on(Refuse, self.on_bye)
        router.on(View, self.on_view)
        router.on(LogReveal, self.on_reveal)
        router.on_notice(FinalItem, self.on_final)

    # ------------------------------------------------------------------ receiving (the Door)

    def known(self, address: Address) -> bool:
        s = self.s
        return address == s.handshake.host_address or s.mesh.known(address)

    def key_for(self, address: Address) -> Callable[[int, int, int], bytes | None]:
        s = self.s

        def key(mtype: int, sid: int, peer: int) -> bytes | None:
            if not s.handshake.keyed or sid != s.sid:
                return None
            if address != s.handshake.host_address:
                return s.mesh.key_for(address, mtype, peer)
            return s.remotes[0].key_in
        return key

    def open_types(self) -> tuple[int, ...]:
        return (MsgType.COOKIE, MsgType.KEYX, MsgType.REFUSE_OPEN) if self.s.phase == HELLO else ()

    def rejected(self, e: Rejected, address: Address) -> None:
        pass

    def sender(self, msg: Message, address: Address) -> Remote | None:
        """The host (this session), or a joiner we were introduced to (the mesh), or None (refused). Before the
        WELCOME nothing but the handshake comes from the host."""
        s = self.s
        host = s.remotes[0]
        if address != host.address:
            return s.mesh.sender(msg, address)
        if s.phase == HELLO:
            s.stats.reject("unexpected")
            return None
        if msg.sid != s.sid:
            s.stats.reject("session")
            return None
        return host

    def heard(self, r: Remote, msg: Message) -> bool:
        s = self.s
        r.last_recv = s.now
        if r.mesh_link.link:
            s.mesh.heard(r)
        elif r.status == INTERRUPTED:
            s.presence.resumed(r)
        return True

    def handled(self, r: Remote) -> None:
        pass

    def on_bye(self, host: Remote, m: Bye | Refuse) -> None:
        """The host says goodbye (finished, dropped us, removed us, left)."""
        s = self.s
        if s.phase == FINISHING and m.code == Reason.FINISHED:
            s.enter(DONE)
        elif s.auth is not None and s.auth.host_gone("the host left without revealing the deal"):
            pass
        elif m.code == Reason.TIMED_OUT:  # our turn clock ran out twice in a row: the host's bot has our seats
            s.fail("your turn clock ran out twice in a row: the host's bot plays your seat", FailReason.REMOVED,
                   rejoin=True, clock=True)
        elif m.code in (Reason.DROPPED, Reason.KICKED):
            s.fail("dropped from the match by the host" if m.code == Reason.DROPPED
                   else f"removed by the host: {m.text}", FailReason.REMOVED, rejoin=m.code == Reason.DROPPED)
        else:  # the host's player quit: a sealed goodbye, nobody to rejoin
            host = next((p.name for p in s.peers() if p.peer == 0 and p.name), "")
            s.fail(f"the host left: {m.text}", FailReason.HOST_LOST, left=True, name=host)

    def on_view(self, host: Remote, m: View) -> None:
        """A turn game: a VIEW (our seat's view, or the public one) from the host."""
        s = self.s
        if s.phase == RUNNING and s.auth is not None:
            s.auth.on_view(m)

    def on_reveal(self, host: Remote, m: LogReveal) -> None:
        """A turn game: a chunk of the host's end-of-match reveal."""
        s = self.s
        if s.phase == RUNNING and s.auth is not None:
            s.auth.on_reveal(m)

    def on_final(self, r: Remote, it: FinalItem) -> None:
        self.final_received = True

    # ------------------------------------------------------------------ timers and resends

    @property
    def relayed_peers(self) -> list[int]:
        return self.s.mesh.relayed_peers

    def wakeup(self) -> float:
        return self.s.claims.wakeup()

    def awaiting_start(self) -> bool:
        return False

    def timers(self) -> None:
        s = self.s
        cfg, now = s.config, s.now
        host = s.remotes[0]
        if s.phase == HELLO:
            if now >= s.created_at + (cfg.timeout if cfg.hello_timeout is None else cfg.hello_timeout):
                s.handshake.deadline()
                return
            self.resend()
        elif s.phase in (LOBBY, DEALING, LATE):
            if now >= host.last_recv + cfg.timeout:
                s.fail("the host stopped answering", FailReason.HOST_LOST)
                return
            s.deal.check_start()
            if not s.done:
                self.resend()
        else:
            s.presence.check(host)
            s.mesh.timers()
            s.claims.timers()

    def resend(self) -> None:
        """What is resent on the handshake's clock: HELLO or JOIN, READY (lobby), REVEAL (dealing), SNAPACK (a late
        joiner receiving the snapshot)."""
        s = self.s
        if s.now < s.next_resend:
            return
        s.next_resend = s.now + s.config.resend_interval
        if s.phase in (HELLO, LOBBY):
            s.handshake.resend()
        elif s.phase == DEALING:
            s.deal.resend()
        elif s.phase == LATE:
            s.snapshot.resend()

    # ------------------------------------------------------------------ the end

    def end_match(self) -> bool:
        return False

    def finishing(self) -> None:
        """Phase FINISHING: once the host's FINAL is in, say BYE (three times: a lost one only makes the host wait)
        and stop; stop anyway after the timeout."""
        s = self.s
        if s.phase != FINISHING:
            return
        if self.final_received:
            for _ in range(3):
                s.send(s.remotes[0], Bye(Reason.FINISHED, "finished"))
            s.enter(DONE)
        elif s.now >= s.sync.finish_at + s.config.timeout:
            s.enter(DONE)
