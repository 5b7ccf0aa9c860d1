"""Grisbi's table layout: the seats' areas around the pile, the status strip's bands, badges and crosses, the
card art for the rules page (a part of ``arcade.games.grisbi.table``; the cards are ``cards.py``, the scene
``scene.Table``)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from arcade.core.i18n import N_, _
from arcade.games.grisbi import CARDS
from arcade.games.grisbi.cards import ACTION, DENY, KIND, MAIN, POINTS, STOP, TEAM
from arcade.games.grisbi.scoring import is_correct
from arcade.games.grisbi.table import cards as gc
from arcade.client.render.fonts import draw_text, font, size_to_fit, text
from arcade.client.render.widgets import W, panel

__all__ = ["seat_areas", "Area", "card_art"]

PW, PH = gc.PILE_SIZE
HW, HH = gc.HAND_SIZE
FW, FH = gc.FAN_SIZE
PX, PY = 700, 360            # centre of the top card of the pile
FAN = 4                      # cards shown beneath the top card, smaller, beside it on the left
FAN_STEP = 76                # from one of them to the next (the nearest first): side by side
FAN_X = PX - PW // 2 - 14 - FW // 2  # centre of the card right under the top card
FAN_ANGLES = (5, -4, 3, -6, 4, -3, 6, -5)
FAN_SCALE = FW / PW
STRIP = pygame.Rect(0, 150, W, 40)
CENTRE = pygame.Rect(0, 192, W, 336)
TOP_BAND = pygame.Rect(0, 2, W, 146)
BOTTOM_BAND = pygame.Rect(0, 532, W, 146)
SIDE_BOXES = (pygame.Rect(6, 196, 236, 160), pygame.Rect(W - 242, 196, 236, 160),
              pygame.Rect(6, 364, 236, 160), pygame.Rect(W - 242, 364, 236, 160))
DEMO_BOXES = (pygame.Rect(6, BOTTOM_BAND.y + 4, 236, BOTTOM_BAND.height - 8),
              pygame.Rect(W - 242, BOTTOM_BAND.y + 4, 236, BOTTOM_BAND.height - 8))  # beside the DEMO sign
BOT_W = 236
PLATE_H = 20                 # a human area's name plate (from 2 px below the area's top)
HAND_TOP = 30                # a human's hand: the cards' top below the area's top (clear of the plate)
SEL_LIFT = 6                 # the selected card is raised this much: still clear of the plate and of the keys line
# (a hand's cards end 16 px above the area's bottom: the key hints' plate, drawn over the cards' glow, is below them)
CHIP = (104, 28)
HAND_SCALE = HW / PW
BACK_SCALE = gc.BACK_SMALL[0] / PW
ROW_CLASSES = {"row": (gc.ROW_SIZE, 60, 20, 96), "rowsm": (gc.ROW_SMALL_SIZE, 45, 27, 64)}
"""Reveal row sizes: (card size, step, cards a row, row pitch); "rowsm" for piles of more than 40 cards."""
ROWS_MID = 396               # vertical middle of the reveal's rows
SORT_NAMES = (N_("sorted by object"), N_("sorted by points"))
"""The note a hand's sort shows, by sort mode (English ids)."""
PACE_WORDS = {"relaxed": N_("relaxed"), "standard": N_("standard"), "fast": N_("fast")}
"""The bots' pace as the table's small print says it ("standard pace"), English ids."""
START_TICKS = 36             # how long "START!" stays up
START_W = 400                # the START sign's word at most this wide (px; "START!" is 376 at 92 px): a longer
                             # word in another language gets smaller type, and the sign keeps its place on the table


def start_sign_size(word: str, size: int = 92) -> int:
    """The font size (px, bold) of the START sign's ``word``: ``size``, or less where the word runs wider than
    ``START_W``."""
    return size_to_fit(word, START_W, size, bold=True)


@dataclass(frozen=True)
class Area:
    """A seat's screen area: ``rect``, ``kind`` "hand" (a human's face-up hand) or "box" (a bot's backs)."""

    rect: pygame.Rect
    kind: str


def _band(band: pygame.Rect, humans: list[int], bots: list[int], out: dict[int, Area]) -> None:
    """Humans share what the bots (fixed-width boxes at the band's right end) leave of a band."""
    if not humans and not bots:
        return
    gap = 6
    if not humans:
        total = len(bots) * BOT_W + (len(bots) - 1) * gap
        x = band.centerx - total // 2
    else:
        free = band.width - len(bots) * (BOT_W + gap) - gap
        hw = (free - gap * (len(humans) - 1)) // len(humans)
        x = gap
        for s in humans:
            out[s] = Area(pygame.Rect(x, band.y, hw, band.height), "hand")
            x += hw + gap
    for s in bots:
        out[s] = Area(pygame.Rect(x, band.y + 4, BOT_W, band.height - 8), "box")
        x += BOT_W + gap


