"""How the host admits joiners (a part of ``netplay.host.HostSession``): the open HELLO and the SPAKE2 answer (KEYX),
the JOIN (its first sealed datagram), refusals before any key (never longer than the request, at most 10 a second),
wrong codes counted per IP address, late joiners (spectators) welcomed into a running match with a snapshot (SNAP
chunks, acknowledged with SNAPACK), their claims of dropped seats (CLAIM: only the player who lost the seat, unless
the host chose otherwise), and the LAN browsers' PROBE answered with a PONG.
"""

from __future__ import annotations

from typing import Any

from .endpoint import GONE, Pending, Remote, _entropy
from .events import JoinRefused, Notice, NoticeKind, PeerJoined, SeatClaimed
from .protocol import (DEALING, FINISHING, LOBBY, RUNNING, SPAKE_IDS, SnapChunk, fail_kind, owners_to_wire, snap_digest,
                       split_snapshot)
from .transport import Address
from .wire import MAX_SNAP_CHUNKS, PROTOCOL_VERSION, Item, Message, MsgType, Reason, is_real_commit, peer_keys, seal

__all__ = ["Admission"]


class Admission:
    """The host's admission of joiners (a mixin of ``HostSession``)."""

    def _send_open(self, address: Address, mtype: int, fields: list[Any], sid: int = 0) -> None:
        self._misc_seq += 1
        data = seal(mtype, sid, self.index, self._misc_seq, fields, None)
        self.transport.send(data, address)
        self.stats.sent(self.now, None, len(data))

    def _refuse(self, address: Address, code: Reason, text: str, facts: tuple[int, ...] = (),
                limit: int = 1200) -> None:
        """Refuse a joiner before any key: open, at most 10 a second, never longer than the ``limit`` bytes of the
        request it answers (the host is never an amplifier)."""
        now = self.now
        self._open_refusals = [t for t in self._open_refusals if t > now - 1.0]
        if len(self._open_refusals) < 10:
            self._open_refusals.append(now)
            cut = max(0, min(200, limit - 24))
            self._send_open(address, MsgType.REFUSE_OPEN, [int(code), text[:cut], list(facts)])
        self._emit(JoinRefused(address, text, fail_kind(code)))

    def _pending_at(self, address: Address) -> "Pending | None":
        found = None
        for p in self.pending.values():
            if p.address == address and (found is None or p.at >= found.at):
                found = p
        return found

    def _wrong_code(self, address: Address) -> None:
        """Host: a JOIN failed the AEAD with the keys of its exchange: the joiner typed another code. Counted once
        per exchange against the joiner's IP address, and refused (open)."""
        p = self._pending_at(address)
        if p is None:
            return
        if not p.failed:
            p.failed = True
            tries = self._failed_tries.setdefault(address[0], [])
            tries.append(self.now)
            self._emit(Notice(NoticeKind.WRONG_CODE, address, "a wrong join code was tried"))
            if len(tries) == self.config.join_tries:
                self._emit(Notice(NoticeKind.TOO_MANY_TRIES, address,
                                  f"{address[0]} tried {len(tries)} wrong codes: refused for a minute"))
        self._refuse(address, Reason.WRONG_CODE, "wrong join code")

    def _too_many_tries(self, ip: str) -> bool:
        window = self.config.join_tries_window
        tries = [t for t in self._failed_tries.get(ip, ()) if t > self.now - window]
        if tries:
            self._failed_tries[ip] = tries
        else:
            self._failed_tries.pop(ip, None)
        return len(tries) >= self.config.join_tries

    def _pong(self, msg: Message, address: Address) -> None:
        """Answer a LAN browser's PROBE (unauthenticated; never longer than the probe, at most 20 a second)."""
        now = self.now
        self._pongs = [t for t in self._pongs if t > now - 1.0]
        if len(self._pongs) >= 20 or self.phase not in (LOBBY, DEALING, RUNNING, FINISHING):
            return
        fields = [msg.fields[0], msg.fields[1], 0 if self.phase in (LOBBY, DEALING) else 1, self.free_seats()]
        self._misc_seq += 1
        data = seal(MsgType.PONG, 0, 0, self._misc_seq, fields, None)
        if len(data) <= msg.size:
            self._pongs.append(now)
            self.transport.send(data, address)
            self.stats.sent(now, None, len(data))

    def _on_hello(self, msg: Message, address: Address) -> None:
        """A joiner opens a key exchange (open HELLO). Everything that can be refused without a key is refused
        here (version, match started, settings, seats, too many wrong codes from that address); else the host
        answers KEYX with its SPAKE2 message and keeps the exchange until the JOIN (its first sealed datagram)."""
        f = msg.fields
        if msg.version != PROTOCOL_VERSION:
            self._refuse(address, Reason.VERSION, f"protocol version mismatch: the host speaks version "
                                                  f"{PROTOCOL_VERSION}, you speak {msg.version}", limit=msg.size)
            return
        spake_msg, hnonce, wanted, digest, _ = f
        p = self.pending.get(hnonce)
        if p is not None:
            if p.address == address:
                self.transport.send(p.keyx, address)  # our KEYX was lost: the same answer (never a second guess)
                self.stats.sent(self.now, None, len(p.keyx))
            return
        if hnonce in self._seen_hellos or any(r.hello_nonce == hnonce for r in self.remotes.values()):
            self.stats.reject("stale")  # a replayed request
            return
        problem = self._hello_problem(address, wanted, digest)
        if problem is not None:
            self._refuse(address, *problem, limit=msg.size)
            return
        now = self.now
        self._exchanges = [t for t in self._exchanges if t > now - 1.0]
        if len(self._exchanges) >= self.config.max_exchanges or len(self.pending) >= 32:
            self.stats.reject("busy")  # the joiner asks again (its HELLO is resent); nothing is charged
            return
        self._exchanges.append(now)
        self._answer_hello(address, hnonce, spake_msg)

    def _answer_hello(self, address: Address, hnonce: bytes, spake_msg: bytes) -> None:
        """Our half of the SPAKE2 exchange: derive the pair's keys, keep the exchange, send KEYX."""
        from spake2 import SPAKE2_B  # imported when first needed
        now = self.now
        side_b = SPAKE2_B(self.password, entropy_f=_entropy(None if self._seed_src is None else self._seed_src,
                                                           b"B" + hnonce), **SPAKE_IDS)
        msg_b = side_b.start()
        try:
            k = side_b.finish(spake_msg)
        except Exception:  # not a group element, a reflected message...: spake2 raises several types
            self.stats.reject("spake")
            return
        keys = peer_keys(k, self.sid, hnonce)
        self._misc_seq += 1
        keyx = seal(MsgType.KEYX, self.sid, 0, self._misc_seq, [hnonce, msg_b], None)
        for old in [h for h, q in self.pending.items() if q.at < now - self.config.timeout]:
            del self.pending[old]
        self.pending[hnonce] = Pending(address, hnonce, keys, keyx, now)
        self._seen_hellos.add(hnonce)
        self.transport.send(keyx, address)
        self.stats.sent(now, None, len(keyx))

    def _hello_problem(self, address: Address, wanted: int, digest: bytes) -> tuple[Any, ...] | None:
        """Why the host refuses a join request now (checked on HELLO and again on JOIN), or None."""
        if self._too_many_tries(address[0]):
            return Reason.TOO_MANY_TRIES, "too many wrong join codes from your address: wait a minute"
        late = wanted == 0 and self.phase == RUNNING
        if self.phase != LOBBY and not late:
            watch = wanted and self.phase == RUNNING and self.config.allow_late_join and (
                self.config.snapshot_state or self.auth is not None)
            return Reason.STARTED, "the match has already started" + (
                " (you may join it as a spectator)" if watch else "")
        if digest and digest != self.settings.digest():
            return Reason.SETTINGS, f"match settings differ: the host plays {self.settings.describe()}"
        if late and not (self.config.allow_late_join and (self.config.snapshot_state or self.auth is not None)):
            return Reason.STARTED, "the match has already started and this host takes no spectators"
        free = [s for s, o in enumerate(self.owners) if o is None]
        if wanted > len(free):
            return Reason.FULL, f"not enough free seats: {wanted} asked, {len(free)} free", (wanted, len(free))
        if wanted == 0:
            watching = sum(1 for r in self.remotes.values()
                           if r.address[0] == address[0] and not r.seats and r.status != GONE)
            if watching >= self.config.spectators_per_address:
                return Reason.FULL, (f"no room for another spectator from your address "
                                     f"({self.config.spectators_per_address} at most)")
        if self._free_index(late) is None:
            return Reason.FULL, "no room for another peer (7 at most)"
        return None

    def _on_join(self, msg: Message, address: Address) -> None:
        """The joiner's first sealed datagram (the AEAD passed: same code): its request; or a JOIN again because our
        WELCOME was lost."""
        for r in self.remotes.values():
            if r.address == address and not r.started and r.status != GONE:
                if self.phase == LOBBY or (r.late and not r.started):
                    if self._accept_seq(r, msg):
                        self._send_welcome(r)
                return
        p = self._pending_at(address)
        if p is None or not p.window.fresh(msg.seq):
            return
        p.window.accept(msg.seq)
        wanted, commit, digest, name, token = msg.fields
        del self.pending[p.hello_nonce]
        problem = self._hello_problem(address, wanted, digest)
        if problem is None and not is_real_commit(commit):
            problem = (Reason.BAD_COMMIT, "your fair-deal commit is not a real digest")
        if problem is not None:
            facts = list(problem[2]) if len(problem) > 2 else []
            self._send(p, MsgType.REFUSE, [int(problem[0]), problem[1][:200], facts])
            self._emit(JoinRefused(address, problem[1], fail_kind(problem[0])))
            return
        late = wanted == 0 and self.phase == RUNNING
        index = self._free_index(late)
        if late:
            self._late_join(index, address, p, msg, commit, name, token)
            return
        free = [s for s, o in enumerate(self.owners) if o is None]
        r = self._new_remote(index, address, tuple(free[:wanted]), p, msg, commit, name, token)
        for s in r.seats:
            self.owners[s] = index
        self.remotes[index] = r
        self._emit(PeerJoined(index, address, r.seats, name))
        self._send_welcome(r)
        self._roster_changed()

    def _new_remote(self, index: int, address: Address, seats: tuple[int, ...], p: "Pending", msg: Message,
                    commit: bytes, name: str, token: bytes) -> Remote:
        r = Remote(index, address, seats, self.now)
        r.hello_nonce, r.commit, r.name, r.token = p.hello_nonce, commit, name, token
        r.key_out, r.key_in, r.out_seq = p.key_out, p.key_in, p.out_seq
        r.window.accept(msg.seq)
        self.stats.received(self.now, None, msg.seq, msg.size)
        return r

    def _free_index(self, late: bool) -> int | None:
        """A peer index for a new joiner: the lowest unused (1..7); while running, also the index of a peer that is
        gone and owns no seat (a spectator who left, a player whose seats were dropped)."""
        free = set(range(1, 8)) - set(self.remotes)
        if free:
            return min(free)
        if late:
            for i, r in sorted(self.remotes.items()):
                if r.status == GONE and i not in self.owners:
                    return i
        return None

    def _late_join(self, index: int, address: Address, p: "Pending", msg: Message, commit: bytes, name: str,
                   token: bytes) -> None:
        """A spectator (or a player who will claim a dropped seat) joins the running match: it is welcomed with no
        seat and sent the snapshot of the last checksummed confirmed frame (so its checksum records are cut as ours
        are); the inputs since then follow in its INPUT datagrams once it has started."""
        if self.auth is not None:  # authority hook: no snapshot, ever; START, then its seat's (public) view
            r = self._new_remote(index, address, (), p, msg, commit, name, token)
            r.late, r.ready = True, True
            self.remotes[index] = r
            self._emit(PeerJoined(index, address, (), name, late=True))
            self._send_welcome(r)
            self._next_resend = self.now
            return
        d = self.driver
        frame = self.history.last_record if self.config.desync_detection else d.processed
        snap = d.snapshot(frame)
        data = b""
        if snap is not None:
            try:
                data = bytes(self.config.snapshot_state(snap.saved))
            except Exception as e:  # the caller's serializer failed: refuse, never crash the match
                snap, data = None, str(e).encode()[:100]
        chunks = split_snapshot(data)
        if snap is None or len(chunks) > MAX_SNAP_CHUNKS:
            self._send(p, MsgType.REFUSE, [int(Reason.BAD_REQUEST), "the host cannot send its state to a spectator "
                                                                    "now"])
            return
        r = self._new_remote(index, address, (), p, msg, commit, name, token)
        r.late, r.ready = True, True
        r.snap_frame = frame
        r.snap_chunks = chunks
        r.snap_digest = snap_digest(data)
        r.snap_got = bytearray((len(chunks) + 7) // 8)
        r.acked = [frame - 1] * d.seats
        self.remotes[index] = r  # replaces a gone peer of that index, if any
        self._emit(PeerJoined(index, address, (), name, late=True))
        self._send_welcome(r)
        self._next_resend = self.now

    # ------------------------------------------------------------------ late joiners: the snapshot, claims

    def _on_snapack(self, r: Remote, f: list[Any]) -> None:
        if r.late and not r.started and f[0] == r.snap_frame:
            got = f[1]
            for i in range(min(len(got), len(r.snap_got))):
                r.snap_got[i] |= got[i]

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

    def allow_claim(self, seat: int, peer: int) -> None:
        """Host: the host's explicit choice: ``peer`` may take dropped ``seat`` (even if it never played it)."""
        self.claim_grants.add((seat, peer))

    def _on_claim_msg(self, r: Remote, f: list[Any]) -> None:
        if self.phase == RUNNING and r.started:
            self._on_claim(r, f[0])

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
                tick = self.requested_tick + 1 if self.auth is None else self.auth.now_tick
                if self.auth is None:
                    self.driver.fill(s, self.requested_tick)
                self.owners[s] = r.index
                self.local_seats.remove(s)
                del self.dropped[s]
                self.bots.pop(s, None)
                r.seats = tuple(sorted(r.seats + (s,)))
                r.handover[s] = tick
                self._emit(SeatClaimed(s, tick, r.index))
                self._relay([Item.SEAT, s, tick, r.index])
            else:
                r.log_out.append([Item.SEAT, s, 0, self.owners[s] or 0])
                r.urgent = True
