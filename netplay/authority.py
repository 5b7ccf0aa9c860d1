"""Host-authoritative turn games (``MatchSettings.mode == "authority"``), the netplay side.

Issue 12, attack 2: in a turn game only the host holds the full state. The host runs the real simulation at the tick
rate on its own clock and never waits for anyone; each joiner (and spectator) is sent only its seat's view and the
public actions, and sends its seat's actions; the host checks each one (the seat is the sender's, the action legal
now) and applies the good ones on its next tick. At the end the host reveals every peer's fair-deal nonce and the
full action log; each joiner checks the nonces against the commits it was shown before the deal
(``netplay.fairdeal``) and re-simulates the match (its simulation's ``verify``), so equal ``final_checksum``s across
peers prove the deal.

netplay knows no game: it moves opaque view bytes and action ints. The simulations it drives here are the caller's,
handed over once the match starts (``Session.attach`` after the ``Started`` event; ``netplay.runner`` does it;
``arcade.core.turnnet`` has the game side), typed as ``Referee`` (host) and ``ViewStore`` (joiner):

- host: ``advance(inputs)`` (one tick, one int per seat, 0 = nothing: the tick simulation's rule), ``tick``,
  ``step`` (actions applied so far), ``legal(seat, n) -> bool`` (tick input ``n`` is legal for ``seat`` now),
  ``last_acted(seat) -> int`` (the step after that seat's last applied action, 0 if none), ``view(seat | None) ->
  bytes``, ``public(since) -> [(step, seat, action), ...]`` (what every seat may know of the actions after step
  ``since``; a hidden action's content is 0), ``log -> [(seat, code), ...]``, ``is_over()``, ``checksum()``;
- joiner: ``receive_view(seat | None, step, data, public)``, ``advance(inputs)`` (counts ticks), ``tick``,
  ``is_over()``, ``checksum()`` and ``verify(seed, log) -> (fair, reason, checksum | None)``.

Unlike rollback and lockstep (``netplay.requests``: the caller's simulation is asked to save, load and advance),
here the session calls these adapters itself and returns no request: they are not a game's simulation to roll back
but the host's referee (it must check legality and read the views right after each tick, to send them that update)
and a joiner's store of received views; the game's rules behind them are the caller's.

Messages (``netplay.wire``): VIEW (host -> joiner: one seat's view at a step, zlib-compressed with the view the
joiner holds as preset dictionary (``deflate_view``: a step costs tens of bytes, not a whole view), in chunks of
``VIEW_CHUNK`` bytes, with the public actions since the view the joiner holds, the last action id handled and the seat
owners; a chunkless VIEW is a keepalive), ACTION (joiner -> host: the views it holds, its unacknowledged actions
``[id, seat, step, input]``, the reveal chunks it holds), LOG_REVEAL (host -> joiner at the end, chunked). Views are
resent until acknowledged, actions until the host names their id (applied or refused), reveal chunks until held. A
view is sent only when its bytes differ from the ones the joiner holds (or has in flight). VIEW and ACTION also carry
the RTT probe of INPUT datagrams (a stamp every ``ping_every``-th datagram, the echo of the other's), so the ping
shown and the resend timeouts follow the network all match long, and VIEW carries the host's notice log (the INPUT
datagrams' ``Item`` run, acknowledged by ACTION): other peers interrupted, resumed or gone (``Interrupted``,
``Resumed``, ``Disconnected`` on every joiner, as in the other modes), seat claims granted or refused
(``ClaimRefused``).

Stale or forged actions: an action for a seat the sender does not own is refused (``stats.rejected["seat"]``); one
that is not legal at the host's current state, that claims a step the host has not reached, or that was chosen on a
view older than that seat's last applied action (a resend racing its own answer) is refused
(``stats.rejected["illegal"]``). The joiner's next view shows what happened.
"""

from __future__ import annotations

import hashlib
import zlib
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

import msgpack

from .endpoint import Pending, Remote
from .events import EndReason, FailReason, MatchEnded, NetEvent, SeatClaimed, SeatDropped
from .fairdeal import reveal_problem, revealed_seed
from .messages import (MAX_ACTIONS, MAX_PUBLIC, MAX_REVEAL_CHUNKS, MAX_VIEW_BYTES, MAX_VIEW_CHUNKS, NO_PEER,
                       REVEAL_CHUNK, VIEW_CHUNK, Action, Bye, LogReveal, Msg, Notice, Reason, View)
from .protocol import DONE, FINISHING, RUNNING
from .settings import MatchSettings, SessionConfig
from .stats import LinkStats, NetStats
from .turnclock import HostClock, JoinerClock
from .wire import SEND_LIMIT



