"""Readability audit of what a screen draws: every text's size, its contrast with the pixels under it, and (for
each language) whether it fits, overlaps another, has every glyph and went through gettext.

``TextAudit`` wraps ``fonts.draw_text`` (in every module that imported it) while a screen is drawn onto a
1280×720 surface, and records each text drawn there: its size in px, its colour, the mean colour of the pixels
under it before it was drawn, the WCAG 2 contrast ratio of the two, and where it lies (``overlaps``,
``offscreen``, ``missing_glyphs``).

``TextLog`` records every text the render kit renders by any path (``fonts.text``, ``draw_text``) and every text
``fit`` or the hint bar cut, each with the code that drew it (the first caller outside ``arcade/client/render``,
as ``path::Class.method``): in the pseudo-locale (``arcade.core.i18n.PSEUDO``) ``unmarked_words`` finds the words of
a text that did not come through ``_()``, and ``marker_cut`` a translated text cut short.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass

import pygame

from arcade.client.render import fonts
from arcade.core.i18n import PSEUDO_CLOSE, PSEUDO_OPEN, is_pseudo_word

__all__ = ["TextAudit", "Drawn", "contrast", "TextLog", "Rendered", "unmarked_words", "marker_cut"]

_RENDER_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(_RENDER_DIR.rstrip(os.sep))))  # holds arcade/
_WORD = re.compile(r"[^\W\d_]+")


def _lum(c) -> float:
    def ch(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def contrast(a, b) -> float:
    """WCAG 2 contrast ratio of two RGB colours (1..21)."""
    la, lb = sorted((_lum(a), _lum(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Drawn:
    """A text drawn on the picture: ``rect`` clipped to the picture, ``full`` where it would lie unclipped (px)."""

    text: str
    size: int
    color: tuple[int, int, int]
    background: tuple[int, int, int]
    rect: tuple[int, int, int, int]
    bold: bool = False
    full: tuple[int, int, int, int] = (0, 0, 0, 0)
    ink: tuple[int, int, int, int] = (0, 0, 0, 0)  # the rectangle its pixels cover, clipped to the picture
    px: int = 0  # its size as drawn, at the text size of the moment (``fonts.scaled(size)``); 0: ``size``
    inked: tuple[int, int, int, int] | None = None  # the rectangle its pixels cover, unclipped

    @property
    def ratio(self) -> float:
        return contrast(self.color, self.background)


class TextAudit:
    """``with TextAudit() as audit: scene.draw(surf, 1.0)`` then ``audit.drawn``."""

    def __init__(self, width: int = 1280, height: int = 720) -> None:
        self.size = (width, height)
        self.drawn: list[Drawn] = []
        self._patched: list[tuple[object, str]] = []
        self._after: list[tuple[pygame.Surface, list[tuple[tuple[int, int], tuple]]]] = []  # per text: its pixels

    def _wrapper(self, real):
        def draw_text(surf, s, pos, size=24, color=(240, 240, 240), bold=False, anchor="topleft", shadow=False):
            if surf.get_size() != self.size or not s.strip():
                return real(surf, s, pos, size, color, bold, anchor, shadow)
            img = fonts.text(s, size, color, bold)
            full = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
            r = full.clip(surf.get_rect())
            ink = img.get_bounding_rect().move(full.topleft).clip(surf.get_rect())
            if r.width and r.height:
                pts = [(r.x + r.width * i // 6, r.y + r.height * j // 4) for i in range(1, 6) for j in (0, 2, 3)]
                cols = [surf.get_at(p)[:3] for p in pts]
                bg = tuple(sum(c[k] for c in cols) // len(cols) for k in range(3))
                self.drawn.append(Drawn(s, size, tuple(color[:3]), bg, tuple(r), bool(bold), tuple(full), tuple(ink),
                                        fonts.scaled(size), tuple(img.get_bounding_rect().move(full.topleft))))
            else:
                self.drawn.append(Drawn(s, size, tuple(color[:3]), (0, 0, 0), (0, 0, 0, 0), bool(bold),
                                        tuple(full)))
            out = real(surf, s, pos, size, color, bold, anchor, shadow)
            pts = [(ink.x + ink.w * i // 8, ink.y + ink.h * j // 4) for i in range(1, 8) for j in (1, 2, 3)]
            self._after.append((surf, [(p, tuple(surf.get_at(p))) for p in pts if ink.w and ink.h]))
            return out
        return draw_text

    def visible(self) -> list[Drawn]:
        """The texts still to be seen when the frame is done: not covered by what was drawn later (a panel, an
        overlay, the results veil). Judged from sample pixels of each text outside the texts drawn after it: a text
        most of whose samples changed lies under something else."""
        out = []
        for k, (d, (surf, samples)) in enumerate(zip(self.drawn, self._after)):
            later = [pygame.Rect(e.ink) for e in self.drawn[k + 1:] if e.ink[2]]
            free = [(p, c) for p, c in samples if not any(r.collidepoint(p) for r in later)]
            if free and sum(tuple(surf.get_at(p)) == c for p, c in free) * 2 >= len(free):
                out.append(d)
        return out

    def __enter__(self) -> "TextAudit":
        real = fonts.draw_text
        wrapped = self._wrapper(real)
        for name, mod in list(sys.modules.items()):
            if name.startswith(("arcade", "toy_game")) and getattr(mod, "draw_text", None) is real:
                self._patched.append((mod, "draw_text"))
                setattr(mod, "draw_text", wrapped)
        self._real = real
        self._wrapped = wrapped
        return self

    def __exit__(self, *exc) -> None:
        for mod, attr in self._patched:
            setattr(mod, attr, self._real)
        for mod in list(sys.modules.values()):  # a module imported meanwhile took the wrapper from fonts: undo it too
            if getattr(mod, "draw_text", None) is self._wrapped:
                mod.draw_text = self._real

    def problems(self, min_size: int = 16, min_ratio: float = 4.5) -> list[str]:
        """Texts smaller than ``min_size`` px as drawn (at the text size of the moment: ``Drawn.px``) or below
        ``min_ratio`` contrast, one line each."""
        out = []
        for d in self.drawn:
            if not d.rect[2]:
                continue  # wholly outside the picture: ``offscreen`` says so
            if (d.px or d.size) < min_size:
                out.append(f"{d.px or d.size} px: {d.text[:50]!r}")
            elif d.ratio < min_ratio:
                out.append(f"contrast {d.ratio:.1f}: {d.text[:50]!r} {d.color} on {d.background}")
        return out

    def overlaps(self) -> list[str]:
        """Pairs of visible texts (``visible``) whose inked rectangles overlap (one hides part of the other), one
        line each."""
        drawn = [d for d in self.visible() if d.ink[2]]
        rects = [pygame.Rect(d.ink) for d in drawn]
        return [f"{drawn[i].text!r} / {drawn[j].text!r}" for i in range(len(rects))
                for j in range(i + 1, len(rects)) if rects[i].colliderect(rects[j])]

    def offscreen(self) -> list[str]:
        """Texts running off the picture (the part outside it is lost), one line each."""
        pic = pygame.Rect((0, 0), self.size)
        return [f"{d.text!r} at {d.full}" for d in self.drawn if not pic.contains(pygame.Rect(d.full))
                and (d.ink[2] == 0 or not pic.contains(d.inked or fonts.text(d.text, d.size, d.color, d.bold)
                                                       .get_bounding_rect().move(d.full[:2])))]

    def missing_glyphs(self) -> list[str]:
        """Texts with characters the bundled font cannot draw, one line each."""
        out = []
        for d in self.drawn:
            miss = fonts.missing_glyphs(d.text, d.bold)
            if miss:
                out.append(f"{d.text!r}: no glyph for {', '.join(f'U+{ord(c):04X}' for c in miss)}")
        return out


@dataclass(frozen=True)
class Rendered:
    """A text the render kit rendered: ``source`` is the code that asked for it (``path::Class.method``), ``where``
    the screen the recorder was told it is on."""

    text: str
    bold: bool
    source: str
    where: str


def _source() -> str:
    """``path::qualname`` of the first caller outside ``arcade/client/render`` (path relative to the checkout)."""
    f = sys._getframe(2)
    while f is not None and f.f_code.co_filename.startswith(_RENDER_DIR):
        f = f.f_back
    if f is None:
        return "?"
    path = os.path.relpath(f.f_code.co_filename, _ROOT).replace(os.sep, "/")
    return f"{path}::{f.f_code.co_qualname}"


class TextLog:
    """``with TextLog() as log: ...`` records every text rendered (``log.texts``, each once per screen and source),
    every text cut to fit (``log.cuts``: (original, shown, source, where)) and the rows ``wrap`` made
    (``log.rows``). Set ``log.where`` to name the screen being drawn."""

    def __init__(self) -> None:
        self.where = ""
        self.texts: dict[Rendered, None] = {}
        self.cuts: dict[tuple[str, str, str, str], None] = {}
        self.rows: set[str] = set()  # the rows ``wrap`` made

    def __enter__(self) -> "TextLog":
        self._prev, fonts.WATCH = fonts.WATCH, self
        return self

    def __exit__(self, *exc) -> None:
        fonts.WATCH = self._prev

    def rendered(self, s: str, size: int, bold: bool) -> None:
        if s.strip():
            self.texts[Rendered(s, bool(bold), _source(), self.where)] = None

    def cut(self, original: str, shown: str) -> None:
        self.cuts[(original, shown, _source(), self.where)] = None

    def wrapped(self, original: str, rows: list[str]) -> None:
        self.rows.update(rows)

    def cut_short(self, text: str) -> bool:
        """True if a pseudo-locale ``text`` lost its end (an opening ``⟦`` without its ``⟧``) other than by being
        broken into rows by ``wrap``: cut to fit, or sliced to a number of characters."""
        return marker_cut(text) and text not in self.rows


def unmarked_words(text: str, names: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """The words of ``text`` (runs of letters) that did not come through ``_()`` in the pseudo-locale: not pseudo
    letters, not a single letter (a card rank, a key: "Q", "W/A/S/D"), not one of ``names`` (players' names,
    languages' own names)."""
    return [w for w in _WORD.findall(text) if len(w) > 1 and not is_pseudo_word(w) and w not in names]


def marker_cut(text: str) -> bool:
    """True if a pseudo-locale text lost its end (an opening ``⟦`` without its ``⟧``): cut to fit."""
    return text.count(PSEUDO_OPEN) > text.count(PSEUDO_CLOSE)
