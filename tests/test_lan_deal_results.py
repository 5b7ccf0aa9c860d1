"""The results screen of a LAN turn game says whether the deal was verified (issue 12, "Verified fair deal": "every
client re-simulates it and shows 'deal verified' or 'this match was not dealt fairly'"): the line comes from the
``MatchEnded`` event's ``deal`` field; without one (Grisbi, no reveal) there is no line.

Two real clients on one virtual clock play a Grenade match to the end over loopback (the ``World`` of
``test_lan_client``); the verdict each peer's session reports is given to its ``MatchEnded`` event as netplay
will give it."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pygame
import pytest

from arcade.client.lan import LanLink
from arcade.client.net.script import Script
from arcade.client.render.audit import TextAudit
from arcade.client.scenes.lan_lobby import LanLobbyScene
from arcade.core.authority import DEAL_UNFAIR, DEAL_VERIFIED
from arcade.core.match import SeatSpec
from test_lan_client import World, free_port, world  # noqa: F401 (the fixture: two clients on one clock)


def with_deal(ev, deal):
    """``ev`` (a ``MatchEnded``) carrying ``deal`` as its ``deal`` field."""
    if "deal" in {f.name for f in dataclasses.fields(ev)}:
        return dataclasses.replace(ev, deal=deal)
    ev = dataclasses.replace(ev)
    ev.deal = deal
    return ev


def _texts(app) -> list[str]:
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        app.top.draw(surf, 1.0)
    return [d.text for d in audit.drawn]


def _save(world: World, app, name: str) -> None:
    """The results as a 1280×720 screenshot and as a 960×540 window shows it (scaled, ``App.present``)."""
    app.draw(1.0)
    big = world.tmp / f"{name}.png"
    app.save_screenshot(big)
    small = pygame.transform.smoothscale(pygame.image.load(str(big)), (960, 540))
    pygame.image.save(small, str(world.tmp / f"{name}_960.png"))
    shots = os.environ.get("LAN_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        for p in (big, world.tmp / f"{name}_960.png"):
            (Path(shots) / p.name).write_bytes(p.read_bytes())


@pytest.mark.parametrize("host_deal,guest_deal", [("verified", "unfair"), (None, None)])
def test_the_results_say_whether_the_deal_was_verified(world, host_deal, guest_deal):
    host, bob = world.app("host"), world.app("bob")
    port = free_port()
    hlink = LanLink.host(host, "grenade", [SeatSpec("bot", level="easy"), SeatSpec("remote")], {}, code="DEA-123",
                         port=port, name="Ann", broadcast="127.255.255.255", clock=world.clock)
    host.push(LanLobbyScene(host, hlink))
    blink = LanLink.join(bob, ("127.0.0.1", port), "DEA123", [SeatSpec("bot", level="easy")], name="Bob",
                         clock=world.clock)
    bob.push(LanLobbyScene(bob, blink))
    hlink.script, blink.script = Script(auto=True), Script(auto=True)
    world.wait(lambda: host.top.name == "table" and bob.top.name == "table", 400, "both tables")
    hm, bm = host.top.match, bob.top.match
    world.wait(lambda: hm.ended is not None and bm.ended is not None, 20_000, "the end of the match")
    assert host.top.name == "table" and bob.top.name == "table"  # the results open a while after the end
    hm.ended, bm.ended = with_deal(hm.ended, host_deal), with_deal(bm.ended, guest_deal)
    world.wait(lambda: host.top.name == "results" and bob.top.name == "results", 3000, "both results")
    h_texts, b_texts = _texts(host), _texts(bob)
    if host_deal is None:
        assert host.results[-1]["deal"] is None and bob.results[-1]["deal"] is None
        assert not any("deal" in t.lower() or "dealt" in t.lower() for t in h_texts + b_texts)
        return
    assert host.results[-1]["deal"] == DEAL_VERIFIED and bob.results[-1]["deal"] == DEAL_UNFAIR
    assert any(DEAL_VERIFIED in t for t in h_texts) and not any(DEAL_UNFAIR in t for t in h_texts)
    assert any(DEAL_UNFAIR in t for t in b_texts) and not any(DEAL_VERIFIED in t for t in b_texts)
    _save(world, host, "results_deal_verified")
    _save(world, bob, "results_deal_unfair")
