"""Helpers for tests that drive the real client headless."""

from __future__ import annotations

import pygame

from arcade.client.app import App, AppOptions, InputScript
from arcade.client.scenes.title import TitleScene


def make_app(tmp_path, **kw) -> App:
    kw.setdefault("headless", True)
    kw.setdefault("config_dir", str(tmp_path / "config"))
    kw.setdefault("data_dir", str(tmp_path / "data"))
    app = App(AppOptions(**kw))
    app.reset_to(TitleScene(app))
    return app


def script(text: str) -> InputScript:
    pygame.init()
    return InputScript.parse(text)


def run_ticks(app: App, n: int, draw_every: int = 0) -> None:
    """Advance the app n ticks (drawing every ``draw_every`` ticks; 0 = only at the end)."""
    for i in range(n):
        app.pump()
        app.tick()
        if draw_every and i % draw_every == 0:
            app.draw(1.0)
        if not app.running:
            break
    app.draw(1.0)


def picture_facts(surf: pygame.Surface) -> dict:
    """Coarse facts about a frame: distinct colours on a grid, share of near-white (card) pixels, share of felt."""
    w, h = surf.get_size()
    colours = set()
    white = felt = total = 0
    for y in range(0, h, 8):
        for x in range(0, w, 8):
            r, g, b, *_ = surf.get_at((x, y))
            colours.add((r // 16, g // 16, b // 16))
            total += 1
            if r > 225 and g > 225 and b > 215:
                white += 1
            if g > r + 30 and g > b + 10:
                felt += 1
    return {"colours": len(colours), "white": white / total, "felt": felt / total}


WASD = {"right": "d", "left": "a", "down": "s", "up": "w", "A": "e", "B": "q"}
"""Logical buttons of the WASD zone, as key names for input scripts."""


def press(app: App, button: str, keys: dict[str, str] = WASD) -> None:
    """Queue one key press of a zone for the next tick (through the app's input script)."""
    extra = script(f"{app.ticks} {keys[button]}")
    for t, evs in extra.events.items():
        app.opts.input_script.events.setdefault(t, []).extend(evs)


def share(surf: pygame.Surface, rect, test) -> float:
    """Share of the pixels of ``rect`` (sampled every 3 px) for which ``test(r, g, b)`` holds."""
    rect = pygame.Rect(rect).clip(surf.get_rect())
    n = hit = 0
    for y in range(rect.top, rect.bottom, 3):
        for x in range(rect.left, rect.right, 3):
            r, g, b, *_ = surf.get_at((x, y))
            n += 1
            hit += bool(test(r, g, b))
    return hit / max(1, n)
