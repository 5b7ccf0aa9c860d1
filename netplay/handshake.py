"""The joiner's way into a match (a part of ``netplay.session.JoinerSession``: ``session.handshake``): the open HELLO
with its SPAKE2 message (resent the same each time: one exchange, one code guess), again with the host's cookie once
it came (COOKIE), the host's KEYX, kept only if its key confirmation proves the host derived our key (a forged one is
ignored), our JOIN (the first sealed datagram), WELCOME and the settings check, READY (the ready flag), and the host's
refusals as typed failures: a sealed one at once, an open one (anyone could forge it) only if nothing confirmed comes
before the handshake's time limit. The fair-deal checks that follow are ``netplay.fairdeal.JoinerDeal``.
"""

from __future__ import annotations

import secrets
from typing import Any, Callable, Protocol

from .endpoint import Pending, Remote, Router
from .events import FailReason
from .messages import Cookie, Hello, Join, Keyx, Msg, Ready, Reason, Refuse, RefuseOpen, Welcome
from .protocol import DEALING, HELLO, LATE, LOBBY, SPAKE_IDS, fail_kind, refusal_facts
from .settings import MatchSettings, SessionConfig
from .stats import NetStats
from .transport import Address
from .wire import Message, keyx_confirm, peer_keys

__all__ = ["Handshake"]


class _Claims(Protocol):
    """``session.claims`` as this module uses it (``latejoin.Claims``)."""

    def want(self, seats: tuple[int, ...]) -> None: ...


class _Role(Protocol):
    """``session.role_part`` as this module uses it (``host.HostRole``, ``joiner.JoinerRole``)."""

    def resend(self) -> None: ...


