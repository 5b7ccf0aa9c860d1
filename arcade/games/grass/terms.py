"""Grass's glossary: each term the table shows and each group of cards, explained in a few words from the rules page
(``howto.md``), for its tooltips. Pure: the English texts are message ids (``N_``), translated where they are shown
(``term``, ``card_term``)."""

from __future__ import annotations

from arcade.core.definition import glossary
from arcade.core.i18n import N_, pgettext

__all__ = ["TERMS", "term", "GROUP_TERM", "card_name", "PRINTED_NAMES"]

TERMS: dict[str, tuple[str, str]] = {
    "stash": (N_("Stash"), N_(
        "Where you lay your peddle, with your market open and no heat on you. At the end of the hand it is added "
        "to your score; the first to $250,000 over the hands wins.")),
    "peddle": (N_("Peddle"), N_(
        "Money cards, $5,000 to $100,000. Laid in your Stash when your market is open and no heat is on you. The "
        "largest peddle still in your hand when the hand ends is taken off your score.")),
    "heat": (N_("Heat"), N_(
        "A Heat On card on top of a player's Hassle pile: while it is there they cannot lay peddle, close the "
        "market or skim. The matching Heat Off, Pay Fine or a Nirvana card clears it.")),
    "paranoia": (N_("Paranoia"), N_(
        "Played: everyone passes one card to the left, then the player who played it loses turns and peddle. "
        "Discard it instead, or it costs its penalty if it is still in your hand when the hand ends.")),
    "market": (N_("Market Open"), N_(
        "Starts your Hassle pile: you need it before you may lay peddle. Market Close, laid on your own open "
        "market with no heat, ends the hand at once.")),
    "hassle pile": (N_("Hassle pile"), N_(
        "Your pile of Market and Heat cards. Its top card says whether you may lay peddle: an open market, or heat "
        "on you.")),
    "heat off": (N_("Heat Off"), N_(
        "Clears the matching Heat On from your Hassle pile. Pay Fine clears any heat, but takes the smallest peddle "
        "in your Stash.")),
    "nirvana": (N_("Nirvana"), N_(
        "Clears your heat and gives you extra turns: Stonehigh one (everyone gives you their smallest unprotected "
        "peddle), Euphoria two (everyone gives you their largest).")),
    "protection": (N_("Protection"), N_(
        "Covers peddle in your Stash up to its value: protected peddle is safe from Nirvana, Paranoia, Steal Your "
        "Neighbor's Pot and the Banker. Dr. Feelgood can never be protected.")),
    "skim": (N_("Skim"), N_(
        "Steal Your Neighbor's Pot takes another player's largest unprotected peddle. The Banker is never laid: "
        "whoever holds it at the end of the hand takes a fifth of everyone else's unprotected Stash.")),
}
"""Term key -> (title, explanation), English message ids."""

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
