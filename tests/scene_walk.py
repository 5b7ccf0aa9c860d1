"""The scene walk of the language tests: every kind of screen the game has, drawn in one language, with what each
frame drew (``TextAudit``: places, overlaps, glyphs) and everything the render kit rendered on the way
(``TextLog``: sources, cuts).

``walk(tmp_path, lang)`` builds a fresh headless app in ``lang`` and visits: the title (each item chosen, so each
game's tagline shows; and with a match to resume), settings, key bindings, seat setup of each game (each option row chosen, so its help line
shows), Learn to play, the rules chooser and each game's rules page, the LAN menu, LAN settings, LAN host setup of
each game, join by address, the LAN browser (this machine only), each table mid-match with its pause menu and at
its results, each tutorial a few steps in, the replays list and a playback, and attract mode. Scenes are built in
``lang``, as a player who chose it would see them.

LAN and online play (``_lan_play``, ``_online``): two more clients in this process, the host Ann and the joiner Bob,
on one virtual clock over UDP on 127.0.0.1 (as ``tests/test_lan_client.py``): the browse list with Ann's match, join
by address typed in, the joiner connecting, both lobbies, the countdown, both LAN tables (a notice, the pause menu,
the lost-connection prompt on each side), both results (the joiner's with its deal line), the failure screens (a
wrong join code, a lost connection with Rejoin); online, the menu, host setup, join, Online servers, the host's and
the joiner's waiting screens, both lobbies over a loopback "internet" (``Meeting``: what ``netplay.online`` gives the
lobby, with no meeting server) and two failure lines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from arcade.client.render.audit import TextAudit, TextLog
from arcade.core import i18n
from client_helpers import make_app, run_ticks

TABLES = [("grit", "human,bot"), ("grenade", "human,bot,bot,bot"), ("grass", "human,bot,bot,bot"),
          ("cops_and_robbers", "human,bot,bot,bot"), ("grisbi", "human,bot,bot,bot"),
          ("grass", "human:wasd,human:arrows")]
"""The tables walked, seed 3, 900 ticks in (as in test_readability): one human and bots; and two humans at one
screen (the curtain between their turns)."""

PLAYER_NAME = "Ann"
JOINER, WATCHER = "Bob", "Cy"
LAN_CODE = "K7P-2X9"  # no two letters in a row: a code is not a word (the pseudo-locale's check)
ONLINE_CODE = "7-tiger-lamp"
SERVER_WORDS = ("ws", "relay", "magic", "wormhole", "io", "stun", "google", "com", "tiger", "lamp",
                *(f"lamp{'ẋ' * k}" for k in range(1, 8)))
"""Words of the servers' addresses and the internet code: names, not text (the code's last word with the
pseudo-locale's tail too, when a message ends with the code: "⟦çöďé 7-tiger-lampẋẋ⟧")."""


@dataclass
class Walk:
    lang: str
    frames: dict[str, TextAudit] = field(default_factory=dict)  # screen -> what its frame drew
    log: TextLog = field(default_factory=TextLog)
    missing: set[str] = field(default_factory=set)  # ids looked up that the language's catalogue lacks
    names: frozenset[str] = frozenset()  # words that are names, not text (players, languages)


def _draw(walk: Walk, where: str, scene) -> None:
    if hasattr(scene, "_bg"):
        scene._bg = None  # Grisbi caches its fixed labels: draw them again, under the audit
    walk.log.where = where
    with TextAudit() as audit:
        scene.draw(pygame.Surface((1280, 720)), 1.0)
    walk.frames[where] = audit


def _menus(app, log):
    from arcade.client.scenes.bindings import BindingsScene
    from arcade.client.scenes.learn import LearnScene
    from arcade.client.scenes.rules import RulesScene
    from arcade.client.scenes.setup import SeatSetupScene
    from arcade.client.scenes.settings import SettingsScene
    from arcade.games import REGISTRY

    title = app.top
    for k, (_label, what) in enumerate(title.items):
        title.sel = k
        yield f"title: {what}", title
    title.sel = 0
    yield "settings", SettingsScene(app)
    yield "bindings", BindingsScene(app)
    for gid in REGISTRY:
        setup = SeatSetupScene(app, gid)
        yield f"setup {gid}", setup
        for k, r in enumerate(setup.rows()):
            if r.startswith("opt"):
                setup.row = k
                yield f"setup {gid}: {r}", setup
    yield "learn", LearnScene(app)
    yield "rules", RulesScene(app, None)
    for gid in REGISTRY:
        yield f"rules {gid}", RulesScene(app, gid)


