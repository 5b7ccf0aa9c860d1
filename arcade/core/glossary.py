"""A game's glossary: the terms its table explains in tooltips, each a title and a few words from its rules page.

A game keeps its glossary as data, ``arcade/games/<id>/terms.toml``: one table a term, in the order the game lists
them, its key the name the table code uses (``[hooks]``, ``["injury pile"]``), with two English message ids::

    [hooks]
    title = "Hooks"
    text = "The four small pictures of a card: ..."

``read_glossary`` loads it (key -> (title, text)); ``glossary`` makes the game's ``term(key)``, which translates
both when the tooltip is drawn (``arcade.core.i18n._``). ``extract`` is the Babel extractor ``babel.cfg`` names, so
``tools/i18n.sh`` puts every title and text in the catalogue like any ``N_("...")`` of the code.

Pure: no pygame, no clock.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterator, Mapping
from importlib.resources.abc import Traversable
from typing import IO, Any

from . import i18n

__all__ = ["Glossary", "read_glossary", "glossary", "extract"]

Glossary = Callable[[str], tuple[str, str]]
"""A game's ``term(key) -> (title, explanation)`` in the player's language; KeyError for a key not in its glossary."""

_FIELDS = ("title", "text")


def _parse(source: str, name: str) -> dict[str, tuple[str, str]]:
    """Key -> (title, text) of a glossary file's text. Raises ValueError naming ``name`` for a term that lacks a
    field, has another one, or is not text (and tomllib.TOMLDecodeError, a ValueError, for a file that is no TOML)."""
    out = {}
    for key, entry in tomllib.loads(source).items():
        if not isinstance(entry, dict) or sorted(entry) != sorted(_FIELDS) \
                or not all(isinstance(entry[f], str) and entry[f] for f in _FIELDS):
            raise ValueError(f"{name}: term {key!r} needs exactly a title and a text, both non-empty strings")
        out[key] = (entry["title"], entry["text"])
    return out


def read_glossary(path: Traversable) -> dict[str, tuple[str, str]]:
    """A game's glossary file (``importlib.resources.files(package) / "terms.toml"``): term key -> (title, text),
    English message ids, in the file's order. Raises OSError if it cannot be read, ValueError if it does not fit
    (see the module's docstring)."""
    return _parse(path.read_text(encoding="utf-8"), str(path))


def glossary(terms: Mapping[str, tuple[str, str]]) -> Glossary:
    """The ``term`` function of a game's glossary: ``term(key)`` is the (title, explanation) of ``terms[key]`` in the
    player's language. Raises KeyError for a key not in ``terms``."""

    def term(key: str) -> tuple[str, str]:
        title, text = terms[key]
        return i18n._(title), i18n._(text)

    return term


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel's extraction method for glossary files (``babel.cfg``): yields ``(line, None, message, [])`` for every
    title and text, the line being the term's table header. Raises what ``_parse`` raises."""
    source = fileobj.read().decode("utf-8")
    lines = source.splitlines()
    name = getattr(fileobj, "name", "glossary")
    for key, (title, text) in _parse(source, name).items():
        line = next((n for n, row in enumerate(lines, 1) if row.strip() in (f"[{key}]", f'["{key}"]')), 0)
        yield line, None, title, []
        yield line, None, text, []
