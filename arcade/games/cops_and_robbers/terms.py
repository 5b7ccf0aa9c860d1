"""Cops & Robbers' glossary: each term the table shows, explained in a few words from the rules page (``howto.md``),
for its tooltips. Pure: the glossary is data, ``terms.toml`` (English message ids, read by
``arcade.core.glossary``), translated where it is shown (``term``). One word per thing: an Offence card starts an
attack (never "Offensive")."""

from __future__ import annotations

from importlib.resources import files

from arcade.core.glossary import glossary, read_glossary

__all__ = ["TERMS", "term"]

TERMS: dict[str, tuple[str, str]] = read_glossary(files(__package__) / "terms.toml")
"""Term key -> (title, explanation), English message ids, from the game's glossary file ``terms.toml``."""

term = glossary(TERMS)
"""``term(key) -> (title, explanation)`` in the current language. Raises KeyError for a key not in ``TERMS``."""