def _lan(app, log):
    from arcade.client.scenes.lan_browse import LanBrowseScene
    from arcade.client.scenes.lan_host import LanHostScene
    from arcade.client.scenes.lan_join import LanJoinScene
    from arcade.client.scenes.lan_menu import LanMenuScene
    from arcade.client.scenes.lan_name import LanNameScene
    from arcade.client.scenes.lan_settings import LanSettingsScene
    from arcade.games import REGISTRY

    app.settings.lan_broadcast = "127.255.255.255"  # the browser listens on this machine only
    yield "lan menu", LanMenuScene(app)
    yield "lan settings", LanSettingsScene(app)
    yield "lan name", LanNameScene(app, LanJoinScene)  # the first time: the name the others will see
    for gid in REGISTRY:
        setup = LanHostScene(app, gid)
        setup.code = LAN_CODE  # a fixed code: no word
        yield f"lan host {gid}", setup
    yield "lan join", LanJoinScene(app)
    browse = LanBrowseScene(app)
    try:
        yield "lan browse", browse
    finally:
        browse.close()


class _Clock:
    """A virtual clock for the LAN clients (one tick = 1/60 s)."""

    def __init__(self) -> None:
        self.t = 5000.0

    def __call__(self) -> float:
        return self.t


def _step(clock, apps, n: int, until=None) -> None:
    """``n`` ticks of every app in ``apps`` on ``clock`` (fewer once ``until()`` holds)."""
    for _i in range(n):
        clock.t += 1 / 60
        for a in apps:
            a.tick()
        if until is not None and until():
            return


def _free_port() -> int:
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _client(app, name: str, who: str, clock):
    """Another client in the walk's language, on ``clock``, its player named ``who``."""
    from pathlib import Path

    from arcade.core.i18n import language

    a = make_app(Path(app.opts.config_dir).parent / name, language=language(), time_source=clock,
                 bot_think_ticks=10)
    _text_size(a, app.settings.text_scale)
    a.settings.lan_name, a.settings.lan_broadcast = who, "127.255.255.255"
    return a


