"""The registry of games: one ``GameDefinition`` a game, registered once.

``arcade.games`` fills it at import time: every sub-package ``arcade.games.<id>`` with a ``definition.py`` is a game
(its ``DEFINITION``). A game folder that fails to load raises ``GameLoadError`` naming the game: a game is never
skipped silently. ``register_package("tests.toy_game")`` adds a game from any importable folder (tests, plug-ins) the
same way; ``register(definition)`` adds one built in place.

``definition_of(id)`` is the one way to find a game. ``DEFINITIONS`` (the registry itself) and ``RULES_BY_ID`` are
filled together, in title order (``GameSpec.order``, then id); ``arcade.games.REGISTRY`` is ``RULES_BY_ID``. Core
code looks games up here and never imports ``arcade.games``: the caller (the client, a tool, a test) imports
``arcade.games`` once, which registers the built-in games.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from types import ModuleType
from typing import Any

from .definition import GameDefinition
from .spec import GameSpec

__all__ = ["DEFINITIONS", "RULES_BY_ID", "MODULES", "GameLoadError", "definition_of", "register",
           "unregister", "register_package", "discover"]

DEFINITIONS: dict[str, GameDefinition] = {}
"""Every registered game's definition, by id, in title order."""

RULES_BY_ID: dict[str, Any] = {}
"""The rules object of every registered game (``DEFINITIONS[id].rules``; ``arcade.games.REGISTRY`` is this dict)."""

MODULES: dict[str, ModuleType] = {}
"""The package of every game registered from a folder (``register_package``): the codec's whitelist of state types
reads it (it is no way to look a game up: ``definition_of`` is)."""

_TABLES = (DEFINITIONS, RULES_BY_ID, MODULES)


class GameLoadError(ImportError):
    """A game folder exists but does not load (its definition, rules or package raised): the message names the
    game."""


def definition_of(game_id: str) -> GameDefinition:
    """The definition of a registered game. Raises KeyError naming the game (and the registered ones) if it is
    not registered."""
    try:
        return DEFINITIONS[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r} (registered: {', '.join(DEFINITIONS) or 'none'})") from None


def register(definition: GameDefinition, package: ModuleType | None = None) -> None:
    """Add one game (``package``: the game folder it was loaded from, if any). Keeps every table in title order.
    Raises GameLoadError if ``definition`` is not a ``GameDefinition``."""
    if not isinstance(definition, GameDefinition):
        raise GameLoadError(f"not a GameDefinition: {type(definition).__name__}")
    gid = definition.id
    DEFINITIONS[gid] = definition
    RULES_BY_ID[gid] = definition.rules
    if package is not None:
        MODULES[gid] = package
    ordered = sorted(DEFINITIONS.values(), key=lambda d: (d.spec.order, d.id))
    for table in _TABLES:
        items = {d.id: table[d.id] for d in ordered if d.id in table}
        table.clear()
        table.update(items)


def unregister(game_id: str) -> None:
    """Take a game out of the registry (tests that register one for a while); an unknown id is ignored."""
    for table in _TABLES:
        table.pop(game_id, None)


def register_package(name: str) -> GameSpec:
    """Import the game folder ``name`` and its ``definition`` module and register its ``DEFINITION``; returns its
    spec. Raises GameLoadError (naming the game folder) if either fails to import or the definition does not fit."""
    try:
        package = importlib.import_module(name)
        definition = importlib.import_module(f"{name}.definition").DEFINITION
    except GameLoadError:
        raise
    except Exception as e:  # any failure of a game folder is fatal and names the game
        raise GameLoadError(f"game folder {name!r} failed to load: {type(e).__name__}: {e}") from e
    if not isinstance(definition, GameDefinition):
        raise GameLoadError(f"game folder {name!r}: its DEFINITION is not a GameDefinition")
    register(definition, package)
    return definition.spec


def discover(package: Any) -> None:
    """Register every sub-package of ``package`` that has a ``definition`` module (``arcade.games`` calls it)."""
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        if not os.path.exists(os.path.join(info.module_finder.path, info.name, "definition.py")):
            continue
        register_package(f"{package.__name__}.{info.name}")
