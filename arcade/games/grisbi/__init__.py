"""Grisbi: Robbers against Police, laying cards as fast as they can on one common pile (rules/grisbi.md).

The real-time game of the arcade: ``RULES.step(state, inputs)`` is one 60 Hz tick with one int input per seat
(``card id + 1``, 0 = nothing). Modules:

- ``cards``: the two 52-card decks and the 5 Locations (``CARDS``) with the distribution decisions;
- ``scoring``: judging the pile at the end of a round (``score_round``, ``RoundScore``);
- ``rules``: the tick simulation, views, ``sample_hidden``, ``describe_action``;
- ``bot``: ``Bot(seat, level, seed)``, one tick input at a time from the seat's view.
- ``coach`` and ``tutorial``: the "Learn to play" coach and its scripted round (a chosen deal, a held tutor bot).

Every decision taken where the rules file is silent is written in the docstring of the module that implements it.
"""

from __future__ import annotations

from .bot import BOT_LEVELS, Bot
from .cards import CARDS, LOCATION_IDS, TEAMS, Card, describe_card
from .rules import (COUNTDOWN, DEAL_SIZES, OVER, PLAY, REVEAL, RULES, TARGETS, GrisbiRules, GrisbiState, GrisbiView,
                    describe_action, sample_hidden)
from .scoring import RoundScore, score_round

__all__ = ["RULES", "CARDS", "Card", "TEAMS", "LOCATION_IDS", "score_round", "RoundScore", "Bot", "BOT_LEVELS",
           "sample_hidden", "describe_action", "describe_card", "GrisbiRules", "GrisbiState", "GrisbiView",
           "DEAL_SIZES", "TARGETS", "COUNTDOWN", "PLAY", "REVEAL", "OVER"]
