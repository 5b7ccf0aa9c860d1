"""Grass's glossary: each term the table shows and each group of cards, explained in a few words from the rules page
(``howto.md``), for its tooltips. Pure: the English texts are message ids (``N_``), translated where they are shown
(``term``, ``card_term``)."""

from __future__ import annotations

from arcade.core.i18n import N_, _

__all__ = ["TERMS", "term", "GROUP_TERM"]

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


def term(key: str) -> tuple[str, str]:
    """The term's title and explanation in the current language. Raises KeyError for a key not in ``TERMS``."""
    title, body = TERMS[key]
    return _(title), _(body)