def _lan_play(app, log):
    from netplay.events import FailReason, Failed, PeerJoined

    from arcade.client.lan import LanLink, explain
    from arcade.client.net.effects import react
    from arcade.client.scenes.lan_browse import LanBrowseScene
    from arcade.client.scenes.lan_join import LanJoinScene
    from arcade.client.scenes.lan_lobby import LanLobbyScene
    from arcade.client.scenes.lan_message import LanMessageScene
    from arcade.client.scenes.pause import PauseScene
    from arcade.core.i18n import N_
    from arcade.core.match import SeatSpec
    from arcade.core.peerviews import DEAL_VERIFIED

    clock = _Clock()
    host, guest = _client(app, "lan-host", PLAYER_NAME, clock), _client(app, "lan-guest", JOINER, clock)
    port = _free_port()
    host.settings.lan_port = port
    log.where = "lan lobby host"
    hlink = LanLink.host(host, "grit", [SeatSpec("human", "wasd"), SeatSpec("remote")], {}, code=LAN_CODE, port=port,
                         name=PLAYER_NAME, broadcast="127.255.255.255", clock=clock)
    host.push(LanLobbyScene(host, hlink))
    links = [hlink]
    try:
        # the joiner's side: the browse list with Ann's match, join by address, a wrong code
        log.where = "lan browse list"
        browse = LanBrowseScene(guest)
        guest.push(browse)
        try:
            _step(clock, [host, guest], 400, lambda: any(browse.prober.results.get(a.address) for a in browse.found))
            yield "lan browse list", browse
        finally:
            browse.close()
            guest.pop()
        log.where = "lan join typed"
        join = LanJoinScene(guest, address=f"127.0.0.1:{port}")
        join.code.value, join.count = LAN_CODE, 2
        yield "lan join typed", join
        log.where = "lan message wrong code"
        wrong = LanLink.join(guest, ("127.0.0.1", port), "ZZZ-999", [SeatSpec("human", "wasd")], name=JOINER,
                             clock=clock)
        links.append(wrong)
        guest.push(LanLobbyScene(guest, wrong))
        _step(clock, [host, guest], 400, lambda: guest.top.name == "lan_message")
        yield "lan message wrong code", guest.top
        guest.pop()
        # the lobbies
        log.where = "lan lobby connecting"
        glink = LanLink.join(guest, ("127.0.0.1", port), LAN_CODE, [SeatSpec("human", "wasd")], name=JOINER,
                             clock=clock)
        links.append(glink)
        guest.push(LanLobbyScene(guest, glink))
        yield "lan lobby connecting", guest.top
        _step(clock, [host, guest], 400, lambda: len(hlink.session.peers()) == 2 == len(glink.session.peers()))
        log.where = "lan lobby"
        yield "lan lobby host", host.top
        yield "lan lobby joiner", guest.top
        glink.session.set_ready(True)
        _step(clock, [host, guest], 200, lambda: hlink.session.start_problem() is None)
        hlink.session.set_countdown(3.0)
        _step(clock, [host, guest], 10)
        yield "lan lobby countdown", host.top
        # the tables: a notice, the pause menu, the lost-connection prompt on each side
        log.where = "lan table"
        _step(clock, [host, guest], 600, lambda: host.top.name == "table" and guest.top.name == "table")
        react(hlink, PeerJoined(peer=2, address=("127.0.0.1", 9), seats=(), name=WATCHER, late=True), clock())
        _step(clock, [host, guest], 30)
        yield "lan table host", host.top
        yield "lan table joiner", guest.top
        yield "lan pause host", PauseScene(host, host.top)
        yield "lan pause joiner", PauseScene(guest, guest.top)
        _step(clock, [host], 90, lambda: bool(host.top.net.lost_prompt()))
        yield "lan table lost connection", host.top
        _step(clock, [host, guest], 90, lambda: not host.top.net.lost_prompt())
        _step(clock, [guest], 90, lambda: bool(guest.top.net.lost_prompt()))
        yield "lan table host lost", guest.top
        _step(clock, [host, guest], 90, lambda: not guest.top.net.lost_prompt())
        # the results
        log.where = "lan results"
        hlink.session.end_match()
        _step(clock, [host, guest], 900, lambda: host.top.name == "results" and guest.top.name == "results")
        if guest.top.name == "results":
            if guest.top.deal is None:
                guest.top.deal = DEAL_VERIFIED  # what a joiner's results say of a verified deal
            yield "lan results joiner", guest.top
        if host.top.name == "results":
            yield "lan results host", host.top
        log.where = "lan message connection lost"
        yield "lan message connection lost", LanMessageScene(
            guest, N_("Connection lost"), explain(Failed("lost", FailReason.HOST_LOST, {"rejoin": True})), glink)
    finally:
        for link in links:
            if not link.transport.closed:
                link.close()


class Meeting:
    """What the LAN lobby and the online waiting screen use of ``netplay.online``'s ``OnlineHost`` / ``OnlineJoin``:
    a code, a progress line, a route, and the transport (here UDP on 127.0.0.1: no meeting server, no ICE)."""

    def __init__(self, line: str, host_address=None, transport=None) -> None:
        self.code, self.line, self.host_address, self.transport = ONLINE_CODE, line, host_address, transport
        self.rendezvous = type("Rendezvous", (), {"code": ONLINE_CODE})()
        self.result = type("Result", (), {"route": "relay", "connect_s": 2.5})()

    def poll(self) -> list:
        return []

    def follow(self, session, events) -> None:
        pass

    def routes(self) -> dict:
        return {1: "direct"}

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


