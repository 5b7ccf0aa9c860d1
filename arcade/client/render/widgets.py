"""Shared drawing: the felt table, panels, menus, banners, key-hint bars."""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import pygame

from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, font, wrap

__all__ = ["W", "H", "felt", "panel", "draw_menu", "menu_rects", "banner", "hint_bar", "hint_line", "GOLD", "WHITE",
           "DIM", "RED", "BLUE", "GREEN", "draw_toast", "draw_log", "subtitle_y", "menu_spacing"]

W, H = 1280, 720
GOLD = (240, 200, 90)
WHITE = (240, 240, 240)
DIM = (218, 224, 220)  # secondary text: at least 4.5:1 (WCAG AA) on the felt
RED = (220, 70, 60)
BLUE = (80, 150, 240)
GREEN = (90, 200, 110)


@lru_cache(maxsize=4)
def felt(color: tuple[int, int, int] = (22, 92, 60)) -> pygame.Surface:
    """A 1280×720 felt background with a soft vignette; built once."""
    small = pygame.Surface((64, 36))
    for y in range(36):
        for x in range(64):
            dx, dy = (x - 31.5) / 32, (y - 17.5) / 18
            k = max(0.0, 1.0 - 0.45 * (dx * dx + dy * dy))
            small.set_at((x, y), tuple(int(c * (0.55 + 0.55 * k)) for c in color))
    surf = pygame.transform.smoothscale(small, (W, H))
    return surf.convert()


@lru_cache(maxsize=64)  # a screen draws a dozen or two panels; up to 150 KB each
def _panel_surface(size: tuple[int, int], alpha: int, color: tuple, border: tuple | None, radius: int
                   ) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (*color, alpha), s.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(s, border, s.get_rect(), width=2, border_radius=radius)
    return s


def panel(surf: pygame.Surface, rect: pygame.Rect | tuple, alpha: int = 170, color=(10, 20, 16), border=None,
          radius: int = 14) -> pygame.Rect:
    """A translucent rounded panel (surfaces cached by size and colours)."""
    r = pygame.Rect(rect)
    surf.blit(_panel_surface(r.size, alpha, tuple(color), tuple(border) if border else None, radius), r)
    return r


def menu_spacing(size: int = 34, spacing: int = 52) -> int:
    """Px between a menu's items of ``size`` px text laid out ``spacing`` apart: at a larger text size, enough for
    the taller text and the selected item's plate around it (its height plus 12 px)."""
    if fonts.text_scale() == 100:
        return spacing
    return max(spacing, font(size, True).get_height() + 12)


def menu_rects(n: int, center: tuple[int, int], spacing: int = 52, width: int = 440, size: int = 34
               ) -> list[pygame.Rect]:
    """Where ``draw_menu``'s ``n`` items lie (for pointing with the mouse): bands ``width`` px wide, one
    ``spacing`` (``menu_spacing``) high per item, centred like the menu."""
    spacing = menu_spacing(size, spacing)
    top = center[1] - (n - 1) * spacing // 2
    out = []
    for i in range(n):
        r = pygame.Rect(0, 0, width, spacing)
        r.center = (center[0], top + i * spacing)
        out.append(r)
    return out


def draw_menu(surf: pygame.Surface, items: Sequence[str], selected: int, center: tuple[int, int], size: int = 34,
              spacing: int = 52, disabled: Sequence[bool] = ()) -> list[pygame.Rect]:
    """A vertical menu with the selected item highlighted; returns item rects."""
    rects = []
    spacing = menu_spacing(size, spacing)
    top = center[1] - (len(items) - 1) * spacing // 2
    for i, it in enumerate(items):
        y = top + i * spacing
        off = bool(disabled[i]) if i < len(disabled) else False
        color = GOLD if i == selected else (DIM if off else WHITE)
        if i == selected:
            r = pygame.Rect(0, 0, max(360, font(size, True).size(it)[0] + 60), spacing - 6)
            r.center = (center[0], y)
            panel(surf, r, 140, (60, 45, 10), GOLD, 12)
        rects.append(draw_text(surf, it, (center[0], y), size, color, bold=i == selected, anchor="center"))
    return rects


