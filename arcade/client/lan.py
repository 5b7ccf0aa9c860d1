"""LAN play in the client: the connection to the other machines (``LanLink``: a netplay ``Session`` and the one
loop that runs it, ``netplay.runner.Runner``), from the lobby through the matches.

A ``LanLink`` lives from the lobby through the match to the rematch. The host binds its game port (UDP,
``Settings.lan_port``, 47800 by default) and announces its match every second to the LAN broadcast address
(``Settings.lan_broadcast``) on the discovery port (UDP 47474); a browser listens there and pings each host it hears
(``netplay.discovery``). Nothing is sent before the player opens the LAN menus. By default the game port is bound on
every interface (``Settings.lan_bind``, 0.0.0.0) and the match is announced on every LAN interface's broadcast
address; with a loopback broadcast address (127.255.255.255, ``--lan-broadcast``: one machine only, as in tests) the
game port is bound on 127.0.0.1 only.

Joining needs the host's address and the match's join code (the datagrams' keys come from it, see
``netplay.wire``). Real-time Grisbi runs in rollback mode, the turn-based games host-authoritative
(``netplay.authority``): the host alone holds the whole table, every other machine gets its seats' views (a
spectator the public view) and sends its players' actions; at the end each checks the host's revealed deal
(``MatchEnded.deal``: "verified" or "unfair").

A LAN match is an ordinary ``arcade.core.match.Match`` whose other machines' seats are ``RemoteSeat`` and whose
seat controller is ``arcade.client.netseats.NetSeats``: ``tick()`` updates the session once (the session simulates the ticks that
are due, by the clock, not by the table), local human seats' inputs and local bots' choices go to the session through
``Match.seat_input``, remote seats' hands are never shown (a table shows the view of this machine's humans only). A table that holds its match (Grass's
scoring breakdown, animations in Grenade and Cops & Robbers) does not hold a LAN match: ``idle_tick()`` updates the
session like ``tick()``. Matches are recorded as replays from the confirmed inputs only (header ``"lan": True``);
a late joiner, who never saw the first ticks, records nothing.

Late joiners: a spectator joins a running match from the join screen ("Watch"); a player whose seat was dropped
(their machine went silent and the host let a bot play it) joins as a spectator and claims the seat back. In Grisbi
both get the host's snapshot of a confirmed tick (``arcade.core.codec``, never pickle) and the inputs since, catch
up faster than real time, then follow live; in a turn game they get their seat's (or the public) view, never a
snapshot.
"""

from __future__ import annotations

import dataclasses
import errno
import json
import logging
import secrets
import time
from pathlib import Path
from typing import Any, Callable

from netplay.discovery import DISCOVERY_PORT, Announcer, is_loopback
from netplay.events import (CaughtUp, ClaimAsked, ClaimRefused, CodeChanged, Desync, Disconnected, EndReason,
                            FailReason, Failed, Interrupted, MatchEnded, NetEvent, Notice, NoticeKind, PeerJoined,
                            PeerLeft, Resumed, SeatClaimed, SeatDropped, Started)
from netplay.protocol import new_join_code
from netplay.runner import Runner
from netplay.session import FAILED, HOST, LOBBY, Session
from netplay.settings import AUTHORITY, AUTO_INPUT_DELAY, MAX_PREDICTION, ROLLBACK, MatchSettings, SessionConfig
from netplay.transport import UdpTransport

from arcade.games import GAME_NAMES, REGISTRY
from arcade.core import codec
from arcade.core.match import Match, RemoteSeat, SeatSpec
from arcade.core.peerviews import authority_sim
from arcade.core.protocols import is_turn_based
from arcade.core.rng import seed_mix
from arcade.client.netseats import NetSeats
from arcade.client.networds import net_line
from arcade.client.thinking import in_background
from arcade.core.i18n import N_, _, format_number

__all__ = ["DEFAULT_PORT", "DISCOVERY_PORT", "LanError", "LanLink", "RemoteSeat", "new_join_code",
           "bind_address", "explain", "match_settings", "accept_settings", "snapshot_bytes", "load_snapshot",
           "parse_address"]

log = logging.getLogger(__name__)

DEFAULT_PORT = 47800
"""The host's UDP game port unless the player chooses another (LAN settings, ``--lan-port``)."""
LAN_TIMEOUT = 15.0
"""Seconds of silence before a player's seats are dropped (a bot takes over) or the host is given up. Long enough
for the host to choose in the "lost connection" prompt; the host may drop the seat at once."""


ONLINE_UNREACHABLE = N_("The host stopped answering over the internet connection. Ask the host whether the lobby is "
                        "still open, then join again with the code.")
"""A joiner's failure when the host goes silent over the internet (the LAN's says to check an address)."""

HELLO_TIMEOUT = 5.0
"""Seconds a joiner waits for the host's confirmed key exchange before saying nobody is there (or, if an unsealed
refusal came meanwhile, what it said: anyone could have sent it, so it is believed only then)."""


class LanError(Exception):
    """A LAN action that cannot be done; the message is one line for the player."""


