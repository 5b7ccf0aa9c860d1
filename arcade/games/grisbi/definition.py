"""Grisbi's ``GameDefinition``, built by ``arcade.core.definition.define`` from the game's own objects; its table
module (pygame code) is imported only when the table or the card art is asked for."""

from __future__ import annotations

from types import ModuleType

from arcade.core.definition import Tutorial, define

from . import RULES, Bot, describe_action, sample_hidden, tutorial
from .spec import SPEC

__all__ = ["DEFINITION"]


def _table_module() -> ModuleType:
    from .table import scene

    return scene


DEFINITION = define(SPEC, RULES, describe_action=describe_action, sample_hidden=sample_hidden, bot=Bot,
                    table_module=_table_module,
                    tutorial=Tutorial(seats="human,bot:easy", seed=15,
                                      options={"reveal_ticks": 600, "practice": True, "first_deal": tutorial.DEAL},
                                      coach=tutorial.coach, done=tutorial.done, wanted=tutorial.wanted,
                                      refuse=tutorial.refuse, bot=tutorial.TutorBot))
