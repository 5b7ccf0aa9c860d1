"""How to play a game: its rules page (or a chooser of the games)."""

from __future__ import annotations

import pygame

from arcade.games import REGISTRY, definition_of
from arcade.core.i18n import _
from arcade.client.render.fonts import draw_text, size_to_fit
from arcade.client.render.markdown import render_page
from arcade.client.render.widgets import GOLD, H, W, banner, draw_menu, felt, hint_bar, menu_rects, panel
from arcade.client.scenes import Scene
from arcade.client.scenes.common import backed, card_art_of, menu_step

__all__ = ["RulesScene"]


def rules_page_text(gid: str) -> str:
    """The player's rules page of a game (``GameDefinition.rules_text``). Raises OSError if it cannot be read."""
    return definition_of(gid).rules_text()


class RulesScene(Scene):
    """How to play one game (or a chooser when ``game_id`` is None): the game's player page (``GameSpec.rules_page``,
    Markdown) drawn by ``render.markdown`` with the game's own card pictures; ↑/↓ (and the wheel) scroll, ←/→ and
    PgUp/PgDn a page, Home/End the top and the bottom, a scrollbar shows where you are."""

    still = True
    name = "rules"
    VIEW = pygame.Rect(70, 92, W - 160, H - 92 - 64)  # where the page shows (px)

    def __init__(self, app, game_id: str | None, keep_alive=None) -> None:
        super().__init__(app)
        self.gid = game_id
        self.keep_alive = keep_alive  # called every tick (a LAN match goes on while its rules are read)
        self.sel = 0
        self.scroll = 0
        self.page: pygame.Surface | None = None
        if game_id:
            try:
                text = rules_page_text(game_id)
            except OSError:
                text = _("The rules page of this game is missing from the installation.")
            self.page = render_page(text, self.VIEW.width - 30, card_art_of(game_id))

    @property
    def max_scroll(self) -> int:
        return max(0, self.page.get_height() - self.VIEW.height) if self.page is not None else 0

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def update(self) -> None:
        inp = self.app.input
        if self.keep_alive is not None:
            self.keep_alive()
        if backed(inp):
            self.app.pop()
            return
        if self.gid is None:
            games = list(REGISTRY)
            self.sel = menu_step(inp, self.sel, len(games))
            self.sel, clicked = inp.pointed(menu_rects(len(games), (W // 2, 380)), self.sel)
            if inp.pressed("A") or clicked:
                self.app.push(RulesScene(self.app, games[self.sel]))
            return
        if inp.menu("DOWN"):
            self.scroll_by(48)
        if inp.menu("UP"):
            self.scroll_by(-48)
        if inp.menu("RIGHT"):
            self.scroll_by(self.VIEW.height - 60)
        if inp.menu("LEFT"):
            self.scroll_by(-(self.VIEW.height - 60))
        for key in inp.key_events:  # the keyboard's own page keys, whatever zone the keys are bound to
            if key == pygame.K_PAGEDOWN:
                self.scroll_by(self.VIEW.height - 60)
            elif key == pygame.K_PAGEUP:
                self.scroll_by(-(self.VIEW.height - 60))
            elif key == pygame.K_HOME:
                self.scroll = 0
            elif key == pygame.K_END:
                self.scroll = self.max_scroll
        wheel = getattr(inp, "wheel", 0)
        if wheel:
            self.scroll_by(-60 * wheel)

    def draw(self, surf, alpha) -> None:
        surf.blit(felt((20, 60, 50)), (0, 0))
        if self.gid is None:
            banner(surf, _("How to play"), _("Choose a game"), y=70)
            games = list(REGISTRY)
            draw_menu(surf, [_(definition_of(g).spec.name) for g in games], self.sel, (W // 2, 380))
            hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: read"), _("Esc or right-click: back")])
            return
        title = _("How to play {game}").format(game=_(definition_of(self.gid).spec.name))
        draw_text(surf, title, (W // 2, 46), size_to_fit(title, W - 80, 34, bold=True), GOLD, bold=True,
                  anchor="center", shadow=True)
        v = self.VIEW
        panel(surf, v.inflate(24, 16), 210)
        surf.blit(self.page, v.topleft, pygame.Rect(0, self.scroll, v.width - 30, v.height))
        if self.max_scroll:
            track = pygame.Rect(v.right - 12, v.y, 8, v.height)
            pygame.draw.rect(surf, (60, 60, 60), track, border_radius=4)
            h = max(30, v.height * v.height // self.page.get_height())
            y = v.y + (v.height - h) * self.scroll // self.max_scroll
            pygame.draw.rect(surf, GOLD, (track.x, y, track.width, h), border_radius=4)
        at_end = self.scroll >= self.max_scroll
        scroll = _("↑/↓ or wheel scroll") if at_end else _("↑/↓ or wheel scroll · more below")
        hint_bar(surf, [scroll, _("←/→ or PgUp/PgDn: a page"), _("Home/End: top/bottom"),
                        _("Esc or right-click: back")], rows=2)  # every key said, on two rows if it must
