"""The match settings every peer must agree on (and their digest), and each peer's own session configuration.

``MatchSettings`` travel in the handshake and are covered by a digest (blake2b of their canonical msgpack form): game
id, rules version, seats, tick rate, input delay, prediction window, mode, end tick and checksum interval. A joiner
that cannot play them refuses with a reason naming the field. ``SessionConfig`` holds what each peer may choose for
itself (timeouts, desync dump path, pacing limits): it is never sent.
"""

from __future__ import annotations

import hashlib
import math
import os
import tempfile
from dataclasses import dataclass, field, fields, replace
from typing import Any, Callable

import msgpack

__all__ = ["MatchSettings", "SessionConfig", "ROLLBACK", "LOCKSTEP", "AUTHORITY", "MAX_SEATS", "MAX_INPUT_DELAY",
           "AUTO_INPUT_DELAY", "MAX_PREDICTION", "SettingsError", "input_delay_for_rtt"]

ROLLBACK = "rollback"
LOCKSTEP = "lockstep"
AUTHORITY = "authority"
MAX_SEATS = 8
MAX_INPUT_DELAY = 4
AUTO_INPUT_DELAY = -1  # ``input_delay`` value meaning "the host chooses it from the measured RTT before START"
MAX_PREDICTION = 8
MAX_TICK = 2**31 - 1
_MODES = (LOCKSTEP, ROLLBACK, AUTHORITY)  # the wire sends the index


class SettingsError(ValueError):
    """Settings out of range (raised by ``MatchSettings.check`` and ``from_wire``)."""


@dataclass(frozen=True)
class MatchSettings:
    """What every peer of a match must agree on.

    - ``game``: the game id (e.g. ``"grisbi"``); ``rules_version``: the rules' version int.
    - ``seats``: number of seats (1..8). ``tick_rate``: ticks per second (60 for every game here).
    - ``input_delay``: ticks (0..4) between reading a local input and the tick it applies to, or
      ``AUTO_INPUT_DELAY`` (-1): the host measures the RTT to every joiner while dealing, picks
      ``input_delay_for_rtt`` of the slowest and sends it with START, so every peer uses the same value.
    - ``prediction``: rollback window in ticks (1..8): how far a peer may simulate past its last confirmed tick
      (it stalls beyond). 0 in lockstep.
    - ``mode``: ``"rollback"`` (predict "no action", re-simulate on a wrong guess), ``"lockstep"`` (no prediction)
      or ``"authority"`` (turn games: the host alone simulates, each joiner gets its seat's view and sends actions;
      ``netplay.authority``). ``prediction`` is 0 outside rollback.
    - ``end_tick``: stop at this tick (the state after that many ticks) if the game has not ended; 0 = no limit.
    - ``checksum_interval``: ticks between exchanged checksums of confirmed ticks (30).
    - ``options``: the game's options as sorted ``(key, value)`` pairs (keys 1..24 characters, values int, bool, str
      up to 32 characters, or None; at most 8); netplay never reads them. ``options_of`` builds them from a dict.
    """

    game: str
    rules_version: int
    seats: int
    tick_rate: int = 60
    input_delay: int = 2
    prediction: int = 8
    mode: str = ROLLBACK
    end_tick: int = 0
    checksum_interval: int = 30
    options: tuple = ()

    @staticmethod
    def options_of(d: dict[str, Any]) -> tuple:
        """The canonical ``options`` value of a dict of game options."""
        return tuple(sorted((str(k), v) for k, v in d.items()))

    def option_dict(self) -> dict[str, Any]:
        return dict(self.options)

    def check(self) -> "MatchSettings":
        """Return self, or raise SettingsError naming the first field out of range."""
        values = vars(self)

        def bad(name: str, why: str) -> SettingsError:
            return SettingsError(f"{name} {values[name]!r}: {why}")

        if not isinstance(self.game, str) or not (1 <= len(self.game) <= 40):
            raise bad("game", "must be 1..40 characters")
        for name, lo, hi in (("rules_version", 0, MAX_TICK), ("seats", 1, MAX_SEATS), ("tick_rate", 1, 240),
                             ("input_delay", AUTO_INPUT_DELAY, MAX_INPUT_DELAY), ("end_tick", 0, MAX_TICK),
                             ("checksum_interval", 1, 120)):
            v = values[name]
            if type(v) is not int or not lo <= v <= hi:
                raise bad(name, f"must be an int in {lo}..{hi}")
        if self.mode not in _MODES:
            raise bad("mode", f"must be one of {_MODES}")
        lo = 0 if self.mode != ROLLBACK else 1
        hi = 0 if self.mode != ROLLBACK else MAX_PREDICTION
        if type(self.prediction) is not int or not lo <= self.prediction <= hi:
            raise bad("prediction", f"must be {lo}..{hi} in {self.mode} mode")
        opts = self.options
        if type(opts) is not tuple or len(opts) > 8:
            raise bad("options", "must be a tuple of at most 8 (key, value) pairs")
        for pair in opts:
            if type(pair) is not tuple or len(pair) != 2 or type(pair[0]) is not str or not 1 <= len(pair[0]) <= 24:
                raise bad("options", "each option is a (key, value) pair with a 1..24 character key")
            v = pair[1]
            if not (v is None or type(v) is bool or (type(v) is int and -MAX_TICK <= v <= MAX_TICK)
                    or (type(v) is str and len(v) <= 32)):
                raise bad("options", f"option {pair[0]!r} has a value that is not an int, bool, short str or None")
        if [k for k, _ in opts] != sorted({k for k, _ in opts}):
            raise bad("options", "keys must be unique and sorted")
        return self

    @property
    def window(self) -> int:
        """Ticks a peer may simulate past confirmation (0 in lockstep)."""
        return self.prediction if self.mode == ROLLBACK else 0

    def to_wire(self) -> list[Any]:
        """9 values, and a 10th (the options as ``[key, value]`` lists) only when there are options."""
        w = [self.game, self.rules_version, self.seats, self.tick_rate, self.input_delay, self.prediction,
             _MODES.index(self.mode), self.end_tick, self.checksum_interval]
        if self.options:
            w.append([[k, v] for k, v in self.options])
        return w

    @classmethod
    def from_wire(cls, v: Any) -> "MatchSettings":
        """Parse the wire form; raises SettingsError for anything malformed."""
        if type(v) is not list or len(v) not in (9, 10) or type(v[6]) is not int or not 0 <= v[6] < len(_MODES):
            raise SettingsError("malformed settings")
        opts: tuple = ()
        if len(v) == 10:
            if type(v[9]) is not list or not v[9] or not all(type(p) is list and len(p) == 2 for p in v[9]):
                raise SettingsError("malformed settings options")
            opts = tuple((p[0], p[1]) for p in v[9])
        try:
            s = cls(v[0], v[1], v[2], v[3], v[4], v[5], _MODES[v[6]], v[7], v[8], opts)
        except TypeError as e:  # pragma: no cover - arity checked above
            raise SettingsError(str(e)) from None
        return s.check()

    def digest(self) -> bytes:
        """16-byte blake2b digest of the canonical msgpack form."""
        return hashlib.blake2b(msgpack.packb(self.to_wire()), digest_size=16, person=b"grisbi-settings").digest()

    def differences(self, other: "MatchSettings") -> list[str]:
        """Human-readable differences, e.g. ``["input_delay: 2 here, 3 there"]``."""
        mine, theirs = vars(self), vars(other)
        return [f"{f.name}: {mine[f.name]!r} here, {theirs[f.name]!r} there"
                for f in fields(self) if mine[f.name] != theirs[f.name]]

    def replace(self, **changes: Any) -> "MatchSettings":
        return replace(self, **changes)

    def describe(self) -> str:
        lim = f", {self.end_tick} ticks" if self.end_tick else ""
        extra = f", prediction {self.prediction}" if self.mode == ROLLBACK else ""
        opts = "".join(f", {k}={v}" for k, v in self.options)
        delay = "set from the round trip" if self.input_delay == AUTO_INPUT_DELAY else str(self.input_delay)
        return (f"{self.game} v{self.rules_version}, {self.seats} seats, {self.tick_rate} Hz, {self.mode}, "
                f"input delay {delay}{extra}{lim}{opts}")


