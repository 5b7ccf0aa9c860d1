"""The host's role (a part of ``netplay.session.HostSession``): which datagrams it reads and from whom (the receive
path's ``Door``), its timers and resends by phase, and the end of the match (FINAL, ``end_match``). The lobby, the
admissions, the deal, late joiners, the relay and drops are the host's other parts; the protocol is told in
``netplay.session``'s module doc.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from .desync import DesyncDetector
from .endpoint import GONE, INTERRUPTED, Pending, Remote, Router
from .events import EndReason, FailReason, MatchEnded
from .messages import NO_PEER, Action, Bye, EndItem, FinalItem, Msg, MsgType, Notice, Reason, Refuse
from .protocol import DEALING, DONE, FINISHING, LOBBY, RUNNING
from .settings import MatchSettings, SessionConfig
from .stats import NetStats
from .transport import Address
from .wire import PROTOCOL_VERSION, Message, Rejected

__all__ = ["HostRole"]


class _Admission(Protocol):
    """``session.admission`` as this module uses it (``admission.Admission``)."""

    def age(self) -> None: ...
    def pending_at(self, address: Address) -> Pending | None: ...
    def wrong_code(self, address: Address) -> None: ...


class _Auth(Protocol):
    """``session.auth`` as this module uses it (``authority.HostAuthority``)."""

    def finish(self, kind: EndReason) -> None: ...
    def on_action(self, r: Remote, m: Action) -> None: ...


class _Checks(Protocol):
    """``session.checks`` as this module uses it (``checks.ChecksumExchange``)."""

    detector: DesyncDetector | None
    reported_pairs: set[tuple[int, int]]


class _Deal(Protocol):
    """``session.deal`` as this module uses it (``fairdeal.HostDeal``)."""

    def resend_commits(self) -> None: ...
    def resend_start(self, r: Remote) -> None: ...


class _LateJoiners(Protocol):
    """``session.late_joiners`` as this module uses it (``latejoin.LateJoiners``)."""

    def resend(self, r: Remote) -> None: ...


class _Lobby(Protocol):
    """``session.lobby`` as this module uses it (``lobby.HostLobby``)."""

    def remove(self, r: Remote, reason: str) -> None: ...
    def resend(self) -> None: ...


class _Presence(Protocol):
    """``session.presence`` as this module uses it (``drops.HostDrops``)."""

    def account_stalls(self) -> None: ...
    def check(self, r: Remote) -> None: ...
    def heard(self, r: Remote) -> float: ...
    def lose(self, r: Remote, reason: str, left: bool = False) -> None: ...
    def progress(self, r: Remote) -> None: ...
    def resumed(self, r: Remote) -> None: ...


class _Relay(Protocol):
    """``session.relay`` as this module uses it (``relay.Relay``)."""

    def notify_all(self, item: Notice, but: Remote | None = None) -> None: ...
    @property
    def relayed_peers(self) -> list[int]: ...


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    finish_at: float


class HostRoleSession(Protocol):
    """What ``HostRole`` reads and calls of its session."""

    admission: _Admission
    auth: _Auth | None
    checks: _Checks
    config: SessionConfig
    created_at: float
    deal: _Deal
    end: MatchEnded | None
    late_joiners: _LateJoiners
    lobby: _Lobby
    next_resend: float
    now: float
    presence: _Presence
    relay: _Relay
    remotes: dict[int, Remote]
    router: Router
    settings: MatchSettings
    sid: int
    stats: NetStats
    sync: _Sync
    @property
    def done(self) -> bool: ...
    def enter(self, phase: str) -> None: ...
    def fail(self, reason: str, kind: FailReason = FailReason.OTHER, **facts: Any) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class HostRole:
    """The host's receive policy, timers and end of match."""

    def __init__(self, session: HostRoleSession) -> None:
        self.s = session
        self.final_sent = False
        router = session.router
        router.on(Bye, self.on_bye)
        router.on(Refuse, self.on_bye)
        router.on(Action, self.on_action)

    # ------------------------------------------------------------------ receiving (the Door)

    def known(self, address: Address) -> bool:
        s = self.s
        return any(r.address == address for r in s.remotes.values()) or s.admission.pending_at(address) is not None

    def key_for(self, address: Address) -> Callable[[int, int, int], bytes | None]:
        s = self.s

        def key(mtype: int, sid: int, peer: int) -> bytes | None:
            if sid != s.sid:
                return None
            if peer == NO_PEER:  # a JOIN: the key exchange at that address (or a joiner whose WELCOME was lost)
                if mtype != MsgType.JOIN:
                    return None
                p = s.admission.pending_at(address)
                if p is not None:
                    return p.key_in
                for r in s.remotes.values():
                    if r.address == address and not r.started and r.status != GONE:
                        return r.key_in
                return None
            r = s.remotes.get(peer)
            return r.key_in if r is not None and r.address == address else None
        return key

    def open_types(self) -> tuple[int, ...]:
        return (MsgType.HELLO, MsgType.PROBE)

    def rejected(self, e: Rejected, address: Address) -> None:
        if e.reason == "mac" and e.mtype == MsgType.JOIN:
            self.s.admission.wrong_code(address)

    def sender(self, msg: Message, address: Address) -> Remote | None:
        """The joiner a sealed datagram comes from (this session, its peer index, its address), or None (refused)."""
        s = self.s
        if msg.sid != s.sid or msg.version != PROTOCOL_VERSION:
            s.stats.reject("session")
            return None
        r = s.remotes.get(msg.peer)
        if r is None or r.address != address:
            s.stats.reject("peer")
            return None
        return r

    def heard(self, r: Remote, msg: Message) -> bool:
        """A peer heard from: its datagrams count (a dropped one is told, at most twice a second, and nothing more)."""
        s = self.s
        if r.status == GONE:
            if msg.type != MsgType.BYE and s.now - r.last_bye_sent > 0.5 and s.phase == RUNNING:
                r.last_bye_sent = s.now
                s.send(r, Bye(Reason.DROPPED, "you were dropped from the match"))
            return False
        r.last_recv = s.now
        return True

    def handled(self, r: Remote) -> None:
        """After its message: an interrupted peer heard again (and, running, whose inputs advance) is resumed."""
        s = self.s
        if r.status == INTERRUPTED and s.presence.heard(r) > s.now - s.config.interrupt_after:
            s.presence.resumed(r)

    def on_bye(self, r: Remote, m: Bye | Refuse) -> None:
        """A joiner leaves: out of the lobby (or the deal, which starts over); lost while running; after the end,
        finished."""
        s = self.s
        reason = m.text or "left"
        if s.phase in (LOBBY, DEALING):
            s.lobby.remove(r, reason)
        elif s.phase == RUNNING:
            s.presence.lose(r, reason, left=True)
        else:
            r.bye = True

    def on_action(self, r: Remote, m: Action) -> None:
        """A turn game: a joiner's ACTION datagram (views held, actions, reveal chunks held)."""
        s = self.s
        if s.phase in (RUNNING, FINISHING) and s.auth is not None:
            r.started = True
            s.auth.on_action(r, m)

    # ------------------------------------------------------------------ timers and resends

    @property
    def relayed_peers(self) -> list[int]:
        return self.s.relay.relayed_peers

    def wakeup(self) -> float:
        return float("inf")

    def awaiting_start(self) -> bool:
        """A peer has not started yet (START or the snapshot is still resent)."""
        return any(not r.started for r in self.s.remotes.values() if r.status != GONE)

    def timers(self) -> None:
        s = self.s
        cfg, now = s.config, s.now
        s.admission.age()
        if s.phase == LOBBY:
            if cfg.lobby_timeout and now >= s.created_at + cfg.lobby_timeout:
                s.fail("the seats were not filled in time")
                return
            for r in list(s.remotes.values()):
                if now >= r.last_recv + cfg.timeout:
                    s.lobby.remove(r, "timed out")
        elif s.phase == DEALING:
            for r in list(s.remotes.values()):
                if now >= r.last_recv + cfg.timeout:
                    s.lobby.remove(r, "timed out")
        else:
            s.presence.account_stalls()
            for r in list(s.remotes.values()):
                if r.status != GONE and not r.bye:
                    s.presence.progress(r)
                    s.presence.check(r)
        if not s.done:
            self.resend()

    def resend(self) -> None:
        """What is resent on the handshake's clock: the roster (lobby), the commits (dealing), START or the snapshot
        to a peer that has not started (running)."""
        s = self.s
        if s.now < s.next_resend:
            return
        s.next_resend = s.now + s.config.resend_interval
        if s.phase == LOBBY:
            s.next_resend = s.now + 5 * s.config.resend_interval
            s.lobby.resend()
        elif s.phase == DEALING:
            s.deal.resend_commits()
        elif s.phase in (RUNNING, FINISHING):
            for r in s.remotes.values():
                if r.catchup.late and not r.started and r.status != GONE and s.auth is None:
                    s.late_joiners.resend(r)
                elif not r.started and r.status != GONE:
                    s.deal.resend_start(r)

    # ------------------------------------------------------------------ the end

    def end_match(self) -> bool:
        """Host, running: end the match for everyone a few ticks from now (after every input anyone may hold); every
        peer stops at the same tick (``MatchEnded`` with reason "ended by the host"). False if not running."""
        s = self.s
        sync = s.sync
        if s.phase != RUNNING or (sync.driver is None and s.auth is None):
            return False
        if s.auth is not None:  # a turn game: the host's state is the match's; end it now
            s.auth.finish(EndReason.HOST_ENDED)
            return True
        d, st = sync.driver, s.settings
        e = max(d.tick, max(d.known) + 1, sync.requested_tick + 1) + sync.input_delay + st.window + 2
        if d.end_tick and d.end_tick <= e:
            return True
        d.end_tick = e
        sync.end_reason = EndReason.HOST_ENDED
        s.relay.notify_all(EndItem(e))
        return True

    def finishing(self) -> None:
        """Phase FINISHING: FINAL once every joiner's final checksum is in (or the timeout), then done once every
        joiner holds every notice."""
        s = self.s
        if s.phase != FINISHING:
            return
        live = [r for r in s.remotes.values() if r.status != GONE and not r.bye]
        late = s.now >= s.sync.finish_at + s.config.timeout
        if not self.final_sent:
            if late or all(s.checks.detector.has_remote(r.index, s.end.tick) for r in live):
                self.final_sent = True
                s.relay.notify_all(FinalItem(s.end.tick, 0, min(255, len(s.checks.reported_pairs))))
            return
        if late or all(r.inputs.log_acked >= len(r.log_out) for r in live):
            s.enter(DONE)
