"""Pause and results are panels over the dimmed table, with one hint bar; Restart and Quit ask first; Quit keeps the
match resumable (Grisbi too); a team game's winner is the team; a seat has one name everywhere."""

from __future__ import annotations

import pygame

from arcade.core.match import parse_seats
from arcade.client.play import start_match
from client_helpers import make_app, run_ticks, script


def press_keys(app, *keys):
    for k, key in enumerate(keys):
        app.opts.input_script.events.setdefault(app.ticks + 1 + 3 * k, []).append((key, True))
        app.opts.input_script.events.setdefault(app.ticks + 2 + 3 * k, []).append((key, False))
    run_ticks(app, 3 * len(keys) + 2)


def test_quit_from_pause_asks_then_keeps_the_match_resumable(tmp_path):
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=5)
    start_match(app, "grisbi", parse_seats("human,bot", 2, 8), 3, {})
    run_ticks(app, 400)
    press_keys(app, "escape")
    assert app.top.name == "pause"
    press_keys(app, "s", "s", "s", "e")  # down to "Quit to title", select
    assert app.top.name == "pause" and app.top.asking == "Quit to title", "quitting asks first"
    press_keys(app, "e")  # "No" is the default
    assert app.top.name == "pause" and app.top.asking is None
    press_keys(app, "e", "w", "e")  # ask again, choose Yes
    assert app.top.name == "title"
    app.top.build_items()
    assert app.top.items[0][1] == "resume" and app.top.label(*app.top.items[0]) == "Resume Grisbi", \
        "a Grisbi match left from the pause can be resumed"


def test_results_name_the_winning_team_and_each_seat_once(tmp_path):
    app = make_app(tmp_path, bot_think_ticks=1)
    start_match(app, "cops_and_robbers", parse_seats("bot,bot,bot,bot", 4, 6), 4, {})
    for _ in range(300):
        run_ticks(app, 60)
        if app.top.name == "results":
            break
    res = app.top
    assert res.name == "results"
    assert res.title in ("Robbers won", "Cops won") or res.title.startswith("Draw")
    names = [res.match.seat_name(s) for s, _ in res.rows]
    assert sorted(names) == ["Bot 1", "Bot 2", "Bot 3", "Bot 4"]
    assert not any("(bot)" in n or "(Bot" in n for n in names)
    # one hint bar at a time: under the overlay the table draws none of its own
    import arcade.client.table.hud as table_module

    calls = []
    real = table_module.hint_bar
    table_module.hint_bar = lambda surf, hints, *a, **k: calls.append(hints)
    try:
        res.table.draw(pygame.Surface((1280, 720)), 1.0)
        assert calls == [], "the table under the results draws no hint bar"
        app.pop()
        res.table.draw(pygame.Surface((1280, 720)), 1.0)
        assert len(calls) == 1, "the table alone shows its hint bar"
    finally:
        table_module.hint_bar = real


def test_key_bindings_refuse_shared_and_lock_keys_and_restore_defaults(tmp_path):
    from arcade.client.input import DEFAULT_BINDINGS
    from arcade.client.scenes.bindings import BindingsScene, binding_problem

    app = make_app(tmp_path, input_script=script(""))
    b = app.input.bindings
    assert "already" in binding_problem(b, "wasd", "A", "return"), "Enter is the Arrows zone's key"
    assert "locks" in binding_problem(b, "wasd", "A", "caps lock")
    assert "locks" in binding_problem(b, "arrows", "B", "numlock")
    assert "pause" in binding_problem(b, "wasd", "A", "escape")
    assert binding_problem(b, "wasd", "A", "space") is None
    scene = BindingsScene(app)
    app.push(scene)
    press_keys(app, "e", "return")  # rebind WASD's Up to Enter: refused, nothing changes
    assert app.input.bindings["wasd"]["UP"] == DEFAULT_BINDINGS["wasd"]["UP"]
    assert "already" in scene.message
    press_keys(app, "e", "space")
    assert app.input.bindings["wasd"]["UP"] == ["space"]
    scene.sel = len(scene.app.input.bindings["wasd"])  # the "Restore default keys" row
    press_keys(app, "e")
    assert app.input.bindings["wasd"]["UP"] == DEFAULT_BINDINGS["wasd"]["UP"], "defaults restored"


def test_replay_controls_never_cover_the_table(tmp_path):
    """The playback shrinks the table into the space above its controls: no table pixel under the bar."""
    from arcade.core.replay import read_replay
    from arcade.client.scenes.replays import PlaybackScene

    app = make_app(tmp_path, bot_think_ticks=2)
    start_match(app, "grit", parse_seats("bot,bot", 2, 2), 4, {})
    run_ticks(app, 300)
    app.top.match.close_recording()
    rep = read_replay(next((tmp_path / "data").rglob("*.grr")))
    scene = PlaybackScene(app, rep)
    scene.table.draw = lambda surf, alpha: surf.fill((255, 0, 0))
    surf = pygame.Surface((1280, 720))
    scene.draw(surf, 1.0)
    red = [(x, y) for y in range(720 - scene.BAR, 720, 4) for x in range(0, 1280, 8)
           if surf.get_at((x, y)).r > 200 and surf.get_at((x, y)).g < 40]
    assert red == [], "no table pixel under the controls"
    assert surf.get_at((640, 300)).r > 240, "the table is drawn above the bar"
    assert scene.table.seat_name(0) == "Bot 1", "seats keep their names in a replay"
