"""Seats that players take: "press A to join" on seat setup, and a local match that waits for an unplugged pad.

The pads are SDL virtual joysticks of the game-controller kind (``SDL_JoystickAttachVirtual``, called through the SDL
library pygame-ce loaded: pygame-ce does not wrap it): SDL itself sends the device and button events, through its
game-controller mapping, as for a pad in a USB port.
"""

from __future__ import annotations

import ctypes

import pygame
import pytest

from arcade.core.match import SeatSpec
from arcade.client.input import sdl_library
from arcade.client.render.audit import TextAudit
from arcade.client.scenes.setup import SeatSetupScene
from arcade.client.scenes.unplugged import PadUnpluggedScene
from client_helpers import make_app, run_ticks

UNPLUGGED = "Gamepad 2 unplugged — plug it back in or press a key to give the seat to a bot"


class VirtualPads:
    """Plug, press and unplug SDL virtual game controllers (6 axes, 15 buttons: SDL maps button 0 to A, 1 to B, 6 to
    Start)."""

    A, B, START = 0, 1, 6

    def __init__(self) -> None:
        lib = sdl_library()
        if lib is None or not hasattr(lib, "SDL_JoystickAttachVirtual"):
            pytest.skip("no SDL library with virtual joysticks to call")
        lib.SDL_JoystickAttachVirtual.restype = ctypes.c_int
        lib.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
        lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
        lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        lib.SDL_JoystickFromInstanceID.restype = ctypes.c_void_p
        lib.SDL_JoystickFromInstanceID.argtypes = [ctypes.c_int32]
        lib.SDL_JoystickGetDeviceInstanceID.restype = ctypes.c_int32
        lib.SDL_JoystickGetDeviceInstanceID.argtypes = [ctypes.c_int]
        self.lib = lib
        self.instances: list[int] = []

    def plug(self) -> int:
        """A new pad; returns its SDL instance id."""
        index = self.lib.SDL_JoystickAttachVirtual(1, 6, 15, 0)  # SDL_JOYSTICK_TYPE_GAMECONTROLLER
        assert index >= 0
        iid = self.lib.SDL_JoystickGetDeviceInstanceID(index)
        self.instances.append(iid)
        return iid

    def unplug(self, iid: int) -> None:
        for index in range(pygame.joystick.get_count()):
            if self.lib.SDL_JoystickGetDeviceInstanceID(index) == iid:
                self.lib.SDL_JoystickDetachVirtual(index)
                self.instances.remove(iid)
                return
        raise AssertionError(f"no pad {iid}")

    def press(self, app, iid: int, button: int) -> None:
        """Press and let go ``button`` (a tick each)."""
        handle = self.lib.SDL_JoystickFromInstanceID(iid)
        assert handle, "the pad is open"
        self.lib.SDL_JoystickSetVirtualButton(handle, button, 1)
        run_ticks(app, 1)
        self.lib.SDL_JoystickSetVirtualButton(handle, button, 0)
        run_ticks(app, 1)

    def close(self) -> None:
        for iid in list(self.instances):
            self.unplug(iid)


@pytest.fixture
def pads():
    pygame.init()
    p = VirtualPads()
    yield p
    p.close()
    pygame.event.pump()
    pygame.event.clear()


def texts_of(app) -> list[str]:
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        for scene in app.visible_scenes():
            scene.draw(surf, 1.0)
    return [d.text for d in audit.drawn]