class HandshakeSession(Protocol):
    """What ``Handshake`` reads and calls of its session."""

    claims: _Claims
    commit: bytes
    config: SessionConfig
    index: int
    my_seats: tuple[int, ...]
    name: str
    next_resend: float
    now: float
    password: str
    protocol_version: int
    remotes: dict[int, Remote]
    role_part: _Role
    router: Router
    settings: MatchSettings
    sid: int
    stats: NetStats
    token: bytes
    def enter(self, phase: str) -> None: ...
    def fail(self, reason: str, kind: FailReason = FailReason.OTHER, **facts: Any) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class Handshake:
    """The key exchange, the WELCOME, the ready flag."""

    def __init__(self, session: HandshakeSession) -> None:
        self.s = session
        self.spake_state = b""  # our SPAKE2 side after start(): each KEYX is tried on a fresh copy
        self.spake_msg = b""
        self.cookie = b""
        self.keyed = False
        self.told: tuple[Any, ...] | None = None  # an open refusal (or an unconfirmed KEYX): believed at the deadline
        self.host_address: Address | None = None
        self.hello_nonce = b""
        self.wanted = 0
        self.expect_digest = b""
        self.accept: Callable[[MatchSettings], Any] | None = None
        self.ready_flag = True
        router = session.router
        router.on_open(RefuseOpen, self.on_refusal)
        router.on_open(Refuse, self.on_refusal)
        router.on_open(Cookie, self.on_handshake)
        router.on_open(Keyx, self.on_handshake)
        router.on_open(Welcome, self.on_handshake)
        router.on(Welcome, self.on_welcome_again)

    def ask(self, host_address: Address, seats: int, *,
            accept: Callable[[MatchSettings], Any] | None, expect_digest: bytes, protocol_version: int,
            auto_ready: bool, claim: tuple[int, ...], token: bytes | None) -> None:
        """``Session.join``'s set-up: the host's address, what we ask, our SPAKE2 side (A)."""
        s = self.s
        self.host_address = (host_address[0], int(host_address[1]))
        s.remotes[0] = Remote(0, self.host_address, (), s.now)
        self.wanted = seats
        self.hello_nonce = secrets.token_bytes(16)
        self.accept = accept
        self.expect_digest = expect_digest
        s.protocol_version = protocol_version
        self.ready_flag = auto_ready
        s.claims.want(claim)
        s.token = token if token is not None and len(token) == 16 else secrets.token_bytes(16)
        from spake2 import SPAKE2_A  # imported when first needed (its group tables take ~0.1 s to build)
        spake = SPAKE2_A(s.password, **SPAKE_IDS)  # the system's randomness, whatever the seed
        self.spake_msg = spake.start()
        self.spake_state = spake.serialize()

    def set_ready(self, ready: bool) -> None:
        """Joiner in the lobby: this peer's players are ready (or not any more)."""
        if self.ready_flag != ready:
            self.ready_flag = ready
            self.s.next_resend = self.s.now

    def on_refusal(self, msg: Message, address: Address) -> bool:
        """The host refused us before the match: a sealed refusal (REFUSE) fails at once with the typed reason and
        its facts; an open one (REFUSE_OPEN, which anyone could forge) is kept and believed only at the deadline if
        nothing confirmed came meanwhile. False for anything else (a REFUSE while running is the host's goodbye)."""
        s, m = self.s, msg.body
        if address != self.host_address or s.phase not in (HELLO, LOBBY, DEALING, LATE):
            return False
        kind = fail_kind(m.code)
        reason = f"refused by the host: {m.text}"
        facts = refusal_facts(kind, m.facts, msg.version, s.protocol_version)
        if type(m) is RefuseOpen:
            if s.phase == HELLO and not self.keyed:
                self.told = (reason, kind, facts)
            return True
        s.fail(reason, kind, **facts)
        return True

    def deadline(self) -> None:
        """Nothing confirmed from the host in the handshake's time: fail with what an open refusal said (or an
        unconfirmed KEYX: a wrong code), else "no answer"."""
        s = self.s
        host = s.remotes[0]
        if self.told is not None:
            reason, kind, facts = self.told
            s.fail(reason, kind, **facts)
            return
        where = f"{host.address[0]}:{host.address[1]}"
        limit = s.config.hello_timeout if s.config.hello_timeout is not None else s.config.timeout
        s.fail(f"no answer from {where} in {limit:g} s (no host there?)", FailReason.UNREACHABLE, address=where)

    def on_handshake(self, msg: Message, address: Address) -> bool:
        """Phase HELLO: the host's COOKIE, its KEYX, then its WELCOME (later, a WELCOME is the host's keepalive:
        False)."""
        s, m = self.s, msg.body
        if address != self.host_address or s.phase != HELLO:
            return False
        if type(m) is Cookie:
            if m.hello_nonce == self.hello_nonce and not self.keyed and m.cookie != self.cookie:
                self.cookie = m.cookie  # our next HELLO carries it: now the host does the exchange
                s.next_resend = s.now
                s.role_part.resend()
            else:
                s.stats.reject("unexpected")
        elif type(m) is Keyx:
            self.on_keyx(msg)
        elif m.hello_nonce != self.hello_nonce or not s.remotes[0].window.fresh(msg.seq):
            s.stats.reject("unexpected")
        else:
            self.on_welcome(msg)
        return True

    def on_keyx(self, msg: Message) -> None:
        """The host's half of the key exchange: if its confirmation proves it derived our key, keep the key pair and
        send JOIN, our first sealed datagram; else (a forged KEYX, or another code than the host's) keep waiting."""
        from spake2 import SPAKE2_A
        s, m = self.s, msg.body
        if self.keyed or m.hello_nonce != self.hello_nonce or msg.sid == 0:
            s.stats.reject("unexpected")
            return
        try:
            k = SPAKE2_A.from_serialized(self.spake_state).finish(m.spake)
        except Exception:  # spake2 raises several types for a bad message
            s.stats.reject("spake")
            return
        if keyx_confirm(k, msg.sid, self.hello_nonce) != m.confirm:
            s.stats.reject("confirm")
            self.told = ("the host's key exchange does not confirm our join code: wrong join code",
                         FailReason.WRONG_CODE, {})
            return
        host = s.remotes[0]
        host.key_in, host.key_out = peer_keys(k, msg.sid, self.hello_nonce)
        s.sid = msg.sid
        self.keyed = True
        self.told = None
        self.spake_state = b""
        s.next_resend = s.now
        s.role_part.resend()

    def on_welcome(self, msg: Message) -> None:
        s, m = self.s, msg.body
        settings = m.settings
        host = s.remotes[0]
        if m.digest != settings.digest() or len(m.seats) != self.wanted:
            s.stats.reject("schema")
            return
        host.window.accept(msg.seq)
        s.stats.received(s.now, 0, msg.seq, msg.size)
        host.last_recv = s.now
        s.index = m.peer
        s.settings = settings
        s.my_seats = tuple(m.seats)
        reason = self.accept(settings) if self.accept else None
        if reason:
            kind, facts = FailReason.SETTINGS, {}
            if not isinstance(reason, str):  # (kind, text, facts): e.g. another rules version, named
                kind, reason, facts = reason
            s.send(host, Refuse(Reason.SETTINGS, reason[:200]))
            s.fail(f"cannot play the host's match: {reason}", kind, **facts)
            return
        s.enter(LOBBY)
        s.next_resend = s.now
        s.role_part.resend()

    def on_welcome_again(self, host: Remote, m: Welcome) -> None:
        """A WELCOME resent (the host's keepalive in the lobby): nothing to do."""

    def resend(self) -> None:
        """HELLO (the same each time: one exchange, one code guess) until the KEYX, then JOIN until the WELCOME; in
        the lobby, READY with the ready flag."""
        s = self.s
        host = s.remotes[0]
        if s.phase == HELLO and not self.keyed:
            s.send(host, Hello(self.spake_msg, self.hello_nonce, self.wanted, self.expect_digest, self.cookie,
                               bytes(120)), sid=0, open_=True)
        elif s.phase == HELLO:
            s.send(host, Join(self.wanted, s.commit, self.expect_digest, s.name, s.token))
        elif s.phase == LOBBY:
            s.next_resend = s.now + 2.5 * s.config.resend_interval
            s.send(host, Ready(s.settings.digest(), int(self.ready_flag), s.commit))
