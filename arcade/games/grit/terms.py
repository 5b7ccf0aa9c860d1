"""Grit's glossary: each term the table shows, explained in a few words from the rules page (``howto.md``), for its
tooltips. Pure: the English texts are message ids (``N_``), translated where they are shown (``term``)."""

from __future__ import annotations

from arcade.core.definition import glossary
from arcade.core.i18n import N_

__all__ = ["TERMS", "term"]

TERMS: dict[str, tuple[str, str]] = {
    "complaint": (N_("Complaint"), N_(
        "One of your four hidden cards. Each round you lay one face down on any Injury pile, yours or your "
        "opponent's; both cards turn face up once both are down.")),
    "injuries": (N_("Injuries"), N_(
        "The top cards of a player's three Injury piles added up (an empty pile counts 0, a covered card no longer "
        "counts). After round 4, 22 or more is dead; the total closest to 21 wins.")),
    "injury pile": (N_("Injury pile"), N_(
        "Each player has three. Only the top card counts: a Complaint laid on a pile covers the card under it. The "
        "two cards of a round go on different piles.")),
    "the word": (N_("The Word"), N_(
        "Its holder chooses who lays first this round. It goes to the player whose visible Injuries add up to more "
        "(on a tie: the higher top card, then the heart, then who did not hold it last round).")),
    "marked": (N_("Marked Complaint"), N_(
        "Once a duel you may lay a Complaint sideways: nothing can ever be laid on it. On one of your own piles you "
        "choose at the end of the round whether it stays face down until the end of the duel.")),
}
"""Term key -> (title, explanation), English message ids."""

term = glossary(TERMS)
"""``term(key) -> (title, explanation)`` in the current language. Raises KeyError for a key not in ``TERMS``."""
