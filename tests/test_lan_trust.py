"""Issue 27 on the players' screens: two real clients (the ``World`` of ``test_lan_client``: one virtual clock, UDP on
loopback) where a defence shows.

- Wrong codes tried against a host's lobby: after three the code changes, and the lobby shows the new one (the old
  one is gone from the screen).
- A turn game's host that never reveals the deal at the end: the joiner's results say "This match was not dealt
  fairly", and the results record it.
"""

from __future__ import annotations

import arcade.client.lan as lan
import arcade.client.net.link as netlink
from arcade.client.lan import LanLink
from arcade.client.net.script import Script
from arcade.client.scenes.lan_lobby import LanLobbyScene
from arcade.core.authority import DEAL_UNFAIR, DEAL_VERIFIED
from arcade.core.match import SeatSpec
from netplay.session import HostParts, Session
from netplay.settings import SessionConfig
from netplay.transport import UdpTransport
from test_lan_client import free_port, world  # noqa: F401 (the fixture: clients on one clock)
from test_lan_deal_results import _save, _texts
from test_netplay_trust import NoRevealAuthority


def test_after_three_wrong_codes_the_hosts_lobby_shows_a_new_code(world):
    """Issue 27, item 4: "after a few wrong guesses in total the host is told, and the code changes" (Magic
    Wormhole allows one guess per code): the host's lobby shows the new code, and says why."""
    host = world.app("host")
    port = free_port()
    hlink = LanLink.host(host, "grit", [SeatSpec("bot"), SeatSpec("remote")], {}, code="OLD-111", port=port,
                         name="Ann", broadcast="127.255.255.255", clock=world.clock)
    host.push(LanLobbyScene(host, hlink))
    world.step(5)
    assert "OLD-111" in _texts(host)
    guessers = []
    for k in range(3):  # three guesses from this machine (two key exchanges at a time from one address)
        guessers.append(Session.join(UdpTransport(("127.0.0.1", 0)), ("127.0.0.1", port), f"BAD-00{k}", 1,
                                     input_source=lambda seat, tick: 0, now=world.clock.t,
                                     config=SessionConfig(desync_dump=None, hello_timeout=20.0)))
    try:
        for _ in range(60 * 14):
            world.step(1)
            for g in guessers:
                g.update(world.clock.t)
            if hlink.code != "OLD-111":
                break
        world.step(2)
        texts = _texts(host)
        assert hlink.code != "OLD-111" and hlink.code in texts and "OLD-111" not in texts
        assert any(hlink.code in n and "Wrong codes" in n for _, n in hlink.notices)
        _save(world, host, "lan_lobby_new_code")
    finally:
        for g in guessers:
            g.transport.close()
        hlink.close()


class LyingSession(Session):
    """``Session.host`` as a host whose turn-game authority never reveals the deal (the client builds its session
    through ``arcade.client.net.link.Session``)."""

    @classmethod
    def host(cls, *a, **kw):
        return Session.host(*a, parts=HostParts(authority=NoRevealAuthority), **kw)


def test_a_host_that_never_reveals_the_deal_shows_as_not_dealt_fairly_on_the_joiners_results(world, monkeypatch):
    """Issue 27, item 1: a host that ends a turn game without the end-of-match reveal: the joiner's results screen
    says "This match was not dealt fairly" and the results record it (the host's own say "Deal verified": it dealt
    the match itself)."""
    monkeypatch.setattr(netlink, "Session", LyingSession)
    real = lan.match_settings
    monkeypatch.setattr(netlink, "match_settings", lambda *a, **kw: real(*a, **kw).replace(end_tick=600))
    host, bob = world.app("host"), world.app("bob")
    port = free_port()
    hlink = LanLink.host(host, "grit", [SeatSpec("bot", level="easy"), SeatSpec("remote")], {}, code="LIE-123",
                         port=port, name="Ann", broadcast="127.255.255.255", clock=world.clock, timeout=2.0)
    host.push(LanLobbyScene(host, hlink))
    monkeypatch.setattr(netlink, "Session", Session)  # the joiner is honest
    blink = LanLink.join(bob, ("127.0.0.1", port), "LIE123", [SeatSpec("bot", level="easy")], name="Bob",
                         clock=world.clock, timeout=2.0)
    bob.push(LanLobbyScene(bob, blink))
    hlink.script, blink.script = Script(auto=True), Script(auto=True)
    world.wait(lambda: host.top.name == "table" and bob.top.name == "table", 400, "both tables")
    world.wait(lambda: bob.top.name == "results", 3000, "the joiner's results")
    end = blink.session.end
    assert end is not None and end.deal == "unfair" and "revealing the deal" in end.deal_reason
    assert bob.results[-1]["deal"] == DEAL_UNFAIR
    texts = _texts(bob)
    assert any(DEAL_UNFAIR in t for t in texts) and not any(DEAL_VERIFIED in t for t in texts)
    _save(world, bob, "lan_results_never_revealed")
