"""The host's relay (a part of ``netplay.session.HostSession``): which seats' inputs go to which joiner and which it
takes from whom (the host's ``netplay.inputs.Routing``), relaying a joiner's new inputs to the others, counting what
is relayed, notices to every joiner (``notify_all``), and in rollback the mesh: introducing the joiners to each other
at the start (INTRO notices, ``netplay.mesh``) and no longer relaying a seat to a joiner that says it gets it
directly (LINK notices).
"""

from __future__ import annotations

from typing import Protocol

from .endpoint import GONE, Remote, Router
from .mesh import introductions
from .messages import IntroItem, LinkItem, Notice
from .protocol import FINISHING, RUNNING
from .rollback import TickDriver
from .settings import ROLLBACK, MatchSettings

__all__ = ["Relay"]


class _Auth(Protocol):
    """``session.auth`` (``authority.HostAuthority``, ``authority.JoinerAuthority``): here only compared with None."""


class _Inputs(Protocol):
    """``session.inputs`` as this module uses it (``inputs.InputExchange``)."""

    def mark(self, r: Remote, urgent: bool = False) -> None: ...


class _Presence(Protocol):
    """``session.presence`` as this module uses it (``drops.HostDrops``)."""

    def progress(self, r: Remote) -> None: ...


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    driver: TickDriver | None


class RelaySession(Protocol):
    """What ``Relay`` reads and calls of its session."""

    auth: _Auth | None
    inputs: _Inputs
    owners: list[int | None]
    presence: _Presence
    remotes: dict[int, Remote]
    router: Router
    settings: MatchSettings
    sid: int
    sync: _Sync
    @property
    def phase(self) -> str: ...


class Relay:
    """The host's routing of inputs and notices."""

    def __init__(self, session: RelaySession) -> None:
        self.s = session
        self.relayed_ticks: dict[tuple[int, int], int] = {}  # (to peer, seat) -> ticks of inputs relayed
        session.router.on_notice(LinkItem, self.on_link)

    def notify_all(self, item: Notice, but: Remote | None = None) -> None:
        """Append a notice to the log of every joiner still there (but ``but``)."""
        for o in self.s.remotes.values():
            if o is not but and o.status != GONE and not o.bye:
                o.notify(item)

    # ------------------------------------------------------------------ the mesh

    @property
    def relayed_peers(self) -> list[int]:
        """The joiners (playing seats) whose inputs the host passes on to another joiner that cannot reach them
        directly (rollback, running; every pair that is not linked directly, the mesh off or its link down)."""
        s = self.s
        if s.settings is None or s.settings.mode != ROLLBACK or s.phase not in (RUNNING, FINISHING):
            return []
        players = [r for r in s.remotes.values() if r.seats and r.status != GONE]
        return sorted(r.index for r in players if any(r.index not in o.relay.direct for o in players if o is not r))

    def introduce(self) -> None:
        """Introduce every pair of players to each other (INTRO notices, see ``netplay.mesh``)."""
        s = self.s
        players = {i: (r.address, r.key_in) for i, r in s.remotes.items() if r.seats and r.status != GONE}
        if len(players) < 2:
            return
        for peer, intros in introductions(s.sid, players).items():
            r = s.remotes[peer]
            for intro in intros:
                r.relay.introduced.add(intro[0])
                r.log_out.append(IntroItem(*intro))
            r.urgent = True

    def on_link(self, r: Remote, it: LinkItem) -> None:
        """``r`` says its direct link to a peer works (stop relaying that peer's seats to it) or failed."""
        if it.peer == r.index or it.peer not in r.relay.introduced:
            return
        if it.up:
            r.relay.direct.add(it.peer)
        else:
            r.relay.direct.discard(it.peer)
            self.s.inputs.mark(r, urgent=True)

    # ------------------------------------------------------------------ the host's Routing of INPUT datagrams

    def admits(self, r: Remote) -> bool:
        s = self.s
        if s.phase in (RUNNING, FINISHING) and s.auth is None:
            r.started = True
            return True
        return False

    def live(self, r: Remote) -> bool:
        return r.started

    def hurry(self, r: Remote) -> None:
        if r.catchup.late and self.backlog(r) > 16:
            r.urgent = True  # a late joiner catching up: send its backlog of inputs as fast as it acknowledges

    def backlog(self, r: Remote) -> int:
        """Ticks of inputs this peer has not acknowledged yet, on the seat it lags most (not its own)."""
        s = self.s
        d = s.sync.driver
        return max((d.known[seat] - r.inputs.acked[seat] for seat in range(d.seats) if s.owners[seat] != r.index),
                   default=0)

    def send_seats(self, r: Remote) -> tuple[list[int], dict[int, int]]:
        """Every seat but ``r``'s own and those it gets straight from their owner (the mesh); a seat it took over:
        the host's own inputs of it up to the handover."""
        s = self.s
        upto: dict[int, int] = {}
        seats = [seat for seat in range(s.sync.driver.seats) if s.owners[seat] != r.index
                 and s.owners[seat] not in r.relay.direct]
        for seat, tick in r.catchup.handover.items():
            if r.inputs.acked[seat] + 1 < tick:
                seats.append(seat)
                upto[seat] = tick - 1
        return seats, upto

    def ran(self, r: Remote, seat: int, ticks: int) -> None:
        if self.s.owners[seat] != 0:
            key = (r.index, seat)
            self.relayed_ticks[key] = self.relayed_ticks.get(key, 0) + ticks

    def acked_seats(self, r: Remote, acks: list[int]) -> list[int]:
        # a peer reached directly may hold more of its inputs than we do: clamped, not a lie
        s = self.s
        return [seat for seat in range(min(len(acks), s.sync.driver.seats))
                if s.owners[seat] != r.index and s.owners[seat] not in r.relay.introduced]

    def accepts(self, r: Remote, seat: int) -> bool:
        owners = self.s.owners
        return seat < len(owners) and owners[seat] == r.index

    def clamp_ack(self, seat: int, ack: int) -> int:
        return min(ack, self.s.sync.driver.known[seat])

    def got_inputs(self, r: Remote, new: bool, action: bool) -> None:
        s = self.s
        s.presence.progress(r)
        if new:  # relayed with the next datagram to each other joiner: one a tick carries every seat's new inputs
            for o in s.remotes.values():  # (an action too: never more than one datagram a tick for relaying)
                if o is not r and r.index not in o.relay.direct:  # a peer reaching r directly has them already
                    s.inputs.mark(o)

    def heard_tick(self, tick: int) -> None:
        pass

    def paces(self, r: Remote) -> bool:
        return bool(r.seats)
