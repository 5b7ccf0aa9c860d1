"""INPUT datagrams and the reliable notice log (a part of every session: ``session.inputs``).

Every INPUT datagram (``netplay.messages.Input``) carries the sender's unacknowledged inputs (per seat, up to 64
ticks), its per-seat acks, its tick and ticks-ahead estimate, an RTT ping/echo, a contiguous run of the notice log
(each notice sent in two datagrams in a row, then again after an RTO until acknowledged) and the rolling checksums
(``netplay.checks``). Cadence: the module doc of ``netplay.session``. What differs by role (which seats go to whom,
which inputs are taken from whom, what the host does with new inputs) is the session's ``Routing``: the host's is
``netplay.relay.Relay``, a joiner's ``JoinerRouting`` below.
"""

from __future__ import annotations

from typing import Protocol

import msgpack

from .desync import ChecksumHistory
from .endpoint import GONE, Remote, Router
from .messages import MAX_ITEMS, MAX_RUN, MAX_SUMS, Input, Notice, Run, Sums
from .protocol import RUNNING, echo_rtt, ms_since
from .rollback import TickDriver
from .settings import SessionConfig
from .stats import LinkStats, NetStats
from .transport import Transport
from .wire import SEND_LIMIT, now_ms

__all__ = ["InputExchange", "Routing", "JoinerRouting"]

RUN_BUDGET = 760
"""Bytes of input runs in one INPUT datagram."""
MESH_PATIENCE = 2.0
"""Seconds a joiner sends a silent direct link (the mesh) its inputs at the tick rate before only probing it."""
MESH_PROBE = 0.5
"""Seconds between two datagrams to a direct link that does not answer."""


class _Auth(Protocol):
    """``session.auth`` (``authority.HostAuthority``, ``authority.JoinerAuthority``): here only compared with None."""


class _Checks(Protocol):
    """``session.checks`` as this module uses it (``checks.ChecksumExchange``)."""

    history: ChecksumHistory | None
    def on_sums(self, r: Remote, sums: Sums) -> None: ...


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    driver: TickDriver | None
    first_tick: int
    period: float


class JoinerRoutingSession(Protocol):
    """What ``JoinerRouting`` reads and calls of its session."""

    index: int
    local_seats: list[int]
    owners: list[int | None]
    sync: _Sync


class InputExchangeSession(Protocol):
    """What ``InputExchange`` reads and calls of its session."""

    auth: _Auth | None
    checks: _Checks
    config: SessionConfig
    index: int
    now: float
    protocol_version: int
    remotes: dict[int, Remote]
    router: Router
    sid: int
    stats: NetStats
    sync: _Sync
    transport: Transport
    @property
    def done(self) -> bool: ...
    @property
    def mesh_links(self) -> dict[int, Remote]: ...
    @property
    def phase(self) -> str: ...


def item_size(it: Notice) -> int:
    """Bytes one notice takes in a datagram's body."""
    return len(msgpack.packb(it.to_wire(), use_bin_type=True))


class Routing(Protocol):
    """What differs by role in the input exchange."""

    def admits(self, r: Remote) -> bool: ...            # an INPUT datagram from ``r`` is read now
    def live(self, r: Remote) -> bool: ...              # INPUT datagrams go to ``r`` (the host: once it started)
    def hurry(self, r: Remote) -> None: ...             # mark ``r`` urgent before its gap is checked
    def send_seats(self, r: Remote) -> tuple[list[int], dict[int, int]]: ...  # seats sent to ``r``, last tick of some
    def ran(self, r: Remote, seat: int, ticks: int) -> None: ...  # ``ticks`` inputs of ``seat`` put in a datagram
    def acked_seats(self, r: Remote, acks: list[int]) -> list[int]: ...  # seats whose acks can be checked
    def accepts(self, r: Remote, seat: int) -> bool: ...  # inputs of ``seat`` are taken from ``r``
    def clamp_ack(self, seat: int, ack: int) -> int: ...  # the ack of ``seat`` as kept
    def got_inputs(self, r: Remote, new: bool, action: bool) -> None: ...  # after ``r``'s runs were added
    def heard_tick(self, tick: int) -> None: ...         # the tick a datagram from the host said
    def paces(self, r: Remote) -> bool: ...              # ``r``'s tick counts for time sync


