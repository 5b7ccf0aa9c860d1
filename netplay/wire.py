"""The wire protocol: a fixed header, then a sealed (AEAD) or an open msgpack body; validation, keys, replay window
and per-address rate limit.

A datagram is ``header + body``. The header is 15 bytes, ``>BBQBI``: protocol version, message type, session id,
sender's peer index, sequence number. After the key exchange every body is ``ChaCha20Poly1305(key).encrypt(nonce,
msgpack(fields), header)``: the key is the sender's direction of its per-peer key pair, the nonce the sequence number
(96 bits, big-endian; each direction has its own key and counts its own sequence, so a nonce is never reused), the
header the associated data. Five types are open (``OPEN_TYPES``: ``HELLO``, ``KEYX``, ``REFUSE_OPEN``, ``PROBE``,
``PONG``): their body is plain msgpack and nothing in them is secret or trusted. Every datagram we send is at most
``SEND_LIMIT`` bytes (well under 1,200); every datagram we accept is checked, in this order, before it can touch
anything:

1. size (``MIN_DATAGRAM`` .. ``MAX_DATAGRAM`` bytes) and header (ints in range, known type);
2. the AEAD tag with the key the session gives for that header (``key_for``), or the type is one this reader expects
   open;
3. msgpack decoding with limits (strings, binaries, arrays, no maps, no extension types, no floats accepted later);
4. protocol version (only ``HELLO`` and the refusals are read across versions, to refuse with a reason);
5. the body's schema for its type (``validate_fields``);
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
from enum import IntEnum
from typing import Any, Callable

import msgpack
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from .settings import MAX_INPUT_DELAY, MAX_SEATS, MatchSettings, SettingsError

__all__ = ["PROTOCOL_VERSION", "MAX_DATAGRAM", "SEND_LIMIT", "MAC_SIZE", "HEADER_SIZE", "MsgType", "Reason", "Item",
           "Message", "Rejected", "normalize_code", "peer_keys", "seal", "open_datagram", "read_header",
           "validate_fields", "ReplayWindow", "RateLimiter", "commit_of", "commits_digest", "seed_from_nonces",
           "is_real_commit", "MAX_RUN", "NO_PEER", "MAX_CHUNK", "SNAP_CHUNK", "MAX_SNAP_CHUNKS", "OPEN_TYPES",
           "MAX_SUMS", "SPAKE_SIZE", "VIEW_CHUNK", "MAX_VIEW_CHUNKS", "MAX_PUBLIC", "MAX_ACTIONS", "REVEAL_CHUNK",
           "MAX_REVEAL_CHUNKS", "MAX_VIEW_BYTES"]

PROTOCOL_VERSION = 6
MAX_DATAGRAM = 1200
"""Longest datagram accepted (bytes)."""
SEND_LIMIT = 1100
"""Longest datagram sent (bytes)."""
HEADER_SIZE = 15
_HEADER = struct.Struct(">BBQBI")
MIN_DATAGRAM = HEADER_SIZE + 1
MAC_SIZE = 16
"""Bytes of the AEAD tag (Poly1305)."""
SPAKE_SIZE = 33
"""Bytes of a SPAKE2 message (Ed25519 group: a side byte and a point)."""
MAX_TICK = 2**31 - 1
MAX_RUN = 64
"""Most ticks of one seat's inputs in one datagram."""
MAX_ITEMS = 8
MAX_SUMS = 32        # checksums (low 16 bits) of confirmed frames in one INPUT datagram
MAX_CHUNK = 640
"""Bytes of a state dump carried by one datagram."""
SNAP_CHUNK = 880
"""Bytes of a late joiner's snapshot carried by one datagram."""
MAX_SNAP_CHUNKS = 1024
"""Most chunks of one snapshot (so at most 880 KiB)."""
NO_PEER = 255
MAX_INPUT = 1 << 16
VIEW_CHUNK = 640
"""Bytes of a seat's (zlib-compressed) view carried by one VIEW datagram (host-authoritative turn games; with 32
public actions, an RTT probe and the rest, a VIEW stays under ``SEND_LIMIT``)."""
MAX_VIEW_CHUNKS = 16
"""Most chunks of one (zlib-compressed) view (so at most 10 KiB on the wire; the largest views today are ~1.3 KiB
before compression)."""
MAX_VIEW_BYTES = 64 * 1024
"""Most bytes of one view once decompressed (a joiner refuses a view that inflates beyond: no zlib bomb)."""
MAX_PUBLIC = 32
"""Most public actions one VIEW carries (the ones since the view the joiner last acknowledged)."""
MAX_ACTIONS = 8
"""Most unacknowledged actions one ACTION datagram carries."""
REVEAL_CHUNK = 880
"""Bytes of the end-of-match reveal (nonces and action log) carried by one LOG_REVEAL datagram."""
MAX_REVEAL_CHUNKS = 256
"""Most chunks of one reveal (220 KiB: tens of thousands of logged actions)."""