class Referee(Protocol):
    """The host's side of a host-authoritative turn game, given by the caller (``Session.attach``): the whole table.

    ``advance(inputs)`` simulates one tick (one tick input per seat, 0 = nothing); ``tick`` counts ticks, ``step``
    the actions applied so far; ``legal(seat, n)`` says whether tick input ``n`` is legal for ``seat`` now;
    ``last_acted(seat)`` is the step after that seat's last applied action (0 if none); ``view(seat | None)`` is that
    seat's (None: the public) view as bytes; ``public(since)`` lists ``(step, seat, action)`` every seat may know of
    the actions after step ``since`` (a hidden action's content 0); ``log`` is every applied ``(seat, code)`` and
    ``log_ticks`` the tick of each; ``is_over()``, ``checksum()``; optionally ``to_act()``, the seats that must act
    now (their turn clocks: ``netplay.turnclock``; a referee without it has none)."""

    tick: int
    step: int
    log: Sequence[tuple[int, int]]
    log_ticks: Sequence[int]

    def advance(self, inputs: tuple[int, ...]) -> None: ...
    def legal(self, seat: int, n: int) -> bool: ...
    def last_acted(self, seat: int) -> int: ...
    def view(self, seat: int | None) -> bytes: ...
    def public(self, since: int) -> Sequence[tuple[int, int, int]]: ...
    def is_over(self) -> bool: ...
    def checksum(self) -> int: ...


class ViewStore(Protocol):
    """A joiner's (or spectator's) side of a host-authoritative turn game, given by the caller (``Session.attach``):
    the views it was sent. ``receive_view(seat | None, step, view bytes, public actions)``; ``advance(inputs)``
    counts ticks (``tick``); ``is_over()``; ``checksum()``; ``verify(seed, log) -> (fair, reason, checksum | None)``
    re-simulates the revealed deal at the end."""

    tick: int

    def receive_view(self, seat: int | None, step: int, view: bytes,
                     public: Sequence[tuple[int, int, int]]) -> None: ...
    def advance(self, inputs: tuple[int, ...]) -> None: ...
    def is_over(self) -> bool: ...
    def checksum(self) -> int: ...
    def verify(self, seed: int, log: Sequence[tuple[int, int]]) -> tuple[bool, str, int | None]: ...


class _Claims(Protocol):
    """``session.claims`` as this module uses it (``latejoin.Claims``)."""

    pending: set[int]


class _Deal(Protocol):
    """``session.deal`` as this module uses it (``fairdeal.HostDeal``, ``fairdeal.JoinerDeal``)."""

    commits: list[list[Any]]
    start_nonces: list[list[Any]]


class _Inputs(Protocol):
    """``session.inputs`` as this module uses it (``inputs.InputExchange``)."""

    def notices_for(self, r: Remote, room: int) -> tuple[int, list[Notice]]: ...
    def probe(self, r: Remote) -> tuple[int | None, list[int] | None]: ...
    def take_notices(self, r: Remote, base: int, items: list[Notice], lack: int) -> None: ...
    def take_probe(self, r: Remote, ping: int | None, echo: list[int] | None) -> LinkStats: ...


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    finish_at: float
    next_tick_at: float
    period: float
    remote_tick: int


class HostAuthoritySession(Protocol):
    """What ``HostAuthority`` reads and calls of its session."""

    config: SessionConfig
    deal: _Deal
    end: MatchEnded | None
    input_source: Callable[[int, int], int]
    inputs: _Inputs
    local_seats: list[int]
    now: float
    owners: list[int | None]
    remotes: dict[int, Remote]
    settings: MatchSettings
    stats: NetStats
    sync: _Sync
    def emit(self, ev: NetEvent) -> None: ...
    def enter(self, phase: str) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


class JoinerAuthoritySession(Protocol):
    """What ``JoinerAuthority`` reads and calls of its session."""

    bots: dict[int, str]
    claims: _Claims
    config: SessionConfig
    deal: _Deal
    dropped: dict[int, int]
    end: MatchEnded | None
    index: int
    input_source: Callable[[int, int], int]
    inputs: _Inputs
    local_seats: list[int]
    my_seats: tuple[int, ...]
    now: float
    owners: list[int | None]
    remotes: dict[int, Remote]
    seed: int | None
    settings: MatchSettings
    stats: NetStats
    sync: _Sync
    @property
    def done(self) -> bool: ...
    def emit(self, ev: NetEvent) -> None: ...
    def enter(self, phase: str) -> None: ...
    def fail(self, reason: str, kind: FailReason = FailReason.OTHER, **facts: Any) -> None: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


