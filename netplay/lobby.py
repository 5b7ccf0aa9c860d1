"""The lobby: the host's (``HostLobby``, a part of ``netplay.session.HostSession``: seats open or the host's own,
bots, ready flags, the ROSTER every joiner is sent, the countdown, Start, removing a joiner) and as a joiner sees it
(``Roster``, a part of ``netplay.session.JoinerSession``: what the host's ROSTER says). When every seat is filled
and every joiner ready (and Start was pressed, without ``auto_start``) the host's deal begins
(``netplay.fairdeal.HostDeal``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .endpoint import CONNECTED, GONE, Pending, Remote, Router
from .events import Disconnected, NetEvent, PeerLeft
from .messages import BOT_LEVEL_CHARS, Msg, Ready, Reason, Refuse, Roster as RosterMsg, Welcome
from .protocol import DEALING, DONE, FINISHING, LATE, LOBBY, RUNNING, owners_from_wire, owners_to_wire
from .settings import MAX_SEATS, MatchSettings
from .wire import is_real_commit

__all__ = ["PeerInfo", "HostLobby", "Roster"]


class _Deal(Protocol):
    """``session.deal`` as this module uses it (``fairdeal.HostDeal``)."""

    deals: int
    def begin(self) -> None: ...
    def take_commit(self, r: Remote, commit: bytes) -> None: ...


class _Presence(Protocol):
    """``session.presence`` as this module uses it (``drops.HostDrops``)."""

    def drop_peer(self, peer: int, reason: str = 'dropped by the host') -> bool: ...


class HostLobbySession(Protocol):
    """What ``HostLobby`` reads and calls of its session."""

    bots: dict[int, str]
    countdown_until: float | None
    deal: _Deal
    name: str
    next_resend: float
    now: float
    owners: list[int | None]
    presence: _Presence
    remotes: dict[int, Remote]
    router: Router
    settings: MatchSettings
    def bots_of(self, peer: int, seats: tuple[int, ...]) -> tuple[tuple[int, str], ...]: ...
    def countdown_left(self) -> float | None: ...
    def emit(self, ev: NetEvent) -> None: ...
    def enter(self, phase: str) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class RosterSession(Protocol):
    """What ``Roster`` reads and calls of its session."""

    bots: dict[int, str]
    countdown_until: float | None
    deal: _Deal
    index: int
    late: bool
    name: str
    now: float
    owners: list[int | None]
    remotes: dict[int, Remote]
    router: Router
    def bots_of(self, peer: int, seats: tuple[int, ...]) -> tuple[tuple[int, str], ...]: ...
    @property
    def done(self) -> bool: ...
    @property
    def phase(self) -> str: ...


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


class HostLobby:
    """The host's lobby."""

    def __init__(self, session: HostLobbySession) -> None:
        self.s = session
        self.auto_start = True
        self.start_requested = False
        self.roster_dirty = False
        session.router.on(Ready, self.on_ready)

    def open(self, auto_start: bool, bots: dict[int, str]) -> bool:
        """The lobby opens (the owners are set): with ``auto_start`` the deal begins as soon as it can. False if
        ``bots`` is not a valid choice of the host's own seats."""
        self.auto_start = auto_start
        return self.set_bots(bots)

    def peers(self) -> list[PeerInfo]:
        s = self.s
        mine = tuple(seat for seat, o in enumerate(s.owners) if o == 0)
        out = [PeerInfo(0, s.name, mine, True, bots=s.bots_of(0, mine))]
        for i, r in sorted(s.remotes.items()):
            seats = tuple(seat for seat, o in enumerate(s.owners) if o == i)
            out.append(PeerInfo(i, r.lobby.name, seats, r.lobby.ready, r.status, r.catchup.late))
        return out

    def set_bots(self, levels: dict[int, str]) -> bool:
        """Host in the lobby: which of its own seats a bot plays (seat -> level, e.g. {2: "normal"}); joiners get it
        with the roster and name those seats "Bot (level)" in the lobby and as bots at the table. False (nothing
        changed) outside the lobby, for a seat the host does not hold, or a level that is empty or over 16 chars."""
        s = self.s
        if s.phase != LOBBY:
            return False
        if not all(0 <= seat < len(s.owners) and s.owners[seat] == 0 and 0 < len(level) <= BOT_LEVEL_CHARS
                   for seat, level in levels.items()):
            return False
        if levels != s.bots:
            s.bots = dict(levels)
            self.changed()
        return True

    def set_open(self, seat: int, open_: bool) -> bool:
        """Host in the lobby: make a seat open for a joiner (True) or the host's own (False). False if a joiner holds
        it or the lobby is closed."""
        s = self.s
        if s.phase != LOBBY or not 0 <= seat < len(s.owners):
            return False
        if s.owners[seat] not in (None, 0):
            return False
        s.owners[seat] = None if open_ else 0
        self.changed()
        return True

    def set_countdown(self, seconds: float | None) -> None:
        """Host in the lobby: show every peer a countdown ending ``seconds`` from now (None: no countdown)."""
        s = self.s
        s.countdown_until = None if seconds is None else s.now + seconds
        self.changed()

    def start_problem(self) -> str | None:
        """Host: why the match cannot start now (open seats, a joiner not ready), or None."""
        s = self.s
        if s.phase != LOBBY:
            return "the lobby is closed"
        open_ = [seat + 1 for seat, o in enumerate(s.owners) if o is None]
        if open_:
            return "seat" + ("s " if len(open_) > 1 else " ") + ", ".join(map(str, open_)) + " still open"
        waiting = [r.lobby.name or f"peer {r.index}" for r in s.remotes.values() if not r.lobby.ready]
        if waiting:
            return "waiting for " + ", ".join(waiting) + " to be ready"
        return None

    def start(self) -> str | None:
        """Host without ``auto_start``: begin the fair deal now. Returns None, or why it cannot start yet."""
        problem = self.start_problem()
        if problem:
            return problem
        self.start_requested = True
        self.maybe_deal()
        return None

    def changed(self) -> None:
        """The roster changed: every joiner is sent it at once."""
        self.roster_dirty = True
        self.s.next_resend = self.s.now

    def kick(self, peer: int, reason: str = "removed by the host") -> bool:
        """Host in the lobby (or a spectator at any time): send ``peer`` away; its seats are open again. The peer is
        told (its session fails with ``FailReason.REMOVED``). False if there is no such peer."""
        s = self.s
        r = s.remotes.get(peer)
        if r is None or r.status == GONE:
            return False
        if s.phase == RUNNING and r.seats:
            return s.presence.drop_peer(peer, reason)
        s.send(r, Refuse(Reason.KICKED, reason[:200]))
        if s.phase in (LOBBY, DEALING):
            self.remove(r, reason)
        else:
            r.status = GONE
            s.emit(Disconnected(r.index, reason))
        return True

    def remove(self, r: Remote, reason: str) -> None:
        """Take a joiner out of the lobby (or the deal, which then starts over): its seats are free again."""
        s = self.s
        s.remotes.pop(r.index, None)
        for seat, o in enumerate(s.owners):
            if o == r.index:
                s.owners[seat] = None
        s.emit(PeerLeft(r.index, reason))
        self.start_requested = False
        s.countdown_until = None
        self.changed()
        if s.phase == DEALING:  # the deal starts over: every joiner says again it is ready, with a fresh commit
            s.enter(LOBBY)
            for o in s.remotes.values():
                o.lobby.ready = False

    def welcome(self, r: Remote) -> None:
        st = self.s.settings
        self.s.send(r, Welcome(r.lobby.hello_nonce, r.index, list(r.seats), st, st.digest()))

    def roster(self) -> RosterMsg:
        """The ROSTER every joiner is sent: countdown, owners, names and ready flags, the host's bot seats."""
        s = self.s
        left = s.countdown_left()
        ms = 0 if left is None else max(1, min(600_000, int(left * 1000)))
        peers = [[0, s.name[:32], 1]] + [[i, r.lobby.name[:32], int(r.lobby.ready)]
                                         for i, r in sorted(s.remotes.items())]
        peers = [p for p in peers if p[0] < MAX_SEATS][:MAX_SEATS]  # the schema's bound (spectators may be more)
        bots = [[seat, level] for seat, level in sorted(s.bots.items()) if s.owners[seat] == 0]
        return RosterMsg(ms, owners_to_wire(s.owners), peers, bots, s.deal.deals)

    def resend(self) -> None:
        """The lobby's keepalive: WELCOME again (unless the roster just changed) and the ROSTER to every joiner."""
        s = self.s
        if not self.roster_dirty:
            for r in s.remotes.values():
                self.welcome(r)
        self.roster_dirty = False
        roster = self.roster()
        for r in s.remotes.values():
            s.send(r, roster)

    def on_ready(self, r: Remote, m: Ready) -> None:
        s = self.s
        if s.phase != LOBBY:
            return
        if m.digest != s.settings.digest():
            s.send(r, Refuse(Reason.SETTINGS, "your settings digest differs from the host's"))
            self.remove(r, "settings differ")
            return
        if not is_real_commit(m.commit):
            s.send(r, Refuse(Reason.BAD_COMMIT, "your fair-deal commit is not a real digest"))
            self.remove(r, "bad commit")
            return
        s.deal.take_commit(r, m.commit)  # a joiner whose nonce was revealed in a deal started over brings a fresh one
        if self.mark_ready(r, m.ready == 1):
            self.changed()
        self.maybe_deal()

    def admitted(self, r: Remote, hello_nonce: bytes, token: bytes, name: str) -> None:
        """A joiner was admitted (``netplay.admission``): its hello nonce, player token and the name it is shown
        under, kept in its lobby record (``r.lobby``)."""
        r.lobby.hello_nonce, r.lobby.token, r.lobby.name = hello_nonce, token, name

    def mark_ready(self, r: Remote, ready: bool) -> bool:
        """Joiner ``r`` is ready (or not any more); True if that changed."""
        changed = ready != r.lobby.ready
        r.lobby.ready = ready
        return changed

    def maybe_deal(self) -> None:
        """Begin the deal when every seat is filled and every joiner ready (and Start was pressed, or auto)."""
        s = self.s
        if s.phase != LOBBY or any(o is None for o in s.owners):
            return
        if not (self.auto_start or self.start_requested):
            return
        if not all(r.lobby.ready for r in s.remotes.values()):
            return
        s.deal.begin()


