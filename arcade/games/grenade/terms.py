"""Grenade's glossary: each term the table shows, explained in a few words from the rules page (``howto.md``), for
its tooltips, and the grenades' names (each is named by its colour everywhere: the picture, the log, the coach).
Pure: the glossary is data, ``terms.toml`` (English message ids, read by ``arcade.core.glossary``), translated
where it is shown (``term``)."""

from __future__ import annotations

from importlib.resources import files

from arcade.core.glossary import glossary, read_glossary
from arcade.core.i18n import N_, _

__all__ = ["TERMS", "term", "GRENADE_NAMES", "grenade_name"]

GRENADE_NAMES = (N_("red grenade"), N_("blue grenade"), N_("green grenade"))
"""Grenade 0, 1 and 2 by the colour of their rims on the table (English message ids)."""


def grenade_name(die: int) -> str:
    """Grenade ``die`` (0-2) by its colour, in the current language: "red grenade"."""
    return _(GRENADE_NAMES[die])


TERMS: dict[str, tuple[str, str]] = read_glossary(files(__package__) / "terms.toml")
"""Term key -> (title, explanation), English message ids, from the game's glossary file ``terms.toml``."""

term = glossary(TERMS)
"""``term(key) -> (title, explanation)`` in the current language. Raises KeyError for a key not in ``TERMS``."""
