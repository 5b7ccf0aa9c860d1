"""The short-code meeting: one code such as ``7-adult-amulet-ahead`` on a Magic Wormhole mailbox server.

The host asks the mailbox server for a code (a numeric *nameplate* plus ``CODE_WORDS`` (3) words from Magic
Wormhole's word list, the PGP word list: 24 bits of secret); friends type it. Each side runs the wormhole's SPAKE2 on the code, so the mailbox server sees only
ciphertext, nobody can test codes offline, and a wrong code costs its guesser one live attempt (and the host answers
a few wrong attempts only: ``max_wrong``). A nameplate holds two sides, so the host meets one joiner at a time on the
code and then opens the *same* code again for the next joiner (the nameplate is freed as soon as both sides have
exchanged their first messages, so the next joiner can meet the host while the previous one is still connecting);
a joiner who finds two sides already there ("crowded") waits a moment and retries, until its timeout.

Codes heal themselves: hosting never ends because of another side. A nameplate that stays crowded (a stranger, or a
friend whose game crashed mid-join, holds it without speaking: the mailbox server then refuses every later open of
it), or ``max_wrong`` wrong codes tried on one code, make the host allocate a fresh nameplate and code at once and
keep hosting with it (``RendezvousHost.changes``: each new code with its reason and one line for a person). The
match keeps the *first* code as its own name (``RendezvousHost.match_code``, told to every joiner in the host's
encrypted hello: ``Meeting.match``), so joiners who came by any of the codes key the same session. A joiner that
gives up (a failure, ``close()``, its timeout, the process ending: ``atexit``) releases the nameplate it claimed.

Each meeting is a ``Meeting``: a small, ordered, encrypted channel with one peer (JSON-ready dicts, at most
``MAX_MESSAGE`` bytes each, a dozen or so per meeting as the mailbox server expects) that ``netplay.online`` uses to
swap the ICE offers; it also carries each side's ``hello`` (the rendezvous version, the role and the caller's
``info``: protocol version, settings digest, free seats, ...), and the wormhole's key for anything the caller wants to
derive (``Meeting.derive_key``).

Why the ``magic-wormhole`` client library rather than its documented protocol by hand: the library is the reference
client, well kept, and already does the parts that are easy to get wrong (SPAKE2 key confirmation, per-message
secretbox keys, nameplate claim/release, mailbox ordering, reconnecting to the server). It runs on Twisted, whose
reactor is global and cannot be restarted, so it runs in one background daemon thread for the whole process, started
on first use (``reactor_thread``); every call into it goes through ``reactor.callFromThread``, and every result comes
back through thread-safe queues and attributes that the caller polls each frame. Nothing here blocks the caller.
After ``close()`` no wormhole, socket or timer of ours is left; the idle reactor thread stays (Twisted's rule).

The application id is ours (``APPID``): the magic-wormhole documentation asks applications to use their own,
"To ensure uniqueness, use a domain name [...] append a URL-like slash and path, like ``example.com/app1``", and
says of the public mailbox server run by its author: "Application developers can use this one, or they can run their
own [...] and configure their clients to use it instead" (docs/api.md, "Application Identifier" and "Mailbox
Servers"). So the default is that public server (``PUBLIC_MAILBOX``), with our id; a private one is a setting.

Failures are typed (``RendezvousFailure``) with one line each for a person: a malformed code, a wrong code, nobody
hosting that code (mistyped or expired), the host busy too long, the match full, the server unreachable or refusing,
another version, a timeout, too many wrong codes tried on the host.
"""

from __future__ import annotations

import atexit
import json
import random
import re
import threading
import time
import weakref
from collections import deque
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Callable

__all__ = ["APPID", "PUBLIC_MAILBOX", "RENDEZVOUS_VERSION", "MAX_MESSAGE", "CODE_WORDS", "CROWDED_S",
           "RendezvousFailure", "RendezvousError", "CodeChange", "CodeChangeReason", "Meeting", "RendezvousHost",
           "RendezvousJoin", "parse_code", "reactor_thread", "warm_up"]

