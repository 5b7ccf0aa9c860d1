"""The netplay messages, typed: one frozen dataclass per wire message and per notice of the reliable log, each with
named fields, its own validation (``from_wire``: a decoded msgpack list in, the message out, or ``Rejected``) and its
wire form (``to_wire``: the list msgpack encodes).

``netplay.wire`` wraps them (header, AEAD, bounded msgpack) and calls ``decode`` on every body it opens, so a handler
only ever sees a well-formed message: ints in range, byte strings of the right length, lists bounded. Ticks travel
relative to the sender's tick where that saves bytes (INPUT's acks, run starts and rolling checksums): ``from_wire``
makes them absolute, ``to_wire`` relative again.

Messages (``MsgType``; "open" ones travel unsealed, nothing in them is secret or trusted):

- handshake: ``Hello`` (open), ``Cookie`` (open), ``Keyx`` (open), ``Join``, ``Welcome``, ``Ready``; refusals
  ``RefuseOpen`` (open),
  ``Refuse``, ``Bye``; the LAN browser's ``Probe`` / ``Pong`` (open);
- lobby and fair deal: ``Roster``, ``Commits``, ``Reveal``, ``Start``;
- running: ``Input`` (inputs, acks, RTT probe, notices, rolling checksums); late joiners: ``Snap``, ``SnapAck``,
  ``Claim``; host-authoritative turn games: ``View``, ``Action``, ``LogReveal``.

Notices (``Item``, carried by ``Input`` and ``View`` in a reliable, ordered log): ``CheckItem``, ``DropItem``,
``DesyncItem``, ``StatusItem``, ``ChunkItem``, ``FinalItem``, ``SeatItem``, ``EndItem``, ``IntroItem``, ``LinkItem``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Callable, ClassVar, NamedTuple

from .settings import MAX_INPUT_DELAY, MAX_SEATS, MatchSettings, SettingsError

__all__ = ["MsgType", "Item", "Reason", "Rejected", "Msg", "Notice", "decode", "decode_item", "Run", "Sums",
           "pack_values", "unpack_values",
           "Hello", "ForeignHello", "Cookie", "Keyx", "Join", "Welcome", "Ready", "Commits", "Reveal", "Start", "Input",
           "Refuse", "Bye", "RefuseOpen", "Claim", "Snap", "SnapAck", "Roster", "Probe", "Pong", "View", "Action",
           "LogReveal", "CheckItem", "DropItem", "DesyncItem", "StatusItem", "ChunkItem", "FinalItem", "SeatItem",
           "EndItem", "IntroItem", "LinkItem", "ClockItem", "MAX_RUN", "MAX_ITEMS", "MAX_SUMS", "MAX_CHUNK", "SNAP_CHUNK",
           "MAX_SNAP_CHUNKS", "NO_PEER", "MAX_INPUT", "SPAKE_SIZE", "VIEW_CHUNK", "MAX_VIEW_CHUNKS", "MAX_VIEW_BYTES",
           "MAX_PUBLIC", "MAX_ACTIONS", "REVEAL_CHUNK", "MAX_REVEAL_CHUNKS", "BOT_LEVEL_CHARS", "MAX_TICK"]

MAX_TICK = 2**31 - 1
SPAKE_SIZE = 33
"""Bytes of a SPAKE2 message (Ed25519 group: a side byte and a point)."""
MAX_RUN = 64
"""Most ticks of one seat's inputs in one datagram."""
MAX_ITEMS = 8
"""Most notices in one datagram."""
MAX_SUMS = 32
"""Most rolling checksums (low 16 bits of confirmed ticks) in one INPUT datagram."""
MAX_CHUNK = 640
"""Bytes of a state dump carried by one notice."""
SNAP_CHUNK = 880
"""Bytes of a late joiner's snapshot carried by one datagram."""
MAX_SNAP_CHUNKS = 1024
"""Most chunks of one snapshot (so at most 880 KiB)."""
NO_PEER = 255
MAX_INPUT = 1 << 16
VIEW_CHUNK = 640
"""Bytes of a seat's (zlib-compressed) view carried by one VIEW datagram (host-authoritative turn games; with 32
public actions, an RTT probe and the rest, a VIEW stays under ``wire.SEND_LIMIT``)."""
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
BOT_LEVEL_CHARS = 16
"""Longest bot level name a ROSTER or a DROP notice may carry ("easy", "normal", "hard" today)."""
_U32 = 2**32 - 1
_MAX_MS = 600_000


class MsgType(IntEnum):
    HELLO = 1
    WELCOME = 2
    READY = 3
    COMMITS = 4
    REVEAL = 5
    START = 6
    INPUT = 7
    REFUSE = 8
    BYE = 9
    REFUSE_OPEN = 10
    CLAIM = 11
    SNAP = 12
    SNAPACK = 13
    ROSTER = 14
    PROBE = 15
    PONG = 16
    KEYX = 17
    JOIN = 18
    VIEW = 19
    ACTION = 20
    LOG_REVEAL = 21
    COOKIE = 22


class Reason(IntEnum):
    """A refusal's or a goodbye's code (``Refuse``, ``RefuseOpen``, ``Bye``)."""

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
    TIMED_OUT = 15


class Item(IntEnum):
    """Kinds of the reliable notice log carried by INPUT datagrams (and, host-authoritative, by VIEW datagrams)."""

    CHECK = 1
    DROP = 2
    DESYNC = 3
    STATUS = 4
    CHUNK = 5
    FINAL = 6
    SEAT = 7
    END = 8
    INTRO = 9
    LINK = 10
    CLOCK = 11


