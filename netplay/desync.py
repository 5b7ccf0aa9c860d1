"""Desync detection: checksums of confirmed ticks, compared between peers, and the dump written on a mismatch.

Every ``interval`` ticks (30) each peer makes a ``CheckRecord`` of its confirmed state: the tick, its 64-bit
checksum, and the low 16 bits of the checksum of every confirmed tick since the previous record. Records travel in
the reliable notice log. Comparing two records for the same tick gives a desync, and the per-tick parts name the
first differing tick (exactly, unless two 16-bit values collide, then the record's tick). The session also
piggybacks the same 16-bit values on every INPUT datagram (``Session._compare_sums``), which usually finds the
mismatch first; the records stay the authoritative, full-width check and cover any tick that path skipped.

``DesyncDump`` is the JSON file written on a mismatch: the first differing tick, both peers' checksums, this peer's
state at that tick, the other peer's state once it has arrived (states are exchanged in chunks after a mismatch),
and the confirmed input log from tick 0.
"""

from __future__ import annotations

import base64
import json
import os
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CheckRecord", "ChecksumHistory", "DesyncDetector", "DesyncDump", "ChunkAssembler", "state_bytes"]


@dataclass(frozen=True)
class CheckRecord:
    """``tick``: the tick checked; ``checksum``: its 64-bit checksum; ``per_tick``: 2 bytes (big-endian, low 16 bits
    of each checksum) for every tick after the previous record up to ``tick``."""

    tick: int
    checksum: int
    per_tick: bytes

    @property
    def first(self) -> int:
        """The first tick covered by ``per_tick``."""
        return self.tick - len(self.per_tick) // 2 + 1

    def to_item(self) -> list[Any]:
        return [self.tick, self.checksum, self.per_tick]


class ChecksumHistory:
    """Checksums of this peer's confirmed ticks, kept for ``retain`` ticks."""

    def __init__(self, retain: int = 160) -> None:
        self.retain = retain
        self.sums: dict[int, int] = {}
        self.last_record = 0

    def add(self, tick: int, checksum: int) -> None:
        self.sums[tick] = checksum
        old = tick - self.retain
        if old in self.sums:
            del self.sums[old]

    def record(self, tick: int) -> CheckRecord:
        """The record for ``tick`` covering the ticks since the previous record (at most 120)."""
        start = max(self.last_record + 1, tick - 119)
        per = b"".join(((self.sums.get(f, 0)) & 0xFFFF).to_bytes(2, "big") for f in range(start, tick + 1))
        self.last_record = tick
        return CheckRecord(tick, self.sums[tick], per)


def first_difference(a: CheckRecord, b: CheckRecord) -> int | None:
    """The first differing tick of two records of the same tick, or None if they agree."""
    if a.checksum == b.checksum and a.per_tick == b.per_tick:
        return None
    if len(a.per_tick) != len(b.per_tick):  # records cut differently: only the tick itself can be compared
        return None if a.checksum == b.checksum else a.tick
    for i in range(0, len(a.per_tick), 2):
        if a.per_tick[i:i + 2] != b.per_tick[i:i + 2]:
            return a.first + i // 2
    return a.tick


class DesyncDetector:
    """Holds this peer's records and those received from others; reports each pair's first mismatch once.

    ``add_local`` / ``add_remote`` return the new mismatches as ``(peer, first_tick, checksum_tick)``.
    """

    def __init__(self, keep: int = 12, enabled: bool = True) -> None:
        self.keep = keep
        self.enabled = enabled
        self.local: dict[int, CheckRecord] = {}
        self.remote: dict[int, dict[int, CheckRecord]] = {}
        self.reported: set[int] = set()

    def add_local(self, rec: CheckRecord) -> list[tuple[int, int, int]]:
        self.local[rec.tick] = rec
        self._trim(self.local)
        out = []
        for peer, recs in self.remote.items():
            r = recs.get(rec.tick)
            if r is not None:
                out += self._compare(peer, rec, r)
        return out

    def add_remote(self, peer: int, rec: CheckRecord) -> list[tuple[int, int, int]]:
        recs = self.remote.setdefault(peer, {})
        recs[rec.tick] = rec
        self._trim(recs)
        mine = self.local.get(rec.tick)
        return self._compare(peer, mine, rec) if mine is not None else []

    def has_remote(self, peer: int, tick: int) -> bool:
        return tick in self.remote.get(peer, {})

    def _compare(self, peer: int, mine: CheckRecord, theirs: CheckRecord) -> list[tuple[int, int, int]]:
        if not self.enabled or peer in self.reported:
            return []
        first = first_difference(mine, theirs)
        if first is None:
            return []
        self.reported.add(peer)
        return [(peer, first, mine.tick)]

    def _trim(self, recs: dict[int, CheckRecord]) -> None:
        while len(recs) > self.keep:
            del recs[min(recs)]


