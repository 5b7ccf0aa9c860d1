"""Codes typed as people type, server fields checked, hints that say what Enter does, a lobby status line that
follows the seats (issue 34, "Codes typed as people type"; issue 36, "Enter opens the lobby" hints).

The screens are driven by key events as a player's keyboard sends them (``InputMap.handle_event``, one key a tick);
what is checked is what the player sees: the field's text, the line shown, the hint bar's strings, the screen on top.
Nothing here opens a socket except the lobby test (loopback, inside the test run's network namespace).
"""

from __future__ import annotations

import pygame
import pytest

from arcade.client.render.audit import TextLog
from arcade.client.scenes import online_host, online_join, online_wait
from arcade.client.scenes.lan_lobby import LanLobbyScene
from arcade.client.scenes.lan_settings import LanSettingsScene
from arcade.client.scenes.online_host import OnlineHostScene
from arcade.client.scenes.online_join import OnlineJoinScene
from arcade.client.scenes.online_settings import OnlineSettingsScene
from client_helpers import make_app

KEYS = {"enter": pygame.K_RETURN, "up": pygame.K_UP, "down": pygame.K_DOWN, "tab": pygame.K_TAB,
        "space": pygame.K_SPACE, "-": pygame.K_MINUS, "escape": pygame.K_ESCAPE, "backspace": pygame.K_BACKSPACE,
        "right": pygame.K_RIGHT, "left": pygame.K_LEFT}


def press(app, *keys: str) -> None:
    """Each key down then up, one tick each, as a keyboard sends it (with the character it types)."""
    for k in keys:
        code = KEYS.get(k) or pygame.key.key_code(k)
        char = " " if k == "space" else (k if len(k) == 1 else "")
        for down in (True, False):
            app.input.handle_event(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=code, mod=0,
                                                      unicode=char if down else "", scancode=0))
            app.pump()
            app.tick()


def type_text(app, text: str) -> None:
    press(app, *["space" if ch == " " else ch for ch in text])


def shown(app) -> str:
    """Every string the top screen draws, one after the other."""
    with TextLog() as log:
        app.draw(1.0)
    return "  ".join(t.text for t in log.texts)


@pytest.fixture
def app(tmp_path):
    pygame.init()
    a = make_app(tmp_path)
    a.settings.lan_name_asked = True
    return a


@pytest.fixture
def no_network(monkeypatch):
    """Fails the test if anything starts meeting a host (the waiting screen, the online join or any rendezvous)."""
    def refuse(*a, **kw):
        raise AssertionError("the network was used")
    monkeypatch.setattr(online_wait, "OnlineJoin", refuse)
    monkeypatch.setattr(online_join, "OnlineWaitScene", refuse)
    monkeypatch.setattr(online_host, "OnlineWaitScene", refuse)


def open_join(app) -> OnlineJoinScene:
    scene = OnlineJoinScene(app)
    app.push(scene)
    press(app)  # one tick: the screen is up
    return scene


def test_a_code_typed_straight_away_keeps_every_letter_of_the_key_zones(app, no_network):
    # issue 34: "typing `5 gossamer rebirth` straight away left "ssamer rebirth"" (g-o-s moved the menu)
    join = open_join(app)
    type_text(app, "5 gossamer rebirth")
    assert join.code.value == "5-gossamer-rebirth" and join.rows()[join.row] == "code"
    type_text(app, "-wasdeqijklou")  # every zone's letters, and a dash typed as a dash
    assert join.code.value == "5-gossamer-rebirth-wasdeqijklou" and app.top is join
    press(app, *["backspace"] * 13)
    assert join.code.value == "5-gossamer-rebirth"
    press(app, "space", "space", "-")  # one dash, however many are typed
    assert join.code.value == "5-gossamer-rebirth-"
    press(app, "down")  # the arrows still move
    assert join.rows()[join.row] == "count"
    press(app, "s")  # off the field, the zones move the menu again
    assert join.rows()[join.row] == "p0" and join.code.value == "5-gossamer-rebirth-"
    press(app, "up", "up")
    assert join.rows()[join.row] == "code"
    press(app, "escape")
    assert app.top is not join


