"""Desync detection as every role runs it (a part of every session: ``session.checks``): the rolling 16-bit checksums
on every INPUT datagram, the checksum records every ``checksum_interval`` ticks (CHECK notices), the state chunks two
peers exchange once they differ (CHUNK notices), dumps and ``Desync`` events; the host relays what it finds (DESYNC
notices), a joiner reports what the host found. The records and dumps themselves are ``netplay.desync``.
"""

from __future__ import annotations

from typing import Protocol

from .desync import CheckRecord, ChecksumHistory, ChunkAssembler, DesyncDetector, DesyncDump, state_bytes
from .endpoint import GONE, Remote, Router
from .events import Desync, NetEvent
from .messages import MAX_CHUNK, CheckItem, ChunkItem, DesyncItem, Notice, Sums
from .protocol import HOST
from .rollback import TickDriver
from .settings import MatchSettings, SessionConfig

__all__ = ["ChecksumExchange"]


class _Relay(Protocol):
    """``session.relay`` as this module uses it (``relay.Relay``)."""

    def notify_all(self, item: Notice, but: Remote | None = None) -> None: ...


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    driver: TickDriver | None


class ChecksumExchangeSession(Protocol):
    """What ``ChecksumExchange`` reads and calls of its session."""

    config: SessionConfig
    index: int
    now: float
    relay: _Relay
    remotes: dict[int, Remote]
    role: str
    router: Router
    seed: int | None
    settings: MatchSettings
    sid: int
    sync: _Sync
    def emit(self, ev: NetEvent) -> None: ...