__all__ = ["Referee", "ViewStore", "HostAuthority", "JoinerAuthority", "VERIFIED", "UNFAIR", "reveal_blob", "read_reveal"]

VERIFIED = "verified"
UNFAIR = "unfair"
MAX_QUEUED = 2 * MAX_ACTIONS
"""Most actions of one peer waiting for a host tick (one a seat a tick is applied); beyond, refused ("flood")."""
KEEPALIVE = 0.1
"""Seconds between datagrams to a peer when nothing is new (its silence timer counts from the last one)."""
NOTICE_ROOM = SEND_LIMIT - 200
"""Bytes of notices one chunkless VIEW may carry (the rest of it is under 170 bytes with 8 seats)."""
_REVEAL_LIMITS = dict(raw=False, use_list=True, max_str_len=256, max_bin_len=64,
                      max_array_len=2 * REVEAL_CHUNK * MAX_REVEAL_CHUNKS, max_map_len=0, max_ext_len=0)


def _key(seat: int | None) -> int:
    return NO_PEER if seat is None else seat


def _digest(blob: bytes) -> bytes:
    return hashlib.blake2b(blob, digest_size=16, person=b"grisbi-reveal").digest()


def _chunks(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)] or [b""]


KEPT_VIEWS = 8
"""Views of one seat each side keeps as delta bases (the host: sent, not yet superseded; a joiner: its latest)."""


def deflate_view(view: bytes, base: bytes = b"") -> bytes:
    """A view's bytes as they travel: zlib (level 6), with ``base`` (the view the receiver holds) as the preset
    dictionary, so a view that changed a little costs a few dozen bytes. Raises ValueError for a view over
    ``MAX_VIEW_BYTES``."""
    if len(view) > MAX_VIEW_BYTES:
        raise ValueError(f"a view of {len(view)} bytes is over the wire's limit")
    c = zlib.compressobj(6, zdict=base) if base else zlib.compressobj(6)
    return c.compress(view) + c.flush()


def inflate_view(data: bytes, base: bytes = b"") -> bytes:
    """The view's bytes from ``deflate_view``'s (``base``: the same preset dictionary); raises ValueError for
    anything that is not one zlib stream of at most ``MAX_VIEW_BYTES`` (network data: a small datagram never
    inflates beyond that)."""
    d = zlib.decompressobj(zdict=base) if base else zlib.decompressobj()
    try:
        out = d.decompress(data, MAX_VIEW_BYTES)
    except zlib.error:
        raise ValueError("not a zlib stream") from None
    if d.unconsumed_tail or not d.eof or d.unused_data:
        raise ValueError("a view over the limit, cut short or followed by other bytes")
    return out


def reveal_blob(nonces: list[list[Any]], log: list[tuple[int, int]], ticks: list[int], reason: str) -> bytes:
    """The end-of-match reveal as bytes: msgpack ``[nonces, flat log [seat, code, ...], the tick of each logged
    action, reason]`` (the ticks let every peer write the same replay)."""
    flat = [x for seat, code in log for x in (seat, code)]
    ticks = (list(ticks) + [0] * len(log))[:len(log)]
    return msgpack.packb([nonces, flat, ticks, reason[:200]], use_bin_type=True)


def read_reveal(blob: bytes) -> tuple[list[list[Any]], list[tuple[int, int]], list[int], str]:
    """Parse ``reveal_blob``'s bytes; raises ValueError for anything malformed (network data: bounded decoding)."""
    try:
        v = msgpack.unpackb(blob, **_REVEAL_LIMITS)
    except Exception:  # msgpack raises several types
        raise ValueError("undecodable reveal") from None
    if type(v) is not list or len(v) != 4 or not all(type(x) is list for x in v[:3]) or type(v[3]) is not str:
        raise ValueError("malformed reveal")
    nonces, flat, ticks, reason = v
    if not all(type(p) is list and len(p) == 2 and type(p[0]) is int and type(p[1]) is bytes for p in nonces):
        raise ValueError("malformed reveal nonces")
    if len(flat) % 2 or not all(type(x) is int and 0 <= x < 1 << 32 for x in flat):
        raise ValueError("malformed reveal log")
    if len(ticks) * 2 != len(flat) or not all(type(t) is int and 0 <= t < 1 << 31 for t in ticks):
        raise ValueError("malformed reveal ticks")
    return nonces, list(zip(flat[::2], flat[1::2])), ticks, reason


