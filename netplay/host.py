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
from .events import Disconnected, PeerLeft, SeatClaimed, SeatDropped
from .mesh import introductions
from .protocol import (DEALING, DONE, FINISHING, HOST, LOBBY, RUNNING, SnapChunk, echo_rtt, ms_since, owners_to_wire,
                       roster_fields)
from .session import PeerInfo, Session
from .settings import AUTO_INPUT_DELAY, MAX_SEATS, ROLLBACK, MatchSettings, input_delay_for_rtt
from .transport import Address
from .wire import (BOT_LEVEL_CHARS, NO_PEER, PROTOCOL_VERSION, Item, Message, MsgType, Reason, Rejected, commit_of,
                   commits_digest, now_ms, seed_from_nonces)

__all__ = ["HostSession"]


class HostSession(Admission, Session, kind=HOST):
    """The host: peer 0 of the star. Build with ``Session.host(...)``."""

    role = HOST
    HANDLERS = {MsgType.INPUT: "_on_input_msg", MsgType.READY: "_on_ready", MsgType.CLAIM: "_on_claim_msg",
                MsgType.SNAPACK: "_on_snapack", MsgType.REVEAL: "_on_reveal", MsgType.BYE: "_on_bye",
                MsgType.REFUSE: "_on_bye"}
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

    # ------------------------------------------------------------------ the lobby

    def peers(self) -> list[PeerInfo]:
        mine = tuple(s for s, o in enumerate(self.owners) if o == 0)
        out = [PeerInfo(0, self.name, mine, True, bots=self._bots_of(0, mine))]
        for i, r in sorted(self.remotes.items()):
            seats = tuple(s for s, o in enumerate(self.owners) if o == i)
            out.append(PeerInfo(i, r.name, seats, r.ready, r.status, r.late))
        return out

    def set_bots(self, levels: dict[int, str]) -> bool:
        """Host in the lobby: which of its own seats a bot plays (seat -> level, e.g. {2: "normal"}); joiners get it
        with the roster and name those seats "Bot (level)" in the lobby and as bots at the table. False (nothing
        changed) outside the lobby, for a seat the host does not hold, or a level that is empty or over 16 chars."""
        if self.phase != LOBBY:
            return False
        if not all(0 <= seat < len(self.owners) and self.owners[seat] == 0 and 0 < len(level) <= BOT_LEVEL_CHARS
                   for seat, level in levels.items()):
            return False
        if levels != self.bots:
            self.bots = dict(levels)
            self._roster_changed()
        return True

    def set_open(self, seat: int, open_: bool) -> bool:
        """Host in the lobby: make a seat open for a joiner (True) or the host's own (False). False if a joiner holds
        it or the lobby is closed."""
        if self.phase != LOBBY or not 0 <= seat < len(self.owners):
            return False
        if self.owners[seat] not in (None, 0):
            return False
        self.owners[seat] = None if open_ else 0
        self._roster_changed()
        return True

    def set_countdown(self, seconds: float | None) -> None:
        """Host in the lobby: show every peer a countdown ending ``seconds`` from now (None: no countdown)."""
        self.countdown_until = None if seconds is None else self.now + seconds
        self._roster_changed()

    def start_problem(self) -> str | None:
        """Host: why the match cannot start now (open seats, a joiner not ready), or None."""
        if self.phase != LOBBY:
            return "the lobby is closed"
        open_ = [s + 1 for s, o in enumerate(self.owners) if o is None]
        if open_:
            return "seat" + ("s " if len(open_) > 1 else " ") + ", ".join(map(str, open_)) + " still open"
        waiting = [r.name or f"peer {r.index}" for r in self.remotes.values() if not r.ready]
        if waiting:
            return "waiting for " + ", ".join(waiting) + " to be ready"
        return None

    def start(self) -> str | None:
        """Host without ``auto_start``: begin the fair deal now. Returns None, or why it cannot start yet."""
        problem = self.start_problem()
        if problem:
            return problem
        self.start_requested = True
        self._maybe_deal()
        return None

    def _roster_changed(self) -> None:
        self._roster_dirty = True
        self._next_resend = self.now

    def kick(self, peer: int, reason: str = "removed by the host") -> bool:
        """Host in the lobby (or a spectator at any time): send ``peer`` away; its seats are open again. The peer is
        told (its session fails with ``FailReason.REMOVED``). False if there is no such peer."""
        r = self.remotes.get(peer)
        if r is None or r.status == GONE:
            return False
        if self.phase == RUNNING and r.seats:
            return self.drop_peer(peer, reason)
        self._send(r, MsgType.REFUSE, [int(Reason.KICKED), reason[:200]])
        if self.phase in (LOBBY, DEALING):
            self._remove(r, reason)
        else:
            r.status = GONE
            self._emit(Disconnected(r.index, reason))
        return True

    def _remove(self, r: Remote, reason: str) -> None:
        """Take a joiner out of the lobby (or the deal, which then starts over): its seats are free again."""
        self.remotes.pop(r.index, None)
        for s, o in enumerate(self.owners):
            if o == r.index:
                self.owners[s] = None
        self._emit(PeerLeft(r.index, reason))
        self.start_requested = False
        self.countdown_until = None
        self._roster_changed()
        if self.phase == DEALING:
            self.phase = LOBBY

    def _send_welcome(self, r: Remote) -> None:
        st = self.settings
        self._send(r, MsgType.WELCOME, [r.hello_nonce, r.index, list(r.seats), st.to_wire(), st.digest()])

    def _roster_fields(self) -> list[Any]:
        left = self.countdown_left()
        ms = 0 if left is None else max(1, min(600_000, int(left * 1000)))
        peers = [[0, self.name[:32], 1]] + [[i, r.name[:32], int(r.ready)] for i, r in sorted(self.remotes.items())]
        peers = [p for p in peers if p[0] < MAX_SEATS][:MAX_SEATS]  # the schema's bound (spectators may be more)
        bots = [[seat, level] for seat, level in sorted(self.bots.items()) if self.owners[seat] == 0]
        return roster_fields(ms, self.owners, peers, bots)

    # ------------------------------------------------------------------ running: the host's decisions

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
        if self.phase != RUNNING or self.driver is None:
            return False
        d, st = self.driver, self.settings
        e = max(d.frame, max(d.known) + 1, self.requested_tick + 1) + self.input_delay + st.window + 2
        if d.end_tick and d.end_tick <= e:
            return True
        d.end_tick = e
        self.end_reason = "ended by the host"
        self._relay([Item.END, e])
        return True

    def allow_claim(self, seat: int, peer: int) -> None:
        """Host: the host's explicit choice: ``peer`` may take dropped ``seat`` (even if it never played it)."""
        self.claim_grants.add((seat, peer))

    # ------------------------------------------------------------------ receiving

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
        if self.phase in (RUNNING, FINISHING):
            r.started = True
            self._on_input(r, f)

    def _on_ready(self, r: Remote, f: list[Any]) -> None:
        if self.phase != LOBBY:
            return
        if f[0] != self.settings.digest():
            self._send(r, MsgType.REFUSE, [int(Reason.SETTINGS), "your settings digest differs from the host's"])
            self._remove(r, "settings differ")
            return
        ready = len(f) == 1 or f[1] == 1
        if ready != r.ready:
            r.ready = ready
            self._roster_changed()
        self._maybe_deal()

    def _on_claim_msg(self, r: Remote, f: list[Any]) -> None:
        if self.phase == RUNNING and r.started:
            self._on_claim(r, f[0])

    def _on_snapack(self, r: Remote, f: list[Any]) -> None:
        if r.late and not r.started and f[0] == r.snap_frame:
            got = f[1]
            for i in range(min(len(got), len(r.snap_got))):
                r.snap_got[i] |= got[i]

    def _on_reveal(self, r: Remote, f: list[Any]) -> None:
        if self.phase == DEALING:
            if f[2] != commits_digest(self.commits):
                return  # a reveal answering an older commit list (the deal started over): wait for the new one
            if r.seats and commit_of(f[0]) != r.commit:
                self._send(r, MsgType.REFUSE, [int(Reason.BAD_REVEAL), "your nonce does not match your commit"])
                self._remove(r, "bad reveal")
                return
            r.nonce, r.revealed, r.reveal_t, r.reveal_at = f[0], True, f[1], self.now
            if len(f) == 5:
                rtt = echo_rtt(self.now, f[3], f[4])
                if 0 <= rtt < 10:
                    self.stats.link(r.index).add_rtt(rtt)
            if all(o.revealed for o in self.remotes.values()):
                self._host_start()
        elif self.phase in (RUNNING, FINISHING) and not r.started:
            r.reveal_t, r.reveal_at = f[1], self.now

    def _on_bye(self, r: Remote, f: list[Any]) -> None:
        reason = f[1] or "left"
        if self.phase in (LOBBY, DEALING):
            self._remove(r, reason)
        elif self.phase == RUNNING:
            self._lose(r, reason)
        else:
            r.bye = True

    # ------------------------------------------------------------------ the fair deal and the start

    def _maybe_deal(self) -> None:
        if self.phase != LOBBY or any(o is None for o in self.owners):
            return
        if not (self.auto_start or self.start_requested):
            return
        if not all(r.ready for r in self.remotes.values()):
            return
        self.phase = DEALING
        for r in self.remotes.values():  # a deal started over (someone left) needs every reveal again
            r.revealed = False
        players = sorted({o for o in self.owners if o} & set(self.remotes))
        self.commits = [[0, self.commit]] + [[i, self.remotes[i].commit] for i in players]
        self._next_resend = self.now
        self._host_resend()

    def _host_start(self) -> None:
        nonces = [[0, self.nonce]] + [[i, self.remotes[i].nonce] for i, _ in self.commits[1:]]
        self.start_nonces = nonces
        self.input_delay = self._chosen_input_delay()
        self._start(seed_from_nonces([n for _, n in nonces]))
        if self.settings.mode == ROLLBACK and self.config.mesh:
            self._introduce()
        for r in self.remotes.values():
            r.started = False
        self._next_resend = self.now
        self._host_resend()

    def _chosen_input_delay(self) -> int:
        """Host: the settings' input delay, or when it is ``AUTO_INPUT_DELAY`` the delay for the slowest player's
        RTT measured while dealing (COMMITS stamp echoed in REVEAL); 2 ticks if nothing was measured."""
        st = self.settings
        if st.input_delay != AUTO_INPUT_DELAY:
            return st.input_delay
        rtts = [self.stats.link(i).rtt for i, _ in self.commits[1:] if self.stats.link(i).rtt_samples]
        return input_delay_for_rtt(max(rtts), st.tick_rate) if rtts else 2

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
                if r.late and not r.started and r.status != GONE:
                    self._send_snapshot(r)
                    self._send(r, MsgType.ROSTER, self._roster_fields())  # names and bots for its table
                elif not r.started and r.status != GONE:
                    self._send(r, MsgType.START, [self.start_nonces, list(self.owners), r.reveal_t,
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
        if self.phase != RUNNING or self.driver is None:
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
            self._emit(SeatDropped(s, tick, r.index))
            self._relay([Item.DROP, s, tick, r.index], but=r)
        for o in self.remotes.values():
            o.dirty = o.urgent = True

    # ------------------------------------------------------------------ late joiners and claims

    def _send_snapshot(self, r: Remote) -> None:
        """Host: send a late joiner up to 16 of the snapshot chunks it has not acknowledged."""
        owners = owners_to_wire(self.owners)
        claimable = sorted(self.dropped)
        total = len(r.snap_chunks)
        todo = [i for i in range(total) if not r.snap_got[i // 8] >> (i % 8) & 1][:16]
        # every chunk acknowledged but no INPUT yet: send the last one again (it starts the joiner)
        for i in todo or [total - 1]:
            chunk = SnapChunk(r.snap_frame, self.seed, owners, claimable, total, i, r.snap_chunks[i],
                              *self._snap_tail(r), self.input_delay)
            self._send(r, MsgType.SNAP, chunk.fields())

    def _snap_tail(self, r: Remote) -> list[Any]:
        """What a late joiner checks before it uses a snapshot: game id, rules version, digest of the whole."""
        return [self.settings.game[:40], self.settings.rules_version, r.snap_digest]

    def _may_claim(self, r: Remote, seat: int) -> bool:
        """Only the player who lost a dropped seat takes it back (same player token, or the same machine: same IP
        address), unless the host chose otherwise (``allow_claim``, ``SessionConfig.seat_claims == "any"``)."""
        if self.config.seat_claims == "any" or (seat, r.index) in self.claim_grants:
            return True
        token, ip = self.lost_owner.get(seat, (b"", None))
        return (bool(token) and token == r.token) or ip == r.address[0]

    def _on_claim(self, r: Remote, seats: list[int]) -> None:
        """Host: a late joiner asks to take over dropped seats. Each is granted from the tick after the last input
        the host has made for it (relayed to everyone as SEAT), or refused to the claimant alone."""
        for s in seats:
            if s >= len(self.owners) or self.owners[s] == r.index:
                continue
            if s in self.dropped and self.owners[s] == 0 and s in self.local_seats and self._may_claim(r, s):
                tick = self.requested_tick + 1
                self.driver.fill(s, self.requested_tick)
                self.owners[s] = r.index
                self.local_seats.remove(s)
                del self.dropped[s]
                r.seats = tuple(sorted(r.seats + (s,)))
                r.handover[s] = tick
                self._emit(SeatClaimed(s, tick, r.index))
                self._relay([Item.SEAT, s, tick, r.index])
            else:
                r.log_out.append([Item.SEAT, s, 0, self.owners[s] or 0])
                r.urgent = True

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
