"""The wire protocol: a fixed header, then a sealed (AEAD) or an open msgpack body; keys, replay window and
per-address rate limit. The messages themselves (one typed class per type, its fields, its validation) are
``netplay.messages``.

A datagram is ``header + body``. The header is 15 bytes, ``>BBQBI``: protocol version, message type, session id,
sender's peer index, sequence number. After the key exchange every body is ``ChaCha20Poly1305(key).encrypt(nonce,
msgpack(fields), header)``: the key is the sender's direction of its per-peer key pair, the nonce the sequence number
(96 bits, big-endian; each direction has its own key and counts its own sequence, so a nonce is never reused), the
header the associated data; the plaintext is the body's length, the body and zeros up to a datagram of a multiple of
``PAD`` (16) bytes, so a datagram's length tells a sniffer little (``pad``). Six types are open (``OPEN_TYPES``: ``HELLO``, ``COOKIE``, ``KEYX``, ``REFUSE_OPEN``,
``PROBE``, ``PONG``): their body is plain msgpack and nothing in them is secret or trusted. Every datagram we send is at most
``SEND_LIMIT`` bytes (well under 1,200); every datagram we accept is checked, in this order, before it can touch
anything:

1. size (``MIN_DATAGRAM`` .. ``MAX_DATAGRAM`` bytes) and header (ints in range, known type);
2. the AEAD tag with the key the session gives for that header (``key_for``), or the type is one this reader expects
   open;
3. msgpack decoding with limits (strings, binaries, arrays, no maps, no extension types, no floats accepted later);
4. protocol version (only ``HELLO`` and the refusals are read across versions, to refuse with a reason);
5. the body's schema for its type: ``netplay.messages.decode`` gives the typed message (``Message.body``);
then the session checks the session id, the sender's address and the sequence window (``ReplayWindow``).

Keys (Magic Wormhole's way): the join code is a low-entropy password, never used as a key. A joiner opens with HELLO
carrying its SPAKE2 message (side A); the host answers KEYX with a fresh random 64-bit session id and its SPAKE2
message (side B), one exchange per HELLO. Both derive, by HKDF-SHA256 from the SPAKE2 key with the session id and the
joiner's hello nonce as salt, one key per direction (``peer_keys``). A wrong code gives the two sides different keys:
the joiner's first sealed datagram (JOIN) fails the host's AEAD check, and the host refuses it. Nothing on the wire
lets anyone test codes offline: each code guess costs a live exchange with the host, which allows few per address.
"""

from __future__ import annotations

import hashlib
import struct
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable

import msgpack
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from .messages import (BOT_LEVEL_CHARS, MAX_ACTIONS, MAX_CHUNK, MAX_ITEMS, MAX_PUBLIC, MAX_REVEAL_CHUNKS, MAX_RUN,
                       MAX_SNAP_CHUNKS, MAX_SUMS, MAX_VIEW_BYTES, MAX_VIEW_CHUNKS, NO_PEER, REVEAL_CHUNK, SNAP_CHUNK,
                       SPAKE_SIZE, VIEW_CHUNK, Item, Msg, MsgType, Reason, Rejected, ForeignHello, decode)

__all__ = ["PROTOCOL_VERSION", "MAX_DATAGRAM", "SEND_LIMIT", "MAC_SIZE", "HEADER_SIZE", "MsgType", "Reason", "Item",
           "Message", "Rejected", "normalize_code", "peer_keys", "keyx_confirm", "seal", "seal_msg", "open_datagram", "read_header",
           "ReplayWindow", "RateLimiter", "commit_of", "commits_digest", "seed_from_nonces", "is_real_commit", "now_ms",
           "MAX_RUN", "NO_PEER", "MAX_CHUNK", "SNAP_CHUNK", "MAX_SNAP_CHUNKS", "OPEN_TYPES", "MAX_SUMS", "MAX_ITEMS",
           "SPAKE_SIZE", "VIEW_CHUNK", "MAX_VIEW_CHUNKS", "MAX_PUBLIC", "MAX_ACTIONS", "REVEAL_CHUNK",
           "MAX_REVEAL_CHUNKS", "MAX_VIEW_BYTES", "BOT_LEVEL_CHARS"]

PROTOCOL_VERSION = 7
MAX_DATAGRAM = 1200
"""Longest datagram accepted (bytes)."""
SEND_LIMIT = 1100
"""Longest datagram sent (bytes)."""
HEADER_SIZE = 15
_HEADER = struct.Struct(">BBQBI")
MIN_DATAGRAM = HEADER_SIZE + 1
MAC_SIZE = 16
"""Bytes of the AEAD tag (Poly1305)."""
PAD = 16
"""Every sealed datagram's length is a multiple of this (bytes): its body is padded (``pad``)."""

_UNPACK_LIMITS = dict(raw=False, use_list=True, strict_map_key=True, max_str_len=256, max_bin_len=MAX_DATAGRAM,
                      max_array_len=128, max_map_len=0, max_ext_len=0)

