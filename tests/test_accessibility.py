"""Readable for everyone (issue 36): Settings → Display… → Text size (100, 125, 150 %) makes every text larger and is
kept; Reduce flashing turns Grisbi's START beat (and Grenade's pulsing die glow) into a steady sign; both settings
survive a restart and a hostile settings file."""

from __future__ import annotations

import msgpack
import pygame

from arcade.client.render import fonts
from arcade.client.render.audit import TextAudit
from client_helpers import make_app, run_ticks, script


def keys(app, *names: str) -> None:
    """Press each key (a key name of the input scripts) on its own tick."""
    for k in names:
        app.opts.input_script = script(f"{app.ticks} {k}\n")
        run_ticks(app, 2)


def drawn(scene, text: str):
    """Where ``scene`` draws ``text`` on a 1280×720 picture (the first time), or None."""
    with TextAudit() as audit:
        scene.draw(pygame.Surface((1280, 720)), 1.0)
    return next((d for d in audit.drawn if d.text == text), None)


def test_text_size_is_chosen_in_display_and_every_screen_grows(tmp_path):
    from arcade.client.scenes.settings import SettingsScene

    app = make_app(tmp_path)
    try:
        small = drawn(app.top, "Settings")
        app.push(SettingsScene(app))
        run_ticks(app, 2)
        keys(app, *["s"] * SettingsScene.ROWS.index("display"), "e")
        assert app.top.name == "display"
        shown = drawn(app.top, "Text size")
        assert shown is not None
        keys(app, *["s"] * app.top.ROWS.index("text_size"), "d", "d", "d")  # the last step stays at 150 %
        assert app.settings.text_scale == 150
        grown = drawn(app.top, "Text size")
        assert grown.full[3] >= shown.full[3] * 1.4, (shown.full, grown.full)  # 24 px -> 36 px
        big = drawn(app.stack[0], "Settings")  # the title under them, drawn again: larger too (its 13 items
        assert big.full[3] > small.full[3], (small.full, big.full)  # take the room down to the hint bar)
        assert drawn(app.top, "150 %") or drawn(app.top, "150%")
        keys(app, "escape", "escape")
        assert app.top.name == "title"
        # kept: a new start draws at 150 %
        again = make_app(tmp_path)
        assert again.settings.text_scale == 150
        assert drawn(again.top, "Settings").full[3] == big.full[3]
    finally:
        fonts.set_text_scale(100)


def test_display_settings_survive_a_restart_and_a_hostile_file(tmp_path):
    from arcade.client.settings import load_settings, save_settings

    s = load_settings(tmp_path)
    assert (s.text_scale, s.reduce_flashing) == (100, False)
    s.text_scale, s.reduce_flashing = 125, True
    assert save_settings(s) is None
    t = load_settings(tmp_path)
    assert (t.text_scale, t.reduce_flashing) == (125, True) and t.notice == ""
    (tmp_path / "settings.msgpack").write_bytes(msgpack.packb({"text_scale": 400, "reduce_flashing": "yes",
                                                               "volume": 3}))
    u = load_settings(tmp_path)
    assert (u.text_scale, u.reduce_flashing, u.volume) == (100, False, 3)
    assert "text_scale" in u.notice and "reduce_flashing" in u.notice


def _start_sign_sizes(tmp_path, calm: bool) -> tuple[int, int]:
    from arcade.client.play import start_match
    from arcade.core.match import parse_seats

    app = make_app(tmp_path / str(calm))
    app.settings.reduce_flashing = calm
    start_match(app, "grisbi", parse_seats("human,bot,bot,bot"), 3, {})
    table = app.top
    sizes = []
    for age in (0, 12):
        with TextAudit() as audit:
            table.panels.draw_start(pygame.Surface((1280, 720)), age)
        sign = [d for d in audit.drawn if d.text == "START!"]
        sizes.append(sign[0].full[3])
    return sizes[0], sizes[1]


def test_reduce_flashing_makes_grisbis_start_sign_steady(tmp_path):
    """Off: "START!" beats (large for its first ticks, then settled). On: the same steady size throughout."""
    first, later = _start_sign_sizes(tmp_path, calm=False)
    assert first > later
    first, later = _start_sign_sizes(tmp_path, calm=True)
    assert first == later
