"""The mouse everywhere and the window's geometry, driven headless (the picture is the window: 1280×720).

The real window under X (resize, real clicks, CPU, close) is ``tests/test_real_window.py``.
"""

from __future__ import annotations

import pygame
import pytest

from arcade.client.app import clamp_scale, fit_rect, fitting_scales, no_display
from arcade.core.match import SeatSpec, SpecError, parse_seats
from arcade.client.render.widgets import H, W
from arcade.client.play import start_match

from client_helpers import make_app, run_ticks


def click(app, pos, button=1):
    """A real SDL mouse press and release at ``pos`` (window px), read by the app's next pump and two ticks (one
    change of the left button a tick: the press, then the release)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.pump()
    app.tick()
    app.tick()


def test_picture_fills_any_window_with_its_shape_kept():
    """A 16:9 window of any size is filled (fractional scales too); another shape gets bars on two sides only."""
    assert fit_rect((1600, 900)) == pygame.Rect(0, 0, 1600, 900)
    assert fit_rect((960, 540)) == pygame.Rect(0, 0, 960, 540)
    assert fit_rect((1920, 1080)) == pygame.Rect(0, 0, 1920, 1080)
    tall = fit_rect((1600, 1000))  # bars above and below
    assert (tall.x, tall.width, tall.height) == (0, 1600, 900) and tall.y == 50
    wide = fit_rect((2000, 900))  # bars left and right
    assert (wide.y, wide.height, wide.width) == (0, 900, 1600) and wide.x == 200


def test_scale_choices_fit_the_desktop_and_a_saved_size_too_large_is_clamped():
    """On a 1280×800 desktop the 1.25×, 1.5× and 2× windows do not fit: they are not offered, and a saved 2× opens
    at 1×. A 1920×1080 window has no room for its title bar on a 1920×1080 desktop: 1.25× at most there."""
    assert fitting_scales((1280, 800)) == (0.5, 0.75, 1.0)
    assert fitting_scales((1920, 1080)) == (0.5, 0.75, 1.0, 1.25)
    assert fitting_scales((2560, 1440)) == (0.5, 0.75, 1.0, 1.25, 1.5)
    assert fitting_scales((3840, 2160)) == (0.5, 0.75, 1.0, 1.25, 1.5, 2.0)
    assert clamp_scale(2.0, (1280, 800)) == 1.0
    assert clamp_scale(1.5, (1920, 1080)) == 1.25
    assert clamp_scale(1.0, (800, 600)) == 0.5


def test_no_display_is_said_in_one_line(monkeypatch, capsys):
    """Without DISPLAY/WAYLAND_DISPLAY, the game does not run invisibly: exit 2 with one line."""
    assert no_display({}, "linux")
    assert not no_display({"DISPLAY": ":0"}, "linux")
    assert not no_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not no_display({"SDL_VIDEODRIVER": "dummy"}, "linux")
    assert not no_display({}, "win32")
    from arcade.client import cli

    for k in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert cli.main(["--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == ["grisbi-arcade: no display found; use --headless for runs without a screen"]


def test_leaving_fullscreen_gives_back_the_size_the_window_was_dragged_to(tmp_path, monkeypatch):
    """Issue 36: a window dragged to 1000×600 (scale 1.0 in the settings), F11 and F11 again: the window asked for
    is 1000×600 again, not the settings' 1280×720. (The real window under X: ``tests/test_real_window.py``.)"""
    app = make_app(tmp_path)
    app.settings.window_scale = 1.0
    asked = []

    def set_mode(fullscreen, size):
        asked.append((fullscreen, tuple(size)))
        return pygame.Surface((1920, 1080) if fullscreen else size)

    app.window = pygame.Surface((1000, 600))  # as a real window the player dragged
    monkeypatch.setattr(app, "_set_window_mode", set_mode)
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: (1000, 600))
    app.set_fullscreen(True)
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: (1920, 1080))
    app.set_fullscreen(False)
    assert asked[-1] == (False, (1000, 600)), asked


def test_click_the_first_title_item_opens_its_seat_setup(tmp_path):
    app = make_app(tmp_path)
    run_ticks(app, 2)
    title = app.top
    first = title.item_rects()[0]
    click(app, first.center)
    assert app.top.name == "setup" and app.top.gid == title.items[0][1]


def test_hover_selects_and_right_click_goes_back(tmp_path):
    app = make_app(tmp_path)
    run_ticks(app, 2)
    title = app.top
    r = title.item_rects()[3]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()
    app.tick()
    assert title.sel == 3
    click(app, title.item_rects()[1].center)
    assert app.top.name == "setup"
    click(app, (10, 10), button=3)
    assert app.top is title


