"""Where a network match stands, as the screens read it: a frozen ``NetStatus`` built by ``status_of(link)``, the one
function of the client that reads the session's phase, driver, referee and stats (``session.phase``, ``driver``,
``auth``, ``stats``); the scenes, the link and the table's prompts read the status, never those.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from netplay import protocol
from netplay.turnclock import SHOWN_FROM

__all__ = ["Phase", "NetStatus", "status_of"]


class Phase(str, Enum):
    """Where this machine's side of a network match stands (the client's words, not netplay's)."""

    CONNECTING = "connecting"  # a joiner waits for the host's answer
    LOBBY = "lobby"            # seats, ready flags, the countdown
    DEALING = "dealing"        # every machine adds its share of the shuffle
    JOINING = "joining"        # a late joiner gets the table (a snapshot, or a turn game's first view)
    PLAYING = "playing"
    ENDING = "ending"          # every machine stops at the same tick
    OVER = "over"
    FAILED = "failed"


_PHASES = {protocol.HELLO: Phase.CONNECTING, protocol.LOBBY: Phase.LOBBY, protocol.DEALING: Phase.DEALING,
           protocol.LATE: Phase.JOINING, protocol.RUNNING: Phase.PLAYING, protocol.FINISHING: Phase.ENDING,
           protocol.DONE: Phase.OVER, protocol.FAILED: Phase.FAILED}


@dataclass(frozen=True)
class NetStatus:
    """What the screens show of a network match, read once (``status_of``).

    ``phase``: a ``Phase``; ``role``: "host" or "join"; ``index``: this machine's peer index (0: the host);
    ``peers``: the roster (``netplay.lobby.PeerInfo``: name, seats, ready, connected); ``owners``: seat -> peer index
    (None: open); ``refereed``: a turn game's referee runs here (the host's) or its views come (a
    joiner's); ``in_match``: past the lobby, the match is (being) joined or played; ``simulating``: a match is
    simulated here (rollback) or refereed/viewed (a turn game); ``table_ready``: this machine's match can be shown
    (a rollback session simulates, or a turn game's first view came); ``late``: joined a running match; ``pings``:
    peer -> mean round trip in ms (None: not measured yet); ``ping_ms``: the slowest link's; ``ahead``: ticks ahead
    of the slowest peer; ``rollbacks``, ``stalls``: counts; ``silent``: the peers owning seats (or the host) not
    heard for 0.5 s; ``catching_up``: a late joiner re-simulating, ``catch_up``: (tick, of ~ticks); ``snapshot``:
    (parts received, parts) of a late joiner's snapshot; ``relayed``: the players whose inputs the host relays;
    ``route``: over the internet, "direct" or "relay" (a host with joiners on both: "relay"; None: not connected
    yet, or on the LAN); ``code``: the code to show and copy (an online host's current one: it changes
    when another side spoils it, the session staying keyed by the first); ``code_note``: why it changed (netplay's
    English line, "" if it did not); ``deal_restarts``: how many times the deal started over; ``clocks``: seat -> seconds left
    of the turn clocks in their last ``SHOWN_FROM`` s; ``countdown``: seconds before the start (None: none);
    ``scripted``: a scripted run (the command line's ``--lan-auto``: no key needed); ``notices``: the recent
    notices, (when, text) in the player's language; ``failure``: why the session failed, in the player's language
    (None: it did not)."""

    phase: Phase
    role: str
    index: int
    peers: tuple[Any, ...]
    owners: tuple[int | None, ...]
    refereed: bool
    in_match: bool
    simulating: bool
    table_ready: bool
    late: bool
    pings: dict[int, int | None]
    ping_ms: int
    ahead: int
    rollbacks: int
    stalls: int
    silent: tuple[int, ...]
    catching_up: bool
    catch_up: tuple[int, int]
    snapshot: tuple[int, int]
    relayed: tuple[int, ...]
    route: str | None
    code: str
    code_note: str
    deal_restarts: int
    clocks: dict[int, float]
    countdown: float | None
    scripted: bool
    notices: tuple[tuple[float, str], ...]
    failure: str | None

    @property
    def in_lobby(self) -> bool:
        """The lobby or the deal: ready flags and the countdown still count."""
        return self.phase in (Phase.LOBBY, Phase.DEALING)


def shown_code(link: Any) -> str:
    """The code to show and copy: an online host's current one; an online joiner's, the code it met the host by
    (the host's current one when it joined; the session's key, ``link.code``, is the host's first code, which a
    stranger may hold by now); on the LAN, the join code."""
    online = link.online
    if online is not None and link.role == protocol.HOST and getattr(online, "code", None):
        return online.code
    if online is not None and link.role != protocol.HOST:
        return getattr(getattr(online, "rendezvous", None), "code", None) or link.code
    return link.code


def status_of(link: Any) -> NetStatus:
    """The status of ``link`` (a ``LanLink``) now: the one reader of its session's phase, driver, referee and
    stats."""
    s = link.session
    phase = _PHASES.get(s.phase, Phase.FAILED)
    driver, auth, stats = s.driver, s.auth, s.stats
    m = link.match
    table_ready = m is not None and (driver is not None or (auth is not None and m.ready))
    rtts = {peer: ls.rtt for peer, ls in stats.links.items() if ls.rtt_samples}
    owning = {o for o in s.owners if o is not None} | {0}
    silent = tuple(p for p in link.silent if p in owning and p not in link.gone)
    online, route = link.online, None
    if online is not None and link.role == protocol.HOST:
        routes = set(online.routes().values())
        route = "relay" if "relay" in routes else ("direct" if routes else None)
    elif online is not None:
        route = getattr(getattr(online, "result", None), "route", None)  # an OnlineJoin's Connected
    rx = getattr(s, "snapshot", None)  # a spectator's receiver of the host's snapshot (a late joiner's)
    clocks = auth.clock_left() if auth is not None and phase == Phase.PLAYING and s.end is None else {}
    return NetStatus(
        phase=phase, role=link.role, index=s.index, peers=tuple(s.peers()), owners=tuple(s.owners),
        refereed=auth is not None,
        in_match=phase in (Phase.PLAYING, Phase.JOINING) or (phase != Phase.LOBBY and table_ready),
        simulating=driver is not None or auth is not None, table_ready=table_ready, late=bool(s.late),
        pings={p: int(round(r * 1000)) for p, r in rtts.items()},
        ping_ms=int(round(max(rtts.values(), default=0.0) * 1000)), ahead=stats.ticks_ahead,
        rollbacks=stats.rollbacks, stalls=stats.stalls, silent=silent, catching_up=bool(s.catching_up),
        catch_up=(driver.tick if driver is not None else 0, s.remote_tick or 0),
        snapshot=(len(rx.parts), max(1, rx.total)) if rx is not None else (0, 1),
        relayed=tuple(s.relayed_peers) if phase == Phase.PLAYING and driver is not None else tuple(link.relayed),
        route=route, code=shown_code(link), code_note=link.code_note,
        deal_restarts=s.deal_restarts, clocks={k: v for k, v in clocks.items() if v <= SHOWN_FROM},
        countdown=s.countdown_left() if phase in (Phase.LOBBY, Phase.DEALING) else None,
        scripted=link.script is not None and link.script.auto,
        notices=tuple((t, n.text()) for t, n in link.told), failure=link.failure)
