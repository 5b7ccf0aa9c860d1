"""Grisbi card faces, backs and Location chips, drawn with pygame.draw primitives and cached.

Every surface is built once per (card, size) by an ``lru_cache``; nothing is drawn or scaled afresh each frame.
Icons are drawn three times larger and smooth-scaled down (anti-aliasing), also cached per (object, size).

A face (rules/grisbi.md, "Components"):

- the main object large in the middle with its name in words; the same object small in the top-left corner with the
  card's points under it (the *index*, what stays visible when cards overlap in a hand or in the fanned pile);
- two police hooks at the top in blue frames, two robber hooks at the bottom in grey frames;
- points as diamonds (Robbers' cards) or sheriff stars (Police cards);
- a Deny card: a pink body, the main object crossed by a red "no" ring and the word DENY;
- a Stop card: a big red octagon with STOP and the two objects, no hooks;
- a Location card: its name in large letters, a small picture of the place, hooks only.

Three layouts: ``full`` (width >= 120, the big top card of the pile), ``hand`` (width 64-119: hands and the cards
beside the top card; hooks as large as the width allows — two boxes of 34 % of the width in a row, icons 18 px on a
72 px card — the main object large at the left with the points above it as a number and one pip, what shows when
hand cards overlap) and ``compact`` (the reveal rows; points as a number too when pips would be under 10 px).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from arcade.core.i18n import _, on_change
from arcade.games.grisbi import CARDS
from arcade.client.render import palette as pal
from arcade.client.render.fonts import font, text, wrap
from arcade.client.render.memo import DerivedPictures

__all__ = ["OBJECT_COLOURS", "TEAM_COLOURS", "TEAM_INK", "icon", "pip", "card_face", "card_back", "location_chip",
           "rotated", "scaled", "dimmer", "outline", "PILE_SIZE", "HAND_SIZE", "FAN_SIZE", "ROW_SIZE", "ROW_SMALL_SIZE",
           "BACK_SMALL"]

PILE_SIZE = (180, 252)
"""The top card of the pile, large in the middle (2.5 times ``FAN_SIZE``; hook boxes 54 px, icons 44 px)."""
HAND_SIZE = (72, 100)
"""Hand cards (hook boxes 24 px, icons 18 px at 1280×720)."""
FAN_SIZE = HAND_SIZE
"""The few cards under the top card, beside it."""
ROW_SIZE = (56, 78)
ROW_SMALL_SIZE = (42, 59)
BACK_SMALL = (38, 53)

OBJECT_COLOURS = pal.GRISBI_OBJECTS
"""A colour per object, so that matching is colour and shape at once."""

TEAM_COLOURS = {"robbers": pal.ROBBERS_TEXT, "police": pal.POLICE_TEXT}
"""Team colours of labels on the felt (Robbers orange, Police blue)."""
TEAM_INK = {"robbers": pal.ROBBERS_INK, "police": pal.POLICE_INK, None: pal.LOCATION_INK}
"""Card frame colours: Robbers charcoal, Police blue, Locations gold."""

CREAM = (250, 246, 236)
PINK = (252, 226, 222)
BLUE_FRAME, BLUE_FILL = (40, 100, 225), (226, 236, 255)
GREY_FRAME, GREY_FILL = (118, 118, 126), (228, 228, 230)
DARK = (30, 30, 36)
RED = (205, 30, 35)


# --- icons ----------------------------------------------------------------------------------------------------------


def _shade(c: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, int(v * k))) for v in c)  # type: ignore[return-value]


class _Pen:
    """Draws in a 96×96 design box onto a surface ``k`` times larger."""

    def __init__(self, s: pygame.Surface, k: float) -> None:
        self.s, self.k = s, k

    def p(self, x: float, y: float) -> tuple[int, int]:
        return int(x * self.k), int(y * self.k)

    def poly(self, col, pts, width: int = 0) -> None:
        pygame.draw.polygon(self.s, col, [self.p(x, y) for x, y in pts], int(width * self.k))

    def rect(self, col, x, y, w, h, width: int = 0, radius: int = 0) -> None:
        pygame.draw.rect(self.s, col, (*self.p(x, y), int(w * self.k), int(h * self.k)), int(width * self.k),
                         border_radius=int(radius * self.k))

    def circle(self, col, x, y, r, width: float = 0) -> None:
        pygame.draw.circle(self.s, col, self.p(x, y), int(r * self.k), int(width * self.k))

    def ellipse(self, col, x, y, w, h, width: float = 0) -> None:
        pygame.draw.ellipse(self.s, col, (*self.p(x, y), int(w * self.k), int(h * self.k)), int(width * self.k))

    def line(self, col, a, b, width: float) -> None:
        pygame.draw.line(self.s, col, self.p(*a), self.p(*b), max(1, int(width * self.k)))

    def lines(self, col, pts, width: float) -> None:
        pygame.draw.lines(self.s, col, False, [self.p(x, y) for x, y in pts], max(1, int(width * self.k)))


def _handcuffs(d: _Pen, c) -> None:
    o = _shade(c, 0.45)
    for cx in (28, 68):
        d.circle(o, cx, 62, 22)
        d.circle(c, cx, 62, 20)
        d.circle((0, 0, 0, 0), cx, 62, 12)
        d.rect(o, cx - 10, 30, 20, 16, radius=3)
        d.rect(c, cx - 8, 32, 16, 12, radius=2)
    for x in (38, 48, 58):  # chain
        d.ellipse(o, x - 6, 33, 12, 8, width=3)


def _police_car(d: _Pen, c) -> None:
    o = _shade(c, 0.5)
    d.rect((225, 40, 40), 36, 16, 12, 9, radius=2)
    d.rect((40, 110, 255), 48, 16, 12, 9, radius=2)
    d.poly(o, [(20, 46), (30, 24), (68, 24), (80, 46)])
    d.poly((235, 240, 250), [(24, 45), (32, 28), (66, 28), (75, 45)])
    d.line(o, (49, 26), (49, 46), 3)
    d.rect(o, 4, 42, 88, 32, radius=10)
    d.rect(c, 6, 44, 84, 28, radius=9)
    d.rect((245, 245, 250), 6, 54, 84, 7)
    d.rect((255, 230, 120), 80, 48, 9, 6, radius=2)
    for x in (26, 70):
        d.circle((25, 25, 28), x, 74, 11)
        d.circle((170, 170, 178), x, 74, 5)


def _dog(d: _Pen, c) -> None:
    dark, light = _shade(c, 0.55), _shade(c, 1.45)
    d.poly(dark, [(16, 22), (34, 18), (30, 62), (12, 56)])  # ears
    d.poly(dark, [(80, 22), (62, 18), (66, 62), (84, 56)])
    d.circle(c, 48, 48, 27)
    d.ellipse(light, 30, 52, 36, 30)  # muzzle
    d.circle((20, 20, 22), 48, 60, 7)  # nose
    d.line((20, 20, 22), (48, 66), (48, 74), 3)
    d.circle((20, 20, 22), 38, 42, 4.5)
    d.circle((20, 20, 22), 58, 42, 4.5)
    d.rect((200, 40, 40), 30, 80, 36, 8, radius=4)  # collar
    d.circle((240, 200, 60), 48, 88, 5)


def _camera(d: _Pen, c) -> None:
    o = _shade(c, 0.5)
    d.rect(o, 78, 30, 12, 50, radius=3)  # wall plate
    d.line(o, (84, 54), (62, 50), 7)  # arm
    d.poly(o, [(8, 26), (66, 36), (62, 62), (4, 52)])
    d.poly(c, [(10, 29), (63, 38), (60, 59), (7, 49)])
    d.circle((25, 25, 30), 10, 40, 11)  # lens
    d.circle((120, 200, 230), 10, 40, 6)
    d.circle((230, 30, 30), 52, 44, 3.5)  # recording light


def _pincers(d: _Pen, c) -> None:
    steel, steel_d = (170, 176, 186), (90, 95, 105)
    d.poly(steel_d, [(44, 50), (26, 6), (40, 4), (54, 48)])
    d.poly(steel_d, [(52, 50), (70, 6), (56, 4), (42, 48)])
    d.poly(steel, [(45, 48), (29, 8), (38, 7), (52, 47)])
    d.poly(steel, [(51, 48), (67, 8), (58, 7), (44, 47)])
    d.line(_shade(c, 0.6), (44, 52), (16, 90), 13)
    d.line(_shade(c, 0.6), (52, 52), (80, 90), 13)
    d.line(c, (44, 52), (16, 90), 9)
    d.line(c, (52, 52), (80, 90), 9)
    d.circle(steel_d, 48, 50, 8)
    d.circle(steel, 48, 50, 4)


def _keys(d: _Pen, c) -> None:
    o = _shade(c, 0.55)
    d.circle(o, 26, 36, 22)
    d.circle(c, 26, 36, 19)
    d.circle((0, 0, 0, 0), 26, 36, 9)
    d.rect(o, 42, 30, 50, 13, radius=3)
    d.rect(c, 44, 32, 46, 9, radius=2)
    for x, h in ((62, 14), (72, 20), (82, 12)):
        d.rect(o, x, 40, 9, h)
        d.rect(c, x + 1.5, 40, 6, h - 2)
    d.circle(o, 26, 36, 3)


def _gun(d: _Pen, c) -> None:
    o = _shade(c, 0.45)
    grip = (120, 72, 40)
    d.rect(o, 4, 24, 84, 22, radius=4)
    d.rect(c, 6, 26, 80, 18, radius=3)
    d.rect(o, 4, 20, 8, 6)  # front sight
    d.poly(_shade(grip, 0.6), [(56, 42), (84, 42), (90, 90), (62, 90)])
    d.poly(grip, [(59, 44), (82, 44), (87, 87), (65, 87)])
    d.lines(o, [(58, 46), (50, 62), (38, 62), (40, 46)], 4)  # trigger guard
    d.line(o, (48, 46), (46, 58), 4)


def _dynamite(d: _Pen, c) -> None:
    o = _shade(c, 0.55)
    for x, y in ((18, 40), (38, 34), (58, 40)):
        d.rect(o, x, y, 20, 54, radius=5)
        d.rect(c, x + 2, y + 2, 16, 50, radius=4)
        d.rect(_shade(c, 1.3), x + 5, y + 4, 4, 44, radius=2)
    d.rect((40, 40, 40), 14, 62, 68, 8, radius=2)  # tape
    d.lines((60, 50, 40), [(48, 34), (50, 22), (58, 14), (66, 12)], 3)
    d.poly((255, 200, 40), [(70, 2), (73, 9), (80, 8), (75, 13), (80, 20), (72, 17), (68, 24), (67, 16),
                            (60, 14), (66, 10)])
    d.circle((255, 250, 200), 70, 12, 3)


_DRAW = {"handcuffs": _handcuffs, "police car": _police_car, "dog": _dog, "security camera": _camera,
         "pincers": _pincers, "keys": _keys, "gun": _gun, "dynamite": _dynamite}


@lru_cache(maxsize=256)
def icon(obj: str, size: int) -> pygame.Surface:
    """The picture of an object (``OBJECT_COLOURS`` names), ``size``×``size`` pixels, transparent background."""
    big = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
    _DRAW[obj](_Pen(big, size * 3 / 96), OBJECT_COLOURS[obj])
    return pygame.transform.smoothscale(big, (size, size)).convert_alpha()


@lru_cache(maxsize=64)
def pip(team: str, size: int) -> pygame.Surface:
    """One point: a diamond (Robbers) or a sheriff star (Police), ``size`` pixels."""
    big = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
    d = _Pen(big, size * 3 / 96)
    if team == "robbers":
        d.poly((20, 90, 130), [(20, 34), (34, 14), (62, 14), (76, 34), (48, 86)])
        d.poly((90, 210, 240), [(25, 34), (37, 18), (59, 18), (71, 34), (48, 79)])
        d.poly((200, 245, 255), [(37, 18), (48, 34), (59, 18)])
        d.line((20, 90, 130), (25, 34), (71, 34), 3)
    else:
        import math

        pts = []
        for i in range(12):
            r = 46 if i % 2 == 0 else 24
            a = math.pi / 6 * i - math.pi / 2
            pts.append((48 + r * math.cos(a), 50 + r * math.sin(a)))
        d.poly((140, 100, 10), pts)
        inner = [(48 + (x - 48) * 0.84, 50 + (y - 50) * 0.84) for x, y in pts]
        d.poly((245, 200, 50), inner)
        for x, y in pts[::2]:
            d.circle((245, 200, 50), 48 + (x - 48) * 0.92, 50 + (y - 50) * 0.92, 6)
        d.circle((140, 100, 10), 48, 50, 10, width=3)
    return pygame.transform.smoothscale(big, (size, size)).convert_alpha()


@lru_cache(maxsize=32)
def _no_ring(size: int) -> pygame.Surface:
    big = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
    d = _Pen(big, size * 3 / 96)
    d.circle((*RED, 235), 48, 48, 46, width=9)
    d.line((*RED, 235), (16, 16), (80, 80), 9)
    return pygame.transform.smoothscale(big, (size, size)).convert_alpha()


@lru_cache(maxsize=32)
def _octagon(size: int, label: bool = True) -> pygame.Surface:
    import math

    big = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
    d = _Pen(big, size * 3 / 96)
    pts = [(48 + 47 * math.cos(math.pi / 8 + i * math.pi / 4), 48 + 47 * math.sin(math.pi / 8 + i * math.pi / 4))
           for i in range(8)]
    d.poly((255, 255, 255), pts)
    d.poly(RED, [(48 + (x - 48) * 0.88, 48 + (y - 48) * 0.88) for x, y in pts])
    s = pygame.transform.smoothscale(big, (size, size))
    if label:
        word = _("STOP")
        fs = max(8, int(size * 0.3))
        while fs > 7 and font(fs, True).size(word)[0] > size * 0.8:
            fs -= 1
        t = text(word, fs, (255, 255, 255), True)
        s.blit(t, t.get_rect(center=(size // 2, size // 2 + 1)))
    return s.convert_alpha()


def _place_picture(name: str, size: int) -> pygame.Surface:
    """A small picture of a Location: columns (Bank, Museum), a gem (Jewellery), a die (Casino), a truck."""
    big = pygame.Surface((size * 3, size * 3), pygame.SRCALPHA)
    d = _Pen(big, size * 3 / 96)
    ink, fill = (110, 80, 20), (235, 205, 120)
    if name in ("Bank", "Museum"):
        d.poly(ink, [(6, 34), (48, 8), (90, 34)])
        d.poly(fill, [(14, 31), (48, 13), (82, 31)])
        d.rect(ink, 8, 34, 80, 8)
        for x in (16, 34, 52, 70):
            d.rect(fill if name == "Bank" else (230, 230, 235), x, 44, 10, 36)
            d.rect(ink, x, 44, 10, 36, width=2)
        d.rect(ink, 4, 82, 88, 10)
        if name == "Bank":
            d.circle(ink, 48, 24, 5)
    elif name == "Jewellery":
        d.circle(ink, 48, 60, 28, width=7)
        d.poly((60, 140, 200), [(30, 22), (40, 8), (56, 8), (66, 22), (48, 44)])
        d.poly((170, 225, 250), [(36, 22), (43, 12), (53, 12), (60, 22), (48, 38)])
    elif name == "Casino":
        d.rect(ink, 12, 12, 72, 72, radius=12)
        d.rect((250, 250, 245), 16, 16, 64, 64, radius=10)
        for x, y in ((32, 32), (64, 32), (48, 48), (32, 64), (64, 64)):
            d.circle((190, 30, 30), x, y, 7)
    else:  # Armoured Truck
        d.rect(ink, 4, 24, 60, 50, radius=4)
        d.rect((120, 130, 120), 7, 27, 54, 44, radius=3)
        d.rect(ink, 62, 40, 30, 34, radius=5)
        d.rect((170, 210, 230), 68, 44, 18, 12, radius=2)
        d.rect((240, 200, 60), 22, 40, 24, 14, radius=2)
        for x in (20, 76):
            d.circle((25, 25, 28), x, 78, 11)
            d.circle((170, 170, 178), x, 78, 4)
    return pygame.transform.smoothscale(big, (size, size)).convert_alpha()


# --- faces ----------------------------------------------------------------------------------------------------------


def _hook(s: pygame.Surface, obj: str, x: int, y: int, size: int, police: bool) -> None:
    frame, fill = (BLUE_FRAME, BLUE_FILL) if police else (GREY_FRAME, GREY_FILL)
    bw = max(2, size // 12)
    r = pygame.Rect(x, y, size, size)
    pygame.draw.rect(s, fill, r, border_radius=max(2, size // 6))
    pygame.draw.rect(s, frame, r, width=bw, border_radius=max(2, size // 6))
    ic = icon(obj, size - 2 * bw - 2)
    s.blit(ic, ic.get_rect(center=r.center))


def _blit_text(s: pygame.Surface, msg: str, pos: tuple[int, int], size: int, col, bold: bool = True,
               anchor: str = "center", max_w: int | None = None) -> None:
    while max_w and size > 7 and font(size, bold).size(msg)[0] > max_w:
        size -= 1
    img = text(msg, size, col, bold)
    s.blit(img, img.get_rect(**{anchor: pos}))


def _first_word(name: str, size: int) -> str:
    """A Location's first word in capitals, for a small card ("ARMOURED", "FOURGON"): the name broken at its spaces
    into rows (``wrap``, each row one word), the first row kept."""
    words = _(name).upper()
    return wrap(words, size, max(font(size, True).size(word)[0] for word in words.split(" ")), bold=True)[0]


def _base(w: int, h: int, ink, body) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(4, w // 11)
    pygame.draw.rect(s, ink, s.get_rect(), border_radius=rad)
    bw = max(3, w // 26)
    pygame.draw.rect(s, body, s.get_rect().inflate(-2 * bw, -2 * bw), border_radius=max(2, rad - bw))
    return s


def _index(s: pygame.Surface, card, x: int, y: int, size: int) -> int:
    """The corner index: the main object (or a Stop octagon, a Location picture) and the points; returns its
    bottom."""
    if card.kind == "stop":
        s.blit(_octagon(size), (x, y))
        return y + size
    if card.kind == "location":
        s.blit(_place_picture(card.name, size), (x, y))
        return y + size
    s.blit(icon(card.main, size), (x, y))
    if card.kind == "deny":
        s.blit(_no_ring(size), (x, y))
        return y + size
    ps = max(7, size * 5 // 12)
    if ps < POINTS_PIP_MIN:  # too small to count pips at a glance: the number and one pip
        return _points_mark(s, card, x + size // 2, y + size + 1, size)
    for k in range(card.points):
        s.blit(pip(card.team, ps), (x + size // 2 - ps // 2, y + size + 1 + k * (ps - 1)))
    return y + size + card.points * (ps - 1)


POINTS_PIP_MIN = 10
"""Pips smaller than this (px, at 1280×720) are not counted at a glance, least of all in a window scaled down: a
card that small shows its points as a number (``_points_mark``)."""
POINTS_INK = {"robbers": (18, 84, 124), "police": (128, 88, 0)}
"""The points' number in the colour of the team's pips (a Robbers diamond, a Police star), dark enough on cream."""


def _points_mark(s: pygame.Surface, card, cx: int, y: int, width: int) -> int:
    """A card's points as a bold number with one pip beside or under it, centred on ``cx`` from ``y`` down, in
    ``width`` px; returns its bottom. The digit is at least 13 px high at 1280×720 (10 px in a window scaled to
    0.75), the pip at least 8 px."""
    size = max(17, width * 4 // 5)
    digit = text(str(card.points), size, POINTS_INK[card.team], True)
    ps = max(8, size // 2)
    if digit.get_width() + ps <= width:  # side by side
        left = cx - (digit.get_width() + ps) // 2
        s.blit(digit, (left, y))
        s.blit(pip(card.team, ps), (left + digit.get_width(), y + digit.get_height() // 2 - ps // 2))
        return y + digit.get_height()
    s.blit(digit, digit.get_rect(midtop=(cx, y - 2)))
    s.blit(pip(card.team, ps), (cx - ps // 2, y - 2 + digit.get_height() - 3))
    return y - 2 + digit.get_height() - 3 + ps


def _full(card, w: int, h: int) -> pygame.Surface:
    ink = TEAM_INK[card.team]
    body = PINK if card.kind == "deny" else (245, 234, 205) if card.kind == "location" else CREAM
    s = _base(w, h, ink, body)
    m = max(6, w // 22)  # margin inside the frame
    hook = w * 30 // 100
    idx = w * 21 // 100
    main = w * 46 // 100
    if card.kind == "stop":
        ph = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        pygame.draw.rect(s, (255, 236, 232), ph, border_radius=8)
        oc = _octagon(int(w * 0.66), label=False)
        s.blit(oc, oc.get_rect(center=(w // 2, h // 2)))
        _blit_text(s, _("STOP"), (w // 2, h // 2), int(w * 0.2), (255, 255, 255), max_w=int(w * 0.56))
        a, b = card.objects
        for obj, cy in ((a, m + hook // 2 + 4), (b, h - m - hook // 2 - 4)):
            pygame.draw.circle(s, (255, 255, 255), (w // 2, cy), hook // 2 + 4)
            pygame.draw.circle(s, ink, (w // 2, cy), hook // 2 + 4, 2)
            ic = icon(obj, hook - 2)
            s.blit(ic, ic.get_rect(center=(w // 2, cy)))
        _blit_text(s, _(a).upper(), (m + 2, m + 2), max(9, w // 16), ink, anchor="topleft",
                   max_w=w // 2 - hook // 2 - m)
        _blit_text(s, _(b).upper(), (w - m - 2, h - m - 2), max(9, w // 16), ink, anchor="bottomright",
                   max_w=w // 2 - hook // 2 - m)
        return s.convert_alpha()
    # hooks: police (blue) top right, robbers (grey) bottom left
    gap = max(3, w // 40)
    for k, obj in enumerate(card.police_hooks):
        _hook(s, obj, w - m - 2 * hook - gap + k * (hook + gap), m, hook, True)
    for k, obj in enumerate(card.robber_hooks):
        _hook(s, obj, m + k * (hook + gap), h - m - hook, hook, False)
    mid_top, mid_bot = m + hook + 4, h - m - hook - 4
    if card.kind == "location":
        words = _(card.name).upper().split()[:2]
        fs = max(10, w // 9)
        ps = min(main, mid_bot - mid_top - len(words) * (fs + 1) - 4)
        pic = _place_picture(card.name, ps)
        top = (mid_top + mid_bot - ps - 4 - len(words) * (fs + 1)) // 2
        s.blit(pic, (w // 2 - ps // 2, top))
        y = top + ps + 4
        for word in words:
            _blit_text(s, word, (w // 2, y), fs, (110, 70, 10), anchor="midtop", max_w=w - 2 * m)
            y += fs + 1
        _index(s, card, m, m, idx)
        return s.convert_alpha()
    # corner index (top left) and the same rotated (bottom right)
    ix = pygame.Surface((idx + 2, idx + 3 * idx // 2), pygame.SRCALPHA)
    _index(ix, card, 1, 0, idx)
    s.blit(ix, (m, m))
    s.blit(pygame.transform.rotate(ix, 180), (w - m - ix.get_width(), h - m - ix.get_height()))
    cy = (mid_top + mid_bot) // 2 - h // 20
    ic = icon(card.main, main)
    s.blit(ic, ic.get_rect(center=(w // 2, cy)))
    word_y = cy + main // 2 + 2
    if card.kind == "deny":
        ring = _no_ring(main + 6)
        s.blit(ring, ring.get_rect(center=(w // 2, cy)))
        band = pygame.Rect(m + idx + 2, word_y, w - 2 * (m + idx + 2), h // 12)
        pygame.draw.rect(s, RED, band, border_radius=4)
        _blit_text(s, _("DENY"), band.center, h // 14, (255, 255, 255), max_w=band.w - 4)
        _blit_text(s, _(card.main), (w // 2, band.bottom + 1), max(9, w // 15), DARK, bold=False, anchor="midtop",
                   max_w=w - 2 * (m + idx))
    else:
        _blit_text(s, _(card.main).upper(), (w // 2, word_y), max(9, w // 13), DARK, anchor="midtop",
                   max_w=w - 2 * (m + idx + 2))
        ps = max(10, w // 8)
        n = card.points
        x0 = w // 2 - (n * ps + (n - 1) * 2) // 2
        for k in range(n):
            s.blit(pip(card.team, ps), (x0 + k * (ps + 2), word_y + max(9, w // 13) + 4))
    return s.convert_alpha()


def _compact(card, w: int, h: int) -> pygame.Surface:
    ink = TEAM_INK[card.team]
    body = PINK if card.kind == "deny" else (245, 234, 205) if card.kind == "location" else CREAM
    s = _base(w, h, ink, body)
    m = max(3, w // 20)
    idx = w * 38 // 100
    hook = w * 24 // 100
    gap = max(1, w // 50)
    if card.kind == "stop":
        oc = _octagon(w - 2 * m - 2)
        s.blit(oc, oc.get_rect(center=(w // 2, h // 2 + h // 20)))
        a, b = card.objects
        s.blit(icon(a, idx), (m, m))
        s.blit(icon(b, idx), (w - m - idx, m))
        return s.convert_alpha()
    for k, obj in enumerate(card.police_hooks):
        _hook(s, obj, w - m - 2 * hook - gap + k * (hook + gap), m, hook, True)
    for k, obj in enumerate(card.robber_hooks):
        _hook(s, obj, m + k * (hook + gap), h - m - hook, hook, False)
    if card.kind == "location":
        pic = _place_picture(card.name, w // 2)
        s.blit(pic, pic.get_rect(center=(w // 2, h // 2 - h // 12)))
        _blit_text(s, _first_word(card.name, max(8, w // 7)), (w // 2, h // 2 + w // 4 - h // 12 + 1), max(8, w // 7),
                   (110, 70, 10), anchor="midtop", max_w=w - 2 * m)
        return s.convert_alpha()
    _index(s, card, m, m, idx)
    main = w * 48 // 100
    cx, cy = w // 2 + w // 12, h // 2 + h // 20
    ic = icon(card.main, main)
    s.blit(ic, ic.get_rect(center=(cx, cy)))
    if card.kind == "deny":
        ring = _no_ring(main + 4)
        s.blit(ring, ring.get_rect(center=(cx, cy)))
        _blit_text(s, _("DENY"), (w - m - 1, h - m), max(7, w // 7), RED, anchor="bottomright", max_w=w - 2 * m)
    return s.convert_alpha()


def _hand(card, w: int, h: int) -> pygame.Surface:
    """Hand layout (width 64-119): police hooks across the top right, robber hooks across the bottom left, both as
    large as the width allows; the points (pips) in the top-left corner and the main object large at the left of
    the middle band."""
    if card.kind == "stop":
        return _compact(card, w, h)
    ink = TEAM_INK[card.team]
    body = PINK if card.kind == "deny" else (245, 234, 205) if card.kind == "location" else CREAM
    s = _base(w, h, ink, body)
    m = max(3, w // 24)
    hook = w * 34 // 100
    gap = 2
    for k, obj in enumerate(card.police_hooks):
        _hook(s, obj, w - m - 2 * hook - gap + k * (hook + gap), m, hook, True)
    for k, obj in enumerate(card.robber_hooks):
        _hook(s, obj, m + k * (hook + gap), h - m - hook, hook, False)
    top, bot = m + hook + 2, h - m - hook - 2
    if card.kind == "location":
        pic = _place_picture(card.name, bot - top)
        s.blit(pic, (m + 2, top))
        _blit_text(s, _first_word(card.name, max(8, w // 8)), (w - m - 2, (top + bot) // 2), max(8, w // 8),
                   (110, 70, 10),
                   anchor="midright", max_w=w - 3 * m - (bot - top))
        return s.convert_alpha()
    if card.kind == "action":  # the points in the top-left corner, left of the police hooks
        _points_mark(s, card, (m + w - m - 2 * hook - gap) // 2 + 1, m, w - 2 * m - 2 * hook - gap - 1)
    main = min(bot - top + 2, w * 58 // 100)
    cx, cy = m + 1 + main // 2, (top + bot) // 2
    ic = icon(card.main, main)
    s.blit(ic, ic.get_rect(center=(cx, cy)))
    if card.kind == "deny":
        ring = _no_ring(main + 2)
        s.blit(ring, ring.get_rect(center=(cx, cy)))
        _blit_text(s, _("DENY"), (w - m - 1, cy), max(8, w // 7), RED, anchor="midright", max_w=w - main - 2 * m - 2)
    return s.convert_alpha()


@lru_cache(maxsize=640)
def card_face(card_id: int, w: int, h: int) -> pygame.Surface:
    """The face of card ``card_id`` at ``w``×``h`` (full layout from width 120, hand layout from 64, compact
    below)."""
    card = CARDS[card_id]
    if w >= 120:
        return _full(card, w, h)
    return _hand(card, w, h) if w >= 64 else _compact(card, w, h)


@lru_cache(maxsize=32)
def card_back(team: str | None, w: int, h: int) -> pygame.Surface:
    """A team's card back (Robbers charcoal and orange, Police blue): stripes and a G in a ring."""
    col = {"robbers": (58, 60, 70), "police": (28, 62, 150)}.get(team, (120, 90, 30))
    acc = {"robbers": pal.ROBBERS, "police": pal.POLICE_TEXT}.get(team, (240, 210, 120))
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(4, w // 10)
    pygame.draw.rect(s, (240, 240, 240), s.get_rect(), border_radius=rad)
    inner = s.get_rect().inflate(-max(4, w // 14), -max(4, w // 14))
    pygame.draw.rect(s, col, inner, border_radius=max(2, rad - 2))
    stripe = tuple(min(255, c + 22) for c in col)
    step = max(5, w // 9)
    for x in range(inner.left - inner.height, inner.right, step):
        pygame.draw.line(s, stripe, (x, inner.bottom - 2), (x + inner.height, inner.top + 2), max(1, w // 40))
    pygame.draw.rect(s, (240, 240, 240), s.get_rect(), width=max(2, w // 30), border_radius=rad)
    r = min(w, h) // 4
    pygame.draw.circle(s, col, inner.center, r + 2)
    pygame.draw.circle(s, acc, inner.center, r, max(2, r // 5))
    g = text("G", max(8, int(r * 1.3)), acc, True)
    s.blit(g, g.get_rect(center=inner.center))
    return s.convert_alpha()


@lru_cache(maxsize=16)
def location_chip(card_id: int, w: int, h: int) -> pygame.Surface:
    """A won Location in a team's tally: a gold plate with the picture and the name."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (120, 88, 20), s.get_rect(), border_radius=h // 3)
    pygame.draw.rect(s, (240, 205, 110), s.get_rect().inflate(-4, -4), border_radius=h // 3 - 2)
    name = CARDS[card_id].name
    pic = _place_picture(name, h - 8)
    s.blit(pic, (6, 4))
    _blit_text(s, _(name), (h + 2 + (w - h - 4) // 2, h // 2), max(10, h // 2), (70, 45, 5), max_w=w - h - 8)
    return s.convert_alpha()


@lru_cache(maxsize=32)
def rotated(card_id: int, w: int, h: int, angle: int) -> pygame.Surface:
    """``card_face`` turned by ``angle`` degrees (a few fixed angles are used by the fanned pile)."""
    face = card_face(card_id, w, h)
    return face if angle == 0 else pygame.transform.rotozoom(face, angle, 1.0)


_scaled = DerivedPictures(48)


def scaled(img: pygame.Surface, w: int, h: int) -> pygame.Surface:
    """``img`` at ``w``×``h`` for a card in flight (the 48 most recent kept, per surface and size: a flight draws a
    new size nearly every frame, a card held at an odd scale the same one)."""
    if img.get_width() == w and img.get_height() == h:
        return img
    return _scaled.get(img, (w, h), lambda: pygame.transform.scale(img, (max(2, w), max(2, h))))


@lru_cache(maxsize=16)
def dimmer(w: int, h: int, alpha: int = 130) -> pygame.Surface:
    """A translucent dark card-shaped veil (cards of the team that is not judged, wrong cards)."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (10, 10, 14, alpha), s.get_rect(), border_radius=max(4, w // 11))
    return s


@lru_cache(maxsize=32)
def outline(w: int, h: int, colour: tuple[int, int, int], width: int = 4) -> pygame.Surface:
    """A glowing card-shaped frame (transparent inside) to draw around a ``w``×``h`` card: the assist highlight,
    the cursor, the reveal's verdicts."""
    pad = width + 3
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    rad = max(4, w // 11) + pad
    pygame.draw.rect(s, (*colour, 80), s.get_rect(), width=pad, border_radius=rad)
    pygame.draw.rect(s, (*colour, 255), s.get_rect().inflate(-4, -4), width=width, border_radius=rad - 2)
    return s


@on_change
def _forget_words(_code: str) -> None:
    """A language switch: the faces (their words: DENY, STOP, objects, Locations) are drawn again."""
    card_face.cache_clear()
    rotated.cache_clear()
    location_chip.cache_clear()
    _octagon.cache_clear()
    _scaled.clear()
