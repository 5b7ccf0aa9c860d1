"""The joiner's side of a netplay match (``JoinerSession``) and the spectator's (``SpectatorSession``), built by
``Session.join``: the key exchange (HELLO, KEYX, JOIN), the lobby as the host's ROSTER tells it, the fair-deal checks
(commits, reveal, START), the direct links to other joiners (the mesh), the host's notices (drops, seats taken over,
the end, desyncs, peer status), claims of dropped seats, and the end (BYE). A spectator is a joiner without seats
that may also join a running match from the host's snapshot (SNAP) and catch up. The protocol is told in
``netplay.session``'s module doc.
"""

from __future__ import annotations

from typing import Any, Callable

from .endpoint import CONNECTED, INTERRUPTED, Remote, _entropy, _nonce_from
from .events import (ClaimRefused, Desync, Disconnected, EndReason, FailReason, Interrupted, Resumed, SeatClaimed,
                     SeatDropped)
from .handshake import JoinHandshake
from .protocol import (DEALING, DONE, FINISHING, HELLO, JOIN, LATE, LOBBY, RUNNING, SPAKE_IDS, SPECTATOR, SnapChunk,
                       owners_from_wire, snap_digest)
from .session import PeerInfo, Session
from .settings import MatchSettings
from .transport import Address
from .wire import NO_PEER, Item, Message, MsgType, Reason

__all__ = ["JoinerSession", "SpectatorSession"]


