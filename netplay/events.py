"""Events a session reports (drained with ``Session.poll_events()``).

Every event carries ``at``: the session time (seconds) when it was raised. Peers are numbered as in the session:
0 is the host, joiners are 1..7. Seats are 0-based. Ticks count the simulation's steps (tick ``n`` = the state after
``n`` ticks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

__all__ = ["NetEvent", "PeerJoined", "PeerLeft", "JoinRefused", "Started", "Interrupted", "Resumed",
           "Disconnected", "SeatDropped", "Desync", "MatchEnded", "Failed", "SeatClaimed", "ClaimRefused",
           "CaughtUp", "FailReason", "EndReason", "NoticeKind", "Notice", "CodeChanged", "ClaimAsked", "TurnTimedOut"]


class FailReason(Enum):
    """Why a session failed, for the client to word (``Failed.kind``); never parse ``Failed.reason``."""

    WRONG_CODE = "wrong code"
    FULL = "match full"
    TOO_MANY_TRIES = "too many tries"
    REMOVED = "removed by the host"
    VERSION = "version mismatch"
    UNREACHABLE = "host unreachable"
    HOST_LOST = "host lost"
    HOST_STALLED = "host stalled"      # the host keeps answering but its match has not moved (``netplay.turnclock``)
    STARTED = "already started"
    SETTINGS = "settings differ"
    UNFAIR_DEAL = "unfair deal"
    BAD_SNAPSHOT = "bad snapshot"
    PROTOCOL = "protocol error"
    PORT_IN_USE = "port in use"
    OTHER = "other"


class EndReason(Enum):
    """Why a match ended (``MatchEnded.kind``), for the client to act on; ``MatchEnded.reason`` is its text."""

    GAME_OVER = "game over"            # the confirmed state is over (the rules ended the match)
    END_TICK = "frames"                # the settings' end tick was reached (the summaries' word: "frames")
    HOST_ENDED = "ended by the host"   # the host ended the match early (``Session.end_match``)


class NoticeKind(Enum):
    """What a ``Notice`` tells the player on this peer."""

    TOO_MANY_TRIES = "too many tries"   # host: an address is refused for a while after failed key exchanges
    WRONG_CODE = "wrong code"           # host: someone tried a wrong join code


@dataclass
class NetEvent:
    at: float = field(default=0.0, kw_only=True)


@dataclass
class PeerJoined(NetEvent):
    """Host: a joiner took ``seats`` (lobby; none for a spectator), or (``late``) joined the running match as a
    spectator and is being sent the snapshot."""

    peer: int
    address: tuple
    seats: tuple[int, ...]
    name: str = ""
    late: bool = False


@dataclass
class PeerLeft(NetEvent):
    """Host: a joiner left the lobby before the start (its seats are free again)."""

    peer: int
    reason: str


@dataclass
class JoinRefused(NetEvent):
    """Host: a join request was refused (the joiner was told ``reason``; ``kind`` as the joiner's ``Failed``)."""

    address: tuple
    reason: str
    kind: FailReason = FailReason.OTHER


@dataclass
class Started(NetEvent):
    """The match began: the ``settings``, the fair-deal ``seed``, which peer owns each seat, and this peer's own seats:
    what the caller needs to build its simulation (the session never builds nor holds it; in a host-authoritative
    turn game the caller then hands the session its referee or view store with ``Session.attach``). A late joiner
    (``late``) starts at ``tick``, from the host's snapshot of that confirmed tick, and catches up. A joiner of a
    host-authoritative turn game has no ``seed`` (None) until the end-of-match reveal."""

    seed: int | None
    owners: tuple[int, ...]
    local_seats: tuple[int, ...]
    tick: int = 0
    late: bool = False
    settings: Any = None  # the match's ``MatchSettings`` (game, options, seats, mode): what the caller builds


@dataclass
class Interrupted(NetEvent):
    """Nothing heard from ``peer`` for ``interrupt_after`` seconds (0.5): its seats wait."""

    peer: int
    seats: tuple[int, ...] = ()


@dataclass
class Resumed(NetEvent):
    """An interrupted ``peer`` is heard again before the timeout."""

    peer: int


@dataclass
class Disconnected(NetEvent):
    """``peer`` is out of the match: it ``left`` (its player closed the game or left the match: it said goodbye), or
    it was silent for the timeout, withheld its inputs or was dropped by the host (``left`` False: a lost connection)."""

    peer: int
    reason: str = "timed out"
    left: bool = False


@dataclass
class SeatDropped(NetEvent):
    """``seat`` of the lost ``peer`` is played by the host from ``tick`` on, identically on every peer.

    On the host the caller may fill the seat (a bot): the session asks its input source for it from then on; until
    the caller says otherwise, "nothing" (0) is a valid input."""

    seat: int
    tick: int
    peer: int


@dataclass
class TurnTimedOut(NetEvent):
    """A turn game's turn clock of ``seat`` ran out at the host's ``tick``: the host's bot plays that move
    (``netplay.turnclock``); ``strikes`` is how many of that seat's clocks in a row ran out (on the host; 0 where
    unknown), ``peer`` its owner then."""

    seat: int
    tick: int
    peer: int
    strikes: int = 0


@dataclass
class Desync(NetEvent):
    """Confirmed states differ: ``tick`` is the first differing tick found, ``checksum_tick`` the exchanged
    checksum that revealed it, ``peers`` the two peers compared (the host and a joiner); ``dump`` the file written
    (None if this peer only heard of it, or dumps are off)."""

    tick: int
    checksum_tick: int
    peers: tuple[int, int]
    dump: str | None = None


@dataclass
class MatchEnded(NetEvent):
    """The last confirmed tick: ``tick``, its state's ``checksum``, and why: ``kind`` (``EndReason``) and
    its text ``reason`` (``"game over"``, ``"frames"`` (the end tick) or ``"ended by the host"``). Every peer ends at
    the same tick.

    Host-authoritative turn games (``netplay.authority``): ``deal`` is ``"verified"`` (the host's revealed seed and
    action log re-simulate to every view this peer was shown; the host says it of its own deal) or ``"unfair"``
    (``deal_reason`` says why), and a joiner's ``checksum`` is its own re-simulation's end state; None elsewhere."""

    tick: int
    checksum: int
    reason: str
    kind: EndReason = EndReason.END_TICK
    deal: str | None = None
    deal_reason: str = ""


@dataclass
class Failed(NetEvent):
    """The session cannot go on (refused, wrong code, host lost...). ``reason`` is one line of detail; ``kind`` the
    typed reason the client words for the player (``FailReason``)."""

    reason: str
    kind: FailReason = FailReason.OTHER
    facts: dict = field(default_factory=dict)  # e.g. {"host_version": 3, "our_version": 2}, {"address": "h:p"}


@dataclass
class Notice(NetEvent):
    """Something the host's player should see (``kind``), about ``address`` (e.g. an address refused for a
    minute after too many wrong join codes)."""

    kind: NoticeKind
    address: tuple = ()
    detail: str = ""


@dataclass
class CodeChanged(NetEvent):
    """Host: ``wrong`` key exchanges in a row failed against the join code (someone is guessing it), so the code is now
    ``code`` (``SessionConfig.code_tries``; each guess costs a live exchange, and no code takes more than a few). Show
    the players the new code; joiners already in stay."""

    code: str
    wrong: int = 0


@dataclass
class SeatClaimed(NetEvent):
    """``peer`` plays ``seat`` from ``tick`` on: a late joiner took over a seat the host had played since a drop (a
    player rejoining). On that peer the session asks its input source for the seat from then on."""

    seat: int
    tick: int
    peer: int


@dataclass
class ClaimAsked(NetEvent):
    """Host (``SessionConfig.seat_claims == "ask"``): ``peer`` (``name``) asks to play dropped ``seat``, which another
    player lost. Answer with ``Session.allow_claim(seat, peer)`` or ``refuse_claim(seat, peer)``; until then the claim
    waits (the claimant keeps asking)."""

    seat: int
    peer: int
    name: str = ""


@dataclass
class ClaimRefused(NetEvent):
    """A late joiner asked for ``seat`` and the host refused (the seat was not dropped, or someone took it)."""

    seat: int
    reason: str = "that seat is not free"


@dataclass
class CaughtUp(NetEvent):
    """A late joiner has simulated from the snapshot to the live ``tick`` (faster than real time) and now follows
    the match live."""

    tick: int