def test_seat_setup_arrows_and_start_by_mouse(tmp_path):
    """◀ ▶ of a row change it; START starts the match; the mouse is a seat of its own."""
    app = make_app(tmp_path)
    from arcade.client.scenes.setup import SeatSetupScene

    setup = SeatSetupScene(app, "grenade")
    app.push(setup)
    rows = setup.row_rects()
    before = setup.players
    click(app, (W // 2 + 370, rows[0].centery))  # ▶ of Players
    assert setup.players != before
    click(app, (W // 2 + 40, rows[0].centery))  # ◀ of Players
    assert setup.players == before
    seat1 = setup.rows().index("seat0")
    labels = set()
    for _ in range(8):
        click(app, (W // 2 + 370, rows[seat1].centery))
        labels.add(setup.choices[0].label)
    assert "Mouse" in labels
    click(app, rows[-1].center)  # START
    assert app.top.name == "table"


def test_settings_window_scale_offers_only_what_fits(tmp_path):
    app = make_app(tmp_path)
    from arcade.client.scenes.settings import DisplayScene  # Settings → Display…

    app.desktop_size = lambda: (1280, 800)
    s = DisplayScene(app)
    app.push(s)
    row = s.row_rects()[s.ROWS.index("scale")]
    for _ in range(5):
        click(app, (W // 2 + 390, row.centery))  # ▶
    assert app.settings.window_scale == 1.0
    click(app, (W // 2 + 30, row.centery))  # ◀
    assert app.settings.window_scale == 0.75


def test_grit_move_by_mouse(tmp_path):
    """Click a Complaint in your hand, then a pile that may take it: it is laid there."""
    app = make_app(tmp_path)
    start_match(app, "grit", [SeatSpec("human", "wasd"), SeatSpec("bot")], 7, {})
    table = app.top
    for _ in range(2000):  # bots think; the human may hold The Word
        app.pump()
        app.tick()
        st = table.match.state
        if 0 in table.rules.to_act(st):
            if st.phase == "word":
                click(app, table.word_rects()[0].center)
                continue
            break
    st = table.match.state
    assert 0 in table.rules.to_act(st) and st.phase != "word"
    hand = list(st.complaints[0])
    legal = table.rules.legal_actions(st, 0)
    click(app, table.hand_rects(0, len(hand))[1].center)
    assert table.sel_card[0] == 1
    owner, pile = table.piles_for(legal, hand[1])[-1]
    click(app, table.pile_rect(owner, pile).center)
    if 0 in table.mode_menu:
        click(app, table.mode_rects(3)[0].center)
    run_ticks(app, 2)
    after = table.match.state
    assert len(after.complaints[0]) == len(hand) - 1 and hand[1] not in after.complaints[0]


def test_mouse_in_the_seat_spec():
    seats = parse_seats("mouse,bot", 2, 2)
    assert seats[0] == SeatSpec("human", "mouse") and seats[0].spec == "mouse" and seats[0].label == "Mouse"
    with pytest.raises(SpecError):
        parse_seats("mouse,mouse", 2, 2)


def until(app, cond, limit=6000):
    """Tick the app (no input) until ``cond()`` holds; returns whether it did within ``limit`` ticks."""
    for _ in range(limit):
        if cond():
            return True
        app.pump()
        app.tick()
    return cond()


def test_grenade_throw_by_mouse(tmp_path):
    """Pointing at a grenade's button chooses it; a click throws it."""
    app = make_app(tmp_path)
    start_match(app, "grenade", [SeatSpec("human", "wasd"), SeatSpec("bot"), SeatSpec("bot")], 3, {})
    table = app.top
    assert until(app, lambda: table.chooser() == 0)
    moves = len(table.match.state.history)
    button = table.band_buttons()[2]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=button.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()
    app.tick()
    assert table.die_cursor[0] == 2
    click(app, button.center)
    run_ticks(app, 2)
    assert len(table.match.state.history) == moves + 1 and table.match.state.history[-1].die == 2


def test_grass_play_by_mouse(tmp_path):
    """Click a card of your hand: its menu opens; click a line: it is done."""
    app = make_app(tmp_path)
    start_match(app, "grass", [SeatSpec("human", "wasd"), SeatSpec("bot"), SeatSpec("bot")], 5, {})
    table = app.top
    assert until(app, lambda: table.match.state.phase == "play" and bool(table.hand_slots(0))
                 and table.seating.curtain_for is None)
    hslots = table.hand_slots(0)
    hand = list(table.match.state.seats[0].hand)
    click(app, table.hand_rects(0, hslots)[0].center)
    assert table.choices.seat_ui(0).open
    rows = table.popup_rows(0, hslots)
    before = table.match.state
    click(app, rows[-1].center)  # the last line (discard, always there)
    run_ticks(app, 2)
    assert table.match.state is not before and list(table.match.state.seats[0].hand) != hand


def test_still_screens_present_no_new_frame(tmp_path):
    """A still title presents nothing new until input comes (or the idle refresh is due); every table answers."""
    app = make_app(tmp_path)
    run_ticks(app, 3)
    app.draw(1.0)
    assert not app.wants_frame(app.last_present + 0.1)
    assert app.wants_frame(app.last_present + 0.6)
    app.input.handle_mouse(pygame.MOUSEMOTION, (5, 5))
    assert app.wants_frame(app.last_present + 0.1)
    for gid, seats in (("grit", 2), ("grenade", 3), ("grass", 3), ("cops_and_robbers", 4), ("grisbi", 4)):
        start_match(app, gid, [SeatSpec("human", "wasd")] + [SeatSpec("bot")] * (seats - 1), 1, {})
        run_ticks(app, 3)
        assert isinstance(app.top.in_motion(), bool)
        app.wants_frame(app.last_present)


def test_cops_and_robbers_turn_by_mouse(tmp_path):
    """Click Draw: a card is drawn; click a card, then a line of its menu: it is played."""
    app = make_app(tmp_path)
    start_match(app, "cops_and_robbers", [SeatSpec("human", "wasd")] + [SeatSpec("bot")] * 3, 2, {})
    table = app.top
    assert until(app, lambda: bool(table.hand_slots(0)) and not table.holding)
    slots = table.hand_slots(0)
    assert "draw" in slots
    hand = len(table.match.state.hands[0])
    click(app, table.hand_rects(slots)[slots.index("draw")].center)
    run_ticks(app, 2)
    assert len(table.match.state.hands[0]) == hand + 1
    assert until(app, lambda: bool(table.hand_slots(0)) and not table.holding)
    slots = table.hand_slots(0)
    playable = [i for i, s in enumerate(slots) if s not in ("draw", "end") and table.picks.slot_options(0, s)]
    assert playable
    before = table.match.state
    click(app, table.hand_rects(slots)[playable[0]].center)
    assert table.choices.seat_ui(0).open
    click(app, table.popup_rows(0, slots)[0].center)
    run_ticks(app, 2)
    assert table.match.state is not before


def test_grisbi_lay_by_mouse(tmp_path):
    """A real-time race: pointing at a card chooses it, one click lays it."""
    app = make_app(tmp_path)
    start_match(app, "grisbi", [SeatSpec("human", "wasd")] + [SeatSpec("bot")] * 3, 4, {})
    table = app.top
    from arcade.games.grisbi.rules import PLAY

    assert until(app, lambda: table.match.state.phase == PLAY)
    order = table.hand_order(0)
    rects = table.hand_rects(0, len(order))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rects[2].center, rel=(0, 0), buttons=(0, 0, 0)))
    app.pump()
    app.tick()
    assert table.sel[0] == 2
    card = order[-1]
    click(app, (rects[-1].right - 10, rects[-1].centery))
    run_ticks(app, 3)
    assert card not in table.match.state.hands[0]


def test_lan_screens_by_mouse(tmp_path):
    """LAN menu items are clicked like the title's; the host screen's ◀ ▶ change the game (nothing is sent)."""
    from arcade.client.render.widgets import menu_rects

    app = make_app(tmp_path)
    app.settings.lan_name_asked = True  # a player who chose their name before (the first time: test_lan_names)
    app.open("lan")
    menu = app.top
    click(app, menu_rects(len(menu.ITEMS), (W // 2, 360), 58)[menu.ITEMS.index("Host a match")].center)
    host = app.top
    assert host.name == "lan_host"
    game = host.gid
    click(app, (760, host.row_rects()[0].centery))  # ▶ of the Game row
    assert host.gid != game
    click(app, (10, 10), button=3)
    assert app.top is menu


def test_a_window_gets_each_changed_picture_scaled_and_no_unchanged_one(tmp_path):
    """In a 1600×900 window a painted frame whose pixels all equal the last presented picture is not presented;
    one pixel one step different, and the whole picture goes to the window, scaled, showing the change."""
    app = make_app(tmp_path)
    app.window = pygame.display.set_mode((1600, 900))
    app.screen = pygame.Surface((W, H))
    app.screen.fill((20, 90, 40))
    app.full_frame = True
    assert app.present()
    assert app.window.get_at((800, 450))[:3] == (20, 90, 40)
    assert not app.present() and not app.present()
    app.screen.fill((21, 90, 40), (640, 360, 1, 1))  # one step of one channel of one pixel: still a change
    assert app.present()
    app.screen.fill((250, 250, 250), (1000, 600, 40, 40))
    assert app.present()
    assert app.window.get_at((1020 * 1600 // W, 620 * 900 // H))[:3] == (250, 250, 250)
    assert not app.present()
