"""Cops & Robbers' table art and layout constants: card faces, role cards, coins, jail bars, the table's
background, the seats' areas, the effects in flight (a part of ``arcade.games.cops_and_robbers.table``; the scene is
``scene.Table``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import pygame

import math
from arcade.core.i18n import N_, _, on_change, pgettext
from arcade.games.cops_and_robbers import COP, DEFENCE, OFFENCE, ROBBER
from arcade.client.render.cards import card_back
from arcade.client.render import palette as pal
from arcade.client.render.fonts import draw_text, size_to_fit, wrap
from arcade.client.render.widgets import GOLD, WHITE, button_face, felt, panel

__all__ = ["cr_card", "role_card", "SIZES", "area_rects", "ROUND_HOLD", "OWN_BOX", "card_art", "Flight", "Effects"]

SIZES = {"L": (96, 134), "M": (56, 78), "S": (46, 64), "X": (30, 42)}
"""Card sizes: L the hand, M the offence in front of a target and the jail, S shields and the discard pile, X the
other players' hands (backs)."""
ROLE_COLOURS = {COP: pal.POLICE, ROBBER: pal.ROBBERS}
ROLE_NAMES = {COP: N_("Cop"), ROBBER: N_("Robber")}
"""A role's name (English ids: ``_(ROLE_NAMES[role])`` where shown)."""
ROLE_TEXT = {COP: pal.POLICE_TEXT, ROBBER: pal.ROBBERS_TEXT}
"""A role's colour for small text on the felt (lighter blue: WCAG AA 4.5:1 there)."""
AREA = (340, 232)
OWN_BOX = pygame.Rect(360, 398, 560, 136)
HAND_Y = 612
CENTRE = pygame.Rect(360, 280, 560, 112)
DRAW_POS = (CENTRE.x + 38, CENTRE.centery - 8)
DISCARD_POS = (CENTRE.x + 142, CENTRE.centery - 8)
"""The draw and discard piles' centres; their counts go under them (two rows each if the words run long)."""
CENTRE_TEXT_X = CENTRE.x + 196
"""The teams' coins and the log of the centre start here, right of the piles' counts (px)."""
ROUND_HOLD = 300
"""Ticks the scores of a finished round stay up before the next round is played (A skips)."""
COIN_GAP = 6
COIN_FLIGHT = 26
BURST_TICKS = 36


# --- cached sprites --------------------------------------------------------------------------------------------------


def _star(cx: float, cy: float, r: float, points: int = 12, inner: float = 0.55) -> list[tuple[float, float]]:
    out = []
    for k in range(points * 2):
        a = k * math.pi / points - math.pi / 2
        rr = r if k % 2 == 0 else r * inner
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _shield(cx: float, cy: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy), (cx, cy + h / 2),
            (cx - w / 2, cy)]


