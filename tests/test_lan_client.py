"""The LAN screens driven like a player would, with two or three real clients in this process over UDP on
127.0.0.1 and a virtual clock (one tick = 1/60 s for every client; the sockets deliver within the tick).

- The whole flow: title → LAN → Host (Grit, a human and an open seat, the join code) → Browse on the other client
  (the host found on the loopback broadcast address, with its ping) → Join (typing the code) → lobby (ready flags,
  Start, countdown) → the match with the network HUD → a peer going silent (the lost-connection prompt) and coming
  back → the same end on both → back to the lobby for a rematch. Screenshots of each are saved (and checked).
- A spectator watching from the join screen, then taking over the seat of a player whose machine died.
- Every failure has one clear message: wrong code, game full, version mismatch, host gone, port in use.

Set ``LAN_SHOTS=/some/folder`` to keep the screenshots.
"""

from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path
from typing import Any

import pygame
import pytest

from netplay.events import FailReason, Failed

from netplay.discovery import lan_interfaces

import arcade.client.lan as lan
from arcade.games import REGISTRY
import arcade.client.net.link as netlink
from arcade.client.lan import LanLink, RemoteSeat
from arcade.client.net.script import Script
from arcade.core.match import Match
from arcade.core.match import SeatSpec
from arcade.core.replay import read_replay, verify_replay
from arcade.client.scenes.lan_lobby import LanLobbyScene
from arcade.client.scenes.textfield import TextField
from arcade.client.settings import load_settings, save_settings
from client_helpers import make_app, picture_facts


class Clock:
    def __init__(self) -> None:
        self.t = 5000.0

    def __call__(self) -> float:
        return self.t


def free_port() -> int:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


KEYS = {"enter": pygame.K_RETURN, "up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
        "right": pygame.K_RIGHT, "esc": pygame.K_ESCAPE, "tab": pygame.K_TAB, "-": pygame.K_MINUS}


def keycode(k: str) -> int:
    return KEYS.get(k) or pygame.key.key_code(k.lower())


class World:
    """Clients ticking together on one virtual clock."""

    def __init__(self, tmp_path: Path) -> None:
        self.clock = Clock()
        self.tmp = tmp_path
        self.apps: dict[str, object] = {}
        self.frozen: set[str] = set()
        self.shots = os.environ.get("LAN_SHOTS")

    def app(self, name: str, **kw):
        kw.setdefault("bot_think_ticks", 10)
        a = make_app(self.tmp / name, time_source=self.clock, **kw)
        a.settings.lan_name_asked = True  # players who chose their name before (the first time: test_lan_names)
        if lan_interfaces():  # not in a private network namespace (see .ci/run): keep to this machine
            a.settings.lan_broadcast = "127.255.255.255"
        self.apps[name] = a
        return a

    def close(self) -> None:
        """Close every connection the clients' screens still hold (a LAN link; an online meeting not yet a link)."""
        for a in self.apps.values():
            for scene in a.stack:
                link = getattr(scene, "link", None)
                if link is not None and not link.transport.closed:
                    link.close()
                online = getattr(scene, "online", None)
                if online is not None:
                    online.close()

    def advance(self) -> None:
        """One tick of time (1/60 s on the virtual clock)."""
        self.clock.t += 1 / 60

    def step(self, n: int = 1, until=None) -> int:
        for i in range(n):
            self.advance()
            for name, a in self.apps.items():
                if name not in self.frozen and a.running:
                    a.tick()
            if until is not None and until():
                return i
        return n

    def wait(self, cond, n: int, what: str) -> None:
        k = self.step(n, cond)
        assert cond(), f"{what} not within {n} ticks ({k})"

    def press(self, app, *keys: str) -> None:
        for k in keys:
            code = keycode(k)
            for down in (True, False):
                app.input.handle_event(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=code, mod=0,
                                                          unicode="", scancode=0))
            self.step(1)

    def shot(self, app, name: str) -> dict:
        app.draw(1.0)
        path = self.tmp / f"{name}.png"
        app.save_screenshot(path)
        if self.shots:
            Path(self.shots).mkdir(parents=True, exist_ok=True)
            shutil.copy(path, Path(self.shots) / f"{name}.png")
        return picture_facts(app.screen)


def choose(world: World, app, what: str) -> None:
    """On a menu scene with ``items`` and ``sel``: move to ``what`` and select it."""
    top = app.top
    items = getattr(top, "items", None) or top.ITEMS
    items = [it[1] if isinstance(it, tuple) else it for it in (items() if callable(items) else items)]
    target = items.index(what)
    while app.top.sel != target:
        world.press(app, "down")
    world.press(app, "enter")