class ChecksumExchange:
    """Checksum history, records, comparisons, dumps; ``reported_pairs`` and ``desyncs`` say what was found."""

    def __init__(self, session: ChecksumExchangeSession) -> None:
        self.s = session
        self.is_host = session.role == HOST
        self.history: ChecksumHistory | None = None
        self.detector: DesyncDetector | None = None
        self.assembler = ChunkAssembler()
        self.dumps: dict[int, DesyncDump] = {}
        self.reported_pairs: set[tuple[int, int]] = set()
        self.desyncs: list[Desync] = []
        router = session.router
        router.on_notice(CheckItem, self.on_check)
        router.on_notice(ChunkItem, self.on_chunk)
        if not self.is_host:
            router.on_notice(DesyncItem, self.on_desync_notice)

    def start(self, tick: int) -> None:
        """The match starts at ``tick`` (0, or a late joiner's snapshot): records are cut from there."""
        cfg = self.s.config
        self.history = ChecksumHistory(cfg.retain_ticks)
        self.history.last_record = tick
        self.detector = DesyncDetector(enabled=cfg.desync_detection)
        for r in self.s.remotes.values():
            self.follow(r, tick)

    def follow(self, r: Remote, tick: int) -> None:
        """Sums with ``r`` are exchanged from ``tick`` on (the match's first tick, or a mesh link's)."""
        r.sums.have = r.sums.acked = r.sums.agreed = tick

    def compare_all(self) -> None:
        for r in list(self.s.remotes.values()):
            if r.sums.have > r.sums.agreed:
                self.compare_sums(r)

    def on_sums(self, r: Remote, sums: Sums) -> None:
        """``r``'s INPUT datagram said it holds our sums up to ``sums.held`` and carried its sums from
        ``sums.start``."""
        if self.history is None:
            return
        held, start, data = sums
        if held > r.sums.acked:
            r.sums.acked = min(held, self.s.sync.driver.processed)
        last = start + len(data) // 2 - 1
        if last <= r.sums.have:
            return
        if start > r.sums.have + 1:  # ticks it will never send again (it started later, or a long outage)
            r.sums.have = start - 1
            r.sums.agreed = max(r.sums.agreed, start - 1)
        for t in range(max(start, r.sums.have + 1), last + 1):
            i = 2 * (t - start)
            r.sums.received[t] = int.from_bytes(data[i:i + 2], "big")
        r.sums.have = last
        if len(r.sums.received) > 4096:  # a peer far ahead of us (a late joiner catching up): keep the oldest
            for t in sorted(r.sums.received)[4096:]:
                del r.sums.received[t]
            r.sums.have = max(r.sums.received)
        self.compare_sums(r)

    def compare_sums(self, r: Remote) -> None:
        """Compare ``r``'s rolling sums with ours, tick by tick, as far as both are confirmed: the first tick that
        differs is a desync found one datagram after both peers confirmed it (the 30-tick records confirm it with the
        full 64-bit checksum, and cover any tick missed here)."""
        upto = min(r.sums.have, self.s.sync.driver.processed)
        sums = self.history.sums
        while r.sums.agreed < upto:
            t = r.sums.agreed + 1
            r.sums.agreed = t
            theirs = r.sums.received.pop(t, None)
            mine = sums.get(t)
            if theirs is None or mine is None or (mine & 0xFFFF) == theirs:
                continue
            if self.detector.enabled and r.index not in self.detector.reported:
                self.detector.reported.add(r.index)
                self.desync(r.index, t, t, theirs.to_bytes(2, "big"))

    def share_check(self, rec: CheckRecord, final: bool) -> None:
        if not (self.s.config.desync_detection or final):
            return
        item = CheckItem(*rec.to_item())
        for r in self.s.remotes.values():
            if r.status != GONE and not r.bye:
                r.notify(item)  # every 30 ticks: a desync is found one datagram sooner
        for peer, first, tick in self.detector.add_local(rec):
            self.desync(peer, first, tick)

    def on_check(self, r: Remote, it: CheckItem) -> None:
        """A CHECK notice: ``r``'s checksum record of a confirmed tick."""
        for peer, first, tick in self.detector.add_remote(r.index, CheckRecord(it.tick, it.checksum, it.per_tick)):
            self.desync(peer, first, tick)

    def on_chunk(self, r: Remote, it: ChunkItem) -> None:
        """A CHUNK notice: part of ``r``'s state of a tick where we differ (it completes our dump)."""
        data = self.assembler.add(it.tick, it.index, it.total, it.data, now=self.s.now, peer=r.index)
        dump = self.dumps.get(r.index)
        if data is not None and dump is not None and dump.tick == it.tick:
            dump.remote_state = data
            dump.write()

    def on_desync_notice(self, r: Remote, it: DesyncItem) -> None:
        """Joiner: the host found a desync with a peer (perhaps us)."""
        pair = (0, it.peer)
        if pair not in self.reported_pairs:
            self.reported_pairs.add(pair)
            ev = Desync(it.first, it.tick, pair, None)
            self.desyncs.append(ev)
            self.s.emit(ev)

    def desync(self, other: int, first: int, tick: int, low16: bytes = b"") -> None:
        """A checksum record of ``other`` (or its rolling sum ``low16`` of tick ``first``) differs from ours: report
        it, dump, and send our state to ``other``; the host tells every joiner."""
        s = self.s
        self.detector.reported.add(other)
        pair = (0, other) if self.is_host else (0, s.index)
        snap = s.sync.driver.snapshot(first)
        local = state_bytes(s.config.serialize_state(snap.saved)) if snap is not None else None
        path = self._dump(other, first, tick, low16, local, snap is None) if s.config.desync_dump else None
        r = s.remotes.get(other)
        if r is not None and r.status != GONE:
            data = local or b""
            total = max(1, -(-len(data) // MAX_CHUNK))
            for i in range(total):
                r.log_out.append(ChunkItem(first, i, total, data[i * MAX_CHUNK:(i + 1) * MAX_CHUNK]))
        if pair not in self.reported_pairs:
            self.reported_pairs.add(pair)
            ev = Desync(first, tick, pair, path)
            self.desyncs.append(ev)
            s.emit(ev)
        if self.is_host:
            s.relay.notify_all(DesyncItem(first, tick, other))

    def _dump(self, other: int, first: int, tick: int, low16: bytes, local: bytes | None,
              lost: bool) -> str | None:
        """Write the desync dump (``SessionConfig.desync_dump``); its path, or None if it could not be written."""
        s = self.s
        try:
            path = s.config.desync_dump.format(session=s.sid, peer=s.index, tick=first)
        except (KeyError, IndexError, ValueError):
            path = s.config.desync_dump
        theirs = self.detector.remote.get(other, {}).get(tick)
        st = s.settings
        dump = DesyncDump(path, s.sid, s.index, other, first, tick,
                          {k: getattr(st, k) for k in st.__dataclass_fields__}, s.seed,
                          {t: c for t, c in self.history.sums.items() if t <= tick},
                          theirs.to_item() if theirs else [tick, 0, low16], local,
                          [list(v) for v in s.sync.driver.input_log()])
        if lost:
            dump.notes.append("this peer no longer held its state of that tick")
        dump.remote_state = self.assembler.done.get((other, first))  # it may have sent its state first
        try:
            dump.write()
            self.dumps[other] = dump
        except OSError as e:
            dump.notes.append(str(e))
            return None
        return path
