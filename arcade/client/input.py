"""Input by seat: keyboard zones and gamepads mapped to logical buttons.

Scenes read logical buttons (``UP DOWN LEFT RIGHT A B START``), never raw keys. A *device* is a keyboard zone
(``"wasd"``, ``"arrows"``, ``"ijkl"``, ``"numpad"``) or a gamepad (``"pad0"``, ``"pad1"``...). Each tick a device has
``held`` buttons, ``pressed`` (went down this tick), ``released`` and a menu auto-repeat. Events are queued as they
arrive and applied at the start of the next tick, so the same script of timed key presses gives the same ticks of
input whatever the frame rate.

Keyboard zones bind *positions* (SDL scancodes), not letters: the WASD zone is the same four keys on QWERTY, AZERTY
(where they read Z Q S D) and QWERTZ. A binding names a position by the key a US keyboard has there, in
``pygame.key.name`` spelling (``"w"``, ``"return"``, ``"[8]"``), and every hint shows the letter the player's own
layout has at that position (``KeyboardLayout``). Gamepads are read through SDL's game-controller mapping
(``pygame._sdl2.controller``: A, B and Start are the same buttons on every mapped pad), raw joystick button numbers
only for pads SDL has no mapping for; an unplugged pad keeps its slot (``missing``) so the same pad plugged back
(same GUID) gets its name, and with it its seat, again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import pygame

from arcade.core.i18n import N_, _
from arcade.core.match import ZONES

__all__ = ["BUTTONS", "ZONES", "MOUSE", "DEFAULT_BINDINGS", "DeviceState", "InputMap", "KeyboardLayout", "zone_hint",
           "key_label", "position_of", "position_name", "migrate_bindings", "zone_title", "device_label"]

BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START")
ZONE_TITLES = {"wasd": N_("WASD"), "arrows": N_("Arrows"), "ijkl": N_("IJKL"), "numpad": N_("Numpad")}
"""A keyboard zone's short name (English id: ``_()`` where it is shown)."""

DEFAULT_BINDINGS: dict[str, dict[str, list[str]]] = {
    "wasd": {"UP": ["w"], "DOWN": ["s"], "LEFT": ["a"], "RIGHT": ["d"], "A": ["e"], "B": ["q"], "START": ["tab"]},
    "arrows": {"UP": ["up"], "DOWN": ["down"], "LEFT": ["left"], "RIGHT": ["right"], "A": ["return"],
               "B": ["right shift"], "START": ["backspace"]},
    "ijkl": {"UP": ["i"], "DOWN": ["k"], "LEFT": ["j"], "RIGHT": ["l"], "A": ["o"], "B": ["u"], "START": ["p"]},
    "numpad": {"UP": ["[8]"], "DOWN": ["[5]", "[2]"], "LEFT": ["[4]"], "RIGHT": ["[6]"], "A": ["[0]", "enter"],
               "B": ["[.]"], "START": ["[+]"]},
}
"""Zone -> logical button -> key positions, each named by the key a US keyboard has there (``pygame.key.name``
spelling; ``position_of``). Escape is always pause/back."""

MOUSE = "mouse"
"""The mouse as a seat's device (SPEC ``mouse``): it clicks the cards of that seat."""

CONTROLLER_BUTTONS = {pygame.CONTROLLER_BUTTON_A: "A", pygame.CONTROLLER_BUTTON_B: "B",
                      pygame.CONTROLLER_BUTTON_START: "START", pygame.CONTROLLER_BUTTON_DPAD_UP: "UP",
                      pygame.CONTROLLER_BUTTON_DPAD_DOWN: "DOWN", pygame.CONTROLLER_BUTTON_DPAD_LEFT: "LEFT",
                      pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "RIGHT"}
"""SDL game-controller buttons (the same on every mapped pad) -> logical buttons."""

REPEAT_DELAY = 18  # ticks before a held direction repeats in menus
REPEAT_EVERY = 5
AXIS_DEAD = 0.5


