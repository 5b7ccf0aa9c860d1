"""The Grenade bot as every screen, tool and peer calls it: ``choose(view, legal, rng, level)``.

"easy" and "normal" are the heuristic of ``bot`` (``bot.choose``); "hard" is the information-set search of ``search``,
which plays that heuristic in its look-ahead. This module keeps the two apart: ``search`` imports ``bot``, ``bot`` never
imports ``search``, and only this module imports both (no import cycle).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..rng import Rng
from .bot import choose as heuristic_choose
from .search import search

__all__ = ["choose"]


def choose(view: Any, legal_actions: Sequence[Any], rng: Rng, level: str = "normal") -> Any:
    """The bot's action for ``view.seat``: one of ``legal_actions``; a pure function of the view, the legal actions,
    ``rng`` and ``level`` (no clock is read). Raises ValueError if there is no legal action. Measured strengths of
    each level: ``bot``'s docstrings."""
    legal = list(legal_actions)
    if not legal:
        raise ValueError("no legal action")
    if level == "hard" and view.seat is not None and not view.winners:
        return search(view, legal, rng)
    return heuristic_choose(view, legal, rng, level)
