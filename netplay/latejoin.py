"""Late joiners: spectators who join a running match, and players who come back for a dropped seat.

- ``LateJoiners`` (a part of ``netplay.session.HostSession``): a late joiner is welcomed with no seat and sent the
  snapshot of the last checksummed confirmed tick in SNAP chunks (acknowledged with SNAPACK; a turn game sends no
  snapshot, only views); once it runs, its CLAIM of a dropped seat is granted to the player who lost it (the same
  player token: never the same address, which anyone may take) or to whom the host chose (``allow_claim``), from the
  tick after the last input the host made for it (a SEAT notice to everyone), or refused to the claimant alone.
- ``SnapshotReceiver`` (a part of ``netplay.session.SpectatorSession``): the chunks, their checks (game, rules
  version, digest), the start from the snapshot and the catching up.
- ``Claims`` (a part of ``netplay.session.JoinerSession``): the seats this peer asks for once caught up, and the
  host's SEAT notices (seats taken over, or our claim refused).
"""

from __future__ import annotations

from typing import Any, Protocol

from .desync import ChecksumHistory
from .endpoint import Pending, Remote, Router
from .events import ClaimAsked, ClaimRefused, FailReason, NetEvent, PeerJoined, SeatClaimed
from .messages import (MAX_SNAP_CHUNKS, NO_PEER, Claim, Msg, Notice, Reason, Refuse, Roster as RosterMsg, SeatItem,
                       Snap, SnapAck)
from .protocol import LATE, LOBBY, RUNNING, owners_to_wire, snap_digest, split_snapshot
from .rollback import TickDriver
from .settings import MatchSettings, SessionConfig
from .transport import Address
from .wire import Message

__all__ = ["LateJoiners", "SnapSend", "SnapshotReceiver", "Claims"]


class _Admission(Protocol):
    """``session.admission`` as this module uses it (``admission.Admission``)."""

    def new_remote(self, index: int, address: Address, seats: tuple[int, ...], p: Pending, msg: Message) -> Remote: ...


class _Auth(Protocol):
    """``session.auth`` as this module uses it (``authority.HostAuthority``)."""

    @property
    def now_tick(self) -> int: ...


class _Checks(Protocol):
    """``session.checks`` as this module uses it (``checks.ChecksumExchange``)."""

    history: ChecksumHistory | None


class _Deal(Protocol):
    """``session.deal`` as this module uses it (``fairdeal.JoinerDeal``)."""

    def delay_problem(self, delay: int) -> bool: ...


class _Inputs(Protocol):
    """``session.inputs`` as this module uses it (``inputs.InputExchange``)."""

    def acked_from(self, r: Remote, tick: int) -> None: ...


class _Lobby(Protocol):
    """``session.lobby`` as this module uses it (``lobby.HostLobby``)."""

    def mark_ready(self, r: Remote, ready: bool) -> bool: ...
    def roster(self) -> RosterMsg: ...
    def welcome(self, r: Remote) -> None: ...


class _Relay(Protocol):
    """``session.relay`` as this module uses it (``relay.Relay``)."""

    def notify_all(self, item: Notice, but: Remote | None = None) -> None: ...


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    catching_up: bool
    driver: TickDriver | None
    input_delay: int
    seat_from: dict[int, int]
    def start(self, seed: int | None, tick: int = 0, saved: Any = None) -> None: ...


