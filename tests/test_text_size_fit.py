"""Text size 150 % (issue 36): the screens make room for larger text. Quick checks of what a player saw overlap
before (the full check is the scene walk of ``test_languages.py`` at 125 % and 150 %): a Grit player's name over
their Injuries, a tutorial coach's rows running into each other, a hint bar that dropped keys, the seat setup's join
line over its rows, the key bindings' selected row on its plate's border."""

from __future__ import annotations

import pygame
import pytest

from arcade.client.render import fonts
from arcade.client.render.audit import TextAudit
from client_helpers import make_app, run_ticks


@pytest.fixture
def at_150():
    from arcade.core import i18n

    fonts.set_text_scale(150)
    try:
        yield
    finally:
        fonts.set_text_scale(100)
        i18n.set_language("en")


def app_at(tmp_path, percent: int = 150, **kw):
    """A headless app whose player chose Text size ``percent`` (after the start, which applies the settings)."""
    app = make_app(tmp_path, **kw)
    app.settings.text_scale = percent
    fonts.set_text_scale(percent)
    return app


def frame(scene) -> TextAudit:
    with TextAudit() as audit:
        scene.draw(pygame.Surface((1280, 720)), 1.0)
    return audit


def test_a_grit_players_name_and_injuries_do_not_overlap_at_150(tmp_path, at_150):
    from arcade.client.play import start_match
    from arcade.core.match import parse_seats

    app = app_at(tmp_path)
    start_match(app, "grit", parse_seats("human,bot"), 3, {})
    run_ticks(app, 300)
    audit = frame(app.top)
    assert audit.overlaps() == [] and audit.problems() == []
    names = [d for d in audit.drawn if d.text in ("Player 1", "Bot 2")]
    injuries = [d for d in audit.drawn if d.text.startswith("Injuries")]
    assert len(names) == 2 and len(injuries) == 2
    for name in names:  # the name sits wholly above its Injuries line
        below = min((d for d in injuries if d.ink[1] > name.ink[1]), key=lambda d: d.ink[1])
        assert name.ink[1] + name.ink[3] <= below.ink[1]


@pytest.mark.parametrize("game", ["grit", "grenade", "grass", "cops_and_robbers", "grisbi"])
def test_a_tutorial_coach_rows_stand_apart_and_cover_half_of_nothing_at_150(tmp_path, at_150, game):
    from arcade.client.play import start_tutorial

    app = app_at(tmp_path, language="fr")
    start_tutorial(app, game)
    run_ticks(app, 400)
    audit = frame(app.top)
    assert audit.overlaps() == [] and audit.offscreen() == []
    coach = app.top.coach.rect()
    assert coach is not None and pygame.Rect(0, 0, 1280, 720).contains(coach)


def test_a_rules_page_hint_bar_names_every_key_on_two_rows_rather_than_leaving_one_out(tmp_path):
    from arcade.client.render.audit import TextLog
    from arcade.client.scenes.rules import RulesScene
    from arcade.core import i18n

    app = make_app(tmp_path, language=i18n.PSEUDO)
    try:
        with TextLog() as log:
            audit = frame(RulesScene(app, "grisbi"))
        bar = [d for d in audit.drawn if d.rect[1] > 640]
        assert len(bar) == 2 and log.cuts == {}  # two rows, nothing left out
        assert audit.overlaps() == [] and audit.offscreen() == []
    finally:
        i18n.set_language("en")


def test_seat_setup_and_key_bindings_fit_at_150_in_french(tmp_path, at_150):
    from arcade.client.scenes.bindings import BindingsScene
    from arcade.client.scenes.setup import SeatSetupScene

    app = app_at(tmp_path, language="fr")
    for gid in ("grisbi", "grass"):
        setup = SeatSetupScene(app, gid)
        for k in range(len(setup.rows())):
            setup.row = k
            audit = frame(setup)
            assert (gid, k, audit.overlaps(), audit.problems(), audit.offscreen()) == (gid, k, [], [], [])
    audit = frame(BindingsScene(app))
    assert audit.problems() == [] and audit.overlaps() == []


def test_a_label_in_a_band_grows_only_as_far_as_its_band_and_never_under_16_px(at_150):
    assert fonts.font(18, True).get_height() > 26  # 27 px type at 150 % is taller than the band
    size = fonts.size_for_height(18, 26, bold=True)
    assert fonts.font(size, True).get_height() <= 26 and fonts.scaled(size) >= 16
    assert fonts.size_for_height(18, 5, bold=True) == fonts.smallest_readable(16)  # never smaller than 16 px drawn