@lru_cache(maxsize=64)
def cr_card(kind: str, value: int, size: str = "L") -> pygame.Surface:
    """The face of an Offence (explosion, red) or Defence (shield, blue) card of ``value`` at a size of SIZES."""
    w, h = SIZES[size]
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(4, w // 10)
    offence = kind == OFFENCE
    pygame.draw.rect(s, (252, 246, 236), s.get_rect(), border_radius=rad)
    band = pal.OFFENCE if offence else pal.DEFENCE
    pygame.draw.rect(s, band, s.get_rect(), width=max(3, w // 16), border_radius=rad)
    cx, cy = w / 2, h * 0.5
    if offence:
        pygame.draw.polygon(s, (245, 150, 30), _star(cx, cy, w * 0.42))
        pygame.draw.polygon(s, (250, 220, 70), _star(cx, cy, w * 0.27, 10, 0.6))
    else:
        pygame.draw.polygon(s, (70, 130, 220), _shield(cx, cy, w * 0.62, h * 0.52))
        pygame.draw.polygon(s, (190, 215, 250), _shield(cx, cy, w * 0.62, h * 0.52), width=max(2, w // 24))
    draw_text(s, str(value), (cx, cy + 1), int(h * 0.3), (20, 20, 20) if offence else WHITE, bold=True,
              anchor="center")
    if w >= 50:
        label = _("OFFENCE") if offence else _("DEFENCE")
        draw_text(s, label, (cx, h * 0.13), size_to_fit(label, w - 8, max(9, w // 9), bold=True, smallest=7), band,
                  bold=True, anchor="center")
        draw_text(s, str(value), (7, h - 6), max(11, w // 6), band, bold=True, anchor="bottomleft")
    else:
        draw_text(s, str(value), (5, 2), 12, band, bold=True)
    return s.convert_alpha()


@lru_cache(maxsize=8)
def role_card(role: str, w: int = 56, h: int = 78) -> pygame.Surface:
    """A Cop (blue, star badge) or Robber (orange, mask) role card."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    col = ROLE_COLOURS[role]
    pygame.draw.rect(s, (252, 246, 236), s.get_rect(), border_radius=7)
    pygame.draw.rect(s, col, (3, 3, w - 6, h * 0.3), border_radius=5)
    pygame.draw.rect(s, col, s.get_rect(), width=3, border_radius=7)
    name = _(ROLE_NAMES[role]).upper()
    draw_text(s, name, (w / 2, h * 0.17), size_to_fit(name, w - 8, max(9, w // 6), bold=True, smallest=7), WHITE,
              bold=True, anchor="center")
    cx, cy = w / 2, h * 0.64
    if role == COP:
        pygame.draw.polygon(s, (215, 170, 40), _star(cx, cy, w * 0.3, 5, 0.45))
        pygame.draw.circle(s, (60, 90, 170), (int(cx), int(cy)), max(3, w // 12))
    else:
        mask = pygame.Rect(0, 0, w * 0.7, h * 0.22)
        mask.center = (int(cx), int(cy))
        pygame.draw.ellipse(s, (25, 25, 30), mask)
        for dx in (-0.16, 0.16):
            eye = pygame.Rect(0, 0, w * 0.16, h * 0.08)
            eye.center = (int(cx + dx * w), int(cy))
            pygame.draw.ellipse(s, (252, 246, 236), eye)
    return s.convert_alpha()


@lru_cache(maxsize=2)
def coin() -> pygame.Surface:
    s = pygame.Surface((26, 12), pygame.SRCALPHA)
    pygame.draw.ellipse(s, (150, 105, 20), s.get_rect())
    pygame.draw.ellipse(s, (245, 200, 70), (0, 0, 26, 10))
    pygame.draw.ellipse(s, (200, 150, 40), (5, 2, 16, 6), width=1)
    return s.convert_alpha()


@lru_cache(maxsize=2)
def big_coin() -> pygame.Surface:
    """A coin in flight (bigger than the stacked ones: it is closer to the eye), with a glint."""
    s = pygame.Surface((36, 36), pygame.SRCALPHA)
    pygame.draw.circle(s, (255, 240, 160, 90), (18, 18), 18)
    pygame.draw.ellipse(s, (150, 105, 20), (3, 10, 30, 16))
    pygame.draw.ellipse(s, (250, 205, 70), (3, 9, 30, 14))
    pygame.draw.ellipse(s, (205, 155, 40), (9, 12, 18, 8), width=2)
    return s.convert_alpha()


@lru_cache(maxsize=64)
def coin_stack(n: int) -> pygame.Surface:
    """Up to 20 coins in two columns of 10 (more are counted, not drawn). Anchor: bottom left."""
    s = pygame.Surface((52, 60), pygame.SRCALPHA)
    c = coin()
    shown = min(n, 20)
    for i in range(shown):
        col, row = divmod(i, 10)
        s.blit(c, (col * 24, 60 - 12 - row * 4))
    return s


@lru_cache(maxsize=16)
def jail_bars(w: int, h: int, step: int = 12) -> pygame.Surface:
    """Jail bars over an area w×h; ``step`` 0..12 of the drop (12: down)."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((0, 0, 0, 50))
    drop = int(h * (1 - step / 12))
    for x in range(16, w, 34):
        pygame.draw.rect(s, (55, 58, 66, 235), (x, -drop, 7, h))
        pygame.draw.line(s, (150, 155, 170, 235), (x + 2, -drop), (x + 2, h - drop), 2)
    for y in (6, h - 14):
        pygame.draw.rect(s, (55, 58, 66, 235), (0, y - drop, w, 8))
    return s


@lru_cache(maxsize=2)  # 3.5 MB each (the whole picture), one a match's layout
def background(rects: tuple[tuple[tuple[int, int, int, int], tuple[int, int, int]], ...]) -> pygame.Surface:
    """The felt with the seat areas (rect, role colour) and the centre's places drawn once."""
    s = felt().copy()
    for r, col in rects:
        panel(s, r, 150)
        pygame.draw.rect(s, col, r, width=2, border_radius=14)
    panel(s, CENTRE, 110)
    for pos in (DRAW_POS, DISCARD_POS):
        rr = pygame.Rect(0, 0, SIZES["S"][0] + 6, SIZES["S"][1] + 6)
        rr.center = pos
        pygame.draw.rect(s, (40, 120, 80), rr, width=2, border_radius=8)
    return s.convert()


def area_rects(players: int, bottom: int, spectator: bool, order: tuple[int, ...] | None = None
               ) -> dict[int, pygame.Rect]:
    """Each seat's area, clockwise from ``bottom`` (the viewer, or seat 0 for a spectator) along the round's seating
    ``order`` (default: seat numbers): the viewer's is ``OWN_BOX`` (their hand is the row under it); a spectator sees
    the bottom seat as a compact area too."""
    order = tuple(order) if order is not None else tuple(range(players))
    w, h = AREA
    if players == 4:
        places = [(10, 150), (470, 40), (930, 150)]
    else:
        places = [(10, 292), (10, 52), (470, 40), (930, 52), (930, 292)]
    out = {bottom: pygame.Rect(470, 392, w, h) if spectator else OWN_BOX.copy()}
    at = order.index(bottom)
    for k, (x, y) in enumerate(places):
        out[order[(at + 1 + k) % players]] = pygame.Rect(x, y, w, h)
    return out


@dataclass
class Flight:
    """Coins flying from one seat to another: ``n`` coins, the first leaving at tick ``start`` of the effects."""

    src: int
    dst: int
    n: int
    start: int


@dataclass
class Effects:
    """What plays after a transition: coin ``flights``, a ``burst`` (seat, tick) and jail bars dropping; ``t`` ticks
    since it began, ``total`` its length; ``coins_before`` the coins shown before the flights."""

    flights: list[Flight] = field(default_factory=list)
    bursts: list[tuple[int, int]] = field(default_factory=list)
    jailed: list[int] = field(default_factory=list)
    coins_before: tuple[int, ...] = ()
    t: int = 0
    total: int = 0

    @property
    def busy(self) -> bool:
        return self.t < self.total


def own_coins(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's own coins from a round's scores (score = team coins + own coins; teams are the seat parities, so
    a team of k players scores (k + 1) × its coins in all)."""
    n = len(scores)
    team = [sum(scores[p] for p in range(n) if p % 2 == t) // (len(range(t, n, 2)) + 1) for t in (0, 1)]
    return tuple(scores[p] - team[p % 2] for p in range(n))


@lru_cache(maxsize=8)
def button(kind: str, selected: bool) -> pygame.Surface:
    """The "Draw" / "End turn" buttons after the hand."""
    w, h = SIZES["L"]
    s = button_face((w, h), selected)
    if kind == "draw":
        back = card_back(40, 56)
        s.blit(back, (w // 2 - 20, 22))
        label = pgettext("draw a card", "Draw")
        draw_text(s, label, (w // 2, 100), size_to_fit(label, w - 8, 20, bold=True, smallest=12), GOLD, bold=True,
                  anchor="center")
    else:
        draw_text(s, "⟳", (w // 2, 48), 40, GOLD, anchor="center")
        rows = wrap(_("End turn"), 20, w - 8, bold=True)
        size = size_to_fit(rows, w - 8, 20, bold=True, smallest=12)
        for k, row in enumerate(rows[:2]):
            draw_text(s, row, (w // 2, 92 + 22 * k), size, GOLD, bold=True, anchor="center")
    return s.convert_alpha()


@on_change
def _forget_words(_code: str) -> None:
    """A language switch: the cards, role cards and buttons are drawn again with the new words."""
    cr_card.cache_clear()
    role_card.cache_clear()
    button.cache_clear()


def card_art(ref: str) -> pygame.Surface:
    """A card for the rules page: "O3" (an Offence of 3) or "D2" (a Defence of 2)."""
    return cr_card(OFFENCE if ref[0] == "O" else DEFENCE, int(ref[1:]))
