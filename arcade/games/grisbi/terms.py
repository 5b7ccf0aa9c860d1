"""Grisbi's glossary: each term the table shows, explained in a few words from the rules page (``howto.md``), for
its tooltips. Pure: the English texts are message ids (``N_``), translated where they are shown (``term``)."""

from __future__ import annotations

from arcade.core.definition import glossary
from arcade.core.i18n import N_

__all__ = ["TERMS", "term"]

TERMS: dict[str, tuple[str, str]] = {
    "hooks": (N_("Hooks"), N_(
        "The four small pictures of a card: police objects on top, robber objects below. A card is correct when its "
        "big picture is one of the hooks of the card right under it, in its own team's row.")),
    "action": (N_("Action card"), N_(
        "Worth 1, 2 or 3 points (diamonds for Robbers, stars for Police) when it is correct: its big picture is a "
        "hook of the card under it, in its team's row.")),
    "deny": (N_("Deny"), N_(
        "Shows an object of the other team. Laid on the other team's card with the same big picture, it cancels it: "
        "that card will not count.")),
    "stop": (N_("Stop"), N_(
        "Ends the round at once, and only the closing team's cards count. It is correct when one of its two objects "
        "is among the hooks of the card it covers; a wrong Stop gives the round to the other team.")),
    "location": (N_("Location"), N_(
        "It starts the pile and goes to the team that wins the round. The first team with 3 Locations wins the "
        "game.")),
}
"""Term key -> (title, explanation), English message ids."""

term = glossary(TERMS)
"""``term(key) -> (title, explanation)`` in the current language. Raises KeyError for a key not in ``TERMS``."""