def text_of(app) -> str:
    """Every string the top scene would show is hard to get; the notice or the message is enough here."""
    top = app.top
    return getattr(top, "text", "") or app.notice


@pytest.fixture
def world(tmp_path):
    w = World(tmp_path)
    yield w
    w.close()


def test_host_browse_join_lobby_match_lost_connection_and_rematch_through_the_menus(world):
    host = world.app("host")
    guest = world.app("guest")
    port = free_port()
    host.settings.lan_port = port
    host.settings.lan_name, guest.settings.lan_name = "Ann", "Bob"
    # --- host: Title → LAN → Host a match, Grit, one human and one open seat
    choose(world, host, "lan")
    assert host.top.name == "lan"
    choose(world, host, "Host a match")
    setup = host.top
    assert setup.name == "lan_host"
    while setup.row:
        world.press(host, "up")
    while setup.gid != "grit":
        world.press(host, "right")
    assert [s.kind for s in setup.choices[:setup.players]] == ["human", "remote"]
    code = setup.code
    assert len(code) == 7 and code[3] == "-"
    facts = world.shot(host, "lan_host")
    assert facts["colours"] > 8
    world.press(host, "tab")  # START of the WASD zone: open the lobby
    assert host.top.name == "lan_lobby"
    hlink = host.top.link
    # product defaults (in a private namespace, where only loopback exists): bound on every interface
    assert hlink.transport.address == ("127.0.0.1" if lan_interfaces() else "0.0.0.0", port)
    # --- guest: Title → LAN → Browse: the host is heard on the loopback broadcast address, with its ping
    choose(world, guest, "lan")
    choose(world, guest, "Browse the LAN")
    browse = guest.top
    assert browse.name == "lan_browse"

    def listed():
        mine = [a for a in browse.found if a.address == ("127.0.0.1", port)]
        return bool(mine) and browse.prober.results.get(mine[0].address) is not None

    world.wait(listed, 240, "the host in the browser with a ping")
    entry = next(a for a in browse.found if a.address == ("127.0.0.1", port))
    assert (entry.name, entry.game, entry.free_seats, entry.playing) == ("Ann", "grit", 1, False)
    world.step(5)
    facts = world.shot(guest, "lan_browse")
    assert facts["colours"] > 8
    browse.sel = browse.found.index(entry)
    world.press(guest, "enter")
    join = guest.top
    assert join.name == "lan_join" and join.address.value == f"127.0.0.1:{port}" and join.row == 1
    assert join.code.editing  # the code row has focus: typed at once (upper case and dash as typed)
    world.press(guest, *code.lower())
    world.press(guest, "down")
    assert join.code.value == code and join.rows()[join.row] == "count"
    world.press(guest, "down")
    while join.players[0] != SeatSpec("bot", level="normal"):
        world.press(guest, "right")
    world.press(guest, "down", "enter")
    assert guest.top.name == "lan_lobby"
    glink = guest.top.link
    world.wait(lambda: len(hlink.session.peers()) == 2 and len(glink.session.peers()) == 2, 120, "the roster")
    world.step(40)
    hs, gs = hlink.session, glink.session
    assert [(p.name, p.seats, p.ready) for p in gs.peers()] == [("Ann", (0,), True), ("Bob", (1,), False)]
    assert hs.start_problem() == "waiting for Bob to be ready"
    facts = world.shot(host, "lan_lobby")
    assert facts["colours"] > 8
    # the guest presses Ready; the host presses Start; a countdown on both screens
    world.press(guest, "enter")
    world.wait(lambda: hs.start_problem() is None, 60, "Bob ready")
    while host.top.items()[host.top.sel] != "start":
        world.press(host, "down")
    world.press(host, "enter")
    world.step(40)
    assert 1.5 < gs.countdown_left() < 3.0
    world.shot(guest, "lan_lobby_countdown")
    world.wait(lambda: host.top.name == "table" and guest.top.name == "table", 400, "both tables")
    htable, gtable = host.top, guest.top
    hm: Match = htable.match
    assert isinstance(hm, Match) and type(hm.control).__name__ == "NetSeats"  # one Match class: the remote seats are a controller
    assert hm.human_seats() == [0] and isinstance(hm.seats[1], RemoteSeat)
    assert hm.seats[1].name == "Bob" and gtable.match.human_seats() == []
    # player names at the table on both machines (issue 13): Ann's human seat, Bob's seat played on his machine
    assert (htable.seat_name(0), htable.seat_name(1)) == ("Ann", "Bob")
    assert (gtable.seat_name(0), gtable.seat_name(1)) == ("Ann", "Bob")  # Bob's bot seat: "Bob" on both screens
    assert htable.seating.viewer() == 0 and gtable.seating.viewer() is None  # each machine: its own humans' hands

    def play(n):  # the host's human presses keys as in the local Grit test
        for k in range(n):
            t = host.top.ticks if host.top.name == "table" else k
            if t % 25 == 5:
                world.press(host, "e")
            elif t % 75 == 17:
                world.press(host, "d")
            elif t % 110 == 30:
                world.press(host, "s")
            else:
                world.step(1)
            if hm.is_over():
                return

    play(60)
    assert not hm.is_over()
    facts = world.shot(host, "lan_match_hud")
    assert facts["white"] > 0.02 and facts["felt"] > 0.3
    # the guest's machine goes silent: the host shows the lost-connection prompt; the host-authoritative match goes
    # on (the host never waits for anyone; Bob's seat simply does not act)
    world.frozen.add("guest")
    world.step(50)
    prompt = htable.net.lost_prompt()
    assert prompt is not None and prompt[0] == 1 and "Let a bot take the seat" in prompt[1]
    assert list(hlink.status().silent) == [1]
    frame = hlink.runner.sim.tick
    world.step(20)
    assert hlink.runner.sim.tick - frame >= 18
    facts = world.shot(host, "lan_lost_connection")
    assert facts["colours"] > 8
    world.frozen.clear()  # Bob is back before the timeout: the prompt goes, the match goes on
    world.wait(lambda: htable.net.lost_prompt() is None, 60, "Bob resumed")
    play(3000)
    world.wait(lambda: host.top.name == "results" and guest.top.name == "results", 400, "both results")
    assert host.results[-1]["checksum"] == guest.results[-1]["checksum"]
    assert host.results[-1]["frame"] == guest.results[-1]["frame"] == hm.ended.tick
    assert hm.ended.reason == "game over" and not hs.desyncs
    world.shot(host, "lan_results")
    (rh,) = [read_replay(p) for p in (world.tmp / "host" / "data" / "replays").glob("*.grr")]
    (rg,) = [read_replay(p) for p in (world.tmp / "guest" / "data" / "replays").glob("*.grr")]
    assert rh.header["lan"] and rh.runs == rg.runs and rh.end == rg.end and verify_replay(rh).ok
    assert rh.header["seats"] == ["human:wasd", "remote"] and rg.header["seats"] == ["remote", "bot:normal"]
    # back to the lobby for a rematch: a new lobby, and Bob is in it again
    world.step(20)
    world.press(host, "enter")
    world.press(guest, "enter")
    assert host.top.name == "lan_lobby" and guest.top.name == "lan_lobby"
    world.wait(lambda: len(hlink.session.peers()) == 2 and hlink.session.phase == "lobby", 600, "the rematch lobby")
    world.wait(lambda: [p.name for p in glink.session.peers()] == ["Ann", "Bob"], 60, "the roster again")