def bind_address(broadcast: str, bind: str = "0.0.0.0") -> str:
    """Where the game port and the announcer bind: ``bind`` (setting ``lan_bind``: every interface by default), or
    127.0.0.1 when the broadcast address is a loopback one (one machine only)."""
    return "127.0.0.1" if broadcast and is_loopback(broadcast) else bind


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``"HOST:PORT"`` (or ``"HOST"``: the default port) -> ``(host, port)``; raises LanError with a reason."""
    text = text.strip()
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, str(default_port)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise LanError(_("“{text}” is not an address: type the host's address and port, e.g. {example}").format(
            text=text, example=f"127.0.0.1:{default_port}"))
    parts = host.split(".")
    if len(parts) != 4 or not all(p.isdigit() and 0 <= int(p) <= 255 for p in parts):
        raise LanError(_("“{host}” is not an IPv4 address (four numbers 0-255 with dots, e.g. 127.0.0.1)").format(
            host=host))
    return host, int(port)


def match_settings(game_id: str, seats: int, options: dict[str, Any], *, tick_rate: int = 60,
                   input_delay: int | None = None) -> MatchSettings:
    """The settings every peer must agree on for a LAN match of ``game_id`` (host-authoritative for turn games)."""
    rules = REGISTRY[game_id]
    turn = is_turn_based(rules)
    delay = (0 if turn else AUTO_INPUT_DELAY) if input_delay is None else input_delay
    return MatchSettings(game_id, rules.version, seats, tick_rate, delay,
                         0 if turn else MAX_PREDICTION, AUTHORITY if turn else ROLLBACK, 0, 30,
                         MatchSettings.options_of(options)).check()


def accept_settings(st: MatchSettings) -> str | tuple[FailReason, str, dict[str, Any]] | None:
    """Why this install cannot play a host's settings (unknown game, other rules version, bad options), or None. Another
    rules version is typed: ``(FailReason.VERSION, text, {"game", "host_rules", "our_rules"})``."""
    rules = REGISTRY.get(st.game)
    if rules is None:
        return f"the host plays {st.game!r}, which this version of Grisbi Arcade does not have"
    if rules.version != st.rules_version:
        name = GAME_NAMES.get(st.game, st.game)
        return (FailReason.VERSION, f"version mismatch: the host plays {name} rules version {st.rules_version}, "
                                    f"this install has version {rules.version}",
                {"game": name, "host_rules": st.rules_version, "our_rules": rules.version})
    if (st.mode == AUTHORITY) != is_turn_based(rules):
        return f"{st.game} must be played in {AUTHORITY if is_turn_based(rules) else ROLLBACK} mode"
    try:
        rules.initial_state(1, st.seats, **st.option_dict())
    except (TypeError, ValueError) as e:
        return f"the host's options cannot be played here ({e})"
    return None


def snapshot_bytes(saved: Any) -> bytes:
    """A saved simulation state ``(tick, state)`` as bytes for a late joiner (``arcade.core.codec``)."""
    return codec.encode(saved)


def load_snapshot(data: bytes) -> Any:
    """Inverse of ``snapshot_bytes``; raises ``CodecError`` (a ValueError) for anything that is not a saved state."""
    v = codec.decode(data)
    if not (isinstance(v, tuple) and len(v) == 2 and type(v[0]) is int and v[0] >= 0):
        raise codec.CodecError("not a saved simulation state")
    return v


def explain(failure: Failed | FailReason, port: int | None = None, english: bool = False) -> str:
    """One line for the player from a session's typed failure (``netplay.events.FailReason`` and its facts): what
    happened and what to do, in the player's language (``english``: in English, for the log). Never reads the free
    text."""
    kind = failure.kind if isinstance(failure, Failed) else failure
    facts = failure.facts if isinstance(failure, Failed) else {}
    message, values = _explained(kind, facts, port)
    if "game" in values and not english:
        values["game"] = _(values["game"])  # a game's name (``GAME_NAMES``), as the setup screen shows it
    return (message if english else _(message)).format(**values)


def _explained(kind: FailReason, facts: dict[str, Any], port: int | None) -> tuple[str, dict[str, Any]]:
    """``explain``'s English message id and its placeholders' values."""
    F = FailReason
    if kind == F.WRONG_CODE:
        return N_("Wrong join code: check the code shown on the host's screen and type it again."), {}
    if kind == F.TOO_MANY_TRIES:
        return N_("Too many wrong codes from this machine: the host refuses it for a minute. Check the code, then "
                  "retry."), {}
    if kind == F.VERSION:
        if "host_rules" in facts:
            return N_("Version mismatch: the host plays {game} rules version {host_rules}, this machine has version "
                      "{our_rules}. Update Grisbi Arcade on both machines."), {
                "game": facts["game"], "host_rules": facts["host_rules"], "our_rules": facts["our_rules"]}
        if "host_version" in facts:
            return N_("Version mismatch: the host speaks version {host_version}, this machine {our_version}. Update "
                      "Grisbi Arcade on both machines."), {"host_version": facts["host_version"],
                                                             "our_version": facts["our_version"]}
        return N_("Version mismatch. Update Grisbi Arcade on both machines."), {}
    if kind == F.FULL:
        if "asked" in facts:
            return N_("The match is full ({asked} asked, {free} free). Ask the host to open a seat, or join with no "
                      "players here to watch."), {"asked": facts["asked"], "free": facts["free"]}
        return N_("The match is full. Ask the host to open a seat, or join with no players here to watch."), {}
    if kind == F.STARTED:
        return N_("That match has already started. You may watch it as a spectator."), {}
    if kind == F.UNREACHABLE:
        if "address" in facts:
            return N_("No host answered at {address}. Check the address on the host's screen, that its lobby is "
                      "open, and that its firewall lets UDP in."), {"address": facts["address"]}
        return N_("No host answered at that address. Check the address on the host's screen, that its lobby is "
                  "open, and that its firewall lets UDP in."), {}
    if kind == F.HOST_LOST:
        if facts.get("rejoin"):
            return N_("The connection to the host was lost. If the host is still playing, you may rejoin your "
                      "seat."), {}
        if facts.get("left"):
            return N_("The host left the match (its player closed the game or went back to the menus)."), {}
        return N_("The host is gone: the connection was lost."), {}
    if kind == F.REMOVED:
        if facts.get("rejoin"):
            return N_("The host gave your seat to a bot after the connection was lost. You may rejoin it."), {}
        return N_("The host removed you from the match."), {}
    if kind == F.SETTINGS:
        return N_("The host's match changed since it was listed, or this machine cannot play it: browse again."), {}
    if kind == F.UNFAIR_DEAL:
        return N_("This match was not dealt fairly: the host's deal could not be verified, so the match was "
                  "refused."), {}
    if kind == F.BAD_SNAPSHOT:
        return N_("The host sent a state this machine cannot use: the match was refused."), {}
    if kind == F.PROTOCOL:
        return N_("The host sent something this machine does not understand: the connection was closed."), {}
    if kind == F.PORT_IN_USE:
        return N_("Port {port} is already in use on this machine: choose another port in LAN settings."), {"port": port}
    return N_("The connection failed."), {}


class LanLink:
    """This machine's side of a LAN match, from the lobby through the matches (see the module docstring).

    Build with ``LanLink.host(...)`` or ``LanLink.join(...)``; call ``pump()`` every tick (the LAN scenes and the
    LAN table do); ``close()`` when leaving. ``notices`` holds recent one-line messages for the table's toast;
    ``failure`` the explained reason when the session failed.
    """

    def __init__(self, app: Any, role: str, transport: UdpTransport, code: str, name: str, local: list[SeatSpec],
                 clock: Callable[[], float]) -> None:
        self.app = app
        self.role = role
        self.transport = transport
        self.code = code
        self.name = name[:24] or "Player"
        self.local = list(local)
        self.clock = clock
        self.session: Session | None = None
        self.runner: Runner | None = None
        self.match: Match | None = None
        self.announcer: Announcer | None = None
        self.notices: list[tuple[float, str]] = []
        self.failure: str | None = None  # the explained failure, in the player's language
        self.failure_log = ""  # the same in English, for the log
        self.raw_failure: str | None = None
        self.failure_kind: FailReason | None = None
        self.silent: dict[int, float] = {}   # peer -> when it went silent
        self.gone: set[int] = set()
        self.left: set[int] = set()  # peers who said goodbye (left), not lost
        self.events: list[NetEvent] = []      # this tick's events (scenes may look)
        # host
        self.game_id = ""
        self.plan: list[SeatSpec] = []
        self.options: dict[str, Any] = {}
        self.settings: MatchSettings | None = None
        self.broadcast = "127.255.255.255"
        # joiner
        self.address: tuple[str, int] | None = None
        self.watch = False
        self.claim_specs: dict[int, SeatSpec] = {}
        self.player_token = player_token(app)  # who we are to the host across reconnections (a dropped seat's owner)
        self.claim_requests: list[ClaimAsked] = []  # host: spectators asking for a seat another player lost
        self.relayed: list[int] = []  # the players whose inputs go through the host (last seen; a real-time game)
        self.retry_until = 0.0
        self._retry_at = 0.0
        # test hooks
        self.auto = False
        self.auto_countdown = 1.0
        self.end_after_rounds: int | None = None
        self.summary_path: str | None = None
        self.end_when_file: str | None = None
        self.timeout = LAN_TIMEOUT
        self.nonce: int | None = None
        self.matches = 0
        # over the internet: the netplay.online OnlineHost (polled here, following the session) or OnlineJoin
        self.online: Any = None
        self.code_note = ""  # host online: why the code shown changed (netplay's English line; "" if it did not)

    # --- construction
    @classmethod
    def host(cls, app: Any, game_id: str, plan: list[SeatSpec], options: dict[str, Any], *, code: str, port: int,
             name: str, broadcast: str, clock: Callable[[], float] | None = None, tick_rate: int = 60,
             timeout: float = LAN_TIMEOUT, nonce: int | None = None, online: Any = None) -> "LanLink":
        """Open a lobby for ``game_id`` with ``plan`` (a spec per seat; kind "remote" = open for a joiner) on UDP
        ``port``; or, ``online`` (a ``netplay.online.OnlineHost`` whose ``code`` is ready), over its ICE transport,
        keyed by that code (no port, no LAN announcement). Raises LanError (port in use, no open seat, bad
        settings)."""
        if not any(s.kind == "remote" for s in plan):
            raise LanError(_("Open at least one seat for a remote player (or play locally from the title)."))
        if not code.strip():
            raise LanError(_("The join code is empty."))
        try:
            settings = match_settings(game_id, len(plan), options, tick_rate=tick_rate)
        except ValueError as e:
            raise LanError(_("These settings cannot be played: {error}").format(error=e)) from None
        bind = bind_address(broadcast, getattr(app.settings, "lan_bind", "0.0.0.0"))
        if online is not None:
            transport = online.transport
        else:
            try:
                transport = UdpTransport((bind, port))
            except OSError as e:
                if e.errno in (errno.EADDRINUSE, 10048):  # 10048: WSAEADDRINUSE, as Windows sockets report it
                    raise LanError(_("Port {port} is already in use on this machine: choose another port in LAN "
                                     "settings (or close the other program).").format(port=port)) from None
                raise LanError(_("Cannot open UDP port {port} on {address}: {error}.").format(
                    port=port, address=bind, error=e.strerror or e)) from None
        link = cls(app, HOST, transport, code, name, [s for s in plan if s.kind != "remote"],
                   clock or _clock_of(app))
        link.game_id, link.plan, link.options, link.settings = game_id, list(plan), dict(options), settings
        link.broadcast = broadcast
        link.timeout = timeout
        link.nonce = nonce
        link.online = online
        link.open_lobby()
        if online is not None:
            return link
        try:
            link.announcer = Announcer(name, game_id, settings.rules_version, transport.address[1], settings.seats,
                                       link.session.free_seats(), settings.mode, settings.digest(),
                                       broadcast=broadcast, discovery_port=DISCOVERY_PORT, bind=bind)
        except OSError as e:
            link.notices.append((link.clock(), _("Not announced on the LAN ({error}); join by address.").format(
                error=e.strerror or e)))
        return link

    @classmethod
    def join(cls, app: Any, address: tuple[str, int], code: str, local: list[SeatSpec], *, name: str,
             broadcast: str = "127.255.255.255", watch: bool = False, claim: dict[int, SeatSpec] | None = None,
             clock: Callable[[], float] | None = None, timeout: float = LAN_TIMEOUT,
             nonce: int | None = None, online: Any = None) -> "LanLink":
        """Ask the host at ``address`` for ``len(local)`` seats (or, ``watch``, none: a spectator; ``claim``: seats
        to take back once caught up, with who plays them here); or, ``online`` (a connected
        ``netplay.online.OnlineJoin``), the host at its ``host_address`` over its ICE transport. Raises LanError if
        no UDP socket can be opened."""
        if not code.strip():
            raise LanError(_("Type the join code shown on the host's screen."))
        if not watch and not local:
            raise LanError(_("Choose at least one seat to play, or watch."))
        if online is not None:
            transport, address = online.transport, online.host_address
        else:
            try:
                transport = UdpTransport((bind_address(broadcast, getattr(app.settings, "lan_bind", "0.0.0.0")), 0))
            except OSError as e:
                raise LanError(_("Cannot open a UDP socket: {error}.").format(error=e.strerror or e)) from None
        link = cls(app, "join", transport, code, name, list(local), clock or _clock_of(app))
        link.online = online
        link.address = address
        link.watch = watch
        link.claim_specs = dict(claim or {})
        link.broadcast = broadcast
        link.timeout = timeout
        link.nonce = nonce
        link.open_lobby()
        return link

    def config(self) -> SessionConfig:
        # online: a star through the host (the joiners' connections reach the host only: no mesh introductions),
        # and the code never changes (the rendezvous code that guards the meeting is the session's code)
        lan = self.online is None
        cfg = SessionConfig(timeout=self.timeout, desync_dump=None, snapshot_state=snapshot_bytes,
                            load_snapshot=load_snapshot, max_ticks_per_update=8, mesh=lan,
                            hello_timeout=HELLO_TIMEOUT, new_code=new_join_code, seat_claims="ask",
                            code_tries=3 if lan else 0)
        cfg.serialize_state = lambda saved: repr(saved)
        return cfg

    def open_lobby(self) -> None:
        """A new session: the host's lobby (again, for a rematch), or a join request."""
        now = self.clock()
        self.match = None
        self.failure = self.raw_failure = self.failure_kind = None
        self.failure_log = ""
        self.silent.clear()
        self.gone.clear()
        self.left.clear()
        if self.role == HOST:
            remote = [s.kind == "remote" for s in self.plan]
            self.session = Session.host(self.transport, self.settings, remote, self.code,
                                        input_source=self.input_source, config=self.config(), now=now,
                                        nonce=None if self.nonce is None else seed_mix(self.nonce, self.matches),
                                        name=self.name, auto_start=False, bots=self.host_bots())
            self.session.drop_level = self.app.settings.bot_level  # told to the joiners with each drop
        else:
            seats = 0 if self.watch else len(self.local)
            self.session = Session.join(self.transport, self.address, self.code, seats,
                                        input_source=self.input_source, config=self.config(), now=now,
                                        nonce=None if self.nonce is None else seed_mix(self.nonce, self.matches),
                                        accept=accept_settings, name=self.name, auto_ready=self.watch,
                                        claim=tuple(sorted(self.claim_specs)), token=self.player_token)
        self.runner = Runner(self.session, self.build)

    def rematch(self) -> None:
        """Back to the lobby after a match: the host opens a new lobby once the last session is done; a joiner asks
        again (retrying for a few seconds while the host is still finishing the last match)."""
        self.matches += 1
        if self.session is not None and not self.session.done:
            self.session.close("rematch")
        if self.claim_specs:  # a player who rejoined their seat plays again in the rematch
            self.local = [self.claim_specs[k] for k in sorted(self.claim_specs)]
            self.watch = False
        self.claim_specs = {}
        self.retry_until = self.clock() + 120.0  # the host may still be looking at the results
        self.open_lobby()

    def close(self, reason: str = "left") -> None:
        if self.session is not None and not self.session.done:
            self.session.close(reason)
        if self.match is not None:
            self.match.close_recording(abandoned=self.match.ended is None)
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        if self.online is not None:
            self.online.close()  # its code, its connections and the transport
        self.transport.close()

    @property
    def where(self) -> str:
        """Where the host is, for the lobby: ``"192.168.1.20:47800"``, or "over the internet (through the relay)"
        (in the player's language)."""
        if self.online is not None:
            route = None
            if self.role == HOST:
                routes = set(self.online.routes().values())
                route = "relay" if "relay" in routes else ("direct" if routes else None)
            elif getattr(self.online, "result", None) is not None:
                route = getattr(self.online.result, "route", None)
            said = {"relay": N_("over the internet (through the relay)"),
                    "direct": N_("over the internet (directly)")}.get(route, N_("over the internet"))
            return _(said)
        a = self.address
        return f"{a[0]}:{a[1]}" if a else ""

    # --- who plays which seat here
    def spec_for(self, seat: int) -> SeatSpec:
        """The local player (human device or bot) of one of this machine's seats, named after this machine's player
        (``Match.seat_name`` numbers several), as the other machines name it: a joiner's seats, bots too, carry its
        player's name everywhere; the host's bot seats are "Bot N" everywhere (the roster tells the joiners)."""
        spec = self._local_spec(seat)
        if spec.kind == "human" or (spec.kind == "bot" and self.role != HOST):
            return dataclasses.replace(spec, name=self.shown_name)
        return spec

    @property
    def shown_name(self) -> str:
        """This machine's player's name as every machine shows it: the one typed, or as the host made it unique in
        the match ("Ann 2" when another player here is already "Ann")."""
        s = self.session
        if s is not None and self.role != HOST:
            for p in s.peers():
                if p.peer == s.index and p.name:
                    return p.name
        return self.name

    def _local_spec(self, seat: int) -> SeatSpec:
        if seat in self.claim_specs:
            return self.claim_specs[seat]
        if self.role == HOST:
            spec = self.plan[seat] if seat < len(self.plan) else SeatSpec("bot")
            return spec if spec.kind != "remote" else SeatSpec("bot", level=self.app.settings.bot_level)
        mine = sorted(self.session.my_seats)
        k = mine.index(seat) if seat in mine else 0
        return self.local[k] if k < len(self.local) else SeatSpec("bot", level=self.app.settings.bot_level)

    def host_bots(self) -> dict[int, str]:
        """Host: seat -> level of the host's seats a bot plays (told to the joiners with the lobby roster)."""
        s = self.session
        owners = s.owners if s is not None else [None if p.kind == "remote" else 0 for p in self.plan]
        return {i: spec.level for i, o in enumerate(owners) if o == 0 and (spec := self.spec_for(i)).kind == "bot"}

    def remote_spec(self, peer: int | None, seat: int | None = None) -> SeatSpec:
        """Another machine's seat, named after its player when the lobby said who; one of the host's bot seats is a
        bot here too (named "Bot N" at the table as on the host, never after the host's player)."""
        if self.session is not None and peer == 0 and seat in self.session.seat_bots():
            return RemoteSeat("bot", level=self.session.seat_bots()[seat])
        if self.session is not None and peer == 0 and seat in self.session.dropped:
            return RemoteSeat("bot")  # dropped, the level not heard yet (the host sends it with the drop)
        names = {p.peer: p.name for p in self.session.peers()} if self.session is not None else {}
        return RemoteSeat("remote", name=names.get(peer, "") if peer is not None else "")

    def _rename_remote_seats(self) -> None:
        """Joiner: other machines' seats follow the roster (a spectator or late joiner gets it after its table)."""
        m, s = self.match, self.session
        for i, o in enumerate(s.owners):
            if o != s.index and isinstance(m.seats[i], RemoteSeat):
                spec = self.remote_spec(o, i)
                if spec != m.seats[i]:
                    m.seats[i] = spec

    def build(self, started: Started) -> Any:
        """The runner's ``build``: the ``Match`` of this machine (its seats, bots and ``NetSeats``) once the match
        starts, and its simulation: the whole game in rollback mode, in a host-authoritative turn game the host's
        whole table or a joiner's views (no seed before the end)."""
        s, settings, seed = self.session, started.settings, started.seed
        rules, options = REGISTRY[settings.game], settings.option_dict()
        sim = authority_sim(rules, settings.seats, seed, s.my_seats, **options) if settings.mode == AUTHORITY else None
        seats = [self.spec_for(i) if o == s.index else self.remote_spec(o, i) for i, o in enumerate(s.owners)]
        app = self.app
        control = NetSeats(s, settings, seed, pump=self.pump, bot_level=lambda: app.settings.bot_level,
                           recordings=app.data_dir if app.opts.record else None, notice=self._notice)
        self.match = Match(settings.game, seats, seed, app.opts.bot_think_ticks, sim=sim, control=control,
                           bot_ahead=in_background, **options)
        return self.match.sim

    def _notice(self, text: str) -> None:
        self.app.notice = text

    def input_source(self, seat: int, tick: int) -> int:
        return self.match.seat_input(seat, tick) if self.match is not None else 0

    # --- the loop
    def pump(self) -> list[NetEvent]:
        """Update the session (once per tick), the announcer, and react to what happened."""
        s = self.session
        now = self.clock()
        if self.match is not None:
            self.match.control.pumped = True
        if s is None:
            return []
        evs = self.runner.update(now)
        self.events = evs
        for ev in evs:
            self._on_event(ev, now)
        if s.running and s.driver is not None:
            self.relayed = s.relayed_peers
        if self.role == HOST and self.online is not None:
            for ev in self.online.poll():
                self._on_online(ev)
            self.online.follow(s, evs)
        if self.match is not None and (s.driver is not None or s.auth is not None):
            self.match.control.record_confirmed()
            if self.end_after_rounds is not None and self.role == HOST and s.end is None and s.running:
                if getattr(self.match.state, "round", 0) >= self.end_after_rounds and (
                        self.end_when_file is None or Path(self.end_when_file).exists()):
                    s.end_match()
        if self.role == HOST and s.phase == LOBBY:
            s.set_bots(self.host_bots())
        elif self.role != HOST and self.match is not None:
            self._rename_remote_seats()
        if self.announcer is not None:
            self.announcer.set_free_seats(s.free_seats() if s.phase == LOBBY else 0)
            self.announcer.set_playing(s.phase != LOBBY)
            if not s.done:
                self.announcer.update(now)
        if self.auto:
            self._auto(now)
        if self.role != HOST and s.phase == FAILED and now < self.retry_until and now >= self._retry_at:
            if s.failure_kind in (FailReason.STARTED, FailReason.UNREACHABLE):  # the host is finishing the last match
                self._retry_at = now + 1.0
                self.open_lobby()
        self.notices = [(t, m) for t, m in self.notices if now - t < 6.0][-4:]
        return evs

    @property
    def shown_code(self) -> str:
        """The code to show and copy: an online host's current code (it changes when another side spoils it; the
        session stays keyed by the first, ``code``), else ``code``."""
        if self.role == HOST and self.online is not None and getattr(self.online, "code", None):
            return self.online.code
        return self.code

    def _on_online(self, ev: Any) -> None:
        """Host online: what the code's meetings and connections did (``netplay.online`` events)."""
        from netplay.online import CodeReady, Connected, Failed as OnlineFailed, PeerFailed

        if isinstance(ev, CodeReady) and ev.previous is not None:
            self.code_note = ev.line
            self.say(f"internet code: {ev.code}", net_line(ev.line))
            self.say(f"online: {ev.line}")
        elif isinstance(ev, Connected):
            how = "directly" if ev.route == "direct" else "through the relay"
            self.say(f"online: a player connected {how} in {ev.connect_s:.1f} s")
        elif isinstance(ev, PeerFailed) and ev.name:
            self.say(f"online: {ev.name} could not connect: {ev.line}",
                     _("{name} could not connect: {reason}").format(name=ev.name, reason=net_line(ev.line)))
        elif isinstance(ev, PeerFailed):
            self.say(f"online: a player could not connect: {ev.line}",
                     _("A player could not connect: {reason}").format(reason=net_line(ev.line)))
        elif isinstance(ev, OnlineFailed):
            self.say(f"online: the code is closed: {ev.line}",
                     _("No one else can join: {reason}").format(reason=net_line(ev.line)))

    def _auto(self, now: float) -> None:
        """Test hook: joiners ready as soon as welcomed, the host counts down and starts when all are ready."""
        s = self.session
        if s.phase != LOBBY:
            return
        if self.role == HOST:
            if s.start_problem() is None:
                left = s.countdown_left()
                if left is None:
                    s.set_countdown(self.auto_countdown)
                elif left <= 0:
                    s.start()
            elif s.countdown_left() is not None:
                s.set_countdown(None)
        elif not s.ready_flag and s.settings is not None:
            s.set_ready(True)

    def say(self, log_line: str, notice: str | None = None) -> None:
        """A line for the log (printed when headless) and, if given, a short notice for the players' screen."""
        if notice:
            self.notices.append((self.clock(), notice))
        if self.app.opts.headless:
            print(f"lan: {log_line}", flush=True)

    def seat_title(self, seat: int, english: bool = False) -> str:
        """The seat's name as the table shows it (``Match.seat_name``) once a match runs, else "Player N", in the
        player's language (``english``: for the log)."""
        if self.match is not None:
            try:
                return self.match.seat_name(seat, english)
            except (IndexError, KeyError, AttributeError):
                pass
        return (N_("Player {n}") if english else _("Player {n}")).format(n=seat + 1)

    def peer_name(self, peer: int, english: bool = False) -> str:
        """A peer's player's name, else "the host" or "peer N" (in the player's language; ``english``: for the
        log)."""
        for p in self.session.peers():
            if p.peer == peer and p.name:
                return p.name
        if peer == 0:
            return N_("the host") if english else _("the host")
        return (N_("peer {n}") if english else _("peer {n}")).format(n=peer)

    def seats_of(self, peer: int) -> tuple[int, ...]:
        return tuple(i for i, o in enumerate(self.session.owners) if o == peer)

    def _on_event(self, ev: NetEvent, now: float) -> None:
        s = self.session
        m = self.match
        if isinstance(ev, Started):
            if m is not None:
                m.seats = [self.spec_for(i) if o == s.index else self.remote_spec(o, i)
                           for i, o in enumerate(s.owners)]
                for i, spec in enumerate(m.seats):
                    if spec.kind == "bot" and i not in m.bots and not isinstance(spec, RemoteSeat):
                        m.add_bot(i, spec.level)
                m.control.start_recording(ev.tick)
            catching = ev.late and s.auth is None  # a turn game's late joiner is sent the view now: no catching up
            self.say(f"match started: seed {ev.seed}, tick {ev.tick}, our seats {list(ev.local_seats)}"
                     + (" (late: catching up)" if catching else " (late)" if ev.late else ""),
                     _("Catching up with the match…") if catching else None)
            self.write_summary("running")
        elif isinstance(ev, PeerJoined):
            watching = ev.late or not ev.seats
            text = f"{ev.name or 'a player'} " + ("is watching" if watching else "joined")
            if ev.name:
                shown = (_("{name} is watching") if watching else _("{name} joined")).format(name=ev.name)
            else:
                shown = _("A player is watching") if watching else _("A player joined")
            self.say(text, shown)
        elif isinstance(ev, PeerLeft):
            self.say(f"{self.peer_name(ev.peer, True)} left the lobby ({ev.reason})",
                     _("{name} left").format(name=self.peer_name(ev.peer)))
        elif isinstance(ev, CodeChanged):
            self.code = ev.code  # the lobby shows the new one
            self.say(f"{ev.wrong} wrong join codes were tried: the join code is now {ev.code}",
                     _("Wrong codes were tried: the join code is now {code}").format(code=ev.code))
        elif isinstance(ev, Notice):
            shown = {NoticeKind.WRONG_CODE: _("Someone at {address} tried a wrong join code"),
                     NoticeKind.TOO_MANY_TRIES: _("Too many wrong codes from {address}: refused for a minute")}
            self.say(ev.detail, shown[ev.kind].format(address=ev.address[0]) if ev.kind in shown else ev.detail)
        elif isinstance(ev, Interrupted):
            self.silent.setdefault(ev.peer, now)
        elif isinstance(ev, Resumed):
            self.silent.pop(ev.peer, None)
        elif isinstance(ev, Disconnected):
            self.silent.pop(ev.peer, None)
            self.gone.add(ev.peer)
            if ev.left:
                self.left.add(ev.peer)
            if self.seats_of(ev.peer) or ev.peer == 0:
                if ev.left:  # its player closed the game or left the match: not a network problem
                    self.say(f"{self.peer_name(ev.peer, True)} left ({ev.reason})",
                             _("{name} left").format(name=self.peer_name(ev.peer)))
                else:
                    self.say(f"{self.peer_name(ev.peer, True)} lost connection ({ev.reason})",
                             _("{name} lost connection").format(name=self.peer_name(ev.peer)))
        elif isinstance(ev, SeatDropped):
            # the player's name (on the host the bot may already sit there, named "Bot N")
            named = {p.peer: p.name for p in s.peers() if p.name}.get(ev.peer)
            if m is not None and self.role == HOST and m.seats[ev.seat].kind != "bot":
                m.drop_to_bot(ev.seat, self.app.settings.bot_level)
            how = "left" if ev.peer in self.left else "lost connection"
            self.say(f"{named or self.seat_title(ev.seat, True)} {how}: a bot plays the seat from tick {ev.tick}",
                     (({True: _("{name} left: a bot plays the seat"),
                        False: _("{name} lost connection: a bot plays the seat")} if self.role == HOST else
                       {True: _("{name} left: the host's bot plays the seat"),
                        False: _("{name} lost connection: the host's bot plays the seat")})[ev.peer in self.left]
                      ).format(name=named or self.seat_title(ev.seat)))
        elif isinstance(ev, SeatClaimed):
            if m is not None:
                if ev.peer == s.index:
                    m.seats[ev.seat] = self.spec_for(ev.seat)
                    if m.seats[ev.seat].kind == "bot":
                        m.add_bot(ev.seat, m.seats[ev.seat].level)
                else:
                    m.seats[ev.seat] = self.remote_spec(ev.peer)
                    m.bots.pop(ev.seat, None)
            self.write_summary("running")
            self.say(f"{self.seat_title(ev.seat, True)} is back: "
                     + ("you play it" if ev.peer == s.index else f"{self.peer_name(ev.peer, True)} plays it")
                     + f" from tick {ev.tick}",
                     _("You play {seat} again").format(seat=self.seat_title(ev.seat)) if ev.peer == s.index else
                     _("{seat} is back ({name})").format(seat=self.seat_title(ev.seat), name=self.peer_name(ev.peer)))
        elif isinstance(ev, ClaimAsked):
            self.claim_requests.append(ev)  # the host's table asks its player
            self.say(f"{ev.name or self.peer_name(ev.peer, True)} asks to play {self.seat_title(ev.seat, True)}")
        elif isinstance(ev, ClaimRefused):
            self.claim_specs.pop(ev.seat, None)
            self.say(f"{self.seat_title(ev.seat, True)} could not be taken: {ev.reason}",
                     _("{seat} could not be taken: {reason}").format(seat=self.seat_title(ev.seat),
                                                                    reason=net_line(ev.reason)))
        elif isinstance(ev, CaughtUp):
            self.say(f"caught up at tick {ev.tick}: following live", _("Caught up: following the match live"))
        elif isinstance(ev, Desync):
            self.say(f"desync with peer {ev.peers[1]} first at tick {ev.tick}",
                     _("Desync detected at tick {tick}: the machines disagree (please report it)").format(
                         tick=format_number(ev.tick)))
        elif isinstance(ev, MatchEnded):
            if m is not None:
                m.control.on_end(ev)
            self.say(f"match over ({ev.reason}) at tick {ev.tick}, checksum {ev.checksum:#018x}")
            self.write_summary("ended")
        elif isinstance(ev, Failed):
            self.raw_failure = ev.reason
            self.failure_kind = ev.kind
            self.failure = explain(ev, self.transport.address[1])
            self.failure_log = explain(ev, self.transport.address[1], english=True)
            if self.online is not None and ev.kind == FailReason.UNREACHABLE:
                self.failure_log = ONLINE_UNREACHABLE
                self.failure = _(ONLINE_UNREACHABLE)
            if m is not None and m.ended is None:
                m.close_recording(abandoned=True)
            self.say(f"failed: {ev.reason}")
            self.write_summary("failed")

    @property
    def can_rejoin(self) -> bool:
        """A joiner who played seats in a running match and lost it (dropped, or the host went silent for them):
        it may join again and claim its seats back."""
        s = self.session
        if self.role == HOST or s is None or s.driver is None or not s.my_seats or s.end is not None:
            return False
        return self.failure_kind in (FailReason.REMOVED, FailReason.HOST_LOST)

    # --- for the HUD
    def hud(self) -> dict[str, Any]:
        """What the network HUD shows: ``ping_ms`` (the slowest link's mean RTT), ``ahead`` (ticks ahead of the
        slowest peer), ``rollbacks``, ``stalls``, ``silent`` (peers owning seats, or the host, not heard for 0.5 s).
        Reads only (draw may call it)."""
        s = self.session
        st = s.stats
        rtts = [ls.rtt for ls in st.links.values() if ls.rtt_samples]
        silent = [p for p in self.silent if (self.seats_of(p) or p == 0) and p not in self.gone]
        return {"ping_ms": int(round(max(rtts, default=0.0) * 1000)), "ahead": st.ticks_ahead,
                "rollbacks": st.rollbacks, "stalls": st.stalls, "silent": silent,
                "catching_up": s.catching_up, "late": s.late, "relayed": list(self.relayed)}

    def write_summary(self, phase: str) -> None:
        """Test hook (``--lan-summary``): a JSON file of where this peer stands."""
        if not self.summary_path:
            return
        s = self.session
        doc: dict[str, Any] = {"phase": phase, "role": self.role, "peer": s.index, "game": s.settings.game
                               if s.settings else None, "seed": s.seed, "late": s.late,
                               "first_frame": s.first_tick, "failure": s.failure,
                               "local_seats": list(s.local_seats), "claimed": sorted(set(s.seat_from))}
        if s.end is not None:
            m = self.match
            doc.update(frame=s.end.tick, checksum=s.end.checksum, reason=s.end.reason, deal=s.end.deal,
                       scores=list(m.rules.scores(m.state)) if m else None, desyncs=len(s.reported_pairs),
                       rollbacks=s.stats.rollbacks, dropped=sorted(s.dropped), owners=list(s.owners),
                       seats=[sp.spec for sp in m.seats] if m else None)
        try:
            tmp = Path(self.summary_path + ".tmp")
            tmp.write_text(json.dumps(doc), encoding="utf-8")
            tmp.replace(self.summary_path)
        except OSError as e:
            log.warning("cannot write %s: %s", self.summary_path, e)


def player_token(app: Any) -> bytes:
    """This player's token (16 bytes): who they are to a host across reconnections, so that a dropped seat goes back
    only to them (never to whoever takes their address). Kept in the settings folder (``lan-player-token``), so the
    game restarted on this profile is the same player; a fresh one if the folder cannot be read or written."""
    path = getattr(getattr(app, "settings", None), "path", None)
    if path is None:
        return secrets.token_bytes(16)
    path = Path(path).parent / "lan-player-token"
    try:
        token = bytes.fromhex(path.read_text(encoding="ascii").strip())
        if len(token) == 16:
            return token
    except (OSError, ValueError):
        pass
    token = secrets.token_bytes(16)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(token.hex(), encoding="ascii")
    except OSError as e:
        log.warning("cannot keep the LAN player token in %s: %s", path, e)
    return token


def _clock_of(app: Any) -> Callable[[], float]:
    return app.opts.time_source or time.monotonic
