"""Grenade's ``GameDefinition``: its spec, rules, bot, table, card art and tutorial, brought together once (see
``arcade.core.definition``). The table and the card art are imported only when asked for (they are pygame code)."""

from __future__ import annotations

from typing import Any, Callable

from arcade.core.definition import GameDefinition, Tutorial

from . import RULES, choose, describe_action, sample_hidden
from .coach import coach
from .spec import SPEC

__all__ = ["DEFINITION"]


def _table() -> type:
    from .table.scene import Table

    return Table


def _card_art() -> Callable[[str], Any]:
    from .table.scene import card_art

    return card_art


DEFINITION = GameDefinition(
    spec=SPEC,
    rules=RULES,
    describe_action=describe_action,
    sample_hidden=sample_hidden,
    load_table=_table,
    choose=choose,
    load_card_art=_card_art,
    tutorial=Tutorial(seats="human,bot:easy,bot:easy", seed=12, coach=coach),
)
