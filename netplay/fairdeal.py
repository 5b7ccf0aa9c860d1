"""The fair deal (DESIGN.md "Fair deal"): the match seed is blake2b of every player's nonce, each committed before any
is revealed, so no peer chooses the shuffle.

- ``HostDeal`` (a part of ``netplay.session.HostSession``): once the lobby is full and ready, the commits of the host
  and of every seat owner (COMMITS), each reveal checked against its commit (REVEAL), the input delay chosen from the
  RTT measured meanwhile, START with every nonce (a host-authoritative turn game: the commits again, the seed stays
  the host's until the end), resent until each joiner runs.
- ``JoinerDeal`` (a part of ``netplay.session.JoinerSession``): the commit list's checks (every commit a real digest,
  ours in it), our REVEAL, and START's (every nonce against its commit, no phantom peer, our seats, the input delay
  agreed). A commitment once seen is binding: the host's own commit never changes, and once we revealed our nonce
  the commit list may not change at all (a host that saw the reveals could otherwise grind the seed with a new
  commit of its own), and START must come: any change, a missing START or a nonce that does not open its commit
  ends in "This match was not dealt fairly" (``FailReason.UNFAIR_DEAL``).
- ``reveal_problem`` / ``revealed_seed``: a turn game's end-of-match reveal checked against the commits (the
  re-simulation is the game side's: ``arcade.core.authority``).
"""

from __future__ import annotations

import secrets
from typing import Any, Protocol

from .endpoint import Pending, Remote, Router
from .events import FailReason
from .messages import Commits, Msg, Reason, Refuse, Reveal, Start
from .protocol import DEALING, FINISHING, LOBBY, RUNNING, echo_rtt, ms_since
from .settings import AUTHORITY, AUTO_INPUT_DELAY, ROLLBACK, MatchSettings, SessionConfig, input_delay_for_rtt
from .stats import NetStats
from .wire import commit_of, commits_digest, is_real_commit, now_ms, seed_from_nonces

__all__ = ["HostDeal", "JoinerDeal", "reveal_problem", "revealed_seed", "UNFAIR"]

UNFAIR = "This match was not dealt fairly"
"""How a joiner's failure (or a turn game's verdict) on a deal it cannot verify begins."""


class _Auth(Protocol):
    """``session.auth`` (``authority.HostAuthority``, ``authority.JoinerAuthority``): here only compared with None."""


class _Lobby(Protocol):
    """``session.lobby`` as this module uses it (``lobby.HostLobby``)."""

    def remove(self, r: Remote, reason: str) -> None: ...


class _Relay(Protocol):
    """``session.relay`` as this module uses it (``relay.Relay``)."""

    def introduce(self) -> None: ...


class _Role(Protocol):
    """``session.role_part`` as this module uses it (``host.HostRole``, ``joiner.JoinerRole``)."""

    def resend(self) -> None: ...


class _Roster(Protocol):
    """``session.roster`` as this module uses it (``lobby.Roster``)."""

    deals: int


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    input_delay: int
    next_tick_at: float
    started_at: float
    def start(self, seed: int | None, tick: int = 0, saved: Any = None) -> None: ...


class HostDealSession(Protocol):
    """What ``HostDeal`` reads and calls of its session."""

    auth: _Auth | None
    commit: bytes
    config: SessionConfig
    lobby: _Lobby
    next_resend: float
    nonce: bytes
    now: float
    owners: list[int | None]
    relay: _Relay
    remotes: dict[int, Remote]
    role_part: _Role
    router: Router
    settings: MatchSettings
    stats: NetStats
    sync: _Sync
    def enter(self, phase: str) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class JoinerDealSession(Protocol):
    """What ``JoinerDeal`` reads and calls of its session."""

    commit: bytes
    config: SessionConfig
    index: int
    late: bool
    my_seats: tuple[int, ...]
    next_resend: float
    nonce: bytes
    now: float
    owners: list[int | None]
    remotes: dict[int, Remote]
    role_part: _Role
    roster: _Roster
    router: Router
    settings: MatchSettings
    stats: NetStats
    sync: _Sync
    def enter(self, phase: str) -> None: ...
    def fail(self, reason: str, kind: FailReason = FailReason.OTHER, **facts: Any) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


