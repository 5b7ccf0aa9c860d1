"""The name the other players see, asked the first time a player goes to play with other machines."""

from __future__ import annotations

import pygame

from arcade.core.i18n import _
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, font, size_to_fit, wrap
from arcade.client.render.widgets import GOLD, W, WHITE, banner, felt, hint_bar, panel
from arcade.client.scenes import Scene
from arcade.client.scenes.textfield import TextField

__all__ = ["LanNameScene"]


class LanNameScene(Scene):
    """The first time a player goes to play with other machines: the name the other players will see, prefilled with
    the one this computer knows them by (two machines logged in as the same user would both show "root"). Enter
    keeps it (saved with the settings) and goes on to ``then``; Esc goes back to the menu, asking again next time."""

    still = True
    name = "lan_name"

    def __init__(self, app, then) -> None:
        super().__init__(app)
        self.then = then
        self.field = TextField(app.settings.lan_name, "name", 24)
        self.field.start()

    def update(self) -> None:
        inp = self.app.input
        if self.field.editing:
            done = self.field.feed(inp.key_events, inp.key_chars)
            if done == "cancel" or (done is None and inp.right_click):
                self.app.pop()
            elif done == "done" or (done is None and inp.click() is not None):  # Enter, or a click (mouse only)
                self.confirm()
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        if inp.pressed("A") or inp.pressed("START") or inp.click() is not None:
            self.confirm()

    def confirm(self) -> None:
        s = self.app.settings
        s.lan_name = self.field.value.strip()[:24] or s.lan_name
        s.lan_name_asked = True
        self.app.save_settings()
        self.app.pop()
        self.app.push(self.then(self.app))

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _("Your name"), "", y=110)
        box = pygame.Rect(W // 2 - 500, 250, 1000, 190)
        lines = wrap(_("The other players see you under this name. Type it, or keep the one this computer knows "
                       "you by; you can change it later in LAN settings."), 20, box.width - 60)
        if fonts.text_scale() > 100:  # room for the taller lines and name
            box.height = max(190, 34 + fonts.pitch(20, 26) * len(lines) + font(36, True).get_height() + 30)
        panel(surf, box, 200)
        for k, ln in enumerate(lines):
            draw_text(surf, ln, (W // 2, box.y + 34 + fonts.pitch(20, 26) * k), 20, WHITE, anchor="center")
        value = self.field.shown(self.ticks) if self.field.editing else self.field.value
        draw_text(surf, value, (W // 2, box.bottom - 50), size_to_fit(value, box.width - 60, 36, bold=True), GOLD,
                  bold=True, anchor="center")
        hint_bar(surf, [_("type your name"), _("Enter or click: OK"), _("Esc or right-click: back")])