def _online(app, log):
    from netplay.transport import UdpTransport

    from arcade.client.scenes import online_menu, online_wait
    from arcade.client.scenes.online_common import failure_line
    from arcade.client.scenes.online_host import OnlineHostScene
    from arcade.client.scenes.online_join import OnlineJoinScene
    from arcade.client.scenes.online_settings import OnlineSettingsScene
    from arcade.client.lan import LanLink
    from arcade.client.scenes.lan_lobby import LanLobbyScene
    from arcade.client.scenes.lan_message import LanMessageScene
    from arcade.core.i18n import N_
    from arcade.core.match import SeatSpec

    log.where = "online menus"
    # no thread importing the meeting's libraries meanwhile
    warm_up, online_menu.warm_up = online_menu.warm_up, lambda: None
    try:  # (the text audit goes through sys.modules)
        menu = online_menu.OnlineMenuScene(app)
    finally:
        online_menu.warm_up = warm_up
    yield "online menu", menu
    for gid in ("grit", "grisbi"):
        yield f"online host {gid}", OnlineHostScene(app, gid)
    join = OnlineJoinScene(app, ONLINE_CODE)
    join.count = 2
    yield "online join", join
    yield "online servers", OnlineSettingsScene(app)
    # the waiting screens (the online part replaced by a ``Meeting`` saying where it is)
    log.where = "online waiting"
    real = online_wait.OnlineHost, online_wait.OnlineJoin
    online_wait.OnlineHost = lambda *a, **kw: Meeting("asking the meeting server for a code")
    online_wait.OnlineJoin = lambda *a, **kw: Meeting("met the host: checking the code")
    try:
        yield "online host waiting", online_wait.OnlineWaitScene(app, host=("grit", [SeatSpec("human", "wasd"),
                                                                               SeatSpec("remote")], {}))
        wait = online_wait.OnlineWaitScene(app, code=ONLINE_CODE, local=[SeatSpec("human", "wasd")])
        yield "online join waiting", wait
        wait.online.line = "trying the relay (TURN server) (3.4 s)"
        yield "online join waiting: relay", wait
    finally:
        online_wait.OnlineHost, online_wait.OnlineJoin = real
    # the lobbies over the "internet"
    clock = _Clock()
    host, guest = _client(app, "online-host", PLAYER_NAME, clock), _client(app, "online-guest", JOINER, clock)
    log.where = "online lobby"
    there = Meeting("code 7-tiger-lamp: waiting for players; a player is connecting: trying the relay (TURN server) "
                    "(3.4 s)", transport=UdpTransport(("127.0.0.1", 0)))
    hlink = LanLink.host(host, "grit", [SeatSpec("human", "wasd"), SeatSpec("remote")], {}, code=ONLINE_CODE, port=0,
                         name=PLAYER_NAME, broadcast="127.255.255.255", clock=clock, online=there)
    links = [hlink]
    try:
        here = Meeting("connected through the relay in 2.5 s", host_address=there.transport.address,
                       transport=UdpTransport(("127.0.0.1", 0)))
        glink = LanLink.join(guest, here.host_address, ONLINE_CODE, [SeatSpec("human", "wasd")], name=JOINER,
                             clock=clock, online=here)
        links.append(glink)
        host.push(LanLobbyScene(host, hlink))
        guest.push(LanLobbyScene(guest, glink))
        _step(clock, [host, guest], 400, lambda: len(hlink.session.peers()) == 2 == len(glink.session.peers()))
        yield "online lobby host", host.top
        yield "online lobby joiner", guest.top
    finally:
        for link in links:
            if not link.transport.closed:
                link.close()
    log.where = "online failures"
    yield "online message no host", LanMessageScene(app, N_("Cannot join"), failure_line(
        "no-host", "no one is hosting with code 98-tiger-lamp: check it, or ask the host for a new one (codes expire "
                   "when the host stops)"))
    yield "online message no route", LanMessageScene(app, N_("Cannot join"), failure_line(
        "no-route", "no direct route to the other player; setting a TURN relay server helps"))


def _finish(app, table) -> None:
    """Bots play the humans' seats and the match runs to its end."""
    from arcade.games.bots import BotSeat

    match = table.match
    for seat, spec in enumerate(match.seats):
        if spec.kind == "human":
            match.bots[seat] = BotSeat(match.game_id, seat, "normal", match.seed, think_ticks=0)
    for bot in match.bots.values():
        bot.think_ticks = 0
    for _i in range(20000):
        if match.is_over():
            break
        match.tick()
    table.after_tick()