def reveal_problem(commits: list[list[Any]], nonces: list[list[Any]]) -> str | None:
    """Why a reveal does not prove a fair deal, or None. ``commits``: ``[[peer, commit (32 bytes)], ...]`` as
    received before the deal; ``nonces``: ``[[peer, nonce (32 bytes)], ...]`` as revealed. Refused: other peers
    than committed (or in another order), a commit that is no real digest (all zero), a nonce whose blake2b-256 is
    not its commit."""
    if [p for p, _ in nonces] != [p for p, _ in commits]:
        return "the host revealed other peers than it committed"
    for (peer, n), (_, c) in zip(nonces, commits):
        if not is_real_commit(c):
            return f"peer {peer}'s commit is no real digest"
        if type(n) is not bytes or commit_of(n) != c:
            return f"peer {peer}'s revealed nonce does not match its commit"
    return None


def revealed_seed(nonces: list[list[Any]]) -> int:
    """The match seed the revealed nonces make (``wire.seed_from_nonces``, nonces in peer order)."""
    return seed_from_nonces([n for _, n in nonces])


class HostDeal:
    """The host's side of the deal: ``commits`` shown, ``start_nonces`` revealed with START."""

    def __init__(self, session: HostDealSession) -> None:
        self.s = session
        self.commits: list[list[Any]] = []
        self.start_nonces: list[list[Any]] = []
        self.deals = 0  # deals begun (more than one: started over when a player left)
        session.router.on(Reveal, self.on_reveal)

    def begin(self) -> None:
        """The lobby is full and ready: show every player's commit (COMMITS) and wait for every reveal."""
        s = self.s
        s.enter(DEALING)
        self.deals = min(255, self.deals + 1)
        for r in s.remotes.values():  # a deal started over (someone left) needs every reveal again
            r.deal.revealed = False
        self.commits = self.commit_list()
        s.next_resend = s.now
        s.role_part.resend()

    def times_over(self) -> int:
        """Deals started over (``Session.deal_restarts``): the deals begun but the one under way (in the lobby, every
        one begun was given up)."""
        return max(0, self.deals - (0 if self.s.phase == LOBBY else 1))

    def take_commit(self, r: Remote, commit: bytes) -> None:
        """Joiner ``r``'s fair-deal commit, as its JOIN or READY brought it (a real digest: checked by the caller)."""
        r.deal.commit = commit

    def commit_list(self) -> list[list[Any]]:
        """``[peer, commit]`` of the host and of every joiner that owns a seat, by peer index."""
        s = self.s
        players = sorted({o for o in s.owners if o} & set(s.remotes))
        return [[0, s.commit]] + [[i, s.remotes[i].deal.commit] for i in players]

    def resend_commits(self) -> None:
        s = self.s
        for r in s.remotes.values():
            if not r.deal.revealed:
                s.send(r, Commits(self.commits, now_ms(s.now), self.deals))

    def on_reveal(self, r: Remote, m: Reveal) -> None:
        s = self.s
        if s.phase == DEALING:
            if m.commits_digest != commits_digest(self.commits):
                return  # a reveal answering an older commit list (the deal started over): wait for the new one
            if r.seats and commit_of(m.nonce) != r.deal.commit:
                s.send(r, Refuse(Reason.BAD_REVEAL, "your nonce does not match your commit"))
                s.lobby.remove(r, "bad reveal")
                return
            r.deal.nonce, r.deal.revealed, r.deal.reveal_t, r.deal.reveal_at = m.nonce, True, m.stamp, s.now
            if m.echo is not None:
                rtt = echo_rtt(s.now, m.echo, m.hold)
                if 0 <= rtt < 10:
                    s.stats.link(r.index).add_rtt(rtt)
            if all(o.deal.revealed for o in s.remotes.values()):
                self.start_match()
        elif s.phase in (RUNNING, FINISHING) and not r.started:
            r.deal.reveal_t, r.deal.reveal_at = m.stamp, s.now

    def start_match(self) -> None:
        """Every nonce is in: the seed, the input delay, the start (and in rollback the mesh introductions)."""
        s = self.s
        nonces = [[0, s.nonce]] + [[i, s.remotes[i].deal.nonce] for i, _ in self.commits[1:]]
        self.start_nonces = nonces
        s.sync.input_delay = self.chosen_input_delay()
        s.sync.start(seed_from_nonces([n for _, n in nonces]))
        if s.settings.mode == ROLLBACK and s.config.mesh:
            s.relay.introduce()
        for r in s.remotes.values():
            r.started = False
        s.next_resend = s.now
        s.role_part.resend()

    def chosen_input_delay(self) -> int:
        """The settings' input delay, or when it is ``AUTO_INPUT_DELAY`` the delay for the slowest player's RTT
        measured while dealing (COMMITS stamp echoed in REVEAL); 2 ticks if nothing was measured."""
        s = self.s
        st = s.settings
        if st.input_delay != AUTO_INPUT_DELAY:
            return st.input_delay
        rtts = [s.stats.link(i).rtt for i, _ in self.commits[1:] if s.stats.link(i).rtt_samples]
        return input_delay_for_rtt(max(rtts), st.tick_rate) if rtts else 2

    def resend_start(self, r: Remote) -> None:
        """START to a joiner that has not started yet. A turn game names the commits only: the nonces (the seed)
        are revealed at the end."""
        s = self.s
        named = self.commits if s.auth is not None else self.start_nonces
        s.send(r, Start(named, list(s.owners), r.deal.reveal_t, ms_since(s.now, r.deal.reveal_at),
                        ms_since(s.now, s.sync.started_at), s.sync.input_delay))