def input_delay_for_rtt(rtt: float, tick_rate: int) -> int:
    """Input delay in ticks (0..``MAX_INPUT_DELAY``) that hides a one-way trip: ``ceil(rtt / 2 * tick_rate)``.

    ``rtt``: round-trip time in seconds (negative counts as 0); ``tick_rate``: ticks per second. E.g. 120 ms at
    60 Hz -> 4 ticks, 30 ms -> 1, 0 -> 0. An input sent that many ticks early reaches the other peers in time for its
    tick, so they need not roll it back.
    """
    return min(MAX_INPUT_DELAY, max(0, math.ceil(max(0.0, rtt) * tick_rate / 2 - 1e-9)))


def _default_dump_path() -> str:
    return os.path.join(tempfile.gettempdir(), "grisbi-desync-{session}-peer{peer}-tick{tick}.json")


def _repr_state(saved: Any) -> str:
    return repr(saved)


@dataclass
class SessionConfig:
    """One peer's own choices (never sent; peers may differ).

    - ``interrupt_after``: seconds of silence before a peer is "interrupted" (0.5).
    - ``timeout``: seconds of silence before it is "disconnected" and its seats dropped (5.0); also the handshake's
      and the end-of-match linger's limit.
    - ``lobby_timeout``: seconds the host waits for its seats to fill (0 = forever).
    - ``desync_detection``: exchange checksums of confirmed ticks (on by default).
    - ``desync_dump``: path template of the desync dump; ``{session}``, ``{peer}`` and ``{tick}`` are filled in;
      None writes nothing.
    - ``serialize_state``: turns a saved state into text or bytes for the dump (default ``repr``).
    - ``max_ticks_per_update``: catch-up limit per ``update`` call (the loop never spirals).
    - ``resend_interval``: seconds between handshake resends.
    - ``send_gap``: ticks between two datagrams to a peer when all that is new is "nothing" inputs (None: 2 in
      rollback, where "nothing" is what the others predict anyway, 0.5 in lockstep, where every tick waits for
      it). An action, a notice or a relayed action goes out at once (half a tick after the previous datagram at
      most). With nothing new, a datagram still goes every ``max(1, send_gap)`` ticks (acks, resends, keepalive).
    - ``rate_limit``: datagrams per second accepted from one address (token bucket, ``rate_burst`` deep).
    - ``retain_ticks``: confirmed ticks kept (states, checksums) for desync reports.
    - ``snapshot_state`` / ``load_snapshot``: turn a saved state into bytes and back, for late joiners (spectators
      and players rejoining a dropped seat), who get the host's snapshot of a confirmed tick. ``load_snapshot`` must
      refuse junk with an exception (it reads network data: never ``pickle``). A host without ``snapshot_state``
      refuses late joiners.
    - ``allow_late_join``: the host accepts spectators and rejoining players while the match runs.
    - ``catchup_ticks_per_update``: ticks a late joiner may simulate in one ``update`` while it catches up.
    - ``join_tries``: key exchanges that may fail (a wrong join code) per IP address in ``join_tries_window``
      seconds (5 a minute); beyond, the host refuses that address ("too many tries") until the window passes. Only
      an address that answered the host's cookie counts (a spoofed address cannot be locked out).
    - ``code_tries``: key exchanges that may fail against one join code, all addresses together (3); then the code
      changes (``CodeChanged``): with the exchanges still under way (32 at most) no more than ``code_tries + 32``
      guesses ever test one code. ``new_code()`` makes the next code (None: six letters and digits,
      ``"K7P-2QX"``). 0: the code never changes (online play, where the rendezvous code guards the meeting and
      the session's code must stay the one the friends typed).
    - ``max_exchanges``: key exchanges the host starts per second, all addresses together (each costs ~10 ms);
      ``exchanges_per_address``: key exchanges pending at once from one address (2); a pending exchange is given up
      after ``timeout``.
    - ``hello_timeout``: seconds a joiner waits for the host's confirmed key exchange (None: ``timeout``); a refusal
      that is not sealed (a match full, a wrong code...: anyone could forge it) is believed only then.
    - ``spectators_per_address``: most spectators (peers with no seat) from one IP address (2).
    - ``stall_budget``: seconds a joiner may make a rollback match wait (the host stalled for its inputs), in all
      over ``stall_window`` seconds (8 in 60), beyond the first quarter second of each stall; more and it is dropped
      like a silent peer (0: no budget; lockstep, where every tick waits for the slowest, is not charged).
    - ``mesh``: host, rollback: introduce the joiners to each other at the start so they send inputs straight to
      each other (``netplay.mesh``), the host relaying only where a direct link is down (True).
    - ``seat_claims``: who may take a dropped seat: ``"original"`` (the player who lost it: the same player token,
      never merely the same address; anyone else is refused), ``"ask"`` (the same, and anyone else's claim is put to
      the host: ``ClaimAsked``, answered with ``Session.allow_claim`` / ``refuse_claim``) or ``"any"`` (the host's
      explicit choice: anyone who asks). ``Session.allow_claim`` gives one seat to one peer.
    - ``turn_clock``: host, a host-authoritative turn game: seconds each seat has for each move (60; 0: no clock;
      the lobby offers ``netplay.turnclock.TURN_CLOCKS``); when it runs out the host's bot plays that move, and a
      joiner whose seat's clock runs out twice in a row is dropped (its seats go to the host's bot until it rejoins
      and claims them). ``host_watch``: joiner, a turn game: seconds the host's match may stand still while nobody
      is on a clock before the joiner gives up: "the host is not answering" (30).
    """

    interrupt_after: float = 0.5
    timeout: float = 5.0
    lobby_timeout: float = 0.0
    desync_detection: bool = True
    desync_dump: str | None = field(default_factory=_default_dump_path)
    serialize_state: Callable[[Any], str | bytes] = _repr_state
    max_ticks_per_update: int = 4
    resend_interval: float = 0.1
    send_gap: float | None = None
    rate_limit: float = 1000.0
    rate_burst: float = 500.0
    retain_ticks: int = 160
    ping_every: int = 4
    snapshot_state: Callable[[Any], bytes] | None = None
    load_snapshot: Callable[[bytes], Any] | None = None
    allow_late_join: bool = True
    catchup_ticks_per_update: int = 240
    join_tries: int = 5
    join_tries_window: float = 60.0
    code_tries: int = 3
    new_code: Callable[[], str] | None = None
    max_exchanges: float = 20.0
    exchanges_per_address: int = 2
    hello_timeout: float | None = None
    spectators_per_address: int = 2
    stall_budget: float = 8.0
    stall_window: float = 60.0
    mesh: bool = True
    seat_claims: str = "original"
    turn_clock: float = 60.0
    host_watch: float = 30.0
