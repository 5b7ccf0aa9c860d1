"""The games, one folder each, found at import time and reached through one registry.

Every sub-package with a ``definition.py`` (its ``DEFINITION``, a ``GameDefinition``) is a game: importing this
package registers each one in ``arcade.core.registry`` and raises ``GameLoadError`` naming any that fails to load (a
game is never skipped silently).

- ``REGISTRY: dict[str, Rules]``, keyed by ``grisbi``, ``grit``, ``grenade``, ``grass``, ``cops_and_robbers`` (a
  contract: tests and tools outside the package use these names), in title order.
- ``SPECS: dict[str, GameSpec]``: what each game is (name, tagline, counts, options, teams...).
- ``DEFINITIONS`` / ``definition_of(id)``: each game's ``GameDefinition`` (spec, rules, bots, table, tutorial...).
- ``GAME_IDS`` / ``GAME_NAMES``: live read-only views of ``SPECS`` (ids in title order; id -> display name).

Each game package also exports ``RULES``, ``sample_hidden``, ``describe_action`` and its bot (``choose`` for a
turn-based game, ``Bot`` for Grisbi). Nothing here imports pygame, sockets, clocks, netplay or the client.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any, Iterator

from ..core.definition import GameDefinition
from ..core.protocols import IllegalAction, RealTimeRules, TurnRules, is_turn_based
from ..core.registry import (DEFINITIONS, MODULES, RULES_BY_ID, SPECS, GameLoadError, definition_of, discover,
                             register_package)
from ..core.simulation import simulation_for
from ..core.spec import GameSpec, Option

__all__ = ["REGISTRY", "SPECS", "DEFINITIONS", "GAME_IDS", "GAME_NAMES", "GameSpec", "GameDefinition", "Option",
           "GameLoadError", "IllegalAction", "TurnRules", "RealTimeRules", "is_turn_based", "simulation_for",
           "definition_of", "game_module", "spec_of", "register_package"]

REGISTRY: dict[str, Any] = RULES_BY_ID


class _GameIds(Sequence):
    """The registered game ids in title order (live: a game registered later appears)."""

    def __getitem__(self, i):  # type: ignore[override]
        return list(SPECS)[i]

    def __len__(self) -> int:
        return len(SPECS)

    def __repr__(self) -> str:
        return repr(tuple(SPECS))


class _GameNames(Mapping):
    """Game id -> display name, read from the specs (live)."""

    def __getitem__(self, gid: str) -> str:
        return SPECS[gid].name

    def __iter__(self) -> Iterator[str]:
        return iter(SPECS)

    def __len__(self) -> int:
        return len(SPECS)


GAME_IDS: Sequence[str] = _GameIds()
GAME_NAMES: Mapping[str, str] = _GameNames()


def game_module(game_id: str) -> Any:
    """The package of a game registered from a folder (``RULES``, ``choose``/``Bot``...), for tests and tools that
    reach a game's own module; code reaches a game through ``definition_of``. Raises KeyError for an unknown id."""
    return MODULES[game_id]


def spec_of(game_id: str) -> GameSpec:
    """The ``GameSpec`` of a registered game. Raises KeyError for an unknown id."""
    return SPECS[game_id]


discover(sys.modules[__name__])
