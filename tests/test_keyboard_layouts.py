"""Keyboards of other countries: zones bind by position (scancode), hints show the player's own letters.

Layouts are simulated at the event level: a KEYDOWN carries the key code an AZERTY (or QWERTZ) keyboard sends and
the scancode of the physical key pressed, as SDL gives them.
"""

from __future__ import annotations

import pygame

from arcade.core.match import parse_seats
from arcade.client.input import DEFAULT_BINDINGS, InputMap, KeyboardLayout, migrate_bindings, zone_hint, zone_title
from arcade.client.play import start_match
from client_helpers import make_app, run_ticks

# SDL scancodes of the US keys' positions (SDL_scancode.h), and what AZERTY / QWERTZ print there
SC = {"a": 4, "d": 7, "e": 8, "q": 20, "s": 22, "w": 26, "y": 28, "z": 29}
AZERTY = {SC["w"]: pygame.K_z, SC["a"]: pygame.K_q, SC["s"]: pygame.K_s, SC["d"]: pygame.K_d, SC["e"]: pygame.K_e,
          SC["q"]: pygame.K_a, SC["z"]: pygame.K_w}
QWERTZ = {SC["w"]: pygame.K_w, SC["a"]: pygame.K_a, SC["s"]: pygame.K_s, SC["d"]: pygame.K_d, SC["e"]: pygame.K_e,
          SC["q"]: pygame.K_q, SC["z"]: pygame.K_y, SC["y"]: pygame.K_z}


def key_event(layout: dict[int, int], position: str, down: bool = True) -> pygame.event.Event:
    """The event a keyboard of ``layout`` sends when the key at the US ``position`` is pressed (or let go)."""
    sc = SC[position]
    code = layout[sc]
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=code, scancode=sc, mod=0,
                              unicode=chr(code) if down else "")


def tap(app, layout: dict[int, int], position: str) -> None:
    """Press and let go the key at ``position`` on a keyboard of ``layout``, a tick each."""
    pygame.event.post(key_event(layout, position, True))
    run_ticks(app, 1)
    pygame.event.post(key_event(layout, position, False))
    run_ticks(app, 1)


def test_the_wasd_zone_is_the_same_four_keys_on_qwerty_azerty_and_qwertz():
    pygame.init()
    for layout in (AZERTY, QWERTZ):
        inp = InputMap(layout=KeyboardLayout(ask_sdl=False))
        for position, button in (("w", "UP"), ("a", "LEFT"), ("s", "DOWN"), ("d", "RIGHT"), ("e", "A"), ("q", "B")):
            inp.handle_event(key_event(layout, position))
            inp.begin_tick()
            assert inp.devices["wasd"].pressed == {button}, (position, button)
            inp.handle_event(key_event(layout, position, False))
            inp.begin_tick()
    # the AZERTY key printed W sits where QWERTY has Z: it is no key of the zone
    inp = InputMap(layout=KeyboardLayout(ask_sdl=False))
    inp.handle_event(key_event(AZERTY, "z"))
    inp.begin_tick()
    assert not inp.devices["wasd"].pressed


def test_hints_read_the_letters_of_the_players_layout():
    pygame.init()
    inp = InputMap(layout=KeyboardLayout(ask_sdl=False))
    assert zone_hint(inp, "wasd") == "W/A/S/D move · E select · Q back"
    for position in ("w", "a", "s", "d", "e", "q"):
        inp.handle_event(key_event(AZERTY, position))
    assert zone_hint(inp, "wasd") == "Z/Q/S/D move · E select · A back"
    assert zone_title(inp, "wasd") == "ZQSD" and inp.hint("wasd", "UP") == "Z"


def test_key_code_bindings_saved_before_are_moved_to_positions():
    """A file from before positions: defaults keep their place; a key the player chose is found on the keyboard."""
    pygame.init()
    layout = KeyboardLayout(ask_sdl=False)
    layout.learn(SC["w"], pygame.K_z)  # AZERTY: Z where QWERTY has W
    old = {z: {b: list(k) for b, k in m.items()} for z, m in DEFAULT_BINDINGS.items()}
    old["ijkl"]["A"] = ["z"]  # an AZERTY player bound the key printed Z
    new = migrate_bindings(old, layout)
    assert new["wasd"] == DEFAULT_BINDINGS["wasd"] and new["ijkl"]["A"] == ["w"]


