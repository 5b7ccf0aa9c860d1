"""The application: window, fixed-timestep loop, scene stack, input, audio and settings.

``App.run()`` reads events, runs 0..5 simulation ticks from the ``FixedClock`` (or exactly one a frame when unpaced,
for headless tests and tools), and draws the scene stack with the clock's interpolation alpha. An input script of
timed key presses is applied at exact ticks, so a scripted run gives the same result at any frame rate.
"""

from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

import pygame

from .audio import Audio
from .clock import FixedClock
from .input import InputMap
from .render import fonts
from .render.widgets import H, W
from .scenes import Scene
from .settings import Settings, load_settings, save_settings

__all__ = ["App", "AppOptions", "InputScript", "ScriptError"]

log = logging.getLogger(__name__)


class ScriptError(ValueError):
    """An input script that cannot be read; the message names the line."""


@dataclass
class InputScript:
    """Timed key presses. File format, one event a line (``#`` starts a comment)::

        TICK KEY [press|down|up]     # KEY in pygame.key.name spelling: e, return, right shift, [8], up
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
                code = pygame.key.key_code(key)
                inp.handle_event(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=code, mod=0,
                                                    unicode="", scancode=0))

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


class App:
    def __init__(self, opts: AppOptions | None = None) -> None:
        self.opts = opts = opts or AppOptions()
        if opts.headless:
            os.environ["SDL_VIDEODRIVER"] = "dummy"
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        pygame.init()
        self.settings: Settings = load_settings(opts.config_dir)
        self.notice = self.settings.notice
        self.screen = self._open_display()
        self.input = InputMap(self.settings.bindings)
        self.audio = Audio(self.settings.volume)
        self.paced = (not opts.headless) or opts.realtime or opts.time_source is not None
        self.clock = FixedClock(time_source=opts.time_source or time.perf_counter)
        self._sleep = opts.sleep or (time.sleep if opts.time_source is None else (lambda s: None))
        self.stack: list[Scene] = []
        self.ticks = 0
        self.frames_drawn = 0
        self.running = True
        self.exit_code = 0
        self.first_frame_at: float | None = None
        self.results: list[dict] = []  # finished matches (for tests and tools)

    # --- display ------------------------------------------------------------------------------------------------
    def _open_display(self) -> pygame.Surface:
        pygame.display.set_caption("Grisbi Arcade")
        if self.opts.headless:
            return pygame.display.set_mode((W, H))
        flags = pygame.SCALED
        if self.settings.fullscreen:
            flags |= pygame.FULLSCREEN
        try:
            screen = pygame.display.set_mode((W, H), flags, vsync=1)
        except pygame.error:
            screen = pygame.display.set_mode((W, H), flags)
        self.apply_window_scale()
        return screen

    def apply_window_scale(self) -> None:
        """Resize the window to the settings' scale (the 1280×720 picture is scaled to it)."""
        if self.opts.headless or self.settings.fullscreen:
            return
        try:
            win = pygame.Window.from_display_module()
            win.size = (int(W * self.settings.window_scale), int(H * self.settings.window_scale))
        except (AttributeError, pygame.error) as e:
            log.info("window scale not applied: %s", e)

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        if not self.opts.headless:
            try:
                pygame.display.toggle_fullscreen()
            except pygame.error as e:
                self.notice = f"Fullscreen not available ({e})."
            self.apply_window_scale()

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
        """Push the scene registered under ``name`` (``arcade.scenes.router``), built with ``(self, *args, **kw)``."""
        from .scenes import router

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
        top = self.top
        if top is not None:
            top.ticks += 1
            top.update()
        self.ticks += 1
        if self.opts.frames is not None and self.ticks >= self.opts.frames:
            self.quit(0)

    def draw(self, alpha: float) -> None:
        start = len(self.stack) - 1
        while start > 0 and self.stack[start].transparent:
            start -= 1
        script = self.opts.input_script
        if script is not None and script.waits:
            fonts.SEEN = []
        try:
            for scene in self.stack[max(0, start):]:
                scene.draw(self.screen, alpha)
        finally:
            if fonts.SEEN is not None:
                script.saw(fonts.SEEN)
                fonts.SEEN = None
        pygame.display.flip()
        self.frames_drawn += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()

    def pump(self) -> None:
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                self.quit(0)
            else:
                self.input.handle_event(ev)

    def run(self, first: Scene | None = None) -> int:
        """Run until quit; returns the exit status. Saves the screenshot (``--screenshot``) at exit."""
        if first is not None:
            self.push(first)
        self.clock.reset()
        try:
            while self.running:
                self.pump()
                n = self.clock.frame() if self.paced else 1
                for _ in range(n):
                    self.tick()
                    if not self.running:
                        break
                self.draw(self.clock.alpha if self.paced else 1.0)
                if self.paced and self.opts.time_source is None:
                    self._sleep(min(0.004, self.clock.seconds_until_next_tick()))
        finally:
            if self.opts.screenshot:
                self.save_screenshot(self.opts.screenshot)
            self.close_recordings()
        return self.exit_code

    def close_recordings(self) -> None:
        """Flush every match's replay (the window closed: unfinished matches stay resumable)."""
        for scene in self.stack:
            for obj in (scene, getattr(scene, "table", None)):
                m = getattr(obj, "match", None)
                if m is not None and getattr(m, "recorder", None) is not None:
                    m.close_recording()

    @property
    def data_dir(self):
        from .settings import data_dir

        return data_dir(self.opts.data_dir)

    def save_screenshot(self, path: str | os.PathLike) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as f:  # always PNG, whatever the file name says
            pygame.image.save(self.screen, f, "shot.png")
