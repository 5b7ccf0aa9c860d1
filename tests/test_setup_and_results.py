"""Seat setup and results as a new player meets them (issue 29): Grisbi's first match starts gentle and says so, key
hints of several human seats stay readable above the footer, a seat warning goes once fixed, and the results say
who played (both teams; the mouse when it was the mouse)."""

from __future__ import annotations

import sys

import pygame
import pytest

from arcade.client.render.widgets import H, W
from arcade.client.scenes.results import ResultsScene
from arcade.client.scenes.setup import SeatSetupScene
from arcade.client.scenes.settings import SettingsScene
from arcade.client.play import start_match
from arcade.core.match import SeatSpec, parse_seats

from client_helpers import make_app, run_ticks, script

GENTLE = "First match: relaxed pace, assist on — change in Settings"


def drawn(app, scene, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every string ``scene`` draws in one frame, with its rectangle on the 1280×720 picture."""
    seen: list[tuple[str, pygame.Rect]] = []
    where = sys.modules[type(scene).__module__]  # the screen's module: the one calling draw_text
    real = where.draw_text

    def record(surf, s, *a, **kw):
        r = real(surf, s, *a, **kw)
        seen.append((s, r))
        return r

    monkeypatch.setattr(where, "draw_text", record)
    scene.draw(app.screen, 1.0)
    monkeypatch.setattr(where, "draw_text", real)
    return seen


def option(setup: SeatSetupScene, key: str):
    return setup.options()[key]


def finish_grisbi(app, seats: str = "bot,bot") -> ResultsScene:
    """A Grisbi match of bots played to its results screen."""
    start_match(app, "grisbi", parse_seats(seats, 2, 8), 5, {})
    for _ in range(60 * 60 * 15):
        app.pump()
        app.tick()
        if app.top.name == "results":
            return app.top
    raise AssertionError("the match did not end")


def test_a_new_players_first_grisbi_match_starts_gentle_and_says_so(tmp_path, monkeypatch):
    """No Grisbi match finished here: setup starts at the relaxed pace with the assist on, its own Pace row shows
    it, and a line says so; changing the pace there takes the line away."""
    app = make_app(tmp_path)
    setup = SeatSetupScene(app, "grisbi")
    app.push(setup)
    assert (option(setup, "pace"), option(setup, "assist")) == ("relaxed", True)
    texts = [t for t, _ in drawn(app, setup, monkeypatch)]
    assert GENTLE in texts and "Bot pace" in texts and "Relaxed" in texts
    setup.change(f"opt{[o.key for o in setup.opts].index('pace')}", 1)
    assert option(setup, "pace") != "relaxed"
    assert GENTLE not in [t for t, _ in drawn(app, setup, monkeypatch)]


def test_after_a_finished_grisbi_match_setup_starts_from_the_settings(tmp_path, monkeypatch):
    """The fact that a Grisbi match was finished is kept in the settings (read back from disk): the next setup starts
    at the Settings' pace and assist (standard, off by default), without the first-match line."""
    app = make_app(tmp_path)
    finish_grisbi(app)
    from arcade.client.settings import load_settings

    assert load_settings(tmp_path / "config").grisbi_finished == 1
    again = make_app(tmp_path)
    setup = SeatSetupScene(again, "grisbi")
    again.push(setup)
    assert (option(setup, "pace"), option(setup, "assist")) == ("standard", False)
    assert GENTLE not in [t for t, _ in drawn(again, setup, monkeypatch)]


def test_the_first_match_defaults_are_changed_in_settings(tmp_path, monkeypatch):
    """Settings shows Grisbi's pace and assist a first match starts at; choosing a pace there is what setup uses."""
    app = make_app(tmp_path)
    settings = SettingsScene(app)
    app.push(settings)
    texts = [t for t, _ in drawn(app, settings, monkeypatch)]
    assert "Grisbi pace in setup" in texts and "Relaxed" in texts
    assert any("first Grisbi match starts gentle" in t for t in texts)  # and says why
    settings.change("grisbi_pace", 1)
    assert app.settings.grisbi_pace == "standard" and app.settings.grisbi_set
    setup = SeatSetupScene(app, "grisbi")
    app.push(setup)
    assert option(setup, "pace") == "standard"
    assert GENTLE not in [t for t, _ in drawn(app, setup, monkeypatch)]


HUMANS = ["wasd", "arrows", "ijkl", "numpad", "mouse"]


@pytest.mark.parametrize("gid, players, humans", [("grisbi", 4, 4), ("grisbi", 8, 5), ("cops_and_robbers", 6, 5),
                                                  ("grass", 6, 2)])
def test_every_human_seats_key_hints_are_above_the_footer_and_apart(tmp_path, monkeypatch, gid, players, humans):
    """Several people on one keyboard: each seat's key line is drawn whole above the hint bar (the footer), none
    over another, none over the rows."""
    app = make_app(tmp_path)
    setup = SeatSetupScene(app, gid)
    app.push(setup)
    setup.players = players
    for i in range(humans):
        setup.choices[i] = SeatSpec("human", HUMANS[i])
    setup.row = len(setup.rows()) - 1  # START: the key hints show (an option row shows its help instead)
    seen = drawn(app, setup, monkeypatch)
    hints = [r for t, r in seen if t.startswith(("Seat ", "Player ")) and ": " in t]
    assert len(hints) == humans
    rows_bottom = setup.row_rects()[-1].bottom
    for k, r in enumerate(hints):
        assert r.top >= rows_bottom and r.bottom <= H - 40, f"hint {k + 1} at {r} (footer from y={H - 40})"
        assert 0 <= r.left and r.right <= W
        assert all(not r.colliderect(o) for o in hints[k + 1:]), f"hint {k + 1} overlaps another"
    rows = [r for t, r in seen if t in ("START", "How to play")]
    assert all(r.bottom <= H - 40 for r in rows)


def test_a_seat_warning_goes_when_the_seats_are_fixed(tmp_path):
    """Two seats on the WASD keys: START says so; giving one of them other keys takes the warning away at once."""
    app = make_app(tmp_path)
    setup = SeatSetupScene(app, "grit")
    app.push(setup)
    setup.choices[0] = setup.choices[1] = SeatSpec("human", "wasd")
    setup.start()
    assert app.notice == "WASD keys is given to two seats."
    run_ticks(app, 2)
    assert app.notice == "WASD keys is given to two seats.", "the warning stays while the seats clash"
    setup.choices[1] = SeatSpec("human", "arrows")
    run_ticks(app, 1)
    assert app.notice == ""


def test_grisbi_results_name_both_teams(tmp_path, monkeypatch):
    results = finish_grisbi(make_app(tmp_path), "bot,bot,bot,bot")
    texts = [t for t, _ in drawn(results.app, results, monkeypatch)]
    assert "Robbers team: Bot 1, Bot 3" in texts and "Police team: Bot 2, Bot 4" in texts
    rects = [r for t, r in drawn(results.app, results, monkeypatch) if t.endswith(("team: Bot 1, Bot 3",
                                                                                    "team: Bot 2, Bot 4"))]
    assert all(r.bottom <= results.button_rects()[0].top for r in rects), "the team lines clear the buttons"


def clicks_and_keys(app, clicks: int, keys: int) -> None:
    """``clicks`` left clicks in the middle of the picture and ``keys`` presses of WASD's D, a tick apart."""
    for _ in range(clicks):
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=(W // 2, H // 2), button=1))
            app.pump()
            app.tick()
    if keys:
        app.opts.input_script = script(f"{app.ticks} every 2 times {keys} d\n")
        run_ticks(app, 2 * keys + 2)


@pytest.mark.parametrize("clicks, keys, said", [(3, 0, "Mouse"), (0, 3, "WASD keys"), (3, 3, "WASD keys and mouse")])
def test_results_say_what_played_a_seat(tmp_path, monkeypatch, clicks, keys, said):
    """The one person at the table (seat given the WASD keys in setup) played with the mouse, the keys, or both:
    the results' "Played by" says which. Presses before the match (in the menus) do not count."""
    app = make_app(tmp_path)
    clicks_and_keys(app, 2, 2)  # the menus
    start_match(app, "grisbi", [SeatSpec("human", "wasd"), SeatSpec("bot")], 3, {})
    table = app.top
    run_ticks(app, 200)
    clicks_and_keys(app, clicks, keys)
    results = ResultsScene(app, table)
    texts = [t for t, _ in drawn(app, results, monkeypatch)]
    assert said in texts and "Bot, normal" in texts
    assert all(t not in texts for t in {"Mouse", "WASD keys", "WASD keys and mouse"} - {said})