def host_and_ada(world: World, game: str, code: str) -> tuple[Any, Any, LanLink, LanLink, int]:
    """The host (a bot and a remote seat of ``game``) and Ada (a bot) at their tables, on loopback: (host app, ada
    app, host link, ada link, port)."""
    host, ada = world.app("host"), world.app("ada")
    port = free_port()
    host.settings.lan_port = port
    hlink = LanLink.host(host, game, [SeatSpec("bot"), SeatSpec("remote")], {}, code=code, port=port,
                         name="Host", broadcast="127.255.255.255", clock=world.clock, timeout=2.0)
    hlink.script = Script(auto=True)
    host.push(LanLobbyScene(host, hlink))
    alink = LanLink.join(ada, ("127.0.0.1", port), code, [SeatSpec("bot")], name="Ada", clock=world.clock,
                         timeout=2.0)
    alink.script = Script(auto=True)
    ada.push(LanLobbyScene(ada, alink))
    world.wait(lambda: host.top.name == "table" and ada.top.name == "table", 400, "the match")
    return host, ada, hlink, alink, port


def test_a_spectator_watches_from_the_join_screen_then_takes_over_a_seat_whose_player_left(world):
    host, ada, hlink, alink, port = host_and_ada(world, "grisbi", "SPC-123")
    sam = world.app("sam")
    world.step(200)
    # Sam opens Join by address, types the code, chooses nobody here: Watch
    choose(world, sam, "lan")
    choose(world, sam, "Join by address")
    js = sam.top
    js.address.value = f"127.0.0.1:{port}"
    js.row = 1
    world.press(sam, "s", "p", "c", "1", "2", "3", "down")
    world.press(sam, "left")
    assert js.count == 0 and js.rows()[-1] == "go"
    world.press(sam, "down", "enter")
    world.wait(lambda: sam.top.name == "table", 300, "the spectator's table")
    slink = sam.top.net.link
    assert slink.session.late and slink.session.local_seats == []
    world.wait(lambda: not slink.session.catching_up, 120, "catching up")
    assert sam.top.seating.viewer() is None  # a spectator sees public information only
    world.wait(lambda: sam.top.seat_name(0) == "Bot 1", 60, "the host's bot named as a bot")  # issue 13
    assert [sam.top.seat_name(i) for i in range(2)] == [host.top.seat_name(i) for i in range(2)] == ["Bot 1", "Ada"]
    # Ada's machine dies: after the timeout the host's bot plays her seat, and Sam is offered it
    world.frozen.add("ada")
    alink.transport.close()
    world.wait(lambda: sam.top.net.claimable() == [1], 400, "the seat offered to the spectator")
    facts = world.shot(sam, "lan_spectator_claim")
    assert facts["colours"] > 8
    world.press(sam, "e")  # Sam's WASD select key asks for the seat
    # Sam is not the player who lost it (another player token): the host decides (issue 27, "token only, or the
    # host's choice"); its table asks, the first choice lets Sam play it
    world.wait(lambda: host.top.net.claim_prompt() is not None, 120, "the host asked")
    assert host.top.net.claim_prompt()[1] == [f"Let {slink.name} play it", "Keep the bot"]
    assert world.shot(host, "lan_host_asked_for_a_seat")["colours"] > 8
    world.press(host, "enter")
    world.wait(lambda: slink.session.local_seats == [1], 120, "the seat handed over")
    assert sam.top.match.human_seats() == [1] and sam.top.seating.viewer() == 1
    assert hlink.session.owners[1] == slink.session.index
    hlink.session.end_match()
    world.wait(lambda: hlink.session.end is not None and slink.session.end is not None, 300, "the end")
    assert hlink.session.end.checksum == slink.session.end.checksum
    assert hlink.session.end.tick == slink.session.end.tick


