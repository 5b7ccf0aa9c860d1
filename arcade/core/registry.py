"""The registry of games: every package ``arcade.games.<id>`` with a ``spec.py`` is a game, found at import time.

``SPECS: dict[str, GameSpec]`` and ``arcade.games.REGISTRY: dict[str, rules]`` are filled together, in title order.
A game folder that fails to import raises ``GameLoadError`` naming the game: a game is never skipped silently.
``register_package("tests.toy")`` adds a game from any importable folder (tests, plug-ins) the same way.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from typing import Any

from .spec import GameSpec

__all__ = ["SPECS", "RULES_BY_ID", "GameLoadError", "register", "register_package", "discover"]

SPECS: dict[str, GameSpec] = {}
"""Every registered game's spec, by id, in title order (``GameSpec.order``, then id)."""

RULES_BY_ID: dict[str, Any] = {}
"""The rules object of every registered game (``arcade.games.REGISTRY`` is this same dict)."""

MODULES: dict[str, Any] = {}


class GameLoadError(ImportError):
    """A game folder exists but does not load (its spec, rules or package raised): the message names the game."""


def register(spec: GameSpec, package: Any) -> None:
    """Add one game. ``package`` is the imported game package (it must export ``RULES``). Keeps ``SPECS`` and
    ``RULES_BY_ID`` in title order. Raises GameLoadError if the package has no ``RULES`` or its id differs."""
    rules = getattr(package, "RULES", None)
    if rules is None:
        raise GameLoadError(f"game {spec.id!r}: {spec.package} exports no RULES")
    if getattr(rules, "id", spec.id) != spec.id:
        raise GameLoadError(f"game {spec.id!r}: its RULES.id is {rules.id!r}")
    SPECS[spec.id] = spec
    RULES_BY_ID[spec.id] = rules
    MODULES[spec.id] = package
    ordered = sorted(SPECS.values(), key=lambda s: (s.order, s.id))
    for table in (SPECS, RULES_BY_ID, MODULES):
        items = {s.id: table[s.id] for s in ordered}
        table.clear()
        table.update(items)


def register_package(name: str) -> GameSpec:
    """Import the game package ``name`` and its ``spec`` module and register it; returns its spec.
    Raises GameLoadError (naming the game folder) if either fails to import."""
    try:
        spec_mod = importlib.import_module(f"{name}.spec")
        spec: GameSpec = spec_mod.SPEC
        package = importlib.import_module(spec.package)
    except GameLoadError:
        raise
    except Exception as e:  # any failure of a game folder is fatal and names the game
        raise GameLoadError(f"game folder {name!r} failed to load: {type(e).__name__}: {e}") from e
    register(spec, package)
    return spec


def discover(package: Any) -> None:
    """Register every sub-package of ``package`` that has a ``spec`` module (``arcade.games``)."""
    for info in pkgutil.iter_modules(package.__path__):
        if not info.ispkg:
            continue
        if not os.path.exists(os.path.join(info.module_finder.path, info.name, "spec.py")):
            continue
        register_package(f"{package.__name__}.{info.name}")