def test_two_pads_take_seats_with_a_and_the_match_waits_for_an_unplugged_one(tmp_path, pads):
    app = make_app(tmp_path, bot_think_ticks=5)
    setup = SeatSetupScene(app, "grisbi")
    app.push(setup)
    one, two = pads.plug(), pads.plug()
    run_ticks(app, 2)
    assert app.input.pads() == ["pad0", "pad1"]
    assert ("Press A on a gamepad or your select key (E, Enter, O, Num0) to join · your back key leaves the seat"
            in texts_of(app))
    assert [s.device for s in setup.seats() if s.kind == "human"] == ["wasd"], "plugging in takes no seat"
    pads.press(app, one, pads.A)
    pads.press(app, two, pads.A)
    humans = [(i, s.device) for i, s in enumerate(setup.seats()) if s.kind == "human"]
    assert humans == [(0, "wasd"), (1, "pad0"), (2, "pad1")], "each pad took the next free seat"
    drawn = texts_of(app)
    assert "Gamepad 1" in drawn and "Gamepad 2" in drawn
    # B on the first pad gives its seat back to a bot; A takes one again
    pads.press(app, one, pads.B)
    assert setup.seats()[1].kind == "bot" and app.top is setup
    pads.press(app, one, pads.A)
    assert setup.seats()[1] == SeatSpec("human", "pad0", team=setup.seats()[1].team)
    pads.press(app, two, pads.START)  # Start on a seated pad starts the match
    table = app.top
    assert table.name == "table" and table.match.seat_of_device("pad0") == 1
    assert table.match.seat_of_device("pad1") == 2
    run_ticks(app, 30)
    ticks = table.match.tick_count
    pads.unplug(two)
    run_ticks(app, 3)
    assert isinstance(app.top, PadUnpluggedScene) and app.top.device == "pad1"
    assert any(UNPLUGGED in t for t in texts_of(app)), texts_of(app)
    paused_at = table.match.tick_count
    run_ticks(app, 30)
    assert table.match.tick_count == paused_at, "the match waits"
    assert paused_at - ticks < 10
    again = pads.plug()  # the same pad (same GUID) back
    run_ticks(app, 3)
    assert app.top is table, "plugged back: the match goes on"
    assert app.input.pads() == ["pad0", "pad1"]
    assert table.match.seats[2] == SeatSpec("human", "pad1", team=table.match.seats[2].team), "its seat again"
    run_ticks(app, 10)
    assert table.match.tick_count > paused_at
    # unplugged again, and a key pressed: a bot takes the seat
    pads.unplug(again)
    run_ticks(app, 3)
    assert isinstance(app.top, PadUnpluggedScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, scancode=44, mod=0, unicode=" "))
    run_ticks(app, 2)
    assert app.top is table and table.match.seats[2].kind == "bot"
    assert 2 in table.match.bots, "a bot plays it"
    run_ticks(app, 10)
    assert table.match.tick_count > paused_at + 10


def test_keyboard_zones_join_with_their_select_key_and_leave_with_their_back_key(tmp_path):
    """The Arrows zone's Enter on a seat row takes the next free seat; its Right Shift gives it back; the last
    person's back key leaves the screen as before; on START, Enter starts (as the hint bar says)."""
    from client_helpers import script

    app = make_app(tmp_path, input_script=script(""))
    setup = SeatSetupScene(app, "grit")
    app.push(setup)
    setup.row = setup.rows().index("seat1")

    def press(key: str) -> None:
        app.opts.input_script = script(f"{app.ticks} {key}\n")
        run_ticks(app, 2)

    assert [s.kind for s in setup.seats()] == ["human", "bot"]
    press("return")
    assert setup.seats()[1] == SeatSpec("human", "arrows"), "Enter joined for the Arrows zone"
    press("[0]")  # the Numpad zone: Grit has two seats, both held
    assert [s.device for s in setup.seats()] == ["wasd", "arrows"]
    press("right shift")
    assert setup.seats()[1].kind == "bot" and app.top is setup
    press("q")  # WASD's back key: the only person here: back to the title
    assert app.top is not setup


def test_a_pad_without_a_mapping_is_read_by_raw_buttons_and_unplugging_in_setup_frees_its_seat(tmp_path, pads):
    """A joystick SDL has no game-controller mapping for: button 0 is A (the old numbering, the fallback)."""
    lib = pads.lib
    index = lib.SDL_JoystickAttachVirtual(0, 2, 8, 1)  # SDL_JOYSTICK_TYPE_UNKNOWN: no mapping
    iid = lib.SDL_JoystickGetDeviceInstanceID(index)
    pads.instances.append(iid)
    app = make_app(tmp_path)
    setup = SeatSetupScene(app, "grass")
    app.push(setup)
    run_ticks(app, 2)
    assert app.input.pads() == ["pad0"]
    pads.press(app, iid, 0)
    assert any(s.device == "pad0" for s in setup.seats()), "raw button 0 took a seat"
    pads.unplug(iid)
    run_ticks(app, 2)
    assert not any(s.device == "pad0" for s in setup.seats()), "unplugged in setup: the seat is a bot's again"
    assert app.top is setup


def test_a_replay_or_a_demo_never_waits_for_a_pad(tmp_path):
    """Only a table of a match played here waits: a replay's seats were pads when it was recorded."""
    from arcade.core.match import parse_seats
    from arcade.client.play import start_match
    from arcade.client.scenes.unplugged import watch_pads

    app = make_app(tmp_path)
    pad = app.input.add_virtual_pad()
    start_match(app, "grit", parse_seats(f"pad:{pad[3:]},bot"), 3, {}, demo=True)
    app.input.pad_events = [("unplugged", pad)]
    watch_pads(app)
    assert not isinstance(app.top, PadUnpluggedScene)
    app.top.demo = False  # the same table, played here
    watch_pads(app)
    assert isinstance(app.top, PadUnpluggedScene)
