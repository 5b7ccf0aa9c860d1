"""The host's online lobby as seen in two real windows on the simulated internet (issue 34, tools/two_homes.py):
three-word codes fit their panel, "Copied CODE" never names a code that is no longer the one shown, and a friend who
could not connect is named there with why, for as long as nobody else connects.

Before: "7-celebrate-rebirth-armistice" ran past the code panel's border (the code shrank to 24 px and no further);
the "Copied 9-…" toast stayed after a stranger's hold had changed the code to "5-…"; and the host's lobby never
showed "Bruno could not connect: your relay at … did not answer" (only a headless host printed it)."""

from __future__ import annotations

import pygame
import pytest

from netplay.online import PeerFailed

from arcade.client.render.audit import TextAudit
from test_lan_client import choose
from test_online_client import world  # noqa: F401  (world: the fixture, a real mailbox server on loopback)
from test_online_loopback import mailbox  # noqa: F401  (the fixture world uses)

LONG_CODES = ["7-celebrate-rebirth-armistice", "9-millionaire-stockman-glossary",
              "123-stethoscope-watchword-performance"]  # the longest words of the PGP lists, a 3-digit nameplate


def host_lobby(world):
    """Ann hosts Grit online through the menus; her lobby with its first code: (app, link)."""
    host = world.app("host")
    host.settings.lan_name = "Ann"
    choose(world, host, "online")
    choose(world, host, "Host online")
    setup = host.top
    while setup.row:
        world.press(host, "up")
    while setup.gid != "grit":
        world.press(host, "right")
    world.press(host, "tab")
    world.wait(lambda: host.top.name == "lan_lobby", 600, "the host's lobby with a code")
    return host, host.top.link


def show_code(monkeypatch, link, code: str) -> None:
    """The code the host's online side shows now (as after a stranger's hold gave a new one)."""
    monkeypatch.setattr(type(link.online), "code", property(lambda self: code))


@pytest.mark.parametrize("code", LONG_CODES)
def test_a_three_word_code_stays_inside_its_panel_at_a_readable_size(world, monkeypatch, code):
    host, link = host_lobby(world)
    show_code(monkeypatch, link, code)
    with TextAudit() as audit:
        host.draw(1.0)
    panel = pygame.Rect(850, 120, 390, 245)  # the lobby's code panel
    parts = [d for d in audit.drawn if len(d.text) > 3 and d.text in code and d.rect[1] < 240]  # the code's lines
    assert "".join(d.text for d in parts) == code, [d.text for d in audit.drawn]
    others = [pygame.Rect(d.inked) for d in audit.drawn if d not in parts and d.inked and d.rect[0] >= 850]
    for d in parts:
        r = pygame.Rect(d.full)
        assert r.left >= panel.left + 6 and r.right <= panel.right - 6, (d.text, r, panel)
        assert d.size >= 20, d  # large enough to read out across a room
        ink = pygame.Rect(d.inked)
        assert not any(ink.colliderect(o) for o in others), (d.text, ink, others)  # the heading, "say: ..."


def test_copied_goes_at_once_when_the_code_changes_and_by_itself_after_a_few_seconds(world, monkeypatch):
    host, link = host_lobby(world)
    world.press(host, "c")
    first = link.status().code
    if not host.notice.startswith("Copied"):
        pytest.skip("no clipboard on this machine: the copy is refused with a line, which stays")
    assert first in host.notice
    show_code(monkeypatch, link, "5-cumbersome-trouble-sardonic")
    world.step(2)
    assert host.notice == "", host.notice  # never "Copied 9-…" under the new "5-…"
    world.press(host, "c")
    assert host.notice.startswith("Copied 5-cumbersome-trouble-sardonic")
    scene = host.top
    scene.copied = (scene.copied[0] - scene.COPIED_S - 1, *scene.copied[1:])  # as if copied 5 s ago
    world.step(2)
    assert host.notice == ""


def test_the_hosts_lobby_names_the_friend_who_could_not_connect_until_someone_connects(world, monkeypatch):
    host, link = host_lobby(world)
    line = "your relay at 203.0.113.10:3478 did not answer"
    real_poll = link.online.poll
    sent = []

    def poll():
        events = real_poll()
        if not sent:  # what netplay.online gives the host once Bruno's failure came through the meeting
            sent.append(1)
            events = [*events, PeerFailed(None, "timeout", line, "Bruno")]
        return events

    monkeypatch.setattr(link.online, "poll", poll)
    world.step(5)
    assert sent
    with TextAudit() as audit:
        host.draw(1.0)
    shown = " ".join(d.text for d in audit.visible() if d.rect[0] >= 850)  # the right-hand column of the lobby
    assert f"Bruno could not connect: {line}" in shown or ("Bruno could not connect:" in shown and "did not answer"
                                                           in shown), shown
    link.told = [(t - 60.0, n) for t, n in link.told]  # the notice itself fades after 6 s; the lobby's line stays
    with TextAudit() as audit:
        host.draw(1.0)
    assert "Bruno could not connect:" in " ".join(d.text for d in audit.visible() if d.rect[0] >= 850)


def test_a_friend_who_came_by_the_new_code_is_shown_that_code_and_rejoins_by_it(world, monkeypatch):
    """Seen in two real windows: Bruno typed the host's new code (a stranger held the first); his lobby showed the
    first one (the session's key), which the stranger still holds, and his Rejoin would have gone there."""
    from mailbox_raw import RawMailbox
    from netplay.rendezvous import APPID

    from arcade.client.scenes.lan_message import LanMessageScene
    from test_online_client import join_with

    host, link = host_lobby(world)
    first = link.status().code
    stranger = RawMailbox(world.url, APPID)
    try:
        stranger.hold(first.split("-")[0])
        world.wait(lambda: link.status().code != first, 2400, "a new code")
        new = link.status().code
        guest = world.app("guest")
        guest.settings.lan_name = "Bruno"
        join_with(world, guest, new)
        world.wait(lambda: guest.top.name == "lan_lobby", 1200, "Bruno's lobby")
        glink = guest.top.link
        world.wait(lambda: len(glink.session.peers()) == 2, 600, "Bruno in the host's roster")
        assert glink.code == first  # the session's key: the host's first code, as the host's own session
        assert glink.status().code == new  # what his lobby shows and copies: the code that let him in
        with TextAudit() as audit:
            guest.draw(1.0)
        assert "".join(d.text for d in audit.drawn if d.text in new and len(d.text) > 3 and d.rect[1] < 240) == new, (
            guest.top.name, [(d.text, d.rect) for d in audit.drawn])
        opened = {}
        monkeypatch.setattr(guest, "open", lambda name, **kw: opened.update(kw, name=name))
        LanMessageScene(guest, "Connection lost", "lost", rejoin_link=glink).rejoin()
        assert opened["name"] == "online_wait" and opened["code"] == new
    finally:
        stranger.close()
