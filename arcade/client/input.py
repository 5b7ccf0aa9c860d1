"""Input by seat: keyboard zones and gamepads mapped to logical buttons.

Scenes read logical buttons (``UP DOWN LEFT RIGHT A B START``), never raw keys. A *device* is a keyboard zone
(``"wasd"``, ``"arrows"``, ``"ijkl"``, ``"numpad"``) or a gamepad (``"pad0"``, ``"pad1"``...). Each tick a device has
``held`` buttons, ``pressed`` (went down this tick), ``released`` and a menu auto-repeat. Events are queued as they
arrive and applied at the start of the next tick, so the same script of timed key presses gives the same ticks of
input whatever the frame rate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

import pygame

from arcade.core.i18n import N_, _
from arcade.core.match import ZONES

__all__ = ["BUTTONS", "ZONES", "MOUSE", "DEFAULT_BINDINGS", "DeviceState", "InputMap", "zone_hint", "key_label"]

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
"""Zone -> logical button -> key names (``pygame.key.name`` spelling). Escape is always pause/back."""

MOUSE = "mouse"
"""The mouse as a seat's device (SPEC ``mouse``): it clicks the cards of that seat."""

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

    ``bindings``: zone -> button -> list of key names. Gamepads are numbered by the lowest free slot when added and
    freed when removed (``JOYDEVICEADDED`` / ``JOYDEVICEREMOVED``).
    """

    def __init__(self, bindings: dict[str, dict[str, list[str]]] | None = None) -> None:
        self.devices: dict[str, DeviceState] = {z: DeviceState() for z in ZONES}
        self._queue: list[tuple[str, str, bool]] = []
        self._pads: dict[int, tuple[str, object]] = {}  # instance id -> (device name, joystick)
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

    # --- configuration ------------------------------------------------------------------------------------------
    def set_bindings(self, bindings: dict[str, dict[str, list[str]]]) -> None:
        self.bindings = {z: {b: list(keys) for b, keys in m.items()} for z, m in bindings.items()}
        self._keymap: dict[int, list[tuple[str, str]]] = {}
        for zone, m in self.bindings.items():
            for button, names in m.items():
                for name in names:
                    try:
                        code = pygame.key.key_code(name)
                    except ValueError:
                        continue
                    self._keymap.setdefault(code, []).append((zone, button))

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
        return key_label(names[0]) if names else "?"

    # --- events ---------------------------------------------------------------------------------------------------
    def handle_event(self, ev: pygame.event.Event) -> None:
        t = ev.type
        if t == pygame.KEYDOWN or t == pygame.KEYUP:
            down = t == pygame.KEYDOWN
            if down:
                self._any_q = True
                self._key_q.append(ev.key)
                self._char_q.append(getattr(ev, "unicode", "") or "")
                if ev.key == pygame.K_ESCAPE:
                    self._escape_q = True
            for zone, button in self._keymap.get(ev.key, ()):
                self._queue.append((zone, button, down))
        elif t == pygame.JOYDEVICEADDED:
            self._add_pad(ev.device_index)
        elif t == pygame.JOYDEVICEREMOVED:
            self._remove_pad(ev.instance_id)
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
                v = ev.value
                d = set()
                if v < -AXIS_DEAD:
                    d = {"LEFT" if ev.axis == 0 else "UP"}
                elif v > AXIS_DEAD:
                    d = {"RIGHT" if ev.axis == 0 else "DOWN"}
                self._set_dirs(dev[0], f"axis{ev.axis}", d, set())

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
        return bool(self._queue or self._mouse_q or self._wheel_q or self._key_q or self.mouse_held
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
        try:
            js = pygame.joystick.Joystick(device_index)
        except pygame.error:
            return
        iid = js.get_instance_id()
        if iid in self._pads:
            return
        used = {d for d, _ in self._pads.values()}
        slot = next(i for i in range(64) if f"pad{i}" not in used)
        name = f"pad{slot}"
        self._pads[iid] = (name, js)
        self.devices[name] = DeviceState()

    def _remove_pad(self, instance_id: int) -> None:
        dev = self._pads.pop(instance_id, None)
        if dev is not None:
            self.devices.pop(dev[0], None)

    def add_virtual_pad(self) -> str:
        """A gamepad slot with no hardware (tests and input scripts); returns its device name."""
        used = {d for d, _ in self._pads.values()}
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
    move = "/".join(key_label(b[k][0]) for k in ("UP", "LEFT", "DOWN", "RIGHT") if b.get(k))
    return _("{move} move · {select} select · {back} back").format(move=move, select=inp.hint(device, "A"),
                                                                   back=inp.hint(device, "B"))