class JoinerSession(JoinHandshake, Session, kind=JOIN):
    """A joiner: a peer of the star that plays seats the host gave it. Build with ``Session.join(..., seats>0)``."""

    role = JOIN
    HANDLERS = {MsgType.INPUT: "_on_input_msg", MsgType.COMMITS: "_on_commits", MsgType.START: "_on_start_msg",
                MsgType.ROSTER: "_on_roster", MsgType.BYE: "_on_bye", MsgType.REFUSE: "_on_bye",
                MsgType.WELCOME: "_on_welcome_again", MsgType.VIEW: "_on_view_msg",
                MsgType.LOG_REVEAL: "_on_reveal_msg"}
    ITEMS = {**Session.ITEMS, Item.INTRO: "_on_intro", Item.DROP: "_on_drop", Item.SEAT: "_on_seat",
             Item.END: "_on_end_notice", Item.DESYNC: "_on_desync_notice", Item.STATUS: "_on_status",
             Item.FINAL: "_on_final"}

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.spake: Any = None
        self.spake_msg = b""
        self.keyed = False
        self.host_address: Address | None = None
        self.hello_nonce = b""
        self.wanted = 0
        self.expect_digest = b""
        self.accept: Callable[[MatchSettings], str | None] | None = None
        self.auto_ready = True
        self.ready_flag = True
        self.roster: list[PeerInfo] = []
        self.commits_echo: tuple[int, float] | None = None  # the host's COMMITS stamp and when we got it
        self.claim: tuple[int, ...] = ()       # seats a late joiner asks to take over once caught up
        self.claim_pending: set[int] = set()
        self._claim_at = float("-inf")
        self.final_received = False

    def _ask(self, host_address: Address, seats: int, nonce: int | bytes | None, *,
             accept: Callable[[MatchSettings], str | None] | None, expect_digest: bytes, protocol_version: int,
             auto_ready: bool, claim: tuple[int, ...], token: bytes | None) -> None:
        """``Session.join``'s set-up: the host's address, what we ask, our SPAKE2 side (A)."""
        now = self.now
        self.host_address = (host_address[0], int(host_address[1]))
        self.remotes[0] = Remote(0, self.host_address, (), now)
        self.wanted = seats
        self.hello_nonce = _nonce_from(None if nonce is None else nonce, b"hello")[:16]
        self.accept = accept
        self.expect_digest = expect_digest
        self.protocol_version = protocol_version
        self.auto_ready = auto_ready
        self.ready_flag = auto_ready
        self.claim = tuple(claim)
        self.claim_pending = set(claim)
        self.token = token if token is not None and len(token) == 16 else _nonce_from(nonce, b"token")[:16]
        from spake2 import SPAKE2_A  # imported when first needed (its group tables take ~0.1 s to build)
        self.spake = SPAKE2_A(self.password, entropy_f=_entropy(nonce, b"A" + self.hello_nonce), **SPAKE_IDS)
        self.spake_msg = self.spake.start()

    # ------------------------------------------------------------------ the lobby

    def peers(self) -> list[PeerInfo]:
        if self.phase in (RUNNING, FINISHING, DONE) and self.owners:
            names = {p.peer: p.name for p in self.roster}
            idx = sorted({o for o in self.owners if o is not None} | set(names) | {self.index})
            out = []
            for i in idx:
                seats = tuple(s for s, o in enumerate(self.owners) if o == i)
                out.append(PeerInfo(i, names.get(i, self.name if i == self.index else ""), seats, True,
                                    self.remotes[0].status if i == 0 else CONNECTED, bots=self._bots_of(i, seats)))
            return out
        return list(self.roster)

    def set_ready(self, ready: bool) -> None:
        """Joiner in the lobby: this peer's players are ready (or not any more)."""
        if self.ready_flag != ready:
            self.ready_flag = ready
            self.auto_ready = False
            self._next_resend = self.now

    def request_seats(self, seats: list[int]) -> None:
        """Joiner (a late joiner, or a spectator): ask the host for these dropped seats once caught up (``claim``)."""
        self.claim = tuple(sorted(set(self.claim) | set(seats)))
        self.claim_pending |= set(seats)
        self._claim_at = float("-inf")

    # ------------------------------------------------------------------ receiving
    # (the handshake and the fair-deal checks: netplay.handshake)

    def _known_address(self, address: Address) -> bool:
        return address == self.host_address or any(r.address == address for r in self.mesh_links.values())

    def _key_for(self, address: Address) -> Callable[[int, int, int], bytes | None]:
        def key(mtype: int, sid: int, peer: int) -> bytes | None:
            if not self.keyed or sid != self.sid:
                return None
            if address != self.host_address:  # only an introduced peer, from its address, with its pair key
                link = self.mesh_links.get(peer)
                return link.key_in if link is not None and link.address == address and mtype == MsgType.INPUT \
                    else None
            return self.remotes[0].key_in
        return key

    def _open_types(self) -> tuple[int, ...]:
        return (MsgType.KEYX, MsgType.REFUSE_OPEN) if self.phase == HELLO else ()

    def _on_message(self, msg: Message, address: Address) -> None:
        host = self.remotes[0]
        if address != host.address:
            self._on_mesh_message(msg, address)
            return
        if msg.type in (MsgType.REFUSE_OPEN, MsgType.REFUSE) and self.phase in (HELLO, LOBBY, DEALING, LATE):
            self._on_refusal(msg)
            return
        if self.phase == HELLO:
            self._on_handshake(msg)
            return
        if msg.sid != self.sid:
            self.stats.reject("session")
            return
        if not self._accept_seq(host, msg):
            return
        host.last_recv = self.now
        if host.status == INTERRUPTED:
            self._resumed(host)
        self._dispatch(host, msg)

    def _on_mesh_message(self, msg: Message, address: Address) -> None:
        """A datagram from another address than the host's: only INPUT from an introduced peer counts."""
        link = self.mesh_links.get(msg.peer)
        if link is None or link.address != address or msg.type != MsgType.INPUT or msg.sid != self.sid:
            self.stats.reject("peer")
            return
        if self.driver is not None and not self.done and self._accept_seq(link, msg):
            self._on_direct(link, msg.fields)

    def _on_input_msg(self, host: Remote, f: list[Any]) -> None:
        if self.driver is not None:
            self._on_input(host, f)

    def _on_view_msg(self, host: Remote, f: list[Any]) -> None:
        """Authority hook: a VIEW (our seat's view, or the public one) from the host."""
        if self.phase == RUNNING and self.auth is not None:
            self.auth.on_view(f)

    def _on_reveal_msg(self, host: Remote, f: list[Any]) -> None:
        """Authority hook: a chunk of the host's end-of-match reveal."""
        if self.phase == RUNNING and self.auth is not None:
            self.auth.on_reveal(f)

    def _on_roster(self, host: Remote, f: list[Any]) -> None:
        if self.phase in (LOBBY, DEALING):
            ms = f[0]
            self.countdown_until = self.now + ms / 1000.0 if ms else None
            self.owners = owners_from_wire(f[1])
            self._take_roster(f)
        elif self.late and self.phase in (LATE, RUNNING):  # joined in play: names and bots, never the seats
            self._take_roster(f)

    def _on_bye(self, host: Remote, f: list[Any]) -> None:
        if self.phase == FINISHING and f[0] == Reason.FINISHED:
            self.phase = DONE
        elif f[0] in (Reason.DROPPED, Reason.KICKED):
            self._fail("dropped from the match by the host" if f[0] == Reason.DROPPED
                       else f"removed by the host: {f[1]}", FailReason.REMOVED, rejoin=f[0] == Reason.DROPPED)
        else:
            self._fail(f"the host left: {f[1]}", FailReason.HOST_LOST)

    def _on_welcome_again(self, host: Remote, f: list[Any]) -> None:
        """A WELCOME resent (the host's keepalive in the lobby): nothing to do."""

    def _take_roster(self, f: list[Any]) -> None:
        """Joiner: the names, ready flags and bot seats of a ROSTER, against the seat owners known here."""
        owners = owners_from_wire(f[1]) if self.phase in (LOBBY, DEALING) else self.owners
        # only the host's own seats can be its bots: a roster saying otherwise is not believed for them
        self.bots = {seat: level for seat, level in (f[3] if len(f) > 3 else [])
                     if seat < len(owners) and owners[seat] == 0}
        self.roster = []
        for p, name, ready in f[2]:
            seats = tuple(s for s, o in enumerate(owners) if o == p)
            self.roster.append(PeerInfo(p, name, seats, bool(ready), bots=self._bots_of(p, seats)))

    # ------------------------------------------------------------------ timers and resends

    def _timers(self) -> None:
        cfg, now = self.config, self.now
        host = self.remotes[0]
        if self.phase == HELLO:
            if now >= self.created_at + cfg.timeout:
                where = f"{host.address[0]}:{host.address[1]}"
                self._fail(f"no answer from {where} in {cfg.timeout:g} s (no host there?)", FailReason.UNREACHABLE,
                           address=where)
                return
            self._join_resend()
        elif self.phase in (LOBBY, DEALING, LATE):
            if now >= host.last_recv + cfg.timeout:
                self._fail("the host stopped answering", FailReason.HOST_LOST)
                return
            self._join_resend()
        else:
            self._silence(host)
            for link in self.mesh_links.values():
                if link.up and now >= link.last_recv + cfg.interrupt_after:
                    self._link_changed(link, False)  # silent: the host relays that peer's inputs again
            if self.claim_pending and self.phase == RUNNING and not self.catching_up \
                    and now >= self._claim_at + 0.25:
                self._claim_at = now
                self._send(host, MsgType.CLAIM, [sorted(self.claim_pending)])

    def _wakeup(self) -> float:
        if self.claim_pending and self.phase == RUNNING and not self.catching_up:
            return self._claim_at + 0.25
        return float("inf")

    def _caught_up(self) -> None:
        self._claim_at = float("-inf")

    def _timed_out(self, r: Remote, heard: float) -> None:
        if self.phase == FINISHING:
            self.phase = DONE
        else:
            self._emit(Disconnected(0, "timed out"))
            self.disconnects += 1
            self._fail(f"lost the host (silent for {self.config.timeout:g} s)", FailReason.HOST_LOST, rejoin=True)

    # ------------------------------------------------------------------ the mesh

    def _on_intro(self, r: Remote, it: list[Any]) -> None:
        """The host introduced another player: send it our inputs directly and accept its own."""
        peer, host, port, key_out, key_in = it[1:]
        if peer == self.index or peer in self.mesh_links or self.driver is None:
            return
        link = Remote(peer, (host, port), tuple(s for s, o in enumerate(self.owners) if o == peer), self.now)
        link.key_out, link.key_in = key_out, key_in
        link.mesh = link.started = True
        link.acked = [max(self.first_frame - 1, self.input_delay - 1)] * self.settings.seats
        link.sums_have = link.sums_acked = link.agreed = self.first_frame
        link.dirty = link.urgent = True
        self.mesh_links[peer] = link

    def _on_direct(self, link: Remote, f: list[Any]) -> None:
        """An INPUT datagram from an introduced peer (already authenticated): its link is up."""
        link.last_recv = self.now
        if not link.up:
            self._link_changed(link, True)
        self._on_input(link, f)

    def _link_changed(self, link: Remote, up: bool) -> None:
        link.up = up
        host = self.remotes[0]
        host.log_out.append([Item.LINK, link.index, int(up)])
        host.urgent = True

    # ------------------------------------------------------------------ input datagrams: the joiner's side

    def _accepts(self, r: Remote, seat: int) -> bool:
        if seat >= len(self.owners):
            return False
        if r.mesh:
            return self.owners[seat] == r.index
        return self.owners[seat] != self.index

    def _heard_frame(self, frame: int) -> None:
        self.remote_frame = max(self.remote_frame, frame)

    # ------------------------------------------------------------------ the host's notices

    def _on_drop(self, r: Remote, it: list[Any]) -> None:
        """The host's bot plays ``seat`` of the lost ``peer`` from ``tick`` (in a turn game the owner list of the
        host's views may have told it first); the item's fifth entry, when there, is that bot's level."""
        seat, tick, peer = it[1], it[2], it[3]
        if len(it) > 4 and seat < len(self.owners):
            self.bots[seat] = it[4]
        if seat < len(self.owners) and self.owners[seat] != 0:
            self.owners[seat] = 0
            self.dropped[seat] = peer
            self._emit(SeatDropped(seat, tick, peer))
            if peer == self.index:
                self._fail("dropped from the match by the host", FailReason.REMOVED, rejoin=True)

    def _on_seat(self, r: Remote, it: list[Any]) -> None:
        """``peer`` plays ``seat`` from ``tick`` (a seat taken over), or our claim of it was refused."""
        seat, tick, peer = it[1], it[2], it[3]
        if seat >= len(self.owners):
            return
        if peer == self.index:
            if seat not in self.local_seats:
                self.owners[seat] = peer
                self.seat_from[seat] = tick
                self.local_seats = sorted(self.local_seats + [seat])
                self.my_seats = tuple(sorted(set(self.my_seats) | {seat}))
                self.dropped.pop(seat, None)
                self.bots.pop(seat, None)
                self.claim_pending.discard(seat)
                self._emit(SeatClaimed(seat, tick, peer))
        elif tick == 0 and seat in self.claim_pending:
            self.claim_pending.discard(seat)
            why = ("another player plays it" if peer else
                   "the host keeps it for the player who lost it" if seat in self.dropped else "the host plays it")
            self._emit(ClaimRefused(seat, why))
        elif tick and self.owners[seat] != peer:  # (authority mode: the VIEW's owners may have told it first)
            self.owners[seat] = peer
            self.dropped.pop(seat, None)
            self.bots.pop(seat, None)
            self.claim_pending.discard(seat)
            self._emit(SeatClaimed(seat, tick, peer))

    def _on_end_notice(self, r: Remote, it: list[Any]) -> None:
        """The host ended the match early; stop at its frame like every peer."""
        frame = it[1]
        d = self.driver
        if d is None or self.end is not None:
            return
        self.end_reason = EndReason.HOST_ENDED
        if not d.end_tick or frame < d.end_tick:
            d.end_tick = frame
        if d.processed >= frame:  # cannot happen when the host chose the frame; end there if the state is still kept
            snap = d.snapshot(frame)
            if snap is not None:
                self._end(frame, snap.checksum, self.end_reason)

    def _on_desync_notice(self, r: Remote, it: list[Any]) -> None:
        """The host found a desync with a peer (perhaps us)."""
        pair = (0, it[3])
        if pair not in self.reported_pairs:
            self.reported_pairs.add(pair)
            ev = Desync(it[1], it[2], pair, None)
            self.desyncs.append(ev)
            self._emit(ev)

    def _on_status(self, r: Remote, it: list[Any]) -> None:
        """Another peer was interrupted (1), resumed (2) or disconnected (3), as the host sees it."""
        peer, code = it[1], it[2]
        if peer != self.index:
            if code == 3:
                self.disconnects += 1
            self._emit((Interrupted(peer), Resumed(peer), Disconnected(peer))[code - 1])

    def _on_final(self, r: Remote, it: list[Any]) -> None:
        self.final_received = True

    def _finishing(self) -> None:
        if self.phase != FINISHING:
            return
        if self.final_received:
            for _ in range(3):  # a lost BYE only makes the host wait for its timeout
                self._send(self.remotes[0], MsgType.BYE, [int(Reason.FINISHED), "finished"])
            self.phase = DONE
        elif self.now >= self.finish_at + self.config.timeout:
            self.phase = DONE


