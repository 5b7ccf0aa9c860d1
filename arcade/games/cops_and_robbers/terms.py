"""Cops & Robbers' glossary: each term the table shows, explained in a few words from the rules page
(``howto.md``), for its tooltips. Pure: the English texts are message ids (``N_``), translated where they are shown
(``term``). One word per thing: an Offence card starts an attack (never "Offensive")."""

from __future__ import annotations

from arcade.core.definition import glossary
from arcade.core.i18n import N_

__all__ = ["TERMS", "term"]

TERMS: dict[str, tuple[str, str]] = {
    "offence": (N_("Offence"), N_(
        "An explosion worth 1 to 4. Laid in front of a free player of the other team, it starts an attack: they "
        "may add one Defence card; if their defence is weaker, a Cop pays the difference and a Robber goes to "
        "jail. One attack a turn, never from jail.")),
    "defence": (N_("Defence"), N_(
        "A shield worth 1 to 4, laid in front of yourself or a teammate, or on a jailed teammate's attack. Against "
        "an attack, one shield alone is used if it is strong enough, else all of them add up. One a turn.")),
    "jail": (N_("Jail"), N_(
        "A Robber whose defence failed: the attack stays in front of them with the shields used on it. They are "
        "freed once shields on it reach its value; in jail they may draw and lay Defence, never attack, and nobody "
        "attacks them.")),
    "cop": (N_("Cop"), N_(
        "Cops start with 12 coins each. A Cop whose defence fails pays the attacking Robber the difference; the "
        "round ends when a Cop has no coins left. Your score: your team's coins plus your own.")),
    "robber": (N_("Robber"), N_(
        "Robbers start with no coins and take them from the Cops: an attack that beats a Cop's defence, or a "
        "defence stronger than a Cop's attack. A Robber whose defence fails goes to jail.")),
}
"""Term key -> (title, explanation), English message ids."""

term = glossary(TERMS)
"""``term(key) -> (title, explanation)`` in the current language. Raises KeyError for a key not in ``TERMS``."""