APPID = "grisbi-arcade.example/online/v1"
"""Our Magic Wormhole application id: codes are scoped to it on a shared mailbox server."""
PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
"""The public mailbox server run by magic-wormhole's author (its documentation invites applications to use it)."""
RENDEZVOUS_VERSION = 2
"""Changes when the meeting's messages change; both sides must have the same (2: three-word codes that change, the
match code in the host's hello, relay grants instead of a lent TURN password)."""
CODE_WORDS = 3
"""Words in a code the host allocates (8 bits each, plus the nameplate)."""
MAX_MESSAGE = 16_000
"""Longest meeting message (bytes of JSON)."""
CROWDED_RETRY = (0.4, 0.9)
"""A joiner finding the code busy retries after a random pause in this range (seconds)."""
ATTEMPT_S = 3.0
"""A joiner's attempt that has not met the host by then is abandoned and made again (seconds)."""
RECYCLE_S = (2.0, 5.0)
"""The host re-opens its waiting code after this long without anyone meeting it (seconds): the first within a minute
of the code being made or of the last meeting, the second otherwise. See ``RendezvousHost``."""
BUSY_MINUTE = 60.0
CROWDED_S = 3.0
"""The host's code is held by someone else once its re-opens have been refused as crowded for this long in a row
(seconds; a joiner that just met the host releases the nameplate within a round trip): then a new code."""
EXIT_WAIT_S = 1.0
"""At the process's end, seconds given to the open wormholes to release their nameplates and close."""

_CODE = re.compile(r"^[0-9]+(-[a-z0-9]+)+$")


class RendezvousFailure(StrEnum):
    BAD_CODE = "bad-code"
    WRONG_CODE = "wrong-code"
    NO_HOST = "no-host"
    BUSY = "busy"
    FULL = "full"
    UNREACHABLE = "unreachable"
    SERVER_ERROR = "server-error"
    VERSION = "version"
    TIMEOUT = "timeout"
    TOO_MANY_WRONG = "too-many-wrong"
    CLOSED = "closed"


class CodeChangeReason(StrEnum):
    """Why the host's code changed."""

    HELD = "held"                # someone else held the nameplate (crowded: a stranger, or a crashed join)
    WRONG_CODES = "wrong-codes"  # the wrong-guess limit of the code was reached


@dataclass(frozen=True)
class CodeChange:
    """The host has a new code (``code``), replacing ``previous``, for ``reason``; ``line`` says so to a person
    ("someone else held the code: the new code is 5-adult-amulet-ahead")."""

    code: str
    previous: str
    reason: CodeChangeReason
    line: str


@dataclass(frozen=True)
class RendezvousError:
    """A failure and its one line for a person."""

    reason: RendezvousFailure
    line: str


def parse_code(text: str) -> str:
    """A typed code -> its canonical form (``" 7 Tiger lamp "`` -> ``"7-tiger-lamp"``). Raises ValueError with a
    line for a person when it cannot be a code."""
    code = re.sub(r"[\s_-]+", "-", text.strip().lower()).strip("-")
    if not _CODE.match(code) or len(code) > 64:
        raise ValueError(f"{text.strip()!r} is not a code: a code looks like 7-tiger-lamp (a number, then words)")
    return code


# --- the Twisted reactor, once per process ---

class _ReactorThread:
    """The global Twisted reactor in a daemon thread of ours. Importing Twisted and the wormhole library happens on
    that thread too, so the caller's first frame does not wait for it; calls made before the reactor runs wait in
    order and run as soon as it does."""

    def __init__(self) -> None:
        self.reactor: Any = None
        self.error: str | None = None
        self._pending: list[tuple[Any, tuple]] | None = []
        self._lock = threading.Lock()
        self.thread = threading.Thread(target=self._main, name="netplay-twisted", daemon=True)

    def _main(self) -> None:
        try:
            from twisted.internet import reactor
            import wormhole  # noqa: F401  (imported here, off the caller's thread)
        except Exception as e:  # reported by every rendezvous as its failure
            self.error = f"the meeting cannot start here ({type(e).__name__}: {e})"
            return
        with self._lock:
            self.reactor, pending, self._pending = reactor, self._pending or [], None
        for fn, args in pending:
            reactor.callWhenRunning(fn, *args)
        if not reactor.running:
            reactor.run(installSignalHandlers=False)

    def call(self, fn: Any, *args: Any) -> None:
        """Run ``fn(*args)`` on the reactor thread, soon. Never blocks."""
        with self._lock:
            if self._pending is not None:
                self._pending.append((fn, args))
                return
        self.reactor.callFromThread(fn, *args)

    def stop(self) -> None:
        """At the process's end: every rendezvous still open closes its wormholes (releasing the nameplates it
        claimed: a joiner whose window closed mid-join must not lock the host's code), waited for at most
        ``EXIT_WAIT_S``; then the reactor stops."""
        if self.thread.is_alive() and self.reactor is not None:
            with _reactor_lock:
                live = list(_live)
            for r in live:
                r.close()
                for s in list(r._sides):
                    if s.meeting is not None:
                        s.meeting.close()  # what was sent on it (a joiner's last word: why it gave up) goes out
            end = time.monotonic() + EXIT_WAIT_S
            while time.monotonic() < end and not all(r.closed and all(s.done for s in r._sides if s.meeting)
                                                     for r in live):
                time.sleep(0.01)
            try:
                self.reactor.callFromThread(self.reactor.stop)
            except Exception:
                pass
            self.thread.join(timeout=1.0)