class Rejected(Exception):
    """A datagram failed validation; ``reason`` is a short word for the stats (size, decode, schema, mac...)."""

    def __init__(self, reason: str, mtype: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.mtype = mtype


# --- field checks (each returns whether one decoded msgpack value fits)

Check = Callable[[Any], bool]


def _int(lo: int, hi: int) -> Check:
    return lambda x: type(x) is int and lo <= x <= hi


def _bin(lo: int, hi: int) -> Check:
    return lambda x: type(x) is bytes and lo <= len(x) <= hi


def _str(hi: int) -> Check:
    return lambda x: type(x) is str and len(x) <= hi


def _list(each: Check, lo: int, hi: int) -> Check:
    return lambda x: type(x) is list and lo <= len(x) <= hi and all(each(e) for e in x)


def _is_int(x: Any, lo: int, hi: int) -> bool:
    return type(x) is int and lo <= x <= hi


SEAT = _int(0, MAX_SEATS - 1)
DIGEST0_16: Check = lambda x: type(x) is bytes and len(x) in (0, 16)  # noqa: E731
U32 = _int(0, _U32)
MS = _int(0, _MAX_MS)
TICK = _int(0, MAX_TICK)


def _owner(x: Any) -> bool:
    return type(x) is int and (0 <= x < MAX_SEATS or x == NO_PEER)


OWNERS = _list(_owner, 1, MAX_SEATS)
"""Seat owners: a peer index per seat, ``NO_PEER`` for an open seat."""


def _peer_bins(x: Any) -> bool:
    """``[[peer, 32 bytes], ...]``: 2..8 entries, peers strictly increasing (a commit or nonce list)."""
    if not (type(x) is list and 2 <= len(x) <= MAX_SEATS):
        return False
    last = -1
    for e in x:
        if not (type(e) is list and len(e) == 2 and _is_int(e[0], last + 1, MAX_SEATS - 1)
                and type(e[1]) is bytes and len(e[1]) == 32):
            return False
        last = e[0]
    return True


def _bot_seats(x: Any) -> bool:
    """``[[seat, level], ...]``: distinct seats, each level a short non-empty name."""
    return (type(x) is list and len(x) <= MAX_SEATS
            and all(type(b) is list and len(b) == 2 and SEAT(b[0]) and type(b[1]) is str
                    and 0 < len(b[1]) <= BOT_LEVEL_CHARS for b in x)
            and len({b[0] for b in x}) == len(x))


def _echo(x: Any) -> bool:
    """An RTT probe's echo of the other side's ``[stamp ms, hold ms]``, or nil."""
    return x is None or (type(x) is list and len(x) == 2 and U32(x[0]) and MS(x[1]))


def _ping(x: Any) -> bool:
    return x is None or U32(x)


def _shape(f: list[Any], checks: tuple[Check, ...], optional: int = 0) -> None:
    """Raise ``Rejected("schema")`` unless ``f`` has ``len(checks)`` values (the last ``optional`` may be left out)
    and each passes its check."""
    if not len(checks) - optional <= len(f) <= len(checks) or not all(c(x) for c, x in zip(checks, f)):
        raise Rejected("schema")


class Msg:
    """A typed message: ``TYPE`` (its ``MsgType``); ``to_wire()`` its fields as sent; ``from_wire(fields)`` checks a
    decoded body (``CHECKS``: one check per field, the last ``OPTIONAL`` of them may be left out) and builds it."""

    __slots__ = ()
    TYPE: ClassVar[int]
    CHECKS: ClassVar[tuple[Check, ...]] = ()
    OPTIONAL: ClassVar[int] = 0

    def to_wire(self) -> list[Any]:
        raise NotImplementedError

    @classmethod
    def from_wire(cls, f: list[Any]) -> "Msg":
        _shape(f, cls.CHECKS, cls.OPTIONAL)
        return cls(*f)


def _trim(fields: list[Any], optional: int) -> list[Any]:
    """The wire list without the trailing optional fields that are None."""
    n = len(fields)
    while optional and n and fields[n - 1] is None:
        n -= 1
        optional -= 1
    return fields[:n]


# --- the notices of the reliable log

class Notice:
    """A notice of the reliable log: ``KIND`` (its ``Item``), ``to_wire()`` ``[kind, fields...]``."""

    __slots__ = ()
    KIND: ClassVar[int]
    CHECKS: ClassVar[tuple[Check, ...]] = ()
    OPTIONAL: ClassVar[int] = 0

    def to_wire(self) -> list[Any]:
        raise NotImplementedError

    @classmethod
    def from_wire(cls, f: list[Any]) -> "Notice":
        _shape(f, cls.CHECKS, cls.OPTIONAL)
        return cls(*f)


@dataclass(frozen=True, slots=True)
class CheckItem(Notice):
    """A checksum record of confirmed ``tick``: its 64-bit ``checksum`` and the low 16 bits (2 bytes, big-endian) of
    each confirmed tick since the previous record (``per_tick``)."""

    KIND: ClassVar[int] = Item.CHECK
    CHECKS: ClassVar[tuple[Check, ...]] = (_int(1, MAX_TICK), _int(0, 2**64 - 1), _bin(0, 240))
    tick: int
    checksum: int
    per_tick: bytes

    def to_wire(self) -> list[Any]:
        return [Item.CHECK, self.tick, self.checksum, self.per_tick]


@dataclass(frozen=True, slots=True)
class DropItem(Notice):
    """Host -> joiner: ``seat`` of the lost ``peer`` is played by the host from ``tick``; ``level`` of the host's bot
    that plays it (None from an older host)."""

    KIND: ClassVar[int] = Item.DROP
    CHECKS: ClassVar[tuple[Check, ...]] = (SEAT, TICK, _int(1, MAX_SEATS - 1),
                                           lambda x: type(x) is str and 0 < len(x) <= BOT_LEVEL_CHARS)
    OPTIONAL: ClassVar[int] = 1
    seat: int
    tick: int
    peer: int
    level: str | None = None

    def to_wire(self) -> list[Any]:
        return [Item.DROP, *_trim([self.seat, self.tick, self.peer, self.level], 1)]


@dataclass(frozen=True, slots=True)
class DesyncItem(Notice):
    """Host -> joiner: the host found a desync with ``peer``: ``first`` differing tick, found by the check of
    ``tick``."""

    KIND: ClassVar[int] = Item.DESYNC
    CHECKS: ClassVar[tuple[Check, ...]] = (TICK, _int(1, MAX_TICK), SEAT)
    first: int
    tick: int
    peer: int

    def to_wire(self) -> list[Any]:
        return [Item.DESYNC, self.first, self.tick, self.peer]


@dataclass(frozen=True, slots=True)
class StatusItem(Notice):
    """Host -> joiner: ``peer`` was interrupted (``INTERRUPTED``), resumed, lost (``GONE``: silent, dropped) or
    ``LEFT`` (it said goodbye), as the host sees it."""

    KIND: ClassVar[int] = Item.STATUS
    CHECKS: ClassVar[tuple[Check, ...]] = (SEAT, _int(1, 4))
    INTERRUPTED: ClassVar[int] = 1
    RESUMED: ClassVar[int] = 2
    GONE: ClassVar[int] = 3
    LEFT: ClassVar[int] = 4
    peer: int
    status: int

    def to_wire(self) -> list[Any]:
        return [Item.STATUS, self.peer, self.status]


@dataclass(frozen=True, slots=True)
class ChunkItem(Notice):
    """Part ``index`` of ``total`` of the sender's state at ``tick`` (sent after a desync, for the dump)."""

    KIND: ClassVar[int] = Item.CHUNK
    tick: int
    index: int
    total: int
    data: bytes

    @classmethod
    def from_wire(cls, f: list[Any]) -> "ChunkItem":
        if not (len(f) == 4 and TICK(f[0]) and _is_int(f[2], 1, 4096) and type(f[2]) is int
                and _is_int(f[1], 0, f[2] - 1) and _bin(0, MAX_CHUNK)(f[3])):
            raise Rejected("schema")
        return cls(*f)

    def to_wire(self) -> list[Any]:
        return [Item.CHUNK, self.tick, self.index, self.total, self.data]


@dataclass(frozen=True, slots=True)
class FinalItem(Notice):
    """Host -> joiner: the match ended at ``tick`` (every final checksum is in); ``desyncs`` counted."""

    KIND: ClassVar[int] = Item.FINAL
    CHECKS: ClassVar[tuple[Check, ...]] = (TICK, _int(0, 255), _int(0, 255))
    tick: int
    reason: int
    desyncs: int

    def to_wire(self) -> list[Any]:
        return [Item.FINAL, self.tick, self.reason, self.desyncs]


@dataclass(frozen=True, slots=True)
class SeatItem(Notice):
    """Host -> joiner: ``peer`` plays ``seat`` from ``tick`` on (a dropped seat taken over); sent to a claimant
    alone with tick 0, "refused" (``peer``: who plays it)."""

    KIND: ClassVar[int] = Item.SEAT
    CHECKS: ClassVar[tuple[Check, ...]] = (SEAT, TICK, SEAT)
    seat: int
    tick: int
    peer: int

    def to_wire(self) -> list[Any]:
        return [Item.SEAT, self.seat, self.tick, self.peer]


@dataclass(frozen=True, slots=True)
class EndItem(Notice):
    """Host -> joiner: the host ended the match early; every peer stops at ``tick``."""

    KIND: ClassVar[int] = Item.END
    CHECKS: ClassVar[tuple[Check, ...]] = (_int(1, MAX_TICK),)
    tick: int

    def to_wire(self) -> list[Any]:
        return [Item.END, self.tick]


@dataclass(frozen=True, slots=True)
class IntroItem(Notice):
    """Host -> joiner: send inputs straight to ``peer`` at ``host:port``, sealed with ``key_out``, and accept its own
    sealed with ``key_in`` (the mesh, ``netplay.mesh``)."""

    KIND: ClassVar[int] = Item.INTRO
    CHECKS: ClassVar[tuple[Check, ...]] = (_int(1, MAX_SEATS - 1), _str(64), _int(0, 65535), _bin(32, 32),
                                           _bin(32, 32))
    peer: int
    host: str
    port: int
    key_out: bytes
    key_in: bytes

    def to_wire(self) -> list[Any]:
        return [Item.INTRO, self.peer, self.host, self.port, self.key_out, self.key_in]


@dataclass(frozen=True, slots=True)
class LinkItem(Notice):
    """Joiner -> host: the direct link to ``peer`` works (``up``: the host stops relaying that peer's seats to us) or
    failed (relay again)."""

    KIND: ClassVar[int] = Item.LINK
    CHECKS: ClassVar[tuple[Check, ...]] = (_int(1, MAX_SEATS - 1), _int(0, 1))
    peer: int
    up: int

    def to_wire(self) -> list[Any]:
        return [Item.LINK, self.peer, self.up]


def _clocks(x: Any) -> bool:
    """``[[seat, until tick], ...]``: distinct seats."""
    return (type(x) is list and len(x) <= MAX_SEATS and all(type(c) is list and len(c) == 2 and SEAT(c[0])
                                                            and TICK(c[1]) for c in x)
            and len({c[0] for c in x}) == len(x))


@dataclass(frozen=True, slots=True)
class ClockItem(Notice):
    """Host -> joiner, a turn game (``netplay.turnclock``): the seats on a turn clock now, each ``[seat, host tick
    it runs out at]`` (none: nobody is on a clock), the clock's length (``ms``; 0: turn clocks are off) and the seats
    whose clock just ran out (a bit a seat: the host's bot played for them)."""

    KIND: ClassVar[int] = Item.CLOCK
    CHECKS: ClassVar[tuple[Check, ...]] = (_clocks, _int(0, 3_600_000), _int(0, 255))
    clocks: list[list[int]]
    ms: int
    timed_out: int = 0

    def to_wire(self) -> list[Any]:
        return [Item.CLOCK, [list(c) for c in self.clocks], self.ms, self.timed_out]


_ITEMS: dict[int, type[Notice]] = {c.KIND: c for c in (CheckItem, DropItem, DesyncItem, StatusItem, ChunkItem,
                                                           FinalItem, SeatItem, EndItem, IntroItem, LinkItem,
                                                           ClockItem)}


def decode_item(it: Any) -> Notice:
    """One notice of a log run (``[kind, fields...]``); raises ``Rejected("schema")``."""
    if type(it) is not list or not it or type(it[0]) is not int or it[0] not in _ITEMS:
        raise Rejected("schema")
    return _ITEMS[it[0]].from_wire(it[1:])


def _items(x: Any) -> list[Notice]:
    if type(x) is not list or len(x) > MAX_ITEMS:
        raise Rejected("schema")
    return [decode_item(it) for it in x]


# --- the handshake

@dataclass(frozen=True, slots=True)
class Hello(Msg):
    """Joiner -> host, open: its SPAKE2 message (side A), a hello nonce, the seats it wants (0: a spectator), the
    settings digest it expects (or b""), the host's ``cookie`` for this address and nonce (b"" the first time: the
    host answers with a ``Cookie`` and keeps nothing), and padding (room for the host's answers: never longer than
    the request)."""

    TYPE: ClassVar[int] = MsgType.HELLO
    CHECKS: ClassVar[tuple[Check, ...]] = (_bin(SPAKE_SIZE, SPAKE_SIZE), _bin(16, 16), SEAT, DIGEST0_16, DIGEST0_16,
                                           _bin(0, 160))
    spake: bytes
    hello_nonce: bytes
    seats: int
    digest: bytes
    cookie: bytes = b""
    padding: bytes = b""

    def to_wire(self) -> list[Any]:
        return [self.spake, self.hello_nonce, self.seats, self.digest, self.cookie, self.padding]


@dataclass(frozen=True, slots=True)
class Cookie(Msg):
    """Host -> joiner, open: the cookie (16 bytes, a MAC of the joiner's address and hello nonce under the host's
    secret of the minute) the joiner's next HELLO must carry before the host does any work or keeps any state for
    it: the joiner proves it receives at its address (WireGuard's cookie reply)."""

    TYPE: ClassVar[int] = MsgType.COOKIE
    CHECKS: ClassVar[tuple[Check, ...]] = (_bin(16, 16), _bin(16, 16))
    hello_nonce: bytes
    cookie: bytes

    def to_wire(self) -> list[Any]:
        return [self.hello_nonce, self.cookie]


@dataclass(frozen=True, slots=True)
class ForeignHello(Msg):
    """A HELLO of another protocol ``version``: read only to refuse it with a reason (its fields are not ours)."""

    TYPE: ClassVar[int] = MsgType.HELLO
    version: int

    def to_wire(self) -> list[Any]:
        raise TypeError("a foreign HELLO is never sent")


@dataclass(frozen=True, slots=True)
class Keyx(Msg):
    """Host -> joiner, open (header session id: the new session's): the hello nonce it answers, the host's SPAKE2
    message (side B) and ``confirm``: proof that the host derived the same key (``wire.keyx_confirm``), so a forged
    answer (or a wrong code) is told apart from the host's before the joiner uses the keys."""

    TYPE: ClassVar[int] = MsgType.KEYX
    CHECKS: ClassVar[tuple[Check, ...]] = (_bin(16, 16), _bin(SPAKE_SIZE, SPAKE_SIZE), _bin(16, 16))
    hello_nonce: bytes
    spake: bytes
    confirm: bytes

    def to_wire(self) -> list[Any]:
        return [self.hello_nonce, self.spake, self.confirm]


@dataclass(frozen=True, slots=True)
class Join(Msg):
    """Joiner -> host, the first sealed datagram (peer ``NO_PEER``): seats wanted, fair-deal commit, settings digest
    expected (or b""), player name, player token (or b"")."""

    TYPE: ClassVar[int] = MsgType.JOIN
    CHECKS: ClassVar[tuple[Check, ...]] = (SEAT, _bin(32, 32), DIGEST0_16, _str(32), _bin(0, 16))
    seats: int
    commit: bytes
    digest: bytes
    name: str
    token: bytes

    def to_wire(self) -> list[Any]:
        return [self.seats, self.commit, self.digest, self.name, self.token]


@dataclass(frozen=True, slots=True)
class Welcome(Msg):
    """Host -> joiner: the hello nonce it answers, the joiner's peer index and seats, the match settings and their
    digest."""

    TYPE: ClassVar[int] = MsgType.WELCOME
    hello_nonce: bytes
    peer: int
    seats: list[int]
    settings: MatchSettings
    digest: bytes

    @classmethod
    def from_wire(cls, f: list[Any]) -> "Welcome":
        _shape(f, (_bin(16, 16), _int(1, MAX_SEATS - 1), _list(SEAT, 0, MAX_SEATS - 1), lambda x: True,
                   _bin(16, 16)))
        try:
            settings = MatchSettings.from_wire(f[3])
        except SettingsError:
            raise Rejected("schema") from None
        return cls(f[0], f[1], f[2], settings, f[4])

    def to_wire(self) -> list[Any]:
        return [self.hello_nonce, self.peer, list(self.seats), self.settings.to_wire(), self.digest]


@dataclass(frozen=True, slots=True)
class Ready(Msg):
    """Joiner -> host in the lobby: the settings digest, the ready flag, and the joiner's fair-deal commit for the
    next deal (a new one after a deal it revealed its nonce in was started over: a revealed nonce is never used
    again)."""

    TYPE: ClassVar[int] = MsgType.READY
    CHECKS: ClassVar[tuple[Check, ...]] = (_bin(16, 16), _int(0, 1), _bin(32, 32))
    digest: bytes
    ready: int
    commit: bytes

    def to_wire(self) -> list[Any]:
        return [self.digest, self.ready, self.commit]


@dataclass(frozen=True, slots=True)
class _Refusal(Msg):
    """A refusal's or goodbye's ``code`` (``Reason``), one line of ``text``, and up to 4 int ``facts`` (e.g. seats
    asked and free)."""

    CHECKS: ClassVar[tuple[Check, ...]] = (_int(0, 255), _str(200), _list(_int(0, 2**31 - 1), 0, 4))
    OPTIONAL: ClassVar[int] = 1
    code: int
    text: str
    facts: list[int] | None = None

    def to_wire(self) -> list[Any]:
        return _trim([int(self.code), self.text, None if self.facts is None else list(self.facts)], 1)


@dataclass(frozen=True, slots=True)
class Refuse(_Refusal):
    """Either way, sealed: a refusal (the lobby's, a bad reveal, settings the joiner cannot play...)."""

    TYPE: ClassVar[int] = MsgType.REFUSE


@dataclass(frozen=True, slots=True)
class Bye(_Refusal):
    """Either way, sealed: leaving (or dropping the other)."""

    TYPE: ClassVar[int] = MsgType.BYE


@dataclass(frozen=True, slots=True)
class RefuseOpen(_Refusal):
    """Host -> joiner, open: a refusal before any key (or of a JOIN that failed the AEAD: a wrong code)."""

    TYPE: ClassVar[int] = MsgType.REFUSE_OPEN


@dataclass(frozen=True, slots=True)
class Probe(Msg):
    """A LAN browser -> host, open: a nonce, a time stamp (ms) and padding (the PONG is never longer)."""

    TYPE: ClassVar[int] = MsgType.PROBE
    CHECKS: ClassVar[tuple[Check, ...]] = (_bin(8, 8), U32, _bin(0, 64))
    nonce: bytes
    stamp: int
    padding: bytes = b""

    def to_wire(self) -> list[Any]:
        return [self.nonce, self.stamp, self.padding]


@dataclass(frozen=True, slots=True)
class Pong(Msg):
    """Host -> LAN browser, open: the probe's nonce and stamp, whether the match is playing, the free seats."""

    TYPE: ClassVar[int] = MsgType.PONG
    CHECKS: ClassVar[tuple[Check, ...]] = (_bin(8, 8), U32, _int(0, 1), _int(0, MAX_SEATS))
    nonce: bytes
    stamp: int
    playing: int
    free: int

    def to_wire(self) -> list[Any]:
        return [self.nonce, self.stamp, self.playing, self.free]


# --- the lobby and the fair deal

@dataclass(frozen=True, slots=True)
class Roster(Msg):
    """Host -> joiner in the lobby (and a late joiner once): the countdown (ms, 0 = none), seat ``owners``
    (``NO_PEER`` = open), ``[peer, name, ready 0/1]`` of every peer, the host's bot seats ``[seat, level]``, and how
    many deals the host has begun (``deals``: a joiner that revealed its nonce in deal n and hears a lobby roster
    that says n knows that deal was given up)."""

    TYPE: ClassVar[int] = MsgType.ROSTER
    CHECKS: ClassVar[tuple[Check, ...]] = (MS, OWNERS, _list(lambda p: type(p) is list and len(p) == 3 and SEAT(p[0])
                                                             and type(p[1]) is str and len(p[1]) <= 32
                                                             and _is_int(p[2], 0, 1), 0, MAX_SEATS), _bot_seats,
                                           _int(0, 255))
    countdown_ms: int
    owners: list[int]
    peers: list[list[Any]]
    bots: list[list[Any]]
    deals: int = 0

    def to_wire(self) -> list[Any]:
        return [self.countdown_ms, list(self.owners), self.peers, self.bots, self.deals]


@dataclass(frozen=True, slots=True)
class Commits(Msg):
    """Host -> joiner: ``[peer, commit (32)]`` of the host and every seat owner, by peer index, the host's time stamp
    (ms; echoed in REVEAL, so the host measures the RTT before START) and which deal it is (1, or more if deals were
    started over: ``Roster.deals``)."""

    TYPE: ClassVar[int] = MsgType.COMMITS
    CHECKS: ClassVar[tuple[Check, ...]] = (_peer_bins, U32, _int(1, 255))
    commits: list[list[Any]]
    stamp: int
    deal: int = 1

    def to_wire(self) -> list[Any]:
        return [self.commits, self.stamp, self.deal]


@dataclass(frozen=True, slots=True)
class Reveal(Msg):
    """Joiner -> host: its fair-deal nonce, its time stamp (ms), the digest of the commit list it answers, and the
    echo of the host's COMMITS stamp with how long it was held (ms)."""

    TYPE: ClassVar[int] = MsgType.REVEAL
    nonce: bytes
    stamp: int
    commits_digest: bytes
    echo: int | None = None
    hold: int | None = None

    @classmethod
    def from_wire(cls, f: list[Any]) -> "Reveal":
        if len(f) not in (3, 5):
            raise Rejected("schema")
        _shape(f, (_bin(32, 32), U32, _bin(16, 16), U32, MS), 2)
        return cls(*f)

    def to_wire(self) -> list[Any]:
        tail = [] if self.echo is None else [self.echo, self.hold]
        return [self.nonce, self.stamp, self.commits_digest, *tail]


@dataclass(frozen=True, slots=True)
class Start(Msg):
    """Host -> joiner: ``[peer, nonce]`` as in COMMITS (host-authoritative: the commits again, no nonce before the
    end), the owner of every seat, the echoed REVEAL stamp with the hold time and the age of the start (ms), and the
    input delay every peer uses (ticks)."""

    TYPE: ClassVar[int] = MsgType.START
    CHECKS: ClassVar[tuple[Check, ...]] = (_peer_bins, _list(SEAT, 1, MAX_SEATS), U32, MS, MS,
                                           _int(0, MAX_INPUT_DELAY))
    OPTIONAL: ClassVar[int] = 1
    nonces: list[list[Any]]
    owners: list[int]
    echo: int
    hold: int
    age: int
    input_delay: int | None = None

    def to_wire(self) -> list[Any]:
        return _trim([self.nonces, list(self.owners), self.echo, self.hold, self.age, self.input_delay], 1)


# --- running

class Run(NamedTuple):
    """A run of one seat's inputs: ``values`` for ticks ``start``, ``start + 1``... (on the wire a stretch of k
    "nothing" inputs is the one int -k: most ticks are "nothing")."""

    seat: int
    start: int
    values: list[int]


def pack_values(values: list[int]) -> list[int]:
    """A run's values as sent: every stretch of k zeros (1..64) becomes -k."""
    out: list[int] = []
    zeros = 0
    for v in values:
        if v:
            if zeros:
                out.append(-zeros)
                zeros = 0
            out.append(v)
        else:
            zeros += 1
    if zeros:
        out.append(-zeros)
    return out


def unpack_values(packed: Any) -> list[int] | None:
    """The values of ``pack_values``'s form, or None if it is not one (no value out of range, 1..``MAX_RUN`` in all,
    never two stretches of zeros in a row)."""
    if type(packed) is not list or not packed or len(packed) > MAX_RUN:
        return None
    out: list[int] = []
    last_zero = False
    for v in packed:
        if type(v) is not int or v >= MAX_INPUT or v == 0 or v < -MAX_RUN or (v < 0 and last_zero):
            return None
        last_zero = v < 0
        out.extend((0,) * -v if v < 0 else (v,))
        if len(out) > MAX_RUN:
            return None
    return out


class Sums(NamedTuple):
    """Rolling checksums: the sender holds the receiver's sums up to ``held``; ``data``: 2 bytes (the low 16 bits of
    the checksum) of each of its confirmed ticks from ``start``."""

    held: int
    start: int
    data: bytes


@dataclass(frozen=True, slots=True)
class Input(Msg):
    """Both ways while running: the sender's ``tick`` and its ticks-ahead estimate ``ahead`` (tenths of a tick),
    per-seat ``acks`` (the last tick of each seat's inputs it holds), input ``runs``, an RTT ``ping`` stamp (ms) or
    None, the ``echo`` ``[stamp, hold ms]`` of the other's or None, the notice log run (its first index ``base`` and
    its ``items``), ``lack``: how many of the receiver's notices it holds, and rolling checksums ``sums`` or None.

    On the wire acks, run starts and the sums' ticks are relative to ``tick`` (one byte most of the time)."""

    TYPE: ClassVar[int] = MsgType.INPUT
    tick: int
    ahead: int
    acks: list[int]
    runs: list[Run]
    ping: int | None
    echo: list[int] | None
    base: int
    items: list[Notice]
    lack: int
    sums: Sums | None

    def to_wire(self) -> list[Any]:
        t = self.tick
        s = self.sums
        return [t, self.ahead, [t - a for a in self.acks], [[r.seat, t - r.start, pack_values(r.values)]
                                                           for r in self.runs],
                self.ping, self.echo, self.base, [it.to_wire() for it in self.items], self.lack,
                None if s is None else [t - s.held, t - s.start, s.data]]

    @classmethod
    def from_wire(cls, f: list[Any]) -> "Input":
        if len(f) != 10:
            raise Rejected("schema")
        t, ahead, acks, runs, ping, echo, base, items, lack, sums = f
        if not (_is_int(t, 0, MAX_TICK) and _is_int(ahead, -100_000, 100_000) and type(acks) is list
                and len(acks) <= MAX_SEATS and all(_is_int(a, t - MAX_TICK, t + 1) for a in acks)
                and type(runs) is list and len(runs) <= MAX_SEATS and _ping(ping) and _echo(echo)
                and _is_int(base, 0, MAX_TICK) and _is_int(lack, 0, MAX_TICK)):
            raise Rejected("schema")
        out = []
        for r in runs:
            if not (type(r) is list and len(r) == 3 and _is_int(r[0], 0, MAX_SEATS - 1)
                    and _is_int(r[1], t - MAX_TICK, t)):
                raise Rejected("schema")
            vals = unpack_values(r[2])
            if vals is None:
                raise Rejected("schema")
            out.append(Run(r[0], t - r[1], vals))
        if sums is not None:
            if not (type(sums) is list and len(sums) == 3 and _is_int(sums[0], t - MAX_TICK, t + MAX_TICK)
                    and _is_int(sums[1], t - MAX_TICK, t + MAX_TICK) and type(sums[2]) is bytes
                    and len(sums[2]) <= 2 * MAX_SUMS and len(sums[2]) % 2 == 0):
                raise Rejected("schema")
            sums = Sums(t - sums[0], t - sums[1], sums[2])
        return cls(t, ahead, [t - a for a in acks], out, ping, echo, base, _items(items), lack, sums)


@dataclass(frozen=True, slots=True)
class Claim(Msg):
    """Late joiner -> host: the dropped seats it asks to take over."""

    TYPE: ClassVar[int] = MsgType.CLAIM
    CHECKS: ClassVar[tuple[Check, ...]] = (_list(SEAT, 1, MAX_SEATS),)
    seats: list[int]

    def to_wire(self) -> list[Any]:
        return [list(self.seats)]


@dataclass(frozen=True, slots=True)
class Snap(Msg):
    """Host -> late joiner: chunk ``index`` of ``total`` (``data``) of its snapshot of confirmed ``tick``, with the
    match ``seed``, seat ``owners`` (``NO_PEER`` = open), the ``claimable`` (dropped) seats, and what the joiner
    checks before use: ``game``, ``rules_version``, ``digest`` of the whole; the host's ``input_delay`` (None from an
    older host: the settings' value)."""

    TYPE: ClassVar[int] = MsgType.SNAP
    tick: int
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
    def from_wire(cls, f: list[Any]) -> "Snap":
        _shape(f, (TICK, _int(0, 2**64 - 1), OWNERS, _list(SEAT, 0, MAX_SEATS), _int(1, MAX_SNAP_CHUNKS),
                   _int(0, MAX_SNAP_CHUNKS - 1), _bin(0, SNAP_CHUNK), _str(40), _int(0, 2**31 - 1), _bin(16, 16),
                   _int(0, MAX_INPUT_DELAY)), 1)
        if f[5] >= f[4]:
            raise Rejected("schema")
        return cls(*f)

    def to_wire(self) -> list[Any]:
        return _trim([self.tick, self.seed, list(self.owners), list(self.claimable), self.total, self.index,
                      self.data, self.game, self.rules_version, self.digest, self.input_delay], 1)


@dataclass(frozen=True, slots=True)
class SnapAck(Msg):
    """Late joiner -> host: the snapshot (of ``tick``) chunks it holds, a bit each."""

    TYPE: ClassVar[int] = MsgType.SNAPACK
    CHECKS: ClassVar[tuple[Check, ...]] = (TICK, _bin(1, MAX_SNAP_CHUNKS // 8))
    tick: int
    got: bytes

    def to_wire(self) -> list[Any]:
        return [self.tick, self.got]


# --- host-authoritative turn games (``netplay.authority``)

def _seat_or_none(x: Any) -> bool:
    return type(x) is int and (0 <= x < MAX_SEATS or x == NO_PEER)


def _public(p: Any) -> bool:
    return (type(p) is list and len(p) == 3 and _is_int(p[0], 1, MAX_TICK) and SEAT(p[1])
            and _is_int(p[2], 0, MAX_INPUT - 1))


@dataclass(frozen=True, slots=True)
class View(Msg):
    """Host -> joiner: chunk ``index`` of ``total`` (0: no view, a keepalive) of the zlib-compressed view of ``seat``
    (``NO_PEER``: the public one) at ``step``, the ``public`` actions ``[step, seat, action]`` since the view the
    joiner holds, the last action id handled (``acked``), the seat ``owners``, the host's ``tick``, an RTT probe
    (``ping``, ``echo``), the notice log run (``base``, ``items``) and ``ref``: 1 + the step of the view (one the
    joiner holds) used as zlib dictionary, 0 for none."""

    TYPE: ClassVar[int] = MsgType.VIEW
    seat: int
    step: int
    total: int
    index: int
    data: bytes
    public: list[list[int]]
    acked: int
    owners: list[int]
    tick: int
    ping: int | None
    echo: list[int] | None
    base: int
    items: list[Notice]
    ref: int

    @classmethod
    def from_wire(cls, f: list[Any]) -> "View":
        if len(f) != 14:
            raise Rejected("schema")
        seat, step, total, index, data, public, acked, owners, tick, ping, echo, base, items, ref = f
        if not (_ping(ping) and _echo(echo) and TICK(base) and _is_int(step, 0, MAX_TICK)
                and _is_int(ref, 0, step) and _seat_or_none(seat) and _is_int(total, 0, MAX_VIEW_CHUNKS)
                and _is_int(index, 0, max(0, total - 1)) and _bin(0, VIEW_CHUNK if total else 0)(data)
                and _list(_public, 0, MAX_PUBLIC)(public) and TICK(acked) and OWNERS(owners) and TICK(tick)):
            raise Rejected("schema")
        return cls(seat, step, total, index, data, public, acked, owners, tick, ping, echo, base, _items(items), ref)

    def to_wire(self) -> list[Any]:
        return [self.seat, self.step, self.total, self.index, self.data, self.public, self.acked, list(self.owners),
                self.tick, self.ping, self.echo, self.base, [it.to_wire() for it in self.items], self.ref]


def _held(h: Any) -> bool:
    return type(h) is list and len(h) == 2 and _seat_or_none(h[0]) and TICK(h[1])


def _action(a: Any) -> bool:
    return (type(a) is list and len(a) == 4 and _is_int(a[0], 1, MAX_TICK) and SEAT(a[1]) and TICK(a[2])
            and type(a[3]) is bytes and len(a[3]) == 2 and a[3] != b"\0\0")


@dataclass(frozen=True, slots=True)
class Action(Msg):
    """Joiner -> host: the views it holds ``[seat (NO_PEER: the public one), step]``, its actions ``[id, seat, step,
    tick input]`` not yet acknowledged, a bitmap of the reveal chunks it holds (``got``), its ``tick``, an RTT probe
    and how many of the host's notices it holds (``lack``). On the wire a tick input is 2 bytes whatever its value
    (an int would take 1 to 3: a sniffer would read the kind of action from the datagram's length)."""

    TYPE: ClassVar[int] = MsgType.ACTION
    held: list[list[int]]
    actions: list[list[int]]
    got: bytes
    tick: int
    ping: int | None
    echo: list[int] | None
    lack: int

    @classmethod
    def from_wire(cls, f: list[Any]) -> "Action":
        _shape(f, (_list(_held, 0, MAX_SEATS), _list(_action, 0, MAX_ACTIONS), _bin(0, MAX_REVEAL_CHUNKS // 8), TICK,
                   _ping, _echo, TICK))
        actions = [[a[0], a[1], a[2], int.from_bytes(a[3], "big")] for a in f[1]]
        return cls(f[0], actions, f[2], f[3], f[4], f[5], f[6])

    def to_wire(self) -> list[Any]:
        actions = [[a[0], a[1], a[2], a[3].to_bytes(2, "big")] for a in self.actions]
        return [self.held, actions, self.got, self.tick, self.ping, self.echo, self.lack]


@dataclass(frozen=True, slots=True)
class LogReveal(Msg):
    """Host -> joiner at the end: chunk ``index`` of ``total`` of the reveal (``authority.reveal_blob``: every
    peer's nonce and the action log) of the match ended at tick ``end``, with the blake2b-128 ``digest`` of the
    whole."""

    TYPE: ClassVar[int] = MsgType.LOG_REVEAL
    end: int
    total: int
    index: int
    chunk: bytes
    digest: bytes

    @classmethod
    def from_wire(cls, f: list[Any]) -> "LogReveal":
        _shape(f, (TICK, _int(1, MAX_REVEAL_CHUNKS), _int(0, MAX_REVEAL_CHUNKS - 1), _bin(0, REVEAL_CHUNK),
                   _bin(16, 16)))
        if f[2] >= f[1]:
            raise Rejected("schema")
        return cls(*f)

    def to_wire(self) -> list[Any]:
        return [self.end, self.total, self.index, self.chunk, self.digest]


_MESSAGES: dict[int, type[Msg]] = {c.TYPE: c for c in (
    Hello, Cookie, Keyx, Join, Welcome, Ready, Commits, Reveal, Start, Input, Refuse, Bye, RefuseOpen, Claim, Snap, SnapAck,
    Roster, Probe, Pong, View, Action, LogReveal)}


def decode(mtype: int, fields: list[Any]) -> Msg:
    """The typed message of a decoded body of type ``mtype`` (current protocol version); raises
    ``Rejected("schema")``."""
    cls = _MESSAGES.get(mtype)
    if cls is None:
        raise Rejected("schema")
    return cls.from_wire(fields)


# --- the online meeting's own messages (``netplay.online``: JSON on the rendezvous's encrypted channel)

@dataclass(frozen=True, slots=True)
class RelayGrant:
    """Short-lived TURN credentials an online host hands one joiner that has no relay of its own, minted from the
    host's TURN shared secret (coturn's ``static-auth-secret``, the TURN REST API: ``user`` = ``"EXPIRY:name"``,
    ``password`` = base64(HMAC-SHA1(secret, user)); ``netplay.online.turn_rest_credentials``). ``server``:
    ``"host:port"`` of the relay (UDP); ``expires``: Unix time (seconds) after which the relay refuses them.

    Sent only on a meeting's channel (encrypted by the code's SPAKE2 key) once the joiner's hello has been opened
    with that key (the key is confirmed): a side without the code never sees it. ``to_meeting()`` -> a JSON-ready
    dict ``{"t": "relay-grant", ...}``; ``from_meeting(dict)`` checks it, raises ``Rejected("schema")``."""

    T: ClassVar[str] = "relay-grant"
    server: str
    user: str
    password: str
    expires: int

    def to_meeting(self) -> dict[str, Any]:
        return {"t": self.T, "server": self.server, "user": self.user, "password": self.password,
                "expires": self.expires}

    @classmethod
    def from_meeting(cls, msg: Any) -> "RelayGrant":
        if not isinstance(msg, dict) or msg.get("t") != cls.T:
            raise Rejected("schema")
        server, user, password, expires = (msg.get(k) for k in ("server", "user", "password", "expires"))
        if not (_str(255)(server) and server and _str(255)(user) and user and _str(255)(password) and password
                and _is_int(expires, 0, 2**40)):
            raise Rejected("schema")
        return cls(server, user, password, expires)


__all__ += ["RelayGrant"]
