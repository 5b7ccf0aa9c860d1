"""Toy race's table: the game's only pygame code."""

import pygame

from arcade.client.render.fonts import draw_text
from arcade.client.render.widgets import GOLD, W
from arcade.client.table import TableScene

__all__ = ["Table"]


class Table(TableScene):
    def draw_table(self, surf: pygame.Surface, views, alpha: float) -> None:
        view = views.public  # a race with nothing hidden: the public view says it all
        draw_text(surf, f"{view.count} / {view.goal}", (W // 2 - 200, 300), 96, GOLD, bold=True, anchor="center")
