"""The client: clock, input zones, input scripts, command line, settings, scenes and screenshots."""

from __future__ import annotations

import subprocess
import sys

import pygame
import pytest

from arcade.client.app import InputScript, ScriptError
from arcade.client.clock import FixedClock
from arcade.client.input import InputMap
from arcade.core.match import SpecError, parse_seats
from arcade.client.settings import load_settings
from client_helpers import make_app, picture_facts, run_ticks, script


class FakeTime:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_clock_runs_ticks_from_the_accumulator_and_caps_catch_up():
    ft = FakeTime()
    c = FixedClock(time_source=ft)
    ft.t += 1 / 30
    assert c.frame() == 2
    ft.t += 1 / 144
    assert c.frame() == 0 and 0.0 < c.alpha < 1.0
    ft.t += 1.0  # a one-second hitch
    assert c.frame() == 5
    assert c.dropped_ticks > 50


def key(code, down=True):
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)


def test_keyboard_zones_map_keys_to_each_seats_logical_buttons():
    pygame.init()
    inp = InputMap()
    inp.handle_event(key(pygame.K_e))
    inp.handle_event(key(pygame.K_RETURN))
    inp.handle_event(key(pygame.K_k))
    inp.begin_tick()
    assert inp.pressed("A", ["wasd"]) and inp.pressed("A", ["arrows"])
    assert not inp.pressed("A", ["ijkl"]) and inp.pressed("DOWN", ["ijkl"])
    inp.begin_tick()
    assert not inp.pressed("A", ["wasd"]) and inp.held("A", ["wasd"])
    inp.handle_event(key(pygame.K_e, down=False))
    inp.begin_tick()
    assert not inp.held("A", ["wasd"])


def test_gamepads_come_and_go_while_running():
    pygame.init()
    inp = InputMap()
    pad = inp.add_virtual_pad()
    assert pad == "pad0" and inp.pads() == ["pad0"]
    inp.inject(pad, "A", True)
    inp.begin_tick()
    assert inp.pressed("A", [pad]) and not inp.pressed("A", ["wasd"])


def test_input_script_presses_at_exact_ticks_and_reports_bad_lines():
    s = script("10 e\n20 return down\n25 return up\n30 every 10 times 3 q\n")
    assert s.events[10] == [("e", True)] and s.events[11] == [("e", False)]
    assert 50 in s.events and 60 not in s.events
    with pytest.raises(ScriptError, match="line 2"):
        script("1 e\nbanana\n")
    with pytest.raises(ScriptError, match="unknown key"):
        script("1 notakey\n")


def test_input_script_wait_holds_until_the_text_is_on_screen(tmp_path):
    """A ``wait`` line holds the script until a drawn frame shows the text; later lines count on from there."""
    app = make_app(tmp_path, input_script=script("2 wait Learn to play\n3 down\n"))
    title = app.top
    for _ in range(20):  # nothing drawn yet: the script holds at its tick 2, the down never comes
        app.pump()
        app.tick()
    assert title.sel == 0
    app.draw(1.0)  # the title shows "Learn to play"
    for _ in range(3):
        app.pump()
        app.tick()
    assert title.sel == 1
    with pytest.raises(ScriptError, match="wait"):
        script("5 wait\n")


def test_seat_spec_parsing():
    seats = parse_seats("human,human,bot:hard,pad:0", 2, 8)
    assert [s.device for s in seats[:2]] == ["wasd", "arrows"]
    assert seats[2].level == "hard" and seats[3].device == "pad0"
    with pytest.raises(SpecError):
        parse_seats("human:wasd,human:1", 2, 2)
    with pytest.raises(SpecError):
        parse_seats("bot:godlike,bot", 2, 2)
    with pytest.raises(SpecError):
        parse_seats("bot", 2, 2)


