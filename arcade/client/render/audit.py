"""Readability audit of what a screen draws: every text's size and its contrast with the pixels under it.

``TextAudit`` wraps ``fonts.draw_text`` (in every module that imported it) while a screen is drawn onto a
1280×720 surface, and records each text drawn there: its size in px, its colour, the mean colour of the pixels
under it before it was drawn, and the WCAG 2 contrast ratio of the two. Used by tests and tools/text_audit.py.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pygame

from arcade.client.render import fonts

__all__ = ["TextAudit", "Drawn", "contrast"]


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
    text: str
    size: int
    color: tuple[int, int, int]
    background: tuple[int, int, int]
    rect: tuple[int, int, int, int]

    @property
    def ratio(self) -> float:
        return contrast(self.color, self.background)


class TextAudit:
    """``with TextAudit() as audit: scene.draw(surf, 1.0)`` then ``audit.drawn``."""

    def __init__(self, width: int = 1280, height: int = 720) -> None:
        self.size = (width, height)
        self.drawn: list[Drawn] = []
        self._patched: list[tuple[object, str]] = []

    def _wrapper(self, real):
        def draw_text(surf, s, pos, size=24, color=(240, 240, 240), bold=False, anchor="topleft", shadow=False):
            if surf.get_size() == self.size and s.strip():
                img = fonts.text(s, size, color, bold)
                r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))}).clip(surf.get_rect())
                if r.width and r.height:
                    pts = [(r.x + r.width * i // 6, r.y + r.height * j // 4) for i in range(1, 6) for j in (0, 2, 3)]
                    cols = [surf.get_at(p)[:3] for p in pts]
                    bg = tuple(sum(c[k] for c in cols) // len(cols) for k in range(3))
                    self.drawn.append(Drawn(s, size, tuple(color[:3]), bg, tuple(r)))
            return real(surf, s, pos, size, color, bold, anchor, shadow)
        return draw_text

    def __enter__(self) -> "TextAudit":
        real = fonts.draw_text
        wrapped = self._wrapper(real)
        for name, mod in list(sys.modules.items()):
            if name.startswith(("arcade", "toy_game")) and getattr(mod, "draw_text", None) is real:
                self._patched.append((mod, "draw_text"))
                setattr(mod, "draw_text", wrapped)
        self._real = real
        return self

    def __exit__(self, *exc) -> None:
        for mod, attr in self._patched:
            setattr(mod, attr, self._real)

    def problems(self, min_size: int = 16, min_ratio: float = 4.5) -> list[str]:
        """Texts smaller than ``min_size`` px or below ``min_ratio`` contrast, one line each."""
        out = []
        for d in self.drawn:
            if d.size < min_size:
                out.append(f"{d.size} px: {d.text[:50]!r}")
            elif d.ratio < min_ratio:
                out.append(f"contrast {d.ratio:.1f}: {d.text[:50]!r} {d.color} on {d.background}")
        return out