_UNPACK_LIMITS = dict(raw=False, use_list=True, strict_map_key=True, max_str_len=256, max_bin_len=MAX_DATAGRAM,
                      max_array_len=128, max_map_len=0, max_ext_len=0)


class MsgType(IntEnum):
    HELLO = 1       # joiner -> host, open: [SPAKE2 message A (33), hello nonce (16), seats wanted, digest (0|16),
    #                 padding (0..160: room for the host's refusal, never longer than the request)]
    WELCOME = 2     # host -> joiner: [hello nonce, peer index, seats, settings, digest]
    READY = 3       # joiner -> host: [digest]
    COMMITS = 4     # host -> joiner: [[peer, commit(32)] for the host and every seat owner, by peer index,
    #                 host time ms (optional: echoed in REVEAL so the host measures the RTT before START)]
    REVEAL = 5      # joiner -> host: [nonce(32), time ms, digest of the commit list it answers,
    #                 (optional) echoed host ms, hold ms]
    START = 6       # host -> joiner: [[peer, nonce] as in COMMITS, owner of every seat, echoed ms, hold ms, age ms,
    #                 (optional) input delay in ticks 0..4 that every peer uses]
    INPUT = 7       # both ways while running: see ``validate_fields``
    REFUSE = 8      # either way: [reason code, text]
    BYE = 9         # either way: [reason code, text]
    REFUSE_OPEN = 10  # host -> joiner before any key (or a JOIN that failed the AEAD: wrong code), open
    CLAIM = 11      # late joiner -> host: [seats it asks to take over (dropped seats)]
    SNAP = 12       # host -> late joiner: [frame, seed, owners (255 = open), claimable seats, total, index, data,
    #                 game, rules version, blake2b-128 of the whole snapshot, (optional) input delay 0..4]
    SNAPACK = 13    # late joiner -> host: [frame, bitmap of the chunks received]
    ROSTER = 14     # host -> joiner in the lobby: [countdown ms (0 = none), owners (255 = open),
    #                 [[peer, name, ready 0/1], ...], [[seat, bot level], ...] (the host's bot seats; optional)]
    PROBE = 15      # anyone -> host, open (LAN browser ping): [nonce(8), time ms, padding(0..64)]
    PONG = 16       # host -> prober, open: [nonce(8), time ms, phase 0 lobby | 1 playing, free seats]
    KEYX = 17       # host -> joiner, open: [hello nonce (16), SPAKE2 message B (33)]; header sid: the session id
    JOIN = 18       # joiner -> host, sealed with the new keys (peer NO_PEER): [seats wanted, commit(32), digest (0|16),
    #                 name, player token (0|16)]
    # host-authoritative turn games (mode "authority", ``netplay.authority``):
    VIEW = 19       # host -> joiner: [seat (NO_PEER: spectator), step, total chunks (0: no view, a keepalive), chunk
    #                 index, chunk (of the zlib-compressed view), public [[step, seat, action]...], last action id
    #                 handled, owners, host tick, ping ms|nil, echo [ms, hold ms]|nil, notice log base, notices,
    #                 ref: 1 + the step of the view (one the joiner holds) used as zlib dictionary, 0: none]
    ACTION = 20     # joiner -> host: [views held [[seat (NO_PEER: spectator), step]...], actions [[id, seat, step,
    #                 tick input]...] not yet acknowledged, bitmap of the reveal chunks held, tick, ping ms|nil,
    #                 echo [ms, hold ms]|nil, notices held]
    LOG_REVEAL = 21  # host -> joiner at the end: [end tick, total, index, chunk, blake2b-128 of the whole]; the whole
    #                 is msgpack [[[peer, nonce(32)]...], [seat, code, seat, code...], end reason]


