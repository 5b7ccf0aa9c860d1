"""Fonts (DejaVu Sans, shipped in assets/fonts: Latin with every French letter, « », U+202F) and a cache of
rendered text surfaces.

The cache is keyed by the text itself, so a language switch (``arcade.core.i18n``) never shows a stale string: the
next draw asks for the new text. ``WATCH`` lets tests see every text rendered and every text ``fit`` cut
(``render.audit.TextLog``); ``missing_glyphs`` names the characters the bundled fonts cannot draw.

Text size (Settings → Text size, Game Accessibility Guidelines): ``set_text_scale(125)`` makes every font the render
kit makes 1.25 times its asked size (100, 125 or 150 %). Callers keep asking for the sizes they always did and
measure what they draw with ``font(size).size(...)``, so every screen grows; caches are keyed by the scale.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

import pygame

__all__ = ["font", "text", "set_text_scale", "text_scale", "scaled", "line_height", "pitch", "smallest_readable", "TEXT_SCALES", "draw_text", "fit", "wrap", "size_to_fit", "size_for_height", "missing_glyphs", "font_path", "WATCH"]

_FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

TEXT_SCALES = (100, 125, 150)
"""The text sizes Settings offers, in percent of the size each screen was laid out for."""
_SCALE = 100  # percent: the current text size


def set_text_scale(percent: int) -> None:
    """Every font made from now on is ``percent`` % of its asked size (one of ``TEXT_SCALES``; ValueError
    otherwise). Every ``functools`` cache of the game's modules is emptied, so card faces, cached labels and hint
    lines are drawn again at the new size."""
    global _SCALE
    if percent not in TEXT_SCALES:
        raise ValueError(f"text scale {percent!r} is not one of {TEXT_SCALES}")
    if percent == _SCALE:
        return
    _SCALE = percent
    _clear_caches()


def text_scale() -> int:
    """The current text size in percent (100, 125 or 150)."""
    return _SCALE


def _clear_caches() -> None:
    from arcade.client.render.memo import release

    release("arcade")


#: When set (tests: ``render.audit.TextLog``), ``WATCH.rendered(s, size, bold)`` is called for every text
#: ``text``/``draw_text`` render (cached or not), ``WATCH.cut(original, shown)`` for every text ``fit`` cuts and
#: ``WATCH.wrapped(original, rows)`` for every text ``wrap`` breaks into rows.
WATCH = None


def font_path(bold: bool = False):
    """The bundled font file (a ``Traversable`` inside the ``arcade`` package)."""
    return resources.files("arcade") / "assets" / "fonts" / _FONT_FILES[bold]


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled font at ``size`` px as the screen was laid out for, at the current text size: ``scaled(size)``."""
    return _font(scaled(size), bold)


def scaled(size: int) -> int:
    """The px size a text laid out at ``size`` px is drawn at: ``text_scale()`` % of it up to 24 px (body text,
    hints, labels: 16 px becomes 24 px at 150 %); a larger heading grows by as many px as a 24 px text does (a 54 px
    title becomes 66 px at 150 %), since it is already large and would otherwise push its screen apart."""
    return max(1, size + round(min(size, 24) * (_SCALE - 100) / 100))


def line_height(size: int, bold: bool = False) -> int:
    """Px from one row of wrapped ``size`` px text to the next at the current text size (at least ``size`` * 1.2,
    the pitch the screens were laid out with at 100 %)."""
    return max(round(size * 1.2), font(size, bold).get_linesize())


def smallest_readable(px: int = 16) -> int:
    """The smallest size to ask for (as laid out at 100 %) that is still drawn at least ``px`` px at the current
    text size (16 at 100 %, 13 at 125 %, 11 at 150 %)."""
    return next(s for s in range(1, px + 1) if scaled(s) >= px)


