"""Grass's table art and layout constants: card faces, glows, buttons, the table's background, money as
shown, the seats' slots (a part of ``arcade.games.grass.table``; the scene is ``scene.Table``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import pygame

from arcade.games.grass import ANY, CARDS
from arcade.games.grass.cards import HEAT_OF
from arcade.client.render.fonts import draw_text, font
from arcade.client.render.widgets import GOLD, W, WHITE, button_face, panel
from arcade.client.scenes.table import SeatMenu

__all__ = ["SIZES", "card_face", "card_art", "money", "short_money", "Slot", "SeatUI", "WALK_TICKS", "DEMO_HOLD"]

SIZES = {"L": (96, 134), "M": (72, 100), "S": (60, 90)}
"""Card sizes in logical pixels: L the hand, M the bottom player's pile and Stash (and everyone's, for a spectator of
up to 4 players), S the other players' and the trade panels."""
COVER_DROP = 0.46
"""A protection card lies this fraction of a card's height below the peddle it covers (their corner stays seen)."""

GROUP_STYLE = {
    "market": ((40, 100, 190), "☀"),  # Market Close: ✖ (ICONS)
    "peddle": ((40, 135, 60), "$"),
    "protection": ((20, 130, 140), "☂"),
    "heat on": ((200, 40, 40), "⚠"),
    "heat off": ((70, 150, 225), "✓"),
    "pay fine": ((70, 150, 225), "⚖"),
    "nirvana": ((140, 60, 180), "☮"),
    "paranoia": ((45, 40, 55), "☠"),
    "skim": ((190, 145, 25), "♛"),
}
ICONS = {"Market Close": "✖", "Steal Your Neighbor's Pot": "⚔", "Euphoria": "★"}
"""Icons that differ from their group's."""
"""Band colour and icon of each card group (pay fine shares the heat-off colour)."""

SUBTEXT = {
    "Market Close": "ends the hand", "Pay Fine / Heat Off": "clears any heat",
    "Stonehigh": "extra turn, clears heat", "Euphoria": "extra turns, clears heat", "Banker": "20% of Stashes", "Steal Your Neighbor's Pot": "largest peddle",
    "Market Open": "opens market",
}

STEP_TICKS = 40
"""Ticks between two rows of the scoring walk-through."""
BREAKDOWN_ROWS = 7
WALK_TICKS = STEP_TICKS * (BREAKDOWN_ROWS + 1)
DEMO_HOLD = WALK_TICKS + 150
"""Ticks the breakdown stays when nobody has to press a key (attract mode, bots only)."""