def test_a_refused_claim_in_a_host_authoritative_turn_game_is_shown_on_the_claimants_screen(world):
    """Issue #12: in a turn game (host-authoritative) the host's refusal of a seat claim reaches the claimant, whose
    screen says why, instead of the claim being asked again forever."""
    host, ada, hlink, alink, port = host_and_ada(world, "grass", "TRN-123")
    sam = world.app("sam")
    assert hlink.session.auth is not None  # a turn game: host-authoritative
    # Sam watches and claims seat 1, which Ada still plays: the host refuses
    slink = LanLink.join(sam, ("127.0.0.1", port), "TRN123", [], name="Sam", clock=world.clock, timeout=2.0,
                         watch=True, claim={1: SeatSpec("human", "arrows")})
    slink.script = Script(auto=True)
    sam.push(LanLobbyScene(sam, slink))
    world.wait(lambda: any("could not be taken" in n for _, n in slink.notices), 400, "the refusal shown")
    assert [n for _, n in slink.notices if "could not be taken" in n][0].endswith("another player plays it")
    assert world.shot(sam, "lan_claim_refused")["colours"] > 8
    assert not slink.session.claim_pending and slink.claim_specs == {}
    assert hlink.session.owners[1] == alink.session.index and slink.session.phase == "running"


def test_the_hosts_bot_seats_are_bots_on_the_joiners_lobby_table_and_results(world):
    """Issue 13: a joiner names the host's bot seats "Bot (level)" in the lobby and "Bot N" at the table and in the
    result line, as the host does, never after the host's player."""
    host, bob = world.app("host"), world.app("bob")
    port = free_port()
    plan = [SeatSpec("human", "wasd"), SeatSpec("bot", level="hard"), SeatSpec("remote")]
    hlink = LanLink.host(host, "grenade", plan, {}, code="BOT-123", port=port, name="Ann",
                         broadcast="127.255.255.255", clock=world.clock)
    host.push(LanLobbyScene(host, hlink))
    blink = LanLink.join(bob, ("127.0.0.1", port), "BOT123", [SeatSpec("human", "arrows")], name="Bob",
                         clock=world.clock)
    bob.push(LanLobbyScene(bob, blink))
    world.wait(lambda: len(blink.session.peers()) == 2, 120, "the roster")
    world.step(10)
    hlobby, blobby = host.top, bob.top
    assert [blobby.seat_holder(i)[:2] for i in range(3)] == [
        ("Ann", "on the host"), ("Bot (hard)", "on the host"), ("Bob (here)", "Arrow keys")]
    assert [hlobby.seat_holder(i)[0] for i in range(2)] == ["Ann (here)", "Bot (hard)"]
    world.shot(bob, "lan_lobby_host_bot")
    hlink.script, blink.script = Script(auto=True), Script(auto=True)
    world.wait(lambda: host.top.name == "table" and bob.top.name == "table", 400, "both tables")
    htable, btable = host.top, bob.top
    assert [btable.seat_name(i) for i in range(3)] == [htable.seat_name(i) for i in range(3)] == ["Ann", "Bot 2",
                                                                                               "Bob"]
    assert btable.match.bots == {}  # the host's bot plays on the host, not here
    world.shot(bob, "lan_table_host_bot")
    assert btable.match.result_label() == htable.match.result_label()


