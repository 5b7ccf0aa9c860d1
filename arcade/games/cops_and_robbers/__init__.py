"""Cops & Robbers (shared/rules/cops_and_robbers.md): offence and defence cards, coins, jail, team + personal score.

Exports ``RULES`` (registry id ``cops_and_robbers``), ``sample_hidden``, ``describe_action`` and the bot ``choose``.
The rules and every decision taken where the rules file is silent are documented in
``arcade.games.cops_and_robbers.rules``; the bot in ``arcade.games.cops_and_robbers.bot``.
"""

from __future__ import annotations

from .bot import choose, hand_defence_odds
from .rules import (COP, COUNTS, DEFENCE, HAND_SIZE, OFFENCE, ROBBER, RULES, START_COINS, Attack, CopsAndRobbersRules,
                    CRState, CRView, Defend, Draw, EndTurn, Offensive, Respond, describe_action, full_deck, round_scores,
                    sample_hidden, seating, teammates)

__all__ = ["RULES", "sample_hidden", "describe_action", "choose", "hand_defence_odds", "CopsAndRobbersRules",
           "CRState", "CRView", "Draw", "Defend", "Attack", "Respond", "EndTurn", "Offensive", "COP", "ROBBER",
           "OFFENCE", "DEFENCE", "COUNTS", "START_COINS", "HAND_SIZE", "full_deck", "teammates", "seating",
           "round_scores"]
