"""The LAN lobby's layout (issue 29): the start countdown never covers the START button (which stops it), and a
long match description (Grisbi with all its options) stays on the screen. The host listens on loopback only."""

from __future__ import annotations

import pygame
import pytest

from arcade.client.render import widgets
from arcade.client.render.widgets import W
from arcade.client.scenes import lan_common, lan_lobby
from arcade.client.scenes.lan_host import LanHostScene

from client_helpers import make_app, run_ticks


def drawn(app, scene, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every string the scene draws (itself or through the widgets: banner, menu), with its rectangle."""
    seen: list[tuple[str, pygame.Rect]] = []
    with monkeypatch.context() as m:
        for module in (lan_lobby, lan_common, widgets):
            real = module.draw_text

            def record(surf, s, *a, _real=real, **kw):
                r = _real(surf, s, *a, **kw)
                seen.append((s, r))
                return r

            m.setattr(module, "draw_text", record)
        scene.draw(app.screen, 1.0)
    return seen


@pytest.fixture
def lobby(tmp_path):
    """A Grisbi host's lobby, every option of setup in its description (the match's settings)."""
    app = make_app(tmp_path)
    app.settings.lan_broadcast, app.settings.lan_bind = "127.255.255.255", "127.0.0.1"
    setup = LanHostScene(app, "grisbi")
    app.push(setup)
    setup.players = 4
    setup.open_lobby()
    run_ticks(app, 3)
    scene = app.top
    assert scene.name == "lan_lobby", app.notice
    yield app, scene
    scene.link.close()


def test_a_long_match_description_stays_on_the_screen(lobby, monkeypatch):
    app, scene = lobby
    seen = drawn(app, scene, monkeypatch)
    desc = lan_lobby.describe_settings(scene.link.session.settings or scene.link.settings)
    assert "Practice" in desc and len(desc) > 100, desc
    lines = [(t, r) for t, r in seen if len(t) > 6 and t in desc]
    assert " ".join(t for t, _ in lines).split() == desc.split(), "the whole description is drawn"
    for t, r in lines:
        assert 0 <= r.left and r.right <= W, f"{t!r} runs off the screen: {r}"
        assert r.bottom <= 120, f"{t!r} runs into the panels under it: {r}"


def test_the_countdown_leaves_the_start_button_uncovered(lobby, monkeypatch):
    """During the countdown the START button becomes "Stop the countdown", and the big digit is drawn clear of it,
    of the other menu line and of the seats."""
    app, scene = lobby
    scene.link.session.set_countdown(3)
    scene.sel = scene.items().index("start")
    seen = drawn(app, scene, monkeypatch)
    digit = [r for t, r in seen if t == "3"]
    assert len(digit) == 1
    n = len(scene.link.session.owners)
    for item in scene.item_rects():
        assert not digit[0].colliderect(item), f"the digit {digit[0]} covers the menu item at {item}"
    seats = pygame.Rect(40, 135, 780, 60 + 40 * n)
    assert not digit[0].colliderect(seats), "the digit covers the seats"
    labels = [t for t, _ in seen]
    assert "Stop the countdown" in labels and "START" not in labels