def test_settings_saved_with_key_codes_are_migrated_on_load(tmp_path):
    import msgpack

    from arcade.client.settings import load_settings

    cfg = tmp_path / "config"
    cfg.mkdir()
    old = {z: {b: list(k) for b, k in m.items()} for z, m in DEFAULT_BINDINGS.items()}
    old["wasd"]["A"] = ["space"]
    (cfg / "settings.msgpack").write_bytes(msgpack.packb({"volume": 5, "bindings": old}))
    s = load_settings(cfg)
    assert s.bindings["wasd"]["A"] == ["space"] and s.bindings["wasd"]["UP"] == ["w"] and not s.notice
    assert s.bindings_by == "position"


def test_an_azerty_player_plays_a_grit_turn_by_the_physical_wasd_keys_and_reads_zqsd(tmp_path):
    """On AZERTY the WASD zone is Z Q S D: the key printed Z (where QWERTY has W) moves up, the key printed W
    (bottom left) does nothing, E lays the card; the laying prompt names Q/D and Z/S."""
    from arcade.client.render.audit import TextAudit

    app = make_app(tmp_path, bot_think_ticks=5)
    start_match(app, "grit", parse_seats("bot,human:wasd"), 11, {})
    table = app.top
    for _ in range(3000):  # to the human's laying turn (The Word's choice made with the select key)
        st = table.match.state
        if st.phase in ("lay_first", "lay_second") and 1 in table.rules.to_act(st):
            break
        if st.phase == "word" and 1 in table.rules.to_act(st) and app.ticks % 10 == 0:
            tap(app, AZERTY, "e")
        run_ticks(app, 1)
    else:
        raise AssertionError("the human never came to lay")
    hand = len(table.match.state.complaints[1])
    start = table.current_target()
    tap(app, AZERTY, "s")  # DOWN: the next pile
    moved = table.current_target()
    assert moved != start, "the key at the S position moves the pile cursor"
    tap(app, AZERTY, "z")  # the key printed W, bottom left on AZERTY: not the zone's
    assert table.current_target() == moved
    tap(app, AZERTY, "w")  # the key printed Z, where QWERTY has W: UP
    assert table.current_target() == start
    tap(app, AZERTY, "d")  # RIGHT, LEFT (the key printed Q): the Complaint chosen, and back
    tap(app, AZERTY, "a")
    tap(app, AZERTY, "q")  # the key printed A: the zone's B (peek), harmless
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        table.draw(surf, 1.0)
    texts = [d.text for d in audit.drawn]
    assert any("Q/D choose Complaint" in t for t in texts), texts
    assert any("Z/S choose pile" in t for t in texts), texts
    assert not any("W/S" in t or "A/D" in t for t in texts), texts
    tap(app, AZERTY, "e")  # lay it (a Marked Complaint asks how first: E again takes the first way)
    if 1 in table.mode_menu:
        tap(app, AZERTY, "e")
    run_ticks(app, 2)
    assert len(table.match.state.complaints[1]) == hand - 1, "the Complaint was laid"


def test_rebinding_on_azerty_keeps_the_position_and_shows_the_printed_letter(tmp_path):
    """Key bindings on AZERTY: the zone is called ZQSD; pressing the key printed W binds that place (the US "z"
    position) and the row reads W."""
    from arcade.client.render.audit import TextAudit
    from arcade.client.scenes.bindings import BindingsScene

    app = make_app(tmp_path)
    for sc, code in AZERTY.items():
        app.input.layout.learn(sc, code)
    scene = BindingsScene(app)
    app.push(scene)
    run_ticks(app, 1)
    tap(app, AZERTY, "e")  # A on the Up row: waiting for a key
    assert scene.waiting
    tap(app, AZERTY, "z")  # the key printed W (bottom left)
    assert app.input.bindings["wasd"]["UP"] == ["z"]
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        scene.draw(surf, 1.0)
    texts = [d.text for d in audit.drawn]
    assert "◀ ZQSD zone ▶" in texts and "W" in texts, texts
