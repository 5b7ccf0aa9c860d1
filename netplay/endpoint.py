"""The per-peer endpoint shared by every role: what one peer knows of another (sequence numbers, replay window,
acks, RTT probe, keys, the notice log, checksums), a key exchange in progress on the host (``Pending``), and the
entropy helpers of the handshake. The datagram format itself is in ``wire``."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any, Callable

from .transport import Address
from .wire import ReplayWindow

__all__ = ["Pending", "Remote", "CONNECTED", "INTERRUPTED", "GONE"]

CONNECTED, INTERRUPTED, GONE = "connected", "interrupted", "gone"
_ZERO32 = bytes(32)


def _entropy(seed: int | bytes | None, label: bytes) -> Callable[[int], bytes]:
    """SPAKE2's randomness: the system's, or (tests that pass a nonce seed) a reproducible stream."""
    if seed is None:
        return secrets.token_bytes
    raw = seed if isinstance(seed, bytes) else str(seed).encode()
    count = [0]

    def draw(n: int) -> bytes:
        out = b""
        while len(out) < n:
            count[0] += 1
            out += hashlib.blake2b(raw + label + count[0].to_bytes(4, "big"), person=b"grisbi-spake").digest()
        return out[:n]
    return draw


class Pending:
    """Host: a key exchange answered (KEYX sent) whose JOIN has not arrived yet."""

    def __init__(self, address: Address, hello_nonce: bytes, keys: tuple[bytes, bytes], keyx: bytes,
                 now: float) -> None:
        self.address = address
        self.hello_nonce = hello_nonce
        self.key_out, self.key_in = keys
        self.keyx = keyx          # the KEYX datagram, sent again if the joiner repeats its HELLO
        self.at = now
        self.failed = False
        self.out_seq = 0
        self.window = ReplayWindow()


class Remote:
    """What this peer knows of one other peer (the host knows every joiner; a joiner knows the host)."""

    def __init__(self, index: int, address: Address, seats: tuple[int, ...], now: float) -> None:
        self.index = index
        self.address = address
        self.seats = seats
        self.out_seq = 0
        self.window = ReplayWindow()
        self.key_out = b""    # this direction's AEAD key (per peer, from the SPAKE2 exchange)
        self.key_in = b""
        self.token = b""      # host: the player token it joined with (a dropped seat goes back to its owner only)
        self.last_progress = now  # host: when this peer's inputs last advanced (or it was not the one awaited)
        self.frontier = -1
        self.last_recv = now
        self.last_send = float("-inf")
        self.status = CONNECTED
        self.acked: list[int] = []
        self.log_out: list[list[Any]] = []
        self.log_acked = 0
        self.log_meta: dict[int, tuple[int, float]] = {}  # notice index -> (times sent, last sent)
        self.log_in = 0
        self.ping_t: int | None = None
        self.ping_at = 0.0
        self.dirty = False   # new inputs to send ("nothing" only)
        self.urgent = False  # an action or a notice to send
        self.relay = False   # host: another joiner's new inputs to pass on (they go at once)
        self.bye = False
        self.sent = 0
        # handshake (host side)
        self.hello_nonce = b""
        self.commit = _ZERO32
        self.nonce = _ZERO32
        self.name = ""
        self.ready = False
        self.revealed = False
        self.reveal_t = 0
        self.reveal_at = 0.0
        self.started = False
        self.last_bye_sent = float("-inf")
        # a late joiner (host side): the snapshot it is sent, and the seats it took over (seat -> first own tick)
        self.late = False
        self.snap_frame = 0
        self.snap_chunks: list[bytes] = []
        self.snap_got = bytearray()
        self.handover: dict[int, int] = {}
        self.snap_digest = b""
        # rolling checksums (low 16 bits of each confirmed frame) piggybacked on INPUT datagrams
        self.sums_in: dict[int, int] = {}  # frame -> its low 16 bits as this peer said, not compared yet
        self.sums_have = 0    # we hold this peer's sums of every frame up to here
        self.sums_acked = 0   # it holds ours up to here (what it said it holds)
        self.agreed = 0       # our frames up to here were compared with its (or could not be)
        # the mesh (rollback): on the host, the joiners this one was introduced to and those it reaches directly;
        # on a joiner, a Remote with ``mesh`` set is a direct link to another joiner, ``up`` while it answers
        self.introduced: set[int] = set()
        self.direct: set[int] = set()
        self.mesh = False
        self.up = False


def _nonce_from(seed: int | bytes | None, label: bytes) -> bytes:
    if seed is None:
        return secrets.token_bytes(32)
    raw = seed if isinstance(seed, bytes) else str(seed).encode()
    return hashlib.blake2b(raw + b"|" + label, digest_size=32, person=b"grisbi-nonce").digest()
