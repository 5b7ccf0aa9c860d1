"""The title screen: the games, Learn to play, replays, settings, rules, quit."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from arcade.games import REGISTRY, definition_of
from arcade.core.i18n import N_, _, on_change
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, font, size_to_fit, wrap
from arcade.client.render.widgets import GOLD, W, WHITE, draw_menu, draw_toast, felt, hint_bar, menu_rects
from arcade.client.scenes import Scene
from arcade.client.scenes.learn import LearnScene
from arcade.client.scenes.rules import RulesScene
from arcade.client.scenes.setup import SeatSetupScene
from arcade.client.scenes.settings import SettingsScene
from arcade.client.scenes.common import card_art_of, menu_hints, menu_step

__all__ = ["TitleScene"]


@lru_cache(maxsize=16)
def title_card(gid: str) -> pygame.Surface | None:
    """The game's title-screen card (``GameSpec.title_card`` drawn by its card art) at 150 px high, or None."""
    art = card_art_of(gid)
    img = art(definition_of(gid).spec.title_card) if art else None
    if img is None:
        return None
    return pygame.transform.smoothscale(img, (round(img.get_width() * 150 / img.get_height()), 150))


on_change(lambda _code: title_card.cache_clear())  # a card may carry words: drawn again in the new language


class TitleScene(Scene):
    name = "title"
    music = "title"

    def in_motion(self) -> bool:
        return bool(self.app.notice)  # only a notice fades; the menu changes with input

    NOTICE_TICKS = 300  # a notice shows 5 s (fading over the last second), then goes

    def __init__(self, app) -> None:
        super().__init__(app)
        self.sel = 0
        self.idle = 0
        self.resumable = None
        self.notice_seen = ""
        self.notice_tick = 0
        self.build_items()

    def build_items(self) -> None:
        from arcade.core.replay import find_resumable

        try:
            self.resumable = find_resumable(self.app.data_dir)
        except OSError:
            self.resumable = None
        self.items: list[tuple[str, Any]] = []  # (English label, what): translated when drawn (``label``)
        if self.resumable is not None:
            self.items.append((N_("Resume {game}"), "resume"))
        self.items += [(g, g) for g in REGISTRY]
        self.items += [(N_("Learn to play"), "learn"), (N_("LAN"), "lan"), (N_("Play online"), "online"),
                       (N_("Replays"), "replays"),
                       (N_("Settings"), "settings"), (N_("How to play"), "rules"), (N_("Quit"), "quit")]
        self.sel = min(self.sel, len(self.items) - 1)

    def enter(self) -> None:
        self.idle = 0
        self.build_items()

    def update(self) -> None:
        inp = self.app.input
        if self.app.notice != self.notice_seen:
            self.notice_seen, self.notice_tick = self.app.notice, self.ticks
        elif self.app.notice and self.ticks - self.notice_tick >= self.NOTICE_TICKS:
            self.app.notice = self.notice_seen = ""
        if inp.any_pressed:
            self.idle = 0
        else:
            self.idle += 1
        if self.idle >= self.app.settings.attract_idle_seconds * 60 and not self.app.opts.frames == -1:
            self.app.open("attract")
            return
        self.sel = menu_step(inp, self.sel, len(self.items), self.app.audio)
        if inp.escape_pressed:
            self.sel = len(self.items) - 1
        self.sel, clicked = inp.pointed(self.item_rects(), self.sel)
        if inp.pressed("A") or inp.pressed("START") or clicked:
            self.app.audio.play("select")
            what = self.items[self.sel][1]
            if what == "quit":
                self.app.quit(0)
            elif what == "resume":
                from arcade.client.play import resume_match

                resume_match(self.app, self.resumable)
            elif what == "replays":
                self.app.open("replays")
            elif what in ("lan", "online"):
                self.app.open(what)
            elif what == "settings":
                self.app.push(SettingsScene(self.app))
            elif what == "rules":
                self.app.push(RulesScene(self.app, None))
            elif what == "learn":
                self.app.push(LearnScene(self.app))
            else:
                self.app.push(SeatSetupScene(self.app, what))

    MENU_WIDTH = 680  # px: the widest item, left of the card fan

    MENU_TOP, MENU_BOTTOM = 150, 676  # px: the room for the menu at a larger text size (title line to hint bar)

    def menu_place(self) -> tuple[tuple[int, int], int]:
        """The menu's centre and spacing (px); at a larger text size the items take the room down to the hint bar."""
        spacing = min(50, 470 // len(self.items))
        if fonts.text_scale() > 100:
            spacing = (self.MENU_BOTTOM - self.MENU_TOP) // len(self.items)
            return (370, self.MENU_TOP + spacing // 2 + (len(self.items) - 1) * spacing // 2), spacing
        return (370, 160 + (len(self.items) * spacing) // 2 + 6), spacing

    def menu_size(self, labels: list[str], spacing: int) -> int:
        """The items' font size (px as laid out at 100 %): as large as the width and, at a larger text size, the
        ``spacing`` allow (the text and its plate: height + 12 px)."""
        size = size_to_fit(labels, self.MENU_WIDTH, min(28, spacing * 60 // 100), bold=True)
        while size > 12 and font(size, True).get_height() + 12 > spacing and fonts.text_scale() > 100:
            size -= 1
        return size

    def item_rects(self) -> list[pygame.Rect]:
        center, spacing = self.menu_place()
        labels = [self.label(label, what) for label, what in self.items]
        return menu_rects(len(self.items), center, spacing, 520, size=self.menu_size(labels, spacing))

    def label(self, label: str, what: str) -> str:
        """A menu item as shown, in the current language."""
        if what in REGISTRY:
            return f"{_(definition_of(what).spec.name)}  ·  {definition_of(what).spec.player_range()}"
        if what == "resume":
            return _(label).format(game=_(definition_of(self.resumable.game).spec.name))
        return _(label)

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        draw_text(surf, _("GRISBI ARCADE"), (W // 2, 70), 64, GOLD, bold=True, anchor="center", shadow=True)
        sub_y = 118 if fonts.text_scale() == 100 else 70 + (font(64, True).get_ascent() + font(22).get_height()) // 2
        draw_text(surf, _("card games of cops, robbers and outlaws"), (W // 2, sub_y), 22, WHITE, anchor="center")
        labels = [self.label(label, what) for label, what in self.items]
        center, spacing = self.menu_place()
        draw_menu(surf, labels, self.sel, center, size=self.menu_size(labels, spacing), spacing=spacing)
        self.draw_card_fan(surf)
        age = self.ticks - self.notice_tick
        if self.app.notice and age < self.NOTICE_TICKS:
            fade = min(255, (self.NOTICE_TICKS - age) * 255 // 60)
            draw_toast(surf, self.app.notice, 644, alpha=fade, x=930, width=600)
        hint_bar(surf, menu_hints(self.app)[:2] + [_("Esc on title: Quit")])

    def draw_card_fan(self, surf) -> None:
        """The five games' own cards in a fan on the right; the chosen game's card rises, with its tagline."""
        games = [g for g in REGISTRY if definition_of(g).spec.title_card and definition_of(g).load_card_art]
        what = self.items[self.sel][1]
        cx, cy = 930, 400
        for k, g in enumerate(games):
            img = title_card(g)
            if img is None:
                continue
            angle = (len(games) - 1) / 2 * 9 - k * 9
            lift = 46 if g == what else 0
            rot = pygame.transform.rotozoom(img, angle, 1.0)
            r = rot.get_rect(center=(cx + (k - (len(games) - 1) / 2) * 92, cy - lift + abs(angle) * 2))
            surf.blit(rot, r)
        if what in REGISTRY:
            spec = definition_of(what).spec
            draw_text(surf, _(spec.name), (cx, 552), 30, GOLD, bold=True, anchor="center", shadow=True)
            pitch = fonts.line_height(19)
            for k, line in enumerate(wrap(_(spec.tagline), 19, 540)[:2]):
                draw_text(surf, line, (cx, 588 + 24 * k + (pitch - 24) * (k + 1) // 2), 19, WHITE, anchor="center")
