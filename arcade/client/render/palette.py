"""Every colour that carries meaning on a table, in one place, safe for colour-vision deficiency.

Teams, roles, card bands, the three grenades, the assist's fit glows, warnings, suits, Grass's card groups and
Grisbi's objects are drawn from here. The colours start from the Okabe–Ito palette (Okabe & Ito 2008, "Color
Universal Design"), lightened where a colour is text on the dark felt (WCAG AA, 4.5:1). ``GROUPS`` names the colours
that are drawn side by side and must be told apart: within each group, every pair stays at least ``MIN_DELTA_E``
apart (CIEDE2000) in normal vision and under simulated deuteranopia, protanopia and tritanopia (Machado, Oliveira &
Fernandes 2009, severity 1.0); ``tests/test_palette.py`` computes it with an independent library (ColorAide) and
prints the smallest difference per vision.

Colour is never the only cue: teams carry their name and their own shapes (Grisbi's diamond and star points, the
Robbers' hooks bottom left and the Police's top right; Cops & Robbers' mask and star cards), suits their symbol,
Grass's groups and Grisbi's objects their icon or picture, and a Stop the assist lights is a STOP card.

``simulate(rgb, vision)`` is the Machado simulation of one sRGB colour (pure Python, for ``tools/colour_vision.py``,
which applies it to every pixel of a table's picture).
"""

from __future__ import annotations

__all__ = ["OKABE_ITO", "ROBBERS", "POLICE", "ROBBERS_TEXT", "POLICE_TEXT", "ROBBERS_INK", "POLICE_INK", "LOCATION_INK", "OFFENCE", "DEFENCE",
           "GRENADES", "FIT", "FIT_STOP", "GOOD", "BAD", "NEUTRAL", "SUIT_BLACK", "SUIT_RED", "GRASS_GROUPS", "GRISBI_OBJECTS", "GROUPS",
           "MIN_DELTA_E", "VISIONS", "MACHADO", "simulate"]

RGB = tuple[int, int, int]

OKABE_ITO: dict[str, RGB] = {
    "black": (0, 0, 0), "orange": (230, 159, 0), "sky blue": (86, 180, 233), "bluish green": (0, 158, 115),
    "yellow": (240, 228, 66), "blue": (0, 114, 178), "vermillion": (213, 94, 0), "reddish purple": (204, 121, 167),
}
"""The Okabe–Ito colour-universal-design palette (8 colours, sRGB 0..255)."""

# Teams (Grisbi's Robbers and Police; Cops & Robbers' robbers and cops): labels and names on dark plates or the felt
ROBBERS: RGB = OKABE_ITO["orange"]
POLICE: RGB = OKABE_ITO["sky blue"]
# the same, lighter, for small text on the felt itself (WCAG AA there)
ROBBERS_TEXT: RGB = (250, 180, 70)
POLICE_TEXT: RGB = (140, 200, 255)
# Card frames on the cream card face (Grisbi): Robbers charcoal, Police blue, Locations gold
ROBBERS_INK: RGB = (62, 64, 74)
POLICE_INK: RGB = (0, 90, 181)
LOCATION_INK: RGB = (176, 138, 44)
# Cops & Robbers card bands on the cream face: Offence (explosion) and Defence (shield)
OFFENCE: RGB = OKABE_ITO["vermillion"]
DEFENCE: RGB = OKABE_ITO["blue"]
# Grenade's three grenades' rims: "red", "blue", "green" (``terms.GRENADE_NAMES``); each die also shows its number
GRENADES: tuple[RGB, RGB, RGB] = (OKABE_ITO["vermillion"], (40, 100, 200), (60, 190, 140))
# Grisbi's assist: a card that fits glows FIT (cyan), a Stop or Location that wins now glows FIT_STOP (gold)
FIT: RGB = (70, 200, 200)
FIT_STOP: RGB = (240, 200, 90)
# Text on the dark felt: a good figure (a total of 21, a bonus), a bad one (busted, a malus), plain
GOOD: RGB = (120, 215, 245)
BAD: RGB = (255, 150, 60)
NEUTRAL: RGB = (240, 240, 240)
# Grass's card groups: the header band of each card (white bold text on it; each group also has its icon)
GRASS_GROUPS: dict[str, RGB] = {
    "market": (3, 94, 255), "peddle": (98, 123, 87), "protection": (41, 118, 127), "heat on": (173, 0, 23),
    "heat off": (38, 141, 189), "nirvana": (125, 58, 162), "paranoia": (45, 40, 55), "skim": (163, 107, 9),
}
# Grisbi's eight objects (each also has its own picture: matching is shape and colour at once)
GRISBI_OBJECTS: dict[str, RGB] = {
    "handcuffs": (150, 160, 178), "police car": (40, 95, 205), "dog": (134, 71, 4), "security camera": (29, 148, 137),
    "pincers": (221, 113, 16), "keys": (251, 162, 22), "gun": (70, 70, 82), "dynamite": (197, 61, 63),
}
# Suits' ink on the white card face (each suit also draws its symbol ♠ ♣ ♥ ♦)
SUIT_BLACK: RGB = (25, 25, 30)
SUIT_RED: RGB = (200, 30, 40)

GROUPS: dict[str, dict[str, RGB]] = {
    "teams": {"robbers": ROBBERS, "police": POLICE},
    "team text": {"robbers": ROBBERS_TEXT, "police": POLICE_TEXT},
    "card frames": {"robbers": ROBBERS_INK, "police": POLICE_INK, "location": LOCATION_INK},
    "offence and defence": {"offence": OFFENCE, "defence": DEFENCE},
    "grenades": {"red": GRENADES[0], "blue": GRENADES[1], "green": GRENADES[2]},
    "fits": {"fits": FIT, "stop wins": FIT_STOP},
    "warnings": {"good": GOOD, "bad": BAD, "plain": NEUTRAL},
    "suits": {"black": SUIT_BLACK, "red": SUIT_RED},
    "grass card groups": GRASS_GROUPS,
    "grisbi objects": GRISBI_OBJECTS,
}
"""Colours drawn side by side whose difference means something: every pair within a group must stay apart."""

MIN_DELTA_E = 10.0
"""The smallest CIEDE2000 difference allowed between two colours of a group, in every vision."""

VISIONS = ("normal", "deuteranopia", "protanopia", "tritanopia")

MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
"""Machado et al. (2009) simulation matrices at severity 1.0, applied to linear-light sRGB (Table of the paper's
supplement, as published at www.inf.ufrgs.br/~oliveira/pubs_files/CVD_Simulation/CVD_Simulation.html)."""


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encode(v: float) -> int:
    v = min(1.0, max(0.0, v))
    v = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(rgb: RGB, vision: str) -> RGB:
    """``rgb`` (sRGB 0..255) as seen with ``vision`` (one of ``VISIONS``; KeyError otherwise): the Machado matrix
    on linear light, clipped to 0..1, encoded back to sRGB. "normal" returns ``rgb`` unchanged."""
    if vision == "normal":
        return tuple(rgb)
    m = MACHADO[vision]
    lin = [_linear(c) for c in rgb[:3]]
    return tuple(_encode(sum(m[i][k] * lin[k] for k in range(3))) for i in range(3))