KEY_NAMES = {"return": N_("Enter"), "right shift": N_("RShift"), "left shift": N_("LShift"), "enter": N_("NumEnter"),
             "backspace": N_("Bksp"), "tab": N_("Tab"), "space": N_("Space"), "escape": N_("Esc"),
             "right ctrl": N_("Right Ctrl"), "left ctrl": N_("Left Ctrl"), "right alt": N_("Right Alt"),
             "left alt": N_("Left Alt")}
"""Keys whose name a player reads in their language (English ids)."""
ARROWS = {"up": "↑", "down": "↓", "left": "←", "right": "→"}
MOUSE_HINTS = {"A": N_("click"), "B": N_("right-click"), "START": N_("Esc")}
"""What does a button's job with the mouse (English ids); any other button: "point"."""


SCANCODE_MASK = 1 << 30
"""SDL: a key code with this bit is a key without a character, ``scancode | SCANCODE_MASK`` on every layout."""
_US_CHARS = {**{4 + i: ord("a") + i for i in range(26)}, **{30 + i: ord("1") + i for i in range(9)}, 39: ord("0"),
             40: 13, 41: 27, 42: 8, 43: 9, 44: 32, 45: ord("-"), 46: ord("="), 47: ord("["), 48: ord("]"),
             49: ord("\\"), 50: ord("#"), 51: ord(";"), 52: ord("'"), 53: ord("`"), 54: ord(","), 55: ord("."),
             56: ord("/"), 76: 127, 100: ord("<")}
"""SDL scancode -> the key code a US keyboard has at that position, for the keys that type a character (SDL's
default keymap); every other position's key code is ``scancode | SCANCODE_MASK``."""
_US_POSITIONS = {code: sc for sc, code in _US_CHARS.items()}


def us_key(scancode: int) -> int:
    """The key code a US keyboard has at ``scancode`` (SDL's default keymap)."""
    return _US_CHARS.get(scancode, scancode | SCANCODE_MASK)


def _us_position(code: int) -> int | None:
    if code & SCANCODE_MASK:
        return code & ~SCANCODE_MASK
    return _US_POSITIONS.get(code)


def position_of(name: str) -> int | None:
    """The scancode (physical position) a binding name stands for: where a US keyboard has the key so named
    ("w" -> 26, "[8]" -> 96, "return" -> 40); None for a name pygame does not know."""
    try:
        return _us_position(pygame.key.key_code(name))
    except ValueError:
        return None


def position_name(scancode: int) -> str:
    """A position's binding name: the US keyboard's key there (26 -> "w")."""
    return pygame.key.name(us_key(scancode))


def sdl_library():
    """The SDL library pygame-ce loaded (a ``ctypes.CDLL``: the same library, so the same keyboard and joysticks), for
    the few SDL calls pygame-ce does not wrap; None when it cannot be found (pygame built on a system SDL)."""
    import ctypes
    import glob
    import os

    base = os.path.dirname(pygame.__file__)
    patterns = (os.path.join(base, os.pardir, "pygame_ce.libs", "libSDL2-2*"), os.path.join(base, "SDL2.dll"),
                os.path.join(base, ".dylibs", "libSDL2-2*"))
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            try:
                return ctypes.CDLL(path)
            except OSError:
                continue
    return None


def _sdl_keyboard():
    """SDL's ``SDL_GetKeyFromScancode`` and ``SDL_GetScancodeFromKey`` (pygame-ce does not wrap them), or None."""
    import ctypes

    lib = sdl_library()
    try:
        key_from, sc_from = lib.SDL_GetKeyFromScancode, lib.SDL_GetScancodeFromKey
    except AttributeError:  # no library (None), or one without them
        return None
    key_from.restype, key_from.argtypes = ctypes.c_int32, [ctypes.c_int]
    sc_from.restype, sc_from.argtypes = ctypes.c_int, [ctypes.c_int32]
    return key_from, sc_from


_SDL_KEYBOARD: list = []  # [functions or None], looked up once


