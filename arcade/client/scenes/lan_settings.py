"""LAN settings: player name, LAN broadcast address, host game port."""

from __future__ import annotations

from netplay.discovery import DISCOVERY_PORT

from arcade.core.i18n import N_, _
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, wrap
from arcade.client.render.widgets import DIM, W, banner, draw_toast, felt, hint_bar, panel
from arcade.client.scenes import Scene
from arcade.client.scenes.textfield import TextField, pad_devices
from arcade.client.scenes.lan_common import _row, row_bands

__all__ = ["LanSettingsScene"]


class LanSettingsScene(Scene):
    """Player name, LAN broadcast address, host game port (saved with the other settings)."""

    still = True
    name = "lan_settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.fields = [(N_("Your name"), TextField(s.lan_name, "name", 24)),
                       (N_("LAN broadcast address"), TextField(s.lan_broadcast, "ip", 15)),
                       (N_("Game port (UDP) when hosting"), TextField(str(s.lan_port), "port", 5))]
        self.sel = 0
        self.error = ""

    def update(self) -> None:
        inp = self.app.input
        rows = len(self.fields) + 1
        bands = row_bands(190, 60, rows, W // 2 - 420, W // 2 + 420)
        f = self.fields[self.sel][1] if self.sel < len(self.fields) else None
        for _label, g in self.fields:
            g.editing = g is f  # the selected field has focus: keys type in it at once
        if f is not None and inp.clicked(bands) in (None, self.sel):
            nav = f.type_keys(inp.key_events, inp.key_chars)
            pads = pad_devices(inp)
            if nav == "escape" or inp.pressed("B", pads) or inp.right_click:
                self.app.pop()
            elif nav == "up" or inp.menu("UP", pads):
                self.sel = (self.sel - 1) % rows
            elif nav in ("down", "tab", "enter") or inp.menu("DOWN", pads) or inp.pressed("A", pads):
                self.sel = (self.sel + 1) % rows
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        if inp.menu("UP"):
            self.sel = (self.sel - 1) % rows
        if inp.menu("DOWN"):
            self.sel = (self.sel + 1) % rows
        self.sel, clicked = inp.pointed(bands, self.sel)
        if self.sel == len(self.fields) and (inp.pressed("A") or clicked):
            self.save()

    def save(self) -> None:
        name, bcast, port = (f.value.strip() for _, f in self.fields)
        parts = bcast.split(".")
        if bcast and (len(parts) != 4 or not all(p.isdigit() and 0 <= int(p) <= 255 for p in parts)):
            self.error = _("The broadcast address is empty (every network of this machine) or four numbers 0-255 "
                           "with dots, e.g. 192.168.1.255.")
            return
        if not port.isdigit() or not 1024 <= int(port) <= 65535:
            self.error = _("The game port is a number from 1024 to 65535.")
            return
        s = self.app.settings
        s.lan_name, s.lan_broadcast, s.lan_port = name or "Player", bcast, int(port)
        s.lan_name_asked = True
        self.app.save_settings()
        self.app.pop()

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _("LAN settings"), _("Saved with your settings"), y=60)
        panel(surf, (W // 2 - 420, 150, 840, 60 * (len(self.fields) + 1) + 30), 170)
        for i, (label, f) in enumerate(self.fields):
            empty = _("every network (automatic)") if f.kind == "ip" else " "
            value = f.shown(self.ticks) if f.value or not empty.strip() else (
                f.shown(self.ticks)[:1] + " " if f.editing else "") + empty  # what empty means, after the cursor
            _row(surf, 190 + 60 * i, _(label), value, i == self.sel, W // 2 - 420,
                 W // 2 + 420, arrows=False)
        _row(surf, 190 + 60 * len(self.fields), _("Save and back"), "", self.sel == len(self.fields),
             W // 2 - 420, W // 2 + 420)
        notes = [ln for note in (_("Broadcast address: leave it empty to find and announce matches on every network "
                                   "of this machine; 127.255.255.255 keeps everything on this machine."),
                                 _("To host, open the game port and the discovery port {port} (UDP) in your "
                                   "firewall.").format(port=DISCOVERY_PORT)) for ln in wrap(note, 18, 880)]
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (W // 2, 460 + fonts.pitch(18, 24) * k), 18, DIM, anchor="center")
        draw_toast(surf, self.error, 580)
        hint_bar(surf, [_("type"), _("↑/↓ or Enter: next row"), _("Esc back")] if self.sel < len(self.fields)
                 else [_("↑/↓ choose"), _("Enter/E: save"), _("Esc back")])