class JoinerDeal:
    """A joiner's side of the deal: the ``commits`` it was shown, its reveal, the checks of START."""

    def __init__(self, session: JoinerDealSession) -> None:
        self.s = session
        self.commits: list[list[Any]] = []
        self.commits_echo: tuple[int, float] | None = None  # the host's COMMITS stamp and when we got it
        self.host_commit: bytes | None = None  # the host's commit, first seen: binding from then on
        self.revealed: list[list[Any]] | None = None  # the commit list we revealed our nonce against: binding
        self.revealed_at = 0.0
        self.deal = 0       # the deal (``Commits.deal``) of the list we were shown
        self.restarts = 0   # deals started over after we revealed our nonce
        session.router.on(Commits, self.on_commits)
        session.router.on(Start, self.on_start_msg)

    def on_commits(self, host: Remote, m: Commits) -> None:
        s = self.s
        if s.phase not in (LOBBY, DEALING) or (self.revealed is not None and m.deal != self.deal):
            return  # another deal's list (an old one, late): ours is binding
        problem = self.commits_problem(m.commits)
        if problem:
            s.fail(f"{UNFAIR}: {problem}", FailReason.UNFAIR_DEAL)
            return
        self.commits, self.deal = m.commits, m.deal
        if self.host_commit is None:
            self.host_commit = m.commits[0][1]
        if m.stamp is not None:
            self.commits_echo = (m.stamp, s.now)
        if s.phase == LOBBY:
            s.enter(DEALING)
            s.next_resend = s.now
            s.role_part.resend()

    def commits_problem(self, commits: list[list[Any]]) -> str | None:
        """Why a joiner refuses the host's commit list: a commit that is no real digest (all zero), a list without
        the host, or without our own commit (a player); another commit of the host's than the first it showed; any
        other list than the one we revealed our nonce against."""
        s = self.s
        if not all(is_real_commit(c) for _, c in commits):
            return "the host sent a fair-deal commit that is no real digest: the deal would not be fair"
        peers = {p: c for p, c in commits}
        if 0 not in peers or (s.my_seats and peers.get(s.index) != s.commit):
            return "the host's commit list does not hold our commit: the deal would not be fair"
        if self.host_commit is not None and peers[0] != self.host_commit:
            return "the host changed its own fair-deal commit"
        if self.revealed is not None and commits != self.revealed:
            return "the host changed the commits after we revealed our nonce"
        return None

    def times_over(self) -> int:
        """Deals started over (``Session.deal_restarts``), as the host's commit lists and lobby roster number them."""
        lobby = self.s.phase == LOBBY
        return max(0, self.deal - 1, self.s.roster.deals - (0 if lobby else 1))

    def started_over(self, owners: list[int | None]) -> None:
        """The host is back in the lobby after the deal we revealed our nonce in (``owners``: its roster's): that is
        only fair if a player of that deal left (and not more than 3 times); then we deal again with a fresh nonce,
        never the one revealed."""
        s = self.s
        gone = {p for p, _ in self.revealed[1:]} - {o for o in owners if o}
        self.restarts += 1
        if not gone or self.restarts > 3:
            why = "every player was still there" if not gone else "too often"
            s.fail(f"{UNFAIR}: the host started the deal over after our reveal ({why})", FailReason.UNFAIR_DEAL)
            return
        s.nonce = secrets.token_bytes(32)
        s.commit = commit_of(s.nonce)
        self.revealed, self.commits, self.commits_echo = None, [], None
        s.enter(LOBBY)
        s.next_resend = s.now

    def check_start(self) -> None:
        """Dealing: our nonce was revealed; START must come within the timeout (a host that saw every nonce and did
        not like the seed they make would otherwise simply start over)."""
        s = self.s
        if s.phase == DEALING and self.revealed is not None and s.now >= self.revealed_at + s.config.timeout:
            s.fail(f"{UNFAIR}: the host did not start the deal after we revealed our nonce", FailReason.UNFAIR_DEAL)

    def resend(self) -> None:
        """Our REVEAL, naming the commit list it answers, with the echo of the host's COMMITS stamp."""
        s = self.s
        if self.revealed is None:
            self.revealed, self.revealed_at = [list(c) for c in self.commits], s.now
        echo: list[int] = []
        if self.commits_echo is not None:
            echo = [self.commits_echo[0], ms_since(s.now, self.commits_echo[1])]
        s.send(s.remotes[0], Reveal(s.nonce, now_ms(s.now), commits_digest(self.commits), *echo))

    def on_start_msg(self, host: Remote, m: Start) -> None:
        s = self.s
        if s.phase == DEALING or (s.phase == LOBBY and s.settings.mode == AUTHORITY and not s.my_seats):
            self.on_start(m)  # (a turn game: a spectator joining the running match starts here)

    def start_problem(self, nonces: list[list[Any]], owners: list[int]) -> tuple[str, FailReason] | None:
        """Why a joiner refuses the host's START (nonces against the commits, the seats), or None."""
        s = self.s
        if len(owners) != s.settings.seats:
            return "malformed start from the host", FailReason.PROTOCOL
        if [p for p, _ in nonces] != [p for p, _ in self.commits]:
            return "the host revealed other peers than it committed", FailReason.UNFAIR_DEAL
        if {p for p, _ in nonces} != {0} | set(owners):
            return ("the host's deal counts a peer that plays no seat (a phantom commit)",
                    FailReason.UNFAIR_DEAL)
        for (_, n), (_, c) in zip(nonces, self.commits):
            if not is_real_commit(c) or commit_of(n) != c:
                return "a revealed nonce does not match its commit", FailReason.UNFAIR_DEAL
        if [seat for seat, o in enumerate(owners) if o == s.index] != list(s.my_seats):
            return "the host gave our seats to someone else", FailReason.PROTOCOL
        return None

    def authority_start_problem(self, m: Start) -> tuple[str, FailReason] | None:
        """A turn game's START (the commits again, no nonce): the commit list is the one shown before the deal (a
        spectator joining the running match, who saw none, takes it if every commit is a real digest), names exactly
        the host and the seats' owners (no phantom), and our seats are ours."""
        s = self.s
        commits, owners = m.nonces, m.owners
        if len(owners) != s.settings.seats:
            return "malformed start from the host", FailReason.PROTOCOL
        if not self.commits and not s.my_seats and s.phase == LOBBY:
            if not all(is_real_commit(c) for _, c in commits) or commits[0][0] != 0:
                return "the host's commit list is not a fair deal's", FailReason.UNFAIR_DEAL
            self.commits, s.late = commits, True
            return None
        if commits != self.commits:
            return "the host started with other commits than it showed", FailReason.UNFAIR_DEAL
        if {p for p, _ in commits} != {0} | set(owners):
            return ("the host's deal counts a peer that plays no seat (a phantom commit)",
                    FailReason.UNFAIR_DEAL)
        if [seat for seat, o in enumerate(owners) if o == s.index] != list(s.my_seats):
            return "the host gave our seats to someone else", FailReason.PROTOCOL
        return None

    def refuse(self, why: str, kind: FailReason) -> None:
        """Refuse the host's START: fail (an unfair deal says so first)."""
        self.s.fail(f"{UNFAIR}: {why}" if kind == FailReason.UNFAIR_DEAL else why, kind)

    def delay_problem(self, delay: int) -> bool:
        """Whether the input delay the host chose breaks the agreed settings (then we fail)."""
        s = self.s
        if delay == AUTO_INPUT_DELAY or s.settings.input_delay not in (AUTO_INPUT_DELAY, delay):
            s.fail("the host chose another input delay than the one agreed", FailReason.PROTOCOL)
            return True
        return False

    def on_start(self, m: Start) -> None:
        s = self.s
        if s.settings.mode == AUTHORITY:  # the commits again, no nonce before the end
            problem = self.authority_start_problem(m)
            if problem:
                self.refuse(*problem)
                return
            s.owners = list(m.owners)
            s.sync.start(None)
            return
        problem = self.start_problem(m.nonces, m.owners)
        if problem:
            self.refuse(*problem)
            return
        delay = m.input_delay if m.input_delay is not None else s.settings.input_delay
        if self.delay_problem(delay):
            return
        s.owners = list(m.owners)
        s.sync.input_delay = delay
        rtt = echo_rtt(s.now, m.echo, m.hold)
        if 0 <= rtt < 10:
            s.stats.link(0).add_rtt(rtt)
        else:
            rtt = 0.0
        s.sync.start(seed_from_nonces([n for _, n in m.nonces]))
        s.sync.next_tick_at = s.now - min(0.25, m.age / 1000.0 + rtt / 2)
