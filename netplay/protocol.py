"""The netplay protocol as the roles share it: roles, phases, refusal codes as typed failures, seat-owner lists on
the wire, millisecond stamps and the RTT they give, the late joiner's snapshot (chunks and digest).

``netplay.wire`` is the datagram layer (header, AEAD, bounded msgpack) and ``netplay.messages`` the typed messages;
this module is what both ends of a link read the same way above them. It knows no session.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .events import FailReason
from .messages import NO_PEER, SNAP_CHUNK, Reason
from .wire import now_ms

__all__ = ["HOST", "JOIN", "SPECTATOR", "HELLO", "LOBBY", "DEALING", "LATE", "RUNNING", "FINISHING", "DONE", "FAILED",
           "SPAKE_IDS", "fail_kind", "refusal_facts", "owners_to_wire", "owners_from_wire", "ms_since", "echo_rtt",
           "snap_digest", "split_snapshot"]

HOST, JOIN = "host", "join"
"""A session's ``role`` (a spectator is a joiner without seats: its role is ``JOIN``)."""
SPECTATOR = "spectator"
"""What a spectator is (``Session.join`` with 0 seats builds a ``SpectatorSession``, whose ``role`` is ``JOIN``)."""
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


def refusal_facts(kind: FailReason, facts: list[int] | None, host_version: int, our_version: int) -> dict[str, Any]:
    """The facts of a refusal (its int ``facts``) for ``Failed.facts``: both protocol versions for a version mismatch,
    ``asked``/``free`` seats for a full match, nothing otherwise."""
    if kind == FailReason.VERSION:
        return {"host_version": host_version, "our_version": our_version}
    if kind == FailReason.FULL and facts is not None and len(facts) == 2:
        return {"asked": facts[0], "free": facts[1]}
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


# --- late joiners: the snapshot of a confirmed tick

def snap_digest(blob: bytes) -> bytes:
    """The 16-byte digest of a whole snapshot (blake2b, personalised), checked before the joiner loads it."""
    return hashlib.blake2b(blob, digest_size=16, person=b"grisbi-snap").digest()


def split_snapshot(data: bytes) -> list[bytes]:
    """A snapshot's bytes in ``SNAP_CHUNK``-byte chunks (at least one, maybe empty), one per SNAP datagram."""
    total = max(1, -(-len(data) // SNAP_CHUNK))
    return [data[i * SNAP_CHUNK:(i + 1) * SNAP_CHUNK] for i in range(total)]