def pitch(size: int, laid_out: int, bold: bool = False) -> int:
    """Px between rows of ``size`` px text laid out ``laid_out`` px apart at 100 %: the same at 100 %, at least the
    font's line height at a larger text size."""
    return laid_out if _SCALE == 100 else max(laid_out, font(size, bold).get_linesize())


@lru_cache(maxsize=64)
def _font(px: int, bold: bool) -> pygame.font.Font:
    with resources.as_file(font_path(bold)) as p:
        return pygame.font.Font(str(p), px)


def text(s: str, size: int, color: tuple[int, int, int] = (240, 240, 240), bold: bool = False) -> pygame.Surface:
    """A rendered (antialiased) text surface; the 512 most recently drawn are kept (a busy table draws up to about 60
    strings a frame, while scores, sums and timers keep making new ones: at 15 KB a string on average in attract
    mode, the 4,096 kept before filled up over hours of play towards 60 MB)."""
    if WATCH is not None:
        WATCH.rendered(s, size, bold)
    return _render(s, size, tuple(color), bold, _SCALE)


@lru_cache(maxsize=512)
def _render(s: str, size: int, color: tuple[int, int, int], bold: bool, _scale: int) -> pygame.Surface:
    return font(size, bold).render(s, True, color).convert_alpha()


@lru_cache(maxsize=2)
def _glyph_font(bold: bool):
    import pygame.freetype

    pygame.freetype.init()
    with resources.as_file(font_path(bold)) as p:
        return pygame.freetype.Font(str(p), 16)


def missing_glyphs(s: str, bold: bool = False) -> str:
    """The characters of ``s`` (line breaks aside) the bundled font (regular or ``bold``) has no glyph for, each
    once, in order; "" when it can draw all of them. (``pygame.font.Font.metrics`` reports a missing glyph as the
    box it draws instead; FreeType's metrics say None.)"""
    chars = "".join(dict.fromkeys(c for c in s if c not in "\n\r"))
    if not chars:
        return ""
    return "".join(c for c, m in zip(chars, _glyph_font(bold).get_metrics(chars)) if m is None)


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


def fit(text: str, size: int, width: int, bold: bool = False) -> str:
    """``text`` cut (with "…") to fit ``width`` pixels at font ``size``."""
    shown = _fit(text, size, width, bold, _SCALE)
    if WATCH is not None and shown != text:
        WATCH.cut(text, shown)
    return shown


@lru_cache(maxsize=512)
def _fit(text: str, size: int, width: int, bold: bool, _scale: int) -> str:
    f = font(size, bold)
    if f.size(text)[0] <= width:
        return text
    while text and f.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def size_to_fit(texts: str | list[str] | tuple[str, ...], width: int, size: int, bold: bool = False,
                smallest: int = 16) -> int:
    """The largest font size from ``size`` down (step 1) at which every one of ``texts`` is at most ``width`` px
    wide, never drawn under ``smallest`` px (at the current text size: at 150 % a 16 px text may be asked for at
    11, drawn at 17); the smallest such if none fits: a label that runs longer in another language, or at a larger
    text size, shrinks a little instead of running under its neighbour or being cut."""
    texts = [texts] if isinstance(texts, str) else list(texts)
    while size > 1 and scaled(size - 1) >= smallest and any(font(size, bold).size(t)[0] > width for t in texts):
        size -= 1
    return size


def size_for_height(size: int, height: int, bold: bool = False, smallest: int = 16) -> int:
    """The largest font size from ``size`` down whose line (``Font.get_height``) is at most ``height`` px, never
    drawn under ``smallest`` px: a label in a band of fixed height (a seat's header above its role card) grows with
    the text size as far as its band allows. ``size`` itself at 100 % (the band was laid out for it)."""
    if _SCALE == 100:
        return size
    while size > 1 and scaled(size - 1) >= smallest and font(size, bold).get_height() > height:
        size -= 1
    return size


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
    rows = [fit(r, size, width, bold) for r in rows]
    if WATCH is not None:
        WATCH.wrapped(text, rows)
    return rows