def state_bytes(text: str | bytes, limit: int = 256 * 1024) -> bytes:
    """A serialized state as bytes (utf-8 for text), cut at ``limit``."""
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    return data[:limit]


def _state_json(data: bytes | None) -> Any:
    if data is None:
        return None
    try:
        return {"text": data.decode("utf-8")}
    except UnicodeDecodeError:
        return {"base64": base64.b64encode(data).decode("ascii")}


@dataclass
class DesyncDump:
    """One desync report file. ``write()`` (re)writes it atomically as JSON."""

    path: str
    session: int
    peer: int
    other: int
    tick: int
    checksum_tick: int
    settings: dict[str, Any]
    seed: int
    local_checksums: dict[int, int]
    remote_record: list[Any]
    local_state: bytes | None
    input_log: list[list[int]]
    remote_state: bytes | None = None
    notes: list[str] = field(default_factory=list)

    def write(self) -> None:
        doc = {
            "kind": "grisbi-arcade netplay desync",
            "session": self.session,
            "peer": self.peer,
            "other_peer": self.other,
            "first_differing_tick": self.tick,
            "checksum_tick": self.checksum_tick,
            "settings": self.settings,
            "seed": self.seed,
            "local_checksums": {str(k): v for k, v in sorted(self.local_checksums.items())},
            "remote_record": {"tick": self.remote_record[0], "checksum": self.remote_record[1],
                              "per_tick_low16": self.remote_record[2].hex()},
            "local_state": _state_json(self.local_state),
            "remote_state": _state_json(self.remote_state),
            "input_log": self.input_log,
            "notes": self.notes,
        }
        os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
        tmp = self.path + ".part"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(doc, f)
        os.replace(tmp, self.path)


class ChunkAssembler:
    """Reassembles states sent as ``(tick, index, total, data)`` chunks by each peer; ``add`` returns the bytes when
    complete. Memory is bounded whatever a peer sends: at most ``per_peer`` states in progress per peer (the oldest
    is forgotten first), at most ``max_total`` chunks per state, and a state whose chunks stop coming is forgotten
    ``ttl`` seconds after its last chunk. ``buffered()`` is the number of bytes held."""

    def __init__(self, max_total: int = 512, per_peer: int = 2, ttl: float = 10.0) -> None:
        self.max_total = max_total
        self.per_peer = per_peer
        self.ttl = ttl
        self._parts: dict[tuple[int, int], tuple[int, float, dict[int, bytes]]] = {}
        self.done: dict[tuple[int, int], bytes] = {}

    def add(self, tick: int, index: int, total: int, data: bytes, now: float = 0.0, peer: int = 0) -> bytes | None:
        self._expire(now)
        if total > self.max_total or index >= total:
            return None
        key = (peer, tick)
        entry = self._parts.get(key)
        if entry is None:
            mine = sorted((at, k) for k, (_, at, _) in self._parts.items() if k[0] == peer)
            for _, k in mine[:max(0, len(mine) - self.per_peer + 1)]:
                del self._parts[k]
            entry = (total, now, {})
        if entry[0] != total:
            return None
        parts = entry[2]
        parts[index] = data
        self._parts[key] = (total, now, parts)
        if len(parts) == total:
            del self._parts[key]
            blob = b"".join(parts[i] for i in range(total))
            mine = [k for k in self.done if k[0] == peer]
            for k in mine[:max(0, len(mine) - self.per_peer + 1)]:
                del self.done[k]
            self.done[key] = blob
            return blob
        return None

    def _expire(self, now: float) -> None:
        for k in [k for k, (_, at, _) in self._parts.items() if at < now - self.ttl]:
            del self._parts[k]

    def buffered(self) -> int:
        return sum(len(b) for _, _, parts in self._parts.values() for b in parts.values()) + sum(
            len(b) for b in self.done.values())
