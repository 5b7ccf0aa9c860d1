"""Names on the LAN as a first evening with friends meets them (issue 29): the first time a player goes to play with
other machines they are asked for the name the others will see (prefilled from the computer's login name); no two
players of a match share a name (two machines logged in as "root": the host adds " 2"); and a player who closed
their game "left", while only a silent machine "lost connection"."""

from __future__ import annotations

from netplay.events import Disconnected, PeerJoined

from arcade.client.lan import LanLink
from arcade.client.net.script import Script
from arcade.client.scenes.lan_join import LanJoinScene
from arcade.client.scenes.lan_lobby import LanLobbyScene
from arcade.client.scenes.lan_name import LanNameScene
from arcade.core.match import SeatSpec
from client_helpers import make_app
from test_lan_client import choose, free_port, world  # noqa: F401  (world: the fixture)
from netplay.harness import VirtualRun
from netplay.session import Session
from netplay.transport import Impairment, MemoryNetwork
from test_lan_netplay import cfg, make, source, star
from test_netplay_toys import CODE, HOST_ADDR, Match, build_with, joiner_addr, tally_settings


def test_the_first_time_the_lan_asks_for_the_name_the_others_will_see_prefilled_from_the_login(world, tmp_path):
    from arcade.client.settings import default_player_name, load_settings

    app = make_app(tmp_path / "new")  # a new player: never asked
    world.apps["new"] = app
    assert not app.settings.lan_name_asked and app.settings.lan_name == default_player_name()
    app.open("lan")
    choose(world, app, "Host a match")
    prompt = app.top
    assert prompt.name == "lan_name" and prompt.field.value == default_player_name()  # prefilled, being typed
    world.press(app, "escape")  # not now: back to the LAN menu, asked again next time
    assert app.top.name == "lan" and not app.settings.lan_name_asked
    choose(world, app, "Host a match")
    world.press(app, "delete", "z", "o", "e", "return")
    assert app.top.name == "lan_host" and app.settings.lan_name == "Zoe" and app.settings.lan_name_asked
    assert load_settings(tmp_path / "new" / "config").lan_name == "Zoe"  # kept for the next time
    app.pop()
    choose(world, app, "Join by address")
    assert app.top.name == "lan_join"  # asked once only


def test_a_mouse_player_confirms_the_name_with_a_click(tmp_path):
    from test_mouse_and_window import click

    app = make_app(tmp_path)
    app.open("lan")
    app.push(LanNameScene(app, LanJoinScene))
    click(app, (640, 600))
    assert app.top.name == "lan_join" and app.settings.lan_name_asked


def test_two_players_with_one_name_are_told_apart_and_each_machine_shows_the_same_names():
    """Three machines logged in as the same user: the host names its joiners "root 2" and "root 3" (the lobby, the
    table and the results then say who is who); a joiner's own seats carry the name the host gave it."""
    net = MemoryNetwork(seed=2, impairment=Impairment.from_rtt(0.02))
    sessions = [Session.host(net.transport(HOST_ADDR), tally_settings(3, 60), [False, True, True], CODE,
                             input_source=source(1), config=cfg(), nonce=1, name="root")]
    for i in (1, 2):
        sessions.append(Session.join(net.transport(joiner_addr(i)), HOST_ADDR, CODE, 1, input_source=source(1),
                                     config=cfg(), nonce=100 + i, name="root"))
    m = Match(net, sessions, VirtualRun(net, [(s, build_with(make)) for s in sessions]), {})
    m.go(max_time=10.0)
    joined = sorted(e.name for e in m.of(0, PeerJoined))
    assert joined == ["root 2", "root 3"]
    names = {p.peer: p.name for p in m.host.peers()}
    assert sorted(names.values()) == ["root", "root 2", "root 3"]
    for s in m.sessions[1:]:
        theirs = {p.peer: p.name for p in s.peers()}
        assert theirs == names  # every machine says the same names