OPEN_TYPES = (MsgType.HELLO, MsgType.KEYX, MsgType.REFUSE_OPEN, MsgType.PROBE, MsgType.PONG)
"""Message types sent without AEAD: nothing in them is secret, nothing in them is trusted."""
_MAX_TYPE = max(MsgType)


class Reason(IntEnum):
    VERSION = 1
    SETTINGS = 2
    FULL = 3
    WRONG_CODE = 4
    STARTED = 5
    BAD_REQUEST = 6
    DROPPED = 7
    LEFT = 8
    FINISHED = 9
    BAD_REVEAL = 10
    ENDED = 11
    TOO_MANY_TRIES = 12
    KICKED = 13
    BAD_COMMIT = 14


class Item(IntEnum):
    """Entries of the reliable notice log carried by INPUT datagrams (and, host-authoritative, by VIEW datagrams)."""

    CHECK = 1    # [frame, checksum64, per-frame 16-bit checksums (bin)]
    DROP = 2     # [seat, drop tick, peer, level of the host's bot that plays it (optional)]
    DESYNC = 3   # [first differing frame, checksum frame, peer]
    STATUS = 4   # [peer, 1 interrupted | 2 resumed | 3 disconnected]
    CHUNK = 5    # [frame, index, total, data]
    FINAL = 6    # [end frame, reason code, desyncs]
    SEAT = 7     # [seat, tick, peer]: ``peer`` plays ``seat`` from ``tick`` on (a dropped seat taken over by a late
    #              joiner; peer 0 sent to a claimant alone means "refused, the host keeps it")
    END = 8      # [end frame]: the host ended the match early; every peer stops at that frame
    INTRO = 9    # host -> joiner: [peer, address host, port, key out (32), key in (32)]: send inputs straight to
    #              that peer (the mesh, see ``netplay.mesh``)
    LINK = 10    # joiner -> host: [peer, 1 up | 0 down]: the direct link to that peer works (the host stops relaying
    #              that peer's seats to us) or failed (relay again)