_reactor_lock = threading.Lock()
_reactor: _ReactorThread | None = None
_live: "weakref.WeakSet[_Rendezvous]" = weakref.WeakSet()  # type: ignore[assignment]


def warm_up(wait: float = 0.0) -> bool:
    """Start the reactor thread now (it imports Twisted and the wormhole library, about a second of CPU), so that a
    code typed later is not kept waiting for it; wait up to ``wait`` seconds for it to run. True once it runs."""
    thread = reactor_thread()
    end = time.monotonic() + wait
    while thread.reactor is None and thread.error is None and time.monotonic() < end:
        time.sleep(0.01)
    return thread.reactor is not None


def reactor_thread() -> _ReactorThread:
    """The process's reactor thread (started on first call; it runs until the process ends)."""
    global _reactor
    with _reactor_lock:
        if _reactor is None:
            _reactor = _ReactorThread()
            _reactor.thread.start()
            atexit.register(_reactor.stop)
        return _reactor


def _failure_of(result: Any, url: str) -> RendezvousError | None:
    """A wormhole's close result -> our failure (None: it closed happily, or lonely by our own choice)."""
    from wormhole import errors
    err = getattr(result, "value", result)
    if not isinstance(err, BaseException):
        return None
    if isinstance(err, errors.WrongPasswordError):
        return RendezvousError(RendezvousFailure.WRONG_CODE, "wrong code: check it with the host (a number and "
                                                             "three words)")
    if isinstance(err, errors.ServerConnectionError):
        return RendezvousError(RendezvousFailure.UNREACHABLE, f"cannot reach the meeting server {url}: check the "
                                                              f"internet connection or the rendezvous server setting")
    if isinstance(err, errors.WelcomeError):
        return RendezvousError(RendezvousFailure.SERVER_ERROR, f"the meeting server {url} refused us: {err}")
    if isinstance(err, errors.ServerError):
        if "crowded" in str(err):
            return RendezvousError(RendezvousFailure.BUSY, "the host is busy with another player")
        return RendezvousError(RendezvousFailure.SERVER_ERROR, f"the meeting server {url} said: {err}")
    if isinstance(err, errors.LonelyError):
        return None
    return RendezvousError(RendezvousFailure.SERVER_ERROR, f"the meeting failed: {type(err).__name__}: {err}")


def _hello(role: str, info: dict[str, Any], match: str | None = None) -> dict[str, Any]:
    hello: dict[str, Any] = {"rv": RENDEZVOUS_VERSION, "role": role, "info": info}
    if match:
        hello["match"] = match
    return {"grisbi": hello}


def _their_hello(versions: Any) -> dict[str, Any] | None:
    hello = versions.get("grisbi") if isinstance(versions, dict) else None
    if not isinstance(hello, dict) or not isinstance(hello.get("info", {}), dict):
        return None
    return hello


