"""The application: window, fixed-timestep loop, scene stack, input, audio and settings.

``App.run()`` reads events, runs 0..5 simulation ticks from the ``FixedClock`` (or exactly one a frame when unpaced,
for headless tests and tools), and draws the scene stack with the clock's interpolation alpha. An input script of
timed key presses is applied at exact ticks, so a scripted run gives the same result at any frame rate.

Scenes paint a 1280×720 picture (``App.screen``). Headless it is the display itself; in a real window it is scaled
once a frame into the resizable window, aspect kept (``fit_rect``: bars only for another shape), and mouse positions
are mapped back onto it (``to_logical``). A window presents a frame only when something changed or a scene is in
motion (``wants_frame``), at the display's rate and never above it, so an idle menu costs almost nothing; the 60 Hz
simulation runs on regardless. A painted frame whose pixels equal the last presented picture is not presented.
On X11 the window's pixels go to the X server through shared memory (MIT-SHM): SDL's other choice there, a texture
drawn with OpenGL, costs 6-9 ms of CPU a present without a GPU (Xvfb, a virtual machine, software Mesa).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pygame

from arcade.client.audio import Audio
from arcade.client.clock import FixedClock
from arcade.client.input import InputMap, position_of
from arcade.client.render import fonts
from arcade.client.render.widgets import H, W
from arcade.client.scenes import Scene
from arcade.client.settings import SCALES, Settings, load_settings, save_settings
from arcade.core import i18n
from arcade.core.i18n import _

__all__ = ["App", "AppOptions", "InputScript", "ScriptError", "fit_rect", "fitting_scales", "clamp_scale", "no_display"]

log = logging.getLogger(__name__)

IDLE_FRAME_S = 0.5
"""A window with nothing changing still presents a frame this often (s): clocks and fades stay roughly current."""

WINDOW_EVENTS = {getattr(pygame, n) for n in ("VIDEORESIZE", "VIDEOEXPOSE", "WINDOWRESIZED", "WINDOWSIZECHANGED",
                                               "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED", "WINDOWMAXIMIZED",
                                               "WINDOWFOCUSGAINED", "WINDOWDISPLAYCHANGED") if hasattr(pygame, n)}


def fit_rect(size: tuple[int, int]) -> pygame.Rect:
    """The largest W×H-proportioned rectangle centred in a window of ``size`` px (any fraction of 1280×720)."""
    ww, wh = size
    if ww * H <= wh * W:
        w, h = ww, ww * H // W
    else:
        w, h = wh * W // H, wh
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


def bars(size: tuple[int, int], r: pygame.Rect) -> list[pygame.Rect]:
    """The letterbox around ``r`` in a window of ``size`` px (0, 2 or 4 rectangles)."""
    ww, wh = size
    out = [pygame.Rect(0, 0, ww, r.y), pygame.Rect(0, r.bottom, ww, wh - r.bottom),
           pygame.Rect(0, r.y, r.x, r.height), pygame.Rect(r.right, r.y, ww - r.right, r.height)]
    return [b for b in out if b.width > 0 and b.height > 0]


DECORATION_H = 48
"""Height (px) kept free on the desktop for the window's title bar and a panel when choosing a window scale."""


def fitting_scales(desktop: tuple[int, int] | None) -> tuple[float, ...]:
    """The window scales (``settings.SCALES``) whose window, with its title bar (``DECORATION_H``), fits a desktop
    of ``desktop`` px (all when unknown; the smallest when none fits)."""
    if desktop is None:
        return SCALES
    fit = tuple(s for s in SCALES if W * s <= desktop[0] and H * s + DECORATION_H <= desktop[1])
    return fit or SCALES[:1]


def clamp_scale(scale: float, desktop: tuple[int, int] | None) -> float:
    """``scale`` if its window fits the desktop, else the largest scale that does (a saved 2× on a 1280×800
    desktop opens at 1×)."""
    choices = fitting_scales(desktop)
    if scale in choices:
        return scale
    fit = [c for c in choices if c <= scale]
    return fit[-1] if fit else choices[0]


def display_rate() -> int:
    """The display's refresh rate in Hz (60 when SDL does not say), kept within 30..240."""
    try:
        rate = pygame.display.get_current_refresh_rate()
    except (AttributeError, pygame.error):
        rate = 0
    return max(30, min(240, rate or 60))