def test_tab_and_a_click_complete_the_word_from_the_word_list(app, no_network):
    join = open_join(app)
    type_text(app, "5 goss")
    assert "gossamer" in shown(app)  # the suggestion is on screen
    press(app, "tab")
    assert join.code.value == "5-gossamer-" and join.rows()[join.row] == "code"
    type_text(app, "rebi")
    press(app, "tab")
    assert join.code.value == "5-gossamer-rebirth-"
    type_text(app, "cross")
    rect = join.suggestion_rects()[join.suggestions().index("crossover")]
    app.input.handle_mouse(pygame.MOUSEBUTTONDOWN, rect.center, 1)
    app.input.handle_mouse(pygame.MOUSEBUTTONUP, rect.center, 1)
    app.pump()
    app.tick()
    app.tick()
    assert join.code.value == "5-gossamer-rebirth-crossover" and join.rows()[join.row] == "code"
    assert online_join.code_problem(join.code.value) == ""


@pytest.mark.parametrize("typed, line", [
    ("zulu zebra", "A code starts with the host's number"),
    ("5 gossamer", "A code is a number and two or three words"),
    ("5 gossamer rebirth crossover tiger", "this one has 4 words"),
    ("98 tiger lamp", "“lamp” is not a word of the codes"),
])
def test_a_code_that_cannot_be_valid_is_refused_with_its_line_before_any_network(app, no_network, typed, line):
    join = open_join(app)
    type_text(app, typed)
    press(app, "enter")  # Enter on the code: Join
    assert app.top is join and line in app.notice and "\n" not in app.notice
    assert line in shown(app)
    assert join.rows()[join.row] == "code"  # back on the code, to mend it
    press(app, "backspace")
    assert app.notice == ""  # the line goes once the code is being mended


def test_a_code_of_two_or_three_words_goes_to_the_meeting(app, monkeypatch):
    met = []
    monkeypatch.setattr(online_join, "OnlineWaitScene",
                        lambda app, **kw: met.append(kw["code"]) or LanSettingsScene(app))
    for code in ("5 gossamer rebirth", "5-Gossamer-rebirth-crossover"):
        join = open_join(app)
        type_text(app, code)
        press(app, "enter")
        assert app.notice == "" and app.top is not join
        app.pop()
        app.pop()
    assert met == ["5-gossamer-rebirth", "5-gossamer-rebirth-crossover"]


def test_bad_server_fields_are_refused_with_one_line_and_good_ones_saved(app):
    scene = OnlineSettingsScene(app)
    app.push(scene)
    press(app)
    type_text(app, "relay.example.org")  # the meeting server's row has focus: typed at once
    press(app, *["down"] * 8, "enter")  # Save
    assert app.top is scene and scene.error.startswith("Rendezvous server: it starts with ws://")
    for bad, said in (("ws;//relay.example.org/v1", "the port is missing"),
                      ("ws;//relay.example.org;99999/v1", "the port “99999” is not a number from 1 to 65535"),
                      ("ws;//relay.example.org;4000", "it ends with /v1")):
        scene.sel = 0
        press(app, "delete")
        type_text(app, bad)
        press(app, *["down"] * 8, "enter")
        assert app.top is scene and said in scene.error, scene.error
        assert said in shown(app)
    scene.sel = 0
    press(app, "delete")
    type_text(app, "ws;//relay.example.org;4000/v1")
    press(app, "down", "delete")
    type_text(app, "stun.example.org")
    press(app, *["down"] * 7, "enter")
    assert app.top is scene and scene.error.startswith("STUN server: the port is missing")
    scene.sel = 1
    type_text(app, ";3478")
    press(app, "down")
    type_text(app, "-turn.example.org;3478")
    press(app, *["down"] * 6, "enter")
    assert app.top is scene and scene.error.startswith("TURN relay: “-turn.example.org” is not a server name")
    scene.sel = 2
    press(app, "delete")
    type_text(app, "turn.example.org;3478")
    press(app, *["down"] * 6, "enter")
    assert scene.error == "The TURN relay needs its user name and password, or its shared secret."
    assert app.settings.online_rendezvous == ""  # nothing saved while a field is wrong
    scene.sel = 5
    type_text(app, "s3cret-of-coturn")
    assert "s3cret-of-coturn" not in shown(app)  # masked, like the password
    press(app, "down", "enter")  # Always use the relay: Yes
    press(app, "down", "down", "enter")  # Save
    assert app.top is not scene and scene.error == ""
    s = app.settings
    assert (s.online_rendezvous, s.online_stun, s.online_turn, s.online_turn_secret, s.online_relay_only) == (
        "ws://relay.example.org:4000/v1", "stun.example.org:3478", "turn.example.org:3478", "s3cret-of-coturn", True)