class Meeting:
    """An encrypted, ordered channel with one peer, made by a code that matched.

    ``peer``: the other side's ``info`` (its hello); ``index``: 1, 2, ... in meeting order on the host, 1 on a
    joiner; ``send(message)`` (a JSON-ready dict, at most ``MAX_MESSAGE`` bytes, else ValueError) and ``receive()``
    (drained, oldest first) never block; ``failure`` is set if the channel broke or the host said the match is full;
    ``close()`` ends it (flushing what was sent); ``closed`` turns True once the wormhole has shut down. ``match``
    (on a joiner): the match's own code as the host named it in its hello (the host's first code; None: the code
    typed is the match's code).
    """

    def __init__(self, thread: _ReactorThread, wormhole: Any, index: int, peer: dict[str, Any]) -> None:
        self._thread, self._w = thread, wormhole
        self.index, self.peer = index, peer
        self.inbox: deque[dict[str, Any]] = deque()
        self.failure: RendezvousError | None = None
        self.closed = False
        self._closing = False
        self.met_at = time.monotonic()
        self.match: str | None = None

    def send(self, message: dict[str, Any]) -> None:
        data = json.dumps(message, separators=(",", ":")).encode()
        if len(data) > MAX_MESSAGE:
            raise ValueError(f"meeting message too long ({len(data)} bytes, {MAX_MESSAGE} at most)")
        if not self._closing:
            self._thread.call(self._w.send_message, data)

    def receive(self) -> list[dict[str, Any]]:
        out = []
        while self.inbox:
            out.append(self.inbox.popleft())
        return out

    def derive_key(self, purpose: str, length: int = 32) -> bytes:
        """A key derived from this meeting's SPAKE2 key (same on both sides, different per purpose and meeting)."""
        return self._w.derive_key(purpose, length)

    def close(self) -> None:
        if not self._closing:
            self._closing = True
            self._thread.call(self._w.close)

    # reactor side
    def _got(self, data: bytes) -> None:
        try:
            msg = json.loads(data) if len(data) <= MAX_MESSAGE else None
        except ValueError:
            msg = None
        if not isinstance(msg, dict):
            self.failure = RendezvousError(RendezvousFailure.SERVER_ERROR, "the other side sent a malformed message")
            return
        if msg.get("t") == "full":
            self.failure = RendezvousError(RendezvousFailure.FULL, "the match is full: ask the host to open a seat, "
                                                                   "or join with no players here to watch")
        self.inbox.append(msg)


class _Side:
    """The delegate of one wormhole (methods called on the reactor thread)."""

    def __init__(self, owner: "_Rendezvous", number: int) -> None:
        self.owner, self.number = owner, number
        self.w: Any = None
        self.meeting: Meeting | None = None
        self.keyed = False
        self.done = False
        self.abandoned_at: float | None = None
        self.keyed_at: float | None = None
        self.for_code: str | None = None  # the code a host's re-opened side holds

    def wormhole_got_welcome(self, welcome: dict) -> None:
        self.owner._progress(self, "welcome")

    def wormhole_got_code(self, code: str) -> None:
        self.owner._got_code(self, code)

    def wormhole_got_unverified_key(self, key: bytes) -> None:
        self.keyed = True
        self.keyed_at = time.monotonic()
        self.owner._progress(self, "keyed")

    def wormhole_got_verifier(self, verifier: bytes) -> None:
        pass

    def wormhole_got_versions(self, versions: dict) -> None:
        self.owner._met(self, versions)

    def wormhole_got_message(self, data: bytes) -> None:
        if self.meeting is not None:
            self.meeting._got(data)

    def wormhole_closed(self, result: Any) -> None:
        self.done = True
        m = self.meeting
        if m is not None:
            m.closed = True
            if not m._closing and m.failure is None:
                m.failure = RendezvousError(RendezvousFailure.CLOSED, "the meeting channel closed")
        self.owner._closed(self, result)