def no_display(environ: dict | None = None, platform: str | None = None) -> bool:
    """True on a Unix desktop-less session: no ``DISPLAY`` nor ``WAYLAND_DISPLAY``, and SDL's video driver not set
    to run without a screen (``SDL_VIDEODRIVER=dummy``/``offscreen``). Windows and macOS always have a display."""
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if not plat.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        return False
    if env.get("SDL_VIDEODRIVER", "") in ("dummy", "offscreen", "kmsdrm", "evdev"):
        return False
    return not (env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


class ScriptError(ValueError):
    """An input script that cannot be read; the message names the line."""


@dataclass
class InputScript:
    """Timed key presses. File format, one event a line (``#`` starts a comment)::

        TICK KEY [press|down|up]     # KEY: a key position, named as pygame names the US key there: e, return,
                                     # right shift, [8], up (the same place on any layout, as bindings are)
        TICK pad0:A [press|down|up]  # a gamepad's logical button
        TICK every N times M KEY     # (sugar) press KEY every N ticks, M times, from TICK
        TICK wait TEXT               # from TICK the script holds until a drawn frame shows TEXT (a substring of
                                     # one drawn string); later lines' ticks count on from when it showed

    ``press`` (the default) is down at TICK and up at TICK+1. TICKs are the script's own clock: it runs with the
    game's ticks except while a ``wait`` holds it, so a script does not depend on how fast a network or machine is.
    """

    events: dict[int, list[tuple[str, bool]]] = field(default_factory=dict)
    waits: dict[int, str] = field(default_factory=dict)
    held: int = 0  # game ticks spent holding at ``wait`` lines
    seen: bool = False

    @property
    def clock(self) -> int:
        """The script's tick now (the game's tick less the ticks held); set by ``feed``."""
        return self._clock

    _clock: int = 0

    @classmethod
    def parse(cls, text: str) -> "InputScript":
        s = cls()
        for no, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            try:
                tick = int(parts[0])
                if len(parts) >= 3 and parts[1] == "wait":
                    if tick < 0 or tick in s.waits:
                        raise ValueError
                    s.waits[tick] = line.split(None, 2)[2]
                    continue
                if len(parts) >= 6 and parts[1] == "every" and parts[3] == "times":
                    every, times, key = int(parts[2]), int(parts[4]), " ".join(parts[5:])
                    if every < 2 or times < 0 or times > 100_000:
                        raise ValueError
                    for k in range(times):
                        s._add(tick + k * every, key, "press")
                    continue
                mode = parts[-1] if parts[-1] in ("press", "down", "up") and len(parts) > 2 else "press"
                key = " ".join(parts[1:-1] if mode == parts[-1] and len(parts) > 2 else parts[1:])
                if tick < 0 or not key:
                    raise ValueError
                s._add(tick, key, mode)
            except ScriptError:
                raise
            except (ValueError, IndexError):
                raise ScriptError(f"input script line {no}: cannot read {raw.strip()!r}") from None
        return s

    def _add(self, tick: int, key: str, mode: str) -> None:
        if ":" not in key:
            try:
                pygame.key.key_code(key)
            except ValueError:
                raise ScriptError(f"input script: unknown key {key!r}") from None
        if mode in ("press", "down"):
            self.events.setdefault(tick, []).append((key, True))
        if mode in ("press", "up"):
            self.events.setdefault(tick + 1 if mode == "press" else tick, []).append((key, False))

    def saw(self, texts: list[str]) -> None:
        """A frame was drawn with ``texts``: a ``wait`` holding the script is released when its text is among them."""
        want = self.waits.get(self.clock)
        if want is not None and any(want in t for t in texts):
            self.seen = True

    def feed(self, tick: int, inp: InputMap) -> None:
        """Send the events of game tick ``tick`` (less the ticks held so far at ``wait`` lines)."""
        self._clock = tick - self.held
        if self._clock in self.waits and not self.seen:
            self.held += 1
            return
        self.seen = False
        tick = self._clock
        for key, down in self.events.get(tick, ()):
            if ":" in key:
                dev, button = key.split(":", 1)
                if dev not in inp.devices:
                    inp.add_virtual_pad()
                inp.inject(dev, button.upper(), down)
            else:
                sc = position_of(key) or 0  # a script names positions, as bindings do: the keyboard's key there
                code = inp.layout.key_at(sc) if sc else pygame.key.key_code(key)
                inp.handle_event(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=code, mod=0,
                                                    unicode="", scancode=sc))

    @property
    def last_tick(self) -> int:
        return max([*self.events, *self.waits], default=0)