class SpectatorSession(JoinerSession, kind=SPECTATOR):
    """A joiner without seats (``Session.join(..., seats=0)``). In the lobby it starts with everyone; joining a
    running match (a late joiner) it receives the host's snapshot of a confirmed frame in SNAP chunks (acknowledged
    with SNAPACK), starts there (``Started.late``), simulates the inputs since unpaced and raises ``CaughtUp``. It may
    then take over a dropped seat (``claim``, ``request_seats``) and play it: a spectator no more, still this class."""

    HANDLERS = {**JoinerSession.HANDLERS, MsgType.SNAP: "_on_snap_msg"}

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.snap_parts: dict[int, bytes] = {}
        self.snap_total = 0
        self.snap_frame = -1

    def _on_snap_msg(self, host: Remote, f: list[Any]) -> None:
        if self.phase in (LOBBY, LATE):
            self._on_snap(f)

    def _on_snap(self, f: list[Any]) -> None:
        """A chunk of the host's snapshot (we joined a running match); the last one starts us."""
        c = SnapChunk.from_fields(f)
        st = self.settings
        delay = st.input_delay if c.input_delay is None else c.input_delay
        if self._delay_problem(delay):
            return
        self.input_delay = delay
        if len(c.owners) != st.seats or c.game != st.game or c.rules_version != st.rules_version:
            self._fail(f"the host's snapshot is not of this match ({c.game} v{c.rules_version}, expected {st.game} "
                       f"v{st.rules_version})", FailReason.BAD_SNAPSHOT)
            return
        if c.frame != self.snap_frame or c.total != self.snap_total:  # a new transfer (or the first)
            self.snap_frame, self.snap_total, self.snap_parts = c.frame, c.total, {}
        self.phase = LATE
        self.late = True
        self.snap_parts[c.index] = c.data
        if len(self.snap_parts) < c.total:
            return
        blob = b"".join(self.snap_parts[i] for i in range(c.total))
        if snap_digest(blob) != c.digest:
            self.snap_parts = {}  # chunks of two transfers mixed, or damaged: ask for it again
            self.snap_frame = -1
            return
        self._load_snapshot(c, blob)

    def _load_snapshot(self, c: SnapChunk, blob: bytes) -> None:
        """Start from the whole snapshot ``blob`` (its last chunk ``c``); fail if the caller cannot read it."""
        loader = self.config.load_snapshot
        try:
            if loader is None:
                raise ValueError("no snapshot loader configured")
            saved = loader(blob)
            self._start_late(c.frame, c.seed, [0 if o == NO_PEER else o for o in c.owners], c.claimable, saved)
        except Exception as e:  # the caller's decoder (or the simulation) refused the state: never crash
            self.driver = None
            self._fail(f"the host's snapshot could not be read ({type(e).__name__})", FailReason.BAD_SNAPSHOT)

    def _start_late(self, frame: int, seed: int, owners: list[int], claimable: list[int], saved: Any) -> None:
        self.owners = owners
        self.dropped = {s: 0 for s in claimable}
        self._start(seed, frame, saved)
        self.catching_up = True

    def _join_resend(self) -> None:
        if self.phase != LATE:
            super()._join_resend()
            return
        if self.now < self._next_resend:
            return
        self._next_resend = self.now + self.config.resend_interval
        got = bytearray((self.snap_total + 7) // 8)
        for i in self.snap_parts:
            got[i // 8] |= 1 << (i % 8)
        self._send(self.remotes[0], MsgType.SNAPACK, [self.snap_frame, bytes(got)])