class KeyboardLayout:
    """Which key (key code: the letter printed on it) the player's keyboard has at each position (scancode).

    Key events say it first: each ``KEYDOWN`` carries both its key and its scancode (``learn``), so a position once
    pressed reads as it really is. Before that SDL is asked (``SDL_GetKeyFromScancode``, the system's layout), and
    without SDL's answer the US layout is assumed. ``ask_sdl=False``: events and US only (tests of a simulated
    layout)."""

    def __init__(self, ask_sdl: bool = True) -> None:
        self.seen: dict[int, int] = {}  # scancode -> key code, from events
        self._sdl = None
        if ask_sdl:
            if not _SDL_KEYBOARD:
                try:
                    _SDL_KEYBOARD.append(_sdl_keyboard())
                except Exception:  # ctypes missing or refusing: events and the US layout only
                    _SDL_KEYBOARD.append(None)
            self._sdl = _SDL_KEYBOARD[0]

    def learn(self, scancode: int, key: int) -> None:
        """A key event: ``key`` is at ``scancode`` on this keyboard (0 for either: nothing learnt)."""
        if scancode > 0 and key > 0:
            self.seen[scancode] = key

    def key_at(self, scancode: int) -> int:
        """The key code at ``scancode`` on this keyboard."""
        if scancode in self.seen:
            return self.seen[scancode]
        if self._sdl is not None and pygame.get_init():
            code = self._sdl[0](scancode)
            if code > 0:
                return code
        return us_key(scancode)

    def position_of_key(self, key: int) -> int | None:
        """Where the key ``key`` is on this keyboard (its scancode), None if nowhere known."""
        for sc, code in self.seen.items():
            if code == key:
                return sc
        if key & SCANCODE_MASK:
            return key & ~SCANCODE_MASK
        if self._sdl is not None and pygame.get_init():
            sc = self._sdl[1](key)
            if sc > 0:
                return sc
        return _us_position(key)

    def name_at(self, position: str) -> str:
        """The ``pygame.key.name`` of the key this keyboard has at the position named ``position`` ("w" -> "z" on
        AZERTY)."""
        sc = position_of(position)
        return position if sc is None else (pygame.key.name(self.key_at(sc)) or position)

    def label(self, position: str) -> str:
        """The on-screen label of a bound position in this layout ("w" -> "Z" on AZERTY, "[8]" -> "Num8")."""
        return key_label(self.name_at(position))


def migrate_bindings(bindings: dict[str, dict[str, list[str]]], layout: KeyboardLayout) -> dict[str, dict[str, list[str]]]:
    """Bindings saved when they named key codes (before positions), as positions: a default key stays where the
    default puts it (the zone's shape, whatever the layout), a key the player chose is found on ``layout`` (an
    AZERTY player's "z" becomes the position "w"). Unknown names are kept as they are."""
    out: dict[str, dict[str, list[str]]] = {}
    for zone, m in bindings.items():
        out[zone] = {}
        for button, names in m.items():
            if names == DEFAULT_BINDINGS.get(zone, {}).get(button):
                out[zone][button] = list(names)
                continue
            moved = []
            for name in names:
                try:
                    sc = layout.position_of_key(pygame.key.key_code(name))
                except ValueError:
                    sc = None
                moved.append(name if sc is None else position_name(sc))
            out[zone][button] = moved
    return out


def key_label(name: str) -> str:
    """Short on-screen label of a key name, in the player's language: "return" -> "Enter" ("Entrée"), "[8]" ->
    "Num8" ("Pavé 8"), "e" -> "E"."""
    if name in ARROWS:
        return ARROWS[name]
    if name in KEY_NAMES:
        return _(KEY_NAMES[name])
    if name.startswith("[") and name.endswith("]"):
        # TRANSLATORS: a key of the numeric keypad: "Num8", "Num+"
        return _("Num{key}").format(key=name[1:-1])
    return name.upper() if len(name) == 1 else name.title()


@dataclass
class DeviceState:
    """Buttons of one device on the current tick."""

    held: set[str] = field(default_factory=set)
    pressed: set[str] = field(default_factory=set)
    released: set[str] = field(default_factory=set)
    held_ticks: dict[str, int] = field(default_factory=dict)

    def repeat(self, button: str) -> bool:
        """Pressed this tick, or held long enough to auto-repeat (menu navigation)."""
        if button in self.pressed:
            return True
        n = self.held_ticks.get(button, 0)
        return n >= REPEAT_DELAY and (n - REPEAT_DELAY) % REPEAT_EVERY == 0


