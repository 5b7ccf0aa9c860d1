"""Key bindings: rebind each zone's logical buttons, and what makes a key unfit."""

from __future__ import annotations

import pygame

from arcade.client.input import BUTTONS, DEFAULT_BINDINGS, ZONE_TITLES, ZONES, key_label, zone_title
from arcade.core.i18n import N_, _
from arcade.client.render.fonts import draw_text, size_to_fit
from arcade.client.render.widgets import DIM, GOLD, H, W, WHITE, banner, draw_toast, felt, hint_bar, menu_spacing, panel
from arcade.client.scenes import Scene
from arcade.client.scenes.common import menu_step

__all__ = ["binding_problem", "BindingsScene"]


LOCK_KEYS = ("numlock", "caps lock", "scroll lock")


def binding_problem(bindings: dict, zone: str, button: str, key: str, inp=None) -> str | None:
    """Why the key position ``key`` (a binding name, ``arcade.client.input.position_of``) may not be bound to
    ``button`` of ``zone`` (None if it may): Escape is always pause, lock keys change state when pressed, and one key
    cannot belong to two players' zones. ``inp`` (the ``InputMap``): keys and zones named as the player's keyboard
    shows them ("Z" on AZERTY)."""
    label = inp.key_label if inp is not None else key_label
    if key == "escape":
        return _("Esc is always pause: choose another key")
    if key in LOCK_KEYS:
        return _("{key} locks the keyboard: choose another key").format(key=label(key))
    for other, buttons in bindings.items():
        if other == zone:
            continue
        for b, keys in buttons.items():
            if key in keys:
                return _("{key} is already the {zone} zone's {button} key").format(
                    key=label(key), zone=zone_title(inp, other) if inp is not None else _(ZONE_TITLES[other]),
                    button=_(BUTTON_NAMES[b]))
    return None


BUTTON_NAMES = {"UP": N_("Up"), "DOWN": N_("Down"), "LEFT": N_("Left"), "RIGHT": N_("Right"), "A": N_("Select / lay"),
                "B": N_("Back / peek"), "START": N_("Pause")}
"""A logical button as the key bindings name it (translated when shown)."""


class BindingsScene(Scene):
    """Rebind each zone's logical buttons: select a row, press A, then press the new key. A key already used by
    another zone, a lock key or Esc is refused with the reason; the last row restores the default keys. Keys are
    bound by position (the pressed key's scancode) and shown with the letter of the player's layout."""

    still = True
    name = "bindings"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.zone = 0
        self.sel = 0
        self.waiting = False
        self.message = ""

    @property
    def rows(self) -> int:
        return len(BUTTONS) + 1  # the buttons, then "Restore default keys"

    def update(self) -> None:
        inp = self.app.input
        zone = ZONES[self.zone]
        if self.waiting:
            keys = [p for k, p in zip(inp.key_events, inp.key_positions) if k != pygame.K_ESCAPE]
            if inp.escape_pressed:
                self.waiting = False
            elif keys:
                name = keys[0]
                problem = binding_problem(inp.bindings, zone, BUTTONS[self.sel], name, inp)
                self.waiting = False
                if problem:
                    self.message = problem
                    self.app.audio.play("back")
                    return
                b = dict(inp.bindings)
                b[zone] = dict(b[zone])
                b[zone][BUTTONS[self.sel]] = [name]
                inp.set_bindings(b)
                self.message = ""
                self.app.audio.play("select")
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        self.sel = menu_step(inp, self.sel, self.rows)
        zone_click = inp.clicked(self.ZONE_ARROWS)
        if inp.menu("LEFT") or zone_click == 0:
            self.zone = (self.zone - 1) % len(ZONES)
        if inp.menu("RIGHT") or zone_click == 1:
            self.zone = (self.zone + 1) % len(ZONES)
        step = self.step()
        self.sel, clicked = inp.pointed(
            [pygame.Rect(W // 2 - 310, 175 + i * step - step // 2, 620, step) for i in range(self.rows)], self.sel)
        if inp.pressed("A") or clicked:
            if self.sel == len(BUTTONS):
                b = dict(inp.bindings)
                b[zone] = {k: list(v) for k, v in DEFAULT_BINDINGS[zone].items()}
                inp.set_bindings(b)
                self.message = _("{zone} keys restored").format(zone=zone_title(inp, zone))
                self.app.audio.play("select")
            else:
                self.waiting = True
                self.message = ""

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        zone = ZONES[self.zone]
        banner(surf, _("Key bindings"), _("◀ {zone} zone ▶").format(zone=zone_title(self.app.input, zone)), y=60)
        step = self.step()
        panel(surf, (W // 2 - 320, 140, 640, step * self.rows + 24), 170)
        for i in range(self.rows):
            y = 175 + i * step
            sel = i == self.sel
            if sel:  # the selected row's plate: 40 px high at 100 %, around the taller text at a larger size
                panel(surf, (W // 2 - 310, y - (step - 6) // 2, 620, step - 6), 140, (60, 45, 10), GOLD, 10)
            col = GOLD if sel else WHITE
            if i == len(BUTTONS):
                draw_text(surf, _("Restore default keys"), (W // 2, y), 22, col, bold=sel, anchor="center")
                continue
            b = BUTTONS[i]
            keys = ", ".join(self.app.input.key_label(k) for k in self.app.input.bindings[zone][b])
            if sel and self.waiting:
                keys = _("press a key…")
            draw_text(surf, _(BUTTON_NAMES[b]), (W // 2 - 290, y), 22, col, bold=sel, anchor="midleft")
            draw_text(surf, keys, (W // 2 + 290, y), 22, col, bold=sel, anchor="midright")
        if self.message:
            draw_toast(surf, self.message, 140 + step * self.rows + 60)
        note = _("A key is kept by its place on the keyboard, and named as your keyboard prints it.")
        draw_text(surf, note, (W // 2, H - 70), size_to_fit(note, W - 80, 18), DIM, anchor="center")
        hint_bar(surf, [_("←/→ or click ◀ ▶ zone"), _("↑/↓ button"), _("Enter/E or click: rebind"),
                        _("Esc back (Esc is always pause)")])

    @staticmethod
    def step() -> int:
        """Px from one row to the next: 46 at 100 %, the 22 px bold line and its plate's margins at a larger text
        size (``widgets.menu_spacing``)."""
        return menu_spacing(22, 46)

    ZONE_ARROWS = (pygame.Rect(W // 2 - 200, 92, 200, 36), pygame.Rect(W // 2, 92, 200, 36))  # ◀ / ▶ of the zone