class _Rendezvous:
    """What host and joiner share: the reactor, the sides, the published state."""

    role = ""

    def __init__(self, url: str, appid: str, info: dict[str, Any]) -> None:
        self.url, self.appid, self.info = url, appid, dict(info)
        self._failure: RendezvousError | None = None
        self._line = "contacting the meeting server"
        self.started = time.monotonic()
        self._thread = reactor_thread()
        self._sides: list[_Side] = []
        self._count = 0
        self._stopped = False
        self._meetings: deque[Meeting] = deque()
        self._timers: list[Any] = []
        with _reactor_lock:
            _live.add(self)

    # reactor side
    def _create(self) -> _Side:
        import wormhole
        self._count += 1
        side = _Side(self, self._count)
        side.w = wormhole.create(self.appid, self.url, self._thread.reactor,
                                 versions=_hello(self.role, self.info, self._match()), delegate=side)
        self._sides.append(side)
        return side

    def _match(self) -> str | None:
        return None

    def _later(self, delay: float, fn: Any, *args: Any) -> None:
        self._timers = [t for t in self._timers if t.active()]
        self._timers.append(self._thread.reactor.callLater(delay, self._guarded, fn, *args))

    def _guarded(self, fn: Any, *args: Any) -> None:
        """Run a step on the reactor thread; a surprise becomes a failure rather than a silent log line."""
        try:
            fn(*args)
        except Exception as e:
            self._fail(RendezvousError(RendezvousFailure.SERVER_ERROR, f"the meeting failed: {type(e).__name__}: "
                                                                      f"{e}"))

    @property
    def failure(self) -> RendezvousError | None:
        """Why the meeting failed (None: not failed)."""
        if self._failure is None and self._thread.error:
            return RendezvousError(RendezvousFailure.SERVER_ERROR, self._thread.error)
        return self._failure

    @property
    def line(self) -> str:
        """What is happening, for a person."""
        f = self.failure
        return f.line if f is not None else self._line

    def _fail(self, error: RendezvousError) -> None:
        if self._failure is None and not self._stopped:
            self._failure = error
            self._stop()

    def _abandon(self, side: _Side) -> None:
        """Give up on a wormhole that is not getting anywhere (its close may never be acknowledged: see
        ``RendezvousHost``)."""
        if side.abandoned_at is None and not side.done:
            side.abandoned_at = time.monotonic()
            side.w.close()

    def _stop(self) -> None:
        self._stopped = True
        for t in self._timers:
            if t.active():
                t.cancel()
        self._timers.clear()
        for s in self._sides:
            if not s.done and s.meeting is None:
                s.w.close()

    def _got_code(self, side: _Side, code: str) -> None:
        pass

    def _progress(self, side: _Side, what: str) -> None:
        pass

    def _met(self, side: _Side, versions: Any) -> None:
        raise NotImplementedError

    def _closed(self, side: _Side, result: Any) -> None:
        raise NotImplementedError

    # caller side
    def poll(self) -> list[Meeting]:
        """Meetings made since the last call (drained)."""
        out = []
        while self._meetings:
            out.append(self._meetings.popleft())
        return out

    def close(self) -> None:
        """Stop meeting (wormholes not yet met are closed; meetings handed out are the caller's to close)."""
        if not self._stopped:
            self._thread.call(self._stop)

    @property
    def closed(self) -> bool:
        """True once every wormhole not handed out as a meeting has shut down (an abandoned one, whose close the
        server may never acknowledge, is not waited for)."""
        return self._stopped and all(s.done for s in self._sides if s.meeting is None and s.abandoned_at is None)


