"""A joiner whose host goes silent reads what it can do (issue 34, seen in two real windows: the host's process
killed mid-match). Before: "The host decides; the match waits (2 s)" — the host is the one gone, nobody decides. Now:
how long the match still waits for the host, and that rejoining or leaving come after."""

from __future__ import annotations

import arcade.client.net.prompts as lan_scenes
from test_lan_client import host_and_ada, world  # noqa: F401  (world: the fixture)


def drawn_texts(monkeypatch, draw) -> list[str]:
    seen: list[str] = []
    real = lan_scenes.draw_text

    def spy(surf, text, *a, **kw):
        seen.append(text)
        return real(surf, text, *a, **kw)

    monkeypatch.setattr(lan_scenes, "draw_text", spy)
    draw()
    return seen


def test_a_joiner_whose_host_goes_silent_is_told_how_long_the_match_waits_not_that_the_host_decides(world,
                                                                                                   monkeypatch):
    host, ada, hlink, alink, _port = host_and_ada(world, "grit", "GRIT-4242")
    world.frozen.add("host")  # the host's machine stops: nothing comes from it any more
    world.wait(lambda: ada.top.net.lost_prompt() is not None, 120, "Ada's prompt")
    peer, items = ada.top.net.lost_prompt()
    assert peer == 0 and items == ["Keep waiting", "Leave the match"]
    texts = drawn_texts(monkeypatch, lambda: ada.draw(1.0))
    assert not any("The host decides" in t for t in texts), texts
    (line,) = [t for t in texts if "more for the host" in t]
    seconds = int(line.split("waits ")[1].split(" s")[0])
    assert 0 < seconds < 5  # the joiner gives a silent host 5 s (HOST_TIMEOUT: here the link's 2 s) in all
    assert "rejoin or leave" in line
