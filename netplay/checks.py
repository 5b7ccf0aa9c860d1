"""Desync detection as every role runs it (a part of ``Session``): the rolling 16-bit checksums on every INPUT
datagram, the checksum records every ``checksum_interval`` ticks (CHECK notices), the state chunks two peers exchange
once they differ (CHUNK notices), dumps and ``Desync`` events. The records and dumps themselves are ``netplay.desync``.
"""

from __future__ import annotations

from typing import Any

from .desync import CheckRecord, DesyncDump, state_bytes
from .endpoint import GONE, Remote
from .events import Desync
from .wire import MAX_CHUNK, Item

__all__ = ["ChecksumExchange"]


class ChecksumExchange:
    """Desync detection: a part of ``Session`` (a mixin: it reads the session's driver, history and remotes)."""

    def _compare_all(self) -> None:
        for r in list(self.remotes.values()):
            if r.sums_have > r.agreed:
                self._compare_sums(r)

    def _on_sums(self, r: Remote, held: int, start: int, data: bytes) -> None:
        """``r``'s INPUT datagram said it holds our sums up to ``held`` and carried its sums from ``start``."""
        if self.history is None:
            return
        if held > r.sums_acked:
            r.sums_acked = min(held, self.driver.processed)
        last = start + len(data) // 2 - 1
        if last <= r.sums_have:
            return
        if start > r.sums_have + 1:  # frames it will never send again (it started later, or a long outage)
            r.sums_have = start - 1
            r.agreed = max(r.agreed, start - 1)
        for f in range(max(start, r.sums_have + 1), last + 1):
            i = 2 * (f - start)
            r.sums_in[f] = int.from_bytes(data[i:i + 2], "big")
        r.sums_have = last
        if len(r.sums_in) > 4096:  # a peer far ahead of us (a late joiner catching up): keep the oldest
            for f in sorted(r.sums_in)[4096:]:
                del r.sums_in[f]
            r.sums_have = max(r.sums_in)
        self._compare_sums(r)

    def _compare_sums(self, r: Remote) -> None:
        """Compare ``r``'s rolling sums with ours, frame by frame, as far as both are confirmed: the first frame
        that differs is a desync found one datagram after both peers confirmed it (the 30-tick records confirm it
        with the full 64-bit checksum, and cover any frame missed here)."""
        upto = min(r.sums_have, self.driver.processed)
        sums = self.history.sums
        while r.agreed < upto:
            f = r.agreed + 1
            r.agreed = f
            theirs = r.sums_in.pop(f, None)
            mine = sums.get(f)
            if theirs is None or mine is None or (mine & 0xFFFF) == theirs:
                continue
            if self.detector.enabled and r.index not in self.detector.reported:
                self.detector.reported.add(r.index)
                self._desync(r.index, f, f, theirs.to_bytes(2, "big"))

    def _share_check(self, rec: CheckRecord, final: bool) -> None:
        if not (self.config.desync_detection or final):
            return
        item = [Item.CHECK, *rec.to_item()]
        for r in self.remotes.values():
            if r.status != GONE and not r.bye:
                r.log_out.append(item)
                r.urgent = True  # every 30 ticks: a desync is found one datagram sooner
        for peer, first, frame in self.detector.add_local(rec):
            self._desync(peer, first, frame)

    def _on_check(self, r: Remote, it: list[Any]) -> None:
        """A CHECK notice: ``r``'s checksum record of a confirmed frame."""
        rec = CheckRecord(it[1], it[2], it[3])
        for peer, first, frame in self.detector.add_remote(r.index, rec):
            self._desync(peer, first, frame)

    def _on_chunk(self, r: Remote, it: list[Any]) -> None:
        """A CHUNK notice: part of ``r``'s state of a frame where we differ (it completes our dump)."""
        data = self.assembler.add(it[1], it[2], it[3], it[4], now=self.now, peer=r.index)
        dump = self.dumps.get(r.index)
        if data is not None and dump is not None and dump.frame == it[1]:
            dump.remote_state = data
            dump.write()

    def _desync_pair(self, other: int) -> tuple[int, int]:
        """The two peers a desync found here with ``other`` names (the host and a joiner)."""
        return (0, self.index)

    def _desync(self, other: int, first: int, frame: int, low16: bytes = b"") -> None:
        """A checksum record of ``other`` (or its rolling sum ``low16`` of frame ``first``) differs from ours: report
        it, dump, and send our state to ``other``."""
        self.detector.reported.add(other)
        pair = self._desync_pair(other)
        snap = self.driver.snapshot(first)
        local = state_bytes(self.config.serialize_state(snap.saved)) if snap is not None else None
        path = self._dump(other, first, frame, low16, local, snap is None) if self.config.desync_dump else None
        r = self.remotes.get(other)
        if r is not None and r.status != GONE:
            data = local or b""
            total = max(1, -(-len(data) // MAX_CHUNK))
            for i in range(total):
                r.log_out.append([Item.CHUNK, first, i, total, data[i * MAX_CHUNK:(i + 1) * MAX_CHUNK]])
        if pair not in self.reported_pairs:
            self.reported_pairs.add(pair)
            ev = Desync(first, frame, pair, path)
            self.desyncs.append(ev)
            self._emit(ev)

    def _dump(self, other: int, first: int, frame: int, low16: bytes, local: bytes | None,
              lost: bool) -> str | None:
        """Write the desync dump (``SessionConfig.desync_dump``); its path, or None if it could not be written."""
        try:
            path = self.config.desync_dump.format(session=self.sid, peer=self.index, tick=first)
        except (KeyError, IndexError, ValueError):
            path = self.config.desync_dump
        theirs = self.detector.remote.get(other, {}).get(frame)
        dump = DesyncDump(path, self.sid, self.index, other, first, frame,
                          {k: getattr(self.settings, k) for k in self.settings.__dataclass_fields__}, self.seed,
                          {f: c for f, c in self.history.sums.items() if f <= frame},
                          theirs.to_item() if theirs else [frame, 0, low16], local,
                          [list(v) for v in self.driver.input_log()])
        if lost:
            dump.notes.append("this peer no longer held its state of that frame")
        dump.remote_state = self.assembler.done.get((other, first))  # it may have sent its state first
        try:
            dump.write()
            self.dumps[other] = dump
        except OSError as e:
            dump.notes.append(str(e))
            return None
        return path
