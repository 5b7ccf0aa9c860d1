"""The games, one folder each, found at import time and reached through one registry.

Every sub-package with a ``definition.py`` (its ``DEFINITION``, a ``GameDefinition`` built by
``arcade.core.definition.define``) is a game: importing this package registers each one in
``arcade.core.registry`` and raises ``GameLoadError`` naming any that fails to load (a game is never skipped
silently).

One way to find a game:

- ``definition_of(id) -> GameDefinition``: everything a game is (``.spec`` with its name, tagline, counts and
  options; ``.rules``; its bots, table, tutorial...). Raises KeyError naming the game for an unknown id.
- ``REGISTRY: dict[str, Rules]``, keyed by ``grisbi``, ``grit``, ``grenade``, ``grass``, ``cops_and_robbers`` in
  title order: which games there are (``for gid in REGISTRY``, ``gid in REGISTRY``) and their rules objects (a
  contract: tests and tools outside the package use these names; ``REGISTRY[id] is definition_of(id).rules``).

Each game package also exports ``RULES``, ``sample_hidden``, ``describe_action`` and its bot (``choose`` for a
turn-based game, ``Bot`` for Grisbi). Nothing here imports pygame, sockets, clocks, netplay or the client.
"""

from __future__ import annotations

import sys
from typing import Any

from ..core.definition import GameDefinition
from ..core.protocols import IllegalAction, RealTimeRules, TurnRules, is_turn_based
from ..core.registry import RULES_BY_ID, GameLoadError, definition_of, discover, register_package
from ..core.simulation import simulation_for
from ..core.spec import GameSpec, Option

__all__ = ["REGISTRY", "definition_of", "GameSpec", "GameDefinition", "Option", "GameLoadError", "IllegalAction",
           "TurnRules", "RealTimeRules", "is_turn_based", "simulation_for", "register_package"]

REGISTRY: dict[str, Any] = RULES_BY_ID

discover(sys.modules[__name__])
