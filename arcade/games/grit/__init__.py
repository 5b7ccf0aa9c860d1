"""Grit (rules/grit.md): a 2-player blackjack-like pistol duel with hidden placement.

Exports the registry contract: ``RULES`` (``rules.GritRules``), ``sample_hidden``, ``describe_action``, ``choose``
(the bot, ``bot.py``), and for the table ``card_label`` / ``CARD_NAMES`` ("A♠", "Q♠", "7♥"). Rule decisions are
written down in ``rules.py``'s docstring.
"""

from __future__ import annotations

from .bot import choose
from .cards import CARD_NAMES, card_label, card_value
from .rules import (
    RULES,
    CardView,
    ChooseFirst,
    DuelRecord,
    GritRules,
    GritState,
    GritView,
    KeepHidden,
    PileCard,
    PlayComplaint,
    describe_action,
    sample_hidden,
)

__all__ = [
    "RULES",
    "sample_hidden",
    "describe_action",
    "choose",
    "card_label",
    "card_value",
    "CARD_NAMES",
    "GritRules",
    "GritState",
    "GritView",
    "CardView",
    "PileCard",
    "DuelRecord",
    "ChooseFirst",
    "PlayComplaint",
    "KeepHidden",
]