class InputMap:
    """Turns pygame events into per-device logical buttons, one tick at a time.

    ``bindings``: zone -> button -> list of key positions (``DEFAULT_BINDINGS``). ``layout``: the keyboard's
    letters (``KeyboardLayout``; learnt from the key events too). Gamepads are numbered by the lowest free slot
    when added (``JOYDEVICEADDED`` / ``CONTROLLERDEVICEADDED``); an unplugged pad's slot is kept in ``missing``
    (name -> GUID) for that pad to come back to, until ``forget_pad``. ``pad_events`` lists this tick's
    ``("plugged", name)`` / ``("unplugged", name)``.
    """

    def __init__(self, bindings: dict[str, dict[str, list[str]]] | None = None,
                 layout: KeyboardLayout | None = None) -> None:
        self.layout = layout or KeyboardLayout()
        self.devices: dict[str, DeviceState] = {z: DeviceState() for z in ZONES}
        self._queue: list[tuple[str, str, bool]] = []
        self._pads: dict[int, tuple[str, object]] = {}  # instance id -> (device name, joystick or controller)
        self._mapped: set[int] = set()  # instance ids read through SDL's game-controller mapping
        self._guids: dict[str, str] = {}  # device name -> its pad's GUID
        self.missing: dict[str, str] = {}  # unplugged pads' names -> GUID (their slots kept for them)
        self.pad_events: list[tuple[str, str]] = []
        self._pad_q: list[tuple[str, str]] = []
        self.key_positions: list[str] = []  # this tick's KEYDOWN positions (binding names), with ``key_events``
        self._pos_q: list[str] = []
        self._pad_dirs: dict[str, set[str]] = {}
        self.escape_pressed = False
        self.any_pressed = False
        self._escape_q = False
        self._any_q = False
        self.key_events: list[int] = []  # raw KEYDOWN keys this tick (for rebinding)
        self.key_chars: list[str] = []  # the character each of those keys typed ("" if none): text fields
        self._key_q: list[int] = []
        self._char_q: list[str] = []
        # the mouse (and touch, through SDL's mouse emulation), in 1280×720 picture coordinates (the App maps window
        # pixels through the scale and letterbox); applied at the start of the next tick like keys
        self.mouse_pos: tuple[int, int] | None = None  # None: outside the picture
        self.mouse_moved = False  # moved this tick
        self.clicks: list[tuple[int, int]] = []  # left-button presses this tick, where
        self.right_click = False  # a right-button press this tick (back)
        self.wheel = 0  # wheel notches this tick, up positive
        self.mouse_held = False
        self.press_pos: tuple[int, int] | None = None  # where the held left button went down (picture px)
        self.releases: list[tuple[tuple[int, int], tuple[int, int], bool]] = []  # left releases this tick:
        # (pressed at, let go at, dragged) px
        self._mouse_q: list[tuple[int, tuple[int, int] | None, int]] = []
        self._wheel_q = 0
        self.used: dict[str, int] = {}  # presses so far per device ("wasd", "pad0"...; "mouse": left clicks)
        self.set_bindings(bindings or DEFAULT_BINDINGS)
        self.scan_pads()

    def scan_pads(self) -> None:
        """Open the pads already connected (SDL announces them with events at the first pump too: the same pad is
        not added twice), so a pad is known before the first frame (``--seats pad:0``)."""
        try:
            count = pygame.joystick.get_count() if pygame.joystick.get_init() else 0
        except pygame.error:
            count = 0
        for index in range(count):
            self._add_pad(index)
        self._pad_q.clear()  # there from the start: no "plugged" news

    # --- configuration ------------------------------------------------------------------------------------------
    def set_bindings(self, bindings: dict[str, dict[str, list[str]]]) -> None:
        """Bind each zone's buttons to key positions (zone -> button -> position names, ``DEFAULT_BINDINGS``)."""
        self.bindings = {z: {b: list(keys) for b, keys in m.items()} for z, m in bindings.items()}
        self._keymap: dict[int, list[tuple[str, str]]] = {}  # scancode -> (zone, button)
        for zone, m in self.bindings.items():
            for button, names in m.items():
                for name in names:
                    sc = position_of(name)
                    if sc is not None:
                        self._keymap.setdefault(sc, []).append((zone, button))

    def pads(self) -> list[str]:
        """Names of connected gamepads, in slot order."""
        return sorted((d for d, _ in self._pads.values()), key=lambda d: int(d[3:]))

    def hint(self, device: str, button: str) -> str:
        """The label of the first key bound to ``button`` on ``device`` in the player's language ("E", "Enter",
        "pad A"; the mouse: "click", "right-click")."""
        if device == MOUSE:
            hint = MOUSE_HINTS.get(button, N_("point"))
            return _(hint)
        if device.startswith("pad"):
            return {"A": _("pad A"), "B": _("pad B"), "START": _("Start"), "UP": "↑", "DOWN": "↓", "LEFT": "←",
                    "RIGHT": "→"}[button]
        names = self.bindings.get(device, {}).get(button, [])
        return self.layout.label(names[0]) if names else "?"

    def key_label(self, position: str) -> str:
        """The label of a bound key position on this keyboard ("w" -> "W", "Z" on AZERTY)."""
        return self.layout.label(position)

    # --- events ---------------------------------------------------------------------------------------------------
    def handle_event(self, ev: pygame.event.Event) -> None:
        t = ev.type
        if t == pygame.KEYDOWN or t == pygame.KEYUP:
            down = t == pygame.KEYDOWN
            sc = getattr(ev, "scancode", 0) or 0
            if sc > 0:
                self.layout.learn(sc, ev.key)
            else:  # an event made without a position (an input script, a test): where this keyboard has the key
                sc = self.layout.position_of_key(ev.key) or 0
            if down:
                self._any_q = True
                self._key_q.append(ev.key)
                self._pos_q.append(position_name(sc) if sc else pygame.key.name(ev.key))
                self._char_q.append(getattr(ev, "unicode", "") or "")
                if ev.key == pygame.K_ESCAPE:
                    self._escape_q = True
            for zone, button in self._keymap.get(sc, ()):
                self._queue.append((zone, button, down))
        elif t in (pygame.JOYDEVICEADDED, pygame.CONTROLLERDEVICEADDED):
            self._add_pad(ev.device_index)
        elif t in (pygame.JOYDEVICEREMOVED, pygame.CONTROLLERDEVICEREMOVED):
            self._remove_pad(ev.instance_id)
        elif t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            dev = self._pads.get(ev.instance_id)
            if dev is None or ev.instance_id not in self._mapped:
                return
            down = t == pygame.CONTROLLERBUTTONDOWN
            if down:
                self._any_q = True
            button = CONTROLLER_BUTTONS.get(ev.button)
            if button:
                self._queue.append((dev[0], button, down))
        elif t == pygame.CONTROLLERAXISMOTION:
            dev = self._pads.get(ev.instance_id)
            if dev is not None and ev.instance_id in self._mapped and ev.axis in (0, 1):
                self._stick(dev[0], ev.axis, ev.value / 32767 if abs(ev.value) > 1 else ev.value)
        elif getattr(ev, "instance_id", None) in self._mapped:
            return  # a mapped pad's raw joystick events: its controller events say the same
        elif t in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            dev = self._pads.get(ev.instance_id)
            if dev is None:
                return
            down = t == pygame.JOYBUTTONDOWN
            button = {0: "A", 1: "B", 2: "B", 3: "A", 6: "START", 7: "START", 9: "START"}.get(ev.button)
            if down:
                self._any_q = True
            if button:
                self._queue.append((dev[0], button, down))
        elif t == pygame.JOYHATMOTION:
            dev = self._pads.get(ev.instance_id)
            if dev is not None:
                x, y = ev.value
                self._set_dirs(dev[0], "hat", {"LEFT"} if x < 0 else {"RIGHT"} if x > 0 else set(),
                               {"UP"} if y > 0 else {"DOWN"} if y < 0 else set())
        elif t == pygame.JOYAXISMOTION:
            dev = self._pads.get(ev.instance_id)
            if dev is not None and ev.axis in (0, 1):
                self._stick(dev[0], ev.axis, ev.value)

    def _stick(self, device: str, axis: int, v: float) -> None:
        """A stick axis (0: x, 1: y) at ``v`` in -1..1: a direction held past ``AXIS_DEAD``."""
        d = set()
        if v < -AXIS_DEAD:
            d = {"LEFT" if axis == 0 else "UP"}
        elif v > AXIS_DEAD:
            d = {"RIGHT" if axis == 0 else "DOWN"}
        self._set_dirs(device, f"axis{axis}", d, set())

    def handle_mouse(self, kind: int, pos: tuple[int, int] | None, button: int = 0) -> None:
        """A mouse event (``pygame.MOUSEMOTION``/``MOUSEBUTTONDOWN``/``MOUSEBUTTONUP``) at ``pos`` in picture
        coordinates (None: outside the picture). Button 1 is a click (select), 3 a right-click (back)."""
        if kind == pygame.MOUSEBUTTONDOWN and button in (1, 3):
            self._any_q = True
        self._mouse_q.append((kind, pos, button))

    def handle_wheel(self, notches: int) -> None:
        """Wheel notches (up positive), summed until the next tick."""
        self._wheel_q += notches

    def active(self) -> bool:
        """Whether input is under way: a button held (menus auto-repeat) or events waiting for the next tick."""
        return bool(self._queue or self._pad_q or self._mouse_q or self._wheel_q or self._key_q or self.mouse_held
                    or any(st.held for st in self.devices.values()))

    DRAG_PX = 10
    """A left press released this far (picture px) or farther from where it went down is a drag, not a click."""

    @property
    def dragging(self) -> tuple[int, int] | None:
        """Where a drag under way started (picture px): the left button held and moved ``DRAG_PX`` or more."""
        p, q = self.press_pos, self.mouse_pos
        if not self.mouse_held or p is None or q is None:
            return None
        return p if max(abs(p[0] - q[0]), abs(p[1] - q[1])) >= self.DRAG_PX else None

    def _begin_mouse(self) -> None:
        self.mouse_moved, self.clicks, self.right_click, self.releases = False, [], False, []
        # one change of the left button a tick: on a slow frame a whole click or drag (and the next click) can
        # arrive in one batch, and a table must see the press (a card picked up) a tick before the release (where
        # it is let go), and that release before the next press (a line of the menu the drop opened)
        held = 0
        left_changed = False
        for kind, pos, button in self._mouse_q:
            if kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and button == 1:
                if left_changed:
                    break
                left_changed = True
            held += 1
            if pos != self.mouse_pos:
                self.mouse_moved = True
            self.mouse_pos = pos
            if kind == pygame.MOUSEBUTTONDOWN and button == 1 and pos is not None:
                self.clicks.append(pos)
                self.mouse_held = True
                self.press_pos = pos
            elif kind == pygame.MOUSEBUTTONUP and button == 1:
                if self.press_pos is not None and pos is not None:
                    self.releases.append((self.press_pos, pos, self.dragging is not None))
                self.mouse_held = False
                self.press_pos = None
            elif kind == pygame.MOUSEBUTTONDOWN and button == 3:
                self.right_click = True
        del self._mouse_q[:held]
        self.wheel, self._wheel_q = self._wheel_q, 0
        if self.clicks:
            self.used[MOUSE] = self.used.get(MOUSE, 0) + len(self.clicks)

    @property
    def drops(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """The drags that ended this tick: (from, to) picture px (the ``releases`` that moved)."""
        return [(start, end) for start, end, moved in self.releases if moved]

    def click(self) -> tuple[int, int] | None:
        """Where the first left click of this tick landed (picture px), or None."""
        return self.clicks[0] if self.clicks else None

    def hover(self, rects: Iterable) -> int | None:
        """The index of the first of ``rects`` under the mouse, or None."""
        if self.mouse_pos is None:
            return None
        for i, r in enumerate(rects):
            if r is not None and pygame.Rect(r).collidepoint(self.mouse_pos):
                return i
        return None

    def clicked(self, rects: Iterable) -> int | None:
        """The index of the first of ``rects`` clicked this tick, or None."""
        pos = self.click()
        if pos is None:
            return None
        for i, r in enumerate(rects):
            if r is not None and pygame.Rect(r).collidepoint(pos):
                return i
        return None

    def pointed(self, rects: list, sel: int) -> tuple[int, bool]:
        """Menu pointing: the selection after this tick's mouse (moving over an item selects it) and whether an
        item was clicked (the click selects it too)."""
        rects = list(rects)
        hit = self.clicked(rects)
        if hit is not None:
            return hit, True
        if self.mouse_moved:
            over = self.hover(rects)
            if over is not None:
                return over, False
        return sel, False

    def _set_dirs(self, device: str, source: str, a: set[str], b: set[str]) -> None:
        key = f"{device}:{source}"
        new = a | b
        old = self._pad_dirs.get(key, set())
        for button in sorted(new - old):
            self._any_q = True
            self._queue.append((device, button, True))
        for button in sorted(old - new):
            self._queue.append((device, button, False))
        self._pad_dirs[key] = new

    def _add_pad(self, device_index: int) -> None:
        """Open the pad SDL added at ``device_index``: through the game-controller mapping when SDL has one for it
        (``pygame._sdl2.controller``), else as a raw joystick. It takes the slot it had if it was unplugged (same
        GUID), else the lowest slot neither in use nor kept for an unplugged pad."""
        handle, mapped = None, False
        try:
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
            if controller.is_controller(device_index):
                handle, mapped = controller.Controller(device_index), True
                js = handle.as_joystick()
        except (ImportError, pygame.error):
            handle = None
        try:
            if handle is None:
                js = handle = pygame.joystick.Joystick(device_index)
            iid, guid = js.get_instance_id(), js.get_guid()
        except pygame.error:
            return
        if iid in self._pads:
            return
        name = self._slot_for(guid)
        self._pads[iid] = (name, handle)
        if mapped:
            self._mapped.add(iid)
        self._guids[name] = guid
        self.missing.pop(name, None)
        self.devices[name] = DeviceState()
        self._pad_q.append(("plugged", name))

    def _slot_for(self, guid: str) -> str:
        back = sorted((n for n, g in self.missing.items() if g == guid), key=lambda d: int(d[3:]))
        if back:
            return back[0]
        used = {d for d, _ in self._pads.values()} | set(self.missing)
        return next(f"pad{i}" for i in range(64) if f"pad{i}" not in used)

    def _remove_pad(self, instance_id: int) -> None:
        dev = self._pads.pop(instance_id, None)
        self._mapped.discard(instance_id)
        if dev is not None:
            self.devices.pop(dev[0], None)
            for key in [k for k in self._pad_dirs if k.startswith(dev[0] + ":")]:
                del self._pad_dirs[key]
            self.missing[dev[0]] = self._guids.get(dev[0], "")
            self._pad_q.append(("unplugged", dev[0]))

    def forget_pad(self, name: str) -> None:
        """An unplugged pad's slot is no longer kept for it (its seat went to a bot)."""
        self.missing.pop(name, None)

    def add_virtual_pad(self) -> str:
        """A gamepad slot with no hardware (tests and input scripts); returns its device name."""
        used = {d for d, _ in self._pads.values()} | set(self.missing)
        slot = next(i for i in range(64) if f"pad{i}" not in used)
        name = f"pad{slot}"
        self._pads[-1000 - slot] = (name, None)
        self.devices[name] = DeviceState()
        return name

    def inject(self, device: str, button: str, down: bool) -> None:
        """Queue a logical button change directly (input scripts for gamepads)."""
        if down:
            self._any_q = True
        self._queue.append((device, button, down))

    # --- ticks ----------------------------------------------------------------------------------------------------
    def begin_tick(self) -> None:
        """Apply the queued changes: this tick's pressed/released/held."""
        for st in self.devices.values():
            st.pressed.clear()
            st.released.clear()
            for b in st.held:
                st.held_ticks[b] = st.held_ticks.get(b, 0) + 1
        for device, button, down in self._queue:
            st = self.devices.get(device)
            if st is None:
                continue
            if down and button not in st.held:
                st.held.add(button)
                st.pressed.add(button)
                st.held_ticks[button] = 0
                self.used[device] = self.used.get(device, 0) + 1
            elif not down and button in st.held:
                st.held.discard(button)
                st.released.add(button)
                st.held_ticks.pop(button, None)
        self._queue.clear()
        self.escape_pressed, self._escape_q = self._escape_q, False
        self.any_pressed, self._any_q = self._any_q, False
        self.key_events, self._key_q = self._key_q, []
        self.key_positions, self._pos_q = self._pos_q, []
        self.pad_events, self._pad_q = self._pad_q, []
        self.key_chars, self._char_q = self._char_q, []
        self._begin_mouse()

    def used_since(self, mark: dict[str, int] | None) -> set[str]:
        """The devices pressed (the mouse: clicked) since ``mark``, an earlier copy of ``used`` (None: since the
        start)."""
        mark = mark or {}
        return {d for d, n in self.used.items() if n > mark.get(d, 0)}

    def device(self, name: str) -> DeviceState:
        return self.devices.get(name) or DeviceState()

    def menu(self, button: str, devices: Iterable[str] | None = None) -> bool:
        """True if any device (or one of ``devices``) pressed or auto-repeated ``button`` this tick."""
        names = self.devices if devices is None else devices
        return any(self.devices[d].repeat(button) for d in names if d in self.devices)

    def pressed(self, button: str, devices: Iterable[str] | None = None) -> bool:
        names = self.devices if devices is None else devices
        return any(button in self.devices[d].pressed for d in names if d in self.devices)

    def held(self, button: str, devices: Iterable[str] | None = None) -> bool:
        names = self.devices if devices is None else devices
        return any(button in self.devices[d].held for d in names if d in self.devices)


def zone_hint(inp: InputMap, device: str) -> str:
    """One line of key hints for a device, in the player's language: "W/A/S/D move · E select · Q back"."""
    if device.startswith("pad"):
        return _("Pad {n}: stick/d-pad move · A select · B back").format(n=int(device[3:]) + 1)
    if device == MOUSE:
        return _("Mouse: click to choose and play · right-click back")
    b = inp.bindings.get(device, {})
    move = "/".join(inp.key_label(b[k][0]) for k in ("UP", "LEFT", "DOWN", "RIGHT") if b.get(k))
    return _("{move} move · {select} select · {back} back").format(move=move, select=inp.hint(device, "A"),
                                                                   back=inp.hint(device, "B"))


def zone_title(inp: InputMap, zone: str) -> str:
    """A keyboard zone's short name on this keyboard: the letters of its default Up/Left/Down/Right positions in
    the player's layout ("WASD", "ZQSD" on AZERTY, "IJKL"); "Arrows" and "Numpad" in the player's language."""
    if zone in ("wasd", "ijkl"):
        d = DEFAULT_BINDINGS[zone]
        letters = "".join(inp.key_label(d[b][0]) for b in ("UP", "LEFT", "DOWN", "RIGHT"))
        if letters != ZONE_TITLES[zone]:  # another layout's letters; on a US-like keyboard the zone's own name
            return letters
    return _(ZONE_TITLES.get(zone, zone))


def device_label(inp: InputMap, spec) -> str:
    """Who fills a seat (a ``SeatSpec``), as seat setup shows it: a letter zone by its letters on this keyboard
    ("ZQSD keys" on AZERTY), anything else by ``SeatSpec.label``."""
    if getattr(spec, "kind", "") == "human" and spec.device in ("wasd", "ijkl") and (
            zone_title(inp, spec.device) != _(ZONE_TITLES[spec.device])):
        # TRANSLATORS: a keyboard zone as a seat's device: "{keys}" is its four letters, "WASD keys", "ZQSD keys"
        return _("{keys} keys").format(keys=zone_title(inp, spec.device))
    return spec.label
