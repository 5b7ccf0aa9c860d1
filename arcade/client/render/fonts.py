"""Fonts (DejaVu Sans, shipped in assets/fonts) and a cache of rendered text surfaces."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame

__all__ = ["font", "text", "draw_text", "fit", "wrap"]

_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    f = resources.files("arcade") / "assets" / "fonts" / _FONT_FILES[bold]
    with resources.as_file(f) as p:
        return pygame.font.Font(str(p), size)


@lru_cache(maxsize=512)
def text(s: str, size: int, color: tuple[int, int, int] = (240, 240, 240), bold: bool = False) -> pygame.Surface:
    """A rendered (antialiased) text surface; the 512 most recently drawn are kept (a busy table draws up to about 60
    strings a frame, while scores, sums and timers keep making new ones: at 15 KB a string on average in attract
    mode, the 4,096 kept before filled up over hours of play towards 60 MB)."""
    return font(size, bold).render(s, True, color).convert_alpha()


#: When a list, every string ``draw_text`` draws is appended to it (input scripts' ``wait`` lines read a frame's
#: texts); None otherwise.
SEEN: list[str] | None = None


def draw_text(surf: pygame.Surface, s: str, pos: tuple[float, float], size: int = 24,
              color: tuple[int, int, int] = (240, 240, 240), bold: bool = False, anchor: str = "topleft",
              shadow: bool = False) -> pygame.Rect:
    """Blit cached text at ``pos`` using a Rect anchor ("center", "midtop", "topright"...). Returns its rect."""
    img = text(s, size, color, bold)
    r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
    if SEEN is not None:
        SEEN.append(s)
    if shadow:
        surf.blit(text(s, size, (0, 0, 0), bold), r.move(2, 2))
    surf.blit(img, r)
    return r


@lru_cache(maxsize=512)
def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut (with "…") to fit ``width`` pixels at font ``size``."""
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` pixels wide at font ``size`` (bold or not; a single word
    wider than that is cut with "…")."""
    f = font(size, bold)
    rows: list[str] = []
    cur = ""
    for word in text.split(" "):
        if cur and f.size(cur + " " + word)[0] > width:
            rows.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    rows.append(cur)
    return [fit(r, size, width, bold) for r in rows]