def test_a_player_who_closes_their_game_left_and_a_silent_one_lost_connection():
    """Mid-match: J1 quits (its game says goodbye) and J2's machine goes silent. The host and the other joiner are
    told J1 *left* and J2 lost connection (``Disconnected.left``)."""
    m = star(tally_settings(3, 0), [False, True, True], [1, 1])
    m.go(max_time=4.0)
    j1, j2 = m.sessions[1], m.sessions[2]
    m.run.at(m.run.clock.now + 0.1, lambda: j1.close("left"))
    m.run.at(m.run.clock.now + 0.1, lambda: m.run.stop(j2))
    m.go(max_time=m.run.clock.now + 10.0)
    host_saw = {e.peer: e.left for e in m.of(0, Disconnected)}
    assert host_saw == {j1.index: True, j2.index: False}


def test_the_host_screen_says_left_for_a_player_who_quit_and_lost_connection_for_a_silent_one(world):
    host, ada, bob = world.app("host"), world.app("ada"), world.app("bob")
    port = free_port()
    hlink = LanLink.host(host, "grisbi", [SeatSpec("bot"), SeatSpec("remote"), SeatSpec("remote")], {},
                         code="BYE-222", port=port, name="Host", broadcast="127.255.255.255", clock=world.clock,
                         timeout=2.0)
    hlink.script = Script(auto=True)
    host.push(LanLobbyScene(host, hlink))
    links = {}
    for app, name in ((ada, "Ada"), (bob, "Bob")):
        links[name] = LanLink.join(app, ("127.0.0.1", port), "BYE-222", [SeatSpec("bot")], name=name,
                                   clock=world.clock, timeout=2.0)
        links[name].script = Script(auto=True)
        app.push(LanLobbyScene(app, links[name]))
        world.step(20)
    world.wait(lambda: all(a.top.name == "table" for a in (host, ada, bob)), 600, "the match")
    world.step(60)
    links["Ada"].close("left the match")  # Ada quits: her game says goodbye
    world.frozen.add("ada")
    world.frozen.add("bob")  # Bob's machine goes silent
    world.wait(lambda: len(hlink.session.dropped) == 2, 600, "both seats dropped")
    shown = [text for _, text in hlink.notices]
    assert any(t.startswith("Ada left") for t in shown), shown
    assert not any(t.startswith("Ada lost connection") for t in shown), shown
    assert any(t.startswith("Bob lost connection") for t in shown), shown


def test_enter_on_the_hosts_own_seat_starts_the_match_as_the_hint_bar_says(world):
    """Seen in a real window: the host's lobby opens on its own seat row, the hint bar says "Enter/E start when all
    are ready", and Enter did nothing there (a seat this machine plays cannot be opened or given to a bot)."""
    host, bob = world.app("host"), world.app("bob")
    port = free_port()
    hlink = LanLink.host(host, "grit", [SeatSpec("human", "wasd"), SeatSpec("remote")], {}, code="GO-333",
                         port=port, name="Ann", broadcast="127.255.255.255", clock=world.clock, timeout=2.0)
    lobby = LanLobbyScene(host, hlink)
    host.push(lobby)
    blink = LanLink.join(bob, ("127.0.0.1", port), "GO-333", [SeatSpec("bot")], name="Bob", clock=world.clock,
                         timeout=2.0)
    blink.script = Script(auto=True)  # Bob is ready at once
    bob.push(LanLobbyScene(bob, blink))
    world.wait(lambda: hlink.session.start_problem() is None, 300, "Bob ready")
    assert lobby.items()[lobby.sel] == "seat0"  # the host's own seat, where the lobby opens
    world.press(host, "enter")
    world.step(5)
    assert hlink.session.countdown_left() is not None  # the countdown to the start runs
    world.wait(lambda: host.top.name == "table" and bob.top.name == "table", 400, "both tables")
