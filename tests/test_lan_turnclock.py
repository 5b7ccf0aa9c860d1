"""What the players of a LAN turn game see of the turn clock and of a host that stops (issue 34), two real clients
on one virtual clock over loopback (``test_lan_client``'s ``World``; run inside a network namespace): the last 15 s
of a clock as a countdown on both screens, the bot's move when it runs out, the host's goodbye ("Ana (the host) left
the match", Back only), a host whose match stopped ("the host is not answering", Leave) and a host that vanished
("lost the host" with Rejoin, which says so when the host is gone)."""

from __future__ import annotations

import pygame

from arcade.client.lan import LanLink
from arcade.client.net.script import Script
from arcade.client.render.audit import TextAudit
from arcade.client.scenes.lan_lobby import LanLobbyScene
from arcade.core.match import SeatSpec
from test_lan_client import free_port, world  # noqa: F401 (the fixture: two clients on one clock)


def texts(app) -> list[str]:
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        app.top.draw(surf, 1.0)
    return [d.text for d in audit.drawn]


def grit(world, code: str, host_seat: SeatSpec, clock: float = 30.0):
    """Ana hosts Grit (``host_seat`` and a remote seat) with a ``clock`` s turn clock set in her lobby; Bob's bot
    joins. Both at their tables."""
    ana, bob = world.app("ana"), world.app("bob")
    port = free_port()
    alink = LanLink.host(ana, "grit", [host_seat, SeatSpec("remote")], {}, code=code, port=port, name="Ana",
                         broadcast="127.255.255.255", clock=world.clock)
    alink.set_turn_clock(clock)
    alink.script = Script(auto=True)
    ana.push(LanLobbyScene(ana, alink))
    blink = LanLink.join(bob, ("127.0.0.1", port), code, [SeatSpec("bot")], name="Bob", clock=world.clock)
    blink.script = Script(auto=True)
    bob.push(LanLobbyScene(bob, blink))
    world.wait(lambda: ana.top.name == "table" and bob.top.name == "table", 400, "the match")
    return ana, bob, alink, blink


def test_the_last_15_s_of_a_turn_clock_show_on_both_screens_and_the_bot_moves_when_it_runs_out(world):
    ana, bob, alink, blink = grit(world, "CLK-111", SeatSpec("human", "wasd"))
    on_clock = lambda: 0 < alink.session.clock_left().get(0, 99) <= 12 and 0 < blink.session.clock_left().get(
        0, 99) <= 12  # noqa: E731
    world.wait(on_clock, 60 * 40, "Ana's clock in its last seconds on both screens")
    assert any(t.startswith("Your move:") and "s left" in t for t in texts(ana))
    assert any("s to move" in t for t in texts(bob))
    world.shot(ana, "turnclock_host_countdown")
    world.shot(bob, "turnclock_joiner_countdown")
    world.wait(lambda: any("ran out" in n for _, n in alink.notices), 60 * 15, "the clock run out")
    assert any("Your time ran out" in n for _, n in alink.notices)
    world.wait(lambda: any("ran out of time" in n for _, n in blink.notices), 60, "Bob told")
    world.shot(ana, "turnclock_host_timed_out")
    world.shot(bob, "turnclock_joiner_timed_out")
    assert ana.top.name == "table" and alink.session.running  # the match goes on, Ana's seat still hers
    assert alink.session.owners[0] == 0 and ana.top.match.seats[0].kind == "human"


def test_a_host_that_closes_the_game_is_named_on_the_joiners_screen_within_a_second_with_back_only(world):
    ana, bob, alink, blink = grit(world, "BYE-111", SeatSpec("bot"))
    world.step(30)
    world.frozen.add("ana")
    ana.close_links()  # the window closed (``App.run``'s end)
    world.wait(lambda: bob.top.name == "lan_message", 60, "Bob told within a second")
    assert bob.top.text == "Ana (the host) left the match." and bob.top.items() == ["Back"]
    assert "left" in bob.top.title.lower()
    world.shot(bob, "host_left_message")


def test_a_host_whose_match_stopped_is_not_answering_and_the_joiner_may_leave(world):
    ana, bob, alink, blink = grit(world, "STL-111", SeatSpec("bot"))
    world.step(20)
    alink.session.auth.tick = lambda: None  # its referee stops; its session keeps answering
    world.wait(lambda: bob.top.name == "lan_message", 60 * 36, "Bob told the host is not answering")
    assert "not answering" in bob.top.text and bob.top.items() == ["Leave"]
    world.shot(bob, "host_not_answering_message")