def _run_ticks(s: "HostAuthoritySession | JoinerAuthoritySession", tick: Any) -> None:
    """The ticks that are due by the session's clock (``tick()`` each, at most ``max_ticks_per_update``): nobody
    waits for anyone. A slow caller's debt beyond 0.25 s is dropped (the loop never spirals)."""
    if s.phase != RUNNING:
        return
    sync = s.sync
    n = 0
    while s.phase == RUNNING and s.now >= sync.next_tick_at and n < s.config.max_ticks_per_update:
        tick()
        n += 1
        sync.next_tick_at += sync.period
    if s.now - sync.next_tick_at > 0.25:
        sync.next_tick_at = s.now - 0.25


def _keep(kept: dict[int, bytes], step: int, view: bytes, below: int) -> None:
    """Remember ``view`` of ``step`` as a delta base; forget those before ``below`` and beyond ``KEPT_VIEWS``."""
    kept[step] = view
    for old in sorted(kept):
        if old < below or len(kept) > KEPT_VIEWS:
            del kept[old]


def _clean(v: Any) -> int:
    return v if type(v) is int and 0 < v < 65536 else 0


@dataclass
class _Peer:
    """The host's bookkeeping of one joiner: the views it holds, what was sent when, the last action id handled."""

    held: dict[int, int] = field(default_factory=dict)          # seat key -> step of the view it holds
    sent: dict[int, tuple[int, float, bytes]] = field(default_factory=dict)  # seat key -> (step, when, digest) last
    #                                                                          sent (-1: the reveal)
    kept: dict[int, dict[int, bytes]] = field(default_factory=dict)  # seat key -> step -> view sent (delta bases)
    action_id: int = 0
    ack_due: bool = False
    reveal_got: bytes = b""
    refused: int = 0