def test_a_dropped_player_rejoins_their_seat_from_the_message_screen(world):
    host, bob = world.app("host"), world.app("bob")
    port = free_port()
    hlink = LanLink.host(host, "grisbi", [SeatSpec("bot"), SeatSpec("remote")], {}, code="RJN-111", port=port,
                         name="Host", broadcast="127.255.255.255", clock=world.clock, timeout=2.0)
    hlink.script = Script(auto=True)
    host.push(LanLobbyScene(host, hlink))
    blink = LanLink.join(bob, ("127.0.0.1", port), "RJN-111", [SeatSpec("human", "arrows")], name="Bob",
                         clock=world.clock, timeout=2.0)
    blink.script = Script(auto=True)
    bob.push(LanLobbyScene(bob, blink))
    world.wait(lambda: host.top.name == "table" and bob.top.name == "table", 400, "the match")
    world.step(300)
    world.frozen.add("bob")  # Bob's machine stalls for 3 s: the host's bot takes his seat after 2 s
    world.wait(lambda: hlink.session.dropped == {1: 1}, 200, "the seat dropped")
    assert host.top.match.seats[1].kind == "bot"
    world.step(40)
    world.frozen.clear()
    world.wait(lambda: bob.top.name == "lan_message", 120, "Bob told he was dropped")
    msg = bob.top
    assert "rejoin" in msg.text.lower() and msg.items() == ["Rejoin my seat", "Back"]
    world.shot(bob, "lan_dropped_message")
    world.press(bob, "enter")
    assert bob.top.name == "lan_lobby"
    link2 = bob.top.link
    assert link2 is not blink and link2.watch and link2.claim_specs == {1: SeatSpec("human", "arrows")}
    world.wait(lambda: link2.session.local_seats == [1], 400, "the seat back")
    assert bob.top.name == "table" and bob.top.match.human_seats() == [1] and bob.top.seating.viewer() == 1
    assert hlink.session.owners[1] == link2.session.index and host.top.match.seats[1].kind == "remote"
    hlink.session.end_match()
    world.wait(lambda: hlink.session.end is not None and link2.session.end is not None, 300, "the end")
    assert (hlink.session.end.tick, hlink.session.end.checksum) == (link2.session.end.tick,
                                                                     link2.session.end.checksum)


def test_a_table_holding_its_match_never_holds_a_lan_match(world, monkeypatch):
    """Grass holds its match during the scoring breakdown, Grenade and Cops & Robbers during animations: in LAN the
    session keeps simulating (the table only stops asking), so no peer is stalled by another's screen."""
    host, bob = world.app("host"), world.app("bob")
    port = free_port()
    hlink = LanLink.host(host, "grit", [SeatSpec("human", "wasd"), SeatSpec("remote")], {}, code="HLD", port=port,
                         name="Host", broadcast="127.255.255.255", clock=world.clock)
    hlink.script = Script(auto=True)
    host.push(LanLobbyScene(host, hlink))
    blink = LanLink.join(bob, ("127.0.0.1", port), "HLD", [SeatSpec("bot")], name="Bob", clock=world.clock)
    blink.script = Script(auto=True)
    bob.push(LanLobbyScene(bob, blink))
    world.wait(lambda: host.top.name == "table", 400, "the match")
    from arcade.games.grit.table import scene as grit_table

    monkeypatch.setattr(grit_table.Table, "step", lambda self: self.after_tick())  # never calls match.tick()
    before = (hlink.runner.sim.tick, blink.runner.sim.tick)
    world.step(120)
    assert hlink.runner.sim.tick - before[0] >= 110 and blink.runner.sim.tick - before[1] >= 110
    monkeypatch.setattr(grit_table.Table, "step", lambda self: self.match.idle_tick())  # an animation's idle tick
    f = hlink.runner.sim.tick
    world.step(60)
    assert hlink.runner.sim.tick - f >= 55


def _refused(world, guest, port, code, seats=1, watch=False):
    glink = LanLink.join(guest, ("127.0.0.1", port), code, [SeatSpec("bot")] * seats, name="G", clock=world.clock,
                         watch=watch)
    guest.push(LanLobbyScene(guest, glink))
    world.wait(lambda: guest.top.name == "lan_message", 400, "a message")
    return guest.top.text


