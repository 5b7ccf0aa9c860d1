"""The table scene moved to ``arcade.client.table`` (a package of components); kept for older imports."""

from arcade.client.table import SeatMenu, TableScene, level_word, table_for

__all__ = ["TableScene", "SeatMenu", "table_for", "level_word"]
