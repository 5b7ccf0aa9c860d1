"""Toy race's ``GameDefinition``: what ``register_package("toy_game")`` registers."""

from arcade.core.definition import GameDefinition

from .rules import RULES, choose, describe_action, sample_hidden
from .spec import SPEC


def _table() -> type:
    from .table import Table

    return Table


DEFINITION = GameDefinition(spec=SPEC, rules=RULES, describe_action=describe_action, sample_hidden=sample_hidden,
                            load_table=_table, choose=choose)