class JoinerRouting:
    """A joiner's routing: its own seats go to the host (and to its mesh links); it takes every other seat from the
    host, and a mesh peer's own seats from that peer."""

    def __init__(self, session: JoinerRoutingSession) -> None:
        self.s = session

    def admits(self, r: Remote) -> bool:
        return self.s.sync.driver is not None

    def live(self, r: Remote) -> bool:
        return True

    def hurry(self, r: Remote) -> None:
        pass

    def send_seats(self, r: Remote) -> tuple[list[int], dict[int, int]]:
        return list(self.s.local_seats), {}

    def ran(self, r: Remote, seat: int, ticks: int) -> None:
        pass

    def acked_seats(self, r: Remote, acks: list[int]) -> list[int]:
        return [seat for seat in self.s.local_seats if seat < len(acks)]

    def accepts(self, r: Remote, seat: int) -> bool:
        owners = self.s.owners
        if seat >= len(owners):
            return False
        if r.mesh_link.link:
            return owners[seat] == r.index
        return owners[seat] != self.s.index

    def clamp_ack(self, seat: int, ack: int) -> int:
        return ack

    def got_inputs(self, r: Remote, new: bool, action: bool) -> None:
        pass

    def heard_tick(self, tick: int) -> None:
        sync = self.s.sync
        sync.remote_tick = max(sync.remote_tick, tick)

    def paces(self, r: Remote) -> bool:
        return True