def seat_areas(n: int, humans: list[int], demo: bool = False) -> dict[int, Area]:
    """Where each of ``n`` seats sits on the screen. ``humans``: seats whose hands are shown face up.

    No human: half the seats at the top, the rest at the bottom (in a demo at the bottom corners, then the sides,
    clear of the DEMO sign).
    Humans: the bottom band holds the first two (or half of them from five on), the top band the others; bots fill
    the top band (up to five beside no human, two beside one), then the bottom band's end (two beside one human),
    then the four side boxes.
    """
    bots = [s for s in range(n) if s not in humans]
    out: dict[int, Area] = {}
    if not humans:
        k = min(4, (n + 1) // 2)
        _band(TOP_BAND, [], bots[:k], out)
        if demo:
            for s, r in zip(bots[k:], DEMO_BOXES + SIDE_BOXES):
                out[s] = Area(r, "box")
        else:
            _band(BOTTOM_BAND, [], bots[k:], out)
        return out
    h = len(humans)
    bh = min(h, 2) if h <= 4 else (h + 1) // 2
    bottom_h, top_h = humans[:bh], humans[bh:]
    top_cap = {0: 5, 1: 2}.get(len(top_h), 0)
    bottom_cap = 2 if len(bottom_h) == 1 else 0
    top_b, rest = bots[:top_cap], bots[top_cap:]
    bottom_b, rest = rest[:bottom_cap], rest[bottom_cap:]
    _band(TOP_BAND, top_h, top_b, out)
    _band(BOTTOM_BAND, bottom_h, bottom_b, out)
    for s, r in zip(rest, SIDE_BOXES):
        out[s] = Area(r, "box")
    return out


def _fits(card: int, top: int, team: int) -> bool:
    """Whether ``card`` would be a correct (and, for a Deny, a cancelling) play on ``top`` now."""
    kind = KIND[card]
    if kind == DENY:
        return KIND[top] == ACTION and TEAM[top] == 1 - team and MAIN[card] == MAIN[top]
    return is_correct(card, top)


def _sort_key(mode: int):
    if mode == 1:
        return lambda c: (KIND[c] == STOP, -POINTS[c], KIND[c], MAIN[c], c)
    return lambda c: (KIND[c], MAIN[c], -POINTS[c], c)


# --- small cached pictures ------------------------------------------------------------------------------------------

_backs_cache: dict[tuple[str, int], pygame.Surface] = {}


def _backs(team: str, n: int) -> pygame.Surface:
    """``n`` small card backs fanned (a bot's hand), built once per (team, n)."""
    key = (team, n)
    s = _backs_cache.get(key)
    if s is None:
        bw, bh = gc.BACK_SMALL
        s = pygame.Surface((bw + max(0, n - 1) * 11, bh), pygame.SRCALPHA)
        for i in range(n):
            s.blit(gc.card_back(team, bw, bh), (i * 11, 0))
        _backs_cache[key] = s
    return s


def _team_cards(team: str) -> str:
    """"Robbers' cards" / "Police cards" in the player's language."""
    return _("Robbers' cards") if team == "robbers" else _("Police cards")


def _team_word(team: str) -> str:
    """A team's name ("robbers" -> "Robbers") in the player's language."""
    return _("Robbers") if team == "robbers" else _("Police")


def _pace_word(pace: str) -> str:
    return _(PACE_WORDS[pace]) if pace in PACE_WORDS else pace


def _badge(surf, msg: str, center, col) -> None:
    img = text(msg, 14, (15, 15, 15), True)
    r = img.get_rect(center=center).inflate(10, 2)
    panel(surf, r, 235, col, radius=8)
    surf.blit(img, img.get_rect(center=r.center))


def _cross(surf, r: pygame.Rect, col) -> None:
    a = r.inflate(-r.width // 3, -r.height // 3)
    pygame.draw.line(surf, col, a.topleft, a.bottomright, 5)
    pygame.draw.line(surf, col, a.topright, a.bottomleft, 5)


def _fit_text(surf, msg: str, center, max_w: int, size: int, col, bold: bool = False) -> None:
    """Centred text, shrunk (never under 16 px) until it is at most ``max_w`` wide."""
    draw_text(surf, msg, center, size_to_fit(msg, max_w, size, bold), col, bold=bold, anchor="center")


def card_art(ref: str) -> pygame.Surface | None:
    """A card for the rules page: "TEAM-KIND[-POINTS]" ("robbers-action-3", "police-deny", "robbers-stop",
    "location"): the first such card of the deck; None if there is none."""
    team, _, rest = ref.partition("-")
    kind, _, points = rest.partition("-")
    for c in CARDS:
        if ref == "location" and c.kind == "location" or (c.team == team and c.kind == kind and (
                not points or c.points == int(points))):
            return gc.card_face(c.id, HW * 2, HH * 2)
    return None
