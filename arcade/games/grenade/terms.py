"""Grenade's glossary: each term the table shows, explained in a few words from the rules page (``howto.md``), for
its tooltips, and the grenades' names (each is named by its colour everywhere: the picture, the log, the coach).
Pure: the English texts are message ids (``N_``), translated where they are shown (``term``)."""

from __future__ import annotations

from arcade.core.definition import glossary
from arcade.core.i18n import N_, _

__all__ = ["TERMS", "term", "GRENADE_NAMES", "grenade_name"]

GRENADE_NAMES = (N_("red grenade"), N_("blue grenade"), N_("green grenade"))
"""Grenade 0, 1 and 2 by the colour of their rims on the table (English message ids)."""


def grenade_name(die: int) -> str:
    """Grenade ``die`` (0-2) by its colour, in the current language: "red grenade"."""
    return _(GRENADE_NAMES[die])


TERMS: dict[str, tuple[str, str]] = {
    "spade": (N_("Spade"), N_(
        "A card of the wheel. When a grenade reaches 6 on it, it is blown up and turned face down: whoever holds its "
        "heart shows it and is out. Spades nobody holds are decoys.")),
    "joker": (N_("Joker"), N_(
        "A grenade that stops on the Joker raises every grenade by one. A grenade reaching 6 on it does not blow it "
        "up: it goes back to 1 on the next face-up spade.")),
    "grenade": (N_("Grenade"), N_(
        "A white die. On your turn you move one grenade as many places clockwise as the black die shows; it goes up "
        "by one where it stops. At 6 it explodes and blows up the card under it.")),
    "heart": (N_("Your heart"), N_(
        "Dealt face down, only you see it: it names the spade you must keep alive. When that spade is blown up you "
        "are out. The last player standing wins.")),
    "black die": (N_("The black die"), N_(
        "Rolled for the player to act: how many places the chosen grenade moves. Blown-up cards are skipped; the "
        "Joker counts.")),
}
"""Term key -> (title, explanation), English message ids."""

term = glossary(TERMS)
"""``term(key) -> (title, explanation)`` in the current language. Raises KeyError for a key not in ``TERMS``."""
