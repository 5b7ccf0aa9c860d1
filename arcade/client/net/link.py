"""``LanLink``: this machine's side of a network match in the window, from the lobby through the matches to the
rematch: a netplay ``Session``, the one loop that runs it (``netplay.runner.Runner``), and what its events do at the
table (``arcade.client.net.effects``). See ``arcade.client.lan`` for LAN play as the player sees it.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any, Callable

from netplay.discovery import DISCOVERY_PORT, Announcer
from netplay.events import ClaimAsked, FailReason, Failed, NetEvent, Started
from netplay.protocol import HOST
from netplay.runner import Runner
from netplay.session import Session
from netplay.settings import MatchSettings, SessionConfig
from netplay.transport import UdpTransport

from arcade.core.i18n import N_, _
from arcade.core.match import Match, RemoteSeat, SeatSpec
from arcade.core.rng import seed_mix
from arcade.client.net.assembly import assemble_match
from arcade.client.net.effects import react
from arcade.client.net.script import Script
from arcade.client.net.setup import (LAN_TIMEOUT, LanError, accept_settings, bind_address, host_transport,
                                     joiner_transport, load_snapshot, match_settings, player_token, session_config,
                                     snapshot_bytes)
from arcade.client.net.status import NetStatus, Phase, status_of
from arcade.client.net.words import HOST_TIMEOUT, Said, peer_said, said, where_line
from arcade.client.thinking import in_background

__all__ = ["LanLink"]


class LanLink:
    """This machine's side of a network match. Build with ``LanLink.host(...)`` or ``LanLink.join(...)``; ``pump()``
    every tick (the lobby, the table and the screens over it call it; it updates the session once a tick, however
    often it is called); ``status()`` for the screens; ``close()`` when leaving. ``script``: the command line's
    scripted run (``arcade.client.net.script.Script``), None when a person plays."""

    def __init__(self, app: Any, role: str, transport: UdpTransport, code: str, name: str, local: list[SeatSpec],
                 clock: Callable[[], float]) -> None:
        self.app, self.role, self.transport, self.code, self.clock = app, role, transport, code, clock
        self.name = name[:24] or "Player"
        self.local = list(local)
        self.session: Session | None = None
        self.runner: Runner | None = None
        self.match: Match | None = None
        self.announcer: Announcer | None = None
        self.online: Any = None  # over the internet: the netplay.online OnlineHost (followed here) or OnlineJoin
        self.code_note = ""  # host online: why the code shown changed (netplay's English line; "" if it did not)
        self.join_failed: Said | None = None  # host online: the last friend who could not connect, and why
        self.script: Script | None = None
        self.told: list[tuple[float, Said]] = []  # recent notices (when, what)
        self.failed: Failed | None = None  # the session's failure, and how it is told (failure_said)
        self.failure_said: Said | None = None
        self.silent: dict[int, float] = {}  # peer -> when it went silent
        self.gone, self.left = set[int](), set[int]()  # peers gone; of them, those who said goodbye (not lost)
        self.relayed: list[int] = []  # the players whose inputs go through the host (last seen; a real-time game)
        self.claim_requests: list[ClaimAsked] = []  # host: spectators asking for a seat another player lost
        self.claim_specs: dict[int, SeatSpec] = {}  # joiner: seats to take back, with who plays them here
        self.player_token = player_token(app)  # who we are to the host across reconnections (a dropped seat's owner)
        self.game_id, self.plan, self.options = "", [], {}  # host
        self.settings: MatchSettings | None = None
        self.address, self.watch = None, False  # joiner: the host's (address, port), and whether it only watches
        self.broadcast = "127.255.255.255"
        self.timeout = LAN_TIMEOUT
        self.turn_clock = float(SessionConfig.turn_clock)  # host, a turn game: seconds a move (the lobby's setting)
        self.nonce: int | None = None
        self.matches = 0
        self.retry_until = self._retry_at = 0.0
        self._pumped_at: int | None = None  # the app tick of the last update

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
        transport = online.transport if online is not None else host_transport(bind, port)
        link = cls(app, HOST, transport, code, name, [s for s in plan if s.kind != "remote"], clock or _clock_of(app))
        link.game_id, link.plan, link.options, link.settings = game_id, list(plan), dict(options), settings
        link.broadcast, link.timeout, link.nonce, link.online = broadcast, timeout, nonce, online
        link.open_lobby()
        if online is None:
            try:
                link.announcer = Announcer(name, game_id, settings.rules_version, transport.address[1],
                                           settings.seats, link.session.free_seats(), settings.mode,
                                           settings.digest(), broadcast=broadcast, discovery_port=DISCOVERY_PORT,
                                           bind=bind)
            except OSError as e:
                link.tell(said("not-announced", N_("Not announced on the LAN ({error}); join by address."),
                               error=str(e.strerror or e)))
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
            transport = joiner_transport(bind_address(broadcast, getattr(app.settings, "lan_bind", "0.0.0.0")))
        link = cls(app, "join", transport, code, name, list(local), clock or _clock_of(app))
        link.online, link.address, link.watch, link.claim_specs = online, address, watch, dict(claim or {})
        link.broadcast, link.timeout, link.nonce = broadcast, timeout, nonce
        link.open_lobby()
        return link

    def config(self) -> SessionConfig:
        """The session's configuration (``session_config``), and a late joiner's snapshot codec."""
        timeout = self.timeout if self.role == HOST else min(self.timeout, HOST_TIMEOUT)  # the host: 5 s at most
        cfg = session_config(timeout, lan=self.online is None, turn_clock=self.turn_clock)
        cfg.snapshot_state, cfg.load_snapshot = snapshot_bytes, load_snapshot
        return cfg

    def open_lobby(self) -> None:
        """A new session: the host's lobby (again, for a rematch), or a join request."""
        now = self.clock()
        self.match = self.failed = self.failure_said = None
        self.silent, self.gone, self.left = {}, set(), set()
        nonce = None if self.nonce is None else seed_mix(self.nonce, self.matches)
        if self.role == HOST:
            self.session = Session.host(self.transport, self.settings, [s.kind == "remote" for s in self.plan],
                                        self.code, input_source=self.input_source, config=self.config(), now=now,
                                        nonce=nonce, name=self.name, auto_start=False, bots=self.host_bots())
            self.session.drop_level = self.app.settings.bot_level  # told to the joiners with each drop
        else:
            self.session = Session.join(self.transport, self.address, self.code,
                                        0 if self.watch else len(self.local), input_source=self.input_source,
                                        config=self.config(), now=now, nonce=nonce, accept=accept_settings,
                                        name=self.name, auto_ready=self.watch, claim=tuple(sorted(self.claim_specs)),
                                        token=self.player_token)
        self.runner = Runner(self.session, self.build)

    def rematch(self) -> None:
        """Back to the lobby after a match: the host opens a new lobby once the last session is done; a joiner asks
        again (retrying for a few seconds while the host is still finishing the last match)."""
        self.matches += 1
        if self.session is not None and not self.session.done:
            self.session.close("rematch")
        if self.claim_specs:  # a player who rejoined their seat plays again in the rematch
            self.local, self.watch = [self.claim_specs[k] for k in sorted(self.claim_specs)], False
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

    # --- who plays which seat here
    def spec_for(self, seat: int) -> SeatSpec:
        """The local player (human device or bot) of one of this machine's seats, named after this machine's player
        (``Match.seat_name`` numbers several), as the other machines name it: a joiner's seats, bots too, carry its
        player's name everywhere; the host's bot seats are "Bot N" everywhere (the roster tells the joiners)."""
        if seat in self.claim_specs:
            spec = self.claim_specs[seat]
        elif self.role == HOST:
            spec = self.plan[seat] if seat < len(self.plan) else SeatSpec("bot")
            spec = spec if spec.kind != "remote" else SeatSpec("bot", level=self.app.settings.bot_level)
        else:
            mine = sorted(self.session.my_seats)
            k = mine.index(seat) if seat in mine else 0
            spec = self.local[k] if k < len(self.local) else SeatSpec("bot", level=self.app.settings.bot_level)
        if spec.kind == "human" or (spec.kind == "bot" and self.role != HOST):
            return dataclasses.replace(spec, name=self.shown_name)
        return spec

    @property
    def shown_name(self) -> str:
        """This machine's player's name as every machine shows it: the one typed, or as the host made it unique in
        the match ("Ann 2" when another player here is already "Ann")."""
        s = self.session
        if s is not None and self.role != HOST:
            return next((p.name for p in s.peers() if p.peer == s.index and p.name), self.name)
        return self.name

    def host_bots(self) -> dict[int, str]:
        """Host: seat -> level of the host's seats a bot plays (told to the joiners with the lobby roster)."""
        s = self.session
        owners = s.owners if s is not None else [None if p.kind == "remote" else 0 for p in self.plan]
        return {i: spec.level for i, o in enumerate(owners) if o == 0 and (spec := self.spec_for(i)).kind == "bot"}

    def remote_spec(self, peer: int | None, seat: int | None = None) -> SeatSpec:
        """Another machine's seat, named after its player when the lobby said who; one of the host's bot seats is a
        bot here too (named "Bot N" at the table as on the host, never after the host's player)."""
        s = self.session
        if s is not None and peer == 0 and seat in s.seat_bots():
            return RemoteSeat("bot", level=s.seat_bots()[seat])
        if s is not None and peer == 0 and seat in s.dropped:
            return RemoteSeat("bot")  # dropped, the level not heard yet (the host sends it with the drop)
        names = {p.peer: p.name for p in s.peers()} if s is not None else {}
        return RemoteSeat("remote", name=names.get(peer, "") if peer is not None else "")

    def seats_of(self, peer: int) -> tuple[int, ...]:
        return tuple(i for i, o in enumerate(self.session.owners) if o == peer)

    def build(self, started: Started) -> Any:
        """The runner's ``build``: this machine's match (``assemble_match``) and its simulation."""
        s, app = self.session, self.app
        self.match = assemble_match(
            s, started, lambda i, o: self.spec_for(i) if o == s.index else self.remote_spec(o, i),
            think_ticks=app.opts.bot_think_ticks, bot_level=lambda: app.settings.bot_level, pump=self.pump,
            recordings=app.data_dir if app.opts.record else None, notice=lambda text: setattr(app, "notice", text),
            bot_ahead=in_background)
        return self.match.sim

    def input_source(self, seat: int, tick: int) -> int:
        return self.match.seat_input(seat, tick) if self.match is not None else 0

    def set_turn_clock(self, seconds: float) -> None:
        """Host in the lobby: each move's clock in a turn game (``netplay.turnclock.TURN_CLOCKS``; 0: none)."""
        self.turn_clock = float(seconds)
        if self.session is not None:
            self.session.config.turn_clock = self.turn_clock

    # --- what the players are told
    def tell(self, notice: Said) -> None:
        """A notice for the players' screen (worded when drawn), its code and English in the log."""
        self.told.append((self.clock(), notice))
        self.log(notice.log())

    def log(self, line: str) -> None:
        """A line for the log (printed when headless, English)."""
        if self.app.opts.headless:
            print(f"lan: {line}", flush=True)

    @property
    def notices(self) -> list[tuple[float, str]]:
        """The recent notices, (when, text) in the player's language."""
        return [(t, n.text()) for t, n in self.told]

    def peer_name(self, peer: int) -> str:
        """A peer's player's name, else "the host" or "peer N", in the player's language."""
        return str(peer_said(self.session, peer))

    @property
    def failure(self) -> str | None:
        """Why the session failed, in the player's language (None: it did not)."""
        return self.failure_said.text() if self.failure_said is not None else None

    @property
    def failure_kind(self) -> FailReason | None:
        return self.failed.kind if self.failed is not None else None

    @property
    def failure_facts(self) -> dict[str, Any]:
        return dict(self.failed.facts) if self.failed is not None else {}

    @property
    def where(self) -> str:
        """Where the host is, for the lobby: ``"192.168.1.20:47800"``, or "over the internet (through the relay)"
        (in the player's language)."""
        return where_line(self.online is not None, self.status().route, self.address)

    @property
    def can_rejoin(self) -> bool:
        """A joiner who played seats in a running match and lost it (dropped, or the host went silent for them):
        it may join again and claim its seats back (never after the host's goodbye: nobody to rejoin)."""
        s = self.session
        if self.role == HOST or s is None or not self.status().simulating or not s.my_seats or s.end is not None:
            return False
        return self.failure_kind in (FailReason.REMOVED, FailReason.HOST_LOST) and bool(self.failure_facts.get(
            "rejoin"))

    # --- the loop
    def status(self) -> NetStatus:
        return status_of(self)

    def pump(self) -> list[NetEvent]:
        """Update the session once this tick (``app.ticks``: a second call in the same tick does nothing), the
        announcer and the online code, and react to what happened (``arcade.client.net.effects``)."""
        s, now = self.session, self.clock()
        if s is None or self._pumped_at == self.app.ticks:
            return []
        self._pumped_at = self.app.ticks
        evs = self.runner.update(now)
        for ev in evs:
            react(self, ev, now)
        if self.role == HOST and self.online is not None:
            for ev in self.online.poll():  # what the code's meetings and connections did (netplay.online events)
                react(self, ev, now)
            self.online.follow(s, evs)
        st = self.status()
        self.relayed = list(st.relayed)
        if self.match is not None:
            self.match.control.record_confirmed()
            if self.role != HOST:  # other machines' seats follow the roster (a late joiner gets it after its table)
                for i, o in enumerate(s.owners):
                    if o != s.index and isinstance(self.match.seats[i], RemoteSeat) \
                            and (spec := self.remote_spec(o, i)) != self.match.seats[i]:
                        self.match.control.seat_to(i, spec)
        if self.role == HOST and st.phase == Phase.LOBBY:
            s.set_bots(self.host_bots())
        if self.announcer is not None:
            self.announcer.follow(s, now)
        if self.script is not None:
            self.script.step(self, evs, st)
        if self.role != HOST and st.phase == Phase.FAILED and self._retry_at <= now < self.retry_until \
                and s.failure_kind in (FailReason.STARTED, FailReason.UNREACHABLE):  # the host is finishing
            self._retry_at = now + 1.0
            self.open_lobby()
        self.told = [(t, n) for t, n in self.told if now - t < 6.0][-4:]
        return evs


def _clock_of(app: Any) -> Callable[[], float]:
    return app.opts.time_source or time.monotonic
