"""The host of a netplay match (``HostSession``, built by ``Session.host``): the lobby under the host's control, the
key exchanges and admissions (``netplay.admission``), the fair deal (commits, reveals, START), relaying every seat's
inputs and notices to the joiners, the mesh introductions, drops at the same tick everywhere, late joiners' snapshots
and seat claims, and the end (FINAL). The protocol is told in ``netplay.session``'s module doc.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Callable

from .admission import Admission
from .endpoint import GONE, INTERRUPTED, Pending, Remote
from .events import Disconnected, EndReason, SeatDropped
from .mesh import introductions
from .protocol import DEALING, DONE, FINISHING, HOST, LOBBY, RUNNING, ms_since
from .lobby import HostLobby
from .session import Session
from .settings import ROLLBACK, MatchSettings
from .transport import Address
from .wire import NO_PEER, PROTOCOL_VERSION, Item, Message, MsgType, Reason, Rejected, now_ms

__all__ = ["HostSession"]


class HostSession(HostLobby, Admission, Session, kind=HOST):
    """The host: peer 0 of the star. Build with ``Session.host(...)``."""

    role = HOST
    HANDLERS = {MsgType.INPUT: "_on_input_msg", MsgType.READY: "_on_ready", MsgType.CLAIM: "_on_claim_msg",
                MsgType.SNAPACK: "_on_snapack", MsgType.REVEAL: "_on_reveal", MsgType.BYE: "_on_bye",
                MsgType.REFUSE: "_on_bye", MsgType.ACTION: "_on_action_msg"}
    ITEMS = {**Session.ITEMS, Item.LINK: "_on_link"}

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.index = 0
        self.phase = LOBBY
        self.pending: dict[bytes, Pending] = {}     # key exchanges waiting for their JOIN, by hello nonce
        self._failed_tries: dict[str, list[float]] = {}  # IP -> times of failed key exchanges
        self._exchanges: list[float] = []           # when the last key exchanges started
        self._seen_hellos: set[bytes] = set()
        self._open_refusals: list[float] = []
        self._pongs: list[float] = []
        self._misc_seq = 0
        self._seed_src: bytes | None = None
        self.claim_grants: set[tuple[int, int]] = set()  # (seat, peer) the host lets take a dropped seat
        self.lost_owner: dict[int, tuple[bytes, str]] = {}  # dropped seat -> (token, IP) of who lost it
        self.auto_start = True
        self.start_requested = False
        self._roster_dirty = False
        self.start_nonces: list[list[Any]] = []
        self.relay_now = False
        self.final_sent = False

    def _open_lobby(self, settings: MatchSettings, remote_seats: list[bool], nonce: int | bytes | None,
                    auto_start: bool, bots: dict[int, str]) -> None:
        """``Session.host``'s set-up: the settings, the seats, the bots, a session id."""
        self.settings = settings
        self._seed_src = None if nonce is None else self.nonce
        import spake2  # noqa: F401  (its group tables are built now, not while the first joiner waits for KEYX)
        self.auto_start = auto_start
        self.owners = [None if r else 0 for r in remote_seats]
        if not self.set_bots(bots):
            raise ValueError(f"bots {bots} must name the host's own seats, each with a level")
        sid_src = self.nonce if nonce is not None else secrets.token_bytes(16)
        self.sid = int.from_bytes(hashlib.blake2b(sid_src, digest_size=8, person=b"grisbi-sid").digest(), "big") | 1

    # ------------------------------------------------------------------ running: the host's decisions
    # (the lobby and the fair deal: netplay.lobby)

    def drop_peer(self, peer: int, reason: str = "dropped by the host") -> bool:
        """Host, running: give up waiting for ``peer`` now (its seats are dropped at the same tick everywhere and the
        host plays them: a bot takes over). The peer, if it is still there, is told. False if nothing to drop."""
        r = self.remotes.get(peer)
        if self.phase != RUNNING or r is None or r.status == GONE:
            return False
        self._send(r, MsgType.BYE, [int(Reason.DROPPED), "you were dropped from the match"])
        self._lose(r, reason)
        return True

    def end_match(self) -> bool:
        """Host, running: end the match for everyone a few ticks from now (after every input anyone may hold); every
        peer stops at the same frame (``MatchEnded`` with reason "ended by the host"). False if not running."""
        if self.phase != RUNNING or (self.driver is None and self.auth is None):
            return False
        if self.auth is not None:  # authority hook: the host's state is the match's; end it now
            self.auth.finish(EndReason.HOST_ENDED)
            return True
        d, st = self.driver, self.settings
        e = max(d.frame, max(d.known) + 1, self.requested_tick + 1) + self.input_delay + st.window + 2
        if d.end_tick and d.end_tick <= e:
            return True
        d.end_tick = e
        self.end_reason = EndReason.HOST_ENDED
        self._relay([Item.END, e])
        return True

    # ------------------------------------------------------------------ receiving
    # (admissions, late joiners' snapshots and claims: netplay.admission)

    def _known_address(self, address: Address) -> bool:
        return any(r.address == address for r in self.remotes.values()) or any(
            p.address == address for p in self.pending.values())

    def _key_for(self, address: Address) -> Callable[[int, int, int], bytes | None]:
        def key(mtype: int, sid: int, peer: int) -> bytes | None:
            if sid != self.sid:
                return None
            if peer == NO_PEER:  # a JOIN: the key exchange at that address (or a joiner whose WELCOME was lost)
                if mtype != MsgType.JOIN:
                    return None
                p = self._pending_at(address)
                if p is not None:
                    return p.key_in
                for r in self.remotes.values():
                    if r.address == address and not r.started and r.status != GONE:
                        return r.key_in
                return None
            r = self.remotes.get(peer)
            return r.key_in if r is not None and r.address == address else None
        return key

    def _open_types(self) -> tuple[int, ...]:
        return (MsgType.HELLO, MsgType.PROBE)

    def _on_rejected(self, e: Rejected, address: Address) -> None:
        if e.reason == "mac" and e.mtype == MsgType.JOIN:
            self._wrong_code(address)

    def _on_message(self, msg: Message, address: Address) -> None:
        if msg.type == MsgType.PROBE:
            self._pong(msg, address)
            return
        if msg.type == MsgType.HELLO:
            self._on_hello(msg, address)
            return
        if msg.type == MsgType.JOIN:
            self._on_join(msg, address)
            return
        if msg.sid != self.sid or msg.version != PROTOCOL_VERSION:
            self.stats.reject("session")
            return
        r = self.remotes.get(msg.peer)
        if r is None or r.address != address:
            self.stats.reject("peer")
            return
        if not self._accept_seq(r, msg):
            return
        if r.status == GONE:
            if msg.type != MsgType.BYE and self.now - r.last_bye_sent > 0.5 and self.phase == RUNNING:
                r.last_bye_sent = self.now
                self._send(r, MsgType.BYE, [int(Reason.DROPPED), "you were dropped from the match"])
            return
        r.last_recv = self.now
        self._dispatch(r, msg)
        if r.status == INTERRUPTED and self._heard(r) > self.now - self.config.interrupt_after:
            self._resumed(r)

    def _on_input_msg(self, r: Remote, f: list[Any]) -> None:
        if self.phase in (RUNNING, FINISHING) and self.auth is None:
            r.started = True
            self._on_input(r, f)

    def _on_action_msg(self, r: Remote, f: list[Any]) -> None:
        """Authority hook: a joiner's ACTION datagram (views held, actions, reveal chunks held)."""
        if self.phase in (RUNNING, FINISHING) and self.auth is not None:
            r.started = True
            self.auth.on_action(r, f)

    def _on_bye(self, r: Remote, f: list[Any]) -> None:
        reason = f[1] or "left"
        if self.phase in (LOBBY, DEALING):
            self._remove(r, reason)
        elif self.phase == RUNNING:
            self._lose(r, reason)
        else:
            r.bye = True

    # ------------------------------------------------------------------ the start and the mesh

    def _starting(self) -> None:
        self.relay_now = self.settings.mode == ROLLBACK and len(set(self.owners)) > 2

    def _introduce(self) -> None:
        """Host: introduce every pair of players to each other (INTRO notices, see ``netplay.mesh``)."""
        players = {i: (r.address, r.key_in) for i, r in self.remotes.items() if r.seats and r.status != GONE}
        if len(players) < 2:
            return
        for peer, intros in introductions(self.sid, players).items():
            r = self.remotes[peer]
            for intro in intros:
                r.introduced.add(intro[0])
                r.log_out.append([Item.INTRO, *intro])
            r.urgent = True

    def _on_link(self, r: Remote, it: list[Any]) -> None:
        """A LINK notice: ``r`` says its direct link to a peer works (stop relaying that peer's seats to it) or
        failed."""
        peer, up = it[1], it[2]
        if peer == r.index or peer not in r.introduced:
            return
        if up:
            r.direct.add(peer)
        else:
            r.direct.discard(peer)
            r.dirty = r.urgent = True

    # ------------------------------------------------------------------ timers and resends

    def _awaiting_start(self) -> bool:
        return any(not r.started for r in self.remotes.values() if r.status != GONE)

    def _live(self, r: Remote) -> bool:
        return r.started

    def _timers(self) -> None:
        cfg, now = self.config, self.now
        if self.phase == LOBBY:
            if cfg.lobby_timeout and now >= self.created_at + cfg.lobby_timeout:
                self._fail("the seats were not filled in time")
                return
            for r in list(self.remotes.values()):
                if now >= r.last_recv + cfg.timeout:
                    self._remove(r, "timed out")
        elif self.phase == DEALING:
            for r in list(self.remotes.values()):
                if now >= r.last_recv + cfg.timeout:
                    self._remove(r, "timed out")
        else:
            for r in list(self.remotes.values()):
                if r.status != GONE and not r.bye:
                    self._progress(r)
                    self._silence(r)
        if not self.done:
            self._host_resend()

    def _host_resend(self) -> None:
        if self.now < self._next_resend:
            return
        self._next_resend = self.now + self.config.resend_interval
        if self.phase == LOBBY:
            self._next_resend = self.now + 5 * self.config.resend_interval
            if not self._roster_dirty:
                for r in self.remotes.values():
                    self._send_welcome(r)
            self._roster_dirty = False
            roster = self._roster_fields()
            for r in self.remotes.values():
                self._send(r, MsgType.ROSTER, roster)
        elif self.phase == DEALING:
            for r in self.remotes.values():
                if not r.revealed:
                    self._send(r, MsgType.COMMITS, [self.commits, now_ms(self.now)])
        elif self.phase in (RUNNING, FINISHING):
            for r in self.remotes.values():
                if r.late and not r.started and r.status != GONE and self.auth is None:
                    self._send_snapshot(r)
                    self._send(r, MsgType.ROSTER, self._roster_fields())  # names and bots for its table
                elif not r.started and r.status != GONE:
                    # authority mode: START names the commits only; the nonces (the seed) are revealed at the end
                    named = self.commits if self.auth is not None else self.start_nonces
                    self._send(r, MsgType.START, [named, list(self.owners), r.reveal_t,
                                                  ms_since(self.now, r.reveal_at), ms_since(self.now, self.started_at),
                                                  self.input_delay])

    def _silence(self, r: Remote) -> None:
        if self.phase == FINISHING:
            if self.now >= r.last_recv + self.config.interrupt_after and self.final_sent \
                    and r.log_acked >= len(r.log_out):
                r.bye = True  # finished and gone quiet: its BYE was lost
                return
        super()._silence(r)

    def _interrupted(self, r: Remote) -> None:
        self._relay([Item.STATUS, r.index, 1], but=r)

    def _timed_out(self, r: Remote, heard: float) -> None:
        self._lose(r, "timed out" if heard == r.last_recv else "withheld its inputs")

    def _heard(self, r: Remote) -> float:
        """When ``r`` last counted as present: its last datagram, or (running) the last time its inputs advanced
        while the match waited for them, whichever is older. A peer that keeps sending but withholds its inputs is
        interrupted and dropped like a silent one."""
        if self.phase == RUNNING:
            return min(r.last_recv, r.last_progress)
        return r.last_recv

    def _progress(self, r: Remote) -> None:
        """Host: note whether ``r``'s inputs advance, or whether it is not the one the match waits for (its input
        frontier is not behind every other seat's)."""
        d = self.driver
        if d is None or self.phase != RUNNING:
            r.last_progress = self.now
            return
        own = [d.known[s] for s in range(d.seats) if self.owners[s] == r.index]
        if not own:
            r.last_progress = self.now
            return
        f = min(own)
        if f > r.frontier:
            r.frontier = f
            r.last_progress = self.now
            return
        others = [d.known[s] for s in range(d.seats) if self.owners[s] != r.index]
        if not others or f >= min(others) or (d.end_tick and f >= d.end_tick - 1):
            r.last_progress = self.now

    def _resumed(self, r: Remote) -> None:
        super()._resumed(r)
        self._relay([Item.STATUS, r.index, 2], but=r)

    def _relay(self, item: list[Any], but: Remote | None = None) -> None:
        """Append a notice to the log of every peer still there (but ``but``)."""
        for o in self.remotes.values():
            if o is not but and o.status != GONE and not o.bye:
                o.log_out.append(item)
                o.urgent = True

    def _lose(self, r: Remote, reason: str) -> None:
        """Host: ``r`` is out. While running, its seats are dropped at the tick after the last input the host holds."""
        r.status = GONE
        self.disconnects += 1
        if self.timesync:
            self.timesync.forget(r.index)
        self._emit(Disconnected(r.index, reason))
        self._relay([Item.STATUS, r.index, 3], but=r)
        if self.phase != RUNNING or (self.driver is None and self.auth is None):
            return
        if self.auth is not None:  # authority hook: the host's bot plays the seats from its next tick
            for s, o in enumerate(self.owners):
                if o == r.index:
                    self.owners[s], self.dropped[s], self.lost_owner[s] = 0, r.index, (r.token, r.address[0])
                    self.local_seats = sorted(self.local_seats + [s])
                    self.bots[s] = self.drop_level
                    self._emit(SeatDropped(s, self.auth.now_tick, r.index))
                    self._relay([Item.DROP, s, self.auth.now_tick, r.index, self.drop_level], but=r)
            return
        d = self.driver
        for s, o in enumerate(self.owners):
            if o != r.index:
                continue
            tick = d.known[s] + 1
            self.owners[s] = 0
            d.fill(s, self.requested_tick)
            self.local_seats = sorted(self.local_seats + [s])
            self.dropped[s] = r.index
            self.lost_owner[s] = (r.token, r.address[0])
            self.bots[s] = self.drop_level
            self._emit(SeatDropped(s, tick, r.index))
            self._relay([Item.DROP, s, tick, r.index, self.drop_level], but=r)
        for o in self.remotes.values():
            o.dirty = o.urgent = True

    # ------------------------------------------------------------------ input datagrams: the host's side

    def _hurry(self, r: Remote) -> None:
        if r.late and self._backlog(r) > 16:
            r.urgent = True  # a late joiner catching up: send its backlog of inputs as fast as it acknowledges

    def _backlog(self, r: Remote) -> int:
        """Host: ticks of inputs this peer has not acknowledged yet, on the seat it lags most (not its own)."""
        d = self.driver
        return max((d.known[s] - r.acked[s] for s in range(d.seats) if self.owners[s] != r.index), default=0)

    def _send_seats(self, r: Remote) -> tuple[list[int], dict[int, int]]:
        """Every seat but ``r``'s own and those it gets straight from their owner (the mesh); a seat it took over:
        the host's own inputs of it up to the handover."""
        d = self.driver
        upto: dict[int, int] = {}
        seats = [s for s in range(d.seats) if self.owners[s] != r.index and self.owners[s] not in r.direct]
        for s, tick in r.handover.items():
            if r.acked[s] + 1 < tick:
                seats.append(s)
                upto[s] = tick - 1
        return seats, upto

    def _ran(self, r: Remote, seat: int, ticks: int) -> None:
        if self.owners[seat] != 0:
            key = (r.index, seat)
            self.relayed_ticks[key] = self.relayed_ticks.get(key, 0) + ticks

    def _acked_seats(self, r: Remote, acks: list[int]) -> list[int]:
        # a peer reached directly may hold more of its inputs than we do: clamped, not a lie
        return [s for s in range(min(len(acks), self.driver.seats))
                if self.owners[s] != r.index and self.owners[s] not in r.introduced]

    def _accepts(self, r: Remote, seat: int) -> bool:
        return seat < len(self.owners) and self.owners[seat] == r.index

    def _clamp_ack(self, seat: int, ack: int) -> int:
        return min(ack, self.driver.known[seat])

    def _got_inputs(self, r: Remote, new: bool, action: bool) -> None:
        self._progress(r)
        if new:  # relay at once: a joiner's input crosses two links before others confirm it
            for o in self.remotes.values():
                if o is not r and r.index not in o.direct:  # a peer reaching r directly has them already
                    o.dirty = True
                    o.urgent = o.urgent or action
                    o.relay = o.relay or (self.relay_now and o.seats != ())

    def _paces(self, r: Remote) -> bool:
        return bool(r.seats)

    # ------------------------------------------------------------------ desyncs and the end

    def _desync_pair(self, other: int) -> tuple[int, int]:
        return (0, other)

    def _desync(self, other: int, first: int, frame: int, low16: bytes = b"") -> None:
        super()._desync(other, first, frame, low16)
        self._relay([Item.DESYNC, first, frame, other])

    def _finishing(self) -> None:
        if self.phase != FINISHING:
            return
        live = [r for r in self.remotes.values() if r.status != GONE and not r.bye]
        late = self.now >= self.finish_at + self.config.timeout
        if not self.final_sent:
            if late or all(self.detector.has_remote(r.index, self.end.frame) for r in live):
                self.final_sent = True
                self._relay([Item.FINAL, self.end.frame, 0, min(255, len(self.reported_pairs))])
            return
        if late or all(r.log_acked >= len(r.log_out) for r in live):
            self.phase = DONE