def _tables(app, log):
    from arcade.client.play import start_match
    from arcade.client.scenes.pause import PauseScene, go_title
    from arcade.core.match import parse_seats

    for game, seats in TABLES:
        name = game if seats.count("human") == 1 else f"{game} {seats.count('human')} humans"
        log.where = f"{name} table"
        start_match(app, game, parse_seats(seats), 3, {})
        table = app.top
        run_ticks(app, 900)
        yield f"{name} table", table
        yield f"{name} pause", PauseScene(app, table)
        log.where = f"{name} results"
        _finish(app, table)
        if table.match.is_over():
            yield f"{name} results", app.open("results", table)
        go_title(app)


def _tutorials(app, log):
    from arcade.client.play import start_tutorial
    from arcade.client.scenes.pause import go_title
    from arcade.games import REGISTRY, definition_of

    for gid in REGISTRY:
        if definition_of(gid).tutorial:
            log.where = f"{gid} tutorial"
            start_tutorial(app, gid)
            run_ticks(app, 400)
            yield f"{gid} tutorial", app.top
            go_title(app)


def _replays(app, log):
    from arcade.client.play import start_match
    from arcade.client.scenes.attract import AttractScene
    from arcade.client.scenes.pause import go_title
    from arcade.client.scenes.replays import PlaybackScene, ReplaysScene
    from arcade.core.match import parse_seats
    from arcade.core.replay import list_replays

    log.where = "title: resume"
    start_match(app, "grit", parse_seats("human,bot"), 5, {})
    run_ticks(app, 60)
    go_title(app, keep_resumable=True)  # left from the pause: the title offers to resume it
    app.top.build_items()
    yield "title: resume", app.top
    yield "replays", ReplaysScene(app)
    reps, _bad = list_replays(app.data_dir)
    log.where = "playback"
    if reps:
        playback = PlaybackScene(app, reps[0])
        for _i in range(120):
            playback.update()
        yield "playback", playback
    log.where = "attract"
    demo = AttractScene(app)
    for _i in range(300):
        demo.update()
    yield "attract", demo


def _text_size(app, percent: int) -> None:
    """``app`` at Settings → Display… → Text size ``percent``, as a player who chose it."""
    from arcade.client.render import fonts

    app.settings.text_scale = percent
    fonts.set_text_scale(percent)


def walk(tmp_path, lang: str, text_scale: int = 100) -> Walk:
    """Every screen in ``lang`` (a code of ``i18n.LANGUAGES`` or ``i18n.PSEUDO``), drawn once each, with every text
    at ``text_scale`` % (Settings → Display… → Text size: 100, 125 or 150). The render kit is left at 100 %."""
    from arcade.core.i18n import LANGUAGES

    w = Walk(lang)
    app = make_app(tmp_path / f"{lang}-{text_scale}", language=lang)
    _text_size(app, text_scale)
    app.settings.lan_name = PLAYER_NAME
    w.names = frozenset([PLAYER_NAME, JOINER, WATCHER, *SERVER_WORDS, *LANGUAGES.values()])
    i18n.MISSING = w.missing
    clear_caches()
    try:
        with w.log:
            run_ticks(app, 2)
            for part in (_menus, _lan, _lan_play, _online, _tables, _tutorials, _replays):
                for where, scene in part(app, w.log):
                    _draw(w, where, scene)
    finally:
        i18n.MISSING = None
        _text_size(app, 100)
    return w


def clear_caches() -> None:
    """Empty every module-level ``functools`` cache of the game (text surfaces, card art, hint lines...), so that
    the next walk renders every text again under its ``TextLog``, whatever earlier tests left cached."""
    import sys

    for name, mod in list(sys.modules.items()):
        if not name.startswith("arcade"):
            continue
        for obj in list(vars(mod).values()):
            if callable(getattr(obj, "cache_clear", None)) and getattr(obj, "__module__", "") == name:
                obj.cache_clear()
