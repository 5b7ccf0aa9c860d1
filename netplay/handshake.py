"""The joiner's way into a match (a part of ``netplay.joiner.JoinerSession``): the open HELLO with its SPAKE2 message
(resent the same each time: one exchange, one code guess), the host's KEYX and our JOIN (the first sealed datagram),
WELCOME and the settings check, READY, refusals as typed failures, then the fair-deal checks: the host's commit list
(every commit a real digest, ours in it), our REVEAL, and START (every nonce against its commit, no phantom peer, our
seats, the input delay agreed).
"""

from __future__ import annotations

from typing import Any

from .endpoint import Remote
from .events import FailReason
from .protocol import DEALING, HELLO, LOBBY, echo_rtt, fail_kind, ms_since, refusal_facts
from .settings import AUTO_INPUT_DELAY, MatchSettings
from .wire import Message, MsgType, Reason, commit_of, commits_digest, is_real_commit, now_ms, peer_keys, \
    seed_from_nonces

__all__ = ["JoinHandshake"]


class JoinHandshake:
    """The joiner's handshake and fair-deal checks (a mixin of ``JoinerSession``)."""

    def _on_refusal(self, msg: Message) -> None:
        """The host refused us before the match: fail with the typed reason and its facts."""
        f = msg.fields
        if msg.type == MsgType.REFUSE_OPEN and f[0] == Reason.WRONG_CODE and not self.keyed:
            self.stats.reject("unexpected")  # a wrong code shows only once our JOIN failed the host's check
            return
        kind = fail_kind(f[0])
        self._fail(f"refused by the host: {f[1]}", kind,
                   **refusal_facts(kind, f, msg.version, self.protocol_version))

    def _on_handshake(self, msg: Message) -> None:
        """Phase HELLO: the host's KEYX, then its WELCOME."""
        host, f = self.remotes[0], msg.fields
        if msg.type == MsgType.KEYX:
            self._on_keyx(msg)
            return
        if msg.type != MsgType.WELCOME or f[0] != self.hello_nonce or not host.window.fresh(msg.seq):
            self.stats.reject("unexpected")
            return
        self._on_welcome(msg)

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

    def _on_commits(self, host: Remote, f: list[Any]) -> None:
        if self.phase not in (LOBBY, DEALING):
            return
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

    def _commits_problem(self, commits: list[list[Any]]) -> str | None:
        """Why a joiner refuses the host's commit list: a commit that is no real digest (all zero), a list without
        the host, or without our own commit (a player)."""
        if not all(is_real_commit(c) for _, c in commits):
            return "the host sent a fair-deal commit that is no real digest: the deal would not be fair"
        peers = {p: c for p, c in commits}
        if 0 not in peers or (self.my_seats and peers.get(self.index) != self.commit):
            return "the host's commit list does not hold our commit: the deal would not be fair"
        return None

    def _on_start_msg(self, host: Remote, f: list[Any]) -> None:
        if self.phase == DEALING:
            self._on_start(f)

    def _start_problem(self, nonces: list[list[Any]], owners: list[int]) -> tuple[str, FailReason] | None:
        """Why a joiner refuses the host's START (nonces against the commits, the seats), or None."""
        if len(owners) != self.settings.seats:
            return "malformed start from the host", FailReason.PROTOCOL
        if [p for p, _ in nonces] != [p for p, _ in self.commits]:
            return "the host revealed other peers than it committed: the deal is not fair", FailReason.UNFAIR_DEAL
        if {p for p, _ in nonces} != {0} | set(owners):
            return ("the host's deal counts a peer that plays no seat (a phantom commit): the deal is not fair",
                    FailReason.UNFAIR_DEAL)
        for (_, n), (_, c) in zip(nonces, self.commits):
            if not is_real_commit(c) or commit_of(n) != c:
                return "a revealed nonce does not match its commit: the deal is not fair", FailReason.UNFAIR_DEAL
        if [s for s, o in enumerate(owners) if o == self.index] != list(self.my_seats):
            return "the host gave our seats to someone else", FailReason.PROTOCOL
        return None

    def _delay_problem(self, delay: int) -> bool:
        """Whether the input delay the host chose breaks the agreed settings (then we fail)."""
        if delay == AUTO_INPUT_DELAY or self.settings.input_delay not in (AUTO_INPUT_DELAY, delay):
            self._fail("the host chose another input delay than the one agreed", FailReason.PROTOCOL)
            return True
        return False

    def _on_start(self, f: list[Any]) -> None:
        nonces, owners, echo_t, hold, age = f[:5]
        problem = self._start_problem(nonces, owners)
        if problem:
            self._fail(*problem)
            return
        delay = f[5] if len(f) == 6 else self.settings.input_delay
        if self._delay_problem(delay):
            return
        self.owners = list(owners)
        self.input_delay = delay
        rtt = echo_rtt(self.now, echo_t, hold)
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
        elif self.phase == DEALING:
            echo: list[int] = []
            if self.commits_echo is not None:
                echo = [self.commits_echo[0], ms_since(self.now, self.commits_echo[1])]
            self._send(host, MsgType.REVEAL, [self.nonce, now_ms(self.now), commits_digest(self.commits), *echo])