class Roster:
    """The lobby as a joiner knows it: the host's ROSTER (names, ready flags, the host's bot seats; the seat owners
    and countdown before the start)."""

    def __init__(self, session: RosterSession) -> None:
        self.s = session
        self.roster: list[PeerInfo] = []
        self.deals = 0  # deals the host has begun, as its roster says (``Session.deal_restarts``)
        session.router.on(RosterMsg, self.on_roster)

    def on_roster(self, host: Remote, m: RosterMsg) -> None:
        s = self.s
        self.deals = max(self.deals, m.deals or 0)
        deal = s.deal
        if s.phase == DEALING and deal.revealed is not None and m.deals == deal.deal:
            deal.started_over(owners_from_wire(m.owners))  # the host is back in the lobby: that deal was given up
            if s.done:
                return
        if s.phase in (LOBBY, DEALING):
            s.countdown_until = s.now + m.countdown_ms / 1000.0 if m.countdown_ms else None
            s.owners = owners_from_wire(m.owners)
            self.take(m)
        elif s.late and s.phase in (LATE, RUNNING):  # joined in play: names and bots, never the seats
            self.take(m)

    def take(self, m: RosterMsg) -> None:
        """The names, ready flags and bot seats of a ROSTER, against the seat owners known here."""
        s = self.s
        owners = owners_from_wire(m.owners) if s.phase in (LOBBY, DEALING) else s.owners
        # only the host's own seats can be its bots: a roster saying otherwise is not believed for them
        s.bots = {seat: level for seat, level in (m.bots or []) if seat < len(owners) and owners[seat] == 0}
        self.roster = []
        for p, name, ready in m.peers:
            seats = tuple(seat for seat, o in enumerate(owners) if o == p)
            self.roster.append(PeerInfo(p, name, seats, bool(ready), bots=s.bots_of(p, seats)))

    def peers(self) -> list[PeerInfo]:
        s = self.s
        if s.phase in (RUNNING, FINISHING, DONE) and s.owners:
            names = {p.peer: p.name for p in self.roster}
            idx = sorted({o for o in s.owners if o is not None} | set(names) | {s.index})
            out = []
            for i in idx:
                seats = tuple(seat for seat, o in enumerate(s.owners) if o == i)
                out.append(PeerInfo(i, names.get(i, s.name if i == s.index else ""), seats, True,
                                    s.remotes[0].status if i == 0 else CONNECTED, bots=s.bots_of(i, seats)))
            return out
        return list(self.roster)