@pytest.mark.parametrize("args, needle", [
    (["--game", "nope"], "unknown game"),
    (["--frames", "0"], "--frames"),
    (["--game", "grit", "--seats", "human,human,human"], "seats"),
    (["--frames", "x"], "invalid int"),
    (["--seats", "bot,bot"], "--seats needs --game"),
    (["--game", "grit", "--seats", "human,bot,bot"], "this game takes 2 seats,"),
    (["--bogus-flag"], "unrecognized arguments: --bogus-flag"),
    (["--screenshot", "/no/such/folder/shot.png", "--frames", "2"], "the folder /no/such/folder does not exist"),
])
def test_bad_arguments_give_one_line_and_status_2(args, needle):
    p = subprocess.run([sys.executable, "-m", "arcade", "--headless", *args], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 2
    err = [ln for ln in p.stderr.splitlines() if ln.strip() and not ln.startswith(("ALSA", "pygame-ce"))]
    assert len(err) == 1 and needle in err[0], err
    assert "Traceback" not in p.stderr


def test_a_missing_pad_falls_back_to_a_keyboard_zone_and_screenshots_are_png(tmp_path):
    shot = tmp_path / "shot.jpg"
    p = subprocess.run([sys.executable, "-m", "arcade", "--headless", "--game", "grit", "--seats", "pad:0,human",
                        "--frames", "3", "--screenshot", str(shot), "--config-dir", str(tmp_path / "c"),
                        "--data-dir", str(tmp_path / "d")], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert "gamepad 1 is not connected; that seat plays with the ARROWS keys" in p.stderr
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", "--screenshot always writes PNG"


def test_unreadable_settings_give_defaults_and_a_visible_notice(tmp_path):
    cfg = tmp_path / "config"
    cfg.mkdir()
    (cfg / "settings.msgpack").write_bytes(b"\xc1\xff garbage")
    s = load_settings(cfg)
    assert s.volume == 7 and "unreadable" in s.notice
    (cfg / "settings.msgpack").write_bytes(b"")
    assert "unreadable" in load_settings(cfg).notice
    (cfg / "settings.msgpack").write_bytes(b"\x82\xa6volume\xcd\x03\xe8\xa8bindings\x01")  # volume 1000, junk binds
    s = load_settings(cfg)
    assert s.volume == 7 and "invalid" in s.notice
    app = make_app(tmp_path)
    run_ticks(app, 2)
    assert app.notice  # shown on the title


def test_settings_are_saved_and_read_back(tmp_path):
    app = make_app(tmp_path)
    app.settings.volume = 3
    app.settings.attract_idle_seconds = 45
    b = dict(app.input.bindings)
    b["wasd"] = dict(b["wasd"], A=["space"])
    app.input.set_bindings(b)
    app.save_settings()
    s = load_settings(tmp_path / "config")
    assert (s.volume, s.attract_idle_seconds, s.bindings["wasd"]["A"], s.notice) == (3, 45, ["space"], "")


def test_title_screen_is_drawn_and_idle_leads_to_attract_mode_and_any_key_back(tmp_path):
    app = make_app(tmp_path)
    app.settings.attract_idle_seconds = 5
    run_ticks(app, 10)
    facts = picture_facts(app.screen)
    assert facts["felt"] > 0.5 and facts["colours"] > 8
    assert app.top.name == "title"
    run_ticks(app, 5 * 60)
    assert app.top.name == "attract"
    app.opts.input_script = script(f"{app.ticks + 3} space\n")
    run_ticks(app, 6)
    assert app.top.name == "title"


def test_attract_mode_rotates_through_the_games(tmp_path):
    from arcade.client.scenes.attract import AttractScene

    app = make_app(tmp_path)
    scene = AttractScene(app)
    app.push(scene)
    first = scene.games[scene.index]
    run_ticks(app, 60 * 30, draw_every=300)
    assert app.top is scene
    facts = picture_facts(app.screen)
    assert facts["colours"] > 10
    scene.next_game()
    if len(scene.games) > 1:
        assert scene.games[scene.index] != first


def test_menus_reach_seat_setup_settings_rules_and_back(tmp_path):
    app = make_app(tmp_path, input_script=script("2 return\n6 escape\n"))
    run_ticks(app, 4)
    assert app.top.name == "setup"
    facts = picture_facts(app.screen)
    assert facts["felt"] > 0.3 and facts["colours"] > 8
    assert app.top.gid == app.stack[0].items[0][1]  # the game chosen on the title
    run_ticks(app, 4)
    assert app.top.name == "title"
    # settings and rules open and close
    app.opts.input_script = script(f"{app.ticks + 1} escape\n")
    from arcade.client.scenes.rules import RulesScene
    from arcade.client.scenes.settings import SettingsScene

    app.push(SettingsScene(app))
    run_ticks(app, 3)
    assert app.top.name == "title"
    app.push(RulesScene(app, "grit"))
    run_ticks(app, 2)
    assert picture_facts(app.screen)["colours"] > 4
    assert app.top.gid == "grit" and app.top.page.get_height() > 400, "Grit's rules page is drawn"


def test_seat_setup_cycles_seats_through_zones_pads_and_bot_levels(tmp_path):
    from arcade.client.scenes.setup import SeatSetupScene

    app = make_app(tmp_path)
    app.input.add_virtual_pad()
    scene = SeatSetupScene(app, "grisbi")
    app.push(scene)
    scene.row = 1  # seat 1
    seen = set()
    for k in range(12):
        app.opts.input_script = script(f"{app.ticks} d\n")
        run_ticks(app, 2)
        seen.add(scene.choices[0].label)
    assert {"Arrow keys", "Gamepad 1", "Bot (hard)", "WASD keys"} <= seen
    # two seats on one device is refused with a visible message, not a crash
    scene.choices[0] = scene.choices[1] = scene.choices[0].__class__("human", "wasd")
    scene.row = len(scene.rows()) - 1
    app.opts.input_script = script(f"{app.ticks} e\n")
    run_ticks(app, 2)
    assert app.top is scene and "two seats" in app.notice


def _scripted_match_checksum(tmp_path, fps: float) -> tuple[int, int]:
    from arcade.client.app import App, AppOptions
    from arcade.client.scenes.title import TitleScene
    from arcade.client.play import start_match
    from arcade.core.match import parse_seats

    ft = FakeTime()
    opts = AppOptions(headless=True, config_dir=str(tmp_path / f"cfg{fps}"), time_source=ft, frames=1500,
                      input_script=script("30 every 17 times 80 e\n40 every 23 times 40 d\n"), bot_think_ticks=20)
    app = App(opts)
    app.reset_to(TitleScene(app))
    start_match(app, "grit", parse_seats("human,bot"), 77, {})
    table = app.top

    def sleep_frame() -> None:
        ft.t += 1.0 / fps

    app.pump()
    while app.running:
        sleep_frame()
        n = app.clock.frame()
        for _ in range(n):
            app.tick()
            if not app.running:
                break
        app.draw(app.clock.alpha)
    return table.match.checksum(), table.match.tick_count


def test_same_input_script_same_result_at_30_and_144_frames_a_second(tmp_path):
    a = _scripted_match_checksum(tmp_path, 30.0)
    b = _scripted_match_checksum(tmp_path, 144.0)
    assert a == b


def test_title_shows_the_games_cards_and_a_notice_that_fades_clear_of_the_menu(tmp_path):
    from arcade.client.scenes.title import title_card

    app = make_app(tmp_path)
    app.notice = "Your settings file could not be read: defaults are used."
    run_ticks(app, 2)
    for gid in ("grisbi", "grit", "grenade", "grass", "cops_and_robbers"):
        assert title_card(gid) is not None, f"{gid} has a card on the title"
    assert app.notice, "the notice shows at first"
    run_ticks(app, 320)
    assert app.notice == "", "the notice goes after a few seconds"


def test_player_counts_read_as_a_player_would():
    from arcade.games import definition_of

    assert definition_of("grenade").spec.player_range() == "2–6 players (7 as an option)"
    assert definition_of("cops_and_robbers").spec.player_range() == "4 or 6 players"
    assert definition_of("grit").spec.player_range() == "2 players"
    assert definition_of("grisbi").spec.player_range() == "2–8 players"


def test_command_line_matches_stay_out_of_the_players_replays(tmp_path):
    """A match started from the command line (headless, --game) records into a temporary folder unless --data-dir
    is given, so it never shows in the player's Replays or as Resume on the title."""
    import os

    env = dict(os.environ, GRISBI_ARCADE_HOME=str(tmp_path))
    p = subprocess.run([sys.executable, "-m", "arcade", "--headless", "--game", "grit", "--seats", "bot,bot",
                        "--frames", "120"], capture_output=True, text=True, timeout=60, env=env)
    assert p.returncode == 0, p.stderr
    assert not list(tmp_path.rglob("*.grr")), "no replay in the player's data folder"
    kept = tmp_path / "kept"
    p = subprocess.run([sys.executable, "-m", "arcade", "--headless", "--game", "grit", "--seats", "bot,bot",
                        "--frames", "120", "--data-dir", str(kept)], capture_output=True, text=True, timeout=60,
                       env=env)
    assert p.returncode == 0 and list(kept.rglob("*.grr")), "--data-dir keeps the replay"


def test_seat_setup_shows_the_chosen_options_help_line(tmp_path):
    """An option row explains itself when chosen (Grass's "Learning mode", Grisbi's pace, assist and practice)."""
    from arcade.client.render.audit import TextAudit
    from arcade.client.scenes.setup import SeatSetupScene

    app = make_app(tmp_path)
    setup = SeatSetupScene(app, "grass")
    rows = setup.rows()
    for k, r in enumerate(rows):
        if not r.startswith("opt"):
            continue
        setup.row = k
        surf = pygame.Surface((1280, 720))
        with TextAudit() as audit:
            setup.draw(surf, 1.0)
        opt = setup.opts[int(r[3:])]
        drawn = [d.text for d in audit.drawn]
        assert (opt.help in drawn) == bool(opt.help), (opt.label, drawn)
    assert any(o.help for o in setup.opts)
