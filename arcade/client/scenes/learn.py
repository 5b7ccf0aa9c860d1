"""Learn to play: choose a game, then play its tutorial."""

from __future__ import annotations

from arcade.games import REGISTRY, definition_of
from arcade.core.i18n import _
from arcade.client.render.widgets import W, banner, draw_menu, felt, hint_bar, menu_rects
from arcade.client.play import start_tutorial
from arcade.client.scenes import Scene
from arcade.client.scenes.common import backed, menu_step

__all__ = ["LearnScene"]


class LearnScene(Scene):
    """"Learn to play": choose a game, then play its tutorial (a short seeded match against slow bots with a coach
    explaining each step); Esc leaves it at any time."""

    still = True
    name = "learn"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.games = [g for g in REGISTRY if definition_of(g).tutorial]
        self.sel = 0

    def update(self) -> None:
        inp = self.app.input
        if backed(inp):
            self.app.pop()
            return
        self.sel = menu_step(inp, self.sel, len(self.games))
        self.sel, clicked = inp.pointed(menu_rects(len(self.games), (W // 2, 380)), self.sel)
        if inp.pressed("A") or inp.pressed("START") or clicked:
            start_tutorial(self.app, self.games[self.sel])

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _("Learn to play"), _("A short match against slow bots, with a coach"), y=70)
        draw_menu(surf, [_(definition_of(g).spec.name) for g in self.games], self.sel, (W // 2, 380))
        hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: start"), _("Esc back (also leaves a tutorial)")])