def test_lan_settings_take_zone_letters_in_the_name_at_once(app):
    scene = LanSettingsScene(app)
    app.push(scene)
    press(app, "delete")
    type_text(app, "joel dawes")
    assert scene.fields[0][1].value == "Joel Dawes" and scene.sel == 0
    press(app, "enter")
    assert scene.sel == 1


def test_the_enter_hint_of_online_host_setup_says_what_enter_does_on_each_row(app):
    scene = OnlineHostScene(app, "grit")
    app.push(scene)
    press(app)
    for k, r in enumerate(scene.rows()):
        scene.row = k
        bar = shown(app)
        if r == "open":
            assert "Enter/E open the lobby" in bar
        else:  # Enter does not open the lobby there: the hint says which key does
            assert "Enter/E open the lobby" not in bar and "Tab open the lobby" in bar
            press(app, "enter")
            assert app.top is scene


def test_the_lobby_status_line_follows_the_seats_and_its_hint_says_what_enter_does(tmp_path):
    from test_lan_client import World
    from arcade.client.lan import LanLink
    from arcade.core.match import SeatSpec, options_for_count
    from test_lan_client import free_port
    world = World(tmp_path)
    try:
        host, ann = world.app("host"), world.app("ann")
        port = free_port()
        hlink = LanLink.host(host, "grisbi", [SeatSpec("human", "wasd"), SeatSpec("remote"), SeatSpec("remote")],
                             options_for_count("grisbi", 3),
                             code="ST-123", port=port, name="Host", broadcast="127.255.255.255", clock=world.clock)
        lobby = LanLobbyScene(host, hlink)
        host.push(lobby)
        world.step(2)
        assert "1 of 3 seats filled" in shown(host)
        alink = LanLink.join(ann, ("127.0.0.1", port), "ST-123", [SeatSpec("human", "wasd")], name="Ann",
                             clock=world.clock)
        ann.push(LanLobbyScene(ann, alink))
        world.wait(lambda: "2 of 3 seats filled" in shown(host), 240, "Ann in a seat")
        assert "2 of 3 seats filled" in shown(ann)

        lobby.sel = 2  # the third seat, open: Enter puts a bot there
        assert "Enter/E a bot here" in shown(host)
        world.press(host, "enter")
        world.wait(lambda: "All seats filled: waiting for Ann to be ready" in shown(host), 120, "the bot seated")
        assert "Enter/E open the seat" in shown(host)
        lobby.sel = 1  # Ann's seat: Enter does not start there
        assert "Q remove Ann" in shown(host)
        lobby.sel = 0  # the host's own seat: Enter starts (when all are ready)
        assert "Enter/E start when all are ready" in shown(host)
        assert "Enter/E ready" in shown(ann) and "All seats filled: press Ready" in shown(ann)
        world.press(ann, "enter")
        world.wait(lambda: "All ready: Start" in shown(host), 120, "Ann ready")
        assert "Enter/E start" in shown(host) and "Enter/E not ready" in shown(ann)
        assert "All seats filled: the host starts" in shown(ann)
    finally:
        world.close()