class Rejected(Exception):
    """A datagram failed validation; ``reason`` is a short word for the stats (size, decode, schema, mac...)."""

    def __init__(self, reason: str, mtype: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.mtype = mtype


@dataclass(slots=True)
class Message:
    version: int
    type: int
    sid: int
    peer: int
    seq: int
    fields: list[Any]
    size: int


def normalize_code(code: str) -> bytes:
    """The join code as the SPAKE2 password: spaces and dashes ignored, case ignored (UTF-8 bytes)."""
    return "".join(ch for ch in code.upper() if not ch.isspace() and ch != "-").encode("utf-8")


def peer_keys(spake_key: bytes, sid: int, hello_nonce: bytes) -> tuple[bytes, bytes]:
    """The per-peer key pair from a finished SPAKE2 exchange: ``(host_to_joiner, joiner_to_host)``, 32 bytes each,
    by HKDF-SHA256 with the session id and the joiner's hello nonce as salt (so no two exchanges share a key)."""
    out = HKDF(algorithm=hashes.SHA256(), length=64, salt=sid.to_bytes(8, "big") + hello_nonce,
               info=b"grisbi-arcade/netplay/v3/peer-keys").derive(spake_key)
    return out[:32], out[32:]


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
    return header + _aead(key).encrypt(_nonce(seq), body, header)


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
        fields = msgpack.unpackb(body, **_UNPACK_LIMITS)
    except Exception:  # msgpack raises several types (ExtraData, FormatError, StackError, ValueError...)
        raise Rejected("decode", mtype) from None
    if type(fields) is not list:
        raise Rejected("schema", mtype)
    if version != PROTOCOL_VERSION:
        if mtype not in (MsgType.HELLO, MsgType.REFUSE, MsgType.REFUSE_OPEN):
            raise Rejected("version", mtype)
        if mtype != MsgType.HELLO:
            _check_refuse(fields)
        return Message(version, mtype, sid, peer, seq, fields, n)
    validate_fields(mtype, fields)
    return Message(version, mtype, sid, peer, seq, fields, n)


def _is_int(x: Any, lo: int, hi: int) -> bool:
    return type(x) is int and lo <= x <= hi


def _is_bin(x: Any, lo: int, hi: int) -> bool:
    return type(x) is bytes and lo <= len(x) <= hi


def _is_str(x: Any, hi: int) -> bool:
    return type(x) is str and len(x) <= hi


def _check_refuse(f: list[Any]) -> None:
    """``[reason code, text]`` or ``[reason code, text, [facts: up to 4 ints]]`` (e.g. seats asked and free)."""
    if len(f) not in (2, 3) or not _is_int(f[0], 0, 255) or not _is_str(f[1], 200) or (len(f) == 3 and not (
            type(f[2]) is list and len(f[2]) <= 4 and all(_is_int(x, 0, 2**31 - 1) for x in f[2]))):
        raise Rejected("schema")


def _check_item(it: Any) -> None:
    if type(it) is not list or not it or type(it[0]) is not int:
        raise Rejected("schema")
    k = it[0]
    if k == Item.CHECK:
        ok = len(it) == 4 and _is_int(it[1], 1, MAX_TICK) and _is_int(it[2], 0, 2**64 - 1) and _is_bin(it[3], 0, 240)
    elif k == Item.DROP:
        ok = len(it) in (4, 5) and _is_int(it[1], 0, MAX_SEATS - 1) and _is_int(it[2], 0, MAX_TICK) and \
            _is_int(it[3], 1, MAX_SEATS - 1) and (len(it) == 4 or (_is_str(it[4], BOT_LEVEL_CHARS) and it[4] != ""))
    elif k == Item.DESYNC:
        ok = len(it) == 4 and _is_int(it[1], 0, MAX_TICK) and _is_int(it[2], 1, MAX_TICK) and \
            _is_int(it[3], 0, MAX_SEATS - 1)
    elif k == Item.STATUS:
        ok = len(it) == 3 and _is_int(it[1], 0, MAX_SEATS - 1) and _is_int(it[2], 1, 3)
    elif k == Item.CHUNK:
        ok = len(it) == 5 and _is_int(it[1], 0, MAX_TICK) and _is_int(it[3], 1, 4096) and \
            _is_int(it[2], 0, it[3] - 1 if type(it[3]) is int else -1) and _is_bin(it[4], 0, MAX_CHUNK)
    elif k == Item.FINAL:
        ok = len(it) == 4 and _is_int(it[1], 0, MAX_TICK) and _is_int(it[2], 0, 255) and _is_int(it[3], 0, 255)
    elif k == Item.SEAT:
        ok = len(it) == 4 and _is_int(it[1], 0, MAX_SEATS - 1) and _is_int(it[2], 0, MAX_TICK) and \
            _is_int(it[3], 0, MAX_SEATS - 1)
    elif k == Item.END:
        ok = len(it) == 2 and _is_int(it[1], 1, MAX_TICK)
    elif k == Item.INTRO:
        ok = len(it) == 6 and _is_int(it[1], 1, MAX_SEATS - 1) and _is_str(it[2], 64) and \
            _is_int(it[3], 0, 65535) and _is_bin(it[4], 32, 32) and _is_bin(it[5], 32, 32)
    elif k == Item.LINK:
        ok = len(it) == 3 and _is_int(it[1], 1, MAX_SEATS - 1) and _is_int(it[2], 0, 1)
    else:
        ok = False
    if not ok:
        raise Rejected("schema")


def validate_fields(mtype: int, f: list[Any]) -> None:
    """Check the body of a message of type ``mtype`` (current protocol version). Raises ``Rejected("schema")``."""
    ok = True
    n = len(f)
    if mtype == MsgType.INPUT:
        # [frame, advantage x10, acks per seat, runs [[seat, start, [inputs]]], ping ms|nil, echo [ms, hold]|nil,
        #  log base, log items, log ack, sums [held, start, low16 bytes]|nil]. On the wire acks, run starts and the
        #  sums' frames are relative to the frame (frame - tick, one byte most of the time); made absolute here.
        if n != 10:
            raise Rejected("schema")
        frame, adv, acks, runs, ping, echo, base, items, lack, sums = f
        if sums is not None:
            if not (_is_int(frame, 0, MAX_TICK) and type(sums) is list and len(sums) == 3 and _is_int(sums[0], frame - MAX_TICK, frame + MAX_TICK)
                    and _is_int(sums[1], frame - MAX_TICK, frame + MAX_TICK) and _is_bin(sums[2], 0, 2 * MAX_SUMS)
                    and len(sums[2]) % 2 == 0):
                raise Rejected("schema")
            f[9] = [frame - sums[0], frame - sums[1], sums[2]]
        ok = (_is_int(frame, 0, MAX_TICK) and _is_int(adv, -100_000, 100_000) and type(acks) is list
              and len(acks) <= MAX_SEATS and all(_is_int(a, frame - MAX_TICK, frame + 1) for a in acks)
              and type(runs) is list and len(runs) <= MAX_SEATS
              and _ping_ok(ping, echo)
              and _is_int(base, 0, MAX_TICK) and type(items) is list and len(items) <= MAX_ITEMS
              and _is_int(lack, 0, MAX_TICK))
        if ok:
            for r in runs:
                if not (type(r) is list and len(r) == 3 and _is_int(r[0], 0, MAX_SEATS - 1)
                        and _is_int(r[1], frame - MAX_TICK, frame) and type(r[2]) is list
                        and 1 <= len(r[2]) <= MAX_RUN):
                    raise Rejected("schema")
                vals = r[2]
                if not all(type(v) is int for v in vals) or min(vals) < 0 or max(vals) >= MAX_INPUT:
                    raise Rejected("schema")
                r[1] = frame - r[1]
            for it in items:
                _check_item(it)
            f[2] = [frame - a for a in acks]
    elif mtype == MsgType.HELLO:  # 0 seats wanted: a spectator (or a late joiner who will claim dropped seats)
        ok = (n == 5 and _is_bin(f[0], SPAKE_SIZE, SPAKE_SIZE) and _is_bin(f[1], 16, 16)
              and _is_int(f[2], 0, MAX_SEATS - 1) and (_is_bin(f[3], 0, 0) or _is_bin(f[3], 16, 16))
              and _is_bin(f[4], 0, 160))
    elif mtype == MsgType.KEYX:
        ok = n == 2 and _is_bin(f[0], 16, 16) and _is_bin(f[1], SPAKE_SIZE, SPAKE_SIZE)
    elif mtype == MsgType.JOIN:
        ok = (n == 5 and _is_int(f[0], 0, MAX_SEATS - 1) and _is_bin(f[1], 32, 32)
              and (_is_bin(f[2], 0, 0) or _is_bin(f[2], 16, 16)) and _is_str(f[3], 32) and _is_bin(f[4], 0, 16))
    elif mtype == MsgType.WELCOME:
        ok = (n == 5 and _is_bin(f[0], 16, 16) and _is_int(f[1], 1, MAX_SEATS - 1) and type(f[2]) is list
              and len(f[2]) <= MAX_SEATS - 1 and all(_is_int(s, 0, MAX_SEATS - 1) for s in f[2])
              and _is_bin(f[4], 16, 16))
        if ok:
            try:
                MatchSettings.from_wire(f[3])
            except SettingsError:
                ok = False
    elif mtype == MsgType.READY:  # [digest] (ready), or [digest, 0 | 1] (a joiner whose player sets the flag)
        ok = n in (1, 2) and _is_bin(f[0], 16, 16) and (n == 1 or _is_int(f[1], 0, 1))
    elif mtype == MsgType.CLAIM:
        ok = n == 1 and type(f[0]) is list and 1 <= len(f[0]) <= MAX_SEATS and all(
            _is_int(x, 0, MAX_SEATS - 1) for x in f[0])
    elif mtype == MsgType.SNAP:
        ok = (n in (10, 11) and _is_int(f[0], 0, MAX_TICK) and _is_int(f[1], 0, 2**64 - 1) and _owners(f[2])
              and type(f[3]) is list and len(f[3]) <= MAX_SEATS and all(_is_int(x, 0, MAX_SEATS - 1) for x in f[3])
              and _is_int(f[4], 1, MAX_SNAP_CHUNKS) and _is_int(f[5], 0, f[4] - 1 if type(f[4]) is int else -1)
              and _is_bin(f[6], 0, SNAP_CHUNK) and _is_str(f[7], 40) and _is_int(f[8], 0, 2**31 - 1)
              and _is_bin(f[9], 16, 16) and (n == 10 or _is_int(f[10], 0, MAX_INPUT_DELAY)))
    elif mtype == MsgType.SNAPACK:
        ok = n == 2 and _is_int(f[0], 0, MAX_TICK) and _is_bin(f[1], 1, MAX_SNAP_CHUNKS // 8)
    elif mtype == MsgType.ROSTER:
        ok = (n in (3, 4) and _is_int(f[0], 0, 600_000) and _owners(f[1]) and type(f[2]) is list
              and len(f[2]) <= MAX_SEATS and all(
                  type(p) is list and len(p) == 3 and _is_int(p[0], 0, MAX_SEATS - 1) and _is_str(p[1], 32)
                  and _is_int(p[2], 0, 1) for p in f[2])
              and (n == 3 or _bot_seats(f[3])))
    elif mtype == MsgType.PROBE:
        ok = n == 3 and _is_bin(f[0], 8, 8) and _is_int(f[1], 0, 2**32 - 1) and _is_bin(f[2], 0, 64)
    elif mtype == MsgType.PONG:
        ok = (n == 4 and _is_bin(f[0], 8, 8) and _is_int(f[1], 0, 2**32 - 1) and _is_int(f[2], 0, 1)
              and _is_int(f[3], 0, MAX_SEATS))
    elif mtype == MsgType.COMMITS:
        ok = n in (1, 2) and _peer_bins(f[0]) and (n == 1 or _is_int(f[1], 0, 2**32 - 1))
    elif mtype == MsgType.REVEAL:
        ok = (n in (3, 5) and _is_bin(f[0], 32, 32) and _is_int(f[1], 0, 2**32 - 1) and _is_bin(f[2], 16, 16)
              and (n == 3 or (_is_int(f[3], 0, 2**32 - 1) and _is_int(f[4], 0, 600_000))))
    elif mtype == MsgType.START:
        ok = (n in (5, 6) and _peer_bins(f[0]) and type(f[1]) is list and 1 <= len(f[1]) <= MAX_SEATS
              and all(_is_int(o, 0, MAX_SEATS - 1) for o in f[1])
              and _is_int(f[2], 0, 2**32 - 1) and _is_int(f[3], 0, 600_000) and _is_int(f[4], 0, 600_000)
              and (n == 5 or _is_int(f[5], 0, MAX_INPUT_DELAY)))
    elif mtype in (MsgType.VIEW, MsgType.ACTION, MsgType.LOG_REVEAL):
        ok = _authority_ok(mtype, f)
    elif mtype in (MsgType.REFUSE, MsgType.BYE, MsgType.REFUSE_OPEN):
        _check_refuse(f)
    else:
        ok = False
    if not ok:
        raise Rejected("schema")


def _ping_ok(ping: Any, echo: Any) -> bool:
    """An RTT probe's two fields: our stamp (ms) or nil, the echo of the other's ``[stamp ms, hold ms]`` or nil."""
    return (ping is None or _is_int(ping, 0, 2**32 - 1)) and (echo is None or (
        type(echo) is list and len(echo) == 2 and _is_int(echo[0], 0, 2**32 - 1) and _is_int(echo[1], 0, 600_000)))


def _seat_or_none(x: Any) -> bool:
    return type(x) is int and (0 <= x < MAX_SEATS or x == NO_PEER)


def _authority_ok(mtype: int, f: list[Any]) -> bool:
    """The schemas of VIEW, ACTION and LOG_REVEAL (see ``MsgType``)."""
    n = len(f)
    if mtype == MsgType.VIEW:
        if n != 14:
            return False
        seat, step, total, index, data, public, acked, owners, tick, ping, echo, base, items, ref = f
        if not (_ping_ok(ping, echo) and _is_int(base, 0, MAX_TICK) and type(items) is list
                and len(items) <= MAX_ITEMS and _is_int(ref, 0, step if type(step) is int else -1)):
            return False
        for it in items:
            _check_item(it)
        return (_seat_or_none(seat) and _is_int(step, 0, MAX_TICK) and _is_int(total, 0, MAX_VIEW_CHUNKS)
                and _is_int(index, 0, max(0, total - 1) if type(total) is int else -1)
                and _is_bin(data, 0, VIEW_CHUNK if total else 0) and type(public) is list and len(public) <= MAX_PUBLIC
                and all(type(p) is list and len(p) == 3 and _is_int(p[0], 1, MAX_TICK)
                        and _is_int(p[1], 0, MAX_SEATS - 1) and _is_int(p[2], 0, MAX_INPUT - 1) for p in public)
                and _is_int(acked, 0, MAX_TICK) and _owners(owners) and _is_int(tick, 0, MAX_TICK))
    if mtype == MsgType.ACTION:
        if n != 7:
            return False
        held, actions, got, tick, ping, echo, lack = f
        return (_ping_ok(ping, echo) and _is_int(lack, 0, MAX_TICK) and type(held) is list and len(held) <= MAX_SEATS
                and all(type(h) is list and len(h) == 2 and _seat_or_none(h[0]) and _is_int(h[1], 0, MAX_TICK)
                        for h in held)
                and type(actions) is list and len(actions) <= MAX_ACTIONS
                and all(type(a) is list and len(a) == 4 and _is_int(a[0], 1, MAX_TICK)
                        and _is_int(a[1], 0, MAX_SEATS - 1) and _is_int(a[2], 0, MAX_TICK)
                        and _is_int(a[3], 1, MAX_INPUT - 1) for a in actions)
                and _is_bin(got, 0, MAX_REVEAL_CHUNKS // 8) and _is_int(tick, 0, MAX_TICK))
    return (n == 5 and _is_int(f[0], 0, MAX_TICK) and _is_int(f[1], 1, MAX_REVEAL_CHUNKS)
            and _is_int(f[2], 0, f[1] - 1 if type(f[1]) is int else -1) and _is_bin(f[3], 0, REVEAL_CHUNK)
            and _is_bin(f[4], 16, 16))


BOT_LEVEL_CHARS = 16
"""Longest bot level name a ROSTER may carry ("easy", "normal", "hard" today)."""


def _bot_seats(x: Any) -> bool:
    """``[[seat, level], ...]``: distinct seats, each level a short non-empty name."""
    return (type(x) is list and len(x) <= MAX_SEATS
            and all(type(b) is list and len(b) == 2 and _is_int(b[0], 0, MAX_SEATS - 1)
                    and _is_str(b[1], BOT_LEVEL_CHARS) and b[1] != "" for b in x)
            and len({b[0] for b in x}) == len(x))


def _peer_bins(x: Any) -> bool:
    """``[[peer, 32 bytes], ...]``: 2..8 entries, peers strictly increasing (a commit or nonce list)."""
    if not (type(x) is list and 2 <= len(x) <= MAX_SEATS):
        return False
    last = -1
    for e in x:
        if not (type(e) is list and len(e) == 2 and _is_int(e[0], last + 1, MAX_SEATS - 1) and _is_bin(e[1], 32, 32)):
            return False
        last = e[0]
    return True


def _owners(x: Any) -> bool:
    """A list of seat owners: a peer index per seat, ``NO_PEER`` for an open seat."""
    return type(x) is list and 1 <= len(x) <= MAX_SEATS and all(
        type(o) is int and (0 <= o < MAX_SEATS or o == NO_PEER) for o in x)


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
