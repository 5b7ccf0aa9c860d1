"""Pure rules of the five games, reached through one registry.

``REGISTRY: dict[str, Rules]`` is keyed by ``grisbi``, ``grit``, ``grenade``, ``grass`` and ``cops_and_robbers``
(a contract: tests and tools outside the package use these names). Each game lives in ``arcade.games.<id>`` and
exports ``RULES`` (the rules object), ``sample_hidden``, ``describe_action`` and its bot: ``choose`` for a turn-based game,
``Bot`` for Grisbi (see ``arcade.games.bots``).

Nothing here imports pygame, sockets, clocks, netplay or the rest of ``arcade``.
"""

from __future__ import annotations

import importlib
from typing import Any

from .base import IllegalAction, RealTimeRules, TurnRules, is_turn_based, simulation_for

__all__ = ["REGISTRY", "GAME_IDS", "GAME_NAMES", "IllegalAction", "TurnRules", "RealTimeRules", "is_turn_based",
           "simulation_for", "game_module"]

GAME_IDS = ("grisbi", "grit", "grenade", "grass", "cops_and_robbers")
GAME_NAMES = {
    "grisbi": "Grisbi",
    "grit": "Grit",
    "grenade": "Grenade",
    "grass": "Grass",
    "cops_and_robbers": "Cops & Robbers",
}

REGISTRY: dict[str, Any] = {}
_MODULES: dict[str, Any] = {}

for _gid in GAME_IDS:
    try:
        _mod = importlib.import_module(f"{__name__}.{_gid}")
    except ModuleNotFoundError as _e:  # a game not written yet; any other import error is a real bug and raises
        if _e.name != f"{__name__}.{_gid}":
            raise
        continue
    if not hasattr(_mod, "RULES"):  # a package still being written (no __init__ yet)
        continue
    REGISTRY[_gid] = _mod.RULES
    _MODULES[_gid] = _mod


def game_module(game_id: str) -> Any:
    """The package of a registered game (``RULES``, ``make_bot``...). Raises KeyError for an unknown id."""
    return _MODULES[game_id]
