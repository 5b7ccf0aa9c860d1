"""UDP sessions for any tick simulation: lockstep, rollback, sync test, desync detection and LAN discovery.

netplay knows no game and no pygame: its sessions never build nor hold the simulation; they tell their caller when
the match starts (``Started``: settings, seed, seat owners) and ask it to save, load and advance its simulation
(``requests``; ``requests.fulfil`` does it for objects with ``save() / load(saved) / advance(inputs) / checksum()``
and optionally ``is_over()``), with small int inputs (0 = nothing, < 65536). ``runner.Runner`` is the one loop every
caller runs (update, build on start, fulfil, events).

Modules (``docs/architecture.md`` draws how they fit and walks one datagram through them):

- ``transport``: non-blocking UDP (selectors) and an in-memory network with a virtual clock and seeded impairments.
- ``wire``: the datagram format (a header, then msgpack sealed with ChaCha20-Poly1305), per-peer keys from a SPAKE2
  exchange on the join code, replay window, rate limit; ``messages``: one typed class per message and per notice,
  with its validation and its wire form.
- ``settings``: ``MatchSettings`` (agreed by every peer, digested) and ``SessionConfig`` (each peer's own).
- ``session``: ``Session.host`` / ``Session.join`` build a ``HostSession``, ``JoinerSession`` or ``SpectatorSession``,
  each made of parts it owns (see its module doc for the protocol); ``update(now)`` returns the requests the caller
  fulfils. The parts: ``endpoint`` (the per-peer endpoint, the receive path, the router), ``ticks`` (the tick loop),
  ``inputs`` (INPUT datagrams, the notice log), ``checks`` (desync detection), ``drops`` (silence, drops),
  ``host`` / ``joiner`` (each role's receive policy, timers, end), ``lobby`` (the host's lobby, a joiner's roster),
  ``admission`` (key exchanges, refusals, wrong codes), ``handshake`` (a joiner's way in), ``fairdeal`` (commits,
  reveals, START), ``latejoin`` (snapshots, claims), ``relay`` (the host's routing), ``mesh`` (direct links between
  joiners); ``protocol``: phases and what both ends read alike.
- ``rollback`` / ``lockstep``: the tick drivers (prediction and re-simulation, or none), as requests.
- ``requests``: ``SaveState``, ``LoadState``, ``AdvanceTick``, the ``StateCell`` a save fills, ``fulfil``.
- ``authority``: host-authoritative turn games (mode ``"authority"``): the host alone simulates, each joiner gets its
  seat's view and sends actions the host checks; the deal's nonces and the action log revealed at the end.
- ``timesync``: ticks-ahead estimates and the slight slowdown of the peer ahead.
- ``desync``: checksum records of confirmed ticks, mismatch reports and dumps.
- ``stats``: RTT, jitter, loss, bytes/s, ticks ahead, rollback histogram, re-simulation time, stalls.
- ``events``: what a session reports.
- ``discovery``: LAN announce/listen (the broadcast address is a setting; 127.255.255.255 by default) and the
  browser's ping of listed hosts.
- ``runner``: the one update -> build -> fulfil -> events loop around a session.
- ``harness``: several sessions (each with its runner) on one in-memory network in virtual time (tests, benchmarks).
- ``synctest``: roll back every tick and compare checksums.
"""

from .events import (CaughtUp, ClaimRefused, Desync, Disconnected, EndReason, Failed, FailReason, Interrupted,
                     JoinRefused, MatchEnded, NetEvent, PeerJoined, PeerLeft, Resumed, SeatClaimed, SeatDropped,
                     Started)
from .session import HostSession, JoinerSession, Session, SpectatorSession
from .settings import AUTHORITY, LOCKSTEP, ROLLBACK, MatchSettings, SessionConfig
from .synctest import SyncTestMismatch, SyncTestResult, run_sync_test
from .transport import Impairment, MemoryNetwork, UdpTransport, VirtualClock
from .wire import PROTOCOL_VERSION

__all__ = ["Session", "HostSession", "JoinerSession", "SpectatorSession", "MatchSettings", "SessionConfig", "ROLLBACK", "LOCKSTEP", "AUTHORITY", "PROTOCOL_VERSION",
           "UdpTransport", "MemoryNetwork", "Impairment", "VirtualClock", "run_sync_test", "SyncTestResult", "SyncTestMismatch",
           "NetEvent", "PeerJoined", "PeerLeft", "JoinRefused", "Started", "Interrupted", "Resumed", "Disconnected",
           "SeatDropped", "Desync", "MatchEnded", "EndReason", "Failed", "FailReason", "SeatClaimed", "ClaimRefused",
           "CaughtUp"]