def test_every_failure_has_one_clear_message(world, monkeypatch):
    host = world.app("host")
    port = free_port()
    hlink = LanLink.host(host, "grit", [SeatSpec("bot"), SeatSpec("remote")], {}, code="GOOD-1", port=port,
                         name="Host", broadcast="127.255.255.255", clock=world.clock)
    host.push(LanLobbyScene(host, hlink))
    g1 = world.app("g1")
    assert _refused(world, g1, port, "BAD-99").startswith("Wrong join code")
    g2 = world.app("g2")
    assert _refused(world, g2, port, "GOOD-1", seats=2) == (
        "The match is full (2 asked, 1 free). Ask the host to open a seat, or join with no players here to watch.")
    # a host with other rules: a version mismatch, named
    real = lan.match_settings
    monkeypatch.setattr(netlink, "match_settings", lambda *a, **k: real(*a, **k).replace(rules_version=99))
    port2 = free_port()
    h2 = world.app("h2")
    l2 = LanLink.host(h2, "grit", [SeatSpec("bot"), SeatSpec("remote")], {}, code="V", port=port2, name="Old",
                      broadcast="127.255.255.255", clock=world.clock)
    h2.push(LanLobbyScene(h2, l2))
    g3 = world.app("g3")
    msg = _refused(world, g3, port2, "V")
    assert msg.startswith("Version mismatch") and "99" in msg and str(REGISTRY["grit"].version) in msg
    monkeypatch.undo()
    # the port is already in use (the first host still holds it)
    h3 = world.app("h3")
    with pytest.raises(lan.LanError, match=f"Port {port} is already in use"):
        LanLink.host(h3, "grit", [SeatSpec("bot"), SeatSpec("remote")], {}, code="X", port=port, name="X",
                     broadcast="127.255.255.255", clock=world.clock)
    # nobody at an address
    g4 = world.app("g4")
    assert _refused(world, g4, free_port(), "X").startswith("No host answered")
    # the host goes away in the lobby
    g5 = world.app("g5")
    glink = LanLink.join(g5, ("127.0.0.1", port), "GOOD1", [SeatSpec("bot")], name="G5", clock=world.clock)
    g5.push(LanLobbyScene(g5, glink))
    world.wait(lambda: glink.session.phase == "lobby", 120, "g5 in the lobby")
    world.frozen.add("host")
    hlink.transport.close()
    world.wait(lambda: g5.top.name == "lan_message", 60 * 20, "host gone")
    assert g5.top.text == "The host is gone: the connection was lost."
    facts = world.shot(g5, "lan_host_gone")
    assert facts["colours"] > 4


def test_typing_in_a_text_field():
    pygame.init()
    f = TextField("", "code", 8)
    f.start()
    assert f.feed([pygame.K_a, pygame.K_b, pygame.K_MINUS, pygame.K_KP1, pygame.K_PERIOD]) is None
    assert f.value == "AB-1"
    f.feed([pygame.K_BACKSPACE])
    assert f.feed([pygame.K_RETURN]) == "done" and f.value == "AB-" and not f.editing
    a = TextField("127.0.0.1", "address", 21)
    a.start()
    a.feed([pygame.K_SEMICOLON, pygame.K_4, pygame.K_7, pygame.K_q])
    assert a.value == "127.0.0.1:47"
    assert a.feed([pygame.K_ESCAPE]) == "cancel" and a.value == "127.0.0.1"
    n = TextField("", "name", 5)
    n.start()
    n.feed([pygame.K_j, pygame.K_o, pygame.K_SPACE, pygame.K_b, pygame.K_o, pygame.K_b])
    assert n.value == "Jo Bo"


