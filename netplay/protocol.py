"""The netplay protocol as the roles share it: roles, phases, and what the fields of the messages mean.

``netplay.wire`` is the datagram layer (header, AEAD, bounded msgpack, one schema per ``MsgType``); this module is the
layer above it that both ends of a link read the same way: the session phases of the handshake, the SPAKE2 identities,
refusal codes as typed failures, seat-owner lists on the wire, millisecond stamps and the RTT they give, the late
joiner's snapshot (chunks and digest), the ROSTER and SNAP field layouts, and the INPUT datagram's fields by name.
``netplay.session`` (what every role shares), ``netplay.host`` and ``netplay.joiner`` (the roles) use it; it knows no
session.
"""

from __future__ import annotations

import hashlib
from typing import Any, NamedTuple

import msgpack

from .events import FailReason
from .wire import NO_PEER, SNAP_CHUNK, Reason, now_ms

__all__ = ["HOST", "JOIN", "SPECTATOR", "HELLO", "LOBBY", "DEALING", "LATE", "RUNNING", "FINISHING", "DONE", "FAILED",
           "SPAKE_IDS", "fail_kind", "refusal_facts", "owners_to_wire", "owners_from_wire", "ms_since", "echo_rtt",
           "item_size", "snap_digest", "split_snapshot", "SnapChunk", "InputFields", "roster_fields"]

HOST, JOIN = "host", "join"
"""A session's ``role`` (a spectator is a joiner without seats: its role is ``JOIN``)."""
SPECTATOR = "spectator"
"""The kind a spectator's session class registers under (``Session.join`` with 0 seats builds it)."""
HELLO, LOBBY, DEALING, LATE, RUNNING, FINISHING, DONE, FAILED = (
    "hello", "lobby", "dealing", "late", "running", "finishing", "done", "failed")
"""A session's ``phase``: key exchange (joiner), lobby, fair deal, receiving a snapshot (late joiner), running,
finishing (final checksums and BYE), done, failed."""

SPAKE_IDS = dict(idA=b"grisbi-arcade joiner", idB=b"grisbi-arcade host")
"""SPAKE2 identities: side A is the joiner, side B the host."""

_FAIL_KIND = {Reason.VERSION: FailReason.VERSION, Reason.SETTINGS: FailReason.SETTINGS, Reason.FULL: FailReason.FULL,
              Reason.WRONG_CODE: FailReason.WRONG_CODE, Reason.STARTED: FailReason.STARTED,
              Reason.DROPPED: FailReason.REMOVED, Reason.KICKED: FailReason.REMOVED,
              Reason.TOO_MANY_TRIES: FailReason.TOO_MANY_TRIES, Reason.BAD_COMMIT: FailReason.UNFAIR_DEAL,
              Reason.BAD_REVEAL: FailReason.UNFAIR_DEAL}

_MAX_MS = 600_000
"""Longest duration a stamp or hold field carries (ms)."""


def fail_kind(code: int) -> FailReason:
    """The typed failure a refusal's wire ``Reason`` code means to the refused peer (``FailReason.OTHER`` if none)."""
    return _FAIL_KIND.get(code, FailReason.OTHER)


def refusal_facts(kind: FailReason, fields: list[Any], host_version: int, our_version: int) -> dict[str, Any]:
    """The facts of a REFUSE / REFUSE_OPEN (``[code, text, facts]``) for ``Failed.facts``: both protocol versions for
    a version mismatch, ``asked``/``free`` seats for a full match, nothing otherwise."""
    if kind == FailReason.VERSION:
        return {"host_version": host_version, "our_version": our_version}
    if kind == FailReason.FULL and len(fields) == 3 and len(fields[2]) == 2:
        return {"asked": fields[2][0], "free": fields[2][1]}
    return {}


def owners_to_wire(owners: list[int | None]) -> list[int]:
    """Seat owners as sent: a peer index per seat, ``NO_PEER`` (255) for an open seat (None)."""
    return [NO_PEER if o is None else o for o in owners]