class RendezvousHost(_Rendezvous):
    """The host's side: a code, re-opened for each next joiner, and replaced when another side spoils it.

    ``url``: the mailbox server (``ws://host:port/v1``); ``appid``; ``info``: sent to every joiner in the hello (a
    JSON-ready dict: protocol version, settings digest, ...); ``free``: how many more joiners to meet (``set_free``
    changes it; at 0 a joiner that meets the code is told the match is full; ``admits(info)``, a callable the
    caller may set, refuses one joiner the same way from its hello's ``info``, e.g. asking for more seats than are
    open; it runs on the reactor thread, so it should only read plain attributes); ``max_wrong``: wrong codes tried
    on one code before it is replaced; ``timeout``: seconds to get a code. ``code`` is None until the server gave
    one, then the code to show (it changes: ``changes``, drained by ``take_changes()``); ``match_code`` the first
    code, the match's name (told to joiners in the hello); ``wrong_codes`` counts failed guesses on the current
    code, ``wrong_total`` on all; ``failure``, ``line``: as in ``RendezvousJoin`` (a failure here is the server's:
    unreachable, refusing, no code). ``poll()`` returns the new meetings.

    Re-opening the code (what the mailbox server does with a third side): a nameplate holds two sides; a third one
    that claims it is refused ("crowded"), but the server keeps that side's row in the mailbox, and refuses every
    later "open" of that mailbox as crowded too, for as long as one side still claims the nameplate. When two
    joiners arrive within a round trip of each other, the second joiner's claim can land before the first one has
    opened, and then the host's mailbox can never meet anyone. The host cannot see that happen, so a waiting side
    that no one has met for ``RECYCLE_S`` is closed and the code opened afresh (a new mailbox); joiners abandon
    stalled attempts (``ATTEMPT_S``) and retry. A side that claims the nameplate and never releases it (a stranger
    who listed the nameplates, a joiner that crashed) makes every re-open crowded: after ``CROWDED_S`` of that, a
    new code (``CodeChangeReason.HELD``). ``max_wrong`` wrong codes on one code: a new code too
    (``CodeChangeReason.WRONG_CODES``).
    """

    role = "host"

    def __init__(self, url: str = PUBLIC_MAILBOX, *, appid: str = APPID, info: dict[str, Any] | None = None,
                 free: int = 1, max_wrong: int = 5, timeout: float = 20.0) -> None:
        super().__init__(url, appid, info or {})
        self.code: str | None = None
        self.match_code: str | None = None
        self.codes: list[str] = []
        self.changes: deque[CodeChange] = deque()
        self.free = free
        self.max_wrong = max_wrong
        self.wrong_codes = 0
        self.wrong_total = 0
        self.timeout = timeout
        self.admits: Callable[[dict[str, Any]], bool] = lambda info: True
        self._errors = 0
        self._active = time.monotonic()
        self._allocating: _Side | None = None
        self._renewing: CodeChangeReason | None = None
        self._crowded_since: float | None = None
        self._thread.call(self._guarded, self._start)

    def set_free(self, free: int) -> None:
        """How many more joiners may meet (0: the next ones hear "full")."""
        self.free = max(0, free)

    def take_changes(self) -> list[CodeChange]:
        """The code changes since the last call, oldest first (drained)."""
        out = []
        while self.changes:
            out.append(self.changes.popleft())
        return out

    def _match(self) -> str | None:
        return self.match_code

    def _start(self) -> None:
        self._allocate()
        self._later(self.timeout, self._no_code)

    def _allocate(self) -> None:
        side = self._watch(self._create())
        self._allocating = side
        side.w.allocate_code(CODE_WORDS)

    def _renew(self, reason: CodeChangeReason) -> None:
        """Give up the current code (every waiting side is closed: their nameplate released) and allocate a new
        one; meetings already made go on."""
        if self._stopped or self._renewing is not None:
            return
        self._renewing = reason
        self._crowded_since = None
        for s in self._sides:
            if not s.done and s.meeting is None and s.abandoned_at is None:
                self._abandon(s)
        self._allocate()
        self._later(self.timeout, self._no_new_code, self._allocating)

    def _no_new_code(self, side: _Side) -> None:
        if self._renewing is not None and self._allocating is side:
            self._fail(RendezvousError(RendezvousFailure.TIMEOUT, f"the meeting server {self.url} gave no code "
                                                                  f"within {self.timeout:g} s"))

    def _watch(self, side: _Side) -> _Side:
        quiet = time.monotonic() - self._active > BUSY_MINUTE
        self._later(RECYCLE_S[1] if quiet else RECYCLE_S[0], self._recycle, side)
        return side

    def _recycle(self, side: _Side) -> None:
        if self._stopped or side.done or side.meeting is not None or side.abandoned_at is not None:
            return
        if side is self._allocating:
            self._watch(side)  # still being allocated: the allocation's own timeout applies
            return
        if side.keyed_at is not None and time.monotonic() - side.keyed_at < 2.0:
            self._later(2.0, self._recycle, side)  # a joiner is checking the code right now
            return
        self._crowded_since = None  # this side held the code open: its claim was not refused
        self._abandon(side)  # nobody came, or someone keyed and vanished, or a silent side holds the mailbox
        self._later(2.1, self._reopen)  # in case its close is never acknowledged

    def _no_code(self) -> None:
        if self.code is None:
            self._fail(RendezvousError(RendezvousFailure.TIMEOUT, f"the meeting server {self.url} gave no code "
                                                                  f"within {self.timeout:g} s"))

    def _reopen(self) -> None:
        if self._stopped or self.code is None or self._allocating is not None:
            return
        now = time.monotonic()
        if any(not s.done and s.meeting is None and not s.keyed
               and (s.abandoned_at is None or now - s.abandoned_at < 2.0) for s in self._sides):
            return  # one side already holds the code open (or is letting it go)
        side = self._watch(self._create())
        side.for_code = self.code
        side.w.set_code(self.code)

    def _progress(self, side: _Side, what: str) -> None:
        if what == "welcome" and self.code is None:
            self._line = "asking the meeting server for a code"

    def _got_code(self, side: _Side, code: str) -> None:
        if side is not self._allocating:
            return
        self._allocating = None
        previous, self.code = self.code, code
        self.codes.append(code)
        self._active = time.monotonic()
        self._line = f"code {code}: waiting for players"
        if self.match_code is None:
            self.match_code = code
        reason, self._renewing = self._renewing, None
        if previous is not None and reason is not None:
            self.wrong_codes = 0
            line = (f"someone else held the code: the new code is {code}" if reason == CodeChangeReason.HELD else
                    f"too many wrong codes were tried: the new code is {code}")
            self.changes.append(CodeChange(code, previous, reason, line))

    def _met(self, side: _Side, versions: Any) -> None:
        hello = _their_hello(versions)
        if self._stopped:
            side.w.close()
            return
        if hello is None or hello.get("rv") != RENDEZVOUS_VERSION or hello.get("role") != "join":
            side.w.close()  # another version, or another host: it hears our hello and explains on its side
        elif self.free <= 0 or not self.admits(hello.get("info", {})):
            side.w.send_message(json.dumps({"t": "full"}).encode())
            side.w.close()
        else:
            self._errors = 0
            self._crowded_since = None
            self._active = time.monotonic()
            side.meeting = Meeting(self._thread, side.w, len([s for s in self._sides if s.meeting]) + 1,
                                   hello.get("info", {}))
            self._meetings.append(side.meeting)
        self._reopen()

    def _closed(self, side: _Side, result: Any) -> None:
        if self._stopped or side.meeting is not None:
            return
        error = _failure_of(result, self.url)
        if side is self._allocating:
            self._allocating = None
            if self.code is None:
                self._fail(error or RendezvousError(RendezvousFailure.SERVER_ERROR, "the meeting server closed"))
                return
            reason, self._renewing = self._renewing, None  # a new code could not be had: try again in a moment
            self._errors += 1
            if self._errors >= 5:
                self._fail(error or RendezvousError(RendezvousFailure.SERVER_ERROR, "the meeting server closed"))
                return
            self._later(1.0, self._renew, reason or CodeChangeReason.HELD)
            return
        if (side.abandoned_at is not None and self._renewing is not None) or (
                side.for_code is not None and side.for_code != self.code):
            return  # a side of a code replaced (or being replaced)
        if error is not None and error.reason == RendezvousFailure.WRONG_CODE:
            self._active = time.monotonic()
            self.wrong_codes += 1
            self.wrong_total += 1
            if self.wrong_codes >= self.max_wrong:
                self._renew(CodeChangeReason.WRONG_CODES)
                return
        delay = 0.0
        if error is not None and error.reason == RendezvousFailure.BUSY:
            now = time.monotonic()
            if self._crowded_since is None:
                self._crowded_since = now
            elif now - self._crowded_since >= CROWDED_S:
                self._renew(CodeChangeReason.HELD)  # someone holds the nameplate and will not let go
                return
            delay = 0.25  # the previous joiner has not released the nameplate yet
        elif error is not None and error.reason != RendezvousFailure.WRONG_CODE:
            self._errors += 1
            if self._errors >= 5:
                self._fail(error)
                return
            delay = 1.0
        self._later(delay, self._reopen)


