"""A game is one folder: a toy game (tests/toy_game: spec, rules, bot, table, brought together in its
``definition.py``) registered from its folder appears on the title, in seat setup, in the attract rotation and for
``--game``, with no other file touched."""

from __future__ import annotations

import contextlib

import pytest

from arcade.core.registry import RULES_BY_ID as REGISTRY, GameLoadError, register_package, unregister
from client_helpers import make_app, run_ticks


@contextlib.contextmanager
def toy_registered():
    spec = register_package("toy_game")
    try:
        yield spec
    finally:
        unregister(spec.id)


def test_a_game_folder_appears_everywhere_games_are_listed(tmp_path):
    from arcade.client.cli import main
    from arcade.client.scenes.attract import AttractScene
    from arcade.client.scenes.setup import SeatSetupScene

    with toy_registered():
        app = make_app(tmp_path)
        title = app.top
        title.build_items()
        assert ("toy_race", "toy_race") in title.items, "the title lists the new game"
        setup = SeatSetupScene(app, "toy_race")
        assert [o.label for o in setup.opts] == ["Goal"] and setup.players == 2
        assert setup.options() == {"goal": 10}
        assert "toy_race" in AttractScene(app).games, "the attract mode plays it in rotation"
        shot = tmp_path / "toy.png"
        assert main(["--headless", "--game", "toy_race", "--seats", "bot,bot", "--frames", "600",
                     "--config-dir", str(tmp_path / "c"), "--data-dir", str(tmp_path / "d"),
                     "--screenshot", str(shot)]) == 0
        assert shot.stat().st_size > 1000
    assert "toy_race" not in REGISTRY


def test_a_started_toy_match_is_played_on_its_own_table(tmp_path):
    from arcade.core.match import parse_seats
    from arcade.client.play import start_match

    with toy_registered():
        app = make_app(tmp_path, bot_think_ticks=2)
        start_match(app, "toy_race", parse_seats("bot,bot", 2, 2), 3, {"goal": 10})
        table = app.top
        assert type(table).__module__ == "toy_game.table"
        run_ticks(app, 200)
        assert table.match.is_over() and table.match.state.count == 10


def test_a_game_folder_that_fails_to_load_is_named(tmp_path, monkeypatch):
    pkg = tmp_path / "broken_game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("raise RuntimeError('half-written rules')\n")
    (pkg / "spec.py").write_text("from arcade.core.spec import GameSpec\nSPEC = GameSpec(id='broken', name='B', "
                                 "tagline='', player_counts=(2,), demo_players=2)\n")
    (pkg / "definition.py").write_text("from .spec import SPEC\nDEFINITION = None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(GameLoadError, match="broken_game.*half-written rules"):
        register_package("broken_game")
    assert "broken" not in REGISTRY