def banner(surf: pygame.Surface, title: str, sub: str = "", y: int = 60, size: int = 54) -> None:
    """A screen's title centred on line ``y`` (px) and a 22 px subtitle under it (both shrink to the picture's
    width; the subtitle sits under the title's glyphs whatever the text size)."""
    tsize = fonts.size_to_fit(title, W - 40, size, bold=True, smallest=min(size, 28))
    draw_text(surf, title, (W // 2, y), tsize, GOLD, bold=True, anchor="center", shadow=True)
    if sub:
        draw_text(surf, sub, (W // 2, subtitle_y(y, tsize)), fonts.size_to_fit(sub, W - 40, 22), WHITE,
                  anchor="center", shadow=True)


def subtitle_y(y: int, size: int = 54, sub: int = 22) -> int:
    """The centre line (px) of a ``sub`` px subtitle under a ``banner`` title of ``size`` px centred on ``y``:
    ``y + size // 2 + 22`` as laid out at 100 %, lower when a larger text size makes the two taller."""
    return y + max(size // 2 + 22, (font(size, True).get_ascent() + font(sub).get_height()) // 2 + 6)


def hint_line(hints: Sequence[str], width: int = W - 24, rows: int = 1) -> tuple[str, int]:
    """The hint bar's text and font size (px) for ``hints``, fitted into ``width`` px: wide gaps, then narrower
    ones, then 16 px instead of 18 (at a larger text size, then smaller down to 16 px as drawn); then, when ``rows``
    is 2, two rows (the text holds a line break: the first half of the hints, then the rest); then the middle hints
    left out (the first, this seat's keys, and the last, how to pause or leave, always stay). Cached: the bar is
    drawn every frame with the same hints. Hints left out are reported to ``fonts.WATCH`` as a cut."""
    line, size = _hint_line(tuple(hints), width, fonts.text_scale(), rows)
    if fonts.WATCH is not None and not all(h in line for h in hints):
        fonts.WATCH.cut("   ".join(hints), line.replace("\n", "   "))
    return line, size


@lru_cache(maxsize=64)
def _hint_line(hints: tuple[str, ...], width: int, _scale: int, rows: int = 1) -> tuple[str, int]:
    hints = list(hints)
    tries = [("     ", 18), ("   ", 18), ("   ", 16)] + [("   ", s) for s in range(15, 8, -1) if fonts.scaled(s) >= 16]
    two = rows >= 2  # two rows are tried once, with every hint
    while True:
        for gap, size in tries:
            line = gap.join(hints)
            if font(size).size(line)[0] <= width:
                return line, size
        if two and len(hints) >= 2:
            two = False
            half = (len(hints) + 1) // 2
            for gap, size in tries:
                rows = [gap.join(hints[:half]), gap.join(hints[half:])]
                if max(font(size).size(r)[0] for r in rows) <= width:
                    return "\n".join(rows), size
        if len(hints) <= 2:
            return line, tries[-1][1]
        del hints[len(hints) // 2]


def hint_bar(surf: pygame.Surface, hints: Sequence[str], y: int = H - 22, rows: int = 1) -> None:
    """A dark bar at the bottom with key hints separated by wide gaps, never wider than the picture (``hint_line``):
    36 px high around ``y``; with ``rows`` 2 (a screen with room above its bar), taller, upwards, when the hints
    take two rows rather than leaving some out."""
    line, size = hint_line(hints, rows=rows)
    rows = line.split("\n")
    step = font(size).get_linesize() + 4  # accented capitals and descenders of two rows stay apart
    extra = step * (len(rows) - 1)
    panel(surf, (0, y - 18 - extra, W, 36 + extra), 190, (0, 0, 0), radius=0)
    for k, row in enumerate(rows):
        draw_text(surf, row, (W // 2, y - extra + step * k), size, WHITE, anchor="center")


def draw_toast(surf: pygame.Surface, msg: str, y: int = 96, alpha: int = 255, x: int = W // 2,
               width: int = W - 40) -> None:
    """A one-line notice centred at (``x``, ``y``), at most ``width`` px wide; ``alpha`` (0-255) fades it out."""
    if not msg or alpha <= 0:
        return
    r = pygame.Rect(0, 0, min(width, 14 + 10 * len(msg)), 40)
    r.center = (x, y)
    if alpha >= 255:
        panel(surf, r, 220, (90, 30, 20), GOLD, 10)
        draw_text(surf, msg, r.center, 18, WHITE, anchor="center")
        return
    layer = pygame.Surface(r.size, pygame.SRCALPHA)
    panel(layer, layer.get_rect(), 220, (90, 30, 20), GOLD, 10)
    draw_text(layer, msg, (r.width // 2, r.height // 2), 18, WHITE, anchor="center")
    layer.set_alpha(alpha)
    surf.blit(layer, r)


def button_face(size: tuple[int, int], selected: bool) -> pygame.Surface:
    """A card-sized table button's empty face (w, h px; transparent corners): dark, warmer when ``selected``, a gold
    edge. The caller draws its label on the new surface."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (70, 50, 15) if selected else (40, 35, 20), s.get_rect(), border_radius=10)
    pygame.draw.rect(s, GOLD, s.get_rect(), width=2, border_radius=10)
    return s


@lru_cache(maxsize=8)
def shade(alpha: int) -> pygame.Surface:
    """A full-picture (W×H) black veil of opacity ``alpha`` (0-255), drawn under overlays (pause, results, curtain)."""
    s = pygame.Surface((W, H), pygame.SRCALPHA)
    s.fill((0, 0, 0, alpha))
    return s


def draw_log(surf: pygame.Surface, lines: Sequence[str], pos: tuple[int, int], width: int, rows: int, pitch: int,
             shadow: bool = False) -> None:
    """A table's event log: the newest ``lines`` wrapped (never cut) to ``width`` px at 16 px, the last ``rows``
    rows from ``pos`` (top-left, px) down, ``pitch`` px apart (at a larger text size at least a line of the font:
    ``fonts.pitch``); the newest line's rows in white, older ones dimmed."""
    tail = list(lines[-rows:])
    pitch = fonts.pitch(16, pitch)
    wrapped = [(row, k == len(tail) - 1) for k, ln in enumerate(tail) for row in wrap(ln, 16, width)]
    for i, (row, last) in enumerate(wrapped[-rows:]):
        draw_text(surf, row, (pos[0], pos[1] + i * pitch), 16, WHITE if last else DIM, shadow=shadow)