def test_lan_settings_default_to_a_real_lan_and_bad_values_are_dropped(tmp_path, monkeypatch):
    # issue 13: "the host binds its game port on all IPv4 interfaces (0.0.0.0, setting lan_bind); discovery
    # announces and listens on every up, non-loopback IPv4 interface's broadcast address"; "a name setting
    # (default: the OS user name)".
    monkeypatch.setenv("LOGNAME", "zoe")
    monkeypatch.setenv("USER", "zoe")
    s = load_settings(tmp_path)
    assert (s.lan_broadcast, s.lan_bind, s.lan_port, s.lan_name) == ("", "0.0.0.0", 47800, "zoe")
    s.lan_broadcast, s.lan_port, s.lan_name, s.lan_bind = "192.168.1.255", 50000, "Zoé", "192.168.1.20"
    assert save_settings(s) is None
    again = load_settings(tmp_path)
    assert (again.lan_broadcast, again.lan_port, again.lan_name, again.lan_bind) == (
        "192.168.1.255", 50000, "Zoé", "192.168.1.20")
    import msgpack

    raw = msgpack.unpackb((tmp_path / "settings.msgpack").read_bytes())
    raw.update(lan_broadcast="999.1.1.1", lan_port=80, lan_name="", lan_bind="all")
    (tmp_path / "settings.msgpack").write_bytes(msgpack.packb(raw))
    bad = load_settings(tmp_path)
    assert (bad.lan_broadcast, bad.lan_port, bad.lan_name, bad.lan_bind) == ("", 47800, "zoe", "0.0.0.0")
    assert all(k in bad.notice for k in ("lan_broadcast", "lan_port", "lan_bind", "lan_name"))
    # one machine only stays a setting: a loopback broadcast address binds the game port on 127.0.0.1
    assert lan.bind_address("127.255.255.255") == "127.0.0.1"
    assert lan.bind_address("") == "0.0.0.0" and lan.bind_address("192.168.1.255") == "0.0.0.0"
    assert lan.bind_address("", "192.168.1.20") == "192.168.1.20"
    # a settings file saved by an earlier version (no lan_bind; its loopback default saved as the broadcast
    # address) gets the real-LAN default, while a loopback choice saved today stays
    (tmp_path / "settings.msgpack").write_bytes(msgpack.packb({"volume": 5, "lan_broadcast": "127.255.255.255"}))
    assert load_settings(tmp_path).lan_broadcast == ""
    today = load_settings(tmp_path)
    today.lan_broadcast = "127.255.255.255"
    assert save_settings(today) is None and load_settings(tmp_path).lan_broadcast == "127.255.255.255"


def test_addresses_and_codes():
    assert lan.parse_address("127.0.0.1:5000") == ("127.0.0.1", 5000)
    assert lan.parse_address(" 127.0.0.2 ", 47800) == ("127.0.0.2", 47800)
    for bad in ("", "host:1", "1.2.3:4", "1.2.3.4:0", "1.2.3.4:x", "300.1.1.1:5"):
        with pytest.raises(lan.LanError):
            lan.parse_address(bad)
    codes = {lan.new_join_code() for _ in range(50)}
    assert len(codes) == 50 and all(len(c) == 7 and c[3] == "-" and not set(c) & set("01IO") for c in codes)
    assert lan.explain(FailReason.WRONG_CODE).startswith("Wrong join code")
    assert "rejoin" in lan.explain(Failed("lost the host", FailReason.HOST_LOST, {"rejoin": True}))
    assert lan.explain(FailReason.HOST_LOST) == "The host is gone: the connection was lost."
    assert "removed" in lan.explain(FailReason.REMOVED)
    assert "rejoin" in lan.explain(Failed("dropped", FailReason.REMOVED, {"rejoin": True}))


@pytest.mark.parametrize("argv, status, words", [
    (["--lan", "host", "--headless"], 2, "--lan host needs --game"),
    (["--lan", "host", "--game", "grit", "--seats", "human,bot", "--headless"], 1, "Open at least one seat"),
    (["--lan", "join", "--headless"], 1, "needs --lan-address"),
    (["--lan", "join", "--lan-address", "nowhere", "--lan-code", "X", "--headless"], 1, "not an IPv4 address"),
    (["--lan", "join", "--seats", "remote", "--headless"], 2, "no 'remote'"),
    (["--lan-broadcast", "1.2.3", "--headless"], 2, "not an IPv4 address"),
    (["--lan-port", "80", "--headless"], 2, "--lan-port must be 1024..65535"),
    (["--lan-claim", "x", "--headless"], 2, "seat numbers"),
])
def test_lan_command_line_errors_are_one_line(argv, status, words, tmp_path, capsys):
    from arcade.client.cli import main

    assert main(argv + ["--config-dir", str(tmp_path), "--data-dir", str(tmp_path), "--frames", "1"]) == status
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0], err


def test_the_host_removes_a_joiner_from_the_lobby_and_the_joiner_is_told(world):
    """Issue #12: "per-address spectator limit and a lobby kick". The host stands on the joiner's seat row and presses
    the back button (Q for the WASD keys): the seat is open again and the joiner reads that the host removed it."""
    host = world.app("host")
    port = free_port()
    hlink = LanLink.host(host, "grit", [SeatSpec("bot"), SeatSpec("remote")], {}, code="KICK-1", port=port,
                         name="Host", broadcast="127.255.255.255", clock=world.clock)
    host.push(LanLobbyScene(host, hlink))
    guest = world.app("guest")
    glink = LanLink.join(guest, ("127.0.0.1", port), "KICK-1", [SeatSpec("bot")], name="Gus", clock=world.clock)
    guest.push(LanLobbyScene(guest, glink))
    world.wait(lambda: hlink.session.owners[1] not in (None, 0), 400, "the guest in the lobby")
    world.press(host, "s")  # from seat 1's row (the host's bot) to seat 2's row (Gus)
    world.press(host, "q")
    world.wait(lambda: guest.top.name == "lan_message", 400, "the guest's message")
    assert guest.top.text == "The host removed you from the match."
    assert hlink.session.owners[1] is None and "Gus was removed" in host.notice


