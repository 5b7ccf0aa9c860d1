"""Toy race: a game that lives in this one folder (spec, rules, bot, table, brought together in ``definition.py``),
registered by a test only.

Two players take turns adding 1, 2 or 3 to a shared count; whoever brings it to 10 wins. It exists to prove that a
game is one folder: registered, it appears on the title, in seat setup, in the attract rotation and for ``--game``.
"""

from .rules import RULES, choose, describe_action, sample_hidden

__all__ = ["RULES", "choose", "describe_action", "sample_hidden"]
