"""Attract mode: bots play the registered games in rotation, like an arcade cabinet's demo.

Each game runs with bots at every seat until it ends (then a few seconds of its final table) or for at most
``MAX_TICKS``; the game's name and a blinking "PRESS ANY KEY" sit on top. Any key or button returns to the title at once.
The pictures of the table it leaves are let go (``arcade.client.render.memo.release``): hours of demo hold the
pictures of one table at a time, and memory stays flat (``tools/soak.py``).
"""

from __future__ import annotations

import pygame

from arcade.games import REGISTRY, definition_of
from arcade.core.i18n import _
from arcade.core.match import Match, SeatSpec
from arcade.client.render.fonts import draw_text, size_to_fit
from arcade.client.render.memo import release
from arcade.client.render.widgets import GOLD, H, W, WHITE, panel
from arcade.client.scenes import Scene
from arcade.client.scenes.router import table as table_for
from arcade.client.thinking import in_background

__all__ = ["AttractScene"]

MAX_TICKS = 60 * 90
HOLD_TICKS = 60 * 4


class AttractScene(Scene):
    name = "attract"
    music = "title"

    def __init__(self, app, start_index: int = 0, seed: int = 1) -> None:
        super().__init__(app)
        self.games = list(REGISTRY)
        self.index = start_index % max(1, len(self.games))
        self.seed = seed
        self.table = None
        self.game_ticks = 0
        self.over_ticks = 0
        self._start()

    def _start(self) -> None:
        gid = self.games[self.index]
        n = definition_of(gid).spec.demo_players
        levels = ("hard", "normal", "easy", "hard", "normal", "hard", "easy", "normal")
        seats = [SeatSpec("bot", level=levels[i % len(levels)]) for i in range(n)]
        match = Match(gid, seats, self.seed * 1000 + self.index, bot_think_ticks=30, bot_ahead=in_background)
        self.table = table_for(gid)(self.app, match, demo=True)
        self.game_ticks = 0
        self.over_ticks = 0

    def next_game(self) -> None:
        left = self.games[self.index]
        self.index = (self.index + 1) % len(self.games)
        self.seed += 1
        self.table = None
        if self.games[self.index] != left:  # its pictures are built again when it comes round (memory stays flat)
            release(f"arcade.games.{left}.table", "arcade.client.render.cards")
        self._start()

    def update(self) -> None:
        if self.app.input.any_pressed:
            self.app.pop()
            return
        self.table.ticks += 1
        self.table.update()
        self.game_ticks += 1
        if self.table.match.is_over():
            self.over_ticks += 1
        if self.over_ticks >= HOLD_TICKS or self.game_ticks >= MAX_TICKS:
            self.next_game()

    def draw(self, surf: pygame.Surface, alpha: float) -> None:
        self.table.draw(surf, alpha)
        gid = self.games[self.index]
        panel(surf, (W // 2 - 260, H - 92, 520, 78), 200, border=GOLD)
        title = _("DEMO · {game}").format(game=_(definition_of(gid).spec.name))
        draw_text(surf, title, (W // 2, H - 70), size_to_fit(title, 500, 26, bold=True), GOLD, bold=True,
                  anchor="center")
        if (self.ticks // 30) % 2 == 0:
            press = _("PRESS ANY KEY")
            draw_text(surf, press, (W // 2, H - 36), size_to_fit(press, 500, 26, bold=True), WHITE, bold=True,
                      anchor="center")