OWN_PILE = (W // 2 - 240, 402)
"""Centre of the bottom player's Hassle pile; their Stash runs to its right (up to STASH_RIGHT)."""
STASH_RIGHT = 922
HAND_Y = 616


def money(d: int, sign: bool = False) -> str:
    """Dollars as printed: "$25,000", "−$5,000" (with ``sign``: "+$5,000" for a gain)."""
    if d < 0:
        return f"−${-d:,}"
    return f"+${d:,}" if sign and d > 0 else f"${d:,}"


def short_money(d: int) -> str:
    """Dollars in thousands: "25K"."""
    return f"{d // 1000}K" if d % 1000 == 0 else f"{d:,}"


SHORT_TITLES = {
    "Lust Conquers All": ("Lust Conq. All", "Lust"), "Search & Seizure": ("Search Seizure", "Seizure"),
    "A Breeze to Fly": ("Breeze to Fly",), "Pay Fine / Heat Off": ("Pay Fine",), "Stonehigh": ("Stone high",),
    "Utterly Wiped Out": ("Wiped Out",), "Steal Your Neighbor's Pot": ("Neighbor's Pot", "Steal Pot"),
}
"""Shorter titles tried in turn when a card's name does not fit its band in two lines (small cards)."""


def _title_lines(title: str, w: int) -> list[str]:
    """How ``label_card`` wraps ``title`` on a card ``w`` pixels wide."""
    f = font(max(10, w // 8), True)
    lines, cur = [], ""
    for word in title.split():
        if cur and f.size(cur + " " + word)[0] > w - 10:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    lines.append(cur)
    return lines


@lru_cache(maxsize=128)
def card_title(name: str, w: int) -> str:
    """The title printed on a card ``w`` pixels wide: the name, or a shorter form that fits two lines."""
    f = font(max(10, w // 8), True)
    for t in (name,) + SHORT_TITLES.get(name, ()):
        lines = _title_lines(t, w)
        if len(lines) <= 2 and all(f.size(ln)[0] <= w - 6 for ln in lines):
            return t
    return (SHORT_TITLES.get(name) or (name,))[-1]


@lru_cache(maxsize=256)
def card_face(kind: int, size: str = "L") -> pygame.Surface:
    """The face of a card kind at a size of SIZES, coloured by its group; peddle also carries its value in the
    top-left corner (readable when fanned in a Stash)."""
    w, h = SIZES[size]
    if kind == ANY:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (235, 230, 210), s.get_rect(), border_radius=max(4, w // 12))
        pygame.draw.rect(s, GOLD, s.get_rect(), width=2, border_radius=max(4, w // 12))
        draw_text(s, "?", (w // 2, h // 2 - 6), int(h * 0.4), (120, 90, 20), bold=True, anchor="center")
        draw_text(s, "their", (w // 2, h - 26), max(10, w // 7), (60, 60, 60), anchor="center")
        draw_text(s, "choice", (w // 2, h - 12), max(10, w // 7), (60, 60, 60), anchor="center")
        return s.convert_alpha()
    c = CARDS[kind]
    band, icon = GROUP_STYLE[c.group]
    icon = ICONS.get(c.name, icon)
    from arcade.client.render.cards import label_card

    val, sub = "", SUBTEXT.get(c.name, "")
    if c.group == "peddle":
        val = money(c.value)
    elif c.group == "protection":
        val, sub = money(c.value), "protects"
    elif c.group == "paranoia":
        val, sub = money(-c.value), "if held"
    elif c.group == "heat off":
        heat = CARDS[HEAT_OF[kind]].name
        sub = ("clears " + heat) if len(heat) <= 9 else heat
    elif c.group == "heat on":
        sub = "heat on"
    two = c.group == "nirvana" and size == "L"  # "extra turn(s), clears heat": two lines
    img = label_card(card_title(c.name, w), val, band, w, h, icon, sub if size == "L" and not two else "")
    if two:
        img = img.copy()
        for i, line in enumerate(sub.split(", ")):
            draw_text(img, line, (w // 2, int(h * 0.74) + i * 12), max(9, w // 10), (70, 70, 70), anchor="center")
    if c.group == "peddle":
        img = img.copy()
        fs = 13 if size == "L" else 11
        draw_text(img, short_money(c.value), (5, int(h * 0.3) + 4), fs, (20, 90, 30), bold=True)
    return img


@lru_cache(maxsize=32)
def heat_glow(w: int, h: int, level: int) -> pygame.Surface:
    """A red glow around a card of size w×h; ``level`` 0..5 is its strength (a pulse steps through them)."""
    pad = 18
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -2):
        a = int((150 + 20 * level) * (1 - i / pad) ** 1.2)
        r = pygame.Rect(pad - i, pad - i, w + 2 * i, h + 2 * i)
        pygame.draw.rect(s, (255, 40, 30, min(255, a)), r, width=2, border_radius=12 + i)
    pygame.draw.rect(s, (255, 50, 30, 255), (pad - 4, pad - 4, w + 8, h + 8), width=4, border_radius=10)
    return s


@lru_cache(maxsize=8)
def trade_button(selected: bool, left: int) -> pygame.Surface:
    w, h = SIZES["L"]
    s = button_face((w, h), selected)
    draw_text(s, "⇄", (w // 2, 44), 40, GOLD, anchor="center")
    draw_text(s, "Trade", (w // 2, 86), 20, GOLD, bold=True, anchor="center")
    draw_text(s, f"{left} left", (w // 2, 110), 16, WHITE, anchor="center")
    return s.convert_alpha()


@lru_cache(maxsize=2)  # 3.5 MB each (the whole picture), one a match's layout
def table_background(panels: tuple[tuple[int, int, int, int], ...], piles: tuple[tuple[int, int, int, int], ...]
                     ) -> pygame.Surface:
    """The felt with the seats' areas (``panels``) and the empty Hassle pile places (``piles``) drawn once: one
    opaque blit a frame instead of several translucent ones."""
    from arcade.client.render.widgets import felt

    s = felt().copy()
    for r in panels:
        panel(s, r, 150)
    for r in piles:
        pygame.draw.rect(s, (14, 70, 45), r, border_radius=8)
        pygame.draw.rect(s, (40, 120, 80), r, width=2, border_radius=8)
    return s


INFO_BOX = (10, 418, 190, 254)
"""The bottom player's name, running total and status, at the left of their hand."""


class Slot(NamedTuple):
    """Where a seat sits: ``rect`` of its area, card ``size`` for its pile and Stash, ``big`` (the bottom player's
    layout with the hand in full size) or compact."""

    rect: pygame.Rect
    size: str
    big: bool


@dataclass
class SeatUI(SeatMenu):
    """A human seat's place in the menus (``SeatMenu``: hand slot, popup open, popup cursor) plus the trade dialog's
    cursor ``dcur``, open list ``dsub`` and list cursor ``scur``."""

    dcur: int = 0
    dsub: str | None = None
    scur: int = 0
    answering: Any = None  # the trade whose answer cursor was last placed (a new trade gets its default answer)


OPP_SLOTS = {
    1: ("top",),
    2: ("topleft2", "topright2"),
    3: ("left", "top", "right"),
    4: ("left", "topleft", "topright", "right"),
    5: ("left", "top3l", "top3c", "top3r", "right"),
}


def _slot_rect(name: str, size: str) -> pygame.Rect:
    cw, ch = SIZES[size]
    h = 48 + ch + int(ch * COVER_DROP) + 10
    top, side = 44, 44 + h + 4
    return pygame.Rect({
        "top": (400, top, 480, h), "topleft2": (140, top, 480, h), "topright2": (660, top, 480, h),
        "topleft": (220, top, 410, h), "topright": (650, top, 410, h),
        "top3l": (8, top, 415, h), "top3c": (432, top, 415, h), "top3r": (857, top, 415, h),
        "left": (8, side, 340, h), "right": (W - 348, side, 340, h),
        "bottom": (W // 2 - 240, side + 132, 480, h),
    }[name])


TRADE_BOX = pygame.Rect(170, 44, 940, 292)
"""The full trade dialog of a human in the trade: opaque, above the bottom player's own area (which starts at 340)."""

OP_LABELS = {"offer": "Offer a card from your hand", "ask": "Ask for a card", "offer_peddle":
             "Offer peddle from your Stash", "ask_peddle": "Ask for peddle from their Stash"}


def card_art(ref: str) -> pygame.Surface | None:
    """A card for the rules page, by its printed name ("Bust", "Panama"); None for an unknown name."""
    for kind, c in enumerate(CARDS):
        if c.name.lower() == ref.replace("_", " ").lower():
            return card_face(kind)
    return None