class HostAuthority:
    """The host's running phase in authority mode (one per session; ``Session`` calls it from its hook lines)."""

    def __init__(self, session: HostAuthoritySession) -> None:
        self.s = session
        self.sim: Referee | None = None  # the caller's referee (``Session.attach``); nothing runs before it
        self.peers: dict[int, _Peer] = {}
        self.queue: list[tuple[int, int, int, int, int]] = []  # (peer, id, seat, step, input) in arrival order
        self._views: dict[int, tuple[int, bytes, bytes]] = {}  # seat key -> (step, view bytes, digest) now
        self.reveal: list[bytes] = []
        self.reveal_digest = b""
        self.end_at = 0
        self.clock = HostClock(session)  # the turn clocks (netplay.turnclock)

    def attach(self, referee: "Referee") -> None:
        self.sim = referee
        self.clock.follow(referee)

    def clock_left(self) -> dict[int, float]:
        return self.clock.left(self.now_tick)

    @property
    def now_tick(self) -> int:
        """The host's tick now (0 before the referee is attached)."""
        return self.sim.tick if self.sim is not None else 0

    def peer(self, r: Remote) -> _Peer:
        return self.peers.setdefault(r.index, _Peer())

    # --- receiving

    def on_action(self, r: Remote, m: Action) -> None:
        """An ACTION datagram from ``r`` (authenticated, fresh). One that says it holds notices never sent is refused
        whole ("ack": a lie, or another match)."""
        held, actions, got = m.held, m.actions, m.got
        if self.sim is None:
            return  # not running yet (the caller has not attached its referee): the joiner resends
        if m.lack > len(r.log_out):
            self.s.stats.reject("ack")
            return
        self.s.inputs.take_notices(r, 0, [], m.lack)
        self.s.inputs.take_probe(r, m.ping, m.echo)
        p = self.peer(r)
        for seat, step in held:
            if step > p.held.get(seat, -1):
                p.held[seat] = min(step, self.sim.step)
        if len(got) > len(p.reveal_got) or any(a & ~b for a, b in zip(got, p.reveal_got)):
            p.reveal_got = bytes(a | b for a, b in zip(got.ljust(len(p.reveal_got), b"\0"),
                                                       p.reveal_got.ljust(len(got), b"\0")))
        for aid, seat, step, n in actions:
            if aid <= p.action_id:
                continue  # handled already (a resend)
            if aid != p.action_id + 1:
                break  # one is missing (it comes in the next datagram): actions are taken in order
            p.action_id = aid
            p.ack_due = True
            if seat >= len(self.s.owners) or self.s.owners[seat] != r.index:
                self.refuse(r, "seat")
            elif self.s.phase != RUNNING:
                continue
            elif sum(1 for q in self.queue if q[0] == r.index) >= MAX_QUEUED:
                self.refuse(r, "flood")  # more actions than ticks to apply them: a flood, not a player
            else:
                self.queue.append((r.index, aid, seat, step, n))

    def refuse(self, r: Remote, why: str) -> None:
        self.s.stats.reject(why)
        if r is not None:
            self.peer(r).refused += 1

    # --- the host's ticks

    def update(self) -> None:
        s = self.s
        if self.sim is None:
            return
        _run_ticks(s, self.tick)
        if s.phase in (RUNNING, FINISHING):
            self.send_all()
        if s.phase == FINISHING:
            self._finishing()

    def tick(self) -> None:
        """One host tick: local seats' inputs, then the queued remote actions that are still good, then advance."""
        s, sim = self.s, self.sim
        tick = sim.tick
        due = self.clock.due(sim)  # seats whose turn clock ran out (a joiner dropped at its second in a row)
        inputs = [0] * s.settings.seats
        for seat in s.local_seats:
            inputs[seat] = _clean(s.input_source(seat, tick))
        later = []
        for item in self.queue:
            peer, _aid, seat, step, n = item
            r = s.remotes.get(peer)
            if inputs[seat]:
                later.append(item)  # one action a seat a tick: the next tick
            elif s.owners[seat] != peer:
                self.refuse(r, "seat")  # the seat was dropped meanwhile
            elif step > sim.step or step < sim.last_acted(seat) or not sim.legal(seat, n):
                self.refuse(r, "illegal")
            else:
                inputs[seat] = n
        self.queue = later
        for seat in sorted(due):
            if not inputs[seat]:  # the clock ran out: the stand-in (the host's bot) plays this move
                n = _clean(self.clock.stand_in(seat, tick))
                if n and sim.legal(seat, n):
                    inputs[seat] = n
        acted = {seat: sim.last_acted(seat) for seat in self.clock.clocks}
        before = sim.step
        sim.advance(tuple(inputs))
        s.stats.ticks += 1
        self.clock.after(sim, acted)
        if sim.step != before:
            self._views.clear()
        end = s.settings.end_tick
        if sim.is_over():
            self.finish(EndReason.GAME_OVER)
        elif end and sim.tick >= end:
            self.finish(EndReason.END_TICK)

    def view_of(self, key: int) -> tuple[int, bytes, bytes]:
        """The current view of seat ``key`` (``NO_PEER``: the public one): (step, bytes, 16-byte digest), made once
        a step."""
        v = self._views.get(key)
        if v is None:
            sim = self.sim
            view = bytes(sim.view(None if key == NO_PEER else key))
            v = self._views[key] = (sim.step, view, _digest(view))
        return v

    # --- sending

    def send_all(self) -> None:
        s = self.s
        for r in s.remotes.values():
            if r.status == "gone" or r.bye or not r.started:
                continue
            self.send_to(r)

    def send_to(self, r: Remote) -> None:
        """Views ``r`` lacks, its action acks, reveal chunks, notices, keepalive. A view goes only when its bytes
        differ from the ones ``r`` holds or were last sent it (a step that changed nothing this seat sees costs
        nothing), and again only after an RTO unacknowledged."""
        s = self.s
        p = self.peer(r)
        rto = max(0.05, 1.2 * s.stats.link(r.index).rtt + 2 * s.sync.period)
        sent = False
        for key in (r.seats or (NO_PEER,)):
            step, view, digest = self.view_of(key)
            held, last = p.held.get(key, -1), p.sent.get(key)
            # the same bytes, at a step its actions may name (not before this seat's own last action)
            same = last is not None and last[2] == digest and (key == NO_PEER or last[0] >= self.sim.last_acted(key))
            if held >= step or (same and (held >= last[0] or s.now < last[1] + rto)):
                continue
            kept = p.kept.setdefault(key, {})
            ref = held if held in kept else -1  # a delta against the view it holds, if we still have it
            data = deflate_view(view, kept.get(ref, b""))
            _keep(kept, step, view, held)
            self._send_view(r, p, key, step, data, ref=ref + 1)
            p.sent[key] = (step, s.now, digest)
            sent = True
        if self.reveal:
            sent = self._send_reveal(r, p, rto) or sent
        owed = r.inputs.log_acked < len(r.log_out)  # notices it does not hold yet
        base, items = s.inputs.notices_for(r, NOTICE_ROOM) if owed else (len(r.log_out), [])
        if items or (not sent and (p.ack_due or s.now >= r.last_send + KEEPALIVE)):
            key = (r.seats or (NO_PEER,))[0]
            self._send_view(r, p, key, p.held.get(key, 0), b"", chunks=0, notices=(base, items))
        r.urgent = False

    def _send_view(self, r: Remote, p: _Peer, key: int, step: int, data: bytes, chunks: int | None = None,
                   notices: tuple[int, list[Any]] = (0, []), ref: int = 0) -> None:
        """VIEW datagrams of ``data`` (the compressed view of seat ``key`` at ``step``, against the view of step
        ``ref - 1`` if ``ref``; ``chunks`` 0: one chunkless VIEW, a keepalive), each with the action ack, owners,
        tick, an RTT probe and ``notices`` (log base, items)."""
        s = self.s
        parts = _chunks(data, VIEW_CHUNK) if chunks is None else []
        if len(parts) > MAX_VIEW_CHUNKS:
            raise ValueError(f"a view of {len(data)} compressed bytes is over the wire's limit")
        public = []
        if parts:
            public = [[st, seat, a] for st, seat, a in self.sim.public(p.held.get(key, 0))][-MAX_PUBLIC:]
        owners = [NO_PEER if o is None else o for o in s.owners]
        base, items = notices
        for i, part in enumerate(parts or [b""]):
            ping, echo = s.inputs.probe(r)
            s.send(r, View(key, step, len(parts), i, part, public, p.action_id, owners, self.sim.tick, ping, echo,
                           base, items, ref))
        p.ack_due = False

    def _send_reveal(self, r: Remote, p: _Peer, rto: float) -> bool:
        """Reveal chunks ``r`` does not hold (each again after an RTO); True if any was sent."""
        s = self.s
        last = p.sent.get(-1)
        if last is not None and s.now < last[1] + rto:
            return False
        sent = 0
        for i, chunk in enumerate(self.reveal):
            if i // 8 < len(p.reveal_got) and p.reveal_got[i // 8] >> (i % 8) & 1:
                continue
            s.send(r, LogReveal(self.end_at, len(self.reveal), i, chunk, self.reveal_digest))
            sent += 1
            if sent >= 16:
                break
        if sent:
            p.sent[-1] = (0, s.now, b"")
        return bool(sent)

    def has_reveal(self, r: Remote) -> bool:
        p = self.peer(r)
        return all(i // 8 < len(p.reveal_got) and p.reveal_got[i // 8] >> (i % 8) & 1 for i in range(len(self.reveal)))

    # --- the end

    def reveal_log(self) -> list[tuple[int, int]]:
        """The action log the host reveals (the simulation's; a test's lying host overrides this)."""
        return list(self.sim.log)

    def finish(self, kind: EndReason) -> None:
        """End the match now at the host's tick: ``MatchEnded`` here, the reveal sent to every joiner."""
        s, sim = self.s, self.sim
        if s.end is not None:
            return
        self.end_at = sim.tick
        blob = reveal_blob(s.deal.start_nonces, self.reveal_log(), list(getattr(sim, "log_ticks", ())), kind.value)
        self.reveal = _chunks(blob, REVEAL_CHUNK)
        if len(self.reveal) > MAX_REVEAL_CHUNKS:
            raise ValueError("the action log is over the reveal's limit")
        self.reveal_digest = _digest(blob)
        s.end = MatchEnded(sim.tick, sim.checksum(), kind.value, kind)
        s.end.deal = VERIFIED  # the host dealt it: nothing to check here
        s.emit(s.end)
        s.enter(FINISHING)
        s.sync.finish_at = s.now

    def _finishing(self) -> None:
        s = self.s
        live = [r for r in s.remotes.values() if r.status != "gone" and not r.bye and r.started]
        if s.now >= s.sync.finish_at + s.config.timeout or all(self.has_reveal(r) for r in live):
            s.enter(DONE)


class JoinerAuthority:
    """A joiner's (or spectator's) running phase in authority mode: its views, its actions, the end's check."""

    def __init__(self, session: JoinerAuthoritySession) -> None:
        self.s = session
        self.sim: ViewStore | None = None  # the caller's view store (``Session.attach``)
        self.early: list[tuple[int | None, int, bytes, list[tuple[int, int, int]]]] = []  # views before it
        self.pending: list[list[int]] = []      # [id, seat, step, input] not yet acknowledged by the host
        self.next_id = 1
        self.steps: dict[int, int] = {}         # seat key -> step of the latest complete view
        self.parts: dict[int, tuple[int, int, int, dict[int, bytes]]] = {}  # seat key -> (step, total, ref, chunks)
        self.kept: dict[int, dict[int, bytes]] = {}  # seat key -> step -> our latest views (the host's delta bases)
        self.urgent = False
        self.host_tick = 0
        self.reveal_parts: dict[int, bytes] = {}
        self.reveal_total = 0
        self.reveal_digest = b""
        self.verdict: tuple[bool, str] | None = None
        self.revealed: tuple[int, list[tuple[int, int]], list[int]] | None = None  # (seed, log, ticks) at the end
        self.over_at: float | None = None  # when our views first said the game is over (the reveal is due)
        self.clock = JoinerClock(session)  # the host's turn clocks, and our watch on the host

    def keys(self) -> tuple[int, ...]:
        return tuple(self.s.local_seats) or (NO_PEER,)

    def clock_left(self) -> dict[int, float]:
        return self.clock.left()

    # --- receiving

    def on_view(self, m: View) -> None:
        """A VIEW datagram from the host: action acks, RTT probe, notices (peers' status, seat claims), the seat
        owners, and a chunk of a view (the last one hands the whole to the simulation)."""
        s = self.s
        key, step, total, index, data, public, ref = m.seat, m.step, m.total, m.index, m.data, m.public, m.ref
        self.host_tick = max(self.host_tick, m.tick)
        self.clock.host_moved(m.tick)
        s.sync.remote_tick = self.host_tick
        if self.pending and m.acked >= self.pending[0][0]:
            self.pending = [a for a in self.pending if a[0] > m.acked]
        host = s.remotes[0]
        s.inputs.take_probe(host, m.ping, m.echo)
        had = host.inputs.log_in
        s.inputs.take_notices(host, m.base, m.items, 0)
        if host.inputs.log_in != had:
            self.urgent = True  # say we hold them: the host stops resending
        if s.done:
            return
        self._owners(m.owners)
        if total == 0 or key not in self.keys() or step <= self.steps.get(key, -1):
            return
        have = self.parts.get(key)
        if have is None or have[:3] != (step, total, ref):
            if have is not None and have[0] > step:
                return  # chunks of an older view than the one being assembled
            have = self.parts[key] = (step, total, ref, {})
        have[3][index] = data
        if len(have[3]) < total:
            return
        del self.parts[key]
        kept = self.kept.setdefault(key, {})
        if ref and ref - 1 not in kept:
            return  # a delta against a view we no longer keep: the host sends it again against the one we hold
        self.steps[key] = step
        self.urgent = True  # say we hold it: the host stops resending
        seat = None if key == NO_PEER else key
        try:
            view = inflate_view(b"".join(have[3][i] for i in range(total)), kept.get(ref - 1, b""))
            _keep(kept, step, view, 0)
            self._hand_over(seat, step, view, [(a, b, c) for a, b, c in public])
        except Exception as e:  # the game side could not read the host's view: never crash the client
            s.fail(f"the host's view could not be read ({type(e).__name__})", FailReason.PROTOCOL)

    def _owners(self, owners: list[int]) -> None:
        """Seats dropped (the host's bot plays them) or taken over, as the host's owner list says."""
        s = self.s
        if len(owners) != len(s.owners):
            return
        for seat, o in enumerate(owners):
            old = s.owners[seat]
            if o == NO_PEER or o == old:
                continue
            s.owners[seat] = o
            if o == 0:
                s.dropped[seat] = old
                s.emit(SeatDropped(seat, self.host_tick, old))
                if old == s.index:
                    s.fail("dropped from the match by the host", FailReason.REMOVED, rejoin=True)
                    return
                continue
            s.dropped.pop(seat, None)
            s.bots.pop(seat, None)
            if o == s.index:
                s.local_seats = sorted(set(s.local_seats) | {seat})
                s.my_seats = tuple(sorted(set(s.my_seats) | {seat}))
                s.claims.pending.discard(seat)
            s.emit(SeatClaimed(seat, self.host_tick, o))

    def on_reveal(self, m: LogReveal) -> None:
        s = self.s
        end, total, index, chunk, digest = m.end, m.total, m.index, m.chunk, m.digest
        if s.end is not None:
            self.urgent = True
            return
        if total != self.reveal_total or digest != self.reveal_digest:
            self.reveal_parts, self.reveal_total, self.reveal_digest = {}, total, digest
        self.reveal_parts[index] = chunk
        self.urgent = True
        if len(self.reveal_parts) < total:
            return
        blob = b"".join(self.reveal_parts[i] for i in range(total))
        if _digest(blob) != digest:
            self.reveal_parts, self.reveal_total = {}, 0
            return
        self._verify(end, blob)

    def _verify(self, end: int, blob: bytes) -> None:
        """The fair-deal check: nonces against the commits shown before the deal, then the game's re-simulation."""
        s = self.s
        checksum, reason = None, "game over"
        try:
            nonces, log, ticks, reason = read_reveal(blob)
            problem = reveal_problem(s.deal.commits, nonces)
            if problem is None:
                s.seed = revealed_seed(nonces)
                fair, problem_text, checksum = self.sim.verify(s.seed, log)
                problem = None if fair else problem_text
                self.revealed = (s.seed, log, ticks)
        except ValueError as e:
            problem = str(e)
        self.verdict = (problem is None, problem or "")
        kind = next((k for k in EndReason if k.value == reason), EndReason.GAME_OVER)
        s.end = MatchEnded(end, checksum if checksum is not None else 0, kind.value, kind)
        s.end.deal = VERIFIED if problem is None else UNFAIR
        s.end.deal_reason = problem or ""
        s.emit(s.end)
        s.enter(FINISHING)
        s.sync.finish_at = s.now

    def over(self) -> bool:
        """Whether the match is over as this peer can tell: its views say the game is over, or the settings' end
        tick is reached (by the host's tick or by ours: the host cannot play past it)."""
        end, sim = self.s.settings.end_tick, self.sim
        return sim is not None and (sim.is_over() or bool(end and max(self.host_tick, sim.tick) >= end))

    def await_reveal(self) -> None:
        """The match is over (``over``): the host's reveal is due. None within the timeout: the deal cannot be
        verified, and a commitment not opened is a deal not fair."""
        s = self.s
        if s.end is not None or s.phase != RUNNING or not self.over():
            return
        if self.over_at is None:
            self.over_at = s.now
        elif s.now >= self.over_at + s.config.timeout:
            self.unverified("the host did not reveal the deal at the end")

    def host_gone(self, why: str) -> bool:
        """The host left or went silent: once the game is over (the reveal was due), the verdict is "unfair" (True);
        before, the match is just lost (False)."""
        if self.s.end is not None or not self.over():
            return False
        self.unverified(why)
        return True

    def unverified(self, why: str) -> None:
        """The match ended here without a reveal that opens the commits: ``MatchEnded`` with the deal "unfair"."""
        s = self.s
        self.verdict = (False, why)
        over, end = self.sim.is_over(), s.settings.end_tick
        kind = EndReason.GAME_OVER if over or not end else EndReason.END_TICK
        s.end = MatchEnded(self.host_tick if over or not end else end, 0, kind.value, kind)
        s.end.deal, s.end.deal_reason = UNFAIR, why
        s.emit(s.end)
        s.enter(FINISHING)
        s.sync.finish_at = s.now

    # --- the joiner's ticks

    def _hand_over(self, seat: int | None, step: int, view: bytes, public: list[tuple[int, int, int]]) -> None:
        """Give a complete view to the view store (kept until the caller attached it)."""
        if self.sim is None:
            self.early.append((seat, step, view, public))
        else:
            self.sim.receive_view(seat, step, view, public)

    def attach(self, store: "ViewStore") -> None:
        self.sim = store
        early, self.early = self.early, []
        for seat, step, view, public in early:
            store.receive_view(seat, step, view, public)

    def update(self) -> None:
        s = self.s
        if self.sim is None:
            return
        _run_ticks(s, self.tick)
        self.await_reveal()
        self.clock.watch()
        if s.phase in (RUNNING, FINISHING):
            self.send()
        if s.phase == FINISHING and s.end is not None:
            host = s.remotes[0]
            for _ in range(3):  # a lost BYE only makes the host wait for its timeout
                s.send(host, Bye(Reason.FINISHED, "finished"))
            s.enter(DONE)

    def tick(self) -> None:
        s, sim = self.s, self.sim
        tick = sim.tick
        inputs = [0] * s.settings.seats
        over = sim.is_over()
        for seat in s.local_seats:
            n = _clean(s.input_source(seat, tick))
            if n and not over:
                inputs[seat] = n
                self.pending.append([self.next_id, seat, max(0, self.steps.get(seat, 0)), n])
                self.next_id += 1
                self.urgent = True
        sim.advance(tuple(inputs))
        s.stats.ticks += 1

    def send(self) -> None:
        s = self.s
        host = s.remotes[0]
        period = s.sync.period
        gap = period / 2 if self.urgent else (2 * period if self.pending else KEEPALIVE)
        if s.now < host.last_send + gap:
            return
        got = bytearray((self.reveal_total + 7) // 8)
        for i in self.reveal_parts:
            got[i // 8] |= 1 << (i % 8)
        if s.end is not None:
            got = bytearray(b"\xff" * ((self.reveal_total + 7) // 8))
        held = [[k, st] for k, st in self.steps.items()]
        ping, echo = s.inputs.probe(host)
        s.send(host, Action(held, self.pending[:MAX_ACTIONS], bytes(got), self.sim.tick, ping, echo,
                            host.inputs.log_in))
        self.urgent = False
