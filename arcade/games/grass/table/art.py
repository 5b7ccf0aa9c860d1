"""Grass's table art and layout constants: card faces, glows, buttons, the table's background, money as
shown, the seats' slots (a part of ``arcade.games.grass.table``; the scene is ``scene.Table``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import pygame

from arcade.core.i18n import N_, _, format_compact, format_money, format_percent, ngettext, on_change
from arcade.games.grass import ANY, CARDS
from arcade.games.grass.cards import HEAT_OF
from arcade.games.grass.terms import card_name
from arcade.client.render import fonts
from arcade.client.render import palette as pal
from arcade.client.render.fonts import draw_text, font, size_to_fit, wrap
from arcade.client.render.widgets import GOLD, W, WHITE, button_face, panel
from arcade.client.table import SeatMenu

__all__ = ["SIZES", "card_face", "card_art", "Slot", "SeatUI", "WALK_TICKS", "DEMO_HOLD"]

SIZES = {"L": (96, 134), "M": (72, 100), "S": (60, 90)}
"""Card sizes in logical pixels: L the hand, M the bottom player's pile and Stash (and everyone's, for a spectator of
up to 4 players), S the other players' and the trade panels."""
COVER_DROP = 0.46
"""A protection card lies this fraction of a card's height below the peddle it covers (their corner stays seen)."""

GROUP_STYLE = {
    "market": (pal.GRASS_GROUPS["market"], "☀"),  # Market Close: ✖ (ICONS)
    "peddle": (pal.GRASS_GROUPS["peddle"], "$"),
    "protection": (pal.GRASS_GROUPS["protection"], "☂"),
    "heat on": (pal.GRASS_GROUPS["heat on"], "⚠"),
    "heat off": (pal.GRASS_GROUPS["heat off"], "✓"),
    "pay fine": (pal.GRASS_GROUPS["heat off"], "⚖"),
    "nirvana": (pal.GRASS_GROUPS["nirvana"], "☮"),
    "paranoia": (pal.GRASS_GROUPS["paranoia"], "☠"),
    "skim": (pal.GRASS_GROUPS["skim"], "♛"),
}
ICONS = {"Market Close": "✖", "Steal Your Neighbor's Pot": "⚔", "Euphoria": "★"}
"""Icons that differ from their group's."""
"""Band colour and icon of each card group (pay fine shares the heat-off colour)."""

SUBTEXT = {
    "Market Close": (N_("ends the hand"),), "Pay Fine / Heat Off": (N_("clears any heat"),),
    "Stonehigh": (N_("extra turn"), N_("clears heat")), "Euphoria": (N_("extra turns"), N_("clears heat")),
    "Banker": (N_("{percent} of Stashes"),), "Steal Your Neighbor's Pot": (N_("largest peddle"),),
    "Market Open": (N_("opens market"),),
}
"""The small words under a card's icon (large cards), one English id a line; ``{percent}`` the Banker's share."""

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


SHORT_TITLES = {
    "Lust Conquers All": ("Lust Conq. All", "Lust"), "Search & Seizure": ("Search Seizure", "Seizure"),
    "A Breeze to Fly": ("Breeze to Fly",), "Pay Fine / Heat Off": ("Pay Fine",), "Stonehigh": ("Stone high",),
    "Utterly Wiped Out": ("Wiped Out",), "Steal Your Neighbor's Pot": ("Neighbor's Pot", "Steal Pot"),
}
"""Shorter titles tried in turn when a card's name does not fit its band in two lines (small cards)."""


