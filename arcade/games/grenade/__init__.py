"""Grenade (shared/rules/grenade.md): hidden hearts, a wheel of spades and the Joker, three grenades and a black die.

Exports ``RULES`` (registry id ``grenade``), ``sample_hidden``, ``describe_action`` and the bot ``choose``. The rules and
every decision taken where the rules file is silent are documented in ``arcade.games.grenade.rules``; the bot in
``arcade.games.grenade.bot``.
"""

from __future__ import annotations

from .bot import spade_beliefs
from .levels import choose
from .rules import (DICE, JOKER, PLACES, RULES, GrenadeRules, GrenadeState, GrenadeView, Move, Throw, advance_place,
                    describe_action, hearts_each, next_spade, resolve_throw, sample_hidden, spade_name)

__all__ = ["RULES", "sample_hidden", "describe_action", "choose", "spade_beliefs", "GrenadeRules", "GrenadeState",
           "GrenadeView", "Move", "Throw", "JOKER", "PLACES", "DICE", "advance_place", "next_spade", "resolve_throw",
           "spade_name", "hearts_each"]
