"""Card sprites, built once and cached: playing cards, labelled cards, card backs, and the squashed frames of a flip.

Nothing is rotated or scaled afresh each frame: every surface comes from an ``lru_cache`` keyed by what it shows and
its size; a flip uses one of ``FLIP_STEPS`` squashed widths and a card in flight one of 20 scales, the most recent of
them kept (``arcade.client.render.memo``).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from arcade.client.render.fonts import draw_text, font
from arcade.client.render.memo import DerivedPictures
from arcade.client.render.tween import Placed
from arcade.core.i18n import _, on_change

__all__ = ["CARD_W", "CARD_H", "playing_card", "label_card", "card_back", "squashed", "blit_card", "shadow",
           "FLIP_STEPS", "SUIT_GLYPH"]

CARD_W, CARD_H = 96, 134
FLIP_STEPS = 8
SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
INK = {"S": (25, 25, 30), "C": (25, 25, 30), "H": (200, 30, 40), "D": (200, 30, 40)}


def _blank(w: int, h: int, fill=(250, 248, 240), border=(60, 60, 60)) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    r = s.get_rect()
    rad = max(4, w // 12)
    pygame.draw.rect(s, fill, r, border_radius=rad)
    pygame.draw.rect(s, border, r, width=2, border_radius=rad)
    return s


@lru_cache(maxsize=512)
def playing_card(rank: str, suit: str, w: int = CARD_W, h: int = CARD_H, marked: bool = False) -> pygame.Surface:
    """A French-suited card face: ``rank`` "A".."K" or "JOKER" (its word in the player's language: the cache is
    emptied on a language switch), ``suit`` "S"/"H"/"D"/"C"."""
    s = _blank(w, h, border=(180, 40, 40) if marked else (60, 60, 60))
    if rank == "JOKER":
        draw_text(s, "★", (w // 2, h // 2 - 6), int(h * 0.45), (120, 40, 160), anchor="center")
        # TRANSLATORS: printed at the foot of the Joker card (capitals)
        word = _("JOKER")
        size = max(10, w // 7)
        while size > 8 and font(size, True).size(word)[0] > w - 8:
            size -= 1
        draw_text(s, word, (w // 2, h - h // 7), size, (120, 40, 160), bold=True, anchor="center")
        return s.convert_alpha()
    ink = INK[suit]
    g = SUIT_GLYPH[suit]
    corner = max(12, int(h * 0.17))
    draw_text(s, rank, (7, 3), corner, ink, bold=True)
    draw_text(s, g, (8, 3 + corner), int(corner * 0.8), ink)
    big = int(h * (0.46 if rank in "AJQK" else 0.36))
    if rank in ("J", "Q", "K"):
        inner = pygame.Rect(w * 0.22, h * 0.2, w * 0.56, h * 0.6)
        pygame.draw.rect(s, (235, 225, 190), inner, border_radius=6)
        pygame.draw.rect(s, ink, inner, width=2, border_radius=6)
        draw_text(s, rank, inner.center, int(h * 0.3), ink, bold=True, anchor="center")
    else:
        draw_text(s, g, (w // 2, h // 2), big, ink, anchor="center")
        if rank != "A":
            draw_text(s, rank, (w // 2, h // 2 + big // 2 + 6), int(h * 0.16), ink, bold=True, anchor="center")
    tail = pygame.transform.rotate(font(corner, True).render(rank, True, ink), 180)
    s.blit(tail, tail.get_rect(bottomright=(w - 7, h - 3)))
    return s.convert_alpha()


def _language_switched(_code: str) -> None:
    """The Joker's word is drawn again in the new language (and the squashed and scaled copies go with the old
    surfaces)."""
    playing_card.cache_clear()
    _squashed.clear()
    _scaled_cards.clear()


on_change(_language_switched)


@lru_cache(maxsize=1024)
def label_card(title: str, value: str = "", band: tuple[int, int, int] = (60, 90, 160), w: int = CARD_W,
               h: int = CARD_H, icon: str = "", sub: str = "") -> pygame.Surface:
    """A designed card: coloured band with ``title`` (wrapped), a big ``icon`` glyph, a ``value`` line and ``sub``."""
    s = _blank(w, h)
    band_h = int(h * 0.3)
    pygame.draw.rect(s, band, (3, 3, w - 6, band_h), border_radius=max(3, w // 14))
    words, lines, cur = title.split(), [], ""
    fs = max(10, w // 8)
    for word in words:
        if cur and font(fs, True).size(cur + " " + word)[0] > w - 10:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    lines.append(cur)
    for i, ln in enumerate(lines[:3]):
        draw_text(s, ln, (w // 2, 6 + i * (fs + 2)), fs, (255, 255, 255), bold=True, anchor="midtop")
    if icon:
        draw_text(s, icon, (w // 2, int(h * 0.58)), int(h * 0.26), band, anchor="center")
    if value:
        draw_text(s, value, (w // 2, h - 8), max(11, w // 7), (30, 30, 30), bold=True, anchor="midbottom")
    if sub:
        draw_text(s, sub, (w // 2, int(h * 0.78)), max(9, w // 10), (70, 70, 70), anchor="center")
    return s.convert_alpha()


@lru_cache(maxsize=16)
def card_back(w: int = CARD_W, h: int = CARD_H, color: tuple[int, int, int] = (150, 30, 40)) -> pygame.Surface:
    s = _blank(w, h, fill=color, border=(240, 240, 240))
    inner = s.get_rect().inflate(-12, -12)
    pygame.draw.rect(s, (240, 220, 160), inner, width=2, border_radius=6)
    for x in range(inner.left, inner.right, 10):
        pygame.draw.line(s, tuple(min(255, c + 30) for c in color), (x, inner.top + 2), (x + 20, inner.bottom - 2))
    return s.convert_alpha()


@lru_cache(maxsize=256)
def shadow(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 70), s.get_rect(), border_radius=10)
    return s


_squashed = DerivedPictures(128)


def squashed(img: pygame.Surface, width_frac: float) -> pygame.Surface:
    """``img`` squashed horizontally to one of FLIP_STEPS widths (the 128 most recent kept, per surface and step)."""
    step = max(1, min(FLIP_STEPS, round(width_frac * FLIP_STEPS)))
    if step == FLIP_STEPS:
        return img
    w = max(2, img.get_width() * step // FLIP_STEPS)
    return _squashed.get(img, step, lambda: pygame.transform.smoothscale(img, (w, img.get_height())))


_scaled_cards = DerivedPictures(128)


def _scaled(img: pygame.Surface, scale: float) -> pygame.Surface:
    q = round(scale * 20)
    if q == 20:
        return img
    size = (max(2, img.get_width() * q // 20), max(2, img.get_height() * q // 20))
    return _scaled_cards.get(img, q, lambda: pygame.transform.smoothscale(img, size))


def blit_card(surf: pygame.Surface, face: pygame.Surface, back: pygame.Surface, p: Placed, width_frac: float = 1.0,
              moving: bool = False) -> pygame.Rect:
    """Draw a card centred at ``p`` (face or back as ``p.face_up`` says), squashed by ``width_frac`` mid-flip."""
    img = face if p.face_up else back
    if p.scale != 1.0:
        img = _scaled(img, p.scale)
    if width_frac < 1.0:
        img = squashed(img, width_frac)
    r = img.get_rect(center=(int(p.x), int(p.y - p.lift)))
    if moving or p.lift:
        sh = shadow(img.get_width(), img.get_height())
        surf.blit(sh, r.move(4 + int(p.lift / 6), 6 + int(p.lift / 4)).topleft)
    surf.blit(img, r)
    return r