OPEN_TYPES = (MsgType.HELLO, MsgType.COOKIE, MsgType.KEYX, MsgType.REFUSE_OPEN, MsgType.PROBE, MsgType.PONG)
"""Message types sent without AEAD: nothing in them is secret, nothing in them is trusted."""
_MAX_TYPE = max(MsgType)


@dataclass(slots=True)
class Message:
    """One opened datagram: its header (``version``, ``type``, ``sid``, sender ``peer``, ``seq``), the decoded body as
    sent (``fields``), its ``size`` in bytes, and the typed message (``body``: a ``netplay.messages`` class; for a
    HELLO of another protocol version a ``ForeignHello``)."""

    version: int
    type: int
    sid: int
    peer: int
    seq: int
    fields: list[Any]
    size: int
    body: Msg | None = None


def normalize_code(code: str) -> bytes:
    """The join code as the SPAKE2 password: spaces and dashes ignored, case ignored (UTF-8 bytes)."""
    return "".join(ch for ch in code.upper() if not ch.isspace() and ch != "-").encode("utf-8")


def peer_keys(spake_key: bytes, sid: int, hello_nonce: bytes) -> tuple[bytes, bytes]:
    """The per-peer key pair from a finished SPAKE2 exchange: ``(host_to_joiner, joiner_to_host)``, 32 bytes each,
    by HKDF-SHA256 with the session id and the joiner's hello nonce as salt (so no two exchanges share a key)."""
    out = HKDF(algorithm=hashes.SHA256(), length=64, salt=sid.to_bytes(8, "big") + hello_nonce,
               info=b"grisbi-arcade/netplay/v3/peer-keys").derive(spake_key)
    return out[:32], out[32:]


def keyx_confirm(spake_key: bytes, sid: int, hello_nonce: bytes) -> bytes:
    """16 bytes that prove the sender of a KEYX holds the SPAKE2 key the joiner derives (keyed blake2b of the session
    id and hello nonce): a KEYX forged by someone without the code, or answered with another code, does not
    confirm."""
    return hashlib.blake2b(sid.to_bytes(8, "big") + hello_nonce, key=spake_key[:32], digest_size=16,
                           person=b"grisbi-keyx").digest()


def _nonce(seq: int) -> bytes:
    return seq.to_bytes(12, "big")


_AEADS: OrderedDict[bytes, ChaCha20Poly1305] = OrderedDict()


def _aead(key: bytes) -> ChaCha20Poly1305:
    a = _AEADS.get(key)
    if a is None:
        if len(_AEADS) >= 256:
            _AEADS.popitem(last=False)
        a = _AEADS[key] = ChaCha20Poly1305(key)
    return a


def seal(mtype: int, sid: int, peer: int, seq: int, fields: list[Any], key: bytes | None,
         version: int = PROTOCOL_VERSION) -> bytes:
    """Encode one datagram: the header, then the msgpack body sealed with ``key`` (32 bytes; nonce = ``seq``, header
    as associated data). ``key`` None sends the body open (only for ``OPEN_TYPES``). ``seq`` must never repeat
    under one key (1 .. 2**32 - 1)."""
    header = _HEADER.pack(version, int(mtype), sid, peer, seq)
    body = msgpack.packb(list(fields), use_bin_type=True)
    if key is None:
        return header + body
    return header + _aead(key).encrypt(_nonce(seq), pad(body), header)


def pad(body: bytes) -> bytes:
    """A sealed body as encrypted: its length (2 bytes), the body, zeros up to a datagram of a multiple of ``PAD``
    bytes (header and tag included), so that lengths say little of what is inside (a Grit action, the size of a
    hand)."""
    n = len(body)
    fill = -(HEADER_SIZE + MAC_SIZE + 2 + n) % PAD
    return n.to_bytes(2, "big") + body + bytes(fill)


def unpad(plain: bytes) -> bytes:
    """The body inside a padded plaintext (``pad``); raises ``Rejected("decode")`` for a length that does not fit or
    padding that is not zeros."""
    n = int.from_bytes(plain[:2], "big")
    if len(plain) < 2 + n or any(plain[2 + n:]):
        raise Rejected("decode")
    return plain[2:2 + n]


def seal_msg(msg: Msg, sid: int, peer: int, seq: int, key: bytes | None, version: int = PROTOCOL_VERSION) -> bytes:
    """``seal`` a typed message (``netplay.messages``): its ``TYPE`` and ``to_wire()`` fields."""
    return seal(msg.TYPE, sid, peer, seq, msg.to_wire(), key, version)


def read_header(data: bytes) -> tuple[int, int, int, int, int]:
    """``(version, type, sid, peer, seq)`` of a datagram; raises ``Rejected`` (short, oversized, schema)."""
    n = len(data)
    if n > MAX_DATAGRAM:
        raise Rejected("oversized")
    if n < MIN_DATAGRAM:
        raise Rejected("short")
    version, mtype, sid, peer, seq = _HEADER.unpack_from(data)
    if not 1 <= mtype <= _MAX_TYPE:
        raise Rejected("schema")
    return version, mtype, sid, peer, seq


