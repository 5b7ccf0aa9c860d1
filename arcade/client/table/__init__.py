"""The table a match is played at, built from components (``scene.TableScene`` and one module per concern:
``seating``, ``curtain``, ``pointer``, ``choices``, ``coach``, ``tooltips``, ``hud``). The components import no
game and no other component (``tools/layout_report.py --check``)."""

from arcade.client.table.choices import SeatMenu
from arcade.client.table.scene import TableScene, leave_to_title, level_word, table_for

__all__ = ["TableScene", "SeatMenu", "table_for", "level_word", "leave_to_title"]
