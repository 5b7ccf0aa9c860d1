"""The Grass bot as every screen, tool and peer calls it: ``choose(view, legal, rng, level)`` (see
``arcade.core.bots.searching_hard``): "easy" and "normal" are ``bot``'s heuristic, "hard" is ``search``. Measured
strengths: ``bot``'s docstrings."""

from __future__ import annotations

from arcade.core.bots import searching_hard
from .bot import choose as heuristic_choose
from .search import search

__all__ = ["choose"]

choose = searching_hard(heuristic_choose, search, lambda view, legal: len(legal) > 1)