def _title_lines(title: str, w: int, size: int | None = None) -> list[str]:
    """How a card ``w`` pixels wide breaks ``title`` into rows in its band (at font ``size``, bold; default its own):
    at spaces, a row at most ``w`` - 10 px unless it is one word (never cut: ``card_title`` keeps every word within
    the card)."""
    f = font(size or max(10, w // 8), True)
    rows, cur = [], ""
    for word in title.split(" "):
        if cur and f.size(cur + " " + word)[0] > w - 10:
            rows.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    rows.append(cur)
    if fonts.WATCH is not None:  # rows of a text broken to fit, not a text cut short (the language tests)
        fonts.WATCH.wrapped(title, rows)
    return rows


def _rows_needed(title: str, w: int, size: int) -> tuple[int, bool]:
    """How many rows ``title`` takes on a card ``w`` pixels wide at font ``size`` (as ``_title_lines`` breaks it),
    and whether every row fits the card (``w`` - 6 px)."""
    f = font(size, True)
    rows, cur, widest = 0, "", 0
    for word in title.split(" "):
        if cur and f.size(cur + " " + word)[0] > w - 10:
            rows, widest, cur = rows + 1, max(widest, f.size(cur)[0]), word
        else:
            cur = f"{cur} {word}" if cur else word
    return rows + 1, max(widest, f.size(cur)[0]) <= w - 6


@lru_cache(maxsize=128)
def card_title(kind: int, w: int) -> tuple[str, int]:
    """The title printed on a card of ``kind`` ``w`` pixels wide and its font size: the printed name in the
    player's language, or (English names) a shorter form that fits two lines; a name that fits no two lines
    shrinks (down to 8 px) to fit three."""
    name = card_name(kind)
    size = max(10, w // 8)
    # the printed English name, kept in French too (with the French apostrophe: "Neighbor’s")
    english = name.replace("\u2019", "'") == CARDS[kind].name
    shorter = tuple(t.replace("'", "\u2019") if "\u2019" in name else t
                    for t in SHORT_TITLES.get(CARDS[kind].name, ())) if english else ()
    for t in (name,) + shorter:
        rows, fits = _rows_needed(t, w, size)
        if rows <= 2 and fits:
            return t, size
    if shorter:
        return shorter[-1], size
    while size > 8:
        rows, fits = _rows_needed(name, w, size)
        if rows <= 3 and fits:
            break
        size -= 1
    return name, size


def _sub_lines(kind: int, w: int) -> list[str]:
    """The small words under a large card's icon: what the card does, in the player's language."""
    c = CARDS[kind]
    if c.group == "protection":
        return [_("protects")]
    if c.group == "paranoia":
        return [_("if held")]
    if c.group == "heat on":
        return [_("heat on")]
    if c.group == "heat off":
        heat = card_name(HEAT_OF[kind])
        clears = _("clears {card}").format(card=heat)
        return [clears] if font(max(9, w // 10)).size(clears)[0] <= w - 8 else [heat]
    return [_(ln).format(percent=format_percent(20)) for ln in SUBTEXT.get(c.name, ())]


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
        rows = wrap(_("their choice"), max(10, w // 7), w - 8)
        for i, row in enumerate(rows[-2:]):
            draw_text(s, row, (w // 2, h - 12 - 14 * (len(rows[-2:]) - 1 - i)), max(10, w // 7), (60, 60, 60),
                      anchor="center")
        return s.convert_alpha()
    c = CARDS[kind]
    band, icon = GROUP_STYLE[c.group]
    icon = ICONS.get(c.name, icon)
    from arcade.client.render.cards import label_card

    val = ""
    if c.group in ("peddle", "protection"):
        val = format_money(c.value)
    elif c.group == "paranoia":
        val = format_money(-c.value)
    img = label_card("", "", band, w, h, icon).copy()  # the band and icon; the words are drawn here
    title, fs = card_title(kind, w)
    for i, ln in enumerate(_title_lines(title, w, fs)[:3]):
        draw_text(img, ln, (w // 2, 6 + i * (fs + 2)), fs, (255, 255, 255), bold=True, anchor="midtop")
    if val:
        draw_text(img, val, (w // 2, h - 8), size_to_fit(val, w - 6, max(11, w // 7), bold=True, smallest=8),
                  (30, 30, 30), bold=True, anchor="midbottom")
    sub = _sub_lines(kind, w) if size == "L" else []
    ss = size_to_fit(sub, w - 6, max(9, w // 10), smallest=7) if sub else 9
    for i, line in enumerate(sub):
        y = int(h * 0.78) if len(sub) == 1 else int(h * 0.74) + i * 12
        draw_text(img, line, (w // 2, y), ss, (70, 70, 70), anchor="center")
    if c.group == "peddle":
        corner = format_compact(c.value)
        draw_text(img, corner, (5, int(h * 0.3) + 4), size_to_fit(corner, w // 2, 13 if size == "L" else 11,
                                                                   bold=True, smallest=8), (20, 90, 30), bold=True)
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
    label = _("Trade")
    draw_text(s, label, (w // 2, 86), size_to_fit(label, w - 8, 20, bold=True, smallest=12), GOLD, bold=True,
              anchor="center")
    left_ = ngettext("{n} left", "{n} left", left).format(n=left)
    draw_text(s, left_, (w // 2, 110), size_to_fit(left_, w - 8, 16, smallest=12), WHITE, anchor="center")
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

OP_LABELS = {"offer": N_("Offer a card from your hand"), "ask": N_("Ask for a card"), "offer_peddle":
             N_("Offer peddle from your Stash"), "ask_peddle": N_("Ask for peddle from their Stash")}
"""The trade dialog's lists (English ids, translated where shown)."""


@on_change
def _forget_words(_code: str) -> None:
    """A language switch: the cards, their titles and the Trade button are drawn again with the new words."""
    card_face.cache_clear()
    card_title.cache_clear()
    trade_button.cache_clear()


def card_art(ref: str) -> pygame.Surface | None:
    """A card for the rules page, by its printed name ("Bust", "Panama"); None for an unknown name."""
    for kind, c in enumerate(CARDS):
        if c.name.lower() == ref.replace("_", " ").lower():
            return card_face(kind)
    return None