def test_a_snapshot_the_game_cannot_load_fails_the_spectator_with_a_message_not_a_crash(world, monkeypatch):
    """The session never touches the game (it asks its caller to load the host's snapshot): when the simulation
    refuses the state a host sent (it decodes, but it is no state of this game), the spectator's screen says the
    host sent a state this machine cannot use, the app goes on, and the match goes on for the players."""
    host, ada, hlink, alink, port = host_and_ada(world, "grisbi", "BAD-123")
    world.step(200)
    monkeypatch.setattr(netlink, "load_snapshot", lambda data: {"not": "a grisbi state"})
    sam = world.app("sam")
    slink = LanLink.join(sam, ("127.0.0.1", port), "BAD-123", [], name="Sam", watch=True, clock=world.clock)
    sam.push(LanLobbyScene(sam, slink))
    world.wait(lambda: slink.failure is not None, 400, "the spectator told")
    assert slink.failure_kind == FailReason.BAD_SNAPSHOT and "cannot use" in slink.failure
    world.wait(lambda: sam.top.name == "lan_message", 120, "the message screen")
    assert world.shot(sam, "lan_bad_snapshot")["colours"] > 4
    world.step(60)
    assert hlink.session.running and alink.session.running and hlink.failure is None


def test_a_third_machine_shows_the_level_of_the_bot_that_took_a_dropped_seat(world):
    """Cy's machine stalls and the host's bot takes his seat: on Bob's machine that seat is the host's bot at the
    host's level ("hard" in the host's settings), as on the host, not a guessed "normal" (the results screen says
    "Bot, hard")."""
    from arcade.client.render.audit import TextAudit
    from arcade.client.scenes.results import played_by

    host, bob, cy = world.app("host"), world.app("bob"), world.app("cy")
    host.settings.bot_level = "hard"
    port = free_port()
    hlink = LanLink.host(host, "grisbi", [SeatSpec("bot", level="easy"), SeatSpec("remote"), SeatSpec("remote")], {},
                         code="LVL-333", port=port, name="Host", broadcast="127.255.255.255", clock=world.clock,
                         timeout=2.0)
    hlink.script = Script(auto=True)
    host.push(LanLobbyScene(host, hlink))
    links = {}
    for app, name, zone in ((bob, "Bob", "arrows"), (cy, "Cy", "wasd")):
        links[name] = LanLink.join(app, ("127.0.0.1", port), "LVL-333", [SeatSpec("human", zone)], name=name,
                                   clock=world.clock, timeout=2.0)
        links[name].script = Script(auto=True)
        app.push(LanLobbyScene(app, links[name]))
        world.step(20)
    world.wait(lambda: all(a.top.name == "table" for a in (host, bob, cy)), 600, "the match")
    world.step(200)
    cy_seat = links["Cy"].session.my_seats[0]
    world.frozen.add("cy")
    world.wait(lambda: links["Bob"].silent, 200, "Bob's machine hears Cy go silent")
    with TextAudit() as audit:
        bob.draw(1.0)
    assert "Cy lost connection — waiting…" in [d.text for d in audit.drawn]  # once, not "Cy (Cy)"
    world.wait(lambda: cy_seat in hlink.session.dropped, 300, "Cy's seat dropped")
    world.wait(lambda: bob.top.match.seats[cy_seat].kind == "bot", 200, "Bob sees the host's bot")
    assert host.top.match.seats[cy_seat].level == "hard"
    spec = bob.top.match.seats[cy_seat]
    assert spec.level == "hard" and played_by(spec) == "Bot, hard"
    assert bob.top.match.seats[0].level == "easy"  # the lobby's bot seat keeps its own level
    # both screens say who left by name (the host's said "Bot 3": named after the bot that had just taken over)
    for link in (hlink, links["Bob"]):
        assert any(text.startswith("Cy lost connection") for _, text in link.notices), link.notices
    hlink.session.end_match()
    world.wait(lambda: host.top.name == "results" and bob.top.name == "results", 400, "both results")
    world.shot(bob, "lan_results_dropped_seat")
