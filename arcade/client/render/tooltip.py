"""Panels placed beside what they talk about: tooltips (a card or a term explained where it appears, as Slay the Spire
and Balatro do) and the free place of a tutorial's coach (beside the element its step names, as Board Game Arena's
tutorials do).

``place_beside`` finds, for a panel of one of several sizes, the place nearest a ``focus`` rectangle inside
``bounds`` that covers none of the rectangles it must ``avoid`` and, if it can, none it had ``rather`` not cover.
Candidate corners are the bounds' edges and the edges of every rectangle (a best place can always slide until it
touches one), so the search is exact for rectangles and cheap (``Rect.collidelist``).

``Tip`` is a tooltip: what it explains (``target``, px) and its words; ``draw_tip`` draws it opaque beside its target
(never over it), inside the picture.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import pygame

from arcade.client.render.fonts import draw_text, font, wrap
from arcade.client.render.widgets import GOLD, H, W, WHITE, panel

__all__ = ["Tip", "place_beside", "tip_rect", "draw_tip", "TIP_W", "TIP_BG", "PICTURE"]

TIP_W = 340
"""A tooltip's width (px)."""
TIP_BG = (22, 26, 34)
"""A tooltip's fill: opaque, dark (its white and gold text read at better than 4.5:1)."""
PICTURE = pygame.Rect(4, 4, W - 8, H - 8)
"""Where a tooltip may lie: the picture, 4 px in from its edges."""


@dataclass(frozen=True)
class Tip:
    """A tooltip: ``target`` the thing explained (x, y, w, h px), its ``title`` and ``body`` (translated text)."""

    target: tuple[int, int, int, int]
    title: str
    body: str


def _gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The distance between two rectangles (px; 0 when they touch or overlap)."""
    dx = max(0, b.left - a.right, a.left - b.right)
    dy = max(0, b.top - a.bottom, a.top - b.bottom)
    return int((dx * dx + dy * dy) ** 0.5)


def _overlap(r: pygame.Rect, rects: Sequence[pygame.Rect]) -> int:
    """The area of ``r`` covered by ``rects`` (px², overlaps between them counted twice)."""
    total = 0
    for k in r.collidelistall(rects):
        c = r.clip(rects[k])
        total += c.w * c.h
    return total


def place_beside(sizes: Sequence[tuple[int, int]], focus: pygame.Rect | None, bounds: pygame.Rect,
                 avoid: Iterable = (), rather: Iterable = (), gap: int = 10) -> pygame.Rect:
    """Where a panel goes: one of ``sizes`` ((w, h) px, the first preferred), inside ``bounds``, nearest ``focus``
    (None: anywhere), covering none of ``avoid`` and, when it can, none of ``rather`` (rectangles, px), ``gap`` px
    clear of them. Best first: covers nothing; else covers none of ``avoid`` and least of ``rather``; else least of
    ``avoid``. Then the nearest to ``focus``, then the earlier size. A size larger than ``bounds`` is shrunk to
    them."""
    bounds = pygame.Rect(bounds)
    must = [pygame.Rect(r) for r in avoid]
    soft = [pygame.Rect(r) for r in rather]
    pad_all = [r.inflate(2 * gap, 2 * gap) for r in must + soft]
    pad_must = pad_all[:len(must)]
    target = pygame.Rect(focus) if focus is not None else None
    candidates = []
    for k, (w, h) in enumerate(sizes):
        w, h = min(w, bounds.w), min(h, bounds.h)
        xs = {bounds.left, bounds.right - w}
        ys = {bounds.top, bounds.bottom - h}
        for r in must + soft:
            xs.update((r.right + gap, r.left - gap - w))
            ys.update((r.bottom + gap, r.top - gap - h))
        if target is not None:
            xs.update((target.left, target.right - w, target.centerx - w // 2))
            ys.update((target.top, target.bottom - h, target.centery - h // 2))
        xs = sorted({min(max(x, bounds.left), bounds.right - w) for x in xs})
        ys = sorted({min(max(y, bounds.top), bounds.bottom - h) for y in ys})
        candidates += [(k, pygame.Rect(x, y, w, h)) for y in ys for x in xs]

    def near(item) -> tuple:
        k, r = item
        return (_gap(r, target) if target is not None else 0, k, r.y, r.x)

    free = [c for c in candidates if c[1].collidelist(pad_all) == -1]
    if free:
        return min(free, key=near)[1]
    clear = [c for c in candidates if c[1].collidelist(pad_must) == -1]
    if clear:
        return min(clear, key=lambda c: (_overlap(c[1], soft),) + near(c))[1]
    return min(candidates, key=lambda c: (_overlap(c[1], must),) + near(c))[1]


TITLE_SIZE, BODY_SIZE = 18, 16


def _rows(tip: Tip, width: int) -> tuple[list[str], list[str]]:
    return wrap(tip.title, TITLE_SIZE, width - 24, bold=True), wrap(tip.body, BODY_SIZE, width - 24)


def tip_rect(tip: Tip, bounds: pygame.Rect = PICTURE, avoid: Iterable = ()) -> pygame.Rect:
    """Where ``tip`` is drawn (px): beside its target (below, above or at a side, the nearest free), never over it
    nor over ``avoid``, inside ``bounds`` (the picture)."""
    target = pygame.Rect(tip.target)
    sizes = []
    for width in (TIP_W, TIP_W + 80, TIP_W - 60):
        title, body = _rows(tip, width)
        sizes.append((width, 16 + 24 * len(title) + 20 * len(body) + 4))
    return place_beside(sizes, target, bounds, avoid=[target, *avoid], gap=6)


def draw_tip(surf: pygame.Surface, tip: Tip, bounds: pygame.Rect = PICTURE, avoid: Iterable = ()) -> pygame.Rect:
    """Draw ``tip`` beside its target (``tip_rect``): an opaque panel, a gold frame, the title in gold bold, the body
    in white; returns its rectangle. The target gets a thin gold outline, so what is explained is plain."""
    r = tip_rect(tip, bounds, avoid)
    target = pygame.Rect(tip.target)
    pygame.draw.rect(surf, GOLD, target.inflate(4, 4), width=2, border_radius=8)
    panel(surf, r, 255, TIP_BG, GOLD, 10)
    title, body = _rows(tip, r.w)
    y = r.y + 10
    for row in title:
        draw_text(surf, row, (r.x + 12, y), TITLE_SIZE, GOLD, bold=True)
        y += 24
    for row in body:
        draw_text(surf, row, (r.x + 12, y), BODY_SIZE, WHITE)
        y += 20
    return r


def text_width(s: str, size: int, bold: bool = False) -> int:
    """The width of ``s`` at font ``size`` (px)."""
    return font(size, bold).size(s)[0]