def owners_from_wire(owners: list[int]) -> list[int | None]:
    """Seat owners as received: ``NO_PEER`` becomes None (an open seat)."""
    return [None if o == NO_PEER else o for o in owners]


def ms_since(now: float, then: float) -> int:
    """Whole milliseconds from ``then`` to ``now`` (seconds), capped at 600,000 as the fields allow."""
    return min(_MAX_MS, int((now - then) * 1000))


def echo_rtt(now: float, stamp_ms: int, hold_ms: int) -> float:
    """The round-trip time (seconds) of an echoed stamp: our ``now_ms`` stamp ``stamp_ms`` came back after the other
    side held it ``hold_ms``. Stamps wrap at 2**32 ms; a caller ignores a result outside 0..10 s."""
    return (((now_ms(now) - stamp_ms) & 0xFFFFFFFF) - hold_ms) / 1000.0


def item_size(it: list[Any]) -> int:
    """Bytes one notice (an ``Item`` list) takes in an INPUT datagram's body."""
    return len(msgpack.packb(it, use_bin_type=True))


# --- late joiners: the snapshot of a confirmed frame

def snap_digest(blob: bytes) -> bytes:
    """The 16-byte digest of a whole snapshot (blake2b, personalised), checked before the joiner loads it."""
    return hashlib.blake2b(blob, digest_size=16, person=b"grisbi-snap").digest()


def split_snapshot(data: bytes) -> list[bytes]:
    """A snapshot's bytes in ``SNAP_CHUNK``-byte chunks (at least one, maybe empty), one per SNAP datagram."""
    total = max(1, -(-len(data) // SNAP_CHUNK))
    return [data[i * SNAP_CHUNK:(i + 1) * SNAP_CHUNK] for i in range(total)]


class SnapChunk(NamedTuple):
    """The fields of a SNAP datagram (host -> late joiner): the snapshot's ``frame``, the match ``seed``, seat
    ``owners`` (``NO_PEER`` = open), the ``claimable`` (dropped) seats, chunk ``index`` of ``total`` and its
    ``data``, then what the joiner checks before use (``game``, ``rules_version``, ``digest`` of the whole) and the
    host's ``input_delay`` (None from an older host: the settings' value)."""

    frame: int
    seed: int
    owners: list[int]
    claimable: list[int]
    total: int
    index: int
    data: bytes
    game: str
    rules_version: int
    digest: bytes
    input_delay: int | None = None

    @classmethod
    def from_fields(cls, f: list[Any]) -> "SnapChunk":
        """Read a SNAP datagram's fields (already validated by ``wire.validate_fields``)."""
        return cls(*f[:10], f[10] if len(f) == 11 else None)

    def fields(self) -> list[Any]:
        """The SNAP datagram's fields (the input delay left out when None)."""
        return list(self[:10]) + ([] if self.input_delay is None else [self.input_delay])


class InputFields(NamedTuple):
    """The fields of an INPUT datagram, in order: the sender's ``frame``, its frames-ahead estimate ``adv`` (tenths
    of a frame), per-seat ``acks`` (ticks relative to ``frame``), input ``runs`` ``[seat, start (relative), values]``,
    a ``ping`` stamp (ms) or None, an ``echo`` ``[stamp, hold ms]`` or None, the notice log ``base`` index and its
    ``items``, ``lack`` (how many of our notices it holds), and rolling checksums ``sums`` ``[held (relative),
    start (relative), 16-bit sums]`` or None."""

    frame: int
    adv: int
    acks: list[int]
    runs: list[list[Any]]
    ping: int | None
    echo: list[int] | None
    base: int
    items: list[list[Any]]
    lack: int
    sums: list[Any] | None


def roster_fields(countdown_ms: int, owners: list[int | None], peers: list[list[Any]],
                  bots: list[list[Any]]) -> list[Any]:
    """A ROSTER datagram's fields: the countdown (ms, 0 = none), seat owners, ``[peer, name, ready]`` of every peer
    with an index the schema allows, the host's bot seats ``[seat, level]``."""
    return [countdown_ms, owners_to_wire(owners), peers, bots]
