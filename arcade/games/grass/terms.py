"""Grass's glossary: each term the table shows and each group of cards, explained in a few words from the rules page
(``howto.md``), for its tooltips. Pure: the glossary is data, ``terms.toml`` (English message ids, read by
``arcade.core.glossary``), translated where it is shown (``term``)."""

from __future__ import annotations

from importlib.resources import files

from arcade.core.glossary import glossary, read_glossary
from arcade.core.i18n import pgettext

__all__ = ["TERMS", "term", "GROUP_TERM", "card_name", "PRINTED_NAMES"]

TERMS: dict[str, tuple[str, str]] = read_glossary(files(__package__) / "terms.toml")
"""Term key -> (title, explanation), English message ids, from the game's glossary file ``terms.toml``."""

GROUP_TERM = {"market": "market", "peddle": "peddle", "protection": "protection", "heat on": "heat",
              "heat off": "heat off", "pay fine": "heat off", "nirvana": "nirvana", "paranoia": "paranoia",
              "skim": "skim"}
"""The glossary entry of each group of cards (``CARDS[k].group``)."""

term = glossary(TERMS)
"""``term(key) -> (title, explanation)`` in the current language. Raises KeyError for a key not in ``TERMS``."""


# TRANSLATORS: a Grass card's printed name. The rulebooks keep the English names in every language (the French one
# too: « Heat On » sur votre pile « hassle »): write the English name back unless your rulebook names the card.
PRINTED_NAMES = {
    "Market Open": lambda: pgettext("Grass card", "Market Open"),
    "Market Close": lambda: pgettext("Grass card", "Market Close"),
    "Home Grown": lambda: pgettext("Grass card", "Home Grown"),
    "Mexico": lambda: pgettext("Grass card", "Mexico"),
    "Colombia": lambda: pgettext("Grass card", "Colombia"),
    "Jamaica": lambda: pgettext("Grass card", "Jamaica"),
    "Panama": lambda: pgettext("Grass card", "Panama"),
    "Dr. Feelgood": lambda: pgettext("Grass card", "Dr. Feelgood"),
    "Lust Conquers All": lambda: pgettext("Grass card", "Lust Conquers All"),
    "Grab a Snack": lambda: pgettext("Grass card", "Grab a Snack"),
    "Catch a Buzz": lambda: pgettext("Grass card", "Catch a Buzz"),
    "Bust": lambda: pgettext("Grass card", "Bust"),
    "Detained": lambda: pgettext("Grass card", "Detained"),
    "Felony": lambda: pgettext("Grass card", "Felony"),
    "Search & Seizure": lambda: pgettext("Grass card", "Search & Seizure"),
    "Immunity": lambda: pgettext("Grass card", "Immunity"),
    "A Breeze to Fly": lambda: pgettext("Grass card", "A Breeze to Fly"),
    "Hearsay Evidence": lambda: pgettext("Grass card", "Hearsay Evidence"),
    "Charges Dropped": lambda: pgettext("Grass card", "Charges Dropped"),
    "Pay Fine / Heat Off": lambda: pgettext("Grass card", "Pay Fine / Heat Off"),
    "Stonehigh": lambda: pgettext("Grass card", "Stonehigh"),
    "Euphoria": lambda: pgettext("Grass card", "Euphoria"),
    "Sold Out": lambda: pgettext("Grass card", "Sold Out"),
    "Double Crossed": lambda: pgettext("Grass card", "Double Crossed"),
    "Utterly Wiped Out": lambda: pgettext("Grass card", "Utterly Wiped Out"),
    "Steal Your Neighbor's Pot": lambda: pgettext("Grass card", "Steal Your Neighbor's Pot"),
    "Banker": lambda: pgettext("Grass card", "Banker"),
}
"""Each card's printed name (``CARDS[k].name``) -> its name as shown in the player's language (the English one in
English and French, as the rulebooks print it); the literals are there for extraction."""


def card_name(kind: int) -> str:
    """The printed name of card ``kind`` as shown to the player ("Panama"); "?" for a hidden card (NO_CARD).
    Raises IndexError for another kind."""
    from .cards import CARDS

    if kind < 0:
        return "?"
    return PRINTED_NAMES[CARDS[kind].name]()