class InputExchange:
    """The INPUT datagrams each way and the notice log they carry."""

    def __init__(self, session: InputExchangeSession) -> None:
        self.s = session
        self.routing: Routing = JoinerRouting(session)  # the session types set theirs
        self.send_gap = 1.0  # ticks between datagrams when only "nothing" inputs are new (set at the start)
        session.router.on(Input, self.on_input_msg)

    # ------------------------------------------------------------------ sending

    def gap(self, r: Remote) -> float:
        """Seconds that must pass after the last datagram to ``r`` before the next one, given what is new."""
        s = self.s
        period = s.sync.period
        if r.mesh_link.link and not r.mesh_link.up and s.now > r.last_recv + MESH_PATIENCE:
            return MESH_PROBE  # a direct link that does not answer: probed now and then, not at the tick rate
        if r.urgent:
            return period / 2
        return period * (self.send_gap if r.inputs.dirty else max(1.0, self.send_gap))

    def wakeup(self) -> float:
        """The next time a datagram is due to a peer (its gap since the last one), or a mesh link would count as
        down (seconds)."""
        s = self.s
        t = float("inf")
        if s.auth is None:
            for r in s.remotes.values():
                if r.status != GONE and not r.bye and self.routing.live(r):
                    t = min(t, r.last_send + self.gap(r))
        for r in s.mesh_links.values():
            t = min(t, r.last_send + self.gap(r))
            if r.mesh_link.up:
                t = min(t, r.last_recv + s.config.interrupt_after)
        return t

    def links(self) -> list[Remote]:
        """Every peer we send inputs to: the remotes, and a joiner's direct mesh links."""
        s = self.s
        return [*s.remotes.values(), *s.mesh_links.values()]

    def flush(self) -> None:
        now, routing = self.s.now, self.routing
        for r in self.links():
            if r.status == GONE or r.bye or not routing.live(r):
                continue
            routing.hurry(r)
            if now >= r.last_send + self.gap(r):
                self.send_input(r)

    def input_runs(self, r: Remote) -> tuple[list[Run], int]:
        """The runs of inputs ``r`` has not acknowledged, within the datagram's budget, and the budget left
        (bytes)."""
        d = self.s.sync.driver
        seats, upto = self.routing.send_seats(r)
        runs = []
        budget = RUN_BUDGET
        for seat in seats:
            start = r.inputs.acked[seat] + 1
            last = min(d.known[seat], upto.get(seat, d.known[seat]))
            if start > last or budget <= 40:
                continue
            vals = d.run(seat, start, min(MAX_RUN, (budget - 12) // 3, last - start + 1))
            if vals:
                runs.append(Run(seat, start, vals))
                self.routing.ran(r, seat, len(vals))
                budget -= 12 + 3 * len(vals)
        return runs, budget

    def notices_for(self, r: Remote, room: int) -> tuple[int, list[Notice]]:
        """The notice log's run for ``r``: its first index and the items that fit in ``room`` bytes. Notices go out
        in two datagrams in a row (a single loss costs nothing), then again each time they stay unacknowledged for
        an RTO. Items always travel as a contiguous run from the first index."""
        s = self.s
        meta = r.inputs.log_meta
        rto = max(0.05, 1.2 * s.stats.link(r.index).rtt + 2 * s.sync.period)
        base = r.inputs.log_acked
        for i in range(r.inputs.log_acked, min(len(r.log_out), r.inputs.log_acked + 64)):
            count, last = meta.get(i, (0, float("-inf")))
            if count < 2 or s.now >= last + rto:
                base = i
                break
        else:
            base = len(r.log_out)
        items: list[Notice] = []
        for i, it in enumerate(r.log_out[base:base + MAX_ITEMS], base):
            size = item_size(it)
            if size > room:
                break
            items.append(it)
            room -= size
            meta[i] = (meta.get(i, (0, 0.0))[0] + 1, s.now)
        return base, items

    def sums_for(self, r: Remote) -> Sums | None:
        """The rolling checksums for ``r`` (what we hold of its sums, our 16-bit sums from the first tick it lacks),
        or None (desync detection off, or a mesh link)."""
        s = self.s
        history = s.checks.history
        if not s.config.desync_detection or history is None or r.mesh_link.link:
            return None
        c = s.sync.driver.processed
        start = max(r.sums.acked + 1, c - MAX_SUMS + 1, s.sync.first_tick + 1)
        hs = history.sums
        data = b"".join((hs.get(t, 0) & 0xFFFF).to_bytes(2, "big") for t in range(start, c + 1))
        return Sums(r.sums.have, start, data)

    def probe(self, r: Remote) -> tuple[int | None, list[int] | None]:
        """The RTT probe of the next datagram to ``r`` (one is counted as sent): our stamp (ms, every
        ``ping_every``-th datagram, else None) and the echo of ``r``'s last stamp with how long we held it (or
        None)."""
        s = self.s
        r.sent += 1
        every = s.config.ping_every
        ping = now_ms(s.now) if r.sent % every == 1 or every <= 1 else None
        echo = None
        if r.inputs.ping_t is not None:
            echo = [r.inputs.ping_t, ms_since(s.now, r.inputs.ping_at)]
            r.inputs.ping_t = None
        return ping, echo

    def take_probe(self, r: Remote, ping: int | None, echo: list[int] | None) -> LinkStats:
        """A datagram's RTT probe from ``r``: an echo of our stamp is one RTT sample (seconds, the hold time taken
        off); its own stamp is echoed in our next datagram. Returns ``r``'s ``LinkStats``."""
        s = self.s
        link = s.stats.link(r.index)
        if echo is not None:
            link.add_rtt(echo_rtt(s.now, echo[0], echo[1]))
        if ping is not None:
            r.inputs.ping_t, r.inputs.ping_at = ping, s.now
        return link

    def mark(self, r: Remote, urgent: bool = False) -> None:
        """New inputs for ``r``: they go with the next datagram due to it (``urgent``: at once)."""
        r.inputs.dirty = True
        r.urgent = r.urgent or urgent

    def acked_from(self, r: Remote, tick: int) -> None:
        """``r`` holds every seat's inputs before ``tick`` (the match, a late joiner's snapshot or a mesh link starts
        there)."""
        r.inputs.acked = [tick - 1] * self.s.settings.seats

    def send_input(self, r: Remote) -> None:
        s = self.s
        sync = s.sync
        d = sync.driver
        runs, budget = self.input_runs(r)
        ping, echo = self.probe(r)
        room = SEND_LIMIT - 140 - (RUN_BUDGET - budget) - (2 * MAX_SUMS + 12)  # the rolling checksums below
        base, items = self.notices_for(r, room)
        adv = int(round(sync.timesync.advantage(r.index) * 10)) if sync.timesync else 0
        adv = max(-100_000, min(100_000, adv))
        sums = self.sums_for(r)
        while True:
            msg = Input(d.tick, adv, list(d.known), runs, ping, echo, base, items, r.inputs.log_in, sums)
            data = r.seal(msg, s.sid, s.index, s.protocol_version)
            if len(data) <= SEND_LIMIT or not (items or runs):
                break
            if items:  # cannot happen with the budgets above; kept as a guard
                items = items[:len(items) // 2]
            else:
                runs = runs[:len(runs) // 2]
        s.transport.send(data, r.address)
        s.stats.sent(s.now, r.index, len(data))
        r.last_send = s.now
        r.inputs.dirty = r.urgent = False

    # ------------------------------------------------------------------ receiving

    def on_input_msg(self, r: Remote, m: Input) -> None:
        if self.routing.admits(r):
            self.on_input(r, m)

    def acks_beyond(self, r: Remote, acks: list[int]) -> bool:
        """Whether ``r`` acknowledges inputs we never had (so never sent) of a seat we send it."""
        d = self.s.sync.driver
        return any(acks[seat] > d.known[seat] for seat in self.routing.acked_seats(r, acks))

    def take_runs(self, r: Remote, runs: list[Run]) -> tuple[bool, bool]:
        """Add ``r``'s input runs to the driver: (any new input, any new non-zero input)."""
        s = self.s
        d = s.sync.driver
        new = action = False
        for seat, start, vals in runs:
            if not self.routing.accepts(r, seat):
                s.stats.reject("seat")
                continue
            if start > d.tick + 4096:
                continue
            n = d.add_run(seat, start, vals)
            if n:
                new = True
                action = action or any(vals[-n:])
        return new, action

    def on_input(self, r: Remote, m: Input) -> None:
        """An INPUT datagram from ``r`` (authenticated, fresh): acks, inputs, RTT probe, then (not from a mesh peer)
        time sync, rolling checksums and notices. One that acknowledges inputs or notices never sent is refused whole
        ("ack": a lie, or another match)."""
        s = self.s
        routing, sync = self.routing, s.sync
        d = sync.driver
        if self.acks_beyond(r, m.acks) or m.lack > len(r.log_out):
            s.stats.reject("ack")
            return
        for seat in range(min(len(m.acks), d.seats)):
            if m.acks[seat] > r.inputs.acked[seat]:
                r.inputs.acked[seat] = routing.clamp_ack(seat, m.acks[seat])
        new, action = self.take_runs(r, m.runs)
        routing.got_inputs(r, new, action)
        link = self.take_probe(r, m.ping, m.echo)
        if r.mesh_link.link:
            return  # pacing, checksums and notices come from the host only
        routing.heard_tick(m.tick)
        if s.phase == RUNNING and routing.paces(r):
            sync.timesync.observe(r.index, m.tick, m.ahead / 10.0, d.tick, link.rtt)
        if m.sums is not None and s.config.desync_detection:
            s.checks.on_sums(r, m.sums)
            if s.done:
                return
        self.take_notices(r, m.base, m.items, m.lack)

    # ------------------------------------------------------------------ notices

    def take_notices(self, r: Remote, base: int, items: list[Notice], lack: int) -> None:
        """``r`` holds ``lack`` of our notices; its log run from ``base``: handle the ones new to us, in order (each
        by the part that registered its class; a mesh peer's count for nothing: the host is the authority)."""
        s = self.s
        if lack > r.inputs.log_acked:
            for i in range(r.inputs.log_acked, min(lack, len(r.log_out))):
                r.inputs.log_meta.pop(i, None)
            r.inputs.log_acked = min(lack, len(r.log_out))
        if base <= r.inputs.log_in < base + len(items):
            for it in items[r.inputs.log_in - base:]:
                r.inputs.log_in += 1
                if not r.mesh_link.link:
                    s.router.notice(r, it)
                if s.done:
                    return