def open_datagram(data: bytes, key_for: Callable[[int, int, int], bytes | None],
                  open_types: tuple[int, ...] = ()) -> Message:
    """Validate one datagram (see the module docstring for the order). ``key_for(type, sid, peer)`` gives the key of
    the sender's direction for that header, or None if nothing sealed so is acceptable here; ``open_types`` the
    open types this reader expects. Returns the ``Message``; raises ``Rejected`` ("mac" for a failed AEAD tag or an
    unexpected open type, "session" when ``key_for`` has no key)."""
    version, mtype, sid, peer, seq = read_header(data)
    n = len(data)
    header = data[:HEADER_SIZE]
    if mtype in OPEN_TYPES:
        if mtype not in open_types:
            raise Rejected("mac", mtype)
        body = data[HEADER_SIZE:]
    else:
        key = key_for(mtype, sid, peer)
        if key is None:
            raise Rejected("session", mtype)
        if n < HEADER_SIZE + MAC_SIZE + 1 or seq == 0:
            raise Rejected("mac", mtype)
        try:
            body = _aead(key).decrypt(_nonce(seq), data[HEADER_SIZE:], header)
        except InvalidTag:
            raise Rejected("mac", mtype) from None
        try:
            body = unpad(body)
        except Rejected:
            raise Rejected("decode", mtype) from None
    try:
        fields = msgpack.unpackb(body, **_UNPACK_LIMITS)
    except Exception:  # msgpack raises several types (ExtraData, FormatError, StackError, ValueError...)
        raise Rejected("decode", mtype) from None
    if type(fields) is not list:
        raise Rejected("schema", mtype)
    if version != PROTOCOL_VERSION:
        if mtype not in (MsgType.HELLO, MsgType.REFUSE, MsgType.REFUSE_OPEN):
            raise Rejected("version", mtype)
        if mtype == MsgType.HELLO:
            return Message(version, mtype, sid, peer, seq, fields, n, ForeignHello(version))
        return Message(version, mtype, sid, peer, seq, fields, n, decode(mtype, fields))
    try:
        body = decode(mtype, fields)
    except Rejected as e:
        raise Rejected(e.reason, mtype) from None
    return Message(version, mtype, sid, peer, seq, fields, n, body)


def now_ms(t: float) -> int:
    """A time in seconds as a wrapping 32-bit millisecond stamp."""
    return int(t * 1000) & 0xFFFFFFFF


class ReplayWindow:
    """Sliding-window replay protection (like IPsec/DTLS): accepts each sequence number once, and none more than
    ``size`` below the highest seen."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.top = 0
        self.mask = 0

    def fresh(self, seq: int) -> bool:
        if seq > self.top:
            return True
        d = self.top - seq
        return d < self.size and not (self.mask >> d) & 1 and seq > 0

    def accept(self, seq: int) -> None:
        if seq > self.top:
            shift = seq - self.top
            self.mask = ((self.mask << shift) | 1) & ((1 << self.size) - 1) if shift < self.size else 1
            self.top = seq
        else:
            self.mask |= 1 << (self.top - seq)


class RateLimiter:
    """Token bucket per source address: ``rate`` datagrams a second, ``burst`` deep; at most ``max_addresses``
    addresses remembered (least recently seen forgotten first)."""

    def __init__(self, rate: float = 1000.0, burst: float = 500.0, max_addresses: int = 4096) -> None:
        self.rate = rate
        self.burst = burst
        self.max_addresses = max_addresses
        self._buckets: OrderedDict[Any, list[float]] = OrderedDict()

    def allow(self, address: Any, now: float) -> bool:
        b = self._buckets.get(address)
        if b is None:
            if len(self._buckets) >= self.max_addresses:
                self._buckets.popitem(last=False)
            b = self._buckets[address] = [self.burst, now]
        else:
            self._buckets.move_to_end(address)
            b[0] = min(self.burst, b[0] + (now - b[1]) * self.rate)
            b[1] = now
        if b[0] >= 1.0:
            b[0] -= 1.0
            return True
        return False


def is_real_commit(commit: Any) -> bool:
    """A fair-deal commit must be a real digest: 32 bytes, not all zero (an all-zero "commit" names no nonce, and a
    peer that accepted it would let the committer choose its nonce after seeing everyone else's)."""
    return type(commit) is bytes and len(commit) == 32 and commit != bytes(32)


def commit_of(nonce: bytes) -> bytes:
    """The fair-deal commitment of a nonce: blake2b-256 of it."""
    return hashlib.blake2b(nonce, digest_size=32, person=b"grisbi-commit").digest()


def commits_digest(commits: list[list[Any]]) -> bytes:
    """16-byte digest of a commit list ``[[peer, commit], ...]`` (a reveal names the list it answers, so a deal
    started over is not mixed up)."""
    return hashlib.blake2b(b"".join(bytes([p]) + c for p, c in commits), digest_size=16,
                           person=b"grisbi-commits").digest()


def seed_from_nonces(nonces: list[bytes]) -> int:
    """The match seed (63-bit int) from every peer's revealed nonce, in peer order."""
    h = hashlib.blake2b(b"".join(nonces), digest_size=8, person=b"grisbi-deal").digest()
    return int.from_bytes(h, "big") >> 1