@dataclass
class AppOptions:
    headless: bool = False
    realtime: bool = False
    demo: bool = False
    frames: int | None = None
    screenshot: str | None = None
    game: str | None = None
    seats: str | None = None
    seed: int | None = None
    input_script: InputScript | None = None
    config_dir: str | None = None
    data_dir: str | None = None
    record: bool = True
    time_source: Callable[[], float] | None = None
    sleep: Callable[[float], None] | None = None
    bot_think_ticks: int = 40
    exit_on_results: bool = False
    options: dict = field(default_factory=dict)
    scene_log: str | None = None
    frame_stats: str | None = None
    language: str | None = None  # --lang: this run's language, over Settings → Language and the OS locale


class App:
    def __init__(self, opts: AppOptions | None = None) -> None:
        self.opts = opts = opts or AppOptions()
        if opts.headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        # the click that focuses the window is a click too (SDL drops it by default: on X11 a press within 10 ms of
        # the focus change), so a player never clicks twice to start
        os.environ.setdefault("SDL_MOUSE_FOCUS_CLICKTHROUGH", "1")
        pygame.init()
        self.settings: Settings = load_settings(opts.config_dir)
        i18n.set_language(opts.language or self.settings.language or i18n.system_language())
        fonts.set_text_scale(self.settings.text_scale)  # Settings → Display… → Text size
        self.notice = self.settings.notice
        self.screen = self._open_display()
        self.input = InputMap(self.settings.bindings)
        self.audio = Audio(self.settings.volume, self.settings.music_volume, music=not opts.headless)
        self.paced = (not opts.headless) or opts.realtime or opts.time_source is not None
        self.clock = FixedClock(time_source=opts.time_source or time.perf_counter)
        self._sleep = opts.sleep or (time.sleep if opts.time_source is None else (lambda s: None))
        self.stack: list[Scene] = []
        self.ticks = 0
        self.frames_drawn = 0
        self.running = True
        self.exit_code = 0
        self.first_frame_at: float | None = None
        self.dirty = True  # a window needs a new frame (input, resize, scene change)
        self.last_present = 0.0
        self._shown_top: tuple = ()
        self._windowed_size: tuple[int, int] | None = None  # the window's size before fullscreen (px)
        self._logged_scene = ""
        self.frame_times: list[tuple[float, float, float]] = []  # --frame-stats: (paint, scale, flip) s a frame
        self._scaled_at = 0.0
        self.full_frame = True  # a window: the next frame goes to the screen whole (window event, new size)
        self._presented_size = (0, 0)
        self._last_picture: bytes | None = None  # the pixels of the picture last sent to the window
        self.frames_unchanged = 0  # frames painted but not presented: no pixel changed (``present``)
        self.results: list[dict] = []  # finished matches (for tests and tools)

    # --- display ------------------------------------------------------------------------------------------------
    def _open_display(self) -> pygame.Surface:
        """The logical 1280×720 picture every scene paints on. Headless: the display surface itself. In a window:
        an off-screen surface scaled once a frame into the resizable window (``present``)."""
        pygame.display.set_caption("Grisbi Arcade")
        self.window: pygame.Surface | None = None
        if self.opts.headless or os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
            return pygame.display.set_mode((W, H))
        if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):  # X11: MIT-SHM (module docstring)
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        self.window = self._set_window_mode(self.settings.fullscreen, self.start_size())
        return pygame.Surface((W, H)).convert()

    def desktop_size(self) -> tuple[int, int] | None:
        """The desktop's size in pixels (the first display), or None when SDL does not say."""
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            return None
        return tuple(sizes[0]) if sizes and sizes[0][0] > 0 else None

    def scale_choices(self) -> tuple[float, ...]:
        """The window scales offered in Settings: those whose window fits the desktop (``fitting_scales``)."""
        return fitting_scales(self.desktop_size())

    def start_size(self) -> tuple[int, int]:
        """The window's size at start: the saved scale, clamped to the largest scale that fits the desktop."""
        self.settings.window_scale = clamp_scale(self.settings.window_scale, self.desktop_size())
        return round(W * self.settings.window_scale), round(H * self.settings.window_scale)

    def _set_window_mode(self, fullscreen: bool, size: tuple[int, int]) -> pygame.Surface:
        """Open the resizable window (first call), or switch the same window to desktop fullscreen / back to a
        window of ``size`` px; returns the window's surface."""
        if self.window is None:
            surf = pygame.display.set_mode(size, pygame.RESIZABLE)
            if not fullscreen:
                return surf
        try:
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                win = pygame.Window.from_display_module()
            if fullscreen:
                win.set_fullscreen(desktop=True)
            else:
                win.set_windowed()
                win.size = size
        except (AttributeError, pygame.error) as e:  # an older pygame: a new mode
            log.info("window mode by set_mode: %s", e)
            try:
                return pygame.display.set_mode((0, 0) if fullscreen else size,
                                               pygame.FULLSCREEN if fullscreen else pygame.RESIZABLE)
            except pygame.error as e2:
                self.notice = _("Fullscreen not available ({reason}).").format(reason=e2)
                self.settings.fullscreen = False
                return pygame.display.set_mode(size, pygame.RESIZABLE)
        return pygame.display.get_surface()

    @property
    def view_rect(self) -> pygame.Rect:
        """Where the 1280×720 picture lies in the window (px): as large as fits, aspect kept, centred (the rest
        letterboxed)."""
        if self.window is None:
            return pygame.Rect(0, 0, W, H)
        return fit_rect(self.window.get_size())

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """A window position (px) as a position on the 1280×720 picture, or None in the letterbox."""
        r = self.view_rect
        if r.width <= 0 or r.height <= 0 or not r.collidepoint(pos):
            return None
        return (pos[0] - r.x) * W // r.width, (pos[1] - r.y) * H // r.height

    def apply_window_scale(self) -> None:
        """Resize the window to the settings' scale (clamped to what fits the desktop) and centre it in the
        desktop's work area, so a larger window never runs off the screen (``arcade.client.desktop``)."""
        if self.window is None or self.settings.fullscreen:
            return
        size = self.start_size()
        self.window = self._set_window_mode(False, size)
        self.centre_window(size)
        self.dirty = self.full_frame = True

    def centre_window(self, size: tuple[int, int]) -> tuple[int, int] | None:
        """Move the window (client area ``size`` px) to the centre of the work area, its frame included; returns
        where its client area went (desktop px), or None when the window cannot be moved."""
        from arcade.client import desktop

        area = desktop.work_area(self.desktop_size())
        if area is None:
            return None
        try:
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                win = pygame.Window.from_display_module()
            spot = desktop.window_spot(size, area, desktop.frame_extents(win.id))
            win.position = spot
        except (AttributeError, pygame.error) as e:
            log.info("window not moved: %s", e)
            return None
        return spot

    def set_fullscreen(self, on: bool) -> None:
        """Desktop fullscreen on or off. Leaving it gives back the window at the size it had before (px, as the
        player may have dragged it), or at the settings' scale when the program started in fullscreen."""
        was = self.settings.fullscreen
        self.settings.fullscreen = on
        if self.window is not None:
            if on and not was:
                self._windowed_size = tuple(pygame.display.get_window_size())  # SDL's own, after any drag
            size = self.start_size() if on else self._windowed_size or self.start_size()
            self.window = self._set_window_mode(on, size)
        self.dirty = self.full_frame = True

    def present(self) -> bool:
        """Show the logical picture: scaled into the window (aspect kept, bars where the aspect differs).

        In a window a painted frame whose pixels all equal those last presented is not presented (comparing the
        3.7 MB of two pictures costs about 0.2 ms; scaling one to 1600×900 about 1.4 ms); a changed one is scaled
        whole and the picture's part of the window updated, the bars too after a window event (resize, expose,
        fullscreen). Returns whether a frame went to the screen."""
        if self.window is None:
            self._scaled_at = time.perf_counter()
            pygame.display.flip()
            return True
        win = pygame.display.get_surface() or self.window
        if win is not self.window or win.get_size() != self._presented_size:
            self.full_frame = True
        self.window = win
        picture = self.screen.get_buffer().raw
        if not self.full_frame and picture == self._last_picture:
            self._scaled_at = time.perf_counter()
            return False
        r = fit_rect(win.get_size())
        if r.size == (W, H):
            win.blit(self.screen, r)
        elif r.width > 0 and r.height > 0:
            pygame.transform.smoothscale(self.screen, r.size, win.subsurface(r))
        self._scaled_at = time.perf_counter()
        if self.full_frame:
            for bar in bars(win.get_size(), r):
                win.fill((0, 0, 0), bar)
            pygame.display.flip()
        else:
            pygame.display.update(r)
        self._last_picture = picture
        self.full_frame = False
        self._presented_size = win.get_size()
        return True

    def save_settings(self) -> None:
        self.settings.bindings = self.input.bindings
        err = save_settings(self.settings)
        if err:
            self.notice = err

    # --- scene stack --------------------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].leave()
        self.stack.append(scene)
        scene.enter()

    def open(self, name: str, *args, **kw) -> Scene:
        """Push the scene registered under ``name`` (``arcade.client.scenes.router``), built with ``(self, *args, **kw)``."""
        from arcade.client.scenes import router

        scene = router.make(self, name, *args, **kw)
        self.push(scene)
        return scene

    def pop(self) -> Scene | None:
        s = self.stack.pop() if self.stack else None
        if s:
            s.leave()
        if self.stack:
            self.stack[-1].enter()
        return s

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()

    def reset_to(self, scene: Scene) -> None:
        while self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.enter()

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # --- loop -------------------------------------------------------------------------------------------------------
    def tick(self) -> None:
        """One simulation tick: scripted input for this tick, then the top scene's update."""
        if self.opts.input_script:
            self.opts.input_script.feed(self.ticks, self.input)
        self.input.begin_tick()
        if self.input.pad_events:  # a pad unplugged from a local match pauses it (``scenes.unplugged``)
            from arcade.client.scenes.unplugged import watch_pads

            watch_pads(self)
        top = self.top
        if top is not None:
            top.ticks += 1
            top.update()
        self.ticks += 1
        if self.opts.frames is not None and self.ticks >= self.opts.frames:
            self.quit(0)

    def draw(self, alpha: float) -> None:
        """Paint the visible scenes on the logical picture and present it."""
        t0 = time.perf_counter()
        script = self.opts.input_script
        if script is not None and script.waits:
            fonts.SEEN = []
        try:
            for scene in self.visible_scenes():
                scene.draw(self.screen, alpha)
        finally:
            if fonts.SEEN is not None:
                script.saw(fonts.SEEN)
                fonts.SEEN = None
        t1 = time.perf_counter()
        if not self.present():
            self.frames_unchanged += 1
        elif self.opts.frame_stats and len(self.frame_times) < 100_000:
            self.frame_times.append((t1 - t0, self._scaled_at - t1, time.perf_counter() - self._scaled_at))
        self.frames_drawn += 1
        self.dirty = False
        self.last_present = time.perf_counter()
        if self.first_frame_at is None:
            self.first_frame_at = self.last_present
            self.log_scene()

    def visible_scenes(self) -> list[Scene]:
        """The top scene and the transparent ones it shows through to (bottom first)."""
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].transparent:
            start -= 1
        return self.stack[max(0, start):]

    def wants_frame(self, now: float) -> bool:
        """Whether a window should present a new frame now: something changed (input, a window event, the scene
        stack), a visible scene is animating, or the idle refresh is due (``IDLE_FRAME_S``)."""
        if self.dirty or self.input.active() or now - self.last_present >= IDLE_FRAME_S:
            return True
        return any(s.in_motion() for s in self.visible_scenes())

    def pump(self) -> None:
        for ev in pygame.event.get():
            t = ev.type
            if t == pygame.QUIT or t == getattr(pygame, "WINDOWCLOSE", -1):
                self.quit(0)
            elif t == pygame.KEYDOWN and (ev.key == pygame.K_F11 or (
                    ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and ev.mod & pygame.KMOD_ALT)):
                self.set_fullscreen(not self.settings.fullscreen)
                self.save_settings()
            elif t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self.dirty = True
                self.input.handle_mouse(t, self.to_logical(ev.pos), getattr(ev, "button", 0))
            elif t == pygame.MOUSEWHEEL:
                self.dirty = True
                self.input.handle_wheel(ev.y)
            elif t == pygame.WINDOWLEAVE:
                self.input.handle_mouse(pygame.MOUSEMOTION, None, 0)
            else:
                if t in WINDOW_EVENTS:
                    self.dirty = self.full_frame = True
                    if self.window is not None:
                        self.window = pygame.display.get_surface() or self.window
                self.input.handle_event(ev)
        top = (len(self.stack), id(self.top))
        if top != self._shown_top:
            self._shown_top = top
            self.dirty = True
            if self.top is not None and self.top.music is not None:
                self.audio.music(self.top.music)
        self.log_scene()

    def log_scene(self) -> None:
        """``--scene-log FILE``: a line "TICK NAME [STATE]" each time the top scene or what it says of itself
        (``Scene.log_state``) changes, from the first presented frame on (tests of the real window read it)."""
        if self.opts.scene_log and self.top is not None and self.first_frame_at is not None:
            what = f"{self.top.name} {self.top.log_state()}".strip()
            if what != self._logged_scene:
                self._logged_scene = what
                with open(self.opts.scene_log, "a", encoding="utf-8") as f:
                    f.write(f"{self.ticks} {what}\n")

    def run(self, first: Scene | None = None) -> int:
        """Run until quit; returns the exit status. Saves the screenshot (``--screenshot``) at exit.

        In a window, frames are presented only when wanted (``wants_frame``), at most at the display's rate; the
        60 Hz simulation keeps its pace either way. Headless, a frame is drawn every loop as before."""
        if first is not None:
            self.push(first)
        self.clock.reset()
        windowed = self.window is not None and self.opts.time_source is None
        frame_dt = 1.0 / display_rate()
        next_frame = 0.0
        try:
            while self.running:
                self.pump()
                n = self.clock.frame() if self.paced else 1
                for _ in range(n):
                    self.tick()
                    if not self.running:
                        break
                if not self.running:
                    break
                if not windowed:
                    self.draw(self.clock.alpha if self.paced else 1.0)
                    if self.paced and self.opts.time_source is None:
                        self._sleep(min(0.004, self.clock.seconds_until_next_tick()))
                    continue
                now = time.perf_counter()
                if now >= next_frame and self.wants_frame(now):
                    self.draw(self.clock.alpha)
                    # the display's cadence: a frame late by less than a frame keeps it, a later one starts anew
                    next_frame = next_frame + frame_dt if now - next_frame < frame_dt else now + frame_dt
                    now = time.perf_counter()
                wait = self.clock.seconds_until_next_tick()
                if any(s.in_motion() for s in self.visible_scenes()):
                    wait = min(wait, next_frame - now)
                self._sleep(max(0.0005, min(wait, 0.05)))
        finally:
            if self.opts.screenshot:
                try:
                    self.save_screenshot(self.opts.screenshot)
                except (OSError, pygame.error) as e:  # checked at start, but the folder may have gone since
                    print(f"grisbi-arcade: error: cannot save the screenshot to {self.opts.screenshot}: "
                          f"{getattr(e, 'strerror', None) or e}", file=sys.stderr)
                    self.exit_code = 2
            self.close_recordings()
            self.close_links()
            if self.opts.frame_stats:
                self.save_frame_stats(self.opts.frame_stats)
        return self.exit_code

    def save_frame_stats(self, path: str) -> None:
        """``--frame-stats FILE`` (tools/bench_client.py): JSON of every presented frame's paint, compare-and-scale
        and update times (ms), the ticks run and how many painted frames were not presented (no pixel changed)."""
        import json

        data = {"ticks": self.ticks, "unchanged": self.frames_unchanged,
                "frames": [[round(x * 1000, 3) for x in f] for f in self.frame_times]}
        with open(path, "w", encoding="utf-8") as f:
            json.dump(data, f)

    def close_links(self) -> None:
        """The window closed during a network match: its link says goodbye, so the others know at once."""
        for scene in self.stack:
            with contextlib.suppress(Exception):
                getattr(getattr(scene, "link", None), "close", lambda reason: None)("closed the game")

    def close_recordings(self) -> None:
        """Flush every match's replay (the window closed: unfinished matches stay resumable)."""
        for scene in self.stack:
            for obj in (scene, getattr(scene, "table", None)):
                m = getattr(obj, "match", None)
                if m is not None and getattr(m, "recorder", None) is not None:
                    m.close_recording()

    @property
    def data_dir(self):
        from arcade.client.settings import data_dir

        return data_dir(self.opts.data_dir)

    def save_screenshot(self, path: str | os.PathLike) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as f:  # always PNG, whatever the file name says
            pygame.image.save(self.screen, f, "shot.png")
