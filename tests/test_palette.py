"""Colour-vision safety of the palette (issue 36): every two colours of a group of ``render.palette.GROUPS`` (drawn
side by side, their difference meaning something) stay at least 10 apart (CIEDE2000) in normal vision and under
simulated deuteranopia, protanopia and tritanopia (Machado et al. 2009, severity 1.0).

The differences are computed with ColorAide (sRGB -> CIE Lab D65, CIEDE2000, and its own Machado filter), not with the
game's code; the game's ``palette.simulate`` (used by ``tools/colour_vision.py`` for the pictures) is checked against
it. The smallest difference per vision is printed (``pytest -s``)."""

from __future__ import annotations

from itertools import combinations

import pytest
from coloraide import Color  # the test extra (pyproject.toml)

from arcade.client.render import palette

FILTER = {"deuteranopia": "deutan", "protanopia": "protan", "tritanopia": "tritan"}


def seen(rgb, vision: str) -> Color:
    c = Color("srgb", [v / 255 for v in rgb])
    if vision == "normal":
        return c
    return c.filter(FILTER[vision], 1.0, method="machado", space="srgb-linear", out_space="srgb").clip()


def delta_e(a, b, vision: str) -> float:
    return seen(a, vision).delta_e(seen(b, vision), method="2000")


def smallest(vision: str) -> tuple[float, str]:
    return min((delta_e(a, b, vision), f"{group}: {na} / {nb}")
               for group, colours in palette.GROUPS.items()
               for (na, a), (nb, b) in combinations(colours.items(), 2))


@pytest.mark.parametrize("vision", palette.VISIONS)
def test_every_pair_that_must_be_told_apart_stays_apart(vision):
    d, pair = smallest(vision)
    print(f"\nsmallest CIEDE2000 in {vision}: {d:.1f} ({pair})")
    assert d >= palette.MIN_DELTA_E, f"{pair} only {d:.1f} apart in {vision}"


@pytest.mark.parametrize("vision", palette.VISIONS[1:])
def test_the_pictures_simulation_is_machados(vision):
    """``palette.simulate`` (the pictures in docs/) agrees with ColorAide's Machado filter within a level."""
    for rgb in [(230, 159, 0), (86, 180, 233), (213, 94, 0), (22, 92, 60), (255, 255, 255), (200, 30, 40)]:
        ref = [round(v * 255) for v in seen(rgb, vision).coords()]
        assert all(abs(x - y) <= 1 for x, y in zip(palette.simulate(rgb, vision), ref)), (rgb, vision)


OLD = [("grenades red / green", (215, 60, 50), (50, 165, 85), "deuteranopia"),
       ("fit green / Stop gold", (90, 200, 110), (240, 200, 90), "protanopia"),
       ("21 green / busted red", (90, 200, 110), (255, 130, 120), "deuteranopia"),
       ("grass market / nirvana", (40, 100, 190), (140, 60, 180), "deuteranopia"),
       ("grass peddle / heat on", (40, 135, 60), (200, 40, 40), "deuteranopia")]
"""Pairs of the colours the tables drew before this palette, and a vision in which they ran together."""


@pytest.mark.parametrize("name, a, b, vision", OLD, ids=[o[0] for o in OLD])
def test_the_old_colours_ran_together(name, a, b, vision):
    """The check finds what a colour-blind player met before: these pairs were under 10 apart."""
    assert delta_e(a, b, vision) < palette.MIN_DELTA_E