class LateJoinersSession(Protocol):
    """What ``LateJoiners`` reads and calls of its session."""

    admission: _Admission
    auth: _Auth | None
    bots: dict[int, str]
    checks: _Checks
    config: SessionConfig
    dropped: dict[int, int]
    inputs: _Inputs
    lobby: _Lobby
    local_seats: list[int]
    next_resend: float
    now: float
    owners: list[int | None]
    relay: _Relay
    remotes: dict[int, Remote]
    router: Router
    seed: int | None
    settings: MatchSettings
    sync: _Sync
    def emit(self, ev: NetEvent) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class SnapshotReceiverSession(Protocol):
    """What ``SnapshotReceiver`` reads and calls of its session."""

    config: SessionConfig
    deal: _Deal
    dropped: dict[int, int]
    late: bool
    owners: list[int | None]
    remotes: dict[int, Remote]
    router: Router
    settings: MatchSettings
    sync: _Sync
    def enter(self, phase: str) -> None: ...
    def fail(self, reason: str, kind: FailReason = FailReason.OTHER, **facts: Any) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class ClaimsSession(Protocol):
    """What ``Claims`` reads and calls of its session."""

    bots: dict[int, str]
    dropped: dict[int, int]
    index: int
    local_seats: list[int]
    my_seats: tuple[int, ...]
    now: float
    owners: list[int | None]
    remotes: dict[int, Remote]
    router: Router
    sync: _Sync
    def emit(self, ev: NetEvent) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class SnapSend:
    """The snapshot a late joiner is being sent: of confirmed ``tick``, in ``chunks``, their ``digest``, and a bit
    per chunk it acknowledged (``got``)."""

    def __init__(self, tick: int, chunks: list[bytes], digest: bytes) -> None:
        self.tick = tick
        self.chunks = chunks
        self.digest = digest
        self.got = bytearray((len(chunks) + 7) // 8)


class LateJoiners:
    """The host's late joiners and seat claims: who lost each dropped seat (``lost_owner``), the host's grants."""

    def __init__(self, session: LateJoinersSession) -> None:
        self.s = session
        self.claim_grants: set[tuple[int, int]] = set()  # (seat, peer) the host lets take a dropped seat
        self.claims_asked: set[tuple[int, int]] = set()  # (seat, peer) put to the host (``seat_claims="ask"``)
        self.claims_refused: set[tuple[int, int]] = set()  # (seat, peer) the host said no to
        self.lost_owner: dict[int, bytes] = {}  # dropped seat -> the player token of who lost it
        session.router.on(SnapAck, self.on_snapack)
        session.router.on(Claim, self.on_claim)

    def admit(self, index: int, address: Address, p: Pending, msg: Message) -> None:
        """A spectator (or a player who will claim a dropped seat) joins the running match: it is welcomed with no
        seat and sent the snapshot of the last checksummed confirmed tick (so its checksum records are cut as ours
        are); the inputs since then follow in its INPUT datagrams once it has started."""
        s = self.s
        snap = None
        if s.auth is None:
            d = s.sync.driver
            tick = s.checks.history.last_record if s.config.desync_detection else d.processed
            cell = d.snapshot(tick)
            data = b""
            if cell is not None:
                try:
                    data = bytes(s.config.snapshot_state(cell.saved))
                except Exception as e:  # the caller's serializer failed: refuse, never crash the match
                    cell, data = None, str(e).encode()[:100]
            chunks = split_snapshot(data)
            if cell is None or len(chunks) > MAX_SNAP_CHUNKS:
                s.send(p, Refuse(Reason.BAD_REQUEST, "the host cannot send its state to a spectator now"))
                return
            snap = SnapSend(tick, chunks, snap_digest(data))
        r = s.admission.new_remote(index, address, (), p, msg)
        r.catchup.late = True
        s.lobby.mark_ready(r, True)
        if snap is not None:  # a turn game: no snapshot, ever; START, then its seat's (public) view
            r.catchup.snap = snap
            s.inputs.acked_from(r, snap.tick)
        s.remotes[index] = r  # replaces a gone peer of that index, if any
        s.emit(PeerJoined(index, address, (), r.lobby.name, late=True))
        s.lobby.welcome(r)
        s.next_resend = s.now

    def on_snapack(self, r: Remote, m: SnapAck) -> None:
        snap = r.catchup.snap
        if r.catchup.late and not r.started and snap is not None and m.tick == snap.tick:
            for i in range(min(len(m.got), len(snap.got))):
                snap.got[i] |= m.got[i]

    def resend(self, r: Remote) -> None:
        """A late joiner not started yet: snapshot chunks, and the roster (names and bots for its table)."""
        self.send_snapshot(r)
        self.s.send(r, self.s.lobby.roster())

    def send_snapshot(self, r: Remote) -> None:
        """Up to 16 of the snapshot chunks ``r`` has not acknowledged."""
        s = self.s
        snap = r.catchup.snap
        owners = owners_to_wire(s.owners)
        claimable = sorted(s.dropped)
        total = len(snap.chunks)
        todo = [i for i in range(total) if not snap.got[i // 8] >> (i % 8) & 1][:16]
        # every chunk acknowledged but no INPUT yet: send the last one again (it starts the joiner)
        for i in todo or [total - 1]:
            s.send(r, Snap(snap.tick, s.seed, owners, claimable, total, i, snap.chunks[i], *self.snap_tail(r),
                           s.sync.input_delay))

    def snap_tail(self, r: Remote) -> list[Any]:
        """What a late joiner checks before it uses a snapshot: game id, rules version, digest of the whole."""
        st = self.s.settings
        return [st.game[:40], st.rules_version, r.catchup.snap.digest]

    def lost(self, seat: int, r: Remote) -> None:
        """``r`` lost ``seat`` (dropped): remember its player token, for its claim."""
        self.lost_owner[seat] = r.lobby.token

    def allow_claim(self, seat: int, peer: int) -> None:
        """Host: the host's explicit choice: ``peer`` may take dropped ``seat`` (even if it never played it)."""
        self.claim_grants.add((seat, peer))
        self.claims_refused.discard((seat, peer))

    def refuse_claim(self, seat: int, peer: int) -> None:
        """Host: ``peer`` may not take ``seat`` (its claim put to the host is refused)."""
        self.claim_grants.discard((seat, peer))
        self.claims_refused.add((seat, peer))

    def may_claim(self, r: Remote, seat: int) -> bool:
        """Only the player who lost a dropped seat takes it back (its player token: an address proves nothing, anyone
        with the code may take it), unless the host chose otherwise (``allow_claim``, ``SessionConfig.seat_claims ==
        "any"``)."""
        if self.s.config.seat_claims == "any" or (seat, r.index) in self.claim_grants:
            return True
        token = self.lost_owner.get(seat, b"")
        return bool(token) and token == r.lobby.token

    def on_claim(self, r: Remote, m: Claim) -> None:
        """A late joiner asks to take over dropped seats. Each is granted from the tick after the last input the host
        has made for it (relayed to everyone as SEAT), or refused to the claimant alone."""
        s = self.s
        if s.phase != RUNNING or not r.started:
            return
        for seat in m.seats:
            if seat >= len(s.owners) or s.owners[seat] == r.index:
                continue
            claimable = seat in s.dropped and s.owners[seat] == 0 and seat in s.local_seats
            if claimable and not self.may_claim(r, seat) and s.config.seat_claims == "ask" \
                    and (seat, r.index) not in self.claims_refused:
                if (seat, r.index) not in self.claims_asked:  # the host decides; the claimant keeps asking
                    self.claims_asked.add((seat, r.index))
                    s.emit(ClaimAsked(seat, r.index, r.lobby.name))
                continue
            if claimable and self.may_claim(r, seat):
                sync = s.sync
                tick = sync.requested_tick + 1 if s.auth is None else s.auth.now_tick
                if s.auth is None:
                    sync.driver.fill(seat, sync.requested_tick)
                s.owners[seat] = r.index
                s.local_seats.remove(seat)
                del s.dropped[seat]
                s.bots.pop(seat, None)
                r.seats = tuple(sorted(r.seats + (seat,)))
                r.catchup.handover[seat] = tick
                s.emit(SeatClaimed(seat, tick, r.index))
                s.relay.notify_all(SeatItem(seat, tick, r.index))
            else:
                r.notify(SeatItem(seat, 0, s.owners[seat] or 0))


class SnapshotReceiver:
    """A spectator's start from the host's snapshot (we joined a running match)."""

    def __init__(self, session: SnapshotReceiverSession) -> None:
        self.s = session
        self.parts: dict[int, bytes] = {}
        self.total = 0
        self.tick = -1
        session.router.on(Snap, self.on_snap)

    def on_snap(self, host: Remote, c: Snap) -> None:
        """A chunk of the host's snapshot; the last one starts us."""
        s = self.s
        if s.phase not in (LOBBY, LATE):
            return
        st = s.settings
        delay = st.input_delay if c.input_delay is None else c.input_delay
        if s.deal.delay_problem(delay):
            return
        s.sync.input_delay = delay
        if len(c.owners) != st.seats or c.game != st.game or c.rules_version != st.rules_version:
            s.fail(f"the host's snapshot is not of this match ({c.game} v{c.rules_version}, expected {st.game} "
                   f"v{st.rules_version})", FailReason.BAD_SNAPSHOT)
            return
        if c.tick != self.tick or c.total != self.total:  # a new transfer (or the first)
            self.tick, self.total, self.parts = c.tick, c.total, {}
        s.enter(LATE)
        s.late = True
        self.parts[c.index] = c.data
        if len(self.parts) < c.total:
            return
        blob = b"".join(self.parts[i] for i in range(c.total))
        if snap_digest(blob) != c.digest:
            self.parts = {}  # chunks of two transfers mixed, or damaged: ask for it again
            self.tick = -1
            return
        self.load(c, blob)

    def load(self, c: Snap, blob: bytes) -> None:
        """Start from the whole snapshot ``blob`` (its last chunk ``c``); fail if the caller cannot read it."""
        s = self.s
        loader = s.config.load_snapshot
        try:
            if loader is None:
                raise ValueError("no snapshot loader configured")
            saved = loader(blob)
            s.owners = [0 if o == NO_PEER else o for o in c.owners]
            s.dropped = {seat: 0 for seat in c.claimable}
            s.sync.start(c.seed, c.tick, saved)
            s.sync.catching_up = True
        except Exception as e:  # the caller's decoder (or the simulation) refused the state: never crash
            s.sync.driver = None
            s.fail(f"the host's snapshot could not be read ({type(e).__name__})", FailReason.BAD_SNAPSHOT)

    def resend(self) -> None:
        """SNAPACK: the chunks held, a bit each."""
        s = self.s
        got = bytearray((self.total + 7) // 8)
        for i in self.parts:
            got[i // 8] |= 1 << (i % 8)
        s.send(s.remotes[0], SnapAck(self.tick, bytes(got)))


class Claims:
    """The dropped seats a late joiner asks for (``pending``) once caught up, and the host's answers."""

    def __init__(self, session: ClaimsSession) -> None:
        self.s = session
        self.claim: tuple[int, ...] = ()
        self.pending: set[int] = set()
        self.claim_at = float("-inf")
        session.router.on_notice(SeatItem, self.on_seat)

    def want(self, seats: tuple[int, ...]) -> None:
        self.claim = tuple(seats)
        self.pending = set(seats)

    def request(self, seats: list[int]) -> None:
        """Ask the host for these dropped seats once caught up."""
        self.claim = tuple(sorted(set(self.claim) | set(seats)))
        self.pending |= set(seats)
        self.claim_at = float("-inf")

    def wakeup(self) -> float:
        s = self.s
        if self.pending and s.phase == RUNNING and not s.sync.catching_up:
            return self.claim_at + 0.25
        return float("inf")

    def timers(self) -> None:
        s = self.s
        if self.pending and s.phase == RUNNING and not s.sync.catching_up and s.now >= self.claim_at + 0.25:
            self.claim_at = s.now
            s.send(s.remotes[0], Claim(sorted(self.pending)))

    def caught_up(self) -> None:
        self.claim_at = float("-inf")

    def on_seat(self, r: Remote, it: SeatItem) -> None:
        """``peer`` plays ``seat`` from ``tick`` (a seat taken over), or our claim of it was refused."""
        s = self.s
        seat, tick, peer = it.seat, it.tick, it.peer
        if seat >= len(s.owners):
            return
        if peer == s.index:
            if seat not in s.local_seats:
                s.owners[seat] = peer
                s.sync.seat_from[seat] = tick
                s.local_seats = sorted(s.local_seats + [seat])
                s.my_seats = tuple(sorted(set(s.my_seats) | {seat}))
                s.dropped.pop(seat, None)
                s.bots.pop(seat, None)
                self.pending.discard(seat)
                s.emit(SeatClaimed(seat, tick, peer))
        elif tick == 0 and seat in self.pending:
            self.pending.discard(seat)
            why = ("another player plays it" if peer else
                   "the host keeps it for the player who lost it" if seat in s.dropped else "the host plays it")
            s.emit(ClaimRefused(seat, why))
        elif tick and s.owners[seat] != peer:  # (a turn game: the VIEW's owners may have told it first)
            s.owners[seat] = peer
            s.dropped.pop(seat, None)
            s.bots.pop(seat, None)
            self.pending.discard(seat)
            s.emit(SeatClaimed(seat, tick, peer))