class RendezvousJoin(_Rendezvous):
    """A joiner's side: meet the host who holds ``code``.

    ``code``: as typed (``parse_code`` canonicalises it; a malformed one fails at once with ``BAD_CODE``);
    ``timeout``: seconds to meet the host (at most 20), retries on a busy code included. ``meeting`` becomes the
    ``Meeting`` once met (also returned once by ``poll()``); ``failure`` a ``RendezvousError``; ``line`` says what is
    happening ("contacting the meeting server", "waiting for the host", ...).
    """

    role = "join"

    def __init__(self, code: str, url: str = PUBLIC_MAILBOX, *, appid: str = APPID,
                 info: dict[str, Any] | None = None, timeout: float = 12.0) -> None:
        super().__init__(url, appid, info or {})
        self.meeting: Meeting | None = None
        self.timeout = min(timeout, 20.0)
        self.retries = 0
        self.busy = 0  # times the code was taken (crowded) or another joiner met us, so we stepped back
        self.crowded = 0  # of those, times the server said two sides already held the code
        self.keyed = False
        try:
            self.code = parse_code(code)
        except ValueError as e:
            self.code = code
            self._failure = RendezvousError(RendezvousFailure.BAD_CODE, str(e))
            self._stopped = True
            return
        self._rng = random.Random()
        self._thread.call(self._guarded, self._start)

    def _start(self) -> None:
        self._later(self.timeout, self._too_late)
        self._attempt()

    def _attempt(self) -> None:
        if self._stopped or self.meeting is not None:
            return
        if self.busy:
            self._line = "the code is busy (the host may be letting another player in): waiting"
        side = self._create()
        side.w.set_code(self.code)
        self._later(ATTEMPT_S, self._stalled, side)

    def _stalled(self, side: _Side) -> None:
        """An attempt that has not met the host in ATTEMPT_S: abandoned and made again."""
        if self._stopped or self.meeting is not None or side.done or side.abandoned_at is not None:
            return
        self._abandon(side)
        self.retries += 1
        self._later(0.1, self._attempt)

    def _too_late(self) -> None:
        if self.meeting is not None:
            return
        if self.crowded:
            error = RendezvousError(RendezvousFailure.BUSY, "the host stayed busy with other players (or the code "
                                                            "is mistyped): check it and try again in a moment")
        elif self.keyed:
            error = RendezvousError(RendezvousFailure.TIMEOUT, f"the host did not answer within {self.timeout:g} s")
        else:
            error = RendezvousError(RendezvousFailure.NO_HOST, f"no one is hosting with code {self.code}: check "
                                                               f"it, or ask the host for a new one (codes expire "
                                                               f"when the host stops)")
        self._fail(error)

    def _progress(self, side: _Side, what: str) -> None:
        if side.abandoned_at is not None or self.meeting is not None:
            return
        if what == "keyed":
            self.keyed = True
            self._line = "met the host: checking the code"
        elif what == "welcome" and self.busy == 0 and not self.keyed:
            self._line = "waiting for the host"

    def _met(self, side: _Side, versions: Any) -> None:
        hello = _their_hello(versions)
        if self.meeting is not None or self._stopped or side.abandoned_at is not None:
            side.w.close()
        elif hello is not None and hello.get("role") == "join":
            # Another joiner, who also came while the host was re-opening the code (or typed the same code nobody
            # hosts): both step back and retry. Their keys matched: that says nothing of a host.
            self.keyed = False
            side.w.close()
            self._retry()
        elif hello is None or hello.get("role") != "host":
            self._fail(RendezvousError(RendezvousFailure.VERSION, "the other side of this code is not a Grisbi "
                                                                  "Arcade host"))
        elif hello.get("rv") != RENDEZVOUS_VERSION:
            self._fail(RendezvousError(RendezvousFailure.VERSION, f"the host runs another version of Grisbi Arcade "
                                                                  f"(meeting v{hello.get('rv')}, here "
                                                                  f"v{RENDEZVOUS_VERSION}): both need the same"))
        else:
            side.meeting = self.meeting = Meeting(self._thread, side.w, 1, hello.get("info", {}))
            match = hello.get("match")
            if isinstance(match, str) and 0 < len(match) <= 64:
                self.meeting.match = match
            self._line = "met the host"
            for t in self._timers:
                if t.active():
                    t.cancel()
            self._meetings.append(self.meeting)

    def _retry(self) -> None:
        self.retries += 1
        self.busy += 1
        self._line = "the code is busy (the host may be letting another player in): waiting"
        self._later(self._rng.uniform(*CROWDED_RETRY), self._attempt)

    def _closed(self, side: _Side, result: Any) -> None:
        if self._stopped or side.meeting is not None or side.abandoned_at is not None:
            return
        error = _failure_of(result, self.url)
        if error is not None and error.reason == RendezvousFailure.BUSY:
            self.crowded += 1
            self._retry()
        elif error is not None:
            self._fail(error)