def test_a_vanished_host_is_lost_within_5_s_and_rejoin_says_when_the_host_is_gone(world):
    ana, bob, alink, blink = grit(world, "VAN-111", SeatSpec("bot"))
    world.step(20)
    world.frozen.add("ana")  # its machine stops: no goodbye
    world.wait(lambda: bob.top.name == "lan_message", 60 * 6, "Bob told the host was lost")
    msg = bob.top
    assert "Lost the host" in msg.text and msg.items() == ["Rejoin my seat", "Back"]
    world.shot(bob, "host_lost_message")
    world.press(bob, "enter")  # Rejoin: the host is still gone
    world.wait(lambda: bob.top.name == "lan_message", 60 * 8, "the rejoin told the host is gone")
    assert "the host is gone" in bob.top.text and "Rejoin my seat" not in bob.top.items()


def test_a_deal_started_over_is_shown_in_every_lobby_and_on_the_results(world):
    """Carl leaves once the deal has begun: the deal starts over when Dan takes his seat; Ana's and Bob's lobbies
    say so, and so do everyone's results."""
    from netplay.session import DEALING, LOBBY  # noqa: F401

    ana, bob, carl, dan = (world.app(n) for n in ("ana", "bob", "carl", "dan"))
    port = free_port()
    alink = LanLink.host(ana, "grenade", [SeatSpec("bot", level="easy"), SeatSpec("remote"), SeatSpec("remote")], {},
                         code="RST-111", port=port, name="Ana", broadcast="127.255.255.255", clock=world.clock)
    alink.script = Script(auto=True)
    ana.push(LanLobbyScene(ana, alink))
    links = {}
    for app, name in ((bob, "Bob"), (carl, "Carl")):
        links[name] = LanLink.join(app, ("127.0.0.1", port), "RST-111", [SeatSpec("bot", level="easy")], name=name,
                                   clock=world.clock)
        links[name].script = Script(auto=True)
        app.push(LanLobbyScene(app, links[name]))
    world.wait(lambda: alink.session.start_problem() is None, 600, "everyone ready")
    world.frozen.add("carl")  # Carl's game stops before it reveals its share of the deal...
    world.wait(lambda: alink.session.phase == DEALING, 600, "the deal begun")
    links["Carl"].close("left")  # ...and he closes it: a goodbye once the deal has begun
    line = "The deal started over once: a player left after the deal began"
    world.wait(lambda: alink.session.phase == LOBBY and alink.session.deal_restarts == 1
               and links["Bob"].session.deal_restarts == 1, 300, "the deal given up")
    assert line in texts(ana) and line in texts(bob)
    world.shot(ana, "lobby_deal_started_over")
    links["Dan"] = LanLink.join(dan, ("127.0.0.1", port), "RST-111", [SeatSpec("bot")], name="Dan",
                                clock=world.clock)
    links["Dan"].script = Script(auto=True)
    dan.push(LanLobbyScene(dan, links["Dan"]))
    world.wait(lambda: all(a.top.name == "results" for a in (ana, bob, dan)), 20_000, "everyone's results")
    for a in (ana, bob, dan):
        assert line in texts(a), a
    world.shot(dan, "results_deal_started_over")


def test_a_player_whose_clock_runs_out_twice_is_out_of_time_and_rejoins_their_seat(world):
    """Bob (a human seat) never moves: after his second clock in a row his seat goes to the host's bot and his
    screen says he ran out of time, with Rejoin; Rejoin gives him his seat back (a turn game's rejoin)."""
    ana, bob = world.app("ana"), world.app("bob")
    port = free_port()
    alink = LanLink.host(ana, "grit", [SeatSpec("bot"), SeatSpec("remote")], {}, code="OUT-111", port=port,
                         name="Ana", broadcast="127.255.255.255", clock=world.clock)
    alink.set_turn_clock(30)
    alink.script = Script(auto=True)
    ana.push(LanLobbyScene(ana, alink))
    blink = LanLink.join(bob, ("127.0.0.1", port), "OUT-111", [SeatSpec("human", "arrows")], name="Bob",
                         clock=world.clock)
    blink.script = Script(auto=True)
    bob.push(LanLobbyScene(bob, blink))
    world.wait(lambda: ana.top.name == "table" and bob.top.name == "table", 400, "the match")
    world.wait(lambda: bob.top.name == "lan_message", 60 * 130, "Bob out of time")
    msg = bob.top
    assert msg.title == "Out of time" and "ran out twice" in msg.text
    assert msg.items() == ["Rejoin my seat", "Back"]
    assert alink.session.owners[1] == 0 and ana.top.match.seats[1].kind == "bot"
    world.shot(bob, "out_of_time_message")
    world.press(bob, "enter")
    link2 = bob.top.link
    world.wait(lambda: link2.session.local_seats == [1], 600, "the seat back")
    assert alink.session.owners[1] == link2.session.index
