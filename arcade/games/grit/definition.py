"""Grit's ``GameDefinition``, built by ``arcade.core.definition.define`` from the game's own objects; its table
module (pygame code) is imported only when the table or the card art is asked for."""

from __future__ import annotations

from types import ModuleType

from arcade.core.definition import Tutorial, define

from . import RULES, choose, describe_action, sample_hidden
from .coach import coach
from .spec import SPEC

__all__ = ["DEFINITION"]


def _table_module() -> ModuleType:
    from .table import scene

    return scene


DEFINITION = define(SPEC, RULES, describe_action=describe_action, sample_hidden=sample_hidden, bot=choose,
                    table_module=_table_module,
                    tutorial=Tutorial(seats="human,bot:easy", seed=11, options={"best_of": 1}, coach=coach))
